"""Reduce a deck's main deck to what the engine needs: cards, lands, tags, and categories.

Land detection, in order: a card the policy file lists under `lands:` is a land; else the
card database decides when one is given (any object with `is_land(name) -> bool | None`,
`None` meaning "unknown card"); else the format's basic lands are the lands.

Categories ("atoms") are the coarsest split of the deck that every quantity a policy
mentions is a sum over: each card's signature is (land?, named by the policy?, its tags
the policy uses, and for a --cast question the spell's colors the land can make). Exact
mode enumerates hands as counts per category, so a policy that names one card and one tag
in a 60-card deck needs only a handful of categories. Cards named or tagged only by an
assertion split categories too, but are not "key" cards for bottoming.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Protocol

from ..formats import Format
from ..model import MAIN, Deck, tally
from ..names import card_key, face_keys, fold, same_faces
from .mana import EVERY_LAND, EVERY_LAND_KINDS, MANA, SOURCE_KINDS


class CardData(Protocol):
    """The part of a card database the engine uses."""

    def is_land(self, name: str) -> bool | None: ...


@dataclass(frozen=True)
class DeckCard:
    key: str
    name: str
    copies: int
    land: bool
    tags: frozenset[str]
    # The card's faces as the card data names it (names.face_keys); None when the data lacks
    # it (or there is none), and the name as the deck writes it is all there is to go by.
    faces: frozenset[str] | None = None

    def named_by(self, name: str) -> bool:
        """Whether `name`, of the card's key (its front face), names this card (_names)."""
        return _names(name, self.name, self.faces)


def _names(name: str, card: str, faces: frozenset[str] | None) -> bool:
    """Whether `name`, of the key of the deck's `card` (its front face), names that card: by
    faces the card has (`faces`, as the card data names it), or, when the card data does
    not know it, as names.same_faces allows. `Fire // Banana` is no Fire // Ice, nor
    `Lightning Bolt // Counterspell` Lightning Bolt (a card of one face), as validation
    finds a deck's names (games/mtg/catalog.py)."""
    if faces is not None:
        return face_keys(name) <= faces
    return same_faces(name, card)


@dataclass(frozen=True)
class DeckProfile:
    """The main deck as the engine sees it: one entry per distinct card, in list order."""

    cards: tuple[DeckCard, ...]

    # Cached: the by-turn table asks for them once a cell (a frozen dataclass keeps them in
    # its __dict__, which cached_property writes directly).
    @cached_property
    def size(self) -> int:
        return sum(card.copies for card in self.cards)

    @cached_property
    def lands(self) -> int:
        return sum(card.copies for card in self.cards if card.land)

    @cached_property
    def folded_names(self) -> tuple[str, ...]:
        """The deck's card names folded as "did you mean" compares them (names.fold)."""
        return tuple(fold(card.name) for card in self.cards)

    def closest_card(self, name: str) -> list[str]:
        """The deck's card "did you mean" gives for `name` (`NameIndex.suggest(name, 1)` over
        the deck's names), or none. A policy file shared by a run's thousand decks names
        cards each one lacks, a note apiece (engine/policy_notes.py), and each deck indexed
        all its names for them. Only the names `could_suggest` keeps are asked (a name or
        two, often none), and decks that keep the same ones for a name share the answer
        (`suggest_among`); both are memoised (bounded caches of pure functions), so a run
        scores each name against each card once. The answer is the same: the names left out
        could not be suggested (tests/test_cards_suggest.py)."""
        from ..cards.suggest import could_suggest, suggest_among

        word = fold(name)
        close = tuple(card.name for card, key in zip(self.cards, self.folded_names) if could_suggest(word, key))
        return list(suggest_among(name, close)) if close else []

    def find(self, name: str) -> DeckCard | None:
        index = self.index(name)
        return None if index is None else self.cards[index]

    def index(self, name: str) -> int | None:
        """The place of the card `name` names (by its key, then its faces: DeckCard.named_by),
        or None; a card key names its card too."""
        key = card_key(name)
        return next((i for i, card in enumerate(self.cards) if card.key == key and card.named_by(name)), None)


def card_namer(card_data: CardData | None) -> Callable[[str], str]:
    """How the user's card names are read: each as the card data names its card, as
    validation reads a deck's lines (the game's `Catalog.get`: a Yu-Gi-Oh! name without its
    punctuation, `Maxx C` for Maxx "C"), so it meets the deck's card, which the data named so
    too. A name that already meets its card (the same card key: case, accents) stays as
    written, so reports quote it as before; a name the data lacks, and every name without
    card data (or with a land oracle only), as given, for the "no such card" error. One
    reading for `--card`, keep rules, policy files and assertions alike (simulation.py).
    A game whose cards have passcodes reads a name of digits as a list's line does
    (`get_written`: `14558127` is Ash Blossom & Joyous Spring)."""
    # A game's Catalog; the engine itself needs only is_land.
    get = _card_getter(card_data)
    if get is None:
        return _as_written

    def named(name: str) -> str:
        card = get(name)
        # A name of the card's key but not of its faces is no name of it (DeckCard.named_by):
        # the card data found it by another printed name.
        if card is None or (card_key(card.name) == card_key(name) and face_keys(name) <= face_keys(card.name)):
            return name
        return card.name

    return named


