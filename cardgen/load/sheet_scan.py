"""A look through a workbook's XML before it is read: how far its cells reach, and which
cells hold an error (`#DIV/0!`, `#REF!`).

Two things the spreadsheet reader cannot be trusted with on a stranger's file: it makes a
dense grid from the first to the last cell, so two cells at A1 and XFD1048576 ask for
billions of cells (the process is killed); and it reads a cell holding an error as empty,
so a broken formula would pass for a blank cell. The scan reads the sheet's XML as a
stream (XLSX: its cell tags; ODS: its rows and their repeat counts) with the standard
library and stops as soon as the sheet reaches past the pool's limits.
"""

from __future__ import annotations

import itertools
import posixpath
import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import IO
from xml.etree import ElementTree

MAX_ERROR_CELLS = 1_000
"""Error cells remembered for the report (the messages are capped far below this)."""

_TAG = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?(row|c)\b([^>]*?)(/?)>")
_REF = re.compile(rb'\br="([A-Z]{0,3})([0-9]*)"')
_ERROR_TYPE = re.compile(rb'\bt="e"')
_VALUE = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?v>([^<]*)<")
_CELL_END = re.compile(rb"</(?:[A-Za-z_][\w.-]*:)?c>")
TABLE_NS = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
OFFICE_NS = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
CALCEXT_NS = "urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"
TEXT_NS = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"


class TooLarge(Exception):
    """The sheet reaches past a limit: (what, how far, the limit)."""

    def __init__(self, what: str, reach: int, limit: int) -> None:
        super().__init__(what, reach, limit)
        self.what, self.reach, self.limit = what, reach, limit


@dataclass
class Scan:
    """How far a sheet's cells with values reach (1-based), and its error cells."""

    rows: int = 0
    cols: int = 0
    errors: dict[tuple[int, int], str] = field(default_factory=dict)

    def reach(self, row: int, col: int, max_rows: int, max_cols: int) -> None:
        """Note a cell at (row, col) that holds a value; past the limits, `TooLarge`."""
        if row > self.rows:
            self.rows = row
            if row > max_rows:
                raise TooLarge("rows", row, max_rows)
        if col > self.cols:
            self.cols = col
            if col > max_cols:
                raise TooLarge("columns", col, max_cols)

    def error(self, row: int, col: int, text: str) -> None:
        """Keep the error a cell shows (the first `MAX_ERROR_CELLS` of them)."""
        if len(self.errors) < MAX_ERROR_CELLS:
            self.errors[(row, col)] = text.strip() or "#ERROR"


def _column_number(letters: bytes) -> int:
    number = 0
    for byte in letters:
        number = number * 26 + byte - ord("A") + 1
    return number


def xlsx_sheet_parts(archive: zipfile.ZipFile) -> dict[str, str]:
    """Sheet name -> the archive member holding its cells, from the workbook's XML
    (KeyError or SyntaxError for an archive that is no workbook)."""
    workbook = ElementTree.fromstring(archive.read("xl/workbook.xml"))
    rels = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
    targets = {r.get("Id"): r.get("Target", "") for r in rels.iter() if r.get("Id")}
    parts: dict[str, str] = {}
    for sheet in workbook.iter():
        if not sheet.tag.endswith("sheet") or sheet.get("name") is None:
            continue
        rid = next((v for k, v in sheet.attrib.items() if k.endswith("}id")), None)
        target = targets.get(rid, "")
        if target:
            path = target.lstrip("/") if target.startswith("/") else posixpath.join("xl", target)
            parts[str(sheet.get("name"))] = posixpath.normpath(path)
    return parts


def scan_xlsx(data: bytes, max_rows: int, max_cols: int) -> Scan:
    """The reach and error cells of one XLSX sheet's XML (raises TooLarge)."""
    scan = Scan()
    row = col = 0
    for match in _TAG.finditer(data):
        tag, attributes, closed = match.groups()
        ref = _REF.search(attributes)
        if tag == b"row":
            row = int(ref.group(2)) if ref and ref.group(2) else row + 1
            col = 0
            continue
        if ref and ref.group(1):
            col = _column_number(ref.group(1))
            row = int(ref.group(2)) if ref.group(2) else row
        else:
            col += 1
        if closed:
            continue  # `<c r="B2" s="1"/>`: formatting, no value
        scan.reach(row, col, max_rows, max_cols)
        if _ERROR_TYPE.search(attributes):
            end = _CELL_END.search(data, match.end())
            value = _VALUE.search(data, match.end(), end.start() if end else len(data))
            scan.error(row, col, value.group(1).decode("utf-8", "replace") if value else "")
    return scan


def _repeat(element: ElementTree.Element, name: str) -> int:
    try:
        return max(1, int(element.get(f"{{{TABLE_NS}}}{name}", "1")))
    except ValueError:
        return 1


def _ods_cells(row: ElementTree.Element) -> Iterator[tuple[int, int, ElementTree.Element]]:
    """(first column, repeat count, cell) of each cell of an ODS row, columns 1-based."""
    col = 1
    for cell in row:
        if cell.tag not in (f"{{{TABLE_NS}}}table-cell", f"{{{TABLE_NS}}}covered-table-cell"):
            continue
        repeat = _repeat(cell, "number-columns-repeated")
        yield col, repeat, cell
        col += repeat


def ods_sheet_names(stream: IO[bytes]) -> list[str]:
    """The names of the tables of an ODS content.xml, in order."""
    names = []
    for _, element in ElementTree.iterparse(stream, events=("start",)):
        if element.tag == f"{{{TABLE_NS}}}table":
            names.append(element.get(f"{{{TABLE_NS}}}name", ""))
    return names


def scan_ods(stream: IO[bytes], sheet: str, max_rows: int, max_cols: int) -> Scan:
    """The reach and error cells of one table of an ODS content.xml (raises TooLarge)."""
    scan = Scan()
    inside = False
    row = 0
    for event, element in ElementTree.iterparse(stream, events=("start", "end")):
        if element.tag == f"{{{TABLE_NS}}}table":
            if event == "start":
                inside = element.get(f"{{{TABLE_NS}}}name") == sheet
            elif inside:
                break
            continue
        if not inside or event != "end" or element.tag != f"{{{TABLE_NS}}}table-row":
            continue
        repeat = _repeat(element, "number-rows-repeated")
        for col, width, cell in _ods_cells(element):
            if cell.get(f"{{{OFFICE_NS}}}value-type") is None and not "".join(cell.itertext()):
                continue
            scan.reach(row + repeat, col + width - 1, max_rows, max_cols)
            if cell.get(f"{{{CALCEXT_NS}}}value-type") == "error":
                text = "".join(cell.itertext())
                spots = (
                    (r, c)
                    for r in range(row + 1, row + repeat + 1)
                    for c in range(col, col + width)
                )
                for r, c in itertools.islice(spots, MAX_ERROR_CELLS):
                    scan.error(r, c, text)
        row += repeat
        element.clear()
    return scan
