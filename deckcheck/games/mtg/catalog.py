"""The Magic cards of the card database as validation uses them: any spelling -> the card,
and "did you mean".

An `MtgCatalog` (a `cards.catalog.Catalog`) wraps a read-only `CardDb`, remembers every
answer (a batch of decks asks for the same few thousand cards again and again), and,
unless offline, asks Scryfall for the names the local data does not know. Suggestions
come from the trigram tables built with the database (suggest.py), so a typo costs a few
milliseconds and nothing is loaded first.

The same class reads the built-in card data (`builtin=True`: the file inside the package,
opened immutable, never online). A catalog of a synced or imported database also reads
the built-in data where its own is thin: a Scryfall `oracle_cards` file lists one
printing per card, so a card's printings (which date it) are the union of both, and the
researched MTGO and Arena release days of the sets come from the built-in `sets` table.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Collection, Iterable
from functools import cached_property
from pathlib import Path
from typing import Any

from ...cards.catalog import SUGGESTIONS
from ...cards.resolve import resolve_by_name
from ...errors import MissingGameData
from ...model import CardEntry, Deck
from ...names import and_swapped, card_key, faces, full_key, loose_key
from ...problem import Problem
from ...textio import without_surrogates
from ...wording import counted
from . import GAME
from .availability import Availability
from .cards import Card, Printing, SetInfo
from .store import CardDb

# How MTG Arena names an Alchemy rebalanced card: `A-` before the original's name.
ALCHEMY_PREFIX = "A-"



# What one catalog remembers of the names it is asked (cards, misses, suggestions) is
# forgotten once it holds this many (`forget_names`), with what the rules worked out from
# them (`memo`): a server validating its users' pasted lists meets new names without end
# (2,000 lists of random names kept 52 MiB, growing with each list; now it stays under
# about 45 MiB). Magic has about 32,000 card names: a batch of real decks never reaches it.
MAX_NAMES_REMEMBERED = 50_000
# And once its `memo` holds this many answers of the rules (each a table by name: card-pool
# verdicts keep one per format, platform and event day, and a server's users name any day).
MAX_MEMO_KEYS = 1_024
_SUGGESTED = "suggest"  # memo: the suggestions for each (name, limit) asked


def _has_faces(card: Card, written: list[str]) -> bool:
    """Whether every face `written` is a face (or another printed name) of `card`, the card
    its first face found: the front face alone finds the card, but `Lightning Bolt //
    Counterspell` is two cards on one line and `Fire // Banana` no card, not Lightning Bolt
    and Fire // Ice with the rest dropped unseen. Faces compare as loosely as names are
    found (`Lim Duls Vault`); their order and repeats do not matter (`Ice // Fire`, an omen
    card written `Scavenger Regent // Exude Toxin // Scavenger Regent`)."""
    spelled = {loose_key(face) for spelling in (card.name, *card.face_names, *card.aliases) for face in faces(spelling)}
    return all(loose_key(face) in spelled for face in written)


class MtgCatalog:
    """Cards by any spelling. `online` (an OnlineLookup) fills gaps unless it is None."""

    game = GAME.id

    def __init__(self, path: Path, *, online: Any = None, warn: Callable[[str], None] | None = None,
                 builtin: bool = False):
        self.path = Path(path)
        self.builtin = builtin
        self.online = None if builtin else online
        self._warn = warn or (lambda message: None)
        self._db: CardDb | None = CardDb(self.path, immutable=builtin)
        if not self._db.has_magic:
            self._db.close()
            raise MissingGameData(
                f"the card database {self.path} holds no Magic cards yet; run `deckcheck cards sync` "
                "or `deckcheck cards import FILE`"
            )
        self.meta = dict(self._db.meta)
        self._cards: dict[str, Card | None] = {}
        self._base: MtgCatalog | None = None
        self._availability: Availability | None = None
        self._printings: dict[str, tuple[Printing, ...]] = {}
        self._meld_halves: dict[str, list[str]] | None = None
        self.warnings: list[str] = []
        # Results derived from this catalog's cards (card-pool verdicts), by their owners' keys.
        self.memo: dict[Any, Any] = {}

    # Catalogs travel to worker processes (batch --jobs): the connections do not.
    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state.update(_db=None, _warn=None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    @property
    def db(self) -> CardDb:
        if self._db is None:
            self._db = CardDb(self.path, immutable=self.builtin)
        return self._db

    @property
    def base(self) -> MtgCatalog | None:
        """The built-in data behind a synced or imported database (None for the built-in
        catalog itself)."""
        if self.builtin:
            return None
        if self._base is None:
            from ...cards.builtin import builtin_path

            self._base = MtgCatalog(builtin_path(), builtin=True)
        return self._base

    # The dates below are asked for every deck a batch checks (its freshness stamp, the
    # card-pool and database-list rules), and `meta` never changes: worked out once.
    @cached_property
    def has_legalities(self) -> bool:
        return self.meta.get("has_legalities") == "1"

    @cached_property
    def source_date(self) -> dt.date | None:
        """The day the data describes (a Scryfall file's date, the built-in data's snapshot)."""
        text = self.meta.get("source_date") or self.meta.get("imported_at", "")[:10]
        try:
            return dt.date.fromisoformat(text[:10]) if text else None
        except ValueError:
            return None

    @cached_property
    def data_date(self) -> dt.date | None:
        """The day the card data describes (as every game's catalog says it)."""
        return self.source_date

    @cached_property
    def legalities_date(self) -> dt.date | None:
        """The day the database's legalities describe: they decide from that day on only."""
        return self.source_date if self.has_legalities else None

    def describe(self) -> str:
        """The data in `cards info` words, as the other games' catalogs say theirs: its
        source and date, its cards counted, and for a synced or imported database the
        built-in data behind it (names it lacks are looked up there: `get`)."""
        source = self.meta.get("source", "unknown source")
        when = self.meta.get("source_date") or self.meta.get("imported_at", "")[:10]
        cards = str(self.meta.get("cards", ""))
        held = counted(int(cards), "card", grouped=True) if cards.isdigit() else "? cards"
        behind = ", and the built-in data behind it" if not self.builtin else ""
        return f"{source}{f' of {when}' if when else ''}, {held}{behind}"

    # ------------------------------------------------------------ dates of printings

    @property
    def availability(self) -> Availability:
        """Release days of printings per platform, from this database's sets and the
        built-in data's researched platform dates."""
        if self._availability is None:
            sets = self.db.sets()
            base = self.base
            if base is not None:
                for code, known in base.db.sets().items():
                    mine = sets.get(code)
                    sets[code] = known if mine is None else SetInfo(
                        code, mine.name, mine.released or known.released, mine.kind or known.kind,
                        mine.digital or known.digital, mine.mtgo or known.mtgo, mine.arena or known.arena,
                        mine.paper_legal or known.paper_legal,
                    )
            self._availability = Availability(sets)
        return self._availability

    def printings_of(self, card: Card) -> tuple[Printing, ...]:
        """Every known printing of `card`: its own and, for a synced database, the
        built-in data's printings of the same card."""
        found = self._printings.get(card.name)
        if found is None:
            base = self.base
            extra = base.get(card.name) if base is not None else None
            found = card.printings if extra is None else tuple(dict.fromkeys((*card.printings, *extra.printings)))
            self._printings[card.name] = found
        return found

    def warn(self, message: str) -> None:
        self.warnings.append(message)
        if self._warn is not None:
            self._warn(message)

    # ------------------------------------------------------------ lookups

    def _local(self, name: str, *, loose: bool = True) -> Card | None:
        """The card `name` spells in the local database; `loose`: also without its spaces and
        punctuation (the `loose_names` table)."""
        db = self.db
        # A name from the command line may hold a lone surrogate (undecodable bytes), which
        # SQLite cannot take as text: it is looked up as the replacement character, as a
        # deck file's undecodable bytes are (docs/security.md).
        name = without_surrogates(name)
        if "/" not in name:  # one face: the card key (already computed for the deck) is the name's key
            key = card_key(name)
            return db.find(key, key) or (db.find(loose_key(name), loose_key(name), loose=True) if loose else None)
        parts = faces(name)
        front = parts[0] if parts else name
        card = db.find(full_key(name), card_key(name)) or (
            db.find(loose_key(name), loose_key(front), loose=True) if loose else None)
        return card if card is None or _has_faces(card, parts) else None

    def get(self, name: str) -> Card | None:
        """The card `name` spells, from the local database (or an earlier online answer);
        a name a synced database lacks is looked up in the built-in data behind it. A
        melded back face (Brisela, Voice of Nightmares) is no card: None."""
        try:
            return self._cards[name]
        except KeyError:
            if len(self._cards) >= MAX_NAMES_REMEMBERED or len(self.memo) >= MAX_MEMO_KEYS:
                self.forget_names()
            if self.melded_from(name):
                card = None
            else:
                card = self._local(name)
                if card is None and (other := and_swapped(name)) is not None:  # `Aang & Katara`
                    # Exactly: loosely, `Fire & Ice` is Fire // Ice, and `Fire and Ice` (a WoW
                    # TCG card) would be too, where its message says which game has it.
                    card = self._local(other, loose=False)
                if card is None and self.base is not None:
                    card = self.base.get(name)
            self._cards[name] = card
            return card

    def make_room(self) -> None:
        """Forget what this catalog remembers (`forget_names`) when its `memo` is full: a
        rule that adds a table of its own asks first (the card-pool verdicts of a new event
        day: a deck of names asked before never reaches `get`'s own check)."""
        if len(self.memo) >= MAX_MEMO_KEYS:
            self.forget_names()

    def forget_names(self) -> None:
        """Forget every name this catalog was asked (its cards, misses and online answers)
        and what was worked out from them (`memo`: suggestions, card-pool verdicts, the
        rules' per-name answers): all of it is found again when asked. The dicts are
        emptied in place, so a caller holding one mid-deck goes on with it."""
        self._cards.clear()
        self.memo.clear()

    def prefetch(self, names: Iterable[str]) -> None:
        """Look up at once the one-face names of `names` not asked before, as `get` would
        one by one (resolve_by_name hands over a deck's new names: one query for thirty
        names costs far less than thirty). A name found by its exact key is remembered;
        every other name (several faces, a melded back face, one the exact key misses) is
        left to `get`, which knows the loose spellings and the built-in data behind."""
        cards = self._cards
        keys: dict[str, str] = {}
        for name in names:
            if name not in cards and "/" not in name:
                keys[name] = card_key(without_surrogates(name))
        if len(keys) < 2:
            return  # one name: `get`'s own query is as cheap
        found = self.db.find_many(keys.values())
        for name, key in keys.items():
            card = found.get(key)
            if card is not None and not self.melded_from(name):
                cards[name] = card

    def melded_from(self, name: str) -> list[str]:
        """The two cards that meld into `name` when it is a melded back face (no card a
        deck can hold, though a face name of each half), else []. The built-in data behind
        a synced database knows them too (a database synced before meld results were set
        apart holds Brisela as a card of its own)."""
        if self._meld_halves is None:
            self._meld_halves = self.db.meld_halves()
        halves = self._meld_halves.get(card_key(name), [])
        if not halves and self.base is not None:
            halves = self.base.melded_from(name)
        return halves

    def not_a_card(self, name: str) -> str | None:
        """Why a name the card data lacks or holds is still no card a deck holds, or None:
        a melded back face, an Alchemy rebalanced card (`A-` and an Oracle name, as Arena
        exports it: the shared card data has none of them), or a token, an emblem or an art
        card that says it is one (pieces.py), or a basic land named in another language
        (foreign_basics.py)."""
        halves = self.melded_from(name)
        if halves:
            return f"{name!r} is the melded back face of {' and '.join(halves)}, not a card a deck can hold; register the halves"
        original = self.alchemy_original(name)
        if original is None:
            from .foreign_basics import foreign_basic_message  # only for a name the data lacks
            from .pieces import game_piece

            return foreign_basic_message(name) or game_piece(name)
        return (f"{name!r} is an Alchemy rebalanced card (played in MTG Arena's Alchemy, Historic and Brawl, formerly Historic Brawl; never Standard or a "
                f"tabletop format), which the card data does not hold; the original card is {original.name}")

    def name_letters(self) -> frozenset[str]:
        """The letters beyond ASCII of the cards' names and faces (cards/resolve.letters_note),
        worked out for the first unknown name that holds one, from the data in use."""
        from ...cards.resolve import NAME_LETTERS, held_letters, names_memo

        return names_memo(self.memo, NAME_LETTERS, lambda: held_letters(
            text for _, name, faces in self.db.all_names() for text in (name, faces)))

    def name_words(self) -> frozenset[str]:
        """The words of the cards' names and faces, in small letters (cards/resolve.in_the_lists_letters),
        worked out for the first list with one unknown name of letters no card's name holds."""
        from ...cards.resolve import NAME_WORDS, name_words, names_memo

        return names_memo(self.memo, NAME_WORDS, lambda: name_words(
            text for _, name, faces in self.db.all_names() for text in (name, faces) if text))

    def alchemy_original(self, name: str) -> Card | None:
        """The card an Alchemy rebalanced name (`A-Luminarch Aspirant`, as Arena exports it)
        rebalances, when the data knows the original, else None. Asked only of a name the
        data lacks (an unknown-card problem's, one `cards lookup` or `convert` found no card
        of), which every caller has looked up already: not looked up again here."""
        if not name.startswith(ALCHEMY_PREFIX):
            return None
        return self.get(name[len(ALCHEMY_PREFIX):])

    def reword_unknown_cards(self, problems: list[Problem], fmt: Any, platform: str, **words: str) -> list[Problem]:
        """A deck's `unknown-card` problems as `fmt` on `platform` words them: an Alchemy
        card is allowed in Arena's Brawl, never in Standard Brawl (alchemy.py; `words`, its
        `arena`: how the setting of an Arena deck is named)."""
        from .alchemy import in_format

        return in_format(problems, self.alchemy_original, fmt, platform, **words)

    def lookup(self, entry: CardEntry) -> Card | None:
        return self.get(entry.name)

    def by_code(self, code: int) -> None:
        """Magic decklists name their cards: no card is known by a number."""
        return None

    def resolve_deck(self, deck: Deck, listed: Collection[str] = ()) -> tuple[Deck, list[Problem]]:
        """Oracle names for the deck's entries; unknown names (after one online request for
        all of them, unless offline) are `unknown-card` errors with suggestions (told card
        names are read in English when the list names a basic land in another language)."""
        deck, problems = resolve_by_name(
            deck, self, listed=listed, fetch=self.resolve if self.online is not None else None, explain=self.not_a_card,
        )
        if problems:
            from ...cards.resolve import in_the_lists_letters
            from .foreign_basics import in_the_lists_language  # only for a deck with a name the data lacks

            problems = in_the_lists_letters(in_the_lists_language(problems), self.name_letters, words=self.name_words)
        return deck, problems

    def is_land(self, name: str) -> bool | None:
        """Whether `name` is a land (its front face, as the card is played from the hand);
        None for a card the database does not know. The opening-hand engine asks this."""
        card = self.get(name)
        return None if card is None else "Land" in card.types

    def resolve(self, names: Iterable[str]) -> dict[str, Card | None]:
        """Cards for many names at once; names missing locally are looked up online together."""
        cards = self._cards
        result: dict[str, Card | None] = {}
        for name in names:
            if name not in result:
                result[name] = cards[name] if name in cards else self.get(name)
        missing = [name for name, card in result.items() if card is None and not self.melded_from(name)]
        if missing and self.online is not None:
            from ...errors import NetworkError

            try:
                found = self.online.fetch(missing)
            except NetworkError as exc:
                # One failure is enough to know the network is not there for this run.
                self.online = None
                self.warn(f"online card lookup skipped: {exc}; use --offline to stop trying")
                found = {}
            for name, card in found.items():
                self._cards[name] = card
                result[name] = card
            stopped = getattr(self.online, "stopped", None)
            if stopped:
                self.online = None  # the run's budget is spent: the rest is checked offline
                self.warn(f"{stopped}; names not looked up stay unknown (--offline skips lookups)")
        return result

    def suggest(self, name: str, limit: int = SUGGESTIONS) -> list[str]:
        halves = self.melded_from(name)
        if halves:
            return halves[:limit]
        from .foreign_basics import english_basic  # only for a name the data lacks

        basic = english_basic(name)
        if basic is not None:  # `Montaña`: Mountain, not the names spelled like it
            return [basic[0]][:limit]
        if len(self.memo.get(_SUGGESTED, ())) >= MAX_NAMES_REMEMBERED:
            self.forget_names()
        suggested = self.memo.setdefault(_SUGGESTED, {})
        key = (name, limit)
        if key not in suggested:
            suggested[key] = self.db.suggest(without_surrogates(name), limit)  # as in _local
        return list(suggested[key])

