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
FAIL: a "Death Knight or Scourge Hero Required" card with a Paladin hero -> "The Lich King
requires a hero with the trait Death Knight or Scourge; Graccus does not have it" (traits
named as the cards print them).
A hero listed among the deck's cards is left to the rule `hero`.

A hero's own text overrides the icon rule where it lets cards in: a hero of no faction
printing "Deckbuilding: You can only include either [Alliance] or [Horde] cards, ..."
(Eadric the Pure and the other Argent Crusade and Scourge heroes of Icecrown) takes one
faction's cards, the one most of the cards that need it have (the first in the list on a
tie); a card of the other faction is the problem.
FAIL: `Hero: Eadric the Pure`, 52 Ironforge Guards and 4 Orgrimmar Grunts -> "Orgrimmar
Grunts (Horde) is a [Horde] card in a deck of [Alliance] cards: Eadric the Pure's
Deckbuilding text allows either [Alliance] or [Horde] cards, not both".

Talents (War of the Elements FAQ, Cryptozoic, March 31, 2011, 1.1): from that set on a
Talent prints "Arcane Talent (You can't put Fire Talents or Frost Talents in your deck.)",
and the older ones, printed "Arcane Hero Required", read so too (their clause is no Hero
Required any more). A deck's Talents are all of one talent: the one its hero prints (heroes
before War of the Elements print one), else the one most of the Talents' copies have (the
first on a tie); a Traitor hero's deck takes none. Each Talent of another is the problem
(in the same zones), naming the card whose text keeps it out when one does.
FAIL: 4 Arcane Barrage and 2 Pyromaniac -> "Pyromaniac (a Fire Talent) and Arcane Barrage
(an Arcane Talent) can't share a deck: Arcane Barrage says "You can't put Fire Talents or
Frost Talents in your deck.""
FAIL: `Hero: Ta'zo` (Fire) and Arcane Barrage -> "Arcane Barrage is an Arcane Talent; Ta'zo
prints the talent Fire, so its deck takes only Fire Talents".

Reputations: a card printing "Aldor Reputation (Can't put Scryer cards in your deck.)" keeps
Scryer cards out, a Scryer card Aldor ones, and an "Argent Crusade Reputation" or "Nerubian
Reputation (You can't put cards with other reputations in your deck.)" card every other (card
text over the rules, Comprehensive Rules 103). A hero printing one (Eadric the Pure: Argent
Crusade) keeps the deck to it; else the deck keeps the one most copies have (the first on a
tie). Each card of another that a card's text keeps out is the problem (same zones), naming
the card (or hero) whose text does.
FAIL: 4 Marksman Glous (Aldor) and 2 Battlemage Vyara (Scryer) -> "Battlemage Vyara (a Scryer
card) and Marksman Glous (an Aldor card) can't share a deck: Marksman Glous's Aldor Reputation
keeps Scryer cards out".
FAIL: 4 Marksman Glous and 2 Brother Keltan (Argent Crusade) -> "Brother Keltan (an Argent
Crusade card) and Marksman Glous (an Aldor card) can't share a deck: Brother Keltan's Argent
Crusade Reputation keeps cards of other reputations out".
FAIL: `Hero: Eadric the Pure` and 4 Marksman Glous -> "Marksman Glous is an Aldor card; Eadric
the Pure prints Argent Crusade Reputation, which keeps cards of other reputations out".
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
    return all(alternatives & traits for alternatives in card.deck_requires)


def _why_not(card: WowProfile, hero: WowProfile, name: str, hero_name: str, trait_name: Callable[[str], str],
             granted: frozenset[str] = frozenset()) -> str:
    icons = card.icons
    if icons and not icons & (hero.icons | granted):
        return f"{name} ({card.describe_icons()}) shares no icon with {hero_name} ({hero.describe_icons()})"
    missing = [alternatives for alternatives in card.deck_requires if not alternatives & hero.trait_keys]
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
    heroes = deck.zone(HERO)
    hero = heroes[0] if len(heroes) == 1 else None
    hero_card = lookup(hero) if hero is not None else None
    yield from _talents(grouped, lookup, hero, hero_card.hero_profiles() if hero_card is not None else [])
    yield from _reputations(grouped, lookup, hero, hero_card)


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


