"""A font file replaced in place is loaded again: one process (`--jobs 1`, `cardgen watch`)
that drew with a font and draws again after the file changed uses the new file, and never
reads the new bytes through the old face (FreeType reads glyphs lazily)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from cardgen.render.fonts import RL_FONTS, font_at


def widths(font_path: Path) -> list[float]:
    font = font_at(font_path, 40)
    return [font.getlength(text) for text in ("Wide words", "iii", "MMM")]


def test_a_font_replaced_in_place_is_drawn_from_its_new_file(tmp_path: Path) -> None:
    font = tmp_path / "fonts" / "hand.ttf"
    font.parent.mkdir()
    shutil.copyfile(RL_FONTS / "Vera.ttf", font)
    regular = widths(font)
    shutil.copyfile(RL_FONTS / "VeraBd.ttf", font)  # the same name, other bytes
    os.utime(font, ns=(1, 1))  # even with an old time stamp: size and inode still tell
    bold = widths(font)
    fresh = tmp_path / "bold.ttf"
    shutil.copyfile(RL_FONTS / "VeraBd.ttf", fresh)
    assert bold == widths(fresh) != regular
    assert widths(font) == bold  # unchanged since: the cached font
    assert font_at(font, 40) is font_at(font, 40)
