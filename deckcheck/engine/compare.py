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

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import OptionError
from ..names import card_key, first_spellings
from .outcome import Estimate, Influence, game_slices, linear, standard_error_of
from .arguments import SIDES
from .simulation import Simulation, simulate

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
    # The play and the draw see the same cards (the first player draws too: multiplayer
    # Commander): the text shows one row a policy. Not in JSON, which keeps every side.
    sides_alike: bool = False

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


# Each game's value of a column of a Monte Carlo run, as floats, a slice of the games at a time.
Column = Callable[[slice], Any]


@dataclass(frozen=True)
class PerGame:
    """A column's per-game values, for paired differences: `blocks` of `games` games each,
    a (numerator, denominator or None) pair per block: one block, or for the mix of a
    ratio the play's and the draw's one after another (each game played once on each
    side, half the weight each). Read from the few bytes a game a run keeps, a slice at a
    time: built whole as floats (each column, each side's, their mix, the first policy's
    kept for the pairing), two policies took 220 bytes a game, 412 with a `--cast` spell
    (487 MB at --hands 2000000 without one)."""

    games: int
    blocks: tuple[tuple[Column, Column | None], ...]


def compare(deck: Any, fmt: Any, policies: Sequence[str | Path], *, turns: int, cast: Sequence[str] = (), **options: Any) -> Comparison:
    """Simulate `deck` under each policy file and tabulate the results. A format without
    mulligans keeps every opening hand whatever the policy: there is nothing to compare
    (OptionError, before any simulation)."""
    from ..formats import Format, given
    from ..games import sides_alike

    fmt = fmt if isinstance(fmt, Format) else given(fmt, "fmt")  # as simulate names its own
    # One spell once, as first spelt: `--cast "Lightning Helix" --cast "lightning helix"`
    # gave its two columns twice (review32f finding 8).
    cast = first_spellings(cast)
    if not fmt.opening_hand.has_mulligans:
        # Every policy's row would be the same numbers (keep7 100%, mulligan 0%): a table of
        # constants read as policies that do equally well.
        raise OptionError(
            "compare", f"has nothing to compare in {fmt.id}: the format has no mulligans (mulligan: none), so every "
            "opening hand is kept and every keep policy gives the same numbers; simulate the deck with one of them "
            "({0}) to see its cards by turn", also=("policy_file",),
        )
    def run(policy: str | Path, **mode: Any) -> Simulation:
        return simulate(deck, fmt, policy_file=policy, turns=turns, cast=cast, common_random=True,
                        land_drop_turns=turns, **{**options, **mode})

    runs = [run(policy) for policy in policies]
    if len({each.outcome.mode for each in runs}) > 1:
        # One policy needs Monte Carlo (distinct()), the others were exact: they are run
        # again on the same games, so every row has a standard error and a difference to
        # the first policy; a table of exact and sampled rows had neither (review32f finding 7).
        runs = [each if each.outcome.mode != "exact" else run(policy, mode="monte-carlo")
                for policy, each in zip(policies, runs)]
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
        sides_alike=sides_alike(fmt.game, fmt.opening_hand.first_player_draws),
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
    count, step = len(games["step"]), games["step"]
    size = np.array([each.keep for each in run.steps])
    mulligans = np.array([each.mulligans for each in run.steps])
    hand = run.fmt.opening_hand.size

    def floats(values: Any) -> Column:
        return lambda part: values[part].astype(float)

    def mean(column: Column) -> PerGame:
        return PerGame(count, ((column, None),))

    common = {
        "keep7": mean(lambda part: (size[step[part]] == hand).astype(float)),
        "mulligan": mean(lambda part: (mulligans[step[part]] > 0).astype(float)),
        "expected_hand_size": mean(lambda part: size[step[part]].astype(float)),
        "expected_lands": mean(floats(games["lands"])),
    }
    out: dict[tuple[str, str], PerGame] = {}
    for side in SIDES:
        for key, pair in common.items():
            out[(key, side)] = pair
        out[(f"land_drops({turns})", side)] = mean(floats(games[f"event:land_drops({turns})|{run.draws(turns, side)}"]))
        for name in dict.fromkeys(cast):
            answer = run.castable[card_key(name)]
            if not answer.per_game:
                continue
            castable, lands = floats(answer.per_game[f"cast:{side}"]), floats(answer.per_game[f"lands:{side}"])
            out[(f"castable({answer.question.name})", side)] = mean(castable)
            out[(f"castable_given_land_drops({answer.question.name})", side)] = PerGame(count, ((castable, lands),))
    for key in {column for column, _ in out}:
        play, draw = out[(key, "play")], out[(key, "draw")]
        out[(key, MIX)] = _mix_pair(play, draw)
    return out


def _mix_pair(play: PerGame, draw: PerGame) -> PerGame:
    ((on_play, denominator),), ((on_draw, _),) = play.blocks, draw.blocks
    if denominator is None:
        return PerGame(play.games, ((lambda part: (on_play(part) + on_draw(part)) / 2, None),))
    # The mix of two ratios: each game is played once on each side, half the weight each.
    return PerGame(play.games, play.blocks + draw.blocks)


def _ratio(pair: PerGame) -> tuple[float, list[Influence]]:
    """The value and each block's games' influence on it (linearised for a ratio)."""
    games = pair.games

    def mean(columns: Sequence[Column]) -> float:
        return sum(float(column(part).sum()) for column in columns for part in game_slices(games)) / (games * len(columns))

    numerator = mean([top for top, _ in pair.blocks])
    if pair.blocks[0][1] is None:
        return numerator, [Influence(games, lambda part, top=top: top(part) - numerator) for top, _ in pair.blocks]
    denominator = mean([bottom for _, bottom in pair.blocks if bottom is not None])
    if denominator == 0:
        return 0.0, [Influence(games, lambda part, top=top: top(part) * 0) for top, _ in pair.blocks]
    value = numerator / denominator
    blocks = [Influence(games, lambda part, top=top, bottom=bottom: (top(part) - value * bottom(part)) / denominator)
              for top, bottom in pair.blocks]
    # The mix's two blocks are the play and the draw of the same games, each game's influence
    # their mean: stacked as 2 x games independent games, the standard error was too small
    # by up to √2 (both sides alike, as in Commander, where the player on the play draws).
    return value, [linear([(1 / len(blocks), block) for block in blocks])] if len(blocks) > 1 else blocks


def _estimate(pair: PerGame) -> Estimate:
    value, influence = _ratio(pair)
    return Estimate(value, standard_error_of(influence))


def _difference(pair: PerGame, first: PerGame) -> Estimate:
    value, influence = _ratio(pair)
    base, base_influence = _ratio(first)
    paired = [linear([(1.0, mine), (-1.0, theirs)]) for mine, theirs in zip(influence, base_influence)]
    return Estimate(value - base, standard_error_of(paired))
