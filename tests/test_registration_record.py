"""batch.registration.Registration: a plain record (deckcheck/record.py), built once per
manifest row, with the fields, defaults, equality and copies the frozen dataclass had."""
from __future__ import annotations

import pickle
from pathlib import Path

from deckcheck.batch.registration import Registration, registration_problem

FIELDS = (
    "deck", "path", "player", "team", "seat", "format_id", "format_refused", "format_written", "line", "problems",
    "pool", "pool_path", "platform", "duplicate", "team_states", "inline", "player_id", "not_read",
)


def test_the_fields_are_those_of_the_dataclass_in_order_with_its_defaults():
    assert Registration.record_fields() == FIELDS
    row = Registration("a.txt", None)
    assert [getattr(row, name) for name in FIELDS] == [
        "a.txt", None, None, None, None, None, False, None, None, (), None, None, None, False, (), False, None, False,
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
