"""The rule registry: `{rule.ID: module}`, run in this order.

Each rule module has a docstring (its user documentation), an `ID` from DESIGN.md's
stable list, and `check(deck, fmt, ctx)` yielding `Problem`s. Rules never read files or
print; a rule with nothing to check for a format (no key in the format file) yields nothing.
"""
from __future__ import annotations

from types import ModuleType

from . import (
    banned, card_limit, card_pool, card_type, class_faction, copy_limit, deck_size, extra_deck_size, extra_deck_type,
    hero, points, registered_pool, restricted, sideboard_size,
)

RULES: dict[str, ModuleType] = {
    module.ID: module
    for module in (
        deck_size, sideboard_size, extra_deck_size, hero, copy_limit, banned, restricted, card_limit, registered_pool, card_pool,
        extra_deck_type, card_type, points, class_faction,
    )
}

# Ids produced outside the rule modules (parsers, the card database, team checks).
OTHER_IDS = (
    "parse-error", "unknown-card", "team-copy-limit", "team-restricted",
    "registration", "team-registration",  # deckcheck batch: manifest rows and teams as registered
)


def get(rule_id: str) -> ModuleType:
    return RULES[rule_id]


def register(module: ModuleType) -> None:
    """Add a rule module (games and features add theirs at import)."""
    RULES[module.ID] = module
