"""Realistic player letters for end-to-end tests and benchmarks.

Builds whole RFC 5322 messages (bytes, CRLF line ends) of the kind forum Mafia players send
to the host: free Russian text with greetings, chatter, signatures, night moves and a lynch
vote, nicknames in Russian case forms, second letters that change a move, replies quoting
the host's «Ход принят», and a mix of charsets (utf-8, windows-1251, koi8-r, always with the
matching label) and transfer encodings (8bit, quoted-printable, base64).

All randomness is a local ``random.Random(seed)``: the same arguments give the same bytes.
This module is test support only; the engine never draws randomness this way
(DECISIONS.md §10 — the engine uses engine/draw.py).

Public API:

- :func:`roster_24` — the standard 24-player deal (DECISIONS.md §1) with forum nicknames.
- :func:`day_plan` — one day of letters with the moves each letter is meant to carry.
- :func:`day_letters` — the same as ``(receipt time, raw bytes)`` pairs.
- :func:`mailbox` — a stream of ``n`` letters over consecutive days (sync benchmarks).
"""

from __future__ import annotations

import base64
import quopri
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from email.header import Header
from email.utils import format_datetime

from engine.roles import STANDARD_DEAL, split_role

HOST_NAME = "Ведущий"
HOST_ADDR = "host@example.org"
DOMAINS = ("example.org", "example.net", "example.com")
DAY = timedelta(days=1)
#: A letter is never placed in the last minute before the day's end (it stays on time).
LAST_SAFE = timedelta(hours=23, minutes=58)

# --------------------------------------------------------------------------- nicknames

#: Nickname → case forms «nom|gen|dat|acc|ins|pre». Latin nicks are indeclinable.
_FORMS_TABLE = """\
Маруська|Маруськи|Маруське|Маруську|Маруськой|Маруське
Ягуарчик|Ягуарчика|Ягуарчику|Ягуарчика|Ягуарчиком|Ягуарчике
Бука|Буки|Буке|Буку|Букой|Буке
Любашка|Любашки|Любашке|Любашку|Любашкой|Любашке
Миралисса|Миралиссы|Миралиссе|Миралиссу|Миралиссой|Миралиссе
Кот Бегемот|Кота Бегемота|Коту Бегемоту|Кота Бегемота|Котом Бегемотом|Коте Бегемоте
Барон Мюнхгаузен|Барона Мюнхгаузена|Барону Мюнхгаузену|Барона Мюнхгаузена|Бароном Мюнхгаузеном|Бароне Мюнхгаузене
Шершень|Шершня|Шершню|Шершня|Шершнем|Шершне
Лисичка|Лисички|Лисичке|Лисичку|Лисичкой|Лисичке
Гоша|Гоши|Гоше|Гошу|Гошей|Гоше
Ромашка|Ромашки|Ромашке|Ромашку|Ромашкой|Ромашке
Тортилла|Тортиллы|Тортилле|Тортиллу|Тортиллой|Тортилле
Колобок|Колобка|Колобку|Колобка|Колобком|Колобке
Бублик|Бублика|Бублику|Бублика|Бубликом|Бублике
Пчёлка|Пчёлки|Пчёлке|Пчёлку|Пчёлкой|Пчёлке
Чебурашка|Чебурашки|Чебурашке|Чебурашку|Чебурашкой|Чебурашке
Незабудка|Незабудки|Незабудке|Незабудку|Незабудкой|Незабудке
Бармалей|Бармалея|Бармалею|Бармалея|Бармалеем|Бармалее
Штирлиц|Штирлица|Штирлицу|Штирлица|Штирлицем|Штирлице
Совушка|Совушки|Совушке|Совушку|Совушкой|Совушке
Карлсон|Карлсона|Карлсону|Карлсона|Карлсоном|Карлсоне
Ёжик|Ёжика|Ёжику|Ёжика|Ёжиком|Ёжике
Вишенка|Вишенки|Вишенке|Вишенку|Вишенкой|Вишенке
Снегирь|Снегиря|Снегирю|Снегиря|Снегирём|Снегире
Мурка|Мурки|Мурке|Мурку|Муркой|Мурке
Ириска|Ириски|Ириске|Ириску|Ириской|Ириске
Домовёнок|Домовёнка|Домовёнку|Домовёнка|Домовёнком|Домовёнке
Морошка|Морошки|Морошке|Морошку|Морошкой|Морошке
Фиалка|Фиалки|Фиалке|Фиалку|Фиалкой|Фиалке
Матроскин|Матроскина|Матроскину|Матроскина|Матроскиным|Матроскине
Шапокляк|Шапокляк|Шапокляк|Шапокляк|Шапокляк|Шапокляк
Серёга|Серёги|Серёге|Серёгу|Серёгой|Серёге
Serginio|Serginio|Serginio|Serginio|Serginio|Serginio
Darkwing|Darkwing|Darkwing|Darkwing|Darkwing|Darkwing
Nemo|Nemo|Nemo|Nemo|Nemo|Nemo
Zorro|Zorro|Zorro|Zorro|Zorro|Zorro
"""

