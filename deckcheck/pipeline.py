"""The validation pipeline: decklist -> deck -> rules of a format on a date -> result."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

from . import parsers
from .formats import Format, load
from .model import Deck
from .pools import Pool, read_pool
from .result import DeckResult
from .rules import RULES
from .rules.context import Context


def today() -> dt.date:
    return dt.date.today()


def parse_date(value: str | dt.date | None) -> dt.date:
    from .errors import DeckcheckError

    if value is None:
        return today()
    if isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise DeckcheckError(f"--date {value!r} is not a date; use YYYY-MM-DD") from None


def check_deck(deck: Deck, fmt: Format, *, date: dt.date, cards: object = None, pool: Pool | None = None) -> DeckResult:
    """Run every rule of `fmt` on an already parsed deck (and against its registered
    `pool` in a limited event; the pool's unreadable lines are reported with the deck)."""
    ctx = Context(date=date, cards=cards, pool=pool)
    problems = list(deck.problems)
    if pool is not None:
        problems.extend(pool.problems)
    if not deck.unreadable:
        for rule in RULES.values():
            problems.extend(rule.check(deck, fmt, ctx))
    return DeckResult(
        deck=deck.source,
        format=fmt.id,
        problems=problems,
        counts=deck.counts() if not deck.unreadable else {},
        unreadable=deck.unreadable,
        pool=pool.source if pool is not None else None,
    )


def _is_path(value: str | Path) -> bool:
    if isinstance(value, Path):
        return True
    if "\n" in value or len(value) > 4096:
        return False
    if Path(value).exists():
        return True
    # A single line naming a decklist file that is missing: report it as missing, not parse it.
    return Path(value).suffix.lower() in parsers.extensions() | {".yaml", ".yml", ".csv", ".zip"}


def read_deck(path_or_text: str | Path, *, input_format: str | None = None) -> Deck:
    if _is_path(path_or_text):
        return parsers.load_deck(path_or_text, input_format=input_format)
    return parsers.parse_text(str(path_or_text), source="<text>", input_format=input_format)


def validate(
    path_or_text: str | Path,
    format_id: str | Format,
    date: str | dt.date | None = None,
    *,
    input_format: str | None = None,
    cards: object = None,
    pool: str | Path | Pool | None = None,
) -> DeckResult:
    """Validate one decklist (a file path or the list's text) against a format.

    >>> result = validate("4 Lightning Bolt\\n56 Mountain", "mtg/modern")
    >>> result.legal
    True

    `pool` is the registered pool of a limited event (a decklist file, its text, or a
    `Pool`): every card of the deck must come from it (rule `registered-pool`). A pool that
    cannot be read raises InputError.
    """
    fmt = format_id if isinstance(format_id, Format) else load(format_id)
    if pool is not None and not isinstance(pool, Pool):
        pool = read_pool(pool)
    deck = read_deck(path_or_text, input_format=input_format)
    return check_deck(deck, fmt, date=parse_date(date), cards=cards, pool=pool)
