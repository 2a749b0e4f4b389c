"""Format files: find, load (merged along `extends`, validated), list and check them.

A format is named by an id, a `str`: a path under a formats directory without `.yaml`
(`mtg/modern`); or by a format file of a user's, a `pathlib.Path`. A `str` is never
read as a file path, so text from a web form cannot make deckcheck read a file
(docs/security.md); the command line turns what the user typed into one or the other
(`reference`). Directories searched for ids, in order: those in `DECKCHECK_FORMATS_PATH`
(separated like PATH), then the formats shipped with deckcheck. The keys a format file may
state are in docs/format-files.md.

`extends:` names an id or a format file relative to the file that says it; a file must
lie inside the tree the format came from (the folder of the format file given, the
formats directory of an id, or the repository or archive a caller names): absolute paths,
`..` out of it and links out of it are refused before anything is read.

The package: model.py (the Format the rules read, built from merged data), merge.py
(`extends` and the dated lists), schema.py (the keys, composed from the shared keys and
each rule's `KEYS`), disk_cache.py (merged formats kept between runs in the user cache
directory), show.py (`deckcheck formats show`).
"""
from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Union

from .. import tree
from ..errors import DeckcheckError, FormatError, OptionError, of_setting
from ..limits import MAX_EXTENDS_DEPTH, MAX_FORMAT_LIST_ENTRIES, MAX_FORMATS_KEPT, quoted
from ..model import ANY_NUMBER
from .model import CopyLimit, Format, ListEntry, OpeningHand, ZoneSize, build_format
from .stamps import Stamp, file_stamps

if TYPE_CHECKING:
    from ..yamlload import YamlDocument

__all__ = [  # the format objects live in formats/model.py; most callers import them from here
    "ANY_NUMBER", "CopyLimit", "Format", "FormatRef", "ListEntry", "OpeningHand", "ZoneSize",
    "available", "check_file", "check_ref", "find", "format_dirs", "iter_formats", "load", "load_merged", "reference",
]

# A format as callers name it: an id (`mtg/modern`) or the path of a format file.
FormatRef = Union[str, Path]
# Format files as read, by real path (`check_file`).
Documents = dict[Path, "YamlDocument"]
FILE_SUFFIXES = (".yaml", ".yml")


def is_file_name(text: str) -> bool:
    """Whether `text` names a format file by its suffix, in any case (`Event.YAML`, as
    Windows and some exports write it, is as much a format file as `event.yaml`)."""
    return text.lower().endswith(FILE_SUFFIXES)
# What EDOPro calls its Forbidden & Limited files (`formats import-lflist` reads them).
LFLIST_SUFFIX = ".conf"

_PACKAGE_DIR = Path(__file__).resolve().parent.parent
# Installed wheels carry the files inside the package; a source checkout has them at the top.
BUNDLED_DIRS = (_PACKAGE_DIR / "_formats", _PACKAGE_DIR.parent / "formats")


def format_dirs() -> list[Path]:
    extra = [Path(part) for part in os.environ.get("DECKCHECK_FORMATS_PATH", "").split(os.pathsep) if part]
    bundled = [path for path in BUNDLED_DIRS if path.is_dir()][:1]
    return extra + bundled


# ---------------------------------------------------------------- finding and loading


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def reference(text: str, *, base: Path | None = None) -> FormatRef:
    """What a user wrote for a format (`-f`, deckcheck.yaml, a manifest's `format` column),
    as an id or a format file (relative to `base` when given): a file when it ends in
    `.yaml`/`.yml` (in any case), or names an existing file through a folder (`my/cube`,
    `./cube`)."""
    # `is_file`, not `exists`: a folder that happens to be called `mtg/modern` under the
    # current directory must not hide the bundled format of that id.
    if is_file_name(text) or (_has_folder(text) and tree.is_file(Path(text))):
        path = Path(text)
        return path if base is None or path.is_absolute() else base / path
    if base is None and not _has_folder(text) and len(_typed_names) < _TYPED_NAMES_KEPT:
        # A bare name on the command line (`-f cube`): find() may say to write `./cube`.
        _typed_names.setdefault(text, None)
    return text


def _has_folder(text: str) -> bool:
    """Whether `text` names a folder along with its name (`my/cube`, `./cube`; `.\\cube`
    on Windows, where `/` separates folders too)."""
    return "/" in text or os.sep in text


# Bare names given on the command line (`reference` without a base), each with whether a
# file of that name here holds format keys once find() has looked (None: not yet). Only
# these get a hint about a file: a name from deckcheck.yaml or a manifest is never opened
# (`confined`), and a name is read at most once a run, however often it is loaded.
_typed_names: dict[str, bool | None] = {}
# A run names a format or two; a library caller calling `reference` for each request keeps
# no more than these (the hint is advice, not needed to load anything).
_TYPED_NAMES_KEPT = 16


