"""The text and GitHub batch writers count the results they are handed themselves (not a
`stream.Totals`, which every row paid for a second time): a BatchReport a library caller
built, whose `totals` never counted, prints its summary, verdicts and card-data notes as
`deckcheck batch`'s report does."""
from __future__ import annotations

import datetime as dt

from deckcheck.batch import BatchReport
from deckcheck.batch.registration import Registration
from deckcheck.freshness import AsOf
from deckcheck.problem import Problem
from deckcheck.report import deliver_batch, load
from deckcheck.result import DeckResult, Report

FRESH = AsOf(dt.date(2026, 8, 31), "paper", dt.date(2026, 9, 2), dt.date(2026, 6, 14))
STALE = AsOf(dt.date(2027, 1, 1), "mtgo", dt.date(2026, 9, 2), None, card_data_brings_lists=True)
LATER = AsOf(dt.date(2027, 2, 1), "paper", dt.date(2026, 9, 2), None, hint="update deckcheck")


def _batch(tmp_path) -> BatchReport:
    """Five decks: two illegal (one error; two errors and a warning), the card-data notes
    of two results twice and once, a row without a player or a team."""
    error = Problem("banned", "Brainstorm is banned", "error", card="Brainstorm")
    other = Problem("copy-limit", "5 copies of Ponder", "error", card="Ponder")
    warning = Problem("unknown-card", "no card is named Pondr", "warning", card="Pondr")
    problems = [[], [error], [], [other, error, warning], [warning]]
    results = [
        DeckResult(f"deck{index}.txt", "mtg/legacy", found, {"main": 60}, as_of=as_of)
        for index, (found, as_of) in enumerate(zip(problems, (FRESH, STALE, STALE, None, LATER)))
    ]
    for index, result in enumerate(results[1:], start=1):
        result.player = f"p{index}"
    results[2].team = "Team Two"
    rows = [Registration(result.deck, str(tmp_path / result.deck), player=result.player) for result in results]
    return BatchReport(source="mine", kind="manifest", report=Report(results=results), registrations=rows)


def test_a_library_callers_text_batch_report_counts_its_results(tmp_path):
    printed = deliver_batch(load("text"), _batch(tmp_path))
    table = [line.split() for line in printed.splitlines()[1:6]]
    assert [row[-2:] for row in table] == [["LEGAL", "0"], ["ILLEGAL", "1"], ["LEGAL", "0"], ["ILLEGAL", "2"], ["LEGAL", "0"]]
    assert table[0][:2] == ["-", "-"] and table[2][:3] == ["p2", "Team", "Two"]
    assert "\n5 decks: 3 legal, 2 illegal\n" in printed
    assert printed.count(STALE.note) == 1 and printed.count(LATER.note) == 1
    assert printed.index(STALE.note) < printed.index(LATER.note)
    empty = deliver_batch(load("text"), BatchReport(source="none", kind="folder", report=Report(), registrations=[]))
    assert "no decklists found" in empty and "\n0 decks: 0 legal, 0 illegal\n" in empty


def test_a_library_callers_github_batch_report_counts_its_results(tmp_path, monkeypatch):
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    printed = deliver_batch(load("github"), _batch(tmp_path))
    groups = [line for line in printed.splitlines() if line.startswith("::group::")]
    assert len(groups) == 5 and sum("ILLEGAL" in group for group in groups) == 2
    assert printed.splitlines()[-3:] == [
        f"::notice title=card data::{STALE.note}", f"::notice title=card data::{LATER.note}", "5 decks: 3 legal, 2 illegal",
    ]


def test_a_library_callers_github_job_summary_counts_its_results(tmp_path, monkeypatch):
    file = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(file))
    deliver_batch(load("github"), _batch(tmp_path))
    assert "## deckcheck: 3 of 5 decks legal\n" in file.read_text(encoding="utf-8")
    assert file.read_text(encoding="utf-8").count("**ILLEGAL**") == 2
