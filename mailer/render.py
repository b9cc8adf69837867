"""Letters and the newspaper, rendered from the Jinja templates in ``templates/``.

A host may override any template by putting a file of the same name in a ``templates``
folder beside the config file. Every letter is plain text in Russian; nicknames are inflected
with pymorphy3 through the ``case`` filter (``{{ nick|case("accs") }}``: «Маруська» →
«Маруську»).
"""

from __future__ import annotations

import re
from dataclasses import replace

from datetime import datetime, timedelta
from typing import Any

import jinja2

from engine.board import HUNT_STEPS
from engine.explain import left_undone
from engine.model import Move, Problem
from engine.move_words import in_step_order, move_title, result_step, result_title, role_move
from engine.names import inflect
from engine.reasons import EVENT_RULES_RU, EVENTS_RU, RESULTS_RU

#: The engine's words of a plain civilian's role in a refusal, and a woman's (Renderer._gendered).
_CIVILIAN_HE, _CIVILIAN_SHE = "Ваша роль — Мирный", "Ваша роль — Мирная"
from engine.roles import CLAN_NAMES_RU, ROLE_NAMES_RU, role_display, split_role
from engine.state import GameState

from .config import GameConfig, words_lines
from .render_words import (autokill_edge, fear_line, tie_line, ACTION_RU, AUTOKILL_YOU_RU, action_title, CAUSE_BY_GENDER, CAUSE_RU, CLAN_OF_RU, EXAMPLE_NICKS,
                           FATE_RU, WINNERS_RU, YOU_CAUSE_RU, YOUR_RESULTS_RU, as_told, game_won, outcome_text,
                           text_table)
from .render_templates import HostTemplates, TemplateProblem, template_line
from .stamp import letters_closed_at
from .store import DayRow, utc
from .when import local_text


def event_told(event: str) -> str:
    """An event as the letters name it (DECISIONS.md §6): «Ярость»: what it changes, or
    «без события». with a full stop when it changes nothing."""
    rule = EVENT_RULES_RU.get(event, "")
    return f"«{EVENTS_RU[event]}»" + (f": {rule}" if rule else ".")


