"""The library's `simulate` reads a deck with the card data `validate` uses unless told not to:
card knowledge is on by default, as on the command line (docs/engine.md, "From Python")."""
from __future__ import annotations

import json
from math import comb
from pathlib import Path

import pytest

from conftest import run_cli
from deckcheck.engine import simulate

ROOT = Path(__file__).resolve().parent.parent
BURN = ROOT / "examples" / "burn-modern.txt"
KEEP = {"keep": "2 <= lands <= 5", "keep_by_size": {5: "true"}}


def _keep7(lands: int, size: int = 60) -> float:
    """The chance a seven-card hand of `size` cards, `lands` of them lands, holds 2 to 5."""
    return sum(comb(lands, k) * comb(size - lands, 7 - k) for k in range(2, 6)) / comb(size, 7)


def test_simulate_without_card_data_counts_every_land_the_card_data_knows():
    """Modern Burn's 20 lands (fetch lands and shock lands among them) are lands: without
    card data only its 4 basic Mountains were, and seven-card keeps read 6.3%, not 74.9%."""
    result = simulate(BURN, "mtg/constructed", **KEEP)
    assert result.profile.lands == 20
    assert result.outcome.keep[7].value == pytest.approx(_keep7(20), abs=1e-12)
    assert result.to_dict()["lands_in_deck"] == 20


def test_card_data_none_counts_only_basic_lands_as_no_cards_does():
    result = simulate(BURN, "mtg/constructed", card_data=None, **KEEP)
    assert result.profile.lands == 4
    assert result.outcome.keep[7].value == pytest.approx(_keep7(4), abs=1e-12)


@pytest.mark.parametrize("given", ["text", "path"])
def test_a_deck_is_read_through_the_card_data_its_unknown_names_noted(given, tmp_path):
    """Names as the card data spells them (`lightning bolt` is Lightning Bolt, tracked under
    that name), and a name it lacks is a note with validate's suggestions, not a silent card;
    the list given as its text or as a file."""
    text = "4 lightning bolt\n4 Lightnig Blot\n20 Mountain\n32 Grizzly Bears\n"
    deck: str | Path = text
    if given == "path":
        deck = tmp_path / "pasted.txt"
        deck.write_text(text, encoding="utf-8")
    result = simulate(deck, "mtg/constructed", cards=["Lightning Bolt"])
    assert "Lightning Bolt" in [card.name for card in result.profile.cards]
    unknown = [warning for warning in result.warnings if "unknown card 'Lightnig Blot'" in warning]
    assert len(unknown) == 1 and "did you mean Lightning Bolt" in unknown[0], result.warnings


def test_a_title_line_is_the_lists_title_not_also_an_unknown_card(tmp_path):
    """`Mono Red Burn` above the cards is the list's title, as `deckcheck simulate` and
    `validate` read it: the library's notes said so and then called it an unknown card."""
    deck = tmp_path / "titled.txt"
    deck.write_text("Mono Red Burn\n4 Lightning Bolt\n20 Mountain\n36 Lava Spike\n", encoding="utf-8")
    result = simulate(deck, "mtg/modern")
    assert result.profile.size == 60
    assert [warning for warning in result.warnings if "Mono Red Burn" in warning] == [
        f"{deck} line 1: read 'Mono Red Burn' as the list's title, not a card: no card has that name; "
        "write `1 Mono Red Burn` if it is a card"]


def test_an_unknown_names_note_says_the_card_may_be_newer_than_the_card_data(tmp_path):
    """The event of a simulation is today, later than the built-in card data: the command's
    note says a card printed since is not in it, and the library's said nothing of it."""
    deck = tmp_path / "new.txt"
    deck.write_text("4 Madeup Newcard\n20 Mountain\n36 Lava Spike\n", encoding="utf-8")
    done = run_cli("simulate", str(deck), "-f", "mtg/constructed", "-o", "json", "--offline")
    assert done.returncode == 0, done.stderr
    command = json.loads(done.stdout)["warnings"]
    assert any("card printed since" in warning for warning in command), command
    assert simulate(deck, "mtg/constructed").warnings == command
