"""The plain-list fast path of the text parser must give exactly what the general path gives.

Most files of a batch are MTGO exports (`4 Name` lines and one blank line), which
`text._parse_plain` reads without classifying each line; every deck text the tests and
the shared data hold is parsed both ways and compared.
"""
from __future__ import annotations

import gzip
import json

import pytest

import caseload
from deckcheck.decklists import text
from deckcheck.model import Deck
from real_decks import mtgo_text, read_decks


def _shape(deck: Deck) -> tuple:
    """Everything a parse gives: entries (every field), problems, and the deck's own fields."""
    guess = deck.guessed_sideboard
    return (
        [entry._key() for entry in deck.entries], [problem.to_dict() for problem in deck.problems],
        deck.name, deck.input_format, None if guess is None else (sorted(guess.lines), guess.cards, guess.groups),
        deck.headed,
    )


def _both_ways(source: str, monkeypatch) -> tuple[tuple, tuple]:
    fast = text.parse(source)
    with monkeypatch.context() as patch:
        patch.setattr(text, "_parse_plain", lambda content, deck: False)  # the general path only
        slow = text.parse(source)
    return _shape(fast), _shape(slow)


def _fast_path_reads(source: str) -> bool:
    """Whether the fast path reads `source` (as `text.parse` gives it: Windows line ends
    made plain ones), leaving the deck to the general path when it does not."""
    deck = Deck(source="<text>")
    read = text._parse_plain(source.replace("\r\n", "\n"), deck)
    assert read or not deck.entries
    return read


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
    plain = sum(_fast_path_reads(source) for source in sources)
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
        assert _fast_path_reads(source), source[:200]
        fast, slow = _both_ways(source, monkeypatch)
        assert fast == slow, source[:200]
        assert ("Sideboard" in source) == any(entry[2] == "sideboard" for entry in fast[0])


@pytest.mark.parametrize("line", ["", "Sideboard", "1 Island"])
def test_the_fast_path_check_takes_memory_of_a_few_lines_whatever_the_list_holds(line):
    """The check that a whole list is plain was one regular expression over all of it, and
    Python's re keeps a backtracking point per line it repeats over: 4 MiB of blank lines
    pasted into a deck site took 814 MB in that one match (200 bytes a line). A text too
    long for a decklist is still checked whole first (`_plain_list`), a slice of whole
    lines at a time now; the answer is the same (the cases above)."""
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


@pytest.mark.parametrize("line", ["", "Sideboard", "1 Island"])
def test_the_fast_path_reading_takes_memory_of_the_lines_whatever_the_list_holds(line):
    """A list's lines are read one by one (each once a run: `_plain_card`): what that
    holds is the lines (a string and a pointer each) and one reading per line, whether the
    list is plain or not."""
    import tracemalloc

    lines = 6_000  # under _PLAIN_CHECKED_CHARS: read line by line, not checked whole first
    source = (line + "\n") * lines
    assert len(source) <= text._PLAIN_CHECKED_CHARS
    text._plain_card.cache_clear()
    for plain in (False, True):
        tracemalloc.start()
        try:
            assert text._parse_plain(source + ("" if plain else "4 x Lightning Bolt\n"), Deck(source="<text>")) is plain
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        entries = 150 * lines if plain and line[:1].isdigit() else 0  # (a list of cards also holds its entries)
        assert peak < 100 * lines + entries, f"{peak:,} bytes"


# Lines that sit at the edge of what the fast path reads: headers it reads and ones it
# leaves to the general path, counts and names just inside and outside its pattern,
# decorations, characters that end a line for one reader and not another.
TRICKY_LINES = [
    "Sideboard", "Deck", "Main", "SIDEBOARD", "side", "Sideboard (15):", "Sideboard 15", "Deck:", "Commander", "Companion",
    "Creatures (20)", "About", "Name Burn", "Maybeboard", "Tokens", "Signature Spell", "Hero: Thrall", "NAME:Burn",
    "[DECK]", "[Sideboard]", "# comment", "// Sideboard", "SB: 1 Abrade", "Lightning Bolt x4", "4x Lightning Bolt",
    "4 x Lightning Bolt", "4 X Island", "4× Bolt", "4 ×Island", "4 x", "Island", "x", "4", "4 ", " ", "\t", "\r", "Deck\r",
    "1 0 obj", "1 0 obj x", "0 Island", "00 Island", "+4 Island", "-1 Island", "9999 Island", "10000 Island", "12345 Island",
    "\u0663 Island", "4" + " " * 8 + "Island", "4" + " " * 9 + "Island", "4\tIsland", "4  Island  ", "4 Island\t",
    "4 Island\x0b", "4 Island\x85", "4 Island\u2028x", "4 Island\r", "4\u00a0Island", "4 Is\u200bland", "4 island",
    "4 Island (M10) 146", "4 Island *F*", "4 (Island)", "4 [M10] Island", "4 Island [Commander]", "4 Island ^tag^",
    "4 Island # !Commander", "4 #5", "4 Jinzo #7", "4 Maliss <P> Dormouse", "4 Fire/Ice", "4 Fire // Ice", "4 Fire///Ice",
    "1 D/D Swirl Slime", "4 Lim-Dûl's Vault", "4 Æther Vial", "4 " + "A" * 899, "4 " + "A" * 900, "4 " + "A" * 1100,
    "A" * 64, "A" * 65, "1 " + "B" * 120,
]


