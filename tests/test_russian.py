"""Russian as a host writes it (issue 12): no English in letters, nicks declined, gender from
the config (gender-free wording without it), the forum vote told as counted, click's own
messages in Russian."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from click.testing import CliRunner

from engine.gamefile import load_game_file
from engine.replay import replay_turns
from mailer.config import ConfigError, load_config
from mailer.render import Renderer
from mailer.store import DayRow
from test_properties import game_text
from e2e_config import folder_sections

START = datetime(2026, 12, 7, 16, 30, tzinfo=timezone.utc)

CONFIG = """\
[game]
name = "Слова"
start = "2026-12-07 19:30"
seed = 1
database = "g.db"
{players}
""" + folder_sections("host@example.org")


def renderer_for(tmp_path, genders: dict[str, str | None]) -> Renderer:
    players = "".join(
        f'[[player]]\nnick = "{n}"\nemail = "p{i}@example.org"\n' + (f'gender = "{g}"\n' if g else "")
        for i, (n, g) in enumerate(genders.items()))
    (tmp_path / "game.toml").write_text(CONFIG.format(players=players), encoding="utf-8")
    return Renderer(load_config(tmp_path / "game.toml"))


def day_row(day: int) -> DayRow:
    return DayRow(day=day, deadline=START + timedelta(days=day), event="none")


def letters_and_paper(renderer, roles, turns):
    [t] = replay_turns(load_game_file(game_text(roles, turns)))
    letters = {n: b for n, _, b in renderer.result_letters(
        result=t.result, row=day_row(1), state_before=t.state_before, next_row=day_row(2))}
    paper = renderer.paper(renderer.newspaper(result=t.result, row=day_row(1),
                                              state_before=t.state_before, next_row=day_row(2)))
    return letters, paper


ROLES = {"Бармалей": "clan1.guard", "Ягуарчик": "clan1.boss", "Маша": "doctor", "Петя": "civilian",
         "Жулик": "swindler", "Бука": "civilian", "Вася": "detective"}


def test_gender_from_the_config_and_gender_free_without_it(tmp_path):
    votes = {n: "Маша" for n in ROLES if n != "Маша"}
    renderer = renderer_for(tmp_path, {"Маша": "f", "Петя": "m", **{n: None for n in ROLES if n not in ("Маша", "Петя")}})
    letters, (text, bbcode) = letters_and_paper(renderer, ROLES, [{"moves": [], "votes": votes}])
    assert "Повешена: Маша." in text and "  - Маша, Врач — повешена\n" in text
    assert "[b]Маша[/b], [color=red]Врач[/color] — повешена" in bbcode
    assert "Вас повесили на линче. Спасибо за игру!" in letters["Маша"]
    votes = {n: "Бука" for n in ROLES if n != "Бука"}
    _letters, (text, _bb) = letters_and_paper(renderer, ROLES, [{"moves": [], "votes": votes}])
    assert "Итог линча: Бука." in text and "  - Бука, Мирный — линч\n" in text
    for body in [text, *letters.values()]:
        assert "(а)" not in body and "(ы)" not in body and "(ла)" not in body


def test_a_woman_civilian_is_mirnaya(tmp_path):
    """A plain civilian the config gives ``gender = "f"`` is «Мирная» in her role letter and
    in the newspaper (it said «Мирный» for everybody)."""
    renderer = renderer_for(tmp_path, {**{n: None for n in ROLES}, "Бука": "f"})
    votes = {n: "Бука" for n in ROLES if n != "Бука"}
    _letters, (text, _bb) = letters_and_paper(renderer, ROLES, [{"moves": [], "votes": votes}])
    assert "  - Бука, Мирная — повешена\n" in text
    assert renderer.role_of("Бука", "civilian", None) == "Мирная"
    assert renderer.role_of("Петя", "civilian", None) == "Мирный"
    assert renderer.role_of("Бука", "doctor", None) == "Врач"


def test_a_woman_civilian_is_mirnaya_in_a_refusal_of_her_reply(tmp_path):
    """The engine's refusal of another role's move says «Ваша роль — Мирный»; the reply to a
    plain civilian the config gives ``gender = "f"`` says «Мирная», as her role letter does."""
    from engine.model import Problem
    from engine.reasons import not_your_role_ru

    renderer = renderer_for(tmp_path, {**{n: None for n in ROLES}, "Бука": "f"})
    [t] = replay_turns(load_game_file(game_text(ROLES, [{"moves": [], "votes": {}}])))
    said = not_your_role_ru("«Вколю Петю»", "heal", "civilian")
    refused = Problem("Вколю Петю", "not_your_role", message=said, action="heal", target="Петя")
    for nick, role in (("Бука", "Мирная"), ("Петя", "Мирный")):
        body = renderer.reply(nick=nick, moves=[], problems=[refused], state=t.state_before,
                              day_row=day_row(1), late_deadline=None, status="no_moves",
                              skip=False, cancel=False, now=START)
        assert f"Ваша роль — {role}: своего ночного хода нет" in body, body


def test_no_english_and_declined_nicks_in_result_letters(tmp_path):
    renderer = renderer_for(tmp_path, {n: None for n in ROLES})
    moves = [
        {"by": "Жулик", "action": "swindle", "target": "Маша",
         "branches": {"doctor": {"action": "heal", "target": "Бука"}}},
        {"by": "Ягуарчик", "action": "on_behalf", "member": "Бармалей",
         "move": {"action": "guard", "target": "Ягуарчик"}},
        {"by": "Петя", "action": "vote", "target": "Бука"},
    ]
    letters, _paper = letters_and_paper(renderer, ROLES, [{"moves": moves, "votes": {"Петя": "Бука"}}])
    assert "  - Жульничество: Маша — врач.\n" in letters["Жулик"]
    assert "doctor" not in letters["Жулик"]
    # the member's move named as the reply names it, the outcome agreeing with it (not «выполнено»)
    assert "  - Охрана за Бармалея (охранник): Ягуарчик — выполнена.\n" in letters["Ягуарчик"]
    assert "  - Голос на линче: Бука — учтён: ведущий засчитал тот же голос с форума.\n" in letters["Петя"]


def test_activated_son_reads_boss_of_clan_n(tmp_path):
    roles = {"P1": "clan2.boss", "P2": "son", "P3": "clan2.thief", "P4": "doctor", "P5": "civilian"}
    renderer = renderer_for(tmp_path, {n: None for n in roles})
    votes = {n: "P1" for n in roles if n != "P1"}
    letters, _paper = letters_and_paper(renderer, roles, [{"moves": [], "votes": votes}])
    assert "Босс погиб, и с этого дня (день 2) вы — Босс клана 2." in letters["P2"]
    assert "Босс погиб. Его внебрачный сын — P2; с этого дня (день 2) он ваш Босс." in letters["P3"]


def test_actor_is_told_his_new_role_counts_from_the_day_already_begun(tmp_path):
    """The result letter goes out after close-day, when the next day has begun: the actor's
    new role counts from that day, not «со следующего дня» (a trial). It names whom he
    replaces and gives the new role's rules and example as the role letter gives them (a
    fresh-user check: it named only the role; the text is role_rules.j2's, not a copy)."""
    roles = {"P1": "clan1.boss", "Ромашка": "clan1.guard", "P3": "clan1.actor", "P4": "doctor", "P5": "civilian"}
    renderer = renderer_for(tmp_path, {n: None for n in roles})
    votes = {n: "Ромашка" for n in roles if n != "Ромашка"}
    letters, _paper = letters_and_paper(renderer, roles, [{"moves": [], "votes": votes}])
    rules = ("Каждую ночь вы охраняете одного члена мафии любого клана (можно себя): его нельзя "
             "убить этой ночью. Охрана не-мафии ничего не даёт.\nПример: «Охраняю Синеглазку».")
    assert ("\n\nВы заменяете в клане Ромашку: с этого дня (день 2) ваша роль — Охранник (Клан 1).\n"
            + rules + "\n\n") in letters["P3"]
    assert "со следующего дня" not in letters["P3"]
    state = replay_turns(load_game_file(game_text(roles, [{"moves": [], "votes": votes}])))[0].state_before
    guard = renderer.role_letter(nick="Ромашка", state=state, day_row=day_row(1), code=None)
    assert "\n" + rules + "\n" in guard


