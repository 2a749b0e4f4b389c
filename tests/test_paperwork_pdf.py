"""paperwork/pdf.SheetWriter drawn from the library: how it writes a sheet's lines, read
back with pdftotext (docs/paperwork.md)."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from paperwork import overlapping_words, pdf_pages, pdf_words

from deckcheck.paperwork import pdf
from deckcheck.paperwork.sheet import Section, Sheet

CREATURES = [(4, "Goblin Guide"), (4, "Monastery Swiftspear"), (3, "Eidolon of the Great Revel")]
SPELLS = [(4, "Lightning Bolt"), (4, "Lava Spike"), (4, "Rift Bolt"), (4, "Skewer the Critics")]


def _sheet(player: str = "Ann Lee", card: str = "Boros Charm") -> Sheet:
    return Sheet(
        title="Magic: The Gathering deck registration sheet",
        fields=[("Event", "Friday Night Magic"), ("Date", "2025-01-01"), ("Player", player), ("Player ID", "1234567890"),
                ("Format", "Modern (mtg/modern)")],
        sections=[Section("Lands", "main", [(20, "Mountain")]), Section("Creatures", "main", CREATURES),
                  Section("Instants", "main", [*SPELLS, (4, card)]), Section("Sideboard", "sideboard", [(3, "Path to Exile")], True)],
        totals=[("Main deck", 51), ("Sideboard", 3)],
        verdict="Checked by deckcheck: NOT legal in Modern on 2025-01-01 (1 problem).",
        problems=["main deck has 51 cards; at least 60 required"],
    )


def _write(path: Path, *sheets: Sheet) -> Path:
    writer = pdf.SheetWriter(day=dt.date(2025, 1, 1))
    for sheet in sheets:
        writer.add(sheet)
    path.write_bytes(writer.output())
    return path


def test_a_sheets_lines_are_written_without_cell_where_its_font_draws_them(tmp_path, monkeypatch):
    """fpdf2's cell() took 85% of `batch --sheets` (2,500 sheets, some 90 lines each: 231,000
    calls, each laying the text out in fragments, measuring it and copying the graphics
    state). A line the sheet's font draws alone is written in one text() call; a line with
    a character only the fallback font has (a Japanese player name) still goes through
    cell(), which switches fonts inside it."""
    calls: list[str] = []
    from fpdf import FPDF

    cell = FPDF.cell

    def counted(self, w=None, h=None, text="", *args, **kwargs):
        calls.append(text)
        return cell(self, w, h, text, *args, **kwargs)

    monkeypatch.setattr("fpdf.FPDF.cell", counted)
    latin = _write(tmp_path / "latin.pdf", _sheet())
    assert calls == []
    assert "Goblin Guide" in pdf_pages(latin)[0]
    japanese = _write(tmp_path / "japanese.pdf", _sheet(player="山田 祐揮", card="灰流うらら"))
    assert calls == ["山田 祐揮", "灰流うらら"]
    page = pdf_pages(japanese)[0]
    assert "山田 祐揮" in page and "灰流うらら" in page and "Goblin Guide" in page


@pytest.mark.parametrize("player", ["Ann Lee", "Zoë Ødegård-Núñez"])
def test_a_line_written_without_cell_stands_where_cell_put_it(tmp_path, monkeypatch, player):
    """Every word of a sheet, its right-aligned counts and page number too, has the box it
    has when every line goes through cell() (pdftotext -bbox, to 0.01 pt)."""
    fast = pdf_words(_write(tmp_path / "fast.pdf", _sheet(player), _sheet("Bob")))
    monkeypatch.setattr(pdf, "drawn_alone", lambda font, text: False)
    slow = pdf_words(_write(tmp_path / "slow.pdf", _sheet(player), _sheet("Bob")))
    assert len(fast) == len(slow) == 2
    for fast_page, slow_page in zip(fast, slow):
        assert [word[0] for word in fast_page] == [word[0] for word in slow_page]
        for fast_word, slow_word in zip(fast_page, slow_page):
            assert fast_word[1:] == pytest.approx(slow_word[1:], abs=0.011), fast_word


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_word_of_a_sheet_prints_past_the_margins(tmp_path, paper):
    """A text set to fit its box was measured against the box's whole width but printed
    cell()'s 1 mm in from its left side, so a value filling a box that ends at the right
    margin ran past it: a long Player ID by 1.2 pt, a verdict or warning line at full width
    by up to 2.8 pt. Each is now fitted (or cut) to the room left of its box's right side."""
    long_id = "1234567890" * 5  # no space: set smaller, never wrapped
    sheet = _sheet()
    sheet.fields[3] = ("Player ID", long_id)
    sheet.fields.append(("Deck file", "decks/" + "x" * 70 + ".txt"))
    sheet.problems = ["W" * 300, "M" * 300]
    sheet.warnings = ["read the last blank-line group (16 cards) as part of the main deck " * 4]
    sheet.totals = [("Main deck", 51), ("Sideboard", 3), ("Maybeboard of the very long zone name", 100)] * 3
    writer = pdf.SheetWriter(paper, day=dt.date(2025, 1, 1))
    writer.add(sheet)
    out = tmp_path / "sheet.pdf"
    out.write_bytes(writer.output())
    page_width = {"a4": 595.28, "letter": 612.0}[paper]
    margin = pdf.MARGIN * 72 / 25.4
    (words,) = pdf_words(out)
    outside = [(text, x0, x1) for text, x0, _, x1, _ in words if x0 < margin - 0.01 or x1 > page_width - margin + 0.01]
    assert outside == [], outside
    assert any(long_id[:20] in text for text, *_ in words)


