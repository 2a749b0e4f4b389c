"""`batch --sheets`: one registration sheet per registration, in registration order
(deckcheck/paperwork/batch_sheets.py), through the installed command."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from files import write
from paperwork import pdf_pages, real_event, red_rows

BURN = Path(__file__).resolve().parent.parent / "examples" / "burn-modern.txt"


def test_a_real_40_deck_event_gets_a_sheet_per_registration_in_order(cli, tmp_path, shared_data, shared_cards_db):
    folder = tmp_path / "event"
    decks = real_event(shared_data, folder)
    manifest = folder / "manifest.csv"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "Ghost Player,absent.txt\n", encoding="utf-8")
    sheets = tmp_path / "sheets.pdf"
    done = cli("batch", str(manifest), "-f", "mtg/modern", "--date", decks[0]["date"], "--sheets", str(sheets),
               "--event", "Modern League", "--cards-db", str(shared_cards_db), "-q")
    assert done.returncode == 1, done.stderr  # the absent deck is a problem of its row
    pages = pdf_pages(sheets)
    assert len(pages) >= 41
    players = [deck["player"] for deck in decks] + ["Ghost Player"]
    assert [next(player for player in players if player in page) for page in pages] == players
    for number, page in enumerate(pages[:40]):
        assert "Modern League" in page and f"deck{number:02}.txt" in page and "For judges only" in page
        assert "Main deck: " in page
    assert "No decklist for this registration" in pages[-1]
    assert "absent.txt: no such file" in pages[-1]


def test_teams_and_seats_come_from_the_manifest_and_names_stay_text(cli, tmp_path):
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "a.txt").write_text(BURN.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "b.txt").write_text("4 Lightning Bolt\n", encoding="utf-8")
    (folder / "manifest.csv").write_text(
        'player,team,seat,deck\n"<script>alert(1)</script>\u202e",Red Deck Wins,A,a.txt\nBea,Red Deck Wins,B,b.txt\n',
        encoding="utf-8",
    )
    sheets = tmp_path / "sheets.pdf"
    done = cli("batch", str(folder / "manifest.csv"), "-f", "mtg/modern", "--sheets", str(sheets), "--paper", "letter", "-q")
    assert done.returncode == 1, done.stderr
    pages = pdf_pages(sheets)
    assert len(pages) == 2
    assert "<script>alert(1)</script>" in pages[0] and "\u202e" not in pages[0]
    assert "Red Deck Wins, seat A" in pages[0] and "Red Deck Wins, seat B" in pages[1]
    assert "NOT legal in Modern" in pages[1] and "main deck has 4 cards" in pages[1]  # illegal: a sheet, with why
    assert b"/MediaBox [0 0 612.00 792.00]" in sheets.read_bytes()


@pytest.mark.parametrize(("paper", "box"), [("A4", b"/MediaBox [0 0 595.28 841.89]"), ("Letter", b"/MediaBox [0 0 612.00 792.00]")])
def test_the_paper_is_named_in_any_case(cli, tmp_path, paper, box):
    """`--paper A4`, as the size is written, was a usage error: "choose one of a4, letter"."""
    (tmp_path / "event").mkdir()
    (tmp_path / "event" / "a.txt").write_text(BURN.read_text(encoding="utf-8"), encoding="utf-8")
    sheets = tmp_path / "sheets.pdf"
    done = cli("batch", "event", "-f", "mtg/modern", "--sheets", str(sheets), "--paper", paper, "-q", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert box in sheets.read_bytes()


def test_the_player_id_comes_from_the_manifests_id_column(cli, tmp_path):
    """Every sheet has a Player ID box, which `sheet --id` fills; a batch's sheets take it
    from the manifest's `id` column (written as given: `0012` stays `0012`)."""
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "a.txt").write_text(BURN.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "manifest.csv").write_text("player,deck,id\nAnn,a.txt,0012345678\nBea,a.txt,\n", encoding="utf-8")
    sheets = tmp_path / "sheets.pdf"
    done = cli("batch", str(folder / "manifest.csv"), "-f", "mtg/modern", "--sheets", str(sheets), "-q")
    assert done.returncode == 0, done.stderr
    first, second = pdf_pages(sheets)
    assert "0012345678" in first and "0012345678" not in second
    assert "Player ID" in second


