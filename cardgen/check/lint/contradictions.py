"""Lint rules of numbers held against the data: a claim the game's data contradicts (TX602),
a stat the game does not have (TX603)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from cardgen.check.lint.claims import ClaimFinder
from cardgen.check.lint.rules import Example, Hit, RuleDoc, quoted, text_rule, words
from cardgen.check.lint.vocab import Analysis, Vocabulary
from cardgen.fuzzy import did_you_mean


def finder(vocab: Vocabulary) -> ClaimFinder:
    """The game's claim finder, built once per run."""
    cached = vocab.cache.get("claims")
    if not isinstance(cached, ClaimFinder):
        cached = ClaimFinder(vocab.pack)
        vocab.cache["claims"] = cached
    return cached


@text_rule(
    "TX602",
    "number-contradicts-data",
    "error",
    "A number in text that the game's data contradicts.",
    RuleDoc(
        why="A rulebook that says one number while the deck rules, the box or the setup say"
        " another teaches the wrong game, and nobody notices until a tournament or a misprint.",
        hit=Example("A Shard Deck may hold up to 10 Signed Characters.", "shards"),
        non_hit=Example("A Shard Deck may hold up to 9 Signed Characters.", "shards"),
        fix="Write the number the data gives, or change the data (the deck rule, the box line,"
        " the setup) if the rules really changed; the message names both places.",
        options="The data it reads: `players`, `deck_rules` (`deck_size`, `count`,"
        " `count_per_group` and their `label`s, `copies`), `box` (`contents`,"
        " `deck_contents`, the pool's copies), `setup` (`hand`, `piles[].count`, `deal`), the"
        " `min`/`max` of int fields and the types' `constraints`, and how many values a choice"
        " field or the stats have.",
    ),
)
def number_contradicts_data(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """A number stated about something the game's data fixes, held against it. A claim is
    read as a number (digits or English and French words; `one` and `un` only after a
    qualifier), its qualifier (`up to`, `at most`, `no more than`, `a max of`, `maximum`,
    `may only have`, `at least`, `a minimum of`, `exactly`, `or fewer`, `or more`, `between
    N and M`, `from N to M`, `N to M`, `au plus`, `jusqu'à`, `au maximum`, `pas plus de`,
    `au moins`, `exactement`, `entre N et M`, `de N à M`, or a list's heading such as `may
    contain no more than:`), what it counts, found by the game's own names (card types and
    their plurals, a type with a variant such as `Signed Characters`, `Doodles`, `Allies
    (+1)` or `Nalmés Creux`, a rule's or box line's `label`, a glossary variant, a field's
    label, a pile's name, the setup's words: hand, deal, players) and its scope, from its
    sentence, its list's heading and its section (a Markdown heading or a short title line):
    the deck size (`decks of up to 50 cards`, `include at most 57 cards`, `25 to 40 cards`
    as both bounds), a count per deck (`10 Signed Characters`, `9 x Signed Character` under
    `may contain no more than:`, in a sentence or section about building a deck; a starter
    deck at the cap does not hide the rule, and a list under `STARTER DECKS CONTAIN` is held
    against the starter decks), copies of a card, the box (`The box contains 20 Yokai
    cards`, a Components list, `the 10 Locations` in a Setup section), a field's bound for
    the sentence's subject (`Doodles ... can only have a max of 2 Inspiration`, `They may
    only have up to 2 Inspiration`, `Shelter up to 5`), the opening hand and the deal from
    verbs of setup (`draw 5 cards into their hand`, `Grab 3 Weapon Cards ... into your
    hand`, `deal three to each player`, `Each player draws 6 cards` in a Setup section; not
    in a turn), the deal table per player count (`2 joueurs : 20 cartes par personne`), the
    player count (`2 or 4 players`, `a game for 2 to 6 players`, `Players: 2-4`, `two or more
    players`) and how many values a kind of thing has (`12 shapes x 4 colours`, `the five
    stats`). Numbers after `the`, `Turn`, `Player`, a sign, in a range or in a sentence it
    cannot read are left alone; `cardgen lint --verbose` lists what was read and what was
    not."""
    yield from _contradictions(vocab, analysis, guessed=False)


def _contradictions(vocab: Vocabulary, analysis: Analysis, *, guessed: bool) -> Iterator[Hit]:
    """The claims of a text (read by a known wording, or by the clause reader) that the
    data contradicts, one finding per span."""
    text = analysis.unit.text
    reported: list[tuple[int, int]] = []
    for claim in finder(vocab).claims(text, prose=analysis.unit.kind == "document"):
        fact = claim.contradicted()
        if fact is None or claim.guessed != guessed:
            continue
        if any(s < claim.end and claim.start < e for s, e in reported):
            continue
        reported.append((claim.start, claim.end))
        shown = " ".join(text[claim.start : claim.end].split())
        yield Hit(
            claim.start,
            claim.end,
            f"{quoted(shown)} but {fact.source} says {fact.says(claim.qualifier)} ({fact.place})",
        )


@text_rule(
    "TX604",
    "number-may-contradict-data",
    "warning",
    "A number in rules prose that the game's data seems to contradict.",
    RuleDoc(
        why="A rules document written in a designer's own words states numbers in shapes no"
        " list of wordings foresees; a number the data contradicts is worth a look even when"
        " what it counts had to be found from its sentence's parts.",
        hit=Example("Doodles never go above 3 in Inspiration.", "splatterkins", document=True),
        non_hit=Example("Doodles never go above 2 in Inspiration.", "splatterkins", document=True),
        fix="Write the number the data gives, or change the data; when the sentence counts"
        " something else (a variant, an example, a moment of play), say so in its words or"
        " ignore the finding on that line (`<!-- cardgen: ignore TX604 -->`).",
        options="The same data as TX602. It reads rules documents only (not card text), and"
        " only the numbers TX602's wordings left unread.",
    ),
    fields=frozenset({"document"}),
)
def number_may_contradict_data(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """A number no known wording read, read by the parts of its clause
    (`cardgen/check/lint/clause_claims.py`): the game's word right after it (past adjectives
    or a unit) or what its clause is about, its qualifier or range, and its scope (a player
    count the sentence names, a group, the box, a ready-made deck, a setup step, a
    counter's start); held against every fact those allow, and reported when none admits
    it. Measured on held-back rules texts written apart from the linter, it finds about as
    many wrong numbers again as TX602 alone, with some false alarms (docs/lint.md): a
    warning, not an error."""
    yield from _contradictions(vocab, analysis, guessed=True)


_STAT = re.compile(r"(?<![\w'’-])(?P<name>[A-Z][a-z]+)[^\S\n]+stats?\b(?![^\S\n]+total)", re.I)
_NOT_STATS = frozenset(
    words("the a an each any every this that their its your his her one which what same")
    + words("chosen highest lowest other another no all both selected first second their")
)


@text_rule(
    "TX603",
    "unknown-stat",
    "error",
    "A stat the game does not have.",
    RuleDoc(
        why="A player looks for a Strength on the card and finds none: the text names a stat"
        " from another game, or one the designer renamed.",
        hit=Example("Add 2 to your Character's Strength stat.", "shards"),
        non_hit=Example("Add 2 to your Character's Agility stat.", "shards"),
        fix="Name one of the game's stats, or add the stat to the glossary (`kind: stat`).",
        options="The glossary's entries of `kind: stat`.",
    ),
)
def unknown_stat(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """A capitalised word before `stat` (`a Strength stat`, `the Wisdom stats`) that is not
    one of the game's stats (its glossary entries of kind `stat`), in a game that has stats.
    Words like `each stat`, `the chosen stat` and glossary terms of another kind are left
    alone; the closest stat is suggested."""
    facts = finder(vocab).facts
    if not facts.stats:
        return
    known = {s.casefold() for s in facts.stats}
    text = analysis.unit.text
    for match in _STAT.finditer(text):
        name = match.group("name")
        if not name[0].isupper() or name.casefold() in known | _NOT_STATS:
            continue
        if vocab.defined(name) is not None or vocab.is_label(name):
            continue
        hint = did_you_mean(name, facts.stats)
        yield Hit(
            match.start("name"),
            match.end("name"),
            f"{quoted(name)} is not a stat of this game: its stats are"
            f" {', '.join(facts.stats)} ({facts.stat_place}){hint}",
        )
