"""The validation pipeline: decklist -> deck -> rules of a format on a date -> result."""
from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING

from . import decklists as parsers
from .decklists.layout import settle_sideboard
from .formats import Format, FormatRef, given, keep_few
from .cards.resolve import never_heard_of
from .errors import DeckcheckError, OptionError, of_setting
from .freshness import AsOf, as_of, newer_card_note
from .games.mtg.cards import PLATFORMS, platform_meant  # loaded with the formats anyway (formats/schema.py)
from .limits import MAX_INPUT_BYTES, MAX_PROBLEMS_PER_DECK, quoted
from .model import COMPANION, SIDEBOARD, Deck
from .names import card_key, nfkc
from .problem import Problem, capped
from .registered_pools import Pool, named_pool, pool_sideboard, read_pool
from .result import DeckResult
from .rules import prepare, rules_for, speaking
from .rules.context import Context
from .schema import ISO_DATE, no_such_day, year_first
from .textio import IN_FOLDER_ADVICE, too_big

if TYPE_CHECKING:
    from typing import Literal, Union

    from .cards.catalog import Catalog

    # A Catalog, a database path, None (the default database) or False (none). For the type
    # checker only: at run time typing would compile the name `Catalog` (record.NamedTuple
    # says what a first `compile()` costs).
    CardsArg = Union[Catalog, str, Path, None, Literal[False]]


def today() -> dt.date:
    return dt.date.today()


def parse_date(value: str | dt.date | None) -> dt.date:
    """The event date `value` names (today for None; a datetime's day); OptionError
    (setting `date`) when it is not a YYYY-MM-DD date."""
    if value is None:
        return today()
    if isinstance(value, dt.datetime):
        return value.date()  # lists change by the day; a date and a datetime never compare
    if isinstance(value, dt.date):
        return value
    written = value
    if isinstance(value, str) and not value.isascii():
        # A date typed with a Japanese input method on (２０２４－０２－０５) is the date its
        # full-width digits and dashes say, as a seat typed Ｂ is B.
        value = nfkc(value)
    try:
        # The pattern first, as for format files (schema.py): Python 3.11's fromisoformat
        # also reads `20110101` and `2011-W40`, which 3.10 refuses.
        if not ISO_DATE.match(value):
            raise ValueError(value)
    except (ValueError, TypeError):
        meant = year_first(value) if isinstance(value, str) else None
        raise OptionError("date", f"{quoted(written)} is not a date; use YYYY-MM-DD"
                                  f"{f' ({meant})' if meant else ''}") from None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        # Written YYYY-MM-DD already: "use YYYY-MM-DD" told its writer nothing.
        raise OptionError("date", f"{quoted(written)} is not a date: {no_such_day(value)}") from None


def card_catalog(fmt: Format, cards: CardsArg = None, *, offline: bool | None = None, named: bool = False) -> Catalog | None:
    """The catalog to check `fmt` with: `cards` itself (when it is the format's game's),
    the database at a path (which must exist), the default database when `cards` is None
    (DECKCHECK_CARDS_DB honoured), or nothing for False. Offline unless `offline` is
    False: the library sends no user's text to a third party unless asked. `named`: a
    library caller's path, whose database of an older deckcheck is an OutdatedCardData
    (the built-in data used instead had no note saying so: catalog_for's note goes nowhere)."""
    if cards is False:
        return None
    if cards is None or isinstance(cards, (str, Path)):
        from .cards import catalog_for, offline_by_default

        catalog, _ = catalog_for(fmt.game, cards, offline=offline is not False or offline_by_default(),
                                 set_aside=not (named and cards is not None))
        return catalog
    game = getattr(cards, "game", None)
    if not isinstance(game, str):
        raise OptionError("cards", f"{cards!r}: give a card database's path, a catalog, None (the default card data) "
                                   "or False (no card data)")
    return cards if game == fmt.game else None


_LISTED: dict[int, tuple[Format, frozenset[str]]] = {}


def listed_names(fmt: Format) -> frozenset[str]:
    """Keys of every card the format's dated lists mention, on any date."""
    cached = _LISTED.get(id(fmt))
    if cached is None or cached[0] is not fmt:
        keys = frozenset(entry.key for entry in (*fmt.banned, *fmt.restricted, *fmt.card_limits))
        cached = _LISTED[id(fmt)] = (fmt, keys)
        keep_few(_LISTED)  # it holds the format: as many as formats/ keeps
    return cached[1]


