"""`build_game(..., on_rendered=...)`, the live preview's build: the cards are drawn first
and handed over before the check, and the build makes the same files, byte for byte, and
finds the same things as one without it; a failed check still stops it, after the cards."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

from cardgen.build import build_game
from cardgen.project import Project
from cardgen.render.game import RenderResult
from tests.conftest import DAMAGE_CHECK, TINY_CARDS, TINY_GAME


def _outputs(root: Path) -> dict[str, bytes]:
    """Every file a build left in the game's folder but its cache and its own records."""
    out = root / "output" / "tiny"
    return {
        str(p.relative_to(out)): p.read_bytes()
        for p in sorted(out.rglob("*"))
        if p.is_file() and ".cache" not in p.parts and not p.name.startswith(".")
    }


def test_the_same_build_with_the_cards_handed_over_first(
    make_project: Callable[..., Path],
) -> None:
    root = make_project(TINY_GAME + DAMAGE_CHECK)
    pool = root / "decks" / "tiny" / "cards.csv"
    handed: list[tuple[RenderResult, bool]] = []

    def rendered(result: RenderResult) -> None:
        stamp = root / "output" / "tiny" / ".cardgen-stamp.json"
        handed.append((result, all(c.file.is_file() for c in result.cards)))
        assert not stamp.exists()  # handed over before the build is done

    def built(edit: str, hook: Callable[[RenderResult], None] | None, cold: bool) -> object:
        pool.write_text(TINY_CARDS.replace("Leads the party.", edit), encoding="utf-8")
        if cold:
            shutil.rmtree(root / "output", ignore_errors=True)
        result = build_game(Project(root), "tiny", jobs=1, on_rendered=hook)
        assert result.built and not result.unchanged
        assert list(result.steps)[:2] == (["render", "check"] if hook else ["check", "render"])
        return result.record(), _outputs(root)

    # the same input with and without the hook: from nothing, then one card edited (hooked)
    # against from nothing (plain)
    assert built("Leads the party.", None, True) == built("Leads the party.", rendered, True)
    edited = built("Leads all of them.", rendered, False)
    assert edited == built("Leads all of them.", None, True)
    names = ["Aria", "Borin", "Fireball", "Frost Bolt", "Ice Wall"]
    assert [[c.name for c in r.cards] for r, _ in handed] == [names, names]
    assert [(r.drawn, r.reused) for r, _ in handed] == [(5, 0), (1, 4)]
    assert all(written for _, written in handed)


def test_a_failed_check_stops_the_build_after_the_cards(make_project: Callable[..., Path]) -> None:
    root = make_project(
        TINY_GAME + DAMAGE_CHECK, TINY_CARDS.replace("Deal 2 damage.", "Deal 3 damage.")
    )
    handed: list[RenderResult] = []
    result = build_game(Project(root), "tiny", jobs=1, on_rendered=handed.append)
    assert not result.built and "STOPPED" in result.note
    [place] = result.places["errors"]
    assert place.endswith("decks/tiny/cards.csv:4")
    assert "damage-is-level" in result.errors[0]
    [drawn] = handed
    assert drawn.drawn == 5
    out = root / "output" / "tiny"
    assert (out / "cards" / "fireball.png").is_file()
    assert not list(out.glob("*.pdf"))  # nothing after the check
    shutil.rmtree(out)
    plain = build_game(Project(root), "tiny", jobs=1)  # without the hook: nothing drawn
    assert plain.errors == result.errors and not (out / "cards").exists()


def test_data_that_does_not_load_hands_nothing_over(make_project: Callable[..., Path]) -> None:
    root = make_project(cards=TINY_CARDS.replace("Aria,hero,1,5", "Aria,hero,1,55"))
    handed: list[RenderResult] = []
    result = build_game(Project(root), "tiny", jobs=1, on_rendered=handed.append)
    assert handed == [] and not result.built
    assert result.places["errors"][0].endswith("decks/tiny/cards.csv:2")
    assert not (root / "output" / "tiny" / "cards").exists()
