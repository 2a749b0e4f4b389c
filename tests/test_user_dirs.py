"""Where deckcheck keeps its card database and caches (deckcheck/cards/paths.py): the
folders it works out itself on Linux are the ones platformdirs gives."""
from __future__ import annotations

import sqlite3
import sys

import platformdirs
import pytest

from conftest import run_cli
from deckcheck.cards.paths import APP, user_dir

ENVIRONMENTS = [
    {"XDG_DATA_HOME": "/x/data", "XDG_CACHE_HOME": "/x/cache", "HOME": "/home/ann"},
    {"XDG_DATA_HOME": None, "XDG_CACHE_HOME": None, "HOME": "/home/ann"},
    {"XDG_DATA_HOME": None, "XDG_CACHE_HOME": None, "HOME": "/home/ann/"},
    {"XDG_DATA_HOME": None, "XDG_CACHE_HOME": None, "HOME": "/"},
    {"XDG_DATA_HOME": "", "XDG_CACHE_HOME": "", "HOME": "/home/ann"},
    {"XDG_DATA_HOME": "relative/data", "XDG_CACHE_HOME": "relative/cache", "HOME": "/home/bob"},
    {"XDG_DATA_HOME": "/x/data/", "XDG_CACHE_HOME": "/x/cache/", "HOME": "relative"},
    {"XDG_DATA_HOME": None, "XDG_CACHE_HOME": None, "HOME": "relative"},
    {"XDG_DATA_HOME": None, "XDG_CACHE_HOME": None, "HOME": None},
]


@pytest.mark.parametrize("environment", ENVIRONMENTS, ids=lambda env: ",".join(f"{k}={v}" for k, v in env.items()))
def test_user_folders_are_platformdirs_ones(monkeypatch, environment):
    for name, value in environment.items():
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    assert user_dir("data") == platformdirs.user_data_dir(APP, appauthor=False)
    assert user_dir("cache") == platformdirs.user_cache_dir(APP, appauthor=False)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG folders are worked out by deckcheck only on Linux")
