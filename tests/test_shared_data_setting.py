"""DECKCHECK_SHARED_DATA pointing at a folder that is not the shared data stops the test run
once, with a usage error naming the variable and the folder (tests/conftest.py), instead of
a skip or a failure in every test that reads the real data."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent


@pytest.mark.parametrize("make, says", [
    (lambda tmp: tmp / "missing", "missing: no such folder; point it at the shared data"),
    (lambda tmp: tmp, "not the shared data (no mtg/, ygo/, wow/ in it)"),
], ids=["missing folder", "empty folder"])
def test_a_wrong_shared_data_folder_is_one_usage_error(tmp_path, make, says):
    folder = make(tmp_path)
    env = {**os.environ, "DECKCHECK_SHARED_DATA": str(folder)}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(TESTS / "test_limits.py")],
                          capture_output=True, text=True, env=env, cwd=TESTS.parent, timeout=300)
    assert done.returncode == 4, done.stdout + done.stderr  # pytest's usage error: no test ran
    output = done.stdout + done.stderr
    assert output.count("DECKCHECK_SHARED_DATA=") == 1 and f"DECKCHECK_SHARED_DATA={folder}" in output
    assert says in output
