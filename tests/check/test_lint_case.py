"""The capitals rules of the linter against what docs/lint.md promises (issue 31 item 5):
each glossary term and wrong variant written in lower case, in capitals, in title case,
in mixed-up capitals and as the glossary writes it, inside a sentence and at its start,
one card each, and the exact verdict of TX101 (term-capitalisation), TX102 (known-variant)
and TX501 (keyword-parameter) on each card.

The expected verdict is worked out here from the rules as docs/lint.md states them, not
from the linter's helpers:

- TX101: a term written with other capitals than the glossary's is flagged when it has
  several words; a one-word term when its kind is zone, card-type, keyword, stat or action
  and its capitals are mixed up (plain lower case is not), or, whatever its kind, when its
  entry sets `strict_case` (lower case too). Text in all capitals is fine, and so is a
  capital only because a sentence starts.
  A capitalisation the entry lists among its `variants` is flagged too (that spelling).
- TX102: a listed variant is flagged in any capitals.
- TX501: a keyword with no `params`, written with its glossary capitals, must not be
  followed by a number; written otherwise it is not the keyword.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

import pytest

from cardgen.check.lint import LintFinding, lint_game
from cardgen.project import open_project


@dataclass(frozen=True)
class Term:
    term: str
    kind: str
    strict_case: bool = False
    variant_of: str = ""
    """A wrong name listed in `variants` of this term."""
    listed: str = ""
    """Another capitalisation of the term listed in its `variants`."""

    @property
    def entry(self) -> str:
        strict = ", strict_case: true" if self.strict_case else ""
        listed = f", variants: [{self.listed}]" if self.listed else ""
        return f"    - {{term: {self.term}, kind: {self.kind}{strict}{listed}}}"


TERMS = [
    Term("Burn Pile", "zone"),
    Term("Discard Zone", "zone"),
    Term("mana pool", "zone"),
    Term("Sketchbook", "zone"),
    Term("Might", "stat"),
    Term("Ally", "card-type"),
    Term("Power Up", "action"),
    Term("Frenzy", "term", strict_case=True),
    Term("Glow", "term"),
    Term("Shine", "term", listed="shine"),
    Term("Ward", "keyword"),
    Term("discard pile", "variant", variant_of="Burn Pile"),
]
STRICT_KINDS = {"zone", "card-type", "keyword", "stat", "action"}  # as docs/lint.md lists them


def mixed(text: str) -> str:
    """`mIxEd`: every other letter in capitals, starting in lower case."""
    return "".join(c.upper() if i % 2 else c.lower() for i, c in enumerate(text))


FORMS = {
    "glossary": lambda t: t,
    "lower": str.lower,
    "upper": str.upper,
    "title": lambda t: " ".join(w[:1].upper() + w[1:].lower() for w in t.split()),
    "mixed": mixed,
    "hump": lambda t: t[:1] + t[1:2].upper() + t[2:],
    "loud": lambda t: " ".join([t.split()[0].upper(), *map(mixed, t.split()[1:])]),
}
"""How a form writes a term: `hump` its second letter in capitals, `loud` its first word in
capitals and the others mixed up."""


def plural(term: str) -> str:
    """The term with its last word in the plural (`Ally`: `Allies`)."""
    return term[:-1] + "ies" if term.endswith("y") else term + "s"


GAME = """\
id: caps
name: Caps Game
players: {min: 2, max: 2}
types:
  hero:
    label: Hero
glossary:
  entries:
"""


def game_yaml() -> str:
    lines = [t.entry for t in TERMS if not t.variant_of]
    burn = next(i for i, t in enumerate(TERMS) if t.term == "Burn Pile")
    lines[burn] = "    - {term: Burn Pile, kind: zone, variants: [discard pile]}"
    return GAME + "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Case:
    term: Term
    form: str
    start: bool
    """At the start of the sentence (its first letter then in capitals), else inside it."""
    many: bool = False
    """The term's last word in the plural."""

    @property
    def meant(self) -> str:
        """What the card means: the term, in the plural when it is."""
        return plural(self.term.term) if self.many else self.term.term

    @property
    def right(self) -> str:
        """The term as the glossary writes it, with the plural ending the card gave it."""
        term = self.term.term
        if not self.many:
            return term
        stem = len(term) - 1 if term.endswith("y") else len(term)
        return term[:stem] + self.written[stem:]

    @property
    def written(self) -> str:
        """The term as this card writes it."""
        words = FORMS[self.form](self.meant)
        return words[:1].upper() + words[1:] if self.start else words

    @property
    def text(self) -> str:
        return f"{self.written} is here." if self.start else f"Put the {self.written} here."

    @property
    def name(self) -> str:
        where = "start" if self.start else "inside"
        return f"{self.term.term} {self.form}{' plural' if self.many else ''} {where}"


