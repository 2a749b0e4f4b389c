"""class-faction: every card shares a trait icon with the hero, and "[Trait] Hero
Required" cards have a hero with that trait (World of Warcraft TCG, Comprehensive Rules
100.2).

Format key `class_faction`: `true` (or `{}`) checks the deck and the side deck; `{zones: [main]}`
the zones named (WoW limited: the side deck is the rest of the pool, any class's cards,
and only the deck must fit the hero, Comprehensive Rules 100.2). A card's icons are its faction (Alliance, Horde; both
for `Both`) and its class icons; a card with icons needs at least one the hero has (the
hero's faction and class); a card without icons fits any hero. A card whose printings
differ (one with a class icon, one without) passes when any printing would. Needs card
data: a card (or hero) missing from it is a warning naming the checks skipped, and
without any card data one warning says the whole check was skipped.

FAIL (wow/constructed, hero an Alliance Paladin): a Horde ally -> "Grunt (Horde) shares no
icon with Tirion (Alliance, Paladin)".
FAIL: a "Holy Hero Required" card with a Protection hero -> "Holy Nova requires a hero with
the trait Holy; Kalatine Carmichael does not have it" (traits named as the cards print them).
A hero listed among the deck's cards is left to the rule `hero`.

A hero's own text overrides the icon rule where it lets cards in: a hero of no faction
printing "Deckbuilding: You can only include either [Alliance] or [Horde] cards, ..."
(Eadric the Pure and the other Argent Crusade and Scourge heroes of Icecrown) takes one
faction's cards, the one most of the cards that need it have (the first in the list on a
tie); a card of the other faction is the problem.
FAIL: `Hero: Eadric the Pure`, 52 Ironforge Guards and 4 Orgrimmar Grunts -> "Orgrimmar
Grunts (Horde) is a [Horde] card in a deck of [Alliance] cards: Eadric the Pure's
Deckbuilding text allows either [Alliance] or [Horde] cards, not both".

So does a Talent's: from War of the Elements on a Talent prints the Talents it keeps out of
the deck, "Arcane Talent (You can't put Fire Talents or Frost Talents in your deck.)". The
deck keeps the spec most of its Talents' copies have (the first on a tie); a Talent of
another spec that such a text keeps out, or whose own text keeps that spec out, is the
problem (in the same zones; an older Talent prints no such sentence, but is kept out by one).
FAIL: 4 Arcane Barrage and 2 Pyromaniac -> "Pyromaniac (a Fire Talent) and Arcane Barrage
(an Arcane Talent) can't share a deck: Arcane Barrage says "You can't put Fire Talents or
Frost Talents in your deck.""
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from ..formats import Format
from ..model import HERO, CardEntry, Deck
from ..problem import WARNING, Problem
from ..schema import AnyOf, Bool, Struct
from ..wording import article
from ._cards import IMPORT_HINT, ZONES_OPTION, card_lookup, group, is_on, only_in, skipped, zones_of
from .context import Context

if TYPE_CHECKING:  # only the annotations name it: Magic and Yu-Gi-Oh! checks never load WoW's card module
    from ..games.wow.cards import WowProfile

ID = "class-faction"
KEYS = {"class_faction": AnyOf((Bool(), Struct({"zones": ZONES_OPTION})))}


def _fits(card: WowProfile, hero: WowProfile, granted: frozenset[str] = frozenset()) -> bool:
    """Whether `card` may be in `hero`'s deck, the hero also having the `granted` icons (the
    faction its Deckbuilding text lets the deck take)."""
    icons = card.icons
    if icons and not icons & (hero.icons | granted):
        return False
    traits = hero.trait_keys
    return all(alternatives & traits for alternatives in card.requires)


def _why_not(card: WowProfile, hero: WowProfile, name: str, hero_name: str, trait_name: Callable[[str], str],
             granted: frozenset[str] = frozenset()) -> str:
    icons = card.icons
    if icons and not icons & (hero.icons | granted):
        return f"{name} ({card.describe_icons()}) shares no icon with {hero_name} ({hero.describe_icons()})"
    missing = [alternatives for alternatives in card.requires if not alternatives & hero.trait_keys]
    needed = " or ".join(sorted(trait_name(key) for key in missing[0])) if missing else "?"
    return f"{name} requires a hero with the trait {needed}; {hero_name} does not have it"


def _fits_any(profiles: list[WowProfile], hero_profiles: list[WowProfile], faction: str) -> bool:
    """Whether a printing of the card fits a printing of the hero given the `faction` icon."""
    return any(_fits(profile, hero, frozenset({faction})) for profile in profiles for hero in hero_profiles)


def _either_faction(hero_card: object) -> tuple[str, ...]:
    """The factions of which the hero's Deckbuilding text lets the deck take one (games/wow/
    deckbuilding.py), or ()."""
    read = getattr(hero_card, "deck_restriction", None)  # a card file's own catalog may lack it
    restriction = read() if read is not None else None
    return restriction.either_faction if restriction is not None else ()


def _chosen_faction(deck_cards: list[tuple[CardEntry, int, list[WowProfile]]], hero_profiles: list[WowProfile],
                    factions: tuple[str, ...]) -> str | None:
    """The faction of `factions` the deck takes: the one that lets in most copies of the
    cards that fit the hero only with one of them (the first such card's on a tie); the
    first of `factions` when no card needs one of them alone (a `Both` card fits either)."""
    copies_of: dict[str, int] = {}  # in the order the cards come: max() takes the first on a tie
    for _entry, copies, profiles in deck_cards:
        lets_in = [faction for faction in factions if _fits_any(profiles, hero_profiles, faction)]
        if len(lets_in) == 1:
            copies_of[lets_in[0]] = copies_of.get(lets_in[0], 0) + copies
    if copies_of:
        return max(copies_of, key=copies_of.__getitem__)
    return factions[0] if factions else None


def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format checks class and faction."""
    return is_on(fmt.option("class_faction"))


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterator[Problem]:
    option = fmt.option("class_faction")
    if not is_on(option):
        return
    zones = zones_of(option)
    cards = [entry for entry in deck.entries if entry.zone in zones]
    if not cards:
        return
    lookup = card_lookup(ctx)
    if lookup is None:
        yield skipped(ID, "class, faction and Hero Required")
        return
    grouped = group(cards)
    yield from _icons(deck, grouped, lookup, ctx)
    yield from _talents(grouped, lookup)


def _icons(deck: Deck, grouped: list[tuple[CardEntry, int]], lookup: Callable[[CardEntry], Any],
           ctx: Context) -> Iterator[Problem]:
    """Each card's icons and Hero Required clauses against the hero's (and the faction its
    Deckbuilding text lets the deck take)."""
    heroes = deck.zone(HERO)
    if len(heroes) != 1:
        return  # the hero rule says what is wrong; there is nothing to match against
    hero_entry = heroes[0]
    hero_card = lookup(hero_entry)
    hero_profiles = hero_card.hero_profiles() if hero_card is not None else []
    # With complete data (the built-in cards) a card it lacks is already an unknown-card
    # error and a hero that is no Hero a hero error: no warning repeats them.
    complete = getattr(ctx.cards, "complete", False)
    if not hero_profiles:
        if complete:
            return
        what = "is not in the card data" if hero_card is None else "is not a hero in the card data"
        yield Problem(rule=ID, severity=WARNING, zone=HERO, line=hero_entry.line, card=hero_entry.name,
                      message=f"class, faction and Hero Required checks skipped: the hero {hero_entry.name} {what}; "
                              f"{IMPORT_HINT}")
        return
    missing = []
    deck_cards = []
    for entry, copies in grouped:
        card = lookup(entry)
        if card is None:
            if not complete:
                missing.append((entry, copies))
            continue
        profiles = card.deck_profiles()
        if all(profile.is_hero for profile in profiles):
            continue  # a hero listed in the deck: the hero rule says it is no deck card
        if any(_fits(profile, hero) for profile in profiles for hero in hero_profiles):
            continue
        deck_cards.append((entry, copies, profiles))
    # The hero's text is read only when a card does not fit by icons (a legal deck: none).
    factions = _either_faction(hero_card) if deck_cards else ()
    chosen = _chosen_faction(deck_cards, hero_profiles, factions)
    for entry, copies, profiles in deck_cards:
        if chosen and _fits_any(profiles, hero_profiles, chosen):
            continue
        other = next((faction for faction in factions if faction != chosen and _fits_any(profiles, hero_profiles, faction)),
                     None)
        if other is not None:
            either = " or ".join(f"[{faction}]" for faction in factions)
            message = (f"{entry.name} ({profiles[0].describe_icons()}) is a [{other}] card in a deck of [{chosen}] cards: "
                       f"{hero_entry.name}'s Deckbuilding text allows either {either} cards, not both")
        else:
            message = _why_not(profiles[0], hero_profiles[0], entry.name, hero_entry.name,
                               getattr(ctx.cards, "trait_name", str.capitalize), frozenset({chosen} if chosen else ()))
        yield Problem(rule=ID, zone=entry.zone, line=entry.line, card=entry.name, count=copies, message=message)
    for entry, copies in missing:
        yield Problem(rule=ID, severity=WARNING, zone=entry.zone, line=entry.line, card=entry.name, count=copies,
                      message=f"{entry.name} is not in the card data: its class, faction and Hero Required "
                              f"checks were skipped")


def _talents(grouped: list[tuple[CardEntry, int]], lookup: Callable[[CardEntry], Any]) -> Iterator[Problem]:
    """Talents of specs that one of them keeps out of the deck: the spec most copies have
    stays, and each Talent that clashes with one kept is the problem, in deck order."""
    talents = []  # (index, entry, copies, spec, excludes)
    for index, (entry, copies) in enumerate(grouped):
        read = getattr(lookup(entry), "deck_talent", None)  # only WoW TCG cards are Talents
        spec, excludes = read() if read is not None else ("", ())
        if spec:
            talents.append((index, entry, copies, spec, excludes))
    if not any(excludes for *_, excludes in talents):
        return  # no Talent keeps any out: the older sets' and most decks
    copies_of: dict[str, int] = {}
    first_of: dict[str, int] = {}
    for index, _entry, copies, spec, _excludes in talents:
        copies_of[spec] = copies_of.get(spec, 0) + copies
        first_of.setdefault(spec, index)
    kept: list[tuple[int, CardEntry, int, str, tuple[str, ...]]] = []
    problems = []
    for talent in sorted(talents, key=lambda talent: (-copies_of[talent[3]], first_of[talent[3]], talent[0])):
        index, entry, copies, spec, excludes = talent
        clash = next((other for other in kept if spec in other[4] or other[3] in excludes), None)
        if clash is None:
            kept.append(talent)
            continue
        sayer = clash if spec in clash[4] else talent
        kept_out = " or ".join(f"{name} Talents" for name in sayer[4])
        message = (f"{entry.name} ({article(spec)} {spec} Talent) and {clash[1].name} ({article(clash[3])} {clash[3]} "
                   f"Talent) can't share a deck: {sayer[1].name} says \"You can't put {kept_out} in your deck.\"")
        problems.append((index, Problem(rule=ID, zone=entry.zone, line=entry.line, card=entry.name, count=copies,
                                        message=message)))
    yield from (problem for _index, problem in sorted(problems, key=lambda item: item[0]))


def show(fmt: Format, day: dt.date) -> list[str]:
    if not is_on(fmt.option("class_faction")):
        return []
    return [f"class/faction: cards share a trait icon with the hero{only_in(fmt.game, fmt.option('class_faction'))}; Hero Required cards need the trait;"
            f" no Talent of a spec another Talent keeps out"]
