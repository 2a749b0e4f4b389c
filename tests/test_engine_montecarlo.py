"""Monte Carlo mode: agreement with exact mode, reproducibility, and the 3-SE assertion margin."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from deckcheck.engine import simulate
from deckcheck.engine.categories import split_atoms
from deckcheck.engine.montecarlo import BATCH, run_monte_carlo

TESTS = Path(__file__).parent
DECK = "24 Mountain\n4 Lightning Bolt\n4 Rift Bolt\n28 Grizzly Bears\n"
KEEP = '2 <= lands <= 4 and count("Lightning Bolt") + count("Rift Bolt") >= 1'


def _agree(exact: dict, sampled: dict) -> list[str]:
    """Every probability within 4 standard errors (the issue's check); returns misses."""
    misses = []
    errors = sampled["standard_errors"]

    def compare(what: str, want: float, got: float, se: float) -> None:
        if abs(got - want) > 4 * se + 1e-12:
            misses.append(f"{what}: exact {want:.6f}, Monte Carlo {got:.6f} ± {se:.6f}")

    for size, p in exact["keep"].items():
        compare(f"keep[{size}]", p, sampled["keep"][size], errors["keep"][size])
    for count, p in exact["lands_in_kept_hand"].items():
        compare(f"lands[{count}]", p, sampled["lands_in_kept_hand"][count], errors["lands_in_kept_hand"][count])
    compare("expected_hand_size", exact["expected_hand_size"], sampled["expected_hand_size"], errors["expected_hand_size"])
    for card, sides in exact["by_turn"].items():
        for side in ("play", "draw"):
            for turn, cell in sides[side].items():
                mc = sampled["by_turn"][card][side][turn]
                compare(f"{card} {side} turn {turn}", cell["p"], mc["p"], mc["se"])
                assert mc["hypergeometric"] == cell["hypergeometric"]
    return misses


@pytest.mark.parametrize("fmt", ["mtg/constructed", "formats/hand-vancouver.yaml", "formats/hand-london-free.yaml"])
def test_400000_hands_agree_with_exact_within_4_standard_errors(cli, tmp_path, fmt):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK, encoding="utf-8")
    fmt = str(TESTS / fmt) if fmt.endswith(".yaml") else fmt
    common = ["simulate", str(deck), "-f", fmt, "--keep", KEEP, "--keep5", "true", "--turns", "3", "-o", "json"]
    exact = json.loads(cli(*common).stdout)
    sampled = json.loads(cli(*common, "--hands", "400000", "--seed", "2024").stdout)
    assert exact["mode"] == "exact" and sampled["mode"] == "monte-carlo"
    assert sampled["hands"] == 400000 and sampled["seed"] == 2024
    assert set(sampled["keep"]) == set(exact["keep"])
    assert _agree(exact, sampled) == []


def test_same_seed_same_answer(cli, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK, encoding="utf-8")
    args = ["simulate", str(deck), "-f", "mtg/constructed", "--keep", KEEP, "--keep5", "true", "--hands", "70000", "-o", "json"]
    first = cli(*args, "--seed", "7")
    again = cli(*args, "--seed", "7")
    other = cli(*args, "--seed", "8")
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout
    assert json.loads(first.stdout)["keep"] != json.loads(other.stdout)["keep"]
    report = json.loads(first.stdout)
    assert sum(report["keep"].values()) == pytest.approx(1.0, abs=1e-12)  # 70000 spans two batches


def test_seeded_stream_is_pinned():
    """The reproducibility contract: PCG64(seed), a fixed batch size and a fixed order of
    draws. These counts came from this code; a change to any of the three changes them,
    and users' recorded results with them - so it must be deliberate."""
    assert BATCH == 1 << 16
    simulation = simulate(DECK, "mtg/constructed", keep=KEEP, keep_by_size={5: "true"}, hands=10000, seed=12345)
    counts = {size: round(estimate.value * 10000) for size, estimate in simulation.outcome.keep.items()}
    assert counts == {7: 5173, 6: 2636, 5: 2191}



