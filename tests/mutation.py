"""`make mutate`: mutation testing (mutmut 3) of the modules that decide what a user gets.

For each target module (or the one `make mutate MODULE=cardgen/check/bounds.py` names) it
lays out a work folder `.mutation/<module>/` beside the repository's own files, with a
`[tool.mutmut]` section of its own: that module alone mutated, only that module's tests
selected (mutmut then runs, for each mutant, the selected tests that call its function),
on at most `--jobs` processes, with every temporary file in one folder outside the
repository. Then it reads mutmut's verdicts and prints one line a module: killed / total
and the percentage, the survivors listed in docs/testing.md as equivalent, and any other
survivor by name. It exits 1 when a module is under 80 % or has an unexplained survivor.

    python -m tests.mutation [--jobs N] [--survivors] [MODULE ...]
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / ".mutation"
DOC = ROOT / "docs" / "testing.md"
TARGET_SCORE = 80.0
# what the tests read from the repository, copied into mutmut's `mutants/` folder
COPIED = ("decks", "layouts", "docs", "benchmarks", ".ci", "Makefile", "README.md", ".gitignore")
# a fixed seed: the same property examples on every run, so the same verdicts
PYTEST_ARGS = ("-p", "no:cacheprovider", "--hypothesis-seed=0")
KILLED = ("killed", "timeout", "signal")
"""Verdicts that count as killed: a test failed, ran past its time, or its process was ended
by a signal the mutant sent or caused (mutmut calls that one "suspicious" or "segfault")."""
MUTANT_NAME = re.compile(r"cardgen(?:\.\w+)+\.x(?:_\w+|ǁ\w+ǁ\w+)__mutmut_\d+")


@dataclass(frozen=True)
class Target:
    """One module to mutate: what it decides, which of its functions, which tests."""

    module: str
    concern: str
    tests: tuple[str, ...]
    functions: tuple[str, ...] = ()
    """`name` or `Class.name` (`Class.*` for every method); none: the whole module."""

    @property
    def dotted(self) -> str:
        return self.module.removesuffix(".py").replace("/", ".")

    def patterns(self) -> list[str]:
        """mutmut's names of the target's mutants, as globs."""
        if not self.functions:
            return [f"{self.dotted}.*"]
        globs = []
        for function in self.functions:
            owner, _, name = function.rpartition(".")
            mangled = f"xǁ{owner}ǁ{name}" if owner else f"x_{name}"
            globs.append(f"{self.dotted}.{mangled}" + ("" if name == "*" else "__mutmut_*"))
        return globs

    def covers(self, mutant: str) -> bool:
        return any(fnmatch.fnmatchcase(mutant, glob) for glob in self.patterns())


PNP_TESTS = (
    "tests/printing/test_pnp.py",
    "tests/printing/test_pnp_pages.py",
    "tests/printing/test_pnp_bleed.py",
    "tests/printing/test_pnp_cuts.py",
    "tests/printing/test_sheet_geometry.py",
    "tests/oracles/test_pnp_oracle.py",
)
TTS_TESTS = (
    "tests/tts/test_export.py",
    "tests/tts/test_ids.py",
    "tests/tts/test_piles.py",
    "tests/tts/test_sheet_arithmetic.py",
    "tests/tts/test_sheets.py",
)
GALLERY_TESTS = (
    "tests/web/test_gallery.py",
    "tests/web/test_gallery_page.py",
    "tests/oracles/test_gallery_oracle.py",
    "tests/browser/test_gallery_browser.py",
    "tests/browser/test_gallery_payload.py",
)
FILE_TESTS = (
    "tests/test_write_details.py",
    "tests/test_writer_rules.py",
    "tests/test_own_files.py",
    "tests/test_hardening_names.py",
    "tests/test_crash_safety.py",
    "tests/test_build.py::test_outputs_are_readable_like_any_new_file",
)
YAML_TESTS = (
    "tests/load/test_yaml_limits.py",
    "tests/load/test_yaml_limit_counts.py",
    "tests/load/test_yaml.py",
    "tests/load/test_yaml_cache.py",
    "tests/load/test_yaml_cache_limits.py",
    "tests/test_hardening_yaml.py",
    "tests/oracles/test_limits_yaml.py",
)
TEXT_TESTS = (
    "tests/render/test_text.py",
    "tests/render/test_text_wrap.py",
    "tests/render/test_adaptive_text.py",
    "tests/render/test_justify.py",
    "tests/render/test_hyphenate.py",
    "tests/render/test_text_icons.py",
    "tests/render/test_text_choices.py",
)
TARGETS: tuple[Target, ...] = (
    Target(
        "cardgen/check/deck_rules.py",
        "deck legality: every rule kind, unknown cards, --building",
        (
            "tests/check/test_deck_rules.py",
            "tests/check/test_deck_rule_verdicts.py",
            "tests/oracles/test_deck_building.py",
            "tests/test_cli.py",
            "tests/test_examples.py",
        ),
    ),
    Target(
        "cardgen/check/bounds.py",
        "how far a count is from its min / max / exact bound",
        (
            "tests/check/test_deck_rules.py",
            "tests/check/test_deck_rule_verdicts.py",
            "tests/check/test_deck_report.py",
            "tests/check/test_game_checks.py",
        ),
    ),
    Target(
        "cardgen/printing/sheets.py",
        "PnP placement: grids, duplex mirroring, gutterfold",
        PNP_TESTS,
    ),
    Target(
        "cardgen/printing/imposition.py",
        "PnP placement of fronts and backs: size groups, home sheets, gutterfold",
        PNP_TESTS,
        ("size_groups", "_bleed_boxes", "home_pdf", "_back_page", "fold_pdf"),
    ),
    Target("cardgen/printing/shops.py", "print-shop presets: page, trim and bleed", PNP_TESTS),
    Target("cardgen/printing/pnp.py", "one PnP PDF of faces", PNP_TESTS, ("_make_pdf",)),
    Target("cardgen/tts/ids.py", "TTS GUIDs, deck keys, CardIDs", TTS_TESTS),
    Target(
        "cardgen/tts/table.py",
        "TTS piles: decks and single cards, which pile takes what, where each lies",
        (  # the tests that place piles; the example games' exports add time, not kills
            "tests/tts/test_piles.py",
            "tests/tts/test_deal.py",
            "tests/tts/test_table_positions.py",
        ),
    ),
    Target(
        "cardgen/tts/seats.py",
        "TTS seats: colours, where each sits and faces, hand zones",
        ("tests/tts/test_seats.py", "tests/tts/test_table_positions.py"),
    ),
    Target("cardgen/tts/sheets.py", "TTS sheet arithmetic: grid, sheets", TTS_TESTS),
    Target("cardgen/render/fit.py", "a TTS cell cut from a card", TTS_TESTS, ("make_cell",)),
    Target(
        "cardgen/render/textfit.py",
        "a text element set in its box: style, sizes, text area, overflow message",
        TEXT_TESTS,
    ),
    Target(
        "cardgen/render/richtext.py",
        "text in a box: the size it shrinks to, line breaks, hyphenated pieces",
        TEXT_TESTS,
    ),
    Target(
        "cardgen/web/gallery_cards.py",
        "the gallery's escaping of user text: card tiles and filters",
        GALLERY_TESTS,
        ("_field_chips", "card_html", "filters"),
    ),
    Target(
        "cardgen/web/gallery.py",
        "the gallery's escaping of user text: the page and its downloads",
        GALLERY_TESTS,
        ("_downloads", "gallery_html", "_header", "_loose_html", "_decks_html"),
    ),
    Target("cardgen/load/yaml_limits.py", "YAML limits: nesting, merges, alias bombs", YAML_TESTS),
    Target(
        "cardgen/load/yaml.py",
        "where the YAML limits are applied",
        YAML_TESTS,
        ("_check_nesting", "_check_expanded", "_measure", "load_yaml"),
    ),
    Target(
        "cardgen/load/yaml_cache.py",
        "the YAML limits on a cached parse",
        YAML_TESTS,
        ("_read", "_positions", "_within_limits"),
    ),
    Target("cardgen/write.py", "atomic writes, names and temporary files", FILE_TESTS),
    Target(
        "cardgen/cache.py",
        "the content-hash cache: what is drawn again",
        (
            "tests/test_cache_entries.py",
            "tests/oracles/test_cache_oracle.py",
            "tests/oracles/test_cache_edits.py",
        ),
    ),
    Target(
        "cardgen/render/renderer.py",
        "a face's cache key: every input that changes its pixels, and nothing else",
        ("tests/render/test_cache_keys.py",),  # test_cache_edits.py draws: too slow a mutant
        (
            "GameRenderer._card_key",
            "GameRenderer._passed_over",
            "GameRenderer._icon_files",
            "GameRenderer._image_files",
            "GameRenderer._labels",
            "GameRenderer.back_key",
            "GameRenderer._layout_key",
        ),
    ),
    Target(  # TX101/TX102 themselves (terms.py) are decorated: mutmut leaves them alone
        "cardgen/check/lint/vocab.py",
        "lint: a glossary term found in any capitals, and how it is capitalised",
        ("tests/check/test_lint_case.py", "tests/check/test_lint.py"),
        (
            "same_case",
            "Vocabulary._case",
            "_as_written",
            "_shouted",
            "_capital_to_start",
            "Vocabulary._add_form",
            "Vocabulary._match_at",
            "Vocabulary.spelled_like",
        ),
    ),
)


@dataclass
class Score:
    """mutmut's verdicts on one target's mutants."""

    target: Target
    statuses: dict[str, str]
    equivalent: set[str] = field(default_factory=set)
    seconds: float = 0.0

    def named(self, *statuses: str) -> list[str]:
        return sorted(m for m, s in self.statuses.items() if s in statuses)

    @property
    def killed(self) -> int:
        return len(self.named(*KILLED))

    @property
    def total(self) -> int:
        return len(self.statuses)

    @property
    def percent(self) -> float:
        return 100.0 * self.killed / self.total if self.total else 100.0

    @property
    def survivors(self) -> list[str]:
        return [m for m in self.statuses if m not in self.named(*KILLED)]

    @property
    def unexplained(self) -> list[str]:
        return sorted(m for m in self.survivors if m not in self.equivalent)

    @property
    def met(self) -> bool:
        return self.percent >= TARGET_SCORE and not self.unexplained

    def line(self) -> str:
        listed = len(self.survivors) - len(self.unexplained)
        timeouts, signals = len(self.named("timeout")), len(self.named("signal"))
        return (
            f"{self.target.module:<32} {self.killed:>4} / {self.total:<4} {self.percent:5.1f} %"
            f"  {len(self.survivors):>3} survived ({listed} listed as equivalent)"
            + (f", {timeouts} of the killed by timeout" if timeouts else "")
            + (f", {signals} by a signal" if signals else "")
            + f"  {self.seconds / 60:5.1f} min  {'ok' if self.met else 'NOT MET'}"
        )


def equivalent_mutants(doc: Path = DOC) -> set[str]:
    """The mutants docs/testing.md lists as equivalent (by name, in its mutation section)."""
    if not doc.is_file():
        return set()
    text = doc.read_text(encoding="utf-8")
    start = text.find("## Mutation testing")
    if start < 0:
        return set()
    end = text.find("\n## ", start + 1)
    return set(MUTANT_NAME.findall(text[start : end if end > 0 else len(text)]))


def find_target(name: str) -> Target:
    """The target a MODULE argument names: a path (`cardgen/check/bounds.py`) or dotted."""
    wanted = name.strip().removeprefix("./")
    for target in TARGETS:
        if wanted in (target.module, target.dotted, target.module.removesuffix(".py")):
            return target
    known = ", ".join(t.module for t in TARGETS)
    raise SystemExit(f"make mutate: {name!r} is not a mutation target (targets: {known})")


def _toml_list(values: Sequence[str]) -> str:
    return "[" + ", ".join(json.dumps(v) for v in values) + "]"


def prepare(target: Target) -> Path:
    """A fresh work folder for the target: the repository's files linked, its own config."""
    folder = WORK / target.dotted
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    for name in ("cardgen", "tests", *COPIED):
        if (ROOT / name).exists():
            (folder / name).symlink_to(ROOT / name)
    shared = ROOT.parent / "shared"  # the reference texts some tests read, when present
    if shared.is_dir():
        (folder / "shared").symlink_to(shared)
    configure(folder, target)
    return folder


