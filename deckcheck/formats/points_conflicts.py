"""A card that a format's `points` gives two values: once by name, once by passcode.

`points` may key a Yu-Gi-Oh! card by its name or by its passcode (rules/points.py); when
a table keys one card both ways with different values, a deck counts the passcode's and
the name's is silently ignored. `deckcheck formats check` reports each such card as an
error (both keys, their lines, both values) and `validate` warns once
(docs/format-files.md#errors). Only a card data that knows passcodes can tell which name a
passcode stands for.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import FormatError
from ..games.yugioh import passcode_key
from ..record import Record
from ..schema import value_at

if TYPE_CHECKING:
    from ..cards.catalog import Catalog
    from ..yamlload import YamlDocument
    from .model import Format


class PointsConflict(Record):
    """One card keyed by `name` (worth `by_name`) and by `code` (worth `by_code`)."""

    __slots__ = ("code", "name", "by_code", "by_name")

    def __init__(self, code: int, name: str, by_code: int, by_name: int) -> None:
        self.code = code
        self.name = name
        self.by_code = by_code
        self.by_name = by_name

    def text(self) -> str:
        return (f"{self.name} is worth {self.by_name} by name and {self.by_code} by passcode {self.code}; "
                f"a deck counts {self.by_code} (the passcode's)")


def points_conflicts(table: Mapping[Any, Any] | None, catalog: Catalog | None) -> list[PointsConflict]:
    """The cards `table` (a format's `points`) keys by both passcode and name with different
    values, in the table's order of passcodes; none without card data to name a passcode."""
    if not table or catalog is None:
        return []
    from ..rules.points import PointsTable

    points = PointsTable(table)
    found = []
    for code, value in points.by_code.items():
        card = catalog.by_code(code)
        named = points.by_name_of(card.name) if card is not None else None
        if named is not None and named[1] != value:
            found.append(PointsConflict(code, named[0], value, named[1]))
    return found


def conflict_errors(table: Mapping[Any, Any] | None, catalog: Catalog | None,
                    documents: Sequence[tuple[Path, YamlDocument]]) -> list[FormatError]:
    """One error per conflict of `table` (the merged `points` of a chain), placed at the
    passcode's key in the first of `documents` (the checked file, then the files of yours
    it extends, as read) that writes it, the name's line said too."""
    conflicts = points_conflicts(table, catalog)
    if not conflicts:
        return []

    def where(key: Any) -> tuple[Path | None, int | None]:
        for path, document in documents:
            points = value_at(document.data, ("points",))
            if not isinstance(points, Mapping):
                continue
            # A passcode may be written as a string of its digits (`"14558127"`).
            written = key if key in points else next((k for k in points if isinstance(key, int) and passcode_key(k) == key), None)
            if written is not None:
                return path, document.line_of(("points", written))
        return None, None

    errors = []
    for conflict in conflicts:
        code_path, code_line = where(conflict.code)
        name_path, name_line = where(conflict.name)
        name_at = f"{name_path}, " if name_path is not None and name_path != code_path else ""
        name_at += f"line {name_line}" if name_line is not None else "an extended format"
        errors.append(FormatError(
            f"{conflict.text()}, and `points.{conflict.name}` ({name_at}) is ignored: keep one of the two keys",
            path=str(code_path or documents[0][0]), key=f"points.{conflict.code}", line=code_line,
        ))
    return errors


def conflicts_warning(fmt: Format, catalog: Catalog | None, *, in_archive: str | None = None) -> str | None:
    """One line for `validate -f FILE.yaml` when the format's `points` gives a card two
    values (None when it does not): how many, and the first."""
    conflicts = points_conflicts(fmt.option("points"), catalog)
    if not conflicts:
        return None
    where = in_archive or fmt.path
    more = f" (and {len(conflicts) - 1} more)" if len(conflicts) > 1 else ""
    return (f"{where}: points keys a card both by name and by passcode with different values: "
            f"{conflicts[0].text()}{more}; `deckcheck formats check {where}` says where")
