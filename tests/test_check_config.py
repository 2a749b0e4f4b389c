"""`deckcheck check`: what deckcheck.yaml's simulate entries and globs may say, checked
when the file loads, through the installed command (test_check_command.py has the rest)."""
from __future__ import annotations

import json

import pytest

from test_check_command import BURN, ILLEGAL, LEGAL, write


def test_check_assertions_and_keep_rules_count_the_policy_tags(cli, tmp_path):
    """`p_by_turn(tag, T, k)` and `count(tag)` with a tag of the entry's policy file work in
    deckcheck.yaml as with `simulate --policy` (they were config errors: the assertions
    were parsed without the policy's tags)."""
    write(tmp_path, {
        "deckcheck.yaml": """
            format: mtg/modern
            decks: ["decks/**"]
            simulate:
              "decks/burn.txt":
                policy: policy.yaml
                keep: "2 <= lands <= 5 and count(burn) >= 1"
                assert: ["p_by_turn(burn, 2, 2) >= 0.3", "p_by_turn(count(burn) >= 1, 1) >= 0.5"]
        """,
        "policy.yaml": "tags:\n  burn: [Lightning Bolt, Lava Spike, Rift Bolt]\n",
        "decks/burn.txt": BURN,
    })
    done = cli("check", "-o", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    checked = [(a["assertion"], a["passed"]) for a in json.loads(done.stdout)["assertions"]]
    assert checked == [("p_by_turn(burn, 2, 2) >= 0.3", True), ("p_by_turn(count(burn) >= 1, 1) >= 0.5", True)]
    alone = cli("simulate", "decks/burn.txt", "-f", "mtg/modern", "--policy", "policy.yaml", "--keep",
                "2 <= lands <= 5 and count(burn) >= 1", "--assert", "p_by_turn(burn, 2, 2) >= 0.3", "-o", "json", cwd=tmp_path)
    [expected] = json.loads(alone.stdout)["assertions"]
    assert json.loads(done.stdout)["assertions"][0]["values"] == expected["values"]
    (tmp_path / "deckcheck.yaml").write_text(
        'format: mtg/modern\nsimulate:\n  "decks/burn.txt": {policy: policy.yaml, assert: "p_by_turn(brun, 2) >= 0.3"}\n',
        encoding="utf-8",
    )
    typo = cli("check", cwd=tmp_path)
    assert typo.returncode == 2 and "simulate.decks/burn.txt.assert[0]" in typo.stderr and "did you mean 'burn'?" in typo.stderr


def test_a_broken_simulate_entry_fails_a_hook_run_that_stages_none_of_its_decks(cli, tmp_path):
    """The configuration is checked whole before any deck is read: a missing policy file
    or a keep rule that does not parse is exit 2 even when the staged deck is another."""
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\nsimulate:\n  "burn.txt": {policy: gone.yaml, assert: "keep7 >= 0.5"}\n',
        "other.txt": LEGAL,
    })
    done = cli("check", "other.txt", cwd=tmp_path)
    assert done.returncode == 2, done.stdout
    assert done.stderr.startswith("deckcheck: error: ") and "simulate.burn.txt.policy: " in done.stderr
    assert "gone.yaml: cannot read policy file" in done.stderr


def test_keep_rules_in_config_may_be_true_or_false_as_in_a_policy_file(cli, tmp_path):
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\nsimulate:\n  "*.txt": {keep: "3 <= lands", keep6: false, keep5: true, assert: "keep5 >= 0.1"}\n',
        "burn.txt": BURN,
    })
    done = cli("check", "-o", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    [outcome] = json.loads(done.stdout)["assertions"]
    alone = cli("simulate", "burn.txt", "-f", "mtg/modern", "--keep", "3 <= lands", "--keep6", "false", "--keep5", "true",
                "-o", "json", cwd=tmp_path)
    keep = json.loads(alone.stdout)["keep"]
    assert keep["6"] == 0.0 and outcome["values"]["keep5"] == keep["5"] > 0.1


def test_a_policy_without_a_rule_for_the_format_s_hand_names_the_config(cli, tmp_path):
    """Known only once a deck's format gives the hand size: still one line naming
    deckcheck.yaml and the entry, as its other errors do."""
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\nsimulate:\n  "*.txt": {policy: five.yaml, assert: "keep7 >= 0.5"}\n',
        "five.yaml": "keep:\n  5: true\n", "burn.txt": BURN,
    })
    done = cli("check", cwd=tmp_path)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith("deckcheck: error: ") and "deckcheck.yaml: simulate.*.txt: " in done.stderr
    assert "gives no rule for the opening hand of 7 cards" in done.stderr
    # A configuration error found mid-run is one too: SARIF, JUnit and GitHub say it on
    # the entry's line, as they say one found when the file loads (stdout was empty).
    from test_ci_reporters import assert_valid_sarif

    sarif = cli("check", "-o", "sarif", cwd=tmp_path)
    assert sarif.returncode == 2 and sarif.stderr == done.stderr
    [result] = assert_valid_sarif(sarif.stdout)["runs"][0]["results"]
    assert result["ruleId"] == "config" and result["message"]["text"].startswith("simulate.*.txt: ")
    assert result["locations"][0]["physicalLocation"]["region"] == {"startLine": 3}
    github = cli("check", "-o", "github", cwd=tmp_path)
    assert github.stdout.startswith("::error file=deckcheck.yaml,line=3,title=deckcheck.yaml::simulate.*.txt: ")


