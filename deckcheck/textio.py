"""Reading decklist bytes as text, whatever encoding the exporting program chose.

Deck files come from many programs: UTF-8 with or without a byte-order mark, UTF-16 with a
BOM (some Windows tools), Shift-JIS (Excel and Notepad on Japanese Windows), code page 949
(on Korean Windows), GB2312 and Big5 (on Simplified and Traditional Chinese Windows), code page 1251 (on Russian Windows)
and Windows-1252 (old MTGO and hand-edited files). A file is read as the first of those
that decodes, so no real file is rejected for its encoding; Shift-JIS only where the text
it gives is plainly Japanese (`shift_jis_text`), code page 949 only where it is plainly Korean
(`korean_text`), GB2312 and Big5 only where it is plainly
Chinese (`chinese_reading`), code page 1251 only where it is plainly Cyrillic
(`cyrillic_text`), Mac Roman (classic Mac OS, Excel for Mac's "CSV") only where it is
plainly that (`mac_roman_text`), since Windows-1252 decodes any bytes at all. UTF-16 that lost its BOM is
recognised by its NUL bytes; other NUL bytes are dropped.
"""
from __future__ import annotations

import codecs
import os
import re
import stat
import sys
import time
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import InputError
from .limits import MAX_INPUT_BYTES, MAX_READ_SECONDS, one_line
from .lazy_pattern import lazy

__all__ = [
    "MAX_INPUT_BYTES", "binary_kind", "chinese_reading", "cyrillic_text", "decode", "decode_head", "is_utf8", "is_wide_unicode", "korean_text", "mac_roman_text", "national_reading", "national_text", "read_bounded", "read_head", "read_stdin",
    "read_text", "splits_latin_word", "too_big", "without_surrogates",
]

