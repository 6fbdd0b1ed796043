"""Which lint rules run: codes, prefixes and `ALL` on the command line and in game.yaml.

`--select` / `--ignore` take full codes, prefixes (`TX1`: TX101 to TX199, not TX1101,
whose family is 11) or `ALL`. Without `--select`, the game's `lint.select` applies, else
every rule that is on by default; the game's `lint.ignore` and `--ignore` take rules away
(a `--select` on the command line sets the game's `lint.ignore` aside). Opt-in rules
(TX1001, which renders every card) run only when selected by their full code or by `ALL`.
Suppressions (a card's `lint_ignore`, a document's comments) name rules the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardgen.check.lint.rules import RULES, Rule, Severity, all_rules, plugin_rules
from cardgen.errors import CardgenError, Location
from cardgen.fuzzy import did_you_mean
from cardgen.load.game import GamePack
from cardgen.model.lint_config import LintConfig


def split_codes(values: Iterable[str] | None) -> list[str]:
    """`["TX1,RF101", "TX9"]` -> `["TX1", "RF101", "TX9"]`, upper case."""
    codes: list[str] = []
    for value in values or ():
        codes.extend(part.strip().upper() for part in value.replace(";", ",").split(",") if part)
    return [c for c in codes if c]


def covers(selector: str, code: str) -> bool:
    """Whether a selector (a code, or a prefix of codes) names a rule code. The digits of a
    prefix never stop inside a code's family (its number but the last two digits): `TX1`
    names TX101 to TX199, not TX1101 (family 11), which `TX11` names."""
    if not code.startswith(selector):
        return False
    letters = len(code.rstrip("0123456789"))
    digits = max(0, len(selector) - letters)
    return digits == 0 or digits >= len(code) - letters - 2


def check_code(code: str, location: Location | None = None) -> None:
    """A selector must be `ALL`, a rule code or the prefix of one."""
    plugin_rules()
    if code == "ALL" or any(covers(code, r) for r in RULES):
        return
    raise CardgenError(
        f'unknown lint rule "{code}"{did_you_mean(code, list(RULES))}'
        " (a code such as TX101, a prefix such as TX1, or ALL)",
        location,
    )


def _selects(selector: str, rule: Rule) -> bool:
    if selector == "ALL":
        return True
    return rule.code == selector if rule.opt_in else covers(selector, rule.code)


def resolve_rules(
    pack: GamePack | None, select: Sequence[str] | None, ignore: Sequence[str] | None
) -> dict[str, Severity]:
    """The rules to run for a game, code -> severity (the game's `lint.severity` applied)."""
    cli_select, cli_ignore = split_codes(select), split_codes(ignore)
    for code in cli_select + cli_ignore:
        check_code(code)
    config = pack.game.lint if pack is not None else None
    if pack is not None and config is not None:
        _check_game_codes(pack, config)
    chosen = cli_select or ([c.upper() for c in config.select] if config else [])
    ignored = list(cli_ignore)
    if config is not None and not cli_select:
        ignored += [c.upper() for c in config.ignore]
    severities = config.severity if config is not None else {}
    return {
        rule.code: severities.get(rule.code, rule.severity)
        for rule in all_rules()
        if _enabled(rule, chosen, ignored)
    }


def _check_game_codes(pack: GamePack, config: LintConfig) -> None:
    """The codes game.yaml's `lint:` names (select, ignore, severity) are rules, each at
    its file and line."""
    for key in ("select", "ignore"):
        for index, code in enumerate(getattr(config, key)):
            check_code(code.upper(), pack.doc.location(["lint", key, index]))
    for code in config.severity:
        if code.upper() not in RULES:
            raise CardgenError(
                f'unknown lint rule "{code}"{did_you_mean(code, list(RULES))}',
                pack.doc.key_location(["lint", "severity", code]),
            )


def _enabled(rule: Rule, chosen: Sequence[str], ignored: Sequence[str]) -> bool:
    """A rule runs when chosen (or on by default when nothing is) and not ignored."""
    on = any(_selects(s, rule) for s in chosen) if chosen else not rule.opt_in
    return on and not any(s == "ALL" or covers(s, rule.code) for s in ignored)


def suppressed(codes: Iterable[str], code: str) -> bool:
    """Whether a list of suppressions (codes, prefixes, `ALL`) covers a rule code."""
    return any(c == "ALL" or covers(c, code) for c in codes)
