"""Spreadsheets as designers' tools write them, made at test time (no committed binaries).

- `openpyxl_xlsx`: a workbook written by openpyxl;
- `excel_xlsx`: a workbook built by hand as Excel saves one: shared strings, a styles part
  with a date format, `<dimension>`, formulas saved with their last value (`<f>` and `<v>`,
  which openpyxl cannot write: it does not work formulas out), error cells (`t="e"`);
- `ods`: an OpenDocument spreadsheet as LibreOffice saves one: `mimetype` first and stored,
  runs of blank cells as `table:number-columns-repeated`, the rest of the sheet as one
  empty row repeated a million times;
- `delimited`: CSV or tab-separated text in a given encoding, separator and line end.
"""

from __future__ import annotations

import csv
import datetime
import io
import zipfile
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape, quoteattr

Sheets = dict[str, Sequence[Sequence[Any]]]


@dataclass(frozen=True)
class Formula:
    """A formula cell and the value the spreadsheet worked out and saved for it."""

    expression: str
    value: Any


@dataclass(frozen=True)
class Error:
    """A cell showing an error, such as `#DIV/0!`, from a formula."""

    text: str = "#DIV/0!"
    expression: str = "1/0"


def letters(col: int) -> str:
    text = ""
    while col:
        col, rest = divmod(col - 1, 26)
        text = chr(65 + rest) + text
    return text


def openpyxl_xlsx(sheets: Sheets, *, hidden: Collection[str] = ()) -> bytes:
    """A workbook written by openpyxl (values only; `None` is an empty cell); the sheets
    named in `hidden` hidden."""
    from openpyxl import Workbook

    book = Workbook()
    assert book.active is not None
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        if name in hidden:
            sheet.sheet_state = "hidden"
        for row in rows:
            sheet.append([None if cell == "" else cell for cell in row])
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


_EPOCH = datetime.date(1899, 12, 30)
STATE = {False: "", True: ' state="hidden"'}
"""A sheet's state in workbook.xml: Excel writes it only for a hidden sheet."""


def _xlsx_cell(ref: str, value: Any, strings: dict[str, int]) -> str:
    if value is None or value == "":
        return ""
    if isinstance(value, Error):
        return f'<c r="{ref}" t="e"><f>{escape(value.expression)}</f><v>{value.text}</v></c>'
    if isinstance(value, Formula):
        kind = ' t="str"' if isinstance(value.value, str) else ""
        cached = escape(str(value.value))
        return f'<c r="{ref}"{kind}><f>{escape(value.expression)}</f><v>{cached}</v></c>'
    if isinstance(value, bool):
        return f'<c r="{ref}" t="b"><v>{int(value)}</v></c>'
    if isinstance(value, datetime.date):
        return f'<c r="{ref}" s="1"><v>{(value - _EPOCH).days}</v></c>'
    if isinstance(value, int | float):
        return f'<c r="{ref}"><v>{value!r}</v></c>'
    index = strings.setdefault(str(value), len(strings))
    return f'<c r="{ref}" t="s"><v>{index}</v></c>'


def excel_xlsx(sheets: Sheets, *, suffix: str = "xlsx", hidden: Collection[str] = ()) -> bytes:
    """A workbook laid out as Excel saves it (see the module's docstring)."""
    strings: dict[str, int] = {}
    parts: dict[str, str] = {}
    for number, rows in enumerate(sheets.values(), start=1):
        xml_rows = []
        width = max((len(r) for r in rows), default=1)
        for r, row in enumerate(rows, start=1):
            cells = "".join(
                _xlsx_cell(f"{letters(c)}{r}", v, strings) for c, v in enumerate(row, start=1)
            )
            if cells:
                xml_rows.append(f'<row r="{r}" spans="1:{width}">{cells}</row>')
        parts[f"xl/worksheets/sheet{number}.xml"] = (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
            ' xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
            f'<dimension ref="A1:{letters(width)}{max(len(rows), 1)}"/>'
            f"<sheetData>{''.join(xml_rows)}</sheetData></worksheet>"
        )
    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    content = "application/vnd.openxmlformats-officedocument.spreadsheetml"
    macro = suffix == "xlsm"
    book_type = (
        "application/vnd.ms-excel.sheet.macroEnabled.main+xml"
        if macro
        else (f"{content}.sheet.main+xml")
    )
    overrides = "".join(
        f'<Override PartName="/{p}" ContentType="{content}.worksheet+xml"/>' for p in parts
    )
    listed = "".join(
        f'<sheet name={quoteattr(name)} sheetId="{i}"{STATE[name in hidden]} r:id="rId{i}"/>'
        for i, name in enumerate(sheets, start=1)
    )
    rels = "".join(
        f'<Relationship Id="rId{i}" Type="{rel}/worksheet" Target="worksheets/sheet{i}.xml"/>'
        for i in range(1, len(sheets) + 1)
    )
    n = len(sheets)
    shared = "".join(
        f'<si><t xml:space="preserve">{escape(s)}</t></si>'
        for s in sorted(strings, key=strings.__getitem__)
    )
    files = {
        "[Content_Types].xml": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
            'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
            f'<Override PartName="/xl/workbook.xml" ContentType="{book_type}"/>{overrides}'
            f'<Override PartName="/xl/styles.xml" ContentType="{content}.styles+xml"/>'
            f'<Override PartName="/xl/sharedStrings.xml" ContentType="{content}.sharedStrings'
            '+xml"/></Types>'
        ),
        "_rels/.rels": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns='
            '"http://schemas.openxmlformats.org/package/2006/relationships"><Relationship'
            f' Id="rId1" Type="{rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>'
        ),
        "xl/workbook.xml": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<workbook xmlns="{main}" xmlns:r="{rel}"><sheets>{listed}</sheets></workbook>'
        ),
        "xl/_rels/workbook.xml.rels": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns='
            f'"http://schemas.openxmlformats.org/package/2006/relationships">{rels}'
            f'<Relationship Id="rId{n + 1}" Type="{rel}/styles" Target="styles.xml"/>'
            f'<Relationship Id="rId{n + 2}" Type="{rel}/sharedStrings"'
            ' Target="sharedStrings.xml"/></Relationships>'
        ),
        "xl/styles.xml": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<styleSheet xmlns="{main}"><fonts count="1"><font><sz val="11"/></font></fonts>'
            '<fills count="1"><fill><patternFill patternType="none"/></fill></fills>'
            '<borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0"/>'
            '</cellStyleXfs><cellXfs count="2"><xf numFmtId="0" xfId="0"/>'
            '<xf numFmtId="14" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>'
        ),
        "xl/sharedStrings.xml": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<sst xmlns="{main}" count="{len(strings)}" uniqueCount="{len(strings)}">'
            f"{shared}</sst>"
        ),
        **parts,
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return buffer.getvalue()


