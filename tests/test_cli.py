"""End-to-end tests through the installed `deckcheck` command."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "burn-modern.txt"


def test_example_deck_is_legal(cli):
    done = cli("validate", str(EXAMPLE), "-f", "mtg/constructed")
    assert done.returncode == 0, done.stderr
    assert "LEGAL" in done.stdout


def test_json_report_shape(cli, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("3 Lightning Bolt\n56 Mountain\nSideboard\n2 Lightning Bolt\n", encoding="utf-8")
    done = cli("validate", str(deck), "-f", "mtg/constructed", "-o", "json")
    assert done.returncode == 1
    report = json.loads(done.stdout)
    assert report["deckcheck"] == "1"
    (result,) = report["results"]
    assert result["legal"] is False
    assert result["counts"] == {"main": 59, "sideboard": 2}
    rules = sorted(problem["rule"] for problem in result["problems"])
    assert rules == ["copy-limit", "deck-size"]
    copy = next(p for p in result["problems"] if p["rule"] == "copy-limit")
    assert copy == {
        "rule": "copy-limit", "severity": "error", "zone": "main", "line": 1, "card": "Lightning Bolt",
        "count": 5, "limit": 4, "message": "5 copies of Lightning Bolt (main 3, sideboard 2; lines 1 and 4); at most 4 allowed",
        "lines": [1, 4],  # the card is on two lines; `line` is the first (docs/contracts.md)
    }


def test_missing_file_exits_2_and_other_decks_still_reported(cli, tmp_path):
    done = cli("validate", str(EXAMPLE), str(tmp_path / "missing.txt"), "-f", "mtg/constructed", "-o", "json")
    assert done.returncode == 2
    results = json.loads(done.stdout)["results"]
    assert [r["legal"] for r in results] == [True, False]
    assert results[1]["problems"][0]["rule"] == "parse-error"
    assert "Traceback" not in done.stderr


def test_unknown_format_is_a_one_line_error(cli):
    done = cli("validate", str(EXAMPLE), "-f", "mtg/nonsense")
    assert done.returncode == 2
    assert done.stderr.startswith("deckcheck: error: unknown format 'mtg/nonsense'")
    assert len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(("typed", "meant"), [
    ("mtg/modren", "did you mean mtg/modern?"),          # a typo
    ("legcy", "did you mean mtg/legacy?"),               # a typo without the game
    ("modern", "did you mean mtg/modern, mtg/2hg-modern, mtg/premodern?"),  # a part of the id: the id it ends first
    ("Standard", "did you mean mtg/standard, mtg/2hg-standard, mtg/standard-brawl?"),
    ("commander", "did you mean mtg/commander, mtg/duel-commander, mtg/pauper-commander?"),
    ("mtg/limitd", "did you mean mtg/limited?"),         # the game's own, not wow/limited
    ("yugioh/advnced-tcg", "did you mean yugioh/advanced-tcg, yugioh/advanced-ocg?"),
    ("mtg/xyz", "`deckcheck formats list` shows them all"),  # nothing close
    # As a spreadsheet capitalises it: the id it spells, alone, and why it was not taken.
    ("MTG/Legacy", "format ids are lower case: did you mean mtg/legacy?"),
    ("Yugioh/Advanced-TCG", "format ids are lower case: did you mean yugioh/advanced-tcg?"),
    ("MTG/Modren", "did you mean mtg/modern?"),
])
def test_an_unknown_format_suggests_the_ids_close_to_it(cli, typed, meant):
    done = cli("validate", str(EXAMPLE), "-f", typed)
    assert done.returncode == 2
    assert done.stderr == f"deckcheck: error: unknown format {typed!r}; {meant}\n"


@pytest.mark.parametrize("typed", ["./mtg/modern", "mtg//modern", "mtg/./modern", "./mtg//modern/", "/mtg/modern"])
def test_a_format_id_spelt_as_a_path_is_the_id_it_names(cli, typed):
    """`./mtg/modern` and `mtg//modern` name the file of mtg/modern, and were taken as ids
    of their own: reports said `./mtg/modern`, and a batch, a check or the format cache
    held two formats for one. The id is the one written without empty or `.` parts (a
    leading or trailing `/` was already dropped); `..` stays refused."""
    from deckcheck.formats import load

    done = cli("validate", str(EXAMPLE), "-f", typed, "-o", "json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["results"][0]["format"] == "mtg/modern"
    assert load(typed) is load("mtg/modern")


def test_bad_date_is_a_usage_error(cli):
    done = cli("validate", str(EXAMPLE), "-f", "mtg/constructed", "--date", "yesterday")
    assert done.returncode == 2
    assert "YYYY-MM-DD" in done.stderr


def test_stdin(cli):
    done = cli("validate", "-", "-f", "mtg/limited", input="40 Island\n")
    assert done.returncode == 0, done.stderr
    assert "<stdin>" in done.stdout


@pytest.mark.parametrize("command", ["validate", "simulate", "sheet", "convert", "diff"])
def test_every_deck_argument_says_it_reads_standard_input(cli, command):
    """docs/contracts.md: each of these takes `-` for standard input. diff's help said only
    "any decklist format, or a ydke:// URL", so `git show HEAD:deck.txt | deckcheck diff -
    found.txt` was a thing its reader could not know of."""
    import re

    done = cli(command, "--help")
    assert done.returncode == 0, done.stderr
    arguments = done.stdout.split("Arguments:")[1].split("Options:")[0]
    entries = [" ".join(entry.split()) for entry in re.split(r"\n(?=  \S)", arguments) if entry.strip()]
    for entry in entries:  # one per argument, its wrapped lines joined
        assert "'-'" in entry, f"{command} --help: {entry!r} does not say '-' reads standard input"


def test_the_top_level_help_lists_version(cli):
    """`deckcheck --version` answered, but no help listed it: a newcomer asked for a bug
    report's version found it only by guessing."""
    from deckcheck import __version__

    done = cli("--help")
    assert "--version" in done.stdout.split("Options:")[1].split("Commands:")[0]
    for args in (["--version"], ["--version", "validate"]):
        done = cli(*args)
        assert (done.returncode, done.stdout, done.stderr) == (0, f"deckcheck {__version__}\n", ""), args


