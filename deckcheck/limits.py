"""Every bound deckcheck puts on what it reads, downloads, reports and writes, and on the
numbers options take, in one place.

docs/security.md lists each of these with its value in one table (tests/test_limits.py
checks that the table and this module agree). The modules that enforce a limit import it
from here; none of them states its own number. An option's value outside its bounds is a
usage error (exit 2) with one line that says the bound, never an internal error from deep
inside (numpy refuses a negative seed) and never a run that cannot end
(`--hands 99999999999999999999`).
"""
from __future__ import annotations

import sys

from .errors import DeckcheckError, OptionError
from .lazy_pattern import lazy
from .report.style import DEL_C1_AND_BIDI

# ---------------------------------------------------------------- files deckcheck reads

# A decklist, a registered pool, a manifest, a format file, a policy file, deckcheck.yaml
# or an lflist.conf. Real decklists are a few kilobytes, a cube or a collection well under
# 1 MiB: anything bigger is not what the user meant, and refusing it bounds memory.
MAX_INPUT_BYTES = 4 * 1024 * 1024
# Reading one of those files (a slow network mount that keeps sending). A regular file on
# a local disk is read in milliseconds; named pipes and devices are never opened.
MAX_READ_SECONDS = 10.0
# A `.yaml`/`.yml` file given where a decklist goes is asked whether it is a YAML file of
# settings (decklists/settings_file.py) by its first lines only, up to this many characters:
# the message names its first keys, which stand there in deckcheck.yaml, a keep policy or a
# format file. PyYAML builds a node of a few hundred bytes for every value, so 4 MiB of
# `a: [1,1,...]` took 21 s and 747 MB to be told it is no decklist, and 256 KiB 2.6 s.
MAX_SETTINGS_SNIFF_CHARS = 4096
# The longest card name is under 150 characters; a line with a count and a site's
# decorations stays far below this. Longer lines are refused before any pattern runs.
MAX_LINE_CHARS = 1024
# One cell of a batch manifest (a player, a path, a team): real ones are a few dozen
# characters. Python's csv refuses a longer field (its default field limit, the same
# number) by stopping the whole read; a longer cell is a problem of its row instead.
MAX_MANIFEST_CELL_CHARS = 131_072
# Bytes of deck and pool files one batch reads again, for rows that name a file an earlier
# row named: each such row reads and checks a deck again (20 rows naming one 10,000-line
# deck took 5.3 s; a 4 MiB manifest naming one big deck stood for hours), and a pool once
# it has left the few a process keeps (170 rows cycling through 17 pools of 840 KB: 10 s).
# Rows copied by mistake and teammates sharing a pool name a few kilobytes; this is 6,000
# rows of one 5 KB deck, or about 200 of a 10,000-line deck (under a minute). Past it, a
# row is left unchecked (a pool: not checked against it) with an error.
MAX_DECK_BYTES_READ_AGAIN = 32 * 1024 * 1024
# No legal deck holds this many copies of one card.
MAX_COUNT = 9999
# Copies of one line that `.ydk` and `ydke://` write, one passcode each: the largest zone
# of a Yu-Gi-Oh! deck (a main deck of 60, formats/yugioh/base.yaml). More would make a few
# kilobytes of `9999 Name` lines write hundreds of megabytes.
MAX_COPIES_WRITTEN = 60

# One error message (errors.bounded): the longest real ones (a format file's unknown
# names, a setting's choices) are a few hundred characters; a library caller's megabyte
# setting quoted whole is cut in the middle, its start and its advice kept.
MAX_MESSAGE_CHARS = 4000

# A setting's value as an error quotes it (`quoted`): a date, a platform, a format id,
# a keep rule are a few dozen characters; a web form's field may hold megabytes.
MAX_QUOTED_CHARS = 200
# A deck's own name (a Cockatrice <deckname>, a Forge Name=) as a batch keeps it on each
# DeckResult for the sheets: the Deck name box prints 120 characters (paperwork/pdf.py
# MAX_FIELD_CHARS) but a .cod names its deck in up to 65,536. Room to spare past 120, as
# the sheet drops invisible characters before it cuts, so the box prints as it did.
MAX_DECK_NAME_KEPT = 1024

