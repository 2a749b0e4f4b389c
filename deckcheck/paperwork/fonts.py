"""The fonts registration sheets embed, and what they can draw.

deckcheck/data/fonts/ holds DejaVu Sans (regular and bold, for everything) and a cut of
Droid Sans Fallback holding kana, CJK punctuation and the ideographs of Shift-JIS, GB2312
and Big5 (for the Japanese-origin characters of Yu-Gi-Oh! names, such as the ・ of `Spell
Reactor・RE`, and a Japanese or Chinese event's player names, which DejaVu lacks); both with
their licences. scripts/build_fonts.py makes them from Debian's packages; docs/paperwork.md
says why these two. The fallback is read only for a text DejaVu cannot draw all of
(`Printable.fallback`): loading its 16,000 glyphs' table cost every sheet run a quarter
of a second, and most events print no CJK name.

`printable(text)` is what a sheet prints for a name: Unicode composed (NFC), control and
invisible characters (line breaks, bidi overrides, zero-width marks, Hangul fillers) removed or
turned into spaces, and each character neither font can draw replaced by U+FFFD, reported
so the caller can warn. Text ending in a hyphen gets a zero-width space after it: PDF text
extraction (pdftotext) would otherwise take the hyphen for a word broken across lines and
drop it (a player called `-WAHO-` would read `-WAHO`). fontTools (an fpdf2 dependency) reads the fonts' character maps,
once per process, the fallback's on the first character DejaVu lacks.
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
FALLBACK = FONT_DIR / "DroidSansFallback-CJK.ttf"
# (family, style, file) as the PDF writer registers them; FAMILY draws, FALLBACK_FAMILY fills
# in, registered by the writer only once a text needs it (Printable.fallback).
FAMILY, FALLBACK_FAMILY = "sheet", "sheet-cjk"
FONTS = ((FAMILY, "", REGULAR), (FAMILY, "B", BOLD))
FALLBACK_FONT = (FALLBACK_FAMILY, "", FALLBACK)
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
    # Some character of `text` is drawn by the fallback font (FALLBACK_FONT), not DejaVu.
    fallback: bool = False


@lru_cache(maxsize=2)
def drawn_by(path: Path) -> frozenset[int]:
    """Code points the font at `path` can draw."""
    from fontTools.ttLib import TTFont

    with TTFont(path, lazy=True) as font:
        return frozenset(font.getBestCmap())


def printable(text: str, *, drawn: bool = True) -> Printable:
    """`text` ready to draw: see the module docstring. `drawn=False`: text a PDF viewer
    shows with the system's fonts (the document's title), so a character the sheet's fonts
    lack (Hangul, emoji) stays; controls and invisible characters go all the same."""
    dejavu = drawn_by(REGULAR)
    fallback = False
    out: list[str] = []
    # A dict, not a list: a name of 40,000 different characters no font has was checked
    # against every one found before it (20 s); insertion order is the order of the name.
    missing: dict[str, None] = {}
    for char in unicodedata.normalize("NFC", text):
        category = unicodedata.category(char)
        # is_invisible: also the default-ignorable letters and marks (a handle padded with
        # U+3164 HANGUL FILLER), which no font draws and no reader sees.
        if category in _DROPPED or (not char.isascii() and is_invisible(char)):
            if char.isspace() and out and out[-1] != " ":
                out.append(" ")
            continue
        if not drawn or ord(char) in dejavu:
            out.append(char)
        elif category != "Cs" and ord(char) in drawn_by(FALLBACK):
            out.append(char)
            fallback = True
        else:
            out.append(REPLACEMENT)
            missing[char] = None
    text = "".join(out).strip()
    if text.endswith("-"):
        text += HYPHEN_GUARD
    return Printable(text, tuple(missing), fallback)


