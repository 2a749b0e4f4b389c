"""The Commander family's format files: generated from the shared data by
scripts/build_commander_formats.py, cited, and in agreement with the current lists the
data records (../shared/data/mtg/commander/)."""
from __future__ import annotations

import datetime as dt
import importlib.util
import json
import sys
from pathlib import Path

import pytest

from deckcheck.formats import available, load

ROOT = Path(__file__).resolve().parent.parent
FAMILY = ("commander", "duel-commander", "pauper-commander", "oathbreaker", "standard-brawl", "brawl")


def _script():
    sys.path.insert(0, str(ROOT / "scripts"))
    spec = importlib.util.spec_from_file_location("build_commander_formats", ROOT / "scripts" / "build_commander_formats.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def mtg(shared_data) -> Path:
    return shared_data / "mtg"


@pytest.mark.parametrize("fmt_id", FAMILY)
def test_format_files_are_what_the_script_writes(fmt_id, mtg):
    """Run `python scripts/build_commander_formats.py --data PATH` after changing it."""
    generated = _script().GENERATORS[fmt_id](mtg)
    assert (ROOT / "formats" / "mtg" / f"{fmt_id}.yaml").read_text(encoding="utf-8") == generated


def test_todays_lists_are_the_current_lists_of_the_data(mtg, capsys):
    assert _script().check_against_current(mtg) == 0, capsys.readouterr().out


@pytest.mark.parametrize("key", ["banned", "banned_as_commander", "banned_as_companion"])
def test_current_commander_lists_match_the_data(key, mtg):
    source = json.loads((mtg / "commander" / "commander_banlist.json").read_text(encoding="utf-8"))
    fmt = load("mtg/commander")
    day = dt.date.fromisoformat(source["as_of"])
    ours = {entry.card for entry in (fmt.banned_on(day) if key == "banned" else fmt.dated_list_on(key, day)).values()}
    base = {entry.card for entry in load("mtg/constructed").banned}
    assert ours - base == set(source[key]) - base


def test_the_family_is_listed_and_its_base_is_abstract():
    ids = available()
    assert all(f"mtg/{fmt_id}" in ids for fmt_id in FAMILY)
    assert load("mtg/commander-base", base=True).option("abstract") is True
    for fmt_id in FAMILY:
        fmt = load(f"mtg/{fmt_id}")
        assert fmt.chain[1] == "mtg/commander-base" and fmt.option("sources")


def test_dated_entries_cite_their_announcement():
    fmt = load("mtg/commander")
    dated = [entry for entry in fmt.banned if entry.since and entry.since >= dt.date(2007, 1, 1)]
    assert dated and all(entry.note and entry.note.startswith("http") for entry in dated)


@pytest.mark.parametrize("day, banned, as_companion", [
    ("2020-04-23", False, False), ("2020-04-24", True, False), ("2026-02-08", True, False), ("2026-02-09", False, True),
])
def test_lutri_in_commander(day, banned, as_companion):
    fmt = load("mtg/commander")
    on = dt.date.fromisoformat(day)
    assert ("lutri, the spellchaser" in fmt.banned_on(on)) is banned
    assert ("lutri, the spellchaser" in fmt.dated_list_on("banned_as_companion", on)) is as_companion


def test_duel_commander_counts_on_the_data_date():
    fmt = load("mtg/duel-commander")
    assert len(fmt.dated_list_on("banned_as_commander", dt.date(2026, 9, 1))) == 29


@pytest.mark.parametrize("fmt_id, size", [
    ("commander", 100), ("duel-commander", 100), ("pauper-commander", 100), ("brawl", 100), ("oathbreaker", 60),
    ("standard-brawl", 60),
])
def test_sizes_count_the_command_zone(fmt_id, size):
    main = load(f"mtg/{fmt_id}").zone_size("main", dt.date(2025, 1, 1))
    assert (main.exactly, main.min, main.including) == (size, None, ("commander",))


DUEL_DAY = dt.date(2026, 9, 1)
DUEL_BANNED_AS_COMMANDER = sorted(
    {entry.card for entry in load("mtg/duel-commander").dated_list_on("banned_as_commander", DUEL_DAY).values()}
)


@pytest.mark.parametrize("card", DUEL_BANNED_AS_COMMANDER)
def test_every_duel_commander_ban_as_commander(card, shared_cards_db):
    """Each card Duel Commander bans as a commander: as the commander it is a `commander`
    problem and nothing else; among the 99 of a five-color deck it is fine."""
    from deckcheck import validate

    as_commander = validate(f"Commander\n1 {card}\nDeck\n99 Wastes\n", "mtg/duel-commander", DUEL_DAY,
                            cards=shared_cards_db, offline=True)
    (problem,) = as_commander.problems
    # The list may name a card by one face: the problem names the whole card.
    assert problem.rule == "commander" and card in problem.card and "banned" in problem.message, problem.message
    in_the_99 = validate(f"Commander\n1 Kenrith, the Returned King\nDeck\n1 {card}\n98 Wastes\n", "mtg/duel-commander",
                         DUEL_DAY, cards=shared_cards_db, offline=True)
    assert in_the_99.legal, [p.message for p in in_the_99.problems]
