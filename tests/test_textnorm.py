"""Invisible, decomposed and look-alike characters (issue 11 «Clean text first», issue 13
«Text from letters»): engine/textnorm.py alone, then through decode() and parse_letter()."""

from __future__ import annotations

import base64

import pytest

from engine.model import TurnInfo
from engine.parse import parse_letter
from engine.state import GameState
from engine.textnorm import INVISIBLE, clean_text
from mailer.decode import decode

ROSTER = {
    "Кузя": "doctor", "Ёжик": "civilian", "Бобёр": "detective", "Лось": "clan1.boss",
    "Воришка": "clan1.thief", "Serginio": "civilian", "Coco": "civilian", "Йорик": "psycho",
}


def moves(text: str, sender: str = "Кузя", event: str = "none") -> list[dict]:
    state = GameState.new(1, ROSTER)
    result = parse_letter(text, sender, state, TurnInfo(day=1, event=event))
    return [m.to_json() for m in result.moves], [p.kind for p in result.problems]


# ------------------------------------------------------------------------------- clean_text

@pytest.mark.parametrize("raw, clean", [
    ("Лечу Ку\u200bзю", "Лечу Кузю"),
    ("Лечу Ку\u200c\u200dзю\u2060", "Лечу Кузю"),
    ("\ufeffЛечу Кузю", "Лечу Кузю"),
    ("Ле\u00adчу Бо\u00adб\u00adра", "Лечу Бобра"),
    ("\u202bЛечу\u202c \u200fКузю\u200e \u2066Бобра\u2069", "Лечу Кузю Бобра"),
    ("Голосую за Е\u0308жика", "Голосую за Ёжика"),
    ("Проверяю И\u0306орика", "Проверяю Йорика"),
    ("Е\u200b\u0308жик", "Ёжик"),  # the mark joins its letter once the zero-width is gone
    ("Лечу\u00a0Кузю,\u202fлинч\u2009—\u3000Лось", "Лечу Кузю, линч — Лось"),
    ("строка\u2028строка\u2029конец", "строка\nстрока\nконец"),
    ("Лечу Кyзю", "Лечу Кузю"),            # Latin y
    ("Пpовеpяю Лoся", "Проверяю Лося"),    # Latin p, o
    ("ЛЕЧУ KУЗЮ, ГOЛOCУЮ ЗA ЛOCЯ", "ЛЕЧУ КУЗЮ, ГОЛОСУЮ ЗА ЛОСЯ"),
    ("Dr.Whо", "Dr.Who"),                  # a Cyrillic о inside a Latin word
    ("Sеrginio", "Serginio"),
    # a Latin letter with no look-alike heading a Cyrillic word is read by its sound (session
    # 31: «zельца»); it used to be kept as neither reading was clean
    ("Dжон", "Джон"),
    ("zельца", "зельца"),
    # a Latin «i» inside a mostly Cyrillic word is the Ukrainian «і» it is drawn like, said
    # «и» (session 45: «Кiса»); a mostly Latin word stays Latin
    ("линч Кiса", "линч Киса"),
    ("пiшу Мiшу", "пишу Мишу"),
    ("линч Kiсa", "линч Kica"),
    # a Cyrillic look-alike glued by «_» or a digit to a Latin word is Latin too (session 38)
    ("Проверяю Сelestron_С8", "Проверяю Celestron_C8"),
    ("лечу Agent_Х7", "лечу Agent_X7"),
    ("голос за Rex_2о", "голос за Rex_2o"),
])
def test_clean_text_literal_values(raw, clean):
    assert clean_text(raw) == clean
    assert clean_text(clean) == clean


@pytest.mark.parametrize("text", [
    "Лечу Coco",                # a Latin nick of look-alike letters stays Latin
    "Линч: Serginio, лечу Кузю",
    "DJжон",                    # neither reading is clean, «J» is said as no one letter: kept
    "Лечу Кузю\tи\nБобра",
    "plain ascii — kept",
    "Лось_007 и Smith'a",
    "Фельдшер_Zina и Кот_Tom",  # Cyrillic letters with no Latin look-alike: kept
    "Ох_Me и С8 до 5ка",        # as many Cyrillic letters as Latin ones, or no Latin: kept
])
def test_clean_text_keeps_clean_words(text):
    assert clean_text(text) == text


def test_every_invisible_character_is_removed():
    text = "Ку" + "".join(sorted(INVISIBLE)) + "зя"
    assert clean_text(text) == "Кузя"
    assert {"\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u200e", "\u200f",
            "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068",
            "\u2069"} <= INVISIBLE


# ------------------------------------------------------------------------------- parse_letter

