"""The text linter: each rule finds what it should and not what it should not, selection,
suppression, documents, the example games and the command's exit codes."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.check.lint import LintFinding, lint_documents, lint_game, resolve_rules
from cardgen.check.lint_rules import RULES
from cardgen.errors import CardgenError
from cardgen.load.game import GamePack
from cardgen.project import open_project
from tests.conftest import ROOT
from tests.skips import require_path

Make = Callable[..., Path]
Run = Callable[..., Result]

GAME = """\
id: tiny
name: Tiny Game
players: {min: 2, max: 2}
types:
  hero:
    label: Hero
    fields:
      power: {type: int, min: 0, max: 9, label: Power, description: Strength.}
  spell:
    label: Spell
    fields:
      school: {type: choice, choices: [fire, ice], label: School, description: School.}
      level: {type: int, min: 1, max: 3, label: Mana, description: Its cost.}
glossary:
  final_period: true
  entries:
    - {term: Hero, kind: card-type}
    - {term: Spell, kind: card-type}
    - {term: Burn Pile, kind: zone, variants: [discard pile, graveyard]}
    - {term: Spellbook, kind: zone}
    - {term: Might, kind: stat}
    - {term: Wits, kind: stat}
    - {term: Blaze, kind: keyword, params: [number]}
    - {term: Ward, kind: keyword}
    - {term: Frenzy, kind: term, strict_case: true}
    - {term: Glow, kind: term, variants: [glow]}
lint:
  misspellings: {Dwel: Duel}
  label_checks:
    - where: {type: spell}
      field: school
      at_start: true
      words: {fire: Fire, ice: Ice}
"""
HEADER = ["name", "type", "copies", "power", "school", "level", "text", "lint_ignore"]
BASE_CARDS = [
    ["Aria", "hero", "1", "5", "", "", "Leads the party.", ""],
    ["Firebolt", "spell", "1", "", "fire", "2", "Deal 2 damage.", ""],
]


def pool(*texts: str, kind: str = "hero", ignore: str = "") -> str:
    """The base cards plus one card per text (`Card 1`, `Card 2`, ...)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    writer.writerows(BASE_CARDS)
    for index, text in enumerate(texts, start=1):
        if kind == "hero":
            writer.writerow([f"Card {index}", "hero", "1", "3", "", "", text, ignore])
        else:
            writer.writerow([f"Card {index}", "spell", "1", "", kind, "1", text, ignore])
    return out.getvalue()


def game_pack(make_project: Make, *texts: str, game: str = GAME, **kwargs: str) -> GamePack:
    root = make_project(game, pool(*texts, **kwargs))
    return open_project(root).game("tiny")


def lint(make_project: Make, *texts: str, game: str = GAME, **kwargs: str) -> list[LintFinding]:
    pack = game_pack(make_project, *texts, game=game, **kwargs)
    return [f for f in lint_game(pack) if f.card not in ("Aria", "Firebolt")]


def found(findings: list[LintFinding], code: str) -> list[LintFinding]:
    return [f for f in findings if f.code == code]


# --- TX101 / TX102 ------------------------------------------------------------------------


def test_tx101_multiword_term_with_other_capitals(make_project: Make) -> None:
    findings = lint(make_project, "Put it in your burn pile.", "Put it in your Burn pile.")
    hits = found(findings, "TX101")
    assert [h.suggestion for h in hits] == ["Burn Pile", "Burn Pile"]
    assert hits[0].col == len("Put it in your ") + 1 and hits[0].end_col == hits[0].col + 9


def test_tx101_not_for_canonical_caps_sentence_start_or_all_caps(make_project: Make) -> None:
    findings = lint(
        make_project,
        "Put it in your Burn Pile.",
        "BURN PILE: it waits there.",
        "Frenzy: use your might and your wits.",
    )
    assert not found(findings, "TX101")


def test_tx101_one_word_terms(make_project: Make) -> None:
    findings = lint(
        make_project,
        "Look at your SpellBook.",  # zone with mixed-up capitals
        "Go into a frenzy.",  # strict_case asks for it
        "A soft glow.",  # a listed case variant
        "Use your might.",  # lower case stat: ordinary word, fine
    )
    assert [(f.card, f.suggestion) for f in found(findings, "TX101")] == [
        ("Card 1", "Spellbook"),
        ("Card 2", "Frenzy"),
        ("Card 3", "Glow"),
    ]


