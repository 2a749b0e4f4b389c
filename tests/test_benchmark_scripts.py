"""Every script of benchmarks/ starts: its imports (the shared helpers of child_process.py
and batch_bench.py, the tests' real_decks) resolve and it prints its usage. The figures
themselves are measured by running the scripts (docs/speed.md), never in tests. The
scripts of scripts/ that write the repository's files print their usage for --help too,
and write nothing then."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
WRITERS = Path(__file__).resolve().parent.parent / "scripts"
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


@pytest.mark.parametrize("script", ["build_fonts.py", "paperwork_pictures.py", "update_help.py"])
def test_a_script_that_writes_files_only_prints_its_usage_for_help(script, tmp_path):
    """These read no arguments: `python scripts/paperwork_pictures.py --help` drew both
    pictures of docs/images/ again over the committed ones, build_fonts.py rebuilt the fonts
    and update_help.py rewrote deckcheck/_help.py."""
    done = subprocess.run([sys.executable, str(WRITERS / script), "--help"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage:") and "wrote" not in done.stdout, done.stdout
