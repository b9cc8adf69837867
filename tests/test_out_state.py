"""Outgoing-letter states are one closed vocabulary (mailer.out_state.OutState): the stored
values are those of databases written before it, each carries the host's Russian words, and
no module compares or writes a state as a bare string."""

from __future__ import annotations

from mailer.out_state import MAYBE_SENT, TO_SEND, UNSENT, OutState
from vocabulary import bare_state_strings


def test_stored_values_and_russian_words():
    assert {s.value: s.ru for s in OutState} == {
        "queued": "в очереди", "sending": "отправляется", "sent": "отправлено",
        "uncertain": "неясно, ушло ли", "failed": "отказ сервера",
        "dropped": "снято с очереди"}  # the host's ``drop``: neither to send nor sent
    assert OutState("sent") is OutState.SENT and OutState.SENT == "sent"
    assert TO_SEND == ("queued", "uncertain") and UNSENT == ("queued", "failed")
    assert MAYBE_SENT == ("sending", "sent", "uncertain")


def test_no_bare_outgoing_state_strings_in_mailer():
    assert bare_state_strings({s.value for s in OutState}, "out_state.py") == []