def test_a_team_members_sheet_says_its_verdict_is_the_decks_alone(cli, tmp_path):
    """Sheets are drawn as each deck is checked, before its team is: a legal deck of a team
    over the unified copy limit must not read as the team's clearance."""
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "ann.txt").write_text("4 Brainstorm\n56 Island\n", encoding="utf-8")
    (folder / "bob.txt").write_text("1 Brainstorm\n59 Island\n", encoding="utf-8")
    (folder / "cy.txt").write_text("60 Island\n", encoding="utf-8")
    (folder / "reg.csv").write_text("player,deck,team\nann,ann.txt,Blue Sky\nbob,bob.txt,Blue Sky\ncy,cy.txt,\n",
                                    encoding="utf-8")
    sheets = tmp_path / "sheets.pdf"
    done = cli("batch", str(folder / "reg.csv"), "-f", "mtg/legacy", "--date", "2024-06-01", "--sheets", str(sheets), "-q")
    assert done.returncode == 1, done.stderr  # team Blue Sky: 5 Brainstorm
    ann, bob, cy = (" ".join(page.split()) for page in pdf_pages(sheets))
    said = ("Checked by deckcheck: legal in Legacy on 2024-06-01. This verdict is the deck's alone: team Blue Sky"
            " is checked as a whole in the event's report.")
    assert said in ann and said in bob
    assert "Checked by deckcheck: legal in Legacy on 2024-06-01." in cy and "as a whole" not in cy


def test_the_team_note_prints_the_team_name_as_the_header_does(cli, tmp_path):
    """The note under a team member's verdict quoted the manifest's team name unfiltered:
    a character the fonts lack vanished from it (fpdf2's 'Font ... is missing the following
    glyphs' on stderr, not deckcheck's warning) and a control character was drawn."""
    folder = tmp_path / "event"
    folder.mkdir()
    for name in ("ann", "bob"):
        (folder / f"{name}.txt").write_text(BURN.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "reg.csv").write_text('player,deck,team\nann,ann.txt,"Blue \U0001f40d\x01Sky"\nbob,bob.txt,"Blue \U0001f40d\x01Sky"\n',
                                    encoding="utf-8")
    sheets = tmp_path / "sheets.pdf"
    done = cli("batch", str(folder / "reg.csv"), "-f", "mtg/modern", "--sheets", str(sheets), "--no-unified", "-q")
    assert done.returncode == 0, done.stderr
    assert "missing the following glyphs" not in done.stderr
    # Warned of once, as the header's team box; the note quoting it adds no warning of its own.
    assert done.stderr.count("fonts cannot draw") == 1, done.stderr
    for page in pdf_pages(sheets):
        flat = " ".join(page.split())
        assert "team Blue \ufffdSky is checked as a whole" in flat
        assert "\x01" not in page


def test_an_illegal_decks_sheet_prints_its_verdict_in_red(cli, tmp_path):
    """An illegal deck's sheet said so in the same small grey line as a legal one's, at
    its foot: in a stack of an event's sheets a judge could not tell them apart without
    reading each. The verdict of an illegal deck is printed in bold red (dark, on a grey
    printer); a legal deck's page prints no red at all."""
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "ann.txt").write_text(BURN.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "bob.txt").write_text("4 Lightning Bolt\n1 Mox Opal\n55 Mountain\n", encoding="utf-8")
    (folder / "reg.csv").write_text("player,deck\nann,ann.txt\nbob,bob.txt\n", encoding="utf-8")
    sheets = tmp_path / "sheets.pdf"
    done = cli("batch", str(folder / "reg.csv"), "-f", "mtg/modern", "--date", "2024-06-01", "--sheets", str(sheets), "-q")
    assert done.returncode == 1, done.stderr
    assert "NOT legal in Modern" in pdf_pages(sheets)[1]
    assert red_rows(sheets, 1) == []
    red = red_rows(sheets, 2)
    assert red and min(red) > 0.8  # the verdict line at the foot, nothing else


def test_sheets_of_a_zip_use_the_format_each_row_was_checked_against(cli, tmp_path):
    """The sheets loaded each row's format again, without the archive as its `extends:`
    tree: a format extending `../common/base.yaml` ended the run in an internal error
    (AssertionError), as did any row whose format could not be used when no -f was given."""
    import zipfile

    archive = tmp_path / "set.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.writestr("reg.csv", "player,deck,format\nann,a.txt,formats/cube.yaml\nbob,a.txt,formats/missing.yaml\n")
        out.writestr("a.txt", BURN.read_text(encoding="utf-8"))
        out.writestr("formats/cube.yaml", "name: Cube\nextends: ../common/base.yaml\n")
        out.writestr("common/base.yaml", "name: Base\ngame: mtg\nextends: mtg/modern\n")
    sheets = tmp_path / "sheets.pdf"
    done = cli("batch", "set.zip", "--sheets", str(sheets), "--date", "2024-06-01", "-q", cwd=tmp_path)
    assert done.returncode == 1, done.stderr  # bob's format file is missing: his row's problem
    assert "internal error" not in done.stderr
    pages = pdf_pages(sheets)
    assert len(pages) == 2
    assert "Cube (formats/cube.yaml)" in pages[0] and "legal in Cube" in pages[0]
    assert "Registration without a usable format" in pages[1] and "formats/missing.yaml" in pages[1]
    assert "deckcheck-zip" not in pages[1]


