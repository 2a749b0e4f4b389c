"""`deckcheck cards sync | import FILE | lookup NAME | stats`: the local card database.

The games, what `cards import` reads for each, how `cards lookup` finds and shows a card
and which games `cards stats` lists all come from the game registry (`deckcheck.games`).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

import typer

from .app import CARDS_DB_OPTION, OFFLINE_OPTION, handles_errors
from .common import emit, say, spoken, warn_once

if TYPE_CHECKING:
    from ..games import Game

cards_app = typer.Typer(
    help="Build and query the local card database (names, printings, legalities).\n\nExample: deckcheck cards lookup \"Lightning Bolt\"", no_args_is_help=True
)
JSON_OPTION = typer.Option("text", "--output", "-o", metavar="OUTPUT", help="text or json.")


def _target(cards_db: Optional[Path]) -> Path:
    from ..cards.paths import db_path

    return db_path(cards_db)


@cards_app.command("sync")
@handles_errors
def cards_sync(
    cards_db: Optional[Path] = CARDS_DB_OPTION,
    bulk_type: str = typer.Option("oracle_cards", "--type", metavar="TYPE", help="Scryfall bulk file: oracle_cards or default_cards."),
    force: bool = typer.Option(False, "--force", help="Download and rebuild even if the database is current."),
) -> None:
    """Download Scryfall's current bulk card file and (re)build the database.

    The API address comes from DECKCHECK_SCRYFALL_URL (default https://api.scryfall.com).

    Example: deckcheck cards sync
    """
    from ..games.mtg.sync import BULK_TYPES, sync
    from ..errors import DeckcheckError

    if bulk_type not in BULK_TYPES:
        raise DeckcheckError(f"--type {bulk_type!r}: choose one of {', '.join(BULK_TYPES)}")
    target = _target(cards_db)
    warn = warn_once()
    try:
        result = sync(target, bulk_type=bulk_type, force=force, warn=warn)
    except DeckcheckError as exc:
        if target.is_file():
            raise type(exc)(f"{exc}; the card database {target} is unchanged") from None
        raise
    if not result.updated:
        emit(f"{target}: already up to date (Scryfall {bulk_type} of {result.updated_at[:10]})\n")
        return
    assert result.summary is not None
    emit(f"{target}: {result.summary.cards:,} cards from Scryfall {bulk_type} of {result.updated_at[:10]}\n")


def _import_help() -> str:
    from ..games import GAMES

    kinds = "; ".join(f"{game.label}: {game.import_files}" for game in GAMES.values())
    return f"A card file ({kinds}); .gz/.bz2/.xz too."


def _game_help() -> str:
    from ..games import GAMES, default, passcode_game

    numbered = passcode_game()
    by_number = f"; {numbered.id} for a passcode" if numbered is not None else ""
    return f"{spoken(list(GAMES))} (default: {default().id}{by_number})."


@cards_app.command("import")
@handles_errors
def cards_import(
    file: Path = typer.Argument(..., metavar="FILE", help=_import_help()),
    cards_db: Optional[Path] = CARDS_DB_OPTION,
) -> None:
    """Build the database from a local file (for machines without internet).

    The file's game is recognised from its content; its cards replace that game's cards
    only.

    Example: deckcheck cards import oracle-cards-20240601.json
    """
    from ..cards.importer import import_file

    target = _target(cards_db)
    summary = import_file(file, target)
    emit(f"{target}: {summary.cards:,} cards from {summary.source} {file.name} ({summary.objects:,} objects)\n")


def _lookup_game(name: str, game_id: str | None) -> Game:
    from ..errors import DeckcheckError
    from ..games import GAMES, default, find, passcode_game

    if game_id is None:
        numbered = passcode_game()
        return numbered if numbered is not None and name.strip().isdigit() else default()
    game = find(game_id)
    if game is None:
        raise DeckcheckError(f"--game {game_id!r}: choose {spoken(list(GAMES))}")
    return game


@cards_app.command("lookup")
@handles_errors
def cards_lookup(
    name: str = typer.Argument(..., metavar="NAME", help="Any spelling: case, accents, 'Fire/Ice', a face name."),
    cards_db: Optional[Path] = CARDS_DB_OPTION,
    offline: bool = OFFLINE_OPTION,
    output: str = JSON_OPTION,
    game_id: Optional[str] = typer.Option(None, "--game", metavar="GAME", help=_game_help()),
) -> None:
    """Show a card: canonical name, type, text, copies allowed, legalities, printings.

    Exit 1 (with suggestions) when no card has that name.

    Example: deckcheck cards lookup "lightning bolt"; deckcheck cards lookup 14558127
    """
    from ..cards import offline_by_default
    from ..errors import DeckcheckError
    from ..games import default

    if output not in ("text", "json"):
        raise DeckcheckError(f"--output {output!r}: choose text or json")
    game = _lookup_game(name, game_id)
    catalog = game.load_catalog(_target(cards_db), offline=offline or offline_by_default(), warn=warn_once())
    card = game.find_card(catalog, name)
    if card is None:
        suggestions = catalog.suggest(name)
        hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
        if output == "json":
            emit(json.dumps({"name": name, "found": False, "suggestions": suggestions}) + "\n")
        what = "card named" if game is default() else f"{game.id} card"
        say(f"deckcheck: no {what} {name!r}{hint}")
        raise typer.Exit(1)
    if output == "json":
        emit(json.dumps({"found": True, **game.card_facts(catalog, card)}, ensure_ascii=False, indent=2) + "\n")
    else:
        emit(game.card_text(catalog, card))


@cards_app.command("stats")
@handles_errors
def cards_stats(cards_db: Optional[Path] = CARDS_DB_OPTION, output: str = JSON_OPTION) -> None:
    """Show what the database holds: counts, source, dates, schema.

    Example: deckcheck cards stats
    """
    from ..games.mtg.store import CardDb

    db = CardDb(_target(cards_db))
    try:
        counts = db.counts()
        meta = dict(db.meta)
    finally:
        db.close()
    games = db.game_meta()
    info: dict[str, Any] = {"database": str(db.path), **meta, **{f"count_{k}": v for k, v in counts.items()}}
    if output == "json":
        emit(json.dumps(info, indent=2) + "\n")
        return
    rows = [("database", str(db.path)), ("schema", meta.get("schema_version", "?"))]
    if db.has_magic:
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
                           f"({values.get('source_file', '?')}), imported {values.get('imported_at', '?')}"))
    emit("".join(f"{label + ':':<13}{value}\n" for label, value in rows))
