"""The shared opening-hand engine: one engine for every game, rules from the format file.

Modules, each with one job:

    categories   the main deck as cards, lands, tags and categories (the counts exact mode uses)
    tokens       the expression language: tokenizer (with columns for error messages)
    nodes        ... its syntax tree
    expr         ... its recursive-descent parser and vocabularies
    policy       keep rules: vocabulary, static checks, evaluation over batches of hands
    keep         a keep policy: one rule per hand size, from options and/or a policy file
    mulligan     the mulligan rules as a schedule of hands; the order of bottoming preferences
    bottoming    London bottoming and Vancouver scry strategies (default, karsten, rules)
    exact        exact probabilities by multivariate hypergeometric enumeration
    montecarlo   vectorised, seeded sampling for what exact mode cannot do
    seen         ... its by-turn table: copies of every tracked card seen after each draw
    events       by-turn events (categories, conditions, land drops), exactly
    mana         the mana model: what lands make, what costs ask for
    cast         `--cast`: castability on curve and Karsten's measure
    questions    events and castability, exact or sampled, for a simulation
    assertions   CI assertions (`keep7 >= 0.85`) with a Monte Carlo error margin
    outcome      what a run produces (probabilities with standard errors), hypergeometric helpers
    report       text (tables and bar charts) and JSON
    simulation   all of the above, end to end (`simulate`)
    compare      `--compare`: policies side by side, common random numbers
    tables       `-o csv` and the comparison table
    plot         `--plot` (matplotlib, imported only there)

The definitions, with their sources, are in docs/engine.md.

`simulate` is imported on first use so `import deckcheck.engine` stays cheap.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["simulate", "Simulation"]

# A type checker reads the names from where they live, as deckcheck/__init__.py has them:
# through `__getattr__` alone they were Any, and a caller's simulate(...) went unchecked.
if TYPE_CHECKING:
    from .simulation import Simulation, simulate


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import simulation as module

        return getattr(module, name)
    raise AttributeError(f"module 'deckcheck.engine' has no attribute {name!r}")