CASES = ("nom", "gen", "dat", "acc", "ins", "pre")


def _parse_forms(table: str) -> dict[str, dict[str, str]]:
    out = {}
    for line in table.splitlines():
        forms = line.split("|")
        out[forms[0]] = dict(zip(CASES, forms))
    return out


NICK_FORMS: dict[str, dict[str, str]] = _parse_forms(_FORMS_TABLE)
NICK_POOL: tuple[str, ...] = tuple(NICK_FORMS)

_TRANSLIT = dict(zip(
    "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
    "a b v g d e e zh z i y k l m n o p r s t u f h ts ch sh sch _ y _ e yu ya".split(),
))


def translit(nick: str) -> str:
    """An e-mail local part for a nickname: «Кот Бегемот» → ``"kot.begemot"``."""
    out = []
    for ch in nick.lower():
        if ch in _TRANSLIT:
            out.append(_TRANSLIT[ch].replace("_", ""))
        elif ch.isascii() and ch.isalnum():
            out.append(ch)
        elif ch in " -_":
            out.append(".")
    return "".join(out).strip(".") or "player"


def _guess_word(word: str) -> dict[str, str]:
    """Naive declension of one Cyrillic word not in :data:`NICK_FORMS`."""
    if not word or word.isascii():
        return dict.fromkeys(CASES, word)
    low = word[-1].lower()
    stem = word[:-1]
    if low == "а":
        soft = stem[-1:].lower() in "гкхжшщч"
        hush = stem[-1:].lower() in "жшщчц"
        return dict(nom=word, gen=stem + ("и" if soft else "ы"), dat=stem + "е",
                    acc=stem + "у", ins=stem + ("ей" if hush else "ой"), pre=stem + "е")
    if low == "я":
        return dict(nom=word, gen=stem + "и", dat=stem + "е", acc=stem + "ю", ins=stem + "ей", pre=stem + "е")
    if low == "й":
        return dict(nom=word, gen=stem + "я", dat=stem + "ю", acc=stem + "я", ins=stem + "ем", pre=stem + "е")
    if low in "бвгджзклмнпрстфхцчшщ":
        ins = "ем" if low in "жшщчц" else "ом"
        return dict(nom=word, gen=word + "а", dat=word + "у", acc=word + "а", ins=word + ins, pre=word + "е")
    return dict.fromkeys(CASES, word)


def forms(nick: str) -> dict[str, str]:
    """Case forms of a nickname: ``{"nom", "gen", "dat", "acc", "ins", "pre"}`` → text.

    Known nicknames come from :data:`NICK_FORMS`; others are declined word by word with a
    naive rule (Latin words and unknown endings stay unchanged).
    """
    if nick in NICK_FORMS:
        return NICK_FORMS[nick]
    words = [_guess_word(w) for w in nick.split(" ")]
    return {case: " ".join(w[case] for w in words) for case in CASES}


