"""Exact mode: enumerate hands by category counts (multivariate hypergeometric).

For each step of the mulligan schedule every composition x of the cards drawn (how many
of each category) has probability prod C(n_a, x_a) / C(N, draw). Under London the kept
hand is the preferred sub-composition y <= x of the kept size that satisfies the rule
(see mulligan.py); hands are independent reshuffles, so P(keep at step i) is
P(satisfy at i) times the chance every earlier step failed.

By-turn odds use the same kept states: a tracked card is spread over its category by a
hypergeometric split (which copies were drawn, which of them were kept), and the draws
come from the cards not drawn for the kept hand (London bottoms go under the library).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Any

from ..errors import DeckcheckError
from . import exact_plain
from .categories import Atoms, DeckProfile
from .compositions import composition_rows, enumeration_work
from .mulligan import Step, preference_keys
from .outcome import Estimate, Outcome, hypergeom_at_least, hypergeom_pmf
from .policy import HandView, evaluate

# Candidate (hand, kept hand) pairs examined over all steps; beyond this exact mode
# would take seconds and memory, and Monte Carlo is the better tool.
WORK_LIMIT = 30_000_000
_CHUNK_ELEMENTS = 4_000_000


class ExactNotPossible(DeckcheckError):
    """The policy cannot be computed exactly (not count-based, or too many categories)."""


class CountsView(HandView):
    """Hands given as counts per category: `counts[a]` is an array over the batch."""

    def __init__(self, counts: Sequence[Any], atoms: Atoms, size: int):
        self.counts = counts
        self.atoms = atoms
        self.size = size
        self.shape = counts[0].shape

    def category(self, name: str) -> Any:
        import numpy as np

        if name == "cards":
            return np.full(self.shape, self.size)
        total = np.zeros(self.shape, dtype=np.int64)
        for atom in self.atoms.atoms_of(name):
            total = total + self.counts[atom]
        return total

    def distinct(self, name: str) -> Any:
        raise ExactNotPossible("distinct() depends on which cards are in the hand, not only how many of each kind")


def compositions(total: int, caps: Sequence[int]) -> Any:
    """Every vector x with sum `total` and 0 <= x[a] <= caps[a], as rows of an array."""
    import numpy as np

    rows = composition_rows(total, caps)
    return np.array(rows, dtype=np.int64).reshape(len(rows), len(caps))


def composition_probabilities(rows: Any, copies: Sequence[int], deck_size: int, draw: int) -> Any:
    import numpy as np

    probability = np.ones(len(rows))
    for atom, n in enumerate(copies):
        table = np.array([float(comb(n, k)) for k in range(draw + 1)])
        probability *= table[rows[:, atom]]
    return probability / comb(deck_size, draw)


@dataclass
class KeptStates:
    """The kept states of one step as numpy arrays: drawn and kept compositions (rows),
    and their probability."""

    step: Step
    drawn: Any
    kept: Any
    probability: Any

    def total(self) -> float:
        return float(self.probability.sum())

    def lands_by_count(self, atoms: Atoms) -> list[tuple[int, float]]:
        """(lands in the kept hand, probability), by land count."""
        import numpy as np

        counts = self.kept @ np.array(atoms.land, dtype=np.int64)
        return [(int(count), float(p)) for count, p in zip(*_group(counts, self.probability))]

    def as_arrays(self) -> tuple[Any, Any, Any]:
        return self.drawn, self.kept, self.probability


def _rule_mask(step: Step, rows: Any, atoms: Atoms) -> Any:
    import numpy as np

    if step.rule is None:
        return np.ones(len(rows), dtype=bool)
    view = CountsView([rows[:, a] for a in range(atoms.size)], atoms, step.keep)
    return np.asarray(evaluate(step.rule.node, view), dtype=bool)


def _ranks(step: Step, rows: Any, atoms: Atoms, deck_size: int, deck_lands: int) -> Any:
    import numpy as np

    counts = [rows[:, a] for a in range(atoms.size)]
    view = CountsView(counts, atoms, step.keep)
    keys = [np.broadcast_to(key, (len(rows),)) for key in preference_keys(step, view, counts, atoms, deck_size, deck_lands)]
    order = np.lexsort(tuple(reversed(keys)))
    rank = np.empty(len(rows), dtype=np.int64)
    rank[order] = np.arange(len(rows))
    return rank


def choose_kept(step: Step, drawn: Any, atoms: Atoms, deck_size: int, deck_lands: int) -> tuple[Any, Any]:
    """For each drawn composition: can it be kept, and the kept composition (a row)."""
    import numpy as np

    caps = list(atoms.copies)
    if step.bottom == 0:
        return _rule_mask(step, drawn, atoms), drawn
    kept = compositions(step.keep, caps)
    satisfied = _rule_mask(step, kept, atoms)
    rank = _ranks(step, kept, atoms, deck_size, deck_lands)
    big = np.iinfo(np.int64).max
    score_of_kept = np.where(satisfied, rank, big)
    base = step.draw + 1
    weights = base ** np.arange(atoms.size, dtype=np.int64)
    kept_codes = kept @ weights
    order = np.argsort(kept_codes)
    sorted_codes = kept_codes[order]
    bottoms = compositions(step.bottom, [step.bottom] * atoms.size)
    by_bottom = len(bottoms) <= len(kept)
    width = len(bottoms) if by_bottom else len(kept)
    chunk = max(1, _CHUNK_ELEMENTS // max(1, width * atoms.size))
    ok = np.zeros(len(drawn), dtype=bool)
    chosen = np.zeros(len(drawn), dtype=np.int64)
    for start in range(0, len(drawn), chunk):
        rows = drawn[start : start + chunk]
        if by_bottom:
            candidates = rows[:, None, :] - bottoms[None, :, :]
            valid = (candidates >= 0).all(axis=2)
            codes = candidates @ weights
            position = np.clip(np.searchsorted(sorted_codes, codes), 0, len(sorted_codes) - 1)
            index = order[position]
            valid &= sorted_codes[position] == codes
        else:
            valid = (kept[None, :, :] <= rows[:, None, :]).all(axis=2)
            index = np.broadcast_to(np.arange(len(kept)), valid.shape)
        score = np.where(valid, score_of_kept[index], big)
        best = np.argmin(score, axis=1)
        rows_index = np.arange(len(rows))
        ok[start : start + chunk] = score[rows_index, best] < big
        chosen[start : start + chunk] = index[rows_index, best]
    return ok, kept[chosen]


def decision_table(step: Step, atoms: Atoms, deck_size: int, deck_lands: int) -> tuple[Any, Any, Any, Any]:
    """Every composition the step can draw, by code: (sorted codes, keepable?, kept rows,
    code weights). Monte Carlo looks hands up here instead of re-deciding each one."""
    import numpy as np

    drawn = compositions(step.draw, atoms.copies)
    ok, kept = choose_kept(step, drawn, atoms, deck_size, deck_lands)
    weights = (step.draw + 1) ** np.arange(atoms.size, dtype=np.int64)
    codes = drawn @ weights
    order = np.argsort(codes)
    return codes[order], ok[order], kept[order], weights


def check_feasible(steps: Sequence[Step], atoms: Atoms) -> None:
    work = enumeration_work(steps, atoms)
    if work > WORK_LIMIT:
        raise ExactNotPossible(
            f"the policy splits the deck into {atoms.size} categories: about {work:,} hand combinations, "
            "too many to enumerate exactly"
        )


def run_exact(profile: DeckProfile, atoms: Atoms, steps: Sequence[Step], *, plain: bool | None = None) -> Outcome:
    """The outcome of the schedule, exactly. `plain` enumerates in plain Python (no numpy
    import, which takes longer than a small enumeration), else with numpy; by default
    plain when exact_plain.py can and the enumeration is small. Both give the same floats."""
    check_feasible(steps, atoms)
    if plain is None:
        plain = exact_plain.suits(steps, atoms)
    kept_states = exact_plain.kept_states if plain else _kept_states
    deck_size, deck_lands = profile.size, profile.lands
    reach = 1.0
    states: list[Any] = []
    keep: dict[int, float] = {}
    mulligans: dict[int, float] = {}
    lands: dict[int, float] = {}
    for step in steps:
        state = kept_states(step, atoms, deck_size, deck_lands, reach)
        states.append(state)
        p_step = state.total()
        keep[step.keep] = keep.get(step.keep, 0.0) + p_step
        mulligans[step.mulligans] = mulligans.get(step.mulligans, 0.0) + p_step
        for count, p in state.lands_by_count(atoms):
            lands[count] = lands.get(count, 0.0) + p
        # Never below zero: where the last sizes are certain kept, the float sum of the
        # steps reached can pass 1 by an ulp, and a negative reach made every later size
        # "-0.00%" (and -1.1e-16 in JSON).
        reach = max(0.0, reach - p_step)
    expected = sum(size * p for size, p in keep.items())
    expected_lands = sum(count * p for count, p in lands.items())
    arrays: list[KeptStates] = []
    answers: dict[tuple[int, int, bool, int, int], Estimate] = {}

    def by_turn(card_index: int, draws: int, at_least: int) -> Estimate:
        # By-turn odds add up with numpy's dot product, whose digits plain Python cannot
        # reproduce: the states become arrays when first asked for.
        if not arrays:
            arrays.extend(KeptStates(state.step, *state.as_arrays()) for state in states)
        # The enumeration tells the cards of one category apart only by their copies: a
        # deck of 300 singletons asks for one answer per turn, not 300 (the same floats).
        card = profile.cards[card_index]
        key = (atoms.of_card[card_index], card.copies, card.land, draws, at_least)
        if key not in answers:
            answers[key] = Estimate(_by_turn(profile, atoms, arrays, card_index, draws, at_least))
        return answers[key]

    return Outcome(
        mode="exact",
        steps=tuple(steps),
        keep={size: Estimate(p) for size, p in keep.items()},
        mulligans={count: Estimate(p) for count, p in mulligans.items()},
        expected_hand_size=Estimate(expected),
        lands={count: Estimate(lands.get(count, 0.0)) for count in range(max_lands(steps, profile) + 1)},
        expected_lands=Estimate(expected_lands),
        by_turn=by_turn,
    )


def _kept_states(step: Step, atoms: Atoms, deck_size: int, deck_lands: int, reach: float) -> KeptStates:
    """The hands kept at `step` (reached with probability `reach`), enumerated with numpy."""
    drawn = compositions(step.draw, atoms.copies)
    probability = composition_probabilities(drawn, atoms.copies, deck_size, step.draw)
    ok, chosen = choose_kept(step, drawn, atoms, deck_size, deck_lands)
    return KeptStates(step, drawn[ok], chosen[ok], reach * probability[ok])


def max_lands(steps: Sequence[Step], profile: DeckProfile) -> int:
    """The most lands a kept hand can hold (the range both modes report)."""
    return min(max(step.keep for step in steps), profile.lands)


def _group(keys: Any, weights: Any) -> tuple[Any, Any]:
    import numpy as np

    unique, inverse = np.unique(keys, return_inverse=True)
    return unique, np.bincount(inverse, weights=weights, minlength=len(unique))


def _by_turn(profile: DeckProfile, atoms: Atoms, states: Sequence[KeptStates], card_index: int, draws: int, at_least: int) -> float:
    """P(at least `at_least` copies among the kept hand and the next `draws` cards)."""
    import numpy as np

    card = profile.cards[card_index]
    atom = atoms.of_card[card_index]
    in_atom, copies = atoms.copies[atom], card.copies
    deck_size, deck_lands = profile.size, profile.lands
    total = 0.0
    for state in states:
        step = state.step
        if len(state.probability) == 0:
            continue
        unseen = deck_size - step.draw
        if step.scry and draws > 0:
            hand_lands = state.kept @ np.array(atoms.land, dtype=np.int64)
            table = np.zeros((step.keep + 1, step.keep + 1))
            for kept_in_atom in range(step.keep + 1):
                for lands_in_hand in range(step.keep + 1):
                    table[kept_in_atom, lands_in_hand] = _scry_value(
                        step, in_atom, copies, kept_in_atom, lands_in_hand, unseen, deck_lands, card.land,
                        deck_size, draws, at_least,
                    )
            values = table[state.kept[:, atom], hand_lands]
        else:
            table = np.zeros((step.draw + 1, step.keep + 1))
            for drawn_in_atom in range(step.draw + 1):
                for kept_in_atom in range(min(drawn_in_atom, step.keep) + 1):
                    table[drawn_in_atom, kept_in_atom] = _plain_value(
                        in_atom, copies, drawn_in_atom, kept_in_atom, unseen, draws, at_least
                    )
            values = table[state.drawn[:, atom], state.kept[:, atom]]
        total += float(values @ state.probability)
    return total


def _plain_value(in_atom: int, copies: int, drawn: int, kept: int, unseen: int, draws: int, at_least: int) -> float:
    """Given `drawn` cards of the category drawn and `kept` of them kept: P(success)."""
    value = 0.0
    for weight, drawn_copies, kept_copies in _plain_terms(in_atom, copies, drawn, kept):
        value += weight * hypergeom_at_least(unseen, copies - drawn_copies, draws, at_least - kept_copies)
    return value


@lru_cache(maxsize=65536)
def _plain_terms(in_atom: int, copies: int, drawn: int, kept: int) -> tuple[tuple[float, int, int], ...]:
    """(P(drawn_copies drawn and kept_copies of them kept), drawn_copies, kept_copies) with a
    chance above 0: the part of `_plain_value` that every turn of the table shares."""
    terms = []
    for drawn_copies in range(min(copies, drawn) + 1):
        p_drawn = hypergeom_pmf(in_atom, copies, drawn, drawn_copies)
        if p_drawn == 0.0:
            continue
        for kept_copies in range(min(drawn_copies, kept) + 1):
            # Bottomed cards of one category are equally likely to be any of them.
            p_kept = hypergeom_pmf(drawn, drawn_copies, kept, kept_copies)
            if p_kept == 0.0:
                continue
            terms.append((p_drawn * p_kept, drawn_copies, kept_copies))
    return tuple(terms)


def _scry_value(
    step: Step, in_atom: int, copies: int, kept: int, hand_lands: int, unseen: int, deck_lands: int,
    card_is_land: bool, deck_size: int, draws: int, at_least: int,
) -> float:
    """Vancouver: the hand was drawn directly; scry 1 before the draws."""
    land_stays = bool(step.scry_with.stays(True, hand_lands, step.keep, deck_size, deck_lands))
    spell_stays = bool(step.scry_with.stays(False, hand_lands, step.keep, deck_size, deck_lands))
    unseen_lands = deck_lands - hand_lands
    value = 0.0
    for in_hand in range(min(copies, kept) + 1):
        p_hand = hypergeom_pmf(in_atom, copies, kept, in_hand)
        if p_hand == 0.0:
            continue
        left = copies - in_hand
        need = at_least - in_hand
        other_lands = unseen_lands - (left if card_is_land else 0)
        other_spells = unseen - unseen_lands - (0 if card_is_land else left)
        # Top card is a copy of the card.
        stays = land_stays if card_is_land else spell_stays
        top_card = 0.0
        if left > 0:
            if stays:
                top_card = hypergeom_at_least(unseen - 1, left - 1, draws - 1, need - 1)
            else:
                top_card = hypergeom_at_least(unseen - 1, left - 1, draws, need)
        # Top card is another land, or another non-land.
        land_top = hypergeom_at_least(unseen - 1, left, draws - 1 if land_stays else draws, need)
        spell_top = hypergeom_at_least(unseen - 1, left, draws - 1 if spell_stays else draws, need)
        value += p_hand * (left * top_card + max(other_lands, 0) * land_top + max(other_spells, 0) * spell_top) / unseen
    return value
