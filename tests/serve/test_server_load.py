"""`cardgen serve` holds under load (issue 32 item 4): 500 requests at once on loopback are
each answered (or refused 503) — none left without an answer; a body that never arrives is
answered 408 after the read timeout and its thread freed; two Content-Length headers, or a
chunked body, are a 400; a JSON body nested 200,000 deep is a 400, never a 500."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardgen.serve import server as server_module
from tests.serve.test_builder_api import Api, _tiny
from tests.serve.test_server import Served, serving

CLIENTS = 500


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    with serving(tmp_path) as served:  # a server of each test's own: some hold its threads
        yield served


def status_of(port: int, request: bytes, timeout: float) -> int | None:
    """The status a raw request is answered with, or None if none came in `timeout` s."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as conn:
            conn.sendall(request)
            data = b""
            while b"\r\n" not in data:
                chunk = conn.recv(4096)
                if not chunk:
                    break
                data += chunk
    except OSError:
        return None
    line = data.split(b"\r\n", 1)[0].split()
    return int(line[1]) if len(line) > 1 and line[1].isdigit() else None


def test_five_hundred_requests_at_once_are_each_answered(served: Served) -> None:
    request = (
        b"GET /cards/a.png HTTP/1.1\r\nHost: " + served.host.encode() + b"\r\n"
        b"Connection: close\r\n\r\n"
    )
    start = threading.Barrier(CLIENTS)
    answers: list[int | None] = [None] * CLIENTS

    def client(i: int) -> None:
        start.wait()
        answers[i] = status_of(served.server.port, request, timeout=30)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    unanswered = [i for i, a in enumerate(answers) if a is None]
    assert unanswered == [], f"{len(unanswered)} of {CLIENTS} got no answer"
    assert set(answers) <= {200, 503}, set(answers)
    assert answers.count(200) > 0


def test_a_body_that_never_arrives_is_answered_408_and_its_thread_freed(
    served: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_module.Handler, "timeout", 0.5)
    request = (
        b"POST /api/echo HTTP/1.1\r\nHost: " + served.host.encode() + b"\r\n"
        b"Origin: http://" + served.host.encode() + b"\r\nContent-Length: 100\r\n\r\nab"
    )
    assert status_of(served.server.port, request, timeout=30) == 408
    assert served.written == []  # the route never saw half a body
    for _ in range(100):  # the thread gives its slot back as it ends
        if served.server.slots._value == server_module.MAX_CONNECTIONS:  # type: ignore[attr-defined]
            break
        threading.Event().wait(0.05)
    assert served.server.slots._value == server_module.MAX_CONNECTIONS  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "headers",
    [b"Content-Length: 2\r\nContent-Length: 2\r\n", b"Transfer-Encoding: chunked\r\n"],
    ids=["two-lengths", "chunked"],
)
def test_a_body_of_uncertain_length_is_a_400(served: Served, headers: bytes) -> None:
    request = (
        b"POST /api/echo HTTP/1.1\r\nHost: " + served.host.encode() + b"\r\n"
        b"Origin: http://" + served.host.encode() + b"\r\n" + headers + b"\r\nab"
    )
    assert status_of(served.server.port, request, timeout=30) == 400
    assert served.written == []


def test_more_connections_than_threads_are_answered_503_at_once(
    served: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each held connection keeps a thread (it sends nothing); the next is told busy."""
    monkeypatch.setattr(server_module.Handler, "timeout", 5.0)
    held = [
        socket.create_connection(("127.0.0.1", served.server.port), timeout=10)
        for _ in range(server_module.MAX_CONNECTIONS)
    ]
    try:
        for _ in range(200):  # every held connection taken by a thread
            if served.server.slots._value == 0:  # type: ignore[attr-defined]
                break
            threading.Event().wait(0.05)
        request = b"GET /cards/a.png HTTP/1.1\r\nHost: " + served.host.encode() + b"\r\n\r\n"
        assert status_of(served.server.port, request, timeout=30) == 503
    finally:
        for conn in held:
            conn.close()


def test_json_nested_200000_deep_is_a_400(tmp_path: Path) -> None:
    _tiny(tmp_path, "tiny")
    api = Api(tmp_path, "tiny")
    try:
        status, answer = api.call("POST", "/api/validate", raw=b"[" * 200_000 + b"]" * 200_000)
        assert status == 400 and answer == {"error": "the request's body is nested too deep"}
        status, answer = api.call("POST", "/api/validate", raw=b"[" * 200_000)
        assert status == 400
    finally:
        api.close()


def test_docs_limits_state_the_server_s_limits() -> None:
    limits = (Path(__file__).parents[2] / "docs" / "limits.md").read_text(encoding="utf-8")
    row = next(line for line in limits.splitlines() if line.startswith("| requests to `cardgen"))
    assert "1,024 connections waiting" in row and "128 answered at once" in row
    assert "nothing for 10 s" in row and "1,000,000 bytes" in row
    assert (server_module.BACKLOG, server_module.MAX_CONNECTIONS) == (1024, 128)
    assert (server_module.READ_TIMEOUT, server_module.MAX_BODY) == (10.0, 1_000_000)
