"""The move lexicon kept built between runs of the CLI (issue 11: each command that parsed a
letter built :func:`engine.lexicon.lexicon` anew, ~1.7 s of pymorphy3 on a 2-core machine).

:func:`install` hands :func:`cached` to :func:`engine.lexicon.provide`, so the engine (which
reads no files of its own) gets the lexicon from here at its first use: read from
``<folder>/lexicon-<key>.marshal``, or built by :func:`engine.lexicon.shipped` and written
there. ``key`` is a SHA-256 of every file of the ``engine`` package (the TOML tables, the code
that expands them, ``norm``), of pymorphy3's and its dictionary's version files, of the Python
version and of the game's own words (the config's ``[words]``, :mod:`engine.lexicon.game`):
an edited table, a changed parser, a new dictionary or other game words build it anew, and two
games on one machine never read each other's lexicon.

The folder is ``MAFIA_MAIL_CACHE`` when set (``off``: no cache, build every time), else
``$XDG_CACHE_HOME/mafia-mail`` or ``~/.cache/mafia-mail``. A missing, unreadable or broken
file is no error (the lexicon is built), nor is a folder that cannot be written (it is built
next time again). The check of a game's words against the shipped lexicon is kept there too
(:func:`conflicts`). The file is written whole (a temporary file renamed), so commands run side
by side never read half of one; the newest files of :data:`KEEP` other keys stay.
"""

from __future__ import annotations

import marshal
import os
import sys
from dataclasses import fields
from importlib.util import find_spec
from pathlib import Path

OFF = "off"
#: Files of other keys kept in the folder (other versions or work trees beside this one).
KEEP = 3
#: Versions of the morphology that ``build`` expands the lemmas with (package, file).
_MORPHOLOGY = (("pymorphy3", "version.py"), ("pymorphy3_dicts_ru", "version.py"),
               ("pymorphy3_dicts_ru", "data/meta.json"))


#: The makers handed to :func:`engine.lexicon.provide`, by the game words' key: the same words
#: again give the same maker (the lexicon built so far stays).
_MAKERS: dict[str, object] = {}


def install(words: dict | None = None) -> None:
    """Let :func:`engine.lexicon.lexicon` come from :func:`cached` with the game's own
    ``words`` (the config's ``[words]``, :attr:`mailer.config.GameConfig.words`; none: the
    shipped lexicon) in this process. For the CLI: it installs the shipped lexicon at start and
    the game's as soon as the config is read, before any letter is parsed. Loads nothing heavy:
    the lexicon is read or built at its first use only."""
    from engine.lexicon import provide

    global _INSTALLED
    _INSTALLED = dict(words or {})
    if not words:
        provide(cached)
        return
    digest = words_key(words)
    make = _MAKERS.get(digest)
    if make is None:
        frozen = {action: value for action, value in words.items()}

        def make():
            return cached(frozen)

        make = _MAKERS[digest] = make
    provide(make)


#: The game words :func:`install` handed to the parser last (none: the shipped lexicon's).
_INSTALLED: dict = {}


def installed_words() -> dict:
    """The game words :func:`install` last handed to the parser in this process (action id →
    words or lexicon fields; empty: the shipped lexicon only), a copy."""
    return dict(_INSTALLED)


def words_key(words: dict | None) -> str:
    """A text that names the game's ``words`` (empty for none): their JSON, keys sorted."""
    import json

    return json.dumps(words, ensure_ascii=False, sort_keys=True) if words else ""


def folder(environ: dict[str, str] | None = None) -> Path | None:
    """The cache folder (see the module's docstring); None when ``MAFIA_MAIL_CACHE=off``."""
    env = os.environ if environ is None else environ
    given = env.get("MAFIA_MAIL_CACHE", "")
    if given:
        return None if given.strip().lower() == OFF else Path(given).expanduser()
    base = env.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "mafia-mail"


