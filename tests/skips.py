"""Skips that CI does not let pass in silence.

A test that needs a tool this machine may lack (qpdf, poppler's pdftoppm and pdfimages,
headless Chromium, git, make) or the `../shared` reference files asks for it with
`require_tool` or `require_path`: where it is missing, the test is skipped with a reason
that names it and how to get it. On CI (`CARDGEN_CI=1`, which `.ci/run` sets) the same
test fails instead, naming what is missing.

This module is also a pytest plugin (tests/conftest.py loads it): under `CARDGEN_CI=1` the
session fails when any test was skipped for a reason not in `ALLOWED` below, whoever wrote
the skip, so a skip added later cannot hide a test on CI either. Each allowed skip says why
CI cannot run that test.
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

import pytest

CI_VARIABLE = "CARDGEN_CI"
"""`CARDGEN_CI=1` (set by .ci/run): a missing tool fails its test, and unlisted skips the run."""

INSTALL = {
    "qpdf": "apt-get install qpdf",
    "pdftoppm": "apt-get install poppler-utils",
    "pdfimages": "apt-get install poppler-utils",
    "chromium": "apt-get install chromium",
    "chromedriver": "apt-get install chromium-driver",
    "git": "apt-get install git",
    "make": "apt-get install make",
}
"""How each tool a test may need is installed (Debian's packages, as .ci/run installs them)."""


@dataclass(frozen=True)
class Allowed:
    """A skip CI accepts: the test (its node id without parameters), the exact reason it
    gives, and why CI cannot run it."""

    test: str
    reason: str
    why: str


ALLOWED = (
    Allowed(
        "tests/render/test_art.py::test_load_art_refuses_an_unreadable_file",
        "needs POSIX, non-root",
        "root reads a file whatever its permission bits, and CI runs as root (.ci/run installs"
        " its tools with apt-get); Windows has no chmod 0 to make a file unreadable",
    ),
    Allowed(
        "tests/test_hardening.py::test_a_device_is_not_read",
        "no /dev/zero",
        "a platform without /dev/zero (Windows) has no device file to hand cardgen",
    ),
)


def on_ci() -> bool:
    """Whether this run is CI's (`CARDGEN_CI=1`)."""
    return os.environ.get(CI_VARIABLE) == "1"


def missing(reason: str) -> NoReturn:
    """Skip the test for `reason`, or fail it on CI (where everything must be there)."""
    __tracebackhide__ = True  # the skip is reported at the test's line, not this one
    if on_ci():
        pytest.fail(f"{reason}; {CI_VARIABLE}=1 (.ci/run) runs every test", pytrace=False)
    pytest.skip(reason)


def require_tool(name: str, *other_names: str) -> str:
    """The path of the program `name` (or the first of `other_names` found) on PATH; if
    none is there, the test is skipped naming it (and how to install it), or fails on CI."""
    __tracebackhide__ = True
    for candidate in (name, *other_names):
        found = shutil.which(candidate)
        if found is not None:
            return found
    how = INSTALL.get(name)
    missing(f"{name} is not installed" + (f" ({how})" if how else ""))


def require_path(path: Path, what: str) -> Path:
    """`path`, which holds `what`; if it is not there the test is skipped, or fails on CI."""
    __tracebackhide__ = True
    if not path.exists():
        missing(f"{what} are not there ({path})")
    return path


# --------------------------------------------------------------------------- the plugin

_SKIPPED: list[tuple[str, str]] = []
"""(node id, reason) of every test skipped in this session."""


def skip_reason(report: pytest.TestReport | pytest.CollectReport) -> str:
    """The reason a skipped test's report gives, without pytest's `Skipped: ` prefix."""
    longrepr = report.longrepr
    text = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
    return text.removeprefix("Skipped: ")


def unexplained(skipped: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The skips of `skipped` that `ALLOWED` does not list (test and reason both)."""
    allowed = {(entry.test, entry.reason) for entry in ALLOWED}
    return [
        (test, reason)
        for test, reason in skipped
        if (re.sub(r"\[.*\]$", "", test), reason) not in allowed
    ]


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped and not hasattr(report, "wasxfail"):
        _SKIPPED.append((report.nodeid, skip_reason(report)))


def pytest_collectreport(report: pytest.CollectReport) -> None:
    if report.skipped:  # a whole module skipped as it was collected
        _SKIPPED.append((report.nodeid, skip_reason(report)))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if on_ci() and unexplained(_SKIPPED) and exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not on_ci():
        return
    found = unexplained(_SKIPPED)
    if found:
        terminalreporter.section(f"skips {CI_VARIABLE}=1 does not allow", sep="=", red=True)
        for test, reason in found:
            terminalreporter.line(f"{test}: skipped: {reason}")
        terminalreporter.line(
            f"{len(found)} skipped without an entry in tests/skips.py's ALLOWED: on CI every"
            " test runs (install what it names) or its skip is listed there with the reason"
        )
