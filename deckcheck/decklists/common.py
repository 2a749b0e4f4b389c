"""Pieces the decklist modules share: for parsers the parse-error problem, line splitting and
count checks; for writers the cards of a zone by name (`counted`) or by passcode (`passcodes`)."""
from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable

from ..errors import DeckcheckError
from ..limits import MAX_COPIES_WRITTEN, MAX_COUNT, MAX_DECK_ENTRIES, MAX_LINE_CHARS, MAX_UNREADABLE_LINES
from ..model import COMMANDER, COMPANION, SIDEBOARD, CardEntry, Deck
from ..names import display_name, without_invisible
from ..problem import WARNING, Problem
from ..lazy_pattern import lazy

# MAX_COUNT (limits.py): no legal deck holds more copies of one card; a bigger number is a
# typo or garbage, and letting it through would make sizes overflow any sensible report.
# MAX_LINE_CHARS: a longer line is not a decklist line, and refusing it keeps the per-line
# work (regular expressions) bounded on hostile files.
_SHOWN_TEXT = 120
# `1 0 obj` opens an object inside a PDF; read as `COUNT Name` it would be a card "0 obj".
_PDF_OBJECT = lazy(r"[0-9]+ obj\Z")
# Only CR LF, CR and LF end a line, as in every editor; `str.splitlines` would also split on
# form feeds, NEL and U+2028, and line numbers would no longer match what the user sees.
LINE_BREAK = lazy(r"\r\n|\r|\n")  # what ends a line (split_lines; decklists/__init__.py)
# What a link or a URL is pasted inside (a chat message's or a form answer's quotes, straight
# or curly, Markdown's backticks, a link's angle brackets): never part of one (ydke.py's
# URLs, a deck site's address in decklists.web_address).
LINK_WRAPPERS = "\"'`<>\u201c\u201d\u2018\u2019"

# A list pasted into a post: between a code block's fences (Discord, ```` ``` ````, maybe
# with a language, or `~~~`). No card line starts with either (text.py), and no ydke://
# URL does (ydke.py).
FENCE_CHARS = "`~"
FENCE = lazy(r"(?:`{3,}|~{3,})\s*[\w+-]*")


# The zones a category after a card's first may pick (`category_zone`).
_SECONDARY_CATEGORY_ZONES = (COMMANDER, COMPANION)


def category_zone(categories: Iterable[str], zone_named: Callable[[str], str | None]) -> str | None:
    """The zone Archidekt's categories of a card (an export's text line, `[Creature,Commander{top}]`,
    or its CSV Category cell, `Creature,Commander`) put it in, by `zone_named` of each; None
    when none names one. Archidekt writes the card's primary category first, which places
    it: that one's zone is the card's, whatever it is (`[Sideboard,Discard]`, `[Tokens]`). A
    later one picks only a commander or companion (a commander also sorted as a creature):
    `[Creature,Tokens]` is a deck card sorted beside the tokens it makes, and
    `[Instant,Sideboard]` a deck card too."""
    for index, category in enumerate(categories):
        zone = zone_named(category)
        if zone and (index == 0 or zone in _SECONDARY_CATEGORY_ZONES):
            return zone
    return None


# What a problem of a file's last line adds when the file ends in it with no line break
# after it and the line looks cut (a count alone, a name some card's name starts with).
CUT_IN_LAST_LINE = ("the file ends in this line, with no line break after it: it may have been cut short "
                    "(saved or copied in part?)")


def is_fence(line: str) -> bool:
    """Whether `line` (stripped) is a code block's fence."""
    return bool(line) and line[0] in FENCE_CHARS and FENCE.fullmatch(line) is not None


# What an email reply puts before each line it quotes (`> `, `> > ` when quoted again; some
# programs write no space): no line of any decklist format starts with `>`. At a line's
# start: the text's, or after a CR or an LF (LINE_BREAK's line ends, a lone CR's too).
_EMAIL_QUOTE = lazy(r"(?<![^\r\n])[ \t]*(?:>[ \t]?)+")
# A line that is not blank and starts with no quote: the text's first (matched), or one
# after a line break (searched). Searched in C, the text neither split nor copied. The
# blanks are taken whole, never given back to let `(?!>)` pass at one of them: a lookahead
# and its group, as Python 3.10 has no possessive `*+` (`  > x` is a quoted line).
_UNQUOTED_BODY = r"(?=(?P<blanks>[ \t]*))(?P=blanks)(?!>)[^\S\r\n]*\S"
_UNQUOTED_FIRST_LINE = lazy(_UNQUOTED_BODY)
_UNQUOTED_LINE = lazy(r"[\r\n]" + _UNQUOTED_BODY)


