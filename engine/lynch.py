"""Step 1 of DECISIONS.md §2: the lynch (with the events that change it, §6) and autokill
points (§7). The psycho's delayed deaths of step 1 are decided by the resolver (they hang on
the doctor's heal of step 7)."""

from __future__ import annotations

from collections.abc import Mapping

from .acts import Act
from .legality import appeal_allowed, owes_vote  # noqa: F401 (one source of legality)
from .draw import draw, shuffled
from .state import GameState
from .turn_types import Tally, TurnInput

TWO_VOTE_EVENTS = ("rage", "voice")


def votes_per_player(event: str) -> int:
    """Two votes under «Ярость» and «Голос», else one (DECISIONS.md §6)."""
    return 2 if event in TWO_VOTE_EVENTS else 1


def lynch_slots(event: str) -> int:
    """How many the lynch kills: two under «Ярость», else one."""
    return 2 if event == "rage" else 1


def immune_players(turn: TurnInput, acts: list[Act]) -> list[str]:
    """Under «Выбери меня!»: the drawn player and the partner he names (host's word first)."""
    if turn.event != "choose_me" or not turn.immune:
        return []
    partner = turn.partner
    if partner is None:
        for act in acts:
            if act.pending and act.action == "partner" and act.owner == turn.immune:
                partner = act.target
                act.set("done")
    return [turn.immune] + ([partner] if partner and partner != turn.immune else [])


def count_votes(state: GameState, turn: TurnInput, acts: list[Act]) -> dict[str, list[str]]:
    """voter → the targets his counted votes go to; decides every vote act's outcome."""
    alive = set(state.alive())
    per = votes_per_player(turn.event)
    immune = set(immune_players(turn, acts))
    allowed = appeal_allowed(state, turn.day) if turn.event == "appeal" else None
    ballots: dict[str, list[str]] = {}
    for act in acts:
        if act.pending and act.action == "vote":
            ballots[act.owner] = (list(act.move.targets) or [act.move.target])[:per]
    for voter, targets in turn.votes.items():
        if voter in alive:
            ballots[voter] = [t for t in targets if t in alive][:per]
    counted: dict[str, list[str]] = {}
    reasons: dict[str, str] = {}
    for voter in state.alive():
        if voter in turn.lost_vote:  # «Пальмы цветут»: the lost vote goes against himself
            counted[voter] = [voter] * per if turn.event == "palms" else []
            reasons[voter] = "lost_vote"
            continue
        if voter not in ballots:
            continue
        ok = [t for t in ballots[voter] if t not in immune
              and (allowed is None or turn.event != "appeal" or t in allowed)]
        if turn.event == "appeal" and allowed is None:
            ok = []
        counted[voter] = ok
        if not ok:
            reasons[voter] = "target_immune" if set(ballots[voter]) & immune else "appeal_not_allowed"
    for act in acts:
        if act.pending and act.action == "vote":
            reason = reasons.get(act.owner)
            if reason is None:
                act.set("done")
            elif reason == "appeal_not_allowed":
                act.set("refused", reason)
            else:
                act.set("failed" if reason == "target_immune" else "void", reason)
    return counted


def _ranking(state: GameState, counted: dict[str, list[str]]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for targets in counted.values():
        for t in targets:
            counts[t] = counts.get(t, 0) + 1
    order = list(state.players)
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], order.index(kv[0]))))


def _pick(state: GameState, counts: dict[str, int], slots: int, name: str,
          draws: list[tuple[str, str]]) -> tuple[list[str], tuple[str, ...]]:
    """The top ``slots`` candidates; a tie at the boundary follows house rule ``lynch_tie``.
    Returns (the candidates picked, the group tied at the boundary — empty without one)."""
    out: list[str] = []
    tied: tuple[str, ...] = ()
    for value in sorted(set(counts.values()), reverse=True):
        group = [n for n, c in counts.items() if c == value]
        room = slots - len(out)
        if room <= 0:
            break
        if len(group) <= room:
            out += group
            continue
        tied = tuple(group)
        rule = state.rules.lynch_tie
        if rule == "all":
            out += group
        elif rule == "random":
            picked = shuffled(state.seed, name, group)[:room]
            draws.append((name, ",".join(picked)))
            out += picked
        break
    order = list(state.players)
    return sorted(out, key=order.index), tied


