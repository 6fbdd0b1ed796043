"""The project's own assumptions about a game (`assumptions:` in game.yaml): what the data
adds to the rule text, each at the place in game.yaml it is about, so that `cardgen check
--verbose` and its JSON say which of the data is ours and not the rulebook's."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from cardgen.check.findings import Finding
from cardgen.errors import Location
from cardgen.load.game import GamePack
from cardgen.model.game import Assumption


@dataclass(frozen=True, slots=True)
class PlacedAssumption:
    """An assumption and the place in game.yaml it is about."""

    assumption: Assumption
    where: Location
    found: bool
    """Whether `about` names a part of game.yaml (otherwise `where` is the entry itself)."""

    def __str__(self) -> str:
        made = self.assumption
        cite = f" ({made.cite})" if made.cite else ""
        return f"{self.where}: assumption about {made.about}: {made.note}{cite}"

    def as_json(self) -> dict[str, Any]:
        """The assumption in `cardgen check --format json`."""
        return {
            "about": self.assumption.about,
            "note": self.assumption.note,
            "cite": self.assumption.cite,
            "path": self.where.path,
            "line": self.where.line,
        }


def _key_path(about: str) -> tuple[str | int, ...]:
    """`box.contents.2` as the key path `("box", "contents", 2)`."""
    return tuple(int(part) if part.isdigit() else part for part in about.split(".") if part)


def placed_assumptions(pack: GamePack) -> list[PlacedAssumption]:
    """Every assumption of the game, at the line of game.yaml it is about."""
    placed = []
    doc = pack.doc
    for index, assumption in enumerate(pack.game.assumptions):
        path = _key_path(assumption.about)
        found = path in doc.values
        where = doc.location(path) if found else doc.location(["assumptions", index])
        placed.append(PlacedAssumption(assumption, where, found))
    return placed


def check_assumptions(pack: GamePack) -> Iterator[Finding]:
    """An assumption about a part of game.yaml that is not there (a misspelt `about`)."""
    for placed in placed_assumptions(pack):
        if not placed.found:
            yield Finding(
                "assumption-about",
                "SC609",
                f"assumption about {placed.assumption.about!r}: game.yaml has no such key",
                placed.where.path,
                placed.where.line,
                severity="warning",
                col=placed.where.col,
            )
