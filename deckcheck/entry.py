"""Console-script entry point.

`deckcheck --help` is the first thing people run, so it must start fast. Importing Typer
alone costs about four bare interpreter start-ups; the top-level help is therefore served
from a text kept in `_help.py` (a test checks it matches what Typer renders), a plain
`deckcheck validate`, `simulate` or `batch` command line runs without Typer
(cli/quick.py), and Typer is imported only for the other commands, help and usage errors.
"""
from __future__ import annotations

import gc
import sys


# The commands whose process is short and whose start-up (some 170 imports, the format,
# the card data) leaves nothing in reference cycles to free: the collector, which walked
# every object made so far dozens of times on the way, stays off for them (a `validate`
# 4.6% fewer instructions, a 2,000-deck batch 0.8%). A batch's run collects the young
# objects itself once a chunk (batch/runner.py), as it did with the collector paused.
_COLLECTOR_OFF = ("validate", "batch")


def main() -> None:
    if sys.argv[1:2] and sys.argv[1] in _COLLECTOR_OFF:
        gc.disable()
    try:
        _run(sys.argv[1:])
    except KeyboardInterrupt:
        # Ctrl-C, wherever it comes (the start-up's imports, Typer's, the command's work):
        # exit 130 and nothing on stderr, as docs/contracts.md says and as Typer ends a
        # command interrupted at its work; the shell has echoed ^C already.
        sys.exit(130)
    except BrokenPipeError:
        # The reader of stdout stopped reading: quietly, as cli/streams.py says. A broken
        # stderr alone (its reader gone while an error was said) is still an error (exit 2),
        # with nowhere left to say it.
        from .cli.streams import broken_pipe_code

        sys.exit(broken_pipe_code(otherwise=2))
    finally:
        # The process ends here, its work done and its files closed: the collection the
        # interpreter runs on the way out would walk every object a batch left (the card
        # data, the memos) to free what exiting frees anyway, 2% of a 2,000-deck batch.
        gc.freeze()


def _run(args: list[str]) -> None:
    if args in (["--help"], ["-h"]):
        from ._help import HELP_WIDTH, TOP_LEVEL_HELP

        if _help_columns() >= HELP_WIDTH:
            _write(TOP_LEVEL_HELP)
            return
        # A narrower terminal: Click wraps the help to it (below).
    if args == ["--version"]:
        from . import __version__

        _write(f"deckcheck {__version__}\n")
        return
    if args[:1] and args[0].startswith(("--install-completion", "--show-completion")):
        from .cli.completion import named_shell, set_up_shell

        named = named_shell(args)
        if named is not None:  # `--install-completion zsh`: the shell named, not the one found
            sys.exit(set_up_shell(*named))
    # A format file named on this command line may extend files of the working folder
    # (a repository's); a library caller's stays in its own folder (formats/__init__.py).
    from .formats import trust_working_folder

    trust_working_folder()
    from .cli.quick import run

    code = run(args)
    if code is not None:
        sys.exit(code)
    from typer import Abort
    from typer._click.exceptions import ClickException, NoArgsIsHelpError, UsageError

    from .cli import typer_app

    app = typer_app()
    try:
        # standalone_mode=False: Click hands usage errors back instead of printing its
        # multi-line usage text, so they are one line like every other error.
        code = app(prog_name="deckcheck", standalone_mode=False)
    except SystemExit as exc:
        # Typer ends a command whose stdout pipe broke (`validate --help | head -1`) with
        # exit 1, which means "illegal" here; it has wrapped stdout to hide the error.
        if exc.code == 1 and type(sys.stdout).__name__ == "PacifyFlushWrapper":
            raise BrokenPipeError from None
        raise
    except NoArgsIsHelpError as exc:  # `deckcheck` alone, `deckcheck cards`: the help
        exc.show()
        sys.exit(exc.exit_code)
    except UsageError as exc:
        message = usage_message(exc, args)
        _say_error(message)
        _report_usage_error(exc, args, message)
        sys.exit(2)
    except ClickException as exc:
        _say_error(" ".join(exc.format_message().split()))
        sys.exit(exc.exit_code)
    except Abort:
        raise KeyboardInterrupt from None
    sys.exit(code if isinstance(code, int) else 0)


def _help_columns() -> int:
    """The columns Click wraps a help to (shutil.get_terminal_size's answer, without
    importing shutil, which costs a fast `--help` a third of its time): COLUMNS when it
    is a number, else the terminal's width; 80 when stdout is no terminal."""
    import os

    try:
        if int(os.environ.get("COLUMNS", "")) > 0:
            return int(os.environ["COLUMNS"])
    except ValueError:
        pass
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80


