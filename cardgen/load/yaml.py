"""YAML through ruamel.yaml, keeping the line and column of every value.

`load_yaml` returns a `YamlDocument`: the plain data (dicts, lists, scalars) and a way to
find where any value, addressed by its path of keys and indexes, stands in the file.

Files are parsed by libyaml's C parser (`ruamel.yaml.clib`) into nodes that carry their
positions, and built into YAML 1.2 values by ruamel's safe constructor: the Shards layouts
and game take 21 ms, against 133 ms with ruamel's pure-Python round-trip parser (which
takes over where the C one is not installed, with the same values and positions).
Inside `parse_cache(folder)` (which `cardgen build` uses, with a folder under `output/`), a
parsed file's data and positions are kept as JSON under the hash of its text, so a file
read before is not parsed again, by this process or the next; a build then keeps the 400
most recently used (`prune_parse_cache`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ruamel.yaml
from ruamel.yaml import YAML
from ruamel.yaml.composer import ComposerError
from ruamel.yaml.error import MarkedYAMLError, ReusedAnchorWarning, YAMLError
from ruamel.yaml.nodes import MappingNode, Node, SequenceNode

from cardgen import __version__
from cardgen.errors import CardgenError, Location, display_path
from cardgen.load.text import read_text
from cardgen.write import atomic_write

MAX_NODES = 1_000_000
"""More values than this (an alias bomb, for one) and the file is refused."""
MAX_YAML_BYTES = 1_000_000
"""Largest YAML file read (1 MB, 70 times the largest example game.yaml): the YAML parser
reads about 1 MB a second (300 KB without the C parser), so this bounds the time a file
can take."""
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


Path_ = tuple[str | int, ...]


@dataclass(frozen=True)
class YamlDocument:
    """A loaded YAML file: plain data plus the positions (0-based line, column) of its
    values, and of the keys of its mappings, by path of keys and indexes."""

    path: str
    data: Any
    values: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Path_, tuple[int, int]] = field(default_factory=dict)

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


def _expanded_size(node: Any, memo: dict[int, int]) -> int:
    """How many values the document holds once every alias is expanded, counted without
    expanding them (each node once): an alias bomb is caught in milliseconds."""
    if not isinstance(node, dict | list):
        return 1
    key = id(node)
    if key in memo:
        if memo[key] < 0:  # a node that holds itself
            raise RecursionError
        return memo[key]
    memo[key] = -1
    children = node.values() if isinstance(node, dict) else node
    memo[key] = 1 + sum(_expanded_size(child, memo) for child in children)
    return memo[key]


def _plain(node: Any, budget: list[int]) -> Any:
    """Plain dicts, lists and scalars, each alias copied out, counting values."""
    budget[0] -= 1
    if budget[0] < 0:
        raise OverflowError
    if isinstance(node, dict):
        return {_plain_key(k): _plain(v, budget) for k, v in node.items()}
    if isinstance(node, list):
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


_ANCHORS = re.compile(
    r"duplicate anchor '(?P<name>[^']*)'.*?line (?P<first>\d+),.*?"
    r"line (?P<line>\d+), column (?P<column>\d+)",
    re.DOTALL,
)


def _anchor_defined_twice(
    name: str, first: int | str, shown: str, line: int, column: int
) -> CardgenError:
    """An anchor named twice: legal YAML (an alias then means the later one), but in game
    data almost always a copy and paste."""
    return CardgenError(
        f"invalid YAML: anchor &{name} is defined twice (first on line {first});"
        " give each its own name",
        Location(shown, line, column),
    )


def _reused_anchor(message: str, shown: str) -> CardgenError:
    """The pure-Python parser's warning for an anchor named twice (ruamel.yaml would print
    it raw), as an error."""
    found = _ANCHORS.search(message)
    if found is None:
        return CardgenError("invalid YAML: an anchor (&name) is defined twice", Location(shown))
    line, column = int(found["line"]), int(found["column"])
    return _anchor_defined_twice(found["name"], found["first"], shown, line, column)


def _anchor_twice(exc: ComposerError, text: str, shown: str) -> CardgenError | None:
    """The C parser's error for an anchor named twice, as `_reused_anchor` words it."""
    first, second = exc.context_mark, exc.problem_mark
    if "duplicate anchor" not in str(exc.context) or first is None or second is None:
        return None
    found = re.match(rf"&({_NAME})", _rest_of_line(text, second))
    name = found[1] if found else "?"
    return _anchor_defined_twice(name, first.line + 1, shown, second.line + 1, second.column + 1)


