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

from ...limits import MAX_FORMAT_WORD_CHARS, NumberTooLong, whole_number
from . import MAX_PASSCODE, is_passcode
from ...lazy_pattern import lazy
from ...names import fold

_ENTRY = lazy(r"^(?P<code>\d{1,10})\s+(?P<count>-?\d+)\s*(?P<rest>.*)$")
# EDOPro names its lists by the month they take effect (`2026.05 TCG`), a day at times.
_LIST_DATE = lazy(r"(?<![0-9])(?P<year>(?:19|20)[0-9]{2})[.-](?P<month>[0-9]{1,2})(?:[.-](?P<day>[0-9]{1,2}))?(?![0-9])")
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
    count: int
    name: str | None
    line: int


@dataclass
class LfList:
    name: str
    line: int
    whitelist: bool = False
    entries: list[LimitLine] = field(default_factory=list)


@dataclass
class ParsedLfLists:
    lists: list[LfList]
    problems: list[str]  # "line N: reason", for lines skipped


def _comment_name(rest: str) -> str | None:
    rest = rest.strip()
    for marker in ("--", "#"):
        if rest.startswith(marker):
            return rest[len(marker):].strip() or None
    return rest or None


def parse_lflist(text: str) -> ParsedLfLists:
    lists: list[LfList] = []
    problems: list[str] = []
    current: LfList | None = None
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("!"):
            # The list's name is its format's, which holds at most MAX_FORMAT_WORD_CHARS: a
            # longer one is cut, so the file written loads.
            name = line[1:].strip()[:MAX_FORMAT_WORD_CHARS].strip()
            current = LfList(name=name or f"list {len(lists) + 1}", line=number)
            lists.append(current)
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
            problems.append(f"line {number}: count is {exc}; give 0 to {MAX_COUNT}")
            continue
        if not 0 <= count <= MAX_COUNT:
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
    lines = [
        f"# Converted by `deckcheck formats import-lflist` from {source} (list `!{lflist.name}`).",
        f"name: {json.dumps(lflist.name, ensure_ascii=False)}",
        "game: yugioh",
        f"extends: {extends}",
        f"description: {json.dumps(f'Forbidden & Limited list {lflist.name} from an EDOPro lflist.conf', ensure_ascii=False)}",
        "sources:",
        f"  - {json.dumps(f'{source}, list !{lflist.name}', ensure_ascii=False)}",
    ]
    region = region_of(lflist.name)
    if region is not None:
        lines.append(f"region: {region}  # the list's name says whose it is: cards not released there are not legal")
    known = list_date(lflist.name)
    for key, why in KNOWN_DAYS.items():
        if known is not None:
            lines.append(f"{key}: {known.isoformat()}  # the list's date: {why}")
        elif key in base_known:
            lines.append(f"{key}: null  # the list names no date: {extends}'s is not this list's")
    if lflist.whitelist:
        lines.append("whitelist: true  # only its cards, at its limits: the card limits of the formats it extends do not count")
    rows = [limit_entry_yaml((named and named(item.code)) or item.name, item.code, item.count) for item in lflist.entries]
    if lifted:
        rows.append(f"  # Limited in {extends} but not on this list, which replaces the lists before it: unlimited here.")
        rows += [limit_entry_yaml(name or None, code, unlimited) for name, code in lifted]
    lines.append("card_limits:" + ("" if rows else " []"))
    lines.extend(rows)
    return "\n".join(lines) + "\n"
