"""batch/misplaced.py: the note on deck files a manifest names from the wrong folder is
worked out in work that grows with the rows and the folder's files added, not multiplied."""
from __future__ import annotations

import sys
from types import SimpleNamespace

from deckcheck.batch.misplaced import ElsewhereInItsFolder


def _calls_in(work) -> int:
    """The calls of C functions (str.endswith, os.path.lexists, ...) `work` makes: an
    operation count, where CPU time would measure the machine."""
    calls = 0

    def count(frame, event, arg):
        nonlocal calls
        calls += event == "c_call"

    sys.setprofile(count)
    try:
        work()
    finally:
        sys.setprofile(None)
    return calls


def test_missing_decks_of_one_file_name_are_matched_without_a_pass_over_its_every_place(tmp_path):
    """A submitted folder of 300 folders each with an `a.txt`, and a manifest of 300 rows each
    naming another missing `e<N>/a.txt`: every row looked through the 300 places of `a.txt`
    (90,000 comparisons; 10,000 folders and 20,000 rows, within the folder walk's bound, took
    200 million). Each row now costs a few calls, whatever the folder holds."""
    places = 300
    for index in range(places):
        (tmp_path / f"d{index}").mkdir()
        (tmp_path / f"d{index}" / "a.txt").write_text("1 Island\n")
    (tmp_path / "deep" / "decks").mkdir(parents=True)
    (tmp_path / "deep" / "decks" / "ann.txt").write_text("1 Island\n")
    manifest = tmp_path / "reg.csv"
    notes = ElsewhereInItsFolder(str(manifest))
    missing = SimpleNamespace(unreadable=True)

    def row(deck: str) -> SimpleNamespace:
        return SimpleNamespace(deck=deck, path=tmp_path / deck, inline=False)

    notes.hear(row("e0/a.txt"), missing)  # the first missing deck walks the folder once
    rows = [row(f"e{index}/a.txt") for index in range(1, places)]
    calls = _calls_in(lambda: [notes.hear(each, missing) for each in rows])
    assert calls < 20 * len(rows)
    # The note is as before: a path that one file's ends in is told, one that many do or
    # none does is not.
    notes.hear(row("decks/ann.txt"), missing)
    notes.hear(row("a.txt"), missing)
    assert notes.found == [("decks/ann.txt", "deep/decks/ann.txt")] and notes.total == 1