CASES = [Case(t, f, s) for t in TERMS for f in FORMS for s in (False, True)] + [
    Case(t, f, False, many=True) for t in TERMS for f in FORMS if not t.variant_of
]
CARD_NAMES = {case.name: f"Card {i:03d}" for i, case in enumerate(CASES)}
KEYWORD_CASES = [Case(next(t for t in TERMS if t.term == "Ward"), f, False) for f in FORMS]
"""`Ward` followed by a number, in every capitals (TX501)."""


def expected_tx101(case: Case) -> list[tuple[str, str]]:
    """docs/lint.md's TX101 on the card: (message, suggestion) of each finding."""
    term, written = case.term, case.written
    if term.variant_of:
        return []
    as_meant = written
    if case.start:  # the capital is the sentence's: the word as the glossary starts it
        as_meant = term.term[:1] + written[1:]
    if as_meant == case.meant or written == written.upper():
        return []
    several = " " in term.term
    lower = as_meant == as_meant.lower()
    strict = term.strict_case or (term.kind in STRICT_KINDS and not lower)
    if not (several or strict or written == term.listed):
        return []
    message = f'"{written}" should be written "{case.right}", with the glossary\'s capitals'
    return [(message, case.right)]


def expected_tx102(case: Case) -> list[tuple[str, str]]:
    if not case.term.variant_of:
        return []
    glossary = case.term.variant_of
    return [
        (f'"{case.written}" is not this game\'s word: the glossary says "{glossary}"', glossary)
    ]


def pool() -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["name", "type", "copies", "text"])
    for case in CASES:
        writer.writerow([CARD_NAMES[case.name], "hero", "1", case.text])
    for index, case in enumerate(KEYWORD_CASES):
        writer.writerow([f"Keyword {index}", "hero", "1", f"Then {case.written} 2 on it."])
    return out.getvalue()


HEADER = "name,type,copies,text\n"
"""The header of the pools written here."""


def lint_caps(root: Path, game: str, cards: str, rules: list[str]) -> list[LintFinding]:
    """The game `caps` written under `root` (its game.yaml and cards.csv as given), linted by
    `rules`."""
    folder = root / "decks" / "caps"
    (folder / "decks").mkdir(parents=True)
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    (folder / "cards.csv").write_text(cards, encoding="utf-8")
    return lint_game(open_project(root).game("caps"), rules)


def lint_all(root: Path) -> list[LintFinding]:
    """The game of every case written under `root`, linted by the rules looked at here."""
    return lint_caps(root, game_yaml(), pool(), ["TX101", "TX102", "TX201", "TX501"])


@pytest.fixture(scope="module")
def findings(tmp_path_factory: pytest.TempPathFactory) -> list[LintFinding]:
    return lint_all(tmp_path_factory.mktemp("caps"))


def verdicts(findings: list[LintFinding], case: Case) -> dict[str, list[tuple[str, str]]]:
    card = CARD_NAMES[case.name]
    return {
        code: [(f.message, f.suggestion or "") for f in on_card(findings, card, code)]
        for code in ("TX101", "TX102", "TX201")
    }


def test_every_case_at_once(tmp_path: Path) -> None:
    """The table below in one test (mutation testing runs the tests that call the linter:
    the parametrized ones share one run of it, made for the first)."""
    found = lint_all(tmp_path)
    wrong = {
        case.name: got
        for case in CASES
        if (got := verdicts(found, case))
        != {"TX101": expected_tx101(case), "TX102": expected_tx102(case), "TX201": []}
    }
    assert wrong == {}
    flagged = [
        case.written
        for index, case in enumerate(KEYWORD_CASES)
        if on_card(found, f"Keyword {index}", "TX501")
    ]
    assert flagged == [c.written for c in KEYWORD_CASES if c.written == c.term.term]


def on_card(findings: list[LintFinding], card: str, code: str) -> list[LintFinding]:
    return [f for f in findings if f.card == card and f.code == code]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_capitals_of_a_term_or_variant_get_the_documented_verdict(
    case: Case, findings: list[LintFinding]
) -> None:
    card = CARD_NAMES[case.name]
    column = case.text.index(case.written) + 1
    for code, expected in (("TX101", expected_tx101(case)), ("TX102", expected_tx102(case))):
        got = on_card(findings, card, code)
        assert [(f.message, f.suggestion) for f in got] == expected, (code, case.text)
        for finding in got:
            assert (finding.col, finding.end_col) == (column, column + len(case.written))
    assert on_card(findings, card, "TX201") == [], case.text  # a term's capitals: no typo


@pytest.mark.parametrize("case", KEYWORD_CASES, ids=[c.form for c in KEYWORD_CASES])
def test_a_keyword_is_the_keyword_only_with_its_glossary_capitals(
    case: Case, findings: list[LintFinding]
) -> None:
    card = f"Keyword {KEYWORD_CASES.index(case)}"
    got = on_card(findings, card, "TX501")
    assert bool(got) == (case.written == case.term.term), got
    for finding in got:
        assert finding.message.startswith(f'"{case.written}"') or case.written in finding.message


