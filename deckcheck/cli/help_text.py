"""Render the Typer app's top-level help as the terminal shows it (for `_help.py`)."""
from __future__ import annotations


def render_top_level_help() -> str:
    from typer.main import get_command

    from .app import app

    command = get_command(app)
    with command.make_context("deckcheck", [], resilient_parsing=True) as ctx:
        return command.get_help(ctx) + "\n"
