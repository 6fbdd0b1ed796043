"""`--url-map FILE`: each image's own URL, for hosts that give every file its own address
(Steam Cloud, Imgur, Dropbox).

The file is a JSON object `{"visionary-1-9f992b88.jpg": "https://...", ...}` or a CSV of
two columns, image and URL, with an optional header row `file,url` (UTF-8, a BOM and CRLF
line ends welcome, a URL holding a comma quoted; `;` or a tab between the columns as a
spreadsheet may write them). An image is named by its file name or by
its path in the export folder (`sheets/visionary-1-9f992b88.jpg`). Every problem is told
with its place (the CSV line, or the JSON key) and all are reported at once; a URL must be
http(s); a Dropbox link that serves its web page instead of the image is warned about, and
so is an Imgur page link (`imgur.com/<id>`, not `i.imgur.com/<id>.png`).
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import parse_qs, urlparse

from cardgen.errors import CardgenError, ErrorCollector, Location, display_path
from cardgen.fuzzy import closest

HEADER = ("file", "url")
MAX_TOLD = 20
"""Problems of a map told one by one; the rest are counted (a list of paths given as a map
would otherwise be an error a line)."""
DELIMITERS = (",", ";", "\t")
"""Column separators of a CSV map: a comma, or the one its first row is split by (a
spreadsheet saving CSV where the comma is the decimal sign writes `;`)."""
_HASHED = re.compile(r"(?P<stem>.+)-[0-9a-f]{8}(?P<ext>\.[a-z]+)")
"""An image's content name: its stem, 8 hex digits of its bytes' sha256, its extension."""


@dataclass
class UrlMap:
    """Image name (a file name, or a path in the export folder) -> URL, from `source`."""

    source: Path
    entries: dict[str, str] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)

    def get(self, name: str) -> str | None:
        """The URL of the image `name` (`sheets/x-1a2b3c4d.jpg`): its path's entry, else
        its file name's."""
        return self.entries.get(name) or self.entries.get(PurePosixPath(name).name)

    def unused(self, names: list[str]) -> list[str]:
        """The entries that name none of `names` (maps are reused across exports)."""
        used = set(names) | {PurePosixPath(n).name for n in names}
        return [key for key in self.entries if key not in used]

    def hint(self, name: str, names: list[str]) -> str:
        """What the map holds instead of the image `name` it lacks: an entry of the same
        stem under another hash (an older version), or one spelled nearly alike."""
        unused = self.unused(names)
        wanted = _HASHED.fullmatch(PurePosixPath(name).name)
        for key in unused:
            found = _HASHED.fullmatch(PurePosixPath(key).name)
            if wanted and found and found.group("stem", "ext") == wanted.group("stem", "ext"):
                return f" (the map has {key}, an older version)"
        close = closest(PurePosixPath(name).name, [PurePosixPath(k).name for k in unused])
        return f' (the map has "{close}", spelled nearly alike)' if close else ""


def load_url_map(path: Path) -> UrlMap:
    """Read and check a URL map (JSON when it is `.json` or starts with `{`, else CSV)."""
    where = display_path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CardgenError(f"cannot read the URL map: {exc.strerror}", Location(where)) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise CardgenError("the URL map is not UTF-8 text", Location(where, line)) from None
    url_map = UrlMap(path)
    errors = ErrorCollector()
    if path.suffix.lower() == ".json" or text.lstrip().startswith("{"):
        rows = _json_rows(text, where)
    else:
        rows = _csv_rows(text, where, errors)
    seen: dict[str, Location] = {}
    for name, url, place in rows:
        key = _key(name)
        if not key:
            errors.add("an image name is empty", place)
            continue
        problem = _url_problem(url)
        if problem:
            errors.add(f"{problem} for {key}: {json.dumps(url, ensure_ascii=False)}", place)
            continue
        if key in url_map.entries and url_map.entries[key] != url:
            first = seen[key]
            told = f"on line {first.line}" if first.line else f"at {first}"
            errors.add(f"{key} is given another URL {told} already", place)
            continue
        url_map.entries[key], seen[key] = url, place
        if _dropbox_page(url):
            url_map.warnings.append(
                f"{place}: the Dropbox link for {key} serves Dropbox's web page, not the"
                " image: end it in dl=1 (or raw=1) instead of dl=0"
            )
        if _imgur_page(url):
            url_map.warnings.append(
                f"{place}: the Imgur link for {key} is Imgur's page, not the image: use"
                " the image's direct link (https://i.imgur.com/<id>.jpg)"
            )
    errors.errors.sort(key=lambda error: (error.location and error.location.line) or 0)
    errors.raise_if_any(MAX_TOLD, Location(where))
    return url_map


