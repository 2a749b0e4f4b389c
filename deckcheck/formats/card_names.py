"""The card names a format file writes that no card of the card data has.

A ban on a misspelt name (`Lightning Blot`) bans nothing: the deck's Lightning Bolt never
matches it, and nothing else says so. `deckcheck formats check` looks every name a user's
format file writes up in the card data of the format's game (docs/format-files.md#errors):
the entries of the dated card lists (by `card`; an entry with a `code` is matched by its
passcode, so its name is only a label), the cards named by `points` and
`copy_limit.per_card`, and the lists of names `basic_lands` and `pool.free_cards`; and
warns of every passcode it writes that no card has (`unknown_passcodes`), and finds an
entry whose name is another card's than its passcode (`misnamed_passcodes`). The first two are kept
with the merged format (`written_cards`), so `validate`, `batch`, `cards lookup -f` and
`check` warn of them in one line each (`format_file_warnings`) without reading YAML again.
"""
from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import FormatError
from ..games.yugioh import is_passcode, passcode_key
from ..limits import MAX_SUGGESTED_NAMES, quoted
from ..names import card_key
from ..record import Record
from ..schema import Keys, dotted, value_at
from ..wording import names_listed

if TYPE_CHECKING:
    from ..cards.catalog import Catalog
    from ..yamlload import YamlDocument
    from .model import Format

# Mappings whose keys are card names, and lists of plain card names, by where they sit.
NAMES_AS_KEYS: tuple[Keys, ...] = (("points",), ("copy_limit", "per_card"))
NAME_LISTS: tuple[Keys, ...] = (("basic_lands",), ("pool", "free_cards"))


# The top-level keys holding a dated card list (those whose spec is one of schema.CARD_LISTS),
# in the format schema's order. Written out, not read from the schema: composing it imports
# every rule module, and a batch counts its formats' names (run_names.py) where a Magic
# check imports only the rules it runs (rules/__init__.py). tests/test_registry.py holds
# this to the schema.
DATED_LIST_KEYS = ("banned_as_commander", "banned", "restricted", "card_limits", "pool_cards", "banned_as_companion")


def dated_entries(data: Mapping[str, Any]) -> Iterator[tuple[Keys, Mapping[str, Any]]]:
    """((list key, index), entry) of every entry of a format file's own dated card lists
    that is a mapping (`{card, code, since, until, ...}`), in file order."""
    for list_key in DATED_LIST_KEYS:
        for index, entry in enumerate(data.get(list_key) or ()):
            if isinstance(entry, Mapping):
                yield (list_key, index), entry


def written_names(data: Mapping[str, Any]) -> Iterator[tuple[Keys, str]]:
    """(where, name) of every card name a format file's own data writes, in file order."""
    for list_key in DATED_LIST_KEYS:
        for index, entry in enumerate(data.get(list_key) or ()):
            if isinstance(entry, str):
                yield (list_key, index), entry
            elif isinstance(entry, Mapping) and entry.get("code") is None and isinstance(entry.get("card"), str):
                yield (list_key, index, "card"), entry["card"]
    for keys in NAMES_AS_KEYS:
        for name in value_at(data, keys) or {}:
            # A passcode is not a name where one may key a card (Genesys points, even as a
            # string: written_passcodes); `copy_limit.per_card` maps names only.
            if isinstance(name, str) and (keys != ("points",) or passcode_key(name) is None):
                yield (*keys, name), name
    for keys in NAME_LISTS:
        for index, name in enumerate(value_at(data, keys) or ()):
            if isinstance(name, str):
                yield (*keys, index), name


def name_count(data: Mapping[str, Any]) -> int:
    """How many card names a format file's own data writes: the entries of its dated lists
    (those named by passcode too), the cards `points` and `copy_limit.per_card` map, and
    the lists of names (what formats.MAX_FORMAT_LIST_ENTRIES bounds over a chain)."""
    lists = sum(len(value) for key in DATED_LIST_KEYS if isinstance(value := data.get(key), list))
    return lists + sum(len(value) for keys in (*NAMES_AS_KEYS, *NAME_LISTS) if isinstance(value := value_at(data, keys), (list, dict)))


