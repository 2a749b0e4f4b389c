"""Registered pools of limited events: the cards a player (or a team) opened or drafted.

A pool is read from any decklist file deckcheck reads: every card it lists counts, in
whatever section the file puts it (a sealed pool exported as "Deck" + "Sideboard" is one
pool), except a maybeboard. What the organiser hands out besides the pool (basic lands in
Magic) and which zones of a deck must come from the pool are format data, the `pool:` key:

    pool:
      free_cards: [Plains, Island, Swamp, Mountain, Forest]   # any number, never counted
      zones: [main, sideboard]                                # default: main and sideboard
      shared_by_team: true     # team sealed, 2HG: a team registers one pool for all its decks
      shared_sideboard: true   # Two-Headed Giant: what neither main deck uses is one sideboard

The rule `registered-pool` (rules/registered_pool.py) compares a deck with its pool; the
team checks (batch/team_pools.py) add up a team's decks against the team's one pool.
"""
from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import InputError
from .formats import Format
from .limits import one_line
from .model import COMPANION, MAIN, MAYBEBOARD, SIDEBOARD, CardEntry, Deck, MaybeTitle, copy_totals
from .names import card_key, fold_once
from .problem import WARNING, Problem, named_file_as
from .record import Record
from .textio import IN_FOLDER_ADVICE
from .wording import counted

if TYPE_CHECKING:
    from .cards.catalog import Catalog

DEFAULT_ZONES = (MAIN, SIDEBOARD)

# How a pool pasted into a batch manifest's pool cell is named (`pasted pool, manifest
# line 2`, batch/manifest.py): a name that says it is a pool, so messages do not put
# "pool" before it again (pool_named).
PASTED_POOL = "pasted pool"


def pool_named(source: str) -> str:
    """The pool `source` as a message names it: `pool pools/ann.txt`, or a pasted pool's
    own name (`pasted pool, manifest line 2`), not "pool pasted pool, ..."."""
    return source if source.startswith(PASTED_POOL) else f"pool {source}"


# Records, not dataclasses: imported at every start-up (deckcheck/record.py).
class PoolSettings(Record):
    """The format's `pool:` key, resolved."""

    __slots__ = ("free_cards", "free_names", "zones", "shared_by_team", "shared_sideboard")

    def __init__(
        self, free_cards: frozenset[str] = frozenset(), free_names: tuple[str, ...] = (),
        zones: tuple[str, ...] = DEFAULT_ZONES, shared_by_team: bool = False, shared_sideboard: bool = False,
    ) -> None:
        self.free_cards = free_cards  # card keys
        self.free_names = free_names  # as the format file writes them, for messages
        self.zones = zones
        self.shared_by_team = shared_by_team
        self.shared_sideboard = shared_sideboard


def pool_settings(fmt: Format) -> PoolSettings:
    """What `fmt` says about registered pools (defaults when it has no `pool:` key: every
    card of main deck and sideboard from the pool, nothing free)."""
    spec = fmt.option("pool") or {}
    names = tuple(spec.get("free_cards") or ())
    return PoolSettings(
        free_cards=frozenset(card_key(name) for name in names),
        free_names=names,
        zones=tuple(spec.get("zones") or DEFAULT_ZONES),
        shared_by_team=bool(spec.get("shared_by_team", False)),
        shared_sideboard=bool(spec.get("shared_sideboard", False)),
    )


class Pool(Record):
    """The cards of one registered pool: copies per card key. `problems` are the pool's
    lines that could not be read (`parse-error`, the message naming the pool file and its
    line) and, once the card data has named the pool (`named_pool`), the names it lacks;
    `entries` the lines the cards were counted from; `maybe_title` a first line that may be
    the pool's title rather than a card (`Bloomburrow sealed pool` above the cards), which
    the card data decides as it does a deck's (decklists/title.py); `maybeboard` the keys
    of the cards the file lists in its maybeboard (a cube's considered cards), no cards of
    the pool, which a deck's card the pool lacks is told of. The last four are left out
    of `==`, and so is `drafter`, the player a draft log names as its drafter (Deck.drafter)."""

    __slots__ = ("source", "cards", "problems", "entries", "maybe_title", "maybeboard", "drafter")
    NOT_COMPARED = frozenset({"problems", "entries", "maybe_title", "maybeboard", "drafter"})

    def __init__(
        self, source: str, cards: Mapping[str, int], problems: tuple[Problem, ...] = (),
        entries: tuple[CardEntry, ...] = (), maybe_title: MaybeTitle | None = None,
        maybeboard: frozenset[str] = frozenset(), drafter: str | None = None,
    ) -> None:
        self.source = source
        self.cards = cards
        self.problems = problems
        self.entries = entries
        self.maybe_title = maybe_title
        self.maybeboard = maybeboard
        self.drafter = drafter

    def holds(self, key: str) -> int:
        return self.cards.get(key, 0)

    @property
    def signature(self) -> frozenset[tuple[str, int]]:
        """Equal for two pools with the same cards (two files with the same pool are one pool)."""
        return frozenset(self.cards.items())

    def signature_in(self, fmt: Format | None) -> frozenset[tuple[str, int]]:
        """`signature` without the cards `fmt`'s organiser provides in any number
        (`free_cards`, Magic's basic lands): a sealed generator's export that lists the
        basic lands it handed out holds the pool a member typed without them."""
        free = pool_settings(fmt).free_cards if fmt is not None else frozenset()
        return self.signature if not free else frozenset(item for item in self.cards.items() if item[0] not in free)


