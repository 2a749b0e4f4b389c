"""`deckcheck simulate`: opening-hand odds of a deck, for people and for CI."""
from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType
from typing import List, Optional

import typer

from ..report import COMPARISONS, PLAIN, SIMULATIONS
from .app import CARDS_DB_OPTION, FORMAT_OPTION, INPUT_FORMAT_OPTION, NO_CARDS_OPTION, OFFLINE_OPTION, app, fail, handles_errors
from .common import emit, output_option, outputs_mark, read_deck_argument, say_note, warn
from .help_lists import reports

OUTPUT_MORE_HELP = (
    "Outputs for CI report the --assert results, not the whole simulation. "
    f"With --compare: {outputs_mark(COMPARISONS)}."
)


def _stdout_takes_blocks() -> bool:
    try:
        "█▏".encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


# Runs this long (about a second and up) show a progress bar on a terminal.
PROGRESS_FROM_HANDS = 1_000_000


def _progress_bar(hands: Optional[int], exact: bool):  # type: ignore[no-untyped-def]
    """The bar of a Monte Carlo run of `hands` games, or None for a short or exact run (the
    bar draws only on a terminal, see DECKCHECK_PROGRESS)."""
    if exact or hands is None or hands < PROGRESS_FROM_HANDS:
        return None
    from ..limits import check_hands
    from ..progress import Progress

    check_hands(hands)  # no bar for a run that will not start
    return Progress("simulating", hands, unit="hands")


def _with_card_data(deck, format_id, cards_db, offline: bool, no_cards: bool):
    """The deck named as the card data names it, and the card data as the engine's land
    oracle (None with --no-cards or a game without card data: then basic lands and the
    policy's `lands:` count).

    The same card data as `validate` (cli/common.open_cards): a synced database, else the
    built-in data. Yu-Gi-Oh! passcodes become card names (alternate artworks count as
    their card); Magic names become canonical, so a double-faced card listed by its front
    face is one card, and every land (not only basics) counts as a land."""
    from ..formats import load
    from .common import open_cards

    catalog, _ = open_cards(load(format_id), cards_db, offline=offline, no_cards=no_cards)
    if catalog is None:
        return deck, None
    named, _problems = catalog.resolve_deck(deck)
    return named, catalog


