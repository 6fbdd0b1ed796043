"""Art problems are reported where the designer wrote the art's path, in one line each.

A card's `art` cell: at the pool's file and row (`decks/tiny/cards.csv:2`), naming the card,
the path as written and the file looked for, with the nearly identical file that exists. A
fixed file in a layout: at the layout's line. Pillow's own warnings while reading a file it
can still draw become render warning RN105 there, never raw lines on stderr. Windows
separators are read as `/`, without letting a path out of the project.
"""

from __future__ import annotations

import io
import json
import struct
import warnings
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageOps, TiffImagePlugin

from cardgen.render.art import load_art, resolve_art, similar_art
from tests.conftest import TINY_CARDS

Run = Callable[..., Result]
Make = Callable[..., Path]


def with_art(art: str) -> str:
    """The tiny pool with an `art` column: Aria's art (row 2, line 2) is `art`."""
    cards = TINY_CARDS.replace("level,text\n", "level,text,art\n", 1)
    return cards.replace("Leads the party.", f'Leads the party.,"{art}"', 1)


@pytest.fixture
def game(make_project: Make, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Path]:
    """A project whose Aria names `art`, with `files` (relative to the game folder) written;
    the working directory is the project, so messages show paths as a designer sees them."""

    def make(art: str, files: dict[str, bytes] | None = None, **options: str) -> Path:
        root = make_project(cards=with_art(art), **options)
        for name, data in (files or {}).items():
            target = root / "decks" / "tiny" / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        monkeypatch.chdir(root)
        return root

    return make


def png(colour: tuple[int, int, int] = (200, 40, 40), size: tuple[int, int] = (60, 40)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, colour).save(buffer, "PNG")
    return buffer.getvalue()


def render(run: Run, *more: str) -> Result:
    return run("render", "tiny", "--project", ".", "--jobs", "1", "--only", "Aria", *more)


def art_pixel(out: Path = Path("output/tiny/cards/aria.png")) -> tuple[int, ...]:
    """The middle of the built-in layout's art box on Aria's card."""
    with Image.open(out) as image:
        value = image.convert("RGB").getpixel((412, 420))
    assert isinstance(value, tuple)
    return value


# --------------------------------------------------------------------------- missing files


