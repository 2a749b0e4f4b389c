"""The castable-on-curve table of `deckcheck simulate --cast`'s text report: it fits an
80-column terminal at the defaults and loses nothing (every spell's whole name, its cost,
turn and sources, and each side's chance and chance given the land drops as `-o json` gives
them to two decimals, with their standard errors when sampled), each value in its own spell's
row. It was 91 to 94 columns for the README's Burn deck, whose heading alone was 95, so a
terminal broke every row at its edge; and 83 to 103 for four colors of sources, two digits
each (Atraxa, Grand Unifier) or hybrid pairs (Leyline of the Guildpact), which now go on a
line under the row (review31h finding 5)."""
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
    ("two-digit-sources", ["--cast", "Atraxa, Grand Unifier", "--cast", "Llanowar Elves", "--cast", "Counterspell"]),
    ("hybrid", ["--cast", "Leyline of the Guildpact", "--cast", "Atraxa, Grand Unifier", "--hands", "2000", "--seed", "5"]),
    # A cost too long beside the names even without the sources (a policy's `costs:`) goes under the row too.
    ("long-cost", ["--cast", "Counterspell", "--cast", "Llanowar Elves", "--hands", "2000", "--seed", "1"]),
]
POLICIES = {"long-cost": 'costs: {Counterspell: "{W}{W}{W}{U}{U}{U}{B}{B}{B}{G}{G}{G}"}\n'}
FOUR_COLORS = "10 Plains\n10 Island\n10 Swamp\n10 Forest\n20 Llanowar Elves\n"
DECKS = {"four-colors": FOUR_COLORS,
         "two-digit-sources": "10 Plains\n12 Island\n12 Swamp\n10 Forest\n12 Llanowar Elves\n4 Atraxa, Grand Unifier\n",
         "hybrid": "10 Plains\n12 Island\n12 Swamp\n10 Forest\n12 Llanowar Elves\n4 Leyline of the Guildpact\n",
         "long-cost": "10 Plains\n12 Island\n12 Swamp\n10 Forest\n12 Llanowar Elves\n4 Counterspell\n"}
# A line under a row that holds what its row left out (the sources, then a long cost).
UNDER = ("cost: ", "sources: ")


def _table(text: str) -> list[str]:
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(HEADING))
    end = next((i for i in range(start + 1, len(lines)) if not lines[i].startswith("  ")), len(lines))
    return lines[start:end]


def _rows(table: list[str]) -> list[tuple[str, str]]:
    """(name, the rest of its row and the lines under it) of each spell, a name carried on
    under its row (a line four blanks deep) joined to it."""
    rows: list[list[str]] = []
    header = next(i for i, line in enumerate(table) if line.startswith("  card "))
    for line in table[header + 1:]:
        assert line[2] != " " or rows, line
        if line[2] != " ":
            name, _, rest = line[2:].partition("  ")
            rows.append([name, rest])
        elif line[4] != " " and not line[4:].startswith(UNDER):
            part, _, rest = line[4:].partition("  ")
            rows[-1] = [f"{rows[-1][0]} {part}", f"{rows[-1][1]}\n{rest}"]
        else:
            rows[-1][1] += f"\n{line}"
    return [(name, rest) for name, rest in rows]


@pytest.mark.parametrize("name, options", CASES, ids=[case[0] for case in CASES])
def test_castable_table_fits_80_columns_and_keeps_every_value(cli, tmp_path, name, options):
    deck = BURN
    if name in DECKS:
        deck = tmp_path / f"{name}.txt"
        deck.write_text(DECKS[name], encoding="utf-8")
    if name in POLICIES:
        policy = tmp_path / "policy.yaml"
        policy.write_text(POLICIES[name], encoding="utf-8")
        options = [*options, "--policy", str(policy)]
    text = cli("simulate", str(deck), "-f", "mtg/modern", *options)
    assert text.returncode == 0, text.stderr
    report = json.loads(cli("simulate", str(deck), "-f", "mtg/modern", *options, "-o", "json").stdout)
    table = _table(text.stdout)
    body = "\n".join(table)
    assert not [line for line in table if columns(line) > TEXT_WIDTH], body
    rows = _rows(table)
    assert [name for name, _ in rows] == list(report["castable"]), body
    for (spell, data), (_, row) in zip(report["castable"].items(), rows):
        # Each value in its own spell's row (or the lines under it), in order: the chances,
        # then their standard errors; and its cost and sources there too.
        assert data["cost"] in row and " ".join(f"{k} {v}" for k, v in data["sources"].items()) in row, (spell, body)
        wanted = [f"{data['sides'][side][key] * 100:.2f}" for side in ("play", "draw") for key in ("p", "p_given_land_drops")]
        if "standard_errors" in data:
            wanted += [f"±{data['standard_errors'][side][key] * 100:.2f}"
                       for side in ("play", "draw") for key in ("p", "p_given_land_drops")]
        assert _NUMBER.findall(row) == wanted, (spell, wanted, body)
