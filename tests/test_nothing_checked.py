"""Nothing checked is not a pass (#14 item 9): a batch with no registration at all exits 2,
and a registration that could not be checked (a zip entry not extracted) makes the run exit
1 and is reported in every output format (JSON, CSV, JUnit, GitHub, SARIF, HTML, text)."""
from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
import zipfile

import pytest

from files import write

LEGAL = "4 Lightning Bolt\n56 Mountain\n"


def _zip(path, files: dict[str, str]):
    with zipfile.ZipFile(path, "w") as archive:
        for name, content in files.items():
            archive.writestr(name, content)
    return path


@pytest.mark.parametrize("source", ["empty folder", "no decklists", "header-only manifest", "empty zip"])
def test_nothing_to_check_exits_2_with_one_line(cli, tmp_path, source):
    root = tmp_path / "set"
    root.mkdir()
    target = root
    if source == "no decklists":
        write(root, {"notes.md": "# event notes\n", "format.yaml": "name: x\n"})
    elif source == "header-only manifest":
        target = write(root, {"players.csv": "player,deck,team\n"}) / "players.csv"
    elif source == "empty zip":
        target = _zip(tmp_path / "set.zip", {"readme.md": "nothing here\n"})
    done = cli("batch", str(target), "-f", "mtg/modern", "-o", "json")
    assert done.returncode == 2, done.stdout + done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("deckcheck: error:")]
    assert len(errors) == 1 and "nothing to check" in errors[0] and "Traceback" not in done.stderr
    report = json.loads(done.stdout)  # the report still says what was found
    assert report["results"] == []


@pytest.mark.parametrize("source", ["empty folder", "header-only manifest"])
def test_nothing_to_check_writes_no_paperwork(cli, tmp_path, source):
    """Sheets for nobody and an event page of no decks were written (a cover page, "No
    decklists found") as if the event were checked: an event with no registration writes
    neither, and its error says so; a report CI reads (JSON here) is still written."""
    root = tmp_path / "set"
    root.mkdir()
    target = root if source == "empty folder" else write(root, {"players.csv": "player,deck\n"}) / "players.csv"
    sheets, page, filed = tmp_path / "sheets.pdf", tmp_path / "event.html", tmp_path / "event.json"
    done = cli("batch", str(target), "-f", "mtg/modern", "-o", "html", "--report", str(page), "--sheets", str(sheets))
    assert done.returncode == 2, done.stdout + done.stderr
    assert not sheets.exists() and not page.exists()
    assert done.stderr.endswith(
        f"deckcheck: error: {target}: nothing to check: no decklist or registration found; {sheets} and {page} not written\n"
    ), done.stderr
    done = cli("batch", str(target), "-f", "mtg/modern", "-o", "json", "--report", str(filed), "--sheets", str(sheets))
    assert done.returncode == 2 and not sheets.exists(), done.stderr
    assert json.loads(filed.read_text(encoding="utf-8"))["results"] == []
    assert done.stderr.endswith(f"; {sheets} not written\n"), done.stderr


@pytest.fixture
def slipped_zip(tmp_path):
    return _zip(tmp_path / "set.zip", {"ok.txt": LEGAL, "../escape.txt": LEGAL, "notes.md": "hello\n"})


def test_an_entry_not_extracted_is_a_registration_that_could_not_be_checked(cli, slipped_zip):
    done = cli("batch", str(slipped_zip), "-f", "mtg/modern", "-o", "json")
    assert done.returncode == 1, done.stdout
    report = json.loads(done.stdout)
    assert [(r["deck"], r["legal"]) for r in report["results"]] == [("../escape.txt", False), ("ok.txt", True)]  # paths sorted
    (problem,) = report["results"][0]["problems"]
    assert problem["rule"] == "registration" and "could not be checked" in problem["message"]
    assert "not extracted" in problem["message"]
    skipped = {item["file"]: item for item in report["skipped"]}
    assert skipped["../escape.txt"]["unchecked"] is True and skipped["notes.md"]["unchecked"] is False


def test_every_output_reports_it(cli, slipped_zip):
    junit = cli("batch", str(slipped_zip), "-f", "mtg/modern", "-o", "junit")
    assert junit.returncode == 1
    root = ET.fromstring(junit.stdout)
    cases = {case.get("name"): case for case in root.iter("testcase")}
    assert cases["../escape.txt"].find("failure").get("type") == "registration"
    assert cases["notes.md"].find("skipped") is not None  # a file that is no decklist: skipped
    rows = list(csv.DictReader(io.StringIO(cli("batch", str(slipped_zip), "-f", "mtg/modern", "-o", "csv").stdout)))
    assert ("deck", "../escape.txt", "registration", "error") in [(r["scope"], r["deck"], r["rule"], r["severity"]) for r in rows]
    assert ("skipped", "notes.md", "info") in [(r["scope"], r["deck"], r["severity"]) for r in rows]
    github = cli("batch", str(slipped_zip), "-f", "mtg/modern", "-o", "github").stdout
    assert any(line.startswith("::error") and "could not be checked" in line for line in github.splitlines())
    assert any(line.startswith("::notice") and "notes.md" in line for line in github.splitlines())
    sarif = json.loads(cli("batch", str(slipped_zip), "-f", "mtg/modern", "-o", "sarif").stdout)
    run = sarif["runs"][0]
    assert [(r["ruleId"], r["level"]) for r in run["results"]] == [("registration", "error")]
    notes = run["invocations"][0]["toolExecutionNotifications"]
    assert any("notes.md" in note["message"]["text"] for note in notes)
    page = cli("batch", str(slipped_zip), "-f", "mtg/modern", "-o", "html")
    assert page.returncode == 1
    assert "../escape.txt" in page.stdout and "could not be checked" in page.stdout and "notes.md" in page.stdout
    text = cli("batch", str(slipped_zip), "-f", "mtg/modern")
    assert text.returncode == 1 and "../escape.txt" in text.stdout and "could not be checked" in text.stdout


def test_a_folder_with_decks_and_other_files_still_passes(cli, tmp_path):
    write(tmp_path, {"deck.txt": LEGAL, "policy.yaml": "keep: 'lands >= 2'\n"})
    done = cli("batch", str(tmp_path), "-f", "mtg/modern", "-o", "junit")
    assert done.returncode == 0, done.stdout