def test_missing_art_is_reported_at_the_cards_row_with_the_file_meant(
    game: Callable[..., Path], run: Run
) -> None:
    game("art/tide-caler.png", {"art/tide-caller.png": png()})
    result = render(run)
    assert result.exit_code == 0
    assert result.stderr == (
        'warning: decks/tiny/cards.csv:2: RN102 Aria: art "art/tide-caler.png" not found'
        " (looked for decks/tiny/art/tide-caler.png); drawing a placeholder;"
        ' did you mean "art/tide-caller.png"?\n'
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
    game("art/aria.png", {"art/aria.png": data})
    result = render(run)
    assert result.exit_code == 2
    [line] = result.stderr.splitlines()
    prefix = (
        'error: decks/tiny/cards.csv:2: card "Aria": art "art/aria.png" (decks/tiny/art/aria.png): '
    )
    assert line.startswith(prefix) and problem in line, line


# --------------------------------------------------------------------------- layout files


LAYOUT = """\
size: poker
elements:
  frame:
    kind: image
    src: {src}
    x: 0
    y: 0
    width: 100%
    height: 100%
"""


def test_a_layouts_own_file_is_reported_at_the_layouts_line(
    game: Callable[..., Path], run: Run
) -> None:
    game("", extra={"../../layouts/tiny/hero.yaml": LAYOUT.format(src="frame.png")})
    result = render(run)
    assert result.exit_code == 0
    assert result.stderr == (
        'warning: layouts/tiny/hero.yaml:4: RN102 Aria: art "frame.png" not found'
        " (looked for decks/tiny/frame.png); drawing a placeholder\n"
    )
    Path("decks/tiny/frame.png").write_bytes(b"GIF89a broken")
    result = render(run)
    assert (result.exit_code, result.stderr.splitlines()) == (
        2,
        [
            'error: layouts/tiny/hero.yaml:4: element frame: art "frame.png"'
            " (decks/tiny/frame.png): not an image (Pillow cannot identify the file's format)"
        ],
    )


def test_a_layouts_file_outside_the_project_is_reported_at_its_line(
    game: Callable[..., Path], run: Run
) -> None:
    game("", extra={"../../layouts/tiny/hero.yaml": LAYOUT.format(src="../../../x.png")})
    result = render(run)
    assert (result.exit_code, result.stderr) == (
        2,
        'error: layouts/tiny/hero.yaml:4: element frame: art "../../../x.png" is outside the'
        " project\n",
    )


# --------------------------------------------------------------------------- Pillow's warnings


def corrupt_exif_jpeg(colour: tuple[int, int, int] = (20, 180, 60)) -> bytes:
    """A JPEG whose EXIF block claims 40 entries and holds 2, as some cameras and editors
    leave it: Pillow warns "Corrupt EXIF data" and draws the picture."""
    exif = Image.Exif()
    exif[0x010E] = "a description long enough to sit outside its entry"
    exif[0x0112] = 1
    buffer = io.BytesIO()
    Image.new("RGB", (90, 60), colour).save(buffer, "JPEG", exif=exif.tobytes(), quality=95)
    data = bytearray(buffer.getvalue())
    tiff = data.find(b"Exif\0\0") + 6
    data[tiff + 8 : tiff + 10] = struct.pack(">H" if data[tiff] == ord("M") else "<H", 40)
    return bytes(data)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_pillows_warnings_become_rn105_at_the_cards_row(
    game: Callable[..., Path], run: Run, jobs: str
) -> None:
    game("art/aria.jpg", {"art/aria.jpg": corrupt_exif_jpeg()})
    result = run("render", "tiny", "--project", ".", "--jobs", jobs, "--format", "json")  # 5 cards
    assert result.exit_code == 0
    assert result.stderr == ""  # nothing raw: no "UserWarning", no Pillow source line
    [warning] = json.loads(result.stdout)["warnings"]
    assert warning["code"] == "RN105" and (warning["path"], warning["line"]) == (
        "decks/tiny/cards.csv",
        2,
    )
    message = warning["message"]
    assert message.startswith(
        'art "art/aria.jpg" (decks/tiny/art/aria.jpg): Pillow warns "Corrupt EXIF data.'
    ), message
    assert message.endswith(
        '"; drawn as read (saving the file again from an image editor repairs it)'
    ), message
    r, g, b = art_pixel()
    assert g > 150 and r < 60 and b < 100  # the picture is drawn all the same


def test_rn105_fails_strict_and_comes_back_from_the_build_cache(
    game: Callable[..., Path], run: Run
) -> None:
    game("art/aria.jpg", {"art/aria.jpg": corrupt_exif_jpeg()})
    assert render(run, "--strict").exit_code == 1
    first = run("build", "tiny", "--project", ".")
    again = run("build", "tiny", "--project", ".")
    for result in (first, again):
        assert "RN105 Aria" in result.output + result.stderr
        assert "UserWarning" not in result.output + result.stderr


def corrupt_tiff() -> bytes:
    """A TIFF whose description tag claims 100,000 bytes the file does not hold."""
    tags = TiffImagePlugin.ImageFileDirectory_v2()
    tags[270] = "a description long enough to sit outside its entry"
    buffer = io.BytesIO()
    Image.new("RGB", (90, 60), (20, 180, 60)).save(buffer, "TIFF", tiffinfo=tags)
    data = bytearray(buffer.getvalue())
    entry = data.find(b"\x0e\x01\x02\x00")  # tag 270, type ASCII, little-endian
    data[entry + 4 : entry + 8] = struct.pack("<I", 100_000)
    return bytes(data)


@pytest.mark.parametrize(
    ("suffix", "make", "note"),
    [
        (".jpg", corrupt_exif_jpeg, "Corrupt EXIF data. Expecting to read 12 bytes but only got"),
        (".tif", corrupt_tiff, "Tag data larger than file. Skipping tag 270"),
    ],
)
def test_load_art_notes_each_warning_once_and_prints_nothing(
    tmp_path: Path,
    capfd: pytest.CaptureFixture[str],
    suffix: str,
    make: Callable[[], bytes],
    note: str,
) -> None:
    path = tmp_path / f"a{suffix}"
    path.write_bytes(make())
    notes: list[str] = []
    image = load_art(path, notes)
    assert image.size == (90, 60) and image.getpixel((45, 30))[1] > 150
    assert len(notes) == 1 and notes[0].startswith(note), notes  # Pillow says it twice
    assert capfd.readouterr() == ("", "")


def test_unreadable_exif_orientation_is_noted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "a.png"
    path.write_bytes(png())

    def broken(image: Image.Image) -> Image.Image:
        raise SyntaxError("not a TIFF file")

    monkeypatch.setattr(ImageOps, "exif_transpose", broken)
    notes: list[str] = []
    assert load_art(path, notes).size == (60, 40)
    assert notes == ["EXIF orientation unreadable (not a TIFF file); drawn as stored"]


def test_pillows_deprecation_warnings_are_not_the_designers_problem(tmp_path: Path) -> None:
    path = tmp_path / "a.im"
    with warnings.catch_warnings():  # a format Pillow deprecates: it warns reading it too
        warnings.simplefilter("ignore", DeprecationWarning)
        Image.new("RGB", (4, 4), (1, 2, 3)).save(path, "IM")
    notes: list[str] = []
    assert load_art(path, notes).getpixel((0, 0)) == (1, 2, 3, 255)
    assert notes == []


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
