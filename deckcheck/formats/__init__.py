"""Format files: find, load (merged along `extends`, validated), list and check them.

A format id is a path under a formats directory without `.yaml` (`mtg/modern`), or a path
to a user's YAML file. Directories searched, in order: those in `DECKCHECK_FORMATS_PATH`
(separated like PATH), then the formats shipped with deckcheck. The keys a format file may
state are in docs/format-files.md.

The package: model.py (the Format the rules read, built from merged data), merge.py
(`extends` and the dated lists), schema.py (the keys, composed from the shared keys and
each rule's `KEYS`), show.py (`deckcheck formats show`).
"""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import FormatError
from ..model import ANY_NUMBER
from ..schema import SchemaError, validate
from ..yamlload import YamlError, read_yaml_file
from .merge import merge
from .model import CopyLimit, Format, ListEntry, OpeningHand, ZoneSize, build_format
from .schema import format_schema

__all__ = [  # the format objects live in formats/model.py; most callers import them from here
    "ANY_NUMBER", "CopyLimit", "Format", "ListEntry", "OpeningHand", "ZoneSize",
    "available", "check_file", "find", "format_dirs", "iter_formats", "load", "load_merged",
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
    """One format file, parsed and checked against the format schema (not yet merged)."""
    try:
        document = read_yaml_file(path, what="format file")
    except YamlError as exc:
        raise FormatError(exc.detail, path=str(path)) from None
    data = document.data
    if data is None:
        raise FormatError("file is empty", path=str(path))
    if not isinstance(data, dict):
        raise FormatError("expected a mapping of format keys at the top level", path=str(path))
    try:
        validate(data, format_schema(), line_of=document.line_of)
    except SchemaError as exc:
        raise FormatError(str(exc), path=str(path), key=exc.path, line=exc.line) from None
    return data


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
        data = merge(parent, data)
        chain += parent_chain
        files += parent_files
    else:
        data = merge({}, data)
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
    fmt = build_format(resolved_id, path, data, chain)
    stamps = _stamps(files)
    if stamps is not None:
        _CACHE[key] = (fmt, stamps)
    return fmt


def check_file(path: str | Path) -> Format:
    """Validate a user's format file (and what it extends); return the merged format."""
    path = Path(path)
    if not _is_file(path) and _is_dir(path):
        raise FormatError("is a directory, not a format file", path=str(path))
    if not _is_file(path):
        raise FormatError("no such file", path=str(path))
    return build_format(*load_merged(str(path) if str(path).endswith((".yaml", ".yml")) else str(path.resolve())))


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
