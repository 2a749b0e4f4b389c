"""A WoW TCG hero's own deck rules (its "Deckbuilding:" text), as far as deckcheck checks them.

The card data prints 35 heroes with such a text. The sentences deckcheck reads are the
ones that keep kinds of card out of the deck, as the Monster heroes print them:

- "You can't put [Horde] or [Alliance] cards in your deck." (Hogger, Murkdeep, ...): no
  card with the Horde or the Alliance icon (a `Both` card has both);
- "... [Horde], [Alliance], or class cards ..." (Iso'rath): nor a card with a class icon;
- "... [HORDE], [ALLIANCE], or Talent cards ..." (Augh, Mogdar, ...): nor a Talent (the
  card data's `Talent` tag).

One clause lets cards in instead: the Icecrown heroes of no faction (Eadric the Pure, General
Lightsbane, ...) print "You can only include either [Alliance] or [Horde] cards, ...", so
their deck takes one faction's cards, either one, though the hero has no faction icon
(`either_faction`, which the rule class-faction reads). The rest of that sentence (which
other kinds of card) stays unchecked.

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
# "You can only include either [Alliance] or [Horde] cards, ..." (the Argent Crusade and
# Scourge heroes of Icecrown): one faction's cards, either one.
_EITHER_FACTION = lazy(r"You can only include either \[Alliance\] or \[Horde\] cards", re.IGNORECASE)
# The factions such a hero's deck chooses between, as icons name them.
EITHER_FACTION = ("Alliance", "Horde")
# Each kind a sentence names, as the card reads it (folded) -> how messages name it.
KINDS = {"[horde]": "[Horde]", "[alliance]": "[Alliance]", "class": "class", "talent": "Talent"}


class DeckRestriction(Record):
    """A hero's deckbuilding text: `text` as printed, `kinds` of card it keeps out (keys of
    `KINDS`), the `unchecked` sentences deckcheck does not read, and `either_faction`, the
    faction icons of which the deck may take one (`EITHER_FACTION`, or none)."""

    __slots__ = ("text", "kinds", "unchecked", "either_faction")

    def __init__(self, text: str, kinds: tuple[str, ...] = (), unchecked: str = "",
                 either_faction: tuple[str, ...] = ()):
        self.text = text
        self.kinds = kinds
        self.unchecked = unchecked
        self.either_faction = either_faction

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
    either = EITHER_FACTION if _EITHER_FACTION.search(text) else ()
    return DeckRestriction(text, tuple(kinds), unchecked, either)
