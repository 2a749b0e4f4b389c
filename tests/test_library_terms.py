"""The library's errors name its keyword arguments, the command line's its options
(errors.OptionError, cli/common.py): `validate(..., date="2024-13-01")` says "date
'2024-13-01' is not a date", never "--date", and `deckcheck validate --date 2024-13-01`
still says "--date". Each case states the call, the library's message, the command line
that gives the same value and its message."""
from __future__ import annotations

import datetime as dt
import re
import time
from pathlib import Path

import pytest

from conftest import run_cli
from deckcheck import load_format, read_pool_file, validate
from deckcheck.batch import check_source
from deckcheck.engine import simulate
from deckcheck.errors import DeckcheckError, OptionError

DECK = "4 Lightning Bolt\n56 Mountain\n"

CASES = [
    (lambda folder: validate(DECK, "mtg/modern", date="2024-13-01"),
     "date '2024-13-01' is not a date: there is no month 13",
     ["validate", "deck.txt", "-f", "mtg/modern", "--date", "2024-13-01"]),
    # Python 3.11's fromisoformat reads `2011-W40` as a week's Monday, 3.10's refuses it:
    # the date means the same on every supported Python, as in format files.
    (lambda folder: validate(DECK, "mtg/modern", date="2011-W40"),
     "date '2011-W40' is not a date; use YYYY-MM-DD",
     ["validate", "deck.txt", "-f", "mtg/modern", "--date", "2011-W40"]),
    # A day written year first without dashes (a spreadsheet's `20240601`, `2024/06/01`) is
    # refused, as every other form is, with the day it names (org29's report).
    (lambda folder: validate(DECK, "mtg/modern", date="20240601"),
     "date '20240601' is not a date; use YYYY-MM-DD (2024-06-01)",
     ["validate", "deck.txt", "-f", "mtg/modern", "--date", "20240601"]),
    # The day as Japanese and Chinese (`2024年6月1日`, typed full-width too) and Korean
    # (`2024년 6월 1일`, `2024. 6. 1.`) write it: year first, so it names one day, which
    # "use YYYY-MM-DD" alone did not give.
    *((lambda folder, written=written: validate(DECK, "mtg/modern", date=written),
       f"date '{written}' is not a date; use YYYY-MM-DD (2024-06-01)",
       ["validate", "deck.txt", "-f", "mtg/modern", "--date", written])
      for written in ("2024年6月1日", "２０２４年６月１日", "2024년 6월 1일", "2024. 6. 1.")),
    # A day written first in a way only one day reads (`15.06.2024`: there is no month 15),
    # as German, French, Spanish, Italian, Portuguese and Russian write dates.
    (lambda folder: validate(DECK, "mtg/modern", date="15.06.2024"),
     "date '15.06.2024' is not a date; use YYYY-MM-DD (2024-06-15)",
     ["validate", "deck.txt", "-f", "mtg/modern", "--date", "15.06.2024"]),
    (lambda folder: validate(DECK, "mtg/modern", date="01.06.2024"),  # 1 June or January 6
     "date '01.06.2024' is not a date; use YYYY-MM-DD",
     ["validate", "deck.txt", "-f", "mtg/modern", "--date", "01.06.2024"]),
    (lambda folder: validate(DECK, "mtg/modern", date="2024/06/31"),
     "date '2024/06/31' is not a date; use YYYY-MM-DD",
     ["validate", "deck.txt", "-f", "mtg/modern", "--date", "2024/06/31"]),
    # Digits of another script (Arabic-Indic) matched the pattern's \d and were then read
    # as a day that does not exist: "is not a date: February 2024 has 29 days".
    (lambda folder: validate(DECK, "mtg/modern", date="\u0662\u0660\u0662\u0664-\u0660\u0662-\u0660\u0665"),
     "date '\u0662\u0660\u0662\u0664-\u0660\u0662-\u0660\u0665' is not a date; use YYYY-MM-DD",
     ["validate", "deck.txt", "-f", "mtg/modern", "--date", "\u0662\u0660\u0662\u0664-\u0660\u0662-\u0660\u0665"]),
    # A date with a line feed after it (read from a file) matched the pattern's `$` and was
    # then "is not a date: February 2024 has 29 days".
    (lambda folder: validate(DECK, "mtg/modern", date="2024-02-05\n"),
     "date '2024-02-05\\n' is not a date; use YYYY-MM-DD",
     ["validate", "deck.txt", "-f", "mtg/modern", "--date", "2024-02-05\n"]),
    (lambda folder: validate(DECK, "mtg/modern", platform="pc"),
     "platform 'pc': choose paper, mtgo or arena",
     ["validate", "deck.txt", "-f", "mtg/modern", "--platform", "pc"]),
    (lambda folder: simulate(DECK, "mtg/modern", seed=-1),
     "seed -1: use a whole number from 0 to 9223372036854775807",
     ["simulate", "deck.txt", "-f", "mtg/modern", "--seed", "-1"]),
    (lambda folder: simulate(DECK, "mtg/modern", hands=0),
     "hands 0: simulate from 1 to 10,000,000 games",
     ["simulate", "deck.txt", "-f", "mtg/modern", "--hands", "0"]),
    (lambda folder: simulate(DECK, "mtg/modern", turns=0),
     "turns must be at least 1",
     ["simulate", "deck.txt", "-f", "mtg/modern", "--turns", "0"]),
    (lambda folder: simulate(DECK, "mtg/modern", turns=51),
     "turns 51: give a turn from 1 to 50 (a game rarely lasts past turn 30)",
     ["simulate", "deck.txt", "-f", "mtg/modern", "--turns", "51"]),
    (lambda folder: simulate(DECK, "mtg/modern", on="flip"),
     "on 'flip': choose play or draw (Yu-Gi-Oh!: first or second, the same sides)",
     ["simulate", "deck.txt", "-f", "mtg/modern", "--on", "flip"]),
    (lambda folder: check_source(str(folder), "mtg/modern", deck_check="ten"),
     "deck_check 'ten': give a share of the players such as 10% or a number of players such as 5",
     ["batch", ".", "-f", "mtg/modern", "--deck-check", "ten"]),
    (lambda folder: check_source(str(folder), None),
     "no format given for the decks of a folder; give format_id (`deckcheck formats list` names them)",
     ["batch", "."]),
]

# The command line names the same setting by its option.
OPTION = {"date": "--date", "platform": "--platform", "seed": "--seed", "hands": "--hands", "turns": "--turns",
          "on": "--on", "deck_check": "--deck-check", "format_id": "-f FORMAT"}


