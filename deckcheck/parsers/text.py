"""Plain-text decklists: MTGO `.txt`/`.dec`, MTG Arena exports, and lists typed by hand.

Understood line shapes: `4 Name`, `4x Name`, `Name x4`, with Arena's `(SET) 123` suffix and
`*F*` foil markers ignored, old `[SET]` prefixes ignored, and `SB: 2 Name` sideboard lines.
Section headers switch zones: `Deck`/`Main`, `Sideboard`/`Side`, `Commander`, `Companion`,
`Extra` (Yu-Gi-Oh!), `Hero` (WoW TCG; also `Hero: Name`), `Maybeboard`; each may carry a
count (`Sideboard (15)`) or a trailing colon, or stand in a comment (`// Sideboard`).
Category headings such as `Creatures (20)` are ignored. Arena's `About` / `Name ...`
block is skipped. `#` and `//` start comment lines.

Without any section header, a blank line between cards starts the sideboard, as in MTGO
text exports; with more than two blank-separated groups, the last one is the sideboard.
"""
from __future__ import annotations

import re

from ..model import COMMANDER, COMPANION, EXTRA, HERO, MAIN, MAYBEBOARD, SIDEBOARD, CardEntry, Deck
from ..names import display_name
from ..problem import Problem
from .common import make_entry, parse_error

NAME = "text"
EXTENSIONS = (".txt", ".dec", ".mwdeck", ".deck", "")
DESCRIPTION = "plain text, MTGO .txt/.dec, MTG Arena export"

_SECTION_ZONES = {
    "deck": MAIN, "main": MAIN, "main deck": MAIN, "maindeck": MAIN, "mainboard": MAIN,
    "sideboard": SIDEBOARD, "side": SIDEBOARD, "side deck": SIDEBOARD, "sb": SIDEBOARD,
    "commander": COMMANDER, "commanders": COMMANDER,
    "companion": COMPANION,
    "extra": EXTRA, "extra deck": EXTRA,
    "hero": HERO,
    "maybeboard": MAYBEBOARD, "maybe": MAYBEBOARD, "considering": MAYBEBOARD,
}
_CATEGORY_HEADINGS = {
    "creature", "creatures", "land", "lands", "spell", "spells", "instant", "instants",
    "sorcery", "sorceries", "artifact", "artifacts", "enchantment", "enchantments",
    "planeswalker", "planeswalkers", "battle", "battles", "other", "others",
    "monster", "monsters", "trap", "traps", "ally", "allies", "ability", "abilities",
    "equipment", "quest", "quests", "location", "locations", "non-creature", "noncreature",
}
_HEADER = re.compile(r"^(?P<word>[A-Za-z][A-Za-z \-]*?)\s*(?:\(\s*\d+\s*\)|\[\s*\d+\s*\]|:?\s*\d+)?\s*:?\s*$")
_HERO_LINE = re.compile(r"^hero\s*:\s*(?P<name>.+)$", re.IGNORECASE)
_SB_PREFIX = re.compile(r"^SB:\s*", re.IGNORECASE)
_COUNT_FIRST = re.compile(r"^(?P<count>[+-]?\d+)\s*[xX]?\s+(?P<name>\S.*)$")
_COUNT_LAST = re.compile(r"^(?P<name>\S.*?)\s+[xX]\s*(?P<count>\d+)$")
_SET_SUFFIX = re.compile(r"\s+\((?P<set>[A-Za-z0-9_]{2,8})\)(?:\s+[A-Za-z0-9\-★*]+)?\s*$")
_SET_PREFIX = re.compile(r"^\[[A-Za-z0-9_]{0,8}\]\s*")
_MARKERS = re.compile(r"\s+\*[A-Za-z]{1,2}\*")
_ARENA_ABOUT = "about"
# `4 Lightning Bolt`: a count of 1..9999 and a name with no decoration (`*F*`, `(SET)`,
# `[SET]`) and no `x` count marker. Almost every line of a real list; parsed directly.
_PLAIN_LINE = re.compile(r"([1-9][0-9]{0,3}) +(?![xX]\s)([^\s*(\[][^*(\[]*)\Z")


def sniff(text: str) -> bool:
    """Text is the fallback format: anything that is not XML or a known section file."""
    return True


