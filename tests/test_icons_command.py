"""`cardgen icons [GAME]`: the built-in icons and a game's layout aliases, as text and JSON,
and the contact sheet; docs/icons.md lists exactly the registry."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from pathlib import Path

from click.testing import Result
from PIL import Image

from cardgen.render import icon_sheet
from cardgen.render.icon_names import BUILT_IN
from cardgen.render.icons import render_icon
from tests.conftest import ROOT

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
         "depicts": i.depicts, "color": None}
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
    columns, cell_w, cell_h = icon_sheet.COLUMNS, icon_sheet.CELL_W, icon_sheet.CELL_H
    margin, title, side = icon_sheet.MARGIN, icon_sheet.TITLE_H, icon_sheet.ICON
    rows = -(-len(BUILT_IN) // columns)
    assert image.mode == "RGB"
    assert image.size == (
        2 * margin + columns * cell_w,
        2 * margin + 2 * title + (rows + 1) * cell_h,
    )
    entries = [(i.name, icon_sheet.INK, 0) for i in BUILT_IN]
    entries += [("lightning", (255, 0, 0), 1), ("crystal", icon_sheet.INK, 1)]
    for index, (name, color, section) in enumerate(entries):
        within = index - (len(BUILT_IN) if section else 0)
        row, column = divmod(within, columns)
        x = margin + column * cell_w + (cell_w - side) // 2
        y = margin + (section + 1) * title + (row + section * rows) * cell_h + 14
        expected = Image.new("RGB", (side, side), icon_sheet.PAPER)
        picture = render_icon(name, (side, side), color)
        expected.paste(picture, (0, 0), picture)
        assert image.crop((x, y, x + side, y + side)).tobytes() == expected.tobytes(), name
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
