"""Totals a typed list states for itself, compared with the cards it holds.

Lists keep the sums they were typed from: Konami's Yu-Gi-Oh! registration form sums each
box (`Total Monster Cards: 15`, `Main Deck Total: 40`, `Total Side Deck: 15`; a Japanese
list `合計：40枚`, or `40枚` alone under its heading), and deck sites head each section with
its count (`Creatures (24)`, `Sideboard (15)`, `Deck (60)`, `Main Deck: 60`). The text parser
reads none of them as a card; it records each line and the list's headings (model.StatedLines),
and once the deck's zones are final (its title taken out, a blank-line sideboard settled, the
commander and the companion placed: pipeline.checked_deck) `unmade` works out the boxes of cards each number may count
(`stated_totals`, by line ranges only, one total at a time) and warns of each number that no
box makes, naming the line, the number and the cards counted.

A number is compared only where what it counts is known: a heading's box is its lines up
to the next heading (a zone heading's up to the next zone heading), a total naming a deck
counts that deck, a total naming a card kind counts the box of that kind's heading just
above it (none: not compared, since which cards are monsters only card data could tell),
and any other total may sum the box above it, its deck, the list so far or the whole list:
any reading the number makes is taken. A companion's sideboard copy (on the companion's own
line) counts once; a companion listed again among the sideboard's cards (Arena's export)
counts once or twice, as the list counts it; the maybeboard is no part of a list's total.

Only a list with such a line pays anything, and only a check: the parser records the lines
where it skips them already (no box is built by parsing, `convert` or `diff`), and a deck with
none has None there.
"""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator, Sequence
from functools import lru_cache

from ..games import zone_name
from ..lazy_pattern import lazy
from ..model import COMPANION, EXTRA, MAIN, MAYBEBOARD, SIDEBOARD, CardEntry, Deck
from ..names import nfkc
from ..problem import UNLISTED_LINES, WARNING, Problem
from ..record import NamedTuple, Record
from ..wording import counted as counted_words
from .common import parse_error
from .text import STATED_ALONE as ALONE, STATED_HEADING as HEADING, STATED_TOTAL as TOTAL

# Which entries a box counts, besides a zone's own: every card line (a companion's sideboard
# copy once); every line but the maybeboard's (a list's total); the sideboard without the
# copies of companions listed on their own lines (what `Sideboard total: 14` beside
# `Companion: Lurrus` counts).
_EVERY = "every"
_DECK = "deck"
_SIDE_ALONE = "side alone"
# _EVERY and _DECK without a companion the sideboard lists again on a line of its own (Arena
# writes it under `Companion` and among the sideboard's 15): the card counts once.
_ONCE = {_EVERY: "every once", _DECK: "deck once"}
_ONCE_OF = {once: which for which, once in _ONCE.items()}
_END = 1 << 62  # after every line

# The last number of a line (after NFKC: `合計：４０枚`).
_NUMBER = lazy(r"(\d+)\D*$")
# The deck a total names by a word of it, in the languages of text._JAPANESE_SECTIONS.
_TOTAL_ZONES = (("main", MAIN), ("extra", EXTRA), ("side", SIDEBOARD), ("メイン", MAIN), ("エクストラ", EXTRA),
                ("サイド", SIDEBOARD), ("exデッキ", EXTRA), ("主卡组", MAIN), ("额外", EXTRA), ("副卡组", SIDEBOARD))
# The card kinds of Konami's form, by a word of a heading or a total.
_KINDS = (("monster", "monster"), ("モンスター", "monster"), ("spell", "spell"), ("魔法", "spell"),
          ("trap", "trap"), ("罠", "trap"))


class Box(NamedTuple):
    """Cards a stated number may count: those on lines `start` (inclusive) to `end`
    (exclusive) in zone `zone` (or _EVERY, _DECK, _SIDE_ALONE), their copies or (`lines`)
    their card lines; `where` says which after their number in a warning (`listed under
    it`), "" for a whole deck (`the Main Deck holds 40`)."""

    start: int
    end: int
    zone: str
    where: str
    lines: bool = False


