"""Layouts: inheritance, cycles, missing parents, unknown keys and fields, with file and line."""

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from cardgen.errors import CardgenError, InputErrors
from cardgen.load.layout_inheritance import MAX_EXTENDS
from cardgen.load.layouts import load_layouts
from cardgen.model.layout import RectElement, TextElement
from cardgen.project import Project

Run = Callable[..., Result]


def layouts(make_project: Callable[..., Path], files: dict[str, str]):  # type: ignore[no-untyped-def]
    root = make_project()
    folder = root / "layouts" / "tiny"
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(text)
    return load_layouts(root, Project(root).game("tiny").game)


def messages(exc: CardgenError) -> list[str]:
    return [e.format_message() for e in (exc.errors if isinstance(exc, InputErrors) else [exc])]


BASE = """\
size: bridge
background: "#101010"
elements:
  frame: {kind: rect, fill: "#ffffff", radius: 2mm}
  title: {kind: text, text: "{name}", size: 12}
"""


def test_multi_parent_inheritance_merges_in_order(make_project: Callable[..., Path]) -> None:
    result = layouts(
        make_project,
        {
            "base.yaml": BASE,
            "accent.yaml": "dpi: 150\nelements:\n"
            "  title: {kind: text, text: '{name}', color: red}\n"
            "  badge: {kind: ellipse, fill: blue}\n",
            "hero.yaml": "extends: [base, accent]\nelements:\n  title: {size: 14}\n  frame: null\n"
            "  power: {kind: text, text: '{power}'}\n",
        },
    )
    hero = result.layouts["hero"]
    assert (hero.size, hero.dpi, hero.background) == ("bridge", 150, "#101010")
    assert list(hero.elements) == ["title", "badge", "power"]
    title = hero.elements["title"]
    assert isinstance(title, TextElement)
    assert (title.size, title.color) == (14, "red")
    assert result.for_type("hero") is hero
    assert result.for_type("spell").name == "builtin:card"
    assert result.for_back("default").name == "builtin:back"


def test_cycle_is_one_error_at_its_first_layout(make_project: Callable[..., Path]) -> None:
    """A cycle is one problem: one line, told from its first layout (in name order), at
    that layout's extends: entry; the layouts that extend into it add none."""
    files = {
        "a.yaml": "size: poker\nextends: ['builtin:card', b]\n",
        "b.yaml": "extends: c\n",
        "c.yaml": "extends: [a]\n",
        "d.yaml": "extends: [c]\n",
    }
    with pytest.raises(CardgenError) as info:
        layouts(make_project, files)
    found = [m.split("/layouts/tiny/", 1)[1] for m in messages(info.value)]
    assert found == ["a.yaml:2:27: layout inheritance cycle: a -> b -> c -> a"]


