"""Reading a text file safely: UTF-8 with or without BOM, CRLF or LF, with clear errors."""

from __future__ import annotations

from pathlib import Path

from cardgen.errors import CardgenError, Location, display_path

MAX_TEXT_BYTES = 50 * 1024 * 1024
"""Largest data file we read (50 MB): a bigger deck list or pool is refused, not parsed."""


def read_text(path: Path, *, allow_empty: bool = False) -> str:
    """Return the text of `path`, newlines normalised to LF and any BOM removed.

    Raises CardgenError (exit 2) naming the file for: a missing file, a folder, an empty
    file, a binary file, text that is not UTF-8 (with the line of the first bad byte).
    """
    shown = display_path(path)
    if path.is_dir():
        raise CardgenError("is a folder, expected a file", Location(shown))
    try:
        size = path.stat().st_size
        if size > MAX_TEXT_BYTES:
            raise CardgenError(
                f"file is too large ({size:,} bytes; the limit is {MAX_TEXT_BYTES:,})",
                Location(shown),
            )
        data = path.read_bytes()
    except FileNotFoundError:
        raise CardgenError("no such file", Location(shown)) from None
    except OSError as exc:
        raise CardgenError(f"cannot read: {exc.strerror}", Location(shown)) from None
    if not data.strip() and not allow_empty:
        raise CardgenError("file is empty", Location(shown, 1))
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
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
    return text.replace("\r\n", "\n").replace("\r", "\n")
