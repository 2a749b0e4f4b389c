"""Frank Karsten's published tables, reproduced by the engine with his strategies.

* tests/karsten/colored_sources_2022.yaml: his 2022 colored-source table, every cell of the
  40-, 60-, 80- and 99-card columns: the listed number of sources reaches (89 + M)% of
  P(castable | land drops) on turn M, and one source fewer does not (his definition of the
  table); the one cell his own model contradicts is asserted as the disagreement it is.
* An oracle written here from his published procedure (plain loops over hands, sharing no
  code with deckcheck) gives the same conditional probabilities to 1e-12, for both readings
  of his six-card bottoming (docs/engine.md, "Karsten's model").
* tests/karsten/land_drops_2017.yaml: his land-drop tables (Vancouver mulligan, scry a land
  up and a spell down), every cell to the rounding of the table.
* His London mulligan numbers for finding a 4-of.
"""
from __future__ import annotations

import json
from math import comb
from pathlib import Path

import pytest

import caseload
from deckcheck.engine import simulate
from deckcheck.schema import Int, ListOf, MapOf, Number, Str, Struct

TESTS = Path(__file__).parent
SOURCES = caseload.load(TESTS / "karsten" / "colored_sources_2022.yaml", Struct({
    "source": Str(), "script": Str(), "lands": MapOf(Int(1), key=Int(1)),
    "known_disagreements": ListOf(Struct({"cost": Str(), "cards": Int(1), "table": Int(0), "model": Int(0)})),
    "table": MapOf(ListOf(Int(0))),  # cost -> sources for 60, 80, 99 and 40 cards
}, required=("lands", "table")))
LAND_DROPS = caseload.load(TESTS / "karsten" / "land_drops_2017.yaml", Struct({
    "source": Str(),
    "decks": MapOf(MapOf(  # deck size -> lands -> the table's row
        Struct({"drops": ListOf(ListOf(Number())), "hand": Number(), "flood": Number()}, required=("drops", "hand", "flood")),
        key=Int(1)), key=Int(1)),
}, required=("decks",)))
COMMANDER_LIKE = TESTS / "formats" / "hand-london-free.yaml"  # free mulligan, the first player draws
FORMATS = {40: "mtg/limited", 60: "mtg/constructed", 80: "mtg/constructed", 99: COMMANDER_LIKE}
COLUMNS = (60, 80, 99, 40)   # the table's column order


def parse_cost(cost: str) -> tuple[int, int]:
    """'2CC' -> (mana value 4, 2 colored symbols)."""
    colored = cost.count("C")
    generic = int(cost[:-colored] or 0)
    return generic + colored, colored


def symbols(cost: str) -> str:
    mana_value, colored = parse_cost(cost)
    generic = mana_value - colored
    return (f"{{{generic}}}" if generic else "") + "{W}" * colored


def karsten_deck(cards: int, sources: int) -> str:
    lands = SOURCES["lands"][cards]
    return f"{sources} Plains\n{lands - sources} Wastes\n{cards - lands - 1} Grizzly Bears\n1 Target Spell\n"


def policy(tmp_path: Path, cost: str, bottom: str = "karsten") -> Path:
    path = tmp_path / f"{bottom}-{cost}.yaml"
    path.write_text(f'bottom: {bottom}\ncosts: {{Target Spell: "{symbols(cost)}"}}\n', encoding="utf-8")
    return path


def given_land_drops(tmp_path: Path, cards: int, sources: int, cost: str, bottom: str = "karsten") -> float:
    simulation = simulate(karsten_deck(cards, sources), FORMATS[cards], policy_file=policy(tmp_path, cost, bottom), cast=["Target Spell"])
    assert simulation.outcome.mode == "exact"
    answer = simulation.castable["target spell"]
    assert answer.question.turn == parse_cost(cost)[0]
    return answer.sides["play"][1].value


# ---------------------------------------------------------------- the 2022 colored-source table


CELLS = [
    pytest.param(cost, cards, needed, id=f"{cost}-{cards}")
    for cost, row in SOURCES["table"].items()
    for cards, needed in zip(COLUMNS, row)
]
DISAGREE = {(item["cost"], item["cards"]): item for item in SOURCES["known_disagreements"]}


@pytest.mark.parametrize(("cost", "cards", "needed"), CELLS)
def test_colored_source_table_2022(cost, cards, needed, tmp_path):
    mana_value, _ = parse_cost(cost)
    threshold = (89 + mana_value) / 100
    if (cost, cards) in DISAGREE:
        model = DISAGREE[(cost, cards)]["model"]
        assert given_land_drops(tmp_path, cards, model, cost) >= threshold
        assert given_land_drops(tmp_path, cards, model - 1, cost) < threshold
        assert model < needed
        return
    assert given_land_drops(tmp_path, cards, needed, cost) >= threshold
    assert given_land_drops(tmp_path, cards, needed - 1, cost) < threshold


