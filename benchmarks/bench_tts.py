"""TTS export: a 500-card game (sheets + JSON) against Pillow pasting the same cells.

cardgen's export of the synthetic game, from card images already rendered, against a plain
Pillow loop that opens the same images, pastes them into 10 x 7 sheets of the same cell size
and saves them as JPEG, in the same run. Target: at most 1.5x.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from PIL import Image

from benchmarks.synthetic import make_game
from cardgen.project import Project
from cardgen.render.game import render_game
from cardgen.tts.export import export_table

CARDS = 500


def baseline(images: list[Path], out: Path, cell: tuple[int, int], bleed: int) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for start in range(0, len(images), 70):
        group = images[start : start + 70]
        cols = min(10, len(group))
        rows = (len(group) + cols - 1) // cols
        sheet = Image.new("RGB", (cols * cell[0], rows * cell[1]))
        for slot, path in enumerate(group):
            with Image.open(path) as image:
                card = image.convert("RGB").crop(
                    (bleed, bleed, image.width - bleed, image.height - bleed)
                )
            row, col = divmod(slot, cols)
            sheet.paste(card.resize(cell, Image.Resampling.LANCZOS), (col * cell[0], row * cell[1]))
        sheet.save(out / f"sheet-{start // 70}.jpg", "JPEG", quality=90)


def run() -> dict[str, Any]:
    scratch = Path(tempfile.mkdtemp(prefix="cardgen-bench-tts-"))
    try:
        project = Project(make_game(scratch / "project", CARDS))
        rendered = render_game(project, "synth", project.root / "output" / "synth")
        images = [Path(c["file"]) for c in rendered.cards]
        start = time.process_time()
        baseline(images, scratch / "plain", (409, 572), 37)
        base = time.process_time() - start
        start = time.process_time()
        pack = project.game("synth")
        result = export_table(  # one process: CPU time of this process is all the work
            pack,
            [("synth", {c.name: 1 for c in pack.cards})],
            rendered,
            scratch / "tts",
            "synth",
            jobs=1,
        )
        seconds = time.process_time() - start
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return {
        "name": "tts",
        "what": f"{CARDS}-card game to TTS sheets + JSON ({result.objects} objects), images"
        " already rendered, vs Pillow pasting the same cells (CPU time)",
        "seconds": round(seconds, 3),
        "baseline_seconds": round(base, 3),
        "ratio": round(seconds / base, 2),
        "target": "ratio <= 1.5",
        "met": seconds / base <= 1.5,
    }
