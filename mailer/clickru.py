"""Click's own words in Russian: usage errors and help headings the host reads.

Click marks every message it prints with gettext (``_()``, ``ngettext()``); this module gives
those two names, in click's modules, a Russian catalog (:data:`CATALOG`, :data:`PLURALS`).
A message not in it stays as click wrote it, so a newer click can only leave a line in
English, never break. :func:`install` is called once by :mod:`mailer.cli`.
"""

from __future__ import annotations

import importlib
import re
import sys

__all__ = ["install", "russify_commands", "CATALOG", "PLURALS", "NOT_FOR_HOSTS", "TYPE_NAMES"]

#: A word in click's straight quotes, «'--day'», «'abc'» (its ``repr`` and its parameter hints).
_STRAIGHT = re.compile(r"'([^'\n]+)'")
#: A capital that opens a sentence (not an abbreviation: «UUID» stays).
_CAPITAL = re.compile(r"[А-ЯЁA-Z](?![А-ЯЁA-Z])")


class _Sentence(str):
    """A Russian message that puts another message after a colon («Ошибка: …», «Неверное
    значение «--day»: …»): the message goes on the sentence, so its first letter is made
    small («Ошибка: нет такого параметра»), and every word click quotes straight («'--day'»,
    its ``repr``) gets Russian quotes («--day»). Only click's own errors are formatted with it
    (the tool's own errors, :class:`mailer.cli.common.HostError`, print themselves)."""

    __slots__ = ()

    def format(self, *args, **kwargs) -> str:  # noqa: A003 - str.format, as click calls it
        message = kwargs.get("message")
        if isinstance(message, str) and _CAPITAL.match(message):
            kwargs["message"] = message[:1].lower() + message[1:]
        return _STRAIGHT.sub(r"«\1»", str.format(self, *args, **kwargs))

