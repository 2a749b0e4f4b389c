r"""deckcheck: tournament legality for trading-card-game decklists, and opening-hand odds.

    >>> from deckcheck import validate
    >>> validate("4 Lightning Bolt\n56 Mountain\n", "mtg/modern").legal   # a str is the list's text
    True
    >>> validate("5 Lightning Bolt\n55 Mountain\n", "mtg/modern").problems[0].message
    '5 copies of Lightning Bolt; at most 4 allowed'

A file is a `pathlib.Path`: `validate(Path("deck.txt"), "mtg/modern")`. A `str` is never
taken for a file name (docs/security.md); `validate_file` and `read_pool_file` take file
names from code that chose them. The names below are imported on first use, so `import
deckcheck` stays cheap for the CLI.
"""
from __future__ import annotations

__version__ = "0.1.0"
__all__ = ["validate", "validate_file", "check_deck", "load_format", "parse_deck", "parse_bytes", "read_pool_file", "convert",
           "lookup_card", "simulate", "__version__"]

# A type checker reads the names from where they live (the package is typed: py.typed);
# at run time `__getattr__` imports them on first use. Not `typing.TYPE_CHECKING`: mypy and
# pyright take any constant of this name, and the `typing` import is what --help saves.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .cards.lookup import lookup_card
    from .converting import convert
    from .engine.simulation import simulate
    from .formats import load as load_format
    from .pipeline import check_deck, validate, validate_file
    from .pipeline import read_bytes as parse_bytes
    from .pipeline import read_deck as parse_deck
    from .registered_pools import read_pool_file


# Each public name: the module it lives in and its name there, imported on first use (so
# `import deckcheck` and `--help` load none of them). One table, not a branch per name.
_LAZY = {
    "validate": ("pipeline", "validate"), "validate_file": ("pipeline", "validate_file"),
    "check_deck": ("pipeline", "check_deck"), "parse_deck": ("pipeline", "read_deck"),
    "parse_bytes": ("pipeline", "read_bytes"), "read_pool_file": ("registered_pools", "read_pool_file"),
    "load_format": ("formats", "load"), "convert": ("converting", "convert"),
    "lookup_card": ("cards.lookup", "lookup_card"), "simulate": ("engine.simulation", "simulate"),
}


def __getattr__(name: str) -> object:  # no `typing` import: --help starts faster
    if name not in _LAZY:
        raise AttributeError(f"module 'deckcheck' has no attribute {name!r}")
    from importlib import import_module

    module, attribute = _LAZY[name]
    return getattr(import_module(f"{__name__}.{module}"), attribute)


def __dir__() -> list[str]:
    # What completion offers after `deckcheck.`: the names imported on first use, which the
    # module's globals lack until then (with the submodules loaded so far), and not the
    # TYPE_CHECKING constant above or the __future__ import.
    return sorted({*__all__, *globals()} - {"TYPE_CHECKING", "annotations", "_LAZY"})
