"""`SheetWriter`: registration sheets drawn into one PDF, one sheet after another.

Each sheet takes one page, or more when its list does not fit: the header (title, event,
date, player, ID, format, team) and the footer (zone totals, the judges' box, deckcheck's
verdict) repeat on every page, and the sections of counted cards flow down two columns, a
section split across columns repeating its title. A name too wide for its column is set
smaller, down to a floor, then wrapped. Everything a user or the card data wrote goes
through fonts.printable, so a character the fonts cannot draw prints as U+FFFD and becomes
a warning (`warnings`), never a failure.

fpdf2 is imported here only, so only the commands that draw sheets pay for it. A batch adds
its sheets as its results come, in registration order; nothing here needs the whole event.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from . import PAPERS
from .fonts import FALLBACK_FAMILY, FAMILY, FONTS, describe, printable
from .sheet import Section, Sheet

MARGIN = 12.0        # mm, all sides
GUTTER = 6.0         # mm between the two columns
ROW = 4.4            # mm per listed line
COUNT_WIDTH = 8.0    # mm for the count before each name
NAME_PT, MIN_NAME_PT = 8.5, 5.0
FIELD_HEIGHT = 9.0   # mm per header field (label above, value below)
HEADER_TOP = 9.0     # mm for the title line
FOOTER_HEIGHT = 40.0
MAX_FIELD_CHARS = 120  # a header value longer than this is cut (with …): the box has room for no more
MAX_PROBLEM_LINES = 2
GREY = (90, 90, 90)


@dataclass(frozen=True)
class _Row:
    """One row of a column: a section title (with its total, None when continued), a card
    (count, and its name or a part of a wrapped name), or a gap between sections."""

    kind: str  # "title", "card", "more" (the rest of a wrapped name) or "gap"
    text: str = ""
    count: int | None = None
    size: float = NAME_PT


class SheetWriter:
    """A PDF being filled with sheets: `add(sheet)` per registration, then `output()`."""

    def __init__(self, paper: str = "a4", *, title: str = "Deck registration sheets"):
        from fpdf import FPDF

        self.pdf = FPDF(orientation="portrait", unit="mm", format=PAPERS[paper])
        for family, style, path in FONTS:
            self.pdf.add_font(family, style, str(path))
        self.pdf.set_fallback_fonts([FALLBACK_FAMILY], exact_match=False)
        self.pdf.set_auto_page_break(False)
        self.pdf.set_margins(MARGIN, MARGIN, MARGIN)
        self.pdf.set_creator("deckcheck")
        self.pdf.set_title(title)
        self.width = self.pdf.w - 2 * MARGIN
        self.column_width = (self.width - GUTTER) / 2
        self.warnings: list[str] = []
        self.pages = 0

    # ------------------------------------------------------------------ text

    def _text(self, text: str, what: str) -> str:
        shown = printable(text)
        if shown.missing:
            warning = f"{what} {text!r}: the sheet's fonts cannot draw {describe(shown.missing)}; printed as \ufffd"
            if warning not in self.warnings:
                self.warnings.append(warning)
        return shown.text

    def _fit(self, text: str, width: float, size: float, floor: float, *, style: str = "") -> float:
        """The largest font size from `size` down to `floor` at which `text` fits `width`."""
        self.pdf.set_font(FAMILY, style, size)
        measured = self.pdf.get_string_width(text)
        if measured <= width:
            return size
        return max(floor, size * width / measured - 0.05)

    def _wrap(self, text: str, width: float, size: float) -> list[str]:
        """`text` in lines no wider than `width` at `size`, broken between words (inside a
        word only when one word alone is wider)."""
        self.pdf.set_font(FAMILY, "", size)
        lines: list[str] = []
        current = ""
        for word in text.split(" "):
            trial = f"{current} {word}".strip()
            if self.pdf.get_string_width(trial) <= width or not current:
                current = trial
            else:
                lines.append(current)
                current = word
            while self.pdf.get_string_width(current) > width and len(current) > 1:
                cut = len(current) - 1
                while cut > 1 and self.pdf.get_string_width(current[:cut]) > width:
                    cut -= 1
                lines.append(current[:cut])
                current = current[cut:]
        return [*lines, current] if current else lines

    # ------------------------------------------------------------------ layout

    def _card_rows(self, count: int, name: str) -> list[_Row]:
        width = self.column_width - COUNT_WIDTH - 1
        size = self._fit(name, width, NAME_PT, MIN_NAME_PT)
        self.pdf.set_font(FAMILY, "", size)
        if self.pdf.get_string_width(name) <= width:
            return [_Row("card", name, count, size)]
        first, *rest = self._wrap(name, width, MIN_NAME_PT)
        return [_Row("card", first, count, MIN_NAME_PT), *(_Row("more", part, None, MIN_NAME_PT) for part in rest)]

    def _columns(self, sections: Sequence[Section], per_column: int) -> list[list[_Row]]:
        """The sections' rows spread over columns of `per_column` rows."""
        columns: list[list[_Row]] = [[]]
        for section in sections:
            title = self._text(section.title, "section")
            column = columns[-1]
            if column and section.beside and len(columns) % 2 == 1:
                columns.append([])
            elif column and len(column) + 3 <= per_column:
                column.append(_Row("gap"))
            elif column:
                columns.append([])
            columns[-1].append(_Row("title", title, section.total))
            for count, name in section.lines:
                rows = self._card_rows(count, self._text(name, "card name"))
                if len(columns[-1]) + len(rows) > per_column:
                    columns.append([_Row("title", f"{title} (continued)")])
                columns[-1].extend(rows)
        return columns

    # ------------------------------------------------------------------ drawing

    def add(self, sheet: Sheet) -> int:
        """Draw `sheet` on new pages; returns how many."""
        fields = [(label, self._field(value, label)) for label, value in sheet.fields]
        header = HEADER_TOP + FIELD_HEIGHT * math.ceil(len(fields) / 2) + 3
        if sheet.broken is not None:
            self.pdf.add_page()
            self._header(sheet, fields, 1, 1)
            self._broken(sheet, MARGIN + header)
            self.pages += 1
            return 1
        per_column = max(3, int((self.pdf.h - 2 * MARGIN - header - FOOTER_HEIGHT) // ROW) - 1)
        columns = self._columns(sheet.sections, per_column)
        pages = max(1, math.ceil(len(columns) / 2))
        for page in range(pages):
            self.pdf.add_page()
            self._header(sheet, fields, page + 1, pages)
            for side, column in enumerate(columns[page * 2:page * 2 + 2]):
                self._column(column, MARGIN + side * (self.column_width + GUTTER), MARGIN + header)
            self._footer(sheet)
        self.pages += pages
        return pages

    def _field(self, value: str, label: str) -> str:
        text = self._text(value, label.lower())
        return text if len(text) <= MAX_FIELD_CHARS else text[:MAX_FIELD_CHARS - 1] + "\u2026"

    def _header(self, sheet: Sheet, fields: list[tuple[str, str]], page: int, pages: int) -> None:
        pdf = self.pdf
        pdf.set_text_color(0, 0, 0)
        pdf.set_font(FAMILY, "B", 13)
        pdf.set_xy(MARGIN, MARGIN)
        pdf.cell(self.width - 30, 7, sheet.title)
        pdf.set_font(FAMILY, "", 8)
        pdf.set_xy(MARGIN + self.width - 30, MARGIN)
        pdf.cell(30, 7, f"Page {page} of {pages}", align="R")
        half = (self.width - GUTTER) / 2
        for index, (label, value) in enumerate(fields):
            x = MARGIN + (index % 2) * (half + GUTTER)
            y = MARGIN + HEADER_TOP + (index // 2) * FIELD_HEIGHT
            pdf.set_text_color(*GREY)
            pdf.set_font(FAMILY, "", 6.5)
            pdf.set_xy(x, y)
            pdf.cell(half, 3, label)
            pdf.set_text_color(0, 0, 0)
            pdf.set_font(FAMILY, "", self._fit(value, half, 10.5, 6))
            pdf.set_xy(x, y + 3)
            pdf.cell(half, 5, value)
            pdf.line(x, y + 8.2, x + half, y + 8.2)

    def _column(self, rows: list[_Row], x: float, top: float) -> None:
        pdf = self.pdf
        for index, row in enumerate(rows):
            y = top + index * ROW
            if row.kind == "title":
                pdf.set_font(FAMILY, "B", NAME_PT)
                pdf.set_xy(x, y)
                pdf.cell(self.column_width - 12, ROW, row.text)
                if row.count is not None:
                    pdf.set_xy(x + self.column_width - 12, y)
                    pdf.cell(12, ROW, str(row.count), align="R")
                pdf.line(x, y + ROW - 0.3, x + self.column_width, y + ROW - 0.3)
            elif row.kind in ("card", "more"):
                pdf.set_font(FAMILY, "", NAME_PT)
                if row.count is not None:
                    pdf.set_xy(x, y)
                    pdf.cell(COUNT_WIDTH - 1.5, ROW, str(row.count), align="R")
                pdf.set_font(FAMILY, "", row.size)
                pdf.set_xy(x + COUNT_WIDTH, y)
                pdf.cell(self.column_width - COUNT_WIDTH, ROW, row.text)

    def _footer(self, sheet: Sheet) -> None:
        pdf = self.pdf
        top = self.pdf.h - MARGIN - FOOTER_HEIGHT
        pdf.line(MARGIN, top, MARGIN + self.width, top)
        pdf.set_font(FAMILY, "B", 9.5)
        pdf.set_xy(MARGIN, top + 1)
        pdf.cell(self.width, 6, "      ".join(f"{label}: {total}" for label, total in sheet.totals) or "No cards listed")
        box = top + 8
        pdf.rect(MARGIN, box, self.width, 19)
        pdf.set_font(FAMILY, "B", 7.5)
        pdf.set_xy(MARGIN + 2, box + 1)
        pdf.cell(60, 4, "For judges only")
        pdf.set_font(FAMILY, "", 7.5)
        for offset, text in ((6.5, "Deck check round: ________    Status: ____________________    Judge: ____________________"),
                             (12.5, "Notes: _____________________________________________________________________________")):
            pdf.set_xy(MARGIN + 2, box + offset)
            pdf.cell(self.width - 4, 4, text)
        lines = [sheet.verdict, *sheet.notes]
        if sheet.problems:
            shown = "; ".join(self._text(problem, "problem") for problem in sheet.problems[:MAX_PROBLEM_LINES])
            more = len(sheet.problems) - MAX_PROBLEM_LINES
            lines.append(shown + (f"; and {more} more" if more > 0 else ""))
        pdf.set_text_color(*GREY)
        for index, line in enumerate(line for line in lines if line):
            pdf.set_font(FAMILY, "", self._fit(line, self.width, 7, 4.5))
            pdf.set_xy(MARGIN, box + 20 + index * 3.6)
            pdf.cell(self.width, 3.6, line)
        pdf.set_text_color(0, 0, 0)

    def _broken(self, sheet: Sheet, top: float) -> None:
        pdf = self.pdf
        pdf.set_font(FAMILY, "B", 12)
        pdf.set_xy(MARGIN, top + 4)
        pdf.cell(self.width, 8, "No decklist for this registration")
        pdf.set_font(FAMILY, "", 9.5)
        pdf.set_xy(MARGIN, top + 14)
        pdf.multi_cell(self.width, 5, self._text(sheet.broken or "", "reason"))
        room = int((self.pdf.h - MARGIN - pdf.get_y() - 8) // 5)
        for problem in sheet.problems[:room]:
            pdf.set_x(MARGIN)
            pdf.multi_cell(self.width, 5, "\u2022 " + self._text(problem, "problem"))
            if pdf.get_y() > self.pdf.h - MARGIN - 10:
                break

    def output(self) -> bytes:
        """The PDF so far (a document with no sheet gets no page: fpdf2 needs one)."""
        if self.pages == 0:
            self.pdf.add_page()
        return bytes(self.pdf.output())
