"""`cardgen render`: files, sizes, determinism, collisions, art problems, backs."""

import hashlib
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from PIL import Image

from cardgen.render.placeholder import placeholder
from tests.conftest import TINY_CARDS

Run = Callable[..., Result]


def digest(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*.png"))
    }


def test_render_writes_every_card_and_back(
    make_project: Callable[..., Path], run: Run, tmp_path: Path
) -> None:
    root = make_project()
    out = tmp_path / "out"
    result = run("render", "tiny", "--project", root, "--out", out, "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [Path(c["file"]).name for c in data["cards"]] == [
        "aria.png",
        "borin.png",
        "fireball.png",
        "frost-bolt.png",
        "ice-wall.png",
    ]
    assert [Path(b["file"]).name for b in data["backs"]] == ["default.png"]
    with Image.open(out / "cards" / "fireball.png") as image:
        assert image.size == (825, 1125) and image.mode == "RGB"
        # PNG keeps pixels per metre: 300 dpi is 11811 px/m both ways, read back as 299.9994.
        assert image.info["dpi"] == pytest.approx((300, 300), abs=0.001)


def test_rerun_and_parallel_give_identical_bytes(
    make_project: Callable[..., Path], run: Run, tmp_path: Path
) -> None:
    root = make_project(
        cards=TINY_CARDS + "".join(f"Extra {i},spell,1,,fire,1,Text {i}.\n" for i in range(8))
    )
    run("render", "tiny", "--project", root, "--out", tmp_path / "a", "--jobs", "1")
    run("render", "tiny", "--project", root, "--out", tmp_path / "b", "--jobs", "2")
    run("render", "tiny", "--project", root, "--out", tmp_path / "a", "--jobs", "2")
    first, second = digest(tmp_path / "a"), digest(tmp_path / "b")
    assert first == second and len(first) == 14


def test_only_renders_a_subset(make_project: Callable[..., Path], run: Run, tmp_path: Path) -> None:
    root = make_project()
    result = run(
        "render",
        "tiny",
        "--project",
        root,
        "--out",
        tmp_path / "o",
        "--only",
        "school=ice",
        "--format",
        "json",
    )
    assert [c["name"] for c in json.loads(result.stdout)["cards"]] == ["Frost Bolt", "Ice Wall"]
    result = run(
        "render",
        "tiny",
        "--project",
        root,
        "--out",
        tmp_path / "o2",
        "--only",
        "ari",
        "--format",
        "json",
    )
    assert [c["name"] for c in json.loads(result.stdout)["cards"]] == ["Aria"]
    bad = run("render", "tiny", "--project", root, "--only", "nobody-at-all")
    assert bad.exit_code == 2 and "matches no card" in bad.stderr


def test_colliding_file_names_are_an_error(
    make_project: Callable[..., Path], run: Run, tmp_path: Path
) -> None:
    root = make_project(cards=TINY_CARDS + "Ice-Wall!,spell,1,,ice,1,\n")
    result = run("render", "tiny", "--project", root, "--out", tmp_path / "o")
    assert result.exit_code == 2
    assert "would all be written to cards/ice-wall.png" in result.stderr
    assert not (tmp_path / "o").exists()


def with_art(art: str) -> str:
    """The tiny pool with an `art` column, Aria's art set to `art`."""
    cards = TINY_CARDS.replace(
        "name,type,copies,power,school,level,text", "name,type,copies,power,school,level,text,art"
    )
    return cards.replace("Aria,hero,1,5,,,Leads the party.", f"Aria,hero,1,5,,,Leads.,{art}")


def test_missing_art_warns_and_draws_a_placeholder(
    make_project: Callable[..., Path], run: Run, tmp_path: Path
) -> None:
    cards = with_art("art/aria.png")
    root = make_project(cards=cards)
    result = run("render", "tiny", "--project", root, "--out", tmp_path / "o", "--only", "Aria")
    assert result.exit_code == 0
    looked = root / "decks" / "tiny" / "art" / "aria.png"
    assert result.stderr == (
        f"warning: {root}/decks/tiny/cards.csv:2: RN102 Aria: art"
        f' "art/aria.png" not found (looked for {looked}); drawing a placeholder\n'
    )
    # The art box of the built-in card at 300 dpi: 0.2 in + the 1/8 in bleed from the left
    # (97.5 px), 0.6 in + bleed from the top (217.5), 2.1 x 1.35 in (630 x 405 px), its edges
    # rounded to whole pixels; inside its rounded corners (1 mm: 12 px), Aria's placeholder.
    x0, y0, x1, y1 = 98, 218, 728, 622
    expected = placeholder("Aria", (x1 - x0, y1 - y0)).crop((12, 12, 630 - 12, 404 - 12))
    with Image.open(tmp_path / "o" / "cards" / "aria.png") as card:
        drawn = card.convert("RGB").crop((x0 + 12, y0 + 12, x1 - 12, y1 - 12))
    assert drawn.tobytes() == expected.tobytes()
    strict = run(
        "render", "tiny", "--project", root, "--out", tmp_path / "p", "--only", "Aria", "--strict"
    )
    assert strict.exit_code == 1