# ---------------------------------------------------------------- problems

# Unreadable lines (`parse-error`) listed per file; the rest become one "N more
# unreadable lines" problem. A file whose first this-many meaningful lines are all
# unreadable, with no card line among them, is not a decklist: reading stops there.
MAX_UNREADABLE_LINES = 25
# Problems listed per deck, and per report (a batch), before one "N more problems"
# problem takes the place of the rest (errors still make the deck illegal).
MAX_PROBLEMS_PER_DECK = 500
MAX_PROBLEMS_PER_REPORT = 50_000
# Results of a SARIF log: GitHub code scanning rejects the whole log past 25,000 results in a
# run ("Analysis SARIF file rejected due to result limits"), and a report may list twice as
# many problems. The rest are counted in a notification of the invocation.
MAX_SARIF_RESULTS = 25_000
# Players a team problem names (in its message and its `holders`), and players a deck
# file shared by several rows names (batch/shared_decks.py): a team of 40,000 rows made each
# message 389 KB. The rest are counted ("and 37 more players").
MAX_HOLDERS_LISTED = 20
# Letters and digits of a team's name (folded) that are looked at for a slip of typing
# beside another team's (batch/teams.py, spelt_apart): a longer name is alike another only
# when the same but for signs and spaces. Team names are a few words; a cell may hold
# 131,072 characters, and 100 teams of 40,000-character names compared letter by letter
# took 34 s.
MAX_NAME_COMPARED = 64
# Lines a problem about one card names when the deck lists it on several (copy-limit,
# banned, restricted: `lines 4, 9 and 12`): a hostile list of 10,000 `1 Sol Ring` lines
# would make one message of 60 KB. The rest are counted ("and 9,980 more"); `line` stays the first.
MAX_LINES_NAMED = 20
# Unknown card names per deck that get "did you mean" suggestions (each costs a lookup), and
# per `formats check` the names and the passcodes its files write that no card has: those
# listed (with suggestions), the rest counted in one line, as are its cards with two point values.
MAX_SUGGESTED_NAMES = 100
# Card lines of one decklist (or pool) that are checked; the rest are one `parse-error`.
# The largest real lists (a cube, a 250-card Battle of Wits deck) hold under 1,000; a
# 4 MiB file of 190,000 different unknown names took 18 s and 230 MiB, each name looked
# up in the card data and carried through every rule.
MAX_DECK_ENTRIES = 10_000
# Lines of a decklist or pool text that are read (every format but XML): a list of
# MAX_DECK_ENTRIES cards with its headers, comments and blank lines stays far below. Every
# line was read before the entries were cut: 4 MiB of `1 a` lines (a million entries) took
# 245 MB for one pasted text. The rest of a longer text is one error, not read.
MAX_DECK_LINES = 40_000

# ---------------------------------------------------------------- format files

# Dated sizes of one zone in a format file (`deck: {main: [...]}`): a zone's rules changed
# a few times at most, and `formats check` compares every two (a stranger's file of 4,000
# took 98 s and 2 GB, of 20,000 longer than anyone waits).
MAX_DATED_SIZES = 64

# Values of a format file's lists that are no card names: kinds, types, platforms, zones,
# rarities, team sizes, sources (MAX_FORMAT_KINDS; a game has a few dozen of any), and
# sets (MAX_FORMAT_SETS; Magic has about 1,000 set codes, the bundled formats list at most
# 132). Unbounded, a stranger's 4 MiB file of one such list cost 2 to 4 s and 200 to 350 MB
# to read, and every card was matched against each of its values.
MAX_FORMAT_KINDS = 1_000
MAX_FORMAT_SETS = 5_000
# Characters of a format file's name and of each value it writes as free text that is a
# word of the card data (a type of `banned_types`, `hero.types`, `card_pool.exclude_types`,
# a rarity, a legality key): real ones are a word or a few ("Pauper Commander", "uncommon").
# The rules name them in every deck's problems: a card pool of one rarity of 4 MB was named
# in each card's `not-in-pool` problem (a deck of five cards off the pool made a 20 MB
# report; of 500, 2 GB), and so was a format's name of a megabyte.
MAX_FORMAT_WORD_CHARS = 100
# Lists (`!Name` lines) of one lflist.conf that `formats import-lflist` turns into formats:
# EDOPro's files hold one list each, YGOPro's old combined one a few dozen. Each list is a
# whole format, so a 3 MB file of 400,000 bare headers wrote 105 MB of YAML (400,000 files
# with -d).
MAX_LFLISTS = 1_000

