"""Shell completion (commands, options, format ids, outputs, parsers) and an example in
every command's help, through the installed command."""
from __future__ import annotations

import functools
from pathlib import Path

import pytest

from deckcheck.formats import available


def complete_bash(cli, words: str) -> list[str]:
    """What bash completion offers for the last word of `words` (Click's protocol)."""
    parts = words.split(" ")
    done = cli(env={"_DECKCHECK_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(len(parts) - 1)})
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_commands_complete(cli):
    assert {"batch", "check", "simulate", "validate", "formats"} <= set(complete_bash(cli, "deckcheck "))
    assert {"list", "show", "check"} <= set(complete_bash(cli, "deckcheck formats "))
    assert complete_bash(cli, "deckcheck va") == ["validate"]


def test_options_complete(cli):
    offered = complete_bash(cli, "deckcheck validate --")
    assert {"--format", "--date", "--output", "--input-format", "--help"} <= set(offered)
    assert "--config" in complete_bash(cli, "deckcheck check --")


def test_format_ids_complete(cli):
    assert complete_bash(cli, "deckcheck validate deck.txt -f mtg/mo") == ["mtg/modern"]
    everything = complete_bash(cli, "deckcheck validate deck.txt -f ")
    assert "mtg/legacy" in everything
    # An abstract base is refused as the format to check: -f never offers one (it offered
    # mtg/base and mtg/commander-base), `formats show`, which reads one, still does.
    bases = {"mtg/base", "mtg/commander-base", "yugioh/base", "wow/base"}
    assert everything == [format_id for format_id in available() if format_id not in bases]
    for words in ("deckcheck batch regs/ -f mtg/b", "deckcheck check -f mtg/comm", "deckcheck simulate d.txt -f mtg/comm"):
        assert not bases & set(complete_bash(cli, words)), words
    assert "mtg/commander-base" in complete_bash(cli, "deckcheck formats show mtg/comm")
    assert complete_bash(cli, "deckcheck formats show mtg/le") == ["mtg/legacy"]
    assert complete_bash(cli, "deckcheck batch regs/ --format mtg/v") == ["mtg/vintage"]
    assert complete_bash(cli, "deckcheck check -f mtg/pa") == ["mtg/pauper", "mtg/pauper-commander"]


def test_format_files_complete(cli, tmp_path):
    (tmp_path / "my-formats").mkdir()
    (tmp_path / "my-formats" / "cube.yaml").write_text("name: Cube\n", encoding="utf-8")
    (tmp_path / "my-formats" / "notes.txt").write_text("x\n", encoding="utf-8")
    done = cli(cwd=tmp_path, env={"_DECKCHECK_COMPLETE": "complete_bash",
                                  "COMP_WORDS": "deckcheck validate d.txt -f ./my-formats/", "COMP_CWORD": "4"})
    assert done.stdout.split() == ["./my-formats/cube.yaml"]


def test_outputs_and_parsers_complete(cli):
    assert complete_bash(cli, "deckcheck validate d.txt -o j") == ["json", "junit"]
    assert complete_bash(cli, "deckcheck validate d.txt -o ") == ["text", "json", "junit", "github", "sarif", "auto"]
    assert complete_bash(cli, "deckcheck batch regs/ -o c") == ["csv"]
    assert complete_bash(cli, "deckcheck validate d.txt --input-format d") == ["dek", "dck", "draftlog"]


def test_zsh_completion_lists_format_ids_with_the_protocol_of_typer(cli):
    done = cli(env={"_DECKCHECK_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": "deckcheck validate d.txt -f mtg/lim"})
    assert done.returncode == 0
    assert "mtg/limited" in done.stdout


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_scripts_are_offered(cli, shell):
    # `--show-completion` names the shell it finds among the command's parents (typer asks
    # shellingham), and "bash" is then only an extra argument: run where no shell is found
    # (a CI runner, a job started in the background) it said "Shell  not supported".
    # With detection off (typer's switch for this) the option takes the shell's name, so each
    # shell's script is asked for by name whatever runs the tests.
    done = cli("--show-completion", shell, env={"_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"})
    assert done.returncode == 0
    assert "_DECKCHECK_COMPLETE" in done.stdout


def _commands():
    from typer.main import get_command

    from deckcheck.cli import typer_app

    root = get_command(typer_app())
    found = []

    def walk(group, path):
        for name, command in group.commands.items():
            found.append((*path, name))
            if hasattr(command, "commands"):
                walk(command, (*path, name))

    walk(root, ())
    return found


# The terminal widths the helps are read at: Click's widest (HELP_WIDTH) and a narrow one.
HELP_COLUMNS = (80, 60)


@functools.lru_cache(maxsize=None)
def _helps() -> dict[tuple[tuple[str, ...], int], str]:
    """Every help, by (command, terminal columns), as the installed command writes it for
    `deckcheck COMMAND --help` with COLUMNS set so: rendered in this process, as Click does
    (its formatter fills to the terminal's columns less two, up to the app's 80), and the
    top-level help at 80 as entry.py serves it, from _help.py. A subprocess each cost this
    file most of its time (78 runs for two tests); `test_the_helps_read_here_are_the_installed_commands`
    checks one against the installed command, byte for byte."""
    from typer.main import get_command

    from deckcheck._help import TOP_LEVEL_HELP
    from deckcheck.cli import typer_app
    from deckcheck.cli.help_text import HELP_WIDTH

    root = get_command(typer_app())
    helps = {}
    for columns in HELP_COLUMNS:
        for path in [(), *_commands()]:
            ctx = root.make_context("deckcheck", [], resilient_parsing=True, terminal_width=columns - 2)
            command = root
            for word in path:
                command = command.commands[word]  # type: ignore[attr-defined]
                ctx = command.make_context(word, [], parent=ctx, resilient_parsing=True)
            top_level = not path and columns >= HELP_WIDTH
            helps[path, columns] = TOP_LEVEL_HELP if top_level else command.get_help(ctx) + "\n"
    return helps


def test_the_helps_read_here_are_the_installed_commands(cli):
    """The one help run through the installed command (the others are `_helps`, rendered in
    this process): the same bytes, an option with a hyphen whole and a long example carried
    on over lines ending in ` \\`, as the tests below read every help."""
    done = cli("batch", "--help", env={"COLUMNS": "80"})
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == _helps()[("batch",), 80]
    lines = done.stdout.splitlines()
    assert "  --deck-check 10% --seed 7 adds a reproducible sample of players to" in lines
    assert "  Example: deckcheck batch registrations.csv -f mtg/legacy \\" in lines


@pytest.mark.parametrize("command", _commands(), ids=" ".join)
def test_every_command_help_shows_an_example(command):
    from deckcheck.cli.common import OUTPUTS_MARK, PARSERS_MARK, WRITERS_MARK

    shown = _helps()[command, 80]
    assert "Example: deckcheck " + " ".join(command) in shown
    # Lists read from a registry are written in, never left as their marks.
    assert not any(mark in shown for mark in (OUTPUTS_MARK, PARSERS_MARK, WRITERS_MARK))


def _arguments_of_several_values():
    """(command, metavar) of every argument that takes several values."""
    from typer.main import get_command

    from deckcheck.cli import typer_app

    root = get_command(typer_app())
    found = []
    for path in _commands():
        command = root
        for name in path:
            command = command.commands[name]
        found.extend(
            (path, param.metavar) for param in getattr(command, "params", ())
            if param.param_type_name == "argument" and param.nargs != 1
        )
    return found


@pytest.mark.parametrize(("command", "metavar"), _arguments_of_several_values(), ids=str)
def test_usage_says_which_arguments_take_several_values(command, metavar):
    """`validate` checks several decks, `check` several paths: the usage line says so
    (`{DECK...}`), as docs/contracts.md writes it, not `{DECK}` as for one."""
    assert metavar and metavar.strip("[]{}").endswith("..."), metavar
    usage = _helps()[command, 80].splitlines()[0]
    assert metavar.strip("[]{}") in usage, usage


def test_top_level_help_shows_examples(cli):
    done = cli("--help")
    assert "Examples:" in done.stdout and "deckcheck check" in done.stdout


def _option_help(command: str, option: str) -> str:
    from typer.main import get_command

    from deckcheck.cli import typer_app

    params = get_command(typer_app()).commands[command].params  # type: ignore[attr-defined]
    [param] = [param for param in params if option in getattr(param, "opts", ())]
    return " ".join(param.help.split())


@pytest.mark.parametrize("command", ["sync", "import"])
def test_the_commands_that_write_a_card_database_say_which_one_they_write(command):
    """`cards sync --help` and `cards import --help` gave --cards-db the readers' words, a
    default of "... the user data directory, else the built-in card data": these commands
    never write the built-in data, which ships read-only in the package; without a path
    they write cards.sqlite in the user data directory."""
    shown = " ".join(_helps()[("cards", command), 80].split())
    said = shown.split("--cards-db PATH", 1)[1].split(" --", 1)[0]
    assert "built-in" not in said and "write" in said and "user data directory" in said, said
    assert "else the built-in card data" in " ".join(_helps()[("cards", "stats"), 80].split())  # readers' stays


def test_simulate_help_says_what_its_options_do_to_a_simulation():
    """`simulate --no-cards` was described as validate's ("no unknown-card or not-in-pool
    checks"): what it does to a simulation, that only basic lands count as lands (docs/
    contracts.md), went unsaid; `--hands` left out that an --assert needs at least 100."""
    no_cards = _option_help("simulate", "--no-cards")
    assert "only basic lands" in no_cards and "not-in-pool" not in no_cards, no_cards
    assert "at least 100 with --assert" in _option_help("simulate", "--hands")
    assert "not-in-pool" in _option_help("validate", "--no-cards")  # validate's stays


@pytest.mark.parametrize(("command", "argument"), [
    ("validate", "DECK..."), ("simulate", "DECK"), ("sheet", "DECK"), ("convert", "SOURCE"),
    ("diff", "REGISTERED"), ("diff", "FOUND"),
])
def test_each_deck_argument_says_it_takes_a_ydke_url(command, argument):
    """docs/contracts.md: validate, simulate, sheet, diff and convert take a `ydke://` URL in
    place of a file (docs/paperwork.md compares a .ydk with one, `diff registered.ydk
    "ydke://..."`); diff's FOUND said only "any decklist format"."""
    arguments = _helps()[(command,), 80].split("Arguments:", 1)[1].split("Options:", 1)[0]
    help_of = {}
    for line in arguments.splitlines():
        words = line.split(maxsplit=1)
        if line.startswith("  ") and not line.startswith("   ") and words:
            help_of[words[0]] = words[1] if len(words) > 1 else ""
            last = words[0]
        elif words:
            help_of[last] += " " + " ".join(words)
    assert "ydke://" in help_of[argument], help_of[argument]


@pytest.mark.parametrize("columns", HELP_COLUMNS)
@pytest.mark.parametrize("command", [(), *_commands()], ids=lambda command: " ".join(command) or "deckcheck")
def test_every_help_fits_the_terminal(command, columns):
    """The help is as wide as the terminal up to 80 columns: at a fixed 88, every help
    wrapped its long lines on an 80-column terminal."""
    assert [line for line in _helps()[command, columns].splitlines() if len(line) > columns] == []


@pytest.mark.parametrize("columns", [None, "60"])
def test_the_installed_commands_help_is_as_wide_as_the_terminal(cli, columns):
    """The width is the terminal's, read from COLUMNS (else the terminal; a pipe is 80), as
    `_helps` reads every help at a width of its own."""
    done = cli("simulate", "--help", env={"COLUMNS": columns} if columns else {})
    assert done.returncode == 0, done.stderr
    assert done.stdout == _helps()[("simulate",), int(columns or 80)]


@pytest.mark.parametrize("columns", [None, "60"])
def test_dash_h_is_the_top_level_help_on_any_terminal(cli, columns):
    """`deckcheck -h` is `deckcheck --help`, on a narrow terminal too (where Click, which
    knows no -h, wraps the help)."""
    done = cli("-h", env={"COLUMNS": columns} if columns else {})
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == cli("--help", env={"COLUMNS": columns} if columns else {}).stdout


@pytest.mark.parametrize("command", _commands(), ids=" ".join)
def test_dash_h_is_every_commands_help(cli, command):
    """`deckcheck validate -h` is its --help, as the top level's -h is: it was 'no such
    option: -h'. Its --help is read from `_helps` (one run a command, not two: the
    installed command's --help is checked against `_helps` above)."""
    done = cli(*command, "-h")
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert done.stdout == _helps()[command, 80] and "-h, --help" in done.stdout


@pytest.mark.parametrize("option", ["--install-completion", "--show-completion"])
@pytest.mark.parametrize("shell, mark", [("zsh", "compdef"), ("fish", "complete --command deckcheck"), ("bash", "complete -o")])
def test_the_shell_named_after_the_completion_option_wins_over_the_one_found(cli, tmp_path, option, shell, mark):
    """`deckcheck --install-completion zsh` run from bash (a user setting up the shell they
    are moving to) installed bash's completion and said so: typer reads the option as a
    switch and the name as nothing. The shell named is the one set up (or shown), also as
    `--install-completion=zsh`; the one found among the command's parents only without one."""
    for given in ([option, shell], [f"{option}={shell}"]):
        home = tmp_path / "-".join(given).lstrip("-")
        home.mkdir()
        done = cli(*given, env={"HOME": str(home), "SHELL": "/bin/sh"})
        assert done.returncode == 0, done.stderr
        if option == "--install-completion":
            assert done.stdout.startswith(f"{shell} completion installed in "), done.stdout
            installed = done.stdout.split(" installed in ", 1)[1].split("\n", 1)[0]
            assert mark in Path(installed).read_text(encoding="utf-8")
        else:
            assert mark in done.stdout, done.stdout[:300]


def test_a_shell_completion_has_no_script_for_is_one_line_of_error(cli, tmp_path):
    done = cli("--install-completion", "tcsh", env={"HOME": str(tmp_path)})
    assert done.returncode == 2
    assert done.stderr == ("deckcheck: error: --install-completion tcsh: no completion for that shell; "
                           "give bash, zsh, fish, powershell or pwsh, or leave the shell out to set up the one you run\n")
    assert not any(tmp_path.iterdir())


def test_a_shell_not_installed_is_one_line_of_error(cli, tmp_path):
    """PowerShell's completion is set up by running `pwsh`: where it is not installed, the
    error was a traceback."""
    done = cli("--install-completion", "pwsh", env={"HOME": str(tmp_path), "PATH": str(tmp_path)})
    assert done.returncode == 2
    assert done.stderr == ("deckcheck: error: --install-completion pwsh: cannot set it up (pwsh not found); "
                           "`deckcheck --show-completion pwsh` shows the script to install yourself\n")


@pytest.mark.parametrize("option", ["--install-completion", "--show-completion"])
@pytest.mark.parametrize("asked", ["--help", "-h"])
def test_help_after_the_completion_option_is_the_help_not_a_shell(cli, tmp_path, option, asked):
    """`deckcheck --install-completion --help` showed the help before a shell could be named
    after the option; taking every second word for a shell made it 'no completion for that
    shell'. An option there is no shell: the help, nothing installed."""
    done = cli(option, asked, env={"HOME": str(tmp_path), "SHELL": "/bin/sh"})
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert done.stdout.startswith("Usage: deckcheck [OPTIONS] COMMAND [ARGS]..."), done.stdout[:200]
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("columns", HELP_COLUMNS)
@pytest.mark.parametrize("command", _commands(), ids=" ".join)
def test_every_help_example_is_a_command_to_copy_on_a_terminal(command, columns):
    """Click filled each `Example:` paragraph to the terminal, breaking a command anywhere:
    `--keep "2 <= lands` on one line and `<= 5"` on the next, at 80 columns. An example
    runs on over lines only where a line ends in the shell's ` \\`, and fits 60 columns."""
    for paragraph in _helps()[command, columns].split("\n\n"):
        lines = paragraph.splitlines()
        if not lines or not lines[0].lstrip().startswith(("Example", "Limited: deckcheck")):
            continue
        assert all(line.endswith(" \\") for line in lines[:-1]), paragraph
        assert all(len(line) <= 60 for line in lines), paragraph


@pytest.mark.parametrize("columns", HELP_COLUMNS)
@pytest.mark.parametrize("command", [(), *_commands()], ids=lambda command: " ".join(command) or "deckcheck")
def test_no_help_breaks_a_word_at_its_hyphen(command, columns):
    """Click filled a help with textwrap's default, which breaks a word at a hyphen: the
    rule `not-in-pool` as `not-in-` and `pool`, the option `--deck-check` as `deck-` and
    `check`, `count-` `based`, `built-` `in`, at 80 columns; a reader searches for them whole."""
    import re

    broken = [line for line in _helps()[command, columns].splitlines() if re.search(r"[A-Za-z]-$", line)]
    assert not broken, "\n".join(broken)


def test_the_app_builds_where_typers_private_textwrap_has_moved(monkeypatch):
    """cli/app.py gives Click's help wrapper break_on_hyphens=False through Typer's private
    `typer._click._textwrap`: were it moved or renamed (a Typer upgrade), importing the app
    raised ImportError and every command run through Typer failed. The app module, run
    anew with that module gone, builds: its help then wraps as Click's does."""
    import importlib.util
    import sys

    import typer._click
    from typer.main import get_command

    from deckcheck.cli import app

    monkeypatch.delattr(typer._click, "_textwrap", raising=False)
    monkeypatch.setitem(sys.modules, "typer._click._textwrap", None)  # an import of it fails
    spec = importlib.util.spec_from_file_location("deckcheck.cli._app_anew", app.__file__)
    assert spec is not None and spec.loader is not None
    anew = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(anew)
    built = get_command(anew.app)
    assert "--version" in [option for param in built.params for option in getattr(param, "opts", ())]