class Renderer:
    """Renders every letter of one game from its templates.

    The host's templates (a ``templates`` folder beside the config) are compiled when the
    renderer is made, so a broken one stops the command before any letter is processed.

    Raises:
        TemplateProblem: a host template that cannot be read or compiled (file and line).
    """

    def __init__(self, cfg: GameConfig):
        self.cfg = cfg
        loaders: list[jinja2.BaseLoader] = []
        override = cfg.path.parent / "templates"
        if override.is_dir():
            loaders.append(HostTemplates(str(override)))
        loaders.append(jinja2.PackageLoader("templates", "."))
        self.env = jinja2.Environment(
            loader=jinja2.ChoiceLoader(loaders), autoescape=False, trim_blocks=True,
            lstrip_blocks=True, keep_trailing_newline=True, undefined=jinja2.StrictUndefined,
            auto_reload=False,  # one command, one load: no stat() of the file per letter
        )
        self.env.filters["case"] = inflect
        self.env.filters["local"] = self.local
        self.env.filters["outcome"] = outcome_text
        self.env.filters["event_told"] = event_told
        self.gender = {p.nick: p.gender for p in cfg.players}
        self.env.globals.update(
            game=cfg.name, ROLE=ROLE_NAMES_RU, CLAN=CLAN_NAMES_RU, EVENT=EVENTS_RU,
            CAUSE=CAUSE_RU, ACTION=ACTION_RU, role_display=role_display, CLAN_OF=CLAN_OF_RU,
            # a swindler's result is a role id: told in Russian («врач»), never «doctor»
            RESULT={**{r: n.lower() for r, n in ROLE_NAMES_RU.items()}, **RESULTS_RU, **YOUR_RESULTS_RU},
            cause=self.cause, lynch_line=self.lynch_line, YOU_CAUSE=YOU_CAUSE_RU,
            role_of=self.role_of, game_won=game_won, action_of=action_title,
        )
        if override.is_dir():  # a broken host template stops the command here, not per letter
            for path in sorted(override.glob("*.j2")):
                self._template(path.name)

    def role_of(self, nick: str, role: str, clan: str | None) -> str:
        """``role`` (with ``clan``) as ``nick`` is told it: :func:`engine.roles.role_display`,
        with the plain civilian «Мирная» for a player the config gives ``gender = "f"``."""
        if role == "civilian" and self.gender.get(nick) == "f":
            return "Мирная"
        return role_display(role, clan)

    def _gendered(self, nick: str, problems) -> list:
        """``problems`` (:class:`engine.model.Problem` or stored dicts) with the engine's
        «Ваша роль — Мирный» told as «Мирная» to a player the config gives ``gender = "f"``
        (as :meth:`role_of` tells her role letter); others unchanged."""
        if self.gender.get(nick) != "f":
            return list(problems)
        out = []
        for p in problems:
            msg = p.get("message") if isinstance(p, dict) else p.message
            if msg and _CIVILIAN_HE in msg:
                msg = msg.replace(_CIVILIAN_HE, _CIVILIAN_SHE)
                p = dict(p, message=msg) if isinstance(p, dict) else replace(p, message=msg)
            out.append(p)
        return out

    def cause(self, nick: str, cause: str) -> str:
        """How ``nick`` left the game: gender-correct («повешена») when the config gives his
        ``gender``, else wording that needs none («линч»)."""
        words = CAUSE_BY_GENDER.get(self.gender.get(nick) or "", CAUSE_RU)
        return words.get(cause, CAUSE_RU.get(cause, cause))

    def lynch_line(self, lynched: list[str]) -> str:
        """The newspaper's line on who was hanged: «Повешены: A, B.», «Повешена: A.» (gender
        from the config), «Итог линча: A.» (no gender given), «На линче никто не погиб.»."""
        if not lynched:
            return "На линче никто не погиб."
        if len(lynched) > 1:
            return f"Повешены: {', '.join(lynched)}."
        gender = self.gender.get(lynched[0])
        if gender:
            return f"{CAUSE_BY_GENDER[gender]['lynch'].capitalize()}: {lynched[0]}."
        return f"Итог линча: {lynched[0]}."

    def local(self, value: datetime | None) -> str:
        """An aware (or stored naive UTC) time in the game's zone, «08.12.2026 19:30 (МСК)»."""
        return local_text(utc(value), self.cfg.zone)

    def _template(self, name: str) -> jinja2.Template:
        try:
            return self.env.get_template(name)
        except jinja2.TemplateNotFound:
            raise
        except jinja2.TemplateError as exc:
            file, line = template_line(exc)
            raise TemplateProblem(f"шаблон {file}, строка {line}: {exc.message or exc}") from None

    def render(self, name: str, **context: Any) -> str:
        """The template ``name`` rendered with ``context``, stripped, one final newline.

        Raises:
            TemplateProblem: the template fails to render (file and line in the message).
        """
        template = self._template(name)
        try:
            return template.render(**context).strip() + "\n"
        except TemplateProblem:
            raise
        except Exception as exc:  # a host's template may fail in any way: name it, stop
            file, line = template_line(exc)
            where = f"шаблон {file}" + (f", строка {line}" if line else "")
            raise TemplateProblem(f"{where}: {exc}") from exc

    # --- letters

    def role_letter(self, *, nick: str, state: GameState, day_row: DayRow, code: str | None) -> str:
        """The letter that gives ``nick`` his role (``role.txt.j2``): the role's rules, his
        clan, his code word, the game's own words (``[words]``), the autokill rule with this
        game's numbers (DECISIONS.md §7), and
        day 1 (``day_row``) with its event and deadline."""
        p = state.players[nick]
        clan_members = []
        if p.clan:
            clan_members = [(n, q.role) for n, q in state.players.items() if q.clan == p.clan and n != nick]
        examples = example_nicks(state)
        return self.render("role.txt.j2", nick=nick, role=p.role, clan=p.clan, day=day_row,
                           deadline=utc(day_row.deadline), code=code, clan_members=clan_members,
                           examples=examples, game_words=role_words(self.cfg.words, *(("civilian", None) if p.role == "son" else (p.role, p.clan)),
                                                  state),
                           has_son=has_son(state),
                           autokill={"words": self.cfg.rules.autokill_words,
                                     "points": self.cfg.rules.autokill_points})

    def reply(self, *, nick: str, moves: list[Move], problems: list[Problem], state: GameState,
              day_row: DayRow, late_deadline: datetime | None, status: str, skip: bool,
              cancel: bool, now: datetime | None = None, late_row: DayRow | None = None,
              came_after: DayRow | None = None, moved: bool = False,
              closed_early: DayRow | None = None, standing: list[Move] = (), questions: list[str] = (),
              replaced: list[Move] = (), no_vote: bool = False,
              no_night: dict | None = None, clan_idle: list[dict] = (),
              folded: list[datetime] = (), quoted: list[Move] = (),
              empty_body: str | None = None, unvote: bool = False,
              withdrawn: list[Move] = (), unvote_none: list[str] = (), quote_skipped: dict | None = None,
              carried: list[dict] = (), lost_vote: str | None = None,
              overruled: list[dict] = (), timing: list[str] = (),
              received: datetime | None = None, subject_moves: bool = False,
              boss_kill: dict | None = None) -> str:
        """The answer to a player's letter (``now``: when it is written; after the deadline
        it no longer invites changes). ``late_row``: the closed day an ``after_close`` letter
        missed; ``came_after``: the day whose deadline the letter missed before that day was
        closed (the letter counts for ``day_row``, and the reply says so first); ``moved``: the
        sender had been told the letter counts for the next day, and the host has since moved
        the deadline past it (the reply says it counts for ``day_row`` after all);
        ``closed_early``: the day before ``day_row``, which the host closed early (``close-day
        --early``) before this letter came on time for its deadline (the reply says so, and
        that the letter counts for ``day_row``: :func:`mailer.stamp.closed_early_before`);
        ``standing``: the sender's moves from earlier letters of the day that still stand
        (:func:`engine.legality.standing_moves`), listed so a refusal never reads as «nothing
        of mine counts»; ``replaced``: the moves of those letters this one replaces;
        ``questions``: the letter's questions to the host, which the reply says he answers
        himself; ``no_vote``: the sender has no lynch vote standing though he owes one
        (:func:`mailer.answers._vote_missing`), told with the autokill point it costs before
        the deadline; ``lost_vote``: the day's event when the host stripped the sender of his
        vote (``lost-vote``) and the letter votes (the caller's test,
        :func:`mailer.answers._vote_lost`): the reply says the vote will not count;
        ``no_night``: the sender's night role move is missing or was not accepted
        (:func:`mailer.answers._night_missing`: its action ids, role, ``clan``, ``refused``),
        told with what follows if none comes before the deadline; ``clan_idle``, ``folded``:
        :mod:`mailer.reply_context`; ``quoted``: the moves that stand only in what a letter
        without a move of its own quotes (:func:`mailer.answers.moves_in_quote`), told that a
        move in a quote does not count; ``empty_body``: the letter has no text of its own,
        and this is its subject ("" for none, or one that holds no move: the reply then says
        only that the text is empty), told that moves are read from the text only,
        never from the subject (``subject_moves``: the text is there, with no move in it, and
        the subject holds one: «Линч Бармалей» as the subject, «всё в теме» as the text);
        ``unvote``: the letter takes back a vote and gives none
        (ParseResult.unvote), ``withdrawn`` the votes of the sender's earlier letters of the
        day it took back (none: there was nothing to take back), ``unvote_none`` the players
        it names whom none of them voted for (told by name); ``quote_skipped``: the
        ``head`` line of a quote without «>» the letter was cut at and whether the player's
        text under it was ``kept``, told so the player knows what was read as a quote;
        ``carried``: what the earlier replies this one stands for (``folded``) said beyond the
        moves, by letter (:func:`mailer.reply_context.still_carried`); ``overruled``: the boss's
        orders of the letter for a member who sent that move himself (``{"nick", "action",
        "gender"}``, :func:`mailer.reply_context.overruled_orders`), told that the member's move
        is carried out, not the order. A vote naming one of two is told the second is free.
        ``timing``: the letter's questions whether it came in time («Ой, не поздно?»,
        :func:`mailer.questions.for_host`), answered with ``received`` (aware; when the letter
        came) and the day it counts for. ``boss_kill``: ``{"boss", "kill"}`` when a clan
        member's kill order meets his boss's own standing kill order
        (:func:`mailer.answers._boss_kill_over`), told that the boss's order is used."""
        from engine.reasons import action_name
        from engine.lynch import votes_per_player
        from engine.move_words import describe_move
        from engine.names_told import guessed_names

        # «Ярость», «Голос»: a letter whose vote names one player is told the second is free
        votes = [m for m in moves if m.action == "vote"]
        second_vote_free = bool(votes) and votes_per_player(day_row.event) > 1 and \
            len(votes[-1].targets or (votes[-1].target,)) < 2 and \
            not any(m.action == "vote" for m in standing)  # (an earlier vote beside it)
        mine = state.players[nick].role if nick in state.players else None
        vote_kept = any(m.action == "vote" for m in standing)
        # the fan's earned check is her only one (DECISIONS.md §5 Fan): a letter that makes it
        # says so, never a silent use of it
        fan_check = mine == "fan" and any(m.action == "check" for m in moves)
        # «Страх» (DECISIONS.md §6): past the deadline the day waits for this player's choice,
        # which this letter did not make: the reply asks for it, never «приём ходов закончился»
        fear_waits = day_row.fear_chosen == nick and day_row.status == "open" and \
            not day_row.fear_choice and not any(m.action == "fear_choice" for m in moves)
        swindle = swindle_told(moves, replaced, standing, problems, mine)
        # a name read as a guess at a slip («Чибурашку» for Чебурашка) is told, so a player
        # whose name was misread can correct it (engine.names_told)
        guessed = [{"word": w, "nick": n} for w, n in guessed_names(tuple(state.players), moves)] \
            if status == "applied" else []
        moves, standing, replaced = (in_step_order(ms, state, mine) for ms in (moves, standing, replaced))
        return self.render("reply.txt.j2", nick=nick, moves=[describe_move(m, state, mine, lines=True) for m in moves],
                           guessed=guessed,
                           second_vote_free=second_vote_free and status == "applied",
                           lost_vote=lost_vote if status == "applied" else None,
                           fan_check=fan_check and status == "applied",
                           no_vote=no_vote and status in ("applied", "no_moves"),
                           autokill_edge=autokill_edge(state, nick) if no_vote else None,
                           no_night=no_night if status in ("applied", "no_moves") else None,
                           clan_idle=list(clan_idle) if status in ("applied", "no_moves") else [],
                           overruled=[dict(o, name=action_name(o["action"], state.players[o["nick"]].role))
                                      for o in overruled if o["nick"] in state.players]
                           if status == "applied" else [],
                           boss_kill={"boss": boss_kill["boss"],
                                      "kill": describe_move(boss_kill["kill"], state, "boss")}
                           if boss_kill and status == "applied" else None,
                           folded=list(folded), quoted=[describe_move(m, state, mine) for m in quoted],
                           empty_body=empty_body is not None, subject_told=subject_told(empty_body or ""),
                           subject_moves=subject_moves,
                           unvote=unvote, unvote_none=list(unvote_none), vote_kept=vote_kept, quote_skipped=quote_skipped,
                           quote_head=_short(quote_skipped["head"]) if quote_skipped else "", withdrawn=[describe_move(m, state, mine, lines=True) for m in withdrawn],
                           night_names=" или ".join(action_name(a, no_night["role"]) for a in
                                                    no_night["actions"]) if no_night else "",
                           ordered_move=describe_move(no_night["head"]["ordered"], state, no_night["role"])
                           if no_night and no_night.get("head") and no_night["head"].get("ordered") else "",
                           problems=self._gendered(nick, problems), day=day_row,
                           deadline=utc(day_row.deadline),
                           late_deadline=late_deadline, status=status, skip=skip, cancel=cancel,
                           late_row=late_row, came_after=came_after, moved=moved,
                           closed_early=closed_early,
                           closed_early_at=letters_closed_at(closed_early) if closed_early is not None else None,
                           standing=[describe_move(m, state, mine, lines=True) for m in standing],
                           questions=list(questions), swindle=swindle,
                           carried=[dict(b, problems=self._gendered(nick, b["problems"]))
                                    for b in carried],
                           timing=list(timing) if received is not None else [], received=received,
                           replaced=[describe_move(m, state, mine, lines=True) for m in replaced],
                           closed_at=letters_closed_at(late_row) if late_row is not None
                           and late_row.closed_at is not None else None,
                           alive=nick not in state.players or state.players[nick].alive,
                           fear_waits=fear_waits,
                           closed=now is not None and now > utc(day_row.deadline) + timedelta(minutes=1))

    def unknown_sender(self, address: str) -> str:
        return self.render("unknown_sender.txt.j2", address=address)

    def next_day(self, *, nick: str, row: DayRow, received: datetime) -> str:
        """The notice to a letter received at ``received`` (aware) after ``row``'s deadline
        but before the host closed that day: it counts for the next day and is answered
        after the day's results (DECISIONS.md §2, §8)."""
        return self.render("next_day.txt.j2", nick=nick, day=row, deadline=utc(row.deadline),
                           received=received)

    def game_over(self, *, nick: str, received: datetime, winner: str | None,
                  last_deadline: tuple[datetime, datetime | None] | None = None) -> str:
        """The answer to a player's letter received at ``received`` (aware) after the game
        ended: no moves are taken, and how the game ended. A letter received after the last
        day's deadline but before its close (``last_deadline``: both, aware; the game ended
        at that close) is told so — it came after the last day's deadline, not after the end."""
        won = game_won(winner) if winner else "Игра окончена"
        deadline, closed = last_deadline or (None, None)
        before_end = deadline is not None and received > deadline and (closed is None or received < closed)
        return self.render("game_over.txt.j2", nick=nick, received=received, won=won,
                           last_deadline=deadline if before_end else None)

    def event_letter(self, *, nick: str, row: DayRow, state: GameState) -> str:
        return self.render("event.txt.j2", nick=nick, day=row, deadline=utc(row.deadline))

    def fear_letter(self, *, nick: str, row: DayRow) -> str:
        return self.render("fear.txt.j2", nick=nick, day=row)

    def newspaper(self, *, result, row: DayRow, state_before: GameState,
                  next_row: DayRow | None) -> dict[str, Any]:
        """The newspaper's context after a day: JSON-serialisable, stored with the day so the
        host can re-print it with his own lyric (:meth:`paper`)."""
        data = result.to_json()
        voters_of: dict[str, list[str]] = {}
        for voter, targets in result.tally.voters.items():
            for target in targets:
                voters_of.setdefault(target, []).append(voter)
        return {
            "day": row.day, "event": row.event, "lynched": data["lynched"],
            "deaths": [{"nick": d.player, "cause": d.cause,
                        "role": None if d.hidden else self.role_of(d.player, *split_role(d.role))}
                       for d in result.deaths],
            "hidden": any(d.hidden for d in result.deaths),
            "counts": dict(result.tally.counts), "voters_of": voters_of,
            "lost_vote": list(result.lost_vote),
            "immune": list(result.tally.immune),  # «Выбери меня!» (DECISIONS.md §6)
            "tie": tie_line(result.tally, self.cfg.rules.lynch_tie),
            "fear": fear_line(result.tally, row.event),
            "secret": row.event == "secret",
            "next_day": next_row.day if next_row else None,
            "next_event": next_row.event if next_row else None,
            "next_deadline": utc(next_row.deadline).isoformat() if next_row else None,
            "winner": result.winner,
            "revealed_roles": [role_display(*split_role(r)) for r in result.revealed_roles],
            "lyric": None,
        }

    def final(self, *, history: list[tuple[int, str, dict[str, Any]]], state: GameState,
              winner: str) -> dict[str, Any]:
        """The end of the game for the last newspaper and the final letters: every player's
        dealt role (and the role he ended with, for an activated son or an actor), his fate
        (the day and how he left, or «в игре до конца»; eclipsed days told too), the winner,
        and a day-by-day table. ``history``: ``(day, event id, TurnResult JSON)`` of every
        closed day in order. JSON-serialisable (stored with the day)."""
        left: dict[str, tuple[int, str]] = {}
        days = []
        for day, event, data in history:
            for d in data["deaths"]:
                left.setdefault(d["player"], (day, d["cause"]))
            night = [f"{d['player']} ({FATE_RU.get(d['cause'], d['cause'])})" for d in data["deaths"]
                     if d["cause"] != "lynch"]
            days.append([str(day), EVENTS_RU.get(event, event), ", ".join(data["lynched"]) or "—",
                         ", ".join(night) or "—"])
        players = []
        for nick, p in state.players.items():
            dealt = self.role_of(nick, *split_role(p.dealt))
            now = self.role_of(nick, p.role, p.clan)
            role = dealt if now == dealt else f"{dealt}, затем {now}"
            if nick in left:
                day, cause = left[nick]
                fate = f"день {day}: {FATE_RU.get(cause, cause)}"
            else:
                fate = "в игре до конца"
            players.append([nick, role, fate])
        return {
            "winner": WINNERS_RU.get(winner, winner), "won": game_won(winner),
            "players": players, "days": days,
            "players_table": text_table(["Игрок", "Роль", "Итог"], players),
            "days_table": text_table(["День", "Событие", "Линч", "Другие выбытия"], days),
        }

    def final_letter(self, *, nick: str, final: dict[str, Any]) -> str:
        """The letter every player gets when the game ends: the winner, his own role and fate,
        every player's role and fate and the day-by-day table."""
        mine = next(p for p in final["players"] if p[0] == nick)
        return self.render("final.txt.j2", nick=nick, final=final, role=mine[1], fate=mine[2])

    def paper(self, context: dict[str, Any]) -> tuple[str, str]:
        """(plain text, BBCode) of a newspaper from its stored context."""
        ctx = dict(context)
        ctx.setdefault("final", None)
        ctx["next_deadline"] = datetime.fromisoformat(ctx["next_deadline"]) if ctx["next_deadline"] else None
        return self.render("newspaper.txt.j2", **ctx), self.render("newspaper.bbcode.j2", **ctx)

    def result_letters(self, *, result, row: DayRow, state_before: GameState,
                       next_row: DayRow | None, paper: dict[str, Any] | None = None,
                       palms_found: dict[str, str] | None = None,
                       lost_cast: dict[str, list[tuple[list[str], str]]] | None = None) -> list[tuple[str, str, str]]:
        """(nick, subject, body) of every personal letter after a day: every player alive at
        the start of the turn gets one with exactly what he may know, and the day's public
        outcome as the newspaper publishes it (``paper``, the context :meth:`newspaper` made
        for the day, made here when None: who was hanged, who died at night, with the roles
        it reveals), so he knows it without the forum. ``palms_found``: under «Пальмы
        цветут», nick → the forbidden words found in his posts and where («его», «меня» в
        посте 07.12 20:15), told to him when the host took his vote. ``lost_cast``: nick →
        the votes no letter carried (targets, where: «пост 07.12 20:15») of a player the
        host stripped of his vote: whom he voted for is told him."""
        data = result.to_json()
        if paper is None:
            paper = self.newspaper(result=result, row=row, state_before=state_before, next_row=next_row)
        dead_now = {d["player"]: d["cause"] for d in data["deaths"]}
        hunt_at = HUNT_STEPS.get(state_before.rules.hunt_step, HUNT_STEPS["after_clan_kills"])  # a hunt on one dead before it: target_dead
        gone = frozenset(d.player for d in result.deaths if d.step < hunt_at)
        after = result.new_state
        examples = example_nicks(state_before)
        out = []
        for nick, p in state_before.players.items():
            if not p.alive:
                continue
            moves = told_moves([as_told(m, data, gone) for m in data["moves"] if m["by"] == nick],
                               list(result.tally.voters.get(nick, [])),
                               lost=result.event if nick in result.lost_vote else None,
                               found=(palms_found or {}).get(nick), cast=(lost_cast or {}).get(nick))
            for m in moves:
                if left_undone(m, data["moves"]):  # never «выполнен» (engine.explain)
                    m["told"] = "босс в эту ночь хода за вас не сделал"
            # the role his search looked for: the fan's, or the swindler's stolen search's
            sought = next((m.sought for m in result.moves if m.by == nick and m.sought),
                          None) or p.fan_search_role
            stole = next((i["result"] for i in data["info"] if i["to"] == nick and i["action"] == "swindle"
                          and i["result"] in ROLE_NAMES_RU), None)  # named as his reply's branch
            for m in moves:  # named as the reply names it (a member's move with his role)
                member = state_before.players.get(m.get("member") or "")
                m["member_role"] = member.role if member else None
                by = stole if stole and p.role == "swindler" and m["action"] not in ("swindle", "vote", "hunt") else p.role
                m["title"] = result_title(m, by, m["member_role"], sought, stolen=by != p.role)
            moves.sort(key=lambda m: result_step(m, p.role, m["member_role"], state_before.rules.hunt_step))
            # the boss's move for this member that was carried out or tried (not one voided by
            # the member's own move): the member learns what was done in his name
            by_boss = [dict(as_told(m, data, gone), action=role_move(p.role) or m["action"])
                       for m in data["moves"] if m.get("member") == nick and m["by"] != nick
                       and m.get("outcome") != "void"]
            for m in by_boss:
                m["title"] = move_title(m["action"], p.role, search_role=sought)
            # what he learned; a move that failed taught nothing and is told once, under
            # «Ваши ходы» (not again under «Что вы узнали»)
            tried = {(m["action"], m.get("target")) for m in moves if m.get("outcome") == "failed"}
            info = [dict(i, title=move_title(i["action"], p.role, search_role=sought))
                    for i in data["info"] if i["to"] == nick and not (
                        i.get("result") == "failed" and (i["action"], i.get("target")) in tried)]
            news = []
            for a in result.activations:
                members = [n for n in after.alive() if after.players[n].clan == a.clan and n != a.player]
                # DECISIONS.md §4: the son and the actor are told their new role, and every
                # living member of that clan who now holds which role in it
                if a.player == nick or nick in members:
                    news.append({"kind": a.kind, "player": a.player, "role": a.role, "clan": a.clan,
                                 "members": members, "mine": a.player == nick,
                                 # his new role's words of this game (as a role letter lists them)
                                 "words": role_words(self.cfg.words, "boss" if a.kind == "son" else a.role,
                                                     a.clan, after) if a.player == nick else [],
                                 "replaces": _replaced(a, result.deaths),
                                 "she": self.gender.get(a.player) == "f"})
            # DECISIONS.md §4 Clan kill: a member left alone in his clan, not its boss, now
            # orders the clan's kill himself; told once, in the turn he is left alone
            last_of = _left_alone(nick, state_before, after) if not result.winner else None
            # ... and members left with no boss and nobody to take his role (no son to activate,
            # no actor left): told that the kill is now ordered by them, by role precedence
            bossless = _left_bossless(nick, state_before, after) \
                if not result.winner and last_of is None else None
            # DECISIONS.md §7: a point for no vote or too few thread words is told to him, with
            # which of them he got (and with his death, when it took him to the limit); one who
            # died otherwise this turn has none (engine.lynch.autokill_of_day)
            points = after.players[nick].autokill_points if nick in after.players else 0
            why = [AUTOKILL_YOU_RU.get(w, w).format(words=after.rules.autokill_words)
                   for w in getattr(result, "autokill", {}).get(nick, ())]
            autokill = {"points": points, "limit": after.rules.autokill_points, "why": why} if why else None
            # DECISIONS.md §4 Fan: her earned check is used up only when it is carried out; one
            # that failed stays hers for a later day, and she is told which it is
            fan_check = None
            if p.role == "fan" and nick in after.players and any(
                    m["action"] == "check" and m.get("outcome") == "failed" for m in moves):
                fan_check = "kept" if after.players[nick].fan_check_left else "used"
            # «Страх» (DECISIONS.md §6): the most-voted player whose choice the host made for him
            # is told so (a fresh host's chosen player, answered for, never heard of his «Страх»)
            fear_by_host = row.event == "fear" and result.tally.fear_chosen == nick and not any(
                m["action"] == "fear_choice" and m["by"] == nick and m.get("outcome") == "done"
                for m in data["moves"])
            body = self.render(
                "result.txt.j2", nick=nick, day=row, moves=moves, by_boss=by_boss, info=info, news=news, role=p.role,
                fear_by_host=fear_by_host,
                examples=examples, fan_check=fan_check, has_son=has_son(after),
                died=dead_now.get(nick), next_row=next_row, autokill=autokill, last_of=last_of,
                bossless=bossless,
                next_deadline=utc(next_row.deadline) if next_row else None, winner=result.winner,
                paper=paper,
            )
            out.append((nick, self.cfg.subject(f"итоги дня {row.day}"), body))
        return out


