"""The images of a Tabletop Simulator save and where TTS finds them: sprite sheets (taken
from the cache when none of their cards changed, else made together on every core), board
tile pictures, their URLs (`cardgen.tts.hosting`: `file:///` on this machine, under
a `--base-url`, or from a `--url-map`), and the folder TTS keeps Saved Objects in
(`--install`).

Every image is made (or taken from the cache) and named by its bytes before any is written:
a `--url-map` that lacks one refuses the export with nothing written.
"""

from __future__ import annotations

import hashlib
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from PIL import Image

from cardgen.cache import Cache, digest, file_digest
from cardgen.errors import CardgenError
from cardgen.tts import sheets as tts_sheets
from cardgen.tts.hosting import Hosting
from cardgen.tts.ids import content_hash
from cardgen.write import Writer, atomic_write, slug

HASH_DIGITS = 8
"""Hex digits of an image's sha256 in its file name (one in 4 billion to share a stem's)."""


@dataclass(eq=False)
class SaveImage:
    """An image of the save, named by its content: `stem-<hash8>.<ext>` under the export
    folder, where `stem` is e.g. `sheets/visionary-1`. A sheet still to be made has no
    `name` until `TableImages.finish` made it, and no image has a `path` until written."""

    stem: str
    name: str | None = None
    data: bytes | None = None
    path: Path | None = None


def content_name(stem: str, data: bytes, ext: str) -> str:
    """The file name of an image of these bytes: its stem and the first 8 hex digits of
    the bytes' sha256, so an edited image gets a new URL and an unchanged one keeps its own."""
    return f"{stem}-{hashlib.sha256(data).hexdigest()[:HASH_DIGITS]}.{ext}"


