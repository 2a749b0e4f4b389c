"""The mana model (deckcheck/engine/mana.py): costs, what lands make, castability.

Cases are data: tests/cases/mana/costs.yaml and lands.yaml (lands read from real Oracle
text in tests/cards/mana_cards.json through a card database built by `cards import`).
"""
from __future__ import annotations

import json
from math import comb
from pathlib import Path

import pytest

import caseload
from deckcheck.engine import simulate
from deckcheck.engine.mana import EVERY_LAND, MANA, SOURCE_KINDS, ManaError, parse_cost

TESTS = Path(__file__).parent


@pytest.fixture(scope="module")
def catalog(tmp_path_factory):
    from deckcheck.cards.importer import import_file
    from deckcheck.games.mtg.store import load_catalog as open_catalog

    path = tmp_path_factory.mktemp("mana") / "cards.sqlite"
    import_file(TESTS / "cards" / "mana_cards.json", path)
    return open_catalog(path)


@pytest.mark.parametrize("case", caseload.cases("mana", kind="mana-cost"))
def test_costs(case):
    if "error" in case:
        with pytest.raises(ManaError, match=case["error"].replace("{", r"\{")):
            parse_cost(case["cost"])
        return
    cost = parse_cost(case["cost"])
    assert cost.mana_value == case["mana_value"]
    assert cost.fewest_lands == case.get("fewest_lands", case["mana_value"])
    assert sorted("".join(sorted(pip)) for pip in cost.pips) == sorted("".join(sorted(p)) for p in case["pips"])


@pytest.mark.parametrize("case", caseload.cases("mana", kind="mana-lands"))
def test_land_sources(case, catalog):
    from deckcheck.engine.cast import deck_land_kinds
    from deckcheck.engine.categories import profile_deck
    from deckcheck.engine.keep import build_policy
    from deckcheck.formats import load
    from deckcheck.pipeline import read_deck

    deck = read_deck("".join(f"1 {name}\n" for name in case["deck"]) + "40 Grizzly Bears\n")
    profile = profile_deck(deck, load("mtg/constructed"), card_data=catalog)
    warnings: list[str] = []
    kinds = deck_land_kinds(profile, build_policy(hand_size=7), catalog, warnings)
    # A land's kinds (`B; every land B` for Urborg), or `none` for a land that makes no mana
    # (every land making a kind makes mana).
    assert all(MANA in made for made in kinds if made)

    def shown(made: frozenset[str]) -> str:
        given = "".join(sorted(color for color, kind in EVERY_LAND.items() if kind in made))
        return "".join(sorted(made & set(SOURCE_KINDS))) + (f"; every land {given}" if given else "") if made else "none"

    def expected(made: str) -> str:
        own, _, given = made.partition(";")
        return made if made == "none" else "".join(sorted(own)) + (f";{given}" if given else "")

    got = {card.name: shown(made) for card, made in zip(profile.cards, kinds) if card.land}
    assert got == {name: expected(made) for name, made in case["sources"].items()}
    assert warnings == []


def test_a_mdfc_spell_with_a_land_back_is_a_spell(catalog):
    assert catalog.is_land("Shatterskull Smashing") is False


def _castable(deck: str, cost: str, tmp_path: Path, **options) -> dict:
    policy = tmp_path / "p.yaml"
    policy.write_text(f'keep: {{7: "true"}}\ncosts: {{Spell: "{cost}"}}\n', encoding="utf-8")
    simulation = simulate(deck, "mtg/constructed", policy_file=policy, cast=["Spell"], **options)
    return simulation.castable["spell"]


