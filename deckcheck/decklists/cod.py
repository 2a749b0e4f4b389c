"""Cockatrice `.cod` XML: `<zone name="main|side|tokens"><card number= name=/></zone>` (tokens
read outside the deck, as a maybeboard).

Cockatrice has no command zone: a Commander deck lists its commander in `main` (naming it
in a `CDR: Name` line of the comments, as TappedOut's exports do, or showing it as the
deck's `<bannerCard>`) or alone in `side`. The named commanders are kept as the deck's
commander hints, the banner card as its banner card; a Commander format places the card
(rules/_commander_placing.py).

The other lines of `<comments>` are the deck's comments. Written with the deck's name, its
banner card (else its first commander), a `CDR: Name` comment line for each commander and
then the deck's comments, and a `main` zone (the commanders first) and a `side` zone."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..limits import MAX_COMMANDER_HINTS
from ..model import COMMANDER, MAIN, MAYBEBOARD, SIDEBOARD, CardEntry, Deck
from ..problem import WARNING
from .common import add_entry, counted, parse_error
from ..lazy_pattern import lazy

if TYPE_CHECKING:
    from .xmlsafe import Element

NAME = "cod"
EXTENSIONS = (".cod",)
XML = True  # chosen by extension only when the content is XML
DESCRIPTION = "Cockatrice .cod XML"
SNIFF_MARK = "<"  # sniff says no to a file without one in its head (its `<cockatrice_deck` root): decklists.choose
ZONES = (MAIN, SIDEBOARD)  # what the format can hold (written)
COMMANDER_FILED_IN = MAIN  # where it files a commander: in main, named by a CDR line
# How a file of this format names its commander(s) (the `commander` rule's "no commander" says it).
COMMANDER_NAMED_BY = "with a `CDR: Name` comment line, as its banner card, or alone in the `side` zone"

# `tokens`, the tokens a deck makes, is no part of the deck: read outside it, as a text
# list's `Tokens` section is, so `convert` says they are not written rather than lose them.
_ZONES = {"main": MAIN, "side": SIDEBOARD, "tokens": MAYBEBOARD}
_ROOT = "cockatrice_deck"
# Matched against a stripped line (`_commander_named`): a lazy name before `\s*$` was grown a
# character at a time with the blanks after it tried from each, quadratic in a line of blanks.
_COMMANDER_LINE = lazy(r"(?:CDR|Commander)\s*:\s*(?P<name>\S.*)", re.IGNORECASE)


def sniff(text: str) -> bool:
    return "<cockatrice_deck" in text[:2000]


# What Cockatrice writes in a deck besides its zones (`<tags>`, `<lastLoadedTimestamp>`: its later versions).
_DECK_METADATA = frozenset({"deckname", "comments", "bannerCard", "tags", "lastLoadedTimestamp"})


def _commander_named(line: str) -> str | None:
    """The commander a comment line names (`CDR: Name`, `Commander: Name`), else None."""
    match = _COMMANDER_LINE.fullmatch(line.strip())
    return None if match is None else match.group("name")


def parse(text: str, source: str = "<cod>") -> Deck:
    deck = Deck(source=source, input_format=NAME)
    from .xmlsafe import misplaced, parse_xml  # expat is loaded only for XML decks (start-up: docs/speed.md)

    root = parse_xml(text, source=source)
    # The deck's name, comments, banner card and zones are children of the deck, cards
    # children of their zone (xmlsafe.py says why): a `CDR:` comment inside a card is none.
    deck_elements = [child for top in root.children for child in top.children]

    def named(tag: str) -> list[Element]:
        return [element for element in deck_elements if element.tag == tag]

    deck.name = next((name.text.strip() or None for name in named("deckname")), None)
    comment_elements = named("comments")
    comment_lines = [line for comments in comment_elements for line in comments.text.splitlines()]
    named_by_line = [_commander_named(line) for line in comment_lines]
    hints = list(dict.fromkeys(name for name in named_by_line if name is not None))
    if len(hints) > MAX_COMMANDER_HINTS:
        # Each named card is placed against every other and every card of the deck: a
        # comment of thousands of `CDR:` lines is no deck's (limits.py).
        deck.problems.append(parse_error(
            f"{len(hints):,} commanders in `CDR:` lines; only the first {MAX_COMMANDER_HINTS} were read "
            "(a deck has one or two commanders)", line=comment_elements[0].line, severity=WARNING,
        ))
        del hints[MAX_COMMANDER_HINTS:]
    deck.commander_hints = tuple(hints)
    # The CDR lines are the commanders, written again from them; the rest is the deck's.
    deck.comments = "\n".join(line for line, name in zip(comment_lines, named_by_line) if name is None).strip() or None
    deck.banner_card = next((banner.text.strip() for banner in named("bannerCard") if banner.text.strip()), None)
    zones = named("zone")
    if not zones and not (any(top.tag == _ROOT for top in root.children) and all(
        element.tag in _DECK_METADATA for element in deck_elements
    )):
        # Cockatrice writes a zone only for its cards: its own file of an empty deck has
        # none, and is an empty list (deck-size says so), not XML of another kind, nor a
        # deck whose cards are in elements Cockatrice does not write (`<Zone>`), left unread.
        deck.problems.append(parse_error("no <zone> elements: not a Cockatrice .cod file?", line=1))
    for zone_element in zones:
        zone_name = zone_element.attrs.get("name", "").strip().lower()
        zone = _ZONES.get(zone_name)
        if zone is None:
            deck.problems.append(parse_error(
                f"unknown Cockatrice zone (Cockatrice's are {', '.join(_ZONES)}); its cards were not read",
                line=zone_element.line, text=zone_name,
            ))
            continue
        deck.problems.extend(misplaced(zone_element, "card", zone=zone))
        for card in zone_element.children_named("card"):
            raw = " ".join(f'{key}="{value}"' for key, value in card.attrs.items())
            if "name" not in card.attrs:
                deck.problems.append(parse_error("<card> without a name", line=card.line, text=raw, zone=zone))
                continue
            add_entry(deck, card.attrs.get("number", "1").strip(), card.attrs["name"], zone=zone, line=card.line, raw=raw)
    return deck


def kept_outside(deck: Deck) -> list[CardEntry]:
    """The cards outside the deck a .cod writes: a .cod's own tokens zone (read as the
    maybeboard, which holds nothing else in a .cod); another list's maybeboard may be a
    `Maybeboard` as well as `Tokens`, and is not written (convert says so)."""
    return deck.zone(MAYBEBOARD) if deck.input_format == NAME else []


def write(deck: Deck) -> str:
    # Imported here: xml.sax.saxutils pulls in urllib.request, which reading decks never needs.
    from xml.sax.saxutils import escape, quoteattr

    from .xmlsafe import xml_chars

    commanders = [name for _, name in counted(deck, COMMANDER)]
    named = list(dict.fromkeys([*commanders, *deck.commander_hints]))
    banner = deck.banner_card or next(iter(named), None)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<cockatrice_deck version="1">',
             f"    <deckname>{escape(deck.name or '')}</deckname>"]
    if banner:
        lines.append(f'    <bannerCard providerId="">{escape(banner)}</bannerCard>')
    comments = [f"CDR: {name}" for name in named] + ([deck.comments] if deck.comments else [])
    lines.append(f"    <comments>{escape(chr(10).join(comments))}</comments>")
    for zone, label in ((MAIN, "main"), (SIDEBOARD, "side"), (MAYBEBOARD, "tokens")):
        if zone == MAYBEBOARD:  # the tokens zone of a .cod read, written back as it was
            rows = [(entry.count, entry.name) for entry in kept_outside(deck)]
        else:
            rows = (counted(deck, COMMANDER) if zone == MAIN else []) + counted(deck, zone)
        if not rows:
            continue
        lines.append(f'    <zone name="{label}">')
        lines.extend(f"        <card number=\"{count}\" name={quoteattr(name)}/>" for count, name in rows)
        lines.append("    </zone>")
    lines.append("</cockatrice_deck>")
    return xml_chars("\n".join(lines) + "\n")
