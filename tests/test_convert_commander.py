"""`deckcheck convert` keeps a Commander deck's commander in every Magic writer, each the way
its own reader reads it back (docs/decklists.md, "Writing"): a command zone (`text`, `arena`,
`dck`), the `main` zone named by `<bannerCard>` and a `CDR:` line (`cod`), the sideboard on
its own (`dek`, MTGO's way). Round trips: read -> write -> read gives the same zones once a
Commander format has read the command zone, from every reader's convention to every writer.
"""
from __future__ import annotations

import datetime as dt
import json

import pytest

from deckcheck import decklists
from deckcheck.decklists import parse_text
from deckcheck.decklists.convert import convert
from deckcheck.errors import DeckcheckError
from deckcheck.formats import load
from deckcheck.model import COMMANDER, MAIN, SIDEBOARD
from deckcheck.rules import prepare
from deckcheck.rules.context import Context

# The Magic writers and the parser that reads each back (arena is read as text).
WRITERS = {"text": "text", "arena": "text", "dck": "dck", "cod": "cod", "dek": "dek"}
COD_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n  <deckname>Omnath</deckname>\n'
# One Commander deck as each reader's convention files its commander.
SOURCES = {
    "text Commander section": ("deck.txt", "Commander\n1 Omnath, Locus of Mana\nDeck\n1 Llanowar Elves\n98 Forest\n"),
    "cod banner card and CDR line": ("deck.cod", COD_HEAD + (
        '  <bannerCard providerId="">Omnath, Locus of Mana</bannerCard>\n  <comments>Format: EDH\nCDR: Omnath, Locus of Mana</comments>\n'
        '  <zone name="main">\n    <card number="1" name="Omnath, Locus of Mana"/>\n    <card number="1" name="Llanowar Elves"/>\n'
        '    <card number="98" name="Forest"/>\n  </zone>\n</cockatrice_deck>\n')),
    "cod CDR line, another banner card": ("deck.cod", COD_HEAD + (
        '  <bannerCard providerId="">Llanowar Elves</bannerCard>\n  <comments>CDR: Omnath, Locus of Mana</comments>\n'
        '  <zone name="main">\n    <card number="1" name="Llanowar Elves"/>\n    <card number="1" name="Omnath, Locus of Mana"/>\n'
        '    <card number="98" name="Forest"/>\n  </zone>\n</cockatrice_deck>\n')),
    "dek sideboard": ("deck.dek", (
        '<?xml version="1.0" encoding="utf-8"?>\n<Deck>\n'
        '  <Cards CatID="0" Quantity="1" Sideboard="false" Name="Llanowar Elves" />\n'
        '  <Cards CatID="0" Quantity="98" Sideboard="false" Name="Forest" />\n'
        '  <Cards CatID="0" Quantity="1" Sideboard="true" Name="Omnath, Locus of Mana" />\n</Deck>\n')),
    "dck Commander section": ("deck.dck", "[metadata]\nName=Omnath\n[Commander]\n1 Omnath, Locus of Mana\n[Main]\n1 Llanowar Elves\n98 Forest\n"),
}
PARTNERS = "Commander\n1 Akiri, Line-Slinger\n1 Silas Renn, Seeker Adept\nDeck\n98 Island\n"
EXPECTED = [("Forest", 98, MAIN), ("Llanowar Elves", 1, MAIN), ("Omnath, Locus of Mana", 1, COMMANDER)]


def _zones(deck) -> list[tuple[str, int, str]]:
    return sorted((entry.name, entry.count, entry.zone) for entry in deck.entries)


def _as_commander_reads(deck) -> list[tuple[str, int, str]]:
    """The deck's zones once mtg/commander has read its command zone (without card data)."""
    return _zones(prepare(deck, load("mtg/commander"), Context(date=dt.date(2025, 1, 1))))


@pytest.mark.parametrize("target", WRITERS)
@pytest.mark.parametrize("source", SOURCES)
def test_a_commander_deck_round_trips_through_every_magic_writer(source, target):
    file_name, text = SOURCES[source]
    deck = parse_text(text, source=file_name)
    assert _as_commander_reads(deck) == EXPECTED
    written = convert(deck, target)
    again = parse_text(written, source=f"deck.{target}")
    assert again.input_format == WRITERS[target] and again.problems == [], written
    assert _as_commander_reads(again) == EXPECTED, written


@pytest.mark.parametrize("target", WRITERS)
def test_two_partners_round_trip_through_every_magic_writer(target):
    deck = parse_text(PARTNERS)
    written = convert(deck, target)
    assert _as_commander_reads(parse_text(written, source=f"deck.{target}")) == _zones(deck), written