_NAME = r"[^\s,\[\]{}]+"
"""An anchor's or an alias's name, as it stands after its `&` or `*`."""


def _rest_of_line(text: str, mark: Any) -> str:
    """The text from a parser's mark to the end of its line."""
    lines = text.splitlines()
    return lines[mark.line][mark.column :] if mark.line < len(lines) else ""


def _named(problem: str, text: str, mark: Any) -> str:
    """libyaml's message with what it leaves out put back: the character that cannot start
    a token (a tab, most often), the name of an undefined alias."""
    if mark is None or problem not in _UNNAMED:
        return problem
    rest = _rest_of_line(text, mark)
    if problem == "found undefined alias":
        found = re.match(rf"\*({_NAME})", rest)
        return f"found undefined alias '{found[1]}'" if found else problem
    return f"found character {rest[:1]!r} that cannot start any token" if rest else problem


_UNNAMED = ("found character that cannot start any token", "found undefined alias")


def _loader() -> YAML:
    """A YAML 1.2 loader of plain values, on libyaml's C parser when it is installed."""
    yaml = YAML(typ="safe", pure=False)
    yaml.allow_duplicate_keys = False
    return yaml


def parse_yaml(text: str, shown: str) -> YamlDocument:
    """Parse YAML text; a syntax error or a duplicate key is a CardgenError with its line."""
    if text.count("[") + text.count("{") > MAX_FLOW_DEPTH:
        deepest, line = _flow_depth(text)
        if deepest > MAX_FLOW_DEPTH:
            raise CardgenError(
                f"invalid YAML: [ ] and {{ }} nested more than {MAX_FLOW_DEPTH} deep",
                Location(shown, line),
            )
    yaml = _loader()
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", ReusedAnchorWarning)
            root = yaml.compose(text)
            tree = None if root is None else yaml.constructor.construct_document(root)
    except MarkedYAMLError as exc:
        twice = _anchor_twice(exc, text, shown) if isinstance(exc, ComposerError) else None
        if twice is not None:
            raise twice from None
        mark = exc.problem_mark or exc.context_mark
        problem = _named((exc.problem or exc.context or "invalid YAML").strip(), text, mark)
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
    for warning in caught:
        if issubclass(warning.category, ReusedAnchorWarning):
            raise _reused_anchor(str(warning.message), shown)
        warnings.warn_explicit(warning.message, warning.category, warning.filename, warning.lineno)
    try:
        values, keys = _positions(root, yaml.constructor.construct_object)
    except RecursionError:
        raise CardgenError("invalid YAML: nested too deeply", Location(shown, 1)) from None
    memo: dict[int, int] = {}
    try:
        if _expanded_size(tree, memo) > MAX_NODES:
            raise OverflowError
        data = _plain(tree, [MAX_NODES])
    except OverflowError:
        line = 1
        if isinstance(tree, dict):  # the first top-level key that is too big
            big = [k for k, v in tree.items() if memo.get(id(v), 1) > MAX_NODES]
            line = keys.get((_plain_key(big[0]),), (0, 0))[0] + 1 if big else line
        raise CardgenError(
            f"YAML expands to more than {MAX_NODES:,} values (an alias bomb?)",
            Location(shown, line),
        ) from None
    except RecursionError:
        raise CardgenError(
            "invalid YAML: nested too deeply or recursive", Location(shown, 1)
        ) from None
    return YamlDocument(shown, data, values, keys)