def test_gender_must_be_m_or_f(tmp_path):
    (tmp_path / "game.toml").write_text(CONFIG.format(
        players='[[player]]\nnick = "A"\nemail = "a@example.org"\ngender = "ж"\n'), encoding="utf-8")
    with pytest.raises(ConfigError, match=r"player\[1\]\.gender .*gender = \"m\""):
        load_config(tmp_path / "game.toml")


def test_click_file_errors_in_russian(tmp_path):
    from mailer.cli import main

    (tmp_path / "game.toml").write_text(CONFIG.format(
        players='[[player]]\nnick = "A"\nemail = "a@example.org"\n'), encoding="utf-8")
    out = CliRunner().invoke(main, ["--config", str(tmp_path / "game.toml"), "votes", "import",
                                    str(tmp_path / "нет.csv")])
    assert out.exit_code == 2
    assert "нет такого файла или папки" in out.output and "No such file" not in out.output


def test_tables_fit_80_columns_when_piped(tmp_path):
    """inbox, outbox and status piped (no terminal: 80 columns): no line longer than 80, and
    times and ids whole (it used to print «2026-12-…»)."""
    from mailer.cli import main
    from mailer.demo import copy_demo
    from mailer.store import Store
    from mailer.sync import sync
    from mailer.day import init_game

    cfg = load_config(copy_demo(tmp_path / "demo"))
    store = Store(cfg.database_url)
    try:
        init_game(cfg, store, now=cfg.start - timedelta(minutes=5), event="none")
        sync(cfg, store, now=cfg.start + timedelta(days=1, minutes=5))
    finally:
        store.dispose()
    for command in (["inbox"], ["outbox"], ["status"]):
        # the config from the environment: a hint repeats a --config path typed, however long
        out = CliRunner().invoke(main, command, env={"MAFIA_MAIL_CONFIG": str(cfg.path)})
        assert out.exit_code == 0, out.output
        assert max(len(line) for line in out.output.splitlines()) <= 80, (command, out.output)
        assert "…" not in out.output
    inbox = CliRunner().invoke(main, ["--config", str(cfg.path), "inbox"]).output
    assert "2026-12-07 19:42" in inbox


def test_init_shows_the_roles_and_warns_of_a_short_roster(tmp_path):
    """init tells the host who got which role, and that a game of fewer players than the
    rules' 24 leaves roles out; edit of a letter already sent says so."""
    from pathlib import Path

    from mailer.cli import main

    config = tmp_path / "game.toml"
    text = (Path(__file__).parent.parent / "config.example.toml").read_text(encoding="utf-8")
    config.write_text(text.replace('kind = "smtp"', 'kind = "folder"\npath = "outbox"'), encoding="utf-8")
    out = CliRunner().invoke(main, ["--config", str(config), "init"], env={"COLUMNS": "200"})
    assert out.exit_code == 0, out.output
    lines = [line.split() for line in out.output.splitlines()]
    assert ["Ягуар", "Босс", "(Клан", "1)"] in lines  # as the letters and the newspaper write it
    assert "правила рассчитаны на 24 игрока, а в игре 2: часть ролей не роздана" in out.output
    sent = CliRunner().invoke(main, ["--config", str(config), "send"])
    assert sent.exit_code == 0, sent.output
    edit = CliRunner().invoke(main, ["--config", str(config), "edit", "1"])
    assert edit.exit_code == 1 and "письмо 1 уже не в очереди (отправлено)" in edit.output


