"""Monte Carlo mode: shuffle real decks, card by card, many hands at once with numpy.

Hands are simulated in fixed-size batches. Each batch shuffles the top of the deck with a
vectorised partial Fisher-Yates shuffle (one column per simulated game), applies the
keep rule to every candidate kept hand (every choice of cards to bottom under London),
picks the preferred one with the same keys as exact mode, and records the kept size, its
lands and, for tracked cards, how many copies were seen after each further draw.

Reproducible: one `numpy.random.Generator(PCG64(seed))` drives everything and the batch
size is a constant, so a seed gives the same numbers on any machine and any core count.

Common random numbers (`--compare`): with `common=True` every (batch, step) has its own
generator seeded from (seed, batch, step) and shuffles every game of the batch, so game g
sees the same cards at each step whatever an earlier step decided under another policy;
`per_game=True` keeps each game's outcome so differences get paired standard errors.

By-turn events (events.py) are counted on the kept hand and the next draws, over the
event categories (`refined`, a split of `atoms` or `atoms` itself).
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from itertools import combinations
from math import sqrt
from typing import Any

from ..limits import MAX_PER_GAME_BYTES
from .categories import Atoms, DeckProfile
from .exact import CountsView, max_lands
from .mulligan import Step, preference_keys
from .events import Event
from .outcome import Estimate, Influence, Outcome
from .per_game import GameOutcomes, game_columns
from .policy import evaluate
from .seen import SeenTally

BATCH = 1 << 16  # part of the reproducibility contract: changing it changes the numbers


class CardsView(CountsView):
    """Counts per category plus the card ids in each hand (for distinct())."""

    def __init__(self, counts: Sequence[Any], atoms: Atoms, size: int, ids: Any, members: dict[str, Any]):
        super().__init__(counts, atoms, size)
        self.ids = ids
        self.members = members

    def distinct(self, name: str) -> Any:
        import numpy as np

        if self.ids.shape[0] == 0:
            return np.zeros(self.shape, dtype=np.int64)
        inside = self.members[name][self.ids]
        values = np.sort(np.where(inside, self.ids, -1), axis=0)
        fresh = (values[1:] != values[:-1]) & (values[1:] >= 0)
        return fresh.sum(axis=0) + (values[0] >= 0)


class _Deck:
    """Per-card lookup tables for one deck."""

    def __init__(self, profile: DeckProfile, atoms: Atoms, refined: Atoms | None = None):
        import numpy as np

        self.profile = profile
        self.atoms = atoms
        copies = [card.copies for card in profile.cards]
        dtype = np.int8 if len(copies) < 127 else np.int16
        self.base = np.repeat(np.arange(len(copies), dtype=dtype), copies)
        self.size = len(self.base)
        self.lands = profile.lands
        self.atom_of = np.array(atoms.of_card, dtype=np.int8 if atoms.size < 127 else np.int16)
        self.is_land = np.array([card.land for card in profile.cards])
        self.land_atoms = [a for a in range(atoms.size) if atoms.land[a]]
        self.members = {name: np.isin(self.atom_of, list(atom_ids)) for name, atom_ids in atoms.features.items()}
        self.refined = refined or atoms
        self.refined_of = np.array(self.refined.of_card, dtype=np.int16)


# Cards x games of one block of shuffled decks (4 Mi cells: 4 MiB for a deck of under 127
# different cards, 8 MiB above). A batch of a bigger deck is shuffled a slice of its games
# at a time, so memory stays flat in the deck size. Not part of the reproducibility
# contract: the random positions are drawn for the whole batch first, row by row as they
# always were, so every slice size gives the very same games.
SHUFFLE_CELLS = 1 << 22


def _shuffle_top(rng: Any, deck: _Deck, games: int, depth: int) -> Any:
    """Rows 0..depth-1 of `games` independent shuffles (partial Fisher-Yates), shape
    (depth, games), depth at most the deck size."""
    import numpy as np

    rows = min(depth, deck.size)
    # Row r swaps with a position from r to the end, drawn for every game in one call.
    swaps = np.empty((rows, games), dtype=np.min_scalar_type(deck.size))
    for row in range(rows):
        swaps[row] = rng.integers(row, deck.size, size=games, dtype=np.int64)
    top = np.empty((rows, games), dtype=deck.base.dtype)
    width = max(1, SHUFFLE_CELLS // deck.size)
    for start in range(0, games, width):
        stop = min(start + width, games)
        cards = np.repeat(deck.base[:, None], stop - start, axis=1)
        flat = cards.reshape(-1)
        columns = np.arange(stop - start, dtype=np.int64)
        for row in range(rows):
            swap = swaps[row, start:stop].astype(np.int64) * (stop - start) + columns
            current = cards[row].copy()
            cards[row] = flat[swap]
            flat[swap] = current
        top[:, start:stop] = cards[:rows]
    return top


def _count_atoms(atom_rows: Any, atoms: int) -> list[Any]:
    return [(atom_rows == a).sum(axis=0) for a in range(atoms)]


def _choose_by_subsets(step: Step, deck: _Deck, hand: Any) -> tuple[Any, Any, list[Any]]:
    """Which games keep this hand, the kept-position mask, and kept counts per category:
    the rule is evaluated on every choice of cards to bottom (works for any rule)."""
    import numpy as np

    atoms = deck.atoms
    games = hand.shape[1]
    atom_rows = deck.atom_of[hand]
    if step.bottom == 0:
        counts = _count_atoms(atom_rows, atoms.size)
        if step.rule is None:
            ok = np.ones(games, dtype=bool)
        else:
            ok = np.asarray(evaluate(step.rule.node, CardsView(counts, atoms, step.keep, hand, deck.members)), dtype=bool)
        return ok, None, counts
    one_hot = [(atom_rows == a) for a in range(atoms.size)]
    totals = [rows.sum(axis=0) for rows in one_hot]
    subsets = list(combinations(range(step.draw), step.keep))  # lexicographic: ties go to the first
    satisfied, keys, subset_counts = [], [], []
    for kept in subsets:
        dropped = [row for row in range(step.draw) if row not in kept]
        counts = [totals[a] - one_hot[a][dropped].sum(axis=0) for a in range(atoms.size)]
        view = CardsView(counts, atoms, step.keep, hand[list(kept)], deck.members)
        if step.rule is None:
            satisfied.append(np.ones(games, dtype=bool))
        else:
            satisfied.append(np.asarray(evaluate(step.rule.node, view), dtype=bool))
        keys.append(preference_keys(step, view, counts, atoms, deck.size, deck.lands))
        subset_counts.append(counts)
    valid = np.stack(satisfied)
    ok = valid.any(axis=0)
    big = np.iinfo(np.int64).max
    for level in range(len(keys[0])):
        values = np.stack([np.broadcast_to(k[level], (games,)) for k in keys]).astype(np.int64)
        best = np.where(valid, values, big).min(axis=0)
        valid &= values == best
    chosen = np.argmax(valid, axis=0)
    mask = np.zeros(hand.shape, dtype=bool)
    kept_counts = [np.zeros(games, dtype=np.int64) for _ in range(atoms.size)]
    for index, kept in enumerate(subsets):
        picked = chosen == index
        if not picked.any():
            continue
        mask[np.ix_(list(kept), np.flatnonzero(picked))] = True
        for a in range(atoms.size):
            kept_counts[a][picked] = subset_counts[index][a][picked]
    return ok, mask, kept_counts


def _choose_by_table(step: Step, deck: _Deck, hand: Any, table: tuple[Any, Any, Any, Any]) -> tuple[Any, Any, list[Any]]:
    """The same decision for count-based rules, looked up by the drawn composition.

    Among cards of one category the subset search above keeps the earliest positions
    (the lexicographically first choice); this keeps the first `kept[a]` cards of each
    category, which is the same hand, so both paths give identical games.
    """
    import numpy as np

    codes, keepable, kept_rows, weights = table
    atoms = deck.atoms
    atom_rows = deck.atom_of[hand]
    one_hot = [(atom_rows == a) for a in range(atoms.size)]
    counts = [rows.sum(axis=0) for rows in one_hot]
    code = sum((counts[a] * weights[a] for a in range(atoms.size)), start=np.zeros(hand.shape[1], dtype=np.int64))
    # Dense tables (indexed by code) when small; sorted codes and a binary search otherwise.
    position = code if codes is None else np.searchsorted(codes, code)
    ok = keepable[position]
    if step.bottom == 0:
        return ok, None, counts
    kept = kept_rows[position]
    mask = np.zeros(hand.shape, dtype=bool)
    for a in range(atoms.size):
        mask |= one_hot[a] & (np.cumsum(one_hot[a], axis=0) <= kept[:, a])
    return ok, mask, [kept[:, a] for a in range(atoms.size)]


class _Tally:
    def __init__(self, steps: Sequence[Step], tracked: Sequence[int], max_draws: int, profile: DeckProfile,
                 events: Sequence[Event], per_game: int, sampled_cards: Mapping[int, Collection[int]] | None = None,
                 budget: int | None = None):
        import numpy as np

        self.steps = np.zeros(len(steps), dtype=np.int64)
        self.lands = np.zeros(max_lands(steps, profile) + 1, dtype=np.int64)
        self.seen = SeenTally({card: profile.cards[card].copies for card in tracked}, len(profile.cards), max_draws)
        self.events = {event.key: 0 for event in events}
        self.games: dict[str, Any] = {}
        if per_game:
            cards = {card: rows for card, rows in (sampled_cards or {}).items() if card in self.seen.by_card}
            self.games = game_columns(per_game, [event.key for event in events], cards, max_draws, budget)


def run_monte_carlo(
    profile: DeckProfile,
    atoms: Atoms,
    steps: Sequence[Step],
    *,
    hands: int,
    seed: int,
    tracked: Sequence[int],
    max_draws: int,
    lookup: bool | None = None,
    events: Sequence[Event] = (),
    refined: Atoms | None = None,
    common: bool = False,
    per_game: bool = False,
    sampled_cards: Mapping[int, Collection[int]] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Outcome:
    """Simulate `hands` games. `lookup` (default: whenever the rules are count-based and
    small enough) decides hands from precomputed tables instead of per-subset search.
    `per_game` keeps each game's outcome (kept size, lands, events, and the copies seen of
    the tracked `sampled_cards` after the draws each maps to), which gives every estimate
    its per-game influence; events and copies seen past MAX_PER_GAME_BYTES are not kept
    (those estimates have no influence), except in `common` runs, whose comparisons pair
    every game.
    `progress(games)` is told after each batch of games."""
    import numpy as np

    rng = np.random.Generator(np.random.PCG64(seed))
    deck = _Deck(profile, atoms, refined)
    max_draws = max([max_draws, *(event.draws for event in events)])
    # Paired comparisons (`common`) read every game's events: their per-game values are all kept.
    tally = _Tally(steps, tracked, max_draws, profile, events, hands if per_game else 0, sampled_cards,
                   budget=None if common else MAX_PER_GAME_BYTES)
    tables = _tables(steps, atoms, profile) if lookup is not False else None
    if lookup and tables is None:
        raise ValueError("lookup tables need count-based rules")
    for batch, start in enumerate(range(0, hands, BATCH)):
        games = min(BATCH, hands - start)
        alive = np.arange(start, start + games)
        for index, step in enumerate(steps):
            if len(alive) == 0:
                break
            depth = min(step.draw + max_draws + (1 if step.scry else 0), deck.size)
            if common:
                stream = np.random.Generator(np.random.PCG64(np.random.SeedSequence([seed, batch, index])))
                cards = _shuffle_top(stream, deck, games, depth)[:, alive - start]
            else:
                cards = _shuffle_top(rng, deck, len(alive), depth)
            hand = cards[: step.draw]
            if tables is not None:
                ok, mask, counts = _choose_by_table(step, deck, hand, tables[index])
            else:
                ok, mask, counts = _choose_by_subsets(step, deck, hand)
            kept_games = int(ok.sum())
            tally.steps[index] += kept_games
            if kept_games:
                _record(tally, deck, step, cards, mask, counts, ok, max_draws, events, alive, index)
            alive = alive[~ok]
        if progress is not None:
            progress(games)
    return _outcome(tally, profile, steps, hands, seed)


def _tables(steps: Sequence[Step], atoms: Atoms, profile: DeckProfile) -> list[Any] | None:
    import numpy as np

    from .exact import ExactNotPossible, check_feasible, decision_table

    if any((step.rule is not None and step.rule.first_non_count() is not None) or not step.prefer.count_based for step in steps):
        return None
    try:
        check_feasible(steps, atoms)
    except ExactNotPossible:
        return None
    tables = []
    for step in steps:
        codes, keepable, kept, weights = decision_table(step, atoms, profile.size, profile.lands)
        span = int((step.draw + 1) ** atoms.size)
        if span <= 1 << 18:
            dense_ok = np.zeros(span, dtype=bool)
            dense_ok[codes] = keepable
            dense_kept = np.zeros((span, atoms.size), dtype=np.int64)
            dense_kept[codes] = kept
            tables.append((None, dense_ok, dense_kept, weights))
        else:
            tables.append((codes, keepable, kept, weights))
    return tables


def _record(tally: _Tally, deck: _Deck, step: Step, cards: Any, mask: Any | None, counts: list[Any], ok: Any,
            max_draws: int, events: Sequence[Event], alive: Any, index: int) -> None:
    """Add the kept games (`ok`) of one batch to the tallies."""
    import numpy as np

    every = bool(ok.all())
    hand_lands = sum((counts[a] for a in deck.land_atoms), start=np.zeros(cards.shape[1], dtype=np.int64))
    tally.lands += np.bincount(hand_lands if every else hand_lands[ok], minlength=len(tally.lands))[: len(tally.lands)]
    if tally.games:
        tally.games["step"][alive[ok]] = index
        tally.games["lands"][alive[ok]] = hand_lands[ok]
    if not tally.seen and not events:
        return
    hand = cards[: step.draw]
    library = cards[step.draw : step.draw + max_draws]
    if step.scry and max_draws:
        top = cards[step.keep]
        stays = step.scry_with.stays(deck.is_land[top], hand_lands, step.keep, deck.size, deck.lands)
        library = np.where(stays, cards[step.keep : step.keep + max_draws], cards[step.keep + 1 : step.keep + 1 + max_draws])
    if events:
        _record_events(tally, deck, hand, mask, library, ok, events, alive)
    if tally.seen:
        tally.seen.add(hand, mask, library, ok)
    # Each game's copies seen, for the cards the assertions ask about (their standard errors).
    for card in tally.seen.tracked:
        per_game = tally.games.get(f"seen:{card}")
        if per_game is None:
            continue
        hits = hand == card
        if mask is not None:
            hits &= mask
        total = hits.sum(axis=0)
        for draws in range(max(per_game, default=-1) + 1):
            if draws:
                total += library[draws - 1] == card
            if draws in per_game:
                per_game[draws][alive[ok]] = total[ok]


def _record_events(tally: _Tally, deck: _Deck, hand: Any, mask: Any | None, library: Any, ok: Any,
                   events: Sequence[Event], alive: Any) -> None:
    """Count the events that hold for the kept games: event-category counts of the kept
    hand plus the first draws of the library."""
    import numpy as np

    refined = deck.refined_of[hand[:, ok]]
    kept = mask[:, ok] if mask is not None else np.ones(refined.shape, dtype=bool)
    counts = [((refined == a) & kept).sum(axis=0) for a in range(deck.refined.size)]
    drawn = deck.refined_of[library[:, ok]]
    # The events in the order of their draws, the counts per category carried from one
    # event's draws to the next: memory stays a row of counts per category, where a running
    # count of every category after every draw took 229 MiB for a six-card event to turn 50
    # (docs/speed.md).
    reached = 0
    for event in sorted(events, key=lambda event: event.draws):
        reach = min(event.draws, len(drawn))   # a deck too small to draw them all stops at its end
        if reach > reached:
            counts = [counts[a] + (drawn[reached:reach] == a).sum(axis=0) for a in range(deck.refined.size)]
            reached = reach
        holds = np.asarray(event.holds(counts), dtype=bool)
        tally.events[event.key] += int(holds.sum())
        per_game = tally.games.get("event:" + event.key)  # none past MAX_PER_GAME_BYTES
        if per_game is not None:
            per_game[alive[ok]] = holds


def _proportion(count: int, hands: int, influence: Influence | None = None) -> Estimate:
    p = count / hands
    return Estimate(p, sqrt(max(p * (1 - p), 0.0) / hands), influence)


def _mean(values: dict[int, int], hands: int, influence: Influence | None = None) -> Estimate:
    mean = sum(value * count for value, count in values.items()) / hands
    variance = sum(count * (value - mean) ** 2 for value, count in values.items()) / max(hands - 1, 1)
    return Estimate(mean, sqrt(variance / hands), influence)


def _outcome(tally: _Tally, profile: DeckProfile, steps: Sequence[Step], hands: int, seed: int) -> Outcome:
    by_size: dict[int, int] = {}
    by_mulligans: dict[int, int] = {}
    for step, count in zip(steps, tally.steps.tolist()):
        by_size[step.keep] = by_size.get(step.keep, 0) + count
        by_mulligans[step.mulligans] = by_mulligans.get(step.mulligans, 0) + count
    lands = {count: int(n) for count, n in enumerate(tally.lands.tolist())}
    seen = tally.seen.by_card
    games = GameOutcomes(tally.games, steps) if tally.games else None

    def by_turn(card_index: int, draws: int, at_least: int) -> Estimate:
        if card_index not in seen or draws >= seen[card_index].shape[0]:
            raise KeyError(f"card {card_index} at {draws} draws was not tracked in this run")
        histogram = seen[card_index][draws]
        influence = games and games.at_least(f"seen:{card_index}", draws, max(at_least, 0))
        return _proportion(int(histogram[max(at_least, 0) :].sum()), hands, influence)

    return Outcome(
        mode="monte-carlo",
        steps=tuple(steps),
        keep={size: _proportion(count, hands, games and games.equal("size", size)) for size, count in by_size.items()},
        mulligans={count: _proportion(n, hands, games and games.equal("mulligans", count)) for count, n in by_mulligans.items()},
        expected_hand_size=_mean(by_size, hands, games and games.mean("size")),
        lands={count: _proportion(n, hands, games and games.equal("lands", count)) for count, n in lands.items()},
        expected_lands=_mean(lands, hands, games and games.mean("lands")),
        by_turn=by_turn,
        hands=hands,
        seed=seed,
        events={key: _proportion(count, hands, games and games.equal("event:" + key, True)) for key, count in tally.events.items()},
        per_game=tally.games,
    )
