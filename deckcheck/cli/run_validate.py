"""The work of `deckcheck validate`, without Typer: cli/validate.py declares the command and
calls `run_validate`; entry.py calls it directly when the command line is one it can read
on its own (cli/quick.py), so one validate never pays for importing Typer."""
from __future__ import annotations

from pathlib import Path
from types import ModuleType

from ..report import DECKS, encoding
from .common import (
    coloured, emit, no_empty_argument, no_empty_pool, open_cards, pool_not_a_deck, read_deck_argument, read_pool_argument,
    report_usage_stop, say_note, say_pool_hint, say_unreadable, warn, warn_unknown_format_names,
)


def run_validate(
    decks: list[str],
    format_id: str,
    *,
    date: str | None,
    output: str,
    input_format: str | None,
    pool_file: str | None,
    cards_db: Path | None,
    offline: bool,
    platform: str,
    no_cards: bool,
) -> int:
    """Check `decks` against the format, print the report and return the exit code
    (docs/contracts.md: 0 legal, 1 illegal, 2 unreadable). Usage errors raise DeckcheckError.
    The defaults of the options are the command's (cli/validate.py), so every one is named."""
    from .. import decklists
    from ..formats import load, reference
    from ..pipeline import check_platform, check_read_deck, parse_date
    from ..problem import ProblemBudget
    from ..registered_pools import unchecked_without_pools
    from ..errors import DeckcheckError
    from ..report import choose, deliver
    from ..result import Report

    no_empty_argument(decks, "DECK", "a decklist file, or - for standard input")
    no_empty_pool(pool_file)
    pool_not_a_deck(pool_file, decks)
    reporter = choose(output, DECKS)
    try:
        fmt = load(reference(format_id))
        day = parse_date(date)
        check_platform(platform)
        # Read before any deck: a pool that cannot be read is a usage error (exit 2).
        pool = read_pool_argument(pool_file)
        if input_format:
            decklists.get(input_format)  # an unknown parser is a usage error before anything is opened
    except DeckcheckError as exc:
        # A job that keeps the SARIF or JUnit report as a file gets one that says why, not
        # an empty file its upload fails on (as `check` does: cli/check.py).
        report_usage_stop(output, exc, "validate")
        raise
    catalog, note = open_cards(fmt, cards_db, offline=offline, no_cards=no_cards)
    format_warnings = warn_unknown_format_names(fmt, catalog)  # a user's format file: a misspelt ban bans nothing
    results = []
    hints = []  # decks of another game than the format's (cards/other_game.py), after the report
    budget = ProblemBudget()  # the problems one report lists (limits.py)
    for source in decks:
        deck = read_deck_argument(source, input_format=input_format)
        result = check_read_deck(deck, fmt, date=day, pool=pool, cards=catalog or False, platform=platform)
        if catalog and not result.legal:  # only a deck with errors pays for the import
            from ..cards.other_game import other_game_hint

            hints.append((result.deck, other_game_hint(deck, result, fmt, result.deck, how="-f FORMAT", cards_db=cards_db)))
        result.problems = budget.take(result.problems)
        results.append(result)
    report = Report(results=results)
    color = coloured(reporter)
    emit(deliver(reporter, report, color=color, warn=warn), encoding=encoding(reporter), color=color)
    say_unreadable(report, reporter)
    for _, hint in hints:
        say_note(hint)
    say_pool_hint(pool, fmt, catalog, cards_db)
    _annotate_hints(hints, reporter)
    _annotate_format_warnings(format_warnings, fmt, catalog, reporter)
    if pool is None and fmt.option("pool") is not None:
        # A limited deck without its pool is checked for its sizes only (Black Lotus passes);
        # a deck that could not be read was not checked at all (NOT CHECKED), so not counted.
        checked = sum(not result.unreadable for result in results)
        say_note(unchecked_without_pools(checked, [fmt.id], "give the pool with --pool FILE"))
    say_note(note)
    return report.exit_code


def _annotate_hints(hints: list[tuple[str, str | None]], reporter: ModuleType) -> None:
    """Under -o github, each deck's "its cards are another game's" note as a `::notice` on
    its file too (as `check` gives it): stderr alone is a line of the job's log, where a
    pull request's author never looks for why every card is unknown."""
    from ..decklists import names_a_file

    said = [(deck, hint) for deck, hint in hints if hint]
    _annotate("notice", [(hint, deck if names_a_file(deck) else None, None) for deck, hint in said], reporter)


def _annotate_format_warnings(warnings: list[str], fmt, catalog, reporter: ModuleType) -> None:  # type: ignore[no-untyped-def]
    """Under -o github, each warning on the user's format file of -f (a card name no card
    has: a misspelt ban bans nothing) as a `::warning` on that file too, as `check` places
    it: on stderr alone it was a line of the job's log, never on the file a pull request
    changed. It sits on the line of the first entry it is about, in the file of the chain
    that writes it (formats/card_names.placed_format_file_warnings)."""
    if not warnings or not _github(reporter):
        return  # the files are read again for the lines only where an annotation shows them
    from ..formats.card_names import placed_format_file_warnings

    placed = placed_format_file_warnings(fmt, catalog)
    _annotate("warning", [(text, str(file) if file else None, line) for text, file, line in placed], reporter)


def _annotate(level: str, messages: list[tuple[str, str | None, int | None]], reporter: ModuleType) -> None:
    """Under -o github, each (message, file or None, line or None) as a `::LEVEL`
    annotation, its file named as the workspace names it."""
    if not messages or not _github(reporter):
        return
    from ..report import WorkflowCommands
    from ..report.github import command
    from ..report.workspace import namer

    name = namer()
    emit(WorkflowCommands("".join(
        command(level, text, file=name(file) if file is not None else None, line=line if file is not None else None,
                title="deckcheck validate") + "\n"
        for text, file, line in messages
    )))


def _github(reporter: ModuleType) -> bool:
    from ..report.github import NAME  # only once there is something to annotate: rarely imported

    return bool(reporter.NAME == NAME)
