"""A batch checks a deck file's bytes once: players register the same list, and every
copy gets the verdict its own check would give, under its own name (batch/runner.py,
`check_one`). Each case is a folder of files, some of them byte for byte the same; the
report must be the one of a batch that checks every file afresh."""
from __future__ import annotations

import datetime as dt
import json
import os

import pytest
from files import write

from deckcheck import report
from deckcheck.batch import check_source, runner
from deckcheck.decklists import extension

DATE = "2024-06-01"
DEK = (
    '<?xml version="1.0" encoding="utf-8"?>\n<Deck>\n'
    '  <Cards CatID="1" Quantity="4" Sideboard="false" Name="Brainstorm" />\n'
    '  <Cards CatID="2" Quantity="56" Sideboard="false" Name="Island" />\n</Deck>\n'
)
LISTS = {
    "legal": "4 Opt\n56 Island\n",
    "banned": "1 Black Lotus\n59 Island\n\n15 Pyroblast\n",
    "five copies": "5 Brainstorm\n55 Island\n",
    "unknown card": "4 Lightning Bolt\n4 Lightnig Bolt\n52 Mountain\n",
    "unreadable line": "4 Opt\nfour Islands\n56 Island\n",
    "guessed sideboard": "4 Opt\n26 Island\n\n30 Island\n\n2 Pyroblast\n",
    "empty": "",
}
# Each case: files (name -> text), and the names whose decks must have been checked
# (the first of each set of equal bytes with the same extension).
CASES = {
    "copies of each list": (
        {f"{folder}/{name}.txt": text for folder in ("a", "b", "c") for name, text in LISTS.items()},
        len(LISTS),
    ),
    "one list as .dek XML and as text": (
        {"x/deck.dek": DEK, "y/deck.dek": DEK, "x/deck.txt": DEK, "y/other.txt": DEK},
        2,
    ),
    "a broken XML file names itself": (
        {"one.dek": "<Deck><Cards Quantity='x'", "two.dek": "<Deck><Cards Quantity='x'"},
        2,
    ),
}


def batch_json(root, monkeypatch, format_id: str = "mtg/legacy") -> dict:
    monkeypatch.chdir(root)
    batch = check_source(".", format_id, date=DATE, jobs=1)
    return json.loads(report.deliver_batch(report.load("json"), batch))


def counting_checks(monkeypatch) -> list[str]:
    """The files whose decks are checked (parsed and ruled on), in order."""
    checked: list[str] = []
    check = runner._check_deck

    def counted(task, day, deck):
        checked.append(task.shown)
        return check(task, day, deck)

    monkeypatch.setattr(runner, "_check_deck", counted)
    return checked


@pytest.mark.parametrize("case", CASES)
def test_files_of_the_same_bytes_are_checked_once_with_the_verdict_each_would_get(tmp_path, monkeypatch, case):
    files, checks = CASES[case]
    write(tmp_path / "fresh", files)
    write(tmp_path / "once", files)
    monkeypatch.setattr(runner, "MAX_VERDICTS", 0)  # no verdict kept: every file checked afresh
    expected = batch_json(tmp_path / "fresh", monkeypatch)
    monkeypatch.undo()
    checked = counting_checks(monkeypatch)
    found = batch_json(tmp_path / "once", monkeypatch)
    assert found == expected
    assert len(found["results"]) == len(files)
    if case == "a broken XML file names itself":  # a message naming its file is not another file's
        messages = {result["deck"]: result["problems"][0]["message"] for result in found["results"]}
        assert all(message.startswith(f"{deck}: ") for deck, message in messages.items()), messages
    assert len(checked) == checks, checked


def test_the_same_bytes_under_another_extension_are_read_by_that_extension_s_parser(tmp_path, monkeypatch):
    passcodes = "46986414\n" * 3 + "89631139\n" * 3  # a .ydk's lines without its `#main` header
    write(tmp_path, {"deck.ydk": passcodes, "deck.txt": passcodes})
    results = {result["deck"]: result for result in batch_json(tmp_path, monkeypatch, format_id="yugioh/advanced-tcg")["results"]}
    assert results["deck.ydk"]["counts"]["main"] == 6
    assert [problem["rule"] for problem in results["deck.ydk"]["problems"]] == ["deck-size"]
    assert results["deck.txt"]["counts"]["main"] == 0  # typed-list lines it cannot read
    assert {problem["rule"] for problem in results["deck.txt"]["problems"]} >= {"parse-error"}


