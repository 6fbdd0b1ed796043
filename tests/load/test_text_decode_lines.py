"""A spreadsheet export that is not valid in the encoding it is read as is refused at the
line (and the file's byte) of its first bad character; a fuzz property found one refused
with no line."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from cardgen.errors import CardgenError, display_path
from cardgen.load.text import read_exported_text


@pytest.mark.parametrize(
    ("shown", "bom", "units", "bad"),
    [
        ("UTF-16-BE", b"", "utf-16-be", b"\xdc\x00"),  # no BOM: the order told by its NULs
        ("UTF-16-LE", b"", "utf-16-le", b"\x00\xdc"),
        ("UTF-16", codecs.BOM_UTF16_LE, "utf-16-le", b"\x00\xdc"),
        ("UTF-8-SIG", codecs.BOM_UTF8, "utf-8", b"\xff"),
    ],
)
def test_a_bad_character_is_named_at_its_line(
    tmp_path: Path, shown: str, bom: bytes, units: str, bad: bytes
) -> None:
    body = "name,power\r\nAria,3\nBo,2\n".encode(units)  # the bad character starts line 4
    path = tmp_path / "cards.csv"
    path.write_bytes(bom + body + bad + "x\n".encode(units))
    with pytest.raises(CardgenError) as info:
        read_exported_text(path)
    at = len(bom) + len(body)
    assert info.value.format_message() == (
        f"{display_path(path)}:4: not valid {shown} text (at byte {at:,}); save the file as UTF-8"
    )
