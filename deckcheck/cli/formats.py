"""`deckcheck formats list | show | check | check-freshness | import-lflist`."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from .app import CARDS_DB_OPTION, DATE_OPTION, handles_errors
from .common import emit, output_path, say, say_note, text_or_json, warn, writable
from .completion import complete_formats
from ..errors import DeckcheckError
from ..limits import MAX_LFLISTS, MAX_SUGGESTED_NAMES
from ..wording import counted, named_few

if TYPE_CHECKING:
    from ..formats import Format

formats_app = typer.Typer(
    help="List, show and check format files.\n\nExample: deckcheck formats show mtg/modern",
    no_args_is_help=True,
)


@formats_app.command("list")
@handles_errors
def formats_list() -> None:
    """List the available formats.

    Example: deckcheck formats list
    """
    from ..formats import iter_formats
    from ..report.style import as_is, cell, pad
    from .common import shown_on_stdout

    shown = shown_on_stdout() or as_is  # a user format's id (`mtg/日本`) measured as the terminal shows it
    for item in iter_formats():
        if isinstance(item, DeckcheckError):
            warn(item)
            continue
        emit(f"{pad(cell(item.id, shown), 28)} {item.name}\n")


@formats_app.command("show", short_help="Show a format's rules and the lists in force on a date.")
@handles_errors
def formats_show(
    format_id: str = typer.Argument(..., metavar="FORMAT", help="Format id or path to a format YAML file.", autocompletion=complete_formats),
    date: Optional[str] = DATE_OPTION,
) -> None:
    """Show a format's merged rules and the lists in force on a date.

    \b
    Example: deckcheck formats show mtg/legacy \\
        --date 2011-06-01
    """
    from ..formats import load, reference
    from ..formats.show import describe
    from ..pipeline import parse_date

    emit(describe(load(reference(format_id), base=True), parse_date(date)))  # a base too: show is to read one


@formats_app.command("check", short_help="Validate a format file and the files it extends.")
@handles_errors
def formats_check(
    path: Path = typer.Argument(..., metavar="FILE.yaml", help="A format YAML file to validate."),
    cards_db: Optional[Path] = CARDS_DB_OPTION,
) -> None:
    """Validate a format file (and what it extends); exit 2 with the key at fault.

    Every card name the file (and the format files of yours it extends) writes must be a
    card of the card data: a ban on a misspelt name would ban nothing; `points` may not
    give one card two values, by name and by passcode; and a list entry may not name one
    card and give the passcode of another. Passcodes no card has, entries that end
    before their card came out, keys with no effect and deck sizes in force on the
    same day get warnings.

    Example: deckcheck formats check my-formats/cube.yaml
    """
    from ..formats import Documents, check_file, is_file_name
    from ..cards import catalog_for
    from ..formats.card_names import misnamed_passcodes, newer_cards, unknown_names, unknown_passcodes
    from ..formats.entry_dates import ended_before_out
    from ..formats.lint import format_warnings
    from ..formats.points_conflicts import conflict_errors
    from ..yamlload import read_yaml_file

    read: Documents = {}
    fmt = check_file(path, documents=read)
    own_files = [path, *(Path(ref) for ref in fmt.chain[1:] if is_file_name(ref))]
    # Each file once: as loading read it, or (the disk cache held the chain) read here.
    documents = [(own, read.get(own.resolve()) or read_yaml_file(own, what="format file")) for own in own_files]
    catalog = catalog_for(fmt.game, cards_db, offline=True)[0]
    # Every kind of fault is looked for, and said, before the check fails: the first kind
    # found stopped it, and the others went unsaid until that one was mended.
    faults: list[tuple[list[str], int, str, str]] = []  # (error lines, count, what, the line counting them)
    unknown = unknown_names(documents, catalog, fmt.game, cards_db) if catalog is not None else []
    if unknown and catalog is not None:
        names = "1 card name above matches" if len(unknown) == 1 else f"{len(unknown):,} card names above match"
        faults.append(([str(name.error()) for name in unknown[:MAX_SUGGESTED_NAMES]], len(unknown), "card names",
                       f"{names} no card of the card data ({catalog.describe()}), so the entries apply to no card: "
                       f"correct them, or, for cards newer than that data, {newer_cards(fmt.game)}"))
    conflicts = conflict_errors(fmt.option("points"), catalog, documents) if fmt.option("points") else []
    if conflicts:
        cards = "1 card above has" if len(conflicts) == 1 else f"{len(conflicts):,} cards above have"
        faults.append(([str(error) for error in conflicts], len(conflicts), "cards with two point values",
                       f"{cards} two point values, by name and by passcode; a deck counts the passcode's"))
    misnamed = misnamed_passcodes(documents, catalog, fmt.game)
    if misnamed:
        entries = "1 entry above names" if len(misnamed) == 1 else f"{len(misnamed):,} entries above name"
        faults.append(([str(error) for error in misnamed], len(misnamed), "entries",
                       f"{entries} one card and gives the passcode of another"))
    passcodes = unknown_passcodes(documents, catalog, fmt.game)
    _say_listed("warning", passcodes, len(passcodes), "passcodes")
    ended = ended_before_out(documents, catalog)
    _say_listed("warning", ended, len(ended), "entries")
    for warning in format_warnings(fmt, documents):
        warn(warning)
    for number, (lines, count, what, counting) in enumerate(faults, 1):
        _say_listed("error", lines, count, what)
        if number == len(faults):
            raise DeckcheckError(counting)
        say(f"deckcheck: error: {counting}")
    emit(f"{path}: OK ({fmt.name}, game {fmt.game}, extends {' -> '.join(fmt.chain[1:]) or 'nothing'})\n")


def _say_listed(kind: str, lines: list[str], count: int, what: str) -> None:
    """The first MAX_SUGGESTED_NAMES of `count` lines of `formats check` on stderr (`kind`:
    error or warning), then one line counting the rest, as a deck's problems are cut
    (limits.py): a 1 MB file of misspelt names printed 5 MB of errors, one a name."""
    for line in lines[:MAX_SUGGESTED_NAMES]:
        say(f"deckcheck: {kind}: {line}")
    if count > MAX_SUGGESTED_NAMES:
        say(f"deckcheck: {kind}: {count - MAX_SUGGESTED_NAMES:,} more {what} not listed (only the first {MAX_SUGGESTED_NAMES:,} are)")


@formats_app.command("check-freshness", short_help="Compare a synced database's bans with the bundled lists.")
@handles_errors
def formats_check_freshness(
    format_ids: Optional[list[str]] = typer.Argument(None, metavar="[FORMAT...]", help="Formats to compare (default: every format whose card pool names a legality key).", autocompletion=complete_formats),
    cards_db: Optional[Path] = CARDS_DB_OPTION,
    output: str = typer.Option("text", "--output", "-o", metavar="OUTPUT", help="text or json."),
) -> None:
    """List where a synced card database's bans and restrictions disagree with the bundled lists.

    Compares, on the day the database's legalities describe, every card it calls banned or
    restricted with the format's lists in force that day; exit 1 when they disagree (the
    bundled lists need an update: scripts/build_mtg_formats.py), 2 when the card data has
    no legalities (the built-in data has none: run deckcheck cards sync first).

    \b
    Example: deckcheck formats check-freshness \\
        mtg/modern mtg/legacy
    """
    import json

    from ..cards import catalog_for
    from ..formats import iter_formats, load, reference
    from ..formats.freshness import disagreements

    text_or_json(output)
    formats = [load(reference(format_id)) for format_id in format_ids] if format_ids else [
        item for item in iter_formats() if not isinstance(item, DeckcheckError) and item.pool_option("legality")
    ]
    found, checked = [], []
    for fmt in formats:
        _brings_lists(fmt.id, fmt.game)
        catalog, note = catalog_for(fmt.game, cards_db, offline=True)
        day = getattr(catalog, "legalities_date", None)
        if day is None:
            from ..games import find

            game = find(fmt.game)  # the game's name, as _brings_lists says it: a game id is no prose
            raise DeckcheckError(f"the {game.label if game else fmt.game} card data in use "
                                 f"({catalog.describe() if catalog else note}) has no "
                                 "legalities to compare; run `deckcheck cards sync` (or `deckcheck cards import` a Scryfall file)")
        checked.append({"format": fmt.id, "database": catalog.describe(), "legalities_of": day.isoformat(),
                        "lists_known_up_to": fmt.lists_known_up_to.isoformat() if fmt.lists_known_up_to else None})
        found += disagreements(fmt, catalog)
    if output == "json":
        emit(json.dumps({"checked": checked, "disagreements": [item.to_dict() for item in found]}, indent=2) + "\n")
    else:
        for item in checked:
            emit(f"{item['format']}: {item['database']}, legalities of {item['legalities_of']}\n")
        emit("".join(f"  {item.text()}\n" for item in found) or "  no disagreements\n")
    raise typer.Exit(1 if found else 0)


def _brings_lists(format_id: str, game_id: str) -> None:
    """A usage error for a format of a game whose card data brings no ban lists (Yu-Gi-Oh!,
    WoW TCG): no sync gives legalities to compare with, so `cards sync` is no advice."""
    from ..games import find

    game = find(game_id)
    if game is None or game.card_data_brings_lists:
        return
    hint = f"; {game.newer_lists_hint}" if game.newer_lists_hint else ""
    raise DeckcheckError(f"{format_id}: {game.label} card data brings no ban lists to compare (check-freshness compares "
                         f"Magic formats with a synced card database's legalities){hint}")


def _base_format(extends: str) -> Format | None:
    """The format the imported lists extend (`--extends yugioh/advanced-tcg`), for the
    region and card limits they inherit; None when it cannot be loaded (formats check, run
    on the files written, says why)."""
    from ..formats import load, reference

    try:
        return load(reference(extends))
    except DeckcheckError:
        return None


def _card_names() -> Callable[[int], str | None] | None:
    """The Yu-Gi-Oh! card data's name of a passcode it holds (not one it only infers as an
    alternate artwork), for import-lflist; None when there is no card data."""
    from ..cards import catalog_for

    catalog, _ = catalog_for("yugioh", offline=True)
    if catalog is None:
        return None

    def named(code: int) -> str | None:
        card = catalog.by_code(code)
        return card.name if card is not None and not catalog.is_inferred(card) else None

    return named


@formats_app.command("import-lflist", short_help="Turn an EDOPro lflist.conf into format YAML files.")
@handles_errors
def formats_import_lflist(
    path: Path = typer.Argument(..., metavar="FILE.conf", help="A YGOPro/EDOPro lflist.conf."),
    output_dir: Optional[str] = typer.Option(
        None, "--output-dir", "-d", metavar="DIR", help="Write one FORMAT.yaml per list here (default: all to stdout)."
    ),
    extends: Optional[str] = typer.Option(
        None, "--extends", metavar="FORMAT",
        help="The format the lists extend (default: yugioh/base; yugioh/genesys for a Genesys point list).",
    ),
) -> None:
    """Turn an EDOPro lflist.conf into format YAML, one format per `!Name` list.

    \b
    Example: deckcheck formats import-lflist lflist.conf \\
        -d my-formats/
    """
    from ..games.yugioh.lflist import (KNOWN_DAYS, MAX_COUNT, format_yaml, no_longer_listed, parse_lflist,
                                       points_yaml, region_of, slug)
    from ..textio import read_text

    folder = output_path("--output-dir", output_dir, "the folder to write the formats to")
    if folder is not None and str(folder) == "-":
        # `-` is a standard stream everywhere else, and stdout is where the formats go
        # without -d: a folder named `-` is never what was meant (as `--report -`, common.writable).
        raise DeckcheckError("--output-dir -: cannot write ('-' names no folder here (it is not standard output); "
                             "leave -d out to write the formats to stdout)")
    parsed = parse_lflist(read_text(path))
    if parsed.more_lists:  # each list is a whole format: a file of bare headers wrote a hundred megabytes
        raise DeckcheckError(f"{path}: more than {MAX_LFLISTS:,} lists (`!Name` lines) in one file, more than any real "
                             "lflist.conf holds; split it, or keep the lists you need")
    for problem in parsed.problems:
        warn(f"{path.name}: {problem} (skipped)")
    if not parsed.lists:
        raise DeckcheckError(f"{path}: no `!Name` list in this file; is it an lflist.conf?")
    named = _card_names()
    # EDOPro's Genesys list gives points (a `$genesys` file: every list of it), which only a
    # Genesys format counts; its rules (no Link or Pendulum monsters) come with the base.
    if extends is None:
        extends = "yugioh/genesys" if any(lflist.points for lflist in parsed.lists) else "yugioh/base"
    base = _base_format(extends)
    # What the base still limits and a list leaves out is written as unlimited (the copy limit).
    base_limits = (base.data.get("card_limits") or []) if base is not None else []
    unlimited = base.copy_limit.default if base is not None and base.copy_limit is not None else MAX_COUNT
    base_known = [key for key in KNOWN_DAYS if base is not None and base.option(key) is not None]
    documents = [
        (lflist, points_yaml(lflist, extends=extends, source=path.name, named=named, base_known=base_known)
         if lflist.points else
         format_yaml(lflist, extends=extends, source=path.name, named=named, unlimited=unlimited,
                     lifted=no_longer_listed(lflist, base_limits, unlimited, named), base_known=base_known))
        for lflist in parsed.lists
    ]
    # None when the base checks the region.
    regionless = [] if base is not None and base.option("region") is not None else [
        f"`!{lflist.name}`" for lflist in parsed.lists if region_of(lflist.name) is None]
    # One note for them all: EDOPro's own file holds hundreds of lists, a note each filled stderr.
    if len(regionless) == 1:
        say_note(f"{path.name}: list {regionless[0]} names neither the TCG nor the OCG, so its format checks no "
                 "card's region: add `region: tcg` (or `ocg`) to it for an event of one")
    elif regionless:
        say_note(f"{path.name}: {len(regionless):,} lists ({named_few(regionless, 'more')}) name neither the TCG nor "
                 "the OCG, so their formats check no card's region: add `region: tcg` (or `ocg`) to them for an "
                 "event of one")
    if folder is None:
        emit("---\n".join(text for _, text in documents))
        return
    targets: list[Path] = []
    for lflist, _ in documents:
        name = slug(lflist.name)
        while folder / f"{name}.yaml" in targets:  # two lists with one name: keep both
            name += "-2"
        targets.append(folder / f"{name}.yaml")
    # Every file checked before any is written: a list names its file, and a link of that
    # name (a repository's formats/ in a CI job) had the format written over its target.
    for target in targets:
        writable("--output-dir", target)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for (lflist, text), target in zip(documents, targets):
            target.write_text(text, encoding="utf-8")
            cards = len(lflist.entries)
            kind = ", whitelist" if lflist.whitelist else ", points" if lflist.points else ""
            emit(f"{target}: {lflist.name} ({counted(cards, 'card')}{kind})\n")
    except OSError as exc:
        raise DeckcheckError(f"cannot write to {folder} ({exc.strerror or exc})") from None
