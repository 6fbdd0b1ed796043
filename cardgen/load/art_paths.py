"""Art paths as a project names them: resolved relative to the game folder and held inside
the project, and written in messages as they were given.

Plain path work, no image is opened: layouts check their fixed images with it as they load,
and `cardgen.render.art` finds and reads the files.
"""

from __future__ import annotations

from pathlib import Path, PureWindowsPath

from cardgen.errors import CardgenError


def resolve_art(art: str, game_folder: Path, project_root: Path) -> Path:
    """The file an art path names: relative to the game folder, and inside the project.

    Windows separators are read as `/` (`art\\hero.png` is `art/hero.png` everywhere), then
    symlinks are followed before the check, so neither `..\\..\\x` nor a link may lead out
    of the project. Absolute paths, drive letters and empty strings are refused. The
    returned path is resolved but may not exist.
    """
    if not art.strip():
        raise CardgenError("art path is empty")
    if "\0" in art:
        raise CardgenError(f"{art_label(art)} contains a NUL character")
    windows = PureWindowsPath(art)
    if Path(art).is_absolute() or windows.is_absolute() or windows.drive or art[0] in "/\\":
        drive_only = windows.drive and not windows.root  # "C:art": relative to a drive
        what = f"names the drive {windows.drive}" if drive_only else "is an absolute path"
        raise CardgenError(f"{art_label(art)} {what}; give it relative to the game folder")
    try:
        root = project_root.resolve()
        target = (game_folder / art.replace("\\", "/")).resolve()
    except (OSError, RuntimeError) as exc:  # RuntimeError: a symlink loop
        raise CardgenError(f"{art_label(art)} cannot be resolved: {exc}") from None
    if not target.is_relative_to(root):
        raise CardgenError(f"{art_label(art)} is outside the project")
    return target


def _quote(text: str) -> str:
    """A path in double quotes for a message, with control characters made visible."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + "".join(c if c.isprintable() else repr(c)[1:-1] for c in escaped) + '"'


def art_label(art: str) -> str:
    """`art "path"` for a message: the path as written, control characters made visible."""
    return f"art {_quote(art)}"
