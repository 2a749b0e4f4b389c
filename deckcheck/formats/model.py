"""The merged, validated format as the rules read it: sizes, copy limits, dated lists,
opening-hand rules. `build_format` makes one from a format file merged along `extends`."""
from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import FormatError
from ..limits import MAX_DATED_ANSWERS
from ..games.mtg.cards import PAPER
from ..model import ANY_NUMBER
from ..names import card_key, fold
from ..record import Record


def as_date(value: Any) -> dt.date | None:
    """A date from a validated format file: the YAML loader keeps dates as text (yamlload.py)."""
    if value is None or isinstance(value, dt.date):
        return value
    return dt.date.fromisoformat(str(value))


def platform_dates(value: Any) -> tuple[dt.date | None, Mapping[str, dt.date]]:
    """A `since`/`until` of a format file: a date, or a date per platform
    (`{paper: D, mtgo: D2, arena: D3}`, platforms not named taking paper's) ->
    (the paper date, the other platforms' dates where given)."""
    if isinstance(value, Mapping):
        others = {platform: as_date(day) for platform, day in value.items() if platform != PAPER}
        return as_date(value.get(PAPER)), {platform: day for platform, day in others.items() if day is not None}
    return as_date(value), {}


class Dated(Record):
    """What a dated item shares: in force from `since` (inclusive) until `until`
    (exclusive, the day it ended), on paper; `platform_since`/`platform_until` hold the
    other platforms' days where they differ (a ban taking effect on MTGO days later).

    The records of a format are Records, not dataclasses: every command that reads a
    format builds these classes at start-up (deckcheck/record.py)."""

    __slots__ = ("since", "until", "platform_since", "platform_until")
    NOT_COMPARED = frozenset({"platform_since", "platform_until"})

    def __init__(
        self,
        since: dt.date | None = None,
        until: dt.date | None = None,
        platform_since: Mapping[str, dt.date] | None = None,
        platform_until: Mapping[str, dt.date] | None = None,
    ):
        self.since = since
        self.until = until
        self.platform_since = {} if platform_since is None else platform_since
        self.platform_until = {} if platform_until is None else platform_until

    def window(self, platform: str = PAPER) -> tuple[dt.date | None, dt.date | None]:
        return self.platform_since.get(platform, self.since), self.platform_until.get(platform, self.until)

    def in_force(self, day: dt.date, platform: str = PAPER) -> bool:
        since, until = self.window(platform)
        return (since is None or since <= day) and (until is None or day < until)

    def since_text(self, platform: str = PAPER, *, lifted: bool = True) -> str:
        """` (since 2019-08-26)`, the day it took effect on `platform`, for messages, and
        `; lifted on D` when it ends on a later day and `lifted` (a ban an event a week before
        its lifting meets: Jace in Modern, lifted on Magic Online five days before paper; not
        a ban that a stricter one follows: Format.dates_text); empty when the list says neither."""
        since, until = self.window(platform)
        ends = [f"lifted on {until.isoformat()}"] if until and lifted else []
        days = ([f"since {since.isoformat()}"] if since else []) + ends
        return f" ({'; '.join(days)})" if days else ""


class ListEntry(Dated):
    """A card on a dated list (`Dated`: its days, per platform)."""

    __slots__ = ("card", "limit", "code", "note")

    def __init__(
        self,
        since: dt.date | None = None,
        until: dt.date | None = None,
        platform_since: Mapping[str, dt.date] | None = None,
        platform_until: Mapping[str, dt.date] | None = None,
        card: str = "",
        limit: int | None = None,
        code: int | None = None,
        note: str | None = None,
    ):
        super().__init__(since, until, platform_since, platform_until)
        self.card = card
        self.limit = limit
        self.code = code
        self.note = note

    @property
    def key(self) -> str:
        # Entries with a passcode name Yu-Gi-Oh! cards, whose names keep their slashes.
        return fold(self.card) if self.code is not None else card_key(self.card)


