"""`cardgen.api`, the library the CLI is built on: docs/api.md's examples run as written;
each function's `as_json()` is what its command prints with `--format json`; the results
are frozen; the error family is what the docs say; importing it stays cheap."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import Result

from cardgen import api
from tests.conftest import ROOT
from tests.oracles.games import example_copy

Run = Callable[..., Result]
DOC = ROOT / "docs" / "api.md"


def _blocks(doc: Path = DOC) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", doc.read_text(encoding="utf-8"), re.M | re.S)


@contextlib.contextmanager
def _inside(folder: Path) -> Iterator[None]:
    before = Path.cwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


@pytest.fixture
def examples(tmp_path: Path) -> Path:
    """A copy of the example project (shards only), its caches seeded from the run's build."""
    return example_copy(tmp_path, "shards")


def test_the_docs_examples_run_and_print_what_they_say(examples: Path) -> None:
    first, second = _blocks()
    printed = io.StringIO()
    with _inside(examples), contextlib.redirect_stdout(printed):
        exec(compile(first, str(DOC), "exec"), {})
        exec(compile(second, str(DOC), "exec"), {})
    lines = printed.getvalue().splitlines()
    assert lines[0] == "False"
    assert lines[1].startswith("decks/shards/decks/ember-aggro.txt True 52 []")
    assert lines[2].startswith("decks/shards/decks/illegal-oversize.txt False 53 ['deck has 53")
    assert re.fullmatch(r"True \d+ cards, 0 errors", lines[3])
    drawn = [line for line in lines if ".png (" in line]
    assert drawn and all("Ember" in line for line in drawn)
    assert 'did you mean "shards"' in lines[-1]
    assert all(p.name.startswith("ember") for p in (examples / "output/shards/cards").iterdir())


def test_the_readmes_example_prints_what_its_comment_says(examples: Path) -> None:
    (block,) = _blocks(ROOT / "README.md")
    printed = io.StringIO()
    with _inside(examples), contextlib.redirect_stdout(printed):
        exec(compile(block, "README.md", "exec"), {})
    said = re.search(r"# (.*)$", block.strip().splitlines()[-1])
    assert said is not None and printed.getvalue().strip() == said.group(1)


def _command_json(run: Run, *args: str | Path) -> object:
    done = run(*args, "--format", "json")
    assert done.exit_code in (0, 1), done.output
    return json.loads(done.stdout)


def test_as_json_is_the_commands_json(examples: Path, run: Run) -> None:
    deck = examples / "decks/shards/decks/ember-aggro.txt"
    project = api.open_project(examples)
    here = ("--project", examples)
    same = {
        "validate": (api.validate(project, [deck]), ("validate", deck, *here)),
        "check": (api.check(project, "shards"), ("check", "shards", *here)),
        "lint": (api.lint(project, ["shards"]), ("lint", "shards", *here)),
        "games": (api.games(project), ("games", *here)),
        "cards": (
            api.cards(project, "shards", type="ally"),
            ("cards", "shards", "--type", "ally", *here),
        ),
        "report": (api.report(project, str(deck)), ("report", deck, *here)),
        "render": (
            api.render(project, "shards", only="Ember"),
            ("render", "shards", "--only", "Ember", *here),
        ),
    }
    for name, (result, command) in same.items():
        assert result.as_json() == _command_json(run, *command), name


def test_results_are_frozen(examples: Path) -> None:
    project = api.open_project(examples)
    checked = api.check(project, "shards")
    verdict = api.validate(project, [examples / "decks/shards/decks/ember-aggro.txt"])
    for result, field in (
        (checked, "findings"),
        (verdict, "reports"),
        (verdict.reports[0], "legal"),
    ):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(result, field, ())


def test_the_error_family(examples: Path) -> None:
    with pytest.raises(api.CardgenError, match='did you mean "shards"'):
        api.check(examples, "shard")
    illegal = examples / "decks/shards/decks/illegal-oversize.txt"
    with pytest.raises(api.IllegalDeck) as refused:
        api.tts(examples, "shards", decks=[illegal], strict=True)
    assert "deck has 53 cards" in "\n".join(refused.value.lines)
    assert not (examples / "output/shards/tts").exists()  # refused before anything was written
    assert issubclass(api.InputErrors, api.CardgenError)
    with pytest.raises(api.CardgenError, match="--out"):
        api.render(examples, "shards", out=examples / "decks" / "shards")  # among the sources


def test_every_listed_name_is_there_and_importing_it_is_cheap() -> None:
    missing = [name for name in api.__all__ if getattr(api, name, None) is None]
    assert missing == []
    heavy = "{'PIL', 'reportlab', 'pydantic'}"
    code = f"import sys, cardgen.api; print(sorted({heavy} & set(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
