"""`--url-map FILE` (issue 19 item 5): random maps, as JSON or CSV (a header or none, a BOM,
CRLF line ends, URLs holding quoted commas, names bare or with their folder, entries for
other exports), held against the real image list of an export. Each image gets its own
entry's URL; the images a map lacks are exactly the ones the one error names; a bad map
file is refused with its place."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path, PurePosixPath

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.errors import CardgenError, InputErrors, display_path
from cardgen.tts.hosting import Hosting
from cardgen.tts.url_map import load_url_map
from tests.oracles.games import cli, example_copy, ok
from tests.tts.test_uploads import save_urls, snapshot


@pytest.fixture(scope="module")
def image_names(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The images of the Splatoon export (sheets, backs and board tiles), from its list."""
    project = example_copy(tmp_path_factory.mktemp("urlmap"))
    ok("tts", "splatoon", "--project", project)
    listed = project / "output" / "splatoon" / "tts" / "splatoon.uploads.txt"
    return listed.read_text(encoding="utf-8").splitlines()


url_paths = st.text(st.sampled_from("abcXYZ019-_.~%,;=&"), min_size=1, max_size=12).map(
    lambda text: text.replace("%", "%25")
)


@st.composite
def maps(draw: st.DrawFn, names: list[str]) -> tuple[dict[str, str], dict[str, str]]:
    """(image name as the map spells it -> URL, image path -> URL it must get)."""
    chosen = draw(st.lists(st.sampled_from(names), unique=True))
    spelled: dict[str, str] = {}
    wanted: dict[str, str] = {}
    for index, name in enumerate(chosen):
        url = f"https://{draw(st.sampled_from(['i.imgur.com', 'x.org']))}/{index}/{draw(url_paths)}"
        key = name if draw(st.booleans()) else PurePosixPath(name).name
        spelled[key], wanted[name] = url, url
    others = st.from_regex(r"other-[a-z]{1,6}-[0-9a-f]{8}\.jpg", fullmatch=True)
    for extra in draw(st.lists(others)):
        spelled.setdefault(extra, "https://x.org/other.jpg")  # another export's image
    return spelled, wanted


def write_map(folder: Path, spelled: dict[str, str], form: str, bom: bool, crlf: bool) -> Path:
    if form == "json":
        text, path = json.dumps(spelled, indent=1), folder / "urls.json"
    else:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n" if crlf else "\n")
        if form == "csv-header":
            writer.writerow(["file", "url"])
        writer.writerows(spelled.items())
        text, path = out.getvalue(), folder / "urls.csv"
    if crlf:
        text = text.replace("\r\n", "\n").replace("\n", "\r\n")
    path.write_bytes(("\ufeff" if bom else "").encode() + text.encode("utf-8"))
    return path


@settings(
    max_examples=60,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    data=st.data(),
    form=st.sampled_from(["json", "csv", "csv-header"]),
    bom=st.booleans(),
    crlf=st.booleans(),
)
def test_every_image_gets_its_entry_and_the_missing_are_told_at_once(
    tmp_path: Path, image_names: list[str], data: st.DataObject, form: str, bom: bool, crlf: bool
) -> None:
    spelled, wanted = data.draw(maps(image_names))
    url_map = load_url_map(write_map(tmp_path, spelled, form, bom, crlf))
    hosting = Hosting(tmp_path, url_map=url_map)
    for name in image_names:
        assert hosting.url(name, tmp_path / name) == wanted.get(name, "")
    missing = [name for name in image_names if name not in wanted]
    assert hosting.missing == missing
    if missing:
        with pytest.raises(CardgenError) as refused:
            hosting.check(image_names)
        message = refused.value.format_message()
        assert "\n" not in message and message.startswith(display_path(url_map.source) + ": ")
        assert f"lacks {len(missing)} of this save's {len(image_names)} images" in message
        assert [n for n in image_names if n in message] == missing
    else:
        hosting.check(image_names)
    others = sum(key.startswith("other-") for key in spelled)
    notes = hosting.notes(image_names)
    assert (f": {others} entr" in notes[0]) if others else notes == []


