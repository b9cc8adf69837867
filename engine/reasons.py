"""The closed vocabulary of move outcomes' reasons (SCENARIOS.md ``moves[].reason``), each with
the Russian phrase used by ``explain`` and the letters.

Outcomes: ``done`` (carried out), ``failed`` (tried and failed, including an actor killed
during the night before the move's step: reason ``dead``), ``void`` (the actor was removed at
step 1 — lynched, autokilled, doomed — or the move was stolen, superseded or overruled),
``refused`` (a rule refuses it outright).
"""

from __future__ import annotations

#: reason → Russian phrase (completes «Ход …»).
REASONS: dict[str, str] = {
    "ok": "выполнен",
    # refused
    "late": "письмо пришло после окончания приёма ходов",
    "dead": "игрок выбыл из игры раньше, чем дошла очередь его хода",
    "not_your_role": "такой ход не положен роли игрока",
    "not_allowed": "правила запрещают этот ход",
    "same_target_twice": "нельзя выбирать одного и того же игрока два хода подряд",
    "hunt_with_check": "мирную охоту нельзя отправлять вместе с проверкой",
    "hunt_with_role_move": "мирную охоту нельзя совмещать с ролевым ходом",
    "target_dead": "цель уже выбыла из игры",
    "target_unknown": "цель не найдена среди игроков",
    "self_target": "нельзя выбрать себя",
    "already_found": "фанатка уже нашла того, кого искала",
    "appeal_not_allowed": "в «Апелёвку» можно голосовать только за тех, кто вчера голосовал за повешенного",
    "no_fear": "решение «Страха» может прислать только набравший больше всех голосов",
    # void
    # (the mover's own fate, said as his own blocks are: «убийство от клана → Бублик — не
    # состоялось: сам(а) повешен(а)» — «игрок повешен» read as if the target had been, s47)
    "superseded": "ход заменён более поздним письмом",
    "cancelled": "отменён игроком",
    "withdrawn": "голос снят игроком",
    "swindled": "ролевой ход украл Жулик",
    "overruled": "клан использовал приказ старшего по роли",
    "member_moved": "участник клана сам прислал этот ход",
    "delegated": "участник оставил ход на усмотрение босса, использован ход босса",
    "doomed": "сам(а) умирает после визита к Шизику",
    "lynched": "сам(а) повешен(а)",
    "autokilled": "сам(а) выбыл(а) по автокиллу",
    "lost_vote": "сам(а) лишён(а) голоса",
    "host_vote": "голос из письма заменён голосом с форума (пост в ветке или подсчёт ведущего)",
    # failed: actor blocked (the mover himself, not his target: «→ Бука — не удалось: сам(а)
    # в гостях у Стервы»)
    "robbed": "сам(а) обворован(а)",
    "beaten": "сам(а) избит(а)",
    "hosted": "сам(а) в гостях у Стервы",
    "at_psycho": "сам(а) в гостях у Шизика",
    # failed: target side
    "target_beaten": "цель избита, её не нашли",
    "target_away": "цели не было дома",
    "target_at_psycho": "цель у Шизика",
    "target_hosted": "цель в гостях у Стервы",
    "target_robbed": "цель обворована",
    "target_immune": "у цели иммунитет на линч",
    "healed": "цель вылечил врач",
    "guarded": "цель охранял охранник",
    "son_spared": "цель — внебрачный сын Босса, клан отменил убийство",
    "not_mafia": "охранять можно только мафию",
    "not_role_civilian": "цель не ролевой мирный",
    "no_branch": "для роли цели не было указано хода",
    "not_enough_shots": "за цель выстрелило слишком мало охотников",
    "son_shot": "выстрел сына не засчитывается",
    "no_attack": "на цель никто не покушался",
    "no_boss": "в клане нет босса",
}

#: Reasons that mean the actor himself was blocked (his move was not carried out at all).
ACTOR_BLOCKS: frozenset[str] = frozenset({"robbed", "beaten", "hosted", "at_psycho", "dead"})


#: Reasons whose phrase differs for a move refused before the turn (outcome ``refused``): a
#: letter from a player already out of the game is no move that «the turn did not reach».
REFUSED_REASONS: dict[str, str] = {"dead": "игрок уже выбыл из игры, его ходы не принимаются"}


