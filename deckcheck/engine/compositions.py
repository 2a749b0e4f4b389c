"""Compositions of a hand: how many cards of each category it holds, listed and counted.

Both exact enumerations (exact.py with numpy, exact_plain.py in plain Python) walk these
in the same order, and size their work with `enumeration_work`.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .categories import Atoms
    from .mulligan import Step


def composition_rows(total: int, caps: Sequence[int]) -> list[tuple[int, ...]]:
    """Every vector x with sum `total` and 0 <= x[a] <= caps[a], as tuples in lexicographic
    order (exact.compositions makes them an array)."""
    rows: list[tuple[int, ...]] = []
    suffix = [0] * (len(caps) + 1)
    for index in range(len(caps) - 1, -1, -1):
        suffix[index] = suffix[index + 1] + caps[index]

    def extend(prefix: list[int], index: int, left: int) -> None:
        if index == len(caps) - 1:
            if left <= caps[index]:
                rows.append((*prefix, left))
            return
        low = max(0, left - suffix[index + 1])
        for value in range(low, min(caps[index], left) + 1):
            prefix.append(value)
            extend(prefix, index + 1, left - value)
            prefix.pop()

    if total <= suffix[0]:
        extend([], 0, total)
    return rows


@lru_cache(maxsize=4096)
def count_compositions(total: int, caps: tuple[int, ...]) -> int:
    ways = [1] + [0] * total
    for cap in caps:
        ways = [sum(ways[s - v] for v in range(0, min(cap, s) + 1)) for s in range(total + 1)]
    return ways[total]


def enumeration_work(steps: Sequence[Step], atoms: Atoms) -> int:
    """Candidate (hand, kept hand) pairs the enumeration examines over all steps."""
    caps = tuple(atoms.copies)
    work = 0
    for step in steps:
        drawn = count_compositions(step.draw, caps)
        if step.bottom:
            width = min(count_compositions(step.bottom, (step.bottom,) * atoms.size), count_compositions(step.keep, caps))
            work += drawn * width
        else:
            work += drawn
    return work
