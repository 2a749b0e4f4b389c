"""Every error of one of `simulate`'s own settings says which in `setting`, as an
OptionError does: a website that shows a form marks the field the error is about. The
message names the setting as before (the library's word, or the front end's by `names`);
`setting` is the keyword of the call (`cards`, `cast`, `keep`, `keep_by_size`,
`assertions`, `policy_file`), whatever the message calls it."""
from __future__ import annotations

import pickle

import pytest

from deckcheck.engine import simulate
from deckcheck.errors import DeckcheckError, DeckError

DECK = "4 Lightning Bolt\n4 Goblin Guide\n20 Mountain\n32 Lava Spike\n"
YGO = "3 Ash Blossom & Joyous Spring\n37 Maxx \"C\"\n"

CASES = [
    # A name the deck lacks, where each setting gives one
    ("cards", dict(cards=["Lightning Blot"])),
    ("cast", dict(cast=["Lightning Blot"])),
    ("keep", dict(keep='count("Lightning Blot") >= 1')),
    ("keep_by_size", dict(keep="lands >= 2", keep_by_size={6: 'count("Lightning Blot") >= 1'})),
    ("assertions", dict(assertions=['p_by_turn("Lightning Blot", 2) > 0.1'])),
    ("assertions", dict(assertions=['castable("Lightning Blot") > 0.1'])),
    # A rule or assertion that does not parse, or asks what the format has not
    ("keep", dict(keep="lands >=")),
    ("keep_by_size", dict(keep_by_size={6: "lands >"})),
    ("keep", dict(keep_by_size={6: "lands >= 1"})),  # no rule for the hand of 7: add `keep`
    ("assertions", dict(assertions=["keep7 >="])),
    ("assertions", dict(assertions=["keep9 >= 0.5"])),
    ("cast", dict(cast=["Mountain"])),  # a land is never cast
    # Exact odds asked of a rule that is not count-based
    ("mode", dict(keep="distinct(spells) >= 2", mode="exact")),
]


@pytest.mark.parametrize("setting, settings", CASES, ids=[f"{case[0]}-{index}" for index, case in enumerate(CASES)])
def test_an_error_of_a_simulate_setting_names_it_in_setting(setting, settings):
    with pytest.raises(DeckcheckError) as raised:
        simulate(DECK, "mtg/modern", **settings)
    assert raised.value.setting == setting, str(raised.value)
    # A worker pool sends it back with its field
    assert pickle.loads(pickle.dumps(raised.value)).setting == setting


def test_names_change_the_message_not_the_setting():
    with pytest.raises(DeckcheckError) as raised:
        simulate(DECK, "mtg/modern", cards=["Lightning Blot"], names={"card": "--card"})
    assert str(raised.value).startswith("--card 'Lightning Blot': no such card")
    assert raised.value.setting == "cards"


@pytest.mark.parametrize("settings, setting, said", [
    ({"cards": ["Lightnig Bolt"]}, "cards", "card 'Lightnig Bolt'"),
    ({"cards": [3]}, "cards", "card [3]: give a list of texts"),
    ({"cards": [f"Card {n}" for n in range(501)]}, "cards", "card names 501 different cards"),
    ({"assertions": ["keep7 >="]}, "assertions", "assertion"),
    ({"assertions": [3]}, "assertions", "assertion [3]: give a list of texts"),
    ({"cast": [3]}, "cast", "cast [3]: give a list of texts"),
    ({"mode": "exact", "hands": 100}, "mode", 'mode="exact" computes exact odds'),
])
def test_the_setting_is_the_keyword_whichever_error_fires(settings, setting, said):
    """review32h finding 1: `setting` named the message's word for some errors of a
    keyword (`card`, `assertion`, `mode="exact"`) and the keyword for others (`cards`,
    `assertions`, `mode`): a form marks the keyword's field. The messages are unchanged."""
    with pytest.raises(DeckcheckError) as raised:
        simulate(DECK, "mtg/modern", **settings)
    assert (raised.value.setting, str(raised.value)[:len(said)]) == (setting, said)
    assert pickle.loads(pickle.dumps(raised.value)).setting == setting
    assert str(pickle.loads(pickle.dumps(raised.value))) == str(raised.value)


