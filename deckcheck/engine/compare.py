"""`--compare`: one deck under several policies, side by side (docs/engine.md, "Comparing").

Each policy gives rows for the play, the draw and a 50/50 mix of both (the average of the
two). Columns: keep 7 (the full hand), a mulligan, the expected hand size and lands, a land
drop on every turn 1..T (the lands' two: in a game with lands), and for each `--cast` spell
its castability and Karsten's measure.

Exact wherever each policy is; otherwise Monte Carlo with common random numbers: every
policy sees the same shuffled cards at each mulligan step of each game, so the difference
to the first policy comes from the decisions alone, and its standard error is computed
from the paired per-game outcomes (ratios by linearisation), much tighter than two
independent runs would give.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import OptionError
from ..names import card_key
from .outcome import Estimate, standard_error
from .simulation import SIDES, Simulation, simulate

MIX = "mix"
ROW_SIDES = (*SIDES, MIX)


@dataclass
class Row:
    policy: str
    side: str
    values: dict[str, Estimate] = field(default_factory=dict)
    differences: dict[str, Estimate] = field(default_factory=dict)   # minus the first policy's (Monte Carlo)


@dataclass
class Comparison:
    deck: str
    format: str
    mode: str
    hands: int | None
    seed: int | None
    columns: list[str]
    rows: list[Row]
    warnings: list[str]

    def to_dict(self) -> dict[str, Any]:
        exact = self.mode == "exact"
        rows = []
        for row in self.rows:
            entry: dict[str, Any] = {"policy": row.policy, "on": row.side, "values": {k: v.value for k, v in row.values.items()}}
            if not exact:
                entry["standard_errors"] = {k: v.se for k, v in row.values.items()}
                entry["difference_to_first"] = {k: {"value": d.value, "se": d.se} for k, d in row.differences.items()}
            rows.append(entry)
        return {
            "deckcheck": "1", "deck": self.deck, "format": self.format, "mode": self.mode, "hands": self.hands,
            "seed": self.seed, "columns": self.columns, "compare": rows, "warnings": self.warnings,
        }


# Per-game metric: (per-game numerator, per-game denominator or None) for Monte Carlo pairs.
PerGame = tuple[Any, Any | None]


def compare(deck: Any, fmt: Any, policies: Sequence[str | Path], *, turns: int, cast: Sequence[str] = (), **options: Any) -> Comparison:
    """Simulate `deck` under each policy file and tabulate the results. A format without
    mulligans keeps every opening hand whatever the policy: there is nothing to compare
    (OptionError, before any simulation)."""
    from ..formats import Format, load

    fmt = fmt if isinstance(fmt, Format) else load(fmt)
    if not fmt.opening_hand.has_mulligans:
        # Every policy's row would be the same numbers (keep7 100%, mulligan 0%): a table of
        # constants read as policies that do equally well.
        raise OptionError(
            "compare", f"has nothing to compare in {fmt.id}: the format has no mulligans (mulligan: none), so every "
            "opening hand is kept and every keep policy gives the same numbers; simulate the deck with one of them "
            "({0}) to see its cards by turn", also=("policy_file",),
        )
    runs = [
        simulate(deck, fmt, policy_file=policy, turns=turns, cast=cast, common_random=True, land_drop_turns=turns, **options)
        for policy in policies
    ]
    for side in SIDES:
        reached = runs[0].turns_on(side)
        if turns not in reached:
            # The table mixes both sides: each must last to the last turn.
            raise OptionError(
                "compare", f"shows both sides to turn {turns}, but the deck lasts to turn {len(reached)} on the {side}; "
                "lower {0}", also=("turns",),
            )
    exact = all(run.outcome.mode == "exact" for run in runs)
    # A redraw of the same size (WoW TCG) keeps a full hand under every policy: only how
    # often the policies redraw differs, so the hand-size columns, constants, are left out.
    columns = ["mulligan"] if fmt.opening_hand.keeps_its_size else ["keep7", "mulligan", "expected_hand_size"]
    if runs[0].has_lands:  # a game without lands (Yu-Gi-Oh!, WoW TCG) has no land columns, as simulate's report
        columns += ["expected_lands", f"land_drops({turns})"]
    for name in dict.fromkeys(cast):
        shown = runs[0].castable[card_key(name)].question.name
        columns += [f"castable({shown})", f"castable_given_land_drops({shown})"]
    rows: list[Row] = []
    first_games: dict[tuple[str, str], PerGame] = {}
    for policy, run in zip(policies, runs):
        games = {} if exact else _per_game(run, turns, cast)
        for side in ROW_SIDES:
            values = _values(run, side, turns, cast)
            row = Row(policy=str(policy), side=side, values={column: values[column] for column in columns})
            for column in columns:
                pair = games.get((column, side))
                if pair is None:
                    continue
                if not first_games or (column, side) not in first_games:
                    first_games[(column, side)] = pair
                    row.values[column] = _estimate(pair)
                else:
                    row.values[column] = _estimate(pair)
                    row.differences[column] = _difference(pair, first_games[(column, side)])
            rows.append(row)
    warnings = list(dict.fromkeys(w for run in runs for w in run.warnings))
    if fmt.opening_hand.keeps_its_size:
        warnings.append(f"{fmt.id} redraws a hand of the same size: every policy keeps {fmt.opening_hand.size} cards, "
                        "so the policies differ only in how often they redraw (mulligan)")
    first = runs[0].outcome
    return Comparison(
        deck=runs[0].deck.source, format=runs[0].fmt.id, mode="exact" if exact else "monte-carlo",
        hands=None if exact else first.hands, seed=None if exact else first.seed, columns=columns, rows=rows, warnings=warnings,
    )


def _mixed(play: Estimate, draw: Estimate) -> Estimate:
    se = None if play.se is None else (play.se + (draw.se or 0.0)) / 2
    return Estimate((play.value + draw.value) / 2, se)


def _values(run: Simulation, side: str, turns: int, cast: Sequence[str]) -> dict[str, Estimate]:
    """Each column's value for one side (the mix averages the two sides)."""
    outcome = run.outcome
    if side == MIX:
        play, draw = _values(run, "play", turns, cast), _values(run, "draw", turns, cast)
        mixed = {key: _mixed(play[key], draw[key]) for key in play}
        for name in dict.fromkeys(cast):
            # Karsten's measure for a random side: P(castable) / P(land drops), both mixed.
            answer = run.castable[card_key(name)]
            lands = [p.value / given.value if given.value else 0.0 for p, given in answer.sides.values()]
            key = f"castable_given_land_drops({answer.question.name})"
            p_mixed = mixed[f"castable({answer.question.name})"].value
            mixed[key] = Estimate(p_mixed / (sum(lands) / 2) if sum(lands) else 0.0, mixed[key].se)
        return mixed
    values = {
        "keep7": outcome.keep.get(run.fmt.opening_hand.size, Estimate(0.0)),
        "mulligan": outcome.mulligan,
        "expected_hand_size": outcome.expected_hand_size,
        "expected_lands": outcome.expected_lands,
        f"land_drops({turns})": outcome.events[f"land_drops({turns})|{run.draws(turns, side)}"],
    }
    for name in dict.fromkeys(cast):
        answer = run.castable[card_key(name)]
        p, given = answer.sides[side]
        values[f"castable({answer.question.name})"] = p
        values[f"castable_given_land_drops({answer.question.name})"] = given
    return values


