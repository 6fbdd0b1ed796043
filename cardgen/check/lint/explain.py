"""A lint rule's documentation, written out: `cardgen lint --explain CODE` and docs/lint.md.

Each rule carries its documentation as data (`Rule.finds`, `RuleDoc`); this module turns
it into one Markdown section: code and name, severity and what it reads, what it finds,
why it matters, an example hit and non-hit, the fix and the options. `--explain` prints
the section of one rule; the rule reference at the end of docs/lint.md is every section
in code order (`rules_reference`), and a test keeps the file equal to it.
"""

from __future__ import annotations

import textwrap

from cardgen.check.lint.rules import RULES, Example, Rule, all_rules, plugin_rules
from cardgen.errors import CardgenError
from cardgen.fuzzy import did_you_mean

WIDTH = 92
"""Paragraphs are wrapped at this width, as docs/lint.md is."""

READS = {"text": "card text", "name": "card names", "document": "rules documents"}
"""What a rule reads, by its fields, in the order shown."""

REFERENCE_START = "<!-- The rule reference below is generated from cardgen/check/lint. -->"
"""The line of docs/lint.md after which the rule reference stands (to the file's end)."""


def paragraph(text: str) -> str:
    """A one-line paragraph wrapped at `WIDTH`; a text laid out in lines is kept as it is."""
    if "\n" in text:
        return text
    return textwrap.fill(text, WIDTH, break_long_words=False, break_on_hyphens=False)


def _example(title: str, example: Example) -> str:
    where = f"a card of `{example.game}`"
    if example.document:
        where = f"a rules document against `{example.game}`"
    elif example.card is not None:
        where = f"the card `{example.card}` of `{example.game}`"
    return f"**{title}** ({where}):\n\n```text\n{example.text}\n```"


def rule_section(rule: Rule) -> str:
    """A rule's documentation as one Markdown section, headed `## CODE name`."""
    read = [label for part, label in READS.items() if part in rule.fields]
    reads = " and ".join([", ".join(read[:-1]), read[-1]] if len(read) > 1 else read)
    default = "off by default (named by its full code or ALL)" if rule.opt_in else "on by default"
    parts = [
        f"## {rule.code} {rule.name}",
        paragraph(f"{rule.summary} Severity `{rule.severity}`, {default}; reads {reads}."),
        paragraph(f"**What it finds.** {rule.finds}"),
        paragraph(f"**Why it matters.** {rule.doc.why}"),
        _example("Example hit", rule.doc.hit),
        _example("Example non-hit", rule.doc.non_hit),
        paragraph(f"**Fix.** {rule.doc.fix}"),
        paragraph(f"**Options.** {rule.doc.options}"),
    ]
    return "\n\n".join(parts) + "\n"


def rules_reference() -> str:
    """Every rule's section, in code order: the end of docs/lint.md after `REFERENCE_START`."""
    return "\n".join(rule_section(rule) for rule in all_rules())


def find_rule(code: str) -> Rule:
    """The rule of a code or a name (any case); an unknown one is bad input, the closest
    code or name suggested."""
    plugin_rules()
    wanted = code.strip()
    if wanted.upper() in RULES:
        return RULES[wanted.upper()]
    by_name = {rule.name: rule for rule in RULES.values()}
    if wanted.lower() in by_name:
        return by_name[wanted.lower()]
    near = wanted.lower() if wanted[:1].islower() else wanted.upper()
    raise CardgenError(
        f'unknown lint rule "{code}"{did_you_mean(near, [*RULES, *by_name])}'
        " (a rule code such as TX101, or its name such as term-capitalisation)"
    )


def explain(code: str) -> str:
    """What `cardgen lint --explain CODE` prints: the rule's section of docs/lint.md."""
    return rule_section(find_rule(code))