def test_castability_in_a_game_without_lands_is_an_error_of_cast():
    with pytest.raises(DeckcheckError) as raised:
        simulate(YGO, "yugioh/advanced-tcg", cast=["Maxx \"C\""])
    assert raised.value.setting == "cast"


@pytest.mark.parametrize("content, where", [
    ("keep:\n  7: lands >=\n", None),                          # a rule that does not parse
    ("keep:\n  7: count(\"Lightning Blot\") >= 1\n", None),    # a card the deck lacks
    ("keep: [1, 2]\n", None),                                   # of the wrong shape
    # a bottom rule's, which parse_bottoming marks where it parses it (review33 finding 4)
    ("bottom:\n  - lands +\n", "bottom[0]"),
    ("bottom:\n  - count(\"Lightning Blot\")\n", "bottom[0]"),
])
def test_an_error_of_the_policy_file_names_policy_file(tmp_path, content, where):
    policy = tmp_path / "policy.yaml"
    policy.write_text(content, encoding="utf-8")
    with pytest.raises(DeckcheckError) as raised:
        simulate(DECK, "mtg/modern", policy_file=policy)
    assert raised.value.setting == "policy_file", str(raised.value)
    assert where is None or where in str(raised.value)


def test_a_missing_policy_file_names_policy_file(tmp_path):
    with pytest.raises(DeckcheckError) as raised:
        simulate(DECK, "mtg/modern", policy_file=tmp_path / "none.yaml")
    assert raised.value.setting == "policy_file"


def test_an_error_of_the_deck_names_no_setting():
    """The deck is the call's first argument, not a setting a form marks: DeckError."""
    with pytest.raises(DeckError) as raised:
        simulate("4 Lightning Bolt\n", "mtg/modern")
    assert raised.value.setting is None


def test_an_unknown_format_of_a_comparison_names_fmt():
    # compare() loaded the format itself, and its error carried no setting where
    # simulate's names `fmt` (final read of session 32).
    from deckcheck.engine.compare import compare

    with pytest.raises(DeckcheckError) as raised:
        compare("4 Lightning Bolt\n56 Mountain\n", "mtg/nope", ["a.yaml", "b.yaml"], turns=3)
    assert raised.value.setting == "fmt", str(raised.value)


@pytest.mark.parametrize("bottom", [["lands +"], ["count(\"Lightning Bolt\") >="], "lands >= 2 and"])
def test_a_broken_bottom_rule_is_marked_policy_file_where_it_is_parsed(bottom):
    """review33 finding 4: parse_bottoming parsed a bottom rule without `setting=`, so its
    error said `keep` and was `policy_file` only because build_policy rebuilt it to place it
    on its line (keep._placed); an error left unplaced kept `keep`. Bottom rules are only
    written in a policy file: the error is marked so where the rule is parsed."""
    from deckcheck.engine.keep import POLICY_FILE, _file_rules

    with pytest.raises(DeckcheckError) as raised:
        _file_rules({"bottom": bottom, "tags": {}}, "p.yaml")
    assert str(raised.value).startswith("p.yaml: bottom")
    assert raised.value.setting == POLICY_FILE


@pytest.mark.parametrize("written, meant", [("montecarlo", "monte-carlo"), ("Monte Carlo", "monte-carlo"),
                                            ("monte_carlo", "monte-carlo"), ("EXACT", "exact")])
def test_a_mode_written_another_way_is_told_the_one_meant(written, meant):
    # mode='montecarlo' was told only 'choose one of: auto, exact, monte-carlo', with the
    # hyphen to spot oneself, as the sides and platforms say the one meant.
    with pytest.raises(DeckcheckError) as raised:
        simulate(DECK, "mtg/modern", mode=written)
    assert raised.value.setting == "mode"
    assert str(raised.value) == f"mode {written!r}: did you mean {meant!r}? (choose one of: auto, exact, monte-carlo)"
