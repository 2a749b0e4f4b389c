"""The deck as every parser produces it and every rule reads it."""
from __future__ import annotations

from collections.abc import Container, Iterable, Iterator, Sequence

from .names import card_key, fold
from .problem import LineProblems, Problem
from .record import NamedTuple, Record

MAIN = "main"
SIDEBOARD = "sideboard"
EXTRA = "extra"          # Yu-Gi-Oh! Extra Deck
COMMANDER = "commander"
COMPANION = "companion"  # a designation: the companion also sits in the sideboard
HERO = "hero"            # World of Warcraft TCG
MAYBEBOARD = "maybeboard"  # listed for reference only, never counted

ZONES = (MAIN, SIDEBOARD, EXTRA, COMMANDER, COMPANION, HERO, MAYBEBOARD)
# How messages name a zone whose id is not the word players use (others: the id itself).
ZONE_LABELS = {EXTRA: "Extra Deck", COMMANDER: "command zone", HERO: "hero"}
# A copy limit of any number of copies: a format's `copy_limit.per_card` value, and what a
# card's own text says ("A deck can have any number of cards named ...").
ANY_NUMBER = "any"
# Zones whose cards are part of what a player registers (copies, bans, pool checks).
PLAYED_ZONES = (MAIN, SIDEBOARD, EXTRA, COMMANDER, HERO)


# Records, not dataclasses: imported at every start-up (deckcheck/record.py).
class CardEntry(Record):
    """One line of a decklist: `count` copies of `name` in `zone`.

    `written` keeps the name as the file spelled it when the card database made it
    canonical; `code` is a game's numeric card id (Yu-Gi-Oh! passcode) when the list
    names cards by number. Treated as immutable (change one with `replace`).
    """

    __slots__ = ("name", "count", "zone", "line", "written", "code")

    def __init__(
        self, name: str, count: int, zone: str = MAIN, line: int | None = None,
        written: str | None = None, code: int | None = None,
    ) -> None:
        self.name = name
        self.count = count
        self.zone = zone
        self.line = line
        self.written = written
        self.code = code

    def _key(self) -> tuple[object, ...]:
        # Record's _key without its per-field getattr: one is built per decklist line.
        return (self.name, self.count, self.zone, self.line, self.written, self.code)

    @property
    def key(self) -> str:
        # A numbered card (a Yu-Gi-Oh! passcode) is never a Magic split card: its name is
        # one name even with slashes in it (`D/D/D Flame King Genghis`, `A/D Changer`).
        if self.code is not None:
            return fold(self.name)
        return _KEYS.get(self.name) or _new_key(self.name)


class GuessedSideboard(Record):
    """A sideboard a parser took from the list's layout alone: the last of `groups`
    blank-line groups (the MTGO convention), on `lines`, holding `cards` cards. Whether that
    reading stands depends on the format's sizes (decklists/layout.py decides)."""

    __slots__ = ("lines", "cards", "groups")

    def __init__(self, lines: frozenset[int], cards: int, groups: int) -> None:
        self.lines = lines
        self.cards = cards
        self.groups = groups

    @property
    def first_line(self) -> int:
        return min(self.lines)


class StatedLines(NamedTuple):
    """What a typed list states of its own totals, as the text parser found it: `found`
    (line, text, what it is: text.STATED_*, the first card line of the blank-line group a
    total closes or None), `headings` (line, zone after it, text, whether it heads a zone)
    and `title`, the line that may be the list's title. Plain numbers and the parser's own
    lists: decklists/stated.py builds the boxes each number may count only when it compares
    them (a check), so parsing, `convert` and `diff` pay nothing for them."""

    found: list[tuple[int, str, str, int | None]]
    headings: list[tuple[int, str | None, str, bool]]
    title: int | None


