"""Where registrations come from: a folder of decklists, a manifest, or a zip of either.

- A folder is walked recursively; every file whose extension a decklist parser claims is
  a registration (named by its path relative to the folder), every other file is listed
  as skipped. Hidden files and folders (`.git`, `.DS_Store`, `__MACOSX`) are skipped too,
  and so are an organiser's documents named like `README.txt` (`DOCUMENT_NAMES`). A file
  that looks like a manifest is skipped with a reason that says how to read it.
- A manifest (`.csv`, `.tsv`, `.yaml`, `.yml`) lists players and deck paths; see `manifest.py`.
- A `.zip` is extracted into a temporary folder (see `archive.py`); when its top level
  (or its single top-level folder) holds one manifest, that manifest is read, otherwise
  the extracted tree is walked like a folder.

Anything that keeps the source itself from being read raises `InputError` (exit 2).
"""
from __future__ import annotations

import os
import re
import shlex
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from pathlib import Path

from .. import decklists as parsers
from .. import tree
from ..errors import InputError
from ..limits import quoted
from ..record import NamedTuple
from ..textio import decode
from .manifest import (
    MANIFEST_SUFFIXES, MAX_MANIFEST_BYTES, OWN_REPORT, REQUIRED, TABLE_DELIMITERS, find_header, header_delimiter,
    is_manifest, is_own_report, read_manifest,
)
from .registration import Registration, RegistrationSet, Skipped
from ..lazy_pattern import lazy

@contextmanager
def open_source(source: str | Path, *, allow_outside_paths: bool = False) -> Iterator[RegistrationSet]:
    """The registrations of SOURCE; files stay readable until the block ends (zip). A plain
    manifest's paths stay inside its folder unless `allow_outside_paths`."""
    path = Path(source)
    shown = str(source)
    if path.is_dir():
        yield walk(path, shown=shown)
        return
    if not path.exists():
        from ..yamlload import standard_input_advice

        raise InputError(f"{shown}: {standard_input_advice(source, 'manifest') or 'no such file or folder'}")
    if path.suffix.lower() == ".zip":
        # Imported here: zipfile, tempfile and shutil are no part of a folder's or a
        # manifest's batch (a run's start-up).
        from . import archive

        with archive.extracted(path, shown=shown) as (root, skipped):
            found = _from_archive(root, shown)
            # The entries not extracted take their sorted place among the walk's skips.
            found.skipped = sorted([*skipped, *found.skipped], key=_by_file)
            yield found
        return
    if is_manifest(path):
        yield read_manifest(path, shown=shown, confine=not allow_outside_paths)
        return
    saved = manifest_saved_as_text(path) if path.is_file() else None
    if saved is not None:
        raise InputError(
            f"{shown}: expected a folder of decklists, a manifest ({', '.join(MANIFEST_SUFFIXES)}) or a .zip of either; "
            f"it looks like a manifest (its line {saved.line} names the columns player and deck): "
            f"rename it {path.stem}{saved.suffix}"
        )
    if path.suffix.lower() in SPREADSHEET_SUFFIXES:
        # A registration form's sheet as the organiser downloaded it: "to check one decklist
        # use validate" was no advice for it.
        csv_name = shlex.quote(str(path.with_suffix(".csv")))
        raise InputError(
            f"{shown}: a spreadsheet workbook ({path.suffix}), which deckcheck does not read: save the sheet of "
            f"registrations as CSV (UTF-8) and run `deckcheck batch {csv_name}`"
        )
    raise InputError(
        f"{shown}: expected a folder of decklists, a manifest ({', '.join(MANIFEST_SUFFIXES)}) "
        "or a .zip of either; to check one decklist use `deckcheck validate`"
    )


# Workbooks a spreadsheet program saves (Excel, LibreOffice, Numbers): a manifest kept in
# one is saved as CSV first.
SPREADSHEET_SUFFIXES = (".xlsx", ".xlsm", ".xls", ".ods", ".numbers")


class SavedAsText(NamedTuple):
    """What to rename a manifest saved as text to (`.csv`, `.tsv`), and its header's line."""

    suffix: str
    line: int


def manifest_saved_as_text(path: Path) -> SavedAsText | None:
    """The suffix of a manifest saved under another name (Excel's "Text (Tab delimited)"
    writes `players.txt`, a decklist's extension): `.tsv` when its header (its first line
    that is not blank, or the next after a `sep=` line: find_header) names the player and
    deck columns between tabs, `.csv` between commas or semicolons; None for any other
    file. Reads the first 4 KiB: asked only of a file that failed as a decklist on its
    first line, or that was named as a source."""
    header = _table_header(path)
    if header is None:
        return None
    cells, line, delimiter = header
    if not set(REQUIRED) <= set(cells):
        return None
    return SavedAsText(".tsv" if delimiter == "\t" else ".csv", line)