_ODS_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"'
    ' xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"'
    ' xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"'
    ' xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"'
    ' xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"'
)


def _ods_cell(value: Any) -> str:
    def para(text: str) -> str:
        return "".join(f"<text:p>{escape(line)}</text:p>" for line in text.split("\n"))

    if isinstance(value, Error):
        return (
            f'<table:table-cell table:formula="of:={escape(value.expression)}"'
            ' office:value-type="string" office:string-value="" calcext:value-type="error">'
            f"{para(value.text)}</table:table-cell>"
        )
    formula = ""
    if isinstance(value, Formula):
        formula = f" table:formula={quoteattr('of:=' + value.expression)}"
        value = value.value
    if isinstance(value, bool):
        word = "true" if value else "false"
        return (
            f'<table:table-cell{formula} office:value-type="boolean"'
            f' office:boolean-value="{word}">{para(word.upper())}</table:table-cell>'
        )
    if isinstance(value, datetime.date):
        return (
            f'<table:table-cell{formula} office:value-type="date"'
            f' office:date-value="{value.isoformat()}">{para(value.isoformat())}'
            "</table:table-cell>"
        )
    if isinstance(value, int | float):
        return (
            f'<table:table-cell{formula} office:value-type="float" office:value="{value!r}">'
            f"{para(str(value))}</table:table-cell>"
        )
    return (
        f'<table:table-cell{formula} office:value-type="string">{para(str(value))}'
        "</table:table-cell>"
    )


def _ods_row(row: Sequence[Any], width: int) -> str:
    cells: list[str] = []
    blank = 0
    for value in [*row, *[""] * (width - len(row))]:
        if value is None or value == "":
            blank += 1
            continue
        if blank:
            cells.append(f'<table:table-cell table:number-columns-repeated="{blank}"/>')
            blank = 0
        cells.append(_ods_cell(value))
    if blank:
        cells.append(f'<table:table-cell table:number-columns-repeated="{blank}"/>')
    return f"<table:table-row>{''.join(cells)}</table:table-row>"


def ods(sheets: Sheets, *, hidden: Collection[str] = ()) -> bytes:
    """An OpenDocument spreadsheet as LibreOffice saves one (see the module's docstring);
    the sheets named in `hidden` hidden, as LibreOffice hides one (a table style that
    does not display)."""
    tables = []
    for name, rows in sheets.items():
        width = max((len(r) for r in rows), default=1) + 2  # LibreOffice's trailing blanks
        body = "".join(_ods_row(row, width) for row in rows)
        style = ' table:style-name="ta2"' if name in hidden else ' table:style-name="ta1"'
        tables.append(
            f"<table:table table:name={quoteattr(name)}{style}>"
            f'<table:table-column table:number-columns-repeated="{width}"/>{body}'
            '<table:table-row table:number-rows-repeated="1048000">'
            '<table:table-cell table:number-columns-repeated="1024"/></table:table-row>'
            "</table:table>"
        )
    content = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<office:document-content {_ODS_NS} office:version="1.3">'
        "<office:automatic-styles>"
        '<style:style style:name="ta1" style:family="table" style:master-page-name="Default">'
        '<style:table-properties table:display="true" style:writing-mode="lr-tb"/>'
        "</style:style>"
        '<style:style style:name="ta2" style:family="table" style:master-page-name="Default">'
        '<style:table-properties table:display="false" style:writing-mode="lr-tb"/>'
        "</style:style></office:automatic-styles><office:body>"
        f"<office:spreadsheet>{''.join(tables)}</office:spreadsheet></office:body>"
        "</office:document-content>"
    )
    manifest = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest xmlns:manifest='
        '"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">'
        '<manifest:file-entry manifest:full-path="/" manifest:media-type='
        '"application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry'
        ' manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
        "</manifest:manifest>"
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(
            zipfile.ZipInfo("mimetype"),
            "application/vnd.oasis.opendocument.spreadsheet",
            compress_type=zipfile.ZIP_STORED,
        )
        archive.writestr("META-INF/manifest.xml", manifest)
        archive.writestr("content.xml", content)
    return buffer.getvalue()


def delimited(
    rows: Sequence[Sequence[Any]],
    *,
    separator: str = ",",
    encoding: str = "utf-8",
    newline: str = "\n",
) -> bytes:
    """Rows as a spreadsheet exports separated values (text with the separator quoted)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=separator, lineterminator=newline)
    for row in rows:
        writer.writerow(["" if cell is None else cell for cell in row])
    return buffer.getvalue().encode(encoding)
