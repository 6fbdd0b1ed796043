"""Lint rules of the card as drawn: text that overflows its box (TX1001) and `{name}` that
names no icon (TX1101).

TX1001 renders every card with the game's layouts, so it is opt-in. For TX1101 the
renderer would print such a name as written, braces and all (render warning RN104); the
linter finds it before anything is drawn. The names a game can draw are the built-in
icons (English names and aliases) and every alias the game's layouts define in `icons:`.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardgen.check.lint.rules import (
    CARD_TEXT,
    CARD_TEXT_AND_NAME,
    Example,
    Hit,
    RuleDoc,
    set_rule,
    text_rule,
)
from cardgen.check.lint.vocab import Analysis, Vocabulary
from cardgen.fuzzy import closest
from cardgen.load.icon_files import scan_icon_folder
from cardgen.load.layout_icons import icon_aliases
from cardgen.model.icon_names import known_names, unknown_icon
from cardgen.model.labels import label_names
from cardgen.render.markup import icon_references

LONG_ALLY = (
    "Add +2 to Luck during a Duel. When your Character wins a Duel with this Ally, you may"
    " return this Ally from your Fractured Shards to your hand at the end of the Turn Phase;"
    " then your opponent discards 1 card."
)
"""TX1001's example: more text than an Ally's rules box of Shards of the Artisan holds."""


@set_rule(
    "TX1001",
    "text-overflow",
    "warning",
    "Card text that overflows its box at the smallest allowed size (renders every card).",
    RuleDoc(
        why="Text that does not fit is cut or unreadable on the printed card.",
        hit=Example(LONG_ALLY, "shards", "Luck Ally +2"),
        non_hit=Example("Add +2 to Luck during a Duel.", "shards", "Luck Ally +2"),
        fix="Shorten the text, or give the layout a larger box or a smaller minimum size.",
        options="Off by default because it renders every card (about a tenth of a second per"
        " card): run it with `--select TX1001` or `--select ALL`.",
    ),
    CARD_TEXT,
    opt_in=True,
)
def text_overflow(
    vocab: Vocabulary, analyses: list[Analysis], reported: set[tuple[int, int]]
) -> Iterator[tuple[Analysis, Hit]]:
    """A card whose text does not fit its box even at the smallest size its layout allows:
    the renderer draws the card with the game's layouts (`layouts/<game>/`) and its overflow
    warnings (RN101) become findings. Games without a layouts folder are skipped."""
    root = vocab.root
    if root is None or not (root / "layouts" / vocab.pack.id).is_dir():
        return
    from cardgen.render.game import GameRenderer

    renderer = GameRenderer.open(root, vocab.pack.id)
    for analysis in analyses:
        card = analysis.unit.card
        if card is None or analysis.unit.part != "text":
            continue
        _, warnings = renderer.card(renderer.pack.find(card.name) or card)
        for warning in warnings:
            if warning.code == "RN101":
                yield analysis, Hit(0, len(card.text), warning.message)


def game_icons(vocab: Vocabulary) -> frozenset[str]:
    """Every name `{name}` may use in the game's card text (read once per game)."""
    found = vocab.cache.get("icons")
    if not isinstance(found, frozenset):
        root = vocab.root or vocab.pack.root
        aliases = [a.name for a in icon_aliases(root, vocab.pack.id)] if root else []
        if root is not None:  # the icon folder's files, as far as it can be read
            aliases += [i.name for i in scan_icon_folder(vocab.pack.folder, root)[0]]
        found = vocab.cache["icons"] = frozenset(known_names(aliases))
    return found


@text_rule(
    "TX1101",
    "unknown-icon",
    "error",
    "`{name}` in card text that names no icon: it would print as written.",
    RuleDoc(
        why="The card would print the braces and the word instead of an icon (`cardgen"
        " render` warns about it too, RN104).",
        hit=Example("Pay 2 {coin} to draw a card.", "splatterkins"),
        non_hit=Example("Pay 2 {drop} to draw a card.", "splatterkins"),
        fix="Use an icon's name (`Pay 2 {drop}`), give the icon the name in the layout"
        ' (`icons: {coin: {icon: circle, color: "#f2c14e"}}`), or write `{{coin}}` for the'
        " braces.",
    ),
    CARD_TEXT_AND_NAME,
)
def unknown_icon_reference(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """`{name}` in a card's text or name that names no icon the game can draw: neither a
    built-in icon (its English name or an alias such as `lune`; `cardgen icons` lists them)
    nor an alias from an `icons:` map of one of the game's layouts
    (`layouts/<game>/*.yaml`), nor a file of the game's icon folder
    (`decks/<game>/icons/`). `{{name}}` is the literal text `{name}` and is never flagged.
    The suggestion is the closest name the game knows."""
    names: frozenset[str] | None = None
    for match in icon_references(analysis.unit.text):
        names = names or game_icons(vocab)
        name = match.group(1)
        if name in names:
            continue
        meant = closest(name, names)
        context = ", which would print as written"
        if name in _template_names(vocab):
            context += " (a card's fields fill layout templates, not its own text)"
        yield Hit(
            match.start(),
            match.end(),
            unknown_icon(name, names, context),
            "{" + meant + "}" if meant else None,
        )


def _template_names(vocab: Vocabulary) -> set[str]:
    """The values a layout template may name: the game's fields and their labels."""
    game = vocab.pack.game
    return game.field_names() | label_names(game) | {"type_label", "copies_label"}
