"""Any number of TTS exports in one folder all stay right (issue 19 item 6): a game's
save, its full save (the mod) and its deck lists' saves, exported in any order into the
game's own `tts/` folder, each keep showing every card's own face and back (read back as
TTS reads them, by the oracle of `tts_cells`), because every image is named by its
content: an export never overwrites an image another save shows, and the images removed
after an export are only those no save in the folder names."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from tests.oracles.games import example_copy, ok
from tests.oracles.tts_cells import check_export, url_path

DECKS = {
    "splatterkins": ["vibrant-rush.txt", "ink-and-shadow.txt", "pastel-control.yaml"],
    "shards": ["ember-aggro.txt", "starter-dusk.txt"],
}


TABLE = "--table"
"""A step that exports the game's full save (the mod) beside its Saved Object."""


def exports(game: str, seed: int) -> list[str | None]:
    """A sequence of exports (None: the game's own save, TABLE: with its full save too,
    else a deck list) in an order drawn from `seed`: each at least once, some twice, the
    game's first or not."""
    rng = random.Random(seed)
    steps: list[str | None] = [None, TABLE, *DECKS[game]]
    steps += rng.sample(steps, k=2)
    rng.shuffle(steps)
    return steps


@pytest.mark.parametrize(("game", "seed"), [("splatterkins", 1), ("shards", 3)])
def test_exports_in_one_folder_each_show_their_own_cards(
    tmp_path: Path, game: str, seed: int
) -> None:
    project = example_copy(tmp_path)
    # the cards drawn as `cardgen render` draws them on its own: into the game's folder, from
    # its seeded cache (the exports below write the same files there, from the same cache)
    drawn = json.loads(ok("render", game, "--project", project, "--format", "json").stdout)
    folder = project / "output" / game / "tts"
    saves: set[Path] = set()
    checked: dict[str, tuple[int, int, int]] = {}
    for deck in exports(game, seed):
        args: list[str | Path] = (
            ["--deck", project / "decks" / game / "decks" / deck] if deck else []
        )
        if deck == TABLE:
            args = [TABLE]
            saves.add(folder / f"{game}-table.json")
        ok("tts", game, "--project", project, *args)
        saves.add(folder / f"{Path(deck).stem if deck and deck != TABLE else game}.json")
        named: set[Path] = set()
        for save in sorted(saves):  # every save written so far, not only the last
            # the oracle reads only the save and the images it names: where none of their
            # bytes changed since it last passed, its answer cannot have changed either
            key = fingerprint(save)
            if key not in checked:
                checked[key] = check_export(save, drawn)
            cards, faces, _ = checked[key]
            assert cards > 0 and faces > 0, save
            named |= images_of(save)
        on_disk = {  # the sheets, and the tiles of components (Shards' dice)
            p
            for sub in ("sheets", "tiles")
            if (folder / sub).is_dir()
            for p in (folder / sub).iterdir()
        }
        assert on_disk == named  # nothing any save names is gone, nothing unnamed is left


def fingerprint(save: Path) -> str:
    """A hash of the save's bytes and of every image it names (a missing one included)."""
    digest = hashlib.sha256(save.read_bytes())
    for image in sorted(images_of(save)):
        digest.update(str(image).encode())
        digest.update(image.read_bytes() if image.is_file() else b"missing")
    return digest.hexdigest()


def images_of(save: Path) -> set[Path]:
    data = json.loads(save.read_text(encoding="utf-8"))
    found: set[Path] = set()
    stack: list[object] = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found |= {url_path(v) for k, v in item.items() if k.endswith("URL") and v}
            stack.extend(v for v in item.values() if isinstance(v, dict | list))
        elif isinstance(item, list):
            stack.extend(item)
    return found
