"""Card pools as designers export them: XLSX (openpyxl's and Excel's layout), XLSM, ODS,
CSV with commas, semicolons or tabs, in UTF-8, UTF-16 or Windows-1252, with extra and
blank columns and headers in any case. Every file is made here (tests/load/sheets.py)."""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.errors import CardgenError, InputErrors
from cardgen.load.pool import name_key
from cardgen.project import Project
from tests.conftest import TINY_GAME
from tests.load.sheets import Error, Formula, delimited, excel_xlsx, ods, openpyxl_xlsx

Run = Callable[..., Result]
HEADER = ["name", "type", "copies", "power", "school", "level", "text"]
ROWS: list[list[Any]] = [
    ["Aria", "hero", 1, 5, "", "", "Leads the party."],
    ["Borin", "hero", 1, 7, "", "", ""],
    ["Fireball", "spell", 4, "", "fire", 2, "Deal 2 damage; then 1, if you can."],
    ["Frost Bolt", "spell", 4, "", "ice", 1, 'A "cold" one.\nTwo lines.'],
    ["Ice Wall", "spell", 2, "", "ice", 3, ""],
]
WRITERS: dict[str, Callable[[list[list[Any]]], bytes]] = {
    "cards.xlsx": lambda rows: openpyxl_xlsx({"Cards": rows}),
    "cards.xlsm": lambda rows: excel_xlsx({"Cards": rows}, suffix="xlsm"),
    "cards.ods": lambda rows: ods({"Cards": rows}),
    "cards.csv": lambda rows: delimited(rows, separator=";", encoding="utf-8-sig", newline="\r\n"),
    "cards.txt": lambda rows: delimited(rows, separator="\t", encoding="utf-16", newline="\r\n"),
    "cards.tsv": lambda rows: delimited(rows, separator="\t", encoding="cp1252"),
}
"""Each way a pool is saved: workbooks, Excel's "CSV UTF-8" in a European locale (BOM,
semicolons, CRLF), its "Unicode text" (UTF-16 with tabs) and a legacy tab export."""


def _project(root: Path, name: str, data: bytes, game: str = TINY_GAME) -> Path:
    folder = root / "decks" / "tiny"
    (folder / "decks").mkdir(parents=True, exist_ok=True)
    if "#" in name or not name.startswith("cards.") or name.endswith(".txt"):
        game += f"pool: {name}\n"
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    (folder / name.split("#")[0]).write_bytes(data)
    return root


def _cards(root: Path) -> list[dict[str, Any]]:
    return [card.as_json() for card in Project(root).game("tiny").cards]


def _messages(exc: CardgenError) -> list[str]:
    items = exc.errors if isinstance(exc, InputErrors) else [exc]
    return [e.format_message() for e in items]


def _error_lines(root: Path, *, cwd: Path) -> list[str]:
    import os

    here = os.getcwd()
    os.chdir(cwd)
    try:
        with pytest.raises(CardgenError) as info:
            Project(root).game("tiny")
    finally:
        os.chdir(here)
    return _messages(info.value)


@pytest.fixture
def csv_cards(tmp_path: Path) -> list[dict[str, Any]]:
    return _cards(_project(tmp_path / "csv", "cards.csv", delimited([HEADER, *ROWS])))


@pytest.mark.parametrize("name", list(WRITERS))
def test_every_format_loads_the_same_cards(
    tmp_path: Path, name: str, csv_cards: list[dict[str, Any]]
) -> None:
    root = _project(tmp_path, name, WRITERS[name]([HEADER, *ROWS]))
    assert _cards(root) == csv_cards
    assert csv_cards[2] == {
        "name": "Fireball",
        "type": "spell",
        "copies": 4,
        "school": "fire",
        "level": 2,
        "text": "Deal 2 damage; then 1, if you can.",
    }


