"""World of Warcraft TCG cards as deck construction needs them.

A card name can stand for several printings that differ (`Water Elemental` is a plain
ally in one set and a Mage ally in another; `Vanessa VanCleef` is a hero and an ally), so
a `WowCard` keeps every distinct `WowProfile` of its name and the rules accept a card
when any of its profiles is acceptable.

Comprehensive Rules 100.2: a card with trait icons (faction: Alliance / Horde, both for
`Both`; class: Druid ... Death Knight) may be included only if it shares at least one
icon with the hero (the hero's faction and class); a card reading "[Trait] Hero Required"
only if the hero has that trait (race, class, talent spec, profession, faction, or a
tag such as Traitor or Monster). A hero that is not a Traitor counts as Loyal ("Loyal
Hero Required", Black Temple). 100.4: four copies by name, any number of `Unlimited` cards.
Some heroes print their own deck rules after "Deckbuilding:" (Monster and Scourge heroes):
a profile keeps that text whole (`deckbuilding`), never read as Hero Required clauses;
games/wow/deckbuilding.py says what of it deckcheck checks.

A Talent is an ability (or ally, or equipment) of one talent spec of its class (`talent`):
its text opens "Arcane Talent", or, in the older sets, it is tagged `Talent` beside its spec
and printed "Arcane Hero Required". From War of the Elements on a Talent prints which
Talents it keeps out of the deck, "Arcane Talent (You can't put Fire Talents or Frost
Talents in your deck.)" (`talent_excludes`), and the older ones are read so too, no longer
as Hero Required (War of the Elements FAQ, Cryptozoic, March 31, 2011, 1.1 Talents:
`deck_requires` leaves their clause out); the rule class-faction checks the deck's Talents.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...limits import MAX_DECKBUILDING_CHARS
from ...model import ANY_NUMBER
from ...names import fold
from ...record import Record
from ...lazy_pattern import lazy

if TYPE_CHECKING:
    from .deckbuilding import DeckRestriction

UNLIMITED = "unlimited"
HERO_TYPES = frozenset({"Hero"})
# The type a name printed only as a token has: what an effect puts into play, never a deck
# card. A name printed both as a token and as a card (Water Elemental) is the card.
TOKEN = "Token"
FACTION_ICONS = {"alliance": ("Alliance",), "horde": ("Horde",), "both": ("Alliance", "Horde")}
CLASSES = ("Death Knight", "Druid", "Hunter", "Mage", "Paladin", "Priest", "Rogue", "Shaman", "Warlock", "Warrior")
# The classes' talent specs (Frost, Protection and Restoration are two classes' each).
SPECS = ("Affliction", "Arcane", "Arms", "Assassination", "Balance", "Beast Mastery", "Blood", "Combat",
         "Demonology", "Destruction", "Discipline", "Elemental", "Enhancement", "Feral", "Fire", "Frost",
         "Fury", "Holy", "Marksmanship", "Protection", "Restoration", "Retribution", "Shadow", "Subtlety",
         "Survival", "Unholy")
# A spec as the card data misprints it: Vendetta (Throne of the Tides) keeps out "Subtelty Talents".
_SPEC_MISPRINTS = {"subtelty": "Subtlety"}

_TAGS = lazy(r"<[^>]+>")
_REQUIRED = lazy(r"^\s*(?P<traits>[^;]+?)\s+Hero Required", re.IGNORECASE)
# "Deckbuilding:" opens a hero's own deck rules; one printing spells it "Deckuilding:".
_DECKBUILDING = lazy(r"^\s*deck\s*b?uilding\s*:\s*", re.IGNORECASE)
_ALTERNATIVES = lazy(r"\s*(?:,\s*or\s+|\s+or\s+|,)\s*", re.IGNORECASE)
# A clause opening with a Talent's spec: "Arcane Talent (You can't put ...)".
_TALENT = lazy(r"^\s*(?P<spec>[A-Za-z][A-Za-z ]{0,30}?)\s+Talent\b", re.IGNORECASE)
# Its reminder of the Talents it keeps out; the card data also prints "in you deck", "into your
# deck", "Beast Mastery or Survival Talents" and one reminder without its opening parenthesis.
_KEEPS_TALENTS_OUT = lazy(r"You can['’]t (?:put|include) (?P<specs>[A-Za-z ,]{1,80}?)\s+Talents?\s+in(?:to)?\s+\w+\s+deck",
                          re.IGNORECASE)
_TALENTS_WORD = lazy(r"\s+Talents?$", re.IGNORECASE)
# The reputations the card data's cards (and heroes) print, each as the clause opening
# "Aldor Reputation": every such clause in it names one of these four. Each keeps out of the
# deck what its reminder says: an Aldor card "(Can't put Scryer cards in your deck.)", a Scryer
# card the reverse (`_KEEPS_OUT_ONLY`), an Argent Crusade or Nerubian card "(You can't put
# cards with other reputations in your deck.)" every other one.
REPUTATIONS = ("Aldor", "Scryer", "Argent Crusade", "Nerubian")
_KEEPS_OUT_ONLY = {"Aldor": "Scryer", "Scryer": "Aldor"}
# The clause's opening. Only those names: a clause that names one after a word of its own
# ("Target Aldor Reputation ally ...") is none, nor is a hero's Deckbuilding text's "cards with
# other reputations". Five Aldor allies print "Aldor Repuation" (sic), and Retainer Athan
# "<b>Scryer Reputation</b>When Athan ...", its next sentence glued on once the tags are
# gone: the word ends where no small letter follows, not at a word boundary.
_REPUTATION = lazy(rf"^\s*(?P<name>{'|'.join(REPUTATIONS)}) Reput?ation(?![a-z])")


def keeps_out(reputation: str, other: str) -> bool:
    """Whether a card of `reputation` keeps cards of the `other` one out of its deck."""
    only = _KEEPS_OUT_ONLY.get(reputation)
    return other != reputation and (only is None or only == other)


def kept_out(reputation: str) -> str:
    """The cards `reputation` keeps out, as a message says it: "Scryer cards", "cards of
    other reputations"."""
    only = _KEEPS_OUT_ONLY.get(reputation)
    return f"{only} cards" if only else "cards of other reputations"


