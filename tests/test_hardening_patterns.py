"""Game-supplied patterns and dice cannot hang cardgen (issue 17, item 4).

A glossary `keyword_patterns` entry runs with RE2 (linear time), and one RE2 cannot run is
one line at its line of game.yaml; a duel's dice are bounded when game.yaml loads, and the
odds of the dice allowed are computed by counting a roll of twice as many dice, exactly.
The corpus files are `tests/data/bad/game/keyword-*.yaml` and `dice-*.yaml`.
"""

from __future__ import annotations

import itertools
import json
import re
import time
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.check.dice import difference_distribution, duel_odds, roll_distribution
from cardgen.model.matchups import MAX_DICE, MAX_SIDES, MAX_SPREAD, dice_problem
from cardgen.model.patterns import DEFAULT_KEYWORD_PATTERNS, builtin_pattern, game_pattern
from tests.conftest import TINY_CARDS, TINY_GAME, bounded_cardgen
from tests.test_hardening import BAD, assert_clean, invoke, project

RE2 = "RE2 (which runs a game's patterns, in time linear in the text) cannot compile it: "

# --------------------------------------------------------------------------- patterns

PATTERNS = [
    (
        "keyword-lookbehind.yaml",
        "21:17",
        RE2 + "invalid perl operator: (?<= (lookbehind is not supported: match the character"
        " itself: `[a-z] (?P<keyword>…)`)",
    ),
    (
        "keyword-backreference.yaml",
        "21:16",
        RE2 + "invalid escape sequence: \\1 (backreferences are not supported)",
    ),
    (
        "keyword-nested-repeat.yaml",
        "21:16",
        RE2 + "invalid repetition size: {100} (at most 1000 repeats, a repetition inside a"
        " repetition multiplied)",
    ),
    ("keyword-no-group.yaml", "21:16", "the pattern needs a named group `(?P<keyword>...)`"),
]


@pytest.mark.parametrize(("case", "at", "message"), PATTERNS, ids=[c[0] for c in PATTERNS])
@pytest.mark.parametrize("command", ["check", "lint", "build"])
def test_a_pattern_re2_cannot_run_is_one_line_at_its_line(
    tmp_path: Path, case: str, at: str, message: str, command: str
) -> None:
    root = project(tmp_path, game=(BAD / "game" / case).read_text(encoding="utf-8"))
    answer = invoke(command, "tiny", "--project", root)
    assert answer.code == 2, answer.err
    assert answer.err == (
        f"error: {shown(root)}decks/tiny/game.yaml:{at}: glossary.keyword_patterns.0.pattern:"
        f" {message}\n"
    )
    assert not list(root.rglob("*.png")), "nothing is drawn"


def shown(root: Path) -> str:
    """How the CLI shows paths under `root`: relative to the working directory if inside."""
    try:
        return str(root.resolve().relative_to(Path.cwd().resolve())) + "/"
    except ValueError:
        return f"{root.resolve()}/"


def test_a_pattern_that_backtracks_badly_runs_in_linear_time(tmp_path: Path) -> None:
    """`(?P<keyword>(a|aa)+)$` over 60 a's and a full stop: Python's re would take days;
    through the real command (its own process, CPU time measured), lint and build answer in
    seconds, and the 5,000-character text (the longest a card may have) too."""
    game = (BAD / "game" / "keyword-backtracking.yaml").read_text(encoding="utf-8")
    cards = TINY_CARDS.replace("Leads the party.", "a" * 60 + ".").replace(
        "Deal 2 damage.", "a" * 4998 + "."
    )
    root = project(tmp_path, game=game, cards=cards)
    done, cpu = bounded_cardgen("lint", "tiny", "--project", root, "--format", "json", timeout=300)
    assert done.returncode == 0, done.stderr
    assert cpu < 10, cpu
    assert json.loads(done.stdout)["findings"] == [], "no match: the text ends in a full stop"
    done, cpu = bounded_cardgen("build", "tiny", "--project", root, timeout=300)
    assert done.returncode == 0, done.stderr
    assert cpu < 30, cpu


def test_a_games_pattern_finds_what_python_finds(tmp_path: Path) -> None:
    """The documented pattern, written for RE2 (no lookbehind), finds the keyword TX401
    reports, where the default pattern (Python's re, with lookbehind) finds it."""
    game = (BAD / "game" / "keyword-lookbehind.yaml").read_text(encoding="utf-8")
    game = game.replace("'(?<=[a-z,;] )(?P<keyword>", "'[a-z,;] (?P<keyword>")
    text = "When played, Rampage 2 on it."
    cards = TINY_CARDS.replace("Leads the party.", f'"{text}"')
    found = []
    for name, yaml in (("re2", game), ("default", TINY_GAME)):
        root = project(tmp_path / name, game=yaml, cards=cards)
        answer = invoke("lint", "tiny", "--project", root, "--format", "json")
        assert_clean(answer, 1)
        findings = json.loads(answer.out)["findings"]
        keys = ("card", "line", "col", "end_col", "message")
        found.append([{k: f[k] for k in keys} for f in findings if f["code"] == "TX401"])
    assert found[0] == found[1]
    [finding] = found[0]
    assert (finding["card"], finding["line"], finding["col"]) == ("Aria", 2, 1 + text.index("R"))
    assert finding["message"] == (
        '"Rampage" is used like a keyword, but the glossary does not define it'
    )


