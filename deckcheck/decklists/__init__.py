"""Decklist file formats, one module per format, and the one registry that picks them.

A format module declares `NAME`, `EXTENSIONS`, `DESCRIPTION`, and has `sniff(text) -> bool`
and `parse(text, source) -> Deck` (`XML = True` when it reads XML; `BY_CONTENT_ONLY = True`
when another program's files share its extension, so that only its sniff picks it; `is_url(argument)` when a
command-line argument can be a deck itself). A format deckcheck also writes declares `ZONES`
(the zones it can hold; `PASSCODES = True` when it lists cards by passcode;
`COMMANDER_FILED_IN`, the zone where a format without a command zone files a commander;
`NAMED_BY_FILE_NAME = False` when a deck whose list gives no name is written without one,
not under its file's name) and has `write(deck) -> str`. A reader whose files name a commander otherwise than text's
`Commander` section says how in `COMMANDER_NAMED_BY` (the "no commander" problem quotes
it). A format that is only written (arena, which the text parser reads) has no sniff or
parse. A sniffer that says no to any file without a certain character in its first
`SNIFF_HEAD` characters (`<` for XML) declares it as `SNIFF_MARK`: `choose` asks only the
sniffers whose mark the file holds (most files hold none). Adding a format is a module and one line in `FORMATS`
(docs/decklists.md); parser and writer names everywhere (`--input-format`, `convert --to`,
completion, errors) come from here.

The parser is chosen by `--input-format`, else by the file's content (XML roots and
section markers are unambiguous), else by its extension (an XML parser only for XML
content), else plain text.
"""
from __future__ import annotations

import os
from importlib import import_module
from pathlib import Path
from types import ModuleType

from ..errors import DeckcheckError, InputError, OptionError
from ..limits import MAX_DECK_ENTRIES, MAX_DECK_LINES, MAX_LINE_CHARS, one_line
from ..model import COMMANDER, COMPANION, EXTRA, HERO, MAYBEBOARD, SIDEBOARD, Deck, move_one
from ..names import card_key
from ..problem import ERROR, PARSE_ERROR, WARNING, LineProblems
from ..lazy_pattern import lazy
from ..textio import FOLDER_ADVICE, MAX_INPUT_BYTES, binary_kind, decode, read_bounded, too_big, without_surrogates
from . import settings_file, text  # text: the parser of last resort, plain text accepts anything
from .common import (
    CUT_IN_LAST_LINE, LINE_BREAK, LINK_WRAPPERS, companions_for_sideboard, email_quoted, email_unquoted, entries_cut, parse_error, pasted_twice,
    remove_invisible,
)

# Every format, decklists/<name>.py, one line each, in sniffing order: specific formats
# first, plain text last among the parsers, then the formats that are only written.
FORMATS: tuple[ModuleType, ...] = tuple(import_module(f"{__name__}.{name}") for name in (
    "dek",
    "cod",
    "o8d",
    "dck",
    "ydk",
    "ydke",
    "draftlog",
    "text",
    "arena",
))
PARSERS: dict[str, ModuleType] = {module.NAME: module for module in FORMATS if hasattr(module, "parse")}
WRITERS: dict[str, ModuleType] = {module.NAME: module for module in FORMATS if hasattr(module, "write")}
# What `choose` reads for every deck of a batch, worked out once from PARSERS: the parsers
# that sniff content, the extensions parsers claim (the files of a folder that are decks),
# and per extension the parsers its name picks (in PARSERS order) with whether each reads
# only XML.
_SNIFFERS: tuple[ModuleType, ...] = tuple(module for module in PARSERS.values() if module is not text)
# The characters a sniffer's `SNIFF_MARK` must be among (see the module docstring): no
# sniffer looks further for it.
SNIFF_HEAD = 4000
# The characters of a text's head unquoted for `choose` when it is quoted as an email
# reply quotes (`> <Deck>`): more than any sniffer reads (dek.py's 20,000), with the quotes.
_QUOTED_HEAD = 32768
# Each sniffer with its mark ("" when it has none: it is always asked), in sniffing order.
_MARKED_SNIFFERS: tuple[tuple[ModuleType, str], ...] = tuple(
    (module, getattr(module, "SNIFF_MARK", "")) for module in _SNIFFERS
)
_EXTENSIONS = frozenset(ext for module in PARSERS.values() for ext in module.EXTENSIONS if ext)
_BY_SUFFIX: dict[str, tuple[tuple[ModuleType, bool], ...]] = {
    suffix: tuple(
        (module, getattr(module, "XML", False)) for module in PARSERS.values()
        if suffix in module.EXTENSIONS and not getattr(module, "BY_CONTENT_ONLY", False)
    )
    for suffix in _EXTENSIONS
}