@pytest.mark.parametrize("singles", [60, 300], ids=["one page", "three columns"])
def test_section_titles_and_counts_stay_in_their_boxes(tmp_path, singles):
    """A section title was printed at its full size whatever its width: in three columns,
    'モンスターカード / Monster Cards (continued)' ran into the next column's title and past
    the right margin, and a long title over its total. A count of three digits or more (250
    Relentless Rats, 9999 Mountain, which a list may say) ran left of its column, past the
    left margin in the first. Each is now set smaller to fit its box."""
    cards = [(250, "Relentless Rats"), (9999, "Mountain"), *((1, f"Card number {n} with a rather long name") for n in range(singles))]
    sheet = _sheet()
    sheet.sections = [Section("モンスターカード / Monster Cards of a rather long title", "main", cards),
                      Section("Sideboard (rest of the pool)", "sideboard", cards[:80], True)]
    writer = pdf.SheetWriter(day=dt.date(2025, 1, 1))
    writer.add(sheet)
    out = tmp_path / "sheet.pdf"
    out.write_bytes(writer.output())
    margin = pdf.MARGIN * 72 / 25.4
    pages = pdf_words(out)
    for words in pages:
        assert [(text, x0, x1) for text, x0, _, x1, _ in words if x0 < margin - 0.01 or x1 > 595.28 - margin + 0.01] == []
        assert overlapping_words(words, slack=0.1) == []
    text = "".join(pdf_pages(out))
    assert "250" in text and "9999" in text and "(continued)" in text


def test_names_the_fonts_cannot_draw_are_not_kept_with_their_characters(tmp_path):
    """The writer kept each short text's printed form, with the list of characters the fonts
    cannot draw: some 20 KB for a name of 240 rare ideographs (CJK Extension B), so 4 decks
    of such names took 539 MB where 196 MB did before. Such a name is printed again each time
    it is met, not kept: what one more of them keeps is counted (tracemalloc), warm-up done
    (the fallback font's table, the 100 warnings listed, the characters' checks)."""
    import gc
    import random
    import tracemalloc

    rng = random.Random(31)
    rare = [chr(0x20000 + n) for n in range(300)]
    names = ["".join(rng.choices(rare, k=240)) for _ in range(260)]
    writer = pdf.SheetWriter(day=dt.date(2025, 1, 1))

    def sheet(lines: list[str]) -> Sheet:
        return Sheet(title="Registration", fields=[("Player", "Ann Lee")],
                     sections=[Section("Main deck", "main", [(1, name) for name in lines])], totals=[("Main deck", len(lines))])

    writer.add(sheet(["".join(rare), *names[:110]]))
    measured = sheet(names[110:])
    gc.collect()
    tracemalloc.start()
    try:
        writer.add(measured)
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert kept / 150 < 4_000, f"{kept / 150:,.0f} bytes kept per name"
    # Each name is still warned of once: 100 listed, the other 161 counted.
    assert len(writer.warnings) == 101 and writer.warnings[-1].startswith("161 more names hold")


def test_an_empty_section_before_a_section_with_cards_keeps_its_box():
    """An empty section meeting a full last column was left out ("never adds a page"),
    though a later section with cards opened the next page anyway: a Yu-Gi-Oh! sheet whose
    Main Deck filled page 1 lost its "Extra Deck 0" box before the Side Deck on page 2
    (review31g). It is left out only when nothing with cards follows."""
    from deckcheck.paperwork.pdf import NORMAL, SheetWriter
    from deckcheck.paperwork.sheet import Section

    writer = SheetWriter()
    main = Section("Main", "main", [(1, f"Card {number}") for number in range(18)])
    columns = writer._columns([main, Section("Extra", "extra"), Section("Side", "side", [(1, "Side card")] * 5)],
                              NORMAL, 10, 10)
    titles = [row.text for column in columns for row in column if row.kind == "title"]
    assert "Extra" in titles and titles.index("Extra") < titles.index("Side")
    # With nothing after it, the empty box still adds no page of its own.
    alone = writer._columns([main, Section("Extra", "extra")], NORMAL, 10, 10)
    assert "Extra" not in [row.text for column in alone for row in column if row.kind == "title"]


@pytest.mark.parametrize("label", ["problems", "warnings"])
def test_how_many_more_problems_a_sheet_leaves_out_is_never_cut(tmp_path, label):
    """The foot lists a deck's first two problems (and warnings), then how many more: the
    three on one line, set smaller, then cut with `…` at its end, so a deck of 37 problems
    whose first two were long (unknown cards with their suggestions) printed them and no
    "and 35 more", a judge told of two problems where there were 37. The count stays; the
    problems are cut before it, and one that does not fit at all is counted with the rest."""
    long = ("unknown card 'Fake Card {}': no card of that name in the card database; the card data is of "
            "2026-06-14, before the event: a card printed since is not in it (run `deckcheck cards sync`) "
            "(did you mean Flayed One, Fake Your Own Death, Magicked Card?)")
    sheet = _sheet()
    setattr(sheet, label, [long.format(number) for number in range(37)])
    (page,) = pdf_pages(_write(tmp_path / "sheet.pdf", sheet))
    flat = " ".join(page.split())
    assert "Fake Card 0" in flat
    shown = 2 if "Fake Card 1" in flat else 1
    assert f"and {37 - shown} more" in flat, flat[-600:]
