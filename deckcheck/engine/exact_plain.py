"""Exact mode's enumeration in plain Python, for the small schedules most runs ask about.

Importing numpy takes longer than enumerating a typical deck's hands (a few categories,
a few hundred compositions), so a run that fits here never imports it for the keep,
mulligan and land odds. It follows exact.py's numpy enumeration step for step: the same
compositions in the same order, the same products for their probabilities, the same
preference order for London bottoms and numpy's own pairwise summation (pairwise.py).
The floats are therefore the ones the numpy path gives, digit for digit
(tests/test_exact_plain.py runs both). By-turn odds still use numpy (exact.py turns
these states into arrays when one is asked for).

Not here, numpy's enumeration does it: bottoming rules (their keys are floats compared
the numpy way), --cast questions (their mana keys), and enumerations above
`PLAIN_WORK_LIMIT` candidate pairs, where numpy's vectorised loops win.
"""
from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import Any

from .categories import Atoms
from .compositions import composition_rows, enumeration_work
from .mulligan import Step, preference_keys
from .pairwise import numpy_sum
from .policy import HandView, evaluate

# Candidate pairs (see exact.enumeration_work) up to which plain Python is quicker than
# importing numpy (~60 ms) and enumerating with it: about 1 µs a pair here.
PLAIN_WORK_LIMIT = 20_000

Row = tuple[int, ...]


def suits(steps: Sequence[Step], atoms: Atoms) -> bool:
    """Whether the plain enumeration can take this schedule, and quickly."""
    return can_take(steps, atoms) and enumeration_work(steps, atoms) <= PLAIN_WORK_LIMIT


def can_take(steps: Sequence[Step], atoms: Atoms) -> bool:
    """Whether the plain enumeration gives this schedule's floats (whatever its size)."""
    return not atoms.mana and not any(step.prefer.rules for step in steps)


class RowView(HandView):
    """One hand given as its counts per category (`evaluate` then works on numbers)."""

    one_hand = True
    shape = ()

    def __init__(self, row: Row, atoms: Atoms, size: int):
        self.row = row
        self.atoms = atoms
        self.size = size

    def category(self, name: str) -> int:
        if name == "cards":
            return self.size
        return sum(self.row[atom] for atom in self.atoms.atoms_of(name))

    # No distinct(): exact mode takes only count-based policies (simulation._choose_mode).


class KeptRows:
    """The kept states of one step as Python rows: exact.KeptStates' plain counterpart
    (`total`, `lands_by_count`, `as_arrays`)."""

    def __init__(self, step: Step, drawn: list[Row], kept: list[Row], probability: list[float], size: int):
        self.step = step
        self.drawn = drawn
        self.kept = kept
        self.probability = probability
        self.size = size

    def total(self) -> float:
        return numpy_sum(self.probability)

    def lands_by_count(self, atoms: Atoms) -> list[tuple[int, float]]:
        # numpy groups with bincount: each count's probabilities added in row order, from 0.
        by_count: dict[int, float] = {}
        for row, p in zip(self.kept, self.probability):
            lands = sum(count for count, is_land in zip(row, atoms.land) if is_land)
            by_count[lands] = by_count.get(lands, 0.0) + p
        return sorted(by_count.items())

    def as_arrays(self) -> tuple[Any, Any, Any]:
        """(drawn, kept, probability) as exact.KeptStates holds them, for by-turn odds."""
        import numpy as np

        def table(rows: list[Row]) -> Any:
            return np.array(rows, dtype=np.int64).reshape(len(rows), self.size)

        return table(self.drawn), table(self.kept), np.array(self.probability, dtype=float)


def kept_states(step: Step, atoms: Atoms, deck_size: int, deck_lands: int, reach: float) -> KeptRows:
    """exact._kept_states in plain Python: the hands kept at `step`, reached with
    probability `reach`."""
    drawn = composition_rows(step.draw, atoms.copies)
    probability = _probabilities(drawn, atoms.copies, deck_size, step.draw)
    kept_of = _kept_of(step, drawn, atoms, deck_size, deck_lands)
    rows, kept, weights = [], [], []
    for row, chosen, p in zip(drawn, kept_of, probability):
        if chosen is not None:
            rows.append(row)
            kept.append(chosen)
            weights.append(reach * p)
    return KeptRows(step, rows, kept, weights, atoms.size)


def _probabilities(rows: list[Row], copies: Sequence[int], deck_size: int, draw: int) -> list[float]:
    """exact.composition_probabilities: the product of C(n_a, x_a) over the categories, in
    their order, over C(N, draw)."""
    tables = [[float(comb(n, k)) for k in range(draw + 1)] for n in copies]
    hands = float(comb(deck_size, draw))
    found = []
    for row in rows:
        probability = 1.0
        for table, count in zip(tables, row):
            probability *= table[count]
        found.append(probability / hands)
    return found


def _holds(step: Step, row: Row, atoms: Atoms) -> bool:
    return step.rule is None or bool(evaluate(step.rule.node, RowView(row, atoms, step.keep)))


def _kept_of(step: Step, drawn: list[Row], atoms: Atoms, deck_size: int, deck_lands: int) -> list[Row | None]:
    """exact.choose_kept: for each drawn row, the kept row (None: the hand is not kept).
    London: of the sub-compositions of the kept size that satisfy the rule, the first in
    the strategy's preference order."""
    if step.bottom == 0:
        return [row if _holds(step, row, atoms) else None for row in drawn]
    candidates = composition_rows(step.keep, atoms.copies)
    keys = [
        tuple(preference_keys(step, RowView(row, atoms, step.keep), row, atoms, deck_size, deck_lands))
        for row in candidates
    ]
    # numpy's lexsort is stable, as sorted() is: equal keys keep the candidates' order.
    order = sorted(range(len(candidates)), key=keys.__getitem__)
    rank = {candidates[index]: position for position, index in enumerate(order) if _holds(step, candidates[index], atoms)}
    bottoms = composition_rows(step.bottom, [step.bottom] * atoms.size)
    found: list[Row | None] = []
    for row in drawn:
        best, best_rank = None, len(candidates)
        if len(bottoms) <= len(rank):
            for bottom in bottoms:
                kept = tuple(have - put for have, put in zip(row, bottom))
                position = rank.get(kept)
                if position is not None and position < best_rank:
                    best, best_rank = kept, position
        else:
            for kept, position in rank.items():
                if position < best_rank and all(want <= have for want, have in zip(kept, row)):
                    best, best_rank = kept, position
        found.append(best)
    return found
