"""The close-up's and the deck builder's API, on servers in this process: a deck is judged
with `cardgen validate`'s rules and messages (the example decks of shards, some illegal on
purpose) and reported as `cardgen report` reports it; a card's close-up gives its fields,
its row and its layout's geometry; saves land only in the game's deck folder, never over a
file without `overwrite`, never from another origin; hostile names and bodies never make a
500 or a file anywhere else."""

from __future__ import annotations

import http.client
import json
import os
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.cli import main
from cardgen.project import Project
from cardgen.serve.api import Site, output_file, routes
from cardgen.serve.feed import BuildState, Feed
from cardgen.serve.server import LiveServer
from cardgen.write import slug
from tests.conftest import ROOT, TINY_CARDS, TINY_GAME

GAME = TINY_GAME + (
    "  - {id: three-copies, kind: copies, max: 3, exempt: {type: hero},"
    " message: At most 3 of a spell.}\n"
)
NOTES = (
    '<article class="card" id="card-aria"><div class="meta"><ul class="findings">'
    '<li class="warning"><code>RN001</code>text overflows &amp; is cut</li></ul></div>'
    "</article>\n"
)


class Api:
    """A server over one game of a project, on a free port; JSON requests to it."""

    def __init__(self, root: Path, game: str) -> None:
        self.root = root
        self.out = root / "output" / game
        self.out.mkdir(parents=True, exist_ok=True)
        self.feed = Feed()
        self.feed.publish(BuildState(ok=True, status="built", images={"cards/aria.png": "f00d"}))
        site = Site(game, self.out, self.feed, Project(root))
        self.server = LiveServer(
            ("127.0.0.1", 0), routes(site), lambda r: output_file(site, r), print
        )
        self.host = f"127.0.0.1:{self.server.port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def call(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        origin: str | None = "",
        raw: bytes | None = None,
    ) -> tuple[int, Any]:
        """The status and JSON (or text) answer of a request; `origin` "" is the server's own."""
        headers = {"Host": self.host, "Content-Type": "application/json"}
        if origin is not None:
            headers["Origin"] = origin or f"http://{self.host}"
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=60)
        try:
            conn.request(method, path, body=data, headers=headers)
            answer = conn.getresponse()
            text = answer.read()
        finally:
            conn.close()
        try:
            return answer.status, json.loads(text)
        except ValueError:
            return answer.status, text.decode("utf-8", "replace")

    def close(self) -> None:
        """Stop the server."""
        self.feed.close()
        self.server.shutdown()
        self.server.server_close()


def _tiny(root: Path, game: str) -> None:
    folder = root / "decks" / game
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(
        textwrap.dedent(GAME).replace("id: tiny", f"id: {game}"), encoding="utf-8"
    )
    (folder / "cards.csv").write_text(TINY_CARDS, encoding="utf-8")


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    root = tmp_path_factory.mktemp("builder")
    _tiny(root, "tiny")
    (root / "decks" / "tiny" / "decks").mkdir()
    (root / "secret.txt").write_text("secret", encoding="utf-8")
    api = Api(root, "tiny")
    (api.out / "index.html").write_text(NOTES, encoding="utf-8")
    try:
        yield api
    finally:
        api.close()


