"""TX1101 unknown-icon: `{name}` in card text that names no icon the game can draw (built-in
names, their aliases, the aliases of the game's layouts and its icon folder's files);
selection by family prefix."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path

from click.testing import Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.check.lint import LintFinding, covers, lint_game, resolve_rules
from cardgen.project import open_project
from tests.conftest import ROOT
from tests.iconfiles import DOT

Make = Callable[..., Path]
Run = Callable[..., Result]

LAYOUT = 'extends: builtin:card\nicons:\n  ember: {icon: lightning, color: "#e8590c"}\n'


def _pool(*texts: str) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["name", "type", "copies", "power", "school", "level", "text"])
    for index, text in enumerate(texts, start=1):
        writer.writerow([f"Card {index}", "hero", "1", "3", "", "", text])
    return out.getvalue()


def _lint(make_project: Make, *texts: str, layout: str | None = LAYOUT) -> list[LintFinding]:
    root = make_project(cards=_pool(*texts))
    file = root / "layouts" / "tiny" / "hero.yaml"
    file.parent.mkdir(parents=True, exist_ok=True)
    if layout is None:
        file.unlink(missing_ok=True)
    else:
        file.write_text(layout, encoding="utf-8")
    pack = open_project(root).game("tiny")
    return lint_game(pack, ["TX1101"], project_root=root)


def test_an_unknown_icon_is_found_where_it_is_written(make_project: Make) -> None:
    (finding,) = _lint(make_project, "Pay 2 {coin} to draw.")
    assert (finding.code, finding.name, finding.severity) == ("TX1101", "unknown-icon", "error")
    assert (finding.line, finding.col, finding.end_col, finding.card) == (2, 7, 13, "Card 1")
    assert finding.message == (
        'unknown icon "coin", which would print as written; cardgen icons lists them'
    )
    assert finding.suggestion is None
    (close,) = _lint(make_project, "Gain {embr}.")
    assert close.suggestion == "{ember}" and close.message.endswith('did you mean "ember"?')


def test_known_names_escapes_and_the_layouts_aliases_pass(make_project: Make) -> None:
    texts = ["{moon} {lune} {star} {etoile}.", "{{coin}} is literal.", "Burn {ember}.", "{3}"]
    assert _lint(make_project, *texts) == []
    (finding,) = _lint(make_project, *texts, layout=None)  # no layout names ember
    assert finding.card == "Card 3"


def test_a_name_is_linted_too(make_project: Make) -> None:
    root = make_project(cards=_pool("Fine.").replace("Card 1", "Card {gem}"))
    pack = open_project(root).game("tiny")
    (finding,) = lint_game(pack, ["TX1101"], project_root=root)
    assert finding.card == "Card {gem}" and (finding.col, finding.end_col) == (6, 11)


PIECES = ["{moon}", "{ember}", "{{coin}}", "word ", "**b** ", "{coin}", "{Moon}", "{gem-2}"]
UNKNOWN = {"{coin}", "{Moon}", "{gem-2}"}


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.lists(st.lists(st.sampled_from(PIECES), max_size=8).map("".join), min_size=1))
def test_every_unknown_name_and_only_those(make_project: Make, texts: list[str]) -> None:
    findings = _lint(make_project, *texts)
    seen = [(f.card, texts[f.line - 2][f.col - 1 : f.end_col - 1]) for f in findings]
    expected = []
    for index, text in enumerate(texts, start=1):
        at = 0
        while at < len(text):  # the pieces, read back left to right
            piece = next(p for p in PIECES if text.startswith(p, at))
            if piece in UNKNOWN:
                expected.append((f"Card {index}", piece))
            at += len(piece)
    assert seen == expected


def test_the_command_reports_it(make_project: Make, run: Run) -> None:
    root = make_project(cards=_pool("Pay {coin}."))
    result = run("lint", "tiny", "--project", root)
    assert result.exit_code == 1
    assert 'cards.csv:2:5: TX1101 card "Card 1": unknown icon "coin"' in result.stdout
    data = json.loads(run("lint", "tiny", "--project", root, "--format", "json").stdout)
    assert [f["code"] for f in data["findings"]] == ["TX1101"]


def test_prefixes_name_whole_families() -> None:
    assert covers("TX1", "TX101") and covers("TX1", "TX199") and not covers("TX1", "TX1101")
    assert covers("TX11", "TX1101") and covers("TX", "TX1101") and covers("T", "TX1101")
    assert covers("TX10", "TX101") and covers("TX10", "TX1001") and covers("TX1101", "TX1101")
    assert not covers("TX2", "TX1101") and not covers("RF", "TX101")
    assert set(resolve_rules(None, ["TX1"], None)) == {"TX101", "TX102"}
    assert set(resolve_rules(None, ["TX11"], None)) == {"TX1101"}
    assert "TX1101" in resolve_rules(None, None, ["TX1"])
    assert "TX1101" not in resolve_rules(None, None, ["TX11"])
    assert "TX1101" not in resolve_rules(None, None, ["ALL"])


def test_the_example_games_name_only_icons_they_have() -> None:
    project = open_project(ROOT)
    for game in project.game_ids():
        assert lint_game(project.game(game), ["TX1101"], project_root=ROOT) == [], game


def test_the_linter_knows_the_game_own_icons(make_project: Make, run: Run) -> None:
    cards = "name,type,copies,power,school,level,text\nAria,hero,1,5,,,Pay {coin} then {con}.\n"
    root = make_project(cards=cards, extra={"icons/coin.svg": DOT})
    (root / "layouts" / "tiny").mkdir(parents=True)
    result = run("lint", "tiny", "--project", root, "--format", "json")
    found = [f for f in json.loads(result.stdout)["findings"] if f["code"] == "TX1101"]
    assert [f["message"] for f in found] == [
        'unknown icon "con", which would print as written; did you mean "coin"?'
    ]
