"""Registered pools, data-driven, through the installed command.

Each `pool` case of tests/cases/rules/*.yaml (tests/caseload.py) is a pool, a deck and a
format: the files are written to a folder and checked with `deckcheck validate DECK -f
FORMAT --pool POOL -o json`; the problems must match the case one to one (on the fields it
states) and the exit code the verdict. `team-pool` cases write a manifest with a `pool`
column and run `deckcheck batch`. As for every case without a `cards` key, they run
without card data (`--no-cards`): they are about pools, not card names; a case with
`cards` names the card database its decks and pools are read with.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

import caseload

TESTS = Path(__file__).parent
COMPARED = ("rule", "card", "count", "limit", "zone", "line", "severity", "holders", "message")


def _format(case: dict) -> str:
    fmt = case["format"]
    return str(TESTS / fmt) if fmt.endswith(".yaml") else fmt


def assert_problems(actual: list[dict], expected: list[dict]) -> None:
    """One to one, each expected problem compared on the fields it states."""
    assert len(actual) == len(expected), f"problems: {actual}"
    remaining = list(actual)
    for want in expected:
        keys = [key for key in COMPARED if key in want]
        match = next((got for got in remaining if {key: got.get(key) for key in keys} == want), None)
        assert match is not None, f"expected {want} among {remaining}"
        remaining.remove(match)


def _cards(case: dict, request: pytest.FixtureRequest, *, offline: tuple[str, ...] = ("--offline",)) -> list[str]:
    """The options that give the case's card database (`cards`), or none (`--no-cards`);
    `offline` the option that keeps the command from looking names up (a batch never does)."""
    if case.get("cards"):
        return ["--cards-db", str(request.getfixturevalue(caseload.CARD_DATABASES[case["cards"]])), *offline]
    return ["--no-cards"]


def _legal(case: dict) -> bool:
    expected = case.get("problems") or []
    return case.get("legal", not any(problem.get("severity", "error") == "error" for problem in expected))


@pytest.mark.parametrize("case", caseload.cases("rules", kind="pool"))
def test_pool_case(case, cli, tmp_path, request):
    pool = tmp_path / case.get("pool_file", "pool.txt")
    deck = tmp_path / case.get("deck_file", "deck.txt")
    # newline="\r\n": each line end written as CRLF, as Magic Online on Windows saves its files.
    pool.write_text(case["pool"], encoding="utf-8", newline="\r\n" if case.get("pool_crlf") else None)
    deck.write_text(case["deck"], encoding="utf-8")
    done = cli("validate", str(deck), "-f", _format(case), "--pool", str(pool), "-o", "json", *_cards(case, request))

    assert "Traceback" not in done.stderr
    (result,) = json.loads(done.stdout)["results"]
    assert_problems(result["problems"], case.get("problems") or [])
    assert result["legal"] is _legal(case)
    assert result["pool"] == str(pool)
    assert done.returncode == (0 if _legal(case) else 1), done.stdout + done.stderr
    for problem in result["problems"]:
        if "pool_line" in problem:
            # A problem of the pool's own lines names the pool file and its line.
            assert problem["message"].startswith(f"pool {pool} line {problem['pool_line']}: "), problem
        if problem["rule"] == "registered-pool":
            # The message names the card, the copies used and what the pool holds.
            assert problem["card"] in problem["message"] and f"{problem['count']} cop" in problem["message"]
            assert ("holds none" if problem["limit"] == 0 else f"holds {problem['limit']}") in problem["message"]


@pytest.mark.parametrize("case", caseload.cases("rules", kind="team-pool"))
def test_pool_team_case(case, cli, tmp_path, request):
    """A team's decks against the team's pool: `decks` {player: text}, `pool` (one file
    for the team, named on the first row only unless `pool_on_every_row`) or `pools`
    {player: text; a player left out names none}; `cells` {player: {column: text}} more
    cells of a row; `problems` of the team, `deck_rules` {player: [rule ids]}; `cards` the
    card database, as for a `pool` case."""
    rows = []
    if "pool" in case:
        (tmp_path / "pool.txt").write_text(case["pool"], encoding="utf-8")
    for number, (player, text) in enumerate(case["decks"].items()):
        (tmp_path / f"{player}.txt").write_text(text, encoding="utf-8")
        row = {"player": player, "deck": f"{player}.txt", "team": "T1"}
        if player in case.get("pools", {}):
            (tmp_path / f"{player}-pool.txt").write_text(case["pools"][player], encoding="utf-8")
            row["pool"] = f"{player}-pool.txt"
        elif "pool" in case and (number == 0 or case.get("pool_on_every_row", True)):
            row["pool"] = "pool.txt"
        rows.append({**row, **case.get("cells", {}).get(player, {})})
    manifest = tmp_path / "registrations.yaml"
    manifest.write_text(yaml.safe_dump(rows), encoding="utf-8")

    done = cli("batch", str(manifest), "-f", _format(case), "-o", "json", *_cards(case, request, offline=()))

    assert "Traceback" not in done.stderr
    report = json.loads(done.stdout)
    (team,) = report["teams"]
    assert team["players"] == list(case["decks"])
    expected = case.get("problems") or []
    assert_problems(team["problems"], expected)
    assert team["legal"] is (not expected)
    deck_rules = case.get("deck_rules") or {}
    for result in report["results"]:
        assert [problem["rule"] for problem in result["problems"]] == deck_rules.get(result["player"], []), result
    every_legal = team["legal"] and all(result["legal"] for result in report["results"])
    assert done.returncode == (0 if every_legal else 1)
