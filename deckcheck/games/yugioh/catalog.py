"""Yu-Gi-Oh! card lookups for validation: passcode -> card, name -> card, and the step
that gives a deck's passcodes their names before the rules run.

Resolution (`resolve_deck`):
- a passcode in the data becomes an entry named after the card it counts as (its alias
  root, see `YgoCard`); the entry keeps the passcode in `code` and, when the passcode's
  own name differs (a card "always treated as" another), that name in `written`;
- a passcode missing from the data but 1 to 20 above a card's (where YGOPro puts
  alternate artworks, e.g. 14558128 for Ash Blossom & Joyous Spring 14558127) counts as
  that card, with an `unknown-card` warning saying so: data built from YAML Yugi or a
  partial `cards.cdb` lists only the original artwork;
- any other unknown passcode is an `unknown-card` error naming the number, suggesting up
  to three known passcodes one mistyped or two swapped digits away;
- a name (text decklists) is looked up case- and accent-insensitively, or as the Japanese
  card prints it (japanese.py); an unknown name
  is an `unknown-card` error with "did you mean" suggestions. A name of digits that no
  card has (`3 23434538`: a text list written with passcodes, or `convert --to text` of
  a passcode the data lacks) is a passcode, resolved as above.
Unknown passcodes and names share the deck's budget of suggestions (the first
MAX_SUGGESTED_NAMES get them, `cards.resolve.suggestions_within_budget`).
"""
from __future__ import annotations

import bisect
import datetime as dt
from collections.abc import Collection, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from ...cards.catalog import SUGGESTIONS, snapshot_day
from ...cards.resolve import (
    NAME_LETTERS, NAME_WORDS, count_first_note, held_letters, in_the_lists_letters, letters_note, name_words, names_memo, script_note,
    suggestions_within_budget, unknown_card, unknown_passcode_message,
)
from ...cards.suggest import NameIndex
from ...model import MAYBEBOARD, CardEntry, Deck
from ...names import and_swapped, fold, loose_index, loose_key
from ...problem import WARNING, Problem
from ...wording import lines_text
from . import GAME
from .japanese import is_japanese, japanese_code, japanese_suggestions
from .cards import ARTWORK_OFFSET, TYPE_BITS, YgoCard, looks_like_rush_duel, not_a_card, passcode_in_name
from ...lazy_pattern import lazy
from ...limits import MAX_SUGGESTED_NAMES

_SLASHES = lazy(r"\s*/+\s*")


def _slash_key(name: str) -> str:
    """Text lists may space a name's slashes as Magic split cards (`D // D Swirl Slime`).
    A name without a slash is its folded form: the pattern's scan of it cost 0.5 ms a name
    that folds long (1,000 U+FDFA fold to 18,000 characters), 6 s of CPU for a pasted text
    of 4,100 such names."""
    folded = fold(name)
    return _SLASHES.sub("/", folded) if "/" in folded else folded


def _lines_of(group: list[CardEntry]) -> str:
    """` (lines 2, 4 and 7)` when one problem stands for several lines, as copy-limit names
    them: a .ydk lists a copy a line, and the problem's `line` is the first only."""
    lines = sorted({entry.line for entry in group if entry.line is not None})
    return f" ({lines_text(lines)})" if len(lines) > 1 else ""


class _CardsFromRows(Mapping[int, YgoCard]):
    """Cards by passcode, each made from its table row when first asked for: a deck names a
    few dozen of 14,000, and making them all would be most of the cost of opening the data."""

    def __init__(self, rows: dict[int, tuple[Any, ...]]):
        self._rows = rows
        self._made: dict[int, YgoCard] = {}

    def __getitem__(self, code: int) -> YgoCard:
        card = self._made.get(code)
        if card is None:
            card = self._made[code] = YgoCard(*self._rows[code])
        return card

    def __iter__(self) -> Iterator[int]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)


# Passcodes counted as alternate artworks that one catalog keeps (`infer_artwork`); past
# it each is worked out again when asked (a bisection). A site's users paste any passcode,
# and every one within ARTWORK_OFFSET of a card's stayed for ever: 2,000 pasted lists of 40
# kept 69,721 (34 MB, growing; about 280,000 can be made). Real decks name a few dozen.
MAX_INFERRED_KEPT = 16_384


