"""The deck builder's deck lists: judged in memory, listed, opened and saved.

A deck is judged from its text as `cardgen validate` judges a file (`validate_text`: the
same rules and messages, nothing written), with its report as `cardgen report --format
json` gives it. Saved lists are plain-text deck lists `decks/GAME/decks/SLUG.txt`, the
name slugged and checked first; a save never replaces a file unless asked to, and writes
only inside the game's own deck folder (resolved: a symlinked folder that leads out is
refused), atomically.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.check.deck_report import deck_cards, report_deck
from cardgen.errors import CardgenError, InputErrors
from cardgen.load.decklist import MAX_DECK_BYTES, parse_text_deck
from cardgen.load.text import read_text
from cardgen.project import Project
from cardgen.report import deck_reports_text, violation_line
from cardgen.validate import validate_text
from cardgen.write import atomic_write, slug

MAX_NAME = 80
"""The longest deck name taken, in characters."""
MAX_LISTED = 500
"""The most deck lists `GET /api/decks` lists."""
SUFFIX = ".txt"


class DeckRefused(Exception):
    """A deck the API does not take: its HTTP status and a one-line message."""

    def __init__(self, status: int, message: str) -> None:
        """`status` and `message`: what the API answers."""
        super().__init__(message)
        self.status = status
        self.message = message


def problems(error: CardgenError) -> list[dict[str, Any]]:
    """Each problem of a load error: `{file, line, message, text}` (`text`: the line
    `cardgen validate` prints after `error: `)."""
    errors = error.errors if isinstance(error, InputErrors) else [error]
    return [
        {
            "file": e.location.path if e.location else None,
            "line": e.location.line if e.location else None,
            "message": e.problem,
            "text": e.format_message(),
        }
        for e in errors
    ]


def deck_file(name: str) -> str:
    """The file name a deck of `name` is saved as (and downloaded as): `SLUG.txt`."""
    return f"{slug(name)}{SUFFIX}"


def shown_path(game: str, name: str) -> str:
    """The file a deck of `name` is (or would be) saved as, relative to the project."""
    return f"decks/{game}/decks/{deck_file(name)}"


def check_text(text: object) -> str:
    """A deck list's text as the API takes it: a string no larger than the loaders read."""
    if not isinstance(text, str):
        raise DeckRefused(400, "the deck list's `text` must be a string")
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError:
        raise DeckRefused(400, "the deck list is not valid Unicode text") from None
    if size > MAX_DECK_BYTES:
        raise DeckRefused(413, f"a deck list is limited to {MAX_DECK_BYTES} bytes")
    return text


def check_name(name: object) -> str:
    """A deck's name as the API takes it: 1 to `MAX_NAME` printable characters, no path."""
    if not isinstance(name, str) or not name.strip():
        raise DeckRefused(400, "the deck needs a name")
    name = name.strip()
    if len(name) > MAX_NAME:
        raise DeckRefused(400, f"a deck's name is limited to {MAX_NAME} characters")
    if any(ord(ch) < 0x20 or 0x7F <= ord(ch) <= 0x9F or 0xD800 <= ord(ch) <= 0xDFFF for ch in name):
        raise DeckRefused(400, "a deck's name may not hold control characters")
    if "/" in name or "\\" in name or ".." in name or name.startswith("."):
        raise DeckRefused(400, "a deck's name may not hold `/`, `\\` or `..`, or start with `.`")
    return name


def unread(shown: str, error: CardgenError) -> dict[str, Any]:
    """The answer for a deck list that does not read (`judge`'s keys): its `errors`."""
    return {
        "path": shown,
        "file": Path(shown).name,
        "deck": None,
        "errors": problems(error),
        "lines": [],
        "violation_lines": [],
        "report": None,
    }


def judge(project: Project, game: str, name: str, text: str) -> dict[str, Any]:
    """The verdict on a deck list's text, as `cardgen validate --format json` gives it for
    one deck (`deck`, and `lines`: what it prints; `violation_lines`: each violation's line
    of them, its place and its rule's section), with `report` (`cardgen report`'s JSON);
    or, when the text does not read as a deck list, its `errors`."""
    shown = shown_path(game, name)
    try:
        deck, verdict = validate_text(project, text, shown, game=game)
    except CardgenError as exc:
        return unread(shown, exc)
    stats = report_deck(project.game(game), deck)
    return {
        "path": shown,
        "file": deck_file(name),
        "deck": verdict.as_json(),
        "errors": [],
        "lines": deck_reports_text([verdict]).splitlines(),
        "violation_lines": [violation_line(verdict.path, v) for v in verdict.violations],
        "report": stats.as_json(),
    }


