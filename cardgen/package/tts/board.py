"""A game's boards on a Tabletop Simulator table: each hex cell a `Custom_Tile` (a state
per team colour on the cells a team can claim), with each team's tile counter and pieces
and a round counter. The tile pictures are drawn here, a few flat colours.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw

from cardgen.load.game import GamePack
from cardgen.package.tts.objects import common, scripts, transform

if TYPE_CHECKING:
    from cardgen.package.tts.table import TableBuilder

HEIGHT_THICKNESS = {
    "ground": 0.12,
    "medium": 0.3,
    "tall": 0.5,
    "blocked": 0.5,
    "spawn-green": 0.4,
    "spawn-purple": 0.4,
}
NEUTRAL = {"ground": (74, 77, 85), "medium": (138, 142, 152), "tall": (201, 204, 211)}
TEAM_INK = {"green": (63, 191, 63), "purple": (155, 63, 209)}
TILE_UNITS = 2.0
"""Assumed width of a hex Custom_Tile at scale 1, in table units (not confirmed by a TTS
file we have); tiles are spaced by it."""


def _tile_image(
    fill: tuple[int, int, int], ring: tuple[int, int, int] | None = None, size: int = 256
) -> Image.Image:
    image = Image.new("RGB", (size, size), fill)
    draw = ImageDraw.Draw(image)
    edge = tuple(max(0, v - 40) for v in fill)
    draw.rectangle((0, 0, size - 1, size - 1), outline=edge, width=size // 24)
    if ring is not None:
        draw.ellipse(
            (size * 0.2, size * 0.2, size * 0.8, size * 0.8), outline=ring, width=size // 12
        )
    return image


def _shade(color: tuple[int, int, int], height: str) -> tuple[int, int, int]:
    factor = {"ground": 0.8, "medium": 1.0, "tall": 1.2}.get(height, 1.0)
    return tuple(min(255, round(v * factor)) for v in color)  # type: ignore[return-value]


def board_objects(builder: TableBuilder, pack: GamePack, origin_z: float) -> list[dict[str, Any]]:
    """Each board as hex tiles (neutral / green / purple states), counters and pieces."""
    from cardgen.check.game_checks import load_board

    objects: list[dict[str, Any]] = []
    for ref in pack.game.boards:
        board, _ = load_board(pack, ref)
        cells = board.cells()
        width = TILE_UNITS
        centre_q = sum(q + r / 2 for q, r in cells) / len(cells)
        centre_r = sum(r for _, r in cells) / len(cells)
        for (q, r), kind in sorted(cells.items(), key=lambda item: (item[0][1], item[0][0])):
            x = (q + r / 2 - centre_q) * width
            z = origin_z - (r - centre_r) * width * 0.866
            thickness = HEIGHT_THICKNESS[kind]
            identity = f"board|{ref.id}|{q},{r}"

            def tile(
                state: str,
                picture_name: str,
                picture: Image.Image,
                identity: str = identity,
                x: float = x,
                z: float = z,
                thickness: float = thickness,
                kind: str = kind,
            ) -> dict[str, Any]:
                data = common(
                    builder.ids.guid(f"{identity}|{state}"),
                    "Custom_Tile",
                    transform(x, z, y=1.0 + thickness / 2),
                    f"{kind} ({state})" if kind in NEUTRAL else kind.replace("-", " "),
                    tags=["Board tile", kind],
                )
                data["Locked"] = True
                data.update(
                    {
                        "HideWhenFaceDown": False,
                        "Hands": False,
                        "CustomImage": {
                            "ImageURL": builder.images.tile_url(picture_name, picture),
                            "ImageSecondaryURL": "",
                            "ImageScalar": 1.0,
                            "WidthScale": 0.0,
                            "CustomTile": {
                                "Type": 1,
                                "Thickness": thickness,
                                "Stackable": False,
                                "Stretch": True,
                            },
                        },
                    }
                )
                return scripts(data)

            if kind in NEUTRAL:
                base = tile("neutral", f"{kind}-neutral", _tile_image(NEUTRAL[kind]))
                base["Description"] = "Hover and press 1 (neutral), 2 (green) or 3 (purple)."
                states = {}
                for number, team in (("2", "green"), ("3", "purple")):
                    state = tile(team, f"{kind}-{team}", _tile_image(_shade(TEAM_INK[team], kind)))
                    state["Description"] = base["Description"]
                    states[number] = state
                base["States"] = states
                objects.append(base)
            elif kind == "blocked":
                objects.append(tile("blocked", "blocked", _tile_image((17, 17, 17))))
            else:
                team = kind.removeprefix("spawn-")
                objects.append(tile(kind, kind, _tile_image((250, 250, 250), TEAM_INK[team])))
        span = (max(q + r / 2 for q, r in cells) - centre_q + 2) * width
        for team, side in (("green", -1), ("purple", 1)):
            color = {k: v / 255 for k, v in zip("rgb", TEAM_INK[team], strict=True)}
            counter = common(
                builder.ids.guid(f"counter|{team}"),
                "Counter",
                transform(side * span, origin_z + side * 4),
                f"{team.title()} tiles",
                "Tiles your team has claimed.",
                color=color,
            )
            counter.update({"HideWhenFaceDown": False, "Hands": False, "Counter": {"value": 0}})
            objects.append(scripts(counter))
            for player in (1, 2):
                pawn = common(
                    builder.ids.guid(f"piece|{team}|{player}"),
                    "PlayerPawn",
                    transform(side * (span - 2), origin_z + side * (2 + player * 1.5)),
                    f"{team.title()} player {player}",
                    color=color,
                    tags=[f"Team {team}"],
                )
                pawn.update({"HideWhenFaceDown": False, "Hands": False})
                objects.append(scripts(pawn))
        rounds = common(
            builder.ids.guid("counter|rounds"),
            "Counter",
            transform(0, origin_z + 10),
            "Round",
            "Rounds played (the game lasts 10).",
            color={"r": 0.9, "g": 0.9, "b": 0.9},
        )
        rounds.update({"HideWhenFaceDown": False, "Hands": False, "Counter": {"value": 0}})
        objects.append(scripts(rounds))
    return objects
