"""Numbers and qualifiers as the claims lint reads them (cardgen/check/lint/quantities.py)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgen.check.lint.quantities import NUM, NUMBERS, number_value, qualifier_kind
from tests.check.planted import number_text

WHOLE = re.compile(rf"(?:{NUM})\Z", re.IGNORECASE)


@given(value=st.integers(0, 99), french=st.booleans(), as_word=st.booleans())
def test_numbers_written_as_words_or_digits(value: int, french: bool, as_word: bool) -> None:
    written = number_text(value, french, as_word)
    assert WHOLE.match(written)
    if written.isdigit() or value >= 2:
        assert number_value(written) == value
        assert number_value(written.upper()) == value


def test_every_number_word_is_found_whole() -> None:
    assert all(WHOLE.match(word) for word in NUMBERS)
    assert number_value("quatre-vingt-dix-neuf") == 99
    assert number_value("vingt et un") == 21
    assert number_value("Fifty two") == 52
    assert not re.match(rf"(?:{NUM})(?![\w-])", "1.5")


@pytest.mark.parametrize(
    ("written", "trailing", "kind"),
    [
        ("up to", False, "max"),
        ("No  more than", False, "max"),
        ("jusqu’à", False, "max"),
        ("capped at", False, "max"),
        ("at least", False, "min"),
        ("au moins", False, "min"),
        ("exactement", False, "exact"),
        ("or fewer", True, "max"),
        ("or more", True, "min"),
        ("at most", True, "max"),
        ("or fewer", False, ""),
        (None, False, ""),
    ],
)
def test_qualifiers(written: str | None, trailing: bool, kind: str) -> None:
    assert qualifier_kind(written, trailing=trailing) == kind
