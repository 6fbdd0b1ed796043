"""Each generated section holds what the data says, read here from game.yaml and the pool
apart from cardgen: the box and components, the setup for each player count, the deck
rules as the validator words its bounds, the card types with an example card, the
glossary."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen import api
from tests.rulebook.books import GAMES, copy_game, game_yaml, pool, resolved, section

HEADINGS = {
    "en": ("In the box", "Setting up", "Card types", "Words of the game"),
    "fr": ("Le matériel", "La mise en place", "Les cartes", "Le vocabulaire"),
}


def _language(game: str) -> str:
    language: str = game_yaml(game).get("language", "en")
    return language


def _rows(text: str) -> list[list[str]]:
    """A Markdown table's body rows, cell by cell (its header and rule left out)."""
    lines = [line for line in text.splitlines() if line.startswith("|")]
    return [[c.strip() for c in line.strip("|").split("|")] for line in lines[2:]]


@pytest.mark.parametrize("game", GAMES)
def test_the_components_section_is_the_box_and_its_components(game: str) -> None:
    data = game_yaml(game)
    box_words = HEADINGS[_language(game)][0]
    text = section(resolved(game).markdown, box_words)
    items = [line[2:] for line in text.splitlines() if line.startswith("- ")]
    lines = data["box"]["contents"]
    assert items[: len(lines)] == [f"{item['count']} {item['label']}" for item in lines]
    components = data.get("components", [])
    assert len(items) == len(lines) + len(components)
    for item, component in zip(items[len(lines) :], components, strict=True):
        assert item.startswith(f"{component.get('count', 1)} × {component['label']}")
    total = data["box"]["total"]
    assert total == sum(row["copies"] for row in pool(game))  # the manifest is the pool
    in_all = {"en": f"{total} cards in all.", "fr": f"{total} cartes en tout."}
    assert in_all[_language(game)] in text


@pytest.mark.parametrize("game", GAMES)
def test_the_setup_section_has_a_row_for_each_player_count(game: str) -> None:
    data = game_yaml(game)
    setup = data["setup"]
    text = section(resolved(game).markdown, HEADINGS[_language(game)][1])
    rows = _rows(text)
    low, high = data["players"]["min"], data["players"]["max"]
    assert [int(row[0]) for row in rows] == list(range(low, high + 1))
    for row in rows:
        players = int(row[0])
        expected = [str(players)]
        if "hand" in setup:
            expected.append(str(setup["hand"]))
        deal = [r for r in setup.get("deal", []) if r["players_min"] <= players <= r["players_max"]]
        if deal:
            expected.append(str(deal[0]["cards_each"]))
            if any(r.get("boxes", 1) > 1 for r in setup["deal"]):
                expected.append(str(deal[0].get("boxes", 1)))
        assert row == expected
    piles = [line for line in text.splitlines() if line.startswith("- **")]
    assert [re.match(r"- \*\*(.+?)\*\*", p).group(1) for p in piles] == [  # type: ignore[union-attr]
        pile["label"] for pile in setup["piles"]
    ]
    for line, pile in zip(piles, setup["piles"], strict=True):
        if pile.get("count") is not None:
            assert f", {pile['count']} " in line


def test_the_blublers_setup_is_in_french_with_the_second_box() -> None:
    text = section(resolved("blublers").markdown, "La mise en place")
    assert "| Joueurs | Cartes par joueur | Boîtes de jeu |" in text
    assert "- **Pioche Special face cachée**: commune, face cachée, 7 cartes" in text


def test_the_deck_rules_section_words_each_rule_as_the_validator_does() -> None:
    data = game_yaml("shards")
    text = section(resolved("shards").markdown, "Building a Shard Deck")
    items = {m.group(1): m.group(2) for m in re.finditer(r"^- \*\*(.+?)\*\*: (.+)$", text, re.M)}
    assert list(items) == [rule["id"] for rule in data["deck_rules"]]
    words = {"max": "at most", "min": "at least", "exact": "exactly"}
    for rule in data["deck_rules"]:
        (bound,) = [key for key in words if key in rule]
        phrase = f"{words[bound]} {rule[bound]}"
        if rule["kind"] == "deck_size":
            assert items[rule["id"]] == f"{phrase} cards in a deck"
        elif rule["kind"] == "count":
            assert items[rule["id"]] == f"{rule['label']}: {phrase}"
        else:
            assert items[rule["id"]] == f"{rule['label']}: {phrase} per {rule['group_by']}"


