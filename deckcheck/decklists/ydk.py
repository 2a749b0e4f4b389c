"""YGOPro / EDOPro `.ydk` decks: one passcode a line under `#main`, `#extra` and `!side`.

    #created by ...
    #main
    14558127
    #extra
    ...
    !side
    ...

A file is taken for a `.ydk` by its `.ydk` name (unless it holds cards by name and no
passcode: a typed list saved so, under YGOPro's headers or not, read as text), or by its content: a `#main` line with
`#extra`, `!side` or `#created by`, or followed by a passcode (unless it lists cards by name
and no passcode: a typed list under those headers).

Any line that starts with `!` opens the Side Deck, as YGOPro and EDOPro read a file
(`!Side Deck`); `#Main Deck` and `#Extra Deck` are the other two headers spelled out.

Each passcode line is one copy; copies of a card on consecutive lines form one entry
(count 2 or 3, at the first copy's line), so the order and the duplicates of the file
survive a round trip. Passcodes may carry leading zeros (`05318639`). Other lines
starting with `#` are comments (`#created by`, MDPro3's `#pickup`, `#case`, `##...`), and
MDPro3's `$passcode$` showcase lines are metadata, not deck cards (`#side`, a comment to
YGOPro too, is a warning: its cards stay in the zone above it); a note after a passcode
(`14558127  # Ash Blossom`, `// ...`) is a comment. Anything else is a
`parse-error` on its line; the rest of the deck is still read.

Without card data an entry is named by its passcode; validation with a card database
gives it the card's name (see `deckcheck.games.yugioh.cards`).

Written in the layout YGOPro itself saves (`#created by ...`, `#main`, `#extra`, `!side`),
one passcode a line, in the deck's order, each copy on its own line.
"""
from __future__ import annotations

import re

from ..games.yugioh import MAX_PASSCODE
from ..model import EXTRA, MAIN, SIDEBOARD, CardEntry, Deck
from ..games import zone_name
from ..wording import counted
from ..problem import WARNING
from .common import is_fence, lf_line_ends, parse_error, passcodes
from ..lazy_pattern import lazy

NAME = "ydk"
EXTENSIONS = (".ydk",)
DESCRIPTION = "YGOPro/EDOPro .ydk (Yu-Gi-Oh! passcodes)"
SNIFF_MARK = "#"  # sniff says no to a file without one in its head (its `#main` line): decklists.choose
ZONES = (MAIN, EXTRA, SIDEBOARD)  # what the format can hold (written)
PASSCODES = True  # cards are written by passcode: names need card data to become one
SPLITLINES = True  # lines end where str.splitlines ends them (decklists._first_lines counts so)
HEADER = "#created by ..."

_HEADERS = {"#main": MAIN, "#extra": EXTRA, "!side": SIDEBOARD}
# YGOPro and EDOPro open the Side Deck at any line whose first character is `!` (`!Side
# Deck`, `! side`, `!side:`), as they read the file; the other two headers spelled out
# (`#Main Deck`, `# Extra Deck:`) are comments to them, which place Extra Deck monsters by
# their type: read as the headers they name, the zones come out as the programs' do.
_SIDE_MARK = "!"
_SPELLED_HEADER = lazy(r"^#\s*(?P<zone>main|extra)(?:\s*deck)?\s*:?$", re.IGNORECASE)
# A passcode, and what a player may have noted after it (`14558127  # Ash Blossom`): YGOPro
# reads a line's leading number and nothing after it.
_NUMBER = lazy(r"^(?P<code>\d+)(?:\s+(?:#|//).*)?$")
_PASSCODE_DIGITS = len(str(MAX_PASSCODE))  # longer numbers are out of range, unread
_SHOWCASE = lazy(r"^\$\d+\$$")  # MDPro3 `#representative` cards
# A passcode with a count (`14558127 x3`, `3x 14558127`, `3 14558127`), which a .ydk cannot say.
_COUNTED = lazy(r"^(?:(?P<code>\d{5,10})[ \t]*[xX\u00d7][ \t]*(?P<count>\d{1,2})"
                r"|(?P<count2>\d{1,2})(?:[ \t]*[xX\u00d7][ \t]*|[ \t]+)(?P<code2>\d{5,10}))$")
# `#side`, `# Side Deck`: the Side Deck's header written like the other two, a comment.
_MISTAKEN_SIDE = lazy(r"^#\s*side(?:\s*deck)?\s*:?$", re.IGNORECASE)


# `#main` on a line of its own, then (comments and blank lines aside) a passcode: a list by
# name never has a bare number for a card line, so this is a `.ydk` without `#extra`,
# `!side` or `#created by` (Goat-format decks often leave them out).
_MAIN_THEN_PASSCODE = lazy(r"^[ \t\ufeff]*#main[ \t]*\r?\n(?:[ \t]*(?:#[^\n]*)?\r?\n)*[ \t]*\d{1,10}(?:[ \t]+(?:#|//)[^\n]*)?[ \t]*\r?$",
                                 re.IGNORECASE | re.MULTILINE)


def sniff(text: str) -> bool:
    head = text[:4000]
    lowered = head.lower()
    if "#main" not in lowered:
        return False
    head = lf_line_ends(head)  # a CR-only file's lines, for the patterns' ^ and $
    if not ("#extra" in lowered or "!side" in lowered or "#created by" in lowered or _MAIN_THEN_PASSCODE.search(head)):
        return False
    return _by_passcode(head)