def test_tx101_keeps_plural_in_suggestion(make_project: Make) -> None:
    (hit,) = found(lint(make_project, "Both burn piles grow."), "TX101")
    assert hit.suggestion == "Burn Piles"


def test_tx102_known_variant_any_case(make_project: Make) -> None:
    findings = lint(make_project, "Put it in the discard pile.", "Graveyard cards stay.")
    hits = found(findings, "TX102")
    assert [h.suggestion for h in hits] == ["Burn Pile", "Burn Pile"]
    assert "the glossary says" in hits[0].message


# --- TX201 --------------------------------------------------------------------------------


def test_tx201_typo_of_a_term(make_project: Make) -> None:
    findings = lint(make_project, "Add it to your Spelbook.", "Put it in your Burm Pile.")
    assert [(f.card, f.suggestion) for f in found(findings, "TX201")] == [
        ("Card 1", "Spellbook"),
        ("Card 2", "Burn Pile"),
    ]


def test_tx201_not_english_words_inflections_or_frequent_words(make_project: Make) -> None:
    findings = lint(
        make_project,
        "Sharpen the blade.",  # 1 edit from Blaze, but an English word
        "It blazed. Both Spellbooks grow.",  # an inflection, a plural
        "Zorbs Blazo.",
        "Zorbs Blazo.",
        "Zorbs Blazo.",  # a made-up word on three cards is the game's own
    )
    assert not found(findings, "TX201")


def test_tx201_rare_made_up_word_near_a_term(make_project: Make) -> None:
    (hit,) = found(lint(make_project, "Blazo once."), "TX201")
    assert hit.suggestion == "Blaze"


def test_tx201_leaves_listed_misspellings_to_tx903(make_project: Make) -> None:
    game = GAME.replace("{Dwel: Duel}", "{Spelbok: Spellbook}")
    findings = lint(make_project, "Open your Spelbok.", game=game)
    assert [f.code for f in findings] == ["TX903"]


# --- TX301 --------------------------------------------------------------------------------


def test_tx301_minority_form_flagged(make_project: Make) -> None:
    findings = lint(make_project, "Gain 1 Wits.", "Lose 1 Wits.", "Trust your wits.")
    (hit,) = found(findings, "TX301")
    assert hit.card == "Card 3" and hit.severity == "warning"
    assert '"Wits" 2 times' in hit.message


def test_tx301_not_when_one_form_or_already_reported(make_project: Make) -> None:
    assert not found(lint(make_project, "Trust your wits.", "Keep your wits."), "TX301")
    findings = lint(make_project, "Graveyard one.", "Graveyard two.", "Discard pile three.")
    assert not found(findings, "TX301")


def test_tx301_majority_wins_without_the_glossary_form(make_project: Make) -> None:
    pack = game_pack(make_project, "Graveyard one.", "Graveyard two.", "Discard pile three.")
    findings = [f for f in lint_game(pack, ignore=["TX102"]) if f.code == "TX301"]
    assert [(f.card, f.suggestion) for f in findings] == [("Card 3", "Burn Pile")]
    assert '"graveyard" 2 times' in findings[0].message


# --- TX401 / TX501 ------------------------------------------------------------------------


def test_tx401_undefined_keywords(make_project: Make) -> None:
    findings = lint(
        make_project,
        "When played, Rampage 2 on a Hero.",
        "Surge: deal 1 damage.",
        "When played, Blaze 2 and Player 2 draws.",
        "Ward: nothing gets through.",
    )
    assert [(f.card, f.message.split('"')[1]) for f in found(findings, "TX401")] == [
        ("Card 1", "Rampage"),
        ("Card 2", "Surge"),
    ]


def test_tx401_declared_patterns_and_off(make_project: Make) -> None:
    custom = GAME.replace(
        "  final_period: true\n",
        "  final_period: true\n  keyword_patterns:\n"
        "    - {pattern: '\\[(?P<keyword>\\w+)\\]', scope: any}\n",
    )
    findings = lint(make_project, "Gain [Rampage] now. Then Rampage 2 on it.", game=custom)
    assert [f.message.split('"')[1] for f in found(findings, "TX401")] == ["Rampage"]
    assert found(findings, "TX401")[0].col == len("Gain [") + 1
    off = GAME.replace("  final_period: true\n", "  final_period: true\n  keyword_patterns: []\n")
    assert not found(lint(make_project, "When played, Rampage 2 on a Hero.", game=off), "TX401")


