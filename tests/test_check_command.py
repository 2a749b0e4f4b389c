"""`deckcheck check` driven by deckcheck.yaml, through the installed command."""
from __future__ import annotations

import codecs
import json
import os
import re
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from deckcheck.project.globs import matches
from deckcheck.textio import is_utf8

LEGAL = "4 Lightning Bolt\n56 Mountain\n"
ILLEGAL = "5 Lightning Bolt\n55 Mountain\n"
LEGACY_ONLY = "4 Brainstorm\n56 Island\n"  # Brainstorm is banned in Modern, not Legacy
BURN = "".join(f"4 {name}\n" for name in (
    "Lightning Bolt", "Lava Spike", "Rift Bolt", "Goblin Guide", "Monastery Swiftspear",
    "Eidolon of the Great Revel", "Skewer the Critics", "Searing Blaze", "Boros Charm",
)) + "24 Mountain\n"


def write(root, files):
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")


GLOB_CASES = [
    ("*.dek", "a/b/c.dek", True), ("*.dek", "c.dek", True), ("*.dek", "c.dek.txt", False),
    ("decks/**/*.txt", "decks/x.txt", True), ("decks/**/*.txt", "decks/a/b/x.txt", True),
    ("decks/**/*.txt", "other/decks/x.txt", False), ("decks/*.txt", "decks/a/b.txt", False),
    ("decks/", "decks/a/b.txt", True), ("legacy/**", "legacy/x/y.dek", True),
    ("/top.txt", "top.txt", True), ("/top.txt", "a/top.txt", False), ("./decks/*.txt", "decks/a.txt", True),
    ("d?ck.txt", "deck.txt", True), ("d?ck.txt", "d/ck.txt", False),
    ("[ab].txt", "a.txt", True), ("[!a]*.txt", "a.txt", False), ("[!a]*.txt", "b.txt", True),
    ("**/x.txt", "x.txt", True), ("a/**/b/*.txt", "a/b/c.txt", True), ("a+b (1).txt", "a+b (1).txt", True),
    # A `\` is a `/` and escapes nothing; a `[`, `*` or `?` of a name is a set of one (docs/ci.md).
    ("decks\\a.txt", "decks/a.txt", True), ("[[]draft] burn.txt", "[draft] burn.txt", True),
    ("[[]draft] burn.txt", "d burn.txt", False), ("[draft] burn.txt", "d burn.txt", True),
    ("[draft] burn.txt", "[draft] burn.txt", False), ("a[*].txt", "a*.txt", True), ("a[*].txt", "ab.txt", False),
    # `name/**` holds a `/`, so it is anchored at deckcheck.yaml's folder, as .gitignore's
    # `abc/**` is; only `name/` (a folder, `/` at its end alone) names a folder anywhere.
    ("decks/**", "mtg/decks/a.txt", False), ("decks/**", "decks/a/b.txt", True),
    ("legacy/**", "events/legacy/x.dek", False), ("decks/", "mtg/decks/a.txt", True),
    ("**/decks/**", "mtg/decks/a.txt", True),
]


@pytest.mark.parametrize("pattern, path, expected", GLOB_CASES)
def test_globs(pattern, path, expected):
    assert matches(pattern, path) is expected


# Patterns a backtracking regular expression took exponential time on (minutes each).
HOSTILE_GLOBS = [
    ("*a*a*a*a*a*a*a*b", "a" * 200 + ".txt", False), ("*a*a*a*a*a*a*a*", "a" * 200 + ".txt", True),
    ("**/" * 8 + "x.txt", "a/" * 40 + "y.txt", False), ("**/" * 8 + "y.txt", "a/" * 40 + "y.txt", True),
    ("a*" * 120 + "b", "a" * 250, False),
]


def test_hostile_globs_match_in_polynomial_time():
    # In a child process with a timeout, so that a matcher that hangs fails the test in seconds.
    code = (
        "import sys; from deckcheck.project.globs import matches\n"
        f"print([matches(p, s) for p, s, _ in {HOSTILE_GLOBS!r}])"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=3)
    assert done.stdout.strip() == str([expected for _, _, expected in HOSTILE_GLOBS]), done.stderr


def _deep_repository(root: Path, depth: int, globs: list[str]) -> None:
    """A deck in each of `depth` nested folders, and a deckcheck.yaml taking and excluding by `globs`."""
    folder = root
    for _ in range(depth):
        folder = folder / "a"
        folder.mkdir()
        (folder / "f.txt").write_text(LEGAL, encoding="utf-8")
    listed = "".join(f"  - {json.dumps(glob)}\n" for glob in globs)
    (root / "deckcheck.yaml").write_text(f"format: mtg/modern\ndecks:\n{listed}exclude:\n{listed}", encoding="utf-8")


def test_a_runs_glob_matching_is_bounded_whatever_the_globs_and_the_folders(tmp_path, monkeypatch):
    """Each match is polynomial, but a run matches every file against every glob: 256 globs
    of 64 `**/a/` parts (a 30 KB deckcheck.yaml) against a pull request's decks in folders
    300 deep took 158 s of CPU, growing with the files times their depth. The steps a run
    spends are bounded (MAX_GLOB_STEPS_PER_RUN, lowered here): past it, a ConfigError."""
    from deckcheck.project import check, globs
    from deckcheck.project.config import ConfigError, load_config

    bound = 200_000
    monkeypatch.setattr(check, "MAX_GLOB_STEPS_PER_RUN", bound)
    spent: list[int] = []
    real_spend = globs._spend

    def spend(steps: int) -> None:
        spent.append(steps)
        real_spend(steps)

    monkeypatch.setattr(globs, "_spend", spend)
    hostile = ("**/a/" * 51)[:250]
    _deep_repository(tmp_path, 40, [f"{hostile}{index}" for index in range(32)])
    with pytest.raises(ConfigError, match=f"its globs take more than {bound:,} steps to match"):
        check.run_check(load_config(tmp_path / "deckcheck.yaml"), ())
    # Stopped at the bound: the work of one match more at most (here, well under a tenth of it).
    assert bound < sum(spent) <= bound + max(spent) and max(spent) < bound // 10


def test_ordinary_globs_are_far_from_the_bound_on_matching(tmp_path, monkeypatch):
    from deckcheck.project import check, globs
    from deckcheck.project.config import load_config

    spent: list[int] = []
    real_spend = globs._spend
    monkeypatch.setattr(globs, "_spend", lambda steps: (spent.append(steps), real_spend(steps)))
    _deep_repository(tmp_path, 4, ["a/**/*.txt", "**/f.txt", "*.txt"])
    run = check.run_check(load_config(tmp_path / "deckcheck.yaml"), ())
    assert run.report.results == [] and 0 < sum(spent) < 1_000


def test_glob_sets_stay_within_a_segment():
    # `[*-b]` is a range holding `/`; a set is one character of a name, never a separator.
    assert matches("a[*-b]b", "a-b") and not matches("a[*-b]b", "a/b")
    assert not matches("[z-a]", "m")  # a reversed range holds nothing (no internal error)


@pytest.mark.parametrize("config, expected", [
    ("exclude: [" + ", ".join(f'"x{n}"' for n in range(257)) + "]\n", "257 globs; give at most 256 in all"),
    ("formats:\n" + "".join(f'  "x{n}": mtg/modern\n' for n in range(200))
     + "exclude: [" + ", ".join(f'"y{n}"' for n in range(57)) + "]\n", "257 globs; give at most 256 in all"),
    ('decks: ["' + "*" * 257 + '"]\n', "decks[0]: a glob of 257 characters; at most 256"),
])
def test_config_globs_are_bounded(cli, tmp_path, config, expected):
    write(tmp_path, {"deckcheck.yaml": "format: mtg/modern\n" + config, "burn.txt": BURN})
    done = cli("check", cwd=tmp_path)
    assert done.returncode == 2 and expected in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


def test_check_whole_repository(cli, tmp_path):
    write(tmp_path, {
        "deckcheck.yaml": """
            format: mtg/modern
            date: 2024-06-01
            formats:
              "decks/legacy/**": mtg/legacy
            exclude: ["decks/archive/**"]
            simulate:
              "burn*.txt":
                keep: "2 <= lands <= 5"
                assert: ["keep7 >= 0.5", "keep7 >= 0.99"]
        """,
        "decks/modern/burn.txt": BURN,
        "decks/modern/bolt.txt": ILLEGAL,
        "decks/legacy/blue.txt": LEGACY_ONLY,
        "decks/archive/old.txt": "not a deck at all\n",
        "README.txt": "notes, not a deck\n",
        "requirements.txt": "numpy\n",
        ".venv/lib/x.txt": "junk\n",
        "sub/.hidden/y.txt": "junk\n",
    })
    done = cli("check", "-o", "json", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    report = json.loads(done.stdout)
    verdicts = {r["deck"]: (r["format"], r["legal"]) for r in report["results"]}
    assert verdicts == {
        "decks/legacy/blue.txt": ("mtg/legacy", True),
        "decks/modern/bolt.txt": ("mtg/modern", False),
        "decks/modern/burn.txt": ("mtg/modern", True),
    }
    assertions = [(a["deck"], a["assertion"], a["passed"]) for a in report["assertions"]]
    assert assertions == [
        ("decks/modern/burn.txt", "keep7 >= 0.5", True),
        ("decks/modern/burn.txt", "keep7 >= 0.99", False),
    ]


def test_check_date_and_output_from_config(cli, tmp_path):
    # Brainstorm was not banned in Modern before 2011? It never was legal there, so use
    # Legacy's Mental Misstep: banned in Legacy on 2011-09-20.
    write(tmp_path, {
        "deckcheck.yaml": "format: mtg/legacy\ndate: 2011-09-01\noutput: junit\n",
        "deck.txt": "4 Mental Misstep\n56 Island\n",
    })
    done = cli("check", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith('<?xml version="1.0"')
    later = cli("check", "--date", "2011-10-01", "-o", "text", cwd=tmp_path)
    assert later.returncode == 1 and "banned" in later.stdout


def test_check_passes_when_all_legal_and_assertions_hold(cli, tmp_path):
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/constructed\nsimulate:\n  "*.txt": {assert: "keep7 >= 0.5"}\n',
        "burn.txt": BURN,
    })
    done = cli("check", "-o", "text", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 of 1 assertions hold" in done.stdout


def test_check_in_a_subfolder_finds_the_config_above(cli, tmp_path):
    write(tmp_path, {"deckcheck.yaml": "format: mtg/modern\n", "decks/a.txt": LEGAL})
    done = cli("check", cwd=tmp_path / "decks")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("a.txt - mtg/modern: LEGAL")  # the terminal's: from where it runs


def test_check_reports_kept_as_files_name_decks_from_the_repository_in_a_subfolder(cli, tmp_path):
    """JSON and JUnit named decks (and a format file of the repository, absolute when the
    folder was not above it) from the working directory, SARIF from deckcheck.yaml's folder:
    a job run in `decks/` gave test cases and results other names than one run at the top
    (GitLab's test history keys a case by suite, class and name), and put the runner's own
    folder into a suite's name. All three name them from the repository, as SARIF did."""
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\nformats:\n  "decks/cube/**": formats/cube.yaml\nsimulate:\n'
                          '  "decks/a.txt": {assert: ["keep7 >= 0"], hands: 100}\n',
        "formats/cube.yaml": "name: Cube\ngame: mtg\nextends: mtg/constructed\n",
        "decks/a.txt": LEGAL, "decks/cube/b.txt": ILLEGAL,
    })
    top, below = tmp_path, tmp_path / "decks"
    for output in ("json", "junit", "sarif"):
        reports = [cli("check", "-o", output, cwd=folder) for folder in (top, below)]
        for done in reports:
            assert done.returncode == 1, done.stdout + done.stderr
            assert str(tmp_path) not in done.stdout.replace(tmp_path.as_uri(), ""), done.stdout
        assert reports[0].stdout == reports[1].stdout, output
        if output == "json":
            top_json = json.loads(reports[0].stdout)  # the run at the top, read below
    assert [(r["deck"], r["format"]) for r in top_json["results"]] == [
        ("decks/a.txt", "mtg/modern"), ("decks/cube/b.txt", "formats/cube.yaml")]
    assert [a["deck"] for a in top_json["assertions"]] == ["decks/a.txt"]
    # The text report is read at a terminal: from where it runs, to open what it names.
    assert cli("check", cwd=below).stdout.startswith("a.txt - mtg/modern: LEGAL")


@pytest.mark.parametrize("workspace", [None, "above"])
def test_check_sarif_names_a_failed_assertions_deck_once_in_a_subfolder(cli, tmp_path, workspace):
    """Review of session 33, finding 1: run below deckcheck.yaml's folder, SARIF placed a
    failed assertion at `decks/decks/a.txt` (`repo/decks/decks/a.txt` with the checkout one
    level above): from_root renamed the outcome's deck from the repository and SARIF joined
    that name to the working directory again. The deck's problems were placed right."""
    repo = tmp_path / "repo"
    write(repo, {
        "deckcheck.yaml": 'format: mtg/modern\nsimulate:\n  "decks/*.txt": {assert: "keep7 >= 0.99", hands: 100}\n',
        "decks/a.txt": LEGAL, "decks/b.txt": ILLEGAL,
    })
    env = {"GITHUB_WORKSPACE": str(tmp_path)} if workspace else None
    prefix = "repo/" if workspace else ""
    for folder in (repo, repo / "decks"):
        done = cli("check", "-o", "sarif", cwd=folder, env=env)
        assert done.returncode == 1, done.stdout + done.stderr
        results = json.loads(done.stdout)["runs"][0]["results"]
        places = {(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]) for r in results}
        assertions = {uri for rule, uri in places if rule == "assertion"}
        assert assertions == {f"{prefix}decks/a.txt", f"{prefix}decks/b.txt"}, (folder, places)
        assert {uri for rule, uri in places if rule != "assertion"} == {f"{prefix}decks/b.txt"}, places


