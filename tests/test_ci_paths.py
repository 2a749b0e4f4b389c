"""Batch GitHub and SARIF outputs locate decks from the working directory, the repository
root in CI (#14 item 15): GitHub attaches annotations only to paths it knows, and SARIF
gives its relative URIs a `uriBaseId`."""
from __future__ import annotations

import base64
import json
import os
import zipfile

import pytest

from code_scanning import refusals
from files import write

BAD = "4 Lightning Bolt\n1 Black Lotus\n55 Mountain\n"


@pytest.fixture
def repo(tmp_path):
    write(tmp_path, {
        "events/june/decks/ann.txt": BAD,
        "events/june/players.csv": "player,deck\nann,decks/ann.txt\n",
    })
    return tmp_path


@pytest.mark.parametrize("source", ["events/june", "events/june/players.csv", "ABSOLUTE"])
def test_github_annotations_name_the_file_from_the_working_directory(cli, repo, source):
    source = str(repo / "events/june") if source == "ABSOLUTE" else source
    done = cli("batch", source, "-f", "mtg/legacy", "-o", "github", cwd=repo)
    assert done.returncode == 1
    errors = [line for line in done.stdout.splitlines() if line.startswith("::error")]
    assert errors and all("file=events/june/decks/ann.txt,line=" in line for line in errors), errors


def test_sarif_uris_are_relative_to_the_source_root(cli, repo):
    done = cli("batch", "events/june/players.csv", "-f", "mtg/legacy", "-o", "sarif", cwd=repo)
    run = json.loads(done.stdout)["runs"][0]
    (result,) = run["results"]
    location = result["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": "events/june/decks/ann.txt", "uriBaseId": "%SRCROOT%"}
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == repo.resolve().as_uri() + "/"
    assert result["properties"]["deck"] == "decks/ann.txt"  # the report still names it as the source does


def test_validate_sarif_has_the_base_too(cli, repo):
    done = cli("validate", "events/june/decks/ann.txt", "-f", "mtg/legacy", "-o", "sarif", cwd=repo)
    location = json.loads(done.stdout)["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": "events/june/decks/ann.txt", "uriBaseId": "%SRCROOT%"}


def test_a_deck_inside_a_zip_is_no_file_to_annotate(cli, repo):
    with zipfile.ZipFile(repo / "set.zip", "w") as archive:
        archive.writestr("ann.txt", BAD)
    github = cli("batch", "set.zip", "-f", "mtg/legacy", "-o", "github", cwd=repo).stdout
    errors = [line for line in github.splitlines() if line.startswith("::error")]
    assert errors and not any("file=" in line for line in errors)


BRAINSTORM = "4 Brainstorm\n56 Island\n"
YDKE = "ydke://ryPeAK8j3gCvI94Ao6lXBQ==!xEQhBQ==!KpVlAQ==!"
TEAMS = "player,team,deck\nann,T1,decks/ann.txt\nbob,T1,decks/bob.txt\ncid,T2,\n"
TEAM_DECKS = {"decks/ann.txt": BRAINSTORM, "decks/bob.txt": "4 Brainstorm\n1 Black Lotus\n55 Island\n"}

# Results that are no deck file of the working tree, and where SARIF places them for code
# scanning, which refuses the whole file when one result has no location
# (github/codeql-action#2459): (files, zips: name -> files inside, folder the command runs
# in, its arguments, [(rule, URI, start line or None, words the message starts with)]).
UNFILED = {
    "zip entry: the archive": (
        {}, {"events/set.zip": {"ann.txt": BAD}}, "events", ["batch", "set.zip", "-f", "mtg/legacy"],
        [("banned", "events/set.zip", None, "ann.txt, line 2: Black Lotus is banned")],
    ),
    "teams and a row with no deck: the manifest's rows": (
        {"events/players.csv": TEAMS, **{f"events/{name}": text for name, text in TEAM_DECKS.items()}}, {},
        "events", ["batch", "players.csv", "-f", "mtg/legacy"],
        [("banned", "events/decks/bob.txt", 2, "Black Lotus is banned"),
         ("registration", "events/players.csv", 4, "manifest line 4: no deck file named"),
         ("banned", "events/players.csv", 3, "bob's deck: Black Lotus"),  # the row of the member it names
         ("team-copy-limit", "events/players.csv", 2, "8 copies of Brainstorm across team T1"),  # ann: named first
         ("team-registration", "events/players.csv", 4, "cid's deck (none) could not be read")],
    ),
    "teams in a zip: the archive": (
        {}, {"set.zip": {"players.csv": TEAMS.replace("cid,T2,\n", ""), **TEAM_DECKS}}, ".",
        ["batch", "set.zip", "-f", "mtg/legacy"],
        [("banned", "set.zip", None, "decks/bob.txt, line 2: Black Lotus is banned"),
         ("banned", "set.zip", None, "bob's deck: Black Lotus"),
         ("team-copy-limit", "set.zip", None, "8 copies of Brainstorm across team T1")],
    ),
    "a ydke:// row: its manifest row": (
        {"ydk.csv": f"player,deck\nann,{YDKE}\n"}, {}, ".", ["batch", "ydk.csv", "-f", "yugioh/advanced-tcg", "--no-cards"],
        [(rule, "ydk.csv", 2, "ydke://ryPeAK8j3gCvI94Ao…#7f1b1d5e: ")
         for rule in ("deck-size", "card-limit", "region", "extra-deck-type", "card-type")],
    ),
}


