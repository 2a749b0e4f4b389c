"""Warnings `deckcheck formats check` gives a format file that loads (docs/format-files.md#errors).

Neither stops the file loading: a key no check reads (`team.sideboard`), and two sizes of
one zone in force on the same day and platform (the one that started latest wins, as
formats/model.py resolves them, which the author may not have meant).
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import FormatError
from ..schema import value_at
from .model import start_on

if TYPE_CHECKING:
    from ..yamlload import YamlDocument
    from .model import Format, ZoneSize

# Keys the schema accepts (existing files keep loading) that no check reads, with what to
# write instead.
DEAD_KEYS: dict[tuple[str, str], str] = {
    ("team", "sideboard"): ("a team's shared sideboard is `pool.shared_sideboard` (as in mtg/2hg-limited), "
                            "no sideboard at all `deck.sideboard: {max: 0}`"),
}


def format_warnings(fmt: Format, documents: Sequence[tuple[Path, YamlDocument]]) -> list[str]:
    """The warnings for `fmt`, placed in `documents` (the checked file, then the files of
    yours it extends, as read): where the first of them that writes the key does."""
    return [*_dead_keys(documents), *_overlapping_sizes(fmt, documents)]


def _dead_keys(documents: Sequence[tuple[Path, YamlDocument]]) -> Iterator[str]:
    for keys, instead in DEAD_KEYS.items():
        for path, document in documents:
            if value_at(document.data, keys) is not None:
                yield str(FormatError(f"has no effect, no check reads it: {instead}", path=str(path),
                                      key=".".join(keys), line=document.line_of(keys)))


def _overlapping_sizes(fmt: Format, documents: Sequence[tuple[Path, YamlDocument]]) -> Iterator[str]:
    from ..games.mtg.cards import PLATFORMS

    for zone, sizes in fmt.zones.items():
        written = next(((path, document) for path, document in documents
                        if isinstance(value_at(document.data, ("deck", zone)), list)), None)
        if written is None:  # a single size, or one a bundled format gives (none overlap)
            continue
        path, document = written
        for first in range(len(sizes)):
            for second in range(first + 1, len(sizes)):
                groups: dict[tuple[dt.date, int], list[str]] = {}
                for platform in PLATFORMS:
                    day = _first_shared_day(sizes[first], sizes[second], platform)
                    if day is not None:
                        winner = second if start_on(sizes[second], platform) >= start_on(sizes[first], platform) else first
                        groups.setdefault((day, winner), []).append(platform)
                for (day, winner), platforms in groups.items():
                    loser = first if winner == second else second
                    why = ("the last listed of those that started the same day"
                           if start_on(sizes[first], platforms[0]) == start_on(sizes[second], platforms[0])
                           else "the one that started later")
                    since = f"from {day.isoformat()}" if day != dt.date.min else "on every day"
                    # Platforms are named only where the overlap differs between them (dates
                    # by platform): another game's format has no MTGO or Arena to speak of.
                    where = f" ({', '.join(platforms)})" if len(platforms) < len(PLATFORMS) else ""
                    yield (f"{path}: deck.{zone}: sizes [{first}] (line {document.line_of(('deck', zone, first))}) and "
                           f"[{second}] (line {document.line_of(('deck', zone, second))}) are both in force {since}"
                           f"{where}: [{winner}] wins, as {why}; give [{loser}] an `until` if that is meant")


def _first_shared_day(one: ZoneSize, other: ZoneSize, platform: str) -> dt.date | None:
    """The first day both sizes are in force on `platform` (date.min: from the start), or None."""
    start = max(start_on(one, platform), start_on(other, platform))
    ends = [end for end in (one.window(platform)[1], other.window(platform)[1]) if end is not None]
    return start if not ends or start < min(ends) else None
