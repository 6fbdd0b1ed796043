"""Every `cardgen ...` command in the fenced code blocks of README.md and docs/*.md runs, in
order per file, in a copy of the project (decks/, layouts/, with `../shared` beside it for
the rules texts; the example games' caches seeded from the run's one build of them,
`tests.example_builds`), and ends without a usage error or bad input: exit 0, or 1 for findings.
Where a doc shows a command's output (`$ cardgen ...` and the lines after it), its first
lines appear in what the command printed. So no example in the docs can rot.

Each command runs as the `cardgen` group runs it, in this process (a process of its own for
each spent half the test starting Python and importing cardgen; the installed script's own
start is tested by tests/test_processes.py and test_cli.py); `watch` and `serve` run in a
process of their own, so whatever they start ends with them."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from tests import forked
from tests.conftest import ROOT
from tests.example_builds import seed_project

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
COMMAND = re.compile(r"^(?P<prompt>\$ )?(?:\.venv/bin/)?(?P<command>cardgen(?: .*)?)$")
COMMENT = re.compile(r"\s{2,}#.*$")

ENDLESS = {"watch": ("--max-builds", "1"), "serve": ("--max-builds", "1", "--no-open")}
"""Commands that run until stopped, and the options that make them end after one build
(`serve`: its page served, no browser opened)."""

NOT_RUN: dict[str, str] = {
    "cardgen tts splatoon --base-url https://example.org/splatoon-tts": (
        "runs as written, but the test would only check that cardgen writes URLs it never"
        " fetches: tests/package test --base-url itself"
    ),
    "cardgen tts splatoon --url-map urls.csv": (
        "the map holds the URLs a host gave each uploaded file: tests/tts/test_uploads.py"
        " exports with a map made from the uploads list, and test_url_map.py with random maps"
    ),
}
"""Commands shown but not run, with the reason."""

ON_ONE_DECK = {
    "cardgen pnp shards --ink-saver --duplex none",
    "cardgen pnp shards --printer mpc",
    "cardgen pnp shards --printer drivethru",
}
"""Commands that draw or convert every face of a game again (lightened, one PNG each, CMYK):
run as written on one deck list of the game (`--deck`, 52 cards instead of the pool's
540 faces), as a check that they still run; their output for a whole game is tested in
tests/render/test_ink_saver.py, tests/printing/test_shop_images.py and test_pdfx.py."""

DECK_FOR = {"shards": "decks/shards/decks/ember-aggro.txt"}

OUTPUT_NOT_COMPARED = {
    "cardgen diff shards --since HEAD": "the output shown is after an edit of cards.csv",
}
"""Commands that run, whose shown output is an illustration of another state."""

PLACEHOLDERS = {"mygame": "shards"}
"""Names a doc uses for the reader's own game, and the example game run in its place."""

WRITTEN_BY_THE_DESIGNER = {
    "rules/draft.md": "# Draft\n\nPlay a Character to start a Character Duel.\n",
    "decks/shards/notes.md": "# Notes\n\nEach player builds a Shard Deck of 52 cards.\n",
    "decks/shards/icons/coin.svg": (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12"'
        ' r="11"/></svg>\n'
    ),
}
"""Files a doc's example names that a designer writes: made in the copy before the runs."""


@dataclass
class Example:
    """One command of a doc, its line, and the output lines the doc shows after it."""

    doc: Path
    line: int
    command: str
    shown: list[str] = field(default_factory=list)


def examples(doc: Path) -> list[Example]:
    """The `cardgen ...` commands in the fenced code blocks of `doc`, in order."""
    found: list[Example] = []
    fenced = False
    current: Example | None = None
    for number, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("```"):
            fenced, current = not fenced, None
            continue
        if not fenced:
            continue
        match = COMMAND.match(line.strip())
        if match:
            command = COMMENT.sub("", match["command"]).strip()
            found.append(Example(doc, number, command))
            current = found[-1] if match["prompt"] else None
        elif current is not None:
            current.shown.append(line)
    return found


def _shown_lines(example: Example) -> list[str]:
    """The lines to look for: those shown before the first elision (`...`), at most 3."""
    lines: list[str] = []
    for line in example.shown:
        if "..." in line or "…" in line:
            break
        if line.strip():
            lines.append(line.strip())
    return lines[:3]


def _runnable(command: str, home: Path) -> tuple[list[str], str | None, dict[str, str]]:
    """The argv for `command` as it can run here, its stdout redirect, and env changes."""
    text, _, redirect = command.partition(" > ")
    for placeholder, game in PLACEHOLDERS.items():
        text = text.replace(placeholder, game)
    argv = shlex.split(text)
    env: dict[str, str] = {}
    verb = argv[1] if len(argv) > 1 else ""
    if verb in ENDLESS:
        argv += ENDLESS[verb]
    if command in ON_ONE_DECK:
        argv += ["--deck", DECK_FOR[argv[2]]]
    if "--install" in argv:  # a Tabletop Simulator folder in a home of the test's own
        env["HOME"] = str(home)
        (home / ".local/share/Tabletop Simulator/Saves/Saved Objects").mkdir(
            parents=True, exist_ok=True
        )
    return argv, redirect.strip() or None, env