def test_each_writer_files_the_commander_as_its_reader_expects():
    deck = parse_text(SOURCES["text Commander section"][1])
    for target in ("text", "arena", "dck"):
        assert _zones(parse_text(convert(deck, target), source=f"x.{target}")) == EXPECTED
    cod = parse_text(convert(deck, "cod"), source="x.cod")
    assert cod.commander_hints == ("Omnath, Locus of Mana",) and cod.banner_card == "Omnath, Locus of Mana"
    assert ("Omnath, Locus of Mana", 1, MAIN) in _zones(cod)
    dek = parse_text(convert(deck, "dek"), source="x.dek")
    assert [(e.name, e.count) for e in dek.zone(SIDEBOARD)] == [("Omnath, Locus of Mana", 1)]


def test_cod_to_cod_keeps_the_banner_card_and_the_named_commander():
    deck = parse_text(SOURCES["cod CDR line, another banner card"][1], source="deck.cod")
    again = parse_text(convert(deck, "cod"), source="x.cod")
    assert again.banner_card == "Llanowar Elves" and again.commander_hints == ("Omnath, Locus of Mana",)


def test_a_banner_card_alone_is_a_picture_not_a_commander_for_other_writers():
    """Cockatrice lets any deck show a banner card: outside cod it is not made a commander."""
    legacy = COD_HEAD + ('  <bannerCard providerId="">Omnath, Locus of Mana</bannerCard>\n  <zone name="main">\n'
                         '    <card number="4" name="Llanowar Elves"/>\n    <card number="1" name="Omnath, Locus of Mana"/>\n'
                         '    <card number="55" name="Forest"/>\n  </zone>\n</cockatrice_deck>\n')
    deck = parse_text(legacy, source="deck.cod")
    assert "Commander" not in convert(deck, "arena")
    assert parse_text(convert(deck, "cod"), source="x.cod").banner_card == "Omnath, Locus of Mana"


def test_dek_refuses_a_commander_beside_a_sideboard_and_names_the_formats_that_can():
    deck = parse_text("Commander\n1 Omnath, Locus of Mana\nDeck\n99 Forest\nSideboard\n2 Naturalize\n")
    with pytest.raises(DeckcheckError, match="dek files a commander alone in the sideboard.*: convert to cod, dck, text or arena"):
        convert(deck, "dek")


def test_a_format_with_no_way_to_hold_a_commander_names_those_that_have_one():
    deck = parse_text("Commander\n1 Omnath, Locus of Mana\nDeck\n99 Forest\n")
    with pytest.raises(DeckcheckError, match="ydk cannot hold the commander zone of this deck; formats that can: dek, cod, dck, text, arena"):
        decklists.write(deck, "ydk")


@pytest.mark.parametrize("target", WRITERS)
def test_the_real_cockatrice_commander_deck_converts_and_stays_legal(cli, shared_data, tmp_path, target):
    """The QA report's deck: TappedOut's export with a banner card and a CDR line."""
    source = shared_data / "mtg" / "deck_formats" / "cockatrice_cod" / "edh-Mikaeus.cod"
    done = cli("convert", str(source), "--to", target)
    assert done.returncode == 0, done.stderr
    converted = tmp_path / f"deck.{target}"
    converted.write_text(done.stdout, encoding="utf-8")
    parser = ["--input-format", WRITERS[target]]
    checked = cli("validate", str(converted), *parser, "-f", "mtg/commander", "-o", "json", env={"DECKCHECK_OFFLINE": "1"})
    result = json.loads(checked.stdout)["results"][0]
    assert result["legal"] is True, (result["problems"], done.stdout)
    assert result["counts"] == {"main": 99, "sideboard": 0, "commander": 1}


# Oathbreaker decks and their counts once read back. cod names the signature spell in a
# `CDR:` line as it does the oathbreaker; reading it back took only the oathbreaker, and the
# deck lost its signature spell. MTGO's .dek files the command zone in the sideboard: four
# cards there (two oathbreakers, two signature spells) were more than the reader took for a
# command zone (three: two commanders and a companion), so the deck read back had no
# oathbreaker and a four-card sideboard.
OATHBREAKER_DECKS = {
    "one oathbreaker": ("Oathbreaker\n1 Chandra, Torch of Defiance\nSignature Spell\n1 Lightning Bolt\nDeck\n58 Mountain\n",
                        {"main": 58, "sideboard": 0, "commander": 2}),
    "partner oathbreakers": ("Oathbreaker\n1 Will Kenrith\n1 Rowan Kenrith\nSignature Spell\n1 Counterspell\n"
                             "1 Lightning Bolt\nDeck\n1 Opt\n1 Shock\n27 Island\n27 Mountain\n",
                             {"main": 56, "sideboard": 0, "commander": 4}),
}


