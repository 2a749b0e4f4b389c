"""Validation with and without a card database, through the installed CLI and the library,
and online lookups of names the database lacks (against the local server only)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from deckcheck import validate

TESTS = Path(__file__).parent
POOL_PIONEER = str(TESTS / "formats" / "pool-pioneer.yaml")


@pytest.fixture
def db(sample_cards_db, tmp_path, monkeypatch) -> Path:
    """A private copy of the sample database, chosen through DECKCHECK_CARDS_DB."""
    path = tmp_path / "cards.sqlite"
    shutil.copy(sample_cards_db, path)
    monkeypatch.setenv("DECKCHECK_CARDS_DB", str(path))
    return path


def _deck(tmp_path: Path, text: str, name: str = "deck.txt") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_cli_report_has_canonical_names_suggestions_and_pool(cli, db, tmp_path):
    deck = _deck(tmp_path, "4 lightning bolt\n2 Lightening Bolt\n1 brainstorm\n2 insectile aberration\n51 Island\n")
    done = cli("validate", deck, "-f", POOL_PIONEER, "--date", "2024-06-01", "-o", "json", "--offline")
    assert done.returncode == 1, done.stderr
    assert done.stderr == ""
    problems = json.loads(done.stdout)["results"][0]["problems"]
    by_rule = {(p["rule"], p["card"]): p for p in problems}
    unknown = by_rule[("unknown-card", "Lightening Bolt")]
    assert unknown["suggestions"][0] == "Lightning Bolt" and unknown["line"] == 2
    assert ("not-in-pool", "Lightning Bolt") in by_rule
    assert ("not-in-pool", "Brainstorm") in by_rule
    assert by_rule[("not-in-pool", "Delver of Secrets // Insectile Aberration")]["line"] == 4
    text = cli("validate", deck, "-f", POOL_PIONEER, "--date", "2024-06-01", "--offline")
    assert "did you mean Lightning Bolt" in text.stdout


def test_without_a_database_the_built_in_card_data_checks_names(cli, tmp_path):
    decks = [_deck(tmp_path, "4 Lightening Bolt\n56 Island\n", f"d{i}.txt") for i in range(3)]
    done = cli("validate", *decks, "-f", POOL_PIONEER, "--date", "2024-06-01", "-o", "json")
    assert done.returncode == 1, done.stderr
    results = json.loads(done.stdout)["results"]
    assert [[(p["rule"], p["card"]) for p in r["problems"]] for r in results] == [[("unknown-card", "Lightening Bolt")]] * 3
    assert results[0]["problems"][0]["suggestions"][0] == "Lightning Bolt"
    assert "no card database" not in done.stderr


def test_no_cards_turns_card_checks_off(cli, tmp_path):
    decks = [_deck(tmp_path, "4 Lightening Bolt\n56 Island\n", f"d{i}.txt") for i in range(3)]
    done = cli("validate", *decks, "-f", POOL_PIONEER, "--date", "2024-06-01", "-o", "json", "--no-cards")
    assert done.returncode == 0, done.stderr
    assert [r["legal"] for r in json.loads(done.stdout)["results"]] == [True, True, True]
    assert done.stderr == ""
    assert validate("4 Lightening Bolt\n56 Island\n", Path(POOL_PIONEER), "2024-06-01", cards=False).legal


def test_explicit_cards_db_option(cli, sample_cards_db, tmp_path):
    deck = _deck(tmp_path, "4 Lightening Bolt\n56 Island\n")
    done = cli("validate", deck, "-f", "mtg/constructed", "--cards-db", str(sample_cards_db), "--offline")
    assert done.returncode == 1 and "unknown-card" in done.stdout
    missing = cli("validate", deck, "-f", "mtg/constructed", "--cards-db", str(tmp_path / "nope.sqlite"))
    assert missing.returncode == 2 and missing.stderr.startswith("deckcheck: error: --cards-db")


def test_library_honours_the_environment_variable(db):
    result = validate("4 Lightening Bolt\n56 Island\n", "mtg/constructed", offline=True)
    assert [p.rule for p in result.problems] == ["unknown-card"]
    assert validate("4 Lightening Bolt\n56 Island\n", "mtg/constructed", cards=False).legal


def test_other_games_ignore_the_magic_database(db, tmp_path):
    fmt = tmp_path / "other.yaml"
    fmt.write_text("name: Other\ngame: wow\ndeck: {main: {min: 2}}\n", encoding="utf-8")
    # Shadow Bolt is a WoW card and no Magic card: the WoW data (built in) knows it.
    result = validate("2 Shadow Bolt\n", fmt, offline=True)
    assert result.legal and result.problems == []
    # A misspelling is checked against WoW's names, not Magic's.
    result = validate("2 Shadow Blot\n", fmt, offline=True)
    assert [(p.rule, p.details.get("suggestions", [])[:1]) for p in result.problems] == [("unknown-card", ["Shadow Bolt"])]


# ---------------------------------------------------------------- online lookups

NEW_CARD = {
    "object": "card", "name": "Brand New Card", "layout": "normal", "mana_cost": "{1}{R}", "cmc": 2.0,
    "type_line": "Creature — Goblin", "oracle_text": "Haste", "colors": ["R"], "color_identity": ["R"],
    "set": "zzz", "set_name": "Next Set", "released_at": "2026-10-01", "rarity": "common",
    "legalities": {"pioneer": "legal", "standard": "legal"},
}


def test_unknown_names_are_looked_up_online_and_cached(cli, db, scryfall_server, tmp_path):
    scryfall_server.cards["Brand New Card"] = NEW_CARD
    deck = _deck(tmp_path, "4 brand new card\n4 Lightening Bolt\n52 Island\n")
    done = cli("validate", deck, "-f", POOL_PIONEER, "-o", "json")
    problems = json.loads(done.stdout)["results"][0]["problems"]
    assert [(p["rule"], p["card"]) for p in problems] == [("unknown-card", "Lightening Bolt")]
    (post,) = scryfall_server.hits("/cards/collection", "POST")
    assert json.loads(post.body) == {"identifiers": [{"name": "brand new card"}, {"name": "Lightening Bolt"}]}
    assert post.headers["User-Agent"].startswith("deckcheck/")
    again = cli("validate", deck, "-f", POOL_PIONEER, "-o", "json")
    assert again.stdout == done.stdout
    assert len(scryfall_server.hits("/cards/collection")) == 1  # answered from the cache


def test_an_online_answer_names_each_card_by_its_own_name_before_another_cards_face():
    """Two new cards, one's front face the other's name (as the playtest `Bind // Liberate`
    and `Bind`): Scryfall answers in the order asked, and the split card's face took the
    other's name, so a deck's `Zzyzx` became Zzyzx // Qwerty."""
    from deckcheck.games.mtg.online import _match

    split = {**NEW_CARD, "name": "Zzyzx // Qwerty", "layout": "split", "mana_cost": "{1}{R} // {U}",
             "type_line": "Instant // Instant", "card_faces": [
                 {"name": "Zzyzx", "mana_cost": "{1}{R}", "type_line": "Instant", "oracle_text": "x"},
                 {"name": "Qwerty", "mana_cost": "{U}", "type_line": "Instant", "oracle_text": "y"}]}
    asked = ["Zzyzx // Qwerty", "zzyzx", "Qwerty", "Zzyzx/Qwerty"]
    found = _match(asked, {"data": [split, {**NEW_CARD, "name": "Zzyzx"}]})
    assert {name: card.name for name, card in found.items()} == {
        "Zzyzx // Qwerty": "Zzyzx // Qwerty", "zzyzx": "Zzyzx", "Qwerty": "Zzyzx // Qwerty", "Zzyzx/Qwerty": "Zzyzx // Qwerty"}


