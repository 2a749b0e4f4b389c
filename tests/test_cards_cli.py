"""`deckcheck cards import | lookup | stats` through the installed command."""
from __future__ import annotations

import json

import pytest

from conftest import SAMPLE_CARDS


@pytest.fixture
def db(tmp_path, monkeypatch):
    path = tmp_path / "cards.sqlite"
    monkeypatch.setenv("DECKCHECK_CARDS_DB", str(path))
    return path


def test_import_then_lookup_and_stats(cli, db):
    done = cli("cards", "import", str(SAMPLE_CARDS), env={"DECKCHECK_PROGRESS": "1"})
    assert done.returncode == 0, done.stderr
    # Every object the file holds is counted, those that are no card too (a meld card's back
    # face): it said 20 of the 21, counting the objects kept.
    assert len(json.loads(SAMPLE_CARDS.read_text(encoding="utf-8"))) == 21
    assert done.stdout == f"{db}: 17 cards from Scryfall bulk file sample_cards.json (21 objects)\n"
    assert "importing sample_cards.json [" in done.stderr  # the bar, on stderr only
    lookup = cli("cards", "lookup", "insectile aberration", "--offline")
    assert lookup.returncode == 0
    assert lookup.stdout.splitlines()[0] == "Delver of Secrets // Insectile Aberration"
    assert "printings:  isd (common)" in lookup.stdout
    rats = json.loads(cli("cards", "lookup", "Relentless Rats", "-o", "json", "--offline").stdout)
    assert rats["deck_limit"] == "any" and rats["legalities"]["modern"] == "legal"
    island = json.loads(cli("cards", "lookup", "snow covered island", "-o", "json", "--offline").stdout)
    assert island["name"] == "Snow-Covered Island" and island["basic"] is True
    stats = cli("cards", "stats")
    assert "cards:       17" in stats.stdout and "legalities:  yes (17 cards)" in stats.stdout


def test_lookup_of_a_typo_exits_1_with_suggestions(cli, db):
    assert cli("cards", "import", str(SAMPLE_CARDS)).returncode == 0
    done = cli("cards", "lookup", "Lightening Bolt", "--offline")
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == "deckcheck: no card named 'Lightening Bolt'; did you mean Lightning Bolt?\n"
    as_json = cli("cards", "lookup", "Lightening Bolt", "--offline", "-o", "json")
    assert json.loads(as_json.stdout) == {"name": "Lightening Bolt", "found": False, "suggestions": ["Lightning Bolt"]}


def test_without_a_database_the_commands_read_the_built_in_data(cli, db):
    assert not db.exists()
    done = cli("cards", "lookup", "Island")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Island\n  type:       Basic Land — Island\n")
    stats = cli("cards", "stats")
    assert stats.returncode == 0, stats.stderr
    assert "(built-in card data)" in stats.stdout and "deckcheck built-in card data" in stats.stdout
    info = cli("cards", "info", "-o", "json")
    rows = {row["game"]: row for row in json.loads(info.stdout)["games"]}
    assert all(rows[game]["builtin"] for game in ("mtg", "yugioh", "wow"))
    assert rows["mtg"]["date"] == "2026-06-14" and rows["yugioh"]["date"] == "2026-08-22"


@pytest.mark.parametrize("command", [("stats",), ("lookup", "Island")])
def test_an_explicit_missing_database_is_a_usage_error(cli, tmp_path, command):
    missing = tmp_path / "nope.sqlite"
    done = cli("cards", *command, "--cards-db", str(missing))
    assert done.returncode == 2
    assert done.stderr.startswith("deckcheck: error: ") and str(missing) in done.stderr and "Traceback" not in done.stderr


