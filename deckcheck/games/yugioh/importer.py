"""Read Yu-Gi-Oh! card files into `YgoCard`s: YGOPro/EDOPro `cards.cdb`, the YGOPRODeck
card JSON, and YAML Yugi's one-card-per-line JSON (the shared `cards.jsonl.gz`).

- `cards.cdb` (SQLite, tables `datas` and `texts`): `datas.id` is the passcode, `type` the
  YGOPro type bits, `alias` the passcode it counts as, `ot` the region bits.
- YGOPRODeck (`{"data": [{id, name, type, frameType, race, card_images: [{id}], ...}]}`):
  type bits are derived from the `type` text (`Synchro Tuner Monster`) and, for Spells and
  Traps, from `race` (`Quick-Play`); every `card_images` id other than the card's own is an
  alternate artwork, stored as a passcode aliased to the card.
- YAML Yugi (`{"passcode", "konami_id", "name", "ygopro_type", ...}` a line): a card that
  prints no passcode is read under its `fake_password`, the number simulators give it (the
  Egyptian God cards), and a card with neither is skipped; where two passcodes share a
  Konami id (Dark Magician, Polymerization) the one with fewer printings is aliased to the
  other.

`recognise` tells these files apart for `cards import` (by content, compressed files too):
a SQLite file with tables `datas` and `texts`; an object starting `{"data": [`; a first
line that is a JSON object with `passcode` and `name`. Each reader raises
`CardFileError` with a one-line reason when the file is not that shape.
"""
from __future__ import annotations

import io
import json
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from ...cards.importer import (
    CardFile,
    CardFileError,
    CardImport,
    FetchedFile,
    json_failure,
    parse_json,
    whole_file_import,
)
from ...limits import NumberTooLong, whole_number
from . import is_passcode, yaml_yugi_passcode
from .cards import TYPE_BITS, YgoCard
from ...lazy_pattern import lazy

_YGOPRODECK_HEAD = lazy(r'^\s*\{\s*"data"\s*:\s*\[')


def recognise(file: CardFile) -> CardImport | None:
    """The import of a Yu-Gi-Oh! card file, or None when `file` is not one."""
    if is_cdb(file.path):
        return whole_file_import(file, "YGOPro cards.cdb", lambda f: read_cdb(f.path), _write)
    if _YGOPRODECK_HEAD.match(file.head):
        return ygoprodeck_import(file)
    if _first_line_is_yaml_yugi(file.head):
        return whole_file_import(file, "YAML Yugi cards", lambda f: read_yaml_yugi(io.StringIO(f.text())), _write)
    return None


def ygoprodeck_import(file: CardFile | FetchedFile, meta: dict[str, str] | None = None) -> CardImport:
    """The import of YGOPRODeck card JSON: a file, or the card list `cards sync` fetched;
    `meta`: what to record besides its source and name (the API's database version)."""
    extra = meta or {}
    return whole_file_import(file, "YGOPRODeck card JSON", lambda f: read_ygoprodeck(parse_json(f.text())),
                             lambda path, cards, own: _write(path, cards, {**own, **extra}))


def _write(db_path: Path, cards: list[YgoCard], meta: dict[str, str]) -> int:
    # The tables' module (and the catalog it imports) is loaded once a file is recognised:
    # every `cards import`, a Magic one too, asks this module first.
    from . import store

    return store.write(db_path, cards, meta)


def _first_line_is_yaml_yugi(head: str) -> bool:
    line = head.lstrip().split("\n", 1)[0]
    try:
        value = json.loads(line)
    except (ValueError, RecursionError):
        return False
    return isinstance(value, dict) and "passcode" in value and "name" in value


# ------------------------------------------------------------------ cards.cdb


def is_cdb(path: Path) -> bool:
    try:
        with open(path, "rb") as handle:
            if handle.read(16) != b"SQLite format 3\x00":
                return False
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            db.close()
    except (OSError, sqlite3.DatabaseError):
        return False
    return {"datas", "texts"} <= tables


def read_cdb(path: Path) -> Iterator[YgoCard]:
    try:
        db = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)
        rows = db.execute(
            "SELECT d.id, t.name, d.type, d.alias, d.ot FROM datas d JOIN texts t ON t.id = d.id ORDER BY d.id"
        ).fetchall()
        db.close()
    except sqlite3.DatabaseError as exc:
        raise CardFileError(f"not a YGOPro cards.cdb ({exc})") from None
    for code, name, bits, alias, ot in rows:
        if not code or not name:
            continue
        if not isinstance(name, str):
            raise CardFileError(f"card {_shown(code)}: its name is not text")
        yield YgoCard(code=_number(code, "passcode", code), name=name.strip(), type=_number(bits, "type", code),
                      alias=_number(alias, "alias", code), ot=_number(ot, "ot", code))


def _number(value: Any, what: str, code: Any) -> int:
    """A cell that must hold a whole number (YGOPro's columns have no type affinity, so a
    broken file may hold anything): 0 for none, else CardFileError naming the card."""
    if value is None or value == "":
        return 0
    if isinstance(value, (int, str)) and not isinstance(value, bool):
        try:
            return int(value)
        except ValueError:
            pass
    elif isinstance(value, float) and value.is_integer():
        return int(value)
    raise CardFileError(f"card {_shown(code)}: its {what} {_shown(value)} is not a whole number")


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "…"


# ------------------------------------------------------------------ YGOPRODeck JSON

_SPELL_TRAP_RACE = {"Quick-Play": "Quick-Play", "Continuous": "Continuous", "Equip": "Equip", "Field": "Field",
                    "Counter": "Counter", "Ritual": "Ritual"}
