"""How much a YAML file may make cardgen do, checked before or while it is parsed.

A YAML file from a stranger is refused in milliseconds, at a line, when it nests deeper
than `MAX_DEPTH` (libyaml's composer recurses in C: some 30,000 levels of `- ` crash the
process), when its merge keys (`<<:`) would copy more than `MAX_MERGED` keys (a chain of
merges doubles at each step: 29 lines reach gigabytes) or when it holds more than
`MAX_NODES` values once its aliases are expanded (an alias bomb). Each bound is counted
without doing the work it bounds: nesting from the text and then, only for a file that
might be too deep, from the parser's events (which use no recursion); merges and aliases on
the parsed nodes and values, each node once.
"""

from __future__ import annotations

from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError
from ruamel.yaml.events import CollectionEndEvent, CollectionStartEvent
from ruamel.yaml.nodes import MappingNode, Node, SequenceNode

MAX_YAML_BYTES = 1_000_000
"""Largest YAML file read (1 MB, 70 times the largest example game.yaml): the YAML parser
reads about 1 MB a second (300 KB without the C parser), so this bounds the time a file
can take."""
MAX_NODES = 1_000_000
"""More values than this (an alias bomb, for one) and the file is refused."""
MAX_FLOW_DEPTH = 100
"""Deepest nesting of `[` and `{` allowed: the parser slows down with the square of it."""
MAX_DEPTH = 100
"""Deepest nesting of collections (block and flow together, aliases expanded): the example
games nest at most 8 deep."""
MAX_MERGED = 100_000
"""Most keys that merge keys (`<<: *defaults`) may copy into mappings in one file: a
thousand cards each merging a 100-key mapping. Real files merge a few keys into a few
hundred mappings."""
MERGE_TAG = "tag:yaml.org,2002:merge"


def flow_depth(text: str) -> tuple[int, int]:
    """The deepest nesting of `[`/`{` (counted roughly: quotes are not skipped) and the
    line where it is first reached."""
    depth = deepest = 0
    line = where = 1
    for char in text:
        if char in "[{":
            depth += 1
            if depth > deepest:
                deepest, where = depth, line
        elif char in "]}":
            depth = max(0, depth - 1)
        elif char == "\n":
            line += 1
    return deepest, where


def block_bound(text: str) -> int:
    """An upper bound of how deep block collections nest, from the text alone (some 20 ms
    for a 1 MB file, which takes 800 ms to parse).

    A collection still open when a line starts has an indentation of at most that line's,
    and no two of one kind share an indentation along a path (a mapping's value may be a
    sequence at the mapping's own indentation): at most 2 x (indentation + 1) of them. Each
    collection opened on the line itself starts at an indicator followed by a blank or the
    line's end: `- `, `? `, or a key's `: `. Text inside quotes and block scalars is counted
    too, which only makes the bound larger. Lines end at every break YAML knows (CR, NEL,
    U+2028 and U+2029 too) and at a few it refuses (a form feed): nothing after one of
    those is composed."""
    worst = 0
    for line in text.splitlines():
        body = line.lstrip(" \t\ufeff")  # libyaml skips a BOM that starts a line
        bound = 2 * (len(line) - len(body) + 1) + body.count("- ")
        bound += body.count(": ") + body.count("? ") + (body[-1:] in ("-", ":", "?"))
        if "\t" in body:
            bound += body.count("-\t") + body.count(":\t") + body.count("?\t")
        worst = max(worst, bound)
    return worst