HOSTILE = [
    "a" * 5000,
    "a" * 4999 + "!",
    "Aa " * 1600,
    "A" + "a" * 4000 + ":",
    "x, " + "Aaaa 1 " * 700,
    "A" + " a" * 2400 + ":",
    "A" + "'" * 4999,
]


@pytest.mark.parametrize("text", HOSTILE, ids=lambda t: f"{t[:8]!r}x{len(t)}")
def test_the_default_patterns_stay_linear_on_hostile_text(text: str) -> None:
    finders = [builtin_pattern(p, "keyword") for p, _ in DEFAULT_KEYWORD_PATTERNS]
    started = time.process_time()
    for finder in finders:
        list(finder.spans(text))
    assert time.process_time() - started < 0.1


@settings(max_examples=200, deadline=None)
@given(
    pattern=st.sampled_from(
        [
            r"\[(?P<keyword>\w+)\]",
            r"[a-z,;] (?P<keyword>[A-Z][a-z]+) (?P<param>\d+)",
            r"(?P<keyword>[A-Z]\w*)(?: (?P<param>\d+))?",
            r"^(?P<keyword>[A-Z][a-z]+):",
            r"(?P<keyword>x)?y",
        ]
    ),
    text=st.text(alphabet="aAbZ[] ,;:xy0123456789\n", max_size=80),
)
def test_re2_and_python_find_the_same_ascii_keywords(pattern: str, text: str) -> None:
    """Where RE2 and Python agree on the syntax (ASCII text), they find the same spans."""
    assert list(game_pattern(pattern, "keyword").spans(text)) == list(
        builtin_pattern(pattern, "keyword").spans(text)
    )


def test_re2_logs_nothing_on_stderr(capfd: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="lookbehind"):
        game_pattern("(?<=a)(?P<keyword>b)", "keyword")
    assert capfd.readouterr().err == ""


# --------------------------------------------------------------------------- dice

DICE = [
    ("dice-absurd.yaml", "duel.dice: 99d999 is 99 dice; a duel rolls at most 50"),
    (
        "dice-many-totals.yaml",
        "duel.dice: 20d1000 has 19,981 possible totals; at most 10,001 (fewer dice or fewer sides)",
    ),
    ("dice-big-die.yaml", "duel.dice: 1d100000: a die of 100,000 sides; at most 1,000"),
    ("dice-one-side.yaml", "duel.dice: 3d1: a die has at least 2 sides"),
    ("dice-no-dice.yaml", "duel.dice: 0d6: roll at least one die"),
]


@pytest.mark.parametrize(("case", "message"), DICE, ids=[c[0] for c in DICE])
@pytest.mark.parametrize("command", ["check", "build"])
def test_dice_out_of_bounds_are_one_line_at_their_line(
    tmp_path: Path, case: str, message: str, command: str
) -> None:
    root = project(tmp_path, game=(BAD / "game" / case).read_text(encoding="utf-8"))
    answer = invoke(command, "tiny", "--project", root)
    assert answer.code == 2, answer.err
    assert answer.err == f"error: {shown(root)}decks/tiny/game.yaml:19:14: {message}\n"


def test_dice_out_of_bounds_stop_report_too(tmp_path: Path) -> None:
    root = project(tmp_path, game=(BAD / "game" / "dice-absurd.yaml").read_text(encoding="utf-8"))
    deck = root / "decks" / "tiny" / "decks" / "d.txt"
    deck.write_text("# game: tiny\n1 Aria\n3 Fireball\n", encoding="utf-8")
    answer = invoke("report", deck, "--project", root)
    assert answer.code == 2 and "99d999 is 99 dice; a duel rolls at most 50" in answer.err


def test_20d100_odds_for_a_small_box_take_milliseconds(tmp_path: Path) -> None:
    """20d100 took 19.8 s for a 4-card box; counted as a roll of 40 dice, it is quick, and
    the odds are the exact fractions (each side's chances sum to 1, the mirror match-up
    swaps win and lose)."""
    root = project(tmp_path, game=(BAD / "game" / "dice-20d100.yaml").read_text(encoding="utf-8"))
    deck = root / "decks" / "tiny" / "decks" / "d.txt"
    deck.write_text("# game: tiny\n1 Aria\n3 Fireball\n", encoding="utf-8")
    for args in (("report", deck, "--format", "json"), ("build", "tiny")):
        duel_odds.cache_clear()
        started = time.process_time()
        answer = invoke(*args, "--project", root)
        assert time.process_time() - started < 3, args
        assert answer.code == 0, answer.err
    report = json.loads(invoke("report", deck, "--project", root, "--format", "json").out)
    [row] = report["duel"]["cards"]
    odds = row["odds"]["power"]  # Aria (5) against the pool's heroes: Aria (5), Borin (7)
    against_aria, against_borin = duel_odds(5, 5, 20, 100), duel_odds(5, 7, 20, 100)
    assert Fraction(odds["win"]) == (against_aria.win + against_borin.win) / 2
    assert Fraction(odds["tie"]) == (against_aria.tie + against_borin.tie) / 2
    assert Fraction(odds["win"]) + Fraction(odds["tie"]) + Fraction(odds["lose"]) == 1
    assert against_aria.win == against_aria.lose
    assert duel_odds(7, 5, 20, 100).win == against_borin.lose


