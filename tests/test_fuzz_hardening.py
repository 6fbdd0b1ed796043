"""Property tests of the loaders and the linter with random input: the only exception is a
CardgenError, every error has a file and a line, and no example takes long.

The deck-list parser is fuzzed in `tests/test_fuzz.py`."""

from __future__ import annotations

import csv
import io
import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.errors import CardgenError
from cardgen.load.game import GamePack
from cardgen.load.layouts import load_layouts
from cardgen.load.pool import load_pool
from cardgen.load.yaml import parse_yaml
from cardgen.project import Project
from cardgen.render.game import GameRenderer
from tests.conftest import ROOT, TINY_CARDS, TINY_GAME
from tests.messages import assert_located_lines

BOUND_S = 2.0
"""No example may take longer than this."""
FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def located(exc: CardgenError, path_part: str) -> None:
    """Exit 2, and every problem one line naming a file containing `path_part` and a line."""
    assert_located_lines(exc, path_part)


@contextmanager
def bounded() -> Iterator[None]:
    started = time.process_time()  # CPU time: a busy machine does not make it fail
    yield
    assert time.process_time() - started < BOUND_S


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Project:
    root = tmp_path_factory.mktemp("fuzz-hardening")
    folder = root / "decks" / "tiny"
    (folder / "decks").mkdir(parents=True)
    (folder / "game.yaml").write_text(TINY_GAME, encoding="utf-8")
    (folder / "cards.csv").write_text(TINY_CARDS, encoding="utf-8")
    (root / "layouts" / "tiny").mkdir(parents=True)
    return Project(root)


# --------------------------------------------------------------------------- YAML

YAML_TOKENS = [
    "- ",
    ": ",
    "a",
    "b: ",
    "name",
    "[",
    "]",
    "{",
    "}",
    ", ",
    "&x ",
    "*x",
    "!!str ",
    "!!binary ",
    "!!python/object:os.system ",
    "'",
    '"',
    "\n",
    "\n  ",
    "\n    ",
    "\t",
    "# c",
    "---\n",
    "...\n",
    "? ",
    "|\n  ",
    ">-\n  ",
    "1e3",
    ".nan",
    "-.inf",
    "-1",
    "0x1F",
    "~",
    "<<: *x",
    "%YAML 1.2\n",
    "\\",
    "é",
    "\x00",
    "\x1b",
    "\ufeff",
    "9" * 5000,
    "@",
    "`",
    "%",
]
yaml_texts = st.one_of(
    st.text(max_size=200),
    st.lists(st.sampled_from(YAML_TOKENS), max_size=60).map("".join),
)


@FUZZ
@given(text=yaml_texts)
def test_yaml_parser_raises_only_located_errors(text: str) -> None:
    with bounded():
        try:
            doc = parse_yaml(text, "f.yaml")
        except CardgenError as exc:
            located(exc, "f.yaml")
            return
    json.dumps(doc.data, default=str)  # plain data: dicts, lists and scalars


# --------------------------------------------------------------------------- CSV pools

COLUMNS = ["name", "type", "copies", "power", "school", "level", "text", "art", "colour", ""]
CELLS = st.one_of(
    st.sampled_from(
        [
            *("Aria", "hero", "spell", "fire", "ice", "1", "-1", "1.5", "nan", "inf", "1e3", ""),
            *("9" * 50, '"', 'a "quoted" word', "a,b", "x\ny", "\x07", "\u202e", "😀", " "),
        ]
    ),
    st.text(max_size=12),
)


