"""A Yu-Gi-Oh! card as `deckcheck cards lookup` shows it: name, passcode, types, the card
it counts as (alternate artworks, "always treated as"), Main or Extra Deck, regions; with a
format, the copies it allows (its Forbidden & Limited status that day) and its points."""
from __future__ import annotations

import datetime as dt
from typing import Any

from ...formats import Format, ListEntry
from ...limits import NumberTooLong, whole_number
from .cards import YgoCard, describe_types
from .catalog import YgoCatalog
from .japanese import japanese_name

_STATUS = {1: "Limited", 2: "Semi-Limited"}  # a Forbidden card is never legal: its problem says so


def passcode_of(query: str) -> int | None:
    """The passcode a query of digits gives; None for a name, or for digits no passcode
    has (thousands of them: `whole_number` refuses what Python would not read)."""
    if not query.strip().isdecimal():
        return None
    try:
        return whole_number(query)
    except NumberTooLong:
        return None


def find(catalog: YgoCatalog, query: str) -> YgoCard | None:
    """A passcode (all digits) or any spelling of a name. A passcode the data lacks is
    taken as an alternate artwork, as validation takes it (`YgoCatalog.infer_artwork`)."""
    if not query.strip().isdecimal():
        return catalog.get(query)
    code = passcode_of(query)
    return None if code is None else catalog.by_code(code)


def suggest(catalog: YgoCatalog, query: str) -> list[str]:
    """What a lookup that found nothing suggests: names close to a name, or for a number
    the cards whose passcode is one edit away (`YgoCatalog.suggest_passcodes`)."""
    if not query.strip().isdecimal():
        return catalog.suggest(query)
    code = passcode_of(query)
    return [] if code is None else catalog.suggest_passcodes(code)


def facts(catalog: YgoCatalog, card: YgoCard) -> dict[str, Any]:
    root = catalog.root(card)
    return {
        "name": card.name, "passcode": card.code, "types": sorted(card.types), "type_bits": card.type,
        "extra_deck": card.is_extra_deck, "alias": card.alias or None,
        "counts_as": root.name if card.alias else None,
        "alternate_artwork": card.is_alternate_artwork, "in_card_data": not catalog.is_inferred(card),
        "regions": _regions(card), "japanese_name": japanese_name(root.code),
    }


def _regions(card: YgoCard) -> list[str]:
    """Where the card came out, `OCG` and `TCG` (its card data's region bits)."""
    return [name.upper() for name in sorted(card.regions or ())]


def text(catalog: YgoCatalog, card: YgoCard) -> str:
    root = catalog.root(card)
    lines = [card.name, f"  passcode:   {card.code}", f"  type:       {describe_types(card.type)} ({', '.join(sorted(card.types))})"]
    printed = japanese_name(root.code)
    if printed:
        lines.append(f"  Japanese:   {printed}")
    if card.alias:
        same_name = card.name == root.name  # Dark Magician's second artwork is 10 million away
        kind = "an alternate artwork" if card.is_alternate_artwork or same_name else "always treated as it"
        if catalog.is_inferred(card):  # validation counts it so too, with a warning
            kind += f", {card.code - card.alias} above it: {card.code} is not in the card data"
        lines.append(f"  counts as:  {root.name} ({card.alias}; {kind})")
    lines.append(f"  deck:       {'Extra Deck' if card.is_extra_deck else 'Main Deck'}")
    regions = _regions(card)
    if regions or card.ot:  # `ot` 0: the data says nothing of where the card came out
        lines.append(f"  released:   {' and '.join(regions) if regions else 'in neither the OCG nor the TCG'}")
    return "\n".join(lines) + "\n"


def in_pool(catalog: YgoCatalog, name: str, fmt: Format, day: dt.date, platform: str) -> list[str]:
    """What a legal card may be played as in `fmt` on `day`: the copies its Forbidden &
    Limited entry allows (or the format's copy limit, when the format has a list and the
    card is not on it), and its points in a points format."""
    from ...names import fold
    from ...rules._listed import by_root_code, entry_by_code
    from ...rules.points import points_line

    card = catalog.get(name)
    lines = []
    if fmt.card_limits:
        codes = {card.code, card.root} if card is not None else set()
        # An entry by an alternate artwork's passcode limits the card too, as in a deck's check.
        by_code = by_root_code(fmt.card_limits_by_code_on(day, platform), fmt, catalog, "card_limits")
        entry = entry_by_code(codes, by_code)
        if entry is None:  # by passcode first, then by name, as a deck's check (limited_cards)
            entry = fmt.card_limits_on(day, platform).get(fold(name))
        if entry is not None and entry.limit:
            copies = "copy" if entry.limit == 1 else "copies"
            lines.append(f"{_STATUS.get(entry.limit, 'listed')} on {day.isoformat()}: at most {entry.limit} {copies}"
                         f"{_window(entry, fmt)}")
        elif entry is None and fmt.copy_limit is not None:
            lines.append(f"not on the Forbidden & Limited list on {day.isoformat()}: up to {fmt.copy_limit.default} copies")
    points = points_line(fmt, card.name if card is not None else name, {card.code, card.root} if card is not None else ())
    if points is not None:
        lines.append(points)
    return lines


def _window(entry: ListEntry, fmt: Format) -> str:
    from ...rules.card_limit import since_day

    dates = ([f"since {since_day(fmt, entry.since)}"] if entry.since else []) + (
        [f"until {entry.until.isoformat()}"] if entry.until else [])
    return f" ({', '.join(dates)})" if dates else ""
