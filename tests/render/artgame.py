"""A tiny game whose hero Aria names an art file: for tests of what cardgen says about art.

`game` (a fixture, in conftest.py) writes the project and makes it the working directory,
so messages show paths as a designer sees them (`decks/tiny/cards.csv:2`).
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from PIL import Image

from tests.conftest import TINY_CARDS

Run = Callable[..., Result]
Make = Callable[..., Path]


def with_art(art: str) -> str:
    """The tiny pool with an `art` column: Aria's art (row 2, line 2) is `art`."""
    cards = TINY_CARDS.replace("level,text\n", "level,text,art\n", 1)
    return cards.replace("Leads the party.", f'Leads the party.,"{art}"', 1)


def art_game(make_project: Make, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Path]:
    """A project whose Aria names `art`, with `files` (relative to the game folder) written;
    the working directory is the project, so messages show paths as a designer sees them."""

    def make(art: str, files: dict[str, bytes] | None = None, **options: object) -> Path:
        root = make_project(cards=with_art(art), **options)
        for name, data in (files or {}).items():
            target = root / "decks" / "tiny" / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        monkeypatch.chdir(root)
        return root

    return make


def image_layout(src: str, fit: str = "cover") -> dict[str, str]:
    """A layout (for `make(..., extra=...)`) of one image element over the whole hero card,
    its `src` at line 5 of layouts/tiny/hero.yaml."""
    text = (
        "size: poker\nelements:\n  frame:\n    kind: image\n"
        f"    src: {src}\n    fit: {fit}\n    x: 0\n    y: 0\n    width: 100%\n    height: 100%\n"
    )
    return {"../../layouts/tiny/hero.yaml": text}


def png(colour: tuple[int, int, int] = (200, 40, 40), size: tuple[int, int] = (60, 40)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, colour).save(buffer, "PNG")
    return buffer.getvalue()


def render(run: Run, *more: str) -> Result:
    return run("render", "tiny", "--project", ".", "--jobs", "1", "--only", "Aria", *more)


def refused(make: Callable[..., Path], run: Run, art: str, data: bytes) -> str:
    """The one error line of rendering Aria with `data` as its art file `art` (exit 2)."""
    make(art, {art: data})
    result = render(run)
    assert result.exit_code == 2, result.stderr
    [line] = result.stderr.splitlines()
    return line


def art_pixel(out: Path = Path("output/tiny/cards/aria.png")) -> tuple[int, ...]:
    """The middle of the built-in layout's art box on Aria's card."""
    with Image.open(out) as image:
        value = image.convert("RGB").getpixel((412, 420))
    assert isinstance(value, tuple)
    return value
