"""List entries of a format file that end before their card first came out.

`{card: "Ragavan, Nimble Pilferer", until: 2019-06-01}` is in force only on days no
printing of the card was out: it never applies, and nothing else says so (a year mistyped,
2019 for 2029). `deckcheck formats check` warns of each such entry the user's own files
write (docs/format-files.md#errors). An entry that starts before its card came out is
fine: it applies from the card's release on.

Only card data that knows when each printing came out can tell (Magic's: a catalog with
`printings_of` and `availability`); for another game's data this finds nothing.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import FormatError
from ..schema import dotted
from .card_names import dated_entries, spelt
from .model import platform_dates

if TYPE_CHECKING:
    from ..yamlload import YamlDocument


def ended_before_out(documents: Sequence[tuple[Path, YamlDocument]], catalog: Any) -> list[str]:
    """One warning for each entry of `documents` (format files as read) whose `until` on
    every platform it names is no later than its card's first release on any platform."""
    if catalog is None or not hasattr(catalog, "availability") or not hasattr(catalog, "printings_of"):
        return []
    return [str(error) for error in _ended(documents, catalog)]


def _ended(documents: Sequence[tuple[Path, YamlDocument]], catalog: Any) -> Iterator[FormatError]:
    from ..games.mtg.card_pool import first_release
    from ..games.mtg.cards import PLATFORMS

    # A card's first release, once per name written: a long list names few cards many times.
    first_out: dict[str, Any] = {}

    def first(name: str) -> Any:
        if name not in first_out:
            card = spelt(catalog, name)
            firsts = [] if card is None else [
                found for platform in PLATFORMS
                if (found := first_release(catalog.printings_of(card), catalog.availability, platform)) is not None]
            # None: a name no card has (card_names says so), or a card never out anywhere.
            first_out[name] = (card, *min(firsts, key=lambda found: found[0])) if firsts else None
        return first_out[name]

    for path, document in documents:
        for keys, entry in dated_entries(document.data or {}):
            name = entry.get("card")
            if entry.get("until") is None or entry.get("code") is not None or not isinstance(name, str):
                continue
            paper, others = platform_dates(entry["until"])
            last_day = max(day for day in (paper, *others.values()) if day is not None)
            found = first(name)
            if found is None or last_day > found[1]:
                continue
            card, day, printing = found
            info = catalog.availability.sets.get(printing.set)
            set_name = info.name if info is not None and info.name else printing.set.upper()
            where = (*keys, "until")
            yield FormatError(
                f"the entry ends on {paper.isoformat()}, before {card.name} first came out ({day.isoformat()}, "
                f"{set_name}), so it never applies", path=str(path), key=dotted(where), line=document.line_of(where),
            )