def test_check_reports_kept_as_files_name_a_format_files_warning_from_the_repository(cli, tmp_path):
    """Review of session 33, finding 3: run below deckcheck.yaml's folder, the JSON, JUnit
    and SARIF reports named the decks and formats from the repository (fbb3605e) but the
    run's warning about a misspelt ban named the format file by its absolute path, in its
    text and its `formats check` hint. Both name it as from the top now."""
    write(tmp_path, {
        "deckcheck.yaml": "format: formats/my.yaml\n",
        "formats/my.yaml": "name: My\nextends: mtg/modern\nbanned: [Lightning Blot]\n",
        "decks/a.txt": LEGAL,
    })
    said = ("formats/my.yaml: 1 card name matches no card of the card data, so its entry applies to no card: "
            "'Lightning Blot'; `deckcheck formats check formats/my.yaml` says where")
    top = json.loads(cli("check", "-o", "json", cwd=tmp_path).stdout)
    assert [message["message"] for message in top["messages"]] == [said], top["messages"]
    for output in ("json", "junit", "sarif"):
        reports = [cli("check", "-o", output, cwd=folder) for folder in (tmp_path, tmp_path / "decks")]
        for done in reports:
            assert done.returncode == 0, done.stdout + done.stderr
            assert str(tmp_path) not in done.stdout.replace(tmp_path.as_uri(), ""), (output, done.stdout)
        assert reports[0].stdout == reports[1].stdout, output


def test_check_given_files_like_a_hook(cli, tmp_path):
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\ndecks: ["decks/**"]\n',
        "decks/a.txt": LEGAL, "decks/b.txt": ILLEGAL, "notes.txt": "x\n",
    })
    done = cli("check", "decks/a.txt", "notes.txt", "-o", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert [r["deck"] for r in json.loads(done.stdout)["results"]] == ["decks/a.txt"]
    nothing = cli("check", "notes.txt", cwd=tmp_path)
    assert (nothing.returncode, nothing.stdout) == (0, "")


def test_check_given_no_deck_in_a_github_job_says_so_in_the_job_summary(cli, tmp_path):
    """The changed-files step of docs/ci.md on a pull request that touches no deck (a README)
    printed nothing and wrote no job summary: a green step whose page said nothing, which a
    reviewer could not tell from a step that never ran deckcheck. The summary says no file
    given was a deck; stdout stays empty (no annotation to make) and the exit code 0."""
    write(tmp_path, {"deckcheck.yaml": 'format: mtg/modern\ndecks: ["decks/**"]\n', "decks/a.txt": LEGAL,
                     "README.md": "decks\n"})
    summary = tmp_path / "summary.md"
    done = cli("check", "README.md", "-o", "github", cwd=tmp_path, env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert (done.returncode, done.stdout) == (0, ""), done.stderr
    assert summary.read_text(encoding="utf-8").startswith("## deckcheck: no deck checked: none of the files given is a deck")


def test_a_folder_glob_with_stars_is_the_top_folder_alone(cli, tmp_path):
    """`decks/**` is the repository's `decks/` folder: it also took every `decks/` folder
    below the top (`ygo/decks/`, `old/decks/`), so in a repository of several games a
    `formats:` glob `decks/**` gave its format to another game's decks, first match winning."""
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\nformats:\n  "decks/**": mtg/legacy\n',
        "decks/a.txt": LEGACY_ONLY, "modern/decks/b.txt": LEGACY_ONLY,
    })
    done = cli("check", "-o", "json", cwd=tmp_path)
    verdicts = {r["deck"]: (r["format"], r["legal"]) for r in json.loads(done.stdout)["results"]}
    assert verdicts == {"decks/a.txt": ("mtg/legacy", True), "modern/decks/b.txt": ("mtg/modern", False)}, done.stdout
    assert done.returncode == 1, done.stderr


def test_an_anchored_glob_that_would_match_deeper_says_so(cli, tmp_path):
    """A glob with a `/` starts at deckcheck.yaml's folder, so `decks/**` takes nothing of
    `mtg/decks/`: each warning that such a glob matches nothing names a file it would take
    from any folder (`**/decks/**`), as one it would take but for case is named."""
    write(tmp_path, {
        "deckcheck.yaml": ('format: mtg/modern\ndecks: ["decks/**", "mtg/**"]\nexclude: ["archive/**"]\n'
                           'formats:\n  "legacy/*.txt": mtg/legacy\n'),
        "mtg/decks/a.txt": LEGAL, "mtg/legacy/b.txt": LEGACY_ONLY, "mtg/archive/c.txt": LEGAL,
    })
    done = cli("check", "-o", "json", cwd=tmp_path)
    deeper = "would match '{}' (a glob with a '/' is matched from deckcheck.yaml's folder)"
    assert done.stderr.splitlines() == [
        "deckcheck: warning: deckcheck.yaml: decks: 'decks/**' matches no deck; 'mtg/decks/a.txt' " + deeper.format("**/decks/**"),
        "deckcheck: warning: deckcheck.yaml: exclude: 'archive/**' matches no file; 'mtg/archive/c.txt' " + deeper.format("**/archive/**"),
        "deckcheck: warning: deckcheck.yaml: formats.legacy/*.txt: matches no deck; 'mtg/legacy/b.txt' " + deeper.format("**/legacy/*.txt"),
    ], done.stderr


def test_check_with_format_and_no_config(cli, tmp_path):
    write(tmp_path, {"a.txt": LEGAL, "b.dek": "<Deck><Cards Quantity='60' Sideboard='false' Name='Island'/></Deck>"})
    done = cli("check", "-f", "mtg/modern", "-o", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert [r["deck"] for r in json.loads(done.stdout)["results"]] == ["a.txt", "b.dek"]


def test_check_simulate_that_cannot_run_fails_with_the_reason(cli, tmp_path):
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/limited\nsimulate:\n  "*.txt": {assert: ["keep7 >= 0.5"]}\n',
        "tiny.txt": "5 Island\n",
    })
    done = cli("check", "-o", "json", cwd=tmp_path)
    assert done.returncode == 1
    (outcome,) = json.loads(done.stdout)["assertions"]
    assert outcome["passed"] is False and outcome["error"] is True
    assert outcome["message"].startswith("cannot simulate:")


def test_check_keep7_of_a_yugioh_deck_names_the_entry_that_takes_it(cli, tmp_path):
    """A shared `simulate` entry over Magic and Yu-Gi-Oh! decks failed the Yu-Gi-Oh! deck's
    `keep7` with "hands in yugioh/advanced-tcg have at most 5 cards" and no word of what to
    change: the entry's glob takes decks whose hands are smaller. It names the glob and the fix."""
    ydk = "#main\n" + "14558127\n" * 40 + "#extra\n!side\n"
    write(tmp_path, {
        "deckcheck.yaml": ('decks: ["decks/**"]\nformats:\n  "decks/*.ydk": yugioh/advanced-tcg\n  "decks/*.txt": mtg/modern\n'
                           'simulate:\n  "decks/**": {assert: "keep7 >= 0.5", hands: 200}\n'),
        "decks/burn.txt": LEGAL, "decks/ash.ydk": ydk,
    })
    done = cli("check", "-o", "json", cwd=tmp_path)
    outcomes = {outcome["deck"]: outcome for outcome in json.loads(done.stdout)["assertions"]}
    assert "error" not in outcomes["decks/burn.txt"]  # simulated: its hands are of 7
    message = outcomes["decks/ash.ydk"]["message"]
    assert message == ("cannot simulate: assert: keep7: hands in yugioh/advanced-tcg have at most 5 cards; the simulate "
                       "entry 'decks/**' takes this yugioh/advanced-tcg deck: give its format's decks an entry of their "
                       "own, with assertions a hand of 5 cards can meet"), message


# A deck the simulation cannot run on is named once, by the outcome's deck, as the report
# names it (from the repository's top): the message said it again ("decks/one.txt:
# keep7 >= 0.5 [cannot simulate: decks/one.txt: the main deck has 1 card ...]"), and never
# by the absolute path check read it from (the runner's home in a CI log).
CANNOT_SIMULATE = [
    ("decks/scan.txt", b"\x89PNG\r\n\x1a\n\x00\x00", "cannot simulate: not a text decklist: looks like PNG"),
    ("decks/empty.txt", b"", "cannot simulate: the list holds no cards (it is empty"),
    ("decks/one.txt", b"1 Mountain\n", "cannot simulate: the main deck has 1 card: fewer than an opening hand of 7"),
    ("decks/seven.txt", b"7 Mountain\n", "cannot simulate: the main deck has 7 cards: too few to draw a hand of 7 and play to turn"),
    # Broken XML's reason, without the file and line its message names (it said both twice:
    # "(line 2: decks/b.dek: line 2: not well-formed XML ...)").
    ("decks/b.dek", b'<?xml version="1.0"?>\n<Deck><Cards Quantity="4" Name="Forest"></Deck>',
     "cannot simulate: the main deck is empty: no card could be read (line 2: not well-formed XML (mismatched tag))"),
]


@pytest.mark.parametrize("name, content, message", CANNOT_SIMULATE)
def test_check_cannot_simulate_names_the_deck_once_as_the_report_does(cli, tmp_path, name, content, message):
    write(tmp_path, {"deckcheck.yaml": 'format: mtg/modern\ndecks: ["decks/**"]\nsimulate:\n  "decks/*": {assert: "keep7 >= 0.5"}\n'})
    (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / name).write_bytes(content)
    done = cli("check", "-o", "json", cwd=tmp_path)
    (outcome,) = json.loads(done.stdout)["assertions"]
    assert outcome["deck"] == name
    assert outcome["error"] is True and outcome["message"].startswith(message), outcome["message"]
    assert str(tmp_path) not in done.stdout
    [failed] = [line for line in cli("check", cwd=tmp_path).stdout.splitlines() if line.lstrip().startswith("FAIL")]
    assert failed.count(name) == 1, failed


CONFIG_ERRORS = [
    ("formt: mtg/modern\n", "formt: unknown key; did you mean 'format'?"),
    ("format: mtg/nonsense\n", "format: unknown format 'mtg/nonsense'"),
    ("formats: {'*.txt': 3}\n", "formats.*.txt: expected text, got a number (3)"),
    ("date: 2024-02-30\n", "date: '2024-02-30' is not a date: February 2024 has 29 days"),
    ("output: xml\n", "output: expected one of"),
    # A choice written in another case is named, as `platform: Arena` is.
    ("output: JUnit\n", "output: expected one of 'text', 'json', 'junit', 'github', 'sarif', 'auto', got the text 'JUnit'; "
     "did you mean 'junit'?"),
    ("simulate: {'*.txt': {keep: '2 <= lands'}}\n", "simulate.*.txt.assert: required key is missing"),
    ("simulate: {'*.txt': {assert: 'keep7 >= '}}\n", "simulate.*.txt.assert[0]: column"),
    ("simulate: {'*.txt': {assert: 'keep7 >= 0.5', on: turn}}\n", "simulate.*.txt.on: expected one of 'play', 'draw'"),
    # Too few hands to judge an assertion by (1 hand: keep7 is 0 or 1, its standard error 0,
    # so the 3-standard-error margin is none), and an empty policy: errors naming the key,
    # never a verdict on a sample of one or the default keep rule in silence.
    ("simulate: {'*.txt': {assert: 'keep7 >= 0.5', hands: 0}}\n", "simulate.*.txt.hands: expected a whole number from 1 to"),
    ("simulate: {'*.txt': {assert: 'keep7 >= 0.5', hands: -5}}\n", "simulate.*.txt.hands: expected a whole number from 1 to"),
    ("simulate: {'*.txt': {assert: 'keep7 >= 0.5', hands: 1}}\n",
     "deckcheck.yaml: simulate.*.txt.hands: 1 hand is too few to judge an assertion by; give at least 100, or leave "
     "hands out (100,000)"),
    ("simulate: {'*.txt': {assert: 'keep7 >= 0.5', hands: 99}}\n", "simulate.*.txt.hands: 99 hands are too few"),
    ("simulate: {'*.txt': {assert: 'keep7 >= 0.5', policy: ''}}\n",
     "deckcheck.yaml: simulate.*.txt.policy: empty; name a policy file (relative to deckcheck.yaml), or leave policy out "
     "for the default keep rule"),
    ("simulate: {'*.txt': {assert: 'keep7 >= 0.5', policy: '  '}}\n", "simulate.*.txt.policy: empty; name a policy file"),
    ("simulate: {'*.txt': {keep6: '2 <= landz', assert: 'keep7 >= 0.5'}}\n",
     "simulate.*.txt.keep6: column 6 in '2 <= landz': unknown name 'landz'; did you mean 'lands'?"),
    ("simulate: {'*.txt': {policy: nope.yaml, assert: 'keep7 >= 0.5'}}\n", "simulate.*.txt.policy: "),
    ("simulate: {'*.txt': {policy: a.txt, assert: 'keep7 >= 0.5'}}\n", "simulate.*.txt.policy: "),
    ("format: [unclosed\n", "invalid YAML"),
    ("- a list\n", "expected a mapping of settings"),
    # `- glob: format`, a list of one-key mappings, as a GitHub workflow's steps are written:
    # the error said only "got a list", not what to take out.
    ("formats:\n  - 'decks/**': mtg/legacy\n",
     "deckcheck.yaml: formats: expected a mapping of text to text, got a list of mappings; write each entry without "
     "the '- ' before it, as `KEY: VALUE` lines under formats (line 1)"),
    ("simulate:\n  - a.txt: {assert: 'keep7 >= 0.5'}\n", "got a list of mappings; write each entry without the '- ' before it, as `KEY: VALUE` lines under simulate (line 1)"),
    ("format: mtg/modern\nformat: mtg/legacy\n", "duplicate key 'format'"),
    # YAML 1.1 reads `yes`, `true` and `on` alike as true: only `on` is the setting `on`
    # (`yes: draw` was taken for `on: draw`), and `on` given twice said 'True: unknown key'.
    ("simulate: {'*.txt': {assert: 'keep7 >= 0.5', yes: draw}}\n", "simulate.*.txt.yes: unknown key"),
    ("simulate: {'*.txt': {assert: 'keep7 >= 0.5', True: draw}}\n", "simulate.*.txt.True: unknown key"),
    ("simulate: {'*.txt': {assert: 'keep7 >= 0.5', on: draw, 'on': play}}\n", "simulate.*.txt.on: given twice"),
]


