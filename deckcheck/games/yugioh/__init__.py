"""Yu-Gi-Oh!. Cards by passcode (alternate artworks count as their card) from YGOPro
`cards.cdb`, the YGOPRODeck card JSON or YAML Yugi; Forbidden & Limited lists (`lflist`)."""
from __future__ import annotations

from typing import Any

from ...limits import is_whole
from ...model import EXTRA, MAIN, SIDEBOARD
from ..game import Game

# Passcodes are unsigned 32-bit numbers (ydke:// stores them so). Here, as TYPE_BITS: a
# format's `points` keys and list `code`s are passcodes whatever game a run checks, the
# deck readers (.ydk) and the card importer read them too, and this module is loaded anyway.
MAX_PASSCODE = 2**32 - 1


def is_passcode(value: Any) -> bool:
    """A passcode: a whole number (never a bool) of 1 to MAX_PASSCODE."""
    return is_whole(value) and 0 < value <= MAX_PASSCODE


def yaml_yugi_passcode(card: dict[str, Any]) -> int | None:
    """The passcode a YAML Yugi card is filed under: its `passcode`, else its
    `fake_password`, the number simulators give a card that prints none (the Egyptian God
    cards: Obelisk the Tormentor is 10000000 in YGOPro's and EDOPro's .ydk files and
    scripts); None for a card with neither (an OCG prerelease not yet given one)."""
    for key in ("passcode", "fake_password"):
        if is_passcode(card.get(key)):
            return card[key]
    return None


_PASSCODE_DIGITS = len(str(MAX_PASSCODE))


def passcode_key(key: Any) -> int | None:
    """The passcode a format's mapping key stands for: a passcode, or a string of its
    digits (`"14558127"`, `"05318639"`: YAML keeps a quoted key, and every key of a file
    converted from JSON, a string); None for a card name."""
    if is_passcode(key):
        return key
    if isinstance(key, str) and key.isascii() and key.isdigit() and len(key.lstrip("0")) <= _PASSCODE_DIGITS:
        code = int(key)
        return code if is_passcode(code) else None
    return None


# YGOPro's card type bits (`datas.type`), by name. Here rather than in cards.py: a format's
# `extra_deck_types` are checked against these names whatever game a run checks
# (rules/extra_deck_type.py), and this module is loaded anyway.
TYPE_BITS: dict[str, int] = {
    "Monster": 0x1, "Spell": 0x2, "Trap": 0x4, "Normal": 0x10, "Effect": 0x20, "Fusion": 0x40,
    "Ritual": 0x80, "Trap Monster": 0x100, "Spirit": 0x200, "Union": 0x400, "Gemini": 0x800,
    "Tuner": 0x1000, "Synchro": 0x2000, "Token": 0x4000, "Quick-Play": 0x10000,
    "Continuous": 0x20000, "Equip": 0x40000, "Field": 0x80000, "Counter": 0x100000,
    "Flip": 0x200000, "Toon": 0x400000, "Xyz": 0x800000, "Pendulum": 0x1000000,
    "Special Summon": 0x2000000, "Link": 0x4000000, "Skill": 0x8000000,
}
TYPE_NAMES = tuple(TYPE_BITS)

_WRITE_ONE = "write a format file of your own (docs/format-files.md)"

# Formats players name that deckcheck does not bundle: `-f yugioh/goat` said only that
# `formats list` shows them all (three formats), not what to do instead.
_NOT_BUNDLED = {
    "goat": ("deckcheck bundles no Goat format (the TCG of 2005, with its own Forbidden & Limited List and card "
             f"pool): {_WRITE_ONE}; `deckcheck formats import-lflist` reads EDOPro's GOAT lflist.conf"),
    "edison": ("deckcheck bundles no Edison format (the TCG of 2010, its card pool frozen then): "
               "`-f yugioh/advanced-tcg --date` of a day then checks that day's Forbidden & Limited List, not its "
               f"card pool; for the pool, {_WRITE_ONE}"),
    "speed-duel": ("deckcheck bundles no Speed Duel format (a Main Deck of 20 to 30 cards, Extra and Side Decks of "
                   f"up to 5, a Skill Card, its own list): {_WRITE_ONE}"),
    "rush-duel": ("deckcheck bundles no Rush Duel format, and the built-in card data holds no Rush Duel cards "
                  "(they have no passcodes)"),
}
_NOT_BUNDLED["speed"] = _NOT_BUNDLED["speed-duel"]
_NOT_BUNDLED["rush"] = _NOT_BUNDLED["rush-duel"]

GAME = Game(
    id="yugioh",
    label="Yu-Gi-Oh!",
    package=__name__,
    tables=("ygo_cards",),
    schema_version=1,
    import_example="cards.cdb",
    import_files="a YGOPro/EDOPro database, the YGOPRODeck card JSON or cards.jsonl.gz",
    passcodes=True,
    japanese_names=True,
    # Konami's names for the three decks: messages never call the Side Deck a sideboard.
    zone_labels={MAIN: "Main Deck", EXTRA: "Extra Deck", SIDEBOARD: "Side Deck"},
    # Its players go first or second: "on the play" and "on the draw" are Magic's words.
    side_words={"play": "going first", "draw": "going second"},
    example_format="yugioh/advanced-tcg",
    # The Forbidden & Limited lists are format files, not card data: a sync brings none.
    sync_source="the YGOPRODeck card list",
    newer_lists_hint=("a newer Forbidden & Limited List may be in force: give it as a format file "
                      "(`deckcheck formats import-lflist` reads an EDOPro lflist.conf)"),
    formats_not_bundled=_NOT_BUNDLED,
)
