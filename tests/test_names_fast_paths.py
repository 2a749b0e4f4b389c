"""`card_key` and `fold_once` take shortcuts for the common name (deckcheck/names.py: no
slash, plain ASCII): against the plain way they replaced, over the real decks' names, the
built-in card names and hand-made spellings (whitespace of every kind, invisible and
combining characters, backticks, slashes of every style). Any divergence fails."""
from __future__ import annotations

import re
import sys

from deckcheck import names
from deckcheck.cards.builtin import builtin_path
from deckcheck.games.mtg.store import CardDb

_SPACES = re.compile(r"\s+")


def plain_fold_once(text: str) -> str:
    text = text.translate(names._LIGATURES)
    if not text.isascii():
        text = names.without_invisible(text)
        text = names.without_accents(text)
    return _SPACES.sub(" ", text).strip().casefold()


def plain_fold(name: str) -> str:
    folded = plain_fold_once(name)
    return re.sub(r"_{2,}", "_", folded) if "__" in folded else folded


def plain_card_key(name: str) -> str:
    parts = names.faces(name)
    whole = " // ".join(map(plain_fold, parts))
    if whole in names.KEYED_WHOLE:  # a playtest card whose front face is a real card's name
        return whole
    return plain_fold(parts[0]) if parts else plain_fold(name)


WHITESPACE = [chr(code) for code in range(sys.maxunicode + 1) if chr(code).isspace()]
HAND_MADE = [
    "", " ", "\u00a0", "\t\n", "Lightning Bolt", "  Lightning   Bolt  ", "lightning`s bolt", "`", "Lim-D\u00fbl's Vault",
    "\u00c6ther Vial", " \u0301abc", "\u0301abc", "a\u0301", " \u200b abc", "\u200b", "Fire/Ice", "Fire // Ice", " / ",
    "D/D Swirl Slime", "Stardust Dragon/Assault Mode", "_____ Goblin", "_ _", "\u2000Bolt\u3000", "\x1cBolt\x1f",
    "Bolt\u2028Bolt", "\u1680x\u180ey", "K9-X \"Ripper/M\"", "Ｆｉｒｅ／Ｉｃｅ", "Lightning Bolt\udcff", "\ufeff\u00a0 Ponder",
    *(f"{space}Brainstorm{space}Ponder{space}" for space in WHITESPACE),
]


def assert_alike(spellings) -> None:
    for name in spellings:
        assert names.fold_once(name) == plain_fold_once(name), repr(name)
        assert names.card_key(name) == plain_card_key(name), repr(name)


def test_hand_made_spellings_key_alike_both_ways():
    assert_alike(HAND_MADE)


def test_builtin_card_names_key_alike_both_ways():
    db = CardDb(builtin_path(), immutable=True)
    spellings = [spelling for _, name, faces in db.all_names() for spelling in (name, *faces.split("\x1f"))]
    assert len(spellings) > 30_000
    assert_alike(spellings)


def test_real_deck_names_key_alike_both_ways(shared_data):
    from real_decks import read_decks

    written = {card["name"] for deck in read_decks(shared_data) for zone in ("mainboard", "sideboard") for card in deck[zone]}
    assert_alike(sorted(written))
    assert_alike(sorted(name.upper() for name in written))


def test_backtick_is_the_only_ascii_letter_translated():
    """fold_once translates an ASCII name only when it holds a backtick."""
    assert [char for char in names.LETTERS_IN_ASCII if char.isascii()] == ["`"]

