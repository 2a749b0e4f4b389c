"""`deckcheck cards sync | import FILE | lookup NAME | stats`: the local card database."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

import typer

from .app import CARDS_DB_OPTION, OFFLINE_OPTION, handles_errors
from .common import emit, warn_once

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


@cards_app.command("import")
@handles_errors
def cards_import(
    file: Path = typer.Argument(..., metavar="FILE", help="Scryfall bulk file (oracle_cards, default_cards) or MTGJSON AtomicCards.json; .gz/.bz2/.xz too."),
    cards_db: Optional[Path] = CARDS_DB_OPTION,
) -> None:
    """Build the database from a local file (for machines without internet).

    Example: deckcheck cards import oracle-cards-20240601.json
    """
    from ..cards.importer import import_file

    target = _target(cards_db)
    summary = import_file(file, target)
    emit(f"{target}: {summary.cards:,} cards from {summary.source} {file.name} ({summary.objects:,} objects)\n")


def _card_dict(card: Any) -> dict[str, Any]:
    limit = card.deck_limit
    return {
        "name": card.name,
        "faces": list(card.face_names),
        "layout": card.layout,
        "mana_cost": card.mana_cost,
        "mana_value": card.mana_value,
        "type_line": card.type_line,
        "supertypes": list(card.supertypes),
        "types": list(card.types),
        "subtypes": list(card.subtypes),
        "colors": list(card.colors),
        "color_identity": list(card.color_identity),
        "oracle_text": card.oracle_text,
        "basic": card.is_basic,
        "deck_limit": limit,
        "legalities": dict(card.legalities) if card.legalities is not None else None,
        "printings": [{"set": p.set, "rarity": p.rarity} for p in card.printings],
    }


def _card_text(card: Any) -> str:
    info = _card_dict(card)
    lines = [card.name]
    if len(card.face_names) > 1:
        lines.append(f"  faces:      {' | '.join(card.face_names)} ({card.layout})")
    lines.append(f"  type:       {card.type_line}")
    if card.mana_cost or card.mana_value is not None:
        value = f" (mana value {card.mana_value:g})" if card.mana_value is not None else ""
        lines.append(f"  mana:       {card.mana_cost or '-'}{value}")
    lines.append(f"  colours:    {''.join(card.colors) or 'colourless'}; identity {''.join(card.color_identity) or 'colourless'}")
    limit = info["deck_limit"]
    copies = "any number (basic land)" if card.is_basic else {None: "the format's limit", "any": "any number"}.get(limit, f"up to {limit}")
    lines.append(f"  copies:     {copies}")
    for number, text in enumerate(card.oracle_text.splitlines()):
        lines.append(f"  {'text:' if number == 0 else '':<11} {text}")
    if card.legalities is not None:
        legal = [fmt for fmt, status in sorted(card.legalities.items()) if status != "not_legal"]
        shown = ", ".join(f"{fmt} {card.legalities[fmt]}" if card.legalities[fmt] != "legal" else fmt for fmt in legal)
        lines.append(f"  legal in:   {shown or 'no format'}")
    if card.printings:
        sets = ", ".join(f"{p.set}{f' ({p.rarity})' if p.rarity else ''}" for p in card.printings[:12])
        more = f" and {len(card.printings) - 12} more" if len(card.printings) > 12 else ""
        lines.append(f"  printings:  {sets}{more}")
    return "\n".join(lines) + "\n"


@cards_app.command("lookup")
@handles_errors
def cards_lookup(
    name: str = typer.Argument(..., metavar="NAME", help="Any spelling: case, accents, 'Fire/Ice', a face name."),
    cards_db: Optional[Path] = CARDS_DB_OPTION,
    offline: bool = OFFLINE_OPTION,
    output: str = JSON_OPTION,
    game: Optional[str] = typer.Option(
        None, "--game", metavar="GAME", help="mtg, yugioh or wow (default: mtg; yugioh for a passcode)."
    ),
) -> None:
    """Show a card: canonical name, type, text, copies allowed, legalities, printings.

    Exit 1 (with suggestions) when no card has that name.

    Example: deckcheck cards lookup "lightning bolt"; deckcheck cards lookup 14558127
    """
    from ..cards import offline_by_default
    from ..games.mtg.catalog import open_catalog
    from ..errors import DeckcheckError

    if output not in ("text", "json"):
        raise DeckcheckError(f"--output {output!r}: choose text or json")
    game = game or ("yugioh" if name.strip().isdigit() else "mtg")
    if game not in ("mtg", "yugioh", "wow"):
        raise DeckcheckError(f"--game {game!r}: choose mtg, yugioh or wow")
    if game != "mtg":
        _lookup_game_card(name, game, _target(cards_db), output)
        return
    catalog = open_catalog(_target(cards_db), offline=offline or offline_by_default(), warn=warn_once())
    card = catalog.resolve([name])[name]
    if card is None:
        suggestions = catalog.suggest(name)
        hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
        if output == "json":
            emit(json.dumps({"name": name, "found": False, "suggestions": suggestions}) + "\n")
        typer.echo(f"deckcheck: no card named {name!r}{hint}", err=True)
        raise typer.Exit(1)
    if output == "json":
        emit(json.dumps({"found": True, **_card_dict(card)}, ensure_ascii=False, indent=2) + "\n")
    else:
        emit(_card_text(card))


def _lookup_game_card(name: str, game: str, target: Path, output: str) -> None:
    from ..cards.game_show import wow_dict, wow_text, ygo_dict, ygo_text
    from ..cards.game_store import load_catalog

    catalog = load_catalog(target, game)
    card = catalog.by_code(int(name)) if game == "yugioh" and name.strip().isdigit() else catalog.get(name)
    if card is None:
        suggestions = catalog.suggest(name) if hasattr(catalog, "suggest") else []
        hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
        if output == "json":
            emit(json.dumps({"name": name, "found": False, "suggestions": suggestions}) + "\n")
        typer.echo(f"deckcheck: no {game} card {name!r}{hint}", err=True)
        raise typer.Exit(1)
    if game == "yugioh":
        root = catalog.root(card)
        info, text = ygo_dict(card, root), ygo_text(card, root)
    else:
        info, text = wow_dict(card), wow_text(card)
    emit(json.dumps({"found": True, **info}, ensure_ascii=False, indent=2) + "\n" if output == "json" else text)


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
