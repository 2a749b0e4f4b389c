"""Helpers to read the real tournament decklists of ../shared/data (never copied here)."""
from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path


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


def format_id(deck: dict) -> str:
    return "mtg/" + deck["format"].lower()
