"""CSV card pools as spreadsheets export them: comma, semicolon or tab separated, in
UTF-8 (with or without a BOM), UTF-16 (Excel's "Unicode text") or Windows-1252.

The separator is found from the header line, not guessed from the data (csv.Sniffer is
thrown by commas in card text): each candidate splits the header outside quotes, and the
one whose cells name the most of the game's columns wins (then the one making the most
cells; then the comma). Rows stream: a pool past MAX_POOL_CARDS rows stops there.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from cardgen.errors import CardgenError, ErrorCollector, Location, Note, display_path
from cardgen.load.table import (
    MAX_POOL_CARDS,
    SEPARATOR_NAMES,
    PoolSource,
    Table,
    blank_column_notes,
    header_key,
    known_columns,
    match_header,
    text_value,
)
from cardgen.load.text import LEGACY_ENCODINGS, read_exported_text
from cardgen.model.game import Game


def header_line(text: str) -> str:
    """The first record of a CSV text: its first line, or more while a quote is open."""
    end = 0
    quoted = False
    while end < len(text):
        char = text[end]
        if char == '"':
            quoted = not quoted
        elif char == "\n" and not quoted:
            break
        end += 1
    return text[:end]


def split_outside_quotes(line: str, separator: str) -> list[str]:
    """The cells of one CSV record split by `separator` where no quote is open."""
    cells: list[str] = []
    current: list[str] = []
    quoted = False
    for char in line:
        if char == '"':
            quoted = not quoted
        elif char == separator and not quoted:
            cells.append("".join(current))
            current = []
            continue
        current.append(char)
    cells.append("".join(current))
    return [cell.strip().strip('"') for cell in cells]


def detect_separator(text: str, game: Game) -> str:
    """`,`, `;` or a tab: the one whose header cells name most of the game's columns."""
    line = header_line(text)
    known = known_columns(game)

    def score(separator: str) -> tuple[int, int]:
        cells = split_outside_quotes(line, separator)
        return (sum(1 for c in cells if header_key(c) in known), len(cells))

    return max(SEPARATOR_NAMES, key=score)  # max keeps the first of equals: the comma


def read_csv(
    path: Path,
    game: Game,
    errors: ErrorCollector,
    notes: list[Note],
    root: Path | None = None,
) -> Table:
    """Every row of a CSV pool with its first line; problems go to `errors`."""
    shown = display_path(path)
    text, encoding = read_exported_text(path, root=root)
    separator = detect_separator(text, game)
    table = Table(PoolSource(shown, "csv", separator=separator, encoding=encoding))
    table.header = Location(shown, 1)
    if encoding in LEGACY_ENCODINGS:
        notes.append(
            Note(
                f"not UTF-8: read as {encoding} (Windows Western); if letters look wrong,"
                " export the sheet as CSV UTF-8",
                Location(shown),
            )
        )
    rows = table.rows
    reader = csv.reader(io.StringIO(text), delimiter=separator, strict=True)
    try:
        header = next(reader)
    except (StopIteration, csv.Error) as exc:
        errors.add(f"cannot read the CSV header: {exc}", Location(shown, 1))
        return table
    columns = match_header(header, game, lambda _: Location(shown, 1), errors, notes)
    if columns is None:
        return table
    table.columns = columns
    used: set[int] = set()
    previous_end = reader.line_num
    try:
        for record in reader:
            start = previous_end + 1
            previous_end = reader.line_num
            if not any(cell.strip() for cell in record):
                continue
            if len(record) > columns.width and any(c.strip() for c in record[columns.width :]):
                errors.add(
                    f"row has {len(record)} cells; the header has {columns.width}"
                    " (put text with a separator in double quotes)",
                    Location(shown, start),
                )
                continue
            row = {}
            for index, cell in enumerate(record[: columns.width]):
                value = cell.strip()
                if not value:
                    continue
                name = columns.fields.get(index)
                if name is not None:
                    row[name] = text_value(game, name, value)
                elif index in columns.blank:
                    used.add(index)
            if not row:  # values only in ignored columns (a comment): no card
                continue
            rows.append((row, Location(shown, start)))
            if len(rows) > MAX_POOL_CARDS:  # stop reading: the rest is not looked at
                raise CardgenError(f"more than {MAX_POOL_CARDS:,} cards", Location(shown, start))
    except csv.Error as exc:
        errors.add(f"malformed CSV: {exc}", Location(shown, reader.line_num))
    blank_column_notes(columns, used, game, lambda _: Location(shown, 1), errors, notes)
    return table
