"""Registration manifests: a CSV or YAML table of `player`, `deck` and optional `team`,
`seat`, `format`, `pool`, `platform` (other columns are ignored).

`platform` is where that player's event is played (`paper`, `mtgo`, `arena`; default the
batch's `--platform`): an unknown value is a `registration` problem of the row.

`pool` is a limited event's registered pool, a decklist file relative to the manifest like
`deck` (the same file for every member of a team that shares one).

`deck` is a path relative to the manifest. A row that cannot be taken as it is (no player,
no deck, a cell that is a list) still becomes a registration, carrying a `registration`
problem that names its line, so the other rows are checked and nobody disappears from the
report. A manifest that cannot be read at all (bad YAML, anchors or aliases, no
`player`/`deck` column) is an error: exit 2.
"""
from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Mapping
from pathlib import Path, PurePosixPath
from typing import Any

from ..errors import InputError
from ..schema import AnyOf, Bool, Described, MapOf, Null, Number, SchemaError, Str, validate
from ..textio import MAX_INPUT_BYTES, decode
from ..yamlload import YamlError, load_yaml_document
from .registration import Registration, registration_problem

MANIFEST_SUFFIXES = (".csv", ".yaml", ".yml")
REQUIRED = ("player", "deck")
OPTIONAL = ("team", "seat", "format", "pool", "platform")
_DELIMITERS = (",", ";", "\t")  # spreadsheets in many locales export `;` or tabs
# A manifest is a table of names and paths: 4 MiB is some 80,000 rows.
MAX_MANIFEST_BYTES = MAX_INPUT_BYTES


def is_manifest(path: Path) -> bool:
    return path.suffix.lower() in MANIFEST_SUFFIXES


def read_manifest(path: Path, *, root: Path | None = None, shown: str | None = None) -> list[Registration]:
    """The registrations a manifest lists, in file order.

    `root` confines deck paths (a manifest from a zip must not point outside the archive);
    `shown` is the manifest's name in messages.
    """
    shown = shown or str(path)
    text = _read(path, shown)
    rows = _yaml_rows(text, shown) if path.suffix.lower() in (".yaml", ".yml") else _csv_rows(text, shown)
    return [_registration(line, row, path.parent, root) for line, row in rows]


def _read(path: Path, shown: str) -> str:
    try:
        if path.stat().st_size > MAX_MANIFEST_BYTES:
            raise InputError(f"{shown}: over {MAX_MANIFEST_BYTES:,} bytes, too big for a manifest; is this the right file?")
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{shown}: no such file") from None
    except OSError as exc:
        raise InputError(f"{shown}: cannot read ({exc.strerror or exc})") from None
    # `decode` knows the encodings spreadsheets export (BOMs, UTF-8, Windows-1252).
    return decode(data, source=shown)


def _header(names: list[str], shown: str) -> list[str]:
    header = [name.strip().lower().lstrip("\ufeff") for name in names]
    missing = [name for name in REQUIRED if name not in header]
    if missing:
        have = ", ".join(name for name in header if name) or "none"
        raise InputError(
            f"{shown} line 1: missing required column{'s' if len(missing) > 1 else ''} "
            f"{', '.join(repr(name) for name in missing)} (columns found: {have})"
        )
    return header


