"""The look through an ODS workbook's content.xml before it is read (see
`cardgen.load.sheet_scan`, whose records, limits and parser it shares): every table's reach,
text and error cells with repeated rows and columns expanded as the reader expands them, the
tables a style hides, and the cells whose formula has no saved value.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from cardgen.load.sheet_scan import (
    MAX_ERROR_CELLS,
    Readable,
    Scan,
    TooLarge,
    Totals,
    attribute,
    local_name,
    parse_stream,
    whole_number,
)


def _repeat(attributes: dict[str, str], local: str) -> int:
    return max(1, whole_number(attribute(attributes, local)) or 1)


@dataclass
class _OdsTable:
    name: str
    style: str | None = None
    scan: Scan = field(default_factory=Scan)
    row: int = 0


def _row_end(
    table: _OdsTable,
    repeat: int,
    cells: list[dict[str, Any]],
    totals: Totals,
    max_rows: int,
    max_cols: int,
) -> None:
    """Count an ODS row's cells with a value, each `repeat` times (raises TooLarge)."""
    scan = table.scan
    for one in cells:
        text = "".join(one["text"])
        if not one["typed"] and not text:
            continue
        last = one["col"] + one["width"] - 1
        scan.reach(table.row + repeat, last, max_rows, max_cols)
        totals.add(scan.cells, 0)
        scan.text += (len(text) + one["size"]) * one["width"] * repeat
        totals.add(0, scan.text)
        spots = itertools.islice(_spots(table.row, repeat, one["col"], last), MAX_ERROR_CELLS)
        if one["unsaved"] and not text:
            for r, c in spots:
                scan.formula_without_value(r, c)
        elif one["error"]:
            for r, c in spots:
                scan.error(r, c, text)
    table.row += repeat


def _spots(row: int, repeat: int, first: int, last: int) -> Iterator[tuple[int, int]]:
    """The cells (row, column) of a repeated ODS cell, row by row."""
    return ((r, c) for r in range(row + 1, row + repeat + 1) for c in range(first, last + 1))


@dataclass
class OdsScan:
    """Every table of an ODS content.xml: its scan by name, in order, and the hidden ones."""

    sheets: dict[str, Scan]
    hidden: set[str]


def scan_ods(stream: Readable, max_rows: int, max_cols: int) -> OdsScan:
    """The reach, text and error cells of every table of an ODS content.xml, by name (the
    reader reads them all: their cells and text are limited together; raises TooLarge),
    and which tables are hidden (their style's `table:display="false"`)."""
    tables: list[_OdsTable] = []
    hidden_styles: set[str] = set()
    style: list[str | None] = [None]
    totals = Totals()
    row: dict[str, Any] = {}
    cell: dict[str, Any] = {}

    def start(name: str, attributes: dict[str, str]) -> None:
        local = local_name(name)
        if local == "table":
            named = attribute(attributes, "name") or ""
            tables.append(_OdsTable(named, attribute(attributes, "style-name")))
        elif local == "style":
            style[0] = attribute(attributes, "name")
        elif local == "table-properties" and style[0] is not None:
            if attribute(attributes, "display") == "false":
                hidden_styles.add(style[0])
        elif not tables:
            return
        elif local == "table-row":
            row.clear()
            row.update(repeat=_repeat(attributes, "number-rows-repeated"), cells=[], col=1)
        elif local in ("table-cell", "covered-table-cell") and row:
            width = _repeat(attributes, "number-columns-repeated")
            cell.clear()
            cell.update(
                col=row["col"],
                width=width,
                typed=any(local_name(k) in ("value-type", "formula") for k in attributes),
                unsaved=attribute(attributes, "formula") is not None
                and not any(local_name(k).endswith("value") for k in attributes),
                error=attribute(attributes, "value-type") == "error",
                size=sum(len(v) for v in attributes.values()),
                text=[],
            )
            row["col"] += width

    def end(name: str) -> None:
        local = local_name(name)
        if local in ("table-cell", "covered-table-cell") and cell:
            row["cells"].append(dict(cell))
            cell.clear()
        elif local == "table-row" and row and tables:
            try:
                _row_end(tables[-1], row["repeat"], row["cells"], totals, max_rows, max_cols)
            except TooLarge as exc:
                exc.sheet = tables[-1].name
                raise
            row.clear()
        elif local == "table" and tables:
            totals.cells = sum(t.scan.cells for t in tables)
            totals.text = sum(t.scan.text for t in tables)

    def chars(text: str) -> None:
        if cell:
            cell["text"].append(text)

    parse_stream(stream, start, end, chars)
    hidden = {table.name for table in tables if table.style in hidden_styles}
    return OdsScan({table.name: table.scan for table in tables}, hidden)
