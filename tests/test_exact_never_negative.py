"""Exact mode never reports a negative probability: where the last hand sizes are kept for
certain, the float sum of the earlier steps can pass 1 by an ulp, and the rest of the
schedule was then weighted by a negative reach ("-0.00%" in text, -1.1e-16 in JSON)."""
from __future__ import annotations

import json

import pytest

from conftest import run_cli

# 96 lands of 98 cards: a hand of 5 or fewer cards always holds at most 5 lands after the
# London mulligan's bottoming, so every size below 5 is reached with probability 0.
DECK = """\
Commander
1 Atraxa, Praetors' Voice

Deck
1 Sol Ring
1 Arcane Signet
30 Forest
30 Island
36 Plains
"""


@pytest.mark.parametrize("fmt", ["mtg/commander", "mtg/modern"])
def test_no_negative_probability(tmp_path, fmt):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK if fmt == "mtg/commander" else DECK.split("Deck\n", 1)[1], encoding="utf-8")
    done = run_cli("simulate", str(deck), "-f", fmt, "--keep", "2 <= lands <= 5", "-o", "json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    for table in ("keep", "mulligans", "lands_in_kept_hand"):
        values = report[table].values()
        assert all(value >= 0.0 for value in values), (table, report[table])
        assert sum(values) == pytest.approx(1.0)
    text = run_cli("simulate", str(deck), "-f", fmt, "--keep", "2 <= lands <= 5")
    assert text.returncode == 0, text.stderr
    assert "-0.00%" not in text.stdout
