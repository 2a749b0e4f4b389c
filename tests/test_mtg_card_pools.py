"""The generated card pools of the Magic formats, checked against independent data:
Forge's current Standard list, and Scryfall's own legal-name lists of early 2024
(legality_snapshots/), which the printings-based decision must reproduce."""
from __future__ import annotations

import datetime as dt
import gzip
import json
import sys
from pathlib import Path

import pytest

from deckcheck import load_format
from deckcheck.games.mtg.catalog import MtgCatalog
from deckcheck.games.mtg.card_pool import Verdict, decide, first_release, pool_from_spec
from deckcheck.names import card_key

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import mtg_card_pools  # noqa: E402

FORMATS = ("standard", "pioneer", "modern", "legacy", "vintage", "pauper")
# Sets whose printings span years under one date in the shared data (Secret Lair drops,
# promos), so a card first printed there looks older than it is; and Unfinity, whose
# acorn-stamped cards are not tournament legal but cannot be told apart without
# Scryfall's `security_stamp`. Cards Scryfall did not list as legal yet, only printed in
# such a set before the snapshot, are expected disagreements.
UNDATED_OR_ACORN_SETS = {"sld", "slp", "slx", "ppro", "unf"}
# Scryfall legal, but the printings-only decision says no - each for a reason:
SCRYFALL_ONLY = {
    # Welcome Deck 2016/2017 and M19 Gift Pack printings (W16, W17, G18 in Pioneer's and
    # Modern's Forge lists) are missing from the OCTGN card file.
    "Angler Turtle", "Bloodhunter Bat", "Glory Seeker", "Raise Dead", "Rampaging Brontodon",
    "Soul of the Harvest", "Sphinx of Magosi", "Stalking Tiger", "Stampeding Rhino", "Standing Troops",
    "Stormfront Pegasus", "Tricks of the Trade", "Victory's Herald", "Wing Snare",
    # Playtest cards sharing a front face with a real card (Smelt, Start // Finish, Bind):
    # the comparison is by front face, the real card is legal, the playtest card is not.
    "Smelt // Herd // Saw", "Start // Fire", "Bind // Liberate",
}
# The OCTGN file lists an Innistrad: Double Feature printing that Scryfall does not.
DATA_DIFFERENCES = {"Endless Ranks of the Dead"}


@pytest.fixture(scope="module")
def mtg(shared_data) -> Path:
    return shared_data / "mtg"


@pytest.mark.parametrize("fmt_id", FORMATS)
def test_format_files_are_generated_from_the_script(fmt_id, mtg):
    """formats/mtg/*.yaml carry what scripts/mtg_card_pools.py computes (run
    scripts/build_mtg_formats.py --data PATH after changing it)."""
    expected = mtg_card_pools.card_pool(fmt_id, mtg)
    if "sets" in expected:
        expected["sets"] = [
            {"set": code, **{k: v for k, v in (("since", since), ("until", until), ("rotated_by", rotated_by)) if v}}
            for code, since, until, rotated_by in expected["sets"]
        ]
    loaded = dict(load_format(f"mtg/{fmt_id}").option("card_pool"))
    if "sets" in loaded:  # dates as text, whether the YAML loader made them dates or not
        loaded["sets"] = [{k: str(v) for k, v in entry.items()} for entry in loaded["sets"]]
    assert loaded == expected


def test_standard_matches_forges_current_list(mtg):
    assert mtg_card_pools.check_standard(mtg) == []


def test_standard_starts_the_day_its_first_sets_open():
    """Standard's first day (rule format-date) is its creation, when its first sets open:
    a day between them told each card it had no Standard printing, not that no Standard was."""
    assert str(load_format("mtg/standard").option("since")) == mtg_card_pools.STANDARD_CREATED_ON == "1995-01-10"


def test_standard_rotations(mtg):
    windows = mtg_card_pools.standard_windows(mtg)
    assert mtg_card_pools.standard_sets_on(windows, "2024-06-01", mtg) >= {"mid", "neo", "dmu", "woe", "otj"}
    after = mtg_card_pools.standard_sets_on(windows, "2024-09-01", mtg)
    assert "neo" not in after and {"dmu", "blb"} <= after
    assert "dmu" not in mtg_card_pools.standard_sets_on(windows, "2025-09-01", mtg)
    assert mtg_card_pools.standard_sets_on(windows, "1999-01-01", mtg) == {"5ed", "tmp", "sth", "exo", "usg"}
    # The sets a new set rotates out leave on its release, on every platform (rotated_by).
    assert {code: rotated_by for code, _, _, rotated_by in windows if code in ("xln", "mid", "dmu")} == {
        "xln": "eld", "mid": "blb", "dmu": "eoe"}


@pytest.fixture(scope="module")
def snapshot(mtg):
    with gzip.open(mtg / "legality_snapshots" / "scryfall_legal_names_2024.json.gz", "rt", encoding="utf-8") as handle:
        return json.load(handle)["formats"]


@pytest.fixture(scope="module")
def all_cards(shared_cards_db):
    catalog = MtgCatalog(shared_cards_db)
    return catalog, [(name, catalog.get(name)) for _, name, _ in catalog.db.all_names()]


