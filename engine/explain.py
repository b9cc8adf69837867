"""Host notes for ``mafia-mail explain --day N``: what happened to each move of a resolved
turn and why, in Russian, from the closed reason vocabulary of engine.reasons."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .reasons import (ACTIONS_RU, AUTOKILL_WHY_RU, action_name, CAUSES_RU, EXPLOSION_AT_RU, OUTCOMES_RU, RESULTS_RU,
                      STATUSES_RU, agree, day_named, phrase)
from .legality import night_role_moves
from .move_words import DAY_ACTIONS, role_move
from .reasons import EVENTS_RU as EVENT_NAMES_RU
from .roles import CLAN_NAMES_RU, ROLE_NAMES_RU, split_role
from .state import GameState
from .words import inflect
from .turn_types import TurnResult

EVENTS_RU: dict[str, str] = {
    k: (v if k == "none" else f"«{v}»") for k, v in EVENT_NAMES_RU.items()
}


def role_ru(state: GameState, nick: str, gender: str | None = None) -> str:
    """The Russian role of ``nick`` in ``state`` (with the clan for clan members); the plain
    civilian of ``gender`` "f" is «Мирная», as her letters and the newspaper say."""
    p = state.players.get(nick)
    if p is None:
        return "?"
    if p.role == "civilian" and gender == "f":
        return "Мирная"
    name = ROLE_NAMES_RU.get(p.role, p.role)
    return f"{name}, {CLAN_NAMES_RU.get(p.clan, p.clan)}" if p.clan else name


def result_ru(result: Any, gender: str | None = None) -> str:
    """An info result in Russian (a list of nicks is joined); «мирный» of a check agrees with
    the checked player's ``gender`` where the host gave it ("f": «мирная», «ролевая мирная»)."""
    if isinstance(result, list):
        return ", ".join(result)
    if result in RESULTS_RU:
        said = RESULTS_RU[result]
        if gender == "f":
            said = said.replace("неролевой мирный", "неролевая мирная").replace(
                "ролевой мирный", "ролевая мирная").replace("мирный", "мирная")
        return said
    return ROLE_NAMES_RU.get(result, str(result))


#: The statuses that block a member's role move but never the clan's kill he ordered
#: (DECISIONS.md §4 Clan kill): named beside a kill that went through (:func:`_move_line`).
ORDER_NOT_BLOCKED = ("robbed", "beaten", "hosted", "at_psycho")


#: How a reason about the mover himself opens (engine.reasons.REASONS: «сам(а) повешен(а)»).
_SELF = "сам(а) "


def left_undone(m: dict[str, Any], moves: list[dict[str, Any]]) -> bool:
    """True when ``m`` (a move of the result JSON) left its mover's move to his boss
    («на усмотрение босса», done) and the boss made none for him: no move of the turn's
    ``moves`` made for that member stood (all refused, or none). ``explain`` and the result
    letter then say so, never «выполнен»."""
    return m["action"] == "delegate" and m.get("outcome") == "done" and not any(
        o.get("member") == m["by"] and o.get("outcome") != "refused" for o in moves)


