"""Spreadsheets are bounded by what reading them costs, whatever the XML's writing (issue 32
item 1): a far cell (as rows, as columns, as a grid of cells inside both), a row repeated
across columns, a shared string shown by many cells, a declared count of shared strings, a
document type with entities. Each class is generated in the ways XML can write it (either
quote, a namespace prefix, spaces about `=`, character references, cell positions left to
count) and must be refused by the scan; samples of each run through the real `cardgen`
entry point in a process capped at 1 GB of memory, as one line, exit 2."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.load.ods_scan import scan_ods
from cardgen.load.sheet_scan import TooLarge, scan_xlsx, shared_string_lengths
from tests.conftest import bounded_cardgen
from tests.load.sheets import excel_xlsx, letters, ods
from tests.load.test_pool_limits import _game as game

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
LIMIT_ROWS, LIMIT_COLS = 101_000, 1_000
CELLS, CHARACTERS, SHARED = 5_000_000, 64 * 1024 * 1024, 1_000_000
"""The documented limits (docs/limits.md), written here, not imported."""


def attribute(name: str, value: str, quote: str, spaced: bool, escaped: bool) -> str:
    """`name="value"` as XML may write it: either quote, spaces about `=`, each letter
    as a character reference."""
    if escaped:
        value = "".join(f"&#{ord(ch)};" if ch.isalpha() else ch for ch in value)
    equals = " = " if spaced else "="
    return f"{name}{equals}{quote}{value}{quote}"


WRITING = st.fixed_dictionaries(
    {
        "quote": st.sampled_from(['"', "'"]),
        "spaced": st.booleans(),
        "escaped": st.booleans(),
        "prefix": st.sampled_from(["", "x:", "ss:"]),
        "positioned": st.booleans(),
    }
)


def sheet_xml(cells: list[tuple[int, int, str]], w: dict[str, object]) -> bytes:
    """An XLSX sheet with these cells (row, column, inline text), written as `w` says."""
    p = str(w["prefix"])
    declare = f' xmlns:{p[:-1]}="{MAIN}"' if p else f' xmlns="{MAIN}"'
    rows = []
    for row, col, text in cells:

        def attr(name: str, value: str) -> str:
            return attribute(name, value, str(w["quote"]), bool(w["spaced"]), bool(w["escaped"]))

        ref = f"{letters(col)}{row}"
        position = f" {attr('r', ref)}" if w["positioned"] or col > 1 else ""
        rows.append(
            f"<{p}row {attr('r', str(row))}><{p}c{position} {attr('t', 'inlineStr')}>"
            f"<{p}is><{p}t>{text}</{p}t></{p}is></{p}c></{p}row>"
        )
    body = "".join(rows)
    return f"<{p}worksheet{declare}><{p}sheetData>{body}</{p}sheetData></{p}worksheet>".encode()


def refused(scan: object, what: str) -> TooLarge:
    try:
        scan()  # type: ignore[operator]
    except TooLarge as exc:
        assert exc.what == what, (exc.what, what)
        return exc
    raise AssertionError(f"not refused: {what}")


FAR = st.sampled_from(
    [
        ((1_048_576, 1000), "rows"),  # ALL1048576: the issue's 33 GB
        ((LIMIT_ROWS + 1, 2), "rows"),
        ((2, LIMIT_COLS + 1), "columns"),
        ((100_000, 1000), "cells"),  # ALL100000: inside rows and columns, 100 million cells
        ((CELLS // 50 + 1, 50), "cells"),  # one row past 5,000,000 cells
        ((5_001, 1000), "cells"),
    ]
)


@settings(max_examples=120, deadline=None)
@given(far=FAR, w=WRITING)
def test_a_far_cell_is_refused_however_it_is_written(
    far: tuple[tuple[int, int], str], w: dict[str, object]
) -> None:
    (row, col), what = far
    data = sheet_xml([(1, 1, "name"), (row, col, "x")], w)
    exc = refused(lambda: scan_xlsx(io.BytesIO(data), LIMIT_ROWS, LIMIT_COLS), what)
    assert exc.limit == {"rows": LIMIT_ROWS, "columns": LIMIT_COLS, "cells": CELLS}[what]


@settings(max_examples=60, deadline=None)
@given(w=WRITING, row=st.integers(2, 100_000), col=st.integers(2, 50))
def test_a_sheet_within_every_limit_is_scanned_to_its_reach(
    w: dict[str, object], row: int, col: int
) -> None:
    data = sheet_xml([(1, 1, "name"), (row, col, "x")], w)
    scan = scan_xlsx(io.BytesIO(data), LIMIT_ROWS, LIMIT_COLS)
    assert (scan.rows, scan.cols, scan.text) == (row, col, len("name") + 1)


def ods_content(rows_repeated: int, cols_repeated: int, text: str, prefix: str) -> bytes:
    t = prefix or "table"
    return (
        f'<office:document-content xmlns:office="{OFFICE}" xmlns:{t}="{TABLE}"'
        f' xmlns:text="{TEXT}"><office:body><office:spreadsheet>'
        f'<{t}:table {t}:name="Cards"><{t}:table-row>'
        f'<{t}:table-cell office:value-type="string"><text:p>name</text:p></{t}:table-cell>'
        f"</{t}:table-row>"
        f'<{t}:table-row {t}:number-rows-repeated="{rows_repeated}">'
        f'<{t}:table-cell {t}:number-columns-repeated="{cols_repeated}"'
        f' office:value-type="string"><text:p>{text}</text:p></{t}:table-cell>'
        f"</{t}:table-row></{t}:table></office:spreadsheet></office:body>"
        "</office:document-content>"
    ).encode()


@settings(max_examples=40, deadline=None)
@given(prefix=st.sampled_from(["", "t", "tbl"]), rows=st.integers(5_041, 100_000))
def test_a_row_repeated_across_columns_is_counted_expanded(prefix: str, rows: int) -> None:
    """The issue's 917-byte ODS: a row of 992 cells repeated 10,000 times (14 s, 1.3 GB)."""
    data = ods_content(rows, 992, "x", prefix)
    refused(lambda: scan_ods(io.BytesIO(data), LIMIT_ROWS, LIMIT_COLS), "cells")


