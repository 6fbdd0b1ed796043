"""Card names from anywhere (issue 17, item 9): compared in NFC, shown as written, each to a
file of its own, and never sent raw to the terminal on stdout either.

`Café` typed with `é` as one character (NFC) or as `e` and a combining accent (NFD, as
macOS writes file names and some editors paste) is one name: the same card for a deck
list, a duplicate in a pool for `check` as for `build`. A name with no Latin letter or digit
(`狐`, `Лиса`) is written to `cards/card-<hash>.png`, distinct for each name.
"""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.load.pool import name_key
from cardgen.project import Project
from cardgen.write import slug
from tests.conftest import TINY_CARDS, TINY_GAME
from tests.test_hardening import BAD, assert_clean, assert_error, invoke, project
from tests.test_hardening_patterns import shown


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def nfd(text: str) -> str:
    return unicodedata.normalize("NFD", text)


def hashed(name: str) -> str:
    """The file name of a card whose name has no Latin letter, as docs/limits.md gives it."""
    return "card-" + hashlib.sha256(nfc(name).encode("utf-8")).hexdigest()[:8]


Form = Callable[[str], str]
CAFE = "Café"
assert nfd(CAFE) != CAFE and len(nfd(CAFE)) == len(CAFE) + 1


# --------------------------------------------------------------------------- NFC and NFD


@pytest.mark.parametrize("command", ["check", "build", "cards"])
@pytest.mark.parametrize("first", [nfc, nfd], ids=["nfc-first", "nfd-first"])
def test_the_same_name_in_nfc_and_nfd_is_a_duplicate_everywhere(
    tmp_path: Path, command: str, first: Form
) -> None:
    """`check` said ok where `build` refused the two (their file names collided)."""
    one, other = (nfc, nfd) if first is nfc else (nfd, nfc)
    cards = TINY_CARDS.replace("Aria,", one(CAFE) + ",").replace("Borin,", other(CAFE) + ",")
    root = project(tmp_path, cards=cards)
    answer = invoke(command, "tiny", "--project", root)
    assert_error(answer, "cards.csv", "duplicate card name")
    pool = f"{shown(root)}decks/tiny/cards.csv"
    expected = f'error: {pool}:3: duplicate card name "{other(CAFE)}" (first defined at {pool}:2)'
    assert answer.err.splitlines() == [expected]


@pytest.mark.parametrize(
    ("pool_form", "deck_form"), [(nfc, nfd), (nfd, nfc)], ids=["nfc-pool", "nfd-pool"]
)
@pytest.mark.parametrize("suffix", [".txt", ".yaml"])
def test_a_deck_list_finds_a_name_whatever_its_accents_encoding(
    tmp_path: Path, pool_form: Form, deck_form: Form, suffix: str
) -> None:
    root = project(tmp_path, cards=TINY_CARDS.replace("Aria,", pool_form(CAFE) + ","))
    deck = root / "decks" / "tiny" / "decks" / f"cafe{suffix}"
    name = deck_form(CAFE)
    if suffix == ".txt":
        deck.write_text(f"# game: tiny\n1 {name}\n4 Fireball\n", encoding="utf-8")
    else:
        deck.write_text(f"game: tiny\ncards:\n  {name}: 1\n  Fireball: 4\n", encoding="utf-8")
    answer = invoke("validate", deck, "--project", root)
    assert_clean(answer)
    assert answer.out == (
        f"{shown(root)}decks/tiny/decks/cafe{suffix}: legal (tiny, 5 cards)\n"
        "1 deck: 0 illegal, 0 errors, 0 warnings\n"
    )
    report = invoke("report", deck, "--project", root)
    assert_clean(report)
    assert "unknown" not in report.out


def test_names_are_shown_as_written(tmp_path: Path) -> None:
    root = project(tmp_path, cards=TINY_CARDS.replace("Aria,", nfd(CAFE) + ","))
    answer = invoke("cards", "tiny", "--project", root)
    assert_clean(answer)
    assert f" {nfd(CAFE)} " in answer.out and f" {nfc(CAFE)} " not in answer.out