def _mutated(source: str, rng) -> str:
    """`source` with one to three lines inserted, doubled blank, cut or changed, and maybe
    its line ends or its start and end changed."""
    lines = source.split("\n")
    for _ in range(rng.randint(1, 3)):
        roll, at = rng.random(), rng.randint(0, len(lines))
        if roll < 0.45:
            lines.insert(at, rng.choice(TRICKY_LINES))
        elif roll < 0.6:
            lines.insert(at, "")
        elif roll < 0.7:
            lines[at:at] = ["", ""]
        elif roll < 0.8 and lines:
            del lines[min(at, len(lines) - 1)]
        elif roll < 0.9 and lines:
            at = min(at, len(lines) - 1)
            lines[at] += rng.choice([" ", "\t", "\r", "  x", "/", " // X", "\u00a0"])
        else:
            lines = lines[:at]
    mutated = "\n".join(lines)
    roll = rng.random()
    if roll < 0.1:
        mutated = mutated.replace("\n", "\r\n")
    elif roll < 0.2:
        mutated = "\n\n" + mutated + "\n\n"
    elif roll < 0.3:
        mutated = mutated.rstrip("\n")
    return mutated


def test_mutated_real_decks_agree(shared_data, monkeypatch):
    """Real lists with a line or three at the edge of the fast path's shapes read the same
    both ways: whichever path reads each (both are taken often), the result is one."""
    import random

    rng = random.Random(15)
    decks = list(read_decks(shared_data))
    sources = [_mutated(mtgo_text(rng.choice(decks)), rng) for _ in range(600)]
    sources += [mtgo_text(rng.choice(decks)).replace("\n\n", "\n\n" + rng.choice(TRICKY_LINES) + "\n") for _ in range(100)]
    read_fast = sum(_fast_path_reads(source) for source in sources)
    assert len(sources) // 5 < read_fast < len(sources) * 4 // 5
    for source in sources:
        fast, slow = _both_ways(source, monkeypatch)
        assert fast == slow, source[:300]


@pytest.mark.parametrize("line", TRICKY_LINES)
def test_each_tricky_line_agrees(line, monkeypatch):
    for source in (line, f"4 Island\n{line}\n\n2 Abrade\n", f"Deck\n4 Island\n{line}\nSideboard\n2 Abrade", f"{line}\n\n1 Island"):
        fast, slow = _both_ways(source, monkeypatch)
        assert fast == slow, source


def test_hostile_inputs_agree(monkeypatch):
    """The fuzz tests' hostile seeds, long lists (checked whole before their lines are
    read: _PLAIN_CHECKED_CHARS), lists just under and over that length, as text."""
    from fuzzing import HOSTILE_SEEDS

    sources = [seed.decode("utf-8", errors="replace") for seed in HOSTILE_SEEDS]
    sources += ["\n" * 100_000, "1 Island\n" * 20_000, "Sideboard\n" * 20_000 + "1 Island", "\n\n".join(["1 Island"] * 5000)]
    sources += ["".join(chr(code) for code in range(32, 0x300)), "1 " + "".join(chr(code) for code in range(32, 0x300))]
    edge = text._PLAIN_CHECKED_CHARS
    for tail in ("", "\n", "\n4 x Lightning Bolt", "\nSideboard\n1 Island", "\n\n1 Island", "\nCommander\n1 Island"):
        for size in (edge - 20, edge - 1, edge, edge + 1, edge + 30):
            body = ("1 Island\n" * (size // 9 + 1))[: size - len(tail)]
            sources.append(body + tail)
    for source in sources:
        fast, slow = _both_ways(source, monkeypatch)
        assert fast == slow, source[:300]


def test_a_card_line_is_read_to_the_names_display_name_gives():
    """`_plain_card` leaves a name whole when display_name would (printable, single
    spaces, no slash): every other name, with any space or slash, goes through it."""
    import random

    from deckcheck.names import display_name

    rng = random.Random(13)
    pieces = [" ", "  ", "/", "//", "a", "B", "\t", "\u00a0", "\u2000", "\u3000", "\x85", "\u200b", "é", "-", "'", "\x1c",
              "\x01", "D/D", "K9-X", "Fire", "Ice", "\ufffd"]
    for _ in range(20_000):
        name = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 6)))
        line = f"{rng.randint(1, 9999)}{' ' * rng.randint(1, 8)}{name}"
        card = text._PLAIN_CARD.fullmatch(line)
        expected = None if card is None or text._PLAIN_PDF_NAME.fullmatch(card[2]) else (display_name(card[2]), int(card[1]))
        assert text._plain_card(line) == expected, repr(line)


