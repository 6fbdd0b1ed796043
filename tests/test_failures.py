"""No traceback, ever, outside `--debug`: whatever goes wrong while drawing, packaging or
writing ends in one line naming what cardgen was doing (the card, the layout file and
line, the element), exit 2. The failures are real exceptions raised inside a real build,
in-process and through the `cardgen` entry point with worker processes."""

from __future__ import annotations

import errno
import os
import pickle
import subprocess
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardgen
from cardgen.errors import CardgenError, InputErrors, InternalError, Location, display_path
from tests import forked
from tests.conftest import TINY_CARDS

Run = Callable[..., Result]
SMALL = "extends: builtin:card\ndpi: 50\n"
HERO = "extends: builtin:card\ndpi: 50\nelements:\n  art:\n    radius: 2mm\n"
"""The heroes' layout sets its own `art` element (its place: hero.yaml line 5)."""
MESSAGE = "box offset can't be negative"


def project(make_project: Callable[..., Path]) -> Path:
    return make_project(
        cards=TINY_CARDS,
        extra={"../../layouts/tiny/hero.yaml": HERO, "../../layouts/tiny/spell.yaml": SMALL},
    )


def hero_art(root: Path) -> str:
    """Where the heroes' art element is set, as messages name it."""
    return f"{display_path(root / 'layouts' / 'tiny' / 'hero.yaml')}:5"


def expected_line(root: Path, error: str = f"ValueError: {MESSAGE}") -> str:
    return (
        f'error: internal error while drawing card "Aria" ({hero_art(root)}, element art):'
        f" {error}; run with --debug for the traceback\n"
    )


def raising(exc: BaseException) -> Callable[..., Any]:
    def boom(*_: object, **__: object) -> Any:
        raise exc

    return boom


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_drawing_failure_is_one_line_naming_card_layout_and_element(
    make_project: Callable[..., Path], run: Run, monkeypatch: pytest.MonkeyPatch, jobs: str
) -> None:
    import cardgen.render.card_art

    root = project(make_project)
    monkeypatch.setattr(cardgen.render.card_art, "placeholder", raising(ValueError(MESSAGE)))
    result = run("build", "--project", root, "--jobs", jobs)
    assert result.exit_code == 2
    assert result.stderr == expected_line(root)
    assert "Traceback" not in result.output