def trait_key(text: str) -> str:
    """`Death Knight`, `DeathKnight`, `[death knight]` and `Beast mastery` compare equal."""
    return fold(text.strip().strip("[]")).replace(" ", "").replace("-", "")


def canonical_class(text: str) -> str:
    key = trait_key(text)
    for name in CLASSES:
        if trait_key(name) == key:
            return name
    return text.strip()


def _clauses(rules: str) -> list[str]:
    """A card text's clauses (`;` separates them), markup removed."""
    return _TAGS.sub("", rules or "").split(";")


def requirements_from_text(rules: str) -> tuple[frozenset[str], ...]:
    """Each "[A] or [B] Hero Required" clause of a card's text, as a set of trait keys. A
    hero's "Deckbuilding:" text is no such clause: its "(like Fire Hero Required)" names
    the kind of card the hero keeps out, not a trait it needs."""
    found = []
    for clause in _clauses(rules):
        if _DECKBUILDING.match(clause):
            continue
        # One space between words: `\s+` after a lazy `[^;]+?` tried every run of spaces
        # again at each step, quadratic in a hostile card file's text (16,000 spaces: 0.9 s).
        match = _REQUIRED.match(" ".join(clause.split()))
        if match:
            traits = frozenset(trait_key(part) for part in _ALTERNATIVES.split(match.group("traits")) if part.strip())
            if traits:
                found.append(traits)
    return tuple(found)


def spec_name(text: str) -> str | None:
    """The talent spec `text` names, as SPECS spells it (`restoration` -> Restoration), or None."""
    key = trait_key(text)
    for name in SPECS:
        if trait_key(name) == key:
            return name
    return _SPEC_MISPRINTS.get(key)


def talent_from_text(rules: str, tags: Iterable[str], requires: tuple[frozenset[str], ...] = ()) -> tuple[str, tuple[str, ...]]:
    """A card's talent spec ("" for a card that is no Talent) and the specs whose Talents its
    text keeps out of the deck, as SPECS spells them. A Talent's text opens with its spec
    ("Fire Talent"); an older one is tagged `Talent` and its spec (Wild Hammer: `2H Weapon`,
    `Fury`), or only `Talent` beside its "Protection Hero Required" (Vitality)."""
    for clause in _clauses(rules):
        clause = " ".join(clause.split())
        opening = _TALENT.match(clause)
        spec = spec_name(opening.group("spec")) if opening else None
        if spec is None:
            continue
        excludes: list[str] = []
        kept_out = _KEEPS_TALENTS_OUT.search(clause)
        for part in _ALTERNATIVES.split(kept_out.group("specs")) if kept_out else ():
            name = spec_name(_TALENTS_WORD.sub("", part))
            if name and name != spec and name not in excludes:
                excludes.append(name)
        return spec, tuple(excludes)
    tags = sorted(tags)
    if not any(fold(tag) == "talent" for tag in tags):
        return "", ()
    for tag in tags:
        spec = spec_name(tag)
        if spec:
            return spec, ()
    for alternatives in requires:
        specs = [spec_name(key) for key in sorted(alternatives)]
        if len(specs) == 1 and specs[0]:
            return specs[0], ()
    return "", ()