def test_the_line_cache_keeps_no_line_longer_than_a_plain_line():
    """A list with a line too long to be a card or a header is no plain list, and such a
    line is never kept (16,384 lines of 60,000 characters would be a gigabyte)."""
    longest = "4" * 4 + " " * 8 + "A" * 901
    assert len(longest) == text._PLAIN_LINE_CHARS
    assert text._PLAIN_CARD.fullmatch(longest) and not text._PLAIN_CARD.fullmatch(longest + "A")
    text._plain_card.cache_clear()
    for size in (text._PLAIN_LINE_CHARS + 1, 60_000):
        assert text._parse_plain("4 Island\n" + "4 " + "A" * (size - 2) + "\n", Deck(source="<text>")) is False
    assert text._plain_card.cache_info().currsize == 1  # `4 Island` alone
    assert text._parse_plain(longest + "\n", Deck(source="<text>")) is True


def _card_lines(sources: list[str]) -> set[str]:
    return {line.strip() for source in sources for line in source.replace("\r\n", "\n").split("\n") if line.strip()[:1].isdigit()}


def _assert_plain_card_reads_as_card_line(lines: set[str]) -> int:
    """Both paths read a `4 Name` line with `_plain_card`; each line it reads gives the
    entry the general path's own reader, `_card_line`, makes of it. How many it read."""
    read = 0
    for line in lines:
        if len(line) > text._PLAIN_LINE_CHARS or (card := text._plain_card(line)) is None:
            continue
        entry = text._card_line(line, zone="main", number=1)
        assert (entry.name, entry.count) == card, line
        read += 1
    return read


def test_plain_card_reads_tricky_and_case_lines_as_card_line():
    decks = [case["deck"] for folder in ("rules", "decklists") for _, case in caseload.all_cases(folder, kind="deck")]
    assert _assert_plain_card_reads_as_card_line(_card_lines(TRICKY_LINES + EDGE_CASES + decks)) > 100


def test_plain_card_reads_real_lines_as_card_line(shared_data):
    sources = [mtgo_text(deck) for deck in read_decks(shared_data)]
    with gzip.open(shared_data / "mtg" / "decklists" / "historical_dec.jsonl.gz", "rt", encoding="utf-8") as handle:
        sources += [json.loads(line)["text"] for line in handle]
    assert _assert_plain_card_reads_as_card_line(_card_lines(sources)) > 1000


def _noted_counts_hold(source: str) -> bool:
    """Whether the zone counts the fast path noted on `source`'s deck (Deck.note_zone_counts)
    are the deck's own, its cards per zone and the zones it uses; False when it noted none."""
    deck = text.parse(source)
    noted = deck.zone_counts_noted()
    if noted is None:
        return False
    counts, zones = noted
    assert counts == deck.counts() and list(counts) == list(deck.counts()), source[:200]
    assert zones == {entry.zone for entry in deck.entries}, source[:200]
    return True


def test_the_zone_counts_the_fast_path_notes_are_the_decks_own(shared_data):
    # What the rules' Context takes instead of counting the entries (rules/context.py):
    # every list the fast path reads, with or without `Deck`/`Sideboard` headers.
    sources = [*EDGE_CASES, *FAST, *(case["deck"] for folder in ("rules", "decklists")
                                     for _, case in caseload.all_cases(folder, kind="deck"))]
    real = [mtgo_text(deck) for deck in list(read_decks(shared_data))[::5]]
    sources += real + [source.replace("\n\n", "\n\nSideboard\n", 1) for source in real]
    noted = sum(_noted_counts_hold(source) for source in sources)
    assert noted > len(sources) // 2  # really noted, for most lists
    for source in ("4 Lightning Bolt\n56 Mountain\n", "4 Bolt\n56 Mountain\n\n15 Island\n", "Deck\n4 Bolt\n\nSideboard\n2 Abrade\n",
                   "Sideboard\n2 Abrade\n", "Deck\n4 Bolt\nSideboard\n", "Sideboard\n2 Abrade\nDeck\n4 Bolt\n"):
        assert _noted_counts_hold(source), source