# The parsers that read a deck given as a URL, found once: every manifest row asks.
_URL_READERS = tuple(module for module in PARSERS.values() if getattr(module, "is_url", None))


def is_inline(value: str) -> bool:
    """True when a command-line argument is a deck itself (a `ydke://` URL), not a path."""
    return any(module.is_url(value) for module in _URL_READERS)


# What a deck site's address starts with: a registration form collects the link to a
# player's list as often as the list itself.
_WEB_SCHEMES = ("http://", "https://")


def web_address(value: str) -> bool:
    """True when a deck argument or a manifest's deck cell is a web address (a deck site's
    page, `https://www.moxfield.com/decks/...`): deckcheck downloads no decklist, and as a
    path it named no file (`https:/www.moxfield.com/...: no such file`, its `//` folded).
    Also inside the quotes or angle brackets a chat message or a form answer puts around a
    link (`"https://..."`, `<https://...>`)."""
    return value.lstrip().lstrip(LINK_WRAPPERS).lstrip()[:8].lower().startswith(_WEB_SCHEMES)


def web_address_advice(value: str, give: str = "give that file") -> str:
    """Why a web address is not read as a deck, and what to do instead (`give` the file).
    A Google Drive or Docs link is no deck site's page: it is the answer a Google Forms
    upload question exports (the player's own file, in the form's Drive folder), or a
    document, so it is downloaded, not exported as an MTGO or Arena list."""
    head = f"{value.strip()}: a web address, not a decklist file; deckcheck downloads no decklist: "
    host = _web_host(value)
    if host == "drive.google.com":
        return (head + "a file in Google Drive (a Google Forms upload is kept in the form's Drive folder "
                f"'QUESTION (File responses)'): download it and {give}")
    if host == "docs.google.com":
        return head + f"a Google Docs document: download it as plain text (File, Download, .txt) and {give}"
    return head + f"export the list from the site as text (its MTGO or Arena export), save it and {give}"


def _web_host(value: str) -> str:
    """The host of a web address `web_address` accepts, lowercased (`www.` kept)."""
    address = value.strip().strip(LINK_WRAPPERS).strip()
    return address.partition("://")[2].split("/", 1)[0].split("?", 1)[0].rpartition("@")[2].split(":", 1)[0].lower()


def file_name_advice(text: str, whose: str) -> str:
    """What to give instead when a library caller's text (`whose`: "decklist", "pool"),
    which lists no cards, is one word naming a decklist file (`validate("deck.txt", ...)`,
    `pool="pool.txt"`, as docs/batch.md once showed): a str is the text and is never opened
    (docs/security.md); or a deck site's address (`web_address`: a site's user pastes the
    page's address as often as the list), which is never downloaded; else ""."""
    name = text.strip()
    # No file's name is longer than a line: a longer text is never looked at a character at
    # a time here (a pasted 16 MiB of one word, refused unread by its size, took 0.5 s).
    if not name or len(name) > MAX_LINE_CHARS or any(character.isspace() for character in name):
        return ""
    shown = repr(name[:200])
    if web_address(name):
        return (f"; a str is the {whose}'s text, and {shown} is a web address: deckcheck downloads no decklist; "
                "export the list from the site as text (its MTGO or Arena export) and give that text")
    if extension(name) not in _EXTENSIONS:
        return ""
    return f"; a str is the {whose}'s text, and {shown} looks like a file's name: give pathlib.Path({shown}) to read that file"


def names_a_file(deck: str) -> bool:
    """True when `deck`, a deck's name in a report, is a file's: not standard input or text
    (`<stdin>`, `<text>`) nor a deck given as a URL (`ydke://...`), which CI outputs place
    on no file (docs/ci.md)."""
    return bool(deck) and not deck.startswith("<") and not is_inline(deck)


