"""Card art files: find them safely, and load any image Pillow reads as RGBA (an `.svg`
file is drawn by `cardgen.render.art_svg` instead).

`similar_art` finds the file an art path that was not found most likely meant (paths are
kept inside the project by `cardgen.load.art_paths`), `load_art` refuses decompression
bombs and turns every decoding problem into a one-line `CardgenError`.
`cardgen.render.fit` scales the art into its box; cards without art get a stand-in from
`cardgen.render.placeholder`.
"""

from __future__ import annotations

import os
import re
import warnings
from pathlib import Path, PurePosixPath

from PIL import Image, ImageMath, ImageOps, UnidentifiedImageError

from cardgen.errors import CardgenError, Location, display_path
from cardgen.fuzzy import closest
from cardgen.load.art_paths import resolve_art

MAX_ART_PIXELS = 40_000_000
"""Images with more pixels than this are refused before decoding (decompression-bomb guard)."""


_LISTED = 5000
"""At most this many names of one folder are compared with a path that was not found."""


def similar_art(art: str, game_folder: Path, project_root: Path) -> str | None:
    """An existing file inside the project whose path is nearly `art`, as it would be
    written (with `/`): a typo in a folder or file name, another case, or the same name
    with another extension (`hero.png` for `hero.jpg`). None when nothing is that close."""
    parts = [part for part in art.replace("\\", "/").split("/") if part not in ("", ".")]
    folder, written = game_folder, []
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        here = folder / part
        if part != ".." and not (here.is_file() if last else here.is_dir()):
            found = _similar_name(part, _names(folder, files=last), last)
            if found is None:
                return None
            part, here = found, folder / found
        written.append(part)
        folder = here
    suggestion = "/".join(written)
    try:
        target = resolve_art(suggestion, game_folder, project_root)
    except CardgenError:
        return None
    return suggestion if target.is_file() and suggestion != "/".join(parts) else None


def _names(folder: Path, *, files: bool) -> list[str]:
    """The names of a folder's files (or sub-folders), at most `_LISTED` of them."""
    names: list[str] = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_file() if files else entry.is_dir():
                    names.append(entry.name)
                    if len(names) >= _LISTED:
                        break
    except OSError:
        return []
    return sorted(names)


def _similar_name(name: str, names: list[str], is_file: bool) -> str | None:
    """The name in `names` that `name` most likely meant; a file's stem counts alone too."""
    found = closest(name, names)
    if found is not None or not is_file:
        return found
    images = Image.registered_extensions()
    stems: dict[str, str] = {}  # an image first where a picture.png sits by its picture.psd
    for option in sorted(names, key=lambda n: PurePosixPath(n).suffix.lower() not in images):
        stems.setdefault(PurePosixPath(option).stem, option)
    stem = closest(PurePosixPath(name).stem, stems)
    return None if stem is None else stems[stem]


# --------------------------------------------------------------------------- loading


def load_art(path: Path, notes: list[str] | None = None) -> Image.Image:
    """Open an image file safely and return it as a fully loaded "RGBA" image.

    The pixel count is checked from the header before any decoding, and images larger than
    `MAX_ART_PIXELS` are refused. Every colour mode becomes RGBA: CMYK through RGB, palette
    images keep their transparency, 16-bit and 32-bit integer and float greys are scaled
    (not clipped) to 8 bits. The EXIF orientation is applied. An ICC profile is left
    unapplied and dropped from the result's `info`. Any problem (missing file, not an image,
    truncated data, too large) raises `CardgenError` naming the file. What Pillow warns
    about while reading (damaged metadata it skips) is never printed: each warning is added
    to `notes` as one line, once.
    """
    where = Location(display_path(path))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        image = _read(path, where)
    if notes is not None:
        for warning in caught:
            text = _reason(warning.message)  # type: ignore[arg-type]
            if not issubclass(warning.category, DeprecationWarning) and text not in notes:
                notes.append(text)
    return image


