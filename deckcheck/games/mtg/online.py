"""Online lookups of names the local database does not know: Scryfall `/cards/collection`.

Up to 75 identifiers a request (Scryfall's limit), through the cached, rate-limited
session of `http.py`, so asking again within a day costs no request. Found cards are
converted like bulk-file cards; names Scryfall does not know stay unknown.

A lookup is bounded (limits.py, docs/security.md): at most MAX_ONLINE_NAMES_PER_DECK names
per call (a deck), MAX_ONLINE_REQUESTS_PER_RUN requests and MAX_ONLINE_SECONDS_PER_RUN
seconds per lookup object (a run); past them the names stay unknown and the caller hears
why once (`stopped`).
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from ...names import card_key, fold, full_key
from ...cards.http import api_base, make_session, request_json, stale_note, timeouts
from ...errors import NetworkError
from ...limits import MAX_ONLINE_NAMES_PER_DECK, MAX_ONLINE_REQUESTS_PER_RUN, MAX_ONLINE_SECONDS_PER_RUN
from .cards import Card
from .scryfall_import import ShapeError, card_from_scryfall

BATCH = 75


class OnlineLookup:
    def __init__(self, *, base_url: str | None = None, session: Any = None, warn: Callable[[str], None] | None = None):
        self.base_url = (base_url or api_base()).rstrip("/")
        self._session = session
        self._warn = warn or (lambda message: None)
        self.requests = 0
        self._started: float | None = None
        self.stopped: str | None = None  # why no more lookups are made, once the budget is spent

    @property
    def session(self) -> Any:
        if self._session is None:
            self._session = make_session(warn=self._warn)
        return self._session

    def _left(self) -> float | None:
        """Seconds left of the run's budget, or None (and `stopped` says why) when spent."""
        if self._started is None:
            self._started = time.monotonic()
        left = MAX_ONLINE_SECONDS_PER_RUN - (time.monotonic() - self._started)
        if self.requests >= MAX_ONLINE_REQUESTS_PER_RUN:
            self.stopped = f"online lookups stopped after {self.requests} requests (the most one run makes)"
        elif left < 0.1:  # less than that is no time for a request
            self.stopped = f"online lookups stopped after {MAX_ONLINE_SECONDS_PER_RUN:.0f} s (the most one run spends)"
        return None if self.stopped else left

    def fetch(self, names: Iterable[str]) -> dict[str, Card]:
        """Cards for the given names (as asked), for those Scryfall knows, within the
        bounds above. Raises NetworkError."""
        wanted = list(dict.fromkeys(name for name in names if name.strip()))
        found: dict[str, Card] = {}
        if len(wanted) > MAX_ONLINE_NAMES_PER_DECK:
            self._warn(f"{len(wanted):,} names are not in the card database; only the first "
                       f"{MAX_ONLINE_NAMES_PER_DECK} are looked up online")
            wanted = wanted[:MAX_ONLINE_NAMES_PER_DECK]
        for start in range(0, len(wanted), BATCH):
            left = self._left()
            if left is None:
                break
            batch = wanted[start:start + BATCH]
            body = {"identifiers": [{"name": name} for name in batch]}
            self.requests += 1
            connect, read = timeouts()
            try:
                data, response = request_json(self.session, "POST", f"{self.base_url}/cards/collection", json=body,
                                              timeout=(min(connect, left), min(read, left)))
            except NetworkError:
                if self._left() is None:
                    break  # it ran out of the run's time, which `stopped` says
                raise
            note = stale_note(response)
            if note:
                self._warn(note)
            found.update(_match(batch, data))
        return found


def _match(asked: list[str], data: Any) -> dict[str, Card]:
    """Pair the cards of a collection answer with the names that were asked for."""
    if not isinstance(data, dict) or not isinstance(data.get("data"), list):
        return {}
    cards: list[Card] = []
    for index, obj in enumerate(data["data"]):
        try:
            converted = card_from_scryfall(obj, index)
        except ShapeError:
            continue
        if converted is not None:
            cards.append(converted[0])
    # A card's own name before any card's front face, and front faces before other faces,
    # as the card database ranks spellings (card_names.py): asked `Bind // Liberate` and
    # `Bind`, the answer's playtest card came first and its face `Bind` took the name.
    by_key: dict[str, Card] = {}
    for card in cards:
        by_key.setdefault(full_key(card.name), card)
    for card in cards:
        by_key.setdefault(card_key(card.name), card)
    for card in cards:
        for face in card.face_names:
            by_key.setdefault(fold(face), card)
    out = {}
    for name in asked:
        card = by_key.get(full_key(name)) or by_key.get(card_key(name))
        if card is not None:
            out[name] = card
    return out
