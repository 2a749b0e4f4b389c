"""format-date: the event date is one on which the format existed.

Format key `since`: the format's first day (Pioneer 2019-10-21; for a format whose lists
deckcheck holds only from some date on, such as the Yu-Gi-Oh! OCG lists of the card data,
the first of them). A date before it is no pass: none of the format's lists or card pool
was in force, so nothing about the deck could be checked. Formats that do not say (limited,
a user's own file without `since`) have no such check.

FAIL (mtg/pioneer, --date 2015-06-01): "Pioneer did not exist on 2015-06-01: it starts on
2019-10-21; check the event date (--date)".
PASS (mtg/pioneer, --date 2019-10-21).
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

from ..formats import Format
from ..formats.model import as_date
from ..model import Deck
from ..problem import Problem
from ..schema import Date
from .context import Context

ID = "format-date"
KEYS = {"since": Date()}


def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format says when it starts."""
    return fmt.option("since") is not None


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterator[Problem]:
    since = as_date(fmt.option("since"))
    if since is not None and ctx.date < since:
        yield Problem(
            rule=ID,
            message=f"{fmt.name} did not exist on {ctx.date.isoformat()}: it starts on {since.isoformat()}; "
            "check the event date (--date)",
        )


def show(fmt: Format, day: dt.date) -> list[str]:
    since = as_date(fmt.option("since"))
    return [f"starts: {since.isoformat()}"] if since is not None else []
