"""Art found by the card's name: random names (accents, spaces, punctuation) find the file
of their slug, several files are one chosen in a fixed order and a warning, the cell wins,
and `cardgen check --verbose` and its JSON say where each card's art comes from."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardgen.load.art_convention import art_by_name, with_art_by_name
from cardgen.model.card import Card
from cardgen.write import slug
from tests.conftest import TINY_CARDS
from tests.render.artgame import Make, Run, art_game, art_pixel, png, render

NS = 'xmlns="http://www.w3.org/2000/svg"'
SVG = f'<svg {NS} viewBox="0 0 3 2"><rect width="3" height="2" fill="#1040c0"/></svg>'.encode()

names = (
    st.text(
        st.sampled_from(list("abcdefghijklmnopqrstuvwxyzEKÉèçñøßæ  '’-.,!?&()0123456789狐")),
        min_size=1,
        max_size=30,
    )
    .map(str.strip)
    .filter(bool)
)


@pytest.fixture
def game(make_project: Make, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Path]:
    """A tiny game whose Aria names `art` (see tests/render/artgame.py)."""
    return art_game(make_project, monkeypatch)


def card(name: str, art: str | None = None) -> Card:
    return Card(name=name, type="hero", copies=1, art=art, source_path="cards.csv", source_line=2)


def folder_with(root: Path, files: list[str]) -> Path:
    """A game folder whose `art/` holds `files` (each a few bytes)."""
    (root / "art").mkdir(parents=True, exist_ok=True)
    for name in files:
        (root / "art" / name).write_bytes(b"x")
    return root


@settings(max_examples=60, deadline=None)
@given(name=names, ext=st.sampled_from([".svg", ".png", ".JPG", ".webp", ".tif", ".gif"]))
def test_a_random_name_finds_the_file_of_its_slug(
    tmp_path_factory: pytest.TempPathFactory, name: str, ext: str
) -> None:
    root = folder_with(tmp_path_factory.mktemp("game"), [slug(name) + ext, "unrelated-zz.png"])
    assume(slug("unrelated-zz") != slug(name))
    [found], origins = with_art_by_name([card(name)], root)
    assert found.art == f"art/{slug(name)}{ext}"
    assert (origins[name].by, origins[name].passed_over) == ("name", ())


@settings(max_examples=40, deadline=None)
@given(name=names)
def test_a_file_named_as_the_card_is_written_finds_it_too(
    tmp_path_factory: pytest.TempPathFactory, name: str
) -> None:
    assume("/" not in name and not name.startswith("."))
    root = folder_with(tmp_path_factory.mktemp("game"), [name + ".png"])
    [found], _ = with_art_by_name([card(name)], root)
    assert found.art == f"art/{name}.png"


RAW = [".bmp", ".gif", ".jpeg", ".jpg", ".tga", ".tif", ".webp"]


@settings(max_examples=40, deadline=None)
@given(exts=st.lists(st.sampled_from([".svg", ".png", *RAW]), min_size=2, max_size=5, unique=True))
def test_several_files_named_after_a_card_choose_svg_then_png_then_by_name(
    tmp_path_factory: pytest.TempPathFactory, exts: list[str]
) -> None:
    root = folder_with(tmp_path_factory.mktemp("game"), ["hero" + e for e in exts])
    order = sorted(exts, key=lambda e: ({".svg": 0, ".png": 1}.get(e, 2), "hero" + e))
    [found], origins = with_art_by_name([card("Hero")], root)
    assert found.art == "art/hero" + order[0]
    assert origins["Hero"].passed_over == tuple("art/hero" + e for e in order[1:])


def test_the_cell_wins_and_what_is_not_art_is_left_alone(tmp_path: Path) -> None:
    root = folder_with(
        tmp_path,
        ["aria.svg", "borin.txt", ".borin.png", "._borin.png", "borin.psd.bak", "card.eps"],
    )
    (root / "art" / "borin.png").mkdir()  # a folder is no art
    cards, origins = with_art_by_name(
        [card("Aria", "art/elsewhere.png"), card("Borin"), card("Card")], root
    )
    assert [c.art for c in cards] == ["art/elsewhere.png", None, None]
    assert [origins[n].by for n in ("Aria", "Borin", "Card")] == ["cell", "none", "none"]
    assert art_by_name(tmp_path / "nowhere") == {}


# --------------------------------------------------------------------------- through cardgen


def test_a_pool_without_an_art_column_draws_the_file_named_after_the_card(
    game: Callable[..., Path], run: Run
) -> None:
    root = game("", {"art/aria.svg": SVG})
    (root / "decks" / "tiny" / "cards.csv").write_text(TINY_CARDS, encoding="utf-8")
    result = render(run)
    assert (result.exit_code, result.stderr) == (0, "")
    assert art_pixel() == (0x10, 0x40, 0xC0)
    result = run("check", "tiny", "--project", ".", "--verbose")
    lines = [line for line in result.stderr.splitlines() if ": art: " in line]
    assert lines[:2] == [
        'decks/tiny/cards.csv:2: card "Aria": art: art/aria.svg (by its name)',
        'decks/tiny/cards.csv:3: card "Borin": art: none (no art cell, no file in art/ named'
        " after it)",
    ]
    data = json.loads(run("check", "tiny", "--project", ".", "--format", "json").stdout)
    assert data["art"][0] == {
        "card": "Aria",
        "art": "art/aria.svg",
        "by": "name",
        "passed_over": [],
    }


def test_a_second_file_named_after_a_card_is_a_warning_even_after_a_cached_render(
    game: Callable[..., Path], run: Run
) -> None:
    game("", {"art/aria.svg": SVG})
    assert render(run).stderr == ""
    Path("decks/tiny/art/Aria.png").write_bytes(png((200, 40, 40)))
    result = render(run)
    assert result.exit_code == 0
    assert result.stderr == (
        "warning: decks/tiny/cards.csv:2: RN106 Aria: art by its name: art/aria.svg is drawn,"
        " art/Aria.png is also named after the card (SVG first, then PNG, then by file name);"
        " name one in its art cell, or remove the other\n"
    )
    assert art_pixel() == (0x10, 0x40, 0xC0)
    assert render(run, "--strict").exit_code == 1
    line = run("check", "tiny", "--project", ".", "--verbose").stderr
    assert 'card "Aria": art: art/aria.svg (by its name); not drawn: art/Aria.png' in line


def test_an_art_cell_keeps_its_file_over_the_one_named_after_the_card(
    game: Callable[..., Path], run: Run
) -> None:
    game("art/portrait.png", {"art/aria.svg": SVG, "art/portrait.png": png((200, 40, 40))})
    result = render(run)
    assert (result.exit_code, result.stderr) == (0, "")
    assert art_pixel() == (200, 40, 40)
