"""`.ydk`: the layout YGOPro itself saves (`#created by ...`, `#main`, `#extra`, `!side`),
one passcode a line, in the deck's order, each copy on its own line."""
from __future__ import annotations

from ...model import EXTRA, MAIN, SIDEBOARD, Deck
from ._passcodes import passcodes

NAME = "ydk"
DESCRIPTION = "YGOPro/EDOPro .ydk"
ZONES = (MAIN, EXTRA, SIDEBOARD)
HEADER = "#created by ..."


def write(deck: Deck) -> str:
    lines = [HEADER]
    for header, zone in (("#main", MAIN), ("#extra", EXTRA), ("!side", SIDEBOARD)):
        lines.append(header)
        lines.extend(str(code) for code in passcodes(deck, zone))
    return "\n".join(lines) + "\n"