COCKATRICE = ('<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n<deckname>Boros Burn</deckname>\n'
              '<zone name="main"><card number="20" name="Mountain"/><card number="4" name="Lightning Bolt"/>'
              '<card number="4" name="Goblin Guide"/><card number="4" name="Monastery Swiftspear"/>'
              '<card number="4" name="Lava Spike"/><card number="4" name="Rift Bolt"/><card number="4" name="Skewer the Critics"/>'
              '<card number="4" name="Boros Charm"/><card number="4" name="Lightning Helix"/><card number="4" name="Searing Blaze"/>'
              '<card number="4" name="Skullcrack"/></zone>\n<zone name="side"/>\n</cockatrice_deck>\n')


def test_the_pages_of_one_batch_each_show_what_their_row_gives(cli, tmp_path):
    """One manifest and one batch run (each run starts the installed command: review of
    session 33, finding 3), a row or two for each thing a page must show:

    - a row whose format is misspelt (its deck file there and readable) said "No decklist
      for this registration" under its title "Registration without a usable format", a
      desk told to chase a list the player had handed in: the format is why (ann); a
      missing deck's page still says there is no decklist (bob), its format misspelt or
      not (cy got the format's heading, the missing file a bullet below: finding 4);
    - a page with no decklist lists the row's warnings too: two rows naming one missing
      file each said `no such file`, not that another player registered it (dee, eve);
    - that page counts the lines it has no room for: a deck of 80 long unreadable lines in
      an unknown format lost its warning that another player registered the same file
      (fay, gus: finding 1);
    - each sheet has the Deck Name box its file gives, as `sheet` fills it (a Cockatrice
      <deckname>, a text list's title line): `batch --sheets` left it off every sheet
      (hal, ida; jo's file gives none);
    - a draft pod's seat of a row of no team (`1` to `8`, docs/batch.md), which the event
      page shows, was shown on its sheet only for a team's row (kim; lee gives none)."""
    burn = BURN.read_text(encoding="utf-8")
    bad = "".join(f"4 Lightning Bolt\nbad line {n} " + " ".join(["word"] * 30) + "\n" for n in range(80))
    write(tmp_path, {
        "a.txt": burn, "bad.txt": bad, "hal.cod": COCKATRICE, "ida.txt": "Mono Red Burn\n" + burn, "jo.txt": burn,
        "kim-pool.txt": "3 Shock\n10 Goblin Piker\n2 Grizzly Bears\n", "lee-pool.txt": "3 Shock\n10 Goblin Piker\n",
        "kim.txt": "2 Shock\n10 Goblin Piker\n28 Mountain\n", "lee.txt": "2 Shock\n10 Goblin Piker\n28 Mountain\n",
        "reg.csv": "player,deck,format,pool,seat\nann,a.txt,mtg/modrn,,\nbob,gone.txt,,,\ncy,lost.txt,mtg/modrn,,\n"
                   "dee,shared.txt,,,\neve,shared.txt,,,\nfay,bad.txt,mtg/modrn,,\ngus,bad.txt,mtg/modrn,,\n"
                   "hal,hal.cod,,,\nida,ida.txt,,,\njo,jo.txt,,,\n"
                   "kim,kim.txt,mtg/limited,kim-pool.txt,3\nlee,lee.txt,mtg/limited,lee-pool.txt,\n",
    })
    sheets = tmp_path / "sheets.pdf"
    done = cli("batch", "reg.csv", "-f", "mtg/modern", "--date", "2024-06-01", "--sheets", str(sheets), "-q", cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr  # a deck not read is a batch's exit 1
    pages = pdf_pages(sheets)
    assert len(pages) == 12, pages
    ann, bob, cy, dee, eve, fay, gus, hal, ida, jo, kim, lee = (" ".join(page.split()) for page in pages)
    assert "No decklist" not in ann and "No sheet for this registration: its format could not be used" in ann
    assert "unknown format 'mtg/modrn'; did you mean mtg/modern?" in ann
    assert "No decklist for this registration" in bob and "gone.txt: no such file" in bob
    assert "No sheet for this registration" not in cy and "Registration without a decklist" in cy
    assert "No decklist for this registration lost.txt: no such file \u2022 manifest line 4: format 'mtg/modrn'" in cy, cy
    assert "shared.txt: no such file" in dee and "Warning: manifest line 5: deck file shared.txt is also registered by eve" in dee
    assert "Warning: manifest line 6: deck file shared.txt is also registered by dee" in eve
    for page in (fay, gus):
        found = re.search(r"and (\d+) more \(see the report\)", page)
        assert found, page
        # The report's 27 problems and 1 warning, less the unknown format the page gives
        # as its reason: what is listed and what is counted make 27.
        assert "unknown format 'mtg/modrn'" in page
        assert page.count("\u2022 ") + int(found.group(1)) == 27, page
    assert "Deck name" in hal and "Boros Burn" in hal
    assert "Deck name" in ida and "Mono Red Burn" in ida
    assert "Deck name" not in jo
    assert "Seat\n" in pages[10] and "\n3\n" in pages[10] and "Seat" not in lee  # the box's label, its value below


def test_a_deck_name_comes_back_from_a_worker_with_the_decks_cards(tmp_path, monkeypatch):
    """What a worker sends back of a deck whose cards a sheet lists holds its name too."""
    import datetime as dt

    from deckcheck.batch import runner
    from deckcheck.batch.wire import decode

    (tmp_path / "ann.cod").write_text(COCKATRICE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    task = runner.Task(path="ann.cod", shown="ann.cod", format_id="mtg/modern", keep_entries=True)
    runner._start_worker(task)
    [wire] = runner._check_chunk([task], dt.date(2024, 6, 1))
    assert decode(wire, task).result.deck_name == "Boros Burn"


def test_a_deck_name_is_kept_no_longer_than_a_sheet_could_print(tmp_path, monkeypatch):
    """A Cockatrice <deckname> is read up to 65,536 characters (MAX_XML_TEXT_CHARS): it came back from the
    worker and stayed on every kept DeckResult whole, though the sheet's Deck name box
    prints 120 characters (review of session 33, finding 5). It is kept to
    MAX_DECK_NAME_KEPT characters, the sheet's Deck name box as it was."""
    import datetime as dt

    from deckcheck.batch import runner
    from deckcheck.batch.wire import decode
    from deckcheck.limits import MAX_DECK_NAME_KEPT
    from deckcheck.paperwork.pdf import MAX_FIELD_CHARS

    name = "Boros Burn " + "B" * 1_000_000
    (tmp_path / "ann.cod").write_text(COCKATRICE.replace("Boros Burn", name), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    task = runner.Task(path="ann.cod", shown="ann.cod", format_id="mtg/modern", keep_entries=True)
    runner._start_worker(task)
    [wire] = runner._check_chunk([task], dt.date(2024, 6, 1))
    kept = decode(wire, task).result.deck_name
    assert kept == name[:MAX_DECK_NAME_KEPT]
    assert MAX_FIELD_CHARS < MAX_DECK_NAME_KEPT < 10_000


def test_sheets_that_cannot_be_written_stop_the_batch_before_any_deck_is_read(cli, tmp_path):
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "a.txt").write_text(BURN.read_text(encoding="utf-8"), encoding="utf-8")
    target = tmp_path / "precious.pdf"
    target.write_bytes(b"%PDF precious")
    link = tmp_path / "sheets.pdf"
    link.symlink_to(target)
    done = cli("batch", str(folder), "-f", "mtg/modern", "--sheets", str(link), "-q")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        f"deckcheck: error: --sheets {link}: cannot write (it is a symbolic link, and deckcheck never writes through links; "
        "remove the link or name another file)"
    ]
    assert target.read_bytes() == b"%PDF precious"


def test_the_html_report_is_not_written_through_a_symbolic_link(cli, tmp_path):
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "a.txt").write_text(BURN.read_text(encoding="utf-8"), encoding="utf-8")
    target = tmp_path / "precious.html"
    target.write_text("precious", encoding="utf-8")
    link = tmp_path / "event.html"
    link.symlink_to(target)
    done = cli("batch", str(folder), "-f", "mtg/modern", "-o", "html", "--report", str(link), "-q")
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1].startswith(f"deckcheck: error: --report {link}: cannot write (it is a symbolic link")
    assert target.read_text(encoding="utf-8") == "precious" and link.is_symlink()


