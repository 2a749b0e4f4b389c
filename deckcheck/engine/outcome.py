"""What a simulation produces, whichever mode computed it, and the hypergeometric helpers.

Probabilities are unconditional: `keep[6]` is the chance that the hand finally kept has
six cards, so `keep` sums to 1 over the sizes; `lands[n]` is the chance that the kept
hand holds n lands. `by_turn(card, draws, at_least)` is the chance of holding at least
`at_least` copies of a card among the kept hand and the next `draws` draws.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from math import comb
from typing import Any

from .mulligan import Step


# Games of one slice of an influence (below): a slice's floats are half a megabyte.
GAMES_AT_ONCE = 1 << 16


def game_slices(games: int) -> Iterator[slice]:
    """The games of a run, `GAMES_AT_ONCE` at a time."""
    return (slice(start, start + GAMES_AT_ONCE) for start in range(0, games, GAMES_AT_ONCE))


@dataclass(frozen=True)
class Influence:
    """Each of `games` games' influence on an estimate: its deviation from the mean
    (linearised for a ratio), `part(games)` giving those of a slice of the games as floats.

    Read a slice at a time: all at once, an estimate's influences were a float a game, and an
    expression's terms, their sum and its square one more each (an assertion of three terms
    held 25 bytes a game beside the few of the per-game values: 250 MB at 10,000,000 hands)."""

    games: int
    part: Callable[[slice], Any]

    def __neg__(self) -> Influence:
        part = self.part
        return Influence(self.games, lambda games: -part(games))

    def squares(self) -> float:
        """The sum of the games' influences squared."""
        squares = 0.0
        for games in game_slices(self.games):
            part = self.part(games)
            # Not `part @ part`: its BLAS threads spun on a busy machine (8 s of CPU for three
            # assertions at 3,000,000 hands, where this takes 0.2 s).
            squares += float((part * part).sum())
        return squares

    def standard_error(self) -> float:
        """The standard error of the mean whose influences these are."""
        return standard_error_of((self,))


def standard_error_of(influences: Sequence[Influence]) -> float:
    """The standard error of a mean over the games of all `influences`, one after another
    (independent games; a comparison's mix of two sides is one influence per game, the
    mean of its play's and its draw's: compare._ratio)."""
    from math import sqrt

    games = sum(influence.games for influence in influences)
    return sqrt(sum(influence.squares() for influence in influences) / games / games) if games else 0.0


def linear(terms: Sequence[tuple[float, Influence]]) -> Influence:
    """The influence of a weighted sum of estimates of the same games: sum(slope x influence)."""
    def part(games: slice) -> Any:
        return sum(slope * influence.part(games) for slope, influence in terms)

    return Influence(terms[0][1].games, part)


@dataclass(frozen=True)
class Estimate:
    """A probability or mean; `se` is its standard error (None when exact).

    In Monte Carlo mode `influence`, when given, gives each game's influence on the value,
    worked out only when asked: an expression of several estimates that share games takes
    its standard error from these (`Influence.standard_error`), because such estimates are
    correlated."""

    value: float
    se: float | None = None
    influence: Influence | None = field(default=None, compare=False, repr=False)


@dataclass
class Outcome:
    mode: str                              # "exact" | "monte-carlo"
    steps: tuple[Step, ...]
    keep: dict[int, Estimate]              # kept hand size -> probability
    mulligans: dict[int, Estimate]         # number of mulligans taken -> probability
    expected_hand_size: Estimate
    lands: dict[int, Estimate]             # lands in the kept hand -> probability
    expected_lands: Estimate
    by_turn: Callable[[int, int, int], Estimate]  # (profile card index, draws, at least) -> P
    hands: int | None = None
    seed: int | None = None
    notes: list[str] = field(default_factory=list)
    events: dict[str, Estimate] = field(default_factory=dict)   # by-turn events, by key
    per_game: dict[str, Any] = field(default_factory=dict)      # Monte Carlo per-game outcomes (--compare)

    @property
    def mulligan(self) -> Estimate:
        """Probability of taking at least one mulligan."""
        first = self.mulligans.get(0, Estimate(0.0, 0.0 if self.hands else None))
        influence = first.influence
        return Estimate(1.0 - first.value, first.se, -influence if influence is not None else None)


@lru_cache(maxsize=65536)
def hypergeom_pmf(population: int, successes: int, draws: int, hits: int) -> float:
    """P(exactly `hits` successes in `draws` cards from `population` holding `successes`)."""
    if successes < 0 or successes > population or hits < 0 or hits > successes or hits > draws or draws - hits > population - successes or draws > population:
        return 0.0
    return comb(successes, hits) * comb(population - successes, draws - hits) / comb(population, draws)


@lru_cache(maxsize=65536)
def hypergeom_at_least(population: int, successes: int, draws: int, needed: int) -> float:
    """P(at least `needed` successes in `draws` cards)."""
    if successes < 0 or successes > population:
        return 0.0  # an impossible state (some callers fill whole tables); never weighted
    if needed <= 0:
        return 1.0
    draws = min(draws, population)
    if needed > min(successes, draws):
        return 0.0
    hits = sum(comb(successes, k) * comb(population - successes, draws - k) for k in range(needed, min(successes, draws) + 1))
    return hits / comb(population, draws)


def draws_by_turn(turn: int, side: str, first_player_draws: bool) -> int:
    """Cards drawn after the opening hand by turn `turn` (the player on the play skips
    the first draw unless the format says the first player draws)."""
    if side == "draw":
        return turn
    return turn - 1 + (1 if first_player_draws else 0)
