"""Games the oracle tests write for themselves, and what they read back from outputs.

`write_game` makes a project with one generated game: card types each with a back of its
own colour, any number of cards, small (50 dpi) layouts so rendering stays quick. The
readers here look at outputs the way an outside tool does (pixels, PDF operators), never
through cardgen's own placement code.
"""

from __future__ import annotations

import csv
import io
import json
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result
from PIL import Image, ImageChops

from cardgen.cli import main

SMALL = "extends: builtin:card\ndpi: 50\n"
"""A card layout drawn at 50 dpi (a poker card is 137 x 187 px): fast, still distinct."""

BACK_COLOURS = ["#d62828", "#1d4ed8", "#15803d", "#f59e0b", "#7c3aed", "#0f172a"]
"""Back colours far apart from each other: each type's back is visibly its own."""


@dataclass(frozen=True, slots=True)
class Row:
    """One card of a generated pool."""

    name: str
    type: str
    copies: int = 1
    text: str = ""
    art: str = ""
    """The art file, relative to the game folder (none: a placeholder is drawn)."""


def cli(*args: str | Path) -> Result:
    """The cardgen command in-process, stdout and stderr apart; fails on a crash."""
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def ok(*args: str | Path) -> Result:
    result = cli(*args)
    assert result.exit_code == 0, result.output
    return result


def write_game(
    root: Path,
    rows: Sequence[Row],
    *,
    types: int = 1,
    game_id: str = "gen",
    layout: str = SMALL,
    extra: str = "",
    layouts: dict[str, str] | None = None,
) -> Path:
    """A project under `root` with one game of `types` card types (`t0`, `t1`, ...), each
    with its own back (`b0`, `b1`, ... in `BACK_COLOURS`); returns `root`."""
    lines = [
        f"id: {game_id}",
        "name: Generated Game",
        "players: {min: 2, max: 2}",
        "types:",
    ]
    for index in range(types):
        lines += [f"  t{index}:", f"    label: Kind {index}", f"    back: b{index}"]
    lines.append("backs:")
    for index in range(types):
        colour = BACK_COLOURS[index % len(BACK_COLOURS)]
        lines.append(f"  b{index}: {{label: Back {index}, color: '{colour}', accent: '#ffffff'}}")
    folder = root / "decks" / game_id
    (folder / "decks").mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text("\n".join(lines) + "\n" + extra, encoding="utf-8")
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["name", "type", "copies", "text", "art"])
    writer.writerows([r.name, r.type, r.copies, r.text, r.art] for r in rows)
    (folder / "cards.csv").write_text(buffer.getvalue(), encoding="utf-8")
    folder = root / "layouts" / game_id
    folder.mkdir(parents=True, exist_ok=True)
    for index in range(types):
        (folder / f"t{index}.yaml").write_text(layout, encoding="utf-8")
        (folder / f"back-b{index}.yaml").write_text(
            layout.replace("builtin:card", "builtin:back"), encoding="utf-8"
        )
    for name, text in (layouts or {}).items():
        (folder / name).write_text(text, encoding="utf-8")
    return root


def interleaved(count: int, types: int, copies: Callable[[int], int] = lambda i: 1) -> list[Row]:
    """`count` cards whose types take turns (t0, t1, t2, t0, ...): neighbours on a sheet
    have different backs."""
    return [
        Row(f"Card {i:03d}", f"t{i % types}", copies(i), f"Text of card {i}.") for i in range(count)
    ]


def rendered(root: Path, game: str, out: Path) -> dict[str, Any]:
    """`cardgen render GAME --format json` into `out`: every card's and back's file."""
    data: dict[str, Any] = json.loads(
        ok("render", game, "--project", root, "--out", out, "--format", "json").stdout
    )
    return data


def rgb(path: Path) -> Image.Image:
    with Image.open(path) as image:
        return image.convert("RGB")


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    """The mean absolute difference of two images of one size, in levels of 255, over every
    channel of every pixel. From the difference's histogram (counted in C, 256 bins a
    channel, whatever the size): the TTS oracles call this some 20,000 times a game."""
    counts = ImageChops.difference(a, b).histogram()
    return sum(map(operator.mul, counts, _LEVELS[: len(counts)])) / sum(counts)


_LEVELS = list(range(256)) * 4
"""The level of each histogram bin, for up to four channels."""


def example_copy(tmp_path: Path, *games: str) -> Path:
    """The repository's example games (or only `games`) and their layouts copied under
    `tmp_path`: a project whose own `output/` the test may write (a build, exports into a
    game's own `tts/`), its caches seeded with the run's one drawing of every card
    (`tests.example_builds`)."""
    import shutil

    from tests.conftest import ROOT
    from tests.example_builds import seed_project

    project = tmp_path / "project"
    for folder in ("decks", "layouts"):
        for part in [f"{folder}/{game}" for game in games] or [folder]:
            shutil.copytree(ROOT / part, project / part)
    seed_project(project, *games)
    return project


def example_alone(root: Path, game: str, dpi: int = 50) -> Path:
    """One example game and its layouts copied into `root` (a project of its own, its
    output folder not the repository's), its cards drawn at `dpi` (where only the trim
    matters, not the pixels): `root`."""
    import shutil

    from tests.conftest import ROOT

    for folder in ("decks", "layouts"):
        shutil.copytree(ROOT / folder / game, root / folder / game)
    for layout in (root / "layouts").rglob("*.yaml"):
        layout.write_text(layout.read_text(encoding="utf-8").replace("dpi: 300", f"dpi: {dpi}"))
    return root