class MaybeTitle(Record):
    """The first line of a typed list, `text` on line `line` with no count, where a title
    may stand: alone above the cards (`alone`: a blank line after it) or just above a
    counted card. Read as one copy of the card `name` until card data says it names none.
    `warning` is the parser's "no count" warning that names it; `rest` the warning the
    list's other lines with no count would have on their own (None when there are none)."""

    __slots__ = ("line", "text", "name", "alone", "warning", "rest")

    def __init__(self, line: int, text: str, name: str, alone: bool, warning: Problem, rest: Problem | None) -> None:
        self.line = line
        self.text = text
        self.name = name
        self.alone = alone
        self.warning = warning
        self.rest = rest


class Deck(Record):
    """A parsed decklist. `problems` holds what the parser could not read (a LineProblems:
    only the first unreadable lines are listed, limits.py); `guessed_sideboard` the
    sideboard it read from blank lines alone, if any."""

    __slots__ = (
        "source", "entries", "problems", "input_format", "name", "comments", "unreadable", "commander_hints",
        "banner_card", "guessed_sideboard", "maybe_title", "empty_command_heading", "cut_line", "headed", "drafter",
        "stated_totals", "_counted",
    )
    # Where a list was read, not what it holds: two readings of one deck are equal.
    NOT_COMPARED = frozenset({"headed", "stated_totals"})
    # What the parser counted on its way (note_zone_counts), not a field: ==, the hash, the
    # repr and `replace` ignore it.
    NOT_FIELDS = frozenset({"_counted"})
    __hash__ = None  # type: ignore[assignment]  # mutable: parsers fill it in

    def __init__(
        self, source: str, entries: list[CardEntry] | None = None, problems: list[Problem] | None = None,
        input_format: str | None = None, name: str | None = None, unreadable: bool = False,
        commander_hints: tuple[str, ...] = (), guessed_sideboard: GuessedSideboard | None = None,
        banner_card: str | None = None, comments: str | None = None, maybe_title: MaybeTitle | None = None,
        empty_command_heading: tuple[int, str] | None = None, cut_line: int | None = None,
        headed: bool = False, drafter: str | None = None, stated_totals: StatedLines | None = None,
    ) -> None:
        self.source = source
        self.entries = [] if entries is None else entries
        self.problems = LineProblems() if problems is None else problems
        self.input_format = input_format
        self.name = name
        # The deck's own notes (a Cockatrice `<comments>`, a Forge `Comment=`), kept so
        # `convert` writes them where the target format has room (decklists/cod.py, dck.py).
        self.comments = comments
        # True when the file could not be read at all (missing, unreadable, too big): the
        # CLI then exits 2, because the input, not the deck, is at fault.
        self.unreadable = unreadable
        # Cards the file names as its commander(s) while listing them among the other cards
        # (a `CDR:` comment of a Cockatrice file): a Commander format moves them to the
        # command zone when the deck has none (rules/_commander_placing.py), and so does `convert`
        # for a format with a command zone.
        self.commander_hints = commander_hints
        # The card a Cockatrice file shows as the deck's picture (any deck may have one): a
        # Commander format takes it as the commander when the file names none and it can lead.
        self.banner_card = banner_card
        self.guessed_sideboard = guessed_sideboard
        # A first line that may be the list's title rather than a card (`Mono Red Burn`
        # above the cards): only card data can tell, so the parser records it and
        # decklists/title.py decides once the format's catalog is known.
        self.maybe_title = maybe_title
        # A text list's command-zone heading with no card under it (`Commander`, then a blank
        # line and `Deck`): its line and text as written. The parser keeps no empty section,
        # so the "no commander" problem said to add the heading the list has (rules/commander.py).
        self.empty_command_heading = empty_command_heading
        # The last line of a text or Forge file that ends with no line break after it (a
        # file saved or copied in part stops so): an unknown card there whose suggestions
        # start with its name may have been cut (cards/resolve.py). None for any other file.
        self.cut_line = cut_line
        # True when a text list heads its deck or side deck itself (`Deck`, `Sideboard`, a
        # category heading): its blank lines are spacing, so cards after a blank line are
        # no blank-line group (rules/hero.py reads a run-on `Hero` section by it).
        self.headed = headed
        # The player a Magic Online draft log names as its drafter (`--> NAME` among its
        # players): a batch row registering the log as its pool is told when it is another
        # player's (batch/check.py). None for any other file.
        self.drafter = drafter
        # The totals a typed list states for itself (`Main Deck Total: 40`, `Sideboard (15)`),
        # as the parser found them: compared with the deck's final zones (decklists/stated.py).
        # None for nearly every list.
        self.stated_totals = stated_totals
        self._counted: tuple[list[CardEntry], dict[str, int], frozenset[str]] | None = None

    def note_zone_counts(self, counts: dict[str, int], zones: frozenset[str]) -> None:
        """Record `counts` (cards per zone, `main` and `sideboard` first, as `counts()` gives
        them) and the `zones` used of the entries as they are now: a parser that summed them
        in C on its way (the text parser's fast path) spares the check a pass over the
        entries (rules/context.py reads them while the deck lists the same entry objects)."""
        self._counted = (list(self.entries), counts, zones)

    def as_given(self) -> Deck:
        """The deck as a library caller hands it back (check_deck, convert, simulate): without
        the counts the parser noted, since a caller may have changed an entry in place
        (`deck.entries[1].count = 50`), which the entries' identity cannot show. The deck
        itself when nothing was noted; else a shallow copy (the caller's deck untouched)."""
        return self if self._counted is None else self.copy(_counted=None)

    def zone_counts_noted(self) -> tuple[dict[str, int], frozenset[str]] | None:
        """(counts, zones) of note_zone_counts when the deck still lists the very entries
        they were noted for, in that order (compared in C, object by object: an entry
        replaced, added or removed since, by a caller or a later step, leaves them unused);
        else None. Entries are treated as immutable: the same objects hold the same counts
        on the parser's own way to the check (a deck a library caller hands back is taken
        `as_given`, its noted counts dropped)."""
        noted = self._counted
        if noted is None or noted[0] != self.entries:
            return None
        return noted[1], noted[2]

    def zone(self, zone: str) -> list[CardEntry]:
        return [entry for entry in self.entries if entry.zone == zone]

    def in_zones(self, zones: Iterable[str]) -> Iterator[CardEntry]:
        wanted = set(zones)
        return (entry for entry in self.entries if entry.zone in wanted)

    def count(self, zone: str) -> int:
        return sum(entry.count for entry in self.entries if entry.zone == zone)

    def counts(self) -> dict[str, int]:
        """Cards per zone: `main` and `sideboard` always, other zones when used."""
        totals = {MAIN: 0, SIDEBOARD: 0}
        for entry in self.entries:
            totals[entry.zone] = totals.get(entry.zone, 0) + entry.count
        return totals

    def with_entries(self, entries: list[CardEntry]) -> Deck:
        return self.copy(entries=entries)

    def copy(self, **changes: object) -> Deck:
        """A shallow copy with `changes`: `replace` without its per-field lookups by name
        (every deck of a batch is copied once or twice)."""
        copied = object.__new__(Deck)
        copied.source = self.source
        copied.entries = self.entries
        copied.problems = self.problems
        copied.input_format = self.input_format
        copied.name = self.name
        copied.comments = self.comments
        copied.unreadable = self.unreadable
        copied.commander_hints = self.commander_hints
        copied.banner_card = self.banner_card
        copied.guessed_sideboard = self.guessed_sideboard
        copied.maybe_title = self.maybe_title
        copied.empty_command_heading = self.empty_command_heading
        copied.cut_line = self.cut_line
        copied.headed = self.headed
        copied.drafter = self.drafter
        copied.stated_totals = self.stated_totals
        copied._counted = self._counted
        for name, value in changes.items():
            setattr(copied, name, value)
        return copied


