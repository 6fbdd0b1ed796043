"""YAML through ruamel.yaml, keeping the line and column of every value.

`load_yaml` returns a `YamlDocument`: the plain data (dicts, lists, scalars) and a way to
find where any value, addressed by its path of keys and indexes, stands in the file.

Files are parsed by libyaml's C parser (`ruamel.yaml.clib`) into nodes that carry their
positions, and built into YAML 1.2 values by ruamel's safe constructor: the Shards layouts
and game take 21 ms, against 133 ms with ruamel's pure-Python round-trip parser (which
takes over where the C one is not installed, with the same values and positions).
What a file may make the parser do (its size, nesting, merges, aliases) is bounded first
(`yaml_limits`); inside `parse_cache(folder)` a file parsed before is read from the cache
(`yaml_cache`).
"""

from __future__ import annotations

import functools
import sys
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import ReusedAnchorWarning, YAMLError
from ruamel.yaml.nodes import MappingNode, Node, SequenceNode

from cardgen.errors import CardgenError, Location, display_path
from cardgen.load.text import read_text
from cardgen.load.yaml_cache import KEEP_PARSED as KEEP_PARSED
from cardgen.load.yaml_cache import lookup, store
from cardgen.load.yaml_cache import parse_cache as parse_cache
from cardgen.load.yaml_cache import prune_parse_cache as prune_parse_cache
from cardgen.load.yaml_errors import parse_error, reused_anchor, too_long
from cardgen.load.yaml_limits import (
    MAX_DEPTH,
    MAX_FLOW_DEPTH,
    MAX_NODES,
    MAX_YAML_BYTES,
    MergeBomb,
    TooDeep,
    block_bound,
    count_merges,
    expanded_size,
    flow_depth,
    too_deep,
)

_BEFORE_TAG = frozenset(" \t\n\r\x85\u2028\u2029\ufeff[{,:?-")
"""What a tag's `!` may follow: a blank, a break, an indicator."""


Path_ = tuple[str | int, ...]


@dataclass(frozen=True)
class YamlDocument:
    """A loaded YAML file: plain data plus the positions (0-based line, column) of its
    values, and of the keys of its mappings, by path of keys and indexes."""

    path: str
    data: Any
    values: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    text: str = field(default="", repr=False)
    """The file's text, for a value as it is written (`counts.written`)."""

    @functools.cached_property
    def lines(self) -> list[str]:
        """The file's text, line by line (split once, however many values are looked up)."""
        return self.text.split("\n")

    def location(self, loc: Sequence[str | int]) -> Location:
        """The position of the value at `loc` (keys and indexes), or of the nearest parent."""
        line, col = self.values.get((), (0, 0))
        for end in range(len(loc), 0, -1):
            found = self.values.get(tuple(loc[:end]))
            if found is not None:
                line, col = found
                break
        return Location(self.path, line + 1, col + 1)

    def key_location(self, loc: Sequence[str | int]) -> Location:
        """The position of the key that ends `loc` (for unknown or misspelt keys)."""
        found = self.keys.get(tuple(loc)) if loc else None
        if found is not None:
            return Location(self.path, found[0] + 1, found[1] + 1)
        return self.location(loc)


def _positions(
    root: Node | None, key_of: Callable[[Node], Any]
) -> tuple[dict[Path_, tuple[int, int]], dict[Path_, tuple[int, int]]]:
    """Where each value and each mapping key of a node tree stands (`key_of` gives a key
    node's value). An alias is walked once, at its anchor; a merged key (`<<`) stands
    where its anchor wrote it."""
    values: dict[Path_, tuple[int, int]] = {}
    keys: dict[Path_, tuple[int, int]] = {}
    if root is None:
        values[()] = (0, 0)
        return values, keys
    values[()] = (root.start_mark.line, root.start_mark.column)
    seen: set[int] = set()
    stack: list[tuple[Node, Path_]] = [(root, ())]
    while stack:
        node, path = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, MappingNode):
            for key_node, child in node.value:
                where = (*path, _plain_key(key_of(key_node)))
                values[where] = (child.start_mark.line, child.start_mark.column)
                keys[where] = (key_node.start_mark.line, key_node.start_mark.column)
                stack.append((child, where))
        elif isinstance(node, SequenceNode):
            for index, child in enumerate(node.value):
                where = (*path, index)
                values[where] = (child.start_mark.line, child.start_mark.column)
                stack.append((child, where))
    return values, keys


def _plain_key(key: Any) -> str | int:
    return key if isinstance(key, str | int) and not isinstance(key, bool) else str(key)


def _plain(node: Any) -> Any:
    """Plain dicts, lists and scalars, each alias copied out."""
    if isinstance(node, dict):
        return {_plain_key(k): _plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_plain(v) for v in node]
    if isinstance(node, str):
        return str(node)
    if isinstance(node, bool):
        return bool(node)
    if isinstance(node, int):
        if not _printable(node):  # 0x and 5,000 digits: no message could show it
            raise ValueError("an integer too long to print")
        return int(node)
    if isinstance(node, float):
        return float(node)
    return node


def _printable(value: int) -> bool:
    """Whether Python can print `value` in decimal (at most 4,300 digits by default). YAML's
    0x, 0o and 0b numbers are read without that limit, so a file can hold one too long."""
    limit = sys.get_int_max_str_digits()
    return limit == 0 or value.bit_length() < 3 * limit or abs(value) < 10**limit


