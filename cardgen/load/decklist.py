"""Deck lists in YAML or plain text, with the line and column of every card.

Text grammar, one entry a line:

    # game: shards            optional, on the first non-blank line
    Characters:               a section header (a line ending in ':' or `[Side]`)
    3 Ember Knight            a count, then the name
    3x Ember Knight           the count may carry an x (`3 x`, `3×` too)
    Ember Knight x3           or come after the name (`x 3`, `×3` too)
    Ember Knight              a name alone is one copy
    # a comment               `#` or `//` start a comment; blank lines are ignored

A line that reads as a count and a name may also be a card's whole name (`Agent X2`, `3
Wishes`): each entry keeps its whole line, and a pool that has a card of exactly that name
reads the line as that card, once (`GamePack.entries_of`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from cardgen.errors import CardgenError, ErrorCollector, Location, display_path
from cardgen.load.counts import count_verdict, yaml_count
from cardgen.load.pool import not_a_spreadsheet
from cardgen.load.text import read_text
from cardgen.load.validation import validate_yaml
from cardgen.load.yaml import YamlDocument, parse_yaml
from cardgen.model.deck import Deck, DeckEntry, DeckFile

_GAME_LINE = re.compile(r"^\s*(?:#|//)\s*game\s*:\s*(?P<game>\S+)\s*$", re.IGNORECASE)
_COUNT_X = re.compile(r"^(?P<count>[0-9]+)[xX×]$")
_COUNT_LIKE = re.compile(r"^[+-]?[0-9][0-9.,_eE+-]*$")
"""A first word meant as a count (a bad one is an error), not the start of a name (`7th`)."""
_COUNT_AFTER = re.compile(r"^(?P<name>.+?)\s+[xX×]\s?(?P<count>[+-]?[0-9]+)$")
_TRAILING_COMMENT = re.compile(r"\s+(?:#|//).*$")
_PLAIN_NAME_FIRST = frozenset(" #/xX×\t")


def _plain_line(raw: str) -> tuple[int, str] | None:
    """`3 Name` with nothing unusual in it (the common case): (count, name); else None.

    Anything else (an `x`, a comment, a tab, a set suffix, odd spacing) goes through the
    general path of `parse_text_deck`, which gives the same result for plain lines.
    """
    count, _, name = raw.partition(" ")
    if (
        name
        and count.isascii()
        and count.isdigit()
        and count[0] != "0"
        and len(count) < 5
        and name[0] not in _PLAIN_NAME_FIRST
        and name[-1] != " "
        and "#" not in name
        and "/" not in name
        and "\t" not in name
        and ") " not in name
    ):
        return int(count), name
    return None


_SET_SUFFIX = re.compile(r"\s+\([0-9A-Z]{2,6}\)\s+[0-9]+$")
_CUT_COUNT = re.compile(r"[^,}\]#\s]+(?:,[ \t]*[^,}\]#:\s]+(?=[ \t]*[,}\]]))+")
"""A flow mapping's count followed by the keys a comma inside it made (`1,000` of
`{count: 1,000}`)."""
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
MAX_DECK_BYTES = 1_000_000
"""Largest deck list read (1 MB, some 50,000 lines): a real one is a few hundred bytes,
and a bigger file is refused at once, before it is read."""


def _count_and_name(text: str) -> tuple[str | None, str]:
    """The count as written (None: a name alone, one copy) and the rest of an entry line:
    `3 Name`, `3x Name`, `3 x Name`, `Name x3`, `Name x 3`, `Name`."""
    first, _, rest = text.partition(" ")
    x_form = _COUNT_X.match(first)
    # digits of another script (`٣`, `３`) are a count, refused as one: plain digits only
    if x_form or _COUNT_LIKE.match(first) or (first.isdecimal() and not first.isascii()):
        rest = rest.strip()
        if rest[:1] in ("x", "X", "×") and rest[1:2] == " ":
            rest = rest[2:].strip()
        return (x_form.group("count") if x_form else first), rest
    after = _COUNT_AFTER.match(text)
    if after:
        return after.group("count"), after.group("name")
    return None, text


def parse_text_deck(text: str, shown: str) -> Deck:
    """Parse a plain-text deck list; every bad line is reported with its number."""
    errors = ErrorCollector()
    entries: list[DeckEntry] = []
    game: str | None = None
    section = ""
    seen_content = False
    for number, raw in enumerate(text.split("\n"), start=1):
        bad = _CONTROL.search(raw)
        if bad:
            errors.add(
                f"control character U+{ord(bad.group()):04X} in the line; remove it",
                Location(shown, number, bad.start() + 1),
            )
            continue
        plain = _plain_line(raw)
        if plain is not None:
            seen_content = True
            entries.append(
                DeckEntry(plain[1], plain[0], number, raw.index(" ") + 2, section, (raw, 1))
            )
            continue
        line = raw.replace("\t", " ").rstrip()
        stripped = line.strip()
        if not stripped:
            continue
        match = _GAME_LINE.match(line)
        if match and not seen_content:
            game = match.group("game")
            seen_content = True
            continue
        seen_content = True
        if stripped.startswith(("#", "//")):
            continue
        line = _TRAILING_COMMENT.sub("", line)
        stripped = line.strip()
        if stripped.endswith(":") or (stripped.startswith("[") and stripped.endswith("]")):
            section = stripped.strip("[]:").strip()
            continue
        indent = len(line) - len(line.lstrip())
        token, rest = _count_and_name(stripped)
        name = _SET_SUFFIX.sub("", rest).strip()
        count = count_verdict(token, name) if token is not None else 1
        if isinstance(count, str):
            errors.add(count, Location(shown, number, indent + 1))
            continue
        if not name:
            errors.add(f"a count ({count}) but no card name", Location(shown, number, indent + 1))
            continue
        col = line.index(name) + 1 if name in line else indent + 1
        whole = (stripped, indent + 1) if (name, count) != (stripped, 1) else None
        entries.append(DeckEntry(name, count, number, col, section, whole))
    errors.raise_if_any()
    if not entries:
        raise CardgenError("the deck list has no cards", Location(shown, 1))
    return Deck.model_construct(
        path=shown, game=game, name=Path(shown).stem, entries=tuple(entries)
    )


def _flow_count(doc: YamlDocument, index: int, card: dict[object, object]) -> object:
    """A card's count, or, where a comma inside `{...}` cut it (`{name: X, count: 1,000}`
    reads as `count: 1` and a key `000` with no value), the count as the file writes it
    (`1,000`), judged as the text list judges that token."""
    if all(isinstance(key, str) or value is not None for key, value in card.items()):
        return card["count"]
    where = doc.values.get(("cards", index, "count"))
    if where is None or where[0] >= len(doc.lines):
        return card["count"]
    cut = _CUT_COUNT.match(doc.lines[where[0]][where[1] :])
    return cut.group().strip() if cut else card["count"]


def _check_yaml_counts(doc: YamlDocument) -> None:
    """Every count of a YAML deck list held to the text list's rule (`count_verdict`):
    `count: 1e3`, `count: true`, `Name: 0x10` are refused at their line."""
    cards = doc.data.get("cards")
    errors = ErrorCollector()
    found: Iterator[tuple[list[str | int], object, str]] = iter(())
    if isinstance(cards, dict):
        found = ((["cards", name], count, str(name)) for name, count in cards.items())
    elif isinstance(cards, list):
        found = (
            (["cards", index, "count"], _flow_count(doc, index, card), str(card.get("name", "")))
            for index, card in enumerate(cards)
            if isinstance(card, dict) and "count" in card
        )
    for loc, value, name in found:
        verdict = yaml_count(doc, loc, value, name)
        if isinstance(verdict, str):
            errors.add(verdict, doc.location(loc))
    errors.raise_if_any()


def parse_yaml_deck(text: str, shown: str) -> Deck:
    """Parse a YAML deck list (see `DeckFile`), keeping each card's line."""
    doc = parse_yaml(text, shown)
    if not isinstance(doc.data, dict):
        raise CardgenError("a YAML deck list is a mapping with `cards:`", doc.location([]))
    _check_yaml_counts(doc)
    deck: DeckFile = validate_yaml(DeckFile, doc)
    entries: list[DeckEntry] = []
    errors = ErrorCollector()
    names = deck.cards if isinstance(deck.cards, dict) else [card.name for card in deck.cards]
    for index, name in enumerate(names):
        bad = _CONTROL.search(name)
        if bad:
            where = (
                doc.key_location(["cards", name])
                if isinstance(deck.cards, dict)
                else doc.location(["cards", index, "name"])
            )
            errors.add(f"control character U+{ord(bad.group()):04X} in a card name", where)
    errors.raise_if_any()
    if isinstance(deck.cards, dict):
        for name, count in deck.cards.items():
            where = doc.key_location(["cards", name])
            entries.append(DeckEntry(name=name, count=count, line=where.line, col=where.col))
    else:
        for index, card in enumerate(deck.cards):
            where = doc.location(["cards", index, "name"])
            entries.append(
                DeckEntry(name=card.name, count=card.count, line=where.line, col=where.col)
            )
    if not entries:
        raise CardgenError("the deck list has no cards", doc.location(["cards"]))
    return Deck(
        path=shown, game=deck.game, name=deck.name or Path(shown).stem, entries=tuple(entries)
    )


def load_deck(path: Path, root: Path | None = None) -> Deck:
    """Load a deck list: `.yaml`/`.yml` as YAML, anything else as text (a spreadsheet file
    is refused). With `root`, a file outside that folder is refused (a game's own decks);
    deck lists named on the command line may be anywhere."""
    shown = display_path(path)
    not_a_spreadsheet(path)
    text = read_text(path, limit=MAX_DECK_BYTES, root=root)
    if path.suffix.lower() in (".yaml", ".yml"):
        return parse_yaml_deck(text, shown)
    return parse_text_deck(text, shown)
