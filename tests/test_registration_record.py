"""batch.registration.Registration: a plain record (deckcheck/record.py), built once per
manifest row, with the fields, defaults, equality and copies the frozen dataclass had."""
from __future__ import annotations

import pickle
from pathlib import Path

from deckcheck.batch.registration import Registration, registration_problem

FIELDS = (
    "deck", "path", "player", "team", "seat", "format_id", "format_refused", "format_written", "line", "problems",
    "pool", "pool_path", "platform", "duplicate", "team_states", "inline", "player_id",
)


def test_the_fields_are_those_of_the_dataclass_in_order_with_its_defaults():
    assert Registration.record_fields() == FIELDS
    row = Registration("a.txt", None)
    assert [getattr(row, name) for name in FIELDS] == [
        "a.txt", None, None, None, None, None, False, None, None, (), None, None, None, False, (), False, None,
    ]


def test_files_given_as_paths_are_kept_as_text():
    row = Registration("a.txt", Path("decks/a.txt"), pool_path=Path("pools/p.txt"))
    assert row.path == "decks/a.txt" and row.pool_path == "pools/p.txt"
    assert row.replace(path=Path("b.txt")).path == "b.txt"


def test_copies_change_only_what_they_name():
    row = Registration("a.txt", "a.txt", player="Ann", line=3, team="Blue")
    warned = row.with_problem("a warning", severity="warning")
    assert warned.problems == (registration_problem("a warning", 3, severity="warning"),)
    assert warned.replace(problems=()) == row and hash(warned.replace(problems=())) == hash(row)
    assert row.replace(team="Red") != row and row.replace(team="Red").player == "Ann"


def test_a_row_pickles():
    row = Registration("a.txt", "a.txt", player="Ann", line=3).with_problem("no deck")
    assert pickle.loads(pickle.dumps(row)) == row


def test_a_batch_folds_each_players_name_once(tmp_path, monkeypatch):
    """Five checks of a batch tell players apart by player_keys (duplicate players, shared
    decks and pools, the deck-check sample, a team's namesakes, cross-team registrations),
    and each folded every name of the event again (some 7 us a name: a 10,000-row event
    with teams paid it three or more times). Once is enough; the report is the same."""
    from files import write

    from deckcheck.batch import check_source, registration

    players = ["Ann Ärmel", "Bob Bäcker", "Cy Çelik", "Di Dürer", "ann ärmel"]
    write(tmp_path, {
        "players.csv": "player,id,team,deck,format\n" + "".join(
            f"{name},{number},T{number // 2},{'shared' if number < 2 else number}.txt,mtg/modern\n"
            for number, name in enumerate(players)),
        **{f"{name}.txt": "4 Opt\n56 Island\n" for name in ("shared", 2, 3, 4)},
    })
    folded: list[str] = []
    real = registration.fold_once
    monkeypatch.setattr(registration, "fold_once", lambda text: folded.append(text) or real(text))
    batch = check_source(tmp_path / "players.csv", None, date="2024-06-01", jobs=1, cards=False, deck_check="2", seed=1)
    asked = [text for text in folded if text in players]
    assert sorted(asked) == sorted(players), asked
    # The keys still tell the players apart as before: the two Ann Ärmels, of two IDs, are
    # two players (each named with their ID in their team), who share no deck file.
    messages = [problem.message for result in batch.report.results for problem in result.problems]
    assert any("has the name of the player on manifest line 2 (ID 0) but another player ID (4)" in m for m in messages), messages
    assert any("deck file shared.txt is also registered by" in m for m in messages), messages
    assert len(batch.deck_checks.picks) == 2