def _write(text: str) -> None:
    """`text` on stdout, or the one-line error of a stdout that is closed or refuses it
    (exit 2); a broken pipe goes up to `main`. What tells the error is imported only then:
    `--help` must stay fast."""
    if sys.stdout is not None:
        try:
            sys.stdout.write(text)
            sys.stdout.flush()
            return
        except BrokenPipeError:
            raise
        except OSError as error:
            from .cli.streams import cannot_write

            failure = cannot_write(error)
    else:
        from .cli.streams import closed_output

        failure = closed_output()
    if sys.stderr is not None:
        sys.stderr.write(f"deckcheck: error: {failure}\n")
    sys.exit(2)


def _say_error(message: str) -> None:
    """A usage error on stderr through `say`, as every other line: Click's messages quote
    the arguments, and under GitHub Actions those may be a pull request's file names that
    the Action's glob expanded (`b ##[error]x.txt`, a legacy workflow command anywhere in
    a line). Imported only on this error path."""
    from .cli.common import say

    say(f"deckcheck: error: {message}")


# The commands whose usage errors leave a report on stdout for a CI job (cli/common.py,
# report_usage_stop): they do so for the errors Click finds too. A batch given --report
# FILE keeps its report there, a file Click's error leaves unchecked: it gets none then.
_REPORTING_COMMANDS = ("validate", "simulate", "check", "batch")


def _report_usage_error(error: Exception, args: list[str], message: str) -> None:
    """A usage error Click found before the command ran (`--hands 1e5`, an unknown option)
    left stdout empty, where the command's own usage errors leave what a CI job keeps: a
    JUnit or SARIF document that says why, or a GitHub annotation. The same, with the -o the
    command line gives (Click read none of it), else the command's default."""
    context = getattr(error, "ctx", None)
    command = getattr(context, "command", None)
    name = getattr(command, "name", None)
    if name not in _REPORTING_COMMANDS or not args or args[0] != name:
        return
    if name == "batch" and any(token == "--report" or token.startswith("--report=") for token in args[1:]):
        return
    output = _output_given(args[1:])
    if output is None:
        output = next((param.default for param in command.params if "--output" in getattr(param, "opts", ())), None)  # type: ignore[union-attr]
    from .cli.common import report_usage_stop
    from .errors import DeckcheckError

    report_usage_stop(output, DeckcheckError(message), name)


def _output_given(tokens: list[str]) -> str | None:
    """The last `-o`/`--output` value of a command line Click could not read."""
    output = None
    rest = iter(tokens)
    for token in rest:
        if token == "--":
            break
        if token in ("-o", "--output"):
            output = next(rest, None)
        elif token.startswith("--output="):
            output = token.partition("=")[2]
        elif token.startswith("-o") and not token.startswith("--"):
            output = token[2:]
    return output


def usage_message(error: Exception, args: list[str] | None = None) -> str:
    """A Click usage error in one line, with where to read the usage: `invalid value for
    '--jobs' / '-j': 0 is not in the range x>=1 (see `deckcheck batch --help`)`."""
    message = " ".join(error.format_message().split())  # type: ignore[attr-defined]
    message = message[:1].lower() + message[1:]
    context = getattr(error, "ctx", None)
    path = context.command_path if context is not None else _command_path(args or [])
    helped = _help_command_hint(error, message, args or [])
    if helped:  # names the help to read: a `(see ...)` after it would name it again
        return f"{message.rstrip('.')}{helped}"
    hints = (f"{_piped_hint(error)}{_elsewhere_hint(error)}{_format_hint(error)}{_separators_hint(message)}"
             f"{_one_source_hint(error, message, args)}{_version_hint(error, message)}")
    return f"{message.rstrip('.')}{hints} (see `{path} --help`)"


def _version_hint(error: Exception, message: str) -> str:
    """For `deckcheck version` (cargo's, go's word), `-V` or a command's `--version`: the
    version is an option of deckcheck itself, which "no such command" did not say."""
    name = type(error).__name__
    if (message == "no such command 'version'." and name == "UsageError") or (
            name == "NoSuchOption" and getattr(error, "option_name", None) in ("--version", "-V")):
        return "; the version is `deckcheck --version`"
    return ""


def _help_command_hint(error: Exception, message: str, args: list[str]) -> str:
    """For `deckcheck help` (git's word), `deckcheck help validate` or `deckcheck cards help`:
    the help of the command named after `help`, or of the group `help` was given to, which
    `--help` gives; "" for any other error."""
    context = getattr(error, "ctx", None)
    if message != "no such command 'help'." or context is None:
        return ""
    path = context.command_path
    group = context.command
    rest = args[args.index("help") + 1:] if "help" in args else []
    for word in rest:
        found = getattr(group, "commands", {}).get(word)
        if found is None:
            break
        path, group = f"{path} {word}", found
    return f"; the help is `{path} --help`"


