"""The playtest table's opening state: the piles, hands, counters and dice of a game set up
for N players, as the page `table.html` (and `cardgen serve`'s `/table`) starts from.

The cards are dealt by the TTS table's own plan (`cardgen.tts.deal.plan_table`): the same
seats' piles from the same deck lists, the same deal, the same shared piles and the same
box pile, in the same seeded order. What the page adds is in the record: the seats' hand
size and draw pile, the counters and dice of the game's components and the rulebook's
link. The record is JSON at the page's edge (`as_json`): the same input, the same bytes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Literal

from pydantic import Field

from cardgen.load.game import GamePack
from cardgen.model.base import Strict
from cardgen.model.components import CounterComponent, Die
from cardgen.tts.deal import Counts, TablePlan, counter_start, plan_table
from cardgen.tts.sheets import Face
from cardgen.tts.sizes import CardSize
from cardgen.tts.table import Copy, TablePile
from cardgen.web.table_board import (
    Holder,
    TableBoard,
    TableHeld,
    TablePiece,
    TableTeam,
    TableTokens,
    holders,
    player_label,
    table_boards,
    table_pieces,
    table_teams,
    table_tokens,
)
from cardgen.write import slug


class TableCard(Strict):
    """One card of the game as the table shows it (each copy on the table refers to it)."""

    name: str = Field(description="The card's name.")
    type: str = Field(description="The id of its card type.")
    front: str = Field(description="Its face image, relative to the page (`cards/x.png`).")
    back: str = Field(description="Its back image, relative to the page (`backs/x.png`).")
    width_mm: float = Field(description="Its trim width in millimetres.")
    height_mm: float = Field(description="Its trim height in millimetres.")
    bleed_mm: float = Field(description="The bleed around the trim in its images, in mm.")


class TablePileState(Strict):
    """A pile on the table at the start: its cards top first."""

    id: str = Field(description="Its id, unique on the table (`seat-1-shard-deck`).")
    label: str = Field(description="Its name, as the TTS table labels it.")
    owner: int | None = Field(description="The seat (0 first) whose pile it is; None: shared.")
    place: Literal["seat", "middle", "left", "right", "ends", "box"] = Field(
        description="Where it lies: before its seat, among the shared piles, or in the box."
    )
    face_up: bool = Field(description="Whether it lies face up.")
    cards: list[int] = Field(description="Its cards top first, as indexes into `cards`.")


class TableSeat(Strict):
    """A player's seat: what they draw at the start and from where."""

    number: int = Field(description="The seat's number, 0 first.")
    label: str = Field(description="The player's name on the page (`Player 1`).")
    deck: str = Field(description="The deck list its own piles come from ('' none).")
    hand: int = Field(description="Cards to draw into the hand at the start (`setup.hand`).")
    draw_pile: str | None = Field(description="The id of the pile it draws from (None: none).")


class TableCounter(TableHeld):
    """A counter of the game's components, one per holder (seat, team or the table)."""

    description: str = Field(description="What it is for.")
    start: int = Field(description="Its value at the start.")
    min: int | None = Field(description="The lowest it goes (None: no bound).")
    max: int | None = Field(description="The highest it goes (None: no bound).")


class TableDie(TableHeld):
    """A die of the game's components, one per holder and copy."""

    faces: list[str] = Field(description="What each face shows, in order (a d6: `1`..`6`).")


class TableState(Strict):
    """The table for `players`, as the page starts it: every card where the deal put it."""

    game: str = Field(description="The game's id.")
    name: str = Field(description="The game's name.")
    language: str = Field(description="The language of the game's own words (`en`, `fr`).")
    players: int = Field(description="How many players sit at the table.")
    players_min: int = Field(description="The fewest players the game takes.")
    players_max: int = Field(description="The most players the game takes.")
    setup: str = Field(description="What set the table up: players and deck lists.")
    key: str = Field(description="Where the page keeps its state: game, setup and a digest.")
    seed: str = Field(description="The seed the page's shuffles and rolls start from.")
    notes: str = Field(description="The game's own setup notes.")
    rules: str | None = Field(description="The rulebook page, relative to the table's page.")
    cards: list[TableCard] = Field(description="Each card of the game the table holds.")
    piles: list[TablePileState] = Field(description="Every pile: the seats', shared, the box.")
    seats: list[TableSeat] = Field(description="Each seat, in order.")
    counters: list[TableCounter] = Field(description="The counters, by holder.")
    dice: list[TableDie] = Field(description="The dice, by holder.")
    teams: list[TableTeam] = Field(description="The game's teams and their players.")
    boards: list[TableBoard] = Field(description="The grid boards and mats, their cells.")
    pieces: list[TablePiece] = Field(description="The playing pieces and where they start.")
    tokens: list[TableTokens] = Field(description="The token pools, by holder and design.")

    def as_json(self) -> str:
        """The record as the page embeds it: sorted keys, no spaces, `<` escaped (it sits in
        a script element)."""
        text = json.dumps(self.model_dump(), sort_keys=True, separators=(",", ":"))
        return text.replace("<", "\\u003c")


