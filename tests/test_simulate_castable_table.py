"""The castable-on-curve table of `deckcheck simulate --cast`'s text report: it fits an
80-column terminal at the defaults and loses nothing (every spell's whole name, its cost,
turn and sources, and each side's chance and chance given the land drops as `-o json` gives
them to two decimals, with their standard errors when sampled). It was 91 to 94 columns for
the README's Burn deck, whose heading alone was 95, so a terminal broke every row at its edge."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from deckcheck.report.style import TEXT_WIDTH, columns

ROOT = Path(__file__).resolve().parent.parent
BURN = ROOT / "examples" / "burn-modern.txt"
HEADING = "Castable on curve"
_NUMBER = re.compile(r"±?\d+\.\d\d")

CASES = [
    ("exact", ["--cast", "Lightning Bolt", "--cast", "Eidolon of the Great Revel", "--cast", "Skewer the Critics"]),
    ("monte-carlo", ["--cast", "Lightning Bolt", "--cast", "Eidolon of the Great Revel", "--cast", "Lightning Helix",
                     "--hands", "2000", "--seed", "3"]),
    ("four-colors", ["--cast", "Atraxa, Praetors' Voice", "--cast", "Counterspell", "--hands", "2000"]),
]

# Where the table cannot fit 80 columns, how wide it is: a four-color cost ({G}{W}{U}{B}, 12
# columns) and four colors of sources (19) beside names of 12 columns, the narrowest, and
# four 5-column values: 2 + 12 + 2 + 12 + 2 + 4 + 2 + 19 + 4 * 7.
WIDEST = {"four-colors": 83}


def _table(text: str) -> list[str]:
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(HEADING))
    end = next((i for i in range(start + 1, len(lines)) if not lines[i].startswith("  ")), len(lines))
    return lines[start:end]


def _rows(table: list[str]) -> list[tuple[str, str]]:
    """(name, the rest of its row) of each spell, a name carried on under its row (a line
    four blanks deep) joined to it."""
    rows: list[tuple[str, str]] = []
    header = next(i for i, line in enumerate(table) if line.startswith("  card "))
    for line in table[header + 1:]:
        if line[2] != " ":
            name, _, rest = line[2:].partition("  ")
            rows.append((name, rest))
        elif line[4] != " ":
            assert rows, line
            rows[-1] = (f"{rows[-1][0]} {line[4:].partition('  ')[0]}", rows[-1][1])
    return rows


@pytest.mark.parametrize("name, options", CASES, ids=[case[0] for case in CASES])
def test_castable_table_fits_80_columns_and_keeps_every_value(cli, tmp_path, name, options):
    deck = BURN
    if name == "four-colors":
        deck = tmp_path / "four-color.txt"
        deck.write_text("10 Plains\n10 Island\n10 Swamp\n10 Forest\n20 Llanowar Elves\n", encoding="utf-8")
    text = cli("simulate", str(deck), "-f", "mtg/modern", *options)
    assert text.returncode == 0, text.stderr
    report = json.loads(cli("simulate", str(deck), "-f", "mtg/modern", *options, "-o", "json").stdout)
    table = _table(text.stdout)
    assert not [line for line in table if columns(line) > WIDEST.get(name, TEXT_WIDTH)], "\n".join(table)
    body = "\n".join(table)
    assert [name for name, _ in _rows(table)] == list(report["castable"]), body
    for spell, data in report["castable"].items():
        assert data["cost"] in body and " ".join(f"{k} {v}" for k, v in data["sources"].items()) in body
        wanted = [f"{data['sides'][side][key] * 100:.2f}" for side in ("play", "draw") for key in ("p", "p_given_land_drops")]
        if "standard_errors" in data:
            wanted += [f"±{data['standard_errors'][side][key] * 100:.2f}"
                       for side in ("play", "draw") for key in ("p", "p_given_land_drops")]
        found = [number for line in table for number in _NUMBER.findall(line)]
        assert all(value in found for value in wanted), (spell, wanted, body)
