"""The CI reporters (junit, github, sarif) on validate, batch and simulate, through the
installed command, checked against the official schemas kept in tests/schemas (offline)."""
from __future__ import annotations

import csv
import io
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest
import xmlschema
from code_scanning import refusals

from deckcheck.problem import WARNING, Problem
from deckcheck.report import github, junit, sarif
from deckcheck.result import AssertionOutcome, DeckResult, Report, TeamResult

SCHEMAS = Path(__file__).parent / "schemas"
JUNIT_XSD = xmlschema.XMLSchema(str(SCHEMAS / "junit-10.xsd"))
SARIF_SCHEMA = json.loads((SCHEMAS / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
LEGAL = "4 Lightning Bolt\n56 Mountain\n"
ILLEGAL = "5 Lightning Bolt\n50 Mountain\n"
# The reporters' tests run `validate --no-cards`: they are about rendering problems, and the
# hostile deck's "Bad\x01Card" line would add an unknown-card problem with card data.
# A file name a CI system must survive: separators of annotation properties, a percent
# sign, quotes, XML and Markdown specials, spaces, non-ASCII.
HOSTILE_NAME = 'bad,name:%0A <x> & "q" |pipe| [l](u) é.txt'
# An event on the day of the newest bundled lists: no report adds its note that the data is
# older than the event (which an event today, the default date, may get).
WITHIN_THE_DATA = ["--date", "2026-09-02"]


def assert_valid_junit(text: str) -> ET.Element:
    JUNIT_XSD.validate(text)
    return ET.fromstring(text.encode("utf-8"))


def assert_valid_sarif(text: str) -> dict:
    log = json.loads(text)
    jsonschema.Draft7Validator(SARIF_SCHEMA).validate(log)
    # uri-reference is only checked with an optional package; check it here: RFC 3986
    # characters only, and no scheme-like first segment for relative references.
    for run in log["runs"]:
        for result in run["results"]:
            for location in result.get("locations", []):
                uri = location["physicalLocation"]["artifactLocation"]["uri"]
                assert re.fullmatch(r"[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]+", uri), uri
                assert uri.startswith("file:") or ":" not in uri.split("/")[0], uri
    assert refusals(log) == []  # GitHub code scanning takes the whole file or none of it
    return log


@pytest.fixture
def decks(tmp_path):
    (tmp_path / "ok.txt").write_text(LEGAL, encoding="utf-8")
    (tmp_path / HOSTILE_NAME).write_text(ILLEGAL + "1 Bad\x01Card\n", encoding="utf-8")
    return tmp_path


# ---------------------------------------------------------------- junit


def test_validate_junit_is_valid_and_has_a_failure_per_problem(cli, decks):
    done = cli("validate", "ok.txt", HOSTILE_NAME, "-f", "mtg/modern", "--no-cards", "-o", "junit", *WITHIN_THE_DATA, cwd=decks)
    assert done.returncode == 1, done.stderr
    root = assert_valid_junit(done.stdout)
    assert root.tag == "testsuites"
    (suite,) = root.findall("testsuite")
    assert suite.get("name") == "mtg/modern"
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("2", "1", "0")
    ok, bad = suite.findall("testcase")
    assert ok.get("name") == "ok.txt" and list(ok) == []
    assert bad.get("name") == HOSTILE_NAME
    failures = bad.findall("failure")
    assert sorted(f.get("type") for f in failures) == ["copy-limit", "deck-size"]
    copy = next(f for f in failures if f.get("type") == "copy-limit")
    assert copy.get("message") == "5 copies of Lightning Bolt; at most 4 allowed"
    assert copy.text.startswith("line 1, main: 5 copies")


def test_junit_control_characters_are_escaped_not_written(decks):
    report = Report(results=[DeckResult(deck="d\x01\ud800.txt", format="mtg/modern", problems=[
        Problem(rule="parse-error", message="bad \x00\x1b[31m line", line=3)])])
    text = junit.render(report)
    assert_valid_junit(text)
    assert "\\x01" in text and "\\x00" in text and "\\x1b" in text and "\\xd800" in text


def test_batch_junit_one_suite_per_format_and_teams_as_cases(cli, tmp_path):
    (tmp_path / "ann.txt").write_text("4 Brainstorm\n56 Island\n", encoding="utf-8")
    (tmp_path / "bob.txt").write_text("1 Brainstorm\n59 Island\n", encoding="utf-8")
    (tmp_path / "cat.txt").write_text("40 Island\n", encoding="utf-8")
    (tmp_path / "broken.dek").write_text("<Deck><Cards Quantity='1' Name='x'>", encoding="utf-8")
    (tmp_path / "teams.csv").write_text(
        "player,deck,team,format\nann,ann.txt,T1,\nbob,bob.txt,T1,\ncat,cat.txt,,mtg/limited\ndan,broken.dek,,\n", encoding="utf-8"
    )
    done = cli("batch", str(tmp_path / "teams.csv"), "-f", "mtg/legacy", "-o", "junit", "-q", *WITHIN_THE_DATA)
    assert done.returncode == 1, done.stderr
    root = assert_valid_junit(done.stdout)
    suites = {suite.get("name"): suite for suite in root.findall("testsuite")}
    assert set(suites) == {"mtg/legacy", "mtg/limited"}
    legacy_cases = [case.get("name") for case in suites["mtg/legacy"].findall("testcase")]
    assert legacy_cases == ["ann.txt [ann, team T1]", "bob.txt [bob, team T1]", "broken.dek [dan]", "team T1 (ann, bob)"]
    team = suites["mtg/legacy"].findall("testcase")[-1]
    assert team.get("classname") == "mtg/legacy.teams"
    assert {case.get("classname") for case in suites["mtg/legacy"].findall("testcase")[:-1]} == {"mtg/legacy"}
    assert [f.get("type") for f in team.findall("failure")] == ["team-copy-limit"]
    # Who holds how many, as the CSV writes it (not a Python dict's repr).
    assert "\nholders: ann 4; bob 1" in team.find("failure").text
    broken = suites["mtg/legacy"].findall("testcase")[2]
    assert [f.get("type") for f in broken.findall("failure")][0] == "parse-error"  # then deck-size: 0 cards
    assert suites["mtg/limited"].get("failures") == "0"


def test_junit_classnames_have_no_dots_but_the_teams_package(cli, tmp_path):
    """Jenkins splits a classname at its last dot into package and class: a format file
    `cube.yaml` showed as package `cube`, class `yaml`. The suite keeps its name; the
    classname writes the dots `_`, and a batch's teams stay the package `.teams` below it."""
    (tmp_path / "cube.yaml").write_text("name: Cube\nextends: mtg/legacy\n", encoding="utf-8")
    (tmp_path / "ann.txt").write_text("4 Brainstorm\n56 Island\n", encoding="utf-8")
    (tmp_path / "bob.txt").write_text("1 Brainstorm\n59 Island\n", encoding="utf-8")
    (tmp_path / "teams.csv").write_text("player,deck,team\nann,ann.txt,T1\nbob,bob.txt,T1\n", encoding="utf-8")
    done = cli("batch", "teams.csv", "-f", "cube.yaml", "-o", "junit", "-q", *WITHIN_THE_DATA, cwd=tmp_path)
    (suite,) = assert_valid_junit(done.stdout).findall("testsuite")
    assert suite.get("name") == "cube.yaml"
    assert [case.get("classname") for case in suite.findall("testcase")] == ["cube_yaml", "cube_yaml", "cube_yaml.teams"]


def test_unreadable_deck_is_a_junit_error(cli, tmp_path):
    done = cli("validate", str(tmp_path / "missing.txt"), "-f", "mtg/modern", "--no-cards", "-o", "junit")
    assert done.returncode == 2
    root = assert_valid_junit(done.stdout)
    (case,) = root.iter("testcase")
    assert [e.get("type") for e in case.findall("error")] == ["parse-error"]
    assert root.get("errors") == "1" and root.get("failures") == "0"


def test_simulate_assertions_are_junit_test_cases(cli, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("24 Mountain\n36 Grizzly Bears\n", encoding="utf-8")
    done = cli("simulate", str(deck), "-f", "mtg/constructed", "--assert", "keep7 >= 0.5", "--assert", "keep7 >= 0.99", "-o", "junit")
    assert done.returncode == 1, done.stderr
    root = assert_valid_junit(done.stdout)
    (suite,) = root.findall("testsuite")
    assert suite.get("name") == "simulate mtg/constructed"
    held, failed = suite.findall("testcase")
    assert held.get("name") == f"{deck}: keep7 >= 0.5" and held.find("failure") is None
    # Jenkins splits a classname at its last dot: the deck's `.txt` made it package `deck`, class `txt`.
    assert {case.get("classname") for case in (held, failed)} == {"simulate mtg/constructed"}
    assert failed.find("failure").get("type") == "assertion"
    assert "keep7 = 0." in failed.find("failure").get("message")


# ---------------------------------------------------------------- github

TOOLKIT_CASES = [
    # (value, escaped as data, escaped as property) per @actions/core's command.ts
    ("plain", "plain", "plain"),
    ("100%", "100%25", "100%25"),
    ("a\nb\r\nc", "a%0Ab%0D%0Ac", "a%0Ab%0D%0Ac"),
    ("x:y,z", "x:y,z", "x%3Ay%2Cz"),
    ("%0A", "%250A", "%250A"),
    ("::error::", "::error::", "%3A%3Aerror%3A%3A"),
]


@pytest.mark.parametrize("value, data, prop", TOOLKIT_CASES)
def test_github_escaping_matches_the_toolkit(value, data, prop):
    assert github.escape_data(value) == data
    assert github.escape_property(value) == prop


def test_github_annotations_through_the_cli(cli, decks):
    done = cli("validate", "ok.txt", HOSTILE_NAME, "-f", "mtg/modern", "--no-cards", cwd=decks, env={"GITHUB_ACTIONS": "true"})
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "::group::ok.txt - mtg/modern: LEGAL"
    assert lines[1] == "::endgroup::"
    assert lines[2] == "::group::" + github.escape_data(HOSTILE_NAME) + " - mtg/modern: ILLEGAL (2 problems)"
    file = github.escape_property(HOSTILE_NAME)
    assert "%0A" not in HOSTILE_NAME.replace("%0A", "") and "%250A" in file
    assert f"::error file={file},title=deck-size::main deck has 56 cards; at least 60 required" in lines
    assert f"::error file={file},line=1,title=copy-limit::5 copies of Lightning Bolt; at most 4 allowed" in lines
    # Every line is a workflow command or the closing summary: nothing a runner could misread.
    assert all(line.startswith("::") for line in lines[:-1])
    assert lines[-1] == "2 decks: 1 legal, 1 illegal"


def test_github_is_not_chosen_outside_actions(cli, decks):
    done = cli("validate", "ok.txt", "-f", "mtg/modern", "--no-cards", cwd=decks, env={"GITHUB_ACTIONS": "false"})
    assert done.stdout.startswith("ok.txt - mtg/modern: LEGAL")


def test_github_warnings_and_team_problems():
    report = Report(
        results=[DeckResult(deck="/work/repo/decks/a.txt", format="f", player="ann", problems=[
            Problem(rule="parse-error", message="count 0, line ignored", line=2, severity=WARNING)])],
        teams=[TeamResult(team="T,1", format="f", players=["ann", "bob"], problems=[
            Problem(rule="team-copy-limit", message="5 copies\nacross team")])],
    )
    import os

    old = os.environ.get("GITHUB_WORKSPACE")
    os.environ["GITHUB_WORKSPACE"] = "/work/repo"
    try:
        text = github.render(report)
    finally:
        os.environ.pop("GITHUB_WORKSPACE") if old is None else os.environ.__setitem__("GITHUB_WORKSPACE", old)
    assert "::warning file=decks/a.txt,line=2,title=parse-error [ann]::count 0, line ignored" in text
    assert "::error title=team-copy-limit (team T%2C1)::5 copies%0Aacross team" in text


def test_github_held_assertion_line_is_plain_text_of_one_line():
    """A held assertion's `PASS` line is no workflow command: the runner unescapes nothing
    in it, so the toolkit's escaping showed `100% burn.txt` as `100%25 burn.txt`. A line
    break in the deck's name is shown as its symbol, so it cannot start a command line."""
    report = Report(assertions=[
        AssertionOutcome(deck="100% burn.txt", format="f", assertion="keep7 >= 0.5", passed=True, message="keep7 = 0.9"),
        AssertionOutcome(deck="a\n::error::x.txt", format="f", assertion="keep7 >= 0.5", passed=True, message="keep7 = 0.9"),
    ])
    lines = github.render(report).splitlines()
    assert "PASS 100% burn.txt: keep7 >= 0.5 (keep7 = 0.9)" in lines
    assert "PASS a\u240a::error::x.txt: keep7 >= 0.5 (keep7 = 0.9)" in lines
    assert not [line for line in lines if line.startswith("::error")]


# A `line` means a line of the annotation's file: without a file (a team's problem that
# repeats a member's, a deck given as a ydke:// URL) GitHub put it on line N of `.github`.
LINE_WITHOUT_FILE = [
    (DeckResult(deck="ydke://AAAA!!!", format="yugioh/advanced-tcg", problems=[
        Problem(rule="parse-error", message="main part: 3 bytes", line=1)]), None,
     "::error title=parse-error::main part: 3 bytes"),
    (None, TeamResult(team="T1", format="f", players=["ann", "bob"], problems=[
        Problem(rule="banned", message="bob's deck: X is banned", line=21)]),
     "::error title=banned (team T1)::bob's deck: X is banned"),
]


@pytest.mark.parametrize("result, team, expected", LINE_WITHOUT_FILE, ids=["ydke deck", "team"])
def test_github_annotation_gives_no_line_without_a_file(result, team, expected):
    text = github.render(Report(results=[result] if result else [], teams=[team] if team else None))
    assert expected in text.splitlines()


def test_github_step_summary_lists_every_problem(cli, decks, tmp_path):
    summary = tmp_path / "summary.md"
    summary.write_text("earlier step\n", encoding="utf-8")
    done = cli("validate", "ok.txt", HOSTILE_NAME, "-f", "mtg/modern", "--no-cards", "-o", "github", cwd=decks,
               env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert done.returncode == 1
    text = summary.read_text(encoding="utf-8")
    assert text.startswith("earlier step\n## deckcheck: 1 of 2 decks legal")
    rows = [line for line in text.splitlines() if line.startswith("| ")]
    assert len(rows) == 2 + 2 + 2  # two headers, two decks, two problems
    hostile_row = next(row for row in rows if "ILLEGAL" in row)
    # Escaped: the pipes in the name do not add columns, nothing becomes a link or HTML.
    assert hostile_row.count("|") - hostile_row.count("\\|") == 5
    assert "<x>" not in text and "](u)" not in text


def test_github_step_summary_shows_control_and_bidi_characters_of_names_inert(cli, tmp_path):
    """sec33: the job summary wrote a deck file's name (and a card's, a player's) with its
    escape sequence and right-to-left override as they were, where the annotations beside
    it show them inert (␛, U+FFFD): on the summary's page an override reverses the rest of
    the name it is in, so a pull request's file could show under another name. The summary
    shows every name as the text report does (report/style.inert)."""
    name = "n\x1b[2Jl\u202etxt.exe.txt"
    (tmp_path / name).write_text("4 Lightning Bolt\n1 Sh\x1b[8mock\n55 Mountain\n", encoding="utf-8")
    summary = tmp_path / "summary.md"
    done = cli("validate", name, "-f", "mtg/modern", "--offline", "-o", "github", cwd=tmp_path,
               env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert done.returncode == 1
    text = summary.read_text(encoding="utf-8")
    assert "\x1b" not in text and "\u202e" not in text
    rows = [line for line in text.splitlines() if line.startswith("| n")]
    assert rows and all(row.startswith("| n\u241b\\[2Jl\ufffdtxt\\.exe\\.txt |") for row in rows), rows
    assert any("Sh\\\\x1b\\[8mock" in row for row in rows)  # a card name quoted escaped, as messages quote it


def test_github_step_summary_says_how_to_fix_an_unknown_card(cli, tmp_path):
    """The summary is where a job's reader looks past GitHub's ten annotations: a typo's row
    carries the suggestions the annotation and the text report give (`did you mean ...?`)."""
    (tmp_path / "typo.txt").write_text("4 Lightnig Bolt\n56 Mountain\n", encoding="utf-8")
    summary = tmp_path / "summary.md"
    done = cli("validate", "typo.txt", "-f", "mtg/modern", "--offline", "-o", "github", cwd=tmp_path,
               env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert done.returncode == 1
    annotation = next(line for line in done.stdout.splitlines() if "title=unknown-card" in line)
    assert "(did you mean Lightning Bolt" in annotation
    row = next(line for line in summary.read_text(encoding="utf-8").splitlines() if "unknown\\-card" in line)
    assert "did you mean Lightning Bolt" in row.replace("\\", "")


def test_github_step_summary_names_files_as_the_annotations_do_in_a_step_run_in_a_subfolder(cli, tmp_path):
    """A step with `working-directory: decks`: GitHub reads the annotations' files from the
    checkout, and the job summary, read apart from the step, names each deck (and a broken
    deckcheck.yaml) the same way, not `../deckcheck.yaml` or `bad.txt` from the step's folder."""
    (tmp_path / "decks").mkdir()
    (tmp_path / "deckcheck.yaml").write_text("format: mtg/modern\nsimulate:\n  decks/bad.txt: {assert: keep7 >= 0.99}\n",
                                             encoding="utf-8")
    (tmp_path / "decks" / "bad.txt").write_text("5 Lightning Bolt\n55 Mountain\n", encoding="utf-8")
    summary = tmp_path / "summary.md"
    env = {"GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": str(tmp_path), "GITHUB_STEP_SUMMARY": str(summary)}
    done = cli("check", *WITHIN_THE_DATA, cwd=tmp_path / "decks", env=env)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "::error file=decks/bad.txt,line=1,title=copy-limit::" in done.stdout
    rows = [line for line in summary.read_text(encoding="utf-8").splitlines() if line.startswith("| ") and "bad" in line]
    assert len(rows) == 3 and all(row.startswith("| decks\\/bad\\.txt |") for row in rows), rows  # deck, problem, assertion
    summary.unlink()
    (tmp_path / "deckcheck.yaml").write_text("format: mtg/modrn\n", encoding="utf-8")
    broken = cli("check", cwd=tmp_path / "decks", env=env)
    assert broken.returncode == 2 and "::error file=deckcheck.yaml,line=1," in broken.stdout, broken.stdout
    [row] = [line for line in summary.read_text(encoding="utf-8").splitlines() if "| config |" in line]
    assert row.startswith("| deckcheck\\.yaml | 1 |"), row


@pytest.mark.parametrize("source", ["mtg/decks", "mtg/players.csv"])
def test_github_step_summary_of_a_batch_names_files_as_the_annotations_do(cli, tmp_path, source):
    """Review32a #6: `batch FOLDER` (or a manifest) named each deck's file from the checkout
    in its annotations (`file=mtg/decks/bad.txt`) but by its heading in the job summary
    (`bad.txt`), which docs/ci.md says names it as its annotations do."""
    (tmp_path / "mtg" / "decks").mkdir(parents=True)
    (tmp_path / "mtg" / "decks" / "bad.txt").write_text("5 Lightning Bolt\n55 Mountain\n", encoding="utf-8")
    (tmp_path / "mtg" / "players.csv").write_text("player,deck\nann,decks/bad.txt\n", encoding="utf-8")
    summary = tmp_path / "summary.md"
    env = {"GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": str(tmp_path), "GITHUB_STEP_SUMMARY": str(summary)}
    done = cli("batch", source, "-f", "mtg/modern", "-o", "github", cwd=tmp_path, env=env)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "::error file=mtg/decks/bad.txt,line=1," in done.stdout
    rows = [line for line in summary.read_text(encoding="utf-8").splitlines() if line.startswith("| ") and "bad" in line]
    assert len(rows) == 2 and all(row.startswith("| mtg\\/decks\\/bad\\.txt") for row in rows), rows  # deck, problem


def test_github_summary_failure_is_a_warning_not_a_crash(cli, decks, tmp_path):
    done = cli("validate", "ok.txt", "-f", "mtg/modern", "-o", "github", cwd=decks,
               env={"GITHUB_STEP_SUMMARY": str(tmp_path / "no-such-dir" / "summary.md")})
    assert done.returncode == 0
    assert "cannot write the job summary" in done.stderr and "Traceback" not in done.stderr


def test_batch_github_annotations(cli, tmp_path):
    (tmp_path / "a.txt").write_text(ILLEGAL, encoding="utf-8")
    (tmp_path / "b.txt").write_text(LEGAL, encoding="utf-8")
    # Files are named from the working directory (the repository root in CI).
    done = cli("batch", str(tmp_path), "-f", "mtg/modern", "-o", "auto", "-q", env={"GITHUB_ACTIONS": "true"}, cwd=tmp_path)
    assert done.returncode == 1
    assert "::group::a.txt - mtg/modern: ILLEGAL (2 problems)" in done.stdout
    assert "::error file=a.txt,line=1,title=copy-limit::" in done.stdout


def test_batch_github_puts_a_manifest_row_s_problems_on_the_manifest_line(cli, tmp_path):
    # `no player name` (a registration problem of manifest line 3) was annotated on b.txt,
    # with no line: the organiser fixes the manifest, not the deck. The deck's own problems
    # stay on the deck's lines; a row's problem found while checking (its pool) goes on the
    # manifest too.
    (tmp_path / "a.txt").write_text(LEGAL, encoding="utf-8")
    (tmp_path / "b.txt").write_text(LEGAL, encoding="utf-8")
    (tmp_path / "c.txt").write_text(ILLEGAL, encoding="utf-8")
    (tmp_path / "reg.csv").write_text("player,deck,pool\nann,a.txt,\n,b.txt,\ncy,a2.txt,missing.txt\ndee,c.txt,\n",
                                      encoding="utf-8")
    (tmp_path / "a2.txt").write_text(LEGAL, encoding="utf-8")
    done = cli("batch", "reg.csv", "-f", "mtg/modern", "-o", "github", "-q", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert "::error file=reg.csv,line=3,title=registration::manifest line 3: no player name" in lines
    assert "::error file=reg.csv,line=4,title=registration [cy]::manifest line 4: pool missing.txt: no such file" in done.stdout
    assert "::error file=c.txt,line=1,title=copy-limit [dee]::" in done.stdout
    assert not [line for line in lines if "title=registration" in line and "file=reg.csv" not in line], lines


def test_batch_sarif_puts_a_manifest_row_s_problems_on_the_manifest_line(cli, tmp_path):
    # As the GitHub annotations: `no player name` was a result on b.txt with no region.
    (tmp_path / "b.txt").write_text(LEGAL, encoding="utf-8")
    (tmp_path / "c.txt").write_text(ILLEGAL, encoding="utf-8")
    (tmp_path / "reg.csv").write_text("player,deck\n,b.txt\ndee,c.txt\n", encoding="utf-8")
    done = cli("batch", "reg.csv", "-f", "mtg/modern", "-o", "sarif", "-q", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    log = assert_valid_sarif(done.stdout)
    placed = [(result["ruleId"], result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
               result["locations"][0]["physicalLocation"].get("region")) for result in log["runs"][0]["results"]]
    assert ("registration", "reg.csv", {"startLine": 2}) in placed
    assert ("copy-limit", "c.txt", {"startLine": 1}) in placed
    assert not [place for place in placed if place[0] == "registration" and place[1] != "reg.csv"], placed


def test_batch_github_puts_a_deck_that_is_no_file_on_its_manifest_line(cli, tmp_path):
    # A ydke:// row and a list pasted into the deck cell were annotated with no file at all
    # ("banned [bob]: Black Lotus is banned in Legacy", on no file of the pull request), where
    # SARIF puts them on the row that registered them; a file's problems stay on the file.
    (tmp_path / "cy.txt").write_text("4 Lightning Bolt\n1 Black Lotus\n55 Mountain\n", encoding="utf-8")
    (tmp_path / "reg.csv").write_text(
        "player,deck\nann,ydke://ryPeAK8j3gCvI94Ao6lXBQ==!xEQhBQ==!KpVlAQ==!\n"
        'bob,"4 Lightning Bolt\n1 Black Lotus\n55 Mountain"\ncy,cy.txt\n', encoding="utf-8")
    done = cli("batch", "reg.csv", "-f", "mtg/legacy", "-o", "github", "-q", *WITHIN_THE_DATA, cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert "::error file=reg.csv,line=3,title=banned [bob]::pasted list, manifest line 3, line 2: Black Lotus is banned in Legacy" \
        in lines, lines
    assert "::error file=cy.txt,line=2,title=banned [cy]::Black Lotus is banned in Legacy" in lines
    ann = [line for line in lines if line.startswith("::error") and "[ann]" in line]
    assert ann and all(line.startswith("::error file=reg.csv,line=2,") for line in ann), ann
    assert all("::ydke://ryPeAK8j3gCvI94Ao" in line for line in ann), ann
    assert not [line for line in lines if line.startswith(("::error ", "::warning ")) and "file=" not in line], lines


# A registered pool with a line that cannot be read (line 3), and a deck that uses one Shock
# more than it holds: the pool's own problem is mended in the pool, the deck's in the deck.
POOL = "3 Shock\n1 Grizzly Bears\nfoo bar baz\n"
POOL_DECK = "4 Shock\n36 Mountain\n"


def _pool_files(tmp_path: Path) -> None:
    (tmp_path / "pools").mkdir()
    (tmp_path / "decks").mkdir()
    (tmp_path / "pools" / "ann.txt").write_text(POOL, encoding="utf-8")
    (tmp_path / "decks" / "ann.txt").write_text(POOL_DECK, encoding="utf-8")
    (tmp_path / "reg.csv").write_text(
        f'player,deck,pool\nann,decks/ann.txt,pools/ann.txt\nbob,decks/bob.txt,"{POOL}"\n', encoding="utf-8")
    (tmp_path / "decks" / "bob.txt").write_text(POOL_DECK, encoding="utf-8")


@pytest.mark.parametrize("argv, placed", [
    (["validate", "decks/ann.txt", "-f", "mtg/limited", "--pool", "pools/ann.txt", "--no-cards"],
     [("error", "pools/ann.txt", 3, "parse-error"), ("error", "decks/ann.txt", 1, "registered-pool")]),
    (["batch", "reg.csv", "-f", "mtg/limited", "--no-cards"],
     [("error", "pools/ann.txt", 3, "parse-error [ann]"), ("error", "decks/ann.txt", 1, "registered-pool [ann]"),
      # a pool pasted into the manifest is no file: its row is where it is mended
      ("error", "reg.csv", 3, "parse-error [bob]"), ("error", "decks/bob.txt", 1, "registered-pool [bob]")]),
])
def test_github_puts_a_pool_s_own_problems_on_the_pool_s_line(cli, tmp_path, argv, placed):
    # A pool's unreadable line was annotated on the deck's file, with no line.
    _pool_files(tmp_path)
    done = cli(*argv, "-o", "github", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    found = [re.match(r"::(\w+) file=([^,]+),line=(\d+),title=([^:]+)::", line) for line in done.stdout.splitlines()
             if line.startswith("::error")]
    assert [(m[1], m[2], int(m[3]), m[4]) for m in found] == placed, done.stdout


def test_sarif_puts_a_pool_s_own_problems_on_the_pool_s_line(cli, tmp_path):
    _pool_files(tmp_path)
    done = cli("batch", "reg.csv", "-f", "mtg/limited", "--no-cards", "-o", "sarif", "-q", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    log = assert_valid_sarif(done.stdout)
    placed = [(result["ruleId"], result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
               result["locations"][0]["physicalLocation"].get("region")) for result in log["runs"][0]["results"]]
    assert placed == [
        ("parse-error", "pools/ann.txt", {"startLine": 3}), ("registered-pool", "decks/ann.txt", {"startLine": 1}),
        ("parse-error", "reg.csv", {"startLine": 3}), ("registered-pool", "decks/bob.txt", {"startLine": 1})]
    # the deck it was checked for stays said
    assert log["runs"][0]["results"][0]["properties"]["deck"] == "decks/ann.txt"


def test_simulate_github_annotation(cli, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("24 Mountain\n36 Grizzly Bears\n", encoding="utf-8")
    done = cli("simulate", "deck.txt", "-f", "mtg/constructed", "--assert", "keep7 >= 0.99", "-o", "github", cwd=tmp_path)
    assert done.returncode == 1
    assert "::error file=deck.txt,title=assertion failed::keep7 >= 0.99: keep7 = 0." in done.stdout


# ---------------------------------------------------------------- sarif


def test_validate_sarif_is_valid_with_locations_and_stable_rules(cli, decks):
    done = cli("validate", "ok.txt", HOSTILE_NAME, "-f", "mtg/modern", "--no-cards", "-o", "sarif", cwd=decks)
    assert done.returncode == 1
    log = assert_valid_sarif(done.stdout)
    (run,) = log["runs"]
    rules = run["tool"]["driver"]["rules"]
    ids = [rule["id"] for rule in rules]
    from deckcheck.rules import RULES

    assert ids[: len(RULES)] == list(RULES)
    assert {"parse-error", "team-copy-limit", "team-restricted", "assertion"} <= set(ids)
    copy = rules[ids.index("copy-limit")]
    assert copy["help"]["text"] == RULES["copy-limit"].__doc__.strip()
    assert copy["shortDescription"]["text"].startswith("No more copies of a card")
    results = run["results"]
    assert {r["ruleId"] for r in results} == {"copy-limit", "deck-size"}
    for result in results:
        assert ids[result["ruleIndex"]] == result["ruleId"]
        assert result["level"] == "error"
        (location,) = result["locations"]
        uri = location["physicalLocation"]["artifactLocation"]["uri"]
        from urllib.parse import unquote

        assert unquote(uri) == HOSTILE_NAME
    copy_result = next(r for r in results if r["ruleId"] == "copy-limit")
    assert copy_result["locations"][0]["physicalLocation"]["region"] == {"startLine": 1}
    assert copy_result["properties"]["card"] == "Lightning Bolt"


def test_sarif_rule_indexes_are_the_same_whatever_the_report(cli, decks):
    first = json.loads(cli("validate", "ok.txt", "-f", "mtg/modern", "--no-cards", "-o", "sarif", cwd=decks).stdout)
    second = json.loads(cli("validate", HOSTILE_NAME, "-f", "mtg/modern", "--no-cards", "-o", "sarif", cwd=decks).stdout)
    assert first["runs"][0]["tool"]["driver"]["rules"] == second["runs"][0]["tool"]["driver"]["rules"]


def test_sarif_teams_assertions_unknown_rules_and_odd_paths():
    report = Report(
        results=[
            DeckResult(deck="/abs/path with space/d.txt", format="f", problems=[Problem(rule="future-rule", message="m", line=0)]),
            DeckResult(deck="<stdin>", format="f", problems=[Problem(rule="banned", message="b", severity="info")]),
        ],
        teams=[TeamResult(team="T1", format="f", players=["a", "b"], registered_at={"a": ("players.csv", 3), "b": ("players.csv", 5)},
                          problems=[Problem(rule="team-restricted", message="t"),
                                    Problem(rule="team-copy-limit", message="c", details={"holders": {"b": 4, "a": 1}})])],
        assertions=[
            AssertionOutcome(deck="d.txt", format="f", assertion="keep7 >= 0.85", passed=True, message="keep7 = 0.9"),
            AssertionOutcome(deck="d.txt", format="f", assertion="keep6 >= 0.99", passed=False, message="keep6 = 0.1"),
        ],
    )
    log = assert_valid_sarif(sarif.render(report))
    run = log["runs"][0]
    ids = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    future, stdin, team, named, failed = run["results"]
    assert ids[future["ruleIndex"]] == "future-rule" and "region" not in future["locations"][0]["physicalLocation"]
    assert future["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "file:///abs/path%20with%20space/d.txt"
    assert stdin["locations"] == [] and stdin["level"] == "note"
    assert team["properties"]["team"] == "T1"
    # A team problem sits on its first member's row, or on the row of the member it names first.
    assert [(result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
             result["locations"][0]["physicalLocation"]["region"]["startLine"]) for result in (team, named)] == [
        ("players.csv", 3), ("players.csv", 5)]
    assert (failed["kind"], failed["level"], failed["properties"]["assertion"]) == ("fail", "error", "keep6 >= 0.99")
    # A passing assertion is no result (code scanning would open an alert for it): the run lists it.
    assert run["properties"]["passedAssertions"] == [
        {"deck": "d.txt", "format": "f", "assertion": "keep7 >= 0.85", "values": {}, "message": "keep7 = 0.9"}]
    assert run["invocations"][0]["exitCode"] == 1


# (command line, the exit code the contract gives it): SARIF's `exitCode` is the process's.
EXIT_CODE_RUNS = [
    (["validate", "legal.txt", "-f", "mtg/modern"], 0),
    (["validate", "illegal.txt", "-f", "mtg/modern"], 1),
    (["validate", "legal.txt", "missing.txt", "-f", "mtg/modern"], 2),
    (["batch", "reg.csv", "-f", "mtg/modern", "-q"], 0),
    (["batch", "broken.csv", "-f", "mtg/modern", "-q"], 1),  # a row's deck file is missing: exit 1
    (["check", "-c", "deckcheck.yaml", "legal.txt"], 0),
    (["check", "-c", "deckcheck.yaml", "illegal.txt"], 1),
    (["check", "-c", "deckcheck.yaml", "legal.txt", "missing.txt"], 2),
]


@pytest.mark.parametrize("argv, code", EXIT_CODE_RUNS, ids=lambda value: " ".join(value) if isinstance(value, list) else str(value))
def test_sarif_exit_code_is_the_process_exit_code(cli, tmp_path, argv, code):
    (tmp_path / "legal.txt").write_text(LEGAL, encoding="utf-8")
    (tmp_path / "illegal.txt").write_text(ILLEGAL, encoding="utf-8")
    (tmp_path / "reg.csv").write_text("player,deck\nann,legal.txt\n", encoding="utf-8")
    (tmp_path / "broken.csv").write_text("player,deck\nann,legal.txt\nbob,missing.txt\n", encoding="utf-8")
    (tmp_path / "deckcheck.yaml").write_text("format: mtg/modern\ndate: 2024-06-01\n", encoding="utf-8")
    done = cli(*argv, "--date", "2024-06-01", "-o", "sarif", cwd=tmp_path)
    assert done.returncode == code, done.stdout + done.stderr
    log = assert_valid_sarif(done.stdout)
    assert log["runs"][0]["invocations"][0]["exitCode"] == code


def test_batch_and_simulate_sarif_are_valid(cli, tmp_path):
    (tmp_path / "a.txt").write_text(ILLEGAL, encoding="utf-8")
    done = cli("batch", str(tmp_path), "-f", "mtg/modern", "-o", "sarif", "-q")
    assert done.returncode == 1
    assert_valid_sarif(done.stdout)
    deck = tmp_path / "deck.txt"
    deck.write_text("24 Mountain\n36 Grizzly Bears\n", encoding="utf-8")
    done = cli("simulate", str(deck), "-f", "mtg/constructed", "--assert", "keep7 >= 0.5", "-o", "sarif")
    assert done.returncode == 0
    log = assert_valid_sarif(done.stdout)
    assert log["runs"][0]["results"] == []
    assert [held["assertion"] for held in log["runs"][0]["properties"]["passedAssertions"]] == ["keep7 >= 0.5"]
    done = cli("simulate", str(deck), "-f", "mtg/constructed", "--assert", "keep7 >= 0.99", "-o", "sarif")
    assert done.returncode == 1
    log = assert_valid_sarif(done.stdout)
    assert [(r["kind"], r["level"]) for r in log["runs"][0]["results"]] == [("fail", "error")]
    assert "properties" not in log["runs"][0]


def test_batch_report_file_in_junit(cli, tmp_path):
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "a.txt").write_text(LEGAL, encoding="utf-8")
    target = tmp_path / "out" / "deckcheck.xml"
    done = cli("batch", str(tmp_path / "decks"), "-f", "mtg/modern", "-o", "junit", "--report", str(target), "-q")
    assert done.returncode == 0, done.stderr
    assert_valid_junit(target.read_text(encoding="utf-8"))
    assert "1 deck: 1 legal, 0 illegal" in done.stdout  # the text summary still prints


def test_simulate_github_step_summary_counts_assertions_not_decks(cli, tmp_path):
    """`simulate -o github` checks no deck's legality: its summary said '0 of 0 decks legal'."""
    deck = Path(__file__).resolve().parent.parent / "examples" / "burn-modern.txt"
    summary = tmp_path / "summary.md"
    done = cli("simulate", str(deck), "-f", "mtg/modern", "--assert", "keep7 >= 0.99", "--assert", "keep7 >= 0.1",
               "-o", "github", cwd=tmp_path, env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert done.returncode == 1
    text = summary.read_text(encoding="utf-8")
    assert text.startswith("## deckcheck: 1 of 2 assertions hold\n\n")
    assert "decks legal" not in text and "| assertion | keep7 \\>\\= 0\\.99" in text


def test_github_summary_lists_a_run_s_warnings_and_notes_up_to_the_row_limit():
    from deckcheck.limits import MAX_SUMMARY_ROWS
    from deckcheck.result import RUN_NOTE, RUN_WARNING, RunMessage

    messages = [RunMessage(RUN_WARNING, "decks/a|b.txt: a symbolic link; not followed")]
    messages += [RunMessage(RUN_NOTE, f"note {index}") for index in range(MAX_SUMMARY_ROWS + 4)]
    listed = github.markdown(Report(messages=messages)).partition("### Warnings and notes\n\n")[2].splitlines()
    assert listed[0] == r"- warning: decks\/a\|b\.txt\: a symbolic link\; not followed"  # no table, no link
    assert listed[MAX_SUMMARY_ROWS - 1] == f"- note: note {MAX_SUMMARY_ROWS - 2}"
    assert listed[MAX_SUMMARY_ROWS:] == ["", "... and 5 more (run `deckcheck ... -o json` for all)", ""]
    assert "Warnings and notes" not in github.markdown(Report())


KEPT_SARIF = sorted((Path(__file__).parent / "reports").glob("*-sarif.stdout"))


@pytest.mark.parametrize("kept", KEPT_SARIF, ids=lambda path: path.name)
def test_every_kept_sarif_report_is_one_code_scanning_takes(kept):
    """The SARIF reports of tests/reports (batch teams, hostile manifests, hostile decks):
    every result has a location with a file, every line is 1 or more."""
    assert refusals(json.loads(kept.read_text(encoding="utf-8"))) == []


def test_the_kept_sarif_reports_are_there():
    assert len(KEPT_SARIF) >= 3


def test_junit_cases_of_the_same_name_are_told_apart_in_report_order():
    """Two cases of one suite with the same classname and name (one deck under two
    deckcheck.yaml entries that assert the same thing, `validate a.txt a.txt`): Jenkins
    and GitLab key a case by both and kept one of them, maybe the passing one. Each case
    after the first of a name gets ` (2)`, ` (3)`, ... in report order; the first keeps its name."""
    outcomes = [
        AssertionOutcome(deck="burn.txt", format="mtg/modern", assertion="keep7 >= 0.5", passed=passed, message=f"keep7 = {value}")
        for passed, value in ((True, 0.7), (False, 0.4), (True, 0.6))
    ]
    report = Report(results=[DeckResult(deck="burn.txt", format="mtg/modern"), DeckResult(deck="burn.txt", format="mtg/modern")],
                    assertions=[*outcomes, AssertionOutcome(deck="burn.txt", format="mtg/modern", assertion="keep6 >= 0",
                                                            passed=True, message="keep6 = 0.1")])
    root = assert_valid_junit(junit.render(report))
    names = [(suite.get("name"), case.get("name"), case.find("failure") is not None)
             for suite in root.iter("testsuite") for case in suite.iter("testcase")]
    assert names == [
        ("mtg/modern", "burn.txt", False), ("mtg/modern", "burn.txt (2)", False),
        ("simulate mtg/modern", "burn.txt: keep7 >= 0.5", False), ("simulate mtg/modern", "burn.txt: keep7 >= 0.5 (2)", True),
        ("simulate mtg/modern", "burn.txt: keep7 >= 0.5 (3)", False), ("simulate mtg/modern", "burn.txt: keep6 >= 0", False),
    ]


# ---------------------------------------------------------------- the stale-data note

STALE_NOTE = "lists known up to 2026-09-02; run `deckcheck cards sync`"


@pytest.mark.parametrize("command", ["validate", "batch"])
def test_the_github_job_summary_says_the_data_is_older_than_the_event(cli, tmp_path, command):
    """The `::notice` said it, the step's job summary did not: its "Warnings and notes" end
    with the note about the data, as the text report ends with it; none within the data."""
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "a.txt").write_text(LEGAL, encoding="utf-8")
    target = [str(tmp_path / "decks" / "a.txt")] if command == "validate" else [str(tmp_path / "decks"), "-q"]
    for day, said in (("2026-11-30", True), ("2026-08-01", False)):
        summary = tmp_path / f"summary-{day}.md"
        done = cli(command, *target, "-f", "mtg/modern", "--date", day, "-o", "github",
                   env={"GITHUB_STEP_SUMMARY": str(summary)})
        assert done.returncode == 0, done.stderr
        text = summary.read_text(encoding="utf-8")
        assert ("### Warnings and notes" in text) == said
        # Escaped as every text of the summary is (a `-` or a backquote is no Markdown).
        assert ("- note: lists known up to 2026\\-09\\-02\\; run \\`deckcheck cards sync\\`" in text) == said, text


@pytest.mark.parametrize("command", ["validate", "batch"])
def test_junit_and_sarif_say_the_data_is_older_than_the_event(cli, tmp_path, command):
    """Text, JSON, GitHub and HTML said an event after the newest lists may miss a ban; a
    CI job reading JUnit or SARIF got a clean pass without it. JUnit: a `note:` line of the
    `warnings and notes` suite's system-out (no test: it fails nothing); SARIF: a note of
    the invocation's toolExecutionNotifications (no result: code scanning would alert)."""
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "a.txt").write_text(LEGAL, encoding="utf-8")
    target = [str(tmp_path / "decks" / "a.txt")] if command == "validate" else [str(tmp_path / "decks"), "-q"]
    stale = ["-f", "mtg/modern", "--date", "2026-11-30"]
    junit = cli(command, *target, *stale, "-o", "junit")
    assert junit.returncode == 0, junit.stderr
    root = assert_valid_junit(junit.stdout)
    (suite,) = [suite for suite in root if suite.get("name") == "warnings and notes"]
    assert suite.get("tests") == "0" and suite.findtext("system-out") == f"note: {STALE_NOTE}"
    assert root.get("tests") == "1" and root.get("failures") == "0"
    sarif = cli(command, *target, *stale, "-o", "sarif")
    assert sarif.returncode == 0, sarif.stderr
    (run,) = assert_valid_sarif(sarif.stdout)["runs"]
    assert run["invocations"][0]["toolExecutionNotifications"] == [{"level": "note", "message": {"text": STALE_NOTE}}]
    assert run["results"] == []
    # Within the data: neither says anything.
    fresh = ["-f", "mtg/modern", "--date", "2026-08-01"]
    assert "warnings and notes" not in cli(command, *target, *fresh, "-o", "junit").stdout
    log = json.loads(cli(command, *target, *fresh, "-o", "sarif").stdout)
    assert log["runs"][0]["invocations"][0]["toolExecutionNotifications"] == []


def test_batch_csv_says_the_data_is_older_than_the_event_in_a_note_row(cli, tmp_path):
    """A `note` row (as a file that is no decklist is a `skipped` row), not a comment line,
    which spreadsheets and csv readers would take for a registration."""
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "a.txt").write_text(LEGAL, encoding="utf-8")
    (tmp_path / "decks" / "b.txt").write_text(ILLEGAL, encoding="utf-8")
    done = cli("batch", str(tmp_path / "decks"), "-f", "mtg/modern", "--date", "2026-11-30", "-o", "csv", "-q")
    assert done.returncode == 1, done.stderr
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    assert [row["scope"] for row in rows] == ["deck", "deck", "note"]
    assert {key: value for key, value in rows[-1].items() if value} == {"scope": "note", "severity": "info", "message": STALE_NOTE}
    fresh = cli("batch", str(tmp_path / "decks"), "-f", "mtg/modern", "--date", "2026-08-01", "-o", "csv", "-q")
    assert [row["scope"] for row in csv.DictReader(io.StringIO(fresh.stdout))] == ["deck", "deck"]


def test_a_sarif_log_stays_within_code_scanning_s_result_limit(cli, tmp_path, shared_data):
    """GitHub code scanning rejects a whole SARIF log with more than 25,000 results in a run
    ("Analysis SARIF file rejected due to result limits"), and a report lists up to 50,000
    problems: `check -o sarif` of 51 decks, each with 510 cards over the copy limit, wrote
    25,551 results (500 a deck and one `problems-not-listed`), so the upload took none. The
    log keeps the first 25,000 and says in a notification how many it left out; the exit
    code is the run's."""
    import gzip

    names: list[str] = []
    with gzip.open(shared_data / "mtg" / "cards.jsonl.gz", "rt", encoding="utf-8") as cards:
        for line in cards:
            card = json.loads(line)
            if "//" not in card["name"] and "Basic" not in card.get("type_line", ""):
                names.append(card["name"])
            if len(names) == 510:
                break
    deck = "".join(f"5 {name}\n" for name in names)
    # An event within the lists known: no note about the data follows the count.
    (tmp_path / "deckcheck.yaml").write_text("format: mtg/vintage\ndate: 2026-09-02\ndecks: ['decks/**']\n", encoding="utf-8")
    (tmp_path / "decks").mkdir()
    for index in range(51):
        (tmp_path / "decks" / f"d{index:02}.txt").write_text(deck, encoding="utf-8")
    proc = cli("check", "-o", "sarif", cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr
    log = assert_valid_sarif(proc.stdout)
    assert refusals(log) == []
    run = log["runs"][0]
    assert len(run["results"]) == 25_000
    assert run["results"][-1]["properties"]["deck"] == "decks/d49.txt"
    assert run["invocations"][0]["exitCode"] == 1
    assert run["invocations"][0]["toolExecutionNotifications"][-1] == {"level": "warning", "message": {"text": (
        "551 more results not listed: GitHub code scanning refuses a run of more than 25,000 results; the log lists "
        "every error first, then warnings and notes (-o json lists them all)")}}


# A SARIF log past code scanning's cap kept the first results in report order: a deck's
# warnings and notes were listed and a later deck's errors, the findings a pull request
# must see, left out. Cut at the cap, the log lists every error it can hold first, in report
# order, then warnings and notes; under the cap it is in report order, as before. Each
# case: the levels of the problems in report order ("E" error, "W" warning, "N" note), the
# cap, and the problems kept (their index in report order).
CAPPED = [
    ("EWEWE", 5, [0, 1, 2, 3, 4]),        # under the cap: report order
    ("WWWEE", 3, [3, 4, 0]),              # the late errors come in, the first warning fills
    ("WEWEWE", 3, [1, 3, 5]),
    ("EEEEW", 3, [0, 1, 2]),              # more errors than room: the first errors
    ("NWEWNE", 4, [2, 5, 0, 1]),
    ("WWWWWE", 2, [5, 0]),
]


@pytest.mark.parametrize("levels, cap, kept", CAPPED, ids=[f"{case[0]}-{case[1]}" for case in CAPPED])
def test_a_sarif_log_cut_at_the_cap_lists_errors_first(monkeypatch, levels, cap, kept):
    from deckcheck.problem import INFO

    monkeypatch.setattr(sarif, "MAX_SARIF_RESULTS", cap)
    severity = {"E": "error", "W": WARNING, "N": INFO}
    results = [DeckResult(deck=f"d{index}.txt", format="mtg/modern", problems=[
        Problem(rule="deck-size", message=f"problem {index}", severity=severity[level], line=1)])
        for index, level in enumerate(levels)]
    log = assert_valid_sarif(sarif.render(Report(results=results)))
    run = log["runs"][0]
    assert [result["message"]["text"] for result in run["results"]] == [f"problem {index}" for index in kept]
    notes = run["invocations"][0]["toolExecutionNotifications"]
    if len(kept) < len(levels):
        assert notes[-1]["message"]["text"] == (
            f"{len(levels) - cap} more result{'s' if len(levels) - cap > 1 else ''} not listed: GitHub code scanning "
            f"refuses a run of more than {cap:,} results; the log lists every error first, then warnings and notes "
            "(-o json lists them all)")
    else:
        assert notes == []


def test_failed_assertions_of_one_deck_are_alerts_of_their_own(cli, tmp_path):
    """Failed assertions are results of rule `assertion` on the deck's file, with no line,
    and upload-sarif fingerprints only results with a line: two of one deck had the same
    rule, location and (no) fingerprint, which code scanning may keep as one alert. Each has
    a `partialFingerprints` of its own now (code_scanning.merged finds none alike), the same
    in every run whatever its values (other hands give other odds), and an assertion failed
    twice on one deck (under two entries) is numbered `:1`, `:2`."""
    from code_scanning import merged

    files = {"deckcheck.yaml": "format: mtg/modern\nsimulate:\n  'decks/a.txt':\n    hands: {hands}\n"
                               "    assert: ['keep7 >= 0.99', 'keep6 >= 0.99']\n  'decks/*.txt':\n    hands: 100\n"
                               "    assert: ['keep7 >= 0.99']\n",
             "decks/a.txt": "20 Lightning Bolt\n40 Mountain\n"}
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "a.txt").write_text(files["decks/a.txt"], encoding="utf-8")
    logs = []
    for hands in (100, 200):
        (tmp_path / "deckcheck.yaml").write_text(files["deckcheck.yaml"].format(hands=hands), encoding="utf-8")
        logs.append(assert_valid_sarif(cli("check", "-o", "sarif", cwd=tmp_path).stdout))
    failed = [[result for result in log["runs"][0]["results"] if result["ruleId"] == "assertion"] for log in logs]
    assert [len(results) for results in failed] == [3, 3]
    assert failed[0][0]["message"] != failed[1][0]["message"]  # other hands, other values
    prints = [[result["partialFingerprints"]["primaryLocationLineHash"] for result in results] for results in failed]
    assert prints[0] == prints[1]
    assert [fingerprint.rsplit(":", 1)[1] for fingerprint in prints[0]] == ["1", "1", "2"]
    assert prints[0][0].rsplit(":", 1)[0] == prints[0][2].rsplit(":", 1)[0] != prints[0][1].rsplit(":", 1)[0]
    assert merged(logs[0]) == [] and refusals(logs[0]) == []

def test_github_step_summary_stays_under_github_s_size_limit(cli, tmp_path, monkeypatch):
    """GitHub drops a step's whole job summary past 1 MiB ("$GITHUB_STEP_SUMMARY upload
    aborted, supports content up to a size of 1024k"), and the deck table had a row for
    every deck: 6,044 decks of 16-character names wrote 545 KB, so a repository of a few
    thousand decks with longer names (or long messages in the problem rows) lost its summary.
    The deck table lists MAX_SUMMARY_ROWS decks, as the problem table lists problems, and
    what the summary appends, with what the step wrote before, stays under
    MAX_SUMMARY_BYTES, cut at a line with a note that says so."""
    decks = tmp_path / "decks"
    decks.mkdir()
    for index in range(1003):
        (decks / f"d{index:04}.txt").write_text(LEGAL, encoding="utf-8")
    (tmp_path / "deckcheck.yaml").write_text("format: mtg/modern\n", encoding="utf-8")
    summary = tmp_path / "summary.md"
    done = cli("check", "-o", "github", cwd=tmp_path, env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert done.returncode == 0, done.stderr
    text = summary.read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| decks")]
    assert len(rows) == 1000 and rows[-1].startswith("| decks\\/d0999\\.txt |")
    assert "\n... and 3 more decks (run `deckcheck ... -o json` for all)\n" in text
    assert text.startswith("## deckcheck: 1003 of 1003 decks legal\n")

    monkeypatch.setattr(github, "MAX_SUMMARY_BYTES", 2_000)
    target = tmp_path / "small.md"
    target.write_text("x" * 500 + "\n", encoding="utf-8")  # an earlier deckcheck run of the step
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(target))
    report = Report(results=[DeckResult(deck=f"decks/deck number {index}.txt", format="mtg/modern",
                                        problems=[Problem(rule="banned", message="Lightning Bolt is banned " * 5, line=1)])
                             for index in range(40)])
    assert github.publish(report) is None
    written = target.read_bytes()
    assert len(written) <= 2_000
    assert written.endswith(b"\n... the summary is cut here: GitHub drops a step's job summary over 1 MiB "
                            b"(run `deckcheck ... -o json` for all)\n")
    assert written.startswith(b"x" * 500 + b"\n## deckcheck: 0 of 40 decks legal\n")


# Texts a case may carry: XML's specials, the white space an attribute must escape, control
# characters and a lone surrogate (written \xNN), non-ASCII, and nothing at all.
_AWKWARD_TEXTS = ["plain", "", 'a & b < c > d "e" \'f\'', "tab\there\r\nline\nbreak", "bell\x07 esc\x1b nul\x00",
                  "lone \udc80 surrogate", "Troll of Khazad-dûm", "&amp; already", "]]> end"]


def _case_as_element_tree(classname: str, name: str, children: list[tuple[str, dict[str, str], str | None]]) -> str:
    """A testcase as ElementTree builds, indents and writes it at the cases' depth: what
    the JUnit writer wrote before it wrote cases directly."""
    case = ET.Element("testcase", {"classname": junit.xml_text(classname), "name": junit.xml_text(name)})
    for tag, attributes, text in children:
        child = ET.SubElement(case, tag, {key: junit.xml_text(value) for key, value in attributes.items()})
        if text is not None:
            child.text = junit.xml_text(text)
    ET.indent(case, space="  ", level=2)
    return ET.tostring(case, encoding="unicode")


@pytest.mark.parametrize("text", _AWKWARD_TEXTS)
def test_a_junit_case_is_written_as_element_tree_writes_it(text):
    """The JUnit writer writes each case's XML itself (building an ElementTree per deck was
    a quarter of a JUnit batch): byte for byte what ElementTree writes, for every child a
    case can have and every awkward text in each place."""
    children_sets = [
        [],
        [("failure", {"type": "banned", "message": text}, f"line 3, main: {text}")],
        [("error", {"type": "parse-error", "message": "x"}, text), ("system-out", {}, text)],
        [("failure", {"type": text, "message": text}, text), ("failure", {"type": "b", "message": "m"}, "t"),
         ("system-out", {}, "warning: a: b")],
        [("skipped", {"message": text}, None)],
    ]
    for children in children_sets:
        written = junit._case_xml(
            junit._attributes(classname=text, name=f"decks/{text}.txt [p]"),
            [(tag, junit._attributes(**attributes), text or "") for tag, attributes, text in children])
        assert written == _case_as_element_tree(text, f"decks/{text}.txt [p]", children)


# A run that exits 2 did not check all its input (a deck it could not read, a batch with
# nothing to check), though it went on with the rest: its invocation did not succeed, and a
# notification of level error says each thing left unchecked (SARIF 2.1.0, "Detecting
# incomplete result sets"). Exit 0 and 1 (a batch's missing deck is a finding of its row)
# succeeded. Each case: the files, the command, the exit code, the error notifications.
NOT_CHECKED_CASES = [
    ({"ok.txt": LEGAL, "photo.txt": b"\x89PNG\r\n\x1a\n\x00\x01"},
     ["validate", "ok.txt", "photo.txt", "gone.txt", "-f", "mtg/modern"], 2,
     ["not checked: photo.txt: not a text decklist: looks like PNG (an image); export the list as text",
      "not checked: gone.txt: no such file"]),
    ({"deckcheck.yaml": "format: mtg/modern\n", "decks/ok.txt": LEGAL},
     ["check", "decks/ok.txt", "decks/deleted.txt"], 2, ["not checked: decks/deleted.txt: no such file"]),
    ({"deckcheck.yaml": "formt: mtg/modern\n", "decks/ok.txt": LEGAL}, ["check"], 2,
     ["no deck checked: deckcheck.yaml: formt: unknown key; did you mean 'format'? known keys here: date, decks, "
      "exclude, format, formats, output, platform, simulate, strict (line 1)"]),
    ({"empty/notes.md": "no decks\n"}, ["batch", "empty", "-f", "mtg/modern"], 2,
     ["nothing to check: no decklist or registration found"]),
    ({"players.csv": "player,deck\nAnn,ok.txt\nBo,gone.txt\n", "ok.txt": LEGAL},
     ["batch", "players.csv", "-f", "mtg/modern"], 1, []),
    ({"ok.txt": LEGAL}, ["validate", "ok.txt", "-f", "mtg/modern"], 0, []),
]


@pytest.mark.parametrize("files, args, code, errors", NOT_CHECKED_CASES,
                         ids=[" ".join(case[1][:2]) + f" exit {case[2]}" for case in NOT_CHECKED_CASES])
def test_a_sarif_run_that_did_not_check_all_its_input_did_not_succeed(cli, tmp_path, files, args, code, errors):
    for name, content in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            (tmp_path / name).write_bytes(content)
        else:
            (tmp_path / name).write_text(content, encoding="utf-8")
    done = cli(*args, "-o", "sarif", *WITHIN_THE_DATA, cwd=tmp_path)
    assert done.returncode == code, done.stderr
    [invocation] = assert_valid_sarif(done.stdout)["runs"][0]["invocations"]
    assert (invocation["executionSuccessful"], invocation["exitCode"]) == (code != 2, code)
    notifications = invocation["toolExecutionNotifications"]
    assert [n["message"]["text"] for n in notifications if n["level"] == "error"] == errors


def test_a_sarif_log_says_the_first_decks_it_did_not_check_and_counts_the_rest(monkeypatch):
    """A run with thousands of unreadable decks says the first MAX_NOT_CHECKED, a notification
    each, then how many more: each is a result of its own already."""
    monkeypatch.setattr(sarif, "MAX_NOT_CHECKED", 2)
    results = [DeckResult(deck=f"d{i}.txt", format="mtg/modern", unreadable=True,
                          problems=[Problem(rule="parse-error", message=f"d{i}.txt: no such file")]) for i in range(4)]
    log = assert_valid_sarif(sarif.render(Report(results=results)))
    [invocation] = log["runs"][0]["invocations"]
    assert invocation["executionSuccessful"] is False
    assert [n["message"]["text"] for n in invocation["toolExecutionNotifications"] if n["level"] == "error"] == [
        "not checked: d0.txt: no such file", "not checked: d1.txt: no such file", "2 more files not checked (each is a result)"]


# A usage error that stops `validate` before any deck (an unknown -f, a broken format file,
# a bad --date) printed nothing on stdout under -o sarif and -o junit: the job that uploads
# the report met an empty file. As `check` does, the report of a run that checked nothing
# says why; in a GitHub job, an annotation. stderr and exit 2 as before.
VALIDATE_STOPS = [
    (["-f", "mtg/nope"], "unknown format 'mtg/nope'; `deckcheck formats list` shows them all"),
    (["-f", "./cube.yaml"], "cube.yaml: line 1, column 7: invalid YAML: the '[' opened here is never closed; "
                            "found the end of the file at line 1; close it with ']'"),
    (["-f", "mtg/modern", "--date", "2026-13-01"], "--date '2026-13-01' is not a date: there is no month 13"),
]


@pytest.mark.parametrize("output", ["sarif", "junit", "github"])
@pytest.mark.parametrize("args, message", VALIDATE_STOPS, ids=["unknown-format", "broken-format-file", "bad-date"])
def test_a_validate_that_a_usage_error_stopped_is_still_a_report(cli, tmp_path, args, message, output):
    (tmp_path / "ok.txt").write_text(LEGAL, encoding="utf-8")
    (tmp_path / "cube.yaml").write_text("name: [broken\n", encoding="utf-8")
    env = {"GITHUB_ACTIONS": "true"} if output == "github" else {}
    done = cli("validate", "ok.txt", *args, *(["-o", output] if output != "github" else []), cwd=tmp_path, env=env)
    assert (done.returncode, done.stderr) == (2, f"deckcheck: error: {message}\n")
    if output == "sarif":
        [run] = assert_valid_sarif(done.stdout)["runs"]
        [invocation] = run["invocations"]
        assert (invocation["executionSuccessful"], invocation["exitCode"], run["results"]) == (False, 2, [])
        assert invocation["toolExecutionNotifications"] == [{"level": "error", "message": {"text": message}}]
    elif output == "junit":
        [error] = assert_valid_junit(done.stdout).iter("error")
        assert (error.get("type"), error.get("message")) == ("usage", message)
    else:
        # A format file at fault on a line of its own is annotated there, as check does.
        place = "file=cube.yaml,line=1," if "./cube.yaml" in args else ""
        assert done.stdout == f"::error {place}title=deckcheck validate::{message}\n"


# `batch` did not: an unknown -f, a bad --date or a source that is not there left stdout
# (and `--report FILE`) without a word under -o sarif and -o junit, and a GitHub job
# without an annotation, so the step that uploads or publishes the report met no file.
BATCH_STOPS = [
    (["decks", "-f", "mtg/nope"], "unknown format 'mtg/nope'; `deckcheck formats list` shows them all"),
    (["gone/", "-f", "mtg/modern"], "gone/: no such file or folder"),
    (["decks", "-f", "mtg/modern", "--date", "2026-13-01"], "--date '2026-13-01' is not a date: there is no month 13"),
]


@pytest.mark.parametrize("report", [False, True], ids=["stdout", "report-file"])
@pytest.mark.parametrize("output", ["sarif", "junit", "github"])
@pytest.mark.parametrize("args, message", BATCH_STOPS, ids=["unknown-format", "missing-source", "bad-date"])
def test_a_batch_that_a_usage_error_stopped_is_still_a_report(cli, tmp_path, args, message, output, report):
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "ok.txt").write_text(LEGAL, encoding="utf-8")
    report_file = tmp_path / "out" / "deckcheck.report"
    (tmp_path / "out").mkdir()
    more = ["--report", str(report_file)] if report else []
    done = cli("batch", *args, "-o", output, *more, cwd=tmp_path, env={"GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md")})
    assert (done.returncode, done.stderr) == (2, f"deckcheck: error: {message}\n")
    written = report_file.read_text(encoding="utf-8") if report else done.stdout
    if report:
        assert done.stdout == ""
    if output == "sarif":
        [run] = assert_valid_sarif(written)["runs"]
        [invocation] = run["invocations"]
        assert (invocation["executionSuccessful"], invocation["exitCode"], run["results"]) == (False, 2, [])
        assert invocation["toolExecutionNotifications"] == [{"level": "error", "message": {"text": message}}]
    elif output == "junit":
        [error] = assert_valid_junit(written).iter("error")
        assert (error.get("type"), error.get("message")) == ("usage", message)
    else:
        assert written == f"::error title=deckcheck batch::{message}\n"
        assert (tmp_path / "summary.md").read_text(encoding="utf-8").startswith("## deckcheck: stopped before checking any deck")


def test_a_batch_report_file_refused_by_its_own_checks_is_not_written(cli, tmp_path):
    """A usage error about --report itself (here: a file the next batch of the folder would
    check as a deck) writes no report there: the stop report goes nowhere, stderr says why."""
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "ok.txt").write_text(LEGAL, encoding="utf-8")
    done = cli("batch", "decks", "-f", "mtg/modern", "-o", "junit", "--report", "decks/report.txt", cwd=tmp_path)
    assert done.returncode == 2 and "cannot write" in done.stderr
    assert not (tmp_path / "decks" / "report.txt").exists() and done.stdout == ""


def test_a_stopped_batch_never_replaces_a_file_with_its_report(cli, tmp_path):
    """A batch stopped before it read its manifest does not know the decks its rows name:
    a --report naming one of them by mistake is left as it is (the run that goes on refuses
    it once it knows); only a file not there yet gets the report of the stop."""
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "ann.txt").write_text(LEGAL, encoding="utf-8")
    (tmp_path / "players.csv").write_text("player,deck\nann,decks/ann.txt\n", encoding="utf-8")
    done = cli("batch", "players.csv", "-f", "mtg/modern", "--date", "2026-13-01", "-o", "junit",
               "--report", "decks/ann.txt", cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert (tmp_path / "decks" / "ann.txt").read_text(encoding="utf-8") == LEGAL


def test_a_batch_stopped_by_an_unknown_option_is_still_a_report(cli, tmp_path):
    """What Click refuses before the batch runs (an unknown option) is reported as
    `validate`'s is, on stdout; with a --report FILE Click could not read, nowhere."""
    done = cli("batch", "decks", "-f", "mtg/modern", "-o", "junit", "--bogus", cwd=tmp_path)
    assert done.returncode == 2
    [error] = assert_valid_junit(done.stdout).iter("error")
    assert error.get("type") == "usage" and "--bogus" in error.get("message")
    done = cli("batch", "decks", "-o", "junit", "--report", "r.xml", "--bogus", cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == "" and not (tmp_path / "r.xml").exists()


def test_github_step_summary_of_a_batch_with_nothing_to_check_says_so(cli, tmp_path):
    """Review of session 33, finding 4: `batch` of an empty folder (exit 2, nothing to
    check) wrote check's job summary 'no deck checked: none of the files given is a deck',
    though no file was given. It says the batch's own reason, as its error does."""
    (tmp_path / "empty").mkdir()
    summary = tmp_path / "summary.md"
    done = cli("batch", "empty", "-f", "mtg/modern", "-o", "github", cwd=tmp_path,
               env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert done.returncode == 2, done.stdout + done.stderr
    assert "nothing to check: no decklist or registration found" in done.stderr
    assert summary.read_text(encoding="utf-8") == (
        "## deckcheck: nothing to check: no decklist or registration found\n\n")