def key(words: dict | None = None) -> str:
    """SHA-256 (hex) of what the built lexicon depends on: every file of the ``engine``
    package (relative path and bytes, ``__pycache__`` left out), pymorphy3's version files,
    the dictionary path variables, the Python version and the game's ``words``."""
    import hashlib

    import engine

    h = hashlib.sha256(repr((sys.version_info, os.environ.get("PYMORPHY3_DICT_PATH"),
                             os.environ.get("PYMORPHY2_DICT_PATH"))).encode())
    if words:
        h.update(b"words\0" + words_key(words).encode() + b"\0")
    root = Path(engine.__file__).parent
    for path in sorted(p for p in root.rglob("*") if "__pycache__" not in p.parts and p.is_file()):
        h.update(path.relative_to(root).as_posix().encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    for package, name in _MORPHOLOGY:
        spec = find_spec(package)
        places = list(spec.submodule_search_locations or ()) if spec else []
        target = Path(places[0]) / name if places else None
        h.update(target.read_bytes() if target and target.is_file() else b"-")
    return h.hexdigest()


def cached(words: dict | None = None):
    """The shipped lexicon (:class:`engine.lexicon.Lexicon`), with the game's own ``words``
    (:func:`engine.lexicon.game.game_tables`) when given: read from the cache folder when a
    file of this :func:`key` is there and whole, else built and written there (other keys'
    files removed). Never raises for the cache itself (``words`` are checked by the config)."""
    from engine.lexicon import Lexicon, shipped

    def build():
        if not words:
            return shipped()
        from engine.lexicon import shipped_with
        from engine.lexicon.game import game_tables

        return shipped_with(game_tables(words))

    where = folder()
    if where is None:
        return build()
    name = key(words) if words else key()
    if not words:
        _KEYS["shipped"] = name
    path = where / f"lexicon-{name}.marshal"
    try:
        tables = marshal.loads(path.read_bytes())
        return Lexicon(**tables)
    except (OSError, EOFError, ValueError, TypeError):
        pass
    lex = build()
    _write(path, {f.name: getattr(lex, f.name) for f in fields(lex)})
    return lex


#: The key of the shipped lexicon :func:`cached` read last in this process (for :func:`conflicts`).
_KEYS: dict[str, str] = {}


def conflicts(words: dict, tables: list) -> list[tuple[str, str]]:
    """:func:`engine.lexicon.game.conflicts` of the game's ``words`` (their ``tables``, from
    :func:`engine.lexicon.game.game_tables`) with the shipped lexicon of :func:`cached`,
    remembered in the cache folder beside it (``words-<hash>.json``, by the shipped lexicon's
    key and the words): the config is read by every command, the check costs ~0.1 s."""
    import hashlib
    import json

    from engine.lexicon.game import conflicts as check

    where = folder()
    if where is None:
        return check(cached(), tables)
    shipped_key = _KEYS.get("shipped") or key()
    name = hashlib.sha256((shipped_key + "\0" + words_key(words)).encode()).hexdigest()
    path = where / f"words-{name}.json"
    try:
        return [(a, t) for a, t in json.loads(path.read_text(encoding="utf-8"))]
    except (OSError, ValueError, TypeError):
        pass
    found = check(cached(), tables)
    _write(path, json.dumps(found, ensure_ascii=False).encode("utf-8"), "words-*.json")
    return found


def _write(path: Path, tables: dict | bytes, pattern: str = "lexicon-*.marshal") -> None:
    """Write ``tables`` (marshalled; bytes as they are) to ``path`` whole; keep the :data:`KEEP`
    newest other files of ``pattern`` (other versions or checkouts that share the folder)."""
    import tempfile

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".lexicon-", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as out:
                if isinstance(tables, bytes):
                    out.write(tables)
                else:
                    marshal.dump(tables, out)
            os.replace(tmp, path)
        finally:
            Path(tmp).unlink(missing_ok=True)
        others = sorted((p for p in path.parent.glob(pattern) if p != path),
                        key=lambda p: p.stat().st_mtime, reverse=True)
        for old in others[KEEP:]:
            old.unlink(missing_ok=True)
    except OSError:
        return
