"""The line column of `-o text` problem lines: `line N` padded to 9 columns, so a list of
under 10,000 lines keeps its layout, and widened for the whole block by the longest `line N`
of it when a problem sits on line 10,000 or later (a huge pasted list, a cube, an XML file
of blank lines), so zones and rule ids stay in their columns. Through the installed command,
as a player runs it (tests/test_cli_cases.py's clean environment: the built-in card data).
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

from conftest import deckcheck_executable
from test_cli_cases import clean_env

PROBLEM_LINE = re.compile(r"^  (line \d+ *|  +)(main|commander|sideboard) ")


def _validate(tmp_path: Path, text: str, name: str = "huge.txt") -> list[str]:
    deck = tmp_path / name
    deck.write_text(text, encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    done = subprocess.run(
        [str(deckcheck_executable()), "validate", str(deck), "-f", "mtg/modern", "--date", "2024-06-01"],
        capture_output=True, text=True, env=clean_env(home), timeout=300,
    )
    assert "Traceback" not in done.stderr
    assert done.returncode == 1, done.stdout + done.stderr
    return [line for line in done.stdout.splitlines() if line.startswith("  ")]


def _zone_columns(lines: list[str]) -> set[int]:
    """Where each problem line's zone starts."""
    found = set()
    for line in lines:
        match = PROBLEM_LINE.match(line)
        assert match, line
        found.add(match.start(2))
    return found


def _card(count: int, name: str) -> str:
    return f'<Cards CatID="1" Quantity="{count}" Sideboard="false" Name="{name}" />'


def test_problems_past_line_100000_keep_one_zone_column(tmp_path):
    # XML: a text is read to its 40,000th line at most (MAX_DECK_LINES), an XML file is
    # bounded by its elements, whatever the lines between them.
    lines = (['<?xml version="1.0" encoding="utf-8"?>', "<Deck>", _card(4, "Lightening Bolt")] + [""] * 99_990
             + [_card(3, "Brainstrom")] + [""] * 900_000 + [_card(2, "Counterspel"), _card(51, "Mountain"), "</Deck>"])
    shown = _validate(tmp_path, "\n".join(lines) + "\n", "huge.dek")
    assert [line.split()[1] for line in shown if line.lstrip().startswith("line")] == ["3", "99994", "999995"]
    assert _zone_columns(shown) == {len("  line 999995 ")}, "\n".join(shown)


def test_a_list_under_10000_lines_keeps_the_nine_column_line_cell(tmp_path):
    shown = _validate(tmp_path, "4 Lightening Bolt\n" + "\n" * 9_990 + "3 Brainstrom\n53 Mountain\n")
    assert shown[0].startswith("  line 1    main       unknown-card     ")
    assert shown[1].startswith("  line 9992 main       unknown-card     ")
