"""What a served game keeps from one build to the next (`cardgen.warm`) is never stale.

`cardgen serve` keeps the game's `game.yaml`, its layouts, each pool row's card and each
card's cache key between builds while the game's other files are as they were. Each test
here makes the game's first served build, edits a file the way a designer does (a pool cell,
the layout, a parent layout, a font file, an icon file, art found by name, `game.yaml`, the
pool gone), builds again as `cardgen serve` does (told of the save by the watcher, or not:
a save the watcher missed), and checks that every card image is the one a fresh
`cardgen render` of the edited project draws, byte for byte, or that the build stops with
the same errors a fresh build finds. Each also says whether the slots were kept, so a test
that passes because nothing was ever kept is seen.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Collection
from pathlib import Path

import pytest
from PIL import Image

from cardgen.build import build_game
from cardgen.errors import CardgenError
from cardgen.project import Project
from cardgen.render.fonts import RL_FONTS
from cardgen.render.game import RenderResult, render_game
from cardgen.warm import Warm, _walk

PROJECT = Path(__file__).resolve().parent.parent / "projects" / "emberwake"
GAME = "emberwake"
Images = dict[str, bytes]


class _Drawn(Exception):
    """Raised by the build's `on_rendered` hook: the card images are drawn."""

    def __init__(self, result: RenderResult) -> None:
        super().__init__("drawn")
        self.result = result


def _images(result: RenderResult) -> Images:
    return {item.file.name: item.file.read_bytes() for item in result.images()}


def served(root: Path, warm: Warm, saved: Collection[Path] = ()) -> Images | list[str]:
    """A build as `cardgen serve` makes one, until its card images are drawn: those images
    by file name, or the errors that stopped the build."""
    warm.begin(root, GAME, saved)
    with warm.active():
        try:
            result = build_game(Project(root), GAME, jobs=1, on_rendered=_stop)
        except _Drawn as drawn:
            return _images(drawn.result)
    assert result.errors, "the build neither drew its cards nor said why"
    return result.errors


def _stop(result: RenderResult) -> None:
    raise _Drawn(result)


def fresh(root: Path, scratch: Path) -> Images | list[str]:
    """What `cardgen render` draws of the project now (no cache, nothing kept), or the
    errors a fresh `cardgen build` stops with."""
    out = scratch / f"fresh-{len(list(scratch.iterdir()))}"
    try:
        return _images(render_game(Project(root), GAME, out, jobs=1))
    except CardgenError:  # the build says why, as a served build does
        result = build_game(Project(root), GAME, jobs=1, use_cache=False)
        assert result.errors
        return result.errors


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    shutil.copytree(PROJECT, root)
    return root


def _replace(path: Path, old: str, new: str) -> Path:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def _deck(root: Path) -> Path:
    return root / "decks" / GAME


def _layout(root: Path) -> Path:
    return root / "layouts" / GAME / "unit.yaml"


def edit_cell(root: Path) -> Path:
    return _replace(_deck(root) / "cards.csv", "draw a card", "draw two cards")


def edit_rows(root: Path) -> Path:  # rows moved (each card's line changes) and one added
    pool = _deck(root) / "cards.csv"
    head, *rows = pool.read_text(encoding="utf-8").splitlines()
    added = "Ember Scout,unit,1,ember,1,2,Look at the top card of your deck."
    pool.write_text("\n".join([head, rows[2], added, rows[0], rows[1]]) + "\n", encoding="utf-8")
    return pool


def edit_layout(root: Path) -> Path:
    return _replace(_layout(root), 'fill: "#fffaf0"', 'fill: "#d7f0ff"')


def edit_game(root: Path) -> Path:  # a badge label read from game.yaml's choice labels
    path = _replace(
        _deck(root) / "game.yaml",
        "        choices: [ember, tide]\n",
        "        choices: [ember, tide]\n        labels: {ember: Embers, tide: Tides}\n",
    )
    _replace(_layout(root), 'text: "{name}"', 'text: "{name} ({faction_label})"')
    return path


def edit_game_rules(root: Path) -> Path:  # the pool no longer loads: the same errors
    game = _deck(root) / "game.yaml"
    return _replace(game, "max: 9, description: Coins", "max: 4, description: Coins")


