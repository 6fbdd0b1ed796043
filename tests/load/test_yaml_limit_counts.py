"""The counts behind the YAML limits, each against a number worked out by hand: how deep
brackets nest and on which line, the bound on block nesting read from the text, the
nesting counted on the parser's events, the keys merge keys copy (diamonds and nested
anchors included) and data measured without recursing past the limit."""

from __future__ import annotations

from pathlib import Path

import pytest
from ruamel.yaml import YAML

from cardgen.errors import CardgenError
from cardgen.load.yaml import load_yaml, parse_yaml
from cardgen.load.yaml_limits import (
    MAX_DEPTH,
    MAX_MERGED,
    MergeBomb,
    TooDeep,
    block_bound,
    count_merges,
    expanded_size,
    flow_depth,
    too_deep,
)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("", (0, 1)),
        ("a: 1\n", (0, 1)),
        ("a: [1, {b: [2]}]\nc: [3]\n", (3, 1)),
        ("a: 1\nb: [[x]]\nc: [[[y]]]\n", (3, 3)),
        ("a: [[x]]\nb: [[y]]\n", (2, 1)),  # the first line to reach it
        ("a\nb\n[[c]]\n", (2, 3)),
        ("]]]] [x]\n", (1, 1)),  # a stray closer does not go below 0
        ("[[a] [[b]]]\n", (3, 1)),
        ("Xavier: [1]\n", (1, 1)),
        ("[X[a]]\n", (2, 1)),
    ],
)
def test_flow_depth_is_the_deepest_bracket_and_its_line(text: str, found: tuple[int, int]) -> None:
    assert flow_depth(text) == found


@pytest.mark.parametrize(
    ("text", "bound"),
    [
        ("", 0),
        ("a: 1", 3),  # 2 x (0 + 1) for the indentation, 1 for ": "
        ("    - - x", 12),  # 2 x (4 + 1), and two "- "
        ("key:", 3),  # a key ending its line opens a collection
        ("  -", 7),  # 2 x (2 + 1), and a "-" ending its line
        ("?", 3),
        ("\ufeff- a", 5),  # a BOM counts as indentation: 2 x (1 + 1) + 1
        ("X: 1", 3),
        ("a:\tb", 3),  # a tab after ":" opens one too
        ("-\ta", 3),  # and after "-"
        ("?\ta:\tb", 4),  # and after "?"
        ("-\ta:\tb", 4),
        ("a:\t-\tb:\tc", 5),
        ("a: b: c\n  d: e", 7),  # the worst line, the second: 2 x (2 + 1) + 1
    ],
)
def test_block_bound_counts_each_line_from_its_indentation_and_indicators(
    text: str, bound: int
) -> None:
    assert block_bound(text) == bound


def test_nesting_is_counted_on_events_even_after_collections_close() -> None:
    # three open, one closes, then 99 more: 2 + 99 = 101 deep
    deep = "[[[a], " + "[" * 99 + "]" * 99 + "]]\n"
    assert too_deep(YAML(typ="safe"), deep) == 1
    shallow = "[[[a], " + "[" * 98 + "]" * 98 + "]]\n"  # 100 deep: allowed
    assert too_deep(YAML(typ="safe"), shallow) is None


def compose(text: str) -> object:
    return YAML(typ="safe").compose(text)


def test_merges_count_every_key_copied_and_a_diamond_is_no_loop() -> None:
    text = "a: &a {x: 1, y: 2}\nb: {z: 0, <<: *a}\n"
    assert count_merges(compose(text)) == 2  # type: ignore[arg-type]
    # x merges y and z, both of which merge w: w's size is known the second time round
    nested = "top: {<<: &x {<<: [&y {<<: &w {k: 1}, a: 1}, &z {<<: *w, b: 2}]}}\n"
    # top copies x's 4 keys, x copies y's 2 and z's 2, y and z copy w's 1 each
    assert count_merges(compose(nested)) == 10  # type: ignore[arg-type]


def test_one_merge_of_a_mapping_past_the_limit_is_a_bomb() -> None:
    keys = "".join(f"k{i}: 1\n" for i in range(MAX_MERGED + 1))
    big = "a: &a\n" + "".join("  " + line for line in keys.splitlines(keepends=True))
    with pytest.raises(MergeBomb) as info:
        count_merges(compose(big + "b:\n  <<: *a\n"))  # type: ignore[arg-type]
    assert (info.value.line, info.value.recursive) == (MAX_MERGED + 4, False)


def test_a_mapping_merged_into_itself_is_named_at_its_merge_key() -> None:
    text = "a: &a\n  b: 1\n  <<: *a\n"
    with pytest.raises(CardgenError) as info:
        parse_yaml(text, "f.yaml")
    assert (
        info.value.format_message() == "f.yaml:3: YAML merge key (<<) merges a mapping into itself"
    )


