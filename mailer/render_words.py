"""The Russian words of letters and the newspaper that are not templates: how a death, a
fate, a winner and a move's outcome are told, which failures a player may read about his own
move (the rest are told neutrally, issue 5), and a plain-text table that fits 80 columns.
Used by :class:`mailer.render.Renderer` and its templates.
"""

from __future__ import annotations

from typing import Any

from engine.reasons import ACTIONS_RU, ACTOR_BLOCKS, agree
from engine.turn_types import Tally

#: Info results as the player's own letter tells them, to her (engine.reasons.RESULTS_RU
#: speaks of the fan, for the host's ``explain``: «нашла»).
YOUR_RESULTS_RU = {"found": "вы нашли того, кого искали", "not_found": "не тот, кого вы ищете"}

#: Public wording of death causes (letters and newspaper name no killer), for a player whose
#: gender the config does not give: words that need no gender (no «(а)» patches).
CAUSE_RU = {
    "lynch": "линч", "autokill": "автокилл", "psycho": "смерть после визита к шизику",
    "clan1": "убийство ночью", "clan2": "убийство ночью", "maniac": "убийство ночью",
    "hunt": "мирная охота", "mortar": "выстрел из миномёта",
    "explosion": "взрыв в доме",
}

#: The same as a phrase for either gender («убит(а) ночью»), agreed by
#: :func:`engine.reasons.agree` with a player's gender (none given: as written).
CAUSE_AGREED_RU = {
    "lynch": "повешен(а)", "autokill": "выбыл(а) по автокиллу", "psycho": "умер(ла) после визита к шизику",
    "clan1": "убит(а) ночью", "clan2": "убит(а) ночью", "maniac": "убит(а) ночью",
    "hunt": "убит(а) мирной охотой", "mortar": "убит(а) из миномёта",
    "explosion": "погиб(ла) при взрыве в доме",
}

#: The same for a player with ``gender = "m"`` / ``"f"`` in the config.
CAUSE_BY_GENDER = {g: {k: agree(v, g) for k, v in CAUSE_AGREED_RU.items()} for g in ("m", "f")}

#: How the player himself is told he left the game (second person: no gender needed).
YOU_CAUSE_RU = {
    "lynch": "вас повесили на линче", "autokill": "вы выбыли по автокиллу",
    "psycho": "вы не пережили визита к шизику", "clan1": "вас убили ночью",
    "clan2": "вас убили ночью", "maniac": "вас убили ночью", "hunt": "вас убила мирная охота",
    "mortar": "вас убили из миномёта", "explosion": "вы погибли при взрыве в доме",
}

#: Why a player got an autokill point for the day, as his result letter tells it after «за
#: день у вас …» (engine.lynch.autokill_reasons; ``{words}``: house rule autokill_words).
AUTOKILL_YOU_RU = {"no_vote": "не было засчитанного голоса на линче", "few_words": "меньше {words} слов в ветке"}

#: A clan as a role's complement: «Босс клана 2».
CLAN_OF_RU = {"clan1": "клана 1", "clan2": "клана 2"}

#: Move names as a letter's line starts them («Лечение: Бука»).
ACTION_RU = {k: v[0].upper() + v[1:] for k, v in ACTIONS_RU.items()}


def autokill_edge(state, nick: str) -> str | None:
    """The warning for a living player one autokill point from the game's limit
    (DECISIONS.md §7: a day without a lynch vote or with too few words in the thread is a
    point; at ``rules.autokill_points`` he is out), or None when he is further from it, dead
    or no player: «Внимание: у вас уже 2 штрафных очка автокилла из 3 — ещё одно, и вы
    выбываете из игры.» ``state``: :class:`engine.state.GameState`."""
    p = state.players.get(nick)
    limit = state.rules.autokill_points
    if p is None or not p.alive or limit < 2 or p.autokill_points != limit - 1:
        return None
    from .words import count

    told = count(p.autokill_points, "штрафное очко", "штрафных очка", "штрафных очков")
    return f"Внимание: у вас уже {told} автокилла из {limit} — ещё одно, и вы выбываете из игры."


def action_title(action: str, role: str | None = None) -> str:
    """A move's name as a letter's line starts it, as ``role`` makes it («Приглашение к Шизику» for
    the psycho's invite, :func:`engine.reasons.action_name`); «Ход» for an unknown action."""
    from engine.reasons import ACTIONS_RU, action_name

    if action not in ACTIONS_RU:
        return "Ход"
    name = action_name(action, role)
    return name[:1].upper() + name[1:]