# Format files one `extends:` chain may hold (the bundled ones are at most 4 deep): each
# level merges every list above it.
MAX_EXTENDS_DEPTH = 16

# Entries of a format's dated lists (banned, restricted, card_limits, ...), merged along its
# `extends:` chain, where each level adds its own to its parent's. Every card name of a
# game (Magic has about 32,000) is far fewer; the bundled formats list at most about
# 1,000. A pull request's chain of 8 files of 95,000 names (kilobytes in git) took 495 MB
# and 16 s of CPU to check one deck.
MAX_FORMAT_LIST_ENTRIES = 100_000

# Loaded formats one process keeps in memory (every bundled format, 27, and a repository's
# or an event's own files): a library server loading its users' format files would keep
# each for ever, and a `check` of 256 format files each one (up to MAX_FORMAT_LIST_ENTRIES
# entries, about 35 MB). One loaded again comes from the disk cache (formats/disk_cache.py).
MAX_FORMATS_KEPT = 64
# Merged formats kept between runs in the user cache folder (formats/disk_cache.py): every
# bundled format many times over. A key names a format file by its path, so files that come
# and go (a test's, a user's renamed folders) would otherwise leave an entry each, for ever.
MAX_FORMAT_CACHE_ENTRIES = 512
# Bytes of merged formats kept between runs in the user cache folder (formats/disk_cache.py):
# a bundled format's entry is at most about 110 KB, but a format file of the largest lists
# the bounds above let through is 8 MB as JSON, and the 512 entries kept by number alone
# could have held 4 GB of a CI runner's or a server's disk. The least recently written go first.
MAX_FORMAT_CACHE_BYTES = 64 * 2**20
# The longest text whose letter counts "did you mean" keeps for the process (cards/suggest.py,
# 4,096 texts): longer than every card name of every game (a Magic name of 141 characters is
# the longest), short enough that the kept counts take a few MB whatever letters they hold.
# Names of a line of kanji kept 100 KB each, some 400 MB for a process that simulated
# hostile policy names.
MAX_KEPT_LETTERS_TEXT = 160
# Verdicts a batch keeps between runs in the user cache folder (batch/verdict_store.py): a
# verdict is a few hundred bytes of JSON, so some 50 MB; an event of 50,000 players
# registers a few thousand distinct lists. The oldest written are forgotten first.
MAX_VERDICTS_KEPT = 100_000
# Answers one loaded format remembers of its dated lists and sizes, by event day and
# platform (each day asks about ten: banned, restricted, card limits, zone sizes; and one
# `as_of` per day, platform and card data): a website's users name any day from year 1 to
# 9999, and every new day stayed for ever (the same Modern list on 4,000 days grew a
# server by 19.7 MB, a Commander list by 27 MB). A batch or a check run names a day or two.
MAX_DATED_ANSWERS = 2_048
# Card names the formats of one `batch` or `check` run write together (each format's
# merged lists, counted as MAX_FORMAT_LIST_ENTRIES counts them), every distinct format
# once: each passes that bound alone, but a submitted zip or a pull request may bring many.
# 20 format files of 99,000 names each, named by the rows of one manifest, took 154 s and
# 1.2 GB. Every bundled format together writes about 7,000; an event's own a few hundred.
MAX_FORMAT_NAMES_PER_RUN = 200_000

# ---------------------------------------------------------------- XML deck files (.dek, .cod)

