"""`deckcheck convert SOURCE --to FORMAT`: rewrite a decklist in another format (stdout)."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from .app import CARDS_DB_OPTION, INPUT_FORMAT_OPTION, app, handles_errors
from .common import OPTION_OF_SETTING, WRITERS_MARK, emit, no_empty_argument, read_deck_argument, warn
from .help_lists import Command
from .completion import complete_writers
from ..errors import DeckcheckError

if TYPE_CHECKING:
    from ..formats import Format

TO_OPTION = typer.Option(..., "--to", metavar="FORMAT", help=f"{WRITERS_MARK}.", autocompletion=complete_writers)


@app.command(cls=Command, short_help="Write a decklist in another format on stdout.")
@handles_errors
def convert(
    source: str = typer.Argument(..., metavar="SOURCE", help="A decklist file, '-' for stdin, or a ydke:// URL."),
    to: str = TO_OPTION,
    input_format: Optional[str] = INPUT_FORMAT_OPTION,
    cards_db: Optional[Path] = CARDS_DB_OPTION,
    format_id: Optional[str] = typer.Option(
        None, "--format", "-f", metavar="FORMAT",
        help="Read the list as this format reads it before writing: a Commander deck's commander wherever the "
             "file puts it (first or last in a typed list), a blank-line group its sizes make part of the main deck.",
    ),
) -> None:
    """Write a decklist in another format on stdout (.ydk <-> ydke:// exactly).

    Yu-Gi-Oh! passcodes and names are bridged with the card database when one is there.

    Example: deckcheck convert deck.ydk --to ydke

    \b
    Example: deckcheck convert edh.txt --to arena \\
        -f mtg/commander
    """
    from .. import decklists
    from ..converting import Words, converted

    # The warnings name the settings as the command's errors do (OPTION_OF_SETTING).
    format_option, to_option = OPTION_OF_SETTING["format_id"], OPTION_OF_SETTING["to"]
    words = Words(format_option, format_option.replace("FORMAT", "mtg/commander"), lambda to: f"{to_option} {to}",
                  f"{to_option}, such as text")

    no_empty_argument([source], "SOURCE", "a decklist file, - for standard input, or a ydke:// URL")
    decklists.writer(to)  # an unknown --to is a usage error before any reading
    fmt = _format(format_id)
    deck = read_deck_argument(source, input_format=input_format)
    stem = None if source == "-" or decklists.is_inline(source) else Path(source).stem
    warnings: list[str] = []
    try:
        written = converted(deck, to, fmt=fmt, cards_db=cards_db, offline=None, stem=stem, words=words,
                            warnings=warnings)
    except DeckcheckError:
        for message in warnings:  # how the list was read, said before why it cannot be written
            warn(message)
        raise
    emit(written.text, encoding=written.encoding)
    for message in written.warnings:
        warn(message)


def _format(format_id: str | None) -> Format | None:
    """The --format, loaded (an unknown one is a usage error before any reading)."""
    if format_id is None:
        return None
    from ..formats import load, reference

    return load(reference(format_id))