def named_by(catalog: Catalog | None, deck: Deck, fmt: Format) -> tuple[Deck, list[Problem]]:
    """`deck` as the card data names it (canonical names; passcodes as names) and the
    `unknown-card` problems of the names it lacks; the deck as it is without card data.
    What validation checks and what a simulation draws from (cli/run_simulate, check)."""
    if catalog is None:
        return deck, []
    return catalog.resolve_deck(deck, listed_names(fmt))


def named_on(
    catalog: Catalog | None, deck: Deck, fmt: Format, day: dt.date, platform: str | None,
) -> tuple[Deck, list[Problem]]:
    """named_by for an event on `day`: the unknown-card problems say when the card may be
    newer than the card data, as validate's and a simulation's notes both do. `platform`
    None: a command with no platform (simulate), whose notes take no platform's wording."""
    named, unknown = named_by(catalog, deck, fmt)
    if unknown:
        # A game's catalog may word a name as the format on the platform has it (Magic: an
        # Alchemy card Arena's Brawl allows, games/mtg/alchemy.py).
        reword = getattr(catalog, "reword_unknown_cards", None)
        if reword is not None and platform is not None:
            unknown = reword(unknown, fmt, platform)
        unknown = _maybe_newer(unknown, as_of(fmt, catalog, day, platform or "paper"), fmt)
    return named, unknown


def named_for_simulation(catalog: Catalog | None, deck: Deck, fmt: Format) -> tuple[Deck, list[Problem]]:
    """named_on for a simulation, which has no date or platform: the event is today's, on no
    platform (validate's platform wording, an Alchemy card's `--platform arena` advice, is
    not a simulation's). Whether the first line is the list's title is decided first, as
    validate settles the deck: else a title (`Mono Red Burn`) was noted as the list's title
    and as an unknown card both. `deckcheck simulate` and the library's simulate read a deck
    through the card data alike."""
    if deck.maybe_title is not None:
        from .decklists.title import titled

        deck = titled(deck, catalog)
    return named_on(catalog, deck, fmt, today(), None)


def _maybe_newer(unknown: list[Problem], stamp: AsOf, fmt: Format) -> list[Problem]:
    """The `unknown-card` problems, those of names and passcodes the data has never heard of
    saying the card may be newer than the card data when the event is later
    (freshness.newer_card_note); one explained otherwise (a melded back face, an Alchemy
    card, a Rush Duel id, a name in another alphabet: a player's own language, not a new
    card) keeps its message (cards/resolve.never_heard_of)."""
    from .games import find

    note = newer_card_note(stamp, find(fmt.game))
    if note is None:
        return unknown
    return [problem.replace(message=f"{problem.message}; {note}") if never_heard_of(problem) else problem
            for problem in unknown]


def check_platform(platform: str) -> str:
    """`platform` checked against the platforms deckcheck knows (OptionError when not)."""
    if platform not in PLATFORMS:
        if isinstance(platform, str) and platform.lower() in PLATFORMS:
            # Told, not taken, as an output or format id in capitals is (`-o JSON`).
            raise OptionError("platform", f"{quoted(platform)}: platforms are lower case: did you mean {platform.lower()}?")
        meant = platform_meant(platform) if isinstance(platform, str) else None
        hint = f" ({meant} is {platform.strip()})" if meant is not None else ""
        raise OptionError("platform", f"{quoted(platform)}: choose {', '.join(PLATFORMS[:-1])} or {PLATFORMS[-1]}{hint}")
    return platform


_NONE: frozenset[str] = frozenset()  # the unknown cards of nearly every deck
# Why a deck's problems past the limit are not listed (formatted once, not per deck).
_CAPPED = f"a deck lists at most {MAX_PROBLEMS_PER_DECK:,} problems"


def check_deck(
    deck: Deck, fmt: FormatRef | Format, *, date: str | dt.date | None = None, cards: CardsArg = None,
    offline: bool | None = None, pool: str | Path | Pool | None = None, platform: str = "paper", context: Context | None = None,
) -> DeckResult:
    """Run every rule of `fmt` on an already parsed deck (and against its registered
    `pool` in a limited event; the pool's unreadable lines are reported with the deck).
    A sideboard the parser guessed from blank lines is settled with the format's sizes first
    (decklists/layout.py). At most MAX_PROBLEMS_PER_DECK problems are listed, then one that
    counts the rest.

    With card data (the built-in data, or a synced database) the names are made canonical
    first (the written name stays in `CardEntry.written`) and names no card has become
    `unknown-card` problems; with `cards=False` the rules that need card data
    (`not-in-pool`) have nothing to check. `platform` (paper, mtgo, arena; another is an
    OptionError) picks the release and rule dates of that platform. `context` is the rules' Context when the
    caller made one (for the same date, card catalog, pool and platform) to settle the
    deck's sideboard first: what it counted is not counted again. `fmt` and `date` are
    taken as `validate` takes them (an id or a file; text, a datetime, or None for today),
    and `pool` too (its text, a file or a `Pool`).
    """
    if not isinstance(deck, Deck):  # text given here met an AttributeError from deep inside
        raise OptionError("deck", f"{quoted(deck)}: give a Deck that parse_deck read (validate takes the decklist's text or file)")
    # The caller's deck: an entry changed in place since it was read would leave the counts
    # the parser noted stale (Deck.as_given).
    return check_read_deck(deck.as_given(), fmt, date=date, cards=cards, offline=offline, pool=pool, platform=platform,
                           context=context)


