"""Tables for people and spreadsheets: the by-turn table as CSV (`-o csv`), and the
`--compare` table as text, JSON or CSV.

By-turn CSV columns: item (a card, `land drops` for "a land drop on every turn 1..T" in a
game with lands, or for each `--cast` spell `castable(NAME)` and `castable_given_land_drops(NAME)`
on its turn), copies, side, turn, cards_seen, p (mulligans included), hypergeometric (no
mulligans; empty for castability), se (Monte Carlo only).
"""
from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..games import EVERY_SIDE_DRAWS_WHY
from ..report import spreadsheet
from ..report.style import Shown, as_is, cell, columns, pad, widest
from .compare import Comparison, Row
from .outcome import Estimate, hypergeom_at_least
from .arguments import SIDES
from .simulation import Simulation

BY_TURN_COLUMNS = ("item", "copies", "side", "turn", "cards_seen", "p", "hypergeometric", "se")
LAND_DROPS = "land drops"
# The side of a comparison's row where the play and the draw are alike (multiplayer Commander).
ANY_SIDE = "any"


def by_turn_rows(simulation: Simulation) -> list[dict[str, Any]]:
    """One row per tracked card, side and turn, then the land drops (when computed), then
    each `--cast` spell's castability on its turn, on each side."""
    rows = []
    size = simulation.fmt.opening_hand.size
    for index in simulation.tracked:
        card = simulation.profile.cards[index]
        for side in SIDES:
            for turn in simulation.turns_on(side):
                estimate = simulation.by_turn(index, turn, side)
                rows.append({
                    "item": card.name, "copies": card.copies, "side": side, "turn": turn,
                    "cards_seen": size + simulation.draws(turn, side), "p": estimate.value,
                    "hypergeometric": simulation.plain(index, turn, side), "se": estimate.se,
                })
    profile = simulation.profile
    for side in SIDES:
        for turn in simulation.turns_on(side):
            estimate = land_drops(simulation, turn, side)
            if estimate is None:
                continue
            seen = size + simulation.draws(turn, side)
            rows.append({
                "item": LAND_DROPS, "copies": profile.lands, "side": side, "turn": turn, "cards_seen": seen,
                "p": estimate.value, "hypergeometric": hypergeom_at_least(profile.size, profile.lands, seen, turn),
                "se": estimate.se,
            })
    for answer in simulation.castable.values():
        question = answer.question
        copies = profile.cards[profile.index(question.deck_card)].copies if question.deck_card else 0
        for side in SIDES:
            seen = size + simulation.draws(question.turn, side)
            for measure, estimate in zip(("castable", "castable_given_land_drops"), answer.sides[side]):
                rows.append({
                    "item": f"{measure}({question.name})", "copies": copies, "side": side, "turn": question.turn,
                    "cards_seen": seen, "p": estimate.value, "hypergeometric": None, "se": estimate.se,
                })
    return rows


def land_drops(simulation: Simulation, turn: int, side: str) -> Estimate | None:
    """P(a land drop on every turn 1..turn) when it was computed; None in a game without
    lands (Yu-Gi-Oh!, the WoW TCG), whose CSV rows and plotted line were 0 in every game,
    as --compare leaves out its land columns and the text report its land counts."""
    if not simulation.has_lands:
        return None
    return simulation.outcome.events.get(f"land_drops({turn})|{simulation.draws(turn, side)}")


