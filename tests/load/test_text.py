from pathlib import Path

import pytest

from cardgen.errors import CardgenError
from cardgen.load.text import read_text


def test_bom_and_crlf_are_normalised(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_bytes("\ufeffone\r\ntwo\rthree\n".encode())
    assert read_text(path) == "one\ntwo\nthree\n"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "file is empty"),
        (b"  \n\n", "file is empty"),
        (b"ok\n\x00\x01\x02", "binary file"),
        (b"caf\xe9\n", "not UTF-8"),
    ],
)
def test_bad_files_name_the_problem(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    with pytest.raises(CardgenError, match=message) as info:
        read_text(path)
    assert "bad.txt" in info.value.format_message()


def test_not_utf8_names_the_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "latin.txt"
    path.write_bytes(b"first\nsecond caf\xe9\n")
    with pytest.raises(CardgenError) as info:
        read_text(path)
    assert info.value.location is not None
    assert (info.value.location.line, info.value.location.col) == (2, 11)


def test_a_folder_is_not_a_file(tmp_path: Path) -> None:
    with pytest.raises(CardgenError, match="is a folder"):
        read_text(tmp_path)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(CardgenError, match="no such file"):
        read_text(tmp_path / "nope.txt")