def _read(path: Path, where: Location) -> Image.Image:
    """`load_art`'s work, with Pillow's warnings caught by the caller."""
    try:
        source = Image.open(path)
    except FileNotFoundError:
        raise CardgenError("art file not found", where) from None
    except IsADirectoryError:
        raise CardgenError("art path is a folder, not an image file", where) from None
    except PermissionError:
        raise CardgenError("cannot read the art file: permission denied", where) from None
    except UnidentifiedImageError:
        raise CardgenError(_unidentified(path), where) from None
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise CardgenError(_bomb_message(exc), where) from None
    except (OSError, SyntaxError, ValueError, EOFError) as exc:
        raise CardgenError(f"cannot open the image: {_reason(exc)}", where) from None
    with source:
        if source.format in _VECTOR:
            raise CardgenError(f"{_VECTOR[source.format]}; {_EXPORT}", where)
        width, height = source.size
        pixels = width * height
        if pixels > MAX_ART_PIXELS:
            raise CardgenError(
                f"image is {width} x {height} px ({pixels:,} pixels); "
                f"the limit is {MAX_ART_PIXELS:,}",
                where,
            )
        if pixels == 0:
            raise CardgenError(f"image is empty ({width} x {height} px)", where)
        try:
            source.load()
        except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
            raise CardgenError(_bomb_message(exc), where) from None
        except Exception as exc:  # decoders raise OSError, SyntaxError, ValueError, ...
            raise CardgenError(_decode_message(exc), where) from None
        try:
            image = _to_rgba(_oriented(source))
        except (ValueError, OSError) as exc:
            raise CardgenError(
                f"unsupported colour mode {source.mode!r}: {_reason(exc)}", where
            ) from None
    image.load()
    for key in ("icc_profile", "transparency"):
        image.info.pop(key, None)
    return image


_EXPORT = "export the art as PNG or JPEG"
_VECTOR = {
    "EPS": "an EPS (PostScript) file, which cardgen does not run",
    "WMF": "a Windows metafile, a vector format cardgen does not draw",
}
"""Formats Pillow opens but draws only through another program: refused, with the fix."""

_SIGNATURES = (
    (b"%PDF", "a PDF document, not an image"),
    (b"gimp xcf", "a GIMP picture (XCF)"),
    (b"PK\x03\x04", "a ZIP archive (a Krita or OpenRaster picture?), not an image"),
)


def _unidentified(path: Path) -> str:
    """Why Pillow cannot read a file: what it is when its first bytes say, and the fix."""
    try:
        with path.open("rb") as file:
            head = file.read(512)
    except OSError:
        head = b""
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text.startswith((b"<?xml", b"<!DOCTYPE svg")) and b"<svg" in head:
        text = b"<svg"
    if text.startswith(b"<svg"):
        return f"an SVG drawing in a file not named .svg; rename it {path.stem}.svg to draw it"
    for signature, kind in _SIGNATURES:
        if text.startswith(signature):
            return f"{kind}; {_EXPORT}"
    if head[4:8] == b"ftyp" and head[8:12] in (b"heic", b"heix", b"mif1", b"msf1", b"hevc"):
        return f"a HEIC photo, which Pillow cannot read; {_EXPORT}"
    return "not an image (Pillow cannot identify the file's format)"


def _reason(exc: BaseException) -> str:
    """An exception's message on one line (or its class name when it has none)."""
    text = " ".join(str(exc).split())
    return text or type(exc).__name__


def _bomb_message(exc: BaseException) -> str:
    """Pillow's own decompression-bomb refusal, phrased like ours."""
    found = re.search(r"\((\d+) pixels\)", str(exc))
    size = f"image has {int(found.group(1)):,} pixels" if found else "image is too large"
    return f"{size}; the limit is {MAX_ART_PIXELS:,} (possible decompression bomb)"


