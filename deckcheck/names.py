"""Card-name normalisation: the one place that decides when two spellings are one card.

Players and sites write the same card many ways: `Lim-Dul's Vault` / `Lim-Dûl's Vault`,
`Aether Vial` / `Æther Vial`, `Fire/Ice` / `Fire // Ice` / `Fire///Ice`, curly or straight
apostrophes, and double-faced cards by their front face only. Every comparison of names
goes through `card_key` so the rules agree with each other.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from typing import TypeVar
from .lazy_pattern import lazy

T = TypeVar("T")

# Letters that Unicode does not decompose into a base letter plus a mark.
# Also the ASCII a legacy terminal shows for them (cli/legacy_terminal.py), so that a name
# pasted back from one folds as the name did.
LETTERS_IN_ASCII = {
    "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O", "ß": "ss",
    "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ı": "i",
    "\u2018": "'", "\u2019": "'", "\u02bc": "'", "`": "'", "\u00b4": "'",
    "\u201c": '"', "\u201d": '"',
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-",
    "\u00a0": " ",
}
_LIGATURES = str.maketrans(LETTERS_IN_ASCII)
# Characters that show as nothing: Unicode format characters (category Cf: zero-width
# space and joiners, soft hyphen, word joiner, byte-order mark, bidirectional marks, invisible
# operators, tags...) and the other default-ignorable code points (the combining grapheme
# joiner, Hangul fillers, Khmer inherent vowels, Mongolian and other variation selectors).
# No card name holds one; inside a name they make two spellings of one card look like two.
_IGNORABLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u3164\uffa0") | frozenset(
    map(chr, (*range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)))
)


@lru_cache(maxsize=4096)
def is_invisible(char: str) -> bool:
    """Whether one character shows as nothing (see _IGNORABLE)."""
    return char in _IGNORABLE or unicodedata.category(char) == "Cf"


# Where a character that shows as nothing may stand: every format character (Unicode
# category Cf) and every _IGNORABLE lies in these ranges (tests/test_invisible_speed.py
# checks the running Python's Unicode data), with room for the blocks later versions fill.
# Runs of them are found in C and only those asked `is_invisible`: asking it of every
# non-ASCII character took 6 s for 4 MiB of pasted bidirectional overrides, 2.6 s for
# as many combining accents.
_MAYBE_INVISIBLE = lazy(
    "[\u00ad\u034f\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2\u115f\u1160\u17b4\u17b5"
    "\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb"
    "\U000110bd\U000110cd\U00013430-\U0001345f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0000-\U000e0fff]+"
)


def _visible(match: re.Match[str]) -> str:
    run = match.group()
    if all(map(is_invisible, run)):  # nearly always: the run is removed whole
        return ""
    return "".join(char for char in run if not is_invisible(char))


# Runs of non-ASCII characters: where `_MAYBE_INVISIBLE` is tried. Its class of ranges costs
# more a character than this one's single range, and a decklist is nearly all ASCII (its
# few runs are accents and dashes): the whole text scanned with it cost 1.4% of a batch.
# Written `X X*`, not `X+`: a pattern that starts with a plain character class is searched
# for by a fast scan in C, twice as fast on a decklist.
_NON_ASCII_RUN = lazy(r"[^\x00-\x7f][^\x00-\x7f]*")


def _visible_run(match: re.Match[str]) -> str:
    run = match.group()
    if len(run) == 1:  # nearly every run of a decklist (`Jötun`, a dash): told by the memo
        return "" if is_invisible(run) else run
    return _MAYBE_INVISIBLE.sub(_visible, run)


# Characters of text past which `without_invisible` searches for `_MAYBE_INVISIBLE` over the
# whole text instead of a non-ASCII run at a time: a text of Korean, Chinese or Japanese
# names holds a run every few characters, each a Python call (2.4 s of 4 MiB), while one
# search of the whole costs about 0.2 s; a deck, its few runs cheaper than that search.
_SEARCHED_WHOLE_CHARS = 1 << 16


def without_invisible(text: str) -> str:
    """`text` without the characters that show as nothing; ASCII text is returned as it is."""
    if text.isascii():
        return text
    if len(text) > _SEARCHED_WHOLE_CHARS:
        # The same: every invisible character lies in _MAYBE_INVISIBLE, none is ASCII.
        return _MAYBE_INVISIBLE.sub(_visible, text)
    return _NON_ASCII_RUN.sub(_visible_run, text)


# Controls, format characters and separators: what a sheet drops or prints as a space
# (paperwork/fonts.printable); a private-use or unassigned character prints a glyph.
_SHOWN_AS_NOTHING = frozenset(("Cc", "Cf", "Zs", "Zl", "Zp"))


def shows_nothing(text: str) -> bool:
    """Whether `text` prints as nothing: only spaces, controls, format characters and the
    invisible ones (a zero-width space, bidi controls, `\x01`), what a sheet's box and a
    report's cell would show blank."""
    text = without_invisible(text)  # Hangul fillers are printable letters that show as nothing
    if text.isprintable():  # no control, format or separator character but the space
        return text.isspace() or not text
    return all(unicodedata.category(char) in _SHOWN_AS_NOTHING for char in text)


