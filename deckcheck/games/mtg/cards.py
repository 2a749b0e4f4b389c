"""One card as the database knows it, and the few facts derived from its text.

Importers turn whatever their source looks like (Scryfall objects, MTGJSON atomic cards)
into `Card`s; the store writes them; the catalog reads them back; rules only ever see this
shape, so they do not care where the data came from.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cached_property, lru_cache

from ...limits import NumberTooLong, whole_number
from ...model import ANY_NUMBER
from ...record import NamedTuple, Record
from ...lazy_pattern import lazy

SUPERTYPES = frozenset({"Basic", "Legendary", "Snow", "World", "Ongoing", "Elite", "Host"})
# Legality values as Scryfall writes them (MTGJSON's are mapped onto these).
LEGAL, NOT_LEGAL, BANNED, RESTRICTED = "legal", "not_legal", "banned", "restricted"

_ANY_NUMBER_TEXT = lazy(r"a deck can have any number of cards named", re.IGNORECASE)
_UP_TO_TEXT = lazy(r"a deck can have up to (\w+) cards named", re.IGNORECASE)
_NUMBER_WORDS = {
    word: value
    for value, word in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
        "sixteen seventeen eighteen nineteen twenty".split()
    )
}

_ALL_COLORS = ("W", "U", "B", "R", "G")
# Fallaji Wayfarer's own text takes its "is all colors" out of its identity.
_NOT_IDENTITY = "This ability doesn't affect its color identity."


# The platforms a printing can come out on (`--platform`), in the order messages name them.
PLATFORMS = ("paper", "mtgo", "arena")
PAPER = PLATFORMS[0]
# What people write for a platform in a spreadsheet or on the command line, by the id it
# means (folded to lower case, one space): told, never taken, as the ids are the contract.
_PLATFORM_NAMES = {
    "magic online": "mtgo", "magic: the gathering online": "mtgo", "mtg online": "mtgo", "modo": "mtgo",
    "mtg arena": "arena", "mtga": "arena", "magic arena": "arena", "magic: the gathering arena": "arena",
    "tabletop": "paper", "in person": "paper", "in-person": "paper", "irl": "paper", "physical": "paper",
}


def platform_meant(written: str) -> str | None:
    """The platform id a name written for one means (`Magic Online` -> `mtgo`), or None."""
    return _PLATFORM_NAMES.get(" ".join(written.split()).lower())


class Printing(NamedTuple):
    """A set the card was printed in, at which rarity, and (when the source says) on which
    day and platforms (a tuple: Island has 700).

    `released` is the printing's own release date (Scryfall's per-printing `released_at`)
    when it differs from its set's: a Secret Lair drop or a Pro Tour promo comes out years
    after the date its set carries. `platforms` lists where the printing exists
    (`paper`, `mtgo`, `arena`); empty means the source does not say, and the set's
    platform dates decide (games/mtg/availability.py).
    """

    set: str       # lower-case set code, Scryfall style (`lea`, `mh3`)
    rarity: str    # common, uncommon, rare, mythic, special, bonus
    released: str = ""            # YYYY-MM-DD, or "" for the set's date
    platforms: tuple[str, ...] = ()


class SetInfo(Record):
    """A set as the database records it.

    `released` is the set's (paper) release date, or its first printing's where a set
    spans years. `kind` is Scryfall's `set_type` (`expansion`, `core`, `promo`, `box`,
    ...; "" unknown). `digital`: the set came out on MTGO or Arena only. `mtgo`, `arena`:
    its release day there, `none` when it never came out there, None when the data does
    not say (the documented defaults of games/mtg/availability.py apply). `paper_legal`:
    the day its cards became legal in paper tournaments when that is not `released`
    (since Phyrexia: All Will Be One, the prerelease, a week before the release).
    """

    # A Record, not a dataclass: defined at every start-up (deckcheck/record.py).
    __slots__ = ("code", "name", "released", "kind", "digital", "mtgo", "arena", "paper_legal")

    def __init__(self, code: str, name: str | None = None, released: str | None = None, kind: str = "",
                 digital: bool = False, mtgo: str | None = None, arena: str | None = None,
                 paper_legal: str | None = None):
        self.code = code
        self.name = name
        self.released = released
        self.kind = kind
        self.digital = digital
        self.mtgo = mtgo
        self.arena = arena
        self.paper_legal = paper_legal


class Card(Record):
    """A card by its Oracle identity (one per unique name, not per printing).

    `legalities` is None when the source has none (a database built from printings
    alone); `printings` is empty when the source lists none (MTGJSON atomic data has set
    codes but no rarities: those become printings with rarity "").
    """

    # A Record, not a dataclass: defined at every start-up and built for every card looked
    # up or imported (deckcheck/record.py). `__dict__` holds the cached properties below.
    __slots__ = ("name", "face_names", "layout", "mana_cost", "mana_value", "type_line", "supertypes", "types",
                 "subtypes", "colors", "color_identity", "oracle_text", "legalities", "printings", "aliases",
                 "power", "toughness", "__dict__")
    NOT_COMPARED = frozenset({"printings", "aliases"})

    def __init__(self, name: str, face_names: tuple[str, ...] = (), layout: str = "normal", mana_cost: str = "",
                 mana_value: float | None = None, type_line: str = "", supertypes: tuple[str, ...] = (),
                 types: tuple[str, ...] = (), subtypes: tuple[str, ...] = (), colors: tuple[str, ...] = (),
                 color_identity: tuple[str, ...] = (), oracle_text: str = "",
                 legalities: Mapping[str, str] | None = None, printings: tuple[Printing, ...] = (),
                 aliases: tuple[str, ...] = (), power: str | None = None, toughness: str | None = None):
        self.name = name
        self.face_names = face_names
        self.layout = layout
        self.mana_cost = mana_cost
        self.mana_value = mana_value
        self.type_line = type_line
        self.supertypes = supertypes
        self.types = types
        self.subtypes = subtypes
        self.colors = own_colors(face_names[0] if face_names else name, oracle_text, colors)
        self.color_identity = with_defined_colors(face_names or (name,), oracle_text, color_identity)
        self.oracle_text = oracle_text
        self.legalities = legalities
        self.printings = printings
        # Other names printings of the card carry (Scryfall's `flavor_name`, MTGO and
        # Arena's Through the Omenpaths names): a deck may list the card by them.
        self.aliases = aliases
        # Of the front face, as printed (`*`, `1+*` possible); None when it has none.
        # Whether a card has a power/toughness box decides, for one, if a Spacecraft can
        # be a commander.
        self.power = power
        self.toughness = toughness

    @property
    def front_face(self) -> str:
        return self.face_names[0] if self.face_names else self.name

    # Computed once per card: the rules ask for every card of every deck.
    @cached_property
    def is_basic(self) -> bool:
        """A basic land: the Basic supertype on a land (Wastes and Snow-Covered basics included)."""
        return "Basic" in self.supertypes and "Land" in self.types

    @cached_property
    def deck_limit(self) -> int | str | None:
        """What the card's own text allows: "any", a number (Seven Dwarves 7), or None."""
        return deck_limit_from_text(self.oracle_text)

    @property
    def set_codes(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(printing.set for printing in self.printings))


