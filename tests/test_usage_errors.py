"""Usage errors are usage errors (#14 item 16): every bad option value, whichever layer
finds it (Click's own checks, a command, the library), is exit 2 with one line on stderr,
`deckcheck: error: ...`, never an internal error or Click's multi-line usage text."""
from __future__ import annotations

import pytest

DECK = "4 Lightning Bolt\n56 Mountain\n"

# (arguments, a fragment of the one error line); DECK, FOLDER and OUT are filled in.
CASES = [
    (["simulate", "DECK", "-f", "mtg/modern", "--seed", "-1"], "--seed -1"),
    (["simulate", "DECK", "-f", "mtg/modern", "--seed", "99999999999999999999999"], "--seed"),
    (["simulate", "DECK", "-f", "mtg/modern", "--hands", "99999999999999999999"], "--hands"),
    (["simulate", "DECK", "-f", "mtg/modern", "--hands", "10000001"], "from 1 to 10,000,000 games"),
    (["simulate", "DECK", "-f", "mtg/modern", "--hands", "0"], "--hands"),
    (["simulate", "DECK", "-f", "mtg/modern", "--turns", "0"], "--turns"),
    (["simulate", "DECK", "-f", "mtg/modern", "--turns", "abc"], "--turns"),
    (["simulate", "DECK", "-f", "mtg/modern", "--on", "sideways"], "--on"),
    (["simulate", "DECK", "-f", "mtg/modern", "--plot", "OUT/missing/odds.svg"], "--plot"),
    (["simulate", "DECK", "-f", "mtg/modern", "--nope"], "--nope"),
    (["simulate", "DECK"], "--format"),
    (["batch", "FOLDER", "-f", "mtg/modern", "--jobs", "0"], "--jobs"),
    (["batch", "FOLDER", "-f", "mtg/modern", "--jobs", "many"], "--jobs"),
    (["batch", "FOLDER", "-f", "mtg/modern", "--deck-check", "1", "--seed", "-1"], "--seed -1"),
    (["batch", "FOLDER", "-f", "mtg/modern", "--date", "2024-13-01"], "--date"),
    # --event and --paper are the --sheets pages': without --sheets they were ignored
    # without a word (exit 0, no sheets), and a paper that does not exist was accepted.
    (["batch", "FOLDER", "-f", "mtg/modern", "--paper", "a5"], "--paper 'a5': choose one of a4, letter"),
    (["batch", "FOLDER", "-f", "mtg/modern", "--paper", "letter"], "--paper only sets the paper of the --sheets pages; add --sheets FILE.pdf"),
    (["batch", "FOLDER", "-f", "mtg/modern", "--event", "Spring Open"], "--event only names the event on the --sheets pages; add --sheets FILE.pdf"),
    (["validate", "DECK", "-f", "mtg/modern", "--date", "yesterday"], "--date"),
    (["validate", "DECK", "-f", "mtg/modern", "extra", "--platform", "xbox"], "--platform"),
    (["validate", "DECK", "-f", "mtg/modern", "-o", "xml"], "xml"),
    # A platform in capitals, as a manifest's cell may write it (and is taken there): it
    # was told to choose among the ids with no word of the case.
    (["validate", "DECK", "-f", "mtg/modern", "--platform", "Arena"], "--platform 'Arena': platforms are lower case: did you mean arena?"),
    (["cards", "lookup", "Bolt", "-f", "mtg/modern", "--platform", "MTGO"], "--platform 'MTGO': platforms are lower case: did you mean mtgo?"),
    (["convert", "DECK", "--to", "pdf"], "--to"),
    (["cards", "lookup", "Bolt", "--game", "chess"], "--game"),
    (["formats", "show", "mtg/modern", "--date", "2024-02-30"], "--date"),
    (["nonsense"], "nonsense"),
    # A short option in the wrong case (caps lock, shift held) was "no such option: -F" and
    # no more: Click suggests only for long options.
    (["validate", "DECK", "-F", "mtg/modern"], "no such option: -F; did you mean -f? (see `deckcheck validate --help`)"),
    (["batch", "FOLDER", "-f", "mtg/modern", "-O", "json"], "no such option: -O; did you mean -o?"),
    # validate checks the decks it is given one after another; the parallel run is batch's.
    (["validate", "DECK", "-f", "mtg/modern", "--jobs", "2"], "no such option: --jobs; `deckcheck batch FOLDER` checks many decks, in parallel with --jobs"),
    # An option given without its value, or a value it does not take, is an error Click's
    # parser raises before it knows the command: its pointer to the usage named the top-level
    # help, which lists no option, where every other usage error names the command's own.
    (["validate", "DECK", "-f"], "option '-f' requires an argument (see `deckcheck validate --help`)"),
    (["batch", "FOLDER", "-f", "mtg/modern", "--report"], "option '--report' requires an argument (see `deckcheck batch --help`)"),
    (["validate", "DECK", "-f", "mtg/modern", "--offline=yes"], "option '--offline' does not take a value (see `deckcheck validate --help`)"),
    (["formats", "show", "--date"], "option '--date' requires an argument (see `deckcheck formats show --help`)"),
    # `cards info` and `cards stats` printed their text for any -o (`-o jsno`: exit 0), where
    # `cards lookup` refuses an output it does not have.
    (["cards", "info", "-o", "xml"], "--output 'xml': choose text or json"),
    (["cards", "stats", "-o", "jsno"], "--output 'jsno': choose text or json"),
]


