"""Yu-Gi-Oh! decklists: .ydk and ydke:// parsing, text lists with Main/Extra/Side, and
exact .ydk <-> ydke:// round trips on every shared real deck."""
from __future__ import annotations

import json

import pytest

from deckcheck.errors import DeckcheckError

from conftest import SHARED_DATA
from deckcheck.decklists.convert import convert
from deckcheck.model import EXTRA, HERO, MAIN, SIDEBOARD
from deckcheck.decklists import parse_text
from deckcheck.decklists.ydke import encode_part

YDK_DIR = SHARED_DATA / "ygo" / "decks"
SHARED_YDK = sorted(YDK_DIR.glob("*.ydk")) if YDK_DIR.is_dir() else []
# The shared decks as test cases; without the data, one case that skips saying so (an
# empty parameter list would skip as "got empty parameter set", naming nothing).
YDK_CASES = SHARED_YDK or [pytest.param(
    None, marks=pytest.mark.skip(reason=f"shared real data not found at {YDK_DIR} (set DECKCHECK_SHARED_DATA)"),
)]
YGOPRO_LINES = {"#created by ...", "#main", "#extra", "!side"}  # what YGOPro writes, and nothing else


def _codes(deck, zone):
    return [entry.code for entry in deck.entries if entry.zone == zone for _ in range(entry.count)]


def _manifest() -> dict[str, dict]:
    return {item["file"]: item for item in json.loads((YDK_DIR / "manifest.json").read_text(encoding="utf-8"))}


# ------------------------------------------------------------------ .ydk


def test_ydk_sections_order_duplicates_and_lines():
    deck = parse_text("#created by someone\n#main\n14558127\n14558127\n05318639\n#extra\n86066372\n!side\n23434538\n")
    assert deck.input_format == "ydk"
    assert deck.problems == []
    # Copies on consecutive lines are one entry at the first copy's line.
    assert [(e.code, e.zone, e.line, e.count) for e in deck.entries] == [
        (14558127, MAIN, 3, 2), (5318639, MAIN, 5, 1), (86066372, EXTRA, 7, 1), (23434538, SIDEBOARD, 9, 1),
    ]
    assert deck.entries[1].name == "5318639"  # leading zero dropped; named by card data later


def test_ydk_copies_apart_stay_apart_in_order():
    deck = parse_text("#main\n1\n2\n1\n1\n#extra\n!side\n1\n")
    assert [(e.code, e.count, e.line, e.zone) for e in deck.entries] == [
        (1, 1, 2, MAIN), (2, 1, 3, MAIN), (1, 2, 4, MAIN), (1, 1, 8, SIDEBOARD)]
    assert _codes(deck, MAIN) == [1, 2, 1, 1]


def test_ydk_junk_lines_are_parse_errors_and_the_rest_is_read(tmp_path):
    path = tmp_path / "deck.ydk"
    path.write_text("#main\n14558127\nAsh Blossom\n99999999999\n#extra\n!side\n1 2\n", encoding="utf-8")
    from deckcheck.decklists import load_deck

    deck = load_deck(path)
    assert [(p.rule, p.line) for p in deck.problems] == [("parse-error", 3), ("parse-error", 4), ("parse-error", 7)]
    assert "Ash Blossom" in deck.problems[0].message
    # An 11-digit number is a number: it is out of range, not "expected a number".
    assert "passcode out of range: a passcode is a number from 1 to 4294967295" in deck.problems[1].message
    assert _codes(deck, MAIN) == [14558127]


@pytest.mark.parametrize("line", ["0", "4294967296", "0" * 12 + "1" * 30, "9" * 2000])
def test_ydk_numbers_out_of_range_say_so(line):
    deck = parse_text(f"#main\n14558127\n{line}\n#extra\n!side\n")
    (problem,) = deck.problems
    assert (problem.rule, problem.line) == ("parse-error", 3)
    assert problem.message.startswith("passcode out of range: a passcode is a number from 1 to 4294967295")
    assert len(problem.message) < 200
    assert _codes(deck, MAIN) == [14558127]


@pytest.mark.parametrize("note", ["\t# Ash Blossom", "  # Ash Blossom & Joyous Spring", " // hand trap", "\t#"])
def test_ydk_a_note_after_a_passcode_is_a_comment(note):
    """YGOPro reads a line's leading number: a player's note after it is no parse error,
    in a file named .ydk and in one told by its content (no #extra or !side)."""
    for text, source in ((f"#main\n14558127{note}\n14558127\n#extra\n!side\n23434538{note}\n", "d.ydk"),
                         (f"#main\n14558127{note}\n14558127\n", "<text>")):
        deck = parse_text(text, source=source)
        assert deck.input_format == "ydk" and deck.problems == []
        assert _codes(deck, MAIN) == [14558127, 14558127]
    assert _codes(parse_text(f"#main\n!side\n23434538{note}\n", source="d.ydk"), SIDEBOARD) == [23434538]