@pytest.mark.parametrize("text, sender, expected", [
    ("Лечу Ку\u200bзю", "Кузя", [{"action": "heal", "target": "Кузя"}]),
    ("Голосую за Е\u0308жика", "Кузя", [{"action": "vote", "target": "Ёжик"}]),
    ("Линч: Е\u0308жик", "Бобёр", [{"action": "vote", "target": "Ёжик"}]),
    ("Ле\u00adчу Бо\u00adбра", "Кузя", [{"action": "heal", "target": "Бобёр"}]),
    ("Пpовеpяю Лoся", "Бобёр", [{"action": "check", "target": "Лось"}]),      # Latin p, o
    ("Лечу Бoбрa", "Кузя", [{"action": "heal", "target": "Бобёр"}]),          # Latin o, a
    ("Гoлoсую зa Кузю", "Бобёр", [{"action": "vote", "target": "Кузя"}]),     # Latin o, a
    ("\ufeffЛечу\u00a0Кузю", "Кузя", [{"action": "heal", "target": "Кузя"}]),
    ("Шизю И\u0306орика", "Йорик", [{"action": "invite", "target": "Йорик"}]),
    ("Голосую за Sеrginio", "Бобёр", [{"action": "vote", "target": "Serginio"}]),  # Cyrillic е
])
def test_parse_reads_as_if_typed_cleanly(text, sender, expected):
    got, problems = moves(text, sender)
    assert got == expected and problems == []
    assert moves(clean_text(text), sender) == (got, problems)


# ------------------------------------------------------------------------------- decode

def _raw(body: bytes, *, subject: str, sender: str, ctype: str = "text/plain", cte: str = "8bit") -> bytes:
    return (
        f"From: {sender}\r\nTo: host@example.org\r\nSubject: {subject}\r\n"
        "Message-ID: <tn@example.org>\r\nDate: Mon, 07 Dec 2026 21:00:00 +0300\r\n"
        f"MIME-Version: 1.0\r\nContent-Type: {ctype}; charset=utf-8\r\n"
        f"Content-Transfer-Encoding: {cte}\r\n\r\n"
    ).encode("ascii") + body


def _b64(text: str) -> str:
    return "=?utf-8?B?" + base64.b64encode(text.encode("utf-8")).decode("ascii") + "?="


def test_decode_cleans_body_subject_and_display_name():
    raw = _raw(
        "Голосую за Е\u0308жика.\r\nЛечу Ку\u200bзю\u00a0и всё.\r\n".encode("utf-8"),
        subject=_b64("Хо\u00adд\u200b на день\u00a02"),
        sender=_b64("Ку\u200bзя Кyзин") + " <kuzya@example.org>",
    )
    letter = decode(raw)
    assert letter.body == "Голосую за Ёжика.\nЛечу Кузю и всё."
    assert letter.full_text == letter.body
    assert letter.subject == "Ход на день 2"
    assert letter.from_name == "Кузя Кузин"


def test_decode_cleans_html_only_letter_and_base64_body():
    html = "<div>Лечу&nbsp;Ку&#8203;зю</div><div>Линч:&shy; Е&#776;жик</div>"
    raw = _raw(base64.b64encode(html.encode("utf-8")) + b"\r\n", subject="x",
               sender="kuzya@example.org", ctype="text/html", cte="base64")
    assert decode(raw).body == "Лечу Кузю\nЛинч: Ёжик"


def test_quote_marker_behind_nbsp_and_zero_width_is_still_cut():
    body = ("Лечу Кузю\r\n\r\n-----\u00a0Исходное\u200b сообщение\u00a0-----\r\n"
            "От: Ведущий\r\nЛечу Бобра\r\n")
    assert decode(_raw(body.encode("utf-8"), subject="x", sender="k@example.org")).body == "Лечу Кузю"


# ------------------------------------------------------------------------------- forum paste

def test_forum_paste_from_a_browser_is_cleaned(tmp_path):
    """A thread copied from a browser: soft hyphens, zero-width and no-break spaces in nicks
    and votes (mailer.inputs.import_votes / import_posts)."""
    from datetime import timedelta

    from mailer.config import load_config
    from mailer.demo import copy_demo
    from mailer.inputs import import_posts, import_votes
    from mailer.store import DayInput, Store, loads
    from mailer.day import init_game
    from sqlmodel import select

    cfg = load_config(copy_demo(tmp_path / "game"))
    store = Store(cfg.database_url)
    try:
        init_game(cfg, store, now=cfg.start - timedelta(minutes=5), event="none")
        text = ("Го\u00adша:\u00a0всем привет, голосую за Вишен\u200bку\n"
                "\ufeffТорти\u200bлла: линч Е\u0301жик? нет, линч Вишенка\n")
        assert import_votes(cfg, store, text, now=cfg.start + timedelta(hours=1)).rows == 2
        assert import_posts(cfg, store, "Бу\u00adка: раз два\u00a0три\n").rows == 1
        with store.session() as s:
            rows = s.exec(select(DayInput).order_by(DayInput.nick)).all()
            got = sorted((r.kind, r.nick, loads(r.value_json)) for r in rows)
        assert got == [("vote", "Гоша", ["Вишенка"]), ("vote", "Тортилла", ["Вишенка"]),
                       ("words", "Бука", 3)]
    finally:
        store.dispose()


# ------------------------------------------------------------------------------- fast path = plain reading