@pytest.mark.parametrize("case", UNFILED, ids=str)
def test_sarif_places_what_is_no_file_on_its_registration(cli, tmp_path, case):
    files, zips, folder, argv, expected = UNFILED[case]
    write(tmp_path, files)
    for name, entries in zips.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(tmp_path / name, "w") as archive:
            for entry, text in entries.items():
                archive.writestr(entry, text)
    # In a GitHub job, from the root of the checkout, whatever folder the step runs in.
    done = cli(*argv, "-o", "sarif", cwd=tmp_path / folder, env={"GITHUB_WORKSPACE": str(tmp_path)})
    log = json.loads(done.stdout)
    assert refusals(log) == []
    found = []
    for result in log["runs"][0]["results"]:
        (location,) = result["locations"]
        physical = location["physicalLocation"]
        assert physical["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
        found.append((result["ruleId"], physical["artifactLocation"]["uri"], physical.get("region", {}).get("startLine"),
                      result["message"]["text"]))
    assert [(rule, uri, line) for rule, uri, line, _ in found] == [(rule, uri, line) for rule, uri, line, _ in expected]
    for (_, _, _, message), (_, _, _, start) in zip(found, expected):
        assert message.startswith(start), message


def test_a_folder_entry_that_could_not_be_checked_sits_on_itself(cli, tmp_path, tmp_path_factory):
    """A link out of the registration folder is a registration that could not be checked:
    the link is the file of the working tree it is about."""
    outside = tmp_path_factory.mktemp("outside") / "deck.txt"
    outside.write_text(BAD, encoding="utf-8")
    write(tmp_path, {"decks/a.txt": BAD})
    (tmp_path / "decks" / "link.txt").symlink_to(outside)
    log = json.loads(cli("batch", "decks", "-f", "mtg/legacy", "-o", "sarif", cwd=tmp_path).stdout)
    assert refusals(log) == []
    (unchecked,) = [result for result in log["runs"][0]["results"] if result["ruleId"] == "registration"]
    assert unchecked["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "decks/link.txt"


def test_a_zip_entry_keeps_its_name_and_line_as_properties(cli, repo):
    with zipfile.ZipFile(repo / "set.zip", "w") as archive:
        archive.writestr("ann.txt", BAD)
    (result,) = json.loads(cli("batch", "set.zip", "-f", "mtg/legacy", "-o", "sarif", cwd=repo).stdout)["runs"][0]["results"]
    assert result["locations"][0]["physicalLocation"] == {"artifactLocation": {"uri": "set.zip", "uriBaseId": "%SRCROOT%"}}
    assert (result["properties"]["deck"], result["properties"]["line"]) == ("ann.txt", 2)


@pytest.mark.parametrize("argv, stdin", [
    (["validate", "-", "-f", "mtg/legacy"], BAD),
    (["simulate", "-", "-f", "mtg/legacy", "--assert", "keep7 >= 0.99", "--seed", "1"], BAD),
    (["validate", YDKE, "-f", "yugioh/advanced-tcg", "--no-cards"], None),
])
def test_a_deck_that_is_no_file_has_no_location(cli, tmp_path, argv, stdin):
    """Standard input and a deck given as a URL are no file: no location (docs/ci.md says
    code scanning cannot take such a log), and never a made-up file like `ydke%3A//...`."""
    log = json.loads(cli(*argv, "-o", "sarif", input=stdin, cwd=tmp_path).stdout)
    results = log["runs"][0]["results"]
    assert results and all(result["locations"] == [] for result in results)
    assert refusals(log) == []  # allowed only because the deck names no file


@pytest.mark.parametrize("step_folder", ["events", "events/june"])
def test_a_step_in_a_subfolder_still_names_files_from_the_workspace(cli, repo, step_folder):
    """A workflow step with `working-directory: events` named `june/decks/ann.txt`:
    GitHub reads an annotation's file, and code scanning a SARIF URI, from the root of the
    checkout (GITHUB_WORKSPACE), so it attached nothing to the pull request."""
    env = {"GITHUB_WORKSPACE": str(repo)}
    cwd = repo / step_folder
    deck = "june/decks/ann.txt" if step_folder == "events" else "decks/ann.txt"
    github = cli("validate", deck, "-f", "mtg/legacy", "-o", "github", cwd=cwd, env=env)
    errors = [line for line in github.stdout.splitlines() if line.startswith("::error")]
    assert errors and all(line.startswith("::error file=events/june/decks/ann.txt,line=") for line in errors), errors
    assert github.stdout.splitlines()[0] == f"::group::{deck} - mtg/legacy: ILLEGAL (1 problem)"  # the log keeps its name
    sarif = json.loads(cli("validate", deck, "-f", "mtg/legacy", "-o", "sarif", cwd=cwd, env=env).stdout)["runs"][0]
    location = sarif["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": "events/june/decks/ann.txt", "uriBaseId": "%SRCROOT%"}
    assert sarif["originalUriBaseIds"]["%SRCROOT%"]["uri"] == repo.resolve().as_uri() + "/"


def test_a_file_outside_the_workspace_keeps_its_own_name(cli, repo, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    (elsewhere / "x.txt").write_text(BAD, encoding="utf-8")
    github = cli("validate", str(elsewhere / "x.txt"), "-f", "mtg/legacy", "-o", "github", cwd=repo,
                 env={"GITHUB_WORKSPACE": str(repo)})
    assert f"::error file={elsewhere / 'x.txt'},line=" in github.stdout


YDKE_40 = "ydke://" + base64.b64encode(bytes.fromhex("a3a95705") * 40).decode() + "!!!"  # 40 x passcode 89631139


@pytest.mark.parametrize("argv", [
    ["validate", YDKE, "-f", "yugioh/advanced-tcg", "--no-cards"],
    ["simulate", YDKE_40, "-f", "yugioh/advanced-tcg", "--no-cards", "--assert", "keep5 < 1", "--seed", "1", "--hands", "100"],
])
def test_a_ydke_url_is_annotated_without_a_file(cli, tmp_path, argv):
    """A `ydke://` URL is the deck itself, no file: its annotations have no `file=` (GitHub
    would look for a file named `ydke%3A//...`), as a zip entry's."""
    done = cli(*argv, "-o", "github", cwd=tmp_path, env={"GITHUB_WORKSPACE": str(tmp_path)})
    errors = [line for line in done.stdout.splitlines() if line.startswith("::error")]
    assert errors and not any("file=" in line for line in errors), errors


def test_sarif_from_a_folder_outside_the_checkout_agrees_with_its_base(cli, repo, tmp_path_factory):
    """A step run outside the checkout (GITHUB_WORKSPACE) named a deck in it from the
    checkout but gave `%SRCROOT%` as the working directory: every relative URI now starts
    from the checkout, and a file outside it is an absolute file URI."""
    out = tmp_path_factory.mktemp("out")
    (out / "b.txt").write_text(BAD, encoding="utf-8")
    inside = repo / "events/june/decks/ann.txt"
    run = json.loads(cli("validate", str(inside), "b.txt", "-f", "mtg/legacy", "-o", "sarif", cwd=out,
                         env={"GITHUB_WORKSPACE": str(repo)}).stdout)["runs"][0]
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == repo.resolve().as_uri() + "/"
    located = {result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]: result["locations"][0]
               for result in run["results"]}
    assert located["events/june/decks/ann.txt"]["physicalLocation"]["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
    outside = located[(out / "b.txt").as_uri()]["physicalLocation"]["artifactLocation"]
    assert "uriBaseId" not in outside


def test_sarif_names_a_file_outside_the_checkout_absolutely(cli, repo, tmp_path_factory):
    """From a subfolder of the checkout, `../x.txt` outside it is no path from the checkout's
    root (`%SRCROOT%`): an absolute file URI."""
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    (elsewhere / "x.txt").write_text(BAD, encoding="utf-8")
    relative = os.path.relpath(elsewhere / "x.txt", repo / "events")
    run = json.loads(cli("validate", relative, "-f", "mtg/legacy", "-o", "sarif", cwd=repo / "events",
                         env={"GITHUB_WORKSPACE": str(repo)}).stdout)["runs"][0]
    uris = {result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for result in run["results"]}
    assert uris == {(elsewhere / "x.txt").as_uri()}


@pytest.mark.parametrize("argv", [
    ["check"],
    ["validate", "<evil>.txt", "-f", "mtg/legacy"],
    ["simulate", "<evil>.txt", "-f", "mtg/legacy", "--assert", "keep7 >= 0.99", "--seed", "1", "--hands", "100"],
    ["batch", ".", "-f", "mtg/legacy"],
])
def test_a_deck_file_whose_name_starts_with_a_bracket_is_still_a_file(cli, tmp_path, argv):
    """`<stdin>` and `<text>` name no file, but a pull request may add a deck named
    `<evil>.txt`: its results had no location, and code scanning refuses a whole log for
    one result without (code_scanning.py), so one file hid every other deck's results; its
    annotations had no `file=`."""
    write(tmp_path, {"<evil>.txt": BAD, "deckcheck.yaml": "format: mtg/legacy\ndecks: ['*.txt']\n"})
    cwd = tmp_path
    if argv[0] == "batch":  # a folder of registrations, run from inside it
        write(tmp_path, {"decks/<evil>.txt": BAD})
        cwd = tmp_path / "decks"
    env = {"GITHUB_WORKSPACE": str(cwd), "GITHUB_ACTIONS": "true"}
    log = json.loads(cli(*argv, "-o", "sarif", cwd=cwd, env=env).stdout)
    results = log["runs"][0]["results"]
    uris = [location["physicalLocation"]["artifactLocation"]["uri"] for result in results for location in result["locations"]]
    assert results and uris == ["%3Cevil%3E.txt"] * len(results), results
    github = cli(*argv, "-o", "github", cwd=cwd, env=env).stdout
    errors = [line for line in github.splitlines() if line.startswith("::error")]
    assert errors and all(line.startswith("::error file=<evil>.txt,") for line in errors), errors


@pytest.mark.parametrize("folder", ["", "decks", "decks/sub", "tools"])
def test_check_sarif_names_files_from_the_repository_wherever_it_runs(cli, tmp_path, folder):
    """docs/ci.md: SARIF URIs start from `%SRCROOT%`, the root a code-scanning upload reads
    them from. `check` run from a subfolder of the repository (deckcheck.yaml found above)
    named its decks from the working folder outside a GitHub job (`a.txt` from `decks/`,
    `../decks/a.txt` from `tools/`, the base moving with it), so the same repository gave
    other URIs from each folder. They start from the repository's folder now, as in a job;
    a broken deckcheck.yaml's result too."""
    write(tmp_path, {"deckcheck.yaml": "format: mtg/legacy\n", "decks/a.txt": BAD, "decks/sub/b.txt": BAD,
                     "tools/notes.md": "not a deck\n"})
    here = tmp_path / folder
    run = json.loads(cli("check", "-o", "sarif", cwd=here).stdout)["runs"][0]
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == tmp_path.resolve().as_uri() + "/"
    locations = {json.dumps(result["locations"][0]["physicalLocation"]["artifactLocation"]) for result in run["results"]}
    assert locations == {json.dumps({"uri": uri, "uriBaseId": "%SRCROOT%"}) for uri in ("decks/a.txt", "decks/sub/b.txt")}
    (tmp_path / "deckcheck.yaml").write_text("format: [mtg/legacy\n", encoding="utf-8")
    broken = json.loads(cli("check", "-o", "sarif", cwd=here).stdout)["runs"][0]
    assert broken["originalUriBaseIds"] == run["originalUriBaseIds"]
    [result] = broken["results"]
    assert result["locations"][0]["physicalLocation"]["artifactLocation"] == {"uri": "deckcheck.yaml", "uriBaseId": "%SRCROOT%"}
