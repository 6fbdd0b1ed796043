"""The cache keys of faces, edit by edit, without drawing: the fast twin of
tests/oracles/test_cache_edits.py (which draws every face and is the oracle), so that each
mutant of the key (`make mutate MODULE=cardgen/render/renderer.py`) is tried in a second.

For every edit of that oracle's game, exactly the faces whose pixels the edit changes
(found by drawing them, listed here) get a new key; the glossary's keywords, which any
card's text may name, are part of every card's key. An edit that changes no face changes
no key, and nor does moving the project.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.render.renderer import GameRenderer
from tests.oracles.test_cache_edits import EDITS, Edit, picture, replace_in, write_project

ALL = {"Ash", "Birch", "Cedar", "Dune"}
NEW_KEYS = {
    "data cell": {"Cedar"},
    "layout element": {"Cedar", "Dune"},
    "parent layout": ALL,
    "type label": {"Ash", "Birch"},
    "choice label": {"Ash"},
    "game name": ALL | {"back b0", "back b1"},
    "back colour": {"back b0"},
    "glossary keyword": ALL,  # the faces drawn again: Ash
    "glossary new keyword": ALL,  # Birch
    "icon in card text": {"Dune"},
    "icon in a layout's text": ALL,
    "font file": ALL,
    "art file": {"Ash"},
    "art by the card's name": {"Cedar"},
    "file an SVG art draws": {"Birch"},
    "image made of a card's values": {"Ash"},
    "layout's fixed image": {"Cedar", "Dune"},
    "image made of a back's values": {"back b0"},
    "glossary definition": set(),
    "comment atop a layout": set(),
    "deck list": set(),
}


def keys(root: Path, backs: tuple[str, ...] = ("b0", "b1")) -> dict[str, str]:
    renderer = GameRenderer.open(root, "gen")
    found = {card.name: renderer.card_key(card) for card in renderer.pack.cards}
    for back in backs:
        found[f"back {back}"] = renderer.back_key(back)
    return found


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    root = write_project(tmp_path_factory.mktemp("keys") / "project")
    return root, keys(root)


def test_every_edit_of_the_oracle_is_listed() -> None:
    assert [e.name for e in EDITS] == list(NEW_KEYS)


@pytest.mark.parametrize("edit", EDITS, ids=[e.name for e in EDITS])
def test_exactly_the_faces_an_edit_changes_get_new_keys(
    edit: Edit, base: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    root = tmp_path / "project"
    shutil.copytree(base[0], root)
    edit.apply(root)
    after = keys(root)
    assert len(set(after.values())) == len(after)  # no two faces share a key
    new = {face for face, key in after.items() if key != base[1][face]}
    assert new == NEW_KEYS[edit.name]


def test_a_moved_project_keeps_its_keys(base: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    moved = tmp_path / "elsewhere" / "project"
    shutil.copytree(base[0], moved)
    assert keys(moved) == base[1]
    assert keys(moved / "decks" / "..") == base[1]


SWITCHED = """\
extends: [base]
elements:
  mark:
    kind: rect
    x: 0.1in
    y: 0.5in
    width: 0.1in
    height: 0.1in
    fill: '#000000'
    switch: [{field: faction, cases: {red: {fill: '#ff0000'}}}]
  badge:
    kind: image
    src: frame.png
    x: 1.5in
    y: 0.1in
    width: 0.5in
    height: 0.4in
    switch:
      - field: faction
        cases: {blue: {src: "badges/{type_label} {game} {faction_label}.svg"}}
"""
CREST = """\
extends: builtin:back
dpi: 50
elements:
  crest:
    kind: image
    src: "backs/{back} {back_label} {back_color} {back_accent} {game}.png"
    x: 1in
    y: 0.4in
    width: 0.5in
    height: 0.5in
"""
BADGE = """\
<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40" viewBox="0 0 60 40">
  <image href="grain.png" x="0" y="0" width="60" height="40"/>