@app.command(cls=reports(SIMULATIONS))
@handles_errors
def simulate(
    deck: str = typer.Argument(..., metavar="DECK", help="A decklist file; '-' reads stdin."),
    format_id: str = FORMAT_OPTION,
    hands: Optional[int] = typer.Option(None, "--hands", metavar="N", help="Monte Carlo: simulate N games (default 100000)."),
    seed: Optional[int] = typer.Option(None, "--seed", metavar="S", help="Monte Carlo: random seed; the same seed gives the same answer anywhere (default 0)."),
    keep: Optional[str] = typer.Option(None, "--keep", metavar="EXPR", help='Keep rule for the opening hand, e.g. "2 <= lands <= 5".'),
    keep6: Optional[str] = typer.Option(None, "--keep6", metavar="EXPR", help="Keep rule for 6-card hands (smaller sizes inherit it)."),
    keep5: Optional[str] = typer.Option(None, "--keep5", metavar="EXPR", help='Keep rule for 5-card hands ("true": keep any).'),
    policy: Optional[str] = typer.Option(None, "--policy", metavar="FILE.yaml", help="Policy file: keep rules by hand size, lands, tags, cards."),
    on: str = typer.Option("play", "--on", metavar="play|draw", help="Side for the by-turn table and p_by_turn assertions."),
    turns: int = typer.Option(3, "--turns", metavar="T", help="By-turn table up to turn T."),
    exact: bool = typer.Option(False, "--exact", help="Require exact mode; fail if the policy is not count-based."),
    assertions: Optional[List[str]] = typer.Option(None, "--assert", metavar="EXPR", help='Fail (exit 1) unless it holds, e.g. "keep7 >= 0.85". Repeatable.'),
    cards: Optional[List[str]] = typer.Option(None, "--card", metavar="NAME", help="Card for the by-turn table (repeatable; default: named or all non-land cards)."),
    cast: Optional[List[str]] = typer.Option(None, "--cast", metavar="NAME", help="Chance to cast this spell on curve, and given the land drops (Karsten's measure). Repeatable."),
    compare_with: Optional[List[str]] = typer.Option(None, "--compare", metavar="POLICY.yaml", help="Compare policies side by side (play, draw, 50/50): --compare a.yaml b.yaml ..."),
    plot: Optional[Path] = typer.Option(None, "--plot", metavar="FILE.svg|png", help="Draw keep rates and by-turn odds (needs matplotlib: pip install 'deckcheck[plot]')."),
    output: str = output_option(PLAIN, more_help=OUTPUT_MORE_HELP),
    cards_db: Optional[Path] = CARDS_DB_OPTION,
    offline: bool = OFFLINE_OPTION,
    no_cards: bool = NO_CARDS_OPTION,
    input_format: Optional[str] = INPUT_FORMAT_OPTION,
    more_policies: Optional[List[str]] = typer.Argument(None, hidden=True, metavar="[POLICY.yaml...]"),
) -> None:
    """Simulate opening hands: keep odds, lands, and key cards by turn.

    Exact (multivariate hypergeometric) when the keep policy only counts cards;
    Monte Carlo otherwise or with --hands/--seed. Exit 1 when an --assert fails.

    Example: deckcheck simulate deck.txt -f mtg/constructed --keep "2 <= lands <= 5" --assert "keep7 >= 0.85"

    Example (CI): deckcheck simulate deck.txt -f mtg/modern --assert "keep7 >= 0.85" -o junit > simulate.xml

    Example: deckcheck simulate deck.txt -f mtg/modern --cast "Wrath of God" --compare mine.yaml karsten.yaml
    """
    from ..engine.simulation import simulate as run
    from ..formats import reference
    from ..report import choose, deliver_simulation
    from ..report.style import wants_color

    reporter = choose(output, COMPARISONS if compare_with else SIMULATIONS)
    format_ref = reference(format_id)
    if more_policies and not compare_with:
        fail(f"unexpected extra argument {more_policies[0]!r}: simulate takes one DECK (policies to compare go after --compare)")
    policies = [*([policy] if policy and compare_with else []), *(compare_with or []), *(more_policies or [])]
    if compare_with and assertions:
        fail("--compare does not check --assert: run the assertions without --compare, one policy at a time")
    if plot is not None:
        from ..engine.plot import check_target

        check_target(plot)
    parsed = read_deck_argument(deck, input_format=input_format)
    parsed, card_data = _with_card_data(parsed, format_ref, cards_db, offline, no_cards)
    options = {
        "keep": keep, "keep_by_size": {6: keep6, 5: keep5}, "mode": "exact" if exact else "auto", "hands": hands,
        "seed": seed, "card_data": card_data,
    }
    if policies:
        _compare(parsed, format_ref, policies, options, turns=turns, cast=tuple(cast or ()), reporter=reporter, plot=plot)
        return
    bar = _progress_bar(hands, exact)
    try:
        simulation = run(
            parsed,
            format_ref,
            keep=keep,
            keep_by_size={6: keep6, 5: keep5},
            policy_file=policy,
            mode="exact" if exact else "auto",
            hands=hands,
            seed=seed,
            on=on,
            turns=turns,
            cards=tuple(cards or ()),
            assertions=tuple(assertions or ()),
            card_data=card_data,
            cast=tuple(cast or ()),
            land_drop_turns=turns if getattr(reporter, "LAND_DROPS", False) or plot is not None else 0,
            progress=bar.advance if bar is not None else None,
        )
    except BaseException:
        if bar is not None:
            bar.abandon()
        raise
    if bar is not None:
        bar.close()
    if plot is not None:
        from ..engine.plot import plot_simulation

        say_note(f"wrote {plot_simulation(simulation, plot)}")
    if reporter.NAME != PLAIN:
        # The plain text report shows the notes itself; with the others they go to stderr.
        for warning in simulation.warnings:
            say_note(warning)
    emit(deliver_simulation(reporter, simulation, color=wants_color(), unicode=_stdout_takes_blocks(), warn=warn))
    raise typer.Exit(0 if simulation.passed else 1)


def _compare(deck, format_id, policies: List[str], options: dict, *, turns: int, cast: tuple, reporter: ModuleType, plot: Optional[Path]) -> None:
    """`--compare`: the deck under each policy, one table in the reporter's format."""
    from ..engine.compare import compare

    comparison = compare(deck, format_id, policies, turns=turns, cast=cast, **options)
    if plot is not None:
        from ..engine.plot import plot_comparison

        say_note(f"wrote {plot_comparison(comparison, plot)}")
    if reporter.NAME != PLAIN:
        for warning in comparison.warnings:
            say_note(warning)
    emit(reporter.render_comparison(comparison))
