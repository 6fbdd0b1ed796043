"""Hostile and broken input: every case gets exit 2 (or a finding), one line per problem
naming the file and line, no traceback, in under a second. The corpus is
`tests/data/bad/` (see its README); big and binary inputs are made here at run time.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from PIL import Image, ImageChops

# Imported before any clock starts: the time limits measure the work, not the imports.
import cardgen.check.game_checks
import cardgen.render.game
import cardgen.tts.export
import cardgen.validate
from cardgen.cli import main
from cardgen.render.placeholder import placeholder
from tests.conftest import TINY_CARDS, TINY_GAME, bounded_cardgen, tts_objects

BAD = Path(__file__).parent / "data" / "bad"
LAYOUT = "extends: builtin:card\ndpi: 50\n"
"""The tiny game's layouts: the built-in card, drawn small so that renders are quick."""
LIMIT_S = 1.0


# --------------------------------------------------------------------------- helpers


@dataclass(frozen=True)
class Answer:
    result: Result
    seconds: float

    @property
    def code(self) -> int:
        return self.result.exit_code

    @property
    def err(self) -> str:
        return self.result.stderr

    @property
    def out(self) -> str:
        return self.result.stdout


def invoke(*args: str | Path) -> Answer:
    """Run the CLI in-process (exceptions are caught, as `cardgen` itself would show them)."""
    runner = CliRunner()
    started = time.process_time()  # CPU time: a busy machine does not make it fail
    result = runner.invoke(main, [str(a) for a in args])
    return Answer(result, time.process_time() - started)


def project(
    root: Path,
    *,
    game: str = TINY_GAME,
    cards: str | bytes | None = TINY_CARDS,
    pool: str = "cards.csv",
    layouts: bool = True,
) -> Path:
    """The tiny game in `root`, with quick layouts."""
    folder = root / "decks" / "tiny"
    (folder / "decks").mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    if cards is not None:
        data = cards.encode("utf-8") if isinstance(cards, str) else cards
        (folder / pool).write_bytes(data)
    if layouts:
        (root / "layouts" / "tiny").mkdir(parents=True, exist_ok=True)
        for name in ("hero.yaml", "spell.yaml"):
            (root / "layouts" / "tiny" / name).write_text(LAYOUT, encoding="utf-8")
    return root


def assert_error(
    answer: Answer, file: str, fragment: str, *, line: bool = True, limit: float = LIMIT_S
) -> None:
    """Exit 2; every stderr line is `error: ...` (or the count of errors), names `file`
    (with a line number when `line`), says `fragment`; no traceback; quick."""
    text = answer.out + answer.err
    assert "Traceback" not in text, text
    # an exit other than 0 is the SystemExit click's runner caught (never another exception)
    assert isinstance(answer.result.exception, SystemExit), repr(answer.result.exception)
    assert answer.code == 2, (answer.code, text)
    lines = answer.err.splitlines()
    errors = [entry for entry in lines if entry.startswith("error: ")]
    assert errors, answer.err
    for entry in lines:
        assert entry.startswith("error: ") or re.fullmatch(r"\d+ errors", entry), entry
    assert any(file in entry for entry in errors), (file, answer.err)
    if line:
        named = [e for e in errors if file in e]
        assert any(re.search(re.escape(file) + r"[^ ]*:\d+", e) for e in named), answer.err
    assert fragment.lower() in answer.err.lower(), (fragment, answer.err)
    assert answer.seconds < limit, answer.seconds


def assert_clean(answer: Answer, code: int = 0, *, limit: float = LIMIT_S) -> None:
    """No traceback, the exit code, only `warning:`/`error:` lines on stderr, quick."""
    text = answer.out + answer.err
    assert "Traceback" not in text, text
    # exit 0 leaves no exception; any other exit is the SystemExit click's runner caught
    if code == 0:
        assert answer.result.exception is None, repr(answer.result.exception)
    else:
        assert isinstance(answer.result.exception, SystemExit), repr(answer.result.exception)
    assert answer.code == code, (answer.code, text)
    for entry in answer.err.splitlines():
        assert entry.startswith(("warning: ", "error: ", "note: ")), entry
    assert answer.seconds < limit, answer.seconds


# --------------------------------------------------------------------------- the corpus

E = tuple[str, int, str, bool]
"""A case: the file under tests/data/bad, the exit code, what the message says, whether it
carries a line number."""

