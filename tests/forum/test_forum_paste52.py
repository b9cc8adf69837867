"""A fresh host's pastes (session 52): copied quotes, a post edited between two pastes, the
engine's service lines, untimed one-line posts, a vote naming a dead player beside a living
one, the host's account, the hints after close-day, the closed day's BBCode, a spoiler's
label and the JSON's Cyrillic (FORUM.md)."""

from __future__ import annotations

import json
import os
from datetime import timedelta

from click.testing import CliRunner

from mailer.cli import main
from mailer.day import close_day, set_event
from mailer.forum.report import tally_for_host

from .game import DAY1_END, START, make_game


def _run(cfg, *args):
    return CliRunner().invoke(main, ["--config", str(cfg.path), *args], catch_exceptions=False)


def _paste(cfg, tmp_path, name: str, text: str, when=DAY1_END - timedelta(hours=2)):
    """``forum import`` of ``text`` saved as ``name`` at ``when``."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    os.utime(path, (when.timestamp(), when.timestamp()))
    return _run(cfg, "forum", "import", str(path))


def _day(cfg, day=None):
    args = ["forum", "tally", "--json"] + (["--day", str(day)] if day else [])
    return json.loads(_run(cfg, *args).output)


QUOTES = """Гном
07.12.2026, 20:00
Линч: Бука. Он подозрительный.

Зоя » 07.12.2026, 20:10
Гном писал(а):↑
07.12.2026, 20:00
Линч: Бука. Он подозрительный.
Не верю я в это. Голосую за Гошу.

Кузя
07.12.2026, 20:20
Цитата: Гном
Линч: Бука.
Ну и ну, просто так тут никого не вешают

Гоша
07.12.2026, 20:30
Цитата(Зоя @ 07.12.2026, 20:10)
Голосую за Гошу.
Зоя, зря ты так.

Ягуар
07.12.2026, 20:40
Шмель wrote:
Линч: Кузя
Согласен со Шмелём полностью.
"""


def test_a_copied_quote_is_neither_the_quoting_players_vote_nor_his_words(tmp_path):
    """Finding 1: a quote copied from the browser (head, quoted lines, then the author's own
    text, no marker between) counted as the quoting player's vote and words."""
    cfg, _store = make_game(tmp_path / "g")
    res = _paste(cfg, tmp_path, "quotes.txt", QUOTES)
    assert res.exit_code == 0, res.output
    day = _day(cfg)
    votes = {n: p["votes"] for n, p in day["players"].items()}
    words = {n: p["words"] for n, p in day["players"].items()}
    assert votes["Гном"] == ["Бука"] and votes["Зоя"] == ["Гоша"]
    assert votes["Кузя"] == [] and votes["Гоша"] == [] and votes["Ягуар"] == []
    assert words["Гном"] == 4 and words["Зоя"] == 8 and words["Кузя"] == 9 and words["Гоша"] == 4
    # an unknown author's quote with no end in sight: the words after its first line count,
    # no vote is read from them, and the host is told
    assert words["Ягуар"] == 4
    assert day["tally"] == [{"target": "Бука", "count": 1, "voters": ["Гном"]},
                            {"target": "Гоша", "count": 1, "voters": ["Зоя"]}]
    assert day["outsiders"] == [] and day["posts"] == 5
    out = " ".join(res.output.split())
    assert "пост Ягуар цитирует Шмель" in out and "голос из них не прочитан" in out


def test_a_quote_of_a_stored_post_ends_where_that_post_ends(tmp_path):
    """Finding 1: the quoted post came in an earlier paste; a quote with a blank line after it."""
    cfg, _store = make_game(tmp_path / "g")
    _paste(cfg, tmp_path, "a.txt", "Тётя Ася\n07.12.2026, 21:00\nЛинч Гоше, и без разговоров.\n")
    res = _paste(cfg, tmp_path, "b.txt",
                 "Бука\n07.12.2026, 21:30\nTetya_Asya сказал(а):\nЛинч Гоше, и без разговоров.\n"
                 "Торопишься, тётушка.\n\n"
                 "Гном\n07.12.2026, 21:40\nБука wrote:\nЛинч: Ягуар\n\nНет уж, линч: Кузя\n")
    assert res.exit_code == 0, res.output
    day = _day(cfg)
    assert day["players"]["Бука"]["votes"] == [] and day["players"]["Бука"]["words"] == 2
    assert day["players"]["Гном"]["votes"] == ["Кузя"] and day["players"]["Гном"]["words"] == 4
    assert day["players"]["Тётя Ася"]["votes"] == ["Гоша"]