def test_the_source_says_how_the_pool_was_read(tmp_path: Path, run: Run) -> None:
    root = _project(tmp_path, "cards.txt", WRITERS["cards.txt"]([HEADER, *ROWS]))
    result = run("cards", "tiny", "--project", root, "--format", "json")
    assert result.exit_code == 0, result.output
    source = json.loads(result.stdout)["source"]
    assert source == {
        "path": str(root / "decks" / "tiny" / "cards.txt"),
        "format": "csv",
        "separator": "\t",
        "encoding": "utf-16",
        "sheet": None,
    }
    result = run("cards", "tiny", "--project", root, "--verbose")
    assert result.stderr == (
        f"read {root / 'decks' / 'tiny' / 'cards.txt'}: CSV separated by tabs (\\t),"
        " encoding utf-16\n"
    )
    root = _project(tmp_path / "b", "cards.xlsx", WRITERS["cards.xlsx"]([HEADER, *ROWS]))
    result = run("check", "tiny", "--project", root, "--format", "json")
    assert json.loads(result.stdout)["source"]["sheet"] == "Cards"
    result = run("check", "tiny", "--project", root, "-v")
    assert result.stderr.startswith(f'read {root / "decks/tiny/cards.xlsx"}: XLSX, sheet "Cards"')


def test_a_semicolon_in_card_text_does_not_fool_the_separator(tmp_path: Path) -> None:
    rows = [HEADER, ["Aria", "hero", 1, 5, "", "", "a;b;c;d;e;f;g;h;i;j"]]
    root = _project(tmp_path, "cards.csv", delimited(rows, separator=","))
    assert _cards(root)[0]["text"] == "a;b;c;d;e;f;g;h;i;j"
    root = _project(tmp_path / "b", "cards.csv", delimited(rows, separator=";"))
    assert _cards(root)[0]["text"] == "a;b;c;d;e;f;g;h;i;j"
    assert Project(root).game("tiny").source.separator == ";"  # type: ignore[union-attr]


def test_a_legacy_encoding_is_read_with_a_note(tmp_path: Path, run: Run) -> None:
    rows = [HEADER, ["Señor Búho", "hero", 1, 5, "", "", "“Olé” – 5 €"]]
    root = _project(tmp_path, "cards.csv", delimited(rows, encoding="cp1252"))
    assert _cards(root)[0]["name"] == "Señor Búho"
    assert _cards(root)[0]["text"] == "“Olé” – 5 €"
    result = run("cards", "tiny", "--project", root)
    assert result.exit_code == 0
    pool = root / "decks" / "tiny" / "cards.csv"
    assert result.stderr == (
        f"note: {pool}: not UTF-8: read as cp1252 (Windows Western); if letters look wrong,"
        " export the sheet as CSV UTF-8\n"
    )


def test_extra_blank_and_oddly_cased_columns(tmp_path: Path, run: Run) -> None:
    header = ["Name", " Type ", "COPIES", "Power", "school", "Level", "Text", "notes"]
    header += ["designer comments", "", ""]
    rows = [[*row, "check art", "", "", ""] for row in ROWS]
    rows[0][-2] = "stray"  # a value under a header-less column
    for name in ("cards.csv", "cards.xlsx", "cards.ods"):
        root = _project(tmp_path / name, name, WRITERS[name]([header, *rows]))
        result = run("cards", "tiny", "--project", root, "--format", "json")
        assert result.exit_code == 0, result.output
        document = json.loads(result.stdout)
        assert [c["name"] for c in document["cards"]] == [r[0] for r in ROWS]
        notes = [n["message"] for n in document["notes"]]
        assert notes == [
            'column "notes" is not a field of tiny: ignored',
            'column "designer comments" is not a field of tiny: ignored',
            "column J has no header: its values are ignored",
        ]
        places = [n.get("cell") or n["line"] for n in document["notes"]]
        assert places == (["H1", "I1", "J1"] if name != "cards.csv" else [1, 1, 1])
        text = run("check", "tiny", "--project", root)
        assert text.exit_code == 0
        assert text.stderr.count("note: ") == 3


