"""`-o html`: one self-contained web page for an event (`batch -o html --report event.html`).

The page has a header (the source; the event's format, or every format of a mixed event
that loaded),
a summary (decks, legal, illegal, skipped, teams; the run's note that the data is older than
the event, as the other reports say it), one row per registration
(player, team, deck file, verdict, problem count) with its problems, the teams' verdicts,
the deck-check sample when one was asked for, and the skipped files. It loads nothing:
the style and a small script are inline, and its Content-Security-Policy allows no other
resource and only that script (by its hash), so a name that slipped through escaping
still could not run. Rows sort and filter in the browser (html_page/event.js); below
40rem wide each registration becomes a card.

Jinja2 (imported only here) renders html_page/event.html.j2 with autoescape on: every
name from a manifest, a file or the card data is escaped. The template walks the results
once, in registration order, and asks for what needs every deck (teams, the deck-check
sample, the counts of the summary, which CSS shows first) only after the rows, so the rows
of a batch that streams its results wait in a spool, not in memory (`BatchWriter`).
"""
from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from ..games import zones_in_words
from . import Warn
from .stream import Spool, Totals
from .style import printable

# Template pieces joined into one write (a row is some 28 of them).
_PIECES_A_WRITE = 1024

if TYPE_CHECKING:
    from jinja2 import Template

    from ..batch import BatchReport
    from ..batch.registration import Registration
    from ..formats import FormatRef
    from ..problem import Problem
    from ..result import DeckResult

NAME = "html"
PAGE = Path(__file__).resolve().parent / "html_page"


@dataclass
class Tally:
    """Counts made while the rows are written, read by the summary after them."""

    decks: int = 0
    legal: int = 0
    unread: int = 0  # decks that could not be read: not legal, and not checked either

    @property
    def illegal(self) -> int:
        return self.decks - self.legal - self.unread


