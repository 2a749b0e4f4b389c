"""A deck check: the registered decklist against the deck as found, zone by zone.

Cards are matched by `CardEntry.key` (case, accents and split-card spelling aside; a
passcode's card by its name) and, for a name of several faces, its faces (_cards_by_faces),
after the card data made both sides' names canonical when a catalog is given. Every copy counts: a card with fewer copies in the deck than registered
is missing, one with more is extra, a card moved to the sideboard is both. The wording
stays neutral ("decklist and deck differ"): what penalty applies (Magic Tournament Rules
2.8, the Infraction Procedure Guide's Deck Problem) is the judge's call.

In a limited event (a format with a `pool` key) the sideboard is the rest of the pool,
which a registered list need not state (docs/batch.md#limited-events-registered-pools):
the basic lands the organiser hands out (the pool's `free_cards`) are left out of both
sideboards, and when the registered list states no sideboard it is the registered pool's
cards its main deck does not use, or, without a pool, the sideboards are not compared
(`DeckDiff.not_compared` says why). A pool a team shares (team
sealed, Two-Headed Giant: the format's `shared_by_team`) makes no one member's sideboard,
as the teammates' decks use it too: there only a sideboard the registered list states is
compared. A deck found with no
sideboard stated was typed up without it: with a pool its sideboard is not compared either
(and `not_compared` says so). `DeckDiff.counts` are both lists as given, before any of this.

A companion is a sideboard card: the `companion` zone only says which one (model.COMPANION;
every reader also puts it in the sideboard), so it is compared there, once. An Arena list
that names it and an MTGO list that holds it in the sideboard are the same deck, and a
companion gone from the deck is one card missing, not two; a list naming another companion,
or none, gets a note (`DeckDiff.companion_note`).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..record import NamedTuple
from ..decklists.title import titled
from ..games import zone_name
from ..model import COMMANDER, COMPANION, MAIN, MAYBEBOARD, SIDEBOARD, ZONES, CardEntry, Deck
from ..names import face_keys
from ..report.style import Shown, as_is, cell, pad, widest
from ..wording import card_names, counted, listed

if TYPE_CHECKING:
    from ..cards.catalog import Catalog
    from ..problem import Problem
    from ..formats import Format
    from ..registered_pools import Pool

REPORT_VERSION = "1"
DIFFER = "decklist and deck differ"
SAME = "decklist and deck are the same"


@dataclass(frozen=True)
class Difference:
    """One card of one zone whose copies differ: `registered` listed, `found` in the deck."""

    zone: str
    card: str
    registered: int
    found: int

    @property
    def count(self) -> int:
        return abs(self.registered - self.found)

    @property
    def missing(self) -> bool:
        return self.registered > self.found

    def to_dict(self) -> dict[str, Any]:
        return {"zone": self.zone, "card": self.card, "count": self.count, "registered": self.registered, "found": self.found}


@dataclass
class DeckDiff:
    registered: str
    found: str
    differences: list[Difference] = field(default_factory=list)
    counts: dict[str, dict[str, int]] = field(default_factory=dict)  # side -> zone -> cards
    # A warning (where, then the `unknown-card` problem) for each name the card data lacks,
    # on either side (a typo made typing up the deck) and in the pool (its sideboard would
    # lack the card): the command says them on stderr (not in the report).
    unknown: list[str] = field(default_factory=list)
    not_compared: str | None = None  # why a zone was left out (a limited list without its sideboard)
    # Card keys a list names as its commander while listing it in its main deck (a Cockatrice
    # `CDR:` line): a Commander format reads them into the command zone (commander_elsewhere).
    named_commanders: frozenset[str] = frozenset()
    # Which companion each list names, when they differ (the card is compared in the sideboard).
    companion_note: str | None = None
    # A note for each list whose blank-line layout was in doubt and was compared the other
    # way from validate's reading, being closer to the other list that way (_readings).
    reading_notes: list[str] = field(default_factory=list)
    # The game of the format or card data compared with ("" without either): the text names
    # the zones it counts in the game's words (Yu-Gi-Oh!'s Main, Extra and Side Deck).
    game: str = ""

    @property
    def same(self) -> bool:
        return not self.differences

    @property
    def missing(self) -> list[Difference]:
        return [difference for difference in self.differences if difference.missing]

    @property
    def extra(self) -> list[Difference]:
        return [difference for difference in self.differences if not difference.missing]

    @property
    def exit_code(self) -> int:
        return 0 if self.same else 1

    def to_dict(self) -> dict[str, Any]:
        out = {
            "deckcheck": REPORT_VERSION, "registered": self.registered, "found": self.found, "same": self.same,
            "message": SAME if self.same else DIFFER, "counts": self.counts,
            "missing": [difference.to_dict() for difference in self.missing],
            "extra": [difference.to_dict() for difference in self.extra],
        }
        if self.not_compared is not None:  # only then: other reports stay as they were
            out["not_compared"] = self.not_compared
        if self.reading_notes:  # likewise: which reading of a doubtful layout was compared
            out["reading_notes"] = list(self.reading_notes)
        return out


def _tally(deck: Deck, card_of: Callable[[CardEntry], tuple[str, frozenset[str] | None]]) -> dict[tuple, list]:
    """(zone, card) -> [name, copies], in the deck's order; `card_of` tells an entry's card."""
    found: dict[tuple, list] = {}
    for entry in deck.entries:
        if entry.zone in (MAYBEBOARD, COMPANION):  # a companion is counted in the sideboard
            continue
        slot = found.setdefault((entry.zone, *card_of(entry)), [entry.name, 0])
        slot[1] += entry.count
    return found


def _cards_by_faces(decks: Iterable[Deck], catalog: Catalog | None) -> Callable[[CardEntry], tuple[str, frozenset[str] | None]]:
    """How an entry of `decks` is told from the other cards: its card key (the front face)
    and, for a name of several faces, those faces (names.face_keys). `Fire // Ice` and
    `Fire // Banana` are two cards, as `Lightning Bolt` (a card of one face, the card data
    says) and `Lightning Bolt // Counterspell` are; a name of one face the card data does
    not name whole (no data, or not its card's name: `Fire` as Magic Online writes Fire //
    Ice) is the card of the one name of several faces with that front face in either list,
    when there is one."""

    def whole(name: str) -> bool:  # the card data's whole name of a card (every face)
        card = catalog.get(name) if catalog is not None else None
        return card is not None and card.name == name

    def faces_of(entry: CardEntry) -> frozenset[str] | None:
        if entry.code is not None:  # a passcode's card: one name, whatever its slashes
            return None
        faces = face_keys(entry.name)
        return faces if len(faces) > 1 or whole(entry.name) else None

    several: dict[str, set[frozenset[str]]] = {}
    for deck in decks:
        for entry in deck.entries:
            faces = faces_of(entry)
            if faces is not None and len(faces) > 1:
                several.setdefault(entry.key, set()).add(faces)

    def card_of(entry: CardEntry) -> tuple[str, frozenset[str] | None]:
        faces = faces_of(entry)
        if faces is None:
            named = several.get(entry.key, ())
            faces = next(iter(named)) if len(named) == 1 else None
        return entry.key, faces

    return card_of


def compare(
    registered: Deck, found: Deck, catalog: Catalog | None = None, fmt: Format | None = None, pool: Pool | None = None,
    *, game: str = "",
) -> DeckDiff:
    """The differences between two decks, in zone order, then the registered list's order,
    then cards only the deck holds. With `fmt`, each side's zones are the ones validating
    it against `fmt` today reads (rules.read_as): a Commander deck's commander wherever its
    file puts it, a blank-line group the format's sizes make part of the main deck (where
    that reading is in doubt, the one closer to the other list: _readings); a
    limited format's sideboards as the module docstring says, from `pool` when given.
    `game`: the game whose words name the zones when neither `fmt`, `catalog` nor a zone
    only one game has says (the lists' names told it: cli/diff.py)."""
    unknown: list[str] = []
    if catalog is not None:
        # A title above a typed list (decklists/title.py) is no card either list holds.
        registered, found = titled(registered, catalog), titled(found, catalog)
        registered, lacking = catalog.resolve_deck(registered)
        unknown += _unknown_warnings(registered.source, lacking)
        found, lacking = catalog.resolve_deck(found)
        unknown += _unknown_warnings(found.source, lacking)
        if pool is not None and fmt is not None:
            from ..cards.resolve import RULE as UNKNOWN_CARD
            from ..registered_pools import named_pool, pool_named

            # As validate names it: its names the card data lacks are warnings naming the pool and line.
            pool = named_pool(pool, catalog, fmt)
            lacking = [problem for problem in pool.problems if problem.rule == UNKNOWN_CARD]
            unknown += _unknown_warnings(pool_named(pool.source), lacking, placed=False)
    # Each pair of readings (one unless a list's layout was in doubt: _readings), compared;
    # the one with the fewest copies differing wins, the first (validate's) of equals.
    pairs = _readings(registered, found, fmt, catalog) if fmt is not None else [(registered, found, [])]
    best = min((_compared(mine, theirs, fmt, pool, catalog, notes) for mine, theirs, notes in pairs),
               key=lambda compared: sum(difference.count for difference in compared.differences))
    registered, found = best.registered, best.found
    from ..names import card_key

    named = frozenset(card_key(hint) for deck in (registered, found) for hint in deck.commander_hints)
    return DeckDiff(
        registered=registered.source, found=found.source, differences=best.differences,
        counts=best.counts, unknown=unknown, not_compared=best.not_compared, named_commanders=named,
        companion_note=_companion_note(registered, found), reading_notes=best.notes,
        game=fmt.game if fmt is not None else catalog.game if catalog is not None else _game_of(registered, found) or game,
    )


# The names the card data lacks that a list is warned of one by one (a typo or two typing up
# a deck, each with the cards meant); the rest are one warning naming a few: a list of
# another game's or language's names was a line a name, up to MAX_DECK_ENTRIES of them.
UNKNOWN_WARNED = 5


def _unknown_warnings(source: str, lacking: list[Problem], *, placed: bool = True) -> list[str]:
    """The warnings of the `unknown-card` problems of the list (or pool) `source`: the first
    UNKNOWN_WARNED each in full, then one line for the rest (`decks/a.txt: 30 more names no
    card of the card data has: 'X' (line 6), ..., and 10 more`). `placed=False`: the
    problems say their list and line in their message already (a pool's,
    registered_pools.pool_problem)."""
    from ..wording import named_few

    def where(problem: Problem) -> str:
        line = problem.line if problem.line is not None else problem.details.get("pool_line")
        return f"{problem.card!r} (line {line})" if line is not None else repr(problem.card)

    in_full = [f"{problem.placed_in(source)}: {problem.full_message}" if placed else problem.full_message
               for problem in lacking[:UNKNOWN_WARNED]]
    rest = lacking[UNKNOWN_WARNED:]
    if not rest:
        return in_full
    return [*in_full, f"{source}: {len(rest):,} more names no card of the card data has: {named_few([where(p) for p in rest], 'more')}"]


def _game_of(registered: Deck, found: Deck) -> str:
    """The game of two lists compared with no format or card data (diff without -f), as a
    zone only that game has says it (the WoW TCG's hero), so their zones are named in its
    words; "" when none does."""
    from ..games import game_of_zones  # deferred: the games package loads their descriptors

    game = game_of_zones(entry.zone for deck in (registered, found) for entry in deck.entries)
    return game.id if game is not None else ""


class _Compared(NamedTuple):
    """Two lists as compared (a limited event's sideboards made), what differs, and the
    notes on how they were read."""

    registered: Deck
    found: Deck
    counts: dict[str, dict[str, int]]
    not_compared: str | None
    differences: list[Difference]
    notes: list[str]


def _compared(
    registered: Deck, found: Deck, fmt: Format | None, pool: Pool | None, catalog: Catalog | None, notes: list[str],
) -> _Compared:
    """One reading of each list compared: their counts as given, then what differs once a
    limited event's sideboards are made (the pool's rest added to one, the basic lands the
    organiser hands out taken from both)."""
    not_compared, counts = None, {"registered": registered.counts(), "found": found.counts()}
    if fmt is not None and fmt.option("pool") is not None:
        registered, found, not_compared = _limited_sideboards(registered, found, fmt, pool, catalog)
    return _Compared(registered, found, counts, not_compared, _differences(registered, found, catalog), notes)


def _differences(registered: Deck, found: Deck, catalog: Catalog | None) -> list[Difference]:
    """The cards whose copies differ, in zone order, then the registered list's order,
    then cards only the deck holds."""
    card_of = _cards_by_faces((registered, found), catalog)
    listed, held = _tally(registered, card_of), _tally(found, card_of)
    keys = list(listed) + [key for key in held if key not in listed]
    keys.sort(key=lambda key: ZONES.index(key[0]) if key[0] in ZONES else len(ZONES))
    differences = []
    for key in keys:
        name, want = listed.get(key, (None, 0))
        other, have = held.get(key, (None, 0))
        if want != have:
            differences.append(Difference(zone=key[0], card=name or other, registered=want, found=have))
    return differences


def _readings(registered: Deck, found: Deck, fmt: Format, catalog: Catalog | None) -> list[tuple[Deck, Deck, list[str]]]:
    """The pairs of readings of both lists to compare, each with its notes: the lists as
    validating them against `fmt` reads them (rules.read_as) first, and where a list's
    blank-line layout left that reading in doubt (decklists/layout.py warns of it), its
    other reading too, with a note saying which list was read the other way (compare keeps
    the pair with the fewest copies differing). A deck check is where a main deck turns up
    one card short: validate reads an MTGO-shaped 59 + 15 as one 74-card main deck, which
    against a registered 60 + 15 made every sideboard card a difference instead of the
    one card missing."""
    from ..decklists.layout import other_reading
    from ..rules import read_as

    sides = []
    for deck, other_list in ((registered, found), (found, registered)):
        read = read_as(deck, fmt, cards=catalog)
        other = other_reading(deck, read) if fmt.option("commander") is None else None
        sides.append([(read, [])] if other is None else
                     [(read, []), (read_as(other, fmt, cards=catalog), [_reading_note(deck, other, other_list.source, fmt)])])
    return [(mine, theirs, notes + more) for mine, notes in sides[0] for theirs, more in sides[1]]


def _reading_note(deck: Deck, read: Deck, other: str, fmt: Format) -> str:
    """Says that `deck`'s last blank-line group was compared as `read` has it, the other
    way from validate's reading."""
    from ..decklists.layout import sideboard_words

    guess = deck.guessed_sideboard
    assert guess is not None
    main_deck, sideboard, heading = sideboard_words(fmt.game)  # Yu-Gi-Oh!'s Main Deck and Side Deck
    in_main = any(entry.zone == MAIN and entry.line in guess.lines for entry in read.entries)
    taken, validates = (f"part of the {main_deck}", f"the {sideboard}") if in_main else (f"the {sideboard}", f"part of the {main_deck}")
    return (f"{deck.source}: its last blank-line group ({counted(guess.cards, 'card')}, from line {guess.first_line}) "
            f"is compared as {taken}, which is closer to {other}; validate -f {fmt.id} reads it as {validates}; "
            f"a `{heading}` line above the {sideboard} makes the list say which")


def _companion_note(registered: Deck, found: Deck) -> str | None:
    """What each list names as its companion, when they differ; else None."""
    named = [{entry.key: entry.name for entry in deck.entries if entry.zone == COMPANION} for deck in (registered, found)]
    if named[0].keys() == named[1].keys():
        return None
    said = []
    for mine, other, deck in ((named[0], named[1], registered), (named[1], named[0], found)):
        only = [name for key, name in mine.items() if key not in other]
        if only:
            said.append(f"{' and '.join(only)} {'is' if len(only) == 1 else 'are'} named as the companion in {deck.source} only")
    return "; ".join(said) + "; a companion is a sideboard card, compared there"


def _limited_sideboards(
    registered: Deck, found: Deck, fmt: Format, pool: Pool | None, catalog: Catalog | None,
) -> tuple[Deck, Deck, str | None]:
    """Both decks with a limited event's sideboards as the module docstring says, and why
    the sideboards were not compared (None when they were)."""
    from ..registered_pools import pool_rest, pool_settings

    settings = pool_settings(fmt)
    free = settings.free_cards
    found_states_one = any(entry.zone == SIDEBOARD for entry in found.entries)  # basic lands alone are one

    def without_free(deck: Deck) -> Deck:
        return deck.copy(entries=[e for e in deck.entries if not (e.zone == SIDEBOARD and e.key in free)])

    registered, found = without_free(registered), without_free(found)
    if any(entry.zone == SIDEBOARD for entry in registered.entries):
        return registered, found, None
    # The zone in the game's words, as every other message names it: the WoW TCG's side deck.
    sideboard = zone_name(fmt.game, SIDEBOARD, "sideboard")
    if settings.shared_by_team:
        # Team sealed, Two-Headed Giant: the teammates' decks use the pool too, and one list
        # says nothing of theirs, so the pool's rest is no sideboard of this player's alone.
        if not any(entry.zone == SIDEBOARD for entry in found.entries):
            return registered, found, None
        found = found.copy(entries=[entry for entry in found.entries if entry.zone != SIDEBOARD])
        return registered, found, (
            f"{sideboard} not compared: in {fmt.name} the pool is the team's, so its rest is not {registered.source}'s "
            f"{sideboard} alone (the teammates' decks use the pool too), and the registered list states none; "
            f"compare a registered list that states its {sideboard}"
        )
    if pool is None:
        if not found_states_one:
            # Nothing of the pool's rest is on either side, and it is left out all the same:
            # "the same" alone read as a whole deck checked (docs/contracts.md, `not_compared`).
            return registered, found, (
                f"{sideboard} not compared: in a limited event it is the rest of the pool, which neither list states; "
                f"type the deck's {sideboard} up too and give the registered pool (--pool POOL) to compare it"
            )
        found = found.copy(entries=[entry for entry in found.entries if entry.zone != SIDEBOARD])
        return registered, found, (
            f"{sideboard} not compared: in a limited event it is the rest of the pool, which the registered "
            "list does not state; give the registered pool (--pool POOL) to compare it"
        )
    if not found_states_one:
        return registered, found, (
            f"{sideboard} not compared: the deck as found states none; type its {sideboard} up too to compare it "
            "with the rest of the pool"
        )
    return registered.copy(entries=[*registered.entries, *pool_rest(pool, registered.entries, fmt)]), found, None


def commander_elsewhere(diff: DeckDiff) -> str | None:
    """Lists compared as written (no format): a note when a card sits in one list's command
    zone and, as many copies, in the sideboard of the other (a Moxfield `Commander` section
    against an MTGO export's), which a Commander format reads alike; else None. A commander
    in the other's main deck gets one only when that list names it as its commander (a
    Cockatrice `CDR:` line, which a format reads): a format moves a commander from a flat
    list's first line only in a list of blank-line groups, so there the advice would not help."""
    from ..names import card_key

    advice = ("a Commander deck's files name the commander their own ways; give its format "
              "(such as -f mtg/commander) to read both as validate does")
    # Every such card is named (two partners moved together, not the first alone).
    in_sideboard: list[str] = []
    named_in_main: list[str] = []
    for moved in diff.differences:
        if moved.zone != COMMANDER:
            continue
        for other in diff.differences:
            if other.missing == moved.missing or other.count != moved.count or card_key(other.card) != card_key(moved.card):
                continue
            if other.zone == SIDEBOARD:
                in_sideboard.append(moved.card)
                break
            if other.zone == MAIN and card_key(other.card) in diff.named_commanders:
                named_in_main.append(moved.card)
                break
    if in_sideboard:
        return f"{_are(in_sideboard)} in the command zone of one list and the sideboard of the other: {advice}"
    if named_in_main:
        them = "it as its commander" if len(named_in_main) == 1 else "them as its commanders"
        return (f"{_are(named_in_main)} in the command zone of one list and the main deck of the "
                f"other, which names {them}: {advice}")
    return None


def _are(cards: list[str]) -> str:
    """`Tymna the Weaver is`, `'Kraum, Ludevic's Opus' and 'Tymna the Weaver' are`."""
    return f"{cards[0]} is" if len(cards) == 1 else f"{listed(card_names(cards), 'and')} are"


def render_text(diff: DeckDiff, *, shown: Shown = as_is) -> str:
    """The comparison for people: the verdict, then what is missing and what is extra, each
    a table whose cards are measured as `shown` shows them (report/style.py)."""
    if diff.same:
        from ..games import zone_counts  # deferred: the games package loads their descriptors

        totals = zone_counts(diff.game, diff.counts.get("found", {}))
        return f"{SAME}: {diff.registered} and {diff.found} ({totals})\n"
    from ..games import zone_words  # deferred, as above

    words = zone_words(diff.game)  # each card's zone as the heading of an equal pair says it
    lines = [f"{DIFFER}: {diff.registered} (registered) and {diff.found} (found)"]
    for title, differences in (("Missing from the deck (registered, not found):", diff.missing),
                          ("Extra in the deck (found, not registered):", diff.extra)):
        if differences:
            lines.append(title)
            cards = [cell(difference.card, shown) for difference in differences]
            width = widest(cards)
            lines += [
                f"  {pad(words.get(difference.zone, difference.zone), 10)} {pad(str(difference.count), 2, right=True)} {pad(card, width)}"
                f"  (registered {difference.registered}, found {difference.found})"
                for difference, card in zip(differences, cards)
            ]
    return "\n".join(lines) + "\n"
