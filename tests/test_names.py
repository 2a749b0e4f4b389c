"""Card-name folding (deckcheck/names.py): which spellings are one card, and which are not."""
from __future__ import annotations

import unicodedata

import pytest

from deckcheck.names import and_swapped, card_key, display_name, first_spellings, fold, without_invisible

SAME = [
    ("Lim-Dûl's Vault", "lim-dul's vault"),
    ("Æther Vial", "aether vial"),
    ("Black\u200b Lotus", "black lotus"),          # zero-width space
    ("Light\u00adning Bolt", "lightning bolt"),    # soft hyphen
    ("Lightning\u2060 Bolt", "lightning bolt"),    # word joiner
    ("\ufeffCounterspell", "counterspell"),        # byte-order mark
    ("Brainstorm\u200e", "brainstorm"),            # left-to-right mark
    ("Ponder\ufe0f", "ponder"),                    # variation selector
    ("Jötun Grunt", "jotun grunt"),
    ("Jo\u0308tun Grunt", "jotun grunt"),          # a decomposed accent after a Latin letter
]


@pytest.mark.parametrize(("written", "key"), SAME)
def test_spellings_of_one_card_fold_alike(written, key):
    assert fold(written) == key
    assert card_key(written) == card_key(key)


def test_japanese_voicing_marks_are_kept():
    """ブ and フ are different kana: the dakuten is part of the letter, not an accent."""
    dark_magician = "ブラック・マジシャン"
    assert fold(dark_magician) != fold("フラック・マシシャン")
    assert fold(dark_magician) == dark_magician
    # Written decomposed (フ + U+3099) or half-width, it is still the same name.
    assert fold(unicodedata.normalize("NFD", dark_magician)) == fold(dark_magician)
    assert fold("ﾌﾞﾗｯｸ･ﾏｼﾞｼｬﾝ") == fold("ブラック・マジシャン")
    assert fold("パ") != fold("ハ") != fold("バ")


def test_without_invisible_keeps_every_visible_character():
    text = "4 Jötun Grunt — ブラック・マジシャン\t[SET]"
    assert without_invisible(text) == text
    assert without_invisible("a\u200bb\u00adc\u2060d") == "abcd"


def test_display_name_keeps_the_name_as_written():
    assert display_name("  Fire/Ice ") == "Fire // Ice"


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@pytest.mark.parametrize("name", [
    "Lim-Dûl's Vault", "Æther Vial", "Jötun Grunt", "Đorđe's Ward", "Kıvanç's Gambit",
    "Lim-Dûlʼs Vault", "Lim-Dûl´s Vault", "Lim-Dûl’s Vault", "Fire‒Ice", "“Ach! Hans, Run!”",
    "Ponder\u00a0Well", "Œuvre of Łódź",
])
def test_a_name_shown_on_a_legacy_terminal_folds_as_the_name(name, encoding):
    """A name pasted back from an ASCII or Latin-1 terminal (cli/legacy_terminal.py shows
    what it lacks as the nearest it has) still finds the card."""
    from deckcheck.cli.legacy_terminal import ERRORS

    shown = name.encode(encoding, errors=ERRORS).decode(encoding)
    assert "?" not in shown and fold(shown) == fold(name)


# Slashes that are part of a Yu-Gi-Oh! name, not between a Magic card's faces: each of
# these is one card of its own, whose key is its whole name. Without card data a D/D card
# was keyed `d` (every D/D card one card) and an Assault Mode card as its base card.
WHOLE_NAMES = [
    ("D/D Swirl Slime", "d/d swirl slime"),
    ("D/D/D Flame King Genghis", "d/d/d flame king genghis"),
    ("A/D Changer", "a/d changer"),
    ("M/X-Saber Invoker", "m/x-saber invoker"),
    ("Stardust Dragon/Assault Mode", "stardust dragon/assault mode"),
    ('K9-X "Ripper/M"', 'k9-x "ripper/m"'),
]


@pytest.mark.parametrize(("name", "key"), WHOLE_NAMES)
def test_a_slash_between_initials_is_part_of_the_name(name, key):
    assert display_name(name) == name
    assert card_key(name) == key


