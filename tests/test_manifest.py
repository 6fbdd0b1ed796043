"""Outputs follow the data: after a card or a type is deleted or renamed, the next build
removes what no card needs any more (its image, its back, its TTS sheets), and only files
cardgen wrote; `clean` removes what every command wrote to its default place."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from click.testing import Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.write import slug
from tests.conftest import TINY_GAME, tts_objects

Run = Callable[..., Result]
SMALL = "extends: builtin:card\ndpi: 50\n"
HEADER = "name,type,copies,power,school,level,text\n"
GAME = TINY_GAME.replace("    label: Hero\n", "    label: Hero\n    back: guild\n") + (
    "backs:\n  guild: {label: Guild}\n"
)
"""The tiny game with a back of the heroes' own."""
NO_SPELLS = GAME[: GAME.index("  spell:")] + GAME[GAME.index("deck_rules:") :]
"""The same game once its spell type is deleted."""
HEROES = ["Aria", "Borin", "Señor Búho"]
SPELLS = ["Fireball", "Frost Bolt", "Ice Wall", "Tide Caller"]
USER_FILES = ("notes.txt", "cards/my-sketch.png", "tts/sheets/mine.jpg", "backs/idea.png")
"""A designer's own files among the outputs: never removed."""


def row(name: str, spells: bool) -> str:
    if name in SPELLS:
        school, level = ("fire", "ice")[len(name) % 2], len(name) % 3 + 1
        return f"{name},spell,2,,{school},{level},Deals {name}.\n"
    return f"{name},hero,1,{len(name) % 10},{',,' if spells else ''}Leads.\n"


def write_game(root: Path, names: list[str]) -> None:
    """The pool of those cards; a game without spells has no spell type, column or layout."""
    folder = root / "decks" / "tiny"
    (folder / "decks").mkdir(parents=True, exist_ok=True)
    spells = any(name in SPELLS for name in names)
    header = HEADER if spells else HEADER.replace("school,level,", "")
    rows = "".join(row(name, spells) for name in names)
    (folder / "game.yaml").write_text(GAME if spells else NO_SPELLS, encoding="utf-8")
    (folder / "cards.csv").write_text(header + rows, encoding="utf-8")
    layouts = root / "layouts" / "tiny"
    layouts.mkdir(parents=True, exist_ok=True)
    (layouts / "hero.yaml").write_text(SMALL, encoding="utf-8")
    (layouts / "spell.yaml").unlink(missing_ok=True)
    if spells:
        (layouts / "spell.yaml").write_text(SMALL, encoding="utf-8")


def build(run: Run, root: Path) -> dict[str, object]:
    result = run("build", "--project", root, "--format", "json", "--jobs", "1")
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.stdout)["games"][0]
    return data


def on_disk(out: Path) -> set[str]:
    """Every file under the game's output folder, but its cache, its list and the user's."""
    return {
        p.relative_to(out).as_posix()
        for p in out.rglob("*")
        if p.is_file() and ".cache" not in p.relative_to(out).parts
    } - {".cardgen-files.json", *USER_FILES}


def relative(out: Path, paths: object) -> set[str]:
    """Paths from the build's JSON, relative to the game's output folder."""
    assert isinstance(paths, list)
    return {Path(p).relative_to(out.resolve()).as_posix() for p in paths}


def add_user_files(out: Path) -> None:
    for name in USER_FILES:
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_text(f"the designer's {name}", encoding="utf-8")


def assert_follows(out: Path, built: dict[str, object], names: list[str]) -> None:
    """What is on disk is exactly what this build made for these cards, and listed so."""
    made = relative(out, built["files"])
    assert on_disk(out) == made
    assert {p for p in made if p.startswith("cards/")} == {f"cards/{slug(n)}.png" for n in names}
    backs = {"backs/guild.png"} if any(n in HEROES for n in names) else set()
    if any(n in SPELLS for n in names):
        backs.add("backs/default.png")
    assert {p for p in made if p.startswith("backs/")} == backs
    listed = json.loads((out / ".cardgen-files.json").read_text(encoding="utf-8"))
    assert set(listed["files"]) == set(listed["build"]) == made
    save = json.loads((out / "tts" / "tiny.json").read_text(encoding="utf-8"))
    shown = {o["Nickname"] for o in tts_objects(save["ObjectStates"]) if o["Name"] == "Card"}
    assert shown == set(names)
    for name in USER_FILES:
        assert (out / name).read_text(encoding="utf-8") == f"the designer's {name}"


