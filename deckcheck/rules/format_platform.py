"""format-platform: the format is played on the event's platform.

Format key `platforms`: where the format is played (`paper`, `mtgo`, `arena`). Modern,
Legacy, Vintage and Pauper are not played on MTG Arena, where most of their cards never
came out: checked there, nearly every card would be `not-in-pool` with no word of why. The
report says it once, as its first problem: a warning (the cards' own problems decide the
verdict; `not-in-pool` leaves out the cards it cannot place there). Commander, Duel Commander, Pauper Commander and Oathbreaker are played on paper
and Magic Online (MTG Arena plays Brawl). Formats that do not say (limited, Brawl and
Standard Brawl, a format file of your own without `platforms`) are played everywhere. The Yu-Gi-Oh! and WoW TCG formats are played on paper
(their base formats say so): `--platform arena` there is the same warning.

FAIL, as a warning (mtg/modern, --platform arena): "Modern is not played on MTG Arena: only on
paper and Magic Online".
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


def silent(fmt: Format, ctx: Context) -> bool:
    """Whether no deck meets this rule on the platform (rules.speaking): `check`'s test."""
    return played_on(fmt, ctx.platform)


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterable[Problem]:
    if played_on(fmt, ctx.platform):
        return ()  # every deck of an event on one of the format's platforms: no generator
    return [Problem(rule=ID, severity=WARNING,
                    message=f"{fmt.name} is not played on {_label(ctx.platform)}: only on {_played_on(fmt)}")]


def show(fmt: Format, day: dt.date) -> list[str]:
    return [f"played on: {_played_on(fmt)}"] if applies(fmt) else []
