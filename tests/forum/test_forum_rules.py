"""The thread under the game's rules: «Тайна», «Ярость», letter and thread votes merged by
time at close-day, imports that fail change nothing, pages of an unknown engine."""

from __future__ import annotations

import json
import os
from datetime import timedelta

from click.testing import CliRunner
from sqlmodel import func, select

from mailer.cli import main
from mailer.forum.db import ForumPost
from mailer.sync import sync
from mailer.day import close_day
from mailer.forum.tally import day_tally

from .game import DAY1_END, START, make_game


def _run(cfg, *args):
    return CliRunner().invoke(main, ["--config", str(cfg.path), *args], catch_exceptions=False)


def _paste(tmp_path, name: str, text: str, when=None):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    ts = (when or DAY1_END - timedelta(hours=1)).timestamp()
    os.utime(path, (ts, ts))
    return str(path)


THREAD = """Ягуар
07.12.2026, 20:15
Голосую за Лиса и Буку.

Зоя
07.12.2026, 21:00
Линч Гоше.

Бука
07.12.2026, 22:00
Голосую за Зою и за Гоше.
"""


def test_secret_ignores_thread_votes_and_says_so(tmp_path):
    cfg, store = make_game(tmp_path / "g", event="secret")
    _run(cfg, "forum", "import", _paste(tmp_path, "t.txt", THREAD))
    data = json.loads(_run(cfg, "forum", "tally", "--json").output)
    assert data["event"] == "secret" and data["tally"] == [] and data["not_voted"] == []
    assert all(p["votes"] == [] and p["vote_post"] is None for p in data["players"].values())
    assert data["players"]["Ягуар"]["posts"] == 1 and data["players"]["Ягуар"]["words"] == 5
    assert "голоса в ветке не считаются" in _run(cfg, "forum", "tally", "--bbcode").output
    assert "голоса в ветке не считаются" in _run(cfg, "forum", "tally").output


def test_rage_two_votes_each(tmp_path):
    cfg, store = make_game(tmp_path / "g", event="rage")
    _run(cfg, "forum", "import", _paste(tmp_path, "t.txt", THREAD))
    data = json.loads(_run(cfg, "forum", "tally", "--json").output)
    assert data["players"]["Ягуар"]["votes"] == ["Лис", "Бука"]
    assert data["players"]["Зоя"]["votes"] == ["Гоша"]
    assert data["players"]["Бука"]["votes"] == ["Зоя", "Гоша"]
    assert data["tally"] == [{"target": "Гоша", "count": 2, "voters": ["Зоя", "Бука"]},
                             {"target": "Лис", "count": 1, "voters": ["Ягуар"]},
                             {"target": "Бука", "count": 1, "voters": ["Ягуар"]},
                             {"target": "Зоя", "count": 1, "voters": ["Бука"]}]


def _letter(cfg, nick_index: int, when, body: str) -> None:
    folder = cfg.path.parent / "maildir" / "new"
    name = f"{int(when.timestamp())}.M{nick_index}P1.test"
    (folder / name).write_bytes(
        (f"From: p{nick_index}@example.org\r\nTo: host@example.org\r\nSubject: ход\r\n"
         f"Message-ID: <m{nick_index}.{int(when.timestamp())}@example.org>\r\n"
         "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n"
         f"{body}\r\n").encode("utf-8"))


MERGE_THREAD = """Ягуар
07.12.2026, 20:15
Голосую за Гнома.

Зоя
07.12.2026, 21:00
Линч Гоше.

Бука
07.12.2026, 22:00
Голосую за Зою.
"""


