"""Mulligan rules as a schedule of hands, and the choices a player makes along the way.

The format file's `opening_hand` gives the hand size H, the rule, a free first mulligan,
and whether the first player draws on turn one. Each rule becomes a list of steps
(`draw` cards seen, `keep` cards kept), tried in order until a hand is kept:

    london     draw H every time, put one card on the bottom per mulligan: keep H, H-1, ...
    paris      draw one card fewer per mulligan: H, H-1, ...
    vancouver  as paris, then scry 1 when the kept hand is smaller than H
    once       one redraw of H cards (World of Warcraft TCG); the redraw is kept
    none       the first hand is kept (Yu-Gi-Oh!)

A free first mulligan repeats the first size once (7, 7, 6, ...). A hand size without a
rule, a rule that always holds (`lands >= 0`, `true`), or a hand of 0 cards is kept as is.

Which cards go to the bottom (London). A hand of size k is kept when *some* choice of
cards to bottom leaves k cards that satisfy the rule for size k. Among the satisfying
choices the player keeps, in order of preference:

  1. the land count nearest k x (lands in deck / deck size) - the deck's land ratio;
     on a tie, more lands;
  2. more copies of the cards the policy names or tags;
  3. then a fixed order of the categories (lands, named cards, tagged cards, others),
     and between cards of the same category each is equally likely to be bottomed.

Scry 1 (Vancouver): the top card stays on top when it moves the hand toward the land
ratio - a land stays when the hand holds fewer lands than (k + 1) x land ratio, any
other card stays otherwise - and goes to the bottom when it does not.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..formats import OpeningHand
from .keep import KeepPolicy
from .policy import Rule


@dataclass(frozen=True)
class Step:
    mulligans: int        # mulligans taken before this hand
    draw: int             # cards drawn for this hand
    keep: int             # cards in the hand if kept
    rule: Rule | None     # None: this hand is kept whatever it holds
    scry: bool = False    # Vancouver: scry 1 after keeping

    @property
    def bottom(self) -> int:
        return self.draw - self.keep


def schedule(opening: OpeningHand, policy: KeepPolicy) -> tuple[Step, ...]:
    size = opening.size
    if opening.mulligan == "none":
        return (Step(0, size, size, None),)
    if opening.mulligan == "once":
        redraws = 2 if opening.free_mulligan else 1
        first = policy.rule_for(size)
        steps = [Step(0, size, size, _judged(first, size))]
        steps += [Step(n, size, size, _judged(first, size) if n < redraws else None) for n in range(1, redraws + 1)]
        return _until_kept(steps)
    steps = []
    mulligans = 0
    while True:
        penalty = mulligans - (1 if opening.free_mulligan and mulligans >= 1 else 0)
        keep = size - penalty
        draw = size if opening.mulligan == "london" else keep
        rule = _judged(policy.rule_for(keep), keep) if keep > 0 else None
        steps.append(Step(mulligans, draw, keep, rule, scry=opening.mulligan == "vancouver" and keep < size))
        if rule is None:
            return tuple(steps)
        mulligans += 1


def _judged(rule: Rule | None, size: int) -> Rule | None:
    """A rule that always holds keeps every hand: treat it as 'keep whatever'."""
    return None if rule is None or rule.always_holds(size) else rule


def _until_kept(steps: list[Step]) -> tuple[Step, ...]:
    for index, step in enumerate(steps):
        if step.rule is None:
            return tuple(steps[: index + 1])
    return tuple(steps)


def preference_keys(counts: Sequence[Any], land_atoms: Sequence[int], key_atoms: Sequence[int], size: int, deck_size: int, deck_lands: int) -> list[Any]:
    """Sort keys of candidate kept hands, smaller is preferred, compared in order.

    `counts[a]` holds, per candidate, the cards of category a it keeps (numpy arrays
    of one shape). Exact and Monte Carlo modes both choose with these keys, so they
    agree on which hand is kept.
    """
    lands = sum((counts[a] for a in land_atoms), start=0 * counts[0])
    keyed = sum((counts[a] for a in key_atoms), start=0 * counts[0])
    distance = abs(lands * deck_size - size * deck_lands)
    return [distance, -lands, -keyed, *(-count for count in counts)]


def scry_keeps_on_top(top_is_land: Any, hand_lands: Any, hand_size: int, deck_size: int, deck_lands: int) -> Any:
    """Vancouver scry 1: does the top card stay on top? (numpy-friendly)"""
    wants_land = hand_lands * deck_size < (hand_size + 1) * deck_lands
    return top_is_land == wants_land