def test_a_policy_without_a_rule_for_one_deck_s_hand_names_that_deck(cli, tmp_path):
    """An entry whose glob takes decks of two formats, one of which deals a larger hand
    than its policy has a rule for: the run stops at that deck, and the error said only
    "the opening hand of 8 cards", not which of the decks (nor its format) deals it."""
    write(tmp_path, {
        "deckcheck.yaml": ('format: mtg/modern\nformats:\n  "decks/big.txt": big.yaml\n'
                           'simulate:\n  "decks/*": {policy: seven.yaml, assert: "keep7 >= 0.5"}\n'),
        "seven.yaml": "keep:\n  7: lands >= 2\n",
        "big.yaml": "name: Big Hands\ngame: mtg\nextends: mtg/constructed\nopening_hand: {size: 8}\n",
        "decks/burn.txt": BURN, "decks/big.txt": BURN,
    })
    done = cli("check", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    assert done.stderr == (
        "deckcheck: error: deckcheck.yaml: simulate.decks/*: seven.yaml: keep.7 gives no rule for the opening hand "
        "of 8 cards: add keep (or keep.8 in a policy file); decks/big.txt is a big.yaml deck (line 5)\n")


def test_a_glob_that_is_a_folder_s_plain_name_gets_a_hint(cli, tmp_path):
    """`exclude: [decks/archive]` excluded nothing (globs match files; `.gitignore` would
    take the folder), and `decks: [decks]` found no deck without saying why."""
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\nexclude: ["decks/archive", "decks/old/", "../x", "*.md"]\n',
        "decks/a.txt": LEGAL, "decks/archive/b.txt": ILLEGAL, "decks/old/c.txt": ILLEGAL,
    })
    done = cli("check", "-o", "json", cwd=tmp_path)
    assert done.returncode == 1  # the archive is still checked: the hint changes no verdict
    assert [r["deck"] for r in json.loads(done.stdout)["results"]] == ["decks/a.txt", "decks/archive/b.txt"]
    warnings = [line for line in done.stderr.splitlines() if line.startswith("deckcheck: warning: ")]
    assert warnings == [
        "deckcheck: warning: deckcheck.yaml: exclude: 'decks/archive' is a folder, but globs match "
        "files, so it takes nothing under it; write 'decks/archive/' for everything in it",
    ]
    (tmp_path / "deckcheck.yaml").write_text('format: mtg/modern\ndecks: ["decks"]\n', encoding="utf-8")
    nothing = cli("check", cwd=tmp_path)
    assert nothing.returncode == 2 and "decks: 'decks' is a folder" in nothing.stderr and "write 'decks/'" in nothing.stderr


def test_the_folder_hint_is_annotated_on_the_line_of_its_glob(cli, tmp_path):
    """In a GitHub job the hint was a `::warning` of the step with no file, where a glob
    that matches no deck is annotated on its line of deckcheck.yaml: the pull request that
    wrote `decks/archive` for `decks/archive/` did not see it on the line it changed."""
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\nexclude:\n  - "decks/old/"\n  - "decks/archive"\n',
        "decks/a.txt": LEGAL, "decks/archive/b.txt": LEGAL,
    })
    done = cli("check", "-o", "github", cwd=tmp_path, env={"GITHUB_WORKSPACE": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    assert ("::warning file=deckcheck.yaml,line=4,title=deckcheck check::deckcheck.yaml: exclude: 'decks/archive' "
            "is a folder, but globs match files") in done.stdout


def test_a_policy_file_is_checked_whole_by_check_and_simulate_alike(cli, tmp_path):
    """One reader checks a policy file for deckcheck.yaml and builds the policy `simulate`
    uses: a broken rule of the file is refused by both, even where an option (`keep:`,
    `--keep`) stands in for it; `simulate` used to pass it over."""
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\nsimulate:\n  "burn.txt": {policy: p.yaml, keep: "lands >= 2", assert: "keep7 >= 0.1"}\n',
        "p.yaml": "keep:\n  7: count(nope) >= 1\n  5: true\n",
        "burn.txt": BURN,
    })
    check = cli("check", cwd=tmp_path)
    simulate = cli("simulate", "burn.txt", "-f", "mtg/modern", "--policy", "p.yaml", "--keep", "lands >= 2", "--exact", cwd=tmp_path)
    for done in (check, simulate):
        assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stdout + done.stderr
        assert "p.yaml: keep.7: column 7 in 'count(nope) >= 1': unknown tag 'nope'" in done.stderr
    # Options still override the file's rules size by size once they all parse.
    (tmp_path / "p.yaml").write_text("keep:\n  7: lands >= 8\n  5: true\n", encoding="utf-8")
    overridden = cli("simulate", "burn.txt", "-f", "mtg/modern", "--policy", "p.yaml", "--keep", "true", "--exact",
                     "--assert", "keep7 >= 0.99", "-o", "json", cwd=tmp_path)
    assert overridden.returncode == 0, overridden.stdout + overridden.stderr


def test_the_folder_hint_sees_nested_folders(cli, tmp_path):
    """A name without `/` matches in any folder, so `legacy` names `events/legacy` as well;
    the hint only looked at the top of the repository. A hook run sees the folders of the
    files it is given."""
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\ndecks: ["events/modern", "legacy", "events/*", "events/x/**"]\nexclude: ["modern"]\n',
        "events/modern/a.txt": LEGAL, "events/x/legacy/b.txt": LEGAL, ".hidden/legacy/c.txt": LEGAL,
    })
    config = "deckcheck.yaml"  # named from the working directory
    hint = "is a folder{}, but globs match files, so it takes nothing under it; write '{}/' for everything in it"
    expected = [
        f"deckcheck: warning: {config}: decks: 'events/modern' " + hint.format("", "events/modern"),
        f"deckcheck: warning: {config}: decks: 'legacy' " + hint.format(" (events/x/legacy)", "legacy"),
        f"deckcheck: warning: {config}: exclude: 'modern' " + hint.format(" (events/modern)", "modern"),
    ]
    done = cli("check", cwd=tmp_path)
    # `events/*` takes the files right in events/, which has none (a folder's glob, warned
    # above, is not said to match no deck as well).
    unused = f"deckcheck: warning: {config}: decks: 'events/*' matches no deck"
    assert done.returncode == 0 and done.stderr.splitlines() == [*expected, unused], done.stderr
    hook = cli("check", "events/x/legacy/b.txt", "-o", "json", cwd=tmp_path)
    assert hook.returncode == 0 and hook.stderr.splitlines() == expected[:2], hook.stderr
    assert [(m["level"], m["message"]) for m in json.loads(hook.stdout)["messages"]] == [
        ("warning", line.removeprefix("deckcheck: warning: ")) for line in expected[:2]]


