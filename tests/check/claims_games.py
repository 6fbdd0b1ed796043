"""Random games for the claims lint (TX602), written as real game folders that cardgen loads.

A `GenGame` is drawn from a seeded `random.Random`: two to four card types with made-up
names (English or French), each with a bounded int field they share (a made-up stat); one
type with variants (a choice field) and a tighter bound for one variant (a constraint); a
deck size (a range or an exact number), a cap or an exact count on some types, a cap on one
variant, a copies limit, the player count, either a hand or a deal table by player count,
piles with counts, and the box's contents (each type's copies in the pool). `write_game`
writes decks/<id>/game.yaml and cards.csv; the facts stay on the `GenGame` for the texts
(`claims_texts`) to state, right or wrong.
"""

from __future__ import annotations

import random
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

SYLLABLES = [
    "ka",
    "lo",
    "ver",
    "mi",
    "dra",
    "sel",
    "tor",
    "en",
    "ix",
    "qua",
    "bru",
    "fen",
    "gal",
    "ost",
    "rim",
    "zan",
    "pel",
    "cor",
    "thu",
    "vas",
]
FR_SYLLABLES = [
    "bou",
    "ran",
    "gel",
    "mé",
    "tis",
    "cho",
    "vain",
    "lor",
    "pé",
    "sar",
    "nal",
    "fir",
    "dou",
    "meu",
    "cat",
]
VARIANTS_EN = ("Gilded", "Feral", "Hollow", "Radiant", "Broken")
VARIANTS_FR = ("Doré", "Sauvage", "Creux", "Ancien")


def made_up(rng: random.Random, language: str, used: set[str]) -> str:
    """A new capitalised word of two or three syllables, not used before in the game."""
    syllables = FR_SYLLABLES if language == "fr" else SYLLABLES
    while True:
        word = "".join(rng.choice(syllables) for _ in range(rng.choice((2, 2, 3)))).capitalize()
        if word not in used and len(word) > 3:
            used.add(word)
            return word


def ascii_id(word: str) -> str:
    """A word as an id: lower case, accents dropped (`Doré` -> `dore`)."""
    return unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode().lower()


def plural(word: str, language: str) -> str:
    """The plural a designer writes: `-s`, English `-y` to `-ies`, none after s or x."""
    if word.endswith(("s", "x")):
        return word
    if language == "en" and word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


@dataclass
class GenType:
    """A card type: its id, names, the copies of each of its cards and its field's bounds."""

    id: str
    label: str
    plural: str
    copies: list[int]
    low: int
    high: int
    cap: tuple[str, int] | None = None
    """A count rule on the type: (`max`, `min` or `exact`, the number)."""

    @property
    def total(self) -> int:
        """The type's copies in the pool (its box line)."""
        return sum(self.copies)


@dataclass
class GenGame:
    """A generated game and every number its data fixes."""

    id: str
    language: str
    stat: str
    types: list[GenType]
    variants: list[str]
    variant_cap: int
    variant_high: int
    """The field's max for the first variant (a constraint)."""
    deck: tuple[int | None, int | None]
    copies: int
    players: tuple[int, int]
    hand: int | None
    deal: list[tuple[int, int, int]]
    piles: list[tuple[str, int]]
    seed: int = 0
    rest: dict[str, str] = field(default_factory=dict)
    deck_name: str = ""
    """The game's own word for a deck (`kalover`), told by its glossary; empty: `deck`."""
    teams: int = 0
    """How many teams the players split into (0: none)."""
    counter: tuple[str, int, int, int] = ("", 0, 0, 0)
    """A counter the players keep: its label, start, min and max (empty label: none)."""
    deck_named_by: str = "glossary"
    """Where the data names it: `glossary` (a term defined as a deck) or `rule` (the
    deck-size rule's message, `A kalover holds 40 cards.`)."""

    @property
    def variant_type(self) -> GenType:
        """The type that has variants (the first)."""
        return self.types[0]

    def variant_label(self, index: int) -> str:
        """`Gilded Vorn`: a variant with its type's label."""
        return f"{self.variants[index]} {self.variant_type.label}"