def replace_icon(root: Path) -> Path:  # the coin PNG drawn in another colour, same name
    path = _deck(root) / "icons" / "coin.png"
    with Image.open(path) as image:
        rgba = image.convert("RGBA")
    red, green, blue, alpha = rgba.split()
    Image.merge("RGBA", (blue, green, red, alpha)).save(path)
    return path


def edit_svg_icon(root: Path) -> Path:
    path = _deck(root) / "icons" / "tide.svg"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("<svg ", '<svg transform="rotate(180 50 50)" ', 1))
    return path


def add_art_by_name(root: Path) -> Path:  # Ashen Warden's art, found by its name
    art = _deck(root) / "art"
    return Path(shutil.copyfile(art / "tide-caller.svg", art / "ashen-warden.svg"))


def edit_art(root: Path) -> Path:  # the sky of Lantern Keeper's art another colour
    return _replace(_deck(root) / "art" / "lantern-keeper.svg", "#2b2d6e", "#6e2b2d")


def remove_art(root: Path) -> Path:
    path = _deck(root) / "art" / "tide-caller.svg"
    path.unlink()
    return path


def remove_pool(root: Path) -> Path:
    path = _deck(root) / "cards.csv"
    path.unlink()
    return path


def break_layout(root: Path) -> Path:
    return _replace(_layout(root), "width: 0.36in", "width: 0.36 parsecs")


EDITS: dict[str, tuple[Callable[[Path], Path], bool]] = {
    # name: (the edit, whether the slots are kept across it)
    "a pool cell": (edit_cell, True),
    "pool rows moved and added": (edit_rows, True),
    "the layout": (edit_layout, False),
    "game.yaml's labels and the layout": (edit_game, False),
    "game.yaml's rules for the pool": (edit_game_rules, False),
    "an icon file replaced": (replace_icon, False),
    "an SVG icon edited": (edit_svg_icon, False),
    "art found by name added": (add_art_by_name, False),
    "art edited": (edit_art, False),
    "art removed": (remove_art, False),
    "the pool removed": (remove_pool, True),
    "the layout broken": (break_layout, False),
}


CASES = [(edit, False) for edit in EDITS] + [(e, True) for e, (_, keeps) in EDITS.items() if keeps]
"""Every edit with its save missed by the watcher (the files' stat alone must tell), and
those that keep the slots with their save seen too (as `cardgen serve` builds after them)."""


@pytest.mark.parametrize(
    ("edit", "seen"), CASES, ids=[f"{e}, save {'seen' if s else 'missed'}" for e, s in CASES]
)
def test_an_edit_between_two_served_builds_draws_what_a_fresh_render_draws(
    project: Path, tmp_path: Path, edit: str, seen: bool
) -> None:
    change, keeps = EDITS[edit]
    warm = Warm()
    first = served(project, warm)
    assert first == fresh(project, tmp_path) and isinstance(first, dict)
    saved = change(project)
    again = served(project, warm, [saved] if seen else [])
    assert warm.kept == int(keeps)
    expected = fresh(project, tmp_path)
    assert again == expected, edit
    assert again != first, f"{edit}: the edit changed nothing drawn; the test proves nothing"


