"""A print shop's upload set by decks (The Game Crafter): one deck per card size and back,
each deck's back image once and then its fronts, a PNG per face at the deck's template
size (the trim landing where the template puts it, as `shop_images` fits it), and a list
saying which product to make and what to upload where.

The Game Crafter's deck has one back image for all its cards, so cards of one size with
different backs go to decks of their own (docs/printing.md, The Game Crafter).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.model.print_specs import ShopPreset
from cardgen.printing.imposition import Face
from cardgen.printing.shop_images import (
    LISTING,
    Template,
    copies_of,
    shop_template,
    template_face,
    template_sizes,
)
from cardgen.write import Writer, slug


@dataclass
class Deck:
    """One deck to make at the shop: its template, its back and its cards with copies."""

    template: Template
    back: tuple[Path, float] | None
    cards: dict[Face, int] = field(default_factory=dict)


def decks(faces: Sequence[Face], shop: ShopPreset) -> list[Deck]:
    """The decks the faces make, in print order: one per template (card size) and back."""
    found: dict[tuple[int, int, tuple[Path, float] | None], Deck] = {}
    for face, count in copies_of(faces).items():
        template = shop_template(face, shop)
        back = None if face.back is None else (face.back, face.back_bleed)
        key = (template.width, template.height, back)
        deck = found.setdefault(key, Deck(template, back))
        deck.cards[face] = count
    return list(found.values())


def deck_images(
    faces: Sequence[Face], folder: Path, *, title: str, shop: ShopPreset
) -> tuple[Path, list[Path], int]:
    """Write a shop's upload set by decks into `folder`: for deck N, `dN-back-<product>.png`
    and `dN-cardNNN-xCOPIES-<card>.png` for each of its cards, at the template's exact size,
    and `upload.txt` saying what to upload where; the listing's path, the images' and the
    cards."""
    made = decks(faces, shop)
    writer = Writer(folder)
    images: list[Path] = []
    lines: list[str] = []
    deck_width = len(str(len(made)))
    for number, deck in enumerate(made, start=1):
        prefix = f"d{number:0{deck_width}d}"
        product = deck.template.product or "deck"
        size = f"{deck.template.width} x {deck.template.height} px"
        lines += ["", f"Deck {number}: a {product} ({size}), {sum(deck.cards.values())} cards."]
        if deck.back is None:
            lines.append("  back   (none: these cards have no back; choose the shop's plain back)")
        else:
            name = f"{prefix}-back-{slug(product) or 'deck'}.png"
            first = next(iter(deck.cards))
            data = template_face(deck.back[0], first, deck.back[1], deck.template, shop.dpi)
            images.append(writer.write_if_changed(name, data))
            lines.append(f"  back   {name}")
        card_width = max(3, len(str(len(deck.cards))))
        for index, (face, count) in enumerate(deck.cards.items(), start=1):
            card = slug(face.name) or "card"
            name = f"{prefix}-card{index:0{card_width}d}-x{count}-{card}.png"
            data = template_face(face.front, face, face.bleed, deck.template, shop.dpi)
            images.append(writer.write_if_changed(name, data))
            lines.append(f"  x{count:<5} {name}  {face.name}")
    total = sum(sum(deck.cards.values()) for deck in made)
    distinct = sum(len(deck.cards) for deck in made)
    head = [
        f"{title}: {shop.shop} upload set, {total} cards ({distinct} different) in"
        f" {len(made)} deck{'s' if len(made) != 1 else ''}.",
        f"Every image is its deck's template size ({template_sizes(copies_of(faces), shop)}) at"
        f" {shop.dpi} dpi, the trim inset by the template's bleed.",
        f"For each deck: make the product it names in your game at {shop.shop}, upload its"
        " back as the deck's back (one image for every card of the deck), then upload its"
        " fronts, one card each, and set each card's quantity to the xN in its name.",
    ]
    listing = writer.write_if_changed(LISTING, ("\n".join([*head, *lines]) + "\n").encode())
    return listing, images, total
