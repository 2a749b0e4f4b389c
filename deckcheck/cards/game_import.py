"""`deckcheck cards import FILE` for Yu-Gi-Oh! and WoW TCG card files.

The kind is recognised from the content (compressed files too), before the Magic
importers are tried:

| file | recognised by | game |
|---|---|---|
| YGOPro / EDOPro `cards.cdb` | SQLite with tables `datas` and `texts` | yugioh |
| YGOPRODeck card JSON | an object starting `{"data": [` | yugioh |
| YAML Yugi lines (`cards.jsonl.gz`) | a first line that is a JSON object with `passcode` | yugioh |
| WoW TCG card data (`cards.json.gz`) | a JSON array of objects with `cardid` and `setcode` | wow |
| your WoW card file | `.csv` or `.yaml`/`.yml` (columns in `wow_import`) | wow |

Importing one game's file replaces that game's cards only.
"""
from __future__ import annotations

import io
import json
import lzma
import re
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from ..errors import CardDataError
from .game_store import GameTablesWriter
from .importer import ImportSummary, open_text
from ..games.wow.importer import looks_like_shared, read_shared, read_user_csv, read_user_yaml
from ..games.yugioh.importer import CardFileError, is_cdb, read_cdb, read_yaml_yugi, read_ygoprodeck

_YGOPRODECK_HEAD = re.compile(r'^\s*\{\s*"data"\s*:\s*\[')
_HEAD_CHARS = 65536
_READ_ERRORS = (OSError, EOFError, ValueError, zlib.error, lzma.LZMAError)
# Whole-file readers: these files are a few megabytes (the Magic bulk files are streamed).
Reader = Callable[[str], Iterable[Any]]


def _read_text(path: Path) -> str:
    try:
        with open(path, "rb") as raw:
            return open_text(raw).read()  # type: ignore[arg-type]
    except UnicodeDecodeError:
        raise CardDataError(f"{path.name}: not UTF-8 text; the card database was not changed") from None
    except _READ_ERRORS as exc:
        raise CardDataError(f"cannot read {path} ({getattr(exc, 'strerror', None) or exc}); the card database was not changed") from None


def _head(path: Path) -> str:
    try:
        with open(path, "rb") as raw:
            return open_text(raw).read(_HEAD_CHARS)  # type: ignore[arg-type]
    except _READ_ERRORS:  # (UnicodeDecodeError is a ValueError) not a game file: let the Magic importer say why
        return ""


def _first_line_is_yaml_yugi(head: str) -> bool:
    line = head.lstrip().split("\n", 1)[0]
    try:
        value = json.loads(line)
    except ValueError:
        return False
    return isinstance(value, dict) and "passcode" in value and "name" in value


def detect(path: Path) -> tuple[str, str, Reader] | None:
    """(game, source label, reader of the file's text) for a game file, else None."""
    if is_cdb(path):
        return "yugioh", "YGOPro cards.cdb", lambda _text: read_cdb(path)
    suffixes = [suffix.lower() for suffix in path.suffixes]
    if ".csv" in suffixes:
        return "wow", "WoW TCG card file (CSV)", read_user_csv
    if ".yaml" in suffixes or ".yml" in suffixes:
        return "wow", "WoW TCG card file (YAML)", lambda text: read_user_yaml(_yaml(text))
    head = _head(path)
    if _YGOPRODECK_HEAD.match(head):
        return "yugioh", "YGOPRODeck card JSON", lambda text: read_ygoprodeck(_json(text))
    if _first_line_is_yaml_yugi(head):
        return "yugioh", "YAML Yugi cards", lambda text: read_yaml_yugi(io.StringIO(text))
    if head.lstrip().startswith("[") and '"cardid"' in head and '"setcode"' in head:
        return "wow", "WoW TCG card data", lambda text: _wow_shared(_json(text))
    return None


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardFileError(f"not valid JSON (line {exc.lineno}: {exc.msg})") from None


def _yaml(text: str) -> Any:
    from ..yamlload import YamlError, load_yaml

    try:
        return load_yaml(text, source="card file", aliases=False, what="card file")
    except YamlError as exc:
        raise CardFileError(f"not valid YAML ({exc.detail})") from None


def _wow_shared(document: Any) -> Iterable[Any]:
    if not looks_like_shared(document):
        raise CardFileError("expected WoW TCG card data: a JSON array of card objects with cardid and setcode")
    return read_shared(document)


def import_game_file(path: Path, db_path: Path) -> ImportSummary | None:
    """Import a Yu-Gi-Oh! or WoW TCG card file; None when the file is neither."""
    found = detect(path)
    if found is None:
        return None
    game, source, reader = found
    text = "" if source == "YGOPro cards.cdb" else _read_text(path)
    try:
        records = list(reader(text))
    except CardFileError as exc:
        raise CardDataError(f"{path.name}: {exc}; the card database was not changed") from None
    except UnicodeDecodeError:
        raise CardDataError(f"{path.name}: not UTF-8 text; the card database was not changed") from None
    if not records:
        raise CardDataError(f"{path.name}: no cards found; the card database was not changed")
    with GameTablesWriter(db_path, game) as writer:
        if game == "yugioh":
            writer.add_ygo(records)
        else:
            writer.add_wow(records)
        writer.commit({"source": source, "source_file": path.name})
        count = writer.count
    names = len({name for name, _ in records}) if game == "wow" else count
    return ImportSummary(path=db_path, source=source, cards=names, objects=len(records))
