"""`ydke://` deck URLs (EDOPro, Dueling Book, YGOPRODeck): `ydke://MAIN!EXTRA!SIDE!`.

Each part is base64 of the passcodes as little-endian unsigned 32-bit numbers, in deck
order. What the ProjectIgnis decoders take is read too: a part without its `=` padding,
the URL-safe alphabet (`-` and `_` for `+` and `/`), and a URL without its final `!`
(ydke.js splits on `!` and needs three parts). A URL pasted inside quotes, backticks or
angle brackets is the URL inside; in a file, the URL is its first line that is one, and a
line above it (the deck's name) is a warning, not read. Still a `parse-error`: fewer than three
parts, text after the third `!` (the decoders drop it; deckcheck would rather say so than
drop cards), a part with other characters, and a part whose length is not a whole number
of passcodes. The URL can be passed on the command line instead of a file
(`deckcheck validate 'ydke://...' -f ...`).
"""
from __future__ import annotations

from collections.abc import Iterator

from ..model import EXTRA, MAIN, SIDEBOARD, CardEntry, Deck
from ..problem import WARNING
from ..limits import MAX_DECK_ENTRIES
from .common import FENCE_CHARS, LINK_WRAPPERS, entries_cut, is_fence, parse_error, passcodes
from .ydk import passcode_name

NAME = "ydke"
EXTENSIONS = (".ydke",)
DESCRIPTION = "ydke:// deck URL (Yu-Gi-Oh! passcodes)"
PREFIX = "ydke://"
ZONES = (MAIN, EXTRA, SIDEBOARD)  # the URL's parts, in order
PASSCODES = True  # cards are written by passcode: names need card data to become one
SPLITLINES = True  # lines end where str.splitlines ends them (decklists._first_lines counts so)


def unwrapped(text: str) -> str:
    """`text` stripped of white space and of the quote or bracket on each side of a URL
    inside, or of a code span's backticks (```` ```ydke://...``` ````)."""
    text = text.strip().lstrip("\ufeff").strip()
    if text[:3] == "```":
        inner = text.strip("`").strip()
        if inner[: len(PREFIX)].lower() == PREFIX:
            return inner
    start = 1 if text[:1] and text[0] in LINK_WRAPPERS else 0
    end = len(text) - 1 if len(text) > start and text[-1] in LINK_WRAPPERS else len(text)
    inner = text[start:end].strip()
    return inner if inner[: len(PREFIX)].lower() == PREFIX else text


def sniff(text: str) -> bool:
    head = text.lstrip("\ufeff \t\r\n")
    if head and head[0] in FENCE_CHARS:
        # A URL pasted in a chat message's code block: its fence on a line of its own, or
        # a code span's backticks around it on one line.
        first, _, rest = head.partition("\n")
        head = rest.lstrip(" \t\r\n") if is_fence(first.strip()) else head.lstrip("`").lstrip(" \t")
    if head[:1] and head[0] in LINK_WRAPPERS:
        head = head[1:].lstrip(" \t")
    return head[: len(PREFIX)].lower() == PREFIX


def is_url(value: str) -> bool:
    """True for a string given on the command line that is a ydke URL, not a file name."""
    return sniff(value) and "\n" not in value.strip()


# A URL on the command line is the deck's name in reports: a real one runs to hundreds of
# characters, so longer ones are named by their start and a digest of the whole.
SHOWN_CHARS = 40


def shown(url: str) -> str:
    """The name reports give a deck that is this URL: the URL itself when short, else its
    first characters, `…` and a digest that tells two URLs apart (`ydke://M5EtBIQm2wSEJ…#3f2a9c1b`)."""
    url = unwrapped(url)
    if len(url) <= SHOWN_CHARS:
        return url
    import hashlib  # OpenSSL is loaded only for a long URL (start-up: docs/speed.md)

    digest = hashlib.sha1(url.encode("utf-8", "surrogateescape")).hexdigest()[:8]
    return f"{url[:24]}…#{digest}"


_URL_SAFE = str.maketrans("-_", "+/")