def roster_24(seed: int = 1) -> list[dict]:
    """The standard 24-player deal (DECISIONS.md §1), deterministic for ``seed``.

    Returns:
        24 dicts ``{"nick": str, "email": str, "role": str}`` in a seeded order; ``role`` is a
        roster role string (``"clan1.boss"``, ``"doctor"``, ``"civilian"``, …) and the multiset
        of roles is exactly :data:`engine.roles.STANDARD_DEAL`. Nicks and addresses are unique.
    """
    rng = random.Random(f"roster:{seed}")
    nicks = rng.sample(NICK_POOL, 24)
    roles = list(STANDARD_DEAL)
    rng.shuffle(roles)
    roster = []
    for i, (nick, role) in enumerate(zip(nicks, roles)):
        email = f"{translit(nick)}@{DOMAINS[i % len(DOMAINS)]}"
        roster.append({"nick": nick, "email": email, "role": role})
    return roster


# --------------------------------------------------------------------------- phrasing

_MOVE_PHRASES: dict[str, tuple[str, ...]] = {
    "rob": ("Ворую у {gen}.", "краду у {gen}", "Обворовываю {acc}.", "Кража: {nom}"),
    "guard": ("Охраняю {acc}.", "охрана — {nom}", "Берегу {acc}."),
    "boss_check": ("Проверяю {acc}.", "проверка: {nom}", "Дон проверяет {acc}."),
    "clan_kill": ("Убиваем {acc}.", "Клан убивает {acc}.", "Заказ на ночь: {nom}", "мочим {acc}"),
    "check": ("Проверяю {acc}.", "проверка — {nom}", "Комиссар проверяет {acc}."),
    "heal": ("Лечу {acc}.", "лечение: {nom}", "Иду лечить {acc}."),
    "invite": ("Приглашаю {acc}.", "Зову в гости {acc}.", "в гости: {nom}"),
    "psycho_invite": ("Шизю {acc}.", "шизю {acc}!!", "Приглашаю к себе на чай {acc}."),
    "search": ("Ищу комиссара у {gen}.", "Фанатка ищет комиссара: {nom}", "ищу кумира у {gen}"),
    "beat": ("Бью {acc}.", "Громлю {acc}.", "избиваю {acc}"),
    "watch": ("Слежу за {ins}.", "наблюдаю за {ins}", "Свидетель следит за {ins}."),
    "maniac_kill": ("Убиваю {acc}.", "Мочу {acc}.", "маньячу {acc}"),
    "hunt": ("МО: {nom}", "МО — {nom}.", "Охочусь на {acc}.", "Мирная охота: {nom}"),
}
_VOTE_PHRASES = ("Линч: {nom}", "Голосую за {acc}.", "линч — {nom}", "Мой голос: {nom}", "Вешаем {acc}.")
_DELEGATE_PHRASES = ("Ход на усмотрение дона.", "Мой ход — на усмотрение босса.")
_CHANGE_PHRASES = ("Передумал(а)!", "Ведущий, меняю ход.", "Поправка к ходу:", "Ой, переиграю.")

#: Swindler branches: role id → (Russian role word, action id of the stolen move).
_SWINDLE_BRANCHES: dict[str, tuple[str, str]] = {
    "doctor": ("доктор", "heal"), "detective": ("комиссар", "check"),
    "hostess": ("стерва", "invite"), "psycho": ("шизик", "psycho_invite"),
    "fan": ("фанатка", "search"), "thug": ("громила", "beat"),
    "witness": ("свидетель", "watch"), "maniac": ("маньяк", "maniac_kill"),
}
_BRANCH_PHRASES: dict[str, str] = {
    "heal": "лечу {acc}", "check": "проверяю {acc}", "invite": "приглашаю {acc}",
    "psycho_invite": "шизю {acc}", "search": "ищу комиссара у {gen}", "beat": "бью {acc}",
    "watch": "слежу за {ins}", "maniac_kill": "убиваю {acc}",
}