def test_verdicts_are_kept_within_their_bounds_and_forgotten_after_the_run(tmp_path, monkeypatch):
    lists = {f"{index}.txt": f"{index + 1} Black Lotus\n59 Island\n" for index in range(6)}  # one banned problem each
    write(tmp_path, lists)
    monkeypatch.setattr(runner, "MAX_VERDICTS", 4)
    tasks = [runner.Task(path=str(tmp_path / name), shown=name, format_id="mtg/legacy") for name in lists]
    day = dt.date(2024, 6, 1)
    for task in tasks:
        runner.check_one(task, day)
    assert len(runner._VERDICTS) == 4
    assert runner._held[0] == sum(len(verdict.problems) for verdict in runner._VERDICTS.values()) == 4
    monkeypatch.setattr(runner, "MAX_PROBLEMS_PER_REPORT", 2)
    runner.check_one(runner.Task(path=str(tmp_path / "0.txt"), shown="again", format_id="mtg/legacy"), day)
    assert len(runner._VERDICTS) == 2 and runner._held[0] == 2  # the oldest went first
    runner.forget_run()
    assert not runner._VERDICTS and runner._held[0] == 0
    write(tmp_path, {"copy.txt": lists["0.txt"]})
    batch_json(tmp_path, monkeypatch)
    assert not runner._VERDICTS  # a run forgets what it kept


def test_a_run_forgets_the_formats_its_rows_loaded(tmp_path, monkeypatch):
    """A deck site's process that checks its users' events, each with a format file of its
    own, held every one of them for ever in the runner's formats."""
    write(tmp_path, {"deck.txt": LISTS["legal"], "own.yaml": "name: Own\nextends: mtg/legacy\n",
                     "event.csv": "player,deck,format\nann,deck.txt,own.yaml\n"})
    monkeypatch.chdir(tmp_path)
    seen: list[int] = []
    real = runner._check_deck

    def checked(task, day, deck):
        outcome = real(task, day, deck)
        seen.append(len(runner._FORMATS))
        return outcome

    monkeypatch.setattr(runner, "_check_deck", checked)
    results = check_source("event.csv", None, date=DATE, jobs=1).report.results
    assert [result.format for result in results] == ["own.yaml"] and results[0].legal
    assert seen == [1] and not runner._FORMATS


def test_a_folder_of_copies_through_the_command(cli, tmp_path):
    write(tmp_path, {f"player{index}.txt": LISTS["banned"] for index in range(5)})
    write(tmp_path, {"typo.txt": LISTS["unknown card"], "typo-too.txt": LISTS["unknown card"]})
    outputs = []
    for jobs in ("1", "2"):
        done = cli("batch", ".", "-f", "mtg/legacy", "--date", DATE, "-o", "json", "--jobs", jobs, cwd=tmp_path)
        assert done.returncode == 1, done.stderr
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
    results = json.loads(outputs[0])["results"]
    assert [result["deck"] for result in results] == [*(f"player{index}.txt" for index in range(5)), "typo-too.txt", "typo.txt"]
    for result in results[:5]:
        assert [(problem["rule"], problem["card"]) for problem in result["problems"]] == [("copy-limit", "Pyroblast"), ("banned", "Black Lotus")]
    for result in results[5:]:
        assert [problem["card"] for problem in result["problems"] if problem["rule"] == "unknown-card"] == ["Lightnig Bolt"]


def _as_a_worker(tasks, day) -> list:
    """`_check_chunk` as another process runs it: with verdicts of its own, not the parent's."""
    parents = runner._VERDICTS
    runner._VERDICTS = type(parents)()
    try:
        return runner._check_chunk(tasks, day)
    finally:
        runner._VERDICTS = parents


