"""cardgen's JSON Schemas describe what cardgen reads: a file it reads passes its schema, a
file it refuses for a structural reason (an unknown key, a wrong type, a missing key)
fails it.

The files: every shipped game, card pool (each row as the pool's model receives it, CSV
included), deck list and layout, found anew on each run; the files `cardgen new` writes;
the test fixtures (tests/data and the YAML strings of the test modules); the schemas' own
examples. Validation is as editors and check-jsonschema do it: Draft 2020-12 with
ECMA-262 patterns. `tests/test_schema_mutations.py` changes these files at random.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import json
import re
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

import cardgen.model.card as card_module
from cardgen.errors import CardgenError
from cardgen.load.game import load_game
from cardgen.load.layouts import load_layouts
from cardgen.load.yaml import load_yaml, parse_yaml
from cardgen.model.game import Game
from cardgen.project import Project
from cardgen.schema import json_schema, schema_text
from cardgen.schema_examples import CARDS, DECKS, GAME, LAYOUTS
from tests.conftest import ROOT
from tests.schema_verdicts import (
    NOT_JSON,
    OK,
    STRUCTURAL,
    as_json,
    assert_schema_agrees,
    problems,
    validator,
    validator_of,
    verdict,
)

TESTS = Path(__file__).resolve().parent

# --------------------------------------------------------------------------- the files


def shipped() -> list[tuple[str, Path]]:
    """(schema kind, file) for every YAML file the repository ships."""
    found = [("game", p) for p in sorted(ROOT.glob("decks/*/game.yaml"))]
    found += [("deck", p) for p in sorted(ROOT.glob("decks/*/decks/*.y*ml"))]
    found += [("cards", p) for p in sorted(ROOT.glob("decks/*/cards.y*ml"))]
    found += [("layout", p) for p in sorted(ROOT.glob("layouts/*/*.y*ml"))]
    found += [("layout", p) for p in sorted((ROOT / "cardgen" / "layouts").glob("*.yaml"))]
    return found


def test_every_kind_of_shipped_file_is_found() -> None:
    kinds = [kind for kind, _ in shipped()]
    assert kinds.count("game") >= 5 and kinds.count("layout") >= 30
    assert "deck" in kinds and "cards" in kinds


@pytest.mark.parametrize(
    ("kind", "path"), shipped(), ids=[str(p.relative_to(ROOT)) for _, p in shipped()]
)
def test_shipped_file_passes_its_schema(kind: str, path: Path) -> None:
    data = as_json(load_yaml(path).data)
    assert data is not NOT_JSON
    assert problems(validator(kind), data) == []
    if kind == "cards":  # the game's own pool schema, field by field
        assert problems(validator(kind, path.parent.name), data) == []


Rows = Callable[[Callable[[], Any]], list[dict[str, Any]]]


@pytest.fixture
def pool_rows(monkeypatch: pytest.MonkeyPatch) -> Rows:
    """`pool_rows(load)`: every card row a pool's models are given while `load()` runs, as
    given (CSV rows are text, with `hexes` and `lint_ignore` split), whatever the pool's
    file format."""
    make = card_module.card_model

    def recorded(load: Callable[[], Any]) -> list[dict[str, Any]]:
        rows: list[dict[str, Any]] = []

        class Recording:
            def __init__(self, model: Any) -> None:
                self.model = model

            def model_validate(self, data: Any, *args: Any, **kwargs: Any) -> Any:
                rows.append(as_json(data))
                return self.model.model_validate(data, *args, **kwargs)

            def __getattr__(self, name: str) -> Any:
                return getattr(self.model, name)

        with monkeypatch.context() as patch:
            patch.setattr(card_module, "card_model", lambda *a: Recording(make(*a)))
            load()
        return rows

    return recorded


@pytest.mark.parametrize("game_id", Project(ROOT).game_ids())
def test_every_row_of_a_shipped_pool_passes_the_games_pool_schema(
    game_id: str, pool_rows: Rows
) -> None:
    rows = pool_rows(lambda: load_game(ROOT / "decks" / game_id, ROOT))
    cards = load_game(ROOT / "decks" / game_id, ROOT).cards
    assert len(rows) == len(cards) > 0, "are pools still validated by card_model's models?"
    assert problems(validator("cards", game_id), rows) == []
    assert problems(validator("cards"), {"game": game_id, "cards": rows}) == []


def scaffold(tmp_path: Path, run: Callable[..., Result], title: str) -> tuple[Path, str]:
    (tmp_path / "decks").mkdir(exist_ok=True)
    result = run("new", title, "--project", tmp_path)
    assert result.exit_code == 0, result.output
    (game_id,) = Project(tmp_path).game_ids()
    return tmp_path, game_id


def test_scaffolded_files_pass_their_schemas(
    tmp_path: Path, run: Callable[..., Result], pool_rows: Rows
) -> None:
    root, game_id = scaffold(tmp_path, run, "River Kings")
    files = [("game", root / "decks" / game_id / "game.yaml")]
    files += [("deck", p) for p in sorted((root / "decks" / game_id).glob("decks/*.y*ml"))]
    files += [("cards", p) for p in sorted((root / "decks" / game_id).glob("cards.y*ml"))]
    files += [("layout", p) for p in sorted((root / "layouts" / game_id).glob("*.y*ml"))]
    assert len(files) >= 3
    for kind, path in files:
        assert problems(validator(kind), as_json(load_yaml(path).data)) == [], path
    rows = pool_rows(lambda: load_game(root / "decks" / game_id, root))
    pack = load_game(root / "decks" / game_id, root)
    load_layouts(root, pack.game)
    assert len(rows) == len(pack.cards) > 0
    assert problems(validator_of(json_schema("cards", pack.game)), rows) == []


# --------------------------------------------------------------------------- fixtures

DATA = TESTS / "data"
KIND_OF_FOLDER = {"game": "game", "deck": "deck", "layout": "layout", "pool": "cards"}
KIND_OF_FOLDER |= {"names": "cards", "text": "cards"}


def _kind_of_document(data: Any) -> str | None:
    if isinstance(data, list) and data and all(isinstance(i, dict) and "type" in i for i in data):
        return "cards"
    if not isinstance(data, dict):
        return None
    if "types" in data:
        return "game"
    if "elements" in data or "extends" in data:
        return "layout"
    cards = data.get("cards")
    if isinstance(cards, list) and _kind_of_document(cards) == "cards":
        return "cards"
    return "deck" if "cards" in data else None


def fixture_files(pattern: str = "*.y*ml") -> list[tuple[str, Path]]:
    """(kind, file) for every file under tests/data, by the folder it is in (else, for
    YAML, by what it holds); YAML files only where cardgen's YAML loader reads them as
    JSON data (not a malformed file, an alias bomb or a NaN: no schema can say anything
    of those)."""
    found = []
    for path in sorted(DATA.rglob(pattern)):
        folders = path.relative_to(DATA).parts[:-1]
        kind = next((KIND_OF_FOLDER[f] for f in folders if f in KIND_OF_FOLDER), None)
        if pattern.endswith("ml"):
            try:
                data = as_json(load_yaml(path).data)
            except CardgenError:
                continue
            kind = kind or _kind_of_document(data)
            if data is NOT_JSON:
                continue
        if kind is not None:
            found.append((kind, path))
    return found


def test_most_yaml_fixtures_are_json_data() -> None:
    assert len(fixture_files()) >= 40


@functools.cache
def tiny_game() -> Game:
    from tests.conftest import TINY_GAME

    return Game.model_validate(parse_yaml(TINY_GAME, "game.yaml").data)


@pytest.mark.parametrize(
    ("kind", "path"),
    fixture_files(),
    ids=[str(p.relative_to(DATA)) for _, p in fixture_files()],
)
def test_fixture_file_and_its_schema_agree(kind: str, path: Path) -> None:
    data = as_json(load_yaml(path).data)
    game = tiny_game() if kind == "cards" else None
    assert_schema_agrees(kind, data, game, str(path.relative_to(ROOT)))


@pytest.mark.parametrize(
    "path", [p for _, p in fixture_files("*.csv")], ids=lambda p: str(p.relative_to(DATA))
)
def test_each_row_of_a_csv_fixture_and_the_pool_schema_agree(
    path: Path, make_project: Callable[..., Path], pool_rows: Rows
) -> None:
    """A CSV pool of the tiny game, in whatever encoding and shape the fixture has: each
    row the pool's models are given agrees with the game's pool schema."""
    root = make_project()
    (root / "decks" / "tiny" / "cards.csv").write_bytes(path.read_bytes())

    def load() -> None:
        with contextlib.suppress(CardgenError):
            load_game(root / "decks" / "tiny", root)

    for row in pool_rows(load):
        assert_schema_agrees("cards", [row], tiny_game(), f"{path.name}: {row!r:.200}")


def _yaml_constants() -> list[tuple[str, str, Any]]:
    """(where, kind, data) for each module-level string of the test modules that is a
    game, a layout, a deck list or a pool in YAML (read with `ast`, nothing imported)."""
    found = []
    for module in sorted(TESTS.rglob("*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for node in tree.body:
            if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)):
                continue
            if not isinstance(node.value.value, str) or "\n" not in node.value.value:
                continue
            try:
                data = parse_yaml(textwrap.dedent(node.value.value), "inline.yaml").data
            except CardgenError:
                continue
            kind = _kind_of_document(data)
            if kind is not None:
                name = getattr(node.targets[0], "id", "?")
                found.append((f"{module.relative_to(ROOT)}:{name}", kind, as_json(data)))
    return [item for item in found if item[2] is not NOT_JSON]


def test_the_yaml_strings_of_the_test_modules_agree_with_their_schemas() -> None:
    constants = _yaml_constants()
    kinds = {kind for _, kind, _ in constants}
    assert {"game", "layout", "deck"} <= kinds, kinds
    taken = [assert_schema_agrees(kind, data, where=where) for where, kind, data in constants]
    assert taken.count(OK) >= 5


# --------------------------------------------------------------------------- examples


def example_project(root: Path, **files: str) -> Path:
    """The examples written out as a project (Lantern Watch), with `files` (path in the
    project -> text) written over them."""
    game_id = GAME["id"]
    written = {
        f"decks/{game_id}/game.yaml": json.dumps(GAME),
        f"decks/{game_id}/cards.yaml": json.dumps(CARDS),
        **{f"decks/{game_id}/decks/deck-{i}.yaml": json.dumps(d) for i, d in enumerate(DECKS)},
        **{f"layouts/{game_id}/{name}.yaml": json.dumps(data) for name, data in LAYOUTS.items()},
        **files,
    }
    for relative, text in written.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text, encoding="utf-8")
    return root / "decks" / game_id


def load_everything(folder: Path, root: Path) -> Any:
    """Load a game as a build does: game.yaml, pool, layouts, every deck list."""
    from cardgen.load.decklist import load_deck

    pack = load_game(folder, root)
    layouts = load_layouts(root, pack.game)
    for path in pack.deck_files():
        assert pack.deck_counts(load_deck(path))
    return pack, layouts


def test_the_schemas_examples_load_in_cardgen(tmp_path: Path) -> None:
    """The examples are one game: written out as a project, cardgen loads all of it."""
    pack, layouts = load_everything(example_project(tmp_path), tmp_path)
    assert [card.name for card in pack.cards] == [card["name"] for card in CARDS]
    assert layouts.for_type("keeper").elements["light"].size == 16
    for kind in ("game", "cards", "deck", "layout"):
        schema = json_schema(kind)
        assert schema["examples"], kind
        for example in schema["examples"]:
            assert problems(validator(kind), example) == [], kind


def examples_inside(node: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """(path, subschema) of every subschema below the root that has `examples`."""
    if isinstance(node, dict):
        if path and "examples" in node:
            yield path, node
        for key, value in node.items():
            yield from examples_inside(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from examples_inside(value, (*path, str(index)))


def test_every_example_inside_a_schema_passes_it_and_loads(tmp_path: Path) -> None:
    """Examples of a key or a format pass the part of the schema they stand in (formats
    are read by their parsers in test_schema_formats); `extends:` examples load."""
    seen = 0
    for kind in ("game", "cards", "deck", "layout"):
        schema = json_schema(kind)
        for path, part in examples_inside(schema):
            checker = validator_of({**part, "$defs": schema["$defs"]})
            for example in part["examples"]:
                assert problems(checker, example) == [], (kind, path, example)
                seen += 1
            if path[-2:] == ("properties", "extends"):
                for example in part["examples"]:
                    layout = {**LAYOUTS["keeper"], "extends": example}
                    where = f"layouts/{GAME['id']}/keeper.yaml"
                    example_project(tmp_path, **{where: json.dumps(layout)})
                    load_everything(tmp_path / "decks" / GAME["id"], tmp_path)
    assert seen >= 10


SWITCH = "{field: sign, cases: {moon: {text: '{{sun}} {name}', color: red}}}"
READ_BEYOND_PLAIN = [
    ("layout", "keeper", "extends: base\nelements: {title: {y: 0.3in}}\n"),
    ("layout", "keeper", "# a comment, nothing else yet\n"),
    ("layout", "keeper", "extends: [base]\nelements: {title: {x: 30, y: 0, bold: yes, size: '9'}}"),
    ("layout", "keeper", "extends: base\nelements: {frame: {fill: '{back_color}', radius: 0}}\n"),
    ("layout", "omen", "size: 63mm x 88mm\nbackground: Navy\nelements:\n  ground: {kind: rect}\n"),
    ("layout", "omen", f"extends: base\nelements:\n  title: {{switch: [{SWITCH}]}}\n"),
    (
        "layout",
        "keeper",
        "extends: base\nelements:\n  title: {when: {light: '>=2', flavor: present},"
        " unless: {flavor: '== none'}}\n",
    ),
    ("game", "game", json.dumps({**GAME, "constructed": "yes", "players": {"min": "2", "max": 4}})),
    ("deck", "decks/deck-0", "game: lantern-watch\ncards: {Old Keeper: '2', Moon Omen: 1}\n"),
    ("cards", "cards", json.dumps([{**CARDS[0], "copies": "2"}, *CARDS[1:]])),
]
"""What cardgen reads that a model's plain JSON Schema would refuse: one name for
`extends`, overrides without `kind`, a layout of comments only, numbers and yes/no as text,
lengths as numbers, colour names and templates, `{{` in a switch case's text; `when:` and
`unless:` with `present`, `empty` and comparisons (checked against the fields as they load)."""


@pytest.mark.parametrize(("kind", "name", "text"), READ_BEYOND_PLAIN)
def test_what_cardgen_reads_beyond_a_plain_schema_passes_it(
    tmp_path: Path, kind: str, name: str, text: str
) -> None:
    game_id = GAME["id"]
    where = f"{'layouts' if kind == 'layout' else 'decks'}/{game_id}/{name}.yaml"
    folder = example_project(tmp_path, **{where: text})
    load_everything(folder, tmp_path)
    data = as_json(parse_yaml(text, where).data)
    assert verdict(kind, data, Game.model_validate(GAME)) == OK
    assert problems(validator(kind), data) == []


# --------------------------------------------------------------------------- refusals

REFUSED = [
    ("game", {**GAME, "colour": "red"}, ["(top): Additional properties"]),
    ("game", {**GAME, "players": {"min": "two", "max": 4}}, ["players/min"]),
    ("game", {k: v for k, v in GAME.items() if k != "types"}, ["(top): 'types' is a required"]),
    ("deck", {"cards": {"Old Keeper": "many"}}, ["cards/Old Keeper: 'many' does not match"]),
    ("deck", {"cards": []}, ["cards: [] should be non-empty"]),
    ("cards", [{"name": "Moon Omen", "type": "omen", "sign": "moon", "colour": "red"}], ["0: Add"]),
    ("cards", [{"type": "omen", "sign": "tide"}], ["0: 'name' is a required property"]),
    ("cards", [{"name": "Tide Omen", "type": "omen", "sign": "sun"}], ["0/sign: 'sun' is not"]),
    ("cards", [{"name": "Tide Omen", "type": "omen", "sign": "moon", "copies": 2.5}], ["0/copies"]),
    ("layout", {"elements": {"frame": {"kind": "rect", "colour": "red"}}}, ["elements/frame"]),
    ("layout", {"elements": {"title": {"size": 12}}}, ["elements/title"]),  # no kind, no parent
    ("layout", {"extends": "base", "elements": {"title": {"colour": "red"}}}, ["elements/title"]),
    ("layout", {"extends": 3}, ["extends: 3 is not valid"]),
    ("layout", {"dpi": 300.5}, ["dpi: 300.5 is not valid"]),
]


@pytest.mark.parametrize(("kind", "data", "expected"), REFUSED)
def test_a_structural_mistake_fails_the_schema_as_cardgen_refuses_it(
    kind: str, data: Any, expected: list[str]
) -> None:
    game = Game.model_validate(GAME)
    assert verdict(kind, data, game) == STRUCTURAL
    checker = validator_of(json_schema(kind, game)) if kind == "cards" else validator(kind)
    found = problems(checker, data)
    assert len(found) == len(expected) and all(
        line.startswith(start) for line, start in zip(found, expected, strict=True)
    ), found


# --------------------------------------------------------------------------- the command


def test_schema_out_writes_what_it_prints(tmp_path: Path, run: Callable[..., Result]) -> None:
    (tmp_path / "decks").mkdir()
    printed = run("schema", "layout", "--project", tmp_path)
    assert printed.exit_code == 0
    out = tmp_path / "schemas" / "layout.schema.json"
    written = run("schema", "layout", "--out", out, "--project", tmp_path)
    assert written.exit_code == 0 and written.stdout == ""
    assert out.read_text(encoding="utf-8") == printed.stdout == schema_text(json_schema("layout"))
    refused = run("schema", "game", "--out", tmp_path / "decks" / "g.json", "--project", tmp_path)
    assert refused.exit_code == 2 and "decks/" in refused.stderr


def test_a_pools_schema_needs_only_game_yaml(
    make_project: Callable[..., Path], run: Callable[..., Result]
) -> None:
    """The schema of a pool is wanted most while the pool does not load."""
    root = make_project(cards="name,type\nAria,hero,extra,cells\n")
    assert run("cards", "tiny", "--project", root).exit_code == 2
    result = run("schema", "cards", "--game", "tiny", "--project", root)
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert sorted(schema["$defs"]) == ["CardPool", "HeroCard", "SpellCard"]
    assert "examples" not in schema  # the examples are another game's
    unknown = run("schema", "cards", "--game", "tinyy", "--project", root)
    assert unknown.exit_code == 2 and 'did you mean "tiny"' in unknown.stderr


def test_check_jsonschema_passes_every_shipped_layout_and_game(tmp_path: Path) -> None:
    """The validator the issue was found with (check-jsonschema), on the files it failed."""
    for kind, pattern in (("layout", "layouts/*/*.yaml"), ("game", "decks/*/game.yaml")):
        schema = tmp_path / f"{kind}.schema.json"
        schema.write_text(schema_text(json_schema(kind)), encoding="utf-8")
        files = sorted(str(p) for p in ROOT.glob(pattern))
        command = [sys.executable, "-m", "check_jsonschema", "--schemafile", str(schema)]
        done = subprocess.run([*command, *files], capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stdout + done.stderr
    bad = tmp_path / "hero.yaml"
    bad.write_text("extends: base\nelements: {title: {colour: red}}\n", encoding="utf-8")
    layout = ["--schemafile", str(tmp_path / "layout.schema.json"), str(bad)]
    command = [sys.executable, "-m", "check_jsonschema", *layout]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "elements.title" in done.stdout, done.stdout


MODELINE = re.compile(r"^#\s*yaml-language-server:\s*\$schema=(?P<target>\S+)\s*$", re.MULTILINE)


def documented_commands(game_id: str) -> list[list[str]]:
    """The `cardgen schema ... --out` commands of docs/commands.md, for a game."""
    docs = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    section = docs.split("## cardgen schema\n", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("cardgen schema ")]
    assert len(lines) == 4, lines
    return [line.replace("mygame", game_id).split()[1:] for line in lines]


def test_an_editor_set_up_as_the_docs_say_finds_schemas_that_pass_the_files(
    tmp_path: Path, run: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The docs' commands, run in the project, write the schemas; the docs' first-line
    comment and VS Code map lead from each file of a new game to a schema that passes it
    (and so does any such comment `cardgen new` writes itself)."""
    root, game_id = scaffold(tmp_path, run, "Tide Keepers")
    monkeypatch.chdir(root)
    for command in documented_commands(game_id):
        result = run(*command)
        assert result.exit_code == 0, (command, result.output)
    docs = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    section = docs.split("## cardgen schema\n", 1)[1].split("\n## ", 1)[0]
    (documented,) = MODELINE.findall(section)
    game_file = root / "decks" / game_id / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    if not MODELINE.search(text):
        game_file.write_text(f"# yaml-language-server: $schema={documented}\n{text}")
    mapping = json.loads("{" + section.split('"yaml.schemas": {', 1)[1].split("}", 1)[0] + "}")
    checked = 0
    for schema_file, pattern in mapping.items():
        for path in sorted(root.glob(pattern)):
            schema = json.loads((root / schema_file).read_text(encoding="utf-8"))
            assert problems(validator_of(schema), as_json(load_yaml(path).data)) == [], path
            checked += 1
    for path in sorted(root.rglob("*.yaml")):
        found = MODELINE.search(path.read_text(encoding="utf-8"))
        if found is None or "://" in found["target"]:
            continue
        schema = json.loads((path.parent / found["target"]).read_text(encoding="utf-8"))
        assert problems(validator_of(schema), as_json(load_yaml(path).data)) == [], path
        checked += 1
    assert checked >= 4


def test_the_layout_schema_tells_what_when_and_unless_take() -> None:
    """An element's `when:` says its words and comparisons, `unless:` points to it, and a
    comparison passes as text while a mapping value fails."""
    schema = json_schema("layout")
    rect = schema["$defs"]["RectElementOverride"]["properties"]
    assert all(word in rect["when"]["description"] for word in ("`present`", "`empty`", "`>=5`"))
    assert "`when`" in rect["unless"]["description"]
    checker = validator_of({**rect["when"], "$defs": schema["$defs"]})
    assert problems(checker, {"light": ">=2", "flavor": "present"}) == []
    assert problems(checker, {"light": {">=": 2}}) != []
