"""The limit table of docs/limits.md, read as data: each row's "what", its limit as written,
and the numbers in it. The limit tests take their numbers from here, so the docs and the
code are held to each other."""

from __future__ import annotations

import re

from tests.conftest import ROOT

LIMITS_MD = ROOT / "docs" / "limits.md"


def rows() -> dict[str, tuple[str, str]]:
    """what -> (limit, where it is set), for every row of the table under `## Limits`."""
    text = LIMITS_MD.read_text(encoding="utf-8")
    section = text.split("\n## Limits\n", 1)[1].split("\n## ", 1)[0]
    found: dict[str, tuple[str, str]] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or cells[0] in ("what", "---"):
            continue
        assert cells[0] not in found, f"two rows for {cells[0]!r}"
        found[cells[0]] = (cells[1], cells[2])
    return found


def numbers(what: str) -> list[float]:
    """The numbers written in a row's limit, in order (`1,000,000`, `2`, `5 %` -> 5)."""
    limit = rows()[what][0]
    return [float(n.replace(",", "")) for n in re.findall(r"\d[\d,]*(?:\.\d+)?", limit)]


def documented(what: str, index: int = 0) -> int:
    """The `index`th number of a row's limit, as a whole number."""
    value = numbers(what)[index]
    assert value == int(value), (what, value)
    return int(value)