#: How the host's auto-reply names a move (only for quoted replies).
_ACTION_RU = {
    "rob": "кража", "guard": "охрана", "boss_check": "проверка босса", "clan_kill": "убийство от клана",
    "check": "проверка", "heal": "лечение", "invite": "приглашение", "search": "поиск детектива",
    "beat": "избиение", "swindle": "жульничество", "watch": "слежка", "maniac_kill": "убийство",
    "hunt": "мирная охота", "vote": "линч", "delegate": "ход на усмотрение босса",
}

_GREETINGS = ("Привет!", "Добрый вечер!", "Здравствуйте!", "Доброго времени суток, ведущий!",
              "Ведущему.", "Приветик :)", "Доброе утро!", "")
_CHATTER = (
    "Ночь будет жаркая, чую.", "В ветке сегодня тихо, подозрительно тихо.",
    "Вчера чуть не проспала дедлайн, сорри.", "Пишу с телефона, простите за опечатки.",
    "Спасибо за игру, очень атмосферно!", "Лирика вчерашняя — огонь :)",
    "Кто-то явно отмалчивается в ветке.", "Надеюсь, в этот раз повезёт.",
    "Устал(а) как собака, но ход шлю.", "P.S. Не забудьте про 66 слов в ветке!",
)
_SIGN_OFFS = ("", "С уважением,", "Удачи всем!", "--", "Ваш(а)", "Целую,")

#: (charset, weight): utf-8 most of the time; the two Cyrillic 8-bit charsets sometimes.
_CHARSETS = (("utf-8", 70), ("windows-1251", 18), ("koi8-r", 12))
_CTES = (("8bit", 40), ("quoted-printable", 35), ("base64", 25))


def _weighted(rng: random.Random, pairs) -> str:
    return rng.choices([p[0] for p in pairs], weights=[p[1] for p in pairs])[0]


def _say(rng: random.Random, phrases: tuple[str, ...], target: str) -> str:
    return rng.choice(phrases).format(**forms(target))


# --------------------------------------------------------------------------- the plan

@dataclass
class PlannedLetter:
    """One generated letter.

    ``at`` is the receipt time (aware, UTC); ``raw`` the whole message (RFC 5322 bytes, CRLF);
    ``sender`` the roster nickname; ``moves`` the moves the letter is meant to carry, in the
    JSON shape of SCENARIOS.md (``{"action": "heal", "target": "Бука"}``; a psycho's invite
    is ``action = "invite"``); ``replaces_earlier`` is true for a letter that changes a move
    sent earlier the same day; ``quoted`` for a reply quoting the host.
    """

    at: datetime
    raw: bytes
    sender: str
    moves: list[dict] = field(default_factory=list)
    replaces_earlier: bool = False
    quoted: bool = False


@dataclass
class _Ctx:
    rng: random.Random
    living: list[dict]
    suspects: list[str]
    day: int
    start: datetime
    seed: int
    chatter: bool
    serial: int = 0


def _other(ctx: _Ctx, me: str, pool: list[dict] | None = None) -> str:
    """A living nickname other than ``me`` (from ``pool`` if it has one)."""
    choices = [p["nick"] for p in (pool if pool is not None else ctx.living) if p["nick"] != me]
    return ctx.rng.choice(choices or [me])


def _clan_of(player: dict) -> str | None:
    return split_role(player["role"])[1]


def _phrase(ctx: _Ctx, action: str, target: str, phrase_key: str | None = None) -> tuple[str, dict]:
    """One move line and its move dict; ``psycho_invite`` is phrased as the psycho's «шизю»."""
    move_action = "invite" if action == "psycho_invite" else action
    text = _say(ctx.rng, _MOVE_PHRASES[phrase_key or action], target)
    return text, {"action": move_action, "target": target}


