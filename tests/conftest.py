"""Shared test fixtures: the installed CLI, the shared real data, isolated user dirs."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _find_shared_data() -> Path:
    """$DECKCHECK_SHARED_DATA, else `shared/data` beside the checkout or a folder above it
    (a git worktree under /work/wt/NAME finds /work/shared/data)."""
    if os.environ.get("DECKCHECK_SHARED_DATA"):
        return Path(os.environ["DECKCHECK_SHARED_DATA"])
    for folder in ROOT.parents:
        if (folder / "shared" / "data").is_dir():
            return folder / "shared" / "data"
    return ROOT.parent / "shared" / "data"


SHARED_DATA = _find_shared_data()


def deckcheck_executable() -> Path:
    """The console script installed next to this interpreter (the README's install)."""
    scripts = Path(sys.executable).parent
    for name in ("deckcheck", "deckcheck.exe"):
        candidate = scripts / name
        if candidate.exists():
            return candidate
    raise RuntimeError(
        f"the deckcheck command is not installed beside {sys.executable}; "
        "install the package first (see README: pip install '.[test]')"
    )


def run_cli(*args: str, input: str | bytes | None = None, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    full_env = {**os.environ, "NO_COLOR": "1", **(env or {})}
    full_env.pop("GITHUB_ACTIONS", None) if env is None or "GITHUB_ACTIONS" not in env else None
    text_mode = not isinstance(input, bytes)
    return subprocess.run(
        [str(deckcheck_executable()), *args],
        input=input,
        capture_output=True,
        text=text_mode,
        env=full_env,
        cwd=cwd,
        timeout=300,
    )


@pytest.fixture
def cli():
    return run_cli


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The real data of ../shared/data; tests that need it skip, saying why, when absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"shared real data not found at {SHARED_DATA} (set DECKCHECK_SHARED_DATA)")
    return SHARED_DATA


@pytest.fixture(autouse=True)
def isolated_user_dirs(tmp_path_factory, monkeypatch):
    """Keep every test's caches and databases out of the real user directories."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / "cache"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.delenv("DECKCHECK_CARDS_DB", raising=False)
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
