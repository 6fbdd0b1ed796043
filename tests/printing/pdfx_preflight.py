"""A PDF/X-1a:2003 preflight of the checks a file's own structure answers, read with
pikepdf (qpdf), never through cardgen's code: the rules of ISO 15930-4 that Acrobat's
"Verify compliance with PDF/X-1a" profile checks and that do not need a colour engine or
a renderer (docs/printing.md lists which a real preflight adds).

`python -m tests.printing.pdfx_preflight FILE` prints the report docs/printing.md shows.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pikepdf
from pikepdf import Name

TRANSPARENT_BLENDS = {"/Normal", "/Compatible"}
"""The blend modes that are no transparency."""


@dataclass(frozen=True, slots=True)
class Check:
    """One preflight rule: its name, whether the file keeps it, and what was found."""

    name: str
    ok: bool
    found: str


def _objects(pdf: pikepdf.Pdf) -> Iterator[pikepdf.Object]:
    """Every dictionary and stream of the file."""
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Dictionary | pikepdf.Stream):
            yield obj


def _box(page: pikepdf.Page, name: str) -> list[float] | None:
    """A page's box as numbers (None when the page does not set it itself)."""
    if name not in page.obj:
        return None
    return [round(float(v), 4) for v in page.obj[name]]


def _inside(inner: list[float], outer: list[float]) -> bool:
    """`inner` lies within `outer` (boxes as [x0 y0 x1 y1])."""
    return (
        inner[0] >= outer[0] - 1e-6
        and inner[1] >= outer[1] - 1e-6
        and inner[2] <= outer[2] + 1e-6
        and inner[3] <= outer[3] + 1e-6
    )


def _page_checks(pdf: pikepdf.Pdf) -> list[Check]:
    """The boxes of every page."""
    missing, outside, sizes = [], [], set()
    for number, page in enumerate(pdf.pages, start=1):
        media, trim, bleed = (_box(page, key) for key in ("/MediaBox", "/TrimBox", "/BleedBox"))
        if media is None or trim is None or bleed is None:
            missing.append(number)
            continue
        if not (_inside(trim, bleed) and _inside(bleed, media)):
            outside.append(number)
        sizes.add((tuple(media), tuple(trim), tuple(bleed)))
    shown = "; ".join(f"MediaBox {m} TrimBox {t} BleedBox {b}" for m, t, b in sorted(sizes))
    return [
        Check("pages", len(pdf.pages) > 0, f"{len(pdf.pages)} pages"),
        Check("TrimBox and BleedBox on every page", not missing, f"missing on {missing or 'none'}"),
        Check("TrimBox in BleedBox in MediaBox", not outside, shown or "no page"),
    ]


def _intent_checks(pdf: pikepdf.Pdf) -> list[Check]:
    """One GTS_PDFX OutputIntent with a CMYK printer profile."""
    intents = list(pdf.Root.get("/OutputIntents", []))
    pdfx = [i for i in intents if i.get("/S") == Name.GTS_PDFX]
    checks = [Check("one GTS_PDFX OutputIntent", len(pdfx) == 1, f"{len(pdfx)} of {len(intents)}")]
    if len(pdfx) != 1:
        return checks
    intent = pdfx[0]
    condition = str(intent.get("/OutputConditionIdentifier", ""))
    checks.append(Check("OutputConditionIdentifier", bool(condition), repr(condition)))
    profile = intent.get("/DestOutputProfile")
    if profile is None:
        registered = str(intent.get("/RegistryName", ""))
        checks.append(Check("registered condition", bool(registered), repr(registered)))
        return checks
    data = profile.read_bytes()
    device_class, space = data[12:16], data[16:20]
    ok = device_class == b"prtr" and space == b"CMYK" and int(profile.get("/N", 0)) == 4
    found = f"class {device_class.decode()}, {space.decode()}, /N {profile.get('/N')}"
    checks.append(Check("DestOutputProfile: CMYK output profile", ok, found))
    return checks


def _colour_checks(pdf: pikepdf.Pdf) -> list[Check]:
    """Every image DeviceCMYK (or gray), no RGB, ICC-based, Lab or calibrated space."""
    spaces: dict[str, int] = {}
    filters: set[str] = set()
    for obj in _objects(pdf):
        if obj.get("/Subtype") != Name.Image:
            continue
        space = obj.get("/ColorSpace")
        key = str(space[0] if isinstance(space, pikepdf.Array) else space)
        spaces[key] = spaces.get(key, 0) + 1
        found = obj.get("/Filter")
        filters.update(str(f) for f in (found if isinstance(found, pikepdf.Array) else [found]))
    bad = {"/DeviceRGB", "/CalRGB", "/ICCBased", "/Lab", "/CalGray", "/Indexed", "None"}
    shown = ", ".join(f"{count} {name}" for name, count in sorted(spaces.items()))
    colours = Check("images CMYK only", bool(spaces) and not set(spaces) & bad, shown or "none")
    lzw = Check("no LZW compression", "/LZWDecode" not in filters, ", ".join(sorted(filters)))
    return [colours, lzw]


