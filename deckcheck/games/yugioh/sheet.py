"""The Yu-Gi-Oh! registration sheet: Monster, Spell and Trap cards of the main deck, then
the Extra and Side decks, each with its total. Konami's sheet always has the three main
deck sections, so `--sort name` only orders cards within them. An OCG format's sheet heads
them in the OCG's words too (`words`). Used by paperwork/sheet.py."""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING

from ...model import EXTRA, MAIN, SIDEBOARD
from ...paperwork.sheet import Section, SheetCard, main_deck, zone_section

if TYPE_CHECKING:
    from ...formats import Format

TITLE = "Yu-Gi-Oh! deck registration sheet"
# Konami's decklist form's words: Monster Cards, Spell Cards, Trap Cards, and the Main Deck
# total beside the Extra Deck's and the Side Deck's.
TYPE_GROUPS = (("Monster Cards", "Monster"), ("Spell Cards", "Spell"), ("Trap Cards", "Trap"))
MAIN_TITLE = "Main Deck"
# The totals Konami's form always has, 0 for a deck without an Extra or Side Deck.
TOTALS = (MAIN, EXTRA, SIDEBOARD)
# The OCG's words for the same boxes: its rulebook's メインデッキ, エクストラデッキ, サイドデッキ
# and card types, and the name of the sheet an OCG tournament collects (デッキ記入シート). An
# OCG event's players and judges read that sheet; one in Asia may read English cards, so an
# OCG format's sheet gives both, the Japanese first.
OCG_WORDS = {
    TITLE: ("遊戯王OCG デッキ記入シート", "Yu-Gi-Oh! OCG deck registration sheet"),
    "Monster Cards": ("モンスターカード", "Monster Cards"), "Spell Cards": ("魔法カード", "Spell Cards"),
    "Trap Cards": ("罠カード", "Trap Cards"), MAIN_TITLE: ("メインデッキ", MAIN_TITLE),
    "Extra Deck": ("エクストラデッキ", "Extra Deck"), "Side Deck": ("サイドデッキ", "Side Deck"),
}


def sections(cards: Sequence[SheetCard], *, by_type: bool, always: Collection[str] = ()) -> list[Section]:
    return [
        *main_deck(cards, TYPE_GROUPS, by_type=True),
        *zone_section(cards, EXTRA, "Extra Deck", beside=True, always=always),
        *zone_section(cards, SIDEBOARD, "Side Deck", always=always),
    ]


def words(fmt: Format) -> Mapping[str, str]:
    """The sheet's title, section titles and total labels as `fmt`'s sheet words them (by the
    English word): an OCG format's in Japanese and English; nothing to change for the TCG's."""
    if fmt.option("region") != "ocg":
        return {}
    return {english: f"{japanese} / {shown}" for english, (japanese, shown) in OCG_WORDS.items()}
