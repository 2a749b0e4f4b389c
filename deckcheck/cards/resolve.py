"""Give a deck's entries the catalog's names, and report names no card has (`unknown-card`).

Used by the catalogs of games whose decks name cards (Magic, WoW TCG): `4 lightning bolt`,
`Fire/Ice`, `Delver of Secrets` and `Insectile Aberration` become the Oracle names
`Lightning Bolt`, `Fire // Ice` and `Delver of Secrets // Insectile Aberration`; the name
as written stays in `CardEntry.written`. A name the catalog (and, when it may, an online
lookup) does not know is an `unknown-card` error with up to three "did you mean"
suggestions (for the first MAX_SUGGESTED_NAMES such names of a deck); its entry keeps the written name so the other rules still count it. Names
the format's own lists mention are known names even when the data lacks them (Unfinity
sticker sheets on Pauper's banned list): the `banned` rule speaks for those.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from itertools import compress, count
from operator import ne
from typing import Any

from ..limits import MAX_SUGGESTED_NAMES
from ..model import COMMANDER, COMPANION, MAYBEBOARD, SIDEBOARD, CardEntry, Deck
from ..problem import ERROR, Problem
from ..wording import card_names
from .catalog import SUGGESTIONS, Catalog

RULE = "unknown-card"
UNKNOWN_MESSAGE = "unknown card "  # how the message of a name no card has begins (pipeline adds to it)
_KNOWN_NAMES = (RULE, "known names")  # the key of resolve_by_name's memo in `Catalog.memo`
# Marks a list may leave after a name (`4 Lightning Bolt,` from a comma-separated paste,
# `1 Lightning Bolt.` at a sentence's end): no card name ends in a comma, a semicolon or a
# colon, and a name that ends in a full stop (`Agents of S.H.I.E.L.D.`) is found as written
# before the mark is dropped. Only a name that names no card is looked up again without it:
# loosely spelled (`lightningbolt`), Lightning Bolt is also a face of Emeritus of Conflict,
# so the loose spellings could not find it.
_TRAILING_MARKS = frozenset(",;:.")
# Spellings that memo keeps before it forgets them all (found again when asked): Magic's
# catalog forgets its names itself (games/mtg/catalog.py), but a WoW TCG site's users
# write a card's name in any case and spacing, and every spelling stayed (4,000 pasted
# lists of random-case spellings of one card: 137,938 kept, 29 MB and growing).
MAX_NAMES_RESOLVED = 65_536


def unknown_card(
    entry: CardEntry, message: str, *, count: int | None = None, suggestions: list[str] | None = None,
    severity: str = ERROR, card: str | None = None, details: dict[str, Any] | None = None,
    unexplained: bool = False,
) -> Problem:
    """The `unknown-card` problem of an entry (`count`: the copies of every line it stands
    for); `unexplained` when its message gives no reason the data lacks it (never_heard_of)."""
    problem = Problem(
        rule=RULE, severity=severity, zone=entry.zone, line=entry.line, card=card or entry.name,
        count=entry.count if count is None else count, message=message,
        details={**(details or {}), **({"suggestions": suggestions} if suggestions else {})},
    )
    problem.unexplained = unexplained
    return problem


def unknown_passcode_message(code: int, aside: str | None = None, where: str = "") -> str:
    """`unknown passcode 99999999: no card with that number in the card data`, what the
    number looks like (`aside`: a Rush Duel id) before the reason when there is something;
    `where` follows the number (` (lines 2 and 7)`)."""
    return f"unknown passcode {code}{where}:{f' {aside};' if aside else ''} no card with that number in the card data"


def never_heard_of(problem: Problem) -> bool:
    """Whether an `unknown-card` problem is of a name or passcode the card data has never
    heard of, its message explaining it no other way (a melded back face, an Alchemy card,
    a Rush Duel id, a name in another alphabet: a player's own language): perhaps a card
    newer than the data (pipeline.py adds so). The catalog says so where it words the
    message (`unexplained`), so a name's letters are looked at once: script_note asks
    Unicode's name of each distinct letter, and a pasted text of thousands of unknown names
    of kanji paid it twice (resolve_by_name, then here)."""
    return problem.unexplained


def script_note(name: str, *, japanese: bool = False) -> str:
    """` (card names are read in English; this one is in Cyrillic letters)` for a name
    written in another alphabet (a player's own language), else "": every game's card
    data is English, and no spelling near it will be suggested. `japanese`: the game also
    reads its cards' Japanese names (Yu-Gi-Oh!), so a name in Japanese scripts was looked
    up as one and is no card's."""
    import unicodedata  # only for an unknown name

    # Each distinct letter beyond ASCII (whose letters are all Latin) named once: a pasted
    # name is up to MAX_LINE_CHARS long, and every character of thousands of them looked up
    # took seconds (tests/test_unknown_name_speed.py).
    scripts = {unicodedata.name(char, "").split(" ", 1)[0] for char in set(name) if not char.isascii() and char.isalpha()}
    others = sorted(script for script in scripts if script and script != "LATIN")
    if not others:
        return ""
    if japanese and set(others) <= _JAPANESE_SCRIPTS:
        return " (by its English or Japanese name)"
    script = others[0] if others[0] == "CJK" else others[0].title()
    return f" (card names are read in {'English or Japanese' if japanese else 'English'}; this one is in {script} letters)"


def letters_note(name: str, held: Callable[[], frozenset[str]], *, japanese: bool = False) -> str:
    """` (card names are read in English; è is in no card's name)` for a name in Latin
    letters holding one no card's name of the game holds (`held()`: the letters beyond ASCII
    of its card names, asked only for such a name), else "": a name in the player's own
    language (`Prompte-lame du monastère`, a German Yu-Gi-Oh! list's `Aschblüte`), which no
    sync of the data mends. Letters compare as written: `Ür` holds Ü, not ü."""
    missing = foreign_letters(name, held)
    if not missing:
        return ""
    return f" (card names are read in {_read_in(japanese)}; {', '.join(missing)} {'is' if len(missing) == 1 else 'are'} in no card's name)"


def _read_in(japanese: bool) -> str:
    """The languages card names are read in: a Yu-Gi-Oh! catalog also knows Japanese names."""
    return "English or Japanese" if japanese else "English"


def foreign_letters(name: str, held: Callable[[], frozenset[str]]) -> list[str]:
    """The Latin letters of `name` that no card's name of the game holds (letters_note), sorted."""
    if name.isascii():
        return []
    import unicodedata  # only for an unknown name

    latin = {char for char in set(name)
             if not char.isascii() and char.isalpha() and unicodedata.name(char, "").startswith("LATIN")}
    return sorted(latin - held()) if latin else []


def in_the_lists_letters(problems: list[Problem], held: Callable[[], frozenset[str]], *, japanese: bool = False,
                         words: Callable[[], frozenset[str]] | None = None) -> list[Problem]:
    """A deck's `unknown-card` problems, those of names no reason explains (`unexplained`:
    perhaps cards newer than the data) saying card names are read in English when the list's
    other unknown names hold letters no card's name holds (letters_note): the list is in the
    player's language, and no sync mends a German list's `Zugangscode-Sprecher` beside its
    `Aschblüte`. Two such names say so; one says so only when no unexplained name is plainly
    English (two words or more, each a word of some card's name, `words()`): one rare letter in
    `Bjørn, Warden of Skjold` is no sign that `Brand New Card` is not newer than the data.
    Passcodes are left as they are; the replaced problems lose `unexplained`
    (games/mtg/foreign_basics.in_the_lists_language does the same for a basic land's name)."""
    if not any(problem.unexplained for problem in problems):
        return problems
    foreign = [(problem, missing) for problem in problems
               if problem.card and not problem.unexplained and (missing := foreign_letters(problem.card, held))][:2]
    if not foreign:
        return problems
    if len(foreign) == 1 and words is not None and any(
            problem.unexplained and problem.card and _plainly_english(problem.card, words) for problem in problems):
        return problems
    problem, missing = foreign[0]
    where = "the list" if problem.line is None else f"line {problem.line}"
    note = (f" (card names are read in {_read_in(japanese)}, and {where} names a card with {', '.join(missing)}, "
            f"which no card's name holds: write each card's English name)")
    return [other.replace(message=other.message + note)
            if other.unexplained and "code" not in (other.details or {}) else other for other in problems]


def _plainly_english(name: str, words: Callable[[], frozenset[str]]) -> bool:
    """Whether `name` (ASCII only) has two words or more, each a word of some card's name.
    One word is no sign of English: a German list's `Berg` and `Blitzschlag` are words of
    card names (Berg Strider) as much as `Brand New Card`'s are."""
    written = name_words((name,)) if name.isascii() else frozenset()
    return len(written) >= 2 and written <= words()


def name_words(names: Iterable[str]) -> frozenset[str]:
    """The words of `names`, in small letters (in_the_lists_letters' `words`)."""
    import re

    return frozenset(word for name in names for word in re.findall(r"[a-z]+", name.lower()))


# A catalog's memo keys (Catalog.memo) of what its names hold: name_letters, name_words.
NAME_LETTERS = "name letters"  # the letters beyond ASCII of the cards' names
NAME_WORDS = "name words"  # the words of the cards' names


def names_memo(memo: dict[Any, Any], key: str, build: Callable[[], frozenset[str]]) -> frozenset[str]:
    """What a catalog's card names hold (`key`: NAME_LETTERS, NAME_WORDS), `build` run on
    first use and its answer kept in the catalog's `memo`: its name_letters and name_words."""
    held = memo.get(key)
    if held is None:
        held = memo[key] = build()
    return held


def held_letters(names: Iterable[str]) -> frozenset[str]:
    """The letters beyond ASCII that `names` hold (letters_note's `held`)."""
    return frozenset(char for name in names if not name.isascii() for char in name if not char.isascii())


# The first words of the Unicode names of Japanese letters (kanji, kana, half- and full-width forms).
_JAPANESE_SCRIPTS = frozenset({"CJK", "HIRAGANA", "KATAKANA", "HALFWIDTH", "FULLWIDTH"})


def suggestions_within_budget(rank: int, suggest: Callable[[], list[str]]) -> list[str] | None:
    """`suggest()` for the deck's first MAX_SUGGESTED_NAMES unknown names (`rank` counts
    them from 0), None past them: each costs a lookup, and a text of thousands of unknown
    names must not cost thousands (limits.py). Every game's catalog asks here."""
    return suggest() if rank < MAX_SUGGESTED_NAMES else None


def count_first_note(entry: CardEntry, get: Callable[[str], Any]) -> str:
    """`; the line reads as 2 copies of 'Mace': for the card +2 Mace, write its count first
    (`1 +2 Mace`)` when the line of an unknown name is, count and all, a card's name (`+2
    Mace`, Yu-Gi-Oh!'s `7 Colored Fish`: a card whose name starts with a number or sign,
    written without a count): a line's first number is its count, as it stays; else "".
    The count as written is gone (`+2` or `2`): both are asked. Every game's catalog asks
    here, for as many names as get suggestions (two lookups each)."""
    for whole in (f"{entry.count} {entry.name}", f"+{entry.count} {entry.name}"):
        card = get(whole)
        if card is not None:
            copies = "copy" if entry.count == 1 else "copies"
            return (f"; the line reads as {entry.count} {copies} of {entry.name!r}: for the card {card.name}, "
                    f"write its count first (`1 {card.name}`)")
    return ""


def cut_note(name: str, suggestions: list[str]) -> str:
    """What the unknown card `name` on the last line of a file that ends with no line break
    after it (Deck.cut_line) adds when a suggested card's name starts with it and goes on
    inside the same word (`Goblin Gu`, Goblin Guide): the file may have been cut short.
    Nothing for any other name there: one that ends where a word of the card's does
    (`Snapcaster`, `Jace`) is the player's short name for Snapcaster Mage or Jace, ..."""
    from ..decklists.common import CUT_IN_LAST_LINE

    folded = name.casefold()
    size = len(folded)
    for found in suggestions:
        found = found.casefold()
        if found.startswith(folded) and found[size:size + 1].isalpha():
            return f"; {CUT_IN_LAST_LINE}"
    return ""


def lead_number_note(entry: CardEntry, get: Callable[[str], Any]) -> str:
    """`; the line reads as 264 copies of '1 Forest': for 1 copy of Forest, write the line
    `1 Forest`` when an unknown name is a number, a blank and a card's name: a count-first
    line with a number after a tab (`1 Forest<TAB>264`, its collector number), which reads
    as a spreadsheet's row, the name then its count (`7 Colored Fish<TAB>2`), or a count
    written twice (`4 1 Lightning Bolt`); else "". Told, not read, as count_first_note's:
    one lookup, for as many names as get suggestions."""
    number, _, rest = entry.name.partition(" ")
    # A count the reader takes: 1 to 9999 written as such (`0 Forest`, `00 Island` are none).
    if not (rest and number.isdigit() and number.isascii() and number[0] != "0" and len(number) <= 4):
        return ""
    card = get(rest.strip())
    if card is None:
        return ""
    count = int(number)
    copies = "copy" if count == 1 else "copies"
    return (f"; the line reads as {entry.count} {'copy' if entry.count == 1 else 'copies'} of {entry.name!r}: "
            f"for {count} {copies} of {card.name}, write the line `{count} {card.name}`")


# What a league sign-up writes between two commanders on one line (`Thrasios + Tymna`,
# `Wilson & Acolyte of Bahamut`; a `/` the text reader already made ` // `).
_PAIR_JOINS = (" + ", " & ", " // ", " and ")
_MOST_PARTS = 4  # `Minsc & Boo, Timeless Heroes & Bruse Tarl & ...`: a few joins, a few lookups


def two_cards_note(entry: CardEntry, get: Callable[[str], Any]) -> str:
    """`; the line names two cards, A and B: put each on a line of its own under a
    `Commander` line` when the unknown name of a command-zone line is two card names
    joined as people join a partner pair, else "". The whole name is no card's (`Minsc &
    Boo, Timeless Heroes` is one), so no card is mistaken; it is told, not read, as a
    line's count is (count_first_note): the line holds what the player wrote. A few
    lookups per join at most, for as many names as get suggestions."""
    if entry.zone != COMMANDER:
        return ""
    for join in _PAIR_JOINS:
        parts = entry.name.split(join)
        if not 2 <= len(parts) <= _MOST_PARTS:
            continue  # not joined so, or joined more often than two names (each maybe with a join) are
        for at in range(1, len(parts)):
            first, second = get(join.join(parts[:at]).strip()), get(join.join(parts[at:]).strip())
            if first is not None and second is not None:
                a, b = card_names((first.name, second.name))
                return f"; the line names two cards, {a} and {b}: put each on a line of its own under a `Commander` line"
    return ""


def _renamed(entry: CardEntry, name: str) -> CardEntry:
    # Built directly: `replace` looks each field up by name, several times the cost, per entry.
    return CardEntry(name, entry.count, entry.zone, entry.line, entry.written or entry.name, entry.code)


def resolve_by_name(
    deck: Deck,
    catalog: Catalog,
    *,
    listed: Collection[str] = (),
    fetch: Callable[[Iterable[str]], Mapping[str, Any]] | None = None,
    report_unknown: bool = True,
    explain: Callable[[str], str | None] | None = None,
) -> tuple[Deck, list[Problem]]:
    """The deck with the catalog's names, and `unknown-card` problems (none when
    `report_unknown` is False: a game whose card files are often partial). `fetch` looks
    up the deck's unknown names all at once (online); `listed` holds the card keys of names
    the format's lists mention; `explain(name)` says why a name the data has is still no
    card a deck holds (a melded back face, a token), for the problem's message."""
    get = catalog.get
    # The catalog's name of each name it knows, remembered with the catalog: a batch
    # resolves the same few thousand names in every deck.
    known = catalog.memo.get(_KNOWN_NAMES)
    if known is None:  # (not `setdefault`, which would build a dict to throw away for every deck)
        known = catalog.memo[_KNOWN_NAMES] = {}
    # Most decks of a batch: every name seen before and already the catalog's. Two list
    # comprehensions and one comparison (in C) tell so, where the loop below costs a
    # Python step per entry; the deck keeps its entries (see the end of the loop). Every
    # name seen before, some renamed (a double-faced card by its front face): only those
    # entries are rebuilt. The loop is for decks with a name not seen yet.
    written = [entry.name for entry in deck.entries]
    canonical = list(map(known.get, written))
    if canonical == written:
        return deck.with_entries(deck.entries), []
    # `all` tells that no name is new (None) at a fraction of the cost of `None not in`,
    # which compares None with each name; a name no card has is never a catalog's name
    # (""), and if it were, the loop below would only take longer to give the same answer.
    if all(canonical):
        named = deck.entries.copy()
        for index in compress(count(), map(ne, canonical, written)):  # the renamed ones, found in C
            named[index] = _renamed(named[index], canonical[index])
        return deck.with_entries(named), []
    if len(known) >= MAX_NAMES_RESOLVED:
        known.clear()  # a server's users write names in any case and spacing: each is kept
    prefetch = getattr(catalog, "prefetch", None)
    if prefetch is not None:  # the names not seen yet, looked up together (games/mtg/catalog.py)
        prefetch([name for name, found in zip(written, canonical) if found is None])
    entries: list[CardEntry] = []
    unknown: list[int] = []
    renamed = False
    for entry in deck.entries:
        name = entry.name
        canonical = known.get(name)
        if canonical is None:
            card = get(name)
            if card is None and name[-1:] in _TRAILING_MARKS:
                card = get(name[:-1].rstrip())  # `4 Lightning Bolt,`: a mark a list put after the name
            if card is None:
                unknown.append(len(entries))
                entries.append(entry)
                continue
            canonical = known[name] = card.name
        if canonical != name:
            entry = _renamed(entry, canonical)
            renamed = True
        entries.append(entry)
    problems: list[Problem] = []
    if not unknown:
        # Every name already the catalog's: the same entries, so what a context worked out
        # about them (rules/context.py) still holds.
        return deck.with_entries(entries if renamed else deck.entries), problems
    found = fetch([entries[index].name for index in unknown]) if fetch is not None else {}
    companions = {(entries[index].key, entries[index].line) for index in unknown if entries[index].zone == COMPANION}
    held = getattr(catalog, "name_letters", None)  # the game's letters, for a name in another language
    for index in unknown:
        entry = entries[index]
        card = found.get(entry.name)
        if card is not None:
            if card.name != entry.name:
                entries[index] = _renamed(entry, card.name)
            continue
        if not report_unknown or entry.zone == MAYBEBOARD or entry.key in listed:  # for reference only / known to the format
            continue
        if entry.zone == SIDEBOARD and (entry.key, entry.line) in companions:
            continue  # a companion's own sideboard copy (decklists/common.py): its line is reported once
        why = explain(entry.name) if explain is not None else None
        note = script_note(entry.name) if why is None else ""
        pair = ""
        if why is None and not note and held is not None:
            note = letters_note(entry.name, held)
        if why is None and not note and len(problems) < MAX_SUGGESTED_NAMES:  # a few lookups: as suggestions are, bounded
            note = count_first_note(entry, get) or lead_number_note(entry, get) or (pair := two_cards_note(entry, get))
        # Two cards found: a "did you mean" of the first alone would drop the second.
        suggestions = None if pair else suggestions_within_budget(len(problems), lambda: catalog.suggest(entry.name, SUGGESTIONS))
        # A name cut short may still be a card newer than the data: the note leaves the
        # problem `unexplained`, so the stale-data advice (pipeline._maybe_newer) follows it.
        cut = ""
        if why is None and not note and entry.line == deck.cut_line and entry.line is not None and suggestions:
            cut = cut_note(entry.name, suggestions)
        problems.append(unknown_card(
            entry, why or f"{UNKNOWN_MESSAGE}{entry.name!r}: no card of that name in the card database{note}{cut}",
            suggestions=suggestions, unexplained=why is None and not note,
        ))
    return deck.with_entries(entries), problems
