"""The held-back claim set of the rules-number linter (issue 35, deliverable 3): games and
rules sentences written by hand, apart from the linter and its generated texts, and never
used while tuning it. Each game's claims become one Markdown document, each claim its own
paragraph; TX602 runs on it through the public API and its findings are held against the
claims' own marks: which wrong numbers it caught, which right numbers it flagged.

There are six sets, each a project folder under tests/data/ with a `claims/` folder:
tests/data/lint_heldback/ (set one, the default) and lint_heldback2/ to lint_heldback6/.
Each was written apart from the linter, measured once as the test split, then used as
development data (set six, measured at the end of round four, was not tuned on). Their
READMEs say how they were written; their tests are tests/check/test_lint_heldback*.py and
the per-kind report `tools/heldback_report.py [--set NAME | FOLDER]`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.check.lint import LintFinding, lint_documents
from cardgen.load.yaml import load_yaml
from cardgen.project import open_project

DATA = Path(__file__).resolve().parent.parent / "data"
"""Where the held-back sets lie, each a folder of its own."""
HELDBACK = DATA / "lint_heldback"
"""Set one's project folder (`decks/<game>/`) and its claims: the default set."""
CLAIMS = HELDBACK / "claims"
CODES = ["TX602", "TX604"]
"""The numbers-against-data rules: TX602 (a known wording) and TX604 (the clause reader)."""
KINDS = ("deck", "caps", "hand", "deal", "players", "piles", "box", "fields", "filler")
"""What a claim states: the deck size, a construction cap (count, per group, copies), the
hand, the deal per player count, the player count, a setup pile, the box or a starter
deck, a field's bounds or a kind's number of values; a filler states nothing the data fixes."""
MARK = re.compile(r"\[\[(.+?)\]\]")
KEYS = {"kind", "wrong", "text", "note"}


class ClaimFileError(ValueError):
    """A claims file that does not say what the harness needs, at its file and line, or a
    set's name or folder that holds no claims."""


@dataclass(frozen=True)
class Claim:
    """One sentence of the set, placed in its game's document."""

    game: str
    """The game's id (its folder under decks/)."""
    kind: str
    """One of KINDS."""
    wrong: bool | None
    """True: the marked number contradicts the data; False: it agrees; None: a filler."""
    text: str
    """The sentence (or small list or table) as the document holds it, marks taken out."""
    marked: str
    """The marked number, as written."""
    note: str
    """What the data says about it, in the set's own words."""
    source: str
    """Where the claim is written: `claims/<game>.yaml:line`."""
    first_line: int
    """The document line the claim starts on (1-based)."""
    last_line: int
    """The document line it ends on."""
    line: int
    """The document line of the marked number."""
    col: int
    """The marked number's column on that line (1-based)."""


@dataclass(frozen=True)
class Outcome:
    """A claim and the TX602 findings on its lines."""

    claim: Claim
    findings: tuple[LintFinding, ...]

    @property
    def caught(self) -> bool:
        """A wrong claim with a finding on the line of its marked number."""
        return self.claim.wrong is True and any(f.line == self.claim.line for f in self.findings)

    @property
    def false_alarm(self) -> bool:
        """A right claim or a filler with any finding on its lines."""
        return self.claim.wrong is not True and bool(self.findings)


@dataclass(frozen=True)
class Score:
    """Recall on the wrong claims and false alarms on the others, for some outcomes."""

    wrong: int
    caught: int
    right: int
    fillers: int
    false_alarms: int
    """Right claims and fillers with a finding."""

    @property
    def recall(self) -> float:
        """Wrong claims caught over wrong claims (1.0 when there are none)."""
        return self.caught / self.wrong if self.wrong else 1.0


def set_folder(name: str | Path) -> Path:
    """The project folder of a held-back set: a folder path as given, or a set's name under
    tests/data/ (`lint_heldback2`); either must hold a `claims/` folder."""
    given = Path(name)
    folder = given if given.is_dir() else DATA / str(name)
    if not (folder / "claims").is_dir():
        known = sorted(p.parent.name for p in DATA.glob("*/claims"))
        raise ClaimFileError(f"{name}: no held-back set there (sets: {', '.join(known)})")
    return folder


def game_ids(held: Path = HELDBACK) -> list[str]:
    """The games of the set in `held` that have a claims file, sorted."""
    return sorted(p.stem for p in (held / "claims").glob("*.yaml"))