ACCENTED = (
    st.lists(
        st.sampled_from(
            [*"aeiouAEIOU ñÑéÉèçÇåÅöÖüǘǗṩẛ'’ßœ-", "e\u0301", "a\u030a", "u\u0308\u0301"]
        ),
        min_size=1,
        max_size=20,
    )
    .map("".join)
    .filter(str.strip)
)


@settings(max_examples=200, deadline=None)
@given(name=ACCENTED)
def test_nfc_and_nfd_forms_compare_equal_and_share_a_file(name: str) -> None:
    assert name_key(nfc(name)) == name_key(nfd(name)) == name_key(name)
    assert slug(nfc(name)) == slug(nfd(name)) == slug(name)


def test_a_pool_finds_each_form(tmp_path: Path) -> None:
    root = project(tmp_path, cards=TINY_CARDS.replace("Aria,", nfd("Åsa Ñoño") + ","))
    pack = Project(root).game("tiny")
    for typed in (nfc("Åsa Ñoño"), nfd("Åsa Ñoño"), "åsa ñoño", nfd("ÅSA  ÑOÑO")):
        card = pack.find(typed)
        assert card is not None and card.name == nfd("Åsa Ñoño"), typed


# --------------------------------------------------------------------------- file names


def _drawn(root: Path) -> list[str]:
    return sorted(p.stem for p in (root / "output" / "tiny" / "cards").iterdir())


def test_names_with_no_latin_letter_get_files_of_their_own(tmp_path: Path) -> None:
    """狐 and 狸 were both cards/card.png: no game with such names could build."""
    cards = (BAD / "names" / "non-latin.csv").read_text(encoding="utf-8")
    root = project(tmp_path, cards=cards)
    assert_clean(invoke("build", "tiny", "--project", root, "--jobs", "1"), limit=10)
    names = ["狐", "狸", "Лиса", "☆★"]
    assert _drawn(root) == sorted(hashed(n) for n in names)
    assert _drawn(root) == sorted(
        ["card-26d10040", "card-cfdfa848", "card-6927f63e", "card-f4b99947"]
    )


def test_dots_get_files_of_their_own(tmp_path: Path) -> None:
    root = project(tmp_path, cards=(BAD / "names" / "dots.csv").read_text(encoding="utf-8"))
    assert_clean(invoke("render", "tiny", "--jobs", "1", "--project", root))
    assert _drawn(root) == sorted([hashed(".."), hashed("...")])


def test_a_name_in_nfd_has_the_file_of_its_nfc_form(tmp_path: Path) -> None:
    name = "Йод"  # Й decomposes into И and a breve
    assert nfd(name) != name
    root = project(tmp_path, cards=TINY_CARDS.replace("Aria,", nfd(name) + ","))
    assert_clean(invoke("render", "tiny", "--only", "type=hero", "--jobs", "1", "--project", root))
    assert hashed(name) in _drawn(root) and hashed(name) == hashed(nfd(name))


def _no_latin(char: str) -> bool:
    return not any(c.isascii() and c.isalnum() for c in unicodedata.normalize("NFKD", char))


NON_LATIN = st.text(  # CJK, Thai, Arabic... and symbols, none of them folding to ASCII (™)
    alphabet=st.characters(categories=["Lo", "So", "Sm"]).filter(_no_latin),
    min_size=1,
    max_size=12,
)


@settings(max_examples=300, deadline=None)
@given(names=st.lists(NON_LATIN, min_size=2, max_size=6, unique_by=nfc))
def test_distinct_names_with_no_latin_letter_have_distinct_files(names: list[str]) -> None:
    files = [slug(n) for n in names]
    assert len(set(files)) == len(files)
    for name, file in zip(names, files, strict=True):
        assert file == hashed(name), (name, file)