@pytest.mark.parametrize("at, told", [
    ("2026-12-07T12:00:00+03:00", None),
    ("2026-12-08T10:00:00+03:00", "Внимание: начало игры в настройках (start = 07.12.2026 19:30 "
     "(МСК)) уже прошло; день 1 идёт с этого времени, срок — по календарю."),
    ("2026-12-09T12:00:00+03:00", "Внимание: начало игры в настройках (start = 07.12.2026 19:30 "
     "(МСК)) уже прошло, и срок дня 1 по календарю (08.12.2026 19:30 (МСК)) "
     "тоже: срок дня 1 — ближайший конец игрового дня, 09.12.2026 19:30 (МСК). Другой "
     "срок: mafia-mail deadline \"завтра 23:00\"; другое начало — исправьте start и создайте "
     "игру с новой базой: в разделе [game] задайте в database другое имя (сейчас — {db}) или "
     "удалите этот файл, затем снова mafia-mail --config {config} init."),
])
def test_init_tells_the_host_that_start_is_past(tmp_path, at, told):
    """init with a ``start`` already past moved day 1's deadline to the next 19:30 silently."""
    from pathlib import Path

    from mailer.cli import main

    config = tmp_path / "game.toml"
    text = (Path(__file__).parent.parent / "config.example.toml").read_text(encoding="utf-8")
    config.write_text(text.replace('kind = "smtp"', 'kind = "folder"\npath = "outbox"'), encoding="utf-8")
    out = CliRunner().invoke(main, ["--config", str(config), "init"], env={"COLUMNS": "200", "MAFIA_MAIL_NOW": at})
    assert out.exit_code == 0, out.output
    warned = [line for line in out.output.splitlines() if "start =" in line]
    assert warned == ([told.format(db=tmp_path / "game.db", config=config)] if told else [])


@pytest.mark.parametrize("text, m, f", [
    ("убит(а) Маньяком", "убит Маньяком", "убита Маньяком"),
    ("умер(ла) после визита к Шизику", "умер после визита к Шизику", "умерла после визита к Шизику"),
    ("обречён(а) (Шизик)", "обречён (Шизик)", "обречена (Шизик)"),
    ("выбыл(а) по автокиллу", "выбыл по автокиллу", "выбыла по автокиллу"),
    ("под охраной", "под охраной", "под охраной"),
])
def test_agree_gives_the_form_of_the_players_gender(text, m, f):
    """engine.reasons.agree: the host's notes in agreement with a known gender, as written
    (both forms) when it is not known."""
    from engine.reasons import agree

    assert (agree(text, "m"), agree(text, "f"), agree(text, None)) == (m, f, text)


def test_result_letter_tells_each_move_once_and_the_forum_vote_that_counted(tmp_path):
    """The same move sent in two letters is listed once, as it ended; letter votes a later
    forum vote replaced give one line naming the forum vote that counted; a vote only on the
    forum is told too."""
    renderer = renderer_for(tmp_path, {n: None for n in ROLES})
    moves = [
        {"by": "Петя", "action": "vote", "targets": ["Бука"]},
        {"by": "Петя", "action": "vote", "targets": ["Бука"]},
        {"by": "Вася", "action": "check", "target": "Бармалей"},
        {"by": "Вася", "action": "check", "target": "Бармалей"},
    ]
    votes = {"Петя": "Маша", "Маша": "Бука"}
    letters, _paper = letters_and_paper(renderer, ROLES, [{"moves": moves, "votes": votes}])
    petya = letters["Петя"]
    assert petya.count("Голос на линче") == 1, petya
    assert "  - Голос на линче: Маша — учтён ваш голос с форума (он заменил голос из письма).\n" in petya
    vasya = letters["Вася"]
    assert vasya.count("  - Проверка: Бармалей — выполнена.") == 1 and "заменён более поздним письмом" not in vasya, vasya
    assert "  - Голос на линче: Бука — учтён ваш голос с форума.\n" in letters["Маша"]


@pytest.mark.parametrize("nick, accs", [
    ("Кабан", "Кабана"),    # the dictionary's first reading is a thing: a player is a person
    ("Гром", "Грома"),      # known only as a thing (masculine): its accusative is the genitive
    ("Волк", "Волка"), ("Сова", "Сову"), ("Тётя Ася", "Тётю Асю"), ("Dr.Who", "Dr.Who"),
])
def test_a_nick_in_the_accusative_is_declined_as_a_person(nick, accs):
    """Host and player texts say «голос за Кабана» (a trial saw «Волк — за Кабан, Сову»)."""
    from engine.words import inflect

    assert inflect(nick, "accs") == accs


@pytest.mark.parametrize("nick, datv", [
    ("Ирина.К", "Ирина.К"),          # an initial after a dot: kept (it read «Ирина.ку»)
    ("Леночка_В", "Леночка_В"),      # an initial after «_»: kept (it read «Леночка_ву»)
    ("Сова.ночная", "Сова.ночная"),  # lowercase after the dot: kept (it read «Сова.ночной»)
    ("Зав.отделением", "Зав.отделением"),  # an abbreviation's dot: kept
    ("Лена.Ферми", "Лене.Ферми"),    # two words joined by a dot: the head declined, case kept
    ("Серый_Волк", "Серому_Волку"), ("Химичка-87", "Химичка-87"),
])
def test_a_nick_joined_by_marks_is_declined_word_by_word_or_kept(nick, datv):
    """Result letters say «голос Лене.Ферми»; a nick whose word holds an initial, a number or an
    abbreviation is written as the roster has it, never half declined («Ирина.ку»)."""
    from engine.words import inflect

    assert inflect(nick, "datv") == datv