def test_offline_never_touches_the_network(cli, db, scryfall_server, tmp_path):
    scryfall_server.cards["Brand New Card"] = NEW_CARD
    deck = _deck(tmp_path, "4 Brand New Card\n56 Island\n")
    done = cli("validate", deck, "-f", "mtg/constructed", "--offline")
    assert done.returncode == 1 and "unknown-card" in done.stdout
    env_offline = cli("validate", deck, "-f", "mtg/constructed", env={"DECKCHECK_OFFLINE": "1"})
    assert env_offline.returncode == 1
    assert scryfall_server.requests == []


@pytest.mark.parametrize("value", ["y", "Y", "enabled", "2"])
def test_offline_set_to_any_yes_word_stays_offline(cli, db, scryfall_server, tmp_path, value):
    """A CI sets DECKCHECK_OFFLINE to keep its card names at home: a value deckcheck does
    not list (`y`, `enabled`) must not quietly send them to Scryfall."""
    deck = _deck(tmp_path, "4 Brand New Card\n56 Island\n")
    done = cli("validate", deck, "-f", "mtg/constructed", env={"DECKCHECK_OFFLINE": value})
    assert done.returncode == 1 and "unknown-card" in done.stdout
    assert scryfall_server.requests == []


@pytest.mark.parametrize("value", ["0", "false", "No", "off", "n", ""])
def test_offline_set_to_a_no_word_looks_cards_up(cli, db, scryfall_server, tmp_path, value):
    deck = _deck(tmp_path, "4 Brand New Card\n56 Island\n")
    cli("validate", deck, "-f", "mtg/constructed", env={"DECKCHECK_OFFLINE": value})
    assert scryfall_server.hits("/cards/collection")