def has_son(state: GameState) -> bool:
    """Whether ``state`` has a living son not yet revealed (DECISIONS.md §4 Son): only then
    do the boss's and the actor's rules tell what he does (``role_rules.j2``)."""
    return any(p.role == "son" and not p.son_active and p.alive for p in state.players.values())


def example_nicks(state: GameState) -> list[str]:
    """Four example nicknames for a letter's rules (:data:`EXAMPLE_NICKS`), none a player of
    the game."""
    return [n for n in EXAMPLE_NICKS if n not in state.players][:4]


def _replaced(activation, deaths) -> str | None:
    """The dead clan member whose role an actor's ``activation`` took (DECISIONS.md §4 Actor:
    the first death of the turn with that role in his clan); None for the son's activation."""
    if activation.kind != "actor":
        return None
    return next((d.player for d in deaths if split_role(d.role) == (activation.role, activation.clan)), None)


def _left_alone(nick: str, before: GameState, after: GameState) -> str | None:
    """The clan ``nick`` is now the only living member of, when he was not alone at the start
    of the turn and holds no boss role (the boss orders the kill anyway); else None."""
    p = after.players.get(nick)
    if p is None or not p.alive or p.clan is None or p.role == "boss":
        return None
    alive_in = lambda state: [n for n in state.alive() if state.players[n].clan == p.clan]  # noqa: E731
    return p.clan if alive_in(after) == [nick] and len(alive_in(before)) > 1 else None


