"""Role ids, sides and Russian names (DECISIONS.md §1).

A roster entry names a role as ``"clanN.role"`` for clan roles (``"clan1.boss"``) and as a
bare id for civilian roles (``"doctor"``, ``"son"``, ``"civilian"``).
"""

from __future__ import annotations

CLANS: tuple[str, ...] = ("clan1", "clan2")

#: Clan roles, in the clan-kill order source priority (DECISIONS.md §4 "Clan kill").
CLAN_ROLES: tuple[str, ...] = ("boss", "thief", "guard", "indian", "actor")

#: Role civilians (ролевые мирные), DECISIONS.md §1.
ROLE_CIVILIANS: tuple[str, ...] = (
    "detective", "doctor", "hostess", "psycho", "fan", "thug", "swindler", "witness", "maniac",
)

#: Every role id.
ALL_ROLES: tuple[str, ...] = CLAN_ROLES + ("son",) + ROLE_CIVILIANS + ("civilian",)

#: Russian display names (nominative).
ROLE_NAMES_RU: dict[str, str] = {
    "boss": "Босс",
    "thief": "Вор",
    "guard": "Охранник",
    "indian": "Индеец",
    "actor": "Актёр",
    "son": "Внебрачный сын Босса",
    "detective": "Детектив",
    "doctor": "Врач",
    "hostess": "Стерва",
    "psycho": "Шизик",
    "fan": "Фанатка",
    "thug": "Громила",
    "swindler": "Жулик",
    "witness": "Свидетель",
    "maniac": "Маньяк",
    "civilian": "Мирный",
}

CLAN_NAMES_RU: dict[str, str] = {"clan1": "Клан 1", "clan2": "Клан 2"}

#: Words players use for a role (lower case, ё written as е). The parser inflects them.
ROLE_SYNONYMS: dict[str, tuple[str, ...]] = {
    # the forum's words, everyday and criminal slang, and the English role names of mixed
    # letters («esli doctor — …»). Not here: words that are nicknames in many rosters
    # («страж», «артист», «щипач», «бодигард», «потрошитель», «айболит») or ordinary speech
    # used of players in chatter («мирная», «дама», «вождь», «сынок», «наблюдатель», «кидала»:
    # «кидала тапок»). Latin «boss», «don» are read as «босс», «дон» (engine.translit).
    "boss": ("босс", "дон", "шеф", "глава клана", "пахан", "главарь", "крестный отец",
             "godfather"),
    "thief": ("вор", "воришка", "воровка", "ворюга", "домушник", "домушница", "карманник",
              "карманница", "клептоман", "клептоманка", "thief"),
    "guard": ("охранник", "охрана", "телохранитель", "телохранительница", "охранница",
              "секьюрити", "bodyguard", "guard"),
    "indian": ("индеец", "индианка", "indian"),
    "actor": ("актер", "актриса", "актерша", "actor", "actress"),
    "son": ("сын", "внебрачный сын", "бастард", "bastard"),
    "detective": ("детектив", "комиссар", "комм", "ком", "шериф", "коп", "сыщик", "следователь",
                  "мент", "опер", "инспектор", "дознаватель", "detective", "sheriff", "cop", "commissar"),
    "doctor": ("врач", "доктор", "док", "доктора", "медик", "лекарь", "врачиха", "докторша",
               "медсестра", "медбрат", "медичка", "фельдшер", "хирург", "хилер", "хиллер", "doctor",
               "medic", "healer", "дохтур"),
    "hostess": ("стерва", "хозяйка", "путана", "любовница", "красотка", "куртизанка",
                "проститутка", "гейша", "соблазнительница", "ночная бабочка", "hostess",
                # the tavern-keeper of a historical game («если корчмарка — зову X»)
                "корчмарка", "трактирщица", "шинкарка"),
    "psycho": ("шизик", "шиз", "шизанутый", "шизанутая", "псих", "шиза", "психопат",
               "психопатка", "психичка", "шизоид", "шизофреник", "шизофреничка", "шизичка",
               "psycho", "юродивый", "юродивая"),
    "fan": ("фанатка", "фанатик", "фан", "фанат", "фанатичка", "фанючка", "поклонник",
            "поклонница", "fan"),
    "thug": ("громила", "гром", "бугай", "амбал", "вышибала", "костолом", "thug"),
    "swindler": ("жулик", "жуличка", "мошенник", "мошенница", "аферист", "аферистка",
                 "шулер", "прохиндей", "махинатор", "плут", "плутовка", "swindler"),
    "witness": ("свидетель", "свид", "свидетельница", "свидетельша", "очевидец", "очевидица", "witness",
                # the chronicler of a historical game: he sees and writes down
                "летописец"),
    "maniac": ("маньяк", "ман", "маньячина", "маньячка", "маньячок", "маняк", "серийник",
               "серийный убийца", "maniac", "душегуб"),
    "civilian": ("мирный", "неролевой", "мирный житель", "мирняк", "мирная жительница",
                 "горожанин", "горожанка", "civilian", "villager"),
}


