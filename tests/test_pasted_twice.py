"""`common.pasted_twice`'s quick test (the first line found again after its end, by
`partition` and `in`) answers as the plain reading of its rule does: every deck of a batch
asks it, so its gate is string methods, and it must never miss a list pasted twice nor
take one for it that is not. Compared on edge cases, on real decks pasted once and twice,
and on random texts of the characters that end, blank or fill a line."""
from __future__ import annotations

import random
import re

import pytest

from deckcheck.decklists.common import pasted_twice
from real_decks import mtgo_text, read_decks

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def _reference(text: str) -> tuple[int, int, int, int] | None:
    """The rule read plainly: the lines that are not blank (stripped), numbered as an editor
    numbers them (CR LF, CR and LF end a line), are the same list of 3 different lines or
    more twice in a row."""
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    kept = [(number, line.strip()) for number, line in enumerate(lines, 1) if line.strip()]
    half = len(kept) // 2
    if half < 3 or len(kept) % 2 or kept[:half] and [line for _, line in kept[:half]] != [line for _, line in kept[half:]]:
        return None
    if len({line for _, line in kept[:half]}) < 3:
        return None
    return kept[0][0], kept[half - 1][0], kept[half][0], kept[-1][0]


EDGE_CASES = [
    "", "\n", "a", "a\n", "a\na\n", "a\nb\nc\na\nb\nc\n", "a\nb\nc\n\na\nb\nc", "a\rb\rc\ra\rb\rc\r",
    "a\r\nb\r\nc\r\na\r\nb\r\nc\r\n", "  a\n b \nc\t\n\n\u3000a\nb\n c", "\n\n\ta\nb\nc\na\nb\nc",
    "a\nb\nc\nb\na\nc\n", "a\na\na\na\na\na\n", "a\nb\na\nb\na\nb\n", "4 Bolt\n14 Bolt\n", "4 Bolt\r\n4 Bolt\r\n",
    "a\rb\nc\na\rb\nc\n", "a\r\rb\nc\na\nb\n\nc", "a\x0bb\nc\nd\na\x0bb\nc\nd\n", "a\u2028b\nc\nd\na\u2028b\nc\nd",
    "\x1ca\nb\nc\na\nb\nc\x1c", "a b\nc\nd\na  b\nc\nd\n", "a\nb\nc\na\nb\nc\na\n", "\ufeffa\nb\nc\na\nb\nc\n",
    "a\r", "a\r\n", "\r\na\r\n", "a\rab\rb\r", "ab\ra", "x\nab\na", "a\n\rb\nc\na\nb\nc",
]


@pytest.mark.parametrize("text", EDGE_CASES)
def test_edge_cases_answer_as_the_rule_reads(text):
    assert pasted_twice(text) == _reference(text)


def test_real_decks_pasted_once_and_twice(shared_data):
    """Every real deck of the shared data as an MTGO list, as it is and pasted twice (with
    LF, CR LF and CR line ends, and a blank line or none between the copies)."""
    decks = list(read_decks(shared_data))
    assert len(decks) > 1000
    found = 0
    for deck in decks:
        once = mtgo_text(deck)
        for text in (once, once + once, once + "\n" + once):
            for line_end in ("\n", "\r\n", "\r"):
                written = text.replace("\n", line_end)
                answer = pasted_twice(written)
                assert answer == _reference(written), written[:200]
                found += answer is not None
    assert found  # the pasted copies are found


_PIECES = ["a", "b", "c", "ab", "4 Bolt", " ", "\t", "\n", "\n", "\r", "\r\n", "\x0b", "\x1c", "\x85", "\u2028", "\u3000", "\ufeff"]


def test_random_texts_answer_as_the_rule_reads():
    chance = random.Random(31)
    for _ in range(20_000):
        text = "".join(chance.choice(_PIECES) for _ in range(chance.randrange(0, 16)))
        if chance.random() < 0.5:
            text += text if chance.random() < 0.5 else chance.choice(["\n", "\r", "\r\n", " \n"]) + text
        assert pasted_twice(text) == _reference(text), repr(text)