def file_shown(name: str) -> str:
    """`name`, a file's as a report gives it, as `./name` when it would read as no file's
    (`names_a_file`): a pull request's deck `<evil>.txt` was taken for standard input, so
    its annotations named no file and its SARIF results had no location, and code scanning
    refuses a whole log for one such result."""
    return name if names_a_file(name) else "./" + name


def inline_text(value: str) -> str:
    """The deck a command-line argument that is one (`is_inline`) gives, as its parser reads
    it: the URL without the white space and quotes it was pasted with, so one URL is one
    deck however it was written."""
    for module in _URL_READERS:
        if module.is_url(value):
            return getattr(module, "unwrapped", str.strip)(value)
    return value.strip()


def inline_name(value: str) -> str:
    """The name reports give a deck that is a command-line argument (a URL's `shown`).
    A lone surrogate (a library caller's JSON `"\\ud800"`) is the replacement character, as
    `parse_text` reads it: a name that kept it could not be written as UTF-8."""
    value = without_surrogates(value)
    for module in _URL_READERS:
        if module.is_url(value):
            return getattr(module, "shown", str.strip)(value)
    return value.strip()


def get(name: str) -> ModuleType:
    """The parser of `--input-format NAME`; an OptionError (setting `input_format`) naming
    the parsers when unknown, as every other bad argument of the library's calls is: a
    site marks the field its `setting` names."""
    try:
        return PARSERS[name]
    except (KeyError, TypeError):  # TypeError: a library caller's list or dict (unhashable)
        known = ", ".join(PARSERS)
        raise OptionError("input_format", f"{name!r}: unknown input format; choose one of: {known}") from None


def writer(name: str) -> ModuleType:
    """The writer of `convert --to NAME`; DeckcheckError naming the writers when unknown."""
    try:
        return WRITERS[name]
    except KeyError:
        raise OptionError("to", f"{name!r}: choose one of {', '.join(WRITERS)}") from None


def written_encoding(name: str) -> str | None:
    """The encoding `convert --to NAME` writes in: UTF-8 for an XML file, whose declaration
    says so (on a latin-1 or cp1252 stdout it would not parse), else None: the terminal's."""
    return "utf-8" if getattr(writer(name), "XML", False) else None


def write(deck: Deck, name: str) -> str:
    """The deck in format `name` (as `fit` leaves it)."""
    return writer(name).write(fit(deck, name))


def fit(deck: Deck, name: str) -> Deck:
    """The deck as format `name` holds it. A deck that names its commanders while listing
    them with the other cards (a Cockatrice `CDR:` line) gets them in its command zone, for a
    format that holds a commander (a command zone, or a place it files one: `COMMANDER_FILED_IN`),
    so each writer writes the commander its own way. A format without a companion zone keeps
    the companion where the rules put it: once, in the sideboard. A deck with cards in a zone
    the format cannot hold is refused (naming the formats that can) rather than written
    without them, as is a commander that a format files in the sideboard beside a sideboard."""
    module = writer(name)
    held = _holds(module)
    if COMMANDER in held:
        deck = _named_commanders(deck)
    if _files_commander_in(module) == SIDEBOARD and deck.zone(COMMANDER):
        companions = {entry.key for entry in deck.entries if entry.zone == COMPANION}
        if any(entry.zone == SIDEBOARD and entry.key not in companions for entry in deck.entries):
            others = [other for other, candidate in WRITERS.items()
                      if COMMANDER in _holds(candidate) and _files_commander_in(candidate) != SIDEBOARD]
            raise DeckcheckError(
                f"{name} files a commander alone in the sideboard (MTGO's way), and this deck has a sideboard besides: "
                f"convert to {', '.join(others[:-1])} or {others[-1]}"
            )
    if COMPANION not in module.ZONES:
        kept = [entry for entry in deck.entries if entry.zone != COMPANION]
        deck = deck.with_entries(kept + companions_for_sideboard(deck.entries))
    lost = sorted({entry.zone for entry in deck.entries if entry.zone not in held and entry.zone != MAYBEBOARD})
    if lost:
        able = [other for other, candidate in WRITERS.items() if set(lost) <= _holds(candidate)]
        raise DeckcheckError(
            f"{name} cannot hold the {_zones_in_words(lost)} of this deck"
            + (f"; formats that can: {', '.join(able)}" if able else "")
        )
    return deck


