"""By-turn events (categories, tags, conditions, land drops), `*` and `/`, and bottoming and
scry strategies as policy data, against closed forms and against Monte Carlo."""
from __future__ import annotations

from math import comb
from pathlib import Path

import pytest

from deckcheck.engine import simulate
from deckcheck.engine.keep import PolicyError
from deckcheck.errors import DeckcheckError

DECK = "24 Mountain\n28 Grizzly Bears\n4 Lightning Bolt\n4 Lava Spike\n"


def at_least(population: int, successes: int, draws: int, needed: int) -> float:
    return sum(comb(successes, k) * comb(population - successes, draws - k) for k in range(needed, draws + 1)) / comb(population, draws)


def value(simulation, index: int = 0) -> float:
    return next(iter(simulation.assertions[index].values.values())).value


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "policy.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_category_events_without_mulligans_are_hypergeometric(tmp_path):
    policy = write(tmp_path, 'keep: {7: "true"}\ntags: {burn: [Lightning Bolt, Lava Spike]}\n')
    simulation = simulate(DECK, "mtg/constructed", policy_file=policy, on="play", assertions=[
        "p_by_turn(lands, 4, 4) >= 0", "p_by_turn(burn, 2, 2) >= 0", "land_drops(4) >= 0", "p_by_turn(spells, 1, 5) >= 0",
    ])
    assert value(simulation, 0) == pytest.approx(at_least(60, 24, 10, 4), abs=1e-12)
    assert value(simulation, 1) == pytest.approx(at_least(60, 8, 8, 2), abs=1e-12)
    assert value(simulation, 2) == pytest.approx(value(simulation, 0), abs=1e-15)   # the same event, proven in docs
    assert value(simulation, 3) == pytest.approx(at_least(60, 36, 7, 5), abs=1e-12)


def test_joint_condition_by_inclusion_exclusion(tmp_path):
    # P(a Bolt and a Spike among 8 cards) = 1 - P(no Bolt) - P(no Spike) + P(neither).
    policy = write(tmp_path, 'keep: {7: "true"}\n')
    simulation = simulate(DECK, "mtg/constructed", policy_file=policy, on="draw", assertions=[
        'p_by_turn(count("Lightning Bolt") >= 1 and count("Lava Spike") >= 1, 1) >= 0',
    ])
    expected = 1 - 2 * comb(56, 8) / comb(60, 8) + comb(52, 8) / comb(60, 8)
    assert value(simulation) == pytest.approx(expected, abs=1e-12)


def test_events_with_mulligans_agree_with_monte_carlo(tmp_path):
    policy = write(tmp_path, 'keep: {7: "2 <= lands <= 4 and count(burn) >= 1", 6: "2 <= lands <= 4", 5: true}\n'
                             "tags: {burn: [Lightning Bolt, Lava Spike], bears: [Grizzly Bears]}\nbottom: karsten\n")
    texts = ["p_by_turn(lands, 3, 3) >= 0", "p_by_turn(bears, 2, 3) >= 0",
             'p_by_turn(count(burn) >= 2 or lands * 2 >= cards, 3) >= 0', "land_drops(4) >= 0"]
    exact = simulate(DECK, "mtg/constructed", policy_file=policy, assertions=texts)
    sampled = simulate(DECK, "mtg/constructed", policy_file=policy, assertions=texts, hands=60_000, seed=11)
    assert exact.outcome.mode == "exact" and sampled.outcome.mode == "monte-carlo"
    for index in range(len(texts)):
        estimate = next(iter(sampled.assertions[index].values.values()))
        assert abs(estimate.value - value(exact, index)) <= 4 * estimate.se + 1e-9, texts[index]


def test_a_tag_only_assertions_use_does_not_change_the_kept_hands(tmp_path):
    # `bears` splits the "other cards" category for the event, but bottoming still treats
    # all of them alike: the keep rates and the by-turn table stay as they were.
    plain = simulate(DECK, "mtg/constructed", keep="2 <= lands <= 4", keep_by_size={5: "true"})
    policy = write(tmp_path, 'keep: {7: "2 <= lands <= 4", 5: true}\ntags: {bears: [Grizzly Bears]}\n')
    asked = simulate(DECK, "mtg/constructed", policy_file=policy, assertions=["p_by_turn(bears, 1) > 0"])
    assert {k: v.value for k, v in asked.outcome.keep.items()} == pytest.approx({k: v.value for k, v in plain.outcome.keep.items()})
    bolt = plain.profile.index("Lightning Bolt")
    assert asked.by_turn(bolt, 2, "play").value == pytest.approx(plain.by_turn(bolt, 2, "play").value, abs=1e-12)