@pytest.mark.parametrize("line", ["14558127 Ash Blossom", "14558127#x", "14558127 3"])
def test_ydk_other_text_after_a_passcode_is_still_a_parse_error(line):
    deck = parse_text(f"#main\n{line}\n#extra\n!side\n", source="d.ydk")
    assert [(p.rule, p.line) for p in deck.problems] == [("parse-error", 2)]


def test_ydk_mdpro3_metadata_and_bom_are_not_cards():
    text = "\ufeff#created by MDPro3\n#main\n14558127\n#extra\n!side\n#pickup\n#14558127\n#case\n#1080001\n##2b2b\n###x\n$14558127$\n"
    deck = parse_text(text, source="x.ydk")
    assert deck.problems == []
    assert _codes(deck, MAIN) == [14558127] and _codes(deck, SIDEBOARD) == []


@pytest.mark.parametrize("side", ["!Side Deck", "!side deck", "!SIDE", "! side", "!Side:", "!side ###"])
def test_ydk_any_line_starting_with_a_bang_starts_the_side_deck(side):
    """YGOPro and EDOPro open the Side Deck at any line whose first character is `!`
    (deck_manager.cpp of both): `!Side Deck` was a parse-error, and the Side Deck's cards
    were read as Extra Deck cards (29 of them, each an extra-deck-type error)."""
    for source in ("d.ydk", "<text>"):
        deck = parse_text(f"#created by ...\n#main\n14558127\n#extra\n86066372\n{side}\n23434538\n", source=source)
        assert deck.input_format == "ydk" and deck.problems == []
        assert (_codes(deck, MAIN), _codes(deck, EXTRA), _codes(deck, SIDEBOARD)) == ([14558127], [86066372], [23434538])


@pytest.mark.parametrize(("main", "extra"), [("#Main Deck", "#Extra Deck"), ("# main deck:", "# extra:"), ("#MAIN", "#EXTRA DECK")])
def test_ydk_main_and_extra_headers_spelled_out_open_their_zones(main, extra):
    """YGOPro and EDOPro take `#Extra Deck` for a comment and place an Extra Deck monster by
    its type: read as the header it names, the zones are theirs (it was a comment, and every
    Extra Deck monster below it an extra-deck-type error in the Main Deck)."""
    deck = parse_text(f"#created by ...\n{main}\n14558127\n{extra}\n86066372\n!side\n23434538\n", source="d.ydk")
    assert deck.problems == []
    assert (_codes(deck, MAIN), _codes(deck, EXTRA), _codes(deck, SIDEBOARD)) == ([14558127], [86066372], [23434538])


def test_a_list_by_name_under_ydk_headers_is_a_typed_list():
    """`#main`, `#extra` and `!side` above cards by name (as some tools write a .ydk out with
    names) made a file that is not named .ydk a .ydk by its content: every card line was a
    parse-error. It is a typed list, its headers read as such; a .ydk of no card stays one."""
    deck = parse_text('#main\n3 Ash Blossom & Joyous Spring\n#extra\n1 Accesscode Talker\n!side\n3 Maxx "C"\n', source="deck.txt")
    assert deck.input_format == "text" and deck.problems == []
    assert [(entry.name, entry.zone) for entry in deck.entries] == [
        ("Ash Blossom & Joyous Spring", MAIN), ("Accesscode Talker", EXTRA), ('Maxx "C"', SIDEBOARD)]
    assert parse_text("#created by ...\n#main\n#extra\n!side\n", source="deck.txt").input_format == "ydk"
    # A typed list saved as .ydk, its Side Deck headed `!Side Deck`, is still a typed list.
    typed = parse_text('3 Ash Blossom & Joyous Spring\n!Side Deck\n3 Maxx "C"\n', source="deck.ydk")
    assert typed.input_format == "text" and typed.problems == []
    assert [(entry.name, entry.zone) for entry in typed.entries] == [("Ash Blossom & Joyous Spring", MAIN), ('Maxx "C"', SIDEBOARD)]


