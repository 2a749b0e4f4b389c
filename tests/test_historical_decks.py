"""The historical tournament decks of the shared data (decklists/historical_dec.jsonl.gz:
Standard of 1996-2014 and Pioneer, from NonSumusDigni/mtg-deck-history), validated on
their event dates as the organiser of that event would, with the built-in card data.

Top finishers of Pro Tours, Worlds and national championships were deck-checked at the
event, so each must come out legal: a deckcheck that takes a set out of Standard too early,
bans a card before its day or forgets an old printing fails here. The few that do not are
listed with the reason, found by reading each list: typos and incomplete lists in the
source, and one event whose decks are not the Standard of its day. tests/test_real_files.py
checks how these texts are read; this test checks the verdicts.
"""
from __future__ import annotations

import gzip
import json
import re

import pytest

from deckcheck import validate

FORMATS = {"Standard (Type 2)": "mtg/standard", "Pioneer": "mtg/pioneer"}
# Pro Tour New York's decks carry no date in the data: the event ran February 16-18, 1996.
PRO_TOUR_NEW_YORK = "1996-02-16"
_JSS = "Standard (Type 2)/1999-06-6ED-B1/1999-06-02 - Junior Super Series Championship/15-17 Division/1st-8th. "
_LATIN_2000 = "Standard (Type 2)/2000-06-PCY/2000-06-25 - Latin American Championship/"
_SB_LINE = "the source's sideboard holds a line 'SB:1 SB', a 16th card named SB"
# path -> (error rules, why the list, not deckcheck, is at fault)
KNOWN_BAD = {
    **{_JSS + name: ({"not-in-pool"}, "Fifth Edition cards (Necropotence, Mana Flare, Pyroblast) a month after Sixth "
                                      "Edition replaced it in Standard (the epochs file: 1999-05): the Junior Super "
                                      "Series' own format, not Standard")
       for name in ("Mana Flare Combo (1).dec", "Mana Flare Combo (2).dec", "Necro (1).dec", "Necro (2).dec",
                    "Necro (3).dec", "Necro (4).dec", "Recycle Combo.dec", "Sligh.dec")},
    "Standard (Type 2)/1999-06-UDS/1999-08-05 - World Championship/Top 8/5th-8th. Mono-Black Control - Gary Wise.dec": (
        {"not-in-pool"}, "'Spawning Pit' (Darksteel, 2004) for Spawning Pool (Urza's Saga)"),
    _LATIN_2000 + "2nd. Accelerated Blue - Rafaël Le Saux.dec": ({"unknown-card"}, "'Islands' for Island"),
    _LATIN_2000 + "3rd. Trinity Green - Gerardo Godinez-Estrada.dec": ({"unknown-card", "sideboard-size"}, _SB_LINE),
    _LATIN_2000 + "6th. Covetous Dragon - Alex Sousa.dec": ({"unknown-card", "sideboard-size"}, _SB_LINE),
    _LATIN_2000 + "7th. Covetous Dragon - Eduardo Teixeira.dec": ({"unknown-card", "sideboard-size"}, _SB_LINE),
    _LATIN_2000 + "8th. Replenish - Thomas Elias Felsberg.dec": (
        {"unknown-card", "sideboard-size"}, _SB_LINE + "; 'Planar Rebirth' for Planar Birth"),
    "Standard (Type 2)/2000-06-PCY/2000-07-02 - Canadian National Championship/2nd. Stompy - Murray Evans.dec": (
        {"unknown-card"}, "'Hiddon Gibbons' for Hidden Gibbons"),
    "Standard (Type 2)/2000-06-PCY/2000-07-02 - Canadian National Championship/3rd-4th. Accelerated Blue - Sam Lau.dec": (
        {"unknown-card"}, "'Faerie Concave' for Faerie Conclave"),
    "Standard (Type 2)/2000-06-PCY/2000-07-09 - Asia Pacific Championship/13th. Control Black - Weng Kwong Aw Yeong.dec": (
        {"sideboard-size"}, "a sideboard of 14 in the source (exactly 15 or none then)"),
    "Standard (Type 2)/2000-06-PCY/2000-07-09 - Asia Pacific Championship/6th. White Weenie - Koichiro Maki.dec": (
        {"unknown-card"}, "'Longbow Archers' for Longbow Archer"),
    "Standard (Type 2)/2000-06-PCY/2000-07-16 - European Championship/3rd. Accelerated Blue - Loic Dobrigna.dec": (
        {"unknown-card"}, "'Hibernate' for Hibernation"),
    "Standard (Type 2)/2001-05-7ED/2001-06-29 - European Championship/4th. Counter-Rebels - Daniel Zink.dec": (
        {"unknown-card"}, "'Ramosian Sky Marshall' and 'Fresh Volunteer' for Ramosian Sky Marshal and Fresh Volunteers"),
    "Standard (Type 2)/2001-05-7ED/2001-06-29 - European Championship/[INCOMPLETE] 1st. Counter-Rebels - Eivind Nitter.dec": (
        {"deck-size"}, "marked incomplete in the source: 56 cards"),
    "Standard (Type 2)/2001-05-7ED/2001-06-29 - Latin America Championship/1st. Counter-Rebels - Scott Richards.dec": (
        {"unknown-card"}, "'Islands' for Island, 'Ramosian Segeant' for Ramosian Sergeant"),
    "Standard (Type 2)/2001-07-APC/2001-08-08 - World Championship/[INCOMPLETE] 5th-6th. Fires - Jan Tomcani.dec": (
        {"deck-size"}, "marked incomplete in the source: 58 cards"),
}


@pytest.fixture(scope="module")
def historical(shared_data) -> list[dict]:
    with gzip.open(shared_data / "mtg" / "decklists" / "historical_dec.jsonl.gz", "rt", encoding="utf-8") as handle:
        return [row for row in map(json.loads, handle) if row["format_folder"] in FORMATS]


def event_day(row: dict) -> str:
    """The event's date: the data's, else the one its path names, else Pro Tour New York's."""
    if row["event_date"]:
        return row["event_date"]
    found = re.search(r"\d{4}-\d{2}-\d{2}", row["path"])
    if found:
        return found.group()
    assert "Pro Tour New York" in row["path"], row["path"]
    return PRO_TOUR_NEW_YORK


def test_historical_decks_are_legal_on_their_event_days(historical):
    assert len(historical) == 232  # 216 Standard, 16 Pioneer
    wrong = []
    for row in historical:
        result = validate(row["text"], FORMATS[row["format_folder"]], event_day(row), offline=True)
        rules = {problem.rule for problem in result.problems if problem.is_error}
        expected = KNOWN_BAD.get(row["path"], (set(), ""))[0]
        if rules != expected:
            wrong.append((row["path"], event_day(row), sorted(rules), [p.message for p in result.problems if p.is_error][:3]))
    assert not wrong, f"{len(wrong)} historical decks not as expected: {wrong[:5]}"
    assert set(KNOWN_BAD) <= {row["path"] for row in historical}