def test_close_day_merges_letter_and_thread_votes_by_time(tmp_path):
    cfg, store = make_game(tmp_path / "g")
    # Зоя (p2): thread Гоша at 21:00, letter Лис at 22:00 → the letter wins.
    # Бука (p7): letter Лис at 20:00, thread Зоя at 22:00 → the thread wins.
    # Гном (p3): letter Зоя at 20:00 only. Ягуар: thread Гном only.
    _letter(cfg, 2, START + timedelta(hours=2, minutes=30), "Линч Лису")
    _letter(cfg, 7, START + timedelta(minutes=30), "Линч Лису")
    _letter(cfg, 3, START + timedelta(minutes=31), "Линч Зое")
    sync(cfg, store, now=START + timedelta(hours=3))
    _run(cfg, "forum", "import", _paste(tmp_path, "t.txt", MERGE_THREAD))
    from mailer.inputs import import_votes

    import_votes(cfg, store, "voter,target\nГном,Зоя\n", now=START + timedelta(minutes=40))
    rep = close_day(cfg, store, now=DAY1_END + timedelta(minutes=5))
    data = rep.result.to_json()
    # Зоя 2 (Бука, Гном), Лис 1 (Зоя), Гном 1 (Ягуар): letters alone would lynch Лис
    assert [d["player"] for d in data["deaths"] if d["cause"] == "lynch"] == ["Зоя"]
    # the host is told what the thread changed: Бука's letter vote was replaced by his post
    [replaced] = [line for line in rep.thread if line.startswith("голос из письма заменён")]
    assert "Бука — за Зою (пост" in replaced and "Зоя —" not in replaced
    assert rep.thread[0].startswith("ветка форума дня 1: ") and "голоса из ветки у 2 игроков" in rep.thread[0]
    assert ", у 1 — загруженные ведущим (votes import) вместо ветки" in rep.thread[0]


def test_a_player_stripped_of_his_vote_is_not_told_as_a_replaced_letter_vote(tmp_path):
    """Бука's letter vote (20:00) is later replaced by his post (22:00), but the host took his
    vote away (lost-vote): close-day does not tell a replaced vote he never had."""
    from mailer.inputs import set_lost_votes

    cfg, store = make_game(tmp_path / "g")
    _letter(cfg, 7, START + timedelta(minutes=30), "Линч Лису")
    sync(cfg, store, now=START + timedelta(hours=3))
    _run(cfg, "forum", "import", _paste(tmp_path, "t.txt", MERGE_THREAD))
    from mailer.day import set_event

    set_event(cfg, store, "paradox", now=START + timedelta(hours=3))  # votes are lost under «Парадокс»
    set_lost_votes(store, ["Бука"])
    rep = close_day(cfg, store, now=DAY1_END + timedelta(minutes=5))
    assert not any(line.startswith("голос из письма заменён") for line in rep.thread)
    votes = [m for m in rep.result.to_json()["moves"] if m["action"] == "vote" and m["by"] == "Бука"]
    assert votes and all(m["outcome"] != "done" for m in votes)


def test_text_tally_with_no_posts_of_the_day_promises_no_word_points(tmp_path):
    """A fresh host (session 39): ``forum tally`` before any post of the day was loaded said
    close-day would give every player an autokill point for words; close-day takes words only
    from a day with posts (mailer.forum.close.merge_thread), and now the tally says so. The
    JSON keeps FORUM.md's ``under_words``."""
    cfg, store = make_game(tmp_path / "g")
    lines = _run(cfg, "forum", "tally").output.splitlines()
    under = next(n for n, line in enumerate(lines) if line.startswith("Меньше "))
    assert lines[under + 1].startswith("  постов этого дня в ветке нет: close-day слов из ветки не считает")
    assert not any("даст каждому" in line for line in lines)
    data = json.loads(_run(cfg, "forum", "tally", "--json").output)
    assert data["posts"] == 0 and len(data["under_words"]) == len(data["players"])