class YgoCatalog:
    """Cards by passcode and by name (a `cards.catalog.Catalog`); `source` says where they
    came from."""

    game = GAME.id

    def __init__(self, cards: Iterable[YgoCard] = (), *, rows: Iterable[tuple[Any, ...]] | None = None,
                 source: str = "", imported_at: str = "", source_date: str = "", path: Path | None = None,
                 own: int | None = None):
        """`cards`, or the `rows` of a card table (`YgoCard` fields in order, passcode first);
        `own`: the passcodes of an imported database when the built-in data's stand behind them."""
        self.source = source
        self.own = own
        self.imported_at = imported_at
        self.source_date = source_date or imported_at[:10]
        self.path = path
        self._by_code: Mapping[int, YgoCard]
        if rows is not None:
            self._by_code = _CardsFromRows({row[0]: row for row in rows})
        else:
            self._by_code = {card.code: card for card in cards}
        self._codes = sorted(self._by_code)
        self._names: dict[str, YgoCard] | None = None
        self._loose_names: dict[str, YgoCard] | None = None
        self._inferred: dict[int, YgoCard] = {}
        self.memo: dict[Any, Any] = {}
        self._suggester: NameIndex | None = None

    @property
    def _by_name(self) -> dict[str, YgoCard]:
        """Cards by folded name, built on the first name lookup: `.ydk` decks name cards by
        passcode only, and folding 14,000 names is most of the cost of opening the data."""
        if self._names is None:
            names: dict[str, YgoCard] = {}
            # A name names the card others alias, not an alias; tokens lose to real cards
            # (`Black Luster Soldier` is both a Ritual Monster and a token).
            for card in sorted(self._by_code.values(), key=self._name_rank):
                names.setdefault(fold(card.name), card)
                names.setdefault(_slash_key(card.name), card)
            self._names = names
        return self._names

    @staticmethod
    def _name_rank(card: YgoCard) -> tuple[int, int, int]:
        return (bool(card.alias), bool(card.type & TYPE_BITS["Token"]), card.code)

    @property
    def data_date(self) -> dt.date | None:
        """The day the card data describes (its source's snapshot), when known."""
        return snapshot_day(self.source_date)

    def __len__(self) -> int:
        return len(self._by_code)

    def describe(self) -> str:
        if self.own is not None:
            return f"{self.source or 'Yu-Gi-Oh! card data'}, {self.own:,} passcodes, and the built-in data behind it"
        return f"{self.source or 'Yu-Gi-Oh! card data'}, {len(self):,} passcodes"

    # ------------------------------------------------------------ lookups

    def by_code(self, code: int) -> YgoCard | None:
        """The card of passcode `code`: the data's, else the card it is an alternate artwork
        of (`infer_artwork`), as a deck holding it counts it. Always worked out, never only
        when a deck checked earlier held it: a `points` key of such a passcode was a second
        value of its card (formats/points_conflicts.py) only after some deck had named it,
        in a long-running process, and never in a fresh one."""
        return self._by_code.get(code) or self.infer_artwork(code)

    def is_inferred(self, card: YgoCard) -> bool:
        """True for a card made by `infer_artwork`: its passcode is not in the data."""
        return card.code not in self._by_code

    def get(self, name: str) -> YgoCard | None:
        found = self._by_name.get(fold(name)) or self._by_name.get(_slash_key(name))
        if found is not None:
            return found
        if name.isascii():
            # An English spelling first; then a Japanese name printed in Latin letters, as
            # players type it (`Sin Selector`, Malefic Selector).
            return self._loose(name) or self._and_swapped(name) or self._japanese(name)
        # A Japanese name before the loose spellings: its loose key is its ASCII letters alone
        # (`ＲＲ－アベンジ・ヴァルチャー` -> `rr`), which may spell another card.
        return self._japanese(name) or self._loose(name) or self._and_swapped(name)

    def get_written(self, name: str) -> YgoCard | None:
        """The card a name a user typed stands for, as a text list's line reads it: by
        name (`get`), else a name of digits by its passcode (`3 23434538`), as the card that
        passcode counts as (an alternate artwork is its card)."""
        card = self.get(name)
        if card is None and (code := passcode_in_name(name)) is not None:
            found = self.by_code(code)
            card = self.root(found) if found is not None else None
        return card

    def _loose(self, name: str) -> YgoCard | None:
        """The one card `name` spells without its spaces and punctuation (`Maxx C`,
        `DD Crow`), built on the first name no exact spelling finds."""
        if self._loose_names is None:
            self._loose_names = loose_index((card.name, card) for card in self._by_name.values())
        return self._loose_names.get(loose_key(name))

    def _and_swapped(self, name: str) -> YgoCard | None:
        """The card `name` spells with its `and` written `&` or the other way (`Ash Blossom
        and Joyous Spring`), when no other spelling found one (names.and_swapped). Exactly
        (folded): the loose key of `A & B` is `A B`'s, another name than the one written."""
        other = and_swapped(name)
        return None if other is None else self._by_name.get(fold(other))

    def _japanese(self, name: str) -> YgoCard | None:
        """The card `name` is the Japanese name of (`3 灰流うらら` in an OCG player's list)."""
        code = japanese_code(name)
        return None if code is None else self._by_code.get(code)

    def root(self, card: YgoCard) -> YgoCard:
        """The card `card` counts as (itself when it has no alias or the alias is unknown)."""
        return self._by_code.get(card.alias, card) if card.alias else card

    def lookup(self, entry: CardEntry) -> YgoCard | None:
        """The card an entry holds: by passcode when it has one, else by name."""
        if entry.code is not None:
            return self.by_code(entry.code)
        return self.get(entry.name)

    def artwork_of(self, code: int) -> YgoCard | None:
        """The card an unknown passcode is most likely an alternate artwork of, if any."""
        index = bisect.bisect_left(self._codes, code)
        while index > 0:
            index -= 1
            candidate = self._by_code[self._codes[index]]
            if code - candidate.code > ARTWORK_OFFSET:
                return None
            if not candidate.alias:
                return candidate
        return None

    def infer_artwork(self, code: int) -> YgoCard | None:
        """A card for a passcode the data lacks, counted as the card it is most likely an
        alternate artwork of (None when no card is close enough); see the module docstring."""
        found = self._inferred.get(code)
        if found is None:
            base = self.artwork_of(code)
            if base is None:
                return None
            found = base.replace(code=code, alias=base.code, konami_id=None)
            if len(self._inferred) < MAX_INFERRED_KEPT:
                self._inferred[code] = found
        return found

    def name_letters(self) -> frozenset[str]:
        """The letters beyond ASCII of the cards' English names (cards/resolve.letters_note),
        worked out for the first unknown name that holds one."""
        return names_memo(self.memo, NAME_LETTERS, lambda: held_letters(card.name for card in self._by_code.values()))

    def name_words(self) -> frozenset[str]:
        """The words of the cards' English names, in small letters (cards/resolve.in_the_lists_letters)."""
        return names_memo(self.memo, NAME_WORDS, lambda: name_words(card.name for card in self._by_code.values()))

    def suggest(self, name: str, limit: int = SUGGESTIONS) -> list[str]:
        if is_japanese(name):  # a Japanese name mistyped: the Japanese names close to it
            return japanese_suggestions(name, limit)
        if self._suggester is None:  # built on the first unknown name: most checks have none
            self._suggester = NameIndex(card.name for card in self._by_name.values())
        return self._suggester.suggest(name, limit)

    @staticmethod
    def not_a_card(name: str) -> str | None:
        """Why a name the card data lacks is still no card a deck holds (a token, a Skill
        Card), for `cards lookup` as for validate's unknown-card; else None."""
        return not_a_card(name)

    @staticmethod
    def passcode_note(code: int) -> str | None:
        """What an unknown passcode looks like when it is no TCG/OCG card, for its message."""
        if looks_like_rush_duel(code):
            return ("it looks like a Rush Duel card (EDOPro numbers them 160xxxxxx), which the Yu-Gi-Oh! TCG/OCG "
                    "formats do not play")
        return None

    def suggest_passcodes(self, code: int) -> list[str]:
        """Known cards whose passcode is `code` with two neighbouring digits swapped or one
        digit mistyped (passcodes have eight digits), then with one digit left out or one
        too many: every passcode one edit away, about 180 lookups, swaps first; named as
        messages name them: `Ash Blossom & Joyous Spring (14558127)`. None for a Rush Duel
        id: it is no TCG/OCG card mistyped, and a passcode one digit away would mislead."""
        if looks_like_rush_duel(code):
            return []
        digits = f"{code:08d}"
        typed = str(code)
        swaps = (digits[:i] + digits[i + 1] + digits[i] + digits[i + 2:] for i in range(len(digits) - 1))
        typos = (digits[:i] + d + digits[i + 1:] for i in range(len(digits)) for d in "0123456789")
        missed = (typed[:i] + d + typed[i:] for i in range(len(typed) + 1) for d in "0123456789")
        doubled = (typed[:i] + typed[i + 1:] for i in range(len(typed)) if len(typed) > 1)
        found: list[YgoCard] = []
        for candidate in (*swaps, *typos, *missed, *doubled):
            card = self._by_code.get(int(candidate))
            if card is not None and int(candidate) != code and card not in found:
                found.append(card)
                if len(found) == SUGGESTIONS:
                    break
        return [f"{card.name} ({card.code})" for card in found]

    def is_land(self, name: str) -> None:
        """Yu-Gi-Oh! has no lands."""
        return None

    # ------------------------------------------------------------ resolution

    def resolve_deck(self, deck: Deck, listed: Collection[str] = ()) -> tuple[Deck, list[Problem]]:
        """Card names (of the card each passcode counts as) for the deck's entries; see the
        module docstring. Every unknown passcode or name is reported, listed or not."""
        entries: list[CardEntry] = []
        unknown: dict[object, list[CardEntry]] = {}
        inferred: dict[int, list[CardEntry]] = {}
        for entry in deck.entries:
            card = self._by_code.get(entry.code) if entry.code is not None else self.get(entry.name)
            if card is None and entry.code is None and (code := passcode_in_name(entry.name)) is not None:
                entry = entry.replace(code=code)
                card = self._by_code.get(code)
            if card is None and entry.code is not None:
                card = self.infer_artwork(entry.code)
                if card is not None:
                    inferred.setdefault(entry.code, []).append(entry)
            if card is None:
                entries.append(entry)
                if entry.zone != MAYBEBOARD:
                    unknown.setdefault(entry.code if entry.code is not None else fold(entry.name), []).append(entry)
                continue
            root = self.root(card)
            written = card.name if card.name != root.name else None
            if entry.code is None and entry.name != root.name:
                written = entry.written or entry.name
            entries.append(entry.replace(name=root.name, code=card.code if entry.code is not None else root.code,
                                       written=written))
        problems = [self._unknown_problem(group, rank) for rank, group in enumerate(unknown.values())]
        if problems:
            problems = in_the_lists_letters(problems, self.name_letters, japanese=True, words=self.name_words)
        problems += [self._inferred_problem(code, group) for code, group in inferred.items()]
        return deck.with_entries(entries), problems

    def _unknown_problem(self, group: list[CardEntry], rank: int) -> Problem:
        """The `unknown-card` error of one unknown passcode or name, the deck's `rank`-th."""
        first = group[0]
        count = sum(entry.count for entry in group)
        where = _lines_of(group)
        if first.code is not None:
            code = first.code
            near = suggestions_within_budget(rank, lambda: self.suggest_passcodes(code))
            note = self.passcode_note(code)  # a Rush Duel id is explained: no sync brings it
            return unknown_card(
                first, f"{unknown_passcode_message(code, note, where)} ({self.describe()})",
                count=count, suggestions=near, details={"code": first.code}, unexplained=note is None,
            )
        piece = not_a_card(first.name)
        if piece is not None:
            # `1 Sheep Token`: no card data holds tokens, and no card's name ends so (as in
            # Magic, whose words these are), nor Speed Duel Skill Cards (`Skill: ...`); "did
            # you mean Sea Kamen?", and after the data's date "run cards sync", sent the
            # player looking for a card.
            return unknown_card(first, piece.replace(repr(first.name), f"{first.name!r}{where}", 1), count=count)
        aside = script_note(first.name, japanese=True)  # a name in Japanese (or other) letters is explained
        if not aside:  # a name in Latin letters no card's name holds (a German list's `Aschblüte`)
            aside = letters_note(first.name, self.name_letters, japanese=True)
        if not aside and rank < MAX_SUGGESTED_NAMES:  # `7 Colored Fish` without a count: 7 copies of 'Colored Fish'
            aside = count_first_note(first, self.get)
        return unknown_card(
            first, f"unknown card {first.name!r}{where}: no Yu-Gi-Oh! card of that name in the card data{aside}",
            count=count, suggestions=suggestions_within_budget(rank, lambda: self.suggest(first.name)),
            unexplained=not aside,
        )

    def _inferred_problem(self, code: int, group: list[CardEntry]) -> Problem:
        first = group[0]
        card = self.infer_artwork(code)
        assert card is not None  # resolve_deck inferred it
        return unknown_card(
            first, (f"passcode {code}{_lines_of(group)} is not in the card data; counted as an alternate artwork of "
                    f"{card.name} (passcode {card.alias}, {code - card.alias} lower)"),
            severity=WARNING, card=card.name, count=sum(entry.count for entry in group),
            details={"code": code, "treated_as": card.alias},
        )
