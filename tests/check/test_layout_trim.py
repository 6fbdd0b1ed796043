"""`cardgen check` SC508: frames and borders less than 3 mm inside the trim. Random frames
and bands (insets in random units on random cards) against an exact computation in
millimetres; the two backs the check was written for, as they were; lines and polygons;
the JSON; and the five examples clear of it."""

from __future__ import annotations

import json
import shutil
import textwrap
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import Result
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from cardgen.check.game_checks import check_game
from cardgen.check.layout_trim import near_edges, near_trim
from cardgen.model.layout import Layout, element_adapter
from cardgen.project import open_project
from cardgen.render.card import Canvas
from tests.conftest import ROOT

Run = Callable[..., Result]
MM_PER = {"mm": Fraction(1), "cm": Fraction(10), "in": Fraction(254, 10), "pt": Fraction(254, 720)}
SIDES = ("left", "top", "right", "bottom")
SAFE_MM = Fraction(3)
"""How far inside the trim a border keeps, at least (docs/layouts.md: an edge "less than 3 mm
from it, running along at least a quarter of that side" is flagged)."""
ADVICE = (
    "; a cut or a duplex offset of 1 mm will make it uneven (keep borders 3 mm or more inside"
    " the trim, or run them off into the bleed)"
)


@dataclass(frozen=True)
class Card:
    """A card: trim (mm), bleed (mm) and DPI."""

    width: Fraction
    height: Fraction
    bleed: Fraction
    dpi: int

    def mm(self, number: Fraction, unit: str, axis: str) -> Fraction:
        """A length written as `number` `unit`, in millimetres (% by axis, px at the DPI)."""
        if unit == "%":
            return number * (self.width if axis == "x" else self.height) / 100
        if unit == "px":
            return number * Fraction(254, 10) / self.dpi
        return number * MM_PER[unit]


@st.composite
def cards(draw: st.DrawFn) -> Card:
    """Cards from mini to tarot size, at DPIs from screen to print."""
    return Card(
        Fraction(draw(st.integers(80, 140)), 2),
        Fraction(draw(st.integers(110, 240)), 2),
        Fraction(draw(st.sampled_from([0, 20, 3175])), 1000),
        draw(st.sampled_from([72, 150, 300, 600])),
    )


@st.composite
def lengths(
    draw: st.DrawFn, card: Card, axis: str, low: float, high: float
) -> tuple[str, Fraction]:
    """A length between `low` and `high` mm in a random unit: as written, and in mm."""
    unit = draw(st.sampled_from(["mm", "cm", "in", "pt", "px", "%"]))
    per = card.mm(Fraction(1), unit, axis)
    number = Fraction(draw(st.integers(round(low / per * 1000), round(high / per * 1000))), 1000)
    sign = "-" if number < 0 else ""
    return f"{sign}{float(abs(number)):.3f}{unit}", card.mm(number, unit, axis)


def _term(text: str) -> str:
    """`- 2mm` for "2mm", `+ 2mm` for "-2mm": a length taken from `100%`."""
    return f"+ {text[1:]}" if text.startswith("-") else f"- {text}"


def _oracle(
    card: Card, box: tuple[Fraction, ...], radius: Fraction, paint: str, stroke: Fraction
) -> dict[str, tuple[Fraction, bool]]:
    """For each side of the trim, the nearest straight edge of ink within 3 mm inside it:
    its distance (mm) and whether the ink lies towards the card's middle. Worked out on the
    trim's own coordinates, in exact millimetres."""
    w, h = card.width, card.height
    x0, y0, x1, y1 = box
    edges: list[tuple[str, Fraction, Fraction, Fraction, int]] = []  # axis, at, from, to, ink

    def sides(a: Fraction, b: Fraction, c: Fraction, d: Fraction, r: Fraction, ink: int) -> None:
        r = max(r, Fraction(0))
        edges.extend(
            [
                ("x", a, b + r, d - r, ink),
                ("y", b, a + r, c - r, ink),
                ("x", c, b + r, d - r, -ink),
                ("y", d, a + r, c - r, -ink),
            ]
        )

    sides(x0, y0, x1, y1, radius, 1)
    if paint != "fill" and 2 * stroke < min(x1 - x0, y1 - y0):
        sides(x0 + stroke, y0 + stroke, x1 - stroke, y1 - stroke, radius - stroke, -1)
    on_trim = Fraction(1, 2) * Fraction(254, 10) / card.dpi  # half a pixel
    found: dict[str, tuple[Fraction, bool]] = {}
    for side in SIDES:
        axis = "x" if side in ("left", "right") else "y"
        size, along = (w, h) if axis == "x" else (h, w)
        far = side in ("right", "bottom")
        for e_axis, at, start, end, ink in edges:
            inset = size - at if far else at
            run = min(end, along) - max(start, Fraction(0))
            assume(
                abs(inset - SAFE_MM) > Fraction(1, 100) and abs(inset - on_trim) > Fraction(1, 100)
            )
            assume(abs(run - along / 4) > Fraction(1, 100))
            if e_axis != axis or not on_trim < inset < SAFE_MM or run < along / 4:
                continue
            if side not in found or inset < found[side][0]:
                found[side] = (inset, ink == (-1 if far else 1))
    return found


