"""A whole number too long for Python's int() (4,300 digits) wherever deckcheck reads one
from a user's text: each case of tests/cases/numbers/huge.yaml runs through the installed
`deckcheck` and gets one clear line (the one it states, when it states one), never an
internal error or Python's advice to call sys.set_int_max_str_digits."""
from __future__ import annotations

from pathlib import Path

import pytest

import caseload
from conftest import run_cli
from deckcheck.schema import Int, ListOf, MapOf, Str, Struct

HUGE = "9" * 5000
CASES = caseload.load(Path(__file__).parent / "cases" / "numbers" / "huge.yaml", ListOf(Struct({
    "name": Str(non_empty=True), "files": MapOf(Str()), "args": ListOf(Str()), "exit": Int(0),
    "stdout": Str(), "stderr": Str(),
}, required=("name", "args", "exit"))))


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_a_huge_number_is_one_clear_line(case, tmp_path):
    for name, text in (case.get("files") or {}).items():
        (tmp_path / name).write_text(text.replace("{HUGE}", HUGE), encoding="utf-8")
    done = run_cli(*(arg.replace("{HUGE}", HUGE) for arg in case["args"]), cwd=tmp_path,
                   env={"DECKCHECK_OFFLINE": "1"})
    assert "internal error" not in done.stderr and "set_int_max_str_digits" not in done.stderr, done.stderr[:500]
    assert "Traceback" not in done.stderr
    assert done.returncode == case["exit"], done.stderr[:500]
    if "stderr" in case:
        assert done.stderr.endswith(case["stderr"]), done.stderr[-500:]
    if "stdout" in case:
        assert done.stdout == case["stdout"]
