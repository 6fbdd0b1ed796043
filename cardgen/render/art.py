"""Card art: find it safely, load any image as RGBA, and fit it to a frame.

`resolve_art` keeps art paths inside the project, `load_art` refuses decompression bombs and
turns every decoding problem into a one-line `CardgenError`, and `fit_art` scales art into a
box ("contain", "cover" or "stretch"). Cards without art get a stand-in picture from
`cardgen.render.placeholder`.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path, PureWindowsPath
from typing import Literal

from PIL import Image, ImageMath, ImageOps, UnidentifiedImageError

from cardgen.errors import CardgenError, Location, display_path

MAX_ART_PIXELS = 40_000_000
"""Images with more pixels than this are refused before decoding (decompression-bomb guard)."""

FitMode = Literal["contain", "cover", "stretch"]
RGBA = tuple[int, int, int, int]


# --------------------------------------------------------------------------- resolving paths


def resolve_art(art: str, game_folder: Path, project_root: Path) -> Path:
    """The file an art path names: relative to the game folder, and inside the project.

    Symlinks are followed before the check, so a link that leads out of the project is
    refused too. Absolute paths and empty strings are refused. The returned path is
    resolved but may not exist.
    """
    if not art.strip():
        raise CardgenError("art path is empty")
    if "\0" in art:
        raise CardgenError(f"art {_quote(art)} contains a NUL character")
    if Path(art).is_absolute() or PureWindowsPath(art).is_absolute() or art.startswith(("/", "\\")):
        raise CardgenError(
            f"art {_quote(art)} is an absolute path; give it relative to the game folder"
        )
    try:
        root = project_root.resolve()
        target = (game_folder / art).resolve()
    except (OSError, RuntimeError) as exc:  # RuntimeError: a symlink loop
        raise CardgenError(f"art {_quote(art)} cannot be resolved: {exc}") from None
    if not target.is_relative_to(root):
        raise CardgenError(f"art {_quote(art)} is outside the project")
    return target


def _quote(text: str) -> str:
    """A path in double quotes for a message, with control characters made visible."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + "".join(c if c.isprintable() else repr(c)[1:-1] for c in escaped) + '"'


# --------------------------------------------------------------------------- loading


def load_art(path: Path) -> Image.Image:
    """Open an image file safely and return it as a fully loaded "RGBA" image.

    The pixel count is checked from the header before any decoding, and images larger than
    `MAX_ART_PIXELS` are refused. Every colour mode becomes RGBA: CMYK through RGB, palette
    images keep their transparency, 16-bit and 32-bit integer and float greys are scaled
    (not clipped) to 8 bits. The EXIF orientation is applied. An ICC profile is left
    unapplied and dropped from the result's `info`. Any problem (missing file, not an image,
    truncated data, too large) raises `CardgenError` naming the file.
    """
    where = Location(display_path(path))
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            source = Image.open(path)
        except FileNotFoundError:
            raise CardgenError("art file not found", where) from None
        except IsADirectoryError:
            raise CardgenError("art path is a folder, not an image file", where) from None
        except PermissionError:
            raise CardgenError("cannot read the art file: permission denied", where) from None
        except UnidentifiedImageError:
            raise CardgenError(
                "not an image (Pillow cannot identify the file's format)", where
            ) from None
        except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
            raise CardgenError(_bomb_message(exc), where) from None
        except (OSError, SyntaxError, ValueError, EOFError) as exc:
            raise CardgenError(f"cannot open the image: {_reason(exc)}", where) from None
        with source:
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
    """A copy of the image turned upright from its EXIF orientation (bad EXIF is ignored)."""
    try:
        turned = ImageOps.exif_transpose(image)
    except Exception:  # malformed EXIF must not stop a render: use the pixels as stored
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


# --------------------------------------------------------------------------- fitting


def fit_art(
    art: Image.Image,
    size: tuple[int, int],
    mode: FitMode,
    background: RGBA = (0, 0, 0, 0),
) -> Image.Image:
    """Art scaled into a box of exactly `size`, as a new RGBA image.

    - "stretch": resized to `size`, ignoring the aspect ratio;
    - "contain": scaled to fit entirely, centred, with `background` margins;
    - "cover": scaled to fill the box, the centre kept and the overflow cropped.

    The scale is exactly what the mode needs (no extra upscaling), with Lanczos resampling.
    Art with transparency is composited over `background` (transparent by default).
    """
    width, height = size
    if width <= 0 or height <= 0:
        raise ValueError(f"fit_art size must be positive, got {width} x {height}")
    if art.width <= 0 or art.height <= 0:
        raise ValueError("fit_art needs a non-empty image")
    source = art if art.mode == "RGBA" else art.convert("RGBA")
    lanczos = Image.Resampling.LANCZOS
    if mode == "stretch":
        fitted = source.copy() if source.size == size else source.resize(size, lanczos)
        return _over_background(fitted, size, (0, 0), background)
    if mode == "contain":
        scale = min(width / source.width, height / source.height)
        inner = (
            max(1, min(width, round(source.width * scale))),
            max(1, min(height, round(source.height * scale))),
        )
        fitted = source.copy() if source.size == inner else source.resize(inner, lanczos)
        offset = ((width - inner[0]) // 2, (height - inner[1]) // 2)
        return _over_background(fitted, size, offset, background)
    if mode == "cover":
        box = _cover_box(source.size, size)
        fitted = source.copy() if source.size == size else source.resize(size, lanczos, box=box)
        return _over_background(fitted, size, (0, 0), background)
    raise ValueError(f'unknown fit mode "{mode}" (expected contain, cover or stretch)')


def _cover_box(art: tuple[int, int], size: tuple[int, int]) -> tuple[float, float, float, float]:
    """The centred part of the art that "cover" scales to `size`: the art's whole width or
    its whole height, whichever the box's aspect keeps, so the box never leaves the art.

    The aspects are compared in integers and the side that is kept is the art's own (not a
    scale's quotient rounded back, which could land a hair outside the art: Pillow refuses
    a box at -1e-14).
    """
    (art_w, art_h), (width, height) = art, size
    if width * art_h >= height * art_w:  # the box is wider than the art: keep its width
        crop_w, crop_h = float(art_w), min(float(art_h), art_w * height / width)
    else:  # the box is taller: keep the art's height
        crop_w, crop_h = min(float(art_w), art_h * width / height), float(art_h)
    left, top = (art_w - crop_w) / 2, (art_h - crop_h) / 2
    return (left, top, left + crop_w, top + crop_h)


def _over_background(
    fitted: Image.Image, size: tuple[int, int], offset: tuple[int, int], background: RGBA
) -> Image.Image:
    """`fitted` placed at `offset` on a canvas of `size` filled with `background`."""
    if background[3] == 0:
        if fitted.size == size:
            return fitted
        canvas = Image.new("RGBA", size, (0, 0, 0, 0))
        canvas.paste(fitted, offset)
        return canvas
    canvas = Image.new("RGBA", size, background)
    canvas.alpha_composite(fitted, dest=offset)
    return canvas
