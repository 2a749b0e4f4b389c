"""Data-driven rule and parser tests: every `deck` case of tests/cases/rules/*.yaml and
tests/cases/decklists/*.yaml (tests/caseload.py) is a deck, a format, a date and the exact
problems expected (adding a case is adding data, not code), checked through the library.

Optional keys: `counts` (cards per zone), `entries` (the parsed entries in order, each
compared on the fields it states: name, count, zone, line), `deck_name` (the deck name a
parser read), `input_format` (force a parser), `cards` (`builtin`: the card data deckcheck
ships; `sample`: the database of
tests/cards/sample_cards.json; `shared`: the one imported from the shared card file;
`ygo` / `wow`: the shared Yu-Gi-Oh! / WoW TCG card data; absent: no card database),
`suggestions` (card -> expected "did you mean" list, first ones), `canonical` (names the entries carry after resolution, in order of first appearance).
"""
from __future__ import annotations

from pathlib import Path

import pytest

import caseload
from deckcheck import validate
from deckcheck.pipeline import read_deck

COMPARED = ("rule", "card", "count", "limit", "zone", "line", "severity", "message")


def _project(problem: dict, keys) -> dict:
    return {key: problem[key] for key in keys if key in problem}




@pytest.mark.parametrize("case", caseload.cases("rules", kind="deck") + caseload.cases("decklists", kind="deck"))
def test_case(case, request):
    fmt = case["format"]
    if fmt.endswith(".yaml"):
        fmt = Path(__file__).parent / fmt  # a format file is a Path (a str is an id)
    cards = request.getfixturevalue(caseload.CARD_DATABASES[case["cards"]]) if case.get("cards") else False
    result = validate(case["deck"], fmt, case.get("date"), input_format=case.get("input_format"), cards=cards, offline=True,
                      platform=case.get("platform", "paper"))
    actual = [problem.to_dict() for problem in result.problems]
    expected = case.get("problems") or []
    # Compare each expected problem on the fields it states; the lists must match one to one.
    keys = [tuple(key for key in COMPARED if key in problem) for problem in expected]
    assert len(actual) == len(expected), f"problems: {actual}"
    remaining = list(actual)
    for want, want_keys in zip(expected, keys):
        match = next((got for got in remaining if _project(got, want_keys) == want), None)
        assert match is not None, f"expected {want} among {remaining}"
        remaining.remove(match)
    assert result.legal is case.get("legal", not any(p.get("severity", "error") == "error" for p in expected))
    if "counts" in case:
        assert result.counts == case["counts"]
    if "entries" in case:
        # Parser-level expectations: every entry, in order, on the fields the case states.
        deck = read_deck(case["deck"], input_format=case.get("input_format"))
        got = [{"name": e.name, "count": e.count, "zone": e.zone, "line": e.line} for e in deck.entries]
        want = case["entries"]
        assert len(got) == len(want), f"entries: {got}"
        for got_entry, want_entry in zip(got, want):
            assert {key: got_entry[key] for key in want_entry} == want_entry, f"entries: {got}"
    if "deck_name" in case:
        assert read_deck(case["deck"], input_format=case.get("input_format")).name == case["deck_name"]
    for card, wanted in (case.get("suggestions") or {}).items():
        problem = next(p for p in result.problems if p.rule == "unknown-card" and p.card == card)
        assert problem.details["suggestions"][: len(wanted)] == wanted
    if "canonical" in case:
        assert list(dict.fromkeys(p for p in _entry_names(case, cards, fmt))) == case["canonical"]


def _entry_names(case, cards, fmt):
    from deckcheck.formats import load
    from deckcheck.pipeline import card_catalog

    deck = read_deck(case["deck"], input_format=case.get("input_format"))
    catalog = card_catalog(load(fmt), cards, offline=True)
    resolved, _ = catalog.resolve_deck(deck)
    return [entry.name for entry in resolved.entries]