@pytest.mark.parametrize("target", WRITERS)
@pytest.mark.parametrize("deck", OATHBREAKER_DECKS)
def test_an_oathbreaker_deck_keeps_its_signature_spells_through_every_writer(cli, tmp_path, deck, target):
    text, counts = OATHBREAKER_DECKS[deck]
    source = tmp_path / "deck.txt"
    source.write_text(text, encoding="utf-8")
    done = cli("convert", str(source), "--to", target)
    assert done.returncode == 0, done.stderr
    converted = tmp_path / f"converted.{target}"
    converted.write_text(done.stdout, encoding="utf-8")
    checked = cli("validate", str(converted), "--input-format", WRITERS[target], "-f", "mtg/oathbreaker",
                  "--date", "2025-06-01", "-o", "json", env={"DECKCHECK_OFFLINE": "1"})
    result = json.loads(checked.stdout)["results"][0]
    assert result["legal"] is True, (result["problems"], done.stdout)
    assert result["counts"] == counts


def test_convert_to_dek_of_a_commander_list_through_the_command(cli, tmp_path):
    source = tmp_path / "deck.txt"
    source.write_text(SOURCES["text Commander section"][1], encoding="utf-8")
    done = cli("convert", str(source), "--to", "dek")
    assert done.returncode == 0, done.stderr
    assert '<Cards CatID="0" Quantity="1" Sideboard="true" Name="Omnath, Locus of Mana" />' in done.stdout
    source.write_text("Commander\n1 Omnath, Locus of Mana\nDeck\n99 Forest\n", encoding="utf-8")
    refused = cli("convert", str(source), "--to", "ydk")
    assert refused.returncode == 2
    assert "formats that can: dek, cod, dck, text, arena" in refused.stderr


# The comments and name each writer that has room for them keeps (cod: `<deckname>` and
# `<comments>`; dck: `Name=` and one `Comment=` line, the key Forge's deck editor saves and
# reads), read back by its own reader.
COMMENTED_COD = COD_HEAD + (
    '  <comments>Format: EDH\nCDR: Omnath, Locus of Mana\nColors: G\nEst $120</comments>\n'
    '  <zone name="main">\n    <card number="1" name="Omnath, Locus of Mana"/>\n    <card number="99" name="Forest"/>\n'
    '  </zone>\n</cockatrice_deck>\n')


@pytest.mark.parametrize("target, comments", [
    ("cod", "Format: EDH\nColors: G\nEst $120"),
    ("dck", "Format: EDH / Colors: G / Est $120"),  # Forge's Comment is one line
])
def test_convert_keeps_the_comments_and_the_name_where_the_format_holds_them(cli, tmp_path, target, comments):
    (tmp_path / "deck.cod").write_text(COMMENTED_COD, encoding="utf-8")
    done = cli("convert", str(tmp_path / "deck.cod"), "--to", target)
    assert done.returncode == 0, done.stderr
    again = parse_text(done.stdout, source=f"again.{target}")
    assert (again.name, again.comments) == ("Omnath", comments)
    assert _as_commander_reads(again) == [("Forest", 99, MAIN), ("Omnath, Locus of Mana", 1, COMMANDER)]
    # And once more through the same writer: nothing is added or lost.
    assert convert(again, target) == done.stdout


def test_dck_writes_the_comments_as_forge_saves_them():
    # Forge's DeckFileHeader reads a deck's comment from `Comment=` (and DeckSerializer
    # writes it there); a `Description=` line is its quest precons' blurb, which the deck
    # editor does not show: a converted deck's comments were lost on opening it in Forge.
    written = convert(parse_text(COMMENTED_COD, source="deck.cod"), "dck")
    assert "Comment=Format: EDH / Colors: G / Est $120\n" in written
    assert "Description=" not in written


@pytest.mark.parametrize("key", ["Comment", "Description"])
def test_dck_reads_the_comments_forge_saves_and_a_precon_s_description(key):
    deck = parse_text(f"[metadata]\nName=Burn\n{key}=Bolts and more bolts\n[Main]\n4 Lightning Bolt|M10|1\n",
                      source="burn.dck")
    assert (deck.name, deck.comments) == ("Burn", "Bolts and more bolts")


def test_a_cod_without_comments_writes_only_its_commander_line():
    deck = parse_text(SOURCES["cod CDR line, another banner card"][1], source="deck.cod")
    assert deck.comments is None
    assert "<comments>CDR: Omnath, Locus of Mana</comments>" in convert(deck, "cod")
