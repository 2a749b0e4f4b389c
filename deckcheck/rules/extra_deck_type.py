"""extra-deck-type: Extra Deck monsters are in the Extra Deck, and the Extra Deck holds
nothing else (Yu-Gi-Oh!).

Format key `extra_deck_types`: the card types that make a card an Extra Deck card
(`[Fusion, Synchro, Xyz, Link]`, YGOPro type bits 0x40, 0x2000, 0x800000, 0x4000000). A
Pendulum monster that is none of them belongs to the Main Deck. The side deck may hold
either kind. Cards the format forbids outright by type (`banned_types`, such as tokens)
are left to `card-type`, and are not named among the Extra Deck's types (Genesys: "only
Fusion, Synchro and Xyz monsters"). Needs card data; without it one warning says so.

FAIL (yugioh/advanced-tcg): a Link monster in the main deck ->
"Accesscode Talker is a Link Monster: it belongs in the Extra Deck".
FAIL: a Spell in the extra deck -> "... the Extra Deck holds only Fusion, Synchro, Xyz and Link monsters".
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

from ..games.yugioh import TYPE_NAMES
from ..formats import Format
from ..model import EXTRA, MAIN, Deck
from ..problem import Problem
from ..formats.schema import kind_list
from ..schema import Str
from ._cards import card_lookup, group, line_namer, skipped
from .context import Context

ID = "extra-deck-type"
KEYS = {"extra_deck_types": kind_list(Str(TYPE_NAMES))}


def _kinds(types: list[str]) -> str:
    return ", ".join(types[:-1]) + f" and {types[-1]}" if len(types) > 1 else types[0]


def _allowed(fmt: Format) -> list[str]:
    """The Extra Deck types a deck of `fmt` may hold: `extra_deck_types` but those the
    format bans outright (`banned_types`: Genesys's Link), which card-type reports. The
    messages and `formats show` name these, not Link beside "Link not allowed"."""
    # Each once: a format file may write a type any number of times (1,000 made each card
    # in the wrong Extra Deck a problem of 8.5 KB).
    wanted = list(dict.fromkeys(str(name) for name in fmt.option("extra_deck_types") or ()))
    excluded = {str(name) for name in fmt.option("banned_types") or ()}
    return [name for name in wanted if name not in excluded] or wanted


def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format names Extra Deck types."""
    return bool(fmt.option("extra_deck_types"))


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterator[Problem]:
    from ..games.yugioh.cards import a_card_of_types  # a Yu-Gi-Oh! format's run loads the cards module

    wanted = [str(name) for name in fmt.option("extra_deck_types") or ()]
    entries = [entry for entry in deck.entries if entry.zone in (MAIN, EXTRA)]
    if not wanted or not entries:
        return
    lookup = card_lookup(ctx)
    if lookup is None:
        yield skipped(ID, "Main/Extra Deck card types")
        return
    extra_types = frozenset(wanted)
    excluded = frozenset(str(name) for name in fmt.option("banned_types") or ())
    named = line_namer(deck)
    for entry, count in group(entries):
        card = lookup(entry)
        if card is None or card.types & excluded:
            continue  # unknown cards are reported by unknown-card, banned types by card-type
        in_main = entry.zone == MAIN and bool(card.types & extra_types)
        if not in_main and (entry.zone != EXTRA or card.types & extra_types):
            continue
        name = named(entry)  # with each line the card is on in its zone
        if in_main:
            yield Problem(
                rule=ID, zone=MAIN, line=entry.line, card=entry.name, count=count,
                message=f"{name} is {a_card_of_types(card.type)}: it belongs in the Extra Deck, not the Main Deck",
            )
        else:
            yield Problem(
                rule=ID, zone=EXTRA, line=entry.line, card=entry.name, count=count,
                message=f"{name} is {a_card_of_types(card.type)}: the Extra Deck holds only "
                        f"{_kinds(_allowed(fmt))} monsters",
            )


def show(fmt: Format, day: dt.date) -> list[str]:
    extra_types = _allowed(fmt)
    return [f"Extra Deck: only {_kinds(extra_types)} monsters, and those only there"] if extra_types else []
