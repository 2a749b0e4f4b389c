"""`text._count_first` reads a `4 Name` line exactly as the one pattern it replaces did.

The pattern held the characters a name touching its count's x or 枚 may start with
(`4x島`) as a class of kana and ideograph ranges, which `re` builds one character at a
time: 16 M instructions to compile, once a run. `_count_first` tests that character in
Python instead; every line here, and every line of the case decks, is read both ways.
"""
from __future__ import annotations

import itertools
import re

import pytest

import caseload
from deckcheck.decklists import text

_CJK = ("[\u3041-\u30fa\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff10-\uff19\uff21-\uff3a\uff41-\uff5a\uff66-\uff9d"
        "\u3008\u300a\u300c\u300e\uff62]")
# The pattern as it was (main at 314b0117), the reading _count_first must keep.
_ONE_PATTERN = re.compile(
    rf"^(?P<count>[+-]?\d+)(?:\s*{text._TIMES}|[{text._COUNTERS}])?(?:\s*[-\u2013\u2014:|])?"
    rf"(?:\s+|(?:(?<={text._TIMES})|(?<=\u679a))(?={_CJK}))(?P<name>\S.*)$"
)


def _reading(match: re.Match[str] | None) -> tuple | None:
    return None if match is None else (match.span(), match.groupdict())


def _edge_characters() -> list[str]:
    """Each range's first and last character and those beside them, and the quotes and theirs."""
    chars = []
    for low, high in text._CJK_NAME_RANGES:
        chars += [chr(ord(low) - 1), low, high, chr(ord(high) + 1)]
    for quote in text._CJK_NAME_QUOTES:
        chars += [chr(ord(quote) - 1), quote, chr(ord(quote) + 1)]
    return chars + ["L", "é", "\u3000", "\u3001", "\uff1a", "【", "-", ":"]


_HEADS = ["4x", "4X", "4 x", "4×", "4 ×", "3ｘ", "2х", "2Х", "3枚", "3 枚", "3장", "3张", "3張", "4 - x", "4x-", "4x ",
          "4x\t", "4 ", "+4x", "-1枚", "12 x ", "4:", "4x|"]


@pytest.mark.parametrize("head", _HEADS)
def test_a_name_touching_the_count_reads_as_the_one_pattern_read_it(head):
    for char, tail in itertools.product(_edge_characters(), ["", "name", " name", "島"]):
        line = head + char + tail
        assert _reading(text._count_first(line)) == _reading(_ONE_PATTERN.match(line)), line


def test_the_case_decks_lines_read_as_the_one_pattern_read_them():
    decks = [case["deck"] for folder in ("rules", "decklists") for _, case in caseload.all_cases(folder, kind="deck")]
    lines = {line.strip() for deck in decks for line in deck.splitlines()}
    assert len(lines) > 500
    for line in lines:
        assert _reading(text._count_first(line)) == _reading(_ONE_PATTERN.match(line)), line
