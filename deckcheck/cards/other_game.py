"""A hint for a deck checked against another game's format.

A Yu-Gi-Oh! deck in a repository whose default format is Magic's (a folder no `formats:`
glob reaches) comes out as a list of `unknown card '14558127'` errors, one per card, and
nothing says why. When most of a deck's names are unknown to its format's game and most
of those are cards of another game, `check` warns once and `validate` notes it, naming
that game; `batch` notes it from each deck's result (batch/other_games.py). The deck's
errors stay: it is not legal in the format it was checked against. `validate` notes a
registered pool of another game's cards alike (`pool_hint`).
"""
from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..formats import Format
from ..model import Deck
from ..result import DeckResult
from .resolve import RULE as UNKNOWN_CARD

if TYPE_CHECKING:
    from .catalog import Catalog
    from ..games import Game
    from ..registered_pools import Pool

# Names looked up in the other games' card data: enough to tell a deck of that game from
# a few typos, few enough to stay quick on a deck of hundreds of unknown names.
_SAMPLE = 12
# The distinct names of a list no format names that game_of_names looks up in Magic's data.
_NAMES_TOLD_BY = 64


def other_game_hint(
    deck: Deck, result: DeckResult, fmt: Format, shown: str, *, how: str, cards_db: str | os.PathLike[str] | None = None,
) -> str | None:
    """The hint for `deck` (checked as `result` says against `fmt`, named `shown`) when its
    names are mostly another game's cards, ending with `how` the user gives a format
    (`-f`); else None. `cards_db` is the database the command was given (`--cards-db`),
    None for the default one."""
    unknown = unknown_names(result)
    names = {entry.name for entry in deck.entries}
    if not unknown or len(unknown) * 2 <= len(names):  # most of them: more than half
        return None
    other = other_game(unknown, fmt.game, cards_db)
    return None if other is None else hint_text(shown, fmt, other, how)


def pool_hint(
    pool: Pool, fmt: Format, catalog: Catalog, *, how: str, cards_db: str | os.PathLike[str] | None = None,
) -> str | None:
    """The hint for a registered pool whose names are mostly another game's
    cards (a player's Yu-Gi-Oh! deck file given for the sealed pool): each was an unknown
    card and each card of the deck one the pool lacked, and nothing said why. `how`: the
    option that gives the pool (`--pool`); `catalog`: the format's game's card data."""
    from ..games import GAMES
    from ..registered_pools import pool_named

    own = GAMES.get(fmt.game)
    if own is None or not pool.entries:
        return None
    names = list(dict.fromkeys(entry.name for entry in pool.entries))[:_NAMES_TOLD_BY]
    unknown = [name for name in names if own.find_card(catalog, name) is None]
    if not unknown or len(unknown) * 2 <= len(names):  # most of them: more than half
        return None
    other = other_game(unknown, fmt.game, cards_db)
    if other is None:
        return None
    return (f"{pool_named(pool.source)}: its card names are not {own.label} cards but {other.label} cards: "
            f"give the pool of this event's {own.label} cards ({how})")


def unknown_names(result: DeckResult) -> list[str]:
    """The names of `result`'s `unknown-card` errors, each once, in the deck's order."""
    return list(dict.fromkeys(p.card for p in result.problems if p.rule == UNKNOWN_CARD and p.is_error and p.card))


def mostly_unknown(result: DeckResult) -> list[str]:
    """The unknown names of a checked deck (`unknown_names`) when they are more than half
    of its cards, from its result alone (a batch's result travels without the deck's lines:
    its counts and problems say it); [] otherwise, without looking at the problems of a
    legal deck (nearly every one of an event)."""
    if result.legal or result.unreadable:
        return []
    unknown = [p for p in result.problems if p.rule == UNKNOWN_CARD and p.is_error and p.card]
    if not unknown or sum(p.count or 1 for p in unknown) * 2 <= sum(result.counts.values()):
        return []
    return list(dict.fromkeys(p.card for p in unknown))  # type: ignore[misc]  # cards checked above


def other_game(unknown: list[str], game: str, cards_db: str | os.PathLike[str] | None = None) -> Game | None:
    """The game other than `game` (a format's, or the one a list was taken for) that has
    most of (a sample of) the `unknown` names as cards, or None."""
    sample = unknown[:_SAMPLE]
    for other, catalog in other_catalogs(game, cards_db):
        found = sum(other.find_card(catalog, name) is not None for name in sample)
        if found * 2 > len(sample):
            return other
    return None


def other_catalogs(game: str, cards_db: str | os.PathLike[str] | None = None) -> Iterator[tuple[Game, Catalog]]:
    """Each game other than `game` with its card data, from the database given or the
    built-in data (never the network), opened as it is asked for; a game whose data is
    damaged or missing is left out (no hint from it)."""
    from . import catalog_for
    from ..errors import CardDataError
    from ..games import GAMES

    own = GAMES.get(game)
    for other in GAMES.values():
        if other is own:
            continue
        try:
            catalog, _ = catalog_for(other.id, cards_db, offline=True)
        except CardDataError:
            continue
        if catalog is not None:
            yield other, catalog


def game_of_names(names: list[str], cards_db: str | os.PathLike[str] | None = None) -> Game | None:
    """The game of a list no format names, told by its card names: the game other than
    Magic (the game of typed lists) whose card data has most of them, when Magic's lacks
    most of them (`convert` and `diff` without -f, for the words they name zones in); None
    when Magic's has most of them or no game's data does. The built-in data or the
    database, never the network."""
    from . import catalog_for
    from ..errors import CardDataError
    from ..games import GAMES

    magic = GAMES["mtg"]  # as decklists/title.titled_without_format takes a typed list
    try:
        catalog, _ = catalog_for(magic.id, cards_db, offline=True)
    except CardDataError:  # only words are at stake: a damaged database leaves them Magic's
        return None
    if catalog is None:
        return None
    # The list's first distinct names tell its game as well as all of them would, and a
    # pasted text of 10,000 long unknown names costs no 10,000 lookups here.
    names = list(dict.fromkeys(names))[:_NAMES_TOLD_BY]
    unknown = [name for name in names if magic.find_card(catalog, name) is None]
    if not unknown or len(unknown) * 2 <= len(names):
        return None
    return other_game(unknown, magic.id, cards_db)


def hint_text(shown: str, fmt: Format, other: Game, how: str, *, several: bool = False) -> str:
    """`SHOWN: its card names are not Magic cards but Yu-Gi-Oh! cards: give it a Yu-Gi-Oh!
    format (HOW)`; `several`: SHOWN names several decks (`their ...`, `give each ...`)."""
    from ..games import GAMES

    own = GAMES.get(fmt.game)
    mine = own.label if own is not None else fmt.game
    its, it = ("their", "each") if several else ("its", "it")
    return (f"{shown}: {its} card names are not {mine} cards but {other.label} cards: "
            f"give {it} a {other.label} format ({how})")