def with_defined_colors(face_names: Iterable[str], text: str, identity: tuple[str, ...]) -> tuple[str, ...]:
    """`identity` with the colors a color-defining ability of the card's own text adds
    (CR 903.4): "Transguild Courier is all colors." makes it all five. The shared card file
    computes identity from mana symbols and color indicators only, so it leaves such cards
    colorless; "Ghostfire is colorless." takes nothing away from its {R}."""
    if "is all colors." not in text:
        return identity
    for face in face_names:
        sentence = f"{face} is all colors."
        at = text.find(sentence)
        # At the start of a line: an ability of its own, not reminder text or another card's name.
        own_ability = at >= 0 and (at == 0 or text[at - 1] == "\n")
        if own_ability and not text[at + len(sentence):].lstrip(" ").startswith(_NOT_IDENTITY):
            return _ALL_COLORS
    return identity


_DEVOID = lazy(r"^Devoid\b", re.MULTILINE)
_FACES_APART = "\n//\n"  # between the faces' texts of a card of several


def own_colors(front: str, text: str, colors: tuple[str, ...]) -> tuple[str, ...]:
    """`colors` (the front face's, as the card data states them: those of its mana cost
    and color indicator) with what a characteristic-defining ability of the front face
    says instead (CR 604.3): devoid (CR 702.114a) and "Ghostfire is colorless." make the
    card colorless, "Transguild Courier is all colors." all five colors (Fallaji Wayfarer
    too, whose identity stays green). The shared card file states none of them; its
    identity is `with_defined_colors`'s."""
    if not text or ("Devoid" not in text and " is colorless." not in text and " is all colors." not in text):
        return colors  # nearly every card
    own = text.split(_FACES_APART, 1)[0]
    lines = own.split("\n")
    if _DEVOID.search(own) or any(line.startswith(f"{front} is colorless.") for line in lines):
        return ()
    if any(line.startswith(f"{front} is all colors.") for line in lines):
        return _ALL_COLORS
    return colors


def deck_limit_from_text(text: str) -> int | str | None:
    if not text:
        return None
    if _ANY_NUMBER_TEXT.search(text):
        return ANY_NUMBER
    match = _UP_TO_TEXT.search(text)
    if match:
        word = match.group(1).lower()
        if word.isdigit():
            # Oracle text from an imported file: thousands of digits mean any number.
            try:
                return whole_number(word)
            except NumberTooLong:
                return ANY_NUMBER
        return _NUMBER_WORDS.get(word)
    return None


@lru_cache(maxsize=8192)  # an import asks for each of ~4,000 type lines 8 times on average
def split_type_line(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(supertypes, types, subtypes) of the front face of a type line.

    `Legendary Snow Creature — Elf Druid` -> (Legendary, Snow), (Creature,), (Elf, Druid).
    """
    front = type_line.split(" // ")[0]
    head, _, tail = front.replace(" - ", " — ").partition("—")
    words = head.split()
    supertypes = tuple(word for word in words if word in SUPERTYPES)
    types = tuple(word for word in words if word not in SUPERTYPES)
    return supertypes, types, tuple(tail.split())


def as_tuple(value: object) -> tuple[str, ...]:
    """A list of strings from a source field that may be missing or the wrong type."""
    if isinstance(value, str):
        return (value,)
    if isinstance(value, Iterable) and not isinstance(value, Mapping):
        return tuple(str(item) for item in value if item is not None)
    return ()