def _left_bossless(nick: str, before: GameState, after: GameState) -> str | None:
    """The clan of living member ``nick`` (no boss himself) whose boss died this turn with
    nobody taking the boss role (``after`` already holds the son or the actor who took it,
    engine.aftermath), while other members live (the last one alone is told by
    :func:`_left_alone`); else None. DECISIONS.md §4 Clan kill: the kill's order then comes
    from the members, by precedence thief > guard > indian > actor."""
    p = after.players.get(nick)
    if p is None or not p.alive or p.clan is None or p.role == "boss":
        return None
    had_boss = lambda state: any(  # noqa: E731
        q.alive and q.clan == p.clan and q.role == "boss" for q in state.players.values())
    return p.clan if had_boss(before) and not had_boss(after) else None


#: What a player stripped of his vote is told, by the day's event (DECISIONS.md §6: under
#: «Пальмы цветут» the lost vote counts against himself).
LOST_VOTE_TOLD = {
    "palms": "вы лишены голоса («Пальмы цветут»: запретные слова в теме игры), и ваш голос "
             "засчитан против вас самих",
    "paradox": "вы лишены голоса («Парадокс»: ведущий счёл, что вы нарушили отыгрыш роли)",
}


def _cast_where(where: str) -> str:
    """«в ветке, пост 07.12 20:15» for a thread vote's ``where``; «из подсчёта ведущего» for
    the host's ``votes import`` (an empty ``where``)."""
    return f"в ветке, {where}" if where else "из подсчёта ведущего"


