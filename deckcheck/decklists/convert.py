"""Convert a decklist from one format to another (`deckcheck convert`).

Yu-Gi-Oh! decks need card data only where names and passcodes meet: writing a `.ydk` or
`ydke://` from a list by name looks each name's passcode up, and writing a list by name
from passcodes looks each passcode's name up. `.ydk` <-> `ydke://` needs no card data and
is exact: the passcodes of each of main, extra and side deck, in order, duplicates kept.
What a `.ydk` holds besides passcodes (its `#created by` line, comments, blank lines,
leading zeros, MDPro3's extra sections) is not part of the deck: the `.ydk` writer always
writes YGOPro's own layout, so a file saved by YGOPro converts back byte for byte.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import DeckcheckError, of_setting
from ..model import COMPANION, MAYBEBOARD, CardEntry, Deck
from ..problem import ERROR
from . import fit, writer
from ..wording import EMPTY_LIST, counted, names_listed

if TYPE_CHECKING:
    from ..cards.catalog import Catalog as NameCatalog
    from ..cards.catalog import PasscodeCatalog


def by_passcode(name: str) -> bool:
    """True when the format `name` writes cards by passcode (it declares `PASSCODES`)."""
    return getattr(writer(name), "PASSCODES", False)


def _card_of(code: int, catalog: PasscodeCatalog) -> Any:
    """The card a passcode names (an alternate artwork: its card), None when the data has none."""
    return catalog.by_code(code) or catalog.artwork_of(code)


def name_passcodes(deck: Deck, catalog: PasscodeCatalog) -> Deck:
    """Entries named after their passcode's own card (alternate artworks: their card's name)."""
    entries = []
    for entry in deck.entries:
        if entry.code is not None:
            card = _card_of(entry.code, catalog)
            if card is not None:
                entry = entry.replace(name=card.name, written=None)
        entries.append(entry)
    return deck.with_entries(entries)


def unnamed_passcodes(deck: Deck, to: str, catalog: PasscodeCatalog | None) -> list[CardEntry]:
    """The entries whose passcode no card of the data has, when `to` writes cards by name:
    each is written as its number (`1 99999999`), which deckcheck reads back as that
    passcode but a player or another program reads as no card, so `convert` warns of them."""
    if catalog is None or by_passcode(to):
        return []
    return [entry for entry in deck.entries if entry.code is not None and _card_of(entry.code, catalog) is None]


# Unknown names whose line and "did you mean" the error gives (the rest are only named).
SUGGESTED_NAMES = 3


class NoPasscodes(DeckcheckError):
    """Names of a list written by passcode that the Yu-Gi-Oh! card data lacks; `names` are
    those names, each once, for a caller that can tell whose cards they are (a Magic list
    given `--to ydk`: cli/convert.py)."""

    def __init__(self, message: str, names: list[str]) -> None:
        super().__init__(message)
        self.names = names


# Why a name has no passcode when no Yu-Gi-Oh! card data is there: the command's advice
# (a library caller that turned card data off says its own: converting.py).
NO_CARD_DATA = "without card data (`deckcheck cards import cards.cdb`)"


def number_names(deck: Deck, catalog: PasscodeCatalog | None, without: str = NO_CARD_DATA) -> Deck:
    """Entries given their card's passcode; unknown names are an error naming them all,
    the first few with their line and the card data's closest names (`without` the reason
    when `catalog` is None)."""
    from ..games.yugioh.cards import not_a_card, passcode_in_name

    entries, unknown = [], {}
    for entry in deck.entries:
        if entry.code is None:
            card = catalog.get(entry.name) if catalog is not None else None
            code = passcode_in_name(entry.name) if card is None else None
            if code is not None:  # a passcode in place of a name (what convert --to text writes for one the data lacks)
                entry = entry.replace(code=code)
            elif card is None:
                unknown.setdefault(entry.name, entry.line)
            else:
                entry = entry.replace(name=card.name, code=card.code)
        entries.append(entry)
    if unknown:
        why = "not in the Yu-Gi-Oh! card data" if catalog is not None else without
        shown = []
        for rank, (name, line) in enumerate(unknown.items()):
            hints = [f"line {line}"] if line and rank < SUGGESTED_NAMES else []
            # A token or a Skill Card has no passcode because it is no card (as validate
            # says): "did you mean Sea Kamen?" for `Sheep Token` sent the player looking.
            piece = not_a_card(name) if rank < SUGGESTED_NAMES else None
            near = catalog.suggest(name) if catalog is not None and piece is None and rank < SUGGESTED_NAMES else []
            hints += [piece.replace(f"{name!r} is ", "", 1)] if piece else []
            hints += [f"did you mean {names_listed(near)}?"] if near else []
            shown.append(f"{name!r} ({'; '.join(hints)})" if hints else repr(name))
        raise NoPasscodes(f"{deck.source}: no passcode for {', '.join(shown)}: {why}", list(unknown))
    return deck.with_entries(entries)


def names_faces(to: str, deck: Deck) -> bool:
    """True when the format `to` is Magic's alone and names its cards its own way (it
    declares `card_name`) and the deck has cards: any name may be one face of several
    (`Fire // Ice`, `Fire/Ice`, or `Ice` alone), or a loose spelling, to rename."""
    return hasattr(writer(to), "card_name") and bool(deck.entries)


def name_faces(deck: Deck, to: str, magic: NameCatalog) -> Deck:
    """Entries named as the format `to` names their cards, by the Magic card data: a card of
    several faces as the format does (`Fire/Ice` in a `.dek`, `Delver of Secrets` in Arena's
    text, whichever face or faces the list wrote; the layout read from the data), every
    other card by its name in the data (`Lightning Bolt` for `lightning bolt`, `Lim-Dûl's
    Vault` for `Lim Duls Vault`: the program the list is for knows no other spelling); a
    name the data lacks, or a passcode's card, stays as read."""
    card_name = writer(to).card_name
    entries = []
    for entry in deck.entries:
        card = magic.get(entry.name) if entry.code is None else None
        if card is not None:
            named = card_name(card.name, card.front_face, card.layout)
            if named != entry.name:
                entry = entry.replace(name=named, written=None)
        entries.append(entry)
    return deck.with_entries(entries)


