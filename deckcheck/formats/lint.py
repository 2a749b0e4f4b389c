"""Warnings `deckcheck formats check` gives a format file that loads (docs/format-files.md#errors).

None stops the file loading: a key no check reads (`team.sideboard`).
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import FormatError

if TYPE_CHECKING:
    from ..yamlload import YamlDocument
    from .model import Format

# Keys the schema accepts (existing files keep loading) that no check reads, with what to
# write instead.
DEAD_KEYS: dict[tuple[str, str], str] = {
    ("team", "sideboard"): ("a team's shared sideboard is `pool.shared_sideboard` (as in mtg/2hg-limited), "
                            "no sideboard at all `deck.sideboard: {max: 0}`"),
}


def format_warnings(fmt: Format, files: Sequence[Path]) -> list[str]:
    """The warnings for `fmt`, placed in `files` (the checked file, then the files of yours
    it extends): where the first of them that writes the key does."""
    from ..yamlload import read_yaml_file

    documents = [(path, read_yaml_file(path, what="format file")) for path in files]
    return list(_dead_keys(documents))


def _at(document: YamlDocument, keys: Sequence[str]) -> Any:
    data: Any = document.data
    for key in keys:
        if not isinstance(data, Mapping) or key not in data:
            return None
        data = data[key]
    return data


def _dead_keys(documents: list[tuple[Path, YamlDocument]]) -> Iterator[str]:
    for keys, instead in DEAD_KEYS.items():
        for path, document in documents:
            if _at(document, keys) is not None:
                yield str(FormatError(f"has no effect, no check reads it: {instead}", path=str(path),
                                      key=".".join(keys), line=document.line_of(keys)))