def _table_header(path: Path) -> tuple[list[str], int, str] | None:
    """The cells of the header a table file's first 4 KiB hold (its first line that is not
    blank, or the next after a `sep=` line: find_header), lower case, with its line and
    delimiter, as the file would be read as a manifest; None when it cannot be read."""
    try:
        with open(path, "rb") as stream:
            text = decode(stream.read(4096), source=str(path))
    except (OSError, InputError):
        return None
    return _header_cells(text)


def _header_cells(text: str) -> tuple[list[str], int, str]:
    """`_table_header` of a table file's text."""
    first, line, named = find_header(text.splitlines())
    delimiter = named or header_delimiter(first)
    return [cell.strip().strip('"').lstrip("\ufeff").strip().lower() for cell in first.split(delimiter)], line, delimiter


# An organiser's documents beside the decks (README.txt, LICENSE, CHANGELOG.txt, NOTES.txt,
# readme-fr.txt): by their names, never a player's decklist. Matched on the file's name,
# case-insensitively, as the whole name before its extension or followed by `-`, `_`, a
# space or a dot (`notes-day1.txt`, not `notestein.txt`).
DOCUMENT_NAMES = ("readme", "license", "licence", "changelog", "notes")
_DOCUMENT = lazy(rf"^({'|'.join(DOCUMENT_NAMES)})([-_ .]|$)", re.IGNORECASE)


def walk(root: Path, *, shown: str, kind: str = "directory") -> RegistrationSet:
    """Every decklist file under `root`, sorted by relative path so runs are stable. Links
    out of the folder, linked folders, pipes and devices are skipped with their reason
    (tree.py); so are documents (`DOCUMENT_NAMES`) and files that are no decklists, a
    manifest's reason saying how to read it."""
    claimed = parsers.extensions()
    found = RegistrationSet(source=shown, kind=kind)
    walked = tree.walk(root, tree="the registration folder")
    for relative, reason in walked.passed_over:
        # Something that may be a registration (a decklist's name, a folder) but was not
        # read safely is a registration that could not be checked; what the walk passes over
        # by choice (hidden files and folders) is not.
        # A link out of the folder may stand for a folder of decks: what it leads to is never
        # said (tree.Walked.links_out).
        maybe = relative.endswith("/") or relative == "." or relative in walked.links_out \
            or os.path.splitext(relative)[1].lower() in claimed
        found.skipped.append(Skipped(relative, reason, unchecked=maybe and relative not in walked.by_choice))
    for relative, path in walked.files:
        suffix = os.path.splitext(path.name)[1].lower()
        if suffix not in claimed and (trailing := _after_extension(path.name, claimed)):
            # `bob.txt ` is a decklist by its name but for what follows its extension: a
            # registration that could not be checked (the run fails), not a file that is no
            # decklist, which would let the run pass without the deck.
            found.skipped.append(Skipped(relative, trailing, unchecked=True))
        elif suffix not in claimed and not (export := _csv_export(path) if suffix == ".csv" else _NO_EXPORT).deck:
            found.skipped.append(Skipped(relative, _not_a_decklist(relative, path, suffix, found, export.maybe)))
        elif is_document(path.name):
            found.skipped.append(Skipped(relative, "not a decklist (a document, by its name); rename it to check it as a deck"))
        else:
            found.registrations.append(Registration(deck=relative, path=path))
    found.skipped.sort(key=_by_file)
    return found


# The most of a `.csv` read to tell a deck's CSV export: a deck of 60 rows is some 3 KiB,
# and the WoW TCG export's rows are told within 400 lines (csv_export.find_headerless).
_DECK_EXPORT_BYTES = 64 * 1024


class _CsvExport(NamedTuple):
    """What a folder's `.csv` was taken for: a deck's CSV export, checked (`deck`), or not,
    with the count and card columns it has (`maybe`, "columns Qty and Card") when it may be
    one all the same: its skip reason says how to have it checked."""

    deck: bool
    maybe: str = ""


_NO_EXPORT = _CsvExport(False)


