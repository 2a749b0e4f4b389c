"""rules/companion._offenders answers "no card breaks it" first, without the starting deck's
cards: for a condition each card meets on its own (Lurrus, Jegantha, Kaheera, ...) from the
names that met it in decks checked before, and for Yorion's from the zones' counts when
every card is known. Here it must give what the full check (`companions.offenders` of
`_starting_deck`) gives, for each of the ten companions, on the real decks of the shared
data (one catalog for all of them, as a batch has) and on hand-made edge cases (unknown
names, a card on two lines, sizes either side of Yorion's, the command zone, a numbered
entry). Any divergence fails."""
from __future__ import annotations

import datetime as dt

import pytest

from deckcheck.decklists import parse_text
from deckcheck.formats import load
from deckcheck.games.mtg import companions
from deckcheck.model import COMMANDER, MAIN, CardEntry, Deck
from deckcheck.pipeline import card_catalog, named_on
from deckcheck.rules import companion
from deckcheck.rules.context import Context
from real_decks import format_id, mtgo_text, read_decks

DAY = dt.date(2026, 8, 31)


@pytest.fixture
def catalog():
    found = card_catalog(load("mtg/legacy"))
    found.forget_names()  # nothing remembered from another test's decks
    yield found
    found.forget_names()


def _companion_cards(catalog):
    cards = [catalog.get(name) for name in companions.CONDITIONS]
    assert all(card is not None for card in cards)
    return cards


def _differences(deck: Deck, fmt, catalog) -> list[str]:
    named, _ = named_on(catalog, deck, fmt, DAY, "paper")
    ctx = Context(date=DAY, cards=catalog)
    found = []
    for card in _companion_cards(catalog):
        quick = companion._offenders(card, named, fmt, ctx)
        plain = companions.offenders(card, companion._starting_deck(named, fmt, ctx))
        if quick != plain:
            found.append(f"{deck.source} {fmt.id} {card.name}: quick {quick} plain {plain}")
    return found


def test_real_decks_get_the_same_offenders_both_ways(shared_data, catalog):
    differences = []
    for index, deck in enumerate(list(read_decks(shared_data))[::3]):
        fmt = load(format_id(deck))
        differences += _differences(parse_text(mtgo_text(deck), source=f"deck {index}"), fmt, catalog)
        # The same deck again: every name now among those that met a condition, or not.
        differences += _differences(parse_text(mtgo_text(deck), source=f"deck {index} again"), fmt, catalog)
    assert not differences, differences[:5]


LURRUS_DECK = "".join(f"4 {name}\n" for name in (
    "Lurrus of the Dream-Den", "Ragavan, Nimble Pilferer", "Dragon's Rage Channeler", "Lightning Bolt",
    "Mishra's Bauble", "Thoughtseize", "Bloodstained Mire", "Scalding Tarn", "Polluted Delta",
)) + "12 Mountain\n8 Swamp\n"


@pytest.mark.parametrize("text", [
    LURRUS_DECK,
    LURRUS_DECK + "1 Kitchen Finks\n",  # one card breaks Lurrus's (mana value 3)
    LURRUS_DECK + "2 Lightning Bolt\n2 lightning bolt\n",  # a card on three lines
    LURRUS_DECK + "3 Notacard Ofthisworld\n",  # an unknown name
    "80 Island\n",  # Yorion's twenty over sixty
    "79 Island\n",
    "79 Island\n1 Notacard Ofthisworld\n",  # eighty lines, seventy-nine known cards
    "40 Island\n40 Swamp\n",
    "4 Fire // Ice\n4 Delver of Secrets\n4 Brazen Borrower\n68 Island\n",  # split, double-faced, adventure
    "",
])
def test_edge_cases_get_the_same_offenders_both_ways(text, catalog):
    for fmt_id in ("mtg/legacy", "mtg/vintage"):
        fmt = load(fmt_id)
        # Twice: the second time told from the names the first left.
        assert not _differences(parse_text(text), fmt, catalog)
        assert not _differences(parse_text(text), fmt, catalog)


def test_the_command_zone_and_a_numbered_entry_get_the_same_offenders_both_ways(catalog):
    fmt = load("mtg/commander")
    entries = [CardEntry("Kaheera, the Orphanguard", 1, COMMANDER), CardEntry("Island", 99, MAIN)]
    for extra in ([], [CardEntry("Island", 1, COMMANDER)], [CardEntry("Island", 1, MAIN, code=1234)]):
        assert not _differences(Deck("commander deck", entries + extra), fmt, catalog)
        assert not _differences(Deck("commander deck", entries + extra), fmt, catalog)


def test_most_real_companion_decks_are_told_without_their_starting_decks(shared_data, catalog, monkeypatch):
    """The second sight of a deck, or one of the same cards, needs no starting deck: for a
    condition each card meets on its own and for Yorion's."""
    decks = [deck for deck in read_decks(shared_data)
             if any(card["name"] in ("Lurrus of the Dream-Den", "Jegantha, the Wellspring", "Yorion, Sky Nomad")
                    for card in deck["sideboard"])][:40]
    assert len(decks) >= 20
    for deck in decks:
        _differences(parse_text(mtgo_text(deck)), load(format_id(deck)), catalog)
    built = []
    real = companion._starting_deck
    monkeypatch.setattr(companion, "_starting_deck", lambda *args: built.append(1) or real(*args))
    lurrus, jegantha, yorion = (catalog.get(name) for name in (
        "Lurrus of the Dream-Den", "Jegantha, the Wellspring", "Yorion, Sky Nomad"))
    told = 0
    for deck in decks:
        fmt = load(format_id(deck))
        named, _ = named_on(catalog, parse_text(mtgo_text(deck)), fmt, DAY, "paper")
        for card in (lurrus, jegantha, yorion):
            if any(entry.name == card.name for entry in named.entries):
                built.clear()
                if companion._offenders(card, named, fmt, Context(date=DAY, cards=catalog)) == []:
                    told += not built
                    assert not built, (card.name, deck["sideboard"])
    assert told >= 20