POOLS: list[E] = [
    ("pool/unterminated-quote.csv", 2, "malformed CSV", True),
    ("pool/extra-cells.csv", 2, "row has 9 cells", True),
    ("pool/tab-separated.csv", 0, "", False),
    ("pool/semicolon-separated.csv", 0, "", False),
    ("pool/latin1.csv", 0, "not UTF-8: read as cp1252", False),
    ("pool/utf16-bom.csv", 0, "", False),
    ("pool/utf16-no-bom.csv", 0, "", False),
    ("pool/bom.csv", 0, "", False),
    ("pool/crlf.csv", 0, "", False),
    ("pool/empty.csv", 2, "file is empty", True),
    ("pool/blank.csv", 2, "file is empty", True),
    ("pool/unknown-column.csv", 0, 'column "colour" is not a field of tiny: ignored', False),
    ("pool/duplicate-column.csv", 2, "duplicate column: power", True),
    ("pool/nan-copies.csv", 2, "copies: input should be a valid integer", True),
    ("pool/inf-power.csv", 2, "power: input should be a valid integer", True),
    ("pool/negative-copies.csv", 2, "copies: input should be greater than or equal to 0", True),
    ("pool/fractional-copies.csv", 2, "copies: input should be a valid integer", True),
    ("pool/absurd-copies.csv", 2, "copies: input should be less than or equal to 10000", True),
    ("pool/huge-number.csv", 2, "power: unable to parse input string as an integer", True),
    ("pool/out-of-bounds.csv", 2, "power: input should be less than or equal to 9", True),
    ("pool/unknown-type.csv", 2, 'unknown card type "heroe"; did you mean "hero"?', True),
    ("pool/bad-choice.csv", 2, "'lava' is not allowed", True),
    ("pool/control-name.csv", 2, "name: contains the control character U+0007", True),
    ("pool/control-text.csv", 2, "text: contains the control character U+001B", True),
    ("pool/long-name.csv", 2, "name: string should have at most 200 characters", True),
    ("pool/duplicate-name.csv", 2, 'duplicate card name "aria"', True),
    ("pool/missing-type.csv", 2, 'missing "type"', True),
    ("pool/malformed.yaml", 2, "invalid YAML", True),
    ("pool/duplicate-key.yaml", 2, 'duplicate key "power"', True),
    ("pool/unknown-field.yaml", 2, '"colour" is not a field of type hero', True),
    ("pool/nan-copies.yaml", 2, 'copies must be a whole number, got ".nan"', True),
    ("pool/inf-power.yaml", 2, "power: input should be a finite number", True),
    ("pool/negative-copies.yaml", 2, "copies must not be negative, got -1", True),
    ("pool/fractional-copies.yaml", 2, 'copies must be a whole number, got "2.5"', True),
    ("pool/absurd-copies.yaml", 2, "is absurd (at most 10,000 copies)", True),
    ("pool/huge-number.yaml", 2, "a number is too long", True),
    ("pool/tabs.yaml", 2, "found character '\\t'", True),
    ("pool/not-a-list.yaml", 2, "a card pool is a list of cards", True),
    ("pool/empty.yaml", 2, "file is empty", True),
    ("pool/deep-nesting.yaml", 2, "nested more than 100 deep", True),
    ("pool/alias-bomb.yaml", 2, "alias bomb", True),
    ("pool/control-name.yaml", 2, "name: contains the control character U+001B", True),
]


DECODED_ARIA = {"pool/latin1.csv": "Aría"}
"""The first card's name as each readable pool spells it (the others: "Aria")."""


@pytest.mark.parametrize(("case", "code", "fragment", "line"), POOLS, ids=[c[0] for c in POOLS])
def test_bad_pools(tmp_path: Path, case: str, code: int, fragment: str, line: bool) -> None:
    source = BAD / case
    pool = "cards" + source.suffix
    root = project(tmp_path, cards=source.read_bytes(), pool=pool)
    answer = invoke("cards", "tiny", "--project", root)
    if code == 0:
        assert_clean(answer)
        assert fragment in answer.err, answer.err
        # Every card and every value as the tidy UTF-8 comma-separated pool gives them.
        tidy = invoke("cards", "tiny", "--format", "json", "--project", project(tmp_path / "t"))
        expected = json.loads(tidy.out)["cards"]
        expected[0]["name"] = DECODED_ARIA.get(case, "Aria")
        read = invoke("cards", "tiny", "--format", "json", "--project", root)
        assert json.loads(read.out)["cards"] == expected
    else:
        assert_error(answer, pool, fragment, line=line)


GAMES: list[E] = [
    ("game/malformed.yaml", 2, "invalid YAML", True),
    ("game/duplicate-key.yaml", 2, 'duplicate key "name"', True),
    ("game/reused-anchor.yaml", 2, "anchor &pair is defined twice (first on line 3)", True),
    ("game/unknown-key.yaml", 2, 'unknown key "colour"', True),
    ("game/nan-bound.yaml", 2, "min: input should be a finite number", True),
    ("game/inf-bound.yaml", 2, "max: input should be a finite number", True),
    ("game/fractional-bound.yaml", 2, "fractional part", True),
    ("game/empty.yaml", 2, "file is empty", True),
    ("game/not-a-mapping.yaml", 2, "game.yaml must be a mapping", True),
    ("game/alias-bomb.yaml", 2, "alias bomb", True),
    ("game/unknown-field-type.yaml", 2, "'integer' is not allowed", True),
    ("game/pool-outside.yaml", 2, "pool ../../../outside/cards.csv: leads outside", True),
    ("game/box-deck-outside.yaml", 2, "../../../outside/deck.txt: leads outside", True),
    ("game/board-outside.yaml", 2, "../../../outside/board.yaml: leads outside", True),
    ("game/bad-back-colour.yaml", 2, 'backs.default.color: "#xyz" is not a colour', True),
]