class UnknownName(Record):
    """A name no card has, where the file writes it (`key`, `line`), with the closest names,
    or the other game whose card it is (`of_game`: "Magic", with `in_format`: "a Yu-Gi-Oh!
    format (game yugioh)")."""

    __slots__ = ("path", "key", "line", "name", "close", "of_game", "in_format")

    def __init__(self, path: Path, key: str, line: int | None, name: str, close: list[str]) -> None:
        self.path = path
        self.key = key
        self.line = line
        self.name = name
        self.close = close
        self.of_game: str | None = None
        self.in_format = ""

    def error(self) -> FormatError:
        if self.of_game:
            hint = f"; it is a {self.of_game} card, and this is {self.in_format}"
        else:
            hint = f"; did you mean {names_listed(self.close)}?" if self.close else ""
        return FormatError(f"no card named {self.name!r} in the card data{hint}", path=str(self.path), key=self.key, line=self.line)


def unknown_names(
    documents: Sequence[tuple[Path, YamlDocument]], catalog: Catalog, game: str,
    cards_db: str | os.PathLike[str] | None = None,
) -> list[UnknownName]:
    """The names `documents` (format files as read) write that no card of `catalog`, the
    card data of `game`, has: file by file, each in line order; the first
    MAX_SUGGESTED_NAMES with the other game whose card it is, else the closest names
    (`close`). `cards_db`: the database the command was given, for the other games' cards."""
    found: list[UnknownName] = []
    for path, document in documents:
        written = list(written_names(document.data or {}))
        unknown = set(no_card(catalog, game, [name for _keys, name in written]))
        own = [UnknownName(path, dotted(keys), document.line_of(keys), name, []) for keys, name in written if name in unknown]
        found += sorted(own, key=lambda unknown: unknown.line or 0)
    # "Did you mean" for the first names only, as in a deck (limits.py): a suggestion costs
    # 5 to 15 ms, and a file of 90,000 misspelt names took minutes.
    others = _other_catalogs(game, cards_db) if found else []
    for name in found[:MAX_SUGGESTED_NAMES]:
        # Another game's card (Lightning Bolt in a Yu-Gi-Oh! list): its own game's closest
        # names (Lightning Blade) would be no answer.
        name.of_game = next((label for label, other in others if spelt(other, name.name) is not None), None)
        if name.of_game:
            name.in_format = _format_words(game)
        else:
            name.close = _close(catalog, name.name)
    return found


def _other_catalogs(game: str, cards_db: str | os.PathLike[str] | None) -> list[tuple[str, Catalog]]:
    """(label, card data) of each game other than `game` that has card data, from the
    database given or the built-in data (never the network)."""
    from ..cards.other_game import other_catalogs

    return [(other.label, catalog) for other, catalog in other_catalogs(game, cards_db)]


def _format_words(game: str) -> str:
    """`a Yu-Gi-Oh! format (game yugioh)`."""
    from ..games import find

    known = find(game)
    label = known.label if known is not None else game
    return f"a {label} format (game {game})"


def written_passcodes(data: Mapping[str, Any]) -> Iterator[tuple[Keys, int]]:
    """(where, passcode) of every passcode a format file's own data writes: the `code` of
    its dated lists' entries (an imported lflist's), then the passcode keys of `points`."""
    for list_key in DATED_LIST_KEYS:
        for index, entry in enumerate(data.get(list_key) or ()):
            if isinstance(entry, Mapping) and is_passcode(entry.get("code")):
                yield (list_key, index, "code"), entry["code"]
    for key in value_at(data, ("points",)) or {}:
        code = passcode_key(key)  # `14558127`, or the string `"14558127"`
        if code is not None:
            yield ("points", str(key)), code  # a mapping key, as `points.14558127` (not an index)


