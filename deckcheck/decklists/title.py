"""Whether a typed list's first line is its title or a card.

Lists pasted from deck sites, forums and chats often start with the deck's name above the
cards (`Mono Red Burn`, a blank line, then `4 Lightning Bolt` ...). The text parser reads a
line with no count as one copy of the card it names, so a title became a 61st card, an
`unknown-card` error and, standing as a blank-line group of its own, a third group that made
the list's sideboard look doubtful. Only card data tells a title from a card named with no
count (a commander typed above its deck), so the parser records where a title may stand
(`Deck.maybe_title`, decklists/text.py) and `titled` decides once the format's catalog is
known: the line is the list's title when no card has that name, or when the list names that
card again with a count (`Living End` above `3 Living End`: the deck is named after it), or
when it names a card no list would write so: a card no deck holds (`Jund`, `Esper`: shards
and wedges are deck names, and Planechase planes), or only a later face of a card (`Burn`,
the second half of Turn // Burn: lists name a card by its first face or its whole name).
Without card data the line stays a card, as it was read.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..model import Deck, GuessedSideboard, MaybeTitle
from ..names import card_key, fold
from ..problem import INFO
from ..wording import card_kinds
from .common import parse_error
from .layout import to_main

if TYPE_CHECKING:
    from ..cards.catalog import CardRecord, Catalog


def titled(deck: Deck, catalog: Catalog | None) -> Deck:
    """`deck` with its possible title decided (`maybe_title` cleared): a title is taken
    out of the cards (with the parser's "no count" warning about it and, when the title
    stood alone, its blank-line group) and becomes the deck's name, and an `info` note says
    so; a line card data knows as a card, or any line without card data, stays a card."""
    maybe = deck.maybe_title
    if maybe is None:
        return deck
    why = _why_title(maybe, deck, catalog) if catalog is not None else None
    if why is None:
        return deck.copy(maybe_title=None)
    problems = []
    for problem in deck.problems:
        if problem is maybe.warning:
            problems.append(parse_error(
                f"read {maybe.text!r} as the list's title, not a card: {why}; write `1 {maybe.text}` if it is a card",
                line=maybe.line, severity=INFO,
            ))
            if maybe.rest is not None:
                problems.append(maybe.rest)
        else:
            problems.append(problem)
    titled_deck = deck.copy(
        maybe_title=None, name=deck.name or maybe.text, problems=problems,
        entries=[entry for entry in deck.entries if entry.line != maybe.line],
    )
    guess = deck.guessed_sideboard
    if maybe.alone and guess is not None:
        # The title was a blank-line group of its own: the list has one group fewer. With
        # one group left there is no sideboard to guess (it is all main deck).
        if guess.groups == 2:
            titled_deck.entries = [to_main(entry, guess.lines) for entry in titled_deck.entries]
            titled_deck.guessed_sideboard = None
        else:
            titled_deck.guessed_sideboard = GuessedSideboard(guess.lines, guess.cards, guess.groups - 1)
    return titled_deck


# How close (difflib's ratio of the folded names) a first line must be to a card's name to
# be read as that card misspelt, not as a title: misspellings score 0.92-0.96 against their
# card (`Thoughtsieze`, `Goblin Gide`), deck names at most 0.87 (`Rakdos Scam` against
# Rakdos Charm) over the real decks' archetype names tried.
MISSPELT = 0.9


def _closeness(name: str, card: str) -> float:
    from difflib import SequenceMatcher  # only for a list that starts with no count

    return SequenceMatcher(None, fold(name), fold(card)).ratio()


def _why_title(maybe: MaybeTitle, deck: Deck, catalog: Catalog) -> str | None:
    """Why the line is the list's title (None: it is a card)."""
    card = catalog.get(maybe.name)
    if card is None:
        # A near miss of a card's name (`Lightnig Bolt`) is a misspelt card, reported as an
        # unknown card with its suggestion; a deck's name is seldom that close to a card's.
        if any(_closeness(maybe.name, near) >= MISSPELT for near in catalog.suggest(maybe.name, 3)):
            return None
        return "no card has that name"
    keys = {card_key(maybe.name), card_key(card.name)}
    if any(entry.line != maybe.line and card_key(entry.name) in keys for entry in deck.entries):
        return "the list names that card again with its count"
    outside = _outside_deck_types(card, catalog)
    if outside:
        return f"{card.name} is {card_kinds(outside)}, which no deck holds"
    if _later_face_only(card, maybe.name):
        return f"{maybe.name!r} is only a later face of {card.name}, which a list names by its first face or its whole name"
    return None


def _outside_deck_types(card: CardRecord, catalog: Catalog) -> set[str]:
    """The card's types that no deck of its game holds (a Magic plane, scheme, ...)."""
    from ..games import find

    game = find(catalog.game)
    return set(game.outside_deck_types.intersection(card.types)) if game is not None else set()


def _later_face_only(card: CardRecord, name: str) -> bool:
    """Whether `name` is one face of a card of several faces, but not its first one."""
    faces = getattr(card, "face_names", ())
    if len(faces) < 2:
        return False
    key = fold(name)
    return key != fold(faces[0]) and key in {fold(face) for face in faces[1:]}


def titled_without_format(deck: Deck, cards_db: Path | None, *, offline: bool | None = None) -> Deck:
    """`titled` for a command given no format (`convert`, `diff` without -f): by the card
    data of the game the list names by a zone of its own (a WoW TCG hero: games.game_of_zones)
    or by passcodes (Yu-Gi-Oh!'s), else by Magic's, the game of typed lists: a WoW list's
    `Paladin Guards - by Ann` above its `Hero:` line was written as a card where validate
    -f wow/constructed reads it as the title. `offline`: as catalog_for takes it."""
    if deck.maybe_title is None:
        return deck
    from ..cards import catalog_for  # only for a list whose first line may be its title
    from ..games import game_of_zones, passcode_game

    game = "mtg"
    numbered = passcode_game()
    zoned = game_of_zones({entry.zone for entry in deck.entries})
    if numbered is not None and any(entry.code is not None for entry in deck.entries):
        game = numbered.id
    elif zoned is not None:
        game = zoned.id
    return titled(deck, catalog_for(game, cards_db, offline=offline)[0])
