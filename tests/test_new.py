"""`cardgen new TITLE`: any one-line title makes a game that checks and builds, named exactly
the title; its id is transliterated, kept clear of Windows device names, or refused in one
line; the scaffold shows the art column, an optional field, the schemas and what to run."""

import json
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image
from ruamel.yaml import YAML

from cardgen.check.game_checks import check_game
from cardgen.errors import CardgenError
from cardgen.load.game import load_game
from cardgen.model.base import ID_PATTERN
from cardgen.new import MAX_ID, MAX_TITLE, new_game, reserved_on_windows
from cardgen.schema import json_schema

Run = Callable[..., Result]

YAML_WORDS = [
    "yes", "No", "on", "OFF", "y", "n", "null", "~", "true", "- x", "*a", "&b", "!tag", "%x",
    "@x", "`x", "? x", ": x", "|", ">", "#1", "1_000", "0x1F", "1e3", "2001-01-01", "<<", "=",
    "'", '"', "{a: b}", "[x]", "a: b", "a #b", "---", "...", "\\", "\\n", "%YAML 1.1",
]  # fmt: skip
TITLES = st.one_of(
    st.lists(st.sampled_from(YAML_WORDS) | st.text(max_size=12), min_size=1, max_size=4).map(
        " ".join
    ),
    st.text(max_size=MAX_TITLE + 20),
    st.builds(lambda t: f"  {t}\t ", st.text(st.characters(codec="utf-8"), min_size=1)),
)


def yaml11(text: str) -> Any:
    """What a YAML 1.1 reader (an editor's, say) makes of a file."""
    reader = YAML(typ="safe", pure=True)
    reader.version = (1, 1)
    return reader.load(text)


def accepted(root: Path, title: str) -> str:
    """The id of the game `new` made for `title`, after checking what it wrote."""
    made = new_game(root, title)
    name = title.strip()
    assert made.name == name
    assert re.match(ID_PATTERN, made.id) and len(made.id) <= MAX_ID
    assert not reserved_on_windows(made.id)
    pack = load_game(root / "decks" / made.id, root)  # the loader cardgen itself uses
    assert pack.game.name == name and pack.game.backs["main"].label == name
    assert pack.game.id == made.id
    text = (root / "decks" / made.id / "game.yaml").read_text(encoding="utf-8")
    assert yaml11(text)["name"] == name
    errors = [f for f in check_game(pack) if f.severity == "error"]
    if max(map(len, name.split()), default=0) > LONGEST_WORD_ON_BACK:
        # a word wider than the back's label box even at its smallest size: check says so
        errors = [e for e in errors if (e.code, e.card) != ("SC507", "back main")]
    assert not errors
    return made.id


