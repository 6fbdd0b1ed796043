"""TTS GUIDs and deck keys: stable from one export (and one version) to the next, apart
for two games, in range, and unique in a file however often the hash collides."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardgen.tts.ids import Ids, content_hash


def test_guids_and_keys_are_the_stable_hashes_every_earlier_export_holds() -> None:
    # a table's scripts find objects by GUID: these must not change from one version to
    # the next without a reason (same values as `cardgen tts` has always written)
    ids = Ids("tiny")
    assert [ids.guid("a"), ids.guid("b")] == ["65649d", "5c4e03"]
    assert [ids.key("a"), ids.key("b")] == [80586, 68328]
    other = Ids("other")  # another game's objects can share the table
    assert (other.guid("a"), other.key("a")) == ("cef3ac", 19365)


def test_a_sheets_content_hash_is_the_same_from_one_version_to_the_next() -> None:
    # the identity a sheet's deck key is made from: the same images give the same key in
    # every version of cardgen, so a saved table keeps its decks (issue 18)
    image = "0" * 64  # the sha256 of a card image
    assert content_hash("sheet content", [image], [36], [10, 7], "jpeg", 90) == "61dd1fa706b9fbce"
    assert content_hash("sheet content", [image], [36], [10, 7], "png", 90) != "61dd1fa706b9fbce"


def test_the_same_identity_asked_again_gets_a_new_guid_and_key() -> None:
    ids = Ids("tiny")
    guids = [ids.guid("a") for _ in range(3)]
    keys = [ids.key("a") for _ in range(3)]
    assert guids[0] == "65649d" and len(set(guids)) == 3
    assert keys[0] == 80586 and len(set(keys)) == 3


def colliding(front: bool, start: int = 0) -> Callable[[Ids, str, int], str]:
    """A digest that is only the attempt number (plus `start`), whatever the identity, in
    its first 6 hex digits (`front`, what a GUID takes) or as the whole number (a key's):
    every identity collides with every other, so each takes the next attempt free."""

    def digest(self: Ids, identity: str, attempt: int) -> str:
        number = start + attempt
        return f"{number:06x}{'0' * 58}" if front else f"{number:064x}"

    return digest


def test_colliding_guids_take_the_next_free_attempt(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Ids, "_digest", colliding(front=True))
    ids = Ids("tiny")
    assert [ids.guid(name) for name in "abcd"] == ["000000", "000001", "000002", "000003"]


def test_colliding_keys_take_the_next_free_attempt(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Ids, "_digest", colliding(front=False))
    ids = Ids("tiny")
    assert [ids.key(name) for name in "abc"] == [10000, 10001, 10002]


def test_keys_stay_within_10000_to_99999(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Ids, "_digest", colliding(front=False, start=89_998))
    ids = Ids("tiny")  # 89998 + 10000 = 99998, then 99999, then round to 10000
    assert [ids.key(name) for name in "abc"] == [99998, 99999, 10000]
