"""Yu-Gi-Oh! cards by their Japanese names (games/yugioh/japanese.py): every Japanese name
of the shared card data names its card, in the spellings keyboards give it."""
from __future__ import annotations

import gzip
import json

import pytest

from deckcheck.cards import catalog_for
from deckcheck.games.yugioh.japanese import japanese_key, printed_name


@pytest.fixture(scope="module")
def catalog():
    found, _ = catalog_for("yugioh", None, offline=True)
    return found


def test_every_japanese_name_of_the_shared_data_names_its_card(shared_data, catalog):
    """As the card prints it (ruby readings left out), each of the 14,000 names is its card:
    none is taken by another card's English or loose spelling first (a name printed in
    full-width Latin letters, `Ｓｉｎ Ｓｅｌｅｃｔｏｒ`, included)."""
    checked, wrong = 0, []
    with gzip.open(shared_data / "ygo" / "cards.jsonl.gz", "rt", encoding="utf-8") as lines:
        for line in lines:
            card = json.loads(line)
            name, code = card.get("name_ja"), card.get("passcode")
            if not name or not code or catalog.by_code(code) is None:
                continue  # no Japanese name, or no passcode (a prerelease) the data holds
            checked += 1
            found = catalog.get(printed_name(name))
            if found is None or catalog.root(found).name != catalog.root(catalog.by_code(code)).name:
                wrong.append((printed_name(name), card["name"], found and found.name))
    assert checked > 14_000 and wrong == []


@pytest.mark.parametrize("typed, printed", [
    ("ＰＳＹフレームギア・γ", "PSYフレームギアγ"),  # full width, middle dot
    ("ＲＲ－アベンジ・ヴァルチャー", "RR-アベンジ ヴァルチャー"),  # dash and dot, a space instead
    ("増殖するＧ", "増殖するg"),  # case
    ("ｸﾛﾉﾀﾞｲﾊﾞｰ", "クロノダイバー"),  # half-width kana
])
def test_a_japanese_name_is_one_key_in_every_width_and_spacing(typed, printed):
    assert japanese_key(typed) == japanese_key(printed)


def test_a_ruby_reading_is_left_out_of_the_printed_name():
    assert printed_name("<ruby>巨竜の聖騎士<rt>パラディン・オブ・フェルグラント</rt></ruby>") == "巨竜の聖騎士"


def test_a_japanese_name_in_latin_letters_is_found(catalog):
    """`Sin Selector` is Malefic Selector's Japanese name (printed `Ｓｉｎ Ｓｅｌｅｃｔｏｒ`), typed
    as players type it."""
    assert catalog.get("Sin Selector").name == "Malefic Selector"


def test_an_ascii_name_is_english_first_and_a_japanese_one_japanese_first(catalog, monkeypatch):
    """No real Japanese name collides with another card's spelling, so a stand-in table
    makes two: `Maxx C` (ASCII) is Maxx "C" by its loose English spelling before any
    Japanese name; `Ｍａｘｘ Ｃ` (full-width, as Japanese input types it) is looked up as a
    Japanese name before the loose spellings, whose key (`maxxc`) would be Maxx "C" too."""
    from deckcheck.games.yugioh import catalog as catalog_module

    ash = catalog.get("Ash Blossom & Joyous Spring").code
    monkeypatch.setattr(catalog_module, "japanese_code", {"Maxx C": ash, "Ｍａｘｘ Ｃ": ash}.get)
    assert catalog.get("Maxx C").name == 'Maxx "C"'
    assert catalog.get("Ｍａｘｘ Ｃ").name == "Ash Blossom & Joyous Spring"


def test_the_game_says_which_names_are_japanese_names_of_its_cards():
    """`diff` without -f asks the game whether a list names its cards in Japanese
    (Game.japanese_card_name), as it asks the registry for the passcode game, rather than
    importing Yu-Gi-Oh!'s own module; a game that reads no Japanese names has none."""
    from deckcheck.games import GAMES, japanese_names_game

    game = japanese_names_game()
    assert game is GAMES["yugioh"]
    assert game.japanese_card_name("灰流うらら") and game.japanese_card_name("増殖するG")
    assert not game.japanese_card_name("青眼の白竜")  # Japanese, but no card prints it
    assert not game.japanese_card_name("Ash Blossom & Joyous Spring")  # the English name
    assert not GAMES["mtg"].japanese_card_name("灰流うらら") and not GAMES["wow"].japanese_card_name("灰流うらら")