# What a file that is not text at all usually is, by its first bytes: photos and scans of
# a decklist, office documents, archives. Said by name, it is one clear problem instead of
# a parse error on every "line" of the bytes.
_SIGNATURES = (
    (b"\x89PNG\r\n\x1a\n", "PNG (an image)"),
    (b"\xff\xd8\xff", "JPEG (an image)"),
    (b"GIF87a", "GIF (an image)"),
    (b"GIF89a", "GIF (an image)"),
    (b"II*\x00", "TIFF (an image)"),
    (b"MM\x00*", "TIFF (an image)"),
    (b"%PDF-", "PDF"),
    (b"PK\x03\x04", "a zip archive (or a Word/Excel/OpenDocument file)"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an old Word/Excel file"),
    (b"{\\rtf", "RTF (a word-processor file)"),
    (b"\x1f\x8b", "gzip-compressed data"),
    (b"SQLite format 3\x00", "an SQLite database"),
    (b"\x7fELF", "a program"),
    (b"MZ", "a Windows program"),
)
# Every signature at once, for the one `startswith` a text file costs (C: a batch asks this
# of every deck, and almost none is binary).
_ANY_SIGNATURE = tuple(signature for signature, _ in _SIGNATURES)
# Share of control characters (and undecodable bytes) in the first few thousand characters
# above which the text is binary data: real lists have none but tabs and line breaks (and
# an escape sequence copied from a terminal is text with an ESC in it, not binary).
_BINARY_SHARE = 0.05
# The odd characters: controls other than tab, line feed, vertical tab, form feed,
# carriage return (\x09-\x0d) and escape (\x1b); DEL; the replacement character.
_ODD = lazy("[\x00-\x08\x0e-\x1a\x1c-\x1f\x7f\ufffd]")
# The ones under 128, as bytes (`_odd_characters`), written out: taken from `_ODD` they
# compiled it at every start-up, 2.5 M instructions for its one character beyond Latin-1
# (`re` builds such a class's table of 65,536 in Python). tests/test_textio.py holds the two alike.
_ODD_ASCII = bytes((*range(0x00, 0x09), *range(0x0e, 0x1b), *range(0x1c, 0x20), 0x7f))

_BOMS = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
# Every byte-order mark at once: the one `startswith` a file without one costs (C).
_ANY_BOM = tuple(bom for bom, _ in _BOMS)
# A reading not worked out: `_korean_and_chinese`'s second value when it did not need
# `chinese_reading`, and `decode`'s `national` when its caller did not ask national_text.
_UNASKED: Any = object()


def is_wide_unicode(data: bytes) -> bool:
    """Whether `decode` reads `data` as UTF-16 or UTF-32 (a byte-order mark, or UTF-16 that
    lost its BOM and decodes so): its NUL bytes are part of its characters, not stray bytes.
    The one answer a manifest's reading and a cut head's trim (decode_head) both take."""
    wide = _wide_encoding(data)
    return wide is not None and (data.startswith(_ANY_BOM) or _utf16_without_bom(data) is not None)


def decode(data: bytes, *, source: str = "<input>", national: str | None = _UNASKED) -> str:
    """Decode deck bytes: BOM first, then strict UTF-8, then Shift-JIS if plainly Japanese,
    then code page 949 if plainly Korean, then GB2312 or Big5 if plainly Chinese, then code page 1251 if plainly Cyrillic, then
    Mac Roman if plainly that (also over a Shift-JIS reading that splits a Latin word), then
    Windows-1252. `national`: national_text(data) when the caller worked it out already
    (decode_head, on the way to trimming a cut head)."""
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(too_big(source, len(data)))
    if data.startswith(_ANY_BOM):
        for bom, encoding in _BOMS:
            if data.startswith(bom):
                try:
                    return data.decode(encoding)
                except UnicodeDecodeError as exc:
                    raise InputError(f"{source}: not valid {encoding} despite its byte-order mark ({exc.reason})") from None
    if 0 in data:  # a NUL byte (the int: a C search of its own, several times faster than b"\x00")
        utf16 = _utf16_without_bom(data)
        if utf16 is not None:
            return utf16
        # Stray NUL bytes (a file padded after a crash, a copy from a binary buffer) mean
        # nothing in any deck format; drop them instead of failing every line they touch.
        data = data.replace(b"\x00", b"")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    if national is _UNASKED:
        national = national_text(data)
    if national is not None and not splits_latin_word(national):
        return national
    # A Shift-JIS reading that splits a Latin word (`Fran腔is`, `バmer`) gives way to a plain
    # Mac Roman one, as a manifest's does (batch/manifest_text.py), else stays.
    mac = mac_roman_text(data)
    if mac is not None:
        return mac
    if national is not None:
        return national
    # Windows-1252 leaves five bytes undefined; replace them rather than refuse the file.
    return data.decode("cp1252", errors="replace")


def decode_head(data: bytes, *, cut: bool, source: str = "<input>") -> str:
    """`decode` of a file's first bytes; when the file goes on past them (`cut`), without a
    character the cut split at the end. Its lone first bytes would fail the strict UTF-8 or
    Shift-JIS (or other double-byte) reading and send the whole head to Windows-1252, whose
    replacement characters then look like binary data (`binary_kind`)."""
    if cut and not data.isascii():
        wide = _wide_encoding(data)
        trimmed = _whole_code_units(data, wide) if wide is not None else None
        if trimmed is not None and is_wide_unicode(trimmed):  # whether decode reads it so, once trimmed
            data = trimmed
        else:  # trimmed as decode reads it: stray NULs dropped, then strict UTF-8 (or Shift-JIS, ...)
            data, national = _whole_characters(data.replace(b"\x00", b"") if 0 in data else data)
            return decode(data, source=source, national=national)
    return decode(data, source=source)


def _wide_encoding(data: bytes) -> str | None:
    """"utf-32", "utf-16-le" or "utf-16-be" when `data` says so, by its BOM or (UTF-16
    without one) by where its NULs are; None otherwise. UTF-16 without a BOM is read so
    only when it decodes (is_wide_unicode)."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            if encoding == "utf-16":
                return "utf-16-le" if bom == codecs.BOM_UTF16_LE else "utf-16-be"
            return None if encoding == "utf-8-sig" else encoding
    return _utf16_order(data) if 0 in data else None


def _whole_code_units(data: bytes, encoding: str) -> bytes:
    """UTF-16 or UTF-32 `data` without the part of a code unit that ends it, nor a high
    surrogate whose pair the cut left out (a 🌸 split at 64 KiB)."""
    unit = 4 if encoding == "utf-32" else 2
    data = data[: len(data) - len(data) % unit]
    if unit == 2 and len(data) >= 2:
        high = data[-1] if encoding == "utf-16-le" else data[-2]
        if 0xD8 <= high <= 0xDB:
            data = data[:-2]
    return data


def _whole_characters(data: bytes) -> tuple[bytes, str | None]:
    """`data` without the up to 3 bytes of a UTF-8 character, or the lead byte of a
    double-byte one, that end it unfinished (as is when neither reading needs that), and
    the national_text of what it returns when it worked that out (_UNASKED when not), so
    `decode` does not read it again."""
    if is_utf8(data):
        return data, _UNASKED
    for drop in (1, 2, 3):
        if is_utf8(data[:-drop]):
            return data[:-drop], _UNASKED
    national = national_text(data)
    if national is None:
        shorter = national_text(data[:-1])
        if shorter is not None:
            return data[:-1], shorter
    return data, national


def _classic_mac(data: bytes) -> bool:
    """Whether `data` ends its lines with CR alone, as classic Mac OS and Excel for Mac's
    "CSV (Macintosh)" wrote text, in Mac Roman: read as Windows-1252, `Lim-Dûl’s Vault` was
    `Lim-Džlés Vault` and `Urza’s Saga` `UrzaÕs Saga`. Windows ends its lines CR LF, and no
    program since writes CR alone."""
    return 13 in data and 10 not in data


def is_utf8(data: bytes) -> bool:
    """Whether `data` is valid UTF-8 (ASCII is)."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


# Mac OS Roman puts the accented small letters at 0x80-0x9F (é 0x8E, ü 0x9F, ö 0x9A, ç 0x8D,
# è 0x8F), where Windows-1252 has signs, a few rare capitals and five bytes it leaves
# undefined (`windows_1252_lacks`). What Windows-1252 reads there right after a letter
# says "plainly not Windows-1252" (`MŸller`, `JosŽ`, `Jšrg`, `HŒkan`); its typographic
# punctuation does not (`O’Brien`, `Jean–Paul`, `etc…` are written so in Windows-1252), nor
# its `œ`, which French writes between letters (`cœur`, `sœur`: Mac Roman's ú), nor `™`
# but between letters (`C™te` for Côte; `Magic™ Online` is Windows-1252's own).
_NOT_AFTER_A_LETTER = "ŽŸŠšžŒƒ€‚„†‡ˆ‰‹›˜•"
_NOT_BETWEEN_LETTERS = "™"
# What a Mac Roman reading of a manifest or a list may hold beside letters: its typographic
# punctuation (Excel for Mac keeps a curly apostrophe as 0xD5) and the no-break space.
_MAC_PUNCTUATION = frozenset("\u2018\u2019\u201c\u201d\u2013\u2014\u2026\u00a0")


@lru_cache(maxsize=1)
def _mac_roman_patterns() -> tuple[re.Pattern[bytes], re.Pattern[bytes]]:
    """(the bytes Mac Roman reads as neither a letter nor `_MAC_PUNCTUATION`, a Windows-1252
    sign after a letter as `mac_roman_text` asks), as patterns of bytes: a file of 4 MiB is
    searched in C, where a loop over its characters took 0.3 s. Built on first use."""
    import unicodedata

    def one_of(values: bytes) -> bytes:
        return b"[" + b"".join(re.escape(bytes([value])) for value in values) + b"]"

    def read(value: int, codec: str) -> str:
        return bytes([value]).decode(codec, errors="replace")

    # Capitals and small letters only: Mac Roman's ˆ and ˇ (Windows-1252's ö and ÿ) are
    # modifier letters, which `str.isalpha` counts (`Jˆtun` passed for a name), and its ª º
    # no letter of a card's or player's name.
    not_mac = bytes(value for value in range(0x80, 0x100)
                    if unicodedata.category(read(value, "mac_roman")) not in ("Lu", "Ll")
                    and read(value, "mac_roman") not in _MAC_PUNCTUATION)
    letters = one_of(bytes(value for value in range(0x100) if read(value, "cp1252").isalpha()))
    after = one_of(bytes(value for value in range(0x80, 0x100) if read(value, "cp1252") in _NOT_AFTER_A_LETTER))
    # The second started with its sign, as textio's patterns of text are (_JAPANESE_WORD):
    # a sign after a letter, or one between letters.
    signs = one_of(bytes(value for value in range(0x80, 0x100)
                         if read(value, "cp1252") in _NOT_AFTER_A_LETTER + _NOT_BETWEEN_LETTERS))
    return re.compile(one_of(not_mac)), re.compile(signs + b"(?<=" + letters + b"[\x80-\xff])(?:(?<=" + after + b")|" + letters + b")")


def mac_roman_text(data: bytes) -> str | None:
    """`data` read as Mac OS Roman, the encoding of Excel for Mac's plain "CSV" and of classic
    Mac OS's text, when it is plainly that: no UTF-8 (and, as both callers ask first, no plain
    Japanese, Chinese or Russian: `data`'s `national_text` is None, or a Shift-JIS reading
    that splits a Latin word, which gives way, since Mac Roman's ç and è pair with the letter
    after them into kanji: `Fran腔ise`, `H四熟e`), every character beyond ASCII a letter (or typographic punctuation) in Mac
    Roman, and Windows-1252 would read a byte it leaves undefined or a
    sign or rare capital right after a letter (`MŸller` for Müller, `JosŽ` for José), or
    the lines end in CR alone (`_classic_mac`); None otherwise (Windows-1252). A manifest's
    names and a deck's cards then read as their players wrote them."""
    if data.isascii() or data.startswith(codecs.BOM_UTF8) or is_utf8(data):
        return None
    not_mac, windows_sign = _mac_roman_patterns()
    if not_mac.search(data):
        return None
    if _classic_mac(data) or windows_1252_lacks(data) or windows_sign.search(data):
        return data.decode("mac_roman")
    return None


def national_text(data: bytes) -> str | None:
    """`data` (not UTF-8) read in the first of the encodings of Japanese, Korean, Chinese and
    Russian Windows whose reading is plainly of its language (Shift-JIS, code page 949, GB2312
    or Big5, code page 1251), as `decode` reads it; None when none is (Windows-1252 then)."""
    reading = national_reading(data)
    return None if reading is None else reading[1]


def national_reading(data: bytes) -> tuple[str, str] | None:
    """(the codec, the text) of `national_text`'s reading of `data`, or None: a manifest's
    lines that are not UTF-8 are read in it (batch/manifest_text.py)."""
    japanese = shift_jis_text(data)
    if japanese is not None:
        return "cp932", japanese
    korean, chinese = _korean_and_chinese(data)
    if korean is not None:
        return "cp949", korean
    if chinese is _UNASKED:
        chinese = chinese_reading(data)
    if chinese is not None:
        return chinese  # type: ignore[return-value]
    russian = cyrillic_text(data)
    return None if russian is None else ("cp1251", russian)


# What Shift-JIS text (Microsoft's cp932) holds beyond ASCII: CJK punctuation, kana and
# kanji, full- and half-width forms, and JIS X 0208's symbols, Greek and Cyrillic. Anything
# else in a strict cp932 reading says the bytes were not Shift-JIS.
_NOT_JAPANESE = lazy(
    "[^\x00-\x7f\u3000-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff01-\uffef"
    "\u2010-\u2312\u2460-\u254b\u25a0-\u266f\u0391-\u03c9\u0401-\u0451\u00a7\u00a8\u00b0\u00b1"
    "\u00b4\u00b6\u00d7\u00f7]"
)
# What Windows-1252 text read as cp932 does not give: kana or CJK punctuation (their lead
# bytes are ‚ and ƒ, or undefined in Windows-1252), or three kanji in a row. An accented
# letter or curly quote followed by a letter pairs into one kanji ("Dûl’s" gives two), but
# three in a row need a word like "décédée" and not one accent in the file before a space,
# a digit or the end of a line, which would make the strict reading fail.
# Each pattern searched over a whole text here starts with the one character beyond ASCII
# it needs, then looks about it: `re` finds such a class in C, leaving runs of ASCII behind
# at once, where a pattern that starts with two choices (`a|b`), a Latin letter or a repeat
# was tried at every character (0.2 to 0.7 s each over 4 MiB of English names).
# Here: a kana or CJK mark, or a kanji with two more after it.
_JAPANESE_WORD = lazy("[\u3001-\u30fa\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"
                      "(?:(?<=[\u3001-\u30fa])|[\u3005\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]{2})")
# The five bytes Windows-1252 leaves undefined: a file holding one was never written in it.
# 0x81 leads Shift-JIS's full-width space and Japanese punctuation (・ ＆ ！), so names of two
# kanji spaced as a Japanese keyboard spaces them (山田　太郎) are Shift-JIS too.
_NOT_WINDOWS_1252 = bytes((0x81, 0x8D, 0x8F, 0x90, 0x9D))


def shift_jis_text(data: bytes) -> str | None:
    """`data` read as Shift-JIS when that reading is strict, holds only what Japanese text
    holds and has kana, a word of kanji or a byte Windows-1252 lacks in it (a kanji, where
    lines end CR alone); else None (read it as Windows-1252). A Japanese
    organiser's CSV from Excel, or a list saved by Notepad, is Shift-JIS: read as
    Windows-1252 its names would be reported as 'ŽR“c‘¾˜Y'."""
    try:
        text = data.decode("cp932")
    except UnicodeDecodeError:
        return None
    if _NOT_JAPANESE.search(text):
        return None
    if _JAPANESE_WORD.search(text) or windows_1252_lacks(data):
        return text
    # Lines ended CR alone are classic Mac OS's, whose Japanese text is Shift-JIS too, and
    # never Windows-1252's: the other reading left is Mac Roman, whose accented letters in
    # a Latin word a Shift-JIS reading splits (`splits_latin_word`). So a kanji there (`4x島`,
    # `20 山`: Mac Roman's `4xìá`, `20 éR`) is enough.
    if (_classic_mac(data) and _IDEOGRAPH.search(text) and not splits_latin_word(text)
            and not _HALF_WIDTH_KANA.search(text) and not _accented_short_word(text)):
        return text
    return None


# What the CR-only reading above refuses besides a split Latin word. Half-width katakana:
# code page 949's Hangul and GB2312's ideographs start with bytes Shift-JIS reads so
# (`김민준` is `ｱ雹ﾎﾁﾘ`), classic Mac OS's Japanese text writes kana full-width. A lone kanji
# standing as a word whose second byte is a small Latin letter: Mac Roman's two-letter word
# that starts with an accent (`4 él Bolt` is `4 四 Bolt`, `Ír`, `Óg`, `ìa`); a one-kanji
# word of a Japanese list (山 島 森 沼) ends in another byte. (Each started with the
# character beyond ASCII it needs, as _JAPANESE_WORD explains.)
_HALF_WIDTH_KANA = lazy("[\uff61-\uff9f]")
_LONE_KANJI_WORD = lazy("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff](?<![^\x00-\x3f].)(?![^\x00-\x3f])")


# A line's ASCII word of two letters or more, and a character beyond ASCII.
_ASCII_WORD = lazy("[A-Za-z]{2}")
_NON_ASCII = lazy("[^\x00-\x7f]")


def _accented_short_word(text: str) -> bool:
    """Whether a Shift-JIS reading `text` has a lone kanji between spaces or punctuation
    whose bytes are an accented letter and a small Latin one (_LONE_KANJI_WORD) on a line
    that otherwise reads as Latin: an ASCII word beside it and no other character beyond
    ASCII (`4 四 Bolt`, Mac Roman's `4 él Bolt`). A Japanese line has more kanji (`浜 翔`)
    or no Latin word (`4 北`): such a kanji is a one-kanji name or card there. Only the
    first _SAMPLE_CHARACTERS are looked at, as the other samples here: a hostile 4 MiB of
    `4 山` lines cost a Python step per line."""
    sample = text[:_SAMPLE_CHARACTERS]
    if _LONE_KANJI_WORD.search(sample) is None:
        return False
    for line in sample.splitlines():
        if not _ASCII_WORD.search(line):
            continue
        for match in _LONE_KANJI_WORD.finditer(line):
            if b"a" <= match.group().encode("cp932")[1:] <= b"z" \
                    and not _NON_ASCII.search(line, 0, match.start()) and not _NON_ASCII.search(line, match.end()):
                return True
    return False


# A Latin word's accented letter read as Shift-JIS: its byte and the ASCII letter after it
# pair into one character (or two, for two accents), between two Latin letters (code page
# 850's Müller is M〕ler, Mac OS Roman's Françoise Fran腔ise), or a lone kana or kanji
# beside one, at a word's start or end (Mac Roman's Éomer is バmer). A Japanese name holds
# no such thing: its kana and kanji come in runs (`SRベイゴマックス`, `Gゴーレム`), the x of a
# count is no word (`4x島`), and the middle dot and full-width forms between Latin letters
# are Japanese punctuation (`E・HERO`, `D・D・D`), which no accent pairs into but rarely.
_KANA_OR_KANJI = "\u3041-\u30fa\u30fc-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
# (Started with the character beyond ASCII, as _JAPANESE_WORD: one or two between Latin
# letters; a kana or kanji after one with no such character after it; or before one with
# none before it.)
_SPLITTER = "[^\x00-\x7f\u3000-\u303f\u30fb\uff01-\uff65]"
_LATIN_MISREAD = lazy(rf"{_SPLITTER}(?:(?<=[A-Za-z]{_SPLITTER}){_SPLITTER}?[A-Za-z]"
                      rf"|(?<=[A-WYZa-wyz][{_KANA_OR_KANJI}])(?![^\x00-\x7f])"
                      rf"|(?<=[{_KANA_OR_KANJI}])(?<![^\x00-\x7f].)[A-WYZa-wyz])")


def splits_latin_word(text: str) -> bool:
    """Whether a Shift-JIS reading `text` has a character or two between Latin letters, or
    a lone kana or kanji beside one: the bytes were a Latin word's accented letters in
    another encoding."""
    return _LATIN_MISREAD.search(text) is not None


def windows_1252_lacks(data: bytes) -> bool:
    """Whether `data` holds a byte Windows-1252 leaves undefined: it was never written in it."""
    return _holds_any(data, _NOT_WINDOWS_1252)


# What Chinese text holds beyond ASCII: CJK punctuation, kana (GB2312 and Big5 have them),
# ideographs, full-width forms, the middle dot and times sign of names and counts (`闪电击×4`),
# dashes, curly quotes and Greek. Anything else in a strict reading says the bytes were not Chinese.
_NOT_CHINESE = lazy(
    "[^\x00-\x7f\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff01-\uffef\u00b7\u00d7\u2014\u2018-\u201d"
    "\u2026\u0391-\u03c9]"
)
# Windows-1252 read as GB2312 or Big5 pairs an accented letter with the letter after it into
# an ideograph ("Jötun": J, one ideograph, "un"): a lone ideograph touching a Latin letter (but
# the x of a count, `4x闪电击`, `闪电击x4`). A word of ideographs may end or start in one, as
# Chinese card names do (`增殖的G`, Maxx "C"). In GB2312, Western text gives two ideographs in
# a row only from four accented letters in a row; not so in Big5, whose second byte may be an
# ASCII letter, so an accented letter takes the letter after it (`Hélène` is `H幨鋝e`, a word
# of two that this pattern passes: its ideographs being rare rejects it, `_common_ideographs`).
# Chinese text has a word of two ideographs (a basic land: 山脉, 樹林).
# (Each started with an ideograph, as _JAPANESE_WORD explains: a lone one, after a Latin
# letter and before none, or before a Latin letter and after none.)
_LATIN_BESIDE_IDEOGRAPH = lazy(
    "[\u3400-\u4dbf\u4e00-\u9fff](?:(?<=[A-WYZa-wyz].)(?![\u3400-\u4dbf\u4e00-\u9fff])"
    "|(?<![\u3400-\u4dbf\u4e00-\u9fff].)(?=[A-WYZa-wyz]))"
)
_CHINESE_WORD = lazy("[\u3400-\u4dbf\u4e00-\u9fff](?=[\u3400-\u4dbf\u4e00-\u9fff])")
# GB2312 before Big5: the first is strict where the second is not (both bytes of a GB2312
# character are 0xA1 or more; Big5 takes 0x40-0x7E after its first), so a Big5 list rarely
# reads as GB2312, while a GB2312 list often reads as Big5 (GBK's own additions are too rare
# in card and player names to be worth GBK's looser bytes, which Windows-1252 matches more).
# Each codec with the first bytes of its common ideographs: GB2312's level 1 (the 3,755 most
# used), Big5's frequent ones. Chinese text is mostly of them; the Cyrillic letters of Russian
# Windows' code page 1251 pair into rare ones (`56 Гора`: 56 妙疣, the second of level 2).
_CHINESE_CODECS = (("gb2312", range(0xB0, 0xD8)), ("big5", range(0xA4, 0xC7)))
_IDEOGRAPH = lazy("[\u3400-\u4dbf\u4e00-\u9fff]")


def chinese_reading(data: bytes) -> tuple[str, str] | None:
    """(the codec, the text) of `data` read as GB2312 or Big5 when that reading is strict,
    holds only what Chinese text holds, has a word of two ideographs, no ideograph beside a
    Latin letter and mostly common ideographs; else None (read it as Windows-1252). A Chinese
    player's list from Notepad, or an organiser's CSV from Excel, is in one of them: read as
    Windows-1252, `4 闪电击` would be reported as 'ÉÁµç»÷'. A zip's names are read in the
    codec their archive's names together read in (batch/zip_names.py)."""
    for codec, common in _CHINESE_CODECS:
        try:
            text = data.decode(codec)
        except UnicodeDecodeError:
            continue
        if _NOT_CHINESE.search(text) or _LATIN_BESIDE_IDEOGRAPH.search(text) or not _CHINESE_WORD.search(text):
            continue
        common_ones, ideographs = _common_ideographs(text, codec, common)
        if common_ones * 2 <= ideographs:
            continue  # mostly rare ideographs: bytes of another encoding
        return codec, text
    return None


# Korean Windows' code page 949 (EUC-KR's 2,350 Hangul syllables, its 2-byte characters from
# 0xA1 on as GB2312's, and more syllables beyond, 박똠이's 똠) reads in GB2312 too: each
# syllable's bytes are a common ideograph's (`하루 우라라`, Ash Blossom, is `窍风 快扼扼`), and
# a common ideograph's bytes a syllable (`刘强` is `증퓻`). Its text holds Hangul syllables and
# nothing else beyond ASCII but CJK and full-width punctuation. Korean text is mostly of the
# frequent syllables below (those of Korean's common words and endings, names, card names
# and the loanwords of card names: 챔피언, 섀도우); a Chinese text read so is mostly not (a
# few hundred of 2,350). Where the bytes also read plainly as Chinese, both readings are
# scored, neither vetoes: the Korean one by its share of frequent syllables, the Chinese one
# by its share of frequent characters (frequent_hanzi.py: a corpus's first 800 and common
# name characters), and Korean is taken only when its share is the greater. A short text
# is where they meet: every Hangul lead byte is one of GB2312's common rows, so a Korean
# name reads as two or three common-looking ideographs (김동욱 as 辫悼宽), but rarely as
# frequent ones; a Chinese name's Korean reading is two frequent syllables about one time
# in ten, its Chinese reading nearly always frequent characters (a tie stays Chinese).
_NOT_KOREAN = lazy("[^\x00-\x7f\uac00-\ud7a3\u3000-\u303f\uff01-\uff5e×·‘’“”–—…]")
_KOREAN_WORD = lazy("[\uac00-\ud7a3]{2}")
_HANGUL = lazy("[\uac00-\ud7a3]")
_FREQUENT_SYLLABLES = frozenset(
    "겸곽깃늪닝랙릴맹묘샤샹션웜털펙덱렛렌켓펫가각간갈감갑강개거건걸검게겠격견결경계고곡곤골공과관광괴교구국군굴궁권귀규균그극근글금급기긴길김깊까깨께꼬꽃꾼끝"
    "나낙난날남납낭내냐너널넣네년노녹논놀농높뇌누눈뉴느는늘능니닌님다닥단달담답당대댁더덕던덜덤데도독돈돌동되된될두둥뒤드득든들듬"
    "등디딩따때떤또뚜뜻라락란람랑래랜램량러런럼렁레력련렬령례로록론롭료룡루룹류륙률르른를름릇릉리린림립링마막만많말맘망매맥머먹"
    "먼멀메멘며면멸명모목몬몰몸못몽무묵문물뭐므미민밀밑바박반받발밝밤방배백뱀버번벌범법베벤벨벽변별병보복본볼봉부북분불붉브블비빈"
    "빌빔빛빠빨뻐뼈뿌사삭산살삼상새색샘생서석선설섬성세센셀셋소속손솔송쇄쇠수숙순술숨숲쉬스슨슬습승시식신실심십싱쌍써쏘씨"
    "아악안알암압앙애액야약양어억언얼엄업없엇에엑엔엘여역연열염엽영예오옥온올옴와완왕외요욕용우운울움웅워원월웨위윈유육윤율융으"
    "은을음응의이익인일임입있잉자작잔잘잠장재쟁저적전절점접정제젠져조족존졸종좋좌죄주죽준줄중쥐즈즉즌증지직진질짐집짓징짜째쪽찌"
    "차착찬찰참창채책처천철첨청체초촉촌총최추축춘출충취츠측치칙친칠침카칸칼캐커컨케코콘콜쿠크큰클키킹타탁탄탈탐탑태택터테텔토톤톱"
    "통퇴투트특틀티파판팔패퍼페펜편평폐포폭표푸풀품풍퓨프플피픽필핏하학한할함합항해핵행향허헌험헤혁현혈협형혜호혹혼홀홍화확환활황"
    "회획효후훈훌휘휴흐흑흔흘흥희흰히힘"
    # Name syllables (동욱, 려원, 민섭, 봄, 륜, 흠, ...) and loanwords' (킬 챔 쥬 퀵 큐 쉐 썬 섀 갤 럭 쳐 슈 팅).
    "욱려섭봄륜흠킬챔쥬퀵큐쉐썬섀갤럭쳐슈팅"
)


def korean_text(data: bytes) -> str | None:
    """`data` read as code page 949 when that reading is strict, holds nothing but Hangul
    syllables beyond ASCII and punctuation, has a word of two and reads mostly as frequent
    syllables, more of them than its Chinese reading's share of frequent characters where
    the bytes also read plainly as Chinese (see above); else None."""
    return _korean_and_chinese(data)[0]


def _korean_and_chinese(data: bytes) -> tuple[str | None, tuple[str, str] | None | object]:
    """(`korean_text(data)`, `chinese_reading(data)` when it was asked on the way, else
    _UNASKED): `national_reading` asks for Chinese next when Korean is refused, and a
    refusal for a plain Chinese reading had read the bytes so already (review31f)."""
    try:
        text = data.decode("cp949")
    except UnicodeDecodeError:
        return None, _UNASKED
    if _NOT_KOREAN.search(text) or not _KOREAN_WORD.search(text):
        return None, _UNASKED
    syllables = frequent = 0
    for match in _HANGUL.finditer(text, 0, _SAMPLE_CHARACTERS):
        syllables += 1
        frequent += match.group() in _FREQUENT_SYLLABLES
    if frequent * 4 < syllables * 3:
        return None, _UNASKED  # mostly rare syllables: bytes of another encoding
    if frequent * 10 >= syllables * 9 and syllables >= 8:
        # Nine in ten frequent of eight or more: no Chinese text reads so (each syllable
        # about one in three), and reading 4 MiB as Chinese too doubled the time.
        return text, _UNASKED
    chinese = chinese_reading(data)
    if chinese is None:
        return text, chinese
    from .frequent_hanzi import FREQUENT_HANZI  # only for bytes that read as both

    ideographs = common = 0
    for match in _IDEOGRAPH.finditer(chinese[1], 0, _SAMPLE_CHARACTERS):
        ideographs += 1
        common += match.group() in FREQUENT_HANZI
    # frequent / syllables > common / ideographs, in whole numbers; a tie stays Chinese.
    return (text if frequent * ideographs > common * syllables else None), chinese


# How much of a text `_common_ideographs` looks at: a deck or a manifest whole, a file of
# megabytes its start (listing every ideograph of 4 MiB and encoding each cost 100 MB).
_SAMPLE_CHARACTERS = 1 << 16


def _common_ideographs(text: str, codec: str, common: range) -> tuple[int, int]:
    """(how many of them have a first byte in `common` in `codec`, how many ideographs) in
    the first `_SAMPLE_CHARACTERS` characters of `text`, counted one at a time."""
    ideographs = common_ones = 0
    for match in _IDEOGRAPH.finditer(text, 0, _SAMPLE_CHARACTERS):
        ideographs += 1
        common_ones += match.group().encode(codec)[0] in common
    return common_ones, ideographs


# What Russian (and Ukrainian, Bulgarian, Serbian) text in code page 1251 holds beyond ASCII:
# Cyrillic letters, its quotes and dashes, the numero sign. Windows-1252's accented letters
# read as Cyrillic ones, but beside a Latin letter ("Séance": S, Й, ance): a Cyrillic letter
# touching a Latin one says the bytes were not code page 1251. Russian text has a word of three
# letters, mostly small ones (Chinese bytes read so give capitals and signs). Code page 1251
# gives each byte one character, so all of it is asked of the bytes, each byte turned into its
# class in C (`_cp1251_classes`): patterns over the decoded text took 0.3 s on 4 MiB.
_CYRILLIC_SIGNS = "\u00ab\u00bb\u2013\u2014\u2116\u201e\u201c\u201d\u2019\u2026\u00a0"
# The classes: a small letter (U+0430-U+045F), a capital but Ґ (U+0400-U+042F), another
# Cyrillic letter (Ґ ґ and the rest of U+0400-U+04FF), a Latin one (A-Z, a-z), a character
# Cyrillic text never holds (a sign beyond its own; 0x98, which the code page leaves
# undefined), anything else (ASCII, the signs above). Not `_ODD`: that is the pattern of odd
# characters above, which this name shadowed.
_SMALL, _CAPITAL, _LETTER, _LATIN, _UNCYRILLIC, _OTHER = b"s", b"C", b"c", b"L", b"x", b"."
# Every Cyrillic letter made one class, _LETTER: for a word, or a Latin letter beside one.
_LETTERS_ALIKE = bytes.maketrans(_SMALL + _CAPITAL, _LETTER * 2)


@lru_cache(maxsize=1)
def _cp1251_classes() -> bytes:
    """A `bytes.translate` table: each byte of code page 1251 as its class (above). Worked
    out on the first file not in UTF-8: built at import, it loaded the codec into every run."""
    def kind(byte: int) -> bytes:
        character = bytes((byte,)).decode("cp1251", "replace")
        if "\u0430" <= character <= "\u045f":
            return _SMALL
        if "\u0400" <= character <= "\u042f":
            return _CAPITAL
        if "\u0400" <= character <= "\u04ff":
            return _LETTER
        if character.isascii():
            return _LATIN if character.isalpha() else _OTHER
        return _OTHER if character in _CYRILLIC_SIGNS else _UNCYRILLIC

    return b"".join(kind(byte) for byte in range(256))


def cyrillic_text(data: bytes) -> str | None:
    """`data` read as code page 1251 (Notepad and Excel on Russian Windows) when that reading
    holds only what Cyrillic text holds, a word of three letters, no Cyrillic letter beside a
    Latin one and more small letters than capitals; else None (read it as Windows-1252): read
    so, `56 Гора` would be reported as 'Ãîðà', which no error could tell is Russian for Mountain.
    Each byte is one character, so each is asked as its class, looked up and searched in C
    (patterns over the decoded text took 0.3 s on 4 MiB; listing the letters, 170 MB)."""
    classes = data.translate(_cp1251_classes())
    if _UNCYRILLIC in classes or classes.count(_SMALL) <= classes.count(_CAPITAL):
        return None
    if _SMALL * 3 not in classes or _LATIN in classes:  # most Russian text: neither search needed
        letters = classes.translate(_LETTERS_ALIKE)
        if _LETTER * 3 not in letters or _LATIN + _LETTER in letters or _LETTER + _LATIN in letters:
            return None
    return data.decode("cp1251")  # every byte defined: 0x98, the one undefined, is _UNCYRILLIC


def _holds_any(data: bytes, values: bytes) -> bool:
    """Whether `data` holds any of the bytes `values`, each looked for in C."""
    return any(value in data for value in values)


# Surrogate code points: a `str` from JSON (`"\ud800"`) may hold one alone, which UTF-8,
# SQLite and every file encoding refuse. Decoded bytes never hold one.
_SURROGATE = lazy("[\ud800-\udfff]")


def without_surrogates(text: str) -> str:
    """`text` with each surrogate code point shown as the replacement character, as a
    file's undecodable bytes are (`decode`): text handed to the library as a `str`."""
    if text.isascii():  # a constant-time flag of the string: most texts skip the scan
        return text
    return _SURROGATE.sub("\ufffd", text)


def binary_kind(data: bytes, text: str | None = None) -> str | None:
    """What `data` is when it is clearly not text ("PNG (an image)", "binary data"), else
    None. `text` is `data` decoded, when the caller has it."""
    if data.startswith(_ANY_SIGNATURE):
        return next(kind for signature, kind in _SIGNATURES if data.startswith(signature))
    if data[4:12] in (b"ftypheic", b"ftypmif1", b"ftypheix") or (data[:4] == b"RIFF" and data[8:12] == b"WEBP"):
        return "an image"
    head = (text if text is not None else data[:4096].decode("latin-1"))[:4096]
    if head and _odd_characters(head) / len(head) > _BINARY_SHARE:
        return "binary data"
    if (not head or head.isspace()) and 0 in data[:4096]:
        # Nothing but NUL bytes (and line breaks): decode drops stray NULs, which left a
        # file never written "empty" ("write the decklist into it"). Asked of a blank text only.
        return "zero bytes only (a file saved in part, or never written)"
    return None


def _odd_characters(head: str) -> int:
    """How many `_ODD` characters `head` holds, counted in C over its UTF-8 bytes, where a
    character under 128 is its own byte and every other one bytes of 128 and up: every
    deck of a batch is looked at, and the pattern's search costs several times more."""
    encoded = head.encode("utf-8", "surrogatepass")
    odd = len(encoded) - len(encoded.translate(None, _ODD_ASCII))
    return odd if head.isascii() else odd + head.count("\ufffd")


def too_big(source: str, size: int | None = None, *, limit: int = MAX_INPUT_BYTES, what: str = "a decklist") -> str:
    amount = f"{size:,} bytes is over" if size is not None and size != limit + 1 else "over"
    return f"{source}: {amount} the {limit:,}-byte limit for {what}; is this the right file?"


def read_stdin() -> bytes:
    """Standard input, but never more than the limit (plus one byte, to tell it was more):
    `cat /dev/zero | deckcheck validate -` must stop with the size error, not fill memory."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # no standard input at all (a closed or text-only stdin)
        return b""
    chunks: list[bytes] = []
    size = 0
    # A terminal ends its input once (Ctrl-D: one read returns what was typed, short of the
    # amount asked for); reading on would wait for a second Ctrl-D. A pipe's end stays ended.
    terminal = stream.isatty()
    while size <= MAX_INPUT_BYTES:
        wanted = MAX_INPUT_BYTES + 1 - size
        chunk = stream.read(wanted)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
        if terminal and len(chunk) < wanted:
            break
    return b"".join(chunks)


def _utf16_order(data: bytes) -> str | None:
    """"utf-16-le" or "utf-16-be" when `data` looks like UTF-16 without a BOM (mostly-ASCII
    text has a NUL in every other byte), else None."""
    head = data[:4096]
    if len(head) < 4:
        return None
    even_nuls = head[0::2].count(0) / len(head[0::2])
    odd_nuls = head[1::2].count(0) / len(head[1::2])
    if odd_nuls > 0.5 and even_nuls == 0:
        return "utf-16-le"
    if even_nuls > 0.5 and odd_nuls == 0:
        return "utf-16-be"
    return None


def _utf16_without_bom(data: bytes) -> str | None:
    """UTF-16 text that lost its BOM: mostly-ASCII text has a NUL in every other byte."""
    encoding = _utf16_order(data)
    if encoding is None:
        return None
    try:
        return data.decode(encoding)
    except UnicodeDecodeError:
        return None


def read_text(path: str | Path) -> str:
    """Read a decklist file as text, with a one-line error when it cannot be read."""
    data = read_bounded(path)
    return decode(data, source=_shown(path))


# Open flags for reading untrusted paths: O_NONBLOCK so that opening a named pipe returns
# at once (instead of waiting for a writer) and the fstat below can refuse it.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)
_NOT_REGULAR = (
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


def not_regular(mode: int) -> str | None:
    """What a file of this mode is when it is not a regular file or a folder ("a named
    pipe"), else None."""
    return next((kind for test, kind in _NOT_REGULAR if test(mode)), None)


# What a folder given as a deck is told to do: a batch, which is already checking one,
# and a pool's reader give their own (batch/runner.check_one, registered_pools.read_pool).
FOLDER_ADVICE = " (use `deckcheck batch` for folders)"
# Theirs: the file is in the folder (a batch's row, a pool: running a batch is no way to give either).
IN_FOLDER_ADVICE = "; name the file in it"


def read_bounded(
    path: str | Path, *, limit: int = MAX_INPUT_BYTES, what: str = "a decklist", folder_advice: str = FOLDER_ADVICE,
) -> bytes:
    """The bytes of a regular file of at most `limit` bytes, read within MAX_READ_SECONDS.

    Named pipes, devices and sockets are refused without reading (a pipe would block,
    `/dev/zero` never ends); so is a file over the limit (by its size, and again by what
    comes out, for a file that grows while it is read). Every failure is an InputError
    with a one-line message naming the path; a folder's ends with `folder_advice` (a
    pool's reader says to name the file in it, not to run `deckcheck batch`)."""
    try:
        # One open and one fstat: a batch reads thousands of files, and stat-then-read
        # costs twice the system calls.
        fd = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        raise _missing(path) from None
    except IsADirectoryError:
        raise _is_directory(path, folder_advice) from None
    except PermissionError:
        if os.path.isdir(path):  # Windows refuses to open a folder with "permission denied"
            raise _is_directory(path, folder_advice) from None
        raise InputError(f"{_shown(path)}: permission denied") from None
    except OSError as exc:  # a name too long, or a "folder" that is no folder: pasted text, perhaps
        raise _pasted_text(path) or InputError(f"{_shown(path)}: cannot read ({exc.strerror or exc})") from None
    except ValueError:  # a NUL byte in the name: no file can have it
        raise InputError(f"{_shown(path)}: not a valid file name") from None
    info = os.fstat(fd)
    # A regular file (every deck of a batch) is told by one test, not by naming what it is not.
    kind = None if stat.S_ISREG(info.st_mode) else not_regular(info.st_mode)
    if kind is not None or stat.S_ISDIR(info.st_mode) or info.st_size > limit:
        os.close(fd)
        if kind is not None:
            raise InputError(f"{_shown(path)}: not a regular file ({kind}); give {what} saved on disk")
        if stat.S_ISDIR(info.st_mode):
            raise _is_directory(path, folder_advice)
        raise InputError(too_big(_shown(path), info.st_size, limit=limit, what=what))
    # Read with os.read on the descriptor: a file object around it cost more than reading a deck.
    try:
        data = _read_within_time(fd, info.st_size, limit, path)
    except OSError as exc:
        raise InputError(f"{_shown(path)}: cannot read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise InputError(too_big(_shown(path), limit=limit, what=what))
    return data


def read_head(path: str | Path, size: int) -> bytes:
    """The first `size` bytes of a regular file (a pipe or a device is refused as in
    `read_bounded`, without waiting on it); InputError when it cannot be read."""
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except (OSError, ValueError) as exc:
        raise InputError(f"{_shown(path)}: cannot read ({getattr(exc, 'strerror', None) or exc})") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise InputError(f"{_shown(path)}: not a regular file ({not_regular(mode) or 'a folder'})")
    with os.fdopen(fd, "rb", buffering=0) as handle:
        try:
            return handle.read(size)
        except OSError as exc:
            raise InputError(f"{_shown(path)}: cannot read ({exc.strerror or exc})") from None


def _read_within_time(fd: int, size: int, limit: int, path: str | Path) -> bytes:
    """Up to `limit + 1` bytes of the open file `fd`. A small file is one read: ask for one
    byte more than fstat says (read(n) allocates n bytes up front, so asking for the limit
    every time cost more than reading a small deck). A file that keeps growing is read on in chunks, never past
    one byte over the limit, nor past MAX_READ_SECONDS."""
    want = size + 1 if size < limit else limit + 1
    data = os.read(fd, want)
    if len(data) < want or len(data) > limit:
        return data
    chunks, total = [data], len(data)
    deadline = time.monotonic() + MAX_READ_SECONDS
    while total <= limit:
        chunk = os.read(fd, min(1 << 20, limit + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
        if time.monotonic() > deadline:
            raise InputError(f"{_shown(path)}: still reading after {MAX_READ_SECONDS:.0f} s; is this file on a stalled network drive?")
    return b"".join(chunks)


def _shown(path: str | Path) -> str:
    """`path` as a message names it (`limits.one_line`): worked out only for an error, not
    for each of a batch's reads."""
    return one_line(str(path))


# What a missing file's message says before the file spelled otherwise on disk: a batch
# names that file as its report names the deck (problem.named_file_as).
IN_OTHER_CASE = "; a file differs only in case: "
IN_OTHER_FORM = "; a file differs only in how its accented letters are encoded: "
IN_OTHER_EXTENSION = "; a file differs only in its extension: "
IN_QUOTES = "; a file is named so without the quotes around it: "
IN_THE_FOLDER = "; name the file in it: "
AFTER_DOTS = "; a file is named so without the dots or spaces after it: "
WITHOUT_INVISIBLE = ("; a file is named so without it: ", "; a file is named so without them: ")
WITH_SLASHES = "; a file is named so with / for each \\: "
OTHER_SPELLINGS = (IN_OTHER_CASE, IN_OTHER_FORM, IN_OTHER_EXTENSION, IN_QUOTES, AFTER_DOTS, *WITHOUT_INVISIBLE,
                   WITH_SLASHES, IN_THE_FOLDER)
# Quotes a word processor or a spreadsheet user puts around a name, opening and closing.
_QUOTES = {"'": "'", '"': '"', "\u201c": "\u201d", "\u2018": "\u2019", "\u201e": "\u201c", "\u00ab": "\u00bb"}


def _missing(path: str | Path) -> InputError:
    pasted = _pasted_text(path)
    if pasted is not None:
        return pasted
    message = f"{_shown(path)}: no such file"
    given = os.fspath(path)
    other = _spelled_otherwise(given)
    if other is not None and _folded(other) == _folded(given) and other.casefold() != given.casefold():
        # `Zoë.txt` typed in a spreadsheet, `Zoë.txt` with its ë stored as e and a combining
        # diaeresis (as macOS may name files): the same name to the eye, not to the file system.
        message += (f"{IN_OTHER_FORM}{one_line(other)} (the same letters stored in another Unicode form, as macOS may "
                    "name files; rename the file, typing its name anew)")
    elif other is not None:
        message += f"{IN_OTHER_CASE}{one_line(other)} (file names are case-sensitive here)"
    elif (trimmed := _without_marks(given)) is not None:
        # `'decks/ann.txt'` or `“decks/ann.txt”` typed with its quotes into a manifest's
        # cell, `decks/ann.txt.` with the full stop of a sentence.
        message += f"{trimmed[1]}{one_line(trimmed[0])}"
    elif (visible := _without_invisible(given)) is not None:
        # A cell copied from a web form or a shared sheet with a zero-width space or a byte
        # order mark in it: the report spells the very name of the file beside it.
        file, gone = visible
        from .wording import described_chars  # only for a file that is missing

        several = len(given) - len(file) > 1
        what = "characters that show" if several else "a character that shows"
        message += f"; its name holds {what} as nothing ({described_chars(gone)}){WITHOUT_INVISIBLE[several]}{one_line(file)}"
    elif (slashed := _with_slashes(given)) is not None:
        # `decks\modern\burn.txt` copied from a Windows machine into a CI step or a hook's args.
        message += (f"{WITH_SLASHES}{one_line(slashed)} (on this system a backslash is part of a file's name, "
                    "not a folder's end; write the path with /)")
    elif (extended := _other_extension(given)) is not None:
        # `decks/ann` for decks/ann.txt, `ann.dek` for ann.txt, and `ann.txt` for the
        # `ann.txt.txt` a player saved where Windows hides the extension it adds.
        message += f"{IN_OTHER_EXTENSION}{one_line(extended)}"
    return InputError(message)


def _without_marks(path: str) -> tuple[str, str] | None:
    """(the file a missing `path` names without the quotes around its name (the name a
    manifest's cell gives, after the manifest's folder) or the dots and spaces after it,
    what the message says of it); None when that names no file either."""
    trimmed = path.rstrip(". ")
    if trimmed != path and trimmed and _hinted_file(trimmed):
        return trimmed, AFTER_DOTS
    for index, mark in enumerate(path):
        if mark in _QUOTES and (index == 0 or path[index - 1] in "/\\"):
            inner = path[index + 1:].rstrip(". ")
            if inner.endswith(_QUOTES[mark]):
                quoted = inner[:-1].rstrip(". ")
                # What the quotes held stays where the path led: a batch confined the path
                # as written (`'/etc/hostname'`, `'../x.txt'` are names inside the event's
                # folder), so no hint names a file outside it, nor tells one exists there.
                if os.path.isabs(quoted) or ".." in quoted.replace("\\", "/").split("/"):
                    return None
                unquoted = path[:index] + quoted
                return (unquoted, IN_QUOTES) if unquoted and _hinted_file(unquoted) else None
            return None
    return None


def _with_slashes(path: str) -> str | None:
    """The file a missing `path` names with each `\\` read as `/` (a path written the Windows
    way, as deckcheck.yaml and a manifest read it), on a system where `\\` is part of a
    name; None when that names no file. No hint names a file outside the folder the path
    starts from, or through a linked folder: the path was confined as written."""
    if os.sep == "\\" or os.altsep == "\\" or "\\" not in path:
        return None
    slashed = path.replace("\\", "/")
    parts = slashed.split("/")
    if os.path.isabs(slashed) != os.path.isabs(path) or os.pardir in parts:
        return None
    # Whether the file is there first (the answer is not told before the links are looked
    # for): each folder's path is built and looked at, which a path of a thousand folders
    # that names no file paid for every row naming one.
    if not _hinted_file(slashed):
        return None
    if any(os.path.islink("/".join(parts[:end])) for end in range(1, len(parts)) if parts[end - 1]):
        return None
    return slashed


def _without_invisible(path: str) -> tuple[str, tuple[str, ...]] | None:
    """(the file a missing `path` names without its characters that show as nothing, each
    of those characters once, in the order they come); None when it holds none or that names no file
    either. The path was confined as written, so no hint is given where a removed character
    hid a `..` or a path's root, nor through a link among the folders it changed: no hint
    names a file outside the event's folder, nor tells that one exists there."""
    from .names import without_invisible

    visible = without_invisible(path)
    if visible == path or not visible or os.path.isabs(visible) != os.path.isabs(path):
        return None
    if os.altsep:  # Windows: `/` separates folders too, and a `..` may hide behind either
        path, visible = path.replace(os.altsep, os.sep), visible.replace(os.altsep, os.sep)
    if any(without_invisible(part) in (os.curdir, os.pardir) for part in path.split(os.sep) if part not in (os.curdir, os.pardir)):
        return None  # U+200B and `../secret.txt`: a folder's name as written, `..` once read without its mark
    if not _hinted_file(visible):
        return None  # asked first, as in _with_slashes: the folders are looked at only for a file that is there
    parts = visible.split(os.sep)
    for end in range(1, len(parts)):
        folder = os.sep.join(parts[:end])
        if folder and not path.startswith(folder + os.sep) and os.path.islink(folder):
            return None
    return visible, tuple(sorted(set(path).difference(visible), key=path.index))


def _hinted_file(path: str) -> bool:
    """Whether a missing file's hint may name `path`, a name the path as given did not
    spell: a regular file that is no symbolic link. A batch confines a manifest's paths as
    written, never the names a hint finds: through a link, `Far/secret.txt` beside a link
    `far` out of the event's folder was told "a file differs only in case: far/secret.txt"
    when the file outside existed and "no such file" when not, so a manifest could ask
    whether any file exists anywhere."""
    return os.path.isfile(path) and not os.path.islink(path)


def _other_extension(path: str) -> str | None:
    """The one file beside a missing `path` whose name is its name with an extension added
    (`ann` -> `ann.txt`, `ann.txt` -> `ann.txt.txt`) or another extension in place of its
    own (`ann.dek` -> `ann.txt`), case and Unicode form aside, named from the same folder as
    `path`; None when there is none or more than one. Looked up only for an error."""
    folder, name = os.path.split(path)
    if not name or name in (os.curdir, os.pardir):
        return None
    listing = _listing(folder or os.curdir)
    if listing is None:
        return None
    wanted = {_folded(name), _folded(os.path.splitext(name)[0])} - {""}
    found = [file for stem in wanted for file in listing.by_stem.get(stem, ())]
    return os.path.join(folder, found[0]) if len(found) == 1 else None


def _pasted_text(path: str | Path) -> InputError | None:
    """The error for a "file name" of several lines (a form's paragraph answer in a
    manifest's deck column: the list itself), which no file has; None for a name of one line.
    Worked out only once the file could not be opened."""
    given = os.fspath(path).strip()
    if "\n" not in given:
        return None
    return InputError(f"{_shown(path)}: no such file; no file's name holds a line break: this is "
                      f"{len(given.splitlines())} lines of text, a decklist pasted where its file's name goes? "
                      "Save the list as a file and name that file instead")


def _folded(name: str) -> str:
    """`name` as names are matched for a missing file: case and Unicode form aside."""
    import unicodedata  # only for a file that is missing

    return unicodedata.normalize("NFC", name).casefold()


# The most entries of one folder looked through for a name in another case: a missing
# deck in a folder of an event's thousands of decks costs one listing, not a slow one.
MAX_NAMES_LOOKED_THROUGH = 20_000


def _spelled_otherwise(path: str) -> str | None:
    """A missing `path` as the file system spells it when only the case of its names differs
    (a manifest written where case does not matter, on Windows or macOS), or the Unicode form
    of their accented letters (`ë` as one character or two): the path as given
    up to the first name that differs, then as spelled on disk (`Decks/kurusu.TXT` ->
    `decks/Kurusu.txt`, `decks/casedeck.TXT` -> `decks/CaseDeck.txt`: the name to write,
    not `CaseDeck.txt`, which names no file beside the manifest); None when no file, or more
    than one, would fit. Looked up only for an error, inside the folders the path names."""
    given = Path(path)
    folder = given.anchor or os.curdir
    parts = given.parts[1:] if given.anchor else given.parts
    head: list[str] = [given.anchor] if given.anchor else []  # the path as given, up to a name that differs
    tail: list[str] = []
    for part in parts:
        if not tail and os.path.lexists(os.path.join(folder, part)):
            folder = os.path.join(folder, part)
            head.append(part)
            continue
        found = _one_entry_named(folder, part)
        if found is None or os.path.islink(os.path.join(folder, found)):
            return None  # no hint through a link the path did not name as written (_hinted_file)
        tail.append(found)
        folder = os.path.join(folder, found)
    if not tail or not os.path.isfile(folder):
        return None
    return os.path.join(*head, *tail) if head else "/".join(tail)


def _one_entry_named(folder: str, name: str) -> str | None:
    """The one entry of `folder` named `name` in any case or Unicode form (`name` itself
    first)."""
    if os.path.lexists(os.path.join(folder, name)):
        return name
    listing = _listing(folder)
    found = listing.by_name.get(_folded(name), ()) if listing is not None else ()
    return found[0] if len(found) == 1 else None


class _Listing:
    """A folder's entries as missing files' hints look them up: each name by its folded
    form (`_folded`), and each regular file (no link: `_hinted_file`) with an extension by
    its folded stem."""

    __slots__ = ("by_name", "by_stem", "names")

    def __init__(self) -> None:
        self.by_name: dict[str, list[str]] = {}
        self.by_stem: dict[str, list[str]] = {}
        self.names = 0


# The listings read so far, by folder, with the folder's device, inode and modification
# time when read (a name added, removed or renamed changes it): each missing file listed
# its folder, twice, so a submitted zip of 19,000 decks and a manifest of 2,000 rows naming
# missing files read and folded 76 million names (3 minutes). Kept up to _MAX_NAMES_KEPT
# names in all (a folder that could not be listed counts one), then dropped together.
_LISTINGS: dict[str, tuple[tuple[int, int, int], _Listing | None]] = {}
_MAX_NAMES_KEPT = 5 * MAX_NAMES_LOOKED_THROUGH
_names_kept = 0


def _listing(folder: str) -> _Listing | None:
    """`folder`'s `_Listing`, read again only once the folder has changed; None for a folder
    that cannot be listed or holds more than MAX_NAMES_LOOKED_THROUGH entries."""
    try:
        key = os.path.abspath(folder)
        status = os.stat(key)
    except (OSError, ValueError):
        return None
    version = (status.st_dev, status.st_ino, status.st_mtime_ns)
    kept = _LISTINGS.get(key)
    if kept is not None and kept[0] == version:
        return kept[1]
    listing: _Listing | None = _Listing()
    try:
        with os.scandir(folder) as entries:
            for number, entry in enumerate(entries):
                if number >= MAX_NAMES_LOOKED_THROUGH:
                    listing = None
                    break
                listing.names += 1
                listing.by_name.setdefault(_folded(entry.name), []).append(entry.name)
                stem, extension = os.path.splitext(entry.name)
                if extension and entry.is_file(follow_symlinks=False):
                    listing.by_stem.setdefault(_folded(stem), []).append(entry.name)
    except OSError:
        return None
    global _names_kept
    if kept is not None:
        _names_kept -= _names_in(kept[1])  # the folder changed: its old listing goes
    if _names_kept + _names_in(listing) > _MAX_NAMES_KEPT:
        _LISTINGS.clear()
        _names_kept = 0
    _LISTINGS[key] = (version, listing)
    _names_kept += _names_in(listing)
    return listing


def _names_in(listing: _Listing | None) -> int:
    """The names `listing` counts for _MAX_NAMES_KEPT: one at least."""
    return max(listing.names, 1) if listing is not None else 1


def _is_directory(path: str | Path, advice: str) -> InputError:
    if advice == IN_FOLDER_ADVICE and (only := _only_file_in(path)) is not None:
        # A form that files each upload in a folder of its player's (`decks/ann/`): the
        # one file there, named from the same folder as the path (problem.named_file_as).
        return InputError(f"{_shown(path)}: is a directory, not a decklist{IN_THE_FOLDER}{one_line(only)}")
    return InputError(f"{_shown(path)}: is a directory, not a decklist{advice}")


def _only_file_in(folder: str | Path) -> str | None:
    """The path of the one file in `folder` (itself no link), hidden files aside, when
    it is a regular file and no link (`_hinted_file`): a file the path named as written
    holds, so no hint names what lies through a link. None for a folder of none, or more."""
    if os.path.islink(folder):
        return None
    found: list[str] = []
    try:
        with os.scandir(folder) as entries:
            for number, entry in enumerate(entries):
                if number >= MAX_NAMES_LOOKED_THROUGH or len(found) > 1:
                    return None
                if not entry.name.startswith("."):
                    found.append(entry.name)
    except OSError:
        return None
    if len(found) != 1:
        return None
    only = os.path.join(folder, found[0])
    return only if _hinted_file(only) else None