class StatedTotal(Record):
    """A number a list states on line `line` (`text` as written): `stated` cards, made when
    any of `boxes` holds them; a warning names the first (a heading's own box, a deck's
    total its deck), or for any other total (`Total: 76`: the whole list?) the one nearest the
    number (`nearest`); `zone` the deck a warning names it in (None: none). `title`:
    the list's first line when it may be its title (text.MaybeTitle), which a box may hold
    or not: a deck's name that names a card too stays one, and without card data any does."""

    __slots__ = ("line", "text", "stated", "boxes", "zone", "title", "nearest", "over_headings")

    def __init__(self, line: int, text: str, stated: int, boxes: tuple[Box, ...], zone: str | None,
                 title: int | None = None, nearest: bool = False, over_headings: bool = False) -> None:
        self.line = line
        self.text = text
        self.stated = stated
        self.boxes = boxes
        self.zone = zone
        self.title = title
        self.nearest = nearest
        # A category heading another heading ends: with no card in its box (its first), its
        # number counts the headings under it (`Spells (28)` above `Instants (12)`), which
        # of them the list does not say, and it is not compared.
        self.over_headings = over_headings


@lru_cache(maxsize=256)  # a list's totals repeat their words (`Total: 15` on each box)
def _kind(text: str) -> str | None:
    folded = text.casefold()
    return next((kind for word, kind in _KINDS if word in folded), None)


@lru_cache(maxsize=256)
def _total_zone(text: str) -> str | None:
    folded = text.casefold()
    return next((zone for word, zone in _TOTAL_ZONES if word in folded), None)


def _whole(zone: str) -> Box:
    return Box(0, _END, zone, "")


_UNDER_IT = "listed under it"
_BESIDE_COMPANION = Box(0, _END, _SIDE_ALONE, "in the sideboard besides a companion listed on its own")
_IN_THE_LIST = "listed in the whole list"
_ABOVE_IT = "listed above it"


def stated_totals(
    found: Sequence[tuple[int, str, str, int | None]], headings: Sequence[tuple[int, str | None, str, bool]],
    title: int | None = None,
) -> Iterator[StatedTotal]:
    """The totals of `found` (line, text, what it is: text.STATED_*, the first card line of
    the blank-line group it closes or None), in line order, with their boxes among
    `headings` (line, zone after it, text, whether it heads a zone; in line order, the
    headings of `found` among them); `title` the line that may be the list's title: one
    at a time, as `unmade` compares them (no list of every total's boxes is kept). Linear in
    the headings and totals (a bisection each)."""
    lines = [heading[0] for heading in headings]
    count = len(headings)
    # Each heading's zone (a zone heading) or None (a category heading), and its card kind.
    zones: list[str | None] = []
    kinds: list[str | None] = []
    for _, zone, text, is_zone in headings:
        zones.append(zone if is_zone else None)
        kinds.append(None if is_zone else _kind(text))
    # The line of the next zone heading after each heading (its zone's box ends there).
    next_zone = [_END] * count
    following = _END
    for index in range(count - 1, -1, -1):
        next_zone[index] = following
        if zones[index] is not None:
            following = lines[index]
    # The first of each run of headings of one card kind (`Normal Monsters`, `Effect Monsters`).
    run_start = list(range(count))
    for index in range(1, count):
        if kinds[index] is not None and kinds[index] == kinds[index - 1]:
            run_start[index] = run_start[index - 1]
    # The nearest zone heading at or before each heading.
    zone_above: list[int | None] = []
    last: int | None = None
    for index in range(count):
        if zones[index] is not None:
            last = index
        zone_above.append(last)
    previous_total = 0  # the line of the total before, whose box ends there
    for number, text, what, group_start in found:
        stated_match = _NUMBER.search(nfkc(text) if not text.isascii() else text)
        if stated_match is None:
            continue  # `TOTAL TRAP CARDS`: a box left empty
        stated = int(stated_match.group(1))
        at = bisect_left(lines, number)  # the headings above are those before `at`
        if what == HEADING:
            if at == count or lines[at] != number:
                continue
            end = lines[at + 1] if at + 1 < count else _END
            zone = zones[at]
            boxes: list[Box] = []
            if zone is not None:
                # A zone's heading: its cards up to the next zone's heading, in that zone
                # (a commander's section run on into the deck is the deck's), or the
                # whole zone (a companion's copy listed elsewhere; lines under it or not).
                boxes += [Box(number, next_zone[at], zone, _UNDER_IT), _whole(zone)]
                if zone == SIDEBOARD:
                    boxes.append(_BESIDE_COMPANION)
                boxes += [Box(number, next_zone[at], _EVERY, _UNDER_IT),
                          Box(number, next_zone[at], _EVERY, "card lines under it", True)]
            boxes += [Box(number, end, _EVERY, _UNDER_IT), Box(number, end, _EVERY, "card lines under it", True)]
            yield StatedTotal(number, text, stated, tuple(boxes), zone, title,
                              over_headings=zone is None and end != _END)
            continue
        above = at - 1  # the heading above, -1 for none
        heading = lines[above] if above >= 0 else 0
        end = lines[at] if at < count else _END
        # A count right under its heading (`【メインデッキ】` then `（40枚）`) is the heading's;
        # any other closes the box above it.
        heads = what == ALONE and above >= 0 and number == heading + 1
        since = previous_total
        if not heads:
            previous_total = number
        under = f"listed under {headings[above][2]!r} above it" if above >= 0 else _ABOVE_IT
        zone = _total_zone(text) if what == TOTAL else None
        if zone is not None:
            boxes = [_whole(zone)]
            if zone == SIDEBOARD:
                boxes.append(_BESIDE_COMPANION)
            opened = zone_above[above] if above >= 0 else None
            if opened is not None and zones[opened] == zone:
                heading_text = f"listed under {headings[opened][2]!r}"
                boxes += [Box(lines[opened], number, _EVERY, heading_text + " above it"),
                          Box(lines[opened], next_zone[opened], _EVERY, heading_text)]
            yield StatedTotal(number, text, stated, tuple(boxes), zone, title)
            continue
        kind = _kind(text) if what == TOTAL else None
        if kind is not None:
            if above < 0 or kinds[above] != kind:
                continue  # no heading of its kind just above: which cards it counts is not known
            first = run_start[above]
            heading_text = f"listed under {headings[first][2]!r}"
            boxes = [Box(lines[first], number, _EVERY, heading_text + " above it"),
                     Box(lines[first], end, _EVERY, heading_text)]
            yield StatedTotal(number, text, stated, tuple(boxes), None, title)
            continue
        # Any other total (`Total: 60`, `合計：40枚`, `40枚`): the box above it (or, right under
        # its heading, the heading's), since the total before it, its blank-line group, its
        # deck's heading down to it, the list so far, the whole list, a deck.
        boxes = []
        if heads:
            boxes.append(Box(heading, end, _EVERY, f"listed under {headings[above][2]!r}"))
        if above >= 0 and heading >= since:
            boxes.append(Box(heading, number, _EVERY, under))
        if since:
            boxes.append(Box(since, number, _EVERY, f"listed between it and the total on line {since}"))
        if group_start is not None:
            boxes.append(Box(group_start, number, _EVERY, "listed in the blank-line group above it"))
        opened = zone_above[above] if above >= 0 else None
        if opened is not None:
            heading_text = f"listed under {headings[opened][2]!r}"
            boxes += [Box(lines[opened], number, _EVERY, heading_text + " above it"),
                      Box(lines[opened], next_zone[opened], _EVERY, heading_text)]
        boxes += [Box(0, number, _DECK, _ABOVE_IT), Box(0, _END, _DECK, _IN_THE_LIST),
                  _whole(MAIN), _whole(SIDEBOARD), _whole(EXTRA)]
        yield StatedTotal(number, text, stated, tuple(boxes), None, title, nearest=not heads)


