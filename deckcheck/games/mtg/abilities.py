"""What a Magic card's text says for deck building: commander eligibility and pairing
(partner and its variants, backgrounds, the Doctor's companion), companion abilities,
activated abilities, creature types and mana symbols.

Everything here reads the Oracle text with reminder text removed (reminder text has no
rules meaning: extort's `{W/B}` or a Spacecraft's "It's an artifact creature at 7+."),
and the face a card has in the library and the command zone: the front face of a
double-faced card, both halves of a split card. docs/commander.md describes how the
rules use these facts.
"""
from __future__ import annotations

import re
from functools import lru_cache

from ...record import Record
from .cards import Card
from ...lazy_pattern import lazy

# `(...)` reminder text (never nested in Oracle text).
_REMINDER = lazy(r"\s*\([^()]*\)")
_FACE_BREAK = "\n//\n"
_MANA_SYMBOL = lazy(r"\{([^{}]+)\}")
COLORS = ("W", "U", "B", "R", "G")  # the colour order Magic prints (WUBRG)
PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"})


def without_reminder(text: str) -> str:
    return _REMINDER.sub("", text)


def library_text(card: Card) -> str:
    """The rules text the card has in a library or the command zone: both halves of a
    split card, the front face of every other multi-face card; reminder text removed."""
    return _library_text(card.oracle_text or "", card.layout == "split")


def _lines(card: Card) -> tuple[str, ...]:
    return _text_lines(card.oracle_text or "", card.layout == "split")


# Keyed by the Oracle text (a Card holds a dict, so it is no key itself): the rules ask
# about the same few hundred cards in every deck of a batch, and the regular expression
# that removes reminder text was a tenth of a batch's time.
@lru_cache(maxsize=16384)
def _library_text(text: str, split: bool) -> str:
    if not split and _FACE_BREAK in text:
        text = text.split(_FACE_BREAK, 1)[0]
    return without_reminder(text)


@lru_cache(maxsize=16384)
def _text_lines(text: str, split: bool) -> tuple[str, ...]:
    return tuple(line.strip() for line in _library_text(text, split).split("\n") if line.strip())


# ---------------------------------------------------------------- commanders

def is_legendary(card: Card) -> bool:
    return "Legendary" in card.supertypes


def is_creature_card(card: Card) -> bool:
    """A creature card, or one that says it is a creature while not on the battlefield
    (Grist, the Hunger Tide: "it's a 1/1 Insect creature in addition to its other types")."""
    return "Creature" in card.types or creature_outside_battlefield(card)


def creature_outside_battlefield(card: Card) -> bool:
    return bool(re.search(r"isn't on the battlefield, it's an? [^.]*\bcreature\b", library_text(card)))


# Cards whose Oracle text said "... can be your commander." until an update dropped the
# line as needless: Shorikai, Genesis Engine (2022) lost it with Edge of Eternities (its
# update bulletin's "non-functional changes to the Oracle text"), when every legendary
# Vehicle became eligible. Today's card data lacks the line; the card could lead a deck
# from its release on.
_SAID_IT_CAN_BE_COMMANDER = frozenset({"Shorikai, Genesis Engine"})


def says_it_can_be_commander(card: Card) -> bool:
    return "can be your commander" in library_text(card) or card.name in _SAID_IT_CAN_BE_COMMANDER


# "If The Prismatic Piper is your commander, choose a color before the game begins." (also
# Clara Oswald, Faceless One): as a commander the card stands for that colour.
_CHOOSES_A_COLOR = lazy(r"\bis your commander, choose a colou?r before the game begins\b")


def chooses_a_color_as_commander(card: Card) -> bool:
    """The card's colour is one its player chooses before the game when it is a commander."""
    return bool(_CHOOSES_A_COLOR.search(library_text(card)))


def has_power_toughness(card: Card) -> bool:
    return card.power is not None and card.toughness is not None


class Pairing(Record):
    """A card's ability that lets it share the command zone with a second commander.

    `kind` is one of PAIRING_KINDS; `detail` is the variant (`Friends forever`) of a
    "Partner—X" ability or the card named by "Partner with NAME".
    """

    # A Record, not a dataclass: defined at every start-up (deckcheck/record.py).
    __slots__ = ("kind", "detail")

    def __init__(self, kind: str, detail: str = ""):
        self.kind = kind
        self.detail = detail

    def describe(self) -> str:
        if self.kind == PARTNER_VARIANT:
            return f"Partner—{self.detail}"
        if self.kind == PARTNER_WITH:
            return f"Partner with {self.detail}"
        return PAIRING_LABELS[self.kind]


PARTNER, PARTNER_VARIANT, PARTNER_WITH = "partner", "partner variant", "partner with"
BACKGROUND, DOCTORS_COMPANION = "background", "doctor's companion"
# The pairings a format may allow (`commander.pairs`), in the order docs name them.
PAIRING_KINDS = (PARTNER, PARTNER_VARIANT, PARTNER_WITH, BACKGROUND, DOCTORS_COMPANION)
PAIRING_LABELS = {
    PARTNER: "Partner", PARTNER_VARIANT: "Partner—X", PARTNER_WITH: "Partner with",
    BACKGROUND: "Choose a Background", DOCTORS_COMPANION: "Doctor's companion",
}
_PARTNER_LINE = lazy(r"^Partner(?:\s*(?:—|-|–)\s*(?P<variant>[^(]+?)|\s+with\s+(?P<with>[^(]+?))?\s*$")
# The 2022 printings called one variant "Friends forever" on its own.
_FRIENDS_FOREVER = lazy(r"^Friends forever\s*$")


