"""The `deckcheck` command line: `app.py` defines the Typer app and the options commands
share; each command lives in a module of its own; this package registers them all.

Importing a command module never imports this package's registration back, so every
module imports on its own (`python -c "import deckcheck.cli.cards"`). The Typer app is
`deckcheck.cli.app.app`; importing it through this package registers every command.
"""
from __future__ import annotations

from . import app as _app
from . import batch, cards, check, convert, diff, formats, sheet, simulate, validate  # noqa: F401  (importing registers them)

_app.app.add_typer(formats.formats_app, name="formats")
_app.app.add_typer(cards.cards_app, name="cards")