def _separators_hint(message: str) -> str:
    """For a whole number written with its thousands separated (`--hands 10.000`, as German,
    Spanish or Russian write ten thousand; `1,000,000`; `10 000`), the number to write: "not
    a valid int" said no more, and `10.000` is ten in English. Not for `0.500` (a leading 0
    groups no thousands) nor for `--turns`, whose turns are never a thousand (`1.000` is one)."""
    if "is not a valid int" not in message or "'--turns'" in message:
        return ""
    import re

    # The value is between the last `': '` and `' is not a valid int`; partition, not a regex
    # over the whole message (a long value made a backtracking search quadratic).
    value = message.rpartition("' is not a valid int")[0].rpartition(": '")[2]
    if len(value) > 30:
        return ""  # no option takes a number of more than 30 characters
    written = re.fullmatch(r"[1-9]\d{0,2}([., \u00a0\u202f])\d{3}(?:\1\d{3})*", value)
    return f"; write a whole number without separators: {re.sub(r'[^0-9]', '', value)}" if written else ""


def _format_hint(error: Exception) -> str:
    """For a missing -f, what a format id looks like and which command lists them: a first
    run leaves it out, and neither the error nor the option's help named `formats list`.
    The example is the one of the game the deck's zones tell (a WoW TCG list's `Hero:`, a
    .ydk's Extra Deck: Game.example_format), not mtg/modern read to a WoW player."""
    param = getattr(error, "param", None)
    if type(error).__name__ != "MissingParameter" or "--format" not in getattr(param, "opts", ()):
        return ""
    written = _format_written_as_deck(error)
    if written:
        return f": '{written}' is a format, not a decklist: write -f {written}"
    from .games import GAMES

    told = GAMES.get(_game_of_deck(error))
    example = told.example_format if told is not None and told.example_format else "mtg/modern"
    return f": give the game and format, such as -f {example} (`deckcheck formats list` lists them)"


def _format_written_as_deck(error: Exception) -> str:
    """A format id the failed command took for a decklist (`validate deck.txt mtg/modern`,
    the -f left out; simulate's extra words go to its `--compare` policies), "" when none
    is: a file of that name is a deck."""
    import os

    params = getattr(getattr(error, "ctx", None), "params", {})
    words = [word for name in ("decks", "deck", "more_policies")
             for word in ([params.get(name)] if isinstance(params.get(name), str) else params.get(name) or ())]
    candidates = [word for word in words if isinstance(word, str) and "/" in word and not os.path.exists(word)]
    if not candidates:
        return ""
    from .formats import available

    known = set(available())
    return next((word for word in candidates if word in known), "")


def _game_of_deck(error: Exception) -> str:
    """The id of the game the first deck of the failed command names by its zones
    (games.game_of_zones): its file, or a `ydke://` URL given as the deck (`validate`'s
    `decks`, `simulate`'s `deck`); "" when it names none, or is no readable file (standard
    input, a folder, a file that cannot be read: its own error comes with -f given)."""
    params = getattr(getattr(error, "ctx", None), "params", {})
    decks = params.get("decks") or params.get("deck") or ()
    first = decks if isinstance(decks, str) else decks[0] if isinstance(decks, (list, tuple)) and decks else None
    if not isinstance(first, str) or first == "-":
        return ""
    try:
        from .decklists import is_inline, load_deck
        from .games import game_of_zones
        from .pipeline import read_deck

        deck = read_deck(first) if is_inline(first) else load_deck(first)
        game = game_of_zones({entry.zone for entry in deck.entries})
    except Exception:  # only an example is at stake: the usage error is said as it was
        return ""
    # A .ydk (or ydke:// text) is Yu-Gi-Oh!'s whatever zones it fills: its Extra Deck may be empty.
    return game.id if game is not None else "yugioh" if deck.input_format in ("ydk", "ydke") else ""


# Options one command has that another takes in another way: where the user will look.
_ELSEWHERE = {
    ("batch", "--pool"): "; a batch takes each player's registered pool from the manifest's `pool` column",
    ("validate", "--jobs"): "; `deckcheck batch FOLDER` checks many decks, in parallel with --jobs",
    ("validate", "-j"): "; `deckcheck batch FOLDER` checks many decks, in parallel with -j",
}


def _elsewhere_hint(error: Exception) -> str:
    """For an option the command lacks that a sibling has (`batch --pool`, as `validate
    --pool` takes one), where the command takes it instead; for a short option in the wrong
    case (`-F`, caps lock on), the command's own (Click suggests only long options)."""
    if type(error).__name__ != "NoSuchOption":
        return ""
    command = getattr(getattr(error, "ctx", None), "command", None)
    option = getattr(error, "option_name", None) or ""
    elsewhere = _ELSEWHERE.get((getattr(command, "name", None), option), "")
    if elsewhere or len(option) != 2 or not option[1].isalpha():
        return elsewhere
    swapped = "-" + option[1].swapcase()
    taken = {opt for param in getattr(command, "params", ()) for opt in getattr(param, "opts", ())}
    return f"; did you mean {swapped}?" if swapped in taken else ""