def reputation_from_text(rules: str) -> str:
    """The reputation a card's (or hero's) text opens a clause with (`REPUTATIONS`), "" for
    none. It keeps cards of another reputation out of the deck (`keeps_out`: each card's own
    text, over the rules: Comprehensive Rules 103)."""
    for clause in _clauses(rules):
        match = _REPUTATION.match(" ".join(clause.split()))
        if match:
            return match.group("name")
    return ""


def deckbuilding_from_text(rules: str) -> str:
    """A hero's own deck rules, the text after "Deckbuilding:" ("" when it prints none),
    cut to MAX_DECKBUILDING_CHARS (docs/security.md)."""
    for clause in _clauses(rules):
        match = _DECKBUILDING.match(clause)
        if match:
            text = " ".join(clause[match.end():match.end() + 4 * MAX_DECKBUILDING_CHARS].split())
            return text if len(text) <= MAX_DECKBUILDING_CHARS else text[:MAX_DECKBUILDING_CHARS - 1] + "…"
    return ""


class WowProfile(Record):
    """One printing's deck-building facts. Icons and traits are display names."""

    # The classes of this module are Records, not dataclasses: defined at every start-up
    # (deckcheck/record.py).
    __slots__ = ("type", "faction", "classes", "tags", "requires", "traits", "token", "deckbuilding", "talent",
                 "talent_excludes", "reputation")

    def __init__(self, type: str = "", faction: str = "", classes: frozenset[str] = frozenset(),
                 tags: frozenset[str] = frozenset(), requires: tuple[frozenset[str], ...] = (),
                 traits: frozenset[str] = frozenset(), token: bool = False, deckbuilding: str = "",
                 talent: str = "", talent_excludes: tuple[str, ...] = (), reputation: str = ""):
        self.type = type
        self.faction = faction
        self.classes = classes
        self.tags = tags
        self.requires = requires
        self.traits = traits  # a hero's race, class, talent, professions, tags
        self.token = token  # a token printing (set TOK): made by other cards, never put in a deck
        self.deckbuilding = deckbuilding  # a hero's own deck rules, the text after "Deckbuilding:"
        self.talent = talent  # a Talent's spec (SPECS), "" for a card that is none
        self.talent_excludes = talent_excludes  # the specs whose Talents its text keeps out of the deck
        self.reputation = reputation  # its reputation (Aldor, Scryer, ...; a hero's too), "" for a card of none

    @property
    def icons(self) -> frozenset[str]:
        return frozenset(FACTION_ICONS.get(fold(self.faction), ())) | self.classes

    @property
    def is_hero(self) -> bool:
        return self.type in HERO_TYPES

    @property
    def deck_requires(self) -> tuple[frozenset[str], ...]:
        """The "Hero Required" clauses a deck must meet: an older Talent's "Arcane Hero
        Required" reads as its talent now (War of the Elements FAQ 1.1), not as a trait
        its hero needs."""
        if not self.talent:
            return self.requires
        own = frozenset({trait_key(self.talent)})
        return tuple(alternatives for alternatives in self.requires if alternatives != own)

    @property
    def hero_talent(self) -> str:
        """The talent spec a hero of the sets before War of the Elements prints ("" for
        another hero): its deck takes only that spec's Talents. The card data tags the hero
        with it; a card file of one's own names it among the hero's traits."""
        if not self.is_hero:
            return ""
        return next((spec for spec in map(spec_name, sorted(self.tags | self.traits)) if spec), "")

    @property
    def trait_keys(self) -> frozenset[str]:
        keys = {trait_key(trait) for trait in self.traits | self.classes} | {trait_key(icon) for icon in self.icons}
        if self.is_hero and "traitor" not in keys:
            keys.add("loyal")
        return frozenset(keys)

    def describe_icons(self) -> str:
        return ", ".join(sorted(self.icons)) or "no icons"


