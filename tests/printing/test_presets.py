"""Papers and print-shop presets as data: the built-in ones keep their numbers, a project's
own are found by name (with a did-you-mean that knows them), and a bad file is a one-line
error at its file and line."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.lib.pagesizes import A3, A4, LEGAL, TABLOID, letter

from cardgen.errors import CardgenError
from cardgen.printing.paper import NAMED, paper_label, paper_name, paper_size
from cardgen.printing.presets import builtin_shops
from cardgen.printing.shop_images import MPC_TEMPLATES, Template
from cardgen.printing.shops import makes_images, printer_name, shop_preset


def test_the_built_in_papers_are_reportlabs_to_the_last_bit() -> None:
    assert {"a4": A4, "a3": A3, "letter": letter, "legal": LEGAL, "tabloid": TABLOID} == NAMED
    assert list(NAMED) == ["a4", "a3", "letter", "legal", "tabloid"]


def test_the_built_in_shops_keep_their_numbers() -> None:
    shops = builtin_shops()
    assert list(shops) == ["tgc", "mpc", "drivethru"]
    assert [s.output for s in shops.values()] == ["images", "images", "pdfx"]
    assert [s.upload for s in shops.values()] == ["decks", "cards", "cards"]
    assert shops["tgc"].bleed == shops["drivethru"].bleed == "0.125in"
    assert {s.dpi for s in shops.values()} == {300}
    assert {
        (2.5, 3.5): Template(822, 1122, 36),
        (2.75, 4.75): Template(897, 1497, 36),
        (3.5, 5.0): Template(1120, 1570, 35),
    } == MPC_TEMPLATES
    drivethru = shops["drivethru"]
    assert (drivethru.profile, drivethru.condition) == ("FOGRA39L_coated.icc", "FOGRA39")


def _paper(root: Path, name: str, text: str) -> Path:
    (root / "papers").mkdir(exist_ok=True)
    path = root / "papers" / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_project_paper_is_found_by_name(tmp_path: Path) -> None:
    _paper(tmp_path, "half-a3", "description: Half an A3.\nwidth: 420mm\nheight: 148.5mm\n")
    assert paper_name("Half-A3", tmp_path) == "half-a3"
    assert paper_size("half-a3") == pytest.approx((148.5 * 72 / 25.4, 420 * 72 / 25.4))
    assert paper_label("half-a3") == "HALF-A3"


def test_an_unknown_paper_suggests_the_projects_own(tmp_path: Path) -> None:
    _paper(tmp_path, "half-a3", "description: Half an A3.\nwidth: 148.5mm\nheight: 420mm\n")
    with pytest.raises(CardgenError) as caught:
        paper_name("half-a4", tmp_path)
    message = str(caught.value)
    assert 'did you mean "half-a3"?' in message
    assert "(papers: a4, a3, letter, legal, tabloid, half-a3, or a size" in message


def test_a_bad_paper_file_is_an_error_at_its_line(tmp_path: Path) -> None:
    path = _paper(tmp_path, "wide", "description: Too wide.\nwidth: 21cm\nhieght: 297mm\n")
    with pytest.raises(CardgenError) as caught:
        paper_name("wide", tmp_path)
    assert caught.value.format_message().splitlines() == [
        f'{path}:1:1: missing required key "height"',
        f'{path}:3:1: unknown key "hieght"; did you mean "height"?',
    ]


def test_a_project_paper_may_not_take_a_built_in_name(tmp_path: Path) -> None:
    _paper(tmp_path, "letter", "description: Mine.\nwidth: 8in\nheight: 10in\n")
    with pytest.raises(CardgenError, match="letter is a built-in paper"):
        paper_name("half", tmp_path)


def test_a_project_shop_preset_is_a_printer(tmp_path: Path) -> None:
    (tmp_path / "shops").mkdir()
    (tmp_path / "shops" / "localprint.yaml").write_text(
        "shop: Local Print\noutput: pdf\nbleed: 3mm\nnote: Ask for 350 gsm.\n", encoding="utf-8"
    )
    assert printer_name("LocalPrint", tmp_path) == "localprint"
    assert shop_preset("localprint").bleed == "3mm"
    assert not makes_images("localprint", tmp_path) and makes_images("mpc")
    with pytest.raises(CardgenError, match='did you mean "localprint"'):
        printer_name("localprnt", tmp_path)


def test_an_images_shop_needs_its_templates(tmp_path: Path) -> None:
    (tmp_path / "shops").mkdir()
    (tmp_path / "shops" / "cards.yaml").write_text(
        "shop: Cards\noutput: images\nnote: PNGs.\n", encoding="utf-8"
    )
    with pytest.raises(CardgenError, match="an `images` shop needs its templates"):
        printer_name("cards", tmp_path)
