"""What the rules that need card facts (types, traits) share: the lookup and grouping, and
the `zones` option that limits a rule to the deck or the side deck (how it is written, read
and named by `formats show`)."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..cards.catalog import CardRecord
from ..games import zone_name
from ..model import MAIN, PLAYED_ZONES, SIDEBOARD, CardEntry, Deck
from ..problem import WARNING, Problem
from ..formats.schema import kind_list
from ..schema import Checked, Str
from ..wording import lines_text
from .context import Context

IMPORT_HINT = "import card data with `deckcheck cards import FILE`"
# Every bundled game has built-in card data, so no data means the checks were turned off
# (--no-cards, cards=False) or the game is one a user added without cards.
NO_DATA = "no card data (card checks are off: --no-cards or cards=False; a game without built-in cards needs `deckcheck cards import FILE`)"


def card_lookup(ctx: Context) -> Callable[[CardEntry], CardRecord | None] | None:
    """`lookup(entry) -> card or None` of the game's card data, or None without data."""
    return ctx.cards.lookup if ctx.cards is not None else None


def group(entries: Iterable[CardEntry]) -> list[tuple[CardEntry, int]]:
    """One (first entry, copies) per card and zone, in deck order: a `.ydk` lists each copy
    on its own line, and one problem per card reads better than one per line."""
    seen: dict[tuple[str, str], list[Any]] = {}
    get = seen.get
    for entry in entries:
        # A list made only for a card's first line (a setdefault made one for every line).
        key = (entry.key, entry.zone)
        slot = get(key)
        if slot is None:
            seen[key] = [entry, entry.count]
        else:
            slot[1] += entry.count
    return [(first, count) for first, count in seen.values()]


def line_namer(deck: Deck) -> Callable[[CardEntry], str]:
    """A card's name for a problem `group` made, with every line of the card in its zone when
    it is on several (`Decode Talker (lines 3 and 6)`), as copy-limit names them: a `.ydk`
    lists a copy a line, in the editor's order, and the problem's `line` is the first only.
    The lines are gathered at the first call: most decks have no such problem."""
    found: dict[tuple[str, str], list[int]] | None = None

    def named(entry: CardEntry) -> str:
        nonlocal found
        if found is None:
            found = {}
            for each in deck.entries:
                if each.line is not None:
                    found.setdefault((each.key, each.zone), []).append(each.line)
        lines = found.get((entry.key, entry.zone), ())
        return f"{entry.name} ({lines_text(lines)})" if len(lines) > 1 else entry.name

    return named


def skipped(rule: str, what: str) -> Problem:
    """The one warning a rule gives when it had no card data to check with."""
    return Problem(rule=rule, severity=WARNING, message=f"{what} not checked: {NO_DATA}")


def played_cards(deck: Deck, ctx: Context, rule: str, what: str) -> tuple[list[tuple[CardEntry, int, CardRecord]], Problem | None]:
    """Each card of the played zones that the card data knows, as (first entry, copies,
    card) per card and zone (see `group`); or, without card data, no cards and the one
    warning that `what` was not checked (no warning for a deck that plays nothing)."""
    entries = list(deck.in_zones(PLAYED_ZONES))
    if not entries:
        return [], None
    lookup = card_lookup(ctx)
    if lookup is None:
        return [], skipped(rule, what)
    found = []
    for entry, count in group(entries):
        card = lookup(entry)
        if card is not None:  # unknown-card speaks for a name the data lacks
            found.append((entry, count, card))
    return found, None


# The zones a rule's `zones` option may name (hero, class_faction): the deck and the side
# deck, both when it is not given; WoW limited names the deck only, its side deck being the
# rest of the pool.
DECK_ZONES = (MAIN, SIDEBOARD)


def _names_a_zone(zones: list[str]) -> str | None:
    # `zones: []` would check nothing; read as "both" it quietly meant the opposite.
    return None if zones else "an empty list names no zone: give main, sideboard or both, or leave `zones` out for both"


ZONES_OPTION = Checked(kind_list(Str(DECK_ZONES)), _names_a_zone)


def is_on(option: Any) -> bool:
    """Whether a rule's option turns it on: `true` or any mapping, `{}` too (as `companion: {}`
    and `color_identity: {}` do); `false`, null or the key left out, off."""
    return option is True or isinstance(option, dict)


def _zones_given(option: Any) -> list[str] | None:
    return option.get("zones") if isinstance(option, dict) else None


def zones_of(option: Any) -> tuple[str, ...]:
    """The zones a rule's option (`{zones: [main]}`, or `true` and the like) limits it to:
    those named, else DECK_ZONES."""
    return tuple(_zones_given(option) or DECK_ZONES)


def only_in(game: str, option: Any) -> str:
    """` (in the deck only)`: the zones of a rule option's `zones` in the game's words, for
    `formats show`; "" when the option names none (the rule's default zones)."""
    zones = _zones_given(option)
    return f" (in the {' and '.join(zone_name(game, zone) for zone in zones)} only)" if zones else ""