# ---------------------------------------------------------------- an independent oracle


def _bottom(spells: int, good: int, other: int, bottom: int, spell_rule: int) -> tuple[int, int, int]:
    """His bottoming, written out as his procedure reads: off-color lands go first."""
    def lands_down(count: int) -> tuple[int, int]:
        off = min(other, count)
        return good - min(good, count - off), other - off

    if bottom == 0:
        return spells, good, other
    if bottom == 1:
        if spells >= spell_rule:
            return spells - 1, good, other
        return (spells, *lands_down(1))
    if bottom == 2:
        if spells >= 4:
            return spells - 2, good, other
        if spells == 3:
            return (spells - 1, *lands_down(1))
        return (spells, *lands_down(2))
    if spells >= 4:
        return spells - 3, good, other
    if spells == 3:
        return (spells - 2, *lands_down(1))
    if spells == 2:
        return (spells - 1, *lands_down(2))
    return (spells, *lands_down(3))


def oracle(cards: int, lands: int, good: int, turn: int, colored: int, *, spell_rule: int) -> float:
    """P(colored sources | land drops), his procedure, summed hand by hand."""
    spells_in_deck, other_in_deck = cards - lands, lands - good
    commander = cards == 99
    hands = ([("free", 0)] if commander else []) + [(7, 0), (6, 1), (5, 2), (4, 3)]
    keeps = {"free": (3, 5), 7: (2, 5), 6: (2, 4), 5: (2, 4), 4: (0, 7)}
    draws = turn - 1 + (1 if commander else 0)
    reach, success, relevant = 1.0, 0.0, 0.0
    for label, bottom in hands:
        kept_here = 0.0
        for spells in range(8):
            for good_drawn in range(8 - spells):
                other_drawn = 7 - spells - good_drawn
                chance = comb(spells_in_deck, spells) * comb(good, good_drawn) * comb(other_in_deck, other_drawn) / comb(cards, 7)
                if chance == 0:
                    continue
                _, g, o = _bottom(spells, good_drawn, other_drawn, bottom, spell_rule)
                low, high = keeps[label]
                if not low <= g + o <= high:
                    continue
                kept_here += chance
                left_good, left_other = good - good_drawn, other_in_deck - other_drawn
                left = cards - 7
                for dg in range(draws + 1):
                    for do in range(draws + 1 - dg):
                        rest = draws - dg - do
                        p = comb(left_good, dg) * comb(left_other, do) * comb(left - left_good - left_other, rest) / comb(left, draws)
                        if g + o + dg + do >= turn:
                            relevant += reach * chance * p
                            if g + dg >= colored:
                                success += reach * chance * p
        reach *= 1 - kept_here
    return success / relevant


ORACLE_CELLS = [(60, 16, "2CC"), (60, 14, "C"), (40, 11, "3CC"), (60, 24, "CCCC"), (99, 26, "2CC"), (99, 19, "1C"), (80, 13, "4C"), (40, 13, "1CCCC")]


@pytest.mark.parametrize(("cards", "sources", "cost"), ORACLE_CELLS)
@pytest.mark.parametrize(("bottom", "spell_rule"), [("karsten", 3), ("karsten-code", 4)])
def test_engine_matches_an_oracle_of_his_procedure(cards, sources, cost, bottom, spell_rule, tmp_path):
    mana_value, colored = parse_cost(cost)
    expected = oracle(cards, SOURCES["lands"][cards], sources, mana_value, colored, spell_rule=spell_rule)
    assert given_land_drops(tmp_path, cards, sources, cost, bottom) == pytest.approx(expected, abs=1e-12)


def test_the_two_readings_of_six_card_bottoming_differ_only_from_turn_four(tmp_path):
    # Three spells and four lands in seven: his article bottoms a spell, his script a land.
    # That changes the kept lands (4 or 3), which matters once four lands are needed.
    for cards, sources, cost in [(60, 14, "C"), (60, 21, "CC"), (60, 23, "CCC")]:
        assert given_land_drops(tmp_path, cards, sources, cost) == pytest.approx(
            given_land_drops(tmp_path, cards, sources, cost, "karsten-code"), abs=1e-15)
    article = given_land_drops(tmp_path, 60, 9, "4C")
    script = given_land_drops(tmp_path, 60, 9, "4C", "karsten-code")
    assert abs(article - script) > 1e-4


# ---------------------------------------------------------------- through the installed command


@pytest.fixture(scope="module")
def mana_db(tmp_path_factory) -> Path:
    from deckcheck.cards.importer import import_file

    path = tmp_path_factory.mktemp("mana-db") / "cards.sqlite"
    import_file(TESTS / "cards" / "mana_cards.json", path)
    return path


