"""Who may talk to `cardgen serve`: the Host a request names, and the Origin of a write.

Every request must name a host the server answers to (`127.0.0.1:PORT`, `localhost:PORT`,
or the interface given with `--host`): a page of another site that a DNS trick points at
127.0.0.1 names its own host and is refused. A request that writes (any method but GET and
HEAD) must also come from the server's own page: its `Origin` header must be exactly
`http://` and the host it names. No Origin, `null`, another scheme, host or port: refused.
"""

from __future__ import annotations

import ipaddress

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
WILDCARDS = ("", "0.0.0.0", "::")


def is_loopback(host: str) -> bool:
    """`host` names this computer only (127.0.0.0/8, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def allowed_hosts(host: str, port: int) -> frozenset[str] | None:
    """The Host headers a server bound to `host`:`port` answers to; None (any) when it
    listens on every interface (others reach it by names it cannot know)."""
    if host in WILDCARDS:
        return None
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    names = {shown}
    if is_loopback(host):
        names.update(LOOPBACK_NAMES)
    return frozenset(f"{name}:{port}" for name in names)


def host_allowed(header: str | None, allowed: frozenset[str] | None) -> bool:
    """The request's Host header names this server."""
    if header is None or not header.strip():
        return False
    return allowed is None or header.strip().lower() in allowed


def same_origin(origin: str | None, host: str | None, allowed: frozenset[str] | None) -> bool:
    """A writing request comes from the server's own page: its Origin is `http://HOST`,
    HOST being the request's own Host header, one this server answers to."""
    if origin is None or host is None or not host_allowed(host, allowed):
        return False
    return origin.strip().lower() == f"http://{host.strip().lower()}"