@pytest.mark.parametrize(("case", "code", "fragment", "line"), GAMES, ids=[c[0] for c in GAMES])
def test_bad_game_files(tmp_path: Path, case: str, code: int, fragment: str, line: bool) -> None:
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "cards.csv").write_text(TINY_CARDS, encoding="utf-8")
    root = project(tmp_path / "project", game=(BAD / case).read_text(encoding="utf-8"))
    answer = invoke("check", "tiny", "--project", root)
    assert_error(answer, "game.yaml", fragment, line=line)


DECKS: list[E] = [
    ("deck/absurd-count.txt", 2, "count 1000000000000 is absurd", True),
    ("deck/negative-count.txt", 2, "count must be positive", True),
    ("deck/fractional-count.txt", 2, 'count must be a whole number, got "2.5"', True),
    ("deck/nan-count.txt", 1, 'unknown card "nan Fireball" in Tiny Game; did you mean', False),
    ("deck/inf-count.txt", 1, 'unknown card "inf Fireball" in Tiny Game; did you mean', False),
    ("deck/zero-count.txt", 2, "count must be at least 1", True),
    ("deck/no-count.txt", 1, "ILLEGAL (tiny, 1 card)", False),  # a name alone: one copy
    ("deck/empty.txt", 2, "file is empty", True),
    ("deck/comments-only.txt", 2, "the deck list has no cards", True),
    ("deck/latin1.txt", 2, "not UTF-8 text", True),
    ("deck/utf16-bom.txt", 2, "UTF-16 text; save it as UTF-8", True),
    ("deck/control.txt", 2, "control character U+001B", True),
    ("deck/crlf.txt", 0, "legal (tiny, 5 cards)", False),
    ("deck/bom.txt", 0, "legal (tiny, 5 cards)", False),
    ("deck/tabs.txt", 0, "legal (tiny, 5 cards)", False),
    ("deck/unknown-card.txt", 1, 'unknown card "Firebal"', False),
    ("deck/rtl-emoji.txt", 1, "unknown card", False),
    ("deck/nan.yaml", 2, 'count must be a whole number, got ".nan"', True),
    ("deck/inf.yaml", 2, 'count must be a whole number, got ".inf"', True),
    ("deck/fractional.yaml", 2, 'count must be a whole number, got "2.5"', True),
    ("deck/absurd.yaml", 2, "count 1000000000000 is absurd", True),
    ("deck/negative.yaml", 2, "count must be positive", True),
    ("deck/huge-number.yaml", 2, "a number is too long", True),
    ("deck/duplicate-key.yaml", 2, 'duplicate key "Aria"', True),
    ("deck/unknown-key.yaml", 2, 'unknown key "deck"', True),
    ("deck/malformed.yaml", 2, "invalid YAML", True),
    ("deck/not-a-mapping.yaml", 2, "a YAML deck list is a mapping", True),
    ("deck/alias-bomb.yaml", 2, "alias bomb", True),
    ("deck/control.yaml", 2, "control character U+001B", True),
    ("deck/empty.yaml", 2, "file is empty", True),
]


@pytest.mark.parametrize(("case", "code", "fragment", "line"), DECKS, ids=[c[0] for c in DECKS])
def test_bad_deck_lists(tmp_path: Path, case: str, code: int, fragment: str, line: bool) -> None:
    root = project(tmp_path)
    deck = root / "decks" / "tiny" / "decks" / Path(case).name
    shutil.copyfile(BAD / case, deck)
    answer = invoke("validate", deck, "--project", root)
    if code == 2:
        assert_error(answer, deck.name, fragment, line=line)
    else:
        assert_clean(answer, code)
        assert fragment in answer.out, answer.out


LAYOUTS: list[E] = [
    ("cycle", 2, "layout inheritance cycle: hero -> loop -> hero", True),
    ("self-cycle", 2, "layout inheritance cycle", True),
    ("missing-parent", 2, 'extends "heroic-base", which does not exist', True),
    ("nan-angle", 2, "gradient_angle: input should be a finite number", True),
    ("inf-angle", 2, "angle: input should be a finite number", True),
    ("nan-opacity", 2, "opacity: input should be a finite number", True),
    ("huge-card", 2, "at most 40,000,000 pixels", True),
    ("zero-card", 2, "the card is 0 x 150 px at 50 dpi", True),
    ("unknown-size", 2, 'unknown card size "banana"', True),
    ("negative-bleed", 2, "bleed -1in is negative", True),
    ("huge-element", 2, "width 99999in is too large for the card", True),
    ("far-element", 2, "x 99999999999in is too large for the card", True),
    ("negative-width", 2, "width -2in is negative", True),
    ("huge-outline", 2, "outline_width 1in is too large for the card", True),
    ("huge-number", 2, "a number is too long", True),
    ("fractional-dpi", 2, "fractional part", True),
    ("absurd-dpi", 2, "dpi: input should be less than or equal to 1200", True),
    ("unknown-key", 2, 'unknown key "colour"', True),
    ("unknown-element-key", 2, 'element frame: unknown key "colour"', True),
    ("unknown-element-kind", 2, "element badge", True),
    ("duplicate-key", 2, 'duplicate key "dpi"', True),
    ("malformed", 2, "invalid YAML", True),
    ("empty", 2, "file is empty", True),
    ("not-a-mapping", 2, "a layout is a mapping of keys", True),
    ("alias-bomb", 2, "alias bomb", True),
    ("bad-template", 2, 'unknown field "{nmae}"; did you mean "name"?', True),
    ("bad-length", 2, "is not a length", True),
    ("helper-ring", 2, "a hex grid of 1000000 rings cannot be drawn", True),
    ("helper-bad-param", 2, "element grid (hex_pattern) cannot draw", True),
    ("bad-font-file", 2, 'font odd: cannot load font "layouts/tiny/odd.ttf": unknown', True),
    ("unknown-font", 2, 'element title: unknown font family "comic"', True),
]


