"""The build's cache against every kind of edit that can change a card's pixels (issue 31
item 4): after any edit, a build with the cache holds, card for card and back for back,
the very bytes a render from scratch of the edited project draws.

The game below uses every input a face is drawn from: its pool row, its layout and the
parent layout it extends, game.yaml (a type's label, a choice field's labels, the game's
name, a back's colours, the glossary's keywords set in bold), a file of the game's icon
folder named in card text and one named in a layout's own text, a font file, art named in
the art cell, art found by the card's name, a file an SVG art draws (`<image href>`), a
layout's fixed image and images whose path is made of a card's or a back's values.

The oracle is independent of the cache key: the edited project is copied (no `output/`,
so no cache) and rendered in a process that drew nothing before (forked from a process that
only imported cardgen), while the cached build runs in this process after the first build,
as `cardgen serve` rebuilds. An edit that changes no face (a glossary definition, a deck
list) draws nothing again; an edit of one card's cell draws that card alone.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import reportlab
from PIL import Image

from tests.oracles.games import ok

FONTS = Path(reportlab.__file__).parent / "fonts"  # Vera, as ReportLab ships it

GAME = """\
id: gen
name: Edit Game
players: {min: 2, max: 2}
types:
  unit:
    label: Unit
    back: b0
    fields:
      faction: {type: choice, choices: [red, blue], labels: {red: Reds, blue: Blues}}
  spell:
    label: Spell
    back: b1
backs:
  b0: {label: Back Zero, color: '#d62828', accent: '#ffffff'}
  b1: {label: Back One, color: '#1d4ed8', accent: '#ffffff'}
glossary:
  entries:
    - {term: Ambush, kind: keyword, definition: Strikes first.}
"""
CARDS = """\
name,type,copies,faction,text,art
Ash,unit,1,red,Ambush. Gain {coin}.,art/ash.png
Birch,unit,1,blue,Grows.,art/birch.svg
Cedar,spell,1,,Burns fast.,
Dune,spell,1,,Ambush shifts {gem}.,
"""
BASE = """\
extends: builtin:card
dpi: 50
fonts:
  hand: {regular: fonts/hand.ttf}
elements:
  corner: {kind: rect, x: 0.1in, y: 0.1in, width: 0.3in, height: 0.3in, fill: '#00aa00'}
  motto:
    kind: text
    text: "{game} {{star}}"
    font: hand
    x: 0.2in
    y: 3.36in
    width: 2in
    height: 0.16in
    size: 7
    min_size: 4
"""
UNIT = """\
extends: [base]
elements:
  emblem:
    kind: image
    src: "emblems/{faction}.png"
    x: 1.5in
    y: 0.1in
    width: 0.5in
    height: 0.4in
  faction_line:
    kind: text
    text: "{faction_label}"
    x: 0.2in
    y: 3.2in
    width: 2in
    height: 0.2in
    size: 8
"""
SPELL = """\
extends: [base]
elements:
  rules: {font: hand}
  band: {kind: image, src: frame.png, x: 0.2in, y: 3.05in, width: 100% - 0.4in, height: 0.3in}
"""
BACK = """\
extends: builtin:back
dpi: 50
elements:
  crest: {kind: image, src: "backs/{back}.png", x: 1in, y: 0.4in, width: 0.5in, height: 0.5in}
"""
BIRCH_SVG = """\
<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40" viewBox="0 0 60 40">
  <rect width="60" height="40" fill="#336633"/>
  <image href="texture.png" x="10" y="5" width="40" height="30"/>
