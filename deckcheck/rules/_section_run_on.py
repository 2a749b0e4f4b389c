"""A typed list's heading section that runs on into the deck (a `Commander` or `Hero`
heading, its card, then the deck with no `Deck` line): the warnings that say how it was
read, and the move of its cards to the main deck. Shared by the Commander placing
(rules/_commander_placing.py) and the hero rule (rules/hero.py), so the two read alike."""
from __future__ import annotations

from ..model import MAIN, CardEntry
from ..problem import PARSE_ERROR, WARNING, Problem
from ..wording import counted


def ran_on(header: str, leaders: str, line: int, cards: int, unsure: str = "") -> Problem:
    """The warning of a section read as its `leaders` (`commander`, `hero`, ...), then the
    deck's `cards` cards from `line` on; `unsure` says what the reading could not tell."""
    return Problem(
        rule=PARSE_ERROR, line=line, zone=MAIN, severity=WARNING,
        message=f"the `{header}` section runs on past its {leaders} into the deck ({counted(cards, 'card')} from line "
                f"{line} on): read them as the deck{unsure}; put a `Deck` line above line {line} to make the list say so",
    )


def whole_deck(header: str, what: str, first: CardEntry, cards: int, why: str) -> Problem:
    """The warning of a section of `cards` cards read as the deck, its first card leading
    nothing (`why`: `cannot be its commander`, `is no hero`)."""
    return Problem(
        rule=PARSE_ERROR, line=first.line, zone=MAIN, severity=WARNING,
        message=(f"the `{header}` section holds the whole deck ({counted(cards, 'card')}), and its first card, "
                 f"{first.name}, {why}: read them as the deck; put the {what}'s line first under "
                 f"the `{header}` line and a `Deck` line below it"),
    )


def to_main(entries: list[CardEntry], moving: list[CardEntry]) -> list[CardEntry]:
    """`entries`, those of `moving` (the same objects) in the main deck."""
    moved = {id(entry) for entry in moving}
    return [entry.replace(zone=MAIN) if id(entry) in moved else entry for entry in entries]