class _Piles:
    """The record's piles, each with an id of its own, its cards as card indexes."""

    def __init__(self, index: Mapping[str, int]) -> None:
        self.index = index
        self.piles: list[TablePileState] = []
        self.ids: set[str] = set()

    def add(self, pile: TablePile, stem: str, owner: int | None, place: str) -> str:
        """Record `pile` with an id made from `stem` and its label; the id."""
        found = base = slug(f"{stem} {pile.label}") or stem
        number = 1
        while found in self.ids:
            number += 1
            found = f"{base}-{number}"
        self.ids.add(found)
        cards = [self.index[copy.card.name] for copy in pile.copies]
        self.piles.append(
            TablePileState(
                id=found,
                label=pile.label,
                owner=owner,
                place=place,
                face_up=pile.face_up,
                cards=cards,
            )
        )
        return found


def _draw_pile(pack: GamePack, piles: Sequence[TablePileState], seat: int) -> str | None:
    """The pile a seat draws its hand from: `setup.draw_pile`'s (its own, else shared),
    else its first face-down pile, else the first face-down shared pile."""
    setup = pack.game.setup
    named = next((p for p in setup.piles if p.id == setup.draw_pile), None)
    mine = [p for p in piles if p.owner == seat]
    shared = [p for p in piles if p.owner is None and p.place != "box"]
    for group in (mine, shared):
        for pile in group:
            if named is not None and pile.label.startswith(named.label):
                return pile.id
    if named is None:
        for group in (mine, shared):
            for pile in group:
                if not pile.face_up:
                    return pile.id
    return None


def _counters(pack: GamePack, plan: TablePlan) -> list[TableCounter]:
    found = []
    for counter in pack.game.counters:
        for seat, team, stem, holder in holders(pack, counter.owner, plan.players):
            piles = plan.seats[seat].piles if seat is not None else plan.shared
            start = counter_start(counter, piles)
            found.append(
                _counter(counter, (seat, team if seat is None else None, stem, holder), start)
            )
    return found


def _counter(counter: CounterComponent, who: Holder, start: int) -> TableCounter:
    seat, team, stem, holder = who
    return TableCounter(
        id=f"{stem}-{counter.id}",
        label=counter.label,
        description=counter.description,
        owner=seat,
        team=team,
        holder=holder,
        start=start,
        min=counter.min,
        max=counter.max,
    )


def _dice(pack: GamePack, players: int) -> list[TableDie]:
    found = []
    for die in (c for c in pack.game.components if isinstance(c, Die)):
        faces = [f.text or f.icon or str(f.value) for f in die.all_faces()]
        for seat, team, stem, holder in holders(pack, die.owner, players):
            for copy in range(die.count):
                number = f"-{copy + 1}" if die.count > 1 else ""
                found.append(
                    TableDie(
                        id=f"{stem}-{die.id}{number}",
                        label=die.label,
                        owner=seat,
                        team=team if seat is None else None,
                        holder=holder,
                        faces=faces,
                    )
                )
    return found


def table_state(
    pack: GamePack,
    players: int,
    decks: Sequence[tuple[str, Counts]],
    faces: Mapping[str, TableCard],
    *,
    rules: str | None = None,
) -> TableState:
    """The table for `players` (refused outside the game's range, as `cardgen tts` refuses
    it), its seats' piles from `decks` (one per seat when the game has `player` piles),
    each card's images and size from `faces` (`table_faces`), `rules` the rulebook page's
    link."""
    named = [c for c in pack.cards if c.name in faces]
    copy_of = {
        card.name: Copy(
            card,
            Face(Path(faces[card.name].front), 0),
            Face(Path(faces[card.name].back), 0),
            pack.game.types[card.type].back,
            CardSize(faces[card.name].width_mm, faces[card.name].height_mm),
        )
        for card in named
    }
    plan = plan_table(pack, players, decks, copy_of)
    index = {card.name: number for number, card in enumerate(named)}
    piles = _Piles(index)
    for number, seat in enumerate(plan.seats):
        for pile in seat.piles:
            piles.add(pile, f"seat-{number + 1}", number, "seat")
    for pile in plan.shared:
        piles.add(pile, "shared", None, pile.place)
    for pile in plan.rest:
        piles.add(pile, "box", None, "box")
    boards = table_boards(pack, players)
    setup = f"{players} players" + "".join(f", {label}" for label, _ in decks)
    cards = [faces[card.name] for card in named]
    seats = [
        TableSeat(
            number=number,
            label=player_label(number),
            deck=seat.deck,
            hand=pack.game.setup.hand or 0,
            draw_pile=_draw_pile(pack, piles.piles, number),
        )
        for number, seat in enumerate(plan.seats)
    ]
    state = TableState(
        game=pack.id,
        name=pack.game.name,
        language=pack.game.language,
        players=players,
        players_min=pack.game.players.min,
        players_max=pack.game.players.max,
        setup=setup,
        key="",
        seed=f"{pack.id}-{players}",
        notes=pack.game.setup.notes,
        rules=rules,
        cards=cards,
        piles=piles.piles,
        seats=seats,
        counters=_counters(pack, plan),
        dice=_dice(pack, players),
        teams=table_teams(pack, players),
        boards=boards,
        pieces=table_pieces(pack, table_teams(pack, players), boards, players),
        tokens=table_tokens(pack, players),
    )
    digest = hashlib.sha256(state.as_json().encode()).hexdigest()[:12]
    return state.model_copy(update={"key": f"cardgen-table|{pack.id}|{setup}|{digest}"})
