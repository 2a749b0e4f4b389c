"""`deckcheck sheet`: registration sheets as PDF, end to end through the installed command,
read back with pdftotext (docs/paperwork.md)."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from paperwork import overlapping_words, pdf_pages, pdf_title, pdf_words
from real_decks import format_id, mtgo_text, read_decks

from deckcheck.names import display_name

BURN = Path(__file__).resolve().parent.parent / "examples" / "burn-modern.txt"
# 13 cards, 3 copies each, legal in the TCG on 2025-01-01: with 1 Mirror Force, a 40-card Main Deck.
YUGIOH_NAMES = (
    "Dark Magician", "Blue-Eyes White Dragon", "Kuriboh", "Celtic Guardian", "Summoned Skull", "Trap Hole",
    "Gaia the Fierce Knight", "Effect Veiler", "Pot of Desires", "Mystical Space Typhoon", "Ghost Belle & Haunted Mansion",
    "Infinite Impermanence", "Dark Magician Girl",
)
FORMATS = ("Modern", "Legacy", "Pioneer", "Pauper", "Standard", "Vintage")


def _real_75_card_decks(shared_data: Path) -> list[dict]:
    """The first MTGO deck of 60 + 15 cards of each format."""
    found: dict[str, dict] = {}
    for deck in read_decks(shared_data):
        counts = (sum(card["count"] for card in deck["mainboard"]), sum(card["count"] for card in deck["sideboard"]))
        if deck["event"]["source"] == "MTGO" and counts == (60, 15) and deck["format"] not in found:
            found[deck["format"]] = deck
        if len(found) == len(FORMATS):
            break
    return [found[name] for name in FORMATS if name in found]


def _sheet(cli, deck: Path, out: Path, *args: str):
    return cli("sheet", str(deck), "--player", "Ann Lee", "--event", "Friday Night Magic", "--out", str(out), *args)


def _lines(path: Path) -> list[str]:
    """The first page's lines as printed: its words (pdftotext -bbox) left to right, both
    columns in one line, a word on the line whose bottom is within 1.5 pt of its own (the
    fallback font's words sit a little lower in their boxes than DejaVu's)."""
    rows: list[tuple[float, list[tuple[float, str]]]] = []
    for text, x0, _, _, y1 in sorted(pdf_words(path)[0], key=lambda word: word[4]):
        if rows and y1 - rows[-1][0] <= 1.5:
            rows[-1][1].append((x0, text))
        else:
            rows.append((y1, [(x0, text)]))
    return [" ".join(text for _, text in sorted(row)) for _, row in rows]


def _legal_sheet_text(cli, tmp_path: Path, decklist: str, fmt: str) -> str:
    """The first page's text of the sheet of a legal `decklist` in `fmt` on 2025-01-01."""
    deck = tmp_path / "deck.txt"
    deck.write_text(decklist, encoding="utf-8")
    out = tmp_path / "sheet.pdf"
    done = _sheet(cli, deck, out, "-f", fmt, "--date", "2025-01-01")
    assert done.returncode == 0, done.stdout + done.stderr
    return pdf_pages(out)[0]


@pytest.mark.parametrize("which", FORMATS)
def test_a_real_75_card_list_is_one_page_with_every_card_and_the_player(cli, tmp_path, shared_data, shared_cards_db, which):
    from deckcheck.cards import catalog_for

    decks = {deck["format"]: deck for deck in _real_75_card_decks(shared_data)}
    if which not in decks:
        pytest.skip(f"the shared decklists hold no MTGO {which} deck of 60 + 15 cards")
    deck = decks[which]
    path = tmp_path / "deck.txt"
    path.write_text(mtgo_text(deck), encoding="utf-8")
    out = tmp_path / "sheet.pdf"
    done = cli("sheet", str(path), "-f", format_id(deck), "--date", deck["date"], "--player", deck["player"],
               "--event", deck["event"]["name"], "--cards-db", str(shared_cards_db), "--force", "--out", str(out))
    assert done.returncode in (0, 1), done.stderr
    assert done.stdout.splitlines()[-1] == f"wrote {out} (1 page)"
    pages = pdf_pages(out)
    assert len(pages) == 1
    text = pages[0]
    catalog, _ = catalog_for("mtg", shared_cards_db)
    for card in deck["mainboard"] + deck["sideboard"]:
        known = catalog.get(card["name"])
        assert (known.name if known else display_name(card["name"])) in text, card["name"]
    assert deck["player"] in text
    assert "Main deck: 60" in text and "Sideboard: 15" in text
    assert "For judges only" in text


def test_cards_are_grouped_by_type_with_card_data_and_by_name_without(cli, tmp_path, shared_cards_db):
    by_type = tmp_path / "type.pdf"
    done = _sheet(cli, BURN, by_type, "-f", "mtg/modern", "--cards-db", str(shared_cards_db))
    assert done.returncode == 0, done.stderr
    text = pdf_pages(by_type)[0]
    for title in ("Lands", "Creatures", "Instants", "Sorceries", "Sideboard"):
        assert title in text
    assert text.index("Lands") < text.index("Mountain") < text.index("Creatures") < text.index("Monastery Swiftspear")
    by_name = tmp_path / "name.pdf"
    done = _sheet(cli, BURN, by_name, "-f", "mtg/modern", "--cards-db", str(shared_cards_db), "--sort", "name")
    assert done.returncode == 0, done.stderr
    text = pdf_pages(by_name)[0]
    assert "Creatures" not in text and "Main deck" in text
    main = [line.split(" ", 1)[1] for line in BURN.read_text(encoding="utf-8").split("\n\n")[0].splitlines() if line[:1].isdigit()]
    assert len(main) == 16
    assert [text.index(name) for name in sorted(main)] == sorted(text.index(name) for name in main)