def test_text_tally_tells_the_letter_votes_close_day_will_merge(tmp_path):
    """forum tally (text): the thread count is the thread's (FORUM.md JSON unchanged), and the
    host is told who voted by letter only and whose letter vote is later than his post, as
    close-day merges them; «Не голосовали» alone listed letter voters as silent."""
    cfg, store = make_game(tmp_path / "g")
    _letter(cfg, 2, START + timedelta(hours=2, minutes=30), "Линч Лису")  # Зоя: after her post
    _letter(cfg, 3, START + timedelta(minutes=31), "Линч Зое")  # Гном: letter only
    _letter(cfg, 7, START + timedelta(minutes=30), "Линч Лису")  # Бука: his post is later
    sync(cfg, store, now=START + timedelta(hours=3))
    _run(cfg, "forum", "import", _paste(tmp_path, "t.txt", MERGE_THREAD))
    lines = _run(cfg, "forum", "tally").output.splitlines()
    at = lines.index("Не голосовали: Лис, Гном, Кузя, Гоша, Тётя Ася")
    assert lines[at + 1] == "  из них голосовали письмом (close-day учтёт): Гном"
    assert lines[at + 2] == "Голос письмом позже голоса в ветке (close-day возьмёт письмо): Зоя"
    # what close-day does with the thread's word counts (fresh user 24: a small paste gave
    # 16 players an autokill point unannounced)
    under = next(n for n, line in enumerate(lines) if line.startswith("Меньше "))
    assert lines[under + 1].startswith("  close-day даст каждому из них (")
    assert "штрафное очко автокилла по словам этой ветки" in lines[under + 1]
    data = json.loads(_run(cfg, "forum", "tally", "--json").output)
    assert data["not_voted"] == ["Лис", "Гном", "Кузя", "Гоша", "Тётя Ася"]
    bb = _run(cfg, "forum", "tally", "--bbcode").stdout
    assert "письмом" not in bb  # the public post
    # a vote the host imported (votes import) counts at close-day as a letter's does: told
    # beside «Не голосовали», as a fresh host found it listed as silent (session 48)
    from mailer.inputs import import_votes

    import_votes(cfg, store, "Кузя, Лис\n", now=START + timedelta(hours=3))
    lines = _run(cfg, "forum", "tally").output.splitlines()
    at = lines.index("Не голосовали: Лис, Гном, Кузя, Гоша, Тётя Ася")
    assert lines[at + 2] == "  из них голос внесён ведущим (votes import, close-day учтёт): Кузя"
    assert "[i]Не голосовали:[/i] Лис, Гоша, Тётя Ася" in _run(cfg, "forum", "tally", "--bbcode").output
    # and it calls no letter voter silent (fresh user 27): Гном voted by letter only
    assert bb.splitlines()[-1] == "[i]Не голосовали:[/i] Лис, Кузя, Гоша, Тётя Ася"


def test_failed_import_changes_nothing(tmp_path):
    cfg, store = make_game(tmp_path / "g")
    good = _paste(tmp_path, "t.txt", THREAD)
    res = CliRunner().invoke(main, ["--config", str(cfg.path), "forum", "import", good,
                                    str(tmp_path / "missing.html")])
    assert res.exit_code == 1 and "не могу прочитать файл" in res.output
    with store.session() as s:
        assert s.exec(select(func.count()).select_from(ForumPost)).one() == 0


def test_html_of_an_unknown_engine_is_not_read_as_text(tmp_path):
    cfg, store = make_game(tmp_path / "g")
    page = _paste(tmp_path, "x.html", "<!DOCTYPE html><html><body><div class=\"msg\">"
                  "<span style=\"color: red\">Ягуар: голосую за Лиса</span></div></body></html>")
    res = _run(cfg, "forum", "import", page)
    assert res.exit_code == 1 and "не узнал движок форума" in res.output


def test_engine_setting_does_not_misread_pages(tmp_path):
    """engine = "phpbb" and a text paste, engine = "text" and saved HTML: each read as it is."""
    from .pages import FETCHED, render

    cfg, store = make_game(tmp_path / "g", engine="text")
    page = _paste(tmp_path, "p1.html", render("vbulletin")[0], when=FETCHED[0])
    res = _run(cfg, "forum", "import", page)
    assert res.exit_code == 0 and "новых: 4" in res.output
    cfg2, _ = make_game(tmp_path / "g2", engine="phpbb")
    res = _run(cfg2, "forum", "import", _paste(tmp_path, "t.txt", MERGE_THREAD))
    assert res.exit_code == 0 and "новых: 3" in res.output