def test_import_of_a_broken_file_keeps_the_database(cli, db, tmp_path):
    assert cli("cards", "import", str(SAMPLE_CARDS)).returncode == 0
    before = db.read_bytes()
    broken = tmp_path / "oracle-cards.json"
    broken.write_bytes(SAMPLE_CARDS.read_bytes()[:9000])
    done = cli("cards", "import", str(broken))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith("deckcheck: error: oracle-cards.json: the file ends")
    assert "the card database was not changed" in done.stderr and done.stderr.count("\n") == 1
    assert db.read_bytes() == before
    missing = cli("cards", "import", str(tmp_path / "nope.json"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr


def test_explicit_database_option_wins_over_the_environment(cli, db, tmp_path):
    other = tmp_path / "other.sqlite"
    assert cli("cards", "import", str(SAMPLE_CARDS), "--cards-db", str(other)).returncode == 0
    assert other.is_file() and not db.exists()
    assert cli("cards", "stats", "--cards-db", str(other)).returncode == 0


@pytest.mark.parametrize("game", [[], ["--game", "yugioh"]])
def test_lookup_of_a_number_of_thousands_of_digits_says_no_card_has_it(cli, game):
    """int() refuses over 4,300 digits: the Rush Duel note read the query with int() and
    the lookup ended in an internal error."""
    done = cli("cards", "lookup", *game, "1" * 5000)
    assert done.returncode == 1, done.stderr
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr
    assert done.stderr.startswith("deckcheck: no ")


@pytest.mark.parametrize("argv", [
    ["cards", "import", str(SAMPLE_CARDS), "--cards-db", "-"],
    ["cards", "stats", "--cards-db", "-"],
    ["validate", "deck.txt", "-f", "mtg/modern", "--cards-db", "-"],
], ids=lambda argv: " ".join(argv[:2]))
def test_a_card_database_named_dash_is_refused_not_a_file_named_dash(cli, tmp_path, argv):
    """`-` is a standard stream everywhere else (docs/contracts.md): `cards import --cards-db -`
    wrote a database file called `-`, and a command reading `--cards-db -` said to build it so."""
    (tmp_path / "deck.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    done = cli(*argv, cwd=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr == ("deckcheck: error: --cards-db -: a card database is a file, and '-' names none here "
                           "(it is not a standard stream); name the database file\n")
    assert not (tmp_path / "-").exists()


def test_a_card_file_given_as_dash_is_told_standard_input_is_for_decks(cli, tmp_path):
    """`cards import -` (a card file piped in) was "cannot read - (No such file or
    directory)", as if a file called `-` had gone missing: `-` reads standard input for a
    deck or a pool only."""
    done = cli("cards", "import", "-", "--cards-db", str(tmp_path / "cards.sqlite"), cwd=tmp_path, input="[]")
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr == ("deckcheck: error: -: standard input is read for a deck or a pool, never a card file: "
                           "give the card file saved on disk; the card database was not changed\n")
    assert not (tmp_path / "cards.sqlite").exists()


@pytest.mark.parametrize("name", ["Jace, the Mind Sculptor", "Lightning Bolt"])  # long rules text; 28 printings
def test_a_magic_card_looked_up_fits_80_columns_its_values_under_their_column(cli, name):
    """A long line of a Magic card (a loyalty ability, its printings) is broken between
    words, its next lines under the value's column (14), not at the terminal's left edge in
    mid-word; nothing is lost."""
    done = cli("cards", "lookup", name, env={"DECKCHECK_OFFLINE": "1"})
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line for line in lines if len(line) > 80] == []
    carried = [line for line in lines if line.startswith(" " * 14)]
    assert carried and all(line[14] != " " for line in carried), lines
    one_line = " ".join(done.stdout.split())
    assert ("+2: Look at the top card of target player's library. You may put that card on the bottom of that "
            "player's library." in one_line or "and 16 more" in one_line), one_line


def test_card_data_stats_fit_80_columns(cli):
    """`cards stats` said its source and each other game's rows on lines of up to 156
    columns, which the terminal broke mid-word at its left edge: they are broken between
    words as `cards lookup` is, a value's next lines under the value; nothing is lost."""
    done = cli("cards", "stats", env={"DECKCHECK_OFFLINE": "1"})
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    # The database's line is whole: its path is one word, long in a deep folder.
    assert [line for line in lines[1:] if len(line) > 80] == []
    carried = [line for line in lines if line.startswith(" ")]
    assert carried and all(line.startswith(" " * 13) and line[13] != " " for line in carried), lines
    rows = done.stdout.replace("\n" + " " * 13, " ").splitlines()
    assert [row.split(":")[0] for row in rows] == ["database", "schema", "source", "source date", "imported", "cards",
                                                   "printings", "sets", "names", "legalities", "wow", "yugioh"]
    assert " rows from deckcheck built-in card data (YAML Yugi) (ygo/cards.jsonl.gz (" in rows[-1]
