"""The Game Crafter's upload set, read back from the files `cardgen pnp --printer tgc`
writes. The numbers are TGC's own product images (docs/research/print-shops.md, section
3: its catalogue as khenn/thegamecrafter-mcp lists it, each product page
https://www.thegamecrafter.com/make/products/<Identity>), written here, not read from the
preset: a poker face is 825 x 1125 px at 300 dpi with 1/8 in (37.5 px) of bleed, so the
trim is 750 x 1050 px, 37.5 px in from every edge. A deck has one back image for all its
cards, so there is one deck per card size and back: its back once, then its fronts."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from tests.oracles.games import Row, cli, ok, write_game
from tests.printing.test_shop_images import BLEED_RGB, MARKED, TRIM_RGB, trim_edge, upload_set

POKER_PX = (825, 1125)  # PokerDeck
BLEED_PX = 37.5  # 1/8 in at 300 dpi
SIZES_PX = {  # layout size -> TGC's image for that deck
    "bridge": (750, 1125),  # BridgeDeck, 2.25 x 3.5 in
    "tarot": (900, 1500),  # TarotDeck, 2.75 x 4.75 in
    "mini": (600, 825),  # MiniDeck, 1.75 x 2.5 in
    "square": (1125, 1125),  # SquareDeck, 3.5 x 3.5 in
    "jumbo": (1125, 1725),  # JumboDeck, 3.5 x 5.5 in
    "2in x 3.5in": (675, 1125),  # BusinessDeck
    "1.25in x 1.75in": (450, 600),  # MicroDeck
}
SMALL = "extends: builtin:card\ndpi: 50\n"  # small renders keep the tests quick


def test_one_deck_per_back_its_back_first_then_its_fronts(tmp_path: Path) -> None:
    """Alpha and Gamma (type t0) share a back, Beta (t1) has another: two decks."""
    out, said, names = upload_set(tmp_path, "tgc", SMALL + "size: poker\n")
    assert said == f"{out / 'upload.txt'}: 5 images, 6 cards"
    assert names == [
        "d1-back-poker-deck.png",
        "d1-card001-x1-alpha.png",
        "d1-card002-x2-gamma.png",
        "d2-back-poker-deck.png",
        "d2-card001-x3-beta.png",
        "upload.txt",
    ]
    for name in names[:-1]:
        with Image.open(out / name) as png:
            assert (png.size, png.mode) == (POKER_PX, "RGB"), name
            assert png.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    assert (out / names[0]).read_bytes() != (out / names[3]).read_bytes()
    listing = (out / "upload.txt").read_text(encoding="utf-8").splitlines()
    assert listing[0] == (
        "Generated Game: The Game Crafter upload set, 6 cards (3 different) in 2 decks."
    )
    assert listing[4:] == [
        "Deck 1: a Poker Deck (825 x 1125 px), 3 cards.",
        "  back   d1-back-poker-deck.png",
        "  x1     d1-card001-x1-alpha.png  Alpha",
        "  x2     d1-card002-x2-gamma.png  Gamma",
        "",
        "Deck 2: a Poker Deck (825 x 1125 px), 3 cards.",
        "  back   d2-back-poker-deck.png",
        "  x3     d2-card001-x3-beta.png  Beta",
    ]


@pytest.mark.parametrize("size", sorted(SIZES_PX))
def test_each_card_size_gets_its_decks_image(tmp_path: Path, size: str) -> None:
    root = write_game(tmp_path, [Row("Alpha", "t0", 2)], layout=SMALL + f"size: {size}\n")
    out = tmp_path / "upload"
    ok("pnp", "gen", "--project", root, "--out", out, "--printer", "tgc")
    images = sorted(out.glob("*.png"))
    assert [p.name[:8] for p in images] == ["d1-back-", "d1-card0"]
    for path in images:
        with Image.open(path) as png:
            assert png.size == SIZES_PX[size], path.name


@pytest.mark.parametrize("dpi", [300, 600])
def test_the_trim_lands_37_5_px_in(tmp_path: Path, dpi: int) -> None:
    """A card whose bleed is magenta and trim green: at 300 dpi the render is already TGC's
    image (its edge pixel half bleed, half card), at 600 dpi it is halved onto it exactly."""
    root = write_game(tmp_path, [Row("Alpha", "t0")], layout=MARKED + f"dpi: {dpi}\n")
    ok("pnp", "gen", "--project", root, "--out", tmp_path / "tgc", "--printer", "tgc")
    with Image.open(tmp_path / "tgc" / "d1-card001-x1-alpha.png") as png:
        assert png.size == POKER_PX
        image = png.convert("RGB")
    width, height = POKER_PX
    lines = [
        [image.getpixel((x, height // 2)) for x in range(75)],
        [image.getpixel((width // 2, y)) for y in range(75)],
        [image.getpixel((x, height // 2)) for x in range(width - 1, width - 76, -1)],
        [image.getpixel((width // 2, y)) for y in range(height - 1, height - 76, -1)],
    ]
    for line in lines:
        assert line[0] == BLEED_RGB and line[-1] == TRIM_RGB
        assert trim_edge(line) == pytest.approx(BLEED_PX, abs=0.5 if dpi == 300 else 0.02)
        assert (line[36], line[38]) == (BLEED_RGB, TRIM_RGB)


def test_a_size_tgc_has_no_image_for_is_refused(tmp_path: Path) -> None:
    root = write_game(tmp_path, [Row("Alpha", "t0")], layout=SMALL + "size: 70mm x 120mm\n")
    result = cli("pnp", "gen", "--project", root, "--printer", "tgc")
    assert result.exit_code == 2 and "Traceback" not in result.output
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith(
        "error: The Game Crafter has no template for type 't0' (70 x 120 mm, 1 card) (it has:"
        " 2.5 x 3.5 in, 2.25 x 3.5 in, 2.75 x 4.75 in,"
    )
    assert line.endswith("); use home sheets")
    assert not (root / "output" / "gen" / "gen-tgc").exists()  # refused before any image
