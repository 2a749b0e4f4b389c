"""The optional hooks of a game's catalog, which deckcheck asks for by name
(`getattr(catalog, "passcode_note", None)`): each name asked is one that some game's
catalog defines. A hook renamed in the catalog but not where it is asked (or the other
way round) would be silently off: no error, only a message worded as if the game had none."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import deckcheck
from deckcheck.games.mtg.catalog import MtgCatalog
from deckcheck.games.wow.catalog import WowCatalog
from deckcheck.games.yugioh.catalog import YgoCatalog

SOURCE = Path(deckcheck.__file__).parent
ASKED = re.compile(r"getattr\((?:self\.)?catalog, \"(\w+)\"")
# Asked of any catalog, which holds it as an attribute set in __init__, if at all (a file's).
ATTRIBUTES = {"path"}


def asked() -> list[str]:
    return sorted({name for path in SOURCE.rglob("*.py") for name in ASKED.findall(path.read_text(encoding="utf-8"))})


def test_some_hooks_are_asked_for():
    assert "not_a_card" in asked()


@pytest.mark.parametrize("name", [name for name in asked() if name not in ATTRIBUTES])
def test_every_hook_asked_for_is_one_a_game_s_catalog_defines(name):
    assert any(hasattr(catalog, name) for catalog in (MtgCatalog, YgoCatalog, WowCatalog)), name