@pytest.mark.parametrize("sheets, report", [("same.pdf", "same.pdf"), ("same.pdf", "./out/../same.pdf")])
def test_sheets_and_report_naming_one_file_stop_the_batch_before_any_work(cli, tmp_path, sheets, report):
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "a.txt").write_text(BURN.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "out").mkdir()
    done = cli("batch", str(folder), "-f", "mtg/modern", "--sheets", sheets, "-o", "html", "--report", report, "-q", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        f"deckcheck: error: --sheets {sheets} and --report {Path(report)} name the same file; "
        "one would replace the other: name two files"
    ]
    assert not (tmp_path / "same.pdf").exists()


@pytest.mark.parametrize("command", [
    ["batch", "event", "-f", "mtg/modern", "-q", "--sheets"],
    ["sheet", "event/a.txt", "-f", "mtg/modern", "--player", "Ann", "--event", "FNM", "--out"],
])
@pytest.mark.parametrize("name, meant", [("out/sheets.txt", "out/sheets.pdf"), ("out/sheets", "out/sheets.pdf"),
                                         ("out/sheets.PDF", None)])
def test_sheets_are_written_only_under_a_pdf_name(cli, tmp_path, command, name, meant):
    # `--sheets out/x.txt` (outside the folder checked) wrote the PDF under a .txt name: a
    # text editor opened it as text, and a later batch of that folder read it as a decklist.
    (tmp_path / "event").mkdir()
    (tmp_path / "event" / "a.txt").write_text(BURN.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "out").mkdir()
    done = cli(*command, name, cwd=tmp_path)
    if meant is None:  # a .pdf name in any case is one
        assert done.returncode == 0, done.stderr
        assert (tmp_path / name).read_bytes().startswith(b"%PDF")
        return
    option = command[-1]
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        f"deckcheck: error: {option} {name}: cannot write (the sheets are a PDF, which a name ending in .pdf says; "
        f"name the file {meant})"
    ]
    assert not (tmp_path / name).exists()


