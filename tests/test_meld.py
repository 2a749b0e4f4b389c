"""Meld cards (#14 item 7): the melded back face (Brisela, Voice of Nightmares) is no card a
deck can hold. Whatever the card data's shape (Scryfall's separate meld-result object,
MTGJSON's faces), naming it is an `unknown-card` error that suggests its two halves."""
from __future__ import annotations

import gzip
import json

import pytest

from deckcheck import validate
from deckcheck.cards.importer import import_file

BRISELA = "Brisela, Voice of Nightmares"
HALVES = ["Bruna, the Fading Light", "Gisela, the Broken Blade"]
PARTS = [
    {"object": "related_card", "component": "meld_part", "name": HALVES[0]},
    {"object": "related_card", "component": "meld_part", "name": HALVES[1]},
    {"object": "related_card", "component": "meld_result", "name": BRISELA},
]


def _scryfall(name: str, type_line: str, cost: str) -> dict:
    return {
        "object": "card", "name": name, "layout": "meld", "mana_cost": cost, "cmc": 7.0 if cost else 0.0,
        "type_line": type_line, "oracle_text": "Flying", "colors": ["W"], "color_identity": ["W"], "set": "emn",
        "set_name": "Eldritch Moon", "released_at": "2016-07-22", "rarity": "rare", "all_parts": PARTS,
        "legalities": {"legacy": "legal", "vintage": "legal", "modern": "legal"},
    }


SCRYFALL = [
    _scryfall(HALVES[0], "Legendary Creature — Angel Horror", "{5}{W}{W}"),
    _scryfall(HALVES[1], "Legendary Creature — Angel Horror", "{2}{W}{W}"),
    _scryfall(BRISELA, "Legendary Creature — Eldrazi Angel", ""),
    {"object": "card", "name": "Plains", "layout": "normal", "mana_cost": "", "cmc": 0.0, "type_line": "Basic Land — Plains",
     "oracle_text": "({T}: Add {W}.)", "colors": [], "color_identity": ["W"], "set": "emn", "rarity": "common",
     "released_at": "2016-07-22", "legalities": {"legacy": "legal", "vintage": "legal", "modern": "legal"}},
]


def _mtgjson_face(name: str, face: str, side: str) -> dict:
    return {"name": name, "faceName": face, "side": side, "layout": "meld", "type": "Legendary Creature — Angel",
            "types": ["Creature"], "supertypes": ["Legendary"], "text": "Flying", "colors": ["W"], "colorIdentity": ["W"],
            "printings": ["EMN"], "legalities": {"legacy": "Legal"}}


MTGJSON = {"meta": {"version": "5.2.2"}, "data": {
    **{f"{half} // {BRISELA}": [_mtgjson_face(f"{half} // {BRISELA}", half, "a"), _mtgjson_face(f"{half} // {BRISELA}", BRISELA, "b")]
       for half in HALVES},
    "Plains": [{"name": "Plains", "layout": "normal", "type": "Basic Land — Plains", "types": ["Land"], "supertypes": ["Basic"],
                "subtypes": ["Plains"], "text": "({T}: Add {W}.)", "colors": [], "colorIdentity": ["W"], "printings": ["EMN"],
                "legalities": {"legacy": "Legal"}}],
}}


@pytest.fixture(params=["scryfall", "mtgjson"])
def meld_db(request, tmp_path):
    if request.param == "scryfall":
        source = tmp_path / "cards.json"
        source.write_text(json.dumps(SCRYFALL), encoding="utf-8")
    else:
        source = tmp_path / "AtomicCards.json.gz"
        source.write_bytes(gzip.compress(json.dumps(MTGJSON).encode()))
    database = tmp_path / "cards.sqlite"
    import_file(source, database)
    return database


def test_the_melded_back_face_is_unknown_with_both_halves_suggested(meld_db):
    result = validate(f"1 {BRISELA}\n1 {HALVES[0]}\n58 Plains\n", "mtg/legacy", cards=meld_db, offline=True)
    unknown = [problem for problem in result.problems if problem.rule == "unknown-card"]
    assert len(unknown) == 1 and unknown[0].card == BRISELA and unknown[0].line == 1
    assert unknown[0].details["suggestions"] == HALVES
    assert "melded" in unknown[0].message
    assert not result.legal


def test_each_half_is_a_card(meld_db):
    result = validate(f"1 {HALVES[0]}\n1 {HALVES[1]}\n58 Plains\n", "mtg/legacy", cards=meld_db, offline=True)
    assert [problem.rule for problem in result.problems] == []


def test_the_cli_says_so_too(cli, meld_db, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(f"4 {BRISELA}\n56 Plains\n", encoding="utf-8")
    done = cli("validate", str(deck), "-f", "mtg/legacy", "--cards-db", str(meld_db), "--offline", "-o", "json")
    assert done.returncode == 1
    (problem,) = json.loads(done.stdout)["results"][0]["problems"]
    assert (problem["rule"], problem["suggestions"]) == ("unknown-card", HALVES)
