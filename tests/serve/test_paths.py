"""The path rules of `cardgen serve`: a request names a file of the game's output folder or
nothing, whatever its path holds (encoded dots, slashes, backslashes, NUL, a symlink out)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.serve.paths import MAX_PATH, request_parts, resolve_request

HOSTILE = [
    "/../secret.txt",
    "/cards/../../secret.txt",
    "/%2e%2e/secret.txt",
    "/%2E%2E/secret.txt",
    "/cards%2f..%2f..%2fsecret.txt",
    "/%252e%252e/secret.txt",
    "/cards/%252e%252e%252fsecret.txt",
    "/..\\secret.txt",
    "/cards\\..\\..\\secret.txt",
    "/%5c..%5csecret.txt",
    "//etc/passwd",
    "/etc/passwd",
    "/C:/Windows/win.ini",
    "/cards/a.png%00.txt",
    "/cards/a.png\x00",
    "/cards/%ff.png",
    "/.cardgen-files.json",
    "/.cache/x",
    "/cards/./a.png",
    "/cards//a.png",
    "/out/a.png",
    "/" + "a/" * 600,
    "/" + "x" * 300 + ".png",
    "http://example.org/cards/a.png",
    "cards/a.png",
    "",
]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An output folder with a card and a link out of it, beside a secret."""
    tmp_path = tmp_path_factory.mktemp("site")
    (tmp_path / "secret.txt").write_text("secret", encoding="utf-8")
    out = tmp_path / "output" / "game"
    (out / "cards").mkdir(parents=True)
    (out / "cards" / "a.png").write_bytes(b"png")
    (out / ".cardgen-files.json").write_text("{}", encoding="utf-8")
    (out / "out").symlink_to(tmp_path)  # a folder link that leads out
    (out / "cards" / "leak.png").symlink_to(tmp_path / "secret.txt")
    (out / "cards" / "inside.png").symlink_to(out / "cards" / "a.png")
    return out.resolve()


def test_a_file_of_the_folder_is_served(site: Path) -> None:
    assert resolve_request(site, "/cards/a.png") == site / "cards" / "a.png"
    assert resolve_request(site, "/cards/a.png?v=123#x") == site / "cards" / "a.png"
    assert resolve_request(site, "/cards/%61.png") == site / "cards" / "a.png"
    assert resolve_request(site, "/cards/inside.png") == site / "cards" / "a.png"


@pytest.mark.parametrize("raw", HOSTILE)
def test_a_hostile_path_names_nothing(site: Path, raw: str) -> None:
    assert resolve_request(site, raw) is None


def test_a_symlink_out_of_the_folder_is_not_followed(site: Path) -> None:
    assert (site / "cards" / "leak.png").read_text(encoding="utf-8") == "secret"  # it is there
    assert resolve_request(site, "/cards/leak.png") is None
    assert resolve_request(site, "/out/secret.txt") is None


def test_folders_and_the_root_are_no_file(site: Path) -> None:
    assert request_parts("/") == []
    assert resolve_request(site, "/") is None
    assert resolve_request(site, "/cards") is None
    assert request_parts("/" + "a" * (MAX_PATH + 1)) is None


PIECES = st.sampled_from(
    [
        "..",
        ".",
        "%2e",
        "%2E",
        "%2f",
        "%2F",
        "%5c",
        "%25",
        "%00",
        "%252e",
        "\\",
        "/",
        "//",
        "\x00",
        ":",
        "cards",
        "a.png",
        "secret.txt",
        "out",
        "leak.png",
        ".cache",
        "~",
        "%",
        "\u00e9",
        "%c3%a9",
        "%ff",
        "?",
        "#",
        "C:",
    ]
)


@settings(max_examples=80)
@given(st.lists(st.one_of(PIECES, st.text(max_size=5)), max_size=12), st.booleans())
def test_no_request_names_a_file_outside_the_folder(
    site: Path, pieces: list[str], lead: bool
) -> None:
    """Whatever the path, what it names is a file inside the resolved folder, or nothing."""
    raw = ("/" if lead else "") + "".join(pieces)
    found = resolve_request(site, raw)
    assert found is None or (found.is_file() and found.resolve().is_relative_to(site))
    if found is not None:
        assert found.read_bytes() == b"png"  # the only file a request may reach
