"""What stops a build, and what it says: a typo in card text stops nothing (unless
`--strict`); data that does not load or fails a check stops the game, with one line naming
what stopped it and what to do; `--keep-going` leaves out only the cards that did not load."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from click.testing import Result
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cardgen.errors import display_path
from cardgen.write import slug
from tests.conftest import TINY_CARDS

Run = Callable[..., Result]
SMALL = "extends: builtin:card\ndpi: 50\n"
LAYOUTS = {"../../layouts/tiny/hero.yaml": SMALL, "../../layouts/tiny/spell.yaml": SMALL}
TYPO = TINY_CARDS.replace("Deal 2 damage.", "Deal the the 2 damage.")


def pool(root: Path) -> str:
    return display_path(root / "decks" / "tiny" / "cards.csv")


def build(run: Run, root: Path, *args: str) -> tuple[Result, dict[str, object]]:
    result = run("build", "--project", root, "--jobs", "1", *args)
    data = json.loads(
        run("build", "--project", root, "--jobs", "1", "--format", "json", *args).stdout
    )
    return result, data["games"][0]


def test_a_typo_is_reported_and_stops_nothing(make_project: Callable[..., Path], run: Run) -> None:
    root = make_project(cards=TYPO, extra=LAYOUTS)
    result, data = build(run, root)
    finding = f'{pool(root)}:4:6: TX901 card "Fireball": "the" twice in a row'
    assert result.exit_code == 0, result.output
    assert result.stderr == f"lint: {finding}\n"
    assert (root / "output" / "tiny" / "tiny-a4-duplex-long.pdf").is_file()
    assert (data["status"], data["ok"], data["lint"], data["errors"]) == (
        "unchanged",
        True,
        [finding],
        [],
    )
    assert data["unchanged"] and data["note"] == ""  # the second build: replayed, lint kept
    assert "STOPPED" not in result.stdout


def test_strict_makes_lint_stop_the_game(make_project: Callable[..., Path], run: Run) -> None:
    root = make_project(cards=TYPO, extra=LAYOUTS)
    result, data = build(run, root, "--strict")
    note = (
        f"tiny: STOPPED by 1 lint finding under --strict ({pool(root)}:4:6);"
        " fix it or run without --strict"
    )
    assert result.exit_code == 1
    assert result.stdout.splitlines()[-1] == note
    assert (data["status"], data["note"]) == ("STOPPED", note)
    assert not (root / "output" / "tiny" / "cards").exists()


def test_strict_fails_a_game_with_warnings(make_project: Callable[..., Path], run: Run) -> None:
    long = "Deal 2 damage, then " + "draw a card and discard a card, " * 40 + "and rest."
    root = make_project(cards=TINY_CARDS.replace("Deal 2 damage.", f'"{long}"'), extra=LAYOUTS)
    relaxed, _ = build(run, root)
    assert relaxed.exit_code == 0 and "warning: " in relaxed.stderr and "RN101" in relaxed.stderr
    result, data = build(run, root, "--strict")
    assert result.exit_code == 1
    assert data["status"] == "failed --strict" and not data["ok"]
    assert str(data["note"]).startswith("tiny: built, but it fails --strict with 1 warning (")
    assert str(data["note"]).endswith("); fix it or run without --strict")
    assert (root / "output" / "tiny" / "cards" / "fireball.png").is_file()


def test_a_failed_check_stops_the_game(make_project: Callable[..., Path], run: Run) -> None:
    from tests.conftest import TINY_GAME

    game = TINY_GAME + (
        "checks:\n  - {kind: unique, id: power-differs, where: {type: hero}, field: power,"
        " message: Heroes differ.}\n"
    )
    cards = TINY_CARDS.replace("Borin,hero,1,7", "Borin,hero,1,5")
    root = make_project(game, cards, extra=LAYOUTS)
    result, data = build(run, root)
    assert result.exit_code == 1  # a finding, not bad input
    note = str(data["note"])
    assert note.startswith("tiny: STOPPED by 1 data error (") and "SC106" in result.stderr
    assert note.endswith("); fix it or run with --keep-going")
    going, kept = build(run, root, "--keep-going")
    assert going.exit_code == 1 and kept["status"] == "built with errors"
    assert str(kept["note"]).startswith("tiny: built with --keep-going despite 1 data error (")
    assert (root / "output" / "tiny" / "cards" / "borin.png").is_file()


BAD_CELLS = {
    "power": "x7",  # not a number
    "level": "0",  # out of range
    "school": "lava",  # not a choice
    "copies": "-1",  # negative
    "type": "wizard",  # no such type
}
HEADER = "name,type,copies,power,school,level,text\n"
ROWS = [
    ("Aria", "hero", "1", "5", "", "", "Leads."),
    ("Borin", "hero", "1", "7", "", "", ""),
    ("Fireball", "spell", "4", "", "fire", "2", "Deal 2 damage."),
    ("Frost Bolt", "spell", "4", "", "ice", "1", ""),
    ("Ice Wall", "spell", "2", "", "ice", "3", ""),
    ("Ember", "spell", "1", "", "fire", "1", "Burn."),
]
COLUMNS = HEADER.strip().split(",")


def _said(cells: tuple[str, ...], column: str) -> str:
    """What cardgen says of a row whose `column` holds its BAD_CELLS value (as `_spoiled`
    writes it), worked out by hand from the tiny game's fields."""
    name, kind = cells[0], cells[1]
    if column in ("school", "level") and kind != "spell":
        column = "power"
    if column == "type":
        return 'unknown card type "wizard"'
    if column == "power" and kind == "spell":
        return f'card "{name}": "power" is not a field of type spell'
    return (
        f'card "{name}": '
        + {
            "power": "power: Input should be a valid integer, unable to parse string as an integer"
            " (got 'x7'); to allow it, add `allow: ['x7']` to the field in game.yaml"
            " (types.hero.fields.power)",
            "level": "level: Input should be greater than or equal to 1 (got '0')",
            "school": "school: 'lava' is not allowed; expected 'fire' or 'ice'",
            "copies": "copies: Input should be greater than or equal to 0 (got '-1')",
        }[column]
    )


