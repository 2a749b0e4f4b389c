"""Verdicts kept between runs (batch/verdict_store.py): a batch run again checks only the
decks that changed, and every report is byte for byte the one of a batch that checks
every deck. Anything that decides a verdict (the deck's bytes, the format file, the card
data, the day, the platform, the settings) makes its deck checked again; a damaged,
tampered or unusable store is a miss, never an error."""
from __future__ import annotations

import datetime as dt
import json
import os
import sqlite3
from pathlib import Path

import pytest
from caseload import cases
from files import write
from test_batch_same_files import LISTS, _as_a_worker, counting_checks

from deckcheck import report, validate
from deckcheck.batch import check_source, runner, verdict_store
from deckcheck.batch.verdict_store import VerdictStore, decoded, encoded, store_path

DATE = "2024-06-01"
# The lists of a batch that checks each file's bytes once, and a broken XML file, whose
# problem names the file: its verdict is not kept (for another file of the same bytes).
FILES = {**{f"{name}.txt": text for name, text in LISTS.items()}, "broken.dek": "<Deck><Cards Quantity='x'"}
KEPT = sorted(f"{name}.txt" for name in LISTS)
OUTPUTS = ["json", "text", "csv", "junit", "sarif", "html", "github"]


def batch_report(root: Path, monkeypatch, output: str = "json", *, keep: bool = True, **options) -> str:
    monkeypatch.chdir(root)
    options = {"date": DATE, "jobs": 1, **options}
    batch = check_source(".", options.pop("format_id", "mtg/legacy"), keep_verdicts=keep, **options)
    return report.deliver_batch(report.load(output), batch)


def kept_rows() -> int:
    with sqlite3.connect(store_path()) as db:
        return db.execute("SELECT count(*) FROM verdicts").fetchone()[0]


@pytest.mark.parametrize("output", OUTPUTS)
def test_a_run_again_checks_no_deck_and_reports_the_same(tmp_path, monkeypatch, output):
    write(tmp_path, FILES)
    fresh = batch_report(tmp_path, monkeypatch, output, keep=False)
    assert not store_path().exists()  # a run that keeps nothing writes no store
    checked = counting_checks(monkeypatch)
    first = batch_report(tmp_path, monkeypatch, output)
    assert sorted(checked) == sorted(FILES)
    assert kept_rows() == len(KEPT)
    checked.clear()
    again = batch_report(tmp_path, monkeypatch, output)
    assert sorted(checked) == sorted(set(FILES) - set(KEPT))
    assert first == fresh and again == fresh


def test_only_the_deck_that_changed_is_checked_again(tmp_path, monkeypatch):
    write(tmp_path, FILES)
    batch_report(tmp_path, monkeypatch)
    (tmp_path / "legal.txt").write_text("4 Opt\n4 Brainstorm\n52 Island\n", encoding="utf-8")
    checked = counting_checks(monkeypatch)
    found = json.loads(batch_report(tmp_path, monkeypatch))
    assert sorted(set(checked) & set(KEPT)) == ["legal.txt"]
    assert json.loads(batch_report(tmp_path, monkeypatch, keep=False)) == found


def _write_format(root: Path, banned: str) -> None:
    (root / "event.yaml").write_text(f"name: Event\ngame: mtg\nextends: mtg/legacy\nbanned: [{banned}]\n", encoding="utf-8")


def _other_format(root: Path) -> dict:
    _write_format(root, "Brainstorm")
    return {"format_id": root / "event.yaml"}


# What changes a verdict, as a change to the second run's options (made in the folder `root`).
CHANGES = {
    "another event day": lambda root: {"date": "2024-06-02"},
    "another platform": lambda root: {"platform": "mtgo"},
    "card data off": lambda root: {"cards": False},
    "the format file edited": _other_format,
}


@pytest.mark.parametrize("change", CHANGES)
def test_what_decides_a_verdict_makes_its_deck_checked_again(tmp_path, monkeypatch, change):
    write(tmp_path, FILES)
    _write_format(tmp_path, "Black Lotus")
    batch_report(tmp_path, monkeypatch, format_id=tmp_path / "event.yaml")
    options = {"format_id": tmp_path / "event.yaml", **CHANGES[change](tmp_path)}
    checked = counting_checks(monkeypatch)
    found = batch_report(tmp_path, monkeypatch, **options)
    assert sorted(checked) == sorted(FILES)
    assert found == batch_report(tmp_path, monkeypatch, keep=False, **options)


