"""A readable description of a merged format, for `deckcheck formats show`."""
from __future__ import annotations

import datetime as dt

from . import Format
from ..registered_pools import pool_settings


def describe(fmt: Format, day: dt.date) -> str:
    lines = [f"{fmt.name} ({fmt.id}, game {fmt.game})", f"  file: {fmt.path}"]
    if len(fmt.chain) > 1:
        lines.append(f"  extends: {' -> '.join(fmt.chain[1:])}")
    description = fmt.option("description")
    if description:
        lines.append(f"  {description}")
    lines.append("deck:")
    for zone, size in fmt.zones.items():
        lines.append(f"  {zone}: {size.describe()}")
    if fmt.copy_limit:
        limit = fmt.copy_limit
        lines.append(f"copies: at most {limit.default} of a card over {' + '.join(limit.zones)}")
        if limit.exempt_basic_lands and fmt.basic_lands:
            lines.append(f"  basic lands exempt: {', '.join(sorted(fmt.option('basic_lands') or []))}")
        for name, value in (fmt.option("copy_limit") or {}).get("per_card", {}).items():
            lines.append(f"  {name}: {'any number' if value == 'any' else value}")
    else:
        lines.append("copies: no limit")
    for title, entries in (
        ("banned", fmt.banned_on(day)),
        ("restricted", fmt.restricted_on(day)),
        ("card limits", fmt.card_limits_on(day)),
    ):
        if not entries and title == "card limits":
            continue
        lines.append(f"{title} on {day.isoformat()} ({len(entries)}):")
        for entry in sorted(entries.values(), key=lambda e: e.card.casefold()):
            since = f"  (since {entry.since.isoformat()})" if entry.since else ""
            limit = f" [{entry.limit}]" if title == "card limits" else ""
            lines.append(f"  {entry.card}{limit}{since}")
    extra_types = fmt.option("extra_deck_types")
    if extra_types:
        lines.append(f"extra deck: only {', '.join(extra_types)} monsters, and those only there")
    banned_types = fmt.option("banned_types")
    if banned_types:
        lines.append(f"card types not allowed: {', '.join(banned_types)}")
    if fmt.option("points") is not None:
        points = fmt.option("points") or {}
        lines.append(f"points: at most {fmt.option('max_points', 100)} over all zones ({len(points)} cards with points)")
        for name, value in sorted(points.items(), key=lambda item: (-item[1], str(item[0]))):
            lines.append(f"  {name}: {value}")
    if fmt.option("whitelist"):
        lines.append("whitelist: only the cards on the card limits list may be played")
    hero = fmt.option("hero")
    if hero:
        lines.append(f"hero: exactly {hero.get('count', 1)} ({', '.join(hero.get('types') or ['any card'])}), not part of the deck")
    if fmt.option("class_faction"):
        lines.append("class/faction: cards share a trait icon with the hero; Hero Required cards need the trait")
    pool = fmt.option("card_pool")
    if pool:
        lines.append(f"card pool: {pool}")
    team = fmt.option("team")
    if team:
        lines.append(f"team: {team}")
    registered = fmt.option("pool")
    if registered is not None:
        settings = pool_settings(fmt)
        free = ", ".join(settings.free_names) or "nothing"
        lines.append(f"registered pool (--pool): {' + '.join(settings.zones)} from the pool; organiser provides {free}")
        if settings.shared_by_team:
            lines.append("  a team registers one pool: each card of it goes to one member's deck")
        if settings.shared_sideboard:
            lines.append("  the cards the team's main decks leave are the team's shared sideboard")
    hand = fmt.opening_hand
    lines.append(
        f"opening hand: {hand.size} cards, {hand.mulligan} mulligan"
        + (", free first mulligan" if hand.free_mulligan else "")
        + (", first player draws" if hand.first_player_draws else ", first player skips the first draw")
    )
    return "\n".join(lines) + "\n"
