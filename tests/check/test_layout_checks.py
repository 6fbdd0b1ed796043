"""`cardgen check` on a game's layouts (SC501-SC507): each mistake in a tiny game the test
writes, with its exact line and exit code; where elements lie, against an independent
computation; text the check finds overflowing, against what the renderer finds."""

from __future__ import annotations

import json
import re
import tempfile
import textwrap
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import Result
from hypothesis import event, given, settings
from hypothesis import strategies as st

from cardgen.check.game_checks import check_game
from cardgen.check.layout_geometry import misplaced
from cardgen.model.layout import Layout, element_adapter
from cardgen.project import Project
from cardgen.render.card import Canvas
from cardgen.render.game import render_game
from cardgen.render.layout_fields import type_values
from tests.conftest import ROOT, TINY_CARDS, TINY_GAME

Run = Callable[..., Result]
Make = Callable[..., Path]


@pytest.fixture
def game(make_project: Make, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Path]:
    """A tiny game with the given layout files, the working directory at its project (so
    that messages name `layouts/tiny/...` as a designer sees them)."""

    def make(layouts: dict[str, str], cards: str = TINY_CARDS) -> Path:
        root = make_project(TINY_GAME, cards)
        folder = root / "layouts" / "tiny"
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in layouts.items():
            (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")
        monkeypatch.chdir(root)
        return root

    return make


def check(run: Run, root: Path) -> tuple[int, list[str]]:
    result = run("check", "tiny", "--project", root)
    assert result.stderr == "", result.stderr
    return result.exit_code, result.stdout.splitlines()


def test_layout_files_no_type_or_back_uses(game: Callable[..., Path], run: Run) -> None:
    root = game(
        {
            "heor.yaml": "extends: builtin:card\n",  # a typo of hero
            "champion.yaml": "extends: builtin:card\n",  # the type was renamed since
            "back-defualt.yaml": "extends: builtin:back\n",
            "base.yaml": "dpi: 50\n",  # a parent: fine
            "spell.yaml": "extends: [base, 'builtin:card']\n",
            "back.yaml": "extends: builtin:back\n",  # the default back's: fine
        }
    )
    why = "(a type's layout is named after it, a back's back-<id>.yaml; types drawn with the"
    assert check(run, root) == (
        1,
        [
            'layouts/tiny/back-defualt.yaml:1: SC501 layout-unused: layout "back-defualt" is'
            f' used by no card type or back; did you mean "back-default"? {why} built-in'
            " layout: hero)",
            'layouts/tiny/champion.yaml:1: SC501 layout-unused: layout "champion" is used by no'
            f" card type or back {why} built-in layout: hero)",
            'layouts/tiny/heor.yaml:1: SC501 layout-unused: layout "heor" is used by no card'
            f' type or back; did you mean "hero"? {why} built-in layout: hero)',
            "Tiny Game: 3 findings",
        ],
    )


def test_layout_files_cardgen_does_not_read(
    make_project: Make, run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = make_project()
    (root / "layouts" / "Tiny").mkdir(parents=True)
    (root / "layouts" / "Tiny" / "hero.yaml").write_text("dpi: 50\n")
    monkeypatch.chdir(root)
    assert check(run, root) == (
        1,
        [
            "layouts/Tiny: SC501 layout-unused: layouts/Tiny/ is not read: the layouts of game"
            " tiny are in layouts/tiny/ (its cards are drawn with the built-in layouts)",
            "Tiny Game: 1 finding",
        ],
    )
    (root / "layouts" / "Tiny").rename(root / "layouts" / "tiny")
    (root / "layouts" / "tiny" / "hero.yaml").rename(root / "layouts" / "tiny" / "hero.yml")
    assert check(run, root) == (
        1,
        [
            "layouts/tiny/hero.yml: SC501 layout-unused: hero.yml is not read: layout files end"
            " in .yaml (rename it hero.yaml)",
            "Tiny Game: 1 finding",
        ],
    )


SPELL_READS_HERO = """\
extends: builtin:card
dpi: 50
elements:
  power: {kind: text, text: "{power} of {name}", x: 0.2in, y: 2in, width: 1in, height: 0.3in}
  badge: {kind: ellipse, x: 2in, y: 2in, width: 0.3in, height: 0.3in, fill: red,
          when: {power: 3}}
  border:
    kind: rect
    switch: [{field: power, cases: {"1": {stroke: red}}}]
  gem: {kind: icon, name: circle, color_field: power, colors: {"1": red},
        x: 2in, y: 0.2in, width: 0.3in, height: 0.3in}
  sigil: {kind: rect, x: 2in, y: 0.6in, width: 0.3in, height: 0.3in,
          switch: [{field: school, cases: {ice: {stroke: "{levle}"}}}]}
"""
BACK_READS_A_CARD = """\
extends: builtin:back
dpi: 50
elements:
  label: {text: "{back_label} {power}"}
"""


def test_fields_the_type_does_not_have(game: Callable[..., Path], run: Run) -> None:
    spell = "layouts/tiny/spell.yaml"
    fields = "its fields: school, level"
    expected = [
        f'{spell}:4: element power: {{power}} is not a field of type "spell" (it would print'
        f" as nothing); {fields}",
        f'{spell}:5: element badge: when: power is not a field of type "spell" (the element'
        f" would never be drawn); {fields}",
        f'{spell}:8: element border: switch: power is not a field of type "spell" (its default'
        f" would always apply); {fields}",
        f'{spell}:10: element gem: color_field: power is not a field of type "spell" (its'
        f" colour would never change); {fields}",
        f'{spell}:12: element sigil: {{levle}} is not a field of type "spell" (it would print'
        ' as nothing); did you mean "level"?',
        "layouts/tiny/back.yaml:4: element label: {power} is not a field of a card back (it"
        " would print as nothing); its fields: back, back_accent, back_color, back_label,"
        " game, name",
    ]
    # {levle} is no field of any type: in a switch case's colour, which the loader does not
    # read, it is the check's to find
    root = game({"spell.yaml": SPELL_READS_HERO, "back.yaml": BACK_READS_A_CARD})
    code, lines = check(run, root)
    assert code == 1
    assert lines == [
        f"{line.split(': ', 1)[0]}: SC502 layout-field: {line.split(': ', 1)[1]}"
        for line in expected
    ] + ["Tiny Game: 6 findings"]
    rendered = run("render", "tiny", "--project", root)  # not a blank on the card
    assert rendered.exit_code == 2
    assert rendered.stderr.splitlines() == [f"error: {line}" for line in expected] + ["6 errors"]
    assert not (root / "output").exists()


def test_values_every_card_and_back_has(game: Callable[..., Path], run: Run) -> None:
    everything = "{name} {type} {copies} {text} {art} {type_label} {game} {copies_label}"
    root = game(
        {
            "hero.yaml": f"""\
                extends: builtin:card
                dpi: 50
                elements:
                  all: {{kind: text, text: "{everything} {{power}}", x: 0.2in, y: 2in,
                         width: 2in, height: 0.5in, size: 4, when: {{type: hero, name: Aria}}}}
                """,
            "back.yaml": """\
                extends: builtin:back
                dpi: 50
                elements:
                  label: {text: "{name} {back} {back_label} {back_color} {back_accent} {game}"}
                """,
        }
    )
    assert check(run, root) == (0, ["Tiny Game: ok (5 cards, 12 copies in the box)"])
    known, _ = type_values(Project(root).game("tiny").game, "spell")
    assert {"school", "school_label", "level", "type_label"} <= known
    assert "level_label" not in known and "power" not in known


def test_icons_that_do_not_exist(game: Callable[..., Path], run: Run) -> None:
    root = game(
        {
            "spell.yaml": """\
                extends: builtin:card
                dpi: 50
                icons:
                  cost: {icon: agility}
                elements:
                  price: {kind: text, text: "{level} {{coin}} {{cost}} {{luck}} {{{{coin}}}}",
                          x: 0.2in, y: 2in, width: 1in, height: 0.3in}
                  seal: {kind: icon, name: agilty, x: 2in, y: 0.2in, width: 0.3in, height: 0.3in}
                  school: {kind: icon, name: "{school}", x: 2in, y: 0.6in, width: 0.3in,
                           height: 0.3in}
                  mark: {kind: icon, name: circle, x: 2in, y: 1in, width: 0.3in, height: 0.3in,
                         switch: [{field: level, cases: {"3": {name: sqare}}}]}
                """
        }
    )
    spell = "layouts/tiny/spell.yaml"
    assert check(run, root) == (
        1,
        [
            f"{spell}:6: SC503 layout-icon: element price: {{coin}} in its text is neither an"
            ' icon of the layout nor one of the library, so it prints as "{coin}"',
            f'{spell}:8: SC503 layout-icon: element seal: unknown icon "agilty"; did you mean'
            ' "agility"?',
            f'{spell}:9: SC503 layout-icon: card "Fireball": element school (from {{school}}):'
            ' unknown icon "fire"; cardgen icons lists them',
            f'{spell}:9: SC503 layout-icon: card "Frost Bolt": element school (from {{school}}):'
            ' unknown icon "ice"; cardgen icons lists them',
            f'{spell}:11: SC503 layout-icon: card "Ice Wall": element mark (from a switch'
            ' case): unknown icon "sqare"; did you mean "square"?',
            "Tiny Game: 5 findings",
        ],
    )


LANDSCAPE = """\
extends: builtin:card
size: 88.9mm x 63.5mm
dpi: 50
elements:
  far: {kind: rect, x: 4in, y: 0.2in, width: 0.5in, height: 0.5in, fill: red}
  art: {x: -0.3in}
  note: {kind: text, text: "{power}", x: 0.05in, y: 0.2in, width: 1in, height: 0.3in}
  splash: {kind: ellipse, x: -0.5in, y: -0.5in, width: 1in, height: 1in, fill: blue}
"""


def test_elements_off_the_card_cut_by_its_edge_or_outside_the_safe_zone(
    game: Callable[..., Path], run: Run
) -> None:
    """The builtin card's rules text, placed for a portrait card, runs off a landscape one:
    reported at the layout that made the card landscape. A splash of colour running off
    the card is fine."""
    root = game({"hero.yaml": LANDSCAPE})
    hero = "layouts/tiny/hero.yaml"
    card = "the card is 88.9 x 63.5 mm (landscape) with 3.2 mm bleed"
    assert check(run, root) == (
        1,
        [
            f"{hero}:2:7: SC509 back-size: back 'default' (the built-in back) is 63.5 x 88.9"
            " mm but type 'hero' (layouts/tiny/hero.yaml) is 88.9 x 63.5 mm landscape; give"
            " it a back of its own size (layouts/tiny/back-<id>.yaml, and `back: <id>` on the"
            " type)",
            f"{hero}:6: SC505 [warning] layout-cut-off: element art (image) reaches 4.4 mm"
            f" past the left edge of the canvas ({card}): the picture is cut off there",
            f"{hero}:2: SC505 layout-cut-off: element rules (text) reaches 15.9 mm past the"
            f" bottom edge of the canvas ({card}): its text is cut off there (inherited from"
            " builtin:card)",
            f"{hero}:5: SC504 layout-outside: element far (rect) lies wholly outside the canvas"
            f" (101.6 to 114.3 mm across, 5.1 to 17.8 mm down from the trim's top-left corner;"
            f" {card}): nothing of it is drawn",
            f"{hero}:7: SC506 [warning] layout-safe-zone: element note (text) reaches 1.9 mm"
            " past the left edge of the safe zone (3.2 mm inside the trim): a cut a little off"
            " may trim it",
            "Tiny Game: 5 findings (2 warnings)",
        ],
    )


def test_warnings_alone_pass(game: Callable[..., Path], run: Run) -> None:
    root = game(
        {
            "hero.yaml": """\
                extends: builtin:card
                dpi: 50
                elements:
                  title: {x: 0.1in, width: 100% - 0.1in}
                """
        }
    )
    result = run("check", "tiny", "--project", root, "--format", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["ok"] is True
    assert [(f["code"], f["severity"], f["path"], f["line"]) for f in data["findings"]] == [
        ("SC506", "warning", "layouts/tiny/hero.yaml", 4)
    ]
    assert data["findings"][0]["message"] == (
        "element title (text) reaches 0.6 mm past the left and 3.2 mm past the right edge of"
        " the safe zone (3.2 mm inside the trim): a cut a little off may trim it"
    )


LONG = "Deal 2 damage, then " + "draw a card and discard a card, " * 4 + "and rest."


def test_text_that_overflows_at_its_smallest_size(game: Callable[..., Path], run: Run) -> None:
    """Named card by card: at the layout's line, or at the card's row when the box is the
    built-in layout's (the card's text is what the designer can change)."""
    cards = TINY_CARDS.replace("Deal 2 damage.", f'"{LONG}"').replace(
        "Leads the party.", f'"{LONG * 12}"'
    )
    root = game(
        {
            "spell.yaml": """\
                elements:
                  rules: {kind: text, text: "{text}", x: 0.2in, y: 0.2in, width: 1in,
                          height: 0.3in, size: 9, min_size: 7}
                """
        },
        cards,
    )
    assert check(run, root) == (
        1,
        [
            'decks/tiny/cards.csv:2: SC507 layout-overflow: card "Aria": text of element rules'
            " overflows its box at 6 pt (72.1 mm too tall)",
            'layouts/tiny/spell.yaml:2: SC507 layout-overflow: card "Fireball": text of element'
            " rules overflows its box at 7 pt (17.8 mm too tall)",
            "Tiny Game: 2 findings",
        ],
    )
    rendered = run("render", "tiny", "--project", root)
    assert rendered.exit_code == 0  # the renderer warns, with the same words
    assert [line.split(" RN101 ")[1] for line in rendered.stderr.splitlines()] == [
        "Aria: text of element rules overflows its box at 6 pt (72.1 mm too tall)",
        "Fireball: text of element rules overflows its box at 7 pt (17.8 mm too tall)",
    ]


def test_a_layout_that_does_not_load_is_bad_input(game: Callable[..., Path], run: Run) -> None:
    root = game({"base.yaml": "dpi: 50\n", "hero.yaml": "dpi: 50\nextends: [bsae]\n"})
    result = run("check", "tiny", "--project", root)
    assert result.exit_code == 2
    assert result.stderr == (
        'error: layouts/tiny/hero.yaml:2:11: layout "hero" extends "bsae", which does not'
        ' exist; did you mean "base"?\n'
    )


def test_build_stops_on_layout_errors_and_lists_their_warnings(
    game: Callable[..., Path], run: Run
) -> None:
    root = game({"hero.yaml": LANDSCAPE, "spell.yaml": "extends: builtin:card\ndpi: 50\n"})
    stopped = run("build", "tiny", "--project", root, "--jobs", "1")
    assert stopped.exit_code == 1
    errors = [line for line in stopped.stderr.splitlines() if line.startswith("error: ")]
    # the landscape hero on the built-in poker back: SC509 too
    assert [line.split(": ")[2].split()[0] for line in errors] == ["SC509", "SC505", "SC504"]
    warnings = [line for line in stopped.stderr.splitlines() if line.startswith("warning: ")]
    assert [line.split(": ")[2].split()[:2] for line in warnings] == [
        ["SC505", "[warning]"],
        ["SC506", "[warning]"],
    ]
    assert not (root / "output" / "tiny" / "cards").exists()
    hero = root / "layouts" / "tiny" / "hero.yaml"
    hero.write_text("extends: builtin:card\ndpi: 50\nelements:\n  title: {x: 0.1in}\n")
    built = run("build", "tiny", "--project", root, "--jobs", "1")
    assert built.exit_code == 0, built.stderr
    assert built.stderr.splitlines() == [
        "warning: layouts/tiny/hero.yaml:4: SC506 [warning] layout-safe-zone: element title"
        " (text) reaches 0.6 mm past the left edge of the safe zone (3.2 mm inside the trim):"
        " a cut a little off may trim it"
    ]
    assert (root / "output" / "tiny" / "cards" / "aria.png").is_file()


# --- where an element lies, against areas worked out in millimetres ----------------------


@st.composite
def cards_and_boxes(draw: st.DrawFn) -> tuple[tuple[int, int], tuple[Fraction, ...]]:
    """A trim (whole millimetres) and a box on a half-millimetre grid around it."""
    trim = (draw(st.integers(20, 150)), draw(st.integers(20, 150)))
    x, y = (Fraction(draw(st.integers(-40, 2 * side + 40)), 2) for side in trim)
    width, height = (Fraction(draw(st.integers(1, 2 * side)), 2) for side in trim)
    return trim, (x, y, width, height)


def _area(box: tuple[Fraction, ...], limits: tuple[Fraction, ...]) -> Fraction:
    width = min(box[2], limits[2]) - max(box[0], limits[0])
    height = min(box[3], limits[3]) - max(box[1], limits[1])
    return max(Fraction(0), width) * max(Fraction(0), height)


def _where(box: tuple[Fraction, ...], limits: tuple[Fraction, ...]) -> str:
    whole = (box[2] - box[0]) * (box[3] - box[1])
    inside = _area(box, limits)
    return "inside" if inside == whole else "outside" if inside == 0 else "partly"


def _show(value: Fraction) -> str:
    return f"{float(value):.1f}"


@settings(max_examples=400, deadline=None)
@given(
    placed=cards_and_boxes(),
    bleed=st.integers(0, 5),
    safe=st.integers(0, 6),
    dpi=st.sampled_from([72, 150, 300, 600]),
    kind=st.sampled_from(["text", "image", "rect"]),
)
def test_where_elements_lie_agrees_with_their_areas(
    placed: tuple[tuple[int, int], tuple[Fraction, ...]],
    bleed: int,
    safe: int,
    dpi: int,
    kind: str,
) -> None:
    """On a random canvas, a random box is inside, cut by the edge or off the canvas as its
    area inside the canvas (worked out exactly, in millimetres) says; the finding's code,
    severity and the overhang it reports follow."""
    trim, box = placed
    x, y, width, height = box
    props: dict[str, str] = {"kind": kind, "text": "x"} if kind == "text" else {"kind": kind}
    if kind == "image":
        props["src"] = "a.png"
    for key, value in zip(("x", "y", "width", "height"), box, strict=True):
        props[key] = f"{float(value)}mm"
    element = element_adapter().validate_python(props)
    layout = Layout(
        name="t", size=f"{trim[0]}mm x {trim[1]}mm", dpi=dpi, bleed=f"{bleed}mm", safe=f"{safe}mm"
    )
    found = misplaced("e", element, Canvas.of(layout))
    mine = (x, y, x + width, y + height)
    w, h, b, s = (Fraction(v) for v in (*trim, bleed, safe))
    canvas = (-b, -b, w + b, h + b)
    where = _where(mine, canvas)
    event(f"{where} {kind}: {found.code if found else None}")
    if where == "outside":
        assert found is not None and (found.code, found.severity) == ("SC504", "error")
    elif where == "partly" and kind != "rect":
        assert found is not None and found.code == "SC505"
        assert found.severity == ("error" if kind == "text" else "warning")
        if mine[2] - canvas[2] >= 1:  # the overhang reported, to a tenth of a millimetre
            assert f"{_show(mine[2] - canvas[2])} mm past the right" in found.message, found
    elif kind == "text" and where == "inside" and _where(mine, (s, s, w - s, h - s)) != "inside":
        assert found is not None and (found.code, found.severity) == ("SC506", "warning")
    else:
        assert found is None, found


# --- the check's overflowing text is the renderer's ---------------------------------------

word = st.sampled_from(["Deal", "2", "damage,", "then", "draw", "**Burn**", "rest."])
words = st.integers(0, 60).flatmap(lambda n: st.lists(word, min_size=n, max_size=n))


@settings(max_examples=8, deadline=None)
@given(
    texts=st.lists(words.map(" ".join), min_size=3, max_size=6),
    height=st.sampled_from(["0.15in", "0.3in", "0.6in"]),
    min_size=st.sampled_from([4, 6, 9]),
)
def test_check_finds_the_overflowing_texts_the_renderer_finds(
    texts: list[str], height: str, min_size: int
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "decks" / "tiny").mkdir(parents=True)
        (root / "layouts" / "tiny").mkdir(parents=True)
        (root / "decks" / "tiny" / "game.yaml").write_text(TINY_GAME)
        rows = "".join(f'Card {i},spell,1,,fire,2,"{t}"\n' for i, t in enumerate(texts))
        (root / "decks" / "tiny" / "cards.csv").write_text(
            "name,type,copies,power,school,level,text\nAria,hero,1,5,,,\n" + rows
        )
        (root / "layouts" / "tiny" / "spell.yaml").write_text(
            "extends: builtin:card\ndpi: 100\nelements:\n"
            f"  rules: {{height: {height}, size: 9, min_size: {min_size}, width: 1in}}\n"
        )
        project = Project(root)
        checked = {f.card for f in check_game(project.game("tiny")) if f.code == "SC507"}
        drawn = render_game(project, "tiny", root / "out", jobs=1)
        assert checked == {w.card for w in drawn.warnings if w.code == "RN101"}
        event(f"{len(checked)} of {len(texts)} overflow")


def test_every_layout_code_is_documented() -> None:
    source = "".join(
        (ROOT / "cardgen" / stage / f"layout_{part}.py").read_text()
        for stage, part in (
            ("check", "checks"),
            ("check", "use"),
            ("render", "fields"),
            ("check", "geometry"),
        )
    )
    codes = sorted(set(re.findall(r'"(SC5\d\d)"', source)))
    assert codes == [f"SC50{n}" for n in range(1, 8)]
    docs = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert all(f"| {code} |" in docs for code in codes), codes
