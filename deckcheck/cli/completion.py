"""Shell completion of option values (`deckcheck --install-completion` sets it up).

Typer completes commands and options by itself; these callbacks add the values: format
ids (every format file found: `deckcheck formats list`, and for `formats show` the abstract
bases too), format files
next to the user, `-o` outputs, `--input-format` parsers and `convert --to` writers, each
read from its registry and described (zsh and fish show the descriptions). They import what
they need when called, so the CLI still starts fast.
"""
from __future__ import annotations

import glob
import os
from collections.abc import Sequence

# The options that set up (or show) the shell's completion script, and the shells typer
# writes one for.
COMPLETION_OPTIONS = ("--install-completion", "--show-completion")
SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")


def named_shell(args: Sequence[str]) -> tuple[str, str] | None:
    """(the option, the shell) of `--install-completion SHELL` or `--show-completion=SHELL`,
    the whole command line; None for any other. Typer reads either option as a switch and
    the name after it as nothing: `--install-completion zsh` run from bash set up bash. An
    option after it (`--install-completion --help`, `-h`) is no shell: typer's own handling."""
    if len(args) == 2 and args[0] in COMPLETION_OPTIONS and not args[1].startswith("-"):
        return args[0], args[1]
    if len(args) == 1 and args[0].partition("=")[0] in COMPLETION_OPTIONS and "=" in args[0]:
        option, _, shell = args[0].partition("=")
        return option, shell
    return None


def set_up_shell(option: str, shell: str) -> int:
    """Install (or show) the completion script of `shell`, as typer does for the shell it
    finds among the command's parents; the exit code."""
    from .common import say

    if shell not in SHELLS:
        say(f"deckcheck: error: {option} {shell}: no completion for that shell; give {', '.join(SHELLS[:-1])} "
            f"or {SHELLS[-1]}, or leave the shell out to set up the one you run")
        return 2
    from typer import echo
    from typer._completion_shared import get_completion_script, install

    from .quick import COMPLETION_VARIABLE as variable  # as typer names it for `deckcheck`
    if option == "--show-completion":
        echo(get_completion_script(prog_name="deckcheck", complete_var=variable, shell=shell))
        return 0
    try:
        installed, path = install(shell=shell, prog_name="deckcheck", complete_var=variable)
    except OSError as exc:  # PowerShell's is set up by running it: `pwsh` not installed
        missing = f"{exc.filename} not found" if isinstance(exc, FileNotFoundError) and exc.filename else exc.strerror or exc
        say(f"deckcheck: error: {option} {shell}: cannot set it up ({missing}); "
            f"`deckcheck --show-completion {shell}` shows the script to install yourself")
        return 2
    echo(f"{installed} completion installed in {path}\nCompletion will take effect once you restart the terminal")
    return 0


def complete_formats(incomplete: str) -> list[str]:
    """Format ids and files, abstract bases included: for `formats show`, which reads them."""
    return _formats(incomplete, bases=True)


def complete_formats_to_play(incomplete: str) -> list[str]:
    """Format ids and files for `-f`, which refuses an abstract base (mtg/commander-base)."""
    return _formats(incomplete, bases=False)


def _formats(incomplete: str, *, bases: bool) -> list[str]:
    from ..formats import available, is_base

    found = [format_id for format_id in available() if format_id.startswith(incomplete) and (bases or not is_base(format_id))]
    # A user's format file: complete paths that lead to one.
    if incomplete.startswith((".", "/", "~")) or incomplete.endswith((".y", ".ya", ".yam", ".yaml", ".yml")) or not found:
        for path in sorted(glob.glob(os.path.expanduser(incomplete) + "*"))[:200]:
            if os.path.isdir(path):
                found.append(path.rstrip("/") + "/")
            elif path.endswith((".yaml", ".yml")):
                found.append(path)
    return found


def complete_outputs(ctx, incomplete: str) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """The outputs that can report what the command reports (its `subjects`), described."""
    from ..report import descriptions

    subjects = getattr(ctx.command, "subjects", ())
    return [(name, about) for name, about in descriptions(*subjects) if name.startswith(incomplete)]


def complete_parsers(incomplete: str) -> list[tuple[str, str]]:
    from ..decklists import PARSERS

    return [(name, module.DESCRIPTION) for name, module in PARSERS.items() if name.startswith(incomplete)]


def complete_writers(incomplete: str) -> list[tuple[str, str]]:
    from ..decklists import WRITERS

    return [(name, module.DESCRIPTION) for name, module in WRITERS.items() if name.startswith(incomplete)]