@pytest.fixture(scope="module")
def shards(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    api = Api(ROOT, "shards")
    api.out = tmp_path_factory.mktemp("unused")  # nothing is read from the repo's output
    try:
        yield api
    finally:
        api.close()


def _cli(root: Path, *args: str) -> tuple[int, str, str]:
    cwd = os.getcwd()
    os.chdir(root)
    try:
        result = CliRunner().invoke(main, [*args, "--project", str(root)])
    finally:
        os.chdir(cwd)
    return result.exit_code, result.stdout, result.stderr


SHARDS_DECKS = sorted((ROOT / "decks" / "shards" / "decks").glob("*.txt"))


def test_the_example_decks_are_judged_as_cardgen_validate_judges_them(shards: Api) -> None:
    verdicts = []
    for path in SHARDS_DECKS:
        shown = f"decks/shards/decks/{path.name}"
        code, out, _ = _cli(ROOT, "validate", shown, "--format", "json")
        expected = json.loads(out)["decks"][0]
        status, answer = shards.call(
            "POST", "/api/validate", {"name": path.stem, "text": path.read_text(encoding="utf-8")}
        )
        assert status == 200, answer
        assert answer["deck"] == expected, path.name
        assert answer["deck"]["legal"] is (code == 0)
        _, text, _ = _cli(ROOT, "validate", shown)
        assert answer["lines"] == text.rstrip("\n").split("\n")
        verdicts.append(expected["legal"])
    assert True in verdicts and False in verdicts  # legal decks and illegal ones were judged


def test_the_report_is_cardgen_reports_json(shards: Api) -> None:
    path = ROOT / "decks" / "shards" / "decks" / "starter-ember.txt"
    _, out, _ = _cli(ROOT, "report", f"decks/shards/decks/{path.name}", "--format", "json")
    _, answer = shards.call(
        "POST", "/api/validate", {"name": "starter-ember", "text": path.read_text(encoding="utf-8")}
    )
    assert answer["report"] == json.loads(out)
    assert answer["report"]["draws"]["rows"] and answer["report"]["counts"]


def test_a_deck_that_does_not_read_is_shown_as_validate_shows_it(tiny: Api) -> None:
    bad = "# game: tiny\n1 Aria\n0x Fireball\n"
    deck = tiny.root / "decks" / "tiny" / "decks" / "broken.txt"
    deck.write_text(bad, encoding="utf-8")
    try:
        code, _, err = _cli(tiny.root, "validate", "decks/tiny/decks/broken.txt")
        _, answer = tiny.call("POST", "/api/validate", {"name": "broken", "text": bad})
        _, opened = tiny.call("GET", "/api/deck?name=broken")
    finally:
        deck.unlink()
    assert code == 2
    assert answer["deck"] is None
    assert [f"error: {p['text']}" for p in answer["errors"]] == err.rstrip("\n").split("\n")
    assert answer["errors"][0]["file"] == "decks/tiny/decks/broken.txt"
    assert answer["errors"][0]["line"] == 3
    assert opened["errors"] == answer["errors"]


def test_a_card_up_close(tiny: Api) -> None:
    status, card = tiny.call("GET", "/api/card?name=aria")
    assert status == 200, card
    assert card["name"] == "Aria" and card["type"] == "hero"
    assert card["source"] == {"file": "decks/tiny/cards.csv", "line": 2}
    rows = {row["field"]: row["value"] for row in card["fields"]}
    assert rows == {
        "name": "Aria",
        "type": "hero",
        "copies": 1,
        "power": 5,
        "text": "Leads the party.",
    }
    assert [row["label"] for row in card["fields"]][:4] == ["Name", "Type", "Copies", "Power"]
    assert card["trim_in"] == [2.5, 3.5] and card["trim_mm"] == [63.5, 88.9]
    assert card["bleed_in"] == 0.125 and card["safe_in"] == 0.125 and card["dpi"] == 300
    assert card["image_px"] == [825, 1125] and card["image_in"] == [2.75, 3.75]
    assert card["front"] == {
        "path": "cards/aria.png",
        "hash": "f00d",
        "url": "/cards/aria.png?v=f00d",
    }
    assert card["back"] == {"path": "backs/default.png", "hash": None, "url": "/backs/default.png"}
    assert card["warnings"] == [
        {"severity": "warning", "code": "RN001", "message": "text overflows & is cut"}
    ]
    status, missing = tiny.call("GET", "/api/card?name=arai")
    assert status == 404 and missing["error"] == 'no card "arai" in Tiny Game; did you mean "aria"?'


def test_the_pool_gives_each_cards_copy_limit(tiny: Api) -> None:
    _, pool = tiny.call("GET", "/api/pool")
    limits = {card["name"]: card["limit"] for card in pool["cards"]}
    assert limits == {"Aria": None, "Borin": None, "Fireball": 3, "Frost Bolt": 3, "Ice Wall": 3}
    assert [t["id"] for t in pool["types"]] == ["hero", "spell"]
    assert pool["cards"][0]["image"] == "/cards/aria.png?v=f00d"
    assert [c["type_label"] for c in pool["cards"]] == ["Hero", "Hero", "Spell", "Spell", "Spell"]


def test_a_save_never_replaces_a_file_unasked(tiny: Api) -> None:
    folder = tiny.root / "decks" / "tiny" / "decks"
    text = "# game: tiny\n1 Aria\n3 Fireball\n"
    status, saved = tiny.call("POST", "/api/decks", {"name": "Fire Deck", "text": text})
    assert status == 201, saved
    assert saved["saved"] == "decks/tiny/decks/fire-deck.txt"
    assert (folder / "fire-deck.txt").read_text(encoding="utf-8") == text
    again = "# game: tiny\n1 Borin\n3 Frost Bolt\n"
    status, refused = tiny.call("POST", "/api/decks", {"name": "Fire Deck", "text": again})
    assert status == 409 and "exists" in refused["error"]
    assert (folder / "fire-deck.txt").read_text(encoding="utf-8") == text
    status, _ = tiny.call(
        "POST", "/api/decks", {"name": "fire deck", "text": again, "overwrite": True}
    )
    assert status == 201
    assert (folder / "fire-deck.txt").read_text(encoding="utf-8") == again
    _, listed = tiny.call("GET", "/api/decks")
    assert {"name": "fire-deck", "file": "decks/tiny/decks/fire-deck.txt"} in listed["decks"]
    _, opened = tiny.call("GET", "/api/deck?name=fire-deck")
    assert opened["cards"] == [{"name": "Borin", "count": 1}, {"name": "Frost Bolt", "count": 3}]
    assert opened["deck"]["legal"] is True and opened["text"] == again


@pytest.mark.parametrize(
    "origin", [None, "null", "http://evil.example", "https://{host}", "http://localhost:1"]
)
@pytest.mark.parametrize("path", ["/api/validate", "/api/decks"])
def test_a_post_from_another_origin_is_refused(tiny: Api, origin: str | None, path: str) -> None:
    before = sorted((tiny.root / "decks").rglob("*"))
    shown = None if origin is None else origin.format(host=tiny.host)
    body = {"name": "evil", "text": "1 Aria\n3 Fireball\n", "overwrite": True}
    status, _ = tiny.call("POST", path, body, origin=shown)
    assert status == 403
    assert sorted((tiny.root / "decks").rglob("*")) == before


def test_a_deck_folder_that_leads_out_is_refused(tmp_path: Path) -> None:
    _tiny(tmp_path, "linked")
    outside = tmp_path / "outside"
    outside.mkdir()
    (tmp_path / "decks" / "linked" / "decks").symlink_to(outside)
    api = Api(tmp_path, "linked")
    try:
        status, answer = api.call("POST", "/api/decks", {"name": "x", "text": "1 Aria\n"})
        listed, _ = api.call("GET", "/api/decks")
    finally:
        api.close()
    assert status == 403 and "not a folder inside the game" in answer["error"]
    assert listed == 403
    assert list(outside.iterdir()) == []


def test_a_symlinked_deck_file_is_not_replaced(tiny: Api) -> None:
    link = tiny.root / "decks" / "tiny" / "decks" / "leak.txt"
    link.symlink_to(tiny.root / "secret.txt")
    try:
        status, answer = tiny.call(
            "POST", "/api/decks", {"name": "leak", "text": "1 Aria\n", "overwrite": True}
        )
    finally:
        link.unlink()
    assert status == 409 and "not a plain file" in answer["error"]
    assert (tiny.root / "secret.txt").read_text(encoding="utf-8") == "secret"


def _snapshot(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


HOSTILE_NAMES = [
    "..",
    "../x",
    "../../secret",
    "/etc/passwd",
    "a/b",
    "a\\b",
    "%2e%2e",
    "..%2f",
    ".hidden",
    "keep",
    "KEEP",
    "con",
    "nul.txt",
    "x" * 81,
    "x" * 80,
    " ",
    "",
    "a\x00b",
    "a\nb",
    "\ud800",
    "狐",
    "~",
    "decks",
    "./keep",
]
names = st.one_of(st.sampled_from(HOSTILE_NAMES), st.text(max_size=90), st.integers(), st.none())
bodies = st.one_of(
    st.just("1 Aria\n3 Fireball\n"),
    st.text(max_size=200),
    st.sampled_from(["", "3x\n", "# game: other\n1 Aria\n", "1 Aria\x00\n", "99999 Aria\n"]),
    st.integers(),
    st.none(),
)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(name=names, text=bodies, overwrite=st.sampled_from([None, False, True, "true", 1]))
def test_hostile_saves_stay_in_the_deck_folder(
    tiny: Api, name: object, text: object, overwrite: object
) -> None:
    folder = tiny.root / "decks" / "tiny" / "decks"
    keep = folder / "keep.txt"
    keep.write_text("1 Aria\n", encoding="utf-8")
    outside = {
        k: v for k, v in _snapshot(tiny.root).items() if not k.startswith("decks/tiny/decks/")
    }
    status, answer = tiny.call(
        "POST", "/api/decks", {"name": name, "text": text, "overwrite": overwrite}
    )
    assert status in (201, 400, 409, 413), answer
    after = _snapshot(tiny.root)
    assert {k: v for k, v in after.items() if not k.startswith("decks/tiny/decks/")} == outside
    assert all(
        "/" not in k[len("decks/tiny/decks/") :] for k in after if k.startswith("decks/tiny/decks/")
    )
    if status == 201:
        assert isinstance(name, str) and (folder / f"{slug(name.strip())}.txt").is_file()
        assert answer["saved"] == f"decks/tiny/decks/{slug(name.strip())}.txt"
    if not (overwrite is True and status == 201):
        assert keep.read_text(encoding="utf-8") == "1 Aria\n"
    for made in folder.iterdir():
        if made.name != "keep.txt":
            made.unlink()


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(raw=st.one_of(st.binary(max_size=300), st.text(max_size=300).map(str.encode)))
def test_hostile_bodies_are_never_a_500(tiny: Api, raw: bytes) -> None:
    for path in ("/api/validate", "/api/decks"):
        status, _ = tiny.call("POST", path, raw=raw)
        assert status in (200, 201, 400, 409, 413)
    for made in (tiny.root / "decks" / "tiny" / "decks").iterdir():
        made.unlink()


def test_a_deck_larger_than_the_loaders_read_is_refused(tiny: Api) -> None:
    from cardgen.load.decklist import MAX_DECK_BYTES

    text = "1 Aria\n" + "#" * MAX_DECK_BYTES
    status, _ = tiny.call("POST", "/api/decks", {"name": "big", "text": text})
    assert status == 413
    assert not (tiny.root / "decks" / "tiny" / "decks" / "big.txt").exists()
    from cardgen.serve.decks import DeckRefused, check_text

    with pytest.raises(DeckRefused) as refused:
        check_text("#" * (MAX_DECK_BYTES + 1))
    assert refused.value.status == 413


def test_the_served_page_links_the_builder_and_the_closeup(tiny: Api) -> None:
    (tiny.out / "index.html").write_text(
        '<html><head></head><body><header class="top">\n<h1>Tiny</h1></header>'
        + NOTES
        + "</body></html>",
        encoding="utf-8",
    )
    try:
        _, page = tiny.call("GET", "/")
    finally:
        (tiny.out / "index.html").write_text(NOTES, encoding="utf-8")
    assert '<header class="top">\n<a class="live-builder" href="/decks">Deck builder</a>' in page
    assert '<script src="/_live/closeup.js"></script>' in page
    assert '<link rel="stylesheet" href="/_live/closeup.css">' in page
    for asset in ("closeup.js", "closeup.css", "builder.js", "builder.css"):
        status, body = tiny.call("GET", f"/_live/{asset}")
        assert status == 200 and len(body) > 500, asset
    conn = http.client.HTTPConnection("127.0.0.1", tiny.server.port, timeout=60)
    conn.request("GET", "/decks", headers={"Host": tiny.host})
    answer = conn.getresponse()
    html = answer.read().decode("utf-8")
    conn.close()
    policy = answer.getheader("Content-Security-Policy") or ""
    assert answer.status == 200 and "script-src 'self';" in policy
    assert '<meta name="cardgen-game" content="tiny">' in html
    assert '<script src="/_live/builder.js"></script>' in html and "<script>" not in html


POOL = ["Aria", "Borin", "Fireball", "Frost Bolt", "Ice Wall", "Nobody"]


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(counts=st.lists(st.tuples(st.sampled_from(POOL), st.integers(1, 6)), min_size=1, max_size=8))
def test_any_deck_is_judged_as_cardgen_validate_judges_its_file(
    tiny: Api, counts: list[tuple[str, int]]
) -> None:
    text = "# game: tiny\n" + "".join(f"{n} {name}\n" for name, n in counts)
    deck = tiny.root / "decks" / "tiny" / "decks" / "generated.txt"
    deck.write_text(text, encoding="utf-8")
    try:
        code, out, _ = _cli(
            tiny.root, "validate", "decks/tiny/decks/generated.txt", "--format", "json"
        )
    finally:
        deck.unlink()
    _, answer = tiny.call("POST", "/api/validate", {"name": "generated", "text": text})
    assert answer["deck"] == json.loads(out)["decks"][0]
    assert answer["deck"]["legal"] is (code == 0)
    assert answer["report"]["cards"] == sum(n for name, n in counts if name != "Nobody")
