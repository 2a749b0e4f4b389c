"""A toy card as `cards lookup` shows it."""
from __future__ import annotations

from typing import Any

from .store import ToyCard, ToyCatalog


def find(catalog: ToyCatalog, query: str) -> ToyCard | None:
    return catalog.get(query)


def facts(catalog: ToyCatalog, card: ToyCard) -> dict[str, Any]:
    return {"name": card.name, "type": card.type}


def text(catalog: ToyCatalog, card: ToyCard) -> str:
    return f"{card.name}\n  type:       {card.type}\n"
