"""Registrations whose cards are another game's: a Yu-Gi-Oh! list in a Magic event.

Such a deck comes out of a batch as a row of `unknown-card` errors, one per card, and
nothing says why, where `validate` and `check` name the game its cards are
(cards/other_game.py). A batch says it too, after its report: one note per game, naming
the decks (the first MAX_HOLDERS_LISTED, then how many more). It is worked out from each
result as it comes (a worker sends back no deck's lines), and only for a deck whose
unknown cards are more than half of it: the other games' card data is opened for those
alone, so an event of legal decks pays nothing for it.
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ..cards.other_game import hint_text, mostly_unknown, other_game
from ..limits import MAX_HOLDERS_LISTED
from ..wording import counted, listed

if TYPE_CHECKING:
    from ..formats import Format
    from ..games import Game
    from ..result import DeckResult
    from .registration import Registration

# How an organiser gives a deck of another game its format, by the source's kind.
IN_A_MANIFEST = "a `format` column in the manifest"
IN_A_FOLDER = "-f FORMAT in a separate batch, or a `format` column in a manifest"


class OtherGames:
    """The decks found so far whose cards are another game's, by (format's game, other game).
    `how`: how the organiser gives a deck its format, for the note."""

    def __init__(self, cards_db: str | os.PathLike[str] | None, how: str) -> None:
        self.cards_db = cards_db
        self.how = how
        # (format's game, other game) -> (the first format of that game met, the other
        # game, the decks named, how many decks in all: a one-item list, counted up).
        self._found: dict[tuple[str, str], tuple[Format, Game, list[str], list[int]]] = {}

    def hear(self, row: Registration, result: DeckResult, fmt: Format | None) -> None:
        """Note `result` (of `row`, checked against `fmt`) when its cards are another game's."""
        if fmt is None:
            return
        unknown = mostly_unknown(result)
        if not unknown:
            return
        other = other_game(unknown, fmt.game, self.cards_db)
        if other is None:
            return
        key = (fmt.game, other.id)
        if key not in self._found:
            self._found[key] = (fmt, other, [], [0])
        _, _, named, total = self._found[key]
        total[0] += 1
        if len(named) < MAX_HOLDERS_LISTED:
            named.append(f"{result.deck} [{row.player}]" if row.player else result.deck)

    def notes(self) -> list[str]:
        """One note per (game, other game): the one deck as `validate` words it, or the decks."""
        found = []
        for fmt, other, named, (total,) in self._found.values():
            if total == 1:
                found.append(hint_text(named[0], fmt, other, self.how))
                continue
            more = total - len(named)
            decks = listed([*named, *([counted(more, "more deck")] if more else [])], "and")
            found.append(hint_text(decks, fmt, other, self.how, several=True))
        return found
