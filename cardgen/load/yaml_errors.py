"""What ruamel.yaml refuses, as a CardgenError at its line: its messages made plain (the
character or alias name libyaml leaves out put back, a duplicate key or an anchor named
twice said so), a merge bomb, a number too long to print, a key that cannot be hashed.
"""

from __future__ import annotations

import re
from typing import Any

from ruamel.yaml.composer import ComposerError
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, Node, SequenceNode

from cardgen.errors import CardgenError, Location
from cardgen.load.yaml_limits import MAX_MERGED, MergeBomb

_LONG_NUMBER = re.compile(r"[0-9_]{4000,}|[0-9a-fA-F_]{3500,}")
"""Where a number too long to print may be written: decimal digits past Python's limit of
4300, or hexadecimal ones worth as many (an octal or binary one has more digits still)."""


ParseFailure = MergeBomb | YAMLError | RecursionError | TypeError | ValueError
"""What parsing and building YAML values may raise for what a file holds."""


def parse_error(exc: ParseFailure, text: str, shown: str, root: Node | None) -> CardgenError:
    """The error for what the parser raised reading `text` (`root`: the nodes composed, if
    it got that far)."""
    if isinstance(exc, MergeBomb):
        problem = (
            "YAML merge key (<<) merges a mapping into itself"
            if exc.recursive
            else f"YAML merge keys (<<) copy more than {MAX_MERGED:,} keys (a merge bomb?)"
        )
        return CardgenError(problem, Location(shown, exc.line))
    if isinstance(exc, MarkedYAMLError):
        return _marked_error(exc, text, shown)
    if isinstance(exc, YAMLError):  # a reader error (a bad character) has a position, no mark
        position = getattr(exc, "position", None)
        row = text.count("\n", 0, position) + 1 if isinstance(position, int) else 1
        message = " ".join(str(exc).split()).split(' in "<', 1)[0] or type(exc).__name__
        return CardgenError(f"invalid YAML: {message}", Location(shown, row))
    if isinstance(exc, RecursionError):
        return CardgenError("invalid YAML: nested too deeply", Location(shown, 1))
    if isinstance(exc, TypeError):  # ruamel's, for a key that is a list holding a list (`? - -`)
        line, col = _unhashable_key(root)
        problem = "invalid YAML: found unhashable key (a list inside a key)"
        return CardgenError(problem, Location(shown, line, col))
    return too_long(exc, text, shown)  # a ValueError: e.g. an integer of 4,301 digits or more


def _marked_error(exc: MarkedYAMLError, text: str, shown: str) -> CardgenError:
    """A syntax error, a duplicate key or an anchor named twice, at the parser's mark."""
    twice = _anchor_twice(exc, text, shown) if isinstance(exc, ComposerError) else None
    if twice is not None:
        return twice
    mark = exc.problem_mark or exc.context_mark
    problem = _named((exc.problem or exc.context or "invalid YAML").strip(), text, mark)
    if "duplicate key" in str(exc) or "found duplicate key" in problem:
        problem = "duplicate key " + problem.split("duplicate key", 1)[-1].strip()
    loc = Location(shown, mark.line + 1, mark.column + 1) if mark else Location(shown)
    return CardgenError(f"invalid YAML: {problem.splitlines()[0]}", loc)


def too_long(exc: ValueError, text: str, shown: str) -> CardgenError:
    """A number too long (Python's ValueError reading or holding it), at its line."""
    found = _LONG_NUMBER.search(text)
    at = text.count("\n", 0, found.start()) + 1 if found else None
    reason = "a number is too long" if found else " ".join(str(exc).split())[:80]
    return CardgenError(f"invalid YAML: {reason}", Location(shown, at))


def _unhashable_key(root: Node | None) -> tuple[int, int | None]:
    """Where the first key that holds a list or mapping inside a list is (1-based)."""
    stack = [root] if root is not None else []
    seen: set[int] = set()
    while stack:
        node = stack.pop()
        if id(node) in seen or not isinstance(node, MappingNode | SequenceNode):
            continue
        seen.add(id(node))
        pairs = node.value if isinstance(node, MappingNode) else [(None, v) for v in node.value]
        for key, value in pairs:
            if isinstance(key, SequenceNode) and any(
                isinstance(item, MappingNode | SequenceNode) for item in key.value
            ):
                return key.start_mark.line + 1, key.start_mark.column + 1
            stack.extend(n for n in (key, value) if n is not None)
    return 1, None


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


def reused_anchor(message: str, shown: str) -> CardgenError:
    """The pure-Python parser's warning for an anchor named twice (ruamel.yaml would print
    it raw), as an error."""
    found = _ANCHORS.search(message)
    if found is None:
        return CardgenError("invalid YAML: an anchor (&name) is defined twice", Location(shown))
    line, column = int(found["line"]), int(found["column"])
    return _anchor_defined_twice(found["name"], found["first"], shown, line, column)


def _anchor_twice(exc: ComposerError, text: str, shown: str) -> CardgenError | None:
    """The C parser's error for an anchor named twice, as `reused_anchor` words it."""
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