def test_strict_columns_makes_extra_columns_errors(tmp_path: Path) -> None:
    header = [*HEADER, "Notes"]
    data = openpyxl_xlsx({"Cards": [header, *[[*r, "x"] for r in ROWS]]})
    root = _project(tmp_path, "cards.xlsx", data, TINY_GAME + "strict_columns: true\n")
    assert _error_lines(root, cwd=root / "decks" / "tiny") == [
        'cards.xlsx:Cards!H1: unknown column "Notes" (strict_columns is on in game.yaml)'
    ]


def test_a_named_sheet_and_an_unknown_one(tmp_path: Path) -> None:
    other = [["nothing", "here"], ["x", "y"]]
    data = excel_xlsx({"Notes": other, "Card list": [HEADER, *ROWS]})
    root = _project(tmp_path, "cards.xlsx#Card list", data)
    assert [c["name"] for c in _cards(root)] == [r[0] for r in ROWS]
    root = _project(tmp_path / "b", "cards.xlsx#Crad list", data)
    line = TINY_GAME.count("\n") + 1
    assert _error_lines(root, cwd=root / "decks" / "tiny") == [
        f'game.yaml:{line}:7: pool cards.xlsx#Crad list: cards.xlsx has no sheet "Crad list"; did'
        ' you mean "Card list"? (its sheets: Notes, Card list)'
    ]
    root = _project(tmp_path / "c", "cards.ods#cards", ods({"Notes": other, "Cards": [HEADER]}))
    assert _cards(root) == []  # a sheet's name matches whatever its case


HIDING = {
    "cards.xlsx": lambda sheets, hidden: openpyxl_xlsx(sheets, hidden=hidden),
    "cards.xlsm": lambda sheets, hidden: excel_xlsx(sheets, suffix="xlsm", hidden=hidden),
    "cards.ods": lambda sheets, hidden: ods(sheets, hidden=hidden),
}


HIDDEN = [{"Notes"}, {"Notes", "Old"}, {"Cards", "Notes", "Old"}, set()]


@pytest.mark.parametrize(
    ("name", "hidden"),
    # openpyxl refuses to write a workbook whose every sheet is hidden
    [(n, h) for n in HIDING for h in HIDDEN if not (n == "cards.xlsx" and len(h) == 3)],
)
def test_the_first_visible_sheet_is_read(tmp_path: Path, name: str, hidden: set[str]) -> None:
    """As docs/pools.md says; the spreadsheet reader's own view of which sheets are
    visible (python-calamine's `sheets_metadata`) is the oracle."""
    import io

    from python_calamine import CalamineWorkbook, SheetVisibleEnum

    sheets = {"Notes": [HEADER, ROWS[1]], "Old": [HEADER, ROWS[0]], "Cards": [HEADER, *ROWS]}
    data = HIDING[name](sheets, hidden)
    shown = CalamineWorkbook.from_filelike(io.BytesIO(data)).sheets_metadata
    visible = [m.name for m in shown if m.visible == SheetVisibleEnum.Visible]
    assert visible == [n for n in sheets if n not in hidden]  # the writer hid them
    first = visible[0] if visible else "Notes"  # none visible: the first sheet
    expected = {"Notes": ["Borin"], "Old": ["Aria"], "Cards": [r[0] for r in ROWS]}[first]
    assert [c["name"] for c in _cards(_project(tmp_path, name, data))] == expected


def test_formulas_count_as_their_saved_values(tmp_path: Path) -> None:
    rows: list[list[Any]] = [HEADER, *[list(r) for r in ROWS]]
    rows[1][3] = Formula("2+3", 5)
    rows[2][0] = Formula('"Bor"&"in"', "Borin")
    rows[3][2] = Formula("2*2", 4.0)
    for name, writer in (("cards.xlsx", excel_xlsx), ("cards.ods", ods)):
        root = _project(tmp_path / name, name, writer({"Cards": rows}))
        cards = _cards(root)
        assert cards[0]["power"] == 5 and cards[1]["name"] == "Borin"
        assert cards[2]["copies"] == 4