@settings(max_examples=40, deadline=None)
@given(count=st.integers(1, 3), sides=st.integers(2, 7), mine=st.integers(-3, 30))
def test_odds_match_every_roll_counted(count: int, sides: int, mine: int) -> None:
    """Against brute force: every roll of both sides' dice, counted."""
    theirs = 4
    faces = range(1, sides + 1)
    rolls = Counter(sum(r) for r in itertools.product(faces, repeat=count))
    win = tie = 0
    for (x, nx), (y, ny) in itertools.product(rolls.items(), repeat=2):
        win += nx * ny * (mine + x > theirs + y)
        tie += nx * ny * (mine + x == theirs + y)
    outcomes = sides ** (2 * count)
    odds = duel_odds(mine, theirs, count, sides)
    assert (odds.win, odds.tie) == (Fraction(win, outcomes), Fraction(tie, outcomes))
    assert roll_distribution(count, sides) == {
        total: Fraction(n, sides**count) for total, n in sorted(rolls.items())
    }


@pytest.mark.parametrize(("count", "sides"), [(20, 100), (MAX_DICE, MAX_SPREAD // MAX_DICE + 1)])
def test_the_largest_dice_allowed_are_exact_and_quick(count: int, sides: int) -> None:
    """The difference of two rolls: symmetric, summing to 1, with the variance of
    2 x count dice (2n (s^2 - 1) / 12), in seconds of CPU, not the minutes of a convolution
    over every pair of totals (a bound on the method, not a speed figure: it took 1.2 s of
    CPU beside the rest of the suite)."""
    assert dice_problem(count, sides) is None
    started = time.process_time()
    diff = difference_distribution(count, sides)
    assert time.process_time() - started < 5
    assert sum(diff.values()) == 1
    assert all(diff[d] == diff[-d] for d in diff)
    assert sum(p * d * d for d, p in diff.items()) == Fraction(2 * count * (sides**2 - 1), 12)


@settings(max_examples=300, deadline=None)
@given(count=st.integers(0, 10**6), sides=st.integers(0, 10**6))
def test_dice_bounds(count: int, sides: int) -> None:
    problem = dice_problem(count, sides)
    fine = 1 <= count <= MAX_DICE and 2 <= sides <= MAX_SIDES
    assert (problem is None) == (fine and count * (sides - 1) <= MAX_SPREAD)
    if problem is not None:
        assert problem.startswith(f"{count}d{sides}")
        assert re.fullmatch(r"[^\n]{10,120}", problem)


def test_docs_state_the_limits() -> None:
    """docs/limits.md says the dice bounds and the pattern memory as the code sets them."""
    from cardgen.model.patterns import MAX_PATTERN_MEMORY

    rows = (Path(__file__).parent.parent / "docs" / "limits.md").read_text().splitlines()
    (dice,) = [r for r in rows if "`MAX_DICE`, `MAX_SIDES`, `MAX_SPREAD` |" in r]
    assert f"at most {MAX_DICE} dice of at most {MAX_SIDES:,} sides" in dice, dice
    assert f"at most {MAX_SPREAD + 1:,} possible totals" in dice, dice
    (patterns,) = [r for r in rows if r.endswith("`MAX_PATTERN_MEMORY` |")]
    assert f"at most {MAX_PATTERN_MEMORY >> 20} MB once compiled" in patterns, patterns


@pytest.mark.parametrize(
    ("source", "refused"),
    [
        ("(?P<keyword>a{1000})", None),
        ("(?P<keyword>a{1001})", "invalid repetition size: {1001} (at most 1000 repeats"),
        ("(?P<keyword>" + r"\pL" * 400 + ")", None),
        ("(?P<keyword>" + r"\pL" * 1000 + ")", "the pattern is too large: compiled, it takes more"),
    ],
)
def test_a_pattern_up_to_re2s_limits_compiles_and_past_them_is_refused(
    source: str, refused: str | None
) -> None:
    """A repetition of at most 1000, and at most MAX_PATTERN_MEMORY once compiled (400
    Unicode letter classes fit in it, 1000 do not)."""
    from cardgen.model.patterns import game_pattern

    if refused is None:
        assert game_pattern(source, "keyword").source == source
    else:
        with pytest.raises(ValueError, match=re.escape(refused)):
            game_pattern(source, "keyword")