def _as_written(name: str) -> str:
    return name


def _card_getter(card_data: CardData | None) -> Callable[[str], Any] | None:
    """The card data's lookup of a user's name (a game's Catalog's `get_written`, which
    reads a name of digits as a passcode, else its `get`), or None (no card data, or a land
    oracle only)."""
    return getattr(card_data, "get_written", None) or getattr(card_data, "get", None)


def card_known(card_data: CardData | None) -> Callable[[str], bool]:
    """Whether the card data knows `name` as a card, read as card_namer reads it: a card a
    deck may simply not run, not a misspelling. Without card data (or with a land oracle
    only) no name is known, so nothing can be told from a misspelling."""
    get = _card_getter(card_data)
    if get is None:
        return lambda name: False
    return lambda name: get(name) is not None


def did_you_mean(name: str, profile: DeckProfile) -> str:
    """`; did you mean 'Card'?` with the deck's card a name it lacks is the start of (`Nibiru`
    for `Nibiru, the Primal Being`, too far for the closest spellings) or is closest to (a
    typo), or nothing when none is close (a spell asked about, which need not be in the
    deck, is matched against the card data too: cast._nearest)."""
    close = profile.closest_card(name)
    return f"; did you mean {close[0]!r}?" if close else ""


def _by_key(names: Iterable[str]) -> dict[str, list[str]]:
    """The names by their card key (names.card_key), for _names to tell which card each names."""
    keyed: dict[str, list[str]] = {}
    for name in names:
        keyed.setdefault(card_key(name), []).append(name)
    return keyed


def profile_deck(
    deck: Deck,
    fmt: Format,
    *,
    lands: Iterable[str] = (),
    tags: Mapping[str, Iterable[str]] | None = None,
    card_data: CardData | None = None,
) -> DeckProfile:
    get = getattr(card_data, "get", None)  # a game's Catalog, which knows each card's faces
    user_lands = _by_key(lands)
    tagged = {tag: _by_key(names) for tag, names in (tags or {}).items()}
    cards = []
    for key, entry in tally(deck.zone(MAIN)).items():
        if entry.total <= 0:
            continue
        known = get(entry.name) if get is not None else None
        faces = face_keys(known.name) if known is not None else None
        is_land = any(_names(name, entry.name, faces) for name in user_lands.get(key, ()))
        if not is_land and card_data is not None:
            land = card_data.is_land(entry.name)
            is_land = land if land is not None else key in fmt.basic_lands
        elif not is_land:
            is_land = key in fmt.basic_lands
        member_of = frozenset(tag for tag, listed in tagged.items()
                              if any(_names(name, entry.name, faces) for name in listed.get(key, ())))
        cards.append(DeckCard(key=key, name=entry.name, copies=entry.total, land=is_land, tags=member_of, faces=faces))
    return DeckProfile(cards=tuple(cards))


@dataclass(frozen=True)
class Atoms:
    """The deck split into categories; `of_card[i]` is the category of profile card i."""

    labels: tuple[str, ...]
    copies: tuple[int, ...]
    land: tuple[bool, ...]
    key: tuple[bool, ...]          # holds cards the policy names or tags (kept when bottoming)
    of_card: tuple[int, ...]
    features: Mapping[str, tuple[int, ...]]  # category name -> the atoms it sums
    # Per atom: the spell's source kinds its lands make, and MANA; empty without a --cast question.
    mana: tuple[frozenset[str], ...] = ()
    requirements: tuple[tuple[frozenset[str], int], ...] = ()  # the spell's Hall conditions

    @property
    def size(self) -> int:
        return len(self.labels)

    def paying(self, kinds: frozenset[str] | None = None) -> Callable[[Sequence[Any]], Any]:
        """For a --cast question: a function of a hand's counts giving how many of its lands
        can pay a symbol of `kinds` (None: generic mana), those that make one of them, or
        every land while one that gives every land such a color (Urborg) is among them."""
        wanted = {MANA} if kinds is None else set(kinds)
        given = EVERY_LAND_KINDS if kinds is None else {EVERY_LAND[k] for k in kinds if k in EVERY_LAND}
        lands = [a for a in range(self.size) if self.land[a]]
        direct = [a for a in lands if self.mana[a] & wanted]
        giving = [a for a in lands if self.mana[a] & given]

        def count(counts: Sequence[Any]) -> Any:
            zero = 0 * counts[0]
            paid = sum((counts[a] for a in direct), start=zero)
            if not giving:
                return paid
            every = sum((counts[a] for a in lands), start=zero)
            return paid + (sum((counts[a] for a in giving), start=zero) >= 1) * (every - paid)

        return count

    def color_keys(self, counts: Sequence[Any]) -> list[Any]:
        """For a --cast question: how many of the spell's colored symbols the lands can pay
        (a maximum matching, by Hall's deficiency), how many lands make its colors, and how
        many make mana at all; each larger is better. A spell without colored symbols ({2},
        {2}{G/P}) has the last alone; nothing without a question."""
        if not self.mana:
            return []
        making_mana = self.paying()(counts)
        if not self.requirements:
            return [making_mana]
        deficit = 0 * counts[0]
        for kinds, symbols in self.requirements:
            deficit = _maximum(deficit, symbols - self.paying(kinds)(counts))
        symbols = max(need for _, need in self.requirements)
        on_color = self.paying(frozenset().union(*(kinds for kinds, _ in self.requirements)))(counts)
        return [symbols - deficit, on_color, making_mana]

    def atoms_of(self, name: str) -> tuple[int, ...]:
        """Atoms summed by `lands`, `spells`, `cards`, `tag:<t>` or `card:<key>`."""
        return self.features.get(name, ())