def test_last_living_clan_member_is_told_he_orders_the_kill(tmp_path):
    """DECISIONS.md §4 Clan kill: with the boss gone, the clan kills on its members' orders; the
    member left alone is told that the kill is now his to order (a trial: nobody told him).
    Told once, in the turn he is left alone, and never to a civilian."""
    roles = {"P1": "clan1.boss", "P2": "clan1.thief", "P3": "doctor", "P4": "civilian",
             "P5": "civilian", "P6": "civilian", "P7": "civilian"}
    renderer = renderer_for(tmp_path, {n: None for n in roles})
    votes = {n: "P1" for n in roles if n != "P1"}
    letters, _paper = letters_and_paper(renderer, roles, [{"moves": [], "votes": votes}])
    told = ("Вы остались единственным живым членом клана 1: убийство от клана теперь приказываете "
            "вы сами. Пишите в письме с ходами «Убиваем …» и ник жертвы (в «Полнолуние» клан "
            "убивает двоих — «Убиваем X и Y»).")
    assert told in letters["P2"]
    assert all("единственным живым членом" not in letters[n] for n in roles if n != "P2")
    votes = {n: "P4" for n in roles if n != "P4"}
    letters, _paper = letters_and_paper(renderer, roles, [{"moves": [], "votes": votes}])
    assert "единственным живым членом" not in letters["P2"]  # the boss still lives


def test_fan_who_found_her_role_is_told_how_to_use_her_check(tmp_path):
    """DECISIONS.md §4 Fan: found → one check of her own in any later turn; her letter says
    what to write for it (a trial: it only said «нашла»). A search that finds nobody does not."""
    roles = {"P1": "clan1.boss", "P2": "clan1.thief", "Фанатка": "fan", "Комиссар": "detective",
             "P5": "civilian", "P6": "civilian", "P7": "civilian"}
    renderer = renderer_for(tmp_path, {n: None for n in roles})
    votes = {n: "P5" for n in roles if n != "P5"}
    told = ("\n\nТеперь у вас есть одна своя проверка, искать больше не нужно. Проверить игрока "
            "можно с этого дня (день 2) или позже: напишите, например, «Проверяю Незнайку на мафию» "
            "— в итогах того дня узнаете, мафия он или мирный. В день проверки мирную охоту "
            "отправить нельзя.\n\n")
    found = [{"by": "Фанатка", "action": "search", "target": "Комиссар"}]
    letters, _paper = letters_and_paper(renderer, roles, [{"moves": found, "votes": votes}])
    # her own letter speaks to her («вы нашли»), not of her («нашла»: explain's, for the host)
    assert "  - Поиск детектива: Комиссар — вы нашли того, кого искали.\n" in letters["Фанатка"]
    assert told in letters["Фанатка"] and "нашла" not in letters["Фанатка"]
    missed = [{"by": "Фанатка", "action": "search", "target": "P6"}]
    letters, _paper = letters_and_paper(renderer, roles, [{"moves": missed, "votes": votes}])
    assert "  - Поиск детектива: P6 — не тот, кого вы ищете.\n" in letters["Фанатка"]
    assert "нашла" not in letters["Фанатка"] and "одну свою проверку" not in letters["Фанатка"]
    # what she is told to write is read as her check the next day (and not before she found)
    from mailer.offline import parse_letter

    game = tmp_path / "fan.toml"
    game.write_text(game_text(roles, [{"moves": found, "votes": votes}, {"moves": [], "votes": {}}]),
                    encoding="utf-8")
    letter = "Проверяю P1 на мафию".encode()
    assert parse_letter(str(game), "Фанатка", letter, eml=False, at=None, day=2).to_json() == {
        "moves": [{"action": "check", "target": "P1"}], "problems": []}
    assert parse_letter(str(game), "Фанатка", letter, eml=False, at=None, day=1).to_json()["moves"] == []


def test_fan_role_letter_example_is_russian_and_reads_as_her_search(tmp_path):
    """The fan's example was «Ищу среди Незнайки» (a search «among» one player; a trial): now a
    phrase with the nick as written (no case to get wrong for any nick), and the example, sent
    as it stands by a fan of a game where those nicks play, is her search and her hunt."""
    import re

    from mailer.offline import parse_letter

    roles = {"P1": "clan1.boss", "P2": "clan1.thief", "Фанатка": "fan", "Комиссар": "detective",
             "P5": "civilian"}
    renderer = renderer_for(tmp_path, {n: None for n in roles})
    [turn] = replay_turns(load_game_file(game_text(roles, [{"moves": [], "votes": {}}])))
    letter = renderer.role_letter(nick="Фанатка", state=turn.state_before, day_row=day_row(1), code=None)
    assert "Пример: «Проверяю, не детектив ли Незнайка. МО: Синеглазка».\n" in letter
    example = re.search(r"Пример: «(.*)»\.", letter).group(1)
    played = {**roles, "Незнайка": "civilian", "Синеглазка": "civilian"}
    path = tmp_path / "fan.toml"
    path.write_text(game_text(played, [{"moves": [], "votes": {}}]), encoding="utf-8")
    assert parse_letter(str(path), "Фанатка", example.encode(), eml=False, at=None, day=1).to_json() == {
        "moves": [{"action": "search", "target": "Незнайка"}, {"action": "hunt", "target": "Синеглазка"}],
        "problems": []}


def test_swindler_role_letter_example_names_roles_as_the_game_does(tmp_path):
    """The swindler's example said «если он доктор … если комиссар» (a fresh-user check): the
    game's role names are «Врач» and «Детектив». Sent as it stands by a swindler of a game
    where those nicks play, it is his swindle with three branches."""
    import re

    from mailer.offline import parse_letter
    from mailer.render_words import EXAMPLE_NICKS

    roles = {"P1": "clan1.boss", "P2": "clan1.thief", "Жулик": "swindler", "Врач": "doctor",
             "P5": "civilian"}
    renderer = renderer_for(tmp_path, {n: None for n in roles})
    [turn] = replay_turns(load_game_file(game_text(roles, [{"moves": [], "votes": {}}])))
    letter = renderer.role_letter(nick="Жулик", state=turn.state_before, day_row=day_row(1), code=None)
    example = re.search(r"Пример: «(Жульничаю.*)»\.", letter).group(1)
    assert "Если он врач — лечу " in example and "; если детектив — проверяю " in example
    assert "доктор" not in letter and "комиссар" not in letter
    played = {**roles, **{n: "civilian" for n in EXAMPLE_NICKS[:4]}}
    path = tmp_path / "swindler.toml"
    path.write_text(game_text(played, [{"moves": [], "votes": {}}]), encoding="utf-8")
    [move] = parse_letter(str(path), "Жулик", example.encode(), eml=False, at=None,
                          day=1).to_json()["moves"]
    assert move["action"] == "swindle" and move["target"] == EXAMPLE_NICKS[2]
    assert sorted(move["branches"]) == ["detective", "doctor", "psycho"]


