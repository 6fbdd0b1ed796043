"""The rows of docs/limits.md about game data, each at its limit (read) and one past it
(refused, or counted on one line): deck lists and text files by size, pools by cards,
columns and spreadsheet reach, problems shown, copies, counts, unknown names, names, texts
and hex offsets. Every number comes from the table."""

from __future__ import annotations

import io
import json
import os
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from cardgen.errors import CardgenError, ErrorCollector
from cardgen.load.decklist import load_deck
from cardgen.load.delimited import read_csv
from cardgen.load.text import read_text
from cardgen.project import Project
from tests.load.sheets import excel_xlsx
from tests.oracles.limits_doc import documented, rows

Run = Callable[..., Result]
Make = Callable[..., Path]
DECK_BYTES = "a deck list (text or YAML)"
TEXT_BYTES = "any other text file (a CSV pool, a rules document)"
POOL_CARDS = "cards in a pool"
POOL_COLUMNS = "columns in a pool (CSV or a sheet)"
WORKBOOK = "a spreadsheet pool (XLSX, XLSM, ODS)"
SHOWN = "problems and notes of one pool"
COPIES = "copies of a card in the box (`copies`)"
COUNT = "a count in a deck list"
UNKNOWN = "unknown card names in a deck list"
NAME = "a card's name"
TEXT = "a card's text"
HEXES = "a hex offset (`hexes` fields)"
HEADER = "name,type,copies,power,school,level,text\n"


def error_of(call: Callable[[], object]) -> str:
    with pytest.raises(CardgenError) as info:
        call()
    return str(info.value)


def sized(path: Path, head: str, size: int) -> Path:
    """`head`, then a comment line of x's, to exactly `size` bytes."""
    path.write_text(head + "# " + "x" * (size - len(head) - 3) + "\n", encoding="utf-8")
    assert path.stat().st_size == size
    return path


def test_a_deck_list_of_the_limit_is_read_and_a_byte_more_refused(tmp_path: Path) -> None:
    limit = documented(DECK_BYTES)
    deck = sized(tmp_path / "deck.txt", "# game: tiny\n1 Aria\n", limit)
    assert [(e.name, e.count) for e in load_deck(deck).entries] == [("Aria", 1)]
    sized(deck, "# game: tiny\n1 Aria\n", limit + 1)
    assert f"file is too large ({limit + 1:,} bytes; the limit is {limit:,})" in error_of(
        lambda: load_deck(deck)
    )


def test_a_text_file_of_the_limit_is_read_and_a_byte_more_refused(tmp_path: Path) -> None:
    limit = documented(TEXT_BYTES, 1)
    assert limit == 50 * 1024 * 1024  # "50 MB" as the row spells it out
    path = sized(tmp_path / "rules.txt", "Rules.\n", limit)
    assert read_text(path).startswith("Rules.\n# xxx")
    sized(path, "Rules.\n", limit + 1)
    assert f"file is too large ({limit + 1:,} bytes" in error_of(lambda: read_text(path))


def csv_table(make_project: Make, text: str) -> tuple[int, list[str]]:
    root = make_project(cards=text)
    game = Project(root).game("tiny", partial=True).game
    errors = ErrorCollector()
    table = read_csv(root / "decks/tiny/cards.csv", game, errors, [])
    return len(table.rows), [str(e) for e in errors.unique()]


def test_a_pool_of_the_limit_is_read_and_a_card_more_refused(make_project: Make) -> None:
    limit = documented(POOL_CARDS)
    rows = "".join(f"C{i},spell,1,,fire,1,\n" for i in range(limit))
    assert csv_table(make_project, HEADER + rows) == (limit, [])
    message = error_of(lambda: csv_table(make_project, HEADER + rows + "Last,spell,1,,fire,1,\n"))
    assert f"cards.csv:{limit + 2}: more than {limit:,} cards" in message


def test_a_pool_of_the_limit_of_columns_is_read_and_one_more_refused(make_project: Make) -> None:
    limit = documented(POOL_COLUMNS)
    known = HEADER.strip().split(",")
    extra = [f"note {i}" for i in range(limit - len(known))]
    count, problems = csv_table(make_project, ",".join(known + extra) + "\nAria,hero,1,5,,,\n")
    assert (count, problems) == (1, [])
    wider = ",".join([*known, *extra, "one more"]) + "\nAria,hero,1,5,,,\n"
    _, problems = csv_table(make_project, wider)
    (problem,) = problems
    assert f"cards.csv:1: {limit + 1:,} columns: a card pool has at most {limit:,}" in problem