def draw_game(seed: int, language: str | None = None) -> GenGame:
    """A game drawn from `seed` (the same seed, the same game)."""
    rng = random.Random(seed)
    lang = language or rng.choice(("en", "en", "fr"))
    used: set[str] = set()
    stat = made_up(rng, lang, used)
    types = []
    for index in range(rng.randint(2, 4)):
        label = made_up(rng, lang, used)
        low = rng.choice((0, 0, 1))
        high = rng.randint(low + 4, 15)
        copies = [rng.randint(1, 4) for _ in range(rng.randint(2, 5))]
        types.append(
            GenType(f"t{index}-{ascii_id(label)}", label, plural(label, lang), copies, low, high)
        )
    caps = rng.sample(types[1:], rng.randint(1, len(types) - 1))
    distinct = rng.sample(range(2, 12), len(caps))
    for gtype, number in zip(caps, distinct, strict=True):
        gtype.cap = (rng.choice(("max", "max", "exact", "min")), number)
    variants = rng.sample(VARIANTS_FR if lang == "fr" else VARIANTS_EN, 2)
    deck_low = rng.choice((None, rng.randint(20, 40)))
    deck_high = rng.choice((rng.randint(41, 60), None)) if deck_low else rng.randint(30, 60)
    if deck_low and rng.random() < 0.3:
        deck_high = deck_low
    players_low = rng.randint(1, 3)
    players = (players_low, rng.randint(players_low + 1, 6))
    deal: list[tuple[int, int, int]] = []
    hand: int | None = rng.randint(3, 9)
    if rng.random() < 0.35:
        middle = rng.randint(players[0], players[1] - 1)
        counts = rng.sample(range(4, 16), 2)
        deal = [(players[0], middle, counts[0]), (middle + 1, players[1], counts[1])]
        hand = None
    pile_names = rng.sample(("Market", "Reserve", "Vault", "Bazaar", "Camp"), 2)
    if lang == "fr":
        pile_names = rng.sample(("Marché", "Réserve", "Caveau", "Bazar", "Camp"), 2)
    piles = [(name, rng.randint(3, 12)) for name in pile_names]
    deck_name = made_up(rng, lang, used).lower() if rng.random() < 0.5 else ""
    counter_low = rng.choice((0, 0, 1))
    counter_high = rng.randint(counter_low + 5, 40)
    counter = (
        made_up(rng, lang, used),
        rng.randint(counter_low, counter_high - 1),
        counter_low,
        counter_high,
    )
    return GenGame(
        id=f"gen{seed}",
        language=lang,
        stat=stat,
        types=types,
        variants=variants,
        variant_cap=rng.randint(1, 6),
        variant_high=rng.randint(types[0].low + 1, types[0].high - 1),
        deck=(deck_low, deck_high),
        copies=rng.randint(2, 4),
        players=players,
        hand=hand,
        deal=deal,
        piles=piles,
        seed=seed,
        deck_name=deck_name,
        counter=counter,
        teams=rng.choice((0, 0, 2, 3, 4)),
        deck_named_by=rng.choice(("glossary", "rule")),
    )


def _type_yaml(game: GenGame, gtype: GenType, first: bool) -> str:
    lines = [
        f"  {gtype.id}:",
        f"    label: {gtype.label}",
        f"    plural: {gtype.plural}",
        "    fields:",
        f"      power: {{type: int, min: {gtype.low}, max: {gtype.high}, label: {game.stat},"
        " description: A stat.}",
    ]
    if first:
        choices = ", ".join(ascii_id(v) for v in game.variants)
        labels = ", ".join(f"{ascii_id(v)}: {v}" for v in game.variants)
        lines += [
            f"      variant: {{type: choice, choices: [{choices}], labels: {{{labels}}},"
            " required: false, description: A variant.}",
            "    constraints:",
            f"      - {{id: first-variant, when: {{variant: {ascii_id(game.variants[0])}}},"
            f" require: {{power: {{max: {game.variant_high}}}}}, message: A bound.}}",
        ]
    return "\n".join(lines)


