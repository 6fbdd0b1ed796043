"""TX201 at the edges docs/lint.md gives it: a word one edit from a one-word glossary term is
flagged, two edits only for terms of 9 letters or more, three never. Made-up terms of 5 to
12 letters, each misspelt by 1, 2 and 3 edits; the edit distance of every misspelling
counted here, by a plain dynamic programme."""

from __future__ import annotations

import random

import pytest

from cardgen.check.lint import lint_game
from cardgen.project import open_project

LONG_TERM = 9
"""docs/lint.md: "one edit away ... (two for terms of 9 letters or more)"."""
CONSONANTS, VOWELS = "bdfgklmnprstvz", "aeiou"


def osa(a: str, b: str) -> int:
    """Edit distance with adjacent swaps (optimal string alignment), the whole table."""
    table = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        table[i][0] = i
    for j in range(len(b) + 1):
        table[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
    return table[-1][-1]


def made_up(rng: random.Random, length: int) -> str:
    letters = [rng.choice(CONSONANTS if i % 2 == 0 else VOWELS) for i in range(length)]
    return "".join(letters).capitalize()


def misspelt(term: str, edits: int) -> str:
    """`term` with `edits` letters, far apart, replaced by a `q` or an `x` (neither is in
    the terms)."""
    letters = list(term.lower())
    spots = [round(i * (len(letters) - 1) / max(1, edits - 1)) for i in range(edits)]
    if edits == 1:
        spots = [len(letters) // 2]
    for number, spot in enumerate(spots):
        letters[spot] = "qx"[number % 2]
    return "".join(letters).capitalize()


def cases() -> tuple[list[str], list[tuple[str, str, int]]]:
    rng = random.Random(201)
    terms: list[str] = []
    while len(terms) < 8:
        term = made_up(rng, 5 + len(terms))
        if all(osa(term.lower(), t.lower()) >= 6 for t in terms):
            terms.append(term)
    typos = [(term, misspelt(term, edits), edits) for term in terms for edits in (1, 2, 3)]
    for term, typo, edits in typos:
        assert osa(typo.lower(), term.lower()) == edits, (term, typo)
        assert all(osa(typo.lower(), t.lower()) > 3 for t in terms if t != term)
    return terms, typos


TERMS, TYPOS = cases()


def flagged_expected(term: str, edits: int) -> bool:
    return edits <= (2 if len(term) >= LONG_TERM else 1)


@pytest.fixture(scope="module")
def findings(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str | None]]:
    root = tmp_path_factory.mktemp("lint")
    folder = root / "decks" / "words"
    folder.mkdir(parents=True)
    entries = "\n".join(f"    - {{term: {t}, kind: keyword}}" for t in TERMS)
    (folder / "game.yaml").write_text(
        "id: words\nname: Words\nplayers: {min: 2, max: 2}\n"
        "types:\n  card:\n    label: Card\n"
        f"glossary:\n  entries:\n{entries}\n",
        encoding="utf-8",
    )
    rows = ["name,type,copies,text"]
    rows += [f"Card {i},card,1,Then {typo} it." for i, (_, typo, _) in enumerate(TYPOS)]
    rows += [f"Plain {i},card,1,Then {term} it." for i, term in enumerate(TERMS)]
    (folder / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    found: dict[str, list[str | None]] = {}
    for finding in lint_game(open_project(root).game("words")):
        if finding.code == "TX201":
            found.setdefault(str(finding.card), []).append(finding.suggestion)
    return found


@pytest.mark.parametrize(
    ("index", "case"),
    list(enumerate(TYPOS)),
    ids=[f"{typo}-{len(term)}-letters-{edits}-edits" for term, typo, edits in TYPOS],
)
def test_term_typos_are_flagged_within_the_documented_edits(
    findings: dict[str, list[str | None]], index: int, case: tuple[str, str, int]
) -> None:
    term, _, edits = case
    expected = [term] if flagged_expected(term, edits) else []
    assert findings.get(f"Card {index}", []) == expected


def test_the_terms_themselves_are_not_flagged(findings: dict[str, list[str | None]]) -> None:
    assert not any(card.startswith("Plain ") for card in findings)
    assert {len(t) for t in TERMS} == set(range(5, 13))  # 8 and 9 letters: the edge
