"""A game's own icon files as the layouts load: `file:` entries and the `icons/` folder,
each problem one line at its file (and line), all of a file's together, exit 2; the folder's
rules (names by stem in lower case, two files of one name, a built-in name taken, a link out
of the project); the linter, the render cache and `cardgen icons GAME` knowing them."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from cardgen.errors import CardgenError
from cardgen.load.icon_files import scan_icon_folder
from cardgen.load.layouts import load_layouts
from cardgen.model.icon_names import BUILT_IN
from cardgen.project import Project
from cardgen.render.game import GameRenderer

Make = Callable[..., Path]
Run = Callable[..., Result]

DOT = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    '<circle cx="5" cy="5" r="5"/></svg>'
)
TWO = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    '<rect width="5" height="10" fill="#ff0000"/><rect x="5" width="5" height="10" fill="#0000ff"/>'
    "</svg>"
)


def _png(path: Path, colour: tuple[int, int, int] = (20, 160, 40)) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGBA", (12, 8), (*colour, 255)).save(path)


def _project(make_project: Make, layout: str, files: dict[str, str] | None = None) -> Path:
    root = make_project(extra=files or {})
    folder = root / "layouts" / "tiny"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "base.yaml").write_text(layout, encoding="utf-8")
    return root


def test_every_bad_file_entry_of_a_layout_at_its_line_together(
    make_project: Make, run: Run
) -> None:
    layout = (
        "extends: builtin:card\nicons:\n"
        "  coin: {file: icons/con.svg}\n"  # 3: missing, a close name exists
        "  bad: {file: icons/bad.svg}\n"  # 4: declares an entity
        "  away: {file: ../../../outside.png}\n"  # 5: out of the project
        "  text: {file: notes.png}\n"  # 6: not an image
        "  href: {file: icons/href.svg}\n"  # 7: refers to a file out of the project
    )
    files = {
        "icons/coin.svg": DOT,
        "icons/bad.svg": '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY a "b">]>\n<svg/>',
        "notes.png": "just words",
        "icons/href.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">\n'
        '<image href="/etc/passwd"/></svg>',
    }
    root = _project(make_project, layout, files)
    (root / "decks" / "tiny" / "icons" / "bad.svg").rename(root / "decks" / "tiny" / "bad.svg")
    (root / "layouts" / "tiny" / "base.yaml").write_text(
        layout.replace("icons/bad.svg", "bad.svg"), encoding="utf-8"
    )
    result = run("icons", "tiny", "--project", root)
    assert result.exit_code == 2 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines[-1] == "5 errors"
    found = {re.sub(r"^error: \S*base\.yaml:(\d+):\d+: ", r"\1 ", line) for line in lines[:-1]}
    missing = next(line for line in found if line.startswith("3 "))
    assert missing.startswith('3 icon coin: file "icons/con.svg" not found in ')
    assert missing.endswith('; did you mean "icons/coin.svg"?')
    assert found - {missing} == {
        "4 icon bad: bad.svg:2: the SVG declares an entity (<!ENTITY>); cardgen draws SVGs"
        " without entity or DTD declarations",
        '5 icon away: file "../../../outside.png" is outside the project',
        "6 icon text: notes.png: not an image (Pillow cannot identify the file's format)",
        "7 icon href: icons/href.svg:2: the SVG refers to '/etc/passwd'; only files inside the"
        " project (by a relative path), data: URLs and #ids may be referred to",
    }


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        ("{icon: star, file: icons/coin.svg}", "give exactly one of icon:"),
        ('{color: "#ff0000"}', "give exactly one of icon:"),
        ("{file: icons/coin.svg, recolor: maybe}", "recolor"),
    ],
)
def test_an_entry_names_one_icon_or_one_file(
    make_project: Make, run: Run, entry: str, problem: str
) -> None:
    root = _project(make_project, f"icons:\n  coin: {entry}\n", {"icons/coin.svg": DOT})
    result = run("icons", "tiny", "--project", root)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert re.search(r"base\.yaml:2:\d+: icons\.coin", result.stderr), result.stderr
    assert problem in result.stderr


def test_a_file_entry_is_inherited_and_wins_over_the_folder(make_project: Make) -> None:
    root = _project(
        make_project,
        "extends: builtin:card\nicons:\n  gem: {file: art/gem.png, color: '#b0303a'}\n"
        "  coin: {icon: circle}\n",
        {"icons/coin.svg": DOT, "icons/Gem.svg": DOT, "icons/Shield.svg": TWO},
    )
    _png(root / "decks" / "tiny" / "art" / "gem.png")
    (root / "layouts" / "tiny" / "hero.yaml").write_text("extends: base\n", encoding="utf-8")
    pack = Project(root).game("tiny")
    hero = load_layouts(root, pack.game).layouts["hero"]
    assert hero.icons["gem"].file == "art/gem.png" and hero.icons["gem"].color == "#b0303a"
    assert hero.icons["coin"].icon == "circle"  # the layout's own entry wins
    assert hero.icons["shield"].file == "icons/Shield.svg"  # the folder's, by lower-case stem
    spell = load_layouts(root, pack.game).layouts["builtin:card"]
    assert spell.icons["coin"].file == "icons/coin.svg"  # every layout has the folder's


names = st.text("abcAB", min_size=1, max_size=3)


@settings(max_examples=25, deadline=None)
@given(files=st.lists(st.tuples(names, st.sampled_from([".svg", ".png", ".txt"])), max_size=6))
def test_the_folder_names_icons_by_lower_case_stem_and_refuses_two_of_one_name(
    tmp_path_factory: pytest.TempPathFactory, files: list[tuple[str, str]]
) -> None:
    root = tmp_path_factory.mktemp("folder")
    game = root / "decks" / "g"
    (game / "icons").mkdir(parents=True)
    written = {stem + ext for stem, ext in files}
    for name in written:
        (game / "icons" / name).write_text(DOT, encoding="utf-8")
    icons, problems = scan_icon_folder(game, root)
    images = sorted(n for n in written if not n.endswith(".txt"))
    if os.path.normcase("A") == "a":  # pragma: no cover - a case-folding file system
        return
    by_name: dict[str, list[str]] = {}
    for name in images:
        by_name.setdefault(Path(name).stem.lower(), []).append(name)
    assert sorted(i.name for i in icons) == sorted(by_name)
    clashes = sum(len(found) - 1 for found in by_name.values())
    assert len(problems) == clashes
    for problem in problems:
        assert re.fullmatch(
            r"two icons are named \{[a-z]+\}: icons/\S+ and icons/\S+; keep one, or rename"
            r" the other",
            problem.problem,
        )


def test_a_link_out_of_the_project_is_refused(make_project: Make, run: Run) -> None:
    root = _project(make_project, "extends: builtin:card\n", {"icons/coin.svg": DOT})
    outside = root.parent / f"{root.name}-outside.svg"
    outside.write_text(DOT, encoding="utf-8")
    (root / "decks" / "tiny" / "icons" / "away.svg").symlink_to(outside)
    result = run("icons", "tiny", "--project", root)
    assert result.exit_code == 2
    assert re.fullmatch(
        r'error: \S*decks/tiny/icons/away\.svg: icon \{away\}: file "icons/away\.svg" is'
        r" outside the project\n",
        result.stderr,
    )


def test_cardgen_icons_lists_the_game_own_icons(make_project: Make, run: Run) -> None:
    root = _project(
        make_project,
        "extends: builtin:card\nicons:\n  gem: {file: art/gem.png, color: '#b0303a'}\n",
        {"icons/Heart.svg": TWO, "icons/coin.svg": DOT},
    )
    _png(root / "decks" / "tiny" / "art" / "gem.png")
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


def test_the_linter_knows_the_game_own_icons(make_project: Make, run: Run) -> None:
    cards = "name,type,copies,power,school,level,text\nAria,hero,1,5,,,Pay {coin} then {con}.\n"
    root = make_project(cards=cards, extra={"icons/coin.svg": DOT})
    (root / "layouts" / "tiny").mkdir(parents=True)
    result = run("lint", "tiny", "--project", root, "--format", "json")
    found = [f for f in json.loads(result.stdout)["findings"] if f["code"] == "TX1101"]
    assert [f["message"] for f in found] == [
        'unknown icon "con", which would print as written; did you mean "coin"?'
    ]


def test_a_changed_icon_file_changes_the_keys_of_exactly_the_cards_using_it(
    make_project: Make,
) -> None:
    cards = (
        "name,type,copies,power,school,level,text\n"
        "Aria,hero,1,5,,,Pay {coin}.\n"
        "Borin,hero,1,7,,,Pay {gem}.\n"
        "Fireball,spell,4,,fire,2,Deal 2 damage.\n"
    )
    root = make_project(cards=cards, extra={"icons/coin.svg": DOT, "icons/gem.svg": TWO})
    (root / "layouts" / "tiny").mkdir(parents=True)

    def keys() -> dict[str, str]:
        renderer = GameRenderer.open(root, "tiny")
        return {card.name: renderer.card_key(card) for card in renderer.pack.cards}

    before = keys()
    assert keys() == before  # stable
    coin = root / "decks" / "tiny" / "icons" / "coin.svg"
    coin.write_text(DOT.replace('r="5"', 'r="4"'), encoding="utf-8")
    after = keys()
    assert [name for name in before if before[name] != after[name]] == ["Aria"]


def test_a_rebuild_after_editing_an_icon_redraws_the_cards_that_use_it(
    make_project: Make, run: Run
) -> None:
    cards = (
        "name,type,copies,power,school,level,text\n"
        "Aria,hero,1,5,,,Pay {coin}.\n"
        "Borin,hero,1,7,,,Leads.\n"
    )
    root = make_project(cards=cards, extra={"icons/coin.svg": DOT})
    (root / "layouts" / "tiny").mkdir(parents=True)
    out = root / "out"
    assert run("render", "tiny", "--project", root, "--out", out).exit_code == 0
    aria = (out / "cards" / "aria.png").read_bytes()
    borin = (out / "cards" / "borin.png").read_bytes()
    coin = root / "decks" / "tiny" / "icons" / "coin.svg"
    coin.write_text(TWO, encoding="utf-8")  # a red and blue square now
    result = run("render", "tiny", "--project", root, "--out", out, "--format", "json")
    assert result.exit_code == 0, result.output
    assert (out / "cards" / "aria.png").read_bytes() != aria
    assert (out / "cards" / "borin.png").read_bytes() == borin
    with Image.open(out / "cards" / "aria.png") as image:
        counts = {colour: n for n, colour in image.convert("RGB").getcolors(1 << 22) or []}
    assert counts.get((255, 0, 0), 0) > 20  # the new drawing, as drawn


def test_not_an_image_in_the_folder_is_an_error_at_the_file(make_project: Make, run: Run) -> None:
    root = _project(make_project, "extends: builtin:card\n", {"icons/coin.png": "words"})
    result = run("render", "tiny", "--project", root, "--out", root / "out")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.stderr.endswith(
        "decks/tiny/icons/coin.png: icon {coin}: icons/coin.png: not an image (Pillow cannot"
        " identify the file's format)\n"
    )
    with pytest.raises(CardgenError):
        load_layouts(root, Project(root).game("tiny").game)
