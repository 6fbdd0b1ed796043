"""The sections a rules document asks cardgen to write from the data: the components, the
setup for each player count, the deck-building rules as `cardgen validate` enforces them,
the card types with an example card each, and the glossary, as Markdown."""

from __future__ import annotations

import re
from collections.abc import Callable

from cardgen.load.game import GamePack
from cardgen.model.components import Component
from cardgen.model.labels import choice_label, field_title
from cardgen.model.rules import (
    BannedRule,
    CopiesRule,
    CountPerGroupRule,
    CountRule,
    DeckSizeRule,
    RequiredRule,
)
from cardgen.model.select import matches
from cardgen.model.setup import Pile
from cardgen.rulebook.record import ExampleCard
from cardgen.rulebook.words import RulebookWords

_SPECIAL = re.compile(r"([\\`*_\[\]<>|#])")


def escape(text: str) -> str:
    """Text from the data as Markdown that shows it as written."""
    return _SPECIAL.sub(r"\\\1", " ".join(text.split()))


def _table(head: list[str], rows: list[list[str]]) -> str:
    """A pipe table with a header row."""
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines.extend("| " + " | ".join(row) + " |" for row in rows)
    return "\n".join(lines)


def components(pack: GamePack, words: RulebookWords, level: int) -> str:
    """The box: its manifest's lines (else the pool by type), its total, and each of the
    game's other components with how many there are and what it is for."""
    game = pack.game
    lines: list[str] = []
    if game.box is not None and game.box.contents:
        lines.extend(f"- {item.count} {escape(item.label)}" for item in game.box.contents)
    else:
        for type_id, ctype in game.types.items():
            count = sum(c.copies for c in pack.cards if c.type == type_id)
            lines.append(f"- {count} {escape(ctype.plural_label)}")
    total = sum(c.copies for c in pack.cards)
    if game.box is not None and game.box.total is not None:
        total = game.box.total
    lines.extend(_component(component, words) for component in game.components)
    return "\n".join(lines) + "\n\n" + words["in_all"].format(count=total) + "\n"


def _component(component: Component, words: RulebookWords) -> str:
    """One component as a list item."""
    details = [words.kind(component.kind)]
    sides = getattr(component, "sides", None)
    if isinstance(sides, int):
        details.append(words["sides"].format(sides=sides))
    start = getattr(component, "start", None)
    fixed = getattr(component, "start_field", None) is None
    if component.kind == "counter" and isinstance(start, int) and fixed:
        details.append(words["starts_at"].format(start=start))
    whose = words.per(component.owner)
    about = f": {escape(component.description)}" if component.description else ""
    return f"- {component.count} × {escape(component.label)}{whose} ({', '.join(details)}){about}"


def setup(pack: GamePack, words: RulebookWords, level: int) -> str:
    """A row for each player count (hand, cards dealt, copies of the game needed) and the
    piles set out."""
    game = pack.game
    columns: list[tuple[str, Callable[[int], str]]] = [(words["players"], str)]
    hand = game.setup.hand
    if hand is not None:
        columns.append((words["hand"], lambda _: str(hand)))
    if game.setup.deal:
        columns.append((words["dealt"], lambda n: _dealt(pack, n, "cards_each")))
        if any(row.boxes > 1 for row in game.setup.deal):
            columns.append((words["boxes"], lambda n: _dealt(pack, n, "boxes")))
    parts = []
    if len(columns) > 1:
        counts = range(game.players.min, game.players.max + 1)
        rows = [[cell(n) for _, cell in columns] for n in counts]
        parts.append(_table([title for title, _ in columns], rows))
    if game.setup.piles:
        piles = "\n".join(_pile(pack, pile, words) for pile in game.setup.piles)
        parts.append(f"{'#' * level} {words['piles_title']}\n\n{piles}")
    return "\n\n".join(parts) + "\n"


def _dealt(pack: GamePack, players: int, what: str) -> str:
    """A deal table column for a number of players ("—" where no row covers it)."""
    for row in pack.game.setup.deal:
        if row.players_min <= players <= row.players_max:
            return str(getattr(row, what))
    return "—"


def _pile(pack: GamePack, pile: Pile, words: RulebookWords) -> str:
    """A setup pile as a list item: whose, which side up, how many cards."""
    side = words["face_up"] if pile.face_up else words["face_down"]
    if pile.owner == "player" and pile.count is None:
        size = words["own_deck"]
    else:
        count = pile.count
        if count is None:
            count = sum(c.copies for c in pack.cards if matches(c, pile.where))
        size = f"{count} {words['card'] if count == 1 else words['cards']}"
    whose = words["each_player"] if pile.owner == "player" else words["shared"]
    group = ""
    if pile.group_by:
        spec = pack.game.field_spec(pile.group_by)
        field = field_title(pile.group_by, spec).lower() if spec else pile.group_by
        group = ", " + words["per_value"].format(field=field)
    return f"- **{escape(pile.label)}**: {whose}, {side}, {size}{group}"