# The zones only one game has, in its players' words: a Yu-Gi-Oh! player converting to a
# Magic format is told of the deck's Extra Deck, not of an "extra zone".
_ZONE_WORDS = {EXTRA: "Extra Deck", HERO: "hero"}


def _zones_in_words(zones: list[str]) -> str:
    """`commander zone`, `Extra Deck`, `commander and extra zones`: the zones a writer
    cannot hold, as its refusal names them."""
    if len(zones) == 1:
        return _ZONE_WORDS.get(zones[0], f"{zones[0]} zone")
    return f"{', '.join(zones)} zones"


def names_deck_by_file(name: str) -> bool:
    """Whether the writer `name` names a deck its list leaves unnamed by the file's name
    (`NAMED_BY_FILE_NAME`, default True: `<deckname>`, `Name=` want one)."""
    return bool(getattr(writer(name), "NAMED_BY_FILE_NAME", True))


def _files_commander_in(module: ModuleType) -> str | None:
    """The zone a writer without a command zone files a commander in (`COMMANDER_FILED_IN`), if any."""
    return getattr(module, "COMMANDER_FILED_IN", None)


def _holds(module: ModuleType) -> set[str]:
    """The zones a writer holds: its `ZONES`, and the commander when it files one elsewhere."""
    return {*module.ZONES, *([COMMANDER] if _files_commander_in(module) else [])}


def _named_commanders(deck: Deck) -> Deck:
    """The deck with one copy of each commander it names (`commander_hints`) in its command
    zone, when it has none. Its banner card stays where it is: a picture, not a commander."""
    if not deck.commander_hints or deck.zone(COMMANDER):
        return deck
    entries = deck.entries
    for hint in reversed(deck.commander_hints):  # last first: move_one puts each at the front
        entries = move_one(entries, {card_key(hint)}, COMMANDER) or entries
    return deck if entries is deck.entries else deck.with_entries(entries)


def extensions() -> set[str]:
    """File extensions some parser claims (for finding decklists in folders)."""
    return set(_EXTENSIONS)


def choose(source: str, content: str, forced: str | None = None) -> ModuleType:
    if forced:
        return get(forced)
    head = content[:SNIFF_HEAD]  # the text itself when it is shorter (no copy)
    for module, mark in _MARKED_SNIFFERS:
        if mark in head and module.sniff(content):
            return module
    claiming = _BY_SUFFIX.get(extension(source), ())
    # A typed list saved as `.dek` is still a typed list: an XML parser is chosen by extension
    # only when the content is XML at all.
    is_xml = bool(claiming) and content.lstrip("\ufeff \t\r\n").startswith("<")
    for module, reads_xml in claiming:
        if (is_xml or not reads_xml) and _claims(module, content):
            return module
    return text


def _claims(module: ModuleType, content: str) -> bool:
    """Whether a file of `module`'s extension is in its format: a parser may say a file is
    not (`claims`: a typed list saved as `.ydk` holds no passcode), and text reads it."""
    # From the module's dict: getattr on a module without it raised (and caught) an
    # AttributeError for each of a batch's files.
    claims = vars(module).get("claims")
    return claims is None or claims(content[:SNIFF_HEAD])


# Where `/` is the one separator (a file's name is what follows the last one).
_POSIX = os.sep == "/" and os.altsep is None


def extension(path: str) -> str:
    """`os.path.splitext(path)[1].lower()`, the extension that picks a parser (and keys a
    batch's verdicts): a name that starts with no dot and holds one (`00042.txt`, every
    deck of a batch) is told by two searches, not through os.path's per-character loop;
    any other path asks os.path."""
    if path.endswith(".txt") and _POSIX and len(path) > 4 and path[-5] not in "./":
        # Nearly every deck file, told by one test (a batch asks for every row): a name
        # ending `X.txt` where X is neither a dot nor a separator has this last extension.
        return ".txt"
    if _POSIX:
        start = path.rfind("/") + 1
        dot = path.rfind(".")
        if dot > start and path[start] != ".":
            return path[dot:].lower()
    return os.path.splitext(path)[1].lower()


