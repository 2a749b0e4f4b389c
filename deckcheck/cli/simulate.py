"""`deckcheck simulate`: opening-hand odds of a deck, for people and for CI."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

import typer

from ..report import ASSERTIONS, PLAIN
from .app import CARDS_DB_OPTION, FORMAT_OPTION, INPUT_FORMAT_OPTION, OFFLINE_OPTION, app, handles_errors
from .common import emit, output_option, read_deck_argument, reports, say_note, warn


def _stdout_takes_blocks() -> bool:
    try:
        "█▏".encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _with_card_data(deck, format_id: str, cards_db, offline: bool):
    """The deck named as the card database names it, and the database as the engine's
    land oracle (None without one: then basic lands and the policy's `lands:` count).

    Yu-Gi-Oh! passcodes become card names (alternate artworks count as their card); Magic
    names become canonical, so a double-faced card listed by its front face is one card."""
    from ..cards import catalog_for
    from ..cards.resolve import resolve_deck
    from ..formats import load

    catalog, _ = catalog_for(load(format_id).game, cards_db, offline=offline or None)
    if catalog is None:
        return deck, None
    named, _problems = resolve_deck(deck, catalog)
    return named, catalog if hasattr(catalog, "is_land") else None


@app.command(cls=reports(ASSERTIONS))
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
    output: str = output_option(PLAIN, more_help="Outputs that cannot show a whole simulation report its --assert results."),
    cards_db: Optional[Path] = CARDS_DB_OPTION,
    offline: bool = OFFLINE_OPTION,
    input_format: Optional[str] = INPUT_FORMAT_OPTION,
) -> None:
    """Simulate opening hands: keep odds, lands, and key cards by turn.

    Exact (multivariate hypergeometric) when the keep policy only counts cards;
    Monte Carlo otherwise or with --hands/--seed. Exit 1 when an --assert fails.

    Example: deckcheck simulate deck.txt -f mtg/constructed --keep "2 <= lands <= 5" --assert "keep7 >= 0.85"

    Example (CI): deckcheck simulate deck.txt -f mtg/modern --assert "keep7 >= 0.85" -o junit > simulate.xml
    """
    from ..engine.simulation import simulate as run
    from ..report import SIMULATION, choose, deliver
    from ..report.style import wants_color

    reporter = choose(output, ASSERTIONS)
    parsed = read_deck_argument(deck, input_format=input_format)
    parsed, card_data = _with_card_data(parsed, format_id, cards_db, offline)
    simulation = run(
        parsed,
        format_id,
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
    )
    if reporter.NAME != PLAIN:
        # The plain text report shows the notes itself; with the others they go to stderr.
        for warning in simulation.warnings:
            say_note(warning)
    if SIMULATION in reporter.RENDERS:
        emit(reporter.render_simulation(simulation, color=wants_color(), unicode=_stdout_takes_blocks()))
    else:
        from ..engine.report import outcomes
        from ..result import Report

        emit(deliver(reporter, Report(assertions=outcomes(simulation)), warn=warn))
    raise typer.Exit(0 if simulation.passed else 1)
