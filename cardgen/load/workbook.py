"""XLSX, XLSM and ODS card pools, read directly with python-calamine.

The first visible sheet, or the one named after a `#` in game.yaml's `pool:`
(`cards.xlsx#Cards`). Formulas count as the values the spreadsheet last worked out (the
values saved in the file); a cell holding an error (`#DIV/0!`) is an error at its cell.
The header is the first row with a value in it; every message names the sheet and the
cell as the spreadsheet does: `cards.xlsx:Cards!C14`.
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
import tempfile
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any
from xml.parsers import expat

from cardgen.errors import CardgenError, ErrorCollector, Location, Note, display_path
from cardgen.fuzzy import did_you_mean
from cardgen.load.ods_scan import scan_ods
from cardgen.load.sheet_scan import (
    NotAWorkbook,
    Scan,
    TooLarge,
    scan_xlsx,
    shared_string_lengths,
    xlsx_hidden_sheets,
    xlsx_sheet_parts,
)
from cardgen.load.table import (
    MAX_POOL_CARDS,
    MAX_POOL_COLUMNS,
    Columns,
    PoolSource,
    Table,
    blank_column_notes,
    match_header,
    sheet_value,
)
from cardgen.load.text import read_bytes
from cardgen.model.game import Game

WORKBOOK_SUFFIXES = (".xlsx", ".xlsm", ".ods")
"""Spreadsheets read directly."""
Grid = list[list[Any]]
"""A sheet's cells as the reader gives them, row by row ("" for an empty cell)."""
MAX_UNPACKED = 256 * 1024 * 1024
"""Bytes a workbook's archive may unpack to (its own declaration, checked before reading)."""
MAX_SHEET_ROWS = MAX_POOL_CARDS + 1_000
"""Rows a sheet may reach: the largest pool, a header and some blank or title rows."""


class UnknownSheet(CardgenError):
    """game.yaml's `pool:` names a sheet the workbook does not have."""


def split_pool(pool: str) -> tuple[str, str | None]:
    """`cards.xlsx#Cards` -> (`cards.xlsx`, `Cards`); a name without a spreadsheet before
    its `#` is a file name (`Deck #1.csv`)."""
    file, mark, sheet = pool.rpartition("#")
    if mark and file.lower().endswith(WORKBOOK_SUFFIXES):
        return file, sheet
    return pool, None


def _open(data: bytes, shown: str, kind: str) -> zipfile.ZipFile:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError):
        raise CardgenError(
            f"not an {kind} workbook (it is no zip archive); save it again from the"
            " spreadsheet, or export the sheet as CSV",
            Location(shown),
        ) from None
    if unpacked > MAX_UNPACKED:
        raise CardgenError(
            f"the workbook unpacks to {unpacked:,} bytes; the limit is {MAX_UNPACKED:,}",
            Location(shown),
        )
    return archive


def _unreadable(kind: str, shown: str) -> CardgenError:
    return CardgenError(
        f"not a readable {kind} workbook (a part of it is missing or broken); save it again"
        " from the spreadsheet, or export the sheet as CSV",
        Location(shown),
    )


def _member(archive: zipfile.ZipFile, path: str) -> zipfile.ZipInfo | None:
    """The archive's member at `path`, its case ignored as the reader ignores it (the last
    of several alike: each is checked, see `_members`)."""
    found = _members(archive, path)
    return found[-1] if found else None


def _members(archive: zipfile.ZipFile, path: str) -> list[zipfile.ZipInfo]:
    wanted = path.replace("\\", "/").casefold()
    return [i for i in archive.infolist() if i.filename.replace("\\", "/").casefold() == wanted]


