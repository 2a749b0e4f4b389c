"""The fonts registration sheets embed, and what they can draw.

deckcheck/data/fonts/ holds DejaVu Sans (regular and bold, for everything) and a cut of
Droid Sans Fallback holding kana, CJK punctuation and the kanji of Shift-JIS (for the
Japanese-origin characters of Yu-Gi-Oh! names, such as the ・ of `Spell Reactor・RE`, and a
Japanese event's player names, which DejaVu lacks); both with their
licences. scripts/build_fonts.py makes them from Debian's packages; docs/paperwork.md says
why these two.

`printable(text)` is what a sheet prints for a name: Unicode composed (NFC), control and
invisible characters (line breaks, bidi overrides, zero-width marks, Hangul fillers) removed or
turned into spaces, and each character neither font can draw replaced by U+FFFD, reported
so the caller can warn. Text ending in a hyphen gets a zero-width space after it: PDF text
extraction (pdftotext) would otherwise take the hyphen for a word broken across lines and
drop it (a player called `-WAHO-` would read `-WAHO`). fontTools (an fpdf2 dependency) reads the fonts' character maps,
once per process.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..names import is_invisible

FONT_DIR = Path(__file__).resolve().parent.parent / "data" / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
FALLBACK = FONT_DIR / "DroidSansFallback-Japanese.ttf"
# (family, style, file) as the PDF writer registers them; FAMILY draws, FALLBACK_FAMILY fills in.
FAMILY, FALLBACK_FAMILY = "sheet", "sheet-japanese"
FONTS = ((FAMILY, "", REGULAR), (FAMILY, "B", BOLD), (FALLBACK_FAMILY, "", FALLBACK))
REPLACEMENT = "\ufffd"
HYPHEN_GUARD = "\u200b"  # zero-width space: drawn as nothing, keeps a final hyphen a hyphen
# Unicode categories never printed: controls and invisible format characters become a
# space (line breaks, tabs) or nothing (bidi overrides, zero-width joiners, soft hyphens).
_DROPPED = {"Cc", "Cf", "Zl", "Zp"}


@dataclass(frozen=True)
class Printable:
    """Text as the sheet prints it, and the characters that had to be replaced."""

    text: str
    missing: tuple[str, ...] = ()


@lru_cache(maxsize=1)
def drawable() -> frozenset[int]:
    """Code points the regular font or the fallback font can draw."""
    from fontTools.ttLib import TTFont

    points: set[int] = set()
    for path in (REGULAR, FALLBACK):
        with TTFont(path, lazy=True) as font:
            points.update(font.getBestCmap())
    return frozenset(points)


def printable(text: str) -> Printable:
    """`text` ready to draw: see the module docstring."""
    can_draw = drawable()
    out: list[str] = []
    # A dict, not a list: a name of 40,000 different characters no font has was checked
    # against every one found before it (20 s); insertion order is the order of the name.
    missing: dict[str, None] = {}
    for char in unicodedata.normalize("NFC", text):
        category = unicodedata.category(char)
        # is_invisible: also the default-ignorable letters and marks (a handle padded with
        # U+3164 HANGUL FILLER), which no font draws and no reader sees.
        if category in _DROPPED or is_invisible(char):
            if char.isspace() and out and out[-1] != " ":
                out.append(" ")
            continue
        if ord(char) in can_draw and category != "Cs":
            out.append(char)
        else:
            out.append(REPLACEMENT)
            missing[char] = None
    text = "".join(out).strip()
    if text.endswith("-"):
        text += HYPHEN_GUARD
    return Printable(text, tuple(missing))


