"""Data-driven team tests: each `team` case of tests/cases/rules/*.yaml (tests/caseload.py)
is one team's decks, a format and date, and the exact team problems expected (`cells` add
cells to a player's manifest row: a seat, the row's own format; `cards` a card database). The decks are
written to a folder with a YAML manifest and checked by the batch library, as an
organiser's set would be."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import caseload
from deckcheck.batch import check_source


@pytest.mark.parametrize("case", caseload.cases("rules", kind="team"))
def test_team_case(case, tmp_path, request):
    rows = []
    for player, text in case["decks"].items():
        (tmp_path / f"{player}.txt").write_text(text, encoding="utf-8")
        rows.append({"player": player, "deck": f"{player}.txt", "team": "T1", **case.get("cells", {}).get(player, {})})
    manifest = tmp_path / "registrations.yaml"
    manifest.write_text(yaml.safe_dump(rows), encoding="utf-8")

    # A format id, or a format file of tests/ (formats/...yaml), which the library takes as a Path.
    fmt = case["format"]
    fmt = Path(__file__).resolve().parent / fmt if fmt.endswith(".yaml") else fmt
    # `cards`: the card database fixture the decks are read with (else the batch's own).
    cards_db = request.getfixturevalue(caseload.CARD_DATABASES[case["cards"]]) if case.get("cards") else None
    batch = check_source(manifest, fmt, date=str(case["date"]), jobs=1, unified=case.get("unified", True), cards_db=cards_db)

    (team,) = batch.report.teams
    assert team.players == list(case["decks"])
    actual = [problem.to_dict() for problem in team.problems]
    expected = case.get("problems") or []
    assert len(actual) == len(expected), f"team problems: {actual}"
    for got, want in zip(actual, expected):
        assert {key: got.get(key) for key in want} == want, f"got {got}"
    assert team.legal is not any(problem.get("severity", "error") == "error" for problem in expected)
    deck_rules = case.get("deck_rules") or {}
    for result in batch.report.results:
        assert [problem.rule for problem in result.problems] == deck_rules.get(result.player, []), result.to_dict()