# A pull request that breaks deckcheck.yaml failed its check with one log line and no
# annotation: in a GitHub job (`-o auto`, `-o github`) the error is also an `::error` on
# the file and line that give the key, from the root of the checkout. Each case: the
# file's text, the line of the annotation and the start of its message.
BROKEN_CONFIGS = [
    ('format: mtg/modern\nformats:\n  "decks/**": mtg/modrn\n', 3,
     "formats.decks/**: unknown format 'mtg/modrn'; did you mean mtg/modern?"),
    # Written YYYY-MM-DD already: "expected a date YYYY-MM-DD" told its writer nothing (as --date).
    ("format: mtg/modern\ndate: 2024-13-01\n", 2, "date: '2024-13-01' is not a date: there is no month 13"),
    # A day written year first another way names the YYYY-MM-DD it means, as --date does.
    ("format: mtg/modern\ndate: 2024/06/01\n", 2, "date: expected a date YYYY-MM-DD, got the text '2024/06/01'; write 2024-06-01"),
    ("format: mtg/modern\ndate: 20240601\n", 2, "date: expected a date YYYY-MM-DD, got a number (20240601); write 2024-06-01"),
    # Ten thousand as German writes it, which YAML reads as 10.0 (review31c): no hint said why.
    ('format: mtg/modern\nsimulate:\n  "decks/burn.txt":\n    assert: "keep7 >= 0"\n    hands: 10.000\n', 5,
     "simulate.decks/burn.txt.hands: expected a whole number from 1 to 10,000,000, got a number (10.0); a whole "
     "number is written without a point or separators: for 10,000 write 10000"),
    # A decimal YAML did not make of a grouped thousand is no thousand (review31f): `1.5`,
    # `2.500` (which YAML reads as 2.5, indistinguishable from 2.5) get no hint.
    ('format: mtg/modern\nsimulate:\n  "decks/burn.txt":\n    assert: "keep7 >= 0"\n    hands: 1.5\n', 5,
     "simulate.decks/burn.txt.hands: expected a whole number from 1 to 10,000,000, got a number (1.5) (line 5)"),
    ('format: mtg/modern\nsimulate:\n  "decks/burn.txt":\n    assert: "keep7 >= 0"\n    hands: 2.500\n', 5,
     "simulate.decks/burn.txt.hands: expected a whole number from 1 to 10,000,000, got a number (2.5) (line 5)"),
    ('format: mtg/modern\nsimulate:\n  "decks/burn.txt":\n    assert: "keep7 >= 0"\n    hands: 0.5\n', 5,
     "simulate.decks/burn.txt.hands: expected a whole number from 1 to 10,000,000, got a number (0.5) (line 5)"),
    # A whole-valued float too big to be a thousandth of anything (a stranger's pull request):
    # the hint's value * 1000 was infinity, and round() an internal error (OverflowError).
    ('format: mtg/modern\nsimulate:\n  "decks/burn.txt":\n    assert: "keep7 >= 0"\n    hands: 1.0e+306\n', 5,
     "simulate.decks/burn.txt.hands: expected a whole number from 1 to 10,000,000, got a number (1e+306) (line 5)"),
    ('format: mtg/modern\nsimulate:\n  "decks/burn.txt":\n    assert: ["keep7 > 0.1", "keep7 >="]\n', 4,
     "simulate.decks/burn.txt.assert[1]: column 9 in 'keep7 >='"),
    ('format: mtg/modern\nsimulate:\n  "decks/burn.txt":\n    policy: gone.yaml\n    assert: "keep7 >= 0"\n', 4,
     "simulate.decks/burn.txt.policy: "),
    # A list or a quote left open: the line it was opened on, and where the parser gave up
    # (the file's last line: PyYAML's mark is one past it, on no line).
    ("format: [mtg/modern\n", 1,
     "line 1, column 9: invalid YAML: the '[' opened here is never closed; found the end of the file at line 1; close it with ']'"),
    ('format: mtg/modern\ndecks: "decks/**\n', 2,
     "line 2, column 8: invalid YAML: the double quote opened here is never closed; found the end of the file at line 2; close it with a double quote"),
    ('format: mtg/modern\ndecks: [decks/**\n\n\nexclude: [old/**]\n', 2,
     "line 2, column 8: invalid YAML: the '[' opened here is not closed before ':' at line 5, column 8"),
    ('format: mtg/modern\ndecks:\n  - "decks/**"\n  - "' + "*" * 257 + '"\n', 4, "decks[1]: a glob of 257 characters; at most 256"),
]


@pytest.mark.parametrize("text, line, message", BROKEN_CONFIGS, ids=[case[2].split(":")[0] for case in BROKEN_CONFIGS])
def test_a_broken_deckcheck_yaml_is_an_annotation_on_its_line_in_a_github_job(cli, tmp_path, text, line, message):
    write(tmp_path, {"ci/deckcheck.yaml": text, "ci/decks/burn.txt": BURN})
    env = {"GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": str(tmp_path)}
    done = cli("check", cwd=tmp_path / "ci", env=env)
    assert done.returncode == 2
    [error] = done.stderr.splitlines()
    assert error.startswith("deckcheck: error: ") and message in error
    [annotation] = done.stdout.splitlines()
    prefix = f"::error file=ci/deckcheck.yaml,line={line},title=deckcheck.yaml::"
    assert annotation.startswith(prefix) and annotation[len(prefix):].startswith(message.replace("%", "%25")), annotation
    plain = cli("check", cwd=tmp_path / "ci", env={"GITHUB_ACTIONS": "false"})
    assert (plain.returncode, plain.stdout, plain.stderr) == (2, "", done.stderr)


# Each fault of a key of deckcheck.yaml ends `(line N)` on stderr, the line of its annotation,
# as a wrong type or an unknown key always did: one found once the keys were known valid (an
# unknown format id, a format or policy file not found, an assertion that does not parse, a
# policy file without a rule for a deck's hand) named no line, so a log without annotations
# (a local run, the pre-commit hook) did not say where.
KEYED_CONFIG_ERRORS = [(text, line, message) for text, line, message in BROKEN_CONFIGS if not message.startswith("line ")] + [
    ("format: mtg/modrn\n", 1, "format: unknown format 'mtg/modrn'; did you mean mtg/modern?"),
    ("format: mtg/modern\ndate: 2025-02-30\n", 2, "date: '2025-02-30' is not a date: February 2025 has 28 days"),
    ("format: mtg/modern\ndate: 2025-6-1\n", 2, "date: expected a date YYYY-MM-DD, got the text '2025-6-1'"),
    ('format: mtg/modern\nformats:\n  "decks/**": formats/gone.yaml\n', 3,
     "formats.decks/**: format file 'formats/gone.yaml' not found"),
    ('format: mtg/modern\nsimulate:\n  "decks/*.txt": {policy: five.yaml, assert: "keep7 >= 0.5"}\n', 3,
     "simulate.decks/*.txt: five.yaml: keep.5 gives no rule for the opening hand of 7 cards"),
]