class WowCard(Record):
    """A card name and its distinct printings' profiles. Token printings count only for a
    name that is nothing but a token (`types` then says `Token`)."""

    __slots__ = ("name", "profiles", "_restriction")
    # What deck_restriction read, once: the catalog keeps its cards, so a hero's text is
    # read once a catalog, not for every deck (the hero rule and class-faction ask for
    # each). A copy (`replace`) starts without it.
    NOT_FIELDS = frozenset({"_restriction"})

    def __init__(self, name: str, profiles: tuple[WowProfile, ...] = ()):
        self.name = name
        self.profiles = profiles
        self._restriction: DeckRestriction | None | bool = False  # False: not read yet

    @property
    def card_profiles(self) -> tuple[WowProfile, ...]:
        """The profiles of its real printings, or its token ones when it has none."""
        return tuple(profile for profile in self.profiles if not profile.token) or self.profiles

    @property
    def types(self) -> frozenset[str]:
        """Its printings' types, and `Token` for a name printed only as a token (which the
        formats' `banned_types` keep out of decks)."""
        types = frozenset(profile.type for profile in self.card_profiles if profile.type)
        return types | {TOKEN} if self.is_token else types

    @property
    def tags(self) -> frozenset[str]:
        return frozenset(tag for profile in self.card_profiles for tag in profile.tags)

    @property
    def deck_limit(self) -> str | None:
        """"any" for Unlimited cards (what the shared copy-limit rule asks of a card)."""
        return ANY_NUMBER if any(fold(tag) == UNLIMITED for tag in self.tags) else None

    is_basic = False

    @property
    def is_token(self) -> bool:
        """Every printing of the name is a token (the card data's TOK set)."""
        return bool(self.profiles) and all(profile.token for profile in self.profiles)

    def hero_profiles(self) -> list[WowProfile]:
        return [profile for profile in self.card_profiles if profile.is_hero]

    def deck_restriction(self) -> DeckRestriction | None:
        """What deckcheck reads of the hero's own "Deckbuilding:" text (its first hero
        printing that prints one), or None."""
        read = self._restriction
        if read is False:
            from . import deckbuilding

            text = next((profile.deckbuilding for profile in self.hero_profiles() if profile.deckbuilding), "")
            read = self._restriction = deckbuilding.restriction(text)
        return read  # type: ignore[return-value]

    def deck_profiles(self) -> list[WowProfile]:
        return [profile for profile in self.card_profiles if not profile.is_hero] or list(self.card_profiles)

    def deck_talent(self) -> tuple[str, tuple[str, ...]]:
        """Its talent spec and the specs whose Talents it keeps out, as every printing has
        them: a name one printing of which is no Talent (Water Elemental) is none, and it
        keeps out only what all its printings do (a card passes when any printing would)."""
        profiles = self.deck_profiles()
        specs = {profile.talent for profile in profiles}
        if len(specs) != 1 or "" in specs:
            return "", ()
        excludes = tuple(spec for spec in profiles[0].talent_excludes
                         if all(spec in profile.talent_excludes for profile in profiles))
        return specs.pop(), excludes

    def deck_reputation(self) -> str:
        """Its reputation as a deck card (`Aldor`), "" for a card of none or a hero listed
        among the deck's cards (the hero rule's)."""
        profiles = self.deck_profiles()
        return "" if all(profile.is_hero for profile in profiles) else _shared_reputation(profiles)

    def hero_reputation(self) -> str:
        """The reputation the hero prints (Eadric the Pure: `Argent Crusade`), which its deck's
        cards keep to; "" for none."""
        return _shared_reputation(self.hero_profiles())


def _shared_reputation(profiles: list[WowProfile]) -> str:
    """The reputation every printing has ("" when one has none or they differ: a card
    passes when any printing would)."""
    reputations = {profile.reputation for profile in profiles}
    return reputations.pop() if len(reputations) == 1 else ""


def merge(cards: Iterable[tuple[str, WowProfile]]) -> dict[str, WowCard]:
    """One `WowCard` per folded name, keeping each distinct profile once, in order."""
    names: dict[str, str] = {}
    profiles: dict[str, list[WowProfile]] = {}
    for name, profile in cards:
        key = fold(name)
        names.setdefault(key, name)
        bucket = profiles.setdefault(key, [])
        if profile not in bucket:
            bucket.append(profile)
    return {key: WowCard(names[key], tuple(profiles[key])) for key in names}
