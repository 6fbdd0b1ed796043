"""What the claims lint read in a document (`cardgen lint --verbose`): each claim with its
number, qualifier, the words it counts, the fact of the data it was held against and the
verdict; and each number it left unread, with why.

    rules.md:12:5: read "at most 9 Signed Characters": 9 (max) against the deck rule
      signed-limit, at most 9 (decks/shards/game.yaml:127): agrees
    rules.md:30:18: unread "2": after "Turn", it counts no thing of the game
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from cardgen.check.lint.claims import ClaimFinder
from cardgen.check.lint.facts import Claim
from cardgen.check.lint.quantities import NUM, WEAK
from cardgen.check.lint.run import document_unit
from cardgen.check.lint.scope import word_before
from cardgen.check.lint.text import TextUnit
from cardgen.load.game import GamePack

_NUMBER = re.compile(rf"(?<![\w.+/-])(?P<sign>[+-])?(?P<num>{NUM})(?![\w%]|[.,]\d)", re.I)
_COUNTS_NOTHING = frozenset(
    [
        "turn",
        "tour",
        "page",
        "round",
        "manche",
        "player",
        "joueur",
        "step",
        "phase",
        "chapter",
        "level",
        "example",
        "exemple",
        "team",
        "équipe",
        "the",
        "les",
        "both",
    ]
)


@dataclass(frozen=True)
class TraceLine:
    """One line of the trace: where, and what was read or why a number was not."""

    line: int
    col: int
    text: str

    def shown(self, path: str) -> str:
        """`path:line:col: text`."""
        return f"{path}:{self.line}:{self.col}: {self.text}"


def _verdict(claim: Claim) -> str:
    """The fact a claim was held against and whether it agrees."""
    wrong = claim.contradicted()
    agreeing = [f for f in claim.facts if f.admits(claim.value, claim.qualifier, claim.upper)]
    fact = wrong or (agreeing[0] if agreeing else None)
    if fact is None:
        return "no binding fact: left alone"
    verdict = "contradicts" if wrong else "agrees"
    return f"against {fact.source}, {fact.says(claim.qualifier)} ({fact.place}): {verdict}"


def _unread_reason(text: str, match: re.Match[str]) -> str:
    """Why a number was not read as a claim."""
    if match.group("sign"):
        return "a signed number is a modifier, not a count"
    before = word_before(text, match.start())
    if before.casefold() in _COUNTS_NOTHING:
        return f'after "{before}", it counts no thing of the game'
    if " ".join(match.group("num").casefold().split()) in WEAK:
        return "one, un: read only after a qualifier"
    return "no thing the game counts (type, field, deck, hand, deal, players, pile) is said of it"


def trace_unit(finder: ClaimFinder, unit: TextUnit) -> list[TraceLine]:
    """Every claim read in a text and every number left unread, in the text's order."""
    text = unit.text
    found: list[tuple[int, TraceLine]] = []
    spans: list[tuple[int, int]] = []
    for claim in finder.claims(text):
        if any(s <= claim.start and claim.end <= e for s, e in spans):
            continue
        spans.append((claim.start, claim.end))
        said = " ".join(text[claim.start : claim.end].split())
        kind = claim.qualifier or "plain"
        if claim.upper is not None:
            kind = f"{kind} to {claim.upper}"
        line, col = unit.position(claim.start)
        by = " by its clause (TX604)" if claim.guessed else ""
        read = f'read{by} "{said}": {claim.value} ({kind}) {_verdict(claim)}'
        found.append((claim.start, TraceLine(line, col, read)))
    for match in _NUMBER.finditer(text):
        if any(s <= match.start("num") < e for s, e in spans):
            continue
        line, col = unit.position(match.start("num"))
        reason = _unread_reason(text, match)
        found.append((match.start(), TraceLine(line, col, f'unread "{match.group()}": {reason}')))
    return [entry for _, entry in sorted(found, key=lambda pair: pair[0])]


def trace_documents(pack: GamePack, paths: list[Path]) -> list[str]:
    """The trace of each rules document against a game, as `cardgen lint --verbose` prints
    it."""
    finder = ClaimFinder(pack)
    lines: list[str] = []
    for path in paths:
        unit = document_unit(path)
        lines.extend(entry.shown(unit.path) for entry in trace_unit(finder, unit))
    return lines
