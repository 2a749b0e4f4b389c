"""Yu-Gi-Oh! validation through the installed CLI with the shared card data imported:
every shared .ydk deck, and mutated copies of a real legal deck (YGOPro's checks, but
every problem listed)."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from conftest import SHARED_DATA
from deckcheck.cards.builtin import BUILTIN_FILE

DATE = "2026-08-01"
BASE = "IceYGO__4b1ceeb51a5e.ydk"  # a real 40-card deck, legal in the TCG on DATE
KNOWN_RULES = {
    "parse-error", "unknown-card", "deck-size", "extra-deck-size", "sideboard-size", "copy-limit", "card-limit",
    "extra-deck-type", "card-type",
}


@pytest.fixture(scope="module")
def ygo_db(tmp_path_factory, shared_data) -> Path:
    """The shared cards.cdb imported through the CLI (also checks what the import says)."""
    from conftest import run_cli

    path = tmp_path_factory.mktemp("ygo-cli-db") / "cards.sqlite"
    done = run_cli("cards", "import", str(shared_data / "ygo" / "cards_derived.cdb"), "--cards-db", str(path))
    assert done.returncode == 0, done.stderr
    assert "14,210 cards from YGOPro cards.cdb" in done.stdout
    return path


def _base() -> tuple[list[int], list[int], list[int]]:
    zones: dict[str, list[int]] = {"#main": [], "#extra": [], "!side": []}
    current = "#main"
    for line in (SHARED_DATA / "ygo" / "decks" / BASE).read_text(encoding="utf-8").splitlines():
        if line in zones:
            current = line
        elif line.isdigit():
            zones[current].append(int(line))
    return zones["#main"], zones["#extra"], zones["!side"]


def _ydk(main, extra=(), side=()) -> str:
    return "#created by ...\n#main\n" + "".join(f"{c}\n" for c in main) + "#extra\n" + "".join(
        f"{c}\n" for c in extra) + "!side\n" + "".join(f"{c}\n" for c in side)


def _validate(cli, db, tmp_path, text, fmt="yugioh/advanced-tcg", date=DATE):
    path = tmp_path / "deck.ydk"
    path.write_text(text, encoding="utf-8")
    done = cli("validate", str(path), "-f", fmt, "--date", date, "--cards-db", str(db), "-o", "json")
    assert done.returncode in (0, 1), done.stderr
    (result,) = json.loads(done.stdout)["results"]
    assert done.returncode == (0 if result["legal"] else 1)
    return result


def _errors(result) -> list[str]:
    return sorted(p["rule"] for p in result["problems"] if p["severity"] == "error")


def test_the_base_deck_is_legal_and_named(cli, ygo_db, tmp_path, shared_data):
    result = _validate(cli, ygo_db, tmp_path, _ydk(*_base()))
    assert result["legal"] is True and result["problems"] == []
    assert result["counts"] == {"main": 40, "sideboard": 0}


def test_a_fourth_copy_across_zones(cli, ygo_db, tmp_path, shared_data):
    main, extra, side = _base()
    result = _validate(cli, ygo_db, tmp_path, _ydk(main, extra, side + [main[0]]))
    assert _errors(result) == ["copy-limit"]
    (problem,) = result["problems"]
    assert (problem["card"], problem["count"], problem["limit"], problem["line"]) == ("Lava Golem", 4, 3, 3)
    # Yu-Gi-Oh!'s words (the zone key stays `sideboard`), and the lines of both zones' copies.
    assert f"(Main Deck 3, Side Deck 1; lines 3 and {problem['lines'][-1]})" in problem["message"]
    assert problem["lines"][0] == 3 and len(problem["lines"]) == 2


def test_an_alternate_art_fourth_copy(cli, ygo_db, tmp_path, shared_data):
    """Dark Magician's second passcode is aliased in the data; Ash Blossom's alternate
    14558128 is not in it and counts by the artwork offset (with a warning)."""
    main, extra, side = _base()
    result = _validate(cli, ygo_db, tmp_path, _ydk(main[:37] + [46986414] * 3, extra, [36996508]))
    assert _errors(result) == ["copy-limit"]
    assert [(p["card"], p["count"]) for p in result["problems"]] == [("Dark Magician", 4)]

    result = _validate(cli, ygo_db, tmp_path, _ydk(main[:37] + [14558127] * 3, extra, [14558128]))
    assert _errors(result) == ["copy-limit"]
    warning = next(p for p in result["problems"] if p["severity"] == "warning")
    assert (warning["rule"], warning["code"], warning["treated_as"]) == ("unknown-card", 14558128, 14558127)


def test_a_link_monster_in_the_main_deck(cli, ygo_db, tmp_path, shared_data):
    main, extra, side = _base()
    result = _validate(cli, ygo_db, tmp_path, _ydk(main[:39] + [86066372], extra, side))
    assert _errors(result) == ["extra-deck-type"]
    (problem,) = result["problems"]
    assert (problem["card"], problem["zone"], problem["line"]) == ("Accesscode Talker", "main", 42)
    assert "Link Monster" in problem["message"]


def test_sixteen_extra_deck_cards(cli, ygo_db, tmp_path, shared_data):
    main, _, side = _base()
    extra = [146746, 298846, 739444, 109401, 286392] * 3 + [494922]
    result = _validate(cli, ygo_db, tmp_path, _ydk(main, extra, side))
    assert _errors(result) == ["extra-deck-size"]
    assert result["counts"]["extra"] == 16


def test_a_forbidden_card(cli, ygo_db, tmp_path, shared_data):
    main, extra, side = _base()
    result = _validate(cli, ygo_db, tmp_path, _ydk(main, extra, side + [23434538]))
    assert _errors(result) == ["card-limit"]
    (problem,) = result["problems"]
    assert (problem["card"], problem["count"], problem["limit"], problem["zone"]) == ('Maxx "C"', 1, 0, "sideboard")


def test_an_over_limit_limited_card_and_the_date_decides(cli, ygo_db, tmp_path, shared_data):
    main, extra, side = _base()
    text = _ydk(main, extra, side + [24224830, 24224830])
    result = _validate(cli, ygo_db, tmp_path, text)
    assert _errors(result) == ["card-limit"]
    assert [(p["card"], p["count"], p["limit"]) for p in result["problems"]] == [("Called by the Grave", 2, 1)]
    # Semi-Limited from 2018-09-01 to 2018-12-01: two copies were fine then.
    assert _validate(cli, ygo_db, tmp_path, text, date="2018-10-01")["legal"] is True


def test_every_problem_is_reported_not_only_the_first(cli, ygo_db, tmp_path, shared_data):
    main, extra, side = _base()
    # 10000001, once unknown here, is EDOPro's second artwork of Obelisk the Tormentor (10000000).
    text = _ydk(main + [86066372, 23434538], extra + [main[0]], side + [main[0], 99999999])
    result = _validate(cli, ygo_db, tmp_path, text)
    assert _errors(result) == ["card-limit", "copy-limit", "extra-deck-type", "extra-deck-type", "unknown-card"]
    unknown = next(p for p in result["problems"] if p["rule"] == "unknown-card")
    assert unknown["code"] == 99999999 and "99999999" in unknown["message"]


def test_tokens_are_in_no_zone(cli, tmp_path):
    """A small cards.cdb in YGOPro's schema with a token, imported like any other."""
    cdb = tmp_path / "tokens.cdb"
    db = sqlite3.connect(cdb)
    db.executescript(
        "CREATE TABLE datas (id INTEGER PRIMARY KEY, ot INTEGER, alias INTEGER, setcode INTEGER, type INTEGER,"
        " atk INTEGER, def INTEGER, level INTEGER, race INTEGER, attribute INTEGER, category INTEGER);"
        "CREATE TABLE texts (id INTEGER PRIMARY KEY, name TEXT, desc TEXT);"
        "INSERT INTO datas VALUES (73915052, 3, 0, 0, 16401, 0, 0, 1, 0, 0, 0);"  # MONSTER|NORMAL|TOKEN
        "INSERT INTO texts VALUES (73915052, 'Sheep Token', '');"
        "INSERT INTO datas VALUES (40640057, 3, 0, 0, 33, 0, 0, 1, 0, 0, 0);"
        "INSERT INTO texts VALUES (40640057, 'Kuriboh', '');"
    )
    db.commit()
    db.close()
    target = tmp_path / "cards.sqlite"
    assert cli("cards", "import", str(cdb), "--cards-db", str(target)).returncode == 0
    result = _validate(cli, target, tmp_path, _ydk([40640057] * 3 + [73915052] * 37, [73915052], [73915052]))
    token = [(p["zone"], p["count"]) for p in result["problems"] if p["rule"] == "card-type"]
    assert token == [("main", 37), ("extra", 1), ("sideboard", 1)]
    assert "copy-limit" in _errors(result) and "extra-deck-type" not in _errors(result)


