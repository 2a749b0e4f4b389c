"""The plain-list fast path of the text parser must give exactly what the general path gives.

Most files of a batch are MTGO exports (`4 Name` lines and one blank line), which
`text._parse_plain` reads without classifying each line; every deck text the tests and
the shared data hold is parsed both ways and compared.
"""
from __future__ import annotations

import gzip
import json
import re

import pytest

import caseload
from deckcheck.decklists import text
from deckcheck.model import Deck
from real_decks import mtgo_text, read_decks

NEVER = re.compile(r"(?!)")


def _both_ways(source: str, monkeypatch) -> tuple[list, list]:
    fast = text.parse(source)
    with monkeypatch.context() as patch:
        patch.setattr(text, "_PLAIN_LIST", NEVER)
        slow = text.parse(source)
    shape = lambda deck: ([(e.name, e.count, e.zone, e.line) for e in deck.entries], [p.to_dict() for p in deck.problems])
    return shape(fast), shape(slow)


EDGE_CASES = [
    "4 Lightning Bolt\n56 Mountain\n",
    "4 Lightning Bolt\n56 Mountain\n\n15 Island",
    "\n\n4 Lightning Bolt\n\n\n56 Mountain\n\n\n2 Abrade\n\n",
    "4  Lightning Bolt  \n2 Fire/Ice\n1 Fire///Ice\n",
    "1 Lim-Dûl's Vault\n1 Æther Vial\n",
    "4 Lightning Bolt\r\n56 Mountain\r\n",
    "4 x Lightning Bolt\n",
    "4 Name\x0bwith vertical tab\n",
    "",
    "\n",
    "9999 Island\n10000 Island\n",
    "4 " + "A" * 1500 + "\n56 Mountain\n",  # over the line limit: a parse-error either way
    "4" + " " * 20 + "Island\n",
    # Headers: main deck and sideboard ones are read by the fast path, others by the general one.
    "4 Lightning Bolt\n56 Mountain\n\nSideboard\n15 Island\n",
    "Deck\n4 Lightning Bolt\n56 Mountain\n\nSideboard\n15 Island\n",
    "4 Lightning Bolt\n\n56 Mountain\nSideboard:\n2 Abrade\n\n1 Pyroblast\n",
    "Sideboard (15)\n15 Island\nMain\n60 Mountain",
    "SIDEBOARD\n\n\n15 Island\n",
    "4 Lightning Bolt\nCreatures (20)\n20 Goblin Guide\n\n2 Abrade\n",
    "4 Lightning Bolt\nCommander\n1 Krenko, Mob Boss\n",
    "4 Lightning Bolt\nLightning Bolt x4\n\n1 Abrade\n",
    "About\nName Burn\n\nDeck\n4 Lightning Bolt\n",
    "SB: 2 Abrade\n4 Lightning Bolt\n\n1 Pyroblast\n",
    "Side 2\n4 Lightning Bolt\n",
    "Hero: Thrall\n4 Bolt\n",
    "Companion: Lurrus of the Dream-Den\n4 Bolt\n",
    # Windows line ends (a lone CR is not one: the general path).
    "4 Lightning Bolt\r\n\r\nSideboard\r\n2 Abrade\r\n",
    "4 Lightning Bolt\r\n56 Mountain\r\n\r\n15 Island\r\n",
    "4 Lightning Bolt\r56 Mountain\r\n",
]


@pytest.mark.parametrize("source", EDGE_CASES)
def test_edge_cases_agree(source, monkeypatch):
    fast, slow = _both_ways(source, monkeypatch)
    assert fast == slow


FAST = [
    "4 Lightning Bolt\n56 Mountain\n\n15 Island",
    "4 Lightning Bolt\n56 Mountain\n\nSideboard\n15 Island\n",
    "Deck\n4 Lightning Bolt\n56 Mountain\n\nSideboard\n15 Island\n",
    "4 Lightning Bolt\r\n\r\nSideboard\r\n2 Abrade\r\n",
]
GENERAL = [
    "4 Lightning Bolt\nCommander\n1 Krenko, Mob Boss\n",
    "About\nName Burn\n\nDeck\n4 Lightning Bolt\n",
    "4 x Lightning Bolt\n",
]


@pytest.mark.parametrize("source, fast", [(source, True) for source in FAST] + [(source, False) for source in GENERAL])
def test_which_lists_the_fast_path_reads(source, fast, monkeypatch):
    # The agreement above holds whichever path reads a list: this says which one did.
    taken = []
    real = text._parse_plain

    def spy(content, deck):
        taken.append(real(content, deck))
        return taken[-1]

    monkeypatch.setattr(text, "_parse_plain", spy)
    text.parse(source)
    assert any(taken) is fast


def test_case_decks_agree(monkeypatch):
    decks = [case["deck"] for folder in ("rules", "decklists") for _, case in caseload.all_cases(folder, kind="deck")]
    assert len(decks) > 50
    for source in decks:
        fast, slow = _both_ways(source, monkeypatch)
        assert fast == slow, source


def test_real_decks_agree(shared_data, monkeypatch):
    sources = [mtgo_text(deck) for deck in list(read_decks(shared_data))[::5]]
    with gzip.open(shared_data / "mtg" / "decklists" / "historical_dec.jsonl.gz", "rt", encoding="utf-8") as handle:
        sources += [json.loads(line)["text"] for line in handle]
    plain = sum(bool(text._PLAIN_LIST.match(source)) for source in sources)
    assert plain > len(sources) // 2  # the fast path is really taken
    for source in sources:
        fast, slow = _both_ways(source, monkeypatch)
        assert fast == slow, source[:200]


def test_sideboard_header_lists_take_the_fast_path(shared_data, monkeypatch):
    """MTGO and Arena exports with a `Sideboard` (and `Deck`) header, and Windows line
    ends, are read by the fast path, to the general path's result."""
    decks = list(read_decks(shared_data))[::25]
    sources = [mtgo_text(deck).replace("\n\n", "\n\nSideboard\n") for deck in decks]
    sources += ["Deck\n" + source.replace("\n", "\r\n") for source in sources]
    for source in sources:
        plain_text = source.replace("\r\n", "\n")
        assert text._PLAIN_LIST.match(plain_text), source[:200]
        assert text._parse_plain(plain_text, Deck(source="<text>")), source[:200]
        fast, slow = _both_ways(source, monkeypatch)
        assert fast == slow, source[:200]
        assert ("Sideboard" in source) == any(entry[2] == "sideboard" for entry in fast[0])


@pytest.mark.parametrize("line", ["", "Sideboard", "1 Island"])
def test_the_fast_path_check_takes_memory_of_a_few_lines_whatever_the_list_holds(line):
    """The check that a whole list is plain was one regular expression over all of it, and
    Python's re keeps a backtracking point per line it repeats over: 4 MiB of blank lines
    pasted into a deck site took 814 MB in that one match (200 bytes a line). It is matched
    a slice of whole lines at a time now; the answer is the same (the cases above)."""
    import tracemalloc

    source = (line + "\n") * 100_000
    tracemalloc.start()
    try:
        assert text._plain_list(source) is True
        assert text._plain_list(source + "4 x Lightning Bolt\n") is False
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4_000_000, f"{peak:,} bytes"
