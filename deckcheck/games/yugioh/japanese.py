"""Yu-Gi-Oh! cards by their Japanese names, as OCG players write their lists.

A list copied from a Japanese deck site or typed by an OCG player names cards as the
Japanese cards print them (`3 灰流うらら`). The built-in card data holds each card's Japanese
name (YAML Yugi's `name_ja`, without the ruby readings printed above some kanji) in a table
of its own, `ygo_japanese_names`, keyed by `japanese_key`: full- and half-width forms,
spaces, middle dots and dashes are written in as many ways as there are keyboards
(`ＲＲ－アベンジ・ヴァルチャー`, `RR-アベンジヴァルチャー`), so none of them counts.

The table is read from the built-in file only, on the first name no English spelling
finds: an imported database (a `.cdb`, YGOPRODeck JSON) has English names, and its cards
are found by the passcode the Japanese name gives.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ...lazy_pattern import lazy
from ...names import nfkc

if TYPE_CHECKING:
    from ...cards.suggest import NameIndex

TABLE = "ygo_japanese_names"
SCHEMA = f"CREATE TABLE {TABLE} (key TEXT PRIMARY KEY, code INTEGER NOT NULL, printed TEXT NOT NULL) WITHOUT ROWID"

# YAML Yugi writes a kanji's reading as HTML ruby: `<ruby>巨竜の聖騎士<rt>パラディン・オブ・フェルグラント</rt></ruby>`
# prints 巨竜の聖騎士 with the reading above it; the printed name is the text outside `<rt>`.
_RUBY = lazy(r"<rt>.*?</rt>|</?ruby>")
# What varies between spellings of one name after NFKC has made full-width letters, digits
# and dashes ASCII: spaces (ideographic or not), the middle dot (・ and half-width ･), and
# dashes and hyphens of every width.
_NOT_IN_KEY = lazy("[\\s\u30fb\u00b7\\-\u2010\u2011\u2012\u2013\u2014\u2015\u2212]")
# A letter of a Japanese script (kana, kanji): a name without one cannot be Japanese.
_JAPANESE_LETTER = lazy("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]")


def printed_name(name_ja: str) -> str:
    """A YAML Yugi `name_ja` as the card prints it: its ruby readings left out."""
    return _RUBY.sub("", name_ja).strip()


def japanese_key(name: str) -> str:
    """The key a Japanese name is looked up by: NFKC (full-width ASCII, half-width kana),
    case folded, without spaces, middle dots and dashes."""
    return _NOT_IN_KEY.sub("", nfkc(name).casefold())


def is_japanese(name: str) -> bool:
    """Whether `name` holds kana or kanji (a name a Japanese player wrote)."""
    return not name.isascii() and _JAPANESE_LETTER.search(name) is not None


def rows_from_yaml_yugi(lines: Iterable[str]) -> Iterator[tuple[str, int, str]]:
    """(key, passcode, printed name) for each card of a YAML Yugi JSON-lines file that has a
    Japanese name and a passcode (the one the card data files it under, `yaml_yugi_passcode`).
    The passcode is the card's own, the one its other passcodes alias (as the importer
    reads the file: Dark Magician's 46986414, not its second artwork 36996508), so that
    `japanese_name` of the card finds it; a key two cards share goes to the first."""
    import json  # the build script's step only

    from . import yaml_yugi_passcode
    from .importer import read_yaml_yugi

    lines = list(lines)
    roots = {card.code: card.alias for card in read_yaml_yugi(lines) if card.alias}
    seen: set[str] = set()
    for line in lines:
        if not line.strip():
            continue
        card = json.loads(line)
        name, code = card.get("name_ja"), yaml_yugi_passcode(card)
        if not isinstance(name, str) or code is None:
            continue
        code = roots.get(code, code)
        printed = printed_name(name)
        key = japanese_key(printed)
        if key and key not in seen:
            seen.add(key)
            yield key, code, printed


def write_table(db_path: Path, rows: Iterable[tuple[str, int, str]]) -> int:
    """Replace the Japanese names of the card database at `db_path` (the built-in data's
    build, scripts/build_card_data.py); returns the rows written."""
    import sqlite3

    db = sqlite3.connect(db_path)
    try:
        with db:
            db.execute(f"DROP TABLE IF EXISTS {TABLE}")
            db.execute(SCHEMA)
            db.executemany(f"INSERT INTO {TABLE} VALUES (?, ?, ?)", rows)
        return db.execute(f"SELECT COUNT(*) FROM {TABLE}").fetchone()[0]
    finally:
        db.close()


# Names asked for again and again (a deck's 40 cards in every list of an event): the key's
# NFKC and pattern pass once a name; bounded, as a hostile list's names are many.
@lru_cache(maxsize=8192)
def japanese_code(name: str) -> int | None:
    """The passcode of the card whose Japanese name `name` spells, else None. Some Japanese
    names are printed in full-width Latin letters alone (`Ｓｉｎ Ｓｅｌｅｃｔｏｒ`), and typed in
    ASCII: any name is looked up."""
    return _table()[0].get(japanese_key(name))


def japanese_name(code: int) -> str | None:
    """The Japanese name the card of passcode `code` prints, when the data has one."""
    return _table()[1].get(code)


def japanese_suggestions(name: str, limit: int) -> list[str]:
    """"Did you mean" for a name in Japanese no card prints: the printed Japanese names
    closest to it (a kana or kanji mistyped, one left out)."""
    return _japanese_index().suggest(name, limit)


@lru_cache(maxsize=1)
def _japanese_index() -> NameIndex:
    """The printed Japanese names' index, built on the first unknown Japanese name."""
    from ...cards.suggest import NameIndex

    return NameIndex(dict.fromkeys(_table()[1].values()))


@lru_cache(maxsize=1)
def _table() -> tuple[dict[str, int], dict[int, str]]:
    """(passcodes by name key, printed names by passcode), read from the built-in data once
    a process (the file is part of the package and never changes while deckcheck runs)."""
    import sqlite3

    from ...cards.builtin import builtin_path
    from ...cards.tables import REINSTALL_HINT, open_read_only

    db = open_read_only(builtin_path(), immutable=True, fix=REINSTALL_HINT)
    try:
        rows = db.execute(f"SELECT key, code, printed FROM {TABLE}").fetchall()
    except sqlite3.OperationalError:
        return {}, {}  # data built before Japanese names were kept: English names only
    finally:
        db.close()
    printed: dict[int, str] = {}
    for _, code, name in rows:
        printed.setdefault(code, name)
    return {key: code for key, code, _ in rows}, printed
