"""YGOPro / EDOPro Forbidden & Limited lists (`lflist.conf`) and their format YAML.

    #[2026.05 TCG]            a title (a comment to YGOPro)
    !2026.05 TCG              starts a list
    $whitelist                (EDOPro) only the listed cards may be played
    21044178 0 --Abyss Dweller
    14558127 1 --Ash Blossom & Joyous Spring

Each `code count` line gives a passcode and the copies allowed (0 Forbidden, 1 Limited,
2 Semi-Limited; 3 in whitelists); the `--comment` is the card's name by convention. Lines
before the first `!` and other `#` lines are comments. A line that is none of these is
reported with its line number and skipped, as YGOPro skips it, and so is a passcode out of
range (not 1 to MAX_PASSCODE, as a `.ydk` reads).

A file with a `$genesys` line (or `$pointcap N`) anywhere is a Genesys point list, as
EDOPro reads it (ProjectIgnis/LFLists `Genesys.lflist.conf`; EDOPro's IsGenesysListFile):
each `code N` line gives the card N points a copy, not N copies, and `$pointcap N` the cap
(before any `!Name`, the default for the lists after it; else 100, `rules/points.py`).
`points_yaml` writes such a list as a format extending yugioh/genesys. (YGOPro forks that
write `$genesys 100` and `code $genesys N` lines are not read: those lines are skipped.)

`format_yaml` turns one list into a deckcheck format file whose `card_limits` carry the
passcodes, so the list works with or without card data. A list named for the TCG or the OCG
(`!2026.05 TCG`, as EDOPro names its own) is that region's: its format checks that every
card was released there (rule `region`), as yugioh/advanced-tcg and -ocg do, so a newer list
imported in their place checks no less than they did.

A list is the whole list of its day: a card it leaves out is unlimited. A list imported
`--extends` a format with card limits of its own (yugioh/advanced-tcg) would keep every
limit the base still has in force, since the lists of a format add up along `extends`
(docs/format-files.md); so `no_longer_listed` finds each card the base limits with no end
date that the list leaves out, and the format file names it at the copy limit (3), which
governs that card alone, as a child's entry does.

A list's own date decides the days its format's lists are known for: from it
(`lists_known_from`, before which rule `format-date` says no list can be checked: the list
was not yet in force) and up to it (`lists_known_up_to`, the day after which a report says
a newer list may be in force). It is the date its name gives (`2026.05 TCG`: 2026-05-01,
`list_date`), not the base's, which the format would inherit (yugioh/advanced-tcg's
1999-08-01 and 2026-08-22 for a list of 2024); a name without a date writes `null` over
each day the base has (nothing is known of the list's day).
"""
from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from ...limits import MAX_FORMAT_WORD_CHARS, MAX_LFLISTS, NumberTooLong, one_line, whole_number
from . import MAX_PASSCODE, is_passcode
from ...lazy_pattern import lazy
from ...names import fold

_ENTRY = lazy(r"^(?P<code>\d{1,10})\s+(?P<count>-?\d+)\s*(?P<rest>.*)$")
# EDOPro names its lists by the month they take effect (`2026.05 TCG`), a day at times.
_LIST_DATE = lazy(r"(?<![0-9])(?P<year>(?:19|20)[0-9]{2})[.-](?P<month>[0-9]{1,2})(?:[.-](?P<day>[0-9]{1,2}))?(?![0-9])")
# EDOPro's directives of a Genesys point list: `$genesys` alone marks the file as one,
# `$pointcap N` gives the cap (DeckManager::IsGenesysListFile, LoadGenesysListSingle).
_GENESYS = lazy(r"^\$genesys\s*$", re.IGNORECASE)
_POINT_CAP = lazy(r"^\$pointcap(?![0-9A-Za-z_])\s*(?P<cap>\S*)", re.IGNORECASE)
# Where a comment's card name ends: a tab or two spaces (see _comment_name).
_COMMENT_END = lazy(r"\t|  ")
_REGION_WORD = lazy(r"(?<![0-9A-Za-z])(TCG|OCG)(?![0-9A-Za-z])", re.IGNORECASE)
MAX_COUNT = 3
# The format keys of the days a format's lists are known for, each set to the list's date
# (format_yaml), with what that day does.
KNOWN_DAYS = {
    "lists_known_from": "an earlier event is told the list was not yet in force",
    "lists_known_up_to": "a later event is told a newer list may be in force",
}


