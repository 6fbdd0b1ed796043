"""The render cache sees a game's icon files: a card's key holds the hash of every icon
file its text may draw, so editing `icons/coin.svg` redraws exactly the cards using it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from click.testing import Result
from PIL import Image

from cardgen.render.game import GameRenderer
from tests.iconfiles import DOT, TWO

Make = Callable[..., Path]
Run = Callable[..., Result]


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
