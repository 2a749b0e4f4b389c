"""The game registry (`deckcheck.games`) is the one list of games: the format schema,
`cards import`, `cards lookup`, `cards stats` and validation all read it, and every
registered game's catalog implements the `Catalog` protocol.

A registered game is shown by adding the toy game of tests/toy_game to the registry
before the installed entry point runs (in a subprocess, as a user runs the command), and
comparing with the plain command, which does not know it.
"""
from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import SAMPLE_CARDS
from deckcheck.cards.catalog import CardRecord, Catalog, PasscodeCatalog
from deckcheck.games import GAMES, Game, import_order, passcode_game
from deckcheck.model import CardEntry, Deck

TESTS = Path(__file__).parent
WITH_TOY_GAME = (
    "import sys; sys.path.insert(0, {tests!r}); "
    "from deckcheck import games; from toy_game import GAME; games.GAMES[GAME.id] = GAME; "
    "from deckcheck.entry import main; main()"
)
TOY_CARDS = "# toy cards\nBolt of Toys;Spell\nToy Golem;Creature\nToy Meadow;Land\n"
TOY_FORMAT = "name: Toy Constructed\ngame: toy\ndeck:\n  main: {min: 4}\ncopy_limit: {default: 2}\n"


def run_with_toy(*args: str) -> subprocess.CompletedProcess:
    """`deckcheck ARGS` with the toy game registered."""
    return subprocess.run(
        [sys.executable, "-c", WITH_TOY_GAME.format(tests=str(TESTS)), *args],
        capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"}, timeout=300,
    )


@pytest.fixture
def toy(tmp_path) -> dict[str, Path]:
    files = {"cards": tmp_path / "toy-cards.txt", "format": tmp_path / "toy.yaml", "db": tmp_path / "cards.sqlite"}
    files["cards"].write_text(TOY_CARDS, encoding="utf-8")
    files["format"].write_text(TOY_FORMAT, encoding="utf-8")
    return files


def test_the_format_schema_knows_the_registered_games(cli, toy):
    plain = cli("formats", "check", str(toy["format"]))
    assert plain.returncode == 2 and "toy" in plain.stderr, plain.stderr
    assert all(game in plain.stderr for game in GAMES)  # the error lists the registered games
    done = run_with_toy("formats", "check", str(toy["format"]))
    assert done.returncode == 0, done.stderr


def test_cards_import_lookup_and_stats_read_the_registry(cli, toy):
    db = str(toy["db"])
    assert cli("cards", "import", str(SAMPLE_CARDS), "--cards-db", db).returncode == 0
    before = toy["db"].read_bytes()
    plain = cli("cards", "import", str(toy["cards"]), "--cards-db", db)
    assert plain.returncode == 2 and "expected a Scryfall bulk file" in plain.stderr  # no game claims it
    assert toy["db"].read_bytes() == before

    done = run_with_toy("cards", "import", str(toy["cards"]), "--cards-db", db)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"{db}: 3 cards from toy card list toy-cards.txt (3 objects)\n"

    done = run_with_toy("cards", "stats", "--cards-db", db)
    assert "toy:         3 rows from toy card list (toy-cards.txt)" in done.stdout
    assert "cards:       " in done.stdout  # the Magic cards were kept
    # The Magic tables' schema heads them; each other game's ends its line.
    assert "\nschema:      3\n" in done.stdout and done.stdout.rstrip().endswith(", schema 1")

    done = run_with_toy("cards", "lookup", "toy golem", "--game", "toy", "--cards-db", db)
    assert (done.returncode, done.stdout) == (0, "Toy Golem\n  type:       Creature\n"), done.stderr
    done = run_with_toy("cards", "lookup", "Toy Glem", "--game", "toy", "--cards-db", db, "-o", "json")
    assert done.returncode == 1
    assert json.loads(done.stdout) == {"name": "Toy Glem", "found": False, "suggestions": ["Toy Golem"]}
    assert "--game 'toy': choose mtg, yugioh or wow" in cli("cards", "lookup", "Toy Golem", "--game", "toy").stderr
    assert "mtg, yugioh, wow or toy" in " ".join(run_with_toy("cards", "lookup", "--help").stdout.split())


def test_cards_stats_of_a_database_without_magic_says_each_games_schema(toy):
    """`schema: ?` stood for the Magic tables' schema, which a database of another game's
    cards alone does not have; its game's own schema went unsaid."""
    db = str(toy["db"])
    assert run_with_toy("cards", "import", str(toy["cards"]), "--cards-db", db).returncode == 0
    done = run_with_toy("cards", "stats", "--cards-db", db)
    assert done.returncode == 0, done.stderr
    # A row too long for 80 columns goes on under its value (tests/test_cards_cli.py).
    rows = done.stdout.replace("\n" + " " * 13, " ").splitlines()
    assert [row.split(":")[0] for row in rows] == ["database", "magic", "toy"]
    assert rows[2].startswith("toy:         3 rows from toy card list (toy-cards.txt), imported ")
    assert rows[2].endswith(", schema 1")


