"""The noun phrases a number in text may count, for the claims lint: each names a subject.

From a game's data: its card types (label, plural, id, `X card(s)`, `carte(s) X`), a type
with one value of a choice field (`Signed Character`, `Twin Characters`, or the value alone
when the glossary defines it: `Doodles`, `Instants`), a type with a value of a small int
field (`Allies (+1)`, `+1 Allies`, `Ally (+2) cards`), a group rule's `of each` form
(`Allies of each bonus`), and the labels of its count rules and box lines (`Persona cards`,
`cartes Classic roses`). A phrase that two subjects share names neither.
"""

from __future__ import annotations

from cardgen.check.lint.facts import EACH, Subject, subject_of
from cardgen.load.game import GamePack
from cardgen.model.game import CardType, FieldSpec, Game
from cardgen.model.rules import CountPerGroupRule, CountRule

_SMALL_RANGE = 10
"""An int field with at most this many values may name groups of cards (`Allies (+1)`)."""


def _plural(word: str) -> str:
    if word.endswith("y") and not word.endswith(("ay", "ey", "oy")):
        return word[:-1] + "ies"
    return word if word.endswith("s") else word + "s"


def _plural_fr(word: str) -> str:
    return word if word.endswith(("s", "x", "z")) else word + "s"


def _type_forms(pack: GamePack, label: str, plural: str, type_id: str) -> set[str]:
    forms = {label, plural, type_id, f"{label} card", f"{label} cards"}
    if pack.game.language == "fr":
        forms |= {f"carte {label}", f"cartes {label}", f"cartes {plural}"}
    return forms


class _Table:
    """Phrases being collected: each to one subject, or to None once two disagree."""

    def __init__(self) -> None:
        self.found: dict[str, Subject | None] = {}

    def add(self, phrase: str, subject: Subject | None) -> None:
        key = " ".join(phrase.casefold().split())
        if not key or subject is None:
            return
        if key in self.found and self.found[key] != subject:
            self.found[key] = None
        else:
            self.found[key] = subject


def subject_phrases(pack: GamePack) -> dict[str, Subject]:
    """Every phrase (case-folded, single spaces) that names a subject of the game."""
    game = pack.game
    table = _Table()
    grouping = _grouping(game)
    for type_id, ctype in game.types.items():
        _add_type(table, pack, type_id, ctype, grouping)
    for rule in game.deck_rules:
        if isinstance(rule, CountRule | CountPerGroupRule) and rule.label:
            _add_rule(table, game, rule)
    if game.box is not None:
        for item in [*game.box.contents, *game.box.deck_contents]:
            table.add(item.label, subject_of(item.where))
    _add_variants(table, game)
    return {phrase: subject for phrase, subject in table.found.items() if subject is not None}


def _add_variants(table: _Table, game: Game) -> None:
    """A glossary term's variants name what the term names (`Signable Character` for
    `Signed Character`), singular and plural."""
    for entry in game.glossary.entries:
        subject = table.found.get(" ".join(entry.term.casefold().split()))
        for variant in entry.variants if subject is not None else []:
            table.add(variant, subject)
            table.add(_plural(variant), subject)


def _grouping(game: Game) -> set[str]:
    """The fields the game counts cards by group of: a group rule's `group_by` and the keys
    of a box line's `where`."""
    grouping = {r.group_by for r in game.deck_rules if isinstance(r, CountPerGroupRule)}
    if game.box is not None:
        grouping |= {k for item in game.box.contents for k in item.where}
    return grouping


def _add_type(
    table: _Table, pack: GamePack, type_id: str, ctype: CardType, grouping: set[str]
) -> None:
    """A card type's own forms, and the type with each value of its choice fields and of
    its small int fields that cards are grouped by."""
    base = (("type", type_id),)
    for form in _type_forms(pack, ctype.label, ctype.plural_label, type_id):
        table.add(form, base)
    for name, spec in ctype.fields.items():
        if spec.type == "choice":
            _add_choices(table, pack, ctype, base, name, spec)
        elif (
            spec.type == "int"
            and spec.min is not None
            and spec.max is not None
            and spec.max - spec.min <= _SMALL_RANGE
            and name in grouping
        ):
            _add_bonuses(table, ctype, base, name, range(spec.min, spec.max + 1))


def _add_choices(
    table: _Table, pack: GamePack, ctype: CardType, base: Subject, name: str, spec: FieldSpec
) -> None:
    """`Signed Character`, `Twin Characters`, or the value alone when the glossary defines
    it (and no card is named so): each value of the choice field `name`."""
    for value in spec.choices:
        shown = str(spec.labels.get(value, str(value).replace("-", " ").title()))
        key = tuple(sorted((*base, (name, str(value).casefold()))))
        for form in (ctype.label, ctype.plural_label, f"{ctype.label} cards"):
            table.add(f"{shown} {form}", key)
            for mark in ("'", "’", "'s", "’s"):
                table.add(f"{shown}{mark} {form}", key)
        if pack.game.language == "fr":
            table.add(f"{ctype.label} {shown}", key)
            table.add(f"{ctype.plural_label} {_plural_fr(shown)}", key)
            table.add(f"cartes {ctype.label} {_plural_fr(shown)}", key)
        if pack.find(shown) is None and _defined(pack, shown):
            table.add(shown, key)
            table.add(_plural(shown), key)


def _add_bonuses(table: _Table, ctype: CardType, base: Subject, name: str, values: range) -> None:
    """`Allies (+1)`, `+1 Allies`, `Ally (+1) cards`: each value of the int field `name`."""
    for value in values:
        key = tuple(sorted((*base, (name, str(value)))))
        for form in (ctype.label, ctype.plural_label):
            table.add(f"{form} (+{value})", key)
            table.add(f"+{value} {form}", key)
            table.add(f"{form} (+{value}) cards", key)


def _add_rule(table: _Table, game: Game, rule: CountRule | CountPerGroupRule) -> None:
    """A count rule's label, or a group rule's `of each` and `per` forms."""
    subject = subject_of(rule.where)
    if isinstance(rule, CountRule):
        table.add(rule.label, subject)
    elif subject is not None:
        each = tuple(sorted((*subject, (rule.group_by, EACH))))
        group = game.field_spec(rule.group_by)
        for word in {rule.group_by.replace("_", " "), group.label if group else ""}:
            if word:
                table.add(f"{rule.label} of each {word}", each)
                table.add(f"{rule.label} per {word}", each)


def _defined(pack: GamePack, word: str) -> bool:
    """Whether the glossary has a term of exactly that word (`Doodle`, `Instant`)."""
    folded = word.casefold()
    return any(entry.term.casefold() == folded for entry in pack.game.glossary.entries)


def field_labels(pack: GamePack) -> dict[str, set[str]]:
    """The labels (and names) of bounded int fields, case-folded, to the fields' names."""
    found: dict[str, set[str]] = {}
    for ctype in pack.game.types.values():
        for name, spec in ctype.fields.items():
            if spec.type == "int" and (spec.min is not None or spec.max is not None):
                for label in {spec.label or name, name.replace("_", " ")}:
                    found.setdefault(label.casefold(), set()).add(name)
    return found
