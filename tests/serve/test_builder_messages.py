"""The deck builder's API says what `cardgen validate` says, and what a save would do: each
violation as validate's line (the deck list's line and column, the rule's section), the
file a deck is saved and downloaded as (the slug Save uses, whatever the name), and
whether that file is there already, before any save is tried."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import ROOT
from tests.serve.test_builder_api import SHARDS_DECKS, Api, _cli, shards, tiny  # noqa: F401

SECTION = "[How to build a Shard Deck]"
"""The section of the Shards rulebook its deck rules cite (decks/shards/game.yaml)."""


def test_each_violation_is_validates_line_with_its_place_and_section(
    shards: Api,  # noqa: F811  (the fixture)
) -> None:
    cited = 0
    for path in SHARDS_DECKS:
        shown = f"decks/shards/decks/{path.name}"
        _, out, _ = _cli(ROOT, "validate", shown)
        printed = [line[2:] for line in out.splitlines() if line.startswith("  ")]
        status, answer = shards.call(
            "POST", "/api/validate", {"name": path.stem, "text": path.read_text(encoding="utf-8")}
        )
        assert status == 200, answer
        assert answer["violation_lines"] == printed, path.name
        for line, violation in zip(printed, answer["deck"]["violations"], strict=True):
            where = shown + (
                f":{violation['line']}:{violation['col']}" if violation["line"] else ""
            )
            assert line.startswith(f"{where}: {violation['code']} {violation['rule']}: "), line
            if violation["cite"]:
                assert line.endswith(SECTION), line
                cited += 1
    assert cited >= 5  # the illegal example decks' rules cite their section


def test_the_file_a_deck_is_saved_as_is_known_before_and_taken_after(
    tiny: Api,  # noqa: F811  (the fixture)
) -> None:
    folder = tiny.root / "decks" / "tiny" / "decks"
    name = "Señor Búho's Deck: ¡Fiesta!"
    text = "# game: tiny\n1 Aria\n3 Fireball\n"
    status, before = tiny.call("POST", "/api/validate", {"name": name, "text": text})
    assert status == 200, before
    assert before["exists"] is False
    status, saved = tiny.call("POST", "/api/decks", {"name": name, "text": text})
    assert status == 201, saved
    made = [p.name for p in folder.iterdir()]
    try:
        assert made == [before["file"]] == [Path(saved["saved"]).name]
        assert before["path"] == saved["saved"] == f"decks/tiny/decks/{before['file']}"
        _, after = tiny.call("POST", "/api/validate", {"name": name, "text": text})
        assert after["exists"] is True and after["file"] == before["file"]
        _, unread = tiny.call(
            "POST", "/api/validate", {"name": name, "text": "# game: tiny\n0x Aria\n"}
        )
        assert unread["deck"] is None and unread["file"] == before["file"]
        assert unread["exists"] is True and unread["violation_lines"] == []
    finally:
        for made_file in folder.iterdir():
            made_file.unlink()
