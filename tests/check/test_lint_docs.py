"""Every command of docs/lint.md runs, in a copy of this repository, and does what the page
says next to it: no example on the page can name a file or an option that does not exist."""

from __future__ import annotations

import json
import re
import shlex
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.check.lint.explain import explain
from cardgen.cli import main
from cardgen.project import open_project
from tests.conftest import ROOT

DOCS = ROOT / "docs" / "lint.md"
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def doc_commands() -> list[str]:
    """The `cardgen ...` lines of the page's code blocks, without their comments."""
    text = DOCS.read_text(encoding="utf-8")
    lines = [line for block in FENCE.findall(text) for line in block.splitlines()]
    return [line.split("  #")[0].strip() for line in lines if line.startswith("cardgen ")]


COMMANDS = doc_commands()


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the repository's games (decks/, layouts/), the working folder."""
    for folder in ("decks", "layouts"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run_line(line: str, folder: Path) -> tuple[int, str, str]:
    """One command line of the page: its exit code, stdout (or the file it is sent to with
    `> FILE`) and stderr."""
    words = shlex.split(line)
    target = None
    if ">" in words:
        words, target = words[: words.index(">")], words[words.index(">") + 1]
    assert words[0] == "cardgen"
    result = CliRunner().invoke(main, words[1:], catch_exceptions=False)
    if target is not None:
        (folder / target).write_text(result.stdout, encoding="utf-8")
    return result.exit_code, result.stdout, result.stderr


def test_the_page_shows_the_commands_it_explains() -> None:
    assert len(COMMANDS) >= 7
    assert any("--explain" in c for c in COMMANDS) and any("--format sarif" in c for c in COMMANDS)
    assert any(c.startswith("cardgen lint --game ") for c in COMMANDS)


@pytest.mark.parametrize("line", COMMANDS)
def test_every_command_of_the_page_runs(line: str, repo: Path) -> None:
    code, out, err = run_line(line, repo)
    assert (code, err) == (0, ""), (line, out, err)
    project = open_project(repo)
    words = shlex.split(line)
    if "--explain" in words:
        assert out == explain(words[words.index("--explain") + 1])
    elif "--format" in words:
        sarif = json.loads((repo / words[-1]).read_text(encoding="utf-8"))
        assert sarif["version"] == "2.1.0" and sarif["runs"][0]["results"] == []
    elif any(word.endswith(".md") for word in words):
        assert out == "clean: 1 document\n"
    else:
        games = [w for w in words[2:] if not w.startswith("-") and "," not in w and w != "TX102"]
        ids = games or project.game_ids()
        cards = sum(len(project.game(g).cards) for g in ids)
        plural = "game" if len(ids) == 1 else "games"
        assert out == f"clean: {len(ids)} {plural} ({cards} cards)\n"


@pytest.mark.parametrize("line", [c for c in COMMANDS if c.endswith("rules.md")])
def test_the_pages_document_is_linted_against_shards(line: str, repo: Path) -> None:
    """The rules document of the page is read and linted with the Shards glossary: a name
    the glossary lists as wrong, written into it, is found at its line and column."""
    doc = repo / "decks" / "shards" / "rules.md"
    lines = doc.read_text(encoding="utf-8").splitlines()
    planted = "Put the loser into the discard pile."
    lines.append(planted)
    doc.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run_line(line, repo)
    assert code == 1
    assert out.splitlines()[0] == (
        f"decks/shards/rules.md:{len(lines)}:{planted.index('discard') + 1}: TX102"
        ' "discard pile" is not this game\'s word: the glossary says "Fractured Shards"'
    )