def test_a_post_edited_between_two_pastes_replaces_the_stored_one(tmp_path):
    """Finding 2 (and 3: phpBB's edit line is the engine's, no outsider's post)."""
    cfg, _store = make_game(tmp_path / "g")
    first = ("Гном\n07.12.2026, 20:00\nГолосую за Буку.\n\n"
             "Зоя\n07.12.2026, 20:05\nПока молчу.\n")
    res = _paste(cfg, tmp_path, "a.txt", first)
    assert "новых: 2; изменённых: 0" in res.output
    second = ("Гном\n07.12.2026, 20:00\nГолосую за Буку. UPD: передумал, голосую за Кузю.\n"
              "Последний раз редактировалось Гном 07 дек 2026, 21:00, всего редактировалось 1 раз.\n\n"
              "Зоя\n07.12.2026, 20:05\nПока молчу.\n")
    res = _paste(cfg, tmp_path, "b.txt", second)
    assert "новых: 0; изменённых: 1" in res.output, res.output
    day = _day(cfg)
    assert day["posts"] == 2 and day["outsiders"] == []
    assert day["players"]["Гном"] == {"posts": 1, "words": 8, "votes": ["Кузя"],
                                      "vote_post": day["players"]["Гном"]["vote_post"]}
    again = _paste(cfg, tmp_path, "c.txt", second)
    assert "новых: 0; изменённых: 0" in again.output


SERVICE = """Зоя
07.12.2026, 20:05
Линч: Кузя
Сообщение отредактировал Зоя: 07.12.2026, 20:07

Гоша
07.12.2026, 20:10
Кузя, ты чего молчишь весь вечер?

Бука
07.12.2026, 20:15
Цитата(Зоя @ 07.12.2026, 20:05)
Линч: Кузя
Поддержу, пожалуй, но позже.

Ягуар
07.12.2026, 20:20
Зоя писал(а):↑
07 дек 2026, 20:05
Линч: Кузя
Рано ещё решать.
"""


def test_engine_service_lines_are_no_posts_and_leave_the_posts_whole(tmp_path):
    """Finding 3: edit lines and quote heads became outsiders' posts and took the next
    player's text away."""
    cfg, _store = make_game(tmp_path / "g")
    res = _paste(cfg, tmp_path, "s.txt", SERVICE)
    assert res.exit_code == 0 and "которых нет среди игроков" not in res.output, res.output
    day = _day(cfg)
    assert day["outsiders"] == [] and day["posts"] == 4
    got = {n: (p["posts"], p["words"], p["votes"]) for n, p in day["players"].items() if p["posts"]}
    assert got == {"Зоя": (1, 2, ["Кузя"]), "Гоша": (1, 6, []), "Бука": (1, 4, []),
                   "Ягуар": (1, 3, [])}


def test_a_spoilers_label_is_no_word_and_the_json_is_utf8(tmp_path):
    """Finding 9: «[spoiler=Спойлер]» counted its label; the JSON printed \\u escapes."""
    cfg, _store = make_game(tmp_path / "g")
    _paste(cfg, tmp_path, "sp.txt", "Зоя\n07.12.2026, 20:05\n[spoiler=Спойлер]раз два три[/spoiler]\n"
                                    "[spoiler=ночь]тихо[/spoiler]\n")
    raw = _run(cfg, "forum", "tally", "--json").output
    assert "\\u" not in raw and '"Зоя"' in raw
    assert json.loads(raw)["players"]["Зоя"]["words"] == 5  # «ночь» is her own title


