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
