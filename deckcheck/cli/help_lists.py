"""Help text that names registry members, written only when help is shown.

Naming the outputs imports the reporter registry's list and naming the parsers every
decklist module, while a command that runs needs neither: a parameter's help holds a mark
(cli/common.py: OUTPUTS_MARK, PARSERS_MARK, WRITERS_MARK, `outputs_mark`) and `Command`
fills the marks in when it formats its help.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from typer.core import TyperCommand

from ..wording import listed
from .common import OUTPUTS_MARK, PARSERS_MARK, WRITERS_MARK
from ..lazy_pattern import lazy

if TYPE_CHECKING:
    from typer._click import Context, HelpFormatter

_OUTPUTS_FOR = lazy(r"\{outputs:(\w+)\}")


def fill_lists(text: str, subjects: tuple[str, ...] = ()) -> str:
    """`text` with its marks replaced by the registries' names (outputs for `subjects`)."""
    if OUTPUTS_MARK in text or _OUTPUTS_FOR.search(text):
        from ..report import names, output_help

        text = text.replace(OUTPUTS_MARK, output_help(*subjects))
        text = _OUTPUTS_FOR.sub(lambda match: listed(names(match.group(1))), text)
    if PARSERS_MARK in text or WRITERS_MARK in text:
        from ..decklists import PARSERS, WRITERS

        text = text.replace(PARSERS_MARK, listed(list(PARSERS))).replace(WRITERS_MARK, listed(list(WRITERS)))
    return text


class Command(TyperCommand):
    """A command whose parameters' help may name registry members (the marks above); a
    command with `-o` reports `subjects` (report/__init__.py) and is made by `reports()`."""

    subjects: tuple[str, ...] = ()
    _lists_filled = False

    def format_help(self, ctx: Context, formatter: HelpFormatter) -> None:
        if not self._lists_filled:
            self._lists_filled = True
            for param in self.params:
                help_text = getattr(param, "help", None)
                if help_text:
                    param.help = fill_lists(help_text, self.subjects)  # type: ignore[attr-defined]
        super().format_help(ctx, formatter)


def reports(*subjects: str) -> type[Command]:
    """The command class of a command whose `-o` reports `subjects`:
    `@app.command(cls=reports(DECKS))`."""
    return type("ReportingCommand", (Command,), {"subjects": subjects})