def test_a_players_own_letter_speaks_to_him():
    """«игрок лишён голоса» in the player's own letter (a trial): his own move's reason is said
    to him; a boss's move for a member keeps the member's reason said of the member."""
    from mailer.render_words import outcome_text

    vote = {"action": "vote", "target": "Бука", "outcome": "void", "reason": "lost_vote"}
    assert outcome_text(vote) == "не состоялось: вы лишены голоса"
    assert outcome_text(dict(vote, reason="cancelled")) == "не состоялось: вы отменили этот ход"
    refused = {"action": "heal", "target": "Бука", "outcome": "refused", "reason": "not_your_role"}
    assert outcome_text(refused) == "не принято: такой ход не положен вашей роли"
    member = {"action": "on_behalf", "member": "Бармалей", "outcome": "refused", "reason": "not_your_role"}
    assert outcome_text(member) == "не принято: такой ход не положен роли игрока"


def test_a_shot_at_the_hanged_player_says_he_was_gone(tmp_path):
    """A hunter's lone shot at the player hanged that day: her letter says the target was
    hanged before her move's turn came (it said «не удалось», as for too few shots); the inactive son
    shooting there reads the same, as a plain civilian would (DECISIONS.md §4 Son)."""
    roles = {"P1": "clan1.boss", "P2": "clan1.thief", "P3": "doctor", "P4": "civilian",
             "P5": "civilian", "Сын": "son", "P7": "civilian"}
    renderer = renderer_for(tmp_path, {n: None for n in roles})
    votes = {n: "P2" for n in roles if n != "P2"}
    moves = [{"by": "P5", "action": "hunt", "target": "P2"}, {"by": "Сын", "action": "hunt", "target": "P2"}]
    letters, _paper = letters_and_paper(renderer, roles, [{"moves": moves, "votes": votes}])
    for nick in ("P5", "Сын"):
        # (how it left the game, session 56: not «цель уже выбыла из игры», as if out before)
        assert "  - Мирная охота: P2 — не удалась: цель повешена на линче, раньше чем дошла очередь " \
               "вашего хода.\n" in letters[nick], letters[nick]


def test_a_blocked_hunter_is_told_why_his_shot_failed(tmp_path):
    """«Мирная охота: Тортилла — не удалась» with no reason while the newspaper told of her
    death by the hunt (a fresh-user check: the shooter had been beaten; then «не удалась: вас
    избили» still read as if the hunt failed: his shot is what failed). A move the player's own
    state stopped gives the reason ``explain`` gives (engine.reasons: «сам(а) избит(а)»), said
    to him; who beat or robbed him is not told, and a failure on the target's side (guarded:
    the target is mafia) stays neutral (issue 5)."""
    roles = {"P1": "clan1.boss", "P2": "clan1.thief", "P3": "clan1.guard", "Громила": "thug",
             "Карлсон": "civilian", "Вишенка": "civilian", "Ёжик": "civilian", "Стерва": "hostess",
             "Врач": "doctor"}
    renderer = renderer_for(tmp_path, {n: None for n in roles})
    votes = {n: "Врач" for n in roles if n != "Врач"}
    moves = [{"by": "Громила", "action": "beat", "target": "Карлсон"},
             {"by": "P2", "action": "rob", "target": "Стерва"},
             {"by": "Стерва", "action": "invite", "target": "Ёжик"}]
    moves += [{"by": n, "action": "hunt", "target": "P2"} for n in ("Карлсон", "Вишенка", "Ёжик")]
    letters, paper = letters_and_paper(renderer, roles, [{"moves": moves, "votes": votes}])
    # the hunt killed P2 with the two other shots: only his shot is said to have failed
    assert "  - Мирная охота: P2 — ваш выстрел не засчитан: вас избили.\n" in letters["Карлсон"]
    assert "не удалась" not in letters["Карлсон"]
    assert "  - Приглашение: Ёжик — не удалось: вас обворовали.\n" in letters["Стерва"]
    assert "  - Мирная охота: P2 — ваш выстрел не засчитан: вы были в гостях у Стервы.\n" not in letters["Ёжик"]
    assert "  - Мирная охота: P2 — выполнена.\n" in letters["Вишенка"]  # two shots counted
    assert "Громила" not in letters["Карлсон"]
    hosted = [{"by": "Стерва", "action": "invite", "target": "Ёжик"},
              {"by": "P3", "action": "guard", "target": "P2"}]
    hosted += [{"by": n, "action": "hunt", "target": "P2"} for n in ("Карлсон", "Вишенка", "Ёжик")]
    letters, paper = letters_and_paper(renderer, roles, [{"moves": hosted, "votes": votes}])
    assert "  - Мирная охота: P2 — ваш выстрел не засчитан: вы были в гостях у Стервы.\n" in letters["Ёжик"]
    assert "  - Мирная охота: P2 — не удалась.\n" in letters["Карлсон"]  # guarded: not told


