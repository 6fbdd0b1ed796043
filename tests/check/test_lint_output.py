"""Lint output formats: text lines, the JSON contract, SARIF 2.1.0 and GitHub annotations."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from click.testing import Result

from cardgen.check.lint import LintFinding, LintReport, lint_documents, lint_game
from cardgen.check.lint.output import as_github, as_json, as_sarif, as_text
from cardgen.project import open_project
from tests.check.test_lint import GAME, pool

Make = Callable[..., Path]
Run = Callable[..., Result]

TEXTS = ("Put the the card in the discard pile", "Deal 1, 100% sure, damage.")


def report(make_project: Make) -> tuple[LintReport, Path]:
    root = make_project(GAME, pool(*TEXTS))
    pack = open_project(root).game("tiny")
    findings = lint_game(pack)
    return LintReport(findings=findings, games=["tiny"], cards=len(pack.cards)), root


def test_text_lines(make_project: Make) -> None:
    result, _ = report(make_project)
    lines = as_text(result).splitlines()
    line = re.compile(
        r"^(?P<path>.+):(?P<line>\d+):(?P<col>\d+): (?P<code>[A-Z]+\d+)( \[warning\])? "
    )
    parsed = [line.match(text) for text in lines[:-1]]
    assert all(parsed), lines
    assert [(m["code"], m["line"], m["col"]) for m in parsed if m] == [
        ("TX901", "4", "5"),
        ("TX102", "4", "25"),
        ("TX803", "4", "37"),
    ]
    assert lines[0].endswith('TX901 card "Card 1": "the" twice in a row')
    assert "TX803 [warning] " in lines[2]
    assert lines[-1] == "2 errors, 1 warning in 1 game (4 cards)"


def test_clean_summary() -> None:
    assert as_text(LintReport(games=["tiny"], cards=3)) == "clean: 1 game (3 cards)"


def test_json_contract(make_project: Make) -> None:
    result, _ = report(make_project)
    data = json.loads(json.dumps(as_json(result)))
    assert data["version"] == 1
    assert data["summary"] == {"error": 2, "warning": 1, "info": 0}
    for finding in data["findings"]:
        assert {"path", "line", "col", "code", "severity", "message", "card"} <= set(finding)
        assert isinstance(finding["line"], int) and isinstance(finding["col"], int)
        assert finding["severity"] in ("error", "warning", "info")
        assert finding["url"].endswith("#" + finding["code"].lower())
    assert data["findings"][1]["suggestion"] == "Burn Pile"


def test_json_from_the_command(make_project: Make, run: Run) -> None:
    root = make_project(GAME, pool(*TEXTS))
    result = run("lint", "tiny", "--project", root, "--format", "json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert [f["code"] for f in data["findings"]] == ["TX901", "TX102", "TX803"]
    assert data["findings"][0]["card"] == "Card 1"


# --- SARIF ----------------------------------------------------------------------------------

LEVELS = {"none", "note", "warning", "error"}
URI = re.compile(r"^[a-z][a-z0-9+.-]*:")


def _text(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("text"), str) and value["text"] != ""


def check_sarif(log: dict[str, Any]) -> None:
    """The parts of the SARIF 2.1.0 schema GitHub code scanning relies on, checked by hand:
    required keys, their types, rule indexes, levels, 1-based regions, relative uris."""
    assert log["version"] == "2.1.0"
    assert isinstance(log["$schema"], str) and "sarif" in log["$schema"]
    assert set(log) <= {"$schema", "version", "runs", "inlineExternalProperties", "properties"}
    assert isinstance(log["runs"], list) and log["runs"]
    for run in log["runs"]:
        driver = run["tool"]["driver"]
        assert isinstance(driver["name"], str) and driver["name"]
        assert isinstance(driver["version"], str)
        if "informationUri" in driver:
            assert URI.match(driver["informationUri"])
        rules = driver["rules"]
        ids = [rule["id"] for rule in rules]
        assert len(ids) == len(set(ids))
        for rule in rules:
            assert set(rule) <= {
                "id",
                "name",
                "shortDescription",
                "fullDescription",
                "helpUri",
                "help",
                "defaultConfiguration",
                "properties",
            }
            assert isinstance(rule["id"], str) and re.fullmatch(r"[A-Z]+\d+", rule["id"])
            assert isinstance(rule["name"], str) and rule["name"]
            assert _text(rule["shortDescription"]) and _text(rule["fullDescription"])
            if "helpUri" in rule:
                assert URI.match(rule["helpUri"])
            else:
                assert "docs/lint.md#" in rule["help"]["text"]
            assert rule["defaultConfiguration"]["level"] in LEVELS
        assert isinstance(run["results"], list)
        for result in run["results"]:
            assert set(result) <= {
                "ruleId",
                "ruleIndex",
                "level",
                "message",
                "locations",
                "partialFingerprints",
                "properties",
            }
            assert result["ruleId"] in ids
            assert isinstance(result["ruleIndex"], int)
            assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
            assert result["level"] in LEVELS
            assert _text(result["message"])
            assert isinstance(result["locations"], list) and result["locations"]
            for location in result["locations"]:
                physical = location["physicalLocation"]
                uri = physical["artifactLocation"]["uri"]
                assert isinstance(uri, str) and uri and not uri.startswith("/")
                assert "\\" not in uri and not URI.match(uri)
                region = physical["region"]
                for key in ("startLine", "startColumn", "endLine", "endColumn"):
                    assert isinstance(region[key], int) and region[key] >= 1
                assert region["endLine"] >= region["startLine"]
                assert region["endColumn"] >= region["startColumn"]
            fingerprints = result["partialFingerprints"]
            assert isinstance(fingerprints["primaryLocationLineHash"], str)
            assert all(isinstance(v, str) for v in fingerprints.values())


def test_sarif_structure(make_project: Make) -> None:
    result, root = report(make_project)
    result = replace(result, rules={"TX803": "warning", "TX901": "error", "TX102": "error"})
    log = json.loads(json.dumps(as_sarif(result, root)))
    check_sarif(log)
    run = log["runs"][0]
    assert [r["id"] for r in run["tool"]["driver"]["rules"]] == ["TX102", "TX803", "TX901"]
    assert [r["level"] for r in run["results"]] == ["error", "error", "warning"]
    location = run["results"][0]["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "decks/tiny/cards.csv"
    assert location["region"]["startLine"] == 4 and location["region"]["startColumn"] == 5


def test_sarif_from_the_command(make_project: Make, run: Run) -> None:
    root = make_project(GAME, pool(*TEXTS))
    result = run("lint", "--project", root, "--format", "sarif")
    assert result.exit_code == 1
    log = json.loads(result.stdout)
    check_sarif(log)
    driver = log["runs"][0]["tool"]["driver"]
    assert {r["id"] for r in driver["rules"]} >= {"TX101", "TX901", "RF101"}
    assert "TX1001" not in {r["id"] for r in driver["rules"]}


def test_fingerprints_stable_when_lines_move(make_project: Make, tmp_path: Path) -> None:
    root = make_project(GAME, pool())
    pack = open_project(root).game("tiny")
    doc = tmp_path / "rules.md"
    doc.write_text("Cards go to the graveyard. Then the graveyard.\n")
    first = [f.fingerprint for f in lint_documents(pack, [doc])]
    doc.write_text("# Rules\n\nIntro.\n\nCards go to the graveyard. Then the graveyard.\n")
    moved = lint_documents(pack, [doc])
    assert [f.fingerprint for f in moved] == first
    assert [f.line for f in moved] == [5, 5] and len(set(first)) == 2


# --- GitHub ---------------------------------------------------------------------------------


def test_github_annotations(make_project: Make) -> None:
    result, _ = report(make_project)
    lines = as_github(result).splitlines()
    assert len(lines) == 3
    pattern = re.compile(
        r"^::(error|warning|notice) file=[^,]+,line=\d+,endLine=\d+,col=\d+,endColumn=\d+,"
        r"title=[^,:]+::.+$"
    )
    assert all(pattern.match(line) for line in lines), lines
    assert lines[0].startswith("::error file=") and "title=TX901 doubled-word::" in lines[0]
    assert lines[2].startswith("::warning ")


def test_github_escaping() -> None:
    finding = LintFinding(
        path="docs/a,b:c.md",
        line=3,
        col=2,
        end_col=5,
        code="TX903",
        name="common-misspelling",
        severity="info",
        message="100% wrong\nreally",
    )
    (line,) = as_github(LintReport(findings=[finding])).splitlines()
    assert line == (
        "::notice file=docs/a%2Cb%3Ac.md,line=3,endLine=3,col=2,endColumn=5,"
        "title=TX903 common-misspelling::100%25 wrong%0Areally"
    )


def test_sarif_help_links_only_when_docs_are_published(
    make_project: Make, monkeypatch: Any
) -> None:
    result, root = report(make_project)
    log = as_sarif(result, root)
    driver = log["runs"][0]["tool"]["driver"]
    assert "informationUri" not in driver
    assert all("helpUri" not in r and "docs/lint.md#" in r["help"]["text"] for r in driver["rules"])
    monkeypatch.setenv("CARDGEN_DOCS_URL", "https://docs.example.org/lint")
    published = as_sarif(result, root)
    check_sarif(json.loads(json.dumps(published)))
    driver = published["runs"][0]["tool"]["driver"]
    assert driver["informationUri"] == "https://docs.example.org/lint"
    assert driver["rules"][0]["helpUri"].startswith("https://docs.example.org/lint#tx")