def written_cards(data: Mapping[str, Any]) -> dict[str, list[Any]]:
    """What a user's format file writes to look up in the card data, as the merged format
    keeps it (formats/model.py `WRITTEN`): its card names and its passcodes."""
    from .model import WRITTEN_NAMES, WRITTEN_PASSCODES

    return {WRITTEN_NAMES: [name for _keys, name in written_names(data)],
            WRITTEN_PASSCODES: [code for _keys, code in written_passcodes(data)]}


def _no_card_has(catalog: Any, code: int) -> bool:
    """No card of `catalog` has passcode `code`. A passcode 1 to 20 above a card's is that
    card's alternate artwork, as a deck's is (games/yugioh/catalog.py): imported lflists
    list such passcodes, and they are no mistake."""
    return catalog.by_code(code) is None and catalog.artwork_of(code) is None


def _has_passcodes(game_id: str) -> bool:
    from ..games import find

    game = find(game_id)
    return game is not None and game.passcodes


def unknown_passcodes(documents: Sequence[tuple[Path, YamlDocument]], catalog: Catalog | None, game: str) -> list[str]:
    """One warning for each passcode `documents` write that no card of `catalog`, the card
    data of `game`, has: its entry applies to no card (a mistyped `points: {14558172: 40}`;
    an alternate artwork's is none, see `_no_card_has`), the first MAX_SUGGESTED_NAMES with
    the cards one typo away. None without card data, or in a
    game whose cards have no passcodes (`Game.passcodes`)."""
    if catalog is None or not _has_passcodes(game):
        return []
    warnings = []
    for path, document in documents:
        for keys, code in written_passcodes(document.data or {}):
            if not _no_card_has(catalog, code):
                continue
            # The cards one typo away for the first passcodes only, as for names (above).
            close = catalog.suggest_passcodes(code) if len(warnings) < MAX_SUGGESTED_NAMES else []
            hint = f"; did you mean {names_listed(close)}?" if close else ""
            warnings.append(str(FormatError(
                f"no card has passcode {code} in the card data, so its entry applies to no card{hint} "
                f"(a card newer than the data: {newer_cards(game)})",
                path=str(path), key=dotted(keys), line=document.line_of(keys),
            )))
    return warnings


def newer_cards(game_id: str) -> str:
    """How cards newer than the card data get into it for `game_id` (`Game.newer_cards_hint`)."""
    from ..games import find

    game = find(game_id)
    return game.newer_cards_hint if game is not None else "run `deckcheck cards sync` or give --cards-db"


def misnamed_passcodes(documents: Sequence[tuple[Path, YamlDocument]], catalog: Catalog | None, game: str) -> list[FormatError]:
    """An error for each list entry `documents` write whose `card` is the name of another
    card than its `code` (`{card: Pot of Greed, code: 14558127}`, a line copied and its
    name changed): the card-limit rule matches an entry by passcode, then by name, so it
    applies to both cards. The passcode of an alternate artwork (or an "always treated as"
    card) with its card's name is one card; a name no card has is only a label. None
    without card data, or in a game whose cards have no passcodes."""
    if catalog is None or not _has_passcodes(game):
        return []
    found = []
    for path, document in documents:
        for where, entry in dated_entries(document.data or {}):
            if not is_passcode(entry.get("code")) or not isinstance(entry.get("card"), str):
                continue
            by_code, by_name = catalog.by_code(entry["code"]), spelt(catalog, entry["card"])
            if by_code is None or by_name is None or catalog.root(by_code).code == catalog.root(by_name).code:
                continue
            keys = (*where, "card")
            found.append(FormatError(
                f"{quoted(entry['card'])} is another card than its passcode {entry['code']} ({by_code.name}), so the "
                "entry applies to both, one by its passcode and the other by its name: correct the name or the passcode",
                path=str(path), key=dotted(keys), line=document.line_of(keys),
            ))
    return found


def bundled_names(game: str) -> frozenset[str]:
    """The card keys of every name the formats shipped with deckcheck for `game` write: the
    official lists name cards the built-in card data leaves out (Mystery Booster playtest
    cards, Unfinity's stickers), and a format copying such a list names real cards. Worked
    out once a run (for each DECKCHECK_FORMATS_PATH, whose ids may shadow bundled ones):
    a batch or a check asks it for every user's format file."""
    return _bundled_names(game, os.environ.get("DECKCHECK_FORMATS_PATH", ""))