_SLASHES = lazy(r"\s*/{1,3}\s*")
# Slashes that are part of a name, not between faces: initials joined by slashes (`D/D
# Swirl Slime`, `D/D/D Flame King Genghis`, `A/D Changer`, `M/X-Saber Invoker`), one
# letter after a slash (`K9-X "Ripper/M"`) and `/Assault Mode` (`Stardust Dragon/Assault
# Mode`, another card than Stardust Dragon). Yu-Gi-Oh! names hold them, and no Magic card
# has a face of one or two letters or called Assault Mode (the built-in data has none).
# Without card data a Yu-Gi-Oh! list's names are only these words: read as faces, every
# D/D card was the one card `D`, and an Assault Mode card its base card.
_INITIALS = lazy(r"(?:^|\s)[A-Z]{1,2}(?:/[A-Z]{1,2})+(?=[\s-]|$)|/(?:[A-Z]\b|Assault Mode\b)")
FACE_SEPARATOR = " // "


def fold_once(text: str) -> str:
    """Lower-case `text` and strip accents (marks on Latin letters), typographic variants and
    invisible characters: how a player's or a team's name is compared (folded once: such
    names would only grow `fold`'s cache)."""
    # ASCII (most names) has nothing to translate but a backtick (the one ASCII character
    # of LETTERS_IN_ASCII) and no accents to strip: skip the slow parts.
    if not text.isascii() or "`" in text:
        text = text.translate(_LIGATURES)
        if not text.isascii():
            text = without_invisible(text)
            text = without_accents(text)
    # One space between words, none around them: `re.sub(r"\s+", " ", text).strip()`,
    # without a pattern (split and strip take the whitespace `\s` matches), as display_name.
    return " ".join(text.split()).casefold()


def without_accents(text: str) -> str:
    """`text` in its compatibility form (NFKD: `①` is `1`) without the accents of Latin
    letters (`û` -> `u`), composed again (NFC)."""
    decomposed = unicodedata.normalize("NFKD", text)
    if _LATIN_WITH_ACCENTS.fullmatch(decomposed):  # every accent follows a Latin letter: all go
        stripped = _ACCENTS.sub("", decomposed)
    else:
        stripped = _maybe_marks().sub(_without_latin_marks, decomposed)
    return unicodedata.normalize("NFC", stripped)


# The text of nearly every name beyond ASCII (`Lim-Dûl`, `Piñata`, `Khazad-dûm`): ASCII and
# Latin letters (Latin-1 to Latin Extended-B, less × and ÷), each with the accents of the
# Combining Diacritical Marks block after it (less U+034F, the grapheme joiner, of class 0).
# Every mark there follows a Latin letter, so stripping them all is what
# _without_latin_marks does, without building _maybe_marks (2 ms a process, which every
# `validate` of a format naming `Troll of Khazad-dûm` paid).
_LATIN_WITH_ACCENTS = lazy("(?:[\x00-\x7f\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f][\u0300-\u034e\u0350-\u036f]*)*")
_ACCENTS = lazy("[\u0300-\u034e\u0350-\u036f]+")


def nfkc(text: str) -> str:
    """`unicodedata.normalize("NFKC", text)`, worked out as NFC of the NFKD form, which is
    what NFKC is by Unicode's definition (the same text for every string): CPython's own
    NFKC is slow on some compatibility ligatures that decompose to many letters (a line of
    60 U+FDFA took 115 us, 40,000 such pasted lines 4.6 s; NFKD then NFC takes 7 us)."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFKD", text))


_BLANKS = lazy(r"_{2,}")


@lru_cache(maxsize=65536)
def fold(name: str) -> str:
    """`fold_once` of a card name, with a cache (card names repeat), and a run of
    underscores read as one: Unfinity's blanks (`_____ Goblin` is written with five in the
    ban announcements and eight in the card data, and players type any number). Not for
    players' names, where `john__doe` and `john_doe` are two people."""
    folded = fold_once(name)
    return _BLANKS.sub("_", folded) if "__" in folded else folded