class CardTally(NamedTuple):
    """How many copies of one card a deck (or a team) holds, and where.

    A named tuple rather than a frozen dataclass: every rule tallies every deck, and a
    batch builds millions of these, where a frozen dataclass's __init__ costs three times more.
    """

    key: str
    name: str
    total: int
    by_zone: dict[str, int]
    first_line: int | None
    first_zone: str
    # The card's entries when it is on several lines (else empty): the list `tally` built
    # anyway, kept for a problem that names every line (rules/copy_limit.card_lines).
    entries: Sequence[CardEntry] = ()


def move_one(entries: list[CardEntry], keys: Container[str], zone: str) -> list[CardEntry] | None:
    """One copy of the first main deck or sideboard entry whose key is in `keys` moved to
    `zone`, first (the rest stays where it was); None when no entry is."""
    index = next((i for i, entry in enumerate(entries) if entry.zone in (MAIN, SIDEBOARD) and entry.key in keys), None)
    if index is None:
        return None
    entry = entries[index]
    moved = entry.replace(count=1, zone=zone)
    rest = [] if entry.count == 1 else [entry.replace(count=entry.count - 1)]
    return [moved, *entries[:index], *rest, *entries[index + 1:]]


# card_key of the names of entries without a code (every Magic entry), in a plain dict:
# copy_totals asks once per entry of every deck, and a dict lookup costs a fraction of a
# call through card_key's lru_cache (about 100 instructions against 700). A pure function of
# the name, so never stale; bounded as card_key's own cache is, emptied when full (a hostile
# list of a million different names keeps at most that many).
_KEYS: dict[str, str] = {}
_KEYS_KEPT = 65536