def _csv(columns: Any, rows: list[dict[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(columns), lineterminator="\n", extrasaction="ignore")
    writer.writeheader()
    for row in rows:
        writer.writerow({
            key: "" if value is None else f"{value:.10g}" if isinstance(value, float) else spreadsheet.cell(value)
            for key, value in row.items()
        })
    return out.getvalue()


def render_by_turn_csv(simulation: Simulation) -> str:
    return _csv(BY_TURN_COLUMNS, by_turn_rows(simulation))


def render_compare_csv(comparison: Comparison) -> str:
    exact = comparison.mode == "exact"
    rows = []
    for row in comparison.rows:
        for column in comparison.columns:
            value = row.values.get(column)
            if value is None:
                continue
            difference = row.differences.get(column)
            rows.append({
                "policy": row.policy, "side": row.side, "measure": column, "value": value.value,
                "se": None if exact else value.se,
                "difference_to_first": None if difference is None else difference.value,
                "difference_se": None if difference is None else difference.se,
            })
    return _csv(("policy", "side", "measure", "value", "se", "difference_to_first", "difference_se"), rows)


def render_compare_json(comparison: Comparison) -> str:
    import json

    return json.dumps(comparison.to_dict(), indent=2, ensure_ascii=False) + "\n"


def render_compare_text(comparison: Comparison, *, shown: Shown = as_is) -> str:
    """The policies side by side for people; the table measures its cells as `shown` shows
    them (report/style.py: a legacy terminal's `d` for `Δ`, `+/-` for `±`).

    It fits 80 columns at the defaults, with one `--cast` spell: each policy heads its own
    rows (a path on every row took 30 columns), long headers go in the key under the table
    (`cast#1 = castable(Wrath of God)`), and a Monte Carlo difference to the first policy and
    its standard error are lines of their own under the row (`Δ`, `±`), not beside the value."""
    short = _short_names(comparison.columns)
    # A mean's difference is in cards, not points of a percentage.
    means = [short[column] for column in comparison.columns if _is_mean(column)]
    how = ["exact (multivariate hypergeometric)"] if comparison.mode == "exact" else [
        f"Monte Carlo: {comparison.hands:,} games, seed {comparison.seed}, common random numbers",
        f"Δ: difference to the first policy (% points{'; cards for ' + ', '.join(means) if means else ''})",
        "±: its paired standard error",
    ]
    if comparison.sides_alike:
        how.append(f"play, draw and mix alike ({EVERY_SIDE_DRAWS_WHY}): one row a policy")
    # Where the sides see the same cards, each policy's first row stands for all, as `any`.
    shown_rows = ([replace(row, side=ANY_SIDE) for row in comparison.rows if row.side == comparison.rows[0].side]
                  if comparison.sides_alike else comparison.rows)
    headers = [cell(short[column], shown) for column in comparison.columns]
    rows = [(row, [_cells(row, column, shown) for column in comparison.columns]) for row in shown_rows]
    # Each column as wide as its own header and cells (a spell's cast columns no wider than theirs).
    rooms = [widest([h, *(text for _, cells in rows for text in cells[i])]) for i, h in enumerate(headers)]
    # A row per policy and side: the same policy given twice (compared with itself) is two.
    policies = sum(row.side == shown_rows[0].side for row in shown_rows)
    lines = [
        f"{comparison.deck} - {comparison.format}: {policies} {'policy' if policies == 1 else 'policies'} side by side",
        *(f"  {shown(line)}" for line in how),
        "",
        f"    {pad('on', 4)}" + "".join(f"  {pad(h, room, right=True)}" for h, room in zip(headers, rooms)),
    ]
    for row, cells in rows:
        if row.side == shown_rows[0].side:
            lines.append(f"  {cell(row.policy, shown)}")
        for label, texts in zip((row.side, shown("Δ"), shown("±")), zip(*cells)):
            lines.append(f"    {pad(label, 4)}" + "".join(f"  {pad(text, room, right=True)}" for text, room in zip(texts, rooms)))
    lines.append("")
    abbreviated = [f"{short[c]} = {c}" for c in comparison.columns if short[c] != c]
    if abbreviated:  # a table of whole names (a WoW TCG deck's `mulligan` alone) needs no key
        lines += _key_lines(abbreviated)
    for warning in comparison.warnings:
        lines.append(f"note: {warning}")
    return "\n".join(line.rstrip() for line in lines) + "\n"


def _key_lines(items: list[str], width: int = 80) -> list[str]:
    """`  columns: A = a; B = b` broken between items to fit `width` terminal columns
    (`columns`: a spell named in Japanese takes two a character; an item wider, a spell's
    long name, stays whole on its own line)."""
    lines = ["  columns:"]
    for at, item in enumerate(items):
        last = lines[-1]
        # The `; ` before the item, and the `;` after it unless it is the last.
        if columns(last) + 2 + columns(item) + (at < len(items) - 1) > width and last.strip() != "columns:":
            lines[-1] += ";"
            lines.append(f"{'':11}{item}")
        else:
            lines[-1] += (" " if last.strip() == "columns:" else "; ") + item
    return lines


def _cells(row: Row, column: str, shown: Shown) -> tuple[str, ...]:
    """A cell of the comparison as its lines: the value, then (Monte Carlo, after the first
    policy) the difference to the first policy and its paired standard error, in points of
    a percentage for a chance."""
    value = shown(_number(column, row.values[column].value))
    difference = row.differences.get(column)
    if difference is None:
        return (value,)
    scale = 1 if _is_mean(column) else 100
    return value, f"{difference.value * scale:+.2f}", f"{difference.se * scale:.2f}"


def _short_names(columns: Sequence[str]) -> dict[str, str]:
    """Each column's header: the long ones short (`E[cards]`, `drops(3)`), a `--cast`
    spell's two columns numbered in the order given (`cast#1`, `given#1`), for the key."""
    spells: dict[str, int] = {}
    names = {}
    for column in columns:
        for prefix, short in (("castable(", "cast"), ("castable_given_land_drops(", "given")):
            if column.startswith(prefix):
                names[column] = f"{short}#{spells.setdefault(column[len(prefix):], len(spells) + 1)}"
                break
        else:
            names[column] = _short(column)
    return names


def _is_mean(column: str) -> bool:
    return column.startswith("expected_")


def _number(column: str, value: float) -> str:
    return f"{value:.3f}" if _is_mean(column) else f"{value * 100:.2f}%"


def _short(column: str) -> str:
    return column.replace("expected_hand_size", "E[cards]").replace("expected_lands", "E[lands]").replace("land_drops(", "drops(")
