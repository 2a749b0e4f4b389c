"""Make a deck's card names canonical before the rules run, and report names no card has.

`4 lightning bolt`, `Fire/Ice`, `Delver of Secrets` and `Insectile Aberration` become the
Oracle names `Lightning Bolt`, `Fire // Ice` and `Delver of Secrets // Insectile
Aberration`; the name as written stays in `CardEntry.written`. A name the database (and,
when allowed, Scryfall) does not know is an `unknown-card` error with up to three
"did you mean" suggestions; its entry keeps the written name so the other rules still
count it. Names the format's own lists mention are known names even when the database
lacks them (Unfinity sticker sheets on Pauper's banned list): the `banned` rule speaks
for those.
"""
from __future__ import annotations

from collections.abc import Collection

from ..model import MAYBEBOARD, CardEntry, Deck
from ..problem import Problem
from ..games.mtg.catalog import SUGGESTIONS, Catalog

RULE = "unknown-card"


def resolve_deck(deck: Deck, catalog: Catalog, *, listed: Collection[str] = ()) -> tuple[Deck, list[Problem]]:
    """The deck with canonical names, and `unknown-card` problems; `listed` holds the card
    keys of names the format's lists mention."""
    own = getattr(catalog, "resolve_deck", None)
    if own is not None:  # a game with its own identities (Yu-Gi-Oh! passcodes, WoW names)
        return own(deck)
    get = catalog.get
    entries: list[CardEntry] = []
    unknown: list[int] = []
    for entry in deck.entries:
        card = get(entry.name)
        if card is None:
            unknown.append(len(entries))
        elif card.name != entry.name:
            # Built directly: dataclasses.replace costs three times as much, per entry.
            entry = CardEntry(card.name, entry.count, entry.zone, entry.line, entry.written or entry.name, entry.code)
        entries.append(entry)
    problems: list[Problem] = []
    if not unknown:
        return deck.with_entries(entries), problems
    if catalog.online is not None:  # one request for all of the deck's unknown names
        online = catalog.resolve([entries[index].name for index in unknown])
    else:
        online = {}
    for index in unknown:
        entry = entries[index]
        card = online.get(entry.name)
        if card is not None:
            if card.name != entry.name:
                entries[index] = CardEntry(card.name, entry.count, entry.zone, entry.line, entry.written or entry.name, entry.code)
            continue
        if entry.zone == MAYBEBOARD or entry.key in listed:  # for reference only / known to the format
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