</svg>
"""
PICTURES = {  # file of the game folder -> its colour
    "art/ash.png": (200, 30, 30),
    "art/texture.png": (240, 240, 40),
    "emblems/red.png": (250, 0, 0),
    "emblems/blue.png": (0, 0, 250),
    "icons/star.png": (240, 200, 20),
    "icons/coin.png": (250, 130, 0),
    "icons/gem.png": (30, 200, 200),
    "frame.png": (20, 40, 200),
    "backs/b0.png": (255, 255, 255),
    "backs/b1.png": (0, 0, 0),
}
CARD_FILES = ("ash.png", "birch.png", "cedar.png", "dune.png")


def picture(path: Path, colour: tuple[int, int, int]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    image = Image.new("RGB", (60, 40), colour)
    image.paste((255 - colour[0], 255 - colour[1], 255 - colour[2]), (20, 10, 40, 30))
    image.save(path)


def write_project(root: Path) -> Path:
    game = root / "decks" / "gen"
    (game / "decks").mkdir(parents=True)
    (game / "game.yaml").write_text(GAME, encoding="utf-8")
    (game / "cards.csv").write_text(CARDS, encoding="utf-8")
    (game / "decks" / "starter.txt").write_text("1 Ash\n1 Cedar\n", encoding="utf-8")
    for name, colour in PICTURES.items():
        picture(game / name, colour)
    (game / "art" / "birch.svg").write_text(BIRCH_SVG, encoding="utf-8")
    (root / "fonts").mkdir()
    (root / "fonts" / "hand.ttf").write_bytes((FONTS / "Vera.ttf").read_bytes())
    layouts = root / "layouts" / "gen"
    layouts.mkdir(parents=True)
    for name, text in (("base", BASE), ("unit", UNIT), ("spell", SPELL), ("back", BACK)):
        (layouts / f"{name}.yaml").write_text(text, encoding="utf-8")
    return root


def replace_in(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new), encoding="utf-8")


def game_file(name: str) -> Callable[[Path], Path]:
    return lambda root: root / "decks" / "gen" / name


GAME_YAML = game_file("game.yaml")


def layout(name: str) -> Callable[[Path], Path]:
    return lambda root: root / "layouts" / "gen" / f"{name}.yaml"


@dataclass(frozen=True)
class Edit:
    """One edit of the project; `drawn`: how many cards the build must draw again, when
    the edit says exactly (None: at least those whose pixels changed)."""

    name: str
    apply: Callable[[Path], None]
    drawn: int | None = None
    changes_faces: bool = True


def text_edit(name: str, file: Callable[[Path], Path], old: str, new: str, **kw: object) -> Edit:
    return Edit(name, lambda root: replace_in(file(root), old, new), **kw)  # type: ignore[arg-type]


def repaint(name: str, file: str, colour: tuple[int, int, int] = (90, 0, 160)) -> Edit:
    return Edit(name, lambda root: picture(root / "decks" / "gen" / file, colour))


def font(root: Path) -> None:
    (root / "fonts" / "hand.ttf").write_bytes((FONTS / "VeraBI.ttf").read_bytes())


def art_by_name(root: Path) -> None:
    picture(root / "decks" / "gen" / "art" / "cedar.png", (10, 120, 60))


EDITS = [
    text_edit("data cell", game_file("cards.csv"), "Burns fast.", "Burns slowly.", drawn=1),
    text_edit("layout element", layout("spell"), "y: 3.05in", "y: 2.9in"),
    text_edit("parent layout", layout("base"), "fill: '#00aa00'", "fill: '#aa00aa'"),
    text_edit("type label", GAME_YAML, "label: Unit", "label: Soldier"),
    text_edit("choice label", GAME_YAML, "red: Reds", "red: Crimson"),
    text_edit("game name", GAME_YAML, "name: Edit Game", "name: Other Game"),
    text_edit("back colour", GAME_YAML, "color: '#d62828'", "color: '#15803d'", drawn=0),
    text_edit("glossary keyword", GAME_YAML, "kind: keyword,", "kind: term,"),
    text_edit(
        "glossary new keyword",
        GAME_YAML,
        "entries:\n",
        "entries:\n    - {term: Grows, kind: action}\n",
    ),
    repaint("icon in card text", "icons/gem.png"),
    repaint("icon in a layout's text", "icons/star.png"),
    Edit("font file", font),
    repaint("art file", "art/ash.png"),
    Edit("art by the card's name", art_by_name),
    repaint("file an SVG art draws", "art/texture.png"),
    repaint("image made of a card's values", "emblems/red.png"),
    repaint("layout's fixed image", "frame.png"),
    repaint("image made of a back's values", "backs/b0.png"),
    text_edit(
        "glossary definition",
        GAME_YAML,
        "definition: Strikes first.",
        "definition: Strikes before anyone.",
        drawn=0,
        changes_faces=False,
    ),
    text_edit(
        "comment atop a layout",
        layout("spell"),
        "extends: [base]\n",
        "# spells: the band at the foot\n\nextends: [base]\n",
        drawn=0,
        changes_faces=False,
    ),
    text_edit(
        "deck list",
        game_file("decks/starter.txt"),
        "1 Cedar",
        "1 Dune",
        drawn=0,
        changes_faces=False,
    ),
]

ZYGOTE = """\
import json, os, sys
from click.testing import CliRunner
from cardgen.cli import main
import cardgen.render.game  # what a render imports, imported once here: a fork only draws
for line in sys.stdin:
    pid = os.fork()
    if pid == 0:
        result = CliRunner().invoke(main, json.loads(line))
        sys.stdout.write(json.dumps([result.exit_code, result.output]) + "\\n")
        sys.stdout.flush()
        os._exit(0)
    os.waitpid(pid, 0)