def _move_line(m: dict[str, Any], state: GameState, gender: str | None = None,
               statuses: Mapping[str, list[str]] | None = None,
               genders: Mapping[str, str] | None = None,
               moves: list[dict[str, Any]] | None = None,
               deaths: list[dict[str, Any]] | None = None) -> str:
    """One move of the day for the host under its mover's heading (:func:`_moves_by_player`),
    always named: a boss's move for a member by the member's move («охрана за Serginio
    (Охранник, Клан 2)»), a move left to the boss by the mover's («охрана на усмотрение
    босса»); a reason about the mover himself («сам(а) в гостях у Стервы») agrees with his
    ``gender`` when the host gave it. The member is named in the accusative («кража за
    Колобка»), as the letters name him (:func:`engine.move_words.move_title`); a move left to
    the boss for which the boss made none (``moves``: all the turn's) says so, never
    «выполнено». A clan kill
    that went through although its orderer was beaten, robbed or a guest (``statuses``, the
    turn's) says why: the order is never blocked by his state (DECISIONS.md §4 Clan kill). A
    boss's move for a member stopped by the member's own state names the member («кража за
    Колобка → Пчёлка — не состоялось: Колобок повешен»; ``genders``: nick → "m"/"f"). A move
    that failed because its target died earlier in the same turn (``deaths``: the turn's, as
    in its JSON) says how he died («цель выбыла раньше в этот же ход (убит Кланом 1)»), never
    «цель уже выбыла из игры», which reads as if he was out when the letter came."""
    mover = state.players.get(m["by"])
    role = mover.role if mover else None
    action = action_name(m["action"], role)
    if m["action"] == "delegate" and role_move(role):  # «охрана на усмотрение босса»
        action = f"{action_name(role_move(role) or '', role)} на усмотрение босса"
    target = m.get("target")
    if m.get("targets"):
        target = ", ".join(m["targets"])
    if m.get("member"):  # «охрана за Serginio (Охранник, Клан 1)»
        member = state.players.get(m["member"])
        member_role = member.role if member else None
        # (JSON without ``inner``: the member's one role move; the indian and the actor have
        # none, and only the clan kill may be made for them, DECISIONS.md §4 Boss)
        inner = m.get("inner") or role_move(member_role) or "clan_kill"
        name = action_name(inner, member_role)
        action = f"{name} за {inflect(m['member'], 'accs')} ({role_ru(state, m['member'])})"
    aim = f" → {target}" if target else ""
    outcome = OUTCOMES_RU.get(m["outcome"], m["outcome"])
    if m["outcome"] == PENDING:  # the open day (:func:`pending_night`): no outcome yet
        return f"    • {action}{aim} — принят(о); чем кончится, скажут итоги дня"
    if m["action"] == "vote" and m["outcome"] == "done":  # a vote is counted, as the letters say
        outcome = "учтены" if len(m.get("targets") or ()) > 1 else "учтён"
    if moves is not None and left_undone(m, moves):
        return f"    • {action} — босс хода за него не сделал"
    withdrawn_late = m.get("note") == "superseded" and m["reason"] == "withdrawn"  # replaced, then withdrawn
    reason = "superseded" if withdrawn_late else m["reason"]
    said = phrase(reason, m["outcome"])
    if m.get("member") and said.startswith(_SELF):
        # the member's own state stopped the move the boss made for him: «сам(а) повешен(а)»
        # under the boss's heading read as the boss hanged (a fresh host, session 51)
        said, gender = f"{m['member']} {said[len(_SELF):]}", (genders or {}).get(m["member"])
    why = "" if reason == "ok" else f": {agree(said, gender)}"
    death = next((d for d in (deaths or ()) if d["player"] == target), None)
    if reason == "target_dead" and death is not None:
        # the target left the game earlier in this same turn (DECISIONS.md §2: a move on a
        # player killed at an earlier step fails), not before the letter: say how
        cause = agree(cause_ru(death, statuses or {}), (genders or {}).get(target))
        why = f": цель выбыла раньше в этот же ход ({cause})"
    kill = m["action"] == "clan_kill" or (m.get("member") and (m.get("inner") or "") == "clan_kill")
    own = [s for s in (statuses or {}).get(m["by"], ()) if s in ORDER_NOT_BLOCKED]
    if kill and m["outcome"] == "done" and own:  # «сам он ничего не делает» is his role moves only
        said = ", ".join(STATUSES_RU[s] for s in own)
        why += agree(f" (приказ клана не блокируется состоянием отдавшего его: сам(а) {said})", gender)
    return f"    • {action}{aim} — {outcome}{why}"


#: The line under a player who owed a night role move and sent no night move (nor had his
#: boss make one for him): without it a player who sent nothing would not be in ``explain``.
NO_NIGHT_MOVE = "    • нет ночного хода"
#: The line of a counted lynch vote that no letter of the player carried: it came from the
#: forum thread or the host's ``votes import`` (FORUM.md, last section).
FORUM_VOTE = "    • {votes} с форума (пост в ветке или подсчёт ведущего) → {targets} — {counted}"
#: The line under a player the host stripped of his vote (``lost-vote``: «Парадокс», «Пальмы
#: цветут»): not a forum vote, though under «Пальмы» his counted vote goes to himself.
LOST_VOTE_LINE = "    • лишён(а) голоса ведущим{why}"
#: The line under a player who owed a vote on the lynch and cast none (an autokill point,
#: DECISIONS.md §6–7): without it a living civilian who sent nothing would not be in ``explain``.
NO_VOTE = "    • нет голоса на линче"


#: The line under a player who died this turn without a move of his own (no letter, or none
#: that counted): he is listed with why he died, not only under «Смерти».
DIED_SILENT = "    • {gone} в этот ход: {cause}"


