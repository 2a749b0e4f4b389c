"""Oathbreaker's signature spells, checked by the `commander` rule: each oathbreaker brings
exactly one instant or sorcery to the command zone, within that oathbreaker's own color
identity (docs/commander.md). With two oathbreakers (partners), the deck's identity is
both of theirs, but each spell still belongs to one of them: Will Kenrith (blue) and Rowan
Kenrith (red) cannot bring two red spells.
"""
from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations

from ..model import COMMANDER
from ..problem import Problem
from ._command_zone import CommandZone, identity_text
from ..wording import card_names, counted, names_listed

# How the problem of an oathbreaker without its spell begins: `cards lookup` checks a
# planeswalker alone in the command zone, where that problem says nothing of the card.
NO_SPELL = "no signature spell"

def signature_spell_problems(zone: CommandZone, rule: str) -> Iterator[Problem]:
    """The problems of the command zone's signature spells (rule id `rule`)."""
    wanted, spells = len(zone.commanders), zone.spells
    count = sum(entry.count for entry, _ in spells)
    if count != wanted and wanted:
        # None at all is said so ("no signature spell for 1 oathbreaker"), not "0 ... (none)".
        given = f"{counted(count, 'signature spell')} ({names_listed(entry.name for entry, _ in spells)})" if spells \
            else NO_SPELL
        # On the first spell's line, or with none on the first oathbreaker's: a line to
        # annotate (GitHub, SARIF), not the whole file.
        first = spells[0][0] if spells else zone.commanders[0][0]
        yield Problem(rule=rule, zone=COMMANDER, line=first.line, count=count, limit=wanted,
                      message=f"{given} for {counted(wanted, 'oathbreaker')} "
                              f"({zone.names()}); each oathbreaker has exactly one instant or sorcery "
                              f"as its signature spell in the command zone")
        return
    if wanted < 2 or not zone.known or any(card is None for _, card in spells):
        return  # one oathbreaker: the color-identity rule checks its spell against it
    if not _each_has_its_own(zone):
        shown = ", ".join(f"{name} ({identity_text(card.color_identity)})"
                          for name, (_, card) in zip(card_names(entry.name for entry, _ in spells), spells))
        leaders = ", ".join(f"{name} ({identity_text(card.color_identity)})"
                            for name, (_, card) in zip(card_names(entry.name for entry, _ in zone.commanders), zone.commanders))
        yield Problem(rule=rule, zone=COMMANDER, line=spells[-1][0].line, card=spells[-1][0].name, count=count,
                      limit=wanted,
                      message=f"the signature spells {shown} can't be one for each oathbreaker, {leaders}: each "
                              f"spell must be within its own oathbreaker's color identity")


def _each_has_its_own(zone: CommandZone) -> bool:
    """Some way of giving each oathbreaker one of the spells fits every spell to its oathbreaker."""
    leaders = [frozenset(card.color_identity) for _, card in zone.commanders]
    spells = [frozenset(card.color_identity) for _, card in zone.spells]
    return any(all(spell <= leader for spell, leader in zip(order, leaders)) for order in permutations(spells))