REFUSED_THREAD = """Ягуар
07.12.2026, 20:15
Голосую за Лиса, Буку и Гнома.

Зоя
07.12.2026, 21:00
Линч: Лис, Бука, Гном. Ой, простите: линч Лису и Буке.

Бука
07.12.2026, 22:00
Голосую за Зою и Гошу.

Бука
07.12.2026, 23:00
Передумал. Голосую за Ягуара, Зою и Гошу.
"""


def test_a_refused_thread_vote_is_told_to_the_host(tmp_path):
    """fresh26 (host27) finding 6: a post whose vote the rules refuse (three players named
    under «Ярость») was dropped from the count without a word. It stays no vote (FORUM.md:
    nothing is applied by a flag; an earlier vote of the player stands), and the tally flags
    tells the host whose, which post and why in its text and close-day's lines. The JSON's
    flags keep FORUM.md's three kinds only, so no flag there. A refused vote the player
    corrects in the same post is not told."""
    cfg, store = make_game(tmp_path / "g", event="rage")
    _run(cfg, "forum", "import", _paste(tmp_path, "t.txt", REFUSED_THREAD))
    data = json.loads(_run(cfg, "forum", "tally", "--json").output)
    assert data["players"]["Ягуар"]["votes"] == []
    assert data["players"]["Зоя"]["votes"] == ["Лис", "Бука"]
    assert data["players"]["Бука"]["votes"] == ["Зоя", "Гоша"]  # the earlier vote stands
    assert data["flags"] == []
    with store.session() as s:
        refused = day_tally(s).refused
    assert [(f["player"], f["kind"]) for f in refused] == [("Ягуар", "vote_refused"),
                                                           ("Бука", "vote_refused")]
    assert refused[0]["detail"] == ("названо больше игроков, чем голосов за день (2): "
                                    "«Голосую за Лиса, Буку и Гнома»")
    assert refused[1]["post"] != data["players"]["Бука"]["vote_post"]
    text = _run(cfg, "forum", "tally").output
    assert f"! Ягуар, пост {refused[0]['post']} — голос не принят (решает ведущий): названо больше " \
        "игроков, чем голосов за день (2): «Голосую за Лиса, Буку и Гнома»" in text
    rep = close_day(cfg, store, now=DAY1_END + timedelta(minutes=5))
    said = [line for line in rep.thread if line.startswith("голос в ветке не принят правилами")]
    assert len(said) == 1 and "Ягуар (пост " in said[0] and "Бука (пост " in said[0]


def test_a_player_who_voted_in_the_thread_is_not_reminded_of_his_vote(tmp_path):
    """A fresh host: the reminder told players «Не забудьте и голос на линче» though ``forum
    tally`` and ``status`` showed their vote in the thread; close-day counts it, so the
    reminder must too. A civilian who voted there owes nothing more and gets none; the boss
    who voted there is reminded of his night move only; Бука withdrew his thread vote."""
    from mailer.day import remind
    from mailer.store import Outgoing

    cfg, store = make_game(tmp_path / "g")
    thread = MERGE_THREAD + "\nБука\n07.12.2026, 23:00\nСнимаю голос.\n" \
        "\nКузя\n07.12.2026, 23:10\nГолосую за Лиса.\n"
    _run(cfg, "forum", "import", _paste(tmp_path, "t.txt", thread))
    reminded = remind(cfg, store, now=START + timedelta(hours=20))
    assert "Кузя" not in reminded and {"Ягуар", "Зоя", "Бука", "Гном"} <= set(reminded)
    with store.session() as s:
        body = dict(s.exec(select(Outgoing.to_nick, Outgoing.body).where(Outgoing.kind == "reminder")).all())
    # (a fresh host, s47: «от вас ещё нет хода» to a player whose thread vote counts read as
    # if nothing of his had come; the reminder says the vote counts and the night move is missing)
    assert "ваш голос на день 1 игры «Тест» в ветке форума учтён, а ночного хода вашей роли от вас ещё нет" \
        in body["Ягуар"] and "голос на линче" not in body["Ягуар"]
    assert "Не забудьте и голос на линче" in body["Бука"] and "Не забудьте и голос на линче" in body["Гном"]