def _chain(folder: Path, length: int) -> None:
    """Layouts l0 (on the built-in card) to l{length-1}, each extending the one before."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "l0.yaml").write_text("extends: builtin:card\ndpi: 50\n")
    for number in range(1, length):
        (folder / f"l{number}.yaml").write_text(f"extends: l{number - 1}\n")


def test_an_extends_chain_of_1000_layouts(make_project: Callable[..., Path], run: Run) -> None:
    """A RecursionError's traceback before: one line at the first layout past the limit of
    50 (l49: 49 layouts and the built-in card above it), exit 2."""
    root = make_project()
    _chain(root / "layouts" / "tiny", 1_000)
    (root / "layouts" / "tiny" / "hero.yaml").write_text("extends: l999\n")
    started = time.process_time()  # CPU time: a busy machine does not make it fail
    result = run("render", "tiny", "--only", "Aria", "--jobs", "1", "--project", root)
    assert time.process_time() - started < 5.0
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line == (
        f'error: {root}/layouts/tiny/l49.yaml:1:10: layout "l49": its extends: chain is 51'
        " layouts long (l49 -> l48 -> l47 -> l46 -> ... -> l1 -> l0 -> builtin:card); at most 50"
    )


def test_an_extends_chain_of_50_layouts_resolves(make_project: Callable[..., Path]) -> None:
    root = make_project()
    _chain(root / "layouts" / "tiny", MAX_EXTENDS - 1)  # and builtin:card: 50
    resolved = load_layouts(root, Project(root).game("tiny").game).layouts
    assert resolved[f"l{MAX_EXTENDS - 2}"].dpi == 50


def test_self_cycle(make_project: Callable[..., Path]) -> None:
    with pytest.raises(CardgenError, match=r"a.yaml:1:\d+: layout inheritance cycle: a -> a"):
        layouts(make_project, {"a.yaml": "extends: a\n"})


def test_missing_parent_suggests(make_project: Callable[..., Path]) -> None:
    with pytest.raises(CardgenError) as info:
        layouts(make_project, {"base.yaml": BASE, "hero.yaml": "\nextends: [bsae]\n"})
    assert any(
        'hero.yaml:2:11: layout "hero" extends "bsae", which does not exist; did you mean'
        ' "base"?' in m
        for m in messages(info.value)
    ), messages(info.value)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "elements:\n  t: {kind: text, text: x, colour: red}\n",
            'hero.yaml:2:28: element t: unknown key "colour"',
        ),
        ("sise: poker\n", 'hero.yaml:1:1: unknown key "sise"; did you mean "size"?'),
        (
            "elements:\n  t: {kind: txet, text: x}\n",
            'hero.yaml:2:6: element t: unknown kind "txet"; did you mean "text"?',
        ),
        (
            "elements:\n  t: {kind: zigzag, text: x}\n",
            'element t: unknown kind "zigzag"; known: rect, ellipse, polygon, hexagon, line,'
            " image, text, icon, helper",
        ),
        ("elements:\n  t: {text: x}\n", 'hero.yaml:2:6: element t: missing required key "kind"'),
        (
            "elements:\n  t:\n    kind: text\n    text: '{powr}'\n",
            'unknown field "{powr}"; did you mean "power"',
        ),
        (
            "elements:\n  t:\n    kind: rect\n    x: 3 furlongs\n",
            'hero.yaml:4:8: element t: x: "3 furlongs" is not a length',
        ),
        ("elements:\n  t: {kind: rect, when: {typo: 1}}\n", 'unknown field "typo"'),
        (
            "elements:\n  t: {kind: rect, switch: [{field: schol, cases: {}}]}\n",
            'did you mean "school"',
        ),
    ],
)
def test_bad_layouts_name_file_and_line(
    make_project: Callable[..., Path], text: str, expected: str
) -> None:
    with pytest.raises(CardgenError) as info:
        layouts(make_project, {"hero.yaml": text})
    found = messages(info.value)
    assert any(expected in m for m in found), found
    assert not any("tag" in m for m in found), found  # never pydantic's tagged-union words


def test_a_misspelt_kind_is_one_line_in_check_and_build(
    make_project: Callable[..., Path], run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = make_project()
    monkeypatch.chdir(root)
    game = root / "decks" / "tiny" / "game.yaml"
    good = game.read_text()
    game.write_text(good.replace("kind: count,", "kind: cuont,"))
    rule = (
        "error: decks/tiny/game.yaml:17:5: deck_rules.1:"
        ' unknown kind "cuont"; did you mean "count"?'
    )
    folder = root / "layouts" / "tiny"
    folder.mkdir(parents=True)
    (folder / "hero.yaml").write_text("elements:\n  badge:\n    kind: txet\n    text: hi\n")
    element = (
        "error: layouts/tiny/hero.yaml:3:5: element badge:"
        ' unknown kind "txet"; did you mean "text"?'
    )
    for command in ("check", "build"):
        result = run(command, "tiny", "--project", root)
        assert result.exit_code == 2, result.output
        assert [e for e in result.stderr.splitlines() if e.startswith("error")] == [rule]
    game.write_text(good)
    for command in ("check", "build"):
        result = run(command, "tiny", "--project", root)
        assert result.exit_code == 2, result.output
        assert [e for e in result.stderr.splitlines() if e.startswith("error")] == [element]


def test_switch_cases_and_bleed_rect(make_project: Callable[..., Path]) -> None:
    result = layouts(
        make_project,
        {
            "spell.yaml": (
                "elements:\n  bg:\n    kind: rect\n    bleed: true\n    switch:\n"
                "      - field: school\n        cases: {fire: {fill: red}, ice: {fill: blue}}\n"
            )
        },
    )
    element = result.layouts["spell"].elements["bg"]
    assert isinstance(element, RectElement) and element.bleed
    assert element.switch[0].cases["fire"] == {"fill": "red"}


def test_icons_and_fonts_merge_across_all_parents(make_project: Callable[..., Path]) -> None:
    result = layouts(
        make_project,
        {
            "a.yaml": "icons: {star: {icon: etoile}}\n",
            "b.yaml": "icons: {drop: {icon: goutte}}\nelements:\n  x: {kind: rect}\n",
            "c.yaml": "elements:\n  y: {kind: rect}\n",
            "hero.yaml": "extends: [a, b, c]\nicons: {heart: {icon: coeur}}\n",
        },
    )
    assert set(result.layouts["hero"].icons) == {"star", "drop", "heart"}


def test_before_puts_a_new_element_beneath_an_inherited_one(
    make_project: Callable[..., Path],
) -> None:
    result = layouts(
        make_project,
        {
            "base.yaml": BASE,
            "hero.yaml": "extends: base\nelements:\n  glow: {kind: rect, before: title}\n"
            "  badge: {kind: rect}\n",
        },
    )
    assert list(result.layouts["hero"].elements) == ["frame", "glow", "title", "badge"]


@pytest.mark.parametrize(
    ("text", "refused"),
    [("{power:{{{w}}}}", True), ("{power:{{w}}}", False), ("{power:>3}", False)],
)
def test_a_format_spec_nested_past_two_levels_is_refused_at_its_line(
    make_project: Callable[..., Path], text: str, refused: bool
) -> None:
    """The JSON Schema's pattern, rendering and the loader agree: braces in a spec nest two
    deep at most (found by a property test comparing the schema with the loader)."""
    files = {
        "base.yaml": BASE,
        "hero.yaml": f"extends: base\nelements:\n  title: {{text: '{text}'}}\n",
    }
    if not refused:
        layouts(make_project, files)
        return
    with pytest.raises(CardgenError) as info:
        layouts(make_project, files)
    (message,) = messages(info.value)
    assert message.split("/layouts/tiny/", 1)[1].startswith("hero.yaml:3:")
    assert "a format spec holds braces 2 deep at most" in message