@pytest.mark.parametrize(("args", "fragment"), CASES, ids=[" ".join(args[:1] + args[2:]) for args, _ in CASES])
def test_one_line_exit_2(cli, tmp_path, args, fragment):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK, encoding="utf-8")
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "deck.txt").write_text(DECK, encoding="utf-8")
    filled = [arg.replace("DECK", str(deck)).replace("FOLDER", str(folder)).replace("OUT", str(tmp_path)) for arg in args]
    done = cli(*filled)
    assert done.returncode == 2, done.stdout + done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("deckcheck: error: ") and fragment in lines[0], lines[0]
    assert "internal error" not in lines[0] and "Traceback" not in done.stderr


@pytest.mark.parametrize("args, line", [
    # `git help`, `cargo version`: deckcheck's help and version are options; "no such
    # command 'version'" named neither.
    (["version"], "no such command 'version'; the version is `deckcheck --version` (see `deckcheck --help`)"),
    (["formats", "version"], "no such command 'version'; the version is `deckcheck --version` (see `deckcheck formats --help`)"),
    (["help"], "no such command 'help'; the help is `deckcheck --help`"),
    (["help", "validate"], "no such command 'help'; the help is `deckcheck validate --help`"),
    (["help", "cards", "lookup"], "no such command 'help'; the help is `deckcheck cards lookup --help`"),
    (["cards", "help"], "no such command 'help'; the help is `deckcheck cards --help`"),
    (["help", "nonsense"], "no such command 'help'; the help is `deckcheck --help`"),
    (["-V"], "no such option: -V; the version is `deckcheck --version` (see `deckcheck --help`)"),
    (["validate", "deck.txt", "-f", "mtg/modern", "--version"],
     "no such option: --version; the version is `deckcheck --version` (see `deckcheck validate --help`)"),
])
def test_help_and_version_asked_as_commands_are_told_the_options(cli, args, line):
    done = cli(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"deckcheck: error: {line}\n"


def test_a_big_run_draws_a_progress_bar(cli, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK, encoding="utf-8")
    done = cli("simulate", str(deck), "-f", "mtg/modern", "--hands", "1000000", "-o", "json", env={"DECKCHECK_PROGRESS": "1"})
    assert done.returncode == 0, done.stderr
    assert "simulating" in done.stderr and "100%" in done.stderr
    quiet = cli("simulate", str(deck), "-f", "mtg/modern", "--hands", "20000", "-o", "json", env={"DECKCHECK_PROGRESS": "1"})
    assert "simulating" not in quiet.stderr  # a small run is over before a bar would help


def test_a_missing_deck_is_told_of_dash_only_when_something_was_piped(tmp_path):
    """`cat deck.txt | deckcheck validate -f mtg/modern` is told that `-` reads the list piped
    in (tests/cases/cli/stdin.yaml); with nothing piped (a terminal, /dev/null: a CI step's
    standard input) the missing argument is said as before, no `-` advice."""
    import subprocess

    from conftest import deckcheck_executable

    done = subprocess.run([str(deckcheck_executable()), "validate", "-f", "mtg/modern"], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 2
    assert done.stderr == "deckcheck: error: missing argument 'DECK...' (see `deckcheck validate --help`)\n"