def _decode_message(exc: BaseException) -> str:
    """A decoding failure: call a truncated file truncated."""
    reason = _reason(exc)
    if "truncated" in reason.lower():
        return f"image data is truncated ({reason}); the file is incomplete"
    if isinstance(exc, OSError | SyntaxError | EOFError):
        return f"image data is damaged or truncated ({reason})"
    return f"cannot decode the image ({reason})"


def _oriented(image: Image.Image) -> Image.Image:
    """A copy of the image turned upright from its EXIF orientation (EXIF that cannot be
    read is warned about, and the pixels are used as stored)."""
    try:
        turned = ImageOps.exif_transpose(image)
    except Exception as exc:  # malformed EXIF must not stop a render
        warnings.warn(
            f"EXIF orientation unreadable ({_reason(exc)}); drawn as stored", stacklevel=1
        )
        return image.copy()
    return turned if turned is not None else image.copy()


def _to_rgba(image: Image.Image) -> Image.Image:
    """Any Pillow colour mode as RGBA, scaling high-bit-depth greys to 8 bits."""
    mode = image.mode
    if mode == "RGBA":
        return image
    if mode in ("CMYK", "YCbCr", "LAB", "HSV"):
        # Pillow's CMYK -> RGB is naive (no ICC), which is what we want; JPEG's Adobe
        # inverted CMYK is already un-inverted by the JPEG plugin.
        return image.convert("RGB").convert("RGBA")
    if mode.startswith("I;16") or mode == "I" or mode == "F":
        grey = _grey_to_8bit(image)
        if "transparency" in image.info and mode != "F":
            # A 16-bit PNG's tRNS: a grey value that is fully transparent.
            key = image.info["transparency"]
            if isinstance(key, int):
                hits = ImageMath.lambda_eval(
                    lambda args: args["grey"] == key, grey=image.convert("I")
                )
                assert isinstance(hits, Image.Image)
                mask = hits.convert("L").point([255, *([0] * 255)])
                rgba = grey.convert("RGBA")
                rgba.putalpha(mask)
                return rgba
        return grey.convert("RGBA")
    key = image.info.get("transparency")
    if mode == "RGB" and isinstance(key, tuple) and max(key) > 255:
        # A 16-bit PNG's transparent colour: Pillow keeps each sample's high byte only.
        image.info["transparency"] = tuple(value >> 8 for value in key)
    try:
        return image.convert("RGBA")
    except ValueError:
        return image.convert("RGB").convert("RGBA")


def _grey_to_8bit(image: Image.Image) -> Image.Image:
    """A 16-bit, 32-bit integer or float grey image as "L", scaled rather than clipped.

    16-bit modes map 0..65535 to 0..255. Mode "I" holding values within 0..65535 (how many
    16-bit files arrive) is treated as 16-bit; wider ranges are stretched from min (or 0)
    to max. Mode "F" within 0..1 is scaled by 255, within 0..255 kept, within 0..65535
    treated as 16-bit, anything else stretched from min to max.
    """
    floats = image.convert("F")
    low, high = floats.getextrema()
    assert isinstance(low, float | int) and isinstance(high, float | int)
    if image.mode.startswith("I;16"):
        low, high = 0.0, 65535.0
    elif image.mode == "I":
        if low >= 0 and high <= 65535:
            low, high = 0.0, 65535.0
        else:
            low = min(0.0, float(low))
    elif low >= 0 and high <= 1:
        low, high = 0.0, 1.0
    elif low >= 0 and high <= 255:
        low, high = 0.0, 255.0
    elif low >= 0 and high <= 65535:
        low, high = 0.0, 65535.0
    if not high > low:  # flat image (or NaN): keep its level if it is in 8-bit range
        level = max(0, min(255, round(float(low)))) if low == low else 0
        return Image.new("L", image.size, level)
    scale = 255.0 / (float(high) - float(low))
    offset = 0.5 - float(low) * scale  # + 0.5: F -> L truncates, this rounds
    return floats.point(lambda v: v * scale + offset).convert("L")