def test_many_unknown_names_go_75_a_request_at_most_two_a_second(db, scryfall_server):
    names = [f"Made Up Card {i}" for i in range(160)]
    deck = "\n".join(f"1 {name}" for name in names) + "\n"
    result = validate(deck, "mtg/constructed", offline=False)  # the library asks only when told to
    assert sum(p.rule == "unknown-card" for p in result.problems) == 160
    posts = scryfall_server.hits("/cards/collection")
    assert [len(json.loads(p.body)["identifiers"]) for p in posts] == [75, 75, 10]
    assert all(later.at - earlier.at >= 0.45 for earlier, later in zip(posts, posts[1:]))


def test_online_failure_is_one_warning_and_validation_goes_on(cli, db, scryfall_server, tmp_path):
    scryfall_server.fail("/cards/collection", 500)
    decks = [_deck(tmp_path, "4 Lightening Bolt\n56 Island\n", f"d{i}.txt") for i in range(2)]
    done = cli("validate", *decks, "-f", "mtg/constructed")
    assert done.returncode == 1
    assert done.stdout.count("unknown-card") == 2
    warnings = done.stderr.strip().splitlines()
    assert len(warnings) == 1 and "online card lookup skipped" in warnings[0] and "HTTP 500" in warnings[0]
    assert len(scryfall_server.hits("/cards/collection")) == 1  # gave up after the first failure


def test_online_lookup_with_the_network_down(cli, db, tmp_path):
    # The autouse fixture points the API at a closed local port.
    done = cli("validate", _deck(tmp_path, "4 Lightening Bolt\n56 Island\n"), "-f", "mtg/constructed")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "connection refused" in done.stderr and "--offline" in done.stderr


# ---------------------------------------------------------------- online lookups (#18 item 10)
#
# Off in the library unless asked; bounded per deck, per run and in time in the CLI.

MAX_ONLINE_NAMES_PER_DECK = 225   # limits.py, as these tests expect them (test_limits.py checks)
MAX_ONLINE_REQUESTS_PER_RUN = 10


def test_the_library_never_goes_online_unless_asked(db, scryfall_server):
    result = validate("4 Brand New Card\n56 Island\n", "mtg/constructed")
    assert [problem.rule for problem in result.problems] == ["unknown-card"]
    assert scryfall_server.requests == []


