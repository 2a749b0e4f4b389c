"""hero: a World of Warcraft TCG deck names exactly one hero, and the hero is not part of
the deck.

Format key `hero`: `{count: 1, types: [Hero], zones: [main, sideboard]}`. The hero is given
on a `Hero: Name` line (or under a `Hero` section) and is not counted in the main deck.
With card data, the hero must be a card of one of `types`, and a hero listed among the
cards of `zones` (default deck and side deck; WoW limited: the deck only, its side deck
being the rest of the pool; an empty list is a format error) is a problem (move it to the
`Hero:` line). `hero: {}` asks for one hero with those defaults; `null` turns the rule off.
Without card data only the count is checked.

A hero may print its own deck rules after "Deckbuilding:" (World of Warcraft TCG Monster
and Scourge heroes). The sentences that keep Horde, Alliance, class or Talent cards out of
the deck are checked (over the same `zones`), each problem quoting the hero's text; any other sentence is a
warning that names it as not checked (games/wow/deckbuilding.py says which and why).

FAIL (wow/constructed): no `Hero:` line -> "no hero: a deck needs exactly 1 hero (a `Hero: Name` line)".
FAIL: `Hero: Ironforge Guards` -> "Ironforge Guards is an Ally, not a Hero".
FAIL: `Hero: Hogger` and a Horde card -> "Into the Fray is a [Horde] card; Hogger's
Deckbuilding: "You can't put [Horde] or [Alliance] cards in your deck.""
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from typing import Any

from ..formats import Format
from ..model import HERO, MAIN, SIDEBOARD, CardEntry, Deck, GuessedSideboard
from ..names import fold
from ..problem import WARNING, Problem
from ..formats.schema import format_word, kind_list
from ..schema import AnyOf, Int, Null, Struct
from ..wording import article, either_of, names_listed
from ._cards import ZONES_OPTION, card_lookup, group, is_on, only_in, zones_of
from ._section_run_on import ran_on, to_main, whole_deck
from .context import Context

ID = "hero"
KEYS = {"hero": AnyOf((Null(), Struct({"count": Int(0), "types": kind_list(format_word()), "zones": ZONES_OPTION})))}


def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format asks for a hero."""
    return is_on(fmt.option("hero"))


def prepare(deck: Deck, fmt: Format, ctx: Context) -> Deck:
    """A typed list whose `Hero` section runs on into the deck (no `Deck` line, no blank
    line after the hero) holds the hero alone: its first card, when it is one copy of a
    hero (or a card the data does not know), then the deck, which a warning says was read
    so; a section whose first card is no hero is the deck. Only when the section holds more
    cards than the hero, none of them another hero (a section of two heroes is two heroes, as
    the list says), and, with card data, whatever the list gives below it: a lone blank-line
    group after the section is its last group and so the side deck, settled by the format's
    sizes as a list of a `Hero:` line and cards has it; cards under a `Deck` line, or groups
    above a side deck (a `Side deck` heading, the parser's guess), are more of the deck.
    Cards above the section leave it as written. (A Commander section is read so:
    rules/_commander_placing.py.)"""
    if deck.input_format not in (None, "text"):
        return deck
    spec = fmt.option("hero")
    if not is_on(spec):
        return deck
    section = sorted((entry for entry in deck.entries if entry.zone == HERO and entry.line is not None),
                     key=lambda entry: entry.line)  # type: ignore[arg-type, return-value]
    wanted = int(spec.get("count", 1))
    if len(section) < 2 or sum(entry.count for entry in section[1:]) <= wanted:
        return deck
    # The deck's cards and side deck the list gives below the section. Cards above it: as written.
    after = [entry for entry in deck.entries if entry.zone == MAIN]
    side = [entry for entry in deck.entries if entry.zone == SIDEBOARD]
    end = section[-1].line
    if any(entry.line is None or entry.line < end for entry in (*after, *side)):
        return deck
    # The cards after a blank line below such a section are its list's last blank-line group,
    # which a list of a `Hero:` line and cards takes as the side deck, settled by the sizes;
    # not when the list has a side deck already (a `Side deck` heading, or the last of its
    # own blank-line groups, which the parser guessed), nor when it heads its deck (a `Deck`
    # line: its blank lines are spacing). Then they are more of the deck.
    grouped = after if after and not side and deck.guessed_sideboard is None and not deck.headed else []
    lookup = card_lookup(ctx)
    types = frozenset(spec.get("types") or ())
    if lookup is not None and types:
        # A section listing several heroes means them (two heroes are the rule's error), and
        # only card data tells a run-on deck from them where a deck group follows.
        rest = [lookup(entry) for entry in section[1:]]
        if any(card is not None and card.types & types for card in rest):
            return deck
    elif after or side:
        return deck
    first = section[0]
    card = lookup(first) if lookup is not None else None
    cards = sum(entry.count for entry in section)
    if card is not None and card.types and types and not card.types & types:
        moving, warning = section, whole_deck("Hero", "hero", first, cards, "is no hero")
    elif first.count == wanted:
        moving = section[1:]
        warning = ran_on("Hero", "hero", moving[0].line, cards - first.count)  # type: ignore[arg-type]
    else:
        return deck  # `3 Graccus` first: no hero's line; the rule says what is wrong
    to_side = {id(entry) for entry in grouped}
    entries = [entry.replace(zone=SIDEBOARD) if id(entry) in to_side else entry
               for entry in to_main(deck.entries, moving)]
    read = deck.copy(problems=[*deck.problems, warning]).with_entries(entries)
    if grouped:
        # Two blank-line groups: the deck the section ran into, and the side deck after it.
        read.guessed_sideboard = GuessedSideboard(frozenset(entry.line for entry in grouped),
                                                  sum(entry.count for entry in grouped), groups=2)
    return read


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterator[Problem]:
    spec = fmt.option("hero")
    if not is_on(spec):
        return
    wanted = int(spec.get("count", 1))
    types = frozenset(spec.get("types") or ())
    heroes = deck.zone(HERO)
    count = sum(entry.count for entry in heroes)
    if count != wanted:
        if count == 0:
            message = f"no hero: a deck needs exactly {wanted} hero (a `Hero: Name` line)"
        else:
            names = names_listed(entry.name for entry in heroes)
            message = f"{count} heroes ({names}); a deck has exactly {wanted}"
        first = heroes[0] if heroes else None
        yield Problem(rule=ID, zone=HERO, line=first.line if first else None, count=count, limit=wanted,
                      message=message)
    lookup = card_lookup(ctx)
    if lookup is None or not types:
        return
    for entry in heroes:
        card = lookup(entry)
        if card is not None and not card.types & types:
            kinds = "/".join(sorted(card.types)) or "card of no type"
            yield Problem(rule=ID, zone=HERO, line=entry.line, card=entry.name,
                          message=f"{entry.name} is {article(kinds)} {kinds}, not {article(min(types))} {either_of(sorted(types), 'types')}")
    zones = zones_of(spec)
    cards = group(entry for entry in deck.entries if entry.zone in zones)
    for entry, copies in cards:
        card = lookup(entry)
        if card is not None and card.types and card.types <= types:
            yield Problem(rule=ID, zone=entry.zone, line=entry.line, card=entry.name, count=copies,
                          message=f"{entry.name} is a hero: heroes are not part of the deck ({_what_to_do(entry, heroes)})")
    if len(heroes) == 1:
        yield from _deckbuilding(heroes[0], cards, lookup, types)