def _per_game(run: Simulation, turns: int, cast: Sequence[str]) -> dict[tuple[str, str], PerGame]:
    """Per-game outcomes of a Monte Carlo run, for paired differences."""
    import numpy as np

    games = run.outcome.per_game
    if not games:
        return {}
    size = np.array([step.keep for step in run.steps])[games["step"]]
    mulligans = np.array([step.mulligans for step in run.steps])[games["step"]]
    common = {
        "keep7": ((size == run.fmt.opening_hand.size).astype(float), None),
        "mulligan": ((mulligans > 0).astype(float), None),
        "expected_hand_size": (size.astype(float), None),
        "expected_lands": (games["lands"].astype(float), None),
    }
    out: dict[tuple[str, str], PerGame] = {}
    for side in SIDES:
        for key, pair in common.items():
            out[(key, side)] = pair
        drops = games[f"event:land_drops({turns})|{run.draws(turns, side)}"].astype(float)
        out[(f"land_drops({turns})", side)] = (drops, None)
        for name in dict.fromkeys(cast):
            answer = run.castable[card_key(name)]
            if not answer.per_game:
                continue
            castable = answer.per_game[f"cast:{side}"].astype(float)
            lands = answer.per_game[f"lands:{side}"].astype(float)
            out[(f"castable({answer.question.name})", side)] = (castable, None)
            out[(f"castable_given_land_drops({answer.question.name})", side)] = (castable, lands)
    for key in {column for column, _ in out}:
        play, draw = out[(key, "play")], out[(key, "draw")]
        out[(key, MIX)] = _mix_pair(play, draw)
    return out


def _mix_pair(play: PerGame, draw: PerGame) -> PerGame:
    if play[1] is None:
        return (play[0] + draw[0]) / 2, None
    # The mix of two ratios: each game is played once on each side, half the weight each.
    return _stack(play[0], draw[0]), _stack(play[1], draw[1])


def _stack(a: Any, b: Any) -> Any:
    import numpy as np

    return np.concatenate([a, b])


def _ratio(pair: PerGame) -> tuple[float, Any]:
    """The value and each game's influence on it (linearised for a ratio)."""
    numerator, denominator = pair
    if denominator is None:
        return float(numerator.mean()), numerator - numerator.mean()
    mean_denominator = float(denominator.mean())
    if mean_denominator == 0:
        return 0.0, numerator * 0
    value = float(numerator.mean()) / mean_denominator
    return value, (numerator - value * denominator) / mean_denominator


def _estimate(pair: PerGame) -> Estimate:
    value, influence = _ratio(pair)
    return Estimate(value, standard_error(influence))


def _difference(pair: PerGame, first: PerGame) -> Estimate:
    value, influence = _ratio(pair)
    base, base_influence = _ratio(first)
    return Estimate(value - base, standard_error(influence - base_influence))

