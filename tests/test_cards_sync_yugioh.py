"""`deckcheck cards sync --game yugioh` against a local YGOPRODeck-shaped server.

The server (scryfall_server.py, its `pages`) answers the two calls a sync makes:
`/api/v7/checkDBVer.php` (the database version) and `/api/v7/cardinfo.php` (the card
list). Each fault gives one clear line on stderr (exit 2) and leaves the database that
was there before as it was (docs/card-data.md, docs/security.md).
"""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from conftest import SAMPLE_CARDS
from test_cards_sync import _one_line_error, gzip_bomb

VERSION_PATH = "/api/v7/checkDBVer.php"
LIST_PATH = "/api/v7/cardinfo.php"
MAX_WHOLE_CARD_FILE_BYTES = 64 * 1024 * 1024  # limits.py, as this test expects it (test_limits.py checks)
# A passcode the built-in data has no card for: only a synced list can name it.
NEW_CODE = 99999991
CARD_LIST = {"data": [
    {"id": NEW_CODE, "name": "Synced Test Dragon", "type": "Normal Monster", "frameType": "normal", "race": "Dragon",
     "card_images": [{"id": NEW_CODE}, {"id": NEW_CODE + 1}], "misc_info": [{"konami_id": 99001, "formats": ["TCG"]}]},
    {"id": 14558127, "name": "Ash Blossom & Joyous Spring", "type": "Tuner Monster", "frameType": "effect",
     "race": "Zombie", "card_images": [{"id": 14558127}], "misc_info": [{"konami_id": 12950, "formats": ["TCG", "OCG"]}]},
]}


def _version(number: str, when: str = "2026-05-22 16:00:23") -> bytes:
    return json.dumps([{"database_version": number, "last_update": when}]).encode()


@pytest.fixture
def ygoprodeck(scryfall_server, monkeypatch):
    scryfall_server.pages[VERSION_PATH] = _version("145.46")
    scryfall_server.pages[LIST_PATH] = json.dumps(CARD_LIST).encode()
    monkeypatch.setenv("DECKCHECK_YGOPRODECK_URL", scryfall_server.url)
    return scryfall_server


def _ygo_names(path: Path) -> dict[int, str]:
    with sqlite3.connect(path) as conn:
        return dict(conn.execute("SELECT code, name FROM ygo_cards"))


def test_sync_builds_the_yugioh_cards_then_skips_an_unchanged_version(cli, ygoprodeck, db):
    done = cli("cards", "sync", "--game", "yugioh")
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"{db}: 3 cards from YGOPRODeck database version 145.46 of 2026-05-22\n"
    assert _ygo_names(db) == {NEW_CODE: "Synced Test Dragon", NEW_CODE + 1: "Synced Test Dragon",
                              14558127: "Ash Blossom & Joyous Spring"}
    version, card_list = ygoprodeck.requests
    assert (version.path, card_list.path) == (VERSION_PATH, LIST_PATH)
    assert version.headers["User-Agent"].startswith("deckcheck/")
    again = cli("cards", "sync", "--game", "yugioh", env={"XDG_CACHE_HOME": str(db.parent / "fresh-cache")})
    assert again.returncode == 0, again.stderr
    assert again.stdout == f"{db}: already up to date (YGOPRODeck database version 145.46 of 2026-05-22)\n"
    assert len(ygoprodeck.hits(VERSION_PATH)) == 2 and len(ygoprodeck.hits(LIST_PATH)) == 1  # asked, not fetched
    stats = json.loads(cli("cards", "stats", "-o", "json").stdout)
    assert stats["yugioh.source_version"] == "145.46" and stats["yugioh.source_file"] == "cardinfo.php"


def test_validate_of_a_ydk_uses_the_synced_names(cli, ygoprodeck, db, tmp_path):
    deck = tmp_path / "deck.ydk"
    deck.write_text(f"#main\n{NEW_CODE}\n{NEW_CODE + 1}\n{NEW_CODE}\n{NEW_CODE}\n#extra\n!side\n", encoding="utf-8")

    def problems() -> list[str]:  # but the deck's size: four cards are too few for any format
        done = cli("validate", str(deck), "-f", "yugioh/advanced-tcg", "-o", "json")
        found = json.loads(done.stdout)["results"][0]["problems"]
        return [problem["message"] for problem in found if problem["rule"] != "deck-size"]

    before = problems()
    assert any(f"unknown passcode {NEW_CODE}" in message for message in before), before
    assert cli("cards", "sync", "--game", "yugioh").returncode == 0
    # Four copies of one card (an alternate artwork counts as it), under its synced name, on
    # the lines of its three entries (the .ydk's last two lines are one entry of 2 copies).
    assert problems() == ["4 copies of Synced Test Dragon (lines 2, 3 and 4); at most 3 allowed"]


def test_a_new_version_rebuilds_and_keeps_the_magic_cards(cli, ygoprodeck, db):
    ygoprodeck.files["oracle-cards.json"] = SAMPLE_CARDS.read_bytes()
    assert cli("cards", "sync").returncode == 0  # Magic first, from the same local server
    assert cli("cards", "sync", "--game", "yugioh").returncode == 0
    ygoprodeck.pages[VERSION_PATH] = _version("145.47", "2026-06-01 08:00:00")
    renamed = {"data": [{**CARD_LIST["data"][0], "name": "Renamed Test Dragon"}]}
    ygoprodeck.pages[LIST_PATH] = json.dumps(renamed).encode()
    done = cli("cards", "sync", "--game", "yugioh", "--force")  # --force: past the day-long cache
    assert done.stdout == f"{db}: 2 cards from YGOPRODeck database version 145.47 of 2026-06-01\n", done.stderr
    assert set(_ygo_names(db).values()) == {"Renamed Test Dragon"}
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM cards WHERE name = 'Lightning Bolt'").fetchone() == (1,)