@pytest.mark.parametrize("text, expected", CONFIG_ERRORS)
def test_config_errors_name_the_file_and_key(cli, tmp_path, text, expected):
    write(tmp_path, {"deckcheck.yaml": text, "a.txt": LEGAL})
    done = cli("check", cwd=tmp_path)
    assert done.returncode == 2, done.stdout
    assert done.stderr.startswith("deckcheck: error: ") and "deckcheck.yaml" in done.stderr
    assert expected in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


# --config names a file: a folder or a missing name is said for what it is, one line, exit 2.
CONFIG_OPTION_ERRORS = [
    ("nope.yaml", "deckcheck: error: --config nope.yaml: no such file\n"),
    ("conf", "deckcheck: error: --config conf: a folder, not a file; give the deckcheck.yaml file itself\n"),
]


@pytest.mark.parametrize("given, expected", CONFIG_OPTION_ERRORS)
def test_check_config_option_that_names_no_file(cli, tmp_path, given, expected):
    write(tmp_path, {"conf/deckcheck.yaml": "format: mtg/modern\n", "a.txt": LEGAL})
    done = cli("check", "--config", given, cwd=tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", expected)


def test_check_without_config_or_format_is_a_usage_error(cli, tmp_path):
    done = cli("check", cwd=tmp_path)
    assert done.returncode == 2
    assert "no deckcheck.yaml" in done.stderr


def test_check_finding_no_deck_is_an_error(cli, tmp_path):
    """The repository is named from the working directory, as deckcheck.yaml is (it was
    its absolute path); from a folder below it, as found."""
    write(tmp_path, {"deckcheck.yaml": 'format: mtg/modern\ndecks: ["decks/**"]\n', "sub/x.md": "notes\n"})
    done = cli("check", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.endswith("deckcheck: error: no decklists found under . (decks: decks/**)\n"), done.stderr
    below = cli("check", cwd=tmp_path / "sub")
    assert below.stderr.endswith(f"deckcheck: error: no decklists found under {tmp_path} (decks: decks/**)\n")


def test_check_warns_about_a_formats_glob_that_earlier_globs_shadow(cli, tmp_path):
    """First match wins: a `formats` glob whose every deck an earlier glob takes gives no
    deck its format, and said nothing (`decks/legacy/**` below `decks/**`)."""
    write(tmp_path, {
        "deckcheck.yaml": ('format: mtg/modern\nformats:\n  "decks/**": mtg/modern\n  "decks/legacy/**": mtg/legacy\n'
                           '  "*.dek": mtg/legacy\n  "top/*": mtg/modern\n  "top/b.txt": mtg/legacy\n'
                           '  "top/**": mtg/legacy\n'),
        "decks/a.txt": LEGAL, "decks/legacy/b.txt": LEGAL, "top/a.txt": LEGAL, "top/b.txt": LEGAL, "top/sub/c.txt": LEGAL,
    })
    done = cli("check", "-o", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr == (
        "deckcheck: warning: deckcheck.yaml: formats.decks/legacy/**: applies to no deck: 'decks/**' above it takes "
        "every deck it matches (the first glob that matches a deck gives its format); move it above 'decks/**'\n"
        "deckcheck: warning: deckcheck.yaml: formats.*.dek: matches no deck\n"
        "deckcheck: warning: deckcheck.yaml: formats.top/b.txt: applies to no deck: 'top/*' above it takes every deck "
        "it matches (the first glob that matches a deck gives its format); move it above 'top/*'\n"
    )  # top/** gives top/sub/c.txt its format: no warning
    assert [result["format"] for result in json.loads(done.stdout)["results"]] == [
        "mtg/modern", "mtg/modern", "mtg/modern", "mtg/modern", "mtg/legacy"]
    strict = cli("check", "--strict", "-o", "github", cwd=tmp_path)
    assert strict.returncode == 1
    assert ("::error file=deckcheck.yaml,line=4,title=deckcheck check::deckcheck.yaml: formats.decks/legacy/**: "
            "applies to no deck") in strict.stdout
    many = tmp_path / "many"
    write(many, {
        "deckcheck.yaml": 'format: mtg/modern\nformats:\n  "*.txt": mtg/modern\n  "a/*": mtg/modern\n  "**": mtg/legacy\n',
        "a/x.txt": LEGAL, "a/y.dek": "4 Lightning Bolt\n56 Mountain\n",
    })
    two = cli("check", cwd=many)
    assert two.stderr == (
        "deckcheck: warning: deckcheck.yaml: formats.**: applies to no deck: '*.txt' and 'a/*' above it take the decks "
        "it matches (the first glob that matches a deck gives its format); move it above '*.txt'\n"
    )


def test_check_warns_about_globs_that_match_nothing(cli, tmp_path):
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\nformats: {"legacy/**": mtg/legacy}\nsimulate: {"typo.txt": {assert: "keep7 >= 0.1"}}\n',
        "a.txt": LEGAL,
    })
    done = cli("check", cwd=tmp_path)
    assert done.returncode == 0
    assert "simulate.typo.txt: matches no deck" in done.stderr
    assert "formats.legacy/**: matches no deck" in done.stderr


def test_check_unreadable_deck_exits_2_and_reports_the_rest(cli, tmp_path):
    write(tmp_path, {"deckcheck.yaml": "format: mtg/modern\n", "a.txt": LEGAL})
    (tmp_path / "big.txt").write_bytes(b"1 Island\n" * 600_000)
    done = cli("check", "-o", "json", cwd=tmp_path)
    assert done.returncode == 2
    results = {r["deck"]: r for r in json.loads(done.stdout)["results"]}
    assert results["a.txt"]["legal"] is True
    assert "limit for a decklist" in results["big.txt"]["problems"][0]["message"]


def test_format_file_in_config_is_relative_to_it(cli, tmp_path):
    write(tmp_path, {
        "deckcheck.yaml": 'formats: {"cube/*": formats/cube.yaml}\n',
        "formats/cube.yaml": "name: Cube\ngame: mtg\nextends: mtg/limited\n",
        "cube/a.txt": "40 Island\n",
    })
    done = cli("check", "-o", "json", cwd=tmp_path / "cube")
    assert done.returncode == 0, done.stderr
    (result,) = json.loads(done.stdout)["results"]
    assert result["format"].endswith("cube.yaml")


def test_a_format_file_is_named_from_the_working_directory(cli, tmp_path):
    """#14: reports (and the JUnit testsuite) name a format file as the repository does,
    not by its absolute path."""
    (tmp_path / "formats").mkdir()
    (tmp_path / "formats" / "cube.yaml").write_text("name: Cube\ngame: mtg\nextends: mtg/constructed\n", encoding="utf-8")
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "a.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    (tmp_path / "deckcheck.yaml").write_text("format: formats/cube.yaml\n", encoding="utf-8")
    text = cli("check", cwd=tmp_path)
    assert text.returncode == 0, text.stderr
    assert text.stdout.startswith("decks/a.txt - formats/cube.yaml: LEGAL")
    junit = cli("check", "-o", "junit", cwd=tmp_path).stdout
    assert '<testsuite name="formats/cube.yaml"' in junit and str(tmp_path) not in junit
    # Run from a folder the file is not under, it keeps its full path.
    below = cli("check", "-c", "../deckcheck.yaml", cwd=tmp_path / "decks")
    assert f"- {(tmp_path / 'formats' / 'cube.yaml').as_posix()}: LEGAL" in below.stdout, below.stdout + below.stderr


def test_without_a_decks_glob_only_files_that_look_like_decklists_are_checked(cli, tmp_path):
    """#14: the pre-commit hook passes every staged .txt; notes are not decks."""
    write(tmp_path, {
        "deckcheck.yaml": "format: mtg/modern\n",
        "decks/a.txt": LEGAL,
        "decks/arena.txt": "Deck\n4 Lightning Bolt (STA) 42\n56 Mountain\n\nSideboard\n2 Abrade\n",
        "decks/typo.txt": "4 Lightning Bolt\nfour Goblin Guide\n52 Mountain\n",
        "notes.txt": "Things to test this week:\n- the sideboard plan against Tron\n- 4 or 5 lands?\n",
        "todo.txt": "buy sleeves\n",
        "empty.txt": "",
    })
    hook = cli("check", "decks/a.txt", "notes.txt", "todo.txt", "empty.txt", "-o", "json", cwd=tmp_path)
    assert hook.returncode == 0, hook.stdout + hook.stderr
    assert [r["deck"] for r in json.loads(hook.stdout)["results"]] == ["decks/a.txt"]
    whole = cli("check", "-o", "json", cwd=tmp_path)
    checked = [r["deck"] for r in json.loads(whole.stdout)["results"]]
    assert checked == ["decks/a.txt", "decks/arena.txt", "decks/typo.txt"]  # a typo does not hide a deck
    # With `decks`, the globs decide: a file they name is read whatever it holds.
    (tmp_path / "deckcheck.yaml").write_text('format: mtg/modern\ndecks: ["*.txt"]\n', encoding="utf-8")
    named = cli("check", "notes.txt", "-o", "json", cwd=tmp_path)
    assert [r["deck"] for r in json.loads(named.stdout)["results"]] == ["notes.txt"] and named.returncode == 1


# A deck file that is no text: what a corrupt save, a list exported compressed or a photo
# renamed to .txt leaves. Notes are passed over; these are decks that cannot be read.
NOT_TEXT = [
    ("binary", bytes(range(1, 256)) * 4, "looks like binary data"),
    ("gzip", b"\x1f\x8b\x08\x00" + bytes(range(200, 256)) * 8, "looks like gzip-compressed data"),
    ("png", b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, "looks like PNG"),
    ("zeros", bytes(3000), "looks like zero bytes only"),  # a save cut short: was passed over as notes
]


@pytest.mark.parametrize("data, said", [(data, said) for _, data, said in NOT_TEXT], ids=[name for name, _, _ in NOT_TEXT])
def test_without_a_decks_glob_a_deck_file_that_is_no_text_is_reported_not_passed_over(cli, tmp_path, data, said):
    """The pull request that turns decks/b.txt into bytes gets `NOT CHECKED` and exit 2, from
    the hook (given the file) and from a run over the repository, as a `.ydk` of the same
    bytes does; it was taken for notes and the run passed (exit 0) saying nothing of it."""
    write(tmp_path, {"deckcheck.yaml": "format: mtg/modern\n", "decks/a.txt": LEGAL, "notes.txt": "buy sleeves\n"})
    (tmp_path / "decks" / "b.txt").write_bytes(data)
    for args in (["decks/a.txt", "decks/b.txt", "notes.txt"], []):
        done = cli("check", *args, "-o", "json", cwd=tmp_path)
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        results = {r["deck"]: r for r in json.loads(done.stdout)["results"]}
        assert sorted(results) == ["decks/a.txt", "decks/b.txt"], args
        (problem,) = results["decks/b.txt"]["problems"]
        assert said in problem["message"], problem


def _japanese_notes(encoding: str) -> bytes:
    """A tournament report in Japanese prose, 64 KiB and 1 byte long in `encoding`, whose
    last character starts before the 64 KiB `check` reads to tell a deck from notes."""
    line = "今日の大会では赤単バーンを使いました。三回戦で負けてしまったが、楽しかったです。\n"
    text = "## 大会レポート\n"
    while len((text + line).encode(encoding)) < 64 * 1024 - 200:
        text += line
    last = "終"
    pad = 64 * 1024 + 1 - len(text.encode(encoding)) - len(last.encode(encoding))
    data = (text + "x" * (pad - 1) + "\n" + last).encode(encoding)
    assert len(data) == 64 * 1024 + 1
    return data


@pytest.mark.parametrize("encoding", ["utf-8", "cp932"])
def test_large_notes_cut_inside_a_character_are_still_notes(cli, tmp_path, encoding):
    """Review32a #1: the head read to tell a deck from notes ended inside a character; its
    strict reading failed, Windows-1252 turned the Japanese into replacement characters,
    the head looked like binary data and the notes were checked as a deck: ILLEGAL, exit 1."""
    write(tmp_path, {"deckcheck.yaml": "format: mtg/modern\n", "decks/a.txt": LEGAL})
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "大会レポート.txt").write_bytes(_japanese_notes(encoding))
    for args in (["decks/a.txt", "notes/大会レポート.txt"], []):
        done = cli("check", *args, "-o", "json", cwd=tmp_path)
        assert [r["deck"] for r in json.loads(done.stdout)["results"]] == ["decks/a.txt"], args
        assert done.returncode == 0, args