BETWEEN = {  # docs/lint.md: "Quotes may stand between a term's words"
    "Put the Burn \u201cPile\u201d here.": 0,
    "Put the burn \u201cpile\u201d here.": 1,
    "Put the burn, pile here.": 0,  # no term: a comma between its words
    "Put the burn. Pile here.": 0,
}


def test_quotes_may_stand_between_a_terms_words(tmp_path: Path) -> None:
    rows = "".join(f'Text {i},hero,1,"{t}"\n' for i, t in enumerate(BETWEEN))
    found = lint_caps(tmp_path, game_yaml(), HEADER + rows, ["TX101", "TX102"])
    counts = {t: len([f for f in found if f.card == f"Text {i}"]) for i, t in enumerate(BETWEEN)}
    assert counts == BETWEEN


CONSISTENCY = (
    GAME
    + """\
    - {term: Glow, kind: term}
    - {term: Frenzy, kind: term, strict_case: true}
"""
)
USES = [  # text, flagged by TX301 (docs/lint.md: which lower-case words are the term)
    ("Gain 1 Glow.", False),  # the glossary's form
    ("Trust your glow.", True),  # a noun after a possessive, then punctuation: the term
    ("They glow brightly.", False),  # a verb: an ordinary word
    ("GLOW is here.", False),  # capitals: a heading
    ("Enter a Frenzy.", False),
    ("Enter a frenzy.", False),  # strict_case: TX101 reports it, TX301 does not again
    ("They frenzy wildly.", False),
]


def test_tx301_counts_only_the_uses_the_docs_call_the_term(tmp_path: Path) -> None:
    rows = "".join(f"Use {i},hero,1,{text}\n" for i, (text, _) in enumerate(USES))
    found = lint_caps(tmp_path, CONSISTENCY, HEADER + rows, ["TX101", "TX301"])
    flagged = {f.card for f in found if f.code == "TX301"}
    assert flagged == {f"Use {i}" for i, (_, hit) in enumerate(USES) if hit}
    (hit,) = [f for f in found if f.code == "TX301"]
    assert hit.message.startswith('"glow" here, but "Glow"') and hit.suggestion == "Glow"
    tx101 = {f.card for f in found if f.code == "TX101"}
    assert tx101 == {"Use 5", "Use 6"}  # strict_case: every lower-case use


FRENCH = """\
id: caps
name: Caps Game
language: fr
players: {min: 2, max: 2}
types:
  hero:
    label: Héros
glossary:
  entries:
    - {term: carte Classic, kind: card-type}
    - {term: jeu Rapide, kind: zone}
"""
FRENCH_TEXTS = [  # docs/lint.md: in French a term's first word may take the plural
    ("Prends une carte Classic.", False),
    ("Prends deux cartes Classic.", False),
    ("Prends deux cartes classic.", True),
    ("Prends deux CARTES classic.", True),
    ("Range les jeux Rapide.", False),
    ("Range les jeux rapide.", True),
    ("Range le jeu rapide.", True),
]


def test_a_french_terms_first_word_may_take_the_plural_in_any_capitals(tmp_path: Path) -> None:
    rows = "".join(f"Carte {i},hero,1,{t}\n" for i, (t, _) in enumerate(FRENCH_TEXTS))
    found = lint_caps(tmp_path, FRENCH, HEADER + rows, ["TX101"])
    flagged = {f.card for f in found}
    assert flagged == {f"Carte {i}" for i, (_, hit) in enumerate(FRENCH_TEXTS) if hit}


def test_a_term_of_any_kind_before_a_number_is_no_undefined_keyword(tmp_path: Path) -> None:
    """TX401: "The keyword is fine when it is a glossary entry of any kind"."""
    rows = 'Use 0,hero,1,"Then, Glow 2 on it."\nUse 1,hero,1,"Then, Shimmer 2 on it."\n'
    found = lint_caps(tmp_path, CONSISTENCY, HEADER + rows, ["TX401"])
    assert [f.card for f in found] == ["Use 1"]