def check_ref(ref: object, *, loaded: bool = True) -> None:
    """A FormatError for a format named neither by an id (a str) nor by a file (a Path): a
    library caller's missing or mistyped format (None from a form) is one line, not an
    AttributeError from deep inside. `loaded`: the caller takes a loaded Format too (load,
    validate, simulate), which the message offers; a batch, whose workers load the format
    by id or file, takes none (and says so of a Format given)."""
    if isinstance(ref, (str, Path)):
        return
    offered = "a format id such as 'mtg/modern' (a str), a format file (a pathlib.Path) or a Format" if loaded else \
        "a format id such as 'mtg/modern' (a str) or a format file (a pathlib.Path)"
    raise FormatError(f"format {quoted(ref)}: give {offered}")


def find(ref: FormatRef) -> tuple[str, Path]:
    """(id, file) of a format id or a format file."""
    check_ref(ref)
    if str(ref).endswith(LFLIST_SUFFIX):
        # A Yu-Gi-Oh! player's list as EDOPro keeps it: no YAML, and no id either.
        shown = str(ref)[:200]
        raise FormatError(
            f"{shown!r} is an EDOPro lflist.conf, not a format file: turn it into format files with "
            f"`deckcheck formats import-lflist {shown} -d DIR` and use one of them as the format"
        )
    if isinstance(ref, Path):
        if not tree.is_file(ref):
            if _is_dir(ref):  # it is there: "not found" would send the user looking for it
                raise FormatError(f"format file {str(ref)!r} is a folder, not a format file; give a format file in it")
            raise FormatError(f"format file {str(ref)!r} not found{_id_of_missing_file(ref)}")
        # The id and path show in reports: `d1/../d2/b.yaml` reads better as `d2/b.yaml`
        # (unless a symlink makes the two different files).
        tidy = Path(os.path.normpath(ref))
        if tidy != ref and tidy.resolve() == ref.resolve():
            ref = tidy
        return str(ref), ref
    if is_file_name(ref):
        raise FormatError(
            f"{ref[:200]!r} is not a format id (like mtg/modern); a format file is given as a pathlib.Path"
        )
    clean = _clean_id(ref)
    if not clean or ".." in Path(clean).parts or not any(char.isalnum() for char in clean):
        # No letter nor digit (`-f -`): nothing to look for, where a dash was a part of
        # every id that holds one ("did you mean mtg/limited, mtg/2hg-legacy, ...?").
        stdin = "; standard input is read for a deck or a pool, never a format" if clean == "-" else ""
        raise FormatError(f"{ref[:200]!r} is not a format id (like mtg/modern){stdin}")
    for directory in format_dirs():
        candidate = directory / f"{clean}.yaml"
        if tree.is_file(candidate):
            return clean, candidate
    known = available()
    typed = clean.lower()  # ids are lower case; a spreadsheet writes MTG/Legacy
    if typed in known:
        # The one id it spells, not ids that merely contain it (mtg/2hg-legacy), and why it
        # was not taken: other spellings are refused, not read as the id (docs/contracts.md).
        raise FormatError(f"unknown format {ref[:200]!r}; format ids are lower case: did you mean {typed}?")
    of_game = [name for name in known if name.startswith(typed + "/") and not is_base(name, or_broken=True)]
    if "/" not in typed and of_game:
        # `-f mtg`: the game, whose every format holds the word; "did you mean
        # mtg/2hg-legacy, mtg/2hg-limited" named three of them, by the alphabet.
        examples = sorted(of_game, key=lambda name: (_variant(name), name))[:3]  # plain names before 2hg-legacy
        raise FormatError(f"unknown format {ref[:200]!r}: {typed} is a game, not a format; give one of its "
                          f"{len(of_game)} formats, such as {', '.join(examples)} (`deckcheck formats list` shows them all)")
    last = typed.split("/")[-1]
    game = typed.rpartition("/")[0]
    elsewhere = _not_bundled(last, game)
    if elsewhere:
        raise FormatError(f"unknown format {ref[:200]!r}: {elsewhere}")
    suggestions = [name for name in known if last in name]
    if suggestions and all(name.split("/")[-1] != last for name in suggestions):
        # Only a variant's id holds the word (`sealed`, of mtg/team-sealed): a plain format
        # whose description names it is what it means (Limited: "Sealed deck and booster
        # draft"), before those ids; other variants it describes after them.
        described = _described_as(last, known, game)
        plain = [name for name in described if not _variant(name)]
        suggestions = plain + suggestions + [name for name in described if name not in plain and name not in suggestions]
    if not suggestions:  # a typo rather than a part of the id (mtg/modren, legcy)
        import difflib

        by_name: dict[str, list[str]] = {}
        for name in known:
            if not game or name.startswith(game + "/"):  # mtg/limitd: Magic's limited, not WoW's
                by_name.setdefault(name.split("/")[-1], []).append(name)
        close = difflib.get_close_matches(last, list(by_name), n=3, cutoff=0.75)
        suggestions = [name for found in close for name in by_name[found]]
    if not suggestions:  # the name players call it (EDH, PDH, Historic Brawl), which no id holds
        suggestions = _plain_first(_described_as(last, known, game))
    # The formats `formats list` shows, the one whose name is the word typed first (`modern`:
    # mtg/modern before mtg/2hg-modern); an abstract base (mtg/commander-base) is no event's.
    suggestions = sorted((name for name in suggestions if not is_base(name, or_broken=True)), key=lambda name: name.split("/")[-1] != last)
    hint = f"; did you mean {', '.join(suggestions[:3])}?" if suggestions else "; `deckcheck formats list` shows them all"
    if ref in _typed_names and tree.is_file(Path(ref)):
        if _holds_format_keys(ref):  # `-f cube`: a format file with no suffix, read as an id
            hint = (f": the file {ref[:200]} here holds format keys; to use it as the format file, write ./{ref[:200]} "
                    "(a name with no folder nor .yaml suffix is read as a format id)")
        elif not suggestions:  # `-f deck.txt`: the decklist where the format goes
            hint = f": it is a file here, not a format; {_WHAT_A_FORMAT_IS}"
    raise FormatError(f"unknown format {ref[:200]!r}{hint}")