@pytest.mark.parametrize(("cards", "sources", "cost_name", "cost"), [(60, 16, "Wrath of God", "2CC"), (99, 19, "Lightning Bolt", "C"), (40, 9, "Counterspell", "CC")])
def test_cli_castable_with_a_card_database(cli, mana_db, tmp_path, cards, sources, cost_name, cost):
    lands = SOURCES["lands"][cards]
    color = {"Wrath of God": "Plains", "Lightning Bolt": "Mountain", "Counterspell": "Island"}[cost_name]
    deck = tmp_path / "deck.txt"
    deck.write_text(f"{sources} {color}\n{lands - sources} Wastes\n{cards - lands - 4} Grizzly Bears\n4 {cost_name}\n", encoding="utf-8")
    policy_file = tmp_path / "karsten.yaml"
    policy_file.write_text("bottom: karsten\n", encoding="utf-8")
    done = cli("simulate", str(deck), "-f", str(FORMATS[cards]), "--policy", str(policy_file), "--cast", cost_name,
               "--cards-db", str(mana_db), "--offline", "-o", "json")
    assert done.returncode == 0, done.stderr
    cell = json.loads(done.stdout)["castable"][cost_name]
    mana_value, colored = parse_cost(cost)
    assert cell["turn"] == mana_value
    assert cell["p_given_land_drops"] == pytest.approx(oracle(cards, lands, sources, mana_value, colored, spell_rule=3), abs=1e-12)
    assert 0 < cell["p"] < cell["p_given_land_drops"] <= 1


# ---------------------------------------------------------------- the 2017 land-drop tables


VANCOUVER = TESTS / "formats" / "hand-vancouver.yaml"
LAND_CELLS = [
    pytest.param(cards, lands, row, id=f"{cards}-{lands}")
    for cards, rows in LAND_DROPS["decks"].items() for lands, row in rows.items()
]


@pytest.mark.parametrize(("cards", "lands", "row"), LAND_CELLS)
def test_land_drop_tables_2017(cards, lands, row, tmp_path):
    policy_file = tmp_path / "2017.yaml"
    policy_file.write_text(
        'keep: {7: "2 <= lands <= 5", 6: "2 <= lands <= 4", 5: "1 <= lands <= 4", 4: true}\nscry: karsten\n', encoding="utf-8"
    )
    asserts = [f"land_drops({turn}) >= 0" for turn in (2, 3, 4, 5)] + ["p_by_turn(lands, 7, 8) >= 0"]
    got = {}
    for side in ("draw", "play"):
        simulation = simulate(f"{lands} Island\n{cards - lands} Grizzly Bears\n", VANCOUVER, policy_file=policy_file, on=side, assertions=asserts)
        assert simulation.outcome.mode == "exact"
        got[side] = [next(iter(result.values.values())).value * 100 for result in simulation.assertions]
    for (draw, play), got_draw, got_play in zip(row["drops"], got["draw"], got["play"]):
        assert abs(got_draw - draw) <= 0.05 + 1e-9 and abs(got_play - play) <= 0.05 + 1e-9, (row, got)
    assert abs(got["draw"][4] - row["flood"]) <= 0.05 + 1e-9
    assert abs(simulation.outcome.expected_hand_size.value - row["hand"]) <= 0.0005 + 1e-9


# ---------------------------------------------------------------- London: finding a 4-of


@pytest.mark.parametrize("mulligans", [0, 1, 2, 3])
def test_london_four_of_numbers(mulligans):
    # Karsten (2019): mulligan every hand without the card, down to 7 - m cards. Each London
    # hand sees seven fresh cards, so P(found) = 1 - P(none in 7)^(m + 1), the closed form of
    # his script London_mull_LeylineVSClaim.py (the article's table itself was not
    # retrievable here): 39.95%, 63.94%, 78.35%, 87.00%.
    expected = 1 - (comb(56, 7) / comb(60, 7)) ** (mulligans + 1)
    rules = {size: 'count("Leyline of the Void") >= 1' for size in range(7, 7 - mulligans, -1)}
    rules[7 - mulligans] = "true"
    simulation = simulate(
        "4 Leyline of the Void\n56 Grizzly Bears\n", "mtg/constructed", keep=rules[7],
        keep_by_size={size: text for size, text in rules.items() if size != 7},
        assertions=['p_by_turn("Leyline of the Void", 1) >= 0'],
    )
    assert simulation.assertions[0].values['p_by_turn("Leyline of the Void", 1)'].value == pytest.approx(expected, abs=1e-12)
    assert round(expected * 100, 2) == [39.95, 63.94, 78.35, 87.00][mulligans]
