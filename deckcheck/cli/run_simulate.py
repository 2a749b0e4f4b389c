"""The work of `deckcheck simulate`, without Typer: cli/simulate.py declares the command and
calls `run_simulate`; entry.py calls it directly when the command line is one it can read
on its own (cli/quick.py), so a simulation in CI does not pay for importing Typer."""
from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from ..errors import DeckcheckError
from ..report import ASSERTIONS, COMPARISONS, PLAIN, SIMULATIONS, encoding, renders
from .common import (
    OPTION_OF_SETTING, coloured, emit, no_empty_argument, output_path, read_deck_argument, say, say_note, tables_on_stdout, warn, writable,
)

if TYPE_CHECKING:
    from ..cards.catalog import Catalog
    from ..formats import Format
    from ..model import Deck
    from ..problem import Problem


def run_simulate(deck: str, more_policies: Sequence[str] | None, *, output: str, **options: object) -> int:
    """Simulate `deck` (or compare policies), print the report and return the exit code: 0,
    or 1 when an --assert fails (`_run_simulate`). A usage error raises DeckcheckError, and
    first leaves on stdout what a CI job keeps as its report (-o junit, sarif, github):
    a document that says why the run stopped, not an empty file its upload fails on, as
    validate and check do."""
    try:
        return _run_simulate(deck, more_policies, output=output, **options)  # type: ignore[arg-type]
    except DeckcheckError as exc:
        from .common import report_usage_stop

        report_usage_stop(output, exc, "simulate")
        raise


def _run_simulate(
    deck: str,
    more_policies: Sequence[str] | None,
    *,
    format_id: str,
    hands: int | None,
    seed: int | None,
    keep: str | None,
    keep6: str | None,
    keep5: str | None,
    policy: str | None,
    on: str | None,
    turns: int,
    exact: bool,
    assertions: Sequence[str] | None,
    cards: Sequence[str] | None,
    cast: Sequence[str] | None,
    compare_with: Sequence[str] | None,
    plot: str | None,
    output: str,
    cards_db: Path | None,
    offline: bool,
    no_cards: bool,
    input_format: str | None,
) -> int:
    """`run_simulate`'s work. The defaults of the options are the command's (cli/simulate.py), so every one is named; a repeatable option
    or the extra arguments may come as None, a tuple or a list; `on` None is the play."""
    from ..engine.simulation import simulate as run
    from ..formats import load, reference
    from ..report import choose, deliver_simulation

    no_empty_argument([deck], "DECK", "a decklist file, or - for standard input")
    # An empty policy ("$POLICY" unset) ran the default keep rule, or compared it, without a word.
    no_empty_argument([policy] if policy is not None else [], "--policy",
                      "a policy file, or leave --policy out for the default keep rule")
    no_empty_argument([*(compare_with or []), *(more_policies or [])], "--compare", "a policy file to compare")
    plot_file = output_path("--plot", plot, "the picture to write, such as odds.svg")
    reporter = choose(output, COMPARISONS if compare_with else SIMULATIONS)
    format_ref = reference(format_id)
    if more_policies and not compare_with:
        raise DeckcheckError(f"unexpected extra argument {more_policies[0]!r}: simulate takes one DECK (policies to compare go after --compare)")
    policies = [*([policy] if policy and compare_with else []), *(compare_with or []), *(more_policies or [])]
    if compare_with and assertions:
        raise DeckcheckError("--compare does not check --assert: run the assertions without --compare, one policy at a time")
    if compare_with and on is not None:
        raise DeckcheckError("--compare shows the play, the draw and a 50/50 mix side by side: leave out --on")
    if compare_with and cards:
        raise DeckcheckError(
            "--compare has no by-turn table, so --card would track nothing: run simulate without --compare to see cards by turn"
        )
    if plot_file is not None:
        from ..engine.plot import check_target

        check_target(plot_file)
        # A CI step's picture lands where a pull request may have put a link: never written
        # through one (nor a pipe, a device or a folder), as --report and --out are not.
        writable("--plot", plot_file)
    parsed = read_deck_argument(deck, input_format=input_format)
    fmt = load(format_ref)
    parsed, card_data, card_problems = _with_card_data(parsed, fmt, cards_db, offline, no_cards)
    hint = _other_game(parsed, fmt, card_data, card_problems, cards_db)
    options = {
        "keep": keep, "keep_by_size": {6: keep6, 5: keep5}, "mode": "exact" if exact else "auto", "hands": hands,
        "seed": seed, "card_data": card_data, "card_problems": card_problems, "names": OPTION_OF_SETTING,
    }
    if policies:
        _compare(parsed, fmt, policies, options, turns=turns, cast=tuple(cast or ()), reporter=reporter, plot=plot_file)
        say_note(hint)
        return 0
    bar = _progress_bar(hands, exact)
    try:
        simulation = run(
            parsed,
            fmt,
            **options,  # type: ignore[arg-type]
            policy_file=policy,
            on=on or "play",
            turns=turns,
            cards=tuple(cards or ()),
            assertions=tuple(assertions or ()),
            cast=tuple(cast or ()),
            land_drop_turns=turns if getattr(reporter, "LAND_DROPS", False) or plot_file is not None else 0,
            progress=bar.advance if bar is not None else None,
        )
    except BaseException:
        if bar is not None:
            bar.abandon()
        raise
    if bar is not None:
        bar.close()
    if plot_file is not None:
        from ..engine.plot import plot_simulation

        say_note(f"wrote {plot_simulation(simulation, plot_file)}")
    if reporter.NAME != PLAIN:
        # The plain text report shows the notes itself; with the others they go to stderr.
        for warning in simulation.warnings:
            say_note(warning)
    if not simulation.assertions and getattr(reporter, "render_simulation", None) is None:
        warn(_nothing_asserted(reporter.NAME))
    color = coloured(reporter)
    emit(deliver_simulation(reporter, simulation, color=color, unicode=_stdout_takes_blocks(), warn=warn,
                            **tables_on_stdout(reporter)),
         encoding=encoding(reporter), color=color)
    say_note(hint)  # after the report, as validate's
    if not renders(reporter.NAME, ASSERTIONS):
        # This output has no place for assertions (csv): a CI log still shows which one failed.
        from ..engine.report import assertion_line

        for result in simulation.assertions:
            say(f"deckcheck: {assertion_line(result)}")
    elif reporter.NAME in _REPORTS_FOR_A_FILE:
        from ..engine.report import assertion_line

        for result in simulation.assertions:
            if not result.passed:
                say(f"deckcheck: {assertion_line(result)} (the -o {reporter.NAME} report on stdout has every assertion)")
    return 0 if simulation.passed else 1


