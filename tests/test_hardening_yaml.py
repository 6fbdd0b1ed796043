"""Hostile YAML through the real `cardgen` command, in a process of its own with bounded
memory and CPU time (so a crash shows as its signal, a memory bomb as a failure, and
neither takes the test run with it): deep block nesting (libyaml's composer recursed in C
until the process died), merge-key bombs, aliases nested past the limit. Each gets exit 2
and its one line. Small cases are in the corpus
(`tests/data/bad/`), big ones are made here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests import forked
from tests.conftest import TINY_CARDS, TINY_GAME

BAD = Path(__file__).parent / "data" / "bad"
LAYOUT = "extends: builtin:card\ndpi: 50\n"
CPU_S = 6.0
"""CPU seconds a case may take (room for Python's own start-up, about 1 s, which a forked
process does not pay)."""
_CODE = (
    "import resource, sys\n"
    "resource.setrlimit(resource.RLIMIT_AS, (1024 ** 3,) * 2)\n"
    "resource.setrlimit(resource.RLIMIT_CPU, (60, 60))\n"
    "from cardgen.cli import run\n"  # as the installed `cardgen` runs
    "run(sys.argv[1:])\n"
)


@dataclass(frozen=True)
class Done:
    code: int
    out: str
    err: str
    cpu: float


def cardgen(root: Path, *args: str) -> Done:
    """`cardgen ARGS --project .` run in `root` (so paths are shown relative to it), in a
    process of its own forked with cardgen's modules imported (`tests.forked`)."""
    done = forked.run(_CODE, [*args, "--project", "."], timeout=300, cwd=root)
    return Done(done.returncode, done.stdout, done.stderr, done.cpu)  # CPU: busy machines vary


def project(root: Path, cards: str = TINY_CARDS, pool: str = "cards.csv") -> Path:
    folder = root / "decks" / "tiny"
    (folder / "decks").mkdir(parents=True)
    (folder / "game.yaml").write_text(TINY_GAME, encoding="utf-8")
    (folder / pool).write_text(cards, encoding="utf-8")
    (root / "layouts" / "tiny").mkdir(parents=True)
    for name in ("hero.yaml", "spell.yaml"):
        (root / "layouts" / "tiny" / name).write_text(LAYOUT, encoding="utf-8")
    return root


def assert_one_line(done: Done, line: str) -> None:
    """Exit 2 (a crash would be -11, SIGSEGV), exactly this one line on stderr, quick."""
    assert done.code == 2, (done.code, done.err[-2000:])
    assert done.err == f"error: {line}\n", done.err[-2000:]
    assert done.cpu < CPU_S, done.cpu


def _deck(root: Path, name: str, text: str) -> Done:
    (root / "decks" / "tiny" / "decks" / name).write_text(text, encoding="utf-8")
    return cardgen(root, "validate", f"decks/tiny/decks/{name}")


def _pool(root: Path, text: str) -> Done:
    (root / "decks" / "tiny" / "cards.csv").unlink()
    (root / "decks" / "tiny" / "cards.yaml").write_text(text, encoding="utf-8")
    return cardgen(root, "cards", "tiny")


def _layout(root: Path, text: str) -> Done:
    (root / "layouts" / "tiny" / "hero.yaml").write_text(text, encoding="utf-8")
    return cardgen(root, "render", "tiny", "--only", "Aria", "--jobs", "1")


DEEP = "invalid YAML: nested more than 100 deep"


@pytest.mark.parametrize("levels", [20_000, 30_000])
def test_a_deck_list_nested_thousands_deep(tmp_path: Path, levels: int) -> None:
    """`cards:` then `- ` 30,000 times (60 KB) crashed the process (exit 139)."""
    done = _deck(project(tmp_path), "deep.yaml", "game: tiny\ncards:\n" + "- " * levels + "x\n")
    assert_one_line(done, f"decks/tiny/decks/deep.yaml:3: {DEEP}")


def test_a_layout_nested_100000_deep(tmp_path: Path) -> None:
    done = _layout(project(tmp_path), LAYOUT + "elements:\n" + "- " * 100_000 + "x\n")
    assert_one_line(done, f"layouts/tiny/hero.yaml:4: {DEEP}")


def test_a_pool_of_100000_explicit_keys(tmp_path: Path) -> None:
    done = _pool(project(tmp_path), "? " * 100_000 + "x\n")
    assert_one_line(done, f"decks/tiny/cards.yaml:1: {DEEP}")


def test_a_pool_nested_by_indentation(tmp_path: Path) -> None:
    """Mappings nested by indentation alone, one level a line."""
    text = "".join(" " * level + f"k{level}:\n" for level in range(1_200)) + " " * 1_200 + "x\n"
    done = _pool(project(tmp_path), text)
    assert_one_line(done, f"decks/tiny/cards.yaml:101: {DEEP}")


def _merge_pool(cards: int, keys: int) -> str:
    """A pool of `cards` cards, each merging the first card's mapping of `keys` keys."""
    base = "".join(f"  k{i}: {i}\n" for i in range(keys))
    merged = "".join(
        f"- {{<<: *big, name: Card {i}, type: hero, copies: 1, power: 1}}\n" for i in range(cards)
    )
    return f"- &big\n{base}  name: Base\n  type: hero\n  copies: 1\n  power: 1\n{merged}"