def test_a_vote_naming_a_dead_player_beside_a_living_one_is_flagged(tmp_path):
    """Finding 5: «Голосую за Буку и Ягуара» with Бука out of the game silently became a
    vote for Ягуар only; a vote naming the dead player alone was flagged."""
    from .game import DAY2_END

    cfg, store = make_game(tmp_path / "g")
    _paste(cfg, tmp_path, "d1.txt", "Зоя\n07.12.2026, 20:05\nЛинч: Бука\n\n"
                                    "Гном\n07.12.2026, 20:06\nЛинч: Бука\n\n"
                                    "Кузя\n07.12.2026, 20:07\nЛинч: Бука\n")
    close_day(cfg, store, now=DAY1_END + timedelta(minutes=10))
    set_event(cfg, store, "rage", now=DAY1_END + timedelta(minutes=20))
    res = _paste(cfg, tmp_path, "d2.txt",
                 "Гном\n08.12.2026, 20:05\nГолосую за Буку и Ягуара, оба подозрительные.\n\n"
                 "Зоя\n08.12.2026, 20:10\nГолосую за Ягуара и Буку.\n\n"
                 "Кузя\n08.12.2026, 20:15\nЛинч: Бука.\n",
                 when=DAY2_END - timedelta(hours=2))
    assert res.exit_code == 0, res.output
    t = tally_for_host(cfg, store, 2)
    assert t.players["Гном"].votes == ["Ягуар"] and t.players["Зоя"].votes == ["Ягуар"]
    assert t.players["Кузя"].votes == []
    assert [(f["player"], f["kind"]) for f in t.refused] == [
        ("Гном", "vote_refused"), ("Зоя", "vote_refused"), ("Кузя", "vote_refused")]
    assert t.refused[0]["detail"].endswith("(засчитан голос за Ягуара)")
    shown = _run(cfg, "forum", "tally").output
    assert "Гном, пост" in shown and "голос не принят" in shown


def test_the_hosts_account_is_told_to_go_to_host_names(tmp_path):
    """Finding 6: with no host_names the host's «Ведущий» was an outsider, and the advice
    said to write it into a player's forum_name."""
    cfg, _store = make_game(tmp_path / "g")
    text = cfg.path.read_text(encoding="utf-8").replace('host_names = ["Ведущий"]\n', "")
    cfg.path.write_text(text, encoding="utf-8")
    res = _paste(cfg, tmp_path, "h.txt", "Ведущая игры\n07.12.2026, 19:40\nДень первый, голосуем.\n\n"
                                         "Admin\n07.12.2026, 19:45\nТема закреплена.\n\n"
                                         "Кот Матроскин\n07.12.2026, 19:50\nЛинч: Кузя\n\n"
                                         "Зоя\n07.12.2026, 20:00\nЛинч: Кузя\n")
    out = " ".join(res.output.split())
    assert ('«Admin» (1), «Ведущая игры» (1) — похоже на аккаунт ведущего: его посты пока считаются '
            'постами постороннего (в число постов дня). Впишите его в настройки: [forum] '
            'host_names = ["Admin", "Ведущая игры"]') in out, out
    assert "нет среди игроков: «Кот Матроскин» (1) —" in out
    assert "«Ведущая игры» (1), «Кот" not in out
    day = _day(cfg)
    assert "Ведущая игры" not in day["players"] and day["players"]["Зоя"]["votes"] == ["Кузя"]
    shown = " ".join(_run(cfg, "forum", "tally").output.split())
    assert 'похоже на аккаунт ведущего: Ведущая игры, Admin — впишите в настройки [forum] host_names' in shown


def test_close_day_names_the_closed_day_and_the_closed_days_bbcode_says_thread_only(tmp_path):
    """Findings 7 and 8: close-day's hint showed the next day and a bare «mafia-mail»; the
    closed day's BBCode gave thread-only numbers with nothing saying so."""
    cfg, _store = make_game(tmp_path / "g")
    _paste(cfg, tmp_path, "d1.txt", "Зоя\n07.12.2026, 20:05\nЛинч: Гном\n\n"
                                    "Кузя\n07.12.2026, 20:07\nЛинч: Гном\n")
    res = CliRunner().invoke(main, ["--config", str(cfg.path), "close-day"], catch_exceptions=False,
                             env={"MAFIA_MAIL_NOW": (DAY1_END + timedelta(minutes=10)).isoformat()})
    assert res.exit_code == 0, res.output
    assert (f"(mafia-mail --config {cfg.path} forum tally --day 1 — подробности)") in res.output
    bb = _run(cfg, "forum", "tally", "--day", "1", "--bbcode").output.splitlines()
    assert bb[1] == "[b]Гном[/b] — 2: Зоя, Кузя"
    assert bb[-1] == ("[i]День 1 уже закрыт. Здесь только голоса из ветки форума: голоса письмами "
                      "ведущему сюда не входят, поэтому это не официальный итог дня — итог дня в "
                      "газете ведущего.[/i]")
    open_bb = _run(cfg, "forum", "tally", "--bbcode").output
    assert "закрыт" not in open_bb


