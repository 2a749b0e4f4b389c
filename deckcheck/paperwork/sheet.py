"""What a registration sheet says, before any drawing: the header (event, date, player,
ID, team, seat, format), the deck in sections of counted cards, zone totals, and the
verdict deckcheck reached.

Card names are the card data's spelling where a catalog knows the card, and card types
for `--sort type` come from the catalog too. Each game's sections live in
games/<game>/sheet.py (a `sections(cards, by_type=...)` function and a `TITLE`); a game
without one gets one section per zone, names in alphabetical order.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..model import COMMANDER, COMPANION, EXTRA, HERO, MAIN, MAYBEBOARD, SIDEBOARD, ZONES, CardEntry, Deck
from ..names import fold
from ..problem import WARNING
from ..wording import counted

if TYPE_CHECKING:
    from ..cards.catalog import Catalog
    from ..formats import Format
    from ..registered_pools import Pool
    from ..result import DeckResult

NO_TYPES_NOTE = "no card data knows these cards' types, so the main deck is sorted by name"
# The words after the sideboard's title when the registered pool made it (sheet_cards).
FROM_POOL = "(rest of the pool)"
TEAM_SHOWN_CHARS = 60  # a team name in the team note (the header box cuts it at 120)
ZONE_TITLES = {
    MAIN: "Main deck", SIDEBOARD: "Sideboard", EXTRA: "Extra deck", COMMANDER: "Commander",
    COMPANION: "Companion", HERO: "Hero",
}
# Oathbreaker's command zone holds the oathbreaker and its signature spell (docs/commander.md).
_SIGNATURE_SPELL_TITLES = {**ZONE_TITLES, COMMANDER: "Oathbreaker + Signature Spell"}


@dataclass(frozen=True)
class SheetCard:
    """A card as the sheet lists it: the card data's name, copies in one zone, and its
    card types (None: no card data knows the card)."""

    name: str
    count: int
    zone: str
    types: frozenset[str] | None = None
    # A card of the limited sideboard the registered pool makes (the pool's rest), not of the list.
    from_pool: bool = False


@dataclass
class Section:
    """A titled list of (count, name) lines. `zone` is the zone whose total it adds to;
    None for a section listed for information only (a companion also sits in the sideboard)."""

    title: str
    zone: str | None
    lines: list[tuple[int, str]] = field(default_factory=list)
    # Start in the right-hand column when the left one is in use (a Magic sideboard
    # stands beside the main deck, as on the paper sheet).
    beside: bool = False

    @property
    def total(self) -> int:
        return sum(count for count, _ in self.lines)


@dataclass(frozen=True)
class Registrant:
    """Who registers the deck, and where: what the header of the sheet shows."""

    player: str
    event: str
    date: dt.date | None = None
    player_id: str | None = None
    team: str | None = None
    seat: str | None = None
    deck_file: str | None = None  # in a batch: the registration's file, for the deck-check table


@dataclass
class Sheet:
    """One registration sheet. `broken` says why there is no decklist to show (a batch
    row whose deck is missing or unreadable); its page says that instead of the deck."""

    title: str
    fields: list[tuple[str, str]]
    sections: list[Section] = field(default_factory=list)
    totals: list[tuple[str, int]] = field(default_factory=list)
    verdict: str = ""
    notes: list[str] = field(default_factory=list)
    broken: str | None = None
    # The broken page's heading, above its reason: a row whose format cannot be used has a
    # decklist, which the desk must not be sent to chase.
    broken_heading: str = "No decklist for this registration"
    problems: list[str] = field(default_factory=list)
    # deckcheck's warnings on the deck (a list's blank-line layout read one way of two: a
    # last group of 16 cards made part of a 76-card main deck): the sheet lists the deck as
    # read, so whoever signs it or checks the deck against it is told of the doubt.
    warnings: list[str] = field(default_factory=list)


def alphabetical(cards: Iterable[SheetCard]) -> list[tuple[int, str]]:
    return [(card.count, card.name) for card in sorted(cards, key=lambda card: (fold(card.name), card.name))]


def in_zone(cards: Iterable[SheetCard], zone: str) -> list[SheetCard]:
    return [card for card in cards if card.zone == zone]


def zone_titles(fmt: Format | None) -> dict[str, str]:
    """ZONE_TITLES in the format's own words: a format with signature spells (Oathbreaker)
    heads its command zone "Oathbreaker + Signature Spell", not "Commander"."""
    if fmt is not None and (fmt.option("commander") or {}).get("signature_spell"):
        return _SIGNATURE_SPELL_TITLES
    return ZONE_TITLES


def zone_section(
    cards: Sequence[SheetCard], zone: str, title: str | None = None, *, counted: bool = True, beside: bool = False,
    always: Collection[str] = (),
) -> list[Section]:
    """The zone's cards as one alphabetical section; nothing when the zone is empty, but for
    a zone in `always` (empty_zones), whose section stands empty, with its total 0."""
    listed = in_zone(cards, zone)
    if not listed and zone not in always:
        return []
    return [Section(title or ZONE_TITLES.get(zone, zone.capitalize()), zone if counted else None, alphabetical(listed), beside)]


def grouped(
    cards: Sequence[SheetCard], zone: str, groups: Sequence[tuple[str, str]], *, other: str = "Other cards",
) -> list[Section]:
    """The zone's cards in sections by card type: `groups` lists (title, type) in the order
    a card is placed (its first type found wins), and the sections appear in that order.
    Cards of none of those types go under `other`, cards no data knows under "Not in the
    card data"."""
    unknown = "Not in the card data"
    by_title: dict[str, list[SheetCard]] = {}
    for card in in_zone(cards, zone):
        title = unknown if card.types is None else next((name for name, kind in groups if kind in card.types), other)
        by_title.setdefault(title, []).append(card)
    order = [name for name, _ in groups] + [other, unknown]
    return [Section(title, zone, alphabetical(by_title[title])) for title in order if title in by_title]


