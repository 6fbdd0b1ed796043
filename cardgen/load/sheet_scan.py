"""A look through a workbook's XML before it is read: what reading it will cost (how far its
cells reach, how many cells the reader's grid will hold, how much text they carry, how many
shared strings there are), and which cells hold an error (`#DIV/0!`, `#REF!`). XLSX here;
ODS in `cardgen.load.ods_scan`, with the same records and limits.

The spreadsheet reader cannot be trusted with a stranger's file: it makes a dense grid from
the first to the last cell with a value (two cells at A1 and XFD1048576 ask for billions of
cells, and the process is killed), copies a repeated or shared text into every cell that
shows it, reserves room for as many shared strings as the file says it has, and reads a cell
holding an error as empty. So the scan reads the XML as the reader will (expat, the standard
library's parser: any quoting, namespace prefix, whitespace or character reference is read
as XML reads it, not as a pattern guesses), counts the cost with repeats expanded, and stops
as soon as a limit is passed. Element and attribute names are matched by their local name,
whatever their prefix: a superset of what the reader matches (XLSX by local name, ODS by
`table:` names), so a cell the reader sees is never one the scan missed. A document type
declaration (where entities are defined) is refused: no workbook has one.
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from dataclasses import dataclass, field
from typing import Any, Protocol
from xml.etree import ElementTree
from xml.parsers import expat

MAX_ERROR_CELLS = 1_000
"""Error cells remembered for the report (the messages are capped far below this)."""
MAX_SHEET_CELLS = 5_000_000
"""Cells of the grid the reader makes of a sheet (rows x columns from A1 to the furthest
cell with a value, repeats expanded): 100,000 cards of 50 columns; about 260 MB to read."""
MAX_SHEET_TEXT = 64 * 1024 * 1024
"""Characters of text in a sheet's cells, each repeated or shared text counted in every
cell that shows it (the reader copies it into each)."""
MAX_SHARED_STRINGS = 1_000_000
"""Shared strings of an XLSX workbook, as counted and as its `uniqueCount` declares (the
reader reserves room for as many as declared)."""
_CHUNK = 1 << 16
_REF = re.compile(r"\$?([A-Za-z]*)\$?([0-9]*)")


class Readable(Protocol):
    """A stream of bytes: an archive member's, counted as it is unpacked."""

    def read(self, size: int = -1, /) -> bytes:
        """Up to `size` bytes (all that is left with -1); b"" at the end."""
        ...


class TooLarge(Exception):
    """The sheet reaches past a limit: (what, how far, the limit)."""

    def __init__(self, what: str, reach: int, limit: int, sheet: str | None = None) -> None:
        super().__init__(what, reach, limit)
        self.what, self.reach, self.limit, self.sheet = what, reach, limit, sheet


class NotAWorkbook(Exception):
    """XML no spreadsheet writes (a document type declaration, entities): the reason."""


@dataclass
class Scan:
    """How far a sheet's cells with values reach (1-based), the text they hold (repeats
    counted), and its error cells."""

    rows: int = 0
    cols: int = 0
    text: int = 0
    errors: dict[tuple[int, int], str] = field(default_factory=dict)
    unsaved: set[tuple[int, int]] = field(default_factory=set)
    """Cells holding a formula with no value saved for it (a file a program wrote, never
    saved from a spreadsheet): the reader reads them as empty."""

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

    @property
    def cells(self) -> int:
        """The cells of the reader's grid: from A1 to the furthest row and column."""
        return self.rows * self.cols

    def error(self, row: int, col: int, text: str) -> None:
        """Keep the error a cell shows (the first `MAX_ERROR_CELLS` of them)."""
        if len(self.errors) < MAX_ERROR_CELLS:
            self.errors[(row, col)] = text.strip() or "#ERROR"

    def formula_without_value(self, row: int, col: int) -> None:
        """Keep a cell whose formula has no saved value (the first `MAX_ERROR_CELLS`)."""
        if len(self.unsaved) < MAX_ERROR_CELLS:
            self.unsaved.add((row, col))


@dataclass
class Totals:
    """What a whole workbook's sheets cost together (the ODS reader reads every sheet)."""

    cells: int = 0
    text: int = 0

    def add(self, cells: int, text: int) -> None:
        """Count a sheet's cells and text; past the limits, `TooLarge`."""
        if self.cells + cells > MAX_SHEET_CELLS:
            raise TooLarge("cells", self.cells + cells, MAX_SHEET_CELLS)
        if self.text + text > MAX_SHEET_TEXT:
            raise TooLarge("characters of text", self.text + text, MAX_SHEET_TEXT)


def local_name(name: str) -> str:
    """An XML name without its prefix."""
    return name.rpartition(":")[2]


def attribute(attributes: dict[str, str], local: str) -> str | None:
    """The value of the attribute of that local name, whatever its prefix (the last)."""
    found = None
    for name, value in attributes.items():
        if local_name(name) == local:
            found = value
    return found


