"""A WoW TCG hero's own deck rules (its "Deckbuilding:" text), as far as deckcheck checks them.

The card data prints 35 heroes with such a text. The sentences deckcheck reads are the
ones that keep kinds of card out of the deck, as the Monster heroes print them:

- "You can't put [Horde] or [Alliance] cards in your deck." (Hogger, Murkdeep, ...): no
  card with the Horde or the Alliance icon (a `Both` card has both);
- "... [Horde], [Alliance], or class cards ..." (Iso'rath): nor a card with a class icon;
- "... [HORDE], [ALLIANCE], or Talent cards ..." (Augh, Mogdar, ...): nor a Talent (the
  card data's `Talent` tag).

Any other sentence (the Scourge, Argent Crusade and Demon heroes' "You can only include
...", "You can't include cards with reputations or other text restrictions") is left
unchecked and said so (`DeckRestriction.unchecked`): what "Pets", "reputation" or "text
restrictions" cover is not stated precisely enough to decide a card by its data.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...record import Record
from .cards import _ALTERNATIVES  # "A or B" and "A, B, or C", as Hero Required clauses list traits
from ...lazy_pattern import lazy

if TYPE_CHECKING:
    from .cards import WowProfile

# "You can't put [Horde], [Alliance], or class cards in your deck." (case as printed varies)
# The kinds are bounded so that a long text without a period is read in linear time.
_KEEPS_OUT = lazy(r"You can't put (?P<kinds>[^.]{1,200}?) cards in your deck\.?", re.IGNORECASE)
# Each kind a sentence names, as the card reads it (folded) -> how messages name it.
KINDS = {"[horde]": "[Horde]", "[alliance]": "[Alliance]", "class": "class", "talent": "Talent"}


class DeckRestriction(Record):
    """A hero's deckbuilding text: `text` as printed, `kinds` of card it keeps out (keys of
    `KINDS`) and the `unchecked` sentences deckcheck does not read."""

    __slots__ = ("text", "kinds", "unchecked")

    def __init__(self, text: str, kinds: tuple[str, ...] = (), unchecked: str = ""):
        self.text = text
        self.kinds = kinds
        self.unchecked = unchecked

    def kept_out(self, profile: WowProfile) -> str | None:
        """The kind of card (as messages name it) that keeps `profile` out, or None."""
        for kind in self.kinds:
            if _is_kind(profile, kind):
                return KINDS[kind]
        return None


def _is_kind(profile: WowProfile, kind: str) -> bool:
    if kind == "class":
        return bool(profile.classes)
    if kind == "talent":
        return any(tag.lower() == "talent" for tag in profile.tags)
    return kind.strip("[]").capitalize() in profile.icons  # [horde] -> Horde: its faction icon


def restriction(text: str) -> DeckRestriction | None:
    """What deckcheck reads of a hero's deckbuilding text (None for a hero without one)."""
    if not text:
        return None
    kinds: list[str] = []
    unread: list[str] = []
    position = 0
    for match in _KEEPS_OUT.finditer(text):
        unread.append(text[position:match.start()])
        position = match.end()
        named = [part.lower() for part in _ALTERNATIVES.split(match.group("kinds")) if part.strip()]
        if all(part in KINDS for part in named):
            kinds += [part for part in named if part not in kinds]
        else:  # a kind deckcheck cannot tell from the card data: the sentence stays unchecked
            unread.append(match.group(0))
    unread.append(text[position:])
    unchecked = " ".join(" ".join(unread).split()).strip()
    return DeckRestriction(text, tuple(kinds), unchecked)