def main_deck(
    cards: Sequence[SheetCard], groups: Sequence[tuple[str, str]], *, by_type: bool, title: str = "Main deck",
) -> list[Section]:
    """The main deck: by card type when asked and some card is known, else alphabetical."""
    known = any(card.types is not None for card in in_zone(cards, MAIN))
    if by_type and known:
        return grouped(cards, MAIN, groups)
    return zone_section(cards, MAIN, title)


def generic_sections(cards: Sequence[SheetCard], *, by_type: bool, always: Collection[str] = ()) -> list[Section]:
    """Every zone as one alphabetical section: the sheet of a game with no sheet.py."""
    return [section for zone in ZONES if zone != MAYBEBOARD for section in zone_section(cards, zone, always=always)]


def empty_zones(fmt: Format, day: dt.date, platform: str | None = None) -> frozenset[str]:
    """The zones beside the main deck whose section a sheet shows even when the deck leaves
    them empty: the sideboard (and Yu-Gi-Oh!'s Extra Deck) of a format that sizes it with
    room for a card on `day`. The paper forms have its box and its total, which a deck
    without one fills with 0; a blank is a sheet missing it, or room to write one in later.
    Not Commander's sideboard (its size is 0), nor a limited deck's, which is the rest of
    the pool and no size of the format's (sheet_cards makes it from a registered pool).
    `platform` None: paper's sizes."""
    shown = set()
    for zone in (EXTRA, SIDEBOARD):
        size = fmt.zone_size(zone, day) if platform is None else fmt.zone_size(zone, day, platform)
        if size is not None and (size.max is None or size.max > 0) and size.exactly != 0:
            shown.add(zone)
    return frozenset(shown)


