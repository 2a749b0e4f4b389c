"""`deckcheck cards sync | import FILE | lookup NAME | stats | info`: the card data.

The games, what `cards import` reads for each, how `cards lookup` finds and shows a card
and which games `cards stats` lists all come from the game registry (`deckcheck.games`).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, List, NoReturn, Optional

import typer

from ..report import UTF8
from .app import CARDS_DB_OPTION, CARDS_DB_WRITTEN_OPTION, DATE_OPTION, OFFLINE_OPTION, PLATFORM_OPTION, handles_errors
from ..wording import counted, listed
from .common import emit, say, text_or_json, warn_once

if TYPE_CHECKING:
    from ..cards.lookup import Missing
    from ..games import Game

cards_app = typer.Typer(
    short_help="Query the card data: names, printings, legality on a date.",
    help="Query the card data (built in, or a database you sync or import): names, printings, legality on a date.\n\n"
    "\b\nExample: deckcheck cards lookup \"Lightning Bolt\" \\\n    --format mtg/modern --date 2015-01-01",
    no_args_is_help=True,
)
JSON_OPTION = typer.Option("text", "--output", "-o", metavar="OUTPUT", help="text or json.")


def _target(cards_db: Optional[Path]) -> Path:
    """The card database a command works on; NoUserFolder (a CardDataError) when none is
    named and no user folder can be worked out to hold one."""
    from ..cards.paths import DB_ENV, db_path, refuse_folder
    from ..errors import NoUserFolder

    try:
        target = db_path(cards_db)
    except NoUserFolder as exc:
        raise NoUserFolder(f"{exc}; or name the card database with --cards-db or {DB_ENV}") from None
    refuse_folder(target, named=cards_db is not None)
    return target


def _sync_game_help() -> str:
    from ..games import GAMES, default

    sources = [f"{game.id} ({game.sync_source})" for game in GAMES.values() if game.sync_source]
    return f"{listed(sources)} (default: {default().id})."


@cards_app.command("sync", short_help="Download a game's current card data into the database.")
@handles_errors
def cards_sync(
    cards_db: Optional[Path] = CARDS_DB_WRITTEN_OPTION,
    bulk_type: Optional[str] = typer.Option(None, "--type", metavar="TYPE", help="Magic: the Scryfall bulk file, oracle_cards (default: one object per card), default_cards (one per printing), unique_artwork or all_cards (every language, about 2.3 GB)."),
    force: bool = typer.Option(False, "--force", help="Download and rebuild even if the database is current."),
    game_id: Optional[str] = typer.Option(None, "--game", metavar="GAME", help=_sync_game_help()),
) -> None:
    """Download a game's current card data and (re)build its cards in the database.

    Magic: Scryfall's bulk card file, from DECKCHECK_SCRYFALL_URL (default
    https://api.scryfall.com). Yu-Gi-Oh! (--game yugioh): the YGOPRODeck card list, from
    DECKCHECK_YGOPRODECK_URL (default https://db.ygoprodeck.com). The other games' cards
    in the database are kept.

    Example: deckcheck cards sync

    Example: deckcheck cards sync --game yugioh
    """
    from ..errors import DeckcheckError

    from ..games.mtg import GAME as MAGIC

    game = _sync_game(game_id)
    options: dict[str, str] = {}
    if game is MAGIC:  # --type picks one of Scryfall's bulk files: Magic's alone
        from ..games.mtg.sync import BULK_TYPES

        bulk_type = bulk_type or "oracle_cards"
        if bulk_type not in BULK_TYPES:
            raise DeckcheckError(f"--type {bulk_type!r}: choose one of {', '.join(BULK_TYPES)}")
        options["bulk_type"] = bulk_type
    elif bulk_type is not None:
        raise DeckcheckError(f"--type chooses a Scryfall bulk file, for Magic only; {game.label} syncs {game.sync_source}")
    target = _target(cards_db)
    warn = warn_once()
    try:
        result = game.sync(target, force=force, warn=warn, **options)
    except DeckcheckError as exc:
        raise type(exc)(_sync_failure(exc, target)) from None
    if not result.updated:
        emit(f"{target}: already up to date ({result.source} of {result.updated_at[:10]})\n")
        return
    assert result.summary is not None
    emit(f"{target}: {counted(result.summary.cards, 'card', grouped=True)} from {result.source} of {result.updated_at[:10]}\n")


def _sync_game(game_id: str | None) -> Game:
    """The game `cards sync` fetches: --game, else the default game; a game without a
    sync source says how its card data gets in."""
    from ..errors import DeckcheckError
    from ..games import GAMES, default, find

    if game_id is None:
        return default()
    game = find(game_id)
    syncing = [other.id for other in GAMES.values() if other.sync_source]
    if game is None:
        raise DeckcheckError(f"--game {game_id!r}: choose {listed(syncing)}")
    if not game.sync_source:
        raise DeckcheckError(f"--game {game_id}: {game.label} card data is not synced; import it with {game.import_hint}")
    return game


def _sync_failure(exc: Exception, target: Path) -> str:
    """A failed sync's one line: the reason, that the data in use stays (the database as it
    was, or the built-in data when there is none), and to try again later when the fault
    may pass. A server that sent too much or pointed elsewhere gets no such advice."""
    from ..cards.http import NoWebAddress, Refused, ResponseTooBig
    from ..cards.importer import NOT_CHANGED
    from ..errors import NetworkError

    reason = str(exc)
    unchanged = f"the card database {target} is unchanged"
    if isinstance(exc, (Refused, ResponseTooBig, NoWebAddress)):
        return f"{reason}; {unchanged}" if target.is_file() else reason
    if target.is_file():
        kept = "" if reason.endswith(NOT_CHANGED) else f"; {unchanged}"  # an import's own words say so
    else:
        kept = "; deckcheck goes on with its built-in card data"
    passing = isinstance(exc, NetworkError) and "try again" not in reason
    return reason + kept + ("; try again later" if passing else "")


def _import_help() -> str:
    from ..games import GAMES

    kinds = "; ".join(f"{game.label}: {game.import_files}" for game in GAMES.values())
    return f"A card file ({kinds}); .gz/.bz2/.xz too."


def _game_help() -> str:
    from ..games import GAMES, default, passcode_game

    numbered = passcode_game()
    by_number = f"; {numbered.id} for a passcode" if numbered is not None else ""
    return f"{listed(list(GAMES))} (default: {default().id}{by_number})."


@cards_app.command("import", short_help="Build the database from a local file (no internet needed).")
@handles_errors
def cards_import(
    file: Path = typer.Argument(..., metavar="FILE", help=_import_help()),
    cards_db: Optional[Path] = CARDS_DB_WRITTEN_OPTION,
) -> None:
    """Build the database from a local file (for machines without internet).

    The file's game is recognised from its content; its cards replace that game's cards
    only.

    \b
    Example: deckcheck cards import oracle-cards-20240601.json
    """
    from ..cards.importer import import_file

    target = _target(cards_db)
    summary = import_file(file, target)
    emit(f"{target}: {counted(summary.cards, 'card', grouped=True)} from {summary.source} {file.name} "
         f"({counted(summary.objects, 'object', grouped=True)})\n")


def _catalog(game: Game, cards_db: Optional[Path], *, offline: bool) -> Any:
    """The catalog `cards` commands read: the database at --cards-db (which must exist),
    else the one validation would use (a synced database, or the built-in data)."""
    from ..cards.lookup import open_catalog

    catalog, note = open_catalog(game, cards_db, offline=offline or None, warn=warn_once())
    if note:
        say(f"deckcheck: note: {note}")
    return catalog


@cards_app.command("lookup", short_help="Show a card: its name, type, text, printings and legality.")
@handles_errors
def cards_lookup(
    words: List[str] = typer.Argument(..., metavar="NAME...", help="Any spelling: case, accents, 'Fire/Ice', a face name; the words of a name unquoted are one name (cards lookup Lightning Bolt)."),
    cards_db: Optional[Path] = CARDS_DB_OPTION,
    offline: bool = OFFLINE_OPTION,
    output: str = JSON_OPTION,
    game_id: Optional[str] = typer.Option(None, "--game", metavar="GAME", help=_game_help()),
    format_id: Optional[str] = typer.Option(None, "--format", "-f", metavar="FORMAT", help="Also say whether the card is legal in this format (its game is the lookup's)."),
    date: Optional[str] = DATE_OPTION,
    platform: str = PLATFORM_OPTION,
) -> None:
    """Show a card: canonical name, type, text, copies allowed, legalities, printings.

    With --format: whether the card is legal there on --date (default today) on
    --platform, and why (card pool, list entries, platform); exit 1 when it is not.
    Exit 1 (with suggestions) when no card has that name; an Alchemy card the format allows
    on --platform is a warning (the card data lacks it), exit 0.

    Example: deckcheck cards lookup "lightning bolt"

    Example: deckcheck cards lookup 14558127

    \b
    Example: deckcheck cards lookup "Oko, Thief of Crowns" \\
        -f mtg/standard --date 2019-09-28 --platform arena
    """
    from ..cards import offline_by_default
    from ..cards.lookup import find_game, too_long
    from ..errors import DeckcheckError
    from ..games import find
    from ..pipeline import check_platform, parse_date

    name = " ".join(words)  # `cards lookup Oko, Thief of Crowns` without quotes is one name
    text_or_json(output)
    if not name.strip():
        raise DeckcheckError("NAME is empty: give a card name (or a Yu-Gi-Oh! passcode)")
    fmt = None
    if format_id is not None:
        from ..formats import load, reference

        fmt = load(reference(format_id))
        game = find(fmt.game) or find_game(name, game_id)
        if game_id is not None and game_id != game.id:
            raise DeckcheckError(f"--game {game_id} and --format {format_id} (a {game.label} format) disagree")
    else:
        game = find_game(name, game_id)
    day = parse_date(date)
    check_platform(platform)
    catalog = _catalog(game, cards_db, offline=offline or offline_by_default())
    if fmt is not None:  # a user's format file: a misspelt ban bans nothing, this card included
        from .common import warn_unknown_format_names

        warn_unknown_format_names(fmt, catalog)
    long = too_long(name, game)  # after the data's warnings, which hold whatever the name
    if long is not None:
        _tell_missing(name, game, long, output)
    card = game.find_card(catalog, name)
    if card is None:
        _not_found(name, game, game_id, catalog, fmt, platform, output=output, cards_db=cards_db, offline=offline)
    verdict = None
    if fmt is not None:
        from ..cards.lookup import verdict_of

        verdict = verdict_of(catalog, card, fmt, day, platform)
    if output == "json":
        facts = {"found": True, **game.card_facts(catalog, card)}
        if verdict is not None:
            facts["legality"] = verdict.to_dict()
        emit(json.dumps(facts, ensure_ascii=False, indent=2) + "\n", encoding=UTF8)
    else:
        emit(game.card_text(catalog, card) + (verdict.text(fmt.name) if verdict is not None and fmt is not None else ""))
    if verdict is not None and not verdict.legal:
        raise typer.Exit(1)


def _not_found(
    name: str, game: Any, game_id: str | None, catalog: Any, fmt: Any, platform: str, *,
    output: str, cards_db: Path | None, offline: bool,
) -> NoReturn:
    """What `cards lookup` says of a name the card data holds no card of
    (cards/lookup.not_found); typer.Exit(1), except for an Alchemy card the format (-f)
    allows on --platform, which the data lacks but the format plays (games/mtg/alchemy.py):
    a warning, exit 0, as validate counts it."""
    from ..cards import offline_by_default
    from ..cards.lookup import COMMAND_WORDS, not_found

    missing = not_found(name, game, catalog, fmt, platform, cards_db=cards_db, offline=offline or offline_by_default(),
                        chosen=game_id is not None or fmt is not None, words=COMMAND_WORDS)
    _tell_missing(name, game, missing, output)


def _tell_missing(name: str, game: Game, missing: Missing, output: str) -> NoReturn:
    """`missing` said on stderr (and, with -o json, as the library's not-found object on
    stdout), and the command ends: exit 1, or 0 for a warning."""
    from ..cards.lookup import CardLookup
    from ..problem import WARNING

    if output == "json":
        emit(json.dumps(CardLookup.not_found(name, game.id, missing).to_dict()) + "\n")
    warning = missing.severity == WARNING
    say(f"deckcheck: {'warning: ' if warning else ''}{missing.said}")
    raise typer.Exit(0 if warning else 1)


@cards_app.command("stats")
@handles_errors
def cards_stats(cards_db: Optional[Path] = CARDS_DB_OPTION, output: str = JSON_OPTION) -> None:
    """Show what the card data holds: counts, source, dates, schema.

    The database at --cards-db, else the synced or imported one, else the built-in data.

    Example: deckcheck cards stats
    """
    from ..cards.builtin import BUILTIN_FILE, builtin_path
    from ..errors import NoUserFolder
    from ..games.mtg.store import CardDb
    from ..report.style import fitted_text

    text_or_json(output)
    try:
        target: Optional[Path] = _target(cards_db)
    except NoUserFolder:  # never for a database named: db_path takes it as it is
        target = None
    # No database named and none synced or imported, or no user folder (no HOME, no password
    # entry) to hold one: the built-in data, which validate and `cards info` use then. So
    # for DECKCHECK_CARDS_DB naming the built-in file itself.
    if target is None or (cards_db is None and (target == BUILTIN_FILE or not target.is_file())):
        target, builtin = builtin_path(), True
    else:
        builtin = False
    db = CardDb(target, immutable=builtin)
    try:
        counts = db.counts()
        meta = dict(db.meta)
    finally:
        db.close()
    games = db.game_meta()
    info: dict[str, Any] = {"database": str(db.path), "builtin": builtin, **meta, **{f"count_{k}": v for k, v in counts.items()}}
    if output == "json":
        emit(json.dumps(info, indent=2) + "\n")
        return
    shown = f"{db.path} (built-in card data)" if builtin else str(db.path)
    rows = [("database", shown)]
    if db.has_magic:  # the schema of the Magic tables; each other game's is on its line
        rows.append(("schema", meta.get("schema_version", "?")))
        legal = (
            f"yes ({counts['with_legalities']:,} cards)"
            if counts["with_legalities"]
            else "none (built from printings alone: card pools are checked by the formats' set lists)"
        )
        rows += [
            ("source", f"{meta.get('source', '?')} ({meta.get('source_file', '?')})"),
            ("source date", meta.get("source_updated_at") or meta.get("source_date", "?")),
            ("imported", meta.get("imported_at", "?")),
            ("cards", f"{counts['cards']:,}"),
            ("printings", f"{counts['printings']:,} (set and rarity pairs)"),
            ("sets", f"{counts['sets']:,}"),
            ("names", f"{counts['names']:,} spellings"),
            ("legalities", legal),
        ]
    else:
        rows.append(("magic", "no cards (run `deckcheck cards sync` or `deckcheck cards import FILE`)"))
    for game, values in sorted(games.items()):
        rows.append((game, f"{int(values.get('rows', '0')):,} rows from {values.get('source', '?')} "
                           f"({values.get('source_file', '?')}), imported {values.get('imported_at', '?')}, "
                           f"schema {values.get('schema_version', '?')}"))
    # Fitted to the terminal as `cards lookup` is: a source's and a game's line ran to 156
    # columns. The database's line is left whole: its path, one word, would go to a line of
    # its own under its label in a deep folder, and the terminal breaks a path anyway.
    database, *rest = [f"{label + ':':<13}{value}\n" for label, value in rows]
    emit(database + fitted_text("".join(rest)))


@cards_app.command("info")
@handles_errors
def cards_info(cards_db: Optional[Path] = CARDS_DB_OPTION, output: str = JSON_OPTION) -> None:
    """Say which card data each game uses and how old it is.

    A synced or imported database takes precedence over the built-in data for the games
    it holds; validation, simulate and the other commands all use what this shows.

    Example: deckcheck cards info
    """
    from ..cards.inventory import inventory

    text_or_json(output)
    rows = inventory(cards_db)
    if output == "json":
        emit(json.dumps({"games": rows}, indent=2) + "\n")
    else:
        emit("".join(f"{row['label']}: {row['summary']}\n" for row in rows))
    # Card data that cannot be used is input that cannot be read (exit 2, as `cards stats`
    # says of the same file): each game's line says so, the error is said once.
    errors = list(dict.fromkeys(row["error"] for row in rows if "error" in row))
    if errors:
        for error in errors:
            say(f"deckcheck: error: {error}")
        raise typer.Exit(2)