def test_a_formula_without_a_saved_value_says_so_and_how_to_fix_it(tmp_path: Path) -> None:
    """openpyxl writes a formula as a script gives it, with no value worked out (only a
    spreadsheet program works formulas out and saves their values); the reader reads such
    a cell as empty. So does an ODS cell with a formula and no value."""
    rows: list[list[Any]] = [HEADER, *[list(r) for r in ROWS]]
    rows[1][3] = "=2+3"  # Aria's power
    root = _project(tmp_path / "xlsx", "cards.xlsx", openpyxl_xlsx({"Cards": rows}))
    lines = _error_lines(root, cwd=root / "decks" / "tiny")
    assert lines == [
        "cards.xlsx:Cards!D2: the cell holds a formula with no value saved for it (the file was"
        " written by a program, never saved from a spreadsheet): open it in a spreadsheet"
        " program and save it, or write the values instead of the formulas"
    ]
    import io
    import zipfile

    source = zipfile.ZipFile(io.BytesIO(ods({"Cards": [HEADER, *ROWS]})))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for item in source.infolist():
            part = source.read(item)
            if item.filename == "content.xml":
                before = b'<table:table-cell office:value-type="float" office:value="5">'
                assert part.count(before) == 1
                start = part.index(before)
                end = part.index(b"</table:table-cell>", start)
                part = part[:start] + b'<table:table-cell table:formula="of:=2+3">' + part[end:]
            archive.writestr(item, part)
    root = _project(tmp_path / "ods", "cards.ods", buffer.getvalue())
    lines = _error_lines(root, cwd=root / "decks" / "tiny")
    assert len(lines) == 1 and lines[0].startswith(
        "cards.ods:Cards!D2: the cell holds a formula with no value saved for it"
    ), lines


def test_an_error_cell_is_an_error_at_its_cell(tmp_path: Path) -> None:
    rows: list[list[Any]] = [HEADER, *[list(r) for r in ROWS]]
    rows[2][3] = Error("#DIV/0!")
    rows[4][5] = Error("#REF!", "A1+#REF!")
    for name, writer in (("cards.xlsx", excel_xlsx), ("cards.ods", ods)):
        root = _project(tmp_path / name, name, writer({"Cards": rows}))
        assert _error_lines(root, cwd=root / "decks" / "tiny") == [
            "cards.xlsx:Cards!D3: the cell shows the error #DIV/0! (a formula that cannot be"
            " worked out): fix it in the spreadsheet".replace("cards.xlsx", name),
            "cards.xlsx:Cards!F5: the cell shows the error #REF! (a formula that cannot be"
            " worked out): fix it in the spreadsheet".replace("cards.xlsx", name),
        ]


def test_numbers_dates_and_booleans_read_sensibly(tmp_path: Path) -> None:
    game = TINY_GAME.replace(
        "      power: {type: int, min: 0, max: 9, description: Strength.}",
        "      power: {type: int, min: 0, max: 9, description: Strength.}\n"
        "      motto: {type: text, required: false, description: Its saying.}\n"
        "      flying: {type: bool, required: false, description: It flies.}",
    )
    header = [*HEADER, "motto", "flying"]
    rows: list[list[Any]] = [
        header,
        [1984, "hero", 3.0, 5.0, "", "", "", datetime.date(2024, 5, 1), True],
        ["Borin", "hero", 1, 7, "", "", 12.5, 2.0, False],
    ]
    for name, writer in (("cards.xlsx", excel_xlsx), ("cards.ods", ods)):
        root = _project(tmp_path / name, name, writer({"Cards": rows}), game)
        assert _cards(root) == [
            {
                "name": "1984",
                "type": "hero",
                "copies": 3,
                "power": 5,
                "motto": "2024-05-01",
                "flying": True,
                "text": "",
            },
            {
                "name": "Borin",
                "type": "hero",
                "copies": 1,
                "power": 7,
                "motto": "2",
                "flying": False,
                "text": "12.5",
            },
        ]