class TableImages:
    """The sheets and tiles of one save, written under `out`, and their URLs."""

    def __init__(
        self,
        out: Path,
        writer: Writer,
        *,
        hosting: Hosting,
        fmt: tts_sheets.SheetFormat,
        quality: int,
        cache: Cache | None = None,
        image_keys: dict[Path, str] | None = None,
    ) -> None:
        self.cache = cache
        self.image_keys = image_keys or {}
        self.out = out
        self.writer = writer
        self.hosting = hosting
        self.fmt = fmt
        self.quality = quality
        self._images: list[SaveImage] = []  # in the order they were asked for
        self._pending: list[tuple[SaveImage, str | None, tts_sheets.SheetJob]] = []
        self._made: list[tuple[SaveImage, str]] = []  # sheets made here, for the cache
        self._links: list[tuple[dict[str, Any], str, SaveImage]] = []
        self._backs: dict[Path, SaveImage] = {}
        self._tile_urls: dict[str, str] = {}

    def url(self, name: str) -> str:
        """Where TTS loads the image `name` (`sheets/x-1a2b3c4d.jpg`) of the save from."""
        return self.hosting.url(name, self.writer.path(name))

    def _named(self, image: SaveImage, data: bytes, ext: str | None = None) -> str:
        """Give an image its bytes and its content name (written by `finish`); the name."""
        image.data, image.name = data, content_name(image.stem, data, ext or self.ext)
        return image.name

    @property
    def sheets(self) -> list[Path]:
        """Every image of the save written so far (sheets, backs, tiles), in the order
        they were asked for."""
        return [image.path for image in self._images if image.path is not None]

    @property
    def names(self) -> list[str]:
        """The paths in the export folder of the save's images known so far (each once),
        in the order they were asked for."""
        return list(dict.fromkeys(i.name for i in self._images if i.name is not None))

    def local_files(self) -> dict[str, Path]:
        """URL -> the file in the export folder, for every image of the save (once the
        images are made): what a picture of the table drawn here can open."""
        return {self.url(name): self.out / name for name in self.names}

    def link(self, entry: dict[str, Any], field: str, image: SaveImage) -> None:
        """Set `entry[field]` to the image's URL: now when it is named, else once
        `finish` made it (the entry keeps its place among the other keys meanwhile)."""
        if image.name is not None:
            entry[field] = self.url(image.name)
        else:
            entry.setdefault(field, "")
            self._links.append((entry, field, image))

    def sheet(
        self, stem: str, faces: list[tts_sheets.Face], layout: tts_sheets.SheetLayout
    ) -> SaveImage:
        """A sheet named after `stem` (`sheets/visionary-1`) and its bytes: taken from the
        cache when none of its cards changed, else made by `finish` (with the others, on
        every core)."""
        image = SaveImage(stem)
        self._images.append(image)
        key = None
        if self.cache is not None and all(f.path in self.image_keys for f in faces):
            key = digest(
                "sheet",
                [self.image_keys[f.path] for f in faces],
                [f.bleed_px for f in faces],
                layout.cols,
                layout.rows,
                layout.cell_w,
                layout.cell_h,
                self.fmt,
                self.quality,
            )
            hit = self.cache.get(key, self.ext)
            if hit is not None:
                self._named(image, hit[0])
                return image
        size = (layout.cell_w, layout.cell_h)
        cells = tuple(self._cell(f, size) for f in faces)
        job = tts_sheets.SheetJob(tuple(faces), layout, cells, self.fmt, self.quality)
        self._pending.append((image, key, job))
        return image

    def content(self, faces: list[tts_sheets.Face], layout: tts_sheets.SheetLayout) -> str:
        """What a sheet shows, as a hash: its cards' images (their bytes, not the cache keys
        that say how they were made, so that a new cardgen drawing the same cards gives the
        same JSON) and its grid. A new hash, hence a new deck key, makes TTS load the sheet
        again instead of an old copy."""
        images = [self._image_digest(f.path) for f in faces]
        grid = [layout.cols, layout.rows, layout.cell_w, layout.cell_h]
        bleeds = [f.bleed_px for f in faces]
        return content_hash("sheet content", images, bleeds, grid, self.fmt, self.quality)

    def _image_digest(self, path: Path) -> str:
        """The content hash of a card image: the one its cache entry holds, else read."""
        key = self.image_keys.get(path)
        known = self.cache.content_digest(key) if self.cache is not None and key else None
        return known or file_digest(path)

    def finish(self, workers: int) -> float:
        """Make the sheets `sheet` left to make, in parallel, fill in their URLs, check
        that every image has one (`Hosting.check`: else nothing is written), and write
        every image; the seconds it took."""
        started = time.perf_counter()
        pending, self._pending = self._pending, []
        made = tts_sheets.make_sheets([job for _, _, job in pending], workers)
        for (image, key, _), data in zip(pending, made, strict=True):
            self._named(image, data)
            if key is not None:
                self._made.append((image, key))
        links, self._links = self._links, []
        for entry, name, image in links:
            assert image.name is not None  # every sheet is made above
            entry[name] = self.url(image.name)
        self.hosting.check(self.names)
        self._write_all()
        return time.perf_counter() - started

    def _write_all(self) -> None:
        """Write every image not yet written (a file of the same bytes is left alone),
        and keep the sheets made here in the cache."""
        for image in self._images:
            if image.path is None and image.name is not None and image.data is not None:
                image.path = self.writer.write_if_changed(image.name, image.data)
        made, self._made = self._made, []
        for image, key in made:
            if self.cache is not None and image.path is not None and image.data is not None:
                self.cache.put(key, image.data, {}, self.ext, source=image.path)
        for image in self._images:
            image.data = None  # written: the bytes are not needed any more

    def _cell(self, face: tts_sheets.Face, size: tuple[int, int]) -> Path | None:
        """The file of the face's cell the renderer made beside the card, if cached."""
        from cardgen.render.game import CELL_EXT, cell_key

        key = self.image_keys.get(face.path)
        if self.cache is None or key is None:
            return None
        return self.cache.data_path(cell_key(key, size), CELL_EXT)

    def back(self, back: tts_sheets.Face, back_id: str) -> SaveImage:
        """A card back's one-card sheet, made once however many decks use it."""
        if back.path not in self._backs:
            layout = tts_sheets.SheetLayout(1, 1, *tts_sheets.trim_size(back))
            self._backs[back.path] = self.sheet(f"sheets/back-{slug(back_id)}", [back], layout)
        return self._backs[back.path]

    def tile_url(self, name: str, picture: Image.Image) -> str:
        """The URL of a picture of a board tile, token, die or mat (`tiles/<name>`), written
        once however many objects use it; a picture with an alpha channel (a token TTS cuts
        along it) as PNG, whatever the sheets' format."""
        stem = f"tiles/{name}"
        if stem not in self._tile_urls:
            tile = SaveImage(stem)
            self._images.append(tile)
            if picture.mode == "RGBA":
                from cardgen.render.png import encode_png

                named = self._named(tile, encode_png(picture), "png")
            else:
                named = self._named(tile, tts_sheets.encode(picture, self.fmt, self.quality))
            self._tile_urls[stem] = self.url(named)
        return self._tile_urls[stem]

    def document_url(self, stem: str, data: bytes, ext: str) -> str:
        """The URL of a document of the save (`rules/rulebook`, a PDF), named by its bytes
        and written, listed and hosted as the images are."""
        document = SaveImage(stem)
        self._images.append(document)
        return self.url(self._named(document, data, ext))

    @property
    def ext(self) -> str:
        """The file extension of the sheets' format."""
        return "png" if self.fmt == "png" else "jpg"


def saved_objects_folder() -> Path:
    """Where Tabletop Simulator keeps Saved Objects on this operating system."""
    home = Path.home()
    if sys.platform.startswith("win"):
        return home / "Documents" / "My Games" / "Tabletop Simulator" / "Saves" / "Saved Objects"
    if sys.platform == "darwin":
        return home / "Library" / "Tabletop Simulator" / "Saves" / "Saved Objects"
    return home / ".local" / "share" / "Tabletop Simulator" / "Saves" / "Saved Objects"


def install_saved_object(json_path: Path, thumbnail: Path) -> Path:
    """Copy a saved object and its thumbnail into TTS's Saved Objects; where the JSON went."""
    target = saved_objects_folder()
    atomic_write(target / json_path.name, json_path.read_bytes())
    atomic_write(target / thumbnail.name, thumbnail.read_bytes())
    return target / json_path.name


def check_base_url(url: str) -> str:
    """A --base-url must be an http(s) URL with a host."""
    try:
        parsed = urlparse(url)
    except ValueError:  # e.g. a malformed IPv6 host
        parsed = urlparse("")
    if (
        parsed.scheme not in ("http", "https")
        or not parsed.hostname
        or any(c.isspace() or not c.isprintable() for c in url)
    ):
        raise CardgenError(
            f'--base-url must be an http:// or https:// URL with a host and no spaces, not "{url}"'
        )
    return url