@pytest.mark.parametrize(("case", "code", "fragment", "line"), LAYOUTS, ids=[c[0] for c in LAYOUTS])
def test_bad_layouts(tmp_path: Path, case: str, code: int, fragment: str, line: bool) -> None:
    root = project(tmp_path)
    for source in sorted((BAD / "layout" / case).iterdir()):
        shutil.copyfile(source, root / "layouts" / "tiny" / source.name)
    answer = invoke("render", "tiny", "--only", "Aria", "--jobs", "1", "--project", root)
    assert_error(answer, "hero.yaml", fragment, line=line)
    assert not list((root / "output").rglob("*.png")), "nothing is drawn from a bad layout"


# --------------------------------------------------------------------------- card names and text


def _render(root: Path, *more: str) -> Answer:
    return invoke("render", "tiny", "--jobs", "1", "--project", root, *more)


def test_card_names_make_safe_file_names(tmp_path: Path) -> None:
    outside = set(tmp_path.parent.iterdir())
    root = project(tmp_path, cards=(BAD / "names" / "slashes.csv").read_text(encoding="utf-8"))
    assert_clean(_render(root))
    written = sorted(p.name for p in (root / "output" / "tiny" / "cards").iterdir())
    assert written == ["etc-passwd.png", "fireball.png"]
    assert set(tmp_path.parent.iterdir()) == outside
    assert sorted(p.name for p in tmp_path.iterdir()) == ["decks", "layouts", "output"]


def test_windows_reserved_names_are_renamed(tmp_path: Path) -> None:
    cards = (BAD / "names" / "windows-reserved.csv").read_text(encoding="utf-8")
    root = project(tmp_path, cards=cards)
    assert_clean(_render(root), limit=3 * LIMIT_S)
    written = sorted(p.stem for p in (root / "output" / "tiny" / "cards").iterdir())
    assert written == ["com1-card", "con-card", "lpt9-card", "nul-card"]


def test_long_names_alike_get_distinct_short_file_names(tmp_path: Path) -> None:
    cards = (BAD / "names" / "long-alike.csv").read_text(encoding="utf-8")
    root = project(tmp_path, cards=cards)
    assert_clean(_render(root))
    written = [p.name for p in (root / "output" / "tiny" / "cards").iterdir()]
    assert len(written) == 2 and len(set(written)) == 2
    assert all(len(name) <= 84 for name in written), written


@pytest.mark.parametrize("case", ["collision.csv"])  # dots.csv: test_hardening_names.py
def test_names_that_collide_are_an_error(tmp_path: Path, case: str) -> None:
    root = project(tmp_path, cards=(BAD / "names" / case).read_text(encoding="utf-8"))
    assert_error(_render(root), "cards.csv", "would all be written to cards/")


def test_300_character_name(tmp_path: Path) -> None:
    root = project(tmp_path, cards=TINY_CARDS.replace("Aria,", "A" * 300 + ",", 1))
    answer = _render(root)
    assert_error(answer, "cards.csv", "at most 200 characters")
    message = answer.err.splitlines()[0].split("cards.csv:2: ", 1)[1]
    assert len(message) < 200, f"a long name is cut short in messages: {message}"


RULES_BOX_50_DPI = (16, 119, 121, 169)
"""The built-in card's rules text box at 50 dpi: 0.2 in + the 1/8 in bleed from the left
(16.25 px), 2.25 in + bleed from the top (118.75), 2.1 x 1 in (105 x 50 px)."""


def test_right_to_left_text_and_emoji_render_with_a_warning(tmp_path: Path) -> None:
    cards = (BAD / "text" / "rtl-emoji.csv").read_text(encoding="utf-8")
    root = project(tmp_path / "rtl", cards=cards)
    answer = _render(root, "--only", "Aria")
    assert_clean(answer)
    assert answer.err == (
        "warning: cardgen/layouts/card.yaml:50: RN103 Aria: font sans has no glyph for"
        " 'م' 'ر' 'ح' 'ب' 'ا' 'ש' 'ל' 'ו' 'ם' '🐉' '😀': they print as boxes\n"
    )
    # The text is drawn (boxes for what the font lacks, "mixed" and "RTL" in letters) in
    # the rules box, and nothing else on the card changes: against Aria with no text.
    without_text = cards.replace(cards.splitlines()[1], "Aria,hero,1,5,,,")
    plain = project(tmp_path / "plain", cards=without_text)
    assert_clean(_render(plain, "--only", "Aria"))
    cards_drawn = [r / "output" / "tiny" / "cards" / "aria.png" for r in (root, plain)]
    with Image.open(cards_drawn[0]) as drawn, Image.open(cards_drawn[1]) as blank:
        changed = ImageChops.difference(drawn.convert("RGB"), blank.convert("RGB")).getbbox()
    assert changed is not None
    x0, y0, x1, y1 = RULES_BOX_50_DPI
    assert x0 <= changed[0] and y0 <= changed[1] and changed[2] <= x1 and changed[3] <= y1