def test_hall_condition_for_gold_and_hybrid(tmp_path):
    # Without mulligans, on the play by turn 2: 8 cards from 20 Plains, 20 Islands, 20 spells.
    # {W}{U} needs a Plains and an Island; {W/U}{W/U} any two of them: the same as two lands.
    deck = "20 Plains\n20 Island\n19 Grizzly Bears\n1 Spell\n"
    gold = _castable(deck, "{W}{U}", tmp_path).sides["play"][0].value
    both = sum(comb(20, w) * comb(20, u) * comb(20, 8 - w - u) for w in range(1, 9) for u in range(1, 9 - w)) / comb(60, 8)
    assert gold == pytest.approx(both, abs=1e-12)
    hybrid = _castable(deck, "{W/U}{W/U}", tmp_path).sides["play"][0].value
    two_lands = 1 - sum(comb(40, k) * comb(20, 8 - k) for k in range(2)) / comb(60, 8)
    assert hybrid == pytest.approx(two_lands, abs=1e-12)
    given = _castable(deck, "{W/U}{W/U}", tmp_path).sides["play"][1].value
    assert given == pytest.approx(1.0, abs=1e-12)


def test_phyrexian_and_x_need_no_source(tmp_path):
    deck = "24 Wastes\n35 Grizzly Bears\n1 Spell\n"
    answer = _castable(deck, "{X}{1}{G/P}", tmp_path)
    assert answer.question.turn == 1
    assert answer.sides["draw"][1].value == pytest.approx(1.0)


def test_monte_carlo_castability_agrees_with_exact(tmp_path):
    deck = "9 Plains\n8 Island\n8 Wastes\n34 Grizzly Bears\n1 Spell\n"
    exact = _castable(deck, "{1}{W}{U}", tmp_path)
    sampled = _castable(deck, "{1}{W}{U}", tmp_path, hands=40_000, seed=5)
    for side in ("play", "draw"):
        for index in (0, 1):
            estimate = sampled.sides[side][index]
            assert estimate.se is not None and estimate.se > 0
            assert abs(estimate.value - exact.sides[side][index].value) <= 4 * estimate.se


