"""By-turn events, exactly: "lands >= 4 by turn 4", "a starter and an extender by turn 1",
"Wrath of God castable on turn 4".

An event is a condition on the counts per category of the cards seen by some turn: the
kept hand plus the next `draws` cards (after a Vancouver scry). Two splits of the deck
are involved (categories.py):

* the decision categories, on which the keep rule and the bottoming strategy decide (the
  policy's categories, and for a --cast question lands split by the spell's colors);
* the event categories, which may split a decision category further (a tag only an
  assertion uses). Such cards are not key cards: the cards of one decision category are
  equally likely to be bottomed, so the kept cards of each finer category follow a
  multivariate hypergeometric split of what was drawn.

Every kept state (what was drawn, what was kept, its probability) comes from the same
enumeration as exact mode; the draws after it are enumerated as compositions of the unseen
cards (the deck minus the cards drawn for the kept hand: bottomed cards are out of reach).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb
from typing import Any

from .categories import Atoms, DeckProfile
from .exact import CountsView, choose_kept, composition_probabilities, compositions
from .mulligan import Step

Holds = Callable[[Sequence[Any]], Any]   # counts per event category -> bool per row
_CHUNK = 2_000_000


@dataclass(frozen=True)
class Event:
    """A condition on the cards seen after `draws` further draws."""

    key: str
    draws: int
    holds: Holds


@dataclass
class KeptStates:
    """Kept states of every step over the event categories."""

    steps: list[tuple[Step, Any, Any, Any]]   # (step, drawn rows, kept rows, probability)


def parents(decision: Atoms, refined: Atoms) -> list[int]:
    """The decision category of each event category."""
    out = [0] * refined.size
    for card, atom in enumerate(refined.of_card):
        out[atom] = decision.of_card[card]
    return out


def kept_states(profile: DeckProfile, decision: Atoms, refined: Atoms, steps: Sequence[Step]) -> KeptStates:
    """Enumerate drawn hands over the event categories, decide on the decision categories,
    and spread each kept decision category over its finer categories."""
    import numpy as np

    parent = parents(decision, refined)
    merge = np.zeros((refined.size, decision.size), dtype=np.int64)
    merge[np.arange(refined.size), parent] = 1
    reach = 1.0
    out = []
    for step in steps:
        drawn = compositions(step.draw, refined.copies)
        probability = composition_probabilities(drawn, refined.copies, profile.size, step.draw)
        coarse = drawn @ merge
        unique, inverse = np.unique(coarse, axis=0, return_inverse=True)
        ok_unique, kept_unique = choose_kept(step, unique, decision, profile.size, profile.lands)
        inverse = inverse.reshape(-1)
        ok = ok_unique[inverse]
        rows, kept, weights = _spread(drawn[ok], kept_unique[inverse][ok], parent, decision.size)
        out.append((step, drawn[ok][rows], kept, reach * probability[ok][rows] * weights))
        reach -= float((reach * probability[ok]).sum())
    return KeptStates(out)


def _spread(drawn: Any, kept_coarse: Any, parent: Sequence[int], coarse_size: int) -> tuple[Any, Any, Any]:
    """Every way the kept cards of each decision category can fall on its finer categories,
    weighted by the multivariate hypergeometric chance: (source row, kept row, weight)."""
    import numpy as np

    groups = [[a for a in range(len(parent)) if parent[a] == c] for c in range(coarse_size)]
    rows = np.arange(len(drawn))
    kept = np.zeros_like(drawn)
    weights = np.ones(len(drawn))
    for coarse, members in enumerate(groups):
        if len(members) == 1:
            kept[:, members[0]] = kept_coarse[rows, coarse]
            continue
        new_rows, new_kept, new_weights = [], [], []
        for index in range(len(rows)):
            source = drawn[rows[index]]
            total_drawn = int(source[members].sum())
            keep = int(kept_coarse[rows[index], coarse])
            ways = comb(total_drawn, keep)
            for split in compositions(keep, [int(source[a]) for a in members]):
                row = kept[index].copy()
                row[members] = split
                share = 1.0
                for a, k in zip(members, split):
                    share *= comb(int(source[a]), int(k))
                new_rows.append(rows[index])
                new_kept.append(row)
                new_weights.append(weights[index] * share / ways)
        rows = np.array(new_rows, dtype=np.int64)
        kept = np.array(new_kept, dtype=np.int64).reshape(len(new_rows), len(parent))
        weights = np.array(new_weights)
    return rows, kept, weights


def probability(profile: DeckProfile, refined: Atoms, states: KeptStates, event: Event) -> float:
    """P(event) over the kept states."""
    import numpy as np

    total = 0.0
    land = np.array(refined.land, dtype=np.int64)
    for step, drawn, kept, weight in states.steps:
        if len(weight) == 0:
            continue
        unseen = np.array(refined.copies, dtype=np.int64)[None, :] - drawn
        population = profile.size - step.draw
        if not (step.scry and event.draws > 0):
            total += float(_after_draws(kept, unseen, population, event.draws, event.holds) @ weight)
            continue
        hand_lands = kept @ land
        for top in range(refined.size):
            share = unseen[:, top] / population
            if not share.any():
                continue
            stays = np.asarray(step.scry_with.stays(bool(refined.land[top]), hand_lands, step.keep, profile.size, profile.lands))
            rest = unseen.copy()
            rest[:, top] -= 1
            rest = np.maximum(rest, 0)
            with_top = kept.copy()
            with_top[:, top] += 1
            kept_on_top = _after_draws(with_top, rest, population - 1, event.draws - 1, event.holds)
            sent_down = _after_draws(kept, rest, population - 1, event.draws, event.holds)
            total += float((share * np.where(stays, kept_on_top, sent_down)) @ weight)
    return total


def event_work(profile: DeckProfile, refined: Atoms, states: KeptStates, events: Sequence[Event]) -> int:
    """About how many cells `probability` computes for `events`: per step, its kept states
    times the compositions of the draws times the categories (a Vancouver scry: twice that
    for each category the top card may be from)."""
    import numpy as np

    work = 0
    for step, drawn, _, weight in states.steps:
        if len(weight) == 0:
            continue
        caps = [int(c) for c in (np.array(refined.copies, dtype=np.int64)[None, :] - drawn).max(axis=0)]
        population = profile.size - step.draw
        for event in events:
            rows = composition_count(min(max(event.draws, 0), max(population, 0)), caps) if event.draws > 0 else 1
            scry = 2 * refined.size if step.scry and event.draws > 0 else 1
            work += len(weight) * rows * refined.size * scry
    return work


def composition_count(total: int, caps: Sequence[int]) -> int:
    """How many vectors x have sum `total` and 0 <= x[a] <= caps[a] (what `compositions` would list)."""
    ways = [1] + [0] * total
    for cap in caps:
        # Ways to reach each sum with this category too: a sliding window over the last cap + 1 sums.
        running, widened = 0, []
        for value in range(total + 1):
            running += ways[value]
            if value - cap - 1 >= 0:
                running -= ways[value - cap - 1]
            widened.append(running)
        ways = widened
    return ways[total]


def _after_draws(kept: Any, unseen: Any, population: int, draws: int, holds: Holds) -> Any:
    """Per state: P(the event holds on kept + `draws` cards from `unseen`)."""
    import numpy as np

    atoms = kept.shape[1]
    if draws <= 0:
        return np.asarray(holds([kept[:, a] for a in range(atoms)]), dtype=float)
    caps = [int(c) for c in unseen.max(axis=0)]
    draws_rows = compositions(min(draws, max(population, 0)), caps)
    if len(draws_rows) == 0:
        return np.zeros(len(kept))
    table = np.array([[float(comb(n, k)) for k in range(draws + 1)] for n in range(int(unseen.max()) + 1)])
    out = np.zeros(len(kept))
    chunk = max(1, _CHUNK // max(1, len(draws_rows) * atoms))
    denominator = comb(population, min(draws, population))
    for start in range(0, len(kept), chunk):
        part = slice(start, start + chunk)
        chance = np.ones((len(kept[part]), len(draws_rows)))
        for a in range(atoms):
            chance *= table[unseen[part, a][:, None], draws_rows[None, :, a]]
        seen = kept[part][:, None, :] + draws_rows[None, :, :]
        ok = np.asarray(holds([seen[:, :, a] for a in range(atoms)]), dtype=bool)
        out[part] = (chance * ok).sum(axis=1) / denominator
    return out


def category_holds(atoms: Atoms, name: str, at_least: int) -> Holds:
    """At least `at_least` cards of a category (`lands`, `tag:x`, `card:key`)."""
    members = atoms.atoms_of(name) if name != "cards" else tuple(range(atoms.size))

    def holds(counts: Sequence[Any]) -> Any:
        total = sum((counts[a] for a in members), start=0 * counts[0])
        return total >= at_least

    return holds


def condition_holds(atoms: Atoms, node: Any) -> Holds:
    """A keep-rule condition, evaluated on the cards seen (`cards` is how many were seen)."""
    from .policy import evaluate

    def holds(counts: Sequence[Any]) -> Any:
        return evaluate(node, _SeenView(list(counts), atoms))

    return holds


class _SeenView(CountsView):
    """The cards seen by some turn, as counts per category; their number varies per row."""

    def __init__(self, counts: list[Any], atoms: Atoms):
        super().__init__(counts, atoms, 0)
        self.seen = sum(counts, start=0 * counts[0])

    def category(self, name: str) -> Any:
        return self.seen if name == "cards" else super().category(name)