def check_read_deck(
    deck: Deck, fmt: FormatRef | Format, *, date: str | dt.date | None = None, cards: CardsArg = None,
    offline: bool | None = None, pool: str | Path | Pool | None = None, platform: str = "paper", context: Context | None = None,
) -> DeckResult:
    """check_deck of a deck this process read and handed to no one (validate, the CLI): the
    counts its parser noted are taken (Deck.note_zone_counts)."""
    if context is not None and not isinstance(context, Context):  # met an AttributeError deep inside
        raise OptionError("context", f"{quoted(context)}: give a rules Context made for the same settings, or None")
    if not isinstance(fmt, Format):
        fmt = given(fmt, "fmt")  # its error names the keyword, as validate's names format_id
    date = parse_date(date)
    check_platform(platform)  # a library caller's `platform="mtgx"` met a rule's KeyError
    if offline is not None and not isinstance(offline, bool):
        # Anything but False was read as offline: a form's "false" or 0 stayed so without a word.
        raise OptionError("offline", f"{quoted(offline)}: give True, False or None (the library's default: offline)")
    catalog = card_catalog(fmt, cards, offline=offline, named=True)
    pool = pool_argument(pool)
    if pool is not None and catalog is not None:
        pool = named_pool(pool, catalog, fmt)  # the pool's names are the card data's, as the deck's
    ctx = context if context is not None else Context(date=date, cards=catalog, pool=pool, platform=platform)
    return checked_deck(settle_sideboard(deck, fmt, date, platform, context=ctx), fmt, date, catalog, pool, platform, ctx)


def _zoned_as_read(unknown: list[Problem], deck: Deck) -> list[Problem]:
    """The `unknown-card` problems (found before `prepare` read the deck) in the zone their
    line ended up in: a `Commander` section that runs on into the deck is the deck's main
    deck from its second card on, and its unknown names are main-deck cards. A line read
    into two zones (one copy moved to the command zone) keeps the zone it was written in."""
    zones: dict[int | None, str | None] = {}
    for entry in deck.entries:
        zones[entry.line] = entry.zone if zones.get(entry.line, entry.zone) == entry.zone else None
    return [problem if problem.line is None or zones.get(problem.line) in (None, problem.zone)
            else problem.replace(zone=zones[problem.line]) for problem in unknown]


def _companion_lines_zoned(problems: list[Problem], deck: Deck) -> list[Problem]:
    """The problems with those on a `Companion` section's or line's card in the companion
    zone (docs/contracts.md, `zone`): the parser adds the companion to the sideboard on its
    own line (decklists/common.companions_for_sideboard), so the rules that count the
    sideboard (banned, copy-limit, ...) name that copy's zone. One the sideboard lists on a
    line of its own stays `sideboard`."""
    lines = {entry.line for entry in deck.entries if entry.zone == COMPANION and entry.line is not None}
    return [problem.replace(zone=COMPANION) if problem.zone == SIDEBOARD and problem.line in lines else problem
            for problem in problems]