def looks_like_decklist(source: str, content: str) -> bool:
    """Whether a file's content is a decklist rather than other text that shares an
    extension (notes.txt): a format recognised by its content is; text must read as a
    list (text.looks_like_list)."""
    module = choose(source, content)
    return module is not text or text.looks_like_list(content)


def parse_text(content: str, *, source: str = "<text>", input_format: str | None = None, whole_file: bool = False) -> Deck:
    """Parse decklist text (`whole_file`: a file's or standard input's, all of it, whose
    last line may have been cut short; text a program or a manifest's cell holds ends with
    no line break as a rule). A file that is malformed as a whole (bad XML) yields a deck
    whose only problem is the `parse-error`, so callers always get a Deck back. Invisible
    characters (a zero-width space inside a name) are removed first, with a warning per line,
    whatever the format: a name must not hide a card from the rules. A lone surrogate (text
    a caller decoded from JSON) is read as the replacement character, as undecodable bytes are."""
    if len(content) > MAX_INPUT_BYTES:
        # Text a library caller passed (a file is bounded as it is read): each character is
        # at least a byte, so this is over the limit a file has (docs/security.md).
        return unreadable(source, too_big(source, what="a decklist's text"))
    return _parse_decoded(without_surrogates(content), source, input_format, whole_file)


def _parse_decoded(content: str, source: str, input_format: str | None, whole_file: bool) -> Deck:
    """`parse_text` of text that holds no lone surrogate and is no longer than a file may be:
    a file's bytes as `decode` reads them (parse_bytes), whose every decoder is strict or
    replaces what it cannot read, so none gives a surrogate. Not scanned for one again: the
    search cost 9 M instructions over the 257 of a 2,000-deck batch's files beyond ASCII."""
    content, invisible = remove_invisible(content)
    # A file quoted line by line in an email reply is the file inside, whatever its format
    # (a .dek's `> <Deck>` was bad XML, a Forge file's `> [metadata]` a typed list's error,
    # a CSV export's `> 4,Lightning Bolt,M10` one unknown card: the text parser unquotes a
    # line itself, as in a list only partly quoted, but looks for a CSV header first). Its
    # parser is chosen by its first lines unquoted, and only the lines read (MAX_DECK_LINES)
    # are looked at and unquoted: unquoted whole, 4 MiB of `> 1 a` lines took 146 MiB.
    whole, head = content, content[:_QUOTED_HEAD]
    quoted = ">" in head and email_quoted(head)  # one search in C tells nearly every text
    module = choose(source, email_unquoted(head) if quoted else content, input_format)
    # A quote's lines end where the lines inside do. A text no longer than the bound holds
    # no more lines than it (`_first_lines`): a batch's decks are told so without a call.
    content, lines = _first_lines(whole, module) if len(whole) > MAX_DECK_LINES else (whole, None)
    if quoted and len(content) > len(head) and not email_quoted(content):
        # The lines read run past the head the quote was told by, and a line further on
        # starts with no quote: the text is read as it is written.
        quoted, module = False, choose(source, whole, input_format)
        content, lines = _first_lines(whole, module)
    if quoted:
        content = email_unquoted(content)
    try:
        deck = module.parse(content, source)
    except InputError as exc:
        deck = Deck(source=source, input_format=module.NAME)
        problem = parse_error(str(exc), line=exc.line)
        problem.reason = exc.reason
        deck.problems.append(problem)
    if input_format and not deck.entries and (found := choose(source, content)) is not module:
        # A parser forced on a file another one reads (an MTGO .dek given --input-format
        # text, a typed list given --input-format dek): say which reads it, rather than that
        # the file is bad XML or of no kind deckcheck reads. A file that is no list at all
        # (empty, prose) keeps the forced parser's own words.
        if found is not text:
            deck.problems = [parse_error(
                f"{found.DESCRIPTION}, which --input-format {module.NAME} does not read: "
                f"give --input-format {found.NAME}, or leave --input-format out", line=1,
            )]
        elif text.looks_like_list(content):
            deck.problems = [parse_error(
                f"not {module.DESCRIPTION} but a plain-text decklist: "
                f"give --input-format {text.NAME}, or leave --input-format out", line=1,
            )]
    if lines is None and content[-1:] not in ("\n", "\r", "") and module in _LINE_FORMATS:
        _cut_in_last_line(deck, content, whole_file)
    if isinstance(deck.problems, LineProblems):
        deck.problems.close()  # "N more unreadable lines" (limits.py)
    if lines is not None:
        stopped = getattr(deck.problems, "stopped", None)
        if stopped is not None:  # not a decklist: it stopped reading first, and says so with every line left
            at, not_read = stopped
            deck.problems[at] = deck.problems.not_read_problem(not_read + lines - MAX_DECK_LINES)
        else:
            deck.problems.append(parse_error(
                f"{lines:,} lines; only the first {MAX_DECK_LINES:,} were read, the rest were not checked "
                "(no deck, pool or cube is that long: is this the right file?)",
                line=MAX_DECK_LINES + 1,
            ))
    if deck.entries and (twice := pasted_twice(content)) is not None:
        # Every card counted twice, and only a copy-limit error per card (or none) to show it.
        first, first_last, second, last = twice
        deck.problems.append(parse_error(
            f"lines {second} to {last} repeat lines {first} to {first_last}: the list was pasted twice? "
            "Each of its cards is counted twice; remove the copy if so", line=second, severity=WARNING,
        ))
    deck.problems[:0] = invisible
    if len(deck.entries) > MAX_DECK_ENTRIES:
        _cut_entries(deck)
    return deck