LONGEST_WORD_ON_BACK = 12
"""A title word of this many characters, any of them, fits a line of the built-in back's
label at its smallest size; a longer one may not (it is not broken inside)."""


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(title=TITLES)
def test_any_title_makes_a_game_of_that_name_or_one_line_refusal(title: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        try:
            accepted(root, title)
        except CardgenError as exc:
            assert "\n" not in exc.format_message() and exc.format_message()
            assert not (root / "decks").exists() and not (root / "layouts").exists()


@pytest.mark.parametrize(
    ("title", "game_id"),
    [
        ("Señor Búho: ¡Fiesta!", "senor-buho-fiesta"),
        ("River Kings: Second Tide", "river-kings-second-tide"),
        ("Deck #1", "deck-1"),
        ("Don't Panic", "dont-panic"),
        ("  Star Frontier  ", "star-frontier"),
        ("狐", "hu"),
        ("Ærø: Straße", "aero-strasse"),
        ("yes", "yes"),
        ("1984", "1984"),
        ("The Long " + "Way " * 40, "the-long" + "-way" * 14),
        (
            "The Very Long Chronicle of the Seven Rivers and the Kings Who Drowned in Them",
            "the-very-long-chronicle-of-the-seven-rivers-and-the-kings-who",  # cut at a word
        ),
        ("X" * 100, "x" * MAX_ID),
    ],
)
def test_titles_give_transliterated_ids(tmp_path: Path, title: str, game_id: str) -> None:
    assert accepted(tmp_path, title) == game_id


@pytest.mark.parametrize("title", ["CON", "nul", "Com1", "LPT9", "Aux", "prn"])
def test_a_windows_device_name_gets_a_safe_id(tmp_path: Path, run: Run, title: str) -> None:
    result = run("new", title, "--project", tmp_path)
    assert result.exit_code == 0, result.output
    safe = f"{title.lower()}-game"
    assert (tmp_path / "decks" / safe / "game.yaml").is_file()
    assert not (tmp_path / "decks" / title.lower()).exists()
    assert (
        f'note: the id "{title.lower()}" is a device name on Windows, where no folder can be'
        f' called that: the game is "{safe}" (choose another with --id)\n'
    ) in result.stdout
    assert accepted(tmp_path / "again", title) == safe


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["!!!"],
            '"!!!" leaves no letters or digits for the game\'s id (its folder name): give'
            " one with --id, e.g. --id my-game",
        ),
        (["🎲 🎲"], '"🎲 🎲" leaves no letters or digits for the game\'s id'),
        (["   "], 'a new game needs a name, e.g. cardgen new "Star Frontier"'),
        (
            ["Two\nLines"],
            'the name "Two\\nLines" holds a control character (U+000A): a game\'s'
            " name is one line of text",
        ),
        (["x" * (MAX_TITLE + 1)], f"the name is {MAX_TITLE + 1} characters long; at most 200"),
        (["Fine", "--id", "con"], '--id "con" is a device name on Windows'),
        (
            ["Fine", "--id", "COM1.txt"],
            '--id "COM1.txt" is a device name on Windows, where no'
            " folder can be called that; choose another, e.g. --id com1-game",
        ),
        (["Fine", "--id", "Big_Id"], '--id "Big_Id" is not a game id: lower-case letters,'),
        (["Fine", "--id", "-x"], '--id "-x" is not a game id'),
        (["Fine", "--id", "a" * (MAX_ID + 1)], f"at most {MAX_ID} (e.g. river-kings)"),
    ],
)
def test_refused_titles_and_ids_are_one_line(
    tmp_path: Path, run: Run, args: list[str], message: str
) -> None:
    result = run("new", *args, "--project", tmp_path)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    assert message in result.stderr
    assert not (tmp_path / "decks").exists()


def test_an_id_can_be_chosen(tmp_path: Path, run: Run) -> None:
    result = run("new", "River Kings: Second Tide", "--id", "rk2", "--project", tmp_path)
    assert result.exit_code == 0, result.output
    assert load_game(tmp_path / "decks" / "rk2", tmp_path).game.name == "River Kings: Second Tide"
    again = run("new", "Anything", "--id", "rk2", "--project", tmp_path)
    assert again.exit_code == 2
    assert again.stderr == (
        f'error: {tmp_path}/decks/rk2: a game "rk2" exists already (give another name, or --id)\n'
    )


def test_a_failed_write_leaves_nothing_behind(tmp_path: Path, run: Run) -> None:
    (tmp_path / "layouts").write_text("a file where the layouts folder would go")
    result = run("new", "Star Frontier", "--project", tmp_path)
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: {tmp_path}/layouts/star-frontier: cannot write the new game: Not a directory\n"
    )
    assert not (tmp_path / "decks").exists()  # the files written before are taken back
    (tmp_path / "layouts").unlink()
    assert run("new", "Star Frontier", "--project", tmp_path).exit_code == 0


def test_the_scaffold_shows_what_comes_next(tmp_path: Path, run: Run) -> None:
    result = run("new", "Star Frontier", "--project", tmp_path)
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith(
        "next:\n"
        f"  cardgen check star-frontier --project {tmp_path}   # the game's own data is"
        " consistent\n"
        f"  cardgen build star-frontier --project {tmp_path}   # cards, PDFs and a TTS object in"
        " output/star-frontier/\n"
        f"  cardgen watch star-frontier --project {tmp_path}   # edit cards.csv or a layout: it"
        " builds again\n"
    )
    game, layouts = tmp_path / "decks/star-frontier", tmp_path / "layouts/star-frontier"
    for folder, kind, files in [
        (game, "game", ["game.yaml"]),
        (layouts, "layout", ["base.yaml", "hero.yaml", "action.yaml"]),
    ]:
        schema = json.loads((folder / f"{kind}.schema.json").read_text(encoding="utf-8"))
        assert schema == json_schema(kind)  # what `cardgen schema KIND` prints
        for name in files:
            first = (folder / name).read_text(encoding="utf-8").splitlines()[0]
            assert first == f"# yaml-language-server: $schema={kind}.schema.json"
    spec = load_game(game, tmp_path)
    assert spec.game.types["hero"].fields["flavor"].required is False
    rows = {card.name: card for card in spec.cards}
    assert rows["Captain Vale"].art == "art/captain-vale.png"
    assert rows["Scout Ilka"].art is None and rows["Scout Ilka"].fields.get("flavor") is None


