"""Magic Online's draft log (Account, Game History, "Auto save draft logs"): a header
(`Event #:`, `Time:`, `Players:` with the drafter's name marked `--> `, a `------ SET ------`
line each booster), then each pick's pack under `Pack N pick M:`, one card a line, the card
taken marked `--> `, the pack ending at a blank line.

The picks are the drafter's pool, which is what a draft log is given for (`--pool`): each
is one copy in the sideboard, as MTGO's own pool export (`.dek`) files the cards not in a
deck. The cards passed and the players' names are no part of it. Read as a deck (`validate
draft.txt`, a manifest's deck column) it was a main deck of 0 cards with no word of what it
is: an `info` note says it is a pool, which a pool read from it leaves out (DeckOnly). The
player the header marks `-->` is the deck's `drafter`: a batch row registering the log as
another player's pool is warned of.

A log can miss picks: a client that lost its connection during the draft saves no pick, or
a pick's pack with no card marked, for the time it was away. Those cards are not in the
pool the log gives, so one warning names the picks it lacks (a `Pack N pick M:` with no
`-->` line, a pick number skipped within a pack, a pack that does not start at pick 1, a
pack that ends short, a pack missing whole): a deck built with them is told "the pool holds
none", and the organiser is told why. A pack holds as many picks as pack 1 pick 1 lists
cards (Magic Online's boosters hold 14 or 15); the draft as many packs as its header lists
boosters (`------ SET ------`), else as the log's last pack says."""
from __future__ import annotations

import re

from ..model import SIDEBOARD, Deck
from ..problem import INFO, PARSE_ERROR, WARNING, Problem
from ..lazy_pattern import lazy
from ..limits import MAX_HOLDERS_LISTED
from ..wording import named_few
from .common import DeckOnly, add_entry, parse_error, split_lines, squeeze, too_long

NAME = "draftlog"
# Saved as `.txt`, the extension of every text list: only its content tells it (`sniff`).
EXTENSIONS = ()
BY_CONTENT_ONLY = True
DESCRIPTION = "MTGO draft log (the picks)"
SNIFF_MARK = "-->"  # sniff says no to a file without a pick mark in its head: decklists.choose

# Numbers of any length: a line is at most MAX_LINE_CHARS (too_long, before this), and the
# picks a huge number skips are counted, not walked (_Gaps). A number cut at nine digits
# left a longer one's line no header, and the card its pack marked out of the pool unsaid.
_PICK_HEADER = lazy(r"^Pack\s+(?P<pack>\d+)\s+pick\s+(?P<pick>\d+)\s*:$", re.IGNORECASE)
_PICKED = "-->"
# A booster of the draft, one line each in the log's header: `------ M10 ------`. Three
# dashes, then a name's first character (after a blank), then anything ending in three
# dashes: any longer run of dashes is the name's or the end's. Not `^-{3,} ?\S.*? ?-{3,}$`,
# whose runs and lazy middle could share a line of dashes every way (1,000 dashes and a
# letter: 5.6 s), with the same verdict on every line.
_BOOSTER = lazy(r"^--- ?\S.*---$")
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
    gaps = _Gaps()
    boosters = 0  # the `------ SET ------` lines of the header: the draft's packs
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
        header = _PICK_HEADER.match(line)
        if in_pack and header is None and gaps.last == (1, 1):
            gaps.size += 1  # a card of pack 1 pick 1, picked or passed: the packs' size
        if header:
            if gaps.last is None:
                gaps.packs = boosters
            in_pack = True
            gaps.pick(int(header.group("pack")), int(header.group("pick")), number)
        elif in_pack and line.startswith(_PICKED):
            name = line[len(_PICKED):].strip()
            gaps.marked = True
            if name:
                add_entry(deck, "1", name, zone=SIDEBOARD, line=number, raw=line)
            else:
                deck.problems.append(parse_error("a pick mark with no card after it", line=number, text=line))
        elif gaps.last is None and line[0] == "-" and _BOOSTER.match(line):
            boosters += 1
        elif gaps.last is None and line.startswith(_PICKED) and deck.drafter is None:
            # The header's player marked `-->`: the drafter, whose pool the picks are.
            deck.drafter = line[len(_PICKED):].strip() or None
        # Anything else is the header (the event, the time, the other players, the boosters' sets)
        # or a card of a pack that was passed: none of it is the drafter's.
    gaps.finish()
    if gaps.missing:
        deck.problems.append(gaps.problem())
    if deck.entries:
        deck.problems.append(DeckOnly(rule=PARSE_ERROR, severity=INFO, message=AS_DECK))
    return deck