@pytest.mark.parametrize("call, message, args", CASES, ids=[case[1].split(" ")[0] + f"-{index}" for index, case in enumerate(CASES)])
def test_the_library_names_its_keywords_and_the_command_line_its_options(tmp_path, call, message, args):
    (tmp_path / "deck.txt").write_text(DECK, encoding="utf-8")
    with pytest.raises(DeckcheckError) as raised:
        call(tmp_path)
    assert str(raised.value).endswith(message)
    assert "--" not in str(raised.value)
    setting = next(name for name in OPTION if name in message)
    done = run_cli(*args, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("deckcheck: error: ") and done.stderr.endswith(message.replace(setting, OPTION[setting], 1) + "\n")


def test_a_few_hands_cannot_judge_an_assertion_in_the_library_either():
    """`simulate(..., hands=10, assertions=...)` judged its assertions by ten games, a
    verdict by chance, as `--hands 10 --assert` did: refused in the library's own words."""
    with pytest.raises(DeckcheckError) as raised:
        simulate(DECK, "mtg/modern", hands=10, assertions="keep7 >= 0.5")
    assert str(raised.value) == ("hands 10: 10 hands are too few to judge an assertion by; give at least 100, "
                                 "or leave hands out (100,000)")
    assert simulate(DECK, "mtg/modern", hands=10, seed=1).outcome.mode == "monte-carlo"  # no assertion: sampled


def test_a_card_database_named_on_purpose_must_exist_in_the_library_as_on_the_command_line(tmp_path):
    """`validate(..., cards=PATH)` with no file there used the built-in data without a word,
    where `--cards-db PATH` is refused: both now refuse it, each in its own terms."""
    missing = tmp_path / "missing.sqlite"
    (tmp_path / "deck.txt").write_text(DECK, encoding="utf-8")
    with pytest.raises(DeckcheckError) as raised:
        validate(DECK, "mtg/modern", cards=missing)
    assert str(raised.value).startswith(f"cards {missing}: no such file; build it with `deckcheck cards import FILE")
    done = run_cli("validate", "deck.txt", "-f", "mtg/modern", "--cards-db", str(missing), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith(f"deckcheck: error: --cards-db {missing}: no such file; build it with")


@pytest.mark.parametrize("args", [
    ["convert", "deck.ydk", "--to", "text"], ["cards", "lookup", "Lightning Bolt"],
])
def test_every_command_refuses_a_card_database_named_that_is_not_there(tmp_path, args):
    """catalog_for itself refuses an explicit path with no database: convert (naming a
    .ydk's passcodes) and the other commands fell back to the built-in data without a word."""
    missing = tmp_path / "missing.sqlite"
    (tmp_path / "deck.ydk").write_text("#main\n14558127\n", encoding="utf-8")
    done = run_cli(*args, "--cards-db", str(missing), cwd=tmp_path)
    assert done.returncode == 2, done.stdout
    assert done.stderr.startswith(f"deckcheck: error: --cards-db {missing}: no such file")


# A simulation's messages name what the user wrote in each front end: the library's
# keywords (or its call's words), `deckcheck simulate`'s options, deckcheck.yaml's keys.
# Each case: the library's settings, the simulate command line and the `simulate` entry of
# deckcheck.yaml that give the same thing, and the message each says (an error, or a note).
SIMULATE_CASES = [
    {"library": {"cards": ["Lightning Blot"]},
     "args": ["--card", "Lightning Blot"], "config": {"cards": ["Lightning Blot"]},
     "says": ["card 'Lightning Blot'", "--card 'Lightning Blot'", "cards 'Lightning Blot'"],
     "then": ": no such card in the main deck; did you mean 'Lightning Bolt'?"},
    {"library": {"assertions": ['p_by_turn("Lightning Blot", 2) >= 0']},
     "args": ["--assert", 'p_by_turn("Lightning Blot", 2) >= 0'], "config": {},
     "says": ["assertion 'p_by_turn(\"Lightning Blot\", 2) >= 0'", "--assert 'p_by_turn(\"Lightning Blot\", 2) >= 0'",
              "assert 'p_by_turn(\"Lightning Blot\", 2) >= 0'"],
     "then": ": no such card in the main deck; did you mean 'Lightning Bolt'?"},
    {"library": {"assertions": ["keep9 >= 0"]}, "args": ["--assert", "keep9 >= 0"], "config": {},
     "says": ["assertion", "--assert", "assert"], "then": ": keep9: hands in mtg/modern have at most 7 cards"},
    {"library": {"mode": "exact", "keep": "distinct(lands) >= 1", "assertions": ["keep7 >= 0"]},
     "args": ["--exact", "--keep", "distinct(lands) >= 1", "--assert", "keep7 >= 0"],
     "config": {"exact": True, "keep": "distinct(lands) >= 1"},
     "says": ['mode="exact" needs a count-based keep policy: distinct() at column 1 of keep ',
              "--exact needs a count-based keep policy: distinct() at column 1 of --keep ",
              "exact: true needs a count-based keep policy: distinct() at column 1 of keep "],
     "then": "('distinct(lands) >= 1') depends on which cards are in the hand"},
    {"library": {"keep_by_size": {6: "true"}, "assertions": ["keep7 >= 0"]},
     "args": ["--keep6", "true", "--assert", "keep7 >= 0"], "config": {"keep6": "true"},
     "says": ["keep_by_size[6] gives no rule for the opening hand of 7 cards: add keep ",
              "--keep6 gives no rule for the opening hand of 7 cards: add --keep ",
              "keep6 gives no rule for the opening hand of 7 cards: add keep "],
     "then": "(or keep.7 in a policy file)"},
    # A note: the spell was asked about in an assertion, in every front end.
    {"library": {"assertions": ['castable("Lightning Helix") >= 0'], "policy_file": "costs.yaml"},
     "args": ["--assert", 'castable("Lightning Helix") >= 0', "--policy", "costs.yaml"],
     "config": {"policy": "costs.yaml"},
     "says": ["assertion 'castable(\"Lightning Helix\") >= 0'", "--assert 'castable(\"Lightning Helix\") >= 0'",
              "assert 'castable(\"Lightning Helix\") >= 0'"],
     "then": ": not in the main deck; its castability assumes it is in hand"},
]


@pytest.mark.parametrize("case", SIMULATE_CASES, ids=[f"simulate-{index}" for index in range(len(SIMULATE_CASES))])
def test_a_simulation_names_what_each_front_end_s_user_wrote(tmp_path, case):
    import json

    (tmp_path / "deck.txt").write_text(DECK, encoding="utf-8")
    (tmp_path / "costs.yaml").write_text('costs: {Lightning Helix: "{R}{W}"}\n', encoding="utf-8")
    library, command, config = (said + case["then"] for said in case["says"])
    options = {key: str(tmp_path / value) if key == "policy_file" else value for key, value in case["library"].items()}
    try:
        told = simulate(DECK, "mtg/modern", **options).warnings
    except DeckcheckError as exc:
        told = [str(exc)]
    assert any(message.startswith(library) for message in told), told
    done = run_cli("simulate", "deck.txt", "-f", "mtg/modern", *case["args"], cwd=tmp_path)
    assert command in done.stdout + done.stderr and "Traceback" not in done.stderr
    entry = {"assert": [text for text in case["library"].get("assertions", ["keep7 >= 0"])], **case["config"]}
    (tmp_path / "deckcheck.yaml").write_text(
        "format: mtg/modern\ndecks: [deck.txt]\nsimulate:\n  deck.txt: " + json.dumps(entry) + "\n", encoding="utf-8")
    checked = run_cli("check", "-o", "json", cwd=tmp_path)
    outcomes = json.loads(checked.stdout)["assertions"] if checked.returncode != 2 else []   # 2: the config's fault
    said = "\n".join([outcome["message"] for outcome in outcomes] + [checked.stderr])
    assert config in said, said
    for other in (library, command):
        assert other == config or other not in said


def test_an_error_that_names_several_settings_names_each_in_each_front_end(tmp_path):
    """Exact odds with a number of games: the library names its call's words, the command
    line its options; the error survives a trip between processes (batch workers)."""
    import pickle

    from deckcheck.cli.common import OPTION_OF_SETTING

    (tmp_path / "deck.txt").write_text(DECK, encoding="utf-8")
    with pytest.raises(DeckcheckError) as raised:
        simulate(DECK, "mtg/modern", mode="exact", hands=10)
    assert str(raised.value) == ('mode="exact" computes exact odds and simulates no games: leave out hands and seed, '
                                 'or leave out mode="exact" to sample')
    command = ("--exact computes exact odds and simulates no games: leave out --hands and --seed, "
               "or leave out --exact to sample")
    assert pickle.loads(pickle.dumps(raised.value)).named(OPTION_OF_SETTING) == command
    done = run_cli("simulate", "deck.txt", "-f", "mtg/modern", "--exact", "--seed", "3", cwd=tmp_path)
    assert done.returncode == 2 and done.stderr == f"deckcheck: error: {command}\n"


def test_a_datetime_is_the_day_it_falls_on_and_a_number_is_refused_in_one_line():
    """A deck site passing `datetime.now()` got a bare TypeError ("can't compare
    datetime.datetime to datetime.date"); a number got another one from fromisoformat."""
    import datetime as dt

    at_noon = validate("4 Mox Opal\n56 Mountain\n", "mtg/modern", dt.datetime(2024, 6, 1, 12, 30))
    assert [p.message for p in at_noon.problems] == ["Mox Opal is banned in Modern (since 2020-01-14; lifted on 2024-12-16)"]
    assert at_noon.as_of.date == dt.date(2024, 6, 1)
    with pytest.raises(DeckcheckError) as raised:
        validate(DECK, "mtg/modern", date=20240601)
    assert str(raised.value) == "date 20240601 is not a date; use YYYY-MM-DD"


@pytest.mark.parametrize("value", [True, 0, 1.5])
def test_cards_of_another_kind_is_one_line_naming_the_keyword(value):
    """`cards=True` (meaning "with card data") raised AttributeError: 'bool' object has no
    attribute 'game'."""
    with pytest.raises(DeckcheckError) as raised:
        validate(DECK, "mtg/modern", cards=value)
    assert str(raised.value) == (f"cards {value!r}: give a card database's path, a catalog, None (the default "
                                 "card data) or False (no card data)")


def test_an_empty_card_database_path_is_said_to_be_empty():
    """`cards=os.environ.get("CARDS_DB", "")` with the variable unset: "cards : no such
    file; build it with `deckcheck cards import FILE --cards-db `", a blank where the path
    goes, twice."""
    with pytest.raises(DeckcheckError) as raised:
        validate(DECK, "mtg/modern", cards="")
    assert str(raised.value) == ("cards '': an empty path; give a card database's path, a catalog, None (the default "
                                 "card data) or False (no card data)")


def test_a_folder_named_as_the_card_database_says_it_is_a_folder(tmp_path):
    """`--cards-db FOLDER` said "no such file; build it with `deckcheck cards import FILE
    --cards-db FOLDER`", advice that import then refused ("cannot replace FOLDER")."""
    (tmp_path / "deck.txt").write_text(DECK, encoding="utf-8")
    expected = f"{tmp_path}: a folder, not a card database; name a file in it ({tmp_path / 'cards.sqlite'})"
    with pytest.raises(DeckcheckError) as raised:
        validate(DECK, "mtg/modern", cards=tmp_path)
    assert str(raised.value) == f"cards {expected}"
    done = run_cli("validate", "deck.txt", "-f", "mtg/modern", "--cards-db", str(tmp_path), cwd=tmp_path)
    assert (done.returncode, done.stderr) == (2, f"deckcheck: error: --cards-db {expected}\n")


# A website calls the library with values from a form or a JSON body: a number that came as
# text, a float, a missing format. Each raised a bare TypeError or AttributeError from deep
# inside (`'<=' not supported between instances of 'int' and 'str'`, numpy's SeedSequence,
# `'NoneType' object has no attribute 'endswith'`); now one DeckcheckError naming the setting.
WRONG_KINDS = [
    (lambda: simulate(DECK, "mtg/modern", hands="100"), "hands '100': simulate from 1 to 10,000,000 games"),
    (lambda: simulate(DECK, "mtg/modern", hands=1000.5), "hands 1000.5: simulate from 1 to 10,000,000 games"),
    (lambda: simulate(DECK, "mtg/modern", hands=True), "hands True: simulate from 1 to 10,000,000 games"),
    (lambda: simulate(DECK, "mtg/modern", seed="x"), "seed 'x': use a whole number from 0 to 9223372036854775807"),
    (lambda: simulate(DECK, "mtg/modern", seed=1.5, hands=1000), "seed 1.5: use a whole number from 0 to 9223372036854775807"),
    (lambda: simulate(DECK, "mtg/modern", turns="3"), "turns '3': give a turn from 1 to 50 (a game rarely lasts past turn 30)"),
    (lambda: simulate(DECK, "mtg/modern", keep=5), "keep 5: give a keep rule as text, such as 'lands >= 2'"),
    (lambda: simulate(DECK, "mtg/modern", keep_by_size={"6": "true"}),
     "keep_by_size {'6': 'true'}: give hand sizes (whole numbers) and keep rules as text, such as {6: 'lands >= 1'}"),
    (lambda: simulate(DECK, None), "format None: give a format id such as 'mtg/modern' (a str), a format file (a pathlib.Path) or a Format"),
    (lambda: validate(DECK, 3), "format 3: give a format id such as 'mtg/modern' (a str), a format file (a pathlib.Path) or a Format"),
    (lambda: load_format(None), "format None: give a format id such as 'mtg/modern' (a str), a format file (a pathlib.Path) or a Format"),
    (lambda: simulate(DECK, "mtg/modern", assertions=[5]), "assertion [5]: give a list of texts, such as ['...']"),
    (lambda: simulate(DECK, "mtg/modern", cards={"Lightning Bolt": 4}), "card {'Lightning Bolt': 4}: give a list of texts, such as ['...']"),
    (lambda: simulate(DECK, "mtg/modern", cast=[None]), "cast [None]: give a list of texts, such as ['...']"),
    (lambda: simulate(DECK, "mtg/modern", policy_file=5), "policy_file 5: give the policy file's path (a str or a pathlib.Path)"),
    (lambda: simulate(DECK, "mtg/modern", card_data=5), "card_data 5: give card data that answers is_land(name), or None"),
    # The keywords the front ends pass (simulate --compare): a raw TypeError, or 4.5 s for a million turns.
    (lambda: simulate(DECK, "mtg/modern", land_drop_turns="3"), "land_drop_turns '3': give a turn from 0 (none) to 50"),
    (lambda: simulate(DECK, "mtg/modern", land_drop_turns=10**6), "land_drop_turns 1000000: give a turn from 0 (none) to 50"),
    (lambda: simulate(DECK, "mtg/modern", card_problems=["x"]),
     "card_problems ['x']: give a list of the card data's problems (deckcheck.problem.Problem), or leave it out"),
    (lambda: simulate(DECK, "mtg/modern", names={"keep": 3}), "names {'keep': 3}: give each setting's word as text, such as {'keep': '--keep'}"),
    (lambda: simulate(DECK, "mtg/modern", common_random="yes"), "common_random 'yes': give True or False"),
    (lambda: simulate(DECK, "mtg/modern", cards_shared="yes"), "cards_shared 'yes': give True or False"),
    (lambda: simulate(DECK, "mtg/modern", progress=5), "progress 5: give a function of the games done, or None"),
    (lambda: simulate(DECK, "mtg/modern", mode="fast"), "mode 'fast': choose one of: auto, exact, monte-carlo"),
    # A pool of another kind was "a decklist is text (str) or a file", of the deck.
    (lambda: validate(DECK, "mtg/modern", pool=5), "pool 5: give the pool's text (a str), its file (a pathlib.Path) or a Pool"),
    (lambda: _check_deck(pool=["Mountain"]), "pool ['Mountain']: give the pool's text (a str), its file (a pathlib.Path) or a Pool"),
    # A deck site passing a JSON body's `null` or bytes met a bare TypeError, not a DeckcheckError;
    # check_deck given text (not a parsed Deck) an AttributeError from deep inside.
    (lambda: validate(None, "mtg/modern"), "deck None: give the decklist's text (a str) or its file (a pathlib.Path)"),
    (lambda: validate(b"4 Island", "mtg/modern"), "deck b'4 Island': give the decklist's text (a str) or its file (a pathlib.Path); an upload's bytes go to parse_bytes"),
    (lambda: simulate(["4 Island"], "mtg/modern"), "deck ['4 Island']: give the decklist's text (a str) or its file (a pathlib.Path)"),
    (lambda: _parse_deck(4), "deck 4: give the decklist's text (a str) or its file (a pathlib.Path)"),
    (lambda: _check_deck_of("4 Island"),
     "deck '4 Island': give a Deck that parse_deck read (validate takes the decklist's text or file)"),
    (lambda: _check_deck_of(None), "deck None: give a Deck that parse_deck read (validate takes the decklist's text or file)"),
    (lambda: _validate_file(None), "path None: give the decklist file's name (a str or a pathlib.Path)"),
    (lambda: _read_pool_file(3), "path 3: give the pool file's name (a str or a pathlib.Path)"),
    # check_source (docs/batch.md) met them deep inside: pathlib's TypeError for a source of
    # None, `'>' not supported` for jobs="2", "'int' object is not callable" after the batch ran.
    (lambda: check_source(None, "mtg/modern"),
     "source None: give the folder, zip or manifest to check (a str or a pathlib.Path)"),
    (lambda: check_source("regs", "mtg/modern", jobs="2"),
     "jobs '2': give a number of processes from 1 up, or None for the cores this process may use"),
    (lambda: check_source("regs", "mtg/modern", jobs=-1),
     "jobs -1: give a number of processes from 1 up, or None for the cores this process may use"),
    (lambda: check_source("regs", "mtg/modern", deck_check=2.5),
     "deck_check 2.5: give a share of the players such as 10% or a number of players such as 5"),
    (lambda: check_source("regs", "mtg/modern", on_result=5), "on_result 5: give a function, or None"),
    (lambda: check_source("regs", "mtg/modern", progress="yes"), "progress 'yes': give a function, or None"),
    (lambda: check_source("regs", "mtg/modern", sink=[]), "sink []: give a function, or None"),
    # check_deck took any platform: KeyError 'mtgx' from deep in a rule, TypeError for a list.
    (lambda: _check_deck(platform="mtgx"), "platform 'mtgx': choose paper, mtgo or arena"),
    (lambda: _check_deck(platform=["paper"]), "platform ['paper']: choose paper, mtgo or arena"),
    # load_format took any keep, base and root: keep="no" (a setting read from a service's
    # configuration) kept the format in the user cache, root=3 passed until a chain needed it.
    (lambda: _load_format(keep="no"), "keep 'no': give True or False"),
    (lambda: _load_format(keep=None), "keep None: give True or False"),
    (lambda: _load_format(base=1), "base 1: give True or False"),
    (lambda: _load_format(root=3), "root 3: give the folder a format file's extends: chain stays in (a str or a pathlib.Path), or None"),
    # A form's value of a megabyte was quoted whole.
    (lambda: validate(DECK, "mtg/modern", date="2024-" + "1" * 1_000_000),
     f"date '2024-{'1' * 195}' is not a date; use YYYY-MM-DD"),
    (lambda: validate(DECK, "mtg/modern", platform="arena" + "x" * 1_000_000),
     f"platform 'arena{'x' * 195}': choose paper, mtgo or arena"),
]


def _load_format(**options):  # type: ignore[no-untyped-def]
    from deckcheck import load_format

    return load_format("mtg/modern", **options)


def _parse_deck(value):  # type: ignore[no-untyped-def]
    from deckcheck import parse_deck

    return parse_deck(value)


def _check_deck_of(value):  # type: ignore[no-untyped-def]
    from deckcheck import check_deck

    return check_deck(value, "mtg/modern")


def _validate_file(value):  # type: ignore[no-untyped-def]
    from deckcheck import validate_file

    return validate_file(value, "mtg/modern")


def _read_pool_file(value):  # type: ignore[no-untyped-def]
    from deckcheck import read_pool_file

    return read_pool_file(value)


def test_a_loaded_format_is_taken_where_the_error_says_it_is_and_refused_plainly_where_not(tmp_path):
    """The format errors say "give ... or a Format", but load_format refused the Format
    it had loaded with that very message, and so did check_source (as "format Format(id=...
    data={...}": the whole repr): a program that loads its format once and hands it on is
    told to give what it gave. load_format hands a loaded Format back; check_source, whose
    workers load formats by id or file, says to give one of those."""
    from deckcheck.errors import FormatError

    fmt = load_format("mtg/legacy")
    assert load_format(fmt) is fmt
    (tmp_path / "deck.txt").write_text(DECK, encoding="utf-8")
    with pytest.raises(FormatError) as raised:
        check_source(tmp_path, fmt)
    assert str(raised.value) == ("format 'mtg/legacy': a batch loads its format itself; give its id (a str, such as "
                                 "'mtg/modern') or its file (a pathlib.Path), not a loaded Format")
    with pytest.raises(FormatError) as raised:
        check_source(tmp_path, 3)
    assert str(raised.value) == "format 3: give a format id such as 'mtg/modern' (a str) or a format file (a pathlib.Path)"


def _check_deck(**settings):  # type: ignore[no-untyped-def]
    from deckcheck import check_deck, parse_deck

    return check_deck(parse_deck(DECK), "mtg/modern", **settings)


@pytest.mark.parametrize("call, message", WRONG_KINDS, ids=[case[1].split(":")[0] for case in WRONG_KINDS])
def test_a_value_of_the_wrong_kind_is_one_line_naming_the_setting(call, message):
    with pytest.raises(DeckcheckError) as raised:
        call()
    assert str(raised.value) == message


@pytest.mark.parametrize("call, setting", [
    # simulate(mode="fast") was a DeckcheckError with no setting, beside on="first"'s OptionError
    (lambda: simulate(DECK, "mtg/modern", mode="fast"), "mode"),
    (lambda: _load_format(keep="no"), "keep"),
    (lambda: _load_format(base=1), "base"),
    (lambda: _load_format(root=3), "root"),
])
def test_a_value_of_the_wrong_kind_is_an_option_error_a_form_can_mark(call, setting):
    with pytest.raises(OptionError) as raised:
        call()
    assert raised.value.setting == setting


@pytest.mark.parametrize("setting, value, listed", [
    ("assertions", "keep7 >= 0.5", ["keep7 >= 0.5"]),
    ("cards", "Lightning Bolt", ["Lightning Bolt"]),
])
def test_one_text_where_a_list_goes_is_that_one_item_as_in_deckcheck_yaml(setting, value, listed):
    """`assertions="keep7 >= 0.5"` was read a character at a time ("assertion: column 1 in
    'k': unknown name 'k'"), `cards="Lightning Bolt"` as the card 'L'; deckcheck.yaml's
    `assert: "keep7 >= 0.5"` was always one assertion. One text is now that one item."""
    alone = simulate(DECK, "mtg/modern", **{setting: value})
    as_list = simulate(DECK, "mtg/modern", **{setting: listed})
    assert [a.text for a in alone.assertions] == [a.text for a in as_list.assertions]
    assert alone.tracked == as_list.tracked and alone.passed == as_list.passed


def test_check_deck_takes_what_validate_takes_for_its_format_and_date():
    """`check_deck` (exported beside `validate`) raised AttributeError ('str' object has no
    attribute 'game') for a format id and TypeError for a date as text or None."""
    from deckcheck import check_deck, parse_deck

    deck = parse_deck("4 Mox Opal\n56 Mountain\n")
    expected = validate("4 Mox Opal\n56 Mountain\n", "mtg/modern", "2024-06-01").to_dict()
    assert check_deck(deck, "mtg/modern", date="2024-06-01").to_dict() == expected
    assert check_deck(deck, load_format("mtg/modern"), date=dt.datetime(2024, 6, 1, 9)).to_dict() == expected
    assert check_deck(deck, "mtg/modern").format == "mtg/modern"  # today, as validate
    with pytest.raises(DeckcheckError) as raised:
        check_deck(deck, "mtg/modern", date="2024-13-01")
    assert str(raised.value) == "date '2024-13-01' is not a date: there is no month 13"


_HUGE = "x" * 1_000_000
_DECK = "4 Lightning Bolt\n56 Mountain\n"


@pytest.mark.parametrize("call", [
    lambda: simulate(_DECK, "mtg/modern", on=_HUGE),
    lambda: simulate(_DECK, "mtg/modern", mode=_HUGE),
    lambda: simulate(_DECK, "mtg/modern", cards=[_HUGE]),
    lambda: simulate(_DECK, "mtg/modern", cast=[_HUGE]),
    lambda: simulate(_DECK, "mtg/modern", keep=_HUGE),
    lambda: simulate(_DECK, "mtg/modern", assertions=[f"{_HUGE} >= 0.5"]),
    lambda: validate(_DECK, "mtg/modern", input_format=_HUGE),
    lambda: validate(_DECK, "mtg/modern", cards=_HUGE),
], ids=["on", "mode", "cards", "cast", "keep", "assertions", "input_format", "validate-cards"])
def test_a_megabyte_setting_is_not_quoted_whole(call):
    # A deck site passes its form's fields through: each of these quoted the megabyte
    # (twice for cast), against docs/security.md's "a message quotes at most a bounded piece".
    from deckcheck.limits import MAX_MESSAGE_CHARS

    with pytest.raises(DeckcheckError) as raised:
        call()
    message = str(raised.value)
    assert len(message) < MAX_MESSAGE_CHARS + 60, len(message)
    # Cut in the middle, or (a keep rule, an assertion: MAX_EXPRESSION_CHARS) refused as too
    # long, its length said and only its head quoted.
    assert ("characters cut)" in message or "too long: 1,000,0" in message) and "\n" not in message


def test_check_source_takes_a_number_of_players_to_deck_check_as_a_number(tmp_path):
    """`deck_check=5` (docs/batch.md: "`10%` or `5`") met AttributeError ('int' object has
    no attribute 'strip'); a whole number is that many players, as the text "5" is."""
    for player in ("ann", "bob", "cy"):
        (tmp_path / f"{player}.txt").write_text(DECK, encoding="utf-8")
    as_number = check_source(str(tmp_path), "mtg/modern", deck_check=2, seed=7).deck_checks
    as_text = check_source(str(tmp_path), "mtg/modern", deck_check="2", seed=7).deck_checks
    assert as_number.request == as_text.request
    assert [pick.index for pick in as_number.picks] == [pick.index for pick in as_text.picks] and len(as_number.picks) == 2


def _binary(path: Path) -> Path:
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(64))
    return path


def _broken_yaml(folder: Path) -> Path:
    folder.mkdir()
    path = folder / "x\ny.yaml"
    path.write_text("keep: [\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(("call", "message"), [
    (lambda tmp: validate(DECK, "mtg/modern", pool=Path("a\nb")), "pool 'a\\nb': no such file"),
    (lambda tmp: validate(DECK, "mtg/modern", pool=tmp / "a\nb"), "a\\nb': no such file"),
    (lambda tmp: validate(DECK, "mtg/modern", cards="a\nb"), "cards 'a\\nb': no such file; build it with `deckcheck "
                                                               "cards import FILE --cards-db 'a\\nb'`"),
    (lambda tmp: simulate(DECK, "mtg/modern", policy_file="a\nb.yaml"),
     "'a\\nb.yaml': cannot read policy file (No such file or directory)"),
    (lambda tmp: simulate(DECK, "mtg/modern", policy_file=_broken_yaml(tmp / "p")), "invalid YAML"),
    (lambda tmp: simulate(Path("a\nb"), "mtg/modern"), "'a\\nb': no such file"),
    (lambda tmp: validate(DECK, _broken_yaml(tmp / "f")), "invalid YAML"),
    (lambda tmp: validate(DECK, Path("a\nb.yaml")), "format file 'a\\nb.yaml' not found"),
    (lambda tmp: __import__("deckcheck.engine.plot").engine.plot.check_target("a\nb.txt"),
     "'a\\nb.txt': write a .svg or .png file"),
    (lambda tmp: read_pool_file(_binary(tmp / "c\nd.txt")), "c\\nd.txt': not a text decklist"),  # named once
    (lambda tmp: check_source(tmp / "none\nhere", "mtg/modern"), "none\\nhere: no such file or folder"),
], ids=["pool", "pool-in-folder", "cards-db", "policy", "policy-yaml", "simulate-deck", "format-yaml", "format-file",
        "plot", "pool-not-text", "batch-source"])
