"""Shared fixtures: the repository's own project, and tiny games written for one case.

A test that needs a tool or the ../shared files asks with `tests.skips.require_tool` or
`require_path`: skipped with the reason here, a failure on CI (see tests/skips.py)."""

from __future__ import annotations

import gc
import os
import subprocess
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, settings

from cardgen.cli import main

pytest_plugins = ["tests.skips"]  # require_tool, require_path; CI (CARDGEN_CI=1) allows no skip

ROOT = Path(__file__).resolve().parent.parent

# Property tests draw the same examples on every run, here as on CI (each test's examples
# come from a seed derived from the test itself; nothing is read from or kept in a
# database): a run never fails for an example the last one did not draw, and no clock or
# load changes a verdict (no deadline, no "too slow" health check). To look for new
# examples while working: CARDGEN_HYPOTHESIS=explore (a failure prints the seed to draw
# the same again, `--hypothesis-seed=N`).
settings.register_profile(
    "fixed",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "explore", deadline=None, print_blob=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("CARDGEN_HYPOTHESIS", "fixed"))

TINY_GAME = """\
id: tiny
name: Tiny Game
players: {min: 2, max: 2}
constructed: true
types:
  hero:
    label: Hero
    fields:
      power: {type: int, min: 0, max: 9, description: Strength.}
  spell:
    label: Spell
    fields:
      school: {type: choice, choices: [fire, ice], description: School of magic.}
      level: {type: int, min: 1, max: 3, description: Spell level.}
deck_rules:
  - {id: deck-size, kind: deck_size, min: 4, max: 8, message: A deck has 4 to 8 cards.}
  - {id: one-hero, kind: count, where: {type: hero}, exact: 1, label: Heroes,
     message: Exactly one Hero.}
"""

TINY_CARDS = """\
name,type,copies,power,school,level,text
Aria,hero,1,5,,,Leads the party.
Borin,hero,1,7,,,
Fireball,spell,4,,fire,2,Deal 2 damage.
Frost Bolt,spell,4,,ice,1,
Ice Wall,spell,2,,ice,3,
"""

DAMAGE_CHECK = """\
checks:
  - kind: text_fields
    id: damage-is-level
    where: {type: spell}
    pattern: '(?i)deal (?P<level>\\d+) damage'
    message: A spell deals its level in damage.
"""
"""A check to add to TINY_GAME: a spell's text says its level in damage (Fireball, line 4 of
TINY_CARDS: "Deal 2 damage.", level 2)."""


def tts_objects(objects: list[dict[str, object]]) -> list[dict[str, object]]:
    """Every object of a TTS save, those inside decks and states included."""
    found: list[dict[str, object]] = []
    for obj in objects:
        found.append(obj)
        inner = obj.get("ContainedObjects") or []
        assert isinstance(inner, list)
        found.extend(tts_objects(inner))
        states = obj.get("States") or {}
        assert isinstance(states, dict)
        found.extend(tts_objects(list(states.values())))
    return found


def pytest_collection_finish(session: pytest.Session) -> None:
    """Once the tests are collected, what is alive (the modules, pydantic's models, the
    strategies) is kept out of the garbage collector's sweeps (`gc.freeze`), and the young
    generation is swept every 5,000 allocations rather than 700: a test process's full
    sweeps walked that whole heap thousands of times a run (11 % of the CPU of tests/check
    and tests/load, 2026-12-06). Only how often Python looks for unreachable cycles
    changes: every test still runs and asserts the same."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(5_000, 20, 100)


@pytest.fixture(scope="session", autouse=True)
def _example_builds_home(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Where the example games are built once for the whole run (`tests.example_builds`)."""
    from tests.example_builds import set_home

    set_home(tmp_path_factory.getbasetemp())


LOADER_WORDS = ("parse_cache", "yaml_cache", "parse_yaml")
"""A test module that names one of these tests the YAML loader or its cache itself."""


