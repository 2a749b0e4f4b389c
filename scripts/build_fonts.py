"""Build the fonts the registration sheets embed (deckcheck/data/fonts/) from Debian's packages.

    apt-get install fonts-dejavu-core fonts-droid-fallback
    python scripts/build_fonts.py

- DejaVu Sans and DejaVu Sans Bold (fonts-dejavu-core) are copied unchanged: they draw
  Latin with every accent, Æ, Greek, Cyrillic and the symbols card names use (☆ ★ △ Ω ꞉ ®).
- Droid Sans Fallback (fonts-droid-fallback, Apache-2.0) is cut down with fontTools to the
  kana and CJK punctuation blocks, the halfwidth/fullwidth forms and the ideographs of the
  national encodings deckcheck reads a manifest in (textio): the kanji Shift-JIS holds (JIS X
  0208 and its Microsoft extensions, 6,716), the hanzi of GB2312 (6,763) and of Big5
  (13,063), 16,436 together: the characters of Japanese-origin Yu-Gi-Oh! names (`Spell
  Reactor・RE`) and of a Japanese or Chinese event's player names (a manifest saved by Excel
  on Japanese or Chinese Windows) that DejaVu lacks; the sheet uses it only for characters
  DejaVu cannot draw. The whole font is 4 MB; the cut is about 2.3 MB.

Each font's licence is copied beside it (deckcheck/data/fonts/LICENSE-*.txt); docs/paperwork.md
says which fonts ship and why. Run again when Debian updates a package; the result is committed.
"""
from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "deckcheck" / "data" / "fonts"
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
DEJAVU_LICENCE = Path("/usr/share/doc/fonts-dejavu-core/copyright")
DROID = Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf")
APACHE = Path("/usr/share/common-licenses/Apache-2.0")
DROID_NOTICE = """Droid Sans Fallback, cut down to kana, CJK punctuation, halfwidth/fullwidth forms and the
ideographs of Shift-JIS, GB2312 and Big5.

Copyright (C) 2006, 2007, 2008, 2009, 2010 Google Corp. Droid is a trademark of Google Corp.
Source: Debian package fonts-droid-fallback (DroidSansFallbackFull.ttf).
Modified by deckcheck's scripts/build_fonts.py: only the Unicode ranges U+3000-30FF and
U+FF00-FFEF and the ideographs Microsoft's Shift-JIS (cp932), GB2312 and Big5 can encode are
kept (fontTools subsetting); the glyphs themselves are unchanged.

Licensed under the Apache License, Version 2.0 (the full text follows).

"""
# Kana, CJK symbols and punctuation (・ is U+30FB), halfwidth and fullwidth forms.
KANA_RANGES = ((0x3000, 0x30FF), (0xFF00, 0xFFEF))
FONT_FILE = "DroidSansFallback-CJK.ttf"
# The cuts this one replaced: kana only, then kana and the kanji of Shift-JIS.
FORMER_FILES = ("DroidSansFallback-Kana.ttf", "DroidSansFallback-Japanese.ttf")
# The encodings of a national manifest whose names the sheet prints (textio reads Shift-JIS
# as cp932, and GB2312 and Big5), each with the first and second bytes of its two-byte codes.
NATIONAL_CODECS = (
    ("cp932", (*range(0x81, 0xA0), *range(0xE0, 0xFD)), (*range(0x40, 0x7F), *range(0x80, 0xFD))),
    ("gb2312", range(0xA1, 0xFF), range(0xA1, 0xFF)),
    ("big5", range(0xA1, 0xFA), (*range(0x40, 0x7F), *range(0xA1, 0xFF))),
)


def national_ideographs() -> list[int]:
    """The CJK ideographs a Shift-JIS, GB2312 or Big5 file can hold (every two-byte code
    the codec decodes to one): the names a Japanese or Chinese organiser's manifest can give
    the sheet to print."""
    points = set()
    for codec, leads, trails in NATIONAL_CODECS:
        for lead in leads:
            for trail in trails:
                try:
                    char = bytes((lead, trail)).decode(codec)
                except UnicodeDecodeError:
                    continue
                if len(char) == 1 and (0x3400 <= ord(char) <= 0x9FFF or 0xF900 <= ord(char) <= 0xFAFF):
                    points.add(ord(char))
    return sorted(points)


def main() -> int:
    # No options; --help says what the script does rather than doing it.
    argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter).parse_args()
    missing = [str(path) for path in (DEJAVU, DEJAVU_LICENCE, DROID, APACHE) if not path.exists()]
    if missing:
        print("missing: " + ", ".join(missing) + "; apt-get install fonts-dejavu-core fonts-droid-fallback", file=sys.stderr)
        return 2
    from fontTools import subset

    TARGET.mkdir(parents=True, exist_ok=True)
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        shutil.copyfile(DEJAVU / name, TARGET / name)
    shutil.copyfile(DEJAVU_LICENCE, TARGET / "LICENSE-DejaVu.txt")
    options = subset.Options()
    options.name_IDs = ["*"]  # keep the font's names and copyright notice
    options.notdef_outline = True
    font = subset.load_font(str(DROID), options)
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=[code for low, high in KANA_RANGES for code in range(low, high + 1)] + national_ideographs())
    cutter.subset(font)
    for former in FORMER_FILES:
        (TARGET / former).unlink(missing_ok=True)
    subset.save_font(font, str(TARGET / FONT_FILE), options)
    (TARGET / "LICENSE-DroidSansFallback.txt").write_text(DROID_NOTICE + APACHE.read_text(encoding="utf-8"), encoding="utf-8")
    for path in sorted(TARGET.iterdir()):
        print(f"{path.relative_to(ROOT)}  {path.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