@pytest.mark.parametrize("source", ["deck.ydk", "deck.txt"])
@pytest.mark.parametrize("cards, counts", [
    ('#main\n3 Ash Blossom & Joyous Spring\n#extra\n1 Accesscode Talker\n!side\n2 Maxx "C"\n', [3, 1, 2]),
    # A copy a line, as a .ydk lists passcodes: names without counts.
    ('#created by ...\n#main\nAsh Blossom & Joyous Spring\nAsh Blossom & Joyous Spring\n#extra\nAccesscode Talker\n'
     '!side\nMaxx "C"\n', [1, 1, 1, 1]),
])
def test_a_list_by_name_under_ydk_headers_is_a_typed_list_whatever_its_name(source, cards, counts):
    """A file named .ydk with `#main`, `#extra` and `!side` above cards by name was read as
    passcodes (every card line "expected a passcode (a number)", a deck of 0 cards), though
    the same text named .txt was a typed list; and names written a copy a line, as a .ydk
    lists passcodes, were passcodes whatever the file's name. Both are typed lists."""
    from deckcheck.decklists import parse_bytes

    deck = parse_bytes(cards.encode(), source=source)
    assert deck.input_format == "text"
    assert not [p for p in deck.problems if p.severity == "error"]
    assert [entry.count for entry in deck.entries] == counts
    assert {entry.zone for entry in deck.entries} == {MAIN, EXTRA, SIDEBOARD}


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"], ids=["LF", "CRLF", "CR"])
def test_ydk_line_ends_do_not_change_what_it_is(end):
    # A lone CR ends a line as LF does (docs/decklists.md): `#main` then passcodes, with no
    # `#extra` or `!side` to tell it by, was read as a typed list of unreadable lines when
    # its lines ended CR (the sniffer's pattern found lines by LF alone).
    deck = parse_text(end.join(["#main", "14558127", "14558127", ""]))
    assert deck.input_format == "ydk" and deck.problems == []
    assert [(e.code, e.line, e.count) for e in deck.entries] == [(14558127, 2, 2)]
    # A typed list saved as .ydk is the text parser's, whatever its line ends.
    typed = parse_text(end.join(["#created by someone", "3 Ash Blossom & Joyous Spring", ""]), source="d.ydk")
    assert typed.input_format == "text"
    assert [(e.name, e.count) for e in typed.entries] == [("Ash Blossom & Joyous Spring", 3)]


@pytest.mark.parametrize("path", YDK_CASES, ids=lambda p: p.name if p is not None else "no-data")
def test_every_shared_ydk_parses_to_its_manifest_counts(path):
    item = _manifest()[path.name]
    from deckcheck.decklists import load_deck

    deck = load_deck(path)
    assert deck.input_format == "ydk"
    assert deck.problems == []
    counts = deck.counts()
    assert (counts.get(MAIN, 0), counts.get(EXTRA, 0), counts.get(SIDEBOARD, 0)) == (item["main"], item["extra"], item["side"])


def test_the_shared_decks_are_all_there(shared_data):
    assert len(SHARED_YDK) == 205


# ------------------------------------------------------------------ ydke://


def test_ydke_parts_decode_little_endian_passcodes():
    url = "ydke://" + encode_part([14558127, 14558127]) + "!" + encode_part([86066372]) + "!" + encode_part([]) + "!"
    deck = parse_text(url)
    assert deck.input_format == "ydke" and deck.problems == []
    assert _codes(deck, MAIN) == [14558127, 14558127] and _codes(deck, EXTRA) == [86066372]
    assert encode_part([1]) == "AQAAAA=="  # 1 as little-endian uint32


@pytest.mark.parametrize(
    "url, main, extra",
    [
        # What ProjectIgnis' decoders read (ydke.js, EDOPro's deck_manager.cpp and Base64.h).
        ("ydke://AQAAAA==!!", [1], []),  # no final `!`: ydke.js needs three parts, not three `!`
        ("ydke://AQAAAA!AgAAAA!", [1], [2]),  # no `=` padding
        ("ydke://AQAAAA=!AgAAAA===!!", [1], [2]),  # too little or too much padding
        ("ydke://_v___w==!-v___w==!!", [0xFFFFFFFE], [0xFFFFFFFA]),  # the URL-safe alphabet
        ("ydke://AQAAAAIAAAA!!AwAAAA", [1, 2], []),
    ],
)
def test_ydke_reads_what_the_reference_decoders_read(url, main, extra):
    deck = parse_text(url)
    assert deck.problems == []
    assert _codes(deck, MAIN) == main and _codes(deck, EXTRA) == extra