def test_seeded_by_turn_table_is_pinned():
    """The by-turn table's counts at seed 12345, as counting card by card gave them before
    the table was tallied for all tracked cards at once (engine/seen.py): same seed, same table."""
    simulation = simulate(DECK, "mtg/constructed", keep="2 <= lands <= 4", keep_by_size={5: "true"}, hands=10000,
                          seed=12345, mode="monte-carlo", cards=["Lightning Bolt", "Mountain"], turns=4)
    counts = {
        name: [[round(simulation.outcome.by_turn(simulation.profile.index(name), draws, k).value * 10000) for k in (1, 2, 3)]
               for draws in (0, 2, 4)]
        for name in ("lightning bolt", "mountain")
    }
    assert counts == {"lightning bolt": [[3889, 555, 24], [4809, 960, 67], [5613, 1427, 150]],
                      "mountain": [[9986, 9951, 5697], [9998, 9981, 8481], [10000, 9998, 9478]]}


@pytest.mark.parametrize("sort_cells", [1 << 22, 5 * 19])
def test_by_turn_tally_matches_counting_each_card(monkeypatch, sort_cells):
    """The histograms tallied at once (in sorted slices of any width) equal counting each
    tracked card's copies game by game: kept cards only, untracked cards ignored."""
    import numpy as np

    from deckcheck.engine import seen as seen_module

    monkeypatch.setattr(seen_module, "SORT_CELLS", sort_cells)
    rng = np.random.default_rng(5)
    deck = np.repeat(np.arange(5, dtype=np.int8), [4, 3, 1, 6, 5])   # 19 cards of 5 kinds
    copies = {0: 4, 2: 1, 3: 6}            # tracked cards; cards 1 and 4 are not tracked
    shuffled = np.stack([rng.permutation(deck) for _ in range(300)], axis=1)
    hand, library = shuffled[:8], shuffled[8:]
    kept = rng.random((8, 300)) < 0.8
    ok = rng.random(300) < 0.7
    tally = seen_module.SeenTally(copies, 5, 11)
    tally.add(hand, kept, library, ok)
    for card, most in copies.items():
        total = ((hand == card) & kept).sum(axis=0)[ok]
        for draws in range(12):
            if draws:
                total = total + (library[draws - 1] == card)[ok]
            want = np.bincount(total, minlength=most + 1)
            assert tally.by_card[card][draws].tolist() == want.tolist(), (card, draws)

@pytest.mark.parametrize("common", [False, True])
def test_a_big_deck_is_shuffled_in_slices_that_give_the_same_games(monkeypatch, common):
    """A batch of a big deck is shuffled a slice of games at a time (memory flat in the deck
    size): whatever the slice, the same seed gives the same games, card for card."""
    from deckcheck.engine import montecarlo
    from deckcheck.engine.report import to_dict

    deck = "160 Mountain\n" + "".join(f"2 Spell {index:03d}\n" for index in range(170))  # 500 cards, int16 ids
    options = {"keep": "2 <= lands <= 5", "hands": 9000, "seed": 11, "cards": ["Spell 000", "Spell 169"],
               "assertions": ['p_by_turn("Spell 007", 3) >= 0', "land_drops(3) >= 0"], "common_random": common}
    monkeypatch.setattr(montecarlo, "SHUFFLE_CELLS", 500 * 9000)  # the batch in one block
    whole = to_dict(simulate(deck, "mtg/constructed", **options))
    monkeypatch.setattr(montecarlo, "SHUFFLE_CELLS", 500 * 7)  # slices of 7 games, the last one shorter
    sliced = to_dict(simulate(deck, "mtg/constructed", **options))
    assert whole["mode"] == "monte-carlo" and sliced == whole


def test_lookup_tables_and_subset_search_pick_the_same_hands():
    """Count-based rules are decided from exact-mode tables; any rule can be decided by
    trying every choice of cards to bottom. Same seed: the same games, card for card."""
    simulation = simulate(DECK, "mtg/constructed", keep=KEEP, keep_by_size={6: "lands >= 1", 5: "true"})
    profile, atoms, steps = simulation.profile, simulation.atoms, simulation.steps
    tracked = list(range(len(profile.cards)))
    runs = [
        run_monte_carlo(profile, atoms, steps, hands=30000, seed=3, tracked=tracked, max_draws=3, lookup=lookup)
        for lookup in (True, False)
    ]
    table, search = runs
    assert table.keep == search.keep and table.lands == search.lands
    for card in tracked:
        for draws in range(4):
            for needed in (1, 2, 3):
                assert table.by_turn(card, draws, needed) == search.by_turn(card, draws, needed)


