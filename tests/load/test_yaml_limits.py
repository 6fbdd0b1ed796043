"""What a YAML file may make the parser do (`cardgen.load.yaml_limits`): nesting to 100
levels, block and flow together, and not one more; merge keys that copy at most 100,000
keys; data at most 100 deep with its aliases expanded. Both parsers (libyaml's and
ruamel's pure-Python one) read the same files and refuse the same files at the same line.
The bound taken from the text is never below the real depth (property tests)."""

from __future__ import annotations

import time
from collections.abc import Callable
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError
from ruamel.yaml.events import CollectionEndEvent, CollectionStartEvent

from cardgen.errors import CardgenError
from cardgen.load.layouts import load_layouts
from cardgen.load.yaml import parse_yaml
from cardgen.load.yaml_limits import MAX_DEPTH, MAX_MERGED, block_bound
from cardgen.model.layout import TextElement
from cardgen.project import Project
from tests.load.test_yaml import _pure

DEEP = "invalid YAML: nested more than 100 deep"


def depth(text: str, pure: bool = True) -> int:
    """How deep the text's collections really nest, from the parser's events."""
    deepest = level = 0
    for event in YAML(typ="safe", pure=pure).parse(text):
        if isinstance(event, CollectionStartEvent):
            level += 1
            deepest = max(deepest, level)
        elif isinstance(event, CollectionEndEvent):
            level -= 1
    return deepest


def _sequences(n: int) -> str:
    return "- " * n + "x\n"


def _keys(n: int) -> str:
    return "? " * n + "x\n"


def _indented(n: int) -> str:
    return "".join(" " * i + f"k{i}:\n" for i in range(n - 1)) + " " * (n - 1) + "k: x\n"


def _same_column(n: int) -> str:
    """A mapping whose value is a sequence at the mapping's own column, whose item is a
    mapping one column further in...: two levels a column, the most YAML allows."""
    lines, column = [], 0
    for i in range(n):
        if i % 2 == 0:
            lines.append(" " * column + f"k{i}:")
        else:
            lines.append(" " * column + "-")
            column += 1
    return "\n".join(lines) + " x\n"


def _mixed(n: int) -> str:
    """Block sequences, then a mapping, then flow brackets: n levels in all."""
    flow = min(40, n - 2)
    block = n - flow - 1
    return "- " * block + "key: " + "[" * flow + "x" + "]" * flow + "\n"


SHAPES: list[Callable[[int], str]] = [_sequences, _keys, _indented, _same_column, _mixed]


