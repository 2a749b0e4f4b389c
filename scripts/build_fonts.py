"""Build the fonts the registration sheets embed (deckcheck/data/fonts/) from Debian's packages.

    apt-get install fonts-dejavu-core fonts-droid-fallback
    python scripts/build_fonts.py

- DejaVu Sans and DejaVu Sans Bold (fonts-dejavu-core) are copied unchanged: they draw
  Latin with every accent, Æ, Greek, Cyrillic and the symbols card names use (☆ ★ △ Ω ꞉ ®).
- Droid Sans Fallback (fonts-droid-fallback, Apache-2.0) is cut down with fontTools to the
  kana and CJK punctuation blocks and the halfwidth/fullwidth forms, the characters of
  Japanese-origin Yu-Gi-Oh! names (`Spell Reactor・RE`) that DejaVu lacks; the sheet uses it
  only for characters DejaVu cannot draw. The whole font is 4 MB; the cut is a few hundred KB.

Each font's licence is copied beside it (deckcheck/data/fonts/LICENSE-*.txt); docs/paperwork.md
says which fonts ship and why. Run again when Debian updates a package; the result is committed.
"""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "deckcheck" / "data" / "fonts"
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
DEJAVU_LICENCE = Path("/usr/share/doc/fonts-dejavu-core/copyright")
DROID = Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf")
APACHE = Path("/usr/share/common-licenses/Apache-2.0")
DROID_NOTICE = """Droid Sans Fallback, cut down to kana, CJK punctuation and halfwidth/fullwidth forms.

Copyright (C) 2006, 2007, 2008, 2009, 2010 Google Corp. Droid is a trademark of Google Corp.
Source: Debian package fonts-droid-fallback (DroidSansFallbackFull.ttf).
Modified by deckcheck's scripts/build_fonts.py: only the Unicode ranges U+3000-30FF and
U+FF00-FFEF are kept (fontTools subsetting); the glyphs themselves are unchanged.

Licensed under the Apache License, Version 2.0 (the full text follows).

"""
# Kana, CJK symbols and punctuation (・ is U+30FB), halfwidth and fullwidth forms.
KANA_RANGES = ((0x3000, 0x30FF), (0xFF00, 0xFFEF))


def main() -> int:
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
    cutter.populate(unicodes=[code for low, high in KANA_RANGES for code in range(low, high + 1)])
    cutter.subset(font)
    subset.save_font(font, str(TARGET / "DroidSansFallback-Kana.ttf"), options)
    (TARGET / "LICENSE-DroidSansFallback.txt").write_text(DROID_NOTICE + APACHE.read_text(encoding="utf-8"), encoding="utf-8")
    for path in sorted(TARGET.iterdir()):
        print(f"{path.relative_to(ROOT)}  {path.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