@dataclass(frozen=True)
class _Today:
    """The day legality asks about (:class:`engine.legality.Day`), from the turn's JSON."""

    day: int
    event: str
    immune: str | None = None
    mortar: str | None = None


def _without_night_move(data: dict[str, Any], state: GameState) -> list[str]:
    """The living players, in roster order, who owed a night role move today
    (:func:`engine.legality.night_role_moves`; not the hanged or autokilled) and sent no night
    move at all: none of their own (a hunt or a move left to the boss counts), none their
    boss made for them."""
    today = _Today(data["day"], data["event"])
    # hanged or autokilled at step 1, before the night (DECISIONS.md §2): no night move owed
    moved = set(data["lynched"]) | {d["player"] for d in data["deaths"] if d["cause"] == "autokill"}
    for m in data["moves"]:
        if m["action"] not in DAY_ACTIONS:
            moved.add(m["by"])
            if m.get("member"):
                moved.add(m["member"])
    return [nick for nick in state.players
            if nick not in moved and night_role_moves(state, today, nick)]


def _vote_source_line(v: Mapping[str, Any], entry: Mapping[str, Any]) -> str:
    """The line of a vote no letter carried (``v``, an entry of ``sources``, see
    :func:`explain_turn`): a post in the thread or the host's ``votes import``, whether it
    counted, and if not what replaced it; or a post whose vote the rules refused (kind
    ``refused``: why, with the post's words)."""
    if v["kind"] == "refused":  # a post's vote the rules refused: no vote; the host decides
        return (f"    • голос в ветке ({v['where']}) не принят правилами: {v.get('detail', '')} — "
                "не засчитан, решает ведущий")
    many = len(v["targets"]) > 1
    votes = "голоса на линче" if many else "голос на линче"
    head = (f"{votes} в ветке ({v['where']})" if v["kind"] == "post" else
            f"{votes} {'загружены' if many else 'загружен'} ведущим (votes import)")
    by = v.get("replaced_by")
    if by is None:
        tail = "учтены" if many else "учтён"
    elif by == "letter":
        tail = (f"{'не учтены: заменены' if many else 'не учтён: заменён'} более поздним голосом из письма "
                f"{entry.get('letter')} ({entry.get('letter_at')})")
    else:
        tail = f"{'не учтены' if many else 'не учтён'}: голос, загруженный ведущим (votes import), важнее ветки"
    return f"    • {head} → {', '.join(v['targets'])} — {tail}"


def _letter_vote_line(line: str, m: Mapping[str, Any], entry: Mapping[str, Any]) -> str:
    """``line`` of the vote move ``m`` of the voter's latest vote letter, named by its number
    (``entry``: his ``sources`` entry), and, when a vote no letter carried replaced it
    (``host_vote``), by which one."""
    if m.get("outcome") != "done" and m.get("reason") != "host_vote":
        return line  # (an earlier letter's vote, or one taken back: not the latest vote letter)
    head, sep, rest = line.partition(" → ")
    if entry.get("letter"):
        head += f" (письмо {entry['letter']})"
    if m.get("reason") == "host_vote":
        won = next((v for v in entry["votes"] if v.get("replaced_by") is None), None)
        many = len(m.get("targets") or ()) > 1
        if won is not None:
            why = (f"более поздним голосом в ветке ({won['where']})" if won["kind"] == "post" else
                   "голосом, который загрузил ведущий (votes import)")
            target = rest.split(" — ", 1)[0]
            rest = f"{target} — {'не учтены: заменены' if many else 'не учтён: заменён'} {why}"
    return head + sep + rest


