"""Broken format files: each in tests/format_errors/ must stop `formats check` and
`validate -f` with exit 2 and one line naming the file and the key at fault (every file
through the library, one per kind of fault through the installed command).

The expected key and message fragment of each file are data, in tests/format_errors/cases.yaml;
adding a case is adding a file and a line there.
"""
from __future__ import annotations

import datetime as dt
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import caseload
from files import write
from deckcheck.errors import FormatError
from deckcheck.formats import check_file, load
from deckcheck.schema import ListOf, MapOf, Str, Struct

ERRORS = Path(__file__).parent / "format_errors"
CASE = Struct({"key": Str(), "message": Str(non_empty=True), "in": Str(), "cycle": ListOf(Str())}, required=("message",))
CASES: dict[str, dict] = caseload.load(ERRORS / "cases.yaml", MapOf(CASE))
EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "burn-modern.txt"

TODAY = dt.date.today()  # zone sizes are dated; these formats state one size for every day


def _expected_line(name: str) -> str:
    """The start of the one-line message: `deckcheck: error: FILE: KEY: `."""
    case = CASES[name]
    start = f"deckcheck: error: {ERRORS / case.get('in', name)}: "
    return start + (f"{case['key']}: " if "key" in case else "")


def _check_message(name: str, stderr: str) -> None:
    case = CASES[name]
    assert stderr.endswith("\n") and stderr.count("\n") == 1, f"{name}: not one line: {stderr!r}"
    assert stderr.startswith(_expected_line(name)), f"{name}: {stderr!r}"
    assert case["message"] in stderr, f"{name}: {stderr!r}"
    if "cycle" in case:
        assert " -> ".join(str(ERRORS / part) for part in case["cycle"]) in stderr, f"{name}: {stderr!r}"


