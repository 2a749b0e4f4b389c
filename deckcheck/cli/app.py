"""The `deckcheck` Typer app, the options commands share, and error handling.

Each command (one module each; `cli/__init__.py` registers them) parses its options, calls
the library, hands the result to a reporter and returns the exit code of
docs/contracts.md: 0 legal, 1 illegal, 2 usage or input error. This module imports no
command.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import typer

from .common import PARSERS_MARK, failure_code, say
from .completion import complete_formats_to_play, complete_parsers
from .help_text import HELP_WIDTH

F = TypeVar("F", bound=Callable[..., Any])

app = typer.Typer(
    name="deckcheck",
    help="Check trading-card-game decklists for tournament legality and simulate opening hands.",
    # \b keeps Click from re-wrapping the example lines into one paragraph; so they are
    # kept short enough for a terminal of 60 columns themselves.
    epilog=(
        "\b\nExamples:\n"
        "  deckcheck validate deck.txt -f mtg/modern\n"
        "  deckcheck batch registrations/ -f mtg/legacy -o junit\n"
        "  deckcheck simulate deck.txt -f mtg/modern \\\n"
        "      --assert \"keep7 >= 0.85\"\n"
        "  deckcheck check           # as deckcheck.yaml says\n"
        "  deckcheck COMMAND --help  # its options and an example"
    ),
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    # Plain Click help: deterministic (the fast top-level help in _help.py is a copy of it)
    # and it avoids importing rich on every run.
    rich_markup_mode=None,
    # The help as wide as the terminal up to 80 columns (Click's own measure, COLUMNS
    # included): at a fixed 88 every help wrapped its long lines on an 80-column terminal.
    # -h as well as --help, for every command (Click knows --help only).
    context_settings={"max_content_width": HELP_WIDTH, "help_option_names": ["-h", "--help"]},
)



def _no_breaks_at_hyphens() -> None:
    """Click fills a help's paragraphs with textwrap's default, which breaks a word at its
    hyphens: the rule `not-in-pool` went over two lines as `not-in-` and `pool`, the option
    `--deck-check` as `deck-` and `check`, where a reader searches for them whole. Click makes
    its wrapper anew for each paragraph from this class (formatting.wrap_text): a subclass
    that never breaks there takes its place, for the command line's helps alone.
    The module is Typer's private copy of Click's: should a Typer release move it, the help
    wraps as Click's does (breaking at hyphens again) rather than every command failing to
    import."""
    try:
        from typer._click import _textwrap
    except ImportError:
        return

    if getattr(_textwrap.TextWrapper, "deckcheck", False):
        return
    plain = _textwrap.TextWrapper

    class Wrapper(plain):  # type: ignore[valid-type,misc]
        deckcheck = True

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **{**kwargs, "break_on_hyphens": False})

    _textwrap.TextWrapper = Wrapper  # type: ignore[misc]


_no_breaks_at_hyphens()


def _show_version(value: bool) -> None:
    """`--version`: the version, then exit 0 (entry.py answers `deckcheck --version` alone
    itself, fast; this is the same answer for a command line Typer reads, and the line
    that lists it in the help)."""
    if value:
        from .. import __version__

        typer.echo(f"deckcheck {__version__}")
        raise typer.Exit(0)


@app.callback()
def _main(
    version: bool = typer.Option(False, "--version", is_eager=True, callback=_show_version, help="Show deckcheck's version and exit."),
) -> None:
    # No docstring: the app's own help (above) stays the help of `deckcheck --help`.
    pass


def fail(message: str, code: int = 2) -> None:
    say(f"deckcheck: error: {message}")
    raise typer.Exit(code)


def handles_errors(command: F) -> F:
    """Turn library errors into a one-line message and exit code 2, never a traceback."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except (typer.Exit, typer.Abort, KeyboardInterrupt):
            raise
        except Exception as exc:
            raise typer.Exit(failure_code(exc)) from None

    return wrapper  # type: ignore[return-value]


FORMAT_OPTION = typer.Option(..., "--format", "-f", metavar="FORMAT", help="Format id (mtg/modern) or path to a format YAML file.", autocompletion=complete_formats_to_play)
DECK_ARGUMENT = typer.Argument(..., metavar="DECK...", help="Decklist files (in any format --input-format names, or a ydke:// URL); '-' reads stdin.")
DATE_OPTION = typer.Option(None, "--date", metavar="YYYY-MM-DD", help="Event date YYYY-MM-DD: the lists in force that day (default: today).")
INPUT_FORMAT_OPTION = typer.Option(None, "--input-format", metavar="PARSER", help=f"Force a decklist parser: {PARSERS_MARK}.", autocompletion=complete_parsers)
CARDS_DB_OPTION = typer.Option(None, "--cards-db", metavar="PATH", help="Card database to use (default: $DECKCHECK_CARDS_DB, the user data directory, else the built-in card data).")
# `cards sync` and `cards import` write a database: never the built-in data, which ships read-only.
CARDS_DB_WRITTEN_OPTION = typer.Option(None, "--cards-db", metavar="PATH", help="Card database to write (default: $DECKCHECK_CARDS_DB, else cards.sqlite in the user data directory).")
NO_CARDS_OPTION = typer.Option(False, "--no-cards", help="Check without card data: no unknown-card or not-in-pool checks, no canonical names.")
PLATFORM_OPTION = typer.Option("paper", "--platform", metavar="PLATFORM", help="Where the event is played: paper, mtgo or arena (release and ban dates differ).")
POOL_OPTION = typer.Option(
    None, "--pool", metavar="POOL",
    help="Limited events: the registered pool (a decklist file of the cards opened or drafted, or - for "
    "standard input); every card of the deck must come from it.",
)
OFFLINE_OPTION = typer.Option(False, "--offline", help="Never use the network (no online lookups of names missing from the card database).")