class ZoneSize(Dated):
    """How many cards a zone may hold; a zone may have several, dated like list entries
    (the sideboard rule of the tournament rules before and after 2013)."""

    __slots__ = ("min", "max", "exactly", "or_none", "including", "not_counting")

    def __init__(
        self,
        since: dt.date | None = None,
        until: dt.date | None = None,
        platform_since: Mapping[str, dt.date] | None = None,
        platform_until: Mapping[str, dt.date] | None = None,
        min: int | None = None,
        max: int | None = None,
        exactly: int | None = None,
        or_none: bool = False,
        including: tuple[str, ...] = (),
        not_counting: tuple[str, ...] = (),
    ):
        super().__init__(since, until, platform_since, platform_until)
        self.min = min
        self.max = max
        self.exactly = exactly
        self.or_none = or_none  # "exactly N or none" (tournament rules until 2013 for sideboards)
        # Zones counted together with this one: a Commander deck is 100 cards with its commander.
        self.including = including
        # Zones whose cards, also listed here, do not count: a Commander deck's companion
        # waits in the sideboard but is no sideboard card.
        self.not_counting = not_counting

    def allows(self, count: int) -> bool:
        """Whether a zone of `count` cards has an allowed size."""
        if self.exactly is not None:
            return count == self.exactly or (self.or_none and count == 0)
        return (self.min is None or count >= self.min) and (self.max is None or count <= self.max)

    def describe(self) -> str:
        return self.bounds() + (f" counting the {' and '.join(self.including)}" if self.including else "") + (
            f" (the {' and '.join(self.not_counting)} not counted)" if self.not_counting else ""
        )

    def bounds(self) -> str:
        if self.exactly is not None:
            return f"exactly {self.exactly}" + (" or none" if self.or_none else "")
        if self.min is not None and self.max is not None:
            return f"{self.min} to {self.max}"
        if self.min is not None:
            return f"at least {self.min}"
        if self.max is not None:
            return f"at most {self.max}"
        return "any size"


class CopyLimit(Record):
    """How many copies of a card a deck may hold across `zones`: `default`, or the card's
    own limit in `per_card` (None: any number); basic lands exempt when the format says."""

    __slots__ = ("default", "zones", "exempt_basic_lands", "per_card")

    def __init__(
        self, default: int, zones: tuple[str, ...], exempt_basic_lands: bool, per_card: Mapping[str, int | None],
    ):
        self.default = default
        self.zones = zones
        self.exempt_basic_lands = exempt_basic_lands
        self.per_card = per_card  # card key -> limit; None means any number

    def limit_for(self, key: str, basic_lands: frozenset[str]) -> int | None:
        if self.exempt_basic_lands and key in basic_lands:
            return None
        return self.per_card.get(key, self.default)


class OpeningHand(Record):
    """How a game opens: the hand size and the mulligan rule (docs/format-files.md)."""

    __slots__ = ("size", "mulligan", "free_mulligan", "first_player_draws")

    def __init__(
        self, size: int = 7, mulligan: str = "london", free_mulligan: bool = False, first_player_draws: bool = False,
    ):
        self.size = size
        self.mulligan = mulligan
        self.free_mulligan = free_mulligan
        self.first_player_draws = first_player_draws

    @property
    def has_mulligans(self) -> bool:
        """A hand may be mulliganed (`mulligan: none`, Yu-Gi-Oh!: every hand is kept)."""
        return self.mulligan != "none"

    @property
    def keeps_its_size(self) -> bool:
        """Every kept hand has `size` cards: no mulligans, or a redraw of the same size
        (`once`, WoW TCG), so P(the full hand) is 1 and the expected hand size `size`
        whatever the keep rule."""
        return self.mulligan in ("none", "once")


# The second part of `_by_code_on`'s keys in `Format._on_date` (a list's own are (name, day,
# platform)).
_BY_CODE = "by code"


