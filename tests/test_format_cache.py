"""Merged format files kept between runs (deckcheck/formats/disk_cache.py), through the
installed command: an edit to the format or to a file it extends is seen at once, another
deckcheck version or a damaged cache means reading the files again, and a cache that
cannot be written is no error. Each test has its own XDG_CACHE_HOME (conftest.py)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

BOLTS = "4 Lightning Bolt\n56 Mountain\n"


def cache_files() -> list[Path]:
    folder = Path(os.environ["XDG_CACHE_HOME"]) / "deckcheck" / "formats"
    return sorted(folder.glob("*.json"))


def write(path: Path, text: str, *, mtime: int) -> None:
    """Write `text` and set the file's time, so an edit is seen whatever the clock's grain."""
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(mtime, mtime))


def make_event(tmp_path: Path, banned: str) -> tuple[Path, Path]:
    """A deck of bolts and a format file that extends a local parent holding `banned`."""
    (tmp_path / "deck.txt").write_text(BOLTS, encoding="utf-8")
    write(tmp_path / "parent.yaml", f"extends: mtg/constructed\nbanned: [{banned}]\n", mtime=1_000_000_000_000_000_000)
    write(tmp_path / "event.yaml", "name: Event\nextends: parent.yaml\n", mtime=1_000_000_000_000_000_000)
    return tmp_path / "deck.txt", tmp_path / "event.yaml"


def test_the_cache_is_written_and_a_hit_reads_no_yaml(tmp_path):
    deck, event = make_event(tmp_path, "Lightning Bolt")
    first = run_in_process(tmp_path, deck, event)
    assert first["code"] == 1 and first["yaml"], first  # parsed: the bolt is banned
    assert len(cache_files()) == 1
    second = run_in_process(tmp_path, deck, event)
    assert second == {**first, "yaml": False}, second  # same report, from the cache


def run_in_process(folder: Path, deck: Path, event: Path) -> dict[str, object]:
    """Exit code and stdout of `deckcheck validate deck -f event -o json`, and whether it
    imported PyYAML."""
    code = (
        "import sys, json\n"
        "from deckcheck.entry import main\n"
        f"sys.argv = ['deckcheck', 'validate', {str(deck)!r}, '-f', {str(event)!r}, '-o', 'json']\n"
        "try:\n    main()\nexcept SystemExit as exc:\n    code = exc.code\n"
        "print(json.dumps({'code': code, 'yaml': 'yaml' in sys.modules}))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=folder, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    *report, summary = done.stdout.strip().splitlines()
    return {**json.loads(summary), "report": "\n".join(report)}


def banned_cards(cli, deck: Path, event: Path) -> list[str]:
    done = cli("validate", str(deck), "-f", str(event), "-o", "json", cwd=deck.parent)
    assert done.returncode in (0, 1) and done.stderr == "", done.stderr
    (result,) = json.loads(done.stdout)["results"]
    return [problem["card"] for problem in result["problems"] if problem["rule"] == "banned"]


def test_an_edit_to_the_format_file_is_seen(cli, tmp_path):
    deck, event = make_event(tmp_path, "Counterspell")
    assert banned_cards(cli, deck, event) == []
    write(event, "name: Event\nextends: parent.yaml\nbanned: [Lightning Bolt]\n", mtime=1_000_000_000_000_000_000)
    assert banned_cards(cli, deck, event) == ["Lightning Bolt"]


def test_an_edit_to_a_file_it_extends_is_seen(cli, tmp_path):
    deck, event = make_event(tmp_path, "Lightning Bolt")
    assert banned_cards(cli, deck, event) == ["Lightning Bolt"]
    # Same size, same time as before: only the time of the edit tells it apart (another
    # real card of the same length, so no warning about an unknown name).
    write(tmp_path / "parent.yaml", "extends: mtg/constructed\nbanned: [Lightning Mare]\n", mtime=1_000_000_000_000_000_001)
    assert banned_cards(cli, deck, event) == []


def test_an_edit_that_keeps_the_size_and_time_is_seen(cli, tmp_path):
    """A file's time does not always move with its content: a filesystem with a coarse
    clock (FAT's 2 s, HFS+'s 1 s), `cp -p`, `rsync -a`, `tar x` or a CI step that sets each
    file to its commit's time (git-restore-mtime, to keep build caches warm) can leave an
    edited format file with the size and time its cache entry recorded. Its content decides."""
    deck, event = make_event(tmp_path, "Lightning Bolt")
    assert banned_cards(cli, deck, event) == ["Lightning Bolt"]
    write(tmp_path / "parent.yaml", "extends: mtg/constructed\nbanned: [Lightning Mare]\n", mtime=1_000_000_000_000_000_000)
    assert banned_cards(cli, deck, event) == []
    write(event, "name: Event\nextends: parent.yaml\nbanned: [Lightning Bolt]\n", mtime=1_000_000_000_000_000_000)
    assert banned_cards(cli, deck, event) == ["Lightning Bolt"]
    write(event, "name: Event\nextends: parent.yaml\nbanned: [Lightning Mare]\n", mtime=1_000_000_000_000_000_000)
    assert banned_cards(cli, deck, event) == []


def test_an_entry_of_another_version_is_read_again(cli, tmp_path):
    """An entry written by another deckcheck is not used, even with every file unchanged:
    here its data (no ban) would give another verdict than the files (a ban)."""
    deck, event = make_event(tmp_path, "Lightning Bolt")
    assert banned_cards(cli, deck, event) == ["Lightning Bolt"]
    (entry_file,) = cache_files()
    entry = json.loads(entry_file.read_text(encoding="utf-8"))
    entry["data"]["banned"] = []
    entry_file.write_text(json.dumps(entry), encoding="utf-8")
    assert banned_cards(cli, deck, event) == [], "the cache is used while it is current"
    entry["deckcheck"] = "0.0.0-older"
    entry_file.write_text(json.dumps(entry), encoding="utf-8")
    assert banned_cards(cli, deck, event) == ["Lightning Bolt"]
    rewritten = json.loads(entry_file.read_text(encoding="utf-8"))
    assert rewritten["deckcheck"] != "0.0.0-older" and rewritten["data"]["banned"]


def test_a_damaged_cache_is_ignored_and_replaced(cli, tmp_path):
    deck, event = make_event(tmp_path, "Lightning Bolt")
    assert banned_cards(cli, deck, event) == ["Lightning Bolt"]
    (entry_file,) = cache_files()
    for damage in (b"", b"{not json", b"\xff\xfe\x00", b'{"key": 1}', b"[]", b'{"key": null, "data": 3}'):
        entry_file.write_bytes(damage)
        assert banned_cards(cli, deck, event) == ["Lightning Bolt"]
        assert json.loads(entry_file.read_text(encoding="utf-8"))["data"]["banned"]


def test_a_cache_that_cannot_be_written_is_no_error(cli, tmp_path):
    deck, event = make_event(tmp_path, "Lightning Bolt")
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would go", encoding="utf-8")
    for _ in range(2):
        done = cli("validate", str(deck), "-f", str(event), cwd=tmp_path, env={"XDG_CACHE_HOME": str(blocker)})
        assert done.returncode == 1 and done.stderr == "", done.stderr
        assert "banned" in done.stdout


def test_a_format_error_is_reported_the_same_after_a_cached_run(cli, tmp_path):
    """Only merged, valid formats are kept: a file broken after a good run is read and
    its error named, never hidden behind the entry of the good run."""
    deck, event = make_event(tmp_path, "Lightning Bolt")
    assert banned_cards(cli, deck, event) == ["Lightning Bolt"]
    write(event, "name: Event\nextends: parent.yaml\nbanned: 3\n", mtime=1_000_000_000_000_000_002)
    done = cli("validate", str(deck), "-f", str(event), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("deckcheck: error: ") and "banned" in done.stderr
    assert len(done.stderr.splitlines()) == 1


def test_an_entry_written_before_a_change_to_the_format_code_is_not_used(tmp_path):
    """The entry records the modules that read, check and merge formats; one of them
    changed (another size or time than recorded) means the entry is not used."""
    from deckcheck.formats import disk_cache

    format_file = tmp_path / "event.yaml"
    write(format_file, "game: mtg\n", mtime=1_000_000_000_000_000_000)
    key = ["file", str(format_file), str(format_file), str(tmp_path)]
    merged = (str(format_file), format_file, {"game": "mtg"}, (str(format_file),), (format_file,))
    disk_cache.put(key, merged)
    assert disk_cache.get(key) == merged
    (entry_file,) = cache_files()
    entry = json.loads(entry_file.read_text(encoding="utf-8"))
    assert any(path.endswith("rules/__init__.py") for path, _, _ in entry["code"])  # each rule's KEYS
    entry["code"][-1][1] += 1  # as if a rule module had been edited since
    entry_file.write_text(json.dumps(entry), encoding="utf-8")
    assert disk_cache.get(key) is None


def _cache_runs(tmp_path, runs: int, data: dict) -> list[list[str]]:
    """The keys of `runs` formats kept one after the other, each of its own folder (as a
    zip's formats, extracted to a new temporary folder each run), each merged as `data`."""
    from deckcheck.formats import disk_cache

    keys = []
    for number in range(runs):
        format_file = tmp_path / f"run{number}" / "event.yaml"
        format_file.parent.mkdir()
        write(format_file, "game: mtg\n", mtime=1_000_000_000_000_000_000)
        key = ["file", str(format_file), str(format_file), str(format_file.parent)]
        disk_cache.put(key, (str(format_file), format_file, data, (str(format_file),), (format_file,)))
        keys.append(key)
        # Written one after the other, whatever the clock's resolution (pruning reads the times).
        os.utime(disk_cache._entry_file(key), ns=(10**18 + number, 10**18 + number))
    return keys


def test_the_cache_keeps_a_bounded_number_of_entries_the_newest(tmp_path, monkeypatch):
    """A key names a format file by its path: a zip's formats, extracted to a new temporary
    folder each run, left one more entry per run, for ever."""
    from deckcheck.formats import disk_cache

    monkeypatch.setattr(disk_cache, "MAX_FORMAT_CACHE_ENTRIES", 5)
    keys = _cache_runs(tmp_path, 8, {"game": "mtg"})
    assert len(cache_files()) == 5
    assert [disk_cache.get(key) is not None for key in keys] == [False] * 3 + [True] * 5


def test_the_cache_keeps_a_bounded_number_of_bytes_the_newest(tmp_path, monkeypatch):
    """Entries were bounded by number only: 512 formats of the largest lists a format file
    may write (8 MB each as JSON) could fill 4 GB of a CI runner's disk."""
    from deckcheck.formats import disk_cache

    monkeypatch.setattr(disk_cache, "MAX_FORMAT_CACHE_BYTES", 250_000)
    keys = _cache_runs(tmp_path, 6, {"game": "mtg", "description": "x" * 100_000})  # about 100 KB an entry
    assert sum(path.stat().st_size for path in cache_files()) <= 250_000
    assert [disk_cache.get(key) is not None for key in keys] == [False] * 4 + [True] * 2


def test_temporary_files_of_writes_that_never_finished_are_removed_and_count_towards_the_bound(tmp_path, monkeypatch):
    """An entry is written to a temporary file beside it, then renamed (atomic.py): a
    process killed in between left the temporary file, which pruning (it listed `*.json`
    only) neither counted nor removed, for ever. One older than ABANDONED_AFTER_SECONDS
    goes; a younger one may be another deckcheck's write in flight: it stays, and counts."""
    import time

    from deckcheck.atomic import is_temp, temp_beside
    from deckcheck.formats import disk_cache

    monkeypatch.setattr(disk_cache, "MAX_FORMAT_CACHE_BYTES", 250_000)
    folder = disk_cache.cache_folder()
    left, writing = temp_beside(folder / "0badf00d.json"), temp_beside(folder / "0badf00d.json")
    assert is_temp(left.name) and is_temp(writing.name)
    now = time.time()
    for path, age in ((left, disk_cache.ABANDONED_AFTER_SECONDS + 60), (writing, 5)):
        path.write_bytes(b"x" * 100_000)
        os.utime(path, (now - age, now - age))
    (folder / "notes.txt").write_text("not deckcheck's\n", encoding="utf-8")
    keys = _cache_runs(tmp_path, 2, {"game": "mtg", "description": "x" * 100_000})  # about 100 KB an entry
    assert not left.exists()
    assert writing.exists() and (folder / "notes.txt").exists()
    # The write in flight's 100 KB count: beside it, only the newer entry fits.
    assert [disk_cache.get(key) is not None for key in keys] == [False, True]


def test_a_format_pickles_without_what_its_process_worked_out():
    # A batch hands its formats to its worker processes: a used format's memo holds its
    # rules (modules, which do not pickle), and its dated lists are that process's work.
    import datetime as dt
    import pickle

    from deckcheck.formats import load
    from deckcheck.model import CardEntry, Deck
    from deckcheck.pipeline import check_deck

    fmt = load("mtg/legacy")
    check_deck(Deck("a.txt", [CardEntry("Brainstorm", 4), CardEntry("Island", 56)]), fmt, date=dt.date(2024, 6, 1), cards=False)
    assert fmt.memo
    copy = pickle.loads(pickle.dumps(fmt))
    assert copy == fmt and copy.memo == {} and copy.name == fmt.name and copy.banned == fmt.banned


def test_a_library_caller_that_loads_its_formats_with_keep_false_writes_nothing_to_the_cache(tmp_path):
    """docs/contracts.md: a library that must not write to the user's folders loads its
    formats with load_format(..., keep=False) and passes them on: a bundled format by id
    and a file extending another, checked and simulated."""
    from deckcheck import load_format, validate
    from deckcheck.engine import simulate

    _, event = make_event(tmp_path, "Lightning Bolt")
    for fmt in (load_format("mtg/modern", keep=False), load_format(event, keep=False)):
        validate(BOLTS, fmt)
        simulate(BOLTS, fmt, hands=100)
    assert cache_files() == []
    assert not (Path(os.environ["XDG_CACHE_HOME"]) / "deckcheck").exists()


def test_an_edit_while_the_format_is_read_is_not_kept_with_the_old_data(tmp_path, monkeypatch):
    """Review32a #7: the entry's CRC was read after the YAML was parsed, so a file edited in
    between (same size and time) was kept as its new bytes with its old data, and every later
    run used the old rules. The CRC is of the bytes that were parsed."""
    from deckcheck import formats
    from deckcheck.formats import disk_cache

    _deck, event = make_event(tmp_path, "Lightning Bolt")
    parent = tmp_path / "parent.yaml"
    put = disk_cache.put

    def edit_then_put(*args, **kwargs):  # the edit lands between the parse and the write
        write(parent, "extends: mtg/constructed\nbanned: [Lightning Mare]\n", mtime=1_000_000_000_000_000_000)
        return put(*args, **kwargs)

    monkeypatch.setattr(disk_cache, "put", edit_then_put)
    monkeypatch.setattr(formats, "_CACHE", {})
    first = formats.load(event).data["banned"]
    assert "Lightning Bolt" in first and "Lightning Mare" not in first  # read before the edit
    monkeypatch.setattr(disk_cache, "put", put)
    monkeypatch.setattr(formats, "_CACHE", {})  # a later run: the disk cache alone
    later = formats.load(event).data["banned"]
    assert "Lightning Mare" in later and "Lightning Bolt" not in later


def test_an_edit_while_the_format_is_read_is_seen_by_the_same_process(tmp_path, monkeypatch):
    """The in-process cache stamped each file (time, size) after the chain was parsed, so a
    file edited in between (a new time) was stamped as edited and kept with the old data: a
    long-running process (a server, a library caller checking many decks) used the old rules
    for good. Each file is stamped as it was when read; the edit is seen at the next load."""
    from deckcheck import formats
    from deckcheck.formats import disk_cache

    _deck, event = make_event(tmp_path, "Lightning Bolt")
    parent = tmp_path / "parent.yaml"
    build = formats.build_format

    def edit_then_build(*args, **kwargs):  # the edit lands after the parse, before the stamps
        write(parent, "extends: mtg/constructed\nbanned: [Lightning Mare]\n", mtime=1_000_000_000_000_000_001)
        return build(*args, **kwargs)

    monkeypatch.setattr(formats, "build_format", edit_then_build)
    monkeypatch.setattr(formats, "_CACHE", {})
    monkeypatch.setattr(disk_cache, "enabled", lambda: False)
    first = formats.load(event).data["banned"]
    assert "Lightning Bolt" in first and "Lightning Mare" not in first  # read before the edit
    monkeypatch.setattr(formats, "build_format", build)
    later = formats.load(event).data["banned"]
    assert "Lightning Mare" in later and "Lightning Bolt" not in later


def test_an_edit_after_a_disk_cache_hit_is_seen_by_the_same_process(tmp_path, monkeypatch):
    """The same for a chain the disk cache held: its entry was checked against the files,
    then the in-process cache stamped them again; an edit in between was stamped and kept
    with the entry's old data."""
    from deckcheck import formats
    from deckcheck.formats import disk_cache

    _deck, event = make_event(tmp_path, "Lightning Bolt")
    parent = tmp_path / "parent.yaml"
    monkeypatch.setattr(formats, "_CACHE", {})
    formats.load(event)  # the disk cache's entry
    monkeypatch.setattr(formats, "_CACHE", {})  # a new process
    get = disk_cache.get

    def get_then_edit(*args, **kwargs):
        found = get(*args, **kwargs)
        assert found is not None
        write(parent, "extends: mtg/constructed\nbanned: [Lightning Mare]\n", mtime=1_000_000_000_000_000_001)
        return found

    monkeypatch.setattr(disk_cache, "get", get_then_edit)
    first = formats.load(event).data["banned"]
    assert "Lightning Bolt" in first
    monkeypatch.setattr(disk_cache, "get", get)
    later = formats.load(event).data["banned"]
    assert "Lightning Mare" in later and "Lightning Bolt" not in later


def test_an_entry_that_lists_a_pipe_does_not_hang(tmp_path):
    """Review32a #7: an entry's files were read whole for their CRC, whatever they were: an
    entry edited to list a named pipe (with its size and time) hung every run that asked it."""
    import threading

    from deckcheck.formats import disk_cache

    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    answers: list[object] = []
    reader = threading.Thread(target=lambda: answers.append(disk_cache._with_crcs(disk_cache._stamps([fifo]))), daemon=True)
    reader.start()
    reader.join(10)
    if reader.is_alive():  # let the blocked open go, so the test ends
        with open(fifo, "wb"):
            pass
        reader.join(10)
        raise AssertionError("reading the pipe for its CRC blocked")
    assert answers == [None]


@pytest.mark.parametrize("link", ["parent.yaml", "sub"])
def test_a_link_on_the_chain_retargeted_is_seen(cli, tmp_path, monkeypatch, link):
    """Review of session 33, finding 2: both caches stamped each file of the chain by its
    real path, so retargeting a link the chain goes through (`parent.yaml ->
    real-parent.yaml`, or a folder `sub -> v1`) changed no file they stamped, and a new
    process (and the same one) kept the old parent's ban. Both targets keep their time."""
    deck = tmp_path / "deck.txt"
    deck.write_text(BOLTS, encoding="utf-8")
    for folder, banned in (("v1", "Lightning Bolt"), ("v2", "")):
        (tmp_path / folder).mkdir()
        write(tmp_path / folder / "parent.yaml", f"extends: mtg/constructed\nbanned: [{banned}]\n", mtime=10**18)
    write(tmp_path / "real.yaml", f"name: Event\nextends: {'sub/' if link == 'sub' else ''}parent.yaml\n", mtime=10**18)
    (tmp_path / "child.yaml").symlink_to("real.yaml")
    event = tmp_path / "child.yaml"

    def point(target: str) -> None:
        (tmp_path / link).unlink(missing_ok=True)
        (tmp_path / link).symlink_to(target if link == "sub" else f"{target}/parent.yaml")

    from deckcheck import formats

    monkeypatch.setattr(formats, "_CACHE", {})
    point("v1")
    assert banned_cards(cli, deck, event) == ["Lightning Bolt"]
    assert banned_cards(cli, deck, event) == ["Lightning Bolt"]  # from the disk cache
    assert "Lightning Bolt" in formats.load(event).data["banned"]
    point("v2")
    assert banned_cards(cli, deck, event) == []
    assert "Lightning Bolt" not in formats.load(event).data["banned"]
    point("v1")
    assert banned_cards(cli, deck, event) == ["Lightning Bolt"]
    assert "Lightning Bolt" in formats.load(event).data["banned"]
