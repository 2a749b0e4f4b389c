"""Online lookups of names the local database does not know: Scryfall `/cards/collection`.

Up to 75 identifiers a request (Scryfall's limit), through the cached, rate-limited
session of `http.py`, so asking again within a day costs no request. Found cards are
converted like bulk-file cards; names Scryfall does not know stay unknown.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ...names import card_key, fold, full_key
from ...cards.http import api_base, make_session, request_json, stale_note
from .cards import Card
from .scryfall_import import ShapeError, card_from_scryfall

BATCH = 75


class OnlineLookup:
    def __init__(self, *, base_url: str | None = None, session: Any = None, warn: Callable[[str], None] | None = None):
        self.base_url = (base_url or api_base()).rstrip("/")
        self._session = session
        self._warn = warn or (lambda message: None)
        self.requests = 0

    @property
    def session(self) -> Any:
        if self._session is None:
            self._session = make_session(warn=self._warn)
        return self._session

    def fetch(self, names: Iterable[str]) -> dict[str, Card]:
        """Cards for the given names (as asked), for those Scryfall knows. Raises NetworkError."""
        wanted = list(dict.fromkeys(name for name in names if name.strip()))
        found: dict[str, Card] = {}
        for start in range(0, len(wanted), BATCH):
            batch = wanted[start:start + BATCH]
            body = {"identifiers": [{"name": name} for name in batch]}
            self.requests += 1
            data, response = request_json(self.session, "POST", f"{self.base_url}/cards/collection", json=body)
            note = stale_note(response)
            if note:
                self._warn(note)
            found.update(_match(batch, data))
        return found


def _match(asked: list[str], data: Any) -> dict[str, Card]:
    """Pair the cards of a collection answer with the names that were asked for."""
    if not isinstance(data, dict) or not isinstance(data.get("data"), list):
        return {}
    by_key: dict[str, Card] = {}
    for index, obj in enumerate(data["data"]):
        try:
            converted = card_from_scryfall(obj, index)
        except ShapeError:
            continue
        if converted is None:
            continue
        card = converted[0]
        for key in (full_key(card.name), card_key(card.name), *(fold(face) for face in card.face_names)):
            by_key.setdefault(key, card)
    out = {}
    for name in asked:
        card = by_key.get(full_key(name)) or by_key.get(card_key(name))
        if card is not None:
            out[name] = card
    return out