class Format(Record):
    """A format as the rules read it (built by `build_format`); `data` keeps the merged
    file for the keys each rule reads itself."""

    __slots__ = (
        "id", "name", "game", "path", "data", "zones", "copy_limit", "basic_lands", "banned", "restricted",
        "card_limits", "opening_hand", "chain", "memo", "_on_date",
    )
    NOT_COMPARED = frozenset({"memo", "_on_date"})

    def __init__(
        self,
        id: str,
        name: str,
        game: str,
        path: str,
        data: Mapping[str, Any],
        zones: Mapping[str, tuple[ZoneSize, ...]],
        copy_limit: CopyLimit | None,
        basic_lands: frozenset[str],
        banned: tuple[ListEntry, ...],
        restricted: tuple[ListEntry, ...],
        card_limits: tuple[ListEntry, ...],
        opening_hand: OpeningHand,
        chain: tuple[str, ...] = (),
        memo: dict[str, Any] | None = None,
        _on_date: dict[tuple[Any, ...], Any] | None = None,
    ):
        self.id = id
        self.name = name
        self.game = game
        self.path = path
        self.data = data  # the merged YAML, for `formats show` and rule options
        self.zones = zones
        self.copy_limit = copy_limit
        self.basic_lands = basic_lands
        self.banned = banned
        self.restricted = restricted
        self.card_limits = card_limits
        self.opening_hand = opening_hand
        self.chain = chain  # this format and its ancestors, child first
        # What is worked out once per format and reused for every deck (the rules that apply).
        self.memo: dict[str, Any] = {} if memo is None else memo
        # Lists resolved per date: thousands of decks of one event share a date, and replaying
        # a few hundred dated entries per deck would dominate validation time.
        # What the *_on methods and zone_size worked out, by (what, ..., day, platform).
        self._on_date: dict[tuple[Any, ...], Any] = {} if _on_date is None else _on_date

    def __repr__(self) -> str:
        # Which format it is, not its data: every dated list of a format runs to 85 KB
        # (mtg/legacy), which a REPL, a log line or a debugger showed whole.
        return f"Format(id={self.id!r}, name={self.name!r}, game={self.game!r}, path={self.path!r})"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled without `memo` and `_on_date`: what one process worked out for itself
        (its rules are modules, which do not pickle); a batch's worker processes get the
        format the batch loaded (batch/runner.py, use_formats) and work them out again."""
        return Format, tuple(getattr(self, name) for name in self.__slots__ if name not in self.NOT_COMPARED)

    def _remember(self, key: tuple[Any, ...], found: Any) -> Any:
        """`found`, kept in `_on_date` under `key`; all of it is forgotten first when it
        holds MAX_DATED_ANSWERS answers (a server's users name any day; found again when
        asked). Emptied in place: a caller holding an answer goes on with it."""
        if len(self._on_date) >= MAX_DATED_ANSWERS:
            self._on_date.clear()
        self._on_date[key] = found
        return found

    def _list_on(self, name: str, day: dt.date, platform: str) -> dict[str, ListEntry]:
        found = self._on_date.get((name, day, platform))
        if found is None:
            found = self._remember((name, day, platform), _in_force(getattr(self, name), day, platform))
        return found

    def dates_text(self, entry: ListEntry, listing: str, platform: str = PAPER) -> str:
        """`entry.since_text` of an entry of the list `listing` (`banned`, `restricted`,
        `banned_as_commander`, ...), its end said as "lifted" unless the card is banned, or
        on the same list again, the day it ends: Ragavan, banned as a commander in Duel
        Commander until 2022-05-30 and banned outright from then, and Balance, restricted in
        Standard and then banned, were not lifted; Channel, banned in Vintage and restricted
        from 2000-10-01, was (from a ban to a milder list)."""
        until = entry.window(platform)[1]
        return entry.since_text(platform, lifted=until is not None and not self._kept_on(entry.key, listing, until, platform))

    def _kept_on(self, key: str, listing: str, day: dt.date, platform: str) -> bool:
        """Whether the card of `key` is banned, or on `listing` again, on `day`."""
        if key in self.banned_on(day, platform):
            return True
        again = self._list_on(listing, day, platform) if listing in _OWN_LISTS else self.dated_list_on(listing, day, platform)
        return key in again

    def banned_on(self, day: dt.date, platform: str = PAPER) -> dict[str, ListEntry]:
        return self._list_on("banned", day, platform)

    def restricted_on(self, day: dt.date, platform: str = PAPER) -> dict[str, ListEntry]:
        return self._list_on("restricted", day, platform)

    def card_limits_on(self, day: dt.date, platform: str = PAPER) -> dict[str, ListEntry]:
        return self._list_on("card_limits", day, platform)

    def dated_list_on(self, key: str, day: dt.date, platform: str = PAPER) -> dict[str, ListEntry]:
        """A dated card list a rule owns (`banned_as_commander`, ...) in force on `day`."""
        found = self._on_date.get((key, day, platform))
        if found is None:
            entries = self.memo.get(("list", key))
            if entries is None:
                entries = self.memo[("list", key)] = _entries(self.data.get(key) or [])
            found = self._remember((key, day, platform), _in_force(entries, day, platform))
        return found

    def card_limits_by_code_on(self, day: dt.date, platform: str = PAPER) -> dict[int, ListEntry]:
        """The per-card limits in force, by passcode (entries that give a `code`); a card
        listed under two passcodes (an alternate artwork on an lflist) is found by both."""
        return self._by_code_on("card_limits", day, platform)

    def banned_by_code_on(self, day: dt.date, platform: str = PAPER) -> dict[int, ListEntry]:
        """The bans in force, by passcode (entries that give a `code`, `{code: 14558127}`)."""
        return self._by_code_on("banned", day, platform)

    def _by_code_on(self, name: str, day: dt.date, platform: str) -> dict[int, ListEntry]:
        key = (name, _BY_CODE, day, platform)  # no string built per deck: every deck asks
        found = self._on_date.get(key)
        if found is None:
            found = {}
            for entry in getattr(self, name):
                if entry.code is not None and entry.in_force(day, platform):
                    previous = found.get(entry.code)
                    if previous is None or start_on(entry, platform) >= start_on(previous, platform):
                        found[entry.code] = entry
            self._remember(key, found)
        return found

    def zone_size(self, zone: str, day: dt.date, platform: str = PAPER) -> ZoneSize | None:
        """The size rule of `zone` in force on `day` (None: the format does not size it then);
        where dated sizes overlap, the one that started latest, as in the dated card lists
        (`_in_force`: the last listed of those that started the same day). Worked out once per zone,
        day and platform: every deck of a batch asks for its main deck and sideboard sizes
        several times."""
        key = ("zone_size", zone, day, platform)
        found = self._on_date.get(key, _UNSIZED)
        if found is _UNSIZED:
            in_force = [size for size in self.zones.get(zone, ()) if size.in_force(day, platform)]
            # max keeps the first of equals, so the list is read from its end: the last listed
            # of sizes that started the same day wins, as for list entries.
            found = self._remember(key, max(reversed(in_force), key=lambda size: start_on(size, platform), default=None))
        return found  # type: ignore[return-value]

    @property
    def lists_known_up_to(self) -> dt.date | None:
        """The last day the format file's lists are known to be complete (`lists_known_up_to`)."""
        return as_date(self.data.get("lists_known_up_to"))

    @property
    def names_written_by_files(self) -> list[str]:
        """The card names the user's own files of the chain write (none for a bundled format)."""
        return self.data.get(WRITTEN_NAMES, [])

    @property
    def passcodes_written_by_files(self) -> list[int]:
        """The passcodes the user's own files of the chain write (a `points` key, a list
        entry's `code`; none for a bundled format)."""
        return self.data.get(WRITTEN_PASSCODES, [])

    @property
    def writes_cards(self) -> bool:
        """Whether the user's own files of the chain write a card, by name or passcode, to
        look up in the card data (never a bundled format: no card data opened for one)."""
        return bool(self.names_written_by_files or self.passcodes_written_by_files)

    def option(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def pool_option(self, key: str) -> Any:
        """`key` of the format's `card_pool` (`legality`, `sets`, `exclude_types`, ...); None
        when the format has no card pool or leaves the key out."""
        pool = self.data.get("card_pool")
        return pool.get(key) if isinstance(pool, dict) else None


# The card names and passcodes the user's own format files of a chain write
# (formats/card_names.py), kept with the merged data (formats/merge.py) so `validate` can
# look them up without reading the YAML again.
WRITTEN_NAMES = "_names_written_by_files"
WRITTEN_PASSCODES = "_passcodes_written_by_files"
WRITTEN = (WRITTEN_NAMES, WRITTEN_PASSCODES)

_UNSIZED = object()  # zone_size's "not worked out yet" (None is an answer)
# The card lists a Format holds as attributes (`_list_on`); the others are a rule's own
# (`dated_list_on`: banned_as_commander, ...).
_OWN_LISTS = frozenset({"banned", "restricted", "card_limits"})


def start_on(entry: Dated, platform: str) -> dt.date:
    """The first day `entry` is in force on `platform` (date.min: from the start)."""
    return entry.window(platform)[0] or dt.date.min


def _in_force(entries: tuple[ListEntry, ...], day: dt.date, platform: str) -> dict[str, ListEntry]:
    """Entries in force on `day` on `platform`, by card key; where several are, the latest start wins."""
    found: dict[str, ListEntry] = {}
    for entry in entries:
        if entry.in_force(day, platform):
            previous = found.get(entry.key)
            if previous is None or start_on(entry, platform) >= start_on(previous, platform):
                found[entry.key] = entry
    return found


def _dates(item: Mapping[str, Any]) -> dict[str, Any]:
    since, platform_since = platform_dates(item.get("since"))
    until, platform_until = platform_dates(item.get("until"))
    return {"since": since, "until": until, "platform_since": platform_since, "platform_until": platform_until}


def _entries(items: list[Any]) -> tuple[ListEntry, ...]:
    out = []
    for item in items or []:
        if isinstance(item, str):
            out.append(ListEntry(card=item))
        else:
            out.append(
                ListEntry(
                    card=item.get("card") or str(item.get("code")), limit=item.get("limit"), code=item.get("code"),
                    note=item.get("note"), **_dates(item),
                )
            )
    return tuple(out)


def _zone_sizes(spec: Any) -> tuple[ZoneSize, ...]:
    """A zone's size rules: one mapping, or a list of dated ones. (A mapping holds one kind
    of bounds: merge.py drops the kind a child's `exactly` or `min`/`max` replaces.)"""
    items = spec if isinstance(spec, list) else [spec]
    return tuple(
        ZoneSize(**{key: tuple(value) if isinstance(value, list) else value for key, value in item.items()
                    if key not in ("since", "until")},
                 **_dates(item))
        for item in items
    )


def _check_limits_stated(data: dict[str, Any], path: Path) -> None:
    """A `card_limits` entry without `limit` allows a card in a `whitelist: true` format (at
    its usual copy limit); in any other it would limit nothing and say nothing: an error.
    Judged on the merged format, since the whitelist may be the format extended."""
    from .schema import LIMIT_NEEDED

    if data.get("whitelist"):
        return
    for index, entry in enumerate(data.get("card_limits") or ()):
        if isinstance(entry, str) or "limit" not in entry:
            card = entry if isinstance(entry, str) else entry.get("card") or entry.get("code")
            raise FormatError(
                f"{LIMIT_NEEDED}: write {{card: {str(card)[:60]}, limit: N}} (without it only a `whitelist: true` "
                "format lists a card, allowing it)", path=str(path), key=f"card_limits[{index}]",
            )


def build_format(format_id: str, path: Path, data: dict[str, Any], chain: tuple[str, ...]) -> Format:
    """The Format of merged, validated format data (`chain`: its id and its ancestors')."""
    for key in ("name", "game"):
        if key not in data:
            raise FormatError("required key is missing (set it here or in the format it extends)", path=str(path), key=key)
    _check_limits_stated(data, path)
    zones = {zone: _zone_sizes(spec) for zone, spec in (data.get("deck") or {}).items()}
    copy_limit = None
    if data.get("copy_limit"):
        spec = data["copy_limit"]
        per_card = {
            card_key(name): (None if limit == ANY_NUMBER else limit) for name, limit in (spec.get("per_card") or {}).items()
        }
        copy_limit = CopyLimit(
            default=spec.get("default", 4),
            zones=tuple(spec.get("zones", ("main", "sideboard"))),
            exempt_basic_lands=spec.get("exempt_basic_lands", True),
            per_card=per_card,
        )
    hand = data.get("opening_hand") or {}
    return Format(
        id=format_id,
        name=data["name"],
        game=data["game"],
        path=str(path),
        data=data,
        zones=zones,
        copy_limit=copy_limit,
        basic_lands=frozenset(card_key(name) for name in data.get("basic_lands") or ()),
        banned=_entries(data.get("banned")),
        restricted=_entries(data.get("restricted")),
        card_limits=_entries(data.get("card_limits")),
        opening_hand=OpeningHand(**hand),
        chain=chain,
    )