def test_validation_uses_the_registered_games_catalog(toy):
    assert run_with_toy("cards", "import", str(toy["cards"]), "--cards-db", str(toy["db"])).returncode == 0
    deck = toy["format"].parent / "deck.txt"
    deck.write_text("3 bolt of toys\n1 Toy Glem\n2 Toy Meadow\n", encoding="utf-8")
    done = run_with_toy("validate", str(deck), "-f", str(toy["format"]), "--cards-db", str(toy["db"]), "-o", "json")
    assert done.returncode == 1, done.stderr
    problems = json.loads(done.stdout)["results"][0]["problems"]
    assert [(p["rule"], p["card"], p.get("limit"), p.get("suggestions")) for p in problems] == [
        ("unknown-card", "Toy Glem", None, ["Toy Golem"]),
        ("copy-limit", "Bolt of Toys", 2, None),  # the catalog's name for "bolt of toys"
    ]
    done = run_with_toy("validate", str(deck), "-f", str(toy["format"]), "-o", "json")  # no database at all
    assert "deckcheck: note: no Toy card data, so the checks that need it were skipped; import it with " \
           "`deckcheck cards import toy-cards.txt`" in done.stderr


# ------------------------------------------------------------------ the Catalog protocol

# Per game: the fixture with its real card data, a spelling of a card and its name there,
# a misspelling, whether an unknown name is an error, and what is_land says of the card.
SAMPLES = {
    "mtg": ("sample_cards_db", "lightning bolt", "Lightning Bolt", "Lightnig Bolt", True, False),
    "yugioh": ("ygo_cards_db", "ash blossom & joyous spring", "Ash Blossom & Joyous Spring",
               "Ash Blosom & Joyous Spring", True, None),
    "wow": ("wow_cards_db", "ironforge guards", "Ironforge Guards", "Ironforge Gaurds", False, None),
}


def test_every_registered_game_has_protocol_samples():
    assert set(SAMPLES) == set(GAMES)


def _signatures_match(cls: type, protocol: type) -> None:
    """Each method the protocol declares takes the same parameters in the class."""
    for name, member in vars(protocol).items():
        if name.startswith("_") or not inspect.isfunction(member):
            continue
        want = list(inspect.signature(member).parameters)
        got = list(inspect.signature(getattr(cls, name)).parameters)
        assert got == want, f"{cls.__name__}.{name}({', '.join(got)}): the protocol says ({', '.join(want)})"


@pytest.mark.parametrize("game_id", list(SAMPLES))
def test_each_games_catalog_implements_the_protocol(game_id, request):
    fixture, spelling, name, typo, reports_unknown, land = SAMPLES[game_id]
    game = GAMES[game_id]
    catalog = game.load_catalog(request.getfixturevalue(fixture))
    assert isinstance(catalog, Catalog)
    _signatures_match(type(catalog), Catalog)
    if game.passcodes:
        assert isinstance(catalog, PasscodeCatalog)
        _signatures_match(type(catalog), PasscodeCatalog)
    assert catalog.game == game_id and isinstance(catalog.memo, dict)
    card = catalog.get(spelling)
    assert isinstance(card, CardRecord) and card.name == name and card.types
    assert catalog.lookup(CardEntry(spelling, 1)) == card
    assert catalog.suggest(typo)[0] == name
    assert catalog.is_land(name) is land
    assert catalog.describe()
    deck, problems = catalog.resolve_deck(Deck("<test>", [CardEntry(spelling, 2), CardEntry(typo, 1, line=2)]))
    assert [(entry.name, entry.written) for entry in deck.entries] == [(name, spelling), (typo, None)]
    assert [(p.rule, p.card, p.details.get("suggestions", [])[:1]) for p in problems] == (
        [("unknown-card", typo, [name])] if reports_unknown else []
    )


def test_numbers_name_cards_only_in_the_passcode_game(ygo_cards_db, sample_cards_db, wow_cards_db):
    numbered = passcode_game()
    assert numbered is not None and numbered.id == "yugioh"
    assert numbered.load_catalog(ygo_cards_db).by_code(14558127).name == "Ash Blossom & Joyous Spring"
    assert GAMES["mtg"].load_catalog(sample_cards_db).by_code(14558127) is None
    assert GAMES["wow"].load_catalog(wow_cards_db).by_code(14558127) is None


def test_cards_import_asks_the_game_that_takes_any_file_last():
    order = import_order()
    assert sorted(order, key=lambda game: game.id) == sorted(GAMES.values(), key=lambda game: game.id)
    assert [game.import_last for game in order] == sorted(game.import_last for game in order)
    assert sum(game.import_last for game in GAMES.values()) == 1


def test_the_toy_game_is_a_complete_game(tmp_path):
    """The toy game implements the protocol too: the folder shape docs/extending.md shows is enough."""
    from toy_game import GAME
    from toy_game.store import ToyCard, write

    db = tmp_path / "cards.sqlite"
    write(db, [ToyCard("Toy Golem", "Creature"), ToyCard("Toy Meadow", "Land")], {"source": "test"})
    catalog = GAME.load_catalog(db)
    assert isinstance(GAME, Game) and isinstance(catalog, Catalog)
    _signatures_match(type(catalog), Catalog)
    assert (catalog.is_land("toy meadow"), catalog.is_land("Toy Golem"), catalog.is_land("Nothing")) == (True, False, None)