@pytest.mark.parametrize("text, line, message", KEYED_CONFIG_ERRORS, ids=[case[2].split(":")[0] for case in KEYED_CONFIG_ERRORS])
def test_a_broken_key_of_deckcheck_yaml_names_its_line_on_stderr(cli, tmp_path, text, line, message):
    write(tmp_path, {"deckcheck.yaml": text, "five.yaml": "keep:\n  5: true\n", "decks/burn.txt": BURN})
    done = cli("check", cwd=tmp_path)
    [error] = done.stderr.splitlines()
    assert done.returncode == 2 and error.startswith(f"deckcheck: error: deckcheck.yaml: {message}"), error
    assert error.endswith(f" (line {line})"), error
    github = cli("check", "-o", "github", cwd=tmp_path)
    assert github.stdout.startswith(f"::error file=deckcheck.yaml,line={line},title=deckcheck.yaml::{message}")


# A format or policy file of the repository that deckcheck.yaml names and a pull request
# breaks: the error was an annotation on the line of deckcheck.yaml that names the file,
# which the pull request did not change (GitHub shows it in no diff). It is on the file's
# own line (its YAML, a key of its own), from the root of the checkout; the message is as
# before. Each case: the file, its text, the line, the start of the message.
FORMATS_AND_POLICY = 'format: mtg/modern\nformats:\n  "decks/**": formats/cube.yaml\nsimulate:\n  "decks/*.txt":\n' \
                     '    policy: policies/burn.yaml\n    hands: 100\n    assert: [keep7 >= 0]\n'
CUBE = "name: Cube\nextends: mtg/modern\n"
BROKEN_NAMED_FILES = [
    ("formats/cube.yaml", "name: Cube\ngame: mtg\nbanned: [Black Lotus,\n  Mox Pearl\n", 3,
     "formats.decks/**: formats/cube.yaml: line 3, column 9: invalid YAML: the '[' opened here is never closed"),
    ("formats/cube.yaml", "name: Cube\nextends: mtg/modern\n\nbaned: [Black Lotus]\n", 4,
     "formats.decks/**: formats/cube.yaml: baned: unknown key; did you mean 'banned'?"),
    ("policies/burn.yaml", "keep:\n  7: 'lands >= 2\n", 2,
     "simulate.decks/*.txt.policy: policies/burn.yaml: line 2, column 6: invalid YAML: the single quote opened here"),
    ("policies/burn.yaml", "keep:\n  7: lands >= 2\ntgas:\n  burn: [Lightning Bolt]\n", 3,
     "simulate.decks/*.txt.policy: policies/burn.yaml: tgas: unknown key; did you mean 'tags'?"),
]


@pytest.mark.parametrize("name, text, line, message", BROKEN_NAMED_FILES, ids=["format-yaml", "format-key", "policy-yaml", "policy-key"])
def test_a_broken_file_deckcheck_yaml_names_is_an_annotation_on_its_own_line(cli, tmp_path, name, text, line, message):
    from test_ci_reporters import assert_valid_sarif

    write(tmp_path, {"ci/deckcheck.yaml": FORMATS_AND_POLICY, "ci/formats/cube.yaml": CUBE,
                     "ci/policies/burn.yaml": "keep:\n  7: lands >= 2\n", "ci/decks/burn.txt": BURN})
    write(tmp_path, {f"ci/{name}": text})
    env = {"GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": str(tmp_path)}
    done = cli("check", cwd=tmp_path / "ci", env=env)
    assert done.returncode == 2 and done.stderr.startswith(f"deckcheck: error: deckcheck.yaml: {message}"), done.stderr
    prefix = f"::error file=ci/{name},line={line},title=deckcheck.yaml::"
    assert done.stdout.startswith(prefix + message), done.stdout
    [result] = assert_valid_sarif(cli("check", "-o", "sarif", cwd=tmp_path / "ci").stdout)["runs"][0]["results"]
    place = result["locations"][0]["physicalLocation"]
    assert (place["artifactLocation"]["uri"], place["region"]) == (name, {"startLine": line})


def test_a_deck_of_another_game_than_its_format_gets_a_hint(cli, tmp_path):
    """A Yu-Gi-Oh! deck that no `formats:` glob reaches is checked as the default Magic
    format: forty `unknown card '14558127'` errors and nothing saying why. A deck whose
    names are mostly unknown to its format's game but cards of another game gets one
    warning naming that game (the errors stay: the deck is not legal in that format)."""
    write(tmp_path, {
        "deckcheck.yaml": "format: mtg/modern\ndecks: ['decks/**']\n",
        "decks/ash.ydk": "#main\n" + "14558127\n" * 3 + "46986414\n" * 3 + "#extra\n!side\n",
        "decks/names.txt": "3 Ash Blossom & Joyous Spring\n3 Dark Magician\n3 Pot of Greed\n",
        "decks/burn.txt": BURN,
    })
    done = cli("check", "-o", "github", cwd=tmp_path, env={"GITHUB_WORKSPACE": str(tmp_path)})
    assert done.returncode == 1
    for deck in ("decks/ash.ydk", "decks/names.txt"):
        hint = (f"deckcheck: warning: {deck}: its card names are not Magic cards but Yu-Gi-Oh! cards: give it a "
                f"Yu-Gi-Oh! format (a `formats:` glob in deckcheck.yaml, or -f)")
        assert hint in done.stderr.splitlines(), done.stderr
        # In a GitHub job the warning sits on the deck's own file.
        annotation = f"::warning file={deck},title=deckcheck check::{hint.removeprefix('deckcheck: warning: ')}"
        assert annotation in done.stdout, done.stdout
    assert "decks/burn.txt:" not in done.stderr