def test_an_undated_line_gets_the_pastes_moment_and_its_rivalry_with_a_letter_is_told(tmp_path):
    """Finding 4: a «Ник: текст» line got the day's start as its time (the file's time was
    read on the machine's clock, relative times on the host's), so any letter won over it and
    the tally listed it first. Now its time is the file's on the host's clock, as «Сегодня»
    is read, and the host is told where such a line and a letter compete."""
    from mailer.sync import sync

    from .test_forum_rules import _letter

    cfg, store = make_game(tmp_path / "g")
    _letter(cfg, 2, START + timedelta(hours=1), "Линч Лису")  # Зоя, 20:30 by letter
    sync(cfg, store, now=START + timedelta(hours=2))
    paste = tmp_path / "now.txt"  # saved now, on the machine's clock
    paste.write_text("Кузя\n07.12.2026, 20:00\nЛинч: Гном\n\nЗоя: голосую за Гнома\nГоша: пока думаю\n", encoding="utf-8")
    at = START + timedelta(hours=3)  # 22:30 on the host's clock
    res = CliRunner().invoke(main, ["--config", str(cfg.path), "forum", "import", str(paste)],
                             catch_exceptions=False, env={"MAFIA_MAIL_NOW": at.isoformat()})
    assert res.exit_code == 0, res.output
    t = tally_for_host(cfg, store, 1)
    assert t.players["Зоя"].vote_at is not None, res.output
    assert abs(t.players["Зоя"].vote_at - at) < timedelta(minutes=2)
    assert t.tally == [{"target": "Гном", "count": 2, "voters": ["Кузя", "Зоя"]}]
    shown = " ".join(_run(cfg, "forum", "tally").output.split())
    assert "Голос письмом позже голоса в ветке" not in shown, shown[-1500:]
    assert ("Голос письмом и голос в ветке строкой «Ник: текст» без времени — у строки нет своего "
            "времени, ей дано время файла ветки, и по нему засчитан более поздний голос (проверьте; "
            "иначе — votes import до close-day): Зоя — письмо 07.12 20:30, строка 07.12 22:") in shown
    assert ": засчитано строка ветки" in shown
    rep = close_day(cfg, store, now=DAY1_END + timedelta(minutes=5))
    [line] = [ln for ln in rep.thread if ln.startswith("голос письмом и голос в ветке строкой")]
    assert "(решает ведущий: reopen-day 1, votes import, close-day): Зоя — письмо 07.12 20:30" in line
    assert [d["player"] for d in rep.result.to_json()["deaths"] if d["cause"] == "lynch"] == ["Гном"]


def test_quote_heads_of_the_engines_and_an_own_line_that_is_none(tmp_path):
    """Finding 1: the heads a browser copy of a quote block prints, by engine; an author's
    own line ending in «сказал:» is his (its vote counts); «Вчера Гном писал:» quotes Гном."""
    from mailer.forum.textpaste import quote_head

    heads = {"Бублик писал(а):": "Бублик", "Пчёлка писал(а):↑": "Пчёлка", "Lis wrote:": "Lis",
             "Цитата: Лисичка": "Лисичка", "Цитата(Пчёлка @ 10.12.2026, 20:05)": "Пчёлка",
             "Тётя Ася сказал(а):": "Тётя Ася", "Цитата: Лиса от 10 Декабря 2026, 20:05:00": "Лиса",
             "Quote from: Zoya on December 10, 2026, 20:05:11": "Zoya", "Цитата (Гном)": "Гном",
             "Цитата: Сообщение от Гном": "Гном", "Originally Posted by Гном": "Гном",
             "On 10.12.2026, Гном said:": "Гном"}
    assert {h: quote_head(h) for h in heads} == heads
    assert quote_head("Голосую за Буку, он сказал:") is None and quote_head("Я писал:") is None
    from mailer.forum.textpaste import edit_line

    assert edit_line("Сообщение отредактировал Гном: 07.12.2026, 20:07")
    assert not edit_line("Изменено: голосую за Буку")  # no date: the author's own label
    cfg, _store = make_game(tmp_path / "g")
    _paste(cfg, tmp_path, "o.txt", "Гном\n07.12.2026, 20:00\nЛинч: Зоя\n\n"
                                   "Кузя\n07.12.2026, 20:10\nГолосую за Буку, Гоша сказал:\nон мафия\n\n"
                                   "Гоша\n07.12.2026, 20:20\nВчера Гном писал:\nЛинч: Зоя\nА я нет.\n")
    day = _day(cfg)
    assert day["players"]["Кузя"]["votes"] == ["Бука"] and day["players"]["Кузя"]["words"] == 7
    assert day["players"]["Гоша"]["votes"] == [] and day["players"]["Гоша"]["words"] == 3


