"""YAML through ruamel.yaml's round-trip loader, keeping the line and column of every value.

`load_yaml` returns a `YamlDocument`: the plain data (dicts, lists, scalars) and a way to
find where any value, addressed by its path of keys and indexes, stands in the file.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from cardgen.errors import CardgenError, Location, display_path
from cardgen.load.text import read_text

MAX_NODES = 1_000_000
"""More values than this (an alias bomb, for one) and the file is refused."""
MAX_YAML_BYTES = 1_000_000
"""Largest YAML file read (1 MB, 70 times the largest example game.yaml): the YAML parser
reads roughly 50-100 KB a second, so this bounds the time a file can take."""
MAX_FLOW_DEPTH = 100
"""Deepest nesting of `[` and `{` allowed: the parser slows down with the square of it."""
_LONG_NUMBER = re.compile(r"[0-9_]{4000,}")


def _flow_depth(text: str) -> tuple[int, int]:
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


@dataclass(frozen=True)
class YamlDocument:
    """A loaded YAML file: plain data plus the positions of its values."""

    path: str
    data: Any
    tree: Any

    def location(self, loc: Sequence[str | int]) -> Location:
        """The position of the value at `loc` (keys and indexes), or of the nearest parent."""
        node = self.tree
        line, col = 0, 0
        if isinstance(node, CommentedMap | CommentedSeq):
            line, col = node.lc.line, node.lc.col
        for part in loc:
            if isinstance(node, CommentedMap) and part in node:
                line, col = node.lc.value(part) if part in node.lc.data else (line, col)
                node = node[part]
            elif isinstance(node, CommentedSeq) and isinstance(part, int) and 0 <= part < len(node):
                line, col = node.lc.item(part)
                node = node[part]
            else:
                break
        return Location(self.path, line + 1, col + 1)

    def key_location(self, loc: Sequence[str | int]) -> Location:
        """The position of the key that ends `loc` (for unknown or misspelt keys)."""
        parent = self._node(loc[:-1])
        key = loc[-1] if loc else None
        if isinstance(parent, CommentedMap) and key in parent.lc.data:
            line, col = parent.lc.key(key)
            return Location(self.path, line + 1, col + 1)
        return self.location(loc)

    def _node(self, loc: Sequence[str | int]) -> Any:
        node = self.tree
        for part in loc:
            if (isinstance(node, CommentedMap) and part in node) or (
                isinstance(node, CommentedSeq) and isinstance(part, int) and 0 <= part < len(node)
            ):
                node = node[part]
            else:
                return None
        return node


def _expanded_size(node: Any, memo: dict[int, int]) -> int:
    """How many values the document holds once every alias is expanded, counted without
    expanding them (each node once): an alias bomb is caught in milliseconds."""
    if not isinstance(node, CommentedMap | CommentedSeq):
        return 1
    key = id(node)
    if key in memo:
        if memo[key] < 0:  # a node that holds itself
            raise RecursionError
        return memo[key]
    memo[key] = -1
    children = node.values() if isinstance(node, CommentedMap) else node
    memo[key] = 1 + sum(_expanded_size(child, memo) for child in children)
    return memo[key]


def _plain(node: Any, budget: list[int]) -> Any:
    """Convert ruamel's round-trip containers into plain dicts and lists, counting values."""
    budget[0] -= 1
    if budget[0] < 0:
        raise OverflowError
    if isinstance(node, CommentedMap):
        return {
            str(k) if not isinstance(k, str | int) else k: _plain(v, budget)
            for k, v in node.items()
        }
    if isinstance(node, CommentedSeq):
        return [_plain(v, budget) for v in node]
    if isinstance(node, str):
        return str(node)
    if isinstance(node, bool):
        return bool(node)
    if isinstance(node, int):
        return int(node)
    if isinstance(node, float):
        return float(node)
    return node


def parse_yaml(text: str, shown: str) -> YamlDocument:
    """Parse YAML text; a syntax error or a duplicate key is a CardgenError with its line."""
    yaml = YAML(typ="rt")
    yaml.allow_duplicate_keys = False
    if text.count("[") + text.count("{") > MAX_FLOW_DEPTH:
        deepest, line = _flow_depth(text)
        if deepest > MAX_FLOW_DEPTH:
            raise CardgenError(
                f"invalid YAML: [ ] and {{ }} nested more than {MAX_FLOW_DEPTH} deep",
                Location(shown, line),
            )
    try:
        tree = yaml.load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = (exc.problem or exc.context or "invalid YAML").strip()
        if "duplicate key" in str(exc) or "found duplicate key" in problem:
            problem = "duplicate key " + problem.split("duplicate key", 1)[-1].strip()
        loc = Location(shown, mark.line + 1, mark.column + 1) if mark else Location(shown)
        raise CardgenError(f"invalid YAML: {problem.splitlines()[0]}", loc) from None
    except YAMLError as exc:  # a reader error (a bad character) has a position, no mark
        position = getattr(exc, "position", None)
        row = text.count("\n", 0, position) + 1 if isinstance(position, int) else 1
        message = " ".join(str(exc).split()).split(' in "<', 1)[0] or type(exc).__name__
        raise CardgenError(f"invalid YAML: {message}", Location(shown, row)) from None
    except RecursionError:
        raise CardgenError("invalid YAML: nested too deeply", Location(shown, 1)) from None
    except ValueError as exc:  # e.g. an integer of more than 4300 digits
        found = _LONG_NUMBER.search(text)
        at = text.count("\n", 0, found.start()) + 1 if found else None
        reason = "a number is too long" if found else " ".join(str(exc).split())[:80]
        raise CardgenError(f"invalid YAML: {reason}", Location(shown, at)) from None
    memo: dict[int, int] = {}
    try:
        if _expanded_size(tree, memo) > MAX_NODES:
            raise OverflowError
        data = _plain(tree, [MAX_NODES])
    except OverflowError:
        line = 1
        if isinstance(tree, CommentedMap):  # the first top-level key that is too big
            big = [k for k, v in tree.items() if memo.get(id(v), 1) > MAX_NODES]
            line = tree.lc.key(big[0])[0] + 1 if big else line
        raise CardgenError(
            f"YAML expands to more than {MAX_NODES:,} values (an alias bomb?)",
            Location(shown, line),
        ) from None
    except RecursionError:
        raise CardgenError(
            "invalid YAML: nested too deeply or recursive", Location(shown, 1)
        ) from None
    return YamlDocument(shown, data, tree)


def load_yaml(path: Path, root: Path | None = None) -> YamlDocument:
    """Read and parse a YAML file (see `parse_yaml`) of at most `MAX_YAML_BYTES`; with
    `root`, a file outside that folder (through `..` or a symlink) is refused."""
    shown = display_path(path)
    return parse_yaml(read_text(path, limit=MAX_YAML_BYTES, root=root), shown)
