"""`deckcheck convert SOURCE --to FORMAT`: rewrite a decklist in another format (stdout)."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

import typer

from .app import CARDS_DB_OPTION, INPUT_FORMAT_OPTION, app, handles_errors
from .common import WRITERS_MARK, emit, no_empty_argument, read_deck_argument, warn, warn_of_readings
from .help_lists import Command
from .completion import complete_writers
from ..wording import card_names, counted, listed, named_few

if TYPE_CHECKING:
    from ..cards.catalog import PasscodeCatalog
    from ..decklists.convert import NoPasscodes
    from ..formats import Format
    from ..model import CardEntry, Deck

TO_OPTION = typer.Option(..., "--to", metavar="FORMAT", help=f"{WRITERS_MARK}.", autocompletion=complete_writers)


@app.command(cls=Command, short_help="Write a decklist in another format on stdout.")
@handles_errors
def convert(
    source: str = typer.Argument(..., metavar="SOURCE", help="A decklist file, '-' for stdin, or a ydke:// URL."),
    to: str = TO_OPTION,
    input_format: Optional[str] = INPUT_FORMAT_OPTION,
    cards_db: Optional[Path] = CARDS_DB_OPTION,
    format_id: Optional[str] = typer.Option(
        None, "--format", "-f", metavar="FORMAT",
        help="Read the list as this format reads it before writing: a Commander deck's commander wherever the "
             "file puts it (first or last in a typed list), a blank-line group its sizes make part of the main deck.",
    ),
) -> None:
    """Write a decklist in another format on stdout (.ydk <-> ydke:// exactly).

    Yu-Gi-Oh! passcodes and names are bridged with the card database when one is there.

    Example: deckcheck convert deck.ydk --to ydke

    Example: deckcheck convert edh.txt --to arena -f mtg/commander
    """
    from .. import decklists
    from ..cards import catalog_for
    from ..decklists.convert import NoPasscodes, by_passcode, companions_unnamed, names_faces, outside_the_deck
    from ..decklists.convert import alchemy_cards, unnamed_cards, unnamed_passcodes
    from ..decklists.convert import convert as convert_deck
    from ..decklists.title import titled_without_format
    from ..games import passcode_game
    no_empty_argument([source], "SOURCE", "a decklist file, - for standard input, or a ydke:// URL")
    decklists.writer(to)  # an unknown --to is a usage error before any reading
    fmt = _format(format_id)
    deck = read_deck_argument(source, input_format=input_format)
    if fmt is not None and not deck.unreadable:
        deck = _as_read_by(deck, fmt, cards_db)
    elif fmt is None:
        deck = titled_without_format(deck, cards_db)
        _warn_of_a_big_guess(deck, to, cards_db)
    if deck.name is None and source != "-" and not decklists.is_inline(source) and decklists.names_deck_by_file(to):
        deck.name = Path(source).stem
    catalog = None
    numbered = passcode_game()
    if numbered is not None and (by_passcode(to) or any(entry.code is not None for entry in deck.entries)):
        catalog, _ = catalog_for(numbered.id, cards_db)
    magic = catalog_for("mtg", cards_db)[0] if names_faces(to, deck) else None
    try:
        written = convert_deck(deck, to, catalog=catalog, magic=magic)
    except NoPasscodes as error:
        _refuse_another_games_list(deck, to, error, cards_db)
        raise
    emit(written, encoding=decklists.written_encoding(to))
    warn_of_readings(deck)
    _warn_of_numbers(deck, unnamed_passcodes(deck, to, catalog), catalog)
    _warn_of_names(deck, unnamed_cards(deck, to, magic), magic)
    _warn_of_alchemy(deck, alchemy_cards(deck, to, magic))
    _warn_of_companions(deck, to, companions_unnamed(deck, to))
    outside = outside_the_deck(deck)
    if outside:  # never written (docs/decklists.md): say so rather than drop them quietly
        warn(f"{deck.source}: {outside} not written")


def _warn_of_companions(deck: Deck, to: str, companions: list[CardEntry]) -> None:
    """A format with no companion zone (dek, cod, dck) holds the companion in its sideboard,
    where the rules keep it: the player hears that the file no longer names it as such."""
    if not companions:
        return
    names = card_names([entry.name for entry in companions])  # quoted when one holds a comma
    named = listed([f"{name} (line {entry.line})" if entry.line else name for name, entry in zip(names, companions)], "and")
    one = len(companions) == 1
    warn(f"{deck.source}: {to} has no companion zone: the companion{'' if one else 's'}, {named}, "
         f"{'is' if one else 'are'} written once in the sideboard, where the rules keep {'it' if one else 'them'}, "
         f"and the file no longer names {'it' if one else 'them'} as the companion")


def _refuse_another_games_list(deck: Deck, to: str, error: NoPasscodes, cards_db: Path | None) -> None:
    """A list of another game's cards (a Magic deck given `--to ydk`) is refused as such:
    the Yu-Gi-Oh! names "did you mean" would offer for its cards help no one. Returns when
    the names are no other game's (typos of Yu-Gi-Oh! cards), for `error` to be raised."""
    from ..cards.other_game import other_game
    from ..errors import DeckcheckError
    from ..games import GAMES, passcode_game

    numbered = passcode_game()
    if numbered is None:
        return
    names = [entry.name for entry in deck.entries if entry.code is None]
    if len(error.names) * 2 <= len(set(names)):  # most of the list is Yu-Gi-Oh! cards
        return
    other = other_game(error.names, numbered.id, cards_db)
    if other is None:
        return
    raise DeckcheckError(f"{deck.source}: its card names are not {GAMES[numbered.id].label} cards but {other.label} "
                         f"cards: --to {to} writes {GAMES[numbered.id].label} passcodes; give another --to, such as text") from None


def _warn_of_numbers(deck: Deck, unnamed: list[CardEntry], catalog: PasscodeCatalog | None) -> None:
    """Passcodes the card data lacks are written by number in a list by name: the player
    hears which, and that only deckcheck reads such a line back as the passcode."""
    if not unnamed or catalog is None:
        return
    codes = named_few([f"{entry.code} (line {entry.line})" if entry.line else str(entry.code) for entry in unnamed],
                      "more")
    warn(f"{deck.source}: {counted(len(unnamed), 'passcode')} not in the card data ({catalog.describe()}) "
         f"{'is' if len(unnamed) == 1 else 'are'} written as {'its number' if len(unnamed) == 1 else 'their numbers'}: "
         f"{codes}; deckcheck reads such a line back as the passcode, but other programs read no card there")


def _warn_of_names(deck: Deck, unnamed: list[CardEntry], magic: Any) -> None:
    """Names the Magic card data lacks are written as read in a list for Magic Online or
    Arena (a misspelling, a German list's `Blitzschlag`): the player hears which, the first
    few with their line and the closest names (`Gebirge`: Mountain), as validate's
    unknown-card errors have them."""
    if not unnamed:
        return
    from ..decklists.convert import SUGGESTED_NAMES
    from ..wording import names_listed

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
    warn(f"{deck.source}: {names} the card data lacks {'is' if len(lines) == 1 else 'are'} written as read, which no "
         f"Magic program reads as a card: {named_few(shown, 'more')}; `deckcheck validate` says more")


def _warn_of_alchemy(deck: Deck, cards: list[tuple[CardEntry, Any]]) -> None:
    """Alchemy rebalanced cards (`A-Luminarch Aspirant`) are written as read in a list for
    another program than MTG Arena, the only one that plays them: the player hears which,
    each with its line and the original card, which that program does know."""
    if not cards:
        return
    lines: dict[str, tuple[int | None, str]] = {}
    for entry, original in cards:
        lines.setdefault(entry.name, (entry.line, original.name))
    shown = [f"{name!r} ({f'line {line}; ' if line else ''}the original card is {original})"
             for name, (line, original) in lines.items()]
    warn(f"{deck.source}: {counted(len(lines), 'Alchemy rebalanced card')} {'is' if len(lines) == 1 else 'are'} "
         f"written as read, which only MTG Arena plays: {named_few(shown, 'more')}")


def _warn_of_a_big_guess(deck: Deck, to: str, cards_db: Path | None) -> None:
    """Without -f the last blank-line group of a typed list is its sideboard, as MTGO
    exports have it (decklists/layout.py). A group holding more cards than the rest of the
    list is rarely one: most often a Commander deck written commander first. The list is
    written as read, and the player hears which reading was taken and how to choose, the
    zones in its game's words (a Yu-Gi-Oh! list's Side Deck; Magic's sideboard, with Magic's
    formats' advice, for a list of no other game)."""
    from ..decklists.layout import sideboard_words
    from ..model import MAIN

    guess = deck.guessed_sideboard
    if guess is None:
        return
    main = deck.count(MAIN)
    if guess.cards <= main:
        return
    game = _game_without_format(deck, to, cards_db) or "mtg"
    main_deck, sideboard, heading = sideboard_words(game)
    # Magic's lists take their blank-line sideboard from MTGO, and its Commander decks are
    # what such a group most often is: said only for a Magic list.
    magic = game == "mtg"
    source = ", as Magic Online exports have it" if magic else ""
    commander = " (-f mtg/commander takes a typed list's first group as its commanders)" if magic else ""
    warn(f"{deck.source}: line {guess.first_line}: read the last blank-line group ({counted(guess.cards, 'card')}) as the "
         f"{sideboard}{source}, leaving {counted(main, 'card')} in the {main_deck}; give -f FORMAT to read the list as that "
         f"format does{commander}, or put a `{heading}` line above the {sideboard}")


def _game_without_format(deck: Deck, to: str, cards_db: Path | None) -> str:
    """The game of a list converted without -f, for the words a warning about it uses:
    Yu-Gi-Oh!'s when it is written by passcode (`--to ydk`) or names cards by one, else the
    game a zone of its own says (a WoW hero, an Extra Deck, a command zone:
    games.game_unchecked), else the game its card names say (cards/other_game.game_of_names);
    "" when nothing tells: a typed list is Magic's, as decklists/title.titled_without_format
    takes it."""
    from ..cards.other_game import game_of_names
    from ..decklists.convert import by_passcode
    from ..games import game_unchecked, passcode_game

    numbered = passcode_game()
    if numbered is not None and (by_passcode(to) or any(entry.code is not None for entry in deck.entries)):
        return numbered.id
    zoned = game_unchecked("", {entry.zone for entry in deck.entries})
    if zoned:
        return zoned
    named = game_of_names([entry.name for entry in deck.entries], cards_db)
    return named.id if named is not None else ""


def _format(format_id: str | None) -> Format | None:
    """The --format, loaded (an unknown one is a usage error before any reading)."""
    if format_id is None:
        return None
    from ..formats import load, reference

    return load(reference(format_id))


def _as_read_by(deck: Deck, fmt: Format, cards_db: Path | None) -> Deck:
    """The deck's zones as validating it against `fmt` today reads them (rules.read_as),
    with the format's game's card data (a Commander deck's first group is its commander
    only when the data says it can lead a deck)."""
    from ..rules import read_as
    from .common import open_cards

    catalog, _ = open_cards(fmt, cards_db, offline=True)
    return read_as(deck, fmt, cards=catalog)