</svg>
"""
BACK_FILES = {
    "back b0": "backs/b0 Back Zero #d62828 #ffffff Edit Game.png",
    "back default": "backs/default Edit Game #333333 #cccccc Edit Game.png",
}


def test_files_a_switch_or_any_value_names_are_keyed(tmp_path: Path) -> None:
    """An image a switch picks, whose path is made of the type's label, the game's name
    and a choice's label (an SVG drawing another file), and a back's image made of every
    value a back has, the back of a type with no `backs:` entry too: each file's edit,
    its removal, gives exactly its faces new keys."""
    root = write_project(tmp_path / "project")
    game = root / "decks" / "gen"
    (root / "layouts" / "gen" / "unit.yaml").write_text(SWITCHED, encoding="utf-8")
    (root / "layouts" / "gen" / "back.yaml").write_text(CREST, encoding="utf-8")
    replace_in(game / "game.yaml", "    label: Spell\n    back: b1\n", "    label: Spell\n")
    (game / "badges").mkdir()
    (game / "badges" / "Unit Edit Game Blues.svg").write_text(BADGE, encoding="utf-8")
    picture(game / "badges" / "grain.png", (10, 20, 30))
    for name in BACK_FILES.values():
        picture(game / name, (200, 100, 0))
    backs = ("b0", "default")
    steps = [
        (lambda: picture(game / "badges" / "grain.png", (99, 0, 0)), {"Birch"}),
        (lambda: (game / "badges" / "Unit Edit Game Blues.svg").unlink(), {"Birch"}),
        (lambda: picture(game / BACK_FILES["back b0"], (0, 9, 9)), {"back b0"}),
        (lambda: picture(game / BACK_FILES["back default"], (0, 9, 9)), {"back default"}),
        (lambda: (game / BACK_FILES["back default"]).unlink(), {"back default"}),
    ]
    before = keys(root, backs)
    for step, expected in steps:
        step()
        after = keys(root, backs)
        assert {face for face in after if after[face] != before[face]} == expected
        before = after


def test_art_named_after_a_card_but_not_drawn_is_keyed(tmp_path: Path) -> None:
    """A second file named after the card is not drawn (the PNG is, before a JPEG), but
    the card's warning (RN106), kept with its image, names it: the card gets a new key."""
    root = write_project(tmp_path / "project")
    art = root / "decks" / "gen" / "art"
    picture(art / "cedar.png", (1, 2, 3))
    before = keys(root)
    picture(art / "cedar.jpg", (1, 2, 3))
    after = keys(root)
    assert {face for face in after if after[face] != before[face]} == {"Cedar"}


def changed(before: dict[str, str], after: dict[str, str]) -> set[str]:
    return {face for face in after if after[face] != before[face]}


def test_a_missing_file_is_keyed_until_it_comes(tmp_path: Path) -> None:
    """Art, a layout's fixed image and a font file, each removed (drawn as a placeholder,
    warned about, or refused where a card needs it), then back again: a new key each time
    for exactly the faces that draw it."""
    root = write_project(tmp_path / "project")
    game = root / "decks" / "gen"
    files = [
        (game / "art" / "ash.png", {"Ash"}),
        (game / "frame.png", {"Cedar", "Dune"}),
        (root / "fonts" / "hand.ttf", ALL),
    ]
    for path, faces in files:
        before, data = keys(root), path.read_bytes()
        path.unlink()
        gone = keys(root)
        assert changed(before, gone) == faces
        path.write_bytes(data)
        assert keys(root) == before


def test_the_back_layout_the_language_and_the_ink_saver_are_keyed(tmp_path: Path) -> None:
    root = write_project(tmp_path / "project")
    before = keys(root)
    saver = GameRenderer.open(root, "gen", ink_saver=True)
    assert all(saver.card_key(c) != before[c.name] for c in saver.pack.cards)
    assert all(saver.back_key(b) != before[f"back {b}"] for b in ("b0", "b1"))
    replace_in(root / "layouts" / "gen" / "back.yaml", "x: 1in", "x: 1.2in")
    after = keys(root)
    assert changed(before, after) == {"back b0", "back b1"}
    replace_in(
        root / "decks" / "gen" / "game.yaml", "name: Edit Game\n", "name: Edit Game\nlanguage: fr\n"
    )
    assert changed(after, keys(root)) == ALL | {"back b0", "back b1"}  # plurals, hyphens


