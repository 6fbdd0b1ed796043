"""Reading a text file safely: UTF-8 with or without BOM, CRLF or LF, with clear errors."""

from __future__ import annotations

import stat
from pathlib import Path

from cardgen.errors import CardgenError, Location, display_path

MAX_TEXT_BYTES = 50 * 1024 * 1024
"""Largest data file we read (50 MB): a bigger deck list or pool is refused, not parsed."""


UTF16_32_BOMS = (
    (b"\xff\xfe\x00\x00", "UTF-32"),
    (b"\x00\x00\xfe\xff", "UTF-32"),
    (b"\xff\xfe", "UTF-16"),
    (b"\xfe\xff", "UTF-16"),
)
"""Byte order marks of the encodings Excel and Notepad save as "Unicode"."""


def check_inside(path: Path, root: Path, shown: str | None = None) -> None:
    """Refuse a file that is not inside the project `root` once `..` and symlinks are
    followed: game folders and layouts may come from strangers, and must not read
    (and put on cards) files from elsewhere on the disk."""
    try:
        target = path.resolve()
        inside = target.is_relative_to(root.resolve())
    except (OSError, RuntimeError):  # RuntimeError: a symlink loop
        raise CardgenError(
            "cannot be resolved (a symlink loop?)", Location(shown or display_path(path))
        ) from None
    if not inside:
        raise CardgenError(
            f"leads outside the project (to {target}); cardgen reads a game's files only"
            " from inside the project folder: copy the file in instead of linking to it",
            Location(shown or display_path(path)),
        )


def read_bytes(
    path: Path,
    *,
    allow_empty: bool = False,
    limit: int = MAX_TEXT_BYTES,
    root: Path | None = None,
) -> bytes:
    """The bytes of `path`, or a CardgenError (exit 2) naming the file for: a missing file,
    a folder, a device, an empty file, a file over `limit` bytes (checked before reading).
    With `root`, a file outside that folder (through `..` or a symlink) is refused too."""
    shown = display_path(path)
    if root is not None:
        check_inside(path, root, shown)
    if path.is_dir():
        raise CardgenError("is a folder, expected a file", Location(shown))
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):  # a device or a pipe: it may never end
            raise CardgenError("not a regular file", Location(shown))
        if info.st_size > limit:
            raise CardgenError(
                f"file is too large ({info.st_size:,} bytes; the limit is {limit:,})",
                Location(shown),
            )
        with path.open("rb") as stream:
            data = stream.read(limit + 1)
        if len(data) > limit:  # it grew while we looked
            raise CardgenError(f"file is too large (the limit is {limit:,})", Location(shown))
    except FileNotFoundError:
        raise CardgenError("no such file", Location(shown)) from None
    except OSError as exc:
        raise CardgenError(f"cannot read: {exc.strerror}", Location(shown)) from None
    if not data.strip() and not allow_empty:
        raise CardgenError("file is empty", Location(shown, 1))
    return data


def read_text(
    path: Path,
    *,
    allow_empty: bool = False,
    limit: int = MAX_TEXT_BYTES,
    root: Path | None = None,
) -> str:
    """Return the text of `path`, newlines normalised to LF and any BOM removed.

    Raises CardgenError (exit 2) naming the file for what `read_bytes` refuses, a binary
    file, UTF-16 or UTF-32 text, text that is not UTF-8 (with the line of the first bad
    byte).
    """
    data = read_bytes(path, allow_empty=allow_empty, limit=limit, root=root)
    shown = display_path(path)
    for bom, encoding in UTF16_32_BOMS:
        if data.startswith(bom):
            raise CardgenError(
                f"the file is {encoding} text; save it as UTF-8"
                " (in Excel: CSV UTF-8; in an editor: encoding UTF-8)",
                Location(shown, 1),
            )
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        if _utf16_order(data) is not None:
            raise CardgenError(
                "the file looks like UTF-16 text; save it as UTF-8", Location(shown, line)
            )
        raise CardgenError("binary file, expected UTF-8 text (NUL byte)", Location(shown, line))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise CardgenError(
            f"not UTF-8 text (byte 0x{data[exc.start]:02x}); save the file as UTF-8",
            Location(shown, line, col),
        ) from None
    return _lf(text)


def _lf(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _utf16_order(data: bytes) -> str | None:
    """`utf-16-le` or `utf-16-be` for text without a BOM whose every other byte is mostly
    NUL (Latin letters in UTF-16), else None."""
    even, odd = data[0::2].count(0), data[1::2].count(0)
    if max(even, odd) <= len(data) // 4:
        return None
    return "utf-16-le" if odd > even else "utf-16-be"


LEGACY_ENCODINGS = ("cp1252", "latin-1")
"""What a file that is not UTF-8 is read as: Windows-1252 (Excel's "CSV" on Western
Windows), else Latin-1 (which reads any byte)."""


def read_exported_text(path: Path, *, root: Path | None = None) -> tuple[str, str]:
    """The text of a table a spreadsheet exported, and the encoding it was read as.

    Spreadsheets export in more encodings than cardgen's own files allow: UTF-8 with or
    without a BOM, UTF-16 or UTF-32 with a BOM (Excel's "Unicode text"), UTF-16 without
    one, and the legacy Windows-1252 / Latin-1 of Excel's plain "CSV". Newlines become LF.
    A file with NUL bytes that is not UTF-16 is refused as binary."""
    data = read_bytes(path, root=root)
    shown = display_path(path)
    for bom, encoding in (*UTF16_32_BOMS, (b"\xef\xbb\xbf", "UTF-8")):
        if data.startswith(bom):
            codec = {"UTF-32": "utf-32", "UTF-16": "utf-16", "UTF-8": "utf-8-sig"}[encoding]
            return _decode(data, codec, shown), codec
    if b"\x00" in data:
        order = _utf16_order(data)
        if order is None:
            line = data[: data.index(b"\x00")].count(b"\n") + 1
            raise CardgenError("binary file, expected text (NUL byte)", Location(shown, line))
        return _decode(data, order, shown), order
    try:
        return _lf(data.decode("utf-8")), "utf-8"
    except UnicodeDecodeError:
        pass
    for codec in LEGACY_ENCODINGS:
        try:
            return _lf(data.decode(codec)), codec
        except UnicodeDecodeError:
            continue
    raise AssertionError("latin-1 decodes any byte")  # pragma: no cover


def _decode(data: bytes, codec: str, shown: str) -> str:
    try:
        return _lf(data.decode(codec))
    except UnicodeDecodeError as exc:
        # utf-8-sig counts from after its BOM, the UTF-16 and UTF-32 codecs from the start
        at = exc.start + (3 if codec == "utf-8-sig" else 0)
        line = data[:at].decode(codec, errors="replace").count("\n") + 1
        raise CardgenError(
            f"not valid {codec.upper()} text (at byte {at:,}); save the file as UTF-8",
            Location(shown, line),
        ) from None