MAX_CARD_NAME_CHARS = 200  # deckcheck/paperwork/pdf.py: a longer card name is cut with …


@pytest.mark.parametrize("name", ["W" * 3000, "Ab " * 1000, "x" * 1020])
def test_a_hostile_card_name_is_cut_and_wrapped_with_few_measurements(name):
    """Wrapping shortened a line one character at a time, measuring the whole line each
    time: a 3,000-character name took over a minute."""
    from deckcheck.paperwork.fonts import FAMILY
    from deckcheck.paperwork.pdf import NORMAL, SheetWriter

    writer = SheetWriter()
    measured: list[int] = []
    measure = writer.pdf.get_string_width
    writer.pdf.get_string_width = lambda text, *args, **kwargs: measured.append(len(text)) or measure(text, *args, **kwargs)
    rows = writer._card_rows(4, writer._card_name(name), NORMAL)
    text = "".join(row.text for row in rows).replace(" ", "")
    assert text == name[:MAX_CARD_NAME_CHARS - 1].replace(" ", "") + "\u2026"
    assert len(measured) < 400 and sum(measured) < 40_000
    width = writer._column_width(NORMAL) - NORMAL.count_width - 1
    writer.pdf.set_font(FAMILY, "", NORMAL.min_name_pt)
    assert all(measure(row.text) <= width for row in rows)


def test_names_of_many_short_words_are_wrapped_with_few_measurements():
    """Wrapping measured the line so far again at every word: a name of 100 one-letter
    words took some 190 measurements of up to 200 characters (12 ms), and a deck of 10,000
    such lines over three minutes for its sheet. A text's width is its characters' widths
    (fpdf2 measures without kerning or shaping): each character is measured once a font."""
    from deckcheck.paperwork.fonts import FAMILY
    from deckcheck.paperwork.pdf import COMPACT, NORMAL, SheetWriter

    writer = SheetWriter()
    measured: list[int] = []
    measure = writer.pdf.get_string_width
    writer.pdf.get_string_width = lambda text, *args, **kwargs: measured.append(len(text)) or measure(text, *args, **kwargs)
    names = [("W " * 100)[:190] + str(number) for number in range(200)]
    for layout in (NORMAL, COMPACT):
        width = writer._column_width(layout) - layout.count_width - 1
        for name in names:
            rows = writer._card_rows(1, writer._card_name(name), layout)
            assert " ".join(row.text for row in rows) == name
            writer.pdf.set_font(FAMILY, "", layout.min_name_pt)
            assert all(measure(row.text) <= width for row in rows) and len(rows) > 1
    assert sum(measured) < 2_000, (len(measured), sum(measured))


