"""The names of a zip's entries, read in the encoding they were written in.

A zip marks a name UTF-8 with a flag (APPNOTE 4.4.4, bit 11); a name without it is IBM PC
text (code page 437) by the format, and `zipfile` reads it so. Most archivers that leave the
flag off write another encoding: Windows' Compressed Folders the system's OEM code page
(Shift-JIS on Japanese Windows, GB2312 (GBK) and Big5 on Chinese Windows, code page 850 in
Western Europe and Brazil), macOS' Archive Utility UTF-8. Read as IBM PC text, `山田太郎.txt` is `ÄRôcæ╛ÿY.txt`, so a manifest's row
naming the file finds no such file. One archiver wrote every name of an archive, so the
unflagged names are read together, in the one encoding that reads them all plausibly.
"""
from __future__ import annotations

import zipfile
from collections.abc import Sequence

from ..textio import chinese_reading, korean_text, shift_jis_text, splits_latin_word

_UTF8_FLAG = 0x800
# Code page 437's bytes 128 and up are the accented letters code page 850 holds too, and
# Greek, mathematical and box-drawing signs, where code page 850 has the rest of Latin-1's
# letters (ã Õ Á Ø). A name of a Western European or Brazilian file has none of those signs.
_SIGNS_FROM = 0x370
def entry_names(entries: Sequence[zipfile.ZipInfo]) -> list[str]:
    """Each entry's name: as `zipfile` read it when flagged UTF-8 or in ASCII, else in the
    encoding the archive's unflagged names are written in (`_encoding`)."""
    unflagged = [not entry.flag_bits & _UTF8_FLAG and not entry.orig_filename.isascii() for entry in entries]
    if not any(unflagged):
        return [entry.filename for entry in entries]
    # `orig_filename` is the name's bytes read as code page 437, which maps every byte.
    raw = [entry.orig_filename.encode("cp437") for entry, odd in zip(entries, unflagged) if odd]
    encoding = _encoding(b"\n".join(raw))
    if encoding == "cp437":
        return [entry.filename for entry in entries]
    return [
        # ZipInfo cuts the name at a NUL and turns the system's separator into '/', as zipfile does.
        zipfile.ZipInfo(entry.orig_filename.encode("cp437").decode(encoding)).filename if odd else entry.filename
        for entry, odd in zip(entries, unflagged)
    ]


def _encoding(raw: bytes) -> str:
    """The encoding of the unflagged names `raw` (joined by line breaks): UTF-8 when they
    read so, Shift-JIS when that reading is plainly Japanese (as a deck file's is) and splits
    no Latin word (`textio.splits_latin_word`), code page 949 when plainly Korean
    (textio.korean_text), GB2312 or Big5 when plainly Chinese (as a deck file's
    is: textio.chinese_reading), code page
    850 when it reads them with fewer signs than code page 437, else code page 437."""
    try:
        raw.decode("utf-8")
        return "utf-8"
    except UnicodeDecodeError:
        pass
    japanese = shift_jis_text(raw)
    if japanese is not None and not splits_latin_word(japanese):
        return "cp932"
    if korean_text(raw) is not None:  # Korean Windows (code page 949), before GB2312 as a deck file's is
        return "cp949"
    chinese = chinese_reading(raw)  # Chinese Windows: GB2312 or Big5, read as a deck file is
    if chinese is not None:
        return chinese[0]
    if _signs(raw.decode("cp850")) < _signs(raw.decode("cp437")):
        return "cp850"
    return "cp437"


def _signs(text: str) -> int:
    """How many characters of `text` are no Latin letter (Greek, mathematical signs, box drawing)."""
    return sum(ord(character) >= _SIGNS_FROM for character in text)