@dataclass(frozen=True)
class LimitLine:
    code: int
    count: int  # copies allowed; in a point list, the card's points a copy
    name: str | None
    line: int


@dataclass
class LfList:
    name: str
    line: int
    whitelist: bool = False
    entries: list[LimitLine] = field(default_factory=list)
    # A Genesys point list (`$genesys`): `entries` give points, `point_cap` the cap (None:
    # the format's default).
    points: bool = False
    point_cap: int | None = None


def is_point_list(text: str) -> bool:
    """Whether an lflist.conf is a Genesys point list: a `$genesys` or `$pointcap` line
    anywhere in it, as EDOPro decides for the whole file."""
    return any(_GENESYS.match(line.strip()) or _POINT_CAP.match(line.strip()) for line in text.splitlines())


@dataclass
class ParsedLfLists:
    lists: list[LfList]
    problems: list[str]  # "line N: reason", for lines skipped
    more_lists: bool = False  # the file holds more than MAX_LFLISTS lists: read up to the first one past them


def _comment_name(rest: str) -> str | None:
    """The card name a line's comment gives: up to a tab or a run of spaces, after which
    EDOPro's own lists note their sections (GOAT.lflist.conf: `--Sangan\t\t\tMAIN DECK
    MONSTERS`); no card name holds a tab or two spaces in a row."""
    rest = rest.strip()
    for marker in ("--", "#"):
        if rest.startswith(marker):
            rest = rest[len(marker):].strip()
            break
    return _COMMENT_END.split(rest, maxsplit=1)[0].strip() or None


def parse_lflist(text: str) -> ParsedLfLists:
    lists: list[LfList] = []
    problems: list[str] = []
    current: LfList | None = None
    text = text.lstrip("\ufeff")
    points = is_point_list(text)
    default_cap: int | None = None  # a `$pointcap` before any list: the cap of the lists after it
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("!"):
            if len(lists) == MAX_LFLISTS:
                return ParsedLfLists(lists, problems, more_lists=True)
            # The list's name is its format's, which holds at most MAX_FORMAT_WORD_CHARS: a
            # longer one is cut, so the file written loads.
            name = line[1:].strip()[:MAX_FORMAT_WORD_CHARS].strip()
            current = LfList(name=name or f"list {len(lists) + 1}", line=number, points=points, point_cap=default_cap)
            lists.append(current)
            continue
        if _GENESYS.match(line):  # the file is a point list (is_point_list): nothing more to read
            continue
        cap_line = _POINT_CAP.match(line)
        if cap_line is not None:
            try:
                cap = whole_number(cap_line["cap"] or "")
            except ValueError:  # NumberTooLong too
                cap = -1
            if cap < 0:
                problems.append(f"line {number}: `$pointcap` takes a whole number of points, 0 or more; got {line[:80]!r}")
                continue
            if current is None:
                default_cap = cap
            else:
                current.point_cap = cap
            continue
        if line.lower().startswith("$whitelist"):
            if current is None:
                problems.append(f"line {number}: $whitelist before any `!Name` list header")
            else:
                current.whitelist = True
            continue
        match = _ENTRY.match(line)
        if match is None:
            problems.append(f"line {number}: expected `passcode count --name`, got {line[:80]!r}")
            continue
        if current is None:
            problems.append(f"line {number}: card line before any `!Name` list header")
            continue
        try:
            count = whole_number(match.group("count"))
        except NumberTooLong as exc:
            problems.append(f"line {number}: points are {exc}" if points
                            else f"line {number}: count is {exc}; give 0 to {MAX_COUNT}")
            continue
        if points and count < 0:  # EDOPro skips a card of negative points
            problems.append(f"line {number}: points {count} are below 0")
            continue
        if not points and not 0 <= count <= MAX_COUNT:
            problems.append(f"line {number}: count {count} is not 0 to {MAX_COUNT}")
            continue
        code = int(match.group("code"))
        if not is_passcode(code):  # the format file's schema would refuse it (formats/schema.py)
            problems.append(f"line {number}: passcode {code} is out of range: a passcode is a number from 1 to {MAX_PASSCODE}")
            continue
        current.entries.append(LimitLine(code, count, _comment_name(match.group("rest")), number))
    return ParsedLfLists(lists=lists, problems=problems)


