"""A game's own words for the moves (the config's ``[words]``, issue 11): classified into lexicon
fields, checked at config load, handed to the parser as data, keyed in the lexicon cache, and
used end to end by the CLI's sync."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

import engine.lexicon as lexicon_module
from engine.lexicon.game import GameWordsError, classify, conflicts, game_tables
from game_words_reading import read_on_day_one, words_fixtures
from mailer import lexicon_cache
from mailer.config import ConfigError, load_config, words_lines
from e2e_config import folder_sections, run_cli

TRUCKS = {"rob": ["сливать соляру у"], "maniac_kill": ["переезжать"], "watch": ["камера на"],
          "boss_check": ["техосмотр"], "clan_kill": ["в кювет"], "beat": ["прикладывать"]}
ROSTER = {"Кузя": "civilian", "Шаланда": "clan1.thief", "Волк": "maniac", "Регик": "witness",
          "Петрович": "clan1.boss", "Мирон": "civilian", "Шатун": "psycho", "Жук": "swindler",
          "Кенгурятник": "thug"}


def read(text: str, sender: str) -> dict:
    """What ``mafia-mail parse`` prints for ``text`` from ``sender`` on day 1."""
    return read_on_day_one(ROSTER, text, sender)


# the shipped lexicon with TRUCKS (built once for the module), and the parser reading with it
trucks_lexicon, with_words = words_fixtures(TRUCKS, "trucks_lexicon")


# --- classification and errors -----------------------------------------------------------------

@pytest.mark.parametrize("entry, field", [
    ("переезжать", "verbs"), ("сливать соляру у", "verb_idioms"), ("техосмотр", "nouns"),
    ("самогон", "nouns"), ("камера на", "idioms"), ("в кювет", "idioms"),
    ("сливаю соляру у", "idioms"), ("шизю", "words")])
def test_an_entry_goes_to_the_field_a_host_would_fill(entry, field):
    assert classify(entry) == field


def test_game_words_are_weak_and_fields_are_kept_as_written():
    [(name, table)] = game_tables({"rob": ["сливать соляру у", "переезжать"]}, derived=False)
    assert name == "[words] rob" and table["class"] == "ROB"
    assert table["verb_idioms"] == table["weak_verb_idioms"] == ["сливать соляру у"]
    assert table["verbs"] == table["weak_verbs"] == ["переезжать"]
    [(_, table)] = game_tables({"guard": {"verbs": ["сопровождать"]}})
    assert table == {"class": "GUARD", "game": True, "verbs": ["сопровождать"]}  # strong: his word


@pytest.mark.parametrize("words, key, said", [
    ({"lechit": ["чинить"]}, "lechit", "нет такого хода «lechit»"),
    ({"heal": []}, "heal", "пустой список"),
    ({"heal": ["чинить", " "]}, "heal", "пустое слово"),
    ({"heal": [1]}, "heal", "нужен список слов в кавычках"),
    ({"heal": {"glagoly": ["чинить"]}}, "heal.glagoly", "нет такого поля"),
    ({"heal": {}}, "heal", "нет ни одного слова"),
])
def test_a_bad_entry_is_a_russian_error(words, key, said):
    with pytest.raises(GameWordsError) as err:
        game_tables(words)
    assert err.value.key == key and said in err.value.detail


def test_a_word_of_another_move_is_a_conflict():
    base = lexicon_module.lexicon()
    found = conflicts(base, game_tables({"heal": ["проверять", "чинить"]}))
    assert [a for a, _ in found] == ["heal"]
    assert "«проверять» уже значит ход «проверка / проверка босса»" in found[0][1]
    assert "«проверяю»" in found[0][1] or "…" in found[0][1]
    found = conflicts(base, game_tables({"heal": ["чинить"], "beat": ["чинить"]}))
    assert found and found[0][0] == "beat" and "уже записано у хода heal" in found[0][1]
    assert conflicts(base, game_tables(TRUCKS)) == []
    assert conflicts(base, game_tables({"heal": ["лечить", "хилю"]})) == []  # its own move: no harm
    # a shipped word whose class makes the host's move for the role that has it: no harm either
    assert conflicts(base, game_tables({"maniac_kill": ["замочить"], "rob": ["обчистить"],
                                        "search": ["смотреть"]})) == []
    found = conflicts(base, game_tables({"vote": ["за борт"]}))  # an idiom: said once
    assert len(found) == 1 and found[0][1].count("уже значит ход") == 1
    found = conflicts(base, game_tables({"heal": ["замочить"]}))
    assert found and "«замочить» уже значит ход «убийство от клана / убийство маньяка»" in found[0][1]
    assert "хилю" in base.words and "хилю" not in base.weak
    lex = lexicon_module.shipped_with(game_tables({"heal": ["хилю"]}))
    assert lex.words["хилю"] == "HEAL" and "хилю" not in lex.weak  # the shipped word stays strong


# --- the parser with and without the game's words ---------------------------------------------

def test_without_game_words_the_theme_is_not_read():
    assert read("сливаю соляру у Кузи", "Шаланда")["moves"] == []
    assert read("переезжаю Кузю", "Волк")["moves"] == []


def test_the_thiefs_theft_in_the_games_words(with_words):
    assert read("сливаю соляру у Кузи", "Шаланда") == {
        "moves": [{"action": "rob", "target": "Кузя"}], "problems": []}
    assert read("этой ночью сливаем соляру у Мирона", "Шаланда")["moves"] == [
        {"action": "rob", "target": "Мирон"}]
    civilian = read("сливаю соляру у Кузи", "Мирон")  # not his move: asked, never applied
    assert civilian["moves"] == [] and [p["kind"] for p in civilian["problems"]] == ["not_your_role"]
    # the role still decides: the swindler's theft of a move is his swindle
    assert read("сливаю соляру у Кузи", "Жук")["moves"] == [{"action": "swindle", "target": "Кузя"}]


def test_the_maniacs_kill_and_the_others_in_the_games_words(with_words):
    assert read("переезжаю Кузю", "Волк") == {
        "moves": [{"action": "maniac_kill", "target": "Кузя"}], "problems": []}
    assert read("камера на Кузю. голос Мирону", "Регик")["moves"] == [
        {"action": "watch", "target": "Кузя"}, {"action": "vote", "target": "Мирон"}]
    assert read("техосмотр Кузе. в кювет Мирона", "Петрович")["moves"] == [
        {"action": "boss_check", "target": "Кузя"}, {"action": "clan_kill", "target": "Мирон"}]
    assert read("ночью прикладываю Кузю", "Кенгурятник")["moves"] == [
        {"action": "beat", "target": "Кузя"}]


def test_chatter_with_the_games_words_and_no_name_is_no_move(with_words):
    assert read("вчера камера на трассе сломалась, всю ночь стоял. голос Кузе", "Регик") == {
        "moves": [{"action": "vote", "target": "Кузя"}], "problems": []}
    assert read("переезжаю на новую квартиру, связи не будет", "Волк") == {
        "moves": [], "problems": []}


def test_back_to_the_shipped_words_the_parser_reads_as_before(trucks_lexicon):
    """A lexicon handed in after letters were parsed is the one read next (the parser's caches
    of the old one are forgotten), both ways."""
    letters = [("сливаю соляру у Кузи", "Шаланда"), ("лечу Кузю, линч Мирон", "Шаланда"),
               ("переезжаю Кузю", "Волк"), ("камера на Кузю", "Регик")]
    plain = [read(*x) for x in letters]
    before = lexicon_module.lexicon()
    lexicon_module.provide(lambda: trucks_lexicon)
    try:
        themed = [read(*x) for x in letters]
    finally:
        lexicon_module.provide(lambda: before)
    assert themed != plain and themed[0]["moves"] == [{"action": "rob", "target": "Кузя"}]
    assert [read(*x) for x in letters] == plain


# --- the cache key ---------------------------------------------------------------------------------

def test_the_cache_key_follows_the_game_words():
    plain = lexicon_cache.key()
    assert lexicon_cache.key({}) == plain
    one = lexicon_cache.key({"rob": ["сливать соляру у"]})
    assert one != plain
    assert lexicon_cache.key({"rob": ["сливать соляру у"]}) == one
    assert lexicon_cache.key({"rob": ["сливать у"]}) != one


def test_cached_with_words_writes_its_own_file(monkeypatch, tmp_path, trucks_lexicon):
    monkeypatch.setenv("MAFIA_MAIL_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(lexicon_module, "shipped_with", lambda tables: trucks_lexicon)
    plain = lexicon_module.lexicon()  # (taken before the patch: lexicon() may ask shipped())
    monkeypatch.setattr(lexicon_module, "shipped", lambda: plain)
    lex = lexicon_cache.cached(TRUCKS)
    assert lex.words["переезжаю"] == "MANIAC"
    files = sorted((tmp_path / "cache").glob("lexicon-*.marshal"))
    assert [f.name for f in files] == [f"lexicon-{lexicon_cache.key(TRUCKS)}.marshal"]
    assert lexicon_cache.cached(TRUCKS) == lex  # read back
    assert "переезжаю" not in lexicon_cache.cached().words
    assert len(list((tmp_path / "cache").glob("lexicon-*.marshal"))) == 2


def test_install_gives_one_maker_per_words(monkeypatch):
    seen = []
    monkeypatch.setattr(lexicon_module, "provide", seen.append)
    lexicon_cache.install()
    lexicon_cache.install({"rob": ["сливать у"]})
    lexicon_cache.install({"rob": ["сливать у"]})
    lexicon_cache.install({"rob": ["слить у"]})
    assert seen[0] is lexicon_cache.cached
    assert seen[1] is seen[2] and seen[3] is not seen[1]


# --- the config and the CLI -------------------------------------------------------------------------

START = datetime(2026, 12, 7, 16, 30, tzinfo=timezone.utc)  # 19:30 Moscow

CONFIG = """\
[game]
name = "Дальнобой"
start = "2026-12-07 19:30"
seed = 3
database = "g.db"