def test_tx501_keyword_parameters(make_project: Make) -> None:
    findings = lint(
        make_project,
        "Then Blaze on a Hero.",
        "Then Blaze them all.",
        "Then Blaze 2 on a Hero.",
        "Then Ward 3 on a Hero.",
        "Talents such as Blaze. Or “Blaze” itself.",
    )
    assert [(f.card, f.message) for f in found(findings, "TX501")] == [
        ("Card 1", '"Blaze" needs a number here, not "on" (as in "Blaze 2")'),
        ("Card 2", '"Blaze" needs a number here, not "them" (as in "Blaze 2")'),
        ("Card 4", '"Ward" takes no parameter'),
    ]


# --- RF101 --------------------------------------------------------------------------------


def test_rf101_unknown_card_references(make_project: Make) -> None:
    findings = lint(
        make_project,
        'Return "Fire Bolt" to your hand.',
        "Find a card named Firebolt, or one called Aria.",
        "Swap it with *Ice Wal*.",
        "Card 4 is this card; it may go to the Spellbook.",
        'Say "Card 5" out loud.',
    )
    assert [(f.card, f.suggestion) for f in found(findings, "RF101")] == [
        ("Card 1", "Firebolt"),
        ("Card 3", None),
    ]


def test_rf101_in_documents_only_quotes_close_to_a_card(make_project: Make, tmp_path: Path) -> None:
    pack = game_pack(make_project)
    doc = tmp_path / "rules.md"
    doc.write_text('See "Setting Up". Cast "Firebolts" or a card named Iceblast.\n')
    findings = lint_documents(pack, [doc])
    assert [f.message for f in findings if f.code == "RF101"] == [
        'no card named "Firebolts" in this game; did you mean "Firebolt"?',
        'no card named "Iceblast" in this game',
    ]


# --- TX601 / TX701 ------------------------------------------------------------------------


def test_tx601_numbers_against_field_bounds(make_project: Make) -> None:
    findings = lint(
        make_project,
        "Gain 12 Power.",
        "It has a Power of 10.",
        "Gain four Mana.",
        "Gain 9 Power and 3 Mana.",
    )
    assert [(f.card, f.message) for f in found(findings, "TX601")] == [
        ("Card 1", "12 Power is more than any card can have: at most 9 (Hero)"),
        ("Card 2", "10 Power is more than any card can have: at most 9 (Hero)"),
        ("Card 3", "4 Mana is more than any card can have: at most 3 (Spell)"),
    ]


def test_tx701_label_mismatch(make_project: Make) -> None:
    findings = lint(
        make_project,
        "Ice: freeze a Hero.",
        "Fire: burn a Hero.",
        "Fire: melt the Ice.",
        kind="fire",
    )
    (hit,) = found(findings, "TX701")
    assert hit.card == "Card 1" and hit.suggestion == "Fire"
    assert hit.message == 'Spell of school fire names "Ice" in its text; its word is "Fire"'


# --- TX8xx --------------------------------------------------------------------------------


def test_tx801_mixed_quotes_minority_flagged(make_project: Make) -> None:
    findings = lint(make_project, "It's the Hero's turn.", "The Hero’s turn.")
    (hit,) = found(findings, "TX801")
    assert hit.card == "Card 2" and hit.suggestion == "'"


def test_tx802_double_space(make_project: Make) -> None:
    (hit,) = found(lint(make_project, "Deal  1 damage.", "Deal 1 damage."), "TX802")
    assert hit.card == "Card 1" and hit.col == 5


def test_tx803_missing_final_period(make_project: Make) -> None:
    findings = lint(make_project, "Deal 1 damage", "Deal 1 damage!", "(Deal 1 damage.)", "Blaze 2")
    assert [f.card for f in found(findings, "TX803")] == ["Card 1"]
    off = GAME.replace("final_period: true", "final_period: false")
    assert not found(lint(make_project, "Deal 1 damage", game=off), "TX803")


# --- TX9xx --------------------------------------------------------------------------------