@pytest.mark.parametrize(
    ("text", "told"),
    [
        ("a.jpg,https://x.org/a.jpg\nb.jpg\n", "urls.csv:2: a row holds two cells"),
        ("file,url\n\nb.jpg,ftp://x.org/b.jpg\n",
         'urls.csv:3: not an http:// or https:// URL for b.jpg: "ftp'),
        ('a.jpg,"https://x.org/a,\nb.jpg"\nc.jpg,javascript:alert(1)\n', "urls.csv:3: not an http"),
        ("a.jpg,https:///a.jpg\n", "urls.csv:1: no host in the URL for a.jpg"),
        ("a.jpg,https://x.org/a b.jpg\n", "urls.csv:1: a space or control character"),
        ("a.jpg,https://x.org/1\nsheets/a.jpg,https://x.org/2\na.jpg,https://x.org/3\n",
         "urls.csv:3: a.jpg is given another URL on line 1 already"),
        (",https://x.org/1\n", "urls.csv:1: an image name is empty"),
        ('{"a.jpg": "https://x.org/a", "b.jpg": 3}',
         'urls.json: key "b.jpg": the URL must be a string'),
        ('{"a.jpg":\n  "https://x.org/a",\n}', "urls.json:3: not valid JSON"),
        ('["a.jpg"]', "urls.json: a JSON URL map is one object"),
    ],
)  # fmt: skip
def test_a_bad_map_is_refused_with_its_place(tmp_path: Path, text: str, told: str) -> None:
    path = tmp_path / ("urls.json" if text.startswith(("{", "[")) else "urls.csv")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CardgenError) as refused:
        load_url_map(path)
    lines = refused.value.format_message().splitlines()
    assert any(line.endswith(told) or told in line for line in lines), lines
    if isinstance(refused.value, InputErrors):  # each problem its own line, in file order
        assert lines == sorted(lines, key=lambda line: int(line.split(":")[1]))


def test_a_map_that_is_not_utf8_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "urls.csv"
    path.write_bytes(b"a.jpg,https://x.org/a\nb\xe9.jpg,https://x.org/b\n")
    with pytest.raises(CardgenError, match=r"urls\.csv:2: the URL map is not UTF-8 text"):
        load_url_map(path)


@pytest.mark.parametrize(
    ("url", "warned"),
    [
        ("https://www.dropbox.com/s/abc/a.jpg?dl=0", True),
        ("https://www.dropbox.com/scl/fi/abc/a.jpg?rlkey=k", True),
        ("https://www.dropbox.com/s/abc/a.jpg?dl=1", False),
        ("https://www.dropbox.com/scl/fi/abc/a.jpg?rlkey=k&raw=1", False),
        ("https://dl.dropboxusercontent.com/s/abc/a.jpg", False),
        ("https://x.org/a.jpg?dl=0", False),
    ],
)
def test_a_dropbox_link_to_its_web_page_is_warned_about(
    tmp_path: Path, url: str, warned: bool
) -> None:
    path = tmp_path / "urls.csv"
    path.write_text(f'file,url\n"a.jpg","{url}"\n', encoding="utf-8")
    warnings = load_url_map(path).warnings
    assert warnings == (
        [f"{display_path(path)}:2: the Dropbox link for a.jpg serves Dropbox's web page,"
         " not the image: end it in dl=1 (or raw=1) instead of dl=0"]
        if warned
        else []
    )  # fmt: skip


@pytest.mark.parametrize(
    ("url", "warned"),
    [
        ("https://imgur.com/AbC123", True),
        ("https://imgur.com/a/AbC123", True),
        ("http://www.imgur.com/gallery/AbC123", True),
        ("https://m.imgur.com/AbC123", True),
        ("https://i.imgur.com/AbC123.png", False),
        ("https://x.org/imgur.com/AbC123", False),
    ],
)
def test_an_imgur_link_to_its_page_is_warned_about(tmp_path: Path, url: str, warned: bool) -> None:
    path = tmp_path / "urls.json"
    path.write_text(json.dumps({"a.jpg": url}), encoding="utf-8")
    warnings = load_url_map(path).warnings
    assert warnings == (
        [f'{display_path(path)}: key "a.jpg": the Imgur link for a.jpg is Imgur\'s page, not the'
         " image: use the image's direct link (https://i.imgur.com/<id>.jpg)"]
        if warned
        else []
    )  # fmt: skip


