"""Which layout files a game reads and uses: a `.yml` file or a misnamed layouts folder is
never read, and a layout no card type, back or component draws with and no layout extends
is drawn for nothing (SC501)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from cardgen.check.findings import Finding
from cardgen.errors import display_path
from cardgen.fuzzy import closest, did_you_mean
from cardgen.load.layouts import BUILTIN_PREFIX, LayoutSet
from cardgen.model.components import layout_names
from cardgen.project import Project


def unread_files(root: Path, game_id: str) -> Iterator[Finding]:
    """Layouts cardgen never reads: `*.yml` files (layouts end in `.yaml`), and a folder
    named nearly as the game when `layouts/<game>/` does not exist."""
    folder = root / "layouts" / game_id
    for path in sorted(folder.glob("*.yml")) if folder.is_dir() else []:
        yield Finding(
            "layout-unused",
            "SC501",
            f"{path.name} is not read: layout files end in .yaml (rename it {path.stem}.yaml)",
            display_path(path),
            None,
        )
    if folder.is_dir() or not folder.parent.is_dir():
        return
    games = set(Project(root).game_ids())
    others = [p.name for p in folder.parent.iterdir() if p.is_dir() and p.name not in games]
    near = closest(game_id, others)
    if near is not None:
        yield Finding(
            "layout-unused",
            "SC501",
            f"layouts/{near}/ is not read: the layouts of game {game_id} are in"
            f" layouts/{game_id}/ (its cards are drawn with the built-in layouts)",
            display_path(folder.parent / near),
            None,
        )


def unused_layouts(layouts: LayoutSet) -> Iterator[Finding]:
    """Layout files drawn for nothing: no type, back or component of theirs, no child."""
    game = layouts.game
    backs = sorted({ctype.back for ctype in game.types.values()} | set(game.backs))
    used = {t for t in game.types if t in layouts.layouts} | layout_names(game.components)
    used.update(layouts.for_back(b).name for b in backs)
    parents = {parent for named in layouts.parents.values() for parent in named}
    bare = [t for t in game.types if t not in layouts.layouts]
    wanted = bare + [f"back-{b}" for b in backs if f"back-{b}" not in layouts.layouts]
    for name, doc in layouts.documents.items():
        if name.startswith(BUILTIN_PREFIX) or name in used or name in parents:
            continue
        if bare:
            why = f"types drawn with the built-in layout: {', '.join(bare)}"
        else:
            why = "every type has its own"
        yield Finding(
            "layout-unused",
            "SC501",
            f'layout "{name}" is used by no card type or back{did_you_mean(name, wanted)}'
            f" (a type's layout is named after it, a back's back-<id>.yaml; {why})",
            doc.path,
            1,
        )