def _moves_by_player(data: dict[str, Any], state: GameState, genders: Mapping[str, str],
                     letters: Mapping[str, list[str]] | None,
                     sources: Mapping[str, Mapping[str, Any]] | None = None,
                     questions: Mapping[str, list[str]] | None = None) -> list[str]:
    """The «Ходы:» lines: a heading per player, in the order of his first move, with his
    letters of the day when known (``letters``: nick → the letters' numbers, in arrival
    order), and under it his moves in arrival order; a player who owed a night move and made
    none says so under his heading, and so does one who owed a vote and cast none (an autokill
    point for ``no_vote``), and one who died this turn without a move of his own says why
    (:data:`DIED_SILENT`) (players with no move at all come last, in roster order)."""
    order: dict[str, list[dict[str, Any]]] = {}
    for m in data["moves"]:
        order.setdefault(m["by"], []).append(m)
    missing = _without_night_move(data, state)
    unvoted = {nick for nick, told in (data.get("autokill") or {}).items() if "no_vote" in told["why"]}
    forum = _forum_votes(data)
    lost = set(data.get("lost_vote") or ())
    cast = {n: e for n, e in (sources or {}).items() if n in lost}  # the votes a lost voter cast
    sources = {n: e for n, e in (sources or {}).items() if n not in lost}
    died = {d["player"]: d for d in data["deaths"]}
    silent = {nick for nick in died if nick not in order}  # he died this turn without a move of his
    for nick in state.players:
        if (nick in missing or nick in unvoted or nick in forum or nick in silent or nick in lost
                or nick in sources or nick in (questions or {})) and nick not in order:
            order[nick] = []
    lines = []
    for nick, moves in order.items():
        head = f"  {nick} ({role_ru(state, nick, genders.get(nick))})"
        if letters is not None:
            mine = letters.get(nick, [])
            head += (" — писем нет" if not mine else
                     f" — {'письмо' if len(mine) == 1 else 'письма'} {', '.join(mine)}")
        lines.append(head + ":")
        said = [_move_line(m, state, genders.get(nick), data.get("statuses"), genders, data["moves"],
                           data.get("deaths"))
                for m in moves]
        entry = sources.get(nick)
        if entry is not None:  # where each of his votes came from, and what replaced what
            last = max((k for k, m in enumerate(moves) if m["action"] == "vote"), default=None)
            if last is not None:
                said[last] = _letter_vote_line(said[last], moves[last], entry)
            said += [_vote_source_line(v, entry) for v in entry["votes"]]
        lines += said
        lines += (questions or {}).get(nick, [])  # what the replies asked him, and his answers
        if nick in lost:
            gender = genders.get(nick)
            lines += [_lost_cast_line(v, gender) for v in (cast.get(nick) or {}).get("votes", ())
                      if v["kind"] in ("post", "host") and v.get("replaced_by") is None]
            against = "её голос — против неё самой" if gender == "f" else "его голос — против него самого"
            lines.append(agree(LOST_VOTE_LINE.format(
                why=f" («Пальмы цветут»: {against}"
                    f" → {', '.join(forum.get(nick, ()))})" if data["event"] == "palms" and forum.get(nick)
                else f" ({EVENTS_RU.get(data['event'], data['event'])})"), gender))
        elif nick in forum and nick not in sources:
            many = len(forum[nick]) > 1
            lines.append(FORUM_VOTE.format(votes="голоса на линче" if many else "голос на линче",
                                           targets=", ".join(forum[nick]), counted="учтены" if many else "учтён"))
        if nick in missing:
            lines.append(NO_NIGHT_MOVE)
        if nick in unvoted:  # also under a player with moves: the list reads alike for all
            lines.append(NO_VOTE)
        if nick in silent:  # why he is gone: without it he would be only in «Смерти»
            gender = genders.get(nick)
            lines.append(DIED_SILENT.format(gone=agree("выбыл(а)", gender),
                                            cause=agree(cause_ru(died[nick], data["statuses"]), gender)))
    return lines


def _lost_cast_line(v: Mapping[str, Any], gender: str | None) -> str:
    """The line of a vote no letter carried (``v``: a ``sources`` vote, a post in the thread
    or the host's ``votes import``) of a voter the host stripped of his vote: whom he voted
    for, not counted."""
    many = len(v["targets"]) > 1
    votes = "голоса на линче" if many else "голос на линче"
    head = f"{votes} в ветке ({v['where']})" if v["kind"] == "post" else \
        f"{votes} {'загружены' if many else 'загружен'} ведущим (votes import)"
    return agree(f"    • {head} → {', '.join(v['targets'])} — {'не учтены' if many else 'не учтён'}: "
                 "лишён(а) голоса ведущим", gender)


def _forum_votes(data: dict[str, Any]) -> dict[str, list[str]]:
    """Voter → the targets of his counted votes (``voters``: the tally's) for the voters no
    vote move of whom was counted: their vote came from the forum thread or the host's import
    (a letter vote it replaced is void ``host_vote``); they are named under the voter as the
    result letters name them (:func:`mailer.render.told_moves`)."""
    by_letter = {m["by"] for m in data["moves"] if m["action"] == "vote" and m["outcome"] == "done"}
    return {nick: list(targets) for nick, targets in (data.get("voters") or {}).items()
            if targets and nick not in by_letter}


