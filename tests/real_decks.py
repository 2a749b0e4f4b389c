"""Helpers to read the real tournament decklists of ../shared/data (never copied here)."""
from __future__ import annotations

import gzip
import json
import os
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def find_shared_data() -> Path:
    """`../shared/data` beside the checkout; a git worktree sits one level deeper
    (`wt/<name>`), so look further up before giving up. DECKCHECK_SHARED_DATA wins."""
    if "DECKCHECK_SHARED_DATA" in os.environ:
        return Path(os.environ["DECKCHECK_SHARED_DATA"])
    for parent in ROOT.parents:
        candidate = parent / "shared" / "data"
        if candidate.is_dir():
            return candidate
    return ROOT.parent / "shared" / "data"


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
