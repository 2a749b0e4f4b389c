"""Shared test fixtures: the installed CLI, the shared real data, isolated user dirs."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from real_decks import find_shared_data, shared_data_misconfigured

ROOT = Path(__file__).resolve().parent.parent


SHARED_DATA = find_shared_data()


def pytest_configure(config: pytest.Config) -> None:
    """A DECKCHECK_SHARED_DATA that points nowhere is said once, as a usage error, before
    any test runs: not a skip or a failure in every test that reads the data."""
    problem = shared_data_misconfigured()
    if problem is not None:
        raise pytest.UsageError(problem)


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


def run_cli(
    *args: str, input: str | bytes | None = None, env: dict[str, str] | None = None, cwd: Path | None = None,
    timeout: float = 300,
) -> subprocess.CompletedProcess:
    """The installed command; `timeout` (seconds) fails a test that would hang."""
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
        timeout=timeout,
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
    # Batches keep verdicts as a user's do (the benchmarks' helpers, imported by a test,
    # turn that off for their own runs: batch/verdict_store.py).
    monkeypatch.delenv("DECKCHECK_NO_CACHE", raising=False)
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)  # a CI runner's: the colour tests set their own
    monkeypatch.delenv("CLICOLOR_FORCE", raising=False)
    monkeypatch.delenv("CLICOLOR", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")


@pytest.fixture(autouse=True)
def no_internet(monkeypatch):
    """Point the Scryfall and YGOPRODeck clients at a closed local port: a test that forgets
    to start the local server fails with "connection refused" instead of reaching the internet."""
    monkeypatch.setenv("DECKCHECK_SCRYFALL_URL", "http://127.0.0.1:9")
    monkeypatch.setenv("DECKCHECK_YGOPRODECK_URL", "http://127.0.0.1:9")
    monkeypatch.delenv("DECKCHECK_OFFLINE", raising=False)
    monkeypatch.delenv("DECKCHECK_PROGRESS", raising=False)


@pytest.fixture
def scryfall_server(monkeypatch):
    """A Scryfall-shaped server on 127.0.0.1 (see scryfall_server.py), used by the client."""
    from scryfall_server import ScryfallServer

    server = ScryfallServer().start()
    monkeypatch.setenv("DECKCHECK_SCRYFALL_URL", server.url)
    yield server
    server.stop()


@pytest.fixture(autouse=True)
def fresh_throttle():
    """Each test starts with an idle rate limiter (the limiter is per process)."""
    from deckcheck.cards import http

    http.THROTTLE._next = 0.0


SAMPLE_CARDS = Path(__file__).parent / "cards" / "sample_cards.json"


@pytest.fixture(scope="session")
def builtin_cards() -> None:
    """The card data deckcheck ships (validate's `cards=None`): what a player gets with
    no database of their own."""
    return None


@pytest.fixture(scope="session")
def sample_cards_db(tmp_path_factory) -> Path:
    """A database built from tests/cards/sample_cards.json: a few hand-written Scryfall
    objects with legalities (does not need the shared data)."""
    from deckcheck.cards.importer import import_file

    path = tmp_path_factory.mktemp("sample-db") / "cards.sqlite"
    import_file(SAMPLE_CARDS, path)
    return path


@pytest.fixture(scope="session")
def shared_bulk_file(tmp_path_factory) -> Path:
    """The shared card file as a Scryfall `default_cards` bulk file (one object a printing)."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"shared real data not found at {SHARED_DATA} (set DECKCHECK_SHARED_DATA)")
    from scryfall_shape import convert

    path = tmp_path_factory.mktemp("shared-bulk") / "default-cards.json"
    convert(SHARED_DATA / "mtg", path)
    return path


@pytest.fixture(scope="session")
def shared_cards_db(tmp_path_factory, shared_bulk_file) -> Path:
    """A database imported from the Scryfall-shaped copy of the shared card file."""
    from deckcheck.cards.importer import import_file

    path = tmp_path_factory.mktemp("shared-db") / "cards.sqlite"
    import_file(shared_bulk_file, path)
    return path


def _shared(*parts: str) -> Path:
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared real data not found at {path} (set DECKCHECK_SHARED_DATA)")
    return path


@pytest.fixture(scope="session")
def ygo_cards_db(tmp_path_factory) -> Path:
    """A database with the shared Yu-Gi-Oh! card data (cards_derived.cdb, a YGOPro cards.cdb)."""
    from deckcheck.cards.importer import import_file

    path = tmp_path_factory.mktemp("ygo-db") / "cards.sqlite"
    import_file(_shared("ygo", "cards_derived.cdb"), path)
    return path


@pytest.fixture(scope="session")
def wow_cards_db(tmp_path_factory) -> Path:
    """A database with the shared WoW TCG card data (cards.json.gz)."""
    from deckcheck.cards.importer import import_file

    path = tmp_path_factory.mktemp("wow-db") / "cards.sqlite"
    import_file(_shared("wow", "cards.json.gz"), path)
    return path


@pytest.fixture
def db(tmp_path, monkeypatch) -> Path:
    """A card database that does not exist yet, in a folder that does not either, named by
    DECKCHECK_CARDS_DB: where `cards sync` and `cards import` build one (a test module may
    give its own `db`)."""
    path = tmp_path / "data" / "cards.sqlite"
    monkeypatch.setenv("DECKCHECK_CARDS_DB", str(path))
    return path