# What str.splitlines ends a line at besides CR and LF: the parsers that split so (SPLITLINES).
_MORE_BREAKS = ("\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")
ANY_LINE_BREAK = lazy("\r\n|[\n\r" + "".join(_MORE_BREAKS) + "]")


# A file saved or copied in part stops inside its last line: where that line is a count
# alone (`4`, the card's name lost), its parse error says the file may have been cut short;
# where it names a card cut inside (`4 Goblin Gu`), the unknown card does (cards/resolve.py,
# from the deck's `cut_line`). Both only in a file or standard input, not a manifest's cell
# or a library caller's text, which end so as a rule. Only with no line break after the line, and only in the
# formats of one card a line: none of the real decks of the tests' data is told so.
_LINE_FORMATS = (text, PARSERS["dck"])
_BARE_COUNT = lazy(rf"\d{{1,4}}\s*[{text.TIMES_CHARS}]?")  # `4`, or `4x` (its name lost after the x)


def _cut_in_last_line(deck: Deck, content: str, whole_file: bool) -> None:
    """Keep `content`'s last line (no line break after it) as the deck's `cut_line` when it
    is a file's (`whole_file`), and say so on its parse error when that line is a count alone
    (only in a file too)."""
    if not whole_file:
        return
    last = content.count("\n") + content.count("\r") - content.count("\r\n") + 1
    deck.cut_line = last
    if not deck.problems:
        return
    start = max(content.rfind("\n"), content.rfind("\r")) + 1
    if _BARE_COUNT.fullmatch(content[start:].strip()) is None:
        return
    problems = deck.problems
    for index in range(len(problems) - 1, -1, -1):
        problem = problems[index]
        if problem.line == last and problem.rule == PARSE_ERROR and problem.severity == ERROR:
            problems[index] = problem.replace(message=f"{problem.message}; {CUT_IN_LAST_LINE}")
            return


def _first_lines(content: str, module: ModuleType) -> tuple[str, int | None]:
    """`content` up to the end of its MAX_DECK_LINES-th line, and how many lines it holds,
    numbered as the module's parser numbers them (`split_lines`, or str.splitlines for one
    that says SPLITLINES); (`content`, None) when it holds no more, or is XML."""
    # Each line holds at least its line break, so a text shorter than the bound holds fewer
    # lines: a real list (a few KB) is never counted (two counts of a 2 KB list were 1% of
    # a batch's instructions).
    if len(content) <= MAX_DECK_LINES or getattr(module, "XML", False):
        return content, None
    total = content.count("\n") + content.count("\r") - content.count("\r\n")
    ends_line, breaks = ("\n", "\r"), LINE_BREAK
    if getattr(module, "SPLITLINES", False):
        total += sum(map(content.count, _MORE_BREAKS))
        ends_line, breaks = ("\n", "\r", *_MORE_BREAKS), ANY_LINE_BREAK
    if content and not content.endswith(ends_line):
        total += 1  # a last line without its line break
    if total <= MAX_DECK_LINES:
        return content, None
    ends = breaks.finditer(content)
    for _ in range(MAX_DECK_LINES - 1):
        next(ends)
    return content[: next(ends).end()], total


