"""How a batch manifest's bytes become text (deckcheck/batch/manifest_text.py): the lines
that held NUL bytes and the lines of a file mixing UTF-8 and Windows-1252 are kept for
their rows' problems, and a file in one encoding reads exactly as a deck file does."""
from __future__ import annotations

import codecs
import random

import pytest

from deckcheck.batch.manifest_text import CP1252, UTF8, ManifestText, decode_manifest
from deckcheck.textio import decode

HEADER = b"player,deck\r\n"
JOSE_UTF8 = "José,a.txt\r\n".encode("utf-8")
RENEE_CP1252 = "Renée,b.txt\r\n".encode("cp1252")
CLEAN = [
    HEADER + JOSE_UTF8,                                   # UTF-8
    codecs.BOM_UTF8 + HEADER + JOSE_UTF8,                 # UTF-8 with a BOM, as Excel saves "CSV UTF-8"
    HEADER + RENEE_CP1252 + "Zoë,c.txt\n".encode("cp1252"),  # Windows-1252, as Excel saves "CSV"
    "player,deck\nann,a.txt\n".encode("utf-16"),          # UTF-16 with its BOM: its NULs are characters
    "player,deck\nann,a.txt\n".encode("utf-16-le"),       # UTF-16 that lost its BOM
    HEADER + "Ren\x81e,b.txt\n".encode("latin-1"),        # a byte Windows-1252 leaves undefined
]


@pytest.mark.parametrize("data", CLEAN)
def test_a_manifest_in_one_encoding_reads_as_a_deck_file_does(data):
    read = decode_manifest(data, source="m.csv")
    assert read.text == decode(data, source="m.csv")
    assert (read.nul_lines, read.odd_lines) == (frozenset(), frozenset())


@pytest.mark.parametrize("data, text, odd_lines, odd, usual", [
    # Excel on Windows added a row to a UTF-8 file: each line in its own encoding.
    (HEADER + JOSE_UTF8 + RENEE_CP1252, "player,deck\r\nJosé,a.txt\r\nRenée,b.txt\r\n", {3}, CP1252, UTF8),
    # The other way round: the UTF-8 line is the odd one out.
    (HEADER + RENEE_CP1252 + RENEE_CP1252 + JOSE_UTF8, "player,deck\r\nRenée,b.txt\r\nRenée,b.txt\r\nJosé,a.txt\r\n",
     {4}, UTF8, CP1252),
    # A tie: the Windows-1252 lines are named.
    (HEADER + RENEE_CP1252 + JOSE_UTF8, "player,deck\r\nRenée,b.txt\r\nJosé,a.txt\r\n", {2}, CP1252, UTF8),
    # A BOM says UTF-8: every Windows-1252 line is odd, even with no other non-ASCII line
    # (decode refuses the file whole).
    (codecs.BOM_UTF8 + HEADER + RENEE_CP1252 + b"ann,c.txt\r\n", "player,deck\r\nRenée,b.txt\r\nann,c.txt\r\n", {2},
     CP1252, UTF8),
    # Lines end with a lone CR as old Mac files do: counted as csv and YAML count them.
    (b"player,deck\r" + "José,a.txt\r".encode("utf-8") + "Renée,b.txt\r".encode("cp1252"),
     "player,deck\rJosé,a.txt\rRenée,b.txt\r", {3}, CP1252, UTF8),
])
def test_a_manifest_mixing_utf_8_and_windows_1252_is_read_line_by_line(data, text, odd_lines, odd, usual):
    read = decode_manifest(data, source="m.csv")
    assert (read.text, read.odd_lines, read.odd_encoding, read.usual_encoding) == (text, odd_lines, odd, usual)


def test_nul_bytes_are_left_out_and_their_lines_kept():
    read = decode_manifest(HEADER + b"b\x00ob,b.txt\r\n" + JOSE_UTF8 + b"cy,c.txt\x00\x00\n", source="m.csv")
    assert read.text == "player,deck\r\nbob,b.txt\r\nJosé,a.txt\r\ncy,c.txt\n"
    assert read.nul_lines == {2, 4} and read.odd_lines == frozenset()


