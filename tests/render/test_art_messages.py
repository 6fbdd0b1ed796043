"""Art problems are reported where the designer wrote the art's path, in one line each.

A card's `art` cell: at the pool's file and row (`decks/tiny/cards.csv:2`), naming the card,
the path as written and the file looked for, with the nearly identical file that exists. A
fixed file in a layout: at the layout's line. Windows separators are read as `/`, without
letting a path out of the project. (Pillow's warnings, RN105: test_art_warnings.py.)
"""

from __future__ import annotations

import io
import json
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from cardgen.load.art_paths import resolve_art
from cardgen.render.art import similar_art
from tests.render.artgame import Make, Run, art_pixel, image_layout, png, refused, render

# --------------------------------------------------------------------------- missing files


@pytest.mark.parametrize(
    ("written", "existing"),
    [("art/tide-caler.png", "art/tide-caller.png"), ("art/aria.svg", "art/aria.png")],
)
def test_missing_art_is_reported_at_the_cards_row_with_the_file_meant(
    game: Callable[..., Path], run: Run, written: str, existing: str
) -> None:
    game(written, {existing: png()})
    result = render(run)
    assert result.exit_code == 0
    assert result.stderr == (
        f'warning: decks/tiny/cards.csv:2: RN102 Aria: art "{written}" not found'
        f" (looked for decks/tiny/{written}); drawing a placeholder;"
        f' did you mean "{existing}"?\n'
    )
    assert render(run, "--strict").exit_code == 1


def test_missing_art_in_json_names_the_pool_file_line_and_element(
    game: Callable[..., Path], run: Run
) -> None:
    game("art/nobody.png")
    result = render(run, "--format", "json")
    assert result.exit_code == 0
    [warning] = json.loads(result.stdout)["warnings"]
    assert warning == {
        "code": "RN102",
        "message": 'art "art/nobody.png" not found (looked for decks/tiny/art/nobody.png);'
        " drawing a placeholder",
        "card": "Aria",
        "element": "art",
        "path": "decks/tiny/cards.csv",
        "line": 2,
    }


@pytest.mark.parametrize(
    ("written", "existing", "meant"),
    [
        ("art/tide-caler.png", "art/tide-caller.png", "art/tide-caller.png"),  # a letter left out
        ("atr/aria.png", "art/aria.png", "art/aria.png"),  # the folder mistyped
        ("art/aria.png", "art/aria.jpg", "art/aria.jpg"),  # another extension
        ("Art/Aria.PNG", "art/aria.png", "art/aria.png"),  # another case (Linux tells them apart)
        ("art\\heros\\aria.png", "art/heroes/aria.png", "art/heroes/aria.png"),
        ("art/aria.png", "art/borin.png", None),  # nothing alike
        ("pictures/aria.png", "art/aria.png", None),  # no folder alike
    ],
)
def test_the_file_meant(make_project: Make, written: str, existing: str, meant: str | None) -> None:
    root = make_project()
    folder = root / "decks" / "tiny"
    (folder / existing).parent.mkdir(parents=True, exist_ok=True)
    (folder / existing).write_bytes(png())
    assert similar_art(written, folder, root) == meant


def test_a_folder_named_as_art_says_so(game: Callable[..., Path], run: Run) -> None:
    root = game("art")
    (root / "decks" / "tiny" / "art").mkdir()
    result = render(run)
    assert result.exit_code == 0
    assert result.stderr == (
        'warning: decks/tiny/cards.csv:2: RN102 Aria: art "art" is a folder, not an image file'
        " (looked for decks/tiny/art); drawing a placeholder\n"
    )


SEPARATORS = st.sampled_from("/\\")
NAME = st.text("abcdefghijklmnopqrstuvwxyz0123456789-_", min_size=3, max_size=16)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(folder=NAME, stem=NAME, extension=st.sampled_from([".png", ".jpg", ".webp"]), data=st.data())
def test_one_typo_in_a_name_finds_the_file(
    tmp_path_factory: pytest.TempPathFactory,
    folder: str,
    stem: str,
    extension: str,
    data: st.DataObject,
) -> None:
    root = tmp_path_factory.mktemp("typo")
    game_folder = root / "decks" / "g"
    (game_folder / folder).mkdir(parents=True)
    (game_folder / folder / f"{stem}{extension}").write_bytes(b"")
    (game_folder / folder / "zzzzzzzzzzzzzzzzzzzzzzzzzz.png").write_bytes(b"")  # far from any
    typo = data.draw(typos(stem))
    separator = data.draw(SEPARATORS)
    written = f"{folder}{separator}{typo}{extension}"
    assert similar_art(written, game_folder, root) == (
        f"{folder}/{stem}{extension}" if typo != stem else None
    )


def typos(word: str) -> st.SearchStrategy[str]:
    """`word` with one letter changed, left out, doubled or swapped with the next."""
    at = st.integers(0, len(word) - 1)
    letter = st.sampled_from("abcdefghijklmnopqrstuvwxyz")
    return st.one_of(
        st.tuples(at, letter).map(lambda p: word[: p[0]] + p[1] + word[p[0] + 1 :]),
        at.map(lambda i: word[:i] + word[i + 1 :]),
        at.map(lambda i: word[:i] + word[i] + word[i:]),
        at.filter(lambda i: i < len(word) - 1).map(
            lambda i: word[:i] + word[i + 1] + word[i] + word[i + 2 :]
        ),
    ).filter(lambda typo: len(typo) >= 2)


# --------------------------------------------------------------------------- separators


