"""The sum of floats exactly as numpy's `ndarray.sum()` adds them up, in plain Python.

numpy sums a contiguous float64 array pairwise: below 8 values one after another, up to
128 values in eight running sums combined as a tree, above that the two halves (the
first a multiple of 8 long) summed apart and added. Exact mode's plain-Python
enumeration (exact_plain.py) adds its probabilities this way so its reports carry the
very digits the numpy enumeration gives (tests/test_exact_plain.py checks it against
numpy).
"""
from __future__ import annotations

from collections.abc import Sequence

_BLOCK = 128
_LANES = 8


def numpy_sum(values: Sequence[float]) -> float:
    """`float(numpy.array(values).sum())` without numpy."""
    return 0.0 + _pairwise(values, 0, len(values))


def _pairwise(values: Sequence[float], start: int, count: int) -> float:
    if count < _LANES:
        total = -0.0
        for index in range(start, start + count):
            total += values[index]
        return total
    if count <= _BLOCK:
        lanes = list(values[start : start + _LANES])
        whole = start + count - count % _LANES
        for block in range(start + _LANES, whole, _LANES):
            for lane in range(_LANES):
                lanes[lane] += values[block + lane]
        total = ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) + ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]))
        for index in range(whole, start + count):
            total += values[index]
        return total
    half = count // 2
    half -= half % _LANES
    return _pairwise(values, start, half) + _pairwise(values, start + half, count - half)
