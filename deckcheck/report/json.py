"""`-o json`: the JSON report of docs/contracts.md, one object for the whole run.

A batch's report adds to each result `player` and `team` (null when the source does not
say), `seat` and `manifest_line` when known, a `teams` list, the `source`, the files that
were `skipped` (`unchecked` when one may be a registration that could not be checked: it is
a result too) and, with `--deck-check`, the players picked. A simulation and a
`--compare` are the engine's own JSON (docs/engine.md).
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any


if TYPE_CHECKING:
    from ..batch import BatchReport
    from ..engine.compare import Comparison
    from ..engine.simulation import Simulation
    from ..paperwork.diff import DeckDiff
    from ..result import Report

NAME = "json"


def render(report: Report, *, color: bool = False) -> str:
    return json.dumps(report.to_dict(), indent=2, ensure_ascii=False) + "\n"


def render_simulation(simulation: Simulation, *, color: bool = False, unicode: bool = True) -> str:
    from ..engine.report import render_json

    return render_json(simulation)


def render_comparison(comparison: Comparison) -> str:
    from ..engine.tables import render_compare_json

    return render_compare_json(comparison)


def render_diff(diff: DeckDiff) -> str:
    return json.dumps(diff.to_dict(), indent=2, ensure_ascii=False) + "\n"


def batch_dict(batch: BatchReport) -> dict[str, Any]:
    out = batch.report.to_dict()
    for result, row in zip(out["results"], batch.registrations):
        result.setdefault("player", None)
        result.setdefault("team", None)
        if row.seat is not None:
            result["seat"] = row.seat
        if row.line is not None:
            result["manifest_line"] = row.line
    out["teams"] = out.get("teams") or []
    out["source"] = batch.source
    if batch.manifest is not None:
        out["manifest"] = batch.manifest
    out["skipped"] = [{"file": item.file, "reason": item.reason, "unchecked": item.unchecked} for item in batch.skipped]
    if batch.deck_checks is not None:
        out["deck_checks"] = deck_checks(batch, out["results"])
    return out


def deck_checks(batch: BatchReport, results: list[dict[str, Any]]) -> dict[str, Any]:
    """`{seed, requested, candidates, size, players: [...]}`: each picked player's result
    fields and the registered deck's cards (`cards: [{zone, count, name}]`, null when the
    deck could not be read)."""
    sample = batch.deck_checks
    assert sample is not None
    players = []
    for pick in sample.picks:
        result = results[pick.index]
        entry = {key: result.get(key) for key in ("player", "team", "seat", "deck", "format", "pool", "legal", "counts", "manifest_line") if key in result}
        entry["cards"] = (
            [{"zone": card.zone, "count": card.count, "name": card.name} for card in pick.entries]
            if pick.entries is not None else None
        )
        players.append(entry)
    return {
        "seed": sample.seed, "requested": sample.request.text, "candidates": sample.candidates,
        "size": len(sample.picks), "players": players,
    }


def render_batch(batch: BatchReport, *, color: bool = False) -> str:
    """The batch report with one result (and one team) per line: still readable and
    diffable, and written by json's C encoder, which `indent` would turn off (thousands of
    decks)."""
    data = batch_dict(batch)
    parts = []
    for key, value in data.items():
        if isinstance(value, list) and value:
            items = ",\n".join("    " + _dumps(item) for item in value)
            parts.append(f"  {_dumps(key)}: [\n{items}\n  ]")
        else:
            parts.append(f"  {_dumps(key)}: {_dumps(value)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