pools = st.lists(
    st.lists(st.sampled_from(HEROES + SPELLS), min_size=1, max_size=5, unique=True),
    min_size=2,
    max_size=3,
)


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(pools=pools)
def test_outputs_follow_the_pool_through_edits(run: Run, pools: list[list[str]]) -> None:
    """Cards added, deleted and renamed, the spell type deleted and back: after each build
    the outputs are exactly those of the pool, and the designer's files are still there."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        out = root / "output" / "tiny"
        for index, names in enumerate(pools):
            write_game(root, names)
            built = build(run, root)
            if index == 0:
                add_user_files(out)
            assert_follows(out, built, names)


def test_a_deleted_type_takes_its_back_and_sheets(tmp_path: Path, run: Run) -> None:
    write_game(tmp_path, ["Aria", "Fireball", "Ice Wall"])
    out = tmp_path / "output" / "tiny"
    build(run, tmp_path)
    sheets = {p.name for p in (out / "tts" / "sheets").iterdir()}
    add_user_files(out)
    write_game(tmp_path, ["Aria"])
    built = build(run, tmp_path)
    removed = relative(out, built["removed"])
    after = {p.name for p in (out / "tts" / "sheets").iterdir()} - {"mine.jpg"}
    assert {"cards/fireball.png", "cards/ice-wall.png", "backs/default.png"} <= removed
    assert {f"tts/sheets/{name}" for name in sheets - after} <= removed and sheets - after
    assert not any(p.startswith(("cards/aria", "backs/guild")) for p in removed)
    assert_follows(out, built, ["Aria"])


def test_a_renamed_card_leaves_no_old_image(tmp_path: Path, run: Run) -> None:
    write_game(tmp_path, ["Aria", "Fireball"])
    out = tmp_path / "output" / "tiny"
    build(run, tmp_path)
    sheets = {f"tts/sheets/{p.name}" for p in (out / "tts" / "sheets").iterdir()}
    pool = tmp_path / "decks" / "tiny" / "cards.csv"
    pool.write_text(pool.read_text(encoding="utf-8").replace("Fireball", "Fire Ball"))
    built = build(run, tmp_path)
    assert (out / "cards" / "fire-ball.png").is_file()
    assert not (out / "cards" / "fireball.png").exists()
    assert "Fireball" not in (out / "tts" / "tiny.json").read_text(encoding="utf-8")
    now = {f"tts/sheets/{p.name}" for p in (out / "tts" / "sheets").iterdir()}
    # the sheets that showed Fireball have new names (their content changed): the old ones
    # go, the Saved Object's and the full save's (`tiny-table.json`, which the build writes)
    old = sheets - now
    assert sorted("/table-" in name for name in old) == [False, True]
    assert relative(out, built["removed"]) == {"cards/fireball.png", *old}


def test_a_card_only_render_drew_goes_with_the_card(tmp_path: Path, run: Run) -> None:
    """`cardgen render` writes the same card images a build does: once the card is gone,
    the next build removes its image too (and leaves a deck's own PDF alone)."""
    write_game(tmp_path, ["Aria", "Borin", "Fireball"])
    out = tmp_path / "output" / "tiny"
    assert run("render", "tiny", "--project", tmp_path, "--jobs", "1").exit_code == 0
    deck = tmp_path / "decks" / "tiny" / "decks" / "mine.txt"
    deck.write_text("1 Aria\n2 Fireball\n", encoding="utf-8")
    printed = run("pnp", "tiny", "--deck", deck, "--project", tmp_path, "--jobs", "1")
    assert printed.exit_code == 0, printed.output
    pdf = out / "mine-a4-duplex-long.pdf"
    assert pdf.is_file()
    write_game(tmp_path, ["Aria", "Fireball"])
    build(run, tmp_path)
    assert not (out / "cards" / "borin.png").exists()
    assert pdf.is_file()  # a deck's PDF is not the build's: clean removes it
    assert run("clean", "tiny", "--project", tmp_path).exit_code == 0
    assert not out.exists()


def test_clean_removes_what_each_command_wrote(tmp_path: Path, run: Run) -> None:
    """render, pnp, tts and report --format pdf, each to its default place: clean takes it
    all, and leaves the designer's files and whatever went to --out elsewhere."""
    write_game(tmp_path, ["Aria", "Fireball"])
    out = tmp_path / "output" / "tiny"
    elsewhere = tmp_path / "proofs"
    for args in (
        ("render", "tiny", "--jobs", "1"),
        ("render", "tiny", "--jobs", "1", "--out", elsewhere),
        ("pnp", "tiny", "--jobs", "1"),
        ("pnp", "tiny", "--jobs", "1", "--paper", "letter", "--duplex", "none"),
        ("tts", "tiny", "--jobs", "1"),
        ("report", "tiny", "--format", "pdf"),
    ):
        result = run(*args, "--project", tmp_path)
        assert result.exit_code == 0, (args, result.output)
    add_user_files(out)
    written = on_disk(out)
    assert {
        "cards/aria.png",
        "backs/guild.png",
        "tiny-a4-duplex-long.pdf",
        "tiny-letter-simplex.pdf",
        "tts/tiny.json",
        "reports/tiny-box.pdf",
    } <= written
    listed = json.loads((out / ".cardgen-files.json").read_text(encoding="utf-8"))["files"]
    assert set(listed) == written
    outside = {p for p in elsewhere.rglob("*") if p.is_file()}
    assert outside
    assert run("clean", "--project", tmp_path).exit_code == 0
    assert on_disk(out) == set()
    assert {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()} == set(USER_FILES)
    assert {p for p in elsewhere.rglob("*") if p.is_file()} == outside


def test_a_listed_file_is_removed_as_a_link_never_through_it(tmp_path: Path) -> None:
    """A listed path that is a symlink is removed as a link: what it points to stays, and
    a path leading out of the folder is ignored."""
    from cardgen.manifest import record_build

    out = tmp_path / "output" / "tiny"
    (out / "cards").mkdir(parents=True)
    precious = tmp_path / "precious.png"
    precious.write_text("keep me")
    (out / "cards" / "old.png").symlink_to(precious)
    (out / ".cardgen-files.json").write_text(
        json.dumps(
            {"files": ["cards/old.png", "../../precious.png", "cards/../../../precious.png"]}
        )
    )
    removed = record_build(out, [])
    assert removed == [(out / "cards" / "old.png").resolve().parent / "old.png"]
    assert precious.read_text() == "keep me"
    assert not (out / "cards").exists()  # left empty by the removal
    listed = json.loads((out / ".cardgen-files.json").read_text())
    assert listed == {"files": [], "build": [], "folders": ["."]}