def pool_sideboard(
    pool: Pool | Callable[[], Pool], entries: Iterable[CardEntry], fmt: Format,
) -> list[CardEntry] | None:
    """The sideboard a deck of `entries` (read as validating it against `fmt` reads it)
    takes from its registered `pool` (pool_rest), when it takes one: a limited format (a
    `pool` key) whose pool is the player's own (not a team's: the teammates' decks use it
    too, so its rest is no one member's sideboard), and a list that states no sideboard, or
    only the basic lands the organiser provides (`free_cards`: `5 Plains` to side in states
    no card of the pool), as `diff --pool` reads it (paperwork/diff.py leaves them out of
    both sideboards). None when it takes none. `pool` may be a function that gives it,
    called only when the deck takes a sideboard from it (a sheet names the pool with the
    card data, named_pool, only then)."""
    if fmt.option("pool") is None:
        return None
    settings = pool_settings(fmt)
    if settings.shared_by_team:
        return None
    entries = list(entries)
    companions = _companions(entries)
    # A companion's sideboard copy (decklists/common.companions_for_sideboard) states no
    # sideboard either: the designation puts it there.
    free = settings.free_cards | companions
    if any(entry.zone == SIDEBOARD and entry.key not in free for entry in entries):
        return None
    return _rest(pool if isinstance(pool, Pool) else pool(), entries, settings.free_cards, companions)


def _companions(entries: Iterable[CardEntry]) -> frozenset[str]:
    """The keys of the cards `entries` name as the companion (a `Companion` section)."""
    return frozenset(entry.key for entry in entries if entry.zone == COMPANION)


def pool_rest(pool: Pool, entries: Iterable[CardEntry], fmt: Format) -> list[CardEntry]:
    """The cards of `pool` the main deck of `entries` does not use, as sideboard entries in
    the pool's order: in a limited event they are the sideboard, which a decklist need not
    state (docs/batch.md#limited-events-registered-pools). The cards the organiser provides
    (`free_cards`, the basic lands) are left out: they are no one's pool. Cards match by
    key: name the pool and the deck alike first (named_pool, as the card data names both)."""
    entries = list(entries)
    return _rest(pool, entries, pool_settings(fmt).free_cards, _companions(entries))


def _rest(pool: Pool, entries: list[CardEntry], free: frozenset[str], companions: frozenset[str]) -> list[CardEntry]:
    """pool_rest of `entries`, whose stated companions are `companions`."""
    # The companion the list states is out of the rest, as the main deck's cards are: the
    # list names it already (in its sideboard), so it is no pool card left over.
    used = copy_totals(entry for entry in entries
                       if entry.zone == MAIN or (entry.zone == SIDEBOARD and entry.key in companions))
    rest, seen = [], set()
    for entry in pool.entries:
        key = entry.key
        if key in seen or key in free:
            continue
        seen.add(key)
        left = pool.holds(key) - used.get(key, 0)
        if left > 0:
            rest.append(CardEntry(entry.name, left, SIDEBOARD))
    return rest