def test_tx901_doubled_word(make_project: Make, tmp_path: Path) -> None:
    findings = lint(make_project, "Put the the card back.", "He said that that was fine.")
    (hit,) = found(findings, "TX901")
    assert hit.card == "Card 1" and hit.col == 5
    doc = tmp_path / "rules.txt"
    doc.write_text("HERO\nHero cards lead. Put the\nthe card back.\n")
    pack = open_project(doc.parent).game("tiny")
    assert [(f.code, f.line) for f in lint_documents(pack, [doc])] == [("TX901", 2)]


def test_tx902_its_and_its(make_project: Make) -> None:
    findings = lint(
        make_project,
        "Use it's ability.",
        "Its a trap.",
        "It's a trap and its ability is gone.",
        "Halve it's Power.",
    )
    assert [(f.card, f.suggestion) for f in found(findings, "TX902")] == [
        ("Card 1", "its"),
        ("Card 2", "It's"),
        ("Card 4", "its"),
    ]


def test_tx903_common_and_game_misspellings(make_project: Make) -> None:
    findings = lint(make_project, "Recieve 1 card.", "Win the dwel.", "Receive a Duel.")
    assert [(f.card, f.suggestion) for f in found(findings, "TX903")] == [
        ("Card 1", "Receive"),
        ("Card 2", "Duel"),
    ]


def test_tx904_missing_apostrophe(make_project: Make) -> None:
    findings = lint(
        make_project,
        "Look at your opponents Spellbook.",
        "Look at your opponents' Spellbook.",
        "Your opponents draw a card.",
        "Take the players card.",
    )
    assert [(f.card, f.suggestion) for f in found(findings, "TX904")] == [
        ("Card 1", "opponent's"),
        ("Card 4", "player's"),
    ]


# --- TX1001 -------------------------------------------------------------------------------


def test_tx1001_is_opt_in() -> None:
    assert "TX1001" not in resolve_rules(None, None, None)
    assert "TX1001" not in resolve_rules(None, ["TX1"], None)
    assert "TX1001" in resolve_rules(None, ["TX1001"], None)
    assert "TX1001" in resolve_rules(None, ["ALL"], None)


def test_tx1001_overflowing_text_from_the_renderer(make_project: Make) -> None:
    long = "Deal 2 damage to every Hero at the table, then " * 40 + "stop."
    root = make_project(GAME, pool(long, "Deal 1 damage."))
    (root / "layouts" / "tiny").mkdir(parents=True)
    pack = open_project(root).game("tiny")
    findings = lint_game(pack, ["TX1001"], project_root=root)
    assert [(f.card, f.severity) for f in findings] == [("Card 1", "warning")]
    assert "overflows" in findings[0].message


# --- selection ----------------------------------------------------------------------------


def test_select_and_ignore_by_code_prefix_and_all() -> None:
    default = set(resolve_rules(None, None, None))
    assert default == {c for c, r in RULES.items() if not r.opt_in}
    assert set(resolve_rules(None, ["TX1"], None)) == {"TX101", "TX102"}
    assert set(resolve_rules(None, ["TX101,RF"], None)) == {"TX101", "RF101"}
    assert set(resolve_rules(None, ["ALL"], None)) == set(RULES)
    assert not {"TX901", "TX902", "TX903", "TX904"} & set(resolve_rules(None, None, ["TX9"]))
    assert set(resolve_rules(None, ["tx8"], ["TX802"])) == {"TX801", "TX803"}


def test_unknown_code_is_bad_input() -> None:
    with pytest.raises(CardgenError, match='unknown lint rule "TX999"'):
        resolve_rules(None, ["TX999"], None)


def test_game_defaults_and_severity(make_project: Make) -> None:
    game = GAME.replace(
        "lint:\n", "lint:\n  ignore: [TX803]\n  severity: {TX802: error}\n  select: [TX8, TX9]\n"
    )
    pack = game_pack(make_project, "Deal  1 damage", game=game)
    assert set(resolve_rules(pack, None, None)) == {
        "TX801",
        "TX802",
        "TX901",
        "TX902",
        "TX903",
        "TX904",
    }
    findings = [f for f in lint_game(pack) if f.card == "Card 1"]
    assert [(f.code, f.severity) for f in findings] == [("TX802", "error")]
    # a --select on the command line sets the game's select and ignore aside
    assert {f.code for f in lint_game(pack, ["TX803"]) if f.card == "Card 1"} == {"TX803"}