def _entry(game: str, raw: Any, source: str) -> tuple[str, str, bool | None, str, re.Match[str]]:
    """(kind, text with marks, wrong, note, the mark) of one raw entry, checked."""
    if not isinstance(raw, dict) or set(raw) != KEYS:
        raise ClaimFileError(f"{source}: an entry has exactly the keys {sorted(KEYS)}")
    kind, text, wrong, note = raw["kind"], raw["text"], raw["wrong"], raw["note"]
    if kind not in KINDS:
        raise ClaimFileError(f"{source}: kind {kind!r} is none of {', '.join(KINDS)}")
    if not isinstance(text, str) or not isinstance(note, str) or "\n\n" in text:
        raise ClaimFileError(f"{source}: text and note are strings, the text one paragraph")
    if wrong not in (True, False, None) or (wrong is None) != (kind == "filler"):
        raise ClaimFileError(f"{source}: wrong is true or false, and null for a filler only")
    marks = list(MARK.finditer(text))
    if len(marks) != 1:
        raise ClaimFileError(f"{source}: {len(marks)} marked numbers in {game}'s claim, not 1")
    return kind, text, wrong, note, marks[0]


def read_claims(path: Path, first_line: int = 1) -> list[Claim]:
    """The claims of a claims file (`claims/<game>.yaml`), placed one paragraph each (a
    blank line between) from document line `first_line` on."""
    doc = load_yaml(path)
    data = doc.data
    game = path.stem
    if not isinstance(data, dict) or data.get("game") != game:
        raise ClaimFileError(f"{path.name}: a mapping with `game: {game}` and `claims:`")
    entries = data.get("claims")
    if not isinstance(entries, list) or not entries:
        raise ClaimFileError(f"{path.name}: `claims:` is a list of entries")
    claims = []
    line = first_line
    for index, raw in enumerate(entries):
        source = f"claims/{path.name}:{doc.location(['claims', index]).line}"
        kind, marked_text, wrong, note, mark = _entry(game, raw, source)
        before, marked = marked_text[: mark.start()], mark.group(1)
        text = MARK.sub(lambda m: m.group(1), marked_text)
        mark_line = line + before.count("\n")
        col = len(before) - (before.rfind("\n") + 1) + 1
        last = line + text.count("\n")
        claims.append(
            Claim(game, kind, wrong, text, marked, note, source, line, last, mark_line, col)
        )
        line = last + 2
    return claims


HEADING = "# Held-back rules sentences\n\n"
"""The document's first lines: a heading, then the claims from line 3."""


def document(claims: Sequence[Claim]) -> str:
    """The rules document of one game's claims, each at the lines `read_claims` gave it."""
    return HEADING + "\n\n".join(c.text for c in claims) + "\n"


def run_game(game: str, folder: Path, held: Path = HELDBACK) -> list[Outcome]:
    """Lint `game`'s claims document (written into `folder`) with TX602 alone, against
    the game as `open_project` loads it from the set in `held`; each claim with the
    findings on its lines."""
    claims = read_claims(held / "claims" / f"{game}.yaml", first_line=HEADING.count("\n") + 1)
    path = folder / f"{game}-heldback.md"
    path.write_text(document(claims), encoding="utf-8")
    pack = open_project(held).game(game)
    findings = lint_documents(pack, [path], select=CODES, project_root=held)
    return [
        Outcome(c, tuple(f for f in findings if c.first_line <= f.line <= c.last_line))
        for c in claims
    ]


def run_all(folder: Path, held: Path = HELDBACK) -> list[Outcome]:
    """Every game's outcomes of the set in `held`, game by game."""
    return [outcome for game in game_ids(held) for outcome in run_game(game, folder, held)]


def score(outcomes: Iterable[Outcome]) -> Score:
    """The recall and false alarms of these outcomes."""
    chosen = list(outcomes)
    wrong = [o for o in chosen if o.claim.wrong is True]
    return Score(
        wrong=len(wrong),
        caught=sum(o.caught for o in wrong),
        right=sum(o.claim.wrong is False for o in chosen),
        fillers=sum(o.claim.wrong is None for o in chosen),
        false_alarms=sum(o.false_alarm for o in chosen),
    )


def misses(outcomes: Iterable[Outcome]) -> list[Outcome]:
    """The wrong claims without a finding on their marked line."""
    return [o for o in outcomes if o.claim.wrong is True and not o.caught]


def false_alarms(outcomes: Iterable[Outcome]) -> list[Outcome]:
    """The right claims and fillers with a finding."""
    return [o for o in outcomes if o.false_alarm]
