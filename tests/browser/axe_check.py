"""axe-core run in the page a selenium driver shows: the violations of the impacts asked for.

axe-core comes from the `selenium-axe-python` wheel (a test dependency), which bundles it as
`selenium_axe_python/axe-core/axe.min.js`; the script is read from the installed package and
injected with `execute_script`, then `axe.run` is called with `execute_async_script`. Nothing
is fetched from a network. `describe` makes the failure message: each rule's id, impact, help
and the first few elements it found (their CSS selectors).
"""

from __future__ import annotations

import functools
from importlib.resources import files as resource_files
from typing import Any

IMPACTS = ("serious", "critical")
"""The impacts a page must have none of."""
SHOWN_TARGETS = 4
"""How many of a rule's elements the failure message names."""

_RUN = """
var done = arguments[arguments.length - 1];
var options = {resultTypes: ['violations']};
if (arguments[1].length) { options.runOnly = {type: 'rule', values: arguments[1]}; }
if (arguments[2].length) {
  options.rules = {};
  arguments[2].forEach(function (id) { options.rules[id] = {enabled: false}; });
}
axe.run(arguments[0] ? {include: [[arguments[0]]]} : document, options)
  .then(function (results) { done(results.violations); })
  .catch(function (error) { done({error: String(error)}); });
"""


@functools.cache
def _axe_script() -> str:
    """axe-core's script as the wheel bundles it."""
    bundled = resource_files("selenium_axe_python") / "axe-core" / "axe.min.js"
    return bundled.read_text(encoding="utf-8")


def axe_violations(
    driver: Any,
    impacts: tuple[str, ...] = IMPACTS,
    *,
    within: str = "",
    rules: tuple[str, ...] = (),
    skip: tuple[str, ...] = (),
) -> list[dict[str, Any]]:
    """axe-core's violations on the page `driver` shows now, those of `impacts` only (each as
    axe reports it: `id`, `impact`, `help`, `nodes` with their `target` selectors); `within`
    a CSS selector (a list, `a, b`, too) of the only elements to check (default: the whole
    page), `rules` the only
    rules to run (default: every rule), `skip` rules not to run."""
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(_axe_script())
    driver.set_script_timeout(120)
    found = driver.execute_async_script(_RUN, within, list(rules), list(skip))
    if isinstance(found, dict):
        raise AssertionError(f"axe-core did not run: {found.get('error')}")
    return [v for v in found if v.get("impact") in impacts]


def describe(violations: list[dict[str, Any]], where: str = "") -> str:
    """A readable list of `violations`: a line a rule (id, impact, help, how many elements)
    and the selectors of its first few elements."""
    lines = [f"axe-core found {len(violations)} violation(s){' on ' + where if where else ''}:"]
    for violation in violations:
        nodes = violation.get("nodes", [])
        lines.append(
            f"- {violation['id']} ({violation.get('impact')}): {violation.get('help')}"
            f" [{len(nodes)} element(s)]"
        )
        for node in nodes[:SHOWN_TARGETS]:
            summary = (node.get("failureSummary") or "").replace("\n", " ")
            lines.append(f"    {' '.join(map(str, node.get('target', [])))}  {summary[:160]}")
    return "\n".join(lines)


def assert_no_violations(
    driver: Any,
    where: str,
    impacts: tuple[str, ...] = IMPACTS,
    *,
    within: str = "",
    rules: tuple[str, ...] = (),
    skip: tuple[str, ...] = (),
) -> None:
    """Fail with `describe`'s message when axe-core finds a violation of `impacts` (on the
    elements `within` selects only, if given; only the `rules`, if given; the rules `skip`
    not run)."""
    found = axe_violations(driver, impacts, within=within, rules=rules, skip=skip)
    assert not found, describe(found, where)