def checked_deck(
    deck: Deck, fmt: Format, date: dt.date, catalog: Catalog | None, pool: Pool | None, platform: str, ctx: Context,
    *, with_pool_rest: bool = True,
) -> DeckResult:
    """`check_deck` of arguments it has checked already: a loaded format, a date, the
    catalog (or None), the pool as the catalog names it, a known platform, a deck whose
    sideboard `ctx` (made for them) settled. A batch, which checks its settings once for
    every deck, calls this so each deck of thousands does not check them again.
    `with_pool_rest` False: the pool is shared by several rows (a batch's Task.pool_shared),
    so its rest is no one deck's sideboard and is not worked out."""
    unknown: list[Problem] = []
    if not deck.unreadable:
        if catalog is not None:
            named, unknown = named_on(catalog, deck, fmt, date, platform)
            ctx.carry_counts(deck.entries, named.entries)  # what settling the sideboard counted
            deck = named
        # Set for every deck (a context may serve several): copy-limit leaves these names
        # to their unknown-card error (`20 Islands`), and counts a name the data lacks
        # that no error reports (a WoW database of one's own cards: a warning).
        ctx.report_unknown_cards(
            frozenset(card_key(problem.card) for problem in unknown if problem.is_error and problem.card) if unknown else _NONE,
        )
        deck = prepare(deck, fmt, ctx)
    # The deck's own problems as `prepare` left them: a Commander format settles a guessed
    # sideboard only there, once its command zone is read, and says which reading it took.
    problems = list(deck.problems)
    if deck.stated_totals and not deck.unreadable:
        # The totals the list states (`Main Deck Total: 40`), against its zones now final.
        from .decklists.stated import unmade

        problems.extend(unmade(deck, fmt.game))
    if pool is not None:
        problems.extend(pool.problems)
    if unknown and not deck.unreadable:
        unknown = _zoned_as_read(unknown, deck)
    problems.extend(unknown)
    counts: dict[str, int] = {}
    if not deck.unreadable:
        # The rules that may speak in this context (one with nothing to say about any deck
        # that day is left out); one with nothing to say about most decks says so with an
        # empty tuple (no generator to start and run out): nothing to add.
        for rule in speaking(rules_for(fmt), fmt, ctx):
            found = rule.check(deck, fmt, ctx)
            if found:
                problems.extend(found)
        if COMPANION in ctx.used_zones(deck):
            problems = _companion_lines_zoned(problems, deck)
        counts = dict(ctx.counts(deck))
    problems = capped(problems, MAX_PROBLEMS_PER_DECK, why=_CAPPED)
    return DeckResult(
        deck=deck.source,
        format=fmt.id,
        problems=problems,
        counts=counts,
        unreadable=deck.unreadable,
        pool=pool.source if pool is not None else None,
        as_of=as_of(fmt, catalog, date, platform),
        pool_rest=_pool_rest(deck, fmt, pool) if pool is not None and counts and with_pool_rest else None,
    )


def _pool_rest(deck: Deck, fmt: Format, pool: Pool) -> int | None:
    """How many cards of `pool` are `deck`'s sideboard, a limited deck that states none, or
    only basic lands the organiser provides (DeckResult.pool_rest); None when the pool's rest is not the deck's (a team's pool), or
    is no card (`sideboard 0` says so)."""
    rest = pool_sideboard(pool, deck.entries, fmt)
    return None if rest is None else sum(entry.count for entry in rest) or None


def read_deck(text_or_path: str | Path, *, input_format: str | None = None, folder_advice: str = IN_FOLDER_ADVICE) -> Deck:
    """A decklist parsed: a `str` is the list's text (or a `ydke://` URL), never a file
    name; a `pathlib.Path` is a file (docs/security.md: text a website's user pasted can
    never make deckcheck read a file), a folder's problem ending with `folder_advice`: by
    default a library caller's, to name the file in it (the command's, textio.FOLDER_ADVICE,
    sends its user to `deckcheck batch`, which a program is not running)."""
    if isinstance(text_or_path, Path):
        return parsers.load_deck(text_or_path, input_format=input_format, folder_advice=folder_advice)
    if not isinstance(text_or_path, str):
        # A DeckcheckError as every other wrong kind: a site's `except DeckcheckError` around
        # validate(body["deck"]) met a bare TypeError for a JSON null.
        upload = "; an upload's bytes go to parse_bytes" if isinstance(text_or_path, (bytes, bytearray, memoryview)) else ""
        raise OptionError("deck", f"{quoted(text_or_path)}: give the decklist's text (a str) or its file (a pathlib.Path){upload}")
    if parsers.is_inline(text_or_path):
        return parsers.parse_text(text_or_path.strip(), source=parsers.inline_name(text_or_path), input_format=input_format)
    deck = parsers.parse_text(text_or_path, source="<text>", input_format=input_format)
    if not deck.entries and deck.problems and deck.problems[0].rule == "parse-error":
        advice = parsers.file_name_advice(text_or_path, "decklist")
        if advice:  # `validate("deck.txt", ...)`: its problem says to give a Path
            deck.problems[0] = deck.problems[0].replace(message=deck.problems[0].message + advice)
    return deck


