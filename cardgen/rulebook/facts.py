"""The numbers a rules document may name, read from the game's data: the players, the deck
rules, the box, the setup, the piles, the fields' bounds and the components.

Each name is a `Fact`: what options it takes and how its value is found. A value is a
number, or a range of two (`{players}`: 2 to 4). Whatever is wrong with a reference (an
unknown name, option or value, a bound the data does not set) is a `FactError`, with a
close name suggested."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from cardgen.fuzzy import did_you_mean
from cardgen.load.game import GamePack
from cardgen.model.base import Scalar, Selector
from cardgen.model.game import CardType, FieldSpec
from cardgen.model.rules import CopiesRule
from cardgen.model.select import matches

Value = int | tuple[int, int]
"""A number, or a range (fewest, most)."""
Params = dict[str, str]
Options = Literal["none", "cards", "players", "type"]
"""What a name takes: nothing, a selector of cards, `players=N`, a selector narrowing a
field's bounds."""
BOUNDS = ("min", "max", "exact")


class FactError(Exception):
    """A reference the data cannot answer, and why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Fact:
    """A name of the game's data: the options it takes and how its value is found."""

    options: Options
    """What may follow the name (`key=value`)."""
    value: Callable[[Params], Value]
    """The value for the reference's options."""


def _bound(owner: str, bounds: dict[str, int | None], which: str) -> Callable[[Params], Value]:
    """A bound (`min`, `max`, `exact`) of a rule or a counter, refused when not set."""

    def value(_: Params) -> Value:
        found = bounds.get(which)
        if found is None:
            given = ", ".join(k for k, v in bounds.items() if v is not None) or "none"
            raise FactError(f"{owner} sets no {which} (it sets: {given})")
        return found

    return value


def _const(number: int) -> Callable[[Params], Value]:
    """A value that takes no options."""
    return lambda _: number