def other_drafter(source: str, drafter: str | None, player: str | None, players: Container[str], *, how: str) -> str | None:
    """What to tell of the pool `source` registered for `player` when it is a Magic Online
    draft log naming `drafter` (Pool.drafter), another of the event's `players` (their names
    folded, fold_once): two players' logs swapped, or a row copied, checked a deck against
    another player's picks without a word. A log names a screen name (`Ann_Lee`, or a
    nickname), not the real name a registration gives, so a drafter who is none of `players`
    is no word: comparing with the row's own player alone warned on nearly every correct row.
    Names compare as players are compared (case, accents, spacing), a screen name's `_` as a
    space; `how` says how the pool came (`registered on this row`). None when the log names
    no drafter, the row's player or no player of the event."""
    if drafter is None or not player:
        return None
    folded = fold_once(drafter.replace("_", " "))
    if folded == fold_once(player) or folded not in players:
        return None
    from .limits import MAX_TABLE_CELL_CHARS
    from .report.style import cut

    return (f"{pool_named(one_line(source))} is the draft log of {cut(drafter, MAX_TABLE_CELL_CHARS)}, "
            f"not of {cut(player, MAX_TABLE_CELL_CHARS)} (another player's log {how}?)")


def unchecked_without_pools(decks: int, format_ids: list[str], how: str) -> str | None:
    """The note of `decks` decks of the limited formats `format_ids` checked without a
    registered pool, so for their sizes only (`validate` without --pool, a `batch` that
    registers none); `how` says how to give one. None when there are none."""
    if not decks:
        return None
    many = decks != 1
    return (f"{counted(decks, 'deck')} of a limited format ({', '.join(format_ids)}) "
            f"{'were' if many else 'was'} checked without a registered pool, so not against the cards "
            f"{'their players' if many else 'its player'} opened: {how}")


def _first_unread(deck: Deck) -> Problem | None:
    """The problem of a pool's first line that could not be read (an error `parse-error`)."""
    return next((problem for problem in deck.problems if problem.rule == "parse-error" and problem.is_error), None)


def _unread(deck: Deck, *, quoted: bool) -> str:
    """Why a pool that lists no cards lists none, when a line of it could not be read (broken
    XML, a ydke URL of no passcodes, lines of no count): its first unreadable line, with the
    reason a deck's report gives when `quoted` (a caller's own text: an error quotes no
    file's content, docs/security.md). "lists no cards" alone told a player whose pool is
    there but unreadable what an empty one's is told. Nothing for a pool of no such line
    (empty, headings alone)."""
    first = _first_unread(deck)
    if first is None or (first.line is None and not quoted):
        return ""
    if not quoted:
        return f" (line {first.line} could not be read)"
    # An XML reader's message names the file and its line itself (`<text>: line 4: ...`):
    # its reason is kept without them.
    reason = first.message if first.reason is None else first.reason
    return f" (line {first.line} could not be read: {reason})" if first.line is not None else f" ({reason})"


def pool_from_deck(deck: Deck) -> Pool:
    """The pool a parsed decklist lists (every zone but the maybeboard). What a reader says
    of the list as a deck only is left out (decklists.common.DeckOnly): a deck site's CSV
    export without a board column is no problem of a pool, whose cards count wherever the
    file puts them, and a draft log given as the pool is no draft log given as a deck."""
    from .decklists.common import DeckOnly

    entries = tuple(entry for entry in deck.entries if entry.zone != MAYBEBOARD)
    kept = [problem for problem in deck.problems if not isinstance(problem, DeckOnly)]
    problems = tuple(pool_problem(deck.source, p) for p in kept)
    maybe = deck.maybe_title
    if maybe is not None:
        # Its "no count" warning as the pool tells it, the very problem `titled` replaces.
        told = next((told for raw, told in zip(kept, problems) if raw is maybe.warning), None)
        maybe = maybe.replace(warning=told) if told is not None else None
    maybeboard = frozenset(entry.key for entry in deck.entries if entry.zone == MAYBEBOARD)
    return Pool(source=deck.source, cards=copy_totals(entries), entries=entries, problems=problems, maybe_title=maybe,
                maybeboard=maybeboard, drafter=deck.drafter)


def pool_problem(source: str, problem: Problem, **changes: Any) -> Problem:
    """A problem of a pool line, told as the pool's (its line is not the deck's)."""
    where = problem.placed_in(pool_named(source))
    details = {**problem.details, "pool": source}
    if problem.line is not None:
        details["pool_line"] = problem.line
    return problem.replace(message=f"{where}: {problem.message}", line=None, zone=None, details=details, **changes)


_NAMED = ("registered-pool", "named")  # the key of named_pool's memo in `Catalog.memo`


