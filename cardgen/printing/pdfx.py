"""DriveThruCards' file: a PDF/X-1a:2003 deck, back then front for every card, each page
the trim + 1/8 in bleed (poker: 2.75 x 3.75 in, 198 x 270 pt) with its TrimBox 9 pt in.

Each distinct card image is cropped to the page (`shop_images.fit_face`), converted from
sRGB (or the PNG's own profile) to CMYK through the FOGRA39 profile shipped in
`cardgen/print_profiles/` (LittleCMS via Pillow's ImageCms, relative colorimetric with
black-point compensation), brought within the shop's total-ink limit
(`ink_limit`: DriveThruCards' 240 %), and embedded once as an 8-bit DeviceCMYK Flate image. The
file is built with pikepdf (qpdf): PDF header 1.3, one GTS_PDFX OutputIntent carrying the
same profile, the PDF/X keys in the Info dictionary, no text (so no font), no
transparency, and fixed dates and a document ID made from the content, so the same cards
give the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache
from importlib.resources import files
from pathlib import Path

import pikepdf
from pikepdf import Array, Dictionary, Name, String
from PIL import Image, ImageCms
from zlib_ng import zlib_ng

from cardgen import __version__
from cardgen.model.print_specs import ShopPreset
from cardgen.printing.imposition import Face
from cardgen.printing.ink_limit import limit_ink
from cardgen.printing.presets import builtin_shops, points
from cardgen.printing.shop_images import fit_face, flattened

DRIVETHRU = builtin_shops()["drivethru"]
"""DriveThruCards' preset (`cardgen/print_presets/shops.yaml`): 1/8 in bleed, built into
the page; the CMYK profile FOGRA39L_coated.icc the images are converted through and the
file declares, with its registered output condition (ICC's registry name)."""
PDF_VERSION = "1.3"
"""PDF/X-1a:2003 allows PDF 1.3 or 1.4; 1.3 also satisfies X-1a:2001 checkers."""
FIXED_DATE = "D:20000101000000Z"
"""CreationDate and ModDate: fixed, so the same cards give the same bytes."""
LEVEL = 6
"""zlib-ng's level for the CMYK pixels."""


def builtin_profile(name: str) -> bool:
    """Whether `name` is one of the profiles cardgen ships (`cardgen/print_profiles/`)."""
    return "/" not in name and (files("cardgen") / "print_profiles" / name).is_file()


@cache
def profile_bytes(profile: str) -> bytes:
    """A CMYK output profile: one cardgen ships by name, or a file by its absolute path."""
    if builtin_profile(profile):
        return (files("cardgen") / "print_profiles" / profile).read_bytes()
    return Path(profile).read_bytes()


@cache
def _transform(source: bytes | None, profile: str) -> ImageCms.ImageCmsTransform:
    """RGB (sRGB, or the PNG's embedded profile) to the shop's CMYK profile."""
    rgb = ImageCms.createProfile("sRGB") if source is None else io.BytesIO(source)
    return ImageCms.buildTransform(
        rgb,
        io.BytesIO(profile_bytes(profile)),
        "RGB",
        "CMYK",
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
    )


def cmyk_face(path: Path, face: Face, bleed: float, shop: ShopPreset = DRIVETHRU) -> Image.Image:
    """A card image as the shop's page (DriveThruCards': cropped to trim + 1/8 in), in CMYK."""
    bleed_pt = points(shop.bleed)
    with Image.open(path) as opened:
        icc = opened.info.get("icc_profile")
    rgb = flattened(path)
    per_pt = rgb.width / (face.trim_w + 2 * bleed), rgb.height / (face.trim_h + 2 * bleed)
    size = (
        round((face.trim_w + 2 * bleed_pt) * per_pt[0]),
        round((face.trim_h + 2 * bleed_pt) * per_pt[1]),
    )
    inset = (bleed_pt * per_pt[0], bleed_pt * per_pt[1])
    fitted = fit_face(rgb, (face.trim_w, face.trim_h), bleed, size, inset, name=face.name)
    transform = _transform(icc or None, str(shop.profile))
    cmyk = ImageCms.applyTransform(fitted, transform)
    assert cmyk is not None  # applyTransform returns None only when converting in place
    return limit_ink(cmyk, shop.ink_limit)


def _image_stream(pdf: pikepdf.Pdf, image: Image.Image) -> pikepdf.Stream:
    """A CMYK image as an image XObject (8 bits, DeviceCMYK, Flate)."""
    stream = pdf.make_stream(b"")
    stream.write(zlib_ng.compress(image.tobytes(), LEVEL), filter=Name.FlateDecode)
    stream.Type = Name.XObject
    stream.Subtype = Name.Image
    stream.Width, stream.Height = image.width, image.height
    stream.ColorSpace = Name.DeviceCMYK
    stream.BitsPerComponent = 8
    return stream


def _output_intent(pdf: pikepdf.Pdf, shop: ShopPreset) -> Dictionary:
    """The PDF/X OutputIntent: the condition and the CMYK profile the images were made for."""
    icc = pdf.make_stream(b"")
    icc.write(zlib_ng.compress(profile_bytes(str(shop.profile)), LEVEL), filter=Name.FlateDecode)
    info = shop.condition_info or str(shop.condition)
    icc.N = 4
    return Dictionary(
        Type=Name.OutputIntent,
        S=Name.GTS_PDFX,
        OutputConditionIdentifier=String(str(shop.condition)),
        OutputCondition=String(info),
        RegistryName=String("http://www.color.org"),
        Info=String(info),
        DestOutputProfile=icc,
    )


def pdfx_pdf(
    faces: Sequence[Face],
    *,
    title: str,
    author: str,
    printer: str = "drivethru",
    shop: ShopPreset = DRIVETHRU,
) -> tuple[bytes, int]:
    """A shop's PDF/X-1a:2003 file of `faces` (back, then front, for each copy), by
    default DriveThruCards': its bytes and its pages."""
    bleed_pt = points(shop.bleed)
    pdf = pikepdf.new()
    pdf.Root.OutputIntents = Array([_output_intent(pdf, shop)])
    images: dict[tuple[Path, float], pikepdf.Stream] = {}
    pages = 0
    for face in faces:
        width, height = face.trim_w + 2 * bleed_pt, face.trim_h + 2 * bleed_pt
        sides = [(face.back, face.back_bleed), (face.front, face.bleed)]
        for path, bleed in sides:
            if path is None:
                continue
            key = (path, bleed)
            if key not in images:
                images[key] = _image_stream(pdf, cmyk_face(path, face, bleed, shop))
            page = pdf.add_blank_page(page_size=(width, height))
            page.obj.Resources = Dictionary(XObject=Dictionary(Im0=images[key]))
            page.obj.Contents = pdf.make_stream(
                b"q %s 0 0 %s 0 0 cm /Im0 Do Q" % (_number(width), _number(height))
            )
            page.obj.BleedBox = Array([0, 0, width, height])
            trim = [bleed_pt, bleed_pt, width - bleed_pt, height - bleed_pt]
            page.obj.TrimBox = Array(trim)
            pages += 1
    info = pdf.trailer.Info = pdf.make_indirect(Dictionary())
    info.Title = String(title)
    info.Author = String(author)
    info.Subject = String(f"Print-shop file: {printer} (PDF/X-1a:2003)")
    info.Creator = String(f"cardgen {__version__}")
    info.Producer = String(f"cardgen {__version__} (pikepdf)")
    info.CreationDate = info.ModDate = String(FIXED_DATE)
    info.Trapped = Name("/False")
    info.GTS_PDFXVersion = String("PDF/X-1:2003")
    info.GTS_PDFXConformance = String("PDF/X-1a:2003")
    buffer = io.BytesIO()
    pdf.save(
        buffer,
        force_version=PDF_VERSION,
        object_stream_mode=pikepdf.ObjectStreamMode.disable,  # object streams are PDF 1.5
        compress_streams=True,
        deterministic_id=True,
        fix_metadata_version=False,
    )
    return buffer.getvalue(), pages


def _number(value: float) -> bytes:
    """A PDF number without float noise."""
    return f"{value:.4f}".rstrip("0").rstrip(".").encode()