class _Counter:
    """Copies and card lines of a deck's final entries between two lines, by the entries
    each box takes: sorted once, then prefix sums and a bisection per box."""

    def __init__(self, entries: list[CardEntry]) -> None:
        self.entries = [entry for entry in entries if entry.line is not None]
        # A companion's copy in the sideboard shares its line (the parser's, or the one
        # `_mark_companion` marks): the line's cards count once.
        companions = {entry.line for entry in self.entries if entry.zone == COMPANION}
        self.beside = {entry.line for entry in self.entries if entry.zone == SIDEBOARD and entry.line in companions}
        self.companions = companions
        # Lines of companions the sideboard lists again on a line of their own (none: the
        # usual list, whose boxes are counted one way only).
        listed = {entry.key for entry in self.entries if entry.zone == SIDEBOARD} if companions - self.beside else ()
        self.twice = {entry.line for entry in self.entries
                      if entry.zone == COMPANION and entry.line not in self.beside and entry.key in listed}
        self.made: dict[str, tuple[list[int], list[int], list[int]]] = {}

    def readings(self, box: Box) -> tuple[Box, ...]:
        """`box`, and where a companion is listed twice (its own section and the sideboard's
        cards) the box counting it once: a list may count both copies or one."""
        once = _ONCE.get(box.zone) if self.twice else None
        return (box,) if once is None else (box, box._replace(zone=once))

    def _takes(self, entry: CardEntry, which: str) -> bool:
        if which in _ONCE_OF:
            return entry.line not in self.twice and self._takes(entry, _ONCE_OF[which])
        if which == _EVERY or which == _DECK:
            if entry.zone == COMPANION and entry.line in self.beside:
                return False
            return which == _EVERY or entry.zone != MAYBEBOARD
        if which == _SIDE_ALONE:
            return entry.zone == SIDEBOARD and entry.line not in self.companions
        return entry.zone == which

    def _table(self, which: str) -> tuple[list[int], list[int], list[int]]:
        table = self.made.get(which)
        if table is None:
            taken = sorted((entry.line, entry.count) for entry in self.entries if self._takes(entry, which))  # type: ignore[misc]
            lines = [line for line, _ in taken]
            copies, distinct = [0], [0]
            for index, (line, count) in enumerate(taken):
                copies.append(copies[-1] + count)
                distinct.append(distinct[-1] + (index == 0 or lines[index - 1] != line))
            table = self.made[which] = (lines, copies, distinct)
        return table

    def count(self, box: Box) -> int:
        lines, copies, distinct = self._table(box.zone)
        first, last = bisect_left(lines, box.start), bisect_left(lines, box.end)
        sums = distinct if box.lines else copies
        return sums[last] - sums[first]