def test_large_notes_with_a_stray_nul_cut_inside_a_character_are_still_notes(cli, tmp_path):
    """Review32g #5: one NUL byte in the head turned the trim of a cut character off,
    though decode drops stray NULs and reads the rest as UTF-8: Japanese notes after a NUL
    were read as Windows-1252, looked binary, and `check .` checked them (ILLEGAL)."""
    write(tmp_path, {"deckcheck.yaml": "format: mtg/modern\n", "decks/a.txt": LEGAL})
    data = b"\x00" + _japanese_notes("utf-8")
    assert not is_utf8(data[1:64 * 1024])  # the head ends inside its last character
    (tmp_path / "report.txt").write_bytes(data)
    done = cli("check", ".", "-o", "json", cwd=tmp_path)
    assert [r["deck"] for r in json.loads(done.stdout)["results"]] == ["decks/a.txt"]
    assert done.returncode == 0


def test_large_utf16_notes_cut_inside_a_surrogate_pair_are_still_notes(cli, tmp_path):
    """Review32g #4: English notes saved as UTF-16 with a BOM, a 🌸 straddling the 64 KiB
    `check` reads: the cut head failed the strict UTF-16 reading and `check .` checked the
    notes as a deck (ILLEGAL, exit 1)."""
    write(tmp_path, {"deckcheck.yaml": "format: mtg/modern\n", "decks/a.txt": LEGAL})
    text = "Notes from the store championship, round by round.\n" * 600
    head = codecs.BOM_UTF16_LE + text.encode("utf-16-le")
    text += "x" * ((64 * 1024 - 2 - len(head)) // 2) + "🌸 the end\n"
    data = codecs.BOM_UTF16_LE + text.encode("utf-16-le")
    assert data[64 * 1024 - 2: 64 * 1024 + 2] == "🌸".encode("utf-16-le")  # its halves either side of the cut
    (tmp_path / "notes16.txt").write_bytes(data)
    done = cli("check", ".", "-o", "json", cwd=tmp_path)
    assert [r["deck"] for r in json.loads(done.stdout)["results"]] == ["decks/a.txt"]
    assert done.returncode == 0


def test_check_simulates_with_the_card_data_validation_uses(cli, tmp_path):
    """A deck whose lands are mostly not basic (the bundled Burn list: fetch lands, Sacred
    Foundry): its keep odds in `check` are `deckcheck simulate`'s, where every land counts,
    not the basic-lands-only odds of a run without card data."""
    example = Path(__file__).resolve().parent.parent / "examples" / "burn-modern.txt"
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\nsimulate:\n  "*.txt": {keep: "2 <= lands <= 4", assert: "keep7 >= 0.7"}\n',
        "burn.txt": example.read_text(encoding="utf-8"),
    })
    done = cli("check", "-o", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    [outcome] = json.loads(done.stdout)["assertions"]
    alone = cli("simulate", "burn.txt", "-f", "mtg/modern", "--keep", "2 <= lands <= 4", "-o", "json", cwd=tmp_path)
    keep7 = json.loads(alone.stdout)["keep"]["7"]
    assert outcome["passed"] is True and outcome["values"]["keep7"] == keep7 > 0.7
    without = cli("simulate", "burn.txt", "-f", "mtg/modern", "--keep", "2 <= lands <= 4", "--no-cards", "-o", "json", cwd=tmp_path)
    assert json.loads(without.stdout)["keep"]["7"] < 0.1  # what `check` reported before


def test_check_given_a_folder_checks_the_decks_under_it(cli, tmp_path):
    """`check decks/` checked nothing and exited 0; a folder stands for its decks, as the
    config selects them, and a folder without any is 'no decklists found' (exit 2)."""
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\ndecks: ["decks/**"]\n',
        "decks/modern/a.txt": LEGAL, "decks/modern/b.txt": ILLEGAL, "decks/other/c.txt": LEGAL,
        "decks/modern/.hidden/d.txt": ILLEGAL, "elsewhere/e.txt": ILLEGAL, "empty/notes.md": "x\n",
    })
    done = cli("check", "decks/modern/", "-o", "json", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert [r["deck"] for r in json.loads(done.stdout)["results"]] == ["decks/modern/a.txt", "decks/modern/b.txt"]
    everything = cli("check", ".", "-o", "json", cwd=tmp_path / "decks")  # named from the repository, as SARIF names them
    assert [r["deck"] for r in json.loads(everything.stdout)["results"]] == [
        "decks/modern/a.txt", "decks/modern/b.txt", "decks/other/c.txt"]
    mixed = cli("check", "decks/other", "decks/modern/a.txt", "-o", "json", cwd=tmp_path)
    assert (mixed.returncode, [r["deck"] for r in json.loads(mixed.stdout)["results"]]) == (0, ["decks/modern/a.txt", "decks/other/c.txt"])
    nothing = cli("check", "empty", cwd=tmp_path)
    assert nothing.returncode == 2 and nothing.stderr == "deckcheck: error: no decklists found under empty (decks: decks/**)\n"


def test_a_folder_whose_decks_exclude_takes_says_so(cli, tmp_path):
    """`check decks/archive/` of a repository that excludes it said "no decklists found
    under decks/archive/ (decks: decks/**)": the folder is full of decks, and the glob
    named takes them, so the message read as a fault of deckcheck. It names the `exclude`
    globs too, which are what leaves them out."""
    write(tmp_path, {"deckcheck.yaml": 'format: mtg/modern\ndecks: ["decks/**"]\nexclude: ["decks/archive/"]\n',
                     "decks/a.txt": LEGAL, "decks/archive/old.txt": LEGAL})
    done = cli("check", "decks/archive/", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (
        2, "deckcheck: error: no decklists found under decks/archive/ (decks: decks/**; exclude: decks/archive/)\n")
    # A pull request's glob with a line break made the error two lines; it is one, quoted.
    write(tmp_path, {"deckcheck.yaml": 'format: mtg/modern\ndecks: ["x\\ny/**"]\n'})
    broken = cli("check", cwd=tmp_path)
    assert broken.stderr.splitlines()[-1] == "deckcheck: error: no decklists found under . (decks: 'x\\ny/**')"


@pytest.mark.parametrize("how", ["--strict", "strict: true"])
def test_strict_check_fails_on_its_own_warnings(cli, tmp_path, how):
    """A deck renamed away from its simulate glob switches its assertions off: a warning,
    exit 0, unless the check is strict, when every report states exit 1 and stderr says why."""
    # On the day of the newest lists: a later event (today) adds a note on the data to each report.
    config = 'format: mtg/modern\nsimulate: {"typo.txt": {assert: "keep7 >= 0"}}\ndate: 2026-09-02\n'
    write(tmp_path, {"deckcheck.yaml": config + ("strict: true\n" if how == "strict: true" else ""), "a.txt": LEGAL})
    flags = ["--strict"] if how == "--strict" else []
    done = cli("check", *flags, cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stderr.splitlines()[-1].endswith(f"{how}: 1 warning fails the check")
    sarif = cli("check", *flags, "-o", "sarif", cwd=tmp_path)
    invocation = json.loads(sarif.stdout)["runs"][0]["invocations"][0]
    assert sarif.returncode == 1 and invocation["exitCode"] == 1
    assert [n["level"] for n in invocation["toolExecutionNotifications"]] == ["error"]
    # Every CI report shows why the job failed, not a green or amber report on a red job.
    assert json.loads(cli("check", *flags, "-o", "json", cwd=tmp_path).stdout)["messages"][0]["level"] == "error"
    github = cli("check", *flags, "-o", "github", cwd=tmp_path).stdout
    assert "::error file=deckcheck.yaml,line=2,title=deckcheck check::" in github and "::warning" not in github
    junit = cli("check", *flags, "-o", "junit", cwd=tmp_path).stdout
    assert '<testsuites name="deckcheck" tests="2" failures="1"' in junit
    assert re.search(r'<failure message="[^"]*deckcheck.yaml: simulate.typo.txt: matches no deck[^"]*" type="strict"', junit)
    # Without the warning a strict check passes, and without strict the warning does not fail.
    write(tmp_path, {"deckcheck.yaml": config.replace("typo.txt", "a.txt") + ("strict: true\n" if how == "strict: true" else "")})
    assert cli("check", *flags, cwd=tmp_path).returncode == 0
    write(tmp_path, {"deckcheck.yaml": config})
    assert cli("check", cwd=tmp_path).returncode == 0


def test_check_given_its_config_or_a_format_file_it_names_checks_every_deck(cli, tmp_path):
    """A commit that edits deckcheck.yaml (or a format file it names) can change every
    deck's verdict: given that file (the hook passes deckcheck.yaml; a format file when
    the user's `files` take it), check checks the whole repository."""
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\ndecks: ["decks/**"]\nformats: {"decks/cube/*": formats/cube.yaml}\n',
        "formats/cube.yaml": "extends: mtg/modern\nname: My cube\n",
        "decks/a.txt": LEGAL, "decks/b.txt": ILLEGAL, "decks/cube/c.txt": LEGAL, "notes.txt": "hello\n",
    })
    for given in ("deckcheck.yaml", "formats/cube.yaml"):
        done = cli("check", given, "-o", "json", cwd=tmp_path)
        assert done.returncode == 1, done.stdout + done.stderr
        assert [r["deck"] for r in json.loads(done.stdout)["results"]] == ["decks/a.txt", "decks/b.txt", "decks/cube/c.txt"]
    # Any other file that is no deck is still passed over.
    done = cli("check", "notes.txt", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout == ""


def test_check_given_a_missing_file_reports_it_only_when_it_would_be_a_deck(cli, tmp_path):
    """What `git diff --name-only` lists includes deleted files: a deleted README is passed
    over like the existing one, a deleted deck is 'no such file' (exit 2)."""
    write(tmp_path, {"deckcheck.yaml": 'format: mtg/modern\ndecks: ["decks/**"]\n', "decks/a.txt": LEGAL})
    skipped = cli("check", "decks/a.txt", "README.md", "notes/gone.txt", "-o", "json", cwd=tmp_path)
    assert skipped.returncode == 0, skipped.stdout + skipped.stderr
    assert [r["deck"] for r in json.loads(skipped.stdout)["results"]] == ["decks/a.txt"]
    deleted = cli("check", "decks/gone.txt", cwd=tmp_path)
    assert deleted.returncode == 2 and "decks/gone.txt: no such file" in deleted.stdout


def test_check_github_output_annotates_its_own_warnings(cli, tmp_path):
    """A simulate glob with a typo turns its assertions off: under -o github that is a
    `::warning` the pull request shows, not only a line on stderr."""
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\nsimulate: {"typo.txt": {assert: "keep7 >= 0.1"}}\n',
        "a.txt": LEGAL,
    })
    done = cli("check", "-o", "github", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    [annotation] = [line for line in done.stdout.splitlines() if line.startswith("::warning")]
    # On the line of deckcheck.yaml that gives the glob, so the pull request shows where.
    assert annotation.startswith("::warning file=deckcheck.yaml,line=2,title=deckcheck check::") and annotation.endswith(
        "deckcheck.yaml: simulate.typo.txt: matches no deck, so its assertions did not run")
    assert "simulate.typo.txt: matches no deck" in done.stderr
    text = cli("check", "-o", "text", cwd=tmp_path)
    assert "::warning" not in text.stdout and "simulate.typo.txt: matches no deck" in text.stderr


def test_check_passes_on_the_simulation_s_notes(cli, tmp_path):
    """A policy tag whose only card is misspelt makes keep7 0: `simulate` says why in a
    note, and `check` said nothing. Its notes on the deck as read (an unknown card) are
    not repeated: validation reports them."""
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\nsimulate:\n  "*.txt": {policy: p.yaml, assert: "keep7 >= 0.5"}\n',
        "p.yaml": "keep:\n  7: count(burn) >= 1\ntags:\n  burn: [Lightening Bolt]\n",
        "a.txt": "4 Lightning Bolt\n4 Mountian\n52 Mountain\n",
    })
    done = cli("check", cwd=tmp_path)
    assert done.returncode == 1 and "FAIL  a.txt: keep7 >= 0.5   [keep7 = 0.0000]" in done.stdout
    notes = [line for line in done.stderr.splitlines() if line.startswith("deckcheck: note: a.txt: ")]
    assert notes == [
        "deckcheck: note: a.txt: simulate.*.txt: p.yaml: tags.burn: 'Lightening Bolt' is not in the main deck; "
        "did you mean 'Lightning Bolt'?",
        "deckcheck: note: a.txt: simulate.*.txt: p.yaml: tag 'burn' holds no card of the main deck, "
        "so count(burn) is 0 in every hand (keep.7)",
    ]
    assert "Mountian" not in done.stderr and "unknown card 'Mountian'" in done.stdout
    github = cli("check", "-o", "github", cwd=tmp_path)
    assert sum(line.startswith("::notice title=deckcheck check::a.txt: simulate.*.txt: ") for line in github.stdout.splitlines()) == 2


def test_the_simulation_s_own_notes_are_told_apart_from_its_notes_on_the_deck(cli, tmp_path):
    """The engine says which of its notes are on the deck as read (validation reports those);
    they used to be told apart by their text starting with the deck's name, so a deck
    named like the start of another note (`using Monte Carlo`) lost that note."""
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\ndecks: ["using*"]\n'
                          'simulate:\n  "using*": {keep: "distinct(lands) >= 1", assert: "keep7 >= 0.5"}\n',
        "using Monte Carlo": "4 Lightning Bolt\n4 Mountian\n52 Mountain\n",
    })
    done = cli("check", cwd=tmp_path)
    assert done.returncode == 1 and "PASS  using Monte Carlo: keep7 >= 0.5" in done.stdout, done.stdout + done.stderr
    notes = [line for line in done.stderr.splitlines() if line.startswith("deckcheck: note: using Monte Carlo: ")]
    assert notes == [
        "deckcheck: note: using Monte Carlo: simulate.using*: using Monte Carlo: distinct() at column 1 of keep "
        "('distinct(lands) >= 1') depends on which cards are in the hand, not only how many of each kind",
    ]
    assert "Mountian" not in done.stderr and "unknown card 'Mountian'" in done.stdout