@settings(max_examples=300, deadline=None)
@given(data=st.data(), card=cards(), paint=st.sampled_from(["stroke", "fill", "both"]))
def test_frames_and_bands_at_random_insets_agree_with_the_millimetres(
    data: st.DataObject, card: Card, paint: str
) -> None:
    """A rectangle whose four sides lie anywhere from the bleed to 9 mm inside the trim, or
    a band along one side (from the bleed to up to 9 mm in), outlined, filled or both: each
    side it reports, with the distance and which side of the edge the ink is on, is the
    exact computation's."""
    band = data.draw(st.sampled_from([None, None, None, None, *SIDES]))
    offsets: dict[str, tuple[str, Fraction]] = {}
    for side in SIDES:
        axis = "x" if side in ("left", "right") else "y"
        offsets[side] = data.draw(lengths(card, axis, -float(card.bleed), 9.0))
    if band is not None:  # the opposite side of the band lies within 9 mm of this one
        opposite = SIDES[(SIDES.index(band) + 2) % 4]
        axis = "x" if band in ("left", "right") else "y"
        size = card.width if axis == "x" else card.height
        offsets[band] = (f"-{float(card.bleed):.3f}mm", -card.bleed)
        offsets[opposite] = data.draw(lengths(card, axis, float(size) - 9.0, float(size) - 0.5))
    radius = Fraction(data.draw(st.integers(0, 30)), 10)
    stroke = Fraction(data.draw(st.integers(1, 25)), 10)
    (lt, left), (tt, top), (rt, right), (bt, bottom) = (offsets[s] for s in SIDES)
    box = (left, top, card.width - right, card.height - bottom)
    assume(box[2] - box[0] > 1 and box[3] - box[1] > 1)
    props: dict[str, object] = {
        "kind": "rect",
        "x": lt,
        "y": tt,
        "width": f"100% {_term(lt)} {_term(rt)}",
        "height": f"100% {_term(tt)} {_term(bt)}",
        "radius": f"{float(radius)}mm",
    }
    if paint in ("fill", "both"):
        props["fill"] = "#203040"
    if paint in ("stroke", "both"):
        props.update(stroke="#d9b45a", stroke_width=f"{float(stroke)}mm")
    layout = Layout(
        name="t",
        size=f"{float(card.width)}mm x {float(card.height)}mm",
        dpi=card.dpi,
        bleed=f"{float(card.bleed)}mm",
    )
    canvas = Canvas.of(layout)
    element = element_adapter().validate_python(props)
    expected = _oracle(card, box, radius, paint, stroke)
    got: dict[str, tuple[float, bool]] = {
        e.side: (e.inset * 25.4 / card.dpi, e.inward) for e in near_edges(element, canvas)
    }
    kinds = sorted({"frame" if inward else "band" for _, inward in expected.values()})
    event(f"{len(expected)} sides near the trim ({', '.join(kinds)}), band {band is not None}")
    assert set(got) == set(expected), (got, expected)
    for side, (inset, inward) in expected.items():
        assert got[side][0] == pytest.approx(float(inset), abs=1e-6), side
        assert got[side][1] == inward, side
    found = near_trim("frame", element, canvas)
    assert (found is None) == (not expected)
    if found is not None:
        assert (found.code, found.check, found.severity) == ("SC508", "frame-near-trim", "warning")
        for side, (_, inward) in expected.items():  # as rounded for the message
            assert f"{got[side][0]:.1f} mm inside the trim" in found.message
            verb = "draws a border" if inward else "runs off into the bleed but ends"
            assert verb in found.message