def bound(words: RulebookWords, low: int | None, high: int | None, exact: int | None) -> str:
    """A min / max / exact bound in words, as `cardgen validate` says it."""
    if exact is not None:
        return words["exactly"].format(n=exact)
    if low is not None and high is not None:
        return words["between"].format(low=low, high=high)
    if high is not None:
        return words["at_most"].format(n=high)
    return words["at_least"].format(n=low)


def deck_rules(pack: GamePack, words: RulebookWords, level: int) -> str:
    """Each deck rule by its id, as the validator enforces it: its bound in the validator's
    words (`at most 52 cards in a deck`), its message only for a kind that has no such words
    (a message restating a number could go stale; the bound cannot)."""
    items = []
    for rule in pack.game.deck_rules:
        said = escape(_rule_words(rule, words) or rule.message)
        if rule.severity == "warning":
            said += f" ({words['advice']})"
        items.append("- " + words["labelled"].format(label=f"**{rule.id}**", text=said))
    return ("\n".join(items) if items else words["no_rules"]) + "\n"


def _rule_words(rule: object, words: RulebookWords) -> str:
    """What a rule allows, in the validator's words (empty for a kind said by its message)."""
    if isinstance(rule, DeckSizeRule):
        return words["deck_size"].format(bound=bound(words, rule.min, rule.max, rule.exact))
    if isinstance(rule, CountRule):
        text = bound(words, rule.min, rule.max, rule.exact)
        return words["labelled"].format(label=rule.label or words["matching"], text=text)
    if isinstance(rule, CountPerGroupRule):
        each = words["per_group"].format(
            bound=bound(words, rule.min, rule.max, rule.exact), field=rule.group_by
        )
        return words["labelled"].format(label=rule.label or words["matching"], text=each)
    if isinstance(rule, CopiesRule):
        return words["copies"].format(bound=words["at_most"].format(n=rule.max))
    if isinstance(rule, RequiredRule):
        wanted = [", ".join(rule.cards)] if rule.cards else []
        wanted += [words["one_of"].format(cards=" / ".join(group)) for group in rule.any_of]
        return words["required"].format(cards="; ".join(wanted))
    if isinstance(rule, BannedRule):
        text = words["restricted"] if rule.restricted else words["banned"]
        return text.format(cards=", ".join(rule.cards)) if rule.cards else ""
    return ""


def card_types(pack: GamePack, words: RulebookWords, level: int) -> tuple[str, list[ExampleCard]]:
    """A heading per card type: what it is for, how many the box holds, an example card
    (drawn beside the page), and its fields with their bounds or choices."""
    parts = []
    cards = []
    for type_id, ctype in pack.game.types.items():
        lines = [f"{'#' * level} {escape(ctype.label)}", ""]
        if ctype.description:
            lines += [escape(ctype.description), ""]
        count = sum(c.copies for c in pack.cards if c.type == type_id)
        lines += [words["in_box"].format(count=count), ""]
        example = next((c for c in pack.cards if c.type == type_id), None)
        if example is not None:
            file = f"cards/{type_id}.png"
            cards.append(ExampleCard(type=type_id, name=example.name, file=file))
            alt = words["example"].format(type=ctype.label, name=example.name)
            lines += [f"![{escape(alt)}]({file})", ""]
        for name, spec in ctype.fields.items():
            if spec.type == "int" and spec.min is not None and spec.max is not None:
                shown = words["range"].format(low=spec.min, high=spec.max)
            elif spec.type == "choice":
                values = ", ".join(choice_label(spec, v) for v in spec.choices)
                shown = words["one_of_values"].format(values=values)
            else:
                shown = ""
            about = escape(spec.description)
            detail = "; ".join(p for p in (escape(shown), about) if p)
            lines.append(
                f"- **{escape(field_title(name, spec))}**" + (f": {detail}" if detail else "")
            )
        parts.append("\n".join(lines).rstrip())
    return "\n\n".join(parts) + "\n", cards


def glossary(pack: GamePack, words: RulebookWords, level: int) -> str:
    """The glossary's defined terms as a table."""
    rows = [
        [escape(entry.term), escape(entry.definition)]
        for entry in pack.game.glossary.entries
        if entry.definition
    ]
    return _table([words["term"], words["meaning"]], rows) + "\n" if rows else ""
