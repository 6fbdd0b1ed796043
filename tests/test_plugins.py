"""Plugins as a user installs them: the example package (tests/data/plugin_example/) built
and installed offline into a venv of its own over this one, and cardgen run from there on a
small project, where the package's lint rule reports, its element draws, its deck rule
judges and the project's own paper sets the PDF's pages."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from tests import forked
from tests.conftest import ROOT

EXAMPLE = ROOT / "tests" / "data" / "plugin_example"
RUN = "import sys; from cardgen.entry import main; sys.argv[0] = 'cardgen'; main()"


@pytest.fixture(scope="module")
def plugin_python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv that sees this one's packages (cardgen among them) and has the example
    plugin installed, built with this venv's setuptools, no index, no network."""
    home = tmp_path_factory.mktemp("plugin-venv")
    venv = home / "venv"
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", "--system-site-packages", str(venv)],
        check=True,
    )
    python = venv / "bin" / "python"
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # a venv made from a venv sees the base Python's packages, not this venv's: add them
    ours = sysconfig.get_paths()["purelib"]
    Path(site, "_cardgen_tests.pth").write_text(f"import site; site.addsitedir({ours!r})\n")
    source = home / "plugin_example"
    shutil.copytree(EXAMPLE, source)  # the build writes into its source folder
    pip = [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet"]
    flags = ["--no-deps", "--no-build-isolation", "--no-index", "--disable-pip-version-check"]
    subprocess.run([*pip, *flags, str(source)], check=True, capture_output=True)
    return python


def _cardgen(python: Path, project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`cardgen ARGS --project PROJECT` run by the venv's Python: in a child forked from a
    server that Python started with cardgen's modules imported (`tests.forked`; the plugin
    is found as a fresh process finds it, from the venv's installed packages, when the
    command asks for plugins)."""
    done = forked.run(RUN, [*args, "--project", project], cwd=project, timeout=120, python=python)
    return done.completed()


@pytest.fixture(scope="module")
def project(plugin_python: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new game whose card shouts, whose frame has stripes, whose decks want six
    different cards, and a project paper of its own."""
    root = tmp_path_factory.mktemp("plugin-project")
    done = _cardgen(plugin_python, root, "new", "Tiny")
    assert done.returncode == 0, done.stderr
    cards = root / "decks" / "tiny" / "cards.csv"
    cards.write_text(cards.read_text().replace("Move one space.", "Move TWICE."))
    base = root / "layouts" / "tiny" / "base.yaml"
    stripes = '  band: {kind: stripes, height: 0.3in, color: "#ff0000", count: 4}\n'
    base.write_text(base.read_text() + stripes)
    game = root / "decks" / "tiny" / "game.yaml"
    rule = "  - {id: variety, kind: distinct, min: 6, message: Six different cards.}\n"
    game.write_text(game.read_text().replace("setup:\n", rule + "setup:\n", 1))
    (root / "papers").mkdir()
    (root / "papers" / "half-a3.yaml").write_text(
        "description: An A3 sheet cut in half the long way.\nwidth: 148.5mm\nheight: 420mm\n"
    )
    return root


def test_the_plugins_lint_rule_reports(plugin_python: Path, project: Path) -> None:
    done = _cardgen(plugin_python, project, "lint", "tiny")
    assert 'HR101 [warning] card "Quick Step": "TWICE" shouts' in done.stdout, done.stderr
    explained = _cardgen(plugin_python, project, "lint", "--explain", "no-shouting")
    assert "## HR101 no-shouting" in explained.stdout


def test_the_plugins_element_is_drawn(plugin_python: Path, project: Path) -> None:
    done = _cardgen(plugin_python, project, "render", "tiny", "--only", "Quick Step")
    assert done.returncode == 0, done.stderr
    assert "Warning" not in done.stderr  # no pydantic serializer warnings
    with Image.open(project / "output" / "tiny" / "cards" / "quick-step.png") as image:
        row = [image.convert("RGB").getpixel((x, 60)) for x in range(0, image.width, 20)]
    red = sum(1 for pixel in row if pixel == (255, 0, 0))
    assert 0.3 * len(row) < red < 0.8 * len(row)  # stripes, not a red band


def test_the_plugins_deck_rule_judges(plugin_python: Path, project: Path) -> None:
    deck = project / "decks" / "tiny" / "decks" / "starter.txt"
    done = _cardgen(plugin_python, project, "validate", str(deck))
    assert done.returncode == 1
    assert "HR201" in done.stdout and "5 different cards; at least 6 wanted" in done.stdout


def test_a_project_paper_sets_the_pages(plugin_python: Path, project: Path) -> None:
    out = project / "half.pdf"
    done = _cardgen(plugin_python, project, "pnp", "tiny", "--paper", "half-a3", "--out", str(out))
    assert done.returncode == 0, done.stderr
    page = PdfReader(out).pages[0]
    size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
    assert size == pytest.approx([148.5 * 72 / 25.4, 420 * 72 / 25.4], abs=0.01)


def test_the_schemas_know_the_plugins_kinds(plugin_python: Path, project: Path) -> None:
    layout = json.loads(_cardgen(plugin_python, project, "schema", "layout").stdout)
    stripes = layout["$defs"]["StripesElementOverride"]["properties"]
    assert stripes["count"]["maximum"] == 100
    game = json.loads(_cardgen(plugin_python, project, "schema", "game").stdout)
    assert game["$defs"]["DistinctRule"]["properties"]["kind"]["const"] == "distinct"


def test_the_docs_show_the_example_package_as_it_is() -> None:
    text = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    shown = dict(re.findall(r"^`([\w/.]+)`:\n\n```\w*\n(.*?)^```$", text, re.M | re.S))
    files = [p for p in EXAMPLE.rglob("*") if p.is_file() and p.name != "__init__.py"]
    assert sorted(shown) == sorted(p.relative_to(EXAMPLE).as_posix() for p in files)
    for name, code in shown.items():
        assert code == (EXAMPLE / name).read_text(encoding="utf-8"), name