def test_windows_separators_find_the_art(game: Callable[..., Path], run: Run) -> None:
    game("art\\heroes\\aria.png", {"art/heroes/aria.png": png((30, 40, 210))})
    result = render(run)
    assert (result.exit_code, result.stderr) == (0, "")
    assert art_pixel() == (30, 40, 210)


@pytest.mark.parametrize(
    ("written", "problem"),
    [
        ("..\\..\\..\\x.png", "is outside the project"),
        ("art\\..\\..\\..\\..\\etc\\hosts", "is outside the project"),
        ("..\\../..\\x.png", "is outside the project"),
        ("\\\\server\\share\\x.png", "is an absolute path"),
        ("C:\\art\\x.png", "is an absolute path"),
        ("C:art\\x.png", "names the drive C:"),
    ],
)
def test_windows_separators_do_not_leave_the_project(
    game: Callable[..., Path], run: Run, written: str, problem: str
) -> None:
    game(written)
    result = render(run)
    shown = written.replace("\\", "\\\\")
    assert result.exit_code == 2
    assert result.stderr.startswith(
        f'error: decks/tiny/cards.csv:2: card "Aria": art "{shown}" {problem}'
    )
    assert not Path("output").exists()


def test_resolve_art_reads_backslashes_as_folders(tmp_path: Path) -> None:
    folder = tmp_path / "decks" / "g"
    assert resolve_art("art\\a\\b.png", folder, tmp_path) == (folder / "art/a/b.png").resolve()


# --------------------------------------------------------------------------- files not drawn


def _eps() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8)).save(buffer, "EPS")
    return buffer.getvalue()


def _huge_png() -> bytes:
    data = bytearray(png(size=(1, 1)))
    data[16:24] = struct.pack(">II", 8000, 8000)
    data[29:33] = struct.pack(">I", zlib.crc32(bytes(data[12:29])))
    return bytes(data)


BAD = [
    ("text", b"not a picture\n", "not an image (Pillow cannot identify the file's format)"),
    ("truncated", png(size=(64, 64))[:60], "image data is"),
    ("huge", _huge_png(), "image is 8000 x 8000 px (64,000,000 pixels); the limit is 40,000,000"),
    ("svg", b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>', "an SVG drawing"),
    ("pdf", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "a PDF document, not an image; export the art as"),
    ("heic", b"\0\0\0\x18ftypheic\0\0\0\0mif1heic", "a HEIC photo, which Pillow cannot read"),
    ("eps", _eps(), "an EPS (PostScript) file, which cardgen does not run; export the art as"),
    ("xcf", b"gimp xcf v011\0" + bytes(64), "a GIMP picture (XCF); export the art as PNG"),
]


@pytest.mark.parametrize(("case", "data", "problem"), BAD, ids=[b[0] for b in BAD])
def test_art_that_cannot_be_drawn_is_one_line_at_the_cards_row(
    game: Callable[..., Path], run: Run, case: str, data: bytes, problem: str
) -> None:
    line = refused(game, run, "art/aria.png", data)
    prefix = (
        'error: decks/tiny/cards.csv:2: card "Aria": art "art/aria.png" (decks/tiny/art/aria.png): '
    )
    assert line.startswith(prefix) and problem in line, line


# --------------------------------------------------------------------------- layout files


def test_a_layouts_own_file_is_reported_at_the_layouts_line(
    game: Callable[..., Path], run: Run
) -> None:
    game("", extra=image_layout("frame.png"))
    result = render(run)
    assert result.exit_code == 0
    assert result.stderr == (
        'warning: layouts/tiny/hero.yaml:5: RN102 Aria: art "frame.png" not found'
        " (looked for decks/tiny/frame.png); drawing a placeholder\n"
    )
    Path("decks/tiny/frame.png").write_bytes(b"GIF89a broken")
    result = render(run)
    assert (result.exit_code, result.stderr.splitlines()) == (
        2,
        [
            'error: layouts/tiny/hero.yaml:5: element frame: art "frame.png"'
            " (decks/tiny/frame.png): not an image (Pillow cannot identify the file's format)"
        ],
    )


def test_a_layouts_file_outside_the_project_is_reported_at_its_line(
    game: Callable[..., Path], run: Run
) -> None:
    game("", extra=image_layout("../../../x.png"))
    result = render(run)
    assert (result.exit_code, result.stderr) == (
        2,
        'error: layouts/tiny/hero.yaml:5: element frame: art "../../../x.png" is outside the'
        " project\n",
    )


# --------------------------------------------------------------------------- the docs


DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_documented_messages_are_what_cardgen_prints(
    game: Callable[..., Path], run: Run
) -> None:
    root = game("art/logo.svg", {"art/tide-caller.png": png()})
    (root / "decks" / "tiny" / "art" / "logo.svg").write_bytes(BAD[3][1])
    pool = root / "decks" / "tiny" / "cards.csv"
    lines = pool.read_text(encoding="utf-8").splitlines()
    lines[3] = "Tide Caller,spell,4,,fire,2,Calls the tide.,art/tide-caler.png"  # line 4
    pool.write_text("\n".join(lines) + "\n", encoding="utf-8")
    limits = (DOCS / "limits.md").read_text(encoding="utf-8")
    missing = run("render", "tiny", "--project", ".", "--only", "Tide Caller").stderr
    assert f"`{missing.removeprefix('warning: ').strip()}`" in limits
    svg = run("render", "tiny", "--project", ".", "--only", "Aria").stderr
    assert f"`{svg.removeprefix('error: ').strip()}`" in limits