def test_data_nested_far_past_the_limit_is_measured_without_recursing() -> None:
    deep: list[object] = []
    for _ in range(5000):  # deeper than Python could recurse
        deep = [deep]
    with pytest.raises(TooDeep):
        expanded_size(deep)
    shallow: list[object] = []
    for _ in range(MAX_DEPTH - 1):
        shallow = [shallow]
    assert expanded_size(shallow)[id(shallow)] == (MAX_DEPTH, MAX_DEPTH)


def bomb(indent: str) -> str:
    """Six lines of aliases, each ten of the one before: 10**6 values and more."""
    lines = ["a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]"]
    lines += [
        f"{c}: &{c} [{', '.join([f'*{p}'] * 10)}]" for p, c in zip("abcde", "bcdef", strict=True)
    ]
    return ("\n" + indent).join(lines) + "\n"


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("- 1\n- 2\n- " + bomb("  "), 3),  # the third item of a list
        ("x: 1\nbomb:\n  " + bomb("  "), 2),  # the key, on its line above the value
    ],
)
def test_an_alias_bomb_is_named_at_its_top_level_item_or_key(text: str, line: int) -> None:
    with pytest.raises(CardgenError) as info:
        parse_yaml(text, "f.yaml")
    expected = f"f.yaml:{line}: YAML expands to more than 1,000,000 values (an alias bomb?)"
    assert info.value.format_message() == expected


def test_a_yaml_file_linked_from_outside_the_project_is_refused(tmp_path: Path) -> None:
    (tmp_path / "project").mkdir()
    (tmp_path / "outside.yaml").write_text("a: 1\n", encoding="utf-8")
    (tmp_path / "project" / "game.yaml").symlink_to(tmp_path / "outside.yaml")
    with pytest.raises(CardgenError, match="leads outside the project"):
        load_yaml(tmp_path / "project" / "game.yaml", tmp_path / "project")
    assert load_yaml(tmp_path / "project" / "game.yaml").data == {"a": 1}  # no root: read


def test_braces_count_as_brackets_and_100_deep_is_allowed() -> None:
    with pytest.raises(CardgenError) as info:
        parse_yaml("a: " + "{b: " * 101 + "1" + "}" * 101 + "\n", "f.yaml")
    assert (
        info.value.format_message()
        == "f.yaml:1: invalid YAML: [ ] and { } nested more than 100 deep"
    )
    assert parse_yaml("[" * 100 + "]" * 100 + "\n", "f.yaml").data is not None


def test_nesting_past_the_limit_through_aliases_is_named_at_the_first_key_that_reaches_it() -> None:
    # x0 is 1 deep, each next one a level deeper: x99 is the first at 100
    lines = ["x0: &x0 [1]"] + [f"x{i}: &x{i} [*x{i - 1}]" for i in range(1, 101)]
    with pytest.raises(CardgenError) as info:
        parse_yaml("\n".join(lines) + "\n", "f.yaml")
    expected = "f.yaml:100: YAML nests more than 100 deep once its aliases are expanded"
    assert info.value.format_message() == expected


def test_a_file_over_the_value_limit_with_no_key_over_it_alone_is_named_at_line_1() -> None:
    # sizes 11, 111, 1111, 11111, 111111 and exactly 1,000,000 (1 + 9 x 111,111): 1,123,456
    # with the file's own mapping; none is past the limit alone
    lines = ["a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]"]
    for p, c in zip("abcd", "bcde", strict=True):
        lines.append(f"{c}: &{c} [{', '.join([f'*{p}'] * 10)}]")
    lines.append(f"f: [{', '.join(['*e'] * 9)}]")
    with pytest.raises(CardgenError) as info:
        parse_yaml("\n".join(lines) + "\n", "f.yaml")
    expected = "f.yaml:1: YAML expands to more than 1,000,000 values (an alias bomb?)"
    assert info.value.format_message() == expected


def test_brackets_100_deep_are_read_however_many_the_file_holds() -> None:
    # 101 brackets in all, so that they are counted exactly: 100 deep at most
    text = "[" + "[" * 99 + "]" * 99 + ", [1]]\n"
    assert text.count("[") == 101
    data = parse_yaml(text, "f.yaml").data
    assert isinstance(data, list) and data[1] == [1]
    with pytest.raises(CardgenError) as info:
        parse_yaml("[[1], " + "[" * 101 + "]" * 101 + "]\n", "f.yaml")
    assert (
        info.value.format_message()
        == "f.yaml:1: invalid YAML: [ ] and { } nested more than 100 deep"
    )