def test_distinct_sampled_agrees_with_an_equivalent_count_rule():
    """With two basic land types, `distinct(lands) >= 2` keeps exactly the hands
    `count("Mountain") >= 1 and count("Forest") >= 1` keeps; only the latter is exact."""
    deck = "12 Mountain\n12 Forest\n36 Grizzly Bears\n"
    # No --hands: auto mode must notice that distinct() cannot be exact and sample (100,000 hands).
    sampled = simulate(deck, "mtg/constructed", keep="distinct(lands) >= 2", keep_by_size={5: "true"})
    exact = simulate(deck, "mtg/constructed", keep='count("Mountain") >= 1 and count("Forest") >= 1', keep_by_size={5: "true"})
    assert sampled.outcome.mode == "monte-carlo" and exact.outcome.mode == "exact"
    assert any("distinct()" in warning for warning in sampled.warnings)
    for size, estimate in exact.outcome.keep.items():
        got = sampled.outcome.keep[size]
        assert abs(got.value - estimate.value) <= 4 * got.se, (size, got, estimate)


def test_assertion_margin_of_three_standard_errors(cli, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK, encoding="utf-8")
    args = ["simulate", str(deck), "-f", "mtg/constructed", "--keep", KEEP, "--keep5", "true", "--hands", "20000", "--seed", "1"]
    report = json.loads(cli(*args, "-o", "json").stdout)
    p, se = report["keep"]["7"], report["standard_errors"]["keep"]["7"]
    near = cli(*args, "--assert", f"keep7 >= {p + 2 * se:.6f}")
    assert near.returncode == 0, near.stdout
    assert "within 3 standard errors" in near.stdout
    assert "a bound fails only when missed by more than 3 standard errors" in near.stdout
    far = cli(*args, "--assert", f"keep7 >= {p + 4 * se:.6f}", "-o", "json")
    assert far.returncode == 1
    (result,) = json.loads(far.stdout)["assertions"]
    assert result["passed"] is False and result["within_margin"] is False
    assert result["margin"] == "fails only when missed by more than 3 standard errors"
    # The margin works both ways: an upper bound just under the estimate still holds.
    below = cli(*args, "--assert", f"keep7 < {p - 2 * se:.6f}")
    assert below.returncode == 0
    # `not` turns the margin around: `not keep7 > x` is `keep7 <= x`, with the same margin.
    assert cli(*args, "--assert", f"not keep7 > {p - 2 * se:.6f}").returncode == 0
    assert cli(*args, "--assert", f"not keep7 > {p - 4 * se:.6f}").returncode == 1


def test_split_atoms_keep_categories_small():
    simulation = simulate(DECK, "mtg/constructed", keep=KEEP)
    atoms = split_atoms(simulation.profile, named=["Lightning Bolt"], tags=[])
    assert atoms.labels == ("other lands", "Lightning Bolt", "other cards")
    assert atoms.copies == (24, 4, 32)


SIXTEEN_LANDS = "44 Lightning Bolt\n16 Mountain\n"
PARSE_ONLY = str(TESTS / "formats" / "parse-only.yaml")


def test_an_expression_takes_its_standard_error_from_the_games_themselves(cli, tmp_path):
    """keep7 + keep6 is the share of games that kept 7 or 6 cards: its standard error is that
    proportion's, not the two terms' errors added (they are strongly correlated: a game
    kept 7 or 6, never both)."""
    from math import sqrt

    deck = tmp_path / "deck.txt"
    deck.write_text(SIXTEEN_LANDS, encoding="utf-8")
    args = ["simulate", str(deck), "-f", PARSE_ONLY, "--hands", "100000", "--seed", "3"]
    report = json.loads(cli(*args, "-o", "json").stdout)
    q = report["keep"]["7"] + report["keep"]["6"]
    true_se = sqrt(q * (1 - q) / 100000)
    summed = report["standard_errors"]["keep"]["7"] + report["standard_errors"]["keep"]["6"]
    assert 3 * summed > 6 * true_se  # the old margin would let a 6-sigma miss through
    far = cli(*args, "--assert", f"keep7 + keep6 >= {q + 6 * true_se:.6f}", "-o", "json")
    assert far.returncode == 1, far.stdout
    (result,) = json.loads(far.stdout)["assertions"]
    (comparison,) = result["comparisons"]
    assert comparison["standard_error"] == pytest.approx(true_se, rel=1e-9)
    assert comparison["difference"] == pytest.approx(-6 * true_se, abs=1e-6)
    near = cli(*args, "--assert", f"keep7 + keep6 >= {q + 2 * true_se:.6f}")
    assert near.returncode == 0 and "within 3 standard errors" in near.stdout
    # A comparison of two statistics uses the standard error of their difference too.
    pair = json.loads(cli(*args, "--assert", "keep6 <= keep7", "-o", "json").stdout)["assertions"][0]["comparisons"][0]
    d = [1.0 if size == "7" else -1.0 if size == "6" else 0.0 for size in report["keep"]]
    p = [report["keep"][size] for size in report["keep"]]
    mean = sum(di * pi for di, pi in zip(d, p))
    variance = sum(pi * (di - mean) ** 2 for di, pi in zip(d, p))
    assert pair["standard_error"] == pytest.approx(sqrt(variance / 100000), rel=1e-9)


