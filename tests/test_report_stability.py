"""Every reporter's bytes stay what they were: validate, batch (teams, hostile names), simulate
and check on the small corpus of report_stability.py, through the installed command, against
the outputs kept in tests/reports/ (SARIF without its rule documentation).

A deliberate change of a report regenerates them, and the diff shows what changed:

    python tests/report_stability.py capture tests/reports --small
"""
from __future__ import annotations

from pathlib import Path

from report_stability import collect, differences, without_rule_docs

KEPT = Path(__file__).resolve().parent / "reports"


def test_reports_are_byte_identical_to_the_kept_ones():
    kept = {name: without_rule_docs(name, data) for name, data in collect(decks=0, small=True, only=None).items()}
    assert len(kept) == 75
    assert differences(KEPT, kept) == []