def test_a_path_with_a_line_break_is_named_in_one_line(tmp_path, call, message):
    """A file name the caller chose that holds a line break made a two-line message: every
    error is one line (docs/contracts.md), so such a name is quoted (`limits.quoted`);
    names without one read as ever."""
    with pytest.raises(DeckcheckError) as raised:
        call(tmp_path)
    text = str(raised.value)
    assert "\n" not in text and message in text, text


@pytest.mark.parametrize("value", [["text"], {"text": 1}, {"dek"}, "csv", "txt"])
def test_an_unknown_input_format_is_an_option_error_naming_input_format(value):
    """A deck site passing its form's JSON field through (`input_format=["text"]`) met a
    bare TypeError (unhashable type: 'list') from the parsers' lookup, not a DeckcheckError;
    and an unknown one (`"csv"`) was a bare DeckcheckError naming no setting, where every
    other bad argument is an OptionError whose `setting` tells the site which field to mark."""
    from deckcheck import parse_deck
    from deckcheck.errors import OptionError

    for call in (lambda: validate(_DECK, "mtg/modern", input_format=value), lambda: parse_deck(_DECK, input_format=value)):
        with pytest.raises(OptionError) as raised:
            call()
        assert raised.value.setting == "input_format"
        assert str(raised.value).startswith(f"input_format {value!r}: unknown input format; choose one of: dek, ")


