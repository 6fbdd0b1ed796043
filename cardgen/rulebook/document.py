"""A rules document resolved against its game: every reference replaced by the data's
number (in words where asked), every generated section written out, every problem of
the document collected and reported together with its line and column.

`resolve_rulebook` is the seam: it hands on a `Rulebook` (the Markdown, its title, its
language, the folder its images lie in), which the HTML page, the TTS Notebook and a
printable PDF are all made from."""

from __future__ import annotations

import re
from pathlib import Path

from cardgen.errors import CardgenError, ErrorCollector, Location, display_path
from cardgen.fuzzy import did_you_mean
from cardgen.load.game import GamePack
from cardgen.model.number_words import number_words
from cardgen.rulebook import sections
from cardgen.rulebook.facts import FactError, GameFacts, Value
from cardgen.rulebook.record import ExampleCard, Rulebook
from cardgen.rulebook.syntax import Directive, Reference, scan
from cardgen.rulebook.words import RulebookWords, rulebook_words

RULEBOOK = "rulebook.md"
"""The rules document written against the data, in the game's folder."""
FILTERS = ("words", "Words")
_TITLE = re.compile(r"^ {0,3}#[ \t]+(.+?)[ \t#]*$", re.MULTILINE)


def rulebook_file(pack: GamePack) -> Path | None:
    """The game's rules document written against its data, if it has one."""
    path = pack.folder / RULEBOOK
    return path if path.is_file() else None


def resolve_rulebook(pack: GamePack, base: Path, source: Path | None = None) -> Rulebook:
    """The game's rulebook (`source`, default its `rulebook.md`) with its numbers filled
    in and its sections written, its images to lie under `base`; every bad reference
    raised together (`InputErrors`), each at its file, line and column."""
    path = source or pack.folder / RULEBOOK
    shown = display_path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise CardgenError(f"rules document: {reason}", Location(shown)) from None
    pieces, problems = scan(text.replace("\r\n", "\n"))
    errors = ErrorCollector()
    for problem in problems:
        errors.add(problem.message, Location(shown, problem.line, problem.col))
    facts = GameFacts(pack)
    words = rulebook_words(pack.game.language)
    out: list[str] = []
    cards: list[ExampleCard] = []
    for piece in pieces:
        if isinstance(piece, str):
            out.append(piece)
        elif isinstance(piece, Reference):
            try:
                out.append(_filled(facts, piece, words, pack.game.language))
            except FactError as exc:
                errors.add(f"{piece.text}: {exc.message}", Location(shown, piece.line, piece.col))
        else:
            out.append(_section(pack, piece, words, cards))
    errors.errors.sort(key=_place)
    errors.raise_if_any()
    markdown = "".join(out)
    title = _TITLE.search(markdown)
    return Rulebook(
        game=pack.id,
        source=path,
        markdown=markdown,
        title=title.group(1).strip() if title else pack.game.name,
        language=pack.game.language,
        base=base,
        cards=tuple(cards),
    )


def _place(error: CardgenError) -> tuple[int, int]:
    """Where an error is in the document, for reporting them in reading order."""
    where = error.location
    return (where.line or 0, where.col or 0) if where is not None else (0, 0)


def _filled(facts: GameFacts, ref: Reference, words: RulebookWords, language: str) -> str:
    """A reference's value as text: digits, or words with `|words` (`|Words` capitalised)."""
    fact = facts.names.get(ref.name)
    if fact is None:
        hint = did_you_mean(ref.name, facts.names)
        raise FactError(f'unknown name "{ref.name}"{hint}')
    params = dict(ref.params)
    if fact.options == "none" and params:
        raise FactError(f"{ref.name} takes no options")
    if fact.options == "players" and set(params) - {"players"}:
        raise FactError(f"{ref.name} takes one option, players=N")
    if ref.filter is not None and ref.filter not in FILTERS:
        hint = did_you_mean(ref.filter, ["words"])  # `Words` is its capitalised form
        raise FactError(f'unknown filter "|{ref.filter}"{hint} (filters: |words, |Words)')
    value = fact.value(params)
    text = _number(value, words, language, ref.filter is not None)
    return text[:1].upper() + text[1:] if ref.filter == "Words" else text


def _number(value: Value, words: RulebookWords, language: str, spelt: bool) -> str:
    """A value in digits or words; a range as `2 to 4` (one number when both ends agree)."""
    if isinstance(value, tuple):
        low, high = (_number(v, words, language, spelt) for v in value)
        return low if low == high else words["range"].format(low=low, high=high)
    return number_words(value, language) if spelt else str(value)


def _section(
    pack: GamePack, directive: Directive, words: RulebookWords, cards: list[ExampleCard]
) -> str:
    """A generated section's Markdown, set apart by blank lines."""
    level = directive.level
    if directive.name == "card-types":
        text, drawn = sections.card_types(pack, words, level)
        cards.extend(drawn)
    else:
        make = {
            "components": sections.components,
            "setup": sections.setup,
            "deck-rules": sections.deck_rules,
            "glossary": sections.glossary,
        }[directive.name]
        text = make(pack, words, level)
    return "\n" + text + "\n"