def test_validate_notes_a_deck_of_another_game_after_its_report(cli, tmp_path):
    write(tmp_path, {"ash.ydk": "#main\n" + "14558127\n" * 3 + "46986414\n" * 3 + "#extra\n!side\n", "burn.txt": BURN})
    done = cli("validate", "ash.ydk", "burn.txt", "-f", "mtg/modern", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.splitlines()[0] == ("deckcheck: note: ash.ydk: its card names are not Magic cards but Yu-Gi-Oh! "
                                           "cards: give it a Yu-Gi-Oh! format (-f FORMAT)")
    assert "burn.txt:" not in done.stderr


def test_simulate_notes_a_deck_of_another_game_as_validate_does(cli, tmp_path):
    """A Yu-Gi-Oh! deck simulated against a Magic format: beside its unknown-card notes,
    one note names the game its cards are of, as validate's does."""
    write(tmp_path, {"ash.ydk": "#main\n" + "14558127\n" * 3 + "46986414\n" * 3 + "97268402\n" * 34 + "#extra\n!side\n"})
    hint = ("deckcheck: note: ash.ydk: its card names are not Magic cards but Yu-Gi-Oh! cards: give it a Yu-Gi-Oh! "
            "format (-f FORMAT)")
    done = cli("simulate", "ash.ydk", "-f", "mtg/modern", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [hint], done.stderr
    done = cli("simulate", "ash.ydk", "-f", "yugioh/advanced-tcg", cwd=tmp_path)
    assert done.returncode == 0 and "its card names are not" not in done.stderr, done.stderr


def test_the_hint_reads_the_other_game_from_validates_cards_db(cli, tmp_path):
    """`validate --cards-db` names the card data: a Yu-Gi-Oh! deck of cards only that
    database knows (a set newer than the built-in data) still gets the hint."""
    new_cards = {"data": [
        {"id": 99990001, "name": "Brand New Dragon", "type": "Effect Monster", "frameType": "effect", "race": "Dragon"},
        {"id": 99990002, "name": "Brand New Spell", "type": "Spell Card", "frameType": "spell", "race": "Normal"},
    ]}
    write(tmp_path, {"cardinfo.json": json.dumps(new_cards), "new.ydk": "#main\n" + "99990001\n99990002\n" * 3 + "#extra\n!side\n"})
    assert cli("cards", "import", "cardinfo.json", "--cards-db", "db.sqlite", cwd=tmp_path).returncode == 0
    done = cli("validate", "new.ydk", "-f", "mtg/modern", "--cards-db", "db.sqlite", cwd=tmp_path)
    assert done.returncode == 1
    assert ("deckcheck: note: new.ydk: its card names are not Magic cards but Yu-Gi-Oh! cards: give it a Yu-Gi-Oh! "
            "format (-f FORMAT)") in done.stderr.splitlines(), done.stderr


def test_a_glob_that_matches_no_deck_is_annotated_on_its_line_from_the_checkout(cli, tmp_path):
    """The warning that a glob matches no deck (its assertions or format do nothing) points
    at the glob's line in deckcheck.yaml, named from the root of the checkout."""
    write(tmp_path, {
        "ci/deckcheck.yaml": 'format: mtg/modern\nformats:\n  "legacy/**": mtg/legacy\nsimulate:\n'
                             '  "Burn.txt": {assert: "keep7 >= 0.1"}\n',
        "ci/burn.txt": BURN,
    })
    done = cli("check", cwd=tmp_path / "ci", env={"GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    warnings = [line.partition("::")[2].partition("::")[0] for line in done.stdout.splitlines() if line.startswith("::warning")]
    assert warnings == ["warning file=ci/deckcheck.yaml,line=5,title=deckcheck check",
                        "warning file=ci/deckcheck.yaml,line=3,title=deckcheck check"]


def test_deckcheck_yaml_and_the_files_it_names_are_never_decks(cli, tmp_path):
    """`decks: ["**"]` (decks at the top of a repository) read deckcheck.yaml itself as an
    illegal deck, and the policy and format files it names too: the build failed whatever
    the decks said. Other files a `decks` glob picks are still read as decks (docs/ci.md)."""
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\ndecks: ["**"]\nformats:\n  "cube/*": formats/cube.yaml\n'
                          'simulate:\n  "burn.txt": {policy: policies/burn.yaml, assert: "keep7 >= 0.1"}\n',
        "formats/cube.yaml": "name: Cube\nextends: mtg/constructed\ndeck: {main: {min: 40}}\n",
        "policies/burn.yaml": "keep:\n  7: lands >= 2\n",
        "cube/c.txt": "40 Mountain\n",
        "burn.txt": BURN,
        "notes.md": "4 Lightning Bolt\n",
    })
    done = cli("check", "-o", "json", cwd=tmp_path)
    assert sorted(r["deck"] for r in json.loads(done.stdout)["results"]) == ["burn.txt", "cube/c.txt", "notes.md"]
    # A hook run on them checks every deck again (they can change any verdict), never them.
    given = cli("check", "deckcheck.yaml", "policies/burn.yaml", "-o", "json", cwd=tmp_path)
    assert sorted(r["deck"] for r in json.loads(given.stdout)["results"]) == ["burn.txt", "cube/c.txt", "notes.md"]


def test_files_deckcheck_yaml_names_may_be_written_the_windows_way(cli, tmp_path):
    """deckcheck.yaml's globs read a `\\` as `/` (a repository kept on Windows), but the
    format and policy files it names, and a format file's `extends:`, did not: on a Linux
    runner `formats\\cube.yaml` was "format file 'formats\\\\cube.yaml' not found", though
    the file is there and the same repository passed on Windows. They are read as paths
    are in a batch manifest, `\\` as `/`; and still never decks of a hook run."""
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\ndecks: ["*.txt", "cube/"]\nformats:\n  "cube\\\\*": formats\\cube.yaml\n'
                          'simulate:\n  "burn.txt": {policy: policies\\burn.yaml, assert: "keep7 >= 0.1"}\n',
        "formats/cube.yaml": "name: Cube\nextends: base\\constructed.yaml\n",
        "formats/base/constructed.yaml": "name: Base\nextends: mtg/constructed\ndeck: {main: {min: 40}}\n",
        "policies/burn.yaml": "keep:\n  7: lands >= 2\n",
        "cube/c.txt": "40 Mountain\n",
        "burn.txt": BURN,
    })
    done = cli("check", "-o", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert [(r["deck"], r["format"], r["legal"]) for r in report["results"]] == [
        ("burn.txt", "mtg/modern", True), ("cube/c.txt", "formats/cube.yaml", True)]
    assert [a["passed"] for a in report["assertions"]] == [True]
    given = cli("check", "formats/cube.yaml", "-o", "json", cwd=tmp_path)
    assert sorted(r["deck"] for r in json.loads(given.stdout)["results"]) == ["burn.txt", "cube/c.txt"]


def test_a_format_file_that_a_named_one_extends_is_never_a_deck_either(cli, tmp_path):
    """`decks: ["**"]` leaves out the format files deckcheck.yaml names, but not one they
    extend (`formats/cube.yaml` extends `base.yaml`): that was NOT CHECKED, "not a
    decklist" (exit 2), and a hook run given it checked no deck, though an edit to it
    changes the verdict of every deck of the format. It is one of the repository's own
    files, as the file that extends it is."""
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\ndecks: ["**"]\nformats:\n  "cube/*": formats/cube.yaml\n',
        "formats/cube.yaml": "name: Cube\nextends: base.yaml\n",
        "formats/base.yaml": "name: Base\nextends: mtg/constructed\ndeck: {main: {min: 40}}\n",
        "cube/c.txt": "40 Mountain\n",
        "burn.txt": BURN,
    })
    done = cli("check", "-o", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stdout
    assert [r["deck"] for r in json.loads(done.stdout)["results"]] == ["burn.txt", "cube/c.txt"]
    given = cli("check", "formats/base.yaml", "-o", "json", cwd=tmp_path)
    assert given.returncode == 0, given.stdout
    assert [r["deck"] for r in json.loads(given.stdout)["results"]] == ["burn.txt", "cube/c.txt"]


# A broken deckcheck.yaml with `-o sarif` or `-o junit` printed nothing on stdout: a job that
# uploads the report (`report: deckcheck.sarif`, `artifacts:reports:junit`) then failed on an
# empty file, and the error was in the log only. The report is a valid document that carries
# the error on the file's line; stderr and the exit code are as before.
@pytest.mark.parametrize("output", ["sarif", "junit"])
@pytest.mark.parametrize("text, line, message", BROKEN_CONFIGS, ids=[case[2].split(":")[0] for case in BROKEN_CONFIGS])
def test_a_broken_deckcheck_yaml_is_still_a_sarif_or_junit_report(cli, tmp_path, text, line, message, output):
    from test_ci_reporters import assert_valid_junit, assert_valid_sarif

    write(tmp_path, {"ci/deckcheck.yaml": text, "ci/decks/burn.txt": BURN})
    done = cli("check", "-o", output, cwd=tmp_path / "ci")
    assert done.returncode == 2
    [error] = done.stderr.splitlines()
    assert error.startswith("deckcheck: error: ") and message in error
    if output == "sarif":
        log = assert_valid_sarif(done.stdout)
        [result] = log["runs"][0]["results"]
        assert result["ruleId"] == "config" and result["level"] == "error"
        assert result["message"]["text"].startswith(message)
        place = result["locations"][0]["physicalLocation"]
        assert place["artifactLocation"]["uri"] == "deckcheck.yaml" and place["region"] == {"startLine": line}
        # The run stopped there: no invocation that exits 2 before any deck succeeded.
        [invocation] = log["runs"][0]["invocations"]
        assert (invocation["executionSuccessful"], invocation["exitCode"]) == (False, 2)
        rules = log["runs"][0]["tool"]["driver"]["rules"]
        assert rules[result["ruleIndex"]]["id"] == "config"
        assert "deckcheck.yaml" in rules[result["ruleIndex"]]["fullDescription"]["text"]
    else:
        root = assert_valid_junit(done.stdout)
        assert (root.get("tests"), root.get("failures")) == ("1", "1")
        [case] = root.iter("testcase")
        assert (case.get("classname"), case.get("name")) == ("deckcheck_yaml", "deckcheck.yaml")
        [failure] = case.iter("failure")
        assert failure.get("type") == "config" and failure.get("message").startswith(message)
        # The line before the error, unless the error names it itself (`line 2, column 1:
        # ...`, `... (line 2)`), which read `line 2: line 2, column 1: invalid YAML`.
        assert f"line {line}: line {line}" not in failure.text
        assert failure.text.startswith(message if f"line {line}" in failure.get("message") else f"line {line}: {message}")


# A usage error of the command line (an unknown -f, a bad --date or --platform, no decks)
# printed nothing on stdout with `-o sarif` or `-o junit`: the job that uploads the report
# met an empty file, as a broken deckcheck.yaml once did. The command line is no file, so
# the SARIF log has no result (code scanning refuses one without a location): its
# invocation did not succeed and says why; JUnit has an errored case; GitHub an annotation.
USAGE_ERRORS = [
    (["-f", "mtg/nope"], "unknown format 'mtg/nope'; `deckcheck formats list` shows them all"),
    (["--date", "2026-13-01"], "--date '2026-13-01' is not a date: there is no month 13"),
    (["--platform", "moon"], "--platform 'moon': choose paper, mtgo or arena"),
    (["nothing-here"], "no decklists found under nothing-here (files with a decklist extension"),
]


@pytest.mark.parametrize("output", ["sarif", "junit", "github", "config-sarif"])
@pytest.mark.parametrize("args, message", USAGE_ERRORS, ids=[case[0][0] for case in USAGE_ERRORS])
def test_a_usage_error_is_still_a_ci_report_that_says_why(cli, tmp_path, args, message, output):
    from test_ci_reporters import assert_valid_junit, assert_valid_sarif

    config = "format: mtg/modern\n" + ("output: sarif\n" if output == "config-sarif" else "")
    write(tmp_path, {"deckcheck.yaml": config, "nothing-here/notes.md": "no decks\n"})
    given = [] if output == "config-sarif" else ["-o", output]
    done = cli("check", *args, *given, cwd=tmp_path)
    assert done.returncode == 2
    [error] = done.stderr.splitlines()
    assert error.startswith("deckcheck: error: ") and message in error
    if output in ("sarif", "config-sarif"):
        log = assert_valid_sarif(done.stdout)
        [invocation] = log["runs"][0]["invocations"]
        assert (invocation["executionSuccessful"], invocation["exitCode"]) == (False, 2)
        assert invocation["toolExecutionNotifications"][0]["level"] == "error"
        assert message in invocation["toolExecutionNotifications"][0]["message"]["text"]
        assert log["runs"][0]["results"] == []
    elif output == "junit":
        root = assert_valid_junit(done.stdout)
        assert (root.get("tests"), root.get("errors"), root.get("failures")) == ("1", "1", "0")
        [case] = root.iter("testcase")
        [failure] = case.iter("error")
        assert failure.get("type") == "usage" and message in failure.get("message")
    else:
        assert done.stdout.startswith("::error title=deckcheck check::") and message in done.stdout


def test_a_usage_error_with_a_text_or_json_output_prints_nothing_on_stdout(cli, tmp_path):
    """Only the outputs a job keeps as a file, and GitHub's, report a usage error: a text or
    JSON reader has stderr."""
    write(tmp_path, {"deckcheck.yaml": "format: mtg/modern\n", "burn.txt": BURN})
    for output in ("text", "json"):
        done = cli("check", "-f", "mtg/nope", "-o", output, cwd=tmp_path)
        assert (done.returncode, done.stdout) == (2, "")


NO_FORMAT = "no format for this deck; add a glob for it under `formats:` in deckcheck.yaml, set `format:`, or pass -f FORMAT"


@pytest.mark.parametrize("output", ["sarif", "junit", "github"])
def test_a_deck_deckcheck_yaml_gives_no_format_is_still_a_report_on_that_deck(cli, tmp_path, output):
    """deckcheck.yaml with `decks:` but no format for a deck stopped the run (exit 2) with
    nothing on stdout: the uploaded SARIF or JUnit file was empty, and a GitHub job's pull
    request showed nothing. The report now carries the error on the deck's file; stderr and
    the exit code are as before."""
    from test_ci_reporters import assert_valid_junit, assert_valid_sarif

    write(tmp_path, {"deckcheck.yaml": 'decks: ["decks/*.txt"]\n', "decks/burn.txt": BURN})
    done = cli("check", "-o", output, cwd=tmp_path, env={"GITHUB_WORKSPACE": str(tmp_path)})
    assert (done.returncode, done.stderr) == (2, f"deckcheck: error: decks/burn.txt: {NO_FORMAT}\n")
    if output == "sarif":
        [run] = assert_valid_sarif(done.stdout)["runs"]
        [result] = run["results"]
        assert (result["ruleId"], result["message"]["text"]) == ("config", NO_FORMAT)
        [invocation] = run["invocations"]
        assert (invocation["executionSuccessful"], invocation["exitCode"]) == (False, 2)
        assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "decks/burn.txt"
    elif output == "junit":
        [case] = assert_valid_junit(done.stdout).iter("testcase")
        assert case.get("name") == "decks/burn.txt" and [failure.get("type") for failure in case.iter("failure")] == ["config"]
    else:
        assert done.stdout == f"::error file=decks/burn.txt,title=deckcheck.yaml::{NO_FORMAT}\n"


def test_a_broken_deckcheck_yaml_s_own_output_is_its_report_and_no_annotation_goes_into_it(cli, tmp_path):
    """`output: sarif` in the broken file (the job redirects stdout to the file it uploads):
    the file's output is the report, in a GitHub job too, where `-o auto` put an `::error`
    annotation on stdout, the SARIF file's only line. `-o` still decides over the file."""
    from test_ci_reporters import assert_valid_sarif

    write(tmp_path, {"deckcheck.yaml": "format: mtg/modern\noutput: sarif\nformt: x\n", "burn.txt": BURN})
    env = {"GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": str(tmp_path)}
    done = cli("check", cwd=tmp_path, env=env)
    assert done.returncode == 2 and "::error" not in done.stdout
    [result] = assert_valid_sarif(done.stdout)["runs"][0]["results"]
    assert result["message"]["text"].startswith("formt: unknown key")
    assert result["locations"][0]["physicalLocation"]["region"] == {"startLine": 3}
    annotated = cli("check", "-o", "github", cwd=tmp_path, env=env)
    assert annotated.returncode == 2
    assert annotated.stdout.startswith("::error file=deckcheck.yaml,line=3,title=deckcheck.yaml::formt: unknown key")
    # An output the file cannot have (a typo in `output:` itself) is no report: the default.
    (tmp_path / "deckcheck.yaml").write_text("format: mtg/modern\noutput: sarf\n", encoding="utf-8")
    typo = cli("check", cwd=tmp_path, env={"GITHUB_ACTIONS": "false"})
    assert (typo.returncode, typo.stdout) == (2, "") and "output: expected one of" in typo.stderr


def _check(cli, tmp_path, *args):
    """`deckcheck check ARGS` in `tmp_path`, which must pass: the run and its warnings (stderr)."""
    done = cli("check", *args, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return done, [line for line in done.stderr.splitlines() if "warning" in line]


def _check_warnings(cli, tmp_path, *args):
    """The warnings of `deckcheck check ARGS` in `tmp_path`, which must pass."""
    return _check(cli, tmp_path, *args)[1]


def test_a_glob_that_matches_nothing_is_a_warning_that_names_a_match_but_for_case(cli, tmp_path):
    """Globs are case-sensitive, on every system (docs/ci.md): `Decks/**` takes nothing
    of `decks/`. A `decks` glob that matched no file said nothing at all (or, as the only
    one, only 'no decklists found'): it is a warning naming the glob, as a `formats` or
    `simulate` glob's is; and each of them, and an `exclude` glob that takes nothing, names
    a file it would take but for case, when there is one."""
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\ndecks: ["decks/**", "Decks/**", "extra/*.txt"]\nexclude: ["Decks/Old/**", "gone/**"]\n'
                          'formats:\n  "decks/Legacy/*": mtg/legacy\nsimulate:\n  "decks/Burn.txt": {assert: "keep7 >= 0.1"}\n',
        "decks/burn.txt": BURN, "decks/legacy/a.txt": LEGAL, "decks/old/b.txt": LEGAL,
    })
    case = "would match but for case (globs are case-sensitive)"
    expected = [
        f"deckcheck: warning: deckcheck.yaml: decks: 'Decks/**' matches no deck; 'decks/burn.txt' {case}",
        "deckcheck: warning: deckcheck.yaml: decks: 'extra/*.txt' matches no deck",
        f"deckcheck: warning: deckcheck.yaml: exclude: 'Decks/Old/**' matches no file; 'decks/old/b.txt' {case}",
        "deckcheck: warning: deckcheck.yaml: simulate.decks/Burn.txt: matches no deck, so its assertions did not run; "
        f"'decks/burn.txt' {case}",
        f"deckcheck: warning: deckcheck.yaml: formats.decks/Legacy/*: matches no deck; 'decks/legacy/a.txt' {case}",
    ]
    assert _check_warnings(cli, tmp_path) == expected
    # In a GitHub job each is an annotation on its glob's line.
    annotated = cli("check", "-o", "github", cwd=tmp_path, env={"GITHUB_WORKSPACE": str(tmp_path)})
    places = [line.partition("::")[2].partition("::")[0] for line in annotated.stdout.splitlines() if line.startswith("::warning")]
    assert places == [f"warning file=deckcheck.yaml,line={line},title=deckcheck check" for line in (2, 2, 3, 7, 5)]
    # A hook run looks at a few files: it cannot tell.
    hook = cli("check", "decks/burn.txt", cwd=tmp_path)
    assert hook.returncode == 0 and "warning" not in hook.stderr
    # The only `decks` glob matching nothing: its warning, then the error.
    (tmp_path / "deckcheck.yaml").write_text('format: mtg/modern\ndecks: ["DECKS/**"]\n', encoding="utf-8")
    nothing = cli("check", cwd=tmp_path)
    assert nothing.returncode == 2
    assert nothing.stderr.splitlines() == [
        f"deckcheck: warning: deckcheck.yaml: decks: 'DECKS/**' matches no deck; 'decks/burn.txt' {case}",
        "deckcheck: error: no decklists found under . (decks: DECKS/**)",
    ]