"""
"""A process that runs each command line it is sent in a fork of itself, which had drawn
nothing: a render from scratch, whatever this process drew before, for the cost of one
import of cardgen (the render's modules too: importing them draws nothing and reads no
project, and a fork that imported them itself spent most of its time doing so)."""


@pytest.fixture(scope="module")
def fresh_process() -> Iterator[Callable[..., None]]:
    process = subprocess.Popen(
        [sys.executable, "-c", ZYGOTE], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert process.stdin is not None and process.stdout is not None

    def run(*args: str | Path) -> None:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(json.dumps([str(a) for a in args]) + "\n")
        process.stdin.flush()
        code, output = json.loads(process.stdout.readline())
        assert code == 0, output

    yield run
    process.stdin.close()
    process.wait(timeout=30)


def build(root: Path) -> dict[str, object]:
    data = json.loads(
        ok("build", "gen", "--project", root, "--jobs", "1", "--format", "json").stdout
    )
    (game,) = data["games"]
    assert game["ok"], game
    return dict(game)


def faces(folder: Path) -> dict[str, bytes]:
    """Every card and back image of an output folder, by `cards/x.png`, `backs/x.png`."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for sub in ("cards", "backs")
        for p in sorted((folder / sub).glob("*.png"))
    }


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, bytes]]:
    """The project built once with the cache, and its faces."""
    root = write_project(tmp_path_factory.mktemp("built") / "project")
    assert build(root)["drawn"] == len(CARD_FILES)
    return root, faces(root / "output" / "gen")


def test_a_project_moved_or_named_another_way_draws_nothing_again(
    built: tuple[Path, dict[str, bytes]], tmp_path: Path
) -> None:
    """The key holds what the faces are drawn from, not where the project lies nor how
    the command line names it (nor, see EDITS, the lines of a layout)."""
    moved = tmp_path / "moved"
    shutil.copytree(built[0], moved)
    os.utime(moved / "decks" / "gen" / "cards.csv")  # not replayed from the build's stamp
    assert build(moved)["drawn"] == 0
    os.utime(moved / "decks" / "gen" / "cards.csv")
    assert build(moved / "decks" / "..")["drawn"] == 0
    assert faces(moved / "output" / "gen") == built[1]


def check(
    edit: Edit,
    root: Path,
    before: dict[str, bytes],
    fresh_process: Callable[..., None],
    tmp_path: Path,
) -> None:
    """Edit the built project at `root`, build it again with its cache, and compare every
    face with a render from scratch of the edited project."""
    edit.apply(root)
    result = build(root)
    after = faces(root / "output" / "gen")

    scratch = tmp_path / "scratch"  # the edited project, with no output and no cache
    for folder in ("decks", "layouts", "fonts"):
        shutil.copytree(root / folder, scratch / folder)
    fresh_process("render", "gen", "--project", scratch, "--jobs", "1", "--out", tmp_path / "fresh")
    fresh = faces(tmp_path / "fresh")

    assert sorted(after) == sorted(fresh) == sorted(before)
    stale = [name for name in fresh if after[name] != fresh[name]]
    assert stale == [], f"{edit.name}: the cached build kept {stale} as they were"
    changed = {name for name in fresh if fresh[name] != before[name]}
    assert bool(changed) == edit.changes_faces, changed  # the edit shows, or shows nowhere
    changed_cards = {name for name in changed if name.startswith("cards/")}
    assert result["drawn"] >= len(changed_cards)
    if edit.drawn is not None:
        assert (result["drawn"], result["reused"]) == (edit.drawn, len(CARD_FILES) - edit.drawn)


@pytest.mark.parametrize("edit", EDITS, ids=[e.name for e in EDITS])
def test_a_cached_build_after_an_edit_is_a_fresh_render(
    edit: Edit,
    built: tuple[Path, dict[str, bytes]],
    fresh_process: Callable[..., None],
    tmp_path: Path,
) -> None:
    root = tmp_path / "project"
    shutil.copytree(built[0], root)  # built, its cache with it
    check(edit, root, built[1], fresh_process, tmp_path)


IN_PLACE = [e for e in EDITS if e.name in ("font file", "icon in a layout's text")]


@pytest.mark.parametrize("edit", IN_PLACE, ids=[e.name for e in IN_PLACE])
def test_a_face_drawn_again_in_the_same_process_is_drawn_with_the_edited_files(
    edit: Edit, fresh_process: Callable[..., None], tmp_path: Path
) -> None:
    """As `cardgen serve` rebuilds: the same project, edited after this process drew it
    (the fixed text of a layout, kept drawn under each face, uses the font and the icon)."""
    root = write_project(tmp_path / "project")
    assert build(root)["drawn"] == len(CARD_FILES)
    check(edit, root, faces(root / "output" / "gen"), fresh_process, tmp_path)
