"""Lint rule TX1101: `{name}` in card text that names no icon the game can draw.

The renderer prints such a name as written, braces and all (render warning RN104); the
linter finds it before anything is drawn. The names a game can draw are the built-in icons
(English names and aliases) and every alias the game's layouts define in `icons:`.
Registered in `lint_rules.RULES` like every rule, when `cardgen.check.lint` imports it.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardgen.check.lint_rules import Hit, text_rule
from cardgen.check.lint_vocab import Analysis, Vocabulary
from cardgen.fuzzy import closest
from cardgen.load.layout_icons import icon_aliases
from cardgen.render.icon_names import known_names, unknown_icon
from cardgen.render.markup import icon_references

CARD_TEXT_AND_NAME = frozenset({"text", "name"})
"""A card's name is drawn with the same markup as its text."""


def game_icons(vocab: Vocabulary) -> frozenset[str]:
    """Every name `{name}` may use in the game's card text (read once per game)."""
    found = vocab.cache.get("icons")
    if not isinstance(found, frozenset):
        root = vocab.root or vocab.pack.root
        aliases = [a.name for a in icon_aliases(root, vocab.pack.id)] if root else []
        found = vocab.cache["icons"] = frozenset(known_names(aliases))
    return found


@text_rule(
    "TX1101",
    "unknown-icon",
    "error",
    "`{name}` in card text that names no icon: it would print as written.",
    CARD_TEXT_AND_NAME,
)
def unknown_icon_reference(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """Each `{name}` (not the literal `{{name}}`) naming neither a built-in icon nor an
    alias of the game's layouts, with the closest name as the suggestion."""
    names: frozenset[str] | None = None
    for match in icon_references(analysis.unit.text):
        names = names or game_icons(vocab)
        name = match.group(1)
        if name in names:
            continue
        meant = closest(name, names)
        yield Hit(
            match.start(),
            match.end(),
            unknown_icon(name, names, ", which would print as written"),
            "{" + meant + "}" if meant else None,
        )
