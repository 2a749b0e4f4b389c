"""The mana model: what each land can produce and what each spell's cost asks for.

Written down with its sources in docs/engine.md ("Mana model"). In short:

* A land produces the colors of its basic land types (Plains W, Island U, Swamp B,
  Mountain R, Forest G), the mana symbols of its "Add ..." abilities ({C} is colorless
  mana, a color of its own), every color for "mana of any color" (or "any type") and for
  a color or basic land type chosen as it enters (Thriving lands, Multiversal Passage),
  the color of the type it gives every land (Urborg: a Swamp; while it is out every land
  makes that color too, even one that makes no mana of its own), and,
  for a land whose text searches the library for lands (fetch lands), the colors of the
  deck's lands it can find: lands with a basic land type it names, or the deck's basic
  lands for "a basic land card". A snow land's mana is also snow mana (S). A land whose
  faces are both lands (Pathways) produces what either face produces. A land with none of
  these (Bazaar of Baghdad, Maze of Ith) makes no mana: it pays nothing, not even generic.
* A spell's cost is read from its front face: {W} needs a white source; hybrid {W/U} a
  white or a blue one; {2/W} one white source (or two generic mana, which is never
  cheaper); Phyrexian {W/P} is paid with 2 life, so it needs no source; {X} is 0 (as in the
  mana value); {C} needs a colorless source and {S} a snow source. The turn it is cast on
  curve is the fewest lands that pay it: its mana value with each {2/W} counting 1.
* A hand casts the spell with L lands that make mana when L is at least the mana value
  and the colored symbols can be paid by different lands (Hall's condition: every group of
  symbols has at least as many lands able to pay one of them as it has symbols).
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Protocol

from ..errors import DeckcheckError
from ..limits import MAX_QUOTED_CHARS, MAX_TURNS, quoted
from ..lazy_pattern import lazy

COLORS = ("W", "U", "B", "R", "G")
COLORLESS, SNOW = "C", "S"
SOURCE_KINDS = (*COLORS, COLORLESS, SNOW)   # everything a source may be counted for
# The kind of every land that makes some mana, whatever its color: it pays generic mana. A
# land without it (Bazaar of Baghdad, Maze of Ith, Dark Depths) is played but pays nothing.
MANA = "mana"
# The kind of a land that makes every land a basic land type (Urborg, Tomb of Yawgmoth: each
# land is a Swamp): while it is out, every land makes that color, even one making no mana.
EVERY_LAND = {color: f"every land {color}" for color in COLORS}
EVERY_LAND_KINDS = frozenset(EVERY_LAND.values())
BASIC_LAND_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
# Basic lands by name, for decks read without a card database.
_BASIC_NAMES = {**{name.lower(): color for name, color in BASIC_LAND_TYPES.items()}, "wastes": COLORLESS}

_SYMBOL = lazy(r"\{([^}]*)\}")
_ADD_CLAUSE = lazy(r"\badd\b([^.\n]*)", re.IGNORECASE)
# "the chosen color": a color chosen as the land enters (Thriving lands, Gates, Sunken
# Citadel) is any color the deck needs, as a fetch land is a source of all it may find.
_ANY_COLOR = lazy(r"any (?:one )?(?:color|type)|any combination of colors|the chosen color", re.IGNORECASE)
# A land that becomes a basic land type chosen as it enters (Multiversal Passage, Thran Portal).
_CHOSEN_TYPE = lazy(r"choose a basic land type\b.*\bis the chosen type", re.IGNORECASE | re.DOTALL)
# "Each land is a Swamp in addition to its other land types" (Urborg): the land itself too.
_EACH_LAND_IS = lazy(r"\beach land is an? (" + "|".join(BASIC_LAND_TYPES) + r")\b", re.IGNORECASE)
_SEARCH = lazy(r"search your library for ([^.\n]*)", re.IGNORECASE)
# An "Add" clause that adds mana, of a color the model may not read ("one mana of either of
# the circled colors": Cryptic Spires; "of that color": Rhystic Cave, Meteor Crater).
_ADDS_MANA = lazy(r"\{[^}]*\}|\bmana\b", re.IGNORECASE)
# A land that enters as a copy of a land (Vesuva): it makes what the copied land makes.
_COPIES_LAND = lazy(r"\bas a copy of (?:any|a|target) land\b", re.IGNORECASE)


class ManaError(DeckcheckError):
    """A mana cost that cannot be read, or a spell without a known cost (exit 2)."""

    reason: str | None = None  # a cost's fault without the cost's name (_cost_error)


def _cost_error(name: str, reason: str) -> ManaError:
    """A cost that cannot be read: `NAME: REASON` (`mana cost: ...` for a cost of no name),
    its `reason` kept alone for a caller that names the cost its own way (a policy file's
    `costs:` key, engine/keep.py)."""
    error = ManaError(f"{name or 'mana cost'}: {reason}")
    error.reason = reason
    return error


class CardTexts(Protocol):
    """The part of a card database the mana model reads: `get(name)` returns an object with
    `type_line`, `supertypes`, `subtypes`, `oracle_text`, `mana_cost` (or None)."""

    def get(self, name: str) -> Any: ...


@dataclass(frozen=True)
class ManaCost:
    """A spell's cost for castability: generic mana, and one entry per colored symbol
    holding the source kinds that can pay it."""

    text: str
    generic: int
    pips: tuple[frozenset[str], ...]
    # {2/W} symbols: each is also a pip (one W source pays it) and counts 2 in the mana value.
    two_or_color: int = 0
    names: tuple[str, ...] = ()  # per pip, its symbol as printed: `W`, `R/W` ({2/W}: `W`)

    @property
    def mana_value(self) -> int:
        return self.generic + len(self.pips) + self.two_or_color

    @property
    def fewest_lands(self) -> int:
        """The fewest lands that pay the cost, each {2/W} with one white source: the turn on
        curve (Spectral Procession's {2/W}{2/W}{2/W} is a three-drop with three white sources)."""
        return self.generic + len(self.pips)

    def symbols(self) -> dict[str, frozenset[str]]:
        """Each kind of symbol of the cost by name, with the source kinds that pay it: one-kind
        symbols in the order W U B R G C S, then hybrid ones (`R/W`) as printed."""
        named = dict(zip(self.names, self.pips))
        return dict(sorted(named.items(), key=lambda item: (
            len(item[1]) > 1, SOURCE_KINDS.index(item[0]) if item[0] in SOURCE_KINDS else self.names.index(item[0]),
        )))

    @property
    def kinds(self) -> frozenset[str]:
        """Every source kind some symbol of the cost can use."""
        return frozenset().union(*self.pips) if self.pips else frozenset()

    def requirements(self) -> list[tuple[frozenset[str], int]]:
        """Hall's condition as (source kinds, symbols): for each group of symbol types, the
        lands able to pay one of them must number at least that many symbols."""
        by_type: dict[frozenset[str], int] = {}
        for pip in self.pips:
            by_type[pip] = by_type.get(pip, 0) + 1
        types = list(by_type)
        found: dict[frozenset[str], int] = {}
        for size in range(1, len(types) + 1):
            for group in combinations(types, size):
                kinds = frozenset().union(*group)
                found[kinds] = max(found.get(kinds, 0), sum(by_type[t] for t in group))
        return sorted(found.items(), key=lambda item: (len(item[0]), sorted(item[0])))


def _number(digits: str, name: str) -> int:
    """A number of generic mana; one too long for int() (4,300 digits) is far past any turn
    castability is asked about."""
    if len(digits) > len(str(MAX_TURNS)) + 15:
        raise _cost_error(
            name, f"{{{digits[:20]}...}} ({len(digits)} digits): castability is asked up to turn {MAX_TURNS} "
                  "(docs/security.md#limits)"
        )
    return int(digits)


def parse_cost(text: str, *, name: str = "") -> ManaCost:
    """Read a cost like `{2}{W}{W}` or `{W/U}{G/P}`; a split or double-faced card's cost
    is its front face's (the part before ` // `)."""
    front = text.split("//")[0].strip()
    generic = two_or_color = 0
    pips: list[frozenset[str]] = []
    names: list[str] = []
    rest = _SYMBOL.sub("", front).strip()
    if rest:
        raise _cost_error(name, f"cannot read the mana cost {quoted(text)} (symbols look like {{2}}{{W}})")
    for symbol in _SYMBOL.findall(front):
        part = symbol.upper().strip()
        if part.isdigit():
            generic += _number(part, name)
        elif part in ("X", "Y", "Z"):
            continue
        elif part in SOURCE_KINDS:
            pips.append(frozenset({part}))
            names.append(part)
        elif "/" in part:
            pieces = part.split("/")
            if "P" in pieces:
                continue  # Phyrexian: payable with 2 life
            numbers = [_number(piece, name) for piece in pieces if piece.isdigit()]
            kinds = [piece for piece in pieces if not piece.isdigit()]
            # {W/U} (any colors), or {2/W} (one number, one color)
            well_formed = len(kinds) == 1 and len(numbers) == 1 if numbers else bool(kinds)
            if not well_formed or not all(piece in SOURCE_KINDS for piece in kinds):
                raise _cost_error(name, f"unknown mana symbol {{{symbol[:MAX_QUOTED_CHARS]}}} in {quoted(text)}")
            pips.append(frozenset(kinds))
            names.append("/".join(kinds))
            if numbers:  # {2/W}: one W source, or two generic mana
                two_or_color += max(numbers[0] - 1, 0)
        elif part in ("H" + c for c in COLORS) or part == "½":
            continue  # half mana (Un-sets): rounds to nothing on curve
        else:
            raise _cost_error(name, f"unknown mana symbol {{{symbol[:MAX_QUOTED_CHARS]}}} in {quoted(text)}")
    return ManaCost(text=front, generic=generic, pips=tuple(pips), two_or_color=two_or_color, names=tuple(names))


# ---------------------------------------------------------------- lands


def _adds_mana(oracle_text: str) -> bool:
    """Whether the text has an "Add" ability that adds mana."""
    return any(_ADDS_MANA.search(clause) for clause in _ADD_CLAUSE.findall(oracle_text or ""))


def _produced(oracle_text: str) -> set[str]:
    found: set[str] = set()
    for clause in _ADD_CLAUSE.findall(oracle_text or ""):
        if _ANY_COLOR.search(clause):
            found.update(COLORS)
        for symbol in _SYMBOL.findall(clause):
            part = symbol.upper()
            if part in COLORS or part == COLORLESS:
                found.add(part)
    return found


@dataclass(frozen=True)
class LandFacts:
    """What the mana model knows of one land card."""

    produces: frozenset[str]         # kinds it makes by itself
    land_types: frozenset[str]       # basic land types (Plains, Island, ...)
    basic: bool
    snow: bool
    searches: tuple[str, ...] = ()   # what its search looks for: land types, or "basic"
    # Makes mana by itself (its colors may be unknown: Vesuva, Cryptic Spires); a fetch
    # land makes mana when a land it can find does (land_sources).
    makes_mana: bool = True
    every_land: frozenset[str] = frozenset()  # colors it gives every land (Urborg: B)


def land_facts(card: Any) -> LandFacts:
    """Facts of a land from a card object (see CardTexts)."""
    text = getattr(card, "oracle_text", "") or ""
    faces = text.split("\n//\n")
    type_lines = (getattr(card, "type_line", "") or "").split(" // ")
    land_faces = [face for face, line in zip(faces, type_lines) if "Land" in line] or faces[:1]
    subtypes: set[str] = set()
    for line in type_lines:
        if "Land" in line:
            subtypes.update(line.replace(" - ", " — ").partition("—")[2].split())
    land_types = frozenset(t for t in subtypes if t in BASIC_LAND_TYPES)
    produces = {BASIC_LAND_TYPES[t] for t in land_types}
    searches: list[str] = []
    every_land: set[str] = set()
    for face in land_faces:
        produces |= _produced(face)
        if _CHOSEN_TYPE.search(face):
            produces.update(COLORS)
        every_land.update(BASIC_LAND_TYPES[t.title()] for t in _EACH_LAND_IS.findall(face))
        produces |= every_land
        for target in _SEARCH.findall(face):
            named = [t for t in BASIC_LAND_TYPES if re.search(rf"\b{t}\b", target)]
            if named:
                searches.extend(named)
            elif re.search(r"\bbasic land\b", target, re.IGNORECASE):
                searches.append("basic")
    supertypes = getattr(card, "supertypes", ()) or ()
    return LandFacts(
        produces=frozenset(produces), land_types=land_types, basic="Basic" in supertypes,
        snow="Snow" in supertypes, searches=tuple(dict.fromkeys(searches)),
        makes_mana=bool(produces) or any(_adds_mana(face) or _COPIES_LAND.search(face) for face in land_faces),
        every_land=frozenset(every_land),
    )


def basic_land_facts(name: str) -> LandFacts | None:
    """Facts of a basic land known by name alone (Plains, Snow-Covered Island, Wastes)."""
    lowered = name.lower()
    snow = lowered.startswith("snow-covered ")
    kind = _BASIC_NAMES.get(lowered.removeprefix("snow-covered "))
    if kind is None:
        return None
    types = frozenset(t for t, c in BASIC_LAND_TYPES.items() if c == kind)
    return LandFacts(produces=frozenset({kind}), land_types=types, basic=True, snow=snow)


def land_sources(facts: Mapping[str, LandFacts]) -> dict[str, frozenset[str]]:
    """The source kinds of each land of a deck (by card key): what it produces and MANA
    when it makes any mana, plus for a fetch land what the deck's lands it can find make;
    snow lands that make mana add S; EVERY_LAND[c] when it makes every land make c. A land
    that makes no mana has no kind at all."""
    out: dict[str, frozenset[str]] = {}
    for key, land in facts.items():
        kinds = set(land.produces) | ({MANA} if land.makes_mana else set()) | {EVERY_LAND[c] for c in land.every_land}
        for target in land.searches:
            for other_key, other in facts.items():
                if other_key == key or not other.makes_mana:
                    continue
                if (target == "basic" and other.basic) or target in other.land_types:
                    kinds |= other.produces | {MANA}
                    if other.snow:
                        kinds.add(SNOW)
        if land.snow and kinds:
            kinds.add(SNOW)
        out[key] = frozenset(kinds)
    return out