def limit_entry_yaml(name: str | None, code: int | None, limit: int, since: str | None = None,
                     until: str | None = None) -> str:
    """One `card_limits` item as a flow mapping (names JSON-quoted: always valid YAML)."""
    parts = []
    if name:
        parts.append(f"card: {json.dumps(name, ensure_ascii=False)}")
    if code is not None:
        parts.append(f"code: {code}")
    parts.append(f"limit: {limit}")
    if since:
        parts.append(f"since: {since}")
    if until:
        parts.append(f"until: {until}")
    return "  - {" + ", ".join(parts) + "}"


# A card the base limits and the list leaves out: its name and passcode as the base's entry
# writes them (an entry keyed as the base's replaces the base's history for that card).
Lifted = tuple[str, "int | None"]


def no_longer_listed(lflist: LfList, base_limits: Iterable[object], unlimited: int,
                     named: Callable[[int], str | None] | None = None) -> list[Lifted]:
    """The cards the base's `card_limits` (its merged entries) limit below `unlimited` with no
    end date, which `lflist` does not name (by passcode, or by name as its format file names
    the card), each once, in the base's order. None for a whitelist, which lifts nothing: only
    its own cards are legal, its format inheriting no card limits (formats/merge.py)."""
    if lflist.whitelist:
        return []
    codes = {item.code for item in lflist.entries}
    names = {fold((named and named(item.code)) or item.name or "") for item in lflist.entries}
    lifted: dict[str, Lifted] = {}
    for item in base_limits:
        entry = {"card": item} if isinstance(item, str) else item
        if not isinstance(entry, dict) or "until" in entry or not isinstance(entry.get("limit", 0), int):
            continue
        card, code = entry.get("card"), entry.get("code")
        if entry.get("limit", 0) >= unlimited or code in codes or (card and fold(card) in names):
            continue
        key = str(code) if code is not None else fold(card or "")
        lifted.setdefault(key, (card or "", code))
    return list(lifted.values())


def region_of(name: str) -> str | None:
    """The region a list's name says it is for (`2026.05 TCG`: `tcg`); None when it names
    neither, or both."""
    regions = {word.lower() for word in _REGION_WORD.findall(name)}
    return regions.pop() if len(regions) == 1 else None


def list_date(name: str) -> dt.date | None:
    """The day a list's name says it is of (`2026.05 TCG`: 2026-05-01, `2026.05.18`: that
    day); None when it names none, or no real day."""
    match = _LIST_DATE.search(name)
    if match is None:
        return None
    try:
        return dt.date(int(match["year"]), int(match["month"]), int(match["day"] or 1))
    except ValueError:  # `2026.13`: no month
        return None


def slug(name: str) -> str:
    """A file name for a list: `2026.05 TCG` -> `2026.05-tcg`."""
    text = re.sub(r"[^0-9A-Za-z.]+", "-", name).strip("-.").lower()
    return text or "lflist"