#: Reasons a player may read about his own move; every other failure (who robbed, beat,
#: hosted or swindled him, who healed or guarded his target) is told neutrally (issue 5).
OWN_REASONS = frozenset({
    "late", "not_your_role", "not_allowed", "same_target_twice", "hunt_with_check",
    "hunt_with_role_move", "target_dead", "target_unknown", "self_target", "already_found",
    "appeal_not_allowed", "no_fear", "superseded", "cancelled", "withdrawn", "overruled", "member_moved",
    "delegated", "lost_vote", "host_vote", "target_immune",
})

#: A move void because its actor died at step 1 (engine.board.STEP1_VOID) → the death cause
#: that tells it. The psycho's victim's moves are void with reason ``doomed`` also when the
#: victim is saved (DECISIONS.md §4 Psycho, a heal that hangs on his own move): that reason
#: is told only with the death the newspaper announces.
STEP1_CAUSES = {"lynched": "lynch", "autokilled": "autokill", "doomed": "psycho"}

#: Reasons as the player's own letter tells them about his own move: to him, not of «игрок»
#: (engine.reasons.REASONS speaks of the player, for the host's ``explain``; a trial read
#: «Кража … — не состоялось: игрок повешен» in the hanged player's own letter).
YOUR_REASONS_RU = {
    "lost_vote": "вы лишены голоса", "cancelled": "вы отменили этот ход", "withdrawn": "вы сняли этот голос",
    "not_your_role": "такой ход не положен вашей роли",
    "already_found": "вы уже нашли того, кого искали",
    "dead": "вы выбыли из игры раньше, чем дошла очередь вашего хода",
    # the player's own state that stopped his move (engine.reasons.ACTOR_BLOCKS): he reads
    # what the host's ``explain`` reads («сам(а) избит(а)»), said to him, never who did it
    "robbed": "вас обворовали", "beaten": "вас избили", "hosted": "вы были в гостях у Стервы",
    **{reason: YOU_CAUSE_RU[cause] for reason, cause in STEP1_CAUSES.items()},
}
#: The same for a move refused before the turn (outcome ``refused``).
YOUR_REFUSED_RU = {"dead": "вы уже выбыли из игры, ходы не принимаются"}


def your_reason(reason: str, outcome: str = "") -> str:
    """Why the player's own move was not carried out, said to him («вы лишены голоса»); a
    reason about someone else (the target, the clan) as :func:`engine.reasons.phrase` says it."""
    from engine.reasons import phrase

    if outcome == "refused" and reason in YOUR_REFUSED_RU:
        return YOUR_REFUSED_RU[reason]
    return YOUR_REASONS_RU.get(reason) or phrase(reason, outcome)


#: Failures a player is told the reason of when his own move failed (outcome ``failed``): his
#: own state stopped it (engine.reasons.ACTOR_BLOCKS) — robbed, beaten, hosted by the hostess,
#: dead before his move's step. He is told what happened to him, never who did it. Not
#: ``at_psycho``: the psycho's guest is doomed, and his death is told only when it comes
#: (DECISIONS.md §4 Psycho); nor a reason on the target's side (healed, guarded, away, too few
#: shots, the son): those would tell him another player's role or move (issue 5).
SELF_REASONS = ACTOR_BLOCKS - {"at_psycho"}


#: Failures the rules make silent: the player is told his move was done, because the reason
#: would reveal the target's hidden side (DECISIONS.md §4 Guard: «guarding a non-mafia player
#: has no effect» — the guard must not learn that his target is no mafia).
SILENT_REASONS = frozenset({"not_mafia"})


#: Outcome words (neuter, as said with no noun) → their feminine, masculine and plural forms,
#: so that the word agrees with the move's name («Кража — не состоялась», «Поиск —
#: выполнен», «Голоса на линче — учтены»).
OUTCOME_FORMS = {
    "выполнено": ("выполнена", "выполнен", "выполнены"), "не удалось": ("не удалась", "не удался", "не удались"),
    "учтено": ("учтена", "учтён", "учтены"),  # a vote is counted, not «done»
    "не состоялось": ("не состоялась", "не состоялся", "не состоялись"),
    "не принято": ("не принята", "не принят", "не приняты"),
}

#: Move names whose first word is plural (engine.move_words.move_title: a two-player vote).
PLURAL_NAMES = frozenset({"голоса"})


def noun_gender(name: str) -> str:
    """Grammatical gender of a move's name by its first word's ending: «f» («Кража», «Мирная
    охота»), «n» («Лечение», «Убийство маньяка»), «m» («Поиск», «Голос на линче»), «p» for a
    plural (:data:`PLURAL_NAMES`: «Голоса на линче»); «n» for no name (an impersonal line)."""
    first = name.strip().split(" ", 1)[0].lower() if name.strip() else ""
    if first in PLURAL_NAMES:
        return "p"
    if not first or first.endswith(("о", "е", "ё")):
        return "n"
    return "f" if first.endswith(("а", "я")) else "m"