@pytest.mark.parametrize("value", ["mtg/modern", {"date": "2024-06-01"}, 1])
def test_check_deck_refuses_a_context_that_is_no_context(value):
    """`check_deck(deck, fmt, context=...)` met AttributeError ('str' object has no attribute
    'carry_counts') deep inside for anything but a rules Context; an OptionError names it."""
    from deckcheck import check_deck, parse_deck

    with pytest.raises(DeckcheckError) as raised:
        check_deck(parse_deck(_DECK), "mtg/modern", context=value)
    assert str(raised.value).startswith(f"context {value!r}: give ")


@pytest.mark.parametrize("written", ["pool.txt", "pools/ann.dek", " registered/pool.txt\n"])
def test_a_pool_given_as_a_file_name_in_a_str_is_told_to_give_a_path(tmp_path, monkeypatch, written):
    """A `str` pool is its text, never a file name (docs/contracts.md), and no file is read
    for it; docs/batch.md showed `pool="pool.txt"`, which failed with "pool <pool>: lists no
    cards" alone. The error now says what to give instead."""
    from deckcheck.errors import InputError

    monkeypatch.chdir(tmp_path)
    (tmp_path / "pool.txt").write_text("4 Grizzly Bears\n", encoding="utf-8")  # there, and still not read
    with pytest.raises(InputError) as raised:
        validate("4 Grizzly Bears\n36 Forest\n", "mtg/limited", pool=written)
    name = written.strip()
    assert str(raised.value) == (f"pool <pool>: lists no cards; a str is the pool's text, and {name!r} looks like a "
                                 f"file's name: give pathlib.Path({name!r}) to read that file")