def test_a_misspelt_deck_of_a_simulate_or_formats_entry_is_told_the_deck_meant(cli, tmp_path):
    """`simulate: {decks/brun.txt: ...}` (a typo of decks/burn.txt) warned 'matches no deck'
    and no more: the assertions a team meant for burn.txt never ran, and the warning left them
    to find the typo themselves. A glob without wildcards names the deck it most likely means."""
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\nformats:\n  "decks/legacyy/a.txt": mtg/legacy\n'
                          'simulate:\n  "decks/brun.txt": {assert: "keep7 >= 0.1"}\n  "decks/zzz*.txt": {assert: "keep7 >= 0.1"}\n',
        "decks/burn.txt": BURN, "decks/legacy/a.txt": LEGAL,
    })
    assert _check_warnings(cli, tmp_path) == [
        "deckcheck: warning: deckcheck.yaml: simulate.decks/brun.txt: matches no deck, so its assertions did not run; "
        "did you mean 'decks/burn.txt'?",
        "deckcheck: warning: deckcheck.yaml: simulate.decks/zzz*.txt: matches no deck, so its assertions did not run",
        "deckcheck: warning: deckcheck.yaml: formats.decks/legacyy/a.txt: matches no deck; did you mean 'decks/legacy/a.txt'?",
    ]


