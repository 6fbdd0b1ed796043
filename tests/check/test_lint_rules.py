"""Each lint rule's documentation: its examples are what it says (the hit is found, the
non-hit is not, on a card of the example game), `cardgen lint --explain` prints it for
every code, and docs/lint.md's rule reference is generated from it and current
(CARDGEN_UPDATE_DOCS=1 rewrites it; look at the diff)."""

from __future__ import annotations

import csv
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from cardgen.check.lint import RULES, LintFinding, Rule, all_rules, lint_documents, lint_game
from cardgen.check.lint.explain import REFERENCE_START, rule_section, rules_reference
from cardgen.check.lint.rules import Example
from cardgen.project import open_project
from tests.conftest import ROOT

Run = Callable[..., Result]

DOCS = ROOT / "docs" / "lint.md"
UPDATE = os.environ.get("CARDGEN_UPDATE_DOCS") == "1"
CODES = [rule.code for rule in all_rules()]


def example_findings(rule: Rule, example: Example, root: Path) -> list[LintFinding]:
    """The rule run alone over a copy of its example game (in `root`) whose card (the
    example's, else the pool's first) has the example's text in cards.csv, as a designer
    writes it: the rule's findings on that card."""
    for folder in ("decks", "layouts"):
        shutil.copytree(ROOT / folder / example.game, root / folder / example.game)
    if example.document:
        rules = root / "rules.md"
        rules.write_text(f"# Rules\n\n{example.text}\n", encoding="utf-8")
        pack = open_project(root).game(example.game)
        return lint_documents(pack, [rules], select=[rule.code], project_root=root)
    pool = root / "decks" / example.game / "cards.csv"
    with pool.open(encoding="utf-8", newline="") as file:
        rows = list(csv.DictReader(file))
    target = next(r for r in rows if example.card in (None, r["name"]))
    target["text"] = example.text
    with pool.open("w", encoding="utf-8", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    found = lint_game(open_project(root).game(example.game), [rule.code], project_root=root)
    return [f for f in found if f.card == target["name"] and f.code == rule.code]


@pytest.mark.parametrize("code", CODES)
def test_each_rule_finds_its_example_hit_and_not_its_non_hit(code: str, tmp_path: Path) -> None:
    rule = RULES[code]
    hits = example_findings(rule, rule.doc.hit, tmp_path / "hit")
    assert hits, f"{code} finds nothing in its example hit"
    for hit in hits:
        assert hit.message and hit.name == rule.name
        assert 1 <= hit.col <= len(rule.doc.hit.text) + 1  # TX803: just after the text
    assert rule.doc.hit.text != rule.doc.non_hit.text
    assert example_findings(rule, rule.doc.non_hit, tmp_path / "non-hit") == [], code


@pytest.mark.parametrize("code", CODES)
def test_explain_prints_every_rule(run: Run, code: str) -> None:
    rule = RULES[code]
    result = run("lint", "--explain", code)
    assert result.exit_code == 0 and result.stderr == ""
    assert result.stdout == rule_section(rule)
    lines = result.stdout.splitlines()
    assert lines[0] == f"## {code} {rule.name}"
    heads = [
        "**What it finds.**",
        "**Why it matters.**",
        "**Example hit**",
        "**Example non-hit**",
        "**Fix.**",
        "**Options.**",
    ]
    starts = [next(i for i, line in enumerate(lines) if line.startswith(h)) for h in heads]
    assert starts == sorted(starts)
    for example in (rule.doc.hit, rule.doc.non_hit):
        assert f"```text\n{example.text}\n```" in result.stdout
    assert rule.severity in lines[2] + lines[3]
    finds = " ".join(result.stdout.split("**What it finds.** ", 1)[1].split("\n\n")[0].split())
    assert finds == rule.finds and len(finds) > 40


def test_explain_takes_a_name_or_any_case(run: Run) -> None:
    by_code = run("lint", "--explain", "TX301").stdout
    assert run("lint", "--explain", "tx301").stdout == by_code
    assert run("lint", "--explain", "variant-consistency").stdout == by_code


@pytest.mark.parametrize(
    ("asked", "message"),
    [
        ("TX3O1", 'error: unknown lint rule "TX3O1"; did you mean "TX301"?'),
        ("tx9o1", 'error: unknown lint rule "tx9o1"; did you mean "TX901"?'),
        ("term-typoo", 'error: unknown lint rule "term-typoo"; did you mean "term-typo"?'),
        ("ZZZZ99", 'error: unknown lint rule "ZZZZ99"'),
    ],
)
def test_explain_an_unknown_code_is_one_line_exit_2(run: Run, asked: str, message: str) -> None:
    result = run("lint", "--explain", asked)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (
        f"{message} (a rule code such as TX101, or its name such as term-capitalisation)\n"
    )


def test_docs_rule_reference_is_generated_from_the_rules() -> None:
    text = DOCS.read_text(encoding="utf-8")
    head, marker, reference = text.partition(REFERENCE_START + "\n\n")
    assert marker, f"docs/lint.md has no line {REFERENCE_START!r}"
    if UPDATE and reference != rules_reference():
        DOCS.write_text(head + marker + rules_reference(), encoding="utf-8")
        reference = rules_reference()
    assert reference == rules_reference(), "docs/lint.md: run CARDGEN_UPDATE_DOCS=1 pytest"
    headings = [line for line in reference.splitlines() if line.startswith("## ")]
    assert headings == [f"## {r.code} {r.name}" for r in all_rules()]
    assert "## TX" not in head and "## RF" not in head
