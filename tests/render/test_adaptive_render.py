"""Text that adapts to the card, drawn: a layout's plurals, number words and defaults draw
exactly the words they come to (in the game's language); `hyphenate: true` lets a long word
fit a narrow box that it overflows without, and `cardgen check` says the same as render."""

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from tests.conftest import TINY_CARDS, TINY_GAME

Run = Callable[..., Result]
LAYOUT = """\
extends: builtin:card
dpi: 60
elements:
  extra: {{kind: text, text: "{text}", x: 0.2in, y: 2in, width: {width}, height: 1.3in,
    size: 11, align: {align}, hyphenate: {hyphenate}}}
"""


def _render(
    root: Path,
    run: Run,
    text: str,
    *,
    card: str = "Fireball",
    language: str = "en",
    width: str = "2.1in",
    align: str = "left",
    hyphenate: str = "false",
) -> tuple[bytes, list[str], str]:
    """The card's PNG drawn with a spell layout whose extra text is `text`, the codes of
    the warnings rendering gave and the image's cache key."""
    folder = root / "decks" / "tiny"
    folder.mkdir(parents=True)
    game = TINY_GAME.replace("constructed: true\n", f"constructed: true\nlanguage: {language}\n")
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    (folder / "cards.csv").write_text(TINY_CARDS, encoding="utf-8")
    (root / "layouts" / "tiny").mkdir(parents=True)
    layout = LAYOUT.format(text=text, width=width, align=align, hyphenate=hyphenate)
    (root / "layouts" / "tiny" / "spell.yaml").write_text(layout, encoding="utf-8")
    out = root / "out"
    result = run(
        "render", "tiny", "--only", card, "--project", root, "--out", out, "--format", "json"
    )
    assert result.exit_code == 0, result.output + result.stderr
    png = out / "cards" / f"{card.lower().replace(' ', '-')}.png"
    document = json.loads(result.stdout)
    (entry,) = document["cards"]
    return png.read_bytes(), [w["code"] for w in document["warnings"]], entry["key"]


@pytest.mark.parametrize(
    ("card", "template", "language", "printed"),
    [
        ("Frost Bolt", "{level} {level|turn|turns}", "en", "1 turn"),
        ("Fireball", "{level} {level|turn|turns}", "en", "2 turns"),
        ("Fireball", "{level|words} {level|tour|tours}", "fr", "deux tours"),
        ("Frost Bolt", "{level|words} {copies|copie|copies}", "fr", "un copies"),
        ("Fireball", "{text|No text.} / {school_label}", "en", "Deal 2 damage. / Fire"),
        ("Frost Bolt", "[{text|}] {text|*No text.*}", "en", "[] *No text.*"),
    ],
)
def test_a_template_draws_exactly_the_words_it_comes_to(
    tmp_path: Path, run: Run, card: str, template: str, language: str, printed: str
) -> None:
    drawn, *_ = _render(tmp_path / "adaptive", run, template, card=card, language=language)
    literal, *_ = _render(tmp_path / "literal", run, printed, card=card, language=language)
    assert drawn == literal
    other, *_ = _render(tmp_path / "other", run, printed + "!", card=card, language=language)
    assert drawn != other


def test_the_language_is_part_of_the_images_cache_key(tmp_path: Path, run: Run) -> None:
    """A number reads otherwise in French: a build must not keep the English image when
    game.yaml changes its language."""
    en = _render(tmp_path / "en", run, "{level|words}", language="en")
    fr = _render(tmp_path / "fr", run, "{level|words}", language="fr")
    assert en[0] != fr[0] and en[2] != fr[2]


def test_hyphenation_lets_a_long_word_fit_a_narrow_box(tmp_path: Path, run: Run) -> None:
    text = "Fais-le anticonstitutionnellement maintenant"
    options = {"language": "fr", "width": "0.8in", "align": "justify"}
    whole, whole_warnings, _ = _render(tmp_path / "whole", run, text, **options)
    broken, broken_warnings, _ = _render(
        tmp_path / "broken", run, text, hyphenate="true", **options
    )
    assert "RN101" in whole_warnings  # the word is wider than the box
    assert "RN101" not in broken_warnings
    assert whole != broken
    for root, expected in ((tmp_path / "whole", 3), (tmp_path / "broken", 0)):  # 3 spells
        checked = run("check", "tiny", "--project", root, "--format", "json")
        found = [f for f in json.loads(checked.stdout)["findings"] if f["code"] == "SC507"]
        assert len(found) == expected, checked.stdout  # check sets the text as render does
