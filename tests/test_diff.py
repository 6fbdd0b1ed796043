"""`cardgen diff` and `cardgen pnp --changed-since`: cards added, removed and changed field by
field, between two pool files, two game folders, or now and a git revision."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from pypdf import PdfReader

from tests.arena import ARENA_CARDS, write_arena
from tests.skips import require_tool

Run = Callable[..., Result]

EDITED = (
    ARENA_CARDS.replace("Borin,hero,1,2,6,water", "Borin,hero,2,2,5,water")
    .replace("Deal 2 damage.", "Deal 3 damage.")
    .replace("Frost Bolt,spell,2,,,,1,shadow,Cast a Fire Ball at a foe.\n", "")
    + "Ember Sprite,hero,1,1,1,fire,,,\n"
)
ARENA_YAML = """\
cards:
  - {name: Aria, type: hero, copies: 2, power: 5, speed: 2, element: fire, text: Leads the party.}
  - {name: Borin, type: hero, power: 2, speed: 6, element: water}
"""


def diff_json(run: Run, *args: str | Path) -> dict[str, Any]:
    result = run("diff", *args, "--format", "json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_two_pool_files(run: Run, tmp_path: Path) -> None:
    root = write_arena(tmp_path)
    old = root / "old.csv"
    old.write_text(ARENA_CARDS)
    (root / "decks/arena/cards.csv").write_text(EDITED)
    data = diff_json(run, old, root / "decks/arena/cards.csv", "--project", root)
    assert [c["name"] for c in data["added"]] == ["Ember Sprite"]
    assert data["added"][0] == {
        "copies": 1,
        "name": "Ember Sprite",
        "type": "hero",
        "power": 1,
        "speed": 1,
        "element": "fire",
    }
    assert [c["name"] for c in data["removed"]] == ["Frost Bolt"]
    changed = {c["name"]: c["fields"] for c in data["changed"]}
    assert changed == {
        "Borin": {"copies": {"old": 1, "new": 2}, "speed": {"old": 6, "new": 5}},
        "Fireball": {"text": {"old": "Deal 2 damage.", "new": "Deal 3 damage."}},
    }
    assert data["unchanged"] == 3
    text = run("diff", old, root / "decks/arena/cards.csv", "--project", root).stdout
    assert "+ Ember Sprite (hero)" in text and "- Frost Bolt (spell)" in text
    assert "~ Borin (hero)" in text and "    speed: 6 -> 5" in text
    assert '    text: "Deal 2 damage." -> "Deal 3 damage."' in text
    exit_code = run("diff", old, root / "decks/arena/cards.csv", "--project", root, "--exit-code")
    assert exit_code.exit_code == 1


def test_csv_and_yaml_compare_by_value(run: Run, tmp_path: Path) -> None:
    root = write_arena(tmp_path)
    csv_pool = root / "two.csv"
    csv_pool.write_text(
        "name,type,copies,power,speed,element,text\n"
        "Aria,hero,2,5,2,fire,Leads the party.\n"
        "borin,hero,,2,6,water,\n"
    )
    yaml_pool = root / "two.yaml"
    yaml_pool.write_text(ARENA_YAML)
    data = diff_json(run, csv_pool, yaml_pool, "--game", "arena", "--project", root)
    assert data["changed"] == [
        {"name": "Borin", "type": "hero", "fields": {"name": {"old": "borin", "new": "Borin"}}}
    ]
    assert not data["added"] and not data["removed"]


def test_two_game_folders(run: Run, tmp_path: Path) -> None:
    root = write_arena(tmp_path)
    old = tmp_path / "old-arena"
    shutil.copytree(root / "decks/arena", old)
    (root / "decks/arena/cards.csv").write_text(EDITED)
    data = diff_json(run, old, root / "decks/arena", "--project", root)
    assert (len(data["added"]), len(data["removed"]), len(data["changed"])) == (1, 1, 2)


def git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
        cwd=root,
        check=True,
        capture_output=True,
    )


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    require_tool("git")
    root = write_arena(tmp_path / "project")
    git(root, "init", "-q")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "first")
    (root / "decks/arena/cards.csv").write_text(EDITED)
    return root


def test_since_a_git_revision(run: Run, repo: Path) -> None:
    data = diff_json(run, "arena", "--since", "HEAD", "--project", repo)
    assert data["old"].startswith("HEAD:") and data["old"].endswith("cards.csv")
    assert [c["name"] for c in data["added"]] == ["Ember Sprite"]
    assert {c["name"] for c in data["changed"]} == {"Borin", "Fireball"}
    git(repo, "commit", "-q", "-am", "second")
    assert diff_json(run, "arena", "--since", "HEAD", "--project", repo)["changed"] == []
    assert len(diff_json(run, "arena", "--since", "HEAD~1", "--project", repo)["changed"]) == 2


def test_since_errors_exit_2(
    run: Run, repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    unknown = run("diff", "arena", "--since", "no-such-rev", "--project", repo)
    assert unknown.exit_code == 2 and 'unknown git revision "no-such-rev"' in unknown.stderr
    option = run("diff", "arena", "--since", "--output=x", "--project", repo)
    assert option.exit_code == 2 and "not a revision" in option.stderr
    loose = write_arena(tmp_path / "loose")
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))  # git looks no higher
    outside = run("diff", "arena", "--since", "HEAD", "--project", loose)
    assert outside.exit_code == 2 and "not inside a git repository" in outside.stderr
    both = run("diff", "arena", "other", "--since", "HEAD", "--project", repo)
    assert both.exit_code == 2 and "not both" in both.stderr
    assert "Traceback" not in unknown.output + option.output + both.output


def test_pnp_prints_only_the_changed_cards(run: Run, repo: Path, tmp_path: Path) -> None:
    out = tmp_path / "changed.pdf"
    args = ("--changed-since", "HEAD", "--duplex", "none", "--jobs", "1", "--project", repo)
    result = run("pnp", "arena", *args, "--out", out, "--format", "json")
    assert result.exit_code == 0, result.output
    (pdf,) = json.loads(result.stdout)["pdfs"]
    # Added: Ember Sprite x1; changed: Borin x2 (now), Fireball x3.
    assert pdf["cards"] == 6
    assert len(PdfReader(io.BytesIO(out.read_bytes())).pages) == 1
    default = run("pnp", "arena", "--changed-since", "HEAD", "--jobs", "1", "--project", repo)
    assert "arena-changed-a4-duplex-long.pdf" in default.stdout
    git(repo, "commit", "-q", "-am", "second")
    nothing = run("pnp", "arena", "--changed-since", "HEAD", "--project", repo)
    assert nothing.exit_code == 0 and "nothing to print" in nothing.stdout


def test_a_file_at_a_revision_is_sized_before_it_is_read(repo: Path, tmp_path: Path) -> None:
    """git is asked the file's size first: one of the limit is read, one byte more is
    refused as it would be on disk, and never read (issue 32 item 3)."""
    from cardgen.errors import CardgenError
    from cardgen.git import git_file

    folder = repo / "decks/arena"
    (folder / "notes.txt").write_bytes(b"x" * 1000)
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "notes")
    assert git_file(folder, "HEAD", "notes.txt", 1000) == "x" * 1000
    with pytest.raises(CardgenError) as info:
        git_file(folder, "HEAD", "notes.txt", 999)
    assert "file is too large at HEAD (1,000 bytes; the limit is 999)" in str(info.value)
    assert git_file(folder, "HEAD", "gone.txt", 999) is None


def test_a_pool_past_the_limit_in_history_is_refused_unread(run: Run, repo: Path) -> None:
    """A 50 MB pool in a commit (the issue's was 205 MB: 1.4 GB to read whole) is refused
    by `diff --since` and `pnp --changed-since` in one line, at the revision's file."""
    pool = repo / "decks/arena/cards.csv"
    now = pool.read_bytes()
    limit = 50 * 1024 * 1024  # a text file's limit on disk (docs/limits.md)
    head = ARENA_CARDS.encode()
    row = b"Pad,spell,1,,,,1,light,"
    pool.write_bytes(head + row + b"p" * (limit - len(head) - len(row)) + b"\n")
    assert pool.stat().st_size == limit + 1
    git(repo, "commit", "-q", "-am", "huge")
    pool.write_bytes(now)
    for args in (("diff", "arena", "--since", "HEAD"), ("pnp", "arena", "--changed-since", "HEAD")):
        result = run(*args, "--project", repo)
        assert result.exit_code == 2, result.output
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.output
        assert "HEAD:" in result.stderr and "cards.csv" in result.stderr
        assert f"file is too large at HEAD ({limit + 1:,} bytes; the limit is {limit:,})" in (
            result.stderr
        )