def test_real_art_is_drawn(make_project: Callable[..., Path], run: Run, tmp_path: Path) -> None:
    cards = with_art("art/aria.png")
    root = make_project(cards=cards)
    (root / "decks" / "tiny" / "art").mkdir()
    Image.new("CMYK", (300, 200), (0, 255, 0, 0)).save(root / "decks/tiny/art/aria.jpg")
    Image.open(root / "decks/tiny/art/aria.jpg").convert("RGB").save(
        root / "decks/tiny/art/aria.png"
    )
    result = run("render", "tiny", "--project", root, "--out", tmp_path / "o", "--only", "Aria")
    assert result.exit_code == 0 and "RN102" not in result.stderr
    with Image.open(tmp_path / "o" / "cards" / "aria.png") as image:
        r, g, _ = image.convert("RGB").getpixel((412, 400))  # middle of the art box
        assert g < 80 and r > 180  # magenta art, not the placeholder


def test_art_outside_the_project_is_refused(
    make_project: Callable[..., Path], run: Run, tmp_path: Path
) -> None:
    cards = TINY_CARDS.replace(
        "name,type,copies,power,school,level,text", "name,type,copies,power,school,level,text,art"
    )
    cards = cards.replace("Aria,hero,1,5,,,Leads the party.", "Aria,hero,1,5,,,x,../../../x.png")
    root = make_project(cards=cards)
    result = run("render", "tiny", "--project", root, "--out", tmp_path / "o", "--only", "Aria")
    assert result.exit_code == 2 and "outside the project" in result.stderr
    assert "Traceback" not in result.output


def a_fifth_by_a_seventh(trim_w: int, trim_h: int) -> tuple[int, int]:
    """A cell size no sheet rule gives (module level: a spawned worker imports it)."""
    return (trim_w // 5, trim_h // 7)


@pytest.mark.parametrize("jobs", [1, 2])
def test_each_card_drawn_leaves_a_cell_of_the_size_asked(
    make_project: Callable[..., Path], tmp_path: Path, jobs: int
) -> None:
    """Given `cell_size` (the sheets' rule, handed in by package code: render knows no
    sheets), each card drawn leaves in the cache its trim scaled to that size, made in the
    workers as in a serial run; without `cell_size` no cell is made."""
    from cardgen.cache import Cache
    from cardgen.project import Project
    from cardgen.render.fit import make_cell
    from cardgen.render.game import CELL_EXT, cell_key, render_game
    from cardgen.render.png import decode_png

    root = make_project(
        cards=TINY_CARDS + "".join(f"Extra {i},spell,1,,fire,1,Text {i}.\n" for i in range(8))
    )
    cache = Cache(tmp_path / "cache")
    result = render_game(
        Project(root),
        "tiny",
        tmp_path / "out",
        jobs=jobs,
        cache=cache,
        cell_size=a_fifth_by_a_seventh,
    )
    assert result.drawn == 13
    for card in result.cards:
        image = decode_png(card.file.read_bytes())
        bleed = round(card.geometry.bleed_pt * card.geometry.dpi / 72)
        size = a_fifth_by_a_seventh(image.width - 2 * bleed, image.height - 2 * bleed)
        assert size == (149, 149)  # 825 x 1125 less 38 px of bleed all round: 749 x 1049
        stored = cache.data_path(cell_key(card.key, size), CELL_EXT)
        assert stored is not None, card["name"]
        cell = decode_png(stored.read_bytes())
        assert cell.tobytes() == make_cell(image, bleed, size).tobytes(), card["name"]
    assert len(list((tmp_path / "cache").glob(f"*.{CELL_EXT}"))) == 13
    plain = Cache(tmp_path / "plain")
    render_game(Project(root), "tiny", tmp_path / "out2", jobs=jobs, cache=plain)
    assert not list((tmp_path / "plain").glob(f"*.{CELL_EXT}"))
