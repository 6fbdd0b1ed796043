"""A game described as data: its card types and their fields, glossary, rules and box."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from cardgen.model.base import ID_PATTERN, Scalar, Selector, Strict
from cardgen.model.components import (
    BoardComponent,
    Component,
    CounterComponent,
    Team,
)
from cardgen.model.glossary import Glossary
from cardgen.model.layout import PlainColor
from cardgen.model.lint_config import LintConfig
from cardgen.model.matchups import Duel, Overpower
from cardgen.model.pool_checks import ReachCheck, TextFieldsCheck
from cardgen.model.rules import AnyDeckRule
from cardgen.model.setup import DealRow as DealRow
from cardgen.model.setup import Pile as Pile
from cardgen.model.setup import Setup

FIELD_NAME = r"^[a-z][a-z0-9_]*$"
RESERVED_FIELDS = frozenset({"name", "type", "copies", "text", "art", "lint_ignore"})


class FieldSpec(Strict):
    """One typed field of a card type, with its bounds."""

    type: Literal["int", "text", "choice", "card", "bool", "hexes"] = Field(
        description=(
            "`int` a whole number; `text` free text; `choice` one of `choices`; `card` the name"
            " of another card in the pool; `bool` yes/no; `hexes` a list of axial hex offsets"
            " `[q, r]` (in CSV: `q,r;q,r`)."
        )
    )
    description: str = Field(default="", description="What the field means, for docs and editors.")
    label: str = Field(default="", description="How the field is called on the card.")
    min: int | None = Field(default=None, description="Smallest allowed value (int fields).")
    max: int | None = Field(default=None, description="Largest allowed value (int fields).")
    choices: list[Scalar] = Field(
        default_factory=list, description="The allowed values (choice fields)."
    )
    required: bool = Field(
        default=True,
        description=(
            "Every card of the type must set it; `false`: a card may leave it empty (an"
            " empty cell in a spreadsheet)."
        ),
    )
    allow: list[Annotated[str, Field(min_length=1, max_length=20)]] = Field(
        default_factory=list,
        description=(
            'Int fields: values that are not numbers but allowed, such as `["X", "*"]`'
            " for a cost or a power that varies. They print on the card as written and count"
            " as no number in statistics and bound checks."
        ),
    )
    labels: dict[Scalar, str] = Field(
        default_factory=dict,
        description="Choice value -> what `{FIELD_label}` prints (default: `sun` -> `Sun`).",
    )

    @model_validator(mode="after")
    def _consistent(self) -> FieldSpec:
        if self.allow and self.type != "int":
            raise ValueError("`allow` only applies to int fields")
        numbers = [v for v in self.allow if v.strip().lstrip("+-").isdigit()]
        if numbers:
            raise ValueError(f"`allow` lists values that are not numbers; {numbers[0]!r} is one")
        if self.type == "choice" and not self.choices:
            raise ValueError("a choice field needs `choices`")
        for key in ("choices", "labels"):
            if self.type != "choice" and getattr(self, key):
                raise ValueError(f"`{key}` only applies to choice fields")
        if stray := sorted({str(k) for k in self.labels} - {str(v) for v in self.choices}):
            raise ValueError(f"`labels` names values not in `choices`: {', '.join(stray)}")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"min {self.min} is greater than max {self.max}")
        return self


class FieldBound(Strict):
    """A condition on one field's value."""

    min: int | None = Field(default=None, description="Smallest allowed value.")
    max: int | None = Field(default=None, description="Largest allowed value.")
    one_of: list[Scalar] = Field(default_factory=list, description="Allowed values.")
    empty: bool = Field(
        default=False,
        description=(
            "The field must be left empty on these cards (a Standard Character has no Signed"
            " Bonus and no Twin)."
        ),
    )


class Constraint(Strict):
    """A bound that applies to some cards of a type only, e.g. a Doodle has at most 2."""

    id: str = Field(pattern=ID_PATTERN, description="Stable kebab-case id.")
    when: Selector = Field(default_factory=dict, description="Which cards of the type it binds.")
    require: dict[str, FieldBound] = Field(description="Field name -> the bound it must meet.")
    message: str = Field(description="The rule in one sentence.")
    cite: str = Field(default="", description="The rulebook clause it encodes.")


class CardType(Strict):
    """A kind of card: its label, its fields and their bounds, and its back."""

    label: str = Field(description="Display name, e.g. `Persona`.")
    plural: str = Field(default="", description="Plural display name (default: label + s).")
    description: str = Field(default="", description="What the type is for, in one sentence.")
    fields: dict[Annotated[str, Field(pattern=FIELD_NAME)], FieldSpec] = Field(
        default_factory=dict, description="The type's own fields, beyond name/type/copies/text."
    )
    constraints: list[Constraint] = Field(
        default_factory=list, description="Conditional bounds checked by `cardgen check`."
    )
    back: str = Field(default="default", description="Id of the card back (see `backs`).")

    @model_validator(mode="after")
    def _no_reserved(self) -> CardType:
        clash = sorted(RESERVED_FIELDS & set(self.fields))
        if clash:
            raise ValueError(f"field names reserved for every card: {', '.join(clash)}")
        return self

    @property
    def plural_label(self) -> str:
        """The label for several cards of the type (`Heroes`)."""
        return self.plural or f"{self.label}s"


