"""Each game's outcome of a Monte Carlo run, as the influence of every estimate on it.

A run kept with `per_game` records per game the step that kept the hand (so its size and
mulligans), the lands in it, the events that held and the copies seen of asked-for cards.
An estimate's influence is each game's deviation from the estimate (the mean): what an
assertion's expression combines game by game for its standard error (assertions.py).
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from ..limits import MAX_HAND_SIZE
from .mulligan import Step
from .outcome import Influence, game_slices


def game_columns(
    games: int, events: Sequence[str], cards: Mapping[int, Collection[int]], max_draws: int, budget: int | None,
) -> dict[str, Any]:
    """Empty per-game columns of a run of `games` games: the step that kept the hand, its
    lands, each event (by key) and the copies seen of each card after the draws it maps
    to ({draws: games}; not after every draw: 102 bytes a game a card to turn 50 made 2 GB
    for twenty cards at a million games). Events and copies seen past `budget` bytes
    (None: no bound) get no column: those estimates have no influence."""
    import numpy as np

    columns: dict[str, Any] = {"step": np.zeros(games, dtype=np.int8), "lands": np.zeros(games, dtype=np.int8)}
    left = budget

    def room(dtype: Any) -> bool:
        nonlocal left
        cost = games * np.dtype(dtype).itemsize
        if left is not None and cost > left:
            return False
        left = None if left is None else left - cost
        return True

    columns.update({"event:" + key: np.zeros(games, dtype=bool) for key in events if room(bool)})
    # Copies seen are at most the cards seen, the kept hand and the draws: a byte holds them
    # (at most 71 within the limits), where two bytes took 14 a game for six `p_by_turn`.
    seen = np.int8 if MAX_HAND_SIZE + max_draws <= np.iinfo(np.int8).max else np.int16
    columns.update({
        f"seen:{card}": {draws: np.zeros(games, dtype=seen) for draws in sorted(rows) if draws <= max_draws and room(seen)}
        for card, rows in cards.items()
    })
    return columns


class GameOutcomes:
    """Each game's outcome (a `per_game` run) as the influence of every estimate on it:
    a game's deviation from the mean, worked out a slice of the games at a time when an
    assertion asks."""

    def __init__(self, games: dict[str, Any], steps: Sequence[Step]):
        self.games = games
        self.steps = steps

    def _column(self, name: str, games: slice) -> Any:
        import numpy as np

        if name in ("size", "mulligans"):
            by_step = np.array([step.keep if name == "size" else step.mulligans for step in self.steps], dtype=np.int16)
            return by_step[self.games["step"][games]]
        return self.games[name][games]

    def equal(self, name: str, value: int) -> Influence | None:
        if name not in ("size", "mulligans") and name not in self.games:
            return None  # an event past the run's budget of per-game values (limits.py)
        return self._deviation(lambda games: self._column(name, games) == value)

    def at_least(self, name: str, draws: int, value: int) -> Influence | None:
        """Copies seen after `draws` (kept for the draws asked for only: {draws: games})."""
        rows = self.games.get(name)
        if rows is None or draws not in rows:
            return None
        return self._deviation(lambda games: rows[draws][games] >= value)

    def mean(self, name: str) -> Influence:
        return self._deviation(lambda games: self._column(name, games))

    def _deviation(self, values: Callable[[slice], Any]) -> Influence:
        count = len(self.games["step"])
        mean: list[float] = []   # the mean of all games, summed slice by slice when first asked

        def part(games: slice) -> Any:
            if not mean:
                mean.append(sum(int(values(each).sum()) for each in game_slices(count)) / count if count else 0.0)
            return values(games).astype(float) - mean[0]

        return Influence(count, part)
