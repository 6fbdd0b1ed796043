"""The highest total ink of each example game's DriveThruCards file, without and with the
shop's ink limit: every game's `cardgen pnp GAME --printer drivethru` file, and the same
file made through a project preset that is DriveThruCards' without its `ink_limit` (the
FOGRA39 separation as it was before the limit), read back with pikepdf image by image.

    .venv/bin/python tools/ink_report.py              # all five games
    .venv/bin/python tools/ink_report.py shards       # some of them

A temporary project holds a copy of the repository's decks/ and layouts/, and the unlimited
preset in its own shops/ folder (written as JSON, which YAML reads). Ink is in percent: the
four 8-bit channels added up, 255 = 100 %.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pikepdf
from PIL import Image

from cardgen.printing.presets import builtin_shops

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["shards", "splatterkins", "splatoon", "blublers", "yokai-sketch"]
UNLIMITED = "drivethru-unlimited"
"""The project preset: DriveThruCards' numbers, no ink limit."""


def total_ink(image: Image.Image) -> list[int]:
    """Every pixel's C + M + Y + K of a CMYK image, in 8-bit units."""
    bands = [band.tobytes() for band in image.split()]
    return [c + m + y + k for c, m, y, k in zip(*bands, strict=True)]


def measure(pdf: Path, limit: float) -> tuple[int, float, int]:
    """A shop file's distinct images, its highest total ink (percent), and how many of its
    images have a pixel above `limit` percent."""
    highest, over, images = 0, 0, 0
    with pikepdf.open(pdf) as document:
        seen: set[tuple[int, int]] = set()
        for page in document.pages:
            for stream in page.obj.Resources.XObject.values():
                if stream.objgen in seen:
                    continue
                seen.add(stream.objgen)
                size = (int(stream.Width), int(stream.Height))
                ink = max(total_ink(Image.frombytes("CMYK", size, stream.read_bytes())))
                images += 1
                highest = max(highest, ink)
                over += ink * 100 > limit * 255
    return images, highest * 100 / 255, over


def build(project: Path, game: str, printer: str, out: Path) -> None:
    """`cardgen pnp GAME --printer PRINTER --out OUT` in `project`."""
    command = [str(ROOT / ".venv/bin/cardgen"), "pnp", game, "--printer", printer]
    command += ["--project", str(project), "--out", str(out), "--jobs", "1"]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


def main() -> int:
    """Print each game's images, highest ink before and after, images over the limit."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=GAMES, help="games (default: all five)")
    options = parser.parse_args()
    drivethru = builtin_shops()["drivethru"]
    limit = float(drivethru.ink_limit or 400)
    unlimited = drivethru.model_dump(exclude={"ink_limit"}, exclude_defaults=True)
    print(f"game: images, highest ink without limit -> with {limit:g} %, images above it")
    with tempfile.TemporaryDirectory() as temporary:
        project = Path(temporary)
        for folder in ("decks", "layouts"):
            shutil.copytree(ROOT / folder, project / folder)
        (project / "shops").mkdir()
        (project / "shops" / f"{UNLIMITED}.yaml").write_text(json.dumps(unlimited))
        for game in options.games:
            before, after = project / f"{game}-before.pdf", project / f"{game}-after.pdf"
            build(project, game, UNLIMITED, before)
            build(project, game, "drivethru", after)
            images, high, over = measure(before, limit)
            _, high_after, over_after = measure(after, limit)
            print(
                f"{game}: {images} images, {high:.0f} % -> {high_after:.0f} %,"
                f" above {limit:g} %: {over} -> {over_after}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