@lru_cache(maxsize=8)
def _bundled_names(game: str, _formats_path: str) -> frozenset[str]:
    from . import available, find, is_bundled, load

    keys: set[str] = set()
    for format_id in available():
        try:
            _id, file = find(format_id)
            if not is_bundled(file.resolve()):
                continue  # a user's format of that id, in DECKCHECK_FORMATS_PATH
            fmt = load(format_id)
        except FormatError:
            continue
        if fmt.game == game:
            keys.update(card_key(name) for _keys, name in written_names(fmt.data))
    return frozenset(keys)


# Names a `validate` warning shows; `formats check` names them all.
NAMES_SHOWN = 3


def unknown_in_format(fmt: Format, catalog: Catalog) -> list[str]:
    """The names the user's own format files of `fmt` write (kept when the chain was read:
    formats/merge.py) that no card of `catalog` has. Reads no YAML, so `validate` keeps
    its format cache."""
    return list(dict.fromkeys(no_card(catalog, fmt.game, fmt.names_written_by_files)))


def no_card(catalog: Catalog, game: str, names: Iterable[str]) -> list[str]:
    """The `names` no card of `catalog` has. A name the bundled formats' lists hold counts
    as a card: the official lists name cards the built-in data leaves out."""
    missing = [name for name in names if spelt(catalog, name) is None]
    if missing:
        vouched = bundled_names(game)
        missing = [name for name in missing if card_key(name) not in vouched]
    return missing


def spelt(catalog: Catalog, name: str) -> Any:
    """The card `name` is, as a format's lists match it: by its key (`card_key`: case,
    accents and faces aside). The card data also reads a name without its punctuation
    (`Maxx C` is Maxx "C", for a typed deck), but a list entry so written matches no deck's
    card, so `points: {Maxx C: 40}` is no card's entry: None."""
    card = catalog.get(name)
    return card if card is not None and card_key(card.name) == card_key(name) else None


def _close(catalog: Catalog, name: str) -> list[str]:
    """"Did you mean" for a name no card has: first the card the data reads it as without
    its punctuation (the name to write), then the closest names."""
    loose = catalog.get(name)
    close = catalog.suggest(name)
    return close if loose is None else [loose.name, *(other for other in close if other != loose.name)]


def unknown_names_warning(fmt: Format, catalog: Catalog, *, in_archive: str | None = None) -> str | None:
    """One line for `validate -f FILE.yaml` when the format file writes names no card has
    (None when every name is a card's): how many, and the first few. `in_archive`: the
    file's path inside a batch's zip, which `formats check` reads once unzipped."""
    found = unknown_in_format(fmt, catalog)
    if not found:
        return None
    shown = ", ".join(quoted(name) for name in found[:NAMES_SHOWN]) + (", ..." if len(found) > NAMES_SHOWN else "")
    names = "1 card name matches" if len(found) == 1 else f"{len(found):,} card names match"
    return _no_card_line(fmt, names, len(found), shown, in_archive)


def unknown_passcodes_warning(fmt: Format, catalog: Catalog, *, in_archive: str | None = None) -> str | None:
    """One line, as `unknown_names_warning`'s, when the user's own format files of `fmt`
    write passcodes no card has (kept when the chain was read: no YAML read again); None
    when every one is a card's, or the game's cards have no passcodes."""
    if not fmt.passcodes_written_by_files or not _has_passcodes(fmt.game):
        return None
    found = list(dict.fromkeys(code for code in fmt.passcodes_written_by_files if _no_card_has(catalog, code)))
    if not found:
        return None
    shown = ", ".join(str(code) for code in found[:NAMES_SHOWN]) + (", ..." if len(found) > NAMES_SHOWN else "")
    codes = "1 passcode matches" if len(found) == 1 else f"{len(found):,} passcodes match"
    return _no_card_line(fmt, codes, len(found), shown, in_archive)