def _csv_export(path: Path) -> _CsvExport:
    """Whether the `.csv` file `path` in a folder is a deck's CSV export, as `validate` reads
    it (decklists/csv_export.py), on strong signs only: no decklist parser claims `.csv`,
    and an organiser keeps other tables beside the decks (fees, prizes, pairings), which
    read as decks failed a run that passed. So a deck site's header (a board column beside
    the count and card columns, or a site's own, Moxfield's `Count,Tradelist Count,Name`),
    or the WoW TCG deck builder's headerless rows of WoW card types with one Hero, is a
    deck; a manifest, a batch's own report, a cube's list (no count column) and any other
    table are not, one with a count and a card column (`Card,Qty,Price`) told as `maybe`."""
    try:
        with open(path, "rb") as stream:
            data = stream.read(_DECK_EXPORT_BYTES + 1)
        if len(data) > _DECK_EXPORT_BYTES:
            return _NO_EXPORT
        text = decode(data, source=str(path))
    except (OSError, InputError):
        return _NO_EXPORT
    from ..decklists import csv_export  # only a folder's .csv files

    cells = _header_cells(text)[0]
    if set(REQUIRED) <= set(cells) or is_own_report(cells):
        return _NO_EXPORT
    found = csv_export.find_header(text)
    if found is not None:
        if csv_export.names_a_deck(found):
            return _CsvExport(True)
        return _CsvExport(False, found.describe()) if found.count is not None else _NO_EXPORT
    return _CsvExport(csv_export.find_headerless(text, typed=True) is not None)


def is_document(name: str) -> bool:
    """Whether a file named `name` is an organiser's document (`DOCUMENT_NAMES`), which a
    walk lists as skipped whatever its extension."""
    return _DOCUMENT.match(name) is not None


def walk_would_check(root: Path, path: Path) -> bool:
    """Whether a later `walk` of the folder `root` would take the file `path` (which need
    not exist yet) as a registration: it lies under `root`, by its real path, through no
    hidden folder, with a decklist's extension and no document's name. A report or sheets
    written there would be checked as a deck by the next run of the same command."""
    real_root = os.path.realpath(root)
    real = os.path.realpath(path)
    if real == real_root or not tree.is_within(real, real_root):
        return False
    parts = Path(os.path.relpath(real, real_root)).parts
    if any(tree.is_hidden(part) for part in parts):
        return False
    name, claimed = parts[-1], parsers.extensions()
    if _after_extension(name, claimed):  # `report.txt `: a registration that could not be checked
        return True
    return os.path.splitext(name)[1].lower() in claimed and not is_document(name)


def _after_extension(name: str, claimed: Collection[str]) -> str | None:
    """Why a file named as a decklist but for spaces or dots after its extension (`bob.txt `,
    which macOS allows and Windows would have dropped) is not checked, and how to have it
    checked; None for any other name."""
    meant = name.rstrip(" .")
    if meant == name or not meant or os.path.splitext(meant)[1].lower() not in claimed:
        return None
    after = name[len(meant):]
    kinds = {" ": "space", ".": "dot"}
    what = " and ".join(f"{kinds[mark]}s" if after.count(mark) > 1 else f"a {kinds[mark]}" for mark in sorted(set(after), key=after.index))
    return f"its name ends with {what} after its extension; rename it {quoted(meant)} to check it as a deck"


def _not_a_decklist(relative: str, path: Path, suffix: str, found: RegistrationSet, maybe: str = "") -> str:
    """Why a file no parser claims is skipped; for one that looks like a manifest, how to
    have it read (a folder is checked file by file and never reads one), and for a table
    that may be a deck's CSV export (`maybe`, its count and card columns), how to have it
    checked as one."""
    if path.name.startswith("~$"):
        # What Office writes beside a document while it is open (`~$reg.xlsx`), hidden on
        # Windows but not once the folder is copied elsewhere: no workbook to save as CSV.
        return "an Office lock file (its document is open in Office), not read"
    if suffix in SPREADSHEET_SUFFIXES:
        # The event's registrations kept as a workbook beside the decks: its players and
        # teams are not read, and the decks are checked as a folder's, with no player.
        workbook = "a spreadsheet workbook, not read: to have its registrations read, save them as CSV"
        if found.kind == "zip":
            return f"{workbook} at the top of the archive"
        command = shlex.quote((Path(found.source) / relative).with_suffix(".csv").as_posix())
        return f"{workbook} and run `deckcheck batch {command}`"
    if suffix == ".zip":
        # Registrations sent as an archive and saved among the decks: the run passed
        # without them ("not a decklist (.zip extension)").
        if found.kind == "zip":
            return "a zip archive inside the archive, not opened: give it as a source of its own"
        command = shlex.quote((Path(found.source) / relative).as_posix())
        return (f"a zip archive, not opened: a folder is checked file by file; to check what it holds, "
                f"run `deckcheck batch {command}`")
    if not (is_manifest(path) and _looks_like_manifest(path, broken=False)):
        if suffix in TABLE_DELIMITERS and _is_own_report(path):
            return f"{OWN_REPORT}; not read"
        if maybe:
            return (f"not a decklist ({suffix} extension); it may be a deck's CSV export ({maybe}), which a folder "
                    "checks only under a deck site's header or a column saying where each card goes (such as Board): "
                    "to check it as a deck, name it in a manifest's deck column")
        return f"not a decklist ({suffix or 'no'} extension)"
    if found.kind == "zip":
        return ("looks like a manifest, not read: only a manifest at the top of the archive "
                "(or of its only folder) is read")
    command = shlex.quote((Path(found.source) / relative).as_posix())
    return f"looks like a manifest, not read: a folder is checked file by file; to check its registrations, run `deckcheck batch {command}`"