def format_yaml(lflist: LfList, *, extends: str, source: str, named: Callable[[int], str | None] | None = None,
                lifted: Sequence[Lifted] = (), unlimited: int = MAX_COUNT, base_known: Sequence[str] = ()) -> str:
    """One list as a format file. `named(code)` is the card data's name for a passcode (None
    when it lacks one): each card is named as Konami prints it, not by the list's comment,
    which EDOPro's own lists misspell at times (`Exxodia the Forbidden one`); a card matched
    by name (a typed list without card data) and `formats show` then read the printed name.
    `lifted`: the cards `extends` limits that the list leaves out (no_longer_listed), written
    at `unlimited` copies after the list's own. `base_known`: the keys of KNOWN_DAYS that
    `extends` sets (the days its lists are known from and up to), which a list without a
    date must not inherit."""
    lines = _head(lflist, extends=extends, source=source, kind="Forbidden & Limited list", base_known=base_known)
    if lflist.whitelist:
        lines.append("whitelist: true  # only its cards, at its limits: the card limits of the formats it extends do not count")
    rows = [limit_entry_yaml((named and named(item.code)) or item.name, item.code, item.count) for item in lflist.entries]
    if lifted:
        rows.append(f"  # Limited in {extends} but not on this list, which replaces the lists before it: unlimited here.")
        rows += [limit_entry_yaml(name or None, code, unlimited) for name, code in lifted]
    lines.append("card_limits:" + ("" if rows else " []"))
    lines.extend(rows)
    return "\n".join(lines) + "\n"


def _head(lflist: LfList, *, extends: str, source: str, kind: str, base_known: Sequence[str],
          days: Sequence[str] = tuple(KNOWN_DAYS)) -> list[str]:
    """The lines a format file of one list starts with: its name, base, source, the region
    its name says and the `days` (keys of KNOWN_DAYS) its lists are known for (see
    format_yaml)."""
    # The comment names the file and the list as a message does (`one_line`): a line break
    # in a file's name (`a<LF>whitelist: true`) would end the comment and write a key, a
    # control character would make the file no YAML.
    lines = [
        f"# Converted by `deckcheck formats import-lflist` from {one_line(source)} (list `!{one_line(lflist.name)}`).",
        f"name: {json.dumps(lflist.name, ensure_ascii=False)}",
        "game: yugioh",
        f"extends: {extends}",
        f"description: {json.dumps(f'{kind} {lflist.name} from an EDOPro lflist.conf', ensure_ascii=False)}",
        "sources:",
        f"  - {json.dumps(f'{source}, list !{lflist.name}', ensure_ascii=False)}",
    ]
    region = region_of(lflist.name)
    if region is not None:
        lines.append(f"region: {region}  # the list's name says whose it is: cards not released there are not legal")
    known = list_date(lflist.name)
    for key, why in KNOWN_DAYS.items():
        if key not in days:
            continue
        if known is not None:
            lines.append(f"{key}: {known.isoformat()}  # the list's date: {why}")
        elif key in base_known:
            lines.append(f"{key}: null  # the list names no date: {extends}'s is not this list's")
    return lines


def points_yaml(lflist: LfList, *, extends: str, source: str, named: Callable[[int], str | None] | None = None,
                base_known: Sequence[str] = ()) -> str:
    """A Genesys point list (`lflist.points`) as a format file: `points` keyed by the card
    data's name of each passcode (so `formats show` and a deck by name read it; a passcode
    the data lacks stays the key, its comment beside it, as EDOPro's comments misspell a few
    cards), and the list's `$pointcap` as `max_points`. A passcode listed twice keeps its
    last points, as EDOPro does. The list's date is the day it is known from only: a later
    event's note would speak of a newer Forbidden & Limited List, which Genesys does not use."""
    lines = _head(lflist, extends=extends, source=source, kind="Genesys point list", base_known=base_known,
                  days=("lists_known_from",))
    if lflist.point_cap is not None:
        lines.append(f"max_points: {lflist.point_cap}")
    rows: dict[str, str] = {}
    for item in lflist.entries:
        name = named(item.code) if named is not None else None
        if name is not None:
            rows[fold(name)] = f"  {json.dumps(name, ensure_ascii=False)}: {item.count}"
        else:
            comment = f"  # {item.name}" if item.name else ""
            rows[str(item.code)] = f"  {item.code}: {item.count}{comment}"
    lines.append("points:" + ("" if rows else " {}"))
    lines.extend(rows.values())
    return "\n".join(lines) + "\n"
