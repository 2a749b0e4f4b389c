"""report/json.py ResultLines: a batch's result lines put together from pieces (a row's
own values encoded one by one, the counts and `as_of` the decks share encoded once) are
the text json's encoder writes of `result_dict`, on real decks and on awkward values."""
from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import pytest

from deckcheck.batch import check_source
from deckcheck.batch.registration import Registration
from deckcheck.freshness import AsOf
from deckcheck.problem import Problem
from deckcheck.report.json import ResultLines, _dumps, _problem_text, dumps_indented, result_dict
from deckcheck.result import DeckResult

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))


def _plain(row: Registration, result: DeckResult) -> str:
    return _dumps(result_dict(row, result))


FRESH = AsOf(dt.date(2026, 8, 31), "paper", dt.date(2026, 9, 2), dt.date(2026, 6, 14))
STALE = AsOf(dt.date(2027, 1, 1), "mtgo", dt.date(2026, 9, 2), None, card_data_brings_lists=True)
PROBLEMS = [
    Problem(rule="banned", message="Black Lotus is banned", card="Black Lotus", zone="main", line=3),
    Problem(rule="registration", message="manifest line 4: no player name", details={"manifest_line": 4}),
    Problem(rule="copy-limit", message="5 copies of Æther Vial; at most 4 \"allowed\"\u2028", count=5, limit=4,
            severity="warning", details={"holders": {"ann": 4, "bob": 1}}),
]
ROWS = [
    Registration("a.txt", "a.txt"),
    Registration("a.txt", "a.txt", player="Ann", line=2),
    Registration("d/Jötun.txt", "x", player="Zoë \"Z\" O'Neil\t\x01", team="Blue\u2028Sky", seat="B", line=40),
    Registration("", None, line=7, pool="pools/p.txt"),
    Registration("ydke://abc", "ydke://abc", player="", team="", seat="", line=0, inline=True),
]
RESULTS = [
    dict(),
    dict(player="Ann"),
    dict(player="Zoë\x7f", team="Blue"),
    dict(team="Red", pool="pools/p.txt"),
    dict(problems=PROBLEMS[:1], as_of=FRESH),
    dict(problems=PROBLEMS, as_of=STALE, counts={"main": 60, "sideboard": 15}),
    dict(counts={"main": 60, "sideboard": 15}, as_of=FRESH),
    dict(counts={}, as_of=None),
    dict(counts={"main": 60.0, "sideboard": 15}),  # written 60.0: never the memo's 60
    dict(counts={"main": True}),                   # written true: never the memo's 1
    dict(counts={"main": 1}),
    dict(counts={3: 4}),                            # a key json turns into text
    dict(format=""),
]


@pytest.mark.parametrize("fields", RESULTS, ids=repr)
@pytest.mark.parametrize("row", ROWS, ids=repr)
def test_a_line_is_what_json_writes_of_the_result(row, fields):
    result = DeckResult(deck=row.deck, format=fields.get("format", "mtg/legacy"), problems=list(fields.get("problems", [])),
                        counts=fields.get("counts", {"main": 60}), player=fields.get("player"), team=fields.get("team"),
                        pool=fields.get("pool"), as_of=fields.get("as_of"))
    lines = ResultLines()
    assert lines.line(row, result) == _plain(row, result)
    assert lines.line(row, result) == _plain(row, result)  # again, from what it kept


def test_lines_of_values_of_other_kinds_are_json_s_own():
    """Equal as keys, written otherwise: 1 and True and 1.0 in one writer, in turn."""
    lines = ResultLines()
    row = Registration("a.txt", "a.txt", player="Ann", line=2)
    for count in (1, True, 1.0, 1, True):
        result = DeckResult(deck="a.txt", format="mtg/legacy", counts={"main": count}, as_of=FRESH)
        assert lines.line(row, result) == _plain(row, result)
    odd = Registration("a.txt", "a.txt", player="Ann", line=True)  # a line that is no int
    result = DeckResult(deck="a.txt", format="mtg/legacy", counts={"main": 1}, player="Ann")
    assert lines.line(odd, result) == _plain(odd, result)