def test_the_answers_are_cached_for_a_day_unless_forced(cli, ygoprodeck, db):
    assert cli("cards", "sync", "--game", "yugioh").returncode == 0
    db.unlink()  # the cached card list rebuilds it without asking YGOPRODeck again
    assert cli("cards", "sync", "--game", "yugioh").returncode == 0
    assert len(ygoprodeck.hits(VERSION_PATH)) == len(ygoprodeck.hits(LIST_PATH)) == 1
    assert len(_ygo_names(db)) == 3
    forced = cli("cards", "sync", "--game", "yugioh", "--force")  # asks again and rebuilds
    assert forced.returncode == 0 and "3 cards from YGOPRODeck database version 145.46" in forced.stdout
    assert len(ygoprodeck.hits(VERSION_PATH)) == len(ygoprodeck.hits(LIST_PATH)) == 2


def test_an_expired_cached_answer_stands_in_when_ygoprodeck_fails(ygoprodeck, db, monkeypatch):
    """requests-cache's stale-if-error, as for Scryfall: an outage after a day is no failure."""
    import time

    from deckcheck.cards import http
    from deckcheck.games.yugioh.sync import sync

    monkeypatch.setattr(http, "CACHE_HOURS", 1 / 3600)  # answers expire after a second
    assert sync(db).updated
    time.sleep(1.2)
    ygoprodeck.fail(VERSION_PATH, 500)
    notes: list[str] = []
    result = sync(db, warn=notes.append)
    assert not result.updated and result.source == "YGOPRODeck database version 145.46"
    assert len(ygoprodeck.hits(VERSION_PATH)) == 2  # it did ask first
    assert len(notes) == 1 and notes[0].startswith("YGOPRODeck could not be reached; using the cached answer from ")


@pytest.fixture
def previous(cli, ygoprodeck, db, tmp_path, monkeypatch) -> bytes:
    """A database from an earlier sync that every failure below must leave alone; then a
    new version on the server and an empty HTTP cache, so the next sync fetches."""
    assert cli("cards", "sync", "--game", "yugioh").returncode == 0
    ygoprodeck.pages[VERSION_PATH] = _version("145.47")
    ygoprodeck.requests.clear()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "later-cache"))
    return db.read_bytes()


@pytest.mark.parametrize("path, fault, fragments", [
    (VERSION_PATH, {"status": 500}, ["the YGOPRODeck database version", "answered HTTP 500", "try again later"]),
    (LIST_PATH, {"status": 500}, ["the YGOPRODeck card list", "answered HTTP 500", "try again later"]),
    (LIST_PATH, {"status": 200, "body": json.dumps(CARD_LIST).encode(), "cut_after": 100},
     ["the YGOPRODeck card list", "closed the connection before sending everything"]),
    (LIST_PATH, {"status": 200, "body": gzip_bomb(MAX_WHOLE_CARD_FILE_BYTES + (1 << 20)),
                 "headers": {"Content-Encoding": "gzip"}},
     ["the YGOPRODeck card list", f"sent more than {MAX_WHOLE_CARD_FILE_BYTES:,} bytes for one answer"]),
    (LIST_PATH, {"status": 200, "body": b'{"data": [{"id": 1,'},
     ["the YGOPRODeck card list", "not valid JSON", "truncated", "the card database was not changed"]),
    (LIST_PATH, {"status": 200, "body": b'{"error": "No card matching your query was found."}'},
     ["the YGOPRODeck card list", 'expected YGOPRODeck card JSON: an object with a "data" list']),
    (LIST_PATH, {"status": 200, "body": b'{"data": []}'}, ["the YGOPRODeck card list", "no cards found"]),
    (VERSION_PATH, {"status": 200, "body": b'[{"last_update": "2026-06-01"}]'},
     ["checkDBVer.php answered without a database_version (is DECKCHECK_YGOPRODECK_URL YGOPRODeck's API?)"]),
    (VERSION_PATH, {"status": 200, "body": b"<html>"}, ["the YGOPRODeck database version", "not valid JSON"]),
], ids=["version-500", "list-500", "dropped", "oversized", "cut-json", "wrong-shape", "empty", "no-version",
        "version-not-json"])
def test_a_failed_sync_is_one_line_and_leaves_the_database(cli, ygoprodeck, previous, db, path, fault, fragments):
    ygoprodeck.fail(path, **fault)
    done = cli("cards", "sync", "--game", "yugioh")
    _one_line_error(done, *fragments)
    assert f"the card database {db} is unchanged" in done.stderr or "the card database was not changed" in done.stderr
    assert db.read_bytes() == previous


def test_a_redirect_to_another_host_is_refused(cli, ygoprodeck, db):
    from scryfall_server import ScryfallServer

    internal = ScryfallServer().start()
    try:
        ygoprodeck.fail(LIST_PATH, 302, body=b"", headers={"Location": f"{internal.url}/secret"})
        done = cli("cards", "sync", "--game", "yugioh")
        _one_line_error(done, f"refusing to fetch {internal.url}/secret", "DECKCHECK_YGOPRODECK_URL")
        assert internal.requests == [] and not db.exists()
    finally:
        internal.stop()


@pytest.mark.parametrize("args, message", [
    (["--game", "wow"], "--game wow: WoW TCG card data is not synced; import it with `deckcheck cards import"),
    (["--game", "pokemon"], "--game 'pokemon': choose mtg or yugioh"),
    (["--game", "yugioh", "--type", "default_cards"], "--type chooses a Scryfall bulk file, for Magic only"),
])
def test_what_cannot_be_synced_says_so(cli, db, args, message):
    done = cli("cards", "sync", *args)
    _one_line_error(done, message)
    assert not db.exists()
