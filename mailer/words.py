"""Russian words the host reads for the tool's own states and kinds (letter states, outgoing
letter kinds and states, problem kinds)."""

#: Kind of an outgoing letter.
KIND_RU = {"role": "роль", "reply": "ответ", "unknown_sender": "чужой адрес", "result": "итоги",
           "event": "событие", "fear": "Страх", "reminder": "напоминание"}

#: Kind of a problem in a letter (SCENARIOS.md ``problems[].kind``).
PROBLEM_RU = {"unknown_name": "нет такого игрока", "ambiguous": "неясно, кто",
              "not_your_role": "не ход этой роли", "not_allowed": "запрещено правилами",
              "unparsed": "не понято", "late": "опоздало"}

#: State of a received letter.
STATE_RU = {
    "applied": "ходы приняты", "late": "опоздали", "after_close": "пришли после итогов дня",
    "unknown_sender": "неизвестный адрес",
    "held": "задержаны для ведущего", "auto_reply": "автоответы", "duplicate": "повторы",
    "unreadable": "нечитаемые", "no_moves": "без ходов", "skipped": "слишком большие",
    "host": "от ведущего", "pending": "ждут обработки",
}

#: State of an outgoing letter.
OUT_STATE_RU = {"queued": "в очереди", "sending": "отправляется", "sent": "отправлено",
                "uncertain": "неясно, ушло ли", "failed": "отказ сервера"}