def _by_passcode(head: str) -> bool:
    """Whether `head` (LF line ends) lists cards by passcode, as YGOPro reads them: a list by
    name under YGOPro's headers (`#main`, `3 Ash Blossom & Joyous Spring`, or a name a line,
    a copy a line as a .ydk lists passcodes, as some tools write a .ydk out with names) is
    a typed list, which text reads: as a .ydk every card line was a parse error. A .ydk of
    no card at all still is one."""
    return bool(_PASSCODE_LINE.search(head)) or not (_NAMED_CARD_LINE.search(head) or _NAME_LINE.search(head))


# A passcode line (with a note after it): a list by name never has one.
_PASSCODE_LINE = lazy(r"^[ \t\ufeff]*\d{1,10}(?:[ \t]+(?:#|//)[^\n]*)?[ \t]*\r?$", re.MULTILINE)
# A card by name, `3 Ash Blossom & Joyous Spring`, `3x Maxx "C"`, `3 7 Colored Fish`: a
# typed list's line, a count and then words.
_NAMED_CARD_LINE = lazy(r"^[ \t\ufeff]*\d{1,4}(?:[ \t]*[xX\u00d7])?[ \t]+(?=\S)[^\n]*?[A-Za-z]", re.MULTILINE)
# A card's name alone on its line (`Ash Blossom & Joyous Spring`, `灰流うらら`): a line starting
# with a letter, which no line YGOPro reads does (a passcode, `#main`, `!side`, MDPro3's `$`).
_NAME_LINE = lazy(r"^[ \t\ufeff]*[^\W\d_]", re.MULTILINE)


def claims(head: str) -> bool:
    """Whether a file named `.ydk` whose first characters are `head` is one: not when it
    holds cards by name and no passcode (a typed list saved as `.ydk`, `#main` above it or
    not, which text reads instead of reporting every line as no passcode)."""
    return _by_passcode(lf_line_ends(head))


def passcode_name(code: int) -> str:
    """The name an entry carries until card data names it."""
    return str(code)


def parse(text: str, source: str = "<ydk>") -> Deck:
    deck = Deck(source=source, input_format=NAME)
    zone = MAIN
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line or is_fence(line):  # a code block's fences: a .ydk pasted into a chat message
            continue
        header = _HEADERS.get(line.lower())
        if header is None:
            header = _header_spelled_out(line)
        if header is not None:
            zone = header
            continue
        if line.startswith("#") or _SHOWCASE.match(line):
            if zone != SIDEBOARD and _MISTAKEN_SIDE.match(line):
                # A comment to YGOPro and EDOPro, which open the Side Deck at `!side` only:
                # the cards below stay where they were, said rather than silently.
                deck.problems.append(parse_error(
                    f"`{line}` does not start the Side Deck (YGOPro and EDOPro read `!side`), so the cards "
                    f"below it are read as {zone_name('yugioh', zone)} cards; write `!side` if they are the Side Deck",
                    line=number, zone=zone, severity=WARNING))
            continue
        passcode = _NUMBER.match(line)
        if passcode is None:
            with_count = _COUNTED.match(line)
            if with_count is not None:
                # `14558127 x3`, `3x 14558127`: a count, as a list by name gives it.
                code = with_count.group("code") or with_count.group("code2")
                copies = int(with_count.group("count") or with_count.group("count2"))
                deck.problems.append(parse_error(
                    f"a .ydk gives no count: write {code} on {counted(copies, 'line')}, one a copy", line=number, text=line, zone=zone))
                continue
            deck.problems.append(parse_error("expected a passcode (a number)", line=number, text=line, zone=zone))
            continue
        digits = passcode.group("code")
        code = int(digits) if len(digits) <= _PASSCODE_DIGITS else 0
        if not 0 < code <= MAX_PASSCODE:
            # A number all the same (99999999999 is not "not a number"): say what a passcode is.
            deck.problems.append(parse_error(f"passcode out of range: a passcode is a number from 1 to {MAX_PASSCODE}",
                                             line=number, text=line if len(line) <= 40 else line[:40] + "…", zone=zone))
            continue
        last = deck.entries[-1] if deck.entries else None
        if last is not None and last.code == code and last.zone == zone:
            # Copies one after another are one entry (count 2, 3) at the first copy's
            # line: the order of passcodes survives, and rules see a third as many entries.
            deck.entries[-1] = CardEntry(name=last.name, count=last.count + 1, zone=zone, line=last.line, code=code)
        else:
            deck.entries.append(CardEntry(name=passcode_name(code), count=1, zone=zone, line=number, code=code))
    return deck


def _header_spelled_out(line: str) -> str | None:
    """The zone a header other than YGOPro's own three spellings opens (`!Side Deck`,
    `#Extra Deck`), else None."""
    if line.startswith(_SIDE_MARK):
        return SIDEBOARD
    if line.startswith("#"):
        spelled = _SPELLED_HEADER.match(line)
        if spelled is not None:
            return MAIN if spelled.group("zone").lower() == "main" else EXTRA
    return None


def write(deck: Deck) -> str:
    lines = [HEADER]
    for header, zone in (("#main", MAIN), ("#extra", EXTRA), ("!side", SIDEBOARD)):
        lines.append(header)
        lines.extend(str(code) for code in passcodes(deck, zone, NAME))
    return "\n".join(lines) + "\n"