@pytest.mark.parametrize(
    "pasted",
    [
        '"ydke://AQAAAA==!AgAAAA==!!"',  # as a chat message or a form's answer quotes it
        "'ydke://AQAAAA==!AgAAAA==!!'",
        "`ydke://AQAAAA==!AgAAAA==!!`",  # Markdown's inline code (Discord)
        "<ydke://AQAAAA==!AgAAAA==!!>",  # a link in angle brackets (Markdown, e-mail)
        "\u201cydke://AQAAAA==!AgAAAA==!!\u201d",  # a word processor's quotes
        '  "ydke://AQAAAA==!AgAAAA==!!"  \n',
    ],
)
def test_a_quoted_ydke_url_is_the_url(pasted):
    """A URL pasted with the quotes around it was "expected a ydke:// URL" (in a file) or a
    file name (on the command line, in a manifest): no quote is ever part of one."""
    from deckcheck.decklists import inline_name, is_inline

    deck = parse_text(pasted)
    assert deck.input_format == "ydke" and deck.problems == []
    assert _codes(deck, MAIN) == [1] and _codes(deck, EXTRA) == [2]
    assert is_inline(pasted) and inline_name(pasted) == "ydke://AQAAAA==!AgAAAA==!!"


@pytest.mark.parametrize(
    "url, reason",
    [
        # Most often a URL copied in part: "found 1 `!`" alone did not say so.
        ("ydke://AQAAAA==!", "three parts separated by `!` (main!extra!side!); found 1 `!`: cut short when copied? "
                             "Copy the whole URL"),
        ("ydke://AQAAAA==!!!!", "text after the side part's `!` ('!')"),
        ("ydke://AQAAAA==!!!AgAAAA==!", "text after the side part's `!` ('AgAAAA==!')"),
        ("ydke://AQAAAA==", "three parts"),
        ("ydke://not*base64!!!", "not valid base64"),
        ("ydke://AQAAA!!!", "not valid base64"),  # 5 characters cannot be base64
        ("ydke://AQ=A!!!", "not valid base64"),  # padding inside a part
        ("ydke://AQAA!!!", "not a whole number"),
        ("ydke://AQ!!!", "1 bytes is not a whole number"),
    ],
)
def test_bad_ydke_is_a_parse_error(url, reason):
    deck = parse_text(url)
    assert [p.rule for p in deck.problems] == ["parse-error"]
    assert reason in deck.problems[0].message
    assert deck.problems[0].severity == "error"


@pytest.mark.parametrize("above", ["Kashtira for Saturday's locals", "# my deck", "Deck:\n\nby Ann"])
def test_a_note_above_the_url_of_a_ydke_file_leaves_the_url_read(above, cli, tmp_path):
    """A `.ydke` file whose first line was a note (the deck's name, a comment) took that line
    for the URL: "expected a ydke:// URL" on it and "text after the ydke:// URL" on the URL
    itself, and the deck was read as 0 cards. The URL is the first line that is one; each
    line above it is a warning that it is no part of the deck."""
    url = "ydke://AQAAAA==!AgAAAA==!AwAAAA==!"
    deck_file = tmp_path / "deck.ydke"
    deck_file.write_text(f"{above}\n{url}\n", encoding="utf-8")
    done = cli("validate", str(deck_file), "-f", "yugioh/advanced-tcg", "--no-cards", "-o", "json")
    (result,) = json.loads(done.stdout)["results"]
    assert result["counts"] == {"main": 1, "extra": 1, "sideboard": 1}
    notes = [p for p in result["problems"] if p["rule"] == "parse-error"]
    above_lines = [number for number, line in enumerate(above.split("\n"), 1) if line.strip()]
    assert [p["line"] for p in notes] == above_lines
    assert all(p["severity"] == "warning" for p in notes)
    assert all("above the ydke:// URL (line " in p["message"] and "not read" in p["message"] for p in notes)


# ------------------------------------------------------------------ text lists by name


def test_text_main_extra_side_sections():
    deck = parse_text("Main\n3 Ash Blossom & Joyous Spring\nExtra\n1 Accesscode Talker\nSide\n2 Maxx \"C\"\n")
    assert [(e.name, e.count, e.zone) for e in deck.entries] == [
        ("Ash Blossom & Joyous Spring", 3, MAIN), ("Accesscode Talker", 1, EXTRA), ('Maxx "C"', 2, SIDEBOARD),
    ]


def test_text_extra_deck_header_with_count_and_comment_headers():
    deck = parse_text("// Main Deck\n3 Kuriboh\n// Extra Deck (1)\n1 Stardust Dragon\n# Side Deck\n1 Raigeki\n")
    assert [e.zone for e in deck.entries] == [MAIN, EXTRA, SIDEBOARD]


