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

from ..problem import Problem
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
        self.lines = ResultLines()
        # Of the results written: whether there was one (the separator, the closing
        # bracket) and their card-data notes (a library caller's results too).
        self.totals = Totals()
        out.write('{\n  "deckcheck": ' + _dumps(REPORT_VERSION))

    def add(self, row: Registration, result: DeckResult) -> None:
        legal = result.legal  # asked once a row: for the line and the totals
        line = self.lines.line(row, result, legal)
        self.out.write((",\n    " if self.totals.decks else ',\n  "results": [\n    ') + line)
        self.totals.count(result, legal)

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


def dumps_indented(value: Any, depth: int = 0) -> str:
    """`json.dumps(value, indent=2, ensure_ascii=False)` for a value of dicts with text keys,
    lists and scalars, as if it sat `depth` levels deep (its inner lines indented so):
    json's `indent` turns its C encoder off for the whole value, which made writing a SARIF
    result cost more than checking its deck. Containers are laid out here, scalars written
    by `_dumps`; any other container (a tuple, a key that is not text) takes json itself.
    tests/test_json_lines.py holds the two ways to one text."""
    kind = value.__class__
    if kind is dict:
        if not value:
            return "{}"
        inner = "\n" + "  " * (depth + 1)
        parts = []
        for key, item in value.items():
            if key.__class__ is not str:
                return _indented_by_json(value, depth)
            parts.append(f"{_dumps(key)}: {dumps_indented(item, depth + 1)}")
        return "{" + inner + ("," + inner).join(parts) + "\n" + "  " * depth + "}"
    if kind is list:
        if not value:
            return "[]"
        inner = "\n" + "  " * (depth + 1)
        return "[" + inner + ("," + inner).join([dumps_indented(item, depth + 1) for item in value]) + "\n" + "  " * depth + "]"
    if kind is tuple or isinstance(value, (dict, list)):
        return _indented_by_json(value, depth)
    return _dumps(value)


def _indented_by_json(value: Any, depth: int) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n" + "  " * depth)


class ResultLines:
    """The text of a batch report's result lines, `_dumps(result_dict(row, result))`,
    written from pieces: a row's own values (deck, player, line) encoded one by one, and
    the values the decks of a batch share (the counts, the `as_of`) encoded once each and
    reused. json's encoder took about a third of a row's cost in a batch whose rows reuse
    one verdict, most of it on the same few values. Values of any other kind than the
    report's own (a library's result with a count that is a float, a player that is no
    str) take `_dumps` itself; tests/test_json_lines.py holds the two ways to one text.
    One per report: what it keeps is bounded (MOST_KEPT each), and goes with the report."""

    MOST_KEPT = 256

    def __init__(self) -> None:
        self._counts: dict[tuple[tuple[str, int], ...], str] = {}
        # By id(), with the AsOf itself, so no other object can take its id meanwhile; an
        # AsOf's report fields are worked out once (freshness.AsOf._report_fields).
        self._as_of: dict[int, tuple[Any, str]] = {}

    def line(self, row: Registration, result: DeckResult, legal: bool | None = None) -> str:
        """The line of `result`; `legal` is its verdict when the caller has asked it already."""
        text = self._spliced(row, result, result.legal if legal is None else legal) if _C_ENCODE is not None else None
        return text if text is not None else _dumps(result_dict(row, result))

    def _spliced(self, row: Registration, result: DeckResult, legal: bool) -> str | None:
        """The line put together as json's encoder writes it (`": "` after a key, `", "`
        between items, keys in `result_dict`'s order), or None for a value of another kind."""
        deck, format_, player, team, pool = result.deck, result.format, result.player, result.team, result.pool
        seat, line = row.seat, row.line
        if deck.__class__ is not str or format_.__class__ is not str or not (
            (player is None or player.__class__ is str) and (team is None or team.__class__ is str)
            and (pool is None or pool.__class__ is str) and (seat is None or seat.__class__ is str)
            and (line is None or line.__class__ is int)
        ):
            return None
        counts = self._counts_text(result.counts)
        if counts is None:
            return None
        text = f'{{"deck": {_text(deck)}, "format": {_text(format_)}, "legal": {"true" if legal else "false"}'
        if player is not None:
            text += ', "player": ' + _text(player)
        if team is not None:
            text += ', "team": ' + _text(team)
        if pool is not None:
            text += ', "pool": ' + _text(pool)
        problems = result.problems
        text += ', "counts": ' + counts + ', "problems": ' + (_problems_text(problems) if problems else "[]")
        if result.as_of is not None:
            text += ', "as_of": ' + self._as_of_text(result.as_of)
        if player is None:
            text += ', "player": null'
        if team is None:
            text += ', "team": null'
        if seat is not None:
            text += ', "seat": ' + _text(seat)
        if line is not None:
            text += ', "manifest_line": ' + int.__repr__(line)
        return text + "}"

    def _counts_text(self, counts: dict[str, int]) -> str | None:
        """The counts' text, None unless every zone is a str and every count an int (a
        float or a bool equals an int as a key, but is written otherwise)."""
        for zone, count in counts.items():
            if zone.__class__ is not str or count.__class__ is not int:
                return None
        key = tuple(counts.items())
        found = self._counts.get(key)
        if found is None:
            if len(self._counts) >= self.MOST_KEPT:
                self._counts.clear()
            found = self._counts[key] = _dumps(counts)
        return found

    def _as_of_text(self, as_of: Any) -> str:
        kept = self._as_of.get(id(as_of))
        if kept is None:
            if len(self._as_of) >= self.MOST_KEPT:
                self._as_of.clear()
            kept = self._as_of[id(as_of)] = (as_of, _dumps(as_of.to_dict()))
        return kept[1]