def _holds_format_keys(name: str) -> bool:
    """Whether the file `name` (typed on the command line) is YAML keys stating `game` or
    `extends`: a format file, perhaps a broken one, never a decklist of `Commander: Atraxa`
    lines. Read once a run (a regular file, at most MAX_INPUT_BYTES: read_yaml_file), and
    only on the way to an error."""
    known = _typed_names.get(name)
    if known is None:
        from ..yamlload import YamlError, read_yaml_file

        try:
            data = read_yaml_file(Path(name), what="format file").data
        except YamlError:
            data = None
        known = _typed_names[name] = isinstance(data, dict) and ("game" in data or "extends" in data)
    return known


# The end of the message for a file given as a format that is none (a decklist after -f).
_WHAT_A_FORMAT_IS = "a format is an id such as mtg/modern or a YAML file of format keys (docs/format-files.md)"


def _not_bundled(word: str, game: str) -> str:
    """What a game says of a format players call `word` that it does not bundle (MTG
    Arena's Historic: Game.formats_not_bundled), for `game` or, with none typed, any game;
    "" when none names it."""
    from ..games import find, ids

    key = "-".join(part for part in re.split(r"[-_\s]+", word) if part)
    for game_id in [game] if game else ids():
        found = find(game_id)
        told = found.formats_not_bundled.get(key) if found is not None else None
        if told:
            return told
    return ""


def _plain_first(names: list[str]) -> list[str]:
    """`names` with the plain formats (mtg/limited) before the variants (`_variant`), each
    kind in its order."""
    return sorted(names, key=_variant)


def _variant(name: str) -> bool:
    """Whether a format's id joins a word to another (mtg/2hg-limited, mtg/team-sealed): a
    variant of a plain format (mtg/limited), which suggestions name after it."""
    return "-" in name.split("/")[-1]


def _described_as(word: str, known: list[str], game: str) -> list[str]:
    """The formats (of `game`, when one is typed) whose name or description holds `word` as
    a whole word or words, `-` and `_` read as spaces: the other names a format's description
    gives it ("Multiplayer Commander (EDH)", "formerly Historic Brawl"). Asked only once no
    id holds the word nor comes close to it: it loads every format."""
    phrase = " ".join(re.split(r"[-_\s]+", word.strip()))
    if not re.fullmatch(r"[\w ]+", phrase):
        return []  # a word of letters and digits only: `(` is in every description
    pattern = re.compile(r"(?<!\w)" + re.escape(phrase).replace(r"\ ", r"[-\s]+") + r"(?!\w)", re.IGNORECASE)
    found = []
    for name in known:
        if game and not name.startswith(game + "/"):
            continue
        try:
            data = load(name, base=True).data
        except FormatError:
            continue  # a broken file suggests nothing (its own error says why, when given)
        if pattern.search(f"{data.get('name') or ''} {data.get('description') or ''}"):
            found.append(name)
    return found


