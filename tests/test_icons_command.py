"""`cardgen icons [GAME]`: the built-in icons, a game's layout aliases and its own icon
files, as text and JSON, and the contact sheet; docs/icons.md lists exactly the registry."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from pathlib import Path

from click.testing import Result
from PIL import Image

from cardgen.model.icon_names import BUILT_IN
from cardgen.render.icons import render_icon
from tests.conftest import ROOT
from tests.iconfiles import DOT, TWO, icon_project, write_png

Make = Callable[..., Path]
Run = Callable[..., Result]

LAYOUT = (
    'extends: builtin:card\nicons:\n  ember: {icon: eclair, color: "#ff0000"}\n'
    "  gem: {icon: crystal}\n"
)


def _game(make_project: Make, layout: str = LAYOUT) -> Path:
    root = make_project()
    folder = root / "layouts" / "tiny"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "base.yaml").write_text(layout, encoding="utf-8")
    return root


def test_without_a_game_every_built_in_icon(run: Run, tmp_path: Path) -> None:
    result = run("icons", "--project", tmp_path)  # no project needed
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == f"{len(BUILT_IN)} built-in icons; write {{name}} in card text:"
    assert lines[1:] == [
        f"  {i.name:<20}{i.depicts}" + (f"  (also {', '.join(i.aliases)})" if i.aliases else "")
        for i in BUILT_IN
    ]
    data = json.loads(run("icons", "--format", "json").stdout)
    assert data["game"] is None
    assert data["icons"] == [
        {"name": i.name, "aliases": list(i.aliases), "source": "built-in", "icon": i.name,
         "depicts": i.depicts, "color": None, "kind": "built-in", "file": None,
         "recolored": None, "shadows_built_in": False}
        for i in BUILT_IN
    ]  # fmt: skip


def test_with_a_game_its_layout_aliases_and_where_they_are(make_project: Make, run: Run) -> None:
    root = _game(make_project)
    data = json.loads(run("icons", "tiny", "--project", root, "--format", "json").stdout)
    assert data["game"] == "tiny"
    added = data["icons"][len(BUILT_IN) :]
    assert [(a["name"], a["icon"], a["color"], a["aliases"]) for a in added] == [
        ("ember", "lightning", "#ff0000", []),
        ("gem", "crystal", None, []),
    ]
    assert added[0]["source"].endswith("layouts/tiny/base.yaml:3")
    assert added[1]["source"].endswith("layouts/tiny/base.yaml:4")
    text = run("icons", "tiny", "--project", root).stdout.splitlines()
    assert text[-3] == "The layouts of Tiny Game give 2 names (for their text):"
    assert re.fullmatch(r"  ember {15}lightning in #ff0000  \S*layouts/tiny/base.yaml:3", text[-2])


def test_a_broken_layout_or_game_is_bad_input(make_project: Make, run: Run) -> None:
    root = _game(make_project, "icons:\n  ember: {icon: flame}\n")
    result = run("icons", "tiny", "--project", root)
    assert result.exit_code == 2 and result.stdout == ""
    assert 'base.yaml:2:17: icon ember: unknown icon "flame"' in result.stderr
    result = run("icons", "tinny", "--project", root)
    assert result.exit_code == 2 and 'unknown game "tinny"; did you mean "tiny"?' in result.stderr


def test_the_sheet_draws_every_icon_with_its_colour(make_project: Make, run: Run) -> None:
    root = _game(make_project)
    sheet = root / "out" / "icons.png"
    result = run("icons", "tiny", "--project", root, "--sheet", sheet)
    assert result.exit_code == 0, result.output
    assert f"wrote {sheet.resolve()} ({len(BUILT_IN) + 2} icons)" in result.stderr
    first = sheet.read_bytes()
    image = Image.open(io.BytesIO(first))
    assert image.mode == "RGB"
    # 24 px margins around six columns of 180 x 172 px cells; two 56 px headings, then the
    # built-in icons six a row (34: six rows) and the layout's two in one row: 1128 x 1364.
    rows = -(-len(BUILT_IN) // 6)
    assert image.size == (1128, 48 + 2 * 56 + (rows + 1) * 172)
    ink = (34, 34, 34)  # dark grey: a built-in icon, or an alias without a colour
    entries = [
        (i.name, ink, 68 + 180 * (n % 6), 94 + 172 * (n // 6)) for n, i in enumerate(BUILT_IN)
    ]
    # Each icon 92 px, centred in its cell 14 px below its top: the first at (68, 94); the
    # layout's section below the built-in rows and its heading (34 icons: at y 1182).
    below = 94 + 172 * rows + 56
    entries += [("lightning", (255, 0, 0), 68, below), ("crystal", ink, 248, below)]
    for name, color, x, y in entries:
        expected = Image.new("RGB", (92, 92), (255, 255, 255))
        picture = render_icon(name, (92, 92), color)
        expected.paste(picture, (0, 0), picture)
        assert image.crop((x, y, x + 92, y + 92)).tobytes() == expected.tobytes(), name
    mtime = sheet.stat().st_mtime_ns
    assert run("icons", "tiny", "--project", root, "--sheet", sheet).exit_code == 0
    assert sheet.read_bytes() == first and sheet.stat().st_mtime_ns == mtime  # same bytes


def test_the_sheet_goes_nowhere_it_must_not(make_project: Make, run: Run) -> None:
    root = _game(make_project)
    result = run("icons", "--project", root, "--sheet", root / "decks" / "tiny" / "icons.png")
    assert result.exit_code == 2 and "--sheet must not point into" in result.stderr
    assert not (root / "decks" / "tiny" / "icons.png").exists()
    assert run("icons", "--project", root, "--sheet", root).exit_code == 2  # a folder


def test_docs_list_every_built_in_icon_in_order() -> None:
    docs = (ROOT / "docs" / "icons.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([a-z-]+)` \| ([^|]*) \| ([^|]+) \|$", docs, re.MULTILINE)
    assert rows == [(i.name, ", ".join(f"`{a}`" for a in i.aliases), i.depicts) for i in BUILT_IN]
    commands = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    assert "## cardgen icons\n" in commands


def test_cardgen_icons_lists_the_game_own_icons(make_project: Make, run: Run) -> None:
    root = icon_project(
        make_project,
        "extends: builtin:card\nicons:\n  gem: {file: art/gem.png, color: '#b0303a'}\n",
        {"icons/Heart.svg": TWO, "icons/coin.svg": DOT},
    )
    write_png(root / "decks" / "tiny" / "art" / "gem.png")
    result = run("icons", "tiny", "--project", root)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[-5:-2] == [
        "The layouts of Tiny Game give 1 name (for their text):",
        lines[-4],
        "The icon folder of Tiny Game gives 2 icons:",
    ]
    assert re.fullmatch(
        r"  gem {17}art/gem\.png \(recoloured in #b0303a\)  \S*layouts/tiny/base\.yaml:3",
        lines[-4],
    )
    assert lines[-2:] == [
        "  coin                icons/coin.svg (recoloured in the text colour)",
        "  heart               icons/Heart.svg (as drawn); replaces the built-in heart",
    ]
    data = json.loads(run("icons", "tiny", "--project", root, "--format", "json").stdout)
    own = data["icons"][len(BUILT_IN) :]
    facts = [(i["name"], i["kind"], i["file"], i["recolored"], i["shadows_built_in"]) for i in own]
    assert facts == [
        ("gem", "layout", "art/gem.png", True, False),
        ("coin", "folder", "icons/coin.svg", True, False),
        ("heart", "folder", "icons/Heart.svg", False, True),
    ]  # fmt: skip
    assert own[1]["source"].endswith("decks/tiny/icons/coin.svg")
