"""The host's own templates (issue 13 «What the host edits»): a template saved in
windows-1251 or with a mistake stops the command before any letter is processed, naming the
file and line; CRLF and a BOM are fine; letters are never held for a template."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlmodel import select

from mailer.cli import main
from mailer.config import load_config
from mailer.demo import copy_demo
from mailer.render import Renderer
from mailer.render_templates import TemplateProblem
from mailer.store import Letter, Outgoing, Store
from mailer.sync import sync
from mailer.day import init_game

START = datetime(2026, 12, 7, 16, 30, tzinfo=timezone.utc)
DURING = START + timedelta(hours=20)
PACKAGE_REPLY = (Path(__file__).parent.parent / "templates" / "reply.txt.j2").read_text(encoding="utf-8")


@pytest.fixture
def demo(tmp_path):
    path = copy_demo(tmp_path / "game")
    cfg = load_config(path)
    store = Store(cfg.database_url)
    init_game(cfg, store, now=START - timedelta(minutes=5), event="none")
    yield cfg, store, path.parent / "templates"
    store.dispose()


def states(store):
    with store.session() as s:
        return sorted({l.state for l in s.exec(select(Letter))})


def replies(store):
    with store.session() as s:
        return [o for o in s.exec(select(Outgoing)) if o.kind == "reply"]


def test_windows_1251_template_stops_sync_and_loses_nothing(demo):
    cfg, store, folder = demo
    folder.mkdir()
    text = "Привет, {{ nick }}!\nПринято.\n"
    (folder / "reply.txt.j2").write_bytes(text.encode("cp1251"))
    with pytest.raises(TemplateProblem) as err:
        sync(cfg, store, now=DURING)
    message = str(err.value)
    assert message.startswith(f"шаблон {folder / 'reply.txt.j2'}, строка 1: файл не в кодировке UTF-8")
    assert states(store) == []  # stopped before any letter: nothing fetched, nothing held
    (folder / "reply.txt.j2").write_text(text, encoding="utf-8")
    report = sync(cfg, store, now=DURING)
    assert report.processed > 20 and "held" not in states(store)
    assert replies(store)[0].body.startswith("Привет, ")


def test_template_that_fails_to_render_stops_with_file_and_line(demo):
    cfg, store, folder = demo
    folder.mkdir()
    (folder / "reply.txt.j2").write_text("Привет, {{ nick }}!\n\n{{ nick.nope() }}\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["--config", str(cfg.path), "sync"],
                             env={"MAFIA_MAIL_NOW": DURING.isoformat()})
    assert out.exit_code == 1
    assert f"шаблон {folder / 'reply.txt.j2'}, строка 3:" in out.output
    assert "held" not in states(store) and replies(store) == []
    assert states(store) == ["pending"]  # stored raw, understood on the next run


def test_template_syntax_error_is_named_when_the_command_starts(demo):
    cfg, _, folder = demo
    folder.mkdir()
    (folder / "result.txt.j2").write_text("Итоги\n{% if x %}\nнет конца\n", encoding="utf-8")
    with pytest.raises(TemplateProblem) as err:
        Renderer(cfg)
    assert str(err.value).startswith(f"шаблон {folder / 'result.txt.j2'}, строка 3:")


def test_crlf_and_bom_templates_render_as_unix_text(demo):
    cfg, store, folder = demo
    folder.mkdir()
    body = PACKAGE_REPLY.replace("Здравствуйте", "Добрый вечер")
    (folder / "reply.txt.j2").write_bytes(b"\xef\xbb\xbf" + body.replace("\n", "\r\n").encode("utf-8"))
    sync(cfg, store, now=DURING)
    sent = replies(store)
    answers = [r for r in sent if r.ref.startswith("reply:")]  # the next-day notice has its own template
    assert answers and all(r.body.startswith("Добрый вечер, ") for r in answers)
    assert all("\r" not in r.body for r in sent)
