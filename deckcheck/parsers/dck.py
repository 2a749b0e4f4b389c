"""Forge `.dck`: `[metadata]` then `[Main]`, `[Sideboard]`, `[Commander]` sections of
`N Name|SET|art` lines (`|SET` and `|art` optional)."""
from __future__ import annotations

import re

from ..model import COMMANDER, MAIN, MAYBEBOARD, SIDEBOARD, Deck
from ..problem import Problem
from .common import make_entry, parse_error

NAME = "dck"
EXTENSIONS = (".dck",)
DESCRIPTION = "Forge .dck"

_SECTION = re.compile(r"^\[(?P<name>[^\]]+)\]\s*$")
_CARD = re.compile(r"^(?P<count>[+-]?\d+)\s+(?P<name>[^|]+?)\s*(?:\|.*)?$")
_ZONES = {
    "main": MAIN, "sideboard": SIDEBOARD, "commander": COMMANDER,
    "planes": MAYBEBOARD, "schemes": MAYBEBOARD, "conspiracy": MAYBEBOARD, "avatar": MAYBEBOARD,
}


def sniff(text: str) -> bool:
    head = text[:4000].lower()
    return "[metadata]" in head or ("[main]" in head and "|" in text[:4000])


def parse(text: str, source: str = "<dck>") -> Deck:
    deck = Deck(source=source, input_format=NAME)
    zone: str | None = None
    section = ""
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        match = _SECTION.match(line)
        if match:
            section = match.group("name").strip().lower()
            zone = _ZONES.get(section)
            if zone is None and section != "metadata":
                deck.problems.append(parse_error("unknown Forge section", line=number, text=line))
            continue
        if section == "metadata":
            if line.lower().startswith("name="):
                deck.name = line[5:].strip() or None
            continue
        if zone is None:
            deck.problems.append(parse_error("card line outside a known section", line=number, text=line))
            continue
        card = _CARD.match(line)
        if not card:
            deck.problems.append(parse_error("expected `COUNT Name|SET`", line=number, text=line, zone=zone))
            continue
        result = make_entry(card.group("count"), card.group("name"), zone=zone, line=number, raw=line)
        if isinstance(result, Problem):
            deck.problems.append(result)
        else:
            deck.entries.append(result)
    return deck
