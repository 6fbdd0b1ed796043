"""The ink saver, in pixels: the background and a large fill come out lighter (blended 60 %
toward white), while text, a frame's outline, a line, an icon and a small fill keep their
colours exactly; generated colours; the cache key and the pnp PDF keep the two apart."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from click.testing import Result
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageStat
from pypdf import PdfReader

from cardgen.model.layout import Layout
from cardgen.render.card import render_face
from cardgen.render.ink import lightened
from cardgen.render.renderer import GameRenderer

Run = Callable[..., Result]
DARK = "#203050"
PANEL = "#802010"
FRAME = "#101010"
GEM = "#c02080"
INK = "#000000"


def face(background: str, panel: str, *, ink_saver: bool) -> Image.Image:
    """A 2 x 3 in face at 50 dpi: a background; a panel (a large fill, 80 % of the face)
    with a 6 px frame; a small gem; a line; black text in the panel; an icon."""
    layout = Layout.model_validate(
        {
            "name": "ink",
            "background": background,
            "bleed": "0",
            "size": "2in x 3in",
            "dpi": 50,
            "elements": {
                "panel": {
                    "kind": "rect",
                    "x": "0.1in",
                    "y": "0.1in",
                    "width": "1.8in",
                    "height": "2.8in",
                    "fill": panel,
                    "stroke": FRAME,
                    "stroke_width": "0.12in",
                },
                "gem": {
                    "kind": "rect",
                    "x": "1.4in",
                    "y": "0.3in",
                    "width": "0.3in",
                    "height": "0.3in",
                    "fill": GEM,
                },
                "line": {
                    "kind": "line",
                    "x": "0.3in",
                    "y": "2.5in",
                    "width": "1.4in",
                    "height": "0.1in",
                    "points": [[0, 0], ["1.4in", 0]],
                    "stroke": INK,
                    "stroke_width": "4pt",
                },
                "title": {
                    "kind": "text",
                    "x": "0.3in",
                    "y": "1in",
                    "width": "1.4in",
                    "height": "1in",
                    "text": "IIII",
                    "size": 40,
                    "color": INK,
                },
            },
        }
    )
    image, _ = render_face(
        layout,
        {},
        subject=None,
        project_root=Path.cwd(),
        game_folder=Path.cwd(),
        ink_saver=ink_saver,
    )
    return image


def rgb(color: str) -> tuple[int, int, int]:
    return tuple(int(color[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


COLOURS = st.tuples(*[st.integers(60, 220)] * 3).map(lambda c: "#" + "".join(f"{v:02x}" for v in c))
"""Fills that black text stands out on."""


@settings(max_examples=15, deadline=None)
@given(background=COLOURS, panel=COLOURS)
def test_backgrounds_and_large_fills_lighten_and_the_rest_keeps_its_colour(
    background: str, panel: str
) -> None:
    plain, saver = face(background, panel, ink_saver=False), face(background, panel, ink_saver=True)
    assert plain.size == saver.size == (100, 150)
    spots = {
        "background": (2, 2),
        "panel": (20, 110),
        "frame": (6, 75),
        "gem": (78, 22),
        "line": (50, 125),
    }
    for name, spot in spots.items():
        before, after = plain.getpixel(spot), saver.getpixel(spot)
        if name in ("background", "panel"):
            # 60 % of the way to white, each channel (to the rounding)
            wanted = tuple(round(c + (255 - c) * 0.6) for c in before)  # type: ignore[union-attr]
            assert all(abs(a - w) <= 1 for a, w in zip(after, wanted, strict=True)), name  # type: ignore[arg-type]
            assert sum(after) > sum(before), name  # type: ignore[arg-type]
        else:
            assert after == before, name
    assert plain.getpixel(spots["frame"]) == rgb(FRAME)
    assert plain.getpixel(spots["gem"]) == rgb(GEM)
    # the text: every pixel it covers wholly (black on the plain face) is black on the saver's
    text = [
        (x, y) for x in range(15, 85) for y in range(50, 100) if plain.getpixel((x, y)) == (0, 0, 0)
    ]
    assert len(text) > 100
    assert all(saver.getpixel(spot) == (0, 0, 0) for spot in text)


def test_lightened_keeps_alpha_and_goes_toward_white() -> None:
    assert lightened("#000000") == "#999999"
    assert lightened("#ffffff") == "#ffffff"
    assert lightened("#ff000080") == "#ff999980"


def test_the_cache_key_of_an_ink_saver_image_is_its_own(make_project: Callable[..., Path]) -> None:
    root = make_project()
    plain = GameRenderer.open(root, "tiny")
    saver = GameRenderer.open(root, "tiny", ink_saver=True)
    card = plain.pack.cards[0]
    assert plain.card_key(card) != saver.card_key(card)
    back = plain.pack.game.types[card.type].back
    assert plain.back_key(back) != saver.back_key(back)
    assert plain.card(card)[0] != saver.card(card)[0]


def test_pnp_ink_saver_prints_lighter_cards_under_their_own_name(
    make_project: Callable[..., Path], run: Run
) -> None:
    root = make_project()
    done = run("pnp", "tiny", "--project", root, "--jobs", "1", "--ink-saver", "--duplex", "none")
    assert done.exit_code == 0, done.output
    pdf = root / "output" / "tiny" / "tiny-a4-simplex-ink-saver.pdf"
    assert done.stdout.splitlines() == [
        f"{pdf}: 2 pages, 12 cards",
        "  Print at 100 % (Actual size).",
    ]
    plain = root / "output" / "tiny" / "tiny-a4-simplex.pdf"
    assert run("pnp", "tiny", "--project", root, "--jobs", "1", "--duplex", "none").exit_code == 0

    def mean(path: Path) -> float:
        """The mean brightness of every card image the PDF embeds."""
        reader = PdfReader(path)
        values = []
        for image in reader.pages[0].images:
            values.append(ImageStat.Stat(image.image.convert("L")).mean[0])
        return sum(values) / len(values)

    assert mean(pdf) > mean(plain)  # tiny's built-in layout is white but for its panels
    cards = root / "output" / "tiny" / "ink-saver" / "cards"
    assert sorted(p.name for p in cards.iterdir()) == sorted(
        p.name for p in (root / "output" / "tiny" / "cards").iterdir()
    )
    refused = run("pnp", "tiny", "--project", root, "--ink-saver", "--printer", "tgc")
    assert refused.exit_code == 2 and "--ink-saver" in refused.stderr