def phrase(reason: str, outcome: str = "") -> str:
    """The Russian phrase of ``reason`` (the reason itself if it is not in the vocabulary);
    ``outcome`` (SCENARIOS.md ``moves[].outcome``) ``refused`` picks :data:`REFUSED_REASONS`."""
    if outcome == "refused" and reason in REFUSED_REASONS:
        return REFUSED_REASONS[reason]
    return REASONS.get(reason, reason)

#: Why a player got an autokill point for a day (engine.lynch.autokill_reasons), as
#: ``explain`` says it; ``{words}`` is house rule ``autokill_words`` (DECISIONS.md §7).
AUTOKILL_WHY_RU: dict[str, str] = {
    "no_vote": "день без голоса на линче", "few_words": "меньше {words} слов в ветке за день",
}

#: Move outcome → Russian, impersonal («убийство … — не удалось», «лечение … — выполнено»).
OUTCOMES_RU: dict[str, str] = {
    "done": "выполнено", "failed": "не удалось", "void": "не состоялось", "refused": "отклонено",
}

#: Action id → Russian name of the move.
ACTIONS_RU: dict[str, str] = {
    "rob": "кража", "guard": "охрана", "boss_check": "проверка босса",
    "clan_kill": "убийство от клана", "check": "проверка", "heal": "лечение",
    "invite": "приглашение", "search": "поиск", "beat": "избиение", "swindle": "жульничество",
    "watch": "слежка", "maniac_kill": "убийство маньяка", "hunt": "мирная охота",
    "vote": "голос на линче", "mortar": "выстрел из миномёта", "fear_choice": "выбор при «Страхе»",
    "partner": "выбор пары при «Выбери меня!»", "delegate": "ход на усмотрение босса",
    "on_behalf": "ход босса за участника клана",
}

#: A move's name where the role makes the action its own: the psycho invites his victim to
#: himself (DECISIONS.md §4 Psycho: «Invites a victim»; §3 ``at_psycho``, «у шизика»), so his
#: move is the invitation to the psycho, apart from the hostess's invitation to her home.
ROLE_ACTIONS_RU: dict[tuple[str, str], str] = {("psycho", "invite"): "приглашение к Шизику"}

#: A swindler's move made for his target's role (DECISIONS.md §4 Swindler: he carries out the
#: branch himself), where it reads otherwise than the role's own: the psycho's victim comes
#: to the swindler, so the stolen invitation is to himself, in the psycho's stead.
STOLEN_ACTIONS_RU: dict[tuple[str, str], str] = {("psycho", "invite"): "приглашение к себе вместо Шизика"}


def action_name(action: str, role: str | None = None, *, stolen: bool = False) -> str:
    """Russian name of ``action`` (lower case) made by ``role``: «приглашение к Шизику» for
    the psycho's invite, «приглашение» for the hostess's (:data:`ACTIONS_RU`); ``stolen``: the
    swindler makes it for ``role`` (:data:`STOLEN_ACTIONS_RU`, «приглашение к себе вместо Шизика»)."""
    if stolen and (role or "", action) in STOLEN_ACTIONS_RU:
        return STOLEN_ACTIONS_RU[(role or "", action)]
    return ROLE_ACTIONS_RU.get((role or "", action)) or ACTIONS_RU.get(action, action)


#: Status word → Russian.
STATUSES_RU: dict[str, str] = {
    "robbed": "обворован(а)", "beaten": "избит(а)", "hosted": "в гостях у Стервы",
    "at_psycho": "в гостях у Шизика", "doomed": "обречён(а) (Шизик)", "healed": "вылечен(а)",
    "guarded": "под охраной",
}

#: Info result word → Russian (role ids of the swindler's result: engine.roles.ROLE_NAMES_RU).
RESULTS_RU: dict[str, str] = {
    "mafia": "мафия", "civilian": "мирный", "role_civilian": "ролевой мирный",
    "plain_civilian": "неролевой мирный", "son": "внебрачный сын Босса",
    "mafia_clan1": "мафия, Клан 1", "mafia_clan2": "мафия, Клан 2", "found": "нашла",
    "not_found": "не нашла", "failed": "не удалось",
}

