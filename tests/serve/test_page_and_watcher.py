"""The served copy of the gallery (its policy allows exactly its inline script, its images
carry their versions, the file on disk is not touched), the files whose saves count, and
the command's refusals (an unknown game, a port in use: one line, exit 2)."""

from __future__ import annotations

import base64
import hashlib
import os
import re
import socket
import time
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner

from cardgen.cli import main
from cardgen.project import Project
from cardgen.serve.page import live_page, placeholder
from cardgen.serve.watcher import QUIET_MS, Saves, counts, watched_roots

GALLERY = (
    '<html><head>\n<meta http-equiv="Content-Security-Policy" content="default-src x">\n'
    "</head><body>"
    '<img src="cards/a.png" alt="a"><img src="backs/b.png" alt="b"><img src="art/c.png" alt="c">'
    "<script>\nvar gallery = 1;\n</script>\n</body></html>\n"
)


def test_the_served_page_allows_its_own_script_and_versions_its_images() -> None:
    page, policy = live_page(GALLERY, {"cards/a.png": "aa11", "backs/b.png": "bb22"}, 7)
    assert 'src="cards/a.png?v=aa11"' in page and 'src="backs/b.png?v=bb22"' in page
    assert 'src="art/c.png"' in page  # not a card image: left as it is
    assert "Content-Security-Policy" not in page
    assert '<meta name="cardgen-generation" content="7">' in page
    assert page.index('<script src="/_live/live.js">') > page.index("var gallery")
    script = re.search(r"<script>(.*?)</script>", page, re.DOTALL)
    assert script is not None
    digest = base64.b64encode(hashlib.sha256(script[1].encode()).digest()).decode()
    assert f"script-src 'self' 'sha256-{digest}';" in policy
    assert "unsafe-inline'; script" not in policy.replace("style-src 'self' 'unsafe-inline';", "")
    waiting, policy = placeholder("<tiny>", 0)
    assert "&lt;tiny&gt;" in waiting and "/_live/live.js" in waiting
    assert "sha256" not in policy


def test_saves_that_count(tmp_path: Path) -> None:
    (tmp_path / "decks" / "tiny").mkdir(parents=True)
    (tmp_path / "layouts" / "other").mkdir(parents=True)
    roots, wanted = watched_roots(Project(tmp_path), "tiny")
    root = tmp_path.resolve()
    assert roots == [root / "decks" / "tiny", root / "layouts"]  # layouts/tiny/ not yet there
    assert counts(root / "decks" / "tiny" / "cards.csv", wanted)
    assert counts(root / "layouts" / "tiny" / "hero.yaml", wanted)
    assert counts(root / "decks" / "tiny" / "art" / "aria.png", wanted)
    for ignored in (
        "decks/tiny/.cards.csv.swp",
        "decks/tiny/cards.csv~",
        "decks/tiny/.git/index",
        "decks/tiny/.cards.csv.cardgen-12-0a1b2c3d.tmp",
        "decks/tiny/4913",
        "decks/other/cards.csv",
        "layouts/other/hero.yaml",
        "output/tiny/cards/aria.png",
    ):
        assert not counts(root / ignored, wanted), ignored
    assert (
        watched_roots(Project(tmp_path / "decks" / ".."), "tiny")[0][0] == root / "decks" / "tiny"
    )


def test_an_unknown_game_or_a_busy_port_is_one_line(make_project: Callable[..., Path]) -> None:
    root = make_project()
    runner = CliRunner()
    result = runner.invoke(main, ["serve", "tinny", "--no-open", "--project", str(root)])
    assert (
        result.exit_code == 2
        and "did you mean" in result.output
        and "Traceback" not in result.output
    )
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = runner.invoke(
            main, ["serve", "tiny", "--no-open", "--port", str(port), "--project", str(root)]
        )
    assert result.exit_code == 2, result.output
    assert f"cannot listen on 127.0.0.1:{port}" in result.output
    assert not (root / "output" / "tiny").exists()  # refused before any build
    with socket.socket() as busy:
        busy.bind(("0.0.0.0", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = runner.invoke(
            main,
            [
                "serve",
                "tiny",
                "--no-open",
                "--host",
                "0.0.0.0",
                "--port",
                str(port),
                "--project",
                str(root),
            ],
        )
    assert result.exit_code == 2, result.output
    assert "warning: listening on 0.0.0.0: others on the network can reach the page" in (
        result.output
    )


def test_an_atomic_save_is_one_group_and_a_slow_writer_is_seen_to_its_end(
    make_project: Callable[..., Path],
) -> None:
    root = make_project()
    pool = root / "decks" / "tiny" / "cards.csv"
    saves = Saves(Project(root), "tiny")
    saves.start()
    try:
        temporary = pool.with_name(".cards.csv.editor")
        temporary.write_text(pool.read_text(encoding="utf-8") + "\n", encoding="utf-8")
        os.replace(temporary, pool)  # an editor's save: one rename onto the pool
        first = saves.next()
        assert first is not None and [line[2:] for line in first] == ["decks/tiny/cards.csv"]
        with pool.open("a", encoding="utf-8") as stream:  # a writer that stops part-way
            stream.write("\n")
            stream.flush()
            time.sleep(3 * QUIET_MS / 1000)
            stream.write("\n")
        time.sleep(3 * QUIET_MS / 1000)  # both halves handed over by now: one group or two
        after = saves.next()  # every save made until now, as one group: none is lost
        assert after is not None and [line[2:] for line in after] == ["decks/tiny/cards.csv"]
    finally:
        saves.stop()