def test_row_notes_name_the_lines_of_a_row_written_over_several():
    read = decode_manifest(HEADER + JOSE_UTF8 + b"bob,\"b\x00\n.txt\"\n" + RENEE_CP1252, source="m.csv")
    assert read.row_notes(range(3, 5), 4) == [(
        "held NUL bytes (line 3), which were left out (is the manifest damaged?); check this row and save it again",
        "error",
    )]
    assert read.row_notes(range(5, 6), 5) == [(
        "written in Windows-1252, the rest of the manifest in UTF-8: read in its own encoding; check its names, "
        "and save the manifest as UTF-8",
        "warning",
    )]
    assert read.row_notes(range(2, 3), 2) == []


class _CountedLines(frozenset):
    """A set of line numbers that counts how often it is looked at: each line it yields,
    each question whether it holds one."""

    looks = 0

    def __iter__(self):
        for line in super().__iter__():
            type(self).looks += 1
            yield line

    def __contains__(self, line):
        type(self).looks += 1
        return super().__contains__(line)


def test_row_notes_look_at_each_rows_own_lines_not_at_every_line_noted():
    """A manifest with a NUL byte (or an odd encoding) on every line: each row searched
    every such line of the file for its own, so 40,000 such rows (740 KB) took 73 s where
    the same rows without NULs took 6.5 s, and a 4 MiB manifest hours. The work is now
    the row's own lines, once each."""
    rows = 5_000
    noted = _CountedLines(range(2, rows + 2))
    read = ManifestText("", nul_lines=noted, odd_lines=noted, odd_encoding=CP1252, usual_encoding=UTF8)
    _CountedLines.looks = 0
    for line in range(2, rows + 2):
        assert len(read.row_notes(range(line, line + 1), line)) == 2
    assert _CountedLines.looks <= 4 * rows, f"{_CountedLines.looks:,} looks for {rows:,} rows"


def _chinese_names(codec: str, rng: random.Random, count: int) -> list[str]:
    """`count` names of two or three common ideographs in `codec` (GB2312's level 1, Big5's
    frequent ones: what `textio.chinese_reading` takes for Chinese), drawn at random."""
    leads, trails = {"gb2312": (range(0xB0, 0xD7), range(0xA1, 0xFF)),
                     "big5": (range(0xA4, 0xC6), [*range(0x40, 0x7F), *range(0xA1, 0xFF)])}[codec]
    names = []
    while len(names) < count:
        try:
            name = b"".join(bytes((rng.choice(leads), rng.choice(trails))) for _ in range(rng.choice((2, 3)))).decode(codec)
        except UnicodeDecodeError:
            continue  # a pair the codec leaves undefined
        names.append(name)
    return names


@pytest.mark.parametrize("codec", ["gb2312", "big5"])
def test_a_chinese_manifest_with_a_line_valid_in_utf_8_by_chance_is_read_whole(codec):
    """卢伟 in GB2312 is c2 ac ce b0, which is also valid UTF-8 (`¬ΰ`), and 钱平 `Ǯƽ`: such a
    line made the file 'mixed UTF-8 and Windows-1252', its names garbage and its rows told
    to save the manifest as UTF-8 (12 of 200 random manifests of five players, 84 of 200
    of forty). The file is read whole as Chinese, as a deck file is, before line by line."""
    rng = random.Random(29)
    for size in [5] * 100 + [40] * 100:
        names = _chinese_names(codec, rng, size)
        text = "player,deck\r\n" + "".join(f"{name},decks/{index}.txt\r\n" for index, name in enumerate(names))
        read = decode_manifest(text.encode(codec), source="m.csv")
        assert (read.text, read.odd_lines) == (text, frozenset()), names


def test_a_gb2312_manifest_whose_line_reads_as_utf_8_is_chinese():
    data = "player,deck\r\n卢伟,a.txt\r\n钱平,b.txt\r\n张伟,c.txt\r\n".encode("gb2312")
    assert b"\xc2\xac\xce\xb0" in data  # 卢伟: valid UTF-8
    read = decode_manifest(data, source="m.csv")
    assert (read.text, read.odd_lines, read.odd_encoding) == ("player,deck\r\n卢伟,a.txt\r\n钱平,b.txt\r\n张伟,c.txt\r\n", frozenset(), "")


