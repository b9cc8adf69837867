"""The host's template files for :mod:`mailer.render`: his override folder read as UTF-8
(a BOM allowed, any line ends), :class:`TemplateProblem` for a template that cannot be read,
compiled or rendered, and the file and line a template error was raised at, for the Russian
message the host reads.
"""

from __future__ import annotations

import jinja2

from .config import ConfigError


class TemplateProblem(ConfigError):
    """A host's template that cannot be read, compiled or rendered. The command stops before
    any letter is processed (a letter is never held for a template); the Russian message
    names the file and the line."""


class HostTemplates(jinja2.FileSystemLoader):
    """The host's override folder: UTF-8 (a BOM allowed), any line ends; another encoding is
    a :class:`TemplateProblem` naming the file and line."""

    def get_source(self, environment, template):
        import os

        path = os.path.join(self.searchpath[0], template)
        if not os.path.isfile(path):
            raise jinja2.TemplateNotFound(template)
        with open(path, "rb") as fh:
            raw = fh.read()
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = raw[:exc.start].count(b"\n") + 1
            raise TemplateProblem(
                f"шаблон {path}, строка {line}: файл не в кодировке UTF-8; сохраните его как "
                "UTF-8") from None
        mtime = os.path.getmtime(path)
        return text.replace("\r\n", "\n").replace("\r", "\n"), path, lambda: os.path.getmtime(path) == mtime


def template_line(exc: BaseException) -> tuple[str, int | None]:
    """(file, line) of the template frame an exception was raised in (jinja2 rewrites the
    traceback so that template frames carry the template's file and line)."""
    if isinstance(exc, jinja2.TemplateSyntaxError):
        return exc.filename or exc.name or "?", exc.lineno
    found: tuple[str, int | None] = ("?", None)
    tb = exc.__traceback__
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if name.endswith(".j2"):
            found = (name, tb.tb_lineno)
        tb = tb.tb_next
    return found
