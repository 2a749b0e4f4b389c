"""`deckcheck.parse_bytes`: a website receives an uploaded list as bytes in an encoding
nobody named. The library read only text (a `str`, which the site had to decode itself,
guessing) or a file (a `Path`, which the site had to write first); the command line
decodes a file's bytes itself (BOM, UTF-8, Shift-JIS, Korean, Chinese, Cyrillic, Mac
Roman, Windows-1252: textio.decode) and tells a photo or a PDF from a list. parse_bytes
gives a library caller the same reading, so an upload checks as the same file would."""
from __future__ import annotations

from pathlib import Path

import pytest

import deckcheck
from conftest import run_cli
from deckcheck import check_deck, parse_bytes, validate
from deckcheck.errors import DeckcheckError, OptionError


UPLOADS = [  # (file name, bytes, format): each read as the file of those bytes is
    ("cp1252.txt", "4 Lim-Dûl’s Vault\n56 Swamp\n".encode("cp1252"), "mtg/legacy"),
    ("macroman.txt", "4 Lim-Dûl’s Vault\r56 Swamp\r".encode("mac_roman"), "mtg/legacy"),
    ("utf16.txt", "4 Lightning Bolt\r\n56 Mountain\r\n".encode("utf-16"), "mtg/modern"),
    ("bom.txt", b"\xef\xbb\xbf5 Lightning Bolt\n55 Mountain\n", "mtg/modern"),
    ("sjis.txt", "3 灰流うらら\n37 ブルーアイズ・ホワイト・ドラゴン\n".encode("shift_jis"), "yugioh/advanced-tcg"),
    ("deck.ydk", b"#main\n14558127\n14558127\n14558127\n14558127\n!side\n", "yugioh/advanced-tcg"),
    ("scan.png", b"\x89PNG\r\n\x1a\n" + bytes(64), "mtg/modern"),
    ("nul.txt", b"4 Lightning Bolt\x00\n56 Mountain\n", "mtg/modern"),
]


@pytest.mark.parametrize(("name", "data", "format_id"), UPLOADS, ids=[case[0] for case in UPLOADS])
def test_an_upload_reads_as_the_file_of_its_bytes(tmp_path, name, data, format_id):
    path = tmp_path / name
    path.write_bytes(data)
    from_file = validate(path, format_id).to_dict()
    from_bytes = check_deck(parse_bytes(data, name=str(path)), format_id).to_dict()
    assert from_bytes == from_file
    # bytearray and memoryview are bytes too (a framework's upload buffer)
    for buffer in (bytearray(data), memoryview(data)):
        assert check_deck(parse_bytes(buffer, name=str(path)), format_id).to_dict() == from_file


def test_an_upload_is_decoded_not_mojibake():
    deck = parse_bytes("4 Lim-Dûl’s Vault\n56 Swamp\n".encode("cp1252"))
    assert [entry.name for entry in deck.entries] == ["Lim-Dûl’s Vault", "Swamp"]
    assert deck.source == "<upload>"
    assert check_deck(deck, "mtg/legacy").legal


def test_a_photo_is_a_parse_error_not_an_exception():
    result = check_deck(parse_bytes(b"\x89PNG\r\n\x1a\n" + bytes(64), name="scan.png"), "mtg/modern")
    assert not result.legal and result.unreadable
    assert result.problems[0].rule == "parse-error"
    assert "not a text decklist: looks like" in result.problems[0].message