def _card_at(dpi: int = 300) -> Canvas:
    return Canvas.of(Layout(name="t", size="poker", dpi=dpi))


def _near(props: Mapping[str, object], dpi: int = 300) -> list[tuple[str, float, bool]]:
    element = element_adapter().validate_python(props)
    canvas = _card_at(dpi)
    return [(e.side, round(e.inset * 25.4 / dpi, 2), e.inward) for e in near_edges(element, canvas)]


def test_lines_polygons_and_shapes_without_straight_edges() -> None:
    """A horizontal line 2 mm in is a border on both its sides (the nearer counts); a
    diagonal is none; a flat hexagon's top and bottom are edges, a pointy one's are not; an
    ellipse, a short corner ornament, a full-bleed field and invisible ink are no borders."""
    line = {
        "kind": "line",
        "x": "0",
        "y": "2mm",
        "points": [["0", "0"], ["100%", "0"]],
        "stroke_width": "0.4mm",
    }
    assert _near(line) == [("top", 1.8, True)]
    diagonal = {**line, "points": [["0", "0"], ["100%", "100%"]]}
    assert _near(diagonal) == []
    flat = {
        "kind": "hexagon",
        "orientation": "flat",
        "x": "0",
        "y": "1mm",
        "width": "100%",
        "height": "30mm",
        "fill": "red",
    }
    assert _near(flat) == [("top", 1.0, True)]  # its top side: 17.3 mm of the 63.5 mm
    assert _near({**flat, "orientation": "pointy"}) == []
    assert (
        _near(
            {
                "kind": "ellipse",
                "x": "1mm",
                "y": "1mm",
                "width": "100% - 2mm",
                "height": "100% - 2mm",
                "fill": "red",
            }
        )
        == []
    )
    corner = {
        "kind": "rect",
        "x": "2mm",
        "y": "2mm",
        "width": "10mm",
        "height": "10mm",
        "fill": "red",
    }
    assert _near(corner) == []  # 10 mm of a 63.5 mm side: less than a quarter
    assert _near({**corner, "width": "20mm"}) == [("top", 2.0, True)]
    assert _near({"kind": "rect", "bleed": True, "fill": "red"}) == []
    frame = {
        "kind": "rect",
        "x": "2mm",
        "y": "2mm",
        "width": "100% - 4mm",
        "height": "100% - 4mm",
        "stroke": "gold",
        "stroke_width": "0.5mm",
    }
    assert [side for side, _, _ in _near(frame)] == list(SIDES)
    assert _near({**frame, "opacity": 0}) == []
    assert _near({**frame, "stroke": "#ffd70000"}) == []
    assert _near({**frame, "stroke_width": "0"}) == []
    assert len(_near({**frame, "stroke": "{back_accent}"})) == 4  # a colour filled in later
    banner = {
        "kind": "polygon",
        "x": "14mm",
        "y": "2.9mm",
        "width": "35mm",
        "height": "5mm",
        "points": [
            ["0", "0"],
            ["35mm", "0"],
            ["33mm", "2.5mm"],
            ["35mm", "5mm"],
            ["0", "5mm"],
            ["2mm", "2.5mm"],
        ],
        "fill": "gold",
    }
    assert _near(banner) == [("top", 2.9, True)]


SHARDS_BACK = """\
    frame_outer:
      kind: rect
      x: 0.085in
      y: 0.085in
      width: 100% - 0.17in
      height: 100% - 0.17in
      radius: 2.5mm
      stroke: "{back_accent}"
      stroke_width: 0.6mm
"""
SKETCHBOOK_BACK = """\
    frame:
      kind: rect
      x: 0.09in
      y: 0.09in
      width: 100% - 0.18in
      height: 100% - 0.18in
      radius: 3.5mm
      stroke_gradient: ["#e8368f", "#ff9f1a", "#ffd600"]
      gradient_angle: 90
      stroke_width: 0.06in
"""


