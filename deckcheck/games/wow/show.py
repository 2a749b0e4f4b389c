"""A WoW TCG card as `deckcheck cards lookup` shows it: every distinct printing's type (a
token printing called one), faction, class icons, tags, a Talent's talent, hero requirements
and a hero's own "Deckbuilding:" text, and whether any number may be played. The JSON keeps
the Hero Required clauses as printed; the text leaves out an older Talent's, which reads as
its talent."""
from __future__ import annotations

from typing import Any

from .cards import WowCard, WowProfile
from .catalog import WowCatalog


def find(catalog: WowCatalog, query: str) -> WowCard | None:
    return catalog.get(query)


def facts(catalog: WowCatalog, card: WowCard) -> dict[str, Any]:
    return {
        "name": card.name, "deck_limit": card.deck_limit,
        "printings": [
            {"type": p.type, "faction": p.faction, "icons": sorted(p.icons), "tags": sorted(p.tags),
             "hero_required": [sorted(group) for group in p.requires], "hero_traits": sorted(p.traits),
             **({"deckbuilding": p.deckbuilding} if p.deckbuilding else {})}
            for p in card.profiles
        ],
    }


def text(catalog: WowCatalog, card: WowCard) -> str:
    lines = [card.name]
    if card.deck_limit:
        lines.append("  copies:     any number (Unlimited)")
    for number, p in enumerate(card.profiles, start=1):
        label = f"  version {number}:" if len(card.profiles) > 1 else "  card:"
        # A printing of the Tokens set is put into play by other cards and never part of a
        # deck: said so, lest it read as a version of the card any hero may play.
        kind = f"{p.type or '?'} token" if p.token else p.type or "?"
        lines.append(f"{label:<14}{kind}, {p.faction or 'no faction'}; icons: {p.describe_icons()}")
        if p.tags:
            lines.append(f"  {'':<12}tags: {', '.join(sorted(p.tags))}")
        if p.talent:
            lines.append(f"  {'':<12}talent: {_talent(p)}")
        if p.deck_requires:
            needed = (" or ".join(sorted(catalog.trait_name(key) for key in group)) for group in p.deck_requires)
            lines.append(f"  {'':<12}hero required: {' and '.join(needed)}")
        if p.traits:
            lines.append(f"  {'':<12}hero traits: {', '.join(sorted(p.traits))}")
        if p.deckbuilding:
            lines.append(f"  {'':<12}deckbuilding: {p.deckbuilding}")
    return "\n".join(lines) + "\n"


def _talent(profile: WowProfile) -> str:
    """A Talent's talent, and the Talents its text keeps out of the deck, or that its older
    "Hero Required" clause reads as the talent (War of the Elements FAQ 1.1): the clause
    is no trait the hero needs, and saying it would tell a judge the card is out."""
    if profile.talent_excludes:
        return f"{profile.talent}; keeps out {' and '.join(profile.talent_excludes)} Talents"
    if profile.deck_requires != profile.requires:
        return f"{profile.talent} (an older printing's \"{profile.talent} Hero Required\" reads as its talent)"
    return profile.talent