def _reference_clean(text: str) -> str:
    """clean_text written the slow, obvious way (every step on every text)."""
    import re
    import unicodedata

    from engine import textnorm

    text = "".join("" if c in INVISIBLE else " " if c in textnorm._SPACES
                   else "\n" if c in "\u2028\u2029" else c for c in text)
    text = unicodedata.normalize("NFC", text)
    text = re.sub(r"[^\W\d_]+", lambda m: textnorm._one_script(m.group(0))
                  if re.search("[A-Za-z][\u0400-\u04ff]|[\u0400-\u04ff][A-Za-z]", m.group(0))
                  else m.group(0), text)
    return re.sub(r"\w+", textnorm._fix_token, text)


@pytest.mark.parametrize("char", sorted(INVISIBLE) + list("\u00a0\u1680\u2000\u2005\u200a\u202f\u205f\u3000"))
def test_each_odd_character_alone_and_inside_a_word(char):
    expected = "Кузя" if char in INVISIBLE else "Ку зя"
    assert clean_text("Ку" + char + "зя") == expected
    assert clean_text(char) == ("" if char in INVISIBLE else " ")


def test_fast_path_agrees_with_the_plain_reading():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    alphabet = st.sampled_from(list("аеоркуКМНТзяЁёAaEeOoPpCcKkMmTtHhyxXWwz 0_.,«»—…\n'")
                               + sorted(INVISIBLE) + ["\u00a0", "\u3000", "\u0308", "\u0306", "\u2028",
                                                      "\ud83d\ude00", "é", "ß"])

    @settings(max_examples=400, deadline=None, derandomize=True)
    @given(st.lists(alphabet, max_size=40).map("".join))
    def check(text):
        assert clean_text(text) == _reference_clean(text)
        assert clean_text(clean_text(text)) == clean_text(text)

    check()


def test_strip_quotes_alone_cleans_first():
    """``mafia-mail parse`` cuts quotes of a plain text without decode(): markers still work."""
    from mailer.quotes import strip_quotes

    text = ("Лечу Ку\u200bзю\n\n-----\u00a0Исходное\u00a0сообщение-----\nЛечу Лося\n")
    assert strip_quotes(text) == "Лечу Кузю"
    text = "Линч: Ёжик\n\nOn Fri, Dec 4, 2026 at 3:19\u202fPM Host <h@example.org> wrote:\nЛинч: Лось"
    assert strip_quotes(text) == "Линч: Ёжик"


# ----------------------------------------------------------------- forum markup (issue 11)

@pytest.mark.parametrize("raw, clean", [
    ('[quote="Лось"]Линч: Лось[/quote]\nЛинч: Ёжик', "\n[…]\nЛинч: Ёжик"),
    ("[quote=Лось][quote]a[/quote] b[/quote] c", "\n[…]\n c"),
    ("[b]Лечу[/b] [i]Кузю[/i], [color=#ff0000]линч[/color]: [size=150]Лось[/size]",
     "Лечу Кузю, линч: Лось"),
    ("[u]Лечу[/u] [url=https://f.example/p=4#p4]Кузю[/url]", "Лечу Кузю"),
    ("[spoiler=ночь]Лечу Кузю[/spoiler]", "\nночь: Лечу Кузю\n"),
    ('[spoiler="Мои ходы"]Лечу Кузю[/spoiler]', "\nМои ходы: Лечу Кузю\n"),
    ("[s]Лечу Лося[/s] Лечу Кузю", " Лечу Кузю"),
    ("Лечу [strike]Лося[/strike][del]Бобра[/del] Кузю", "Лечу  Кузю"),
    ("[img]https://i.example/1.png[/img]Лечу Кузю [url]https://f.example/t=9[/url]", "Лечу Кузю "),
    ("[list][*]Лечу Кузю[*]Линч: Лось[/list]", "\n\nЛечу Кузю\nЛинч: Лось\n"),
    ("[s]Лечу Кузю", "Лечу Кузю"),  # a tag never closed is only a tag
    ("Лечу Кузю [он просил], линч [2] Лось", "Лечу Кузю [он просил], линч [2] Лось"),
    ("Лечу [MAF]Ворона", "Лечу [MAF]Ворона"),
])
def test_forum_markup_literal_values(raw, clean):
    from engine.textnorm import forum_markup

    assert forum_markup(raw) == clean
    assert forum_markup(forum_markup(raw)) == forum_markup(raw)


def test_forum_markup_leaves_text_without_brackets_as_it_is():
    from engine.textnorm import cut_forum_quotes, forum_markup

    text = "Лечу Кузю.\n\nЛинч: Лось (он молчит)"
    assert forum_markup(text) is text and cut_forum_quotes(text) is text


def test_a_pasted_post_is_no_move_of_the_sender():
    text = '[quote="Лось"]Голосую за Бобра. Лечу Лося.[/quote]\n[b]Лечу Бобра.[/b] Голос: Ёжик'
    assert moves(text) == ([{"action": "heal", "target": "Бобёр"},
                            {"action": "vote", "target": "Ёжик"}], [])