def test_cli_cast_errors_and_costs_without_a_database(cli, tmp_path):
    """Without card data (--no-cards) costs come from the policy file alone."""
    deck = tmp_path / "deck.txt"
    deck.write_text("16 Plains\n9 Island\n35 Wrath of God\n", encoding="utf-8")
    done = cli("simulate", str(deck), "-f", "mtg/constructed", "--cast", "Wrath of God", "--offline", "--no-cards")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "no mana cost known" in done.stderr and "costs:" in done.stderr
    policy = tmp_path / "p.yaml"
    policy.write_text('costs: {Wrath of God: "{2}{W}{W}"}\nsources: {Island: [W]}\n', encoding="utf-8")
    done = cli("simulate", str(deck), "-f", "mtg/constructed", "--policy", str(policy), "--cast", "Wrath of God", "-o", "json",
               "--no-cards")
    assert done.returncode == 0, done.stderr
    cell = json.loads(done.stdout)["castable"]["Wrath of God"]
    assert cell["sources"] == {"W": 25}           # the policy says Islands make white here
    assert cell["p_given_land_drops"] == pytest.approx(1.0)
    text = cli("simulate", str(deck), "-f", "mtg/constructed", "--policy", str(policy), "--cast", "Wrath of God", "--no-cards")
    assert "Castable on curve" in text.stdout and "{2}{W}{W}" in text.stdout
    bad = tmp_path / "bad.yaml"
    bad.write_text("sources: {Island: [Q]}\n", encoding="utf-8")
    done = cli("simulate", str(deck), "-f", "mtg/constructed", "--policy", str(bad), "--cast", "Wrath of God", "--no-cards")
    assert done.returncode == 2 and "sources.Island" in done.stderr
    # With the built-in card data (no database) the cost is the card's own.
    done = cli("simulate", str(deck), "-f", "mtg/constructed", "--cast", "Wrath of God", "--offline", "-o", "json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["castable"]["Wrath of God"]["sources"] == {"W": 16}


def _hypergeometric_weight(groups: dict[str, int], drawn: dict[str, int]) -> float:
    """The multivariate hypergeometric probability of drawing `drawn` from `groups`."""
    weight = 1
    for name, count in drawn.items():
        weight *= comb(groups[name], count)
    return weight / comb(sum(groups.values()), sum(drawn.values()))


def _hypergeometric(groups: dict[str, int], drawn: int, wanted) -> float:
    """P(wanted(counts)) for `drawn` cards from a deck split into `groups`, by hand:
    every composition of the drawn cards weighed by the multivariate hypergeometric."""
    from itertools import product

    names = list(groups)
    return sum(
        _hypergeometric_weight(groups, dict(zip(names, counts)))
        for counts in product(*(range(min(groups[n], drawn) + 1) for n in names))
        if sum(counts) == drawn and wanted(dict(zip(names, counts)))
    )


def test_a_land_that_makes_no_mana_pays_nothing_but_is_a_land_drop(cli, tmp_path):
    """Maze of Ith makes no mana: {1}{G} on turn 2 needs two Forests, not a Forest and a
    Maze; the Maze is still a land (the deck's land count, the land drops Karsten's measure
    conditions on). No mulligans (keep every seven), on the play by turn 2: 8 cards."""
    deck = tmp_path / "deck.txt"
    deck.write_text("16 Forest\n8 Maze of Ith\n36 Grizzly Bears\n", encoding="utf-8")
    policy = tmp_path / "p.yaml"
    policy.write_text('keep: {7: "true"}\n', encoding="utf-8")
    done = cli("simulate", str(deck), "-f", "mtg/legacy", "--policy", str(policy), "--cast", "Grizzly Bears", "-o", "json")
    assert done.returncode == 0, done.stderr
    output = json.loads(done.stdout)
    assert output["lands_in_deck"] == 24
    groups = {"forest": 16, "maze": 8, "other": 36}
    for side, drawn in (("play", 8), ("draw", 9)):
        cell = output["castable"]["Grizzly Bears"]["sides"][side]
        castable = _hypergeometric(groups, drawn, lambda c: c["forest"] >= 2)
        land_drops = _hypergeometric(groups, drawn, lambda c: c["forest"] + c["maze"] >= 2)
        assert cell["p"] == pytest.approx(castable, abs=1e-12)
        assert cell["p_given_land_drops"] == pytest.approx(castable / land_drops, abs=1e-12)
    assert output["castable"]["Grizzly Bears"]["sides"]["play"]["p"] == pytest.approx(0.691099, abs=1e-6)


def _after_one_mulligan(deck_counts: dict[str, int], kept_six, draws: int, castable) -> float:
    """P(castable) when every seven is sent back and `kept_six(seven)` the six kept (London:
    draw 7, bottom 1), then `draws` more cards from the 53 unseen: `castable(kept, drawn)`."""
    from itertools import product

    p = 0.0
    for counts in product(*(range(min(n, 7) + 1) for n in deck_counts.values())):
        if sum(counts) != 7:
            continue
        seven = dict(zip(deck_counts, counts))
        unseen = {name: deck_counts[name] - seven[name] for name in deck_counts}
        kept = kept_six(seven)
        p += _hypergeometric_weight(deck_counts, seven) * _hypergeometric(unseen, draws, lambda c, kept=kept: castable(kept, c))
    return p


def _cast_answer(cli, tmp_path, deck: str, policy: str, fmt: str, spell: str) -> dict:
    """What `simulate DECK -f FMT --policy P --cast SPELL -o json` answers for the spell."""
    (tmp_path / "deck.txt").write_text(deck, encoding="utf-8")
    (tmp_path / "p.yaml").write_text(policy, encoding="utf-8")
    done = cli("simulate", str(tmp_path / "deck.txt"), "-f", fmt, "--policy", str(tmp_path / "p.yaml"),
               "--cast", spell, "-o", "json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["castable"][spell]


def test_a_two_or_color_symbol_is_paid_by_one_source_of_its_color(cli, tmp_path):
    """Spectral Procession {2/W}{2/W}{2/W} (mana value 6) is a three-drop with three white
    sources: each {2/W} is paid with one W or two generic, so three lands pay it only when
    all three make white. No mulligans, by turn 3: 9 cards on the play, 10 on the draw."""
    answer = _cast_answer(cli, tmp_path, "10 Plains\n14 Island\n32 Grizzly Bears\n4 Spectral Procession\n",
                          'keep: {7: "true"}\n', "mtg/modern", "Spectral Procession")
    assert (answer["turn"], answer["mana_value"], answer["sources"]) == (3, 6, {"W": 10})
    groups = {"plains": 10, "island": 14, "other": 36}
    for side, drawn in (("play", 9), ("draw", 10)):
        castable = _hypergeometric(groups, drawn, lambda c: c["plains"] >= 3)
        land_drops = _hypergeometric(groups, drawn, lambda c: c["plains"] + c["island"] >= 3)
        assert answer["sides"][side]["p"] == pytest.approx(castable, abs=1e-12)
        assert answer["sides"][side]["p_given_land_drops"] == pytest.approx(castable / land_drops, abs=1e-12)


def test_urborg_makes_every_land_a_swamp(cli, tmp_path):
    """While Urborg, Tomb of Yawgmoth is out each land is a Swamp: {B}{B} on turn 2 needs
    two lands when an Urborg is among them (an Island or a Maze of Ith taps for B), and two
    Swamps otherwise. No mulligans, by turn 2: 8 cards on the play, 9 on the draw."""
    answer = _cast_answer(cli, tmp_path, "4 Urborg, Tomb of Yawgmoth\n8 Swamp\n8 Island\n4 Maze of Ith\n36 Grizzly Bears\n",
                          'keep: {7: "true"}\ncosts: {Spell: "{B}{B}"}\n', "mtg/legacy", "Spell")
    assert answer["sources"] == {"B": 12}
    groups = {"urborg": 4, "swamp": 8, "island": 8, "maze": 4, "other": 36}

    def castable(c: dict[str, int]) -> bool:
        lands = c["urborg"] + c["swamp"] + c["island"] + c["maze"]
        return lands >= 2 if c["urborg"] else c["swamp"] >= 2

    for side, drawn in (("play", 8), ("draw", 9)):
        p = _hypergeometric(groups, drawn, castable)
        land_drops = _hypergeometric(groups, drawn, lambda c: c["urborg"] + c["swamp"] + c["island"] + c["maze"] >= 2)
        assert answer["sides"][side]["p"] == pytest.approx(p, abs=1e-12)
        assert answer["sides"][side]["p_given_land_drops"] == pytest.approx(p / land_drops, abs=1e-12)


@pytest.mark.parametrize(("cost", "turn"), [("{2}", 2), ("{2}{G}", 3)])
def test_urborg_lets_every_land_pay_a_spell_without_black(cli, tmp_path, cost, turn):
    """With Urborg, Tomb of Yawgmoth out a Bazaar of Baghdad is a Swamp and taps for B, so it
    pays the generic mana of a spell without black too: {2} on turn 2 needs two lands when
    an Urborg is among them, else two of the Forests and Wastes; {2}{G} on turn 3 three
    such lands, one a Forest. No mulligans: 6 + turn cards on the play, 7 + turn on the draw."""
    answer = _cast_answer(cli, tmp_path, "4 Urborg, Tomb of Yawgmoth\n6 Forest\n6 Wastes\n8 Bazaar of Baghdad\n36 Grizzly Bears\n",
                          f'keep: {{7: "true"}}\ncosts: {{Spell: "{cost}"}}\n', "mtg/legacy", "Spell")
    groups = {"urborg": 4, "forest": 6, "wastes": 6, "bazaar": 8, "other": 36}

    def lands(c: dict[str, int]) -> int:
        return c["urborg"] + c["forest"] + c["wastes"] + c["bazaar"]

    def castable(c: dict[str, int]) -> bool:
        paying = lands(c) if c["urborg"] else c["forest"] + c["wastes"]
        return paying >= turn and (cost == "{2}" or c["forest"] >= 1)

    assert answer["turn"] == turn
    for side, drawn in (("play", 6 + turn), ("draw", 7 + turn)):
        p = _hypergeometric(groups, drawn, castable)
        land_drops = _hypergeometric(groups, drawn, lambda c: lands(c) >= turn)
        assert answer["sides"][side]["p"] == pytest.approx(p, abs=1e-12)
        assert answer["sides"][side]["p_given_land_drops"] == pytest.approx(p / land_drops, abs=1e-12)


@pytest.mark.parametrize("symbol", ["9" * 5000, "9" * 5000 + "/W"])
def test_a_generic_cost_too_long_for_a_number_is_a_usage_error(cli, tmp_path, symbol):
    """int() refuses more than 4,300 digits: such a cost is a one-line error, not an internal one."""
    deck = tmp_path / "deck.txt"
    deck.write_text("20 Plains\n40 Grizzly Bears\n", encoding="utf-8")
    policy = tmp_path / "p.yaml"
    policy.write_text(f'costs: {{Spell: "{{{symbol}}}"}}\n', encoding="utf-8")
    done = cli("simulate", str(deck), "-f", "mtg/modern", "--policy", str(policy), "--cast", "Spell")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "(5000 digits): castability is asked up to turn 50" in done.stderr
    assert len(done.stderr) < 300


def test_bottoming_keeps_a_land_that_makes_mana_before_one_that_makes_none(cli, tmp_path):
    """Every seven is sent back and every six kept (London: draw 7, bottom 1). The bottomed
    card follows docs/engine.md: the land count nearest 6 x 25/60 (ties: more lands), then
    the lands paying more of {1}{U}'s symbols, more lands of its colors, more lands making
    mana - so a Maze of Ith goes before a Forest. Then 1 draw on the play, 2 on the draw,
    from the 53 unseen cards; castable with two mana-making lands, one of them an Island.
    (Bottoming the Forest on that tie gives 0.3967 on the play instead of 0.4355.)"""
    sides = _cast_answer(cli, tmp_path, "5 Island\n10 Forest\n10 Maze of Ith\n35 Grizzly Bears\n",
                         'keep: {7: "false", 6: "true"}\ncosts: {Spell: "{1}{U}"}\n', "mtg/legacy", "Spell")["sides"]
    deck_counts = {"island": 5, "forest": 10, "maze": 10, "other": 35}

    def kept_six(seven: dict[str, int]) -> dict[str, int]:
        def key(hand: dict[str, int]) -> tuple:
            lands = hand["island"] + hand["forest"] + hand["maze"]
            return (abs(lands - 6 * 25 / 60), -lands, -min(hand["island"], 1), -hand["island"], -(hand["island"] + hand["forest"]))
        choices = [{**seven, name: seven[name] - 1} for name in seven if seven[name]]
        return min(choices, key=key)

    for side, draws in (("play", 1), ("draw", 2)):
        p = _after_one_mulligan(deck_counts, kept_six, draws, lambda kept, c: (
            kept["island"] + c["island"] >= 1 and kept["island"] + c["island"] + kept["forest"] + c["forest"] >= 2
        ))
        assert sides[side]["p"] == pytest.approx(p, abs=1e-12)
    assert sides["play"]["p"] == pytest.approx(0.435452, abs=1e-6)


@pytest.mark.parametrize("cost", ["{2}", "{2}{G/P}", "{1}{C}"])
def test_bottoming_for_a_spell_without_colored_symbols_keeps_a_land_that_makes_mana(cli, tmp_path, cost):
    """Every seven is sent back and every six kept (London: draw 7, bottom 1). With a land
    to bottom, the land count's tie (6 x 20/60 = 2 lands either way) goes to more lands that
    make mana, whether the cost has a colored symbol ({1}{C}) or none ({2}, {2}{G/P}): a Maze
    of Ith goes before a Wastes. Then 1 draw on the play, 2 on the draw, from the 53 unseen
    cards; castable with two Wastes. (Bottoming a Wastes instead gives 0.2312 on the play.)"""
    sides = _cast_answer(cli, tmp_path, "10 Wastes\n10 Maze of Ith\n40 Grizzly Bears\n",
                         f'keep: {{7: "false", 6: "true"}}\ncosts: {{Spell: "{cost}"}}\n', "mtg/legacy", "Spell")["sides"]
    deck_counts = {"wastes": 10, "maze": 10, "other": 40}

    def kept_six(seven: dict[str, int]) -> dict[str, int]:
        def key(hand: dict[str, int]) -> tuple:
            lands = hand["wastes"] + hand["maze"]
            return (abs(lands - 6 * 20 / 60), -lands, -hand["wastes"])
        return min(({**seven, name: seven[name] - 1} for name in seven if seven[name]), key=key)

    for side, draws in (("play", 1), ("draw", 2)):
        p = _after_one_mulligan(deck_counts, kept_six, draws, lambda kept, c: kept["wastes"] + c["wastes"] >= 2)
        assert sides[side]["p"] == pytest.approx(p, abs=1e-12)
    assert (sides["play"]["p"], sides["draw"]["p"]) == pytest.approx((0.399785, 0.467351), abs=1e-6)


def test_with_urborg_the_only_mana_a_colorless_and_a_black_two_drop_are_alike(cli):
    """In 4 Urborg, Tomb of Yawgmoth + 48 Bazaar of Baghdad only Urborg makes mana, and with
    one out every land taps for B: Mind Stone {2} and Bitterblossom {1}{B} are cast from the
    same hands, mulligans and bottoming (the default policy) included."""
    deck = "4 Urborg, Tomb of Yawgmoth\n48 Bazaar of Baghdad\n4 Mind Stone\n4 Bitterblossom\n"
    done = cli("simulate", "-", "-f", "mtg/legacy", "--cast", "Mind Stone", "--cast", "Bitterblossom", "-o", "json",
               input=deck)
    assert done.returncode == 0, done.stderr
    castable = json.loads(done.stdout)["castable"]
    for side in ("play", "draw"):
        colorless, black = castable["Mind Stone"]["sides"][side], castable["Bitterblossom"]["sides"][side]
        assert colorless["p"] == pytest.approx(black["p"], abs=1e-12) and black["p"] > 0.4


@pytest.mark.parametrize("name, written", [
    ("Wrath of God", '"Wrath of God"'),
    ('Qz\n"Jx" Vk\x1b', '"Qz\\n\\"Jx\\" Vk\\u001b"'),
])
def test_the_costs_advice_writes_the_name_as_yaml_reads_it_on_one_line(name, written):
    """The advice quoted the spell's name raw: a website's user who asked to cast
    "Qz\\n..." got an error of two lines (the library promises one), and a name with a
    quote gave advice no YAML reads. It is written as a double-quoted YAML scalar."""
    deck = "16 Plains\n9 Island\n35 Wrath of God\n"
    with pytest.raises(ManaError) as raised:
        simulate(deck, "mtg/constructed", cast=[name], card_data=None)
    message = str(raised.value)
    assert "\n" not in message
    assert message.endswith(f"like `costs: {{{written}: \"{{2}}{{W}}{{W}}\"}}`")
    import yaml

    assert yaml.safe_load(f"{{{written}: x}}") == {name: "x"}


def test_a_cast_name_with_a_lone_surrogate_gives_an_error_a_website_can_send():
    """A website's user names the spell (JSON's `"\\ud800"` arrives as a lone surrogate): the
    advice quoted it raw as YAML to write, so the error's message could not be encoded as
    UTF-8 (the start of the same message already showed `'\\ud800'`). YAML and JSON read
    the escape alike."""
    with pytest.raises(ManaError) as raised:
        # No card data, which would know Wrath of God's cost: the error that asks for it.
        simulate("24 Wastes\n36 Grizzly Bears\n", "mtg/constructed", cast=["Wrath\ud800 of God"], card_data=None)
    message = str(raised.value)
    message.encode("utf-8")
    assert message.endswith('like `costs: {"Wrath\\ud800 of God": "{2}{W}{W}"}`')