def workbook(make_project: Make, data: bytes, run: Run) -> Result:
    root = make_project(cards="")
    (root / "decks/tiny/cards.csv").unlink()
    (root / "decks/tiny/cards.xlsx").write_bytes(data)
    return run("cards", "tiny", "--project", root, "--format", "json")


def reaching(cell: str) -> bytes:
    """A workbook with one card, and a note in `cell` (a column no field has)."""
    data = excel_xlsx({"Cards": [["name", "type", "copies", "power"], ["Aria", "hero", 1, 5]]})
    source = zipfile.ZipFile(io.BytesIO(data))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for item in source.infolist():
            part = source.read(item)
            if item.filename == "xl/worksheets/sheet1.xml":
                row = "".join(ch for ch in cell if ch.isdigit())
                note = f'<row r="{row}"><c r="{cell}" t="inlineStr"><is><t>n</t></is></c></row>'
                part = part.replace(b"</sheetData>", note.encode() + b"</sheetData>")
            archive.writestr(item.filename, part)
    return buffer.getvalue()


def column_letters(number: int) -> str:
    letters = ""
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def test_a_sheet_reaching_the_limits_is_read_and_one_past_refused(
    make_project: Make, run: Run
) -> None:
    rows, cols = documented(WORKBOOK, 4), documented(WORKBOOK, 5)
    for cell in (f"E{rows}", f"{column_letters(cols)}2"):
        result = workbook(make_project, reaching(cell), run)
        assert result.exit_code == 0, result.stderr[-500:]
        assert [c["name"] for c in json.loads(result.stdout)["cards"]] == ["Aria"]
    past = workbook(make_project, reaching(f"E{rows + 1}"), run)
    assert past.exit_code == 2
    assert f"reaches {rows + 1:,} rows; a card pool's sheet has at most {rows:,}" in past.stderr
    past = workbook(make_project, reaching(f"{column_letters(cols + 1)}2"), run)
    assert past.exit_code == 2
    assert f"reaches {cols + 1:,} columns; a card pool's sheet has at most {cols:,}" in (
        past.stderr
    )


def padded(size: int) -> bytes:
    """A one-card workbook of exactly `size` bytes (a stored member of zeros)."""
    base = reaching("E3")

    def build(pad: int) -> bytes:
        buffer = io.BytesIO(base)
        with zipfile.ZipFile(buffer, "a", zipfile.ZIP_STORED) as archive:
            archive.writestr("pad.bin", b"\0" * pad)
        return buffer.getvalue()

    first = build(0)
    data = build(size - len(first))
    assert len(data) == size
    return data


def declaring(unpacked: int) -> bytes:
    """A one-card workbook whose archive declares it unpacks to exactly `unpacked` bytes
    (a member's size in the central directory says so; it is never unpacked)."""
    data = bytearray(padded(len(reaching("E3")) + 200))
    archive = zipfile.ZipFile(io.BytesIO(bytes(data)))
    declared = sum(i.file_size for i in archive.infolist())
    pad = archive.getinfo("pad.bin")
    at = bytes(data).index(b"pad.bin", archive.start_dir) - 46  # its central record
    assert data[at : at + 4] == b"PK\x01\x02"
    size = pad.file_size + unpacked - declared
    data[at + 24 : at + 28] = size.to_bytes(4, "little")
    assert sum(i.file_size for i in zipfile.ZipFile(io.BytesIO(bytes(data))).infolist()) == (
        unpacked
    )
    return bytes(data)


def test_a_workbook_of_the_limits_of_size_is_read_and_one_byte_past_refused(
    make_project: Make, run: Run
) -> None:
    on_disk, unpacked = documented(WORKBOOK, 1), documented(WORKBOOK, 3)
    assert (on_disk, unpacked) == (50 * 1024 * 1024, 256 * 1024 * 1024)  # as the row says
    assert workbook(make_project, padded(on_disk), run).exit_code == 0
    past = workbook(make_project, padded(on_disk + 1), run)
    assert past.exit_code == 2 and f"file is too large ({on_disk + 1:,} bytes" in past.stderr
    assert workbook(make_project, declaring(unpacked), run).exit_code == 0
    past = workbook(make_project, declaring(unpacked + 1), run)
    assert past.exit_code == 2
    assert f"unpacks to {unpacked + 1:,} bytes; the limit is {unpacked:,}" in past.stderr


