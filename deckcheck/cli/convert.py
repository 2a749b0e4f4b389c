"""`deckcheck convert SOURCE --to FORMAT`: rewrite a decklist in another format (stdout)."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from .app import CARDS_DB_OPTION, INPUT_FORMAT_OPTION, app, emit, handles_errors

TO_OPTION = typer.Option(..., "--to", metavar="FORMAT", help="ydk, ydke, text, arena, dek, cod or dck.")


@app.command()
@handles_errors
def convert(
    source: str = typer.Argument(..., metavar="SOURCE", help="A decklist file, '-' for stdin, or a ydke:// URL."),
    to: str = TO_OPTION,
    input_format: Optional[str] = INPUT_FORMAT_OPTION,
    cards_db: Optional[Path] = CARDS_DB_OPTION,
) -> None:
    """Write a decklist in another format on stdout (.ydk <-> ydke:// exactly).

    Yu-Gi-Oh! passcodes and names are bridged with the card database when one is there.

    Example: deckcheck convert deck.ydk --to ydke
    """
    import sys

    from .. import decklists as parsers
    from ..cards import catalog_for
    from ..decklists.convert import PASSCODE_FORMATS
    from ..decklists.convert import convert as convert_deck
    from ..pipeline import read_deck
    from ..decklists.writers import get
    from ..games import passcode_game

    get(to)  # an unknown --to is a usage error before any reading
    if source == "-":
        deck = parsers.parse_bytes(sys.stdin.buffer.read(), source="<stdin>", input_format=input_format)
    elif parsers.is_inline(source):
        deck = read_deck(source, input_format=input_format)
    else:
        deck = read_deck(Path(source), input_format=input_format)
    if deck.name is None and source != "-" and not parsers.is_inline(source):
        deck.name = Path(source).stem
    catalog = None
    numbered = passcode_game()
    if numbered is not None and (to in PASSCODE_FORMATS or any(entry.code is not None for entry in deck.entries)):
        catalog, _ = catalog_for(numbered.id, cards_db)
    emit(convert_deck(deck, to, catalog=catalog))