def test_check_s_warnings_and_notes_reach_every_report(cli, tmp_path):
    """A glob that matches no deck turns its assertions off: every report says so, each in
    its own way (JSON `messages`, SARIF notifications, a JUnit suite's system-out, GitHub
    annotations), not only `-o github`; stderr still carries them, and a run without any
    writes its reports as before."""
    from test_ci_reporters import assert_valid_junit, assert_valid_sarif

    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\ndate: 2024-06-01\nsimulate:\n  "typo.txt": {assert: "keep7 >= 0.1"}\n'
                          '  "burn.txt": {policy: p.yaml, exact: true, assert: "keep7 >= 0.1"}\n',
        "p.yaml": "keep:\n  7: lands >= 1 or count(burn) >= 1\ntags:\n  burn: [Lightening Bolt]\n",
        "burn.txt": BURN,
    })
    warning = "deckcheck.yaml: simulate.typo.txt: matches no deck, so its assertions did not run"
    policy = "p.yaml"  # named from the working directory
    notes = [
        f"burn.txt: simulate.burn.txt: {policy}: tags.burn: 'Lightening Bolt' is not in the main deck; did you mean 'Lightning Bolt'?",
        f"burn.txt: simulate.burn.txt: {policy}: tag 'burn' holds no card of the main deck, so count(burn) is 0 in every hand (keep.7)",
    ]
    expected = [("warning", warning), *(("note", note) for note in notes)]
    summary = tmp_path / "summary.md"
    runs = {output: cli("check", "-o", output, cwd=tmp_path, env={"GITHUB_STEP_SUMMARY": str(summary)})
            for output in ("json", "sarif", "junit", "github", "text")}
    for output, done in runs.items():
        assert done.returncode == 0, output + done.stdout + done.stderr
        assert done.stderr.splitlines() == [f"deckcheck: warning: {warning}", *(f"deckcheck: note: {note}" for note in notes)]
    assert [(m["level"], m["message"]) for m in json.loads(runs["json"].stdout)["messages"]] == expected
    [invocation] = assert_valid_sarif(runs["sarif"].stdout)["runs"][0]["invocations"]
    assert [(n["level"], n["message"]["text"]) for n in invocation["toolExecutionNotifications"]] == expected
    suites = assert_valid_junit(runs["junit"].stdout).findall("testsuite")
    assert [suite.get("name") for suite in suites] == ["warnings and notes", "mtg/modern", "simulate mtg/modern"]
    assert suites[0].get("tests") == "0" and suites[0].findtext("system-out").splitlines() == [
        f"{level}: {message}" for level, message in expected]
    annotations = [line for line in runs["github"].stdout.splitlines() if line.startswith(("::warning", "::notice"))]
    assert annotations == [f"::warning file=deckcheck.yaml,line=4,title=deckcheck check::{warning}",
                           *(f"::notice title=deckcheck check::{note}" for note in notes)]
    # GitHub shows ten warning annotations a step: the job summary lists them all.
    listed = summary.read_text(encoding="utf-8").partition("### Warnings and notes\n\n")[2].splitlines()
    assert [line.replace("\\", "") for line in listed if line] == [f"- {level}: {message}" for level, message in expected]
    assert warning not in runs["text"].stdout and notes[0] not in runs["text"].stdout  # stderr has them, as before

    (tmp_path / "deckcheck.yaml").write_text("format: mtg/modern\ndate: 2024-06-01\n", encoding="utf-8")
    quiet = {output: cli("check", "-o", output, cwd=tmp_path) for output in ("json", "sarif", "junit")}
    assert "messages" not in json.loads(quiet["json"].stdout) and quiet["json"].stderr == ""
    assert json.loads(quiet["sarif"].stdout)["runs"][0]["invocations"][0]["toolExecutionNotifications"] == []
    assert [suite.get("name") for suite in assert_valid_junit(quiet["junit"].stdout).findall("testsuite")] == ["mtg/modern"]


def test_check_warns_about_links_it_does_not_follow_not_about_folders_it_never_walks(cli, tmp_path):
    """The walk says which files and folders it passed over by choice (hidden ones, virtual
    environments, node_modules) and which it could not read safely; check warned about the
    latter by telling the reasons apart by their first words."""
    from deckcheck import tree
    from deckcheck.project.check import _skip_folder

    repo = tmp_path / "repo"
    write(repo, {
        "deckcheck.yaml": 'format: mtg/modern\ndecks: ["**/*.txt"]\n', "a.txt": LEGAL,
        ".git/x.txt": LEGAL, "node_modules/y.txt": LEGAL, "venv/pyvenv.cfg": "home = /usr\n", "venv/z.txt": LEGAL,
        ".hidden.txt": LEGAL,
    })
    write(tmp_path, {"outside.txt": LEGAL})
    (repo / "evil.txt").symlink_to(tmp_path / "outside.txt")
    walked = tree.walk(repo, skip_folder=_skip_folder, tree="the repository")
    assert walked.by_choice == {".git/", ".hidden.txt", "node_modules/", "venv/"}
    assert {rel for rel, _ in walked.passed_over} == walked.by_choice | {"evil.txt"}
    done = cli("check", cwd=repo)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stderr.splitlines() == ["deckcheck: warning: evil.txt: a symbolic link to a file outside the repository; not followed"]


# Files `check` never walks to (hidden, in a hidden folder, node_modules, a virtual
# environment): given as paths (a pre-commit hook's staged files, `pre-commit run
# --all-files`), present or deleted, they were checked, so the hook failed on files the
# repository's CI never looks at, and a deleted one was `no such file` (exit 2).
NEVER_WALKED = [".github/x.txt", ".hidden.txt", "node_modules/y.txt", "venv/lib/z.txt", "decks/.old/w.txt",
                "node_modules/gone.txt", ".github/gone.txt"]


@pytest.mark.parametrize("decks", ["", 'decks: ["**"]\n'], ids=["default", "decks glob"])
def test_check_given_files_it_never_walks_passes_them_over(cli, tmp_path, decks):
    write(tmp_path, {
        "deckcheck.yaml": "format: mtg/modern\n" + decks, "decks/a.txt": LEGAL, "venv/pyvenv.cfg": "home = /usr\n",
        **{name: ILLEGAL for name in NEVER_WALKED if "gone" not in name},
    })
    whole = cli("check", "-o", "json", cwd=tmp_path)
    assert [r["deck"] for r in json.loads(whole.stdout)["results"]] == ["decks/a.txt"]
    given = cli("check", *NEVER_WALKED, cwd=tmp_path)
    assert (given.returncode, given.stdout, given.stderr) == (0, "", "")
    mixed = cli("check", "decks/a.txt", *NEVER_WALKED, "-o", "json", cwd=tmp_path)
    assert mixed.returncode == 0, mixed.stdout + mixed.stderr
    assert [r["deck"] for r in json.loads(mixed.stdout)["results"]] == ["decks/a.txt"]
    folder = cli("check", ".github/", cwd=tmp_path)  # a folder given still must hold decks
    assert folder.returncode == 2 and "no decklists found under .github/" in folder.stderr


def test_check_passes_over_a_folder_nested_past_the_longest_path(cli, tmp_path):
    """Folders 20 levels deep of 250-character names (5,020 characters, past the 4,096 of
    Linux's PATH_MAX):
    asking whether it was a virtual environment stopped `check` with
    `internal error (OSError: File name too long)`; the decks above it are checked."""
    import os

    repo = tmp_path / "repo"
    write(repo, {"a.txt": LEGAL})
    folder = os.open(repo, os.O_RDONLY)
    for _ in range(20):
        os.mkdir("o" * 250, dir_fd=folder)
        inner = os.open("o" * 250, os.O_RDONLY, dir_fd=folder)
        os.close(folder)
        folder = inner
    os.close(os.open("deep.txt", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=folder))
    os.close(folder)
    done = cli("check", "-f", "mtg/modern", cwd=repo)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "internal error" not in done.stderr and done.stdout.startswith("a.txt - mtg/modern: LEGAL")


# Root reads a folder whatever its mode: there the folder is made unreadable by failing
# os.scandir on it, in a process started as the installed command's entry point.
_UNREADABLE_AS_ROOT = """
import os, sys
listing = os.scandir
def refuse(path="."):
    if os.path.basename(os.fspath(path)) == "locked":
        raise PermissionError(13, "Permission denied", os.fspath(path))
    return listing(path)
os.scandir = refuse
from deckcheck.entry import main
sys.argv = ["deckcheck", "check"]
main()
"""


@pytest.mark.parametrize("decks, warned", [
    ("", True), ('decks: ["**/*.txt"]\n', True), ('decks: ["locked/*.txt", "a.txt"]\n', True),
    ('decks: ["locked/deep/**/*.txt", "a.txt"]\n', True),
    ('decks: ["/a.txt", "other/*.txt"]\n', False),  # no glob reaches into it: nothing to say of it
    ('exclude: ["locked/"]\n', False),
])
def test_check_warns_about_a_folder_it_cannot_read_and_checks_the_rest(cli, tmp_path, decks, warned):
    """A folder that cannot be read was passed over without a word: its decks went unchecked
    and the run said all was well."""
    import os

    write(tmp_path, {"deckcheck.yaml": "format: mtg/modern\n" + decks, "a.txt": LEGAL, "locked/b.txt": LEGAL})
    if os.geteuid() == 0:
        done = subprocess.run([sys.executable, "-c", _UNREADABLE_AS_ROOT], cwd=tmp_path, capture_output=True, text=True)
    else:
        (tmp_path / "locked").chmod(0)
        try:
            done = cli("check", cwd=tmp_path)
        finally:
            (tmp_path / "locked").chmod(0o755)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("a.txt - mtg/modern: LEGAL")
    expected = ["deckcheck: warning: locked/: cannot read folder (Permission denied)"] if warned else []
    if "other/*.txt" in decks:  # a glob that matches no file is told of (not the globs that may match in locked/)
        expected.append("deckcheck: warning: deckcheck.yaml: decks: 'other/*.txt' matches no deck")
    assert done.stderr.splitlines() == expected




def test_assertions_of_one_run_are_bounded(tmp_path, monkeypatch):
    """Each deck runs the assertions of every `simulate` entry that matches it, so a pull
    request's decks multiplied its deckcheck.yaml: 1,000 small deck files under one glob of
    4 MiB of assertions stood for 190 million. A run checks at most MAX_ASSERTIONS_PER_RUN
    (10 here, so the test stays small); each deck past that keeps one failed assertion that
    counts its own not run (a pull request cannot hide a failing assertion behind enough
    that pass)."""
    from deckcheck.project import check
    from deckcheck.project.config import load_config

    monkeypatch.setattr(check, "MAX_ASSERTIONS_PER_RUN", 10)
    listed = "".join(f"\n      - keep7 >= 0.{index}" for index in range(6))
    write(tmp_path, {"deckcheck.yaml": f"format: mtg/modern\nsimulate:\n  '*.txt':\n    assert:{listed}\n",
                     "a.txt": BURN, "b.txt": BURN, "c.txt": BURN})
    monkeypatch.chdir(tmp_path)
    report = check.run_check(load_config(tmp_path / "deckcheck.yaml"), ()).report
    outcomes = [outcome.to_dict() for outcome in report.assertions]
    assert [(outcome["deck"], outcome["passed"]) for outcome in outcomes] == [
        *[("a.txt", True)] * 6, *[("b.txt", True)] * 4, ("b.txt", False), ("c.txt", False),
    ]
    why = "a run checks at most 10 assertions (docs/security.md, limits)"
    assert outcomes[-2:] == [
        {"deck": "b.txt", "format": "mtg/modern", "assertion": "keep7 >= 0.4", "passed": False,
         "message": f"not run, nor 1 more assertion of this deck: {why}", "values": {}, "error": True},
        {"deck": "c.txt", "format": "mtg/modern", "assertion": "keep7 >= 0.0", "passed": False,
         "message": f"not run, nor 5 more assertions of this deck: {why}", "values": {}, "error": True},
    ]
    assert report.exit_code == 1


def test_a_run_keeps_no_more_formats_than_the_cache_does(tmp_path, monkeypatch):
    """`check` kept every format its decks used to the end of the run (for the warnings on
    their card names), past MAX_FORMATS_KEPT: a pull request's 250 format files, each
    extending one file of 90,000 names, held 77 MB each, 20 GB in all. Each format's warnings
    are worked out when a deck first uses it, so no more stay loaded than the cache keeps
    (2 here, so the test stays small), and the warnings are the same."""
    import gc

    from deckcheck import formats
    from deckcheck.formats.model import Format
    from deckcheck.project import check
    from deckcheck.project.config import load_config

    monkeypatch.setattr(formats, "MAX_FORMATS_KEPT", 2)
    files = {"deckcheck.yaml": "format: mtg/modern\nformats:\n" + "".join(f"  d{i}.txt: f{i}.yaml\n" for i in range(6))}
    for index in range(6):
        files[f"f{index}.yaml"] = f"name: F{index}\nextends: mtg/modern\nbanned: [{{card: Bolt{index}, since: 2020-01-01}}]\n"
        files[f"d{index}.txt"] = BURN
    write(tmp_path, files)
    alive: list[int] = []
    names = {f"F{index}" for index in range(6)}
    real = check._unknown_names

    def counting(used):  # type: ignore[no-untyped-def]
        used = list(used)
        gc.collect()
        alive.append(sum(isinstance(item, Format) and item.name in names for item in gc.get_objects()))
        return real(used)

    monkeypatch.setattr(check, "_unknown_names", counting)
    monkeypatch.chdir(tmp_path)
    run = check.run_check(load_config(tmp_path / "deckcheck.yaml"), ())
    assert max(alive) <= 3  # the cache's two, and the one a deck is being checked against
    warned = [message.message for message in run.report.messages if "matches no card" in message.message]
    assert [text.split(":")[0] for text in warned] == [f"f{index}.yaml" for index in range(6)]