def test_the_psychos_move_is_not_the_hostess_invitation(tmp_path):
    """The psycho's move was «Приглашение» like the hostess's (a trial), then «Визит к
    Шизику», the victim's side (a fresh user): he invites (DECISIONS.md §4 Psycho), so his move
    is «Приглашение к Шизику» in the reply, the result letter and ``explain``."""
    from engine.explain import explain_turn
    from engine.model import Move
    from engine.move_words import describe_move

    roles = {"P1": "clan1.boss", "Шиз": "psycho", "Стерва": "hostess", "P4": "civilian",
             "P5": "civilian", "P6": "civilian", "P7": "doctor"}
    renderer = renderer_for(tmp_path, {n: None for n in roles})
    moves = [{"by": "Шиз", "action": "invite", "target": "P4"}, {"by": "Стерва", "action": "invite", "target": "P5"}]
    votes = {n: "P6" for n in roles if n != "P6"}
    [t] = replay_turns(load_game_file(game_text(roles, [{"moves": moves, "votes": votes}])))
    invite = Move(action="invite", target="P4")
    assert describe_move(invite, t.state_before, "psycho") == "Приглашение к Шизику: P4"
    assert describe_move(invite, t.state_before, "hostess") == "Приглашение: P4"
    letters, _paper = letters_and_paper(renderer, roles, [{"moves": moves, "votes": votes}])
    assert "  - Приглашение к Шизику: P4 — выполнено.\n" in letters["Шиз"]
    assert "  - Приглашение: P5 — выполнено.\n" in letters["Стерва"]
    notes = explain_turn(t.result, t.state_before).splitlines()
    assert notes[notes.index("  Шиз (Шизик):") + 1] == "    • приглашение к Шизику → P4 — выполнено"
    assert notes[notes.index("  Стерва (Стерва):") + 1] == "    • приглашение → P5 — выполнено"
    # the reply's refusals (and inbox's problems) name his move the same way (a fresh-user check)
    from mailer.offline import parse_letter

    game = tmp_path / "psycho.toml"
    game.write_text(game_text(roles, [{"moves": [], "votes": {}}]), encoding="utf-8")

    def told(sender: str, text: str) -> list[str]:
        return [p.message for p in parse_letter(str(game), sender, text.encode(), eml=False, at=None,
                                                day=1).problems]

    assert told("Шиз", "Шизю P4 и P5") == [
        "В этом ходе (приглашение к Шизику) можно назвать только одного игрока: «Шизю P4 и P5»."]
    assert told("Шиз", "Шизю P4. Шизю P5.") == [
        "В письме два разных хода одного вида (приглашение к Шизику); напишите, какой из них верный: "
        "«Шизю P4 / Шизю P5»."]
    assert told("Стерва", "Приглашаю P4. Приглашаю P5.") == [
        "В письме два разных хода одного вида (приглашение); напишите, какой из них верный: "
        "«Приглашаю P4 / Приглашаю P5»."]


def test_one_subject_format_and_clan_with_a_space(tmp_path):
    """Subjects read «Мафия: демо: итоги» for a game named with a colon, and «Клан1» had no
    space (a trial): every letter's subject is «[name] What», a clan is «Клан 1»."""
    roles = {"P1": "clan1.boss", "P2": "clan1.thief", "P3": "doctor", "P4": "civilian", "P5": "civilian"}
    renderer = renderer_for(tmp_path, {n: None for n in roles})
    votes = {n: "P2" for n in roles if n != "P2"}
    [t] = replay_turns(load_game_file(game_text(roles, [{"moves": [], "votes": votes}])))
    subjects = {s for _n, s, _b in renderer.result_letters(result=t.result, row=day_row(1),
                                                           state_before=t.state_before, next_row=day_row(2))}
    assert subjects == {"[Слова] Итоги дня 1"}
    _letters, (paper, _bb) = letters_and_paper(renderer, roles, [{"moves": [], "votes": votes}])
    assert "  - P2, Вор (Клан 1) — линч\n" in paper
    from dataclasses import replace

    assert replace(renderer.cfg, name="Мафия: демо").subject("ваша роль") == "[Мафия: демо] Ваша роль"


def test_the_witness_reads_a_sentence(tmp_path):
    """«Слежка: X — видели: Y» (a trial): the witness reads whom he watched and who attacked
    that player as a sentence, the nicks declined (nobody attacking is a failed watch,
    DECISIONS.md §4 Witness: «не удалось» under his moves)."""
    roles = {"P1": "clan1.boss", "Маруська": "civilian", "Свидетель": "witness", "Бука": "civilian",
             "P5": "civilian", "P6": "civilian", "P7": "doctor"}
    renderer = renderer_for(tmp_path, {n: None for n in roles})
    votes = {n: "P6" for n in roles if n != "P6"}
    moves = [{"by": "P1", "action": "clan_kill", "target": "Маруська"},
             {"by": "Свидетель", "action": "watch", "target": "Маруська"}]
    letters, _paper = letters_and_paper(renderer, roles, [{"moves": moves, "votes": votes}])
    # one sentence naming the watched player once (it read «Слежка за Маруськой: на Маруську …»)
    assert "  - Слежка: на Маруську этой ночью покушались — P1.\n" in letters["Свидетель"]
    # her line under «Ваши ходы», this one, and the day's dead as the newspaper tells them
    assert letters["Свидетель"].count("Маруськ") == 3
    moves[1] = {"by": "Свидетель", "action": "watch", "target": "Бука"}
    letters, _paper = letters_and_paper(renderer, roles, [{"moves": moves, "votes": votes}])
    assert "  - Слежка: Бука — не удалась.\n" in letters["Свидетель"]
    assert "покушались" not in letters["Свидетель"]