def _spoiled(rows: list[tuple[str, ...]], bad: dict[int, str]) -> str:
    lines = []
    for index, cells in enumerate(rows):
        values = dict(zip(COLUMNS, cells, strict=True))
        if index in bad:
            column = bad[index]
            if column in ("school", "level") and values["type"] != "spell":
                column = "power"  # a hero's bad cell is its power
            values[column] = BAD_CELLS[column]
        lines.append(",".join(values[c] for c in COLUMNS))
    return HEADER + "\n".join(lines) + "\n"


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    bad=st.dictionaries(
        st.integers(0, len(ROWS) - 1),
        st.sampled_from(sorted(BAD_CELLS)),
        min_size=1,
        max_size=len(ROWS),
    )
)
@example(bad=dict.fromkeys(range(len(ROWS)), "power"))  # no card loads
@example(bad={1: "type", 3: "school"})
def test_bad_cells_stop_or_leave_out_only_their_cards(run: Run, bad: dict[int, str]) -> None:
    """Any rows with a bad cell: the build stops naming each of them (exit 2); with
    --keep-going exactly the other cards are built, and each bad one is named as left out."""
    import tempfile

    from tests.conftest import TINY_GAME

    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "decks" / "tiny" / "decks").mkdir(parents=True)
        (root / "layouts" / "tiny").mkdir(parents=True)
        for name, text in LAYOUTS.items():
            (root / "decks" / "tiny" / name).write_text(text)
        (root / "decks" / "tiny" / "game.yaml").write_text(TINY_GAME)
        (root / "decks" / "tiny" / "cards.csv").write_text(_spoiled(ROWS, bad))
        places = [f"{pool(root)}:{index + 2}" for index in sorted(bad)]
        shown = ", ".join(places[:3]) + (f" and {len(places) - 3} more" if len(places) > 3 else "")
        count = f"{len(bad)} data error{'s' if len(bad) > 1 else ''}"
        them = "it" if len(bad) == 1 else "them"

        stopped, _ = build(run, root)
        assert stopped.exit_code == 2
        assert stopped.stdout.splitlines()[-1] == (
            f"tiny: STOPPED by {count} ({shown}); fix {them} or run with --keep-going"
        )
        said = [_said(ROWS[index], bad[index]) for index in sorted(bad)]
        assert stopped.stderr.splitlines() == [
            f"error: {place}: {text}" for place, text in zip(places, said, strict=True)
        ]
        assert not (root / "output" / "tiny" / "cards").exists()

        going, kept = build(run, root, "--keep-going")
        good = [cells[0] for index, cells in enumerate(ROWS) if index not in bad]
        assert going.exit_code == 2
        left_out = " (left out of the outputs)" if good else ""  # else nothing is built
        assert going.stderr.splitlines() == [
            f"error: {place}: {text}{left_out}" for place, text in zip(places, said, strict=True)
        ]
        if not good:
            assert kept["status"] == "STOPPED"
            assert str(kept["note"]).endswith(f"; no card could be built; fix {them}")
            return
        assert kept["status"] == "built with errors" and kept["cards"] == len(good)
        assert kept["note"] == (
            f"tiny: built with --keep-going despite {count} ({shown}),"
            f" leaving out the cards that did not load; fix {them}"
        )
        images = {p.stem for p in (root / "output" / "tiny" / "cards").iterdir()}
        assert images == {slug(name) for name in good}
        save = (root / "output" / "tiny" / "tts" / "tiny.json").read_text(encoding="utf-8")
        assert all(f'"Nickname": "{ROWS[i][0]}"' not in save for i in bad)