@pytest.mark.parametrize("names", [
    ["Françoise Martin"], ["Hélène Dubois"], ["Françoise Martin", "Hélène Dubois"], ["Hélène", "Françoise"],
])
def test_a_mac_roman_name_is_not_taken_for_kanji_beside_latin_letters(names):
    """Mac OS Roman's ç (0x8D) and è (0x8F) pair with the letter after them into a valid
    Shift-JIS kanji: the players were `Fran腔ise Martin` and `H四熟e Dubois`. A Shift-JIS
    reading that splits a Latin word gives way to a plain Mac Roman one."""
    text = "player,deck\r" + "".join(f"{name},decks/a.txt\r" for name in names)
    assert decode_manifest(text.encode("mac_roman"), source="m.csv").text == text


@pytest.mark.parametrize("text", [
    "player,deck\r\n山田太郎,a.txt\r\n鈴木花子,b.txt\r\n",
    "player,deck\r\n山田　太郎,a.txt\r\n",  # a full-width space (0x81 0x40)
    "player,deck\r\nさとう,decks/sato.txt\r\n",
])
def test_a_shift_jis_manifest_stays_shift_jis(text):
    assert decode_manifest(text.encode("cp932"), source="m.csv").text == text


@pytest.mark.parametrize("text, codec", [
    # Ді is c4 b3 in code page 1251: `ĳ` in UTF-8, and the file was read line by line.
    ("player,deck\r\nДі Ді,a.txt\r\nІван Петров,b.txt\r\nОльга Смирнова,c.txt\r\n", "cp1251"),
    # Half-width ﾃｽ is c3 bd in Shift-JIS: `ý` in UTF-8.
    ("player,deck\r\nﾃｽ ﾃｽ,a.txt\r\n山田太郎,b.txt\r\nさとう,c.txt\r\n", "cp932"),
])
def test_a_russian_or_japanese_manifest_with_a_line_valid_in_utf_8_is_read_whole(text, codec):
    data = text.encode(codec)
    assert any(line.decode("utf-8", "replace") == line.decode("utf-8", "ignore") and not line.isascii()
               for line in data.splitlines())  # a line valid UTF-8
    read = decode_manifest(data, source="m.csv")
    assert (read.text, read.odd_lines) == (text, frozenset())


@pytest.mark.parametrize("codec, names, shown", [
    ("cp1251", ["Ольга Смирнова", "Сергей Волков"], "Windows-1251"),
    ("cp932", ["山田太郎", "さとう"], "Shift-JIS"),
    ("gb2312", ["张伟", "李娜"], "GB2312"),
    ("big5", ["陳大文", "林小明"], "Big5"),
    ("cp949", ["김민준", "이서연"], "code page 949"),  # review31c: a KeyError, "internal error"
])
def test_a_manifest_mixing_utf_8_and_a_national_encoding_reads_each_line_in_its_own(codec, names, shown):
    """Rows from Excel on Russian, Japanese or Chinese Windows and rows added in UTF-8: the
    other lines were read as Windows-1252 (`Îëüãà Ñìèðíîâà`, `ŽR“c‘¾˜Y`, `ÕÅÎ°`) and named so
    in their rows' warning. They are read in the encoding that reads them plainly together."""
    text = f"player,deck\r\n{names[0]},a.txt\r\n{names[1]},b.txt\r\n{names[0]},c.txt\r\n"
    lines = text.splitlines(keepends=True)
    data = b"".join([lines[0].encode(), lines[1].encode(codec), lines[2].encode("utf-8"), lines[3].encode(codec)])
    read = decode_manifest(data, source="m.csv")
    assert (read.text, read.odd_lines, read.odd_encoding, read.usual_encoding) == (text, {3}, UTF8, shown)


@pytest.mark.parametrize("codec, name, shown", [
    ("cp949", "김민준", "code page 949"),
    ("gb2312", "刘强", "GB2312"),  # review31c: read as Korean (증퓻), then a KeyError
])
def test_a_national_row_under_a_utf_8_accented_row_is_read_in_its_own_encoding(codec, name, shown):
    text = f"player,deck\r\nJürgen Müller,a.txt\r\n{name},b.txt\r\n"
    lines = text.splitlines(keepends=True)
    data = lines[0].encode() + lines[1].encode("utf-8") + lines[2].encode(codec)
    read = decode_manifest(data, source="m.csv")
    assert (read.text, read.odd_lines, read.odd_encoding, read.usual_encoding) == (text, {3}, shown, UTF8)