def _project(tmp_path: Path) -> Path:
    """A copy of the project beside `shared/` (a link to the real one)."""
    project = tmp_path / "project"
    project.mkdir()
    for folder in ("decks", "layouts"):
        shutil.copytree(ROOT / folder, project / folder)
    (tmp_path / "shared").symlink_to(ROOT.parent / "shared")
    for name, text in WRITTEN_BY_THE_DESIGNER.items():
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_text(text, encoding="utf-8")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    subprocess.run([*git, "add", "-A"], cwd=project, check=True)
    subprocess.run([*git, "commit", "-q", "-m", "project"], cwd=project, check=True)
    seed_project(project)  # the example games' cards drawn once for the run, not per doc
    return project


@dataclass
class Done:
    """How a command ended, and what it printed."""

    returncode: int
    stdout: str
    stderr: str


def _run(
    argv: list[str], project: Path, env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> Done:
    """Run a command in `project`, as typed there: in this process (click's test runner, the
    command's own exit code and streams), or, for a command that runs until stopped, in a
    process of its own (whatever it started ends with it), forked with cardgen's modules
    imported (`tests.forked`)."""
    env = {"COLUMNS": "200", **env}
    if argv[1] in ENDLESS:
        code = "import sys; from cardgen.cli import run; run(sys.argv[1:])"
        done = forked.run(code, argv[1:], cwd=project, env={**os.environ, **env}, timeout=600)
        return Done(done.returncode, done.stdout, done.stderr)
    with monkeypatch.context() as here:
        here.chdir(project)
        for name, value in env.items():
            here.setenv(name, value)
        result = CliRunner().invoke(main, argv[1:], catch_exceptions=False)
    return Done(result.exit_code, result.stdout, result.stderr)


def test_the_docs_have_commands_to_run() -> None:
    """The extraction finds the commands (so the test below can fail)."""
    found = {doc.name: [e.command for e in examples(doc)] for doc in DOCS}
    assert 'cardgen new "Star Frontier"' in found["README.md"]
    assert set(found["printing.md"]) >= ON_ONE_DECK  # each still shown as it is run
    assert "cardgen watch star-frontier" in found["README.md"]
    lint = next(
        e for e in examples(ROOT / "docs" / "commands.md") if e.command.startswith("cardgen lint")
    )
    assert lint.command == "cardgen lint --game shards ../shared/rules/shards-of-the-artisan.txt"
    assert _shown_lines(lint)[0].startswith("../shared/rules/shards-of-the-artisan.txt:8:33: TX904")


@pytest.mark.parametrize("doc", [d for d in DOCS if examples(d)], ids=lambda d: d.name)
def test_every_command_in_the_docs_runs(
    doc: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = _project(tmp_path)
    ran = 0
    for example in examples(doc):
        where = f"{doc.name}:{example.line}: {example.command}"
        if example.command in NOT_RUN:
            continue
        argv, redirect, env = _runnable(example.command, tmp_path / "home")
        done = _run(argv, project, env, monkeypatch)
        assert done.returncode in (0, 1), f"{where}: exit {done.returncode}\n{done.stderr}"
        assert "Traceback" not in done.stderr, where
        if redirect is not None:
            (project / redirect).write_text(done.stdout, encoding="utf-8")
        ran += 1
        if example.command in OUTPUT_NOT_COMPARED:
            continue
        printed = {line.strip() for line in (done.stdout + done.stderr).splitlines()}
        for line in _shown_lines(example):
            assert line in printed, f"{where}: shown but not printed: {line}\n{done.stdout}"
    assert ran, doc


def test_the_readme_is_for_designers() -> None:
    """The two commands first, then the tutorial, the commands and the games; the speed
    figures in docs/speed.md, with one paragraph and a link left in the README."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first_block = readme.split("```sh\n", 1)[1].split("```", 1)[0].splitlines()
    assert [line.split("#")[0].strip() for line in first_block] == ["make demo", "make test"]
    headings = [line for line in readme.splitlines() if line.startswith("## ")]
    order = ["## Tutorial", "## Commands", "## The example games"]
    places = [next(i for i, h in enumerate(headings) if h.startswith(o)) for o in order]
    assert places == sorted(places) and places[0] == 0, headings
    speed = readme.split("## Speed\n", 1)[1].split("\n## ", 1)[0].strip()
    assert "](docs/speed.md)" in speed and len(speed.splitlines()) <= 5, speed
    assert "| benchmark |" in (ROOT / "docs" / "speed.md").read_text(encoding="utf-8")
