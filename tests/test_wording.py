"""deckcheck/wording.py: how messages list card names."""
from __future__ import annotations

import pytest

from deckcheck.wording import joined_card_names

CASES = [
    ([], ""),
    (["Lightning Bolt"], "Lightning Bolt"),
    (["Kraum, Ludevic's Opus"], "Kraum, Ludevic's Opus"),  # one name reads as it is
    (["Tymna the Weaver", "Thrasios, Triton Hero"], "'Tymna the Weaver', 'Thrasios, Triton Hero'"),
    (["Kraum, Ludevic's Opus", "Tymna the Weaver"], "\"Kraum, Ludevic's Opus\", 'Tymna the Weaver'"),
    (["Opt", "Ponder", "Preordain"], "Opt, Ponder, Preordain"),
]


@pytest.mark.parametrize("names, text", CASES)
def test_joined_card_names_parts_names_by_their_commas_only(names, text):
    assert joined_card_names(names) == text
    assert joined_card_names(iter(names)) == text  # any iterable, read once