def test_a_pasted_edit_line_gives_the_edit_time_for_the_late_edit_flag(tmp_path):
    """Finding 3 (FORUM.md «Flags»: edited_after_deadline where the engine shows an edit
    time): the edit line of a paste is the engine's, and its time is the post's edit time."""
    cfg, _store = make_game(tmp_path / "g")
    _paste(cfg, tmp_path, "e.txt", "Зоя\n07.12.2026, 20:05\nЛинч: Кузя\n"
                                   "Последний раз редактировалось Зоя 08 дек 2026, 20:00, всего "
                                   "редактировалось 1 раз.\n\n"
                                   "Гоша\n07.12.2026, 20:10\nЛинч: Кузя\n"
                                   "Сообщение отредактировал Гоша: 07.12.2026, 20:12\n",
           when=DAY1_END + timedelta(hours=1))
    day = _day(cfg, 1)
    assert [(f["player"], f["kind"], f["detail"]) for f in day["flags"]] == [
        ("Зоя", "edited_after_deadline", "08.12.2026 20:00")]
    assert day["players"]["Зоя"]["words"] == 2 and day["players"]["Гоша"]["words"] == 2


def test_an_older_paste_imported_again_does_not_put_the_older_text_back(tmp_path):
    """Session 53 (the fresh host's finding of session 52): after an edited post replaced the
    stored one, importing the older paste again (saved before the edit) put the older text
    and its vote back. A copy read before the stored version — by its file's time, or with
    no edit mark where the stored version has one — is kept out, and the host is told."""
    cfg, _store = make_game(tmp_path / "g")
    first = "Гном\n07.12.2026, 20:00\nГолосую за Буку.\n\nЗоя\n07.12.2026, 20:05\nПока молчу.\n"
    _paste(cfg, tmp_path, "a.txt", first, when=DAY1_END - timedelta(hours=3))
    quiet_edit = "Гном\n07.12.2026, 20:00\nГолосую за Буку. Нет, за Кузю.\n\nЗоя\n07.12.2026, 20:05\nПока молчу.\n"
    res = _paste(cfg, tmp_path, "b.txt", quiet_edit, when=DAY1_END - timedelta(hours=2))
    assert "новых: 0; изменённых: 1" in res.output, res.output
    assert _day(cfg)["players"]["Гном"]["votes"] == ["Кузя"]
    # the first file again, its time before the second's: the stored (later) text stays
    again = _run(cfg, "forum", "import", str(tmp_path / "a.txt"))
    out = " ".join(again.output.split())
    assert again.exit_code == 0 and "новых: 0; изменённых: 0" in out, out
    assert "старых версий: 1" in out
    assert _day(cfg)["players"]["Гном"]["votes"] == ["Кузя"]
    # a copy of the first text saved later (a new file) but with no edit mark, where the
    # stored version carries one, is older too
    marked = ("Гном\n07.12.2026, 20:00\nГолосую за Буку. UPD: за Гошу.\n"
              "Последний раз редактировалось Гном 07 дек 2026, 21:00, всего редактировалось 1 раз.\n")
    res = _paste(cfg, tmp_path, "c.txt", marked, when=DAY1_END - timedelta(hours=1))
    assert "изменённых: 1" in res.output and _day(cfg)["players"]["Гном"]["votes"] == ["Гоша"]
    res = _paste(cfg, tmp_path, "d.txt", "Гном\n07.12.2026, 20:00\nГолосую за Буку. Нет, за Кузю.\n",
                 when=DAY1_END - timedelta(minutes=30))
    assert "старых версий: 1" in " ".join(res.output.split())
    assert _day(cfg)["players"]["Гном"]["votes"] == ["Гоша"]
