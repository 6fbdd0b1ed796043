"""Fixtures of the render tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.render.artgame import Make, art_game


@pytest.fixture
def game(make_project: Make, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Path]:
    """A tiny game whose Aria names `art` (see tests/render/artgame.py)."""
    return art_game(make_project, monkeypatch)


@pytest.fixture(autouse=True)
def _plates_drawn_afresh() -> None:
    """Each render test draws a layout's fixed elements itself: a plate kept from an earlier
    test would hide a change in how they are drawn (under `make mutate`, every mutant's test
    ran in a process that had kept the plates the unchanged code drew, so no test whose text
    is written into its layout could catch a text mutant)."""
    from cardgen.render import plates

    plates.PLATES.clear()
    plates.UNPLATED.clear()
