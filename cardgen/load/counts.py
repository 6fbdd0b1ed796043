"""Counts as written: the one verdict text deck lists and YAML files share.

A count is plain decimal digits, nothing else: `3`, `12`, `007`. `3.0`, `1e3`, `0x10`,
`1_000`, `+3`, `true`, `yes`, `null` and a list are refused with the same one-line message
in a text deck list and in YAML (where `1e3` would be read as 1000.0 and `true` as 1). A
YAML count is judged by its text as the file writes it, so `0x10` is refused even though
YAML reads it as 16.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cardgen.errors import ErrorCollector
from cardgen.load.table import MAX_POOL_CARDS
from cardgen.load.yaml import YamlDocument
from cardgen.model.card import MAX_COPIES
from cardgen.model.deck import MAX_COUNT

_DIGITS = re.compile(r"[0-9]+")
_NEGATIVE = re.compile(r"-[0-9]+")
_FLOW_END = re.compile(r"\s+#|[,\]}]")
"""Where a plain scalar ends in a line: a comment, or the end of a flow item."""
MAX_BOX_COUNT = MAX_POOL_CARDS * MAX_COPIES
"""Largest count of a box manifest's line or a pile: 100,000 cards of 10,000 copies each,
the most a pool can hold."""


def count_verdict(
    token: str, name: str = "", *, field: str = "count", low: int = 1, high: int = MAX_COUNT
) -> int | str:
    """The whole count `token` writes, or a message saying what is wrong with it (and, for
    a deck list's `count`, how to write it: `name` is the card's)."""
    if not _DIGITS.fullmatch(token):
        example = f' (e.g. "{_example_count(token, high)} {name}")' if name else ""
        if _NEGATIVE.fullmatch(token):
            if low > 0:
                return f"{field} must be positive, got {token}{example}"
            return f"{field} must not be negative, got {token}"
        return f'{field} must be a whole number, got "{token}"{example}'
    if len(token) > 12 or int(token) > high:
        return f"{field} {token} is absurd (at most {high:,} copies)"
    if int(token) < low:
        return f"{field} must be at least {low}, got {int(token)} (remove the line instead)"
    return int(token)


def _example_count(token: str, high: int) -> int:
    """A whole count near what a bad one says (`2.5` -> 2, `-3` -> 3), for the example."""
    try:
        value = abs(float(token.replace(",", ".").replace("_", "")))
    except ValueError:
        return 1
    return max(1, min(high, int(value))) if value == value and value != float("inf") else 1


def written(doc: YamlDocument, loc: Sequence[str | int]) -> str:
    """The text of the plain scalar at `loc` as the file writes it (`1e3`, `0x10`, `yes`,
    `~`), up to a comment or the end of a flow item; "" where the text is not kept."""
    where = doc.values.get(tuple(loc))
    if where is None or not doc.text:
        return ""
    line, col = where
    lines = doc.lines
    rest = lines[line][col:] if line < len(lines) else ""
    if rest.isdigit():  # the common case, `  Name: 3`: no comment, no flow to cut
        return rest
    end = _FLOW_END.search(rest)
    return (rest[: end.start()] if end else rest).strip()


def yaml_count(
    doc: YamlDocument,
    loc: Sequence[str | int],
    value: Any,
    name: str = "",
    *,
    field: str = "count",
    low: int = 1,
    high: int = MAX_COUNT,
) -> int | str:
    """The verdict of `count_verdict` on the YAML value at `loc`: a quoted string is
    judged as its text, any other scalar as the file writes it, a list or mapping refused."""
    if isinstance(value, list | dict):
        kind = "a list" if isinstance(value, list) else "a mapping"
        return f"{field} must be a whole number, got {kind}"
    if isinstance(value, str):
        token = value
    else:
        token = written(doc, loc) or ("null" if value is None else str(value).lower())
    verdict = count_verdict(token, name, field=field, low=low, high=high)
    if isinstance(verdict, int) and not isinstance(value, str) and value != verdict:
        return (
            f"{field} {token} is read as {value} by this file's YAML version (a leading 0"
            f" is octal in YAML 1.1); write {value} or {int(token)} without the leading 0"
        )
    return verdict


def check_counts(
    doc: YamlDocument,
    items: Any,
    base: Sequence[str | int],
    errors: ErrorCollector,
    *,
    field: str = "count",
    low: int = 0,
    high: int = MAX_BOX_COUNT,
) -> None:
    """Each `field` of the mappings in the list `items` (at `base` in `doc`), held to
    `count_verdict`; a problem is added to `errors` at the value's line."""
    if not isinstance(items, list):
        return
    for index, item in enumerate(items):
        if isinstance(item, dict) and field in item:
            loc = [*base, index, field]
            verdict = yaml_count(doc, loc, item[field], field=field, low=low, high=high)
            if isinstance(verdict, str):
                errors.add(verdict, doc.location(loc))


def check_game_counts(doc: YamlDocument, errors: ErrorCollector) -> None:
    """The counts of a game.yaml held to `count_verdict`: the box manifest's `total`, the
    `count` of each line of `box.contents` and `box.deck_contents`, and of `setup.piles`."""
    data = doc.data if isinstance(doc.data, dict) else {}
    box = data.get("box")
    if isinstance(box, dict):
        if box.get("total") is not None:
            verdict = yaml_count(
                doc, ["box", "total"], box["total"], field="total", low=0, high=MAX_BOX_COUNT
            )
            if isinstance(verdict, str):
                errors.add(verdict, doc.location(["box", "total"]))
        for key in ("contents", "deck_contents"):
            check_counts(doc, box.get(key), ["box", key], errors)
    setup = data.get("setup")
    if isinstance(setup, dict):
        piles = setup.get("piles")
        kept = (
            [p if isinstance(p, dict) and p.get("count") is not None else {} for p in piles]
            if isinstance(piles, list)
            else None
        )
        check_counts(doc, kept, ["setup", "piles"], errors)