def test_a_run_reads_a_policy_file_once_and_indexes_names_once_a_run(tmp_path, monkeypatch):
    """`check` read an entry's policy file and parsed its rules again for every deck it
    simulated, and built each deck's name index again for every policy name the deck lacks
    (a "did you mean" apiece): a third of a run of 1,013 decks at `hands: 200`. The policy is
    built once a run (engine/keep.py, Policies); the names a deck could be told it meant
    are indexed once a run for each policy name and the few names close to it
    (DeckProfile.closest_card), not once a deck: more decks of the same cards build no more.
    Counted, not timed, and the report and notes are those of a run that builds everything
    afresh."""
    from deckcheck.cards import suggest
    from deckcheck.engine import keep
    from deckcheck.project import check
    from deckcheck.project.config import load_config

    write(tmp_path, {
        "deckcheck.yaml": "format: mtg/modern\nsimulate:\n  '*.txt':\n    policy: p.yaml\n    hands: 100\n"
                          "    assert: [keep7 >= 0.5]\n",
        "p.yaml": "keep:\n  7: 2 <= lands <= 5 and count(burn) >= 1\n"
                  "tags:\n  burn: [Lightning Bolt, Lava Spike, Lightning Helix, Skullcrack]\n"
                  "lands: [Sacred Foundry, Arid Mesa]\n",
        **{f"{name}.txt": BURN for name in "abcd"},
    })
    monkeypatch.chdir(tmp_path)
    config = load_config(tmp_path / "deckcheck.yaml")

    def counted(module, name):  # type: ignore[no-untyped-def]
        calls: list[None] = []
        real = getattr(module, name)

        def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
            calls.append(None)
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, counting)
        return calls, real

    reads, _ = counted(keep, "_read_document")
    indexes, real_index = counted(suggest, "NameIndex")
    suggest.could_suggest.cache_clear()
    suggest.suggest_among.cache_clear()
    run = check.run_check(config, ())
    # Four decks of one list, each lacking four of the policy's names, three of them close
    # enough to some card of the list to be asked about it: an index each, not one a deck.
    assert (len(reads), len(indexes)) == (1, 3)
    assert sum("is not in the main deck" in note for note in run.notes) == 16
    write(tmp_path, {f"{name}.txt": BURN for name in "efgh"})
    more = check.run_check(config, ())
    assert sum("is not in the main deck" in note for note in more.notes) == 32 and len(indexes) == 3
    monkeypatch.setattr(keep.Policies, "build", lambda self, **settings: keep.build_policy(**settings))
    monkeypatch.setattr(suggest, "NameIndex", real_index)
    suggest.could_suggest.cache_clear()
    suggest.suggest_among.cache_clear()
    afresh = check.run_check(config, ())
    assert more.report.to_dict() == afresh.report.to_dict() and more.notes == afresh.notes


def test_a_run_names_a_policy_files_cards_once_for_its_card_data(tmp_path, monkeypatch):
    """Each deck simulated read every name of the entry's policy (its tags, lands, rules)
    through the card data again (KeepPolicy.named_by): about 0.05 s a deck of Yu-Gi-Oh! at
    10,000 names, 0.2 s for each deck whose names a Magic catalog had forgotten. The policy
    is named once a run for each card data (Policies.named), and the run's report and notes
    are those of a run that names it for every deck."""
    from deckcheck.engine import keep
    from deckcheck.project import check
    from deckcheck.project.config import load_config

    write(tmp_path, {
        "deckcheck.yaml": "format: mtg/modern\nsimulate:\n  '*.txt':\n    policy: p.yaml\n    hands: 100\n"
                          "    assert: [keep7 >= 0.5]\n",
        "p.yaml": "keep:\n  7: 2 <= lands <= 5 and count(burn) >= 1\n"
                  "tags:\n  burn: [lightning bolt, Lava Spike, Lightning Helix, Skullcrack]\n"
                  "lands: [Sacred Foundry, Arid Mesa]\n",
        **{f"{name}.txt": BURN for name in "abcd"},
    })
    monkeypatch.chdir(tmp_path)
    config = load_config(tmp_path / "deckcheck.yaml")
    calls: list[None] = []
    real = keep.KeepPolicy.named_by

    def counting(self, namer):  # type: ignore[no-untyped-def]
        calls.append(None)
        return real(self, namer)

    monkeypatch.setattr(keep.KeepPolicy, "named_by", counting)
    run = check.run_check(config, ())
    assert len(calls) == 1  # four decks, one policy, one card data
    monkeypatch.setattr(keep.Policies, "named", lambda self, policy, card_data, namer: real(policy, namer))
    afresh = check.run_check(config, ())
    assert run.report.to_dict() == afresh.report.to_dict() and run.notes == afresh.notes


def test_hands_of_one_run_are_bounded(tmp_path, monkeypatch):
    """Each deck simulates every matching `simulate` entry with that entry's hands, so a
    10 KB deckcheck.yaml of 256 entries at `hands: 10000000` stood for 36 minutes of one run.
    A run simulates at most MAX_HANDS_PER_RUN hands (250 here, so the test stays small),
    counting the hands each entry asks for; from the first entry that would pass it, no
    simulation runs, and each deck keeps one failed assertion counting its own not run."""
    from deckcheck.project import check
    from deckcheck.project.config import load_config

    monkeypatch.setattr(check, "MAX_HANDS_PER_RUN", 250)
    write(tmp_path, {"deckcheck.yaml": "format: mtg/modern\nsimulate:\n"
                                       "  'big.txt':\n    hands: 200\n    assert: [keep7 >= 0, keep7 >= 0.1]\n"
                                       "  '*.txt':\n    hands: 100\n    seed: 1\n    assert: [keep7 >= 0]\n",
                     "a.txt": BURN, "big.txt": BURN, "c.txt": BURN})
    monkeypatch.chdir(tmp_path)
    report = check.run_check(load_config(tmp_path / "deckcheck.yaml"), ()).report
    outcomes = [outcome.to_dict() for outcome in report.assertions]
    assert [(outcome["deck"], outcome["assertion"], outcome["passed"]) for outcome in outcomes] == [
        ("a.txt", "keep7 >= 0", True),
        ("big.txt", "keep7 >= 0", False), ("c.txt", "keep7 >= 0", False),
    ]
    assert outcomes[1] == {
        "deck": "big.txt", "format": "mtg/modern", "assertion": "keep7 >= 0", "passed": False, "values": {}, "error": True,
        "message": "not run, nor 2 more assertions of this deck: a run simulates at most 250 hands (docs/security.md, limits)",
    }
    assert outcomes[2]["message"] == "not run: a run simulates at most 250 hands (docs/security.md, limits)"
    assert report.exit_code == 1


def test_check_names_deckcheck_yaml_from_the_working_directory_as_it_names_decks(cli, tmp_path):
    """Messages named deckcheck.yaml by its absolute path (`/home/runner/work/r/r/
    deckcheck.yaml: formats.x: matches no deck`) beside decks named from the working
    directory. Inside it, it is named from there; a file above it stays as found, and a
    `--config` path outside it as given."""
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\nformats: {"legacy/**": mtg/legacy}\n',
        "ci/deckcheck.yaml": 'format: mtg/modern\nformt: x\n', "a.txt": LEGAL, "sub/b.txt": LEGAL,
    })
    done = cli("check", cwd=tmp_path)
    assert done.stderr == "deckcheck: warning: deckcheck.yaml: formats.legacy/**: matches no deck\n", done.stderr
    broken = cli("check", "--config", "ci/deckcheck.yaml", cwd=tmp_path)
    assert broken.returncode == 2 and broken.stderr.startswith("deckcheck: error: ci/deckcheck.yaml: formt: unknown key")
    broken = cli("check", "--config", f"{tmp_path}/ci/deckcheck.yaml", cwd=tmp_path)
    assert broken.stderr.startswith("deckcheck: error: ci/deckcheck.yaml: formt: unknown key")
    above = cli("check", cwd=tmp_path / "sub")
    assert f"deckcheck: warning: {tmp_path / 'deckcheck.yaml'}: formats.legacy/**: matches no deck" in above.stderr
    given = cli("check", "--config", "../ci/deckcheck.yaml", cwd=tmp_path / "sub")
    assert given.stderr.startswith("deckcheck: error: ../ci/deckcheck.yaml: formt: unknown key")


