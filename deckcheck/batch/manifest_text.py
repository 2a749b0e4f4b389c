"""A manifest's bytes as text, and the lines whose reading had to leave something out or
guess, so that their rows can say so (docs/batch.md#sources).

A deck file is read whole by `textio.decode`: UTF-8, else Shift-JIS, GB2312, Big5, code
page 1251 or Windows-1252, stray NUL bytes dropped. A manifest is a table that organisers, spreadsheets and scripts edit row by row:

- NUL bytes are left out as in a deck file, but the lines that held them are kept
  (`nul_lines`): their rows get a `registration` problem instead of being read silently
  altered, and a table whose header line held them is not read at all (`header_error`):
  every row is read through its column names.
- A file that is plainly Shift-JIS, GB2312, Big5 or code page 1251 as a whole is read so, as
  `decode` reads it, even where one of its lines is valid UTF-8 by chance; but a Shift-JIS
  reading that splits a Latin word (`Fran腔ise`) gives way to a plain Mac OS Roman one.
- Else a file whose lines mix UTF-8 and Windows-1252 (rows added by Excel on Windows to a UTF-8
  file, or the other way round; or Shift-JIS, GB2312, Big5 or code page 1251, when its lines
  not in UTF-8 are plainly that) is read line by line, each line in its own encoding, and
  the lines of the rarer of the two (`odd_lines`) are kept for a warning; so are the
  other lines of a file whose byte-order mark says UTF-8. A file in one encoding is
  read exactly as `decode` reads it, but for one plainly in Mac OS Roman, the encoding of
  Excel for Mac's plain "CSV" (`mac_roman_text`).
"""
from __future__ import annotations

import codecs

from ..problem import ERROR, WARNING
from ..record import Record
from ..textio import decode, is_utf8, is_wide_unicode, mac_roman_text, national_reading, national_text, splits_latin_word

UTF8, CP1252 = "UTF-8", "Windows-1252"


class ManifestText(Record):
    """`text`, the lines (1-based, as csv and YAML count them) that held NUL bytes, and
    those in `odd_encoding` in a file mostly in `usual_encoding`."""

    # A Record, not a dataclass: a batch imports no `dataclasses` (deckcheck/record.py).
    __slots__ = ("text", "nul_lines", "odd_lines", "odd_encoding", "usual_encoding")

    def __init__(
        self, text: str, nul_lines: frozenset[int] = frozenset(), odd_lines: frozenset[int] = frozenset(),
        odd_encoding: str = "", usual_encoding: str = "",
    ) -> None:
        self.text = text
        self.nul_lines = nul_lines
        self.odd_lines = odd_lines
        self.odd_encoding = odd_encoding
        self.usual_encoding = usual_encoding

    def row_notes(self, span: range, row_line: int | None) -> list[tuple[str, str]]:
        """(message, severity) for a row written on the lines of `span`: NUL bytes left out
        (an error: the row as read is not the row as written), an encoding other than the
        rest of the manifest's (a warning: each line was read in its own)."""
        notes = []
        nul = _lines_of(span, self.nul_lines, row_line)
        if nul is not None:
            notes.append((
                f"held NUL bytes{nul}, which were left out (is the manifest damaged?); check this row and save it again",
                ERROR,
            ))
        odd = _lines_of(span, self.odd_lines, row_line)
        if odd is not None:
            notes.append((
                f"written in {self.odd_encoding}{odd}, the rest of the manifest in {self.usual_encoding}: read in its "
                "own encoding; check its names, and save the manifest as UTF-8",
                WARNING,
            ))
        return notes

    def header_error(self, span: range, header_line: int) -> str | None:
        """Why a table's header, written on the lines of `span` (ending on `header_line`),
        cannot be read: it held NUL bytes, so its column names as read may not be those
        written, and every row is read through them. None when it held none."""
        nul = _lines_of(span, self.nul_lines, header_line)
        if nul is None:
            return None
        return (f"the header{nul} holds NUL bytes (is the manifest damaged?), so its columns cannot be told; "
                "check its column names and save the manifest again")


