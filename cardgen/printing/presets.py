"""Papers and print-shop presets read from data: the built-in ones (`cardgen/print_presets/`,
one file of each) and a project's own (`papers/` and `shops/` beside `decks/`, one file a
paper or a preset, named by the file), each validated (`model.print_specs`) with the file
and line of every problem.

A project's paper or preset may not take a built-in name (nor `home`, which prints on the
printer at hand). Sizes are turned into points by ReportLab's own units, so `210mm` is
exactly ReportLab's A4 width.
"""

from __future__ import annotations

import functools
import re
from importlib.resources import files
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel
from reportlab.lib import units

from cardgen.errors import CardgenError, ErrorCollector, Location, display_path
from cardgen.load.validation import validate_yaml
from cardgen.load.yaml import load_yaml
from cardgen.model.print_specs import PaperSpec, ShopPreset

PAPERS_FOLDER = "papers"
SHOPS_FOLDER = "shops"
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
"""A project paper's or preset's name: its file's name without `.yaml`, lower case."""
POINTS: dict[str, float] = {"mm": units.mm, "cm": units.cm, "in": units.inch, "pt": 1.0}
Spec = TypeVar("Spec", bound=BaseModel)


def _builtin_file(name: str) -> Path:
    return Path(str(files("cardgen") / "print_presets" / name))


def _read_builtin(name: str, model: type[Spec]) -> dict[str, Spec]:
    """Every entry of a built-in file (a mapping of name to spec), in its order."""
    doc = load_yaml(_builtin_file(name))
    return {key: validate_yaml(model, doc, value, [key]) for key, value in doc.data.items()}


@functools.cache
def builtin_papers() -> dict[str, PaperSpec]:
    """The built-in papers by name, in the order they are listed."""
    return _read_builtin("papers.yaml", PaperSpec)


@functools.cache
def builtin_shops() -> dict[str, ShopPreset]:
    """The built-in print-shop presets by name."""
    return _read_builtin("shops.yaml", ShopPreset)


def _read_folder(folder: Path, model: type[Spec], taken: set[str], what: str) -> dict[str, Spec]:
    """Each `*.yaml` file of a project's folder, validated, by its name; every problem of
    every file reported at once."""
    if not folder.is_dir():
        return {}
    errors = ErrorCollector()
    found: dict[str, Spec] = {}
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() not in (".yaml", ".yml") or not path.is_file():
            continue
        name = path.stem
        where = Location(display_path(path), None)
        if not NAME.fullmatch(name):
            errors.add(f'"{name}" is not a {what} name: lower case, digits, - and _', where)
        elif name in taken:
            errors.add(f"{name} is a built-in {what}: name yours otherwise", where)
        else:
            try:
                found[name] = validate_yaml(model, load_yaml(path))
            except CardgenError as exc:
                errors.extend([exc])
    errors.raise_if_any()
    return found


def project_papers(root: Path | None) -> dict[str, PaperSpec]:
    """A project's own papers (`papers/*.yaml`) by name; none without a project."""
    if root is None:
        return {}
    return _read_folder(root / PAPERS_FOLDER, PaperSpec, set(builtin_papers()), "paper")


def project_shops(root: Path | None) -> dict[str, ShopPreset]:
    """A project's own print-shop presets (`shops/*.yaml`) by name; none without one."""
    if root is None:
        return {}
    taken = {*builtin_shops(), "home"}
    return _read_folder(root / SHOPS_FOLDER, ShopPreset, taken, "print-shop preset")


def points(length: str) -> float:
    """A sheet length (`210mm`) in points."""
    found = re.fullmatch(r"\s*([0-9.]+)\s*(mm|cm|in|pt)\s*", length)
    if found is None:  # pragma: no cover - the model's pattern holds it
        raise CardgenError(f'"{length}" is not a length in mm, cm, in or pt')
    return float(found.group(1)) * POINTS[found.group(2)]


def paper_points(spec: PaperSpec) -> tuple[float, float]:
    """A paper's size in points, short side first (portrait)."""
    low, high = sorted((points(spec.width), points(spec.height)))
    return (low, high)