def test_problems_of_a_pool_one_by_one_to_the_limit(make_project: Make, run: Run) -> None:
    limit = documented(SHOWN)
    for bad in (limit, limit + 1):
        rows = "".join(f"Card {i},hero,1,strong,,,\n" for i in range(bad))
        result = run("cards", "tiny", "--project", make_project(cards=HEADER + rows))
        lines = result.stderr.splitlines()
        assert result.exit_code == 2
        assert sum("power: Input should be a valid integer" in ln for ln in lines) == limit
        more = [ln for ln in lines if "more problem" in ln]
        assert more == ([] if bad == limit else [lines[limit]])
        if bad > limit:
            assert lines[limit].endswith("cards.csv: ... and 1 more problem")


def card_row(make_project: Make, run: Run, row: str) -> Result:
    return run("cards", "tiny", "--project", make_project(cards=HEADER + row))


@pytest.mark.parametrize(
    ("what", "row", "bounds", "message"),
    [
        (COPIES, "Aria,hero,{},5,,,\n", (0, 1), "copies: Input should be less than or equal to"),
        (NAME, "{},hero,1,5,,,\n", (0, 1), "name: String should have at most"),
        (TEXT, "Aria,hero,1,5,,,{}\n", None, "text: String should have at most"),
    ],
    ids=["copies", "name", "text"],
)
def test_card_values_up_to_their_limits(
    make_project: Make, run: Run, what: str, row: str, bounds: tuple[int, int] | None, message: str
) -> None:
    high = documented(what, bounds[1] if bounds else 0)
    low = documented(what, bounds[0]) if bounds else 0

    def value(n: int) -> str:
        return str(n) if what == COPIES else "A" * n

    for ok_value in (low, high):
        if what == NAME and ok_value == 0:
            continue
        result = card_row(make_project, run, row.format(value(ok_value)))
        assert result.exit_code == 0, result.stderr[-300:]
    result = card_row(make_project, run, row.format(value(high + 1)))
    assert result.exit_code == 2 and f"{message} {high}" in result.stderr
    if what == NAME:  # at least 1 character: an empty name is no card
        empty = card_row(make_project, run, row.format("") + "Aria,hero,1,5,,,\n")
        assert empty.exit_code == 2
    if what == COPIES:
        below = card_row(make_project, run, row.format(low - 1))
        assert below.exit_code == 2 and f"greater than or equal to {low}" in below.stderr


def test_a_deck_count_up_to_the_limit(tmp_path: Path) -> None:
    low, high = documented(COUNT, 0), documented(COUNT, 1)
    deck = tmp_path / "d.txt"
    for count in (low, high):
        deck.write_text(f"# game: tiny\n{count} Aria\n")
        assert [e.count for e in load_deck(deck).entries] == [count]
    deck.write_text(f"# game: tiny\n{high + 1} Aria\n")
    assert f"count {high + 1} is absurd (at most {high:,} copies)" in error_of(
        lambda: load_deck(deck)
    )
    deck.write_text(f"# game: tiny\n{low - 1} Aria\n")
    assert "count must be at least 1" in error_of(lambda: load_deck(deck))


def test_unknown_names_one_by_one_to_the_limit(make_project: Make, run: Run) -> None:
    limit = documented(UNKNOWN)
    root = make_project()
    for unknown in (limit, limit + 1):
        deck = root / "d.txt"
        deck.write_text("# game: tiny\n" + "".join(f"1 Nobody {i}\n" for i in range(unknown)))
        result = run("validate", deck, "--project", root, "--format", "json")
        (report,) = json.loads(result.stdout)["decks"]
        named = [v for v in report["violations"] if v["message"].startswith('unknown card "')]
        rest = [v for v in report["violations"] if "more unknown card name" in v["message"]]
        assert len(named) == limit
        assert [v["message"].split(" from")[0] for v in rest] == (
            [] if unknown == limit else ["and 1 more unknown card name"]
        )


