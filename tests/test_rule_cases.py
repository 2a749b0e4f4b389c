"""Data-driven rule tests: every case in tests/cases/*.yaml is a deck, a format, a date
and the exact problems expected (adding a case is adding data, not code)."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from deckcheck import validate

CASES_DIR = Path(__file__).parent / "cases"
COMPARED = ("rule", "card", "count", "limit", "zone", "line", "severity")


def _load_cases():
    for path in sorted(CASES_DIR.glob("*.yaml")):
        for index, case in enumerate(yaml.safe_load(path.read_text(encoding="utf-8"))):
            yield pytest.param(case, id=f"{path.stem}:{case.get('name', index)}")


def _project(problem: dict, keys) -> dict:
    return {key: problem[key] for key in keys if key in problem}


@pytest.mark.parametrize("case", list(_load_cases()))
def test_case(case):
    fmt = case["format"]
    if fmt.endswith(".yaml"):
        fmt = str(Path(__file__).parent / fmt)
    result = validate(case["deck"], fmt, case.get("date"), input_format=case.get("input_format"))
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