def test_a_card_database_named_but_missing_is_a_usage_error(cli, tmp_path):
    out = tmp_path / "sheet.pdf"
    done = _sheet(cli, BURN, out, "-f", "mtg/modern", "--cards-db", str(tmp_path / "none.sqlite"))
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1].startswith(f"deckcheck: error: --cards-db {tmp_path / 'none.sqlite'}: no such file")
    assert not out.exists()


def test_without_card_types_the_sheet_says_it_sorted_by_name(cli, tmp_path):
    """Names no card data knows have no type: the main deck is one alphabetical list, and
    the sheet and stderr say why."""
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Zebra Unknown Card\n56 Aardvark Unknown Card\n", encoding="utf-8")
    out = tmp_path / "sheet.pdf"
    done = _sheet(cli, deck, out, "-f", "mtg/legacy", "--force")
    assert done.returncode in (0, 1), done.stderr
    assert "deckcheck: warning: no card data knows these cards' types, so the main deck is sorted by name" in done.stderr
    text = pdf_pages(out)[0]
    assert "sorted by name" in text and "Main deck" in text
    assert text.index("Aardvark Unknown Card") < text.index("Zebra Unknown Card")


def test_yugioh_sheet_has_monster_spell_trap_extra_and_side(cli, tmp_path, shared_data, ygo_cards_db):
    deck = sorted((shared_data / "ygo" / "decks").glob("*.ydk"))[0]
    out = tmp_path / "ygo.pdf"
    done = cli("sheet", str(deck), "-f", "yugioh/advanced-tcg", "--player", "Yugi", "--event", "Locals",
               "--cards-db", str(ygo_cards_db), "--force", "--out", str(out))
    assert done.returncode in (0, 1), done.stderr
    pages = pdf_pages(out)
    assert len(pages) == 1
    # Konami's sheet's words: Monster Cards ... and Main Deck (it said "Monster cards" and
    # "Main deck: 40" beside "Side Deck: 1", Magic's word for the one zone).
    for title in ("Monster Cards", "Spell Cards", "Trap Cards", "Extra Deck", "Side Deck", "Main Deck: 40"):
        assert title in pages[0]
    assert "Main deck" not in pages[0]
    assert "Yu-Gi-Oh! deck registration sheet" in pages[0]


def test_yugioh_sheet_totals_an_empty_extra_and_side_deck(cli, tmp_path):
    """Konami's form has a total box for the Extra and the Side Deck, which a deck without
    one fills with 0: the sheet left both totals out ("Main Deck: 40" alone), so a judge
    could not tell a deck registered without a Side Deck from a sheet missing it, and the
    blank was there to write a Side Deck into later. The report heading names both
    ("Extra Deck 0, Side Deck 0")."""
    deck = tmp_path / "deck.txt"
    deck.write_text("Main Deck\n3 Pot of Desires\n3 Effect Veiler\n", encoding="utf-8")
    out = tmp_path / "ygo.pdf"
    done = cli("sheet", str(deck), "-f", "yugioh/advanced-tcg", "--date", "2026-06-01", "--player", "Yugi",
               "--event", "Locals", "--force", "--out", str(out))
    assert done.returncode == 1, done.stderr
    assert "Main Deck: 6 Extra Deck: 0 Side Deck: 0" in _lines(out)


# Legal in the OCG and the TCG on 2025-01-01 (Pot of Desires is semi-limited in the OCG).
OCG_AND_TCG_DECK = ("Main Deck\n" + "".join(f"{2 if name == 'Pot of Desires' else 3} {name}\n" for name in YUGIOH_NAMES)
                    + "2 Mirror Force\n")


def test_an_ocg_sheet_heads_its_boxes_in_the_ocgs_words_too(cli, tmp_path):
    """An OCG event's players and judges read Konami's Japanese deck sheet (デッキ記入シート,
    the rulebook's メインデッキ, エクストラデッキ, サイドデッキ, モンスターカード, 魔法カード,
    罠カード); deckcheck's sheet of an OCG format said only the TCG form's English words, while
    docs/paperwork.md said its totals were headed 'as on Konami's form'. An OCG sheet gives
    both, the Japanese first; a TCG sheet stays in English."""
    _legal_sheet_text(cli, tmp_path, OCG_AND_TCG_DECK, "yugioh/advanced-ocg")
    lines = _lines(tmp_path / "sheet.pdf")
    assert any(line.startswith("遊戯王OCG デッキ記入シート / Yu-Gi-Oh! OCG deck registration sheet") for line in lines), lines
    for title in ("モンスターカード / Monster Cards 27", "魔法カード / Spell Cards 5", "罠カード / Trap Cards 8",
                  "エクストラデッキ / Extra Deck 0", "サイドデッキ / Side Deck 0"):
        assert any(title in line for line in lines), (title, lines)
    assert "メインデッキ / Main Deck: 40 エクストラデッキ / Extra Deck: 0 サイドデッキ / Side Deck: 0" in lines
    assert overlapping_words(pdf_words(tmp_path / "sheet.pdf")[0]) == []
    tcg = _legal_sheet_text(cli, tmp_path, OCG_AND_TCG_DECK, "yugioh/advanced-tcg")
    assert "Monster Cards" in tcg and "モンスター" not in tcg and "Yu-Gi-Oh! deck registration sheet" in tcg


def test_wow_sheet_has_hero_main_and_side(cli, tmp_path):
    deck = tmp_path / "wow.txt"
    deck.write_text("Hero\n1 Varimathras\n\nDeck\n4 Ally One\n56 Ally Two\n\nSideboard\n10 Ability Three\n", encoding="utf-8")
    out = tmp_path / "wow.pdf"
    done = cli("sheet", str(deck), "-f", "wow/constructed", "--player", "Thrall", "--event", "Darkmoon Faire", "--force", "--out", str(out))
    assert done.returncode in (0, 1), done.stderr
    text = pdf_pages(out)[0]
    for title in ("World of Warcraft TCG deck registration sheet", "Hero", "Varimathras", "Side deck", "Main deck: 60"):
        assert title in text