def _one_source_hint(error: Exception, message: str, args: list[str] | None = None) -> str:
    """For a batch given several sources (`batch reg.csv late.csv`, late registrations kept
    in a file of their own; `batch decks/*.txt`, a shell's glob), what to give instead: it
    said only "got unexpected extra argument(s)". Only for an extra argument that is a file
    or folder (`--deck-check 5 10` is no second source), and in the words of the source
    given: a folder, a zip, a manifest or decks; none for standard input. An extra right
    after `-o FORMAT` (`-o json report.json`) is the report's file: `--report` writes it."""
    context = getattr(error, "ctx", None)
    if getattr(getattr(context, "command", None), "name", None) != "batch" or "unexpected extra argument" not in message:
        return ""
    import os
    import shlex
    from pathlib import PurePath

    from .batch.manifest import MANIFEST_SUFFIXES

    source = str(getattr(context, "params", {}).get("source") or "")
    # Click's words: "unexpected extra argument(s) (late.csv)", "argument (x)", "arguments (x y)".
    extras = message.partition("unexpected extra argument")[2].removeprefix("(s)").removeprefix("s")
    extras = extras.strip().removeprefix("(").rpartition(")")[0]
    tokens = list(args or [])
    at = next((i for i, token in enumerate(tokens) if token and token != source and
               (extras == token or extras.startswith(token + " "))), None)
    extra = tokens[at] if at is not None else extras
    if at is not None and _after_output_format(tokens[:at]):
        return f"; to write the report to a file, give --report {shlex.quote(extra)}"
    if source in ("", "-") or not os.path.exists(extra):
        return ""
    if os.path.isdir(source):
        return "; batch reads one source: put the decks in one folder (or name them in one manifest), or run a batch for each"
    if source.lower().endswith(".zip"):
        return "; batch reads one source: put every deck in one zip (or name them in one manifest), or run a batch for each"
    if source.lower().endswith(MANIFEST_SUFFIXES):
        return (f"; batch reads one source: put every registration in one manifest (a late one's row at the end of "
                f"{source}), or run a batch for each")
    folder = PurePath(source).parent.as_posix()
    if folder == ".":  # the working folder holds more than these decks, most likely
        return "; batch reads one source: put the decks in a folder of their own, or name them in a manifest"
    return (f"; batch reads one source: give the folder that holds the decks (deckcheck batch {shlex.quote(folder)}), which it "
            "checks file by file, or a manifest naming them")


def _after_output_format(before: list[str]) -> bool:
    """Whether the words `before` an argument end with the output format (`-o json`,
    `--output json`, `-ojson`, `--output=json`)."""
    if len(before) >= 2 and before[-2] in ("-o", "--output"):
        return True
    last = before[-1] if before else ""
    return last.startswith("--output=") or (last.startswith("-o") and len(last) > 2 and not last.startswith("--"))


# The arguments that take a decklist, where `-` reads one from standard input.
_DECK_ARGUMENTS = frozenset({"deck", "decks", "source", "registered", "found"})


def _piped_hint(error: Exception) -> str:
    """For a missing decklist argument while standard input is a pipe or a file (`cat deck.txt
    | deckcheck validate -f mtg/modern`), how to read it: nothing said `-`. Not for a
    terminal or /dev/null, where nothing was piped."""
    import os
    import stat

    param = getattr(error, "param", None)
    if type(error).__name__ != "MissingParameter" or getattr(param, "param_type_name", None) != "argument":
        return ""
    context = getattr(error, "ctx", None)
    command = getattr(getattr(context, "command", None), "name", None)
    if getattr(param, "name", None) not in _DECK_ARGUMENTS or command == "batch":  # a batch's SOURCE is a file or folder
        return ""
    try:
        mode = os.fstat(0).st_mode
    except (OSError, ValueError):
        return ""
    return "; a list piped in is read with `-` in its place" if stat.S_ISFIFO(mode) or stat.S_ISREG(mode) else ""


def _command_path(args: list[str]) -> str:
    """`deckcheck validate`, `deckcheck formats show`: the command the command line names.
    Click's parser raises an option without its value (`-f` last) or with one it does not
    take (`--offline=yes`) with no context, so its error alone cannot say whose help to read."""
    from typer.main import get_command

    from .cli import typer_app

    path = ["deckcheck"]
    command = get_command(typer_app())
    for token in args:
        commands = getattr(command, "commands", None)
        if not commands or token not in commands:
            break
        path.append(token)
        command = commands[token]
    return " ".join(path)


if __name__ == "__main__":
    main()
