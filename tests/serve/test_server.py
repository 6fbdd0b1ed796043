"""The server of `cardgen serve`, in this process on a free port: hostile paths are 404s
(never a 500, never a file outside the output folder), every response says nosniff and
carries a policy, a write from another origin is refused, the change feed streams builds."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.serve.api import Site, output_file, routes
from cardgen.serve.feed import BuildState, Feed, Problem
from cardgen.serve.server import LiveServer, Request, Response
from tests.serve.test_paths import HOSTILE, PIECES

PAGE = (
    '<!DOCTYPE html>\n<html><head>\n<meta http-equiv="Content-Security-Policy" content="x">\n'
    '</head><body><div id="grid"><img src="cards/a.png" alt="A"></div>\n'
    "<script>\nvar x = 1;\n</script>\n</body></html>\n"
)


class Served:
    """A server on a free port over a small output folder; raw requests to it."""

    def __init__(self, root: Path) -> None:
        self.secret = root / "secret.txt"
        self.secret.write_text("secret", encoding="utf-8")
        self.out = root / "output" / "game"
        (self.out / "cards").mkdir(parents=True)
        (self.out / "cards" / "a.png").write_bytes(b"png")
        (self.out / "game-a4.pdf").write_bytes(b"%PDF")
        (self.out / "index.html").write_text(PAGE, encoding="utf-8")
        (self.out / "cards" / "leak.png").symlink_to(self.secret)
        self.feed = Feed()
        self.feed.publish(BuildState(ok=True, status="built", images={"cards/a.png": "abc"}))
        site = Site("game", self.out, self.feed)
        self.routes = routes(site)
        self.written: list[bytes] = []

        def echo(request: Request) -> Response:
            self.written.append(request.body)
            return Response.json({"got": len(request.body)})

        self.routes.add("POST", "/api/echo", echo, writes=True)
        self.server = LiveServer(
            ("127.0.0.1", 0), self.routes, lambda r: output_file(site, r), print
        )
        self.host = f"127.0.0.1:{self.server.port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def raw(self, request: bytes) -> tuple[int, dict[str, str], bytes]:
        """Send the bytes of a request; the status, headers and body of the answer."""
        with socket.create_connection(("127.0.0.1", self.server.port), timeout=5) as conn:
            conn.sendall(request)
            data = b""
            while chunk := conn.recv(65536):
                data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
        return int(lines[0].split()[1]), {k.lower(): v for k, v in headers.items()}, body

    def get(
        self, path: bytes, *, host: str | None = None, extra: bytes = b""
    ) -> tuple[int, dict[str, str], bytes]:
        """A GET of the raw path `path`."""
        named = (host or self.host).encode()
        return self.raw(
            b"GET "
            + path
            + b" HTTP/1.1\r\nHost: "
            + named
            + b"\r\nConnection: close\r\n"
            + extra
            + b"\r\n"
        )

    def post(self, path: bytes, body: bytes, origin: str | None) -> int:
        """A POST of `body` from `origin` (None: no Origin header)."""
        extra = b"" if origin is None else b"Origin: " + origin.encode() + b"\r\n"
        request = (
            b"POST " + path + b" HTTP/1.1\r\nHost: " + self.host.encode() + b"\r\n"
            b"Connection: close\r\nContent-Length: "
            + str(len(body)).encode()
            + b"\r\n"
            + extra
            + b"\r\n"
            + body
        )
        return self.raw(request)[0]


@contextlib.contextmanager
def serving(root: Path) -> Iterator[Served]:
    """A `Served` over `root`, stopped after."""
    served = Served(root)
    try:
        yield served
    finally:
        served.feed.close()
        served.server.shutdown()
        served.server.server_close()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serving(tmp_path_factory.mktemp("served")) as served:
        yield served


def test_a_card_image_is_served_with_its_type_and_safe_headers(served: Served) -> None:
    status, headers, body = served.get(b"/cards/a.png?v=abc")
    assert (status, body, headers["content-type"]) == (200, b"png", "image/png")
    assert headers["x-content-type-options"] == "nosniff"
    assert "default-src 'none'" in headers["content-security-policy"]
    assert served.get(b"/cards/a.png", host="evil.example:80")[0] == 403
    status, headers, body = served.get(b"/game-a4.pdf")
    assert (status, body, headers["content-type"]) == (200, b"%PDF", "application/pdf")
    assert "content-security-policy" not in headers  # a sandboxed PDF is not shown
    assert headers["x-content-type-options"] == "nosniff"
    status, headers, body = served.raw(
        f"HEAD /cards/a.png HTTP/1.1\r\nHost: {served.host}\r\nConnection: close\r\n\r\n".encode()
    )
    assert (status, headers["content-length"], body) == (200, "3", b"")


def test_the_page_is_the_gallery_with_the_live_script_and_a_strict_policy(served: Served) -> None:
    status, headers, body = served.get(b"/")
    page = body.decode()
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert 'src="cards/a.png?v=abc"' in page and '<script src="/_live/live.js">' in page
    assert 'http-equiv="Content-Security-Policy"' not in page
    policy = headers["content-security-policy"]
    assert (
        "script-src 'self' 'sha256-" in policy
        and "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]
    )
    assert "connect-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert (served.out / "index.html").read_text(encoding="utf-8") == PAGE  # the file as built
    status, headers, script = served.get(b"/_live/live.js")
    assert status == 200 and headers["content-type"].startswith("text/javascript")
    assert b"EventSource" in script


@pytest.mark.parametrize("raw", [h for h in HOSTILE if h.startswith("/")] + ["/cards/leak.png"])
def test_a_hostile_path_is_a_404(served: Served, raw: str) -> None:
    status, _, body = served.get(raw.encode("latin-1", "replace"))
    assert status in (400, 404), raw
    assert b"secret" not in body


def test_a_request_that_does_not_read_is_answered_without_its_line(served: Served) -> None:
    status, headers, body = served.get("/secret.txtÅ0".encode())  # \x85 splits the line
    assert status == 400 and body == b"bad request\n"
    assert headers["x-content-type-options"] == "nosniff" and "content-security-policy" in headers


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(PIECES, st.text(max_size=4)), max_size=10))
def test_no_path_gets_a_500_or_a_file_outside(served: Served, pieces: list[str]) -> None:
    raw = ("/" + "".join(pieces)).encode("utf-8", "surrogatepass")
    raw = raw.replace(b" ", b"%20").replace(b"\r", b"").replace(b"\n", b"")
    status, _, body = served.get(raw)
    assert status in (200, 400, 404, 414), raw
    assert (
        status != 200
        or body in (b"png", b"%PDF")
        or body.startswith(b"<!DOCTYPE html>")
        or raw.startswith(b"/_live/")
        or raw.startswith(b"/api/")
    )
    assert b"secret" not in body


def test_only_a_write_from_the_servers_own_page_is_taken(served: Served) -> None:
    before = len(served.written)
    assert served.post(b"/api/echo", b"{}", "http://evil.example") == 403
    assert served.post(b"/api/echo", b"{}", None) == 403
    assert served.post(b"/api/echo", b"{}", "null") == 403
    assert len(served.written) == before  # refused before the route ran
    assert served.post(b"/api/echo", b"{}", f"http://{served.host}") == 200
    assert served.written[-1] == b"{}"
    assert served.post(b"/cards/a.png", b"x", f"http://{served.host}") == 405
    assert served.post(b"/cards/a.png", b"x", "http://evil.example") == 403
    too_big = (
        f"POST /api/echo HTTP/1.1\r\nHost: {served.host}\r\nOrigin: http://{served.host}\r\n"
        "Content-Length: 2000000\r\n\r\n"
    )
    assert served.raw(too_big.encode())[0] == 413  # refused unread, the connection closed


def test_the_state_and_the_change_feed(served: Served) -> None:
    status, _, body = served.get(b"/api/state")
    state = json.loads(body)
    assert status == 200 and state["ok"] and state["game"] == "game"
    assert state["images"] == [{"hash": "abc", "path": "cards/a.png", "url": "/cards/a.png?v=abc"}]
    since = state["generation"]
    with socket.create_connection(("127.0.0.1", served.server.port), timeout=5) as conn:
        conn.sendall(
            f"GET /api/events?since={since} HTTP/1.1\r\nHost: {served.host}\r\n\r\n".encode()
        )
        head = conn.recv(4096)
        assert b"text/event-stream" in head
        problem = Problem("decks/game/game.yaml", 3, "bad")
        served.feed.publish(BuildState(ok=False, status="error", problems=(problem,)))
        data = b""
        while b"event: build" not in data or not data.endswith(b"\n\n"):
            data += conn.recv(4096)
    message = data.split(b"event: build\ndata: ", 1)[1].split(b"\n", 1)[0]
    event = json.loads(message)
    assert event["generation"] == since + 1 and event["ok"] is False
    assert event["problems"] == [
        {
            "file": "decks/game/game.yaml",
            "line": 3,
            "col": None,
            "where": "decks/game/game.yaml:3",
            "message": "bad",
        }
    ]