def test_expressions_of_every_sampled_statistic_have_sample_errors():
    """mulligan, expected sizes, lands, by-turn cards and events all carry per-game values."""
    simulation = simulate(
        DECK, "mtg/constructed", keep=KEEP, hands=20000, seed=5,
        assertions=(
            'mulligan + keep7 >= 0', 'expected_hand_size - expected_lands >= 0',
            'p_by_turn("Lightning Bolt", 2) - p_by_turn(lands, 2, 3) >= -1', 'land_drops(2) * 2 >= 0',
        ),
    )
    mulligan_plus_keep7 = simulation.assertions[0]
    # mulligan + keep7 = 1 in every game (a game mulligans or keeps 7): no sampling error at all.
    assert mulligan_plus_keep7.comparisons[0].standard_error == pytest.approx(0.0, abs=1e-12)
    for result in simulation.assertions[1:]:
        (comparison,) = result.comparisons
        assert comparison.standard_error > 0 and comparison.sampled


def test_sampled_events_far_out_keep_memory_flat_and_their_counts():
    """Events are counted draw range by draw range, not from a running count of every
    category after every draw: a six-card event to turn 50 peaked at 193 MiB of numpy
    arrays (tracemalloc) with that running count; the counts are the ones it gave."""
    from memory import traced_peak

    condition = " + ".join(f'count("Card {letter}")' for letter in "ABCDEF")
    deck = "20 Mountain\n" + "".join(f"4 Card {letter}\n" for letter in "ABCDEFGHIJ")
    asked = [f"p_by_turn({condition} >= 23, 50) >= 0", f"p_by_turn({condition} >= 9, 6) >= 0", "land_drops(4) >= 0"]
    simulation, peak = traced_peak(lambda: simulate(deck, "mtg/constructed", turns=1, hands=BATCH, seed=1, assertions=asked))
    counts = sorted((key.rsplit("|", 1)[1], round(estimate.value * BATCH)) for key, estimate in simulation.outcome.events.items())
    assert counts == [("3", 33226), ("49", 28018), ("5", 129)]
    assert peak < 64 * 2**20, f"peak {peak / 2**20:.0f} MiB"


def test_per_game_copies_seen_are_kept_for_the_turns_asked_only():
    """Each game's copies seen of a card an assertion asks about were kept after every
    draw to the last turn: 102 bytes a game a card to turn 50, so twenty `p_by_turn` of a
    PR's deckcheck.yaml at `hands: 10000000` asked for 20 GB (2 GB measured at a million).
    Only the draws the assertions ask about are kept, and they give the same errors."""
    from memory import traced_peak
    from math import sqrt

    cards = [f"Card {letter}" for letter in "ABCDEFGHIJKL"]
    deck = "24 Mountain\n" + "".join(f"3 {card}\n" for card in cards)
    asked = [f'p_by_turn("{card}", {50 - index}) >= 0' for index, card in enumerate(cards)]
    simulation, peak = traced_peak(lambda: simulate(deck, "mtg/constructed", turns=1, hands=100_000, seed=2, assertions=asked))
    assert peak < 64 * 2**20, f"peak {peak / 2**20:.0f} MiB"
    for result in simulation.assertions:
        ((name, p),) = result.values.items()
        (comparison,) = result.comparisons
        assert comparison.sampled and comparison.standard_error == pytest.approx(sqrt(p.value * (1 - p.value) / 100_000), rel=1e-9)


