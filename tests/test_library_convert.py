"""The library's `convert` is `deckcheck convert`: the same text, and as data the warnings
the command prints on stderr (a website shows them beside the download). Each case runs
both on one file and compares them."""
from __future__ import annotations

import pickle
import re
from pathlib import Path

import pytest

from conftest import run_cli
from deckcheck import convert, parse_bytes
from deckcheck.errors import DeckcheckError, OptionError

WARNING = "deckcheck: warning: "

CASES = [
    ("burn.txt", "4 Lightning Bolt\n56 Mountain\n", ["--to", "arena"]),
    # a typed Commander list without a format: its big last group read as the sideboard
    ("edh.txt", "1 Atraxa, Praetors' Voice\n\n1 Sol Ring\n98 Forest\n", ["--to", "arena"]),
    ("edh.txt", "1 Atraxa, Praetors' Voice\n\n1 Sol Ring\n98 Forest\n", ["--to", "dck", "-f", "mtg/commander"]),
    # cards outside the deck, a name no card has, a card line without a count
    ("site.txt", "Deck\n4 Lightning Bolt\n55 Mountain\n1 Lightnig Bolt\nSideboard\n2 Duress\nMaybeboard\n3 Shock\n",
     ["--to", "dek"]),
    ("count.txt", "Lightning Bolt\n59 Mountain\n", ["--to", "text"]),
    ("deck.ydk", "#main\n14558127\n14558127\n#extra\n!side\n", ["--to", "ydke"]),
    ("named.txt", "1 Ash Blossom & Joyous Spring\n1 99999999\n", ["--to", "ydk"]),
]


@pytest.mark.parametrize("name, content, args", CASES, ids=[f"{case[0]}-{case[2][1]}" for case in CASES])
def test_convert_is_what_the_command_writes_and_warns(tmp_path, name, content, args):
    (tmp_path / name).write_text(content, encoding="utf-8")
    done = run_cli("convert", name, *args, cwd=tmp_path)
    format_id = args[args.index("-f") + 1] if "-f" in args else None
    if done.returncode != 0:
        with pytest.raises(DeckcheckError) as raised:
            convert(tmp_path / name, args[1], format_id=format_id)
        assert done.stderr.endswith(f"deckcheck: error: {raised.value}\n".replace(str(tmp_path / name), name))
        return
    result = convert(tmp_path / name, args[1], format_id=format_id)
    assert result.text == done.stdout
    # The same warnings, the settings named in each one's words
    shown = [f"{WARNING}{message}\n".replace(str(tmp_path / name), name).replace("format_id='mtg/commander'", "-f mtg/commander")
             .replace("give format_id", "give -f FORMAT") for message in result.warnings]
    assert shown == done.stderr.splitlines(keepends=True)


def test_a_companion_named_with_control_characters_is_warned_of_escaped():
    """review32h finding 5: the companion warning listed names as read, so the library's
    warnings held a raw escape and bell (the command's stderr shows them); the other
    warnings' names are quoted escaped, and so is a name a control character is in."""
    text = "Companion\n1 Lurrus\x1b[31mRED\x07\n\nDeck\n4 Lightning Bolt\n56 Mountain\n"
    [warning] = [said for said in convert(text, "cod").warnings if "companion zone" in said]
    assert "\x1b" not in warning and "\x07" not in warning
    assert "the companion, 'Lurrus\\x1b[31mRED\\x07' (line 2)," in warning
    assert warning.replace("<text>", "<stdin>") in run_cli("convert", "-", "--to", "cod", input=text).stderr


def test_the_warnings_are_data():
    result = convert("1 Atraxa, Praetors' Voice\n\n1 Sol Ring\n98 Forest\n", "arena")
    [guess] = result.warnings
    # the library's words for the setting to give, not the command's options
    assert "give format_id to read the list as that format does (format_id='mtg/commander' takes" in guess
    assert "-f" not in guess
    assert convert("Deck\n4 Lightning Bolt\n56 Mountain\n", "dek").encoding == "utf-8"  # XML says so


def test_a_deck_parse_bytes_read_is_converted_and_not_changed():
    deck = parse_bytes("4 Lim-Dûl’s Vault\n56 Swamp\n".encode("cp1252"), name="vault.txt")
    before = (deck.name, list(deck.entries))
    result = convert(deck, "text")
    assert result.text == "4 Lim-Dûl's Vault\n56 Swamp\n" or "Lim-Dûl" in result.text
    assert (deck.name, list(deck.entries)) == before