def configure(folder: Path, target: Target) -> None:
    """The work folder's pyproject.toml: the repository's, and mutmut's section for it."""
    config = (
        "\n[tool.mutmut]\n"
        'source_paths = ["cardgen"]\n'
        f"only_mutate = {_toml_list([target.module])}\n"
        f"also_copy = {_toml_list([n for n in COPIED if (ROOT / n).exists()])}\n"
        f"pytest_add_cli_args = {_toml_list(PYTEST_ARGS)}\n"
        f"pytest_add_cli_args_test_selection = {_toml_list(target.tests)}\n"
        # a mutant that loops forever is stopped after 6 times its tests' CPU time (mutmut's
        # default, 30 times, let one take ten minutes)
        "timeout_multiplier = 3.0\n"
        "use_git_change_detection = false\n"
        'on_dependency_change = "ignore"\n'
    )
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    (folder / "pyproject.toml").write_text(pyproject + config, encoding="utf-8")


def verdicts(folder: Path, target: Target) -> dict[str, str]:
    """mutmut's status of each of the target's mutants, read from its `.meta` file."""
    meta = folder / "mutants" / f"{target.module}.meta"
    codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    return {name: _status(code) for name, code in codes.items() if target.covers(name)}


def _status(code: int | None, names: Mapping[int | None, str] | None = None) -> str:
    """mutmut's name for a test process's exit code (from `names`, by default mutmut's own
    table); a process ended by a signal (a negative code, but SIGXCPU, mutmut's time limit)
    is "signal"."""
    if names is None:
        from mutmut.stats import status_by_exit_code

        names = status_by_exit_code
    status: str = names[code]
    if code is not None and code < 0 and status in ("suspicious", "segfault"):
        return "signal"
    return status