def _cut_entries(deck: Deck) -> None:
    """Keep the first MAX_DECK_ENTRIES card lines of a list that holds more; the rest are
    one error, not checked: no real list is that long, and every line costs a card lookup
    and a place in each rule's tally (limits.py)."""
    total = len(deck.entries)
    first_left = deck.entries[MAX_DECK_ENTRIES]
    del deck.entries[MAX_DECK_ENTRIES:]
    deck.problems.append(entries_cut(total, line=first_left.line))


def parse_bytes(data: bytes, *, source: str, input_format: str | None = None) -> Deck:
    """Parse a decklist file's bytes. Bytes that are not text (a photo or a PDF scan of a
    list, a database) give an unreadable deck with one problem that says what they are."""
    try:
        content = decode(data, source=source)
    except InputError as exc:
        return unreadable(source, str(exc))
    return _parse_file_text(data, content, source=source, input_format=input_format)


def _parse_file_text(data: bytes, content: str, *, source: str, input_format: str | None) -> Deck:
    """parse_bytes of `data` once decoded to `content`."""
    kind = binary_kind(data, content)
    if kind is not None:
        return unreadable(source, f"{source}: not a text decklist: looks like {kind}; export the list as text")
    # Bounded as a file is (decode refuses more bytes; a character is a byte or more).
    return _parse_decoded(content, source, input_format, True)


def load_deck(path: str | Path, *, input_format: str | None = None, folder_advice: str = FOLDER_ADVICE) -> Deck:
    """Read and parse a decklist file (a regular file of at most the size limit, textio).
    An unreadable file gives a deck marked unreadable; a folder's problem ends with
    `folder_advice` (textio.read_bounded)."""
    source = str(path)
    try:
        data = read_bounded(path, folder_advice=folder_advice)
    except InputError as exc:
        return unreadable(source, str(exc))
    return parse_file_bytes(data, source=source, input_format=input_format)


def parse_file_bytes(data: bytes, *, source: str, input_format: str | None = None) -> Deck:
    """The bytes of a file named `source` parsed as `load_deck` reads them: a settings file
    (deckcheck.yaml) given as a list says what it is, else parse_bytes (the library's
    `parse_bytes` reads an upload so, named as its user's file was). The bytes are decoded
    once for both: 4 MiB of hostile bytes named `x.yaml` cost every decoding pass twice."""
    try:
        content = decode(data, source=source)
    except InputError as exc:
        return unreadable(source, str(exc))
    if input_format is None and extension(source) in settings_file.SUFFIXES:
        reason = settings_file.settings_reason(source, content)
        if reason is not None:
            return unreadable(source, reason)
    return _parse_file_text(data, content, source=source, input_format=input_format)


def unreadable(source: str, message: str) -> Deck:
    """The deck of a file that cannot be read at all: one parse-error, `message`, which
    names the file first (`scan.txt: not a text decklist ...`) as every reader's does; its
    `reason` is the rest, for a caller that names the file itself (a pool's error,
    `check`'s "cannot simulate"), as broken XML's problem keeps its own."""
    deck = Deck(source=source, unreadable=True)
    problem = parse_error(message)
    for named in dict.fromkeys((source, one_line(source))):  # textio names a file on one line
        if message.startswith(named + ": "):
            problem.reason = message[len(named) + 2:]
            break
    deck.problems.append(problem)
    return deck


def readings(deck: Deck) -> list[str]:
    """The warnings the reader gave of how it read a list (a line read as a card without a
    count, a `0 Card` line left out, a `.ydk`'s `#side` cards kept in the Extra Deck, which
    reading of its blank-line groups a format took), for what carries no report of them
    (convert, diff): `validate` lists them, and a list misread quietly was converted or
    compared as it was read."""
    return [f"{deck.source}: {f'line {problem.line}: ' if problem.line else ''}{problem.message}"
            for problem in deck.problems if problem.rule == PARSE_ERROR and problem.severity == WARNING]
