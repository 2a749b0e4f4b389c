"""The library's errors name its keyword arguments, the command line's its options
(errors.OptionError, cli/common.py): `validate(..., date="2024-13-01")` says "date
'2024-13-01' is not a date", never "--date", and `deckcheck validate --date 2024-13-01`
still says "--date". Each case states the call, the library's message, the command line
that gives the same value and its message."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import run_cli
from deckcheck import validate
from deckcheck.batch import check_source
from deckcheck.engine import simulate
from deckcheck.errors import DeckcheckError

DECK = "4 Lightning Bolt\n56 Mountain\n"

CASES = [
    (lambda folder: validate(DECK, "mtg/modern", date="2024-13-01"),
     "date '2024-13-01' is not a date; use YYYY-MM-DD",
     ["validate", "deck.txt", "-f", "mtg/modern", "--date", "2024-13-01"]),
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
    (lambda folder: simulate(DECK, "mtg/modern", on="first"),
     "on 'first': choose play or draw",
     ["simulate", "deck.txt", "-f", "mtg/modern", "--on", "first"]),
    (lambda folder: check_source(str(folder), "mtg/modern", deck_check="ten"),
     "deck_check 'ten': give a share of the players such as 10% or a number of players such as 5",
     ["batch", ".", "-f", "mtg/modern", "--deck-check", "ten"]),
    (lambda folder: check_source(str(folder), None),
     "a folder names no format (deck.txt); give format_id for them",
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
