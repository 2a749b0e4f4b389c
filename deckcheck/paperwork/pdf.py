"""`SheetWriter`: registration sheets drawn into one PDF, one sheet after another.

Each sheet takes one page, or more when its list does not fit. Page 1 has the header
(title, event, date, player, ID, format, team) and the footer (zone totals, the judges'
box, deckcheck's verdict); the sections of counted cards flow down the columns of its
`Layout`, a section split across columns repeating its title. A list too long for one
page in two columns is set in denser rows, in two columns when they hold it, else in
three, and the pages after the first repeat the title, player, event and totals in one
line each. A name too wide for its column is set
smaller, down to a floor, then wrapped. Everything a user or the card data wrote goes
through fonts.printable, so a character the fonts cannot draw prints as U+FFFD and becomes
a warning (`warnings`), never a failure.

fpdf2 is imported here only, so only the commands that draw sheets pay for it. A batch adds
its sheets as its results come, in registration order; nothing here needs the whole event.
"""
from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from . import PAPERS
from ..wording import described_chars
from .fonts import FALLBACK_FONT, FAMILY, FONTS, Printable, printable
from ..limits import MAX_KEPT_TEXT_CHARS, MAX_SHEET_WARNINGS, MAX_TEXTS_KEPT, MAX_WIDTHS_KEPT, quoted
from ..report.style import cut
from ..textio import without_surrogates
from .sheet import Section, Sheet

MARGIN = 12.0        # mm, all sides
FIELD_HEIGHT = 9.0   # mm per header field (label above, value below)
HEADER_TOP = 9.0     # mm for the title line
FOOTER_HEIGHT = 40.0
BAND = 9.0           # mm of the one-line header and of the totals line of a continuation page
MAX_FIELD_CHARS = 120  # a header value longer than this is cut (with …): the box has room for no more
FIELD_MIN_PT = 6.0  # a header value is set smaller down to this, then on two lines of its box
MAX_CARD_NAME_CHARS = 200  # a longer card name (no real one reaches 150) is cut (with …) before it is wrapped
MAX_PROBLEM_LINES = 2
FOOT_PT, FOOT_MIN_PT = 7.0, 4.5  # the verdict's, notes' and problems' lines under the judges' box
MIN_COUNT_PT = 3.0  # a card's count is set smaller down to this (5 digits fit the narrowest box), never cut
GREY = (90, 90, 90)
ILLEGAL_RED = (164, 22, 26)  # the event page's --illegal: dark enough to read grey on a mono printer


@dataclass(frozen=True)
class Layout:
    """How densely cards are listed: columns per page, row height (mm), name sizes (pt)."""

    columns: int
    row: float
    name_pt: float
    min_name_pt: float
    count_width: float
    gutter: float


# The first day a PDF date (`D:YYYYMMDD...`, four digits of year) can say.
_FIRST_PDF_DAY = dt.date(1000, 1, 1)

# A normal deck fits one page in two columns; a longer list is set in denser rows, in two
# columns when they hold it (DENSE), else in three (COMPACT: a 300-card cube or singleton
# list), page 1 with the full header and judges' box, the pages after it with a one-line
# header and the totals.
NORMAL = Layout(columns=2, row=4.4, name_pt=8.5, min_name_pt=5.0, count_width=8.0, gutter=6.0)
COMPACT = Layout(columns=3, row=3.6, name_pt=7.0, min_name_pt=4.5, count_width=6.0, gutter=4.0)
# Between them: a list a little too long for NORMAL (75 different cards, a Yu-Gi-Oh! 60 + 15
# + 15 of singles) in COMPACT's rows but two columns, each half the page. In COMPACT it filled
# two of the three narrow columns, the right third of the page empty and its names set
# smaller than the page needed.
DENSE = replace(COMPACT, columns=2, gutter=NORMAL.gutter)


def drawn_alone(font: object, text: str) -> bool:
    """Whether `font` (an fpdf2 font) draws every character of `text` itself, so the text
    needs no fallback font (and can go without cell(): SheetWriter._cell)."""
    cmap = getattr(font, "cmap", None)
    return cmap is not None and all(map(cmap.__contains__, map(ord, text)))


@dataclass(frozen=True)
class _Row:
    """One row of a column: a section title (with its total, None when continued), a card
    (count, and its name or a part of a wrapped name), or a gap between sections."""

    kind: str  # "title", "card", "more" (the rest of a wrapped name) or "gap"
    text: str = ""
    count: int | None = None
    size: float = 0.0


