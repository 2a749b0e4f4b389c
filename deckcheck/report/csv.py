"""`-o csv`: tables for a spreadsheet.

A batch: one row per problem, deck and team problems alike. `scope` says whether a row is
about a deck or a team (`skipped`: a file that is no decklist, with the reason; `note`, the
last rows: a note about the data, an event later than the lists known); `legal` is the verdict of that deck or team; team problems list
their `holders` as `ann 4; bob 1`, and one member's problem names that member, their seat
and deck. With `--deck-check`, one row per player picked (`scope` deck-check, the seed in `message`). A simulation: its by-turn table, land drops included;
a `--compare`: its table of policies (both in deckcheck/engine/tables.py). Text that a
spreadsheet would evaluate as a formula gets a leading `'` (report/spreadsheet.py)."""
from __future__ import annotations

import csv
from typing import TYPE_CHECKING, TextIO

from ..problem import Problem, holders_text
from . import Warn, spreadsheet
from .stream import add_data_note

if TYPE_CHECKING:
    from ..batch import BatchReport
    from ..batch.registration import Registration
    from ..result import DeckResult
    from ..engine.compare import Comparison
    from ..engine.simulation import Simulation

NAME = "csv"
LAND_DROPS = True  # its by-turn table has the land drops, which the engine works out only when asked

COLUMNS = (
    "scope", "player", "team", "seat", "deck", "format", "legal",
    "rule", "severity", "zone", "line", "card", "count", "limit", "holders", "message",
)


def _cell(value: object) -> str:
    return "" if value is None else str(value)


def _row(values: dict[str, object]) -> list[object]:
    """The cells of COLUMNS (empty where `values` has none), text a spreadsheet would
    evaluate quoted (report/spreadsheet.py)."""
    return [spreadsheet.cell(values.get(column, "")) for column in COLUMNS]


# Where a problem's cells start in a row: the columns before are the deck's or the team's.
_PROBLEM_START = COLUMNS.index("rule")


def _problem_cells(problem: Problem) -> list[object]:
    """The cells of COLUMNS from `rule` on, in order, quoted as `_row` quotes."""
    holders = problem.details.get("holders") or {}
    cells = [
        problem.rule, problem.severity, _cell(problem.zone), _cell(problem.line), _cell(problem.card),
        _cell(problem.count), _cell(problem.limit), holders_text(holders), problem.message,
    ]
    return list(map(spreadsheet.cell, cells))


class BatchWriter:
    """The batch's rows written as each deck's result comes; teams, skipped files and the
    deck-check sample at the end."""

    def __init__(self, out: TextIO, *, color: bool = False, warn: Warn | None = None):
        # Rows are lists in COLUMNS order, not dicts (csv.DictWriter checks each dict's keys
        # and looks each cell up: a batch writes a row per problem of thousands of decks).
        self.writer = csv.writer(out)
        self.writer.writerow(COLUMNS)
        self.notes: dict[str, None] = {}  # about the data behind the verdicts (stream.add_data_note)

    def add(self, row: Registration, result: DeckResult) -> None:
        if result.problems:
            deck = _row({
                "scope": "deck", "player": _cell(result.player), "team": _cell(result.team), "seat": _cell(row.seat),
                "deck": result.deck, "format": result.format, "legal": "yes" if result.legal else "no",
            })[:_PROBLEM_START]
            self.writer.writerows([deck + _problem_cells(problem) for problem in result.problems])
        add_data_note(self.notes, result)

    def finish(self, batch: BatchReport) -> None:
        from ..batch.deck_checks import describe

        for team in batch.report.teams or []:
            values = {"scope": "team", "team": team.team, "format": team.format, "legal": "yes" if team.legal else "no"}
            base = _row(values)[:_PROBLEM_START]
            for problem in team.problems:
                cells, player = base, problem.details.get("player")
                if player is not None:
                    # One member's problem: their row's player, seat and deck, as the deck
                    # rows give them, so a sheet filtered by player or seat keeps it; found
                    # by the name the team gives them (a namesake's with their ID).
                    seat, deck = team.member_rows.get(player, (None, None))
                    cells = _row({**values, "player": player, "seat": _cell(seat), "deck": deck or ""})[:_PROBLEM_START]
                self.writer.writerow(cells + _problem_cells(problem))
        for item in batch.report.skipped:
            self.writer.writerow(_row({"scope": "skipped", "deck": item.file, "severity": "info", "message": item.reason}))
        if batch.deck_checks is not None:
            note = f"selected for a deck check: {describe(batch.deck_checks)}"
            for pick in batch.deck_checks.picks:
                row = batch.registrations[pick.index]
                self.writer.writerow(_row({
                    "scope": "deck-check", "player": _cell(pick.player), "team": _cell(pick.team), "seat": _cell(row.seat),
                    "deck": pick.deck, "format": pick.format, "legal": "yes" if pick.legal else "no", "message": note,
                }))
        # Last, as the text report ends with them; a row, not a comment line, which csv
        # readers and spreadsheets would take for data.
        for data_note in self.notes:
            self.writer.writerow(_row({"scope": "note", "severity": "info", "message": data_note}))


def batch_writer(out: TextIO, *, color: bool = False, warn: Warn | None = None) -> BatchWriter:
    return BatchWriter(out, color=color, warn=warn)


def render_simulation(simulation: Simulation, *, color: bool = False, unicode: bool = True) -> str:
    from ..engine.tables import render_by_turn_csv

    return render_by_turn_csv(simulation)


def render_comparison(comparison: Comparison) -> str:
    from ..engine.tables import render_compare_csv

    return render_compare_csv(comparison)