def test_a_pool_text_that_lists_no_cards_and_names_no_file_is_told_only_that():
    from deckcheck.errors import InputError

    with pytest.raises(InputError) as raised:
        validate("4 Grizzly Bears\n36 Forest\n", "mtg/limited", pool="Sideboard\n")
    assert str(raised.value) == "pool <pool>: lists no cards"
    assert raised.value.line is None  # no line is at fault


@pytest.mark.parametrize(("pool", "why"), [
    ('<?xml version="1.0"?><Deck><Cards Quantity="4" Sideboard="false" Name="Forest"></Deck>',
     "line 1 could not be read: not well-formed XML (mismatched tag)"),
    ("ydke://AAAA!!!", "line 1 could not be read: main part: 3 bytes is not a whole number of 4-byte passcodes: 'AAAA'"),
    ("four Grizzly Bears\nfive Forest\n", "line 1 could not be read: expected `COUNT Card Name`: 'four Grizzly Bears'"),
])
def test_a_pool_that_lists_no_cards_for_lines_it_cannot_read_says_which(pool, why):
    """A pool whose every line is unreadable (broken XML, a ydke URL of no passcodes, lines
    of no count) said "lists no cards" alone, as an empty one does: the player was not told
    the pool is there but unreadable, nor where. The error's `line` says it too, for a site
    that marks the line of the text its user pasted (it was None)."""
    from deckcheck.errors import InputError

    with pytest.raises(InputError) as raised:
        validate("4 Grizzly Bears\n36 Forest\n", "mtg/limited", pool=pool)
    name = "ydke://AAAA!!!" if pool.startswith("ydke") else "<pool>"
    assert str(raised.value) == f"pool {name}: lists no cards ({why})"
    assert raised.value.line == 1


