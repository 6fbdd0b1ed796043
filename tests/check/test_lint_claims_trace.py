"""`cardgen lint --verbose`: which numbers of a document were read as claims (with the fact
each was held against) and which were left unread, and why."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from click.testing import Result

from tests.conftest import ROOT

Run = Callable[..., Result]


def test_verbose_traces_read_and_unread_numbers(run: Run, tmp_path: Path) -> None:
    doc = tmp_path / "rules.md"
    doc.write_text(
        "# Building\n\nA Shard Deck may contain no more than 8 Signed Characters.\n\n"
        "On Turn 2, add +3 to a stat.\n",
        encoding="utf-8",
    )
    result = run(
        "lint", "--project", ROOT, "--game", "shards", doc, "--select", "TX602", "--verbose"
    )
    lines = result.output.splitlines()
    read = [line for line in lines if ': read "no more than 8 Signed Characters"' in line]
    assert len(read) == 1 and read[0].startswith(f"{doc}:3:")
    assert "8 (max) against the deck rule signed-limit, at most 9" in read[0]
    assert read[0].endswith(": contradicts")
    assert any(':5:9: unread "2": after "Turn"' in line for line in lines), lines
    assert any('unread "+3": a signed number' in line for line in lines), lines
    assert sum(": TX602 " in line for line in lines) == 1


def test_without_verbose_no_trace(run: Run, tmp_path: Path) -> None:
    doc = tmp_path / "rules.md"
    doc.write_text("On Turn 2, add +3 to a stat.\n", encoding="utf-8")
    result = run("lint", "--project", ROOT, "--game", "shards", doc, "--select", "TX602")
    assert "unread" not in result.output
