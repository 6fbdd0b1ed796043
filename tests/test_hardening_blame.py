"""Blame the right file (issue 17, item 11): a layout's own mistakes are reported at the
layout's file and line, not at a card's row, and a damaged font file is one line.

- An image element whose `src` is absolute or climbs out of the project is an error at the
  line of the `src`, in the layout that wrote it (a parent's, when inherited), for every
  layout at once, before any card is drawn: in `cardgen check` too. Corpus:
  `tests/data/bad/layout/art-outside*/`.
- A font file of a layout's `fonts:` that FreeType cannot open, or opens but cannot draw
  with (a copy of ReportLab's Vera.ttf garbled here: FreeType's `nested DEFS`), is one
  line at the line naming it; a glyph that fails later is one line at the element's.
"""

from __future__ import annotations

import shutil
import struct
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.render.fonts import RL_FONTS
from tests.conftest import TINY_CARDS
from tests.test_hardening import BAD, Answer, assert_clean, invoke, project
from tests.test_hardening_patterns import shown


def _with_layouts(tmp_path: Path, case: str, cards: str = TINY_CARDS) -> Path:
    root = project(tmp_path / "project", cards=cards)
    for source in sorted((BAD / "layout" / case).iterdir()):
        shutil.copyfile(source, root / "layouts" / "tiny" / source.name)
    (tmp_path / "outside").mkdir(exist_ok=True)
    (tmp_path / "outside" / "real.png").write_bytes(b"\x89PNG\r\n\x1a\n")  # there: not read
    return root


def _errors(root: Path, *lines: str) -> list[str]:
    return [f"error: {shown(root)}{line}" for line in lines]


def _said(answer: Answer) -> list[str]:
    """The error lines on stderr (after them, the count of errors when there are several);
    nothing else."""
    lines = answer.err.splitlines()
    if len(lines) > 1 and lines[-1] == f"{len(lines) - 1} errors":
        lines.pop()
    return lines


OUTSIDE = 'element logo: art "../../../../outside/real.png" is outside the project'
ABSOLUTE = (
    'element logo: art "/etc/passwd" is an absolute path; give it relative to the game folder'
)


@pytest.mark.parametrize("command", ["check", "render", "build", "pnp", "tts"])
def test_a_layouts_src_outside_the_project_is_at_the_src_line(tmp_path: Path, command: str) -> None:
    """Both layouts at once, each at its `src` (line 6 in hero.yaml, line 10 in spell.yaml),
    naming no card."""
    root = _with_layouts(tmp_path, "art-outside")
    answer = invoke(command, "tiny", "--project", root)
    assert answer.code == 2, answer.err
    assert _said(answer) == _errors(
        root, f"layouts/tiny/hero.yaml:6: {OUTSIDE}", f"layouts/tiny/spell.yaml:10: {ABSOLUTE}"
    )
    assert not list(root.rglob("*.png")), "nothing is drawn"


def test_an_inherited_src_is_at_the_parents_line_once(tmp_path: Path) -> None:
    root = _with_layouts(tmp_path, "art-outside-inherited")
    answer = invoke("check", "tiny", "--project", root)
    assert answer.code == 2
    assert _said(answer) == _errors(root, f"layouts/tiny/base.yaml:6: {OUTSIDE}")


def _aria_refused(root: Path, line: str) -> None:
    """Drawing Aria is refused with one line, `line` (under the project)."""
    answer = invoke("render", "tiny", "--only", "Aria", "--jobs", "1", "--project", root)
    assert answer.code == 2
    assert _said(answer) == _errors(root, line)


def test_a_templated_src_whose_own_part_leads_out_blames_the_layout(tmp_path: Path) -> None:
    _aria_refused(
        _with_layouts(tmp_path, "art-outside-template"),
        'layouts/tiny/hero.yaml:10: element portrait: art "../../../../outside/Aria.png" is'
        " outside the project",
    )


def test_a_cards_own_value_leading_out_blames_the_card(tmp_path: Path) -> None:
    """`src: "{art}"` with the card's art `../../../outside/real.png`: the card's row."""
    header, aria, *rest = TINY_CARDS.splitlines()
    lines = [f"{header},art", f"{aria},../../../outside/real.png", *(f"{r}," for r in rest)]
    _aria_refused(
        project(tmp_path / "project", cards="\n".join(lines) + "\n"),  # the built-in card
        'decks/tiny/cards.csv:2: card "Aria": art "../../../outside/real.png" is outside the'
        " project",
    )


# --------------------------------------------------------------------------- fonts

VERA = RL_FONTS / "Vera.ttf"
FONT_LAYOUT = """\
extends: builtin:card
dpi: 50
fonts:
  odd: {regular: layouts/tiny/odd.ttf}
elements:
  title: {font: odd}
"""


def _tables(data: bytes) -> dict[str, tuple[int, int]]:
    """A TrueType file's tables: tag -> (offset, length)."""
    count = struct.unpack(">H", data[4:6])[0]
    entries = (struct.unpack(">4sIII", data[12 + 16 * i : 28 + 16 * i]) for i in range(count))
    return {tag.decode("latin-1"): (offset, length) for tag, _, offset, length in entries}


