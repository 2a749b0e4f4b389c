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
           "lookup_card", "__version__"]

# A type checker reads the names from where they live (the package is typed: py.typed);
# at run time `__getattr__` imports them on first use. Not `typing.TYPE_CHECKING`: mypy and
# pyright take any constant of this name, and the `typing` import is what --help saves.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .cards.lookup import lookup_card
    from .converting import convert
    from .formats import load as load_format
    from .pipeline import check_deck, validate, validate_file
    from .pipeline import read_bytes as parse_bytes
    from .pipeline import read_deck as parse_deck
    from .registered_pools import read_pool_file


def __getattr__(name: str) -> object:  # no `typing` import: --help starts faster
    if name in ("validate", "validate_file", "check_deck"):
        from . import pipeline

        return getattr(pipeline, name)
    if name == "read_pool_file":
        from .registered_pools import read_pool_file

        return read_pool_file
    if name == "load_format":
        from .formats import load

        return load
    if name == "parse_deck":
        from .pipeline import read_deck

        return read_deck
    if name == "parse_bytes":
        from .pipeline import read_bytes

        return read_bytes
    if name == "convert":
        from .converting import convert

        return convert
    if name == "lookup_card":
        from .cards.lookup import lookup_card

        return lookup_card
    raise AttributeError(f"module 'deckcheck' has no attribute {name!r}")


def __dir__() -> list[str]:
    # What completion offers after `deckcheck.`: the names imported on first use, which the
    # module's globals lack until then (with the submodules loaded so far), and not the
    # TYPE_CHECKING constant above or the __future__ import.
    return sorted({*__all__, *globals()} - {"TYPE_CHECKING", "annotations"})
