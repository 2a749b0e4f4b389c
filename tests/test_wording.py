"""deckcheck/wording.py: how messages list card names."""
from __future__ import annotations

import pytest

from deckcheck.wording import names_listed

CASES = [
    ([], ""),
    (["Lightning Bolt"], "Lightning Bolt"),
    (["Kraum, Ludevic's Opus"], "Kraum, Ludevic's Opus"),  # one name reads as it is
    (["Tymna the Weaver", "Thrasios, Triton Hero"], "'Tymna the Weaver', 'Thrasios, Triton Hero'"),
    (["Kraum, Ludevic's Opus", "Tymna the Weaver"], "\"Kraum, Ludevic's Opus\", 'Tymna the Weaver'"),
    (["Opt", "Ponder", "Preordain"], "Opt, Ponder, Preordain"),
]


@pytest.mark.parametrize("names, text", CASES)
def test_names_listed_parts_names_by_their_commas_only(names, text):
    assert names_listed(names) == text
    assert names_listed(iter(names)) == text  # any iterable, read once
