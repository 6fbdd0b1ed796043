"""`cardgen diff`: what changed between two versions of a card pool, card by card.

The two versions are two pool files (`cards.csv` / `cards.yaml`, in any combination), two
game folders, or a game's pool now and at a git revision (`git show REV:path`). Cards are
matched by name (case, curly quotes and spacing do not matter); a card is added, removed,
or changed field by field. Pools are compared as written, not validated, so an old version
that no longer loads under today's game.yaml still compares; with the game known, values
are read by its field types (`"3"` in a CSV equals `3` in YAML).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError, ErrorCollector, Location, display_path, visible_lines
from cardgen.git import git_file
from cardgen.load import GAME_FILE
from cardgen.load.game import POOL_FILES
from cardgen.load.pool import name_key
from cardgen.load.text import MAX_TEXT_BYTES, read_text
from cardgen.load.workbook import WORKBOOK_SUFFIXES, read_workbook, split_pool
from cardgen.load.yaml import parse_yaml
from cardgen.load.yaml_limits import MAX_YAML_BYTES
from cardgen.model.game import Game
from cardgen.project import Project

Record = dict[str, Any]
FIRST = ("name", "type", "copies")
LAST = ("text", "art")
_INT = re.compile(r"^[+-]?[0-9]+$")
_TRUE, _FALSE = {"true", "yes", "y", "1"}, {"false", "no", "n", "0"}


@dataclass(frozen=True, slots=True)
class FieldChange:
    """One field of a card: its old and new value (None: not set)."""

    field: str
    old: Any
    new: Any


@dataclass(frozen=True, slots=True)
class CardChange:
    """A card present in both versions whose fields differ."""

    name: str
    type: str
    changes: tuple[FieldChange, ...]


@dataclass(frozen=True)
class PoolDiff:
    """Cards added, removed and changed between two versions of a pool."""

    old: str
    new: str
    added: list[Record] = field(default_factory=list)
    removed: list[Record] = field(default_factory=list)
    changed: list[CardChange] = field(default_factory=list)
    unchanged: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        """Nothing was added, removed or changed."""
        return not (self.added or self.removed or self.changed)

    def changed_names(self) -> list[str]:
        """Cards of the new version that are new or different: what to print again."""
        return [str(r["name"]) for r in self.added] + [c.name for c in self.changed]

    def summary(self) -> str:
        """`1 added, 0 removed, 2 changed, 89 unchanged`."""
        return (
            f"{len(self.added)} added, {len(self.removed)} removed, {len(self.changed)} changed,"
            f" {self.unchanged} unchanged"
        )

    def as_json(self) -> dict[str, Any]:
        """The diff as the `--format json` document."""
        return {
            "old": self.old,
            "new": self.new,
            "added": self.added,
            "removed": self.removed,
            "changed": [
                {
                    "name": c.name,
                    "type": c.type,
                    "fields": {f.field: {"old": f.old, "new": f.new} for f in c.changes},
                }
                for c in self.changed
            ],
            "unchanged": self.unchanged,
            "notes": self.notes,
        }

    def as_text(self) -> str:
        """The diff as lines: the summary, then `+`, `-` and `~` per card."""
        lines = [f"{self.old} -> {self.new}: {self.summary()}"]
        lines.extend(f"note: {note}" for note in self.notes)
        for record in self.added:
            lines.append(f"+ {record['name']} ({record.get('type', '?')})")
        for record in self.removed:
            lines.append(f"- {record['name']} ({record.get('type', '?')})")
        for change in self.changed:
            lines.append(f"~ {change.name} ({change.type})")
            for item in change.changes:
                lines.append(f"    {item.field}: {_shown(item.old)} -> {_shown(item.new)}")
        return visible_lines(lines)


def _shown(value: Any) -> str:
    if value is None:
        return "(unset)"
    if isinstance(value, str):
        return '"' + value.replace("\n", "\\n") + '"'
    return str(value)


# --- reading a pool as written --------------------------------------------------------------


def _coerce(key: str, value: Any, game: Game | None) -> Any:
    """A value as the field's type reads it; unknown fields keep what was written."""
    if isinstance(value, str):
        return _coerce_text(key, value.strip(), game)
    if isinstance(value, list | tuple):
        return [list(v) if isinstance(v, list | tuple) else v for v in value]
    return value