def test_an_upload_over_the_size_limit_is_a_parse_error():
    from deckcheck.limits import MAX_INPUT_BYTES

    result = check_deck(parse_bytes(b"1 Island\n" * (MAX_INPUT_BYTES // 9 + 1)), "mtg/modern")
    assert result.unreadable and result.problems[0].rule == "parse-error"


def test_the_input_format_is_chosen_as_the_command_lines_is():
    deck = parse_bytes(b"#main\n14558127\n", name="upload", input_format="ydk")
    assert [entry.count for entry in deck.entries] == [1]
    with pytest.raises(OptionError) as caught:
        parse_bytes(b"4 Island\n", input_format="csv")
    assert caught.value.setting == "input_format"


@pytest.mark.parametrize("data", ["4 Island\n", None, 4, ["4 Island"]])
def test_anything_but_bytes_is_an_option_error(data):
    with pytest.raises(OptionError) as caught:
        parse_bytes(data)  # type: ignore[arg-type]
    assert caught.value.setting == "data"
    assert "give the upload's bytes" in str(caught.value)


@pytest.mark.parametrize("name", [None, 4, b"deck.txt"])
def test_a_name_that_is_no_text_is_an_option_error(name):
    with pytest.raises(DeckcheckError) as caught:
        parse_bytes(b"4 Island\n", name=name)  # type: ignore[arg-type]
    assert caught.value.setting == "name"


def test_a_settings_file_uploaded_as_a_deck_says_so(tmp_path):
    # load_deck tells a deckcheck.yaml given as a list what it is; an upload so named too
    data = b"decks: decks/*.txt\nformat: mtg/modern\n"
    (tmp_path / "deckcheck.yaml").write_bytes(data)
    from_file = validate(tmp_path / "deckcheck.yaml", "mtg/modern").problems[0].message
    from_bytes = check_deck(parse_bytes(data, name=str(tmp_path / "deckcheck.yaml")), "mtg/modern").problems[0].message
    assert from_bytes == from_file


def test_parse_bytes_is_exported():
    assert "parse_bytes" in deckcheck.__all__


@pytest.mark.parametrize("call", [validate, deckcheck.parse_deck])
def test_bytes_given_where_text_goes_are_sent_to_parse_bytes(call):
    # validate(upload.read(), ...) was told only to give text or a Path
    with pytest.raises(OptionError) as caught:
        call(b"4 Island\n", *(["mtg/modern"] if call is validate else []))
    assert caught.value.setting == "deck"
    assert "an upload's bytes go to parse_bytes" in str(caught.value)


@pytest.mark.parametrize("name", ["deck.txt", "list.yaml", "deckcheck.yml"])
def test_an_upload_is_decoded_once_whatever_its_name(monkeypatch, name):
    # A web service's user names the upload: `x.yaml` had its bytes decoded twice (once to
    # sniff a settings file, once to read the list), and 4 MiB of hostile non-UTF-8 bytes
    # cost each decoding pass twice (every national reading tried again).
    from deckcheck import textio
    import deckcheck.decklists as decklists

    calls = []
    real = textio.decode

    def counting(data, **keywords):
        calls.append(len(data))
        return real(data, **keywords)

    monkeypatch.setattr(decklists, "decode", counting)
    data = "4 하루 우라라\n36 Island\n".encode("cp949")
    deck = parse_bytes(data, name=name)
    assert [entry.name for entry in deck.entries] == ["하루 우라라", "Island"]
    assert calls == [len(data)]


@pytest.mark.parametrize("kind", [bytearray, memoryview])
def test_an_upload_buffer_over_the_size_limit_is_not_copied(kind):
    # A framework's upload buffer far over the limit was copied whole (bytes(data)) before
    # the size check refused it: memory grew with the stranger's upload.
    import tracemalloc

    from deckcheck.limits import MAX_INPUT_BYTES

    buffer = kind(bytearray(4 * MAX_INPUT_BYTES))
    tracemalloc.start()
    try:
        deck = parse_bytes(buffer, name="big.txt")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert deck.unreadable and "big.txt" in deck.problems[0].message
    assert peak < MAX_INPUT_BYTES // 4


@pytest.mark.parametrize("data", [bytes(5000), bytes(100) + b"\n\n" + bytes(100), bytes(1)])
def test_an_upload_of_zero_bytes_only_is_no_text_not_an_empty_list(tmp_path, data):
    """A file of NUL bytes (one saved in part, or never written: a crash, a disk image's
    hole) was told 'the list holds no cards (it is empty, or holds only blank lines ...):
    write the decklist into it' of a 5,000-byte file: the stray NUL bytes a list may carry
    were dropped, and nothing was left. It is no text, and says so."""
    result = check_deck(parse_bytes(data, name="zeros.txt"), "mtg/modern")
    assert result.unreadable and result.problems[0].rule == "parse-error"
    assert result.problems[0].message == ("zeros.txt: not a text decklist: looks like zero bytes only (a file saved "
                                          "in part, or never written); export the list as text")
    (tmp_path / "zeros.txt").write_bytes(data)
    done = run_cli("validate", "zeros.txt", "-f", "mtg/modern", cwd=tmp_path)
    assert done.returncode == 2 and "looks like zero bytes only" in done.stdout  # unreadable, as a photo