def _id_of_missing_file(path: Path) -> str:
    """"; did you mean the format id ID?" when a format file that is not there spells a
    format's id, as its file is named (`mtg/modern.yaml`, or `formats/mtg/modern.yaml` away
    from the repository: docs/format-files.md says `mtg/modern` is `formats/mtg/modern.yaml`);
    else "". Asked only once the file is missing: it lists the format directories."""
    if not is_file_name(path.name):
        return ""
    parts = path.with_suffix("").parts
    known = set(available())
    # The id is the path's end: its last parts, fewest folders first, as long as it is an id.
    for start in range(len(parts) - 1, -1, -1):
        candidate = "/".join(parts[start:])
        if candidate in known and not is_base(candidate, or_broken=True):
            return f"; did you mean the format id {candidate}?"
    return ""


def is_base(format_id: str, *, or_broken: bool = False) -> bool:
    """Whether the format of `format_id` is an abstract base (`abstract: true`), which `load`
    refuses as a format to play. One that does not load is not (its error says why), unless
    `or_broken`: a "did you mean" suggests neither."""
    try:
        return bool(load(format_id, base=True).data.get("abstract"))
    except FormatError:
        return or_broken


# Whether a format file may extend files anywhere in the working folder it lies in: only
# one the user named on the command line (entry.py says so for the run, `trust_working_folder`;
# batch workers are told at their start). A library caller's file (a deck site's upload)
# keeps its chain in its own folder: a server's working folder may be `/`, and a chain
# confined there could open any `.yaml` file of the machine (docs/security.md). A module
# setting, not a context variable: a command line's threads load formats too.
_working_folder_trees = False


def trust_working_folder(trusted: bool = True) -> None:
    """Let format files that lie in the working folder extend any file of it (the command
    line's rule, for the rest of the process); False restores the library's rule."""
    global _working_folder_trees
    _working_folder_trees = trusted


def trusts_working_folder() -> bool:
    """Whether `trust_working_folder` is in force (batch workers are started with it)."""
    return _working_folder_trees


def _clean_id(ref: str) -> str:
    """The id without blanks around it and without empty or `.` parts: `./mtg/modern` and
    `mtg//modern` name the file of mtg/modern, and taken as ids of their own they were two
    formats to every cache and report (a leading or trailing `/` was always dropped)."""
    return "/".join(part for part in ref.strip().split("/") if part not in ("", "."))


def _tree_of(ref: FormatRef, path: Path) -> Path:
    """The tree a format's `extends:` files must stay in, by default: the formats
    directory of an id; for a format file its own folder, or on the command line the
    current folder when the file lies inside it (a repository checked in CI)."""
    if isinstance(ref, Path):
        folder = os.path.abspath(path.parent)
        here = os.getcwd() if _working_folder_trees else folder
        return Path(here if tree.is_within(folder, here) else folder)
    depth = len(_clean_id(ref).split("/"))  # `mtg/modern` lies two levels down
    return Path(os.path.abspath(path.parents[depth - 1]))


def confined(
    text: str, *, base: Path, root: Path, source: str | None = None, key: str | None = None, where: str | None = None,
) -> FormatRef:
    """The format `text` names inside a tree: an id, or a `.yaml` file relative to `base`
    that stays inside `root` (no absolute path, no `..` out of it, no link out of it or
    into a hidden folder). A FormatError naming `source` and `key` otherwise, before
    anything is read, so an outside file is never opened or told apart from a missing one.
    `where` names the tree in messages (default: its path). A `\\` separates folders as `/`
    does (`formats\\cube.yaml`, written on Windows), as in deckcheck.yaml's globs and a batch
    manifest's paths: the repository's files are read alike on every runner. The message
    quotes `text` as written."""
    ref, why = confined_ref(text, base=base, root=root, where=where)
    if why:
        raise FormatError(f"{text[:200]!r}: {why}", path=source, key=key)
    return ref


def confined_ref(text: str, *, base: Path, root: Path, where: str | None = None) -> tuple[FormatRef, str | None]:
    """`confined` without the error: (the format, None), or (`text`, why it is refused) for
    a caller that names the path itself (a batch manifest's cell)."""
    if not is_file_name(text):
        return text, None
    target, why = tree.named_inside(text.replace("\\", "/"), base=base, root=root, where=where or str(root))
    if why:
        return text, f"{why}; name a format id or a format file inside it"
    return target, None


def is_bundled(file: Path) -> bool:
    """Whether `file` (resolved) is a format file shipped with deckcheck, not a user's
    (a path, or an id found in DECKCHECK_FORMATS_PATH)."""
    return any(tree.is_within(str(file), str(folder.resolve())) for folder in BUNDLED_DIRS)


def available() -> list[str]:
    """Every format id found in the format directories (abstract bases included)."""
    ids: set[str] = set()
    for directory in format_dirs():
        for path in directory.rglob("*.yaml"):
            ids.add(path.relative_to(directory).with_suffix("").as_posix())
    return sorted(ids)