def test_debug_shows_the_traceback(
    make_project: Callable[..., Path], run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    import cardgen.render.card_art

    root = project(make_project)
    monkeypatch.setattr(cardgen.render.card_art, "placeholder", raising(ValueError(MESSAGE)))
    for args, env in ((["--debug"], None), ([], "1")):
        if env is not None:
            monkeypatch.setenv("CARDGEN_DEBUG", env)
        result = run(*args, "build", "--project", root, "--jobs", "1")
        assert result.exit_code == 2
        assert result.stderr.startswith("Traceback (most recent call last):")
        assert f"ValueError: {MESSAGE}" in result.stderr and "in boom" in result.stderr
        assert result.stderr.endswith(expected_line(root))


PLACES = {
    "art": ("cardgen.render.card_art", "placeholder"),
    "title": ("cardgen.render.richtext", "fit_text"),
}
"""Where a failure is planted, by the element it fails: the art's placeholder (the card has
no art), and the fitting of text that names the card (its title)."""

FAILURES = [
    ValueError(MESSAGE),
    TypeError("unsupported operand type(s) for +: 'int' and 'str'"),
    KeyError("colour"),
    IndexError("list index out of range"),
    ZeroDivisionError("division by zero"),
    AttributeError("'NoneType' object has no attribute 'size'"),
    RuntimeError(""),
    AssertionError("  two\nlines  "),
    OverflowError("cannot fit 'int' into an index-sized integer"),
    RecursionError("maximum recursion depth exceeded"),
    MemoryError(),
    OSError("an OS error that names no file"),
    UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte"),
]


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(element=st.sampled_from(sorted(PLACES)), failure=st.sampled_from(FAILURES))
def test_any_exception_in_any_element_is_one_line(
    make_project: Callable[..., Path],
    run: Run,
    monkeypatch: pytest.MonkeyPatch,
    element: str,
    failure: Exception,
) -> None:
    import importlib

    root = project(make_project)
    module, name = PLACES[element]
    target = importlib.import_module(module)
    original = getattr(target, name)

    def planted(*args: Any, **kwargs: Any) -> Any:
        if element == "art" or any("Aria" in r.text for r in args[0]):
            raise failure
        return original(*args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(target, name, planted)
        result = run("build", "--project", root, "--jobs", "1")
    words = " ".join(str(failure).split())
    told = f"{type(failure).__name__}: {words}" if words else type(failure).__name__
    builtin = display_path(Path(cardgen.__file__).parent / "layouts" / "card.yaml")
    where = hero_art(root) if element == "art" else f"{builtin}:20"  # the built-in title
    assert result.exit_code == 2
    assert result.stderr == (
        f'error: internal error while drawing card "Aria" ({where}, element {element}):'
        f" {told}; run with --debug for the traceback\n"
    )


def _entry_point(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`cardgen` as installed runs it (`cardgen.cli:run`), with the placeholder drawing
    raising; worker processes are forked with the failure planted."""
    code = textwrap.dedent(
        f"""
        import sys
        import cardgen.render.card_art

        def boom(*args, **kwargs):
            raise ValueError({MESSAGE!r})

        cardgen.render.card_art.placeholder = boom
        from cardgen.cli import run
        run(sys.argv[1:])
        """
    )
    env = {k: v for k, v in os.environ.items() if k != "CARDGEN_DEBUG"}
    run = forked.run(code, [*args, "build", "--jobs", "2", "--project", root], timeout=120, env=env)
    return run.completed()


def test_a_worker_process_failure_keeps_its_context(make_project: Callable[..., Path]) -> None:
    root = project(make_project)
    done = _entry_point(root)
    assert done.returncode == 2
    assert done.stderr == expected_line(root)
    assert done.stdout == ""
    debugged = _entry_point(root, "--debug")
    assert debugged.returncode == 2
    assert "Traceback (most recent call last)" in debugged.stderr
    assert "_process_worker" in debugged.stderr  # the worker's own traceback came back
    assert ", in boom\n" in debugged.stderr and f"ValueError: {MESSAGE}\n" in debugged.stderr
    assert debugged.stderr.endswith(expected_line(root))


@pytest.mark.parametrize(
    ("module", "name", "doing"),
    [
        ("cardgen.printing.pnp", "home_pdf", "writing the A4 PDF of tiny"),
        (
            "cardgen.tts.sheets",
            "make_sheets",
            "writing the Tabletop Simulator export of tiny",
        ),
        ("cardgen.web.gallery", "gallery_html", "writing the proof gallery of tiny"),
        ("cardgen.check.lint", "lint_game", "checking tiny"),
    ],
)
def test_a_packaging_failure_names_the_step(
    make_project: Callable[..., Path],
    run: Run,
    monkeypatch: pytest.MonkeyPatch,
    module: str,
    name: str,
    doing: str,
) -> None:
    import importlib

    root = project(make_project)
    monkeypatch.setattr(importlib.import_module(module), name, raising(RuntimeError("broken")))
    result = run("build", "--project", root, "--jobs", "1")
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: internal error while {doing}: RuntimeError: broken;"
        " run with --debug for the traceback\n"
    )


def test_a_failure_in_a_command_names_the_command(
    make_project: Callable[..., Path], run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    import cardgen.printing.pnp

    root = project(make_project)
    monkeypatch.setattr(cardgen.printing.pnp, "home_pdf", raising(ValueError("no pages")))
    result = run("pnp", "tiny", "--project", root, "--jobs", "1")
    assert result.exit_code == 2
    assert result.stderr == (
        'error: internal error while running "cardgen pnp": ValueError: no pages;'
        " run with --debug for the traceback\n"
    )


def test_a_write_that_fails_names_the_file(
    make_project: Callable[..., Path], run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk while a card is written: the card's file and the system's reason, not the
    temporary file it was written to first."""
    root = project(make_project)
    real = os.replace

    def full(source: str, target: str) -> None:
        if str(target).endswith("aria.png"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), source, target)
        real(source, target)

    monkeypatch.setattr(os, "replace", full)
    result = run("build", "--project", root, "--jobs", "1")
    card = display_path(root / "output" / "tiny" / "cards" / "aria.png")
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: {card}: {os.strerror(errno.ENOSPC)} (while drawing the cards of tiny)\n"
    )
    assert not [p for p in (root / "output" / "tiny" / "cards").iterdir() if p.suffix == ".tmp"]


def test_a_file_in_the_way_of_an_output_folder(make_project: Callable[..., Path], run: Run) -> None:
    root = project(make_project)
    out = root / "output" / "tiny"
    out.mkdir(parents=True)
    (out / "tts").write_text("a file where cardgen puts a folder")
    result = run("build", "--project", root, "--jobs", "1")
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: {display_path(out / 'tts' / 'sheets')}: {os.strerror(errno.ENOTDIR)}"
        " (while writing the Tabletop Simulator export of tiny)\n"
    )


def test_keyboard_interrupt_is_not_an_internal_error(
    make_project: Callable[..., Path], run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    import cardgen.render.card_art

    root = project(make_project)
    monkeypatch.setattr(cardgen.render.card_art, "placeholder", raising(KeyboardInterrupt()))
    result = run("build", "--project", root, "--jobs", "1")
    assert result.exit_code == 130  # issue 17: one line, exit 130 (click's was 1)
    assert result.stderr == "interrupted\n"


@pytest.mark.parametrize(
    "error",
    [
        CardgenError("not an image", Location("decks/tiny/cards.csv", 4, 2)),
        CardgenError("no location"),
        InputErrors([CardgenError("a", Location("x.csv", 1)), CardgenError("b")]),
        InternalError('drawing card "Aria" (hero.yaml:5, element art)', "ValueError: x"),
    ],
)
def test_errors_survive_a_process_pool(error: CardgenError) -> None:
    """A worker's error is pickled to the main process: it comes back with its place."""
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is type(error)
    assert back.format_message() == error.format_message()
    assert back.location == error.location and back.exit_code == 2


def test_what_escapes_click_itself_is_still_one_line() -> None:
    """The last net, in `cardgen.cli.run`: an exception outside any command (here, click's
    own entry raising) is one line and exit 2; with --debug, the traceback first."""
    code = textwrap.dedent(
        """
        import sys
        import cardgen.cli

        def broken(args):
            raise LookupError("no such thing")

        cardgen.cli.main = broken
        cardgen.cli.run(sys.argv[1:])
        """
    )
    env = {k: v for k, v in os.environ.items() if k != "CARDGEN_DEBUG"}
    for args in ([], ["--debug"]):
        done = forked.run(code, args, env=env, timeout=120)
        line = (
            'error: internal error while running "cardgen": LookupError: no such thing;'
            " run with --debug for the traceback\n"
        )
        assert done.returncode == 2
        assert done.stderr.endswith(line)
        assert ("Traceback" in done.stderr) == bool(args)
