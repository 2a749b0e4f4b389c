"""Run a command without Typer when its command line is a plain one.

Importing Typer and building its commands costs several interpreter start-ups, more than
one `deckcheck validate` of a deck takes (and every batch paid it before its first deck).
The commands in `RUNNERS` are therefore also run directly: their parameters (names, option strings, kinds, defaults) are read from the
Typer declaration by scripts/update_help.py into deckcheck/_help.py (a test checks they
match), and `run` reads the command line with them the way Click would. Anything it does
not read with certainty - `--help`, an unknown or abbreviated option, `-fVALUE`, a missing
value, a value that looks like an option, a required parameter left out, shell completion,
Windows (where Typer expands wildcards) - returns None, and entry.py hands the command line to Typer, which answers as it always
did (help, one-line usage errors).
"""
from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

# Command name -> (module, function): the Typer-free work of the command. The function
# takes every parameter of the command by name and returns the exit code.
RUNNERS = {
    "validate": ("deckcheck.cli.run_validate", "run_validate"),
    "simulate": ("deckcheck.cli.run_simulate", "run_simulate"),
    "batch": ("deckcheck.cli.run_batch", "run_batch"),
}

# Click runs shell completion when this variable is set (prog name "deckcheck").
COMPLETION_VARIABLE = "_DECKCHECK_COMPLETE"

Parameter = tuple[str, tuple[str, ...], str, bool, Any]
# The kinds of positional parameters (one value; the rest of them), in declaration order.
POSITIONAL = ("argument", "arguments")


def read_command_line(parameters: Sequence[Parameter], args: Sequence[str]) -> dict[str, Any] | None:
    """The values of `parameters` (cli/help_text.py `quick_options`) given by `args` (the
    command line after the command's name), or None when Click might read it otherwise."""
    by_option = {option: parameter for parameter in parameters for option in parameter[1]}
    values: dict[str, Any] = {
        name: () if kind == "texts" else default for name, _, kind, _, default in parameters if kind not in POSITIONAL
    }
    given: set[str] = set()
    arguments: list[str] = []
    tokens = list(args)
    while tokens:
        token = tokens.pop(0)
        if token == "--":
            arguments += tokens
            break
        if token == "-" or not token.startswith("-"):
            arguments.append(token)
            continue
        name_part, has_value, value = token.partition("=") if token.startswith("--") else (token, False, "")
        parameter = by_option.get(name_part)
        if parameter is None:
            return None  # unknown, abbreviated or joined (-fVALUE): Click's to answer
        name, _, kind, _, _ = parameter
        if kind == "flag":
            if has_value:
                return None
            values[name] = True
        else:
            if not has_value:
                if not tokens or (tokens[0].startswith("-") and tokens[0] != "-"):
                    return None
                value = tokens.pop(0)
            if kind in ("int", "count"):
                try:
                    value = int(value)  # Click's IntParamType reads it so
                except ValueError:
                    return None  # Click says why, its way
                if kind == "count" and value < 1:
                    return None  # out of Click's IntRange(min=1): Click says so
            values[name] = (*values[name], value) if kind == "texts" else value
        given.add(name)
    for name, _, kind, required, _ in parameters:
        if kind == "argument":
            if not arguments:
                if required:
                    return None
                values[name] = None
            else:
                values[name] = arguments.pop(0)
        elif kind == "arguments":
            if required and not arguments:
                return None
            values[name], arguments = arguments, []
        elif required and name not in given:
            return None
        elif kind == "path" and values[name] is not None:
            if not _readable_or_absent(values[name]):
                return None  # Click says it is not readable, its way
            from pathlib import Path

            values[name] = Path(values[name])
    if arguments:
        return None  # more than the command takes: Click's usage error
    return values


def _readable_or_absent(path: str) -> bool:
    try:
        os.stat(path)
    except (OSError, ValueError):
        return True
    return os.access(path, os.R_OK)


def run(args: Sequence[str]) -> int | None:
    """The exit code of running `args` (the command line after `deckcheck`) without Typer,
    or None when Typer must run it."""
    # On Windows Typer expands wildcards in the arguments itself (`decks/*.txt`): leave it to Typer.
    if not args or args[0] not in RUNNERS or COMPLETION_VARIABLE in os.environ or os.name == "nt":
        return None
    from .._help import COMMAND_PARAMETERS

    values = read_command_line(COMMAND_PARAMETERS[args[0]], args[1:])
    if values is None:
        return None
    import importlib

    module, function = RUNNERS[args[0]]
    runner: Callable[..., int] = getattr(importlib.import_module(module), function)
    from .common import failure_code

    positional = [values.pop(name) for name, _, kind, _, _ in COMMAND_PARAMETERS[args[0]] if kind in POSITIONAL]
    try:
        return runner(*positional, **values)
    except KeyboardInterrupt:
        return 130  # what Typer returns for an interrupted command, as quietly
    except Exception as exc:
        return failure_code(exc)