def _json_rows(text: str, where: str) -> list[tuple[str, str, Location]]:
    """(name, URL, place) of each key of a JSON object; a value that is not a string, or
    a file that is not one object, is an error."""
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardgenError(f"not valid JSON: {exc.msg}", Location(where, exc.lineno)) from None
    except RecursionError:
        raise CardgenError("not valid JSON: nested too deep", Location(where)) from None
    if not isinstance(data, dict):
        raise CardgenError(
            "a JSON URL map is one object of image name -> URL", Location(where)
        ) from None
    rows = []
    errors = ErrorCollector()
    for name, url in data.items():
        place = Location(f"{where}: key {json.dumps(name, ensure_ascii=False)}")
        if not isinstance(url, str):
            errors.add("the URL must be a string", place)
            continue
        rows.append((name, url, place))
    errors.raise_if_any()
    return rows


def _csv_rows(text: str, where: str, errors: ErrorCollector) -> list[tuple[str, str, Location]]:
    """(name, URL, place) of each row of a two-column CSV (blank rows skipped, a first
    row `file,url` taken for a header); a row of another width is an error."""
    first_row = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = _delimiter(first_row)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    named = {",": "a comma", ";": "a semicolon", "\t": "a tab"}[delimiter]
    rows = []
    first, start = True, 1
    try:
        for row in reader:
            place = Location(where, start)
            start = reader.line_num + 1
            cells = [cell.strip() for cell in row]
            if not any(cells):
                continue
            if first and tuple(c.casefold() for c in cells) == HEADER:
                first = False
                continue
            first = False
            if len(cells) != 2:
                errors.add(
                    f"a row holds two cells, image and URL, not {len(cells)}"
                    f" (quote a URL that holds {named})",
                    place,
                )
                continue
            rows.append((cells[0], cells[1], place))
    except csv.Error as exc:
        errors.add(f"not valid CSV: {exc}", Location(where, reader.line_num))
    return rows


def _delimiter(row: str) -> str:
    """The column separator that makes `row` a header or an image and an http(s) URL (a
    comma when none does)."""
    for delimiter in DELIMITERS:
        cells = [cell.strip() for cell in next(csv.reader([row], delimiter=delimiter), [])]
        if len(cells) == 2 and (
            tuple(c.casefold() for c in cells) == HEADER
            or cells[1].lower().startswith(("http://", "https://"))
        ):
            return delimiter
    return ","


def _key(name: str) -> str:
    """An image name as the map keeps it: `/` for `\\`, no leading `./`."""
    key = name.strip().replace("\\", "/")
    while key.startswith("./"):
        key = key[2:]
    return key


def _url_problem(url: str) -> str | None:
    """Why `url` cannot be an image's URL in a save (None when it can)."""
    try:
        parsed = urlparse(url)
        host = parsed.hostname
    except ValueError:  # e.g. a malformed IPv6 host
        return "not a URL"
    if parsed.scheme.lower() not in ("http", "https"):
        return "not an http:// or https:// URL"
    if not host:
        return "no host in the URL"
    if any(c.isspace() or not c.isprintable() for c in url):
        return "a space or control character in the URL"
    return None


def _dropbox_page(url: str) -> bool:
    """A Dropbox share link that serves its preview page: `dl=0`, or neither `dl=1` nor
    `raw=1` (dl.dropboxusercontent.com serves the file itself)."""
    parsed = urlparse(url)
    host = (parsed.hostname or "").lower()
    if not (host == "dropbox.com" or host.endswith(".dropbox.com")):
        return False
    query = parse_qs(parsed.query)
    return query.get("dl") != ["1"] and query.get("raw") != ["1"]


def _imgur_page(url: str) -> bool:
    """An Imgur link to the page that shows an image (`imgur.com/<id>`, an album `/a/<id>`
    or a gallery `/gallery/<id>`), not to the image itself (`i.imgur.com/<id>.png`)."""
    host = (urlparse(url).hostname or "").lower()
    return host in ("imgur.com", "www.imgur.com", "m.imgur.com")
