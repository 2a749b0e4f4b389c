"""Terminal colour: on for terminals only, off when NO_COLOR is set (https://no-color.org)
or the terminal says it is dumb (TERM=dumb); and `inert`, how a name shows in a text
report: its control characters as visible symbols."""
from __future__ import annotations

import os
import re
import sys

_CODES = {"red": "31", "green": "32", "yellow": "33", "dim": "2", "bold": "1", "cyan": "36"}


def wants_color() -> bool:
    """Colour when stdout is a terminal; never with NO_COLOR (no-color.org); always with FORCE_COLOR
    (force-color.org: a CI log that shows colour, where stdout is a pipe), NO_COLOR
    winning over it."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    # TERM=dumb: a terminal that shows escape codes as text (Emacs's M-x shell, some CI
    # log viewers), as ls and git leave it uncoloured.
    if os.environ.get("TERM") == "dumb":
        return False
    return bool(getattr(sys.stdout, "isatty", lambda: False)())


def paint(text: str, style: str, *, color: bool) -> str:
    if not color:
        return text
    return f"\x1b[{_CODES[style]}m{text}\x1b[0m"


# Controls (line breaks and tabs among them), C1 controls, line and paragraph separators
# and bidirectional overrides: none of them may reach a terminal from a name.
# DEL, C1 controls and bidirectional overrides as a character-class body, shared with
# cli/common.printable (which lets line breaks and tabs through, and shows the rest).
DEL_C1_AND_BIDI = "\x7f-\x9f\u202a-\u202e\u2066-\u2069"
_NOT_IN_NAMES = re.compile(f"[\x00-\x1f\u2028\u2029{DEL_C1_AND_BIDI}]")


def symbol_for(char: str) -> str:
    """The visible stand-in of a control character: its Unicode "control picture" (␛ for
    ESC, ␊ for a line feed, ␡ for DEL), U+FFFD for C1 controls, separators and bidi overrides."""
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)
    return "\u2421" if code == 0x7F else "\ufffd"


def cut(text: str, limit: int) -> str:
    """`text`, or its first `limit` - 1 characters and an ellipsis when it is longer."""
    return text if len(text) <= limit else text[:limit - 1] + "\u2026"


def inert(text: str) -> str:
    """`text` from a file (a card, deck, player, team or file name, or a message quoting one)
    with every control character shown as its symbol: a name cannot colour, hide or move
    anything, nor start a line of its own, in a text report (docs/security.md)."""
    return _NOT_IN_NAMES.sub(lambda found: symbol_for(found.group()), text) if _NOT_IN_NAMES.search(text) else text


def columns(text: str) -> int:
    """The terminal columns `text` takes: two for a wide character (Chinese, Japanese and
    Korean script, full-width forms), none for a combining mark, one for any other. A
    table padded by `len` would put a column of `山田太郎` four columns off."""
    if text.isascii():
        return len(text)
    import unicodedata

    return sum(
        0 if unicodedata.combining(char) else 2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text
    )


def pad(text: str, width: int) -> str:
    """`text` with blanks after it up to `width` terminal columns (`columns`)."""
    return text + " " * (width - columns(text))
