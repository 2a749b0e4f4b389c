"""Where deckcheck keeps its card database and caches (deckcheck/cards/paths.py): the
folders it works out itself on Linux are the ones platformdirs gives."""
from __future__ import annotations

import sys

import platformdirs
import pytest

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
