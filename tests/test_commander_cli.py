"""The Commander family through the installed `deckcheck` command, the way a judge runs
it: `deckcheck validate DECK... -f FORMAT --date D -o json --offline --cards-db DB`, with DB
imported from the Scryfall-shaped copy of the shared card file (tests/scryfall_shape.py).

Every case of tests/cases (rules and decklists) that checks a Commander-family format with
the shared card data is written to a file (named for its decklist format), the cases are
grouped by format, date and platform, and each group is one command: each result's verdict and the
rule ids of its errors must be the case's, and the exit code 1 exactly when a deck of the
group is illegal. The library-level runner (test_rule_cases.py) compares each problem's
fields; this one proves the command, its options and its JSON give the same verdicts.
"""
from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest

import caseload
from conftest import run_cli

FAMILY = ("mtg/commander", "mtg/duel-commander", "mtg/pauper-commander", "mtg/oathbreaker",
          "mtg/standard-brawl", "mtg/brawl")


def _family_cases() -> list[dict]:
    found = []
    for folder in ("rules", "decklists"):
        for _, case in caseload.all_cases(folder, kind="deck"):
            if case["format"] in FAMILY and case.get("cards") == "shared":
                found.append(case)
    return found


CASES = _family_cases()
GROUPS: dict[tuple[str, str, str], list[dict]] = defaultdict(list)
for _case in CASES:
    GROUPS[(_case["format"], str(_case["date"]), _case.get("platform", "paper"))].append(_case)


def _suffix(text: str) -> str:
    """The extension a file of this decklist format has (the CLI picks the reader by it)."""
    head = text.lstrip()
    if head.startswith("<") and "cockatrice_deck" in head[:500]:
        return ".cod"
    if head.startswith("<") and "<Deck" in head[:500]:
        return ".dek"
    if head.startswith("[metadata]"):
        return ".dck"
    return ".txt"


def _expected_rules(case: dict) -> set[str]:
    return {problem["rule"] for problem in case.get("problems") or () if problem.get("severity", "error") == "error"}


def test_there_are_hundreds_of_family_cases():
    assert len(CASES) >= 200, len(CASES)


@pytest.mark.parametrize("group", sorted(GROUPS), ids=lambda key: f"{key[0]}@{key[1]}" + (f"@{key[2]}" if key[2] != "paper" else ""))
def test_family_cases_through_the_cli(group, shared_cards_db, tmp_path):
    fmt, day, platform = group
    cases = GROUPS[group]
    paths = []
    for number, case in enumerate(cases):
        path = tmp_path / f"case{number}{_suffix(case['deck'])}"
        path.write_text(case["deck"], encoding="utf-8")
        paths.append(path)
    done = run_cli("validate", *map(str, paths), "-f", fmt, "--date", day, "--platform", platform, "-o", "json",
                   "--offline", "--cards-db", str(shared_cards_db))
    assert done.returncode in (0, 1), done.stderr
    results = {Path(result["deck"]).name: result for result in json.loads(done.stdout)["results"]}
    any_illegal = False
    for case, path in zip(cases, paths):
        result = results[path.name]
        wanted = _expected_rules(case)
        legal = case.get("legal", not wanted)
        got = {problem["rule"] for problem in result["problems"] if problem["severity"] == "error"}
        assert (result["legal"], got) == (legal, wanted), f"{case['name']}: {result['problems']}"
        any_illegal |= not legal
    assert done.returncode == (1 if any_illegal else 0)


COD = """<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_deck version="1">
  <deckname>Omnath</deckname>
  <bannerCard providerId="">Omnath, Locus of Mana</bannerCard>
  <zone name="main">
    <card number="1" name="Omnath, Locus of Mana"/>
    <card number="37" name="Forest"/>
    <card number="62" name="Grizzly Bears"/>
  </zone>
</cockatrice_deck>
"""


@pytest.mark.parametrize("fmt, free, draws, library", [
    ("mtg/commander", True, True, 99), ("mtg/pauper-commander", True, True, 99), ("mtg/duel-commander", False, False, 99),
    ("mtg/brawl", True, False, 99), ("mtg/standard-brawl", True, False, 99),
    # Omnath is no planeswalker, so no oathbreaker: the banner card stays in the library.
    ("mtg/oathbreaker", True, True, 100),
])
def test_simulate_reads_the_family_from_its_format_files(fmt, free, draws, library, tmp_path):
    deck = tmp_path / "omnath.cod"
    deck.write_text(COD, encoding="utf-8")
    done = run_cli("simulate", str(deck), "-f", fmt, "-o", "json", "--keep", "2 <= lands <= 5")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    # The banner card, a card that can lead the deck, is the commander: the library is the other 99.
    assert report["deck_size"] == library and report["lands_in_deck"] == 37
    assert (report["opening_hand"]["free_mulligan"], report["opening_hand"]["first_player_draws"]) == (free, draws)


# Real exported Commander lists of ../shared/data/mtg/deck_formats (its README gives their
# sources): each reader's convention puts the commander in the command zone. The Klauth deck
# plays Biorhythm (off Commander's list from 2026-02-09) and Evendo, Waking Haven (Edge of
# Eternities, 2025-08-01); its Arena text has 101 cards and a card newer than the card file.
REAL_FILES = {
    "cockatrice_cod/edh-Luigi.cod": (set(), set()),
    "cockatrice_cod/edh-Mikaeus.cod": (set(), set()),
    "cockatrice_cod/edh-Pirates.cod": (set(), set()),
    "cockatrice_cod/edh-Sliverfall.cod": (set(), set()),
    "octgn_o8d/COMMANDER_Mind_Seize.o8d": (set(), set()),  # Commander 2013's precon: its Command Zone section
    "forge_dck/Ians_Klauth_Dragons_commander.dck": ({"banned", "not-in-pool"}, set()),
    "arena_txt/Ians_Klauth_Dragons.txt": ({"banned", "not-in-pool", "deck-size", "unknown-card"},
                                          {"deck-size", "unknown-card"}),
}


@pytest.mark.parametrize("day, column", [("2025-06-01", 0), ("2026-03-01", 1)])
def test_real_exported_commander_lists(day, column, shared_data, shared_cards_db):
    folder = shared_data / "mtg" / "deck_formats"
    paths = [folder / name for name in REAL_FILES]
    done = run_cli("validate", *map(str, paths), "-f", "mtg/commander", "--date", day, "-o", "json", "--offline",
                   "--cards-db", str(shared_cards_db))
    assert done.returncode == 1, done.stderr
    for (name, expected), result in zip(REAL_FILES.items(), json.loads(done.stdout)["results"]):
        rules = {problem["rule"] for problem in result["problems"] if problem["severity"] == "error"}
        assert rules == expected[column], (name, result["problems"])
        assert result["counts"]["commander"] == 1, name


def test_octgn_precon_is_legal_on_its_release_date_and_not_before(shared_data, shared_cards_db):
    path = shared_data / "mtg" / "deck_formats" / "octgn_o8d" / "COMMANDER_Mind_Seize.o8d"
    for day, code in (("2013-11-01", 0), ("2013-10-01", 1)):
        done = run_cli("validate", str(path), "-f", "mtg/commander", "--date", day, "-o", "json", "--offline",
                       "--cards-db", str(shared_cards_db))
        assert done.returncode == code, done.stdout
        result = json.loads(done.stdout)["results"][0]
        assert result["counts"]["commander"] == 1 and result["counts"]["main"] == 99
        assert {problem["rule"] for problem in result["problems"]} <= {"not-in-pool"}