def test_two_backs_alike_but_for_their_id_have_two_keys(tmp_path: Path) -> None:
    root = write_project(tmp_path / "project")
    game = root / "decks" / "gen" / "game.yaml"
    replace_in(
        game, "b1: {label: Back One, color: '#1d4ed8'", "b1: {label: Back Zero, color: '#d62828'"
    )
    (root / "layouts" / "gen" / "back.yaml").write_text(
        "extends: builtin:back\ndpi: 50\nelements:\n  label: {text: '{back}'}\n", encoding="utf-8"
    )
    found = keys(root)
    assert found["back b0"] != found["back b1"]


DRAWS = """\
<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40" viewBox="0 0 60 40">
  <image href="{href}" x="0" y="0" width="60" height="40"/>
</svg>
"""


@pytest.mark.parametrize(
    ("svg", "drawn", "faces"),
    [
        ("icons/gem.svg", "grain/gem.png", {"Dune"}),  # `{gem}` in Dune's text
        ("icons/star.svg", "grain/star.png", ALL),  # `{{star}}` in the layout's text
        ("frame.svg", "grain/frame.png", {"Cedar", "Dune"}),  # the spell layout's fixed image
    ],
    ids=["icon in card text", "icon in a layout's text", "layout's fixed image"],
)
def test_a_file_an_svg_icon_or_fixed_image_draws_is_keyed(
    svg: str, drawn: str, faces: set[str], tmp_path: Path
) -> None:
    """An SVG icon file (named in card text or in a layout's text) or a layout's fixed SVG
    image that draws another file (`<image href>`): that file's edit, its removal, its
    return give exactly the faces that draw it new keys."""
    root = write_project(tmp_path / "project")
    game = root / "decks" / "gen"
    (game / svg.replace(".svg", ".png")).unlink()  # one file a name: the SVG instead
    href = ("../" if "/" in svg else "") + drawn
    (game / svg).write_text(DRAWS.format(href=href), encoding="utf-8")
    if svg == "frame.svg":
        replace_in(root / "layouts" / "gen" / "spell.yaml", "src: frame.png", "src: frame.svg")
    picture(game / drawn, (10, 20, 30))
    before = keys(root)
    picture(game / drawn, (99, 0, 0))
    repainted = keys(root)
    assert changed(before, repainted) == faces
    (game / drawn).unlink()
    gone = keys(root)
    assert changed(repainted, gone) == faces
    picture(game / drawn, (10, 20, 30))
    assert keys(root) == before


BACK_OF_ITS_OWN = """\
extends: builtin:back
dpi: 50
elements:
  crest: {kind: image, src: "backs/{back}.png", x: 0.6in, y: 0.4in, width: 0.5in, height: 0.5in}
"""


def test_a_back_with_a_layout_of_its_own_is_keyed_by_that_layout(tmp_path: Path) -> None:
    """`back-b0.yaml` draws back b0 (as tests/oracles/games.py names a back's layout), and
    `back.yaml` the other backs: each layout's edit gives new keys to its own backs only,
    and a back's key is that of its own layout, whatever the shared one says."""
    root = write_project(tmp_path / "project")
    layouts = root / "layouts" / "gen"
    shared = keys(root)
    (layouts / "back-b0.yaml").write_text(BACK_OF_ITS_OWN, encoding="utf-8")
    own = keys(root)
    assert changed(shared, own) == {"back b0"}
    replace_in(layouts / "back-b0.yaml", "x: 0.6in", "x: 0.7in")
    edited = keys(root)
    assert changed(own, edited) == {"back b0"}
    replace_in(layouts / "back.yaml", "x: 1in", "x: 1.2in")
    assert changed(edited, keys(root)) == {"back b1"}
    replace_in(layouts / "back-b0.yaml", "x: 0.7in", "x: 0.6in")
    assert keys(root)["back b0"] == own["back b0"]


def test_another_reportlab_draws_every_face_again(
    base: tuple[Path, dict[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fonts cardgen draws with are ReportLab's own files: another ReportLab may bring
    other glyphs, so every face of every layout gets a new key (and the same version, the
    same keys)."""
    import reportlab

    root, before = base
    assert keys(root) == before
    monkeypatch.setattr(reportlab, "Version", reportlab.Version + ".post1")
    after = keys(root)
    assert {face for face in after if after[face] == before[face]} == set()
