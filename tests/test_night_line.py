"""The reply tells a player whose letter holds no night move of his role (DECISIONS.md §4, §8):
a move the parser did not find, or one it refused, is seen before the deadline, not in the
night's results. Plain civilians (a hunt is never owed), a move left to the boss, a hunt that
replaces the role move and a skipped night are not told."""

from __future__ import annotations

from datetime import timedelta

from engine.legality import night_role_moves
from engine.model import TurnInfo
from engine.state import GameState
from test_sync import START, Game

PLAYERS = """
[[player]]
nick = "Шнурок"
email = "shnurok@example.org"
role = "clan1.thief"

[[player]]
nick = "Сова"
email = "sova@example.org"
role = "witness"
"""

NONE_DOCTOR = ("Ночного хода в письме нет (лечение): если не пришлёте его до срока, этой ночью "
               "вы не действуете.")
REFUSED_DOCTOR = ("Ночной ход из письма не принят (лечение): если не пришлёте его до срока, этой "
                  "ночью вы не действуете.")
NONE_THIEF = ("Ночного хода в письме нет (кража): если не пришлёте его до срока, за вас будет "
              "действовать ход, который пришлёт босс, а без него вы этой ночью не действуете.")
NONE_BOSS = ("Ночного хода в письме нет (проверка босса или убийство от клана): если не пришлёте "
             "его до срока, проверки этой ночью не будет, а убийство от клана — только если его "
             "закажет другой член клана.")


def _replies(tmp_path, *letters):
    g = Game(tmp_path, players=PLAYERS)
    try:
        got = g.answers(*[(addr, body, f"n{i}@x") for i, (addr, body) in enumerate(letters)])
        return [got[f"reply:n{i}@x"] for i in range(len(letters))]
    finally:
        g.store.dispose()


def test_a_letter_with_only_a_vote_is_told_its_night_move_is_missing(tmp_path):
    doctor, thief, boss = _replies(tmp_path, ("buka@example.org", "Голосую за Ягуарчика."),
                                   ("shnurok@example.org", "Линч: Сова"),
                                   ("jaguar@example.org", "Голос — Бука"))
    assert "\n" + NONE_DOCTOR + "\n" in doctor
    assert "\n" + NONE_THIEF + "\n" in thief
    assert "\n" + NONE_BOSS + "\n" in boss
    # the night line comes before the vote's, as night moves come first everywhere
    assert doctor.index("Принято (день 1):\n  - Голос на линче: Ягуарчик") < doctor.index(NONE_DOCTOR)


def test_a_night_move_not_accepted_is_told_so(tmp_path):
    """A heal of a name that is nobody on the roster is asked about, not applied: the letter
    did write a night move, so the line says it was not accepted."""
    [doctor] = _replies(tmp_path, ("buka@example.org", "Лечу Пушистика. Голос — Ягуарчик."))
    assert "Пушистик" in doctor.split("Не принято:", 1)[1]
    assert "\n" + REFUSED_DOCTOR + "\n" in doctor and NONE_DOCTOR not in doctor


def test_no_night_line_when_the_night_is_accounted_for(tmp_path):
    doctor, thief, boss, civilian, witness = _replies(
        tmp_path,
        ("buka@example.org", "Лечу Маруську. Голос — Ягуарчик."),
        ("shnurok@example.org", "Ход на усмотрение босса. Линч: Сова"),
        ("jaguar@example.org", "Убиваем Маруську. Голос — Бука"),  # a kill without his check
        ("serg@example.org", "Голос — Бука"),  # a plain civilian owes no hunt
        ("sova@example.org", "Слежу за Букой. Голос — Бука"),
    )
    for body in (doctor, thief, boss, civilian, witness):
        assert "Ночного хода" not in body and "Ночной ход" not in body
    assert "Лечение: Маруська" in doctor and "Ход на усмотрение босса" in thief


def test_a_hunt_stands_for_the_doctors_heal_but_not_for_the_witness_watch(tmp_path):
    """DECISIONS.md §4: a hunt excludes the doctor's heal (he chose to hunt tonight); the
    witness may hunt and watch, so a hunt alone leaves her watch missing."""
    doctor, witness = _replies(tmp_path, ("buka@example.org", "МО в Ягуарчика. Голос — Ягуарчик."),
                               ("sova@example.org", "МО в Ягуарчика. Голос — Ягуарчик."))
    assert "Мирная охота: Ягуарчик" in doctor and "Ночного хода" not in doctor
    assert "Мирная охота: Ягуарчик" in witness
    assert "\nНочного хода в письме нет (слежка): если не пришлёте его до срока, этой ночью вы не " \
           "действуете.\n" in witness


def test_a_skipped_night_is_not_told_again(tmp_path):
    [doctor] = _replies(tmp_path, ("buka@example.org", "Пропускаю ночной ход. Голос — Ягуарчик."))
    assert "Вы пропускаете ночной ход." in doctor and "Ночного хода в письме нет" not in doctor


def test_an_earlier_letters_night_move_still_stands(tmp_path):
    first, second = _replies(tmp_path, ("buka@example.org", "Лечу Маруську."),
                             ("buka@example.org", "Голос — Ягуарчик."))
    assert "Ночного хода" not in first and "Ночного хода" not in second
    assert "Остаются в силе ходы из ваших прежних писем за день 1:\n  - Лечение: Маруська" in second


def _state() -> GameState:
    return GameState.new(1, {"Б": "clan1.boss", "В": "clan1.thief", "И": "clan1.indian",
                             "Д": "doctor", "Ф": "fan", "М": "civilian", "С": "son"})


def test_night_role_moves_by_role():
    st, turn = _state(), TurnInfo(day=2, event="none")
    got = {n: night_role_moves(st, turn, n) for n in st.players}
    assert got == {"Б": {"boss_check", "clan_kill"}, "В": {"rob"}, "И": frozenset(), "Д": {"heal"},
                   "Ф": {"search"}, "М": frozenset(), "С": frozenset()}


def test_night_role_moves_none_for_the_dead_the_doomed_and_the_fan_who_found():
    st, turn = _state(), TurnInfo(day=2, event="none")
    st.players["Д"].doomed_day = 2  # the psycho's victim dies at step 1: his moves are void
    st.players["В"].alive = False
    st.players["Ф"].fan_found = True
    assert [night_role_moves(st, turn, n) for n in ("Д", "В", "Ф", "nobody")] == [frozenset()] * 4
    st.players["Д"].doomed_day = 3  # doomed for tomorrow: tonight he still heals
    assert night_role_moves(st, turn, "Д") == {"heal"}


def test_a_letter_whose_only_move_was_refused_is_told_what_it_lacks(tmp_path):
    """A letter with no move accepted (its heal refused) is the one whose sender most needs
    to know: the night move was not accepted and no vote stands (fresh user, 19th session)."""
    [doctor] = _replies(tmp_path, ("buka@example.org", "Лечу Пушистика."))
    assert "Принято" not in doctor
    assert "\n" + REFUSED_DOCTOR + "\n" in doctor
    assert ("\nГолоса на линче в письме нет: если до срока не проголосуете ни письмом, ни в ветке "
            "форума, за день будет штрафное очко автокилла.\n") in doctor