def _read_yaml(path: Path, documents: Documents | None = None) -> dict[str, Any]:
    """One format file, parsed and checked against the format schema (not yet merged);
    kept in `documents` by its real path when the caller gives one."""
    # Imported here: a format the disk cache holds (disk_cache.py) needs none of them.
    from ..schema import SchemaError, validate
    from ..yamlload import YamlError, read_yaml_file
    from .schema import format_schema

    try:
        document = read_yaml_file(path, what="format file")
    except YamlError as exc:  # the line (when known) for the caller that places the error: the message has it
        raise FormatError(exc.detail, path=str(path), line=exc.line) from None
    if documents is not None:
        documents[path.resolve()] = document
    data = document.data
    if data is None:
        raise FormatError("file is empty", path=str(path))
    if isinstance(data, str):  # a plain text file, such as a decklist given to -f
        raise FormatError(f"not a format file: it is plain text (a decklist?), not YAML keys; {_WHAT_A_FORMAT_IS}",
                          path=str(path))
    if not isinstance(data, dict):
        raise FormatError("expected a mapping of format keys at the top level", path=str(path))
    if "game" not in data and "extends" not in data:
        # Not a format file at all (some other YAML): say so without echoing its keys.
        raise FormatError("not a format file (it states neither `game` nor `extends`)", path=str(path))
    try:
        validate(data, format_schema(), line_of=document.line_of)
    except SchemaError as exc:
        raise FormatError(str(exc), path=str(path), key=exc.path, line=exc.line) from None
    return data


def _count_list_entries(data: dict[str, Any], path: Path, below: int) -> int:
    """The card names `data` writes (card_names.name_count: its dated lists' entries, the
    cards `points` and `copy_limit.per_card` map, the name lists) plus `below` (those of the
    files of the chain that extend it, read before it); a FormatError past
    MAX_FORMAT_LIST_ENTRIES. Counted as each file is read, so a chain stops at the file that
    passes the bound, before its parents are read (every level adds to its parent's)."""
    from .card_names import name_count

    entries = below + name_count(data)
    if entries > MAX_FORMAT_LIST_ENTRIES:
        raise FormatError(
            f"the card names (banned, restricted, ..., points, copy_limit.per_card) of this file and the files "
            f"that extend it number {entries:,}; at most {MAX_FORMAT_LIST_ENTRIES:,} (no game has that many cards)",
            path=str(path),
        )
    return entries


def load_merged(ref: FormatRef, *, root: Path | None = None) -> tuple[str, Path, dict[str, Any], tuple[str, ...]]:
    """(id, file, merged data, chain of ids child first) of a format and what it extends;
    `extends:` files must stay inside `root` (default: see `_tree_of`)."""
    resolved_id, path, data, chain, _files = _merged(ref, root=root)
    return resolved_id, path, data, chain


def chain_files(ref: FormatRef, *, root: Path | None = None) -> tuple[Path, ...]:
    """The files of a format and of every format it extends, child first (a bundled id's
    too): deckcheck.yaml's own files (project/config.py) are the whole chain of a format
    file it names, since an edit to a parent changes every verdict of the child. Those of a
    format `load` keeps (deckcheck.yaml's were all loaded just before) are not merged again."""
    found = find(ref)
    cached = _CACHE.get(_cache_key(ref, root, found))
    if cached is not None:
        return tuple(Path(file) for file, _, _ in cached[1])
    return _merged(ref, root=root, found=found)[4]


def _merged(
    ref: FormatRef, *, root: Path | None = None, found: tuple[str, Path] | None = None, keep: bool = True,
    documents: Documents | None = None, stamps: list[Stamp] | None = None,
) -> tuple[str, Path, dict[str, Any], tuple[str, ...], tuple[Path, ...]]:
    """`_load_chain`, through the disk cache of merged formats (disk_cache.py) unless
    `keep` is False. `found`: `find(ref)` when the caller has it; `documents`: see
    `check_file`; `stamps` gets each file's stamp as it was when read (or when the disk
    cache found it unchanged), for the in-process cache."""
    from . import disk_cache

    found = found or find(ref)
    # Each file as it was parsed: the disk cache's entry records the CRC of those bytes, and
    # the in-process cache the stamp taken before they were read, not the file's after (an
    # edit in between would pair its new bytes or time with the old data).
    read: Documents = documents if documents is not None else {}
    if not keep or not disk_cache.enabled():
        merged = _load_chain(ref, root=root, found=found, _documents=read)
    else:
        resolved_id, path = found
        tree_root = root or _tree_of(ref, path)
        kind = "file" if isinstance(ref, Path) else "id"
        key = [kind, resolved_id, str(path.resolve()), str(tree_root), *map(str, format_dirs())]
        cached = disk_cache.get(key, stamps)
        if cached is not None:
            return cached
        merged = _load_chain(ref, root=root, found=found, _documents=read)
        disk_cache.put(key, merged, crcs={path: document.crc for path, document in read.items()})
    if stamps is not None:
        stamps[:] = _read_stamps(merged[4], read)
    return merged


