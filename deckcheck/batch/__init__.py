"""Batch-checking tournament registrations: a folder, a manifest or a zip of decks,
every deck against its format, then Team Unified Construction for every team.

    >>> from deckcheck.batch import check_source
    >>> batch = check_source("registrations.csv", "mtg/legacy", date="2024-06-01")
    >>> batch.exit_code, [team.legal for team in batch.report.teams]

`sources` finds the registrations, `runner` checks decks (in parallel), `teams` checks
teams; the reporters of report/ format the result (their `batch_writer`, report/stream.py).
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from .check import BatchReport, OnResult, Sink, check_registrations
from .registration import RegistrationSet

if TYPE_CHECKING:
    from ..formats import FormatRef

__all__ = ["BatchReport", "check_source"]


def check_source(
    source: str | Path,
    format_id: FormatRef | None,
    *,
    date: str | dt.date | None = None,
    jobs: int | None = None,
    unified: bool = True,
    progress: Callable[[int], Callable[[int], None]] | None = None,
    deck_check: str | int | None = None,
    seed: int | None = None,
    cards_db: str | Path | None = None,
    cards: bool = True,
    platform: str = "paper",
    on_result: OnResult | None = None,
    allow_outside_paths: bool = False,
    sink: Sink | None = None,
    keep_verdicts: bool = False,
) -> BatchReport:
    """Check every registration of SOURCE. `progress(total)` may return a callback that is
    told how many decks finished each time some do. `deck_check` (`10%` or `5`) picks a
    reproducible random sample of players for deck checks, from `seed` (a fresh seed when
    None; `batch.deck_checks.seed` says which). `cards_db`: the card database (default: the
    one of DECKCHECK_CARDS_DB or the user data directory, when present, else the built-in
    data; `cards=False`: none); never online. `platform`: where the event is played (a
    manifest's `platform` column overrides it per row).
    `on_result(row, result, entries, fmt)` hears each registration in order, with its cards
    and the format it was checked against.
    `sink(row, result)` hears each result in order instead of the batch keeping them all
    (`report.results` stays empty; `totals` counts them): a report written as it comes
    (report/stream.py) holds one result at a time.
    `format_id` None: every row names its own format (a manifest's `format` column).
    `allow_outside_paths` lets a plain manifest (not a zip's) name decks, pools and format
    files outside its folder. `keep_verdicts`: take the verdicts an earlier run kept on
    decks byte for byte the same, and keep this run's (batch/verdict_store.py: the user
    cache directory; the report is the same). Raises DeckcheckError when the source, the format or the
    deck-check request cannot be
    read (exit 2)."""
    from ..formats import load
    from ..limits import is_whole
    from ..pipeline import check_platform, parse_date
    from .sources import open_source

    _check_kinds(source, jobs, deck_check, {"progress": progress, "on_result": on_result, "sink": sink})
    if is_whole(deck_check):
        deck_check = str(deck_check)  # `5` players, as the text "5" is
    day = parse_date(date)
    check_platform(platform)
    request = None
    if deck_check is not None:
        from .deck_checks import parse_request  # here: a batch without --deck-check needs none of it

        request = parse_request(str(deck_check), seed)  # a whole number is text by now (above)
    if format_id is not None:
        _check_format_kind(format_id)
        load(format_id)  # an unknown -f stops here, before a zip is extracted
    with open_source(source, allow_outside_paths=allow_outside_paths) as found:
        if format_id is None:
            _every_row_names_its_format(found)
        tick = progress(len(found.registrations)) if progress else None
        return check_registrations(
            found, format_id, day=day, jobs=jobs, unified=unified, progress=tick, deck_check=request,
            cards_db=str(cards_db) if cards_db else None, cards=cards, platform=platform,
            on_result=on_result, sink=sink, keep_verdicts=keep_verdicts,
        )


def _check_format_kind(format_id: object) -> None:
    """A FormatError for a format that is neither an id nor a file (formats.check_ref): the
    batch's workers load it by either (a loaded Format, which validate takes, is not sent
    to them), so the error does not offer a Format as load's own does."""
    from ..errors import FormatError
    from ..formats import check_ref
    from ..formats.model import Format

    if isinstance(format_id, Format):
        raise FormatError(f"format {format_id.id[:200]!r}: a batch loads its format itself; give its id (a str, such "
                          "as 'mtg/modern') or its file (a pathlib.Path), not a loaded Format")
    check_ref(format_id, loaded=False)


def _check_kinds(source: object, jobs: object, deck_check: object, callbacks: dict[str, object]) -> None:
    """An OptionError naming the keyword for a value of the wrong kind, before anything is
    read: a source of None met pathlib's TypeError, jobs="2" a comparison's, and a callback
    that is not one "'int' object is not callable" once the batch had run."""
    from ..errors import OptionError
    from ..limits import is_whole, quoted

    if not isinstance(source, (str, Path)):
        raise OptionError("source", f"{quoted(source)}: give the folder, zip or manifest to check (a str or a pathlib.Path)")
    if jobs is not None and not (is_whole(jobs) and jobs >= 1):  # type: ignore[operator]
        raise OptionError("jobs", f"{quoted(jobs)}: give a number of processes from 1 up, or None for the cores this process may use")
    if deck_check is not None and not (isinstance(deck_check, str) or is_whole(deck_check)):
        raise OptionError(
            "deck_check", f"{quoted(deck_check)}: give a share of the players such as 10% or a number of players such as 5")
    for setting, callback in callbacks.items():
        if callback is not None and not callable(callback):
            raise OptionError(setting, f"{quoted(callback)}: give a function, or None")


def _every_row_names_its_format(found: RegistrationSet) -> None:
    """Without -f, every registration must name its format; DeckcheckError naming those that do not."""
    from ..errors import OptionError
    from ..schema import shown_key

    missing = [row for row in found.registrations if row.format_id is None and not row.format_refused]
    if not missing:
        return
    listing = "(`deckcheck formats list` names them)"
    if not found.manifest:
        # A folder's files name no format: -f is the only one, not something its files lack.
        whose = "an archive" if found.kind == "zip" else "a folder"
        raise OptionError("format_id", listing, before=f"{found.source}: no format given for the decks of {whose}; give ")
    if len(missing) == len(found.registrations) and "format" not in found.unread:
        # No row names one (no `format` column at all, most likely): which rows lack it says nothing.
        raise OptionError("format_id", f"for the event {listing}, or a `format` column naming each row's",
                          before=f"{found.source}: no format given, and no row names one; give ")
    where = ", ".join(f"manifest line {row.line}" if row.line is not None else row.deck for row in missing[:3])
    more = f" and {len(missing) - 3} more" if len(missing) > 3 else ""
    what = "these registrations name" if found.manifest else "a folder names"
    before, detail = f"{found.source}: {what} no format ({where}{more}); ", "for them"
    if "format" in found.unread:
        # Written above the rows, as one format for the event: not read, and said so.
        value, line = found.unread["format"]
        at = f" (line {line})" if line is not None else ""
        before += (f"the top-level key `format: {shown_key(value)}`{at} is not read, as a manifest's rows name their "
                   "own formats: ")
        detail += f" (here {shown_key(value)}), or a `format` key in each row"
    raise OptionError("format_id", detail, before=before + "give ")