_ROLE_HELP = ("роли клана: " + ", ".join(f"clan1.{r}" for r in CLAN_ROLES) + " (или clan2.…); "
              "мирные: " + ", ".join(("son",) + ROLE_CIVILIANS + ("civilian",)))


class RosterError(ValueError):
    """A roster role string that names no role (``"clan3.boss"``, ``"cook"``)."""


def split_role(spec: str) -> tuple[str, str | None]:
    """Split a roster role string into ``(role_id, clan)``.

    ``"clan1.boss"`` → ``("boss", "clan1")``; ``"doctor"`` → ``("doctor", None)``.

    Raises:
        RosterError: the string is not a known role, or a clan role lacks its clan, or a
            civilian role carries one.
    """
    spec = spec.strip()
    if "." in spec:
        clan, role = spec.split(".", 1)
        if clan not in CLANS or role not in CLAN_ROLES:
            raise RosterError(f"неизвестная роль «{spec}»; {_ROLE_HELP}")
        return role, clan
    if spec in CLAN_ROLES:
        raise RosterError(f"роль «{spec}» принадлежит клану: пишите clan1.{spec} или clan2.{spec}")
    if spec not in ALL_ROLES:
        raise RosterError(f"неизвестная роль «{spec}»; {_ROLE_HELP}")
    return spec, None


def join_role(role: str, clan: str | None) -> str:
    """Inverse of :func:`split_role`."""
    return f"{clan}.{role}" if clan else role


def is_mafia(role: str, clan: str | None) -> bool:
    """True for a clan member (an activated son has a clan and counts)."""
    return clan is not None


def role_display(role: str, clan: str | None) -> str:
    """Russian display name: ``"Босс (Клан 1)"``, ``"Врач"``."""
    name = ROLE_NAMES_RU[role]
    return f"{name} ({CLAN_NAMES_RU[clan]})" if clan else name


#: The standard 24-player deal (DECISIONS.md §1).
STANDARD_DEAL: tuple[str, ...] = (
    tuple(f"{c}.{r}" for c in CLANS for r in CLAN_ROLES)
    + ("son",)
    + ROLE_CIVILIANS
    + ("civilian",) * 4
)


def typed_nick(typed: str, nicks) -> str | None:
    """The roster nick the host typed as ``typed`` (a command-line argument): the same nick in
    any letter case, with ё as е, with or without «» or quotes around it, outer spaces
    ignored. ``nicks``: the roster's nicks (any iterable of str). Returns the roster spelling,
    or None when no nick or more than one nick matches («Пчелка» for «Пчёлка»)."""
    def key(s: str) -> str:
        return " ".join(s.strip().strip("«»\"'“”").lower().replace("ё", "е").split())

    wanted = key(typed)
    found = [n for n in nicks if key(n) == wanted]
    exact = [n for n in found if n == typed.strip()]
    if exact:
        return exact[0]
    return found[0] if len(found) == 1 else None