def tests_the_loader(module: Path) -> bool:
    """Whether a test module tests the YAML loader or its parse cache: one under
    tests/load/, or one that names `LOADER_WORDS`."""
    if module.parent == ROOT / "tests" / "load":
        return True
    text = module.read_text(encoding="utf-8")
    return any(word in text for word in LOADER_WORDS)


@pytest.fixture(scope="session", autouse=True)
def _parsed_yaml(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The tests' own commands, run in this process, find a YAML file parsed before in a
    parse cache of the worker's own (`cardgen.load.yaml.parse_cache`, the cache `cardgen
    build` keeps in output/.cache/yaml): the example games' layouts and game files, read by
    hundreds of commands, are parsed by ruamel once a worker rather than once a command.
    An entry is the parse of that very text (its SHA-256 checked), so a command gets the
    same data and positions; a file that fails to parse is never kept. A module that tests
    the loader or the cache itself runs without it (`_loader_tests_parse_afresh`); a build
    keeps its own as always."""
    from cardgen.load.yaml import parse_cache

    with parse_cache(tmp_path_factory.mktemp("parsed-yaml")):
        yield


@pytest.fixture(scope="module", autouse=True)
def _loader_tests_parse_afresh(request: pytest.FixtureRequest) -> Iterator[None]:
    """No shared parse cache in a module that tests the YAML loader or its cache: every
    file it loads outside a cache of its own is parsed."""
    from cardgen.load import yaml_cache

    if not tests_the_loader(request.path):
        yield
        return
    kept = yaml_cache._folder
    yaml_cache._folder = None
    try:
        yield
    finally:
        yaml_cache._folder = kept


@pytest.fixture(scope="module")
def example_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the example project for a module's tests, its caches seeded with the run's
    one drawing of every card: a command on it draws nothing and writes only in the copy
    (not in the repository's own output/)."""
    from tests.oracles.games import example_copy

    return example_copy(tmp_path_factory.mktemp("examples"))


@pytest.fixture
def project_root() -> Path:
    """The repository itself: a cardgen project with the five example games."""
    return ROOT


@pytest.fixture
def make_project(tmp_path: Path) -> Callable[..., Path]:
    """Write a project with one game; returns the project folder."""

    def make(
        game_yaml: str = TINY_GAME,
        cards: str = TINY_CARDS,
        *,
        game_id: str = "tiny",
        pool_name: str = "cards.csv",
        extra: dict[str, str] | None = None,
    ) -> Path:
        folder = tmp_path / "decks" / game_id
        (folder / "decks").mkdir(parents=True, exist_ok=True)
        (folder / "game.yaml").write_text(textwrap.dedent(game_yaml), encoding="utf-8")
        (folder / pool_name).write_text(cards, encoding="utf-8")
        for name, content in (extra or {}).items():
            target = folder / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(content, encoding="utf-8")
        return tmp_path

    return make


@pytest.fixture
def run() -> Callable[..., Result]:
    """Run the cardgen CLI in-process; stdout and stderr kept apart."""

    def invoke(*args: str | Path) -> Result:
        runner = CliRunner()
        return runner.invoke(main, [str(a) for a in args], catch_exceptions=False)

    return invoke


def bounded_cardgen(
    *args: str | Path, memory: int = 1024 * 1024 * 1024, timeout: float = 300
) -> tuple[subprocess.CompletedProcess[str], float]:
    """Run `cardgen` as the installed script runs it (its entry point, `cardgen.entry:main`)
    in a process of its own (forked with cardgen's modules imported: `tests.forked`) whose
    address space is capped at `memory` bytes; return it and the CPU seconds it took
    (busy machines vary in wall time)."""
    from tests import forked

    code = (
        "import resource, sys\n"
        f"resource.setrlimit(resource.RLIMIT_AS, ({memory},) * 2)\n"
        "sys.argv[0] = 'cardgen'\n"
        "from cardgen.entry import main\n"
        "main()\n"
    )
    done = forked.run(code, args, cwd=ROOT, timeout=timeout)
    return done.completed(), done.cpu
