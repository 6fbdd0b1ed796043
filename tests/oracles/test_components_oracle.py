"""The components PDF of a generated box, read back with pdfplumber: every token's cut line
is a circle or a hexagon of the size the test chose, one a copy; the backs lie behind their
fronts when the sheet is flipped on its long edge; the die stickers are the die's size; the
tuck box's faces are the deck's width, height and thickness with their clearances; the mat
is cut at its exact size. Sizes come from `BoxSpec`, never from cardgen."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from cardgen import api
from tests.oracles.box_game import GAME_ID, BoxSpec, box_game

MM = 72 / 25.4
TOLERANCE = 0.1 * MM


@pytest.fixture(scope="module", params=[1, 4])
def printed(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[BoxSpec, list[Any]]]:
    root = tmp_path_factory.mktemp(f"box{request.param}")
    spec = box_game(root, request.param)
    made = api.pnp_components(root, GAME_ID, paper="a4")
    pdf = made.files[0].path
    assert pdf.name == f"{GAME_ID}-components-a4.pdf"
    with pdfplumber.open(pdf) as document:
        yield spec, list(document.pages)


def _near(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE


def _cut_curves(page: Any, w_mm: float, h_mm: float) -> list[dict[str, Any]]:
    return [
        c
        for c in page.curves
        if c["stroke"] and _near(c["width"], w_mm * MM) and _near(c["height"], h_mm * MM)
    ]


def test_each_token_copy_has_its_cut_line(printed: tuple[BoxSpec, list[Any]]) -> None:
    spec, pages = printed
    circles = sum(len(_cut_curves(p, spec.round_token, spec.round_token)) for p in pages)
    assert circles == sum(spec.round_designs.values())
    hex_h = spec.hex_token * 2 / math.sqrt(3)  # pointy-top: flat to flat across
    hexes = [c for p in pages for c in _cut_curves(p, spec.hex_token, hex_h)]
    assert len(hexes) == spec.hex_count
    for curve in hexes:  # six corners, closed
        assert len({(round(x, 2), round(y, 2)) for x, y in curve["pts"]}) == 6


def test_backs_lie_behind_their_fronts(printed: tuple[BoxSpec, list[Any]]) -> None:
    spec, pages = printed
    checked = 0
    for front, back in zip(pages[::2], pages[1::2], strict=False):
        if not _cut_curves(front, spec.round_token, spec.round_token):
            continue
        assert front.width < front.height  # portrait: the long edge mirrors x
        fronts = sorted(
            (
                round(float(front.width) - (i["x0"] + i["x1"]) / 2, 1),
                round((i["top"] + i["bottom"]) / 2, 1),
            )
            for i in front.images
        )
        backs = sorted(
            (round((i["x0"] + i["x1"]) / 2, 1), round((i["top"] + i["bottom"]) / 2, 1))
            for i in back.images
        )
        assert fronts == backs
        checked += 1
    assert checked >= 1


def test_die_stickers_are_the_dies_size(printed: tuple[BoxSpec, list[Any]]) -> None:
    spec, pages = printed
    edge = spec.die_edge * MM
    squares = [
        r for p in pages for r in p.rects if _near(r["width"], edge) and _near(r["height"], edge)
    ]
    assert len(squares) == len(spec.die_faces)


def _distinct(values: list[float]) -> list[float]:
    found: list[float] = []
    for value in sorted(values):
        if not found or value - found[-1] > 0.05:
            found.append(value)
    return found


def test_tuck_box_faces_fit_the_deck(printed: tuple[BoxSpec, list[Any]]) -> None:
    spec, pages = printed
    (page,) = [p for p in pages if any(line["dash"] for line in p.lines)]
    folds = [line for line in page.lines if line["dash"]]
    xs = _distinct([line["x0"] for line in folds if line["width"] < 0.01])
    ys = _distinct([line["y0"] for line in folds if line["height"] < 0.01])
    card_w, card_h = spec.card_sizes["hero"]
    width = (card_w + 2 * spec.clearance) * MM
    height = (card_h + 2 * spec.clearance) * MM
    depth = (spec.tuck_holds * spec.card_thickness + 2 * spec.clearance) * MM
    steps = [b - a for a, b in itertools.pairwise(xs)]
    assert len(steps) == 3  # front | side | back | side: four folds across
    assert all(_near(a, b) for a, b in zip(steps, [width, depth, width], strict=True))
    rises = [b - a for a, b in itertools.pairwise(ys)]
    assert len(rises) == 2  # bottom | body | lid: the lid is as deep as the box
    assert _near(rises[0], height) and _near(rises[1], depth)


def test_mat_is_cut_at_its_size(printed: tuple[BoxSpec, list[Any]]) -> None:
    spec, pages = printed
    (page,) = [p for p in pages if p.lines and not p.curves and not p.rects]
    marks = [line for line in page.lines if not line["dash"]]
    xs = _distinct([m["x0"] for m in marks if m["width"] < 0.01])
    ys = _distinct([m["y0"] for m in marks if m["height"] < 0.01])
    assert len(xs) == len(ys) == 2
    assert _near(xs[1] - xs[0], spec.mat[0] * MM)
    assert _near(ys[1] - ys[0], spec.mat[1] * MM)


def test_gallery_shows_every_component(tmp_path: Path) -> None:
    from cardgen.printing.component_print import pnp_components
    from cardgen.project import Project
    from cardgen.web.gallery_components import components_section

    box_game(tmp_path, 2)
    project = Project(tmp_path)
    made = pnp_components(project, GAME_ID)
    out = tmp_path / "output" / GAME_ID
    html = components_section(project.game(GAME_ID), made.pictures, out)
    for component in ("coin", "ward", "camp", "omen", "hero-box"):
        assert f'id="component-{component}"' in html
    assert "Fame" in html  # the counter, listed
    for picture in made.pictures:
        for path in picture.files:
            assert f'src="{path.relative_to(out).as_posix()}"' in html