def lint_texts(root: Path, entries: list[str], texts: list[str], rules: list[str]) -> list[str]:
    """Each text on a card of a game whose glossary has `entries` (the card `Text i`), linted
    by `rules`: each finding as `card code col-end_col message -> suggestion`."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["name", "type", "copies", "text"])
    writer.writerows([f"Text {i}", "hero", "1", text] for i, text in enumerate(texts))
    game = GAME + "".join(f"{e}\n" for e in entries)
    return [
        f"{f.card} {f.code} {f.col}-{f.end_col} {f.message} -> {f.suggestion}"
        for f in lint_caps(root, game, out.getvalue(), rules)
    ]


def should(written: str, right: str) -> str:
    return f'"{written}" should be written "{right}", with the glossary\'s capitals -> {right}'


def test_capitals_of_one_letter_words_and_of_a_term_starting_in_lower_case(
    tmp_path: Path,
) -> None:
    """TX101: a one-letter word is no text in capitals (`Hand of A King` is mixed up), a
    capital only because a sentence starts is fine on a term starting in lower case
    (`ESports` for `eSports`), and a term's plural keeps the ending the text wrote."""
    entries = [
        "    - {term: Hand of a King, kind: zone}",
        "    - {term: Plan B, kind: zone}",
        "    - {term: eSports, kind: zone}",
        "    - {term: Ally, kind: card-type}",
        "    - {term: Go On, kind: zone}",
    ]
    texts = [
        "Put the Hand of A King here.",
        "Put the Hand of a King here.",
        "Put the Plan b here.",
        "Put the PLAN B here.",
        "ESports is here.",
        "Put the Esports here.",
        "Put the allY's card here.",
        "Put the Ally's card here.",
        "PUT THE HAND OF A KING HERE.",  # all in capitals, its one-letter word too: fine
        "Put the GO ON here.",  # a term of two-letter words all in capitals: fine too
        "Put the GO On here.",  # a word shouted, the other as the glossary writes it: fine
        "Put the GO on here.",  # a word shouted, the other in the wrong capitals
    ]
    assert lint_texts(tmp_path, entries, texts, ["TX101"]) == [
        f"Text 0 TX101 9-23 {should('Hand of A King', 'Hand of a King')}",
        f"Text 2 TX101 9-15 {should('Plan b', 'Plan B')}",
        f"Text 5 TX101 9-16 {should('Esports', 'eSports')}",
        f"Text 6 TX101 9-15 {should('allY' + chr(39) + 's', 'Ally' + chr(39) + 's')}",
        f"Text 11 TX101 9-14 {should('GO on', 'Go On')}",
    ]


def test_a_term_is_found_where_a_longer_one_with_its_first_word_does_not_fit(
    tmp_path: Path,
) -> None:
    """The longest term wins; where a longer one does not fit (the text ends, a comma or
    another word follows) the shorter one sharing its first word is still found: each
    mixed-up `hALL` is the zone Hall, and `hall of, fame` (a comma inside) no term."""
    entries = ["    - {term: Hall of Fame, kind: zone}", "    - {term: Hall, kind: zone}"]
    texts = [
        "Put it in the hALL",
        "Put it in the hALL, now and then.",
        "Put it in the hALL now and then.",
        "Put it in the hall of fame now.",
        "Put it in the hall of, fame now.",
        "Put it in the Hall of Fame now.",
    ]
    hall = should("hALL", "Hall")
    assert lint_texts(tmp_path, entries, texts, ["TX101"]) == [
        f"Text 0 TX101 15-19 {hall}",
        f"Text 1 TX101 15-19 {hall}",
        f"Text 2 TX101 15-19 {hall}",
        f"Text 3 TX101 15-27 {should('hall of fame', 'Hall of Fame')}",
    ]


def test_typos_of_terms_and_inflected_terms_as_keywords_or_card_names(tmp_path: Path) -> None:
    """TX201 finds a multi-word term with its last word misspelt (`Burn Pilo`) as well as
    its first (`Burm Pile`); a one-word term of under 5 letters (`Glow`) is no typo's
    target (`Glaw`). TX401 and RF101: an inflection of a term (`Last Standing`,
    `Glowed`) is that term, no undefined keyword and no card reference."""
    entries = [
        "    - {term: Burn Pile, kind: zone}",
        "    - {term: Glow, kind: term}",
        "    - {term: Last Stand, kind: keyword}",
    ]
    texts = [
        "Put it in your Burn Pilo.",
        "Put it in your Burm Pile.",
        "Gain 1 Glaw.",
        "Last Standing: draw a card.",
        "Then, Glowed 2 on it.",
        'Play a card named "Last Stand".',
        "Lasting Stance: draw a card.",
        "Then, Shimmered 2 on it.",
    ]
    typo = "looks like a misspelling of the term"
    keyword = "is used like a keyword, but the glossary does not define it"
    assert lint_texts(tmp_path, entries, texts, ["TX201", "TX401", "RF101"]) == [
        f'Text 0 TX201 16-25 "Burn Pilo" {typo} "Burn Pile" -> Burn Pile',
        f'Text 1 TX201 16-25 "Burm Pile" {typo} "Burn Pile" -> Burn Pile',
        f'Text 6 TX401 1-15 "Lasting Stance" {keyword}; did you mean "Last Stand"? -> Last Stand',
        f'Text 7 TX401 7-16 "Shimmered" {keyword} -> None',
    ]
