"""A layout's `icons:` map: every alias names a built-in icon, or the layout does not load
(one line per alias at its file and line, all of them at once); `icon_aliases` lists them."""

from __future__ import annotations

import string
from collections.abc import Callable
from pathlib import Path

from click.testing import Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.errors import CardgenError, InputErrors
from cardgen.load.layout_icons import icon_aliases
from cardgen.load.layouts import load_layouts
from cardgen.model.icon_names import known_names
from cardgen.project import Project

Make = Callable[..., Path]
Run = Callable[..., Result]


def _write(root: Path, files: dict[str, str]) -> None:
    folder = root / "layouts" / "tiny"
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")


BASE = (
    'extends: builtin:card\nicons:\n  ember: {icon: flame}\n  gem: {icon: crystal, color: "#0af"}\n'
)


def test_an_unknown_icon_is_one_line_at_its_file_and_line(make_project: Make, run: Run) -> None:
    root = make_project()
    _write(root, {"hero.yaml": BASE})
    for command in ("render", "build"):
        result = run(command, "tiny", "--project", root)
        assert result.exit_code == 2, (command, result.output)
        assert "Traceback" not in result.output
        assert (
            'layouts/tiny/hero.yaml:3:17: icon ember: unknown icon "flame";'
            " cardgen icons lists them" in result.stderr
        ), result.stderr


def test_every_unknown_icon_of_every_layout_is_reported_with_a_suggestion(
    make_project: Make, run: Run
) -> None:
    root = make_project()
    _write(
        root,
        {
            "base.yaml": "icons:\n  a: {icon: etoil}\n  b: {icon: star}\n  c: {icon: Moon}\n",
            "hero.yaml": "extends: [base]\nicons:\n  d: {icon: crystl, color: red}\n",
        },
    )
    result = run("render", "tiny", "--project", root)
    assert result.exit_code == 2
    lines = [
        line.replace(f"{root}/", "")
        for line in result.stderr.splitlines()
        if line.startswith("error:")
    ]
    assert lines == [
        'error: layouts/tiny/base.yaml:2:13: icon a: unknown icon "etoil"; did you mean "etoile"?',
        'error: layouts/tiny/base.yaml:4:13: icon c: unknown icon "Moon"; did you mean "moon"?',
        'error: layouts/tiny/hero.yaml:3:13: icon d: unknown icon "crystl"; did you mean'
        ' "crystal"?',
    ]
    assert result.stderr.splitlines()[-1] == "3 errors"


def test_french_and_english_names_both_load(make_project: Make) -> None:
    root = make_project()
    _write(root, {"hero.yaml": "icons:\n  a: {icon: lune}\n  b: {icon: moon}\n"})
    layout = load_layouts(root, Project(root).game("tiny").game).layouts["hero"]
    assert {k: v.icon for k, v in layout.icons.items()} == {"a": "lune", "b": "moon"}


def test_icon_aliases_lists_each_definition_where_it_is_written(make_project: Make) -> None:
    root = make_project()
    _write(
        root,
        {
            "base.yaml": 'size: poker\nicons:\n  gem: {icon: crystal, color: "#00aaff"}\n',
            "hero.yaml": "extends: base\nicons:\n  gem: {icon: shard}\n  drop: {icon: goutte}\n",
            "broken.yaml": "icons: [\n",
        },
    )
    found = [(a.name, a.icon, a.color, str(a.location)) for a in icon_aliases(root, "tiny")]
    assert [(n, i, c, w.split("layouts/", 1)[1]) for n, i, c, w in found] == [
        ("gem", "crystal", "#00aaff", "tiny/base.yaml:3:3"),
        ("gem", "shard", None, "tiny/hero.yaml:3:3"),
        ("drop", "goutte", None, "tiny/hero.yaml:4:3"),
    ]


_NAME = st.text(string.ascii_lowercase + "-", min_size=1, max_size=12).filter(lambda s: s[0] != "-")


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    st.lists(
        st.tuples(_NAME, st.one_of(st.sampled_from(known_names()), _NAME)),
        min_size=1,
        max_size=8,
        unique_by=lambda pair: pair[0],
    )
)
def test_a_layout_loads_exactly_when_every_alias_is_known(
    make_project: Make, pairs: list[tuple[str, str]]
) -> None:
    root = make_project()
    lines = ["icons:"] + [f'  "{alias}": {{icon: "{target}"}}' for alias, target in pairs]
    _write(root, {"hero.yaml": "\n".join(lines) + "\n"})
    known = set(known_names())
    expected = [
        f'hero.yaml:{index + 2}:{len(alias) + 14}: icon {alias}: unknown icon "{target}"'
        for index, (alias, target) in enumerate(pairs)
        if target not in known
    ]
    try:
        layout = load_layouts(root, Project(root).game("tiny").game).layouts["hero"]
    except CardgenError as exc:
        errors = exc.errors if isinstance(exc, InputErrors) else [exc]
        got = [str(e.location).rsplit("/", 1)[1] + ": " + e.problem for e in errors]
        assert len(got) == len(expected) > 0
        for line, start in zip(got, expected, strict=True):
            assert line.startswith(start), (line, start)
    else:
        assert not expected
        assert {k: v.icon for k, v in layout.icons.items()} == dict(pairs)
