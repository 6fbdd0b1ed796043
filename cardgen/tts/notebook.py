"""The Notebook of a Tabletop Simulator table: a tab for the setup (the seats, the hand
size, the deal for this player count, the piles and counters, the game's setup notes) and
a tab for the rules (the game's rulebook resolved against its data, as its caller hands
it over; else its rules document as plain text, else its description and where its rules
come from).
"""

from __future__ import annotations

import re

from cardgen.load.game import GamePack
from cardgen.tts.deal import TablePlan
from cardgen.tts.seats import Seat
from cardgen.tts.table import TablePile
from cardgen.tts.words import TableWords, table_words

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
    source = pack.game.rules_source.strip()
    words = table_words(pack.game.language)
    parts = [pack.game.description.strip(), words.rules.format(source=source) if source else ""]
    return "\n\n".join(p for p in parts if p) + "\n"


def _pile(pile: TablePile, words: TableWords) -> str:
    """A pile as the setup tab lists it."""
    side = words.face_up if pile.face_up else words.face_down
    count = len(pile.copies)
    return f"{pile.label} ({count} {words.cards[0] if count == 1 else words.cards[1]}, {side})"


def setup_text(
    pack: GamePack, plan: TablePlan, seats: list[Seat], turns: list[str] | None = None
) -> str:
    """The setup tab: who sits where, the hand, the deal, each seat's piles, the shared
    piles (those at the ends of the play area apart) and the box pile, the counters, the
    turn order (`turns`, the seats' colours) and the game's own setup notes."""
    setup = pack.game.setup
    words = table_words(pack.game.language)
    lines = [words.set_up_for.format(game=pack.game.name, players=plan.players)]
    if setup.hand is not None:
        lines.append(words.hand_size.format(count=setup.hand))
    if plan.cards_each is not None:
        boxes = words.from_boxes.format(boxes=plan.boxes) if plan.boxes > 1 else ""
        lines.append(
            words.deal.format(
                players=plan.players, each=plan.cards_each, boxes=boxes, label=setup.deal_label
            )
        )
    lines.append("")
    for seat, cards in zip(seats, plan.seats, strict=True):
        deck = words.deck.format(name=cards.deck) if cards.deck else ""
        piles = "; ".join(_pile(p, words) for p in cards.piles) or words.no_pile
        lines.append(f"{words.colour(seat.colour)}{deck}{words.colon}{piles}.")
    middle = [p for p in plan.shared if p.place == "middle"]
    ends = [p for p in plan.shared if p.place != "middle"]
    if middle:
        listed = "; ".join(_pile(p, words) for p in middle)
        lines.append(f"{words.middle}{words.colon}{listed}.")
    if ends:
        listed = "; ".join(_pile(p, words) for p in ends)
        lines.append(f"{words.ends}{words.colon}{listed}.")
    for rest in plan.rest:
        lines.append(f"{words.off_side}{words.colon}{_pile(rest, words)}.")
    lines.extend(_counters(pack, words))
    if turns:
        order = ", ".join(words.colour(colour) for colour in turns)
        lines.append(words.turns.format(order=order))
    if setup.notes.strip():
        lines.extend(["", words.notes, " ".join(setup.notes.split())])
    return "\n".join(lines) + "\n"


def _counters(pack: GamePack, words: TableWords) -> list[str]:
    """A line for each of the game's counters: whose it is and what it starts at."""
    lines = []
    for counter in pack.game.counters:
        whose = {"player": words.each_player, "team": words.each_team}.get(
            counter.owner, words.shared
        )
        start = str(counter.start)
        if counter.start_field is not None and counter.start_from is not None:
            kind = counter.start_from.get("type")
            card = pack.game.types[kind].label if isinstance(kind, str) else words.card
            owner = words.owner_player if counter.owner == "player" else words.owner_shared
            start = words.start_field.format(field=counter.start_field, owner=owner, card=card)
        lines.append(words.counter.format(label=counter.label, whose=whose, start=start))
    return lines
