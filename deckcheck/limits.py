"""Bounds on the numbers options take, written once for the commands and the library.

A value outside them is a usage error (exit 2) with one line that says the bound, never an
internal error from deep inside (numpy refuses a negative seed) and never a run that cannot
end (`--hands 99999999999999999999`).
"""
from __future__ import annotations

from .errors import DeckcheckError

# Seeds: what every random generator deckcheck uses accepts, and what JSON readers keep exact.
MAX_SEED = 2**63 - 1
# Monte Carlo games: ten million give a standard error under 0.0002 on any probability (a
# few seconds a million); more would only make a CI job wait.
MAX_HANDS = 10_000_000


def check_seed(seed: int | None, option: str = "--seed") -> None:
    """DeckcheckError unless `seed` is None or a whole number from 0 to MAX_SEED."""
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise DeckcheckError(f"{option} {seed}: use a whole number from 0 to {MAX_SEED}")


def check_hands(hands: int | None, option: str = "--hands") -> None:
    """DeckcheckError unless `hands` is None or from 1 to MAX_HANDS."""
    if hands is not None and not 1 <= hands <= MAX_HANDS:
        raise DeckcheckError(f"{option} {hands}: simulate from 1 to {MAX_HANDS:,} games")
