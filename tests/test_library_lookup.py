"""The library's `lookup_card` is `deckcheck cards lookup`: the same card record and the
same verdict in a format (as data, by format id), and for a name no card has the same line
the command says, naming the settings in the library's words. Each case runs both."""
from __future__ import annotations

import json
import re

import pytest

from conftest import run_cli
from deckcheck import lookup_card
from deckcheck.cards.lookup import bundled_formats
from deckcheck.errors import OptionError

FOUND = [
    ("Lightning Bolt", "mtg/modern", "2024-06-01", "paper"),
    ("Oko, Thief of Crowns", "mtg/standard", "2019-09-28", "arena"),
    ("Karn Liberated", "mtg/pauper-commander", "2024-06-01", "paper"),
    ("fire/ice", "mtg/legacy", "2024-06-01", "paper"),
    ("14558127", "yugioh/advanced-tcg", "2024-06-01", "paper"),
]


@pytest.mark.parametrize("name, format_id, date, platform", FOUND)
def test_a_card_is_what_the_command_prints(name, format_id, date, platform):
    done = run_cli("cards", "lookup", name, "-f", format_id, "--date", date, "--platform", platform, "-o", "json")
    printed = json.loads(done.stdout)
    found = lookup_card(name, formats=[format_id], date=date, platform=platform)
    assert found.found and found.name == printed["name"]
    shown = found.to_dict()
    assert shown["legality"] == {format_id: printed.pop("legality")}
    assert {key: value for key, value in shown.items() if key != "legality"} == printed
    assert found.legality[format_id].legal is (done.returncode == 0)


NOT_FOUND = [
    (["Lightnig Bolt"], {}),
    (["ash blossom"], {}),
    (["99999999"], {}),
    (["--game", "wow", "Maxx C"], {"game": "wow"}),
    (["Ｌｉｇｈｔｎｉｎｇ"], {}),
]


@pytest.mark.parametrize("args, settings", NOT_FOUND, ids=[case[0][-1] for case in NOT_FOUND])
def test_a_name_no_card_has_is_said_as_the_command_says_it(args, settings):
    done = run_cli("cards", "lookup", *args)
    assert done.returncode == 1
    missing = lookup_card(args[-1], **settings)
    assert not missing.found and missing.severity == "error" and missing.legality == {}
    # The command's words for the settings: --game X, `deckcheck cards lookup --game X "NAME"`
    said = re.sub(r"game='(\w+)'", r"--game \1", missing.message or "")
    said = re.sub(r"lookup_card\(NAME, --game (\w+)\)", r'deckcheck cards lookup --game \1 "NAME"', said)
    assert done.stderr == f"deckcheck: {said}\n"


def test_without_formats_every_bundled_format_of_its_game_is_judged():
    bolt = lookup_card("Lightning Bolt", date="2024-06-01")
    assert list(bolt.legality) == [fmt.id for fmt in bundled_formats("mtg")]
    assert "mtg/modern" in bolt.legality and "mtg/base" not in bolt.legality  # no abstract base
    assert bolt.legality["mtg/modern"].legal and not bolt.legality["mtg/standard"].legal
    json.dumps(bolt.to_dict())  # plain values
    ash = lookup_card("Ash Blossom & Joyous Spring", game="yugioh")
    assert ash.game == "yugioh" and all(format_id.startswith("yugioh/") for format_id in ash.legality)


@pytest.mark.parametrize("call, setting", [
    (lambda: lookup_card(None), "name"),  # type: ignore[arg-type]
    (lambda: lookup_card("  "), "name"),
    (lambda: lookup_card("Lightning Bolt", game="magic"), "game"),
    (lambda: lookup_card("Lightning Bolt", formats=["mtg/modern", "yugioh/advanced-tcg"]), "formats"),
    (lambda: lookup_card("Lightning Bolt", game="yugioh", formats=["mtg/modern"]), "formats"),
    (lambda: lookup_card("Lightning Bolt", date="2024-13-01"), "date"),
    (lambda: lookup_card("Lightning Bolt", platform="mtgx"), "platform"),
    (lambda: lookup_card("Lightning Bolt", cards=True), "cards"),  # type: ignore[arg-type]
])
def test_a_bad_setting_is_an_option_error_naming_it(call, setting):
    with pytest.raises(OptionError) as raised:
        call()
    assert raised.value.setting == setting
    assert "\n" not in str(raised.value)