@pytest.mark.parametrize("fmt_id", FORMATS)
def test_printings_reproduce_scryfalls_2024_legalities(fmt_id, snapshot, all_cards):
    catalog, cards = all_cards
    info = snapshot[fmt_id]
    day = dt.date.fromisoformat(info["snapshot_date"])
    fmt = load_format(f"mtg/{fmt_id}")
    pool = pool_from_spec(fmt.option("card_pool"))
    legal = {card_key(name) for name in info["legal_names"]}
    listed = set(fmt.banned_on(day)) | set(fmt.restricted_on(day))  # Scryfall omits them from `legal`
    agree, only_ours, only_scryfall = 0, [], []
    for name, card in cards:
        if card_key(name) in listed:
            continue
        ours = decide(card, catalog.printings_of(card), pool, day, availability=catalog.availability).verdict is Verdict.IN
        theirs = card_key(name) in legal
        if ours == theirs:
            agree += 1
        elif ours:
            only_ours.append(card)
        else:
            only_scryfall.append(name)
    unexplained = [
        card.name for card in only_ours
        if not UNDATED_OR_ACORN_SETS.intersection(card.set_codes) and card.name not in DATA_DIFFERENCES
    ]
    assert unexplained == []
    # Scryfall lists a set's cards as legal from their preview; deckcheck from the day they
    # are out (Fallout, out 2024-03-08, was already legal in Scryfall's 2024-03-04 list).
    def first_out(name):
        first = first_release(catalog.printings_of(catalog.get(name)), catalog.availability)
        return first[0] if first is not None else None

    not_out_yet = {name for name in only_scryfall if first_out(name) is not None and first_out(name) > day}
    assert set(only_scryfall) - not_out_yet <= SCRYFALL_ONLY
    assert agree / (agree + len(only_ours) + len(only_scryfall) - len(not_out_yet)) > 0.997


def test_a_card_no_printing_of_which_is_in_the_pools_sets_is_out_on_arena_but_unknown_printings_decide_nothing():
    """On Arena the data cannot tell whether Mox Opal's paper printings came there, but no
    Standard set ever held it: out. A card whose printings nobody knows stays undecided."""
    from deckcheck.pipeline import card_catalog

    fmt = load_format("mtg/standard")
    catalog = card_catalog(fmt, None)
    pool = pool_from_spec(fmt.option("card_pool"))
    card = catalog.get("Mox Opal")
    day = dt.date(2026, 6, 1)
    known = decide(card, catalog.printings_of(card), pool, day, availability=catalog.availability, platform="arena")
    assert (known.verdict, known.how) == (Verdict.OUT, "sets")
    unknown = decide(card, (), pool, day, availability=catalog.availability, platform="arena")
    assert unknown.verdict is Verdict.UNDECIDED


def test_the_types_no_format_takes_are_the_types_no_deck_of_the_game_holds():
    """The script's NOT_DECK_TYPES (every format's `card_pool.exclude_types`) and the Magic
    game's `outside_deck_types` (a typed list's first line naming such a card is its
    title: decklists/title.py) are one list."""
    from deckcheck.games import GAMES

    assert GAMES["mtg"].outside_deck_types == frozenset(mtg_card_pools.NOT_DECK_TYPES)


@pytest.fixture(scope="module")
def build_script():
    import build_mtg_formats

    return build_mtg_formats


@pytest.fixture(scope="module")
def generated_lists(build_script, mtg):
    history = json.loads((mtg / "format_history" / "banlist_history.json").read_text(encoding="utf-8"))
    xmage = json.loads((mtg / "banlists" / "xmage_lists.json").read_text(encoding="utf-8"))
    never = build_script.never_legal(mtg, history)
    files = {"constructed": build_script.constructed_yaml(xmage, history)}
    files.update({fmt_id: build_script.format_yaml(fmt_id, history, mtg, never) for fmt_id in build_script.FORMATS})
    return files


@pytest.mark.parametrize("fmt_id", ("constructed", *FORMATS, "premodern"))
def test_format_files_are_what_the_script_writes(fmt_id, generated_lists):
    """Run `python scripts/build_mtg_formats.py --data PATH` after changing it (or the data)."""
    assert (ROOT / "formats" / "mtg" / f"{fmt_id}.yaml").read_text(encoding="utf-8") == generated_lists[fmt_id]


def test_acorn_attractions_are_left_to_the_base_lists_ban(build_script, mtg):
    """Unfinity's acorn Attractions, put on the May 13, 2024 sticker and Attraction ban by the
    history beside the eternal-legal ones, were never legal: no format's entry for them
    overrides mtg/constructed's ban on every day (Balloon Stand, eternal-legal, keeps its)."""
    history = json.loads((mtg / "format_history" / "banlist_history.json").read_text(encoding="utf-8"))
    never = build_script.never_legal(mtg, history)
    assert {"Centrifuge", "Cover the Spot", "Dart Throw", "Squirrel Stack"} <= never
    assert not never & {"Balloon Stand", "Shahrazad", "Chaos Orb", "Lurrus of the Dream-Den"}


@pytest.mark.parametrize(("format_id", "key", "expected"), [
    ("mtg/pauper", "legality", "pauper"),
    ("mtg/pauper-commander", "commander_rarity", "uncommon"),
    ("mtg/pauper-commander", "legality", None),  # a pool that leaves the key out
    ("mtg/limited", "legality", None),  # no card pool at all
    ("yugioh/advanced-tcg", "legality", None),
])
def test_pool_option_reads_one_key_of_the_card_pool(format_id, key, expected):
    """Format.pool_option, the one reading of `card_pool` the rules share (banned, restricted,
    not-in-pool, the fresh-database check, ...)."""
    assert load_format(format_id).pool_option(key) == expected