def _clan_moves(ctx: _Ctx, me: str, role: str, clan: str) -> list[tuple[str, dict]]:
    """A clan member: the boss checks and orders the kill; others move, propose or delegate."""
    rng = ctx.rng
    enemies = [p for p in ctx.living if _clan_of(p) != clan]
    if role == "boss":
        return [_phrase(ctx, "boss_check", _other(ctx, me, enemies)),
                _phrase(ctx, "clan_kill", _other(ctx, me, enemies))]
    if rng.random() < 0.25:
        return [(rng.choice(_DELEGATE_PHRASES), {"action": "delegate"})]
    lines = []
    if role == "thief":
        lines.append(_phrase(ctx, "rob", _other(ctx, me, enemies)))
    elif role == "guard":
        mates = [p for p in ctx.living if _clan_of(p) == clan]
        lines.append(_phrase(ctx, "guard", _other(ctx, "", mates)))
    if rng.random() < 0.3:
        lines.append(_phrase(ctx, "clan_kill", _other(ctx, me, enemies)))
    return lines


_SIMPLE_ROLE_ACTION = {
    "detective": "check", "doctor": "heal", "hostess": "invite", "psycho": "psycho_invite",
    "fan": "search", "thug": "beat", "witness": "watch", "maniac": "maniac_kill",
}


def _role_moves(ctx: _Ctx, player: dict) -> list[tuple[str, dict]]:
    """The role moves of one player as ``(text line, move dict)`` pairs (DECISIONS.md §4–5)."""
    rng, me = ctx.rng, player["nick"]
    role, clan = split_role(player["role"])
    if clan:
        return _clan_moves(ctx, me, role, clan)
    if role in _SIMPLE_ROLE_ACTION:
        self_ok = role in ("doctor", "thug") and rng.random() < 0.05
        lines = [_phrase(ctx, _SIMPLE_ROLE_ACTION[role], me if self_ok else _other(ctx, me))]
        if role in ("fan", "witness") and rng.random() < 0.3:  # the two that may also hunt
            lines.append(_phrase(ctx, "hunt", _other(ctx, me)))
        return lines
    if role == "swindler":
        return [_swindle(ctx, me)]
    # plain civilian or the son: only a hunt, now and then, at one of the day's suspects
    if rng.random() < 0.45:
        suspects = [s for s in ctx.suspects if s != me] or [_other(ctx, me)]
        return [_phrase(ctx, "hunt", rng.choice(suspects))]
    return []


def _swindle(ctx: _Ctx, me: str) -> tuple[str, dict]:
    """The swindler's conditional letter (rule text, «Жулик»): a target and several branches."""
    rng = ctx.rng
    target = _other(ctx, me)
    tf = forms(target)
    head = rng.choice((f"Жулик жульничает в отношении игрока {tf['nom']}.",
                       f"Жульничаю у {tf['gen']}.", f"Жулик: цель — {tf['nom']}."))
    roles = rng.sample(list(_SWINDLE_BRANCHES), rng.randint(3, len(_SWINDLE_BRANCHES)))
    branches, lines = {}, [head]
    for i, role_id in enumerate(roles):
        word, action = _SWINDLE_BRANCHES[role_id]
        victim = _other(ctx, me)
        text = _BRANCH_PHRASES[action].format(**forms(victim))
        lead = (f"Если {tf['nom']} {word}, то" if i == 0
                else rng.choice((f"Если {word}, то", f"Если {word} —")))
        lines.append(f"{lead} {text}.")
        branches[role_id] = {"action": "invite" if action == "psycho_invite" else action, "target": victim}
    return "\n".join(lines), {"action": "swindle", "target": target, "branches": branches}


