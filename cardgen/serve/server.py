"""The HTTP server of `cardgen serve`: the standard library's ThreadingHTTPServer and a
table of routes.

A route is a method and an exact path with a function from a `Request` to a `Response`;
the API's routes are added by `cardgen.serve.api`, and later ones (the deck builder's) the
same way. A route marked `writes` is answered only for a request from the server's own
page (`cardgen.serve.origin`). Any other GET or HEAD is a file of the game's output folder
(`cardgen.serve.paths`) or a 404; any other method a 405. Every response says
`X-Content-Type-Options: nosniff`, carries a Content-Security-Policy and is not cached
without asking; a failure inside a route is a 500 with one line on the server's report,
never a traceback to the page.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from cardgen.serve.origin import allowed_hosts, host_allowed, same_origin
from cardgen.serve.page import FILE_CSP

MAX_BODY = 1_000_000
"""The largest request body a writing route is handed, in bytes."""
LINGER_BYTES, LINGER_SECONDS = 4 * MAX_BODY, 2.0
"""After a body refused unread is answered, what the client still sends is read and dropped,
up to this much and this long, before the connection closes: closed at once with unread
data, it is reset, and the client may lose the answer it was sent."""
BACKLOG = 1024
"""Connections the system holds for the server before it accepts them (the standard
library's 5 left a burst of requests unanswered for a minute, their connects retried)."""
MAX_CONNECTIONS = 128
"""Connections answered at once, each on a thread; one more is answered 503 at once (a
page holds one for its change feed)."""
READ_TIMEOUT = 10.0
"""Seconds a connection may send nothing while a request (or the next one) is awaited: a
body that never arrives, or a client gone quiet, frees its thread."""
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".svg": "image/svg+xml",
    ".pdf": "application/pdf",
    ".json": "application/json",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
}
READING = ("GET", "HEAD")


@dataclass(frozen=True, slots=True)
class Request:
    """What a route is handed: the method, the path and query, the headers, the body."""

    method: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    body: bytes = b""


@dataclass(slots=True)
class Response:
    """What a route answers: a status, a body (or a stream of chunks) and its headers."""

    status: int = 200
    body: bytes = b""
    content_type: str = "text/plain; charset=utf-8"
    headers: dict[str, str] = field(default_factory=dict)
    stream: Iterator[bytes] | None = None

    @classmethod
    def json(cls, data: Any, status: int = 200) -> Response:
        """A JSON response (keys sorted: the same state, the same bytes)."""
        body = json.dumps(data, sort_keys=True, ensure_ascii=False).encode("utf-8")
        return cls(status, body, "application/json")

    @classmethod
    def text(cls, status: int, message: str) -> Response:
        """A short plain-text answer (an error's)."""
        return cls(status, (message + "\n").encode("utf-8"))


Route = Callable[[Request], Response]


@dataclass
class Routes:
    """The routes by method and path, with whether each writes."""

    table: dict[tuple[str, str], tuple[Route, bool]] = field(default_factory=dict)

    def add(self, method: str, path: str, route: Route, *, writes: bool = False) -> None:
        """Answer `method` `path` with `route`; a route that writes is answered only from
        the server's own origin (any method but GET and HEAD writes)."""
        self.table[(method.upper(), path)] = (route, writes or method.upper() not in READING)

    def find(self, method: str, path: str) -> tuple[Route, bool] | None:
        """The route of `method` `path` (GET's for a HEAD), if any."""
        found = self.table.get((method, path))
        if found is None and method == "HEAD":
            found = self.table.get(("GET", path))
        return found

    def methods(self, path: str) -> list[str]:
        """The methods some route answers at `path`."""
        return sorted({m for m, p in self.table if p == path})


class LiveServer(ThreadingHTTPServer):
    """A threading HTTP server with its routes, the folder it serves and its report; it
    answers at most `MAX_CONNECTIONS` connections at once (one more: 503, at once)."""

    daemon_threads = True
    block_on_close = False
    request_queue_size = BACKLOG

    def __init__(
        self,
        address: tuple[str, int],
        routes: Routes,
        files: Callable[[Request], Response],
        report: Callable[[str], None],
    ) -> None:
        """Listen on `address` ((host, 0): a free port); `files` answers the other GETs."""
        if ":" in address[0]:  # an IPv6 interface (`--host ::1`)
            self.address_family = socket.AF_INET6
        super().__init__(address, Handler)
        self.routes = routes
        self.files = files
        self.report = report
        self.allowed = allowed_hosts(address[0], self.server_address[1])
        self.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)

    def process_request(self, request: Any, client_address: Any) -> None:
        """Answer on a thread of its own while there is room; else 503 now, and close."""
        if not self.slots.acquire(blocking=False):
            try:
                request.settimeout(1.0)
                request.sendall(_BUSY)
            except OSError:
                pass
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        """The standard thread's work, its slot given back when it is done."""
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    @property
    def port(self) -> int:
        """The port listened on."""
        return int(self.server_address[1])


_BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
    b"Retry-After: 1\r\nConnection: close\r\nContent-Length: 5\r\n\r\nbusy\n"
)


