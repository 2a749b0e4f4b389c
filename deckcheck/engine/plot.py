"""`--plot FILE.svg|png`: pictures of a simulation or a comparison, drawn with matplotlib.

matplotlib is an optional extra (`pip install 'deckcheck[plot]'`), imported only here and
only when a picture is asked for. A simulation gives two panels: the kept hand size, and
by turn the chance of a land drop every turn and of each tracked card (the --on side solid,
the other dashed). A comparison gives one group of bars per measure, one bar per policy
(the 50/50 mix of play and draw).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import OptionError
from ..limits import one_line
from .arguments import SIDES
from .simulation import Simulation

FORMATS = (".svg", ".png")
_MAX_LINES = 8


def _matplotlib() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise OptionError(
            "plot", "needs matplotlib, which is not installed: pip install 'deckcheck[plot]' (or pip install matplotlib)"
        ) from None
    return matplotlib


def _pyplot() -> Any:
    matplotlib = _matplotlib()
    matplotlib.use("Agg")  # files only: never a window, works without a display
    import matplotlib.pyplot as plt

    return plt


def check_target(path: str | Path) -> Path:
    """The picture file `path`, checked before any simulation runs: its extension, its
    folder, and matplotlib being installed (a long run must not end in that advice)."""
    target = Path(path)
    if target.suffix.lower() not in FORMATS:
        raise OptionError("plot", f"{one_line(str(path))}: write a .svg or .png file (the extension picks the format)")
    if not target.parent.is_dir():
        raise OptionError("plot", f"{one_line(str(path))}: no folder {one_line(str(target.parent))}; create it first")
    _matplotlib()
    return target


def _save(figure: Any, target: Path) -> None:
    try:
        figure.savefig(target)
    except OSError as exc:
        raise OptionError("plot", f"{target}: cannot write ({exc.strerror or exc})") from None


def plot_simulation(simulation: Simulation, path: str | Path) -> Path:
    from .tables import land_drops

    target = check_target(path)
    plt = _pyplot()
    outcome = simulation.outcome
    figure, (sizes, turns) = plt.subplots(1, 2, figsize=(11, 4.2))
    hand_sizes = sorted(outcome.keep, reverse=True)
    sizes.bar([str(size) for size in hand_sizes], [outcome.keep[size].value * 100 for size in hand_sizes], color="#4c72b0")
    sizes.set_title("Kept hand size")
    sizes.set_xlabel("cards in the kept hand")
    sizes.set_ylabel("% of games")
    axis = list(range(1, simulation.turns + 1))
    styles = {simulation.on: "-", next(side for side in SIDES if side != simulation.on): "--"}
    drawn = 0
    for side, style in styles.items():
        reached = list(simulation.turns_on(side))
        values = [land_drops(simulation, turn, side) for turn in reached]
        if all(value is not None for value in values):
            turns.plot(reached, [v.value * 100 for v in values], style, color="black", label=f"land drop every turn ({side})")
    for index in simulation.tracked[:_MAX_LINES]:
        card = simulation.profile.cards[index]
        color = f"C{drawn % 10}"
        drawn += 1
        for side, style in styles.items():
            label = f"{card.name} ({side})" if side == simulation.on else None
            reached = list(simulation.turns_on(side))
            turns.plot(reached, [simulation.by_turn(index, turn, side).value * 100 for turn in reached], style, color=color, label=label)
    turns.set_title(f"By turn (mulligans included; {simulation.on} solid)")
    turns.set_xlabel("turn")
    turns.set_ylabel("% of games")
    turns.set_xticks(axis)
    turns.set_ylim(0, 100)
    if turns.get_legend_handles_labels()[0]:
        turns.legend(fontsize="small")
    figure.suptitle(f"{simulation.deck.source} - {simulation.fmt.id}")
    figure.tight_layout()
    _save(figure, target)
    plt.close(figure)
    return target


def plot_comparison(comparison: Any, path: str | Path) -> Path:
    target = check_target(path)
    plt = _pyplot()
    columns = [column for column in comparison.columns if not column.startswith("expected_")]
    rows = [row for row in comparison.rows if row.side == "mix"]
    figure, axes = plt.subplots(figsize=(max(6, 1.6 * len(columns) * max(1, len(rows)) / 2), 4.5))
    width = 0.8 / max(1, len(rows))
    for number, row in enumerate(rows):
        positions = [index + number * width for index in range(len(columns))]
        axes.bar(positions, [row.values[column].value * 100 for column in columns], width, label=Path(row.policy).name)
    axes.set_xticks([index + width * (len(rows) - 1) / 2 for index in range(len(columns))])
    axes.set_xticklabels(columns, rotation=20, ha="right", fontsize="small")
    axes.set_ylabel("% of games (50/50 play and draw)")
    axes.set_ylim(0, 100)
    axes.legend(fontsize="small")
    axes.set_title(f"{comparison.deck} - {comparison.format}")
    figure.tight_layout()
    _save(figure, target)
    plt.close(figure)
    return target
