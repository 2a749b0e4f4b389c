"""Parsers on real exported files from ../shared/data/mtg (read in place, never copied).

Expected totals are computed here from the raw file with a simple regex of their own, never
by calling deckcheck, so a parser bug cannot hide in its own expectation. A few entries are
also pinned by hand (name, count, zone, line) from reading the files.
"""
from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from deckcheck.model import COMMANDER, MAIN, SIDEBOARD
from deckcheck.decklists import load_deck, parse_text

FORMATS_DIR = Path("mtg") / "deck_formats"


def _files(shared_data: Path, folder: str, pattern: str) -> list[Path]:
    files = sorted((shared_data / FORMATS_DIR / folder).glob(pattern))
    assert files, f"no {pattern} files in {folder}: the shared data changed?"
    return files


def _zone_totals(deck) -> dict[str, int]:
    totals: Counter[str] = Counter()
    for entry in deck.entries:
        totals[entry.zone] += entry.count
    return dict(totals)


def _entry(deck, name: str):
    found = [entry for entry in deck.entries if entry.name == name]
    assert len(found) == 1, f"{name!r} appears {len(found)} times"
    return found[0]


# ------------------------------------------------------------------ independent counting


def _count_cod(text: str) -> dict[str, int]:
    totals: Counter[str] = Counter()
    for zone, body in re.findall(r'<zone name="(\w+)">(.*?)</zone>', text, re.S):
        totals[{"main": MAIN, "side": SIDEBOARD}[zone]] += sum(int(n) for n in re.findall(r'<card number="(\d+)"', body))
    return dict(totals)


def _count_sections(lines: list[str], zones: dict[str, str], card: str) -> dict[str, int]:
    """Sum `N Name` lines under section lines, as a reader of the file would."""
    totals: Counter[str] = Counter()
    zone = None
    for line in lines:
        stripped = line.strip()
        if stripped in zones:
            zone = zones[stripped]
            continue
        match = re.match(card, stripped)
        if match and zone:
            totals[zone] += int(match.group(1))
    return dict(totals)


def _count_sb_prefix(text: str) -> dict[str, int]:
    main = sum(int(n) for n in re.findall(r"^(\d+) \S", text, re.M))
    side = sum(int(n) for n in re.findall(r"^SB:\s*(\d+) \S", text, re.M))
    return {MAIN: main, SIDEBOARD: side}


# ------------------------------------------------------------------ Cockatrice .cod


def test_cockatrice_files_counts(shared_data):
    for path in _files(shared_data, "cockatrice_cod", "*.cod"):
        deck = load_deck(path)
        assert deck.input_format == "cod", path.name
        assert deck.problems == [], path.name
        assert _zone_totals(deck) == _count_cod(path.read_text(encoding="utf-8")), path.name
        # Every card element becomes one entry, on the line the element starts on.
        lines = path.read_text(encoding="utf-8").splitlines()
        card_lines = [number for number, line in enumerate(lines, start=1) if "<card " in line]
        assert [entry.line for entry in deck.entries] == card_lines, path.name


@pytest.mark.parametrize(
    ("file", "name", "line", "deck_name"),
    [
        ("edh-Pirates.cod", "Adéwalé, Breaker of Chains", 12, "Pirates"),  # non-ASCII name, UTF-8
        ("edh-Mikaeus.cod", "Mikaeus, the Unhallowed", 14, "Mikaeus"),
        ("edh-Sliverfall.cod", "The First Sliver", 92, "Sliverfall (EDH)"),
        ("edh-Luigi.cod", "Farewell", 115, "Luigi"),  # card element with set/uuid attributes
    ],
)
def test_cockatrice_entries(shared_data, file, name, line, deck_name):
    deck = load_deck(shared_data / FORMATS_DIR / "cockatrice_cod" / file)
    entry = _entry(deck, name)
    assert (entry.count, entry.zone, entry.line) == (1, MAIN, line)
    assert deck.name == deck_name
    assert deck.count(MAIN) == 100 and deck.count(SIDEBOARD) == 0


# ------------------------------------------------------------------ Forge .dck

_FORGE_ZONES = {"[Main]": MAIN, "[Sideboard]": SIDEBOARD, "[Commander]": COMMANDER}