def _vote(ctx: _Ctx, me: str) -> tuple[str, dict]:
    rng = ctx.rng
    pool = [s for s in ctx.suspects if s != me] if rng.random() < 0.8 else []
    target = rng.choice(pool) if pool else _other(ctx, me)
    return _say(rng, _VOTE_PHRASES, target), {"action": "vote", "target": target}


def _receipt_time(ctx: _Ctx) -> datetime:
    """A receipt time within the day: evening and last-hours clusters, never the last minutes."""
    rng = ctx.rng
    r = rng.random()
    if r < 0.3:
        offset = rng.uniform(0, 5 * 3600)
    elif r < 0.45:
        offset = rng.uniform(21 * 3600, LAST_SAFE.total_seconds())
    else:
        offset = rng.uniform(0, LAST_SAFE.total_seconds())
    return ctx.start + timedelta(seconds=int(offset))


def _body(ctx: _Ctx, player: dict, lines: list[str], prefix: str | None = None) -> str:
    rng = ctx.rng
    parts = []
    if ctx.chatter:
        greeting = rng.choice(_GREETINGS)
        if greeting:
            parts.append(greeting)
    if prefix:
        parts.append(prefix)
    parts.extend(lines)
    if ctx.chatter and rng.random() < 0.5:
        parts.append("")
        parts.append(rng.choice(_CHATTER))
    if ctx.chatter:
        sign = rng.choice(_SIGN_OFFS)
        parts.append("")
        parts.extend([sign, player["nick"]] if sign else [player["nick"]])
    return "\n".join(parts) + "\n"


def _quote_host(ctx: _Ctx, player: dict, first_at: datetime, first_moves: list[dict]) -> tuple[str, datetime]:
    """The host's auto-reply as a player's mail client quotes it, and when it was sent."""
    msk = timezone(timedelta(hours=3))
    replied = (first_at + timedelta(minutes=ctx.rng.randint(3, 90))).astimezone(msk)
    months = ("янв.", "февр.", "мар.", "апр.", "мая", "июн.",
              "июл.", "авг.", "сент.", "окт.", "нояб.", "дек.")
    attribution = (f"{replied.day} {months[replied.month - 1]} {replied.year} г., в "
                   f"{replied:%H:%M}, {HOST_NAME} <{HOST_ADDR}>:")
    understood = [f"— {_ACTION_RU.get(m['action'], m['action'])}: {m.get('target', '')}".rstrip(": ")
                  for m in first_moves]
    host_text = [f"Здравствуйте, {player['nick']}!", "",
                 f"Ваше письмо от {first_at.astimezone(msk):%d.%m %H:%M} получено. Ходы поняты так:",
                 *understood, "", "Если что-то понято не так, пришлите исправленный ход до дедлайна.",
                 HOST_NAME]
    quoted = "\n".join(">" + (" " + line if line else "") for line in host_text)
    return f"\n{attribution}\n\n{quoted}\n", replied


#: What a mail client in an 8-bit Cyrillic charset sends instead of typography it lacks.
_PLAIN_TYPOGRAPHY = str.maketrans({"—": "-", "–": "-", "«": '"', "»": '"', "…": "..."})


def _fit_charset(text: str, charset: str) -> tuple[str, str]:
    """``(text, charset)`` such that ``text.encode(charset)`` is exact: typography the 8-bit
    charset lacks is replaced by ASCII; anything else unencodable falls back to utf-8."""
    if charset == "utf-8":
        return text, charset
    try:
        text.encode(charset)
        return text, charset
    except UnicodeEncodeError:
        plain = text.translate(_PLAIN_TYPOGRAPHY)
    try:
        plain.encode(charset)
        return plain, charset
    except UnicodeEncodeError:
        return text, "utf-8"


def _encode_header(text: str, charset: str) -> str:
    if text.isascii():
        return text
    return Header(text, charset).encode(maxlinelen=76).replace("\n", "\r\n")