MAX_XML_DEPTH = 64
# Characters of text kept per element (deck names, comments); the rest is dropped unread.
MAX_XML_TEXT_CHARS = 64 * 1024
# Elements of one deck XML file: a deck of MAX_DECK_ENTRIES cards is one element each and a
# few around them. 4 MiB of empty elements built a tree of a million (410 to 730 MB, 6 to
# 10 s for one file); a file of more is refused before its tree grows past a few dozen MB.
MAX_XML_ELEMENTS = 40_000
# Commanders a Cockatrice file's `CDR:` comment lines name that are read: a deck has one or
# two (and in Oathbreaker a signature spell each). Each named card is placed against every
# other (a partner looked for) and against every card of the deck, so 5,000 such lines in a
# 64 KiB comment took minutes of validate and of convert; the rest are one warning.
MAX_COMMANDER_HINTS = 8

# ---------------------------------------------------------------- batch archives (.zip)

MAX_ZIP_ENTRIES = 20_000
MAX_ZIP_BYTES = 256 * 1024 * 1024  # uncompressed, as declared and as actually inflated

# ---------------------------------------------------------------- keep rules and assertions

MAX_EXPRESSION_TOKENS = 256
MAX_EXPRESSION_NESTING = 32
# Characters of one keep rule or assertion, refused before it is read: real ones are under
# 200, and a long list of cards belongs in a policy file's tags. A report quotes an
# assertion whole for every deck it is run on: three assertions naming a card of a million
# characters printed 154 MB for 51 decks, and a keep rule of 4 MiB of `(` took 660 MB to
# be told it had too many tokens.
MAX_EXPRESSION_CHARS = 4096

# ---------------------------------------------------------------- deckcheck.yaml globs

# Globs of one deckcheck.yaml (`decks`, `exclude`, `formats`, `simulate` together) and the
# characters of one. Real files hold a handful of short ones; every file of the repository
# is matched against each (the work of a run: MAX_GLOB_STEPS_PER_RUN).
MAX_GLOBS = 256
MAX_GLOB_CHARS = 256
# Steps of glob matching one `check` run takes (a character of a file or folder name compared
# with a glob's, a cell of a `**` glob's table over a path's folders; project/globs.py):
# every file is matched against every glob, each match costs the glob's length times the
# path's, and a pull request writes both. 256 globs of 64 `**/a/` parts against files in
# folders 300 deep (a 30 KB deckcheck.yaml) took 158 s of CPU, and the work grows with the
# files times their depth: hours at the deepest path a system takes. A repository of
# 10,000 decks under 15 ordinary globs takes 17 million: the bound leaves a repository of
# half a million decks room; past it the run stops.
MAX_GLOB_STEPS_PER_RUN = 1_000_000_000
# Assertions one `check` run evaluates, over every deck and every `simulate` entry that
# matches it: each deck runs each entry's list again, and YAML aliases let a few kilobytes
# name one list under every glob (57 KB stood for 512,000 assertions: 56 s, 1.3 GB, a
# 117 MB report). Real projects run tens to a few thousand.
MAX_ASSERTIONS_PER_RUN = 10_000
# Hands one `check` run simulates, over every deck and every `simulate` entry that matches
# it: each entry's `hands` (the default 100,000 when it sets none) for each deck, about
# 0.84 s a million for a 60-card deck to turn 3, up to ten times that for a deck of
# hundreds of distinct cards tracked to turn 50 (a review measured 8-10 s a million). 256
# entries at `hands: 10000000` (10 KB) stood for 36 minutes of one run. This is 1,000
# decks at the default, or 100 at a million each: a minute and a half for ordinary decks,
# at worst about fifteen minutes, inside a CI job's time; real projects simulate tens of
# decks at the default.
MAX_HANDS_PER_RUN = 100_000_000

# ---------------------------------------------------------------- the card server (Scryfall)

