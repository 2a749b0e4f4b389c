"""Cells a spreadsheet shows instead of evaluating (OWASP "CSV injection").

A spreadsheet opening a CSV file evaluates a cell that starts with `=`, `+`, `-` or `@` (or a
tab or carriage return before one) as a formula, so a player or card name such as
`=HYPERLINK(...)` could run on an organiser's machine. Such text gets a leading `'`, which
spreadsheets hide; numbers are never text here, so negative numbers stay numbers. Blanks
before a formula start do not make it safe: a spreadsheet that trims them on import
(LibreOffice's "Trim spaces", Google Sheets) evaluates ` =HYPERLINK(...)` as well.
"""
from __future__ import annotations

from typing import Any

# Formula starters, and the full-width forms some spreadsheets accept as well.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def cell(value: Any) -> Any:
    """`value` for a CSV cell: text that a spreadsheet would evaluate is quoted with `'`."""
    if isinstance(value, str) and (
        value.startswith(FORMULA_STARTS) or (value[:1].isspace() and value.lstrip().startswith(FORMULA_STARTS))
    ):
        return "'" + value
    return value