def test_one_format_where_a_list_goes_is_that_one():
    assert list(lookup_card("Lightning Bolt", formats="mtg/modern").legality) == ["mtg/modern"]


def test_an_unknown_game_on_the_command_line_names_its_option():
    done = run_cli("cards", "lookup", "--game", "magic", "Lightning Bolt")
    assert done.returncode == 2
    assert done.stderr == "deckcheck: error: --game 'magic': choose mtg, yugioh or wow\n"


def test_lookup_prints_nothing(capfd):
    lookup_card("Lightnig Bolt")
    lookup_card("ash blossom")
    lookup_card("Lightning Bolt", formats=["mtg/modern"])
    assert capfd.readouterr() == ("", "")


def test_a_name_longer_than_any_line_is_no_card_at_once():
    """A website's search box sent to lookup_card whole: a name of a million characters
    took 27 s (the closest names worked out over it) and came back quoted whole in the
    message; ten million, minutes. No card's name is longer than a decklist's line: such a
    name is no card's, said at once, quoted cut."""
    import time

    from deckcheck.limits import MAX_LINE_CHARS

    started = time.perf_counter()
    missing = lookup_card("a" * 1_000_000)
    assert time.perf_counter() - started < 1
    assert not missing.found and missing.suggestions == [] and missing.severity == "error"
    expected = (f"no card named '{'a' * 200}'…: it is 1,000,000 characters long, and no card's name is longer than "
                f"{MAX_LINE_CHARS:,} (a decklist's line)")
    assert missing.message == expected
    assert lookup_card("a" * MAX_LINE_CHARS).message.startswith(f"no card named '{'a' * MAX_LINE_CHARS}'")  # looked up
    done = run_cli("cards", "lookup", "a" * 100_000)
    assert (done.returncode, done.stderr) == (1, f"deckcheck: {expected.replace('1,000,000', '100,000')}\n")


def test_a_padded_name_is_measured_without_its_padding():
    """review32h finding 3: a name padded with 1,100 spaces (a form field sent whole) was
    found before the length guard, then measured with its padding and said to be no card
    of 1,114 characters. Its length is the stripped name's, as the lookup reads it."""
    padded = " " * 1_100 + "lightning bolt"
    assert lookup_card(padded).found
    done = run_cli("cards", "lookup", padded)
    assert (done.returncode, done.stdout.splitlines()[0]) == (0, "Lightning Bolt"), done.stderr
    from deckcheck.limits import MAX_LINE_CHARS
    long = " " * 50 + "a" * (MAX_LINE_CHARS + 1)
    assert lookup_card(long).message.startswith(f"no card named '{'a' * 200}'…: it is {MAX_LINE_CHARS + 1:,} characters")


def test_an_alchemy_card_off_arena_names_platform_in_the_library_words():
    """review32h finding 6: lookup_card told a library caller to give `--platform arena`."""
    said = lookup_card("A-Luminarch Aspirant", formats=["mtg/brawl"]).message
    assert "(give platform='arena' for an Arena deck)" in said and "--platform" not in said
    done = run_cli("cards", "lookup", "A-Luminarch Aspirant", "-f", "mtg/brawl")
    assert "(give --platform arena for an Arena deck)" in done.stdout + done.stderr


