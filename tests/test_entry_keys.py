"""A card entry's key read from model's own dict of names (model._KEYS) must be the key
names.card_key gives, however the dict was filled, and the dict stays within its bound."""
from __future__ import annotations

import pytest

from deckcheck import model
from deckcheck.model import MAIN, SIDEBOARD, CardEntry, copy_totals, tally
from deckcheck.names import card_key, fold
from real_decks import read_decks

EDGE_NAMES = [
    "Lightning Bolt", "lightning bolt", "  Lightning   Bolt ", "Fire/Ice", "Fire // Ice", "Fire///Ice", "Lim-Dûl's Vault",
    "Lim-Dul's Vault", "Æther Vial", "Aether Vial", "_____ Goblin", "________ Goblin", "D/D/D Flame King Genghis",
    "", " ", "//", " // ", "Zero\u200bWidth", "Delver of Secrets // Insectile Aberration", "ÆTHER VIAL",
]


def _plain_totals(entries: list[CardEntry]) -> dict[str, int]:
    totals: dict[str, int] = {}
    for entry in entries:
        key = card_key(entry.name) if entry.code is None else fold(entry.name)
        totals[key] = totals.get(key, 0) + entry.count
    return totals


def _entries(names: list[str]) -> list[CardEntry]:
    return [CardEntry(name, index % 5 + 1, (MAIN, SIDEBOARD)[index % 2], index + 1) for index, name in enumerate(names)]


def _check(names: list[str]) -> None:
    entries = _entries(names) + [CardEntry(name, 2, MAIN, 1, code=7) for name in names[:20]]
    for entry in entries:
        assert entry.key == (card_key(entry.name) if entry.code is None else fold(entry.name)), entry.name
    assert list(copy_totals(entries).items()) == list(_plain_totals(entries).items())
    assert {key: card.total for key, card in tally(entries).items()} == _plain_totals(entries)


def test_keys_and_totals_of_edge_names_are_card_keys():
    _check(EDGE_NAMES)
    _check(EDGE_NAMES)  # the second time from the dict


def test_keys_and_totals_of_real_names_are_card_keys(shared_data):
    names = sorted({card["name"] for deck in read_decks(shared_data) for card in deck["mainboard"] + deck["sideboard"]})
    assert len(names) > 1000
    _check(names)
    _check(names)


@pytest.mark.parametrize("kept", [1, 3, 50])
def test_the_dict_of_keys_stays_within_its_bound_and_keeps_answering_right(kept, monkeypatch):
    monkeypatch.setattr(model, "_KEYS", {})
    monkeypatch.setattr(model, "_KEYS_KEPT", kept)
    names = [f"Card {number}" for number in range(200)] + EDGE_NAMES
    for _ in range(2):
        for name in names:
            assert CardEntry(name, 1).key == card_key(name)
            assert len(model._KEYS) <= kept
    _check(names)
    assert len(model._KEYS) <= kept