def read_bytes(data: bytes | bytearray | memoryview, *, name: str = "<upload>", input_format: str | None = None) -> Deck:
    """A decklist file's bytes parsed as the command line reads the file: an upload a web
    service received, in an encoding nobody named (a BOM, UTF-8, Shift-JIS, Korean,
    Chinese, Cyrillic, Mac Roman, else Windows-1252: docs/decklists.md). `name` is the
    file's name as its user gave it (shown in messages, and its extension chooses the
    parser as a file's does: `deck.ydk`); no file is read or written. Bytes that are no
    text (a photo, a PDF) or too many give a deck whose `parse-error` says so; pass the
    deck to `check_deck` or `simulate`.

    >>> from deckcheck import parse_bytes
    >>> deck = parse_bytes("4 Lim-Dûl’s Vault\\n56 Swamp\\n".encode("cp1252"))
    >>> deck.entries[0].name
    'Lim-Dûl’s Vault'
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        # a str was decoded already: validate, check_deck or parse_deck takes it as it is
        raise OptionError("data", f"{quoted(data)}: give the upload's bytes (bytes); text (a str) goes to parse_deck")
    if not isinstance(name, str):
        raise OptionError("name", f"{quoted(name)}: give the upload's file name as a str")
    if input_format is not None:
        parsers.get(input_format)  # an unknown one is an OptionError even when the bytes are no text
    size = memoryview(data).nbytes
    if size > MAX_INPUT_BYTES:  # refused before bytes() copies a stranger's whole upload
        return parsers.unreadable(name, too_big(name, size))
    return parsers.parse_file_bytes(bytes(data), source=name, input_format=input_format)


def pool_argument(pool: object) -> Pool | None:
    """A registered pool as a library caller gives it: its text (a `str`) or a file (a
    `pathlib.Path`) read (InputError when it cannot be), a `Pool` or None as it is; anything
    else an OptionError naming `pool` (it said "a decklist is text", of the deck)."""
    if pool is None or isinstance(pool, Pool):
        return pool
    if not isinstance(pool, (str, Path)):
        raise OptionError("pool", f"{quoted(pool)}: give the pool's text (a str), its file (a pathlib.Path) or a Pool")
    try:
        return read_pool(pool)
    except DeckcheckError as error:  # one that cannot be read: a form marks the pool's field
        raise of_setting(error, "pool") from None


def validate(
    text_or_path: str | Path,
    format_id: FormatRef | Format,
    date: str | dt.date | None = None,
    *,
    input_format: str | None = None,
    cards: CardsArg = None,
    offline: bool | None = None,
    pool: str | Path | Pool | None = None,
    platform: str = "paper",
) -> DeckResult:
    """Validate one decklist against a format: `text_or_path` is the list's text (a `str`)
    or a file (a `pathlib.Path`); `format_id` an id (`"mtg/modern"`), a format file (a
    `Path`) or a loaded `Format`.

    >>> result = validate("4 Lightning Bolt\\n56 Mountain", "mtg/modern")
    >>> result.legal
    True

    `cards`: None uses the card database of DECKCHECK_CARDS_DB or the default place when
    there is one; a path names a database; False checks without card data. The library
    never looks names up online unless asked: `offline=False` lets it ask Scryfall for
    names the database lacks, within the limits of docs/security.md.

    `pool` is the registered pool of a limited event (its text, a file as a `Path`, or a
    `Pool`): every card of the deck must come from it (rule `registered-pool`). A pool that
    cannot be read raises InputError.

    `platform` is where the event is played: `paper` (default), `mtgo` or `arena`; card
    pools and list dates follow that platform's release and ban days.
    """
    fmt = given(format_id)
    pool = pool_argument(pool)
    deck = read_deck(text_or_path, input_format=input_format)
    return check_read_deck(deck, fmt, date=parse_date(date), cards=cards, offline=offline, pool=pool,
                      platform=check_platform(platform))


def validate_file(
    path: str | Path,
    format_id: FormatRef | Format,
    date: str | dt.date | None = None,
    *,
    input_format: str | None = None,
    cards: CardsArg = None,
    offline: bool | None = None,
    pool: str | Path | Pool | None = None,
    platform: str = "paper",
) -> DeckResult:
    """`validate` of the decklist file at `path` (a `str` here is a file name: use this only
    with paths your own code chose, never with text from users). Its keywords are
    validate's, written out so that a type checker checks them (not `**options`)."""
    return validate(file_argument(path, "decklist file"), format_id, date, input_format=input_format, cards=cards,
                    offline=offline, pool=pool, platform=platform)


def file_argument(path: object, what: str) -> Path:
    """`path` as a Path when it is a file name (a `str` or a `Path`), else an OptionError
    naming `path` (pathlib's own TypeError said nothing of the setting)."""
    if isinstance(path, (str, Path)):
        return Path(path)
    raise OptionError("path", f"{quoted(path)}: give the {what}'s name (a str or a pathlib.Path)")
