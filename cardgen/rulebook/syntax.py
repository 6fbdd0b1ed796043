"""Reading a rules document: its references (`{setup.hand|words}`), its generated-section
directives (`<!-- cardgen: setup -->`), its escaped braces, and the code left as written.

A document is cut into pieces: text (escapes already undone), references and directives,
each with the line and column it was written at. Fenced code blocks and code spans are
text, kept byte for byte; HTML comments on lines of their own (the author's notes, the
linter's suppressions) are left out. A `{` that opens no reference is bad input, collected with the
others (`Problem`)."""

from __future__ import annotations

import re

from pydantic import Field

from cardgen.model.base import Strict

DIRECTIVES = ("components", "setup", "deck-rules", "card-types", "glossary")
"""The generated sections a document may ask for."""
LINT_COMMENTS = frozenset({"ignore", "ignore-file"})
"""`<!-- cardgen: ignore ... -->` is the linter's, not a directive."""

_LINT_COMMENT = re.compile(r"<!--[ \t]*cardgen:[ \t]*ignore")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]|$)")
_DIRECTIVE = re.compile(
    r"^[ \t]*<!--[ \t]*cardgen:[ \t]*(?P<name>[A-Za-z][\w-]*)(?P<rest>.*?)-->[ \t]*$"
)
_BODY = re.compile(
    r"[ \t]*(?P<name>[A-Za-z][\w.-]*)"
    r"(?P<params>(?:[ \t]+[A-Za-z_][\w-]*=[^\s|{}]+)*)"
    r"[ \t]*(?:\|[ \t]*(?P<filter>[A-Za-z]+)[ \t]*)?"
)
_PARAM = re.compile(r"([A-Za-z_][\w-]*)=([^\s|{}]+)")
_TICKS = re.compile(r"`+")


class Reference(Strict):
    """A name of the game's data in the text, to be replaced by its value."""

    name: str = Field(description="The dotted name, e.g. `setup.hand` or `rule.one-persona.exact`.")
    params: tuple[tuple[str, str], ...] = Field(
        default=(), description="Its `key=value` options in order, e.g. `(('players', '3'),)`."
    )
    filter: str | None = Field(default=None, description="What follows `|`: `words`, `Words`.")
    text: str = Field(description="The reference as written, braces included.")
    line: int = Field(ge=1, description="The 1-based line it starts on.")
    col: int = Field(ge=1, description="The 1-based column of its `{`.")


class Directive(Strict):
    """A line asking for a generated section."""

    name: str = Field(description="The section: one of `DIRECTIVES`.")
    level: int = Field(ge=1, le=6, description="The heading level its own headings take.")
    line: int = Field(ge=1, description="The 1-based line it is on.")
    col: int = Field(ge=1, description="The 1-based column its name starts at.")


class Problem(Strict):
    """Something in the document that is not a reference though it looks like one."""

    message: str = Field(description="What is wrong, in one line.")
    line: int = Field(ge=1, description="The 1-based line.")
    col: int = Field(ge=1, description="The 1-based column.")


Piece = str | Reference | Directive
"""Text, a reference or a directive, in document order."""


def scan(text: str) -> tuple[list[Piece], list[Problem]]:
    """The document cut into pieces, and every problem found (all of them, in order)."""
    pieces: list[Piece] = []
    problems: list[Problem] = []
    fence: str | None = None
    level = 1
    commented = False  # inside an HTML comment on lines of its own
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        opened = _FENCE.match(line)
        if fence is None and not opened:
            dropped, commented = _comment(line, commented)
            if dropped:
                continue
        if fence is not None or opened:
            if fence is None and opened:
                fence = opened.group(1)
            elif fence is not None and opened and _closes(opened.group(1), fence):
                fence = None
            pieces.append(line)
            continue
        heading = _HEADING.match(line)
        if heading:
            level = len(heading.group(1))
        directive = _DIRECTIVE.match(line.rstrip("\r\n"))
        if directive and directive.group("name") not in LINT_COMMENTS:
            col = directive.start("name") + 1
            name = directive.group("name")
            if name not in DIRECTIVES or directive.group("rest").strip():
                problems.append(Problem(message=_unknown_directive(name), line=number, col=col))
            else:
                pieces.append(Directive(name=name, level=min(level + 1, 6), line=number, col=col))
            continue
        _scan_line(line, number, pieces, problems)
    return _joined(pieces), problems