def told_moves(moves: list[dict[str, Any]], counted: list[str], lost: str | None = None,
               found: str | None = None,
               cast: list[tuple[list[str], str]] | None = None) -> list[dict[str, Any]]:
    """A player's moves (result JSON) as his result letter lists them: each move once, with
    what really happened. A move a later letter replaced (``superseded``) is left out when
    the later move of the same kind is listed; the letter votes a forum vote replaced
    (``host_vote``) become one line with the vote that counted (``counted``: the targets his
    counted votes went to), and a counted vote that came only from the forum gets its line.
    ``lost``: the day's event when the host stripped the player of his vote (the event id,
    ``"palms"``, ``"paradox"``, or another for a host's own reason): his vote line says so,
    never «учтён» (under «Пальмы цветут» ``counted`` is his own name: not his choice);
    ``found``: under «Пальмы цветут», the forbidden words of his that cost the vote and where
    («его», «меня» в посте 07.12 20:15), told him; ``cast``: the votes of a stripped player
    that no letter carried (targets, where), the latest first or alone: whom he voted for is
    told him («Голос на линче: Ягуар (в ветке, пост 07.12 20:15) — не состоялся: …»)."""
    if lost is not None:
        why = "не состоялось: " + LOST_VOTE_TOLD.get(lost, "вы лишены голоса")
        if lost == "palms" and found:
            why = why.replace("запретные слова в теме игры)", f"запретные слова в теме игры — {found})")
        out = [m for m in moves if m["action"] != "vote" or m.get("reason") != "host_vote"]
        votes = [m for m in out if m["action"] == "vote"]
        out = _latest_only(out)
        for m in out:
            if m["action"] == "vote" and m.get("reason") == "lost_vote":
                m["told"] = why
        if not votes:
            targets, where = (cast or [([], "")])[-1]
            # whom he voted for, and where: «Голос на линче: Ягуар (в ветке, пост 07.12 20:15)»
            named = f"{' и '.join(targets)} ({_cast_where(where)})" if targets else None
            out.append({"action": "vote", "targets": [], "target": named, "outcome": "void",
                        "reason": "lost_vote", "told": why})
        return out

    out: list[dict[str, Any]] = []
    forum_vote = None
    many = len(counted) > 1  # («Ярость», «Голос»: two votes, told in the plural)
    for m in _latest_only(moves):
        if m["action"] == "vote" and m.get("reason") == "host_vote":
            if forum_vote is None:
                forum_vote = dict(m, targets=list(counted), target=counted[0] if counted else None)
                out.append(forum_vote)
            if sorted(m.get("targets") or [m.get("target")]) == sorted(counted):
                forum_vote["told"] = "учтены: ведущий засчитал те же голоса с форума" if many else \
                    "учтён: ведущий засчитал тот же голос с форума"
            elif forum_vote.get("told") is None:
                forum_vote["told"] = "учтены ваши голоса с форума (они заменили голоса из письма)" if many \
                    else "учтён ваш голос с форума (он заменил голос из письма)"
            continue
        out.append(m)
    if forum_vote is not None and not counted:
        out.remove(forum_vote)
    if counted and not any(m["action"] == "vote" for m in out):
        out.append({"action": "vote", "targets": list(counted), "target": counted[0],
                    "outcome": "done", "reason": "ok",
                    "told": "учтены ваши голоса с форума" if many else "учтён ваш голос с форума"})
    return out


