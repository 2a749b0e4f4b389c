"""Forge `.dck`: `[metadata]` then `[Main]`, `[Sideboard]`, `[Commander]` sections of
`N Name|SET|art` lines (`|SET` and `|art` optional, `Name+` a foil copy). Forge's old files
open with the deck's name and a `[general]` section (its type) instead of `[metadata]`.

`Comment=` in `[metadata]` (where Forge's deck editor saves a deck's comment), else
`Description=` (a quest precon's blurb), is the deck's comments. Written with `[metadata]`
holding the deck's name and its comments (one `Comment=` line: Forge reads a key per line, so
the lines of a longer comment are joined with " / "), then `[Commander]`, `[Main]`, `[Sideboard]`."""
from __future__ import annotations

import re

from ..model import COMMANDER, MAIN, MAYBEBOARD, SIDEBOARD, Deck
from .common import add_entry, counted, lf_line_ends, parse_error, split_lines, squeeze, too_long
from ..lazy_pattern import lazy

NAME = "dck"
EXTENSIONS = (".dck",)
# XMage saves `.dck` files too, in a text layout of its own (`NAME:`, `4 [M10:146] Name`,
# `SB: ...`, `LAYOUT ...` lines) that the text parser reads: a `.dck` is Forge's only when
# it reads as Forge's (`sniff`).
BY_CONTENT_ONLY = True
DESCRIPTION = "Forge .dck"
SNIFF_MARK = "["  # sniff says no to a file without one in its head (its `[section]` lines): decklists.choose
ZONES = (MAIN, SIDEBOARD, COMMANDER)  # what the format can hold (written)
# How a file of this format names its commander(s) (the `commander` rule's "no commander" says it).
COMMANDER_NAMED_BY = "in a `[Commander]` section (one card, or two that pair)"

_SECTION = lazy(r"^\[(?P<name>[^\]]+)\]\s*$")
# Forge marks a foil copy with a `+` after the name (`4 Lightning Bolt+|M10|1`, CardDb's
# foil suffix): no card name ends with one, so it is dropped with the printing.
_CARD = lazy(r"^(?P<count>[+-]?\d+)\s+(?P<name>[^|]+?)\s*\+?\s*(?:\|.*)?$")
_ZONES = {
    "main": MAIN, "sideboard": SIDEBOARD, "commander": COMMANDER,
    # Forge's other DeckSections hold cards outside the deck proper (planes, schemes, ...).
    "planes": MAYBEBOARD, "schemes": MAYBEBOARD, "conspiracy": MAYBEBOARD, "avatar": MAYBEBOARD,
    "dungeon": MAYBEBOARD, "attractions": MAYBEBOARD, "contraptions": MAYBEBOARD,
}
# `key=value` sections: deck metadata, and the unlock terms of Forge's quest precons.
# `[general]` is the header of Forge's old files, which Forge still reads: the deck type
# (`Constructed`) in it, and the deck's name on the lines above it, before any section.
_LEGACY_HEADER = "general"
_SETTINGS_SECTIONS = ("metadata", "shop", _LEGACY_HEADER)
# The `[metadata]` keys of the deck's comments, in the order taken: Forge's DeckFileHeader
# reads (and its DeckSerializer writes) `Comment`; its quest precons describe themselves in
# `Description`.
_COMMENT_KEYS = ("comment", "description")
_KNOWN_SECTION = lazy(r"^\[(?:metadata|main)\]\s*$", re.IGNORECASE | re.MULTILINE)


def sniff(text: str) -> bool:
    """A Forge file opens with a `[section]` line (or, in Forge's old layout, its name, on
    as many lines as it takes, then `[general]`: `parse` joins them as Forge does) and has
    `[metadata]` or `[Main]`; a text list may use `[Sideboard]` as a header, but it does not
    start with one before its cards."""
    head = text[:4000]
    lines = [line.strip() for line in split_lines(head) if line.strip() and not line.lstrip().startswith("#")]
    sections = (match.group("name").strip().lower() for match in map(_SECTION.match, lines) if match)
    first_section = next(sections, None)
    opens = first_section is not None and (_SECTION.match(lines[0]) is not None or first_section == _LEGACY_HEADER)
    return opens and _KNOWN_SECTION.search(lf_line_ends(head)) is not None


def parse(text: str, source: str = "<dck>") -> Deck:
    deck = Deck(source=source, input_format=NAME)
    zone: str | None = None
    section = ""
    before: list[tuple[int, str]] = []  # lines before the first section: an old file's name, else errors
    comments: dict[str, str] = {}  # the comment keys of [metadata]: _COMMENT_KEYS
    for number, raw in enumerate(split_lines(text), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        long_line = too_long(line, number, zone)
        if long_line:
            deck.problems.append(long_line)
            continue
        line = squeeze(line)
        match = _SECTION.match(line)
        if match:
            if not section:
                _settle_lines_before(deck, before, first_section=match.group("name").strip().lower())
            section = match.group("name").strip().lower()
            zone = _ZONES.get(section)
            if zone is None and section not in _SETTINGS_SECTIONS:
                # Reported once here; its lines are skipped rather than reported one by one.
                deck.problems.append(parse_error("unknown Forge section", line=number, text=line))
            continue
        if section in _SETTINGS_SECTIONS:
            if section == "metadata":
                key, _, value = line.partition("=")
                if key.strip().lower() == "name":
                    deck.name = value.strip() or None
                elif key.strip().lower() in _COMMENT_KEYS:
                    comments[key.strip().lower()] = value.strip()
            continue
        if zone is None:
            if not section:
                before.append((number, line))
            continue
        card = _CARD.match(line)
        if not card:
            deck.problems.append(parse_error("expected `COUNT Name|SET`", line=number, text=line, zone=zone))
            continue
        add_entry(deck, card.group("count"), card.group("name"), zone=zone, line=number, raw=line)
    if not section:
        _settle_lines_before(deck, before, first_section=None)
    deck.comments = next((comments[key] for key in _COMMENT_KEYS if comments.get(key)), None)
    return deck


def _settle_lines_before(deck: Deck, lines: list[tuple[int, str]], *, first_section: str | None) -> None:
    """The lines before the first section: the deck's name when `[general]` follows them
    (Forge's old layout), else each a `parse-error`."""
    if first_section == _LEGACY_HEADER:
        deck.name = " ".join(line for _, line in lines) or None
        return
    deck.problems.extend(parse_error("card line outside a known section", line=number, text=line) for number, line in lines)


def write(deck: Deck) -> str:
    # One line, whatever the file read held: a Cockatrice deck named with `[Main]` and
    # `4 Black Lotus` on lines of their own wrote them as lines of the list.
    lines = ["[metadata]", f"Name={squeeze(deck.name or '') or 'deck'}"]
    if deck.comments:
        lines.append("Comment=" + " / ".join(line.strip() for line in deck.comments.splitlines() if line.strip()))
    for zone, section in ((COMMANDER, "Commander"), (MAIN, "Main"), (SIDEBOARD, "Sideboard")):
        rows = counted(deck, zone)
        if rows or zone == MAIN:
            lines.append(f"[{section}]")
            lines.extend(f"{count} {name}" for count, name in rows)
    return "\n".join(lines) + "\n"
