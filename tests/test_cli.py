"""The command-line contract: output shapes, exit codes 0/1/2, one-line errors."""

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

Run = Callable[..., Result]


def test_games_json(make_project: Callable[..., Path], run: Run) -> None:
    root = make_project()
    result = run("games", "--project", root, "--format", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["games"][0] | {"types": None} == {
        "id": "tiny",
        "name": "Tiny Game",
        "cards": 5,
        "copies": 12,
        "types": None,
    }


def test_cards_json_flattens_fields(make_project: Callable[..., Path], run: Run) -> None:
    result = run("cards", "tiny", "--project", make_project(), "--format", "json")
    data = json.loads(result.stdout)
    assert data["game"] == "tiny"
    assert data["cards"][2] == {
        "name": "Fireball",
        "type": "spell",
        "copies": 4,
        "school": "fire",
        "level": 2,
        "text": "Deal 2 damage.",
    }


def test_validate_json_and_exit_codes(make_project: Callable[..., Path], run: Run) -> None:
    root = make_project()
    good = root / "good.txt"
    good.write_text("# game: tiny\n1 Aria\n3 Fireball\n")
    bad = root / "bad.txt"
    bad.write_text("# game: tiny\n1 Aria\n1 Borin\n4 Fireball\n4 Frost Bolt\n")
    ok = run("validate", good, "--project", root)
    assert ok.exit_code == 0 and "legal" in ok.stdout
    result = run("validate", good, bad, "--project", root, "--format", "json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert [d["legal"] for d in data["decks"]] == [True, False]
    bad_report = data["decks"][1]
    assert bad_report["game"] == "tiny" and bad_report["card_count"] == 10
    size = bad_report["violations"][0]
    assert {k: size[k] for k in ("rule", "actual", "limit", "cards", "line")} == {
        "rule": "deck-size",
        "actual": 10,
        "limit": 8,
        "cards": [],
        "line": None,
    }
    assert "message" in size


def test_validate_text_names_file_line_rule_and_numbers(
    make_project: Callable[..., Path], run: Run
) -> None:
    root = make_project()
    deck = root / "decks" / "tiny" / "decks" / "two-heroes.txt"
    deck.write_text("1 Aria\n1 Borin\n2 Fireball\n")
    result = run("validate", deck, "--project", root)
    assert result.exit_code == 1
    assert (
        "two-heroes.txt:1:3: DK103 one-hero: 2 Heroes (Aria ×1 (line 1), Borin ×1 (line 2));"
        " exactly 1 allowed (1 over: take out 1)"
    ) in result.stdout


def test_building_flag(make_project: Callable[..., Path], run: Run) -> None:
    root = make_project()
    deck = root / "partial.txt"
    deck.write_text("# game: tiny\n1 Aria\n")
    short = "deck-size: deck has 1 card; at least 4 allowed (3 short: add 3)"
    strict = run("validate", deck, "--project", root)
    assert strict.exit_code == 1
    assert strict.stdout == (
        f"{deck}: ILLEGAL (tiny, 1 card)\n  {deck}: DK101 {short}\n"
        "1 deck: 1 illegal, 1 error, 0 warnings\n"
    )
    result = run("validate", deck, "--project", root, "--building")
    assert result.exit_code == 0  # still short of cards: a warning while it is built
    assert result.stdout == (
        f"{deck}: legal (tiny, 1 card)\n  {deck}: DK101 [warning] {short}\n"
        "1 deck: 0 illegal, 0 errors, 1 warning\n"
    )
    deck.write_text("# game: tiny\n1 Aria\n4 Fireball\n4 Frost Bolt\n")  # 9: one over
    over = run("validate", deck, "--project", root, "--building")
    assert over.exit_code == 1  # too many cards is no deck still being built
    assert over.stdout.splitlines()[:2] == [
        f"{deck}: ILLEGAL (tiny, 9 cards)",
        f"  {deck}: DK101 deck-size: deck has 9 cards; at most 8 allowed (1 over: take out 1)",
    ]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "file is empty"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00", "binary file"),
        (b"# game: tiny\n0 Aria\n", "count must be at least 1"),
        (b"# game: tiny\n-3 Aria\n", "must be positive"),
        (b"# game: tiny\n2.5 Aria\n", "whole number"),
        (b"# game: tiny\n99999999999999 Aria\n", "absurd"),
        (b"# game: nope\n1 Aria\n", 'unknown game "nope"'),
        (b"1 Aria\n", "cannot tell the game"),
        (b"game: tiny\ncards: [oops\n", "invalid YAML"),
    ],
)
def test_bad_deck_input_exits_2_with_one_line(
    make_project: Callable[..., Path], run: Run, content: bytes, message: str
) -> None:
    root = make_project()
    suffix = ".yaml" if content.startswith(b"game:") else ".txt"
    deck = root / f"deck{suffix}"
    deck.write_bytes(content)
    result = run("validate", deck, "--project", root)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ") and message in lines[0]
    assert "deck" in lines[0]
    assert "Traceback" not in result.output