HEX_GAME = """\
id: tiny
name: Tiny Game
players: {min: 2, max: 2}
types:
  hero:
    label: Hero
    fields:
      pattern: {type: hexes, description: Offsets.}
"""


@pytest.mark.parametrize("direction", [(1, 0), (0, 1), (1, -1), (-1, 0), (0, -1), (-1, 1)], ids=str)
def test_hex_offsets_up_to_the_limit(
    make_project: Make, run: Run, direction: tuple[int, int]
) -> None:
    """Hexes from the piece counted as a walk on the board: the hex distance of [q, r] is
    the largest of |q|, |r| and |q + r|."""
    limit = documented(HEXES)

    def pool(steps: int) -> str:
        q, r = direction[0] * steps, direction[1] * steps
        return f'name,type,copies,pattern,text\nAria,hero,1,"{q},{r}",\n'

    assert run("cards", "tiny", "--project", make_project(HEX_GAME, pool(limit))).exit_code == 0
    past = run("cards", "tiny", "--project", make_project(HEX_GAME, pool(limit + 1)))
    assert past.exit_code == 2 and f"is more than {limit} hexes from the piece" in past.stderr


@pytest.mark.parametrize(("q", "r"), [(30, 30), (-26, -25), (40, 11)])
def test_a_hex_further_than_the_limit_on_the_diagonal_is_refused(
    make_project: Make, run: Run, q: int, r: int
) -> None:
    limit = documented(HEXES)
    assert max(abs(q), abs(r)) <= limit < abs(q + r)  # each axis within, the walk beyond
    pool = f'name,type,copies,pattern,text\nAria,hero,1,"{q},{r}",\n'
    result = run("cards", "tiny", "--project", make_project(HEX_GAME, pool))
    assert result.exit_code == 2 and f"is more than {limit} hexes from the piece" in result.stderr


NOT_REGULAR = "files that are not regular files (`/dev/zero`, a pipe)"
NOT_FINITE = "NaN and infinite numbers (`.nan`, `.inf`, `nan` in CSV)"


def test_files_that_are_not_regular_files_are_refused(tmp_path: Path) -> None:
    assert "refused" in rows_limit(NOT_REGULAR)
    os.mkfifo(tmp_path / "pipe.txt")  # never opened: reading it would wait for a writer
    assert "not a regular file" in error_of(lambda: read_text(tmp_path / "pipe.txt"))
    if Path("/dev/zero").exists():  # a device that never ends
        assert "not a regular file" in error_of(lambda: load_deck(Path("/dev/zero")))


@pytest.mark.parametrize("value", [".nan", ".inf", "-.inf", ".NaN"])
def test_nan_and_infinity_are_refused_in_yaml(make_project: Make, run: Run, value: str) -> None:
    assert "refused everywhere" in rows_limit(NOT_FINITE)
    cards = f"- {{name: Aria, type: hero, copies: 1, power: {value}}}\n"
    root = make_project(cards=cards, pool_name="cards.yaml")
    pool = run("cards", "tiny", "--project", root)
    assert pool.exit_code == 2 and "power: Input should be a finite number" in pool.stderr
    cards = f"- {{name: Aria, type: hero, copies: {value}, power: 5}}\n"
    root = make_project(cards=cards, pool_name="cards.yaml")
    pool = run("cards", "tiny", "--project", root)  # a count: no plain whole number
    assert pool.exit_code == 2 and f'copies must be a whole number, got "{value}"' in pool.stderr
    (root / "decks/tiny/cards.yaml").unlink()  # the layout next, with the CSV pool
    hero = f"extends: builtin:card\nelements:\n  title: {{opacity: {value}}}\n"
    root = make_project(extra={"../../layouts/tiny/hero.yaml": hero})
    layout = run("render", "tiny", "--project", root)
    assert layout.exit_code == 2 and "opacity: Input should be a finite number" in layout.stderr


@pytest.mark.parametrize("value", ["nan", "NaN", "inf", "-inf", "infinity"])
def test_nan_and_infinity_are_refused_in_csv(make_project: Make, run: Run, value: str) -> None:
    result = card_row(make_project, run, f"Aria,hero,{value},5,,,\n")
    assert result.exit_code == 2 and "copies: Input should be a valid integer" in result.stderr


def rows_limit(what: str) -> str:
    return rows()[what][0]
