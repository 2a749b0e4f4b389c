"""Teams whose names are one name spelt two ways (batch/teams.py, spelt_apart): what is
found and what it costs. Review32c found every pair of same-key teams warned (1,200 teams
named `Red Sky!!!!`, `Red Sky!!!?`, ...: 1.4 million problems, 35 s and 725 MB), names
compared letter by letter however long (100 names of 40,000 characters: 34 s), and the
typo comparison off past 100 teams. The work is counted here, not timed."""
from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from deckcheck.batch import teams as teams_module
from deckcheck.batch.teams import Member, alike_spellings, spelt_apart
from deckcheck.formats import load
from deckcheck.limits import MAX_HOLDERS_LISTED, MAX_NAME_COMPARED

from conftest import run_cli
from memory import traced_peak


class CountedSlices(str):
    """A spelling that counts the pieces cut from it (the work of alike_spellings)."""

    cuts = 0

    def __getitem__(self, key):  # type: ignore[override]
        CountedSlices.cuts += 1
        return str.__getitem__(self, key)


@pytest.fixture
def legacy():
    return {"mtg/legacy": load("mtg/legacy")}


def one_player_teams(names: list[str]) -> dict[str, list[Member]]:
    return {name: [Member(f"p{i}", "d.txt", "mtg/legacy")] for i, name in enumerate(names)}


def test_teams_of_one_name_are_each_warned_once_naming_a_few(legacy, monkeypatch):
    names = ["Red Sky" + "".join(signs) for signs in itertools.islice(itertools.product("!?.#", repeat=6), 1200)]
    built = []
    real = teams_module._registration
    monkeypatch.setattr(teams_module, "_registration", lambda *a, **k: built.append(1) or real(*a, **k))
    problems = spelt_apart(one_player_teams(names), legacy)
    assert len(built) == 1200  # one problem a team, not one a pair (1,439,400)
    assert all(len(found) == 1 for found in problems.values()) and len(problems) == 1200
    message = problems[names[0]][0].message
    assert message.count("team Red Sky") == 1 + MAX_HOLDERS_LISTED
    assert f"and {1199 - MAX_HOLDERS_LISTED:,} more teams are short of players, names alike" in message


@pytest.mark.parametrize("one, other, alike", [
    ("teamblue", "taemblue", True),  # two letters side by side swapped
    ("bluesky", "blusky", True),  # a letter left out
    ("bluesky", "blueesky", True),  # a letter doubled
    ("teama", "teamb", False),  # one letter for another: two teams
    ("red", "rde", False),  # too short to tell
    ("team12x", "team21x", False),  # other digits
    ("team1x", "teamx", False),  # a digit left out: other digits
    ("ab" * 40, "ba" + "ab" * 39, False),  # past MAX_NAME_COMPARED: the same letters only
])
def test_slips_of_typing(one, other, alike):
    assert (other in alike_spellings([one, other]).get(one, [])) is alike
    assert (one in alike_spellings([other, one]).get(other, [])) is alike


def test_long_names_are_not_cut_into_variants():
    CountedSlices.cuts = 0
    names = [CountedSlices("a" * 40_000 + str(i).zfill(3)) for i in range(100)]
    assert alike_spellings(names) == {}
    assert CountedSlices.cuts == 0  # was 100 x 99 / 2 comparisons of 40,000 characters


def test_many_names_cost_a_bound_each():
    # 50,000 names of 20 letters in 500 digit groups of 100 were compared each with each
    # of their group (18 s); looked up by their slips, each costs a few cuts a letter.
    CountedSlices.cuts = 0
    letters = "bcdfghjklmnpqrstvwxz"
    names = [CountedSlices("".join(letters[(i // 20 ** k) % 20] for k in range(4)) + "team" * 4 + str(i % 500))
             for i in range(50_000)]
    alike_spellings(names)
    assert CountedSlices.cuts <= 50_000 * MAX_NAME_COMPARED * 3


def test_the_slips_index_keeps_nothing_but_the_spellings():
    """sec33: the swaps were found through an index of every spelling with each two letters
    side by side in order (64 strings of 64 letters a name, each in a tuple and a list):
    10,000 one-player teams of 64-letter names took 200 MB and 1.6 s. A swap is now looked
    up among the spellings seen before it, as a left-out letter is among all: the memory
    allocated beyond the names is a set of them, whatever their length."""
    import random

    rng = random.Random(33)
    names = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(MAX_NAME_COMPARED)) for _ in range(2_000)]
    names += [names[0][:10] + names[0][11] + names[0][10] + names[0][12:], names[1][:-1]]  # a swap, a letter left out
    alike, peak = traced_peak(lambda: alike_spellings(names))
    assert alike == {names[0]: [names[-2]], names[-2]: [names[0]], names[1]: [names[-1]], names[-1]: [names[1]]}
    assert peak < 512 * 1024  # a set of 2,002 names; the index took 34 MiB


def test_a_slip_is_found_among_many_teams(tmp_path: Path):
    # Past 100 teams of digitless names only names the same but for signs were compared:
    # `Blu Sky` (1 player) beside `Blue Sky` (2) passed without a word among 150 teams.
    words = ["".join(w) for w in itertools.islice(itertools.product("bcdfgklmnprstvz", "aeiou", "bcdfgklmnprstvz", "aeiou"), 150)]
    rows = ["player,deck,team", "ann,d.txt,Blue Sky", "bob,d.txt,Blue Sky", "cy,d.txt,Blu Sky"]
    rows += [f"x{i}{j},d.txt,{word}{word}ish" for i, word in enumerate(words) for j in "ab"]
    (tmp_path / "reg.csv").write_text("\n".join(rows) + "\n")
    (tmp_path / "d.txt").write_text("1 Brainstorm\n59 Island\n")
    done = run_cli("batch", "reg.csv", "-f", "mtg/legacy", "--date", "2024-06-01", "-o", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    teams = {team["team"]: team for team in json.loads(done.stdout)["teams"]}
    assert len(teams) == 152
    assert [p["message"] for p in teams["Blu Sky"]["problems"]] == [
        "team Blu Sky (cy) and team Blue Sky (ann, bob) have 3 players together, names alike: if they are one team, "
        "write one name in the team cell of their rows (only then are its decks counted together)"]


@pytest.mark.parametrize("players, said", [
    (["ann", "bob"], "seat A is taken by ann and bob"),
    (["ann", "bob", "cy"], "seat A is taken by ann, bob and cy"),  # was 'ann and bob and cy'
])
def test_a_seat_taken_by_several_names_them_as_the_other_seat_messages_do(players, said):
    """A seat's holders are listed as the team's seated and seatless players are
    (_players_said): a seat clash joined three with 'and' twice."""
    members = [Member(player, f"{player}.txt", "mtg/2hg-modern", seat="A") for player in players]
    assert [problem.message for problem in teams_module._seat_clashes(members)] == [said]