def test_an_unknown_format_names_the_keyword_that_gave_it():
    """review32h finding 7: an unknown format id raised a FormatError whose `setting` was
    None, though the keyword's value is at fault (docs/contracts.md: a form marks it)."""
    import pickle

    from deckcheck import check_deck, convert, parse_deck, validate, validate_file
    from deckcheck.engine.simulation import simulate
    from deckcheck.errors import FormatError

    calls = [(lambda: lookup_card("bolt", formats=["mtg/nope"]), "formats"),
             (lambda: convert("4 Lightning Bolt\n", "arena", format_id="mtg/nope"), "format_id"),
             (lambda: validate("4 Lightning Bolt\n", "mtg/nope"), "format_id"),
             (lambda: simulate("4 Lightning Bolt\n56 Mountain\n", "mtg/nope"), "fmt"),
             # check_deck's keyword is fmt: its FormatError named none (a deck site's upload
             # form checks parse_bytes's Deck with it)
             (lambda: check_deck(parse_deck("4 Lightning Bolt\n"), "mtg/nope"), "fmt"),
             (lambda: validate_file(__file__, "mtg/nope"), "format_id")]
    for call, setting in calls:
        with pytest.raises(FormatError) as raised:
            call()
        assert (raised.value.setting, str(raised.value)) == (setting, "unknown format 'mtg/nope'; `deckcheck formats list` shows them all")
        assert pickle.loads(pickle.dumps(raised.value)).setting == setting


@pytest.mark.parametrize("name, formats", [
    ("lightnig bolt", None),                                  # no reason: no `message` key
    ("A-Luminarch Aspirant", ["mtg/brawl"]),                  # an Alchemy card off Arena: the reason
    ("A-Luminarch Aspirant", None),
    ("a" * 5_000, None),                                      # too long to look up
])
def test_a_missing_name_to_dict_is_what_cards_lookup_json_prints(name, formats):
    """review32h finding 4: to_dict() of a name not found gave `message` as the whole line
    with its hints (`...; did you mean ...?`), and for every name; `cards lookup -o json`
    gives the reason alone, when the data knows one. to_dict prints what the command does."""
    args = [arg for fmt in formats or () for arg in ("-f", fmt)]
    done = run_cli("cards", "lookup", name, *args, "-o", "json")
    shown = lookup_card(name, formats=formats).to_dict()
    if "message" in shown:  # in the library's words (finding 6), as the rest of the library
        shown["message"] = shown["message"].replace("platform='arena'", "--platform arena")
    assert json.loads(done.stdout) == shown


@pytest.mark.parametrize("name", ["Lightning Bolt", "Lightnig Bolt", "a" * 5_000])
def test_the_warnings_the_command_says_are_the_lookups_warnings(name, tmp_path, monkeypatch):
    # `cards lookup -f mine.yaml` warns of a ban on a misspelt name (it bans nothing) and
    # notes a DECKCHECK_CARDS_DB that is not there (the built-in data stands in); the
    # library dropped both, so a website showed a verdict resting on them without a word.
    # A name too long to look up (review of session 33, finding 5) gets them too: they are
    # the data's and the format file's, whatever the name.
    (tmp_path / "mine.yaml").write_text("extends: mtg/modern\nname: Mine\nbanned:\n  - {card: Lightning Blot, since: 2020-01-01}\n",
                                        encoding="utf-8")
    missing_db = tmp_path / "no.sqlite"
    done = run_cli("cards", "lookup", name, "-f", "mine.yaml", cwd=tmp_path, env={"DECKCHECK_CARDS_DB": str(missing_db)})
    said = [line.split(": ", 2)[2] for line in done.stderr.splitlines() if line.startswith(("deckcheck: warning: ", "deckcheck: note: "))]
    assert len(said) == 2, done.stderr
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DECKCHECK_CARDS_DB", str(missing_db))
    from pathlib import Path

    found = lookup_card(name, formats=[Path("mine.yaml")])
    assert found.warnings == said
    assert "warnings" not in found.to_dict()  # what `cards lookup -o json` prints, as before