def named_pool(pool: Pool, catalog: Catalog, fmt: Format) -> Pool:
    """`pool` with the card data's names, as a deck gets them (pipeline.named_by): a pool
    typed by hand as `Stomp` or `Lim Duls Vault` holds Bonecrusher Giant // Stomp and
    Lim-Dûl's Vault, which is how the deck's lines are named. A name the card data lacks
    stays as written and is an `unknown-card` warning of the pool, naming its line and
    the cards meant: only the deck's cards make the deck illegal, and one the pool
    misspells is reported there as a card the pool does not hold.

    The last pool named is remembered with the catalog: a team's rows, which share a
    pool, sit together. A `Pool` a caller built from card keys (no `entries`: no lines to
    name) is taken as it is."""
    from .pipeline import named_by

    if not pool.entries:
        return pool
    last = catalog.memo.get(_NAMED)
    if last is not None and (pool is last[0] or pool is last[1]):
        return last[1]
    entries, problems = _titled(pool, catalog)
    deck, unknown = named_by(catalog, Deck(pool.source, entries), fmt)
    entries = tuple(deck.entries)
    named = Pool(
        source=pool.source, cards=copy_totals(entries), entries=entries,
        problems=problems + tuple(pool_problem(pool.source, p, severity=WARNING) for p in unknown),
        # As written: only a hint rests on them (a cube's export writes the card data's names).
        maybeboard=pool.maybeboard, drafter=pool.drafter,
    )
    catalog.memo[_NAMED] = (pool, named)
    return named


def _titled(pool: Pool, catalog: Catalog) -> tuple[list[CardEntry], tuple[Problem, ...]]:
    """The pool's lines and problems once the card data has said whether its first line
    is its title (decklists/title.py, as for a deck): a title is no card of the pool, and
    its "no count" warning becomes the note that says how the line was read."""
    if pool.maybe_title is None:
        return list(pool.entries), pool.problems
    from .decklists.title import titled

    deck = titled(Deck(pool.source, list(pool.entries), list(pool.problems), maybe_title=pool.maybe_title), catalog)
    own = {id(problem) for problem in pool.problems}
    # The problems `titled` added (its note, the other uncounted lines' warning) are told
    # as the pool's, as the parser's were.
    return deck.entries, tuple(p if id(p) in own else pool_problem(pool.source, p) for p in deck.problems)


def read_pool(text_or_path: str | Path, *, input_format: str | None = None, shown: str | None = None) -> Pool:
    """Read a pool from a list's text (a `str`) or a decklist file (a `pathlib.Path`).
    Raises InputError when the file cannot be read at all (missing, not text, too big) or
    lists no card."""
    from .pipeline import read_deck

    # A folder given as the pool: the file is in it (a deck's advice, to run `deckcheck
    # batch` for folders, is no way to give a pool).
    deck = read_deck(text_or_path, input_format=input_format, folder_advice=IN_FOLDER_ADVICE)
    if shown is None and deck.source == "<text>":
        shown = "<pool>"
    name = one_line(shown or deck.source)
    if deck.unreadable:
        # Said naming the pool as the user knows it (`shown`), not the file as read: a missing
        # file's hint names a file from the folder it was read in, named as `shown` names the
        # pool (a manifest's `Pools/ann.txt` is told of `pools/ann.txt`, not
        # `event/pools/ann.txt`); a message that does not start with that name (a file name
        # holding a line break) gives the reason carried apart from it (Problem.reason).
        first = named_file_as(deck.problems[:1], one_line(deck.source), name)
        message = first[0].message if first else ""
        if not first:
            reason = "cannot read"
        elif message.startswith(f"{name}: "):
            reason = message[len(name) + 2:]
        else:
            reason = first[0].reason or message
        raise InputError(f"{pool_named(name)}: {reason}")
    if shown is not None:
        deck = deck.copy(source=shown)
    pool = pool_from_deck(deck)
    if not pool.cards:
        from .decklists import file_name_advice

        text = isinstance(text_or_path, str)
        advice = file_name_advice(text_or_path, "pool") if text else ""
        # `line` too: a site marks the line of the pool its user pasted.
        first = None if advice else _first_unread(deck)
        raise InputError(f"{pool_named(name)}: lists no cards{advice or _unread(deck, quoted=text)}",
                         line=first.line if first is not None else None)
    return pool


def read_pool_file(path: str | Path, *, input_format: str | None = None, shown: str | None = None) -> Pool:
    """`read_pool` of the file at `path` (a `str` here is a file name: only for paths your
    own code chose)."""
    from .pipeline import file_argument  # here: pipeline imports this module

    return read_pool(file_argument(path, "pool file"), input_format=input_format, shown=shown)