@dataclass(frozen=True, slots=True)
class DeckFolder:
    """A game's deck folder, `decks/GAME/decks/`, as the API reads and writes it."""

    project: Project
    game: str

    @property
    def path(self) -> Path:
        """The folder (not resolved)."""
        return self.project.root / "decks" / self.game / "decks"

    def resolved(self) -> Path:
        """The folder resolved, refused when it leads outside the game's folder."""
        game_folder = (self.project.root / "decks" / self.game).resolve()
        folder = self.path.resolve()
        if not folder.is_relative_to(game_folder) or (self.path.exists() and not folder.is_dir()):
            raise DeckRefused(403, f"decks/{self.game}/decks is not a folder inside the game")
        return folder

    def listed(self) -> list[dict[str, str]]:
        """The deck lists of the folder: each `{name, file}`, by name."""
        folder = self.resolved()
        if not folder.is_dir():
            return []
        found = sorted(
            p for p in folder.iterdir() if p.suffix == SUFFIX and not p.name.startswith(".")
        )
        return [
            {"name": p.stem, "file": f"decks/{self.game}/decks/{p.name}"}
            for p in found[:MAX_LISTED]
            if p.is_file()
        ]

    def opened(self, name: object) -> dict[str, Any]:
        """A deck list of the folder: its text, its cards as counts (the pool's names), and
        its verdict or load errors as `judge` gives them."""
        key = check_name(name)
        folder = self.resolved()
        target = folder / f"{key}{SUFFIX}"
        if slug(key) != key or not target.is_file():
            raise DeckRefused(404, f'no deck list "{key}" in decks/{self.game}/decks')
        answer: dict[str, Any] = {"name": key, "text": "", "cards": [], "unknown": []}
        try:
            answer["text"] = read_text(target, limit=MAX_DECK_BYTES, root=folder)
        except CardgenError as exc:
            answer.update(unread(shown_path(self.game, key), exc))
            return answer
        answer.update(judge(self.project, self.game, key, answer["text"]))
        if answer["deck"] is not None:
            deck = parse_text_deck(answer["text"], answer["path"])
            counted, unknown = deck_cards(self.project.game(self.game), deck)
            answer["cards"] = [{"name": card.name, "count": n} for card, n in counted]
            answer["unknown"] = [{"name": n, "count": c} for n, c in unknown]
        return answer

    def taken(self, name: str) -> bool:
        """Whether saving a deck of `name` would meet a file there already (a save then
        needs `overwrite`); False when the folder leads out (a save is refused anyway)."""
        try:
            target = self.resolved() / deck_file(name)
        except DeckRefused:
            return False
        return target.exists() or target.is_symlink()

    def judged(self, name: object, text: object) -> dict[str, Any]:
        """`judge`'s answer on a deck list's text, with `exists`: whether a deck saved
        under that name now would meet a file (`taken`); nothing written."""
        body = check_text(text)
        key = check_name(name or "deck")
        answer = judge(self.project, self.game, key, body)
        return {**answer, "exists": self.taken(key)}

    def save(self, name: object, text: object, overwrite: object = False) -> dict[str, Any]:
        """Write a deck list as `SLUG.txt` in the folder, atomically; an existing file is
        replaced only with `overwrite` true (a 409 otherwise)."""
        shown_name = check_name(name)
        body = check_text(text)
        try:
            validate_text(self.project, body, shown_path(self.game, shown_name), game=self.game)
        except CardgenError as exc:
            raise DeckRefused(400, problems(exc)[0]["text"]) from None
        folder = self.resolved()
        target = folder / deck_file(shown_name)
        shown = shown_path(self.game, shown_name)
        if target.is_symlink() or (target.exists() and not target.is_file()):
            raise DeckRefused(409, f"{shown} is not a plain file: not replaced")
        if target.exists() and overwrite is not True:
            raise DeckRefused(409, f"{shown} exists: save again with overwrite to replace it")
        data = body if body.endswith("\n") else body + "\n"
        atomic_write(target, data.encode("utf-8"))
        return {"saved": shown, "name": target.stem, "bytes": len(data.encode("utf-8"))}