def test_multiplication_and_division_in_rules_and_assertions():
    # "lands * 2 >= spells" is "at least a third lands": 3+ lands in 7, 2+ in 6.
    by_multiplication = simulate(DECK, "mtg/constructed", keep="lands * 2 >= spells", keep_by_size={6: "lands / cards >= 1 / 3", 5: "true"},
                                 assertions=["keep7 * 2 / 2 == keep7", "-keep7 < 0"])
    by_counts = simulate(DECK, "mtg/constructed", keep="lands >= 3", keep_by_size={6: "lands >= 2", 5: "true"})
    assert by_multiplication.outcome.keep[7].value == pytest.approx(by_counts.outcome.keep[7].value, abs=1e-15)
    assert by_multiplication.outcome.keep[6].value == pytest.approx(by_counts.outcome.keep[6].value, abs=1e-15)
    assert by_multiplication.passed


def test_division_by_zero_follows_floating_point():
    # lands / spells with no spells is infinite (>= 1 holds); 0 / 0 is not a number (fails).
    simulation = simulate("60 Mountain\n", "mtg/constructed", keep="lands / spells >= 1")
    assert simulation.outcome.keep[7].value == pytest.approx(1.0)
    none = simulate("60 Grizzly Bears\n", "mtg/constructed", keep="lands / lands >= 0 or cards == 0")
    assert none.outcome.keep[0].value == pytest.approx(1.0)


# 0 / 0 is not a number, with which every comparison fails (docs/engine.md), `!=` too: Python
# and numpy say NaN != 1, which made both an assertion and its negation hold.
NAN_ASSERTIONS = [
    ("keep0 / keep0 != 0.5", False), ("keep0 / keep0 == 0.5", False), ("keep0 / keep0 >= 0", False),
    ("not (keep0 / keep0 != 0.5)", True), ("not (keep0 / keep0 == 0.5)", True), ("keep7 / 0 != 0.5", True),
]


@pytest.mark.parametrize("mode", [{}, {"hands": 2000, "seed": 1}], ids=["exact", "monte-carlo"])
@pytest.mark.parametrize("assertion, holds", NAN_ASSERTIONS)
def test_not_a_number_fails_every_comparison_of_an_assertion(assertion, holds, mode):
    simulation = simulate(DECK, "mtg/constructed", assertions=[assertion], **mode)
    assert simulation.assertions[0].passed is holds


@pytest.mark.parametrize("mode", [{}, {"hands": 2000, "seed": 1}], ids=["exact", "monte-carlo"])
def test_not_a_number_fails_every_comparison_of_a_keep_rule(mode):
    # Every hand of this deck has no land: lands / lands is NaN, so `!= 1` keeps none of them.
    simulation = simulate("60 Grizzly Bears\n", "mtg/constructed", keep="lands / lands != 1",
                          keep_by_size={6: "false", 5: "false"}, **mode)
    assert simulation.outcome.keep[7].value == 0


def test_bottoming_rules_match_the_named_strategy(tmp_path):
    # Nearest three lands is karsten-code's choice of how many lands to keep.
    named = write(tmp_path, 'bottom: karsten-code\ncosts: {Lightning Bolt: "{R}{R}{R}"}\n')
    rules = tmp_path / "rules.yaml"
    rules.write_text('bottom: ["0 - (lands - 3) * (lands - 3)"]\nkeep: {7: "2 <= lands <= 5", 6: "2 <= lands <= 4", 5: "2 <= lands <= 4", 4: true}\n'
                     'costs: {Lightning Bolt: "{R}{R}{R}"}\n', encoding="utf-8")
    a = simulate(DECK, "mtg/constructed", policy_file=named, cast=["Lightning Bolt"])
    b = simulate(DECK, "mtg/constructed", policy_file=rules, cast=["Lightning Bolt"])
    assert a.castable["lightning bolt"].sides["play"][1].value == pytest.approx(b.castable["lightning bolt"].sides["play"][1].value, abs=1e-15)
    assert {k: v.value for k, v in a.outcome.lands.items()} == pytest.approx({k: v.value for k, v in b.outcome.lands.items()}, abs=1e-15)