def test_the_outcome_word_agrees_with_the_moves_name():
    """«Кража — не состоялась», «Поиск — выполнен», «Лечение — не удалось»: the outcome word
    takes the gender of the move's name; a line with no name (for a clan member) stays neuter."""
    from mailer.render_words import outcome_text

    assert outcome_text({"outcome": "void", "reason": "cancelled"}, "Кража") == "не состоялась: вы отменили этот ход"
    assert outcome_text({"told": "не состоялось: вас повесили на линче"}, "Кража") == \
        "не состоялась: вас повесили на линче"
    assert outcome_text({"outcome": "done"}, "Проверка") == "выполнена"
    assert outcome_text({"outcome": "done"}, "Охрана") == "выполнена"
    assert outcome_text({"outcome": "failed", "reason": "x"}, "Слежка") == "не удалась"
    assert outcome_text({"outcome": "done"}, "Поиск") == "выполнен"
    assert outcome_text({"outcome": "failed", "reason": "x"}, "Голос на линче") == "не удался"
    assert outcome_text({"outcome": "refused", "reason": "late"}, "Мирная охота").startswith("не принята: ")
    assert outcome_text({"outcome": "failed", "reason": "x"}, "Лечение") == "не удалось"
    assert outcome_text({"outcome": "done"}, "Убийство маньяка") == "выполнено"
    assert outcome_text({"outcome": "done"}) == "выполнено"


def test_psycho_role_letter_tells_when_the_guest_dies(tmp_path):
    """The psycho's letter said his guest «умрёт в начале следующего дня, если врач не вылечит
    его в следующую ночь» (a fresh-user check: the day comes before that night, so no heal
    could ever save him). DECISIONS.md §4 Psycho: the guest lives through the next day and dies
    at step 1 of the next turn unless healed in that turn."""
    roles = {"P1": "clan1.boss", "P2": "clan1.thief", "Шиз": "psycho", "P4": "doctor",
             "P5": "civilian"}
    renderer = renderer_for(tmp_path, {n: None for n in roles})
    [turn] = replay_turns(load_game_file(game_text(roles, [{"moves": [], "votes": {}}])))
    letter = renderer.role_letter(nick="Шиз", state=turn.state_before, day_row=day_row(1), code=None)
    assert ("пропускает ночной ход, проживёт ещё день и погибнет при подведении итогов "
            "следующего хода (вместе с повешенным), если врач не вылечит его в этот следующий "
            "ход.") in " ".join(letter.split())
    assert "в начале следующего дня" not in letter


def test_role_letter_tells_the_autokill_rule_with_the_games_numbers(tmp_path):
    """A fresh host's players lost a player to autokill they were never told of: the role
    letter states it, with this game's house-rule numbers (DECISIONS.md §7)."""
    roles = {"P1": "clan1.boss", "P2": "civilian", "P3": "doctor"}
    renderer = renderer_for(tmp_path, {n: None for n in roles})
    [turn] = replay_turns(load_game_file(game_text(roles, [{"moves": [], "votes": {}}])))
    letter = renderer.role_letter(nick="P2", state=turn.state_before, day_row=day_row(1), code=None)
    assert ("\nАвтокилл: каждый день, когда вы пишете в теме игры на форуме меньше 66 слов, и каждый "
            "день без голоса на линче — штрафное очко; при 3 очках игрок выбывает, его роль "
            "открывается.\n") in letter
    (tmp_path / "game.toml").write_text((tmp_path / "game.toml").read_text(encoding="utf-8").replace(
        'database = "g.db"\n', 'database = "g.db"\n[game.house_rules]\nautokill_words = 100\n'
        'autokill_points = 2\n'), encoding="utf-8")
    letter = Renderer(load_config(tmp_path / "game.toml")).role_letter(
        nick="P2", state=turn.state_before, day_row=day_row(1), code=None)
    assert "меньше 100 слов" in letter and "при 2 очках игрок выбывает" in letter


def test_palms_lost_votes_are_told_as_lost_not_as_chosen(tmp_path):
    """«Пальмы цветут»: a player stripped of his vote had «Голос на линче: Ворон — учтён ваш голос
    с форума» (his own name: the rule's, not his choice), another «не состоялся» though his
    vote hanged him, and the newspaper «Ворон — 1: Ворон» with no word why (a fresh host)."""
    renderer = renderer_for(tmp_path, {n: None for n in ROLES})
    text = game_text(ROLES, [{"moves": [{"by": "Петя", "action": "vote", "targets": ["Бука"]}],
                              "votes": {"Маша": "Бука", "Вася": "Петя"}}])
    text = text.replace('event = "none"', 'event = "palms"\nlost_vote = ["Петя", "Маша"]')
    [t] = replay_turns(load_game_file(text))
    row = DayRow(day=1, deadline=START + timedelta(days=1), event="palms")
    letters = {n: b for n, _, b in renderer.result_letters(
        result=t.result, row=row, state_before=t.state_before, next_row=day_row(2))}
    paper = renderer.paper(renderer.newspaper(result=t.result, row=row,
                                              state_before=t.state_before, next_row=day_row(2)))[0]
    lost = ("вы лишены голоса («Пальмы цветут»: запретные слова в теме игры), и ваш голос засчитан "
            "против вас самих.\n")
    assert "  - Голос на линче: Бука — не состоялся: " + lost in letters["Петя"], letters["Петя"]
    assert "  - Голос на линче — не состоялся: " + lost in letters["Маша"], letters["Маша"]
    assert "учтён" not in letters["Маша"] and letters["Маша"].count("Голос на линче") == 1
    assert "  - Голос на линче: Петя — учтён ваш голос с форума.\n" in letters["Вася"]
    assert "\nЛишены голоса («Пальмы цветут»: голос каждого засчитан против него самого): Петя, Маша.\n" \
        in paper, paper
    assert "  Петя — 2: Петя, Вася\n" in paper and "  Маша — 1: Маша\n" in paper
    from engine.explain import explain_turn

    told = explain_turn(t.result, t.state_before)
    # not «голос на линче с форума (пост в ветке…)»: the host took it, no post gave it
    assert "  Маша (Врач):\n    • лишён(а) голоса ведущим («Пальмы цветут»: его голос — против него самого → Маша)\n" \
        in told, told
    assert "с форума" not in told.split("  Маша (Врач):")[1].split("\n  ")[0]


