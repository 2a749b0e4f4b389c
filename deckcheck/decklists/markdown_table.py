"""A decklist written as a Markdown table, as lists are posted on Reddit or a wiki:

    | Qty | Card           |
    |-----|----------------|
    | 4   | Lightning Bolt |

A table is read only under a header that names a count column and a card column (the names
a CSV export's header gives them: `Qty`, `Count`, `Quantity`; `Card`, `Name`, `Card Name`)
above its `|---|` separator: each row is then the line `COUNT Name`, the text parser's own,
so what a line may hold (`4x`, `[[Name]]`, `**Sideboard**`) holds in a cell too, and the
columns a list adds (a set, a type, a price) are left out. A table whose header names no
such columns is one parse error at its header, its rows skipped: guessing which cell is
the card would read a price or a type as cards, and so is a row under no header.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from ..lazy_pattern import lazy
from ..limits import MAX_LINE_CHARS

# The column names of a count and of a card name, as a CSV export's header gives them
# (text.py's reading of a CSV export's header uses these too).
COUNT_COLUMNS = frozenset({"count", "quantity", "qty", "amount", "copies"})
NAME_COLUMNS = frozenset({"name", "card name", "card", "cardname", "card_name"})

_SEPARATOR_CELL = lazy(r":?-+:?")
# A row under no header: which cell is the card is not said (a row's third cell may be a set).
ROW_WITHOUT_HEADER = ("a Markdown table row without the table's header: put `| Qty | Card |` and `|---|---|` "
                      "above its rows, or write `4 Card Name` lines")
# A table's row that sums it (`| 60 | **Total** |`), as lists word it: `Totals`, `Total:
# 60`, `Total (60 cards)`, `Total cards`, `Main deck total`, `Sideboard Total:`, `Sum`, and
# the boxes of Konami's Yu-Gi-Oh! deck list form, which sums each section (`Total Monster
# Cards: 15`, `Total Spell Cards`, `Total Side Deck: 3`, `Extra Deck Total`). No card is
# named so (Total War and Total Defense Shogun go on: the words after `total` are a count,
# `cards`, a deck or a card kind, or nothing). The blanks after the colon and after the
# parenthesis are only theirs (`\s*(?::\s*)?(?:\(\s*)?`, not `\s*:?\s*\(?\s*`): runs that
# could meet were tried at every split of a cell's run of blanks, a row of 1,000 characters 25 s.
_SUMMED = r"(?:main|main\s*deck|side\s*board|side\s*deck|extra\s*deck|deck|grand|(?:monster|spell|trap)s?(?:\s+cards)?)"
# A Japanese list's total: 合計 or 計 (`合計：40枚`, `計40枚`), after a deck's or a card kind's
# name too (`メインデッキ合計 40枚`); a Chinese one's 合计 or 总计 (`合计：40张`, `主卡组合计`).
# No card's Japanese name starts with any of them.
_SUMMED_JA = (r"(?:(?:(?:メイン|エクストラ|EX|サイド)デッキ|モンスター|魔法|罠)?(?:カード)?\s*(?:合計|総計|計)"
              r"|(?:(?:主|额外|副)卡组)?\s*(?:合计|总计))")
_TOTAL_ROW = lazy(
    rf"(?:(?:{_SUMMED}\s+)?(?:totals?(?:\s+(?:cards|{_SUMMED}))?|sum)|{_SUMMED_JA})"
    rf"\s*(?::\s*)?(?:(?:\(\s*)?\d+(?:\s+cards|\s*[枚张])?\s*\)?)?",
    re.IGNORECASE,
)
_EMPHASIS = "*_` "


class TotalRow(tuple):
    """What `row` gives a table's total row (`| **Total** | 60 |`): its count and name cells,
    no card but a number the list states (decklists/stated.py compares it with the cards;
    the row's other cells, a price's sum, are left out)."""

    __slots__ = ()


def total_said(row: tuple[str, ...]) -> str:
    """A TotalRow as the total it states (`Total 60`): its cells without their emphasis,
    the name's first."""
    return " ".join(cell.strip(_EMPHASIS) for cell in reversed(row) if cell)


def is_total(name: str) -> bool:
    """Whether a row's name cell (or a spreadsheet row's first column) sums the list."""
    return _TOTAL_ROW.fullmatch(name.strip(_EMPHASIS)) is not None


def _cells(line: str) -> list[str]:
    """The cells of a table row, `| 4 | Lightning Bolt |` -> ['4', 'Lightning Bolt'] (the
    outer bars are optional in Markdown; no card name holds a bar)."""
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") else inner
    return [cell.strip() for cell in inner.split("|")]


def is_separator(line: str) -> bool:
    """Whether `line` is a table's `|---|:---:|` line (or `---|---`), below its header."""
    return "|" in line and all(_SEPARATOR_CELL.fullmatch(cell.replace(" ", "")) for cell in _cells(line))


class MarkdownTable:
    """The table being read, from its header to the first line that is no row of it."""

    def __init__(self, header: str) -> None:
        names = [cell.strip(_EMPHASIS).lower() for cell in _cells(header)]
        self.count = next((i for i, name in enumerate(names) if name in COUNT_COLUMNS), None)
        self.name = next((i for i, name in enumerate(names) if name in NAME_COLUMNS), None)
        self.header = ", ".join(cell.strip(_EMPHASIS) for cell in _cells(header))

    @staticmethod
    def starts(line: str, following: str | None) -> bool:
        """Whether `line` is a table's header: cells between bars (the outer ones may be left
        out, `Qty | Card`), with the separator below it. Neither is longer than any decklist
        line (MAX_LINE_CHARS; the text parser reports such a line): a header of thousands of
        columns was quoted whole in its problem, and a separator of 4 MiB of bars split into
        four million cells (100 MB) to be told one."""
        return ("|" in line and following is not None and "-" in following
                and len(line) <= MAX_LINE_CHARS and len(following) <= MAX_LINE_CHARS and is_separator(following))

    @property
    def readable(self) -> bool:
        return self.count is not None and self.name is not None

    def problem(self) -> str:
        """Why the table is not read, for its header's parse error."""
        return (f"a Markdown table without a count column and a card column (its header: {self.header}): "
                "give its header `| Qty | Card |`, or write the list as `4 Card Name` lines")

    def row(self, line: str) -> tuple[str, str] | None:
        """The row's count and name cells (a row without a count, `| | Sideboard |`, has ""
        for it); a TotalRow of them for the table's total (its word in either cell); None for a row
        without a name, or the separator."""
        if is_separator(line):
            return None
        cells: Sequence[str] = _cells(line)
        assert self.count is not None and self.name is not None
        name = cells[self.name] if self.name < len(cells) else ""
        count = cells[self.count] if self.count < len(cells) else ""
        if not name:
            return None
        if is_total(name) or is_total(count):
            # The word may stand in the count column, the sum under the card's (`| **Total** | 60 |`).
            return TotalRow((count, name))
        return count, name