def test_the_error_points_at_an_older_or_misspelled_entry(tmp_path: Path) -> None:
    path = tmp_path / "urls.csv"
    path.write_text(
        "sheets/deck-1-00000000.jpg,https://x.org/old\ntile-bleu-1a2b3c4e.jpg,https://x.org/t\n",
        encoding="utf-8",
    )
    names = ["sheets/deck-1-9f992b88.jpg", "tiles/tile-blue-1a2b3c4e.jpg"]
    hosting = Hosting(tmp_path, url_map=load_url_map(path))
    assert [hosting.url(n, tmp_path / n) for n in names] == ["", ""]
    with pytest.raises(CardgenError) as refused:
        hosting.check(names)
    message = refused.value.format_message()
    assert "sheets/deck-1-9f992b88.jpg (the map has sheets/deck-1-00000000.jpg, an older" in message
    assert 'tiles/tile-blue-1a2b3c4e.jpg (the map has "tile-bleu-1a2b3c4e.jpg", spelled' in message


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project whose Splatoon export is done (its images drawn and listed)."""
    project = example_copy(tmp_path_factory.mktemp("urlmap-cli"))
    ok("tts", "splatoon", "--project", project)
    return project


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), form=st.sampled_from(["json", "csv", "csv-header"]), bom=st.booleans())
def test_cardgen_tts_takes_a_whole_map_and_refuses_a_partial_one(
    tmp_path: Path, exported: Path, data: st.DataObject, form: str, bom: bool
) -> None:
    folder = exported / "output" / "splatoon" / "tts"
    names = (folder / "splatoon.uploads.txt").read_text(encoding="utf-8").splitlines()
    spelled, wanted = data.draw(maps(names))
    whole = data.draw(st.booleans())
    for name in names if whole else []:  # every image given a URL
        wanted.setdefault(name, f"https://x.org/{len(wanted)},{PurePosixPath(name).name}")
        spelled.setdefault(name, wanted[name])
    if not whole and len(wanted) == len(names):  # one image left out
        left_out = data.draw(st.sampled_from(names))
        del wanted[left_out]
        spelled = {k: v for k, v in spelled.items() if k not in (left_out, left_out.split("/")[1])}
    before = snapshot(folder)
    result = cli("tts", "splatoon", "--project", exported, "--url-map",
                 write_map(tmp_path, spelled, form, bom, crlf=True))  # fmt: skip
    if not whole:
        assert result.exit_code == 2 and "the URL map lacks" in result.stderr, result.output
        assert snapshot(folder) == before
        return
    assert result.exit_code == 0, result.output
    assert set(save_urls(folder / "splatoon.json")) - {""} == set(wanted.values())


@pytest.mark.parametrize(
    ("header", "first", "second"),
    [
        ("file,url", 'a.jpg,"https://x.org/a;b,c.jpg"', "tiles/b.jpg,https://x.org/b"),
        ("file;url", 'a.jpg;"https://x.org/a;b,c.jpg"', "tiles/b.jpg;https://x.org/b"),
        ("file\turl", "a.jpg\thttps://x.org/a;b,c.jpg", "tiles/b.jpg\thttps://x.org/b"),
    ],
)
@pytest.mark.parametrize("with_header", [True, False])
def test_a_spreadsheet_csv_with_semicolons_or_tabs_is_read(
    tmp_path: Path, header: str, first: str, second: str, with_header: bool
) -> None:
    path = tmp_path / "urls.csv"
    path.write_text("\n".join([header] * with_header + [first, second]), encoding="utf-8")
    assert load_url_map(path).entries == {
        "a.jpg": "https://x.org/a;b,c.jpg",
        "tiles/b.jpg": "https://x.org/b",
    }


def test_a_list_given_as_a_map_is_told_in_a_few_lines(tmp_path: Path) -> None:
    path = tmp_path / "urls.csv"
    path.write_text(
        "".join(f"sheets/s{i}-0000000{i % 10}.jpg\n" for i in range(30)), encoding="utf-8"
    )
    with pytest.raises(InputErrors) as refused:
        load_url_map(path)
    lines = refused.value.format_message().splitlines()
    assert len(lines) == 21 and lines[-1] == f"{display_path(path)}: ... and 10 more problems"
    assert all("a row holds two cells, image and URL, not 1" in line for line in lines[:20])
