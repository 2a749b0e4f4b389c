"""points: the deck's points stay within the format's cap (Yu-Gi-Oh! Genesys).

Format keys `points` (card name -> points for each copy; a passcode may stand for a
name) and `max_points` (default 100). Every copy counts, over main, extra and side deck
together; cards not listed are worth 0. Alternate artworks count as their card: they
carry its name once card data named them, and a passcode key covers the passcodes that
count as it (an inferred alternate artwork, an `alias` of the card data).

A format whose `points` is empty (the bundled `yugioh/genesys`: the official list changes
every few weeks and is not bundled) cannot check the cap: each deck gets one warning saying
so, never a silent LEGAL on points.

FAIL (yugioh/genesys, cap 100): 3 copies of a 33-point card and 1 of a 2-point card ->
"the deck has 101 points; at most 100 allowed".
FAIL, as a warning (yugioh/genesys as bundled): "points not checked: Genesys lists no card's
points; ...".
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator, Mapping

from ..formats import Format
from ..games.yugioh import MAX_PASSCODE, passcode_key
from ..model import PLAYED_ZONES, Deck
from ..names import fold
from ..problem import WARNING, Problem
from ..record import Record
from ..schema import AnyOf, Int, MapOf, Str
from ._listed import codes_by_card
from .context import Context

ID = "points"
DEFAULT_MAX = 100
# Card name (or passcode) -> points per copy; the cap.
KEYS = {"points": MapOf(Int(0), key=AnyOf((Str(), Int(1, MAX_PASSCODE)))), "max_points": Int(0)}


def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format gives cards points."""
    return fmt.option("points") is not None


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterator[Problem]:
    table = fmt.option("points")
    if table is None:
        return
    cap = fmt.option("max_points", DEFAULT_MAX)
    if not table:
        yield Problem(
            rule=ID, severity=WARNING,
            message=f"points not checked: {fmt.name} lists no card's points, so every deck would have 0 (the cap is "
                    f"{cap}); add the current point list under `points:` in a format file that extends {fmt.id}",
        )
        return
    points = PointsTable(table)
    entries = list(deck.in_zones(PLAYED_ZONES))
    # An alternate artwork's passcode (14558128) is worth what its card's (14558127) is.
    codes = codes_by_card(entries, ctx) if points.by_code else {}
    spent: dict[str, int] = {}
    for entry in entries:
        value = points.value(entry.name, codes.get(entry.key, ()))
        if value:
            spent[entry.name] = spent.get(entry.name, 0) + value * entry.count
    total = sum(spent.values())
    if total <= cap:
        return
    costly = sorted(spent.items(), key=lambda item: (-item[1], item[0]))
    shown = ", ".join(f"{name} {value}" for name, value in costly[:5]) + (", ..." if len(costly) > 5 else "")
    yield Problem(
        rule=ID, count=total, limit=cap,
        message=f"the deck has {total} points; at most {cap} allowed ({shown})",
        details={"points": dict(costly)},
    )


class PointsTable(Record):
    """A format's `points` read once, as every reader takes it (this rule, `cards lookup`,
    formats/points_conflicts.py): `by_code` the passcode keys, `by_name` the name keys
    folded, each with (the key as written, its points)."""

    __slots__ = ("by_name", "by_code")
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, table: Mapping[str | int, int]) -> None:
        self.by_name: dict[str, tuple[str, int]] = {}
        self.by_code: dict[int, int] = {}
        for key, value in table.items():
            code = passcode_key(key)
            if code is not None:
                self.by_code[code] = value
            else:
                self.by_name[fold(str(key))] = (str(key), value)

    def by_name_of(self, name: str) -> tuple[str, int] | None:
        """(the key as written, its points) of the name key for `name`; None when none."""
        return self.by_name.get(fold(name))

    def value(self, name: str, codes: Iterable[int]) -> int | None:
        """A card's points: by the first of its passcodes the table keys (its own, the card
        it counts as), else by its name; None when the table does not list it."""
        coded = [self.by_code[code] for code in sorted(codes) if code in self.by_code]
        if coded:
            return coded[0]
        named = self.by_name_of(name)
        return named[1] if named is not None else None


def points_line(fmt: Format, name: str, codes: Iterable[int]) -> str | None:
    """What one card is worth in `fmt` (`cards lookup`), as `check` counts it; None when
    the format has no points. An empty table says so, as a deck's warning does."""
    table = fmt.option("points")
    if table is None:
        return None
    cap = fmt.option("max_points", DEFAULT_MAX)
    if not table:
        return f"points: not checked, {fmt.name} lists no card's points (at most {cap} a deck)"
    value = PointsTable(table).value(name, codes)
    return f"points: {value or 0} a copy (at most {cap} a deck)"


def show(fmt: Format, day: dt.date) -> list[str]:
    if fmt.option("points") is None:
        return []
    points = fmt.option("points") or {}
    lines = [f"points: at most {fmt.option('max_points', DEFAULT_MAX)} over all zones ({len(points)} cards with points)"]
    for name, value in sorted(points.items(), key=lambda item: (-item[1], str(item[0]))):
        lines.append(f"  {name}: {value}")
    return lines