# Where a combining mark may stand: every character of the Basic Multilingual Plane whose
# canonical combining class is not 0 in the running Python's Unicode data, and every
# character beyond it (few texts hold one, and a class of ranges there is matched a range
# at a time: ten times slower on every character). Read from unicodedata, not written out,
# so a Python of a newer Unicode (3.14's 16.0 adds marks such as U+0897) strips the accents
# its data knows; built once a process, when a name beyond Latin letters is first folded (2 ms).
# Runs of them are found in C and only those looked at in Python: looking at every
# character of the compatibility form took 16 s of CPU for a pasted text of 4,100 names of
# 1,000 U+FDFA, a ligature whose form is 18 letters (74 million characters), and 1.8 s for
# 4 MiB of names in kanji.
@lru_cache(maxsize=1)
def _maybe_marks() -> re.Pattern[str]:
    combining, ranges = unicodedata.combining, []
    for low, high in _MAY_HOLD_MARKS:
        # Asked in C (map), the answers a byte each, their runs found by a pattern: a Python
        # step a character took 65 million instructions, 2.5% of a 2,000-deck batch.
        flags = bytes(map(bool, map(combining, map(chr, range(low, high)))))
        for run in _RUN_OF_ONES.finditer(flags):
            first, last = low + run.start(), low + run.end() - 1
            ranges.append(re.escape(chr(first)) + (f"-{re.escape(chr(last))}" if last > first else ""))
    return re.compile("[" + "".join(ranges) + "\\U00010000-\\U0010ffff]+")


# The Basic Multilingual Plane less what holds no mark and never will (the combining class
# of these is 0 for good): the CJK ideographs (Extension A and the unified block, both wholly
# assigned), the Hangul syllables, the surrogates and the private use area. No mark lies
# below U+0300. Three quarters of the plane are not asked.
_MAY_HOLD_MARKS = ((0x0300, 0x3400), (0x4DC0, 0x4E00), (0xA000, 0xAC00), (0xD7A4, 0xD800), (0xF900, 0x10000))
_RUN_OF_ONES = lazy(b"\\x01+")


def _without_latin_marks(run: re.Match[str]) -> str:
    """A run of `_maybe_marks()` of NFKD text without the combining marks that follow a Latin
    letter (accents: `û` -> `u`). Marks on other letters are part of them (the Japanese
    voicing marks of `ブ`, which is not `フ`) and are kept. The character before a run is
    no mark (the ranges hold every mark), so it is the letter the run's first marks follow."""
    start = run.start()
    latin = start > 0 and _is_latin(run.string[start - 1])
    kept = []
    for char in run.group():
        if unicodedata.combining(char):
            if latin:
                continue
        else:
            latin = _is_latin(char)
        kept.append(char)
    return "".join(kept)


@lru_cache(maxsize=4096)
def _is_latin(char: str) -> bool:
    return char.isascii() or unicodedata.name(char, "").startswith("LATIN ")


# Card names whose slash is part of the name, not between a Magic card's faces, by the
# name folded with its slashes and the spaces around them closed up to one `/`: the slash
# as the card writes it. Magic's `Summon: Choco/Mog` (Final Fantasy) is one card, not the
# faces `Summon: Choco` and `Mog`, nor is `SP//dr, Piloted by Peni` (Marvel's Spider-Man)
# `SP` and `dr, ...`; the WoW TCG prints two heroes with a spaced slash. Without card data
# (`--no-cards`, `convert`) reports named them `Summon: Choco // Mog`, `SP // dr, Piloted
# by Peni`, ..., no card's name. tests/test_names.py checks that every name of the
# built-in data is shown as it is written.
_SLASHED_NAMES = {
    "summon: choco/mog": "/", "sp/dr, piloted by peni": "//",
    "shrine of lost souls/essence of suffering": " / ", "essence of desire/essence of anger": " / ",
}


@lru_cache(maxsize=65536)
def display_name(name: str) -> str:
    """Tidy a name as written for reports: one spacing and `A // B` for split cards."""
    # One space between words, none around them: what `re.sub(r"\s+", " ", ...).strip()`
    # makes, without a pattern (split and strip take the whitespace `\s` matches).
    name = " ".join(name.replace("\u00a0", " ").split())
    if "/" in name and not _INITIALS.search(name):
        slash = _SLASHED_NAMES.get(fold(_SLASHES.sub("/", name)))
        name = _SLASHES.sub(FACE_SEPARATOR if slash is None else slash, name)
    return name


def faces(name: str) -> list[str]:
    """The face names of a name written with any slash style (one face for a name with
    initials joined by slashes, `D/D Swirl Slime`)."""
    if _INITIALS.search(name):
        return [name.strip()]
    return [part for part in _SLASHES.split(name.strip()) if part]


def face_keys(name: str) -> frozenset[str]:
    """The folded faces of a name, in no order and once each: `Ice // Fire` has the faces of
    `fire/ice`, and an omen card written `Scavenger Regent // Exude Toxin // Scavenger
    Regent` those of `Scavenger Regent // Exude Toxin`."""
    return frozenset(fold(face) for face in faces(name)) or frozenset({fold(name)})