def test_repeated_text_is_counted_in_every_cell_that_shows_it() -> None:
    text = "x" * 100_000
    fits = ods_content(CHARACTERS // (100_050 * 10) - 1, 10, text, "")
    scans = scan_ods(io.BytesIO(fits), LIMIT_ROWS, LIMIT_COLS).sheets
    assert scans["Cards"].text < CHARACTERS
    past = ods_content(CHARACTERS // (100_000 * 10) + 1, 10, text, "")
    refused(lambda: scan_ods(io.BytesIO(past), LIMIT_ROWS, LIMIT_COLS), "characters of text")


def shared_strings(count: int, declared: int | None, size: int = 1) -> bytes:
    attr = f' uniqueCount="{declared}"' if declared is not None else ""
    items = "".join(f"<si><t>{'s' * size}</t></si>" for _ in range(count))
    return f'<sst xmlns="{MAIN}"{attr}>{items}</sst>'.encode()


def test_shared_strings_are_bounded_counted_and_as_declared() -> None:
    assert shared_string_lengths(io.BytesIO(shared_strings(3, 3, 5))) == [5, 5, 5]
    refused(
        lambda: shared_string_lengths(io.BytesIO(shared_strings(1, SHARED + 1))),
        "shared strings (as declared)",
    )
    assert len(shared_string_lengths(io.BytesIO(shared_strings(1, SHARED)))) == 1


def test_a_shared_string_counts_in_every_cell_that_shows_it() -> None:
    lengths = [1_000_000]
    cells = "".join(f'<row r="{r}"><c r="A{r}" t="s"><v>0</v></c></row>' for r in range(1, 70))
    data = f'<worksheet xmlns="{MAIN}"><sheetData>{cells}</sheetData></worksheet>'.encode()
    refused(
        lambda: scan_xlsx(io.BytesIO(data), LIMIT_ROWS, LIMIT_COLS, lengths),
        "characters of text",
    )


# The real command, under a 1 GB memory cap ------------------------------------------------


def with_part(data: bytes, name: str, part: bytes) -> bytes:
    source = zipfile.ZipFile(io.BytesIO(data))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for item in source.infolist():
            archive.writestr(item.filename, part if item.filename == name else source.read(item))
    return buffer.getvalue()


def one_line(root: Path, fragment: str) -> None:
    done, _ = bounded_cardgen("cards", "tiny", "--project", root, timeout=60)
    assert done.returncode == 2, done.stderr[-2000:]
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr[-2000:]
    assert "panicked" not in done.stderr and fragment in done.stderr, done.stderr
    assert not (root / "output").exists()


BASE = excel_xlsx({"Cards": [["name", "type"], ["Aria", "hero"]]})


def test_the_issue_s_workbooks_are_one_line_under_a_memory_cap(tmp_path: Path) -> None:
    single = {"quote": "'", "spaced": False, "escaped": False, "prefix": "", "positioned": True}
    cases = [
        ("rows", sheet_xml([(1, 1, "name"), (1_048_576, 1000, "x")], single), "reaches 1,048,576"),
        ("cells", sheet_xml([(1, 1, "name"), (100_000, 1000, "x")], single), "makes a grid of"),
    ]
    for label, sheet, fragment in cases:
        data = with_part(BASE, "xl/worksheets/sheet1.xml", sheet)
        root = game(tmp_path / label, "cards.xlsx", data)
        one_line(root, f"cards.xlsx: sheet 'Cards' {fragment}")
    bomb = with_part(ods({"Cards": [["name"]]}), "content.xml", ods_content(10_000, 992, "x", ""))
    one_line(game(tmp_path / "ods", "cards.ods", bomb), "9,920,992 cells")  # 10,001 rows of 992
    doctype = b'<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaa">]>' + sheet_xml(
        [(1, 1, "&a;")], single
    )
    data = with_part(BASE, "xl/worksheets/sheet1.xml", doctype)
    one_line(game(tmp_path / "doctype", "cards.xlsx", data), "declares a document type")


def test_a_grid_of_the_limit_is_read_and_one_column_more_refused(tmp_path: Path) -> None:
    rows = CELLS // 50
    cards = [["name", "type", "power"], ["Aria", "hero", "5"]]
    cells = [(r, c, v) for r, row in enumerate(cards, 1) for c, v in enumerate(row, 1)]
    plain = {"quote": '"', "spaced": False, "escaped": False, "prefix": "", "positioned": True}
    at = sheet_xml([*cells, (rows, 50, "note")], plain)
    root = game(tmp_path / "at", "cards.xlsx", with_part(BASE, "xl/worksheets/sheet1.xml", at))
    done, _ = bounded_cardgen("cards", "tiny", "--project", root, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    past = at.replace(f'r="AX{rows}"'.encode(), f'r="AY{rows}"'.encode())
    root = game(tmp_path / "past", "cards.xlsx", with_part(BASE, "xl/worksheets/sheet1.xml", past))
    one_line(root, f"{rows * 51:,} cells")


def test_docs_limits_state_each_new_limit_as_tested_here() -> None:
    limits = (Path(__file__).parents[2] / "docs" / "limits.md").read_text(encoding="utf-8")
    rows = {line.split(" | ")[0].lstrip("| "): line for line in limits.splitlines()}
    assert f"{CELLS:,} cells" in rows["the grid a spreadsheet's sheet makes"]
    assert f"{CHARACTERS:,} characters" in rows["text in a spreadsheet's cells"]
    assert (
        f"{SHARED:,}, as counted and as the file declares"
        in rows["shared strings of an XLSX workbook"]
    )
    assert "a document type declaration (entities) is refused" in limits


def declaring_size(data: bytes, name: str, size: int) -> bytes:
    """The archive with the member `name`'s unpacked size in its central directory changed
    to `size` (its data, and its local header, as they were)."""
    raw = bytearray(data)
    archive = zipfile.ZipFile(io.BytesIO(data))
    at = raw.index(b"PK\x01\x02", archive.start_dir)
    while raw[at + 46 : at + 46 + len(name)] != name.encode():
        at = raw.index(b"PK\x01\x02", at + 4)
    raw[at + 24 : at + 28] = size.to_bytes(4, "little")
    return bytes(raw)


def test_a_part_that_unpacks_to_more_than_it_declares_is_refused(tmp_path: Path) -> None:
    """What a part unpacks to is counted as it is unpacked, not taken from the archive: a
    sheet whose archive says it is 200 bytes is no readable workbook, in one line."""
    sheet = sheet_xml(
        [(1, 1, "name"), (2, 1, "x" * 50_000)],
        {
            "quote": '"',
            "spaced": False,
            "escaped": False,
            "prefix": "",
            "positioned": True,
        },
    )
    data = declaring_size(
        with_part(BASE, "xl/worksheets/sheet1.xml", sheet), "xl/worksheets/sheet1.xml", 200
    )
    one_line(game(tmp_path, "cards.xlsx", data), "not a readable XLSX workbook")


def test_two_parts_of_one_name_are_refused(tmp_path: Path) -> None:
    """Zip readers differ on which of two parts of one name (its case aside) they read:
    the scan and the reader might not read the same sheet. The scan reads both (a bomb in
    either is refused as such); two harmless ones are refused for being two."""
    plain = {"quote": '"', "spaced": False, "escaped": False, "prefix": "", "positioned": True}
    for label, sheet, fragment in (
        ("bomb", sheet_xml([(1_048_576, 1000, "x")], plain), "reaches 1,048,576 rows"),
        ("two", sheet_xml([(1, 1, "name")], plain), "two parts named"),
    ):
        buffer = io.BytesIO(BASE)
        with zipfile.ZipFile(buffer, "a") as archive:
            archive.writestr("XL/worksheets/Sheet1.xml", sheet)
        one_line(game(tmp_path / label, "cards.xlsx", buffer.getvalue()), fragment)


def test_a_reader_panic_is_one_line_and_its_backtrace_note_held_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    """python-calamine turns a Rust panic into `PanicException` (a BaseException, past
    `except Exception`) after Rust's panic hook has printed on the process's standard
    error. No file is known to make today's reader panic: the reader is made to fail as
    a panic does."""
    import os

    import python_calamine

    from cardgen.errors import CardgenError
    from cardgen.load.workbook import _cells

    class PanicException(BaseException):
        pass

    def panics(_: object) -> None:
        os.write(
            2,
            b"thread '<unnamed>' panicked at src/xlsx/mod.rs:1:1:\nnote: run with"
            b" `RUST_BACKTRACE=1` environment variable to display a backtrace\n",
        )
        raise PanicException("capacity overflow")

    monkeypatch.setattr(python_calamine.CalamineWorkbook, "from_filelike", panics)
    capfd.readouterr()
    with pytest.raises(CardgenError) as info:
        _cells(BASE, "Cards", "cards.xlsx")
    assert "the spreadsheet reader failed on this workbook (capacity overflow)" in str(info.value)
    assert capfd.readouterr().err == ""  # the panic's lines were held back


@settings(max_examples=6, deadline=None)
@given(far=FAR, w=WRITING)
def test_generated_far_cells_through_the_command_under_a_memory_cap(
    tmp_path_factory: pytest.TempPathFactory,
    far: tuple[tuple[int, int], str],
    w: dict[str, object],
) -> None:
    """A few members of the class, end to end: written as generated, refused by the
    installed command in a process capped at 1 GB, in one line, nothing written."""
    (row, col), what = far
    sheet = sheet_xml([(1, 1, "name"), (row, col, "x")], w)
    data = with_part(BASE, "xl/worksheets/sheet1.xml", sheet)
    root = game(tmp_path_factory.mktemp("far"), "cards.xlsx", data)
    said = {"rows": "rows;", "columns": "columns;", "cells": "makes a grid of"}[what]
    one_line(root, said)