def test_scry_rule_matches_the_named_strategy(tmp_path):
    vancouver = Path(__file__).parent / "formats" / "hand-vancouver.yaml"
    results = []
    for scry in ("karsten", "top_land == 1"):
        policy = write(tmp_path, f'keep: {{7: "2 <= lands <= 5", 6: "2 <= lands <= 4", 5: true}}\nscry: {scry}\n')
        simulation = simulate(DECK, vancouver, policy_file=policy, assertions=["land_drops(4) >= 0", 'p_by_turn("Lightning Bolt", 3) >= 0'])
        results.append([value(simulation, 0), value(simulation, 1)])
    assert results[0] == pytest.approx(results[1], abs=1e-15)
    policy = write(tmp_path, 'keep: {7: "2 <= lands <= 5", 6: "2 <= lands <= 4", 5: true}\n')
    default = simulate(DECK, vancouver, policy_file=policy, assertions=["land_drops(4) >= 0"])
    assert value(default) < results[0][0]   # keeping every land on top hits more land drops


@pytest.mark.parametrize(("text", "message"), [
    ("bottom: sideways\n", "unknown name 'sideways'"),
    ("bottom: [lands, 3]\nkeep: {7: true}\n", None),
    ("bottom: {6: lands}\n", "expected default, karsten, karsten-code or a list of rules"),
    ("bottom: [landz]\n", "unknown name 'landz'"),
    ("scry: sometimes\n", "unknown name 'sometimes'"),
    ("bottom: karsten2\n", "bottom: 'karsten2' is not a strategy; did you mean 'karsten'? (strategies: default, karsten, karsten-code)"),
    ("bottom: defualt\n", "did you mean 'default'?"),
    ("scry: karsen\n", "scry: 'karsen' is not a strategy; did you mean 'karsten'? (strategies: default, karsten)"),
    ("bottom: lands\nkeep: {7: true}\n", None),  # a rule that is one name: more lands preferred
    ("scry: count(lands) >= 1\n", "unknown function 'count'"),
    ("scry: 3\n", "expected default, karsten or a rule"),
    ("keep: {free: [1]}\n", "keep.free"),
    ("costs: {Bolt: 1}\n", "costs"),
])
def test_strategy_errors_name_the_key(text, message, tmp_path):
    policy = write(tmp_path, text)
    if message is None:
        simulate(DECK, "mtg/constructed", policy_file=policy)
        return
    with pytest.raises(DeckcheckError) as caught:
        simulate(DECK, "mtg/constructed", policy_file=policy)
    assert message in str(caught.value) and str(policy) in str(caught.value)


def test_assertion_errors():
    with pytest.raises(DeckcheckError, match="copies goes with a card or a category"):
        simulate(DECK, "mtg/constructed", assertions=["p_by_turn(lands >= 2, 3, 2) > 0"])
    with pytest.raises(DeckcheckError, match="expected a card name in quotes, a category or a tag"):
        simulate(DECK, "mtg/constructed", assertions=["p_by_turn(removal, 3) > 0"])
    with pytest.raises(DeckcheckError, match="turns start at 1"):
        simulate(DECK, "mtg/constructed", assertions=["land_drops(0) > 0"])
    assert isinstance(PolicyError("x"), DeckcheckError)


def test_free_seven_rule(tmp_path):
    free = Path(__file__).parent / "formats" / "hand-london-free.yaml"
    policy = write(tmp_path, 'keep: {free: "3 <= lands <= 4", 7: "2 <= lands <= 5", 6: true}\n')
    simulation = simulate("24 Mountain\n36 Grizzly Bears\n", free, policy_file=policy)
    first = sum(comb(24, k) * comb(36, 7 - k) for k in (3, 4)) / comb(60, 7)
    second = sum(comb(24, k) * comb(36, 7 - k) for k in range(2, 6)) / comb(60, 7)
    assert simulation.outcome.mulligans[0].value == pytest.approx(first, abs=1e-12)
    assert simulation.outcome.mulligans[1].value == pytest.approx((1 - first) * second, abs=1e-12)


def test_bottoming_rules_that_need_the_cards_run_by_sampling(tmp_path):
    # distinct() depends on which cards are kept: exact mode cannot enumerate it.
    policy = write(tmp_path, 'bottom: ["distinct(burn)", lands]\ntags: {burn: [Lightning Bolt, Lava Spike]}\n'
                             'keep: {7: "2 <= lands <= 4", 6: "count(burn) >= 1", 5: true}\n')
    simulation = simulate(DECK, "mtg/constructed", policy_file=policy, assertions=["p_by_turn(burn, 1, 2) >= 0"])
    assert simulation.outcome.mode == "monte-carlo"
    assert any("distinct()" in warning for warning in simulation.warnings)
    with pytest.raises(DeckcheckError, match="mode=.exact. needs a count-based keep policy"):
        simulate(DECK, "mtg/constructed", policy_file=policy, mode="exact")


