"""Tables for people and spreadsheets: the by-turn table as CSV (`-o csv`), and the
`--compare` table as text, JSON or CSV.

By-turn CSV columns: item (a card, or `land drops` for "a land drop on every turn 1..T",
or for each `--cast` spell `castable(NAME)` and `castable_given_land_drops(NAME)` on its
turn), copies, side, turn, cards_seen, p (mulligans included), hypergeometric (no
mulligans; empty for castability), se (Monte Carlo only).
"""
from __future__ import annotations

import csv
import io
from typing import Any

from ..report import spreadsheet
from .compare import Comparison
from .outcome import Estimate, hypergeom_at_least
from .simulation import SIDES, Simulation

BY_TURN_COLUMNS = ("item", "copies", "side", "turn", "cards_seen", "p", "hypergeometric", "se")
LAND_DROPS = "land drops"


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


def render_compare_text(comparison: Comparison) -> str:
    exact = comparison.mode == "exact"
    how = "exact (multivariate hypergeometric)" if exact else (
        f"Monte Carlo: {comparison.hands:,} games, seed {comparison.seed}, common random numbers; "
        "Δ is the difference to the first policy ± its paired standard error"
    )
    names = [row.policy for row in comparison.rows]
    width = max(8, *(len(name) for name in names))
    headers = [_short(column) for column in comparison.columns]
    # Each column as wide as its own header (a long `--cast` name widens only its columns).
    cells = [max(12 if exact else 22, len(h)) for h in headers]
    policies = len({row.policy for row in comparison.rows})
    lines = [
        f"{comparison.deck} - {comparison.format}: {policies} {'policy' if policies == 1 else 'policies'} side by side",
        f"  {how}",
        "",
        f"  {'policy':<{width}}  {'on':<4}" + "".join(f"  {h:>{cell}}" for h, cell in zip(headers, cells)),
    ]
    for row in comparison.rows:
        texts = []
        for column, cell in zip(comparison.columns, cells):
            value = row.values[column]
            text = _number(column, value.value)
            difference = row.differences.get(column)
            if difference is not None:
                text += f" Δ{difference.value * (1 if _is_mean(column) else 100):+.2f}±{difference.se * (1 if _is_mean(column) else 100):.2f}"
            texts.append(f"  {text:>{cell}}")
        lines.append(f"  {row.policy:<{width}}  {row.side:<4}" + "".join(texts))
    lines.append("")
    lines.append("  columns: " + "; ".join(f"{_short(c)} = {c}" for c in comparison.columns if _short(c) != c))
    for warning in comparison.warnings:
        lines.append(f"note: {warning}")
    return "\n".join(line.rstrip() for line in lines) + "\n"


def _is_mean(column: str) -> bool:
    return column.startswith("expected_")


def _number(column: str, value: float) -> str:
    return f"{value:.3f}" if _is_mean(column) else f"{value * 100:.2f}%"


def _short(column: str) -> str:
    return (
        column.replace("castable_given_land_drops(", "given drops(").replace("expected_hand_size", "E[cards]")
        .replace("expected_lands", "E[lands]")
    )
