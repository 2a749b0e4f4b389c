"""Batch GitHub and SARIF outputs locate decks from the working directory, the repository
root in CI (#14 item 15): GitHub attaches annotations only to paths it knows, and SARIF
gives its relative URIs a `uriBaseId`."""
from __future__ import annotations

import json
import zipfile

import pytest

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
    sarif = json.loads(cli("batch", "set.zip", "-f", "mtg/legacy", "-o", "sarif", cwd=repo).stdout)
    assert all(result["locations"] == [] for result in sarif["runs"][0]["results"])


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