MAX_SHEET_WARNINGS = 100  # deckcheck/limits.py: names a run's sheets warn of
MAX_CHARS_DESCRIBED = 10  # ... and the characters each of those warnings names


def test_names_the_fonts_cannot_draw_get_few_short_warnings(cli, tmp_path):
    """Each name with characters the fonts lack was a warning quoting it whole and naming
    each such character, every one checked against those found before it: a player named
    by 40,000 characters of CJK Extension B (a 160 KB manifest) took 20 s and printed a
    1.6 MB line; a deck of 10,000 such card names (930 KB) printed 12 MB of warnings."""
    player = "".join(chr(0x20000 + i) for i in range(40_000))
    # Hangul syllables: the fonts draw the kanji of Shift-JIS, no Korean.
    cards = "".join(f"1 {chr(0xAC00 + i)}{chr(0xB000 + i)}{chr(0xB400 + i)}\n" for i in range(300))
    (tmp_path / "deck.txt").write_text(cards, encoding="utf-8")
    (tmp_path / "reg.csv").write_text(f"player,deck\n{player},deck.txt\nbob,deck.txt\n", encoding="utf-8")
    done = cli("batch", "reg.csv", "-f", "mtg/modern", "--sheets", "s.pdf", "-o", "json", "--event", "E",
               cwd=tmp_path, timeout=120)
    assert done.returncode == 1, done.stderr[-500:]
    warnings = [line for line in done.stderr.splitlines() if "fonts cannot draw" in line]
    assert len(warnings) == MAX_SHEET_WARNINGS + 1 and len(done.stderr) < 100_000
    first = warnings[0]
    assert first.startswith(f"deckcheck: warning: player {player[:200]!r}: the sheet's fonts cannot draw U+20000 ")
    assert first.endswith("U+20009 CJK UNIFIED IDEOGRAPH-20009 and 39,990 more; printed as \ufffd")
    # 304 names in all (the player, the 300 cards both sheets share, two of the problems
    # printed on them, and bob's warning that his deck file is the player's too, which his
    # sheet prints): those past the bound are counted.
    assert warnings[-1] == ("deckcheck: warning: 204 more names hold characters the sheet's fonts cannot draw "
                            "(not listed); printed as \ufffd")
    assert "player 'bob'" not in done.stderr