#: What each seeded draw of a day decided (the name after «dayN.»), in the host's words.
DRAWS_RU = {
    "event": "событие дня", "event.redraw": "событие дня (перевыбор: «Апелёвка» невозможна)",
    "immune": "иммунитет «Выбери меня!»", "mortar": "миномёт «Праздника»",
    "lynch_tie": "повешен(ы) при равенстве голосов", "fear_tie": "под «Страхом» при равенстве голосов",
    "son_clan": "клан внебрачного сына", "invite_tie": "кто первым принимает гостя (Шизик или Стерва)",
}


def draw_ru(name: str, value: str) -> str:
    """«жребий — событие дня: Ярость» for the draw ``name`` (``"day2.event"``,
    ``"day3.invite_tie.A.B"``) that gave ``value`` (an event id is named in Russian)."""
    kind = name.split(".", 1)[1] if name.startswith("day") and "." in name else name
    base = kind if kind in DRAWS_RU else kind.split(".")[0]
    shown = f"клан {value[-1]}" if value in ("clan1", "clan2") else EVENTS_RU.get(value, value).replace(",", ", ")
    return f"жребий — {DRAWS_RU.get(base, base)}: {shown}"


def explain_turn(result: TurnResult | dict[str, Any], state_before: GameState,
                 genders: Mapping[str, str] | None = None,
                 letters: Mapping[str, list[str]] | None = None,
                 sources: Mapping[str, Mapping[str, Any]] | None = None,
                 questions: Mapping[str, list[str]] | None = None) -> str:
    """Russian notes on one resolved turn for the host.

    ``result``: a :class:`TurnResult`, or its JSON (SCENARIOS.md turn object, optionally with
    ``draws`` [[name, value], …], ``tally`` {candidate: votes}, ``voters`` {voter: [targets
    his counted votes went to]}, ``activations``
    [{kind, player, role, clan}, …] and ``autokill`` {nick: {why: [...], points}}: the
    day's autokill points, each with its reason, DECISIONS.md §7).
    ``state_before``: the state the turn was resolved from (for the players' roles).
    ``genders``: nick → "m" | "f" where the host gave it; deaths and states of those players
    are told in agreement («убита Маньяком»), of the others in forms for either gender
    («убит(а) Маньяком»). ``letters``: nick → the numbers of his letters of the day, in arrival
    order, named in his heading («письма 3, 7»; None: not known, as in ``replay``).
    Moves are grouped by player (his heading, then his moves in arrival order); a living
    player who owed a night role move and made none is listed with «нет ночного хода», one
    who owed a vote and cast none (``autokill`` ``no_vote``) with «нет голоса на линче»,
    and a counted vote no letter carried (forum thread, ``votes import``) under its voter.
    ``sources`` (close-day's, :func:`mailer.forum.close.vote_source`): nick → {``letter``,
    ``letter_at``: his latest vote letter's number and time, ``votes``: [{``kind`` ``"post"``
    or ``"host"``, ``targets``, ``where``, ``replaced_by`` None / ``"letter"`` / ``"host"``}]}:
    each such vote is named by where it came from, counted or what replaced it, and his
    latest letter vote by its number and what replaced it (None: as above, «с форума»).
    ``questions``: nick → lines on the questions the game's replies asked him (which player
    he meant) and his answers, shown under his heading after his moves.
    """
    genders = genders or {}
    data = _as_dict(result)
    lines = [day_named(data["day"], data["event"])]
    for name, value in data.get("draws", []):
        lines.append(f"  {draw_ru(name, value)}")
    lines.append("Ходы:")
    lines += _moves_by_player(data, state_before, genders, letters, sources, questions) or ["  (ходов не было)"]
    if data.get("tally"):
        lines.append("Голоса: " + ", ".join(f"{n} — {c}" for n, c in data["tally"].items()))
    lines.append("Линч: " + (", ".join(data["lynched"]) or "никто не повешен"))
    lines.append("Смерти:")
    for d in data["deaths"]:
        lines.append(f"  • {d['player']} ({role_ru(state_before, d['player'], genders.get(d['player']))}): "
                     f"{agree(cause_ru(d, data['statuses']), genders.get(d['player']))}")
    if not data["deaths"]:
        lines.append("  никто не погиб")
    if data["statuses"]:
        lines.append("Состояния:")
        for nick, words in data["statuses"].items():
            lines.append(f"  • {nick}: " + ", ".join(agree(STATUSES_RU.get(w, w), genders.get(nick)) for w in words))
    if data["info"]:
        lines.append("Сведения игрокам:")
        for i in data["info"]:
            action = ACTIONS_RU.get(i["action"], i["action"])
            lines.append(f"  • {i['to']}: {action} → {i['target']}: {result_ru(i['result'], genders.get(i['target']))}")
    for a in data.get("activations", []):
        lines.append(_activation_line(a))
    if data.get("autokill"):
        rules = state_before.rules
        lines.append("Штрафные очки автокилла за день:")
        for nick, told in data["autokill"].items():
            why = ", ".join(AUTOKILL_WHY_RU.get(w, w).format(words=rules.autokill_words) for w in told["why"])
            points = told["points"]  # (past the threshold: «4 (порог 3)», never «4 из 3»)
            score = f"{points} (порог {rules.autokill_points})" if points > rules.autokill_points \
                else f"{points} из {rules.autokill_points}"
            lines.append(f"  • {nick}: {why} — очков {score}")
    return "\n".join(lines)


