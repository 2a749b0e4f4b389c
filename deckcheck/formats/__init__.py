"""Format files: find, load, merge (`extends`), validate, and resolve lists on a date.

A format id is a path under a formats directory without `.yaml` (`mtg/modern`), or a path
to a user's YAML file. Directories searched, in order: those in `DECKCHECK_FORMATS_PATH`
(separated like PATH), then the formats shipped with deckcheck.

Merging: a child's mappings are merged key by key into its parent's; a key set to `null`
removes the parent's value (`copy_limit: null` for Limited); the dated lists (`banned`,
`restricted`, `card_limits`) add to the parent's lists, except that a card the child lists
is governed by the child's entries alone (its history replaces the inherited one); every
other list replaces.
"""
from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from ..errors import FormatError
from .model import ANY_NUMBER, CopyLimit, Format, ListEntry, OpeningHand, ZoneSize, as_date
from .schema import FORMAT_SCHEMA, LIST_GROUPS, LIST_KEYS
from ..names import card_key, fold
from ..schema import SchemaError
from ..textio import MAX_INPUT_BYTES
from ..yamlload import load_yaml

__all__ = [  # the format objects live in format_model; most callers import them from here
    "ANY_NUMBER", "CopyLimit", "Format", "ListEntry", "OpeningHand", "ZoneSize",
    "available", "check_file", "find", "format_dirs", "iter_formats", "load", "load_merged", "load_yaml",
]

_PACKAGE_DIR = Path(__file__).resolve().parent.parent
# Installed wheels carry the files inside the package; a source checkout has them at the top.
BUNDLED_DIRS = (_PACKAGE_DIR / "_formats", _PACKAGE_DIR.parent / "formats")


def format_dirs() -> list[Path]:
    extra = [Path(part) for part in os.environ.get("DECKCHECK_FORMATS_PATH", "").split(os.pathsep) if part]
    bundled = [path for path in BUNDLED_DIRS if path.is_dir()][:1]
    return extra + bundled


# ---------------------------------------------------------------- finding and loading