def _rules_yaml(game: GenGame) -> str:
    low, high = game.deck
    bounds = ", ".join(f"{k}: {v}" for k, v in (("min", low), ("max", high)) if v is not None)
    if low is not None and low == high:
        bounds = f"exact: {low}"
    first = game.variant_type
    message = "Deck size."
    if game.deck_name and game.deck_named_by == "rule":
        cards = "cartes" if game.language == "fr" else "cards"
        said = ", ".join(str(v) for v in (low, high) if v is not None)
        verb = "Un {} compte {} {}." if game.language == "fr" else "A {} holds {} {}."
        message = verb.format(game.deck_name, said, cards)
    rules = [
        f"  - {{id: deck-size, kind: deck_size, {bounds}, message: '{message}'}}",
        f"  - {{id: copies, kind: copies, max: {game.copies}, message: Copies.}}",
        f"  - {{id: variant-cap, kind: count, where: {{type: {first.id},"
        f" variant: {ascii_id(game.variants[0])}}}, max: {game.variant_cap},"
        f" label: {game.variant_label(0)}s, message: A cap.}}",
    ]
    for gtype in game.types:
        if gtype.cap is not None:
            kind, number = gtype.cap
            rules.append(
                f"  - {{id: cap-{gtype.id}, kind: count, where: {{type: {gtype.id}}},"
                f" {kind}: {number}, label: {gtype.plural}, message: A cap.}}"
            )
    return "\n".join(rules)


def _setup_yaml(game: GenGame) -> str:
    lines = ["setup:"]
    if game.hand is not None:
        lines.append(f"  hand: {game.hand}")
    if game.deal:
        lines.append("  deal:")
        lines += [
            f"    - {{players_min: {a}, players_max: {b}, cards_each: {n}}}"
            for a, b, n in game.deal
        ]
    lines.append("  piles:")
    for index, (name, count) in enumerate(game.piles):
        gtype = game.types[index % len(game.types)]
        lines.append(
            f"    - {{id: pile-{index}, label: {name}, where: {{type: {gtype.id}}},"
            f" count: {count}}}"
        )
    return "\n".join(lines)


def _teams_yaml(game: GenGame) -> list[str]:
    """The teams the players split into, when the game has them."""
    colours = ("#2a9d8f", "#e76f51", "#264653", "#e9c46a")
    return ["teams:"] * bool(game.teams) + [
        f"  - {{id: team-{i}, label: Team {i + 1}, color: '{colours[i]}'}}"
        for i in range(game.teams)
    ]


def _components_yaml(game: GenGame) -> list[str]:
    """The game's counter, as a component with a start and bounds."""
    label, start, low, high = game.counter
    return [
        "components:",
        f"  - {{kind: counter, id: {ascii_id(label)}, label: {label}, owner: player,"
        f" start: {start}, min: {low}, max: {high}, description: A counter.}}",
    ]


def _glossary_yaml(game: GenGame) -> list[str]:
    """A glossary entry defining the game's own word for a deck, when it has one there."""
    if not game.deck_name or game.deck_named_by != "glossary":
        return []
    meaning = "Le paquet d'un joueur." if game.language == "fr" else "A player's deck."
    return [
        "glossary:",
        "  entries:",
        f'    - {{term: {game.deck_name}, kind: zone, definition: "{meaning}"}}',
    ]


def game_yaml(game: GenGame) -> str:
    """The game's game.yaml."""
    box = "\n".join(
        f"    - {{label: {t.plural}, where: {{type: {t.id}}}, count: {t.total}}}"
        for t in game.types
    )
    return "\n".join(
        [
            f"id: {game.id}",
            f"name: Generated {game.seed}",
            f"language: {game.language}",
            f"players: {{min: {game.players[0]}, max: {game.players[1]}}}",
            "constructed: true",
            *_teams_yaml(game),
            "types:",
            *(_type_yaml(game, t, i == 0) for i, t in enumerate(game.types)),
            "deck_rules:",
            _rules_yaml(game),
            "box:",
            "  contents:",
            box,
            _setup_yaml(game),
            *_components_yaml(game),
            *_glossary_yaml(game),
            "",
        ]
    )


def cards_csv(game: GenGame) -> str:
    """The game's card pool: each type's cards with their copies and a field value within
    bounds (the variant type's first card of the first variant, within its tighter bound)."""
    rows = ["name,type,copies,power,variant,text"]
    for gtype in game.types:
        for index, copies in enumerate(gtype.copies):
            variant = ascii_id(game.variants[index % 2]) if gtype is game.variant_type else ""
            high = game.variant_high if variant == ascii_id(game.variants[0]) else gtype.high
            rows.append(f"{gtype.label} {index + 1},{gtype.id},{copies},{high},{variant},")
    return "\n".join(rows) + "\n"


def write_game(game: GenGame, root: Path) -> Path:
    """Write the game's folder into the project folder `root`; returns `root`."""
    folder = root / "decks" / game.id
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(game_yaml(game), encoding="utf-8")
    (folder / "cards.csv").write_text(cards_csv(game), encoding="utf-8")
    return root
