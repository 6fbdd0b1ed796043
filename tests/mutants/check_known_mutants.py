"""The ten known mutants of issue 24: each applied alone to a copy of the tree, the tests that
should catch it run there, and which of them fail reported. Every mutant must be caught.

    .venv/bin/python tests/mutants/check_known_mutants.py            # all ten, a table
    .venv/bin/python tests/mutants/check_known_mutants.py --only mpc  # those whose name has it
    .venv/bin/python tests/mutants/check_known_mutants.py --all       # the whole suite each

A mutant is a change of one exact piece of text in one file (found exactly once, so a patch
that no longer applies is reported, never skipped). The copy is made in a temporary folder
beside a link to `../shared`, and the tests run with the copy's code first on the path; the
working tree is never touched. First the chosen tests run on the unchanged copy: they must
pass, or a failure later would prove nothing. Exit 0 when every mutant is caught, 1 when one
survives, 2 when the setup fails.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ORACLES = "tests/oracles"


@dataclass(frozen=True)
class Mutant:
    """One change a user would meet and a test must notice."""

    name: str
    path: str
    old: str
    new: str
    tests: tuple[str, ...]


MUTANTS = [
    Mutant(
        "print-and-play backs reversed within their row",
        "cardgen/printing/imposition.py",
        "        for face, slot in zip(chunk, slots, strict=True)\n",
        "        for face, slot in zip(\n"
        "            chunk,\n"
        "            [s for y in sorted({r.y for r in slots}, reverse=True)\n"
        "             for s in sorted((r for r in slots if r.y == y), key=lambda r: -r.x)],\n"
        "            strict=True,\n"
        "        )\n",
        (f"{ORACLES}/test_pnp_oracle.py",),
    ),
    Mutant(
        "MakePlayingCards bleed 36 -> 37 px",
        "cardgen/print_presets/shops.yaml",
        "    - {trim: 2.5in x 3.5in, width: 822, height: 1122, bleed: 36}\n",
        "    - {trim: 2.5in x 3.5in, width: 822, height: 1122, bleed: 37}\n",
        ("tests/printing/test_shop_images.py",),
    ),
    Mutant(
        "TTS GUID de-duplication off",
        "cardgen/tts/ids.py",
        "        while (value := self._digest(identity, attempt)[:6]) in self.guids:\n"
        "            attempt += 1\n",
        "        value = self._digest(identity, attempt)[:6]\n",
        (f"{ORACLES}/test_tts_oracle.py::test_ids_unique_when_every_hash_collides",),
    ),
    Mutant(
        "parsed-YAML node limit x100",
        "cardgen/load/yaml_limits.py",
        "MAX_NODES = 1_000_000\n",
        "MAX_NODES = 100_000_000\n",
        (f"{ORACLES}/test_limits_yaml.py",),
    ),
    Mutant(
        "art cache key blind to the art's content",
        "cardgen/render/renderer.py",
        '            art = art_digest(path, self.project.root) if path.is_file() else "missing"\n',
        '            art = str(path) if path.is_file() else "missing"\n',
        (f"{ORACLES}/test_cache_oracle.py",),
    ),
    Mutant(
        'placeholder "ART" tag dropped',
        "cardgen/render/placeholder.py",
        "        _art_tag(draw, side)\n",
        "        pass\n",
        (f"{ORACLES}/test_placeholder_tag.py",),
    ),
    Mutant(
        "gallery data-search unescaped",
        "cardgen/web/gallery_cards.py",
        """f' data-search="{escape(haystack)}" """,
        """f' data-search="{haystack}" """,
        (f"{ORACLES}/test_gallery_oracle.py", "tests/browser/test_gallery_payload.py"),
    ),
    Mutant(
        "deck report averages weighted by 1",
        "cardgen/check/deck_odds.py",
        "weighted = [(row.odds[stat], row.count) for row in rows if stat in row.odds]",
        "weighted = [(row.odds[stat], 1) for row in rows if stat in row.odds]",
        (f"{ORACLES}/test_report_oracle.py",),
    ),
    Mutant(
        "oversize deck a warning under --building",
        "cardgen/check/deck_rules.py",
        '        severity = "warning" if building and found.is_shortfall else None\n'
        '        cards = "card" if total == 1 else "cards"\n',
        '        severity = "warning" if building else None\n'
        '        cards = "card" if total == 1 else "cards"\n',
        (f"{ORACLES}/test_deck_building.py",),
    ),
    Mutant(
        "lint typo threshold moved by one (terms up to 9 letters allow 1 edit)",
        "cardgen/check/lint/terms.py",
        "    return 1 if len(term) <= 8 else 2\n",
        "    return 1 if len(term) <= 9 else 2\n",
        (f"{ORACLES}/test_lint_thresholds.py",),
    ),
]
FAILED = re.compile(r"^FAILED (\S+)", re.MULTILINE)


