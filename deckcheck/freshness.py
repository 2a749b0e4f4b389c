"""How current the data behind a verdict is: the dates a report carries and its stale note.

A verdict rests on the format's bundled lists (known up to the format file's
`lists_known_up_to`) and on the card data (the built-in data's snapshot, or a synced
database's date). When the event is later than the newest of those, a ban announced since
may be missing: every report says so in one line ("lists known up to 2026-09-02; run
`deckcheck cards sync`", or what the format's game has instead of a sync: its
`newer_lists_hint`), and the JSON report carries the dates (`as_of`, docs/contracts.md).
"""
from __future__ import annotations

import datetime as dt
from functools import cached_property
from typing import TYPE_CHECKING, Any

from .formats import Format
from .limits import MAX_DATED_ANSWERS
from .record import Record

if TYPE_CHECKING:
    from .games.game import Game

SYNC_HINT = "run `deckcheck cards sync`"


class AsOf(Record):
    """The event day and platform a verdict is for, and how far the data behind it reaches.

    A Record, not a dataclass: it is built at every start-up (deckcheck/record.py); its
    `__dict__` holds only what `cached_property` keeps."""

    __slots__ = (
        "date", "platform", "lists_known_up_to", "card_data_date", "hint", "card_data_brings_lists", "game", "__dict__",
    )

    def __init__(
        self,
        date: dt.date,
        platform: str,
        lists_known_up_to: dt.date | None = None,
        card_data_date: dt.date | None = None,
        hint: str = SYNC_HINT,
        card_data_brings_lists: bool = False,
        game: str = "",
    ):
        self.date = date
        self.platform = platform
        self.lists_known_up_to = lists_known_up_to
        self.card_data_date = card_data_date
        self.hint = hint  # what to do about a stale verdict (the note's end)
        # The game's card data carries its lists (Magic: a sync brings newer bans,
        # rules/_fresh.py); Yu-Gi-Oh!'s card data has no Forbidden & Limited List. The
        # default is Game.card_data_brings_lists's: a game says so, or it does not.
        self.card_data_brings_lists = card_data_brings_lists
        # The format's game, so a report names the deck's zones in its words (Yu-Gi-Oh!'s
        # Main, Extra and Side Deck): carried here, one per format, not once a deck.
        self.game = game

    @property
    def known_up_to(self) -> dt.date | None:
        """The newest day the data knows: the later of the lists' and the card data's, when
        the card data brings lists; else the lists' own."""
        if not self.card_data_brings_lists:
            return self.lists_known_up_to
        days = [day for day in (self.lists_known_up_to, self.card_data_date) if day is not None]
        return max(days, default=None)

    @property
    def stale(self) -> bool:
        """The event is later than anything the data knows (and the format has dated lists)."""
        known = self.known_up_to
        return self.lists_known_up_to is not None and known is not None and self.date > known

    @cached_property
    def note(self) -> str | None:
        # Worked out once per AsOf, like the report fields: the totals ask it of every deck.
        known = self.known_up_to
        return f"lists known up to {known.isoformat()}; {self.hint}" if self.stale and known is not None else None

    def to_dict(self) -> dict[str, Any]:
        """The JSON report's `as_of` (a fresh dict each call: callers may change theirs)."""
        return dict(self._report_fields)

    @cached_property
    def _report_fields(self) -> dict[str, Any]:
        # Worked out once per AsOf: a batch's decks share one (`as_of`), and the report
        # writes it for every deck.
        return {
            "date": self.date.isoformat(),
            "platform": self.platform,
            "lists_known_up_to": self.lists_known_up_to.isoformat() if self.lists_known_up_to else None,
            "card_data_date": self.card_data_date.isoformat() if self.card_data_date else None,
            "stale": self.stale,
        }


def as_of(fmt: Format, catalog: Any, day: dt.date, platform: str) -> AsOf:
    """The AsOf of a verdict on `fmt` with `catalog`'s card data (None or False: none) on
    `day` and `platform`: one per format, card data date, day and platform (a batch checks
    thousands of decks with the same few; a server's users name any day, so at most
    MAX_DATED_ANSWERS are kept, then all forgotten)."""
    data_date = getattr(catalog, "data_date", None) if catalog else None
    shared = fmt.memo.setdefault("as_of", {})
    key = (data_date, day, platform)
    found = shared.get(key)
    if found is None:
        from .games import find

        game = find(fmt.game)
        if len(shared) >= MAX_DATED_ANSWERS:
            shared.clear()
        found = shared[key] = AsOf(day, platform, fmt.lists_known_up_to, data_date, newer_lists_hint(game),
                                   game is not None and game.card_data_brings_lists, fmt.game)
    return found


def newer_lists_hint(game: Game | None) -> str:
    """What a stale note tells a player of `game` to do: the game's own way to newer lists
    (Yu-Gi-Oh!: a format file from a newer lflist), else a sync."""
    return (game.newer_lists_hint if game is not None else "") or SYNC_HINT


def newer_card_note(stamp: AsOf, game: Game | None) -> str | None:
    """What an unknown card's message adds when the event is later than the card data and
    a sync brings newer cards (a game with a `sync_source`: Magic, Yu-Gi-Oh!): the card
    may be one printed since, not a misspelling or a mistyped passcode."""
    data = stamp.card_data_date
    if game is None or not game.sync_source or data is None or stamp.date <= data:
        return None
    return f"the card data is of {data.isoformat()}, before the event: a card printed since is not in it (run `{game.sync_command}`)"