@pytest.mark.parametrize(("total", "caps"), [(0, [3]), (3, [1, 1]), (7, [4, 4, 20, 32]), (50, [4, 4, 4, 4, 4, 4, 20, 16]), (9, [0, 2, 9])])
def test_composition_count_is_the_length_of_the_enumeration(total, caps):
    from deckcheck.engine.events import composition_count
    from deckcheck.engine.exact import compositions

    assert composition_count(total, caps) == len(compositions(total, caps))


def test_an_event_too_big_to_enumerate_is_sampled_with_a_note():
    # Six cards of its own to turn 50: about 6e9 cells (minutes exactly); sampled instead.
    deck = "20 Mountain\n" + "".join(f"4 Card {letter}\n" for letter in "ABCDEFGHIJ")
    condition = " + ".join(f'count("Card {letter}")' for letter in "ABCDEF")
    small = 'p_by_turn(count("Card A") >= 1 and count("Card B") >= 1, 3) >= 0'
    simulation = simulate(deck, "mtg/constructed", turns=1, assertions=[f"p_by_turn({condition} >= 1, 50) >= 0.99", small])
    assert simulation.outcome.mode == "exact" and simulation.passed
    (note,) = [warning for warning in simulation.warnings if "using Monte Carlo" in warning]
    assert note.startswith("using Monte Carlo for p_by_turn((((((count(\"Card A\")")
    assert "combinations of kept hands and draws to enumerate, more than 20,000,000 (docs/security.md#limits)" in note
    assert "count(\"Card A\") >= 1) and" not in note     # the small event is not named: it stays exact
    # Only the big event is sampled (judged with the Monte Carlo margin); the small one and
    # the keep odds stay exact, the small one as it is on its own.
    big, rest = simulation.assertions
    assert big.tolerance_used and all(value.se is not None for value in big.values.values())
    alone = simulate(deck, "mtg/constructed", turns=1, assertions=[small])
    assert not rest.tolerance_used and [value.se for value in rest.values.values()] == [None]
    assert value(simulation, 1) == pytest.approx(value(alone), abs=1e-12)
    assert simulation.outcome.keep[7].se is None


def test_exact_events_share_the_work_limit_smallest_first(monkeypatch):
    """The events of a run share MAX_EXACT_EVENT_WORK: with room for one of two events, the
    smaller is exact and the other sampled, its note saying what was left."""
    from deckcheck.engine import questions

    deck = "24 Mountain\n" + "".join(f"4 Card {letter}\n" for letter in "ABCDEFGHI")
    near, far = "land_drops(2) >= 0", 'p_by_turn(count("Card A") >= 2, 6) >= 0'
    work: dict[str, int] = {}
    original = questions.event_work
    monkeypatch.setattr(questions, "event_work", lambda *args: work.setdefault(args[3][0].key, original(*args)))
    simulate(deck, "mtg/constructed", turns=1, assertions=[far, near])     # both exact: each one's work
    small, big = work["land_drops(2)|1"], work['p_by_turn(count("Card A") >= 2, 6)|5']
    assert small < big
    monkeypatch.setattr(questions, "MAX_EXACT_EVENT_WORK", big)      # room for the big one alone, not for both
    simulation = simulate(deck, "mtg/constructed", turns=1, assertions=[far, near])
    sampled, exact = simulation.assertions
    assert sampled.tolerance_used and not exact.tolerance_used
    (note,) = [warning for warning in simulation.warnings if "using Monte Carlo" in warning]
    assert f"more than the {big - small:,} left of {big:,} once the smaller events were exact" in note


def test_cards_alike_share_their_exact_by_turn_answers(monkeypatch):
    """The exact by-turn table of many different cards: a card's answer depends only on its
    category and copies, so 100 singletons ask the enumeration once per number of draws."""
    from deckcheck.engine import exact
    from deckcheck.engine.report import to_dict

    asked = []
    original = exact._by_turn
    monkeypatch.setattr(exact, "_by_turn", lambda *args: asked.append(args[4:]) or original(*args))
    deck = "40 Mountain\n" + "".join(f"1 Spell {index:03d}\n" for index in range(100))
    table = to_dict(simulate(deck, "mtg/constructed", keep="2 <= lands <= 5"))["by_turn"]
    assert len(table) == 100 and len({cell["p"] for card in table.values() for cell in card["play"].values()}) == 3
    assert sorted(asked) == [(draws, 1) for draws in range(4)]     # turns 1-3 on the play and the draw: 0-3 draws