def email_quoted(text: str) -> bool:
    """Whether `text` is quoted line by line as an email reply quotes it: every line that is
    not blank starts with a quote (`> 4 Lightning Bolt`, `> <Deck>`). Most texts are told
    by their first character."""
    if text.lstrip("\ufeff \t\r\n")[:1] != ">":  # no pattern compiled for the texts that are not
        return False
    return _UNQUOTED_FIRST_LINE.match(text) is None and _UNQUOTED_LINE.search(text) is None


def email_unquoted(text: str) -> str:
    """`text` (`email_quoted`) without its quotes, its lines and line breaks as they were.
    One substitution, whose pieces are a line's each: given the lines that are read (a
    text's first MAX_DECK_LINES), not a hostile text of millions."""
    return _EMAIL_QUOTE.sub("", text)


# The fewest lines, all different, a copy of a list pasted twice holds: a line or two
# written again (`4 Bolt` twice, a test's deck, `1 Island` on every line) is a list of its
# own, not a paste.
_COPY_LINES = 3


def pasted_twice(text: str) -> tuple[int, int, int, int] | None:
    """The first and last lines of each copy, (first, last, first, last), when `text` is a
    list pasted twice: its lines that are not blank, blanks around them aside, are the same
    list of `_COPY_LINES` different lines or more twice in a row; else None. Most texts are
    told by two string methods and one search in C: a second copy holds the first line again."""
    # The text's first line that is not blank (`str.isspace`'s blanks, a pattern's `\s`) and
    # the text after its end, LINE_BREAK's: its first LF, or a CR before it (CR LF, or a CR
    # alone). Split by `partition`, whose one argument is read without the argument parsing
    # of `find(sub, start)` (about 1,000 instructions a call: a batch asks every deck).
    first, line_break, rest = text.lstrip().partition("\n")
    if "\r" in first:
        first, line_break, more = first.partition("\r")
        # The text after the CR (with an LF at its end when it had none: no match of a
        # line, which holds none, starts or ends there).
        rest = more + "\n" + rest
    # The line is not blank (the text's blanks were stripped, and a line break is one) and
    # holds no line break, so `in` finds it where `find` from the line's end would.
    if not line_break or first.strip() not in rest:
        return None
    lines = [(number, stripped) for number, line in enumerate(split_lines(text), 1) if (stripped := line.strip())]
    half = len(lines) // 2
    if half < _COPY_LINES or len(lines) % 2 or any(a[1] != b[1] for a, b in zip(lines[:half], lines[half:])):
        return None
    if len({line for _, line in lines[:half]}) < _COPY_LINES:
        return None  # a line written again and again (`1 Island` a line, a cube's basics) is no paste
    return lines[0][0], lines[half - 1][0], lines[half][0], lines[-1][0]


def split_lines(text: str) -> list[str]:
    """The lines of `text` (without their endings), numbered as an editor numbers them."""
    lines = LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()  # the final newline ends the last line; it does not start a new one
    return lines


def lf_line_ends(text: str) -> str:
    """`text` for a pattern that finds lines by `^`, `$` or `\r?\n` (a sniffer's): a text
    with a lone CR (a file saved with CR line ends, classic Mac OS) has every line break
    written LF, or it is one long line to the pattern; LF and CR LF text is given as it is
    (two counts in C: most files of a batch end their lines so)."""
    if "\r" not in text or text.count("\r") == text.count("\r\n"):
        return text
    return LINE_BREAK.sub("\n", text)


def squeeze(line: str) -> str:
    """One space for every run of whitespace: no decklist format gives runs a meaning, and
    patterns that meet a run of thousands of spaces would otherwise backtrack over it."""
    return " ".join(line.split())


