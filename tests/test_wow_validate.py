"""World of Warcraft TCG decks built from the shared card data, validated through the
installed CLI after `deckcheck cards import` of that data."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

CLASS_KEYS = ("Druid", "Hunter", "Mage", "Paladin", "Priest", "Rogue", "Shaman", "Warlock", "Warrior", "DeathKnight")
TAG_KEYS = ("subtype", "subtype2", "subtype3", "subtype4")


@pytest.fixture(scope="module")
def data(shared_data) -> list[dict]:
    with gzip.open(shared_data / "wow" / "cards.json.gz", "rt", encoding="utf-8") as handle:
        return json.load(handle)


@pytest.fixture(scope="module")
def wow_db(tmp_path_factory, shared_data) -> Path:
    from conftest import run_cli

    path = tmp_path_factory.mktemp("wow-cli-db") / "cards.sqlite"
    done = run_cli("cards", "import", str(shared_data / "wow" / "cards.json.gz"), "--cards-db", str(path))
    assert done.returncode == 0, done.stderr
    return path


def _plain(card: dict) -> bool:
    """No class icon, no Hero Required and no reputation (an Aldor card keeps Scryer cards
    out of its deck): a card any hero of its faction may hold beside any other."""
    rules = card.get("rules") or ""
    return not any(card.get(key) == "x" for key in CLASS_KEYS) and "Hero Required" not in rules and "Reputation" not in rules


def _names(data, test) -> list[str]:
    """Names all of whose printings pass `test` (so the name is unambiguous), in data order."""
    by_name: dict[str, list[dict]] = {}
    for card in data:
        if card.get("name"):
            by_name.setdefault(card["name"], []).append(card)
    return [name for name, cards in by_name.items() if all(test(card) for card in cards)]


@pytest.fixture(scope="module")
def pool(data) -> dict[str, list[str]]:
    """Card names picked from the raw data by what their printings say, not by deckcheck."""
    def tags(card):
        return {card.get(key) for key in TAG_KEYS}

    return {
        "neutral": _names(data, lambda c: c.get("type") == "Ally" and c.get("faction") == "Neutral" and _plain(c)
                          and "Unlimited" not in tags(c))[:20],
        "unlimited_alliance": _names(data, lambda c: c.get("faction") == "Alliance" and _plain(c) and "Unlimited" in tags(c)
                                     and c.get("type") == "Ally"),
        "horde": _names(data, lambda c: c.get("type") == "Ally" and c.get("faction") == "Horde" and _plain(c)
                        and "Unlimited" not in tags(c)),
        "alliance_hero": _names(data, lambda c: c.get("type") == "Hero" and c.get("faction") == "Alliance"),
    }


def _deck(hero: str | None, main: dict[str, int], side: dict[str, int] | None = None) -> str:
    lines = [f"Hero: {hero}"] if hero else []
    lines += ["Deck"] + [f"{count} {name}" for name, count in main.items()]
    if side:
        lines += ["Sideboard"] + [f"{count} {name}" for name, count in side.items()]
    return "\n".join(lines) + "\n"


def _check(cli, db, tmp_path, text, fmt="wow/constructed"):
    path = tmp_path / "deck.txt"
    path.write_text(text, encoding="utf-8")
    done = cli("validate", str(path), "-f", fmt, "--cards-db", str(db), "-o", "json")
    assert done.returncode in (0, 1), done.stderr
    result = json.loads(done.stdout)["results"][0]
    return result, sorted(p["rule"] for p in result["problems"] if p["severity"] == "error")


@pytest.fixture
def legal(pool):
    hero = pool["alliance_hero"][0]
    main = {name: 4 for name in pool["neutral"][:15]}
    side = {name: 2 for name in pool["neutral"][15:20]}
    return hero, main, side


def test_a_legal_deck(cli, wow_db, tmp_path, legal):
    result, errors = _check(cli, wow_db, tmp_path, _deck(*legal))
    assert errors == [] and result["problems"] == []
    assert result["counts"] == {"main": 60, "sideboard": 10, "hero": 1}


def test_missing_hero(cli, wow_db, tmp_path, legal):
    _, main, side = legal
    result, errors = _check(cli, wow_db, tmp_path, _deck(None, main, side))
    assert errors == ["hero"] and not result["legal"]


def test_59_cards(cli, wow_db, tmp_path, legal):
    hero, main, side = legal
    main[next(iter(main))] = 3
    assert _check(cli, wow_db, tmp_path, _deck(hero, main, side))[1] == ["deck-size"]


def test_a_9_card_side_deck(cli, wow_db, tmp_path, legal):
    hero, main, side = legal
    side[next(iter(side))] = 1
    assert _check(cli, wow_db, tmp_path, _deck(hero, main, side))[1] == ["sideboard-size"]


def test_a_fifth_copy_split_between_deck_and_side(cli, wow_db, tmp_path, legal):
    hero, main, side = legal
    first = next(iter(main))
    side = dict(side)
    side[next(iter(side))] = 1
    side[first] = 1  # 4 in the deck + 1 in the side deck, which stays at 10 cards
    result, errors = _check(cli, wow_db, tmp_path, _deck(hero, main, side))
    assert errors == ["copy-limit"]
    problem = next(p for p in result["problems"] if p["rule"] == "copy-limit")
    assert (problem["card"], problem["count"], problem["limit"]) == (first, 5, 4)


def test_an_unlimited_card_at_20_copies(cli, wow_db, tmp_path, legal, pool):
    hero, main, side = legal
    main = dict(list(main.items())[:10])
    main[pool["unlimited_alliance"][0]] = 20
    result, errors = _check(cli, wow_db, tmp_path, _deck(hero, main, side))
    assert errors == [] and result["legal"]


def test_a_horde_card_with_an_alliance_hero(cli, wow_db, tmp_path, legal, pool):
    hero, main, side = legal
    main = dict(list(main.items())[:14])
    main[pool["horde"][0]] = 4
    result, errors = _check(cli, wow_db, tmp_path, _deck(hero, main, side))
    assert errors == ["class-faction"]
    problem = result["problems"][0]
    assert problem["card"] == pool["horde"][0] and "Horde" in problem["message"] and "Alliance" in problem["message"]
