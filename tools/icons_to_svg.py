"""Turn the built-in icons' Python sketches into SVG files, `cardgen/icons/<name>.svg`.

The sketches were deleted once converted; they live on at the revision `SKETCHES`
(tools/revision.py), which this tool extracts and reads in a second Python. Each sketch's
operations become, in order, the shapes of a `<mask>` (fill 255 white, fill 0 black: a
hole); thick lines are polylines with round joins and round or butt caps, as `thick_line`
drew them (a disc at every joint; discs at the ends with `caps`). One rectangle filled with
`currentColor` is drawn through that mask. The `viewBox` is the sketch's painted bounds.

    .venv/bin/python tools/icons_to_svg.py           # write cardgen/icons/*.svg
    .venv/bin/python tools/icons_to_svg.py --check   # exit 1 if a file differs from its sketch
"""

from __future__ import annotations

import inspect
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from revision import ROOT, arguments, extracted, imports_from, run_old

OUT = ROOT / "cardgen" / "icons"
PER_LINE = 6
"""Points on a line of a long `points` list."""


def dump(tree: Path) -> None:
    """(At the old revision) print every sketch's operations and painted bounds as JSON."""
    imports_from(tree)
    from cardgen.render import icons

    painters: dict[str, Any] = icons.ICONS  # at the old revision: name -> sketch painter
    found: dict[str, Any] = {}
    for name, paint in sorted(painters.items()):
        made = inspect.getclosurevars(paint).nonlocals["made"]
        sketch, bounds = made()
        ops = []
        for op in sketch.ops:
            fields = dict(vars(op))
            ops.append({"kind": type(op).__name__, **fields})
        found[name] = {"bounds": list(bounds), "ops": ops}
    json.dump(found, sys.stdout)


def num(value: float, decimals: int = 3) -> str:
    """A number with three decimals at most (a thousandth of a design unit), no trailing 0."""
    text = f"{value:.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def points(pts: Sequence[Sequence[float]], indent: str) -> str:
    """A `points` attribute's value: inline when short, else wrapped `PER_LINE` a line."""
    pairs = [f"{num(x)},{num(y)}" for x, y in pts]
    if len(pairs) <= PER_LINE + 2:
        return " ".join(pairs)
    rows = [" ".join(pairs[i : i + PER_LINE]) for i in range(0, len(pairs), PER_LINE)]
    return "\n" + "\n".join(indent + "  " + row for row in rows) + "\n" + indent


def shape(op: dict[str, Any], indent: str) -> str:
    """One sketch operation as an SVG element of the mask."""
    fill = "white" if op["fill"] else "black"
    kind = op["kind"]
    if kind == "Poly":
        return f'<polygon fill="{fill}" points="{points(op["pts"], indent)}"/>'
    if kind == "Ellipse":
        (cx, cy), rx, ry = op["c"], op["rx"], op["ry"]
        centre = f'cx="{num(cx)}" cy="{num(cy)}"'
        if rx == ry:
            return f'<circle fill="{fill}" {centre} r="{num(rx)}"/>'
        return f'<ellipse fill="{fill}" {centre} rx="{num(rx)}" ry="{num(ry)}"/>'
    if kind == "Line":
        cap = "round" if op["caps"] else "butt"
        return (
            f'<polyline fill="none" stroke="{fill}" stroke-width="{num(op["width"])}"'
            f' stroke-linejoin="round" stroke-linecap="{cap}"'
            f' points="{points(op["pts"], indent)}"/>'
        )
    if kind == "RRect":
        x0, y0, x1, y1, radius = (op[k] for k in ("x0", "y0", "x1", "y1", "radius"))
        corner = f' rx="{num(radius)}"' if radius else ""
        return (
            f'<rect fill="{fill}" x="{num(x0)}" y="{num(y0)}"'
            f' width="{num(x1 - x0)}" height="{num(y1 - y0)}"{corner}/>'
        )
    raise SystemExit(f"unknown sketch operation {kind!r}")


def svg(name: str, depicts: str, sketch: dict[str, Any]) -> str:
    """The SVG file of one icon."""
    x0, y0, x1, y1 = sketch["bounds"]
    w, h = x1 - x0, y1 - y0
    margin = max(w, h) / 4
    area = (
        f'x="{num(x0 - margin)}" y="{num(y0 - margin)}"'
        f' width="{num(w + 2 * margin)}" height="{num(h + 2 * margin)}"'
    )
    view = " ".join(num(v, 4) for v in (x0, y0, w, h))
    lines = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view}">',
        f"  <title>{name}</title>",
        f"  <desc>{depicts}; a built-in icon of cardgen, drawn in the colour asked for</desc>",
        "  <!-- The shape: white paints, black cuts a hole; later shapes lie on earlier ones. -->",
        f'  <mask id="shape" maskUnits="userSpaceOnUse" {area}>',
        *("    " + shape(op, "    ") for op in sketch["ops"]),
        "  </mask>",
        f'  <rect {area} fill="currentColor" mask="url(#shape)"/>',
        "</svg>",
    ]
    return "\n".join(lines) + "\n"


def main() -> int:
    """Write (or with --check, compare) every built-in icon's SVG file."""
    parser = arguments(__doc__, "--dump", "the revision with the sketches")
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args()
    if args.dump:
        dump(Path(args.dump))
        return 0
    from cardgen.model.icon_names import BUILT_IN

    with extracted(args.before) as tree:
        sketches = json.loads(run_old(tree, Path(__file__), ["--dump", str(tree)]))
    depicts = {icon.name: icon.depicts for icon in BUILT_IN}
    if set(sketches) != set(depicts):
        raise SystemExit(f"sketches {sorted(sketches)} are not the icons {sorted(depicts)}")
    differ = []
    for name, sketch in sorted(sketches.items()):
        text = svg(name, depicts[name], sketch)
        path = OUT / f"{name}.svg"
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                differ.append(name)
        else:
            OUT.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if differ:
        print("differ from their sketches: " + ", ".join(differ))
        return 1
    print(f"{len(sketches)} icons {'match their sketches' if args.check else 'written'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
