"""Shell completion of option values (`deckcheck --install-completion` sets it up).

Typer completes commands and options by itself; these callbacks add the values: format
ids (every format file found, `deckcheck formats list` plus abstract bases), format files
next to the user, `-o` outputs and `--input-format` parsers. They import what they need
when called, so the CLI still starts fast.
"""
from __future__ import annotations

import glob
import os


def complete_formats(incomplete: str) -> list[str]:
    from ..formats import available

    found = [format_id for format_id in available() if format_id.startswith(incomplete)]
    # A user's format file: complete paths that lead to one.
    if incomplete.startswith((".", "/", "~")) or incomplete.endswith((".y", ".ya", ".yam", ".yaml", ".yml")) or not found:
        for path in sorted(glob.glob(os.path.expanduser(incomplete) + "*"))[:200]:
            if os.path.isdir(path):
                found.append(path.rstrip("/") + "/")
            elif path.endswith((".yaml", ".yml")):
                found.append(path)
    return found


def complete_outputs(incomplete: str) -> list[str]:
    from ..report import names

    return [name for name in names() if name.startswith(incomplete)]


def complete_batch_outputs(incomplete: str) -> list[str]:
    from .batch import BATCH_OUTPUTS

    return [name for name in BATCH_OUTPUTS if name.startswith(incomplete)]


def complete_parsers(incomplete: str) -> list[str]:
    from ..decklists import PARSERS

    return [name for name in PARSERS if name.startswith(incomplete)]