def test_a_wow_sheet_heads_master_heroes_by_their_card_type(cli, tmp_path):
    """A Master Hero, a card type of the WoW TCG deck, is listed under its type: it was under
    "Other cards", as if the card data did not say what it is."""
    text = _legal_sheet_text(cli, tmp_path, "Hero: Graccus\n56 Ironforge Guards\n4 Kalecgos\n", "wow/constructed")
    assert "Master Heroes" in text and "Kalecgos" in text
    assert "Other cards" not in text


def test_a_300_card_list_continues_on_a_second_page(cli, tmp_path):
    names = [f"Registration Test Card {number:03}" for number in range(300)]
    deck = tmp_path / "big.txt"
    deck.write_text("".join(f"1 {name}\n" for name in names), encoding="utf-8")
    out = tmp_path / "big.pdf"
    done = _sheet(cli, deck, out, "-f", "mtg/legacy", "--force")
    assert done.returncode in (0, 1), done.stderr
    assert done.returncode == (0 if ": LEGAL" in done.stdout else 1)
    pages = pdf_pages(out)
    assert len(pages) == 2
    assert done.stdout.splitlines()[-1] == f"wrote {out} (2 pages)"
    text = "".join(pages)
    assert all(name in text for name in names)
    assert all("Main deck: 300" in page and "Ann Lee" in page for page in pages)  # player and totals on each page
    assert "Page 1 of 2" in pages[0] and "Page 2 of 2" in pages[1]
    assert "Main deck (continued)" in pages[1]
    assert "For judges only" in pages[0]