#: English message id (exactly as the installed click writes it: tests/test_terminal.py reads
#: click's source and fails on an id click no longer has) → Russian.
CATALOG: dict[str, str] = {
    "Usage:": "Использование:",
    "Options": "Параметры",
    "Commands": "Команды",
    "Positional arguments": "Аргументы",
    "Show this message and exit.": "Показать эту справку и выйти.",
    "Show the version and exit.": "Показать версию и выйти.",
    "Try '{command} {option}' for help.": "Справка: {command} {option}",
    "Error: {message}": _Sentence("Ошибка: {message}"),
    "No such command {name!r}.": "Нет такой команды {name!r}.",
    "No such option {name!r}.": "Нет такого параметра {name!r}.",
    "Missing command.": "Не указана команда.",
    "Missing argument": "Не указан аргумент",
    "Missing option": "Не указан параметр",
    "Missing parameter": "Не указан параметр",
    "Missing parameter: {param_name}": "Не указан параметр: {param_name}",
    "Missing {param_type}": "Не указан {param_type}",
    "Invalid value for {param_hint}: {message}": _Sentence("Неверное значение {param_hint}: {message}"),
    "Invalid value: {message}": _Sentence("Неверное значение: {message}"),
    "Option {name!r} does not take a value.": "Параметр {name!r} не принимает значения.",
    "{value!r} is not a valid {number_type}.": "{value!r} — не {number_type}.",
    "{value} is not in the range {range}.": "{value} вне диапазона {range}.",
    "{value!r} is not a valid boolean. Recognized values: {states}":
        "{value!r} — не да/нет. Допустимо: {states}",
    "{value!r} is not a valid UUID.": "{value!r} — не UUID.",
    "{name} {filename!r} does not exist.": "{name} {filename!r} не существует.",
    "{name} {filename!r} is a file.": "{name} {filename!r} — файл, а нужна папка.",
    "{name} {filename!r} is a directory.": "{name} {filename!r} — папка, а нужен файл.",
    "{name} {filename!r} is not readable.": "{name} {filename!r} не читается.",
    "{name} {filename!r} is not writable.": "{name} {filename!r} не записывается.",
    "{name} {filename!r} is not executable.": "{name} {filename!r} не исполняемый.",
    "Could not open file {filename!r}: {message}": "Не открывается файл {filename!r}: {message}",
    "file": "Файл",
    "directory": "Папка",
    "path": "Путь",
    "Choose from:\n\t{choices}": "Выберите из:\n\t{choices}",
    "default: {default}": "по умолчанию: {default}",
    "env var: {var}": "переменная окружения: {var}",
    "required": "обязательно",
    # (Ctrl-C: sync, send and close-day keep what they finished and do the rest when run
    # again — a fresh host interrupted a sync and was not told whether anything was lost)
    "Aborted!": "Прервано. Ничего не потеряно: что команда успела сделать, сохранено, остальное "
                "сделает её повторный запуск.",
    "Value must be an iterable.": "Нужен список значений.",
    "Argument {name!r} takes {nargs} values.": "Аргумент {name!r} принимает {nargs} значения.",
    "Invalid start character for option ({option})": "Параметр не может так начинаться ({option})",
    "Do you want to continue?": "Продолжить?",
    "Error: invalid input": "Ошибка: неверный ввод",
    "Error: The two entered values do not match.": "Ошибка: введённые значения не совпадают.",
    "Repeat for confirmation": "Повторите для подтверждения",
    "Press any key to continue...": "Нажмите любую клавишу…",
    "unknown error": "неизвестная ошибка",
    "{editor}: Editing failed": "{editor}: редактор завершился с ошибкой, письмо не изменено",
    "{editor}: Editing failed: {e}": "{editor}: редактор не запустился ({e}), письмо не изменено",
    "(dynamic)": "(вычисляется)",
    "deprecated": "устарело",
    "DeprecationWarning: The command {name!r} is deprecated.{extra_message}":
        "Внимание: команда {name!r} устарела.{extra_message}",
    "DeprecationWarning: The {param_type} {name!r} is deprecated.{extra_message}":
        "Внимание: {param_type} {name!r} устарел.{extra_message}",
    "Confirm the action without prompting.": "Подтвердить без вопроса.",
    "%(prog)s, version %(version)s": "%(prog)s, версия %(version)s",
    "Couldn't detect Bash version, shell completion is not supported.":
        "Не удалось узнать версию Bash: автодополнение не поддерживается.",
    "Shell completion is not supported for Bash versions older than 4.4.":
        "Автодополнение работает только в Bash 4.4 и новее.",
    "Windows error: {error}": "Ошибка Windows: {error}",
}

#: Click's message ids that only a programmer meets (a wrong declaration in the code, a
#: debugging repr, click's own progress bar, which this tool does not use): left in English
#: on purpose. Together with :data:`CATALOG` and :data:`PLURALS` they are every message of
#: the installed click (tests/test_terminal.py checks both ways).
NOT_FOR_HOSTS: frozenset[str] = frozenset({
    "Arguments take exactly one parameter declaration, got {length}: {decls}.",
    "Boolean option {decl!r} cannot use the same flag for true/false.",
    "Could not determine name for option with declarations {decls!r}",
    "Name '{name}' defined twice",
    "No options defined but a name was passed ({name}). Did you mean to declare an argument "
    "instead? Did you mean to pass '--{name}'?",
    "Choice({choices})",
    "Unknown color {colour!r}",
    "Unknown standard stream '{name}'",
    "d",
})

#: (singular id, plural id) → (Russian for one, Russian for several), same placeholders.
PLURALS: dict[tuple[str, str], tuple[str, str]] = {
    ("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"):
        ("Лишний аргумент: {args}", "Лишние аргументы: {args}"),
    ("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"):
        ("Может быть, {possibility}?", "(Может быть, одно из: {possibilities}?)"),
    ("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."):
        ("Параметру {name!r} нужно значение.", "Параметру {name!r} нужно значений: {nargs}."),
    ("{value!r} is not {choice}.", "{value!r} is not one of {choices}."):
        ("{value!r} — не {choice}.", "{value!r} — нет такого варианта; допустимо: {choices}."),
    ("Takes {nargs} values but 1 was given.", "Takes {nargs} values but {len} were given."):
        ("Нужно значений: {nargs}, дано одно.", "Нужно значений: {nargs}, дано: {len}."),
    ("{value!r} does not match the format {format}.",
     "{value!r} does not match the formats {formats}."):
        ("{value!r} — не в формате {format}.", "{value!r} — ни в одном из форматов {formats}."),
    ("{len_type} values are required, but {len_value} was given.",
     "{len_type} values are required, but {len_value} were given."):
        ("Нужно значений: {len_type}, дано: {len_value}.",
         "Нужно значений: {len_type}, дано: {len_value}."),
}