@pytest.mark.parametrize(
    ("cell", "value", "message"),
    [
        ("D2", 3.5, "power: Input should be a valid integer, got a number with a fractional"),
        ("C2", True, "copies: Input should be a valid integer, unable to parse string as an"),
        ("D2", 12, "power: Input should be less than or equal to 9 (got 12)"),
        ("E2", "earth", "school: 'earth' is not allowed; expected 'fire' or 'ice'"),
    ],
)
def test_a_bad_value_is_named_by_its_cell(
    tmp_path: Path, cell: str, value: Any, message: str
) -> None:
    row: list[Any] = ["Zed", "spell" if cell == "E2" else "hero", 1, 3, "", "", ""]
    if cell == "E2":
        row[3], row[5] = "", 1
    row["ABCDEFG".index(cell[0])] = value
    for name, writer in (("cards.xlsx", excel_xlsx), ("cards.ods", ods)):
        root = _project(tmp_path / name, name, writer({"Cards": [HEADER, row]}))
        (line,) = _error_lines(root, cwd=root / "decks" / "tiny")
        assert line.startswith(f'{name}:Cards!{cell}: card "Zed": {message}'), line


def test_a_sheet_named_with_spaces_is_quoted_in_messages(tmp_path: Path) -> None:
    data = excel_xlsx({"My cards": [HEADER, ["Zed", "hero", 1, "strong", "", "", ""]]})
    root = _project(tmp_path, "cards.xlsx", data)
    (line,) = _error_lines(root, cwd=root / "decks" / "tiny")
    assert line.startswith("cards.xlsx:'My cards'!D2: card \"Zed\": power:"), line


def test_a_header_below_blank_rows_keeps_cell_names(tmp_path: Path) -> None:
    data = excel_xlsx({"Cards": [[], [], [*HEADER], ["Zed", "hero", 1, 99, "", "", ""]]})
    root = _project(tmp_path, "cards.xlsx", data)
    (line,) = _error_lines(root, cwd=root / "decks" / "tiny")
    assert line.startswith('cards.xlsx:Cards!D4: card "Zed": power:'), line


def test_a_duplicate_name_in_a_sheet_is_at_its_name_cell(tmp_path: Path) -> None:
    data = openpyxl_xlsx(
        {"Cards": [["type", "name", "power"], ["hero", "Aria", 5], ["hero", "aria", 6]]}
    )
    root = _project(tmp_path, "cards.xlsx", data)
    assert _error_lines(root, cwd=root / "decks" / "tiny") == [
        'cards.xlsx:Cards!B3: duplicate card name "aria" (first defined at cards.xlsx:Cards!B2)'
    ]


def test_the_pool_is_found_beside_game_yaml(tmp_path: Path, run: Run) -> None:
    folder = tmp_path / "decks" / "tiny"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(TINY_GAME, encoding="utf-8")
    (folder / "cards.ods").write_bytes(ods({"Cards": [HEADER, *ROWS]}))
    assert len(_cards(tmp_path)) == 5
    (folder / "cards.csv").write_bytes(delimited([HEADER, *ROWS[:2]]))
    result = run("cards", "tiny", "--project", tmp_path)
    assert len(result.stdout.splitlines()) == 2
    assert result.stderr == (
        f"note: {folder / 'cards.ods'}: cards.ods is not read: cards.csv comes first (name the"
        " pool with `pool:` in game.yaml to choose)\n"
    )