class GameFacts:
    """Every name of a game's data a document may use, with its value."""

    def __init__(self, pack: GamePack) -> None:
        self.pack = pack
        self.names: dict[str, Fact] = {}
        game = pack.game
        players = game.players
        self._add("players", "none", lambda _: (players.min, players.max))
        self._add("players.min", "none", _const(players.min))
        self._add("players.max", "none", _const(players.max))
        self._rules()
        self._box()
        self._setup()
        for type_id, ctype in game.types.items():
            self._add(f"type.{type_id}.count", "none", self._type_count(type_id))
            for name, spec in ctype.fields.items():
                if spec.type == "int":
                    for end in ("min", "max"):
                        self._add(f"field.{name}.{end}", "type", self._field(name, end))
        for component in game.components:
            for attr in ("count", "sides", "start", "min", "max"):
                number = getattr(component, attr, None)
                if isinstance(number, int) and not isinstance(number, bool):
                    self._add(f"component.{component.id}.{attr}", "none", _const(number))

    def _add(self, name: str, options: Options, value: Callable[[Params], Value]) -> None:
        self.names.setdefault(name, Fact(options, value))

    def _rules(self) -> None:
        """`deck.*` (the deck-size rule that counts every card) and `rule.<id>.*`."""
        for rule in self.pack.game.deck_rules:
            if isinstance(rule, CopiesRule):
                self._add(f"rule.{rule.id}.max", "none", _const(rule.max))
                continue
            bounds = {b: getattr(rule, b, None) for b in BOUNDS}
            if all(v is None for v in bounds.values()):
                continue
            for which in BOUNDS:
                owner = f"deck rule {rule.id}"
                self._add(f"rule.{rule.id}.{which}", "none", _bound(owner, bounds, which))
                if rule.kind == "deck_size" and not getattr(rule, "where", None):
                    self._add(f"deck.{which}", "none", _bound(owner, bounds, which))

    def _box(self) -> None:
        """`box.total`, `box.count type=...`, `box.decks`."""
        box = self.pack.game.box
        total = sum(card.copies for card in self.pack.cards)
        self._add("box.total", "none", _const(box.total if box and box.total else total))
        self._add("box.count", "cards", self._count)
        self._add("box.decks", "none", _const(len(box.decks) if box else 0))

    def _setup(self) -> None:
        """`setup.hand`, `setup.draw`, `setup.deal players=N`, `setup.boxes players=N`, and
        each pile's `pile.<id>.count`."""
        setup = self.pack.game.setup
        if setup.hand is not None:
            self._add("setup.hand", "none", _const(setup.hand))
        self._add("setup.draw", "none", _const(setup.draw))
        if setup.deal:
            self._add("setup.deal", "players", self._deal("cards_each"))
            self._add("setup.boxes", "players", self._deal("boxes"))
        for pile in setup.piles:
            count = pile.count
            if count is None:
                count = sum(c.copies for c in self.pack.cards if matches(c, pile.where))
            self._add(f"pile.{pile.id}.count", "none", _const(count))

    def _count(self, params: Params) -> Value:
        """The copies in the box of the cards the options choose."""
        selector = self.selector(params)
        return sum(card.copies for card in self.pack.cards if matches(card, selector))

    def _type_count(self, type_id: str) -> Callable[[Params], Value]:
        """The copies in the box of a type's cards."""
        return lambda _: sum(c.copies for c in self.pack.cards if c.type == type_id)

    def _deal(self, what: Literal["cards_each", "boxes"]) -> Callable[[Params], Value]:
        """A column of the deal table, for `players=N`."""

        def value(params: Params) -> Value:
            given = params.get("players", "")
            if not given.isdigit():
                raise FactError("needs `players=N`, a number of players")
            count = int(given)
            for row in self.pack.game.setup.deal:
                if row.players_min <= count <= row.players_max:
                    number: int = getattr(row, what)
                    return number
            raise FactError(f"the deal table has no row for {count} players")

        return value

    def _field(self, name: str, end: Literal["min", "max"]) -> Callable[[Params], Value]:
        """A field's bound, for the types (and the cards) the options choose."""

        def value(params: Params) -> Value:
            selector = self.selector(params)
            wanted = selector.get("type")
            specs = {
                type_id: ctype.fields[name]
                for type_id, ctype in self.pack.game.types.items()
                if name in ctype.fields and (wanted is None or type_id == wanted)
            }
            if not specs:
                raise FactError(f"type {wanted} has no field {name}")
            found = {t: getattr(spec, end) for t, spec in specs.items()}
            if len(set(found.values())) > 1:
                listed = ", ".join(f"{t} {v}" for t, v in found.items())
                raise FactError(f"the {end} of {name} differs by type ({listed}): add type=...")
            type_id, bound = next(iter(found.items()))
            bound = self._narrowed(type_id, name, end, bound, selector)
            if bound is None:
                raise FactError(f"field {name} of type {type_id} has no {end}")
            return bound

        return value

    def _narrowed(
        self, type_id: str, name: str, end: str, bound: int | None, selector: Selector
    ) -> int | None:
        """The bound as tightened by the type's constraints the selector's cards fall under."""
        for constraint in self.pack.game.types[type_id].constraints:
            limit = constraint.require.get(name)
            tighter = getattr(limit, end, None) if limit is not None else None
            if tighter is None or not all(
                _within(selector.get(key), want) for key, want in constraint.when.items()
            ):
                continue
            pick = min if end == "max" else max
            bound = tighter if bound is None else pick(bound, tighter)
        return bound

    def _a_value(self, raw: str) -> str:
        """`; "doodle" is a stage of splatterkin: ...` when `type=` names a field's value."""
        found = _choice_of(self.pack.game.types, raw)
        if found is None:
            return ""
        type_id, name = found
        return f'; "{raw}" is a {name} of {type_id}: write type={type_id} {name}={raw}'

    def selector(self, params: Params) -> Selector:
        """The options as a selector of cards, each key and value checked against the game."""
        game = self.pack.game
        selector: Selector = {}
        for key, raw in params.items():
            if key == "type":
                if raw not in game.types:
                    hint = did_you_mean(raw, game.types) or self._a_value(raw)
                    raise FactError(f'no card type "{raw}"{hint} (types: {", ".join(game.types)})')
                selector[key] = raw
                continue
            spec = game.field_spec(key)
            if spec is None and key != "name":
                fields = sorted(game.field_names() - {"copies", "text"})
                raise FactError(f'no field "{key}"{did_you_mean(key, fields)}')
            selector[key] = _value(key, raw, spec)
        return selector


def _choice_of(game_types: dict[str, CardType], raw: str) -> tuple[str, str] | None:
    """The type and choice field that have `raw` among their values, if one does."""
    for type_id, ctype in game_types.items():
        for name, spec in ctype.fields.items():
            if spec.type == "choice" and raw in {str(c) for c in spec.choices}:
                return type_id, name
    return None


def _value(key: str, raw: str, spec: FieldSpec | None) -> Scalar:
    """An option's value as the field holds it (a number for an int field, a choice)."""
    if spec is not None and spec.type == "int":
        if not raw.lstrip("-").isdigit():
            raise FactError(f"{key}={raw}: {key} is a number")
        return int(raw)
    if spec is not None and spec.type == "choice":
        choices = {str(c): c for c in spec.choices}
        if raw not in choices:
            hint = did_you_mean(raw, choices)
            raise FactError(f"{key}={raw}: no such {key}{hint} (one of: {', '.join(choices)})")
        return choices[raw]
    return raw


def _within(given: Scalar | list[Scalar] | None, want: Scalar | list[Scalar]) -> bool:
    """Whether a selector's value falls under a constraint's `when` value."""
    if given is None or isinstance(given, list):
        return False
    return given in want if isinstance(want, list) else given == want
