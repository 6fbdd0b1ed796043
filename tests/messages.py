"""What every bad-input error must look like, checked on the exception a loader raises: exit
code 2, and each problem one line `error: FILE:LINE[:COL]: message`, as `cardgen` prints it
(several problems: one line each, then `N errors`)."""

from __future__ import annotations

import io
import re

from cardgen.errors import CardgenError, InputErrors


def problems(exc: CardgenError) -> list[CardgenError]:
    """The problems an error reports: itself, or each one it collected."""
    return exc.errors if isinstance(exc, InputErrors) else [exc]


def assert_located_lines(exc: CardgenError, path: str) -> list[str]:
    """`exc` exits 2 and prints one line per problem, each naming the file `path` (or a
    file whose path holds it) and a line from 1 (a column, when given, from 1 too); returns
    the problems' messages, as they follow the place."""
    assert exc.exit_code == 2, exc.exit_code
    found = problems(exc)
    assert found
    shown = io.StringIO()
    exc.show(shown)
    lines = shown.getvalue().splitlines()
    count = [f"{len(found)} errors"] if len(found) > 1 else []
    assert len(lines) == len(found) + len(count) and lines[len(found) :] == count, lines
    messages = []
    for error, line in zip(found, lines, strict=False):
        where = error.location
        assert where is not None and path in where.path, (path, line)
        assert where.line is not None and where.line >= 1, line
        assert where.col is None or where.col >= 1, line
        place = re.escape(str(where))
        match = re.fullmatch(rf"error: {place}: (\S.*)", line)
        assert match is not None, line
        messages.append(match.group(1))
    return messages
