"""`-o json`: the JSON report of docs/contracts.md, one object for the whole run.

A batch's report adds to each result `player` and `team` (null when the source does not
say), `seat` and `manifest_line` when known, a `teams` list, the `source`, the files that
were `skipped` (`unchecked` when one may be a registration that could not be checked: it is
a result too) and, with `--deck-check`, the players picked. A simulation and a
`--compare` are the engine's own JSON (docs/engine.md).
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, TextIO

from ..result import REPORT_VERSION
from . import Warn

if TYPE_CHECKING:
    from ..batch import BatchReport
    from ..batch.registration import Registration
    from ..engine.compare import Comparison
    from ..engine.simulation import Simulation
    from ..paperwork.diff import DeckDiff
    from ..result import DeckResult, Report

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


def result_dict(row: Registration, result: DeckResult) -> dict[str, Any]:
    """One result of a batch report: the deck's, with `player` and `team` always there and
    `seat` and `manifest_line` when known."""
    out = result.to_dict()
    out.setdefault("player", None)
    out.setdefault("team", None)
    if row.seat is not None:
        out["seat"] = row.seat
    if row.line is not None:
        out["manifest_line"] = row.line
    return out


def deck_checks(batch: BatchReport) -> dict[str, Any]:
    """`{seed, requested, candidates, size, players: [...]}`: each picked player's result
    fields and the registered deck's cards (`cards: [{zone, count, name}]`, null when the
    deck could not be read)."""
    sample = batch.deck_checks
    assert sample is not None
    players = []
    for pick in sample.picks:
        row = batch.registrations[pick.index]
        entry: dict[str, Any] = {"player": pick.player, "team": pick.team}
        if row.seat is not None:
            entry["seat"] = row.seat
        entry.update(deck=pick.deck, format=pick.format)
        if pick.pool is not None:
            entry["pool"] = pick.pool
        entry.update(legal=pick.legal, counts=dict(pick.counts))
        if row.line is not None:
            entry["manifest_line"] = row.line
        entry["cards"] = (
            [{"zone": card.zone, "count": card.count, "name": card.name} for card in pick.entries]
            if pick.entries is not None else None
        )
        players.append(entry)
    return {
        "seed": sample.seed, "requested": sample.request.text, "candidates": sample.candidates,
        "size": len(sample.picks), "players": players,
    }


class BatchWriter:
    """The batch report written as it comes: one result (and one team) per line, still
    readable and diffable, each written by json's C encoder, which `indent` would turn off
    (thousands of decks). The keys after the results are written by `finish`."""

    def __init__(self, out: TextIO, *, color: bool = False, warn: Warn | None = None):
        from .stream import Totals  # here: validate's JSON needs none of it

        self.out = out
        self.totals = Totals()
        out.write('{\n  "deckcheck": ' + _dumps(REPORT_VERSION))

    def add(self, row: Registration, result: DeckResult) -> None:
        self.out.write((',\n  "results": [\n    ' if not self.totals.decks else ",\n    ") + _dumps(result_dict(row, result)))
        self.totals.count(result)

    def finish(self, batch: BatchReport) -> None:
        self.out.write("\n  ]" if self.totals.decks else ',\n  "results": []')
        tail: dict[str, Any] = {}
        if self.totals.notes:
            tail["notes"] = list(self.totals.notes)
        tail["teams"] = [team.to_dict() for team in batch.report.teams or []]
        tail["source"] = batch.source
        if batch.manifest is not None:
            tail["manifest"] = batch.manifest
        tail["skipped"] = [{"file": item.file, "reason": item.reason, "unchecked": item.unchecked} for item in batch.skipped]
        if batch.deck_checks is not None:
            tail["deck_checks"] = deck_checks(batch)
        for key, value in tail.items():
            if isinstance(value, list) and value:
                items = ",\n".join("    " + _dumps(item) for item in value)
                self.out.write(f",\n  {_dumps(key)}: [\n{items}\n  ]")
            else:
                self.out.write(f",\n  {_dumps(key)}: {_dumps(value)}")
        self.out.write("\n}\n")


def batch_writer(out: TextIO, *, color: bool = False, warn: Warn | None = None) -> BatchWriter:
    return BatchWriter(out, color=color, warn=warn)


# One encoder for the run: `json.dumps` with an option builds a new one per call, and a
# batch writes a line per deck.
_ENCODER = json.JSONEncoder(ensure_ascii=False)
# And json's C encoder itself made once: `JSONEncoder.encode` makes a new one (with a
# Python closure for floats and a dict for its circular check) at every call, about 1.5 us
# of each result line. The same separators and float spelling, so the same text; no
# circular check, as a report holds only the dicts and lists built for it. None where
# json has no C speedups, or a Python whose private signature differs: `encode` then
# (tests/test_reporters.py compares the two).
def _c_encoder() -> Any:
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:
        return None
    try:
        return make(None, _ENCODER.default, json.encoder.encode_basestring, None,  # type: ignore[attr-defined]
                    _ENCODER.key_separator, _ENCODER.item_separator, False, False, True)
    except TypeError:
        return None


_C_ENCODE = _c_encoder()


def _dumps(value: Any) -> str:
    if _C_ENCODE is None or value.__class__ is str:
        return _ENCODER.encode(value)
    return "".join(_C_ENCODE(value, 0))