def test_plain_linux_folders_do_not_import_platformdirs():
    import subprocess

    code = (
        "import sys\nfrom deckcheck.cards.paths import user_dir\n"
        "print(user_dir('cache'), user_dir('data'), 'platformdirs' in sys.modules)\n"
    )
    env = {"HOME": "/home/ann", "XDG_CACHE_HOME": "/x/cache", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["/x/cache/deckcheck", "/home/ann/.local/share/deckcheck", "False"]


# `deckcheck` run as a user with no HOME and no password entry (a container started as a
# bare uid with an emptied environment): os.path.expanduser leaves `~` as it is, and
# platformdirs raises RuntimeError for the data and cache folders.
_NO_HOME = (
    "import pwd, sys\n"
    "def _no_entry(uid):\n    raise KeyError(f'getpwuid(): uid not found: {uid}')\n"
    "pwd.getpwuid = _no_entry\n"
    "from deckcheck.entry import main\n"
    "sys.argv = ['deckcheck', *sys.argv[1:]]\n"
    "main()\n"
)


def _without_home(folder, *args: str, env_extra: dict[str, str] | None = None):
    import os
    import subprocess

    env = {k: v for k, v in os.environ.items()
           if k not in ("HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "DECKCHECK_CARDS_DB") and not k.startswith("GITHUB_")}
    env["DECKCHECK_SCRYFALL_URL"] = "http://127.0.0.1:9"  # never reached: nothing goes online
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-c", _NO_HOME, *args], cwd=folder, env=env, capture_output=True, text=True,
                          timeout=300)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the user's password entry is looked up on Unix")
def test_a_user_with_no_home_checks_decks_without_the_caches(tmp_path):
    """A cache is a shortcut: with no folder to keep one, `check`, `validate` and `batch`
    check as usual (the built-in card data, no format or verdict kept), where they stopped
    with `internal error (RuntimeError: could not determine the home directory ...)`; a
    command that needs the folder, `cards sync`, says in one line what to set."""
    (tmp_path / "decks").mkdir()
    (tmp_path / "deckcheck.yaml").write_text("format: mtg/modern\ndate: 2024-06-01\n", encoding="utf-8")
    (tmp_path / "decks" / "bolts.txt").write_text("5 Lightning Bolt\n55 Mountain\n", encoding="utf-8")
    for args in (["check"], ["validate", "decks/bolts.txt", "-f", "mtg/modern"], ["batch", "decks", "-f", "mtg/modern"]):
        done = _without_home(tmp_path, *args)
        assert done.returncode == 1 and "copy-limit" in done.stdout, (args, done.stdout, done.stderr)
        assert "internal error" not in done.stderr, done.stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == ["deckcheck.yaml", "decks"]  # no `~` folder made here
    sync = _without_home(tmp_path, "cards", "sync")
    assert sync.returncode == 2 and len(sync.stderr.splitlines()) == 1, sync.stderr
    assert sync.stderr.startswith("deckcheck: error: no user data folder: ") and "DECKCHECK_CARDS_DB" in sync.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the user's password entry is looked up on Unix")
def test_a_user_with_no_home_syncs_into_the_database_named(tmp_path, scryfall_server):
    """Review32a #2: with DECKCHECK_CARDS_DB set, `cards sync` needs no user folder (the HTTP
    cache goes to memory, the download to the temp folder), yet it stopped with `no user
    cache folder: ...; deckcheck goes on with its built-in card data` and exit 2: the
    cache folder was asked for before the fallbacks' `try`."""
    from conftest import SAMPLE_CARDS

    scryfall_server.files["oracle-cards.json"] = SAMPLE_CARDS.read_bytes()
    db = tmp_path / "data" / "cards.sqlite"
    env = {"DECKCHECK_CARDS_DB": str(db), "DECKCHECK_SCRYFALL_URL": scryfall_server.url}
    sync = _without_home(tmp_path, "cards", "sync", env_extra=env)
    assert sync.returncode == 0, sync.stderr
    assert "error" not in sync.stderr and "Traceback" not in sync.stderr, sync.stderr
    warnings = [line for line in sync.stderr.splitlines() if line.startswith("deckcheck: warning:")]
    assert warnings == [line for line in warnings if "cannot use the HTTP cache (no user cache folder" in line] != [], sync.stderr
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT 1 FROM cards WHERE name = 'Lightning Bolt'").fetchone()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["data"]  # no `~` folder made here


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the user's password entry is looked up on Unix")
def test_a_user_with_no_home_is_shown_the_built_in_card_data(tmp_path):
    """Review32a #5: `cards stats` with no database named and no user folder stopped with
    `no user data folder: ...` (exit 2), where with a HOME and no database it shows the
    built-in data, the data `validate` and `cards info` use without a HOME."""
    import json

    stats = _without_home(tmp_path, "cards", "stats", "-o", "json")
    assert stats.returncode == 0, stats.stderr
    info = json.loads(stats.stdout)
    assert info["builtin"] is True and info["count_cards"] > 0, info
    named = _without_home(tmp_path, "cards", "stats", "--cards-db", str(tmp_path / "none.sqlite"))
    assert named.returncode == 2 and "none.sqlite" in named.stderr, named.stderr  # a database named stays asked for


def test_cards_stats_of_the_built_in_file_named_by_the_variable_shows_the_built_in_data(tmp_path):
    """DECKCHECK_CARDS_DB naming the built-in data's own file is the built-in data (opened
    read-only, shown as such), as no database named is."""
    import json

    # The installed command's own built-in file (CI installs the package, not this checkout):
    # the one it shows when the variable names a database that does not exist.
    missing = run_cli("cards", "stats", "-o", "json", env={"DECKCHECK_CARDS_DB": str(tmp_path / "none.sqlite")})
    assert missing.returncode == 0 and json.loads(missing.stdout)["builtin"] is True, missing.stderr
    builtin_file = json.loads(missing.stdout)["database"]
    stats = run_cli("cards", "stats", "-o", "json", env={"DECKCHECK_CARDS_DB": builtin_file})
    assert stats.returncode == 0, stats.stderr
    assert json.loads(stats.stdout)["builtin"] is True
