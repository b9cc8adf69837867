"""Privacy: no letter reveals a hidden role to anyone but its owner (issue 6).

Property test over random small games (the generators of tests/test_properties.py, resolved
through engine.replay like ``mafia-mail replay``): every role letter and every result letter
(mailer.render.Renderer) goes to exactly one player, and a line of a letter to X that names
another player Y never also carries a role word — a Russian role name in any inflected form,
«мафия», «клан» — unless the rules let X know Y's side: Y is in X's clan, Y is the target of
a check result addressed to X (detective, boss, fan, swindler info), or X's clan learns of
the son's activation. Move names («Мирная охота», «Убийство от клана») and X's own guesses
(the swindler's «если врач — …», the fan's «Поиск (детектив): …») are removed first. The live path (demo game: init → sync → close-day) is checked
the same way, with each queued letter addressed to one address of one player.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta, timezone
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings

from engine.board import HUNT_STEPS
from engine.move_words import SEARCHED_RU
from engine.gamefile import load_game_file
from engine.reasons import ACTIONS_RU, REASONS, ROLE_ACTIONS_RU, STOLEN_ACTIONS_RU
from engine.replay import replay_turns
from engine.roles import ROLE_NAMES_RU
from mailer.config import load_config
from mailer.render import ACTION_RU, Renderer
from mailer.store import DayRow
from mailer.render_words import TARGET_GONE_NIGHT_RU, TARGET_GONE_RU, YOUR_REASONS_RU
from test_properties import game_text, games
from e2e_config import folder_sections

START = datetime(2026, 12, 7, 16, 30, tzinfo=timezone.utc)

CONFIG = """\
[game]
name = "Тайна"
start = "2026-12-07 19:30"
seed = 1
database = "g.db"
[[player]]
nick = "P1"
email = "p1@example.org"
""" + folder_sections("host@example.org")


def _norm(word: str) -> str:
    return word.lower().replace("ё", "е")


@lru_cache(maxsize=1)
def role_words() -> frozenset[str]:
    """Every inflected form of every word of the Russian role names, plus мафия and клан."""
    import pymorphy3

    morph = pymorphy3.MorphAnalyzer()
    seeds = {w for name in ROLE_NAMES_RU.values() for w in re.findall(r"\w+", name)} | {"мафия", "клан"}
    seeds -= {"Внебрачный"}  # the son's name is «сын Босса»: both words stay
    forms = set()
    for word in seeds:
        for parse in morph.parse(word.lower()):
            forms.update(_norm(f.word) for f in parse.lexeme)
    return frozenset(forms | {"клан1", "клан2"})


#: Move names and reasons about the sender's own side: they contain role-like words («Мирная
#: охота», «клан использовал приказ старшего по роли») but say nothing of the target.
#: ``doomed``: «сам(а) умирает после визита к Шизику», the sender's own death (his move void);
#: ``hosted``: «вы были в гостях у Стервы», the sender's own state (his shot failed).
NEUTRAL_REASONS = ("overruled", "member_moved", "delegated", "already_found", "doomed", "hosted")
#: (each also as the sender's own letter says it to him: «вы не пережили визита к шизику»)
PHRASES = sorted({_norm(v) for v in [*ACTION_RU.values(), *ACTIONS_RU.values(), *ROLE_ACTIONS_RU.values(),
                                     *STOLEN_ACTIONS_RU.values()]}
                 | {_norm(REASONS[r]) for r in NEUTRAL_REASONS}
                 | {_norm(YOUR_REASONS_RU[r]) for r in NEUTRAL_REASONS if r in YOUR_REASONS_RU},
                 key=len, reverse=True)


#: «Поиск детектива»: the role the fan searches for (engine.move_words.SEARCHED_RU), her guess
_OWN_SEARCH = re.compile(r"поиск (?:" + "|".join(SEARCHED_RU.values()) + r")(?!\w)")


def leaks(text: str, addressee: str, others: list[str], permitted: set[str]) -> list[str]:
    """Lines of ``text`` naming a player outside ``permitted`` together with a role word."""
    words = role_words()
    found = []
    for line in text.splitlines():
        low = _norm(line)
        low = _OWN_SEARCH.sub(" ", low)  # the fan's own search: «Поиск детектива: X»
        low = re.sub(r"если [^—:;]*—", " ", low)  # the swindler's own branches: «если врач — …»
        for phrase in PHRASES:
            low = low.replace(phrase, " ")
        low = re.sub(r"мирн\w* охот\w*", " ", low)  # «мирную охоту нельзя …»: the hunt, any case
        named = [y for y in others if y != addressee and y not in permitted
                 and re.search(rf"(?<!\w){re.escape(_norm(y))}(?!\w)", low)]
        if named and set(re.findall(r"\w+", low)) & words:
            found.append(f"{addressee}: {line.strip()!r} names {named}")
    return found


@pytest.fixture(scope="module")
def renderer(tmp_path_factory) -> Renderer:
    folder = tmp_path_factory.mktemp("privacy")
    (folder / "game.toml").write_text(CONFIG, encoding="utf-8")
    return Renderer(load_config(folder / "game.toml"))


def clan_of(state, nick: str) -> set[str]:
    clan = state.players[nick].clan
    return {n for n, p in state.players.items() if clan and p.clan == clan}


def day_row(day: int) -> DayRow:
    return DayRow(day=day, deadline=START + timedelta(days=day), event="none")


def check_game(renderer: Renderer, roles: dict[str, str], turns: list[dict]) -> list[str]:
    """Render every letter of a replayed game; return the leaks found."""
    replayed = replay_turns(load_game_file(game_text(roles, turns)))
    nicks = list(roles)
    found = []
    if not replayed:
        return found
    first = replayed[0].state_before
    for nick in nicks:
        body = renderer.role_letter(nick=nick, state=first, day_row=day_row(1), code=None)
        assert body.startswith(f"Здравствуйте, {nick}!")
        found += leaks(body, nick, nicks, clan_of(first, nick))
    for n, t in enumerate(replayed, start=1):
        letters = renderer.result_letters(result=t.result, row=day_row(n), state_before=t.state_before,
                                          next_row=day_row(n + 1))
        recipients = [nick for nick, _, _ in letters]
        assert len(recipients) == len(set(recipients))  # one letter each, one addressee each
        assert set(recipients) == {x for x, p in t.state_before.players.items() if p.alive}
        for nick, _, body in letters:
            assert body.startswith(f"Здравствуйте, {nick}!")
            permitted = clan_of(t.state_before, nick) | clan_of(t.result.new_state, nick)
            permitted |= {i.target for i in t.result.info if i.to == nick and i.target}
            # the day's dead whose roles the newspaper reveals: the result letter tells them too
            permitted |= {d.player for d in t.result.deaths if not d.hidden}
            for a in t.result.activations:
                if a.kind == "son" and (a.player == nick or nick in clan_of(t.result.new_state, a.player)):
                    permitted |= clan_of(t.result.new_state, a.player)
            found += leaks(body, nick, nicks, permitted)
        found += son_reads_as_a_civilian(t, dict((n, b) for n, _, b in letters))
    return found


def _hunt_lines(body: str, target: str) -> list[str]:
    return [ln.strip() for ln in body.splitlines() if ln.strip().startswith(f"- Мирная охота: {target} — ")]


def son_reads_as_a_civilian(t, letters: dict[str, str]) -> list[str]:
    """The inactive son's letter is the one a plain civilian would get in his place: his hunt
    line reads as the line of every other shooter on that target whose shot counted, and
    never says his own shot failed when the hunt killed (DECISIONS.md §4 Son, issue 12)."""
    found = []
    for son, p in t.state_before.players.items():
        if p.role != "son" or p.son_active or p.clan or son not in letters:
            continue
        body = letters[son]
        # (a son who died this turn is named as the newspaper names him, unless the eclipse hides it)
        named = any(d.player == son and not d.hidden for d in t.result.deaths)
        if "сын" in body.lower() and not named and not any(a.player == son for a in t.result.activations):
            found.append(f"{son}: the son's letter names the son")
        for m in t.result.moves:
            if m.by != son or m.action != "hunt" or m.reason != "son_shot":
                continue
            mine = _hunt_lines(body, m.target)  # (an earlier, superseded shot has its own line)
            killed = any(d.player == m.target and d.cause == "hunt" for d in t.result.deaths)
            # a target dead before the hunt (hanged, killed by a clan …) is every hunter's reason
            hunt_at = HUNT_STEPS.get(t.state_before.rules.hunt_step, 9.5)
            gone = [d.cause for d in t.result.deaths if d.player == m.target and d.step < hunt_at]
            # (a target gone earlier in the turn is told how: never «уже выбыла из игры», s56)
            told = ("выполнена" if killed else
                    f"не удалась: {TARGET_GONE_RU.get(gone[0], TARGET_GONE_NIGHT_RU)}" if gone
                    else "не удалась")
            if f"- Мирная охота: {m.target} — {told}." not in mine:
                found.append(f"{son}: the son's hunt reads {mine!r}")
            for other in t.result.moves:
                counted = other.outcome == "done" or other.reason in ("not_enough_shots", "target_dead")
                if (other.by != son and other.action == "hunt" and other.target == m.target
                        and counted and other.by in letters):
                    theirs = [ln for ln in _hunt_lines(letters[other.by], m.target)
                              if ln.endswith(("выполнена.", "не удалась.", "раньше чем дошла очередь вашего хода."))]
                    if not set(theirs) <= set(mine):
                        found.append(f"{son}: {mine!r}, while {other.by} reads {theirs!r}")
    return found


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(games())
def test_no_letter_names_another_players_hidden_role(renderer, game):
    roles, turns = game
    assert check_game(renderer, roles, turns) == []


def test_the_check_is_able_to_fail(renderer):
    """A leak written on purpose is found (so the property above can fail)."""
    assert leaks("  - Проверка P3: мирный.\n", "P1", ["P1", "P2", "P3"], set()) != []
    assert leaks("Игрок P2 — наш Охранник.\n", "P1", ["P1", "P2"], set()) != []
    assert leaks("Ваш клан: P2, P3.\n", "P1", ["P1", "P2", "P3"], set()) != []
    assert leaks("  - Мирная охота: P2 — выполнено.\n", "P1", ["P1", "P2"], set()) == []
    assert leaks("  - Проверка P12: мафия.\n", "P1", ["P1", "P2", "P12"], {"P12"}) == []
    assert leaks("  - Поиск детектива: P2\n", "P1", ["P1", "P2"], set()) == []  # her own guess
    assert leaks("  - Поиск P2: детектив.\n", "P1", ["P1", "P2"], set()) != []


def test_guarding_a_civilian_does_not_tell_the_guard_he_is_no_mafia(renderer):
    """DECISIONS.md Guard: «Guarding a non-mafia player has no effect» — silently."""
    roles = {"P1": "clan1.guard", "P2": "doctor", "P3": "clan1.boss", "P4": "civilian", "P5": "detective"}
    turns = [{"moves": [{"by": "P1", "action": "guard", "target": "P2"}], "votes": {}}]
    assert check_game(renderer, roles, turns) == []
    [t] = replay_turns(load_game_file(game_text(roles, turns)))
    assert [(m.outcome, m.reason) for m in t.result.moves if m.by == "P1"] == [("failed", "not_mafia")]
    letters = dict((n, b) for n, _, b in renderer.result_letters(
        result=t.result, row=day_row(1), state_before=t.state_before, next_row=day_row(2)))
    assert "  - Охрана: P2 — выполнена." in letters["P1"]
    assert "мафи" not in letters["P1"]


def test_the_sons_hunt_reads_as_the_other_hunters_do(renderer):
    """The son's shot never counts, but his letter must not show it: when the hunt on P5
    killed (two other shots), he reads «выполнено» as they do; a lone shot reads «не удалось»
    as a plain civilian's lone shot would (it used to say «не удалось» while they read
    «выполнено»: he could work out that he is the son)."""
    roles = {"P1": "son", "P2": "civilian", "P3": "civilian", "P4": "clan1.boss", "P5": "clan1.thief",
             "P6": "doctor", "P7": "civilian"}
    moves = [{"by": b, "action": "hunt", "target": "P5"} for b in ("P1", "P2", "P3")]
    [t] = replay_turns(load_game_file(game_text(roles, [{"moves": moves, "votes": {}}])))
    assert [(d.player, d.cause) for d in t.result.deaths] == [("P5", "hunt")]
    letters = {n: b for n, _, b in renderer.result_letters(
        result=t.result, row=day_row(1), state_before=t.state_before, next_row=day_row(2))}
    assert "  - Мирная охота: P5 — выполнена.\n" in letters["P1"]
    assert letters["P1"].replace("P1", "P2") == letters["P2"]
    assert son_reads_as_a_civilian(t, letters) == []
    lone = [{"by": "P1", "action": "hunt", "target": "P4"}]
    [t] = replay_turns(load_game_file(game_text(roles, [{"moves": lone, "votes": {}}])))
    letters = {n: b for n, _, b in renderer.result_letters(
        result=t.result, row=day_row(1), state_before=t.state_before, next_row=day_row(2))}
    assert "  - Мирная охота: P4 — не удалась.\n" in letters["P1"]
    assert son_reads_as_a_civilian(t, letters) == []


def test_son_activation_told_to_the_son_and_his_new_clan_only(renderer):
    roles = {"P1": "clan1.boss", "P2": "son", "P3": "clan1.thief", "P4": "doctor", "P5": "civilian",
             "P6": "detective"}
    votes = {"P2": "P1", "P3": "P1", "P4": "P1", "P5": "P1", "P6": "P1"}
    replayed = replay_turns(load_game_file(game_text(roles, [{"moves": [], "votes": votes}])))
    result = replayed[0].result
    assert [(a.kind, a.player) for a in result.activations] == [("son", "P2")]
    letters = {n: body for n, _, body in renderer.result_letters(
        result=result, row=day_row(1), state_before=replayed[0].state_before, next_row=day_row(2))}
    assert "внебрачный сын Босса" in letters["P2"] and "P3" in letters["P2"]
    assert "Его внебрачный сын — P2" in letters["P3"]
    for other in ("P4", "P5", "P6"):
        assert "P2" not in letters[other] and "сын" not in letters[other]
    assert check_game(renderer, roles, [{"moves": [], "votes": votes}]) == []


ROLE_WORD_LETTER = ("Линч: Босс. Проверяю детектива. Убиваем доктора. Лечу мафию. МО: маньяк. "
                    "Охраняю вора. Кто у нас шизик? Ищу среди фанатки.")


def test_live_demo_day_letters_one_address_and_no_leak(tmp_path):
    """The demo game's real day (init → sync → close-day), plus letters from six players that
    name roles instead of nicknames: every queued letter has one address of its one player,
    and no role, result or reply letter names another player's hidden role."""
    from mailer.demo import copy_demo
    from mailer.store import Store
    from mailer.sync import sync
    from mailer.day import close_day, init_game, load_state

    cfg = load_config(copy_demo(tmp_path))
    store = Store(cfg.database_url)
    try:
        deadline = cfg.start + timedelta(days=1)
        at = int((cfg.start + timedelta(hours=3)).timestamp())
        for i, p in enumerate(cfg.players[::4]):
            raw = (f"From: {p.emails[0]}\r\nSubject: Ход\r\nMessage-ID: <roles{i}@example.net>\r\n"
                   "Content-Type: text/plain; charset=utf-8\r\n\r\n" + ROLE_WORD_LETTER).encode()
            (tmp_path / "maildir" / "new" / f"{at + i}.Mroles{i}.test").write_bytes(raw)
        init_game(cfg, store, now=cfg.start - timedelta(minutes=5), event="none")
        with store.session() as s:
            state = load_state(store.game(s))
        sync(cfg, store, now=deadline + timedelta(minutes=5))
        close_day(cfg, store, now=deadline + timedelta(minutes=10))
        addresses = {p.nick: {e.lower() for e in p.emails} for p in cfg.players}
        nicks = list(addresses)
        with store.session() as s:
            rows = store.outgoing(s)
            day = store.day(s, 1)
            info, deaths = json.loads(day.result_json)["info"], json.loads(day.result_json)["deaths"]
            assert day.event == "none"  # no eclipse: the newspaper reveals every dead player's role
        assert len([r for r in rows if r.kind in ("role", "result")]) == 48
        # one reply that will go out to each of the six tells of the letter (a reply held back
        # for the player's later letter is repeated in that letter's reply, mailer.reply_context)
        assert len([r for r in rows if r.kind == "reply" and r.state != "dropped" and "Линч: Босс" in r.body]) == 6
        assert len({r.to_nick for r in rows if r.kind == "reply" and r.state != "dropped"
                    and "Линч: Босс" in r.body}) == 6
        found = []
        for r in rows:
            assert "," not in r.to_addr and r.to_addr.count("@") == 1
            if r.kind == "unknown_sender":
                assert r.to_nick is None and not any(r.to_addr in a for a in addresses.values())
                continue
            assert r.to_addr.lower() in addresses[r.to_nick], (r.kind, r.to_nick, r.to_addr)
            permitted = clan_of(state, r.to_nick)
            if r.kind == "result":
                permitted |= {i["target"] for i in info if i["to"] == r.to_nick and i["target"]}
                permitted |= {d["player"] for d in deaths}  # told as the newspaper tells them
            found += leaks(r.body, r.to_nick, nicks, permitted)
        assert found == []
    finally:
        store.dispose()


