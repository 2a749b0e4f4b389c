"""Yu-Gi-Oh! cards as validation needs them: passcode, name, type bits, alias.

The facts come from YGOPro's `cards.cdb` (`datas.type`, `datas.alias`), the YGOPRODeck
card JSON or YAML Yugi (see `importer`); all of them reduce to `YgoCard`. Type bits are
YGOPro's (`TYPE_FUSION = 0x40`, ...), so a database from any source answers the same.

Identity for deck construction follows YGOPro: a card whose `alias` is set counts as the
aliased card (its "root"). That covers alternate artworks (alias within
`ARTWORK_OFFSET` of the passcode, same name) and cards whose name is always treated as
another card's (alias farther away, own name). Both count as the root card for the copy
limit and the Forbidden & Limited lists.
"""
from __future__ import annotations

import re
from functools import cached_property

from ...record import Record
from ...wording import article
from . import TYPE_BITS, TYPE_NAMES  # noqa: F401  # the type table, kept light for the rules' format keys
from ...lazy_pattern import lazy
from ..mtg.pieces import game_piece

# Alternate artworks get passcodes just above the original's; EDOPro uses the same window.
ARTWORK_OFFSET = 20
# YGOPro's `ot` bits of the two regions (others: anime, illegal, video game, custom...).
REGION_BITS = {"ocg": 0x1, "tcg": 0x2}

# A passcode a text list gives in place of a name: eight digits, fewer with leading zeros
# left out (as .ydk files write them), up to nine (Rush Duel ids, 160xxxxxx).
_PASSCODE = lazy(r"[0-9]{1,9}")

EXTRA_DECK_BITS = TYPE_BITS["Fusion"] | TYPE_BITS["Synchro"] | TYPE_BITS["Xyz"] | TYPE_BITS["Link"]


# EDOPro numbers Rush Duel cards 160xxxxxx (ProjectIgnis/CardScripts rush/c160001017.lua);
# every TCG/OCG passcode has at most eight digits (docs/card-data.md).
RUSH_DUEL_IDS = range(160_000_000, 161_000_000)


def looks_like_rush_duel(code: int) -> bool:
    """Whether an unknown passcode is numbered as EDOPro numbers Rush Duel cards."""
    return code in RUSH_DUEL_IDS


# `Skill: Middle Age Mechs`, `Skill Card - Destiny Draw`: a Speed Duel (Duel Links) list's
# Skill, named with the word and a separator; cards whose name starts with the word
# (Skill Drain) have none, and a name the card data holds never gets here.
_SKILL = lazy(r"skill(\s+card)?\s*[-:\u2013\u2014]\s*\S", re.IGNORECASE)


def skill_card(name: str) -> str | None:
    """Why `name`, a name the card data lacks, is no card of a deck when it names a Speed
    Duel Skill Card, else None: no card data holds one, so "printed since the data, run
    cards sync" sent the player looking for a card."""
    if _SKILL.match(name.strip()) is None:
        return None
    return (f"{name!r} is a Skill Card, not a card: Skill Cards are played in Speed Duels, outside the deck, and no "
            "card data holds them; leave it out of the list")


def not_a_card(name: str) -> str | None:
    """Why `name`, a name the card data lacks, is no card of a deck when it names a token
    (`Sheep Token`, in Magic's words) or a Skill Card, else None."""
    return game_piece(name) or skill_card(name)


def passcode_in_name(name: str) -> int | None:
    """The passcode a text list's name of digits stands for (`3 23434538`), else None;
    callers ask only once no card has the name (a card named `7` stays that card)."""
    return int(name) if _PASSCODE.fullmatch(name) else None


def type_names(bits: int) -> frozenset[str]:
    return frozenset(name for name, bit in TYPE_BITS.items() if bits & bit)


# Spell and Trap properties (a Ritual Spell is named by the Ritual bit above them).
_PROPERTIES = ("Quick-Play", "Continuous", "Equip", "Field", "Counter")


def describe_types(bits: int) -> str:
    """`Synchro Tuner Monster`-style label for messages (the frame types that matter); a
    monster of none of them is a `Normal Monster` or an `Effect Monster`, as its frame says;
    a Spell or Trap a `Quick-Play Spell`, a `Normal Trap`."""
    names = [name for name in ("Pendulum", "Fusion", "Synchro", "Xyz", "Link", "Ritual", "Tuner", "Token")
             if bits & TYPE_BITS[name]]
    if not names and bits & TYPE_BITS["Monster"]:
        names = [name for name in ("Normal", "Effect") if bits & TYPE_BITS[name]][:1]
    elif not names and bits & (TYPE_BITS["Spell"] | TYPE_BITS["Trap"]):
        # A Spell or Trap is named by its property, as Konami prints it: Quick-Play Spell,
        # Counter Trap; one with no property bit is a Normal Spell or Normal Trap.
        names = [name for name in _PROPERTIES if bits & TYPE_BITS[name]][:1] or ["Normal"]
    kind = "Monster" if bits & TYPE_BITS["Monster"] else "Spell" if bits & TYPE_BITS["Spell"] else (
        "Trap" if bits & TYPE_BITS["Trap"] else "card")
    if bits & TYPE_BITS["Token"]:
        kind = ""
    return " ".join([*names, kind]).strip()


def a_card_of_types(bits: int) -> str:
    """`describe_types` with its article, as English reads it: `an Xyz Monster` (said
    "ex"), `an Effect Monster`, `a Normal Monster`."""
    label = describe_types(bits)
    return f"{article(label)} {label}"


class YgoCard(Record):
    """One passcode. `alias` is the passcode this one counts as (0: none)."""

    # A Record, not a dataclass: defined at every start-up (deckcheck/record.py).
    # `__dict__` holds the cached `types`.
    __slots__ = ("code", "name", "type", "alias", "ot", "konami_id", "__dict__")

    def __init__(self, code: int, name: str, type: int, alias: int = 0, ot: int = 0,
                 konami_id: int | None = None):
        self.code = code
        self.name = name
        self.type = type
        self.alias = alias
        self.ot = ot  # YGOPro region bits: 1 OCG, 2 TCG (0 unknown)
        self.konami_id = konami_id

    @property
    def root(self) -> int:
        return self.alias or self.code

    @property
    def regions(self) -> frozenset[str] | None:
        """Where the card was released, from `ot`: {"ocg", "tcg"} or a part of it; None
        when the data gives no region at all (other bits alone, such as anime cards, give
        an empty set: released in neither)."""
        if not self.ot:
            return None
        return frozenset(name for name, bit in REGION_BITS.items() if self.ot & bit)

    @property
    def is_alternate_artwork(self) -> bool:
        return bool(self.alias) and abs(self.code - self.alias) <= ARTWORK_OFFSET

    @cached_property
    def types(self) -> frozenset[str]:
        return type_names(self.type)

    @property
    def is_extra_deck(self) -> bool:
        return bool(self.type & EXTRA_DECK_BITS)

    # What the shared copy-limit rule asks of any game's card record.
    is_basic = False
    deck_limit = None