def _strip_decorations(name: str) -> str:
    # Most names carry no decoration: skip each pattern unless its marker character is there.
    if "*" in name:
        name = _MARKERS.sub("", name)
    if "(" in name:
        name = _SET_SUFFIX.sub("", name)
    if "[" in name:
        name = _SET_PREFIX.sub("", name)
    return name.strip()


def _section(line: str) -> str | None:
    """The zone a header line switches to, `""` for a category heading, None otherwise."""
    match = _HEADER.match(line)
    if not match:
        return None
    word = match.group("word").strip().lower()
    if word in _SECTION_ZONES:
        return _SECTION_ZONES[word]
    if word in _CATEGORY_HEADINGS or word == _ARENA_ABOUT:
        return ""
    return None


def _card_line(line: str, *, zone: str, number: int) -> CardEntry | Problem:
    match = _COUNT_FIRST.match(line)
    if match:
        return make_entry(match.group("count"), _strip_decorations(match.group("name")), zone=zone, line=number, raw=line)
    bare = _strip_decorations(line)
    match = _COUNT_LAST.match(bare)
    if match:
        return make_entry(match.group("count"), match.group("name"), zone=zone, line=number, raw=line)
    return parse_error("expected `COUNT Card Name`", line=number, text=line, zone=zone)


def parse(text: str, source: str = "<text>") -> Deck:
    deck = Deck(source=source, input_format=NAME)
    # Pass 1 classifies lines; zones from blank lines are decided once the whole shape is known.
    groups: list[list[tuple[int, str, str | None]]] = [[]]  # (line no, text, explicit zone)
    zone: str | None = None  # None until a header names one
    saw_header = False
    in_about = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().replace("\x00", "")
        if not line:
            in_about = False
            if groups[-1]:
                groups.append([])
            continue
        if line[0].isdigit() and not in_about:
            # `4 Name`, the shape of almost every line: no header, hero or SB: line starts so.
            groups[-1].append((number, line, zone))
            continue
        if line.startswith("#") or line.startswith("//"):
            comment = line.lstrip("#/").strip()
            section = _section(comment) if comment else None
            if section:
                zone, saw_header = section, True
            continue
        hero = _HERO_LINE.match(line)
        if hero:
            deck.entries.append(CardEntry(name=_strip_decorations(hero.group("name")), count=1, zone=HERO, line=number))
            saw_header = True
            continue
        section = _section(line)
        if section is not None:
            if line.strip().lower().rstrip(":") == _ARENA_ABOUT:
                in_about = True
            elif section:
                zone, saw_header = section, True
            continue
        if in_about:
            continue  # Arena's `Name My Deck` metadata
        if _SB_PREFIX.match(line):
            groups[-1].append((number, _SB_PREFIX.sub("", line), SIDEBOARD))
        else:
            groups[-1].append((number, line, zone))
    groups = [group for group in groups if group]
    blank_line_sideboard = not saw_header and len(groups) > 1
    for index, group in enumerate(groups):
        for number, line, explicit in group:
            if explicit is not None:
                line_zone = explicit
            elif blank_line_sideboard and index == len(groups) - 1:
                line_zone = SIDEBOARD
            else:
                line_zone = MAIN
            plain = _PLAIN_LINE.match(line)
            if plain:  # what _card_line would make of it, without its detours
                deck.entries.append(CardEntry(display_name(plain.group(2)), int(plain.group(1)), line_zone, number))
                continue
            result = _card_line(line, zone=line_zone, number=number)
            if isinstance(result, Problem):
                deck.problems.append(result)
            else:
                deck.entries.append(result)
    _companion_in_sideboard(deck)
    return deck


def _companion_in_sideboard(deck: Deck) -> None:
    """A companion is a sideboard card; Arena lists it in both places, others only once."""
    companions = [entry for entry in deck.entries if entry.zone == COMPANION]
    if not companions:
        return
    sideboard = {entry.key for entry in deck.entries if entry.zone == SIDEBOARD}
    for entry in companions:
        if entry.key not in sideboard:
            deck.entries.append(CardEntry(name=entry.name, count=entry.count, zone=SIDEBOARD, line=entry.line))