class _Counted:
    """A member's stream that counts what it unpacks: past `MAX_UNPACKED`, `TooLarge`
    (whatever the archive declares)."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream, self.read_so_far = stream, 0

    def read(self, size: int = -1) -> bytes:
        data = self.stream.read(size)
        self.read_so_far += len(data)
        if self.read_so_far > MAX_UNPACKED:
            raise TooLarge("bytes unpacked from one part", self.read_so_far, MAX_UNPACKED)
        return data


@contextlib.contextmanager
def _scanning(kind: str, sheet: str | None, shown: str) -> Iterator[None]:
    """A scan's failures as one-line errors at the workbook: past a limit, not a
    workbook, or a part missing or broken."""
    try:
        yield
    except TooLarge as exc:
        raise _too_large(exc, sheet, shown) from None
    except NotAWorkbook as exc:
        raise CardgenError(f"not a workbook: {exc}", Location(shown)) from None
    except (KeyError, SyntaxError, ValueError, zipfile.BadZipFile, OSError, expat.ExpatError):
        raise _unreadable(kind, shown) from None


def _scans(
    archive: zipfile.ZipFile, kind: str, shown: str
) -> tuple[dict[str, Scan | str], set[str]]:
    """Each sheet's name, and its scan (ODS: every sheet is scanned, as the reader reads
    them all) or the archive member holding it (XLSX: scanned once chosen); and the names
    of the hidden sheets."""
    with _scanning(kind, None, shown):
        if kind == "ODS":
            info = _member(archive, "content.xml")
            if info is None:
                raise KeyError("content.xml")
            with archive.open(info) as stream:
                found = scan_ods(_Counted(stream), MAX_SHEET_ROWS, MAX_POOL_COLUMNS)
            return dict(found.sheets), found.hidden
        return dict(xlsx_sheet_parts(archive)), xlsx_hidden_sheets(archive)


def _too_large(exc: TooLarge, sheet: str | None, shown: str) -> CardgenError:
    sheet = exc.sheet if exc.sheet is not None else sheet
    where = f"sheet {sheet!r}" if sheet is not None else "the workbook"
    if exc.what in ("rows", "columns"):
        text = f"{where} reaches {exc.reach:,} {exc.what}; a card pool's sheet has at most"
        return CardgenError(f"{text} {exc.limit:,} (is this the right sheet?)", Location(shown))
    if exc.what == "cells":
        text = (
            f"{where} makes a grid of {exc.reach:,} cells (rows x columns, from A1 to its"
            f" furthest cell with a value, repeats counted); a card pool has at most"
        )
        return CardgenError(f"{text} {exc.limit:,} (is this the right sheet?)", Location(shown))
    return CardgenError(
        f"{where} holds {exc.reach:,} {exc.what}; the limit is {exc.limit:,}", Location(shown)
    )


def _choose(names: list[str], hidden: set[str], wanted: str | None, shown: str) -> str:
    """The sheet named `wanted` (its case ignored), or the first visible one."""
    if not names:
        raise CardgenError("the workbook has no sheet", Location(shown))
    if wanted is None:
        return next((name for name in names if name not in hidden), names[0])
    if wanted in names:
        return wanted
    folded = [n for n in names if n.casefold() == wanted.strip().casefold()]
    if folded:
        return folded[0]
    raise UnknownSheet(
        f'{shown} has no sheet "{wanted}"{did_you_mean(wanted, names)}'
        f" (its sheets: {', '.join(names)})"
    )


def _scan(archive: zipfile.ZipFile, kind: str, sheet: str, found: Scan | str, shown: str) -> Scan:
    """The chosen sheet's scan (an XLSX sheet's made now, with its shared strings')."""
    if isinstance(found, Scan):
        return found
    with _scanning(kind, sheet, shown):
        shared: list[int] = []
        for info in _members(archive, "xl/sharedStrings.xml"):
            with archive.open(info) as stream:
                shared = shared_string_lengths(_Counted(stream))
        scan = Scan()  # a sheet whose part is missing is empty, as the reader reads it
        for info in _members(archive, found):
            with archive.open(info) as stream:
                scan = scan_xlsx(_Counted(stream), MAX_SHEET_ROWS, MAX_POOL_COLUMNS, shared)
        return scan


def _repacked(archive: zipfile.ZipFile, kind: str, shown: str) -> bytes:
    """The workbook as the reader is given it: its XML parts (and `mimetype`), each unpacked
    here and counted as it is (at most `MAX_UNPACKED` in all, whatever the archive
    declares), stored in a new archive. So the reader reads exactly the bytes the scan
    read, never a part another zip reader would find or unpack differently; pictures and
    macros, which it does not read, are left out."""
    buffer = io.BytesIO()
    seen: set[str] = set()
    left = MAX_UNPACKED
    try:
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as repacked:
            for info in archive.infolist():
                name = info.filename.replace("\\", "/")
                if not (name.lower().endswith((".xml", ".rels")) or name == "mimetype"):
                    continue
                if name.casefold() in seen:
                    raise CardgenError(
                        f"the workbook holds two parts named {name!r}; save it again from the"
                        " spreadsheet",
                        Location(shown),
                    )
                seen.add(name.casefold())
                with archive.open(info) as stream:
                    part = stream.read(left + 1)
                left -= len(part)
                if left < 0:
                    raise CardgenError(
                        f"the workbook unpacks to more than {MAX_UNPACKED:,} bytes (whatever"
                        " its archive declares)",
                        Location(shown),
                    )
                repacked.writestr(zipfile.ZipInfo(name), part)  # dated 1980: same bytes each run
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, zlib.error):
        raise _unreadable(kind, shown) from None
    return buffer.getvalue()


def _cells(data: bytes, sheet: str, shown: str) -> Grid:
    from python_calamine import CalamineError, CalamineWorkbook

    try:
        with _reader_stderr_kept():
            book = CalamineWorkbook.from_filelike(io.BytesIO(data))
            sheet_values = book.get_sheet_by_name(sheet)
            values: Grid = sheet_values.to_python(skip_empty_area=False)
    except (CalamineError, ValueError, OSError) as exc:
        problem = " ".join(str(exc).split())[:200]
        raise CardgenError(f"cannot read the workbook: {problem}", Location(shown)) from None
    except BaseException as exc:
        if type(exc).__name__ != "PanicException":  # the reader's own failure (Rust)
            raise
        problem = " ".join(str(exc).split())[:200]
        raise CardgenError(
            f"the spreadsheet reader failed on this workbook ({problem}); save it again from"
            " the spreadsheet, or export the sheet as CSV",
            Location(shown),
        ) from None
    return values