def sheet_cards(
    deck: Deck, catalog: Catalog | None, fmt: Format, day: dt.date, pool: Pool | None = None,
) -> list[SheetCard]:
    """The deck's cards as the sheet lists them: names made the catalog's, in the zones
    validating the deck against `fmt` on `day` reads (rules.read_as: a Commander deck's
    commander wherever its file puts it, a blank-line group the sizes make part of the main
    deck), copies of one card in one zone added up (first line first), types from the catalog.
    In a limited event whose list states no sideboard, the registered `pool`'s cards the main
    deck does not use are its sideboard (`from_pool`), as `diff --pool` compares it."""
    from ..registered_pools import named_pool, pool_sideboard
    from ..rules import read_as

    if catalog is not None:
        deck, _ = catalog.resolve_deck(deck)
    deck = read_as(deck, fmt, cards=catalog, day=day)
    rest: list[CardEntry] | None = None
    if pool is not None:
        # Named as the deck is, so `Stomp` in the pool is the deck's Bonecrusher Giant; only
        # when the deck takes its sideboard from it (named_pool's work and its one memo).
        rest = pool_sideboard(pool if catalog is None else lambda: named_pool(pool, catalog, fmt), deck.entries, fmt)
    rest = rest or []
    from_pool = {id(entry) for entry in rest}
    merged: dict[tuple[str, str], SheetCard] = {}
    for entry in [*deck.entries, *rest]:
        if entry.zone == MAYBEBOARD:
            continue
        key = (entry.zone, entry.key)
        found = merged.get(key)
        if found is not None:
            merged[key] = SheetCard(found.name, found.count + entry.count, found.zone, found.types)
            continue
        record = catalog.lookup(entry) if catalog is not None else None
        types = frozenset(record.types) if record is not None else None
        merged[key] = SheetCard(entry.name, entry.count, entry.zone, types, from_pool=id(entry) in from_pool)
    return list(merged.values())


def header_fields(
    registrant: Registrant, fmt: Format | str, shown_id: str = "", deck_name: str | None = None,
) -> list[tuple[str, str]]:
    """The sheet's header; `fmt` is the format, or the name a registration gave one that
    could not be used. `shown_id` is the format as the deck's report names it (a zip's
    format file by its path in the archive), `fmt.id` by default. `deck_name` is the name
    the deck file gives its deck (a Cockatrice <deckname>, a Forge Name=, a list's title
    line), in the Deck Name box of Wizards' decklist; no box when it names none."""
    fields = [
        ("Event", registrant.event), ("Date", registrant.date.isoformat() if registrant.date else ""),
        ("Player", registrant.player), ("Player ID", registrant.player_id or ""),
        ("Format", fmt if isinstance(fmt, str) else f"{fmt.name} ({shown_id or fmt.id})"),
    ]
    if deck_name:
        fields.append(("Deck name", deck_name))
    if registrant.team:
        fields.append(("Team", registrant.team + (f", seat {registrant.seat}" if registrant.seat else "")))
    elif registrant.seat:  # a booster draft's seat at its pod's table (a row of no team)
        fields.append(("Seat", registrant.seat))
    if registrant.deck_file:
        fields.append(("Deck file", registrant.deck_file))
    return fields


def verdict_line(result: DeckResult, fmt: Format, day: dt.date) -> str:
    """deckcheck's verdict at the foot of the sheet. A legal limited deck's says whether
    its cards were checked against a registered pool: without one, a sheet must not vouch
    for cards the player may not have opened."""
    errors = sum(problem.is_error for problem in result.problems)
    if not errors:
        if result.pool is not None:
            return f"Checked by deckcheck: legal in {fmt.name} on {day.isoformat()}, every card from the pool {result.pool}."
        if fmt.option("pool") is not None:
            return (f"Checked by deckcheck: legal in {fmt.name} on {day.isoformat()}; "
                    "no pool given, so its cards were not checked against one.")
        return f"Checked by deckcheck: legal in {fmt.name} on {day.isoformat()}."
    return f"Checked by deckcheck: NOT legal in {fmt.name} on {day.isoformat()} ({counted(errors, 'problem')})."


