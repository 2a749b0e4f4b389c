"""Which card data each game uses, from where, and how old it is (`deckcheck cards info`).

Asks `catalog_for` (the one place that chooses card data) for every registered game, so
what it reports is what validation, simulate and the other commands use.
"""
from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from ..wording import counted


def age(day: dt.date | None, today: dt.date | None = None) -> str:
    """`2026-06-14, 170 days old` (or `date unknown`)."""
    if day is None:
        return "date unknown"
    days = ((today or dt.date.today()) - day).days
    return f"{day.isoformat()}, {counted(days, 'day', grouped=True)} old" if days >= 0 else day.isoformat()


def inventory(cards_db: Path | None = None) -> list[dict[str, Any]]:
    """One row per game: `game`, `label`, `builtin` (True: the package's data), `path`,
    `source`, `date`, `cards` (the catalog's own description), `summary` (one line)."""
    from ..errors import CardDataError
    from ..games import GAMES
    from . import catalog_for
    from .builtin import BUILTIN_FILE

    rows = []
    for game in GAMES.values():
        row: dict[str, Any] = {"game": game.id, "label": game.label}
        try:
            catalog, note = catalog_for(game.id, cards_db, offline=True)
        except CardDataError as exc:
            rows.append({**row, "error": str(exc), "summary": f"unusable: {exc}"})
            continue
        if catalog is None:
            rows.append({**row, "builtin": False, "path": None, "summary": f"none: {note}"})
            continue
        path = Path(getattr(catalog, "path", "") or "")
        builtin = path.resolve() == BUILTIN_FILE.resolve()
        day = getattr(catalog, "data_date", None)
        where = "built-in card data" if builtin else f"database {path}"
        row.update(builtin=builtin, path=str(path), date=day.isoformat() if day else None, cards=catalog.describe(),
                   summary=f"{where} ({catalog.describe()}); data of {age(day)}"
                   + (f"; `{game.sync_command}` builds a newer database" if builtin and game.sync_source else ""))
        if note:
            row["note"] = note
        rows.append(row)
    return rows
