"""Pieces of English the games' messages share."""
from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from .limits import MAX_CHARS_DESCRIBED, MAX_LINES_NAMED


# A list of which nothing at all was read: no card line, no line that could not be read
# (deck-size's message of it, simulate's error, diff's note).
EMPTY_LIST = ("the list holds no cards (it is empty, or holds only blank lines, comments and headings): "
              "write the decklist into it")


def article(word: str) -> str:
    """`a` or `an` before `word`, as it is said: an Effect Monster, a Legendary Creature,
    an Xyz Monster (Xyz is said "ex")."""
    return "an" if word[:1].lower() in "aeiou" or word.startswith("Xyz") else "a"


def card_kinds(kinds: Iterable[str]) -> str:
    """What a card of the types `kinds` is, after "X is": `a Conspiracy card`, `a
    Plane/Phenomenon card`; a card whose type line is only `Card` (Secret Lair's Red Mana,
    a card of no game) is said to be no game card, not "a Card card"."""
    named = sorted(set(kinds) - {"Card"})
    return f"a {'/'.join(named)} card" if named else "no game card (its type line reads only Card)"


def listed(words: list[str], last: str = "or") -> str:
    """`a, b or c` (`a, b and c` with last="and"); one word alone; nothing for none."""
    return f" {last} ".join([", ".join(words[:-1]), words[-1]]) if len(words) > 1 else "".join(words)


def card_names(names: Iterable[str]) -> list[str]:
    """Card names as a message lists them: as they are, or every one quoted when there are
    several and one of them holds a comma itself (`Kraum, Ludevic's Opus`), so the commas
    and the `and` between them part names only. Quoted as the messages quote a name
    (`'Tymna the Weaver'`, `"Kraum, Ludevic's Opus"`); one name, or a list without such a
    name, reads as it always did."""
    names = list(names)
    return [repr(name) for name in names] if len(names) > 1 and any("," in name for name in names) else names


def escaped(text: str) -> str:
    """`text` as a message shows a name or address it was given: as written when every
    character prints, else as repr shows it, quoted with each control, bidi or other
    unprintable character escaped (a hostile list's `Lurrus\\x1b[31m`), its letters as
    written. A library caller gets messages as data, which no terminal writer defuses."""
    return text if text.isprintable() else repr(text)


def names_listed(names: Iterable[str]) -> str:
    """`a, b, c`: names (cards, a team's players) joined by commas for a message, each
    quoted when one holds a comma itself (`'Smith, John', 'Lee'`, card_names): else a
    player written "Smith, John" reads as two players."""
    return ", ".join(card_names(names))


def counted(count: int, noun: str, *, grouped: bool = False) -> str:
    """`1 card`, `2 cards`: a count and its noun, plural but for one (`1,024 cards` when
    `grouped`: thousands separated)."""
    number = f"{count:,}" if grouped else str(count)
    return f"{number} {noun}" if count == 1 else f"{number} {noun}s"


def yaml_quoted(text: str) -> str:
    """`text` in double quotes, as a YAML file must write a value YAML would otherwise read
    as something else (`"*.dek"`, `"Emrakul: the Promised End"`): JSON's escapes, which a
    double-quoted YAML scalar reads alike."""
    import json  # only for a file that is wrong

    quoted = json.dumps(text, ensure_ascii=False)
    # A lone surrogate (a library caller's JSON "\ud800") is written as JSON's escape, which
    # YAML reads alike: kept raw, no UTF-8 could hold the message that quotes it.
    return quoted if quoted.isascii() else quoted.encode("utf-8", "backslashreplace").decode("utf-8")


def named_few(items: Sequence[str], rest: str, *, total: int | None = None) -> str:
    """`items` joined by commas, the first MAX_HOLDERS_LISTED of them and then how many
    more (`and 37 more players`): a message stays short however many there are (a team's
    players, a deck's unknown passcodes).
    `total`: how many there are when `items` holds only the first of them."""
    from .limits import MAX_HOLDERS_LISTED

    listed = items[:MAX_HOLDERS_LISTED]
    more = (len(items) if total is None else total) - len(listed)
    shown = ", ".join(listed)
    return f"{shown}, and {more:,} {rest}" if more > 0 else shown


def either_of(items: Sequence[str], others: str) -> str:
    """`items` as alternatives, `common or uncommon`: the first MAX_HOLDERS_LISTED of them
    and then how many more (`(or 980 other rarities)`), so a message that names what a
    format file lists stays short however many it lists."""
    from .limits import MAX_HOLDERS_LISTED

    listed = items[:MAX_HOLDERS_LISTED]
    more = len(items) - len(listed)
    return " or ".join(listed) + (f" (or {more:,} other {others})" if more > 0 else "")


def lines_text(lines: Sequence[int]) -> str:
    """`lines 5, 6 and 9`: at most MAX_LINES_NAMED of them, the rest counted."""
    shown = [str(line) for line in lines[:MAX_LINES_NAMED]]
    if len(lines) > MAX_LINES_NAMED:
        shown.append(f"{len(lines) - MAX_LINES_NAMED:,} more")
    return "lines " + listed(shown, "and")


def described_chars(chars: tuple[str, ...]) -> str:
    """`U+1F600 GRINNING FACE, U+E000` for a warning (a sheet's font cannot draw them, a
    file's name holds them as nothing): the first MAX_CHARS_DESCRIBED, then how many more
    (`... and 39,990 more`)."""
    named = ", ".join(
        f"U+{ord(char):04X}" + (f" {unicodedata.name(char)}" if unicodedata.name(char, "") else "")
        for char in chars[:MAX_CHARS_DESCRIBED]
    )
    rest = len(chars) - MAX_CHARS_DESCRIBED
    return f"{named} and {rest:,} more" if rest > 0 else named
