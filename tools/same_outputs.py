"""Are a refactor's outputs byte-identical? Build the example games and validate the example
decks with the code and data (decks/, layouts/) of a git revision and with the working
tree's, each in a copy of the project at the same path, and compare every output file by
SHA-256 (the caches aside: their entries are keyed by what drew them, not outputs).

    .venv/bin/python tools/same_outputs.py d32e14b     # exit 0: identical, 1: a difference

Issue 33 asks for this before and after moving modules and retyping records between stages.
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["shards", "splatterkins", "splatoon", "blublers", "yokai-sketch"]


def run_cardgen(code: Path, project: Path, *args: str) -> None:
    """`cardgen ARGS` with the package at `code` (first on the path), in `project`."""
    program = (
        "import sys, cardgen; sys.argv[0] = 'cardgen'\n"
        f"assert cardgen.__file__.startswith({str(code)!r}), cardgen.__file__\n"
        "from cardgen.entry import main; main()\n"
    )
    subprocess.run(
        [sys.executable, "-c", program, *args],
        cwd=project,
        env={"PYTHONPATH": str(code), "PATH": "/usr/bin:/bin"},
        check=False,
        stdout=subprocess.DEVNULL,
    )


def outputs(code: Path, data: Path, work: Path) -> dict[str, str]:
    """Build and validate with the package at `code` in a fresh copy of the project's data
    at `data` (its decks/ and layouts/), at `work/project`; every output file's digest by
    its path under output/."""
    project = work / "project"
    shutil.rmtree(project, ignore_errors=True)
    project.mkdir(parents=True)
    for folder in ("decks", "layouts"):
        shutil.copytree(data / folder, project / folder)
    run_cardgen(code, project, "build", *GAMES)
    decks = sorted(str(p.relative_to(project)) for p in project.glob("decks/*/decks/*"))
    run_cardgen(code, project, "validate", "--format", "json", *decks)
    out = project / "output"
    return {
        p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(out.rglob("*"))
        if p.is_file() and ".cache" not in p.relative_to(out).parts
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", help="the git revision to compare the working tree with")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        work = Path(temporary)
        (work / "shared").symlink_to(ROOT.parent / "shared")
        old = work / "old"
        old.mkdir()
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", options.rev, "cardgen", "decks", "layouts"],
            check=True,
            capture_output=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(old)], input=archive, check=True)
        before = outputs(old, old, work)
        shutil.move(work / "project", work / "before")
        after = outputs(ROOT, ROOT, work)
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    for name in changed:
        print(f"differs: {name}")
    print(f"{len(before)} files at {options.rev}, {len(after)} now: {len(changed)} differ")
    return 1 if changed or not before else 0


if __name__ == "__main__":
    sys.exit(main())
