"""Magic Online's draft log (Account, Game History, "Auto save draft logs"): a header
(`Event #:`, `Time:`, `Players:` with the drafter's name marked `--> `, a `------ SET ------`
line each booster), then each pick's pack under `Pack N pick M:`, one card a line, the card
taken marked `--> `, the pack ending at a blank line.

The picks are the drafter's pool, which is what a draft log is given for (`--pool`): each
is one copy in the sideboard, as MTGO's own pool export (`.dek`) files the cards not in a
deck. The cards passed and the players' names are no part of it."""
from __future__ import annotations

import re

from ..model import SIDEBOARD, Deck
from ..lazy_pattern import lazy
from .common import add_entry, parse_error, split_lines, squeeze, too_long

NAME = "draftlog"
# Saved as `.txt`, the extension of every text list: only its content tells it (`sniff`).
EXTENSIONS = ()
BY_CONTENT_ONLY = True
DESCRIPTION = "MTGO draft log (the picks)"
SNIFF_MARK = "-->"  # sniff says no to a file without a pick mark in its head: decklists.choose

_PICK_HEADER = lazy(r"^Pack\s+\d+\s+pick\s+\d+\s*:$", re.IGNORECASE)
_PICKED = "-->"
# Blanks, not `\s`: in MULTILINE, `^\s*` ran from each line start over every blank line after
# it (a head of blank lines was quadratic). `\r?` before the end: Magic Online runs on
# Windows and saves its logs with CRLF line ends, and `$` matches only before the `\n`.
_SNIFF_HEADER = lazy(r"^[ \t]*Pack[ \t]+\d+[ \t]+pick[ \t]+\d+[ \t]*:[ \t]*\r?$", re.IGNORECASE | re.MULTILINE)
_SNIFF_PICK = lazy(r"^[ \t]*-->[ \t]*\S", re.MULTILINE)


def sniff(text: str) -> bool:
    """A `Pack N pick M:` line and a `--> ` line in the head: no decklist writes either."""
    head = text[:4000]
    if SNIFF_MARK not in head:
        return False  # what decklists.choose asks first; a caller that sniffs directly pays no search
    return _SNIFF_HEADER.search(head) is not None and _SNIFF_PICK.search(head) is not None


def parse(text: str, source: str = "<draftlog>") -> Deck:
    deck = Deck(source=source, input_format=NAME)
    in_pack = False  # between a `Pack N pick M:` line and the blank line that ends its pack
    for number, raw in enumerate(split_lines(text), start=1):
        line = raw.strip()
        if not line:
            in_pack = False
            continue
        long_line = too_long(line, number, SIDEBOARD)
        if long_line:
            deck.problems.append(long_line)
            continue
        line = squeeze(line)
        if _PICK_HEADER.match(line):
            in_pack = True
        elif in_pack and line.startswith(_PICKED):
            name = line[len(_PICKED):].strip()
            if name:
                add_entry(deck, "1", name, zone=SIDEBOARD, line=number, raw=line)
            else:
                deck.problems.append(parse_error("a pick mark with no card after it", line=number, text=line))
        # Anything else is the header (the event, the time, the players, the boosters' sets)
        # or a card of a pack that was passed: none of it is the drafter's.
    return deck
