"""deckcheck/wording.py: how messages list card names and show a text that may hold a control character."""
from __future__ import annotations

import pytest

from deckcheck.wording import escaped, names_listed

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


ESCAPED = [
    ("Lurrus of the Dream-Den", "Lurrus of the Dream-Den"),  # printable: as written
    ("ルーラス", "ルーラス"),
    ("Lurrus\x1b[31mRED\x07", "'Lurrus\\x1b[31mRED\\x07'"),  # a control: quoted, escaped
    ("ルー\x1bラス", "'ルー\\x1bラス'"),  # the letters around it stay readable
    ("a\u202eb", "'a\\u202eb'"),  # a bidi override is no printable character either
]


@pytest.mark.parametrize("text, shown", ESCAPED)
def test_escaped_quotes_only_a_text_holding_an_unprintable_character(text, shown):
    assert escaped(text) == shown


@pytest.mark.parametrize("text, shown", ESCAPED)
def test_a_url_and_a_manifest_path_are_shown_escaped_alike(text, shown):
    """One answer for the messages showing a text a user or a server gave: a URL
    (cards/http.shown_url) as escaped shows it, a manifest's path (batch/manifest_paths.
    shown_path) always quoted, and escaped alike (they used ascii(), which spelt every
    non-ASCII letter of such a text as \\u escapes)."""
    from deckcheck.batch.manifest_paths import shown_path
    from deckcheck.cards.http import shown_url

    assert shown_url(text) == shown
    assert shown_path(text) == repr(text)
