"""`batch --sheets`: one registration sheet per registration, in registration order, for
the deck-check table. A registration whose deck is missing or unreadable gets a page that
says why; an illegal deck still gets its sheet, its verdict and problems at the bottom.

`BatchSheets.add` takes one registration at a time (`check_source(on_result=...)`), so the
sheets never wait for the whole event; formats and card catalogs are opened once each.
"""
from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..batch.registration import REGISTRATION
from ..model import CardEntry, Deck
from ..problem import WARNING
from .pdf import SheetWriter
from .sheet import Registrant, broken_sheet, build_sheet

if TYPE_CHECKING:
    from ..batch.registration import Registration
    from ..formats import Format
    from ..registered_pools import Pool
    from ..result import DeckResult


class BatchSheets:
    def __init__(self, *, event: str, day: dt.date, paper: str = "a4", by_type: bool = True, cards_db: Path | None = None):
        self.event, self.day, self.by_type, self.cards_db = event, day, by_type, cards_db
        self.writer = SheetWriter(paper, title=f"{event}: deck registration sheets", day=day)
        self.sheets = 0
        self._catalogs: dict[str, Any] = {}

    def _catalog(self, fmt: Format) -> Any:
        from ..cards import catalog_for

        if fmt.game not in self._catalogs:
            self._catalogs[fmt.game], _ = catalog_for(fmt.game, self.cards_db, offline=True)
        return self._catalogs[fmt.game]

    def add(self, row: Registration, result: DeckResult, entries: list[CardEntry] | None, fmt: Format | None) -> None:
        """The sheet (or the page saying why there is none) of one registration, checked
        against `fmt` (None: the row has no format it may use, and its problems say why)."""
        registrant = Registrant(
            player=row.player or "", event=self.event, date=self.day, team=row.team, seat=row.seat, deck_file=row.deck,
            player_id=row.player_id,
        )
        errors = [problem for problem in result.problems if problem.is_error]
        if entries is None or result.unreadable or fmt is None:
            if result.unreadable:  # why there is no decklist first, a misspelt format after it
                errors.sort(key=lambda problem: problem.rule == REGISTRATION)
            why = errors[0].message if errors else "no decklist"
            warnings = [problem.message for problem in result.problems if problem.severity == WARNING]
            sheet = broken_sheet(registrant, fmt or result.format, why, [problem.message for problem in errors[1:]],
                                 warnings, unreadable=result.unreadable)
        else:
            # The name its file gives (DeckResult.deck_name): the Deck name box, as `sheet` fills it.
            deck = Deck(source=result.deck, entries=entries, name=result.deck_name)
            sheet = build_sheet(deck, fmt, result, registrant=registrant, day=self.day, catalog=self._catalog(fmt),
                                by_type=self.by_type, pool=self._registered_pool(row, result))
        self.writer.add(sheet)
        self.sheets += 1

    def _registered_pool(self, row: Registration, result: DeckResult) -> Pool | None:
        """The pool the row's deck was checked against, for its sheet (whose sideboard it
        makes in a limited event: sheet.sheet_cards), as the check read it when it read it
        in this process (batch/runner.registered_pool); None when there is none, or it cannot
        be read now (the row's problems say why it was not checked), and when the report
        counts no rest of it as the deck's sideboard (DeckResult.pool_rest): a pool two or
        more rows play from (a team's, a cube's list), whose rest is no one player's, or a
        list that states its sideboard. So a sheet lists the rest exactly when the report does."""
        path = row.pool_path
        if path is None or result.pool is None or result.pool_rest is None:
            return None
        from ..batch.runner import registered_pool
        from ..registered_pools import Pool

        found = registered_pool(path, row.pool)
        return found if isinstance(found, Pool) else None

    @property
    def warnings(self) -> list[str]:
        return self.writer.warnings

    def output(self) -> bytes:
        return self.writer.output()