def test_bom_and_crlf_deck_is_fine(make_project: Callable[..., Path], run: Run) -> None:
    root = make_project()
    deck = root / "bom.txt"
    deck.write_bytes("\ufeff# game: tiny\r\n1 Aria\r\n3x Fireball\r\n".encode())
    result = run("validate", deck, "--project", root, "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["decks"][0]["card_count"] == 4


def test_folder_of_decks(make_project: Callable[..., Path], run: Run) -> None:
    root = make_project()
    folder = root / "decks" / "tiny" / "decks"
    result = run("validate", folder, "--project", root)
    assert result.exit_code == 2 and "folder holds no deck lists" in result.stderr
    (folder / "a.txt").write_text("1 Aria\n3 Fireball\n")
    (folder / "b.yaml").write_text("cards: {Aria: 1, Borin: 1, Fireball: 2}\n")
    result = run("validate", folder, "--project", root, "--format", "json")
    assert result.exit_code == 1
    assert [d["legal"] for d in json.loads(result.stdout)["decks"]] == [True, False]


def test_folder_given_as_a_file(make_project: Callable[..., Path], run: Run) -> None:
    root = make_project()
    pool = root / "decks" / "tiny" / "cards.csv"
    pool.unlink()
    pool.mkdir()
    result = run("check", "tiny", "--project", root)
    assert result.exit_code == 2 and "cards.csv: is a folder, expected a file" in result.stderr


def test_unknown_cards_still_count_toward_deck_size(
    make_project: Callable[..., Path], run: Run
) -> None:
    root = make_project()
    deck = root / "d.txt"
    deck.write_text("# game: tiny\n1 Aria\n4 Fireball\n4 Frostbolt\n")
    data = json.loads(run("validate", deck, "--project", root, "--format", "json").stdout)
    rules = [v["rule"] for v in data["decks"][0]["violations"]]
    assert rules == ["unknown-card", "deck-size"]


def test_games_lists_good_games_and_reports_broken(
    make_project: Callable[..., Path], run: Run
) -> None:
    root = make_project()
    broken = root / "decks" / "broken"
    broken.mkdir()
    (broken / "game.yaml").write_text("id: broken\nname: [\n")
    result = run("games", "--project", root)
    assert result.exit_code == 2
    assert "tiny" in result.stdout and "broken/game.yaml:" in result.stderr


def test_unknown_card_is_a_violation_with_suggestion(
    make_project: Callable[..., Path], run: Run
) -> None:
    root = make_project()
    deck = root / "typo.txt"
    deck.write_text("# game: tiny\n1 Aria\n3 Firebal\n")
    result = run("validate", deck, "--project", root)
    assert result.exit_code == 1
    assert (
        'typo.txt:3:3: DK001 unknown-card: unknown card "Firebal" in Tiny Game; did you mean'
        ' "Fireball"?' in result.stdout
    )


def test_bad_game_data_exits_2(make_project: Callable[..., Path], run: Run) -> None:
    from tests.conftest import TINY_CARDS

    root = make_project(cards=TINY_CARDS + "Aria,hero,1,3,,,\n")
    result = run("check", "tiny", "--project", root)
    assert result.exit_code == 2
    assert 'cards.csv:7: duplicate card name "Aria"' in result.stderr


def test_check_ok_and_json(make_project: Callable[..., Path], run: Run) -> None:
    root = make_project()
    result = run("check", "tiny", "--project", root, "--format", "json")
    assert result.exit_code == 0
    pool = str(root / "decks" / "tiny" / "cards.csv")
    assert json.loads(result.stdout) == {
        "game": "tiny",
        "ok": True,
        "cards": 5,
        "findings": [],
        "assumptions": [],
        "art": [
            {"card": name, "art": None, "by": "none", "passed_over": []}
            for name in ("Aria", "Borin", "Fireball", "Frost Bolt", "Ice Wall")
        ],
        "source": {
            "path": pool,
            "format": "csv",
            "separator": ",",
            "encoding": "utf-8",
            "sheet": None,
        },
        "notes": [],
    }


def test_schema_kinds(make_project: Callable[..., Path], run: Run) -> None:
    root = make_project()
    game = json.loads(run("schema", "game", "--project", root).stdout)
    assert game["additionalProperties"] is False and "types" in game["properties"]
    assert all("description" in p for p in game["properties"].values())
    deck = json.loads(run("schema", "deck", "--project", root).stdout)
    assert "cards" in deck["properties"]
    cards = json.loads(run("schema", "cards", "--game", "tiny", "--project", root).stdout)
    text = json.dumps(cards)
    assert '"power"' in text and '"school"' in text and '"fire"' in text
    assert run("schema", "nope", "--project", root).exit_code == 2


def test_not_a_project(tmp_path: Path, run: Run) -> None:
    result = run("games", "--project", tmp_path)
    assert result.exit_code == 2 and "no decks/ folder" in result.stderr


def test_a_file_as_project_is_one_line_for_every_command(tmp_path: Path, run: Run) -> None:
    import click

    from cardgen.cli import main

    afile = tmp_path / "notes.txt"
    afile.write_text("not a project")
    tried = []
    for name, command in main.commands.items():
        if not any(p.name == "project_dir" for p in command.params):
            continue
        args = [
            param.type.choices[0] if isinstance(param.type, click.Choice) else "x"
            for param in command.params
            if isinstance(param, click.Argument) and param.required
        ]
        result = run(name, *args, "--project", afile)
        assert result.exit_code == 2, (name, result.output)
        assert result.stderr == (
            f"error: {afile}: is a file, not a project folder (--project names the folder that"
            " holds decks/)\n"
        ), name
        tried.append(name)
    assert {"games", "build", "new", "validate", "schema"} <= set(tried)


def test_every_command_has_help(run: Run) -> None:
    from cardgen.cli import main

    for name, command in main.commands.items():
        assert command.help, name
        assert run(name, "--help").exit_code == 0


def test_every_command_has_a_docs_entry() -> None:
    from cardgen.cli import main
    from tests.conftest import ROOT

    docs = (ROOT / "docs" / "commands.md").read_text()
    for name in main.commands:
        assert f"## cardgen {name}\n" in docs, name


def test_every_rule_kind_is_documented() -> None:
    from cardgen.check.deck_rules import CODES, EVALUATORS
    from tests.conftest import ROOT

    docs = (ROOT / "docs" / "rules.md").read_text()
    for kind in EVALUATORS:
        assert f"| `{kind}` | {CODES[kind]} |" in docs, kind


def _command(*args: object) -> list[str]:
    """The `cardgen` command as installed (`cardgen.cli:run`), in a process of its own."""
    return [sys.executable, "-c", _RUN, *map(str, args)]


_RUN = "import sys; from cardgen.cli import run; run(sys.argv[1:])"


def _forked(*args: object) -> subprocess.CompletedProcess[str]:
    """`_command` in a process of its own forked with cardgen's modules imported
    (`tests.forked`), its output captured."""
    from tests import forked

    return forked.run(_RUN, [str(a) for a in args], timeout=120).completed()


def test_the_command_ends_with_its_exit_code_and_all_its_output(
    make_project: Callable[..., Path],
) -> None:
    """`cardgen` skips the interpreter's teardown: the exit code is still 0, 1 or 2, the
    output is whole (a long JSON document on a pipe), and the error a single line."""
    root = make_project()
    good = root / "good.txt"
    good.write_text("# game: tiny\n1 Aria\n3 Fireball\n")
    bad = root / "bad.txt"
    bad.write_text("# game: tiny\n1 Aria\n1 Borin\n4 Fireball\n4 Frost Bolt\n")
    decks = [good, bad] * 200  # some 100 KB of JSON, more than a pipe's buffer
    done = _forked("validate", *decks, "--project", root, "--format", "json")
    assert done.returncode == 1, done.stderr
    assert len(done.stdout) > 65536
    assert [d["legal"] for d in json.loads(done.stdout)["decks"]] == [True, False] * 200
    ok = _forked("validate", good, "--project", root)
    assert ok.returncode == 0 and "legal" in ok.stdout
    missing = _forked("validate", root / "nope.txt", "--project", root)
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
    assert len(missing.stderr.strip().splitlines()) == 1 and "nope.txt" in missing.stderr
    usage = _forked("no-such-verb")
    assert usage.returncode == 2 and "No such command" in usage.stderr
    assert _forked("--version").stdout


def test_a_reader_that_stops_early_is_no_crash(make_project: Callable[..., Path]) -> None:
    """`cardgen ... | head -1`: the reader goes away, the command ends quietly."""
    root = make_project()
    decks = []
    for number in range(4000):  # some 800 KB of JSON: far more than a pipe holds
        deck = root / f"deck-{number}.txt"
        deck.write_text("# game: tiny\n1 Aria\n3 Fireball\n")
        decks.append(deck)
    with subprocess.Popen(
        _command("validate", *decks, "--project", root, "--format", "json"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.read(10)
        process.stdout.close()
        error = process.stderr.read().decode()
        process.wait(timeout=120)
    assert "Traceback" not in error and "Exception ignored" not in error
    assert process.returncode in (0, 1)  # as click ends on a closed pipe, never 120
