"""`-o csv`: tables for a spreadsheet.

A batch: one row per problem, deck and team problems alike. `scope` says whether a row is
about a deck or a team (`skipped`: a file that is no decklist, with the reason); `legal` is the verdict of that deck or team; team problems list
their `holders` as `ann 4; bob 1`. With `--deck-check`, one row per player picked (`scope`
deck-check, the seed in `message`). A simulation: its by-turn table, land drops included;
a `--compare`: its table of policies (both in deckcheck/engine/tables.py). Text that a
spreadsheet would evaluate as a formula gets a leading `'` (report/spreadsheet.py)."""
from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING

from ..problem import Problem
from . import spreadsheet

if TYPE_CHECKING:
    from ..batch import BatchReport
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


def _row(values: dict[str, object]) -> dict[str, object]:
    """A row whose text cells a spreadsheet will not evaluate (report/spreadsheet.py)."""
    return {key: spreadsheet.cell(value) for key, value in values.items()}


def _problem_cells(problem: Problem) -> dict[str, str]:
    holders = problem.details.get("holders") or {}
    return {
        "rule": problem.rule, "severity": problem.severity, "zone": _cell(problem.zone),
        "line": _cell(problem.line), "card": _cell(problem.card), "count": _cell(problem.count),
        "limit": _cell(problem.limit), "message": problem.message,
        "holders": "; ".join(f"{player} {count}" for player, count in holders.items()),
    }


def render_batch(batch: BatchReport, *, color: bool = False) -> str:
    from ..batch.deck_checks import describe

    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=COLUMNS)
    writer.writeheader()
    for result, row in zip(batch.report.results, batch.registrations):
        base = {
            "scope": "deck", "player": _cell(result.player), "team": _cell(result.team), "seat": _cell(row.seat),
            "deck": result.deck, "format": result.format, "legal": "yes" if result.legal else "no",
        }
        for problem in result.problems:
            writer.writerow(_row({**base, **_problem_cells(problem)}))
    for team in batch.report.teams or []:
        base = {"scope": "team", "team": team.team, "format": team.format, "legal": "yes" if team.legal else "no"}
        for problem in team.problems:
            writer.writerow(_row({**base, **_problem_cells(problem)}))
    for item in batch.report.skipped:
        writer.writerow(_row({"scope": "skipped", "deck": item.file, "severity": "info", "message": item.reason}))
    if batch.deck_checks is not None:
        note = f"selected for a deck check: {describe(batch.deck_checks)}"
        for pick in batch.deck_checks.picks:
            result, row = batch.report.results[pick.index], batch.registrations[pick.index]
            writer.writerow(_row({
                "scope": "deck-check", "player": _cell(result.player), "team": _cell(result.team), "seat": _cell(row.seat),
                "deck": result.deck, "format": result.format, "legal": "yes" if result.legal else "no", "message": note,
            }))
    return buffer.getvalue()


def render_simulation(simulation: Simulation, *, color: bool = False, unicode: bool = True) -> str:
    from ..engine.tables import render_by_turn_csv

    return render_by_turn_csv(simulation)


def render_comparison(comparison: Comparison) -> str:
    from ..engine.tables import render_compare_csv

    return render_compare_csv(comparison)
