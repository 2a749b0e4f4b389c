"""Console-script entry point.

`deckcheck --help` is the first thing people run, so it must start fast. Importing Typer
alone costs about six bare interpreter start-ups; the top-level help is therefore served
from a text kept in `_help.py` (a test checks it matches what Typer renders), and Typer
is imported only when a command actually runs.
"""
from __future__ import annotations

import sys


def main() -> None:
    args = sys.argv[1:]
    if args in (["--help"], ["-h"]):
        from ._help import TOP_LEVEL_HELP

        sys.stdout.write(TOP_LEVEL_HELP)
        return
    if args == ["--version"]:
        from . import __version__

        sys.stdout.write(f"deckcheck {__version__}\n")
        return
    try:
        from .cli.app import app

        app(prog_name="deckcheck")
    except KeyboardInterrupt:
        sys.stderr.write("deckcheck: interrupted\n")
        sys.exit(130)


if __name__ == "__main__":
    main()