def test_the_cli_looks_up_a_bounded_number_of_names_per_deck(cli, db, scryfall_server, tmp_path):
    deck = tmp_path / "unknown.txt"
    deck.write_text("".join(f"1 Unknown Card {index}\n" for index in range(1000)), encoding="utf-8")
    done = cli("validate", str(deck), "-f", "mtg/constructed", "-o", "json")
    posts = scryfall_server.hits("/cards/collection")
    assert sum(len(json.loads(post.body)["identifiers"]) for post in posts) == MAX_ONLINE_NAMES_PER_DECK
    assert f"1,000 names are not in the card database; only the first {MAX_ONLINE_NAMES_PER_DECK} are looked up online" in done.stderr


def test_the_cli_makes_a_bounded_number_of_requests_per_run(cli, db, scryfall_server, tmp_path):
    decks = []
    for deck in range(5):
        path = tmp_path / f"d{deck}.txt"
        path.write_text("".join(f"1 Unknown {deck} {index}\n" for index in range(200)), encoding="utf-8")
        decks.append(str(path))
    done = cli("validate", *decks, "-f", "mtg/constructed", "-o", "json")
    assert len(scryfall_server.hits("/cards/collection")) == MAX_ONLINE_REQUESTS_PER_RUN
    assert f"online lookups stopped after {MAX_ONLINE_REQUESTS_PER_RUN} requests" in done.stderr
    assert len(json.loads(done.stdout)["results"]) == 5


def test_online_lookups_stop_when_the_run_s_time_is_spent(db, scryfall_server, monkeypatch):
    from deckcheck.games.mtg import online

    # A second request starts with 0.8 s of the 2 s left and times out when they are spent;
    # a third never starts. The session (imports of requests and requests-cache) is made
    # first: on a loaded machine its start alone took much of a 1 s budget, and the second
    # request did not start (2 s and a 1.2 s stall leave that slack).
    monkeypatch.setattr(online, "MAX_ONLINE_SECONDS_PER_RUN", 2.0)
    scryfall_server.fail("/cards/collection", 200, body=b'{"object": "list", "data": [], "not_found": []}', stall=1.2, times=5)
    lookup = online.OnlineLookup()
    assert lookup.session is not None
    lookup.fetch([f"Unknown {index}" for index in range(200)])
    assert len(scryfall_server.hits("/cards/collection")) == 2
    assert lookup.stopped == "online lookups stopped after 2 s (the most one run spends)"


_GRN_2019 = [
    {"name": "Vraska, Regal Gorgon", "type_line": "Legendary Planeswalker — Vraska", "mana_cost": "{5}{B}{G}", "cmc": 7,
     "set": "grn", "released_at": "2018-10-05", "rarity": "mythic", "legalities": {"standard": "legal", "modern": "legal"}},
    {"name": "Swamp", "type_line": "Basic Land — Swamp", "set": "grn", "released_at": "2018-10-05", "rarity": "common",
     "legalities": {"standard": "legal", "modern": "legal"}},
]


def test_a_database_older_than_the_bundled_lists_does_not_undo_a_rotation(cli, tmp_path):
    """A Scryfall file of 2019 says Guilds of Ravnica is Standard-legal; the bundled set
    lists, known up to 2026, know it rotated in 2021: the older legalities decide nothing."""
    import os

    bulk = tmp_path / "oracle-cards-2019.json"
    bulk.write_text(json.dumps(_GRN_2019), encoding="utf-8")
    taken = 1568970000  # 2019-09-20, the day this file was downloaded
    os.utime(bulk, (taken, taken))
    db = str(tmp_path / "old.sqlite")
    assert cli("cards", "import", str(bulk), "--cards-db", db).returncode == 0
    deck = _deck(tmp_path, "4 Vraska, Regal Gorgon\n56 Swamp\n")
    done = cli("validate", deck, "-f", "mtg/standard", "--date", "2026-10-01", "--cards-db", db, "--offline")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Vraska, Regal Gorgon has no printing in a set legal in Standard on 2026-10-01" in done.stdout
    looked = cli("cards", "lookup", "Vraska, Regal Gorgon", "-f", "mtg/standard", "--date", "2026-10-01",
                 "--cards-db", db, "--offline")
    assert looked.returncode == 1 and "NOT LEGAL" in looked.stdout, looked.stdout
    # In 2019 the bundled set lists have Guilds of Ravnica in Standard: legal by them (the
    # database's old legalities decide no date now).
    assert cli("validate", deck, "-f", "mtg/standard", "--date", "2019-09-21", "--cards-db", db,
               "--offline").returncode == 0


