"""Reading decklist files: the size limit holds for files, growing files and devices."""
from __future__ import annotations

import codecs
import os

import pytest

from deckcheck.errors import InputError
from deckcheck.textio import MAX_INPUT_BYTES, decode_head, read_text


def test_small_file_read_whole(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    assert read_text(path) == "4 Lightning Bolt\n56 Mountain\n"


def test_file_at_the_limit_is_read_and_one_byte_more_is_refused(tmp_path):
    at_limit = tmp_path / "big.txt"
    at_limit.write_bytes(b"1 Island\n" * (MAX_INPUT_BYTES // 9) + b"x" * (MAX_INPUT_BYTES % 9))
    assert len(read_text(at_limit)) == MAX_INPUT_BYTES
    over = tmp_path / "over.txt"
    over.write_bytes(at_limit.read_bytes() + b"y")
    with pytest.raises(InputError, match="limit"):
        read_text(over)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero on this system")
def test_endless_device_is_refused_without_reading():
    # A device never ends (fstat says size 0): it is refused before a byte is read
    # (issue #14: every file read is bounded), with what it is.
    with pytest.raises(InputError, match=r"/dev/zero: not a regular file \(a device\)"):
        read_text("/dev/zero")


def test_a_file_that_keeps_growing_stops_one_byte_past_the_limit(tmp_path, monkeypatch):
    """fstat's size can be stale (a file still being written): reading stops one byte past
    the limit whatever it said."""
    from deckcheck import textio

    path = tmp_path / "growing.txt"
    path.write_bytes(b"1 Island\n" * 10)
    real_fstat = os.fstat

    def stale(fd):  # the size the file had when it was opened, before it grew
        result = real_fstat(fd)
        return os.stat_result((*result[:6], 0, *result[7:]))

    path.write_bytes(b"1 Island\n" * (MAX_INPUT_BYTES // 9 + 10))
    monkeypatch.setattr(textio.os, "fstat", stale)
    with pytest.raises(InputError, match="limit"):
        read_text(path)


def test_odd_characters_are_counted_as_the_pattern_counts_them():
    """binary_kind counts odd characters (controls, DEL, the replacement character) over
    the UTF-8 bytes of the text, not with the pattern's search: the count is the same,
    whatever characters (or lone surrogates) the text holds."""
    import random

    from deckcheck import textio

    rng = random.Random(7)
    ranges = [(0, 160), (0, 0x11000), (0xFFFD, 0xFFFE), (0xD800, 0xE000), (0x10000, 0x110000)]
    texts = ["", "4 Island\n", "\ufffd", "\x00\x7f\x1b\t", "4 Lim-D\u00fbl's Vault\x01\n"]
    for _ in range(20_000):
        texts.append("".join(chr(rng.randrange(*rng.choice(ranges))) for _ in range(rng.randint(0, 40))))
    for text in texts:
        assert textio._odd_characters(text) == len(textio._ODD.findall(text)), repr(text)
    # The bytes it drops are the pattern's characters under 128, written out (not compiled).
    assert textio._ODD_ASCII == bytes(code for code in range(128) if textio._ODD.match(chr(code)))


@pytest.mark.parametrize("data", [b"", b"\x00", b"4 Island\x00\n", b"\xef\xbb\xbf4 Island", b"\xff\xfe4\x00 \x00I\x00", b"\x004\x00 \x00I"])
def test_decode_reads_bom_and_nul_bytes_as_before(data):
    from deckcheck.textio import decode

    if data.startswith(b"\xef\xbb\xbf"):
        assert decode(data) == data[3:].decode()
    elif data.startswith(b"\xff\xfe"):
        assert decode(data) == data.decode("utf-16")
    elif data == b"\x004\x00 \x00I":
        assert decode(data) == "4 I"  # UTF-16 that lost its BOM
    else:
        assert decode(data) == data.replace(b"\x00", b"").decode()


def test_decoded_bytes_never_hold_a_lone_surrogate():
    """parse_bytes does not look for lone surrogates in a file's text (decklists._parse_decoded):
    every reading `decode` makes is strict or replaces, so none gives one, whatever the bytes
    (surrogates encoded in UTF-8, UTF-16 and UTF-32 behind their byte-order marks, or bare)."""
    import random

    from deckcheck.textio import decode

    rng = random.Random(11)
    surrogates = [b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\x00\xd8", b"\xff\xdf", b"\x00\xd8\x00\x00", b"\x00\x00\xdc\x00"]
    starts = [b"", b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff", b"4\x00 \x00"]
    for _ in range(5_000):
        body = b"".join(rng.choice(surrogates + [b"4 Island\n", bytes([rng.randrange(256)]), b"\x00"])
                        for _ in range(rng.randint(0, 12)))
        try:
            text = decode(rng.choice(starts) + body)
        except InputError:
            continue
        assert not any("\ud800" <= char <= "\udfff" for char in text), repr(body)


_PROSE = "Round three went long; my opponent kept a slow hand. 🌸 " * 40


def _wide_cases() -> list[tuple[str, bytes]]:
    """UTF-16 and UTF-32 text (with a BOM, and UTF-16 that lost it) cut at every byte
    across a 🌸, whose UTF-16 form is a surrogate pair."""
    cases = []
    for name, data in (
        ("utf-16-le bom", codecs.BOM_UTF16_LE + _PROSE.encode("utf-16-le")),
        ("utf-16-be bom", codecs.BOM_UTF16_BE + _PROSE.encode("utf-16-be")),
        ("utf-16-le no bom", _PROSE.encode("utf-16-le")),
        ("utf-16-be no bom", _PROSE.encode("utf-16-be")),
        ("utf-32 bom", _PROSE.encode("utf-32")),
    ):
        flower = data.index("🌸".encode(name.split(" ")[0].replace("utf-32", "utf-32-le")), 1000)
        cases += [(f"{name} cut at {flower + offset}", data[:flower + offset]) for offset in range(-1, 6)]
    return cases


@pytest.mark.parametrize(("name", "head"), _wide_cases(), ids=[name for name, _ in _wide_cases()])
def test_a_wide_head_cut_inside_a_character_reads_its_whole_characters(name, head):
    """Review32g #4: a UTF-16 head cut between a surrogate pair's halves (or inside a code
    unit) failed the strict reading ("not valid utf-16"), and `check` took the notes for a
    deck; decode_head now leaves the unfinished character out, as it does for UTF-8."""
    text = decode_head(head, cut=True)
    assert text.lstrip("\ufeff").startswith("Round three went long")
    assert _PROSE.startswith(text.lstrip("\ufeff")), name


@pytest.mark.parametrize("offset", range(-3, 3))
def test_a_head_with_a_stray_nul_cut_inside_a_character_reads_its_whole_characters(offset):
    """Review32g #5: a NUL byte anywhere in the head turned the trim off, though decode
    drops stray NULs and reads the rest as strict UTF-8: Japanese notes with one leading
    NUL, cut inside a character, were read as Windows-1252 (binary data, checked as a deck)."""
    line = "今日の大会では赤単バーンを使いました。\n"
    data = b"\x00" + (line * 200).encode("utf-8")
    cut = 3000 + offset
    text = decode_head(data[:cut], cut=True)
    assert (line * 200).startswith(text) and len(text) > 900


# UTF-16 by where its NULs are, but no UTF-16 (a lone low surrogate): decode drops its NULs
# and reads the rest as narrow text; a whole one that decodes as UTF-16.
_UNDECODABLE_UTF16 = "abc\udc41defg".encode("utf-16-le", "surrogatepass")
_UTF16 = "abcdéfg".encode("utf-16-le")


@pytest.mark.parametrize(("head", "wide"), [
    (_UNDECODABLE_UTF16[:-1], False),  # cut inside its last code unit
    (_UNDECODABLE_UTF16, False),
    (_UTF16[:-1], True),
    (_UTF16, True),
])
def test_a_manifest_and_a_cut_head_agree_on_whether_text_is_utf16(head, wide):
    """One answer to "UTF-16 or UTF-32?" (textio.is_wide_unicode): a manifest's reading
    asked it by decoding, a cut head's trim (decode_head) by where the NULs are, so a head
    of undecodable UTF-16 was trimmed by code units, then read as narrow text by decode
    (its last letter lost), and a manifest's copy of it as narrow text from the start."""
    from deckcheck.textio import decode, is_wide_unicode

    assert is_wide_unicode(head[:len(head) - len(head) % 2]) is wide
    text = decode_head(head, cut=True)
    if wide:
        assert text == "abcdéfg"[:len(head) // 2]
    else:
        assert text == decode(head)  # the narrow reading, its last letter whole


def test_text_with_a_utf8_bom_is_not_wide_whatever_its_nuls():
    """decode reads a UTF-8 BOM's text as UTF-8 (or refuses it), never as UTF-16."""
    from deckcheck.textio import is_wide_unicode

    assert not is_wide_unicode(codecs.BOM_UTF8 + b"\x00a" * 100)


@pytest.mark.parametrize("cut", [0, 1])  # after a whole character; inside one (its lead byte)
def test_a_cut_national_head_is_read_in_its_encoding_at_most_twice(monkeypatch, cut):
    """decode_head's trim of a Shift-JIS head read it in the national encodings to find a
    cut character, and decode then read what it kept again: three readings of up to 64 KiB
    for a head cut inside a character, two for one cut after it."""
    from deckcheck import textio

    line = "今日の大会では赤単バーンを使いました。\n"
    data = (line * 200).encode("cp932")
    head = data[:len(line.encode("cp932")) * 70 + 10 + cut]  # 70 lines and 5 characters (2 bytes each)
    read = []
    reading = textio.national_reading
    monkeypatch.setattr(textio, "national_reading", lambda chunk: read.append(len(chunk)) or reading(chunk))
    text = decode_head(head, cut=True)
    assert (line * 200).startswith(text) and len(text) > 900
    assert len(read) == 1 + cut, read
