"""What the list rules share for a passcode game: the passcodes a deck lists each card
under, and the deck's cards a `banned` or `card_limits` entry names by passcode
(`{code: 14558127}`).

With card data a deck's card is keyed by its name, so an entry that gives only a passcode
(its name is the passcode's digits) matches it by passcode, as `card_limits` entries do;
`banned`, `card-limit` and `copy-limit` ask the same question of it (a card banned so is
the `banned` rule's one problem, a card limited so `card-limit`'s)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..formats import Format, ListEntry
from ..model import PLAYED_ZONES, CardEntry, Deck
from .context import Context

if TYPE_CHECKING:
    from ..cards.catalog import Catalog


def codes_by_card(entries: list[CardEntry], ctx: Context) -> dict[str, set[int]]:
    """Every passcode each card of the deck is listed under, plus its alias root."""
    catalog = ctx.cards
    codes: dict[str, set[int]] = {}
    for entry in entries:
        if entry.code is None:
            continue
        found = codes.setdefault(entry.key, set())
        found.add(entry.code)
        card = catalog.by_code(entry.code) if catalog is not None else None
        if card is not None and card.alias:  # a passcode game's card: the number it counts as
            found.add(card.alias)
    return codes


def by_root_code(by_code: dict[int, ListEntry], fmt: Format, catalog: Catalog | None, name: str) -> dict[int, ListEntry]:
    """`by_code` (a list's entries by passcode) with each entry also under the passcode its
    own counts as, with card data (an alternate artwork's original, `catalog.by_code`, as a
    deck holding it counts it): `{code: 36996508}` lists Dark Magician (46986414) too, as
    docs/format-files.md says. An entry of the original's own is kept. Worked out once per
    list and card data while the day asked is the same (`name`: the list), as every deck
    asks; the last one only is kept."""
    if catalog is None or not by_code:
        return by_code
    memo_key = ("by_root_code", name)
    memo = fmt.memo.get(memo_key)
    if memo is not None and memo[0] is catalog and memo[1] is by_code:
        return memo[2]
    found = dict(by_code)
    for code, entry in by_code.items():
        card = catalog.by_code(code)
        if card is not None and card.alias:
            found.setdefault(card.alias, entry)
    fmt.memo[memo_key] = (catalog, by_code, found)
    return found


def banned_cards(deck: Deck, fmt: Format, ctx: Context) -> dict[str, ListEntry]:
    """The deck's cards (by key) on the banned list in force that day, with their entry:
    by name, and by any passcode the deck lists a card under or the card counts as (an
    entry's passcode counted as the card it stands for too, by_root_code)."""
    banned = fmt.banned_on(ctx.date, ctx.platform)
    by_code = fmt.banned_by_code_on(ctx.date, ctx.platform)
    if not by_code:
        return banned
    found = dict(banned)
    for key, entry in _by_code(deck, fmt, ctx, by_code, "banned", PLAYED_ZONES):
        found.setdefault(key, entry)
    return found


def limited_cards(deck: Deck, fmt: Format, ctx: Context, zones: tuple[str, ...]) -> dict[str, ListEntry]:
    """The cards (by key) with a card limit in force that day, with their entry, as
    card-limit counts them over `zones`: by any passcode the deck lists a card under or the
    card counts as first (by_root_code), then by name, as in YGOPro."""
    limits = fmt.card_limits_on(ctx.date, ctx.platform)
    by_code = fmt.card_limits_by_code_on(ctx.date, ctx.platform)
    if not by_code:
        return limits
    found = dict(limits)
    found.update(_by_code(deck, fmt, ctx, by_code, "card_limits", zones))
    return found


def _by_code(
    deck: Deck, fmt: Format, ctx: Context, by_code: dict[int, ListEntry], name: str, zones: tuple[str, ...],
) -> Iterator[tuple[str, ListEntry]]:
    """(key, entry) for each card of the deck's `zones` one of list `name`'s entries by
    passcode (`by_code`) names: the entry of the lowest of the card's passcodes listed."""
    by_code = by_root_code(by_code, fmt, ctx.cards, name)
    for key, codes in codes_by_card(list(deck.in_zones(zones)), ctx).items():
        entry = entry_by_code(codes, by_code)
        if entry is not None:
            yield key, entry


def entry_by_code(codes: set[int], by_code: dict[int, ListEntry]) -> ListEntry | None:
    """The entry of the lowest of `codes` (a card's passcodes) a list names by passcode
    (`by_code`), else None: a deck's check and `deckcheck card`'s pool line pick it alike."""
    for code in sorted(codes):
        if code in by_code:
            return by_code[code]
    return None
