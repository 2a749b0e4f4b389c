"""`deckcheck convert` to every format (a commander: test_convert_commander.py), and `deckcheck formats import-lflist`."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from deckcheck.decklists.convert import convert
from deckcheck.errors import DeckcheckError
from deckcheck.games.yugioh.lflist import parse_lflist
from deckcheck.model import MAIN
from deckcheck.decklists import parse_text

ROOT = Path(__file__).resolve().parent.parent
MAGIC = "4 Lightning Bolt\n2 Fire // Ice\n1 Lim-Dûl's Vault\n53 Mountain\n\n3 Pyroblast\n2 \"Ach! Hans, Run!\"\n"


def _counts(deck) -> list[tuple[str, int, str]]:
    return sorted((entry.name, entry.count, entry.zone) for entry in deck.entries)


@pytest.mark.parametrize("target, parser", [("text", "text"), ("arena", "text"), ("dek", "dek"), ("cod", "cod"), ("dck", "dck")])
def test_magic_writers_read_back_to_the_same_deck(target, parser):
    deck = parse_text(MAGIC)
    written = convert(deck, target)
    again = parse_text(written, source=f"deck.{target}")
    assert again.input_format == parser
    assert again.problems == []
    assert _counts(again) == _counts(deck)


HIDDEN_CARDS = "evil\n[Main]\n4 Black Lotus\n[Sideboard]\n1 Time Walk"


@pytest.mark.parametrize("target, parser", [("text", "text"), ("arena", "text"), ("dek", "dek"), ("cod", "cod"), ("dck", "dck")])
def test_a_deck_name_with_line_breaks_adds_no_line_to_what_is_written(target, parser):
    """A Cockatrice deck's name (element text) keeps the line breaks it was written with:
    `convert --to dck` wrote it on its `Name=` line as it came, so a submitted deck named
    with `[Main]` and `4 Black Lotus` on lines of their own converted to a list that held
    them."""
    deck = parse_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n'
        f"<deckname>{HIDDEN_CARDS.replace(chr(10), '&#10;')}</deckname>\n"
        '<zone name="main"><card number="4" name="Lightning Bolt"/><card number="56" name="Mountain"/></zone>\n'
        "</cockatrice_deck>\n", source="evil.cod")
    assert deck.name == HIDDEN_CARDS
    again = parse_text(convert(deck, target), source=f"deck.{target}")
    assert again.input_format == parser
    assert again.problems == []
    assert _counts(again) == _counts(deck)


COMPANION_LISTS = {
    "listed in both places (Arena)": "Companion\n1 Lurrus of the Dream-Den\n\nDeck\n60 Mountain\n\nSideboard\n1 Lurrus of the Dream-Den\n2 Abrade\n",
    "listed only as the companion": "Companion\n1 Lurrus of the Dream-Den\n\nDeck\n60 Mountain\n\nSideboard\n2 Abrade\n",
}


@pytest.mark.parametrize("target", ["dek", "cod", "dck"])
@pytest.mark.parametrize("listed", COMPANION_LISTS)
def test_a_companion_goes_to_the_sideboard_of_formats_without_a_companion_zone(cli, tmp_path, target, listed):
    """#14 item 14: the companion is a sideboard card, once, where these formats keep it."""
    source = tmp_path / "deck.txt"
    source.write_text(COMPANION_LISTS[listed], encoding="utf-8")
    done = cli("convert", str(source), "--to", target)
    assert done.returncode == 0, done.stderr
    again = parse_text(done.stdout, source=f"deck.{target}")
    assert again.problems == []
    assert _counts(again) == [("Abrade", 2, "sideboard"), ("Lurrus of the Dream-Den", 1, "sideboard"), ("Mountain", 60, MAIN)]
    (tmp_path / f"deck.{target}").write_text(done.stdout, encoding="utf-8")
    checked = cli("validate", str(tmp_path / f"deck.{target}"), "-f", "mtg/modern", "-o", "json")
    assert json.loads(checked.stdout)["results"][0]["counts"] == {"main": 60, "sideboard": 3}


def test_ydk_needs_passcodes_and_says_how_to_get_them():
    with pytest.raises(DeckcheckError, match="no passcode for 'Kuriboh'.*cards import"):
        convert(parse_text("Main\n3 Kuriboh\n"), "ydk")