def _coerce_text(key: str, text: str, game: Game | None) -> Any:
    """A cell's text (stripped) as field `key`'s type reads it: an int, a bool, a list of
    hexes or of lint codes; None for an empty cell; else the text itself. Without a game,
    every field but `name` that reads as an int is one."""
    if text == "":
        return None
    spec = game.field_spec(key) if game is not None else None
    kind = "int" if key == "copies" else spec.type if spec is not None else None
    if kind == "int" or (kind is None and game is None and key != "name"):
        return int(text) if _INT.match(text) else text
    folded = text.lower()
    if kind == "bool" and folded in _TRUE | _FALSE:
        return folded in _TRUE
    if kind == "hexes":
        cells = _hexes(text)
        return text if cells is None else cells
    if key == "lint_ignore":
        return sorted(c for c in re.split(r"[;, ]+", text) if c)
    return text


def _hexes(text: str) -> list[list[int]] | None:
    """`1,2; 3,4` as hexes `[[1, 2], [3, 4]]`; None for text that is not such a list."""
    cells = [part.split(",") for part in text.replace(" ", "").split(";") if part]
    if all(len(c) == 2 and all(_INT.match(x) for x in c) for c in cells):
        return [[int(c[0]), int(c[1])] for c in cells]
    return None


def _records(rows: list[tuple[dict[str, Any], Location]], game: Game | None) -> list[Record]:
    records: list[Record] = []
    seen: dict[str, Location] = {}
    for row, where in rows:
        record = {
            str(k).strip(): v
            for k, v in ((k, _coerce(str(k).strip(), v, game)) for k, v in row.items())
            if v is not None and str(k).strip()
        }
        name = record.get("name")
        if not isinstance(name, str) or not name:
            raise CardgenError("a card without a name", where)
        key = name_key(name)
        if key in seen:
            raise CardgenError(f'duplicate card name "{name}" (first at {seen[key]})', where)
        seen[key] = where
        records.append(record)
    return records


def parse_pool(text: str, suffix: str, shown: str, game: Game | None = None) -> list[Record]:
    """The cards of a pool file's text, as written (`.csv`, `.yaml`/`.yml`)."""
    rows: list[tuple[dict[str, Any], Location]] = []
    if suffix.lower() == ".csv":
        reader = csv.reader(io.StringIO(text), strict=True)
        try:
            header = [h.strip() for h in next(reader)]
            previous = reader.line_num
            for record in reader:
                start, previous = previous + 1, reader.line_num
                if any(cell.strip() for cell in record):
                    rows.append((dict(zip(header, record, strict=False)), Location(shown, start)))
        except StopIteration:
            return []
        except csv.Error as exc:
            raise CardgenError(f"malformed CSV: {exc}", Location(shown, reader.line_num)) from None
    elif suffix.lower() in (".yaml", ".yml"):
        doc = parse_yaml(text, shown)
        data = doc.data.get("cards") if isinstance(doc.data, dict) else doc.data
        base: list[str | int] = ["cards"] if isinstance(doc.data, dict) else []
        if data is None:
            return []
        if not isinstance(data, list):
            raise CardgenError("a card pool is a list of cards", doc.location([]))
        for index, item in enumerate(data):
            if not isinstance(item, dict):
                raise CardgenError("each card is a mapping", doc.location([*base, index]))
            rows.append((item, doc.location([*base, index])))
    else:
        raise CardgenError("a card pool is a .csv or .yaml file", Location(shown))
    return _records(rows, game)


def read_pool(path: Path, game: Game | None = None, sheet: str | None = None) -> list[Record]:
    """The cards of a pool file as written; a spreadsheet's (its first sheet, or `sheet`)
    are read by the game's columns, so they need the game."""
    if path.suffix.lower() in WORKBOOK_SUFFIXES:
        if game is None:
            raise CardgenError(
                "comparing spreadsheets needs their game: name it with --game",
                Location(display_path(path)),
            )
        errors = ErrorCollector()
        table = read_workbook(path, sheet, game, errors, [])
        errors.raise_if_any(limit=20, where=Location(display_path(path)))
        return _records(table.rows, game)
    return parse_pool(read_text(path, allow_empty=True), path.suffix, display_path(path), game)


def _pool_of_folder(folder: Path) -> tuple[Path, str | None]:
    """The pool file of a game folder (`pool:` in its game.yaml, else the usual names) and
    the sheet `pool:` names in it."""
    game_file = folder / GAME_FILE
    if game_file.is_file():
        doc = parse_yaml(read_text(game_file), display_path(game_file))
        pool = doc.data.get("pool") if isinstance(doc.data, dict) else None
        if isinstance(pool, str):
            file, sheet = split_pool(pool)
            return folder / file, sheet
    for name in POOL_FILES:
        if (folder / name).is_file():
            return folder / name, None
    raise CardgenError(
        f"no card pool here ({', '.join(POOL_FILES)})", Location(display_path(folder))
    )


# --- comparing ------------------------------------------------------------------------------


def _ordered(keys: set[str]) -> list[str]:
    middle = sorted(k for k in keys if k not in FIRST and k not in LAST)
    return [k for k in FIRST if k in keys] + middle + [k for k in LAST if k in keys]