def test_example_file_names_are_unchanged(project_root: Path) -> None:
    """Every example card keeps its file name: none is all non-Latin, none changes form."""
    for game in ("shards", "splatterkins", "splatoon", "blublers", "yokai-sketch"):
        for card in Project(project_root).game(game).cards:
            assert not slug(card.name).startswith("card-"), card.name
            assert nfc(card.name) == card.name, card.name


# --------------------------------------------------------------------------- the terminal

HOSTILE_FILE = "a\nb\x1b[2J.txt"
SHOWN_FILE = "a\\nb\\x1b[2J.txt"


def _hostile_deck(tmp_path: Path) -> tuple[Path, Path]:
    """The tiny game with a legal deck list whose file name holds a line break and an
    escape sequence (clearing the screen)."""
    root = project(tmp_path)
    deck = root / "decks" / "tiny" / "decks" / HOSTILE_FILE
    deck.write_text("# game: tiny\n1 Aria\n4 Fireball\n", encoding="utf-8")
    return root, deck


def test_validate_escapes_a_deck_files_name_on_stdout(tmp_path: Path) -> None:
    root, deck = _hostile_deck(tmp_path)
    answer = invoke("validate", deck, "--project", root)
    assert_clean(answer)
    assert answer.out.splitlines() == [
        f"{shown(root)}decks/tiny/decks/{SHOWN_FILE}: legal (tiny, 5 cards)",
        "1 deck: 0 illegal, 0 errors, 0 warnings",
    ]
    deck.write_text("# game: tiny\n1 Aria\n1 Fireball\n", encoding="utf-8")  # 2 cards
    answer = invoke("validate", deck, "--project", root)
    assert answer.code == 1 and "\x1b" not in answer.out
    deck_line, violation, total = answer.out.splitlines()
    assert deck_line == f"{shown(root)}decks/tiny/decks/{SHOWN_FILE}: ILLEGAL (tiny, 2 cards)"
    assert violation.startswith(f"  {shown(root)}decks/tiny/decks/{SHOWN_FILE}: DK")
    assert total == "1 deck: 1 illegal, 1 error, 0 warnings"


def test_report_escapes_a_deck_files_name_on_stdout(tmp_path: Path) -> None:
    root, deck = _hostile_deck(tmp_path)
    answer = invoke("report", deck, "--project", root)
    assert_clean(answer)
    first = answer.out.splitlines()[0]
    assert first == (
        f"{SHOWN_FILE[:-4]} (Tiny Game), {shown(root)}decks/tiny/decks/{SHOWN_FILE}: 5 cards,"
        " 2 distinct, legal"
    )
    assert "\x1b" not in answer.out


def test_lint_escapes_a_documents_name_on_stdout(tmp_path: Path) -> None:
    root = project(tmp_path)
    document = tmp_path / "rules\x1b[2J.md"
    document.write_text("Then Blaze on the the Hero.\n", encoding="utf-8")
    answer = invoke("lint", document, "--game", "tiny", "--project", root)
    assert answer.code in (0, 1) and "Traceback" not in answer.err
    assert "\x1b" not in answer.out and "rules\\x1b[2J.md" in answer.out


def test_card_names_with_line_breaks_stay_on_their_line(tmp_path: Path) -> None:
    """A name may hold a line break (it is drawn on two lines); listed, it is one line."""
    cards = TINY_CARDS.replace("Borin,", '"Big\nBoss",')
    root = project(tmp_path, cards=cards)
    answer = invoke("cards", "tiny", "--project", root)
    assert_clean(answer)
    assert len(answer.out.splitlines()) == 5
    assert "  1 × Big\\nBoss " in answer.out


def test_games_escapes_a_games_name_on_stdout(tmp_path: Path) -> None:
    game = TINY_GAME.replace("name: Tiny Game", 'name: "Tiny\\e[2J Game"')
    root = project(tmp_path, game=game)
    answer = invoke("games", "--project", root)
    assert_clean(answer)
    name = "Tiny\x1b[2J Game"
    line = f"{'tiny':<14} {name:<32}    5 cards (12 in the box)\n"
    assert answer.out == line.replace("\x1b", "\\x1b")
