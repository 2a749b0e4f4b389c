"""Shell completion of option values (`deckcheck --install-completion` sets it up).

Typer completes commands and options by itself; these callbacks add the values: format
ids (every format file found: `deckcheck formats list`, and for `formats show` the abstract
bases too), format files
next to the user, `-o` outputs, `--input-format` parsers and `convert --to` writers, each
read from its registry and described (zsh and fish show the descriptions). They import what
they need when called, so the CLI still starts fast.
"""
from __future__ import annotations

import glob
import os


def complete_formats(incomplete: str) -> list[str]:
    """Format ids and files, abstract bases included: for `formats show`, which reads them."""
    return _formats(incomplete, bases=True)


def complete_formats_to_play(incomplete: str) -> list[str]:
    """Format ids and files for `-f`, which refuses an abstract base (mtg/commander-base)."""
    return _formats(incomplete, bases=False)


def _formats(incomplete: str, *, bases: bool) -> list[str]:
    from ..formats import available, is_base

    found = [format_id for format_id in available() if format_id.startswith(incomplete) and (bases or not is_base(format_id))]
    # A user's format file: complete paths that lead to one.
    if incomplete.startswith((".", "/", "~")) or incomplete.endswith((".y", ".ya", ".yam", ".yaml", ".yml")) or not found:
        for path in sorted(glob.glob(os.path.expanduser(incomplete) + "*"))[:200]:
            if os.path.isdir(path):
                found.append(path.rstrip("/") + "/")
            elif path.endswith((".yaml", ".yml")):
                found.append(path)
    return found


def complete_outputs(ctx, incomplete: str) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """The outputs that can report what the command reports (its `subjects`), described."""
    from ..report import descriptions

    subjects = getattr(ctx.command, "subjects", ())
    return [(name, about) for name, about in descriptions(*subjects) if name.startswith(incomplete)]


def complete_parsers(incomplete: str) -> list[tuple[str, str]]:
    from ..decklists import PARSERS

    return [(name, module.DESCRIPTION) for name, module in PARSERS.items() if name.startswith(incomplete)]


def complete_writers(incomplete: str) -> list[tuple[str, str]]:
    from ..decklists import WRITERS

    return [(name, module.DESCRIPTION) for name, module in WRITERS.items() if name.startswith(incomplete)]