def test_every_file_has_a_case():
    files = {path.name for path in ERRORS.glob("*.yaml")} - {"cases.yaml"}
    assert files == set(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_library_error_names_file_and_key(name):
    case = CASES[name]
    with pytest.raises(FormatError) as caught:
        check_file(ERRORS / name)
    assert caught.value.path == str(ERRORS / case.get("in", name))
    assert caught.value.key == case.get("key")
    assert case["message"] in str(caught.value)
    assert "\n" not in str(caught.value)  # the CLI prints it as one line
    with pytest.raises(FormatError):  # and through the loader `validate` uses
        load(str(ERRORS / name))


# Every file goes through the library above (`check_file` is all `formats check` calls, and
# `load` is what `validate -f` calls); one file per kind of fault also goes through both
# installed commands, which keeps the process count - and the suite's time - down.
CLI_CASES = (
    "unknown-key.yaml", "wrong-type.yaml", "bad-date.yaml", "missing-extends.yaml", "cycle-a.yaml",
    "empty.yaml", "invalid-yaml.yaml", "not-a-mapping.yaml", "not-utf8.yaml", "duplicate-key.yaml",
    "broken-parent.yaml", "min-over-max.yaml",
)


def _run_all(cli, names, make_args) -> dict[str, object]:
    # Each case is its own process; two at a time keeps the suite quick on a small machine.
    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = {name: pool.submit(cli, *make_args(ERRORS / name)) for name in names}
    return {name: run.result() for name, run in runs.items()}


def test_formats_check_exits_2_with_one_line(cli):
    assert set(CLI_CASES) <= set(CASES)
    for name, done in _run_all(cli, CLI_CASES, lambda path: ("formats", "check", str(path))).items():
        assert done.returncode == 2, name
        assert done.stdout == "", name
        _check_message(name, done.stderr)


def test_validate_with_a_broken_format_exits_2_with_one_line(cli):
    runs = _run_all(cli, CLI_CASES, lambda path: ("validate", str(EXAMPLE), "-f", str(path), "-o", "json"))
    for name, done in runs.items():
        assert done.returncode == 2, name
        assert done.stdout == "", name  # no report at all: the format, not the deck, is at fault
        _check_message(name, done.stderr)


# ------------------------------------------------------------------ fixed bugs, one test each


def test_null_zone_without_a_parent_loads(tmp_path):
    """`deck: {main: null}` in a file that extends nothing used to crash in the builder."""
    path = tmp_path / "nulls.yaml"
    path.write_text("name: Nulls\ngame: mtg\ndeck:\n  main: null\n  sideboard: {max: 15}\n", encoding="utf-8")
    fmt = check_file(path)
    assert list(fmt.zones) == ["sideboard"]


@pytest.mark.parametrize("number", ["40.5", "40.000", "1.5"])
def test_a_decimal_size_in_a_format_file_gets_no_thousands_hint(tmp_path, number):
    """`min: 40.5` was told "for 40,500 write 40500" (review31f): a zone's size is never
    thousands, so the hint of deckcheck.yaml's `hands` is not given here."""
    path = tmp_path / "f.yaml"
    path.write_text(f"name: F\ngame: mtg\ndeck:\n  main: {{min: {number}}}\n", encoding="utf-8")
    with pytest.raises(FormatError) as caught:
        check_file(path)
    assert caught.value.key == "deck.main.min"
    assert "expected a whole number >= 0, got a number" in str(caught.value)
    assert "write" not in str(caught.value), str(caught.value)


def test_editing_a_parent_is_seen_by_the_next_load(tmp_path):
    """The cache used to key on the child's file only: a changed parent stayed stale."""
    parent = tmp_path / "parent.yaml"
    child = tmp_path / "child.yaml"
    parent.write_text("name: P\ngame: mtg\nbanned: [Black Lotus]\n", encoding="utf-8")
    child.write_text("name: C\ngame: mtg\nextends: ./parent.yaml\n", encoding="utf-8")
    assert [e.card for e in load(child).banned] == ["Black Lotus"]
    parent.write_text("name: P\ngame: mtg\nbanned: [Black Lotus, Mox Pearl]\n", encoding="utf-8")
    assert [e.card for e in load(child).banned] == ["Black Lotus", "Mox Pearl"]
    parent.write_text("name: P\ngame: mtg\nbaned: []\n", encoding="utf-8")
    with pytest.raises(FormatError, match="baned"):
        load(child)


def test_relative_format_path_follows_the_current_directory(tmp_path, monkeypatch):
    for folder, size in (("one", 40), ("two", 50)):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "f.yaml").write_text(f"name: F\ngame: mtg\ndeck: {{main: {{min: {size}}}}}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path / "one")
    assert load(Path("f.yaml")).zone_size("main", TODAY).min == 40
    monkeypatch.chdir(tmp_path / "two")
    assert load(Path("f.yaml")).zone_size("main", TODAY).min == 50


def test_cycle_through_parent_directories_is_found(tmp_path):
    """`d1/a.yaml` -> `../d2/b.yaml` -> `../d1/a.yaml` names one file by ever longer paths;
    comparing spellings recursed until the OS refused the file name. (`extends` leaves
    d1, so the tree they may share is given: tmp_path.)"""
    (tmp_path / "d1").mkdir()
    (tmp_path / "d2").mkdir()
    (tmp_path / "d1" / "a.yaml").write_text("name: A\ngame: mtg\nextends: ../d2/b.yaml\n", encoding="utf-8")
    (tmp_path / "d2" / "b.yaml").write_text("name: B\ngame: mtg\nextends: ../d1/a.yaml\n", encoding="utf-8")
    with pytest.raises(FormatError) as caught:
        check_file(tmp_path / "d1" / "a.yaml", root=tmp_path)
    assert caught.value.key == "extends"
    # ... and the line of d1/a.yaml's `extends`, where the cycle is closed again.
    assert str(caught.value).endswith(f"{tmp_path}/d1/a.yaml -> {tmp_path}/d2/b.yaml -> {tmp_path}/d1/a.yaml (line 3)")


def test_description_is_not_inherited(tmp_path):
    path = tmp_path / "child.yaml"
    path.write_text("name: Child\ngame: mtg\nextends: mtg/constructed\n", encoding="utf-8")
    assert load("mtg/constructed").option("description")
    assert check_file(path).option("description") is None


def test_yaml_merge_keys_are_not_duplicates(tmp_path):
    path = tmp_path / "anchors.yaml"
    path.write_text(
        "name: Anchors\ngame: mtg\nopening_hand: &hand {size: 7, mulligan: london}\n"
        "deck:\n  main: &sixty {min: 60}\n  sideboard:\n    <<: *sixty\n    min: 0\n",
        encoding="utf-8",
    )
    fmt = check_file(path)
    assert fmt.zone_size("sideboard", TODAY).min == 0 and fmt.zone_size("main", TODAY).min == 60


def test_dates_are_read_as_dates(tmp_path):
    path = tmp_path / "dated.yaml"
    path.write_text(
        "name: Dated\ngame: mtg\nbanned:\n  - {card: Survival of the Fittest, since: 2011-01-01}\n"
        "  - {card: Time Spiral, until: '2011-01-01'}\n",
        encoding="utf-8",
    )
    import datetime as dt

    fmt = check_file(path)
    assert [(e.card, e.since, e.until) for e in fmt.banned] == [
        ("Survival of the Fittest", dt.date(2011, 1, 1), None),
        ("Time Spiral", None, dt.date(2011, 1, 1)),
    ]
    assert list(fmt.banned_on(dt.date(2010, 12, 31))) == ["time spiral"]
    assert list(fmt.banned_on(dt.date(2011, 1, 1))) == ["survival of the fittest"]


def test_a_formats_records_compare_and_pickle_as_before(tmp_path):
    """The format's records (formats/model.py) are deckcheck.record.Records: a list entry
    compares without its per-platform days, a copy made with `replace` shares the format's
    memo, and a format survives pickling (batch workers)."""
    import pickle

    path = tmp_path / "dated.yaml"
    path.write_text(
        "name: Dated\ngame: mtg\nbanned:\n  - {card: Oko, since: {paper: 2020-01-01, mtgo: 2020-01-03}}\n",
        encoding="utf-8",
    )
    fmt = check_file(path)
    entry = fmt.banned[0]
    assert entry.platform_since == {"mtgo": dt.date(2020, 1, 3)}
    assert entry == entry.replace(platform_since={}) and hash(entry) == hash(entry.replace(platform_since={}))
    assert entry != entry.replace(since=dt.date(2020, 1, 2))
    renamed = fmt.replace(name="Renamed")
    assert renamed.name == "Renamed" and renamed.memo is fmt.memo and renamed != fmt
    assert pickle.loads(pickle.dumps(fmt)) == fmt


def test_a_format_shows_which_format_it_is_not_all_of_its_lists():
    """repr(load_format("mtg/legacy")) was 85 KB, every dated list of its data: a REPL, a
    log line, a debugger's view or an error quoting the format (a library caller's) was
    buried under it."""
    fmt = load("mtg/legacy")
    assert repr(fmt) == f"Format(id='mtg/legacy', name='Legacy', game='mtg', path={fmt.path!r})"
    assert "Format(id='mtg/legacy'" in repr(fmt.replace(name="Legacy 2"))


def test_specs_compare_by_their_fields():
    """Schema specs (schema.py) compare by their fields and are not hashable; a MapOf's
    keys are any text unless said."""
    assert Struct({"a": Str()}, required=("a",)) == Struct({"a": Str()}, required=("a",))
    assert Struct({"a": Str()}) != Struct({"a": Str(non_empty=True)})
    assert MapOf(Str()).key == Str() and MapOf(Str()) != ListOf(Str())
    assert repr(Struct({"a": Str()})) == (
        "Struct(fields={'a': Str(choices=(), non_empty=False, pattern=None, longest=None)}, required=(), check_whole=None)"
    )
    with pytest.raises(TypeError):
        hash(Struct({}))
    with pytest.raises(TypeError):
        hash(Str())


def _chain(folder: Path, length: int, entries: int = 1) -> Path:
    """f0.yaml extends f1.yaml ... extends f{length-1}.yaml (which extends nothing); each
    bans `entries` cards of its own and one of the file above it, so every merge has
    inherited entries to drop."""
    for index in range(length):
        banned = [f"Card {index} {n}" for n in range(entries)] + ([f"Card {index + 1} 0"] if index + 1 < length else [])
        parent = f"extends: f{index + 1}.yaml\n" if index + 1 < length else ""
        (folder / f"f{index}.yaml").write_text(
            f"name: F{index}\ngame: mtg\n{parent}banned: [{', '.join(repr(b) for b in banned)}]\n", encoding="utf-8"
        )
    return folder / "f0.yaml"


def test_an_extends_chain_deeper_than_the_limit_is_refused(tmp_path):
    from deckcheck.limits import MAX_EXTENDS_DEPTH

    assert check_file(_chain(tmp_path, MAX_EXTENDS_DEPTH)).name == "F0"
    deeper = tmp_path / "deeper"
    deeper.mkdir()
    with pytest.raises(FormatError, match=f"`extends` goes more than {MAX_EXTENDS_DEPTH} files deep"):
        check_file(_chain(deeper, MAX_EXTENDS_DEPTH + 1))


def test_a_chain_keys_each_list_entry_once(tmp_path, monkeypatch):
    """Merging a level re-keyed every entry inherited from above it: a long chain of long
    lists cost the square of its length (docs/security.md)."""
    from deckcheck.formats import merge as merging

    keyed: list[str] = []
    real = merging.card_key
    monkeypatch.setattr(merging, "card_key", lambda name: keyed.append(name) or real(name))
    fmt = check_file(_chain(tmp_path, 10, entries=50))
    assert len(fmt.banned) == 10 * 50  # each file's own 50; the parent's card it names is its own entry now
    assert len(keyed) == 10 * 51 - 1  # each of the files' 509 entries once (before: every level again)


def test_a_chain_whose_lists_grow_past_the_limit_is_refused(tmp_path, monkeypatch):
    """Each `extends` level adds its lists to its parent's: a pull request's chain of 8
    format files of 95,000 names each (git stores them in kilobytes) took 495 MB and 16 s
    of CPU for one deck. A chain whose files list more than
    MAX_FORMAT_LIST_ENTRIES together is refused at the file that passes the bound, before
    the files it extends are read."""
    from deckcheck import formats
    from deckcheck.limits import MAX_FORMAT_LIST_ENTRIES

    monkeypatch.setattr(formats, "MAX_FORMAT_LIST_ENTRIES", 121)
    assert len(check_file(_chain(tmp_path, 2, entries=60)).banned) == 120  # 61 + 60 entries written
    longer = tmp_path / "longer"
    longer.mkdir()
    (longer / "f2.yaml").write_text("not: [valid", encoding="utf-8")  # never read: f1 passes the bound
    _chain(longer, 2, entries=60)
    (longer / "f1.yaml").write_text((longer / "f1.yaml").read_text(encoding="utf-8").replace(
        "name: F1\n", "name: F1\nextends: f2.yaml\n").replace("]", ", 'Card 2 0']"), encoding="utf-8")
    with pytest.raises(FormatError) as refused:
        check_file(longer / "f0.yaml")
    assert str(refused.value) == (
        f"{longer / 'f1.yaml'}: the card names (banned, restricted, ..., points, copy_limit.per_card) of this file "
        "and the files that extend it number 122; at most 121 (no game has that many cards)"
    )
    assert MAX_FORMAT_LIST_ENTRIES == 100_000


def test_a_chain_of_per_card_limits_past_the_limit_is_refused(tmp_path, monkeypatch):
    """`copy_limit.per_card` and `points` map card names and merge at every level as the
    lists do: 8 files of 95,000 `per_card` names took 333 MB and 26 s for one deck, as
    the bound counted only the dated lists."""
    from deckcheck import formats

    monkeypatch.setattr(formats, "MAX_FORMAT_LIST_ENTRIES", 100)
    names = ", ".join(f"'Card {number}': 2" for number in range(60))
    (tmp_path / "base.yaml").write_text(f"name: Base\ngame: mtg\ncopy_limit: {{per_card: {{{names}}}}}\n", encoding="utf-8")
    points = ", ".join(f"'Other {number}': 1" for number in range(50))
    (tmp_path / "child.yaml").write_text(f"name: Child\nextends: base.yaml\npoints: {{{points}}}\n", encoding="utf-8")
    with pytest.raises(FormatError) as refused:
        check_file(tmp_path / "child.yaml")
    assert str(refused.value).startswith(f"{tmp_path / 'base.yaml'}: the card names")
    assert "number 110; at most 100" in str(refused.value)


def test_the_formats_kept_in_memory_are_bounded(tmp_path):
    """A server that checks decks against its users' format files (a new temporary file
    each) kept every format it ever loaded (200 formats of 30,000 names: 3.1 GB); the
    oldest go first past MAX_FORMATS_KEPT, and one loaded again is the same format."""
    from deckcheck import formats, pipeline, validate
    from deckcheck.limits import MAX_FORMATS_KEPT

    paths = []
    for index in range(MAX_FORMATS_KEPT + 10):
        path = tmp_path / f"f{index}.yaml"
        path.write_text(f"name: F{index}\nextends: mtg/modern\nbanned: [Card {index}]\n", encoding="utf-8")
        paths.append(path)
        assert validate("4 Lightning Bolt\n56 Mountain\n", path).legal
    # The names each format lists, worked out once a format, held it too.
    assert len(formats._CACHE) <= MAX_FORMATS_KEPT and len(pipeline._LISTED) <= MAX_FORMATS_KEPT
    assert not any(str(paths[0].resolve()) in key for key in formats._CACHE)
    again = formats.load(paths[0])
    assert again.name == "F0" and [entry.card for entry in again.banned if entry.card.startswith("Card")] == ["Card 0"]


def test_a_format_dropped_from_memory_takes_its_card_pool_with_it(tmp_path):
    """The card-pool verdicts a catalog keeps (up to MAX_MEMO_KEYS tables) kept alive each
    pool's whole content, its sets among them, after its format was dropped: a server
    checking decks against its users' uploads (each a new file) grew by 3.3 MB an upload
    of 20,000 sets, without end, past the MAX_FORMATS_KEPT formats it keeps."""
    import gc

    from deckcheck import validate
    from deckcheck.games.mtg.card_pool import SetWindow
    from deckcheck.limits import MAX_FORMATS_KEPT

    def uploads_alive() -> int:
        gc.collect()
        return len({item.code for item in gc.get_objects() if type(item) is SetWindow and item.code.startswith("up")})

    for index in range(MAX_FORMATS_KEPT + 20):
        path = tmp_path / f"upload{index}.yaml"
        path.write_text(f"name: U{index}\nextends: mtg/modern\ncard_pool:\n  sets: [up{index}, m10]\n", encoding="utf-8")
        assert validate("4 Lightning Bolt\n56 Mountain\n", path, date="2024-06-01").legal  # both in Magic 2010
    assert uploads_alive() <= MAX_FORMATS_KEPT


def test_the_format_used_most_stays_kept_however_many_others_load(tmp_path):
    """The least used goes first, not the first loaded: a server's own format, loaded
    first and used between every user's upload, was dropped and read again and again."""
    from deckcheck import formats
    from deckcheck.limits import MAX_FORMATS_KEPT

    own = tmp_path / "own.yaml"
    own.write_text("name: Own\nextends: mtg/modern\n", encoding="utf-8")
    first = formats.load(own)
    for index in range(MAX_FORMATS_KEPT + 10):
        path = tmp_path / f"user{index}.yaml"
        path.write_text(f"name: U{index}\nextends: mtg/modern\n", encoding="utf-8")
        formats.load(path)
        assert formats.load(own) is first


def _event_of_formats(root, count: int, names: int) -> None:
    """A manifest whose rows each name their own format file, each extending mtg/legacy
    with `names` banned cards of its own."""
    files = {"deck.txt": "4 Opt\n56 Island\n"}
    rows = ["player,deck,format"]
    for index in range(count):
        banned = "".join(f"  - {{card: Card {index}-{name}, since: 2020-01-01}}\n" for name in range(names))
        files[f"f{index}.yaml"] = f"name: Names {index}\nextends: mtg/legacy\nbanned:\n{banned}"
        rows.append(f"p{index},deck.txt,f{index}.yaml")
    files["event.csv"] = "\n".join(rows) + "\n"
    write(root, files)


def test_the_formats_of_one_batch_write_a_bounded_number_of_card_names(tmp_path, monkeypatch):
    """Each format file passes MAX_FORMAT_LIST_ENTRIES alone, but a manifest's rows may each
    name one: 20 files of 99,000 names took 154 s and 1.2 GB. Past MAX_FORMAT_NAMES_PER_RUN
    together (here the first two files' worth), the file that passes it is refused and
    dropped from the formats kept, the later ones are not even loaded, and every row is
    still reported."""
    from deckcheck import formats
    from deckcheck.batch import check_source
    from deckcheck.formats import card_names, run_names

    legacy = card_names.name_count(formats.load("mtg/legacy").data)
    monkeypatch.setattr(run_names, "MAX_FORMAT_NAMES_PER_RUN", 2 * (legacy + 3) + 1)
    _event_of_formats(tmp_path, 5, 3)
    monkeypatch.chdir(tmp_path)
    loaded: list[str] = []
    real_load = formats.load
    monkeypatch.setattr("deckcheck.batch.check.load", lambda ref, **kw: loaded.append(str(ref)) or real_load(ref, **kw))
    results = check_source("event.csv", None, date="2024-06-01", jobs=1).report.results
    assert [result.player for result in results] == [f"p{index}" for index in range(5)]
    assert [result.legal for result in results] == [True, True, False, False, False]
    assert "at most" in results[2].problems[0].message and "f2.yaml" in results[2].problems[0].message
    for result in results[3:]:
        assert "not loaded" in result.problems[0].message and "f2.yaml would pass" in result.problems[0].message
    assert [Path(ref).name for ref in loaded] == ["f0.yaml", "f1.yaml", "f2.yaml"]
    assert not any(Path(kept.path).name == "f2.yaml" for kept, _ in formats._CACHE.values())


def test_the_formats_of_one_check_run_write_a_bounded_number_of_card_names(tmp_path, monkeypatch):
    """`check` of a pull request that names many format files stops with a FormatError
    naming the file that passes MAX_FORMAT_NAMES_PER_RUN (exit 2 on the command line)."""
    from deckcheck import formats
    from deckcheck.formats import card_names, run_names
    from deckcheck.project import check
    from deckcheck.project.config import load_config

    legacy = card_names.name_count(formats.load("mtg/legacy").data)
    monkeypatch.setattr(run_names, "MAX_FORMAT_NAMES_PER_RUN", 2 * (legacy + 3) + 1)
    _event_of_formats(tmp_path, 3, 3)
    (tmp_path / "deck.txt").unlink()  # the batch's deck: here each deck names its format file
    write(tmp_path, {f"d{index}.txt": "4 Opt\n56 Island\n" for index in range(3)})
    write(tmp_path, {"deckcheck.yaml": "format: mtg/legacy\nformats:\n" + "".join(f"  d{i}.txt: f{i}.yaml\n" for i in range(3))})
    monkeypatch.chdir(tmp_path)
    with pytest.raises(FormatError, match=r"f2\.yaml: the formats of this run would write .* at most"):
        check.run_check(load_config(tmp_path / "deckcheck.yaml"), ())
    monkeypatch.setattr(run_names, "MAX_FORMAT_NAMES_PER_RUN", 3 * (legacy + 3))
    run = check.run_check(load_config(tmp_path / "deckcheck.yaml"), ())  # within the bound: every deck checked
    assert len(run.report.results) == 3


def test_the_bound_of_format_names_a_run_writes_leaves_room_for_every_bundled_format():
    from deckcheck import formats
    from deckcheck.formats import card_names
    from deckcheck.limits import MAX_FORMAT_NAMES_PER_RUN

    bundled = sum(card_names.name_count(formats.load(format_id, base=True).data) for format_id in formats.available())
    assert bundled * 10 < MAX_FORMAT_NAMES_PER_RUN


def _aliased_sources(levels: int) -> str:
    """A format file whose `sources` list, `levels` deep in nested aliases of ten, stands
    for 10**levels texts written out: a few hundred bytes."""
    value = '&a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]'
    for level in range(1, levels + 1):
        value = f"&a{level} [{value}, " + ", ".join([f"*a{level - 1}"] * 9) + "]"
    return f"name: Aliased\ngame: mtg\nextends: mtg/constructed\nsources: {value}\n"


def test_a_format_files_aliases_may_not_stand_for_more_than_a_file_holds(tmp_path):
    """A format file may use anchors and aliases (merge keys, a shared date), but what they
    stand for written out is bounded as a file is: 1.4 MB of one megabyte-long name named
    90,000 times took 3 GB before the format's disk cache gave up (MemoryError), and a few
    hundred bytes of nested aliases stand for billions of names."""
    big = tmp_path / "big.yaml"
    big.write_text(
        f"name: Big\ngame: mtg\nextends: mtg/constructed\ndescription: &s \"{'Z' * 1_000_000}\"\nsources:\n"
        + "- *s\n" * 5,
        encoding="utf-8",
    )
    nested = tmp_path / "nested.yaml"
    nested.write_text(_aliased_sources(9), encoding="utf-8")
    for path, line in ((big, 9), (nested, 4)):
        with pytest.raises(FormatError) as caught:
            check_file(path)
        message = str(caught.value)
        assert message.startswith(f"{path}: line {line}, column "), message
        assert "anchors and aliases (&name, *name) stand for more than 4,194,304 characters written out" in message
        assert caught.value.line == line
    # Within the bound, aliases are followed as ever.
    small = tmp_path / "small.yaml"
    small.write_text(
        "name: Small\ngame: mtg\nextends: mtg/constructed\ndescription: &d Rule 1\nsources: [*d, *d]\n", encoding="utf-8")
    assert check_file(small).option("sources") == ["Rule 1", "Rule 1"]


def test_a_format_file_with_aliases_is_parsed_once(tmp_path, monkeypatch):
    """The bound on what aliases stand for was a pass of its own over the parser's events
    for any file with a `*` in it (an alias, or a comment, a glob, a card name), then the
    file was parsed again to build it: twice the parsing. The bound is now worked out from
    the one node tree the file is built from; only a file past it is parsed again, to name
    the alias where it passes (the test above)."""
    import yaml

    from deckcheck import yamlload

    passes: list[None] = []
    real = yaml.parse
    monkeypatch.setattr(yaml, "parse", lambda *args, **kwargs: passes.append(None) or real(*args, **kwargs))
    small = tmp_path / "small.yaml"
    small.write_text(
        "name: Small  # *the* format\ngame: mtg\nextends: mtg/constructed\ndescription: &d Rule 1\n"
        "sources: [*d, *d, {a: *d}]\n", encoding="utf-8")
    document = yamlload.read_yaml_file(small, what="format file")
    assert document.data["sources"] == ["Rule 1", "Rule 1", {"a": "Rule 1"}]
    assert passes == []
    # A self-referring anchor stands for what it has been read as so far, as before.
    looped = yamlload.load_yaml_document("a: &x [1, *x]\n", source="looped.yaml")
    assert looped.data["a"][1] is looped.data["a"] and passes == []


MAX_DATED_SIZES = 64  # deckcheck/limits.py


def test_a_zone_has_at_most_so_many_dated_sizes(tmp_path):
    """`formats check` compares every two dated sizes of a zone: a stranger's format file of
    4,000 sizes of its main deck (120 KB) took 98 s and 2 GB, of 20,000 (600 KB) longer than
    anyone waits. No zone's rules changed more than a few times."""
    def sizes(count: int) -> str:
        days = [dt.date(2000, 1, 1) + dt.timedelta(days=number) for number in range(count)]
        return "name: Dated\ngame: mtg\nextends: mtg/constructed\ndeck:\n  main: [" + ", ".join(
            f"{{min: 60, until: {day.isoformat()}}}" for day in days) + "]\n"

    path = tmp_path / "dated.yaml"
    path.write_text(sizes(MAX_DATED_SIZES + 1), encoding="utf-8")
    with pytest.raises(FormatError) as caught:
        check_file(path)
    assert str(caught.value) == (f"{path}: deck.main: {MAX_DATED_SIZES + 1} dated sizes; a zone has at most "
                                 f"{MAX_DATED_SIZES} (line 5)")
    path.write_text(sizes(MAX_DATED_SIZES), encoding="utf-8")
    assert len(check_file(path).zones["main"]) == MAX_DATED_SIZES


MAX_FORMAT_KINDS, MAX_FORMAT_SETS = 1_000, 5_000  # deckcheck/limits.py


@pytest.mark.parametrize("key, head, item, bound, things", [
    ("commander.eligible", "extends: mtg/commander\ncommander:\n  eligible:\n", "    - legendary_creature\n",
     MAX_FORMAT_KINDS, "values"),
    ("banned_types", "extends: mtg/constructed\nbanned_types:\n", "  - Conspiracy\n", MAX_FORMAT_KINDS, "values"),
    ("platforms", "extends: mtg/constructed\nplatforms:\n", "  - paper\n", MAX_FORMAT_KINDS, "values"),
    ("card_pool.sets", "extends: mtg/constructed\ncard_pool:\n  sets:\n", "    - m10\n", MAX_FORMAT_SETS, "sets"),
])
def test_a_format_files_lists_of_kinds_and_sets_are_bounded(tmp_path, key, head, item, bound, things):
    """Lists of values that are no card names (MAX_FORMAT_LIST_ENTRIES counts names) were
    unbounded: a stranger's 4 MiB file of 400,000 `eligible` kinds took 3.8 s for three decks,
    each card matched against each kind, and of 400,000 sets about 104 MB. A game has a few
    dozen kinds and Magic about 1,000 sets; one more than the bound is refused, naming the
    key and its line, before any deck is checked."""
    path = tmp_path / "many.yaml"
    path.write_text("name: Many\ngame: mtg\n" + head + item * (bound + 1), encoding="utf-8")
    with pytest.raises(FormatError) as caught:
        check_file(path)
    line = 2 + head.count("\n")
    assert str(caught.value) == f"{path}: {key}: {bound + 1:,} {things}; this list has at most {bound:,} (line {line})"