@pytest.mark.parametrize(("written", "shown", "key"), [
    ("Fire/Ice", "Fire // Ice", "fire"),
    ("Who/What/When/Where/Why", "Who // What // When // Where // Why", "who"),
    ("CUT/RIBBONS", "CUT // RIBBONS", "cut"),
    ("Wear / Tear", "Wear // Tear", "wear"),
])
def test_a_magic_card_s_faces_are_still_its_faces(written, shown, key):
    assert display_name(written) == shown
    assert card_key(written) == key


def test_every_name_of_the_built_in_card_data_is_shown_as_written():
    """A slash that is part of a Magic name (`Summon: Choco/Mog`, `SP//dr, Piloted by
    Peni`) is kept as the card writes it, however the list spaces it: without card data
    reports named `Summon: Choco // Mog`, no card. Every card and face name of the built-in
    data, Magic, Yu-Gi-Oh! and WoW TCG."""
    from deckcheck.cards.builtin import builtin_path
    from deckcheck.games.mtg.store import CardDb

    db = CardDb(builtin_path(), immutable=True)
    try:
        magic = [spelling for _, name, faces in db.all_names() for spelling in (name, *faces.split("\x1f"))]
        others = [name for table in ("ygo_cards", "wow_cards")
                  for (name,) in db._db.execute(f"SELECT name FROM {table}")]
    finally:
        db.close()
    assert len(magic) > 30_000 and len(others) > 10_000
    assert [name for name in magic + others if display_name(name) != name] == []
    assert display_name("summon: choco / mog") == "summon: choco/mog"
    assert display_name("SP // dr, Piloted by Peni") == "SP//dr, Piloted by Peni"


def test_display_name_spaces_words_as_the_whitespace_pattern_does():
    """display_name joins the words of `str.split` (no pattern: every list line's name is
    tidied): the same name as `\\s+` replaced by one space and the ends stripped, for every
    character Python counts as whitespace and others."""
    import re

    spaces = re.compile(r"\s+")
    # Every whitespace character is under U+3100; the rest of Unicode is sampled.
    for code in [*range(0x3100), *range(0x3100, 0x110000, 97)]:
        char = chr(code)
        if char == "/":
            continue  # (split cards: not what this compares)
        for name in (f"{char}Fire{char}{char} Ice{char}", f"A{char}B", char):
            assert display_name(name) == spaces.sub(" ", name.replace("\u00a0", " ")).strip(), hex(code)


@pytest.mark.parametrize("name, swapped", [
    ("Ash Blossom and Joyous Spring", "Ash Blossom & Joyous Spring"),
    ("Aang & Katara", "Aang and Katara"),
    ("ghost ogre AND snow rabbit", "ghost ogre & snow rabbit"),
    ("Sandstorm", None),          # `and` inside a word is no `and`
    ("Q&A Session", None),        # nor an `&` between letters
    ("Lightning Bolt", None),
])
def test_and_swapped(name, swapped):
    assert and_swapped(name) == swapped


@pytest.mark.parametrize("text, nothing", [
    ("", True), ("  ", True), ("\x01\x7f", True), ("\u200b\u2060", True), ("\u3000", True), ("\u202e", True),
    ("Ann", False), ("山田", False), ("Ann\x01", False),
    ("\uf8ff", False),  # a private-use character prints a glyph (the Apple logo on a Mac)
    # Hangul fillers are letters to Unicode but default-ignorable: a game handle made "blank" with them
    ("\u3164", True), ("\u3164\u3164 \u3164", True), ("\u115f\u1160", True), ("Kanbaeru \u3164\u3164", False),
])
def test_shows_nothing_is_what_prints_blank(text, nothing):
    """A manifest cell that prints as nothing is an empty cell (batch/manifest.py)."""
    from deckcheck.names import shows_nothing

    assert shows_nothing(text) is nothing


@pytest.mark.parametrize(("names", "kept"), [
    (["Lightning Helix", "lightning helix", "Bolt"], ("Lightning Helix", "Bolt")),
    (["Fire // Ice", "fire", "Ice"], ("Fire // Ice", "Ice")),  # a face's name keys by the front face
    (["Bind // Liberate", "Bind"], ("Bind // Liberate", "Bind")),  # KEYED_WHOLE: two cards
    ([], ()),
])
def test_first_spellings_keeps_each_card_once_as_first_written(names, kept):
    """--cast's spells (engine/compare.py) and a keep rule's count() names (policy.Rule.cards)."""
    assert first_spellings(iter(names)) == kept