def _latest_only(moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``moves`` (in arrival order) without those a later letter replaced (``superseded``)
    when a move of the same kind (action, and member for a boss's move) is listed too, and
    without a move refused by a rule (``refused``) when a later letter made a move of the same
    kind that was not refused: the player replaced it, as his reply to that letter told him
    (a fresh host, s46: a late letter's heal of a player killed that night, then the next
    day's own heal, read as two heals in one results letter), and likewise a vote taken back
    (``withdrawn``) when a later letter's vote stands (a fresh host, s55: «вы сняли этот
    голос» and «учтён» for the same vote in one letter). A refused move after the one
    that stands is kept: the player is told his change was not taken."""
    def kind(m: dict[str, Any]) -> tuple:
        return m["action"], m.get("member")

    final = {kind(m) for m in moves if m.get("reason") != "superseded"}
    kept = [m for m in moves if m.get("reason") != "superseded" or kind(m) not in final]
    def replaced_later(k: int, m: dict[str, Any], gone: tuple[str, ...]) -> bool:
        return any(kind(later) == kind(m) and later.get("outcome") not in gone for later in kept[k + 1:])

    return [m for k, m in enumerate(kept)
            if not (m.get("outcome") == "refused" and replaced_later(k, m, ("refused",)))
            and not (m.get("reason") == "withdrawn" and replaced_later(k, m, ("refused", "void")))]


#: «Re:», «Fwd:», «Ответ:» and the like at the head of a subject, and a «[тег игры]».
_SUBJECT_HEADS = re.compile(r"^\s*(?:(?:re|fwd?|aw|ответ|пересл)(?:\[\d+\])?\s*:\s*|\[[^\]]*\]\s*)+", re.I)


def _short(line: str, limit: int = 90) -> str:
    """``line`` as a reply quotes it: whitespace folded, cut to ``limit`` characters with «…»."""
    line = " ".join(line.split())
    return line if len(line) <= limit else line[:limit - 1].rstrip() + "…"


def subject_told(subject: str) -> str:
    """A letter's subject as its reply quotes it: without «Re:», «Fwd:» and the game's
    «[тег]» heads, whitespace folded; "" when nothing else is left."""
    return " ".join(_SUBJECT_HEADS.sub("", subject).split())


#: A role of a swindle's branch named in a text («если доктор — …»): the role civilians'
#: words (engine.words.role_words), for :func:`swindle_told`.
_BRANCH_ROLES = frozenset({"detective", "doctor", "hostess", "psycho", "fan", "thug", "witness", "maniac"})


def swindle_told(moves, replaced, standing, problems, role: str | None) -> dict:
    """What a swindler's reply says of his swindle beyond the move lines, so that a letter
    that changes one branch never surprises him (DECISIONS.md §8: the latest letter's swindle
    replaces the earlier one whole; a correction is never merged into the earlier branches):
    ``{"dropped": [role names]}`` — the letter's swindle replaced an earlier one, whose
    branches for these roles no longer count; ``{"unread_fix": True}`` — the letter gives no
    swindle, one stands from an earlier letter, and a part of the letter not understood
    names a role of a branch («Поправка: если доктор — лечу Y»): the earlier swindle stands
    unchanged; ``{"bare": target}`` — the letter's swindle has no branch left (none given, or
    each refused: «если доктор — лечу X» with X dead): it still cancels the target's role move,
    and the swindler does nothing in its place. All keys are always there (empty, False,
    "": nothing to say)."""
    from engine.words import norm, role_words

    told = {"dropped": [], "unread_fix": False, "bare": ""}
    if role != "swindler":
        return told
    new = next((m for m in reversed(moves) if m.action == "swindle"), None)
    if new is not None:
        if not new.branches:
            told = told | {"bare": new.target or ""}
        old = next((m for m in replaced if m.action == "swindle"), None)
        if old is None:
            return told
        have = {r for r, _ in new.branches}
        return told | {"dropped": [ROLE_NAMES_RU.get(r, r).lower() for r, _ in old.branches if r not in have]}
    if not any(m.action == "swindle" for m in standing):
        return told
    words = role_words()
    for p in problems:
        text = getattr(p, "text", "") or ""
        if getattr(p, "kind", "") != "unparsed" or not text:
            continue
        if any(words.get(norm(w)) in _BRANCH_ROLES for w in re.findall(r"[а-яёА-ЯЁ]+", text)):
            return told | {"unread_fix": True}
    return told


def role_actions(role: str, clan: str | None, state: GameState | None = None) -> set[str]:
    """The moves a player of ``role`` (in ``clan``, or none) may write: the vote and the
    event's choices, his role's moves, the clan's kill and «на усмотрение босса» for a clan
    member, the civilian hunt for the others, and a boss's orders (his clan's roles' moves,
    by ``state``). A role letter lists only these of the game's words (a fresh host found
    the maniac's letter listing the clan kill's word, session 60)."""
    from engine.legality import ROLE_MOVES

    out = {"vote", "fear_choice", "mortar", "partner"} | set(ROLE_MOVES.get(role, ()))
    if role == "fan":
        out.add("check")  # (her earned check)
    if clan:
        out |= {"clan_kill", "delegate"}
        if role == "boss" and state is not None:
            for q in state.players.values():
                if q.clan == clan:
                    out |= set(ROLE_MOVES.get(q.role, ()))
    else:
        out.add("hunt")
    return out


def role_words(words: dict, role: str, clan: str | None, state: GameState | None = None) -> list[str]:
    """:func:`mailer.config.words_lines` of the game's ``words`` that a player of ``role`` may
    write (:func:`role_actions`)."""
    mine = role_actions(role, clan, state)
    return words_lines({a: w for a, w in words.items() if a in mine})