def test_forge_files_counts(shared_data):
    for path in _files(shared_data, "forge_dck", "*.dck"):
        deck = load_deck(path)
        assert deck.input_format == "dck", path.name
        assert deck.problems == [], path.name  # incl. the quest precon's [shop] section
        expected = _count_sections(path.read_text(encoding="utf-8").splitlines(), _FORGE_ZONES, r"^(\d+) [^|]+")
        assert _zone_totals(deck) == expected, path.name


@pytest.mark.parametrize(
    ("file", "name", "count", "zone", "line"),
    [
        ("Ians_Klauth_Dragons_commander.dck", "Klauth, Unrivaled Ancient", 1, COMMANDER, 4),
        ("Ians_Klauth_Dragons_commander.dck", "Forest", 8, MAIN, 36),
        ("Standard_BW_Midrange.dck", "Plains", 7, MAIN, 18),  # `7 Plains|DOM|1`
        ("Standard_BW_Midrange.dck", "Swamp", 2, MAIN, 21),
        ("Legacy_Death_and_Taxes.dck", "Aether Vial", 4, MAIN, 4),
        ("quest_precon_Angelic_Fury.dck", "Mountain", 13, MAIN, 34),  # after [shop] and [metadata]
    ],
)
def test_forge_entries(shared_data, file, name, count, zone, line):
    entry = _entry(load_deck(shared_data / FORMATS_DIR / "forge_dck" / file), name)
    assert (entry.count, entry.zone, entry.line) == (count, zone, line)


def test_forge_deck_names(shared_data):
    folder = shared_data / FORMATS_DIR / "forge_dck"
    assert load_deck(folder / "Modern_Amulet_Combo.dck").name == "Modern_Amulet Combo"
    assert load_deck(folder / "quest_precon_Angelic_Fury.dck").name == "Angelic Fury"


def test_forge_and_arena_klauth_differ_by_the_documented_cards(shared_data):
    """The data README: the .dck has Nyxbloom Ancient, not The Cloudsea Djinn, and no
    Vorinclex, Voice of Hunger; otherwise the two exports are the same deck."""
    folder = shared_data / FORMATS_DIR
    dck = load_deck(folder / "forge_dck" / "Ians_Klauth_Dragons_commander.dck")
    txt = load_deck(folder / "arena_txt" / "Ians_Klauth_Dragons.txt")
    dck_cards = Counter({(e.key, e.zone): e.count for e in dck.entries})
    txt_cards = Counter({(e.key, e.zone): e.count for e in txt.entries})
    assert dck_cards - txt_cards == Counter({("nyxbloom ancient", MAIN): 1})
    assert txt_cards - dck_cards == Counter({("the cloudsea djinn", MAIN): 1, ("vorinclex, voice of hunger", MAIN): 1})


# ------------------------------------------------------------------ Arena text


def test_arena_export(shared_data):
    path = _files(shared_data, "arena_txt", "*.txt")[0]
    text = path.read_text(encoding="utf-8")
    deck = load_deck(path)
    assert deck.input_format == "text"
    assert deck.problems == []
    expected = _count_sections(text.splitlines(), {"Commander": COMMANDER, "Deck": MAIN}, r"^(\d+) \S")
    assert _zone_totals(deck) == expected == {COMMANDER: 1, MAIN: 100}
    assert deck.name == "Ians Klauth Dragons"  # from the `# name:` comment
    klauth = _entry(deck, "Klauth, Unrivaled Ancient")
    assert (klauth.count, klauth.zone, klauth.line) == (1, COMMANDER, 3)
    forest = _entry(deck, "Forest")
    assert (forest.count, forest.zone, forest.line) == (8, MAIN, 36)
    assert _entry(deck, "Mountain").line == 56


# ------------------------------------------------------------------ `SB:N Card` .dec


def test_sb_prefix_files(shared_data):
    for path in _files(shared_data, "dec_sb_prefix", "*.dec"):
        text = path.read_text(encoding="utf-8")
        deck = load_deck(path)
        assert deck.problems == [], path.name
        assert _zone_totals(deck) == _count_sb_prefix(text), path.name
        # One entry per non-blank line, numbered like the file's lines.
        lines = [number for number, line in enumerate(text.splitlines(), start=1) if line.strip()]
        assert [entry.line for entry in deck.entries] == lines, path.name


