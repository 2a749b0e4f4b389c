"""A Magic card as `deckcheck cards lookup` shows it: canonical name, faces, type, mana,
colours, copies allowed, Oracle text, legalities and printings."""
from __future__ import annotations

import datetime as dt
from typing import Any

from .cards import Card
from .catalog import MtgCatalog


def find(catalog: MtgCatalog, query: str) -> Card | None:
    """The card any spelling names: the local data first, then (unless offline) Scryfall."""
    return catalog.resolve([query])[query]


def facts(catalog: MtgCatalog, card: Card) -> dict[str, Any]:
    return {
        "name": card.name,
        "faces": list(card.face_names),
        "layout": card.layout,
        "mana_cost": card.mana_cost,
        "mana_value": card.mana_value,
        "type_line": card.type_line,
        "supertypes": list(card.supertypes),
        "types": list(card.types),
        "subtypes": list(card.subtypes),
        "colors": list(card.colors),
        "color_identity": list(card.color_identity),
        "oracle_text": card.oracle_text,
        "basic": card.is_basic,
        "deck_limit": card.deck_limit,
        "legalities": dict(card.legalities) if card.legalities is not None else None,
        "printings": [_printing(catalog, p) for p in catalog.printings_of(card)],
    }


def _printing(catalog: MtgCatalog, printing: Any) -> dict[str, Any]:
    """A printing with the days it came out on each platform (None: not there)."""
    from .cards import PLATFORMS

    days = {platform: catalog.availability.on(printing, platform) for platform in PLATFORMS}
    return {"set": printing.set, "rarity": printing.rarity,
            **{platform: day.isoformat() if day else None for platform, day in days.items()}}


def in_pool(catalog: MtgCatalog, name: str, fmt: Any, day: dt.date, platform: str) -> list[str]:
    """Why a legal card is in `fmt`'s card pool that day: the database's legality, or the
    printing (set, rarity) whose window covers the day on the platform."""
    from .card_pool import Verdict, standing, verdict_on
    from ...rules.not_in_pool import legalities_snapshot, pool_of

    card = catalog.get(name)
    spec = fmt.option("card_pool")
    if card is None or not spec:
        return []
    pool = pool_of(fmt)
    found = standing(card, catalog.printings_of(card), pool, availability=catalog.availability, platform=platform,
                     snapshot=legalities_snapshot(fmt, catalog))
    decision = verdict_on(card, found, pool, day)
    if decision.verdict is not Verdict.IN:
        return []
    if decision.how == "legality":
        return [f"in the card pool: the card database of {catalog.legalities_date} lists it {found.status} "
                f"in {pool.legality}"]
    if decision.window is None:
        return [f"in the card pool since {found.in_from}"] if found.in_from else []
    window, info = decision.window, catalog.availability.sets.get(decision.window.printing.set)
    label = info.name if info is not None and info.name else window.printing.set.upper()
    rarity = f" at {window.printing.rarity}" if window.printing.rarity else ""
    until = f" until {window.end.isoformat()}" if window.end else ""
    return [f"in the card pool: printed in {label} ({window.printing.set}){rarity}, in {fmt.name} on {platform} "
            f"from {window.start.isoformat()}{until}"]


def text(catalog: MtgCatalog, card: Card) -> str:
    lines = [card.name]
    if len(card.face_names) > 1:
        lines.append(f"  faces:      {' | '.join(card.face_names)} ({card.layout})")
    lines.append(f"  type:       {card.type_line}")
    if card.mana_cost or card.mana_value is not None:
        value = f" (mana value {card.mana_value:g})" if card.mana_value is not None else ""
        lines.append(f"  mana:       {card.mana_cost or '-'}{value}")
    lines.append(f"  colours:    {''.join(card.colors) or 'colourless'}; identity {''.join(card.color_identity) or 'colourless'}")
    limit = card.deck_limit
    copies = "any number (basic land)" if card.is_basic else {None: "the format's limit", "any": "any number"}.get(limit, f"up to {limit}")
    lines.append(f"  copies:     {copies}")
    for number, line in enumerate(card.oracle_text.splitlines()):
        lines.append(f"  {'text:' if number == 0 else '':<11} {line}")
    if card.legalities is not None:
        legal = [fmt for fmt, status in sorted(card.legalities.items()) if status != "not_legal"]
        shown = ", ".join(f"{fmt} {card.legalities[fmt]}" if card.legalities[fmt] != "legal" else fmt for fmt in legal)
        lines.append(f"  legal in:   {shown or 'no format'}")
    printings = catalog.printings_of(card)
    if printings:
        sets = ", ".join(dict.fromkeys(f"{p.set}{f' ({p.rarity})' if p.rarity else ''}" for p in printings[:12]))
        more = f" and {len(printings) - 12} more" if len(printings) > 12 else ""
        lines.append(f"  printings:  {sets}{more}")
    from ...report.style import fitted_text

    # Rules text and printings run long: each broken between words under its column, to
    # fit an 80-column terminal (the legality lines after them are messages, kept whole).
    return fitted_text("\n".join(lines)) + "\n"