@pytest.mark.parametrize("to", ["cod", "dck"])  # dek writes no deck name
def test_a_deck_read_from_a_named_upload_or_file_is_named_as_the_command_names_it(tmp_path, to):
    """review32h finding 2: `deckcheck convert burn.txt --to cod` and convert(Path) name the
    deck burn, but a Deck that parse_bytes read from an upload named burn.txt (or parse_deck
    from the file) was written unnamed. A deck read from text or an unnamed upload stays so."""
    from deckcheck import parse_deck

    text = "4 Lightning Bolt\n56 Mountain\n"
    (tmp_path / "burn.txt").write_text(text)
    command = run_cli("convert", str(tmp_path / "burn.txt"), "--to", to)
    assert command.returncode == 0, command.stderr
    assert "burn" in command.stdout
    assert convert(Path(tmp_path / "burn.txt"), to).text == command.stdout
    assert convert(parse_bytes(text.encode(), name="burn.txt"), to).text == command.stdout
    assert convert(parse_deck(tmp_path / "burn.txt"), to).text == command.stdout
    unnamed = run_cli("convert", "-", "--to", to, input=text).stdout
    assert convert(parse_bytes(text.encode()), to).text == unnamed
    assert "burn" not in unnamed


@pytest.mark.parametrize("to", ["foo", 3, None])
def test_an_unknown_to_is_an_option_error_naming_to(to):
    with pytest.raises(OptionError) as raised:
        convert("4 Lightning Bolt\n", to)
    assert raised.value.setting == "to"
    assert pickle.loads(pickle.dumps(raised.value)).setting == "to"


def test_the_command_still_names_its_option():
    done = run_cli("convert", "-", "--to", "foo", input="4 Lightning Bolt\n")
    assert done.returncode == 2
    assert done.stderr == "deckcheck: error: --to 'foo': choose one of dek, cod, dck, ydk, ydke, text, arena\n"


@pytest.mark.parametrize("deck", ["%PDF-1.4 garbage\x00\x01", Path("/nonexistent/deck.txt")])
def test_a_list_that_cannot_be_read_is_a_deckcheck_error(deck):
    with pytest.raises(DeckcheckError) as raised:
        convert(deck, "arena")
    assert "\n" not in str(raised.value)


def test_convert_prints_nothing(capfd):
    convert("1 Atraxa, Praetors' Voice\n\n1 Sol Ring\n98 Forest\n1 Lightnig Bolt\n", "arena")
    assert capfd.readouterr() == ("", "")