def test_the_format_date_advice_names_where_the_date_came_from(cli, tmp_path):
    """`check` with `date: 2015-06-01` in deckcheck.yaml told Pioneer decks to 'check the
    event date (--date)', an option the run was not given: the advice names the key and
    the file that gave the date; `--date` when the option gave it."""
    write(tmp_path, {"ci/deckcheck.yaml": "format: mtg/pioneer\ndate: 2015-06-01\n", "ci/a.txt": LEGAL})
    advice = "Pioneer did not exist on 2015-06-01: it starts on 2019-10-21; check the event date ({})"
    done = cli("check", "--config", "ci/deckcheck.yaml", "-o", "json", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    [problem] = [p for p in json.loads(done.stdout)["results"][0]["problems"] if p["rule"] == "format-date"]
    assert problem["message"] == advice.format("date: in ci/deckcheck.yaml")
    given = cli("check", "--config", "ci/deckcheck.yaml", "--date", "2015-06-01", "-o", "json", cwd=tmp_path)
    [problem] = [p for p in json.loads(given.stdout)["results"][0]["problems"] if p["rule"] == "format-date"]
    assert problem["message"] == advice.format("--date")


def test_one_deck_under_two_entries_or_two_spellings_gives_distinct_junit_cases(cli, tmp_path):
    """The same assertion of two simulate entries that match one deck were two JUnit cases
    of one classname and name (a CI test view kept one, maybe the passing one); a deck
    outside the repository given under two spellings was checked twice, as two such cases."""
    from test_ci_reporters import assert_valid_junit

    write(tmp_path, {
        "repo/deckcheck.yaml": 'format: mtg/modern\nsimulate:\n  "*.txt": {hands: 2000, assert: "keep7 >= 0.5"}\n'
                               '  "burn.txt": {hands: 2000, keep: "lands >= 3", assert: "keep7 >= 0.5"}\n',
        "repo/burn.txt": BURN, "outside/a.txt": LEGAL,
    })
    done = cli("check", "-o", "junit", cwd=tmp_path / "repo")
    root = assert_valid_junit(done.stdout)
    cases = [(case.get("classname"), case.get("name")) for case in root.iter("testcase")]
    assert len(cases) == len(set(cases)) == 3, cases
    assert ("simulate mtg/modern", "burn.txt: keep7 >= 0.5 (2)") in cases
    (tmp_path / "repo" / "deckcheck.yaml").write_text("format: mtg/modern\n", encoding="utf-8")
    given = cli("check", "../outside/a.txt", f"{tmp_path}/outside/a.txt", "../outside/./a.txt", "-o", "junit",
                cwd=tmp_path / "repo")
    assert given.returncode == 0, given.stderr
    assert [case.get("name") for case in assert_valid_junit(given.stdout).iter("testcase")] == ["../outside/a.txt"]


def test_a_run_loads_each_format_once_for_the_decks_that_use_it_in_a_row(tmp_path, monkeypatch):
    """`check` loaded the format again for every deck: each load asks the file system
    whether the format's files changed (a stat of each file of its chain, a resolve of its
    path), about a fifth of a 6,000-deck run that simulates nothing. Decks come sorted by
    path, so the decks of one folder (`formats: {"legacy/**": mtg/legacy}`) follow one
    another: one load serves them all, and the verdicts are the same."""
    from deckcheck import formats
    from deckcheck.project import check
    from deckcheck.project.config import load_config

    files = {"deckcheck.yaml": "format: mtg/modern\nformats:\n  'legacy/**': mtg/legacy\n  'cube/**': cube.yaml\n",
             "cube.yaml": "name: Cube\nextends: mtg/modern\n"}
    for index in range(10):
        files[f"legacy/l{index}.txt"] = LEGACY_ONLY
        files[f"modern/m{index}.txt"] = LEGACY_ONLY if index == 3 else LEGAL
        files[f"cube/c{index}.txt"] = ILLEGAL if index == 5 else LEGAL
    write(tmp_path, files)
    monkeypatch.chdir(tmp_path)
    config = load_config(tmp_path / "deckcheck.yaml")
    loaded: list[str] = []
    real = formats.load

    def counting(ref, **kwargs):  # type: ignore[no-untyped-def]
        loaded.append(str(ref))
        return real(ref, **kwargs)

    monkeypatch.setattr(formats, "load", counting)
    report = check.run_check(config, ()).report
    assert loaded == ["cube.yaml", "mtg/legacy", "mtg/modern"]
    verdicts = {(result.deck, result.format): result.legal for result in report.results}
    assert [key for key, legal in verdicts.items() if not legal] == [
        ("cube/c5.txt", "cube.yaml"), ("modern/m3.txt", "mtg/modern")]
    assert len(verdicts) == 30


@pytest.mark.parametrize("how", [["-o", "sarif"], ["-o", "junit"], ["-o", "json"], ["output: sarif"], ["output: junit"],
                                 ["output: json"]])
def test_check_given_no_deck_still_prints_the_report_a_ci_job_uploads(cli, tmp_path, how):
    """`deckcheck check -o sarif $(git diff --name-only ...) > deckcheck.sarif` on a pull
    request that touches only a README: no file given is a deck, exit 0, and stdout was
    empty, so upload-sarif (or the JUnit parser, or a script reading the JSON) met an empty
    file and failed the job. SARIF, JUnit and JSON print the report of a run that checked
    nothing (no result, no test case); text and GitHub output still print nothing."""
    option, setting = (how, "") if how[0] == "-o" else ([], how[0] + "\n")
    write(tmp_path, {"deckcheck.yaml": "format: mtg/modern\n" + setting, "decks/a.txt": LEGAL, "README.md": "# decks\n"})
    done = cli("check", "README.md", *option, cwd=tmp_path)
    assert (done.returncode, done.stderr) == (0, "")
    if "sarif" in how[-1]:
        log = json.loads(done.stdout)
        assert log["runs"][0]["results"] == []
        assert log["runs"][0]["invocations"][0] == {"executionSuccessful": True, "exitCode": 0, "toolExecutionNotifications": []}
    elif "json" in how[-1]:
        assert json.loads(done.stdout) == {"deckcheck": "1", "results": []}
    else:
        assert done.stdout == '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="deckcheck" tests="0" failures="0" errors="0" />\n'
    for other in ("text", "github"):
        quiet = cli("check", "README.md", "-o", other, cwd=tmp_path)
        assert (quiet.returncode, quiet.stdout) == (0, "")


def test_check_warns_about_a_deckcheck_yml_it_does_not_read(cli, tmp_path):
    """deckcheck.yaml is read first, so a deckcheck.yml beside it (a pull request's, or one
    renamed long ago) was passed over without a word: its format, globs and assertions did
    nothing. The run warns, on that file (a GitHub annotation there), and a strict run
    fails on it, as on any setting that does nothing."""
    write(tmp_path, {"deckcheck.yaml": "format: mtg/modern\n", "deckcheck.yml": "format: mtg/legacy\n",
                     "decks/a.txt": LEGACY_ONLY})
    done = cli("check", "-o", "json", cwd=tmp_path)
    assert done.returncode == 1
    warning = ("deckcheck.yml: not read, as deckcheck.yaml beside it is read first; "
               "keep one of them (merge the two into deckcheck.yaml)")
    assert done.stderr == f"deckcheck: warning: {warning}\n"
    assert json.loads(done.stdout)["messages"] == [{"level": "warning", "message": warning}]
    github = cli("check", "-o", "github", cwd=tmp_path)
    assert f"::warning file=deckcheck.yml,title=deckcheck check::{warning}\n" in github.stdout
    strict = cli("check", "--strict", "decks/a.txt", "-f", "mtg/legacy", cwd=tmp_path)
    assert strict.returncode == 1 and "--strict: 1 warning fails the check" in strict.stderr
    write(tmp_path, {"deckcheck.yaml": "format: mtg/legacy\n"})
    (tmp_path / "deckcheck.yml").unlink()
    assert cli("check", cwd=tmp_path).stderr == ""


def test_a_file_a_decks_glob_takes_that_reads_as_no_decklist_is_told_how_to_leave_it_out(cli, tmp_path):
    """`decks: ["decks/**"]` takes every file under decks/, a README.md beside the decks
    too (docs/ci.md): it was an ILLEGAL deck of a parse-error per sentence, saying nothing
    of why a README was checked or what to do. The verdict stands (a glob takes what it
    matches), and a warning on the file names the glob and says to exclude it. A deck
    with a typo among its lines reads as a decklist still, and gets no such warning."""
    write(tmp_path, {"deckcheck.yaml": 'format: mtg/modern\ndecks: ["decks/**"]\n',
                     "decks/README.md": "# Our decks\n\nOne folder per format. Add yours with a pull request.\n",
                     "decks/a.txt": LEGAL, "decks/typo.txt": "4 Lightning Bolt\n56 Mountain\nfour Counterspell\n"})
    warning = ("decks/README.md: the `decks` glob 'decks/**' takes it, but it does not read as a decklist; add it "
               "to `exclude:` in deckcheck.yaml (a README, notes, an image), or narrow the glob")
    done = cli("check", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr == f"deckcheck: warning: {warning}\n"
    assert "decks/README.md - mtg/modern: ILLEGAL" in done.stdout
    github = cli("check", "decks/README.md", "-o", "github", cwd=tmp_path)
    assert f"::warning file=decks/README.md,title=deckcheck check::{warning}\n" in github.stdout
    # A file no list is written in, of no decklist's extension (an image, Windows's
    # Thumbs.db), was NOT CHECKED (exit 2) and told to "export the list as text".
    (tmp_path / "decks" / "Thumbs.db").write_bytes(b"\xd0\xcf\x11\xe0\x00\x00binary")
    binary = cli("check", "decks/Thumbs.db", "decks/a.txt", cwd=tmp_path)
    assert binary.returncode == 2
    assert binary.stderr == ("deckcheck: warning: decks/Thumbs.db: the `decks` glob 'decks/**' takes it, but it does not "
                             "read as a decklist; add it to `exclude:` in deckcheck.yaml (a README, notes, an image), "
                             "or narrow the glob\n")


@pytest.mark.parametrize("output", ["text", "json", "github"])
def test_check_notes_that_an_older_deckchecks_card_database_is_not_used(cli, tmp_path, output):
    """A card database an older deckcheck built (a runner's cache restored from last week,
    when `cards sync` could not reach Scryfall) is set aside for the built-in card data:
    `validate`, `simulate` and `batch` say so and how to rebuild it, but `check` said
    nothing, so a job checked names with other card data than it was set up for, silently.
    It is a note of the run, as the others' (stderr, and in every report)."""
    from deckcheck.cards.builtin import builtin_path
    from deckcheck.cards.importer import import_file
    from deckcheck.games.mtg.store import SCHEMA_VERSION

    from conftest import SAMPLE_CARDS

    db = tmp_path / "cards.sqlite"
    import_file(SAMPLE_CARDS, db)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION - 1),))
    assert builtin_path().is_file()
    repo = tmp_path / "repo"
    write(repo, {"deckcheck.yaml": "format: mtg/modern\nformats:\n  legacy/*: mtg/legacy\n",
                 "decks/a.txt": LEGAL, "legacy/b.txt": LEGAL})
    done = cli("check", "-o", output, cwd=repo, env={"DECKCHECK_CARDS_DB": str(db)})
    assert done.returncode == 0, done.stderr
    note = (f"the card database {db} was built by an older deckcheck (schema {SCHEMA_VERSION - 1}, this one reads "
            f"{SCHEMA_VERSION}); re-run `deckcheck cards import FILE` or `deckcheck cards sync` to rebuild it; until "
            "then the built-in card data is used")
    assert done.stderr.count(f"deckcheck: note: {note}\n") == 1, done.stderr
    if output == "json":
        assert {"level": "note", "message": note} in json.loads(done.stdout)["messages"]
    if output == "github":
        assert f"::notice title=deckcheck check::{note}\n" in done.stdout


@pytest.mark.parametrize("given, decks", [
    ([], 'decks: ["decks/**"]\n'), ([], ""), (["decks/old/deckcheck.yaml"], 'decks: ["decks/**"]\n'),
], ids=["whole repository", "no decks globs", "a hook given it"])
def test_check_warns_that_a_deckcheck_yaml_in_a_subfolder_is_not_read(cli, tmp_path, given, decks):
    """A repository that keeps a deckcheck.yaml of its own in a folder of decks (another
    event's date): `check` at the top reads the top one alone. Under `decks: ["decks/**"]`
    the other was taken for a deck, NOT CHECKED (exit 2) and told that deckcheck.yaml "is
    read by `deckcheck check`", the command that had just run; without `decks` globs its
    settings went unread without a word. It is no deck, and the run warns that it is not
    read, on the file itself (a GitHub annotation)."""
    write(tmp_path, {"deckcheck.yaml": f"format: mtg/modern\n{decks}", "decks/a.txt": LEGAL,
                     "decks/old/deckcheck.yaml": "format: mtg/legacy\ndate: 2024-01-01\n",
                     "decks/old/b.txt": LEGAL})
    warning = ("decks/old/deckcheck.yaml: not read, as this run reads deckcheck.yaml alone, whose settings check the "
               "decks beside it; run `deckcheck check` in decks/old to check them by this file, or move its settings "
               "into deckcheck.yaml")
    done = cli("check", *given, cwd=tmp_path)
    assert (done.returncode, done.stderr) == (0, f"deckcheck: warning: {warning}\n")
    assert "NOT CHECKED" not in done.stdout
    github = cli("check", *given, "-o", "github", cwd=tmp_path)
    assert f"::warning file=decks/old/deckcheck.yaml,title=deckcheck check::{warning}\n" in github.stdout
    inside = cli("check", cwd=tmp_path / "decks" / "old")
    assert (inside.returncode, inside.stderr) == (0, ""), inside.stderr


@pytest.mark.parametrize("given", [[], ["decks/"], ["decks/evil.txt"]], ids=["whole repository", "folder", "the link alone"])
def test_check_puts_its_warning_about_a_link_on_the_link(cli, tmp_path, given):
    """A pull request's deck that is a link out of the repository is not read, and the run
    warns; in a GitHub job the warning was an annotation on no file, so the pull request's
    diff did not show it beside the link it added. It is on the link's own file now (a
    folder that cannot be read, or a file outside the repository, stays on none). Given the
    link alone (a hook, a pull request's changed files), no deck was checked and `-o github`
    printed nothing at all, though stderr warned."""
    repo = tmp_path / "repo"
    write(repo, {"deckcheck.yaml": 'format: mtg/modern\ndecks: ["decks/**"]\n', "decks/a.txt": LEGAL})
    write(tmp_path, {"outside.txt": LEGAL})
    (repo / "decks" / "evil.txt").symlink_to(tmp_path / "outside.txt")
    done = cli("check", *given, "-o", "github", cwd=repo)
    assert done.returncode == 0, done.stderr
    assert ("::warning file=decks/evil.txt,title=deckcheck check::"
            "decks/evil.txt: a symbolic link to a file outside the repository; not followed\n") in done.stdout
    assert done.stderr == "deckcheck: warning: decks/evil.txt: a symbolic link to a file outside the repository; not followed\n"


@pytest.mark.parametrize("strict", [False, True])
def test_check_given_no_deck_but_a_warning_exits_as_strict_says(cli, tmp_path, strict):
    """`check --strict decks/evil.txt` (a hook given only a link out of the repository, not
    read): no deck among the files, so it exited 0 whatever the warning, though a strict
    run's own warnings fail it (exit 1), and its SARIF log said `exitCode` 1 against the
    process's 0. The exit code is the report's, as in a run with decks."""
    repo = tmp_path / "repo"
    write(repo, {"deckcheck.yaml": "format: mtg/modern\n", "decks/a.txt": LEGAL})
    write(tmp_path, {"outside.txt": LEGAL})
    (repo / "decks" / "evil.txt").symlink_to(tmp_path / "outside.txt")
    flags = ["--strict"] if strict else []
    code = 1 if strict else 0
    done = cli("check", *flags, "decks/evil.txt", cwd=repo)
    assert (done.returncode, done.stdout) == (code, "")
    warned = "deckcheck: warning: decks/evil.txt: a symbolic link to a file outside the repository; not followed\n"
    assert done.stderr == warned + ("deckcheck: error: --strict: 1 warning fails the check\n" if strict else "")
    sarif = cli("check", *flags, "decks/evil.txt", "-o", "sarif", cwd=repo)
    assert sarif.returncode == code
    assert json.loads(sarif.stdout)["runs"][0]["invocations"][0]["exitCode"] == code


