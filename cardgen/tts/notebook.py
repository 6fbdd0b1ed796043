"""The Notebook of a Tabletop Simulator table: a tab for the setup (the seats, the hand
size, the deal for this player count, the piles and counters, the game's setup notes) and
a tab for the rules (the game's rules document as plain text, else its description and
where its rules come from).
"""

from __future__ import annotations

import re

from cardgen.load.game import GamePack
from cardgen.tts.deal import TablePlan
from cardgen.tts.seats import Seat
from cardgen.tts.table import TablePile

_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_IMAGE = re.compile(r"!\[([^\]]*)\]\([^)]*\)")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)[^)]*\)")
_EMPHASIS = re.compile(r"(\*\*|__|\*|`)(.+?)\1")


def plain_text(markdown: str) -> str:
    """Markdown (or plain text) as the Notebook's plain text: headings on lines of their
    own (the first level in capitals), paragraphs unwrapped, list items as bullets, links
    as `text (URL)`, emphasis, code marks and HTML comments dropped."""
    text = _COMMENT.sub("", markdown.replace("\r\n", "\n"))
    blocks: list[str] = []
    for block in re.split(r"\n\s*\n", text):
        lines = [line.rstrip() for line in block.strip("\n").splitlines() if line.strip()]
        if not lines:
            continue
        out: list[str] = []
        joinable = False  # the line before is text a wrapped line goes on with
        for line in lines:
            heading = _HEADING.match(line)
            if heading:
                title = _inline(heading.group(2))
                out.append(title.upper() if len(heading.group(1)) == 1 else title)
                joinable = False
            elif _ITEM.match(line):
                out.append("• " + _inline(_ITEM.sub("", line, count=1)))
                joinable = True
            elif joinable:
                out[-1] = f"{out[-1]} {_inline(line.strip())}"
            else:
                out.append(_inline(line.strip()))
                joinable = True
        blocks.append("\n".join(out))
    return "\n\n".join(blocks) + "\n"


def _inline(text: str) -> str:
    """A line's Markdown marks taken out."""
    text = _IMAGE.sub(r"\1", text)
    text = _LINK.sub(r"\1 (\2)", text)
    for _ in range(3):  # nested emphasis, e.g. **a *b* c**
        text = _EMPHASIS.sub(r"\2", text)
    return text


def rules_text(pack: GamePack) -> str:
    """The rules tab: the game's rules document as plain text, else its description and
    the source of its rules."""
    document = pack.game.rules_document
    if document is not None:
        path = pack.file(document, ["rules_document"])
        from cardgen.errors import CardgenError

        try:
            return plain_text(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            raise CardgenError(
                f"rules document {document}: {reason}", pack.doc.location(["rules_document"])
            ) from None
    parts = [pack.game.description.strip(), f"Rules: {pack.game.rules_source.strip()}"]
    return "\n\n".join(p for p in parts if p and p != "Rules:") + "\n"


def _pile(pile: TablePile) -> str:
    """A pile as the setup tab lists it."""
    side = "face up" if pile.face_up else "face down"
    count = len(pile.copies)
    return f"{pile.label} ({count} card{'' if count == 1 else 's'}, {side})"


def setup_text(pack: GamePack, plan: TablePlan, seats: list[Seat]) -> str:
    """The setup tab: who sits where, the hand, the deal, each seat's piles, the shared
    piles and the box pile, the counters, and the game's own setup notes."""
    setup = pack.game.setup
    lines = [f"{pack.game.name}, set up for {plan.players} players."]
    if setup.hand is not None:
        lines.append(f"Starting hand: {setup.hand} cards each.")
    if plan.cards_each is not None:
        boxes = f", from {plan.boxes} boxes" if plan.boxes > 1 else ""
        lines.append(
            f"Deal for {plan.players} players: {plan.cards_each} cards each{boxes},"
            f" face down, as the pile {setup.deal_label!r} in front of each player."
        )
    lines.append("")
    for seat, cards in zip(seats, plan.seats, strict=True):
        deck = f" (deck: {cards.deck})" if cards.deck else ""
        piles = "; ".join(_pile(p) for p in cards.piles) or "no pile of their own"
        lines.append(f"{seat.colour}{deck}: {piles}.")
    if plan.shared:
        lines.append("In the middle: " + "; ".join(_pile(p) for p in plan.shared) + ".")
    for rest in plan.rest:
        lines.append(f"Off to the side: {_pile(rest)}.")
    for counter in pack.game.counters:
        whose = {"player": "each player", "team": "each team"}.get(counter.owner, "shared")
        start = str(counter.start)
        if counter.start_field is not None and counter.start_from is not None:
            kind = counter.start_from.get("type")
            card = pack.game.types[kind].label if isinstance(kind, str) else "card"
            owner = "the player's" if counter.owner == "player" else "the"
            start = f"the {counter.start_field} of {owner} {card}"
        lines.append(f"Counter: {counter.label} ({whose}, starts at {start}).")
    if setup.notes.strip():
        lines.extend(["", "Setup notes:", " ".join(setup.notes.split())])
    return "\n".join(lines) + "\n"
