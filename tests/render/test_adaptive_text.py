"""Layout references that adapt to the card: `{n|one|many}`, `{n|words}`, `{f|}` and
`{f|fallback}`, filled as a face is drawn, in the game's language."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgen.model.references import parse_adaptive
from cardgen.render.values import fill_template

# An oracle written out by hand, apart from the code: French before the 1990 reform.
TO_TWENTY = """0 zero zéro, 1 one un, 2 two deux, 3 three trois, 4 four quatre, 5 five cinq,
6 six six, 7 seven sept, 8 eight huit, 9 nine neuf, 10 ten dix, 11 eleven onze,
12 twelve douze, 13 thirteen treize, 14 fourteen quatorze, 15 fifteen quinze,
16 sixteen seize, 17 seventeen dix-sept, 18 eighteen dix-huit, 19 nineteen dix-neuf,
20 twenty vingt"""
ROWS = [entry.split() for entry in TO_TWENTY.replace("\n", " ").split(",")]
EN_WORDS = {int(n): en for n, en, _ in ROWS}
FR_WORDS = {int(n): fr for n, _, fr in ROWS}
EN_TENS = {20: "twenty", 30: "thirty", 40: "forty", 50: "fifty", 60: "sixty",
           70: "seventy", 80: "eighty", 90: "ninety"}  # fmt: skip
FR_FROM_60 = """soixante soixante et un soixante-deux soixante-trois soixante-quatre
soixante-cinq soixante-six soixante-sept soixante-huit soixante-neuf soixante-dix
soixante et onze soixante-douze soixante-treize soixante-quatorze soixante-quinze
soixante-seize soixante-dix-sept soixante-dix-huit soixante-dix-neuf quatre-vingts
quatre-vingt-un quatre-vingt-deux quatre-vingt-trois quatre-vingt-quatre quatre-vingt-cinq
quatre-vingt-six quatre-vingt-sept quatre-vingt-huit quatre-vingt-neuf quatre-vingt-dix
quatre-vingt-onze quatre-vingt-douze quatre-vingt-treize quatre-vingt-quatorze
quatre-vingt-quinze quatre-vingt-seize quatre-vingt-dix-sept quatre-vingt-dix-huit
quatre-vingt-dix-neuf cent"""
FR_TENS = {20: "vingt", 30: "trente", 40: "quarante", 50: "cinquante"}


def _fr_from_60() -> list[str]:
    words: list[str] = []
    for line in FR_FROM_60.splitlines():
        parts = line.split()
        while parts:  # "soixante et un" is one number: rejoin "et" with its neighbours
            word = parts.pop(0)
            if parts and parts[0] == "et":
                word = f"{word} et {parts[1]}"
                del parts[:2]
            words.append(word)
    return words


def oracle_words(number: int, language: str) -> str:
    """The number in words, from the tables above and the two languages' plain rules."""
    size = abs(number)
    if size > 100:
        return str(number)
    if language == "en":
        if size <= 20:
            words = EN_WORDS[size]
        elif size == 100:
            words = "one hundred"
        else:
            words = EN_TENS[size - size % 10] + (f"-{EN_WORDS[size % 10]}" if size % 10 else "")
        return ("minus " if number < 0 else "") + words
    if size <= 20:
        words = FR_WORDS[size]
    elif size >= 60:
        words = _fr_from_60()[size - 60]
    else:
        tens, unit = FR_TENS[size - size % 10], size % 10
        words = tens if not unit else f"{tens} et un" if unit == 1 else f"{tens}-{FR_WORDS[unit]}"
    return ("moins " if number < 0 else "") + words


def test_the_oracle_tables_are_complete() -> None:
    assert len(_fr_from_60()) == 41 and _fr_from_60()[11] == "soixante et onze"


@given(st.integers(-130, 130), st.sampled_from(["en", "fr"]))
def test_number_words_match_the_oracle(number: int, language: str) -> None:
    values = {"n": number}
    assert fill_template("{n|words}", values, language) == oracle_words(number, language)


@given(st.integers(-(10**6), 10**6), st.sampled_from(["en", "fr", "fr_FR", "de"]))
def test_plurals_take_the_languages_rule(number: int, language: str) -> None:
    singular = abs(number) <= 1 if language.startswith("fr") else abs(number) == 1
    text = fill_template("{n} {n|turn|turns}", {"n": number}, language)
    assert text == f"{number} {'turn' if singular else 'turns'}"


def test_every_integer_from_0_to_20_reads_as_a_count() -> None:
    for number in range(21):
        en = fill_template("{n|words} {n|turn|turns}", {"n": number}, "en")
        fr = fill_template("{n|words} {n|tour|tours}", {"n": number}, "fr")
        assert en == f"{EN_WORDS[number]} {'turn' if number == 1 else 'turns'}"
        assert fr == f"{FR_WORDS[number]} {'tour' if number < 2 else 'tours'}"


def test_a_value_that_is_no_number_prints_as_written_and_takes_the_plural() -> None:
    # an int field's allowed `X`: as written, counted as no number (as statistics do)
    assert fill_template("{n|words} {n|turn|turns}", {"n": "X"}) == "X turns"
    assert fill_template("{n|words}", {"n": 250}) == "250"  # beyond words: digits
    assert fill_template("{n|words}", {"n": "7"}, "fr") == "sept"


VALUE = st.one_of(
    st.none(),
    st.just(""),
    st.text(" \t", max_size=3),  # blank
    st.text(st.characters(codec="utf-8", exclude_characters="{}"), min_size=1, max_size=12),
    st.integers(-50, 50),
)


@given(VALUE, st.text(st.characters(codec="utf-8", exclude_characters="{}|"), max_size=10))
def test_a_default_replaces_a_missing_or_blank_value_only(value: object, fallback: str) -> None:
    missing = value is None or not str(value).strip()
    expected_value = "" if value is None else str(value)
    assert fill_template("[{f|}]", {"f": value}) == f"[{'' if missing else expected_value}]"
    got = fill_template("[{f|" + fallback + "}]", {"f": value})
    if fallback.strip() == "words":
        return  # the keyword: number words, never a fallback text
    assert got == f"[{fallback if missing else expected_value}]"
    assert fill_template("[{f|" + fallback + "}]", {}) == f"[{fallback}]"  # no such value


def test_defaults_keep_markup_and_braces_of_the_value() -> None:
    values = {"text": "Pay {coin}: *draw*", "cost": 3}
    assert fill_template("{text|None} ({cost:02d})", values) == "Pay {coin}: *draw* (03)"
    assert fill_template("{{text|x}} {cost|x}", values) == "{text|x} 3"


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("a|b|c|d", "{a|b|c|d} has 3 forms after its field"),
        ("|x", "{|x} names no field before its |"),
        ("a:02d|x", "takes no format spec"),
        ("a b|x", '"a b" is not a field name'),
        ("n||", "both plural forms are empty"),
    ],
)
def test_malformed_forms_say_what_is_wrong(written: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("|", r"\|").replace("{", r"\{")):
        parse_adaptive(written)


def test_the_grammar_reads_each_form() -> None:
    assert parse_adaptive("flavor") is None
    default = parse_adaptive("flavor|No flavour: none!")
    assert default is not None and (default.kind, default.fallback) == (
        "default",
        "No flavour: none!",
    )
    words = parse_adaptive("n|words")
    plural = parse_adaptive("n||s")
    assert words is not None and words.kind == "words"
    assert plural is not None and (plural.kind, plural.forms) == ("plural", ("", "s"))
