"""`--cast NAME`: can the spell be cast on curve, on the play and on the draw?

For a spell that T lands pay (its mana value, each {2/W} paid with one W: turn T, at least
turn 1) two probabilities, mulligans included (docs/engine.md, "Castability"):

    p                    P(at least T lands that make mana and the colored symbols paid, by turn T)
    p_given_land_drops   p / P(at least T lands by turn T): Frank Karsten's measure, "the
                         probability to have the colored sources conditional on drawing at
                         least T lands by turn T"

The lands are split by what of the spell's colors they make (mana.py); those categories
take part in bottoming, so off-color lands go to the bottom first, and lands that make no
mana before them (bottoming.py).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..limits import MAX_TURNS, check_turns
from ..names import card_key, fold
from ..wording import names_listed, yaml_quoted
from .categories import Atoms, DeckProfile, split_atoms
from .events import Event, Holds
from .keep import KeepPolicy
from .mana import EVERY_LAND_KINDS, MANA, LandFacts, ManaCost, ManaError, basic_land_facts, land_facts, land_sources, parse_cost


@dataclass(frozen=True)
class CastQuestion:
    name: str                 # as asked and shown: a card, or one face of it (Ice of Fire // Ice)
    cost: ManaCost
    deck_card: str | None     # the main deck's card holding it, or None

    @property
    def in_deck(self) -> bool:
        return self.deck_card is not None

    @property
    def turn(self) -> int:
        return max(1, self.cost.fewest_lands)


@dataclass
class CastAnswer:
    question: CastQuestion
    sides: dict[str, tuple[Any, Any]] = field(default_factory=dict)  # side -> (p, p_given) Estimates
    sources: dict[str, int] = field(default_factory=dict)             # kind -> lands making it
    per_game: dict[str, Any] = field(default_factory=dict)            # Monte Carlo per-game events (--compare)

    def to_dict(self, on: str, exact: bool) -> dict[str, Any]:
        p, given = self.sides[on]
        out: dict[str, Any] = {
            "turn": self.question.turn, "p": p.value, "p_given_land_drops": given.value,
            "on": on, "cost": self.question.cost.text, "mana_value": self.question.cost.mana_value,
            "sources": dict(self.sources),
            "sides": {side: {"p": a.value, "p_given_land_drops": b.value} for side, (a, b) in self.sides.items()},
        }
        if not exact:
            out["standard_errors"] = {side: {"p": a.se, "p_given_land_drops": b.se} for side, (a, b) in self.sides.items()}
        if not self.question.in_deck:
            out["in_deck"] = False
        return out


def deck_land_kinds(profile: DeckProfile, policy: KeepPolicy, card_data: Any, warnings: list[str]) -> list[frozenset[str]]:
    """What each land of the deck can make (empty for non-lands), from the policy's
    `sources:`, else the card database, else basic land names: its source kinds, and MANA
    when it makes any mana (a land listed with no kinds under `sources:` makes none; a land
    nothing is known about makes mana of no known color)."""
    overrides = {card_key(name): frozenset(kinds) | ({MANA} if kinds else set()) for name, kinds in policy.sources.items()}
    facts: dict[str, LandFacts] = {}
    unknown = []
    for card in profile.cards:
        if not card.land or card.key in overrides:
            continue
        found = getattr(card_data, "get", None)
        known = found(card.name) if found is not None else None
        fact = land_facts(known) if known is not None else basic_land_facts(card.name)
        if fact is None:
            unknown.append(card.name)
            continue
        facts[card.key] = fact
    if unknown:
        warnings.append(
            f"castability: no card data for {names_listed(unknown[:5])}{' ...' if len(unknown) > 5 else ''}: counted as "
            "lands that make no colored mana; name what they make under `sources:` in a policy file"
        )
    kinds = {**land_sources(facts), **overrides}
    return [kinds.get(card.key, frozenset({MANA})) if card.land else frozenset() for card in profile.cards]


def _never_cast(origin: str, name: str, types: Sequence[str]) -> str:
    """Why a card without a mana cost has no castability to ask about (a land, Ancestral Vision)."""
    if "Land" in types:
        return f"{origin}: {name} is a land: it is played, not cast; ask about a spell"
    return (
        f"{origin}: {name} has no mana cost, so it is never cast for mana (suspend, an alternative cost); "
        "give the cost you mean under `costs:` in a policy file"
    )


def other_face(name: str, card: Any) -> int | None:
    """The index of the face of the card data's `card` that `name` names, when it is not
    the front one (a split card's right half, an adventure, a double-faced card's back)."""
    faces = tuple(getattr(card, "face_names", ()) or ())
    return next((i for i, face in enumerate(faces) if i > 0 and card_key(face) == card_key(name)), None)


def card_face_cost(card: Any, face: int | None, origin: str) -> str:
    """The cost of the card data's `card`: its front face's, or that of face number `face`.
    ManaError when that face is never cast for mana."""
    if face is None:
        if not card.mana_cost:  # no mana cost at all: "castable on curve" would read 100% on turn 1
            raise ManaError(_never_cast(origin, card.name, card.types))
        return str(card.mana_cost)
    name = card.face_names[face]
    lines = (getattr(card, "type_line", "") or "").split(" // ")
    costs = (card.mana_cost or "").split(" // ")
    if face < len(lines) and "Land" in lines[face]:
        raise ManaError(_never_cast(origin, name, ("Land",)))
    if face >= len(costs) or not costs[face].strip():
        raise ManaError(_never_cast(origin, name, ()))
    return costs[face].strip()


def _nearest(name: str, profile: DeckProfile, suggest: Callable[[str, int], list[str]] | None) -> str:
    """`; did you mean 'Card'?` with the deck's closest card, or the card data's when it is
    clearly nearer: one edit from the name typed and the deck's card not. A spell asked about
    need not be in the deck, so `Force of Wil` is Force of Will, not the deck's Force of
    Negation; but a typed start of the deck's card's name (`Orcish`) is that card (Orcish
    Bowmasters), not a shorter one no deck runs that plain string likeness ranks nearer
    (Orcish Spy) (review32f finding 1)."""
    from ..cards.suggest import one_edit

    deck = profile.closest_card(name)
    data = suggest(name, 1) if suggest else []
    typed = fold(name)
    if data and (not deck or (one_edit(typed, fold(data[0])) and not one_edit(typed, fold(deck[0])))):
        return f"; did you mean {data[0]!r}?"
    return f"; did you mean {deck[0]!r}?" if deck else ""


def cast_question(
    name: str, profile: DeckProfile, policy: KeepPolicy, card_data: Any, origin: str, *, no_data: str = "card_data=None",
) -> CastQuestion:
    """The castability question about `name`; its errors name `origin`, where the user asked
    it (`--cast 'Wrath of God'`), and `no_data`, how the caller said to read no card data
    (the command line's `--no-cards`) when `card_data` is None."""
    if not name.strip():
        raise ManaError(f"{origin}: the spell's name is empty: name a spell, as in 'Lightning Bolt'")
    costs = {card_key(key): text for key, text in policy.costs.items()}
    text = costs.get(card_key(name))
    shown = name
    found = getattr(card_data, "get", None)
    known = found(name) if found is not None else None
    face = other_face(name, known) if known is not None else None
    if text is None and known is not None:
        text, shown = card_face_cost(known, face, origin), known.name
    card = profile.find(name) or (profile.find(known.name) if known is not None else None)
    if text is None:
        hint = "" if card is not None else _nearest(name, profile, getattr(card_data, "suggest", None))
        if hint:  # a name neither the deck nor the card data has, close to one they have: a typo
            raise ManaError(f"{origin}: no such card in the main deck or the card data{hint}")
        # The name as a double-quoted YAML scalar (JSON's escapes): written raw, a line break
        # in it split the one-line error, and a quote gave advice no YAML reads.
        written = yaml_quoted(name)
        example = "`costs: {" + written + ": \"{2}{W}{W}\"}`"
        if card_data is None:  # no card data read at all: an import would not be read either
            raise ManaError(f"{origin}: no mana cost known (no card data: {no_data}); leave out {no_data} or give it "
                            f"under `costs:` in a policy file, like {example}")
        raise ManaError(
            f"{origin}: no mana cost known (no card database has it); import one with "
            f"`deckcheck cards import FILE` or give it under `costs:` in a policy file, like {example}"
        )
    question = CastQuestion(
        name=known.face_names[face] if known is not None and face is not None else card.name if card else shown,
        cost=parse_cost(text, name=origin),
        deck_card=card.name if card else None,
    )
    value = question.cost.mana_value
    on_curve = f"mana value {value}" + ("" if value == question.turn else f", turn {question.turn} on curve")
    check_turns(question.turn, too_late=(
        f"{origin}: {on_curve}: castability is asked up to turn {MAX_TURNS} (docs/security.md#limits)"
    ))
    return question


def cast_atoms(profile: DeckProfile, policy: KeepPolicy, question: CastQuestion, kinds: Sequence[frozenset[str]]) -> Atoms:
    """The policy's categories with lands split by the spell's source kinds they make, by
    whether they make mana at all, and by the color they give every land (Urborg)."""
    # Every such color, the spell's or not: with Urborg out a Bazaar of Baghdad taps for B,
    # so it pays the generic mana of Mind Stone's {2} or of {1}{G} (Atoms.paying(None)).
    wanted = question.cost.kinds | {MANA} | EVERY_LAND_KINDS
    return split_atoms(
        profile, named=policy.named_cards, tags=policy.used_tags,
        land_kinds=[k & wanted for k in kinds], requirements=question.cost.requirements(),
    )


def castable_holds(atoms: Atoms, cost: ManaCost) -> Holds:
    """Enough lands that make mana, and the colored symbols paid (Hall's condition)."""
    making_mana = atoms.paying()
    groups = [(atoms.paying(kinds), need) for kinds, need in cost.requirements()]
    needed = cost.fewest_lands

    def holds(counts: Sequence[Any]) -> Any:
        result = making_mana(counts) >= needed
        for paying, need in groups:
            result = result & (paying(counts) >= need)
        return result

    return holds


def lands_holds(atoms: Atoms, needed: int) -> Holds:
    lands = [a for a in range(atoms.size) if atoms.land[a]]

    def holds(counts: Sequence[Any]) -> Any:
        return sum((counts[a] for a in lands), start=0 * counts[0]) >= needed

    return holds


def cast_events(atoms: Atoms, question: CastQuestion, draws: Mapping[str, int]) -> list[Event]:
    """For each side: the spell castable, and enough lands, after that side's draws."""
    events = []
    for side, count in draws.items():
        events.append(Event(f"cast:{side}", count, castable_holds(atoms, question.cost)))
        events.append(Event(f"lands:{side}", count, lands_holds(atoms, question.cost.fewest_lands)))
    return events


def source_counts(profile: DeckProfile, kinds: Sequence[frozenset[str]], question: CastQuestion) -> dict[str, int]:
    """Lands in the deck that can pay each kind of symbol of the spell's cost, by its name:
    `W` the lands making white, `R/W` those making red or white (Karsten's "combined sources
    of either color")."""
    return {
        name: sum(card.copies for card, made in zip(profile.cards, kinds) if card.land and made & paid_by)
        for name, paid_by in question.cost.symbols().items()
    }
