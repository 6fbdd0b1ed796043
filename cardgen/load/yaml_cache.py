"""The parsed-YAML cache: inside `parse_cache(folder)` (which `cardgen build` uses, with
`output/.cache/yaml/`), a parsed file's data and positions are kept as JSON, so a file read
before is not parsed again, by this process or the next; a build then keeps the 400 most
recently used (`prune_parse_cache`).

An entry is named by a hash of the text it was parsed from and of the cardgen and
ruamel.yaml versions that parsed it, and it holds that text's SHA-256 and those versions:
both are checked, so an entry made from other text (a file since edited, or an entry
copied under another file's name) or by another version is never used. Entries are read
with the limits of any input (size, nesting, number of values): a damaged, foreign or
hostile one is ignored and the file parsed again. Nothing in an entry is ever run.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import ruamel.yaml

from cardgen import __version__
from cardgen.load.yaml_limits import MAX_DEPTH, MAX_NODES, MAX_YAML_BYTES
from cardgen.write import atomic_write

Position = tuple[int, int]
Positions = dict[tuple[str | int, ...], Position]
Parsed = tuple[Any, Positions, Positions]
"""A parsed file: its data, the positions of its values and those of its mappings' keys."""

VERSION = f"cardgen {__version__} ruamel {ruamel.yaml.__version__} positions 3"
KEEP_PARSED = 400
"""Parsed files kept in the cache folder: the example games have some 40 YAML files, so
each keeps its last ten versions or so (an edit undone is still a hit)."""
MAX_ENTRY_BYTES = 20 * MAX_YAML_BYTES
"""Largest entry read: its data and two tables of positions for a file of at most
`MAX_YAML_BYTES` (the largest example file's entry is 4 times the file)."""
_ENTRY = re.compile(r"[0-9a-f]{32}\.json")
_MAP = "\u0000map"  # a mapping whose keys are not all text, as [[key, value], ...]
_folder: Path | None = None


@contextmanager
def parse_cache(folder: Path) -> Iterator[None]:
    """Keep parsed YAML files in `folder` (and find them there) inside this block."""
    global _folder
    previous, _folder = _folder, folder
    try:
        yield
    finally:
        _folder = previous


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _entry(text: str) -> tuple[Path, str] | None:
    """Where the entry for `text` lives, and the text's SHA-256; None outside a cache."""
    if _folder is None:
        return None
    digest = _digest(text)
    name = hashlib.sha256(f"{VERSION}\0{digest}".encode()).hexdigest()[:32]
    return _folder / f"{name}.json", digest


def lookup(text: str) -> Parsed | None:
    """The parse of `text` kept in the cache, if there is one made from this very text by
    this version (checked), within the limits; it is marked as used now."""
    found = _entry(text)
    if found is None:
        return None
    path, digest = found
    parsed = _read(path, digest)
    if parsed is not None:
        with contextlib.suppress(OSError):
            os.utime(path)  # used now: the last to go when the folder is pruned
    return parsed


def store(text: str, parsed: Parsed) -> None:
    """Keep the parse of `text` in the cache (if one is in use and JSON can hold it)."""
    found = _entry(text)
    if found is None:
        return
    path, digest = found
    data, values, keys = parsed
    try:
        blob = json.dumps(
            {
                "version": VERSION,
                "text_sha256": digest,
                "data": _encode(data),
                "values": [[list(p), list(at)] for p, at in values.items()],
                "keys": [[list(p), list(at)] for p, at in keys.items()],
            },
            ensure_ascii=False,
        )
        atomic_write(path, blob.encode("utf-8", "surrogatepass"))
    except (TypeError, ValueError, OSError, RecursionError):
        return  # not cached: parsed again next time


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


def _read(path: Path, digest: str) -> Parsed | None:
    """An entry's parse, or None for one that is missing, damaged, made from other text or
    by another version, or beyond the limits of a YAML file."""
    try:
        with path.open("rb") as stream:
            blob = stream.read(MAX_ENTRY_BYTES + 1)
        if len(blob) > MAX_ENTRY_BYTES:
            return None
        stored = json.loads(blob, object_hook=_decode)
        if stored["version"] != VERSION or stored["text_sha256"] != digest:
            return None
        data = stored["data"]
        if not _within_limits(data):
            return None
        values = _positions(stored["values"])
        keys = _positions(stored["keys"])
    except (OSError, ValueError, KeyError, TypeError, IndexError, RecursionError):
        return None  # RecursionError: JSON nested past Python's limit
    return data, values, keys


def _positions(rows: Any) -> Positions:
    """A table of positions as `store` wrote it: [[path, [line, column]], ...]."""
    if not isinstance(rows, list) or len(rows) > MAX_NODES:
        raise ValueError("positions")
    table: Positions = {}
    for path, at in rows:
        if not isinstance(path, list) or len(path) > MAX_DEPTH + 1:
            raise ValueError("path")
        if not all(isinstance(p, str | int) and not isinstance(p, bool) for p in path):
            raise ValueError("path")
        table[tuple(path)] = (int(at[0]), int(at[1]))
    return table


def _within_limits(data: Any) -> bool:
    """Whether decoded data holds at most `MAX_NODES` values nested at most `MAX_DEPTH`
    deep, as a parsed YAML file must (walked without recursion)."""
    count = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        count += 1
        if count > MAX_NODES:
            return False
        if isinstance(node, dict | list):  # a collection `depth` deep (scalars add none)
            if depth > MAX_DEPTH:
                return False
            children = node.values() if isinstance(node, dict) else node
            stack.extend((v, depth + 1) for v in children)
    return True