def test_control_characters_in_messages_are_made_visible(tmp_path: Path) -> None:
    root = project(tmp_path)
    deck = root / "decks" / "tiny" / "decks" / "x.txt"
    deck.write_text("# game: tiny\n1 Ar\x1b[2Jia\n", encoding="utf-8")
    answer = invoke("validate", deck, "--project", root)
    assert "\x1b" not in answer.err + answer.out
    assert (answer.code, answer.out) == (2, "")
    assert answer.err == f"error: {deck}:2:5: control character U+001B in the line; remove it\n"


# --------------------------------------------------------------------------- folders, XLSX, sizes


def test_folder_instead_of_pool(tmp_path: Path) -> None:
    root = project(tmp_path, cards=None)
    (root / "decks" / "tiny" / "cards.csv").mkdir()
    assert_error(invoke("cards", "tiny", "--project", root), "cards.csv", "is a folder", line=False)


def test_folder_instead_of_game_file(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "decks" / "tiny" / "game.yaml").unlink()
    (root / "decks" / "tiny" / "game.yaml").mkdir()
    answer = invoke("cards", "tiny", "--project", root)
    assert_error(answer, "game.yaml", "is a folder", line=False)


def test_folder_instead_of_layout(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "layouts" / "tiny" / "hero.yaml").unlink()
    (root / "layouts" / "tiny" / "hero.yaml").mkdir()
    answer = _render(root, "--only", "Aria")
    assert_error(answer, "hero.yaml", "is a folder", line=False)


def test_folder_instead_of_deck_list(tmp_path: Path) -> None:
    root = project(tmp_path)
    folder = root / "decks" / "tiny" / "decks" / "starter.txt"
    folder.mkdir()
    answer = invoke("validate", folder, "--project", root)
    assert_error(answer, "starter.txt", "holds no deck lists", line=False)


def _xlsx() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("xl/workbook.xml", "<workbook/>")
    return buffer.getvalue()


def test_a_broken_xlsx_pool_is_one_line(tmp_path: Path) -> None:
    game = (BAD / "game" / "pool-xlsx.yaml").read_text(encoding="utf-8")
    root = project(tmp_path, game=game, cards=_xlsx(), pool="cards.xlsx")
    answer = invoke("cards", "tiny", "--project", root)
    assert_error(answer, "cards.xlsx", "not a readable XLSX workbook", line=False)


@pytest.mark.parametrize("suffix", [".xls", ".numbers"])
def test_a_spreadsheet_cardgen_cannot_read_is_named(tmp_path: Path, suffix: str) -> None:
    root = project(tmp_path, cards=_xlsx(), pool=f"cards{suffix}")
    answer = invoke("cards", "tiny", "--project", root)
    assert_error(answer, "tiny", f"cards{suffix} is not read: save it as cards.xlsx", line=False)


def test_xlsx_deck_list_is_refused(tmp_path: Path) -> None:
    root = project(tmp_path)
    deck = root / "decks" / "tiny" / "decks" / "starter.xlsx"
    deck.write_bytes(_xlsx())
    answer = invoke("validate", deck, "--game", "tiny", "--project", root)
    assert_error(answer, "starter.xlsx", "XLSX files are not supported", line=False)