def _is_own_report(path: Path) -> bool:
    """Whether the table file `path` is a report `deckcheck batch -o csv` wrote (its first
    4 KiB: the header)."""
    header = _table_header(path)
    return header is not None and is_own_report(header[0])


def _by_file(item: Skipped) -> str:
    return item.file


def _relative(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix()


def _from_archive(root: Path, shown: str) -> RegistrationSet:
    manifests = _manifests_in(root)
    if len(manifests) > 1:
        names = ", ".join(_relative(path, root) for path in manifests)
        raise InputError(f"{shown}: several manifests at the top of the archive ({names}); keep one")
    if not manifests:
        return walk(root, shown=shown, kind="zip")
    manifest = manifests[0]
    relative = _relative(manifest, root)
    # Named in messages as `set.zip:registrations.csv`; in the report as the zip and its manifest.
    found = read_manifest(manifest, root=root, shown=f"{shown}:{relative}")
    return found.replace(source=shown, kind="zip", manifest=relative, format_root=root)


def _manifests_in(root: Path) -> list[Path]:
    """Manifests at the archive's top, or inside its only top-level folder (zipping a
    folder usually adds one). A YAML file that is not a table of registrations (a format
    file shipped beside the decks) does not count."""
    top = [path for path in root.iterdir() if not tree.is_hidden(path.name)]
    folders = [path for path in top if path.is_dir()]
    if len(top) == 1 and folders:
        top = [path for path in folders[0].iterdir() if not tree.is_hidden(path.name)]
    return sorted(path for path in top if path.is_file() and is_manifest(path) and _looks_like_manifest(path))


def _looks_like_manifest(path: Path, *, broken: bool = True) -> bool:
    """A CSV whose first line names the player and deck columns, or YAML holding a list of
    registrations. When `broken` (an archive's top level, where reading it says what is
    wrong, as for a manifest named on the command line) YAML that cannot be parsed counts,
    and so does a CSV whose header comes after `#` lines (a manifest has no comments);
    neither does for a hint about a folder's file."""
    try:
        if path.stat().st_size > MAX_MANIFEST_BYTES:
            return False
        # As a manifest named on the command line is read (a byte-order mark, UTF-16 without
        # one, Windows-1252): a UTF-16 export at a zip's top was taken for no manifest and
        # its players lost.
        text = decode(path.read_bytes(), source=str(path))
    except (OSError, InputError):
        return False
    if path.suffix.lower() in TABLE_DELIMITERS:
        # The header after Excel's `sep=;` line, as reading the manifest finds it.
        first, _, named = find_header(text.splitlines(), skip=_is_comment if broken else None)
        first = first.lower()
        if is_own_report(first.split(named or header_delimiter(first))):
            return False  # a batch's `-o csv` report left beside the decks (_not_a_decklist)
        return all(column in first for column in REQUIRED)
    # YAML: a list of rows or `registrations:`; a format file (name, game, ...) is not one.
    from ..yamlload import YamlError, load_yaml

    try:
        data = load_yaml(text, source=str(path), aliases=False, what="manifest")
    except YamlError:
        return broken  # perhaps meant as a manifest: reading it will say what is wrong
    if isinstance(data, dict):
        return "registrations" in data
    return isinstance(data, list) and any(isinstance(row, dict) and set(REQUIRED) & set(row) for row in data)


def _is_comment(line: str) -> bool:
    return line.lstrip().startswith("#")