def same_faces(one: str, other: str) -> bool:
    """Whether two names of one card key (`card_key`: their front face) may name one card:
    either is written by a single face (the front face, as Magic Online names a card), or
    both by the same faces. `Fire // Banana` is not Fire // Ice, nor `Lightning Bolt //
    Counterspell` Lightning Bolt: the front face alone found them before, the rest of the
    name dropped unseen, as the card data's lookup now refuses (games/mtg/catalog.py)."""
    mine, theirs = face_keys(one), face_keys(other)
    return len(mine) == 1 or len(theirs) == 1 or mine == theirs


@lru_cache(maxsize=65536)
def full_key(name: str) -> str:
    """Key of the whole name, all faces: `fire // ice`."""
    return FACE_SEPARATOR.join(fold(face) for face in faces(name)) or fold(name)


# Cards of several faces whose front face is another card's name or front face, keyed by
# their whole name (folded): the Mystery Booster playtest cards (`cmb1`) `Bind // Liberate`
# and `Smelt // Herd // Saw` reuse the names of the real `Bind` (Invasion) and `Smelt`,
# and `Start // Fire` the front face of Amonkhet's `Start // Finish`. Keyed by the front
# face, a deck's `4 Bind` and `1 Bind // Liberate` were 5 copies of one card, and a list of
# either matched the other's bans. The real card keeps the front face; these only ever
# match when written whole. tests/test_card_keys.py checks against the built-in data that
# no two cards share a key.
KEYED_WHOLE = frozenset({"bind // liberate", "smelt // herd // saw", "start // fire"})
_FRONTS_KEYED_WHOLE = frozenset(key.split(FACE_SEPARATOR, 1)[0] for key in KEYED_WHOLE)


@lru_cache(maxsize=65536)
def card_key(name: str) -> str:
    """Identity key of a card: the folded front face (the whole name for KEYED_WHOLE).

    Magic Online and most lists name a double-faced or adventure card by its front face,
    the ban lists do too, and (but for KEYED_WHOLE) no two different cards share a front
    face, so the front face identifies the card whichever way it was written.
    """
    if "/" not in name:
        # One face: what `faces` gives without a slash (every pattern of it needs one).
        stripped = name.strip()
        return fold(stripped) if stripped else fold(name)
    parts = faces(name)
    if not parts:
        return fold(name)
    front = fold(parts[0])
    if front in _FRONTS_KEYED_WHOLE:
        whole = FACE_SEPARATOR.join(map(fold, parts))
        if whole in KEYED_WHOLE:
            return whole
    return front


def first_spellings(names: Iterable[str]) -> tuple[str, ...]:
    """Each card `names` names once, as first spelt, in order: `Lightning Helix` and
    `lightning helix` are one card (card_key)."""
    kept: dict[str, str] = {}
    for name in names:
        kept.setdefault(card_key(name), name)
    return tuple(kept.values())


# A standalone `&` or `and` (not `Q&A`, not `Sand`): players write `Ash Blossom and Joyous
# Spring` for `Ash Blossom & Joyous Spring` and `Aang & Katara` for `Aang and Katara`.
_AND = lazy(r"(?<!\S)(?:&|and)(?!\S)", re.IGNORECASE)


def and_swapped(name: str) -> str | None:
    """`name` with each standalone `&` written `and` and each `and` written `&`; None when it
    has neither. The catalogs try it only after every other spelling of a name failed (an
    unknown name's fallback): a loose key drops the `&` but keeps the `and`, so neither
    spelling finds the other there."""
    if "&" not in name and "and" not in name.lower():
        return None
    swapped = _AND.sub(lambda match: "and" if match.group() == "&" else "&", name)
    return None if swapped == name else swapped


_NOT_ALNUM = lazy(r"[^0-9a-z]+")


@lru_cache(maxsize=65536)
def loose_key(name: str) -> str:
    """A last-resort key without spaces or punctuation: `Lim Duls Vault` = `Lim-Dûl's Vault`.

    Only the card database uses it, and only where it names one card, because dropping
    punctuation can merge names that are really different.
    """
    return _NOT_ALNUM.sub("", fold(name))


def loose_index(named: Iterable[tuple[str, T]]) -> dict[str, T]:
    """`loose_key` -> value of each (name, value), the first value of a name winning, kept
    only where one name has that key: `Maxx C` is `Maxx "C"`, but `HERO Flash` is neither
    `Hero Flash!!` nor `H.E.R.O. Flash!`. A key without a letter (a passcode, a name that
    is all punctuation or Unfinity's blanks) is left out."""
    found: dict[str, tuple[str, T]] = {}
    shared: set[str] = set()
    for name, value in named:
        key = loose_key(name)
        if "_" in name or not any(char.isalpha() for char in key):
            continue
        held = found.setdefault(key, (fold(name), value))
        if held[0] != fold(name):
            shared.add(key)
    return {key: value for key, (_, value) in found.items() if key not in shared}