def test_another_card_database_makes_every_deck_checked_again(tmp_path, monkeypatch, sample_cards_db):
    write(tmp_path, FILES)
    batch_report(tmp_path, monkeypatch)
    checked = counting_checks(monkeypatch)
    found = batch_report(tmp_path, monkeypatch, cards_db=sample_cards_db)
    assert sorted(checked) == sorted(FILES)
    assert found == batch_report(tmp_path, monkeypatch, keep=False, cards_db=sample_cards_db)


def test_a_card_database_rewritten_in_place_makes_every_deck_checked_again(tmp_path, monkeypatch, sample_cards_db):
    database = tmp_path / "cards.sqlite"
    database.write_bytes(sample_cards_db.read_bytes())
    write(tmp_path / "decks", FILES)
    batch_report(tmp_path / "decks", monkeypatch, cards_db=database)
    os.utime(database, ns=(0, os.stat(database).st_mtime_ns + 1_000_000_000))  # as a `cards sync` leaves it
    checked = counting_checks(monkeypatch)
    batch_report(tmp_path / "decks", monkeypatch, cards_db=database)
    assert sorted(checked) == sorted(FILES)


def test_a_deckcheck_variable_of_the_environment_makes_every_deck_checked_again(tmp_path, monkeypatch):
    write(tmp_path, FILES)
    batch_report(tmp_path, monkeypatch)
    monkeypatch.setenv("DECKCHECK_HTTP_TIMEOUT", "7")
    checked = counting_checks(monkeypatch)
    batch_report(tmp_path, monkeypatch)
    assert sorted(checked) == sorted(FILES)


@pytest.mark.parametrize("damage", ["not a database", "empty file", "another schema", "no verdicts table"])
def test_a_damaged_store_is_replaced_and_the_report_is_the_same(tmp_path, monkeypatch, damage):
    write(tmp_path, FILES)
    fresh = batch_report(tmp_path, monkeypatch, keep=False)
    store_path().parent.mkdir(parents=True, exist_ok=True)
    if damage in ("another schema", "no verdicts table"):
        with sqlite3.connect(store_path()) as db:
            if damage == "another schema":
                db.execute("CREATE TABLE verdicts (key TEXT, verdict BLOB, extra INTEGER)")
            db.execute(f"PRAGMA user_version = {99 if damage == 'another schema' else verdict_store.SCHEMA}")
    else:
        store_path().write_bytes(b"" if damage == "empty file" else b"SQLite format 2\x00" + os.urandom(4000))
    assert batch_report(tmp_path, monkeypatch) == fresh
    checked = counting_checks(monkeypatch)
    assert batch_report(tmp_path, monkeypatch) == fresh
    assert not set(checked) & set(KEPT)  # the store was replaced and kept this run's verdicts


# Verdicts as a hostile hand (anyone who can write the cache folder) may leave them.
TAMPERED = [
    "", "not json", "null", "[]", '{"a": 1}', '["mtg/legacy"]', '["mtg/legacy", [], [], null, 5]',
    '[5, [], [], null]', '["mtg/legacy", [["main", "60"]], [], null]', '["mtg/legacy", [["main"]], [], null]',
    '["mtg/legacy", [], [["banned"]], null]', '["mtg/legacy", [], [[1, 2, 3, 4, 5, 6, 7, 8, 9]], null]',
    '["mtg/legacy", [], [["banned", "m", "error", null, "3", null, null, null, null]], null]',
    '["mtg/legacy", [], [["banned", "m", "error", null, null, null, null, null, []]], null]',
    '["mtg/legacy", [], [], ["2024-13-45", "paper", null, null, "", false, "mtg"]]',
    '["mtg/legacy", [], [], [1, 2, 3, 4, 5, 6, 7]]', '["mtg/legacy", [], [], [[], "paper", null, null, "", false, "mtg"]]',
    '["mtg/legacy", [], [], "2024-06-01"]', "[" * 100_000 + "]" * 100_000,
]


@pytest.mark.parametrize("text", TAMPERED, ids=range(len(TAMPERED)))
def test_a_verdict_that_does_not_read_back_is_a_miss(text):
    assert decoded(text) is None


def test_tampered_verdicts_make_their_decks_checked_again(tmp_path, monkeypatch):
    write(tmp_path, FILES)
    fresh = batch_report(tmp_path, monkeypatch)
    with sqlite3.connect(store_path()) as db:
        keys = [row[0] for row in db.execute("SELECT key FROM verdicts ORDER BY rowid")]
        for key, text in zip(keys, TAMPERED):
            db.execute("UPDATE verdicts SET verdict = ? WHERE key = ?", (text, key))
    checked = counting_checks(monkeypatch)
    assert batch_report(tmp_path, monkeypatch) == fresh
    assert sorted(set(checked) & set(KEPT)) == KEPT


