"""Card-text markup: `**bold**`, `*italic*`, `{icon}`, line breaks and escapes, as runs.

`{name}` is an icon when the layout or the icon library knows the name; otherwise it stays
in the text as written (and is reported: render warning RN104, lint TX1101). `{{` and `}}`
are literal braces, `\\*` a literal asterisk, `\\n` a line break. Text layout and drawing
are in `richtext`; this module needs no font or image, so the linter reads text with it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Run:
    """A piece of text in one style, or an icon (`icon` set), or a line break."""

    text: str = ""
    bold: bool = False
    italic: bool = False
    icon: str | None = None
    newline: bool = False


_TOKEN = re.compile(r"\\\*|\{\{|\}\}|\*\*|\*|\{([A-Za-z][\w-]*)\}|\n")


def parse_markup(
    text: str,
    icons: Callable[[str], bool],
    *,
    bold: bool = False,
    italic: bool = False,
    unknown: list[str] | None = None,
) -> list[Run]:
    """Split marked-up text into runs. `icons(name)` says whether `{name}` is an icon; one
    that is not stays in the text as written, and its name is added to `unknown`."""
    runs: list[Run] = []
    position = 0
    buffer = ""

    def flush() -> None:
        nonlocal buffer
        if buffer:
            runs.append(Run(buffer, bold, italic))
            buffer = ""

    for match in _TOKEN.finditer(text):
        buffer += text[position : match.start()]
        position = match.end()
        token = match.group(0)
        if token == "\\*":
            buffer += "*"
        elif token in ("{{", "}}"):
            buffer += token[0]
        elif token == "**":
            flush()
            bold = not bold
        elif token == "*":
            flush()
            italic = not italic
        elif token == "\n":
            flush()
            runs.append(Run(newline=True))
        elif icons(match.group(1)):
            flush()
            runs.append(Run(icon=match.group(1), bold=bold, italic=italic))
        else:
            buffer += token
            if unknown is not None:
                unknown.append(match.group(1))
    buffer += text[position:]
    flush()
    return runs


def bold_terms(runs: list[Run], terms: Iterable[str]) -> list[Run]:
    """Set every whole-word occurrence of the terms in bold."""
    ordered = sorted({t for t in terms if t}, key=len, reverse=True)
    if not ordered:
        return runs
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ordered)) + r")(?![\w-])")
    result: list[Run] = []
    for run in runs:
        if run.icon or run.newline or run.bold:
            result.append(run)
            continue
        position = 0
        for match in pattern.finditer(run.text):
            if match.start() > position:
                result.append(Run(run.text[position : match.start()], False, run.italic))
            result.append(Run(match.group(0), True, run.italic))
            position = match.end()
        if position < len(run.text):
            result.append(Run(run.text[position:], False, run.italic))
    return result


def icon_references(text: str) -> Iterator[re.Match[str]]:
    """Every `{name}` of the text read as an icon reference (not `{{name}}`, a literal):
    its match, the name in group 1."""
    for match in _TOKEN.finditer(text):
        if match.group(1) is not None:
            yield match