def whole_number(text: str | None) -> int | None:
    """A whole number as a reader reads one (digits, maybe spaces about them), or None."""
    text = (text or "").strip()
    return int(text) if text.isdigit() and text.isascii() else None


def _parser() -> Any:
    """An expat parser that refuses any document type (where entities are declared)."""
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)

    def refuse(*_: object) -> None:
        raise NotAWorkbook("it declares a document type (no spreadsheet writes one)")

    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.buffer_text = True
    return parser


def _feed(parser: Any, stream: Readable) -> None:
    while chunk := stream.read(_CHUNK):
        parser.Parse(chunk, False)
    parser.Parse(b"", True)


def parse_stream(stream: Readable, start: Any, end: Any, chars: Any) -> None:
    """Run expat over `stream` with these handlers, refusing any document type."""
    parser = _parser()
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    _feed(parser, stream)


def _column_number(letters: str) -> int:
    number = 0
    for letter in letters.upper():
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


def xlsx_hidden_sheets(archive: zipfile.ZipFile) -> set[str]:
    """The sheets the workbook hides (`state="hidden"` or `"veryHidden"`)."""
    workbook = ElementTree.fromstring(archive.read("xl/workbook.xml"))
    return {
        str(sheet.get("name"))
        for sheet in workbook.iter()
        if sheet.tag.endswith("sheet")
        and sheet.get("name") is not None
        and sheet.get("state", "visible") != "visible"
    }


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


def shared_string_lengths(stream: Readable) -> list[int]:
    """The length of each shared string of an XLSX `sharedStrings.xml` (TooLarge past
    `MAX_SHARED_STRINGS`, counted or declared)."""
    lengths: list[int] = []
    depth = [0]  # inside an <si>: its depth

    def start(name: str, attributes: dict[str, str]) -> None:
        local = local_name(name)
        if local == "sst":
            for declared in ("uniqueCount", "count"):
                number = whole_number(attribute(attributes, declared))
                if declared == "uniqueCount" and number and number > MAX_SHARED_STRINGS:
                    raise TooLarge("shared strings (as declared)", number, MAX_SHARED_STRINGS)
        elif local == "si":
            if len(lengths) >= MAX_SHARED_STRINGS:
                raise TooLarge("shared strings", len(lengths) + 1, MAX_SHARED_STRINGS)
            lengths.append(0)
            depth[0] = 1
        elif depth[0]:
            depth[0] += 1

    def end(name: str) -> None:
        if depth[0]:
            depth[0] -= 1

    def chars(text: str) -> None:
        if depth[0]:
            lengths[-1] += len(text)

    parse_stream(stream, start, end, chars)
    return lengths


def scan_xlsx(
    stream: Readable, max_rows: int, max_cols: int, shared: list[int] | None = None
) -> Scan:
    """The reach, text and error cells of one XLSX sheet's XML (raises TooLarge); `shared`:
    the length of each shared string, which a cell of type `s` shows. About 4 µs a cell:
    the handlers do little, and text is only gathered inside a cell's value."""
    scan = Scan()
    totals = Totals()
    parser = _parser()
    row = col = 0
    kind: str | None = None
    in_cell = valued = formula = False
    text: list[str] = []

    def start(name: str, attributes: dict[str, str]) -> None:
        nonlocal row, col, kind, in_cell, valued, formula
        local = name.rpartition(":")[2]
        if local == "c":
            ref = kind = None
            for key, value in attributes.items():
                key = key.rpartition(":")[2]
                if key == "r":
                    ref = value
                elif key == "t":
                    kind = value
            found = _REF.fullmatch(ref.strip()) if ref is not None else None
            letters, digits = found.groups() if found else ("", "")
            col = _column_number(letters) if letters else col + 1
            if digits:
                row = int(digits)
            in_cell, valued, formula = True, False, False
            text.clear()
        elif local == "row":
            number = whole_number(attribute(attributes, "r"))
            row, col = (number if number is not None else row + 1), 0
        elif in_cell and local in ("v", "t", "is"):
            valued = True
            parser.CharacterDataHandler = text.append
        elif in_cell and local == "f":
            formula = True

    def end(name: str) -> None:
        nonlocal in_cell
        local = name.rpartition(":")[2]
        if local != "c":
            if local in ("v", "t", "is"):
                parser.CharacterDataHandler = None
            return
        if not in_cell:
            return
        in_cell = False
        value = "".join(text)
        if not valued or not (value or kind == "inlineStr"):
            if formula:
                scan.formula_without_value(row, col)
            return
        scan.reach(row, col, max_rows, max_cols)
        totals.add(scan.cells, 0)
        size = len(value)
        if kind == "s" and shared is not None:
            index = whole_number(value)
            size = shared[index] if index is not None and index < len(shared) else size
        scan.text += size
        totals.add(0, scan.text)
        if kind == "e":
            scan.error(row, col, value)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    _feed(parser, stream)
    return scan
