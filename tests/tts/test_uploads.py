"""What a host must have (issue 19 items 4 and 5): `cardgen tts --uploads` and the
`<name>.uploads.txt` beside the save list the save's images, those new since the last
export first and marked; `--url-map` fills every image URL from the map, and an export it
refuses (a missing image, a bad map, `--base-url` beside it) writes nothing at all."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgen.lock import LOCK
from cardgen.manifest import listed
from cardgen.tts.stale import named_images
from cardgen.tts.uploads import uploads, uploads_text
from tests.oracles.games import cli, example_copy, ok
from tests.tts.test_image_names import edit_text, rows_of, sheets_of


def export(project: Path, game: str, *args: str | Path) -> dict[str, object]:
    result = ok("tts", game, "--project", project, "--format", "json", *args)
    data: dict[str, object] = json.loads(result.stdout)
    return data


def snapshot(folder: Path) -> dict[Path, tuple[bytes, int]]:
    """Every file under `folder`: its bytes and modification time (but the lock file, which
    each command holding the folder writes its process id into: cardgen.lock)."""
    return {
        p: (p.read_bytes(), p.stat().st_mtime_ns)
        for p in folder.rglob("*")
        if p.is_file() and p.relative_to(folder).parts[-2:] != LOCK.parts
    }


def edit_a_shown_card(project: Path, game: str) -> None:
    save = project / "output" / game / "tts" / f"{game}.json"
    _, on = sheets_of(save)
    pool = project / "decks" / game / "cards.csv"
    edit_text(pool, sorted({r["name"] for r in rows_of(pool) if r["text"]} & set(on))[0])


def test_the_uploads_list_marks_what_an_edit_made_new(tmp_path: Path) -> None:
    project = example_copy(tmp_path)
    folder = project / "output" / "splatterkins" / "tts"
    save = folder / "splatterkins.json"
    first = export(project, "splatterkins")["uploads"]
    assert isinstance(first, dict)
    names = named_images(save)
    assert names and [i["path"] for i in first["images"]] and first["new"] == first["count"]
    assert {i["path"] for i in first["images"]} == names and len(first["images"]) == len(names)
    listing = folder / "splatterkins.uploads.txt"
    assert first["file"] == str(listing)
    assert listing.read_text(encoding="utf-8") == "".join(f"{n}\n" for n in sorted(names))
    assert "tts/splatterkins.uploads.txt" in listed(project / "output" / "splatterkins")
    again = export(project, "splatterkins")["uploads"]
    assert isinstance(again, dict) and again["new"] == 0 and again["count"] == first["count"]
    edit_a_shown_card(project, "splatterkins")
    text = ok("tts", "splatterkins", "--project", project, "--uploads").stdout.splitlines()
    after = named_images(save)
    assert after is not None
    fresh = sorted(after - names)
    assert fresh  # the edited card's sheets
    assert text[1] == (
        f"uploads: {len(after)} images, {len(fresh)} new since the last export"
        f" (listed in {listing})"
    )
    assert sorted(line.split()[-1] for line in text[2 : 2 + len(fresh)]) == fresh
    assert all(line.startswith("  new  ") for line in text[2 : 2 + len(fresh)])
    assert sorted(line.split()[-1] for line in text[2 + len(fresh) :]) == sorted(after & names)
    assert all(line.startswith("       ") for line in text[2 + len(fresh) :])
    assert listing.read_text(encoding="utf-8") == "".join(f"{n}\n" for n in sorted(after))


def full_map(listing: Path, target: Path) -> dict[str, str]:
    """A CSV map giving every image of an uploads list its own URL (one with a comma)."""
    urls = {
        name: f"https://cdn.example.org/u/{index},{name.split('/')[-1]}?dl=1"
        for index, name in enumerate(listing.read_text(encoding="utf-8").splitlines())
    }
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["file", "url"])
    writer.writerows((name.split("/")[-1], url) for name, url in urls.items())
    writer.writerow(["other-game-1a2b3c4d.jpg", "https://cdn.example.org/other.jpg"])
    target.write_bytes(b"\xef\xbb\xbf" + out.getvalue().encode("utf-8"))
    return urls


def save_urls(save: Path) -> list[str]:
    """Every value of a key ending in `URL`, at any depth (the JSON parser's own walk)."""
    found: list[str] = []

    def pairs(items: list[tuple[str, object]]) -> dict[str, object]:
        found.extend(v for k, v in items if k.endswith("URL") and isinstance(v, str))
        return dict(items)

    json.loads(save.read_text(encoding="utf-8"), object_pairs_hook=pairs)
    return found


def test_a_url_map_fills_every_image_url(tmp_path: Path) -> None:
    project = example_copy(tmp_path)
    folder = project / "output" / "splatoon" / "tts"
    export(project, "splatoon")
    urls = full_map(folder / "splatoon.uploads.txt", tmp_path / "urls.csv")
    done = export(project, "splatoon", "--url-map", tmp_path / "urls.csv")
    used = save_urls(folder / "splatoon.json")
    assert set(used) - {""} == set(urls.values())  # every image, sheets and board tiles alike
    assert done["notes"] == [f"{tmp_path / 'urls.csv'}: 1 entry names no image of this save"
                             " (fine: maps serve several exports)"]  # fmt: skip
    assert not any("file:///" in str(w) for w in done["warnings"])  # type: ignore[union-attr]
    for name in urls:  # the images stay beside the save: its uploads list names them
        assert (folder / name).is_file()
    after = export(project, "splatoon")["uploads"]  # the same images, now as file URLs
    assert isinstance(after, dict) and after["new"] == 0 and after["count"] == len(urls)


@pytest.mark.parametrize("refusal", ["missing", "bad map", "both hosts"])
def test_a_refused_export_changes_nothing(tmp_path: Path, refusal: str) -> None:
    project = example_copy(tmp_path)
    game_out = project / "output" / "splatterkins"
    export(project, "splatterkins")
    urls = full_map(game_out / "tts" / "splatterkins.uploads.txt", tmp_path / "urls.csv")
    args: list[str | Path] = ["--url-map", tmp_path / "urls.csv"]
    if refusal == "missing":  # an edited card: its sheets get new names the map lacks
        edit_a_shown_card(project, "splatterkins")
        ok("render", "splatterkins", "--project", project)  # the cards drawn before the check
    elif refusal == "bad map":
        (tmp_path / "urls.csv").write_text("file,url\na.jpg,ftp://x.org/a.jpg\n", encoding="utf-8")
    else:
        args += ["--base-url", "https://example.org/tts"]
    before = snapshot(game_out)
    result = cli("tts", "splatterkins", "--project", project, *args)
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and len(result.stderr.splitlines()) == 1, result.stderr
    assert snapshot(game_out) == before  # no sheet, no JSON, no thumbnail, no list
    if refusal == "missing":
        lacked = result.stderr.split("images: ")[1].split(" (upload them")[0].split(", ")
        assert lacked and all(name.split(" (")[0] not in urls for name in lacked)


@given(
    st.lists(st.sampled_from([f"sheets/s{i}-0000000{i}.jpg" for i in range(6)])),
    st.none() | st.sets(st.sampled_from([f"sheets/s{i}-0000000{i}.jpg" for i in range(8)])),
)
def test_the_new_images_come_first_each_once(names: list[str], before: set[str] | None) -> None:
    made = uploads(names, before)
    unique, known = list(dict.fromkeys(names)), before or set()
    assert [u.path for u in made if u.new] == [n for n in unique if n not in known]
    assert [u.path for u in made if not u.new] == [n for n in unique if n in known]
    assert [u.new for u in made] == sorted((u.new for u in made), reverse=True)
    assert uploads_text(names) == "".join(f"{n}\n" for n in sorted(set(names))).encode()