def tally(state: GameState, turn: TurnInput, acts: list[Act]) -> Tally:
    """The lynch result (DECISIONS.md §6); decides vote, partner and fear-choice acts."""
    counted = count_votes(state, turn, acts)
    immune = _immune_after(turn, acts)
    counts = _ranking(state, counted)
    draws: list[tuple[str, str]] = []
    top = max(counts.values(), default=0)
    most = [n for n, c in counts.items() if c == top and top > 0]
    if turn.event == "fear":
        chosen = _fear_chosen(state, turn, most, draws)
        lynched = _fear_victim(state, turn, acts, chosen)
        return Tally(counts, counted, most, lynched, chosen, tuple(draws), immune=immune)
    lynched, tied = _pick(state, counts, lynch_slots(turn.event), f"day{turn.day}.lynch_tie", draws)
    return Tally(counts, counted, most, lynched, None, tuple(draws), tied, immune)


def _immune_after(turn: TurnInput, acts: list[Act]) -> tuple[str, ...]:
    """The players :func:`count_votes` made immune under «Выбери меня!» (it has decided the
    partner act already): the drawn player and the partner the host gave or whose ``partner``
    act is done; () on any other day."""
    if turn.event != "choose_me" or not turn.immune:
        return ()
    partner = turn.partner or next((a.target for a in acts if a.action == "partner"
                                    and a.owner == turn.immune and a.outcome == "done"), None)
    return (turn.immune,) + ((partner,) if partner and partner != turn.immune else ())


def _fear_chosen(state: GameState, turn: TurnInput, most: list[str],
                 draws: list[tuple[str, str]]) -> str | None:
    if len(most) == 1:
        return most[0]
    if not most or state.rules.lynch_tie == "nobody":
        return None
    name = f"day{turn.day}.fear_tie"
    chosen = draw(state.seed, name, most)
    draws.append((name, chosen))
    return chosen


def _fear_victim(state: GameState, turn: TurnInput, acts: list[Act], chosen: str | None) -> list[str]:
    choice = turn.fear_choice
    for act in acts:
        if act.pending and act.action == "fear_choice":
            if act.owner != chosen:
                act.set("refused", "no_fear")
            elif choice is None or choice == act.target:
                choice = act.target
                act.set("done")
            else:
                act.set("void", "superseded")  # the host named the victim by hand
    if choice not in state.players or not state.players[choice].alive:
        return []  # no letter yet, or the host closed the day with "nobody"
    return [choice]


def autokill_reasons(state: GameState, turn: TurnInput, acts: list[Act]) -> dict[str, tuple[str, ...]]:
    """Why each living player gets autokill points for this day (DECISIONS.md §7), players
    with none left out: ``few_words`` (fewer forum words than house rule ``autokill_words``;
    only when counts are given) and ``no_vote``. A player stripped of his vote
    (``lost_vote``) gets no point for not voting; an on-time vote counts as voting, even one
    that counts for nobody (an immune target), but not one the rules refused (a dead target,
    one «Апелёвка» does not allow): the reply told him «не принят … будет штрафное очко» and
    he could vote again (DECISIONS.md §6: no vote = one point). A player the host pardoned
    for the day (``turn.pardoned``: ``autokill-cancel``) gets none at all."""
    voted = {a.owner for a in acts
             if a.action == "vote" and a.outcome != "refused" and
             a.reason not in ("late", "cancelled", "withdrawn", "dead")}
    voted |= set(turn.votes)
    out = {}
    pardoned = set(turn.pardoned)  # the host cancelled their point of the day
    for nick in state.alive():
        if nick in pardoned:
            continue
        why = []
        words = turn.words.get(nick)
        if words is not None and words < state.rules.autokill_words:
            why.append("few_words")
        if nick not in voted and owes_vote(state, turn, nick, turn.lost_vote):
            why.append("no_vote")
        if why:
            out[nick] = tuple(why)
    return out


def autokill_points(state: GameState, reasons: dict[str, tuple[str, ...]]) -> dict[str, int]:
    """Points each living player has after this day (DECISIONS.md §7): his points so far and
    one for each of his ``reasons`` (:func:`autokill_reasons`)."""
    return {nick: state.players[nick].autokill_points + len(reasons.get(nick, ()))
            for nick in state.alive()}


def autokill_of_day(reasons: dict[str, tuple[str, ...]], points: dict[str, int],
                    died: Mapping[str, str]) -> tuple[dict[str, tuple[str, ...]], dict[str, int]]:
    """The day's autokill ``reasons`` and ``points`` (:func:`autokill_reasons`,
    :func:`autokill_points`, counted at step 1) as the turn leaves them: a player who left the
    game this turn other than by autokill (``died``: nick → death cause; lynched, killed in
    the night, the psycho's victim) gets no point for the day and keeps the count he had — a
    dead player has no autokill count (DECISIONS.md §7); the autokilled keep theirs, the
    reason they died. Status, ``explain`` and the result letters all read this count."""
    gone = {nick for nick, cause in died.items() if cause != "autokill"}
    return ({n: why for n, why in reasons.items() if n not in gone},
            {n: pts for n, pts in points.items() if n not in gone})
