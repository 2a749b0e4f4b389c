"""Every script of benchmarks/ starts: its imports (the shared helpers of child_process.py
and batch_bench.py, the tests' real_decks) resolve and it prints its usage. The figures
themselves are measured by running the scripts (docs/speed.md), never in tests."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
SCRIPTS = sorted(path.name for path in BENCHMARKS.glob("*_bench.py"))


def test_there_are_benchmarks():
    assert len(SCRIPTS) >= 10


@pytest.mark.parametrize("script", SCRIPTS)
def test_a_benchmark_script_starts(script, tmp_path):
    # From another folder: a script finds its helpers by its own path, not the working folder's.
    done = subprocess.run([sys.executable, str(BENCHMARKS / script), "--help"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage:")