#: Death cause → Russian.
CAUSES_RU: dict[str, str] = {
    "lynch": "повешен(а)", "autokill": "выбыл(а) по автокиллу", "psycho": "умер(ла) после визита к Шизику",
    "clan1": "убит(а) Кланом 1", "clan2": "убит(а) Кланом 2", "maniac": "убит(а) Маньяком",
    "hunt": "убит(а) мирной охотой", "mortar": "убит(а) из миномёта",
    "explosion": "погиб(ла) при взрыве в доме, где был(а) в гостях",
}

#: The explosion's death of a guest by where he was (his status): the hostess is a woman, the
#: psycho a man, so their home is named by the role («в доме Стервы»), never «хозяина».
EXPLOSION_AT_RU: dict[str, str] = {
    "hosted": "погиб(ла) при взрыве в доме Стервы, у которой был(а) в гостях",
    "at_psycho": "погиб(ла) при взрыве в доме Шизика, у которого был(а) в гостях",
}

def agree(text: str, gender: str | None) -> str:
    """A phrase written for either gender («убит(а) Маньяком», «умер(ла)», «обречён(а)») in
    agreement with ``gender`` ("m": «убит», «умер», «обречён»; "f": «убита», «умерла»,
    «обречена»); with None as written."""
    if gender == "m":
        return text.replace("(ла)", "").replace("(а)", "")
    if gender == "f":
        return text.replace("ён(а)", "ена").replace("(ла)", "ла").replace("(а)", "а")
    return text


#: Event id → Russian name (DECISIONS.md §6).
EVENTS_RU: dict[str, str] = {
    "none": "без события", "fear": "Страх", "rage": "Ярость", "voice": "Голос",
    "choose_me": "Выбери меня!", "eclipse": "Солнечное затмение", "paradox": "Парадокс",
    "palms": "Пальмы цветут", "secret": "Тайна", "appeal": "Апелёвка",
    "full_moon": "Полнолуние", "holiday": "Праздник",
}

def event_named(event: str) -> str:
    """A day's event as the host's views name it beside the day: «событие «Ярость»»; "" for
    a day without an event (``none``), which they leave unsaid as the letters and the
    newspaper do (never «событие «без события»»)."""
    return "" if event == "none" else f"событие «{EVENTS_RU.get(event, event)}»"


def day_named(day: int, event: str) -> str:
    """A day with its event as the host's views head it: «День 2, событие «Ярость»», «День 1»
    for a day without an event (:func:`event_named`)."""
    return ", ".join(filter(None, (f"День {day}", event_named(event))))


#: Event id → what it changes for the players, one sentence for their letters (DECISIONS.md §6).
EVENT_RULES_RU: dict[str, str] = {
    "none": "",
    "fear": "тот, кто наберёт больше всех голосов, не умирает, а сам называет в письме, кого повесить вместо себя.",
    "rage": "у каждого два голоса, повешены двое, набравшие больше всех.",
    "voice": "у каждого два голоса, повешен один.",
    "choose_me": "у одного игрока по жребию иммунитет на линче; он может взять себе пару с иммунитетом.",
    "eclipse": "газета не раскроет роли повешенных и погибших за ночь, а следующая назовёт ушедшие роли без имён.",
    "paradox": "нарушившие отыгрыш роли лишаются голоса на этот день.",
    "palms": "кто пишет запретные слова (я, ты, он, она, они, мы, вы в любой форме — «меня», «его», "
             "«нам»…, а также да, не, нет), лишается голоса: его голос — против него самого.",
    "secret": "голоса только письмом ведущему; газета покажет лишь число голосов за каждого.",
    "appeal": "голосовать можно только за тех, кто вчера голосовал за повешенного.",
    "full_moon": "каждый клан может убить этой ночью до двух игроков.",
    "holiday": "одному мирному жителю по жребию дарится миномёт на эту ночь.",
}

