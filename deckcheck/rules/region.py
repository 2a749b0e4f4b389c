"""region: every card was released in the format's region (Yu-Gi-Oh! OCG or TCG).

Format key `region`: `tcg` or `ocg`. A card printed only in the other region (an OCG-only
card in an Advanced (TCG) deck) is not legal. The card data gives each passcode its
regions: YGOPro's `ot` bits in a `cards.cdb` (1 OCG, 2 TCG), the TCG and OCG set numbers of
YAML Yugi, the formats or TCG sets of the YGOPRODeck JSON. A card whose data gives no
region is a warning, not a guess. Needs card data; without it one warning says so.

FAIL (yugioh/advanced-tcg): 3 Ankuriboh (OCG only) -> "Ankuriboh was not released in the
TCG (OCG only): not legal in Advanced (TCG)".
PASS: Kuriboh (printed in both).
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

from ..formats import Format
from ..model import Deck
from ..problem import WARNING, Problem
from ..schema import Str
from ._cards import line_namer, played_cards
from .context import Context

ID = "region"
REGIONS = {"tcg": "TCG", "ocg": "OCG"}
KEYS = {"region": Str(tuple(REGIONS))}


def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format names a region."""
    return fmt.option("region") is not None


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterator[Problem]:
    region = fmt.option("region")
    if region is None:
        return
    cards, not_checked = played_cards(deck, ctx, ID, f"release in the {REGIONS[region]}")
    if not_checked is not None:
        yield not_checked
    named = line_namer(deck)
    for entry, count, card in cards:
        regions = getattr(card, "regions", None)
        where = dict(rule=ID, zone=entry.zone, line=entry.line, card=entry.name, count=count)
        if regions is None:
            yield Problem(**where, severity=WARNING,
                          message=f"cannot tell whether {named(entry)} was released in the {REGIONS[region]}: "
                          "the card data gives no region for it")
        elif region not in regions:
            elsewhere = " and ".join(REGIONS[name] for name in sorted(regions)) or "no region"
            yield Problem(**where, message=f"{named(entry)} was not released in the {REGIONS[region]} ({elsewhere} only): "
                          f"not legal in {fmt.name}")


def show(fmt: Format, day: dt.date) -> list[str]:
    region = fmt.option("region")
    return [f"cards released in the {REGIONS[region]}"] if region else []