def test_a_scryfall_file_is_dated_by_the_stamp_in_its_name(cli, tmp_path):
    """A bulk file copied or unpacked today has today's mtime; Scryfall names each file by
    the moment it was made (oracle-cards-20190920090000.json), which is the data's day."""
    bulk = tmp_path / "oracle-cards-20190920090000.json"
    bulk.write_text(json.dumps(_GRN_2019), encoding="utf-8")
    db = str(tmp_path / "stamped.sqlite")
    assert cli("cards", "import", str(bulk), "--cards-db", db).returncode == 0
    assert "source date: 2019-09-20" in cli("cards", "stats", "--cards-db", db).stdout
    deck = _deck(tmp_path, "4 Vraska, Regal Gorgon\n56 Swamp\n")
    done = cli("validate", deck, "-f", "mtg/standard", "--date", "2026-10-01", "--cards-db", db, "--offline")
    assert done.returncode == 1 and "Vraska, Regal Gorgon has no printing in a set legal in Standard" in done.stdout
    # Today, the day its mtime gave it (later than the bundled lists): what used to pass.
    today = cli("validate", deck, "-f", "mtg/standard", "--cards-db", db, "--offline")
    assert today.returncode == 1 and "Vraska, Regal Gorgon has no printing in a set legal in Standard" in today.stdout


def test_a_file_with_no_date_is_never_newer_than_its_newest_printing(cli, tmp_path):
    """A 2019 file copied today under a plain name has only today's mtime: dated by it,
    its 2019 legalities passed for today's, and Guilds of Ravnica was Standard-legal."""
    bulk = tmp_path / "cards.json"
    bulk.write_text(json.dumps(_GRN_2019), encoding="utf-8")
    db = str(tmp_path / "plain.sqlite")
    assert cli("cards", "import", str(bulk), "--cards-db", db).returncode == 0
    newest = max(printing["released_at"] for printing in _GRN_2019)
    assert f"source date: {newest}" in cli("cards", "stats", "--cards-db", db).stdout
    deck = _deck(tmp_path, "4 Vraska, Regal Gorgon\n56 Swamp\n")
    today = cli("validate", deck, "-f", "mtg/standard", "--cards-db", db, "--offline")
    assert today.returncode == 1 and "Vraska, Regal Gorgon has no printing in a set legal in Standard" in today.stdout


def test_check_never_goes_online(cli, db, scryfall_server, tmp_path):
    """`deckcheck check` looks no name up online, as `batch` does not: a repository gets
    the same verdict in a pre-commit hook on a laptop and in a CI job, whatever the network
    (docs/ci.md, card data). `validate` on the same deck asks the server."""
    (tmp_path / "deckcheck.yaml").write_text(
        'format: mtg/constructed\nsimulate:\n  "deck.txt": {assert: ["expected_hand_size >= 1"]}\n', encoding="utf-8")
    _deck(tmp_path, "4 Brand New Card\n56 Island\n")
    done = cli("check", "-o", "json", cwd=tmp_path)
    report = json.loads(done.stdout)
    assert [problem["rule"] for problem in report["results"][0]["problems"]] == ["unknown-card"]
    assert [outcome["passed"] for outcome in report["assertions"]] == [True]
    assert scryfall_server.requests == []
    cli("validate", "deck.txt", "-f", "mtg/constructed", cwd=tmp_path)
    assert scryfall_server.hits("/cards/collection", "POST")