class CardBack(Strict):
    """What the back of a card looks like."""

    label: str = Field(description="Text shown on the back, e.g. the game's name.")
    color: PlainColor = Field(default="#333333", description="Main colour of the back, `#rrggbb`.")
    accent: PlainColor = Field(default="#cccccc", description="Accent colour, `#rrggbb`.")
    art: str | None = Field(
        default=None, description="Image file for the back, in the game folder."
    )


class PairsCheck(Strict):
    """Cards that come in pairs: each names its partner in `field`, and the partner names it."""

    kind: Literal["pairs"] = Field(description="Check kind.")
    id: str = Field(pattern=ID_PATTERN, description="Stable kebab-case id.")
    where: Selector = Field(description="Which cards must be paired.")
    field: str = Field(description="The field holding the partner's name.")
    differ: list[str] = Field(
        default_factory=list,
        description=(
            "Fields whose values the two partners must not share (SC604): a Twin shows the"
            " left half of the crystal, its partner the right."
        ),
    )
    together: bool = Field(
        default=False,
        description=(
            "In every deck of the box (`box.decks`) a card of a pair comes with its own"
            " partner (SC603)."
        ),
    )
    message: str = Field(description="The rule in one sentence.")
    cite: str = Field(default="", description="The rulebook clause it encodes.")


class LinkCheck(Strict):
    """Each card matching `where` needs a card matching `target` with the same `field` value."""

    kind: Literal["link"] = Field(description="Check kind.")
    id: str = Field(pattern=ID_PATTERN, description="Stable kebab-case id.")
    where: Selector = Field(description="The cards that need a partner.")
    field: str = Field(description="The field both cards share.")
    target: Selector = Field(description="What the partner card must be.")
    message: str = Field(description="The rule in one sentence.")
    cite: str = Field(default="", description="The rulebook clause it encodes.")


class GridCheck(Strict):
    """Every combination of the `fields`' choices appears exactly `each` times."""

    kind: Literal["grid"] = Field(description="Check kind.")
    id: str = Field(pattern=ID_PATTERN, description="Stable kebab-case id.")
    where: Selector = Field(description="Which cards form the grid.")
    fields: list[str] = Field(min_length=1, description="Choice fields whose values are crossed.")
    each: int = Field(default=1, ge=1, description="Copies of each combination.")
    message: str = Field(description="The rule in one sentence.")
    cite: str = Field(default="", description="The rulebook clause it encodes.")


class UniqueCheck(Strict):
    """No two matching cards share a value of `field` (e.g. the Blubler's numbers)."""

    kind: Literal["unique"] = Field(description="Check kind.")
    id: str = Field(pattern=ID_PATTERN, description="Stable kebab-case id.")
    where: Selector = Field(description="Which cards are compared.")
    field: str = Field(description="The field whose values must differ.")
    message: str = Field(description="The rule in one sentence.")
    cite: str = Field(default="", description="The rulebook clause it encodes.")


PoolCheck = Annotated[
    PairsCheck | LinkCheck | GridCheck | UniqueCheck | TextFieldsCheck | ReachCheck,
    Field(discriminator="kind"),
]


class BoxItem(Strict):
    """One line of the box manifest: how many card copies of a kind the box holds."""

    label: str = Field(description="What the line counts, e.g. `Ally (+1)`.")
    where: Selector = Field(description="Which cards the line counts.")
    count: int = Field(ge=0, description="Copies in the box.")


class Box(Strict):
    """What the published box contains, checked against the card pool."""

    description: str = Field(default="", description="The box in one sentence.")
    total: int | None = Field(default=None, ge=0, description="Card copies in the box.")
    contents: list[BoxItem] = Field(default_factory=list, description="Counts by kind of card.")
    decks: list[str] = Field(
        default_factory=list,
        description=(
            "Deck lists (paths in the game folder) that together make up the box exactly, such"
            " as starter decks; each is also checked against `deck_contents`."
        ),
    )
    deck_contents: list[BoxItem] = Field(
        default_factory=list, description="What each deck listed in `decks` must contain."
    )


class PlayerCount(Strict):
    """How many people play."""

    min: int = Field(ge=1, description="Fewest players.")
    max: int = Field(ge=1, description="Most players.")


class Assumption(Strict):
    """Something the data says that the rule text does not: the project's own reading."""

    about: str = Field(
        description=(
            "The part of game.yaml the assumption is in, as a dotted path of its keys and"
            " list indexes: `overpower.cycle`, `box.contents.2`, `players`."
        )
    )
    note: str = Field(description="What we assumed and why, in our own words.")
    cite: str = Field(
        default="", description="The rule text's section that is silent or unclear on it."
    )


