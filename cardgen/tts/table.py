"""The cards on a Tabletop Simulator table: each group (the box's decks, or one deck list)
is a row of piles dealt from the game's `setup.piles` (the Persona apart, the Yokai decks
by colour face up, ...), the cards no pile takes forming one more deck; a pile becomes a
`Deck` of `Card`s on its sprite sheets (a lone `Card` for one copy).

A pile holds cards of one size (TTS scales a deck as one object): a pile the setup would
fill with cards of several sizes becomes one pile per size (`by_size`), each scaled and
spaced by its own (`cardgen.tts.sizes`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from cardgen.load.game import GamePack
from cardgen.model.card import Card
from cardgen.model.game import Pile
from cardgen.model.select import matches
from cardgen.tts import sheets as tts_sheets
from cardgen.tts.ids import Ids
from cardgen.tts.images import TableImages
from cardgen.tts.objects import bbcode, common, scripts, transform
from cardgen.tts.sizes import CardSize, spread
from cardgen.write import slug

PILE_SPACING = 3.2
GROUP_SPACING = 5.0


@dataclass(frozen=True)
class Copy:
    """One copy of a card to put on the table, with its face and back images and its trim."""

    card: Card
    face: tts_sheets.Face
    back: tts_sheets.Face
    back_id: str
    size: CardSize


@dataclass
class TablePile:
    """A stack of cards on the table."""

    label: str
    copies: list[Copy]
    face_up: bool
    place: str = "middle"
    """Where a shared pile lies (the setup pile's `place`)."""

    @property
    def size(self) -> CardSize:
        """The size of the pile's cards (one size a pile: `by_size`)."""
        sizes = {copy.size.key for copy in self.copies}
        if len(sizes) != 1:
            raise ValueError(f"pile {self.label!r} mixes card sizes: {sorted(sizes)}")
        return self.copies[0].size


def by_size(pile: TablePile) -> list[TablePile]:
    """The pile itself when its cards are of one size, else one pile per size in the order
    the sizes first come, each labelled with its size (`Deck (88 x 63 mm landscape)`): TTS
    scales a whole deck as one object, so a deck of two sizes would show one of them
    stretched."""
    sizes: dict[tuple[float, float], list[Copy]] = {}
    for copy in pile.copies:
        sizes.setdefault(copy.size.key, []).append(copy)
    if len(sizes) <= 1:
        return [pile]
    return [
        TablePile(f"{pile.label} ({copies[0].size.label})", copies, pile.face_up, pile.place)
        for copies in sizes.values()
    ]


class TableBuilder:
    """Builds the objects of one saved object: piles of cards, boards, counters."""

    def __init__(self, pack: GamePack, images: TableImages, *, keywords: list[str]) -> None:
        self.pack = pack
        self.images = images
        self.keywords = keywords
        self.ids = Ids(pack.id)
        self.stems: set[str] = set()

    def unique_stem(self, stem: str) -> str:
        """A sheet stem no pile of this save has taken: `stem`, else `stem-2`, `stem-3`..."""
        found, number = stem, 1
        while found in self.stems:
            number += 1
            found = f"{stem}-{number}"
        self.stems.add(found)
        return found

    def card_object(
        self,
        copy: Copy,
        card_id: int,
        key: int,
        entry: dict[str, Any],
        identity: str,
        placed: dict[str, float],
    ) -> dict[str, Any]:
        """One card of a pile: its name, text as BBCode, fields in the GM notes, its sheet."""
        card = copy.card
        ctype = self.pack.game.types[card.type]
        data = common(
            self.ids.guid(identity),
            "Card",
            placed,
            card.name,
            bbcode(card.text, self.keywords),
            json.dumps({"type": card.type, **card.fields}, ensure_ascii=False, sort_keys=True),
            tags=[ctype.label],
        )
        data.update(
            {
                "HideWhenFaceDown": True,
                "Hands": True,
                "CardID": card_id,
                "SidewaysCard": copy.size.sideways,
                "CustomDeck": {str(key): entry},
            }
        )
        return scripts(data)

    def pile(
        self,
        pile: TablePile,
        identity: str,
        stem: str,
        x: float,
        z: float,
        rot_y: float = 180.0,
    ) -> dict[str, Any]:
        """A Deck of the pile's copies (a lone Card for one copy), with its sheets, scaled
        to its cards' size (sideways when they are landscape) and turned `rot_y` about Y
        (180: read from the near side)."""
        size = pile.size
        scale = size.scale
        images = self.images
        distinct: list[Copy] = []
        seen: dict[str, int] = {}
        for copy in pile.copies:
            if copy.card.name not in seen:
                seen[copy.card.name] = len(distinct)
                distinct.append(copy)
        entries: dict[str, dict[str, Any]] = {}
        where: dict[str, tuple[int, int, dict[str, Any]]] = {}
        trim_w, trim_h = tts_sheets.trim_size(distinct[0].face)
        for index, group in enumerate(tts_sheets.chunks([c.face for c in distinct])):
            members = distinct[index * 70 : index * 70 + len(group)]
            layout = tts_sheets.sheet_layout(len(group), trim_w, trim_h)
            name = f"{stem}-{index + 1}"
            face = images.sheet(f"sheets/{name}", group, layout)
            backs = {c.back.path for c in members}
            unique = len(backs) > 1
            if unique:
                back = images.sheet(f"sheets/{name}-backs", [c.back for c in members], layout)
            else:
                back = images.back(members[0].back, members[0].back_id)
            key = self.ids.key(f"{identity}|{index}|{images.content(group, layout)}")
            entry: dict[str, Any] = {}
            images.link(entry, "FaceURL", face)
            images.link(entry, "BackURL", back)
            entry.update(
                {
                    "NumWidth": layout.cols,
                    "NumHeight": layout.rows,
                    "BackIsHidden": True,
                    "UniqueBack": unique,
                    "Type": 0,
                }
            )
            entries[str(key)] = entry
            for slot, copy in enumerate(members):
                where[copy.card.name] = (key, slot, entry)
        placed = transform(
            x, z, face_up=pile.face_up, rot_y=rot_y, scale_x=scale[0], scale_z=scale[1]
        )
        cards = []
        for number, copy in enumerate(pile.copies):
            key, slot, entry = where[copy.card.name]
            cards.append(
                self.card_object(
                    copy,
                    key * 100 + slot,
                    key,
                    entry,
                    f"{identity}|{number}|{copy.card.name}",
                    placed,
                )
            )
        if len(cards) == 1:
            cards[0]["Nickname"] = cards[0]["Nickname"] or pile.label
            return cards[0]
        deck = common(self.ids.guid(identity), "Deck", placed, pile.label, f"{len(cards)} cards")
        deck.update(
            {
                "HideWhenFaceDown": True,
                "Hands": False,
                "SidewaysCard": size.sideways,
                "DeckIDs": [c["CardID"] for c in cards],
                "CustomDeck": entries,
            }
        )
        scripts(deck)
        deck["ContainedObjects"] = cards
        return deck

    def group_objects(
        self, z: float, label: str, piles: list[TablePile], groups: int
    ) -> list[dict[str, Any]]:
        """A row of the table at `z`: the group's piles (`arrange`) side by side, each as
        far from the next as their widths ask (a label and file names of their own when
        the table has more than one group)."""
        xs = spread([pile.size.reach[0] for pile in piles], PILE_SPACING, centred=True)
        objects = []
        for column, (pile, x) in enumerate(zip(piles, xs, strict=True)):
            prefix = f"{label} - " if groups > 1 else ""
            pile.label = prefix + pile.label
            stem = "-".join(
                part
                for part in (
                    slug(label) if groups > 1 else "",
                    slug(pile.label.removeprefix(prefix)),
                )
                if part
            )
            stem = self.unique_stem(stem)  # two piles of one label: sheets of their own
            objects.append(self.pile(pile, f"{slug(label)}|{column}|{pile.label}", stem, x, z))
        return objects


def arrange(game_piles: list[Pile], copies: list[Copy], pack: GamePack) -> list[TablePile]:
    """Deal the copies into the game's setup piles, in order; what is left is one more deck."""
    piles, left = take_piles(game_piles, copies)
    return piles + leftover_pile(pack, left)


def leftover_pile(pack: GamePack, left: list[Copy]) -> list[TablePile]:
    """The copies no setup pile took as one more face-down deck, named after their types
    (none when every copy was taken)."""
    if not left:
        return []
    labels = sorted({pack.game.types[c.card.type].plural_label for c in left})
    return by_size(TablePile(" & ".join(labels) if len(labels) < 3 else "Deck", left, False))


def take_piles(game_piles: list[Pile], copies: list[Copy]) -> tuple[list[TablePile], list[Copy]]:
    """The setup piles the copies make, in order, and the copies no pile took.

    A pile takes the matching copies not yet taken (at most `count`); with `group_by` it
    makes one pile per value of that field, each of at most `count`. A copy no pile takes
    (one past a group's `count` too) is left for the piles after it, and then for the
    leftover deck: no copy of the box is ever lost.
    """
    left = list(range(len(copies)))  # positions, not objects: copies of a card are equal
    piles: list[TablePile] = []
    for spec in game_piles:
        chosen = [i for i in left if matches(copies[i].card, spec.where)]
        if spec.group_by:
            groups: dict[str, list[int]] = {}
            for i in chosen:
                groups.setdefault(str(copies[i].card.get(spec.group_by)), []).append(i)
            if spec.count is not None:
                groups = {value: members[: spec.count] for value, members in groups.items()}
            taken = {i for members in groups.values() for i in members}
            for value, members in groups.items():
                grouped = [copies[i] for i in members]
                label = f"{spec.label}: {value}"
                piles.extend(by_size(TablePile(label, grouped, spec.face_up, spec.place)))
        else:
            chosen = chosen[: spec.count] if spec.count is not None else chosen
            taken = set(chosen)
            if chosen:
                chosen_copies = [copies[i] for i in chosen]
                pile = TablePile(spec.label, chosen_copies, spec.face_up, spec.place)
                piles.extend(by_size(pile))
        left = [i for i in left if i not in taken]
    return piles, [copies[i] for i in left]