def _new_key(name: str) -> str:
    """card_key(name), remembered in _KEYS."""
    if len(_KEYS) >= _KEYS_KEPT:
        _KEYS.clear()
    key = _KEYS[name] = card_key(name)
    return key


def copy_totals(entries: Iterable[CardEntry]) -> dict[str, int]:
    """Copies per card key over `entries`: the count every limit check starts from."""
    totals: dict[str, int] = {}
    get = totals.get
    known = _KEYS.get
    for entry in entries:
        # = entry.key, inlined, the name's key read from _KEYS
        if entry.code is None:
            key = known(entry.name) or _new_key(entry.name)
        else:
            key = fold(entry.name)
        totals[key] = get(key, 0) + entry.count
    return totals


def tally(entries: Iterable[CardEntry], only: Container[str] | None = None) -> dict[str, CardTally]:
    """Add up copies of each card over `entries`, keyed by `CardEntry.key` (of the cards
    whose key is in `only`, when given: a rule that reports two cards tallies those two).

    Counts of the same card on several lines add up; the first line and zone it appears on
    are kept so problems can point at it.
    """
    # key -> [total, first entry, later entries...]: one cheap pass (every rule of every deck
    # of a batch reads this), then the zone breakdown only where a card has several lines.
    found: dict[str, list] = {}
    known = _KEYS.get
    for entry in entries:
        # = entry.key, inlined (see copy_totals)
        key = (known(entry.name) or _new_key(entry.name)) if entry.code is None else fold(entry.name)
        if only is not None and key not in only:
            continue
        slot = found.get(key)
        if slot is None:
            found[key] = [entry.count, entry]
        else:
            slot[0] += entry.count
            slot.append(entry)
    counted = {}
    for key, slot in found.items():
        first = slot[1]
        if len(slot) == 2:
            counted[key] = CardTally(key, first.name, slot[0], {first.zone: first.count}, first.line, first.zone)
            continue
        by_zone = {}
        listed = slot[1:]
        for entry in listed:
            by_zone[entry.zone] = by_zone.get(entry.zone, 0) + entry.count
        counted[key] = CardTally(key, first.name, slot[0], by_zone, first.line, first.zone, listed)
    return counted
