"""Text for a terminal whose encoding lacks some characters (an ASCII or Latin-1 one).

A report for people is written in the terminal's encoding (cli/common.py, `emit`). What it
cannot carry is written as the nearest thing it can rather than a bare `?`: a letter
without its accent (`Lim-Dul's Vault`, a name deckcheck still finds when pasted back), the
ASCII spelling of a symbol (`+/-` for the standard error's `±`, `-` for a minus sign),
and `?` only when there is none.
"""
from __future__ import annotations

import codecs
import unicodedata

from ..names import LETTERS_IN_ASCII, without_accents

ERRORS = "deckcheck-nearest"  # the codec error handler's name, for str.encode(errors=...)

# Characters with no ASCII decomposition: the letters and punctuation of card names, read
# from names.py so that a name pasted back folds as the card's does, and the symbols of
# reports and of names that name folding leaves as they are.
_SPELLED = {
    **LETTERS_IN_ASCII,
    "±": "+/-", "−": "-", "…": "...", "×": "x", "÷": "/",
    "≤": "<=", "≥": ">=", "≠": "!=", "→": "->", "←": "<-", "Δ": "d", "•": "*", "·": ".",
    "„": '"', "‚": "'", "«": '"', "»": '"', "☆": "*", "★": "*",
    "Ð": "D", "ð": "d", "Þ": "Th", "þ": "th",
}


def nearest(char: str) -> str:
    """The ASCII text nearest to `char`: its spelling above, else the character without
    the accents name folding strips (names.py), when that is ASCII; nothing for a combining
    accent no letter took in (the letter before it is shown without it), else `?`."""
    if char in _SPELLED:
        return _SPELLED[char]
    if unicodedata.combining(char):
        return ""
    plain = without_accents(char)
    return plain if plain.isascii() and plain else "?"


def _replace(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return "".join(nearest(char) for char in error.object[error.start:error.end]), error.end


codecs.register_error(ERRORS, _replace)