def test_an_edited_workbook_is_noticed_by_build_and_watch(tmp_path: Path) -> None:
    from cardgen.build import build_game
    from cardgen.watch import changes, snapshot

    root = _project(tmp_path, "cards.xlsx", openpyxl_xlsx({"Cards": [HEADER, *ROWS]}))
    layouts = root / "layouts" / "tiny"
    layouts.mkdir(parents=True)
    for name in ("hero.yaml", "spell.yaml"):
        (layouts / name).write_text("extends: builtin:card\ndpi: 50\n", encoding="utf-8")
    first = build_game(Project(root), "tiny", jobs=1)
    assert first.ok and first.drawn == 5, first.errors
    assert build_game(Project(root), "tiny", jobs=1).unchanged
    before = snapshot(Project(root), "tiny")
    rows = [HEADER, *[list(r) for r in ROWS]]
    rows[1][3] = 6
    (root / "decks" / "tiny" / "cards.xlsx").write_bytes(openpyxl_xlsx({"Cards": rows}))
    pool = root / "decks" / "tiny" / "cards.xlsx"
    assert changes(before, snapshot(Project(root), "tiny")) == [f"~ {pool}"]
    again = build_game(Project(root), "tiny", jobs=1)
    assert not again.unchanged and (again.drawn, again.reused) == (1, 4)


def test_a_spreadsheet_pool_draws_the_same_images_as_its_csv(tmp_path: Path) -> None:
    from cardgen.render.game import render_game

    images = []
    for name in ("cards.csv", "cards.xlsx", "cards.ods"):
        root = _project(tmp_path / name, name, WRITERS[name]([HEADER, *ROWS]))
        layouts = root / "layouts" / "tiny"
        layouts.mkdir(parents=True)
        for layout in ("hero.yaml", "spell.yaml"):
            (layouts / layout).write_text("extends: builtin:card\ndpi: 60\n", encoding="utf-8")
        result = render_game(Project(root), "tiny", root / "out", jobs=1)
        images.append({c.file.name: c.file.read_bytes() for c in result.cards})
    assert len(images[0]) == 5
    assert images[0] == images[1] == images[2]


# --------------------------------------------------------------------------- any pool

NAMES = st.text(alphabet=st.sampled_from("abcXYZ éñü-'’,;\"0123"), min_size=1, max_size=16).filter(
    lambda s: s.strip() != ""
)
TEXTS = st.text(alphabet=st.sampled_from('ab ,;"\t\nÉ€—.'), max_size=30)


@st.composite
def pools(draw: st.DrawFn) -> list[list[Any]]:
    names = draw(
        st.lists(NAMES, min_size=1, max_size=8, unique_by=name_key)  # cardgen's own sameness
    )
    rows: list[list[Any]] = []
    for name in names:
        copies = draw(st.integers(0, 30))
        text = draw(TEXTS).strip()
        if draw(st.booleans()):
            rows.append([name, "hero", copies, draw(st.integers(0, 9)), "", "", text])
        else:
            school = draw(st.sampled_from(["fire", "ice"]))
            rows.append([name, "spell", copies, "", school, draw(st.integers(1, 3)), text])
    return rows


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(rows=pools(), name=st.sampled_from(sorted(WRITERS)), blank=st.integers(0, 3))
def test_any_pool_in_any_format_loads_as_its_csv(
    tmp_path_factory: pytest.TempPathFactory, rows: list[list[Any]], name: str, blank: int
) -> None:
    """A random pool saved each way designers save one (with blank trailing columns) loads
    to the same cards as the plain CSV of it."""
    base = tmp_path_factory.mktemp("pool")
    padded = [[*row, *[""] * blank] for row in [HEADER, *rows]]
    expected = _cards(_project(base / "csv", "cards.csv", delimited([HEADER, *rows])))
    assert _cards(_project(base / "other", name, WRITERS[name](padded))) == expected