def build_sheet(
    deck: Deck, fmt: Format, result: DeckResult, *, registrant: Registrant, day: dt.date,
    catalog: Catalog | None, by_type: bool = True, pool: Pool | None = None,
) -> Sheet:
    """The registration sheet of a checked deck, in its game's layout (games/<game>/sheet.py);
    `pool`, the registered pool it was checked against, makes a limited deck's sideboard
    when the list states none (sheet_cards)."""
    from ..decklists.title import titled
    from ..games import find, listing_zones, zone_name

    # Whether a typed list's first line is its title, decided as validating it does (and
    # once: the deck read below keeps the decision): a title is the deck's name, no card.
    deck = titled(deck, catalog)
    game = find(fmt.game)
    layout = game.sheet_layout() if game is not None else None
    cards = sheet_cards(deck, catalog, fmt, day, pool)
    always = empty_zones(fmt, day, getattr(result.as_of, "platform", None))
    sections = (layout.sections if layout is not None else generic_sections)(cards, by_type=by_type, always=always)
    titles = zone_titles(fmt)
    from_pool = any(card.from_pool for card in cards)
    # The main deck's total as the game's sheet words it (Yu-Gi-Oh!'s Main Deck); other
    # zones: their section's title, as it was before a sideboard's is marked as the pool's.
    labels: dict[str, str] = {MAIN: getattr(layout, "MAIN_TITLE", ZONE_TITLES[MAIN])}
    for section in sections:
        if section.zone == COMMANDER and titles is not ZONE_TITLES:
            section.title = titles[COMMANDER]
        elif section.zone == SIDEBOARD and from_pool:
            # Not the list's own: the judge is told where it comes from (the totals keep "Sideboard").
            labels.setdefault(SIDEBOARD, section.title)
            section.title = f"{section.title} {FROM_POOL}"
    notes = []
    if registrant.team and result.legal:
        # A batch draws each sheet before the team is checked: a legal deck of a team over
        # the unified copy limit must not read as the team's clearance.
        from ..report.style import cut

        notes.append(f"This verdict is the deck's alone: team {cut(registrant.team, TEAM_SHOWN_CHARS)} "
                     "is checked as a whole in the event's report.")
    if by_type and (catalog is None or all(card.types is None for card in cards)):
        notes.append(NO_TYPES_NOTE)
    totals: dict[str, int] = {}
    for section in sections:
        if section.zone is not None:
            totals[section.zone] = totals.get(section.zone, 0) + section.total
            labels.setdefault(section.zone, section.title)
    # Zones the game's form totals even when a deck leaves them empty (Yu-Gi-Oh!'s Extra and
    # Side Deck: 0), so no blank total stands where a judge expects one.
    for zone in getattr(layout, "TOTALS", ()):
        totals.setdefault(zone, 0)
        labels.setdefault(zone, zone_name(fmt.game, zone))
    title = layout.TITLE if layout is not None else f"{game.label if game else fmt.game} deck registration sheet"
    # The format's own words for the game's (a Yu-Gi-Oh! OCG sheet's Japanese beside English).
    local = layout.words(fmt) if layout is not None and hasattr(layout, "words") else {}
    for section in sections:
        section.title = local.get(section.title, section.title)
    return Sheet(
        title=local.get(title, title), fields=header_fields(registrant, fmt, result.format, deck.name), sections=sections,
        totals=[(local.get(labels[zone], labels[zone]), totals[zone]) for zone in listing_zones(fmt.game) if zone in totals],
        verdict=verdict_line(result, fmt, day), notes=notes,
        problems=[problem.message for problem in result.problems if problem.is_error],
        warnings=[problem.message for problem in result.problems if problem.severity == WARNING],
    )


def broken_sheet(
    registrant: Registrant, fmt: Format | str, reason: str, problems: Sequence[str], warnings: Sequence[str] = (),
    *, unreadable: bool = False,
) -> Sheet:
    """The page of a registration with no deck to show (or no format to show it in: `fmt`
    is then the name the registration gave it), saying why; its other errors (`problems`)
    and its warnings (a deck file another row names too) after that, as a sheet lists them.
    `unreadable`: the deck could not be read, so the page says there is no decklist even
    when the format could not be used either (the desk chases the list first)."""
    sheet = Sheet(title="Registration without a decklist", fields=header_fields(registrant, fmt), broken=reason,
                  problems=list(problems), warnings=list(warnings))
    if isinstance(fmt, str) and not unreadable:  # the deck is there: the format is why
        sheet.title = "Registration without a usable format"
        sheet.broken_heading = "No sheet for this registration: its format could not be used"
    return sheet
