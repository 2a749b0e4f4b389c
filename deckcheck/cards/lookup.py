"""One card looked up by name (or passcode): its record, and whether it is legal in formats
on a date. `deckcheck cards lookup` prints what this finds; the library's `lookup_card`
returns it (`CardLookup`), so a website shows a card page without parsing the command's
text.

The settings are named in the caller's words (`Words`): the command's options in its
messages (`add --game yugioh`), the library's keywords in the library's (`add
game='yugioh'`).
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from ..errors import CardDataError, OptionError
from ..wording import listed, names_listed

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from ..formats import Format, FormatRef
    from ..games import Game
    from .verdict import CardVerdict


class Words(NamedTuple):
    """How a message names the settings: the game to search (`--game yugioh`, or
    `game='yugioh'`), how to search a passcode game by name, and the platform
    (`--platform arena`, or `platform='arena'`)."""

    game: Callable[[str], str]
    by_name: Callable[[str], str]
    platform: Callable[[str], str]


COMMAND_WORDS = Words(lambda game: f"--game {game}",
                      lambda game: f'deckcheck cards lookup --game {game} "NAME" (part of a name suggests the whole)',
                      lambda platform: f"--platform {platform}")
LIBRARY_WORDS = Words(lambda game: f"game={game!r}",
                      lambda game: f"lookup_card(NAME, game={game!r}) (part of a name suggests the whole)",
                      lambda platform: f"platform={platform!r}")


@dataclass
class Missing:
    """What is said of a name no card of the data has: `said` the one line (a warning when
    `severity` is `warning`: an Alchemy card the format allows on the platform, which the
    data lacks), `suggestions` the closest names, `why` the reason when the data knows one
    (a melded back face, an Alchemy card), for a report."""

    said: str
    severity: str
    suggestions: list[str] = field(default_factory=list)
    why: str | None = None


@dataclass
class CardLookup:
    """A card looked up: `found`, its canonical `name` and `facts` (what `deckcheck cards
    lookup -o json` prints: type, text, colours, printings, ...), and its `legality` by
    format id (each a `CardVerdict`: `legal`, `reasons`, `why`, `as_of`). For a name no card
    has: `message` (the one line the command says), `severity` (`error`; `warning` for an
    Alchemy card a format allows), `suggestions` and `why`, the reason alone when the data
    knows one (an Alchemy card, a melded back face), which `-o json` prints as `message`.
    Either way `warnings`: what the command says on stderr of the data behind the answer,
    each one line (the card database set aside for the built-in data; a card name a format
    file writes that no card has, so its entry applies to no card)."""

    query: str
    game: str
    found: bool
    name: str | None = None
    facts: dict[str, Any] = field(default_factory=dict)
    legality: dict[str, CardVerdict] = field(default_factory=dict)
    suggestions: list[str] = field(default_factory=list)
    message: str | None = None
    severity: str | None = None
    why: str | None = None
    warnings: list[str] = field(default_factory=list)

    @classmethod
    def not_found(cls, query: str, game: str, missing: Missing, warnings: list[str] | None = None) -> CardLookup:
        """The lookup of `query`, a name no card of `game` has, as `missing` says of it
        (`lookup_card`'s answer; `cards lookup -o json` prints its to_dict)."""
        return cls(query=query, game=game, found=False, suggestions=missing.suggestions, message=missing.said,
                   severity=missing.severity, why=missing.why, warnings=warnings or [])

    def to_dict(self) -> dict[str, Any]:
        """Plain values (json.dumps takes them), as `cards lookup -o json` prints them: a
        card found with a `legality` object by format id; a name not found as its `name`,
        `found`, `suggestions`, and, when the data knows why it is no card, that reason as
        `message` with its `severity` (the whole line with its hints is `message` here)."""
        if not self.found:
            shown: dict[str, Any] = {"name": self.query, "found": False, "suggestions": self.suggestions}
            if self.why is not None:
                shown.update(message=self.why, severity=self.severity)
            return shown
        return {"found": True, **self.facts, "legality": {fid: verdict.to_dict() for fid, verdict in self.legality.items()}}


def lookup_card(
    name: str,
    *,
    game: str | None = None,
    formats: Sequence[FormatRef | Format] | None = None,
    date: str | dt.date | None = None,
    platform: str = "paper",
    cards: str | Path | None = None,
) -> CardLookup:
    """The card `name` (any spelling: case, accents, `Fire/Ice`, a face's name; a Yu-Gi-Oh!
    passcode) as `deckcheck cards lookup` finds it, and whether it is legal in each of
    `formats` (ids, format files or loaded formats; None: every bundled format of its game)
    on `date` (None: today) on `platform`. `game` (`mtg`, `yugioh`, `wow`) is the game
    searched (None: the formats', else Magic, or Yu-Gi-Oh! for digits). `cards` names a card
    database (None: the default one, else the built-in data); nothing is looked up online.
    A name no card has is a CardLookup with `found` False, never an exception.

    >>> from deckcheck import lookup_card
    >>> bolt = lookup_card("lightning bolt", formats=["mtg/modern", "mtg/standard"], date="2024-06-01")
    >>> bolt.name, bolt.legality["mtg/modern"].legal, bolt.legality["mtg/standard"].legal
    ('Lightning Bolt', True, False)
    """
    from . import check_database_path
    from ..formats import Format, given
    from ..formats.card_names import format_file_warnings
    from ..games import GAMES
    from ..pipeline import check_platform, parse_date

    if not isinstance(name, str):
        raise OptionError("name", f"{name!r}: give a card's name (a str)")
    if not name.strip():
        raise OptionError("name", "is empty: give a card name (or a Yu-Gi-Oh! passcode)")
    if game is not None and (not isinstance(game, str) or game not in GAMES):
        raise OptionError("game", f"{game!r}: choose {listed(list(GAMES))}")
    if formats is not None and (isinstance(formats, (str, Path, Format)) or not isinstance(formats, (list, tuple))):
        formats = [formats]  # type: ignore[list-item]  # one format where a list goes
    check_database_path(cards)
    loaded = None if formats is None else [given(fmt, "formats") for fmt in formats]
    day = parse_date(date)
    check_platform(platform)
    games = {fmt.game for fmt in loaded or ()}
    if len(games) > 1 or (game is not None and games and games != {game}):
        raise OptionError("formats", f"{', '.join(fmt.id for fmt in loaded or ())}: give formats of one game"
                          f"{f' ({game})' if game is not None else ''}")
    searched = find_game(name, games.pop() if games else game)
    catalog, note = open_catalog(searched, cards, offline=True, set_aside=cards is None)
    # What the command says on stderr before its answer, in its order: the card data's note,
    # then each name a user's format file writes that no card has (a bundled format: none);
    # gathered before any answer, a name too long to look up included, as they are the
    # data's and the format file's whatever the name
    warnings = [note] if note else []
    for fmt in loaded or ():
        warnings += format_file_warnings(fmt, catalog)
    long = too_long(name, searched)
    if long is not None:
        return CardLookup.not_found(name, searched.id, long, warnings)
    card = searched.find_card(catalog, name)
    if card is None:
        chosen = game is not None or bool(loaded)
        missing = not_found(name, searched, catalog, loaded[0] if loaded else None, platform, cards_db=cards,
                            offline=True, chosen=chosen, words=LIBRARY_WORDS)
        return CardLookup.not_found(name, searched.id, missing, warnings)
    if loaded is None:
        loaded = bundled_formats(searched.id)
    return CardLookup(
        query=name, game=searched.id, found=True, name=card.name, facts=searched.card_facts(catalog, card),
        legality={fmt.id: verdict_of(catalog, card, fmt, day, platform) for fmt in loaded}, warnings=warnings,
    )


def bundled_formats(game: str) -> list[Format]:
    """Every format shipped with deckcheck for `game` that decks are checked against (no
    abstract base), by id."""
    from ..formats import BUNDLED_DIRS, load

    folder = next(path for path in BUNDLED_DIRS if path.is_dir())  # the one formats.format_dirs searches
    ids = sorted(f"{game}/{path.stem}" for path in (folder / game).glob("*.yaml"))
    loaded = [load(format_id, base=True) for format_id in ids]
    return [fmt for fmt in loaded if not fmt.data.get("abstract")]


def verdict_of(catalog: Any, card: Any, fmt: Format, day: dt.date, platform: str) -> CardVerdict:
    """Whether `card` (found in `catalog`) is legal in `fmt` on `day` on `platform`."""
    from .verdict import card_verdict

    return card_verdict(catalog, card.name, getattr(card, "code", None), fmt, day, platform)


def too_long(name: str, game: Game) -> Missing | None:
    """What is said of a name longer than a decklist's line, which no card's is: working
    out the closest names over a million characters took half a minute (a search box's
    text sent whole), and the message quoted it whole. None for any other name. The name
    is measured and quoted stripped, as the lookup reads it: a found name padded past a
    line's length (a form field sent whole) is still found."""
    from ..limits import MAX_LINE_CHARS, quoted
    from ..problem import ERROR

    if len(name) <= MAX_LINE_CHARS:  # the quick test: a short name is never too long stripped
        return None
    name = name.strip()
    if len(name) <= MAX_LINE_CHARS:
        return None
    what = _no_card(game)
    return Missing(said=f"no {what} {quoted(name)}…: it is {len(name):,} characters long, and no card's name is longer "
                        f"than {MAX_LINE_CHARS:,} (a decklist's line)", severity=ERROR)


def _no_card(game: Game) -> str:
    """What `no ... NAME` calls the card a name is not: `card named` in the default game
    (Magic), `Yu-Gi-Oh! card` in another (too_long and not_found alike)."""
    from ..games import default

    return "card named" if game is default() else f"{game.label} card"


def find_game(name: str, game_id: str | None) -> Game:
    """The game a lookup searches: `game_id`, else Yu-Gi-Oh! for digits (a passcode), else
    the default game; an unknown id is an OptionError naming `game`."""
    from ..games import GAMES, default, find, passcode_game

    if game_id is None:
        numbered = passcode_game()
        return numbered if numbered is not None and name.strip().isdecimal() else default()
    game = find(game_id)
    if game is None:
        raise OptionError("game", f"{game_id!r}: choose {listed(list(GAMES))}")
    return game


def open_catalog(game: Game, cards_db: str | Path | None, *, offline: bool | None,
                 warn: Callable[[str], None] | None = None, set_aside: bool = True) -> tuple[Any, str | None]:
    """(the catalog a lookup reads, the note to say of it): the database at `cards_db`
    (which must exist), else the one validation would use (a synced database, or the
    built-in data); CardDataError when the game has none. `set_aside`: as catalog_for
    takes it (False: a database of an older deckcheck raises OutdatedCardData)."""
    from . import catalog_for

    catalog, note = catalog_for(game.id, cards_db, offline=offline, warn=warn, set_aside=set_aside)
    if catalog is None:
        raise CardDataError(note or f"no {game.label} card data")
    return catalog, note


def not_found(
    name: str, game: Game, catalog: Any, fmt: Format | None, platform: str, *, cards_db: str | Path | None,
    offline: bool, chosen: bool, words: Words,
) -> Missing:
    """What is said of a name the card data holds no card of: the closest names, another
    game's card of that name, a passcode's note, why a name the data has is no card (a
    melded back face); with a format, an Alchemy card it allows on `platform` is a warning
    (games/mtg/alchemy.py), as validate counts it. `chosen`: the user chose the game (by
    name or by a format)."""
    from ..games.yugioh.show import passcode_of
    from ..problem import ERROR, WARNING

    suggestions = game.card_suggestions(catalog, name)
    meant = f"did you mean {names_listed(suggestions)}?" if suggestions else ""
    other = other_game_hint(name, game, cards_db, offline=offline, suggested=suggestions, chosen=chosen, words=words)
    # Another game's card of that very name (or one it begins) is the likelier answer: it
    # comes first, the searched game's near names after it (`maxx c` in the WoW TCG is
    # Maxx "C", a Yu-Gi-Oh! card, before it is Maexxna).
    hint = f"{other}; or {meant}" if other and meant else other or (f"; {meant}" if meant else "")
    what = _no_card(game)
    # A query of digits is a passcode in a passcode game (None: not one, or thousands of
    # digits no passcode has); a Rush Duel id gets the catalog's note.
    code = passcode_of(name) if game.passcodes else None
    passcode_note = getattr(catalog, "passcode_note", None)
    note = passcode_note(code) if passcode_note is not None and code is not None else None
    digits = game.passcodes and name.strip().isdecimal()
    # A name the data has that is still no card (a melded back face) says so, as in validate.
    not_a_card = getattr(catalog, "not_a_card", None)
    why = not_a_card(name) if not_a_card is not None and not note and not digits else None
    severity = ERROR
    reword = getattr(catalog, "reword_unknown_cards", None)
    if why and fmt is not None and reword is not None:
        # With a format: an Alchemy card in words of that format on the platform, as
        # validate gives them; allowed there, it is spelled right (no suggestions).
        from ..problem import Problem
        from .resolve import RULE as UNKNOWN_CARD

        [worded] = reword([Problem(rule=UNKNOWN_CARD, message=why, card=name)], fmt, platform,
                          arena=words.platform("arena"))
        why, severity = worded.message, worded.severity
        if severity == WARNING:
            suggestions, hint = [], ""
    if note:
        said = f"no {game.label} card has the passcode {name.strip()} in the card data: {note}"
    elif digits:
        said = (f"no {game.label} card has the passcode {name.strip()} in the card data{hint}"
                + ("" if suggestions else f" (nor a passcode one digit away); to search by name: {words.by_name(game.id)}"))
    elif severity == WARNING:
        said = why or ""
    else:
        said = f"{why}{hint}" if why else f"no {what} {name!r}{_language_note(name, game, catalog)}{hint}"
    return Missing(said=said, severity=severity, suggestions=suggestions, why=why)


def other_game_hint(name: str, searched: Game, cards_db: str | Path | None, *, offline: bool,
                    suggested: Iterable[str] = (), chosen: bool = False, words: Words = COMMAND_WORDS) -> str:
    """`; it is a Yu-Gi-Oh! card: add --game yugioh` when a game the lookup did not search
    (Magic without a game or format) has a card of that name and the searched game did
    not suggest a card of the same name (`Lightningbolt`: Magic's Lightning Bolt, not
    WoW's); else nothing. `chosen`: the user chose the searched game, so the hint says to
    look it up in the other game instead, as validate's other-game hint tells a deck
    checked against another game's format."""
    from ..games import GAMES
    from ..names import fold
    from . import catalog_for

    own = {fold(other_name) for other_name in suggested}
    typed = fold(name)
    # A shortened name (`ash blossom`) is the start of another game's card only when the
    # searched game suggested no card it begins.
    short = bool(typed) and not any(key.startswith(typed) for key in own)

    for other in GAMES.values():
        if other is searched:
            continue
        try:  # quietly: a note about another game's data is not what was asked
            catalog, _ = catalog_for(other.id, cards_db, offline=offline)
        except CardDataError:
            continue
        if catalog is None:
            continue
        found = other.find_card(catalog, name)
        if found is not None and fold(getattr(found, "name", "")) not in own:
            card = "it"
        elif found is None and short:
            begun = [known for known in catalog.suggest(name, 1) if fold(known).startswith(typed)]
            if not begun:
                continue
            card = begun[0]
        else:
            continue
        if chosen:
            return f"; {card} is a {other.label} card, not a {searched.label} one: look it up with {words.game(other.id)}"
        return f"; {card} is a {other.label} card: add {words.game(other.id)}"
    return ""


def _language_note(name: str, game: Game, catalog: Any) -> str:
    """Why a name may be no card's, as validate's unknown-card error says it: in another
    alphabet, or holding a letter no card's name holds (cards/resolve.py)."""
    from .resolve import letters_note, script_note

    note = script_note(name, japanese=game.japanese_names)
    held = getattr(catalog, "name_letters", None)
    if not note and held is not None:
        note = letters_note(name, held, japanese=game.japanese_names)
    return note
