"""The Yu-Gi-Oh! and WoW TCG format files: what they state, and the keys they added."""
from __future__ import annotations

import datetime as dt

import pytest

from deckcheck.errors import FormatError
from deckcheck.formats import check_file, load

TODAY = dt.date.today()  # zone sizes are dated; these formats state one size for every day


@pytest.mark.parametrize(
    "format_id, hand",
    [
        ("yugioh/advanced-tcg", (5, "none", False)),
        ("yugioh/advanced-ocg", (5, "none", False)),
        ("yugioh/genesys", (5, "none", False)),
        ("wow/constructed", (7, "once", False)),
        ("wow/limited", (7, "once", False)),
    ],
)
def test_opening_hands(format_id, hand):
    opening = load(format_id).opening_hand
    assert (opening.size, opening.mulligan, opening.first_player_draws) == hand


def test_yugioh_limits_and_zones():
    fmt = load("yugioh/advanced-tcg")
    assert fmt.game == "yugioh"
    assert (fmt.zone_size("main", TODAY).min, fmt.zone_size("main", TODAY).max, fmt.zone_size("extra", TODAY).max, fmt.zone_size("sideboard", TODAY).max) == (40, 60, 15, 15)
    assert (fmt.copy_limit.default, fmt.copy_limit.zones) == (3, ("main", "extra", "sideboard"))
    assert fmt.option("extra_deck_types") == ["Fusion", "Synchro", "Xyz", "Link"]
    # The list in force moves with the date: Pot of Greed Limited in 2005, Forbidden since 2006-03-01.
    assert fmt.card_limits_on(dt.date(2005, 1, 1))["pot of greed"].limit == 1
    assert fmt.card_limits_on(dt.date(2006, 3, 1))["pot of greed"].limit == 0
    assert fmt.card_limits_by_code_on(dt.date(2026, 8, 1))[55144522].limit == 0
    assert load("yugioh/advanced-ocg").card_limits_on(dt.date(2020, 12, 31)) == {}  # OCG history starts 2021


def test_wow_sizes():
    constructed, limited = load("wow/constructed"), load("wow/limited")
    assert (constructed.zone_size("main", TODAY).min, constructed.zone_size("sideboard", TODAY).exactly, constructed.copy_limit.default) == (60, 10, 4)
    assert constructed.option("hero") == {"count": 1, "types": ["Hero"]} and constructed.option("class_faction") is True
    assert (limited.zone_size("main", TODAY).min, limited.copy_limit) == (30, None)


@pytest.mark.parametrize(
    "body, key",
    [
        ("extra_deck_types: [Fusion, Ritualz]", "extra_deck_types[1]"),
        ("points: {Maxx \"C\": many}", "points.Maxx \"C\""),
        ("hero: {count: 1, kind: Hero}", "hero.kind"),
        ("class_faction: yes please", "class_faction"),
    ],
)
def test_new_keys_are_type_checked(tmp_path, body, key):
    path = tmp_path / "bad.yaml"
    path.write_text(f"name: Bad\ngame: yugioh\nextends: yugioh/base\n{body}\n", encoding="utf-8")
    with pytest.raises(FormatError) as raised:
        check_file(path)
    assert key in str(raised.value)


def test_formats_list_and_show(cli):
    listed = cli("formats", "list").stdout
    for format_id in ("yugioh/advanced-tcg", "yugioh/advanced-ocg", "yugioh/genesys", "wow/constructed", "wow/limited"):
        assert format_id in listed
    assert "yugioh/base" not in listed and "wow/base" not in listed  # abstract
    shown = cli("formats", "show", "yugioh/advanced-tcg", "--date", "2010-06-01").stdout
    # The Extra Deck by its name and its types listed as the messages list them (it was
    # "extra deck: only Fusion, Synchro, Xyz, Link monsters").
    assert "Raigeki [0]" in shown and "\nExtra Deck: only Fusion, Synchro, Xyz and Link monsters, and those only there\n" in shown
    assert "hero: exactly 1 (Hero)" in cli("formats", "show", "wow/constructed").stdout