def test_every_shared_deck_in_one_run(cli, ygo_db, shared_data):
    decks = sorted((shared_data / "ygo" / "decks").glob("*.ydk"))
    manifest = {item["file"]: item for item in json.loads((shared_data / "ygo" / "decks" / "manifest.json").read_text())}
    done = cli("validate", *map(str, decks), "-f", "yugioh/advanced-ocg", "--date", DATE, "--cards-db", str(ygo_db),
               "-o", "json")
    assert done.returncode == 1, done.stderr
    results = json.loads(done.stdout)["results"]
    assert len(results) == len(decks) == 205
    # The imported cdb's passcodes and the built-in data's behind it (which adds the cards
    # that print none, the Egyptian God cards, under their simulator numbers).
    known = {row[0] for row in sqlite3.connect(shared_data / "ygo" / "cards_derived.cdb").execute("SELECT id FROM datas")}
    known |= {row[0] for row in sqlite3.connect(f"{BUILTIN_FILE.as_uri()}?mode=ro", uri=True).execute("SELECT code FROM ygo_cards")}
    for path, result in zip(decks, results):
        item = manifest[path.name]
        counts = result["counts"]
        assert (counts["main"], counts.get("extra", 0), counts["sideboard"]) == (item["main"], item["extra"], item["side"])
        rules = {p["rule"] for p in result["problems"]}
        assert rules <= KNOWN_RULES, path.name
        assert ("deck-size" in rules) == (not 40 <= item["main"] <= 60), path.name
        assert ("sideboard-size" in rules) == (item["side"] > 15), path.name
        for problem in result["problems"]:
            if problem["rule"] == "unknown-card" and problem["severity"] == "error":
                assert problem["code"] not in known
            if problem["rule"] == "unknown-card" and problem["severity"] == "warning":
                assert problem["treated_as"] in known and 0 < problem["code"] - problem["treated_as"] <= 20
            if problem.get("card"):
                assert not problem["card"].isdigit() or problem["rule"] == "unknown-card", problem
    legal = sum(result["legal"] for result in results)
    assert 0 < legal < 205