CONNECT_TIMEOUT = 5.0   # seconds; DECKCHECK_HTTP_TIMEOUT sets both timeouts
READ_TIMEOUT = 60.0     # seconds without a byte from the server
# The longest DECKCHECK_HTTP_TIMEOUT taken: a day, far past any wait worth having. A longer
# one (`inf`, `1e12`) reached the socket and stopped a sync with an OverflowError; it is
# ignored as a value that is no number of seconds is.
MAX_HTTP_TIMEOUT = 86_400
MIN_REQUEST_INTERVAL = 0.5   # seconds between requests: at most 2 a second
MAX_429_RETRIES = 3
MAX_RETRY_WAIT = 120.0  # a longer Retry-After is reported, not slept through
MAX_REDIRECTS = 5
# An API answer (the bulk-data index, a `/cards/collection` page), decoded.
MAX_API_RESPONSE_BYTES = 16 * 1024 * 1024
# The bulk file, decoded: the size the index states plus a margin, and never more than
# the ceiling (Scryfall's biggest file, all_cards, is about 2.3 GB).
BULK_SIZE_MARGIN = 1.25
MAX_BULK_BYTES = 4 * 1024 * 1024 * 1024
# One JSON value (a card) of a streamed card file, in characters.
MAX_JSON_ITEM_CHARS = 16 * 1024 * 1024
# Online lookups of names the card database lacks (the CLI; the library makes none unless
# asked): names looked up per deck, requests per run, and the run's time budget for them.
MAX_ONLINE_NAMES_PER_DECK = 225  # three requests of 75
MAX_ONLINE_REQUESTS_PER_RUN = 10
MAX_ONLINE_SECONDS_PER_RUN = 20.0

# ---------------------------------------------------------------- card files (`cards import`)

# A card file given to `cards import`, decoded (gzip, bzip2 and xz are read as they are): a
# Magic bulk file is streamed and bounded like a download (MAX_BULK_BYTES); the other card
# files are read whole and parsed in memory (YAML Yugi's lines and the WoW TCG file are 12 MB
# and 4 MB), so a kilobyte-sized gzip of gigabytes must stop before it is all in memory.
# The YGOPRODeck card list `cards sync --game yugioh` fetches is read whole too, under this
# bound.
MAX_WHOLE_CARD_FILE_BYTES = 64 * 1024 * 1024
# Characters kept of a WoW TCG hero's "Deckbuilding:" text (the card data's longest is 331):
# the hero rule quotes it in its messages and reads it with regular expressions, so a user's
# card file cannot make either as long as the file.
MAX_DECKBUILDING_CHARS = 1024

# ---------------------------------------------------------------- output

# Deck rows and problem rows of a GitHub job summary (GitHub keeps at most 1 MiB of it per step).
MAX_SUMMARY_ROWS = 1000
# Bytes of a step's job summary, what the step wrote before included: GitHub drops the whole
# summary past 1 MiB ("$GITHUB_STEP_SUMMARY upload aborted"), and long names or messages can
# make even MAX_SUMMARY_ROWS rows of each table pass it. The rest is cut at a line.
MAX_SUMMARY_BYTES = 1_000_000
# Characters of one cell of a text report's table (a player, team, deck path): every row is
# padded to the widest cell, so one 130,000-character name would widen all of them. A
# longer cell is cut with an ellipsis; JSON, CSV and the problem lists keep the whole name,
# but for the players a shared deck file's warning names (batch/shared_decks.py: each row of
# the group names up to MAX_HOLDERS_LISTED of them).
MAX_TABLE_CELL_CHARS = 60

# Names (players, events, cards) with characters the fonts cannot draw that one run's
# registration sheets warn of, and the characters each warning names: a warning quoted the
# whole name and named each character, so a player named by 40,000 characters no font has
# (a 160 KB manifest) printed a line of 1.6 MB, a deck of 10,000 such names 12 MB. The
# rest are counted in one last warning; each name is quoted cut (MAX_QUOTED_CHARS).
MAX_SHEET_WARNINGS = 100
MAX_CHARS_DESCRIBED = 10