class SheetWriter:
    """A PDF being filled with sheets: `add(sheet)` per registration, then `output()`."""

    def __init__(self, paper: str = "a4", *, title: str = "Deck registration sheets", day: dt.date | None = None):
        from fpdf import FPDF

        self.pdf = FPDF(orientation="portrait", unit="mm", format=PAPERS[paper])
        for family, style, path in FONTS:
            self.pdf.add_font(family, style, str(path))
        self._fallback = False  # FALLBACK_FONT registered (`_text`, on the first text needing it)
        self.pdf.set_auto_page_break(False)
        # fpdf2's cell() and multi_cell() put the page count where a text says `{nb}`, its
        # text() does not: a name holding it (a stranger's) printed two ways on one sheet
        # (`山田 {nb}` through cell(), its fallback font, as `山田 3`). The sheets number
        # their own pages ("Page 2 of 3"), so nothing is replaced.
        self.pdf.alias_nb_pages(None)
        self.pdf.set_margins(MARGIN, MARGIN, MARGIN)
        self.pdf.set_creator("deckcheck")
        # The event's and player's names, shown in a viewer's window and tab: as the page
        # prints them, without the line breaks, bidi overrides and controls they may hold.
        self.pdf.set_title(printable(without_surrogates(title), drawn=False).text)
        if day is not None:
            # The event's date, not the second the file is written (fpdf2's default): the
            # same deck for the same event makes the same bytes, as every report does. A PDF
            # date has four digits of year (`--date 0001-01-01` wrote `D:10101...`): the
            # earliest such year stands for an earlier day.
            day = max(day, _FIRST_PDF_DAY)
            self.pdf.set_creation_date(dt.datetime.combine(day, dt.time(), tzinfo=dt.timezone.utc))
        self.width = self.pdf.w - 2 * MARGIN
        # The warnings of names the fonts cannot draw, each name once (`_warned`), at most
        # MAX_SHEET_WARNINGS listed and the rest counted (`_unlisted`): an event's names
        # are a stranger's, and each was a line of its own however many there were.
        self._warnings: list[str] = []
        self._warned: set[tuple[str, str]] = set()
        self._unlisted = 0
        self.pages = 0
        # Each character's width at 1 pt, by font family and style (`_width`).
        self._char_widths: dict[tuple[str, str, str], float] = {}
        # And each short text's (the card names and counts an event's sheets repeat).
        self._text_widths: dict[tuple[str, str, str], float] = {}
        # Each short text as printed (`_text`): an event's sheets print the same card names,
        # labels and counts thousands of times.
        self._printed: dict[str, Printable] = {}

    # ------------------------------------------------------------------ text

    @property
    def warnings(self) -> list[str]:
        """One warning per name with characters the fonts cannot draw (see __init__)."""
        if not self._unlisted:
            return list(self._warnings)
        more = f"{self._unlisted:,} more {'name holds' if self._unlisted == 1 else 'names hold'}"
        return [*self._warnings, f"{more} characters the sheet's fonts cannot draw (not listed); printed as \ufffd"]

    def _text(self, text: str, what: str | None) -> str:
        """`text` as printed (fonts.printable), a warning kept when the fonts cannot draw some
        of it; `what` None for a line that only quotes what is warned of in its own box (the
        team and format a sheet's verdict and notes repeat)."""
        shown = self._printed.get(text)
        if shown is None:
            shown = printable(text)
            # Not a text with characters the fonts cannot draw: its `missing` (a 1-character
            # string each) made a name of 240 rare ideographs 20 KB kept, not 0.5 KB; such
            # names are few in an honest event, and printing one again is cheap.
            if not shown.missing and len(text) <= MAX_KEPT_TEXT_CHARS and len(self._printed) < MAX_TEXTS_KEPT:
                self._printed[text] = shown
        if shown.fallback and not self._fallback:
            family, style, path = FALLBACK_FONT
            self.pdf.add_font(family, style, str(path))
            self.pdf.set_fallback_fonts([family], exact_match=False)
            self._fallback = True
        if shown.missing and what is not None and (what, text) not in self._warned:
            self._warned.add((what, text))
            if len(self._warnings) < MAX_SHEET_WARNINGS:
                warning = f"{what} {quoted(text)}: the sheet's fonts cannot draw {described_chars(shown.missing)}; printed as \ufffd"
                self._warnings.append(warning)
            else:
                self._unlisted += 1
        return shown.text

    def _width(self, text: str) -> float:
        """`text`'s width in the current font: its characters' widths added up, each measured
        once a font and kept at 1 pt. fpdf2 measures without kerning or shaping, each
        character in its own font or a fallback, so a text is as wide as its characters; a
        measure of the whole text costs some 20 us and 2 us a character, and wrapping a name
        of 100 short words measured it again at every word (12 ms a name, minutes a sheet)."""
        pdf = self.pdf
        size = pdf.font_size_pt
        family, style = pdf.font_family, pdf.font_style
        known = self._text_widths.get((family, style, text))
        if known is not None:
            return known * size
        widths = self._char_widths
        total = 0.0
        for char in text:
            unit = widths.get((family, style, char))
            if unit is None:
                unit = pdf.get_string_width(char) / size
                if len(widths) < MAX_WIDTHS_KEPT:
                    widths[family, style, char] = unit
            total += unit
        if len(text) <= MAX_KEPT_TEXT_CHARS and len(self._text_widths) < MAX_TEXTS_KEPT:
            self._text_widths[family, style, text] = total
        return total * size

    def _fit(self, text: str, width: float, size: float, floor: float, *, style: str = "") -> float:
        """The largest font size from `size` down to `floor` at which `text` fits `width`."""
        self._font(style, size)
        measured = self._width(text)
        if measured <= width:
            return size
        return max(floor, size * width / measured - 0.05)

    def _wrap(self, text: str, width: float, size: float) -> list[str]:
        """`text` in lines no wider than `width` at `size`, broken between words (inside a
        word only when one word alone is wider)."""
        self._font("", size)
        lines: list[str] = []
        current, current_width = "", 0.0
        space = self._width(" ")
        for word in text.split(" "):
            trial = f"{current} {word}".strip()
            word_width = self._width(word)
            # The line so far is measured once, not again at every word.
            trial_width = current_width + space + word_width if len(trial) == len(current) + 1 + len(word) \
                else self._width(trial)
            if trial_width <= width or not current:
                current, current_width = trial, trial_width
            else:
                lines.append(current)
                current, current_width = word, word_width
            while len(current) > 1 and current_width > width:
                cut = self._longest_fit(current, width)
                lines.append(current[:cut])
                current = current[cut:]
                current_width = self._width(current)
        return [*lines, current] if current else lines

    def _room(self, width: float) -> float:
        """The width a line may take in a box `width` wide: cell() prints it `c_margin` in
        from the box's left side, so a text as wide as the box ran past its right side (past
        the page's margin, for a box that ends there)."""
        return width - self.pdf.c_margin

    def _fitted(self, text: str, width: float, size: float, floor: float, *, style: str = "", tail: str = "") -> str:
        """`text` on one line of a box `width` wide: the font set as large as fits, from `size`
        down to `floor`, and the text cut with `…` when it is too wide even at `floor`.
        `tail` follows it and is never cut (how many more problems the line leaves out)."""
        room = self._room(width)
        self._font(style, self._fit(text + tail, room, size, floor, style=style))
        return self._clipped(text, room - self._width(tail)) + tail

    def _clipped(self, text: str, width: float) -> str:
        """`text`, or as much of it as fits `width` in the current font followed by `…`."""
        if self._width(text) <= width:
            return text
        return text[:self._longest_fit(text, width - self._width("\u2026"))] + "\u2026"

    def _longest_fit(self, text: str, width: float) -> int:
        """The longest prefix of `text` (at least 1 character, less than all of it) no wider
        than `width`, found by halving (a prefix is never narrower than a shorter one), so a
        long word costs a few measurements per line, not one per character."""
        low, high = 1, len(text) - 1  # text[:low] is kept even when too wide; text[:high + 1] is too wide
        while low < high:
            middle = (low + high + 1) // 2
            if self._width(text[:middle]) <= width:
                low = middle
            else:
                high = middle - 1
        return low

    # ------------------------------------------------------------------ layout

    def _column_width(self, layout: Layout) -> float:
        return (self.width - (layout.columns - 1) * layout.gutter) / layout.columns

    def _card_rows(self, count: int, name: str, layout: Layout) -> list[_Row]:
        width = self._column_width(layout) - layout.count_width - 1
        size = self._fit(name, width, layout.name_pt, layout.min_name_pt)
        self._font("", size)
        if self._width(name) <= width:
            return [_Row("card", name, count, size)]
        first, *rest = self._wrap(name, width, layout.min_name_pt)
        smallest = layout.min_name_pt
        return [_Row("card", first, count, smallest), *(_Row("more", part, None, smallest) for part in rest)]

    def _columns(self, sections: Sequence[Section], layout: Layout, first: int, later: int) -> list[list[_Row]]:
        """The sections' rows spread over columns: `first` rows in each column of page 1,
        `later` in the columns of the pages after it. An empty section never adds a page of
        its own."""
        columns: list[list[_Row]] = [[]]

        def room() -> int:
            return (first if len(columns) <= layout.columns else later) - len(columns[-1])

        for index, section in enumerate(sections):
            title = self._text(section.title, "section")
            if columns[-1] and section.beside and len(columns) % layout.columns == 1:
                columns.append([])
            elif columns[-1] and not section.lines:
                # An empty section (a deck's sideboard of none, whose box and 0 the paper
                # form has) takes what is left of the column, its gap only when there is room
                # for it, or the next column of the same page; with neither it is left out, the
                # totals saying 0. Opening a column on a page of its own, it made a list of 82
                # to 84 singles the denser layout's: every name 7 pt, not 8.5, for an empty box.
                # A later section with cards opens the next page anyway: the box goes there.
                if room() >= 2:
                    columns[-1].append(_Row("gap"))
                elif room() < 1:
                    if len(columns) % layout.columns == 0 and not any(rest.lines for rest in sections[index + 1:]):
                        continue
                    columns.append([])
            elif columns[-1] and room() >= 3:
                columns[-1].append(_Row("gap"))
            elif columns[-1]:
                columns.append([])
            columns[-1].append(_Row("title", title, section.total))
            for count, name in section.lines:
                rows = self._card_rows(count, self._card_name(name), layout)
                if len(rows) > room():
                    columns.append([_Row("title", f"{title} (continued)")])
                columns[-1].extend(rows)
        return columns

    # ------------------------------------------------------------------ drawing

    def _font(self, style: str, size: float) -> None:
        """The sheet's font in `style` at `size` pt; nothing to do when it is the current one
        (fpdf2's set_font normalises its arguments before it finds that out, and a sheet
        asks some 150 times)."""
        pdf = self.pdf
        font = pdf.current_font
        if font is None or pdf.font_style != style or pdf.font_size_pt != size or font.fontkey != FAMILY + style:
            pdf.set_font(FAMILY, style, size)

    def _cell(self, x: float, y: float, w: float, h: float, text: str, align: str = "") -> None:
        """One line of `text` in the box at (`x`, `y`) of `w` by `h` mm, in the current font,
        where fpdf2's cell(w, h, text, align=align) at (x, y) prints it: `c_margin` in from
        the left (or the right, `align="R"`), its baseline 0.3 em below the box's middle.
        cell() lays a text out in styled fragments, measures it and copies the graphics state
        each call, 85% of a batch's sheet time for lines that need none of it (a sheet prints
        some 90); text() writes the line in one operator. A text with a character the
        current font lacks still goes through cell(), whose fallback font draws it."""
        pdf = self.pdf
        if not drawn_alone(pdf.current_font, text):
            pdf.set_xy(x, y)
            pdf.cell(w, h, text, align=align)
            return
        if not text:
            return
        left = x + (w - pdf.c_margin - self._width(text) if align == "R" else pdf.c_margin)
        pdf.text(left, y + 0.5 * h + 0.3 * pdf.font_size, text)

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
        body = self.pdf.h - 2 * MARGIN
        for layout in (NORMAL, DENSE, COMPACT):
            first = max(3, int((body - header - FOOTER_HEIGHT) // layout.row) - 1)
            later = max(3, int((body - 2 * BAND) // layout.row) - 1)
            columns = self._columns(sheet.sections, layout, first, later)
            if len(columns) <= layout.columns:
                break
        pages = [columns[:layout.columns]]
        pages += [columns[start:start + layout.columns] for start in range(layout.columns, len(columns), layout.columns)]
        for number, page in enumerate(pages, start=1):
            self.pdf.add_page()
            if number == 1:
                self._header(sheet, fields, number, len(pages))
                top = MARGIN + header
            else:
                self._band(sheet, fields, number, len(pages))
                top = MARGIN + BAND
            for side, column in enumerate(page):
                self._column(column, layout, MARGIN + side * (self._column_width(layout) + layout.gutter), top)
            if number == 1:
                self._footer(sheet)
            else:
                self._totals(sheet, self.pdf.h - MARGIN - BAND + 2)
        self.pages += len(pages)
        return len(pages)

    def _card_name(self, name: str) -> str:
        return cut(self._text(name, "card name"), MAX_CARD_NAME_CHARS)

    def _field(self, value: str, label: str) -> str:
        return cut(self._text(value, label.lower()), MAX_FIELD_CHARS)

    def _header(self, sheet: Sheet, fields: list[tuple[str, str]], page: int, pages: int) -> None:
        pdf = self.pdf
        pdf.set_text_color(0, 0, 0)
        self._cell(MARGIN, MARGIN, self.width - 30, 7, self._fitted(sheet.title, self.width - 30, 13, 9, style="B"))
        self._font("", 8)
        self._cell(MARGIN + self.width - 30, MARGIN, 30, 7, f"Page {page} of {pages}", align="R")
        half = (self.width - NORMAL.gutter) / 2
        for index, (label, value) in enumerate(fields):
            x = MARGIN + (index % 2) * (half + NORMAL.gutter)
            y = MARGIN + HEADER_TOP + (index // 2) * FIELD_HEIGHT
            pdf.set_text_color(*GREY)
            self._font("", 6.5)
            self._cell(x, y, half, 3, label)
            pdf.set_text_color(0, 0, 0)
            room = self._room(half)
            size = self._fit(value, room, 10.5, FIELD_MIN_PT)
            self._font("", size)
            if self._width(value) <= room:
                self._cell(x, y + 3, half, 5, value)
            else:  # too wide even at the smallest size: two lines of the box, the rest cut
                lines = self._wrap(value, room, size)
                if len(lines) > 2:
                    lines = [lines[0], " ".join(lines[1:])]
                for row, line in enumerate(lines):
                    self._cell(x, y + 2.9 + row * 2.5, half, 2.5, self._clipped(line, room))
            pdf.line(x, y + 8.2, x + half, y + 8.2)

    def _band(self, sheet: Sheet, fields: list[tuple[str, str]], page: int, pages: int) -> None:
        """The one-line header of a continuation page: title, player, event, page."""
        values = dict(fields)
        line = " \u00b7 ".join(part for part in (sheet.title, values.get("Player"), values.get("Event")) if part)
        self._cell(MARGIN, MARGIN, self.width - 30, 6, self._fitted(line, self.width - 30, 10, 5, style="B"))
        self._font("", 8)
        self._cell(MARGIN + self.width - 30, MARGIN, 30, 6, f"Page {page} of {pages}", align="R")
        self.pdf.line(MARGIN, MARGIN + 7, MARGIN + self.width, MARGIN + 7)

    def _column(self, rows: list[_Row], layout: Layout, x: float, top: float) -> None:
        pdf = self.pdf
        width, step = self._column_width(layout), layout.row
        for index, row in enumerate(rows):
            y = top + index * step
            if row.kind == "title":
                # A title beside its total leaves the total's box; a continued one has the column.
                room = width - 12 if row.count is not None else width
                self._cell(x, y, room, step, self._fitted(row.text, room, layout.name_pt, layout.min_name_pt, style="B"))
                if row.count is not None:
                    self._font("B", layout.name_pt)
                    self._cell(x + width - 12, y, 12, step, str(row.count), align="R")
                pdf.line(x, y + step - 0.3, x + width, y + step - 0.3)
            elif row.kind in ("card", "more"):
                if row.count is not None:
                    # A count of three digits or more (250 Relentless Rats) is set smaller,
                    # never cut: it ran left of its column, past the margin in the first.
                    count, box = str(row.count), layout.count_width - 1.5
                    self._font("", self._fit(count, self._room(box), layout.name_pt, MIN_COUNT_PT))
                    self._cell(x, y, box, step, count, align="R")
                self._font("", row.size)
                self._cell(x + layout.count_width, y, width - layout.count_width, step, row.text)

    def _totals(self, sheet: Sheet, y: float) -> None:
        self.pdf.line(MARGIN, y - 1, MARGIN + self.width, y - 1)
        line = "      ".join(f"{label}: {total}" for label, total in sheet.totals) or "No cards listed"
        self._cell(MARGIN, y, self.width, 6, self._fitted(line, self.width, 9.5, 6, style="B"))

    def _footer(self, sheet: Sheet) -> None:
        pdf = self.pdf
        top = self.pdf.h - MARGIN - FOOTER_HEIGHT
        self._totals(sheet, top + 1)
        box = top + 8
        pdf.rect(MARGIN, box, self.width, 19)
        self._font("B", 7.5)
        self._cell(MARGIN + 2, box + 1, 60, 4, "For judges only")
        self._font("", 7.5)
        for offset, text in ((6.5, "Deck check round: ________    Status: ____________________    Judge: ____________________"),
                             (12.5, "Notes: _____________________________________________________________________________")):
            self._cell(MARGIN + 2, box + offset, self.width - 4, 4, text)
        # The notes quote the manifest's team name: printed as its header box prints it.
        lines = [(self._text(line, None), "") for line in (sheet.verdict, *sheet.notes)]
        for listed, label in ((sheet.problems, ""), (sheet.warnings, "Warning: ")):
            if listed:
                lines.append(self._listed(label, listed))
        for index, (line, tail) in enumerate(line for line in lines if line[0]):
            # An illegal deck's verdict in bold red, so a judge leafing through an event's
            # sheets sees which are not legal without reading each foot; the rest in grey.
            style, colour = ("B", ILLEGAL_RED) if index == 0 and sheet.problems else ("", GREY)
            pdf.set_text_color(*colour)
            self._cell(MARGIN, box + 20 + index * 3.6, self.width, 3.6,
                       self._fitted(line, self.width, FOOT_PT, FOOT_MIN_PT, style=style, tail=tail))
        pdf.set_text_color(0, 0, 0)

    def _listed(self, label: str, listed: Sequence[str]) -> tuple[str, str]:
        """The foot's line of a deck's problems (or warnings): the first MAX_PROBLEM_LINES
        that fit it at its smallest size (the first always, cut if need be), and the tail
        counting the rest, which _fitted never cuts: cut with the line's end, a deck of 37
        problems whose first two were long said nothing of the other 35."""
        texts = [self._text(item, "problem") for item in listed[:MAX_PROBLEM_LINES]]
        room = self._room(self.width)
        self._font("", FOOT_MIN_PT)
        shown = len(texts)
        while True:
            more = len(listed) - shown
            line, tail = label + "; ".join(texts[:shown]), f"; and {more} more" if more > 0 else ""
            if shown == 1 or self._width(line + tail) <= room:
                return line, tail
            shown -= 1

    def _broken(self, sheet: Sheet, top: float) -> None:
        pdf = self.pdf
        pdf.set_font(FAMILY, "B", 12)
        pdf.set_xy(MARGIN, top + 4)
        pdf.cell(self.width, 8, sheet.broken_heading)
        pdf.set_font(FAMILY, "", 9.5)
        pdf.set_xy(MARGIN, top + 14)
        pdf.multi_cell(self.width, 5, self._text(sheet.broken or "", "reason"))
        listed = [*sheet.problems, *(f"Warning: {warning}" for warning in sheet.warnings)]
        end = self.pdf.h - MARGIN - 3
        for index, problem in enumerate(listed):
            text = "\u2022 " + self._text(problem, "problem")
            height = 5 * len(pdf.multi_cell(self.width, 5, text, dry_run=True, output="LINES"))
            # Room for one more line after it unless it is the last: what the page leaves
            # out is counted, as the foot of a sheet counts it (_listed), so a warning
            # listed after many errors is not lost without a word.
            if pdf.get_y() + height > end - (0 if index == len(listed) - 1 else 5):
                pdf.set_x(MARGIN)
                pdf.multi_cell(self.width, 5, f"and {len(listed) - index} more (see the report)")
                break
            pdf.set_x(MARGIN)
            pdf.multi_cell(self.width, 5, text)

    def output(self) -> bytes:
        """The PDF so far (a document with no sheet gets no page: fpdf2 needs one)."""
        if self.pages == 0:
            self.pdf.add_page()
        return bytes(self.pdf.output())
