"""A game's own icon files as the layouts load: `file:` entries and the `icons/` folder,
each problem one line at its file (and line), all of a file's together, exit 2; the folder's
rules (names by stem in lower case, two files of one name, its entries beside a layout's,
a link out of the project)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.errors import CardgenError
from cardgen.load import icon_files
from cardgen.load.icon_files import scan_icon_folder
from cardgen.load.layouts import load_layouts
from cardgen.project import Project
from tests.iconfiles import DOT, TWO, icon_project, write_png

Make = Callable[..., Path]
Run = Callable[..., Result]


def test_every_bad_file_entry_of_a_layout_at_its_line_together(
    make_project: Make, run: Run
) -> None:
    layout = (
        "extends: builtin:card\nicons:\n"
        "  coin: {file: icons/con.svg}\n"  # 3: missing, a close name exists
        "  bad: {file: bad.svg}\n"  # 4: declares an entity
        "  away: {file: ../../../outside.png}\n"  # 5: out of the project
        "  text: {file: notes.png}\n"  # 6: not an image
        "  href: {file: art/href.svg}\n"  # 7: refers to a file out of the project
    )
    files = {
        "icons/coin.svg": DOT,
        "icons/broken.png": "words",  # and the icon folder's problem, with them
        "bad.svg": '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY a "b">]>\n<svg/>',
        "notes.png": "just words",
        "art/href.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">\n'
        '<image href="/etc/passwd"/></svg>',
    }
    root = icon_project(make_project, layout, files)
    result = run("icons", "tiny", "--project", root)
    assert result.exit_code == 2 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines[-1] == "6 errors"
    assert re.fullmatch(
        r"error: \S*decks/tiny/icons/broken\.png: icon \{broken\}: icons/broken\.png: not an"
        r" image \(Pillow cannot identify the file's format\)",
        lines[-2],
    )
    lines = lines[:-2]
    found = {re.sub(r"^error: \S*base\.yaml:(\d+):\d+: ", r"\1 ", line) for line in lines}
    missing = next(line for line in found if line.startswith("3 "))
    assert missing.startswith('3 icon coin: file "icons/con.svg" not found in ')
    assert missing.endswith('; did you mean "icons/coin.svg"?')
    assert found - {missing} == {
        "4 icon bad: bad.svg:2: the SVG declares an entity (<!ENTITY>); cardgen draws SVGs"
        " without entity or DTD declarations",
        '5 icon away: file "../../../outside.png" is outside the project',
        "6 icon text: notes.png: not an image (Pillow cannot identify the file's format)",
        "7 icon href: art/href.svg:2: the SVG refers to '/etc/passwd'; only files inside the"
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
    root = icon_project(make_project, f"icons:\n  coin: {entry}\n", {"icons/coin.svg": DOT})
    result = run("icons", "tiny", "--project", root)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert re.search(r"base\.yaml:2:\d+: icons\.coin", result.stderr), result.stderr
    assert problem in result.stderr


def test_a_file_entry_is_inherited_and_wins_over_the_folder(make_project: Make) -> None:
    root = icon_project(
        make_project,
        "extends: builtin:card\nicons:\n  gem: {file: art/gem.png, color: '#b0303a'}\n"
        "  coin: {icon: circle}\n",
        {"icons/coin.svg": DOT, "icons/Gem.svg": DOT, "icons/Shield.svg": TWO},
    )
    write_png(root / "decks" / "tiny" / "art" / "gem.png")
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
    present = {p.name for p in (game / "icons").iterdir()}  # one file where names fold
    images = sorted(n for n in present if not n.endswith(".txt"))
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
    root = icon_project(make_project, "extends: builtin:card\n", {"icons/coin.svg": DOT})
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


def test_not_an_image_in_the_folder_is_an_error_at_the_file(make_project: Make, run: Run) -> None:
    root = icon_project(make_project, "extends: builtin:card\n", {"icons/coin.png": "words"})
    result = run("render", "tiny", "--project", root, "--out", root / "out")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.stderr.endswith(
        "decks/tiny/icons/coin.png: icon {coin}: icons/coin.png: not an image (Pillow cannot"
        " identify the file's format)\n"
    )
    with pytest.raises(CardgenError):
        load_layouts(root, Project(root).game("tiny").game)


def test_a_name_text_cannot_write_and_a_folder_too_large_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tmp_path / "decks" / "g"
    (game / "icons").mkdir(parents=True)
    (game / "icons" / "2 coins.svg").write_text(DOT, encoding="utf-8")
    (game / "icons" / "écu.svg").write_text(DOT, encoding="utf-8")
    (game / "icons" / "Gold_Coin-2.svg").write_text(DOT, encoding="utf-8")
    icons, problems = scan_icon_folder(game, tmp_path)
    assert [i.name for i in icons] == ["gold_coin-2"]
    assert [p.problem for p in problems] == [
        f'icon file "icons/{name}.svg": {{{name}}} cannot be written in card text (a name is a'
        " letter, then letters, digits, - and _); rename the file"
        for name in ("2 coins", "écu")
    ]
    monkeypatch.setattr(icon_files, "MAX_FOLDER_ICONS", 3)  # 2,000 as shipped
    for index in range(3):
        (game / "icons" / f"i{index}.png").touch()
    icons, problems = scan_icon_folder(game, tmp_path)
    assert icons == [] and [p.problem for p in problems] == [
        "more than 3 icons; keep the ones the game uses"
    ]