def _big_file(path: Path, size: int, line: bytes) -> None:
    block = line * (1_048_576 // len(line))
    with path.open("wb") as stream:
        written = 0
        while written < size:
            stream.write(block)
            written += len(block)


def test_a_100_mb_deck_list_is_refused_at_once(tmp_path: Path) -> None:
    root = project(tmp_path)
    deck = tmp_path / "huge.txt"
    _big_file(deck, 100 * 1024 * 1024, b"3 Fireball\n")
    answer = invoke("validate", deck, "--game", "tiny", "--project", root)
    assert_error(answer, "huge.txt", "file is too large", line=False, limit=2.0)


def test_a_100_mb_deck_list_from_the_real_command(tmp_path: Path) -> None:
    """The same in a fresh process, memory bounded: the file is never read."""
    root = project(tmp_path)
    deck = tmp_path / "huge.txt"
    _big_file(deck, 100 * 1024 * 1024, b"3 Fireball\n")
    done, elapsed = bounded_cardgen(
        "validate", deck, "--game", "tiny", "--project", root, timeout=300
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("error: ") and "file is too large" in done.stderr
    assert "Traceback" not in done.stderr
    assert elapsed < 2.0 + 3.0, elapsed  # 2 s for the answer, and Python's own start-up


def test_a_deck_list_just_under_the_limit_is_answered_quickly(tmp_path: Path) -> None:
    root = project(tmp_path)
    deck = tmp_path / "long.txt"
    deck.write_text("1 Aria\n4 Fireball\n" * 50_000, encoding="utf-8")
    answer = invoke("validate", deck, "--game", "tiny", "--project", root)
    assert_clean(answer, 1, limit=3.0)
    assert "ILLEGAL" in answer.out


def test_a_big_yaml_file_is_refused_before_parsing(tmp_path: Path) -> None:
    root = project(tmp_path)
    deck = root / "decks" / "tiny" / "decks" / "big.yaml"
    deck.write_text("game: tiny\ncards:\n" + "  - {name: Aria, count: 1}\n" * 60_000)
    answer = invoke("validate", deck, "--project", root)
    assert_error(answer, "big.yaml", "file is too large", line=False)


def test_a_device_is_not_read(tmp_path: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    root = project(tmp_path)
    answer = invoke("validate", "/dev/zero", "--game", "tiny", "--project", root)
    assert_error(answer, "/dev/zero", "not a regular file", line=False)


# --------------------------------------------------------------------------- art


def _png(size: tuple[int, int] = (64, 64), mode: str = "RGB") -> bytes:
    buffer = io.BytesIO()
    Image.new(mode, size, "red" if mode == "RGB" else 0).save(buffer, "PNG")
    return buffer.getvalue()


def _noisy_png() -> bytes:
    buffer = io.BytesIO()
    Image.frombytes("RGB", (64, 64), os.urandom(64 * 64 * 3)).save(buffer, "PNG")
    return buffer.getvalue()


def _with_art(tmp_path: Path, art: str, files: dict[str, bytes] | None = None) -> Path:
    cards = TINY_CARDS.replace("text\n", "text,art\n", 1).replace(
        "Leads the party.", f"Leads the party.,{art}", 1
    )
    root = project(tmp_path, cards=cards)
    for name, data in (files or {}).items():
        target = root / "decks" / "tiny" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return root


ART: list[tuple[str, str, Callable[[], bytes] | None, str]] = [
    ("not-an-image", "art/a.png", lambda: b"this is not a picture\n", "not an image"),
    ("empty-file", "art/a.png", lambda: b"", "not an image"),
    ("truncated", "art/a.png", lambda: _noisy_png()[:2000], "truncated"),
    ("bomb", "art/a.png", lambda: _png((8000, 8000), "1"), "the limit is 40,000,000"),
    ("dot-dot", "../../../etc/hosts", None, "is outside the project"),
    ("absolute", "/etc/hosts", None, "is an absolute path"),
]


@pytest.mark.parametrize(("case", "art", "data", "fragment"), ART, ids=[c[0] for c in ART])
def test_bad_art(
    tmp_path: Path, case: str, art: str, data: Callable[[], bytes] | None, fragment: str
) -> None:
    root = _with_art(tmp_path, art, {art: data()} if data else None)
    answer = _render(root, "--only", "Aria")
    assert_error(answer, "cards.csv", fragment)
    assert 'card "Aria"' in answer.err


ART_BOX_50_DPI = (16, 36, 121, 104)
"""The built-in card's art box at 50 dpi: 0.2 in + the 1/8 in bleed from the left (16.25 px),
0.6 in + bleed from the top (36.25), 2.1 x 1.35 in (105 x 67.5 px), edges rounded."""


def test_art_folder_draws_a_placeholder_with_a_warning(tmp_path: Path) -> None:
    root = _with_art(tmp_path, "art")
    (root / "decks" / "tiny" / "art").mkdir()
    answer = _render(root, "--only", "Aria")
    assert_clean(answer)
    assert answer.err == (
        f'warning: {root}/decks/tiny/cards.csv:2: RN102 Aria: art "art" is a folder,'
        f" not an image file (looked for {root}/decks/tiny/art); drawing a placeholder\n"
    )
    x0, y0, x1, y1 = ART_BOX_50_DPI
    inset = 3  # past the box's rounded corners (1 mm: 2 px)
    expected = placeholder("Aria", (x1 - x0, y1 - y0))
    with Image.open(root / "output" / "tiny" / "cards" / "aria.png") as card:
        drawn = card.convert("RGB").crop((x0 + inset, y0 + inset, x1 - inset, y1 - inset))
    inner = (inset, inset, x1 - x0 - inset, y1 - y0 - inset)
    assert drawn.tobytes() == expected.crop(inner).tobytes()  # Aria's own placeholder, whole


# --------------------------------------------------------------------------- symlinks leaving


def _outside(tmp_path: Path) -> Path:
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (folder / "cards.csv").write_text(TINY_CARDS, encoding="utf-8")
    (folder / "game.yaml").write_text(TINY_GAME, encoding="utf-8")
    (folder / "hero.yaml").write_text(LAYOUT, encoding="utf-8")
    (folder / "deck.txt").write_text("# game: tiny\n1 Aria\n4 Fireball\n", encoding="utf-8")
    (folder / "art.png").write_bytes(_png())
    return folder


def _link(link: Path, target: Path) -> None:
    link.unlink(missing_ok=True)
    link.symlink_to(target)


def test_pool_symlink_out_of_the_project_is_refused(tmp_path: Path) -> None:
    outside = _outside(tmp_path)
    root = project(tmp_path / "p")
    _link(root / "decks" / "tiny" / "cards.csv", outside / "cards.csv")
    answer = invoke("cards", "tiny", "--project", root)
    assert_error(answer, "cards.csv", "leads outside the project", line=False)


def test_game_file_symlink_out_of_the_project_is_refused(tmp_path: Path) -> None:
    outside = _outside(tmp_path)
    root = project(tmp_path / "p")
    _link(root / "decks" / "tiny" / "game.yaml", outside / "game.yaml")
    answer = invoke("cards", "tiny", "--project", root)
    assert_error(answer, "game.yaml", "leads outside the project", line=False)


def test_layout_symlink_out_of_the_project_is_refused(tmp_path: Path) -> None:
    outside = _outside(tmp_path)
    root = project(tmp_path / "p")
    _link(root / "layouts" / "tiny" / "hero.yaml", outside / "hero.yaml")
    answer = _render(root, "--only", "Aria")
    assert_error(answer, "hero.yaml", "leads outside the project", line=False)


def test_art_symlink_out_of_the_project_is_refused(tmp_path: Path) -> None:
    outside = _outside(tmp_path)
    root = _with_art(tmp_path / "p", "art.png")
    _link(root / "decks" / "tiny" / "art.png", outside / "art.png")
    answer = _render(root, "--only", "Aria")
    assert_error(answer, "cards.csv", "is outside the project")


@pytest.mark.parametrize("command", ["check", "tts"])
def test_box_deck_symlink_out_of_the_project_is_refused(tmp_path: Path, command: str) -> None:
    outside = _outside(tmp_path)
    game = (BAD / "game" / "box-deck-symlink.yaml").read_text(encoding="utf-8")
    root = project(tmp_path / "p", game=game)
    _link(root / "decks" / "tiny" / "decks" / "linked.txt", outside / "deck.txt")
    answer = invoke(command, "tiny", "--project", root)
    assert_error(answer, "game.yaml", "decks/linked.txt: leads outside the project")


def test_symlink_inside_the_project_is_fine(tmp_path: Path) -> None:
    root = project(tmp_path)
    shared = root / "shared.csv"
    shared.write_text(TINY_CARDS, encoding="utf-8")
    _link(root / "decks" / "tiny" / "cards.csv", shared)
    assert_clean(invoke("cards", "tiny", "--project", root))


def test_deck_list_named_on_the_command_line_may_be_anywhere(tmp_path: Path) -> None:
    outside = _outside(tmp_path)
    root = project(tmp_path / "p")
    answer = invoke("validate", outside / "deck.txt", "--project", root)
    assert_clean(answer, 0)
    linked = root / "decks" / "tiny" / "decks" / "linked.txt"
    _link(linked, outside / "deck.txt")
    assert_clean(invoke("validate", linked, "--project", root), 0)


# --------------------------------------------------------------------------- output safety


OUT_REFUSED = {
    "decks": "point into the project's decks/ (its game data): outputs go elsewhere",
    "decks/tiny": "point into the project's decks/ (its game data): outputs go elsewhere",
    "layouts": "point into the project's layouts/: outputs go elsewhere",
    "layouts/tiny/x": "point into the project's layouts/: outputs go elsewhere",
    "/": "be a filesystem root",
    "HOME": "be your home folder itself: name a folder in it",
    "PACKAGE": "point into cardgen's own package: outputs go elsewhere",
}
"""Why each --out is refused: `--out must not ...`."""


@pytest.mark.parametrize("out", list(OUT_REFUSED))
@pytest.mark.parametrize("command", ["render", "pnp", "tts"])
def test_out_cannot_point_into_sources_home_or_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str, out: str
) -> None:
    root = project(tmp_path / "p")
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    target = {
        "HOME": str(home),
        "PACKAGE": str(Path(cardgen.render.game.__file__).parent.parent),
        "/": "/",
    }.get(out, str(root / out))
    if command == "pnp" and out not in ("/", "HOME"):
        target = str(Path(target) / "box.pdf")
    before = sorted(str(p) for p in (root / "decks").rglob("*"))
    answer = invoke(command, "tiny", "--out", target, "--project", root)
    assert_error(answer, "", "--out", line=False)
    if command == "pnp" and out in ("/", "HOME"):  # a folder where the PDF's file goes
        said = "--out names a folder; give the file to write, e.g. box.pdf"
    else:
        said = "--out must not " + OUT_REFUSED[out]
    assert answer.err.count("\n") == 1 and answer.err.endswith(f": {said}\n"), answer.err
    assert sorted(str(p) for p in (root / "decks").rglob("*")) == before
    assert not (root / "output").exists()


def test_report_out_cannot_overwrite_game_data(tmp_path: Path) -> None:
    root = project(tmp_path / "p")
    pool = root / "decks" / "tiny" / "cards.csv"
    answer = invoke("report", "tiny", "--format", "json", "--out", pool, "--project", root)
    assert_error(answer, "cards.csv", "--out must not point into the project's decks/", line=False)
    assert pool.read_text(encoding="utf-8") == TINY_CARDS


def test_out_elsewhere_is_fine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = project(tmp_path / "p")
    answer = invoke("render", "tiny", "--only", "Aria", "--out", tmp_path / "o", "--project", root)
    assert_clean(answer)
    assert (tmp_path / "o" / "cards" / "aria.png").is_file()
    monkeypatch.setenv("HOME", str(tmp_path))  # a PDF file in the home folder is fine
    answer = invoke("pnp", "tiny", "--out", tmp_path / "box.pdf", "--project", root)
    assert_clean(answer, limit=10.0)
    assert (tmp_path / "box.pdf").read_bytes().startswith(b"%PDF")


def test_clean_deletes_only_recorded_files(tmp_path: Path) -> None:
    root = project(tmp_path / "p")
    out = root / "output" / "tiny"
    out.mkdir(parents=True)
    (out / "cards").mkdir()
    (out / "cards" / "aria.png").write_bytes(_png())
    (out / "mine.txt").write_text("the user's own notes")
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me")
    in_project = root / "decks" / "tiny" / "cards.csv"
    manifest = {
        "files": [
            "cards/aria.png",
            "../../../precious.txt",
            "../../decks/tiny/cards.csv",
            str(victim),
            "cards/../../../../precious.txt",
        ]
    }
    (out / ".cardgen-files.json").write_text(json.dumps(manifest))
    answer = invoke("clean", "tiny", "--project", root)
    assert_clean(answer)
    assert not (out / "cards" / "aria.png").exists()
    assert victim.read_text() == "keep me"
    assert in_project.is_file()
    assert (out / "mine.txt").read_text() == "the user's own notes"


def test_clean_leaves_a_symlinked_output_folder_alone(tmp_path: Path) -> None:
    root = project(tmp_path / "p")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "photo.png").write_bytes(_png())
    (elsewhere / ".cardgen-files.json").write_text(json.dumps({"files": ["photo.png"]}))
    (root / "output").mkdir()
    (root / "output" / "tiny").symlink_to(elsewhere)
    assert_clean(invoke("clean", "--project", root))
    assert (elsewhere / "photo.png").is_file()


def test_clean_after_a_build_removes_what_it_wrote(tmp_path: Path) -> None:
    root = project(tmp_path / "p")
    (root / "output" / "tiny").mkdir(parents=True)
    (root / "output" / "tiny" / "notes.txt").write_text("mine")
    answer = invoke("build", "tiny", "--jobs", "1", "--project", root)
    assert answer.code == 0, answer.err
    assert invoke("clean", "tiny", "--project", root).code == 0
    left = sorted(p.name for p in (root / "output" / "tiny").rglob("*"))
    assert left == ["notes.txt"]


# --------------------------------------------------------------------------- TTS


TRICKY_TEXT = (
    "Say \"hi\" \\n </script><script>alert(1)</script>\n\tTab; print('x') -- Lua:"
    ' os.execute("rm -rf /")'
)


def test_tts_text_is_json_escaped_and_never_a_script(tmp_path: Path) -> None:
    root = project(tmp_path, cards=(BAD / "text" / "tricky-tts.csv").read_text(encoding="utf-8"))
    answer = invoke("tts", "tiny", "--jobs", "1", "--project", root)
    assert_clean(answer, limit=10.0)
    path = root / "output" / "tiny" / "tts" / "tiny.json"
    raw = path.read_text(encoding="utf-8")
    # JSON's own escapes for the quote, the backslash, the newline and the tab, nothing else:
    # the text as the designer wrote it, </script> and all (TTS is no web page).
    assert r'"Nickname": "Aria \"the \\ Bold\""' in raw
    assert (
        r'"Description": "Say \"hi\" \\n </script><script>alert(1)</script>\n\tTab;'
        ' print(\'x\') -- Lua: os.execute(\\"rm -rf /\\")"'
    ) in raw
    assert "\t" not in raw  # every control character escaped
    data = json.loads(raw)
    objects = list(tts_objects(data["ObjectStates"]))
    cards = [o for o in objects if o["Name"] == "Card"]
    aria = next(o for o in cards if o["Nickname"].startswith("Aria"))
    assert aria["Nickname"] == 'Aria "the \\ Bold"'
    assert aria["Description"] == TRICKY_TEXT
    assert data["LuaScript"] == ""
    for obj in objects:
        assert obj.get("LuaScript", "") == "", obj["Nickname"]
        assert obj.get("LuaScriptState", "") == ""
        assert obj.get("XmlUI", "") == ""


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(1)",
        "file:///etc/passwd",
        "ftp://example.com/sheets",
        "http://",
        "https://:8080/x",
        "//example.com/sheets",
        "example.com/sheets",
        "http://exa mple.com/",
        "http://example.com/\nx",
        "http://[::1",
        "data:text/html,<script>",
    ],
)
def test_base_url_must_be_an_http_url(tmp_path: Path, url: str) -> None:
    root = project(tmp_path)
    answer = invoke("tts", "tiny", "--base-url", url, "--project", root)
    assert answer.code == 2, answer.err
    assert answer.err.startswith("error: --base-url must be an http")
    assert len(answer.err.strip().splitlines()) == 1
    assert "Traceback" not in answer.err
    assert not (root / "output").exists()