def remove_invisible(text: str) -> tuple[str, list[Problem]]:
    """`text` without the characters that show as nothing (names.without_invisible), and a
    `parse-error` warning for each line that held one. A byte-order mark that starts the
    text only marks its encoding: it goes quietly."""
    if text.isascii():
        return text, []
    text = text.removeprefix("\ufeff")
    cleaned = without_invisible(text)
    if len(cleaned) == len(text):
        return text, []
    problems = []
    more = 0  # lines past the first MAX_UNREADABLE_LINES: counted, not listed (limits.py)
    # Line breaks are ASCII and stay, so both texts have the same lines.
    for number, (before, after) in enumerate(zip(split_lines(text), split_lines(cleaned)), start=1):
        if len(before) != len(after):
            if len(problems) >= MAX_UNREADABLE_LINES:
                more += 1
                continue
            # Every invisible character goes and every other stays: the ones gone are the
            # characters `before` holds and `after` lacks (found in C: a line of a million
            # overrides took seconds asked one by one), named in the order they first come.
            removed = len(before) - len(after)
            gone = sorted(set(before).difference(after), key=before.index)
            named = ", ".join(f"U+{ord(char):04X} {unicodedata.name(char, 'unnamed')}" for char in gone)
            what = "an invisible character" if removed == 1 else f"{removed} invisible characters"
            problems.append(parse_error(
                f"removed {what} ({named}) from this line; card names never hold one",
                line=number, severity=WARNING,
            ))
    if more:
        problems.append(parse_error(f"invisible characters removed from {more:,} more lines (not listed)", severity=WARNING))
    return cleaned, problems


def too_long(line: str, number: int, zone: str | None = None) -> Problem | None:
    if len(line) <= MAX_LINE_CHARS:
        return None
    return parse_error(
        f"line of {len(line):,} characters; no decklist line is longer than {MAX_LINE_CHARS:,}",
        line=number, text=line, zone=zone,
    )


class DeckOnly(Problem):
    """A problem of a list read as a deck that says nothing of it read as a pool (a CSV
    export that put every card into the main deck, a draft log's note that it is a pool):
    registered_pools.pool_from_deck leaves it out, told by its kind, not its wording."""

    __slots__ = ()


# The warning of a `0 Name` line; the `commander` rule tells a command zone of only such lines
# to count its commander 1.
ZERO_COUNT = "count 0, line ignored"


def parse_error(
    message: str, *, line: int | None = None, text: str | None = None, zone: str | None = None, severity: str = "error"
) -> Problem:
    """A `parse-error` problem that quotes (a bounded piece of) the offending text."""
    if text is not None:
        shown = text if len(text) <= _SHOWN_TEXT else text[:_SHOWN_TEXT] + "…"
        message = f"{message}: {shown!r}"
    return Problem(rule="parse-error", message=message, line=line, zone=zone, severity=severity)


def entries_cut(total: int, *, line: int | None) -> Problem:
    """The one error of a list of `total` card lines, more than MAX_DECK_ENTRIES, whose first
    MAX_DECK_ENTRIES were read (`line`: the first left out, when it has one)."""
    return parse_error(
        f"{total:,} card lines; only the first {MAX_DECK_ENTRIES:,} were read, the rest were not checked "
        "(no deck, pool or cube is that long: is this the right file?)",
        line=line,
    )