def test_a_warning_rule_is_advice_and_a_game_without_rules_says_so() -> None:
    text = section(resolved("splatterkins").markdown, "Building a deck")
    rules = game_yaml("splatterkins")["deck_rules"]
    rule = next(r for r in rules if r.get("severity") == "warning")
    advice = "(advice: a deck that breaks it is still legal)"
    assert f"- **{rule['id']}**: {rule['message']} {advice}" in text
    assert "no deck building" not in text.lower()
    # Splatoon builds no decks (its rulebook does not ask for the section): the section alone
    from cardgen.rulebook.sections import deck_rules
    from cardgen.rulebook.words import rulebook_words
    from tests.conftest import ROOT

    pack = api.load_game(ROOT, "splatoon")
    said = deck_rules(pack, rulebook_words("en"), 3)
    assert said == "No deck building: the game is played with the cards of the box.\n"


@pytest.mark.parametrize("game", GAMES)
def test_the_card_types_section_has_each_type_and_its_first_card(game: str) -> None:
    data = game_yaml(game)
    book = resolved(game)
    text = section(book.markdown, HEADINGS[_language(game)][2])
    headings = re.findall(r"^### (.+)$", text, re.M)
    assert headings == [t["label"] for t in data["types"].values()]
    cards = pool(game)
    for type_id, spec in data["types"].items():
        first = next(row for row in cards if row["type"] == type_id)
        count = sum(row["copies"] for row in cards if row["type"] == type_id)
        part = text[text.index(f"### {spec['label']}\n") :]
        part = part[: part.find("\n### ", 1)] if "\n### " in part[1:] else part
        assert re.search(rf"!\[[^\]]*{re.escape(first['name'])}\]\(cards/{type_id}\.png\)", part)
        assert f"{count} " in part
        for name, field in spec.get("fields", {}).items():
            label = field.get("label") or name.replace("_", " ").capitalize()
            assert f"- **{label}**" in part
            if field["type"] == "int" and "min" in field and "max" in field:
                low_high = {"en": "{} to {}", "fr": "{} à {}"}[_language(game)]
                assert low_high.format(field["min"], field["max"]) in part
    assert [c.type for c in book.cards] == list(data["types"])


@pytest.mark.parametrize("game", GAMES)
def test_the_glossary_section_is_every_defined_term(game: str) -> None:
    entries = [e for e in game_yaml(game)["glossary"]["entries"] if e.get("definition")]
    text = section(resolved(game).markdown, HEADINGS[_language(game)][3])
    rows = _rows(text)
    unescaped = [[re.sub(r"\\(.)", r"\1", cell) for cell in row] for row in rows]
    assert unescaped == [[e["term"], " ".join(e["definition"].split())] for e in entries]


def test_deck_rules_in_french_with_both_bounds(tmp_path: Path) -> None:
    project = copy_game("blublers", tmp_path)
    folder = project / "decks" / "blublers"
    rules = (
        "\ndeck_rules:\n"
        "  - {id: taille, kind: deck_size, min: 10, max: 20, message: De 10 à 20 cartes.}\n"
        "  - {id: par-couleur, kind: count_per_group, where: {type: classic},"
        " group_by: color, max: 3, message: Trois par couleur.}\n"
    )
    with (folder / "game.yaml").open("a", encoding="utf-8") as game_file:
        game_file.write(rules)
    (folder / "rulebook.md").write_text("# Règle\n\n<!-- cardgen: deck-rules -->\n", "utf-8")
    text = api.rules(project, "blublers").rulebook.markdown
    assert "- **taille** : entre 10 et 20 cartes dans un paquet\n" in text
    assert "- **par-couleur** : cartes choisies : au plus 3 par color\n" in text
