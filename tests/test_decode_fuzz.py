"""Property test: decode() never raises and always returns a well-formed DecodedLetter.

Inputs are random bytes and random mutations (cuts, insertions of MIME/RFC 2047 debris,
line-end changes) of the literal letters of tests/test_decode.py.
"""

from __future__ import annotations

from datetime import datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzing import mutate

from mailer.decode import DecodedLetter, decode
from test_decode import (
    ALTERNATIVE_BOTH, ALTERNATIVE_EMPTY_PLAIN, FLOWED, FORWARD_RFC822, PLAIN_UTF8, WITH_ATTACHMENTS,
)

LETTERS = [PLAIN_UTF8, ALTERNATIVE_BOTH, ALTERNATIVE_EMPTY_PLAIN, FORWARD_RFC822, WITH_ATTACHMENTS, FLOWED]

DEBRIS = [
    b"=?", b"?=", b"=?utf-8?B?", b"=?koi8-r?Q?=F0=", b"=?x-unknown?b?0J/R?=", b'"', b"<", b">",
    b"\r\n", b"\n", b"\r\n ", b"\r\n\r\n", b"--b1", b"--zz--", b"--m\r\n", b":", b";", b"\x00",
    b"Content-Type: multipart/mixed; boundary=", b"Content-Type: message/rfc822\r\n",
    b"charset=cp-1251", b"Content-Transfer-Encoding: base64\r\n", b"filename*=utf-8''%D1",
    b"Date: Mon, 99 Foo 2026 25:61:00 +9999\r\n", b"Message-ID: <<>>\r\n", b"From: \"\r\n",
    "Лечу Буку".encode("cp1251"), "Лечу Буку".encode("utf-8")[:-1], b"\xff\xfe", b"\xd0",
    b"<blockquote>", b"</div><p>", b"&#xffffffff;", b"&bogus;", b"<!--", b"<![CDATA[",
]

SETTINGS = settings(max_examples=600, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def check(letter) -> None:
    assert isinstance(letter, DecodedLetter)
    assert isinstance(letter.message_id, str) and letter.message_id
    assert "<" not in letter.message_id and ">" not in letter.message_id
    assert letter.from_addr == letter.from_addr.lower()
    for text in (letter.from_name, letter.subject, letter.body, letter.full_text):
        assert isinstance(text, str)
    for items in (letter.to_addrs, letter.references, letter.attachments_read,
                  letter.attachments_ignored, letter.notes):
        assert isinstance(items, list) and all(isinstance(x, str) for x in items)
    assert letter.date_header is None or (
        isinstance(letter.date_header, datetime) and letter.date_header.tzinfo is not None)
    assert letter.auto is None or isinstance(letter.auto, str)
    assert letter.auth_failed is None or isinstance(letter.auth_failed, str)
    assert isinstance(letter.unreadable, bool)
    # the last-resort handler in decode() was not needed: every step coped on its own
    assert not any("разобрано не полностью" in note for note in letter.notes), letter.notes


@SETTINGS
@given(st.binary(max_size=3000))
def test_random_bytes(raw):
    check(decode(raw))


mutation = st.one_of(
    st.tuples(st.just("insert"), st.integers(0, 10_000), st.sampled_from(DEBRIS)),
    st.tuples(st.just("insert"), st.integers(0, 10_000), st.binary(min_size=1, max_size=8)),
    st.tuples(st.just("delete"), st.integers(0, 10_000), st.integers(1, 40)),
    st.tuples(st.just("flip"), st.integers(0, 10_000), st.integers(0, 255)),
    st.tuples(st.just("truncate"), st.integers(0, 10_000), st.just(0)),
    st.tuples(st.just("lf"), st.just(0), st.just(0)),
)


@SETTINGS
@given(st.sampled_from(LETTERS), st.lists(mutation, min_size=1, max_size=8))
def test_mutated_letters(raw, ops):
    check(decode(mutate(raw, ops)))


@SETTINGS
@given(st.sampled_from(LETTERS), st.text(max_size=200), st.integers(0, 10_000))
def test_letters_with_random_text_inserted(raw, text, pos):
    pos %= len(raw) + 1
    for encoding in ("utf-8", "cp1251"):
        check(decode(raw[:pos] + text.encode(encoding, "replace") + raw[pos:]))


@SETTINGS
@given(st.text(max_size=2000))
def test_html_to_text_and_strip_quotes_total(text):
    from mailer.decode import html_to_text, strip_quotes

    assert isinstance(html_to_text(text), str)
    cut = strip_quotes(text)
    assert isinstance(cut, str)
    # strip_quotes reads the cleaned text (NFC may lengthen a composition exclusion such as
    # U+FB2A): it only ever removes from that
    from engine.textnorm import clean_text

    assert len(cut) <= len(clean_text(text.replace("\r\n", "\n")))
