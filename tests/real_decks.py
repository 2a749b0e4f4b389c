"""Helpers to read the real tournament decklists of ../shared/data (never copied here)."""
from __future__ import annotations

import gzip
import json
import os
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


ENV = "DECKCHECK_SHARED_DATA"
# The folders of the shared data, one per game (its README says what each holds).
GAME_FOLDERS = ("mtg", "ygo", "wow")


def find_shared_data() -> Path:
    """`../shared/data` beside the checkout; a git worktree sits one level deeper
    (`wt/<name>`), so look further up before giving up. DECKCHECK_SHARED_DATA wins."""
    if ENV in os.environ:
        return Path(os.environ[ENV])
    for parent in ROOT.parents:
        candidate = parent / "shared" / "data"
        if candidate.is_dir():
            return candidate
    return ROOT.parent / "shared" / "data"


def shared_data_misconfigured() -> str | None:
    """Why DECKCHECK_SHARED_DATA, when set, cannot be the shared data: a folder that does
    not exist, or one without the games' folders. None when it is unset (the tests that
    need the data then skip, saying so) or points at the data."""
    if ENV not in os.environ:
        return None
    folder = Path(os.environ[ENV])
    if not folder.is_dir():
        return f"{ENV}={folder}: no such folder; point it at the shared data (the folder holding mtg/, ygo/, wow/) or unset it"
    missing = [name for name in GAME_FOLDERS if not (folder / name).is_dir()]
    if missing:
        return (f"{ENV}={folder}: not the shared data (no {', '.join(name + '/' for name in missing)} in it); "
                "point it at the folder holding mtg/, ygo/, wow/ or unset it")
    return None


def read_decks(shared_data: Path) -> Iterator[dict]:
    path = shared_data / "mtg" / "decklists" / "decks.jsonl.gz"
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            yield json.loads(line)


def mtgo_text(deck: dict) -> str:
    """The deck as MTGO exports it: main deck, a blank line, the sideboard."""
    main = "\n".join(f"{card['count']} {card['name']}" for card in deck["mainboard"])
    side = "\n".join(f"{card['count']} {card['name']}" for card in deck["sideboard"])
    return main + ("\n\n" + side if side else "") + "\n"


def registered_text(deck: dict) -> str:
    """The deck with its zones stated (a `Sideboard` header): exactly the main deck and
    sideboard the player registered, whatever their sizes (an MTGO-shaped list lets the
    format's sizes decide where a blank-line group belongs, decklists/layout.py)."""
    main = "\n".join(f"{card['count']} {card['name']}" for card in deck["mainboard"])
    side = "\n".join(f"{card['count']} {card['name']}" for card in deck["sideboard"])
    return main + ("\nSideboard\n" + side if side else "") + "\n"


def format_id(deck: dict) -> str:
    return "mtg/" + deck["format"].lower()