def agree_outcome(text: str, name: str = "") -> str:
    """``text`` with its leading outcome word (:data:`OUTCOME_FORMS`) agreeing with the move's
    ``name``: «не состоялось: …» after «Кража» is «не состоялась: …»."""
    gender = noun_gender(name)
    if gender == "n":
        return text
    for word, forms in OUTCOME_FORMS.items():
        if text == word or text.startswith(word + ":"):
            return forms["fmp".index(gender)] + text[len(word):]
    return text


def outcome_text(move: dict[str, Any], name: str = "") -> str:
    """What a player is told about one of his moves (Russian), without naming who blocked it;
    the reason is said to him (:func:`your_reason`), unless the move was made for a clan member
    (``member``: the reason is the member's, said of him). The outcome word agrees with the
    move's ``name`` (:func:`agree_outcome`)."""
    return agree_outcome(_outcome_text(move), name)


def _outcome_text(move: dict[str, Any]) -> str:
    from engine.reasons import phrase

    outcome, reason = move.get("outcome"), move.get("reason", "")
    if move.get("told"):
        return move["told"]
    if outcome == "done" and move.get("action") == "vote":
        return "учтено"  # «Голос на линче: Ромашка — учтён»
    if outcome == "done" or (outcome == "failed" and reason in SILENT_REASONS):
        return "выполнено"
    if reason in OWN_REASONS:
        word = "не принято" if outcome == "refused" else "не состоялось"
        why = phrase(reason, outcome) if move.get("member") else your_reason(reason, outcome)
        return f"{word}: {why}"
    if outcome == "failed" and reason in SELF_REASONS and not move.get("member"):
        if move.get("action") == "hunt":
            # the hunt is the civilians' together: it may have killed its target with the
            # others' shots, so only his shot is said to have failed
            return f"ваш выстрел не засчитан: {your_reason(reason)}"
        return f"не удалось: {your_reason(reason)}"
    return "не удалось"


#: How a player left the game, as the final newspaper's tables say it (a noun: no gender;
#: the game is over, so the killer's side is told).
FATE_RU = {
    "lynch": "линч", "autokill": "автокилл", "psycho": "визит к шизику",
    "clan1": "убийство Клана 1", "clan2": "убийство Клана 2", "maniac": "убийство маньяка",
    "hunt": "мирная охота", "mortar": "миномёт", "explosion": "взрыв в доме",
}

WINNERS_RU = {"civilians": "мирные", "clan1": "Клан 1", "clan2": "Клан 2"}


def game_won(winner: str) -> str:
    """How the end of the game is told (no final stop): «Победа: мирные» (SCENARIOS.md
    ``winner``: civilians, clan1, clan2)."""
    return f"Победа: {WINNERS_RU.get(winner, winner)}"


def text_table(headers: list[str], rows: list[list[str]], width: int = 78) -> str:
    """A plain-text table: columns padded to their widest cell, separated by «  »; the last
    column is wrapped so that every line fits ``width`` characters (80-column terminals and
    forum code blocks)."""
    import textwrap

    cols = list(zip(headers, *rows))
    widths = [max(len(c) for c in col) for col in cols[:-1]]
    lead = sum(widths) + 2 * len(widths)
    last = max(20, width - lead)
    lines = []
    for cells in [headers, *rows]:
        head = "".join(c.ljust(w) + "  " for c, w in zip(cells[:-1], widths))
        wrapped = textwrap.wrap(cells[-1], last) or [""]
        lines.append((head + wrapped[0]).rstrip())
        lines += [(" " * lead + more).rstrip() for more in wrapped[1:]]
        if cells is headers:
            lines.append("-" * min(width, lead + max(len(c) for c in cols[-1])))
    return "\n".join(lines)


#: Why a move on a target failed when the target left the game in this same turn, before the
#: move's step (reason ``target_dead`` at resolution, DECISIONS.md §2: a player killed at step k
#: does nothing after k, and a move on him fails), by the target's death cause: never «цель уже
#: выбыла из игры», which reads as if the player had aimed at someone already out when he
#: wrote (such a move is refused in the reply to his letter). The deaths are the newspaper's.
TARGET_GONE_RU = {
    "lynch": "цель повешена на линче, раньше чем дошла очередь вашего хода",
    "autokill": "цель выбыла по автокиллу, раньше чем дошла очередь вашего хода",
    "psycho": "цель умерла после визита к Шизику, раньше чем дошла очередь вашего хода",
}
TARGET_GONE_NIGHT_RU = "цель погибла этой ночью, раньше чем дошла очередь вашего хода"