@pytest.mark.parametrize("text", ["Hero: Graccus\nDeck\n4 Lay on Hands\n", "Hero\n1 Graccus\nDeck\n4 Lay on Hands\n"])
def test_text_hero_line_or_section(text):
    deck = parse_text(text)
    assert [(e.name, e.count, e.zone) for e in deck.entries] == [("Graccus", 1, HERO), ("Lay on Hands", 4, MAIN)]
    assert deck.counts() == {MAIN: 4, SIDEBOARD: 0, HERO: 1}


# ------------------------------------------------------------------ round trips


@pytest.mark.parametrize("path", YDK_CASES, ids=lambda p: p.name if p is not None else "no-data")
def test_ydk_to_ydke_to_ydk_keeps_every_passcode_in_order(path):
    from deckcheck.decklists import load_deck

    original = load_deck(path)
    if not original.entries:  # a deck YGOPro saved empty: convert refuses it, saying why (files32)
        with pytest.raises(DeckcheckError, match="holds no cards"):
            convert(original, "ydke")
        return
    url = convert(original, "ydke").strip()
    again = parse_text(convert(parse_text(url), "ydk"), source="again.ydk")
    for zone in (MAIN, EXTRA, SIDEBOARD):
        assert _codes(again, zone) == _codes(original, zone)
    assert convert(again, "ydke").strip() == url
    # A file YGOPro saved itself comes back byte for byte.
    text = path.read_text(encoding="utf-8-sig")
    if all(line in YGOPRO_LINES or line.isdigit() for line in text.splitlines()) and "\r" not in text:
        assert convert(again, "ydk") == (text if text.endswith("\n") else text + "\n")


def test_convert_round_trip_through_the_cli(cli, shared_data, tmp_path):
    for path in SHARED_YDK[::40]:
        done = cli("convert", str(path), "--to", "ydke")
        assert done.returncode == 0, done.stderr
        url = done.stdout.strip()
        assert url.startswith("ydke://") and url.count("!") == 3
        back = cli("convert", url, "--to", "ydk")
        assert back.returncode == 0, back.stderr
        from deckcheck.decklists import load_deck

        original = load_deck(path)
        again = parse_text(back.stdout, source="x.ydk")
        assert [(_codes(again, z)) for z in (MAIN, EXTRA, SIDEBOARD)] == [_codes(original, z) for z in (MAIN, EXTRA, SIDEBOARD)]


def test_validate_takes_a_ydke_url_on_the_command_line(cli):
    url = "ydke://" + encode_part([40640057] * 3) + "!!!"
    done = cli("validate", url, "-f", "yugioh/advanced-tcg", "--date", "2026-08-01", "-o", "json")
    assert done.returncode == 1, done.stderr
    (result,) = json.loads(done.stdout)["results"]
    assert result["deck"] == url
    assert result["counts"] == {"main": 3, "sideboard": 0}
    assert "deck-size" in [p["rule"] for p in result["problems"]]


def test_a_long_ydke_url_is_named_short(cli):
    """#14: a real URL is hundreds of characters; reports name it by its start and a digest."""
    url = "ydke://" + encode_part([40640057] * 40) + "!" + encode_part([86066372] * 3) + "!!"
    done = cli("validate", url, "-f", "yugioh/advanced-tcg", "--date", "2026-08-01")
    first = done.stdout.splitlines()[0]
    assert first.startswith(url[:24] + "…") and len(first.split(" - ")[0]) <= 40, first
    assert url not in done.stdout
    json_name = json.loads(cli("validate", url, "-f", "yugioh/advanced-tcg", "-o", "json").stdout)["results"][0]["deck"]
    assert json_name == first.split(" - ")[0]
    other = "ydke://" + encode_part([40640057] * 40) + "!" + encode_part([86066372] * 2) + "!!"
    other_name = json.loads(cli("validate", other, "-f", "yugioh/advanced-tcg", "-o", "json").stdout)["results"][0]["deck"]
    assert other_name != json_name  # two decks that start alike keep different names


def test_bad_ydke_on_the_command_line_is_reported_not_a_traceback(cli):
    done = cli("validate", "ydke://AQAAAA==!", "-f", "yugioh/advanced-tcg", "-o", "json")
    assert done.returncode == 1
    problems = json.loads(done.stdout)["results"][0]["problems"]
    assert problems[0]["rule"] == "parse-error"
    assert "Traceback" not in done.stderr
