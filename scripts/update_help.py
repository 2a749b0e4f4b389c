"""Regenerate deckcheck/_help.py from the Typer app (run after changing commands): the
top-level help, and the parameters of the commands cli/quick.py runs without Typer.

    python scripts/update_help.py
"""
from __future__ import annotations

import argparse
from pathlib import Path

from deckcheck.cli.help_text import render_help_module

TARGET = Path(__file__).resolve().parent.parent / "deckcheck" / "_help.py"


def main() -> int:
    # No options; --help says what the script does rather than rewriting the file.
    argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter).parse_args()
    TARGET.write_text(render_help_module(), encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