def load_yaml(path: Path, root: Path | None = None) -> YamlDocument:
    """Read and parse a YAML file (see `parse_yaml`) of at most `MAX_YAML_BYTES`; with
    `root`, a file outside that folder (through `..` or a symlink) is refused."""
    shown = display_path(path)
    text = read_text(path, limit=MAX_YAML_BYTES, root=root)
    if _cache_folder is None:
        return parse_yaml(text, shown)
    key = hashlib.sha256(f"{_CACHE_FORMAT}\0{text}".encode("utf-8", "surrogatepass")).hexdigest()
    entry = _cache_folder / f"{key[:32]}.json"
    cached = _read_entry(entry, shown)
    if cached is not None:
        with contextlib.suppress(OSError):
            os.utime(entry)  # used now: the last to go when the folder is pruned
        return cached
    doc = parse_yaml(text, shown)
    _write_entry(entry, doc)
    return doc


_CACHE_FORMAT = f"cardgen {__version__} ruamel {ruamel.yaml.__version__} positions 2"
_cache_folder: Path | None = None
_MAP = "\u0000map"  # a mapping whose keys are not all text, as [[key, value], ...]


KEEP_PARSED = 400
"""Parsed files kept in the cache folder: the example games have some 40 YAML files, so
each keeps its last ten versions or so (an edit undone is still a hit)."""
_ENTRY = re.compile(r"[0-9a-f]{32}\.json")


def prune_parse_cache(folder: Path, keep: int = KEEP_PARSED) -> int:
    """Remove all but the `keep` most recently used entries (read or written) of a parse
    cache folder; only entry files are touched. Returns how many were removed."""
    try:
        found = [e for e in os.scandir(folder) if _ENTRY.fullmatch(e.name) and e.is_file()]
    except OSError:
        return 0
    if len(found) <= keep:
        return 0
    used: list[tuple[int, str, str]] = []
    for entry in found:
        with contextlib.suppress(OSError):
            used.append((entry.stat().st_mtime_ns, entry.name, entry.path))
    used.sort(reverse=True)
    for _, _, path in used[keep:]:
        with contextlib.suppress(OSError):
            os.unlink(path)
    return max(0, len(used) - keep)


@contextmanager
def parse_cache(folder: Path) -> Iterator[None]:
    """Keep parsed YAML files in `folder` (and find them there) inside this block."""
    global _cache_folder
    previous, _cache_folder = _cache_folder, folder
    try:
        yield
    finally:
        _cache_folder = previous


def _encode(value: Any) -> Any:
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value) and _MAP not in value:
            return {k: _encode(v) for k, v in value.items()}
        return {_MAP: [[k, _encode(v)] for k, v in value.items()]}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    raise TypeError(type(value).__name__)  # a timestamp or a tagged value: not cached


def _decode(value: dict[str, Any]) -> Any:
    if _MAP in value and len(value) == 1:
        return {k: v for k, v in value[_MAP]}
    return value


def _write_entry(entry: Path, doc: YamlDocument) -> None:
    try:
        blob = json.dumps(
            {
                "data": _encode(doc.data),
                "values": [[list(p), list(at)] for p, at in doc.values.items()],
                "keys": [[list(p), list(at)] for p, at in doc.keys.items()],
            },
            ensure_ascii=False,
        )
        atomic_write(entry, blob.encode("utf-8", "surrogatepass"))
    except (TypeError, ValueError, OSError):
        return  # not cached: parsed again next time


def _read_entry(entry: Path, shown: str) -> YamlDocument | None:
    try:
        stored = json.loads(entry.read_bytes(), object_hook=_decode)
        values = {tuple(p): (int(at[0]), int(at[1])) for p, at in stored["values"]}
        keys = {tuple(p): (int(at[0]), int(at[1])) for p, at in stored["keys"]}
        return YamlDocument(shown, stored["data"], values, keys)
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return None
