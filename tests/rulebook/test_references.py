"""References in a rules document are filled in with the data's numbers, change when the
data changes, and are written in words on request, in the game's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen import api
from tests.rulebook.books import GAMES, copy_game, game_yaml, pool, resolved


def _rule(data: dict[str, object], rule_id: str) -> dict[str, object]:
    rules = data["deck_rules"]
    assert isinstance(rules, list)
    found: dict[str, object] = next(r for r in rules if r["id"] == rule_id)
    return found


def _resolve_text(tmp_path: Path, game: str, text: str) -> str:
    """`text` as the game's rulebook in a copy of the game, resolved."""
    project = copy_game(game, tmp_path)
    (project / "decks" / game / "rulebook.md").write_text(text, encoding="utf-8")
    return api.rules(project, game).rulebook.markdown


@pytest.mark.parametrize("game", GAMES)
def test_every_example_rulebook_resolves_with_no_reference_left(game: str) -> None:
    book = resolved(game)
    outside_code = re.sub(r"`[^`\n]*`", "", book.markdown)
    assert "{" not in outside_code and "}" not in outside_code
    assert "<!--" not in book.markdown  # comments on lines of their own are the author's
    assert book.title == game_yaml(game)["name"] + {"fr": " : la règle"}.get(
        game_yaml(game).get("language", "en"), ": Rulebook"
    )


def test_references_are_the_datas_numbers(tmp_path: Path) -> None:
    data = game_yaml("shards")
    cards = pool("shards")
    text = (
        "A {deck.max} B {rule.signed-limit.max} C {rule.one-persona.exact} D {setup.hand}"
        " E {players.min}-{players.max} F {box.count type=character variant=signed}"
        " G {box.total} H {component.duel-die.count} I {field.bonus.max type=ally}"
        " J {type.trait.count} K {box.decks} L {rule.ally-bonus-limit.max}\n"
    )
    signed = sum(
        r["copies"] for r in cards if r["type"] == "character" and r["variant"] == "signed"
    )
    traits = sum(r["copies"] for r in cards if r["type"] == "trait")
    ally_bonus = data["types"]["ally"]["fields"]["bonus"]["max"]
    expected = (
        f"A {_rule(data, 'deck-size')['max']} B {_rule(data, 'signed-limit')['max']}"
        f" C {_rule(data, 'one-persona')['exact']} D {data['setup']['hand']}"
        f" E {data['players']['min']}-{data['players']['max']} F {signed}"
        f" G {data['box']['total']} H {data['components'][0]['count']} I {ally_bonus}"
        f" J {traits} K {len(data['box']['decks'])} L {_rule(data, 'ally-bonus-limit')['max']}\n"
    )
    assert _resolve_text(tmp_path, "shards", text) == expected


def test_a_fields_bound_is_narrowed_by_the_types_constraints(tmp_path: Path) -> None:
    data = game_yaml("splatterkins")
    text = (
        "{field.inspiration.max type=splatterkin stage=doodle}"
        " {field.inspiration.max type=splatterkin}"
        " {field.inspiration.max type=visionary}\n"
    )
    splatterkin = data["types"]["splatterkin"]
    doodle = next(c for c in splatterkin["constraints"] if c["id"] == "doodle-bounds")
    visionary = data["types"]["visionary"]["fields"]["inspiration"]["max"]
    expected = (
        f"{doodle['require']['inspiration']['max']}"
        f" {splatterkin['fields']['inspiration']['max']} {visionary}\n"
    )
    assert _resolve_text(tmp_path, "splatterkins", text) == expected


def test_the_deal_table_for_each_player_count(tmp_path: Path) -> None:
    data = game_yaml("blublers")
    low, high = data["players"]["min"], data["players"]["max"]
    text = " ".join(
        f"{{setup.deal players={n}}}/{{setup.boxes players={n}}}" for n in range(low, high + 1)
    )
    got = _resolve_text(tmp_path, "blublers", text + "\n").split()
    for n, cell in zip(range(low, high + 1), got, strict=True):
        row = next(r for r in data["setup"]["deal"] if r["players_min"] <= n <= r["players_max"])
        assert cell == f"{row['cards_each']}/{row.get('boxes', 1)}", n


