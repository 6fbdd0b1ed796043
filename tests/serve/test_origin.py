"""Who may talk to `cardgen serve`: Host headers it answers to, and writes from its own page
only (the check any writing route gets, the deck builder's among them)."""

from __future__ import annotations

import pytest

from cardgen.serve.origin import allowed_hosts, host_allowed, same_origin

LOCAL = allowed_hosts("127.0.0.1", 8123)


def test_a_loopback_server_answers_to_its_loopback_names() -> None:
    assert frozenset({"127.0.0.1:8123", "localhost:8123", "[::1]:8123"}) == LOCAL
    assert host_allowed("127.0.0.1:8123", LOCAL)
    assert host_allowed("LOCALHOST:8123", LOCAL)
    assert not host_allowed("127.0.0.1:8124", LOCAL)
    assert not host_allowed("evil.example:8123", LOCAL)  # a DNS rebinding names its own host
    assert not host_allowed(None, LOCAL)
    assert not host_allowed("", LOCAL)


def test_a_server_on_every_interface_answers_to_any_host() -> None:
    assert allowed_hosts("0.0.0.0", 80) is None
    assert host_allowed("192.168.1.20:80", None)
    assert allowed_hosts("192.168.1.20", 80) == frozenset({"192.168.1.20:80"})
    assert allowed_hosts("::1", 80) is not None and "[::1]:80" in allowed_hosts("::1", 80)


def test_a_write_from_the_servers_own_page_is_allowed() -> None:
    assert same_origin("http://127.0.0.1:8123", "127.0.0.1:8123", LOCAL)
    assert same_origin("http://localhost:8123", "localhost:8123", LOCAL)


@pytest.mark.parametrize(
    ("origin", "host"),
    [
        (None, "127.0.0.1:8123"),  # no Origin: not a page of ours
        ("null", "127.0.0.1:8123"),  # a sandboxed frame or a file:// page
        ("http://evil.example", "127.0.0.1:8123"),
        ("http://127.0.0.1:8124", "127.0.0.1:8123"),  # another port: another origin
        ("https://127.0.0.1:8123", "127.0.0.1:8123"),  # another scheme
        ("http://localhost:8123", "127.0.0.1:8123"),  # an allowed name, but not this request's
        ("http://127.0.0.1:8123.evil.example", "127.0.0.1:8123"),
        ("http://evil.example:8123", "evil.example:8123"),  # its own host, not one of ours
        ("http://127.0.0.1:8123", None),
    ],
)
def test_a_write_from_elsewhere_is_refused(origin: str | None, host: str | None) -> None:
    assert not same_origin(origin, host, LOCAL)