def yaml_loader() -> YAML:
    """A YAML 1.2 loader of plain values, on libyaml's C parser when it is installed."""
    yaml = YAML(typ="safe", pure=False)
    yaml.allow_duplicate_keys = False
    return yaml


def _check_nesting(text: str, shown: str) -> None:
    """Refuse text nested too deeply before the parser recurses into it: brackets roughly
    counted, block nesting bounded from the text (`block_bound`) and, where that bound is
    too high, counted exactly on the parser's events."""
    flow = text.count("[") + text.count("{")
    if flow > MAX_FLOW_DEPTH:
        flow, line = flow_depth(text)
        if flow > MAX_FLOW_DEPTH:
            raise CardgenError(
                f"invalid YAML: [ ] and {{ }} nested more than {MAX_FLOW_DEPTH} deep",
                Location(shown, line),
            )
    if block_bound(text) + flow > MAX_DEPTH:
        deep = too_deep(yaml_loader(), text)
        if deep is not None:
            raise CardgenError(
                f"invalid YAML: nested more than {MAX_DEPTH} deep", Location(shown, deep)
            )


def _may_merge(text: str) -> bool:
    """Whether the text may hold a merge key: a `<<`, or a tag (which may spell
    `!!merge`). A `!` in words ("Draw two!") is no tag: 1 ms for a 1 MB file."""
    if "<<" in text:
        return True
    at = text.find("!")
    while at >= 0:
        if at == 0 or text[at - 1] in _BEFORE_TAG:
            return True
        at = text.find("!", at + 1)
    return False


def parse_yaml(text: str, shown: str) -> YamlDocument:
    """Parse YAML text; a syntax error, a duplicate key or a file past the limits of
    `yaml_limits` is a CardgenError with its line."""
    _check_nesting(text, shown)
    yaml = yaml_loader()
    root, tree = _compose(yaml, text, shown)
    values, keys = _positions(root, yaml.constructor.construct_object)
    _check_expanded(tree, YamlDocument(shown, None, values, keys))
    try:
        data = _plain(tree)
    except ValueError as exc:
        raise too_long(exc, text, shown) from None
    return YamlDocument(shown, data, values, keys, text)


def _compose(yaml: YAML, text: str, shown: str) -> tuple[Node | None, Any]:
    """The text's node tree (None for an empty file) and the values built from it, its
    merges counted first; what the parser refuses is a CardgenError at its line."""
    root: Node | None = None
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", ReusedAnchorWarning)
            root = yaml.compose(text)
            if root is not None and _may_merge(text):
                count_merges(root)
            tree = None if root is None else yaml.constructor.construct_document(root)
    except (MergeBomb, YAMLError, RecursionError, TypeError, ValueError) as exc:
        raise parse_error(exc, text, shown, root) from None
    for warning in caught:
        if issubclass(warning.category, ReusedAnchorWarning):
            raise reused_anchor(str(warning.message), shown)
        warnings.warn_explicit(warning.message, warning.category, warning.filename, warning.lineno)
    return root, tree


def _check_expanded(tree: Any, doc: YamlDocument) -> None:
    """Refuse data that holds more than `MAX_NODES` values or nests more than `MAX_DEPTH`
    deep once its aliases are expanded (an alias bomb), or holds itself, at the first
    top-level key (or item) whose value does."""
    items: list[tuple[str | int, Any]] = []
    if isinstance(tree, dict):
        items = [(_plain_key(k), v) for k, v in tree.items()]
    elif isinstance(tree, list):
        items = list(enumerate(tree))

    def line_of(bad: Callable[[tuple[int, int]], bool]) -> Location:
        for key, value in items:
            if bad(_measure(value)):
                at = doc.key_location([key]) if isinstance(tree, dict) else doc.location([key])
                return Location(doc.path, at.line)
        return Location(doc.path, 1)

    size, depth = _measure(tree)
    if size < 0:
        problem = "invalid YAML: an alias inside its own anchor makes the data endless"
        raise CardgenError(problem, line_of(lambda m: m[0] < 0))
    if size > MAX_NODES:
        problem = f"YAML expands to more than {MAX_NODES:,} values (an alias bomb?)"
        raise CardgenError(problem, line_of(lambda m: m[0] > MAX_NODES))
    if depth > MAX_DEPTH:
        problem = f"YAML nests more than {MAX_DEPTH} deep once its aliases are expanded"
        raise CardgenError(problem, line_of(lambda m: m[1] >= MAX_DEPTH))


def _measure(value: Any) -> tuple[int, int]:
    """The values and depth of `value` with its aliases expanded (`expanded_size`); a size
    of -1 for data that holds itself, a depth past `MAX_DEPTH` for data nested deeper."""
    try:
        return expanded_size(value).get(id(value), (1, 0))
    except RecursionError:
        return -1, 0
    except TooDeep:
        return 0, MAX_DEPTH + 1


def load_yaml(path: Path, root: Path | None = None) -> YamlDocument:
    """Read and parse a YAML file (see `parse_yaml`) of at most `MAX_YAML_BYTES`, or find
    its parse in the cache (`parse_cache`); with `root`, a file outside that folder
    (through `..` or a symlink) is refused."""
    shown = display_path(path)
    text = read_text(path, limit=MAX_YAML_BYTES, root=root)
    parsed = lookup(text)
    if parsed is not None:
        return YamlDocument(shown, *parsed, text)
    doc = parse_yaml(text, shown)
    store(text, (doc.data, doc.values, doc.keys))
    return doc
