"""The signature rule «-- » above a line of fields set apart by «|» (issue 11, round 40)."""

from mailer.quotes import strip_quotes


def test_fields_under_the_rule_are_a_signature():
    text = "голос за крота\n\n-- \nСорока | клуб «Лесные» | ищу работу"
    assert strip_quotes(text) == "голос за крота"


def test_a_move_in_the_first_field_is_kept():
    assert strip_quotes("лечу себя\n--\nголос: Крот | ищу врача") == \
        "лечу себя\nголос: Крот | ищу врача"


def test_a_move_line_under_a_divider_is_kept():
    assert strip_quotes("лечу себя\n--\nголос: Крот") == "лечу себя\nголос: Крот"
