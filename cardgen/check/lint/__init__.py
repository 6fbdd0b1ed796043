"""`cardgen lint`: card text and rules documents checked against each game's glossary.

The package reads as the linter's pipeline:

- `text`: a text to lint (a card's text or name, a document with its non-prose masked),
  its words; `vocab`: a game's vocabulary and the terms found in a text (`english` and
  `misspellings` are the built-in word lists);
- `rules`: what a rule is, its registry and its documentation as data; `explain`: that
  documentation written out (`cardgen lint --explain CODE`, docs/lint.md's reference);
  the rules, one module per family: `terms` (TX1xx, TX2xx), `consistency` (TX3xx),
  `keywords` (TX4xx, TX5xx), `references` (RF1xx), `numbers` (TX601), `contradictions`
  (TX602, TX603: numbers held against the data, found in prose by `claims`, `players`,
  `field_claims` and `setup_claims` from the `facts` and `phrases` of a game, in the
  `scope` of their sentence and section, numbers and qualifiers as `quantities` reads
  them), `labels` (TX7xx), `typography` (TX8xx), `spelling` (TX9xx), `rendering` (TX10xx,
  TX11xx);
- `selection`: which rules run (codes, prefixes, `ALL`, game settings, suppressions);
- `run`: the rules run over texts, hits turned into located findings (`finding`);
- `targets`: what the command runs (games and documents, one `LintReport`);
- `output`: the report as text, JSON, SARIF or GitHub annotations.

Importing the package registers every rule; the names below are its public interface.
"""

from __future__ import annotations

import importlib

from cardgen.check.lint.finding import LintFinding
from cardgen.check.lint.rules import RULES, Rule, all_rules
from cardgen.check.lint.run import LintRun, lint_documents, lint_game
from cardgen.check.lint.selection import covers, resolve_rules
from cardgen.check.lint.targets import LintReport, lint_targets

FAMILIES = (
    "terms",
    "consistency",
    "keywords",
    "references",
    "numbers",
    "contradictions",
    "labels",
    "typography",
    "spelling",
    "rendering",
)
"""The modules of rules, in the order they register (RULES keeps it: the closest code to an
unknown one is the first of equally close codes)."""

for _family in FAMILIES:
    importlib.import_module(f"{__name__}.{_family}")

__all__ = [
    "RULES",
    "LintFinding",
    "LintReport",
    "LintRun",
    "Rule",
    "all_rules",
    "covers",
    "lint_documents",
    "lint_game",
    "lint_targets",
    "resolve_rules",
]
