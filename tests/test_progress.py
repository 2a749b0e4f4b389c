"""The one progress bar (deckcheck/progress.py), used by `cards import`, `cards sync` and
`batch`: stderr only, terminals only unless DECKCHECK_PROGRESS says otherwise, a few
redraws a second, and the finished state always shown."""
from __future__ import annotations

import io

import pytest

from deckcheck import progress
from deckcheck.progress import BYTES, Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("variable", "terminal", "drawn"),
    [(None, True, True), (None, False, False), ("1", False, True), ("0", True, False),
     # read as DECKCHECK_OFFLINE is (cards.switched_on); blank is unset: the terminal decides
     ("yes", False, True), ("on", False, True), ("TRUE", False, True), (" y ", False, True),
     ("off", True, False), ("no", True, False), ("False", True, False), ("n", True, False),
     ("", True, True), ("", False, False), ("  ", True, True)],
)
def test_drawn_on_terminals_or_as_deckcheck_progress_says(monkeypatch, variable, terminal, drawn):
    if variable is None:
        monkeypatch.delenv("DECKCHECK_PROGRESS", raising=False)
    else:
        monkeypatch.setenv("DECKCHECK_PROGRESS", variable)
    stream = Terminal() if terminal else io.StringIO()
    with Progress("checking", 3, unit="decks", stream=stream) as bar:
        bar.advance(3)
    assert ("3/3 decks" in stream.getvalue()) is drawn


def test_enabled_false_wins_over_the_environment(monkeypatch):
    monkeypatch.setenv("DECKCHECK_PROGRESS", "1")
    stream = Terminal()
    bar = Progress("checking", 5, unit="decks", stream=stream, enabled=False)  # batch --quiet
    bar.advance(5)
    bar.close()
    assert stream.getvalue() == ""


def test_redraws_are_limited_but_the_end_is_shown(monkeypatch):
    clock = [100.0]
    monkeypatch.setattr(progress.time, "monotonic", lambda: clock[0])
    stream = io.StringIO()
    bar = Progress("checking", 1000, unit="decks", stream=stream, enabled=True)
    for _ in range(999):
        bar.advance(1)  # the clock stands still: only the first draw happens
    assert stream.getvalue().count("\r") == 1
    bar.advance(1)  # the last one is drawn at once
    assert stream.getvalue().count("\r") == 2 and stream.getvalue().endswith("100% 1,000/1,000 decks")
    clock[0] += 1.0
    bar.close()
    assert stream.getvalue().endswith("1,000/1,000 decks\n")


def test_bytes_are_shown_in_human_units():
    stream = io.StringIO()
    with Progress("downloading", 3 * 1024 * 1024, unit=BYTES, stream=stream, enabled=True) as bar:
        bar.update(1024 * 1024)
    assert "downloading [" in stream.getvalue() and "3.0 MB/3.0 MB\n" in stream.getvalue()
    assert "33% 1.0 MB/3.0 MB" in stream.getvalue()


def test_an_unknown_total_shows_the_amount_and_nothing_to_do_shows_nothing():
    stream = io.StringIO()
    with Progress("downloading", None, stream=stream, enabled=True) as bar:
        bar.update(2048)
    assert stream.getvalue() == "\rdownloading 2.0 KB\rdownloading 2.0 KB\n"
    empty = io.StringIO()
    with Progress("checking", 0, unit="decks", stream=empty, enabled=True) as bar:
        bar.advance(0)
    assert empty.getvalue() == ""


def test_an_error_ends_the_line_without_claiming_completion():
    stream = io.StringIO()
    with pytest.raises(RuntimeError), Progress("importing cards.json", 100, stream=stream, enabled=True) as bar:
        bar.update(10)
        raise RuntimeError("stop")
    assert stream.getvalue().endswith("10% 10 B/100 B\n")


def test_batch_honours_deckcheck_progress(cli, tmp_path):
    """Forced on, the batch's bar reaches stderr even though it is a pipe; stdout stays the report."""
    folder = tmp_path / "decks"
    folder.mkdir()
    for name in ("a.txt", "b.txt"):
        (folder / name).write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    forced = cli("batch", str(folder), "-f", "mtg/modern", "-o", "csv", env={"DECKCHECK_PROGRESS": "1"})
    assert forced.returncode == 0, forced.stderr
    assert "checking [" in forced.stderr and "2/2 decks\n" in forced.stderr
    assert forced.stdout.startswith("scope,player,") and "checking" not in forced.stdout
    quiet = cli("batch", str(folder), "-f", "mtg/modern", "-q", env={"DECKCHECK_PROGRESS": "1"})
    assert "checking [" not in quiet.stderr


def test_a_shorter_redraw_blanks_what_the_longer_one_left():
    stream = io.StringIO()
    bar = Progress("downloading", 3 * 1024 * 1024, unit=BYTES, stream=stream, enabled=True)
    bar.update(1023 * 1024 + 900)  # 1023.9 KB
    bar._last = 0.0  # the next update redraws at once
    bar.update(1024 * 1024)  # 1.0 MB: three characters shorter
    first, second = stream.getvalue().split("\r")[1:]
    assert first.endswith("1023.9 KB/3.0 MB") and second == "downloading [##########--------------------]  33% 1.0 MB/3.0 MB   "


def test_counts_group_their_thousands():
    """`2,560/12,000 decks`, as the batch's summary writes its counts: it was `2560/12000`."""
    stream = io.StringIO()
    Progress("checking", 12000, unit="decks", stream=stream, enabled=True).update(2560)
    assert stream.getvalue().endswith("]  21% 2,560/12,000 decks")


@pytest.mark.parametrize(("columns", "drawn"), [
    (31, "checking   2% 256/12,000 decks"),
    (30, "2% 256/12,000 decks"),
    (20, "2% 256/12,000 decks"),
    (19, "2% 256/12,000"),     # the unit goes first
    (13, "2%"),                # then the count: never `2% 256/12,00`, a number cut short
    (3, "2%"),
    (2, ""),
])
def test_a_terminal_too_narrow_for_the_bar_drops_whole_words(monkeypatch, columns, drawn):
    monkeypatch.setattr(progress, "_columns", lambda stream: columns)
    stream = io.StringIO()
    Progress("checking", 12000, unit="decks", stream=stream, enabled=True).update(256)
    assert stream.getvalue() == "\r" + drawn
