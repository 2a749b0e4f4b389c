"""A decklist written in another format, with what the player should hear about it:
`deckcheck convert` and the library's `convert` alike.

The command prints the text on stdout and each warning on stderr; the library returns both
(`Converted`), so a website shows the warnings beside the download. The writing itself is
decklists/convert.py's; this module reads the deck as the command does (a format's reading
of its zones, a title line, the card data that bridges names and passcodes) and words the
warnings, naming the settings in the caller's words (`Words`: the command's options, the
library's keywords).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, Union

from .errors import DeckcheckError, OptionError, of_setting
from .wording import card_names, counted, escaped, listed, named_few

if TYPE_CHECKING:
    from collections.abc import Callable

    from .cards.catalog import Catalog, PasscodeCatalog
    from .decklists.convert import NoPasscodes
    from .formats import Format, FormatRef
    from .model import CardEntry, Deck


class Words(NamedTuple):
    """How a warning or error names the settings: the format to read by (`-f FORMAT`, with
    an example of it), the format written with its value (`--to ydk`, `to='ydk'`) and how
    to give another one (`--to, such as text`)."""

    format_id: str
    format_example: str
    to: Callable[[str], str]
    another_to: str


# The card data convert reads: a database's path, None (the default one, else the built-in
# data), or False (none: the library's cards=False, as validate takes it).
CardsDb = Union[Path, None, Literal[False]]

# Why a name has no passcode with the library's cards=False (the command has no such
# setting: decklists/convert.NO_CARD_DATA is its advice).
CARDS_OFF = "cards=False reads no card data; give cards=None (the default card data) or a card database's path"

# The command's words are its options, as its errors name them (cli/convert.py).
LIBRARY_WORDS = Words("format_id", "format_id='mtg/commander'", lambda to: f"to={to!r}", "to, such as to='text'")


@dataclass(frozen=True)
class Converted:
    """A decklist converted: `text` in the format asked for, `encoding` the one its file is
    written in (UTF-8 for an XML format; None: any, the caller's), and the `warnings` the
    command prints on stderr, each one line (a card written as read that no program reads,
    a blank-line group read as the sideboard, cards outside the deck left out)."""

    text: str
    encoding: str | None = None
    warnings: list[str] = field(default_factory=list)


def convert(
    deck: str | Path | Deck,
    to: str,
    *,
    format_id: FormatRef | Format | None = None,
    input_format: str | None = None,
    cards: str | Path | Literal[False] | None = None,
) -> Converted:
    """The decklist written as `to` (`text`, `arena`, `dek`, `cod`, `dck`, `ydk`, `ydke`), as
    `deckcheck convert` writes it, with its warnings as data.

    `deck` is the list's text (a `str`, never a file name), a file (a `pathlib.Path`) or a
    `Deck` that `parse_deck` or `parse_bytes` read. `format_id` reads the list as that format
    does before writing (a Commander deck's commander wherever the file put it). `cards` names
    a card database (None: the default one, else the built-in data; False: none, as
    validate's cards=False: names written as read, no title taken from the cards, no
    warning of a name); nothing is looked up online. A list that cannot be read, a zone `to` cannot hold or a name with no passcode
    raises DeckcheckError (an unknown `to` an OptionError naming `to`).

    >>> from deckcheck import convert
    >>> print(convert("4 Lightning Bolt\\n56 Mountain\\n", "arena").text, end="")
    Deck
    4 Lightning Bolt
    56 Mountain
    """
    from . import decklists
    from .cards import check_database_path
    from .formats import given
    from .model import Deck
    from .pipeline import read_deck

    if not isinstance(to, str):
        raise OptionError("to", f"{to!r}: give the name of the format to write, such as 'text'")
    decklists.writer(to)  # an unknown `to` before any reading
    check_database_path(cards, may_be_off=True)
    fmt = None if format_id is None else given(format_id)
    if isinstance(deck, Deck):
        read = deck.as_given()  # the caller's: an entry may have been changed in place
    else:
        read = read_deck(deck, input_format=input_format)
    # the deck's name the command writes for its file: a Deck's when it was read from a file
    # or a named upload (parse_bytes(name=)), never its `<text>`/`<upload>` placeholder
    stem = deck.stem if isinstance(deck, Path) else None
    if isinstance(deck, Deck) and decklists.names_a_file(deck.source):
        stem = Path(deck.source).stem
    cards_db: CardsDb = cards if cards is None or cards is False else Path(cards)
    return converted(read, to, fmt=fmt, cards_db=cards_db, offline=True, stem=stem, words=LIBRARY_WORDS)


def converted(
    deck: Deck, to: str, *, fmt: Format | None, cards_db: CardsDb, offline: bool | None, stem: str | None,
    words: Words, warnings: list[str] | None = None,
) -> Converted:
    """`deck` (as read) written as `to`: read as `fmt` reads it when given, else its title
    line settled by Magic's card data (`cards_db` False: none, and the line stays a card, as
    validate reads it without card data); named `stem` (the file's name) when `to` names decks
    and the list does not. `offline`: the card data's online lookups (None: as the
    environment says, the command's way). Each warning is added to `warnings` as it is
    found (a caller that must say them even when the writing then fails passes its list)."""
    from . import decklists
    from .decklists.convert import NO_CARD_DATA, NoPasscodes, by_passcode, companions_unnamed, names_faces, outside_the_deck
    from .decklists.convert import unnamed_cards, unnamed_passcodes
    from .decklists.convert import convert as convert_deck
    from .decklists.title import titled, titled_without_format
    from .games import passcode_game
    from .limits import one_line
    from .report.style import printable

    said: list[str] = [] if warnings is None else warnings
    shown = one_line(deck.source)
    if shown is not deck.source:
        # A name holding a control character or a line break (an upload's, a file's) is
        # quoted in every warning and refusal below, as the library's errors quote one: a
        # website shows them, each one line.
        deck = deck.copy(source=shown)
    if fmt is not None and not deck.unreadable:
        deck = _as_read_by(deck, fmt, cards_db)
    elif fmt is None:
        deck = titled(deck, None) if cards_db is False else titled_without_format(deck, cards_db, offline=offline)
        said.extend(_big_guess(deck, to, cards_db, words))
    if deck.name is None and stem is not None and decklists.names_deck_by_file(to):
        deck = deck.copy(name=stem)  # a copy: a library caller's Deck stays as it was
    catalog = None
    numbered = passcode_game()
    if numbered is not None and (by_passcode(to) or any(entry.code is not None for entry in deck.entries)):
        catalog = _catalog(numbered.id, cards_db, offline=offline)
    magic = _catalog("mtg", cards_db, offline=offline) if names_faces(to, deck) else None
    try:
        without = CARDS_OFF if cards_db is False else NO_CARD_DATA  # why a name has no passcode without data
        written = convert_deck(deck, to, catalog=catalog, magic=magic, without=without)
    except NoPasscodes as error:
        _refuse_another_games_list(deck, to, error, cards_db, words)
        # Without card data by the caller's choice the setting at fault is `cards` (a form marks it)
        raise of_setting(error, "cards") if cards_db is False else error
    said.extend(decklists.readings(deck))
    said.extend(_numbers(deck, unnamed_passcodes(deck, to, catalog), catalog))
    unnamed, alchemy = unnamed_cards(deck, to, magic)
    said.extend(_names(deck, unnamed, magic))
    said.extend(_alchemy(deck, alchemy))
    said.extend(_companions(deck, to, companions_unnamed(deck, to)))
    outside = outside_the_deck(deck, to)
    if outside:  # never written (docs/decklists.md): say so rather than drop them quietly
        said.append(f"{deck.source}: {outside} not written")
    # A name's control characters shown as the command's stdout shows them (␛): the text is
    # the command's, a download holds no terminal escape, and XML (which forbids them) stays readable
    return Converted(printable(written), decklists.written_encoding(to), said)


def _catalog(game: str, cards_db: CardsDb, *, offline: bool | None) -> Any:
    """The card data of `game` that convert reads (cards.catalog_for), None without any
    (`cards_db` False)."""
    if cards_db is False:
        return None
    from .cards import catalog_for

    return catalog_for(game, cards_db, offline=offline)[0]


def _refuse_another_games_list(deck: Deck, to: str, error: NoPasscodes, cards_db: CardsDb, words: Words) -> None:
    """A list of another game's cards (a Magic deck written as a `.ydk`) is refused as such:
    the Yu-Gi-Oh! names "did you mean" would offer for its cards help no one. Returns when
    the names are no other game's (typos of Yu-Gi-Oh! cards), for `error` to be raised."""
    from .cards.other_game import other_game
    from .games import GAMES, passcode_game

    numbered = passcode_game()
    if numbered is None or cards_db is False:  # without card data no game's names are known
        return
    names = [entry.name for entry in deck.entries if entry.code is None]
    if len(error.names) * 2 <= len(set(names)):  # most of the list is Yu-Gi-Oh! cards
        return
    other = other_game(error.names, numbered.id, cards_db)
    if other is None:
        return
    label = GAMES[numbered.id].label
    # The setting at fault is `to`, which the message asks to change (a form marks its field).
    raise of_setting(DeckcheckError(f"{deck.source}: its card names are not {label} cards but {other.label} cards: "
                                    f"{words.to(to)} writes {label} passcodes; give another {words.another_to}"), "to") from None


def _numbers(deck: Deck, unnamed: list[CardEntry], catalog: PasscodeCatalog | None) -> list[str]:
    """Passcodes the card data lacks are written by number in a list by name: the player
    hears which, and that only deckcheck reads such a line back as the passcode."""
    if not unnamed or catalog is None:
        return []
    codes = named_few([f"{entry.code} (line {entry.line})" if entry.line else str(entry.code) for entry in unnamed],
                      "more")
    one = len(unnamed) == 1
    return [f"{deck.source}: {counted(len(unnamed), 'passcode')} not in the card data ({catalog.describe()}) "
            f"{'is' if one else 'are'} written as {'its number' if one else 'their numbers'}: "
            f"{codes}; deckcheck reads such a line back as the passcode, but other programs read no card there"]


def _names(deck: Deck, unnamed: list[CardEntry], magic: Catalog | None) -> list[str]:
    """Names the Magic card data lacks are written as read in a list for Magic Online or
    Arena (a misspelling, a German list's `Blitzschlag`): the player hears which, the first
    few with their line and the closest names (`Gebirge`: Mountain), as validate's
    unknown-card errors have them."""
    if not unnamed or magic is None:
        return []
    from .decklists.convert import SUGGESTED_NAMES
    from .wording import names_listed

    lines: dict[str, int | None] = {}
    for entry in unnamed:
        lines.setdefault(entry.name, entry.line)
    shown = []
    for rank, (name, line) in enumerate(lines.items()):
        hints = [f"line {line}"] if line else []
        near = magic.suggest(name) if rank < SUGGESTED_NAMES else []
        hints += [f"did you mean {names_listed(near)}?"] if near else []
        shown.append(f"{name!r} ({'; '.join(hints)})" if hints else repr(name))
    names = counted(len(lines), "name")
    return [f"{deck.source}: {names} the card data lacks {'is' if len(lines) == 1 else 'are'} written as read, which "
            f"no Magic program reads as a card: {named_few(shown, 'more')}; `deckcheck validate` says more"]


def _companions(deck: Deck, to: str, companions: list[CardEntry]) -> list[str]:
    """A format with no companion zone (dek, cod, dck) holds the companion in its sideboard,
    where the rules keep it: the player hears that the file no longer names it as such."""
    if not companions:
        return []
    # Quoted when one holds a comma; escaped, as repr shows it, when one holds a control
    # character (a hostile list's `Lurrus\x1b[31m`): the library returns the warning as
    # data, which no terminal writer defuses (review32h). Not in card_names, which also
    # lists players, whom every report shows defused its own way.
    names = [escaped(name) for name in card_names([entry.name for entry in companions])]
    named = listed([f"{name} (line {entry.line})" if entry.line else name for name, entry in zip(names, companions)], "and")
    one = len(companions) == 1
    return [f"{deck.source}: {to} has no companion zone: the companion{'' if one else 's'}, {named}, "
            f"{'is' if one else 'are'} written once in the sideboard, where the rules keep {'it' if one else 'them'}, "
            f"and the file no longer names {'it' if one else 'them'} as the companion"]


def _alchemy(deck: Deck, cards: list[tuple[CardEntry, Any]]) -> list[str]:
    """Alchemy rebalanced cards (`A-Luminarch Aspirant`) are written as read in a list for
    another program than MTG Arena, the only one that plays them: the player hears which,
    each with its line and the original card, which that program does know."""
    if not cards:
        return []
    lines: dict[str, tuple[int | None, str]] = {}
    for entry, original in cards:
        lines.setdefault(entry.name, (entry.line, original.name))
    shown = [f"{name!r} ({f'line {line}; ' if line else ''}the original card is {original})"
             for name, (line, original) in lines.items()]
    return [f"{deck.source}: {counted(len(lines), 'Alchemy rebalanced card')} {'is' if len(lines) == 1 else 'are'} "
            f"written as read, which only MTG Arena plays: {named_few(shown, 'more')}"]


def _big_guess(deck: Deck, to: str, cards_db: CardsDb, words: Words) -> list[str]:
    """Without a format the last blank-line group of a typed list is its sideboard, as MTGO
    exports have it (decklists/layout.py). A group holding more cards than the rest of the
    list is rarely one: most often a Commander deck written commander first. The list is
    written as read, and the player hears which reading was taken and how to choose, the
    zones in its game's words (a Yu-Gi-Oh! list's Side Deck; Magic's sideboard, with Magic's
    formats' advice, for a list of no other game)."""
    from .decklists.layout import sideboard_words
    from .model import MAIN

    guess = deck.guessed_sideboard
    if guess is None:
        return []
    main = deck.count(MAIN)
    if guess.cards <= main:
        return _unlike_its_game(deck, words)
    game = _game_without_format(deck, to, cards_db) or "mtg"
    main_deck, sideboard, heading = sideboard_words(game)
    # Magic's lists take their blank-line sideboard from MTGO, and its Commander decks are
    # what such a group most often is: said only for a Magic list.
    magic = game == "mtg"
    source = ", as Magic Online exports have it" if magic else ""
    commander = f" ({words.format_example} takes a typed list's first group as its commanders)" if magic else ""
    return [f"{deck.source}: line {guess.first_line}: read the last blank-line group ({counted(guess.cards, 'card')}) as "
            f"the {sideboard}{source}, leaving {counted(main, 'card')} in the {main_deck}; give {words.format_id} to read "
            f"the list as that format does{commander}, or put a `{heading}` line above the {sideboard}"]


def _unlike_its_game(deck: Deck, words: Words) -> list[str]:
    """A list that names its game by a zone of its own (a WoW TCG list's hero), whose last
    blank-line group the game's usual format (Game.example_format: wow/constructed) reads
    as part of the deck: a 60-card WoW deck grouped by card type is no MTGO export, and was
    written as a deck of 48 cards and a side deck of 12 without a word. The list is still
    written as read (a limited deck's side deck, the rest of its pool, is any size); the
    player hears what that format reads and how to choose. Magic lists keep the MTGO
    reading quietly (docs/decklists.md)."""
    import datetime as dt

    from .decklists.layout import settle_sideboard, sideboard_words
    from .formats import given
    from .games import game_of_zones
    from .model import MAIN, SIDEBOARD

    game = game_of_zones({entry.zone for entry in deck.entries})
    if game is None or game.id == "mtg" or not game.example_format:
        return []
    fmt = given(game.example_format)
    day = dt.date.today()
    settled = settle_sideboard(deck, fmt, day)
    if settled.count(SIDEBOARD) == deck.count(SIDEBOARD):
        return []  # that format reads the group as the side deck too
    guess = deck.guessed_sideboard
    assert guess is not None  # the caller's
    main_deck, sideboard, heading = sideboard_words(game.id)
    main, side_size = deck.count(MAIN), fmt.zone_size(SIDEBOARD, day)
    # settle_sideboard's two reasons: no side deck of that size, or a deck short without it
    why = (f"allowing no {sideboard} of {counted(deck.count(SIDEBOARD), 'card')}"
           if side_size is not None and not side_size.allows(deck.count(SIDEBOARD))
           else f"as a {sideboard} it would leave the {main_deck} {counted(main, 'card')}")
    return [f"{deck.source}: line {guess.first_line}: read the last blank-line group ({counted(guess.cards, 'card')}) as "
            f"the {sideboard}, leaving {counted(main, 'card')} in the {main_deck}; {fmt.name} ({game.example_format}) "
            f"reads it as part of the {main_deck} ({counted(settled.count(MAIN), 'card')}), {why}: give "
            f"{words.format_id} to read the list as that format does, or put a `{heading}` line above the {sideboard}"]


def _game_without_format(deck: Deck, to: str, cards_db: CardsDb) -> str:
    """The game of a list converted without a format, for the words a warning about it
    uses: Yu-Gi-Oh!'s when it is written by passcode (`ydk`) or names cards by one, else
    the game a zone of its own says (a WoW hero, an Extra Deck, a command zone:
    games.game_unchecked), else the game its card names say (cards/other_game.game_of_names);
    "" when nothing tells: a typed list is Magic's, as decklists/title.titled_without_format
    takes it."""
    from .cards.other_game import game_of_names
    from .decklists.convert import by_passcode
    from .games import game_unchecked, passcode_game

    numbered = passcode_game()
    if numbered is not None and (by_passcode(to) or any(entry.code is not None for entry in deck.entries)):
        return numbered.id
    zoned = game_unchecked("", {entry.zone for entry in deck.entries})
    if zoned:
        return zoned
    if cards_db is False:
        return ""
    named = game_of_names([entry.name for entry in deck.entries], cards_db)
    return named.id if named is not None else ""


def _as_read_by(deck: Deck, fmt: Format, cards_db: CardsDb) -> Deck:
    """The deck's zones as validating it against `fmt` today reads them (rules.read_as),
    with the format's game's card data (a Commander deck's first group is its commander
    only when the data says it can lead a deck). Offline: how a list is read never waits
    on a lookup."""
    from .rules import read_as

    return read_as(deck, fmt, cards=_catalog(fmt.game, cards_db, offline=True))