def test_a_decks_glob_whose_files_exclude_takes_says_so_not_that_case_differs(cli, tmp_path):
    """A `decks` glob that matches a file `exclude` takes matches no deck: its warning said
    the file "would match but for case" (false: the glob matches it as written); it names
    the `exclude` glob that takes the file."""
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\ndecks: ["decks/burn.txt", "decks/other.txt"]\nexclude: ["decks/b*.txt"]\n',
        "decks/burn.txt": BURN, "decks/other.txt": BURN,
    })
    assert _check_warnings(cli, tmp_path) == [
        "deckcheck: warning: deckcheck.yaml: decks: 'decks/burn.txt' matches no deck; 'decks/burn.txt' would match, "
        "but exclude 'decks/b*.txt' takes it",
    ]



def test_a_formats_or_simulate_glob_whose_files_exclude_takes_names_the_exclude(cli, tmp_path):
    """A `formats` or `simulate` glob whose only files an `exclude` glob takes said 'matches
    no deck' and nothing more, though the file is there (read as a typo in the glob): it names
    the file and the `exclude` glob that takes it, as a `decks` glob's warning does."""
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\nexclude: ["decks/old/**"]\nformats:\n  "decks/old/**": mtg/legacy\n'
                          'simulate:\n  "decks/old/burn.txt": {assert: "keep7 >= 0"}\n',
        "decks/burn.txt": BURN, "decks/old/burn.txt": BURN,
    })
    but = "'decks/old/burn.txt' would match, but exclude 'decks/old/**' takes it"
    done, warnings = _check(cli, tmp_path, "-o", "github")
    assert warnings == [
        f"deckcheck: warning: deckcheck.yaml: simulate.decks/old/burn.txt: matches no deck, so its assertions did not run; {but}",
        f"deckcheck: warning: deckcheck.yaml: formats.decks/old/**: matches no deck; {but}",
    ]
    assert f"::warning file=deckcheck.yaml,line=4,title=deckcheck check::deckcheck.yaml: formats.decks/old/**: matches no deck; {but}" \
        in done.stdout.splitlines()

