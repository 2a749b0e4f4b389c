"""card-type: no card of a type the format does not allow, in any zone.

Format key `banned_types`: type names as the game's card data gives them. Yu-Gi-Oh!
and WoW TCG formats list `Token` (tokens are never part of a deck; a WoW TCG name printed
in the Tokens set only is a Token); Genesys adds `Link` and `Pendulum`. Needs card data;
without it one warning says so.

FAIL (yugioh/genesys): a Link monster in the extra deck -> "Accesscode Talker is a Link
Monster: Link Monsters are not allowed in Genesys".
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

from ..formats import Format
from ..model import Deck
from ..problem import Problem
from ..formats.schema import format_word, kind_list
from ..wording import article, named_few
from ._cards import line_namer, played_cards
from .context import Context

ID = "card-type"
KEYS = {"banned_types": kind_list(format_word())}


def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format bans card types."""
    return bool(fmt.option("banned_types"))


def _banned(fmt: Format) -> dict[str, int]:
    """The format's banned type names, each once, with its place in the list (the order a
    message names them in), worked out once a format: a format file may list any number
    (400,000 in a stranger's file), and each card was matched against each."""
    found = fmt.memo.get((ID, "banned"))
    if found is None:
        names = dict.fromkeys(str(name) for name in fmt.option("banned_types") or ())
        found = fmt.memo[(ID, "banned")] = {name: place for place, name in enumerate(names)}
    return found


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterator[Problem]:
    banned = _banned(fmt)
    if not banned:
        return
    cards, not_checked = played_cards(deck, ctx, ID, f"card types ({named_few(list(banned), 'more')} not allowed)")
    if not_checked is not None:
        yield not_checked
    named = line_namer(deck)
    for entry, count, card in cards:
        hits = sorted({name for name in card.types if name in banned}, key=banned.__getitem__)
        if hits:
            kinds = " and ".join(hits)
            # A Yu-Gi-Oh! monster's type is named as Konami does (a Link Monster); other
            # cards (a WoW TCG token) are a Token card.
            noun = "Monster" if "Monster" in card.types else "card"
            yield Problem(
                rule=ID, zone=entry.zone, line=entry.line, card=entry.name, count=count,
                message=f"{named(entry)} is {article(kinds)} {kinds} {noun}: {kinds} {noun}s are not allowed in {fmt.name}",
                details={"types": hits},
            )


def show(fmt: Format, day: dt.date) -> list[str]:
    banned_types = fmt.option("banned_types")
    return [f"card types not allowed: {', '.join(banned_types)}"] if banned_types else []