def _maximum(a: Any, b: Any) -> Any:
    import numpy as np

    return np.maximum(a, b)


def split_atoms(
    profile: DeckProfile,
    *,
    named: Iterable[str],
    tags: Iterable[str],
    key_named: Iterable[str] | None = None,
    key_tags: Iterable[str] | None = None,
    land_kinds: Sequence[frozenset[str]] | None = None,
    requirements: Sequence[tuple[frozenset[str], int]] = (),
) -> Atoms:
    """Split the deck by the cards `named` and the `tags` used; of those, `key_named` and
    `key_tags` (default: all) are the policy's own, kept first when bottoming.
    `land_kinds[i]` splits lands by the spell's source kinds profile card i makes."""
    named_keys = {card_key(name) for name in named}
    used_tags = frozenset(tags)
    key_keys = named_keys if key_named is None else {card_key(name) for name in key_named}
    key_tag_set = used_tags if key_tags is None else frozenset(key_tags)
    signatures: dict[tuple[bool, str, frozenset[str], frozenset[str]], list[int]] = {}
    for index, card in enumerate(profile.cards):
        kinds = land_kinds[index] if land_kinds is not None and card.land else frozenset()
        signature = (card.land, card.key if card.key in named_keys else "", card.tags & used_tags, kinds)
        signatures.setdefault(signature, []).append(index)
    # Deterministic order (the bottoming tie-break relies on it): lands first, then
    # named cards, then tagged groups, then the rest; alphabetical within each.
    order = sorted(signatures, key=lambda s: (not s[0], not s[1], not s[2], s[1], sorted(s[2]), sorted(s[3])))
    labels, copies, land, key, mana = [], [], [], [], []
    of_card = [0] * len(profile.cards)
    for atom, signature in enumerate(order):
        is_land, name_key, member_of, kinds = signature
        members = signatures[signature]
        for index in members:
            of_card[index] = atom
        if name_key:
            label = profile.cards[members[0]].name
        elif member_of:
            label = "+".join(sorted(member_of)) + (" lands" if is_land else "")
        else:
            label = "other lands" if is_land else "other cards"
        if land_kinds is not None and is_land:
            made = "".join(sorted(kinds & set(SOURCE_KINDS))) or ("off-color" if MANA in kinds else "no mana")
            label += f" ({made}{''.join(f', {k}' for k in sorted(kinds & EVERY_LAND_KINDS))})"
        labels.append(label)
        copies.append(sum(profile.cards[i].copies for i in members))
        land.append(is_land)
        key.append(bool((name_key and name_key in key_keys) or (member_of & key_tag_set)))
        mana.append(kinds)
    features: dict[str, tuple[int, ...]] = {
        "lands": tuple(a for a in range(len(order)) if land[a]),
        "spells": tuple(a for a in range(len(order)) if not land[a]),
        "cards": tuple(range(len(order))),
    }
    for tag in used_tags:
        features["tag:" + tag] = tuple(a for a, s in enumerate(order) if tag in s[2])
    for name_key in named_keys:
        features["card:" + name_key] = tuple(a for a, s in enumerate(order) if s[1] == name_key)
    return Atoms(
        labels=tuple(labels),
        copies=tuple(copies),
        land=tuple(land),
        key=tuple(key),
        of_card=tuple(of_card),
        features=features,
        mana=tuple(mana) if land_kinds is not None else (),
        requirements=tuple(requirements),
    )