def test_without_card_data_validation_still_runs_and_says_what_it_skipped(cli, tmp_path, shared_data):
    path = shared_data / "ygo" / "decks" / BASE
    done = cli("validate", str(path), "-f", "yugioh/advanced-tcg", "--date", DATE, "-o", "json", "--no-cards")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)["results"][0]
    assert {(p["rule"], p["severity"]) for p in result["problems"]} == {
        ("extra-deck-type", "warning"), ("card-type", "warning"), ("region", "warning")}
    assert done.stderr == ""  # card checks were turned off on purpose: nothing to note


def test_the_built_in_card_data_checks_yugioh_decks(cli, shared_data):
    """A fresh install (no database) checks passcodes with the built-in Yu-Gi-Oh! data."""
    path = shared_data / "ygo" / "decks" / BASE
    done = cli("validate", str(path), "-f", "yugioh/advanced-tcg", "--date", DATE, "-o", "json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["results"][0]["problems"] == []
    unknown = cli("validate", "-", "-f", "yugioh/advanced-tcg", "--date", DATE, "-o", "json",
                  input="#main\n" + "40640057\n" * 3 + "99999999\n" * 37 + "#extra\n!side\n")
    assert unknown.returncode == 1
    (problem,) = [p for p in json.loads(unknown.stdout)["results"][0]["problems"] if p["rule"] == "unknown-card"]
    assert (problem["severity"], problem["code"], problem["count"]) == ("error", 99999999, 37)


def test_simulate_names_passcodes_with_card_data(cli, ygo_db, shared_data):
    path = shared_data / "ygo" / "decks" / BASE
    env = {"DECKCHECK_CARDS_DB": str(ygo_db)}
    done = cli("simulate", str(path), "-f", "yugioh/advanced-tcg", "--hands", "500", "--seed", "1", "-o", "json", env=env)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert "Lava Golem" in done.stdout and "102380" not in json.dumps(report.get("cards", report))
    text = cli("simulate", str(path), "-f", "yugioh/advanced-tcg", "--hands", "500", "--seed", "1", env=env).stdout
    assert "opening hand 5, no mulligans" in text


def test_a_partial_cards_cdb_finds_the_passcodes_it_lacks_in_the_built_in_data(cli, tmp_path):
    """EDOPro ships prerelease cards in small extra .cdb files; importing one replaced the
    whole Yu-Gi-Oh! data and every other passcode of a deck became unknown. As with Magic,
    the built-in data stands behind a partial import (docs/card-data.md)."""
    cdb = tmp_path / "prerelease.cdb"
    db = sqlite3.connect(cdb)
    db.executescript(
        "CREATE TABLE datas (id INTEGER PRIMARY KEY, ot INTEGER, alias INTEGER, setcode INTEGER, type INTEGER,"
        " atk INTEGER, def INTEGER, level INTEGER, race INTEGER, attribute INTEGER, category INTEGER);"
        "CREATE TABLE texts (id INTEGER PRIMARY KEY, name TEXT, desc TEXT);"
        "INSERT INTO datas VALUES (100200300, 3, 0, 0, 33, 0, 0, 1, 0, 0, 0);"  # MONSTER|EFFECT
        "INSERT INTO texts VALUES (100200300, 'Prerelease Sprite', '');"
    )
    db.commit()
    db.close()
    target = tmp_path / "cards.sqlite"
    assert cli("cards", "import", str(cdb), "--cards-db", str(target)).returncode == 0
    deck = _ydk([100200300] * 3 + [14558127] * 3 + [40640057] * 3 + [12345678] + [83764718])
    result = _validate(cli, target, tmp_path, deck)
    unknown = [p["code"] for p in result["problems"] if p["rule"] == "unknown-card"]
    assert unknown == [12345678], result["problems"]
    looked = cli("cards", "lookup", "14558127", "--cards-db", str(target))
    assert looked.returncode == 0 and "Ash Blossom & Joyous Spring" in looked.stdout
    missing = cli("cards", "lookup", "Prerelease Sprit", "--game", "yugioh", "--cards-db", str(target))
    assert "Prerelease Sprite" in missing.stdout + missing.stderr


def test_card_limit_gives_its_lines_in_json_as_copy_limit_does(cli, tmp_path):
    """card-limit's message names every line of a card a .ydk lists once per copy, but its
    JSON problem had no `lines` (copy-limit, banned and restricted give them): a tool that
    marks the lines of a deck had the first one only. Built-in card data."""
    path = tmp_path / "deck.ydk"
    path.write_text("#main\n23434538\n83011277\n23434538\n24224830\n83011277\n#extra\n!side\n24224830\n", encoding="utf-8")
    done = cli("validate", str(path), "-f", "yugioh/advanced-tcg", "--date", "2023-06-10", "-o", "json")
    assert done.returncode == 1, done.stderr
    limits = {p["card"]: p for p in json.loads(done.stdout)["results"][0]["problems"] if p["rule"] == "card-limit"}
    assert limits['Maxx "C"']["lines"] == [2, 4] and limits['Maxx "C"']["line"] == 2
    assert limits["Called by the Grave"]["lines"] == [5, 9]
    assert "(lines 2 and 4)" in limits['Maxx "C"']["message"]