def test_the_first_build_shows_the_scaffold_s_art(tmp_path: Path, run: Run) -> None:
    assert run("new", "Star Frontier", "--project", tmp_path).exit_code == 0
    built = run("build", "star-frontier", "--project", tmp_path, "--jobs", "1")
    assert built.exit_code == 0, built.output
    cards = tmp_path / "output/star-frontier/cards"
    sun = (538, 408)  # the art's sun, in the built-in art box (0.2in, 0.6in from the trim)
    with Image.open(cards / "captain-vale.png") as vale:
        drawn = vale.getpixel(sun)
    with Image.open(cards / "scout-ilka.png") as ilka:
        placeholder = ilka.getpixel(sun)
    assert max(abs(a - b) for a, b in zip(drawn, (242, 193, 78), strict=True)) < 8
    assert drawn != placeholder  # no art: a placeholder


def test_tricky_titles_check_and_build(tmp_path: Path, run: Run) -> None:
    titles = [
        "River Kings: Second Tide",
        "Deck #1",
        "Señor Búho: ¡Fiesta!",
        "- x",
        "*a &b",
        "'Quoted' \"twice\" \\ back",
        "null",
        "🎲 Dice & Dragons 🐉",
    ]
    ids = []
    for title in titles:
        result = run("new", "--project", tmp_path, "--", title)  # `--`: "- x" is no option
        assert result.exit_code == 0, (title, result.output)
        ids.append(Path(result.stdout.split("\n")[0].removeprefix("created ")).parent.name)
        assert run("check", ids[-1], "--project", tmp_path).exit_code == 0
    built = run("build", "--project", tmp_path, "--jobs", "1")
    assert built.exit_code == 0, built.output
    listed = json.loads(run("games", "--project", tmp_path, "--format", "json").stdout)
    assert {g["id"]: g["name"] for g in listed["games"]} == dict(zip(ids, titles, strict=True))
    for game_id in ids:
        assert (tmp_path / f"output/{game_id}/{game_id}-a4-duplex-long.pdf").is_file()


PRINTABLE = st.text(
    st.characters(codec="utf-8", exclude_categories=["Cc", "Cs", "Zl", "Zp"]),
    min_size=1,
    max_size=60,
)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    title=st.lists(st.sampled_from(YAML_WORDS) | PRINTABLE, min_size=1, max_size=3).map(" ".join)
)
def test_any_accepted_title_builds(title: str) -> None:
    from click.testing import CliRunner

    from cardgen.cli import main

    with tempfile.TemporaryDirectory() as folder:
        made = CliRunner().invoke(main, ["new", "--project", folder, "--", title])
        if made.exit_code != 0:  # no letter or digit in it
            assert made.exit_code == 2 and made.stderr.count("\n") == 1, made.output
            return
        game_id = Path(made.stdout.split("\n")[0].removeprefix("created ")).parent.name
        built = CliRunner().invoke(main, ["build", game_id, "--project", folder, "--jobs", "1"])
        assert built.exit_code == 0, built.output
        games = CliRunner().invoke(main, ["games", "--project", folder, "--format", "json"])
        assert json.loads(games.stdout)["games"][0]["name"] == title.strip()
        assert (Path(folder) / f"output/{game_id}/{game_id}-a4-duplex-long.pdf").is_file()


def test_a_title_word_too_wide_for_the_back_is_a_check_finding(tmp_path: Path) -> None:
    made = new_game(tmp_path, "X" * 100)
    pack = load_game(tmp_path / "decks" / made.id, tmp_path)
    errors = [(f.code, f.card) for f in check_game(pack) if f.severity == "error"]
    assert errors == [("SC507", "back main")]
