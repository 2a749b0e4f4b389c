"""format-platform: the format is played on the event's platform.

Format key `platforms`: where the format is played (`paper`, `mtgo`, `arena`). Modern,
Legacy, Vintage and Pauper are not played on MTG Arena, where most of their cards never
came out: checked there, nearly every card would be `not-in-pool` with no word of why. The
report says it once, as its first problem: a warning (the cards' own problems decide the
verdict; `not-in-pool` leaves out the cards it cannot place there). Commander, Duel Commander, Pauper Commander and Oathbreaker are played on paper
and Magic Online (MTG Arena plays Brawl). Formats that do not say (limited, Brawl and
Standard Brawl, a format file of your own without `platforms`) are played everywhere. The Yu-Gi-Oh! and WoW TCG formats are played on paper
(their base formats say so): `--platform arena` there is the same warning.

An event on Magic Online before it opened (2002-06-24), or on MTG Arena before its open
beta (2018-09-27), is the same kind of warning: the date or the platform is wrong.

FAIL, as a warning (mtg/modern, --platform arena): "Modern is not played on MTG Arena: only on
paper and Magic Online".
FAIL, as a warning (mtg/standard on 1995-06-01, --platform mtgo): "Magic Online opened on
2002-06-24: no event was played there on 1995-06-01; check the event's date and platform".
PASS (mtg/modern, --platform mtgo).
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from ..formats import Format
from ..games.mtg.cards import PLATFORMS
from ..model import Deck
from ..problem import WARNING, Problem
from ..formats.schema import kind_list
from ..schema import Str
from .context import Context
from ..wording import listed

ID = "format-platform"
KEYS = {"platforms": kind_list(Str(PLATFORMS))}


def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format says where it is played."""
    return fmt.option("platforms") is not None


def _label(platform: str) -> str:
    from ..games.mtg.availability import PLATFORM_LABELS  # what a Magic run loads anyway

    return PLATFORM_LABELS[platform]


def _played_on(fmt: Format) -> str:
    """`paper and Magic Online`; `paper, Magic Online and MTG Arena` (not "paper and ... and")."""
    # Each once: a format file may write one any number of times (400,000 in a stranger's
    # file made every deck's warning 2.8 MB).
    return listed([_label(platform) for platform in dict.fromkeys(fmt.option("platforms"))], "and")


def played_on(fmt: Format, platform: str) -> bool:
    """Whether `fmt` is played on `platform`: it names it among its `platforms`, or names
    none (played everywhere). The test of this rule, and of not-in-pool's warnings."""
    platforms = fmt.option("platforms")
    return platforms is None or platform in platforms


def _opened(platform: str) -> tuple[dt.date, str] | None:
    """(the first day, its note) an event could be played on a digital `platform`, or None
    (paper)."""
    from ..games.mtg.availability import PLATFORM_OPENED  # what a Magic run loads anyway

    return PLATFORM_OPENED.get(platform)


def _before_opening(ctx: Context) -> bool:
    opened = _opened(ctx.platform)
    return opened is not None and ctx.date < opened[0]


def silent(fmt: Format, ctx: Context) -> bool:
    """Whether no deck meets this rule on the platform (rules.speaking): `check`'s test."""
    return played_on(fmt, ctx.platform) and not _before_opening(ctx)


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterable[Problem]:
    if not played_on(fmt, ctx.platform):
        return [Problem(rule=ID, severity=WARNING,
                        message=f"{fmt.name} is not played on {_label(ctx.platform)}: only on {_played_on(fmt)}")]
    if _before_opening(ctx):
        # A Standard event of 1995 "on Magic Online": the date or the platform is wrong, and
        # Magic Online's cards, counted from their paper release, said nothing of it.
        day, note = _opened(ctx.platform)  # type: ignore[misc]
        return [Problem(rule=ID, severity=WARNING,
                        message=f"{_label(ctx.platform)} opened on {day.isoformat()}{note}: no event was played there on "
                                f"{ctx.date.isoformat()}; check the event's date and platform")]
    return ()  # every deck of an event on one of the format's platforms: no generator


def show(fmt: Format, day: dt.date) -> list[str]:
    return [f"played on: {_played_on(fmt)}"] if applies(fmt) else []