def test_a_parent_layout_and_a_font_file_edited_alone(project: Path, tmp_path: Path) -> None:
    """Files a layout reads that no watched save names: its parent, a font it names."""
    fonts = project / "fonts"
    fonts.mkdir()
    font = fonts / "Hand.ttf"
    shutil.copyfile(RL_FONTS / "Vera.ttf", font)
    parent = project / "layouts" / GAME / "base.yaml"
    parent.write_text(
        'size: poker\ndpi: 150\nbackground: "#f4efe4"\n'
        "fonts:\n  hand: {regular: fonts/Hand.ttf}\nelements: {}\n",
        encoding="utf-8",
    )
    layout = _layout(project)
    text = layout.read_text(encoding="utf-8")
    layout.write_text("extends: base\n" + text.replace('background: "#f4efe4"\n', ""))
    rules = "    size: 10\n    min_size: 6"
    _replace(layout, rules, rules + "\n    font: hand")
    warm = Warm()
    first = served(project, warm)
    assert isinstance(first, dict) and first == fresh(project, tmp_path)

    _replace(parent, 'background: "#f4efe4"', 'background: "#202020"')
    after_parent = served(project, warm)  # the watcher told of nothing
    assert warm.kept == 0 and after_parent == fresh(project, tmp_path) != first

    shutil.copyfile(RL_FONTS / "VeraBd.ttf", font)  # the same name, other bytes
    os.utime(font, ns=(1, 1))  # even with an old time stamp
    after_font = served(project, warm)
    assert warm.kept == 0 and after_font == fresh(project, tmp_path) != after_parent

    edit_cell(project)  # then the pool alone: kept, and still right
    after_cell = served(project, warm, [_deck(project) / "cards.csv"])
    assert warm.kept == 1 and after_cell == fresh(project, tmp_path) != after_font


def test_a_save_the_clock_cannot_tell_empties_the_slots(project: Path) -> None:
    """A file rewritten with its size and times as they were (a coarse clock) is seen
    through the watcher's event: the slots are emptied."""
    warm = Warm()
    warm.begin(project, GAME)
    warm.volatile.add(os.path.realpath(_deck(project) / "cards.csv"))
    warm.slot("layouts")["x"] = 1
    assert warm.begin(project, GAME, [_deck(project) / "cards.csv"])
    assert warm.slot("layouts") == {"x": 1}
    assert not warm.begin(project, GAME, [_layout(project)])  # nothing on disk differs
    assert warm.slot("layouts") == {} and warm.volatile == set()


def test_the_walk_follows_linked_folders_once_and_skips_outputs(tmp_path: Path) -> None:
    root = tmp_path / "project"
    (root / "decks" / GAME / "art").mkdir(parents=True)
    (root / "decks" / "other").mkdir(parents=True)
    (root / "shared").mkdir()
    (root / "output" / GAME).mkdir(parents=True)
    (root / "shared" / "a.png").write_bytes(b"a")
    (root / "decks" / "other" / "b.png").write_bytes(b"b")
    (root / "output" / GAME / "c.png").write_bytes(b"c")
    (root / "decks" / GAME / ".hidden").write_bytes(b"h")
    (root / "decks" / GAME / "art" / "linked").symlink_to(root / "shared")
    (root / "shared" / "loop").symlink_to(root)  # a link to a folder above: walked once
    found = {Path(row[0]).name for row in _walk(root, GAME)}
    assert found == {"a.png"}
    (root / "decks" / GAME / "art" / "other").symlink_to(root / "decks" / "other")
    assert {Path(row[0]).name for row in _walk(root, GAME)} == {"a.png", "b.png"}


def test_a_deck_list_saved_keeps_the_slots(project: Path, tmp_path: Path) -> None:
    """The deck builder's save (a deck list of the game's `decks/`) changes no card: the
    next served build keeps the slots and draws what a fresh render draws."""
    warm = Warm()
    first = served(project, warm)
    saved = _deck(project) / "decks" / "tide.txt"
    saved.parent.mkdir(exist_ok=True)
    saved.write_text("2 Tide Caller\n1 Ashen Warden\n", encoding="utf-8")
    again = served(project, warm, [saved])
    assert warm.kept == 1 and again == first == fresh(project, tmp_path)
    edit_layout(project)  # and a save beside it of another file still empties them
    after = served(project, warm, [saved, _layout(project)])
    assert warm.kept == 1 and after == fresh(project, tmp_path) != first


def test_kept_rows_carry_their_new_lines(project: Path) -> None:
    """A row moved keeps its card only with its new line: messages and the close-up name
    the line the row is on now."""
    warm = Warm()
    served(project, warm)
    edit_rows(project)
    warm.begin(project, GAME, [_deck(project) / "cards.csv"])
    with warm.active():
        kept = Project(project).game(GAME).cards
    assert warm.kept == 1
    afresh = Project(project).game(GAME).cards
    assert [(c.name, c.location) for c in kept] == [(c.name, c.location) for c in afresh]
    assert kept == afresh
