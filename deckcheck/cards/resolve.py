"""Make a deck's card names canonical before the rules run, and report names no card has.

`4 lightning bolt`, `Fire/Ice`, `Delver of Secrets` and `Insectile Aberration` become the
Oracle names `Lightning Bolt`, `Fire // Ice` and `Delver of Secrets // Insectile
Aberration`; the name as written stays in `CardEntry.written`. A name the database (and,
when allowed, Scryfall) does not know is an `unknown-card` error with up to three
"did you mean" suggestions; its entry keeps the written name so the other rules still
count it.
"""
from __future__ import annotations

from dataclasses import replace

from ..model import MAYBEBOARD, Deck
from ..problem import Problem
from .catalog import SUGGESTIONS, Catalog

RULE = "unknown-card"


def resolve_deck(deck: Deck, catalog: Catalog) -> tuple[Deck, list[Problem]]:
    own = getattr(catalog, "resolve_deck", None)
    if own is not None:  # a game with its own identities (Yu-Gi-Oh! passcodes, WoW names)
        return own(deck)
    found = catalog.resolve(entry.name for entry in deck.entries)
    entries = []
    problems = []
    for entry in deck.entries:
        card = found.get(entry.name)
        if card is not None:
            if card.name != entry.name:
                entry = replace(entry, name=card.name, written=entry.written or entry.name)
            entries.append(entry)
            continue
        entries.append(entry)
        if entry.zone == MAYBEBOARD:  # listed for reference only
            continue
        suggestions = catalog.suggest(entry.name, SUGGESTIONS)
        problems.append(
            Problem(
                rule=RULE, zone=entry.zone, line=entry.line, card=entry.name, count=entry.count,
                message=f"unknown card {entry.name!r}: no card of that name in the card database",
                details={"suggestions": suggestions} if suggestions else {},
            )
        )
    return deck.with_entries(entries), problems
