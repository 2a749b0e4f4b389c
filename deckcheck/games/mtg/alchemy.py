"""What an Alchemy rebalanced card (`A-Luminarch Aspirant`, as MTG Arena exports it) is in
the format a deck is checked against.

The shared card data holds no Alchemy card, so such a name is an `unknown-card` problem
whose message names the original card (MtgCatalog.not_a_card). That general message says
where Arena plays them; in a format whose card pool is one of those Arena formats (Brawl,
formerly Historic Brawl: `legality: brawl`) the card is allowed on Arena, and in Standard
Brawl it never is, so there the message says what holds for the format itself:

- an Arena format that allows them, on Arena: a warning, the card went unchecked (a deck
  playing it is not illegal for it; its color identity and bans could not be checked, its
  copies still are);
- the same format elsewhere (the default platform is paper): an error naming MTG Arena as
  the one platform that allows it;
- an Arena format that never allows them (Standard Brawl): an error saying so.

Other formats keep the general message. The legality keys are Scryfall's format names (the
card pool's `legality:`), so a format file of one's own for these formats words it alike.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...cards.resolve import RULE as UNKNOWN_CARD
from ...model import COMMANDER
from ...problem import WARNING, Problem
from .availability import ARENA, PLATFORM_LABELS

# Scryfall legalities of the MTG Arena formats that play Alchemy rebalanced cards, and of
# one that does not (Arena's Standard Brawl plays the Standard cards as printed).
ALLOWS_ALCHEMY = frozenset({"alchemy", "historic", "brawl"})
REFUSES_ALCHEMY = frozenset({"standardbrawl"})


def in_format(
    problems: list[Problem], original_of: Callable[[str], Any], fmt: Any, platform: str, *,
    arena: str = "--platform arena",
) -> list[Problem]:
    """`problems` (a deck's `unknown-card` ones) with each Alchemy card's message, and
    severity, as `fmt` on `platform` has it; `original_of(name)` is the card an Alchemy
    name rebalances, or None for any other name. `arena`: how the message names the setting
    that makes the deck an Arena deck (a report's `--platform arena`; lookup_card's
    `platform='arena'`)."""
    legality = fmt.pool_option("legality")
    if legality not in ALLOWS_ALCHEMY and legality not in REFUSES_ALCHEMY:
        return problems
    worded = []
    for problem in problems:
        original = original_of(problem.card) if problem.rule == UNKNOWN_CARD and problem.card else None
        worded.append(problem if original is None else _worded(problem, original.name, legality, fmt.name, platform, arena))
    return worded


def _worded(problem: Problem, original: str, legality: str, format_name: str, platform: str, arena: str) -> Problem:
    name = problem.card
    if legality in REFUSES_ALCHEMY:
        return problem.replace(
            message=f"{name!r} is an Alchemy rebalanced card, which {format_name} does not allow (MTG Arena allows them "
                    f"in Alchemy, Historic and Brawl, formerly Historic Brawl); the original card is {original}",
        )
    if platform == ARENA:
        # Allowed: no "did you mean" (the card is spelled right), and not an error.
        details = {key: value for key, value in problem.details.items() if key != "suggestions"}
        # As the commander, what the card data would also have told is whether it may be one.
        unchecked = ("its color identity, its bans and whether it can be your commander were" if problem.zone == COMMANDER
                     else "its color identity and bans were")
        return problem.replace(
            severity=WARNING, details=details,
            message=f"{name!r} is an Alchemy rebalanced card, which {format_name} allows on MTG Arena; the card data "
                    f"does not hold it, so {unchecked} not checked; the original card is {original}",
        )
    return problem.replace(
        message=f"{name!r} is an Alchemy rebalanced card, which {format_name} allows on MTG Arena only, never on "
                f"{PLATFORM_LABELS.get(platform, platform)} (give {arena} for an Arena deck); "
                f"the original card is {original}",
    )
