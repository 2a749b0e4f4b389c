"""The `deckcheck` command line: `app.py` defines the Typer app and the options commands
share; each command lives in a module of its own; `typer_app()` registers them all.

Importing this package imports no command and not Typer: `deckcheck validate`, `simulate`
and `batch` run without Typer when entry.py can read the command line on its own (quick.py). Importing a
command module never imports the registration back, so every module imports on its own
(`python -c "import deckcheck.cli.cards"`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import typer


def typer_app() -> typer.Typer:
    """The Typer app (`deckcheck.cli.app.app`) with every command registered."""
    from . import app as _app
    from . import batch, cards, check, convert, diff, formats, sheet, simulate, validate  # noqa: F401  (importing registers them)

    if not _app.app.registered_groups:  # once, however often it is asked for
        _app.app.add_typer(formats.formats_app, name="formats")
        _app.app.add_typer(cards.cards_app, name="cards")
    return _app.app