def test_unknown_code_in_game_yaml_names_its_line(make_project: Make) -> None:
    game = GAME.replace("lint:\n", "lint:\n  ignore: [TX777]\n")
    pack = game_pack(make_project, game=game)
    with pytest.raises(CardgenError) as error:
        lint_game(pack)
    assert "game.yaml:" in str(error.value.location) and "TX777" in error.value.problem


# --- suppression --------------------------------------------------------------------------


def test_card_lint_ignore_by_code_and_prefix(make_project: Make) -> None:
    assert not lint(make_project, "Put the the card back", ignore="TX803;TX901")
    assert not lint(make_project, "Put the the card back", ignore="TX8 TX9")
    assert {f.code for f in lint(make_project, "Put the the card back", ignore="TX8")} == {"TX901"}


def test_document_suppression_comments(make_project: Make, tmp_path: Path) -> None:
    pack = game_pack(make_project)
    doc = tmp_path / "rules.md"
    doc.write_text(
        "Cards go to the graveyard. <!-- cardgen: ignore TX102 -- the old name -->\n"
        "<!-- cardgen: ignore TX102 -->\n"
        "\n"
        "Then the graveyard again.\n"
        "But the graveyard here is reported.\n"
        "```\n"
        "graveyard in code is not prose\n"
        "```\n"
        "And `graveyard` inline code too.\n"
    )
    assert [(f.code, f.line) for f in lint_documents(pack, [doc])] == [("TX102", 5)]
    doc.write_text("<!-- cardgen: ignore-file TX1, TX3 -->\nthe graveyard, the burn pile.\n")
    assert not lint_documents(pack, [doc])
    text = tmp_path / "rules.txt"
    text.write_text("# cardgen: ignore TX102\nthe graveyard.\nthe graveyard.\n")
    assert [f.line for f in lint_documents(pack, [text])] == [3]


def test_unknown_code_in_a_suppression_is_bad_input(make_project: Make, tmp_path: Path) -> None:
    pack = game_pack(make_project)
    doc = tmp_path / "rules.md"
    doc.write_text("Text.\n<!-- cardgen: ignore TX777 -->\nMore.\n")
    with pytest.raises(CardgenError, match="TX777"):
        lint_documents(pack, [doc])


# --- documents and positions --------------------------------------------------------------


def test_document_positions_are_file_lines_and_columns(make_project: Make, tmp_path: Path) -> None:
    pack = game_pack(make_project)
    doc = tmp_path / "rules.txt"
    doc.write_text("First line.\n  Put it in the discard pile.\n")
    (finding,) = lint_documents(pack, [doc])
    assert (finding.line, finding.col, finding.end_col) == (2, 17, 29)
    assert finding.card is None and finding.path.endswith("rules.txt")


def test_card_positions_are_pool_row_and_text_column(make_project: Make) -> None:
    (finding,) = lint(make_project, "Put it in the discard pile.")
    assert finding.path.endswith("cards.csv") and finding.line == 4 and finding.col == 15


def test_missing_document_is_bad_input(make_project: Make, tmp_path: Path) -> None:
    pack = game_pack(make_project)
    with pytest.raises(CardgenError, match="no such file"):
        lint_documents(pack, [tmp_path / "nope.md"])


# --- the example games, the rulebooks and the command ------------------------------------


def test_example_games_lint_clean(run: Run) -> None:
    result = run("lint", "--project", ROOT, "--format", "json")
    data = json.loads(result.stdout)
    assert result.exit_code == 0, data["findings"][:5]
    assert not [f for f in data["findings"] if f["severity"] == "error"]
    assert data["games"] == ["blublers", "shards", "splatoon", "splatterkins", "yokai-sketch"]


RULEBOOK = ROOT.parent / "shared" / "rules" / "shards-of-the-artisan.txt"