# An unreadable deck (exit 2) under an output a CI job keeps as a file said nothing in the
# job's log: the text report says it on stdout, which is the log, but JSON, SARIF and JUnit
# go to a file. Each says it on stderr now, a line per file; stdout stays the document alone.
@pytest.mark.parametrize("command", [["check"], ["validate", "-f", "mtg/modern"]], ids=["check", "validate"])
@pytest.mark.parametrize("output", ["json", "sarif", "junit", "text", "github"])
def test_an_unreadable_deck_is_a_line_on_stderr_under_a_report_kept_as_a_file(cli, tmp_path, command, output):
    write(tmp_path, {"deckcheck.yaml": "format: mtg/modern\n", "decks/a.txt": LEGAL})
    (tmp_path / "decks" / "bad.txt").write_bytes(b"\xff\xfe\x00\x01garbage\x00\x00")
    done = cli(*command, "-o", output, "decks/a.txt", "decks/bad.txt", "decks/gone.txt", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    if output in ("text", "github"):  # the report is the log, and says it there
        assert lines == [] and "decks/gone.txt: no such file" in done.stdout
        return
    assert lines == ["deckcheck: error: decks/bad.txt: not valid utf-16 despite its byte-order mark (truncated data)",
                     "deckcheck: error: decks/gone.txt: no such file"]
    if output == "junit":
        import xml.etree.ElementTree as ET

        ET.fromstring(done.stdout)
    else:
        json.loads(done.stdout)


def test_paths_from_the_top_of_a_repository_whose_deckcheck_yaml_is_in_a_subfolder(cli, tmp_path):
    """A hook or a job at the top of a repository whose deckcheck.yaml sits in `ci/` passes
    the changed files from the top (`git diff`): `check ci/decks/a.txt` said only that there
    is no deckcheck.yaml in this folder or above. It now names the one above the first path
    and the option that reads it; with that option the same paths are checked."""
    write(tmp_path, {"ci/deckcheck.yaml": "format: mtg/modern\ndecks: ['decks/**']\n", "ci/decks/a b.txt": BURN})
    done = cli("check", "ci/decks/a b.txt", "-o", "sarif", cwd=tmp_path)
    error = ("no deckcheck.yaml in this folder or above; ci/deckcheck.yaml is above ci/decks/a b.txt: pass --config "
             "ci/deckcheck.yaml; or write one (see docs/ci.md) or pass -f FORMAT")
    assert (done.returncode, done.stderr) == (2, f"deckcheck: error: {error}\n")
    [invocation] = json.loads(done.stdout)["runs"][0]["invocations"]
    assert invocation["toolExecutionNotifications"][0]["message"]["text"] == error
    done = cli("check", "ci/decks/a b.txt", "--config", "ci/deckcheck.yaml", "-o", "json", cwd=tmp_path)
    assert done.returncode == 0 and [r["deck"] for r in json.loads(done.stdout)["results"]] == ["ci/decks/a b.txt"]
    nowhere = cli("check", "elsewhere/a.txt", cwd=tmp_path)
    assert nowhere.stderr == "deckcheck: error: no deckcheck.yaml in this folder or above; write one (see docs/ci.md) or pass -f FORMAT\n"


@pytest.mark.parametrize("stop", ["broken deckcheck.yaml", "unknown -f", "validate: unknown -f"])
def test_a_run_stopped_before_any_deck_still_writes_the_job_summary(cli, tmp_path, stop):
    """A GitHub job's summary page said nothing when a broken deckcheck.yaml or a usage
    error stopped the run: only the `::error` annotation told why. The summary now says it
    (Markdown-escaped), as a run that went on writes one."""
    config = "format: mtg/modern\nbogus: 1\n" if stop == "broken deckcheck.yaml" else "format: mtg/modern\n"
    write(tmp_path, {"deckcheck.yaml": config, "decks/a.txt": LEGAL})
    summary = tmp_path / "summary.md"
    args = {"broken deckcheck.yaml": ["check"], "unknown -f": ["check", "-f", "mtg/nope"],
            "validate: unknown -f": ["validate", "decks/a.txt", "-f", "mtg/nope"]}[stop]
    done = cli(*args, "-o", "github", cwd=tmp_path, env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert done.returncode == 2
    assert done.stdout.startswith("::error ")
    written = summary.read_text(encoding="utf-8")
    if stop == "broken deckcheck.yaml":
        assert written.startswith(STOPPED_BY_CONFIG)
        assert "| deckcheck\\.yaml | 2 | config | bogus\\: unknown key" in written
    else:
        assert written.startswith("## deckcheck: stopped before checking any deck\n\nunknown format \\'mtg\\/nope\\'")


# How the job summary starts when deckcheck.yaml stops the run: no deck was checked.
STOPPED_BY_CONFIG = ("## deckcheck: stopped before checking any deck\n\n"
                     "the configuration cannot be used: fix it where the table below says\n\n"
                     "| where | line | rule | message |\n|---|---|---|---|\n")


@pytest.mark.parametrize("config, where", [
    ("format: mtg/modern\nformats:\n  decks/**: mtg/modrn\n", "| deckcheck\\.yaml | 3 | config | formats\\.decks\\/\\*\\*\\: unknown format"),
    ("formats:\n  other/**: mtg/legacy\n", "| decks\\/a\\.txt |  | config | no format for this deck"),
], ids=["unknown format", "deck with no format"])
def test_the_job_summary_of_a_run_deckcheck_yaml_stopped_counts_no_deck(cli, tmp_path, config, where):
    """The job summary of a run that a deckcheck.yaml error stopped began '0 of 1 deck legal,
    1 could not be read' and listed deckcheck.yaml in its table of decks, its format
    'deckcheck.yaml': no deck was checked, and the file is no deck. It now says the run
    stopped before any deck, as for a usage error, and the problems table says where."""
    write(tmp_path, {"deckcheck.yaml": config, "decks/a.txt": LEGAL, "decks/b.txt": LEGAL})
    summary = tmp_path / "summary.md"
    done = cli("check", "-o", "github", cwd=tmp_path, env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert done.returncode == 2
    written = summary.read_text(encoding="utf-8")
    assert written.startswith(STOPPED_BY_CONFIG)
    assert where in written and "| deck | format |" not in written and "legal" not in written


@pytest.mark.parametrize("section", ["formats", "simulate"])
def test_a_glob_holding_a_line_break_is_quoted_in_its_warning(cli, tmp_path, section):
    """A pull request's deckcheck.yaml may write a glob with a CR LF in it: the warning that
    it matches no deck showed it unquoted (its CR lost), unlike the errors' keys."""
    value = "mtg/modern" if section == "formats" else '{assert: "keep7 >= 0.1"}'
    write(tmp_path, {"deckcheck.yaml": f'format: mtg/modern\n{section}:\n  "decks/x\\r\\n::error::y*.txt": {value}\n',
                     "decks/a.txt": LEGAL})
    done = cli("check", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    [warning] = [line for line in done.stderr.splitlines() if "matches no deck" in line]
    assert warning.startswith(f"deckcheck: warning: deckcheck.yaml: {section}.'decks/x\\r\\n::error::y*.txt': matches no deck")


@pytest.mark.skipif(os.sep == "\\", reason="on Windows a backslash separates folders: the path is the file")
@pytest.mark.parametrize("command", [["check"], ["validate", "-f", "mtg/modern"]])
def test_a_deck_path_written_the_windows_way_is_told_the_file_it_names(cli, tmp_path, command):
    """`check decks\\modern\\burn.txt` (a path copied from a Windows machine into a CI step)
    was `no such file` and nothing more on Linux and macOS, where a backslash is part of a
    file's name, though deckcheck.yaml and a batch manifest read it as `/`. The error now
    names the file it means, never one through a linked folder."""
    outside = tmp_path / "outside"
    write(tmp_path, {"repo/deckcheck.yaml": "format: mtg/modern\n", "repo/decks/modern/burn.txt": LEGAL,
                     "outside/secret.txt": LEGAL})
    repo = tmp_path / "repo"
    (repo / "far").symlink_to(outside, target_is_directory=True)
    done = cli(*command[:1], "decks\\modern\\burn.txt", *command[1:], cwd=repo)
    assert done.returncode == 2
    assert ("decks\\modern\\burn.txt: no such file; a file is named so with / for each \\: decks/modern/burn.txt "
            "(on this system a backslash is part of a file's name, not a folder's end; write the path with /)") \
        in done.stdout + done.stderr
    linked = cli(*command[:1], "far\\secret.txt", *command[1:], cwd=repo)
    assert linked.returncode == 2 and "far\\secret.txt: no such file" in linked.stdout + linked.stderr
    assert "far/secret.txt" not in linked.stdout + linked.stderr


@pytest.mark.skipif(os.sep == "\\", reason="on Windows a backslash separates folders: the path is the file")
def test_a_deck_path_written_the_windows_way_is_not_passed_over_by_decks_globs(cli, tmp_path):
    """With `decks: ["decks/**"]`, `check decks\\modern\\burn.txt` on Linux printed nothing
    and exited 0: the path, no file, was judged by its name as written, which the glob does
    not match, and passed over as a deleted README is, so an illegal deck passed the step.
    A missing path's name is judged with `\\` read as `/`, as the globs read it: the deck is
    reported missing (exit 2) with the file it means."""
    write(tmp_path, {"deckcheck.yaml": 'format: mtg/modern\ndecks: ["decks/**"]\n',
                     "decks/modern/burn.txt": "4 Lightning Bolt\n1 Black Lotus\n55 Mountain\n", "README.md": "x\n"})
    done = cli("check", "decks\\modern\\burn.txt", "docs\\gone.md", cwd=tmp_path)
    assert done.returncode == 2
    assert "decks\\modern\\burn.txt: no such file; a file is named so with / for each \\: decks/modern/burn.txt" in done.stdout
    assert "gone" not in done.stdout + done.stderr  # a path no glob takes is still passed over


@pytest.mark.skipif(os.sep == "\\", reason="on Windows a backslash separates folders: the path is the file")
def test_a_deck_path_written_the_windows_way_is_given_its_format_and_assertions_by_its_globs(cli, tmp_path):
    """With `formats: {"decks/modern/**": mtg/modern}` and no `format:`, `check
    'decks\\modern\\ok.txt' decks/modern/ok.txt` stopped the run with "no format for this
    deck" (exit 2) and reported neither deck: `decks` globs read the missing path's `\\` as
    `/` (select), `formats` globs matched it as written. Every per-deck glob now reads it so:
    its error is the file it means, and the other decks are still checked."""
    write(tmp_path, {"deckcheck.yaml": 'decks: ["decks/**"]\nformats:\n  "decks/modern/**": mtg/modern\n'
                                       'simulate:\n  "decks/modern/**":\n    hands: 200\n'
                                       '    assert: ["keep7 >= 0"]\n',
                     "decks/modern/ok.txt": "4 Lightning Bolt\n56 Mountain\n"})
    done = cli("check", "decks\\modern\\ok.txt", "decks/modern/ok.txt", "-o", "json", cwd=tmp_path)
    assert "no format for this deck" not in done.stdout + done.stderr
    assert done.returncode == 2, done.stdout + done.stderr
    report = json.loads(done.stdout)
    files = {result["deck"]: result for result in report["results"]}
    assert set(files) == {"decks\\modern\\ok.txt", "decks/modern/ok.txt"}
    assert {result["format"] for result in report["results"]} == {"mtg/modern"}
    assert files["decks/modern/ok.txt"]["legal"] is True
    missing = [problem["message"] for problem in files["decks\\modern\\ok.txt"]["problems"]]
    assert any("no such file; a file is named so with / for each \\: decks/modern/ok.txt" in m for m in missing)
    # The simulate glob takes both, as the formats glob does: the missing one cannot simulate.
    assert {outcome["deck"] for outcome in report["assertions"]} == set(files)


def test_check_keep9_that_no_format_deals_is_not_told_to_split_its_entry(cli, tmp_path):
    """`keep9` is a slip of the assertion: no format deals a hand of 9, so splitting the
    entry by format (the advice for `keep7` of a Yu-Gi-Oh! deck) changes nothing (review of
    session 30)."""
    write(tmp_path, {
        "deckcheck.yaml": 'decks: ["decks/*.txt"]\nformat: mtg/modern\nsimulate:\n  "decks/*.txt": {assert: "keep9 >= 0.5", hands: 200}\n',
        "decks/burn.txt": LEGAL,
    })
    done = cli("check", "-o", "json", cwd=tmp_path)
    message = json.loads(done.stdout)["assertions"][0]["message"]
    assert message == "cannot simulate: assert: keep9: hands in mtg/modern have at most 7 cards", message


def test_check_of_a_folder_outside_the_project_says_it_is_not_walked(cli, tmp_path):
    """`check OTHER/` of a folder of decks outside the project (the current folder, no
    deckcheck.yaml) said only "no decklists found under OTHER", of a folder of 206 decks:
    check walks only the project's folders (a file outside is read by its name), and the
    error says so and what to run (review of session 30)."""
    write(tmp_path, {"project/readme.md": "notes\n", "other/burn.txt": LEGAL})
    done = cli("check", str(tmp_path / "other"), "-f", "mtg/modern", cwd=tmp_path / "project")
    assert done.returncode == 2, done.stdout
    assert done.stderr.startswith(f"deckcheck: error: no decklists found under {tmp_path / 'other'}: it is outside "
                                  "the project's folder (.: deckcheck.yaml's, else the current folder)"), done.stderr
    assert f"`deckcheck batch {tmp_path / 'other'} -f FORMAT`" in done.stderr
    inside = cli("check", "other", "-f", "mtg/modern", cwd=tmp_path)  # from above it, the folder is walked
    assert inside.returncode == 0, inside.stderr


def test_limited_decks_checked_by_check_are_told_they_were_not_checked_against_a_pool(cli, tmp_path):
    """`check` gives no deck a registered pool, so a limited deck is checked for its size
    only (Black Lotus passes) and was reported LEGAL with no word of it, where `validate`
    and `batch` say so; the note says how to check the pools. A constructed deck's run gets
    no such note."""
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\nformats:\n  "sealed/**": mtg/limited\n',
        "sealed/ann.txt": "1 Black Lotus\n39 Island\n", "sealed/bob.txt": "40 Island\n",
        "burn.txt": BURN,
    })
    done = cli("check", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "note: 2 decks of a limited format (mtg/limited) were checked without a registered pool, " \
           "so not against the cards their players opened: `check` gives no deck a pool; check each deck " \
           "against its pool with `deckcheck validate DECK -f FORMAT --pool POOL`, or a whole event with " \
           "`deckcheck batch` and a `pool` column" in done.stdout + done.stderr, done.stdout + done.stderr
    write(tmp_path, {"deckcheck.yaml": "format: mtg/modern\nexclude: [\"sealed/**\"]\n"})
    done = cli("check", cwd=tmp_path)
    assert "registered pool" not in done.stdout + done.stderr, done.stdout + done.stderr


def test_the_limited_decks_note_is_a_run_message_of_level_note_in_check_json(cli, tmp_path):
    """docs/contracts.md 'Run messages': besides a simulation's notes, the note of limited
    decks checked without a registered pool is a `note` (it carries no deck prefix)."""
    write(tmp_path, {"deckcheck.yaml": "format: mtg/limited\n", "ann.txt": "40 Island\n"})
    done = cli("check", "-o", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    messages = json.loads(done.stdout)["messages"]
    assert [m["level"] for m in messages] == ["note"]
    assert messages[0]["message"].startswith(
        "1 deck of a limited format (mtg/limited) was checked without a registered pool")
