"""Shared check behind the zone-size rules (`deck-size`, `sideboard-size`, `extra-deck-size`)."""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..formats import Format, ZoneSize
from ..games import zone_name
from ..model import COMMANDER, COMPANION, MAIN, SIDEBOARD, CardEntry, Deck
from ..problem import ERROR, PARSE_ERROR, Problem
from ..wording import EMPTY_LIST, card_names
from .context import Context


def zone_count(deck: Deck, spec: ZoneSize, zone: str, ctx: Context) -> tuple[int, dict[str, int]]:
    """Cards the size rule counts for `zone` (with the zones it `including`s, less the
    cards also listed in a `not_counting` zone), and the count per zone when there are several."""
    counts = ctx.counts(deck)
    if not spec.including and not spec.not_counting:
        # The zone alone (nearly every size rule): each deck is sized four times, counting
        # the settling of its sideboard.
        count = counts.get(zone, 0)
        return count, {zone: count}
    parts = {name: counts.get(name, 0) for name in (zone, *spec.including)}
    if spec.not_counting:
        here = ctx.totals(deck, (zone,))
        elsewhere = ctx.totals(deck, spec.not_counting)
        parts[zone] -= sum(min(copies, here.get(key, 0)) for key, copies in elsewhere.items())
    return sum(parts.values()), parts


def check_zone_size(deck: Deck, fmt: Format, ctx: Context, *, zone: str, rule: str, label: str) -> Iterable[Problem]:
    spec = fmt.zone_size(zone, ctx.date, ctx.platform)
    if spec is None:
        return ()
    if not spec.including and not spec.not_counting:
        # The zone alone (nearly every size rule), and a size it allows (nearly every deck):
        # told from the context's count, without the parts or a generator.
        if spec.allows(ctx.counts(deck).get(zone, 0)):
            return ()
    count, parts = zone_count(deck, spec, zone, ctx)
    if spec.allows(count):
        return ()
    return _size_problems(deck, fmt, ctx, spec, count, parts, zone=zone, rule=rule, label=label)


def _size_problems(
    deck: Deck, fmt: Format, ctx: Context, spec: ZoneSize, count: int, parts: dict[str, int], *, zone: str, rule: str,
    label: str,
) -> Iterator[Problem]:
    label = zone_name(fmt.game, zone, label)  # the game's word: Yu-Gi-Oh!'s "Side Deck"
    if zone == MAIN and not deck.entries and not _unread(deck):
        # Nothing read at all: a file saved empty, or the wrong file, not a deck whose cards
        # went missing ("main deck has 0 cards" had the player count their lines).
        yield Problem(rule=rule, zone=zone, count=0, limit=spec.exactly if spec.exactly is not None else spec.min,
                      message=f"{EMPTY_LIST}; {'deck' if spec.including else label}: {spec.bounds()} required")
        return
    if spec.including:
        # "deck has 99 cards (main 98, commander 1)": the commander is part of the 100.
        label = "deck"
        unit = "card" if count == 1 else "cards"
        aside = _unreadable(deck, parts)
        shown = f"{count} {unit} (" + ", ".join([*(f"{name} {value}" for name, value in parts.items()), *aside]) + ")"
    else:
        shown = f"{count} {'card' if count == 1 else 'cards'}"
        if count < ctx.counts(deck).get(zone, 0):
            # A Commander sideboard holding the companion: the count the deck's summary shows is larger.
            shown += " besides the " + " and ".join(spec.not_counting)
        shown += "".join(f" ({text})" for text in _unreadable(deck, parts))
    if spec.exactly is not None:
        yield Problem(
            rule=rule, zone=zone, count=count, limit=spec.exactly,
            message=f"{label} has {shown}; {spec.bounds()} required{_companion_counted(deck, spec, count, ctx)}"
                    f"{_companion_among(deck, fmt, spec, count, ctx)}",
        )
        return
    if spec.min is not None and count < spec.min:
        yield Problem(
            rule=rule, zone=zone, count=count, limit=spec.min,
            message=f"{label} has {shown}; at least {spec.min} required",
        )
    if spec.max == 0 and count > 0:
        # "at most 0 allowed" says it backwards: the format has no such zone (Commander's
        # holds only the companion). The cards it holds are named, and the line of the
        # first: a player told only "sideboard has 1 card" looks for it among 100 lines.
        aside = f" but the {' and '.join(spec.not_counting)}" if spec.not_counting else ""
        held = _held(deck, zone, spec)
        yield Problem(rule=rule, zone=zone, count=count, limit=0, line=held[0].line if held else None,
                      card=held[0].name if len(held) == 1 else None,
                      message=f"{label} has {shown}{_named(held)}; {fmt.name} has no {label}{aside}")
        return
    if spec.max is not None and count > spec.max:
        yield Problem(
            rule=rule, zone=zone, count=count, limit=spec.max,
            message=f"{label} has {shown}{_companions_among(deck, zone, spec)}; at most {spec.max} allowed",
        )