def _is_file(path: Path) -> bool:
    """`Path.is_file`, false for names the OS refuses outright (too long, NUL bytes)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def _looks_like_path(format_id: str) -> bool:
    # `is_file`, not `exists`: a folder that happens to be called `mtg/modern` under the
    # current directory must not hide the bundled format of that id.
    return format_id.endswith((".yaml", ".yml")) or (os.sep in format_id and _is_file(Path(format_id)))


def find(format_id: str, *, relative_to: Path | None = None) -> tuple[str, Path]:
    """Resolve a format id or path to (id, file)."""
    if _looks_like_path(format_id):
        candidates = [Path(format_id)]
        if relative_to is not None and not Path(format_id).is_absolute():
            candidates.insert(0, relative_to / format_id)
        for candidate in candidates:
            if _is_file(candidate):
                # The id and path show in reports: `d1/../d2/b.yaml` reads better as
                # `d2/b.yaml` (unless a symlink makes the two different files).
                tidy = Path(os.path.normpath(candidate))
                if tidy != candidate and tidy.resolve() == candidate.resolve():
                    candidate = tidy
                return str(candidate), candidate
        raise FormatError(f"format file {format_id!r} not found")
    clean = format_id.strip().strip("/")
    if not clean or ".." in Path(clean).parts:
        raise FormatError(f"{format_id!r} is not a format id (like mtg/modern)")
    for directory in format_dirs():
        candidate = directory / f"{clean}.yaml"
        if _is_file(candidate):
            return clean, candidate
    suggestions = [known for known in available() if clean.split("/")[-1] in known]
    hint = f"; did you mean {', '.join(suggestions[:3])}?" if suggestions else "; `deckcheck formats list` shows them all"
    raise FormatError(f"unknown format {format_id!r}{hint}")


def available() -> list[str]:
    """Every format id found in the format directories (abstract bases included)."""
    ids: set[str] = set()
    for directory in format_dirs():
        for path in directory.rglob("*.yaml"):
            ids.add(path.relative_to(directory).with_suffix("").as_posix())
    return sorted(ids)


def _read_yaml(path: Path) -> dict[str, Any]:
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_INPUT_BYTES + 1)
    except OSError as exc:
        raise FormatError(f"cannot read ({exc.strerror or exc})", path=str(path)) from None
    if len(raw) > MAX_INPUT_BYTES:
        raise FormatError(f"over the {MAX_INPUT_BYTES:,}-byte limit for a format file; is this the right file?", path=str(path))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise FormatError(f"line {line}: not UTF-8 text (byte 0x{raw[exc.start]:02x}); save the file as UTF-8", path=str(path)) from None
    data = load_yaml(text, source=str(path))
    if data is None:
        raise FormatError("file is empty", path=str(path))
    if not isinstance(data, dict):
        raise FormatError("expected a mapping of format keys at the top level", path=str(path))
    try:
        FORMAT_SCHEMA.check(data, "")
    except SchemaError as exc:
        raise FormatError(str(exc), path=str(path), key=exc.path) from None
    return data


# Keys that describe one file and are not inherited along `extends`.
_OWN_KEYS = ("abstract", "description")


def _entry_key(item: Any) -> str:
    if isinstance(item, str):
        return card_key(item)
    if item.get("code") is not None:
        return fold(item.get("card") or str(item["code"]))
    return card_key(item.get("card"))


def _merge_lists(parent: Mapping[str, Any], child: Mapping[str, Any], merged: dict[str, Any]) -> None:
    for group in LIST_GROUPS:
        named = {_entry_key(item) for key in group for item in child.get(key) or ()}
        for key in group:
            if key not in child and key not in parent:
                continue
            if key in child and child[key] is None:
                merged[key] = []  # `banned: null` starts the list afresh
                continue
            inherited = [item for item in parent.get(key) or () if _entry_key(item) not in named]
            merged[key] = inherited + list(child.get(key) or [])


def _merge(parent: Mapping[str, Any], child: Mapping[str, Any], *, top: bool = True) -> dict[str, Any]:
    merged = dict(parent)
    if top:
        for key in _OWN_KEYS:
            merged.pop(key, None)
        _merge_lists(parent, child, merged)
    for key, value in child.items():
        if key == "extends" and top:
            continue
        if top and key in LIST_KEYS:
            continue  # merged above
        if value is None:
            merged.pop(key, None)
        elif isinstance(value, Mapping):
            # Merge into {} when there is nothing to merge with, so a `null` inside still
            # means "absent" (`deck: {main: null}` with no parent) rather than reaching _build.
            base = merged.get(key) if isinstance(merged.get(key), Mapping) else {}
            merged[key] = _merge(base, value, top=False)
        else:
            merged[key] = value
    return merged


def load_merged(format_id: str, *, relative_to: Path | None = None) -> tuple[str, Path, dict[str, Any], tuple[str, ...]]:
    """(id, file, merged data, chain of ids child first) of a format and what it extends."""
    resolved_id, path, data, chain, _files = _load_chain(format_id, relative_to=relative_to)
    return resolved_id, path, data, chain


def _load_chain(
    format_id: str, *, relative_to: Path | None = None, _seen: tuple[tuple[str, Path], ...] = ()
) -> tuple[str, Path, dict[str, Any], tuple[str, ...], tuple[Path, ...]]:
    resolved_id, path = find(format_id, relative_to=relative_to)
    real = path.resolve()
    # Compare files, not ids: `a.yaml` -> `../x/b.yaml` -> `../y/a.yaml` names one file
    # by ever longer paths, and comparing the spellings would recurse until the OS refuses.
    if any(real == seen for _, seen in _seen):
        cycle = " -> ".join([*(seen_id for seen_id, _ in _seen), resolved_id])
        raise FormatError(f"`extends` forms a cycle: {cycle}", path=str(path), key="extends")
    data = _read_yaml(path)
    parent_id = data.get("extends")
    chain: tuple[str, ...] = (resolved_id,)
    files: tuple[Path, ...] = (real,)
    if parent_id:
        try:
            _, _, parent, parent_chain, parent_files = _load_chain(
                parent_id, relative_to=path.parent, _seen=(*_seen, (resolved_id, real))
            )
        except FormatError as exc:
            if exc.path:  # the parent itself is broken: its own message says where
                raise
            raise FormatError(f"cannot extend {parent_id!r}: {exc}", path=str(path), key="extends") from None
        data = _merge(parent, data)
        chain += parent_chain
        files += parent_files
    else:
        data = _merge({}, data)
    return resolved_id, path, data, chain, files


# Loaded formats by (id, file), with the (path, mtime, size) of every file of the chain, so
# an edit to a parent is seen too and a relative path means the file it names now.
_CACHE: dict[tuple[str, str], tuple[Format, tuple[tuple[Path, int, int], ...]]] = {}


def _stamps(files: tuple[Path, ...]) -> tuple[tuple[Path, int, int], ...] | None:
    try:
        return tuple((file, stat.st_mtime_ns, stat.st_size) for file in files for stat in (file.stat(),))
    except OSError:
        return None


def load(format_id: str) -> Format:
    """Load a format by id or path, merged and validated. Raises FormatError."""
    resolved_id, path = find(format_id)
    key = (resolved_id, str(path.resolve()))
    cached = _CACHE.get(key)
    if cached is not None and _stamps(tuple(file for file, _, _ in cached[1])) == cached[1]:
        return cached[0]
    resolved_id, path, data, chain, files = _load_chain(format_id)
    fmt = _build(resolved_id, path, data, chain)
    stamps = _stamps(files)
    if stamps is not None:
        _CACHE[key] = (fmt, stamps)
    return fmt


def _entries(items: list[Any]) -> tuple[ListEntry, ...]:
    out = []
    for item in items or []:
        if isinstance(item, str):
            out.append(ListEntry(card=item))
        else:
            out.append(
                ListEntry(
                    card=item.get("card") or str(item.get("code")),
                    since=as_date(item.get("since")),
                    until=as_date(item.get("until")),
                    limit=item.get("limit"),
                    code=item.get("code"),
                    note=item.get("note"),
                )
            )
    return tuple(out)


def _build(format_id: str, path: Path, data: dict[str, Any], chain: tuple[str, ...]) -> Format:
    for key in ("name", "game"):
        if key not in data:
            raise FormatError("required key is missing (set it here or in the format it extends)", path=str(path), key=key)
    zones = {zone: ZoneSize(**spec) for zone, spec in (data.get("deck") or {}).items()}
    copy_limit = None
    if data.get("copy_limit"):
        spec = data["copy_limit"]
        per_card = {
            card_key(name): (None if limit == ANY_NUMBER else limit) for name, limit in (spec.get("per_card") or {}).items()
        }
        copy_limit = CopyLimit(
            default=spec.get("default", 4),
            zones=tuple(spec.get("zones", ("main", "sideboard"))),
            exempt_basic_lands=spec.get("exempt_basic_lands", True),
            per_card=per_card,
        )
    hand = data.get("opening_hand") or {}
    return Format(
        id=format_id,
        name=data["name"],
        game=data["game"],
        path=str(path),
        data=data,
        zones=zones,
        copy_limit=copy_limit,
        basic_lands=frozenset(card_key(name) for name in data.get("basic_lands") or ()),
        banned=_entries(data.get("banned")),
        restricted=_entries(data.get("restricted")),
        card_limits=_entries(data.get("card_limits")),
        opening_hand=OpeningHand(**hand),
        chain=chain,
    )


def check_file(path: str | Path) -> Format:
    """Validate a user's format file (and what it extends); return the merged format."""
    path = Path(path)
    if not _is_file(path) and _is_dir(path):
        raise FormatError("is a directory, not a format file", path=str(path))
    if not _is_file(path):
        raise FormatError("no such file", path=str(path))
    return _build(*load_merged(str(path) if str(path).endswith((".yaml", ".yml")) else str(path.resolve())))


def iter_formats(*, include_abstract: bool = False) -> Iterator[Format | FormatError]:
    """Every available format, or the error that stops one loading."""
    for format_id in available():
        try:
            fmt = load(format_id)
        except FormatError as exc:
            yield exc
            continue
        if include_abstract or not fmt.data.get("abstract"):
            yield fmt
