"""The YAML rows of docs/limits.md, each at its limit (read) and one past it (refused with
its message): file size, values with aliases expanded, nesting (flow, block, through
aliases), keys copied by merge keys, layout chains, the parsed-YAML cache entry, and the
digits of a whole number. Every number comes from the table; sizes and depths of the data
are counted here, on what ruamel.yaml itself loads."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from cardgen.errors import CardgenError
from cardgen.load.layouts import load_layouts
from cardgen.load.yaml import load_yaml, parse_yaml
from cardgen.project import Project
from tests.oracles.limits_doc import documented

YAML_BYTES = "a YAML file (game.yaml, cards.yaml, layouts, boards)"
VALUES = "values in a YAML file, aliases expanded"
FLOW = "nesting of `[ ]` and `{ }` in YAML"
DEPTH = (
    "nesting of collections in YAML: block (`- `, `? `, indentation) and flow together, and"
    " again with aliases expanded"
)
MERGED = "keys that merge keys (`<<: *defaults`) copy into mappings, in one YAML file"
EXTENDS = "a chain of layouts through `extends:` (a layout, its parent, its parent's parent...)"
CACHE_ENTRY = "an entry of the parsed-YAML cache (`output/.cache/yaml/`)"
NUMBER = "a number in YAML"


def refused(text: str) -> str:
    with pytest.raises(CardgenError) as info:
        parse_yaml(text, "x.yaml")
    return info.value.format_message()


def plain(text: str) -> Any:
    """The data as ruamel.yaml loads it, cardgen aside."""
    return YAML(typ="safe", pure=True).load(text)


def values(data: Any) -> int:
    """Values with aliases expanded: every mapping, list and scalar, keys not counted."""
    total, stack = 0, [data]
    while stack:
        item = stack.pop()
        total += 1
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return total


def depth(data: Any) -> int:
    """How deep mappings and lists nest, aliases expanded (a scalar alone: 0)."""
    if isinstance(data, dict):
        return 1 + max((depth(v) for v in data.values()), default=0)
    if isinstance(data, list):
        return 1 + max((depth(v) for v in data), default=0)
    return 0


def test_a_yaml_file_of_the_limit_is_read_and_a_byte_more_refused(tmp_path: Path) -> None:
    limit = documented(YAML_BYTES)
    path = tmp_path / "game.yaml"
    head = "a: 1\n#"
    path.write_text(head + "x" * (limit - len(head) - 1) + "\n", encoding="utf-8")
    assert path.stat().st_size == limit
    assert load_yaml(path).data == {"a": 1}
    path.write_text(head + "x" * (limit - len(head)) + "\n", encoding="utf-8")
    with pytest.raises(CardgenError) as info:
        load_yaml(path)
    assert f"file is too large ({limit + 1:,} bytes; the limit is {limit:,})" in str(info.value)


def alias_bomb(total: int) -> str:
    """A file of exactly `total` values once expanded: a list of zeros, repeated by alias.
    1 (the file) + (k + 1) (the list) + 1 + m (k + 1) (m aliases) + a padding of scalars."""
    k, m = 3936, 253  # (k + 1)(m + 1) = 999,998 = 1,000,000 - 2
    pad = total - (2 + (k + 1) * (m + 1))
    assert pad >= 0
    return f"a: &a [{', '.join('0' * k)}]\nb: [{', '.join(['*a'] * m)}]\n" + "".join(
        f"p{i}: 0\n" for i in range(pad)
    )


def test_values_with_aliases_expanded_up_to_the_limit() -> None:
    limit = documented(VALUES)
    at, past = alias_bomb(limit), alias_bomb(limit + 1)
    assert (values(plain(at)), values(plain(past))) == (limit, limit + 1)
    assert parse_yaml(at, "x.yaml").data["a"] == [0] * 3936
    assert refused(past) == f"x.yaml:1: YAML expands to more than {limit:,} values (an alias bomb?)"


def test_flow_nesting_up_to_the_limit() -> None:
    limit = documented(FLOW)
    at, past = "[" * limit + "]" * limit, "[" * (limit + 1) + "]" * (limit + 1)
    assert (depth(plain(at)), depth(plain(past))) == (limit, limit + 1)
    parse_yaml(at, "x.yaml")
    assert refused(past) == f"x.yaml:1: invalid YAML: [ ] and {{ }} nested more than {limit} deep"


@pytest.mark.parametrize(
    "shape",
    [
        lambda n: "- " * n + "x\n",  # block sequences on one line
        lambda n: (
            "".join(" " * (2 * i) + f"k{i}:\n" for i in range(n - 1))
            + " " * (2 * (n - 1))
            + "last: x\n"
        ),  # mappings by indentation
        lambda n: "- " * (n // 2) + "[" * (n - n // 2) + "x" + "]" * (n - n // 2) + "\n",
    ],
    ids=["dashes", "indentation", "block-and-flow"],
)
def test_nesting_up_to_the_limit(shape: Any) -> None:
    limit = documented(DEPTH)
    at, past = shape(limit), shape(limit + 1)
    assert (depth(plain(at)), depth(plain(past))) == (limit, limit + 1)
    parse_yaml(at, "x.yaml")
    assert refused(past).endswith(f"invalid YAML: nested more than {limit} deep")


def through_aliases(total: int) -> str:
    """A mapping (1) whose `b` nests lists around an alias of a 40-deep anchor."""
    anchor = 40
    outer = total - 1 - anchor
    return f"a: &a {'[' * anchor}1{']' * anchor}\nb: {'[' * (outer - 1)}[*a]{']' * (outer - 1)}\n"


def test_nesting_through_aliases_up_to_the_limit() -> None:
    limit = documented(DEPTH)
    at, past = through_aliases(limit), through_aliases(limit + 1)
    assert (depth(plain(at)), depth(plain(past))) == (limit, limit + 1)
    parse_yaml(at, "x.yaml")
    assert refused(past) == (
        f"x.yaml:2: YAML nests more than {limit} deep once its aliases are expanded"
    )


def merges(copied: int) -> str:
    """Mappings that merge in, together, exactly `copied` keys: a 1,000-key mapping merged
    into whole hundreds, and a smaller one for the rest."""
    big, rest = divmod(copied, 1_000)
    text = "base: &base {" + ", ".join(f"k{i}: {i}" for i in range(1_000)) + "}\n"
    text += "small: &small {" + ", ".join(f"s{i}: {i}" for i in range(max(rest, 1))) + "}\n"
    text += "cards:\n" + "".join(f"  - {{<<: *base, name: c{i}}}\n" for i in range(big))
    if rest:
        text += "  - {<<: *small, name: last}\n"
    return text


def test_merged_keys_up_to_the_limit() -> None:
    limit = documented(MERGED)
    at = parse_yaml(merges(limit), "x.yaml").data
    copied = sum(len(card) - 1 for card in at["cards"])  # all but each card's own name
    assert copied == limit
    assert refused(merges(limit + 1)) == (
        f"x.yaml:{limit // 1_000 + 4}: YAML merge keys (<<) copy more than {limit:,} keys"
        " (a merge bomb?)"
    )


def chain(root: Path, length: int) -> list[str]:
    """A chain of `length` layouts: builtin:card, l1 on it, l2 on l1...; the problems."""
    folder = root / "layouts" / "tiny"
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("l*.yaml"):
        old.unlink()
    (folder / "l1.yaml").write_text("extends: builtin:card\ndpi: 50\n")
    for number in range(2, length):
        (folder / f"l{number}.yaml").write_text(f"extends: l{number - 1}\n")
    try:
        load_layouts(root, Project(root).game("tiny").game)
    except CardgenError as exc:
        return [str(exc)]
    return []


def test_a_layout_chain_up_to_the_limit(make_project: Any) -> None:
    limit = documented(EXTENDS)
    root = make_project()
    assert chain(root, limit) == []
    (problem,) = chain(root, limit + 1)
    assert f'layout "l{limit}": its extends: chain is {limit + 1} layouts long' in problem
    assert problem.endswith(f"at most {limit}")


def test_a_cache_entry_up_to_the_limit_is_used(tmp_path: Path) -> None:
    from cardgen.load.yaml_cache import lookup, parse_cache

    limit = documented(CACHE_ENTRY)
    source = tmp_path / "cards.yaml"
    source.write_text("a: [1, 2, 3]\n", encoding="utf-8")
    folder = tmp_path / "cache"
    with parse_cache(folder):
        load_yaml(source)
        (entry,) = folder.iterdir()
        blob = entry.read_bytes()
        assert blob.endswith(b"}")
        entry.write_bytes(blob[:-1] + b" " * (limit - len(blob)) + b"}")  # JSON still
        assert entry.stat().st_size == limit
        found = lookup(source.read_text())
        assert found is not None and found[0] == {"a": [1, 2, 3]}
        entry.write_bytes(blob[:-1] + b" " * (limit + 1 - len(blob)) + b"}")
        assert lookup(source.read_text()) is None  # too big to read: parsed again


def test_a_whole_number_up_to_the_limit_of_digits() -> None:
    limit = documented(NUMBER)
    assert parse_yaml(f"a: {'7' * limit}\n", "x.yaml").data["a"] == int("7" * limit)
    assert refused(f"a: {'7' * (limit + 1)}\n") == "x.yaml:1: invalid YAML: a number is too long"


def forged(entry: Path, change: Any) -> None:
    """Rewrite a cache entry's data (as JSON holds it) with `change(data)`."""
    stored = json.loads(entry.read_text(encoding="utf-8"))
    stored["data"] = change(stored["data"])
    entry.write_text(json.dumps(stored), encoding="utf-8")


@pytest.mark.parametrize("bound", ["values", "depth"])
def test_a_cache_entry_holds_what_a_yaml_file_may_hold(tmp_path: Path, bound: str) -> None:
    """An entry of a file at the limit of values (or of nesting) is used; the same entry
    with one value (or one level) more is ignored, and the file parsed again."""
    from cardgen.load.yaml_cache import lookup, parse_cache

    limit = documented(CACHE_ENTRY, 1 if bound == "values" else 2)
    assert limit == documented(VALUES if bound == "values" else DEPTH)
    text = alias_bomb(limit) if bound == "values" else "[" * limit + "]" * limit + "\n"
    source = tmp_path / "cards.yaml"
    source.write_text(text, encoding="utf-8")
    folder = tmp_path / "cache"
    with parse_cache(folder):
        load_yaml(source)
        (entry,) = folder.iterdir()
        found = lookup(text)
        assert found is not None
        assert (values if bound == "values" else depth)(found[0]) == limit
        if bound == "values":
            forged(entry, lambda data: {**data, "one_more": 0})
        else:
            forged(entry, lambda data: [data])
        assert lookup(text) is None