class Game(Strict):
    """A game: everything cardgen knows about it, from `decks/<id>/game.yaml`."""

    id: str = Field(pattern=ID_PATTERN, description="The game's id: its folder name.")
    name: str = Field(description="The game's full name.")
    language: str = Field(default="en", description="Language of the card text (`en`, `fr`).")
    description: str = Field(default="", description="The game in one or two sentences.")
    players: PlayerCount = Field(description="The number of players: `{min: 2, max: 4}`.")
    rules_source: str = Field(default="", description="Where the rulebook this encodes comes from.")
    rules_document: str | None = Field(
        default=None,
        min_length=1,
        description=(
            "The game's rules as plain text or Markdown, a path in the game folder (e.g."
            " `rules.md`): the rules tab of the TTS table's Notebook."
        ),
    )
    pool: str | None = Field(
        default=None,
        description=(
            "The card pool file, in the game folder (default: the first of cards.yaml,"
            " cards.csv, cards.xlsx, cards.ods there). CSV (comma, semicolon or tab"
            " separated), YAML, XLSX, XLSM or ODS; a spreadsheet's sheet is named after a"
            " `#`, `cards.xlsx#Cards` (default: its first sheet)."
        ),
        min_length=1,
    )
    strict_columns: bool = Field(
        default=False,
        description=(
            "A pool column that is no field of the game is an error (default: it is ignored"
            " with a note, so a `notes` column can stay in the sheet)."
        ),
    )
    card_size: str = Field(default="poker", description="Card size by name or `63.5mm x 88.9mm`.")
    constructed: bool = Field(
        default=False, description="Players build their own decks (deck lists are validated)."
    )
    types: dict[Annotated[str, Field(pattern=ID_PATTERN)], CardType] = Field(
        min_length=1, description="Card types by id."
    )
    deck_rules: list[AnyDeckRule] = Field(
        default_factory=list, description="Deck-construction rules, checked by `validate`."
    )
    checks: list[PoolCheck] = Field(
        default_factory=list, description="Checks of the pool itself, run by `check`."
    )
    box: Box | None = Field(default=None, description="What the published box contains.")
    backs: dict[str, CardBack] = Field(default_factory=dict, description="Card backs by id.")
    teams: list[Team] = Field(
        default_factory=list,
        description="The sides players join, if the game has teams (Splatoon's Green and Purple).",
    )
    components: list[Component] = Field(
        default_factory=list,
        description=(
            "What the box holds besides cards: tokens, boards and mats, dice, pieces, counters"
            " and tuck boxes (docs/components.md)."
        ),
    )
    setup: Setup = Field(default_factory=Setup, description="How the table is set up.")
    glossary: Glossary = Field(default_factory=Glossary, description="The game's vocabulary.")
    lint: LintConfig = Field(
        default_factory=LintConfig, description="How `cardgen lint` checks this game's text."
    )
    duel: Duel | None = Field(
        default=None, description="A dice duel on stats, for the deck report's odds."
    )
    overpower: Overpower | None = Field(
        default=None, description="A cycle of values that overpower each other in battle."
    )
    assumptions: list[Assumption] = Field(
        default_factory=list,
        description=(
            "What the data adds to the rule text, marked as the project's own assumption:"
            " `cardgen check --verbose` and its JSON list each one at its place."
        ),
    )

    @model_validator(mode="after")
    def _backs_exist(self) -> Game:
        for type_id, ctype in self.types.items():
            if ctype.back != "default" and ctype.back not in self.backs:
                raise ValueError(f"type {type_id!r} uses back {ctype.back!r}, not in `backs`")
        return self

    @model_validator(mode="after")
    def _components_known(self) -> Game:
        seen: set[str] = set()
        for component in self.components:
            if component.id in seen:
                raise ValueError(f"two components have the id {component.id!r}")
            seen.add(component.id)
            if component.owner == "team" and not self.teams:
                raise ValueError(f"component {component.id!r} is a team's, but `teams` is empty")
        team_ids = [team.id for team in self.teams]
        if len(set(team_ids)) != len(team_ids):
            raise ValueError("two teams have the same id")
        return self

    @property
    def boards(self) -> list[BoardComponent]:
        """The boards and mats drawn from a grid file."""
        return [c for c in self.components if isinstance(c, BoardComponent) and c.grid]

    @property
    def counters(self) -> list[CounterComponent]:
        """The counters among the components."""
        return [c for c in self.components if isinstance(c, CounterComponent)]

    def field_names(self) -> set[str]:
        """Every field any card type has, plus the fields every card has."""
        names = {"name", "type", "copies", "text"}
        for ctype in self.types.values():
            names.update(ctype.fields)
        return names

    def field_spec(self, name: str) -> FieldSpec | None:
        """The spec of a field by name (the first type that defines it)."""
        for ctype in self.types.values():
            if name in ctype.fields:
                return ctype.fields[name]
        return None

    def choice_values(self, name: str) -> list[Any]:
        """All allowed values of a choice field across the types that define it."""
        values: list[Any] = []
        for ctype in self.types.values():
            spec = ctype.fields.get(name)
            if spec is not None:
                values.extend(v for v in spec.choices if v not in values)
        return values
