"""Data-driven simulation cases: tests/cases/engine/*.yaml hold a deck, a format, options and
the expected probabilities (each a closed form in its comment). Every case runs through the
library; cases marked `cli: true` also run through the installed command with -o json."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import caseload
from deckcheck.engine import simulate
from deckcheck.engine.report import to_dict

TESTS = Path(__file__).parent
TOLERANCE = 1e-6
CASES = caseload.cases("engine", kind="simulate")


def _format(case: dict) -> str | Path:
    """The case's format: an id, or a test format file (a Path, as the library takes files)."""
    fmt = case["format"]
    return TESTS / fmt if fmt.endswith(".yaml") else fmt


def _assertion_texts(case: dict) -> list[str]:
    return [item["text"] for item in case["expect"].get("assertions", [])]


def _close(actual: float, expected: float, what: str) -> None:
    assert abs(actual - expected) <= TOLERANCE, f"{what}: got {actual!r}, expected {expected!r}"


def check_report(report: dict, expect: dict) -> None:
    if "mode" in expect:
        assert report["mode"] == expect["mode"]
    for key in ("keep", "lands_in_kept_hand", "mulligans"):
        for size, value in expect.get(key, {}).items():
            assert str(size) in report[key], f"{key}: no entry {size} in {report[key]}"
            _close(report[key][str(size)], value, f"{key}[{size}]")
    for key in ("expected_hand_size", "mulligan"):
        if key in expect:
            _close(report[key], expect[key], key)
    for item in expect.get("by_turn", []):
        cell = report["by_turn"][item["card"]][item["side"]][str(item["turn"])]
        for field in ("p", "hypergeometric"):
            if field in item:
                _close(cell[field], item[field], f"{item['card']} {item['side']} turn {item['turn']} {field}")
    expected_assertions = expect.get("assertions", [])
    assert [a["assertion"] for a in report["assertions"]] == [a["text"] for a in expected_assertions]
    for got, want in zip(report["assertions"], expected_assertions):
        assert got["passed"] is want["passed"], got
    assert report["passed"] is all(a["passed"] for a in expected_assertions)


def simulate_case(case: dict, folder: Path):  # type: ignore[no-untyped-def]
    """The case's simulation through the library (its policy file written to `folder`)."""
    policy_file = None
    if "policy" in case:
        policy_file = folder / "policy.yaml"
        policy_file.write_text(case["policy"], encoding="utf-8")
    options = dict(case.get("options", {}))
    by_size = {size: options.pop(f"keep{size}") for size in (6, 5) if f"keep{size}" in options}
    return simulate(
        case["deck"], _format(case), keep_by_size=by_size, policy_file=policy_file,
        assertions=_assertion_texts(case), **options,
    )


@pytest.mark.parametrize("case", CASES)
def test_case_library(case, tmp_path):
    check_report(to_dict(simulate_case(case, tmp_path)), case["expect"])


@pytest.mark.parametrize("case", [param for param in CASES if param.values[0].get("cli")])
def test_case_cli(case, tmp_path, cli):
    deck = tmp_path / "deck.txt"
    deck.write_text(case["deck"], encoding="utf-8")
    args = ["simulate", str(deck), "-f", str(_format(case)), "-o", "json"]
    for option, value in case.get("options", {}).items():
        args += [f"--{option}", str(value)]
    if "policy" in case:
        (tmp_path / "policy.yaml").write_text(case["policy"], encoding="utf-8")
        args += ["--policy", str(tmp_path / "policy.yaml")]
    for text in _assertion_texts(case):
        args += ["--assert", text]
    done = cli(*args)
    report = json.loads(done.stdout)
    expected_exit = 0 if all(a["passed"] for a in case["expect"].get("assertions", [])) else 1
    assert done.returncode == expected_exit, done.stderr
    check_report(report, case["expect"])