def test_an_illegal_deck_gets_no_sheet_unless_forced(cli, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Lightning Bolt\n1 Mox Opal\n40 Mountain\n", encoding="utf-8")
    out = tmp_path / "sheet.pdf"
    done = _sheet(cli, deck, out, "-f", "mtg/modern", "--date", "2024-06-01")
    assert done.returncode == 1
    assert "banned" in done.stdout and "deck-size" in done.stdout  # the problems, printed first
    assert done.stderr.splitlines()[-1].startswith("deckcheck: error: no sheet written: the deck is not legal in Modern (2 problems above)")
    assert not out.exists()
    done = _sheet(cli, deck, out, "-f", "mtg/modern", "--date", "2024-06-01", "--force")
    assert done.returncode == 1
    text = pdf_pages(out)[0]
    assert "NOT legal in Modern on 2024-06-01 (2 problems)" in text
    assert "Mox Opal is banned in Modern" in text


def test_hostile_player_and_event_names_print_as_text(cli, tmp_path):
    hostile = "Robert'); DROP TABLE players;--\n<script>alert(1)</script>\u202eevil\u0007 \U0001f40d"
    out = tmp_path / "sheet.pdf"
    done = cli("sheet", str(BURN), "-f", "mtg/modern", "--player", hostile, "--event", "<b>" + "x" * 500,
               "--id", "12\r\n34", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert "U+1F40D SNAKE" in done.stderr and "printed as \ufffd" in done.stderr
    assert "Traceback" not in done.stderr
    text = pdf_pages(out)[0]
    assert "Robert'); DROP TABLE players;-- <script>alert(1)</script>evil \ufffd" in text  # line break a space, controls gone
    assert "\u202e" not in text and "\u0007" not in text
    assert "<b>xxxx" in text and "x" * 500 not in text  # a long value is cut to the box
    assert "12 34" in text


def test_the_pdfs_title_holds_the_event_and_player_as_printed(cli, tmp_path):
    """A PDF viewer shows the document's title in its window and tab: it held the event and
    player as given, a line break, a bidi override turning the rest backwards and a bell
    character in it, all of which the page itself drops."""
    out = tmp_path / "sheet.pdf"
    done = cli("sheet", str(BURN), "-f", "mtg/modern", "--player", "Ann\u202eLee\x07 \u3164", "--event", "FNM\nModern",
               "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert pdf_title(out) == "FNM Modern: AnnLee"
    (tmp_path / "event").mkdir()
    (tmp_path / "event" / "ann.txt").write_text(BURN.read_text(encoding="utf-8"), encoding="utf-8")
    done = cli("batch", str(tmp_path / "event"), "-f", "mtg/modern", "--sheets", str(out), "--event", "Open\r\n\u202eday", "-q")
    assert done.returncode == 0, done.stderr
    assert pdf_title(out) == "Open day: deck registration sheets"
    # The viewer draws the title with the system's fonts: what the sheet's fonts lack stays
    # (it was U+FFFD, review of session 30).
    done = cli("sheet", str(BURN), "-f", "mtg/modern", "--player", "김민수 🐍", "--event", "서울 Open", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert pdf_title(out) == "서울 Open: 김민수 🐍"


@pytest.mark.parametrize(("path", "fmt", "name"), [
    ("cockatrice_cod/edh-Sliverfall.cod", "mtg/commander", "Sliverfall (EDH)"),  # <deckname>
    ("forge_dck/Modern_Amulet_Combo.dck", "mtg/modern", "Modern_Amulet Combo"),  # Name=
])
def test_the_deck_name_a_file_gives_is_on_the_sheet(cli, tmp_path, shared_data, path, fmt, name):
    """Wizards' decklist has a Deck Name box; a Cockatrice, Forge or Arena file names its
    deck, and a text list's title line is its name, but the sheet printed it nowhere."""
    out = tmp_path / "sheet.pdf"
    done = _sheet(cli, shared_data / "mtg" / "deck_formats" / path, out, "-f", fmt, "--date", "2025-06-01", "--force")
    assert done.returncode in (0, 1), done.stderr
    text = pdf_pages(out)[0]
    assert "Deck name" in text and f"\n{name}\n" in text, text[:600]
    deck = tmp_path / "titled.txt"
    deck.write_text("Mono Red Burn\n" + BURN.read_text(encoding="utf-8"), encoding="utf-8")
    done = _sheet(cli, deck, out, "-f", "mtg/modern", "--date", "2025-06-01")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Deck name" in pdf_pages(out)[0] and "\nMono Red Burn\n" in pdf_pages(out)[0]
    done = _sheet(cli, BURN, out, "-f", "mtg/modern", "--date", "2025-06-01")
    assert "Deck name" not in pdf_pages(out)[0]  # a list that names no deck: no empty box


def test_a_long_event_or_player_name_wraps_in_its_box_and_never_prints_over_the_next(cli, tmp_path):
    """A store's event name of 110 characters was set at the smallest size and still ran
    over the Date box beside it; now it takes two lines of its box, and a value too long
    even for them is cut there with `…`."""
    event = "Friday Night Magic — Modern — Store Championship Qualifier at The Very Long Name Games and Comics Emporium 2024"
    player = "Maximilian Alexander Christopher Montgomery-Worthington de la Fuente y Rodríguez Ortega"
    out = tmp_path / "sheet.pdf"
    done = cli("sheet", str(BURN), "-f", "mtg/modern", "--player", player, "--event", event, "--date", "2024-06-01",
               "--id", "123456789012345", "--out", str(out))
    assert done.returncode == 0, done.stderr
    (words,) = pdf_words(out)
    assert overlapping_words(words) == []
    text = " ".join(" ".join(pdf_pages(out)[0].split()).split())
    assert event in text and player in text and "2024-06-01" in text
    done = cli("sheet", str(BURN), "-f", "mtg/modern", "--player", "Ann", "--event", "W" * 119 + "Z", "--out", str(out))
    assert done.returncode == 0, done.stderr
    (words,) = pdf_words(out)
    assert overlapping_words(words) == []
    assert "…" in pdf_pages(out)[0] and "Z" not in pdf_pages(out)[0].split("Player")[0]


def test_a_card_name_the_fonts_cannot_draw_is_replaced_with_a_warning(cli, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Snake \U0001f40d Charmer\n56 Mountain\n", encoding="utf-8")
    out = tmp_path / "sheet.pdf"
    done = _sheet(cli, deck, out, "-f", "mtg/legacy", "--force")
    assert done.returncode in (0, 1), done.stderr
    assert "card name 'Snake \U0001f40d Charmer': the sheet's fonts cannot draw U+1F40D SNAKE; printed as \ufffd" in done.stderr
    assert "Snake \ufffd Charmer" in pdf_pages(out)[0]


def test_hangul_fillers_in_a_player_name_print_as_nothing(cli, tmp_path):
    """A real MTGO handle ('Kanbaeru ㅤㅤㅤㅤㅤ', decks.jsonl.gz) pads itself with U+3164
    HANGUL FILLER, a letter to Unicode that shows as nothing (default-ignorable): the sheet
    printed five `�` after the name with a warning that the fonts cannot draw it, and a
    name of fillers alone made a sheet with a name box no judge could read."""
    out = tmp_path / "sheet.pdf"
    done = cli("sheet", str(BURN), "-f", "mtg/modern", "--player", "Kanbaeru \u3164\u3164\u3164\u3164\u3164",
               "--event", "Modern \u115f\u1160Challenge", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert "cannot draw" not in done.stderr
    text = pdf_pages(out)[0]
    assert "\ufffd" not in text and "\u3164" not in text
    assert "Kanbaeru\n" in text and "Modern Challenge" in text
    done = cli("sheet", str(BURN), "-f", "mtg/modern", "--player", "\u3164\u3164", "--event", "FNM", "--out", str(out))
    assert done.returncode == 2
    assert "--player: an empty name" in done.stderr


@pytest.mark.parametrize(("player", "embedded"), [("Ann Lee", False), ("山田 祐揮", True), ("周逸扬", True)])
def test_the_cjk_fallback_font_is_embedded_only_in_a_sheet_that_prints_with_it(cli, tmp_path, player, embedded):
    """The fallback font (16,000 ideographs of Shift-JIS, GB2312 and Big5) is loaded by the
    first text DejaVu cannot draw: a sheet of Latin names neither reads nor embeds it."""
    out = tmp_path / "sheet.pdf"
    done = cli("sheet", str(BURN), "-f", "mtg/modern", "--player", player, "--event", "FNM", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert "cannot draw" not in done.stderr
    assert (b"+DroidSansFallback" in out.read_bytes()) is embedded
    assert player in pdf_pages(out)[0]


def test_a_limited_deck_is_checked_against_its_registered_pool(cli, tmp_path):
    """A sealed deck's sheet says whether its cards come from the player's pool, as
    `validate --pool` does: without a pool it says the pool was not checked, never that
    cards from outside it are legal."""
    pool, deck, out = tmp_path / "pool.txt", tmp_path / "deck.txt", tmp_path / "sheet.pdf"
    pool.write_text("3 Shock\n10 Goblin Piker\n", encoding="utf-8")
    deck.write_text("4 Shock\n10 Goblin Piker\n26 Mountain\n", encoding="utf-8")
    done = _sheet(cli, deck, out, "-f", "mtg/limited", "--date", "2024-06-01", "--pool", str(pool))
    assert done.returncode == 1
    assert "registered-pool  4 copies of Shock; the pool holds 3" in done.stdout
    assert not out.exists()
    done = _sheet(cli, deck, out, "-f", "mtg/limited", "--date", "2024-06-01", "--pool", str(pool), "--force")
    assert done.returncode == 1
    text = pdf_pages(out)[0]
    assert "NOT legal in Limited on 2024-06-01 (1 problem)" in text and "the pool holds 3" in text
    deck.write_text("3 Shock\n10 Goblin Piker\n27 Mountain\n", encoding="utf-8")
    done = _sheet(cli, deck, out, "-f", "mtg/limited", "--date", "2024-06-01", "--pool", str(pool))
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"legal in Limited on 2024-06-01, every card from the pool {pool}." in pdf_pages(out)[0].replace("\n", " ")
    done = _sheet(cli, deck, out, "-f", "mtg/limited", "--date", "2024-06-01")
    assert done.returncode == 0
    assert "legal in Limited on 2024-06-01; no pool given, so its cards were not checked against one." in (
        pdf_pages(out)[0].replace("\n", " ")
    )
    done = _sheet(cli, deck, pool, "-f", "mtg/limited", "--pool", str(pool))
    assert done.returncode == 2 and "Traceback" not in done.stderr  # the pool is never the sheet's --out


def _limited_sheet_text(cli, tmp_path: Path, pool_text: str, deck_text: str) -> str:
    """The first page's text of the mtg/limited sheet of `deck_text` (deck.txt) checked
    against the pool `pool_text` (pool.txt) on 2024-06-01, written to sheet.pdf."""
    pool, deck, out = tmp_path / "pool.txt", tmp_path / "deck.txt", tmp_path / "sheet.pdf"
    pool.write_text(pool_text, encoding="utf-8")
    deck.write_text(deck_text, encoding="utf-8")
    done = _sheet(cli, deck, out, "-f", "mtg/limited", "--date", "2024-06-01", "--pool", str(pool))
    assert done.returncode == 0, done.stdout + done.stderr
    return pdf_pages(out)[0]


def test_a_limited_sheet_lists_the_rest_of_the_pool_as_its_sideboard(cli, tmp_path):
    """In a limited event the cards of the pool the main deck does not use are the
    sideboard (docs/batch.md), as `diff --pool` compares it: the sheet listed no sideboard
    at all, so the judge checking the deck against it had none to check. The basic lands
    the organiser provides are no one's pool; a sideboard the list states is listed as it is."""
    pool, deck, out = tmp_path / "pool.txt", tmp_path / "deck.txt", tmp_path / "sheet.pdf"
    text = _limited_sheet_text(cli, tmp_path, "3 Shock\n10 Goblin Piker\n2 Grizzly Bears\n1 Stomp\n5 Mountain\n",
                               "2 Shock\n10 Goblin Piker\n28 Mountain\n")
    assert "Sideboard (rest of the pool)" in text
    for line in ("1 Bonecrusher Giant // Stomp", "2 Grizzly Bears", "1 Shock"):
        assert line in text, text
    assert "Main deck: 40" in text and "Sideboard: 4" in text
    deck.write_text("2 Shock\n10 Goblin Piker\n28 Mountain\n\nSideboard\n1 Shock\n", encoding="utf-8")
    done = _sheet(cli, deck, out, "-f", "mtg/limited", "--date", "2024-06-01", "--pool", str(pool))
    assert done.returncode == 0, done.stdout + done.stderr
    text = pdf_pages(out)[0]
    assert "Sideboard: 1" in text and "rest of the pool" not in text and "Grizzly Bears" not in text
    done = _sheet(cli, deck, out, "-f", "mtg/limited", "--date", "2024-06-01")  # no pool: nothing to list
    assert done.returncode == 0 and "rest of the pool" not in pdf_pages(out)[0]


def test_a_limited_sheet_whose_list_states_only_basic_lands_as_its_sideboard_lists_the_rest_of_the_pool(cli, tmp_path):
    """A sealed list with the basic lands its player keeps to side in as its sideboard
    (`Sideboard` above `5 Plains`) states no card of the pool there: its sideboard is still
    the rest of the pool, as `diff --pool` compares it (it leaves the basic lands out of
    both sideboards). The sheet listed the five Plains alone, no card of the pool."""
    pool, deck = tmp_path / "pool.txt", tmp_path / "deck.txt"
    text = _limited_sheet_text(cli, tmp_path, "3 Shock\n10 Goblin Piker\n2 Grizzly Bears\n",
                               "2 Shock\n10 Goblin Piker\n28 Mountain\n\nSideboard\n5 Plains\n")
    assert "Sideboard (rest of the pool)" in text
    for line in ("2 Grizzly Bears", "1 Shock", "5 Plains"):
        assert line in text, text
    assert "Sideboard: 8" in text
    # The sideboard `diff --pool` compares with the deck as found is that one too.
    found = tmp_path / "found.txt"
    found.write_text("2 Shock\n10 Goblin Piker\n28 Mountain\n\nSideboard\n1 Shock\n2 Grizzly Bears\n", encoding="utf-8")
    done = cli("diff", str(deck), str(found), "-f", "mtg/limited", "--pool", str(pool))
    assert done.returncode == 0, done.stdout + done.stderr


def test_an_unwritable_out_is_one_line_and_exit_2(cli, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    for out, reason in ((blocker / "sheet.pdf", f"{blocker} is not a folder"), (tmp_path, "it is a folder; name a file")):
        done = _sheet(cli, BURN, out, "-f", "mtg/modern")
        assert done.returncode == 2
        assert done.stderr.splitlines() == [f"deckcheck: error: --out {out}: cannot write ({reason})"]


def test_out_is_never_written_through_a_symbolic_link(cli, tmp_path):
    target = tmp_path / "elsewhere.txt"
    target.write_text("precious\n", encoding="utf-8")
    link = tmp_path / "sheet.pdf"
    link.symlink_to(target)
    done = _sheet(cli, BURN, link, "-f", "mtg/modern")
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1].startswith(f"deckcheck: error: --out {link}: cannot write (it is a symbolic link")
    assert target.read_text(encoding="utf-8") == "precious\n" and link.is_symlink()


def test_an_unreadable_deck_gets_no_sheet(cli, tmp_path):
    out = tmp_path / "sheet.pdf"
    done = _sheet(cli, tmp_path / "missing.txt", out, "-f", "mtg/modern")
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == f"deckcheck: error: no sheet written: {tmp_path / 'missing.txt'} could not be read"
    assert not out.exists()


@pytest.mark.parametrize(("option", "value"), [("--paper", "a3"), ("--sort", "colour")])
def test_unknown_paper_or_sort_is_a_usage_error(cli, tmp_path, option, value):
    done = _sheet(cli, BURN, tmp_path / "sheet.pdf", "-f", "mtg/modern", option, value)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [f"deckcheck: error: {option} {value!r}: choose one of " + ("a4, letter" if option == "--paper" else "type, name")]


@pytest.mark.parametrize("paper", ["letter", "Letter", "LETTER"])
def test_letter_paper(cli, tmp_path, paper):
    """`--paper Letter` (and `A4`), as paper sizes are written, was "choose one of a4, letter"."""
    out = tmp_path / "sheet.pdf"
    assert _sheet(cli, BURN, out, "-f", "mtg/modern", "--paper", paper).returncode == 0
    assert b"/MediaBox [0 0 612.00 792.00]" in out.read_bytes()


def test_the_fonts_draw_every_card_name_of_the_shared_card_data(shared_data):
    """Every name of every game's shared card file (accents, Æ, ☆, ・, ...) is drawn as it
    is spelt: nothing is replaced."""
    from deckcheck.paperwork.fonts import printable

    names: list[str] = []
    for game in ("mtg", "ygo"):
        with gzip.open(shared_data / game / "cards.jsonl.gz", "rt", encoding="utf-8") as handle:
            for line in handle:
                card = json.loads(line)
                names += [card["name"], *card.get("face_names", [])]
    with gzip.open(shared_data / "wow" / "cards.json.gz", "rt", encoding="utf-8") as handle:
        names += [card["name"] for card in json.load(handle) if card.get("name")]
    assert len(names) > 50_000
    assert {"・", "☆", "Æ"} <= {char for name in names for char in name} | {"Æ"}
    undrawable = {name: printable(name).missing for name in names if printable(name).missing}
    assert not undrawable
    assert all(printable(name).text.rstrip("\u200b") == name.strip() for name in names if name.isprintable())


@pytest.mark.parametrize("layout", [
    "1 Tymna the Weaver\n1 Ardenn, Intrepid Archaeologist\n\n1 Sol Ring\n97 Plains\n",  # the commanders first
    "1 Sol Ring\n97 Plains\n\n1 Tymna the Weaver\n1 Ardenn, Intrepid Archaeologist\n",  # last, as MTGO files them
], ids=["first", "last"])
def test_a_commander_deck_sheet_shows_the_zones_validate_read(cli, tmp_path, layout):
    """The sheet lists the deck as validate read it: the command zone found where the file
    puts it, not the blank-line group the parser guessed was a sideboard."""
    text = _legal_sheet_text(cli, tmp_path, layout, "mtg/commander")
    assert "Commander: 2" in text and "Main deck: 98" in text
    assert "Sideboard" not in text


def test_a_commander_sheets_totals_name_the_command_zone_first(cli, tmp_path):
    """The totals line follows the sheet's sections, commander first: it said "Main deck:
    98      Commander: 2" under a sheet that lists the commanders at the top."""
    deck = tmp_path / "deck.txt"
    deck.write_text("Commander\n1 Tymna the Weaver\n1 Ardenn, Intrepid Archaeologist\n\nDeck\n1 Sol Ring\n97 Plains\n",
                    encoding="utf-8")
    out = tmp_path / "sheet.pdf"
    done = _sheet(cli, deck, out, "-f", "mtg/commander", "--date", "2025-01-01")
    assert done.returncode == 0, done.stdout + done.stderr
    words = pdf_words(out)[0]
    top = next(y0 for text, _, y0, _, _ in words if text == "Commander:")  # the totals' label; the section says "Commander"
    totals = sorted((x0, text) for text, x0, y0, _, _ in words if abs(y0 - top) < 1)
    assert " ".join(text for _, text in totals) == "Commander: 2 Main deck: 98"


def test_a_list_grouped_by_type_has_no_sideboard_on_its_sheet(cli, tmp_path):
    """A 60-card list whose blank line only separates card types: validate reads one main
    deck (the format's sizes say so), and so does the sheet: its sideboard is empty."""
    text = _legal_sheet_text(cli, tmp_path, "4 Goblin Guide\n4 Lightning Bolt\n\n52 Mountain\n", "mtg/modern")
    assert "Main deck: 60" in text and "Sideboard: 0" in text and "Mountain" not in text.split("Sideboard")[1]


@pytest.mark.parametrize(("decklist", "fmt", "sections", "totals"), [
    # Wizards' decklist has a sideboard box and a sideboard total: a deck without one says 0.
    ("4 Lightning Bolt\n56 Mountain\n", "mtg/modern", ["Sideboard 0"], "Main deck: 60 Sideboard: 0"),
    # Before the 2013 rules a sideboard was exactly 15 or none: none is still a box of 0.
    ("4 Lightning Bolt\n56 Mountain\n", "mtg/legacy", ["Sideboard 0"], "Main deck: 60 Sideboard: 0"),
    # Konami's form has the Extra Deck and Side Deck boxes, filled with 0 by a deck without.
    ("Main Deck\n" + "".join(f"3 {name}\n" for name in YUGIOH_NAMES) + "1 Mirror Force\n", "yugioh/advanced-tcg", ["Extra Deck 0", "Side Deck 0"],
     "Main Deck: 40 Extra Deck: 0 Side Deck: 0"),
    # The WoW TCG's optional side deck (exactly 10 or none).
    ("Hero: Graccus\n56 Ironforge Guards\n4 Kalecgos\n", "wow/constructed", ["Side deck 0"], "Hero: 1 Main deck: 60 Side deck: 0"),
])
def test_a_deck_without_a_sideboard_has_its_sideboard_section_with_0(cli, tmp_path, decklist, fmt, sections, totals):
    """A deck registered without a sideboard had no sideboard section and no sideboard total
    on its sheet ("Main deck: 60" alone): a judge could not tell a deck registered without
    one from a sheet missing it, and the blank invited one written in later. The section
    stands, empty, with its total 0, in every format whose decks may have a sideboard."""
    _legal_sheet_text(cli, tmp_path, decklist, fmt)
    lines = _lines(tmp_path / "sheet.pdf")
    for section in sections:
        assert any(section in line for line in lines), lines
    assert totals in lines


@pytest.mark.parametrize(("decklist", "fmt"), [
    ("1 Tymna the Weaver\n1 Ardenn, Intrepid Archaeologist\n\n1 Sol Ring\n97 Plains\n", "mtg/commander"),
    ("20 Plains\n20 Savannah Lions\n", "mtg/limited"),
])
def test_a_format_without_a_stated_sideboard_has_no_empty_sideboard_section(cli, tmp_path, decklist, fmt):
    """Commander has no sideboard (its size is 0), and a limited deck's is the rest of the
    pool, which a list need not state: neither sheet gets an empty sideboard box."""
    assert "Sideboard" not in _legal_sheet_text(cli, tmp_path, decklist, fmt)


def test_a_legal_deck_read_one_way_of_two_says_so_on_its_sheet(cli, tmp_path):
    """An MTGO list of 60 cards and a sideboard of 16: validate reads one 76-card main deck,
    legal, and warns that it did. The sheet listed 76 main-deck cards under 'legal in
    Modern' with no word of it, for the player to sign and a judge to check the deck
    against; now its foot gives deckcheck's warning, as the report does."""
    deck = tmp_path / "sixteen.txt"
    deck.write_text("4 Lightning Bolt\n56 Mountain\n\n4 Smash to Smithereens\n4 Skullcrack\n8 Mountain\n", encoding="utf-8")
    out = tmp_path / "sheet.pdf"
    done = _sheet(cli, deck, out, "-f", "mtg/modern", "--date", "2025-01-01")
    assert done.returncode == 0, done.stdout + done.stderr
    text = " ".join(pdf_pages(out)[0].split())
    assert "Main deck: 76" in text and "legal in Modern on 2025-01-01." in text
    assert "Warning: read the last blank-line group (16 cards) as part of the main deck (76 cards)" in text


def test_an_oathbreaker_sheet_heads_its_command_zone_in_the_formats_words(cli, tmp_path):
    """Oathbreaker's command zone holds the oathbreaker and its signature spell
    (docs/commander.md): the sheet said "Commander", a word the format does not use."""
    deck = "Oathbreaker\n1 Chandra, Torch of Defiance\nSignature Spell\n1 Lightning Bolt\n\nDeck\n58 Mountain\n"
    text = _legal_sheet_text(cli, tmp_path, deck, "mtg/oathbreaker")
    assert "Oathbreaker + Signature Spell: 2" in text and "Main deck: 58" in text
    assert "Commander" not in text


def test_the_same_deck_and_date_make_the_same_sheet_bytes(cli, tmp_path):
    """The PDF held the second it was written (/CreationDate), so printing the same deck for
    the same event twice made two different files (an organiser's re-run, a sheet kept in
    a repository, a checksum). Its creation date is the event's date now, midnight UTC,
    and the same input makes the same bytes, as every report of deckcheck does."""
    import time

    first, second = tmp_path / "first.pdf", tmp_path / "second.pdf"
    assert _sheet(cli, BURN, first, "-f", "mtg/modern", "--date", "2025-01-01").returncode == 0
    time.sleep(1.1)  # the creation date had whole seconds
    assert _sheet(cli, BURN, second, "-f", "mtg/modern", "--date", "2025-01-01").returncode == 0
    assert b"/CreationDate (D:20250101000000Z)" in first.read_bytes()
    assert first.read_bytes() == second.read_bytes()


def test_a_date_before_year_1000_makes_a_valid_pdf_date(cli, tmp_path):
    """A PDF date has four digits of year: `--date 0001-01-01` wrote `D:10101000000Z`, which
    readers take for another date or none; the earliest such year stands for it."""
    sheet = tmp_path / "early.pdf"
    _sheet(cli, BURN, sheet, "-f", "mtg/modern", "--date", "0001-01-01", "--force")  # Modern did not exist
    assert b"/CreationDate (D:10000101000000Z)" in sheet.read_bytes()


def test_a_75_card_list_of_singletons_is_two_columns_across_the_page(cli, tmp_path, shared_data):
    """60 different cards and a sideboard of 15 do not fit two columns of the normal rows,
    and were set in the three narrow columns of a long list, of which they filled two: the
    right third of the page was empty and the names set smaller than its width needed. A
    list that fits two columns of the denser rows is set so, each column half the page, as
    a 75-card list's always is (docs/paperwork.md)."""
    names: list[str] = []
    with gzip.open(shared_data / "mtg" / "cards.jsonl.gz", "rt", encoding="utf-8") as cards:
        for line in cards:
            card = json.loads(line)
            if "Land" not in card.get("types", []) and "common" in card.get("rarities", []) and card["first_printed"] < "2010":
                names.append(card["name"])
            if len(names) == 75:
                break
    deck = tmp_path / "deck.txt"
    deck.write_text("".join(f"1 {name}\n" for name in names[:60]) + "\nSideboard\n" + "".join(f"1 {name}\n" for name in names[60:]),
                    encoding="utf-8")
    out = tmp_path / "sheet.pdf"
    done = _sheet(cli, deck, out, "-f", "mtg/legacy", "--date", "2025-01-01", "--force")
    assert done.returncode in (0, 1), done.stderr
    pages = pdf_words(out)
    assert len(pages) == 1
    page_width = 595.28  # A4, in points
    sideboard = [x0 for text, x0, *_ in pages[0] if text == "Sideboard"]
    assert sideboard and sideboard[0] > page_width / 2
    text = pdf_pages(out)[0]
    assert "Main deck: 60" in text and "Sideboard: 15" in text


@pytest.mark.parametrize("singles", [82, 83, 84])
def test_an_empty_sideboard_box_never_sets_a_list_smaller(cli, tmp_path, singles):
    """A deck without a sideboard has its empty sideboard box, and for 82 to 84 different
    cards that box, finding no room under the second column, opened a third: the sheet took
    the denser rows, every name 7 pt where 8.5 pt fits. An empty section takes what is left
    of the last column (without its gap, or not at all when nothing is left: the totals say
    Sideboard: 0) and is never why a list is set smaller."""
    def name_heights(count: int) -> set[float]:
        deck = tmp_path / f"deck{count}.txt"
        deck.write_text("".join(f"1 Singleton Card {number:03}\n" for number in range(count)), encoding="utf-8")
        out = tmp_path / f"sheet{count}.pdf"
        done = _sheet(cli, deck, out, "-f", "mtg/vintage", "--sort", "name", "--force", "--date", "2025-01-01")
        assert done.returncode == 1, done.stderr  # unknown cards, a sheet all the same (--force)
        (words,) = pdf_words(out)
        assert "Sideboard: 0" in pdf_pages(out)[0] and overlapping_words(words, slack=0.1) == []
        return {round(y1 - y0, 2) for text, _, y0, _, y1 in words if text == "Singleton"}

    normal = name_heights(40)
    assert len(normal) == 1
    assert name_heights(singles) == normal
    # Its box under the last card while a row is left: the second column holds 43 rows here.
    boxed = any(line.endswith("Sideboard 0") for line in _lines(tmp_path / f"sheet{singles}.pdf"))
    assert boxed == (singles < 84)


def test_a_sheet_against_a_draft_log_says_nothing_of_its_drafter(cli, tmp_path):
    """`sheet --player NAME --pool draft.txt`: a Magic Online draft log names its drafter by
    screen name (`--> Ann_Lee`), not by the real name --player gives, so comparing the two
    warned of "another player's log" on nearly every correct sheet (review32i finding 1):
    a sheet has no other players to tell a swapped log by, so it says nothing."""
    deck, out = tmp_path / "deck.txt", tmp_path / "sheet.pdf"
    deck.write_text("1 Shock\n1 Hill Giant\n38 Mountain\n", encoding="utf-8")
    for drafter in ("Ann_Lee", "bob"):
        log = tmp_path / f"{drafter}.log"
        log.write_text(f"Event #: 1\nPlayers:\n    alice\n--> {drafter}\n\n------ M10 ------\n\nPack 1 pick 1:\n"
                       "    Giant Growth\n--> Shock\n\nPack 1 pick 2:\n--> Hill Giant\n", encoding="utf-8")
        done = _sheet(cli, deck, out, "-f", "mtg/limited", "--pool", str(log))
        assert done.returncode == 0, done.stdout + done.stderr
        assert "draft log" not in done.stderr, drafter


_POOL = "3 Shock\n10 Goblin Piker\n2 Grizzly Bears\n"


@pytest.mark.parametrize("fmt, decklist, named, rest", [
    # A limited deck stating no sideboard: the pool is named, and its rest is the sideboard
    ("mtg/limited", "2 Shock\n8 Goblin Piker\n", 1, [("Shock", 1), ("Goblin Piker", 2), ("Grizzly Bears", 2)]),
    # One stating its own sideboard, a format without a pool: the pool is never named
    ("mtg/limited", "2 Shock\n8 Goblin Piker\n\nSideboard\n1 Grizzly Bears\n", 0, []),
    ("mtg/modern", "2 Shock\n8 Goblin Piker\n", 0, []),
])
def test_a_sheet_names_its_pool_only_when_the_deck_takes_its_sideboard_from_it(monkeypatch, fmt, decklist, named, rest):
    """review33 finding 3 (d27c49ae): sheet_cards named the pool with the card data
    (named_pool) for every row with a pool, a deck stating its own sideboard and a format
    with no `pool` key too, and each such naming took the one place the last named pool is
    remembered: work thrown away on every such sheet of `batch --sheets`."""
    import datetime as dt

    from deckcheck import registered_pools
    from deckcheck.cards import catalog_for
    from deckcheck.formats import load
    from deckcheck.paperwork.sheet import sheet_cards
    from deckcheck.pipeline import read_deck

    catalog, _ = catalog_for("mtg", offline=True)
    calls = []
    real = registered_pools.named_pool
    monkeypatch.setattr(registered_pools, "named_pool", lambda *args: calls.append(args) or real(*args))
    cards = sheet_cards(read_deck(decklist), catalog, load(fmt), dt.date(2024, 6, 1), registered_pools.read_pool(_POOL))
    assert len(calls) == named
    assert [(card.name, card.count) for card in cards if card.from_pool] == rest