@contextlib.contextmanager
def _reader_stderr_kept() -> Iterator[None]:
    """While the reader runs, what it prints on the process's standard error (a failing
    reader prints its panic and a backtrace note there, past Python) is held back: shown
    after it if it read the workbook, dropped if it failed (its error is then one line)."""
    try:
        saved = os.dup(2)
    except OSError:  # no standard error to keep
        yield
        return
    with tempfile.TemporaryFile() as held:
        os.dup2(held.fileno(), 2)
        try:
            yield
        except BaseException:
            os.dup2(saved, 2)
            raise
        else:
            os.dup2(saved, 2)
            held.seek(0)
            printed = held.read(64 * 1024)
            if printed:
                os.write(2, printed)
        finally:
            os.close(saved)


def read_workbook(
    path: Path,
    wanted: str | None,
    game: Game,
    errors: ErrorCollector,
    notes: list[Note],
    root: Path | None = None,
) -> Table:
    """Every row of a sheet with a value in it, as a card's values at its name cell."""
    shown = display_path(path)
    kind = "ODS" if path.suffix.lower() == ".ods" else path.suffix.lower().lstrip(".").upper()
    sheet, scan, grid = _sheet(read_bytes(path, root=root), kind, wanted, shown)
    table = Table(PoolSource(shown, kind.lower(), sheet=sheet))
    start = next((i for i, cells in enumerate(grid) if any(c != "" for c in cells)), None)
    if start is None:
        errors.add(f"sheet {sheet!r} is empty", Location(shown, sheet=sheet))
        return table
    table.header = Location(shown, start + 1, sheet=sheet)
    header = functools.partial(_cell_at, table, start + 1)
    columns = match_header(grid[start], game, header, errors, notes)
    if columns is None:
        return table
    table.columns = columns
    table.source.columns.update({name: index + 1 for index, name in columns.fields.items()})
    used = _read_rows(grid, start, scan, columns, game, table, errors)
    blank_column_notes(columns, used, game, header, errors, notes)
    return table


def _sheet(data: bytes, kind: str, wanted: str | None, shown: str) -> tuple[str, Scan, Grid]:
    """The sheet to read (named, or the first visible one), its scan and its cells."""
    archive = _open(data, shown, kind)
    scans, hidden = _scans(archive, kind, shown)
    sheet = _choose(list(scans), hidden, wanted, shown)
    scan = _scan(archive, kind, sheet, scans[sheet], shown)
    return sheet, scan, _cells(_repacked(archive, kind, shown), sheet, shown)


def _read_rows(
    grid: Grid,
    start: int,
    scan: Scan,
    columns: Columns,
    game: Game,
    table: Table,
    errors: ErrorCollector,
) -> set[int]:
    """The cards in the rows below the header row `start` (0-based), into `table.rows`;
    returns the columns with no header that hold a value."""
    name_index = columns.index("name")
    rows = table.rows
    used: set[int] = set()
    for offset, cells in enumerate(grid[start + 1 :], start=start + 2):
        row: dict[str, Any] = {}
        for index, cell in enumerate(cells):
            name = columns.fields.get(index)
            value = _value(cell, name, offset, index, scan, game, table, errors)
            if value is None:
                continue
            if name is not None:
                row[name] = value
            elif index in columns.blank:
                used.add(index)
        if row:  # a row with values only in ignored columns (a comment) is no card
            at = _cell_at(table, offset, name_index if name_index is not None else 0)
            rows.append((row, at))
            if len(rows) > MAX_POOL_CARDS:
                raise CardgenError(f"more than {MAX_POOL_CARDS:,} cards", at)
    return used


def _value(
    cell: Any,
    name: str | None,
    row: int,
    index: int,
    scan: Scan,
    game: Game,
    table: Table,
    errors: ErrorCollector,
) -> Any:
    """A cell's value as field `name` reads it (None for none); a cell showing an error, or
    a formula with no value saved, is an error at the cell."""
    failed = scan.errors.get((row, index + 1))
    if failed is not None and name is not None:
        problem = (
            f"the cell shows the error {failed} (a formula that cannot be worked"
            " out): fix it in the spreadsheet"
        )
    else:
        value = None if cell == "" else sheet_value(game, name, cell) if name else cell
        if value is not None or name is None or (row, index + 1) not in scan.unsaved:
            return value
        problem = (
            "the cell holds a formula with no value saved for it (the file was written"
            " by a program, never saved from a spreadsheet): open it in a spreadsheet"
            " program and save it, or write the values instead of the formulas"
        )
    at = _cell_at(table, row, index)
    errors.add(problem, at)
    table.failed.add(at)
    return None


def _cell_at(table: Table, row: int, index: int) -> Location:
    """The cell of the table's sheet at a 1-based row and a 0-based column."""
    return Location(table.source.path, row, index + 1, table.source.sheet)