def test_per_game_values_past_their_budget_are_not_kept(monkeypatch):
    """Each event an assertion asks about kept a byte a game: a 4 MiB deckcheck.yaml holds
    tens of thousands of them (`p_by_turn(lands, 1, 1)`, `..., 1, 2)`, ...), and 200 at a
    million games took 272 MB (2.7 GB at `hands: 10000000`). Past MAX_PER_GAME_BYTES an
    estimate keeps no per-game values: the same value, its comparisons' errors added (the
    safe bound, `from_games: false`), never more memory."""
    from memory import traced_peak

    from deckcheck.engine import montecarlo

    asked = [f"p_by_turn(lands, {turn}, {at_least}) >= 0" for turn in range(1, 11) for at_least in range(1, 5)]
    asked.append('p_by_turn("Lightning Bolt", 3) + p_by_turn("Rift Bolt", 3) >= 0')

    def run(budget: int):
        monkeypatch.setattr(montecarlo, "MAX_PER_GAME_BYTES", budget)
        return traced_peak(lambda: simulate(DECK, "mtg/constructed", turns=1, hands=200_000, seed=4, assertions=asked))

    unbounded, unbounded_peak = run(1 << 40)
    bounded, bounded_peak = run(200_000 * 10)   # ten one-byte events a game
    assert bounded_peak < unbounded_peak - 200_000 * 25, (bounded_peak, unbounded_peak)
    for whole, cut in zip(unbounded.assertions, bounded.assertions):
        assert {k: v.value for k, v in cut.values.items()} == {k: v.value for k, v in whole.values.items()}
        assert cut.passed == whole.passed
    kept = [result.comparisons[0].sampled for result in bounded.assertions]
    assert kept[:10] == [True] * 10 and kept[10:] == [False] * 31
    assert all(result.comparisons[0].sampled for result in unbounded.assertions)


def test_a_simulation_s_dict_is_the_json_report_of_the_same_run(cli, tmp_path, monkeypatch):
    """A deck result has to_dict() (one entry of the JSON report); a simulation had none,
    so a library caller who stored or sent one as JSON had to find the engine's private
    report module, and a Simulation does not pickle (its tables hold functions)."""
    from deckcheck import load_format
    from deckcheck.pipeline import card_catalog

    (tmp_path / "deck.txt").write_text(DECK, encoding="utf-8")
    done = cli("simulate", "deck.txt", "-f", "mtg/modern", "--hands", "3000", "--seed", "7", "--keep", KEEP,
               "--card", "Lightning Bolt", "--assert", "keep7 >= 0.5", "-o", "json", cwd=tmp_path)
    monkeypatch.chdir(tmp_path)  # the deck named as the command line names it
    fmt = load_format("mtg/modern")
    result = simulate(Path("deck.txt"), fmt, hands=3000, seed=7, keep=KEEP, cards=["Lightning Bolt"],
                      assertions=["keep7 >= 0.5"], card_data=card_catalog(fmt))
    assert json.loads(json.dumps(result.to_dict())) == json.loads(done.stdout)


@pytest.mark.parametrize("asked, most", [
    # Its kept size and lands (a byte each) and the copies of Lightning Bolt seen by turn 3.
    (["keep7 + keep6 >= 0.5", 'p_by_turn("Lightning Bolt", 3) * keep7 / (1 - mulligan) >= 0', "expected_lands >= 1"], 3),
    # The copies seen of three cards by two turns: a byte each (fewer than 128 cards are ever
    # seen: a hand of at most MAX_HAND_SIZE and MAX_TURNS draws), where two took 14 bytes.
    ([f'p_by_turn("{card}", {turn}) >= 0' for card in ("Lightning Bolt", "Rift Bolt", "Grizzly Bears") for turn in (2, 3)], 8),
])
def test_an_assertions_standard_error_keeps_memory_flat_in_the_hands(asked, most):
    """An assertion's standard error is worked out from each game's influence a slice of
    the games at a time: built whole, a float for each game (and one more for each term of
    an expression, their sum and its square), the first three assertions took 25 bytes a game
    beside the few a game's outcome is kept in (`keep7 >= 0.85` alone took 250 MB at
    `--hands 10000000`, 50 MB without it). More games cost only those per-game values."""
    from memory import traced_peak

    def peak(hands: int) -> int:
        return traced_peak(lambda: simulate(DECK, "mtg/constructed", keep=KEEP, turns=1, hands=hands, seed=6, assertions=asked))[1]

    peak(100)  # the format and card data, loaded once, are no part of either peak
    small, large = peak(2 * BATCH), peak(12 * BATCH)
    assert large - small < (most + 1) * (10 * BATCH), f"{(large - small) / (10 * BATCH):.1f} bytes a game"