def test_a_store_another_run_has_locked_is_left_alone(tmp_path, monkeypatch):
    """A store locked while this run opens it (another run making it) is not taken for a
    damaged one: it is neither removed nor remade, and this run goes on without it."""
    write(tmp_path, FILES)
    fresh = batch_report(tmp_path, monkeypatch, keep=False)
    store_path().parent.mkdir(parents=True, exist_ok=True)
    other = sqlite3.connect(store_path(), timeout=0, isolation_level=None)
    other.execute("CREATE TABLE theirs (x)")
    other.execute("BEGIN EXCLUSIVE")
    try:
        assert batch_report(tmp_path, monkeypatch) == fresh
    finally:
        other.rollback()
        other.close()
    with sqlite3.connect(store_path()) as db:
        assert db.execute("SELECT name FROM sqlite_master").fetchall() == [("theirs",)]


@pytest.mark.parametrize("kind", ["fifo", "link", "folder"])
def test_a_store_that_is_no_plain_file_is_left_alone(tmp_path, monkeypatch, kind):
    """A link where the store goes was written through (SQLite may also wait on a FIFO): the
    run goes on without a store and leaves the thing as it was."""
    write(tmp_path / "decks", FILES)
    fresh = batch_report(tmp_path / "decks", monkeypatch, keep=False)
    store_path().parent.mkdir(parents=True, exist_ok=True)
    target = tmp_path / "elsewhere.sqlite"
    if kind == "fifo":
        os.mkfifo(store_path())
    elif kind == "link":
        target.write_bytes(b"")
        store_path().symlink_to(target)
    else:
        store_path().mkdir()
    assert batch_report(tmp_path / "decks", monkeypatch) == fresh
    assert store_path().is_symlink() if kind == "link" else store_path().exists()
    assert not target.exists() or target.read_bytes() == b""


def test_a_cache_folder_that_cannot_be_used_changes_nothing(tmp_path, monkeypatch):
    write(tmp_path / "decks", FILES)
    fresh = batch_report(tmp_path / "decks", monkeypatch, keep=False)
    (tmp_path / "not a folder").write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "not a folder"))
    assert batch_report(tmp_path / "decks", monkeypatch) == fresh


def test_the_oldest_verdicts_go_first_past_the_bound(tmp_path, monkeypatch):
    monkeypatch.setattr(verdict_store, "MAX_VERDICTS_KEPT", 2)
    write(tmp_path, FILES)
    batch_report(tmp_path, monkeypatch)
    assert kept_rows() == 2
    checked = counting_checks(monkeypatch)
    batch_report(tmp_path, monkeypatch)
    assert sorted(set(checked) & set(KEPT)) == sorted(KEPT)[:-2]  # the last two checked are kept


def test_pending_verdicts_are_written_in_batches(tmp_path, monkeypatch):
    monkeypatch.setattr(verdict_store, "WRITE_EVERY", 2)
    write(tmp_path, FILES)
    fresh = batch_report(tmp_path, monkeypatch)
    assert kept_rows() == len(KEPT)
    assert batch_report(tmp_path, monkeypatch) == fresh


def test_a_run_holding_the_store_leaves_the_other_without_it(tmp_path, monkeypatch):
    write(tmp_path, FILES)
    fresh = batch_report(tmp_path, monkeypatch, keep=False)
    holder = VerdictStore.open()
    assert holder is not None
    locked = sqlite3.connect(store_path(), timeout=0)
    locked.execute("BEGIN EXCLUSIVE")  # another run writing, for longer than a run waits
    try:
        assert batch_report(tmp_path, monkeypatch) == fresh
    finally:
        locked.rollback()
        locked.close()
        holder.close()