def _read_stamps(files: tuple[Path, ...], read: Documents) -> list[Stamp]:
    """Each of `files` (`_chain`'s) stamped as it was when read: a file by its document's
    stamp, a link's name (listed after the file it named) by that same file's."""
    stamps: list[Stamp] = []
    stamp = None
    for file in files:
        document = read.get(file)
        stamp = document.stamp if document is not None else stamp  # a link's name: its file's
        if stamp is not None:
            stamps.append((str(file), *stamp))
        if document is None:
            stamp = None  # one name after each file
    return stamps


def _load_chain(
    ref: FormatRef, *, root: Path | None = None, _seen: tuple[tuple[str, Path], ...] = (),
    found: tuple[str, Path] | None = None, _keys: dict[int, str] | None = None, _listed: int = 0,
    _documents: Documents | None = None,
) -> tuple[str, Path, dict[str, Any], tuple[str, ...], tuple[Path, ...]]:
    found = found or find(ref)
    try:
        return _chain(ref, root=root, _seen=_seen, found=found, _keys=_keys, _listed=_listed, _documents=_documents)
    except FormatError as exc:
        placed = _at_its_line(exc, found[1])
        if placed is exc:
            raise
        raise placed from None


# The keys of a format file that `_chain` finds at fault after the schema passed it (an
# `extends` that names no format, leaves the tree or closes a cycle; a `game` other than
# the parent's), so without the line that gives them.
_CHAIN_KEYS = ("extends", "game")


def _at_its_line(exc: FormatError, path: Path) -> FormatError:
    """`exc`, a fault of `path`'s own `extends` or `game`, said again with the line that
    gives the key: deckcheck.yaml's check places a named format file's fault on that file
    only when it knows the line (project/config.py), and put this one on its own
    `formats` glob. The file is read again for it: only a broken format pays for that.
    Any other error is returned as it is."""
    if exc.line is not None or exc.key not in _CHAIN_KEYS or exc.path != str(path):
        return exc
    from ..yamlload import YamlError, read_yaml_file

    try:
        line = read_yaml_file(path, what="format file").line_of((exc.key,))
    except YamlError:
        return exc
    return exc if line is None else FormatError(exc.reason, path=exc.path, key=exc.key, line=line)


def _chain(
    ref: FormatRef, *, root: Path | None, _seen: tuple[tuple[str, Path], ...], found: tuple[str, Path],
    _keys: dict[int, str] | None, _listed: int, _documents: Documents | None,
) -> tuple[str, Path, dict[str, Any], tuple[str, ...], tuple[Path, ...]]:
    """`_load_chain`'s work: the file `found` names, merged with what it extends."""
    resolved_id, path = found
    root = root or _tree_of(ref, path)
    real = path.resolve()
    # Compare files, not ids: `a.yaml` -> `../x/b.yaml` -> `../y/a.yaml` names one file
    # by ever longer paths, and comparing the spellings would recurse until the OS refuses.
    if any(real == seen for _, seen in _seen):
        cycle = " -> ".join([*(seen_id for seen_id, _ in _seen), resolved_id])
        raise FormatError(f"`extends` forms a cycle: {cycle}{_shadowed(ref, real)}", path=str(path), key="extends")
    if len(_seen) >= MAX_EXTENDS_DEPTH:
        # Each level merges everything above it: a chain's cost grows with its length
        # times its lists, so a hostile repository's chain of files is cut short.
        raise FormatError(f"`extends` goes more than {MAX_EXTENDS_DEPTH} files deep", path=str(path), key="extends")
    keys = {} if _keys is None else _keys  # each list entry's card key, once per chain (merge.py)
    data = _read_yaml(path, _documents)
    listed = _count_list_entries(data, path, _listed)
    from .merge import merge
    from .model import WRITTEN

    written: dict[str, list[Any]] = {}
    if isinstance(ref, Path) or not is_bundled(real):  # a user's file: a path, or an id of DECKCHECK_FORMATS_PATH
        from .card_names import written_cards

        written = written_cards(data)
    parent_id = data.get("extends")
    chain: tuple[str, ...] = (resolved_id,)
    # The file as it was named too, when a link lies on the way (`parent.yaml ->
    # real-parent.yaml`): both caches stamp every file listed, and a stat of that name
    # follows the link to whatever it names now, so a link retargeted since is a changed
    # file (only the target's stamp stayed the same). A chain without links pays nothing.
    named = path.absolute()
    files: tuple[Path, ...] = (real,) if named == real else (real, named)
    if parent_id:
        parent_ref = confined(parent_id, base=path.parent, root=root, source=str(path), key="extends")
        if isinstance(parent_ref, Path) and not tree.is_file(parent_ref):
            shown = repr(parent_id[:200])
            raise FormatError(f"cannot extend {shown}: format file {shown} not found", path=str(path), key="extends")
        try:
            _, _, parent, parent_chain, parent_files = _load_chain(
                parent_ref, root=root if isinstance(parent_ref, Path) else None, _seen=(*_seen, (resolved_id, real)),
                _keys=keys, _listed=listed, _documents=_documents,
            )
        except FormatError as exc:
            if exc.path:  # the parent itself is broken: its own message says where
                raise
            raise FormatError(f"cannot extend {parent_id[:200]!r}: {exc}", path=str(path), key="extends") from None
        own_game, parent_game = data.get("game"), parent.get("game")
        if own_game and parent_game and own_game != parent_game:
            # Another game's rules and lists would check this game's decks: never meant.
            raise FormatError(
                f"game {own_game!r} differs from the game of {parent_id[:200]}, which it extends ({parent_game!r}); "
                f"extend a format of game {own_game!r}, or leave `game` out", path=str(path), key="game",
            )
        written = {key: written.get(key, []) + parent.get(key, []) for key in WRITTEN}
        data = merge(parent, data, keys)
        chain += parent_chain
        files += parent_files
    else:
        data = merge({}, data, keys)
    data.update((key, value) for key, value in written.items() if value)
    return resolved_id, path, data, chain, files