def _transparency_checks(pdf: pikepdf.Pdf) -> list[Check]:
    """No soft mask, transparency group, constant alpha below 1 or blend mode."""
    found: list[str] = []
    for obj in _objects(pdf):
        if "/SMask" in obj and obj.get("/SMask") != Name.None_:
            found.append("SMask")
        group = obj.get("/Group")
        if isinstance(group, pikepdf.Dictionary) and group.get("/S") == Name.Transparency:
            found.append("transparency group")
        for key in ("/CA", "/ca"):
            if key in obj and float(obj[key]) < 1:
                found.append(f"{key[1:]} {float(obj[key])}")
        blend = obj.get("/BM")
        if blend is not None and str(blend) not in TRANSPARENT_BLENDS:
            found.append(f"blend {blend}")
    return [Check("no transparency", not found, ", ".join(sorted(set(found))) or "none")]


def _font_checks(pdf: pikepdf.Pdf) -> list[Check]:
    """Every font embedded."""
    fonts, bare = 0, []
    for obj in _objects(pdf):
        if obj.get("/Type") != Name.Font or obj.get("/Subtype") == Name.Type0:
            continue
        if obj.get("/Subtype") == Name.Type3:
            continue  # drawn by the file's own glyph procedures
        fonts += 1
        descriptor = obj.get("/FontDescriptor")
        if descriptor is None or not any(
            key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")
        ):
            bare.append(str(obj.get("/BaseFont")))
    found = f"{fonts} fonts, not embedded: {bare or 'none'}" if fonts else "no text, no font"
    return [Check("fonts embedded", not bare, found)]


def _document_checks(pdf: pikepdf.Pdf, header: bytes) -> list[Check]:
    """Header version, the Info keys PDF/X needs, the ID, no encryption or actions."""
    version = header[5:8].decode(errors="replace")
    info = pdf.trailer.get("/Info", pikepdf.Dictionary())
    wanted = {
        "/GTS_PDFXVersion": "PDF/X-1:2003",
        "/GTS_PDFXConformance": "PDF/X-1a:2003",
    }
    keys = [
        Check(f"Info {key[1:]}", str(info.get(key, "")) == value, repr(str(info.get(key, ""))))
        for key, value in wanted.items()
    ]
    trapped = info.get("/Trapped")
    present = [key for key in ("/Title", "/CreationDate", "/ModDate") if str(info.get(key, ""))]
    actions = [
        obj.get("/S")
        for obj in _objects(pdf)
        if obj.get("/S") in (Name.JavaScript, Name.Launch) or "/JS" in obj
    ]
    ids = pdf.trailer.get("/ID")
    return [
        Check("PDF header 1.3 or 1.4", version in ("1.3", "1.4"), f"%PDF-{version}"),
        *keys,
        Check("Info Trapped True or False", str(trapped) in ("/True", "/False"), str(trapped)),
        Check("Info Title, CreationDate, ModDate", len(present) == 3, ", ".join(present)),
        Check("document ID", ids is not None and len(ids) == 2, "present" if ids else "missing"),
        Check("not encrypted", not pdf.is_encrypted, "no /Encrypt"),
        Check("no JavaScript or launch actions", not actions, f"{len(actions)} found"),
    ]


def preflight(path: Path) -> list[Check]:
    """Every check, in the order the report prints them."""
    header = path.read_bytes()[:16]
    with pikepdf.open(path) as pdf:
        return [
            *_document_checks(pdf, header),
            *_intent_checks(pdf),
            *_page_checks(pdf),
            *_colour_checks(pdf),
            *_transparency_checks(pdf),
            *_font_checks(pdf),
        ]


def report(checks: list[Check]) -> str:
    """The checks as lines, `pass` or `FAIL`, with what was found."""
    return "\n".join(f"{'pass' if c.ok else 'FAIL'}  {c.name}: {c.found}" for c in checks)


if __name__ == "__main__":
    print(report(preflight(Path(sys.argv[1]))))