@pytest.mark.parametrize("name, data, message", [
    ("photo.png", b"\x89PNG\r\n\x1a\n" + b"\x00" * 50,
     "photo.png: cannot convert, 1 problem reading it (not a text decklist: looks like PNG (an image); export the list as text)"),
    ("deck.dek", b'<?xml version="1.0"?><Deck><Cards',
     "deck.dek: cannot convert, 1 problem reading it (line 1: not well-formed XML (unclosed token): the file ends inside "
     "<Deck>, never closed; it was cut short (saved or copied in part?): save or export it again)"),
])
def test_a_file_that_cannot_be_read_is_named_once(tmp_path, name, data, message):
    """The reason was quoted with the file's name (and an XML file's line) it starts with:
    `photo.png: cannot convert, 1 problem reading it (photo.png: not a text decklist: ...)`,
    `deck.dek: ... (line 1: deck.dek: line 1: not well-formed XML ...)`."""
    with pytest.raises(DeckcheckError) as raised:
        convert(parse_bytes(data, name=name), "arena")
    assert str(raised.value) == message
    (tmp_path / name).write_bytes(data)
    done = run_cli("convert", name, "--to", "arena", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (2, f"deckcheck: error: {message}\n")


def test_the_wrong_game_error_names_to_in_the_library_words():
    """review32h finding 6: the library said `to ydk writes ... give another to, such as
    text`, the command's sentence with its option's dashes dropped."""
    with pytest.raises(DeckcheckError) as raised:
        convert("4 Lightning Bolt\n4 Counterspell\n52 Island\n", "ydk")
    assert str(raised.value).endswith(": to='ydk' writes Yu-Gi-Oh! passcodes; give another to, such as to='text'")
    # It asks for another `to`: a form marks that field (docs/contracts.md), where setting was None
    assert raised.value.setting == "to"


@pytest.mark.parametrize("cards", [True, 3, b"cards.sqlite"])
def test_a_card_database_that_is_no_path_is_refused_alike_by_convert_and_lookup_card(cards):
    """convert and lookup_card take a card database's path or None, no catalog (validate and
    simulate take one too): one check says so for both (cards.check_database_path), convert
    naming False too, which it takes as validate does (no card data)."""
    from deckcheck import lookup_card

    refused = []
    for call in (lambda: convert("4 Lightning Bolt\n", "arena", cards=cards), lambda: lookup_card("Lightning Bolt", cards=cards)):
        with pytest.raises(OptionError) as raised:
            call()
        refused.append((raised.value.setting, str(raised.value)))
    assert refused == [("cards", f"cards {cards!r}: give a card database's path, None (the default card data) or False "
                                 "(no card data)"),
                       ("cards", f"cards {cards!r}: give a card database's path, or None (the default card data)")]


def test_cards_false_converts_without_card_data_as_validate_checks_without_it(tmp_path, monkeypatch):
    # validate(..., cards=False) is `validate --no-cards`; convert refused cards=False, so a
    # website that checks without card data could not convert the same way. Without it
    # nothing is renamed or taken for a title, no name is warned of, and no card data is
    # opened (a damaged database in the way is never read).
    pasted = "Mono Red Burn\n4 lightning bolt\n1 Lightnig Bolt\n55 Mountain\n"
    assert convert(pasted, "arena").text == "About\nName Mono Red Burn\n\nDeck\n4 Lightning Bolt\n1 Lightnig Bolt\n55 Mountain\n"
    (tmp_path / "broken.sqlite").write_bytes(b"not a database")
    monkeypatch.setenv("DECKCHECK_CARDS_DB", str(tmp_path / "broken.sqlite"))
    off = convert(pasted, "arena", cards=False)
    assert off.text == "Deck\n1 Mono Red Burn\n4 lightning bolt\n1 Lightnig Bolt\n55 Mountain\n"
    # the title line is a card, as validate(..., cards=False) reads it, with its warning
    assert off.warnings == ["<text>: line 1: no count on this line: read as 1 copy of 'Mono Red Burn'; "
                            "write `1 Mono Red Burn` if that is right"]
    # a list by passcode is written by passcode without the data; a list by name cannot be
    assert convert("#main\n14558127\n#extra\n!side\n", "ydke", cards=False).text.startswith("ydke://")
    # in the library's words, marking the keyword chosen (review of session 33, finding 4:
    # it gave the command's `deckcheck cards import` advice, and setting None)
    with pytest.raises(DeckcheckError) as raised:
        convert("1 Ash Blossom & Joyous Spring\n", "ydk", cards=False)
    assert (raised.value.setting, str(raised.value)) == (
        "cards", "<text>: no passcode for 'Ash Blossom & Joyous Spring' (line 1): cards=False reads no card data; "
                 "give cards=None (the default card data) or a card database's path")
    # with a format: its reading of the zones, still without card data (the first group
    # is the commander, as validate(..., "mtg/commander", cards=False) reads it)
    commander = convert("1 Atraxa, Praetors' Voice\n\n1 Sol Ring\n98 Forest\n", "dck", format_id="mtg/commander", cards=False)
    assert "[Commander]\n1 Atraxa, Praetors' Voice\n[Main]\n" in commander.text
    with pytest.raises(DeckcheckError):  # the damaged database is read when card data is asked for
        convert(pasted, "arena")


# Control characters in names as a hostile list writes them: an escape sequence, a bell, a
# NUL, a C1 control, a lone carriage return and a bidirectional override.
HOSTILE_LIST = ("4 Lightning\x1b[31mBolt\x07\n4 Is\x00land\n1 Sh\x9bock\n1 Op\u202etion\n"
                "\nSideboard\n1 Negate\x1b]0;pwned\x07\n")


@pytest.mark.parametrize("to", ["text", "arena", "cod", "dek", "dck"])
def test_control_characters_in_names_are_written_as_the_command_writes_them(tmp_path, to):
    """sec33: the library's convert wrote a name's control characters raw into the file's
    text (a website's download, or a page showing it, held a terminal escape; an XML file
    held characters XML 1.0 forbids, so no XML reader took it back), where the command
    shows each as its symbol (␛). The text is the command's, and none of them is in it."""
    (tmp_path / "hostile.txt").write_bytes(HOSTILE_LIST.encode("utf-8"))
    result = convert(tmp_path / "hostile.txt", to)
    assert result.text == run_cli("convert", "hostile.txt", "--to", to, cwd=tmp_path).stdout
    forbidden = {chr(code) for code in [*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), *range(0x7F, 0xA0)]}
    assert not forbidden & set(result.text) and "\u202e" not in result.text
    assert "Lightning\u241b[31mBolt\u2407" in result.text
    if to in ("cod", "dek"):  # well-formed XML again: deckcheck reads its own file back
        back = parse_bytes(result.text.encode("utf-8"), name=f"back.{to}")
        assert not back.problems and len(back.entries) == 5