def _glyph_offset(data: bytes, char: str) -> int:
    """Where the outline of `char` starts in a TrueType file (its cmap of format 4)."""
    tables = _tables(data)
    cmap = tables["cmap"][0]
    (count,) = struct.unpack(">H", data[cmap + 2 : cmap + 4])
    for i in range(count):
        sub = cmap + struct.unpack(">I", data[cmap + 8 + 8 * i : cmap + 12 + 8 * i])[0]
        if struct.unpack(">H", data[sub : sub + 2]) != (4,):
            continue
        (size,) = struct.unpack(">H", data[sub + 6 : sub + 8])
        seg = size // 2
        at = [sub + 14, *(sub + 16 + k * size for k in (1, 2, 3))]  # a pad after the ends
        ends, starts, deltas, ranges = (
            struct.unpack(f">{seg}{kind}", data[a : a + size])
            for kind, a in zip("HHhH", at, strict=True)
        )
        code = ord(char)
        k = next(k for k in range(seg) if starts[k] <= code <= ends[k])
        glyph = code
        if ranges[k]:  # an index into the glyph id array, from where the offset is read
            where = at[3] + 2 * k + ranges[k] + 2 * (code - starts[k])
            (glyph,) = struct.unpack(">H", data[where : where + 2])
        glyph = (glyph + deltas[k]) & 0xFFFF
        break
    (long_offsets,) = struct.unpack(">h", data[tables["head"][0] + 50 : tables["head"][0] + 52])
    loca = tables["loca"][0]
    if long_offsets:
        (start,) = struct.unpack(">I", data[loca + 4 * glyph : loca + 4 * glyph + 4])
    else:
        start = 2 * struct.unpack(">H", data[loca + 2 * glyph : loca + 2 * glyph + 2])[0]
    return tables["glyf"][0] + start


def nested_defs() -> bytes:
    """Vera.ttf whose font program (fpgm) opens a function definition inside another: the
    file opens, and FreeType fails on the first glyph it draws (`nested DEFS`)."""
    data = bytearray(VERA.read_bytes())
    offset, length = _tables(bytes(data))["fpgm"]
    program = bytes([0xB0, 0x00, 0x2C, 0xB0, 0x01, 0x2C])  # PUSHB 0, FDEF, PUSHB 1, FDEF
    data[offset : offset + length] = program + bytes([0x2D]) * (length - len(program))  # ENDF
    return bytes(data)


def truncated() -> bytes:
    data = VERA.read_bytes()
    return data[: len(data) // 2]


def _font_project(tmp_path: Path, font: bytes, cards: str = TINY_CARDS) -> Path:
    root = project(tmp_path, cards=cards)
    (root / "layouts" / "tiny" / "hero.yaml").write_text(FONT_LAYOUT, encoding="utf-8")
    (root / "layouts" / "tiny" / "odd.ttf").write_bytes(font)
    return root


FONTS = [
    (
        nested_defs,
        'font odd: font "layouts/tiny/odd.ttf" is damaged: FreeType cannot draw with it'
        " (nested DEFS); get the file again, or use another font",
    ),
    (truncated, 'font odd: cannot load font "layouts/tiny/odd.ttf": unknown file format'),
]


@pytest.mark.parametrize(("make", "message"), FONTS, ids=[f[0].__name__ for f in FONTS])
@pytest.mark.parametrize("command", ["check", "render", "build"])
def test_a_damaged_font_is_one_line_at_the_line_naming_it(
    tmp_path: Path, make: object, message: str, command: str
) -> None:
    assert callable(make)
    root = _font_project(tmp_path, make())
    answer = invoke(command, "tiny", "--project", root)
    assert answer.code == 2, answer.err
    assert _said(answer) == _errors(root, f"layouts/tiny/hero.yaml:4:18: {message}")


def test_a_glyph_freetype_cannot_draw_is_at_the_elements_line(tmp_path: Path) -> None:
    """Vera.ttf whose ß claims 3,000 contours: the sample drawn at load passes, the card
    named Straße fails where its title is set."""
    data = bytearray(VERA.read_bytes())
    offset = _glyph_offset(bytes(data), "ß")
    assert struct.unpack(">h", data[offset : offset + 2]) == (1,)  # one contour
    data[offset : offset + 2] = struct.pack(">h", 3000)
    root = _font_project(tmp_path, bytes(data), TINY_CARDS.replace("Aria,", "Straße,"))
    answer = invoke("render", "tiny", "--only", "type=hero", "--jobs", "1", "--project", root)
    assert answer.code == 2
    assert _said(answer) == _errors(
        root,
        'layouts/tiny/hero.yaml:6: element title: font odd ("layouts/tiny/odd.ttf"): FreeType'
        " cannot draw this text with it (invalid outline); the font file may be damaged: get"
        " it again, or use another font",
    )


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    changes=st.lists(
        st.tuples(st.integers(0, VERA.stat().st_size - 1), st.integers(0, 255)),
        min_size=1,
        max_size=400,
    )
)
def test_a_garbled_font_is_drawn_or_one_line_per_problem(
    tmp_path_factory: pytest.TempPathFactory, changes: list[tuple[int, int]]
) -> None:
    data = bytearray(VERA.read_bytes())
    for at, value in changes:
        data[at] = value
    root = _font_project(tmp_path_factory.mktemp("garbled"), bytes(data))
    answer = invoke("render", "tiny", "--only", "type=hero", "--jobs", "1", "--project", root)
    if answer.code == 0:
        assert_clean(answer, limit=5)
        return
    assert answer.code == 2, answer.err
    assert "internal error" not in answer.err and "Traceback" not in answer.err
    for line in answer.err.splitlines():
        assert line.startswith(f"error: {shown(root)}layouts/tiny/hero.yaml:"), line