def write_diffs(folder: Path, target: Target, names: Sequence[str]) -> Path:
    """`survived.diff` in the work folder: each named mutant's change, as `mutmut show`."""
    from mutmut.configuration import reset_config
    from mutmut.mutation.diff_apply import get_diff_for_mutant

    back = Path.cwd()
    os.chdir(folder)  # mutmut reads its config and mutants from the current folder
    reset_config()
    try:
        text = "".join(
            f"# {name}\n{get_diff_for_mutant(name, path=target.module)}\n" for name in names
        )
    finally:
        os.chdir(back)
        reset_config()
    (folder / "survived.diff").write_text(text, encoding="utf-8")
    return folder / "survived.diff"


def run(target: Target, jobs: int, temp: Path, *, survivors: bool = False) -> Score:
    """Mutate the target afresh; with `survivors`, try only the survivors of its last run
    again, against the tests as they are now (which tests reach which function found
    again, since a test may have changed)."""
    folder = WORK / target.dotted
    names, before = target.patterns(), {}
    if survivors and (folder / "mutants" / f"{target.module}.meta").is_file():
        before = verdicts(folder, target)
        names = Score(target, before).survivors
        configure(folder, target)  # the tests selected now
        (folder / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)
    else:
        folder = prepare(target)
    mutmut = Path(sys.executable).with_name("mutmut")
    env = {**os.environ, "TMPDIR": str(temp), "PYTHONDONTWRITEBYTECODE": "1"}
    print(f"\n== {target.module}: {target.concern}", flush=True)
    started = time.monotonic()
    if not names:  # nothing survived the last run
        return Score(target, before, equivalent_mutants(), 0.0)
    done = subprocess.run(
        [str(mutmut), "run", "--max-children", str(jobs), *names],
        cwd=folder,
        env=env,
        check=False,
    )
    seconds = time.monotonic() - started
    if done.returncode != 0:
        raise SystemExit(f"make mutate: mutmut failed on {target.module} (in {folder})")
    after = verdicts(folder, target)
    if before:  # only the survivors ran again (mutmut forgets the rest on a new selection)
        after = before | {name: after[name] for name in names}
    score = Score(target, after, equivalent_mutants(), seconds)
    write_diffs(folder, target, score.survivors)
    return score


def report(scores: Sequence[Score]) -> str:
    lines = ["", "mutation score (killed / total, target 80 % a module):"]
    lines += [score.line() for score in scores]
    for score in scores:
        for name in score.unexplained:
            lines.append(
                f"  survived, not listed in docs/testing.md: {name}"
                f"  (cd {WORK.relative_to(ROOT)}/{score.target.dotted} && mutmut show {name})"
            )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.mutation", description=__doc__)
    parser.add_argument("modules", nargs="*", help="target modules (default: all)")
    parser.add_argument("--jobs", type=int, default=2, help="test processes (default 2)")
    parser.add_argument(
        "--survivors", action="store_true", help="try only the last run's survivors again"
    )
    args = parser.parse_args(argv)
    targets = [find_target(m) for m in args.modules] if args.modules else list(TARGETS)
    temp = Path(tempfile.mkdtemp(prefix="cardgen-mutate-"))
    try:
        jobs = max(1, args.jobs)
        scores = [run(target, jobs, temp, survivors=args.survivors) for target in targets]
    finally:
        shutil.rmtree(temp, ignore_errors=True)
    print(report(scores))
    return 0 if all(score.met for score in scores) else 1


if __name__ == "__main__":
    sys.exit(main())
