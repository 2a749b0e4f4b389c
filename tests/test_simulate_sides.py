"""The side of `simulate` in either game's words: Magic's `play`/`draw` and a Yu-Gi-Oh!
player's `first`/`second` name the same two sides, on the command line (`--on`), in
deckcheck.yaml (`on:`) and in the library (`simulate(on=)`); the JSON keeps `play`/`draw`
(docs/contracts.md)."""
from __future__ import annotations

import json

import pytest

from deckcheck.engine import simulate

DECK = "24 Mountain\n4 Lightning Bolt\n32 Grizzly Bears\n"
# Lightning Bolt by turn 3: 46.6% on the play, 50.8% on the draw.
BY_TURN_3 = 'p_by_turn("Lightning Bolt", 3) >= 0.5'


@pytest.fixture
def deck(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text(DECK, encoding="utf-8")
    return path


@pytest.mark.parametrize("word, side", [("first", "play"), ("second", "draw")])
def test_on_takes_either_games_words_and_reports_play_or_draw(cli, deck, word, side):
    done = cli("simulate", str(deck), "-f", "mtg/constructed", "--on", word, "-o", "json")
    assert done.returncode == 0, done.stderr
    same = cli("simulate", str(deck), "-f", "mtg/constructed", "--on", side, "-o", "json")
    assert json.loads(done.stdout)["on"] == side and done.stdout == same.stdout


@pytest.mark.parametrize("side", ["play", "draw"])
def test_on_play_or_draw_is_reported_as_given(cli, deck, side):
    # Magic's own words, one run each: a run compared with itself could not fail.
    done = cli("simulate", str(deck), "-f", "mtg/constructed", "--on", side, "-o", "json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["on"] == side


@pytest.mark.parametrize("word, side", [("first", "play"), ("second", "draw")])
def test_library_on_takes_first_and_second(deck, word, side):
    assert simulate(deck, "mtg/constructed", on=word).on == side


@pytest.mark.parametrize("word, code", [("second", 0), ("draw", 0), ("first", 1), ("play", 1)])
def test_deckcheck_yaml_on_takes_first_and_second(cli, tmp_path, deck, word, code):
    (tmp_path / "deckcheck.yaml").write_text(
        f"format: mtg/limited\nsimulate:\n  deck.txt: {{assert: '{BY_TURN_3}', keep: '2 <= lands <= 5', keep5: true, on: {word}}}\n", encoding="utf-8")
    done = cli("check", cwd=tmp_path)
    assert done.returncode == code, done.stdout + done.stderr


def test_a_side_not_known_is_told_the_words(cli, deck, tmp_path):
    done = cli("simulate", str(deck), "-f", "mtg/constructed", "--on", "flip")
    assert done.returncode == 2
    assert done.stderr == ("deckcheck: error: --on 'flip': choose play or draw (Yu-Gi-Oh!: first or second, "
                           "the same sides)\n")
    (tmp_path / "deckcheck.yaml").write_text(
        "format: mtg/limited\nsimulate:\n  deck.txt: {assert: 'keep7 >= 0', on: flip}\n", encoding="utf-8")
    done = cli("check", cwd=tmp_path)
    assert done.returncode == 2 and "'play', 'draw', 'first', 'second'" in done.stderr, done.stderr


@pytest.mark.parametrize("written, meant", [("Play", "play"), ("DRAW", "draw"), ("First", "first")])
def test_a_side_in_capitals_is_told_its_lower_case_word(cli, deck, written, meant):
    # `--on Play` was told to "choose play or draw", as if Play were not one of them; the
    # words are lower case as the outputs and format ids are, and the error says which.
    done = cli("simulate", str(deck), "-f", "mtg/constructed", "--on", written)
    assert done.returncode == 2
    assert done.stderr == f"deckcheck: error: --on {written!r}: sides are lower case: did you mean {meant}?\n"
    with pytest.raises(Exception, match=f"did you mean {meant}"):
        simulate(deck, "mtg/constructed", on=written)


def test_help_says_the_words(cli):
    help_text = " ".join(cli("simulate", "--help").stdout.split())
    assert "--on play|draw Side for the by-turn table and p_by_turn assertions (default: play; first and second" in help_text