def test_a_policy_file_is_named_from_the_working_directory_as_deckcheck_yaml_is(cli, tmp_path):
    """Its errors and the simulation's notes named the policy file by its absolute path
    (`deckcheck.yaml: simulate.x.policy: /home/runner/work/r/r/gone.yaml: cannot read
    policy file`), beside decks and deckcheck.yaml named from the working directory."""
    write(tmp_path, {
        "deckcheck.yaml": 'format: mtg/modern\nsimulate:\n  "*.txt": {policy: policies/gone.yaml, assert: "keep7 >= 0.5"}\n',
        "burn.txt": BURN,
        "policies/p.yaml": "keep:\n  7: lands >= 1 or count(burn) >= 1\ntags:\n  burn: [Lightening Bolt]\n",
    })
    done = cli("check", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == ("deckcheck: error: deckcheck.yaml: simulate.*.txt.policy: policies/gone.yaml: cannot read "
                           "policy file (No such file or directory) (line 3)\n")
    (tmp_path / "deckcheck.yaml").write_text(
        'format: mtg/modern\nsimulate:\n  "*.txt": {policy: policies/p.yaml, assert: "keep7 >= 0.1"}\n', encoding="utf-8")
    noted = cli("check", cwd=tmp_path)
    assert noted.returncode == 0, noted.stderr
    assert noted.stderr.startswith("deckcheck: note: burn.txt: simulate.*.txt: policies/p.yaml: tags.burn: ")