def _companion_counted(deck: Deck, spec: ZoneSize, count: int, ctx: Context) -> str:
    """`: the companion, NAME, is not one of them` when a deck counted with its command
    zone, which names a commander, falls short by just its companion's copies: the player
    counted the companion, which waits outside the deck, among the 100 (a list of 100
    lines, 99 cards). A deck with no commander is short by its commander, which the
    `commander` problem asks for: the companion is not the card it lacks."""
    counts = ctx.counts(deck)
    if not spec.including or count >= spec.exactly or not counts.get(COMMANDER):  # type: ignore[operator]
        return ""
    # The companion's copies: the context's count of the zone, as copy-limit's are its totals.
    companions = counts.get(COMPANION, 0)
    if not companions or count + companions != spec.exactly:
        return ""
    names = card_names(dict.fromkeys(entry.name for entry in deck.entries if entry.zone == COMPANION))
    return f": the companion, {' and '.join(names)}, is not one of them"


def _companion_among(deck: Deck, fmt: Format, spec: ZoneSize, count: int, ctx: Context) -> str:
    """`: Lurrus of the Dream-Den (line 4) has a companion ability, and a companion waits
    outside the 100, ...` when a deck counted with its command zone is one over and names no
    companion, and one card of its main deck, one copy, has a companion ability and would
    pass the companion rule in a `Companion` section: the list's companion written among
    the deck's cards. Gyruda beside Sol Ring (an odd mana value) is no companion of the
    deck's, and the hint would send the player to a section the companion rule then
    refuses. Asked only of a deck one over."""
    if not spec.including or count != spec.exactly + 1 or ctx.cards is None:  # type: ignore[operator]
        return ""
    if any(entry.zone == COMPANION for entry in deck.entries):
        return ""
    # A Commander-family deck one over: seldom, so imported here.
    from ..games.mtg.abilities import companion_condition
    from . import companion

    if not companion.applies(fmt):
        return ""
    able = [entry for entry in deck.zone(MAIN)
            if (card := ctx.cards.lookup(entry)) is not None and companion_condition(card) is not None]
    if len(able) != 1 or able[0].count != 1 or not companion.could_be_companion(able[0], deck, fmt, ctx):
        return ""
    where = f" (line {able[0].line})" if able[0].line is not None else ""
    return (f": {able[0].name}{where} has a companion ability, and a companion waits outside the {spec.exactly}, "
            "in a `Companion` section")


def _held(deck: Deck, zone: str, spec: ZoneSize) -> list[CardEntry]:
    """The entries of `zone` that its size counts (a card also in a `not_counting` zone,
    the companion, left out), in line order."""
    aside = {entry.key for entry in deck.entries if entry.zone in spec.not_counting}
    held = [entry for entry in deck.zone(zone) if entry.key not in aside]
    return sorted(held, key=lambda entry: entry.line if entry.line is not None else 0)


def _named(held: list[CardEntry]) -> str:
    """` (Wrath of God, Sun Titan)`: the cards of a zone the format does not have, the
    first few by name."""
    if not held:
        return ""
    names = card_names(entry.name for entry in held[:_NAMED_CARDS])
    more = len(held) - _NAMED_CARDS
    return " (" + ", ".join(names) + (f" and {more} more" if more > 0 else "") + ")"


_NAMED_CARDS = 3  # cards a zone the format does not have is told by name (the rest counted)


def _unread(deck: Deck) -> bool:
    """Whether a line of the list, of any zone, could not be read (a `parse-error` error):
    then the list held something, which that problem names."""
    return any(problem.rule == PARSE_ERROR and problem.severity == ERROR for problem in deck.problems)


def _unreadable(deck: Deck, zones: Iterable[str]) -> list[str]:
    """`not counting N unreadable lines` when lines of `zones` could not be read (parse
    errors; a zero count, a warning, was read): the count leaves their cards out, and the
    line to mend, not a miscount, is what a short deck may come down to. "or more" when
    unreadable lines past the listed ones were only counted (LineProblems), zone unknown."""
    wanted = set(zones)
    unreadable = [p for p in deck.problems if p.rule == PARSE_ERROR and p.severity == ERROR]
    lines = sum(problem.line is not None and problem.zone in wanted for problem in unreadable)
    if not lines:
        return []
    more = " or more" if any(problem.line is None for problem in unreadable) else ""
    return [f"not counting {lines}{more} unreadable line{'' if lines == 1 and not more else 's'}"]


def _companions_among(deck: Deck, zone: str, spec: ZoneSize) -> str:
    """`, the companion NAME among them` when a too-full sideboard counts a companion: a list
    may name it in a `Companion` section only, and its 15 sideboard lines then make 16."""
    if zone != SIDEBOARD or spec.not_counting:
        return ""
    named = {entry.key: entry.name for entry in deck.entries if entry.zone == COMPANION}
    held = [name for key, name in named.items() if any(entry.key == key for entry in deck.zone(SIDEBOARD))]
    if not held:
        return ""
    return f", the companion {' and '.join(held)} among them"