def copy_tree(target: Path) -> Path:
    """The working tree (without .git, the virtualenv, outputs and caches) under `target`,
    with `../shared` beside it as the tests expect; returns the copy's root."""
    copy = target / "cardgen-copy"
    ignored = shutil.ignore_patterns(
        ".git", ".venv", "output", "__pycache__", ".pytest_cache", ".mypy_cache",
        ".ruff_cache", ".hypothesis", ".pytest-tmp", "*.egg-info",
    )  # fmt: skip
    shutil.copytree(ROOT, copy, ignore=ignored, symlinks=True)
    shared = ROOT.parent / "shared"
    if shared.is_dir():
        (target / "shared").symlink_to(shared, target_is_directory=True)
    return copy


def pytest(copy: Path, tests: list[str], basetemp: Path) -> tuple[int, list[str], str]:
    """Run pytest in the copy: (exit code, failed test ids, the output's last lines)."""
    environment = dict(os.environ, PYTHONPATH=str(copy), PYTHONDONTWRITEBYTECODE="1")
    shutil.rmtree(basetemp, ignore_errors=True)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rf", "-p", "no:cacheprovider",
         f"--basetemp={basetemp}", *tests],
        cwd=copy, env=environment, capture_output=True, text=True,
    )  # fmt: skip
    tail = "\n".join(done.stdout.strip().splitlines()[-3:])
    return done.returncode, sorted(set(FAILED.findall(done.stdout))), tail


def apply(copy: Path, mutant: Mutant) -> str:
    """Apply the mutant to the copy; returns the file's text before."""
    path = copy / mutant.path
    text = path.read_text(encoding="utf-8")
    found = text.count(mutant.old)
    if found != 1:
        raise SystemExit(
            f"error: {mutant.path}: the text mutant {mutant.name!r} changes is found {found}"
            " times (it must be exactly once): update the mutant to the code"
        )
    path.write_text(text.replace(mutant.old, mutant.new), encoding="utf-8")
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="", help="mutants whose name holds this text")
    parser.add_argument("--all", action="store_true", help="run the whole suite for each")
    options = parser.parse_args(argv)
    chosen = [m for m in MUTANTS if options.only.lower() in m.name.lower()]
    if not chosen:
        print(f"no mutant's name holds {options.only!r}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="cardgen-mutants-") as folder:
        workspace = Path(folder)
        copy = copy_tree(workspace)
        check = subprocess.run(
            [sys.executable, "-c", "import cardgen; print(cardgen.__file__)"],
            cwd=copy, env=dict(os.environ, PYTHONPATH=str(copy)), capture_output=True,
            text=True,
        )  # fmt: skip
        if not Path(check.stdout.strip()).is_relative_to(copy):
            print(f"error: the copy's cardgen is not the one imported: {check}", file=sys.stderr)
            return 2
        everything = ["tests"] if options.all else sorted({t for m in chosen for t in m.tests})
        code, failed, tail = pytest(copy, everything, workspace / "pt")
        if code != 0:
            print(
                f"error: the tests fail on the unchanged tree:\n{tail}\n{failed}", file=sys.stderr
            )
            return 2
        rows = []
        for mutant in chosen:
            started = time.perf_counter()
            before = apply(copy, mutant)
            try:
                tests = ["tests"] if options.all else list(mutant.tests)
                code, failed, tail = pytest(copy, tests, workspace / "pt")
            finally:
                (copy / mutant.path).write_text(before, encoding="utf-8")
            caught = code != 0 and bool(failed)
            rows.append((mutant, caught, failed, time.perf_counter() - started))
            verdict = f"caught by {len(failed)} test(s)" if caught else f"SURVIVED\n{tail}"
            print(f"{mutant.name}: {verdict}", file=sys.stderr)
    print("| change | file | caught by (failing tests) |")
    print("| --- | --- | --- |")
    for mutant, caught, failed, _ in rows:
        shown = "<br>".join(f"`{f}`" for f in failed[:4])
        more = f"<br>and {len(failed) - 4} more" if len(failed) > 4 else ""
        print(f"| {mutant.name} | `{mutant.path}` | {shown + more if caught else '**none**'} |")
    return 0 if all(caught for _, caught, _, _ in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