def _comment(line: str, open_: bool) -> tuple[bool, bool]:
    """Whether a line is (part of) an HTML comment on lines of its own, left out of the
    resolved text, and whether the comment goes on past it. A directive is not one; a
    comment with text after its end on the same line is kept whole."""
    if open_:
        return True, "-->" not in line
    stripped = line.strip()
    if not stripped.startswith("<!--") or _DIRECTIVE.match(stripped):
        return _LINT_COMMENT.match(stripped) is not None, False
    if "-->" not in stripped:
        return True, True
    return stripped.endswith("-->") and stripped.count("-->") == 1, False


def _closes(run: str, fence: str) -> bool:
    """Whether a fence line of `run` closes the block `fence` opened."""
    return run[0] == fence[0] and len(run) >= len(fence)


def _unknown_directive(name: str) -> str:
    """The message for a directive cardgen does not make."""
    from cardgen.fuzzy import did_you_mean

    known = ", ".join(DIRECTIVES)
    return f'unknown generated section "{name}"{did_you_mean(name, DIRECTIVES)} (known: {known})'


def _scan_line(line: str, number: int, pieces: list[Piece], problems: list[Problem]) -> None:
    """One line outside code blocks: its code spans kept, its braces read."""
    at = 0
    while at < len(line):
        char = line[at]
        if char == "`":
            ticks = _TICKS.match(line, at)
            assert ticks is not None
            run = ticks.group(0)
            close = _closing(line, ticks.end(), len(run))
            end = close if close is not None else ticks.end()
            pieces.append(line[at:end])
            at = end
        elif line.startswith("{{", at) or line.startswith("}}", at):
            pieces.append(char)
            at += 2
        elif char == "{":
            at = _reference(line, at, number, pieces, problems)
        else:
            pieces.append(char)
            at += 1


def _closing(line: str, start: int, size: int) -> int | None:
    """Where a code span opened by `size` backticks ends (after its closing run)."""
    for run in _TICKS.finditer(line, start):
        if len(run.group(0)) == size:
            return run.end()
    return None


def _reference(
    line: str, at: int, number: int, pieces: list[Piece], problems: list[Problem]
) -> int:
    """Read the reference at `line[at]` (a `{`) into `pieces`; where reading goes on."""
    end = line.find("}", at)
    body = line[at + 1 : end] if end >= 0 else ""
    found = _BODY.fullmatch(body) if end >= 0 and "{" not in body else None
    if found is None:
        shown = line[at : end + 1] if 0 <= end - at <= 40 else line[at : at + 12].rstrip()
        problems.append(
            Problem(
                message=(
                    f"`{shown}` is not a reference (a name such as `{{setup.hand}}`);"
                    " write `{{` and `}}` for braces in the text"
                ),
                line=number,
                col=at + 1,
            )
        )
        pieces.append("{")
        return at + 1
    params = tuple((key, value) for key, value in _PARAM.findall(found.group("params")))
    pieces.append(
        Reference(
            name=found.group("name"),
            params=params,
            filter=found.group("filter"),
            text=line[at : end + 1],
            line=number,
            col=at + 1,
        )
    )
    return end + 1


def _joined(pieces: list[Piece]) -> list[Piece]:
    """Consecutive text pieces made one."""
    joined: list[Piece] = []
    for piece in pieces:
        if isinstance(piece, str) and joined and isinstance(joined[-1], str):
            joined[-1] += piece
        else:
            joined.append(piece)
    return joined