def test_a_pool_of_1000_cards_each_merging_900_keys(tmp_path: Path) -> None:
    """It ran past 60 s towards some 900,000 errors; the merges are counted before they are
    made, and the file refused at the merge that goes past the limit: one line, never
    900,000."""
    done = _pool(project(tmp_path), _merge_pool(1_000, 900))
    # cards start on line 906, each merge copies 904 pairs (900 keys and 4 fields)
    line = 906 + 100_000 // 904  # the first card whose merge makes it more than 100,000
    assert_one_line(
        done,
        f"decks/tiny/cards.yaml:{line}: YAML merge keys (<<) copy more than 100,000 keys"
        " (a merge bomb?)",
    )


MERGES = "YAML merge keys (<<) copy more than 100,000 keys (a merge bomb?)"
CORPUS: list[tuple[str, str]] = [
    ("deck/merge-chain.yaml", f"merge-chain.yaml:19: {MERGES}"),
    ("deck/deep-block.yaml", f"deep-block.yaml:3: {DEEP}"),
    (
        "deck/alias-deep.yaml",
        "alias-deep.yaml:5: YAML nests more than 100 deep once its aliases are expanded",
    ),
    ("pool/deep-keys.yaml", f"cards.yaml:1: {DEEP}"),
    ("pool/merge-self.yaml", "cards.yaml:1: YAML merge key (<<) merges a mapping into itself"),
    ("layout/deep-block/hero.yaml", f"hero.yaml:4: {DEEP}"),
]


@pytest.mark.parametrize(("case", "line"), CORPUS, ids=[c[0] for c in CORPUS])
def test_the_corpus(tmp_path: Path, case: str, line: str) -> None:
    """The corpus's hostile YAML files, each in its place in the tiny game. The merge
    chain (1.5 KB) reached 2.97 GB after 150 s: here, within 1 GB and seconds."""
    root = project(tmp_path)
    text = (BAD / case).read_text(encoding="utf-8")
    kind = case.split("/", 1)[0]
    if kind == "deck":
        done = _deck(root, Path(case).name, text)
        where = "decks/tiny/decks/"
    elif kind == "pool":
        done = _pool(root, text)
        where = "decks/tiny/"
    else:
        done = _layout(root, text)
        where = "layouts/tiny/"
    assert_one_line(done, where + line)


def test_merges_within_the_limit_build(tmp_path: Path) -> None:
    """What designers write: a pool whose cards merge their defaults, a layout whose
    elements merge a style; the merged values reach the cards."""
    pool = (
        "- &hero\n  name: Aria\n  type: hero\n  copies: 1\n  power: 5\n  text: Brave.\n"
        "- {<<: *hero, name: Borin, power: 7}\n"
        + "".join(f"- {{<<: *hero, name: Recruit {n}}}\n" for n in range(200))
    )
    root = project(tmp_path, pool, pool="cards.yaml")
    (root / "layouts" / "tiny" / "hero.yaml").write_text(
        LAYOUT + "elements:\n"
        "  title: &label {kind: text, text: '{name}', size: 9, color: '#202020',"
        " x: 10, y: 10, width: 100, height: 20}\n"
        "  power: {<<: *label, text: '{power}', y: 40}\n",
        encoding="utf-8",
    )
    done = cardgen(root, "cards", "tiny", "--format", "json")
    assert done.code == 0, done.err
    cards = {card["name"]: card for card in json.loads(done.out)["cards"]}
    assert len(cards) == 202
    assert {k: cards["Borin"][k] for k in ("type", "copies", "power", "text")} == {
        "type": "hero",
        "copies": 1,
        "power": 7,
        "text": "Brave.",
    }
    assert cards["Recruit 199"]["power"] == 5
    rendered = cardgen(root, "render", "tiny", "--only", "Borin", "--jobs", "1")
    assert rendered.code == 0, rendered.err
    # The merged style drawn as if written out in full: the same pixels.
    merged = (root / "output" / "tiny" / "cards" / "borin.png").read_bytes()
    (root / "layouts" / "tiny" / "hero.yaml").write_text(
        LAYOUT + "elements:\n"
        "  title: {kind: text, text: '{name}', size: 9, color: '#202020',"
        " x: 10, y: 10, width: 100, height: 20}\n"
        "  power: {kind: text, text: '{power}', size: 9, color: '#202020',"
        " x: 10, y: 40, width: 100, height: 20}\n",
        encoding="utf-8",
    )
    written = cardgen(root, "render", "tiny", "--only", "Borin", "--jobs", "1")
    assert written.code == 0, written.err
    assert (root / "output" / "tiny" / "cards" / "borin.png").read_bytes() == merged
    unmerged = (root / "layouts" / "tiny" / "hero.yaml").read_text(encoding="utf-8")
    (root / "layouts" / "tiny" / "hero.yaml").write_text(unmerged.replace("y: 40", "y: 60"))
    moved = cardgen(root, "render", "tiny", "--only", "Borin", "--jobs", "1")
    assert moved.code == 0, moved.err
    assert (root / "output" / "tiny" / "cards" / "borin.png").read_bytes() != merged