def test_files_a_worker_has_are_kept_back_and_take_its_verdict(tmp_path, monkeypatch):
    """With workers (`_parallel`), the parent reads each file first and sends a worker only
    bytes no worker was sent before: the copies take the verdict here, each under its own
    name, the report as a check of every file would give it. Workers keep no verdict the
    parent can see, so without this a second process checked most lists again."""
    files = {f"{folder}/{name}.txt": text for folder in ("a", "b", "c") for name, text in LISTS.items()}
    files.update({"x/one.dek": "<Deck><Cards Quantity='x'", "y/two.dek": "<Deck><Cards Quantity='x'"})
    write(tmp_path, files)
    monkeypatch.chdir(tmp_path)
    day = dt.date(2024, 6, 1)
    tasks = [runner.Task(path=name, shown=name, format_id="mtg/legacy", line=index + 2) for index, name in enumerate(files)]
    kept = runner.MAX_VERDICTS
    monkeypatch.setattr(runner, "MAX_VERDICTS", 0)  # no verdict kept: every file checked afresh
    expected = [runner._checked(task, day).result.to_dict() for task in tasks]
    monkeypatch.setattr(runner, "MAX_VERDICTS", kept)
    sent_to_worker: list[str] = []
    found = []
    sent: set = set()
    for start in range(0, len(tasks), 4):  # chunks of 4, as _parallel hands them out
        chunk = tasks[start:start + 4]
        to_send, plan = runner._plan(chunk, day, sent)
        sent_to_worker += [task.shown for task in to_send]
        found += [outcome.result.to_dict() for outcome in runner._collected(chunk, plan, _as_a_worker(to_send, day), day)]
    runner.forget_run()
    assert found == expected
    # Each list once (the first file of its bytes); the broken XML names its own file, so
    # the parent keeps no verdict of it and checks the second file itself, never a worker.
    assert sent_to_worker == [f"a/{name}.txt" for name in LISTS] + ["x/one.dek"]


def test_a_row_the_worker_could_not_check_is_no_verdict_for_the_copies(tmp_path, monkeypatch):
    """A row's error ('the deck could not be checked: ...', `_checked`) names its manifest
    line: the copies after it are checked here, not given that row's words."""
    write(tmp_path, {"a.txt": LISTS["legal"], "b.txt": LISTS["legal"]})
    monkeypatch.chdir(tmp_path)
    day = dt.date(2024, 6, 1)
    tasks = [runner.Task(path=name, shown=name, format_id="mtg/legacy", line=line) for line, name in ((2, "a.txt"), (3, "b.txt"))]
    to_send, plan = runner._plan(tasks, day, set())
    assert [task.shown for task in to_send] == ["a.txt"]
    broken = runner.Outcome(result=runner.DeckResult(
        deck="a.txt", format="", problems=[runner.registration_problem("the deck could not be checked: gone", 2)],
    ))
    outcomes = list(runner._collected(tasks, plan, [runner.encode(broken)], day))
    runner.forget_run()
    assert [problem.message for problem in outcomes[0].result.problems] == ["manifest line 2: the deck could not be checked: gone"]
    assert outcomes[1].result.legal and outcomes[1].result.format == "mtg/legacy" and not outcomes[1].result.problems


def test_a_worker_checks_the_bytes_the_parent_read_not_the_file_rewritten_since(tmp_path, monkeypatch):
    """The parent keeps a worker's verdict for every copy of the bytes it read: a worker
    that read the file again, after its owner rewrote it, lent the new list's verdict to
    the other players' copies of the old one (a legal list made illegal, or the reverse)."""
    write(tmp_path, {"mine.txt": LISTS["banned"], "theirs.txt": LISTS["banned"]})
    monkeypatch.chdir(tmp_path)
    day = dt.date(2024, 6, 1)
    tasks = [runner.Task(path=name, shown=name, format_id="mtg/legacy") for name in ("mine.txt", "theirs.txt")]
    to_send, plan = runner._plan(tasks, day, set())
    write(tmp_path, {"mine.txt": LISTS["legal"]})  # rewritten after the parent read it
    outcomes = list(runner._collected(tasks, plan, _as_a_worker(to_send, day), day))
    runner.forget_run()
    assert [outcome.result.legal for outcome in outcomes] == [False, False]
    assert [[problem.card for problem in outcome.result.problems] for outcome in outcomes] == [["Pyroblast", "Black Lotus"]] * 2


@pytest.mark.parametrize("path", [
    "a.txt", "A.TXT", "decks/00042.txt", "/x/y/deck.dek", "deck", "decks/deck", ".txt", "decks/.txt", "..txt", "decks/..txt",
    "a..txt", "a.", "decks/a.", "dir.v2/deck", "dir.v2/.hidden", "/", "", ".", "..", "decks/", "a.b/c.d/e", "a.tar.gz",
    "./a.txt", "../b.TxT", "decks/.a.b", "décks/ünï.Txt", "a b/c d.txt", "x/.../y",
    "/.txt", "a/.b.txt", ".a.txt", "x.txt.txt", "a\\.txt", "a/b.Txt", "b.txt/", "a/b.txt/c", "txt", "a.txtx",
])
def test_a_verdicts_extension_is_the_one_os_path_gives(path):
    """The extension in a verdict's key (it picks the parser) is `os.path.splitext`'s, lower
    case, however the name is spelled: a shortcut for plain names must never let two files
    read by different parsers share a verdict."""
    assert extension(path) == os.path.splitext(path)[1].lower()