def _talents(grouped: list[tuple[CardEntry, int]], lookup: Callable[[CardEntry], Any],
             hero: CardEntry | None, hero_profiles: list[WowProfile]) -> Iterator[Problem]:
    """The deck's Talents, as the War of the Elements FAQ (1.1) has them: all of one talent
    spec; only the hero's, for a hero that prints one; none for a Traitor hero. Without a
    hero's spec the deck keeps the spec most Talents' copies have (the first on a tie)."""
    talents = []  # (entry, copies, spec, the specs its text keeps out)
    for entry, copies in grouped:
        read = getattr(lookup(entry), "deck_talent", None)  # only WoW TCG cards are Talents
        spec, excludes = read() if read is not None else ("", ())
        if spec:
            talents.append((entry, copies, spec, excludes))
    if not talents:
        return
    hero_specs = {profile.hero_talent for profile in hero_profiles}
    hero_spec = hero_specs.pop() if len(hero_specs) == 1 else ""  # printings that differ: none
    traitor = bool(hero_profiles) and all("traitor" in profile.trait_keys for profile in hero_profiles)
    copies_of: dict[str, int] = {}  # in deck order: max() takes the first on a tie
    for _entry, copies, spec, _excludes in talents:
        copies_of[spec] = copies_of.get(spec, 0) + copies
    kept = hero_spec or max(copies_of, key=copies_of.__getitem__)
    for entry, copies, spec, excludes in talents:
        if traitor:
            message = f"{entry.name} is {article(spec)} {spec} Talent; {hero.name if hero else 'the hero'} is a Traitor hero, whose deck takes no Talents"
        elif spec == kept:
            continue
        elif hero_spec:
            message = (f"{entry.name} is {article(spec)} {spec} Talent; {hero.name if hero else 'the hero'} prints the talent "
                       f"{hero_spec}, so its deck takes only {hero_spec} Talents")
        else:
            ours = [talent for talent in talents if talent[2] == kept]
            clash = next((talent for talent in ours if spec in talent[3]), ours[0])
            sayer = clash if spec in clash[3] else (entry, copies, spec, excludes) if kept in excludes else None
            why = (f"{sayer[0].name} says \"You can't put {' or '.join(f'{name} Talents' for name in sayer[3])} in your deck.\""
                   if sayer else "a deck's Talents are all of one talent")
            message = (f"{entry.name} ({article(spec)} {spec} Talent) and {clash[0].name} ({article(kept)} {kept} Talent) "
                       f"can't share a deck: {why}")
        yield Problem(rule=ID, zone=entry.zone, line=entry.line, card=entry.name, count=copies, message=message)


def _reputations(grouped: list[tuple[CardEntry, int]], lookup: Callable[[CardEntry], Any],
                 hero: CardEntry | None, hero_card: Any) -> Iterator[Problem]:
    """The deck's cards with a reputation, all of one, as each card's own text says: an Aldor
    card "(Can't put Scryer cards in your deck.)", a Scryer card the reverse, an Argent
    Crusade or Nerubian card "(You can't put cards with other reputations in your deck.)"
    (games/wow/cards.keeps_out; card text over the rules, Comprehensive Rules 103). A hero
    that prints a reputation (Eadric the Pure: Argent Crusade) keeps the deck to it; else the
    deck keeps the reputation most copies have (the first on a tie). Each card of another that
    a card's text keeps out is the problem, naming the card (or hero) whose text does."""
    held = []  # (entry, copies, reputation)
    for entry, copies in grouped:
        read = getattr(lookup(entry), "deck_reputation", None)  # only WoW TCG cards have one
        reputation = read() if read is not None else ""
        if reputation:
            held.append((entry, copies, reputation))
    if not held:
        return
    from ..games.wow.cards import keeps_out, kept_out  # only a deck that has a reputation gets here

    read = getattr(hero_card, "hero_reputation", None)  # a card file's own catalog may lack it
    hero_reputation = read() if read is not None else ""
    if hero is not None and hero_reputation:
        for entry, copies, reputation in held:
            if keeps_out(hero_reputation, reputation):
                why = f"{hero.name} prints {hero_reputation} Reputation, which keeps {kept_out(hero_reputation)} out"
            elif keeps_out(reputation, hero_reputation):
                why = (f"{hero.name} prints {hero_reputation} Reputation, and {entry.name}'s own {reputation} Reputation "
                       f"keeps {kept_out(reputation)} out")
            else:
                continue
            yield Problem(rule=ID, zone=entry.zone, line=entry.line, card=entry.name, count=copies,
                          message=f"{entry.name} is {article(reputation)} {reputation} card; {why}")
        return
    if len({reputation for _entry, _copies, reputation in held}) < 2:
        return
    copies_of: dict[str, int] = {}  # in deck order: max() takes the first on a tie
    for _entry, copies, reputation in held:
        copies_of[reputation] = copies_of.get(reputation, 0) + copies
    kept = max(copies_of, key=copies_of.__getitem__)
    first = next(entry for entry, _copies, reputation in held if reputation == kept)
    for entry, copies, reputation in held:
        if keeps_out(kept, reputation):
            sayer, said = first, kept  # the deck's own card keeps it out
        elif keeps_out(reputation, kept):
            sayer, said = entry, reputation  # its own text keeps the deck's cards out
        else:
            continue  # of the deck's reputation, or of one neither keeps out
        yield Problem(rule=ID, zone=entry.zone, line=entry.line, card=entry.name, count=copies, message=(
            f"{entry.name} ({article(reputation)} {reputation} card) and {first.name} ({article(kept)} {kept} card) "
            f"can't share a deck: {sayer.name}'s {said} Reputation keeps {kept_out(said)} out"))


def show(fmt: Format, day: dt.date) -> list[str]:
    if not is_on(fmt.option("class_faction")):
        return []
    return [f"class/faction: cards share a trait icon with the hero{only_in(fmt.game, fmt.option('class_faction'))}; Hero Required cards need the trait;"
            f" Talents all of one talent (the hero's, if it prints one); cards with a reputation all of one"]
