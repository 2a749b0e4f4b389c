"""What the commands share: writing the report, warnings and notes on stderr, reading a
deck named on the command line, opening the card catalog, and the `-o` output option.

Heavy modules (the pipeline, card data, reporters) are imported inside the functions, so
importing a command module stays cheap.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, overload

from ..errors import one_line_message
from ..report.style import made_printable, plain_utf8, printable

if TYPE_CHECKING:
    from types import ModuleType

    from ..cards.catalog import Catalog
    from ..errors import DeckcheckError
    from ..formats import Format
    from ..model import Deck
    from ..registered_pools import Pool
    from ..result import Report


# ---------------------------------------------------------------- what reaches the terminal
#
# Everything deckcheck prints goes through `emit` (stdout) or `say` (stderr), which make
# names from files harmless wherever they land (docs/security.md):
# - control characters (terminal escape sequences, lone carriage returns, C1 controls) and
#   bidirectional overrides are shown as visible symbols, never sent raw: a card or player
#   name cannot retitle the terminal, clear the screen or hide a line. Only deckcheck's own
#   colour codes pass, and only when the report is coloured;
# - under GitHub Actions, no line that deckcheck did not mean as a workflow command starts
#   with `::` (nor holds the legacy `##[`): a player named "ann\n::error::..." or a
#   `::stop-commands::` cannot forge or hide annotations. The github reporter's own
#   commands (`report.WorkflowCommands`) pass, their values escaped by the reporter;
# - stderr messages are one line: line breaks inside them are shown as `\n`.

_LEGACY_COMMAND = "##["
_ZERO_WIDTH_SPACE = "\u200b"


def under_actions() -> bool:
    return os.environ.get("GITHUB_ACTIONS") == "true"


def no_workflow_commands(text: str) -> str:
    """`text` with every line that the GitHub runner would take for a workflow command
    defused: a zero-width space after the first `:` of a leading `::` (the runner ignores
    leading blanks) and inside every legacy `##[`."""
    if "::" not in text and _LEGACY_COMMAND not in text:
        return text
    lines = text.split("\n")
    for index, line in enumerate(lines):
        stripped = line.lstrip()
        if stripped.startswith("::"):
            at = len(line) - len(stripped) + 1
            line = line[:at] + _ZERO_WIDTH_SPACE + line[at:]
        lines[index] = line.replace(_LEGACY_COMMAND, "##" + _ZERO_WIDTH_SPACE + "[")
    return "\n".join(lines)


def emit(text: str, *, encoding: str | None = None, color: bool = False) -> None:
    """Write a report to stdout, made harmless for terminals and CI logs (above). Text the
    terminal's encoding cannot carry (a file name with undecodable bytes, a card name in a
    script a legacy console lacks) is replaced by the nearest it has, never a traceback
    half-way through a report. `encoding` is the one the report's format prescribes
    (report.encoding: JSON's UTF-8), which wins over the terminal's. `color`: the text is
    a report coloured by deckcheck (`coloured`), whose colour codes pass; in any other an
    escape sequence is a name's and shown inert. A stdout that is closed or will not take
    the report is a DeckcheckError (cli/streams.py)."""
    from ..report import WorkflowCommands

    from .streams import standard_output

    commands = isinstance(text, WorkflowCommands)
    _emit_shown(standard_output(), printable(text, color=color), encoding, commands=commands)


def _emit_shown(out: Any, text: str, encoding: str | None, *, commands: bool) -> None:
    """The rest of `emit` once `text` is `printable`, to stdout (`out`); `commands`: the
    github reporter's own workflow commands."""
    if under_actions():
        text = text.replace(_LEGACY_COMMAND, "##" + _ZERO_WIDTH_SPACE + "[") if commands else no_workflow_commands(text)
    stream = getattr(out, "buffer", None)
    if stream is None:
        _written(out, None, text)
    else:
        _written(out, stream, _encoded(text, encoding or out.encoding or "utf-8"))


def emit_utf8(data: bytes, *, encoding: str | None = None, color: bool = False) -> None:
    """`emit` of a report's text given as its UTF-8 bytes (lone surrogates as
    `surrogatepass` writes them: report/stream.SPOOL_ENCODING). Bytes that `emit` would
    write unchanged (UTF-8 out, nothing to make harmless, not under GitHub Actions) are
    written as they are: a batch's report is not decoded and encoded again."""
    import codecs

    from .streams import standard_output

    out = standard_output()
    stream = getattr(out, "buffer", None)
    plain = plain_utf8(data)  # asked once: `emit` would ask it again of the text
    if (stream is not None and not under_actions() and plain
            and codecs.lookup(encoding or out.encoding or "utf-8").name == "utf-8"):
        _written(out, stream, data)
        return
    text = data.decode("utf-8", "surrogatepass")
    _emit_shown(out, text if plain else made_printable(text, color), encoding, commands=False)


def _written(out: Any, stream: Any, data: str | bytes) -> None:
    """`data` written to stdout (`out`): bytes to its binary `stream`, after what `out`
    holds; text to `out` when it has no stream (None)."""
    from .streams import cannot_write, write_all

    try:
        if stream is None:
            out.write(data)
        else:
            out.flush()
            write_all(stream, data)
        out.flush()
    except BrokenPipeError:
        raise  # the reader went away: failure_code ends the command quietly
    except OSError as error:
        raise cannot_write(error) from None


def coloured(reporter: ModuleType) -> bool:
    """Whether `reporter`'s report is coloured here: the text report (the one output that
    colours), on a terminal that shows colour. The same answer goes to the reporter and to
    `emit`, so only colour deckcheck wrote passes: a CSV table or a `diff` on a terminal
    shows a name's `ESC[8m` (which would hide the rest of the line) as text."""
    from ..report import PLAIN
    from ..report.style import wants_color

    return reporter.NAME == PLAIN and wants_color()


def shown_on_stdout() -> Callable[[str], str] | None:
    """What `emit` will make of text on this stdout, for a report that measures its table's
    cells (report/text.py): each character the terminal's encoding lacks as its nearest
    (legacy_terminal.py). None when the encoding carries every character (UTF-8)."""
    import codecs

    name = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        if codecs.lookup(name).name.startswith("utf"):
            return None
    except LookupError:
        return None

    def shown(text: str) -> str:
        return _encoded(text, name).decode(name)

    return shown


def tables_on_stdout(reporter: ModuleType) -> dict[str, Callable[[str], str]]:
    """The `shown=` that makes `reporter`'s tables measure their cells as stdout shows them
    (`shown_on_stdout`, report/style.py): for the text report (the one with tables) on a
    terminal whose encoding lacks characters; nothing otherwise (measured as written)."""
    from ..report import PLAIN

    shown = shown_on_stdout() if reporter.NAME == PLAIN else None
    return {"shown": shown} if shown is not None else {}


def _encoded(text: str, encoding: str) -> bytes:
    """`text` in `encoding`; what a legacy terminal's lacks as the nearest it has
    (legacy_terminal.py: `Lim-Dul's Vault`, `+/-`)."""
    try:
        return text.encode(encoding)
    except UnicodeEncodeError:
        import unicodedata

        from .legacy_terminal import ERRORS

        # Letters and their combining accents composed first (a Mac's file names are
        # decomposed): `û` where the terminal has it, rather than `u` and a mark it lacks.
        # A lone surrogate (a file name's undecodable byte) has no nearest text: `?`.
        return unicodedata.normalize("NFC", text).encode(encoding, errors=ERRORS)


def say(line: str) -> None:
    """One line on stderr (`deckcheck: warning: ...`): line breaks inside it shown as `\n`,
    control characters shown, workflow commands defused."""
    line = no_workflow_commands(printable(one_line_message(line)))
    stream = sys.stderr
    if stream is None:
        return
    if _misconfigured(stream):
        # Click's echo re-wraps an ASCII stream in UTF-8 (errors replaced): keep exactly
        # that for the rare terminal that needs it, without importing Typer on every run.
        from typer import echo

        echo(line, err=True)
        return
    stream.write(line + "\n")
    stream.flush()


def _misconfigured(stream: Any) -> bool:
    """True when `stream` has no encoding or an ASCII one (what Click calls misconfigured)."""
    import codecs

    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        return codecs.lookup(encoding).name == "ascii"
    except LookupError:
        return False


def warn(message: str) -> None:
    say(f"deckcheck: warning: {message}")


def warn_once() -> Callable[[str], None]:
    """A callback that prints each distinct warning once on stderr."""
    seen: set[str] = set()

    def warn_new(message: str) -> None:
        if message not in seen:
            seen.add(message)
            warn(message)

    return warn_new


# The option that gives each setting a library message names (an OptionError's, a
# simulation's notes and keep rules): the library's messages name its keyword (or the
# words of its call, `mode="exact"`), the command line's the option.
OPTION_OF_SETTING = {
    "date": "--date", "platform": "--platform", "format_id": "-f FORMAT", "deck_check": "--deck-check",
    "seed": "--seed", "hands": "--hands", "turns": "--turns", "on": "--on", "cards": "--cards-db",
    'mode="exact"': "--exact", "keep": "--keep", "keep_by_size[6]": "--keep6", "keep_by_size[5]": "--keep5",
    "policy_file": "--policy", "assertion": "--assert", "card": "--card", "cast": "--cast", "card_data=None": "--no-cards",
    "plot": "--plot", "compare": "--compare", "input_format": "--input-format", "to": "--to",
    "game": "--game",
}


_MOST_INTERNAL_CHARS = 500  # of an internal error's own text on stderr


def failure_code(exc: Exception) -> int:
    """Say on stderr, in one line, why a command stopped, and return its exit code: a
    DeckcheckError's message and code; a reader that closed the pipe of stdout (`| head`)
    ends the command quietly (cli/streams.py), a broken pipe of another kind (a worker that
    died) does not; anything else is a bug, still one line (exit 2) with a way to get the
    details: DECKCHECK_DEBUG=1 raises it again, traceback and all."""
    from ..errors import DeckcheckError

    if isinstance(exc, BrokenPipeError):
        from .streams import broken_pipe_code

        code = broken_pipe_code()
        if code is not None:
            return code
    if isinstance(exc, DeckcheckError):
        say(f"deckcheck: error: {exc.named(OPTION_OF_SETTING)}")
        return exc.exit_code
    from ..cards import switched_on  # read as DECKCHECK_OFFLINE is: DECKCHECK_DEBUG=0 is off

    if switched_on("DECKCHECK_DEBUG"):
        raise exc
    from ..report.style import cut

    # Cut: an unforeseen error may quote whatever input it met (a 40,000-character path).
    say(f"deckcheck: error: internal error ({type(exc).__name__}: {cut(str(exc), _MOST_INTERNAL_CHARS)}); "
        "set DECKCHECK_DEBUG=1 for the traceback")
    return 2


def say_unreadable(report: Report, reporter: ModuleType) -> None:
    """One line on stderr for each deck of `report` that could not be read (exit 2), when
    `reporter` writes a document (JSON, SARIF, JUnit) that a CI job keeps as a file: its log
    then showed nothing of why the run failed. The text report and GitHub's annotations are
    the log themselves, and say it there. stdout stays the document alone."""
    from ..report import ACTIONS, PLAIN

    if reporter.NAME in (PLAIN, ACTIONS):
        return
    for result in report.results:
        if result.unreadable:
            why = result.problems[0].message if result.problems else "cannot read the deck"
            say(f"deckcheck: error: {why if why.startswith(result.deck + ':') else f'{result.deck}: {why}'}")


def say_note(note: str | None) -> None:
    """A note on stderr (what went unchecked and how to check it), printed after the report."""
    if note:
        say(f"deckcheck: note: {note}")


def say_pool_hint(pool: Pool | None, fmt: Format, catalog: Catalog | None, cards_db: str | os.PathLike[str] | None) -> None:
    """The note, after the report, that the registered pool `--pool` gave is of another
    game's cards (cards/other_game.pool_hint); nothing without a pool or card data."""
    if catalog and pool is not None:
        from ..cards.other_game import pool_hint

        say_note(pool_hint(pool, fmt, catalog, how="--pool", cards_db=cards_db))


# Standard input reads once: a second `-` (`validate - -`, `diff - -`) would find it empty
# and report an empty deck, or two lists that differ, as if that had been given.
_STDIN_READ: list[bool] = []


def _take_stdin(what: str, example: str) -> str:
    """Take standard input for one `-` argument (a deck's, `--pool`'s): "" when it can be
    read, else why not (read by an earlier `-`; closed, started with `<&-`: no list, not an
    empty one). `what` and `example` word the advice (`decklist`, `deck.txt`)."""
    if _STDIN_READ:
        return "standard input was read by an earlier `-`; give `-` once"
    _STDIN_READ.append(True)
    if sys.stdin is None:
        return f"standard input is closed; pipe the {what} in (cat {example} | deckcheck ...) or name its file"
    if _isatty(sys.stdin):
        # Typed or pasted at the terminal: without a word the command seemed to hang.
        end = "Ctrl-Z then Enter" if os.name == "nt" else "Ctrl-D"
        say(f"deckcheck: reading the {what} from the terminal: end it with {end} on a line of its own")
    return ""


def _isatty(stream: object) -> bool:
    try:
        return bool(getattr(stream, "isatty", lambda: False)())
    except (OSError, ValueError):  # a closed or detached stream
        return False


def read_deck_argument(source: str, *, input_format: str | None = None) -> Deck:
    """The deck a DECK argument names: `-` is standard input (read up to the decklist size
    limit of textio, never more), a `ydke://` URL is the deck itself, anything else a file.
    A relative path is a file of the current folder: a link (or a linked folder) on it that
    leads out of the folder or into a hidden one is not followed (tree.py; a CI job that
    expands `decks/*.txt` must not read `decks/evil.txt -> ../.git/config`). A deck that
    cannot be read comes back marked unreadable, with its `parse-error` (so does a second
    `-`: standard input is read once)."""
    from .. import decklists
    from ..pipeline import read_deck
    from ..textio import FOLDER_ADVICE, read_stdin
    from ..tree import link_reason

    if source == "-":
        refused = _take_stdin("decklist", "deck.txt")
        if refused:
            return decklists.unreadable("<stdin>", f"<stdin>: {refused}")
        return decklists.parse_bytes(read_stdin(), source="<stdin>", input_format=input_format)
    if decklists.is_inline(source):
        return read_deck(source, input_format=input_format)
    if decklists.web_address(source):
        return decklists.unreadable(source.strip(), decklists.web_address_advice(source))
    path = Path(source)
    if not path.is_absolute():
        why = link_reason(path, Path.cwd(), tree="the current folder")
        if why:
            return decklists.unreadable(source, f"{source}: {why}; name the file itself")
    deck = read_deck(path, input_format=input_format, folder_advice=FOLDER_ADVICE)
    deck.source = decklists.file_shown(deck.source)  # a file's, even named `<evil>.txt`
    return deck


def no_empty_argument(values: Iterable[str], name: str, expected: str) -> None:
    """DeckcheckError (exit 2) when one of the path arguments `values` is empty (`"$DECK"`
    with DECK unset): as a path it is the current folder, which `validate` read as a deck
    that is a directory and `batch` and `check` checked whole. Said before anything is read."""
    from ..errors import DeckcheckError

    if any(value == "" for value in values):
        raise DeckcheckError(f"{name}: an empty argument (''): give {expected}")


@overload
def output_path(option: str, value: str, expected: str) -> Path: ...
@overload
def output_path(option: str, value: None, expected: str) -> None: ...
@overload
def output_path(option: str, value: str | None, expected: str) -> Path | None: ...
def output_path(option: str, value: str | None, expected: str) -> Path | None:
    """The file or folder an output option names (`sheet --out`, `batch --sheets`,
    `--report`, `simulate --plot`), None when not given. An empty value (`--out "$SHEET"`
    with SHEET unset) is no_empty_argument's usage error: as a path it is the current
    folder, which the error then named `.`, a folder the user never wrote. Declared as
    text for that: Typer and cli/quick.py make a path of '' the current folder."""
    if value is None:
        return None
    no_empty_argument([value], option, expected)
    return Path(value)


def no_blank_name(option: str, value: str, expected: str) -> None:
    """DeckcheckError (exit 2) when a name to print (`sheet --player`, `--event`) is empty or
    only blanks (`--player "$NAME"` with NAME unset), or characters the sheet prints as
    nothing (a zero-width space, bidi controls: fonts.printable drops them): the sheet came
    out with that box blank, one no judge can match to a player. Said before anything is read."""
    from ..errors import DeckcheckError
    from ..paperwork.fonts import printable

    if not printable(value).text:
        raise DeckcheckError(f"{option}: an empty name ({value!r}): give {expected}")


def no_empty_pool(pool_file: str | None) -> None:
    """no_empty_argument for `--pool` (validate, sheet, diff): `--pool "$POOL"` with POOL
    unset is the current folder as a path, which read as a pool said to run `deckcheck batch`."""
    no_empty_argument([pool_file] if pool_file is not None else [], "--pool", "the registered pool's file")


def pool_not_a_deck(pool_file: str | None, decks: Iterable[str]) -> None:
    """Stop (exit 2) when `--pool` names a file a deck argument names too, however its path
    is spelled (`--pool ann.txt` typed for `--pool pools/ann.txt`): checked against itself
    a deck holds every card it uses, so any deck passed and its sheet said "every card from
    the pool". A batch row naming its own deck as its pool is refused alike
    (batch/shared_decks.refuse_own_deck_as_pool). `--pool -` beside a deck `-` is refused
    too: standard input is read once, so the deck was NOT CHECKED and told of "an earlier
    `-`" it was not given."""
    if pool_file is None:
        return
    from ..errors import DeckcheckError

    if pool_file == "-":
        if "-" in decks:
            raise DeckcheckError("--pool - and the deck - both read standard input, which is read once; "
                                 "give the pool or the deck as a file")
        return
    for deck in decks:
        if deck != "-" and _is_one_of(Path(pool_file), [Path(deck)]):
            raise DeckcheckError(
                f"--pool {pool_file}: it is the deck file {deck} itself, which checked against itself would pass "
                "whatever it holds; give the pool the player opened"
            )


def read_pool_argument(pool_file: str | None) -> Pool | None:
    """The registered pool `--pool` names (validate, sheet, diff), None without one; one that
    cannot be read is an InputError (exit 2). A pool site's link (`https://sealeddeck.tech/...`)
    is told to be exported, as a deck site's is: as a path its `//` folded, "no such file"."""
    if pool_file is None:
        return None
    from .. import decklists
    from ..errors import InputError
    from ..registered_pools import read_pool

    if pool_file == "-":
        # Standard input, as a deck's `-` is (`cat pool.txt | deckcheck validate deck.txt
        # --pool -`); read before the decks, so a deck's `-` after it is told it was read.
        from ..textio import decode, read_stdin

        refused = _take_stdin("pool", "pool.txt")
        if refused:
            raise InputError(f"pool -: {refused}")
        return read_pool(decode(read_stdin(), source="<stdin>"), shown="<stdin>")
    if decklists.web_address(pool_file):
        raise InputError("pool " + decklists.web_address_advice(pool_file))
    return read_pool(Path(pool_file), shown=pool_file)


def one_of(option: str, value: str, choices: Iterable[str]) -> str:
    """`value` when it is one of `choices`, else DeckcheckError (exit 2) naming them."""
    from ..errors import DeckcheckError

    listed = list(choices)
    if value not in listed:
        raise DeckcheckError(f"{option} {value!r}: choose one of {', '.join(listed)}")
    return value


def text_or_json(output: str) -> None:
    """DeckcheckError (exit 2) unless `output` (`-o` of the commands that write only these:
    cards lookup, info, stats, formats check-freshness) is text or json: a typo (`-o jsno`)
    printed the text, exit 0, to a script that meant to parse JSON."""
    from ..errors import DeckcheckError

    if output not in ("text", "json"):
        raise DeckcheckError(f"--output {output!r}: choose text or json")


def one_of_any_case(option: str, value: str, choices: Iterable[str]) -> str:
    """The one of `choices` (lower case) that `value` is, case and spaces aside (`--paper A4`,
    as paper sizes are written, is a4), else DeckcheckError (exit 2) quoting `value` as given."""
    listed = list(choices)
    folded = value.strip().lower()
    return folded if folded in listed else one_of(option, value, listed)


def writable(option: str, path: Path, *, inputs: Iterable[Path] = ()) -> None:
    """Stop (exit 2) when `path` cannot or must not be written: `-` (which means a standard
    stream everywhere else), a symbolic link or a relative
    path through a linked folder (never written through, tree.link_on_the_way), a folder,
    something other than a regular file (a named pipe, a device: never replaced), a file in
    a folder this user cannot write to, or one of the `inputs` the run reads (nothing
    deckcheck reads is ever overwritten)."""
    from ..errors import DeckcheckError
    from ..tree import link_on_the_way

    reason = None
    link = link_on_the_way(path)
    if str(path) == "-":
        # `-` is standard input or output everywhere else: a file of that name is never
        # what was meant (pathlib reads `./-` as `-` too).
        reason = "'-' names no file here (it is not standard output); name the file to write"
    elif link is not None:
        what = "it is" if link == path else f"{link} is"
        reason = f"{what} a symbolic link, and deckcheck never writes through links; remove the link or name another file"
    elif _is_one_of(path, inputs):
        reason = "this run reads that file; name another file"
    elif path.is_dir():
        reason = "it is a folder; name a file"
    elif _special_kind(path) is not None:
        # A named pipe or a device (/dev/null as root): the rename would replace it.
        reason = "it is not a regular file; name another file"
    else:
        folder = next((parent for parent in path.absolute().parents if parent.exists()), None)
        if folder is not None and not folder.is_dir():
            reason = f"{folder} is not a folder"
        elif folder is not None and not os.access(folder, os.W_OK | os.X_OK):
            reason = f"no permission to write in {folder}"
    if reason:
        raise DeckcheckError(f"{option} {path}: cannot write ({reason})")


def pdf_named(option: str, path: Path) -> None:
    """Stop (exit 2) when `path`, where a PDF is to be written (`--sheets`, `sheet --out`),
    is not named `.pdf` (in any case): written as `sheets.txt` it opened as text, and a
    later batch of its folder read it as a decklist. Asked after `writable`, whose reasons
    (a link, a file the run reads) say more."""
    from ..errors import DeckcheckError

    if path.suffix.lower() != ".pdf":
        meant = path.with_name(path.stem + ".pdf") if path.suffix else path.with_name(path.name + ".pdf")
        raise DeckcheckError(f"{option} {path}: cannot write (the sheets are a PDF, which a name ending in .pdf says; "
                             f"name the file {meant})")


def distinct_outputs(*outputs: tuple[str, Path | None]) -> None:
    """Stop (exit 2) when two outputs of one run, (option, file) each, name the same file
    (the same path, or one file under two names): one would silently replace the other."""
    from ..errors import DeckcheckError

    named: list[tuple[str, Path]] = []
    for option, path in outputs:
        if path is None:
            continue
        for earlier_option, earlier in named:
            if os.path.abspath(earlier) == os.path.abspath(path) or _is_one_of(path, [earlier]):
                raise DeckcheckError(
                    f"{earlier_option} {earlier} and {option} {path} name the same file; one would replace the other: name two files"
                )
        named.append((option, path))


def _special_kind(path: Path) -> str | None:
    """What `path` is when it exists and is neither a regular file nor a folder (textio)."""
    from ..textio import not_regular

    try:
        return not_regular(os.stat(path).st_mode)
    except (OSError, ValueError):
        return None


def _is_one_of(path: Path, files: Iterable[Path]) -> bool:
    try:
        target = os.stat(path)
    except (OSError, ValueError):
        return False
    for other in files:
        try:
            if os.path.samestat(target, os.stat(other)):
                return True
        except (OSError, ValueError):
            continue
    return False


def write_file(option: str, path: Path, chunks: Iterable[bytes], *, private: bool = False, inputs: Iterable[Path] = ()) -> None:
    """Write `chunks` to `path` atomically (atomic.py: never through a link), after
    `writable`'s checks (again: the run may have found more `inputs`); `private`: mode
    0600. One-line DeckcheckError (exit 2) naming the option when it cannot be done."""
    from ..atomic import write_chunks
    from ..errors import DeckcheckError

    writable(option, path, inputs=inputs)
    try:
        write_chunks(path, chunks, private=private)
    except OSError as exc:
        raise DeckcheckError(f"{option} {path}: cannot write ({exc.strerror or exc})") from None


def open_cards(fmt: Format | None, cards_db: Path | None, *, offline: bool, no_cards: bool = False) -> tuple[object, str | None]:
    """(the card catalog for a command, or None; the note to print once the work is done).
    `fmt` None (a batch whose rows name their formats, before they are read): only the
    --cards-db check.

    `no_cards` (--no-cards): none, quietly. An explicit --cards-db that does not exist is
    a usage error; a database or built-in file that is damaged is one too (CardDataError,
    exit 2). Without a database the built-in card data is used; a game with no card data
    at all gets a note - only for formats that have a card pool, so other formats keep a
    quiet stderr. A database that is outdated is always worth a note.
    """
    from ..cards import catalog_for, note_to_say, require_database

    if no_cards:
        return None, None
    if cards_db is not None and fmt is None:
        require_database(cards_db)  # a batch whose rows name their formats: said before any is read
    if fmt is None:
        return None, None
    catalog, note = catalog_for(fmt.game, cards_db, offline=offline or None, warn=warn_once())
    return catalog, note_to_say(note, bool(fmt.option("card_pool")))


# Help text naming what a registry holds is written only when help is shown
# (cli/help_lists.py): a parameter's help holds these marks.
OUTPUTS_MARK, PARSERS_MARK, WRITERS_MARK = "{outputs}", "{parsers}", "{writers}"


def outputs_mark(subject: str) -> str:
    """A mark for "the outputs that can report `subject`" (`a, b or c`) in help text."""
    return f"{{outputs:{subject}}}"


def output_option(default: str | None, *, more_help: str = "") -> Any:
    """`--output/-o OUTPUT` of a command made with `cls=reports(...)`: completion offers the
    outputs that can report what the command reports, and its help lists them."""
    import typer

    from .completion import complete_outputs

    help_text = OUTPUTS_MARK + (f" {more_help}" if more_help else "")
    return typer.Option(default, "--output", "-o", metavar="OUTPUT", help=help_text, autocompletion=complete_outputs)


def warn_unknown_format_names(fmt: Any, catalog: Any, *, in_archive: str | None = None) -> list[str]:
    """A user's format file whose lists name no card of the card data, or write a passcode
    no card has: its entries apply to no card (a misspelt ban bans nothing, a mistyped
    Genesys passcode scores nothing), each said once on stderr (formats/card_names.py);
    and one whose `points` gives a card two values, by name and by passcode, said once too
    (formats/points_conflicts.py). `in_archive`: the file's path inside a batch's zip.
    Returns the warnings said, for a report that shows them too."""
    if not fmt.writes_cards:  # a bundled format: nothing to look up, nothing imported
        return []
    from ..formats.card_names import format_file_warnings

    said = format_file_warnings(fmt, catalog, in_archive=in_archive)
    for warning in said:
        warn(warning)
    return said


# Outputs whose report a CI job keeps as a file (uploads, parses): a run that an error
# stopped is still a report there, never an empty file.
REPORT_FILES = ("sarif", "junit")
# Outputs a job reads as a document (uploads, or parses as JSON): a run that checked no
# deck still prints one, never nothing (cli/check.py).
PARSED_REPORTS = (*REPORT_FILES, "json")


def report_usage_stop(
    output: str | None, error: DeckcheckError, command_name: str, *, into: Callable[[str], None] | None = None,
) -> None:
    """`report_stop` of a usage error that stopped `deckcheck COMMAND_NAME` before any deck
    (an unknown -f, a bad --date, a deck not found): an `::error` annotation titled with the
    command, or a report that says why (Report.stopped), in the error's words as stderr gives
    them (`--date ...`). The command line is no file to place the annotation on, but a file
    it names that is at fault on a line of its own (a `--policy` file's broken keep rule, a
    format file's bad key: the error's `path` and `line`) is, as `check` places them: the
    pull request that broke it shows where. `into`: where the report goes instead of
    stdout (`report_stop`)."""
    from ..report.github import command
    from ..report.workspace import namer
    from ..result import Report

    text = error.named(OPTION_OF_SETTING)
    path, line = getattr(error, "path", None), getattr(error, "line", None)
    place = {"file": namer()(str(path)), "line": line} if path and line else {}
    report_stop(output, command("error", text, **place, title=f"deckcheck {command_name}"), Report(stopped=text), into=into)


def report_stop(output: str | None, annotation: str, report: Report, *, into: Callable[[str], None] | None = None) -> None:
    """What stopped the run, on stdout where a CI job keeps the report, never an empty file
    or nothing: the GitHub `annotation` (and `report` as the job summary, when the job has
    one), or `report` as a SARIF or JUnit document and nothing else (that is the file the
    job uploads). Other outputs print nothing (their reader has
    stderr), nor does an unknown -o (itself the error). The one-line error on stderr and
    exit 2 stay. `into`, when given, takes the annotation or the document instead of
    stdout (`batch --report FILE`: the file the job uploads)."""
    from ..report import AUTO, WorkflowCommands, deliver, encoding, load, resolve_auto
    from ..report.github import NAME

    name = resolve_auto(output or AUTO)
    if name == NAME:
        if into is not None:
            into(annotation + "\n")
        else:
            emit(WorkflowCommands(annotation + "\n"))
        # The job's summary page too (GITHUB_STEP_SUMMARY), as a run that went on writes one:
        # a broken deckcheck.yaml or an unknown -f left the page without a word.
        from ..report.github import publish

        failed = publish(report)
        if failed:
            warn(failed)
    elif name in REPORT_FILES:
        reporter = load(name)
        if into is not None:
            into(deliver(reporter, report))
        else:
            emit(deliver(reporter, report), encoding=encoding(reporter))
