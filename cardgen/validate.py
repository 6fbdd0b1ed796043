"""`cardgen validate`: deck lists against their game's construction rules."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from cardgen.check.deck_rules import DeckValidator
from cardgen.check.findings import DeckReport
from cardgen.errors import CardgenError, ErrorCollector, Location, display_path
from cardgen.fuzzy import did_you_mean
from cardgen.load.decklist import load_deck, parse_text_deck
from cardgen.model.deck import Deck
from cardgen.project import Project


def game_of(project: Project, deck: Deck, path: Path, forced: str | None) -> str:
    """Which game a deck list is for: `--game`, then the file's own `game`, then its folder."""
    if forced and deck.game and forced != deck.game:
        raise CardgenError(
            f'the list says game "{deck.game}" but --game is "{forced}"', Location(deck.path, 1)
        )
    game = forced or deck.game or project.game_for_path(path)
    if game is None:
        raise CardgenError(
            'cannot tell the game: add a first line "# game: ID" or use --game',
            Location(deck.path, 1),
        )
    if game not in project.game_ids():
        ids = project.game_ids()
        raise CardgenError(
            f'unknown game "{game}"{did_you_mean(game, ids)}', Location(deck.path, 1)
        )
    return game


DECK_SUFFIXES = (".yaml", ".yml", ".txt")


def expand(paths: Sequence[Path]) -> list[Path]:
    """Deck files from the arguments: a folder stands for the deck lists directly in it."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            inside = sorted(p for p in path.iterdir() if p.suffix in DECK_SUFFIXES and p.is_file())
            if not inside:
                raise CardgenError(
                    "folder holds no deck lists (*.yaml, *.txt)", Location(display_path(path))
                )
            found.extend(inside)
        else:
            found.append(path)
    return found


def validate_decks(
    project: Project, paths: Sequence[Path], *, game: str | None = None, building: bool = False
) -> list[DeckReport]:
    """Load every deck list (all load errors reported together), then judge each."""
    errors = ErrorCollector()
    loaded: list[tuple[Deck, str]] = []
    for path in expand(paths):
        try:
            deck = load_deck(path)
            loaded.append((deck, game_of(project, deck, path, game)))
        except CardgenError as exc:
            errors.extend([exc])
    errors.raise_if_any()
    validators: dict[str, DeckValidator] = {}
    reports = []
    for deck, game_id in loaded:
        if game_id not in validators:
            validators[game_id] = DeckValidator(project.game(game_id))
        reports.append(validators[game_id].validate(deck, building=building))
    return reports


def validate_text(
    project: Project, text: str, shown: str, *, game: str | None = None, building: bool = False
) -> tuple[Deck, DeckReport]:
    """A deck list's text judged as `cardgen validate` judges the file `shown` (nothing is
    read or written: the deck builder's list, held in memory); the deck and its verdict."""
    deck = parse_text_deck(text, shown)
    game_id = game_of(project, deck, Path(shown), game)
    return deck, DeckValidator(project.game(game_id)).validate(deck, building=building)