@pytest.mark.parametrize(("name", "content", "line"), [
    ("pool.dek", '<?xml version="1.0"?>\n<Deck>\n<Cards Quantity="4" Name="Forest">\n</Deck>\n', 4),
    ("pool.txt", "// drafted\nfour Grizzly Bears\n", 2),
])
def test_a_pool_file_that_lists_no_cards_for_lines_it_cannot_read_says_where_not_what(tmp_path, name, content, line):
    """A file's pool names the line, but quotes none of it: an error never quotes a file's
    content (docs/security.md); the text a caller gave is its own, and is quoted above."""
    from deckcheck.errors import InputError

    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError) as raised:
        read_pool_file(path)
    assert str(raised.value) == f"pool {path}: lists no cards (line {line} could not be read)"
    assert raised.value.line == line


@pytest.mark.parametrize("pool", ["pool.txt", "// drafted\nfour Grizzly Bears\n", "missing"])
def test_a_pool_that_cannot_be_read_names_the_keyword_pool(tmp_path, pool):
    """A deck site's form has a pool field beside the deck's: a pool that cannot be read
    (a file name in a str, no card line, a file not there) is an InputError whose setting
    is `pool`, as an unreadable format file's is `format_id` (docs/contracts.md: a form
    marks that field); it was None. Its line stays."""
    from deckcheck import check_deck, parse_deck
    from deckcheck.errors import InputError

    given = tmp_path / "not-there.txt" if pool == "missing" else pool
    for call in (lambda: validate("4 Grizzly Bears\n36 Forest\n", "mtg/limited", pool=given),
                 lambda: check_deck(parse_deck("4 Grizzly Bears\n36 Forest\n"), "mtg/limited", pool=given)):
        with pytest.raises(InputError) as raised:
            call()
        assert raised.value.setting == "pool", str(raised.value)
    if pool.startswith("//"):
        assert raised.value.line == 2