@pytest.mark.parametrize("to", ["cod", "dek"])
def test_characters_xml_forbids_are_written_as_the_replacement_character(to):
    """sec33: a name holding U+FFFE or U+FFFF (noncharacters, which XML 1.0 forbids) was
    written into the .cod or .dek as it was, and no XML reader, deckcheck's own included,
    read the file back ('not well-formed XML'). They are written as U+FFFD, as undecodable
    bytes are read."""
    result = convert("4 Light\uffffning Bolt\n2 Sh\ufffeock\n54 Mountain\n\nSideboard\n1 Du\uffffress\n", to)
    assert "\uffff" not in result.text and "\ufffe" not in result.text
    back = parse_bytes(result.text.encode("utf-8"), name=f"back.{to}")
    assert not back.problems
    # (a name one U+FFFD from a card's is read as that card, as a file's undecodable byte is)
    assert [entry.name.replace("\ufffd", "") for entry in back.entries] == ["Lightning Bolt", "Shock", "Mountain", "Duress"]


# An upload's file name as a hostile form sends it: a terminal title escape, a line break,
# a right-to-left override (shows `evil.txt` as `evtxt.li`), an isolate, a C1 control.
HOSTILE_UPLOAD_NAMES = ["ev\x1b]0;pwned\x07il.txt", "a\nb.txt", "ev\u202eil.txt", "a\u2066b.txt", "a\x9bb.txt"]


@pytest.mark.parametrize("name", HOSTILE_UPLOAD_NAMES)
def test_an_upload_name_with_control_characters_is_quoted_in_errors_and_warnings(name):
    """sec33: convert named a Deck by its source as given, so parse_bytes(name=) of a
    hostile upload put a raw escape and bell (or a line break) into the DeckcheckError a
    website shows and into its warnings, each meant to be one line; docs/security.md has a
    name a caller chose that holds a control character quoted in the library's errors
    (limits.one_line), as the file's warnings and refusals now quote it."""
    refused = parse_bytes(b"\x00\x01\x02\x03" * 64, name=name)
    with pytest.raises(DeckcheckError) as raised:
        convert(refused, "text")
    warned = convert(parse_bytes(b"4 Lightnig Bolt\n56 Mountain\n", name=name), "arena").warnings
    assert warned
    for message in [str(raised.value), *warned]:
        assert not re.search("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]", message), ascii(message)
        assert message.startswith(repr(name) + ": ")


@pytest.mark.parametrize("text, to", [
    ("Hero: Graccus\n4 Aura of Accuracy\n56 Ironforge Guards\n", "dek"),                  # a hero
    ("Main\n3 Maxx \"C\"\nExtra\n1 Accesscode Talker\n", "dek"),                        # an Extra Deck
    ("Commander\n1 Atraxa, Praetors' Voice\nDeck\n98 Forest\nSideboard\n1 Negate\n", "dek"),  # a commander filed in a sideboard beside one
])
def test_a_zone_to_cannot_hold_names_the_setting_to(text, to):
    # The refusal names the formats that can hold the deck: `to` is what to change, which a
    # website's form marks (docs/contracts.md); its setting was None.
    with pytest.raises(DeckcheckError) as raised:
        convert(text, to)
    assert raised.value.setting == "to", str(raised.value)