def test_shards_rulebook_real_findings(run: Run) -> None:
    rulebook = require_path(RULEBOOK, "the shared rule texts")
    result = run("lint", "--project", ROOT, "--game", "shards", rulebook, "--format", "json")
    assert result.exit_code == 1
    findings = json.loads(result.stdout)["findings"]
    messages = {(f["code"], f["message"]) for f in findings}
    assert ("TX903", '"Dual" is a misspelling of "Duel"') in messages
    assert (
        "TX201",
        '"Fractures Shards" looks like a misspelling of the term "Fractured Shards"',
    ) in messages
    assert any(f["code"] == "TX904" and "opponents Shard Deck" in f["message"] for f in findings)
    assert any(f["code"] == "TX902" for f in findings)
    assert any(f["code"] == "TX102" and "Fractured Shard pile" in f["message"] for f in findings)


def test_exit_codes(make_project: Make, run: Run, tmp_path: Path) -> None:
    root = make_project(GAME, pool("Deal 1 damage."))
    assert run("lint", "tiny", "--project", root).exit_code == 0
    bad = make_project(GAME, pool("Put the the card back."))
    result = run("lint", "tiny", "--project", bad)
    assert result.exit_code == 1 and "TX901" in result.stdout
    warning_only = make_project(GAME, pool("Deal 1 damage"))
    assert run("lint", "--project", warning_only).exit_code == 0
    assert run("lint", "nope", "--project", root).exit_code == 2
    assert run("lint", "--game", "tiny", tmp_path / "missing.md", "--project", root).exit_code == 2
    assert run("lint", "tiny", "--select", "ZZ9", "--project", root).exit_code == 2
    orphan = tmp_path / "orphan.md"
    orphan.write_text("Hello.\n")
    result = run("lint", orphan, "--project", root)
    assert result.exit_code == 2 and "--game" in result.stderr


def test_documents_from_the_command(make_project: Make, run: Run, tmp_path: Path) -> None:
    root = make_project(GAME, pool("Deal 1 damage."))
    doc = tmp_path / "notes.md"
    doc.write_text("# Notes\n\nPut it in the discard pile.\n")
    result = run("lint", "--game", "tiny", doc, "--project", root)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0].endswith(
        'notes.md:3:15: TX102 "discard pile" is not this game\'s word: the glossary says'
        ' "Burn Pile"'
    )


def test_docs_document_every_rule() -> None:
    docs = (ROOT / "docs" / "lint.md").read_text(encoding="utf-8")
    for code, rule in RULES.items():
        heading = f"## {code} {rule.name}\n"
        assert heading in docs, code
        section = docs.split(heading, 1)[1].split("\n## ", 1)[0]
        for part in ("What it finds", "Why", "Example", "Fix", "Options"):
            assert part in section, (code, part)


# --- robustness -----------------------------------------------------------------------------

PIECES = [
    *"abcXYZ .,:;!?'\"“”‘’«»*()[]{}<>#`-\n\t\u00a0",
    "Fractured ",
    "shards ",
    "Dual ",
    "it's ",
    "its ",
    "the ",
    "Inspire ",
    "2 ",
    "named ",
    "Luck ",
    "opponents ",
    "<!-- cardgen: ignore TX901 -->",
    "```",
    "http://x.y/z ",
    "Ally ",
    "25 ",
    "Stat Total ",
]
_SHARDS = open_project(ROOT).game("shards")


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40).map("".join))
def test_any_text_lints_without_error(text: str) -> None:
    card = _SHARDS.cards[0].model_copy(update={"text": text})
    pack = GamePack(_SHARDS.game, _SHARDS.folder, _SHARDS.doc, [card], _SHARDS.pool_path)
    for finding in lint_game(pack, ["ALL"], ["TX1001"]):
        if finding.card is not None and finding.code != "TX803":
            assert 1 <= finding.col <= max(1, len(text)) and finding.end_col >= finding.col


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40).map("".join))
def test_any_document_lints_without_error(text: str) -> None:
    from cardgen.check.lint import _Run
    from cardgen.check.lint_text import TextUnit
    from cardgen.check.lint_vocab import Vocabulary

    unit = TextUnit.for_document("doc.md", text, markdown=True)
    enabled = resolve_rules(_SHARDS, ["ALL"], ["TX1001"])
    lines = text.split("\n")
    for finding in _Run(Vocabulary.build(_SHARDS), enabled).run([unit]):
        assert 1 <= finding.line <= len(lines)
        assert 1 <= finding.col <= len(lines[finding.line - 1]) + 1