@pytest.mark.parametrize(
    ("game", "layout", "element", "mm"),
    [
        ("shards", "back-shard.yaml", SHARDS_BACK, "2.2"),
        ("splatterkins", "back-sketchbook.yaml", SKETCHBOOK_BACK, "2.3"),
    ],
)
def test_the_backs_as_they_were(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    run: Run,
    game: str,
    layout: str,
    element: str,
    mm: str,
) -> None:
    """The Shards back's frame_outer at 0.085 in and the Splatterkins back's frame at 0.09 in,
    put back into copies of the games: reported at the element's name, line and column,
    with the distance and the 3 mm rule; a warning, so check still passes."""
    for folder in ("decks", "layouts"):
        shutil.copytree(ROOT / folder / game, tmp_path / folder / game)
    path = tmp_path / "layouts" / game / layout
    text = path.read_text(encoding="utf-8")
    name = element.split(":")[0].strip()
    start = text.index(f"\n  {name}:") + 1
    end = text.index("\n  ", text.index("stroke_width", start)) + 1
    path.write_text(
        text[:start] + textwrap.indent(textwrap.dedent(element), "  ") + text[end:],
        encoding="utf-8",
    )
    line = text[:start].count("\n") + 1
    monkeypatch.chdir(tmp_path)
    result = run("check", game, "--project", tmp_path, "--format", "json")
    assert result.exit_code == 0, result.stdout
    found = [f for f in json.loads(result.stdout)["findings"] if f["code"] == "SC508"]
    assert found == [
        {
            "check": "frame-near-trim",
            "code": "SC508",
            "severity": "warning",
            "message": f"element {name} (rect) draws a border {mm} mm inside the trim at the"
            f" left, top, right and bottom{ADVICE}",
            "path": f"layouts/{game}/{layout}",
            "line": line,
            "col": 3,
            "card": None,
            "cite": "",
        }
    ]
    text_run = run("check", game, "--project", tmp_path)
    assert (
        f"layouts/{game}/{layout}:{line}:3: SC508 [warning] frame-near-trim: element {name}"
        in text_run.stdout
    )


def test_a_band_into_the_bleed_that_shows_too_little(
    make_project: Callable[..., Path], run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A painted band from the bleed to 2 mm inside the trim is as uneven as a frame 2 mm
    in; one 4 mm wide is fine. An element a layout inherits is reported where it is set."""
    root = make_project()
    folder = root / "layouts" / "tiny"
    folder.mkdir(parents=True)
    (folder / "frame.yaml").write_text(
        textwrap.dedent("""\
        extends: builtin:card
        elements:
          top_band: {kind: rect, x: -0.125in, y: -0.125in, width: 100% + 0.25in,
                     height: 0.125in + 2mm, fill: "#802020"}
          side_band: {kind: rect, x: -0.125in, y: -0.125in, width: 0.125in + 4mm,
                      height: 100% + 0.25in, fill: "#802020"}
        """),
        encoding="utf-8",
    )
    (folder / "hero.yaml").write_text("extends: [frame]\n", encoding="utf-8")
    (folder / "spell.yaml").write_text("extends: [frame]\n", encoding="utf-8")
    monkeypatch.chdir(root)
    result = run("check", "tiny", "--project", root)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "layouts/tiny/frame.yaml:3:3: SC508 [warning] frame-near-trim: element top_band (rect)"
        " runs off into the bleed but ends 2.0 mm inside the trim at the top; a cut or a duplex"
        " offset of 1 mm will make it uneven (make what shows of it inside the trim 3 mm or"
        " more wide)",
        "Tiny Game: 1 finding (1 warning)",
    ]


@pytest.mark.parametrize("game", ["shards", "splatterkins", "splatoon", "blublers", "yokai-sketch"])
def test_the_examples_keep_their_frames_clear_of_the_trim(game: str) -> None:
    """Every example's frames and borders are 3 mm or more inside the trim or run into the
    bleed with 3 mm or more of them showing (the backs and fronts moved to keep the rule)."""
    pack = open_project(ROOT).game(game)
    assert [str(f) for f in check_game(pack, fit_text=False) if f.code == "SC508"] == []