def _shadowed(ref: FormatRef, real: Path) -> str:
    """Why a cycle closed on `real`, reached by the id `ref`, when that id also names a
    format of a later formats directory: a user's own `mtg/modern` that `extends:
    mtg/modern` means the bundled one, and names itself (ids are found in order); else ""."""
    if isinstance(ref, Path):
        return ""
    clean = _clean_id(ref)
    for directory in format_dirs():
        candidate = directory / f"{clean}.yaml"
        if tree.is_file(candidate) and candidate.resolve() != real:
            hidden = f"the bundled {clean}" if is_bundled(candidate.resolve()) else str(candidate)
            return (f"; the id {clean} names this file, which hides {hidden} (its directory comes first in "
                    f"DECKCHECK_FORMATS_PATH), and a format cannot extend itself: give this file another name to "
                    f"extend {'the bundled one' if is_bundled(candidate.resolve()) else 'that one'}")
    return ""


# Loaded formats by (id, file), with the (path, mtime, size) of every file of the chain, so
# an edit to a parent is seen too and a relative path means the file it names now.
# At most MAX_FORMATS_KEPT of them, the least used going first: a server that checks decks
# against formats its users upload (each a new temporary file) kept every one for ever.
_CACHE: dict[tuple[str, str, str], tuple[Format, tuple[Stamp, ...]]] = {}


def _check_load_options(root: object, **flags: object) -> None:
    """A library caller's keyword of the wrong kind is an OptionError naming it: `keep="no"`
    (a service's configuration read as text) was true, and kept the format in the cache."""
    for setting, value in flags.items():
        if not isinstance(value, bool):
            raise OptionError(setting, f"{quoted(value)}: give True or False")
    if root is not None and not isinstance(root, (str, Path)):
        raise OptionError("root", f"{quoted(root)}: give the folder a format file's extends: chain stays in "
                          "(a str or a pathlib.Path), or None")


def load(ref: FormatRef | Format, *, root: str | Path | None = None, keep: bool = True, base: bool = False) -> Format:
    """Load a format by id (a str) or file (a Path), merged and validated; `extends:` files
    stay inside `root` (default: the format's own folder). `keep=False`: a file that will
    not be there next run (a zip's, in its temporary folder) is not kept in the disk cache,
    where its entry could never be read again. An abstract base (`abstract: true`:
    mtg/base, mtg/commander-base) is a format to extend, not to check decks against: it
    lacks what its formats add (Commander's banned list), so it is refused unless `base`
    (formats show, formats list). A loaded Format is handed back as it is, as validate and
    simulate take one. Raises FormatError, or OptionError for a keyword of the wrong kind."""
    _check_load_options(root, keep=keep, base=base)
    root = Path(root) if isinstance(root, str) else root
    fmt = ref if isinstance(ref, Format) else _load(ref, root=root, keep=keep)
    if not base and fmt.data.get("abstract"):
        raise FormatError(f"format {fmt.id} is a base other formats extend, not a format to play{_extended_by(fmt)}")
    return fmt