def as_told(move: dict[str, Any], data: dict[str, Any], gone: frozenset[str] = frozenset()) -> dict[str, Any]:
    """:func:`_as_told`, and a move whose target left the game earlier in the same turn told
    so (:data:`TARGET_GONE_RU`)."""
    told = _as_told(move, data, gone)
    if told.get("outcome") == "failed" and told.get("reason") == "target_dead" and not told.get("told"):
        cause = next((d["cause"] for d in data["deaths"] if d["player"] == told.get("target")), None)
        if cause is not None:
            return dict(told, told=f"не удалось: {TARGET_GONE_RU.get(cause, TARGET_GONE_NIGHT_RU)}")
    return told


def _as_told(move: dict[str, Any], data: dict[str, Any], gone: frozenset[str] = frozenset()) -> dict[str, Any]:
    """A player's move as his result letter tells it. A move void because its actor died at
    step 1 says so, to him («не состоялось: вас повесили на линче»), when that death
    is the one the turn announces (:data:`STEP1_CAUSES`). The inactive son's hunt shot never
    counts (``son_shot``), but his letter must read as a plain civilian's would (DECISIONS.md
    §4 Son: he is told only "civilian"): «выполнено» when the hunt on that target killed, as
    the other hunters read, «цель уже выбыла из игры» when it died before the hunt (``gone``:
    the players dead at a step before the hunt's, DECISIONS.md §2), else the neutral «не
    удалось» of a shot that did not kill."""
    from engine.reasons import OUTCOMES_RU

    cause = STEP1_CAUSES.get(move.get("reason", ""))
    if cause and move.get("outcome") == "void" and any(
            d["player"] == move.get("by") and d["cause"] == cause for d in data["deaths"]):
        return dict(move, told=f"{OUTCOMES_RU['void']}: {your_reason(move['reason'])}")
    if move.get("reason") != "son_shot":
        return move
    target = move.get("target")
    if target in gone:
        return dict(move, outcome="failed", reason="target_dead")  # as the other hunters read
    killed = any(d["player"] == target and d["cause"] == "hunt" for d in data["deaths"])
    return dict(move, outcome="done" if killed else "failed", reason="ok" if killed else "not_enough_shots")


#: Nicknames for the examples of the role letter: never a player of the game (an example
#: naming a real player would read as the host's hint about him).
EXAMPLE_NICKS = ("Незнайка", "Кнопочка", "Торопыжка", "Синеглазка", "Знайка", "Медуница",
                 "Растеряйка", "Смекалка")


def fear_line(tally: Tally, event: str) -> str | None:
    """The newspaper's line on a «Страх» lynch (DECISIONS.md §6: the most-voted player names
    who is hanged): ««Страх»: больше всех голосов — у Ягуарчика; выбор Ягуарчика: Карлсон.»,
    or without the choice when nobody was hanged. Gender-free. None on another day or when
    nobody had a vote."""
    from engine.names import inflect

    chosen = tally.fear_chosen
    if event != "fear" or not chosen:
        return None
    line = f"«Страх»: больше всех голосов — у {inflect(chosen, 'gent')}"
    if tally.lynched:
        return f"{line}; выбор {inflect(chosen, 'gent')}: {', '.join(tally.lynched)}."
    return f"{line}."


def tie_line(tally: Tally, rule: str) -> str | None:
    """The newspaper's line on a tie at the lynch's last place (DECISIONS.md §6, house rule
    ``lynch_tie``: ``nobody``, ``random``, ``all``) from the engine's count ``tally`` (its
    ``tied`` group): «Ничья: Кот и Serginio — по 2 голоса; при ничьей не повешен никто из них
    (правило игры).» None when no tie decided the lynch (and under «Страх», which has its
    own choice and no ``tied``)."""
    from .words import count

    if not tally.tied:
        return None
    group = list(tally.tied)
    votes = count(tally.counts[group[0]], "голосу", "голоса", "голосов")
    tied = f"{', '.join(group[:-1])} и {group[-1]} — по {votes}"
    picked = [n for n in tally.lynched if n in tally.tied]
    if rule == "all":
        return f"Ничья: {tied}; при ничьей повешены все (правило игры)."
    if rule == "random":
        return f"Ничья: {tied}; жребий выбрал: {', '.join(picked)}."
    return f"Ничья: {tied}; при ничьей не повешен никто из них (правило игры)."
