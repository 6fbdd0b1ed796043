"""Where Tabletop Simulator finds the images of an export folder: `file:///` URLs on this
machine, the same paths under a `--base-url` (a host with folders), or each image's own URL
from a `--url-map` (a host that gives every file its own address).

A file URL is written as RFC 8089 spells it, every byte of the path's UTF-8 but the
unreserved characters and `/` percent-encoded: `file:///C:/Users/Zo%C3%AB%20M/...` on
Windows, `file://server/share/...` for a UNC path, `file:///home/...` on macOS and Linux.
TTS hands a URL to Unity's UnityWebRequest, which reads it with .NET's `System.Uri`, whose
`LocalPath` decodes the escapes again; a raw `#`, `?` or `%` would be read as a fragment, a
query or an escape instead (docs/tts.md, "File URLs", gives the sources).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path, PurePath, PurePosixPath, PureWindowsPath
from typing import Literal
from urllib.parse import quote

from cardgen.errors import CardgenError, Location, display_path
from cardgen.tts.url_map import UrlMap

System = Literal["windows", "macos", "linux"]
"""The operating system a file URL is written for (macOS and Linux spell paths alike)."""


def current_system() -> System:
    """The operating system cardgen runs on, as `file_url` takes it."""
    if sys.platform.startswith("win"):
        return "windows"
    return "macos" if sys.platform == "darwin" else "linux"


def _quoted(text: str) -> str:
    """`text` with every byte of its UTF-8 but `A-Z a-z 0-9 - . _ ~` and `/` escaped."""
    return quote(text, safe="/", encoding="utf-8", errors="surrogateescape")


def file_url(path: str | PurePath, system: System) -> str:
    """The `file:` URL of an absolute path on `system`: percent-encoded UTF-8, a Windows
    drive as `file:///C:/...`, a UNC path `\\\\server\\share\\...` as `file://server/share/...`
    (the `\\\\?\\` long-path prefix dropped). A relative path is refused (ValueError)."""
    if system != "windows":
        posix = PurePosixPath(path)
        if not posix.is_absolute():
            raise ValueError(f"a file URL needs an absolute path, not {str(path)!r}")
        return "file://" + _quoted("/" + posix.as_posix().lstrip("/"))
    text = str(path)
    if text.startswith(("\\\\?\\UNC\\", "//?/UNC/")):
        text = "\\\\" + text[8:]
    elif text.startswith(("\\\\?\\", "//?/")):
        text = text[4:]
    windows = PureWindowsPath(text)
    if not windows.is_absolute():
        raise ValueError(f"a file URL needs an absolute path, not {text!r}")
    parts = windows.parts[1:]
    if windows.drive.startswith(("\\\\", "//")):  # UNC: \\server\share
        server, share = windows.drive.lstrip("\\/").replace("\\", "/").split("/", 1)
        return f"file://{_quoted(server)}/{'/'.join(_quoted(p) for p in (share, *parts))}"
    return f"file:///{windows.drive}/{'/'.join(_quoted(p) for p in parts)}"


@dataclass
class Hosting:
    """How the images written under `folder` are addressed in a save: a URL for each name
    (`sheets/visionary-1-9f992b88.jpg`), and the names a `--url-map` lacks."""

    folder: Path
    base_url: str | None = None
    url_map: UrlMap | None = None
    system: System = field(default_factory=current_system)
    missing: list[str] = field(default_factory=list)

    def url(self, name: str, path: Path) -> str:
        """The URL of the image `name`, written at `path`: from the map (empty, and noted
        as missing, when the map lacks it), under the base URL, or a file URL."""
        if self.url_map is not None:
            found = self.url_map.get(name)
            if found is None:
                if name not in self.missing:
                    self.missing.append(name)
                return ""
            return found
        if self.base_url:
            return f"{self.base_url.rstrip('/')}/{name}"
        return file_url(path, self.system)

    def check(self, names: list[str]) -> None:
        """Refuse the export, naming every image of `names` the map lacks, in one error
        (nothing is written before this check)."""
        if self.url_map is None or not self.missing:
            return
        missing = sorted(self.missing, key=names.index)
        listed = [f"{name}{self.url_map.hint(name, names)}" for name in missing]
        raise CardgenError(
            f"the URL map lacks {len(missing)} of this save's {len(names)} images: "
            + ", ".join(listed)
            + " (upload them and add their URLs; nothing was written)",
            Location(display_path(self.url_map.source)),
        )

    def notes(self, names: list[str]) -> list[str]:
        """What the map holds beyond this save (entries for other exports are fine)."""
        if self.url_map is None:
            return []
        unused = self.url_map.unused(names)
        if not unused:
            return []
        where = display_path(self.url_map.source)
        told = "1 entry names" if len(unused) == 1 else f"{len(unused)} entries name"
        return [f"{where}: {told} no image of this save (fine: maps serve several exports)"]