def _gettext(message: str) -> str:
    return CATALOG.get(message, message)


def _ngettext(singular: str, plural: str, n: int) -> str:
    one, many = PLURALS.get((singular, plural), (singular, plural))
    return one if n == 1 else many


#: Click's modules that print messages through gettext.
_MODULES = ("core", "exceptions", "types", "parser", "decorators", "formatting", "termui", "utils",
            "_termui_impl", "shell_completion", "_winconsole")


#: Click's parameter types → their Russian names (help shows them upper-cased as metavars,
#: «--day ЧИСЛО»; error messages name them: «'abc' — не число.»).
TYPE_NAMES = {"StringParamType": "текст", "IntParamType": "число", "FloatParamType": "число",
              "File": "файл", "BoolParamType": "да/нет"}


def russify_commands(command) -> None:
    """Russian placeholders in the usage lines of ``command`` and its subcommands
    («mafia-mail status [ПАРАМЕТРЫ]», «mafia-mail [ПАРАМЕТРЫ] КОМАНДА [АРГУМЕНТЫ]...»)."""
    import click

    if command.options_metavar == "[OPTIONS]":
        command.options_metavar = "[ПАРАМЕТРЫ]"
    if isinstance(command, click.Group):
        if command.subcommand_metavar == "COMMAND [ARGS]...":
            command.subcommand_metavar = "КОМАНДА [АРГУМЕНТЫ]..."
        elif command.subcommand_metavar == "[COMMAND] [ARGS]...":  # a group that runs alone too
            command.subcommand_metavar = "[КОМАНДА] [АРГУМЕНТЫ]..."
        for sub in command.commands.values():
            russify_commands(sub)


#: The operating system's error texts click puts into its messages (``click.File``).
OS_ERRORS: dict[str, str] = {
    "No such file or directory": "нет такого файла или папки",
    "Permission denied": "нет прав доступа",
    "Is a directory": "это папка, а нужен файл",
    "Not a directory": "это не папка",
    "File exists": "файл уже есть",
    "Read-only file system": "файловая система только для чтения",
    "No space left on device": "на диске нет места",
}


def _russian_os_error(text: str) -> str:
    for english, russian in OS_ERRORS.items():
        text = text.replace(english, russian)
    return text


def _russify_file_type(click_types) -> None:
    """``click.File`` reports an unopenable file with the OS's English text: translate it."""
    file_type = click_types.File
    if getattr(file_type.convert, "_russian", False):
        return
    original = file_type.convert

    def convert(self, value, param, ctx):
        try:
            return original(self, value, param, ctx)
        except click_types.BadParameter as exc:
            exc.message = _russian_os_error(exc.message)
            raise

    convert._russian = True
    file_type.convert = convert


def install() -> None:
    """Make click print its messages in Russian (idempotent)."""
    import click.types

    _russify_file_type(click.types)

    for type_name, russian in TYPE_NAMES.items():
        kind = getattr(click.types, type_name, None)
        if kind is not None:
            kind.name = russian
    for name in _MODULES:
        if name == "_winconsole" and sys.platform != "win32":
            continue  # it loads on Windows only (asserts the platform)
        try:
            module = importlib.import_module(f"click.{name}")
        except ImportError:  # pragma: no cover - a click without that module
            continue
        if hasattr(module, "_"):
            module._ = _gettext
        if hasattr(module, "ngettext"):
            module.ngettext = _ngettext