def test_names_to_passcodes_and_back_with_card_data(cli, ygo_cards_db, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("Main\n3 kuriboh\n1 D/D Swirl Slime\nExtra\n1 Accesscode Talker\nSide\n2 Maxx \"C\"\n", encoding="utf-8")
    done = cli("convert", str(deck), "--to", "ydk", "--cards-db", str(ygo_cards_db))
    assert done.returncode == 0, done.stderr
    assert done.stdout == ("#created by ...\n#main\n40640057\n40640057\n40640057\n45206713\n#extra\n86066372\n"
                           "!side\n23434538\n23434538\n")
    ydk = tmp_path / "deck.ydk"
    ydk.write_text(done.stdout, encoding="utf-8")
    done = cli("convert", str(ydk), "--to", "text", "--cards-db", str(ygo_cards_db))
    assert done.stdout == "Main\n3 Kuriboh\n1 D/D Swirl Slime\n\nExtra\n1 Accesscode Talker\n\nSide\n2 Maxx \"C\"\n"
    bad = tmp_path / "bad.txt"
    bad.write_text("Main\n3 Kurriboh\n", encoding="utf-8")
    done = cli("convert", str(bad), "--to", "ydke", "--cards-db", str(ygo_cards_db))
    assert done.returncode == 2 and "no passcode for 'Kurriboh'" in done.stderr and "Traceback" not in done.stderr


def test_convert_refuses_a_deck_it_could_not_read(cli, tmp_path):
    path = tmp_path / "deck.ydk"
    path.write_text("#main\n40640057\nnot a passcode\n#extra\n!side\n", encoding="utf-8")
    done = cli("convert", str(path), "--to", "ydke")
    assert done.returncode == 2
    assert "line 3" in done.stderr and done.stdout == ""
    assert cli("convert", str(path), "--to", "pdf").returncode == 2


def test_wow_deck_to_text_keeps_the_hero():
    deck = parse_text("Hero: Graccus\nDeck\n4 Lay on Hands\nSideboard\n2 Hammer of Justice\n")
    # The side deck by the WoW TCG's word (it was written "Sideboard", Magic's).
    assert convert(deck, "text") == "Hero: Graccus\n\nDeck\n4 Lay on Hands\n\nSide deck\n2 Hammer of Justice\n"
    assert _counts(parse_text(convert(deck, "text"))) == _counts(deck)


# ------------------------------------------------------------------ lflist.conf

LFLIST = """#[Test lists]
!2026.01 Test
#Forbidden
23434538 0 --Maxx "C"
#Limited
24224830 1 --Called by the Grave
14558127 2
this line is junk
!Goat-ish
$whitelist
40640057 3 --Kuriboh
89631139 1 --Blue-Eyes White Dragon
"""


def test_parse_lflist_lists_counts_names_and_junk():
    parsed = parse_lflist(LFLIST)
    assert [(item.name, item.whitelist, len(item.entries)) for item in parsed.lists] == [
        ("2026.01 Test", False, 3), ("Goat-ish", True, 2)]
    assert [(e.code, e.count, e.name) for e in parsed.lists[0].entries] == [
        (23434538, 0, 'Maxx "C"'), (24224830, 1, "Called by the Grave"), (14558127, 2, None)]
    assert parsed.problems == ["line 8: expected `passcode count --name`, got 'this line is junk'"]


def test_import_lflist_skips_a_passcode_out_of_range_so_its_format_loads(cli, tmp_path):
    """A passcode is 1 to 4294967295 (a .ydk's bound, and the format schema's); an lflist
    line outside it was written into a format file that then failed to load."""
    conf = tmp_path / "lflist.conf"
    conf.write_text("!Odd\n14558127 1 --Ash\n0 1 --Zero\n5000000000 2 --Big\n", encoding="utf-8")
    parsed = parse_lflist(conf.read_text(encoding="utf-8"))
    assert [entry.code for entry in parsed.lists[0].entries] == [14558127]
    assert parsed.problems == ["line 3: passcode 0 is out of range: a passcode is a number from 1 to 4294967295",
                               "line 4: passcode 5000000000 is out of range: a passcode is a number from 1 to 4294967295"]
    out = tmp_path / "formats"
    done = cli("formats", "import-lflist", str(conf), "-d", str(out))
    assert done.returncode == 0, done.stderr
    checked = cli("formats", "check", str(out / "odd.yaml"))
    assert checked.returncode == 0, checked.stderr


def test_import_lflist_cuts_a_list_name_longer_than_a_formats_so_its_format_loads(cli, tmp_path):
    """A format's name holds at most MAX_FORMAT_WORD_CHARS characters (its decks' problems
    quote it): a list named longer is named by its start, not written into a file that
    then failed to load."""
    from deckcheck.limits import MAX_FORMAT_WORD_CHARS

    conf = tmp_path / "lflist.conf"
    conf.write_text("!" + "Long" * 75 + "\n14558127 1 --Ash\n", encoding="utf-8")
    assert parse_lflist(conf.read_text(encoding="utf-8")).lists[0].name == ("Long" * 75)[:MAX_FORMAT_WORD_CHARS]
    out = tmp_path / "formats"
    done = cli("formats", "import-lflist", str(conf), "-d", str(out))
    assert done.returncode == 0, done.stderr
    (written,) = out.iterdir()
    checked = cli("formats", "check", str(written))
    assert checked.returncode == 0, checked.stderr


def test_import_lflist_writes_formats_that_validate(cli, tmp_path):
    conf = tmp_path / "lflist.conf"
    conf.write_text(LFLIST, encoding="utf-8")
    out = tmp_path / "formats"
    done = cli("formats", "import-lflist", str(conf), "-d", str(out))
    assert done.returncode == 0, done.stderr
    assert "line 8" in done.stderr
    assert sorted(path.name for path in out.iterdir()) == ["2026.01-test.yaml", "goat-ish.yaml"]
    assert cli("formats", "check", str(out / "goat-ish.yaml")).returncode == 0
    deck = tmp_path / "deck.ydk"
    deck.write_text("#main\n" + "23434538\n24224830\n24224830\n" + "40640057\n" * 37 + "#extra\n!side\n", encoding="utf-8")
    done = cli("validate", str(deck), "-f", str(out / "2026.01-test.yaml"), "-o", "json")
    problems = json.loads(done.stdout)["results"][0]["problems"]
    # The built-in card data names every passcode (40640057 is Kuriboh).
    assert [(p["rule"], p["card"], p["count"], p.get("limit")) for p in problems if p["severity"] == "error"] == [
        ("copy-limit", "Kuriboh", 37, 3), ("card-limit", 'Maxx "C"', 1, 0), ("card-limit", "Called by the Grave", 2, 1)]
    done = cli("validate", str(deck), "-f", str(out / "goat-ish.yaml"), "-o", "json")
    rules = [(p["rule"], p.get("card")) for p in json.loads(done.stdout)["results"][0]["problems"] if p["severity"] == "error"]
    assert ("not-in-pool", 'Maxx "C"') in rules and ("not-in-pool", "Called by the Grave") in rules


@pytest.mark.skipif(__import__("os").name != "posix", reason="a file name with a line break")
@pytest.mark.parametrize("kind, text", [("F&L", "!2026.01 TCG\n14558127 1 --Ash\n"),
                                        ("points", "$genesys\n!2026.01 TCG\n14558127 3 --Ash\n")])
def test_import_lflist_file_name_cannot_write_a_key_of_the_format(cli, tmp_path, kind, text):
    """The converted file's first line, a YAML comment, named the lflist.conf as it is: one
    whose name held a line break (a zip's entry, a download) wrote the rest of its name as
    keys of every format (`a<LF>whitelist: true<LF>#.conf`: only the list's cards legal)."""
    import yaml

    conf = tmp_path / "a\nwhitelist: true\nregion: ocg\n#.conf"
    conf.write_text(text, encoding="utf-8")
    out = tmp_path / "formats"
    done = cli("formats", "import-lflist", str(conf), "-d", str(out))
    assert done.returncode == 0, done.stderr
    (written,) = out.iterdir()
    data = yaml.safe_load(written.read_text(encoding="utf-8"))
    assert "whitelist" not in data and data["region"] == "tcg", kind
    assert data["sources"] == ["a\nwhitelist: true\nregion: ocg\n#.conf, list !2026.01 TCG"]
    assert cli("formats", "check", str(written)).returncode == 0


def test_import_lflist_list_name_with_a_control_character_writes_a_format_that_loads(cli, tmp_path):
    """The list's name was written raw in the first line's comment: YAML refuses a control
    character anywhere in a file, so `!x<ESC>y` made a format file no command could read."""
    conf = tmp_path / "lflist.conf"
    conf.write_text("!x\x1by\n14558127 1 --Ash\n", encoding="utf-8")
    out = tmp_path / "formats"
    assert cli("formats", "import-lflist", str(conf), "-d", str(out)).returncode == 0
    (written,) = out.iterdir()
    done = cli("formats", "check", str(written))
    assert done.returncode == 0, done.stderr


@pytest.mark.skipif(__import__("os").name != "posix", reason="symbolic links")
def test_import_lflist_never_writes_through_a_link(cli, tmp_path):
    """The file a list becomes is named by the list (`!Goat-ish`: goat-ish.yaml): a link of
    that name in the output folder (a repository's formats/ in a CI job) had the format
    written over its target. Refused before any file is written, exit 2."""
    conf = tmp_path / "lflist.conf"
    conf.write_text(LFLIST, encoding="utf-8")
    out = tmp_path / "formats"
    out.mkdir()
    target = tmp_path / "elsewhere.txt"
    target.write_text("the runner's file\n", encoding="utf-8")
    (out / "goat-ish.yaml").symlink_to(target)
    done = cli("formats", "import-lflist", str(conf), "-d", str(out))
    assert target.read_text(encoding="utf-8") == "the runner's file\n"
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.endswith(f"deckcheck: error: --output-dir {out / 'goat-ish.yaml'}: cannot write (it is a symbolic link, "
                                "and deckcheck never writes through links; remove the link or name another file)\n")
    assert sorted(path.name for path in out.iterdir()) == ["goat-ish.yaml"]


def test_import_lflist_to_stdout_and_of_the_shared_lists(cli, shared_data):
    done = cli("formats", "import-lflist", str(shared_data / "ygo" / "lflists" / "0TCG.lflist.conf"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("# Converted by `deckcheck formats import-lflist` from 0TCG.lflist.conf")
    assert done.stdout.count("  - {card:") == 229
    assert '  - {card: "Apollousa, Bow of the Goddess", code: 4280259, limit: 0}' in done.stdout


@pytest.mark.parametrize("conf", ["0TCG.lflist.conf", "OCG.lflist.conf"])
def test_the_shared_lflists_imported_check_with_no_passcode_warning(cli, shared_data, tmp_path, conf):
    """Their alternate artworks' passcodes (Apollousa's 4280259) are no card of the built-in
    data, yet no mistake: formats check warns only of a passcode no card accounts for."""
    out = tmp_path / "formats"
    assert cli("formats", "import-lflist", str(shared_data / "ygo" / "lflists" / conf), "-d", str(out)).returncode == 0
    for imported in sorted(out.iterdir()):
        done = cli("formats", "check", str(imported))
        assert done.returncode == 0, done.stderr
        assert "passcode" not in done.stderr, done.stderr


def test_import_lflist_of_a_file_without_lists_is_an_error(cli, tmp_path):
    conf = tmp_path / "empty.conf"
    conf.write_text("#nothing here\n", encoding="utf-8")
    done = cli("formats", "import-lflist", str(conf))
    assert done.returncode == 2 and "no `!Name` list" in done.stderr


def test_generated_tcg_list_matches_the_edopro_list_of_today(shared_data):
    """The dated history and EDOPro's current list agree, except on alternate artworks,
    which EDOPro lists by passcode and card data resolves by alias."""
    import datetime as dt

    from deckcheck.formats import load

    fmt = load("yugioh/advanced-tcg")
    ours = {code: entry.limit for code, entry in fmt.card_limits_by_code_on(dt.date(2026, 8, 1)).items()}
    parsed = parse_lflist((shared_data / "ygo" / "lflists" / "0TCG.lflist.conf").read_text(encoding="utf-8"))
    theirs = {item.code: item.count for item in parsed.lists[0].entries}
    differ = {code for code in set(ours) | set(theirs) if ours.get(code) != theirs.get(code)}
    assert differ == {4280259, 80604092, 83764719}  # Apollousa, Ultimate Offering, Monster Reborn alternates
    assert all(code - 1 in ours for code in differ)


@pytest.mark.parametrize("header, passcode, card", [
    ("!2026.05 TCG", 24203749, "The World's Greatest Gallant Thief"),  # released in the OCG only
    ("!2026.07 OCG", 17782288, "Angelechy Problem"),  # released in the TCG only
])
def test_an_imported_tcg_or_ocg_list_checks_the_region_of_its_cards(cli, tmp_path, header, passcode, card):
    """The advice a report gives for a newer Forbidden & Limited List (import it) must not
    lose the region rule yugioh/advanced-tcg and -ocg check: an EDOPro list named for the
    TCG or the OCG (`!2026.05 TCG`, as EDOPro's own lists are) is that region's."""
    conf = tmp_path / "lflist.conf"
    conf.write_text(f"{header}\n23434538 0 --Maxx \"C\"\n", encoding="utf-8")
    out = tmp_path / "formats"
    done = cli("formats", "import-lflist", str(conf), "-d", str(out))
    assert done.returncode == 0, done.stderr
    (imported,) = out.iterdir()
    deck = tmp_path / "deck.ydk"
    deck.write_text(f"#main\n{passcode}\n" + "40640057\n" * 3 + "#extra\n!side\n", encoding="utf-8")
    done = cli("validate", str(deck), "-f", str(imported), "-o", "json")
    problems = json.loads(done.stdout)["results"][0]["problems"]
    assert [(p["rule"], p["card"]) for p in problems if p["rule"] == "region"] == [("region", card)]


def test_an_imported_list_named_for_no_region_says_the_region_is_unchecked(cli, tmp_path):
    conf = tmp_path / "lflist.conf"
    conf.write_text(LFLIST, encoding="utf-8")
    done = cli("formats", "import-lflist", str(conf))
    assert done.returncode == 0, done.stderr
    assert "region:" not in done.stdout
    assert ("deckcheck: note: lflist.conf: 2 lists (`!2026.01 Test`, `!Goat-ish`) name neither the TCG nor the OCG, "
            "so their formats check no card's region: add `region: tcg` (or `ocg`) to them for an event of one\n"
            ) in done.stderr
    one = tmp_path / "one.conf"
    one.write_text("!Goat-ish\n23434538 0 --Maxx C\n", encoding="utf-8")
    done = cli("formats", "import-lflist", str(one))
    assert ("deckcheck: note: one.conf: list `!Goat-ish` names neither the TCG nor the OCG, so its format checks "
            "no card's region: add `region: tcg` (or `ocg`) to it for an event of one") in done.stderr


def test_many_lists_named_for_no_region_make_one_note(cli, tmp_path):
    """An lflist.conf of many lists (EDOPro's own holds hundreds, `!2005.04 Goat`...) printed
    one note a list: up to a thousand lines on stderr, all saying the same. Now one line,
    naming the first few lists and how many more."""
    conf = tmp_path / "lflist.conf"
    conf.write_text("".join(f"!Goat {year}\n23434538 0 --Maxx C\n" for year in range(2000, 2025)), encoding="utf-8")
    done = cli("formats", "import-lflist", str(conf))
    assert done.returncode == 0, done.stderr
    notes = [line for line in done.stderr.splitlines() if "neither the TCG nor the OCG" in line]
    assert len(notes) == 1, done.stderr
    assert notes[0].startswith("deckcheck: note: lflist.conf: 25 lists (`!Goat 2000`, `!Goat 2001`, ")
    assert ("`!Goat 2019`, and 5 more) name neither the TCG nor the OCG, so their formats check no card's region: "
            "add `region: tcg` (or `ocg`) to them for an event of one") in notes[0]


def test_a_list_imported_over_a_format_with_limits_lifts_the_cards_it_leaves_out(cli, tmp_path):
    """A Forbidden & Limited List is the whole list of its day: a card it leaves out is
    unlimited. Imported `--extends yugioh/advanced-tcg`, Instant Fusion (Limited there since
    2020) stayed limited to 1, the base's entry adding to the new list's; now the format file
    names each card the base still limits and the list leaves out at 3, and only those."""
    conf = tmp_path / "lflist.conf"
    conf.write_text("!2026.09 TCG\n14558127 1 --Ash Blossom & Joyous Spring\n23434538 0 --Maxx C\n", encoding="utf-8")
    out = tmp_path / "formats"
    done = cli("formats", "import-lflist", str(conf), "--extends", "yugioh/advanced-tcg", "-d", str(out))
    assert done.returncode == 0, done.stderr
    (imported,) = out.iterdir()
    text = imported.read_text(encoding="utf-8")
    assert '  - {card: "Instant Fusion", code: 1845204, limit: 3}\n' in text
    assert "code: 23434538, limit: 3" not in text and "code: 14558127, limit: 3" not in text  # the list's own
    assert cli("formats", "check", str(imported)).returncode == 0
    deck = tmp_path / "deck.ydk"
    deck.write_text("#main\n" + "1845204\n14558127\n23434538\n" * 3 + "40640057\n" * 3 + "#extra\n!side\n", encoding="utf-8")
    done = cli("validate", str(deck), "-f", str(imported), "--date", "2026-10-01", "-o", "json")
    problems = json.loads(done.stdout)["results"][0]["problems"]
    assert [(p["card"], p["limit"]) for p in problems if p["rule"] == "card-limit"] == [
        ("Ash Blossom & Joyous Spring", 1), ('Maxx "C"', 0)]


def test_no_longer_listed_takes_the_base_limits_in_force_with_no_end():
    from deckcheck.games.yugioh.lflist import LfList, LimitLine, no_longer_listed

    lflist = LfList(name="New", line=1, entries=[LimitLine(14558127, 1, "Ash Blossom & Joyous Spring", 2)])
    base = [
        {"card": "Ash Blossom & Joyous Spring", "code": 14558127, "limit": 2},  # on the list: its own entry
        {"card": "Instant Fusion", "code": 1845204, "limit": 1, "since": "2020-04-01"},
        {"card": "Instant Fusion", "code": 1845204, "limit": 0, "since": "2019-01-01", "until": "2020-04-01"},
        {"card": "A Hero Lives", "code": 8949584, "limit": 2, "since": "2012-09-01", "until": "2013-09-01"},  # ended
        "Typed Name",  # a name alone, as a user's format may list it
        {"card": "Pot of Extravagance", "limit": 3},  # at the copy limit already
    ]
    assert no_longer_listed(lflist, base, 3) == [("Instant Fusion", 1845204), ("Typed Name", None)]
    whitelist = LfList(name="Goat", line=1, whitelist=True, entries=lflist.entries)
    assert no_longer_listed(whitelist, base, 3) == []  # a whitelist lifts nothing: the base's limits do not reach it (merge.py)


@pytest.mark.parametrize("name, day", [
    ("2026.05 TCG", "2026-05-01"), ("2024.1 OCG", "2024-01-01"), ("2026.05.18 TCG", "2026-05-18"),
    ("Goat-ish", None), ("2026.13 TCG", None), ("Edison 2010", None), ("12026.05", None),
])
def test_a_list_is_known_up_to_the_date_its_name_gives(name, day):
    """EDOPro names a list by the month it takes effect: its format is known up to that day,
    not its base's (import-lflist writes it as lists_known_up_to)."""
    from deckcheck.games.yugioh.lflist import list_date

    found = list_date(name)
    assert (found.isoformat() if found else None) == day


@pytest.mark.parametrize("output", [[], ["-d", "formats"]])
def test_import_lflist_refuses_a_file_of_more_lists_than_any_real_one(cli, tmp_path, output):
    """A 3 MB lflist.conf of 400,000 `!N` headers wrote 105 MB of format YAML (400,000 files
    with -d): each empty list is a whole format. A file of more than MAX_LFLISTS lists is
    refused before anything is written (exit 2, saying the bound); one of that many is read."""
    from deckcheck.limits import MAX_LFLISTS

    conf = tmp_path / "lflist.conf"
    conf.write_text("".join(f"!{number}\n" for number in range(MAX_LFLISTS + 1)), encoding="utf-8")
    done = cli("formats", "import-lflist", str(conf), *output, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and not (tmp_path / "formats").exists()
    assert f"more than {MAX_LFLISTS:,} lists" in done.stderr and "lflist.conf" in done.stderr
    assert "Traceback" not in done.stderr
    conf.write_text("".join(f"!{number}\n" for number in range(MAX_LFLISTS)), encoding="utf-8")
    done = cli("formats", "import-lflist", str(conf), *output, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
