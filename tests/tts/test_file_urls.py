"""`file:///` URLs of the images (issue 19 item 9): percent-encoded UTF-8, a Windows drive as
`file:///C:/...`, a UNC path as `file://server/share/...`, for any path a designer's folder
may have (spaces, accents, `#`, `%`, `?`, `&`, any Unicode). The oracles are two decoders
written apart from cardgen's: the standard library's Windows one (`nturl2path`, what
`urllib` uses on Windows) and RFC 3986 parsing (`urlsplit`, `unquote`), as .NET's
`Uri.LocalPath` decodes a URL: a raw `#` or `?` would end the path there."""

from __future__ import annotations

import nturl2path
import re
from pathlib import Path, PurePosixPath, PureWindowsPath
from urllib.parse import unquote, urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgen.tts.hosting import file_url
from tests.conftest import ROOT

# every character a folder may hold on the system, the troublesome ones often
TRICKY = " #%?&+;=@!$'()[]{}~,^`éëöüßçÆ狐Лиса😀\u00a0\u0301"
WINDOWS_FORBIDDEN = set('<>:"/\\|?*') | {chr(c) for c in range(32)}
URL_CHARACTERS = re.compile(r"[A-Za-z0-9\-._~/:%]*")
"""What a file URL holds after `file://`: unreserved characters, `/`, the drive's `:`, and
percent escapes; no space, `#`, `?` or non-ASCII character raw."""


def names(forbidden: set[str]) -> st.SearchStrategy[str]:
    alphabet = st.one_of(
        st.sampled_from(TRICKY),
        st.characters(blacklist_categories=("Cs",), blacklist_characters="".join(forbidden)),
    )
    return st.text(alphabet, min_size=1, max_size=12).filter(
        lambda name: name.strip(" .") == name and name not in (".", "..")
    )


posix_names = names({"/", "\0"})
windows_names = names(WINDOWS_FORBIDDEN)


@given(st.lists(posix_names, min_size=1, max_size=5), st.sampled_from(["linux", "macos"]))
def test_a_posix_path_comes_back_from_its_url(parts: list[str], system: str) -> None:
    path = PurePosixPath("/", *parts)
    url = file_url(path, system)  # type: ignore[arg-type]
    split = urlsplit(url)
    assert (split.scheme, split.netloc, split.query, split.fragment) == ("file", "", "", "")
    assert url.startswith("file:///")
    assert URL_CHARACTERS.fullmatch(url.removeprefix("file://")), url
    assert unquote(split.path, errors="strict") == str(path)
    assert url == Path(path).as_uri()  # the standard library writes it alike


@given(
    st.sampled_from("CDZcd"),
    st.lists(windows_names, min_size=1, max_size=5),
    st.booleans(),
)
def test_a_windows_drive_path_comes_back_from_its_url(
    drive: str, parts: list[str], long_prefix: bool
) -> None:
    path = PureWindowsPath(f"{drive}:\\", *parts)
    url = file_url(("\\\\?\\" if long_prefix else "") + str(path), "windows")
    assert url.startswith(f"file:///{drive}:/")
    assert URL_CHARACTERS.fullmatch(url.removeprefix("file://")), url
    split = urlsplit(url)
    assert (split.query, split.fragment) == ("", "")
    decoded = nturl2path.url2pathname(url.removeprefix("file:"))
    assert PureWindowsPath(decoded) == path and decoded[3:] == str(path)[3:]
    assert url == path.as_uri()


@given(
    st.from_regex(r"[a-z][a-z0-9-]{0,10}", fullmatch=True),
    st.lists(windows_names, min_size=2, max_size=5),
)
def test_a_unc_path_names_its_server_as_the_host(server: str, parts: list[str]) -> None:
    path = PureWindowsPath(f"\\\\{server}\\{parts[0]}", *parts[1:])
    url = file_url(path, "windows")
    split = urlsplit(url)
    assert (split.scheme, split.netloc, split.query, split.fragment) == ("file", server, "", "")
    assert URL_CHARACTERS.fullmatch(url.removeprefix("file://")), url
    assert "\\\\" + server + unquote(split.path).replace("/", "\\") == str(path)
    assert file_url("\\\\?\\UNC\\" + str(path)[2:], "windows") == url
    assert url == path.as_uri()


@pytest.mark.parametrize(
    ("path", "system", "url"),
    [
        (r"C:\Users\Zoë M\Cards #2\sheets\a-1a2b3c4d.jpg", "windows",
         "file:///C:/Users/Zo%C3%AB%20M/Cards%20%232/sheets/a-1a2b3c4d.jpg"),
        (r"\\nas\games\100% Orc\x.jpg", "windows", "file://nas/games/100%25%20Orc/x.jpg"),
        ("/Users/zoë/Mes jeux/R&D?/x.jpg", "macos",
         "file:///Users/zo%C3%AB/Mes%20jeux/R%26D%3F/x.jpg"),
    ],
)  # fmt: skip
def test_the_examples_docs_tts_md_shows(path: str, system: str, url: str) -> None:
    assert file_url(path, system) == url  # type: ignore[arg-type]
    assert url in (ROOT / "docs" / "tts.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(("path", "system"), [("sheets/a.jpg", "linux"), ("a\\b", "windows")])
def test_a_relative_path_has_no_file_url(path: str, system: str) -> None:
    with pytest.raises(ValueError, match="absolute"):
        file_url(path, system)  # type: ignore[arg-type]