# Outputs a CI job writes to a file its log does not show (a test report, a code-scanning
# upload): a failing assertion is also one line on stderr, so the log says why the step
# failed, as the text report (and github's annotations) do in the log itself.
_REPORTS_FOR_A_FILE = ("junit", "sarif")


def _nothing_asserted(output: str) -> str:
    """The warning of an output that reports only the --assert results (junit, github,
    sarif: no `render_simulation`) when none is given: its report is empty and the run
    exits 0, so a CI step that forgot --assert passed having checked nothing, silently."""
    return (f"-o {output} reports the --assert results, and none is given: nothing is checked; "
            'add --assert EXPR (e.g. --assert "keep7 >= 0.8")')


def _stdout_takes_blocks() -> bool:
    try:
        "█▏".encode(getattr(sys.stdout, "encoding", None) or "ascii")  # None: stdout closed, emit says so
    except (UnicodeEncodeError, LookupError):
        return False
    return True


# Runs this long (about a second and up) show a progress bar on a terminal.
PROGRESS_FROM_HANDS = 1_000_000


def _progress_bar(hands: int | None, exact: bool):  # type: ignore[no-untyped-def]
    """The bar of a Monte Carlo run of `hands` games, or None for a short or exact run (the
    bar draws only on a terminal, see DECKCHECK_PROGRESS)."""
    if exact or hands is None or hands < PROGRESS_FROM_HANDS:
        return None
    from ..limits import check_hands
    from ..progress import Progress

    check_hands(hands)  # no bar for a run that will not start
    return Progress("simulating", hands, unit="hands")


def _with_card_data(
    deck: Deck, fmt: Format, cards_db: Path | None, offline: bool, no_cards: bool,
) -> tuple[Deck, Catalog | None, list[Problem]]:
    """The deck named as the card data names it, the card data as the engine's land oracle
    (None with --no-cards or a game without card data: then basic lands and the policy's
    `lands:` count), and the `unknown-card` problems of names the card data lacks (the
    simulation's notes, with validate's suggestions).

    The same card data as `validate` (cli/common.open_cards): a synced database, else the
    built-in data. Yu-Gi-Oh! passcodes become card names (alternate artworks count as
    their card); Magic names become canonical, so a double-faced card listed by its front
    face is one card, and every land (not only basics) counts as a land."""
    from ..pipeline import named_for_simulation
    from .common import open_cards

    catalog, _ = open_cards(fmt, cards_db, offline=offline, no_cards=no_cards)
    named, unknown = named_for_simulation(catalog, deck, fmt)  # type: ignore[arg-type]
    return named, catalog, unknown  # type: ignore[return-value]


def _other_game(deck: Deck, fmt: Format, catalog: Catalog | None, unknown: list[Problem], cards_db: Path | None) -> str | None:
    """validate's note for a deck whose names are mostly another game's cards (a .ydk
    simulated against a Magic format), from the unknown-card problems; None otherwise."""
    if not catalog or not unknown:
        return None
    from ..cards.other_game import other_game_hint
    from ..result import DeckResult

    result = DeckResult(deck=deck.source, format=fmt.id, problems=list(unknown))
    return other_game_hint(deck, result, fmt, deck.source, how="-f FORMAT", cards_db=cards_db)


def _compare(deck: Deck, fmt: Format, policies: list[str], options: dict, *, turns: int, cast: tuple, reporter: ModuleType, plot: Path | None) -> None:
    """`--compare`: the deck under each policy, one table in the reporter's format."""
    from ..engine.compare import compare

    comparison = compare(deck, fmt, policies, turns=turns, cast=cast, **options)
    if plot is not None:
        from ..engine.plot import plot_comparison

        say_note(f"wrote {plot_comparison(comparison, plot)}")
    if reporter.NAME != PLAIN:
        for warning in comparison.warnings:
            say_note(warning)
    emit(reporter.render_comparison(comparison, **tables_on_stdout(reporter)), encoding=encoding(reporter))
