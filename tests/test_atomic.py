"""The one atomic writer (deckcheck/atomic.py): card databases and batch `--report` files
are written beside their target and renamed over it, so the old file survives a failure
and no temporary file is left behind."""
from __future__ import annotations

import os
import stat

import pytest

from deckcheck import atomic


def test_write_text_replaces_the_file_and_leaves_nothing_else(tmp_path):
    target = tmp_path / "reports" / "event.xml"
    atomic.write_text(target, "first\n")
    atomic.write_text(target, "second\r\n\udcff\n")
    assert target.read_bytes() == b"second\r\n?\n"  # newlines as given, unencodable text replaced
    assert [path.name for path in target.parent.iterdir()] == ["event.xml"]


def test_a_failed_rename_keeps_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "event.json"
    target.write_text("old\n", encoding="utf-8")

    def refuse(source, destination):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(atomic.os, "replace", refuse)
    with pytest.raises(PermissionError):
        atomic.write_text(target, "new\n")
    assert target.read_text(encoding="utf-8") == "old\n"
    assert [path.name for path in tmp_path.iterdir()] == ["event.json"]


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_written_files_get_ordinary_permissions(tmp_path):
    umask = os.umask(0o022)
    try:
        atomic.write_text(tmp_path / "report.txt", "x\n")
        temporary = atomic.temp_beside(tmp_path / "cards.sqlite")
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "report.txt").stat().st_mode) == 0o644  # not mkstemp's 0600
    assert stat.S_IMODE(temporary.stat().st_mode) == 0o644


def test_batch_report_that_cannot_be_written_is_a_usage_error(cli, tmp_path):
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "a.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    done = cli("batch", str(folder), "-f", "mtg/modern", "-o", "json", "--report", str(blocker / "event.json"))
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1].startswith(f"deckcheck: error: --report {blocker / 'event.json'}: cannot write (")
    assert "Traceback" not in done.stderr


def test_a_database_writer_removes_what_a_killed_build_of_that_database_left(tmp_path):
    """A card database is built in a temporary file beside it and renamed: a `cards import`
    or `cards sync` killed on the way (SIGKILL runs no clean-up) left the half-built
    database, as large as the real one, for good. The next writer of that database removes
    such files nobody has written for a day; a younger one (another import in flight) and
    other files' stay."""
    import time

    target = tmp_path / "cards.sqlite"
    left = tmp_path / ".cards.sqlite.k1ll3d00.tmp"
    running = tmp_path / ".cards.sqlite.runn1ng0.tmp"
    others = tmp_path / ".other.sqlite.k1ll3d00.tmp"
    now = time.time()
    for path, age in ((left, atomic.ABANDONED_DATABASE_SECONDS + 60), (running, 60), (others, atomic.ABANDONED_DATABASE_SECONDS + 60)):
        path.write_bytes(b"half a database")
        os.utime(path, (now - age, now - age))
    with atomic.AtomicDbWriter(target):
        pass  # left without finishing: its own file goes too
    assert sorted(path.name for path in tmp_path.iterdir()) == [".cards.sqlite.runn1ng0.tmp", ".other.sqlite.k1ll3d00.tmp"]