@pytest.mark.parametrize("what", ["deck", "pool"])
def test_a_huge_one_word_text_is_refused_without_a_look_at_each_character(what):
    """A text of one word past any file name's length gets no file-name advice, and is not
    looked at a character at a time for it: a pasted 64 MiB, refused by its size unread,
    spent 2 s in a Python step a character asking whether it was a file's name."""
    from deckcheck.errors import InputError

    huge = "a" * (64 << 20) + ".txt"
    started = time.process_time()
    if what == "deck":
        message = validate(huge, "mtg/limited").problems[0].message
    else:
        with pytest.raises(InputError) as raised:
            validate("4 Grizzly Bears\n36 Forest\n", "mtg/limited", pool=huge)
        message = str(raised.value)
    assert time.process_time() - started < 1
    assert "over the 4,194,304-byte limit" in message and "pathlib" not in message
    assert "pathlib" not in validate("a" * 1100 + ".txt", "mtg/modern").problems[0].message


def test_a_deck_given_as_a_file_name_in_a_str_is_told_to_give_a_path(tmp_path, monkeypatch):
    """`validate("deck.txt", ...)` reads the words `deck.txt` as a list (a str is never a
    file name, docs/security.md) and said only "expected `COUNT Card Name`: 'deck.txt'"; the
    problem now says what to give instead, and the file beside it is still not read."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "deck.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    result = validate("deck.txt", "mtg/modern")
    assert not result.legal
    assert result.problems[0].rule == "parse-error"
    assert result.problems[0].message == (
        "expected `COUNT Card Name`: 'deck.txt'; a str is the decklist's text, and 'deck.txt' looks like a file's "
        "name: give pathlib.Path('deck.txt') to read that file")
    # Standard input holding such a line is a list like any other: no library advice there.
    done = run_cli("validate", "-", "-f", "mtg/modern", input="deck.txt\n")
    assert "pathlib" not in done.stdout + done.stderr


def test_a_broken_xml_lists_problem_keeps_its_reason_apart_from_its_file_and_line():
    """The parse-error of XML that cannot be read names its file and line (`<text>: line 1:
    not well-formed XML (...)`), and keeps the reason alone (Problem.reason, never
    reported): a pool's "lists no cards" says it after its own words, where it was found
    again by cutting the file's name and the line off the message."""
    from deckcheck.decklists import parse_text

    deck = parse_text('<?xml version="1.0"?>\n<Deck><Cards Quantity="4" Name="Forest"></Deck>', source="pool.dek")
    [problem] = deck.problems
    assert problem.message == "pool.dek: line 2: not well-formed XML (mismatched tag)" and problem.line == 2
    assert problem.reason == "not well-formed XML (mismatched tag)"
    assert problem.replace().reason is None and "reason" not in problem.to_dict()
    [typed] = parse_text("four Forests\n", source="pool.txt").problems
    assert typed.reason is None


UNREADABLE_FILES = [  # (file name, bytes, the reason its problem keeps without the file)
    ("scan.txt", b"\x89PNG\r\n\x1a\n\x00\x00", "not a text decklist: looks like PNG (an image); export the list as text"),
    ("missing.txt", None, "no such file"),
    ("deckcheck.yaml", b"formats: [mtg/modern]\n", "not a decklist: a YAML file of settings (formats); a format file goes "
     "after -f, a keep policy after --policy, and deckcheck.yaml is read by `deckcheck check`"),
]


