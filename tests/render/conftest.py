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