def test_a_blocked_move_is_told_once(renderer):
    """A move the night blocked (the detective beaten by the thug) taught nothing: its line
    «не удалось» stands under «Ваши ходы» and is not repeated under «Что вы узнали»."""
    roles = {"P1": "detective", "P2": "civilian", "P3": "thug", "P4": "clan1.boss", "P5": "doctor"}
    turns = [{"moves": [{"by": "P1", "action": "check", "target": "P2"},
                        {"by": "P3", "action": "beat", "target": "P1"}], "votes": {}}]
    [t] = replay_turns(load_game_file(game_text(roles, turns)))
    assert [(i.to, i.action, i.result) for i in t.result.info if i.to == "P1"] == \
        [("P1", "check", "failed")]
    letters = dict((n, b) for n, _, b in renderer.result_letters(
        result=t.result, row=day_row(1), state_before=t.state_before, next_row=day_row(2)))
    assert letters["P1"].count("P2 — не удалась: вас избили.") == 1  # his own state: told
    assert "Что вы узнали" not in letters["P1"]


def _letters(renderer, t, day: int = 1) -> dict[str, str]:
    return {n: b for n, _, b in renderer.result_letters(
        result=t.result, row=day_row(day), state_before=t.state_before, next_row=day_row(day + 1))}


def test_a_move_void_by_the_players_own_death_gives_explains_reason(renderer):
    """The lynched thief's theft read «не удалось» in her letter while ``explain`` read «не
    состоялось: игрок повешен»: her letter gives the same reason, said to her («вас повесили
    на линче», not of «игрок»: a trial), which the newspaper and the letter's own first line
    tell her anyway. The psycho's victim who dies at step 1 of the next turn reads the reason
    of his own death the same way; nothing about anyone else."""
    roles = {"P1": "clan1.thief", "P2": "detective", "P3": "psycho", "P4": "civilian",
             "P5": "clan1.boss", "P6": "civilian"}
    votes = {"P2": "P1", "P3": "P1", "P4": "P1", "P6": "P1", "P1": "P4", "P5": "P4"}
    lynch = [{"moves": [{"by": "P1", "action": "rob", "target": "P2"}], "votes": votes}]
    [t] = replay_turns(load_game_file(game_text(roles, lynch)))
    assert [(m.outcome, m.reason) for m in t.result.moves if m.action == "rob"] == [("void", "lynched")]
    assert "  - Кража: P2 — не состоялась: вас повесили на линче.\n" in _letters(renderer, t)["P1"]
    assert check_game(renderer, roles, lynch) == []
    ring = {"P1": "P2", "P2": "P3", "P3": "P4", "P4": "P5", "P5": "P6", "P6": "P1"}
    doomed = [{"moves": [{"by": "P3", "action": "invite", "target": "P2"}], "votes": ring},
              {"moves": [{"by": "P2", "action": "check", "target": "P5"}], "votes": ring}]
    t = replay_turns(load_game_file(game_text(roles, doomed)))[1]
    assert [(d.player, d.cause) for d in t.result.deaths] == [("P2", "psycho")]
    mine = _letters(renderer, t, 2)["P2"]
    assert "  - Проверка: P5 — не состоялась: вы не пережили визита к шизику.\n" in mine
    assert check_game(renderer, roles, doomed) == []