@pytest.mark.parametrize("name, content, reason", UNREADABLE_FILES)
def test_an_unreadable_files_problem_keeps_its_reason_apart_from_its_file(tmp_path, name, content, reason):
    """A file that cannot be read at all says so naming it (`scan.txt: not a text decklist:
    ...`), and keeps the reason alone, as broken XML's problem does: a pool's error and a
    simulation name the file themselves. read_pool cut the file's name off the message
    itself, and `check` named the deck twice ("decks/scan.txt: keep7 >= 0.5 [cannot simulate:
    decks/scan.txt: not a text decklist ...]")."""
    from deckcheck.decklists import load_deck
    from deckcheck.problem import named_file_as

    if content is not None:
        (tmp_path / name).write_bytes(content)
    deck = load_deck(tmp_path / name)
    [problem] = deck.problems
    assert deck.unreadable and problem.message == f"{tmp_path / name}: {reason}"
    assert problem.reason == reason
    # Named as a report names it (a batch's, check's), the reason stays.
    [named] = named_file_as(deck.problems, str(tmp_path / name), name)
    assert named.message == f"{name}: {reason}" and named.reason == reason


@pytest.mark.parametrize("breaks", ["\n", "\r\n", "\r"])
@pytest.mark.parametrize("inside", ["\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"])
def test_a_problem_line_counts_only_the_line_breaks_a_form_sends(breaks, inside):
    """docs/contracts.md tells a web service that `Problem.line` counts `\\n`, `\\r\\n` and
    `\\r` only (not the other breaks of `str.splitlines()`), so it can mark the user's line."""
    text = breaks.join(["// pasted", "5 Lightning Bolt", f"2 Opt{inside}2 Ponder", "4 Counterspell", "4 Lightning Bolt"])
    problems = validate(text, "mtg/modern", "2024-06-01").problems
    lines = re.split(r"\r\n|\r|\n", text)
    assert [(p.rule, p.line) for p in problems if p.line is not None] == [("unknown-card", 3), ("copy-limit", 2)]
    assert "Lightning Bolt" in lines[2 - 1] and "Ponder" in lines[3 - 1]


@pytest.mark.parametrize("value", ["false", "no", 0, 1, "True"])
def test_offline_of_the_wrong_kind_is_an_option_error(value):
    """`offline` read anything but False as offline: a site passing its form's field
    through (`offline="false"`, `offline=0`) stayed offline without a word, where `cards=True`
    and every other setting of the wrong kind is refused naming its keyword."""
    from deckcheck import check_deck, parse_deck
    from deckcheck.errors import OptionError

    for call in (lambda: validate(_DECK, "mtg/modern", offline=value),
                 lambda: check_deck(parse_deck(_DECK), "mtg/modern", offline=value)):
        with pytest.raises(OptionError) as raised:
            call()
        assert raised.value.setting == "offline"
        assert str(raised.value).startswith(f"offline {value!r}: give True, False or None")


@pytest.mark.parametrize("value", [None, True, False])
def test_offline_takes_none_and_the_booleans(value, monkeypatch):
    monkeypatch.setenv("DECKCHECK_OFFLINE", "1")  # False may ask online; the test stays offline
    assert validate(_DECK, "mtg/modern", "2024-06-01", offline=value).legal


@pytest.mark.parametrize("address", ["https://www.moxfield.com/decks/abc123", " <http://tappedout.net/mtg-decks/x/> \n"])
def test_a_pasted_web_address_is_told_that_deckcheck_downloads_no_list(address):
    """A deck site's user pastes the deck's page address more often than the list: the
    command line says a web address is no decklist and what to do, the library said only
    "expected `COUNT Card Name`" (of the deck) and "line 1 could not be read" (of a pool)."""
    from deckcheck.errors import InputError

    shown = repr(address.strip())
    advice = (f"a str is the {{whose}}'s text, and {shown} is a web address: deckcheck downloads no decklist; "
              "export the list from the site as text (its MTGO or Arena export) and give that text")
    problem = validate(address, "mtg/modern", "2024-06-01").problems[0]
    assert problem.rule == "parse-error" and problem.message.endswith("; " + advice.format(whose="decklist"))
    with pytest.raises(InputError) as raised:
        validate(_DECK, "mtg/limited", "2024-06-01", pool=address)
    assert str(raised.value) == "pool <pool>: lists no cards; " + advice.format(whose="pool")


@pytest.mark.parametrize("call", ["validate", "parse_deck", "simulate"])
def test_a_folder_given_as_the_deck_gets_a_librarys_advice_not_the_commands(call, tmp_path):
    """A library caller who gives a folder was told to `use deckcheck batch for folders`, a
    command it is not running; it is told to name the file in it, and which one when there
    is one file there, as a pool's folder and a batch row's are. The command keeps its
    advice (tests/test_batch_cli.py)."""
    from deckcheck import parse_deck

    (tmp_path / "ann").mkdir()
    (tmp_path / "ann" / "deck.txt").write_text(DECK, encoding="utf-8")
    folder = tmp_path / "ann"
    expected = f"{folder}: is a directory, not a decklist; name the file in it: {folder / 'deck.txt'}"
    if call == "validate":
        said = validate(folder, "mtg/modern").problems[0].message
    elif call == "parse_deck":
        said = parse_deck(folder).problems[0].message
    else:
        with pytest.raises(DeckcheckError) as caught:
            simulate(folder, "mtg/modern")
        said = str(caught.value)
    assert said == expected
    done = run_cli("validate", str(folder), "-f", "mtg/modern")
    assert "is a directory, not a decklist (use `deckcheck batch` for folders)" in done.stdout + done.stderr


def test_cards_shared_between_decks_make_a_card_a_deck_does_not_run_a_note():
    """`cards` given for one deck must all be in it; shared between decks (`cards_shared`,
    a deckcheck.yaml entry's) a real card this deck does not run is a note, and the table
    shows the others. A name the card data does not know stays an error either way."""
    with pytest.raises(DeckcheckError, match="card 'Counterspell': no such card in the main deck"):
        simulate(DECK, "mtg/modern", cards=["Counterspell", "Lightning Bolt"])
    simulation = simulate(DECK, "mtg/modern", cards=["Counterspell", "Lightning Bolt"], cards_shared=True)
    assert "card: 'Counterspell' is not in the main deck" in simulation.warnings
    assert [simulation.profile.cards[index].name for index in simulation.tracked] == ["Lightning Bolt"]
    with pytest.raises(DeckcheckError, match="card 'Lightning Blot': no such card in the main deck; did you mean 'Lightning Bolt'"):
        simulate(DECK, "mtg/modern", cards=["Lightning Blot"], cards_shared=True)
