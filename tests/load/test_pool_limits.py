"""Runaway pools are refused as they are read, quickly, in a few lines: too many columns,
too many rows, a sheet reaching far past its cells, and hundreds of the same problem."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import Result

import cardgen.load.pool  # noqa: F401  (imported before any clock starts)
from cardgen.load.table import MAX_POOL_CARDS, MAX_POOL_COLUMNS
from tests.conftest import TINY_GAME, bounded_cardgen
from tests.load.sheets import excel_xlsx

Run = Callable[..., Result]
HEADER = "name,type,copies,power,school,level,text\n"


@contextmanager
def cpu_seconds(limit: float) -> Iterator[None]:
    """CPU time, not wall time: a busy machine does not make the test fail."""
    started = time.process_time()
    yield
    assert time.process_time() - started < limit


def _game(root: Path, name: str, data: bytes) -> Path:
    folder = root / "decks" / "tiny"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(TINY_GAME, encoding="utf-8")
    (folder / name).write_bytes(data)
    return root


def _one_error(result: Result, fragment: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert len(result.stderr.splitlines()) == 1, result.stderr[:2000]
    assert fragment in result.stderr, result.stderr


def test_a_hundred_thousand_columns_are_refused_at_the_header(tmp_path: Path, run: Run) -> None:
    header = ",".join(f"c{i}" for i in range(100_000))
    root = _game(tmp_path, "cards.csv", f"{header}\n{'x,' * 99_999}x\n".encode())
    assert (root / "decks/tiny/cards.csv").stat().st_size > 590_000
    with cpu_seconds(1.0):
        result = run("cards", "tiny", "--project", root)
    _one_error(
        result, f"cards.csv:1: 100,000 columns: a card pool has at most {MAX_POOL_COLUMNS:,}"
    )


def test_a_million_rows_are_refused_as_they_stream(tmp_path: Path, run: Run) -> None:
    rows = b"Card,hero,1,5,,,\n" * 1_600_000  # refused while read: the names never compared
    root = _game(tmp_path, "cards.csv", HEADER.encode() + rows)
    # about 1.3 s of CPU alone; 2.1 s was seen with the other core busy (CPU time grows when
    # two processes share a core's caches); reading and validating every row takes many times
    # that, so 3 s still tells streaming from not
    with cpu_seconds(3.0):
        result = run("cards", "tiny", "--project", root)
    _one_error(result, f"cards.csv:{MAX_POOL_CARDS + 2}: more than {MAX_POOL_CARDS:,} cards")


def test_hundreds_of_bad_rows_show_the_first_twenty(tmp_path: Path, run: Run) -> None:
    rows = "".join(f"Card {i},hero,1,strong,,,\n" for i in range(500))
    root = _game(tmp_path, "cards.csv", (HEADER + rows).encode())
    result = run("cards", "tiny", "--project", root)
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 22, lines[-3:]
    assert all("power: Input should be a valid integer" in line for line in lines[:20])
    assert lines[20].endswith("cards.csv: ... and 480 more problems")
    assert lines[21] == "21 errors"


def test_hundreds_of_extra_columns_show_the_first_twenty_notes(tmp_path: Path, run: Run) -> None:
    extra = ",".join(f"note {i}" for i in range(900))
    root = _game(tmp_path, "cards.csv", f"name,type,power,{extra}\nAria,hero,5\n".encode())
    result = run("cards", "tiny", "--project", root)
    assert result.exit_code == 0, result.output
    notes = result.stderr.splitlines()
    assert len(notes) == 21 and notes[-1].endswith("cards.csv: ... and 880 more notes")


def test_a_sheet_reaching_the_last_cell_is_refused_without_reading_it(
    tmp_path: Path, run: Run
) -> None:
    """Two cells, at A1 and XFD1048576: a reader that makes the grid between them asks for
    17 billion cells (python-calamine aborts the process). The scan refuses the sheet
    first, in a process whose memory is bounded."""
    root = _game(tmp_path, "cards.xlsx", _sparse_workbook())
    done, elapsed = bounded_cardgen("cards", "tiny", "--project", root)
    assert done.returncode == 2, done.stderr[-2000:]
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert (
        "sheet 'Cards' reaches 1,048,576 rows; a card pool's sheet has at most 101,000"
        in done.stderr
    )
    assert elapsed < 5.0, elapsed


def _sparse_workbook() -> bytes:
    import io
    import zipfile

    source = zipfile.ZipFile(io.BytesIO(excel_xlsx({"Cards": [["name", "type"]]})))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "xl/worksheets/sheet1.xml":
                data = data.replace(
                    b"</sheetData>",
                    b'<row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData>',
                )
            archive.writestr(item.filename, data)
    return buffer.getvalue()


@pytest.mark.parametrize("repeat", [200_000, 10**9])
def test_an_ods_row_repeated_past_the_limit_is_refused(
    tmp_path: Path, run: Run, repeat: int
) -> None:
    import io
    import zipfile

    from tests.load.sheets import ods

    data = ods({"Cards": [["name", "type"], ["Aria", "hero"]]})
    source = zipfile.ZipFile(io.BytesIO(data))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for item in source.infolist():
            content = source.read(item)
            if item.filename == "content.xml":
                content = content.replace(
                    b'<table:table-row><table:table-cell office:value-type="string"><text:p>Aria',
                    f'<table:table-row table:number-rows-repeated="{repeat}">'
                    '<table:table-cell office:value-type="string"><text:p>Aria'.encode(),
                )
            archive.writestr(item, content)
    root = _game(tmp_path, "cards.ods", buffer.getvalue())
    with cpu_seconds(1.0):
        result = run("cards", "tiny", "--project", root)
    _one_error(
        result, f"sheet 'Cards' reaches {repeat + 1:,} rows; a card pool's sheet has at most"
    )
