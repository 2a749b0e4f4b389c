"""Card data: one SQLite file holding every game's cards (a synced or imported database,
else the built-in data inside the package), and the catalogs read from it.

    >>> from deckcheck.cards import catalog_for
    >>> catalog, note = catalog_for("mtg")       # DECKCHECK_CARDS_DB, the default place, or built in
    >>> catalog.get("lightning bolt").name
    'Lightning Bolt'

Game-independent plumbing only: `catalog` (the `Catalog` protocol every game's catalog
implements), `paths` (where the file lives), `builtin` (the data shipped in the
package), `importer` (`cards import`: which game a
file belongs to), `tables` (a game's own tables in the file, written atomically), `resolve`
(names in a deck made the catalog's, `unknown-card`), `suggest` ("did you mean"), `http`
(cached, rate-limited HTTP session), `jsonstream` (streamed JSON). What one game knows
lives in games/<game>/.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from stat import S_ISDIR
from typing import TYPE_CHECKING, Any

from .paths import DB_ENV, db_path, refuse_folder

if TYPE_CHECKING:
    from pathlib import Path

    from ..games import Game
    from .catalog import Catalog

OFFLINE_ENV = "DECKCHECK_OFFLINE"
# The note when there is no database file at all (Magic's `no_data_note`: its checks are
# the ones that need the file).
NO_DATABASE_NOTE = (
    "no card database, so card names and card pools were not checked (unknown-card, not-in-pool); "
    "build one with `deckcheck cards sync`, or `deckcheck cards import FILE` without internet"
)
# Open catalogs by (game, file, its mtime and size, offline, warn): a batch asks once per
# deck, and a catalog remembers its answers. One per game is kept: an older file's is stale.
_OPEN: dict[tuple[Any, ...], Catalog] = {}

__all__ = ["catalog_for", "db_path", "offline_by_default", "note_to_say", "DB_ENV", "OFFLINE_ENV", "NO_DATABASE_NOTE"]


def note_to_say(note: str | None, card_pool: bool) -> str | None:
    """The note of `catalog_for` that a command says for a format: all of them (a database
    an older deckcheck built, set aside, is always worth one), but that there is no card
    database at all only for a format with a card pool (`card_pool`), which only the file
    checks, so other formats keep a quiet stderr."""
    return None if note == NO_DATABASE_NOTE and not card_pool else note


def offline_by_default() -> bool:
    return switched_on(OFFLINE_ENV)


# The answers that leave a switch off. Any other value turns it on: DECKCHECK_OFFLINE=y is
# meant as yes, and reading a word we do not list as "no" would send a CI's card names
# online against its wish (docs/contracts.md).
_OFF_WORDS = frozenset(("", "0", "false", "no", "off", "n"))


def switched_on(variable: str) -> bool:
    """Whether the environment variable is set to anything but `0`, `false`, `no`, `n`, `off`
    or nothing (docs/contracts.md)."""
    return os.environ.get(variable, "").strip().lower() not in _OFF_WORDS


def check_database_path(cards: object, *, may_be_off: bool = False) -> None:
    """OptionError (setting `cards`) unless `cards` is None or a card database's path (a
    str or a Path), or False when `may_be_off` (no card data: convert's, as validate's):
    what convert and lookup_card take, which open no catalog they are given (validate and
    simulate take one: pipeline.card_catalog)."""
    from pathlib import Path

    if cards is not None and not isinstance(cards, (str, Path)) and not (may_be_off and cards is False):
        from ..errors import OptionError

        choose = "None (the default card data) or False (no card data)" if may_be_off else "or None (the default card data)"
        raise OptionError("cards", f"{cards!r}: give a card database's path, {choose}")


def require_database(path: str | os.PathLike[str]) -> None:
    """OptionError (setting `cards`) unless a card database file is at `path`: a database
    named on purpose that is missing is a mistake to say, never a quiet fall back to the
    built-in data (the CLI names the setting --cards-db)."""
    from ..errors import OptionError
    from ..limits import one_line

    if os.fspath(path) == "":  # a setting read from an unset variable: no path to name or to build
        raise OptionError("cards", "'': an empty path; give a card database's path, a catalog, None (the default card "
                                   "data) or False (no card data)")
    refuse_folder(path, named=True)
    if not os.path.isfile(path):
        shown = one_line(os.fspath(path))
        raise OptionError("cards", f"{shown}: no such file; build it with `deckcheck cards import FILE --cards-db {shown}`")


def catalog_for(
    game: str,
    path: str | os.PathLike[str] | None = None,
    *,
    offline: bool | None = None,
    warn: Callable[[str], None] | None = None,
    set_aside: bool = True,
) -> tuple[Catalog | None, str | None]:
    """The card catalog to validate `game` with, and a note for the user (or None).

    The one place that chooses card data: the database at `path` (which must exist:
    OptionError, setting `cards`, when not; else
    DECKCHECK_CARDS_DB, else the default place) when it holds this game's cards, else the
    built-in data (cards/builtin.py). A database of an older deckcheck falls back to the
    built-in data with a note saying how to rebuild it (`set_aside=False`: raises
    OutdatedCardData instead, for a caller with no place for the note); a database or built-in file that
    is damaged raises CardDataError (one line: the file and the fix). A game with no
    data anywhere gets (None, its `no_data_note`) and is checked without card facts.
    Catalogs are reused while the file is unchanged.
    """
    from ..errors import MissingGameData, OutdatedCardData
    from ..games import find

    if path is not None:  # named on purpose: missing is a mistake to say, not a fall back
        require_database(path)
    described = find(game)
    if described is None:
        return None, None
    if offline is None:
        offline = offline_by_default()
    note = None
    target: Path | None = None  # set whenever `stat` is, and whenever DB_ENV is
    stat: os.stat_result | None = None
    try:
        target = db_path(path)
        stat = os.stat(target)
    except OSError:  # no database there, or no user folder to hold one (errors.NoUserFolder)
        pass
    if stat is not None and S_ISDIR(stat.st_mode):
        refuse_folder(target, named=False)  # `path` named a file (require_database): the variable's, or the default
    if stat is not None:
        try:
            return _open(described, target, stat, offline=offline, warn=warn, builtin=False), None
        except MissingGameData:
            pass
        except OutdatedCardData as exc:
            if not set_aside:
                raise
            note = f"{exc}; until then the built-in card data is used"
    elif path is None and os.environ.get(DB_ENV):
        from ..limits import one_line

        # Set on purpose (a CI cache, a shared machine) yet not there: falling back without a
        # word hid a misspelt path or a cache that was never restored.
        # The game's own way to build it: `cards sync` fetches Magic's alone, WoW has no source.
        note = (f"{DB_ENV} names {one_line(os.fspath(target))}: no such file; the built-in card data is used "
                f"until {described.data_command} builds it")
    from .builtin import builtin_file, holds

    if not holds(described.tables):
        return None, note or described.no_data_note
    source, source_stat = builtin_file()
    return _open(described, source, source_stat, offline=True, warn=warn, builtin=True), note


def _open(described: Game, target: Path, stat: os.stat_result, *, offline: bool, warn: Callable[[str], None] | None,
          builtin: bool) -> Catalog:
    # A stat, no path resolving, tells whether the file changed.
    key = (described.id, os.fspath(target), stat.st_mtime_ns, stat.st_size, offline, warn)
    catalog = _OPEN.get(key)
    if catalog is None:
        catalog = described.load_catalog(target, offline=offline, warn=warn, builtin=builtin)
        for old in [old for old in _OPEN if old[0] == described.id]:
            del _OPEN[old]
        _OPEN[key] = catalog
    return catalog
