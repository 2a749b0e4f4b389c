"""Exact mode's plain-Python enumeration (engine/exact_plain.py) gives the floats of the
numpy enumeration digit for digit, so a report does not depend on which one ran; and an
exact run that only asks keep and land odds does not import numpy (docs/speed.md)."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

import caseload
from deckcheck.engine import exact_plain, simulate
from deckcheck.engine.exact import run_exact
from deckcheck.engine.pairwise import numpy_sum
from test_engine_cases import simulate_case

np = pytest.importorskip("numpy", reason="the comparison needs numpy, which the engine's [test] install brings")

TESTS = Path(__file__).parent
ROOT = TESTS.parent

DECK = """\
4 Goblin Guide
4 Monastery Swiftspear
4 Lightning Bolt
4 Lava Spike
4 Rift Bolt
4 Skewer the Critics
4 Boros Charm
4 Lightning Helix
4 Eidolon of the Great Revel
4 Searing Blaze
20 Mountain
"""
POLICY = """\
tags:
  creatures: [Goblin Guide, Monastery Swiftspear, Eidolon of the Great Revel]
  burn: [Lightning Bolt, Lava Spike, Rift Bolt]
"""
# Keep rules over every construct of the language, under every mulligan rule and
# bottoming strategy: (format, bottoming, keep rule, 6-card rule).
FORMATS = ["mtg/modern", "formats/hand-paris.yaml", "formats/hand-vancouver.yaml", "formats/hand-london-free.yaml"]
BOTTOMING = ["default", "karsten", "karsten-code"]
RULES = [
    ("2 <= lands <= 4", None),
    ("lands >= 2 and count(creatures) >= 1", "lands >= 1"),
    ('not (lands < 2) and (count("Lightning Bolt") >= 1 or count(burn) >= 2)', "true"),
    ("lands / cards >= 0.3 and spells - lands != 7", "lands * 2 >= 3"),
    ("count(creatures) + count(burn) >= 3 and lands == 2 or lands == 3", None),
]
CASES = [(fmt, bottom, keep, keep6) for fmt in FORMATS for bottom in BOTTOMING for keep, keep6 in RULES]


def _format(fmt: str) -> str | Path:
    return TESTS / fmt if fmt.endswith(".yaml") else fmt


def _both(simulation):
    """The outcome of the simulation's schedule from each enumeration."""
    args = (simulation.profile, simulation.atoms, simulation.steps)
    return run_exact(*args, plain=True), run_exact(*args, plain=False)


def _same(plain, arrays, profile) -> None:
    assert plain.keep == arrays.keep
    assert plain.mulligans == arrays.mulligans
    assert plain.lands == arrays.lands
    assert plain.expected_hand_size == arrays.expected_hand_size
    assert plain.expected_lands == arrays.expected_lands
    for index in range(len(profile.cards)):
        for draws, at_least in ((0, 1), (2, 1), (3, 2)):
            assert plain.by_turn(index, draws, at_least) == arrays.by_turn(index, draws, at_least)


@pytest.mark.parametrize("fmt, bottom, keep, keep6", CASES)
def test_plain_enumeration_gives_the_numpy_floats(fmt, bottom, keep, keep6, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK, encoding="utf-8")
    policy = tmp_path / "policy.yaml"
    policy.write_text(POLICY + f"bottom: {bottom}\n", encoding="utf-8")
    by_size = {6: keep6} if keep6 else None
    simulation = simulate(deck, _format(fmt), keep=keep, keep_by_size=by_size, policy_file=policy, mode="exact")
    assert exact_plain.can_take(simulation.steps, simulation.atoms)
    plain, arrays = _both(simulation)
    assert plain.keep[7].value > 0
    _same(plain, arrays, simulation.profile)


@pytest.mark.parametrize("case", caseload.cases("engine", kind="simulate"))
def test_every_exact_engine_case_gives_the_same_floats_both_ways(case, tmp_path):
    """The engine cases (tests/cases/engine): the same floats from both enumerations where
    the plain one can take the schedule; numpy's alone where it cannot."""
    simulation = simulate_case(case, tmp_path)
    if simulation.outcome.mode != "exact":
        return  # sampled: neither enumeration ran
    if not exact_plain.can_take(simulation.steps, simulation.atoms):
        assert any(step.prefer.rules for step in simulation.steps)  # bottoming rules: numpy's keys
        return
    plain, arrays = _both(simulation)
    _same(plain, arrays, simulation.profile)


def test_big_enumerations_go_to_numpy_small_ones_stay_plain(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK, encoding="utf-8")
    small = simulate(deck, "mtg/modern", keep="2 <= lands <= 4", mode="exact")
    assert exact_plain.suits(small.steps, small.atoms)
    # Every card named: eleven categories, far more pairs than the plain limit.
    names = [line.split(" ", 1)[1] for line in DECK.splitlines()]
    rule = " and ".join(f'count("{name}") <= 3' for name in names)
    big = simulate(deck, "mtg/modern", keep=rule, mode="exact")
    assert not exact_plain.suits(big.steps, big.atoms)


@pytest.mark.parametrize("count", [*range(0, 20), 127, 128, 129, 136, 255, 256, 257, 1000, 1031, 9000])
def test_numpy_sum_adds_up_as_numpy_does(count):
    rng = random.Random(count)
    values = [rng.random() * 10 ** rng.randint(-15, 0) for _ in range(count)]
    assert numpy_sum(values) == float(np.array(values).sum())


def test_an_exact_ci_run_imports_no_numpy():
    """keep odds and an assertion on them, for CI: no by-turn table, so no numpy."""
    code = (
        "import sys\n"
        "from deckcheck.entry import main\n"
        f"sys.argv = ['deckcheck', 'simulate', {str(ROOT / 'examples' / 'burn-modern.txt')!r}, '-f', 'mtg/modern',\n"
        "            '--keep', '2 <= lands <= 4', '--assert', 'keep7 >= 0.7', '--assert', 'keep7 / keep6 > 3', '-o', 'junit']\n"
        "try:\n    main()\nexcept SystemExit as exc:\n    print('exit', exc.code, file=sys.stderr)\n"
        "print('numpy loaded' if 'numpy' in sys.modules else 'no numpy', file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert 'tests="2" failures="0"' in done.stdout, done.stdout + done.stderr
    assert "exit 0" in done.stderr and "no numpy" in done.stderr, done.stderr