def _lines_of(span: range, lines: frozenset[int], row_line: int | None) -> str | None:
    """None when no line of `lines` is in the row's `span`; else "" when the one found is
    the row's own line, and " (line 4)" or " (lines 4, 5)" when they are others."""
    # The row's own lines looked up, or the lines noted searched for them, whichever are
    # fewer: every row searched every line noted, so a manifest with a NUL byte on each of
    # its 40,000 lines took 73 s (6.5 s without them), and one of 4 MiB hours.
    if len(span) <= len(lines):
        found = [line for line in span if line in lines]
    else:
        found = sorted(line for line in lines if line in span)
    if not found:
        return None
    if found == [row_line]:
        return ""
    return f" (line{'s' if len(found) > 1 else ''} {', '.join(map(str, found))})"


def decode_manifest(data: bytes, *, source: str) -> ManifestText:
    """The text of a manifest's bytes (see the module docstring); InputError as `decode`."""
    if is_wide_unicode(data):
        return ManifestText(decode(data, source=source))
    nul_lines: frozenset[int] = frozenset()
    if b"\x00" in data:
        nul_lines = frozenset(number for number, line in enumerate(_lines(data), 1) if b"\x00" in line)
        data = data.replace(b"\x00", b"")
    national = None
    if not data.startswith(codecs.BOM_UTF8) and not is_utf8(data):
        # The whole file first, as `decode` reads it: a Chinese or Japanese line may be valid
        # UTF-8 by chance (卢伟 in GB2312 is c2 ac ce b0, `¬ΰ`), and read line by line its
        # names were garbage and its rows told the file mixed UTF-8 and Windows-1252.
        national = national_text(data)
        if national is not None and not splits_latin_word(national):
            return ManifestText(national, nul_lines)
    mixed = _by_line(data)
    if mixed is None:
        mac = mac_roman_text(data)  # `national` is None or gave way (returned above otherwise)
        if mac is None:
            mac = national if national is not None else decode(data, source=source)  # `decode` reads it as `national`
        return ManifestText(mac, nul_lines)
    return ManifestText(mixed[0], nul_lines, *mixed[1:])


def _lines(data: bytes) -> list[bytes]:
    """The lines of `data`, ends kept: bytes.splitlines breaks at CR, LF and CR LF only,
    the line ends csv and YAML count."""
    return data.splitlines(keepends=True)


# What a manifest's rows call the encodings `textio.national_reading` reads lines in.
_NATIONAL = {"cp932": "Shift-JIS", "cp949": "code page 949", "gb2312": "GB2312", "big5": "Big5", "cp1251": "Windows-1251"}


def _by_line(data: bytes) -> tuple[str, frozenset[int], str, str] | None:
    """A manifest that mixes UTF-8 lines and others, decoded line by line: its text, the
    lines of the rarer encoding (the other ones on a tie or under a UTF-8 BOM) and the two
    encodings; None when the file is in one encoding. The other lines are read together as
    `decode` would read them alone: Shift-JIS, GB2312, Big5 or code page 1251 when plainly
    that (rows from Excel on Japanese, Chinese or Russian Windows), else Windows-1252."""
    marked = data.startswith(codecs.BOM_UTF8)
    if marked:
        data = data[len(codecs.BOM_UTF8):]
    if is_utf8(data):
        return None  # all UTF-8: `decode` reads it so
    lines = _lines(data)
    texts: list[str] = []
    utf8_lines: list[int] = []
    other_lines: list[int] = []
    for number, line in enumerate(lines, 1):
        try:
            texts.append(line.decode("utf-8"))
            if not line.isascii():
                utf8_lines.append(number)
        except UnicodeDecodeError:
            texts.append("")  # read below, with the other lines not in UTF-8
            other_lines.append(number)
    if not utf8_lines and not marked:
        return None  # all in another encoding: `decode` reads it so
    codec, other = "cp1252", CP1252
    reading = national_reading(b"".join(lines[number - 1] for number in other_lines)) if other_lines else None
    if reading is not None and not splits_latin_word(reading[1]):  # a Latin word is no kanji (`mac_roman_text`)
        codec, other = reading[0], _NATIONAL[reading[0]]
    for number in other_lines:
        # Windows-1252 leaves five bytes undefined: replaced, as `decode` does (the others read
        # each line strictly, as they read the lines together: a line break is no byte of a character).
        texts[number - 1] = lines[number - 1].decode(codec, errors="replace")
    odd, usual = (other, UTF8) if marked or len(other_lines) <= len(utf8_lines) else (UTF8, other)
    by_encoding = {UTF8: utf8_lines, other: other_lines}
    return "".join(texts), frozenset(by_encoding[odd]), odd, usual