@lru_cache(maxsize=1)
def _template() -> tuple[Template, str, str]:
    """(the page template, the script, the script's CSP hash)."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    env = Environment(
        loader=FileSystemLoader(str(PAGE)), autoescape=True, undefined=StrictUndefined,
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True, finalize=_shown,
    )
    script = (PAGE / "event.js").read_text(encoding="utf-8")
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    return env.get_template("event.html.j2"), script, f"sha256-{digest}"


def _shown(value: Any) -> Any:
    """A value the page writes (Jinja's finalize, before escaping): text with its control
    characters and bidirectional overrides shown as stdout shows them (`printable`: ␛,
    U+FFFD), so the page `--report` writes is the page on stdout, and no name (an override
    in 'ann\u202egpj.exe') reads reversed. The page's own Markup (its script) as it is."""
    # isprintable (in C) clears the usual name: one with no control, format or separator character
    return printable(value) if type(value) is str and not value.isprintable() else value


def _problems(problems: list[Problem], game: str, games: list[str] | None = None) -> list[dict[str, Any]]:
    """The problems as the page lists them, each zone in `game`'s words (a Yu-Gi-Oh! deck's
    `Side Deck`; Magic's zone ids), as the text report names them; `games`: each problem's
    game, for a team whose members play several (TeamResult.games)."""
    zones = zones_in_words([problem.zone for problem in problems], game, games)
    return [
        {"rule": problem.rule, "severity": problem.severity, "line": problem.line, "zone": zone, "message": problem.message}
        for problem, zone in zip(problems, zones)
    ]


def _row(order: int, row: Registration, result: DeckResult) -> dict[str, Any]:
    errors = sum(problem.is_error for problem in result.problems)
    legal = result.legal
    out = {
        "order": order, "player": result.player or "", "team": result.team or "", "seat": row.seat,
        "deck": result.deck, "pool": result.pool, "legal": legal, "errors": errors,
        "warnings": len(result.problems) - errors, "problems": _problems(result.problems, result.game),
    }
    if not legal and result.unreadable:
        out["unread"] = True  # NOT CHECKED, as the text report says (only then: other rows as they were)
    return out


def _deck_checks(batch: BatchReport) -> dict[str, Any] | None:
    from ..batch.deck_checks import describe, picked_as, zone_cards, zone_title
    from ..registered_pools import pool_named
    from ..games import listing_zones

    sample = batch.deck_checks
    if sample is None:
        return None
    picks = []
    for pick in sample.picks:
        row = batch.registrations[pick.index]
        zones = None
        if pick.entries is not None:
            zones = []
            for zone in listing_zones(pick.game):
                cards = zone_cards(pick, zone)
                if cards:
                    zones.append({"title": zone_title(pick, zone), "total": sum(c for c, _ in cards), "cards": cards})
        # `pool pools/ann.txt`, or a pasted pool's own name (registered_pools.pool_named).
        pool = pool_named(pick.pool) if pick.pool else None
        picks.append({"player": picked_as(pick, row), "team": pick.team, "seat": row.seat, "deck": pick.deck, "pool": pool,
                      "legal": pick.legal, "unread": pick.unread, "zones": zones})
    return {"description": describe(sample), "seed": sample.seed, "picks": picks}


class BatchWriter:
    """The page of a batch whose results come one at a time: each row waits in a spool
    (as JSON, a few hundred bytes) until the page is written at the end, because the page
    names the event's formats, known after the last result, above the rows."""

    def __init__(self, out: TextIO, *, color: bool = False, warn: Warn | None = None):
        self.out = out
        self.rows = Spool()
        # The formats as the rows name them, distinct, in order, each with the formats the
        # rows named it by (None: the batch's -f), to list only those that loaded (finish).
        self.formats: dict[str, set[FormatRef | None]] = {}
        # The results added (each row's number) and their card-data notes (freshness.py):
        # the page says a stale verdict is one, as every other report does.
        self.totals = Totals()
        self.pools = False  # a row was checked against a registered pool: the table has a Pool column
        # The event days and platforms the verdicts are for (a result's `as_of`), distinct, in
        # order: the header names them, so a posted page says which lists it applied.
        self.days: dict[tuple[str, str], None] = {}

    def add(self, row: Registration, result: DeckResult) -> None:
        if result.format and not row.format_refused:
            self.formats.setdefault(result.format, set()).add(row.format_id)
        if result.pool is not None:
            self.pools = True
        if result.as_of is not None:
            self.days[(result.as_of.date.isoformat(), result.as_of.platform)] = None
        self.rows.add_record(_row(self.totals.decks, row, result))
        self.totals.count(result)

    def finish(self, batch: BatchReport) -> None:
        # A row's unknown format (or a format file that would not load) is no format of the
        # event: the row's registration problem says so. -f's always loaded.
        loaded = [shown for shown, refs in self.formats.items() if any(ref is None or ref in batch.formats for ref in refs)]
        if not self.formats and batch.formats:
            # No registration named one (an empty folder or manifest): the event's is -f's,
            # not "format -".
            first = next(iter(batch.formats))
            loaded = [batch.formats_in_archive.get(first) or str(first)]
        pieces = stream_batch(batch, self.rows.records(), formats_text(loaded), list(self.totals.notes), pools=self.pools,
                              when=days_text(list(self.days)))
        # The template yields some 28 pieces a row: they are written joined, a block at a time.
        while True:
            block = list(islice(pieces, _PIECES_A_WRITE))
            if not block:
                break
            self.out.write("".join(block))
        self.rows.close()


def formats_text(formats: list[str]) -> str:
    """The header's formats: `format mtg/legacy`, or every one of a mixed event, in the
    order the rows name them (as a mixed team's format reads): `formats mtg/legacy, mtg/modern`."""
    if len(formats) > 1:
        return "formats " + ", ".join(formats)
    return f"format {formats[0] if formats else '-'}"


def days_text(days: list[tuple[str, str]]) -> str:
    """The header's event day(s), with the platform unless it is paper: `event date
    2024-06-01`, `event date 2019-03-01 (platform mtgo)`; "" when no verdict gave one (no deck
    was read)."""
    shown = [date if platform == "paper" else f"{date} (platform {platform})" for date, platform in days]
    return f"event date {', '.join(shown)}" if shown else ""


def stream_batch(
    batch: BatchReport, rows: Iterable[dict[str, Any]], formats: str, notes: list[str] | None = None, *,
    pools: bool = False, when: str = "",
) -> Iterator[str]:
    """The page in pieces, `rows` rendered one at a time as the template reaches them;
    `formats` is the header's (`formats_text`), `notes` the run's notes about its data
    (`lists known up to ...`), shown with the summary, each split at its backquotes
    (`note_parts`); `pools`: some row was checked against a registered pool, which a Pool
    column names (the page of an event without pools stays as it was); `when` the event
    day(s) the verdicts are for (`days_text`), also in the header."""
    from .. import __version__

    template, script, script_hash = _template()
    tally = Tally()

    def counted() -> Iterator[dict[str, Any]]:
        for row in rows:
            tally.decks += 1
            if row["legal"]:
                tally.legal += 1
            elif "unread" in row:
                tally.unread += 1
            yield row

    def finish() -> dict[str, Any]:
        from ..wording import names_listed

        teams = [
            {"team": team.team, "format": team.format, "players": names_listed(team.players), "legal": team.legal,
             "errors": sum(problem.is_error for problem in team.problems), "problems": _problems(team.problems, team.game, team.games)}
            for team in batch.report.teams or []
        ]
        # Files that may be registrations but could not be checked are rows of their own.
        return {"teams": teams, "deck_checks": _deck_checks(batch), "skipped": batch.report.skipped}

    return template.generate(
        source=batch.source, formats=formats, version=__version__, rows=counted(), tally=tally,
        finish=finish, script=script, script_hash=script_hash, notes=[note_parts(note) for note in notes or ()],
        pools=pools, when=when,
    )


def note_parts(note: str) -> list[tuple[str, bool]]:
    """A note as (text, is code) pieces: what the text report writes between backquotes
    (`deckcheck cards sync`) is a command, which the page shows as code; the template
    escapes every piece."""
    return [(part, bool(number % 2)) for number, part in enumerate(note.split("`")) if part]


def batch_writer(out: TextIO, *, color: bool = False, warn: Warn | None = None) -> BatchWriter:
    return BatchWriter(out, color=color, warn=warn)