def _csv_rows(text: str, shown: str) -> Iterator[tuple[int, dict[str, Any]]]:
    lines = text.splitlines()
    first = next((line for line in lines if line.strip()), "")
    if not first:
        raise InputError(f"{shown}: the manifest is empty (expected a header with columns player, deck)")
    delimiter = max(_DELIMITERS, key=first.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    header: list[str] | None = None
    try:
        for cells in reader:
            if not any(cell.strip() for cell in cells):
                continue
            if header is None:
                header = _header(cells, shown)
                continue
            yield reader.line_num, {name: cell for name, cell in zip(header, cells) if name}
    except csv.Error as exc:
        raise InputError(f"{shown} line {reader.line_num}: not valid CSV ({exc})") from None


# A YAML manifest's row: column -> one value (text, a number, true/false or nothing).
# Cells are scalars: a list or mapping where a name or path belongs is a mistake, and
# refusing it keeps a row's size bounded by the file's.
CELL = Described(AnyOf((Str(), Number(), Bool(), Null())), "text or a number")
ROW = Described(MapOf(CELL, key=CELL), "a mapping with player and deck")


def _yaml_rows(text: str, shown: str) -> Iterator[tuple[int, dict[str, Any]]]:
    try:
        # Anchors and aliases refused: a few hundred bytes of nested aliases would stand
        # for gigabytes of rows (docs/batch.md).
        document = load_yaml_document(text, source=shown, aliases=False, what="manifest")
    except YamlError as exc:
        raise InputError(str(exc)) from None
    data = document.data
    # A bare list of rows, or `registrations:` holding one (room for event-wide keys).
    prefix: tuple[str, ...] = ()
    if isinstance(data, Mapping) and "registrations" in data:
        items, prefix = data["registrations"], ("registrations",)
    else:
        items = data
    if not isinstance(items, list):
        raise InputError(f"{shown}: expected a list of registrations ({', '.join(REQUIRED + OPTIONAL)})")
    lines = [document.line_of((*prefix, index)) for index in range(len(items))]
    keys: set[str] = set()
    for item in items:
        if isinstance(item, Mapping):
            keys.update(str(key).strip().lower() for key in item)
    if items and not keys & set(REQUIRED):
        _header(sorted(keys), shown)
    for line, item in zip(lines, items):
        try:
            validate(item, ROW)
        except SchemaError as exc:
            column = f"column {exc.keys[0]!r}: " if exc.keys else ""
            yield line, {"_error": f"{column}{exc}"}
            continue
        yield line, {str(key).strip().lower(): value for key, value in item.items()}


def _cell(row: Mapping[str, Any], key: str) -> str | None:
    value = row.get(key)
    if value is None:
        return None
    text = str(value).strip()
    return text or None


def _registration(line: int, row: dict[str, Any], base: Path, root: Path | None) -> Registration:
    player, deck, seat = _cell(row, "player"), _cell(row, "deck"), _cell(row, "seat")
    problems: list[str] = []
    if "_error" in row:
        problems.append(row["_error"])
    elif player is None:
        problems.append("no player name")
    path = None
    if deck is None:
        if "_error" not in row:
            problems.append("no deck file named")
    else:
        deck = deck.replace("\\", "/")
        path, why = _deck_path(deck, base, root)
        if why:
            problems.append(why)
    platform = _cell(row, "platform")
    if platform is not None:
        from ..games.mtg.cards import PLATFORMS

        platform = platform.lower()
        if platform not in PLATFORMS:
            problems.append(f"platform {platform!r} is not one of {', '.join(PLATFORMS)}")
            platform = None
    pool, pool_path = _cell(row, "pool"), None
    if pool is not None:
        pool = pool.replace("\\", "/")
        pool_path, why = _deck_path(pool, base, root, what="pool")
        if why:
            problems.append(why)
        pool = PurePosixPath(pool).as_posix()
    registration = Registration(
        deck=PurePosixPath(deck).as_posix() if deck else "",
        path=path,
        player=player,
        team=_cell(row, "team"),
        seat=seat.upper() if seat else None,
        format_id=_format_id(_cell(row, "format"), base),
        line=line,
        problems=tuple(registration_problem(message, line) for message in problems),
        pool=pool,
        pool_path=pool_path,
        platform=platform,
    )
    return registration


def _deck_path(deck: str, base: Path, root: Path | None, *, what: str = "deck") -> tuple[Path | None, str | None]:
    relative = Path(deck)
    path = relative if relative.is_absolute() else base / relative
    if root is not None:
        # Inside a zip every path must stay inside the extracted archive.
        if relative.is_absolute() or ".." in relative.parts:
            return None, f"{what} path {deck!r} points outside the archive"
    return path, None


def _format_id(value: str | None, base: Path) -> str | None:
    """A row's format: an id (`mtg/legacy`) or a format file relative to the manifest."""
    if value and value.endswith((".yaml", ".yml")) and not Path(value).is_absolute():
        candidate = base / value
        if candidate.is_file():
            return str(candidate)
    return value
