"""The tests' one way to measure what a piece of work allocates at its peak."""
from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def traced_peak(work: Callable[[], T]) -> tuple[T, int]:
    """`work()`'s result and the most bytes Python held at once while it ran (tracemalloc,
    stopped again whatever happens)."""
    tracemalloc.start()
    try:
        result = work()
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
