"""cards/resolve.never_heard_of: which `unknown-card` problems may be of a card newer than
the card data. A passcode's is told by the mark its catalog sets where it words the
message, not by the message's wording; the mark is never reported."""
from __future__ import annotations

from deckcheck.cards.resolve import never_heard_of, unknown_card, unknown_passcode_message
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
