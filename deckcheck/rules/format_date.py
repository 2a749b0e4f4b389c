"""format-date: the event date is one on which the format existed.

Format keys: `since`, the format's first day (Pioneer 2019-10-21), and `lists_known_from`,
the first day of the lists deckcheck holds for a format older than them (the Yu-Gi-Oh! OCG
lists, from 2021-01-01). A date before either is no pass: no list or card pool deckcheck
knows was in force, so nothing about the deck could be checked; the message says which (a
format that did not exist yet, or lists not known that far back). Formats that say neither
(limited, a user's own file) have no such check.

FAIL (mtg/pioneer, --date 2015-06-01): "Pioneer did not exist on 2015-06-01: it starts on
2019-10-21; check the event date (--date)".
FAIL (yugioh/advanced-ocg, --date 2020-06-01): "Advanced (OCG): deckcheck holds its lists
from 2021-01-01 only, so none can be checked on 2020-06-01; check the event date (--date)".
PASS (mtg/pioneer, --date 2019-10-21).
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator

from ..formats import Format
from ..formats.model import as_date
from ..model import Deck
from ..problem import Problem
from ..schema import AnyOf, Date, Null
from .context import Context

ID = "format-date"
# `lists_known_from: null` drops a day inherited along `extends` (a Forbidden & Limited
# list imported over yugioh/advanced-tcg is not known from 1999: formats import-lflist).
KEYS = {"since": Date(), "lists_known_from": AnyOf((Null(), Date()))}
# The advice names the command line's option; `deckcheck check` names the deckcheck.yaml key
# instead when the date came from there (`date_named_as`).
_ADVICE = "check the event date ({})"
_OPTION = "--date"


def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format says when it starts,
    or from when deckcheck knows its lists."""
    return fmt.option("since") is not None or fmt.option("lists_known_from") is not None


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterable[Problem]:
    # Nearly every event is on or after both days: told by one comparison with the later
    # of them (worked out once per format), without a generator.
    if ctx.date >= _first_day(fmt):
        return ()
    return _problems(fmt, ctx)


def silent(fmt: Format, ctx: Context) -> bool:
    """Whether no deck meets this rule on the day (rules.speaking): `check`'s test."""
    return ctx.date >= _first_day(fmt)


def _first_day(fmt: Format) -> dt.date:
    """The first day neither `since` nor `lists_known_from` is after (date.min when the
    format says neither), remembered with the loaded format."""
    found = fmt.memo.get(ID)
    if found is None:
        days = (as_date(fmt.option("since")), as_date(fmt.option("lists_known_from")))
        found = fmt.memo[ID] = max((day for day in days if day is not None), default=dt.date.min)
    return found


def _problems(fmt: Format, ctx: Context) -> Iterator[Problem]:
    since = as_date(fmt.option("since"))
    if since is not None and ctx.date < since:
        yield Problem(
            rule=ID,
            message=f"{fmt.name} did not exist on {ctx.date.isoformat()}: it starts on {since.isoformat()}; "
            + _ADVICE.format(_OPTION),
        )
        return
    known = as_date(fmt.option("lists_known_from"))
    if known is not None and ctx.date < known:
        # The format was played then; only its lists of that time are unknown to deckcheck.
        yield Problem(
            rule=ID,
            message=f"{fmt.name}: deckcheck holds its lists from {known.isoformat()} only, so none can be checked "
            f"on {ctx.date.isoformat()}; " + _ADVICE.format(_OPTION),
        )


def date_named_as(problems: list[Problem], setting: str) -> list[Problem]:
    """`problems` with this rule's advice naming `setting` (`date: in deckcheck.yaml`) where
    the event date came from, not the `--date` option a run that read it from a file was
    never given."""
    old, new = _ADVICE.format(_OPTION), _ADVICE.format(setting)
    return [problem.replace(message=problem.message[: -len(old)] + new)
            if problem.rule == ID and problem.message.endswith(old) else problem for problem in problems]


def show(fmt: Format, day: dt.date) -> list[str]:
    """The days the format and its lists span: when it starts, then the days its lists are
    known from and up to (formats show), in the order a reader reads a span."""
    since = as_date(fmt.option("since"))
    known = as_date(fmt.option("lists_known_from"))
    up_to = fmt.lists_known_up_to
    return ([f"starts: {since.isoformat()}"] if since is not None else []) + \
        ([f"lists known from {known.isoformat()}"] if known is not None else []) + \
        ([f"lists known up to {up_to.isoformat()}"] if up_to is not None else [])
