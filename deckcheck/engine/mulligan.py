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

Which cards go to the bottom (London), and what a Vancouver scry keeps on top: the
policy's strategies (bottoming.py; the default bottoms toward the deck's land ratio).
A free first mulligan judges its first hand with the policy's `keep.free` rule when it has
one.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..formats import OpeningHand
from .bottoming import DEFAULT_BOTTOMING, DEFAULT_SCRY, Bottoming, Scry
from .keep import KeepPolicy
from .policy import HandView, Rule


@dataclass(frozen=True)
class Step:
    mulligans: int        # mulligans taken before this hand
    draw: int             # cards drawn for this hand
    keep: int             # cards in the hand if kept
    rule: Rule | None     # None: this hand is kept whatever it holds
    scry: bool = False    # Vancouver: scry 1 after keeping
    prefer: Bottoming = DEFAULT_BOTTOMING
    scry_with: Scry = DEFAULT_SCRY

    @property
    def bottom(self) -> int:
        return self.draw - self.keep


def schedule(opening: OpeningHand, policy: KeepPolicy) -> tuple[Step, ...]:
    size = opening.size
    strategies = {"prefer": policy.bottoming, "scry_with": policy.scry}
    if not opening.has_mulligans:
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
        wanted = policy.free_rule if opening.free_mulligan and mulligans == 0 and policy.free_rule else policy.rule_for(keep)
        rule = _judged(wanted, keep) if keep > 0 else None
        steps.append(Step(mulligans, draw, keep, rule, scry=opening.mulligan == "vancouver" and keep < size, **strategies))
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


def preference_keys(step: Step, view: HandView, counts: Sequence[Any], atoms: Any, deck_size: int, deck_lands: int) -> list[Any]:
    """Sort keys of candidate kept hands, smaller is preferred, compared in order: the
    step's bottoming strategy, then (for a --cast question) the lands paying the spell
    (Atoms.color_keys), the cards the policy names or tags, and a fixed order of the
    categories.

    `counts[a]` holds, per candidate, the cards of category a it keeps (numpy arrays of
    one shape). Exact and Monte Carlo modes both choose with these keys, so they agree on
    which hand is kept.
    """
    zero = 0 * counts[0]
    lands = sum((counts[a] for a in range(atoms.size) if atoms.land[a]), start=zero)
    keyed = sum((counts[a] for a in range(atoms.size) if atoms.key[a]), start=zero)
    keys = step.prefer.keys(view, lands, step.keep, step.bottom, deck_size, deck_lands)
    keys += [-key for key in atoms.color_keys(counts)]
    return [*keys, -keyed, *(-count for count in counts)]