def test_numbers_change_when_the_data_changes(tmp_path: Path) -> None:
    project = copy_game("shards", tmp_path)
    game_file = project / "decks" / "shards" / "game.yaml"
    before = api.rules(project, "shards").rulebook.markdown
    assert "at most 52 cards" in before and "opening hand of five cards" in before
    text = game_file.read_text(encoding="utf-8")
    changed = text.replace("    max: 52\n", "    max: 47\n").replace("  hand: 5\n", "  hand: 6\n")
    changed = changed.replace("players: {min: 2, max: 4}", "players: {min: 3, max: 6}")
    assert changed.count("47") == 1 and "hand: 6" in changed
    game_file.write_text(changed, encoding="utf-8")
    after = api.rules(project, "shards").rulebook.markdown
    assert "A Shard Deck has at most 47 cards" in after  # {deck.max}
    assert "**deck-size**: at most 47 cards in a deck" in after  # the deck-rules section
    assert "opening hand of six cards" in after  # {setup.hand|words}
    assert after.count("| 6 | 6 |") == 1 and "| 2 | 5 |" not in after  # the setup table
    assert "Three to six players each bring" in after  # {players|Words}
    ours = after[: after.index("## Words of the game")]  # the glossary's text is the data's own
    assert "52" not in ours and "five cards" not in ours


def test_number_words_in_english_and_in_french(tmp_path: Path) -> None:
    english = _resolve_text(
        tmp_path / "en", "shards", "{setup.hand|words} {setup.hand|Words} {players|words}\n"
    )
    assert english == "five Five two to four\n"
    french = _resolve_text(
        tmp_path / "fr",
        "blublers",
        "{setup.deal players=2|words} {setup.deal players=4|Words} {players|words}"
        " {type.special.count|words} {type.classic.count|words}\n",
    )
    assert french == "vingt Dix deux à huit quatorze quarante-huit\n"


def test_braces_escaped_and_code_left_as_written(tmp_path: Path) -> None:
    text = (
        "Write {{deck.max}} for {deck.max}; `{deck.max}` and ``a `{x}` b`` stay.\n"
        "```yaml\nhand: {setup.hand}\n```\n"
        "~~~\n{not a reference}\n~~~\n"
        "}} alone, {{ alone.\n"
        "<!-- a note\n  over {lines} -->\n<!-- cardgen: ignore TX102 -->\n"
        "Text <!-- inline --> kept.\n"
    )
    expected = (
        "Write {deck.max} for 52; `{deck.max}` and ``a `{x}` b`` stay.\n"
        "```yaml\nhand: {setup.hand}\n```\n"
        "~~~\n{not a reference}\n~~~\n"
        "} alone, { alone.\n"
        "Text <!-- inline --> kept.\n"
    )
    assert _resolve_text(tmp_path, "shards", text) == expected


def test_the_pdfs_and_the_page_change_with_the_data(tmp_path: Path) -> None:
    """The files `cardgen rules` writes, read back: the HTML page, the A4 PDF and the A4
    booklet all state the new deck size and hand once game.yaml changes."""
    import pdfplumber

    project = copy_game("shards", tmp_path)
    game_file = project / "decks" / "shards" / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    changed = text.replace("    max: 52\n", "    max: 47\n").replace("  hand: 5\n", "  hand: 6\n")
    game_file.write_text(changed, encoding="utf-8")
    made = api.rules(project, "shards")
    folder = made.html.parent
    html = made.html.read_text(encoding="utf-8")
    assert "at most 47 cards" in html and "opening hand of six cards" in html
    for name in ("rulebook-a4.pdf", "rulebook-booklet-a4.pdf"):
        with pdfplumber.open(folder / name) as pdf:
            words = " ".join((page.extract_text() or "") for page in pdf.pages)
        words = re.sub(r"-\s*\n\s*|\s+", lambda m: "" if "-" in m.group() else " ", words)
        assert "at most 47 cards" in words and "hand of six cards" in words, name
        assert "at most 52 cards" not in words and "hand of five" not in words, name