def test_with_workers_the_parent_sends_them_none_of_the_decks_a_run_kept(tmp_path, monkeypatch):
    """With workers (runner._parallel) the parent looks each file up before sending it: a
    run again sends a worker only what no run kept (the broken XML file names itself), and
    what workers found is kept for the next run (runner._collected)."""
    write(tmp_path, FILES)
    monkeypatch.chdir(tmp_path)
    day = dt.date(2024, 6, 1)
    tasks = [runner.Task(path=name, shown=name, format_id="mtg/legacy", line=row + 2) for row, name in enumerate(sorted(FILES))]
    expected = [runner._checked(task, day).result.to_dict() for task in tasks]
    runner.forget_run()

    def worker(to_send: list) -> list:  # a worker is another interpreter: it has no store
        store, runner._STORE[0] = runner._STORE[0], None
        try:
            return _as_a_worker(to_send, day)
        finally:
            runner._STORE[0] = store

    def with_workers() -> tuple[list[str], list[dict]]:
        store = runner._STORE[0] = VerdictStore.open()
        try:
            to_send, plan = runner._plan(tasks, day, set())
            found = [outcome.result.to_dict() for outcome in runner._collected(tasks, plan, worker(to_send), day)]
        finally:
            runner._STORE[0] = None
            store.close()
            runner.forget_run()
        return [task.shown for task in to_send], found

    assert with_workers() == (sorted(FILES), expected)
    assert with_workers() == (["broken.dek"], expected)


@pytest.mark.parametrize("case", cases("rules", kind="deck") + cases("decklists", kind="deck"))
def test_every_case_verdict_reads_back_the_same(case):
    """Each case deck's verdict, with the built-in card data, comes back from its JSON with
    every field of every problem (details too) and its as-of stamp the same."""
    fmt = case["format"]
    fmt = Path(__file__).parent / fmt if fmt.endswith(".yaml") else fmt
    result = validate(case["deck"], fmt, case.get("date"), input_format=case.get("input_format"), offline=True,
                      platform=case.get("platform", "paper"))
    verdict = (result.format, tuple(result.counts.items()), tuple(result.problems), result.as_of)
    text = encoded(verdict)
    assert text is not None
    format_id, counts, problems, as_of = decoded(text)
    assert (format_id, counts) == verdict[:2]
    assert [problem.to_dict() for problem in problems] == [problem.to_dict() for problem in result.problems]
    assert [type(problem.details) for problem in problems] == [type(problem.details) for problem in result.problems]
    stamp = ("date", "platform", "lists_known_up_to", "card_data_date", "hint", "card_data_brings_lists", "game")
    assert [getattr(as_of, name, None) for name in stamp] == [getattr(result.as_of, name, None) for name in stamp]


def test_a_value_json_would_not_give_back_is_not_kept():
    from deckcheck.problem import Problem

    for details in ({"cards": ("a", "b")}, {1: "a"}, {"x": float("nan")}, {"x": {"y": {3}}}):
        assert encoded(("mtg/legacy", (("main", 60),), (Problem("banned", "m", details=details),), None)) is None
    assert encoded(("mtg/legacy", (("main", 60),), (Problem("banned", "m", details={"a": [1, "b", None]}),), None))


def test_the_cli_keeps_verdicts_unless_told_not_to(tmp_path, cli):
    write(tmp_path / "decks", FILES)
    cache = tmp_path / "cache"
    command = ["batch", str(tmp_path / "decks"), "-f", "mtg/legacy", "--date", DATE, "-o", "json"]
    env = {"XDG_CACHE_HOME": str(cache)}
    off = cli(*command, "--no-cache", env=env)
    assert not (cache / "deckcheck" / verdict_store.FILE_NAME).exists()
    off_by_variable = cli(*command, env={**env, "DECKCHECK_NO_CACHE": "1"})
    assert not (cache / "deckcheck" / verdict_store.FILE_NAME).exists()
    first = cli(*command, env=env)
    assert (cache / "deckcheck" / verdict_store.FILE_NAME).is_file()
    again = cli(*command, env=env)
    two_jobs = cli(*command, "--jobs", "2", env=env)
    assert {run.returncode for run in (off, off_by_variable, first, again, two_jobs)} == {1}
    assert off.stdout == off_by_variable.stdout == first.stdout == again.stdout == two_jobs.stdout
    assert "Traceback" not in first.stderr + again.stderr


def test_today_is_part_of_the_key(monkeypatch):
    """A verdict's note on how old the card data is speaks of today: a new day is a new key."""
    from types import SimpleNamespace

    from deckcheck.formats import load

    fmt = load("mtg/legacy")
    settings = (".txt", "mtg/legacy", None, None, True, "paper", dt.date(2024, 6, 1))
    today = verdict_store.context_digest(settings, fmt, False)

    class Tomorrow(dt.date):
        @classmethod
        def today(cls):
            return dt.date.today() + dt.timedelta(days=1)

    with monkeypatch.context() as patched:
        patched.setattr(verdict_store, "dt", SimpleNamespace(date=Tomorrow))
        tomorrow = verdict_store.context_digest(settings, fmt, False)
    assert today != tomorrow and today == verdict_store.context_digest(settings, fmt, False)