def make_entry(
    count_text: str, name: str, *, zone: str, line: int | None, raw: str
) -> CardEntry | Problem:
    """An entry from a count and a name as found in a file, or the problem that prevents it."""
    digits = count_text.lstrip("+-")
    if len(digits) > 9 and digits.isdecimal():
        # `999999999999 Island`: say what is wrong with it (and never hand Python's int()
        # thousands of digits, which it refuses with an unrelated message).
        if count_text.startswith("-"):
            return parse_error("count must be at least 1", line=line, text=raw, zone=zone)
        return parse_error(f"count over {MAX_COUNT} is not a real deck", line=line, text=raw, zone=zone)
    try:
        count = int(count_text)
    except ValueError:
        return parse_error("count is not a whole number", line=line, text=raw, zone=zone)
    if count == 0:
        # Deck sites export "0 Card" for cards a player considered; it adds nothing.
        return parse_error(ZERO_COUNT, line=line, text=raw, zone=zone, severity=WARNING)
    if count < 0:
        return parse_error("count must be at least 1", line=line, text=raw, zone=zone)
    if count > MAX_COUNT:
        return parse_error(f"count over {MAX_COUNT} is not a real deck", line=line, text=raw, zone=zone)
    # A name longer than any line is tidied without display_name's cache, which keeps 65,536
    # names for the process: a CSV cell (up to 131,072 characters) or an XML attribute is
    # no line, and a website's pasted CSV lists of such names kept 3.4 MB a request, without end.
    name = display_name(name) if len(name) <= MAX_LINE_CHARS else display_name.__wrapped__(name)
    if not name:
        return parse_error("no card name", line=line, text=raw, zone=zone)
    if len(name) > MAX_LINE_CHARS:
        # A text line is refused past this (too_long); an XML attribute or element has no
        # line to refuse, and an unknown name is quoted whole in its problem.
        return parse_error(
            f"card name of {len(name):,} characters; no card name is longer than {MAX_LINE_CHARS:,}",
            line=line, text=name, zone=zone,
        )
    if _PDF_OBJECT.match(name):
        return parse_error("a PDF object header, not a card (is this the inside of a PDF?)", line=line, text=raw, zone=zone)
    return CardEntry(name=name, count=count, zone=zone, line=line)


def add_entry(deck: Deck, count_text: str, name: str, *, zone: str, line: int | None, raw: str) -> None:
    """`make_entry`'s entry added to `deck`, or the problem that prevents it added to its problems."""
    result = make_entry(count_text, name, zone=zone, line=line, raw=raw)
    if isinstance(result, Problem):
        deck.problems.append(result)
    else:
        deck.entries.append(result)

def companions_for_sideboard(entries: list[CardEntry]) -> list[CardEntry]:
    """Sideboard entries for the companions the sideboard does not list: a companion is a
    sideboard card (Arena lists it in both places, other lists only once)."""
    companions = [entry for entry in entries if entry.zone == COMPANION]
    if not companions:
        return []  # most lists: no sideboard keys to work out (every list is asked)
    sideboard = {entry.key for entry in entries if entry.zone == SIDEBOARD}
    return [
        CardEntry(name=entry.name, count=entry.count, zone=SIDEBOARD, line=entry.line, written=entry.written, code=entry.code)
        for entry in companions if entry.key not in sideboard
    ]


# ---------------------------------------------------------------- writing


def counted(deck: Deck, zone: str) -> list[tuple[int, str]]:
    """Cards of a zone as (copies, name) in first-seen order, for the by-name writers: `.ydk`
    lists every copy on its own line, by-name formats give each card once (in rows of at
    most MAX_COUNT copies, the most a line may say and still be read back)."""
    totals: dict[str, list] = {}
    for entry in deck.zone(zone):
        name = entry.written if entry.code is not None and entry.written else entry.name
        slot = totals.setdefault(name, [0, name])
        slot[0] += entry.count
    rows = []
    for count, name in totals.values():
        while count > MAX_COUNT:
            rows.append((MAX_COUNT, name))
            count -= MAX_COUNT
        rows.append((count, name))
    return rows


def passcodes(deck: Deck, zone: str, written_as: str) -> list[int]:
    """Each copy's passcode in deck order, for the Yu-Gi-Oh! writers (`written_as`: the
    format's name); a card without one cannot be written, nor a line of more copies than
    MAX_COPIES_WRITTEN (each copy is a passcode of its own: limits.py)."""
    codes: list[int] = []
    for entry in deck.zone(zone):
        if entry.code is None:
            raise DeckcheckError(
                f"{entry.name!r} has no passcode; import Yu-Gi-Oh! card data (`deckcheck cards import cards.cdb`) "
                "so names can be turned into passcodes"
            )
        if entry.count > MAX_COPIES_WRITTEN:
            raise DeckcheckError(
                f"{deck.source}: line {entry.line}: {entry.count} copies of {entry.name!r} in {zone}: "
                f"{written_as} writes one passcode per copy, at most {MAX_COPIES_WRITTEN} (a Yu-Gi-Oh! main deck); "
                "fix the count"
            )
        codes.extend([entry.code] * entry.count)
    return codes