def decode_part(part: str) -> Iterator[int]:
    """Passcodes of one base64 part, one at a time (a part of 4 MiB holds 700,000, of which a
    deck reads MAX_DECK_ENTRIES); ValueError with a reason when it is not one."""
    # Imported here: only ydke decks need them, and every other deck starts quicker.
    import base64
    import binascii
    import struct

    # Padding is optional and both alphabets are read, as EDOPro's decoder reads them.
    body = part.rstrip("=").translate(_URL_SAFE)
    try:
        data = base64.b64decode(body + "=" * (-len(body) % 4), validate=True)
    except (binascii.Error, ValueError):
        raise ValueError("not valid base64") from None
    if len(data) % 4:
        raise ValueError(f"{len(data)} bytes is not a whole number of 4-byte passcodes")
    return (code for (code,) in struct.iter_unpack("<I", data))


def encode_part(codes: list[int]) -> str:
    import base64
    import struct

    return base64.b64encode(struct.pack(f"<{len(codes)}I", *codes)).decode("ascii")


def parse(text: str, source: str = "<ydke>") -> Deck:
    deck = Deck(source=source, input_format=NAME)
    lines = [(number, line.strip()) for number, line in enumerate(text.lstrip("\ufeff").splitlines(), 1)
             if line.strip() and not is_fence(line.strip())]  # a code block's fences around the URL
    if not lines:
        deck.problems.append(parse_error("empty input; expected a ydke:// URL"))
        return deck
    # The URL is the first line that is one: a note above it (the deck's name, a comment)
    # is no part of the deck, and taking it for the URL read the deck as no card at all.
    at = next((index for index, (_, line) in enumerate(lines) if sniff(unwrapped(line))), 0)
    number, url = lines[at][0], unwrapped(lines[at][1])
    for above_number, above in lines[:at]:
        deck.problems.append(parse_error(
            f"text above the ydke:// URL (line {number}), not read", line=above_number, text=above, severity=WARNING))
    for extra_number, extra in lines[at + 1:]:
        deck.problems.append(parse_error("text after the ydke:// URL", line=extra_number, text=extra))
    if not sniff(url):
        deck.problems.append(parse_error("expected a ydke:// URL", line=number, text=url))
        return deck
    parts = url[len(PREFIX):].split("!")
    if parts[-1] == "" and len(parts) == len(ZONES) + 1:
        parts.pop()  # the final `!`, which the decoders do not need
    if len(parts) != len(ZONES):
        if len(parts) < len(ZONES):
            # Most often a URL copied in part (a chat's preview, a line cut at its width).
            why = (f"a ydke URL has three parts separated by `!` (main!extra!side!); found {url.count('!')} `!`: "
                   "cut short when copied? Copy the whole URL")
        else:
            why = f"text after the side part's `!` ({'!'.join(parts[len(ZONES):])!r}); a ydke URL has three parts (main!extra!side!)"
        # The Main Deck's, as its part is the URL's first: its size then says it leaves the
        # unread URL out ("not counting 1 unreadable line"), as a cut typed list's does.
        deck.problems.append(parse_error(why, line=number, text=url, zone=MAIN))
        return deck
    # The card of the last entry, and the copies it has so far (a run of one passcode is one
    # entry). Past MAX_DECK_ENTRIES entries the rest are counted, never built: one line of
    # 4 MiB holds 700,000 passcodes, which the line bound never cuts (docs/security.md).
    last: tuple[str, int] | None = None
    copies = left = 0
    for zone, part in zip(ZONES, parts):
        try:
            codes = decode_part(part)
        except ValueError as exc:
            deck.problems.append(parse_error(f"{zone} part: {exc}", line=number, text=part, zone=zone))
            continue
        for code in codes:
            if code == 0:
                deck.problems.append(parse_error("passcode 0 is not a card", line=number, zone=zone))
                continue
            if last == (zone, code):
                copies += 1
                continue
            if last is not None and not left:
                _add(deck, last, copies)
            if len(deck.entries) == MAX_DECK_ENTRIES:
                left += 1
            last, copies = (zone, code), 1
    if last is not None and not left:
        _add(deck, last, copies)
    if left:
        deck.problems.append(entries_cut(MAX_DECK_ENTRIES + left, line=None))
    return deck


def _add(deck: Deck, card: tuple[str, int], copies: int) -> None:
    """The entry of `copies` of a passcode in a zone, `card` (zone, code). One URL has no
    lines worth pointing at: entries carry no line number."""
    zone, code = card
    deck.entries.append(CardEntry(name=passcode_name(code), count=copies, zone=zone, code=code))


def write(deck: Deck) -> str:
    return PREFIX + "".join(encode_part(passcodes(deck, zone, NAME)) + "!" for zone in ZONES) + "\n"
