"""The fields every Tabletop Simulator object has: its transform, the common flags and
names, the (always empty) scripts, and card text as tooltip BBCode.

No user text is ever put into a script: `scripts` sets them empty.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

CARD_COLOR = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}


def transform(
    x: float,
    z: float,
    *,
    y: float = 1.0,
    face_up: bool = True,
    rot_y: float = 180.0,
    scale_x: float = 1,
    scale_y: float = 1,
    scale_z: float = 1,
) -> dict[str, float]:
    """An object's Transform: at (x, y, z), turned `rot_y` about Y (180: facing the near
    side's player), face up or down, scaled."""
    return {
        "posX": round(x, 4),
        "posY": round(y, 4),
        "posZ": round(z, 4),
        "rotX": 0.0,
        "rotY": round(rot_y, 4),
        "rotZ": 0.0 if face_up else 180.0,
        "scaleX": round(scale_x, 4),
        "scaleY": round(scale_y, 4),
        "scaleZ": round(scale_z, 4),
    }


def common(
    guid: str,
    name: str,
    placed: dict[str, float],
    nickname: str,
    description: str = "",
    gm_notes: str = "",
    color: dict[str, float] | None = None,
    tags: list[str] | None = None,
) -> dict[str, Any]:
    """The fields every object starts with, in the order TTS writes them."""
    data: dict[str, Any] = {
        "GUID": guid,
        "Name": name,
        "Transform": placed,
        "Nickname": nickname,
        "Description": description,
        "GMNotes": gm_notes,
        "ColorDiffuse": color or CARD_COLOR,
    }
    if tags:
        data["Tags"] = tags
    data.update(
        {
            "LayoutGroupSortIndex": 0,
            "Locked": False,
            "Grid": True,
            "Snap": True,
            "IgnoreFoW": False,
            "MeasureMovement": False,
            "DragSelectable": True,
            "Autoraise": True,
            "Sticky": True,
            "Tooltip": True,
            "GridProjection": False,
        }
    )
    return data


def scripts(data: dict[str, Any]) -> dict[str, Any]:
    """The object with its scripts and UI set empty (the last fields TTS writes)."""
    data.update({"LuaScript": "", "LuaScriptState": "", "XmlUI": ""})
    return data


def rulebook_object(
    guid: str, url: str, spot: tuple[float, float], nickname: str
) -> dict[str, Any]:
    """The rulebook as TTS's Custom_PDF object at `spot`, facing the near side, open at its
    first page (`PDFPage` 0, no offset, no password)."""
    white = {"r": 1.0, "g": 1.0, "b": 1.0}
    data = common(guid, "Custom_PDF", transform(*spot), nickname, color=white)
    data.update(
        {
            "HideWhenFaceDown": False,
            "Hands": False,
            "CustomPDF": {"PDFUrl": url, "PDFPassword": "", "PDFPage": 0, "PDFPageOffset": 0},
        }
    )
    return scripts(data)


_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<!\*)\*(?!\*)(.+?)(?<!\*)\*(?!\*)")
_BRACKETS = re.compile(r"\[(/?)([a-z0-9-]*)\]", re.IGNORECASE)


def bbcode(text: str, keywords: Iterable[str]) -> str:
    """Card text as TTS tooltip BBCode: keywords and **bold** in [b], *italic* in [i].

    Square brackets in the card's own text are kept from being read as BBCode tags.
    """
    text = _BRACKETS.sub(lambda m: f"\u27e6{m.group(1)}{m.group(2)}\u27e7", text)
    text = _BOLD.sub(r"[b]\1[/b]", text)
    text = _ITALIC.sub(r"[i]\1[/i]", text)
    terms = sorted({t for t in keywords if t}, key=len, reverse=True)
    if terms:
        pattern = re.compile(r"(?<![\w\[])(" + "|".join(map(re.escape, terms)) + r")(?![\w\]])")
        text = pattern.sub(r"[b]\1[/b]", text)
    return text.replace("[b][b]", "[b]").replace("[/b][/b]", "[/b]")
