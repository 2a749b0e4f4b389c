"""The `deckcheck` command line: a thin shell over the library.

Each command parses its options, calls the library, hands the result to a reporter and
returns the exit code of docs/contracts.md: 0 legal, 1 illegal, 2 usage or input error.
"""
from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import typer

from .completion import complete_formats, complete_outputs, complete_parsers
from ..errors import DeckcheckError

F = TypeVar("F", bound=Callable[..., Any])

app = typer.Typer(
    name="deckcheck",
    help="Check trading-card-game decklists for tournament legality and simulate opening hands.",
    # \b keeps Click from re-wrapping the example lines into one paragraph.
    epilog=(
        "\b\nExamples:\n"
        "  deckcheck validate deck.txt -f mtg/modern\n"
        "  deckcheck batch registrations/ -f mtg/legacy -o junit\n"
        "  deckcheck simulate deck.txt -f mtg/modern --assert \"keep7 >= 0.85\"\n"
        "  deckcheck check                      # the repository, as its deckcheck.yaml says\n"
        "  deckcheck COMMAND --help             # every command's options, with an example"
    ),
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    # Plain Click help: deterministic (the fast top-level help in _help.py is a copy of it)
    # and it avoids importing rich on every run.
    rich_markup_mode=None,
    context_settings={"terminal_width": 88, "max_content_width": 88},
)


def fail(message: str, code: int = 2) -> None:
    typer.echo(f"deckcheck: error: {message}", err=True)
    raise typer.Exit(code)


def handles_errors(command: F) -> F:
    """Turn library errors into a one-line message and exit code 2, never a traceback."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except DeckcheckError as exc:
            fail(str(exc), exc.exit_code)
        except (typer.Exit, typer.Abort, KeyboardInterrupt):
            raise
        except Exception as exc:  # a bug: still one line, with a way to get the details
            if os.environ.get("DECKCHECK_DEBUG"):
                raise
            fail(f"internal error ({type(exc).__name__}: {exc}); set DECKCHECK_DEBUG=1 for the traceback")

    return wrapper  # type: ignore[return-value]


def emit(text: str) -> None:
    """Write a report to stdout. Text the terminal's encoding cannot carry (a file name
    with undecodable bytes, a card name in a script a legacy console lacks) is replaced,
    never a traceback half-way through a report."""
    stream = getattr(sys.stdout, "buffer", None)
    if stream is None:
        sys.stdout.write(text)
    else:
        sys.stdout.flush()
        stream.write(text.encode(sys.stdout.encoding or "utf-8", errors="replace"))
    sys.stdout.flush()


def warn(message: str) -> None:
    typer.echo(f"deckcheck: warning: {message}", err=True)


FORMAT_OPTION = typer.Option(..., "--format", "-f", metavar="FORMAT", help="Format id (mtg/modern) or path to a format YAML file.", autocompletion=complete_formats)
DECK_ARGUMENT = typer.Argument(..., metavar="DECK", help="Decklist files (text, .dek, .cod, .dck, ...); '-' reads stdin.")
DATE_OPTION = typer.Option(None, "--date", metavar="YYYY-MM-DD", help="Event date YYYY-MM-DD: the lists in force that day (default: today).")
OUTPUT_HELP = "text, json, junit, github, sarif or auto (github under GitHub Actions, else text)."
OUTPUT_OPTION = typer.Option("auto", "--output", "-o", metavar="OUTPUT", help=OUTPUT_HELP, autocompletion=complete_outputs)
INPUT_FORMAT_OPTION = typer.Option(None, "--input-format", metavar="PARSER", help="Force a decklist parser: text, dek, cod, dck, ...", autocompletion=complete_parsers)
CARDS_DB_OPTION = typer.Option(None, "--cards-db", metavar="PATH", help="Card database to use (default: $DECKCHECK_CARDS_DB or the user data directory).")
OFFLINE_OPTION = typer.Option(False, "--offline", help="Never use the network (no online lookups of names missing from the card database).")


def warn_once() -> Callable[[str], None]:
    """A callback that prints each distinct warning once on stderr."""
    seen: set[str] = set()

    def warn(message: str) -> None:
        if message not in seen:
            seen.add(message)
            typer.echo(f"deckcheck: warning: {message}", err=True)

    return warn