# A str as json's C encoder writes it (the same function: `_c_encoder` is given it).
_text = json.encoder.encode_basestring


def _problems_text(problems: list[Problem]) -> str:
    """`_dumps([problem.to_dict() for problem in problems])`, each problem written from its
    fields (`_problem_text`) without the dict `to_dict` builds to be encoded and thrown
    away: a batch writes about 1,300 problems for 2,000 real decks."""
    texts = []
    for problem in problems:
        text = _problem_text(problem) if problem.__class__.to_dict is _TO_DICT else None
        if text is None:
            return _dumps([problem.to_dict() for problem in problems])
        texts.append(text)
    return "[" + ", ".join(texts) + "]"


def _problem_text(problem: Problem) -> str | None:
    """`_dumps(problem.to_dict())`, in to_dict's key order (`rule`, `severity`, the optional
    fields that are set, `message`, the details whose keys are not among those), or None
    for a field of another kind than the report's own (a line that is a bool, a count that
    is a float: json writes them otherwise), which `_problems_text` leaves to json."""
    rule, severity, message = problem.rule, problem.severity, problem.message
    if rule.__class__ is not str or severity.__class__ is not str or message.__class__ is not str:
        return None
    text = '{"rule": ' + _text(rule) + ', "severity": ' + _text(severity)
    zone, line, card, count, limit = problem.zone, problem.line, problem.card, problem.count, problem.limit
    if zone is not None:
        if zone.__class__ is not str:
            return None
        text += ', "zone": ' + _text(zone)
    if line is not None:
        if line.__class__ is not int:
            return None
        text += ', "line": ' + int.__repr__(line)
    if card is not None:
        if card.__class__ is not str:
            return None
        text += ', "card": ' + _text(card)
    if count is not None:
        if count.__class__ is not int:
            return None
        text += ', "count": ' + int.__repr__(count)
    if limit is not None:
        if limit.__class__ is not int:
            return None
        text += ', "limit": ' + int.__repr__(limit)
    text += ', "message": ' + _text(message)
    details = problem.details
    if details:
        for key, value in details.items():
            if key.__class__ is not str:
                return None
            if key in _ALWAYS or (key in _OPTIONAL and getattr(problem, key) is not None):
                continue  # to_dict keeps the field's own value
            text += ", " + _text(key) + ": " + _dumps(value)
    return text + "}"


# The optional fields `_problem_text` writes, in its order. Should Problem.OPTIONAL_FIELDS
# (to_dict's) ever differ, every problem is left to json, right if slower, and
# tests/test_json_lines.py fails. A kind of problem with its own to_dict is left to json too.
_WRITTEN = ("zone", "line", "card", "count", "limit")
_TO_DICT = Problem.to_dict if Problem.OPTIONAL_FIELDS == _WRITTEN else None
_ALWAYS = frozenset(("rule", "severity", "message"))
_OPTIONAL = frozenset(Problem.OPTIONAL_FIELDS)