def test_what_a_writer_keeps_is_bounded():
    lines = ResultLines()
    row = Registration("a.txt", "a.txt")
    for count in range(3 * ResultLines.MOST_KEPT):
        stamp = AsOf(dt.date(2026, 8, 31), "paper")
        result = DeckResult(deck="a.txt", format="f", counts={"main": count}, as_of=stamp)
        assert lines.line(row, result) == _plain(row, result)
    assert len(lines._counts) <= ResultLines.MOST_KEPT and len(lines._as_of) <= ResultLines.MOST_KEPT


@pytest.mark.parametrize("date, platform", [("2026-08-31", "paper"), ("2015-03-01", "mtgo")])
def test_the_lines_of_a_batch_of_real_decks_are_json_s(tmp_path, shared_data, date, platform):
    """Real decks in their own formats, legal and not, stale and not: every line alike."""
    import batch_bench

    manifest = batch_bench.write_set(tmp_path, 400, shared_data)
    lines = ResultLines()
    seen = []

    def sink(row: Registration, result: DeckResult) -> None:
        assert lines.line(row, result) == _plain(row, result)
        seen.append(result.legal)

    check_source(str(manifest), None, date=date, platform=platform, jobs=1, sink=sink)
    assert len(seen) == 400 and not all(seen) and (any(seen) or date != "2026-08-31")


def test_a_library_callers_batch_report_prints_its_results_and_their_notes(tmp_path):
    """A BatchReport a library caller built (its `totals` never counted) goes through the
    JSON batch writer as `deckcheck batch`'s does: each result, and the card-data notes of
    the results written, each once, in order; none written: an empty list."""
    import json

    from deckcheck.batch import BatchReport
    from deckcheck.report import deliver_batch, load
    from deckcheck.result import Report

    later = AsOf(dt.date(2027, 2, 1), "paper", dt.date(2026, 9, 2), None, hint="update deckcheck")
    results = [DeckResult(f"deck{index}.txt", "mtg/legacy", [], {"main": 60}, as_of=as_of)
               for index, as_of in enumerate((FRESH, STALE, STALE, None, later))]
    rows = [Registration(result.deck, str(tmp_path / result.deck), player=f"p{index}") for index, result in enumerate(results)]
    batch = BatchReport(source="mine", kind="manifest", report=Report(results=results), registrations=rows)
    printed = json.loads(deliver_batch(load("json"), batch))
    assert [result["deck"] for result in printed["results"]] == [result.deck for result in results]
    assert printed["notes"] == [STALE.note, later.note] and STALE.note and later.note
    empty = json.loads(deliver_batch(load("json"), BatchReport(source="none", kind="folder", report=Report(), registrations=[])))
    assert empty["results"] == [] and "notes" not in empty


_INDENTED_VALUES = [
    {}, [], {"a": []}, {"a": {}}, [{}], "text", 3, 2.5, None, True, False,
    {"ruleId": "banned", "ruleIndex": 0, "level": "error", "message": {"text": 'Grief "x" é \n\t\\'},
     "locations": [{"physicalLocation": {"artifactLocation": {"uri": "decks/a%20b.txt", "uriBaseId": "%SRCROOT%"},
                                         "region": {"startLine": 9}}}],
     "properties": {"card": "Troll of Khazad-dûm", "count": 4, "limit": 0, "holders": {"ann": 4, "bob": 1},
                    "nested": [[1, 2], [], [{"x": None}]], "ratio": 0.1 + 0.2, "lone": "\udc80"}},
    {1: "an int key"}, {"t": (1, 2)}, ({"a": 1},), [float("inf")],
]


@pytest.mark.parametrize("value", _INDENTED_VALUES)
@pytest.mark.parametrize("depth", [0, 4])
def test_dumps_indented_is_what_json_writes_with_an_indent(value, depth):
    """SARIF results are laid out by `dumps_indented` (json's `indent` turns its C encoder
    off): the same text as `json.dumps(indent=2)` shifted `depth` levels, for dicts, lists,
    every scalar, escapes, and the kinds it hands to json itself (tuples, keys not text)."""
    import json

    expected = json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n" + "  " * depth)
    assert dumps_indented(value, depth) == expected


class _OwnProblem(Problem):
    """A kind of problem that writes itself otherwise: left to json, as to_dict says."""

    __slots__ = ()

    def to_dict(self):
        return {"own": self.message}


