"""cards/resolve.never_heard_of: which `unknown-card` problems may be of a card newer than
the card data. A passcode's and a name's are told by the mark their catalog sets where it
words the message, not by the message's wording (a name's letters were looked at again
there: seconds for a pasted text of long names in kanji); the mark is never reported."""
from __future__ import annotations

import pytest

from deckcheck.cards.builtin import builtin_path
from deckcheck.cards.resolve import never_heard_of, resolve_by_name, unknown_card, unknown_passcode_message
from deckcheck.decklists import parse_text
from deckcheck.games.mtg.catalog import MtgCatalog
from deckcheck.model import MAIN, CardEntry

ENTRY = CardEntry("99999999", 1, MAIN, 1, code=99999999)


def test_a_marked_passcode_problem_is_never_heard_of_and_the_mark_is_not_reported():
    problem = unknown_card(ENTRY, unknown_passcode_message(99999999), details={"code": 99999999}, unexplained=True)
    assert never_heard_of(problem)
    assert "unexplained" not in problem.to_dict()
    assert problem == unknown_card(ENTRY, unknown_passcode_message(99999999), details={"code": 99999999})


def test_an_unmarked_passcode_problem_is_not_whatever_its_wording():
    # A Rush Duel id's message, or one worded like an unexplained one but not marked.
    assert not never_heard_of(unknown_card(ENTRY, unknown_passcode_message(99999999), details={"code": 99999999}))
    rush = unknown_passcode_message(160001017, "it looks like a Rush Duel card")
    assert not never_heard_of(unknown_card(ENTRY, rush, details={"code": 160001017}))


def test_a_copy_with_another_message_starts_unmarked():
    problem = unknown_card(ENTRY, unknown_passcode_message(99999999), details={"code": 99999999}, unexplained=True)
    assert not never_heard_of(problem.replace(message="something else"))


@pytest.mark.parametrize(("text", "marked"), [
    ("4 Totally New Card\n", True),
    ("4 Молния\n", False),  # a player's own language, the message says
    ("1 Brisela, Voice of Nightmares\n", False),  # a melded back face, the message says
])
def test_a_magic_name_is_marked_where_its_message_is_worded(text, marked):
    catalog = MtgCatalog(builtin_path(), builtin=True)
    _, problems = resolve_by_name(parse_text(text), catalog, explain=catalog.not_a_card)
    assert [never_heard_of(problem) for problem in problems] == [marked]
