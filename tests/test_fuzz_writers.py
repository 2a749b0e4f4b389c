"""Round trips through every `convert` writer (#14): a deck written in a format and read back
by that format's parser is the same deck, for any card name a card data file holds and any
counts, zones and order.

Names come from the real card data when the shared data is there (every Magic, Yu-Gi-Oh! and
WoW TCG name; skipped with a reason otherwise) and from a bundled list of awkward names that
always runs; counts from 1 to the largest a decklist may hold. `.ydk` and `ydke://` are
checked on passcodes, exactly, order and duplicates kept. Each writer runs QUICK_EXAMPLES
decks in the normal suite and FUZZ_EXAMPLES (10,000) under `pytest -m fuzz`.
"""
from __future__ import annotations

import gzip
import json
from collections import Counter
from functools import lru_cache

import pytest
from fuzzing import FUZZ_EXAMPLES, QUICK_EXAMPLES, run
from hypothesis import strategies as st

from conftest import SHARED_DATA
from deckcheck import decklists
from deckcheck.decklists.common import MAX_COUNT
from deckcheck.model import COMMANDER, COMPANION, EXTRA, MAIN, SIDEBOARD, CardEntry, Deck
from deckcheck.names import display_name

RUNS = [
    pytest.param(QUICK_EXAMPLES, id="quick"),
    pytest.param(FUZZ_EXAMPLES, id="fuzz", marks=pytest.mark.fuzz),
]
# Writers of decks by name and the parser that reads each back (arena is read as text).
BY_NAME = {"text": "text", "arena": "text", "dek": "dek", "cod": "cod", "dck": "dck"}
BY_PASSCODE = ("ydk", "ydke")
# Names that have broken writers or readers before, or could: quotes, XML specials, slashes,
# commas, accents, site decorations that are part of a name.
AWKWARD_NAMES = [
    "Lightning Bolt", "Fire // Ice", "Lim-Dûl's Vault", "Æther Vial", '"Ach! Hans, Run!"', "Hazmat Suit (Used)",
    "Kenrith, the Returned King", "Nazgûl", "Ghazbán Ogre", "Jötun Grunt", "Borrowing 100,000 Arrows",
    "Maliss <P> Dormouse", "Jinzo #7", "GMX Applied Experiment #55", 'Maxx "C"', "D/D/D Flame King Genghis",
    "Danger!? Jackalope?", "Number 39: Utopia", "Evil★Twin Ki-sikil", "A & B <c> 'd' \"e\"", "Who // What // When // Where // Why",
    "Delver of Secrets // Insectile Aberration", "Bonecrusher Giant // Stomp", "X", "Ifh-Bíff Efreet",
]


def _shared_names() -> list[str]:
    names: set[str] = set()
    mtg, ygo, wow = (SHARED_DATA / "mtg" / "cards.jsonl.gz", SHARED_DATA / "ygo" / "cards.jsonl.gz",
                     SHARED_DATA / "wow" / "cards.json.gz")
    for path in (mtg, ygo):
        if path.is_file():
            with gzip.open(path, "rt", encoding="utf-8") as handle:
                names.update(json.loads(line)["name"] for line in handle)
    if wow.is_file():
        with gzip.open(wow, "rt", encoding="utf-8") as handle:
            names.update(card["name"] for card in json.load(handle) if card.get("name"))
    return sorted(names)


@lru_cache(maxsize=1)
def name_pool() -> tuple[str, ...]:
    return tuple(sorted({display_name(name) for name in [*AWKWARD_NAMES, *_shared_names()]} - {""}))


def _deck(draw: st.DrawFn, zones: tuple[str, ...], names: tuple[str, ...]) -> Deck:
    entries = []
    for line in range(1, draw(st.integers(1, 12)) + 1):
        name = names[draw(st.integers(0, len(names) - 1))]  # sampled_from is slow on 50,000 names
        count = draw(st.one_of(st.integers(1, 4), st.integers(1, MAX_COUNT)))
        entries.append(CardEntry(name=name, count=count, zone=draw(st.sampled_from(zones)), line=line))
    return Deck(source="fuzz", entries=entries, name=draw(st.sampled_from(["", "Burn", 'A <"&"> deck', "Ünïcødé"])) or None)


def _totals(deck: Deck) -> Counter:
    totals: Counter = Counter()
    for entry in deck.entries:
        totals[(entry.zone, entry.name)] += entry.count
    return totals


def _expected(deck: Deck, writer: str) -> Counter:
    """What a writer keeps: every zone it holds; a companion also in the sideboard, once."""
    totals = _totals(deck)
    zones = decklists.writer(writer).ZONES
    companions = {name for zone, name in totals if zone == COMPANION}
    sideboard = {name for zone, name in totals if zone == SIDEBOARD}
    for name in companions - sideboard:
        totals[(SIDEBOARD, name)] += totals[(COMPANION, name)]
    if COMPANION not in zones:
        totals = Counter({key: count for key, count in totals.items() if key[0] != COMPANION})
    return totals


def _round_trip(writer: str, parser: str, names: tuple[str, ...]):
    zones = tuple(zone for zone in decklists.writer(writer).ZONES if zone in (MAIN, SIDEBOARD, COMMANDER, COMPANION))

    @st.composite
    def decks(draw: st.DrawFn) -> Deck:
        return _deck(draw, zones, names)

    def check(deck: Deck) -> None:
        written = decklists.write(deck, writer)
        again = decklists.parse_text(written, source=f"deck.{writer}")
        assert again.input_format == parser, written
        assert again.problems == [], (again.problems, written)
        assert _totals(again) == _expected(deck, writer), written

    return decks(), check


@pytest.mark.parametrize("examples", RUNS)
@pytest.mark.parametrize("writer", list(BY_NAME))
def test_writer_round_trip_of_awkward_names(writer, examples):
    strategy, check = _round_trip(writer, BY_NAME[writer], tuple(display_name(name) for name in AWKWARD_NAMES))
    run(strategy, check, examples)


@pytest.mark.parametrize("examples", RUNS)
@pytest.mark.parametrize("writer", list(BY_NAME))
def test_writer_round_trip_of_every_card_name(writer, examples):
    if not _shared_names():
        pytest.skip(f"shared card data not found under {SHARED_DATA} (set DECKCHECK_SHARED_DATA)")
    strategy, check = _round_trip(writer, BY_NAME[writer], name_pool())
    run(strategy, check, examples)


@st.composite
def passcode_decks(draw: st.DrawFn) -> Deck:
    entries = []
    line = 0
    for zone in (MAIN, EXTRA, SIDEBOARD):
        for code in draw(st.lists(st.integers(1, 2**32 - 1), max_size=70)):
            line += 1
            entries.append(CardEntry(name=str(code), count=1, zone=zone, line=line, code=code))
    return Deck(source="fuzz", entries=entries)


def _codes(deck: Deck) -> list[tuple[str, int]]:
    return [(entry.zone, entry.code) for entry in deck.entries for _ in range(entry.count)]


@pytest.mark.parametrize("examples", RUNS)
@pytest.mark.parametrize("writer", BY_PASSCODE)
def test_passcode_writers_round_trip_exactly(writer, examples):
    def check(deck: Deck) -> None:
        written = decklists.write(deck, writer)
        again = decklists.parse_text(written.strip() if writer == "ydke" else written, source=f"deck.{writer}")
        assert again.problems == [], (again.problems, written)
        assert _codes(again) == _codes(deck)
        assert decklists.write(again, writer) == written  # written again: byte for byte

    run(passcode_decks(), check, examples)