def test_sb_prefix_entries(shared_data):
    folder = shared_data / FORMATS_DIR / "dec_sb_prefix"
    breach = load_deck(folder / "Pioneer__2020-02-07__2nd._Lotus_Breach_-_William_Huey_Jensen.dec")
    split = _entry(breach, "Expansion // Explosion")
    assert (split.count, split.zone, split.line) == (1, MAIN, 6)
    side = [e for e in breach.entries if e.name == "Underworld Breach" and e.zone == SIDEBOARD]
    assert [(e.count, e.line) for e in side] == [(1, 31)]
    loconto = load_deck(folder / "Standard_Type_2_____1st._WU_Control_-_Michael_Loconto.dec")
    assert (loconto.count(MAIN), loconto.count(SIDEBOARD)) == (62, 15)  # 62 is what the file lists
    assert _entry(loconto, "Plains").line == 23


# ------------------------------------------------------------------ historical .dec texts


def _historical(shared_data: Path) -> list[dict]:
    path = shared_data / "mtg" / "decklists" / "historical_dec.jsonl.gz"
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


def test_historical_dec_texts(shared_data):
    rows = _historical(shared_data)
    assert len(rows) == 369
    without_final_newline = 0
    for row in rows:
        text = row["text"]
        without_final_newline += not text.endswith("\n")
        deck = parse_text(text, source=row["path"])
        assert deck.problems == [], row["path"]
        assert _zone_totals(deck) == {k: v for k, v in _count_sb_prefix(text).items() if v}, row["path"]
        assert len(deck.entries) == len([line for line in text.splitlines() if line.strip()]), row["path"]
        last = deck.entries[-1]
        assert last.line == len(text.splitlines()), row["path"]  # the unterminated last line counts
    assert without_final_newline > 0  # the data README says some lack it: make sure we saw them


def test_historical_non_ascii_names(shared_data):
    """Two old decks spell `Ghazbán Ogre` with its accent; the key folds it away."""
    decks = [parse_text(row["text"]) for row in _historical(shared_data) if "Ghazbán" in row["text"]]
    assert len(decks) == 2
    for deck in decks:
        ogre = next(entry for entry in deck.entries if entry.name == "Ghazbán Ogre")
        assert ogre.key == "ghazban ogre" and ogre.count == 4 and ogre.zone == MAIN


# ------------------------------------------------------------------ OCTGN .o8d (#14)

_O8D_ZONES = {"Main": MAIN, "Sideboard": SIDEBOARD, "Command Zone": COMMANDER}


def _count_o8d(text: str) -> dict[str, int]:
    totals: Counter[str] = Counter()
    for section, body in re.findall(r'<section name="([^"]+)"[^/>]*>(.*?)</section>', text, re.S):
        if section in _O8D_ZONES:
            totals[_O8D_ZONES[section]] += sum(int(n) for n in re.findall(r'<card qty="(\d+)"', body))
    return {zone: count for zone, count in totals.items() if count}


def test_octgn_files_counts(shared_data):
    for path in _files(shared_data, "octgn_o8d", "*.o8d"):
        deck = load_deck(path)
        assert deck.input_format == "o8d", path.name
        assert deck.problems == [], path.name
        text = path.read_text(encoding="utf-8-sig")
        assert _zone_totals(deck) == _count_o8d(text), path.name
        lines = text.splitlines()
        card_lines = [number for number, line in enumerate(lines, start=1) if "<card " in line]
        assert sorted(entry.line for entry in deck.entries) == card_lines, path.name


def test_octgn_entries_and_validation(shared_data, cli):
    ajani = shared_data / FORMATS_DIR / "octgn_o8d" / "DUELDECK_Ajani.o8d"
    deck = load_deck(ajani)
    assert (_entry(deck, "Ajani Vengeant").count, _entry(deck, "Ajani Vengeant").line) == (1, 4)
    forests = [entry for entry in deck.entries if entry.name == "Forest"]
    assert [(e.count, e.line) for e in forests] == [(4, 41), (4, 42)]  # two printings, two lines
    assert deck.count(MAIN) == 60 and deck.count(SIDEBOARD) == 0
    done = cli("validate", str(ajani), "-f", "mtg/constructed", "-o", "json")
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(done.stdout)["results"][0]["counts"] == {"main": 60, "sideboard": 0}
