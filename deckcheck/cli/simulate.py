"""`deckcheck simulate`: opening-hand odds of a deck, for people and for CI (the Typer
declaration: its options and help; the work is cli/run_simulate.py, which entry.py also
runs without Typer)."""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from ..report import COMPARISONS, PLAIN, SIMULATIONS
from .app import CARDS_DB_OPTION, FORMAT_OPTION, INPUT_FORMAT_OPTION, OFFLINE_OPTION, app, handles_errors
from .common import output_option, outputs_mark
from .help_lists import reports

OUTPUT_MORE_HELP = (
    "Outputs for CI report the --assert results, not the whole simulation. "
    f"With --compare: {outputs_mark(COMPARISONS)}."
)


@app.command(cls=reports(SIMULATIONS))
@handles_errors
def simulate(
    deck: str = typer.Argument(..., metavar="DECK", help="A decklist file (any format --input-format names, or a ydke:// URL); '-' reads stdin."),
    format_id: str = FORMAT_OPTION,
    hands: Optional[int] = typer.Option(None, "--hands", metavar="N", help="Monte Carlo: simulate N games (default 100000; at most 10000000, at least 100 with --assert)."),
    seed: Optional[int] = typer.Option(None, "--seed", metavar="S", help="Monte Carlo: random seed; the same seed gives the same answer on any machine with the same numpy release (default 0)."),
    keep: Optional[str] = typer.Option(None, "--keep", metavar="EXPR", help='Keep rule for the opening hand, e.g. "2 <= lands <= 5".'),
    keep6: Optional[str] = typer.Option(None, "--keep6", metavar="EXPR", help="Keep rule for 6-card hands (smaller sizes inherit it)."),
    keep5: Optional[str] = typer.Option(None, "--keep5", metavar="EXPR", help='Keep rule for 5-card hands ("true": keep any).'),
    policy: Optional[str] = typer.Option(None, "--policy", metavar="FILE.yaml", help="Policy file: keep rules by hand size, lands, tags, cards."),
    # No default here (None is play): --compare refuses an --on it was given (run_simulate.py).
    on: Optional[str] = typer.Option(None, "--on", metavar="play|draw", help="Side for the by-turn table and p_by_turn assertions (default: play; first and second, Yu-Gi-Oh!'s words, are play and draw)."),
    turns: int = typer.Option(3, "--turns", metavar="T", help="By-turn table up to turn T."),
    exact: bool = typer.Option(False, "--exact", help="Require exact mode; fail if the policy is not count-based."),
    assertions: Optional[List[str]] = typer.Option(None, "--assert", metavar="EXPR", help='Fail (exit 1) unless it holds, e.g. "keep7 >= 0.85". Repeatable.'),
    cards: Optional[List[str]] = typer.Option(None, "--card", metavar="NAME", help="Card for the by-turn table (repeatable; default: named or all non-land cards)."),
    cast: Optional[List[str]] = typer.Option(None, "--cast", metavar="NAME", help="Chance to cast this spell on curve, and given the land drops (Karsten's measure). Repeatable."),
    compare_with: Optional[List[str]] = typer.Option(None, "--compare", metavar="POLICY.yaml", help="Compare policies side by side (play, draw, 50/50): --compare a.yaml b.yaml ..."),
    plot: Optional[str] = typer.Option(None, "--plot", metavar="FILE.svg|png", help="Draw keep rates and by-turn odds (needs matplotlib: pip install 'deckcheck[plot]')."),
    output: str = output_option(PLAIN, more_help=OUTPUT_MORE_HELP),
    cards_db: Optional[Path] = CARDS_DB_OPTION,
    offline: bool = OFFLINE_OPTION,
    no_cards: bool = typer.Option(False, "--no-cards", help="Simulate without card data: only basic lands (and a policy's lands:) count as lands; names as written, no unknown-card notes."),
    input_format: Optional[str] = INPUT_FORMAT_OPTION,
    more_policies: Optional[List[str]] = typer.Argument(None, hidden=True, metavar="[POLICY.yaml...]"),
) -> None:
    """Simulate opening hands: keep odds, lands, and key cards by turn.

    Exact (multivariate hypergeometric) when the keep policy only counts cards;
    Monte Carlo otherwise or with --hands/--seed. Exit 1 when an --assert fails.

    \b
    Example: deckcheck simulate deck.txt -f mtg/constructed \\
        --keep "2 <= lands <= 5" --assert "keep7 >= 0.85"

    \b
    Example (CI): deckcheck simulate deck.txt -f mtg/modern \\
        --assert "keep7 >= 0.85" -o junit > simulate.xml

    \b
    Example: deckcheck simulate deck.txt -f mtg/modern \\
        --cast "Wrath of God" --compare mine.yaml karsten.yaml
    """
    from .run_simulate import run_simulate

    raise typer.Exit(run_simulate(
        deck, more_policies, format_id=format_id, hands=hands, seed=seed, keep=keep, keep6=keep6, keep5=keep5,
        policy=policy, on=on, turns=turns, exact=exact, assertions=assertions, cards=cards, cast=cast,
        compare_with=compare_with, plot=plot, output=output, cards_db=cards_db, offline=offline, no_cards=no_cards,
        input_format=input_format,
    ))
