"""Russian words the host reads for the tool's own states and kinds (letter states, outgoing
letter kinds and states, problem kinds)."""

from typing import Any

from engine.model import ASKED_KINDS, Problem, ProblemKind
from engine.reasons import REASONS, phrase

from .letter_state import LetterState

#: Kind of an outgoing letter.
KIND_RU = {"role": "роль", "reply": "ответ", "unknown_sender": "чужой адрес", "result": "итоги",
           "event": "событие", "fear": "Страх", "reminder": "напоминание",
           "host_notice": "ведущему", "final": "конец игры", "deadline": "новый срок",
           "host": "от ведущего", "reopen": "день снова открыт"}

#: Kind of a problem in a letter (SCENARIOS.md ``problems[].kind``), in Russian.
PROBLEM_RU = {kind.value: kind.ru for kind in ProblemKind}

#: Problem kinds whose ``reason`` is a rule that refused a move the letter asked for.
REFUSED_KINDS = frozenset({ProblemKind.NOT_ALLOWED.value, ProblemKind.NOT_YOUR_ROLE.value})


def stored_problem(problem: Problem) -> dict[str, Any]:
    """A letter's problem as the database keeps it: its JSON (text, kind, candidates), the
    reply's sentence (``message``), when it has one, its ``reason`` word and, for a name the
    reply asks about (:data:`engine.model.ASKED_KINDS`), the asked move's ``action`` (the
    player's answer makes it: :mod:`mailer.answered`) and, for a vote of a two-vote day, the
    players of the letter's vote it joins (``kept``)."""
    asked = problem.kind in ASKED_KINDS and problem.action
    return problem.to_json() | {"message": problem.message} | ({"reason": problem.reason} if problem.reason else {}) \
        | ({"action": problem.action} if asked else {}) \
        | ({"kept": list(problem.kept)} if asked and problem.kept else {})


def refusal_label(problem: dict[str, Any]) -> str | None:
    """The rule that refused a stored problem's move, in the words ``explain`` and the result
    letters use (engine.reasons.REASONS: «цель уже выбыла из игры»); None when the problem is
    no refusal by a rule of that vocabulary (a name not understood, an old row without its
    reason)."""
    reason = problem.get("reason")
    if problem.get("kind") not in REFUSED_KINDS or not reason:
        return None
    if reason in REASONS:
        return phrase(reason, "refused")
    # a rule the parser applies to the letter itself («Линч: А, Б, В» on a two-vote day)
    return LETTER_RULES_RU.get(reason, PROBLEM_RU[problem["kind"]])


#: Refusals the parser makes of a letter's own wording, beyond the turn's vocabulary
#: (engine.reasons.REASONS), in the host's words (a reason not listed: its kind's words).
LETTER_RULES_RU = {
    "too_many_votes": "названо больше игроков, чем голосов",
    "too_many_targets": "названо больше целей, чем позволяет ход",
    "vote_on_behalf": "голосует каждый сам за себя",
    "search_after_found": "фанатка уже нашла того, кого искала",
    "fan_check_used": "своя проверка фанатки уже использована",
    "no_fan_check": "своей проверки у фанатки нет",
    "no_mortar": "миномёта у игрока нет",
    "abstain": "воздержаться на линче нельзя",
}


def problem_label(problem: dict[str, Any]) -> str:
    """The host's words for a stored problem (``inbox``, ``show``): the refusing rule when
    there is one (:func:`refusal_label`), else the kind's words («нет такого игрока»)."""
    kind = problem.get("kind", "")
    return refusal_label(problem) or PROBLEM_RU.get(kind, kind)


#: State of a received letter, in Russian (:class:`mailer.letter_state.LetterState`).
STATE_RU = {state.value: state.ru for state in LetterState}

#: What a host needs told of a state's count right after ``sync``: the letters left waiting
#: then came after the deadline and are read with the next day.
_AFTER_SYNC = {LetterState.PENDING.value: "пришли после срока приёма: войдут в следующий день"}


#: How ``sync`` counts a letter that only took back a vote («Снимаю голос.»): its state is
#: «ходы приняты» (its withdrawal counts at close-day), but it accepted no move.
UNVOTED = "unvoted"

#: The host's note on a letter that only took back a vote (:mod:`mailer.reading`), before the
#: vote it took back; and on one that found no vote to take back.
UNVOTE_NOTE = "голос снят: "
NOTHING_TO_UNVOTE_NOTE = "снимать нечего: "


def state_words(state: str, notes: list[str] | tuple[str, ...] = ()) -> str:
    """A letter's state as the host reads it for that one letter (``inbox``, ``show``, the
    ``watch`` log): the state's words (:data:`STATE_RU`), except for a letter that only took
    back a vote («Снимаю голос.»). Its state stays «applied», so close-day reads the
    withdrawal, but it accepted no move: it reads «голос снят», or «снимать нечего» when no
    vote of the day stood to take back (``notes``: the letter's notes, which say which)."""
    if state == LetterState.APPLIED:
        for note in notes:
            if note.startswith(UNVOTE_NOTE):
                return "голос снят"
            if note.startswith(NOTHING_TO_UNVOTE_NOTE):
                return "снимать нечего"
    return STATE_RU.get(state, state)


def synced_state(state: str, n: int, sep: str = ": ", players: int | None = None) -> str:
    """One state's count of letters as ``sync`` reports it: «письма с принятыми ходами: 24
    (от 22 игроков)» (``players``: how many players sent those letters; a player may send
    several), «ждут обработки: 1 (пришли после срока приёма: войдут в следующий день)»."""
    if state == LetterState.APPLIED:
        who = f" (от {count(players, 'игрока', 'игроков', 'игроков')})" if players is not None else ""
        return f"письма с принятыми ходами{sep}{n}{who}"
    if state == UNVOTED:
        return f"письма, снявшие голос{sep}{n}"
    note = _AFTER_SYNC.get(state)
    return f"{STATE_RU.get(state, state)}{sep}{n}" + (f" ({note})" if note else "")


def count(n: int, one: str, few: str, many: str) -> str:
    """``n`` with the Russian noun form it takes: count(1, "письмо", "письма", "писем") →
    «1 письмо», 3 → «3 письма», 24 → «24 письма», 74 → «74 письма», 11 → «11 писем»."""
    tail = n % 100
    if 11 <= tail <= 14:
        word = many
    elif n % 10 == 1:
        word = one
    elif 2 <= n % 10 <= 4:
        word = few
    else:
        word = many
    return f"{n} {word}"


def _plain(text: str) -> str:
    return " ".join(text.strip().strip("«»\"'").rstrip("!").lower().replace("ё", "е").split())


def code_for(text: str, names: dict[str, str]) -> str | None:
    """The code whose id or Russian name (``names``: code → name) the host typed, in any
    case, with or without «» and a final «!», ё as е («Выбери меня!», «опоздали», ``late``);
    None when nothing matches."""
    wanted = _plain(text)
    return next((code for code, name in names.items() if wanted in (code, _plain(name))), None)