def _what_to_do(entry: CardEntry, heroes: list[CardEntry]) -> str:
    """What to do with a hero listed among the cards: give it on the `Hero:` line when the
    deck names none there; else (a deck has one hero) take it out, or name it there instead
    of the one named."""
    if not heroes:
        return "give it on the `Hero:` line"
    if any(fold(hero.name) == fold(entry.name) for hero in heroes):
        return "the `Hero:` line already names it: take it out"
    return (f"the `Hero:` line already names {names_listed(hero.name for hero in heroes)}: "
            f"take {entry.name} out, or name it there instead")


def _deckbuilding(hero: CardEntry, cards: list[tuple[CardEntry, int]], lookup: Callable[[CardEntry], Any],
                  types: frozenset[str]) -> Iterator[Problem]:
    """The hero's own "Deckbuilding:" rules: a card of a kind they keep out (every printing
    of it) is an error; the sentences deckcheck does not read, one warning."""
    hero_card = lookup(hero)
    read = getattr(hero_card, "deck_restriction", None)  # only WoW TCG heroes print deck rules
    restriction = read() if read is not None else None
    if restriction is None:
        return
    quoted = f"{hero.name}'s Deckbuilding: \"{restriction.text}\""
    for entry, copies in cards:
        card = lookup(entry)
        if card is None or (card.types and card.types <= types):
            continue  # an unknown card or a listed hero: other problems say what is wrong
        kinds = [restriction.kept_out(profile) for profile in card.deck_profiles()]
        if all(kinds):
            yield Problem(rule=ID, zone=entry.zone, line=entry.line, card=entry.name, count=copies,
                          message=f"{entry.name} is {article(kinds[0].lstrip('['))} {kinds[0]} card; {quoted}")
    if restriction.unchecked:
        # A text allowing "either [Alliance] or [Horde] cards" has that clause checked by
        # class-faction (the deck's one faction): said so, not "not checked" beside its errors.
        how, rest = ("is checked only for its one faction (class-faction)", "the rest") if restriction.either_faction else \
            ("is not checked", "it")
        yield Problem(rule=ID, severity=WARNING, zone=HERO, line=hero.line, card=hero.name,
                      message=f"{hero.name}'s Deckbuilding text {how}: \"{restriction.unchecked}\"; "
                              f"check the deck against {rest} by hand")


def show(fmt: Format, day: dt.date) -> list[str]:
    hero = fmt.option("hero")
    if not is_on(hero):
        return []
    return [f"hero: exactly {hero.get('count', 1)} ({', '.join(hero.get('types') or ['any card'])}), not part of the deck;"
            f" a hero's own Deckbuilding rules keep Horde, Alliance, class or Talent cards out as it says"
            f"{only_in(fmt.game, hero)}"]