#: Refusal reason → the reply's sentence, with ``{q}`` the letter's words in «», ``{t}`` the
#: target, ``{a}`` the move's Russian name (:data:`ACTIONS_RU`). One wording for the parser's
#: refusals and :func:`engine.legality.refusal_problem`'s (DECISIONS.md §4, §6).
REFUSALS_RU: dict[str, str] = {
    "dead": "Вы выбыли из игры, ходы не принимаются: {q}.",
    "not_your_role": "Ваша роль не может сделать этот ход ({a}): {q}.",
    "already_found": "Вы уже нашли детектива, искать больше не нужно: {q}.",
    "search_after_found": ("Вы уже нашли детектива, искать больше не нужно: {q} — это поиск, он не "
                           "принят. Ваша единственная своя проверка не потрачена: чтобы проверить "
                           "игрока на мафию, напишите «Проверяю <ник> на мафию» (в день проверки "
                           "мирную охоту отправить нельзя)."),
    "target_dead": "Игрок «{t}» уже выбыл из игры: ход на этого игрока не принят ({q}).",
    "target_unknown": "Не понял, кого вы имеете в виду в {q}: напишите, пожалуйста, ник.",
    "same_target_twice": "Нельзя выбирать одного и того же игрока («{t}») два хода подряд: {q}.",
    "self_target": "Приглашать самого себя нельзя: {q}.",
    "target_immune": ("У игрока {t} сегодня иммунитет («Выбери меня!»): голос за этого игрока не "
                      "засчитается. Голос {q} не принят, проголосуйте за другого игрока."),
    "hunt_with_check": ("Мирную охоту нельзя отправлять в один день с проверкой: охота {q} не "
                        "принята, проверка остаётся."),
    "hunt_with_role_move": ("Мирную охоту нельзя отправлять в один день с ролевым ходом: охота "
                            "{q} не принята, ролевой ход остаётся."),
    "too_many_targets": "В этом ходе ({a}) можно назвать только одного игрока: {q}.",
    "too_many_votes": "Названо больше игроков, чем у вас сегодня голосов: {q}. Напишите, за кого вы голосуете.",
    "conflicting": "В письме два разных хода одного вида ({a}); напишите, какой из них верный: {q}.",
    "abstain": ("Воздержаться на линче правилами нельзя: {q} — не голос. Без голоса за день "
                "начисляется штрафное очко (автокилл). Чтобы проголосовать, напишите ник."),
    "abstain_vote_stays": ("Воздержаться на линче правилами нельзя: {q} — не голос. Ваш голос из "
                           "прежнего письма остаётся в силе; чтобы его изменить, напишите новый ник."),
    "no_fan_check": ("Проверки у вас сейчас нет (её даёт найденный детектив), а поиск в письме "
                     "уже есть: {q} не принят."),
    "fan_check_used": ("Вы уже нашли того, кого искали, и свою проверку уже использовали: "
                       "новой проверки нет, {q} не принят."),
    "detective_alive": "Искать другую роль можно только после смерти детектива: {q}.",
    "not_clan_member": "Ходить можно только за членов своего клана: {q}.",
    "no_such_member": "В вашем клане нет живого игрока с такой ролью: {q}.",
    "vote_on_behalf": "Голосовать за другого игрока нельзя: {q}.",
    "branch_mismatch": "В ветке жульничества ход не той роли: {q}.",
    "branch_without_target": "Ветки жульничества есть, а цель жульничества не названа: {q}.",
    "branch_no_role": ("Жулик крадёт ход только у ролевого мирного (врач, детектив, стерва, шизик, "
                       "фанатка, громила, свидетель, маньяк); такой ветки нет: {q} не принято."),
}


#: How a letter writes a move, for the reply that tells a player how to write his own
#: (the examples of ``templates/role_rules.j2``); ``…`` stands for the player's nick.
MOVE_EXAMPLES_RU: dict[str, str] = {
    "rob": "ворую у …", "guard": "охраняю …", "boss_check": "проверяю …", "clan_kill": "убиваем …",
    "check": "проверяю …", "heal": "лечу …", "invite": "приглашаю в гости …",
    "search": "проверяю, не детектив ли …", "beat": "бью …", "swindle": "жульничаю против …",
    "watch": "слежу за …", "maniac_kill": "убиваю …", "hunt": "МО: …", "vote": "линч: …",
}

#: A move's example where the role writes it otherwise (:data:`MOVE_EXAMPLES_RU`).
ROLE_EXAMPLES_RU: dict[tuple[str, str], str] = {("psycho", "invite"): "шизю …"}


