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


def read_text(
    path: Path,
    *,
    allow_empty: bool = False,
    limit: int = MAX_TEXT_BYTES,
    root: Path | None = None,
) -> str:
    """Return the text of `path`, newlines normalised to LF and any BOM removed.

    Raises CardgenError (exit 2) naming the file for: a missing file, a folder, an empty
    file, a file over `limit` bytes (checked before reading), a binary file, UTF-16 or
    UTF-32 text, text that is not UTF-8 (with the line of the first bad byte). With
    `root`, a file outside that folder (through `..` or a symlink) is refused too.
    """
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
    for bom, encoding in UTF16_32_BOMS:
        if data.startswith(bom):
            raise CardgenError(
                f"the file is {encoding} text; save it as UTF-8"
                " (in Excel: CSV UTF-8; in an editor: encoding UTF-8)",
                Location(shown, 1),
            )
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        if max(data[0::2].count(0), data[1::2].count(0)) > len(data) // 4:
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
    return text.replace("\r\n", "\n").replace("\r", "\n")