def _csv(header: list[str], rows: list[list[str]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue()


pool_texts = st.one_of(
    st.builds(
        _csv,
        st.lists(st.sampled_from(COLUMNS), min_size=1, max_size=8),
        st.lists(st.lists(CELLS, max_size=9), max_size=8),
    ),
    st.text(max_size=300),
    st.lists(
        st.sampled_from([",", '"', "\n", "\r", "a", "name", "type", "\t", ";"]), max_size=40
    ).map("".join),
)


@FUZZ
@given(text=pool_texts)
def test_csv_pool_loader_raises_only_located_errors(tiny: Project, text: str) -> None:
    game = tiny.game("tiny").game
    path = tiny.root / "decks" / "tiny" / "fuzz.csv"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    with bounded():
        try:
            cards = load_pool(path, game)
        except CardgenError as exc:
            located(exc, "fuzz.csv")
            return
    for card in cards:
        assert card.name and card.type in game.types


# --------------------------------------------------------------------------- layouts

LENGTHS = st.one_of(
    st.sampled_from(["0", "1mm", "50%", "100% - 2mm", "-3in", "1e9in", "abc", "", "2in + 3"]),
    st.sampled_from(["99999999999in", "-0.1in", "0.5in", "10px", "3 mm", "%", "-100%"]),
    st.integers(min_value=-(10**6), max_value=10**6),
    st.floats(allow_nan=True, allow_infinity=True),
)
NUMBERS = st.one_of(
    st.integers(min_value=-(10**6), max_value=10**6), st.floats(), st.sampled_from(["9", "x"])
)
COLORS = st.sampled_from(["red", "#123456", "#12345678", "#xyz", "", "{school}", "nope", "#fff"])
TEXTS = st.one_of(
    st.sampled_from(["{name}", "{text}", "{nope}", "{", "}", "{{x}}", "**b** *i*", "{heart}"]),
    st.text(max_size=20),
)
KINDS = [
    *("rect", "ellipse", "polygon", "hexagon", "line", "image", "text", "icon", "helper"),
    "star",
]
ELEMENT = st.fixed_dictionaries(
    {"kind": st.sampled_from(KINDS)},
    optional={
        "x": LENGTHS,
        "y": LENGTHS,
        "width": LENGTHS,
        "height": LENGTHS,
        "radius": LENGTHS,
        "stroke_width": LENGTHS,
        "outline_width": LENGTHS,
        "points": st.lists(st.tuples(LENGTHS, LENGTHS), max_size=4),
        "sides": NUMBERS,
        "angle": NUMBERS,
        "gradient_angle": NUMBERS,
        "opacity": NUMBERS,
        "size": NUMBERS,
        "min_size": NUMBERS,
        "line_spacing": NUMBERS,
        "fill": COLORS,
        "stroke": COLORS,
        "color": COLORS,
        "outline": COLORS,
        "gradient": st.lists(COLORS, max_size=3),
        "text": TEXTS,
        "src": st.sampled_from(["{art}", "art.png", "../../../etc/hosts", "/etc/hosts", ""]),
        "name": st.sampled_from(["heart", "{school}", "nope", "hex_pattern", "split", ""]),
        "params": st.dictionaries(
            st.sampled_from(["ring", "cells", "colors", "crop"]), NUMBERS | TEXTS, max_size=2
        ),
        "font": st.sampled_from(["sans", "serif", "display", "nope"]),
        "rotate": st.sampled_from([0, 90, 45, -90]),
        "fit": st.sampled_from(["cover", "contain", "stretch", "squash"]),
        "when": st.dictionaries(st.sampled_from(["type", "school", "nope"]), TEXTS, max_size=1),
        "bleed": st.booleans(),
        "colour": st.just("red"),
    },
)
LAYOUT = st.fixed_dictionaries(
    {"extends": st.just("builtin:card"), "dpi": st.just(50)},
    optional={
        "elements": st.dictionaries(
            st.sampled_from(["frame", "title", "art", "rules", "new", "x"]),
            st.one_of(ELEMENT, st.none(), st.integers()),
            max_size=4,
        ),
        "size": st.sampled_from(["poker", "banana", "1in x 1in", "0in x 1in", "mini"]),
        "bleed": LENGTHS,
        "safe": LENGTHS,
        "background": COLORS,
        "icons": st.dictionaries(st.sampled_from(["fire", "x"]), st.just({"icon": "heart"})),
    },
)


def _yaml_of(data: dict[str, Any]) -> str:
    """JSON is YAML; NaN and infinities as YAML writes them."""
    text = json.dumps(data)
    return text.replace("-Infinity", "-.inf").replace("Infinity", ".inf").replace("NaN", ".nan")


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(layout=LAYOUT)
def test_layout_loader_and_renderer_raise_only_located_errors(
    tiny: Project, layout: dict[str, Any]
) -> None:
    pack: GamePack = tiny.game("tiny")
    path = tiny.root / "layouts" / "tiny" / "hero.yaml"
    path.write_text(_yaml_of(layout), encoding="utf-8")
    with bounded():
        try:
            layouts = load_layouts(tiny.root, pack.game)
        except CardgenError as exc:  # at the file that set the value: hero.yaml, or the
            located(exc, "layouts")  # built-in layout when hero.yaml makes the card tiny
            return
        renderer = GameRenderer(tiny, pack, layouts)
        try:
            renderer.card(pack.cards[0])  # Aria, a hero
        except CardgenError as exc:  # at the layout's line, or the card's (its art)
            assert_located_lines(exc, "")


# --------------------------------------------------------------------------- the linter

WORDS = st.sampled_from(
    [
        *("Shard", "shard", "Persona", "ally", "Ally", "+1", "Agility", "agility", "Luck", "a"),
        *("card", "cards", "the", "The", "teh", "“", "”", '"', "'", "—", "-", "...", "…", ":"),
        *("**", "*", "{", "}", "[", "]", "(", ")", "#", "<!-- cardgen-lint: disable TX101 -->"),
        *("<!-- cardgen-lint: disable NOPE -->", "`", "```", "  ", "\t", "1", "0", "99", "😀"),
        *("draw", "\n"),
    ]
)
documents = st.one_of(
    st.lists(WORDS, max_size=80).map(" ".join),
    st.text(max_size=200),
)


@pytest.fixture(scope="module")
def shards() -> GamePack:
    return Project(ROOT).game("shards")


@FUZZ
@given(text=documents)
def test_linter_never_crashes_and_locates_findings(
    shards: GamePack, tmp_path_factory: pytest.TempPathFactory, text: str
) -> None:
    from cardgen.check.lint import lint_documents

    path = tmp_path_factory.getbasetemp() / "fuzz-rules.md"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    with bounded():
        try:
            findings = lint_documents(shards, [path], select=["ALL"])
        except CardgenError as exc:
            located(exc, "fuzz-rules.md")
            return
    lines = text.split("\n")
    for finding in findings:
        assert "fuzz-rules.md" in finding.path
        assert 1 <= finding.line <= max(1, len(lines) + 1), finding
        assert finding.col >= 1 and finding.message, finding
