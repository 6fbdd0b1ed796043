"""The layer contracts (`[tool.importlinter]` in pyproject.toml, run by `make check`) hold,
cover every stage, and catch an import against them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from tests.conftest import ROOT

LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


def _contracts() -> list[dict[str, object]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contracts: list[dict[str, object]] = config["tool"]["importlinter"]["contracts"]
    return contracts


def _lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--config", str(ROOT / "pyproject.toml")],
        capture_output=True,
        text=True,
        cwd=root,
        env=env,
    )


def test_every_stage_package_is_a_layer() -> None:
    layers = next(c for c in _contracts() if c["type"] == "layers")["layers"]
    assert isinstance(layers, list)
    layers = [name for layer in layers for name in layer.split(" | ")]
    packages = {
        f"cardgen.{p.name}" for p in (ROOT / "cardgen").iterdir() if (p / "__init__.py").exists()
    }
    packages -= {"cardgen.scaffold"}  # data files: scaffold/*.yaml, nothing to import
    assert packages <= set(layers), packages - set(layers)
    assert layers[:2] == ["cardgen.entry", "cardgen.cli"] and layers[-1] == "cardgen.model"


def test_the_contracts_hold() -> None:
    done = _lint_imports(ROOT)
    assert done.returncode == 0, done.stdout[-3000:]
    assert "Contracts: 7 kept, 0 broken." in done.stdout


def test_an_import_against_the_layers_breaks_them(tmp_path: Path) -> None:
    """A card image that imports the PDF package, in a copy of the code: two contracts
    name it, with its file and line."""
    # bytecode left out: a test running Python without PYTHONPYCACHEPREFIX may be writing it
    shutil.copytree(
        ROOT / "cardgen", tmp_path / "cardgen", ignore=shutil.ignore_patterns("__pycache__")
    )
    png = tmp_path / "cardgen" / "render" / "png.py"
    lines = png.read_text().splitlines()
    line = next(i for i, text in enumerate(lines) if text.startswith("from ")) + 1
    lines.insert(line, "import cardgen.printing.pdf")
    png.write_text("\n".join(lines) + "\n")
    done = _lint_imports(tmp_path)
    assert done.returncode == 1
    assert "Contracts: 5 kept, 2 broken." in done.stdout
    assert "cardgen.render is not allowed to import cardgen.printing:" in done.stdout
    assert f"cardgen.render.png -> cardgen.printing.pdf (l.{line + 1})" in done.stdout