AS_DECK = ("read as a Magic Online draft log: its picks are a player's pool, each one copy in the sideboard; "
           "give it as the pool (--pool, or a batch manifest's pool column) and check the deck built from it")


class _Gaps:
    """The picks a log lacks, found as its `Pack N pick M:` lines are read: a pick whose
    pack marks no card, and the pick numbers skipped (a pack's first pick is 1, each next
    one more), the picks after a pack's last (its `size`: the cards pack 1 pick 1 lists),
    the packs skipped whole and those after the last (of `packs`, the header's boosters).
    Only the first MAX_HOLDERS_LISTED are kept to name; `total` counts them all (a pick
    number of a billion skips no billion picks' worth of memory)."""

    __slots__ = ("last", "marked", "missing", "total", "line", "_header", "size", "packs")

    def __init__(self) -> None:
        self.last: tuple[int, int] | None = None  # the pack and pick of the last header
        self.marked = True  # whether the last header's pack marked its pick
        self.missing: list[str] = []
        self.total = 0
        self.line: int | None = None  # the line of the first pick missing (its header, or the next one)
        self._header = 0  # the line of the last header
        self.size = 0  # the cards pack 1 pick 1 lists (0: the log lacks that pick)
        self.packs = 0  # the boosters the header lists (0: none listed)

    def pick(self, pack: int, pick: int, line: int) -> None:
        self.end()
        last = self.last
        if last is not None and pack > last[0]:
            self._after(last, pack, line)
        expected = last[1] + 1 if last is not None and last[0] == pack else 1
        if pick > expected:
            self._add(pack, expected, pick - expected, line)
        self.last, self.marked, self._header = (pack, pick), False, line

    def end(self) -> None:
        """The last header's pack is over: a pick it did not mark is missing."""
        if self.last is not None and not self.marked:
            self._add(self.last[0], self.last[1], 1, self._header)
            self.marked = True

    def finish(self) -> None:
        """The log is over: its last pack, and any pack after it the header lists."""
        self.end()
        if self.last is not None:
            self._after(self.last, max(self.packs, self.last[0]) + 1, self._header)

    def _after(self, last: tuple[int, int], pack: int, line: int) -> None:
        """The picks missing between the pick `last` and pack `pack`'s first: the rest of
        `last`'s pack, then each pack between, whole. Known only with the packs' size."""
        if not self.size:
            return
        if last[1] < self.size:
            self._add(last[0], last[1] + 1, self.size - last[1], line)
        for skipped in range(last[0] + 1, min(pack, last[0] + 1 + MAX_HOLDERS_LISTED)):
            self._add(skipped, 1, self.size, line)
        if pack - last[0] - 1 > MAX_HOLDERS_LISTED:  # packs past those named: counted, not walked
            self.total += (pack - last[0] - 1 - MAX_HOLDERS_LISTED) * self.size

    def _add(self, pack: int, first: int, count: int, line: int) -> None:
        if self.line is None:
            self.line = line
        self.total += count
        for pick in range(first, first + min(count, MAX_HOLDERS_LISTED - len(self.missing))):
            self.missing.append(f"pack {pack} pick {pick}")

    def problem(self) -> Problem:
        many = self.total != 1
        picks = named_few(self.missing, "more picks", total=self.total)
        if many and self.total == len(self.missing):
            picks = f"{', '.join(self.missing[:-1])} and {self.missing[-1]}"
        return parse_error(
            f"the log records no card picked at {picks}: the {'cards' if many else 'card'} taken then "
            f"{'are' if many else 'is'} not in the pool (a log saved by a client that lost its connection "
            f"during the draft misses picks; if the player holds {'them' if many else 'it'}, give the pool "
            "as a list of its cards)",
            line=self.line, severity=WARNING,
        )