def _render(ctx: _Ctx, player: dict, at: datetime, subject: str, body: str,
            reply_to: str | None = None) -> tuple[bytes, str]:
    """The whole message bytes (CRLF) and its Message-ID (RFC 5322, RFC 2045–2047)."""
    rng = ctx.rng
    body, charset = _fit_charset(body, _weighted(rng, _CHARSETS))
    subject, charset = _fit_charset(subject, charset)
    cte = _weighted(rng, _CTES)
    ctx.serial += 1
    domain = player["email"].split("@", 1)[1]
    msgid = f"<{ctx.seed}.{ctx.day}.{ctx.serial}.{rng.getrandbits(32):08x}@{domain}>"
    sent = (at - timedelta(seconds=rng.randint(0, 90))).astimezone(
        timezone(timedelta(hours=rng.choice((3, 3, 3, 0, 2)))))
    display = player["nick"] if rng.random() < 0.9 else ""
    sender = (f"{_encode_header(display, _fit_charset(display, charset)[1])} <{player['email']}>"
              if display else player["email"])
    headers = [
        ("Message-ID", msgid), ("Date", format_datetime(sent)), ("From", sender),
        ("To", f"{_encode_header(HOST_NAME, charset)} <{HOST_ADDR}>"),
        ("Subject", _encode_header(subject, charset)),
    ]
    if reply_to:
        headers += [("In-Reply-To", reply_to), ("References", reply_to)]
    headers += [("MIME-Version", "1.0"), ("Content-Type", f'text/plain; charset="{charset}"'),
                ("Content-Transfer-Encoding", cte)]
    data = body.encode(charset)
    if cte == "base64":
        payload = base64.encodebytes(data)
    elif cte == "quoted-printable":
        payload = quopri.encodestring(data)
    else:
        payload = data
    head = "".join(f"{k}: {v}\r\n" for k, v in headers).encode("ascii")
    payload = payload.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    return head + b"\r\n" + payload, msgid


def _subject(ctx: _Ctx) -> str:
    return ctx.rng.choice(("Ход", "ход", "Ход на ночь", f"Ход, день {ctx.day}", "ходы",
                           f"Мафия: день {ctx.day}", "Линч и ход", ""))


def _player_letters(ctx: _Ctx, player: dict) -> list[PlannedLetter]:
    """Zero, one or two letters of one living player for the day."""
    rng = ctx.rng
    items = _role_moves(ctx, player)
    if rng.random() < 0.9:
        items.append(_vote(ctx, player["nick"]))
    if not items and not (ctx.chatter and rng.random() < 0.2):
        return []
    at = _receipt_time(ctx)
    subject = _subject(ctx)
    body = _body(ctx, player, [line for line, _ in items] or [rng.choice(_CHATTER)])
    raw, msgid = _render(ctx, player, at, subject, body)
    first = PlannedLetter(at, raw, player["nick"], [m for _, m in items])
    changeable = [(line, m) for line, m in items if m["action"] not in ("delegate", "swindle")]
    if not changeable or rng.random() >= 0.25 or at >= ctx.start + LAST_SAFE - timedelta(hours=2):
        return [first]
    return [first, _second_letter(ctx, player, first, msgid, changeable)]