def cause_ru(death: dict[str, Any], statuses: Mapping[str, list[str]]) -> str:
    """How a player died, for the host; an explosion names whose home it was, from the
    guest's status (the hostess's guest first: she takes the psycho's guest too)."""
    if death["cause"] == "explosion":
        for status in ("hosted", "at_psycho"):
            if status in statuses.get(death["player"], ()):
                return EXPLOSION_AT_RU[status]
    return CAUSES_RU.get(death["cause"], death["cause"])


def _activation_line(a: dict[str, Any]) -> str:
    role = ROLE_NAMES_RU.get(a["role"], a["role"])
    clan = CLAN_NAMES_RU.get(a["clan"], a["clan"])
    if a["kind"] == "son":
        return f"Внебрачный сын {a['player']} со следующего хода — Босс ({clan})"
    return f"Актёр {a['player']} со следующего хода играет роль «{role}» ({clan})"


#: The outcome :func:`pending_night` gives a move of the open day that only the day's close decides.
PENDING = "pending"


def pending_night(result: TurnResult | dict[str, Any]) -> dict[str, Any]:
    """``result`` (a turn resolved as if the open day closed now) as :func:`explain_turn` takes
    it, with no outcome of the night and the lynch: every move but a vote that the rules did
    not refuse is :data:`PENDING` (whether it goes through depends on the other moves, which
    may still change), and there are no deaths or states — README: the open day's ``explain``
    shows no deaths and no outcomes of the night (a fresh host saw «выполнено», «не удалось:
    цель выбыла (повешен)» there, session 60)."""
    data = dict(_as_dict(result))
    data["moves"] = [m if m["action"] == "vote" or m.get("outcome") == "refused"
                     else {**m, "outcome": PENDING, "reason": "ok"} for m in data["moves"]]
    data["deaths"] = []
    data["statuses"] = {}
    return data


def _as_dict(result: TurnResult | dict[str, Any]) -> dict[str, Any]:
    if isinstance(result, dict):
        return result
    data = result.to_json()
    for move, outcome in zip(data["moves"], result.moves):
        if outcome.inner:  # the member's move a boss made for him (not in the JSON)
            move["inner"] = outcome.inner
        if outcome.note:  # a vote replaced before the withdrawal that voided it (not in the JSON)
            move["note"] = outcome.note
    data["draws"] = [list(d) for d in result.draws]
    data["tally"] = dict(result.tally.counts)
    data["voters"] = {nick: list(targets) for nick, targets in result.tally.voters.items()}
    data["activations"] = [
        {"kind": a.kind, "player": a.player, "role": a.role, "clan": a.clan}
        for a in result.activations
    ]
    data["autokill"] = {
        nick: {"why": list(why), "points": result.new_state.players[nick].autokill_points}
        for nick, why in result.autokill.items() if nick in result.new_state.players
    }
    data["lost_vote"] = list(result.lost_vote)
    return data


def role_string_ru(role: str) -> str:
    """``"clan1.boss"`` → ``"Босс, Клан 1"`` (the clan as letters and the newspaper name it);
    ``"doctor"`` → ``"Врач"``."""
    base, clan = split_role(role)
    name = ROLE_NAMES_RU.get(base, base)
    return f"{name}, {CLAN_NAMES_RU.get(clan, clan)}" if clan else name