def test_role_letter_lists_the_games_own_words(tmp_path):
    """A fresh host of a themed game: the role letter gave only «Лечу Незнайку», nothing of
    the words the game's config ([words]) makes moves; it lists them, by move."""
    roles = {"P1": "clan1.boss", "P2": "civilian", "P3": "doctor"}
    renderer_for(tmp_path, {n: None for n in roles})
    path = tmp_path / "game.toml"
    path.write_text(path.read_text(encoding="utf-8") + '\n[words]\nheal = ["штопать"]\nvote = ["на рею"]\n',
                    encoding="utf-8")
    [turn] = replay_turns(load_game_file(game_text(roles, [{"moves": [], "votes": {}}])))
    letter = Renderer(load_config(path)).role_letter(nick="P3", state=turn.state_before,
                                                     day_row=day_row(1), code=None)
    assert ("\nСлова этой игры — ими тоже можно писать ходы, в любой форме (ход — когда рядом назван "
            "игрок):\n  лечение: «штопать»\n  голос на линче: «на рею»\nАвтокилл:") in letter, letter
    (tmp_path / "plain").mkdir()
    plain = renderer_for(tmp_path / "plain", {n: None for n in roles})
    assert "Слова этой игры" not in plain.role_letter(nick="P3", state=turn.state_before,
                                                      day_row=day_row(1), code=None)


def case_day_letters(tmp_path, case: str, day: int):
    """Day ``day`` of the adjudication case ``tests/cases/<case>`` replayed: (its turn, nick →
    the body of his result letter)."""
    from pathlib import Path

    t = replay_turns(load_game_file(Path(__file__).parent.joinpath("cases", case).read_text(encoding="utf-8")))[day - 1]
    renderer = renderer_for(tmp_path, {n: None for n in t.state_before.players})
    return t, {n: b for n, _, b in renderer.result_letters(
        result=t.result, row=day_row(day), state_before=t.state_before, next_row=day_row(day + 1))}


def test_swindlers_stolen_search_is_named_by_the_role_his_branch_seeks(tmp_path):
    """The detective dead, the swindler's fan branch «ищу врача у Doc»: his reply promised
    «Поиск врача»; the resolver looks for the doctor and his result letter says so (it said
    «Поиск детектива» and looked for the dead detective)."""
    _t, letters = case_day_letters(tmp_path, "swindler_stolen_search_named_role.toml", 2)
    assert "Поиск врача: Doc — выполнен." in letters["Swindler"]
    assert "Поиск врача: Doc — вы нашли того, кого искали." in letters["Swindler"]
    assert "детектив" not in letters["Swindler"]


def test_members_left_without_a_boss_are_told_who_orders_the_kill(tmp_path):
    """DECISIONS.md §4 Clan kill: a boss dead with no son to activate and no actor to take his
    role leaves the clan's kill to its members' orders, by precedence; the living members are
    told so (a fresh host: «the clan is not told who leads after its boss dies»). Not when
    the son becomes the boss, and not while the boss lives."""
    told = ("Босс клана 1 погиб, и заменить его некому: убийство от клана теперь приказываете "
            "вы, члены клана. Пишите в письме с ходами «Убиваем …» и ник жертвы (в «Полнолуние» "
            "клан убивает двоих — «Убиваем X и Y»); если приказы "
            "разные, действует приказ старшего по роли: Вор, затем Охранник, Индеец, Актёр.")
    roles = {"P1": "clan1.boss", "P2": "clan1.thief", "P3": "clan1.guard", "P4": "doctor",
             "P5": "civilian", "P6": "civilian", "P7": "civilian", "P8": "civilian"}
    renderer = renderer_for(tmp_path, {n: None for n in roles})
    votes = {n: "P1" for n in roles if n != "P1"}
    letters, _paper = letters_and_paper(renderer, roles, [{"moves": [], "votes": votes}])
    assert told in letters["P2"] and told in letters["P3"]
    assert all("заменить его некому" not in letters[n] for n in roles if n not in ("P1", "P2", "P3"))
    votes = {n: "P4" for n in roles if n != "P4"}
    letters, _paper = letters_and_paper(renderer, roles, [{"moves": [], "votes": votes}])
    assert all("заменить его некому" not in b for b in letters.values())  # the boss lives
    with_son = {**roles, "P8": "son"}
    renderer = renderer_for(tmp_path, {n: None for n in with_son})
    votes = {n: "P1" for n in with_son if n != "P1"}
    letters, _paper = letters_and_paper(renderer, with_son, [{"moves": [], "votes": votes}])
    assert all("заменить его некому" not in b for b in letters.values())  # the son leads it
    assert "он ваш Босс" in letters["P2"]
    with_actor = {**roles, "P3": "clan1.actor"}  # no son: the actor takes the boss's role
    renderer = renderer_for(tmp_path, {n: None for n in with_actor})
    letters, _paper = letters_and_paper(renderer, with_actor, [{"moves": [], "votes": votes}])
    assert all("заменить его некому" not in b for b in letters.values())
    assert "Актёр P3 заменяет в клане" in letters["P2"]


def test_fans_search_for_a_named_role_is_told_by_that_role(tmp_path):
    """The detective dead, the fan searches for the doctor and finds him: her letter says
    «Поиск врача: Doc — вы нашли того, кого искали», and a search the next day is refused with
    «Вы уже нашли врача» (a fresh host's trial, session 59: both said «детектива»)."""
    from engine.legality import refusal_problem
    from engine.model import Move, TurnInfo

    t, letters = case_day_letters(tmp_path, "fan_search_named_role_told.toml", 2)
    assert "Поиск врача: Doc — вы нашли того, кого искали." in letters["Fan"], letters["Fan"]
    assert "детектив" not in letters["Fan"]
    after = t.result.new_state
    assert after.players["Fan"].fan_found
    refused = refusal_problem(after, TurnInfo(day=3, event="none"),
                              Move("search", target="Civ1", span="Ищу врача у Civ1"), "already_found", "Fan")
    assert refused.message == "Вы уже нашли врача, искать больше не нужно: «Ищу врача у Civ1»."