def _no_card_line(fmt: Format, what: str, count: int, shown: str, in_archive: str | None) -> str:
    """`FILE: <what> no card of the card data, so ... to no card: <shown>; formats check says where`."""
    entries = "its entry applies" if count == 1 else "their entries apply"
    where = in_archive or fmt.path
    unzipped = " in the unzipped archive" if in_archive else ""
    return (f"{where}: {what} no card of the card data, so {entries} to no card: {shown}; "
            f"`deckcheck formats check {where}`{unzipped} says where")


def placed_format_file_warnings(fmt: Format, catalog: Catalog | None) -> list[tuple[str, Path | None, int | None]]:
    """`format_file_warnings`, each with the file of the chain and the line that write the
    first entry it is about (a misspelt name, a passcode no card has, a card `points` values
    twice), for an annotation there: on the file alone, GitHub put it at the file's top and
    a reviewer searched the list for the name. The format's own file and no line when no
    file of the chain can be read again. Reads the chain's own files only when there is a
    warning, never on a batch's path."""
    names, codes, conflicts = _warnings(fmt, catalog)
    if catalog is None or not (names or codes or conflicts):
        return []
    documents = _own_documents(fmt)
    missing = set(unknown_in_format(fmt, catalog)) if names else set()
    bad_codes = {code for code in fmt.passcodes_written_by_files if _no_card_has(catalog, code)} if codes else set()
    places = (
        next(((path, document.line_of(keys)) for path, document in documents
              for keys, name in written_names(document.data or {}) if name in missing), None),
        next(((path, document.line_of(keys)) for path, document in documents
              for keys, code in written_passcodes(document.data or {}) if code in bad_codes), None),
        _first_conflict(fmt, catalog, documents) if conflicts else None,
    )
    default = Path(fmt.path) if fmt.path else None
    return [(warning, *(place or (default, None))) for warning, place in zip((names, codes, conflicts), places) if warning]


def _own_documents(fmt: Format) -> list[tuple[Path, YamlDocument]]:
    """The user's own files of `fmt`'s chain (its file, then the format files it extends),
    read again; one that no longer reads (changed since it was loaded) is left out."""
    from ..errors import DeckcheckError
    from ..yamlload import read_yaml_file
    from . import is_file_name

    documents = []
    for ref in (fmt.path, *(ref for ref in fmt.chain[1:] if is_file_name(ref))):
        if ref:
            try:
                documents.append((Path(ref), read_yaml_file(Path(ref), what="format file")))
            except (DeckcheckError, OSError):
                continue
    return documents


def _first_conflict(fmt: Format, catalog: Catalog, documents: Sequence[tuple[Path, YamlDocument]]) -> tuple[Path, int | None] | None:
    """Where the first card `points` values twice is keyed by passcode (formats check's place)."""
    from .points_conflicts import conflict_errors

    errors = conflict_errors(fmt.option("points"), catalog, documents) if documents else []
    return (Path(errors[0].path), errors[0].line) if errors and errors[0].path else None


def _warnings(fmt: Format, catalog: Catalog | None, in_archive: str | None = None) -> tuple[str | None, str | None, str | None]:
    """The three warnings of a user's format file, each None when it has nothing to say:
    names no card has, passcodes no card has, cards `points` values twice."""
    if catalog is None or not fmt.writes_cards:
        return None, None, None
    from .points_conflicts import conflicts_warning

    return (unknown_names_warning(fmt, catalog, in_archive=in_archive),
            unknown_passcodes_warning(fmt, catalog, in_archive=in_archive),
            conflicts_warning(fmt, catalog, in_archive=in_archive))


def format_file_warnings(fmt: Format, catalog: Catalog | None, *, in_archive: str | None = None) -> list[str]:
    """The warnings a user's format file gets wherever a deck is checked with it (`validate`,
    `batch`, `cards lookup -f`, `check`): names and passcodes no card has, and a card its
    `points` gives two values (formats/points_conflicts.py). None for a bundled format, or
    without card data (callers that must not import this module for those test
    `fmt.writes_cards` first)."""
    return [warning for warning in _warnings(fmt, catalog, in_archive) if warning]