def pairings(card: Card) -> list[Pairing]:
    """The pairing abilities a card has (most have none, a few have one)."""
    found: list[Pairing] = []
    for line in _lines(card):
        match = _PARTNER_LINE.match(line)
        if match:
            if match.group("variant"):
                found.append(Pairing(PARTNER_VARIANT, match.group("variant").strip()))
            elif match.group("with"):
                found.append(Pairing(PARTNER_WITH, match.group("with").strip()))
            else:
                found.append(Pairing(PARTNER))
        elif _FRIENDS_FOREVER.match(line):
            found.append(Pairing(PARTNER_VARIANT, "Friends forever"))
        elif line == "Choose a Background":
            found.append(Pairing(BACKGROUND))
        elif line == "Doctor's companion":
            found.append(Pairing(DOCTORS_COMPANION))
    return found


def is_background(card: Card) -> bool:
    """A legendary Background enchantment (what "Choose a Background" pairs with)."""
    return is_legendary(card) and "Background" in card.subtypes


def is_time_lord_doctor(card: Card) -> bool:
    """A legendary Time Lord Doctor creature (what "Doctor's companion" pairs with)."""
    subtypes = set(card.subtypes)
    time_lord = "Time Lord" in subtypes or {"Time", "Lord"} <= subtypes
    return is_legendary(card) and "Creature" in card.types and time_lord and "Doctor" in subtypes


# ---------------------------------------------------------------- companions

_COMPANION = lazy(r"^Companion\s*—\s*(?P<condition>.+)$")


def companion_condition(card: Card) -> str | None:
    """The deck-building condition of a card with companion, as printed; None without one."""
    if "Companion" not in (card.oracle_text or ""):
        return None  # most cards: no line can start with the keyword
    for line in _lines(card):
        match = _COMPANION.match(line)
        if match:
            return match.group("condition").strip()
    return None


# ---------------------------------------------------------------- deck-building facts

def is_permanent_card(card: Card) -> bool:
    return not PERMANENT_TYPES.isdisjoint(card.types)


def is_land_card(card: Card) -> bool:
    return "Land" in card.types


def card_types(card: Card) -> frozenset[str]:
    """The card types of the card in the library; Grist counts as a creature there."""
    types = set(card.types)
    if creature_outside_battlefield(card):
        types.add("Creature")
    return frozenset(types) - {"Legendary", "Basic", "Snow", "World"}


def mana_value(card: Card) -> int:
    return int(card.mana_value or 0)


def cost_symbols(card: Card) -> list[str]:
    """The mana symbols of the card's mana cost in a library, as written inside the braces
    (`2`, `R/G`, `X`): both halves of a split card (its characteristics combine, CR
    709.4), the main face of an adventurer or a double-faced card."""
    cost = card.mana_cost or ""
    if card.layout != "split":
        cost = cost.split(" // ")[0]
    return _MANA_SYMBOL.findall(cost)


def every_creature_type(card: Card) -> bool:
    """Changeling, or text that makes the card every creature type (Mistform Ultimus)."""
    text = library_text(card)
    return bool(re.search(r"^Changeling\b", text, re.M)) or "is every creature type" in text


# Keyword abilities that are activated abilities though no colon shows on the card.
_ACTIVATED_KEYWORDS = (
    "Equip", "Cycling", "Ninjutsu", "Crew", "Reconfigure", "Fortify", "Level up", "Outlast", "Scavenge",
    "Unearth", "Embalm", "Eternalize", "Transmute", "Transfigure", "Bloodrush", "Reinforce", "Station",
    "Craft with", "Saddle", "Encore", "Commander ninjutsu",
)
_KEYWORD_LINE = lazy(
    r"^(?:[A-Z][a-z]+cycling|" + "|".join(re.escape(word) for word in _ACTIVATED_KEYWORDS) + r")\b"
)
_QUOTED = lazy(r"\"[^\"]*\"|“[^”]*”")
_BASIC_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})


def has_activated_ability(card: Card) -> bool:
    """Whether the card has an activated ability (CR 602: `cost: effect`, loyalty
    abilities, keywords such as equip or cycling, a basic land type's mana ability)."""
    if not _BASIC_TYPES.isdisjoint(card.subtypes):
        return True  # "{T}: Add {G}." is intrinsic to the Forest type (CR 305.6)
    if card.is_basic:
        return True  # Wastes: "{T}: Add {C}."
    for line in (_QUOTED.sub("", line) for line in _lines(card)):
        # `{T}, Sacrifice a creature: ...`, `+1: ...`, `Channel — {1}{G}, Discard this card: ...`
        if ":" in line or _KEYWORD_LINE.match(line):
            return True
    return False