class Handler(BaseHTTPRequestHandler):
    """One request: checked, routed, answered."""

    server: LiveServer
    protocol_version = "HTTP/1.1"
    server_version = "cardgen"
    sys_version = ""
    timeout = READ_TIMEOUT

    def do_GET(self) -> None:
        """Answer a GET."""
        self._answer()

    def do_HEAD(self) -> None:
        """Answer a HEAD: a GET's headers, no body."""
        self._answer()

    def do_POST(self) -> None:
        """Answer a POST (only a route that writes takes one)."""
        self._answer()

    def do_PUT(self) -> None:
        """Answer a PUT (no route takes one yet)."""
        self._answer()

    def do_DELETE(self) -> None:
        """Answer a DELETE (no route takes one yet)."""
        self._answer()

    def log_message(self, format: str, *args: Any) -> None:
        """Requests are not logged."""

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """A request that does not read as one (a malformed request line, an unknown method,
        a line too long): a short plain answer, with the headers of every other, that
        repeats nothing of the request (the standard page echoes its line)."""
        self.close_connection = True
        try:
            phrase = HTTPStatus(code).phrase.lower()
        except ValueError:
            phrase = "bad request"
        self._send(Response.text(code, phrase))

    def _answer(self) -> None:
        try:
            response = self._respond()
        except Exception as exc:
            self.server.report(f"error: {self.command} {self.path[:200]!r}: {exc!r}"[:400])
            response = Response.text(500, "internal error")
        self._send(response)
        if response.status == 413 and self.close_connection:
            self._linger()

    def _linger(self) -> None:
        """Stop writing, then drop what is left of a refused body (bounded), so that the
        client reads the 413 rather than a reset connection."""
        try:
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_WR)
            self.connection.settimeout(LINGER_SECONDS)
            left = LINGER_BYTES
            while left > 0:
                chunk = self.connection.recv(min(65536, left))
                if not chunk:
                    break
                left -= len(chunk)
        except OSError:  # the client is gone, or went quiet: nothing more to do
            pass

    def _respond(self) -> Response:
        headers = {k.lower(): v for k, v in self.headers.items()}
        if len(self.headers.get_all("Content-Length") or []) > 1:
            self.close_connection = True
            return Response.text(400, "bad request: more than one Content-Length")
        if "transfer-encoding" in headers:
            self.close_connection = True
            return Response.text(400, "bad request: a body is sent with its Content-Length")
        try:
            body = b"" if self.command in READING else self._body(headers)
        except TimeoutError:
            self.close_connection = True
            return Response.text(408, f"the body did not arrive within {self.timeout:g} s")
        if body is None:
            self.close_connection = True  # what is left of the body is not read
            return Response.text(413, f"the body is limited to {MAX_BODY} bytes")
        if not host_allowed(headers.get("host"), self.server.allowed):
            return Response.text(403, "forbidden: unknown host")
        path, _, query = self.path.partition("?")
        found = self.server.routes.find(self.command, path)
        if found is None:
            if self.command in READING:
                return self.server.files(Request(self.command, path, {}, headers))
            refused = self._origin_refusal(headers)
            if refused is not None:
                return refused
            allowed = ", ".join(self.server.routes.methods(path)) or "GET, HEAD"
            return Response(405, b"method not allowed\n", headers={"Allow": allowed})
        route, writes = found
        if writes:
            refused = self._origin_refusal(headers)
            if refused is not None:
                return refused
        return route(Request(self.command, path, parse_qs(query), headers, body))

    def _origin_refusal(self, headers: dict[str, str]) -> Response | None:
        if same_origin(headers.get("origin"), headers.get("host"), self.server.allowed):
            return None
        return Response.text(403, "forbidden: writes come only from this server's own page")

    def _body(self, headers: dict[str, str]) -> bytes | None:
        try:
            length = int(headers.get("content-length", "0"))
        except ValueError:
            return None
        if not 0 <= length <= MAX_BODY:
            return None
        return self.rfile.read(length)

    def _send(self, response: Response) -> None:
        self.send_response(response.status)
        headers = {
            "Content-Type": response.content_type,
            "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": FILE_CSP,
            "Referrer-Policy": "no-referrer",
            "Cross-Origin-Resource-Policy": "same-origin",
            "Cache-Control": "no-cache",
            **response.headers,
        }
        if response.stream is None:
            headers["Content-Length"] = str(len(response.body))
        if response.stream is not None or self.close_connection:
            headers["Connection"] = "close"
            self.close_connection = True
        for name, value in headers.items():
            if value:  # an empty value: the header left out
                self.send_header(name, value)
        self.end_headers()
        if self.command == "HEAD":
            return
        try:
            if response.stream is None:
                self.wfile.write(response.body)
                return
            for chunk in response.stream:
                self.wfile.write(chunk)
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True


def content_type(path: Path) -> str:
    """The Content-Type a served file is sent with."""
    return CONTENT_TYPES.get(path.suffix.lower(), "application/octet-stream")


def not_found() -> Response:
    """The answer to a path that is not served."""
    return Response.text(int(HTTPStatus.NOT_FOUND), "not found")