[[player]]
nick = "Шаланда"
email = "shalanda@example.org"
role = "clan1.thief"
[[player]]
nick = "Кузя"
email = "kuzya@example.org"
role = "civilian"
[[player]]
nick = "Волк"
email = "volk@example.org"
role = "maniac"
[[player]]
nick = "Петрович"
email = "petrovich@example.org"
role = "clan2.boss"
{words}""" + folder_sections()

WORDS = """
[words]
rob = ["сливать соляру у"]
maniac_kill = ["переезжать"]
"""


def test_the_config_reads_words_and_names_a_bad_one(tmp_path):
    path = tmp_path / "game.toml"
    path.write_text(CONFIG.format(words=WORDS), encoding="utf-8")
    cfg = load_config(path)
    assert cfg.words == {"rob": ["сливать соляру у"], "maniac_kill": ["переезжать"]}
    assert words_lines(cfg.words) == ["  кража: «сливать соляру у»", "  убийство маньяка: «переезжать»"]
    path.write_text(CONFIG.format(words=""), encoding="utf-8")
    assert load_config(path).words == {}
    path.write_text(CONFIG.format(words=WORDS + 'heal = ["проверять"]\n'), encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_config(path)
    line = (CONFIG.split("{words}")[0] + WORDS).count("\n") + 1
    assert str(err.value).startswith(f"game.toml: words.heal (строка {line}): «проверять» уже "
                                     "значит ход «проверка / проверка босса»")
    assert "уберите его из [words]" in str(err.value)
    path.write_text(CONFIG.format(words=WORDS + 'steal = ["тырить"]\n'), encoding="utf-8")
    with pytest.raises(ConfigError, match="words.steal .*нет такого хода «steal»"):
        load_config(path)


def _letter(sender: str, body: str, msgid: str) -> bytes:
    return (f"From: {sender}\r\nTo: host@example.org\r\nSubject: Ход\r\nMessage-ID: <{msgid}>\r\n"
            "Date: Mon, 07 Dec 2026 21:00:00 +0300\r\nMIME-Version: 1.0\r\n"
            "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n"
            + body).encode("utf-8")


def test_cli_sync_reads_a_maildir_letter_with_the_games_words(tmp_path):
    (tmp_path / "game.toml").write_text(CONFIG.format(words=WORDS), encoding="utf-8")
    for sub in ("new", "cur", "tmp"):
        (tmp_path / "box" / sub).mkdir(parents=True)
    before = lexicon_module.lexicon()
    env = {"MAFIA_MAIL_CONFIG": str(tmp_path / "game.toml"), "COLUMNS": "200",
           "MAFIA_MAIL_CACHE": str(tmp_path / "cache"),
           "MAFIA_MAIL_NOW": (START - timedelta(minutes=30)).isoformat()}
    try:
        assert run_cli(["init", "--event", "none"], env).returncode == 0
        at = int((START + timedelta(hours=2)).timestamp())
        (tmp_path / "box" / "new" / f"{at}.M1P1.test").write_bytes(_letter(
            "Шаланда <shalanda@example.org>", "Этой ночью сливаю соляру у Кузи. Линч: Волк", "t1@x"))
        (tmp_path / "box" / "new" / f"{at + 60}.M2P1.test").write_bytes(_letter(
            "Волк <volk@example.org>", "переезжаю Петровича", "t2@x"))
        env["MAFIA_MAIL_NOW"] = (START + timedelta(hours=3)).isoformat()
        synced = run_cli(["sync"], env)
        assert synced.returncode == 0, synced.stderr
        status = run_cli(["status"], env)
        assert "кража" in status.stdout and "убийство маньяка" in status.stdout
        assert "Слова игры ([words] и mafia-mail words add):" in status.stdout
        assert "кража: «сливать соляру у»" in status.stdout
        assert "Понимаются и производные формы" in status.stdout
        preview = run_cli(["outbox", "--all"], env)
        assert preview.returncode == 0
        from mailer.store import Store

        store = Store(f"sqlite:///{tmp_path / 'g.db'}")
        try:
            with store.session() as s:
                bodies = {r.to_addr: r.body for r in store.outgoing(s) if r.kind == "reply"}
        finally:
            store.dispose()
        thief = next(b for a, b in bodies.items() if "shalanda" in a)
        maniac = next(b for a, b in bodies.items() if "volk" in a)
        # the reply names the move in the product's words, not the game's
        assert "  - Кража: Кузя\n  - Голос на линче: Волк\n" in thief, thief
        assert "  - Убийство маньяка: Петрович\n" in maniac, maniac
        assert list((tmp_path / "cache").glob("lexicon-*.marshal"))
    finally:
        lexicon_module.provide(lambda: before)


GAME_FILE = """\
[game]
seed = 1
start = "2026-12-07 19:30"

