"""`GET /table` as `cardgen serve` answers it (`cardgen.serve.table`), without a server: the
setup the address asks for, its refusals in one line, and a policy that lets exactly the
page's own script run."""

from __future__ import annotations

import base64
import hashlib
import json
import re

import pytest

from cardgen.errors import CardgenError
from cardgen.project import Project
from cardgen.serve.server import Request
from cardgen.serve.table import table_page
from tests.conftest import ROOT


def _page(game: str, **query: list[str]) -> tuple[str, str]:
    return table_page(Project(ROOT), game, Request("GET", "/table", dict(query), {}))


def _setups(html: str) -> list[dict[str, object]]:
    found = re.search(r'<script type="application/json" id="table-setups">(.*?)</script>', html)
    assert found is not None
    data: list[dict[str, object]] = json.loads(found[1])
    return data


def test_the_address_sets_the_table_up() -> None:
    html, policy = _page("shards", players=["3"], deck=["ember-aggro", "starter-tide.txt"])
    (setup,) = _setups(html)
    # the decks given take the first seats, the game's own starters the rest in turn
    assert setup["setup"] == "3 players, ember-aggro, starter-tide, starter-ember"
    assert [seat["deck"] for seat in setup["seats"]] == [  # type: ignore[attr-defined]
        "ember-aggro",
        "starter-tide",
        "starter-ember",
    ]
    # the page's one script is allowed by its hash, and nothing else
    script = re.findall(r"<script>(.*?)</script>", html, re.DOTALL)
    assert len(script) == 1
    digest = base64.b64encode(hashlib.sha256(script[0].encode()).digest()).decode()
    assert f"'sha256-{digest}'" in policy
    assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
    assert 'http-equiv="Content-Security-Policy"' not in html  # the header carries it


def test_the_default_is_the_fewest_players() -> None:
    (setup,) = _setups(_page("blublers")[0])
    assert setup["players"] == 2


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"players": ["9"]}, "--players 9: Blubler's is played by 2 to 8 players"),
        ({"players": ["two"]}, "players=two: a number of players, such as 2"),
        ({"deck": ["ember-agro"]}, "did you mean 'ember-aggro'?"),
    ],
)
def test_a_refused_setup_says_why(query: dict[str, list[str]], message: str) -> None:
    game = "shards" if "deck" in query else "blublers"
    with pytest.raises(CardgenError) as refused:
        _page(game, **query)
    assert message in refused.value.format_message()