def _second_letter(ctx: _Ctx, player: dict, first: PlannedLetter, first_msgid: str,
                   changeable: list[tuple[str, dict]]) -> PlannedLetter:
    """A later letter changing one move; about 40 % of them reply to the host's «Ход принят»."""
    rng = ctx.rng
    _, old = rng.choice(changeable)
    role, clan = split_role(player["role"])
    mates = [p for p in ctx.living if split_role(p["role"])[1] == clan] if old["action"] == "guard" else None
    target = _other(ctx, player["nick"], mates)
    phrase_key = "psycho_invite" if role == "psycho" else old["action"]
    phrases = _VOTE_PHRASES if old["action"] == "vote" else _MOVE_PHRASES[phrase_key]
    new = {"action": old["action"], "target": target}
    span = ctx.start + LAST_SAFE - first.at
    quoted = rng.random() < 0.4
    text = _say(rng, phrases, target)
    if quoted:
        quote, replied = _quote_host(ctx, player, first.at, first.moves)
        at = replied + timedelta(seconds=rng.randint(60, 3 * 3600))
        at = min(at.astimezone(timezone.utc), ctx.start + LAST_SAFE)
        body = _body(ctx, player, [text], prefix=rng.choice(_CHANGE_PHRASES)) + quote
        raw, _ = _render(ctx, player, at, "Re: Ход принят", body, reply_to=first_msgid)
    else:
        at = first.at + timedelta(seconds=rng.randint(60, max(61, int(span.total_seconds()))))
        body = _body(ctx, player, [text], prefix=rng.choice(_CHANGE_PHRASES))
        raw, _ = _render(ctx, player, at, f"Re: {_subject(ctx)}".rstrip(": "), body)
    return PlannedLetter(at, raw, player["nick"], [new], replaces_earlier=True, quoted=quoted)


def day_plan(roster: list[dict], day: int, start_utc: datetime, seed: int, *,
             chatter: bool = True) -> list[PlannedLetter]:
    """One plausible game day of letters from the living players, with their intended moves.

    Args:
        roster: dicts with ``"nick"``, ``"email"``, ``"role"`` (roster role string); an entry
            with ``"alive": False`` sends nothing.
        day: the game day number (used in subjects and Message-IDs).
        start_utc: the day's start, an aware datetime; every letter is received in
            ``[start_utc, start_utc + 23 h 58 min]`` (on time for a deadline at the day's end).
        seed: the only source of randomness (``random.Random``); same arguments, same bytes.
        chatter: greetings, chatter lines and signatures around the moves (False: moves only).
    Returns:
        Letters sorted by receipt time (ties by sender order in the roster).
    Raises:
        ValueError: ``start_utc`` is naive.
    """
    if start_utc.tzinfo is None:
        raise ValueError("start_utc must be an aware datetime")
    rng = random.Random(f"day:{seed}:{day}")
    living = [p for p in roster if p.get("alive", True)]
    if not living:
        return []
    suspects = rng.sample([p["nick"] for p in living], min(4, len(living)))
    ctx = _Ctx(rng, living, suspects, day, start_utc.astimezone(timezone.utc), seed, chatter)
    letters = []
    for player in living:
        letters.extend(_player_letters(ctx, player))
    order = {p["nick"]: i for i, p in enumerate(living)}
    letters.sort(key=lambda letter: (letter.at, order[letter.sender]))
    return letters


def day_letters(roster: list[dict], day: int, start_utc: datetime, seed: int, *,
                chatter: bool = True) -> list[tuple[datetime, bytes]]:
    """:func:`day_plan` as ``(receipt time UTC, raw RFC 5322 bytes)`` pairs, sorted by time."""
    return [(letter.at, letter.raw) for letter in day_plan(roster, day, start_utc, seed, chatter=chatter)]


def mailbox(n: int, roster: list[dict], seed: int,
            start_utc: datetime = datetime(2026, 12, 7, 16, 30, tzinfo=timezone.utc)
            ) -> Iterator[tuple[datetime, bytes]]:
    """A stream of exactly ``n`` letters over consecutive days (for sync benchmarks).

    Day ``k`` starts at ``start_utc + (k - 1) days``; every player stays alive. Letters are
    generated one day at a time, so memory does not grow with ``n``. Receipt times increase
    (non-strictly) along the stream.
    """
    made, day = 0, 1
    while made < n:
        for item in day_letters(roster, day, start_utc + (day - 1) * DAY, seed * 100_003 + day):
            if made == n:
                return
            made += 1
            yield item
        day += 1
