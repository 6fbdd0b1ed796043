"""Where outputs may go: `--out`, and the project's own `output/` folder, held to one rule.

No output goes among the project's sources (`decks/`, `layouts/`), into cardgen's own
package, at the home folder itself or at a filesystem root. The project's `output/` folder
and each game's folder in it, `output/<game>/`, are resolved first: a symlink there (a
cloned project can carry one) is followed only where `--out` could point, and neither may be
the project folder itself or a folder that holds it. The folders cardgen keeps in them (the
caches) must stay inside them, as every file a `Writer` writes does.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from cardgen.errors import CardgenError, Location, display_path

OUTPUT = "output"
"""The project's output folder: `output/<game>/` for each game."""
PAPERS = ("a4", "letter")
"""The papers a game's printed outputs are written for (its PDFs, posters, components,
rulebook)."""


def _refusal(folder: Path, project_root: Path, *, file: bool = False) -> tuple[str, str] | None:
    """Why outputs may not go into the resolved `folder`: (`root`, `home` or `into`, the
    place), or None. `file`: a file is written there (a PDF), so the home folder is fine."""
    import cardgen

    if folder == Path(folder.anchor):
        return "root", "a filesystem root"
    if folder == Path.home().resolve() and not file:
        return "home", "your home folder itself"
    project = project_root.resolve()
    for source, what in (
        (project / "decks", "the project's decks/ (its game data)"),
        (project / "layouts", "the project's layouts/"),
        (Path(cardgen.__file__).resolve().parent, "cardgen's own package"),
    ):
        if folder.is_relative_to(source):
            return "into", what
    return None


def check_out(path: Path, project_root: Path, *, file: bool = False, option: str = "--out") -> Path:
    """Refuse an `--out` (or another `option`) that would write among the project's sources
    (decks/, layouts/), into cardgen's own package, the home folder itself or a filesystem
    root. `file`: the option names a file (a PDF), so its folder is what is checked (a file
    directly in the home folder is fine; a folder of outputs spilled into it is not)."""
    if file and path.is_dir():
        raise CardgenError(
            f"{option} names a folder; give the file to write, e.g. box.pdf",
            Location(display_path(path)),
        )
    refused = _refusal((path.parent if file else path).resolve(), project_root, file=file)
    if refused is not None:
        kind, what = refused
        problem = {
            "root": f"must not be {what}",
            "home": f"must not be {what}: name a folder in it",
            "into": f"must not point into {what}: outputs go elsewhere",
        }[kind]
        raise CardgenError(f"{option} {problem}", Location(display_path(path)))
    return path


def _shown(path: Path) -> str:
    """`path` as users wrote it: relative to the working directory when inside it, and
    not resolved (a symlink is named, not where it leads)."""
    absolute, here = Path(os.path.abspath(path)), Path.cwd()
    return str(absolute.relative_to(here)) if absolute.is_relative_to(here) else str(path)


def _a_folder(folder: Path, path: Path) -> None:
    """A file where cardgen puts a folder is one line (else: a folder, or nothing yet)."""
    if folder.exists() and not folder.is_dir():
        reason = f"{os.strerror(errno.ENOTDIR)} (a file is where cardgen puts a folder)"
        raise CardgenError(reason, Location(_shown(path)))


def _held(path: Path, project_root: Path) -> Path:
    """`path` (the output folder, or a game's), resolved, if outputs may go there."""
    folder = path.resolve()
    refused = _refusal(folder, project_root)
    if refused is None and project_root.resolve().is_relative_to(folder):
        refused = "holds", "the project folder, or a folder that holds it"
    if refused is None:
        _a_folder(folder, path)
        return folder
    kind, what = refused
    place = f"inside {what}" if kind == "into" else what
    if folder == Path(os.path.abspath(path)):
        problem = f"is {place}: outputs must not go there"
    else:
        problem = (
            f"leads to {display_path(folder)} (a symlink), {place}: outputs must not go there;"
            " remove the link or point it elsewhere"
        )
    raise CardgenError(problem, Location(_shown(path)))


def output_folder(project_root: Path) -> Path:
    """The project's `output/` folder, resolved and held to the rule of `--out`."""
    return _held(project_root / OUTPUT, project_root)


def game_folder(project_root: Path, game: str) -> Path:
    """`output/<game>/`, resolved and held to the rule of `--out`: what a build writes."""
    return _held(output_folder(project_root) / game, project_root)


def kept_inside(path: Path, root: Path) -> Path:
    """A folder cardgen keeps inside the resolved output folder `root` (a cache), resolved;
    refused where a symlink leads it out of `root`."""
    folder = path.resolve()
    if folder.is_relative_to(root):
        _a_folder(folder, path)
        return folder
    raise CardgenError(
        f"leads outside the output folder (to {display_path(folder)}, a symlink); cardgen"
        " keeps it inside: remove the link",
        Location(_shown(path)),
    )
