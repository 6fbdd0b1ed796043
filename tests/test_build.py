"""`cardgen build`, `clean`, `new` and `watch`: incremental, honest about errors, tidy."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from tests.conftest import TINY_CARDS

Run = Callable[..., Result]
SMALL = "extends: builtin:card\ndpi: 50\n"


def project(make_project: Callable[..., Path], cards: str = TINY_CARDS) -> Path:
    return make_project(
        cards=cards,
        extra={"../../layouts/tiny/hero.yaml": SMALL, "../../layouts/tiny/spell.yaml": SMALL},
    )


def build(run: Run, root: Path, *args: str) -> dict[str, object]:
    result = run("build", "--project", root, "--format", "json", "--jobs", "1", *args)
    assert result.exit_code in (0, 1), result.output
    data: dict[str, object] = json.loads(result.stdout)["games"][0]
    return data


def test_cold_warm_and_one_card_edited(make_project: Callable[..., Path], run: Run) -> None:
    root = project(make_project)
    cold = build(run, root)
    assert cold["ok"] and (cold["drawn"], cold["reused"]) == (5, 0)
    out = root / "output" / "tiny"
    for name in (
        "tiny-a4-duplex-long.pdf",
        "tiny-letter-duplex-long.pdf",
        "tts/tiny.json",
        "cards/fireball.png",
        "backs/default.png",
    ):
        assert (out / name).is_file(), name
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file() and ".cache" not in p.parts}
    mtimes = {p: p.stat().st_mtime_ns for p in before}
    warm = build(run, root)
    assert (warm["drawn"], warm["reused"]) == (0, 5)
    after = {p: p.read_bytes() for p in before}
    assert after == before  # same bytes
    assert all(p.stat().st_mtime_ns == mtimes[p] for p in before if p.suffix == ".png")
    cards = root / "decks" / "tiny" / "cards.csv"
    cards.write_text(cards.read_text().replace("Deal 2 damage.", "Deal 3 damage."))
    edited = build(run, root)
    assert (edited["drawn"], edited["reused"]) == (1, 4)
    steps = edited["steps"]
    assert isinstance(steps, dict)
    assert list(steps) == ["check", "render", "pdf", "sheets", "tts", "gallery"]
    assert all(v >= 0 for v in steps.values()) and steps["sheets"] > 0  # its sheet, made again
    # Each step and the total are rounded to the millisecond: their sum may pass the total
    # by half a millisecond a number (0.009 + 0.008 + ... = 0.034000000000000001 > 0.034).
    assert sum(steps.values()) <= float(str(edited["seconds"])) + 0.0005 * (len(steps) + 1)
    assert (out / "cards" / "fireball.png").read_bytes() != before[out / "cards" / "fireball.png"]
    assert (out / "cards" / "aria.png").read_bytes() == before[out / "cards" / "aria.png"]


def test_no_cache_draws_everything_same_bytes(make_project: Callable[..., Path], run: Run) -> None:
    root = project(make_project)
    build(run, root)
    png = (root / "output/tiny/cards/ice-wall.png").read_bytes()
    again = build(run, root, "--no-cache")
    assert again["drawn"] == 5
    assert (root / "output/tiny/cards/ice-wall.png").read_bytes() == png


def test_tts_sheets_same_bytes_from_cells_made_while_drawing(
    make_project: Callable[..., Path], run: Run, tmp_path: Path
) -> None:
    """The build's sheets are pasted from cells the renderer made beside each card; `cardgen
    tts` without a cache makes them from the card files: the sheets are the same bytes."""
    root = project(make_project)
    build(run, root)
    cells = list((root / "output" / "tiny" / ".cache").glob("*.cell.png"))
    assert len(cells) == 5  # one per card
    alone = tmp_path / "alone"
    result = run("tts", "tiny", "--table", "--project", root, "--out", alone, "--jobs", "1")
    assert result.exit_code == 0, result.output
    built = sorted((root / "output" / "tiny" / "tts" / "sheets").iterdir())
    assert built
    for sheet in built:
        assert (alone / "sheets" / sheet.name).read_bytes() == sheet.read_bytes(), sheet.name


def test_half_written_cache_entry_is_not_trusted(
    make_project: Callable[..., Path], run: Run
) -> None:
    """An entry is whole when its data file is there and the facts index has it: an entry
    whose data never arrived, or whose facts were never saved (a build killed before the
    end of its cards), is drawn again; a temporary file is never read."""
    root = project(make_project)
    build(run, root)
    cache = root / "output" / "tiny" / ".cache"
    cards = sorted((root / "output" / "tiny" / "cards").glob("*.png"))
    before = {card: card.read_bytes() for card in cards}
    outputs = json.loads((cache / "outputs.json").read_text())
    keys = [outputs[str(card)][0] for card in cards]
    (cache / f"{keys[0]}.png").unlink()  # the data file never arrived
    facts = json.loads((cache / "facts.json").read_text())
    del facts[keys[1]]  # its facts were never saved
    (cache / "facts.json").write_text(json.dumps(facts))
    (cache / f".{keys[2]}.png.123.x1y2z3.tmp").write_bytes(b"\x89PNG truncated")
    for card in cards:
        card.unlink()  # every card must now come from the cache or be drawn
    again = build(run, root)
    assert again["ok"] and again["drawn"] == 2 and again["reused"] == len(cards) - 2
    assert {card: card.read_bytes() for card in cards} == before


def test_errors_stop_the_game_unless_keep_going(
    make_project: Callable[..., Path], run: Run
) -> None:
    root = project(make_project)
    (root / "decks/tiny/game.yaml").write_text(
        (root / "decks/tiny/game.yaml").read_text()
        + "checks:\n  - {kind: unique, id: power-differs, where: {type: hero}, field: power,"
        " message: Heroes differ.}\n"
    )
    cards = root / "decks/tiny/cards.csv"
    cards.write_text(cards.read_text().replace("Borin,hero,1,7", "Borin,hero,1,5"))
    stopped = run("build", "--project", root, "--jobs", "1")
    assert stopped.exit_code == 1 and "SC106" in stopped.stderr and "STOPPED" in stopped.stdout
    assert not (root / "output" / "tiny" / "cards").exists()
    going = run("build", "--project", root, "--jobs", "1", "--keep-going")
    assert going.exit_code == 1 and (root / "output/tiny/cards/aria.png").is_file()


def test_clean_removes_only_what_cardgen_wrote(make_project: Callable[..., Path], run: Run) -> None:
    root = project(make_project)
    build(run, root)
    assert list((root / "output" / ".cache" / "yaml").glob("*.json"))  # parsed YAML, kept
    mine = root / "output" / "tiny" / "notes.txt"
    mine.write_text("my own notes")
    result = run("clean", "--project", root)
    assert result.exit_code == 0
    assert mine.is_file()
    assert not (root / "output/tiny/cards").exists() and not (root / "output/tiny/.cache").exists()
    assert not (root / "output" / ".cache").exists()
    assert (root / "decks/tiny/cards.csv").is_file()


def test_cleaning_the_last_game_takes_the_shared_cache(
    make_project: Callable[..., Path], run: Run
) -> None:
    """The parsed YAML the games share stays while another game's build is there, and goes
    with the last one: `cardgen clean GAME` then `cardgen build GAME` is a cold build."""
    root = project(make_project)
    build(run, root)
    shared = root / "output" / ".cache" / "yaml"
    other = root / "output" / "other"
    other.mkdir()
    (other / ".cardgen-files.json").write_text('{"files": []}')  # another game built
    assert run("clean", "tiny", "--project", root).exit_code == 0
    assert list(shared.glob("*.json"))
    build(run, root)
    assert run("clean", "other", "tiny", "--project", root).exit_code == 0
    assert not (root / "output" / ".cache").exists() and not other.exists()
    assert not (root / "output" / "tiny").exists()


def test_the_parsed_yaml_cache_keeps_the_files_used_last(
    make_project: Callable[..., Path], run: Run
) -> None:
    """Every version of every YAML file ever read is not kept: a build leaves the 400 most
    recently used parsed files, those it read itself among them."""
    import os

    from cardgen.load.yaml import KEEP_PARSED

    root = project(make_project)
    build(run, root)
    shared = root / "output" / ".cache" / "yaml"
    used = {p.name for p in shared.glob("*.json")}
    assert used
    for number in range(KEEP_PARSED + 20):  # older versions of the files, long unused
        old = shared / f"{number:032x}.json"
        old.write_text("{}")
        os.utime(old, (1_000_000_000 + number, 1_000_000_000 + number))
    mine = shared / "notes.txt"
    mine.write_text("not an entry")
    cards = root / "decks" / "tiny" / "cards.csv"
    cards.write_text(cards.read_text().replace("Deal 2 damage.", "Deal 3 damage."))
    build(run, root)
    left = {p.name for p in shared.glob("*.json")}
    assert len(left) == KEEP_PARSED and used <= left
    assert f"{KEEP_PARSED + 19:032x}.json" in left and f"{0:032x}.json" not in left
    assert mine.is_file()


STAR_FRONTIER = {
    "Captain Vale": 1,
    "Scout Ilka": 1,
    "Quick Step": 3,
    "Heavy Blow": 3,
    "Second Wind": 2,
    "Feint": 2,
}
"""The cards `cardgen new` starts a game with, and the copies of each in its box."""


def test_new_game_builds(tmp_path: Path, run: Run) -> None:
    from pypdf import PdfReader

    from tests.conftest import tts_objects

    result = run("new", "Star Frontier", "--project", tmp_path)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "decks/star-frontier/game.yaml").is_file()
    assert run("check", "star-frontier", "--project", tmp_path).exit_code == 0
    deck = tmp_path / "decks/star-frontier/decks/starter.txt"
    checked = run("validate", deck, "--project", tmp_path)
    assert checked.exit_code == 0
    assert checked.stdout.splitlines()[0] == f"{deck}: legal (star-frontier, 11 cards)"
    built = run("build", "--project", tmp_path, "--jobs", "1")
    assert built.exit_code == 0, built.output
    out = tmp_path / "output/star-frontier"
    assert sorted(p.name for p in (out / "cards").iterdir()) == sorted(
        f"{name.lower().replace(' ', '-')}.png" for name in STAR_FRONTIER
    )
    save = json.loads((out / "tts/star-frontier.json").read_text(encoding="utf-8"))
    cards = [o["Nickname"] for o in tts_objects(save["ObjectStates"]) if o["Name"] == "Card"]
    assert {name: cards.count(name) for name in set(cards)} == STAR_FRONTIER
    # The box's 12 cards on A4, nine a sheet: two pages of fronts, each with its backs.
    assert len(PdfReader(out / "star-frontier-a4-duplex-long.pdf").pages) == 4
    again = run("new", "Star Frontier", "--project", tmp_path)
    assert again.exit_code == 2 and "exists already" in again.stderr


def test_watch_rebuilds_on_save(make_project: Callable[..., Path]) -> None:
    from cardgen.project import Project
    from cardgen.watch import watch

    root = project(make_project)
    lines: list[str] = []
    cards = root / "decks/tiny/cards.csv"

    def report(line: str) -> None:
        """What watch says; once the first build is reported, the designer saves an edit
        (watch took its snapshot before that build), dated a second later as a clock would
        (a file system may keep whole seconds only)."""
        lines.append(line)
        if line.startswith("rebuilt tiny:") and len(lines) == 1:
            saved = cards.stat().st_mtime_ns + 1_000_000_000
            cards.write_text(cards.read_text().replace("Leads the party.", "Leads."))
            os.utime(cards, ns=(saved, saved))

    def run_watch() -> None:
        builds.append(watch(Project(root), "tiny", report, interval=0.05, max_builds=2))

    builds: list[int] = []
    thread = threading.Thread(target=run_watch, daemon=True)  # a thread only so that a
    thread.start()  # watch that misses the edit fails the test instead of hanging it
    thread.join(timeout=60)
    assert builds == [2], lines
    assert len(lines) == 3 and lines[1] == f"~ {cards}", lines
    assert lines[0].startswith("rebuilt tiny: 5 cards drawn, 0 reused, ")
    assert lines[2].startswith("rebuilt tiny: 1 card drawn, 4 reused, ")  # Aria's text


def test_outputs_are_readable_like_any_new_file(tmp_path: Path) -> None:
    import os

    from cardgen.write import atomic_write

    mask = os.umask(0o022)
    os.umask(mask)
    atomic_write(tmp_path / "a.txt", b"x")
    assert (tmp_path / "a.txt").stat().st_mode & 0o777 == 0o666 & ~mask


def test_nothing_changed_nothing_done(make_project: Callable[..., Path], run: Run) -> None:
    """A build with nothing changed reports the recorded result without loading the game;
    a touched input, a deleted or an edited output, or --no-cache builds again."""
    root = project(make_project)
    first = build(run, root)
    assert not first["unchanged"]
    again = build(run, root)
    assert again["unchanged"] and (again["drawn"], again["reused"]) == (0, 5)
    assert again["steps"] == {}  # nothing was done
    assert again["files"] == first["files"] and again["warnings"] == first["warnings"]
    out = root / "output" / "tiny"
    pdf = out / "tiny-a4-duplex-long.pdf"
    original = pdf.read_bytes()
    pdf.unlink()
    restored = build(run, root)
    assert not restored["unchanged"] and pdf.read_bytes() == original
    assert build(run, root)["unchanged"]
    sheet = next((out / "tts" / "sheets").iterdir())
    sheet.write_bytes(b"x" * sheet.stat().st_size)  # same size, new content and time
    assert not build(run, root)["unchanged"]
    assert sheet.read_bytes() != b"x" * sheet.stat().st_size
    readme = root / "decks" / "tiny" / "notes.txt"
    readme.write_text("a designer's note")
    assert not build(run, root)["unchanged"]
    assert build(run, root)["unchanged"]
    assert not build(run, root, "--no-cache")["unchanged"]


def test_other_games_edits_leave_a_game_unchanged(
    make_project: Callable[..., Path], run: Run
) -> None:
    root = project(make_project)
    build(run, root)
    other = root / "decks" / "zzz-other"
    other.mkdir()
    (other / "draft.txt").write_text("not read when building tiny")
    assert build(run, root, "tiny")["unchanged"]
    layout = root / "layouts" / "tiny" / "hero.yaml"
    layout.write_text(layout.read_text() + "# a comment\n")
    assert not build(run, root, "tiny")["unchanged"]


def test_a_killed_build_leaves_no_temporary_file_in_the_shared_cache(
    make_project: Callable[..., Path], run: Run
) -> None:
    """A build killed while it cached a parsed YAML file left `.x.json.cardgen-PID-RANDOM.tmp`
    in output/.cache/yaml; the next build removes it."""
    import subprocess
    import sys

    root = project(make_project)
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    stale = root / "output" / ".cache" / "yaml" / f".abc.json.cardgen-{gone.pid}-0a1b2c3d.tmp"
    stale.parent.mkdir(parents=True)
    stale.write_text('{"data": ')
    assert build(run, root)["ok"]
    assert not stale.exists()


def test_an_edited_card_image_is_drawn_back(make_project: Callable[..., Path], run: Run) -> None:
    """Card files known to hold their cached image are not read again. The cache entry of
    a card is its output file under a second name (a hard link, no second copy): a file
    replaced by hand (a new file, as most programs save) is written back from the cache;
    one rewritten in place changed the entry too, which its hash tells, so it is drawn
    again. Either way the card file is the card's image again, and no other is touched."""
    root = project(make_project)
    build(run, root)
    card = root / "output" / "tiny" / "cards" / "aria.png"
    other = root / "output" / "tiny" / "cards" / "borin.png"
    original, untouched = card.read_bytes(), other.stat().st_mtime_ns
    assert other.stat().st_nlink == 2  # the file and its cache entry
    card.write_bytes(b"\x89PNG edited in place")  # the cache entry shares this file
    again = build(run, root)
    assert not again["unchanged"] and again["drawn"] == 1
    assert card.read_bytes() == original and card.stat().st_nlink == 2
    replaced = card.with_name("aria.new")
    replaced.write_bytes(b"\x89PNG not really")
    replaced.replace(card)
    again = build(run, root)
    assert not again["unchanged"] and again["drawn"] == 0
    assert card.read_bytes() == original
    assert other.stat().st_mtime_ns == untouched


def test_an_unknown_game_touches_nothing(make_project: Callable[..., Path], run: Run) -> None:
    """`cardgen build ../x` is an unknown game (exit 2), never a path to a stamp to delete."""
    root = project(make_project)
    decoy = root / "outside" / ".cache" / "build-stamp.json"
    decoy.parent.mkdir(parents=True)
    decoy.write_text("{}")
    result = run("build", "../outside", "--project", root)
    assert result.exit_code == 2 and 'unknown game "../outside"' in result.stderr
    assert decoy.read_text() == "{}"


def test_other_cardgen_code_draws_every_card_again(
    make_project: Callable[..., Path], run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cached image is keyed by cardgen's own files too: after an upgrade or an edit of
    the renderer, nothing drawn by the old code is reused."""
    import cardgen.cache

    root = project(make_project)
    assert build(run, root)["drawn"] == 5
    notes = root / "decks" / "tiny" / "notes.txt"
    notes.write_text("touched: the game is looked at again")
    assert (build(run, root)["drawn"], build(run, root)["unchanged"]) == (0, True)
    notes.write_text("touched again")
    monkeypatch.setattr(cardgen.cache, "code_digest", lambda: "other code")
    assert build(run, root)["drawn"] == 5


def test_the_cache_keeps_what_the_game_needs_and_a_margin(
    make_project: Callable[..., Path], run: Run
) -> None:
    """Edit after edit, the cache keeps every entry the last build used and, beyond that,
    only the newest unused ones (as many as it used): it does not grow with every image
    ever drawn. Files that are not entries are never touched."""

    root = project(make_project)
    cache = root / "output" / "tiny" / ".cache"
    build(run, root)
    foreign = cache / "keep-me.txt"
    foreign.write_text("a designer's file")
    lookalike = cache / "deadbeef.txt"  # too short to be a key
    lookalike.write_text("not an entry")

    def keys() -> set[str]:
        return {p.name.partition(".")[0] for p in cache.iterdir() if len(p.name) > 33}

    live = keys()  # what a build of this game uses
    cards = root / "decks" / "tiny" / "cards.csv"
    original = cards.read_text()

    def edited(n: int) -> str:
        """Every card's text changed (each edit draws every card again), Fireball's too."""
        head, *rows = original.splitlines(keepends=True)
        rows = [row.replace("\n", f" ({n})\n") for row in rows]
        return head + "".join(rows).replace("Deal 2 damage.", f"Deal {n + 3} damage.")

    seen: list[set[str]] = []
    for n in range(4):  # each edit leaves a whole build's entries unused
        cards.write_text(edited(n))
        build(run, root)
        seen.append(keys())
    drawn_since = set().union(*seen) - live
    assert len(drawn_since) > 2 * len(live)  # without pruning the cache would hold them all
    last = keys()
    assert len(last) <= 2 * len(live) + 4, (len(last), len(live))
    first_edit_only = seen[0] - live - seen[-1]
    assert first_edit_only and not first_edit_only & last  # the oldest edit's entries went
    assert foreign.read_text() == "a designer's file" and lookalike.is_file()
    assert build(run, root)["drawn"] == 0  # nothing the build needs was removed
    cards.write_text(edited(2))  # a recent one: still kept
    assert build(run, root)["drawn"] == 0


def test_a_card_kept_as_drawn_still_reports_its_warnings(
    make_project: Callable[..., Path], run: Run
) -> None:
    """A card whose image is kept (neither drawn nor read again) reports the warnings it
    was drawn with, from the build's record of its file."""
    long = "Deal 2 damage, then " + "draw a card and discard a card, " * 40 + "and rest."
    root = project(make_project, TINY_CARDS.replace("Deal 2 damage.", f'"{long}"'))
    first = build(run, root)
    overflow = [w for w in first["warnings"] if "RN101" in str(w) and "Fireball" in str(w)]
    assert overflow, first["warnings"]
    notes = root / "decks" / "tiny" / "notes.txt"
    notes.write_text("touched: the game is built again, every card kept")
    again = build(run, root)
    assert (again["drawn"], again["unchanged"]) == (0, False)
    assert [w for w in again["warnings"] if "RN101" in str(w)] == overflow


def test_a_card_entry_shares_its_output_file_or_is_a_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An entry stored from an output file is a hard link to it, read back only while its
    bytes still hash as stored; where the disk has no hard links it is a plain copy."""
    import os

    from cardgen.cache import Cache

    cache = Cache(tmp_path / "cache")
    output = tmp_path / "card.png"
    output.write_bytes(b"the image")
    entry = cache.put("ab" * 16, b"the image", {"warnings": []}, source=output)
    assert entry.stat().st_ino == output.stat().st_ino
    assert cache.get("ab" * 16) == (b"the image", {"warnings": []})
    output.write_bytes(b"the image, edited")  # in place: the entry changed with it
    assert cache.get("ab" * 16) is None

    def no_links(*_: object) -> None:
        raise OSError("no hard links here")

    monkeypatch.setattr(os, "link", no_links)
    other = tmp_path / "other.png"
    other.write_bytes(b"another image")
    copy = cache.put("cd" * 16, b"another image", {}, source=other)
    assert copy.stat().st_ino != other.stat().st_ino and copy.read_bytes() == b"another image"
    assert cache.get("cd" * 16) == (b"another image", {})
    assert not list((tmp_path / "cache").glob(".*"))  # no temporary file left


def test_a_stored_entry_is_not_written_again(tmp_path: Path) -> None:
    """`--no-cache` stores every card again: an entry already holding the same bytes is left
    as it is (same file, same time); a different one is replaced."""
    from cardgen.cache import Cache

    folder = tmp_path / "cache"
    first = Cache(folder)
    first.put("ab" * 16, b"bytes", {"n": 1})
    first.put_data("cd" * 16, b"cell", "cell.png")
    first.save()
    before = {p.name: p.stat().st_mtime_ns for p in folder.iterdir()}
    assert set(before) == {"facts.json", f"{'ab' * 16}.png", f"{'cd' * 16}.cell.png"}
    time.sleep(0.01)
    again = Cache(folder, read=False)
    again.put("ab" * 16, b"bytes", {"n": 1})
    again.put_data("cd" * 16, b"cell", "cell.png")
    again.save()
    assert {p.name: p.stat().st_mtime_ns for p in folder.iterdir()} == before
    again.put("ab" * 16, b"other bytes", {"n": 2})
    assert Cache(folder).get("ab" * 16) is None  # not whole until its facts are saved
    again.save()
    assert Cache(folder).get("ab" * 16) == (b"other bytes", {"n": 2})
    assert again.data_path("cd" * 16, "cell.png") == folder / f"{'cd' * 16}.cell.png"
    assert again.data_path("ef" * 16, "cell.png") is None