def _same(old: Any, new: Any) -> bool:
    if old is None and new is None:
        return True
    if isinstance(old, str) and isinstance(new, str):
        return old.replace("\r\n", "\n") == new.replace("\r\n", "\n")
    return bool(old == new) and type(old) is type(new)


def _with_default_copies(record: Record) -> Record:
    return {"copies": 1, **record}


def diff_records(old: list[Record], new: list[Record], old_label: str, new_label: str) -> PoolDiff:
    """Match cards by name and compare them field by field."""
    result = PoolDiff(old_label, new_label)
    before = {name_key(str(r["name"])): _with_default_copies(r) for r in old}
    after_keys, unchanged = set(), 0
    for raw in new:
        record = _with_default_copies(raw)
        key = name_key(str(record["name"]))
        after_keys.add(key)
        previous = before.get(key)
        if previous is None:
            result.added.append(record)
            continue
        changes = tuple(
            FieldChange(k, previous.get(k), record.get(k))
            for k in _ordered(set(previous) | set(record))
            if not _same(previous.get(k), record.get(k))
        )
        if changes:
            result.changed.append(CardChange(str(record["name"]), str(record.get("type")), changes))
        else:
            unchanged += 1
    removed = [r for k, r in before.items() if k not in after_keys]
    return replace(result, unchanged=unchanged, removed=removed)


# --- the command ----------------------------------------------------------------------------


def _label(path: Path) -> str:
    return display_path(path)


def diff_paths(project: Project, old: Path, new: Path, *, game: str | None = None) -> PoolDiff:
    """Two pool files, or two game folders."""
    for path in (old, new):
        if not path.exists():
            raise CardgenError("no such file or folder", Location(display_path(path)))
    old_pool, old_sheet = _pool_of_folder(old) if old.is_dir() else (old, None)
    new_pool, new_sheet = _pool_of_folder(new) if new.is_dir() else (new, None)
    game_id = game or project.game_for_path(new_pool) or project.game_for_path(old_pool)
    model = project.game(game_id).game if game_id else None
    return diff_records(
        read_pool(old_pool, model, old_sheet),
        read_pool(new_pool, model, new_sheet),
        _label(old_pool),
        _label(new_pool),
    )


def diff_since(project: Project, game: str, rev: str) -> PoolDiff:
    """A game's pool now against the same file at a git revision."""
    pack = project.game(game)
    folder = pack.pool_path.parent
    if pack.pool_path.suffix.lower() in WORKBOOK_SUFFIXES:
        raise CardgenError(
            "--since compares text pools (CSV, YAML) with git; for a spreadsheet, compare two"
            " saved copies: cardgen diff OLD.xlsx NEW.xlsx --game GAME",
            Location(display_path(pack.pool_path)),
        )
    text = git_file(folder, rev, pack.pool_path.name, _limit(pack.pool_path.name))
    notes = []
    old_name = pack.pool_path.name
    if text is None:
        for name in POOL_FILES:
            if name != pack.pool_path.name:
                text = git_file(folder, rev, name, _limit(name))
                if text is not None:
                    old_name = name
                    break
    if text is None:
        notes.append(f"{display_path(pack.pool_path)} did not exist at {rev}: every card is new")
        old: list[Record] = []
    else:
        shown = f"{rev}:{display_path(folder / old_name)}"
        old = parse_pool(text, Path(old_name).suffix, shown, pack.game)
    old_label = f"{rev}:{display_path(folder / old_name)}"
    new_records = read_pool(pack.pool_path, pack.game)
    result = diff_records(old, new_records, old_label, display_path(pack.pool_path))
    result.notes.extend(notes)
    return result


def diff(
    project: Project,
    old: str,
    new: str | None = None,
    *,
    since: str | None = None,
    game: str | None = None,
) -> PoolDiff:
    """What `cardgen diff` does: `OLD NEW` (files or folders), or `GAME --since REV`."""
    if since is not None:
        if new is not None:
            raise CardgenError("give either OLD NEW or GAME --since REV, not both")
        game_id = game or old
        if old not in project.game_ids() and (Path(old) / GAME_FILE).is_file():
            game_id = game or project.game_for_path(Path(old) / GAME_FILE) or old
        return diff_since(project, game_id, since)
    if new is None:
        raise CardgenError("give two versions (OLD NEW) or a game and --since REV")
    return diff_paths(project, Path(old), Path(new), game=game)


def _limit(name: str) -> int:
    """The most bytes a pool file of this name may hold, as on disk: a YAML pool's limit,
    or any other text file's."""
    return MAX_YAML_BYTES if name.lower().endswith((".yaml", ".yml")) else MAX_TEXT_BYTES
