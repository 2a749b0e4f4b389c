"""Real decks with one card swapped for a banned card, a card outside the format's pool,
or a misspelling: with the card database each copy must come out illegal for exactly that
reason, through the library and through the installed CLI."""
from __future__ import annotations

import datetime as dt
import json
import random

import pytest

from deckcheck import load_format, validate
from deckcheck.games.mtg.catalog import MtgCatalog
from real_decks import format_id, mtgo_text, read_decks

# A card outside each format's pool (checked by the printings: the card file has no legalities).
OUTSIDE = {
    "Standard": "Lightning Bolt",      # last Standard printing: Magic 2011
    "Pioneer": "Brainstorm",           # never printed in a Pioneer set
    "Modern": "Brainstorm",            # only in pre-Modern sets and Mystical Archive
    "Legacy": "Ach! Hans, Run!",       # Unhinged
    "Vintage": "Ach! Hans, Run!",
    "Pauper": "Tarmogoyf",             # never printed at common
}
PER_FORMAT = 4


def _swap(deck: dict, index: int, name: str) -> dict:
    """One copy of the card at `index` becomes `name`; its other copies become Swamps."""
    main = [dict(card) for card in deck["mainboard"]]
    others = main[index]["count"] - 1
    main[index] = {"count": 1, "name": name}
    if others:
        main.append({"count": others, "name": "Swamp"})
    return {**deck, "mainboard": main}


def _misspell(name: str) -> str:
    first_word = name.split()[0]
    i = max(1, len(first_word) // 2)
    return name[:i] + name[i + 1] + name[i] + name[i + 2:] if len(first_word) > 3 else name + "s"


@pytest.fixture(scope="module")
def samples(request):
    """A few MTGO decks per format that are legal with card data, and a card to swap out."""
    shared = request.getfixturevalue("shared_data")
    catalog = MtgCatalog(request.getfixturevalue("shared_cards_db"))
    rng = random.Random(7)
    by_format: dict[str, list[dict]] = {}
    for deck in read_decks(shared):
        if deck["event"]["source"] == "MTGO":
            by_format.setdefault(deck["format"], []).append(deck)
    chosen = []
    for fmt_name, decks in sorted(by_format.items()):
        fmt = load_format(format_id(decks[0]))
        for deck in rng.sample(decks, 40):
            result = validate(mtgo_text(deck), fmt, deck["date"], cards=catalog, offline=True)
            if not result.legal:
                continue
            # Swap a nonland card the database knows, whose name misspelled is no other card.
            for index, card in enumerate(deck["mainboard"]):
                record = catalog.get(card["name"])
                if record and "Land" not in record.types and catalog.get(_misspell(card["name"])) is None:
                    chosen.append((deck, index, fmt))
                    break
            if sum(1 for d, _, _ in chosen if d["format"] == fmt_name) == PER_FORMAT:
                break
    return catalog, chosen


def test_swaps_through_the_library(samples):
    catalog, chosen = samples
    assert len(chosen) == PER_FORMAT * len(OUTSIDE)
    for deck, index, fmt in chosen:
        day = deck["date"]
        banned = sorted(entry.card for entry in fmt.banned_on(dt.date.fromisoformat(day)).values())
        swaps = {
            "banned": next(name for name in banned if catalog.get(name) is not None),
            "not-in-pool": OUTSIDE[deck["format"]],
            "unknown-card": _misspell(deck["mainboard"][index]["name"]),
        }
        for rule, name in swaps.items():
            result = validate(mtgo_text(_swap(deck, index, name)), fmt, day, cards=catalog, offline=True)
            rules = {p.rule for p in result.problems if p.is_error}
            assert rules == {rule}, (deck["deck_id"], name, [p.message for p in result.problems])
            if rule == "unknown-card":
                (problem,) = [p for p in result.problems if p.rule == rule]
                assert deck["mainboard"][index]["name"] in problem.details["suggestions"]


def test_swaps_through_the_cli(samples, cli, tmp_path, shared_cards_db):
    catalog, chosen = samples
    deck, index, _ = chosen[0]
    files = {
        "legal.txt": deck,
        "pool.txt": _swap(deck, index, OUTSIDE[deck["format"]]),
        "typo.txt": _swap(deck, index, _misspell(deck["mainboard"][index]["name"])),
    }
    paths = []
    for name, content in files.items():
        (tmp_path / name).write_text(mtgo_text(content), encoding="utf-8")
        paths.append(str(tmp_path / name))
    done = cli("validate", *paths, "-f", format_id(deck), "--date", deck["date"], "-o", "json",
               "--cards-db", str(shared_cards_db), "--offline")
    assert done.returncode == 1, done.stderr
    results = json.loads(done.stdout)["results"]
    assert [r["legal"] for r in results] == [True, False, False]
    assert [sorted({p["rule"] for p in r["problems"] if p["severity"] == "error"}) for r in results] == [
        [], ["not-in-pool"], ["unknown-card"]
    ]
