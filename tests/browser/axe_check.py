"""axe-core in the page a browser test has open: its findings of the given impacts.

axe-core comes with the `selenium-axe-python` test dependency (MPL-2.0), as
`selenium_axe_python/axe-core/axe.min.js`; it is injected into the page and run there,
no request leaves the machine."""

from __future__ import annotations

from importlib.resources import files
from typing import Any


def axe_violations(
    driver: Any, impacts: tuple[str, ...] = ("serious", "critical")
) -> list[dict[str, Any]]:
    """The violations axe-core finds in the open page whose impact is one of `impacts`:
    each with its rule id, impact, help and the selectors of its nodes."""
    script = (files("selenium_axe_python") / "axe-core" / "axe.min.js").read_text(encoding="utf-8")
    driver.execute_script(script)
    driver.set_script_timeout(120)
    result = driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']})"
        ".then(function (r) { done(r.violations); }, function (e) { done(String(e)); });"
    )
    assert isinstance(result, list), result
    return [
        {
            "id": v["id"],
            "impact": v["impact"],
            "help": v["help"],
            "nodes": [n["target"] for n in v["nodes"]][:5],
        }
        for v in result
        if v["impact"] in impacts
    ]