def too_deep(yaml: YAML, text: str) -> int | None:
    """The line (1-based) where collections first nest more than `MAX_DEPTH` deep, counted
    on the parser's events, or None. A syntax error ends the count: composing the text
    reports it, and stops there."""
    events = yaml.parse(text)
    depth = 0
    try:
        for event in events:
            if isinstance(event, CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    return int(event.start_mark.line) + 1
            elif isinstance(event, CollectionEndEvent):
                depth -= 1
    except YAMLError:
        return None
    finally:
        events.close()
    return None


class MergeBomb(Exception):
    """Merge keys that would copy more than `MAX_MERGED` keys, or a mapping merged into
    itself; `line` (1-based) is the merge key's."""

    def __init__(self, line: int, recursive: bool = False) -> None:
        super().__init__(line)
        self.line = line
        self.recursive = recursive


def count_merges(root: Node) -> int:
    """How many key-value pairs the constructor's merging copies into mappings, counted on
    the nodes before it copies any: as ruamel.yaml merges (every pair of each merged
    mapping, after that mapping's own merges, overridden keys included), each mapping
    node once. Raises MergeBomb at the merge key that goes past `MAX_MERGED`."""
    mappings: list[MappingNode] = []
    seen: set[int] = set()
    stack: list[Node] = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, MappingNode):
            mappings.append(node)
            stack.extend(part for pair in node.value for part in pair)
        elif isinstance(node, SequenceNode):
            stack.extend(node.value)
    mappings.sort(key=lambda m: (m.start_mark.line, m.start_mark.column))
    sizes: dict[int, int] = {}
    total = 0
    for mapping in mappings:
        for key_node, value_node in mapping.value:
            if key_node.tag != MERGE_TAG:
                continue
            line = int(key_node.start_mark.line) + 1
            total += sum(_merged_size(m, sizes, line) for m in _merged(value_node))
            if total > MAX_MERGED:
                raise MergeBomb(line)
    return total


def _merged(value: Node) -> list[MappingNode]:
    """The mappings a merge key's value brings in (others are the constructor's error)."""
    if isinstance(value, MappingNode):
        return [value]
    if isinstance(value, SequenceNode):
        return [node for node in value.value if isinstance(node, MappingNode)]
    return []


def _merged_size(mapping: MappingNode, sizes: dict[int, int], line: int) -> int:
    """How many pairs `mapping` holds once its own merges are done (memoised in `sizes`,
    without recursion); MergeBomb for a mapping that merges itself."""
    open_: set[int] = set()
    stack: list[tuple[MappingNode, bool]] = [(mapping, False)]
    while stack:
        node, ready = stack.pop()
        key = id(node)
        if key in sizes:
            continue
        merges = [part for k, v in node.value if k.tag == MERGE_TAG for part in _merged(v)]
        if ready:
            own = sum(1 for k, _ in node.value if k.tag != MERGE_TAG)
            sizes[key] = min(own + sum(sizes[id(m)] for m in merges), MAX_MERGED + 1)
            open_.discard(key)
            continue
        if key in open_:
            raise MergeBomb(line, recursive=True)
        open_.add(key)
        stack.append((node, True))
        for part in merges:
            if id(part) in open_:
                raise MergeBomb(line, recursive=True)
            stack.append((part, False))
    return sizes[id(mapping)]


class TooDeep(Exception):
    """Data nested more than `MAX_DEPTH` deep."""


def expanded_size(tree: Any) -> dict[int, tuple[int, int]]:
    """The number of values and the depth of every list and dict in `tree` once each alias
    is expanded, by id, counted without expanding them (each object once): an alias bomb
    is measured in milliseconds. TooDeep past `MAX_DEPTH` levels (recursion stops there),
    RecursionError for a list or dict that holds itself."""
    memo: dict[int, tuple[int, int]] = {}

    def measure(node: dict[Any, Any] | list[Any], level: int) -> tuple[int, int]:
        key = id(node)
        found = memo.get(key)
        if found is not None:
            if found[0] < 0:
                raise RecursionError
            return found
        if level > MAX_DEPTH:
            raise TooDeep
        memo[key] = (-1, 0)
        size, depth = 1, 0
        for child in node.values() if isinstance(node, dict) else node:
            if isinstance(child, dict | list):
                inner, below = measure(child, level + 1)
                size += inner
                depth = max(depth, below)
            else:
                size += 1
        memo[key] = (size, depth + 1)
        return size, depth + 1

    if isinstance(tree, dict | list):
        measure(tree, 1)
    return memo
