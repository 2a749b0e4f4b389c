"""`deckcheck batch -o json`: the report of docs/contracts.md, each result with `player` and `team`
(null when the source does not say), a `teams` list, and the files that were skipped."""
from __future__ import annotations

import json
from typing import Any

from .check import BatchReport


def to_dict(batch: BatchReport) -> dict[str, Any]:
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
    out["skipped"] = [{"file": item.file, "reason": item.reason} for item in batch.skipped]
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


def render(batch: BatchReport, *, color: bool = False) -> str:
    """The report with one result (and one team) per line: still readable and diffable, and
    written by json's C encoder, which `indent` would turn off (thousands of decks)."""
    data = to_dict(batch)
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