# What one sheet writer (a run's PDF) keeps to print the texts an event's sheets repeat
# (paperwork/pdf.SheetWriter): each character's width, at most MAX_WIDTHS_KEPT; each short
# text's printed form and width, at most MAX_TEXTS_KEPT, none longer than MAX_KEPT_TEXT_CHARS,
# and no printed form with characters the fonts cannot draw (its list of them made a name
# of 240 rare ideographs 20 KB kept: 4 decks of such names took 539 MB, 196 MB without).
# Past them a text is printed and measured again each time.
MAX_WIDTHS_KEPT = 65_536
MAX_TEXTS_KEPT = 65_536
MAX_KEPT_TEXT_CHARS = 256

# ---------------------------------------------------------------- options

# Seeds: what every random generator deckcheck uses accepts, and what JSON readers keep exact.
MAX_SEED = 2**63 - 1
# Monte Carlo games: ten million give a standard error under 0.0002 on any probability (a
# few seconds a million); more would only make a CI job wait.
MAX_HANDS = 10_000_000
# The fewest games a sampled run judges an assertion by (`--hands`, a deckcheck.yaml entry's
# `hands:`): a few give no standard error to go by. One hand makes keep7 0 or 1 with an error
# of 0, so the 3-standard-error margin vanishes and the verdict is a coin toss, not a check.
MIN_HANDS_TO_ASSERT = 100
# Turns of a by-turn table, an assertion (p_by_turn, land_drops) or a castability question:
# a game of Magic rarely lasts past turn 20-30, and the work grows with the turns (the exact
# by-turn table of 300 different cards to turn 50 took 9 s of CPU before cards alike shared
# their answers, 0.6 s now; sampled, 100,000 games of it take about 11 s).
MAX_TURNS = 50
# Cells (kept hands x compositions of the draws x categories) of an exact by-turn event
# (`p_by_turn` of a condition or category, `land_drops`, `castable`): about 25 ns each, so
# at most about half a second. An event with six cards of its own at turn 20 took 80 s;
# past this bound it is sampled (Monte Carlo, with a note) instead.
MAX_EXACT_EVENT_WORK = 20_000_000
# An opening hand (a format's `opening_hand.size`, a policy's `keep` hand sizes): real games
# deal 5 to 7 cards; exact odds of a 120-card hand overflow a float, and the by-turn events
# grow with the hand (a 60-card hand took minutes where 7 cards take seconds).
MAX_HAND_SIZE = 20
# Bytes of the per-game values one sampled run keeps beside the kept size and lands (each
# game's events and the copies seen of the assertions' cards: what gives an expression its
# standard error from the games). Real assertions keep tens of bytes a game (at most a few
# hundred MB at MAX_HANDS); a file of thousands of assertions kept a byte a game for each
# (200 of them at a million games took 272 MB). Past it, an estimate keeps none: the same
# value, and its comparisons add the sides' errors (the safe bound).
MAX_PER_GAME_BYTES = 1 << 30
# Cards of a simulated main deck: the largest real decks (Commander, 250-card casual
# formats) stay far below. Monte Carlo shuffles a batch of a big deck a slice of games at a
# time (memory flat in the deck size), but exact mode and the by-turn table grow with it.
MAX_SIMULATED_CARDS = 500
# Card names one keep policy file writes (under tags, lands, cards, costs and sources
# together): each is read through the card data again for every deck simulated with it, and
# a pull request's file of 100,000 tag names cost 1.6 s a deck of `check`. A cube's policy
# naming its whole pool writes about 1,000.
MAX_POLICY_NAMES = 10_000


def is_whole(value: object) -> bool:
    """An int, not a bool: a library caller's `"100"`, `1.5` or `True` is refused in the
    setting's own words, never met later by a comparison or numpy (a bare TypeError)."""
    return isinstance(value, int) and not isinstance(value, bool)


def quoted(value: object) -> str:
    """A setting's value as its message quotes it: text in quotes (`hands '100'`), anything
    else as written (numbers bare), at most MAX_QUOTED_CHARS of either."""
    return repr(value[:MAX_QUOTED_CHARS]) if isinstance(value, str) else str(value)[:MAX_QUOTED_CHARS]


