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

ERRORS = "deckcheck-nearest"  # the codec error handler's name, for str.encode(errors=...)

# Characters with no ASCII decomposition that reports and card names use.
_SPELLED = {
    "±": "+/-", "−": "-", "–": "-", "—": "-", "‐": "-", "‑": "-", "…": "...", "×": "x", "÷": "/",
    "≤": "<=", "≥": ">=", "≠": "!=", "→": "->", "←": "<-", "Δ": "d", "•": "*", "·": ".",
    "“": '"', "”": '"', "„": '"', "‘": "'", "’": "'", "‚": "'", "«": '"', "»": '"',
    "☆": "*", "★": "*", "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "ß": "ss", "Ø": "O", "ø": "o",
    "Ð": "D", "ð": "d", "Þ": "Th", "þ": "th", "Ł": "L", "ł": "l", "\u00a0": " ",
    "█": "#", "▏": "|",
}


def nearest(char: str) -> str:
    """The ASCII text nearest to `char`: its spelling above, else its letters without
    accents (NFKD), else `?`."""
    if char in _SPELLED:
        return _SPELLED[char]
    plain = "".join(part for part in unicodedata.normalize("NFKD", char) if part.isascii())
    return plain or "?"


def _replace(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return "".join(nearest(char) for char in error.object[error.start:error.end]), error.end


codecs.register_error(ERRORS, _replace)
