"""Print-and-play PDF: a 500-card box, from images already rendered, against bare ReportLab.

cardgen's `home_pdf` (duplex A4: grids, clipping, crop marks, ruler, labels, back pages)
against a plain ReportLab script that places the same images on the same pages with
`drawImage` and nothing else, in the same run. Target: at most 3x.
"""

from __future__ import annotations

import io
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from reportlab import rl_config
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from cardgen.printing.imposition import Face, home_pdf
from cardgen.printing.sheets import home_grid, mirrored
from cardgen.project import Project
from cardgen.render.game import render_game

ROOT = Path(__file__).resolve().parent.parent
CARDS = 500


def baseline(faces: list[Face]) -> bytes:
    """The same images on the same pages: fronts and mirrored backs, nothing else (with the
    same ReportLab settings as cardgen: no ASCII85, invariant)."""
    rl_config.useA85 = 0
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A4, invariant=1)
    grid = home_grid("a4", 180, 252)
    for start in range(0, len(faces), grid.per_page):
        chunk = faces[start : start + grid.per_page]
        for side in ("front", "back"):
            for index, face in enumerate(chunk):
                slot = grid.slot(index)
                if side == "back":
                    slot = mirrored(slot, A4[0], A4[1], "long")
                image = face.front if side == "front" else face.back
                canvas.drawImage(str(image), slot.x - 9, slot.y - 9, 198, 270)
            canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def run() -> dict[str, Any]:
    scratch = Path(tempfile.mkdtemp(prefix="cardgen-bench-pnp-"))
    try:
        result = render_game(Project(ROOT), "shards", scratch)
        back = Path(result.backs[0]["file"])
        distinct = [Face(c["name"], Path(c["file"]), back, 180, 252, 9, 9) for c in result.cards]
        faces = [distinct[i % len(distinct)] for i in range(CARDS)]
        start = time.perf_counter()
        plain = baseline(faces)
        base = time.perf_counter() - start
        start = time.perf_counter()
        data, pages = home_pdf(
            faces,
            paper="a4",
            duplex="long",
            cut_lines=False,
            back_offset=(0, 0),
            title="bench",
            author="bench",
        )
        ours = data.to_bytes()  # the images read from their files into the PDF's bytes
        seconds = time.perf_counter() - start
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return {
        "name": "pnp",
        "what": f"{CARDS}-card duplex A4 PDF ({pages} pages, {len(ours) // 1024} KB) from"
        f" rendered PNGs vs bare ReportLab drawImage ({len(plain) // 1024} KB)",
        "seconds": round(seconds, 3),
        "baseline_seconds": round(base, 3),
        "ratio": round(seconds / base, 2),
        "target": "ratio <= 3",
        "met": seconds / base <= 3,
    }