_TYPE_WORDS = {word.lower(): word for word in TYPE_BITS}
_TYPE_WORDS["xyz"] = "Xyz"


_FRAME_WORDS = {"normal": "Normal", "effect": "Effect", "ritual": "Ritual", "fusion": "Fusion", "synchro": "Synchro",
                "xyz": "Xyz", "link": "Link", "pendulum": "Pendulum"}


def ygoprodeck_type_bits(type_text: str, race: str | None = None, frame: str | None = None) -> int:
    """YGOPro type bits from YGOPRODeck's `type` (`Pendulum Effect Fusion Monster`) and
    `frameType` (`effect_pendulum`: its "Tuner Monster" is an Effect Monster)."""
    text = type_text.strip()
    if text == "Spell Card":
        return TYPE_BITS["Spell"] | TYPE_BITS.get(_SPELL_TRAP_RACE.get(race or "", ""), 0)
    if text == "Trap Card":
        return TYPE_BITS["Trap"] | TYPE_BITS.get(_SPELL_TRAP_RACE.get(race or "", ""), 0)
    if text == "Skill Card":
        return TYPE_BITS["Skill"]
    if text == "Token":
        return TYPE_BITS["Token"] | TYPE_BITS["Monster"]
    bits = TYPE_BITS["Monster"]
    for word in text.split() + (frame or "").split("_"):
        name = _TYPE_WORDS.get(word.lower()) or _FRAME_WORDS.get(word.lower())
        if name and name != "Monster":
            bits |= TYPE_BITS[name]
    return bits


def _listed(value: Any) -> list[Any]:
    """A JSON list, or nothing (a field of the wrong kind reads as absent)."""
    return value if isinstance(value, list) else []


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _konami_id(card: dict[str, Any]) -> int | None:
    for info in _listed(card.get("misc_info")):
        if isinstance(info, dict) and isinstance(info.get("konami_id"), int):
            return info["konami_id"]
    return None


def _ot(card: dict[str, Any]) -> int:
    formats: set[str] = set()
    for info in _listed(card.get("misc_info")):
        if isinstance(info, dict):
            formats.update(str(item) for item in _listed(info.get("formats")))
    if formats:
        return (1 if "OCG" in formats else 0) | (2 if "TCG" in formats else 0)
    return 2 if card.get("card_sets") else 0


def read_ygoprodeck(document: Any) -> Iterator[YgoCard]:
    if not isinstance(document, dict) or not isinstance(document.get("data"), list):
        raise CardFileError('expected YGOPRODeck card JSON: an object with a "data" list')
    for index, card in enumerate(document["data"]):
        if not isinstance(card, dict) or not is_passcode(card.get("id")) or not isinstance(card.get("name"), str):
            raise CardFileError(f'data[{index}] is not a card (needs a passcode "id" and a "name")')
        bits = ygoprodeck_type_bits(_text(card.get("type")), _text(card.get("race")), _text(card.get("frameType")))
        code = card["id"]
        common = {"name": card["name"].strip(), "type": bits, "ot": _ot(card), "konami_id": _konami_id(card)}
        yield YgoCard(code=code, **common)
        for image in _listed(card.get("card_images")):
            other = image.get("id") if isinstance(image, dict) else None
            if is_passcode(other) and other != code:
                yield YgoCard(code=other, alias=code, **common)


# ------------------------------------------------------------------ YAML Yugi lines


def _printings(card: dict[str, Any]) -> int:
    return sum(len(_listed(card.get(key))) for key in ("tcg_set_numbers", "ocg_set_numbers"))


_LINE = "the line"


def read_yaml_yugi(lines: Iterable[str]) -> Iterator[YgoCard]:
    records: list[dict[str, Any]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            card = json.loads(line, parse_int=whole_number)
        except json.JSONDecodeError as exc:
            where = json_failure(exc, _LINE).removeprefix("line 1, ")  # one JSON text a line: its column says where
            raise CardFileError(f"line {number}: not JSON ({where})") from None
        except NumberTooLong as exc:
            raise CardFileError(f"line {number}: {exc}") from None
        except RecursionError:
            raise CardFileError(f"line {number}: not JSON (nested too deeply)") from None
        if not isinstance(card, dict) or "name" not in card or "passcode" not in card:
            raise CardFileError(f'line {number}: not a YAML Yugi card (needs "passcode" and "name")')
        code = yaml_yugi_passcode(card)
        if code is not None:
            records.append({**card, "passcode": code})
    # One Konami id with several passcodes: the most printed one is the card, others alias it.
    by_konami: dict[int, dict[str, Any]] = {}
    for card in records:
        kid = card.get("konami_id")
        if isinstance(kid, int):
            best = by_konami.get(kid)
            if best is None or _printings(card) > _printings(best):
                by_konami[kid] = card
    for card in records:
        kid = card.get("konami_id")
        root = by_konami.get(kid) if isinstance(kid, int) else None
        alias = root["passcode"] if root is not None and root is not card else 0
        # An empty print code is still a print (the first OCG sets had no numbers).
        tcg = bool(card.get("tcg_set_numbers"))
        ocg = bool(card.get("ocg_set_numbers"))
        yield YgoCard(
            code=card["passcode"], name=str(card["name"]).strip(),
            type=_number(card.get("ygopro_type"), "ygopro_type", card["passcode"]), alias=alias,
            ot=(1 if ocg else 0) | (2 if tcg else 0), konami_id=kid if isinstance(kid, int) else None,
        )