@pytest.mark.parametrize("group", [(), ("formats",), ("cards",)], ids=["deckcheck", "formats", "cards"])
def test_each_command_in_a_help_list_is_described_in_a_whole_sentence(cli, group):
    """The `Commands:` list of `deckcheck --help`, `formats --help` and `cards --help` gives
    each command one whole sentence: click cuts a first sentence longer than the column
    leaves with `...`, and a newcomer read "Check a repository as its deckcheck.yaml says:
    for CI and..." and "Show a card: canonical name, type, text, copies allowed,..."."""
    done = cli(*group, "--help")
    assert done.returncode == 0, done.stderr
    listed = done.stdout.split("Commands:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert len(listed) >= 5
    cut = [line.strip() for line in listed if not line.rstrip().endswith(".") or line.rstrip().endswith("...")]
    assert not cut, cut


def test_fast_help_matches_typer(cli):
    from deckcheck.cli.help_text import render_top_level_help

    done = cli("--help")
    assert done.returncode == 0
    assert done.stdout == render_top_level_help(), "run scripts/update_help.py to refresh deckcheck/_help.py"


def test_generated_help_module_is_current():
    """deckcheck/_help.py (top-level help, the parameters cli/quick.py reads) is what the
    Typer app makes today."""
    from deckcheck.cli.help_text import render_help_module

    current = (ROOT / "deckcheck" / "_help.py").read_text(encoding="utf-8")
    assert current == render_help_module(), "run scripts/update_help.py to refresh deckcheck/_help.py"


@pytest.mark.parametrize("argv", [
    ["--help"],
    ["formats", "list"],  # through Typer
    ["validate", str(EXAMPLE), "-f", "mtg/modern"],  # without Typer (cli/quick.py)
    ["convert", str(EXAMPLE), "--to", "cod"],
    ["cards", "lookup", "Lightning Bolt"],
], ids=lambda argv: " ".join(argv[:2]))
def test_a_reader_that_stops_reading_stops_deckcheck_quietly(argv):
    """`deckcheck formats list | head -3`: when the pipe's reader has gone, deckcheck stops
    as a program stopped by SIGPIPE does (exit 141, nothing on stderr), not with an
    "internal error (BrokenPipeError ...)" or a traceback."""
    import os
    import subprocess

    from conftest import deckcheck_executable

    reader, writer = os.pipe()
    os.close(reader)  # the reader is gone before deckcheck writes a byte
    try:
        done = subprocess.run([str(deckcheck_executable()), *argv], stdout=writer, stderr=subprocess.PIPE,
                              text=True, timeout=120, env={**os.environ, "DECKCHECK_OFFLINE": "1"})
    finally:
        os.close(writer)
    assert (done.returncode, done.stderr) == (141, "")


def test_a_broken_pipe_that_is_not_stdout_stays_an_internal_error():
    """Only stdout's reader going away is quiet: a broken pipe elsewhere (a worker process
    that died) while stdout is read is an error that says so."""
    import subprocess
    import sys

    code = ("import sys\nfrom deckcheck.cli.common import failure_code\n"
            "sys.exit(failure_code(BrokenPipeError(32, 'Broken pipe')))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.startswith("deckcheck: error: internal error (BrokenPipeError: [Errno 32] Broken pipe)")


@pytest.mark.parametrize("argv", [
    ["validate", str(EXAMPLE), "-f", "nosuch/format"],  # without Typer: its error goes to stderr
    ["formats", "show", "nosuch/format"],  # through Typer
], ids=lambda argv: argv[0])
def test_an_error_said_on_a_broken_stderr_is_still_an_error(argv, tmp_path):
    """stderr's reader gone while stdout is fine (`2>&1 | head` aside): the command could not
    say its error, but it failed: exit 2, never the quiet 141 of a reader of stdout."""
    import os
    import subprocess

    from conftest import deckcheck_executable

    reader, writer = os.pipe()
    os.close(reader)
    try:
        with open(tmp_path / "out.txt", "w") as out:
            done = subprocess.run([str(deckcheck_executable()), *argv], stdout=out, stderr=writer, timeout=120,
                                  env={**os.environ, "DECKCHECK_OFFLINE": "1"})
    finally:
        os.close(writer)
    assert done.returncode == 2


@pytest.mark.parametrize("argv", [
    ["batch", "decks", "-f", "mtg/modern", "--report", "-"],
    ["batch", "decks", "-f", "mtg/modern", "--sheets", "-"],
    ["sheet", "decks/a.txt", "-f", "mtg/modern", "--player", "Ann", "--event", "GP", "--out", "-"],
    ["formats", "import-lflist", "lflist.conf", "--output-dir", "-"],
], ids=lambda argv: argv[-2])
def test_a_file_option_given_dash_is_refused_not_a_file_named_dash(cli, tmp_path, argv):
    """`-` means a standard stream everywhere else: `--report -` wrote a file called `-`, and
    `formats import-lflist -d -` (stdout is where the formats go without -d) a folder `-`."""
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "a.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    (tmp_path / "lflist.conf").write_text("#[2024.4 TCG]\n!2024.4 TCG\n#forbidden\n14558127 0 --Ash Blossom\n", encoding="utf-8")
    done = cli(*argv, cwd=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"deckcheck: error: {argv[-2]} -: cannot write ('-' names no " in done.stderr
    assert "it is not standard output" in done.stderr
    assert not (tmp_path / "-").exists()


def test_no_color_in_pipes(cli):
    done = cli("validate", str(EXAMPLE), "-f", "mtg/constructed", env={"NO_COLOR": ""})
    assert "\x1b[" not in done.stdout


def test_force_color_colours_a_pipe_unless_no_color_says_no(cli):
    """FORCE_COLOR (force-color.org): a CI log that shows colour reads stdout from a pipe.
    NO_COLOR wins; machine-read outputs never get colour."""
    forced = cli("validate", str(EXAMPLE), "-f", "mtg/constructed", env={"FORCE_COLOR": "1", "NO_COLOR": ""})
    assert "\x1b[32mLEGAL\x1b[0m" in forced.stdout
    both = cli("validate", str(EXAMPLE), "-f", "mtg/constructed", env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert "\x1b[" not in both.stdout
    json_out = cli("validate", str(EXAMPLE), "-f", "mtg/constructed", "-o", "json", env={"FORCE_COLOR": "1", "NO_COLOR": ""})
    assert "\x1b[" not in json_out.stdout


@pytest.mark.parametrize("setting, coloured", [
    ({"CLICOLOR_FORCE": "1"}, True), ({"CLICOLOR_FORCE": "1", "NO_COLOR": "1"}, False),
    ({"CLICOLOR_FORCE": "0"}, False), ({"CLICOLOR_FORCE": ""}, False), ({"CLICOLOR": "1"}, False),
], ids=["forced", "NO_COLOR wins", "CLICOLOR_FORCE=0", "CLICOLOR_FORCE=", "CLICOLOR=1 (a pipe)"])
def test_clicolor_force_colours_a_pipe_as_force_color_does(cli, setting, coloured):
    """CLICOLOR_FORCE (bixense.com/clicolors), set and not 0, colours a pipe as FORCE_COLOR
    does; NO_COLOR wins over it, and CLICOLOR alone colours terminals only."""
    done = cli("validate", str(EXAMPLE), "-f", "mtg/constructed", env={"NO_COLOR": "", **setting})
    assert ("\x1b[32mLEGAL\x1b[0m" in done.stdout) == coloured and ("\x1b[" in done.stdout) == coloured, done.stdout


# An option given twice: the last value counts, in every command and whichever reader takes
# the command line (cli/quick.py or Click: `-fmtg/modern` is Click's), as docs/contracts.md
# says; {deck} and {folder} are filled in. (arguments, what the report says it used)
TWICE = [
    (["validate", "{deck}", "-f", "mtg/modern", "-f", "mtg/legacy", "--date", "2026-09-02"], "mtg/legacy: LEGAL"),
    (["validate", "{deck}", "-fmtg/modern", "-f", "mtg/legacy", "--date", "2026-09-02"], "mtg/legacy: LEGAL"),
    (["validate", "{deck}", "-f", "mtg/legacy", "-fmtg/modern", "--date", "2026-09-02"], "mtg/modern: LEGAL"),
    (["validate", "{deck}", "-f", "mtg/modern", "--date", "2026-09-02", "--date", "2019-01-01"], "not in Modern's card pool"),
    (["batch", "{folder}", "-f", "mtg/modern", "-f", "mtg/legacy", "--date", "2026-09-02", "-q", "-o", "json"], '"format": "mtg/legacy"'),
    (["check", "-f", "mtg/modern", "-f", "mtg/legacy", "--date", "2026-09-02", "{deck}"], "mtg/legacy: LEGAL"),
    (["simulate", "{deck}", "-f", "mtg/modern", "--on", "play", "--on", "draw"], "by turn, on the draw"),
]


@pytest.mark.parametrize("args, said", TWICE)
def test_an_option_given_twice_takes_the_last_value_everywhere(cli, tmp_path, args, said):
    folder = tmp_path / "decks"
    folder.mkdir()
    deck = folder / "burn.txt"
    deck.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    done = cli(*(arg.format(deck=deck, folder=folder) for arg in args), cwd=tmp_path)
    assert done.returncode in (0, 1) and done.stderr == "", done.stderr
    assert said in done.stdout


def test_the_separators_hint_reads_a_long_value_at_once():
    """`--hands "1'000'000…x"` of 128 KB took 36 s in the hint's backtracking search of the
    message (review31c): the value is now taken by partition and checked whole, when short."""
    import time

    from deckcheck.entry import _separators_hint

    value = "1'000" * 26_000 + "x"
    started = time.perf_counter()
    assert _separators_hint(f"invalid value for '--hands': '{value}' is not a valid int") == ""
    assert time.perf_counter() - started < 0.5
    assert _separators_hint("invalid value for '--hands': '10 000' is not a valid int").endswith(": 10000")