[roles]
"Шаланда" = "clan1.thief"
"Кузя" = "civilian"
"Волк" = "maniac"
"Петрович" = "clan2.boss"
"""


def test_cli_parse_uses_the_words_of_a_named_config_only(tmp_path):
    """``parse`` needs no config: with ``--config`` naming one it reads with its words; the
    JSON is the same format either way."""
    import json

    (tmp_path / "game.toml").write_text(CONFIG.format(words=WORDS), encoding="utf-8")
    (tmp_path / "file.toml").write_text(GAME_FILE, encoding="utf-8")
    before = lexicon_module.lexicon()
    args = ["parse", "--game", str(tmp_path / "file.toml"), "--from", "Шаланда"]
    env = {"MAFIA_MAIL_CACHE": str(tmp_path / "cache"), "MAFIA_MAIL_CONFIG": None}
    try:
        from click.testing import CliRunner

        from mailer.cli import main

        def run(*extra):
            out = CliRunner().invoke(main, [*extra, *args], input="сливаю соляру у Кузи",
                                     env=env, prog_name="mafia-mail")
            assert out.exit_code == 0, out.stderr
            return json.loads(out.stdout)

        assert run("--config", str(tmp_path / "game.toml")) == {
            "moves": [{"action": "rob", "target": "Кузя"}], "problems": []}
        lexicon_module.provide(lambda: before)
        plain = run()  # no config named (the default ./mafia-mail.toml is not looked for)
        assert plain["moves"] == [] and plain["problems"]
        assert run("--config", str(tmp_path / "missing.toml")) == plain
    finally:
        lexicon_module.provide(lambda: before)