def test_a_broken_game_file_stops_with_its_line(
    make_project: Callable[..., Path], run: Run
) -> None:
    from tests.conftest import TINY_GAME

    root = make_project(
        TINY_GAME.replace("players: {min: 2, max: 2}", "players: {min: two, max: 2}")
    )
    result, data = build(run, root)
    assert result.exit_code == 2 and data["status"] == "STOPPED"
    game = display_path(root / "decks" / "tiny" / "game.yaml")
    assert result.stderr.startswith(f"error: {game}:3:")
    assert str(data["note"]).startswith(f"tiny: STOPPED by 1 data error ({game}:3:")
    going, _ = build(run, root, "--keep-going")
    assert going.exit_code == 2
    assert going.stdout.splitlines()[-1].endswith("; no card could be built; fix it")


def test_the_build_options_and_debug_are_documented() -> None:
    from cardgen.cli import main
    from tests.conftest import ROOT

    docs = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    build_docs = docs[docs.index("## cardgen build\n") : docs.index("## cardgen clean\n")]
    for option in main.commands["build"].params:
        for name in option.opts:
            if name.startswith("--") and name not in ("--project", "--format"):
                assert f"[{name}" in build_docs and f"`{name}" in build_docs, name
    assert "`cardgen --debug" in docs and "`CARDGEN_DEBUG=1`" in docs
    for status in ("built", "unchanged", "built with errors", "failed\n--strict", "STOPPED"):
        assert f"`{status}`" in build_docs, status


def test_the_summary_keeps_its_columns_for_a_long_game_id() -> None:
    from cardgen.build import GameBuild
    from cardgen.verdict import summary_table

    games = [GameBuild("tiny", cards=3), GameBuild("river-kings-second-tide-deluxe", cards=12)]
    header, rule, *rows = summary_table(games).splitlines()
    assert len(rule) == len(header)
    end = header.index("cards") + len("cards")  # the counts are right-aligned under it
    assert [row[end - 2 : end] for row in rows] == [" 3", "12"]
    assert rows[1].startswith("river-kings-second-tide-deluxe ")