class _Unread:
    """The lines of a list that could not be read (a `parse-error` error: `四 Name`, a name
    in brackets the parser does not take), and their zones: a box holding one has cards no
    one can count, and its total is not compared (the line's own error says what to fix).
    Only the first unreadable lines are listed (LineProblems): when more went unlisted, a box
    reaching past the last one listed may hold one, and is not compared either."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.zones = {problem.line: problem.zone for problem in problems
                      if problem.line is not None and problem.is_error and problem.rule == "parse-error"}
        self.lines = sorted(self.zones)
        unlisted = any(problem.line is None and problem.rule == "parse-error" and UNLISTED_LINES in problem.message
                       for problem in problems)
        # The line after the last listed one (unlisted lines come after it), or None.
        self.after: int | None = (self.lines[-1] + 1 if self.lines else 0) if unlisted else None

    def within(self, box: Box) -> bool:
        if self.after is not None and box.end > self.after:
            return True
        lines = self.lines
        index = bisect_left(lines, box.start)
        if box.zone == _EVERY or box.zone == _DECK:
            return index < len(lines) and lines[index] < box.end
        # A deck's box: any unreadable line of that deck (or of none named).
        zone = SIDEBOARD if box.zone == _SIDE_ALONE else box.zone
        return any(self.zones[line] in (zone, None) for line in lines[index:bisect_left(lines, box.end)])


def unmade(deck: Deck, game: str) -> list[Problem]:
    """A warning for each of `deck`'s stated totals (its zones final) that none of its
    boxes makes, naming the box StatedTotal says, in `game`'s words for the decks."""
    counter = _Counter(deck.entries)
    count = counter.count
    unread = _Unread(deck.problems)
    within = unread.within if unread.lines or unread.after is not None else None
    found = []
    readings = counter.readings
    assert deck.stated_totals is not None  # (a check asks only when the list states some)
    for total in stated_totals(*deck.stated_totals):
        stated = total.stated
        if total.over_headings and count(total.boxes[0]) == 0:
            continue  # `Spells (28)` counting the headings under it
        if any(count(box) == stated for given in total.boxes for box in readings(given)) or (
                within is not None and any(within(box) for box in total.boxes)):
            continue
        if total.title is not None and any(count(box) - count(box._replace(start=total.title, end=total.title + 1)) == stated
                                           for given in total.boxes for box in readings(given)
                                           if box.start <= total.title < box.end):
            continue  # the first line read as a card (no card data, or a card's name) and the list's title
        # The box named (any total's nearest, else its first), read as counting a companion
        # listed twice once or twice, whichever is nearer the number (`Total: 74` over 75
        # cards and the companion's second line: 75, not 76); the first of a tie.
        named = total.boxes if total.nearest else total.boxes[:1]
        box, counted = min(((reading, count(reading)) for given in named for reading in readings(given)),
                           key=lambda shown: abs(shown[1] - stated))
        if box.where:
            where = f"{counted} {'is' if counted == 1 else 'are'} {box.where}"
        else:
            where = f"the {zone_name(game, box.zone, 'main deck' if box.zone == MAIN else None)} holds {counted}"
        found.append(parse_error(
            f"{total.text!r} states {counted_words(total.stated, 'card')}, but {where}: is a card line missing, or a count mistyped?",
            line=total.line, zone=total.zone, severity=WARNING,
        ))
    return found
