"""`deckcheck formats list | show | check`."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from ..cli import DATE_OPTION, emit, handles_errors
from ..completion import complete_formats
from ..errors import DeckcheckError

formats_app = typer.Typer(
    help="List, show and check format files.\n\nExample: deckcheck formats show mtg/modern",
    no_args_is_help=True,
)


@formats_app.command("list")
@handles_errors
def formats_list() -> None:
    """List the available formats.

    Example: deckcheck formats list
    """
    from ..formats import iter_formats

    for item in iter_formats():
        if isinstance(item, DeckcheckError):
            typer.echo(f"deckcheck: warning: {item}", err=True)
            continue
        emit(f"{item.id:<28} {item.name}\n")


@formats_app.command("show")
@handles_errors
def formats_show(
    format_id: str = typer.Argument(..., metavar="FORMAT", help="Format id or path to a format YAML file.", autocompletion=complete_formats),
    date: Optional[str] = DATE_OPTION,
) -> None:
    """Show a format's merged rules and the lists in force on a date.

    Example: deckcheck formats show mtg/legacy --date 2011-06-01
    """
    from ..formats import load
    from ..formats_show import describe
    from ..pipeline import parse_date

    emit(describe(load(format_id), parse_date(date)))


@formats_app.command("check")
@handles_errors
def formats_check(path: Path = typer.Argument(..., metavar="FILE.yaml", help="A format YAML file to validate.")) -> None:
    """Validate a format file (and what it extends); exit 2 with the key at fault.

    Example: deckcheck formats check my-formats/cube.yaml
    """
    from ..formats import check_file

    fmt = check_file(path)
    emit(f"{path}: OK ({fmt.name}, game {fmt.game}, extends {' -> '.join(fmt.chain[1:]) or 'nothing'})\n")