def given(ref: FormatRef | Format, setting: str = "format_id") -> Format:
    """load(ref) for a library call whose keyword `setting` gave it: an error of that
    format (an unknown id, a file that cannot be read) names that keyword in its `setting`,
    as an OptionError does, so a form marks that field (docs/contracts.md)."""
    try:
        return load(ref)
    except DeckcheckError as error:
        raise of_setting(error, setting) from None


def _extended_by(fmt: Format) -> str:
    """The hint of a refused base: the formats to play that extend it, the one named like
    it first (mtg/commander for mtg/commander-base)."""
    named = fmt.id.split("/")[-1].removesuffix("-base")
    children = []
    for format_id in available():
        try:
            child = _load(format_id)
        except FormatError:
            continue
        if len(child.chain) > 1 and child.chain[1] == fmt.id and not child.data.get("abstract"):
            children.append(format_id)
    children.sort(key=lambda name: (name.split("/")[-1] != named, name))
    return f"; did you mean {', '.join(children[:3])}?" if children else "; `deckcheck formats list` shows the formats to play"


def _cache_key(ref: FormatRef, root: Path | None, found: tuple[str, Path]) -> tuple[str, str, str]:
    """A loaded format's key in `_CACHE`. Keyed by the tree its chain was confined to (not
    `root` alone): a file loaded while the working folder was trusted is not handed to the
    library's own-folder rule."""
    resolved_id, path = found
    return (resolved_id, str(path.resolve()), str(root or _tree_of(ref, path)))


def _load(ref: FormatRef, *, root: Path | None = None, keep: bool = True) -> Format:
    found = find(ref)
    key = _cache_key(ref, root, found)
    cached = _CACHE.get(key)
    if cached is not None and file_stamps(file for file, _, _ in cached[1]) == cached[1]:
        # Used again: to the end, so keep_few drops the least used (a server's own
        # mtg/modern stays however many formats its users upload).
        _CACHE.pop(key, None)
        _CACHE[key] = cached
        return cached[0]
    stamps: list[Stamp] = []
    resolved_id, path, data, chain, files = _merged(ref, root=root, found=found, keep=keep, stamps=stamps)
    fmt = build_format(resolved_id, path, data, chain)
    # Kept under each file's stamp from before it was read: one edited since is newer and
    # read again at the next load (a stamp taken now would pass it with the old data).
    if len(stamps) == len(files):
        _CACHE[key] = (fmt, tuple(stamps))
        keep_few(_CACHE)
    return fmt


def forget(fmt: Format) -> None:
    """Drop `fmt` from the loaded formats kept (a run refused it: formats/run_names.py)."""
    for key, (kept, _) in list(_CACHE.items()):
        if kept is fmt:
            _CACHE.pop(key, None)


def keep_few(cache: dict[Any, Any]) -> None:
    """Drop the oldest entries of a cache of loaded formats (or of what is worked out from
    one) past MAX_FORMATS_KEPT."""
    for oldest in list(cache)[: max(0, len(cache) - MAX_FORMATS_KEPT)]:
        cache.pop(oldest, None)  # another thread may have removed it first


def check_file(path: str | Path, *, root: Path | None = None, documents: Documents | None = None) -> Format:
    """Validate a user's format file (and what it extends, inside `root`: see `load`);
    return the merged format. `documents` gets each file read, as parsed, by its real path
    (none when the disk cache held the merged chain), so a caller that looks into the files
    (`formats check`) reads each once."""
    path = Path(path)
    if not tree.is_file(path) and _is_dir(path):
        raise FormatError("is a directory, not a format file", path=str(path))
    if not tree.is_file(path):
        from ..yamlload import standard_input_advice

        raise FormatError(standard_input_advice(path, "format file") or f"no such file{_bundled_hint(str(path))}",
                          path=str(path))
    resolved_id, file, data, chain, _files = _merged(path, root=root, documents=documents)
    return build_format(resolved_id, file, data, chain)


def _bundled_hint(written: str) -> str:
    """For a bundled format's id given where a file of one's own goes (`formats check
    mtg/modern`): what it is and where it is shown; "" for anything else."""
    if written not in available():
        return ""
    return (f"; {written} is a bundled format, not a file (`deckcheck formats show {written}` shows it): "
            "give the path of a format file of your own")


def iter_formats(*, include_abstract: bool = False) -> Iterator[Format | FormatError]:
    """Every available format, or the error that stops one loading."""
    for format_id in available():
        try:
            fmt = load(format_id, base=True)
        except FormatError as exc:
            yield exc
            continue
        if include_abstract or not fmt.data.get("abstract"):
            yield fmt