def test_findings_of_spreadsheet_cards_name_their_cells(tmp_path: Path, run: Run) -> None:
    """`check` and `lint` name a spreadsheet card's cell; JSON adds sheet and cell, SARIF
    keeps the row as its line."""
    game = TINY_GAME.replace(
        "    label: Hero\n",
        "    label: Hero\n    constraints:\n      - {id: strong, require: {power: {min: 6}},"
        " message: A hero has at least 6 Power.}\n",
    )
    rows = [HEADER, *[list(r) for r in ROWS]]
    rows[3][6] = "Deal 2 damage damage."
    root = _project(tmp_path, "cards.xlsx", excel_xlsx({"Cards": rows}), game)
    pool = root / "decks" / "tiny" / "cards.xlsx"
    result = run("check", "tiny", "--project", root)
    assert result.stdout.splitlines()[0] == (
        f'{pool}:Cards!A2: SC101 strong: "Aria": power is 5; must be at least 6 — A hero has'
        " at least 6 Power."
    )
    finding = json.loads(run("check", "tiny", "--project", root, "--format", "json").stdout)
    assert (finding["findings"][0]["line"], finding["findings"][0]["cell"]) == (2, "A2")
    lint = run("lint", "tiny", "--project", root, "--select", "TX901")
    assert lint.stdout.splitlines()[0].startswith(f"{pool}:Cards!G4: TX901"), lint.stdout
    found = json.loads(run("lint", "tiny", "--project", root, "--format", "json").stdout)
    doubled = [f for f in found["findings"] if f["code"] == "TX901"]
    assert [(f["sheet"], f["cell"], f["line"]) for f in doubled] == [("Cards", "G4", 4)]
    sarif = json.loads(run("lint", "tiny", "--project", root, "--format", "sarif").stdout)
    (result_,) = [r for r in sarif["runs"][0]["results"] if r["ruleId"] == "TX901"]
    region = result_["locations"][0]["physicalLocation"]["region"]
    assert region["startLine"] == 4 and result_["properties"]["cell"] == "G4"


def test_the_pool_docs_name_every_file_and_limit() -> None:
    from cardgen.load.game import POOL_FILES
    from cardgen.load.pool import MAX_SHOWN
    from cardgen.load.table import MAX_POOL_CARDS, MAX_POOL_COLUMNS
    from cardgen.load.workbook import MAX_SHEET_ROWS, MAX_UNPACKED
    from tests.conftest import ROOT

    pools = (ROOT / "docs" / "pools.md").read_text(encoding="utf-8")
    limits = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")
    assert all(f"`{name}`" in pools for name in POOL_FILES)
    for number in (MAX_POOL_CARDS, MAX_POOL_COLUMNS, MAX_SHOWN):
        assert f"{number:,}" in pools and f"{number:,}" in limits, number
    assert f"{MAX_SHEET_ROWS:,}" in limits and f"{MAX_UNPACKED // 2**20} MB" in limits


def test_diff_compares_two_saved_workbooks(tmp_path: Path, run: Run) -> None:
    rows = [HEADER, *[list(r) for r in ROWS]]
    root = _project(tmp_path, "cards.xlsx", excel_xlsx({"Cards": rows}))
    old = tmp_path / "old.ods"
    old.write_bytes(ods({"Cards": [HEADER, *[list(r) for r in ROWS[:4]]]}))
    rows[1][3] = 8
    (root / "decks/tiny/cards.xlsx").write_bytes(excel_xlsx({"Cards": rows}))
    result = run("diff", old, root / "decks/tiny/cards.xlsx", "--game", "tiny", "--project", root)
    assert result.stdout.splitlines()[0].endswith("1 added, 0 removed, 1 changed, 3 unchanged")
    assert "    power: 5 -> 8" in result.stdout
    result = run("diff", "tiny", "--since", "HEAD", "--project", root)
    assert result.exit_code == 2 and "--since compares text pools" in result.stderr