def one_line(name: str) -> str:
    """A file name (or other text a caller chose) as a message names it: as it is, as
    every message printed it, unless it holds a control character, a line separator or a
    bidirectional override or isolate (which would turn the rest of the message around),
    then quoted (`quoted`: a line break as `\\n`), so a library caller's `Path("a\\nb")`
    cannot make its error two lines. An undecodable byte of a file name (a lone surrogate)
    is no control: the command line shows it as ever (tests/test_undecodable_names.py)."""
    return quoted(name) if _CONTROL_OR_BREAK.search(name) else name


_CONTROL_OR_BREAK = lazy(f"[\x00-\x1f\u2028\u2029{DEL_C1_AND_BIDI}]")


def check_seed(seed: int | None) -> None:
    """OptionError (setting `seed`) unless `seed` is None or a whole number from 0 to MAX_SEED."""
    if seed is not None and not (is_whole(seed) and 0 <= seed <= MAX_SEED):
        raise OptionError("seed", f"{quoted(seed)}: use a whole number from 0 to {MAX_SEED}")


def check_hands(hands: int | None) -> None:
    """OptionError (setting `hands`) unless `hands` is None or a whole number from 1 to MAX_HANDS."""
    if hands is not None and not (is_whole(hands) and 1 <= hands <= MAX_HANDS):
        raise OptionError("hands", f"{quoted(hands)}: simulate from 1 to {MAX_HANDS:,} games")


def too_few_to_assert(hands: int | None) -> str | None:
    """Why `hands` sampled games cannot judge an assertion (`2 hands are too few ...`), or
    None when they can (None: the default number of hands)."""
    if hands is None or hands >= MIN_HANDS_TO_ASSERT:
        return None
    return (f"{hands:,} hand{'' if hands == 1 else 's'} {'is' if hands == 1 else 'are'} too few to judge an assertion by; "
            f"give at least {MIN_HANDS_TO_ASSERT}")


def check_turns(turn: int, what: str | None = None, *, too_early: str | None = None, too_late: str | None = None) -> None:
    """An error unless `turn` is from 1 to MAX_TURNS: the one turn check of `turns`, the
    assertions' turns and --cast's mana value. Without `what` it is an OptionError of the
    setting `turns`; with it, a DeckcheckError naming `what`, where the turn was given (an
    assertion's text). `too_early` and `too_late`, when given, are the whole message for a
    turn under 1 or over MAX_TURNS (each caller keeps the wording its users know). A value
    that is no whole number (a library caller's `turns="3"`) is the OptionError of `turns`."""
    if not is_whole(turn):
        raise OptionError("turns", f"{quoted(turn)}: give a turn from 1 to {MAX_TURNS} (a game rarely lasts past turn 30)")
    if turn < 1:
        raise OptionError("turns", "must be at least 1") if too_early is None else DeckcheckError(too_early)
    if turn > MAX_TURNS:
        if too_late is not None:
            raise DeckcheckError(too_late)
        detail = f"{turn}: give a turn from 1 to {MAX_TURNS} (a game rarely lasts past turn 30)"
        raise OptionError("turns", detail) if what is None else DeckcheckError(f"{what} {detail}")


class NumberTooLong(ValueError):
    """Digits past what Python's int() reads (4,300 unless PYTHONINTMAXSTRDIGITS says
    otherwise); `digits` counts them. A ValueError, so a caller that already refuses text
    that is not a number refuses this one too."""

    def __init__(self, digits: int):
        self.digits = digits
        super().__init__(f"a number of {digits:,} digits, longer than any deckcheck reads")


def whole_number(text: str) -> int:
    """int(text) for a number written in a file or an option. Python refuses a number of
    thousands of digits with a message about sys.set_int_max_str_digits, which means
    nothing to the user: that raises NumberTooLong instead (any other failure is int()'s
    own ValueError). Also the `parse_int` of JSON read from files."""
    try:
        return int(text)
    except ValueError:
        digits = sum(char.isdigit() for char in text)
        if digits > sys.get_int_max_str_digits() > 0:
            raise NumberTooLong(digits) from None
        raise