@pytest.mark.parametrize("pure", [False, True], ids=["libyaml", "pure"])
@pytest.mark.parametrize("shape", SHAPES, ids=lambda f: f.__name__.strip("_"))
def test_nesting_to_the_limit_is_read_and_one_more_refused(
    shape: Callable[[int], str], pure: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if pure:
        _pure(monkeypatch)
    fits, past = shape(MAX_DEPTH), shape(MAX_DEPTH + 1)
    assert (depth(fits), depth(past)) == (MAX_DEPTH, MAX_DEPTH + 1)
    try:
        parse_yaml(fits, "ok.yaml")
    except CardgenError as exc:  # a mapping as a key: YAML, but no key Python can hash
        assert str(exc) == "ok.yaml:1:199: invalid YAML: found unhashable key", str(exc)
    with pytest.raises(CardgenError) as info:
        parse_yaml(past, "deep.yaml")
    line = past.count("\n", 0, _start_of_level(past, MAX_DEPTH + 1)) + 1
    assert info.value.format_message() == f"deep.yaml:{line}: {DEEP}"


def _start_of_level(text: str, level: int) -> int:
    """Where the collection `level` deep starts in the text (from the events)."""
    current = 0
    for event in YAML(typ="safe", pure=True).parse(text):
        if isinstance(event, CollectionStartEvent):
            current += 1
            if current == level:
                return int(event.start_mark.index)
        elif isinstance(event, CollectionEndEvent):
            current -= 1
    raise AssertionError("not that deep")


@pytest.mark.parametrize("pure", [False, True], ids=["libyaml", "pure"])
@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("cards:\n" + "- " * 20_000 + "x\n", 2),
        ("elements:\n  " + "- " * 20_000 + "x\n", 2),
        ("? " * 20_000 + "x\n", 1),
        ("a:\n" + "".join(" " * (i + 1) + f"k{i}:\n" for i in range(1_300)) + "   x\n", 101),
    ],
    ids=["sequences", "elements", "keys", "indented"],
)
def test_deep_text_is_refused_before_it_is_parsed(
    text: str, line: int, pure: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if pure:
        _pure(monkeypatch)
    started = time.process_time()  # CPU time: a busy machine does not make it fail
    with pytest.raises(CardgenError) as info:
        parse_yaml(text, "deep.yaml")
    assert info.value.format_message() == f"deep.yaml:{line}: {DEEP}"
    assert time.process_time() - started < 1.0


def test_indented_text_is_no_nesting() -> None:
    """Block scalars indented far, lines full of `- ` and `: `: the bound from the text is
    high, so the events are counted, and the file is read."""
    art = "".join(" " * (4 + 3 * i) + "- a: b - c: d ? e\n" for i in range(60))
    text = f"name: Aria\ntext: |\n{art}flavor: '- - - - - - - : : : : {' - ' * 80}'\n"
    assert block_bound(text) > MAX_DEPTH
    doc = parse_yaml(text, "aria.yaml")
    assert doc.data["text"].splitlines()[59] == " " * 177 + "- a: b - c: d ? e"
    assert doc.location(["flavor"]).line == 63


# --------------------------------------------------------------------------- the text's bound


def _dumped(data: Any, mapping: int, sequence: int, offset: int, flow: bool | None) -> str:
    yaml = YAML(typ="rt")
    yaml.indent(mapping=mapping, sequence=sequence, offset=offset)
    yaml.default_flow_style = flow
    yaml.width = 4096
    buffer = StringIO()
    yaml.dump(data, buffer)
    return buffer.getvalue()


KEYS = st.text(alphabet="ab:-? ", min_size=1, max_size=3)
DATA = st.recursive(
    st.one_of(st.integers(-5, 5), st.text(alphabet="x- :?#", max_size=4), st.none()),
    lambda inner: st.one_of(
        st.lists(inner, min_size=1, max_size=3),
        st.dictionaries(KEYS, inner, min_size=1, max_size=3),
    ),
    max_leaves=40,
)
PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _holds(text: str) -> None:
    """The bound (block from the text, plus every bracket) is at least the real depth."""
    bound = block_bound(text) + text.count("[") + text.count("{")
    for pure in (False, True):
        try:
            real = depth(text, pure)
        except YAMLError:
            continue  # not YAML: composing it stops at the error, before nesting past it
        assert real <= bound, (pure, text)


@PROPERTY
@given(
    data=DATA,
    offset=st.integers(0, 3),
    extra=st.integers(2, 4),
    mapping=st.integers(1, 6),
    flow=st.sampled_from([False, None]),
)
def test_the_bound_holds_for_dumped_data(
    data: Any, offset: int, extra: int, mapping: int, flow: bool | None
) -> None:
    """Random data as ruamel.yaml writes it: compact `- - x`, sequences at their mapping's
    column (offset 0), indentation from 1 to 6, flow collections inside blocks."""
    _holds(_dumped(data, mapping, offset + extra, offset, flow))


TOKENS = [
    "- ",
    "-",
    "? ",
    "?",
    ": ",
    ":",
    "a",
    "b: ",
    "[",
    "]",
    "{",
    "}",
    ", ",
    "'",
    '"',
    "|",
    "#",
    "&x ",
    "*x",
    "\n",
    "\n ",
    "\n  ",
    "\n   ",
    "\n    ",
    "\t",
    "\r",
    "\u2028",
    "\x85",
    "\ufeff",
    "--- ",
    " ",
]


@PROPERTY
@given(text=st.lists(st.sampled_from(TOKENS), max_size=80).map("".join))
def test_the_bound_holds_for_any_text_yaml_reads(text: str) -> None:
    """Random token soup: whatever the parser makes of it, no deeper than the bound."""
    _holds(text)


# --------------------------------------------------------------------------- merge keys


def _merge_pool(cards: int, keys: int) -> str:
    base = "".join(f"  k{i}: {i}\n" for i in range(keys))
    return "- &big\n" + base + "".join(f"- {{<<: *big, name: C{i}}}\n" for i in range(cards))


@pytest.mark.parametrize("pure", [False, True], ids=["libyaml", "pure"])
def test_merges_are_counted_before_they_are_made(
    pure: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """1,000 cards each merging a 1,000-key mapping: a million keys to copy. Refused at the
    first merge past 100,000, in milliseconds."""
    if pure:
        _pure(monkeypatch)
    started = time.process_time()
    with pytest.raises(CardgenError) as info:
        parse_yaml(_merge_pool(1_000, 1_000), "cards.yaml")
    line = 1 + 1_000 + 1 + MAX_MERGED // 1_000  # after the mapping, the 101st merge
    assert info.value.format_message() == (
        f"cards.yaml:{line}: YAML merge keys (<<) copy more than 100,000 keys (a merge bomb?)"
    )
    assert time.process_time() - started < 1.5


def test_merges_up_to_the_limit_are_read() -> None:
    doc = parse_yaml(_merge_pool(100, 999), "cards.yaml")  # 100 x 1,000 pairs: the limit
    assert len(doc.data) == 101 and doc.data[100] == {**doc.data[0], "name": "C99"}


def test_a_merge_chain_is_refused_at_its_line() -> None:
    """Each mapping merges the five before it: the pairs to copy double at each line."""
    text = (Path(__file__).parents[1] / "data" / "bad" / "deck" / "merge-chain.yaml").read_text()
    started = time.process_time()
    with pytest.raises(CardgenError, match=r"^chain.yaml:19: YAML merge keys \(<<\) copy"):
        parse_yaml(text, "chain.yaml")
    assert time.process_time() - started < 0.5


def test_what_designers_merge_is_read_as_before() -> None:
    """`<<: *defaults`, a list of mappings merged (the first wins), a merge overridden,
    a merge written with its tag: same data, and each merged key stands where its anchor
    wrote it."""
    text = (
        "defaults: &d {type: hero, copies: 1, power: 2}\n"
        "rare: &r {copies: 3, text: Rare.}\n"
        "cards:\n"
        "  - {<<: *d, name: Aria}\n"
        "  - <<: [*r, *d]\n"
        "    name: Borin\n"
        "    power: 7\n"
        "  - {!!merge <<: *r, name: Cyra}\n"
    )
    doc = parse_yaml(text, "cards.yaml")
    assert doc.data["cards"] == [
        {"type": "hero", "copies": 1, "power": 2, "name": "Aria"},
        {"copies": 3, "text": "Rare.", "type": "hero", "power": 7, "name": "Borin"},
        {"copies": 3, "text": "Rare.", "name": "Cyra"},
    ]
    assert doc.location(["cards", 1, "copies"]).line == 2
    assert doc.location(["cards", 1, "type"]).line == 1
    assert doc.location(["cards", 1, "power"]).line == 7


def test_a_mapping_merged_into_itself() -> None:
    with pytest.raises(CardgenError) as info:
        parse_yaml("a: 1\nb: &b {<<: *b, c: 2}\n", "m.yaml")
    message = "m.yaml:2: YAML merge key (<<) merges a mapping into itself"
    assert info.value.format_message() == message


def test_merged_layout_elements_resolve(make_project: Callable[..., Path]) -> None:
    root = make_project()
    (root / "layouts" / "tiny").mkdir(parents=True)
    (root / "layouts" / "tiny" / "hero.yaml").write_text(
        "elements:\n"
        "  title: &label {kind: text, text: '{name}', size: 9, color: '#202020', x: 10, y: 10}\n"
        "  power: {<<: *label, text: '{power}', y: 40}\n"
    )
    power = load_layouts(root, Project(root).game("tiny").game).layouts["hero"].elements["power"]
    assert isinstance(power, TextElement)
    assert (power.text, power.size, power.color, power.x, power.y) == (
        "{power}",
        9,
        "#202020",
        "10",
        "40",
    )


# --------------------------------------------------------------------------- aliases


def test_aliases_nesting_past_the_limit_are_refused() -> None:
    """Each anchor nests 40 deep and holds the one before: 40, 80, 120... deep once the
    aliases are expanded, though no line nests more than 41."""
    text = (Path(__file__).parents[1] / "data" / "bad" / "deck" / "alias-deep.yaml").read_text()
    with pytest.raises(CardgenError) as info:
        parse_yaml(text, "deck.yaml")
    assert info.value.format_message() == (
        "deck.yaml:5: YAML nests more than 100 deep once its aliases are expanded"
    )


def test_an_alias_inside_its_own_anchor() -> None:
    with pytest.raises(CardgenError) as info:
        parse_yaml("a: 1\nb: [2]\nc: &c [3, *c]\n", "r.yaml")
    assert info.value.format_message() == (
        "r.yaml:3: invalid YAML: an alias inside its own anchor makes the data endless"
    )


def test_docs_state_the_limits() -> None:
    """docs/limits.md: each limit's row names its constant and says its value."""
    from cardgen.load import yaml_cache, yaml_limits
    from cardgen.load.layout_inheritance import MAX_EXTENDS

    rows = (Path(__file__).parents[2] / "docs" / "limits.md").read_text().splitlines()
    for where, name, value in [
        ("load/yaml_limits.py", "MAX_YAML_BYTES", yaml_limits.MAX_YAML_BYTES),
        ("load/yaml_limits.py", "MAX_NODES", yaml_limits.MAX_NODES),
        ("load/yaml_limits.py", "MAX_FLOW_DEPTH", yaml_limits.MAX_FLOW_DEPTH),
        ("load/yaml_limits.py", "MAX_DEPTH", yaml_limits.MAX_DEPTH),
        ("load/yaml_limits.py", "MAX_MERGED", yaml_limits.MAX_MERGED),
        ("load/layout_inheritance.py", "MAX_EXTENDS", MAX_EXTENDS),
        ("load/yaml_cache.py", "MAX_ENTRY_BYTES", yaml_cache.MAX_ENTRY_BYTES),
    ]:
        (row,) = [r for r in rows if r.endswith(f"| `{where}` `{name}` |")]
        assert f"| {value:,}" in row, (name, row)
