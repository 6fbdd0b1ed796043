"""How far today's icons draw from those of a revision before: every example card, and
every built-in icon at 64 and 256 px, drawn by both and compared.

Both sides run in a fresh Python each: the revision's cardgen extracted from git (default
`SKETCHES`, the last with the Python sketches) and the working tree's. Every card of the
five example games, fronts and backs, is drawn by the normal renderer (`GameRenderer`);
the cards that differ at all are those that draw an icon. For each the mean absolute
difference (0-255, over R, G and B) and the largest local one (the largest mean over any
8 x 8 block) are reported, and the same for each icon (drawn in black, compared on RGB over
white).

    .venv/bin/python tools/icon_diff.py                # the summary, as Markdown
    .venv/bin/python tools/icon_diff.py --keep out/    # also keep both renders of each card
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from PIL import Image, ImageChops, ImageMath

sys.path.insert(0, str(Path(__file__).resolve().parent))

from revision import ROOT, arguments, extracted, run_old

GAMES = ("shards", "splatterkins", "splatoon", "blublers", "yokai-sketch")
ICON_SIDES = (64, 256)
BLOCK = 8
WORST = 10
BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0)
"""The upper ends of the distribution's classes of mean difference (levels of 255)."""


def faces(game: str) -> Iterator[tuple[str, bytes]]:
    """Every face of a game's cards and every back, as (file name, PNG bytes)."""
    from cardgen.render.renderer import GameRenderer
    from cardgen.write import slug

    renderer = GameRenderer.open(ROOT, game)
    for index, card in enumerate(renderer.pack.cards):
        data, _ = renderer.card(card)
        yield f"{game}/{index:03d}-{slug(card.name)}.png", data
    for back in sorted({t.back for t in renderer.pack.game.types.values() if t.back}):
        data, _ = renderer.back(back)
        yield f"{game}/back-{slug(back)}.png", data


def render_all(out: Path) -> None:
    """Draw every card, back and icon with the cardgen this Python imports, into `out`."""
    from cardgen.model.icon_names import BUILT_IN
    from cardgen.render.icons import render_icon

    for game in GAMES:
        (out / game).mkdir(parents=True)
        for name, data in faces(game):
            (out / name).write_bytes(data)
    (out / "icons").mkdir()
    for icon in BUILT_IN:
        for side in ICON_SIDES:
            drawn = render_icon(icon.name, (side, side), "#000000")
            white = Image.new("RGB", drawn.size, "white")
            white.paste(drawn, mask=drawn.getchannel("A"))
            white.save(out / "icons" / f"{icon.name}-{side}.png")


def difference(a: Path, b: Path) -> tuple[float, float]:
    """The mean absolute RGB difference of two images and the largest mean of an 8 x 8 block."""
    with Image.open(a) as one, Image.open(b) as two:
        x, y = one.convert("RGB"), two.convert("RGB")
    if x.size != y.size:
        return 255.0, 255.0
    changed = ImageChops.difference(x, y)
    box = changed.getbbox()
    if box is None:
        return 0.0, 0.0
    r, g, b_ = (band.convert("F") for band in changed.split())
    per_pixel = ImageMath.lambda_eval(lambda v: (v["r"] + v["g"] + v["b"]) / 3, r=r, g=g, b=b_)
    assert isinstance(per_pixel, Image.Image)
    mean = per_pixel.reduce(per_pixel.size).getpixel((0, 0))  # (ImageStat bins F images)
    assert isinstance(mean, float)
    x0, y0 = max(0, box[0] - BLOCK), max(0, box[1] - BLOCK)  # only where they differ
    near = per_pixel.crop((x0, y0, min(x.width, box[2] + BLOCK), min(x.height, box[3] + BLOCK)))
    local = 0.0
    for dx in range(BLOCK):  # every 8 x 8 block: the aligned ones of each of 64 offsets
        for dy in range(BLOCK):
            shifted = near.crop((dx, dy, near.width, near.height))
            w, h = shifted.width // BLOCK * BLOCK, shifted.height // BLOCK * BLOCK
            if w == 0 or h == 0:
                continue
            highest = shifted.crop((0, 0, w, h)).reduce(BLOCK).getextrema()[1]
            assert isinstance(highest, float)
            local = max(local, highest)
    return mean, local


def report(before: Path, after: Path, revision: str) -> str:
    """The Markdown summary of every difference between the two sets of renders."""
    cards: list[tuple[float, float, str]] = []
    same = 0
    for old in sorted(before.glob("*/*.png")):
        if old.parent.name == "icons":
            continue
        new = after / old.relative_to(before)
        if old.read_bytes() == new.read_bytes():
            same += 1
            continue
        mean, local = difference(old, new)
        cards.append((local, mean, str(old.relative_to(before))))
    cards.sort(reverse=True)
    lines = [
        f"Cards and backs drawn: {same + len(cards)}; identical to {revision}'s: {same};"
        f" differing (they draw an icon): {len(cards)}.",
        "",
    ]
    if cards:
        means = [mean for _, mean, _ in cards]
        lines += [
            f"Mean difference over the differing cards: largest {max(means):.3f},"
            f" median {sorted(means)[len(means) // 2]:.3f} (levels of 255).",
            "",
            "| mean difference up to | cards |",
            "| --- | --- |",
        ]
        low = 0.0
        for high in (*BUCKETS, 255.0):
            count = sum(1 for m in means if low < m <= high)
            lines.append(f"| {high:g} | {count} |")
            low = high
        lines += ["", f"The {WORST} largest local differences:", ""]
        lines += ["| card | mean | largest 8x8 block |", "| --- | --- | --- |"]
        lines += [f"| {n} | {m:.3f} | {b:.2f} |" for b, m, n in cards[:WORST]]
    head = " | ".join(f"{s} px mean | {s} px block" for s in ICON_SIDES)
    lines += ["", f"| icon | {head} |", "|" + " --- |" * (1 + 2 * len(ICON_SIDES))]
    for old in sorted(before.glob(f"icons/*-{ICON_SIDES[0]}.png")):
        name = old.name.rsplit("-", 1)[0]
        cells = []
        for side in ICON_SIDES:
            mean, local = difference(
                before / "icons" / f"{name}-{side}.png", after / "icons" / f"{name}-{side}.png"
            )
            cells.append(f"{mean:.3f} | {local:.2f}")
        lines.append(f"| {name} | {' | '.join(cells)} |")
    return "\n".join(lines) + "\n"


def main() -> int:
    """Draw both sides and print the comparison."""
    parser = arguments(__doc__, "--render")
    parser.add_argument("--keep", type=Path, help="keep both renders in before/ and after/ here")
    args = parser.parse_args()
    if args.render:
        render_all(Path(args.render))
        return 0
    with tempfile.TemporaryDirectory(prefix="icon-diff-") as scratch:
        before, after = Path(scratch) / "before", Path(scratch) / "after"
        with extracted(args.before) as tree:
            run_old(tree, Path(__file__), ["--render", str(before)])
        subprocess.run([sys.executable, __file__, "--render", str(after)], check=True)
        sys.stdout.write(report(before, after, args.before))
        if args.keep:
            for side in (before, after):
                shutil.copytree(side, args.keep / side.name, dirs_exist_ok=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