def _alchemy(magic: NameCatalog, name: str) -> Any:
    """The card an Alchemy rebalanced name (`A-Luminarch Aspirant`) rebalances, else None."""
    original_of = getattr(magic, "alchemy_original", None)
    return original_of(name) if original_of is not None else None


def unnamed_cards(deck: Deck, to: str, magic: NameCatalog | None) -> tuple[list[CardEntry], list[tuple[CardEntry, Any]]]:
    """The deck's entries (not the cards outside it, never written) whose name the Magic
    card data lacks, when `to` names cards as Magic's own programs do (`names_faces`), in
    one pass, as two lists. First, the names no Magic program reads: each is written as
    read (`name_faces`), a misspelling or a name in the player's language (`Blitzschlag`),
    so `convert` warns of them. Second, the Alchemy rebalanced cards (`A-Luminarch
    Aspirant`, as MTG Arena exports them), each with its original card, when `to` is no
    format of MTG Arena (`PLAYS_ALCHEMY`): written as read, a name only Arena plays, so
    `convert` says so; Arena's own format reads them, nothing to say."""
    unnamed: list[CardEntry] = []
    alchemy: list[tuple[CardEntry, Any]] = []
    if magic is None or not names_faces(to, deck):
        return unnamed, alchemy
    plays_alchemy = getattr(writer(to), "PLAYS_ALCHEMY", False)
    for entry in deck.entries:
        if entry.code is None and entry.zone != MAYBEBOARD and magic.get(entry.name) is None:
            original = _alchemy(magic, entry.name)
            if original is None:
                unnamed.append(entry)
            elif not plays_alchemy:
                alchemy.append((entry, original))
    return unnamed, alchemy


def outside_the_deck(deck: Deck, to: str | None = None) -> str | None:
    """The cards outside the deck (a maybeboard, tokens, ...), which no format writes (but
    a .cod its own tokens zone, when written as `to`: a writer's `kept_outside`), in words
    with their verb (`3 cards outside the deck (...: line 4 on) are`); None when the deck
    has none."""
    kept = getattr(writer(to), "kept_outside", None) if to is not None else None
    written = {id(entry) for entry in kept(deck)} if kept is not None else set()
    outside = [entry for entry in deck.entries if entry.zone == MAYBEBOARD and id(entry) not in written]
    if not outside:
        return None
    count = sum(entry.count for entry in outside)
    first = min((entry.line for entry in outside if entry.line), default=None)
    where = f": line {first} on" if first else ""
    return f"{counted(count, 'card')} outside the deck (a maybeboard, tokens, ...{where}) {'are' if count != 1 else 'is'}"


def companions_unnamed(deck: Deck, to: str) -> list[CardEntry]:
    """The deck's companions (a `Companion` section's cards), when the format `to` has no
    companion zone: `fit` writes each once in the sideboard, where the rules keep it, and the
    file written no longer names it as the companion, so `convert` says so."""
    if COMPANION in writer(to).ZONES:
        return []
    return [entry for entry in deck.entries if entry.zone == COMPANION]


def _refuse_no_cards(deck: Deck) -> None:
    """A list of no card of the deck is refused, not written as an empty deck: an empty
    file (or the wrong one) is no deck to convert, and the player would hear nothing of it.
    Said as validate's deck-size says it; a list
    of only cards outside the deck (a maybeboard) is told where they are."""
    if any(entry.zone != MAYBEBOARD for entry in deck.entries):
        return
    if not deck.entries:
        raise DeckcheckError(f"{deck.source}: cannot convert, {EMPTY_LIST}")
    raise DeckcheckError(f"{deck.source}: cannot convert, the list holds no card of the deck: its "
                         f"{outside_the_deck(deck)} never written")


def convert(
    deck: Deck, to: str, *, catalog: PasscodeCatalog | None = None, magic: NameCatalog | None = None,
    without: str = NO_CARD_DATA,
) -> str:
    """The deck written as `to`; `catalog` (Yu-Gi-Oh! card data) bridges names and passcodes,
    `magic` (Magic card data) names multi-face cards as `to` does (see `names_faces`);
    `without` says why a name has no passcode when `catalog` is None."""
    errors = [problem for problem in deck.problems if problem.severity == ERROR]
    if deck.unreadable or errors:
        first = errors[0]
        where = f"line {first.line}: " if first.line else ""
        problems = counted(len(errors), "problem")
        # The reason without the file's name (and line) a file's problem starts with: the
        # message names the file once (`photo.png: ... (photo.png: not a text decklist ...)`).
        said = first.message if first.reason is None else first.reason
        raise DeckcheckError(f"{deck.source}: cannot convert, {problems} reading it ({where}{said})")
    _refuse_no_cards(deck)
    try:
        deck = fit(deck, to)  # a zone the format cannot hold is refused before any lookup
    except DeckcheckError as error:  # naming the formats that can: `to` is the setting to change
        raise of_setting(error, "to") from None
    if by_passcode(to):
        deck = number_names(deck, catalog, without)
    elif catalog is not None:
        deck = name_passcodes(deck, catalog)
    if magic is not None and names_faces(to, deck):
        deck = name_faces(deck, to, magic)
    return writer(to).write(deck)