def own_examples_ru(role: str | None) -> list[str]:
    """How a player of ``role`` (a role id, the one he plays now) writes his own night moves,
    for a reply that asks him to write a move plainly: ``["убиваю …"]`` for the maniac,
    ``["убиваем …", "проверяю …"]`` for a boss, ``["МО: …"]`` for a player with no night move
    of a role's but the civilians' hunt; ``[]`` for a clan member with no move of his own
    and for None or an unknown role (DECISIONS.md §1, §4)."""
    from .legality import ROLE_MOVES
    from .roles import CLAN_ROLES, ROLE_NAMES_RU

    if role == "boss":
        actions = ["clan_kill", "boss_check"]
    elif role in ROLE_MOVES:
        actions = sorted(ROLE_MOVES[role])
    elif role in ROLE_NAMES_RU and role not in CLAN_ROLES:
        actions = ["hunt"]
    else:
        actions = []
    return [move_example_ru(role, a) for a in actions]


def move_example_ru(role: str | None, action: str) -> str:
    """How a letter of ``role`` writes ``action`` (:data:`ROLE_EXAMPLES_RU`, else
    :data:`MOVE_EXAMPLES_RU`; «…» for an action with no example)."""
    return ROLE_EXAMPLES_RU.get((role, action)) or MOVE_EXAMPLES_RU.get(action, "…")

#: Whose move a move of another side is, for :func:`not_your_role_ru`; a role move is
#: «another role's».
_WHOSE_RU: dict[str, str] = {
    "clan_kill": "ход клана", "delegate": "ход члена клана", "on_behalf": "ход босса клана",
    "boss_check": "ход босса клана", "hunt": "ход мирных жителей",
}


def not_your_role_ru(quoted: str, action: str, role: str | None) -> str:
    """The reply's sentence for a move word of a move the sender's ``role`` does not make
    (``not_your_role``): what the words ``quoted`` (already in «») were taken for and whose
    move that is, that it is not accepted, and what the sender's role makes at night, with
    how to write it («Ваша роль — Маньяк, ваш ночной ход — убийство маньяка («убиваю …»)»).
    ``role`` is the role the sender plays now (an inactive son is a plain ``civilian``);
    None or a move of his own role refused for today (the fan's check before she found the
    detective): the short sentence of :data:`REFUSALS_RU`."""
    from .legality import ROLE_MOVES
    from .roles import CLAN_ROLES, ROLE_NAMES_RU

    own = sorted(ROLE_MOVES.get(role or "", ())) + (["clan_kill"] if role == "boss" else [])
    if role not in ROLE_NAMES_RU or not action or action in own:
        return REFUSALS_RU["not_your_role"].format(q=quoted, a=action_name(action, role) if action else "ход")
    whose = _WHOSE_RU.get(action, "ход другой роли")
    head = f"{quoted} — это {action_name(action)}, {whose}, поэтому он не принят."
    named = [f"{action_name(a, role)} («{move_example_ru(role, a)}»)" for a in own]
    me = f"Ваша роль — {ROLE_NAMES_RU[role]}"
    if len(named) == 1:
        return f"{head} {me}, ваш ночной ход — {named[0]}."
    if named:
        return f"{head} {me}, ваши ночные ходы — {', '.join(named[:-1])} и {named[-1]}."
    if role in CLAN_ROLES:
        return f"{head} {me}: своего ночного хода нет."
    return (f"{head} {me}: своего ночного хода нет, ночью можно участвовать в мирной охоте "
            f"(«{MOVE_EXAMPLES_RU['hunt']}»).")


def refusal_ru(reason: str, quoted: str, target: str | None, action: str,
               role: str | None = None) -> str:
    """The reply's sentence for a move refused by ``reason`` (:data:`REFUSALS_RU`):
    ``quoted`` the letter's words already in «», ``target`` a nick or None, ``action`` an
    action id, named as ``role`` (the mover's) names it (:func:`action_name`: the psycho's
    «приглашение к Шизику»); ``not_your_role``: :func:`not_your_role_ru`; a vote on a dead
    player is called a vote («голос за этого игрока не принят»), not a move. An unknown reason
    gets the general «not allowed by the rules» sentence."""
    if reason == "not_your_role":
        return not_your_role_ru(quoted, action, role)
    if reason == "target_dead" and action == "vote":
        return f"Игрок «{target or ''}» уже выбыл из игры: голос за этого игрока не принят ({quoted})."
    text = REFUSALS_RU.get(reason, "Этот ход не разрешён правилами: {q}.")
    return text.format(q=quoted, t=target or "", a=(action_name(action, role) if action else "") or "ход")
