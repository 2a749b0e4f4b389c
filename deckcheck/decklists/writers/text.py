"""Plain text: `COUNT Name` lines under section headers, as `deckcheck validate` reads them.

Yu-Gi-Oh! decks (passcodes or an Extra Deck) get `Main`, `Extra` and `Side` sections;
World of Warcraft decks a `Hero: Name` line, then `Deck` and `Sideboard`; Magic decks the
main deck first, then `Sideboard`, `Commander`, `Companion` sections as needed.
"""
from __future__ import annotations

from ...model import COMMANDER, COMPANION, EXTRA, HERO, MAIN, SIDEBOARD, Deck
from ._counts import counted

NAME = "text"
DESCRIPTION = "plain text (Main/Extra/Side, Hero/Deck/Sideboard, or MTGO-style)"
ZONES = (MAIN, SIDEBOARD, EXTRA, COMMANDER, COMPANION, HERO)


def _section(title: str | None, rows: list[tuple[int, str]]) -> list[str]:
    lines = [title] if title else []
    return lines + [f"{count} {name}" for count, name in rows]


def write(deck: Deck) -> str:
    yugioh = any(entry.code is not None for entry in deck.entries) or bool(deck.zone(EXTRA))
    blocks: list[list[str]] = []
    if yugioh:
        titles = ((MAIN, "Main"), (EXTRA, "Extra"), (SIDEBOARD, "Side"))
    else:
        heroes = counted(deck, HERO)
        if heroes:
            blocks.append([f"Hero: {name}" for _, name in heroes])
        # The main deck needs its header once another section has come before it.
        headed = bool(heroes or deck.zone(COMMANDER) or deck.zone(COMPANION))
        titles = ((COMMANDER, "Commander"), (COMPANION, "Companion"), (MAIN, "Deck" if headed else None),
                  (SIDEBOARD, "Sideboard"))
    for zone, title in titles:
        rows = counted(deck, zone)
        if rows or (zone == MAIN and yugioh):
            blocks.append(_section(title, rows))
    return "\n\n".join("\n".join(block) for block in blocks) + "\n"
