from pathlib import Path

import pytest

from cardgen.errors import CardgenError
from cardgen.load.yaml import load_yaml, parse_yaml

DOC = """\
game: demo
cards:
  - name: Night Patrol
    cost: 2
  - name: Ember Rite
    cost: twelve
"""


def test_positions_of_values_are_one_based() -> None:
    doc = parse_yaml(DOC, "cards.yaml")
    assert doc.data["cards"][1]["cost"] == "twelve"
    where = doc.location(["cards", 1, "cost"])
    assert (where.line, where.col) == (6, 11)
    assert doc.location(["cards", 0]).line == 3
    assert doc.key_location(["cards", 1, "cost"]).line == 6


def test_unknown_path_falls_back_to_nearest_parent() -> None:
    doc = parse_yaml(DOC, "cards.yaml")
    assert doc.location(["cards", 1, "missing"]).line == 5


def test_syntax_error_names_the_line() -> None:
    with pytest.raises(CardgenError) as info:
        parse_yaml("a: 1\nb: [1, 2\nc: 3\n", "broken.yaml")
    # The list opened on line 2 is still open where line 3 starts a key: the parser finds
    # no `,` or `]` at its second character.
    message = info.value.format_message()
    assert message == "broken.yaml:3:2: invalid YAML: did not find expected ',' or ']'"


def test_duplicate_keys_are_refused() -> None:
    with pytest.raises(CardgenError, match="duplicate key") as info:
        parse_yaml("name: a\ntype: b\nname: c\n", "dup.yaml")
    assert info.value.location is not None and info.value.location.line == 3


def test_alias_bomb_is_refused() -> None:
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    for i, prev in zip("bcdefgh", "abcdefg", strict=True):
        bomb += f"{i}: &{i} [" + ", ".join([f"*{prev}"] * 10) + "]\n"
    with pytest.raises(CardgenError, match="alias bomb"):
        parse_yaml(bomb, "bomb.yaml")


LONGEST = 10**4300 - 1
"""The largest number Python prints (4,300 nines): a file may hold it, in any base."""


@pytest.mark.parametrize("base", ["decimal", "0x", "0o", "0b"])
def test_a_number_too_long_to_print_is_refused_in_any_base(base: str) -> None:
    """Python reads at most 4,300 decimal digits; YAML's 0x, 0o and 0b forms are read
    without that limit (5,000 hexadecimal digits were an internal error as they were
    printed): one past the largest printable number is refused at its line in every base."""
    largest, past = {
        "decimal": ("9" * 4300, "1" + "0" * 4300),  # Python cannot print 10**4300 itself
        "0x": (hex(LONGEST), hex(LONGEST + 1)),
        "0o": (oct(LONGEST), oct(LONGEST + 1)),
        "0b": (bin(LONGEST), bin(LONGEST + 1)),
    }[base]
    doc = parse_yaml(f"name: x\ncopies: 1\npower: {largest}\n", "p.yaml")
    assert doc.data["power"] == LONGEST
    with pytest.raises(CardgenError) as info:
        parse_yaml(f"name: x\ncopies: 1\npower: {past}\n", "p.yaml")
    assert info.value.format_message() == "p.yaml:3: invalid YAML: a number is too long"


def test_load_yaml_reads_a_file_with_bom(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_bytes("\ufeffname: Blubler’s\r\n".encode())
    assert load_yaml(path).data == {"name": "Blubler’s"}


ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted([*ROOT.glob("decks/*/*.yaml"), *ROOT.glob("layouts/*/*.yaml")])
BAD = [
    "a: 1\nb: 2\na: 3\n",
    "a:\n  b: 1\n c: 2\n",
    'a: "abc\nb: 1\n',
    "a:\n\tb: 1\n",
    "a: *nope\n",
    "a: &x 1\nb: &x 2\nc: *x\n",
    "x: [1, 2\n",
    "a: 1\n  b: 2\n",
    "a: &x [*x]\n",
    "cards:\n" + "- " * 150 + "x\n",
    "? " * 150 + "x\n",
    "a:\n" + "".join(" " * (i + 1) + f"k{i}:\n" for i in range(120)) + " " * 121 + "x\n",
    "a: &a {<<: *a, b: 1}\n",
    "- &big {"
    + ", ".join(f"k{i}: {i}" for i in range(1_000))
    + "}\n"
    + "".join(f"- {{<<: *big, name: C{i}}}\n" for i in range(120)),  # 120,000 keys merged
    (Path(__file__).parents[1] / "data" / "bad" / "deck" / "alias-deep.yaml").read_text(),
]
WITHIN_LIMITS = [
    "- " * 100 + "x\n",
    "text: |\n" + "".join(" " * (2 + 3 * i) + "- a: b ? c\n" for i in range(60)),
    "d: &d {type: hero, copies: 1}\nr: &r {copies: 3}\ncards:\n"
    "  - {<<: *d, name: A}\n  - <<: [*r, *d]\n    name: B\n",
]


def _pure(monkeypatch: pytest.MonkeyPatch) -> None:
    """Parse with ruamel's pure-Python parser, as where ruamel.yaml.clib is missing."""
    import ruamel.yaml.main

    monkeypatch.setattr(ruamel.yaml.main, "CParser", None)


def _outcome(text: str, shown: str) -> object:
    try:
        doc = parse_yaml(text, shown)
    except CardgenError as exc:
        assert exc.location is not None
        return ("error", exc.location.line)
    return (doc.data, doc.values, doc.keys)


def test_the_c_parser_is_the_one_used() -> None:
    from cardgen.load.yaml import _loader

    assert _loader().Parser.__name__ == "CParser"


def test_both_parsers_give_the_same_data_positions_and_error_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every example game and layout file, broken files and files at or past the limits
    of `yaml_limits`: libyaml's C parser and ruamel's pure-Python one give the same values,
    the same positions of every value and key, and errors on the same lines."""
    assert len(EXAMPLES) > 20
    texts = [(p.read_text(encoding="utf-8"), p.name) for p in EXAMPLES]
    texts += [(t, f"bad{i}.yaml") for i, t in enumerate(BAD)]
    texts += [(t, f"good{i}.yaml") for i, t in enumerate(WITHIN_LIMITS)]
    fast = [_outcome(text, shown) for text, shown in texts]
    _pure(monkeypatch)
    slow = [_outcome(text, shown) for text, shown in texts]
    for (_, shown), a, b in zip(texts, fast, slow, strict=True):
        assert a == b, shown
    assert sum(isinstance(o, tuple) and o[0] == "error" for o in fast) == len(BAD)


@pytest.mark.parametrize("pure", [False, True])
def test_messages_name_what_libyaml_leaves_out(pure: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if pure:
        _pure(monkeypatch)
    for text, words in (
        ("a:\n\tb: 1\n", "found character '\\t' that cannot start any token"),
        ("a: *nope\n", "found undefined alias 'nope'"),
        ("a: &x 1\nb: &x 2\n", "anchor &x is defined twice (first on line 1)"),
        ("a: 1\nb: 2\na: 3\n", "duplicate key"),
    ):
        with pytest.raises(CardgenError) as info:
            parse_yaml(text, "f.yaml")
        assert words in str(info.value), (text, str(info.value))


def test_a_merged_key_stands_where_its_anchor_wrote_it() -> None:
    doc = parse_yaml("base: &b\n  x: 1\n  y: 2\nd:\n  <<: *b\n  y: 3\n", "m.yaml")
    assert doc.data["d"] == {"x": 1, "y": 3}
    assert doc.location(["d", "x"]).line == 2  # in the anchor
    assert doc.location(["d", "y"]).line == 6  # its own