def test_a_japanese_events_player_names_print_in_kanji(cli, tmp_path):
    """A manifest saved by Excel on Japanese Windows is Shift-JIS: its players' names in
    kanji were printed as \ufffd (the fonts held kana only), one warning per player. 髙 is
    one of Microsoft's additions to Shift-JIS."""
    (tmp_path / "deck.txt").write_text("60 Mountain\n", encoding="utf-8")
    (tmp_path / "reg.csv").write_bytes("player,deck\n山田太郎,deck.txt\n渡邊髙橋,deck.txt\n".encode("cp932"))
    done = cli("batch", "reg.csv", "-f", "mtg/modern", "--sheets", "s.pdf", "-o", "json", "--event", "大会", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "cannot draw" not in done.stderr
    text = "\n".join(pdf_pages(tmp_path / "s.pdf"))
    assert "山田太郎" in text and "渡邊髙橋" in text and "大会" in text


@pytest.mark.parametrize(("codec", "players", "event"), [
    # 扬 (of a real MTGO player, decks.jsonl.gz), 刘, 开 and 赛 are in no Shift-JIS.
    ("gb2312", ["周逸扬", "刘洋", "郭家豪"], "上海摩登公开赛"),
    ("big5", ["張瑋倫", "黃詠琳", "吳宥蓁"], "臺北摩登公開賽"),  # 瑋, 黃, 吳: nor these
])
def test_a_chinese_events_player_names_print_in_hanzi(cli, tmp_path, codec, players, event):
    """deckcheck reads a manifest saved by Excel on Chinese Windows (GB2312 or Big5), but
    the sheets' fonts held only the kanji of Shift-JIS: most of its players' names printed
    with \ufffd in them, one warning per player."""
    for number in range(len(players)):  # a deck each: a shared one's warning names the others on every sheet
        (tmp_path / f"deck{number}.txt").write_text("60 Mountain\n", encoding="utf-8")
    rows = "".join(f"{player},deck{number}.txt\n" for number, player in enumerate(players))
    (tmp_path / "reg.csv").write_bytes(f"player,deck\n{rows}".encode(codec))
    done = cli("batch", "reg.csv", "-f", "mtg/modern", "--sheets", "s.pdf", "-o", "json", "--event", event, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "cannot draw" not in done.stderr
    pages = pdf_pages(tmp_path / "s.pdf")
    assert [next(player for player in players if player in page) for page in pages] == players
    assert all(event in page for page in pages)


def test_a_limited_events_sheets_list_each_pools_rest_as_the_sideboard(cli, tmp_path):
    """As `sheet --pool` does: the pool each row registered, its cards the main deck does
    not use listed as the sideboard; a team's member lists none (members may register one
    pool, whose rest is then the team's, not one member's)."""
    (tmp_path / "pool.txt").write_text("3 Shock\n10 Goblin Piker\n2 Grizzly Bears\n", encoding="utf-8")
    (tmp_path / "team.txt").write_text("6 Shock\n20 Goblin Piker\n2 Grizzly Bears\n", encoding="utf-8")
    for name in ("ann", "bob", "cy"):
        (tmp_path / f"{name}.txt").write_text("2 Shock\n10 Goblin Piker\n28 Mountain\n", encoding="utf-8")
    (tmp_path / "reg.csv").write_text(
        "player,team,deck,pool\nann,,ann.txt,pool.txt\nbob,Blue,bob.txt,team.txt\ncy,Blue,cy.txt,team.txt\n", encoding="utf-8")
    sheets = tmp_path / "sheets.pdf"
    done = cli("batch", str(tmp_path / "reg.csv"), "-f", "mtg/limited", "--sheets", str(sheets), "-q")
    assert done.returncode == 0, done.stdout + done.stderr
    ann, bob, cy = pdf_pages(sheets)
    assert "Sideboard (rest of the pool)" in ann and "2 Grizzly Bears" in ann and "Sideboard: 3" in ann
    assert "Sideboard" not in bob and "Sideboard" not in cy


def test_a_limited_events_sheets_list_the_rest_of_the_pool_exactly_when_the_report_counts_it(cli, tmp_path):
    """The sheets left out the rest of a team's pool only: two players of no team who
    register one pool file (a cube's list, or a row copied by mistake) each got its rest as
    'Sideboard (rest of the pool)', where the text report says `sideboard 0` (the rest of a
    shared pool is no one player's: docs/batch.md), and a team draft's member, who drafts a
    pool of their own, got none where the report counts it (review of session 33, finding
    4). A sheet lists the rest as the sideboard exactly when the report counts it
    (DeckResult.pool_rest), a link to the shared file included."""
    write(tmp_path, {
        "pool.txt": "3 Shock\n10 Goblin Piker\n2 Grizzly Bears\n", "own.txt": "3 Shock\n10 Goblin Piker\n2 Grizzly Bears\n",
        "drafted.txt": "3 Shock\n10 Goblin Piker\n1 Hill Giant\n",
        **{f"{name}.txt": "2 Shock\n10 Goblin Piker\n28 Mountain\n" for name in ("ann", "bob", "cy", "dee", "eve")},
        "reg.csv": "player,team,deck,pool\nann,,ann.txt,pool.txt\nbob,,bob.txt,link.txt\ncy,Red,cy.txt,own.txt\n"
                   "dee,Red,dee.txt,drafted.txt\neve,,eve.txt,./own.txt\n",
    })
    (tmp_path / "link.txt").symlink_to("pool.txt")
    sheets = tmp_path / "sheets.pdf"
    done = cli("batch", str(tmp_path / "reg.csv"), "-f", "mtg/limited", "--sheets", str(sheets), "-q")
    assert done.returncode == 0, done.stdout + done.stderr
    ann, bob, cy, dee, eve = pdf_pages(sheets)
    for page in (ann, bob, cy, eve):  # pool.txt twice, own.txt by a team member and a player of no team
        assert "Sideboard" not in page and "Grizzly Bears" not in page, page
    assert "Sideboard (rest of the pool)" in dee and "1 Hill Giant" in dee and "Sideboard: 2" in dee, dee


def test_a_limited_events_sheets_take_each_pool_as_its_check_read_it(tmp_path, monkeypatch):
    """`batch --sheets` read each registered pool again for its sheet, though the check had
    just read it in the same process; the sheet now lists the pool the check read."""
    import datetime as dt

    from deckcheck import registered_pools
    from deckcheck.batch import check_source, runner
    from deckcheck.paperwork.batch_sheets import BatchSheets

    for name in ("ann", "bob"):
        (tmp_path / f"{name}-pool.txt").write_text("3 Shock\n10 Goblin Piker\n2 Grizzly Bears\n", encoding="utf-8")
        (tmp_path / f"{name}.txt").write_text("2 Shock\n10 Goblin Piker\n28 Mountain\n", encoding="utf-8")
    (tmp_path / "reg.csv").write_text("player,deck,pool\nann,ann.txt,ann-pool.txt\nbob,bob.txt,bob-pool.txt\n", encoding="utf-8")
    reads: list[str] = []
    read_pool = registered_pools.read_pool

    def counted(source, **options):
        reads.append(str(source))
        return read_pool(source, **options)

    monkeypatch.setattr(registered_pools, "read_pool", counted)
    monkeypatch.setattr(runner, "read_pool", counted)
    sheets = BatchSheets(event="Sealed", day=dt.date(2025, 1, 1))
    check_source(str(tmp_path / "reg.csv"), "mtg/limited", date="2025-01-01", jobs=1, on_result=sheets.add)
    assert sorted(reads) == [str(tmp_path / "ann-pool.txt"), str(tmp_path / "bob-pool.txt")]
    assert sheets.sheets == 2


def test_the_same_event_makes_the_same_sheets_bytes(cli, tmp_path):
    """As `sheet`'s: the PDF's creation date is the event's (--date), not the second it
    was written, so running the batch again makes the same file."""
    import time

    (tmp_path / "event").mkdir()
    (tmp_path / "event" / "a.txt").write_text(BURN.read_text(encoding="utf-8"), encoding="utf-8")
    first, second = tmp_path / "first.pdf", tmp_path / "second.pdf"
    for sheets in (first, second):
        done = cli("batch", "event", "-f", "mtg/modern", "--date", "2024-06-01", "--sheets", str(sheets), "-q", cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        time.sleep(1.1)  # the creation date had whole seconds
    assert b"/CreationDate (D:20240601000000Z)" in first.read_bytes()
    assert first.read_bytes() == second.read_bytes()


def test_the_sheets_file_is_named_on_stderr_as_sheet_names_its_own(cli, tmp_path):
    """`sheet` says `wrote FILE (N pages)`; `batch --sheets` wrote its PDF without a word,
    so an organiser could not tell from the run where the sheets went, or that they did.
    The line goes to stderr: stdout is the report, read by machines (`-o json`)."""
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "a.txt").write_text(BURN.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "reg.csv").write_text("player,deck\nAnn,a.txt\nBea,a.txt\n", encoding="utf-8")
    sheets = tmp_path / "sheets.pdf"
    done = cli("batch", str(folder / "reg.csv"), "-f", "mtg/modern", "--sheets", str(sheets), "-o", "json", "-q")
    assert done.returncode == 0, done.stderr
    assert f"deckcheck: note: wrote {sheets} (2 pages)\n" in done.stderr
    assert "wrote" not in done.stdout and done.stdout.lstrip().startswith("{")
    assert len(pdf_pages(sheets)) == 2


def test_a_name_holding_nb_prints_as_written_on_every_line(cli, tmp_path):
    """fpdf2's cell() and multi_cell() put the PDF's page count where a text says `{nb}`,
    its text() does not: a Japanese player `山田 {nb} 祐揮` (a line only cell()'s fallback
    font draws) printed `山田 3 祐揮` and a missing deck file `gone {nb}.txt` `gone 3.txt`,
    while a Latin name printed `{nb}`. The sheets count their own pages, so `{nb}` is never
    replaced."""
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "a.txt").write_text(BURN.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "b.txt").write_text("4 Lightning Bolt\n1 Goblin {nb} Guide\n", encoding="utf-8")
    (folder / "manifest.csv").write_text(
        "player,deck\nAnn {nb} Lee,a.txt\n山田 {nb} 祐揮,b.txt\nBea {nb},gone {nb}.txt\n", encoding="utf-8")
    sheets = tmp_path / "sheets.pdf"
    done = cli("batch", str(folder / "manifest.csv"), "-f", "mtg/modern", "--sheets", str(sheets), "-q")
    assert done.returncode == 1, done.stderr  # the missing deck is a problem of its row
    latin, japanese, missing = pdf_pages(sheets)
    assert "Ann {nb} Lee" in latin and "Page 1 of 1" in latin
    assert "山田 {nb} 祐揮" in japanese and "Goblin {nb} Guide" in japanese
    assert "Bea {nb}" in missing and "gone {nb}.txt: no such file" in missing