ODD_PROBLEMS = [
    Problem(rule="banned", message="Grief is banned in Legacy (since 2024-08-26)", card="Grief", zone="main", line=9,
            count=4, limit=0),
    Problem(rule="banned", message="x", card="Troll of Khazad-dûm", zone="sideboard", line=70, count=2, limit=0,
            details={"lines": [60, 70]}),
    Problem(rule="r", message="details that name a field: the field's own value wins", zone="main", count=3,
            details={"zone": "sideboard", "count": 9, "line": 4, "rule": "no", "message": "no", "extra": (1, 2.5)}),
    # One odd field each, so that each guard alone must send its problem to json (review32e).
    Problem(rule="r", message="a bool line is json's true", line=True),
    Problem(rule="r", message="a float count is json's 2.0", count=2.0),
    Problem(rule="r", message="a bool count is json's true", count=True),
    Problem(rule="r", message="a bool limit is json's false", limit=False),
    # Text fields that are not text: json writes them, `_text` cannot.
    Problem(rule=7, message="a rule that is no text"),
    Problem(rule="r", message="a severity that is no text", severity=None),
    Problem(rule="r", message=["a message that is no text"]),
    Problem(rule="r", message="a zone that is no text", zone=1),
    Problem(rule="r", message="a card that is no text", card=3),
    Problem(rule="r", message="an int key", details={3: "three"}),
    Problem(rule="unknown-card", message="'Bolt'", severity="error", details={"suggestions": ["Lightning Bolt"]}),
    _OwnProblem(rule="r", message="mine"),
]


@pytest.mark.parametrize("problems", [[problem] for problem in ODD_PROBLEMS] + [ODD_PROBLEMS[:3], ODD_PROBLEMS],
                         ids=repr)
def test_a_lines_problems_are_what_json_writes_of_their_dicts(problems):
    """The problems of a line written from their fields are json's text of `to_dict`, and
    a problem of another kind (a bool line, a subclass of its own) leaves the list to json."""
    row = Registration("a.txt", "a.txt", player="Ann", line=2)
    result = DeckResult(deck="a.txt", format="mtg/legacy", problems=list(problems), counts={"main": 60}, as_of=FRESH)
    assert ResultLines().line(row, result) == _plain(row, result)


def _every_attribute_set() -> Problem:
    """A problem with every attribute it has set, the fields a report shows and those it
    does not (`Problem.NOT_FIELDS`), and a detail named after each of them: a field that
    `to_dict` starts to write (or a slot added later) is set here, whatever its name."""
    values = {"rule": "banned", "message": "Grief is banned", "severity": "warning", "zone": "main", "line": 9,
              "card": "Grief", "count": 4, "limit": 0, "unexplained": True, "reason": "not a text decklist"}
    problem = Problem(rule="r", message="m")
    names = [name for klass in type(problem).__mro__ for name in getattr(klass, "__slots__", ())]
    for name in names:
        if name != "details":
            setattr(problem, name, values.get(name, f"its {name}"))
    problem.details = {name: f"a detail named {name}" for name in names} | {"holders": {"ann": 4}}
    return problem


def test_a_problem_with_every_field_set_is_written_as_its_to_dict():
    """The writer spells out `to_dict`'s fields one by one (for speed): a field `to_dict`
    writes that the writer does not, or in another place, fails here, not in a batch's
    report where it would be silently left out (review32e)."""
    problem = _every_attribute_set()
    assert set(Problem.record_fields()) <= problem.details.keys()
    assert set(Problem.OPTIONAL_FIELDS) <= set(Problem.record_fields())
    assert _problem_text(problem) == _dumps(problem.to_dict())
    row = Registration("a.txt", "a.txt", player="Ann", line=2)
    result = DeckResult(deck="a.txt", format="mtg/legacy", problems=[problem], counts={"main": 60}, as_of=FRESH)
    assert ResultLines().line(row, result) == _plain(row, result)


def test_the_writer_spells_out_the_optional_fields_to_dict_writes():
    """`_problem_text` writes `Problem.OPTIONAL_FIELDS` one by one; were they to differ,
    every problem would be left to json (right, but slower): not unnoticed."""
    from deckcheck.report import json as json_report

    assert json_report._WRITTEN == Problem.OPTIONAL_FIELDS
    assert json_report._TO_DICT is Problem.to_dict
