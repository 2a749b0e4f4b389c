"""The pre-commit hook (through `pre-commit try-repo` and `pre-commit run` on a temporary
git repository) and the composite GitHub Action (its run steps executed by bash).

Offline: pre-commit builds deckcheck into the hook's virtualenv with pip. Here pip gets no
index (PIP_NO_INDEX) and no build isolation; the build backend (hatchling) and deckcheck's
runtime dependencies come from this test environment through PYTHONPATH, so the hook's
install, entry point and `files` filter run for real without network access.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
LEGAL = "4 Lightning Bolt\n56 Mountain\n"
ILLEGAL = "5 Lightning Bolt\n55 Mountain\n"

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def _git(cwd: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org"}
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout


def _offline_env(home: Path) -> dict[str, str]:
    site = sysconfig.get_paths()["purelib"]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PIP_", "GITHUB_"))}
    env.update({
        "PRE_COMMIT_HOME": str(home),
        "PIP_NO_INDEX": "1",
        "PIP_NO_BUILD_ISOLATION": "0",  # pip's inverted spelling: "0" turns isolation off
        "PYTHONPATH": site,
        "NO_COLOR": "1",
        "PATH": str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""),
    })
    return env


@pytest.fixture
def deck_repo(tmp_path):
    repo = tmp_path / "decks-repo"
    (repo / "decks").mkdir(parents=True)
    (repo / "decks" / "burn.txt").write_text(LEGAL, encoding="utf-8")
    (repo / "decks" / "bolts.txt").write_text(ILLEGAL, encoding="utf-8")
    (repo / "README.txt").write_text("how to play\n", encoding="utf-8")
    (repo / "notes.md").write_text("5 Lightning Bolt\n", encoding="utf-8")  # not a decklist extension
    (repo / "deckcheck.yaml").write_text("format: mtg/modern\n", encoding="utf-8")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "decks")
    return repo


def _pre_commit(repo: Path, *args: str, home: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", *args], cwd=repo, env=_offline_env(home),
        capture_output=True, text=True, timeout=600,
    )


@needs_git
def test_hook_through_try_repo_with_deckcheck_yaml(deck_repo, tmp_path):
    done = _pre_commit(deck_repo, "try-repo", str(ROOT), "deckcheck", "--all-files", home=tmp_path / "pc")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "deckcheck....." in done.stdout and "Failed" in done.stdout
    assert "decks/bolts.txt - mtg/modern: ILLEGAL" in done.stdout
    assert "decks/burn.txt - mtg/modern: LEGAL" in done.stdout
    assert "README" not in done.stdout and "notes.md" not in done.stdout
    # Fix the deck: the hook passes.
    (deck_repo / "decks" / "bolts.txt").write_text(LEGAL, encoding="utf-8")
    _git(deck_repo, "add", "-A")
    done = _pre_commit(deck_repo, "try-repo", str(ROOT), "deckcheck", "--all-files", home=tmp_path / "pc")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Passed" in done.stdout


@needs_git
def test_hook_with_format_in_args(deck_repo, tmp_path):
    if _git(ROOT, "status", "--porcelain", "--", ".pre-commit-hooks.yaml", "deckcheck", "pyproject.toml").strip():
        pytest.skip("the hook definition or the package has uncommitted changes; `pre-commit run` installs a commit")
    rev = _git(ROOT, "rev-parse", "HEAD").strip()
    (deck_repo / "deckcheck.yaml").unlink()
    (deck_repo / ".pre-commit-config.yaml").write_text(yaml.safe_dump({"repos": [{
        "repo": str(ROOT), "rev": rev,
        "hooks": [{"id": "deckcheck", "args": ["-f", "mtg/legacy"]}],
    }]}), encoding="utf-8")
    (deck_repo / "decks" / "bolts.txt").write_text("4 Brainstorm\n56 Island\n", encoding="utf-8")  # legal in Legacy
    _git(deck_repo, "add", "-A")
    done = _pre_commit(deck_repo, "run", "--all-files", home=tmp_path / "pc")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Passed" in done.stdout


def test_hook_definition():
    (hook,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert hook["id"] == "deckcheck" and hook["language"] == "python"
    assert hook["entry"] == "deckcheck check"
    import re

    from deckcheck.decklists import extensions

    files = re.compile(hook["files"])
    for ext in sorted(extensions() - {""}):
        assert files.search(f"decks/a{ext}"), ext
        # deckcheck reads extensions in any case (Burn.TXT, DECK.YDK): so must the hook
        assert files.search(f"decks/A{ext.upper()}"), ext.upper()
    # deckcheck.yaml too: a commit that edits it has every deck checked again (docs/ci.md).
    for config in ("deckcheck.yaml", "deckcheck.yml", "team/deckcheck.yaml"):
        assert files.search(config), config
    for other in ("README.md", "a.py", "a.txt.bak", "mydeckcheck.yaml", "deckcheck.yaml.bak"):
        assert not files.search(other), other


# ---------------------------------------------------------------- GitHub Action


def _action() -> dict:
    return yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))


def test_action_is_composite_and_injection_safe():
    action = _action()
    assert action["runs"]["using"] == "composite"
    steps = action["runs"]["steps"]
    assert steps[0]["uses"].startswith("actions/setup-python@")
    for step in steps[1:]:
        if "uses" in step:
            assert step["uses"].startswith(("actions/cache@", "actions/cache/restore@", "actions/cache/save@")), step
            continue
        assert step["shell"] == "bash"
        # Inputs reach scripts through `env:` only: `${{ }}` inside `run:` would be pasted
        # into the script before bash sees it (script injection).
        assert "${{" not in step["run"], step["name"]
    assert set(action["inputs"]) == {"args", "report", "python-version", "version", "cards"}


def _run_step(name: str, env: dict[str, str], cwd: Path, before: str = "") -> subprocess.CompletedProcess:
    """The action's step `name` run by bash, after the bash commands `before`."""
    step = next(step for step in _action()["runs"]["steps"] if step.get("name") == name)
    full = {**os.environ, **env, "PATH": str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", "")}
    return subprocess.run(["bash", "-e", "-c", before + step["run"]], cwd=cwd, env=full, capture_output=True, text=True, timeout=300)


def _action_run_groups(deck_repo: Path, tmp_path: Path, args: str) -> list[str]:
    """The decks the Action's run step groups for `args` (DECKCHECK_ARGS), the run failing
    on the repository's one illegal deck (exit 1)."""
    env = {"GITHUB_ACTIONS": "true", "GITHUB_OUTPUT": str(tmp_path / "out"), "DECKCHECK_ARGS": args}
    done = _run_step("Run deckcheck", env, deck_repo)
    assert done.returncode == 1, done.stdout + done.stderr
    return _group_decks(done.stdout)


def _group_decks(stdout: str) -> list[str]:
    """The decks a GitHub run's log groups, in order (`::group::DECK - FORMAT`)."""
    return [line.split("::group::")[1].split(" - ")[0] for line in stdout.splitlines() if line.startswith("::group::")]


def test_action_run_step_annotates_and_reports_the_exit_code(deck_repo, tmp_path):
    outputs = tmp_path / "github_output"
    summary = tmp_path / "summary.md"
    env = {
        "GITHUB_ACTIONS": "true", "GITHUB_OUTPUT": str(outputs), "GITHUB_STEP_SUMMARY": str(summary),
        "DECKCHECK_ARGS": 'check --date "2024-06-01"',
    }
    done = _run_step("Run deckcheck", env, deck_repo)
    assert done.returncode == 1, done.stderr
    assert "::error file=decks/bolts.txt,line=1,title=copy-limit::5 copies of Lightning Bolt" in done.stdout
    assert outputs.read_text(encoding="utf-8") == "exit-code=1\n"
    assert "## deckcheck: 1 of 2 decks legal" in summary.read_text(encoding="utf-8")


def test_action_arguments_cannot_inject_shell(deck_repo, tmp_path):
    marker = tmp_path / "pwned"
    env = {"GITHUB_ACTIONS": "true", "GITHUB_OUTPUT": str(tmp_path / "out"),
           # A word that starts `$(` is refused as shell syntax (test_the_action_s_args_name_the_run_step_...):
           # one inside a word, as any shell character there, is a plain character of a file name.
           "DECKCHECK_ARGS": f"validate decks/burn.txt -f mtg/modern '; touch {marker}' decks/$(touch {marker})`touch {marker}`"}
    done = _run_step("Run deckcheck", env, deck_repo)
    assert not marker.exists()
    assert done.returncode == 2  # the odd arguments are only (missing) decklist names: exit 2
    assert "::group::decks/burn.txt - mtg/modern: LEGAL" in done.stdout


def _plant_module(repo: Path, package: str, module: str, marker: Path) -> None:
    """A pull request's `package/module.py` at the top of the checkout that touches `marker`
    when imported."""
    (repo / package).mkdir()
    (repo / package / "__init__.py").write_text("", encoding="utf-8")
    (repo / package / module).write_text(f"open({str(marker)!r}, 'w').close()\n", encoding="utf-8")


def test_action_runs_no_python_module_the_pull_request_adds(deck_repo, tmp_path):
    """`python -m X` puts the working folder, the checkout, first on sys.path: a pull request
    adding deckcheck/action_args.py ran its own code in the job (its token, the runner's
    home folder). The Action's `python` runs isolated (-I), as the installed deckcheck."""
    marker = tmp_path / "pwned"
    _plant_module(deck_repo, "deckcheck", "action_args.py", marker)
    env = {"GITHUB_ACTIONS": "true", "GITHUB_OUTPUT": str(tmp_path / "out"), "DECKCHECK_ARGS": "validate decks/*.txt -f mtg/modern"}
    done = _run_step("Run deckcheck", env, deck_repo)
    assert not marker.exists()
    assert done.returncode == 1, done.stdout + done.stderr
    assert sorted(_group_decks(done.stdout)) == ["decks/bolts.txt", "decks/burn.txt"]


def test_action_install_runs_the_installed_pip_not_the_pull_request_s(deck_repo, tmp_path):
    marker = tmp_path / "pwned"
    _plant_module(deck_repo, "pip", "__main__.py", marker)
    # `pip install --help` installs nothing: it shows that pip ran, and no network is needed.
    done = _run_step("Install deckcheck", {"DECKCHECK_REQUIREMENT": "--help", "DECKCHECK_ACTION_PATH": str(ROOT)}, deck_repo)
    assert not marker.exists()
    assert done.returncode == 0 and "-m pip install [options]" in done.stdout, done.stdout + done.stderr


# ---------------------------------------------------------------- the Action's arguments (#14 item 17)


@pytest.mark.parametrize(("args", "checked"), [
    ("validate decks/*.txt -f mtg/modern", ["decks/bolts.txt", "decks/burn.txt"]),   # the documented example
    ("validate 'decks/*.txt' -f mtg/modern", ["decks/bolts.txt", "decks/burn.txt"]),
    ("validate decks/**/*.txt -f mtg/modern", ["decks/bolts.txt", "decks/burn.txt", "decks/more/my deck.txt"]),
    ("validate decks/b*.txt -f mtg/modern", ["decks/bolts.txt", "decks/burn.txt"]),
    ("", ["decks/bolts.txt", "decks/burn.txt", "decks/more/my deck.txt"]),          # empty: `check`
    ("   ", ["decks/bolts.txt", "decks/burn.txt", "decks/more/my deck.txt"]),
])
def test_action_expands_globs_without_a_shell(deck_repo, tmp_path, args, checked):
    (deck_repo / "decks" / "more").mkdir()
    (deck_repo / "decks" / "more" / "my deck.txt").write_text(LEGAL, encoding="utf-8")
    env = {"GITHUB_ACTIONS": "true", "GITHUB_OUTPUT": str(tmp_path / "out"), "DECKCHECK_ARGS": args}
    done = _run_step("Run deckcheck", env, deck_repo)
    assert done.returncode == 1, done.stdout + done.stderr
    groups = _group_decks(done.stdout)
    assert sorted(groups) == checked


def test_action_globstar_never_enters_linked_folders(deck_repo, tmp_path):
    """`decks/a -> .` and `decks/b -> .` made glob's `**` walk 2^40 paths, and a link out of
    the repository listed the names of the files outside it (docs/security.md)."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text(LEGAL, encoding="utf-8")
    for name in ("a", "b", "c", "d"):
        (deck_repo / "decks" / name).symlink_to("..")
    (deck_repo / "decks" / "out").symlink_to(outside)
    env = {**os.environ, "DECKCHECK_ARGS": "validate decks/**/*.txt -f mtg/modern"}
    done = subprocess.run([sys.executable, "-m", "deckcheck.action_args"], cwd=deck_repo, env=env,
                          capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split(b"\0")[:-1] == [b"validate", b"decks/bolts.txt", b"decks/burn.txt", b"-f", b"mtg/modern"]


@pytest.mark.parametrize("pattern", ["*/*.txt", "decks/*/*.txt", "decks/*.txt", "*/*/*.txt", "decks/**/*.txt", "**/*.txt"])
def test_action_plain_globs_pass_over_links_out_as_globstar_does(deck_repo, tmp_path, pattern):
    """`*/*.txt` listed the names of files inside a linked folder pointing out of the
    repository (and a file linked out of it), which `**` passes over: every pattern agrees."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text(LEGAL, encoding="utf-8")
    (deck_repo / "out").symlink_to(outside)
    (deck_repo / "decks" / "out").symlink_to(outside)
    (deck_repo / "decks" / "evil.txt").symlink_to(outside / "secret.txt")
    (deck_repo / "decks" / "more").mkdir()
    (deck_repo / "decks" / "more" / "mine.txt").write_text(LEGAL, encoding="utf-8")
    env = {**os.environ, "DECKCHECK_ARGS": f"validate {pattern}"}
    done = subprocess.run([sys.executable, "-m", "deckcheck.action_args"], cwd=deck_repo, env=env,
                          capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    words = [word.decode() for word in done.stdout.split(b"\0")[:-1]]
    assert not [word for word in words if "out/" in word or "evil" in word], words
    assert len(words) > 1 and all(word.endswith(".txt") for word in words[1:])


def test_action_glob_matches_are_never_options(deck_repo, tmp_path):
    """A pull request's file named `--pool=burn.txt` matched `*.txt` and reached deckcheck
    as the option `--pool burn.txt` (any option: another card database, another date); a
    match that starts with `-` is passed as `./--pool=burn.txt`, a file to check."""
    (deck_repo / "--pool=burn.txt").write_text(LEGAL, encoding="utf-8")
    (deck_repo / "-omd.txt").write_text(ILLEGAL, encoding="utf-8")
    env = {"GITHUB_ACTIONS": "true", "GITHUB_OUTPUT": str(tmp_path / "out"), "DECKCHECK_ARGS": "validate *.txt -f mtg/modern"}
    done = _run_step("Run deckcheck", env, deck_repo)
    assert done.returncode == 1, done.stdout + done.stderr
    groups = _group_decks(done.stdout)
    assert sorted(groups) == ["--pool=burn.txt", "-omd.txt", "README.txt"]  # reports show the path tidied
    assert "::error file=-omd.txt,line=1,title=copy-limit::" in done.stdout


def test_action_glob_that_matches_nothing_is_named_as_given(deck_repo, tmp_path):
    env = {"GITHUB_OUTPUT": str(tmp_path / "out"), "DECKCHECK_ARGS": "validate nothing/*.txt -f mtg/modern"}
    done = _run_step("Run deckcheck", env, deck_repo)
    assert done.returncode == 2 and "nothing/*.txt: no such file" in done.stdout
    assert (tmp_path / "out").read_text(encoding="utf-8") == "exit-code=2\n"


def test_action_arguments_with_an_open_quote_are_one_error(deck_repo, tmp_path):
    env = {"GITHUB_OUTPUT": str(tmp_path / "out"), "DECKCHECK_ARGS": "validate 'decks/burn.txt -f mtg/modern"}
    done = _run_step("Run deckcheck", env, deck_repo)
    assert done.returncode == 2
    assert done.stderr.strip().startswith("deckcheck: error: args:") and len(done.stderr.strip().splitlines()) == 1
    assert (tmp_path / "out").read_text(encoding="utf-8") == "exit-code=2\n"


@pytest.mark.parametrize(("args", "word"), [
    ("check -o sarif > deckcheck.sarif", "'>'"), ("check -o junit >out.xml", "'>out.xml'"),
    ("check | tee log", "'|'"), ("check ; validate decks/burn.txt -f mtg/modern", "';'"),
    ("check -o sarif &>out.sarif", "'&>out.sarif'"), ("check <in.txt", "'<in.txt'"), ("check |tee log", "'|tee'"),
    ("check 2>&1", "'2>&1'"),
])
def test_action_arguments_with_shell_operators_are_one_error(deck_repo, tmp_path, args, word):
    """`>` was passed to deckcheck as a deck to check ('>: no such file'): it is named as
    shell syntax, with the `report` input as the way to keep a report in a file."""
    env = {"GITHUB_OUTPUT": str(tmp_path / "out"), "DECKCHECK_ARGS": args}
    done = _run_step("Run deckcheck", env, deck_repo)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"deckcheck: error: args: {word} is shell syntax") and len(done.stderr.splitlines()) == 1
    assert ("`report` input" in done.stderr) == (">" in word)
    assert (tmp_path / "out").read_text(encoding="utf-8") == "exit-code=2\n"


def test_action_report_input_keeps_the_report_in_a_file(deck_repo, tmp_path):
    report = tmp_path / "deckcheck.sarif"
    env = {"GITHUB_OUTPUT": str(tmp_path / "out"), "DECKCHECK_ARGS": "check --date 2024-06-01 -o sarif",
           "DECKCHECK_REPORT": str(report)}
    done = _run_step("Run deckcheck", env, deck_repo)
    assert done.returncode == 1 and done.stdout == ""
    results = json.loads(report.read_text(encoding="utf-8"))["runs"][0]["results"]
    assert {result["ruleId"] for result in results} == {"copy-limit"}
    assert (tmp_path / "out").read_text(encoding="utf-8") == "exit-code=1\n"
    nowhere = _run_step("Run deckcheck", {**env, "DECKCHECK_REPORT": str(tmp_path / "no-such-dir" / "x.sarif")}, deck_repo)
    assert nowhere.returncode == 2 and "cannot write the file named by the report input" in nowhere.stderr
    assert (tmp_path / "out").read_text(encoding="utf-8").endswith("exit-code=2\n")


# A pull request decides what lies at the report input's path: a link there (or a linked
# folder on the way) had the report written through it, over any file the runner can write
# (the tool cache's executables, the card database the next run restores). Refused as
# `batch --report` refuses it, with one error line and exit 2; the link's target untouched.
REPORT_LINKS = [("deckcheck.sarif", "deckcheck.sarif"), ("out", "out/deckcheck.sarif")]


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
@pytest.mark.parametrize("link, report", REPORT_LINKS, ids=["link", "linked folder"])
def test_action_report_input_is_never_written_through_a_link(deck_repo, tmp_path, link, report):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    target = elsewhere / "deckcheck.sarif"
    target.write_text("the runner's file\n", encoding="utf-8")
    (deck_repo / link).symlink_to(target if link == report else elsewhere)
    env = {"GITHUB_OUTPUT": str(tmp_path / "out"), "DECKCHECK_ARGS": "check --date 2024-06-01 -o sarif",
           "DECKCHECK_REPORT": report}
    done = _run_step("Run deckcheck", env, deck_repo)
    assert target.read_text(encoding="utf-8") == "the runner's file\n"
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"deckcheck: error: report {report}: cannot write (") and "symbolic link" in done.stderr
    assert len(done.stderr.splitlines()) == 1
    assert (tmp_path / "out").read_text(encoding="utf-8") == "exit-code=2\n"


def test_action_caches_its_pip_install_and_the_card_data():
    steps = _action()["runs"]["steps"]
    caches = [step for step in steps if step.get("uses", "").startswith("actions/cache")]
    assert any("pip" in step["with"]["path"] for step in caches)
    assert any("deckcheck-cards" in step["with"]["key"] for step in caches)
    assert set(_action()["inputs"]["cards"]["default"].split()) == {"sync"}


def test_action_syncs_the_card_data_at_most_once_a_week():
    """The card database's cache key is the ISO week, but every run synced: Scryfall
    rebuilds its bulk files every 12 hours (scryfall.com/docs/api/bulk-data), so a run that
    restored this week's database downloaded the whole card file again, though the input
    says "synced at most once a week". This week's database (an exact cache hit) is used
    as it is; the cache is saved only after a sync that worked, so an offline run never
    stores last week's database as this week's."""
    steps = {step.get("name"): step for step in _action()["runs"]["steps"]}
    restore, sync, save = steps["Restore the card data"], steps["Sync card data"], steps["Save the card data"]
    assert restore["uses"].startswith("actions/cache/restore@") and save["uses"].startswith("actions/cache/save@")
    assert restore["with"]["key"] == save["with"]["key"] and restore["with"]["path"] == save["with"]["path"]
    assert sync["env"]["DECKCHECK_CARDS_THIS_WEEK"] == "${{ steps.card-cache.outputs.cache-hit }}"
    assert restore["id"] == "card-cache" and save["if"] == "steps.sync.outputs.synced == 'true'"


@pytest.mark.parametrize("hit, database, syncs", [("true", True, False), ("true", False, True), ("false", True, True), ("", False, True)],
                         ids=["this week's", "this week's but empty", "last week's", "none"])
def test_action_sync_step_runs_only_without_this_week_s_database(deck_repo, tmp_path, hit, database, syncs):
    from deckcheck.cards.importer import import_file

    from conftest import SAMPLE_CARDS

    github_env, outputs = tmp_path / "github_env", tmp_path / "out"
    env = {"HOME": str(tmp_path / "home"), "GITHUB_ENV": str(github_env), "GITHUB_OUTPUT": str(outputs),
           "DECKCHECK_SCRYFALL_URL": "http://127.0.0.1:9", "DECKCHECK_CARDS_THIS_WEEK": hit}
    assert _run_step("Card data location", env, deck_repo).returncode == 0
    exported = dict(line.split("=", 1) for line in github_env.read_text(encoding="utf-8").splitlines())
    if database:
        import_file(SAMPLE_CARDS, Path(exported["DECKCHECK_CARDS_DB"]))
    done = _run_step("Sync card data", {**env, **exported}, deck_repo)
    assert done.returncode == 0, done.stderr
    assert ("could not be synced" in done.stdout) == syncs, done.stdout
    assert "synced=true" not in outputs.read_text(encoding="utf-8")  # a failed sync is never saved as this week's


def test_action_card_data_step_syncs_and_the_run_checks_names(deck_repo, tmp_path, scryfall_server):
    scryfall_server.files["oracle-cards.json"] = (ROOT / "tests" / "cards" / "sample_cards.json").read_bytes()
    github_env = tmp_path / "github_env"
    env = {"HOME": str(tmp_path / "home"), "GITHUB_ENV": str(github_env), "GITHUB_OUTPUT": str(tmp_path / "out"),
           "DECKCHECK_SCRYFALL_URL": scryfall_server.url, "RUNNER_OS": "Linux"}
    done = _run_step("Card data location", env, deck_repo)
    assert done.returncode == 0, done.stderr
    exported = dict(line.split("=", 1) for line in github_env.read_text(encoding="utf-8").splitlines())
    database = Path(exported["DECKCHECK_CARDS_DB"])
    synced = _run_step("Sync card data", {**env, **exported}, deck_repo)
    assert synced.returncode == 0, synced.stderr
    assert database.is_file()
    assert "synced=true" in (tmp_path / "out").read_text(encoding="utf-8").splitlines()  # the cache saves it
    (deck_repo / "decks" / "typo.txt").write_text("4 Lightnig Bolt\n56 Island\n", encoding="utf-8")
    run = _run_step("Run deckcheck", {**env, **exported, "DECKCHECK_ARGS": "validate decks/typo.txt -f mtg/modern"}, deck_repo)
    assert run.returncode == 1 and "unknown-card" in run.stdout


def test_action_card_sync_failure_is_a_warning_not_a_failure(deck_repo, tmp_path):
    github_env = tmp_path / "github_env"
    env = {"HOME": str(tmp_path / "home"), "GITHUB_ENV": str(github_env), "DECKCHECK_SCRYFALL_URL": "http://127.0.0.1:9"}
    assert _run_step("Card data location", env, deck_repo).returncode == 0
    exported = dict(line.split("=", 1) for line in github_env.read_text(encoding="utf-8").splitlines())
    synced = _run_step("Sync card data", {**env, **exported}, deck_repo)
    assert synced.returncode == 0
    assert "::warning" in synced.stdout and "card data" in synced.stdout


def test_action_card_sync_failure_names_the_card_data_the_run_uses(deck_repo, tmp_path):
    """The cache key changes weekly and restores last week's database (`restore-keys`):
    when Scryfall cannot be reached, the run checks names with that database, yet the
    step's warning said "names are checked with the built-in card data". It names the
    data the run uses: the database restored from the cache, else the built-in data."""
    from deckcheck.cards.importer import import_file

    from conftest import SAMPLE_CARDS

    github_env = tmp_path / "github_env"
    env = {"HOME": str(tmp_path / "home"), "GITHUB_ENV": str(github_env), "DECKCHECK_SCRYFALL_URL": "http://127.0.0.1:9"}
    assert _run_step("Card data location", env, deck_repo).returncode == 0
    exported = dict(line.split("=", 1) for line in github_env.read_text(encoding="utf-8").splitlines())
    fresh = _run_step("Sync card data", {**env, **exported}, deck_repo)
    assert "names are checked with the built-in card data" in fresh.stdout
    import_file(SAMPLE_CARDS, Path(exported["DECKCHECK_CARDS_DB"]))  # last week's, restored from the cache
    restored = _run_step("Sync card data", {**env, **exported}, deck_repo)
    assert restored.returncode == 0
    assert "built-in" not in restored.stdout
    assert "names are checked with the card database restored from the cache, as last synced" in restored.stdout


@needs_git
@pytest.mark.skipif(shutil.which("bash") is None or shutil.which("xargs") is None, reason="no bash or xargs")
def test_the_changed_files_command_docs_ci_suggests_checks_each_changed_deck_whole(tmp_path):
    """docs/ci.md suggests a command for the decks a pull request changes. It was `check
    $(git diff --name-only --diff-filter=d BASE HEAD)`: the shell split `decks/Mono Red.txt`
    into two paths that are no files, and git quoted `decks/été.txt` ("decks/\\303..."),
    so both were `no such file` (exit 2), the pull request failing on decks that are fine;
    without `--diff-filter=d` a deleted deck is `no such file` too. The command the page shows
    is run here by bash on a change that deletes one deck and edits three (BASE the commit
    before): exactly the three edited decks are checked; a change to no file checks none."""
    import re

    from conftest import deckcheck_executable

    repo = tmp_path / "repo"
    (repo / "decks").mkdir(parents=True)
    (repo / "deckcheck.yaml").write_text("format: mtg/modern\n", encoding="utf-8")
    # A deck at the top whose name starts with `-` is a name, not an option (`-ok.txt` was
    # `-o k.txt`, "unknown output", exit 2): the command ends the options with `--`.
    edited = ["decks/Mono Red.txt", "decks/kept.txt", "decks/été.txt", "-ok.txt"]
    for name in ("decks/gone.txt", *edited):
        (repo / name).write_text(LEGAL, encoding="utf-8")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "decks")
    (repo / "decks" / "gone.txt").unlink()
    for name in edited:
        (repo / name).write_text(ILLEGAL, encoding="utf-8")
    _git(repo, "commit", "-qam", "a pull request")
    [command] = re.findall(r"`(git diff [^`]*\| xargs [^`]*deckcheck check[^`]*)`", (ROOT / "docs" / "ci.md").read_text(encoding="utf-8"))
    env = {**os.environ, "PATH": f"{deckcheck_executable().parent}{os.pathsep}{os.environ['PATH']}"}
    script = command.replace("BASE", "HEAD~1").replace("-o github", "-o json")
    done = subprocess.run(["bash", "-c", script], cwd=repo, env=env, capture_output=True, text=True, timeout=120)
    # The edited decks are illegal and nothing is missing (check's exit 1, which xargs says as 123).
    assert done.returncode == 123, done.stderr
    assert sorted(result["deck"] for result in json.loads(done.stdout)["results"]) == sorted(edited)
    (repo / "README.md").write_text("decks\n", encoding="utf-8")
    _git(repo, "add", "README.md")
    _git(repo, "commit", "-qm", "no deck")
    done = subprocess.run(["bash", "-c", script], cwd=repo, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["results"] == []  # -o json: the report of a run that checked nothing


def _changed_files_workflow() -> dict:
    """The workflow docs/ci.md shows for the decks a pull request changes."""
    import re

    blocks = re.findall(r"```yaml\n(.*?)```", (ROOT / "docs" / "ci.md").read_text(encoding="utf-8"), re.DOTALL)
    [workflow] = [block for block in blocks if "xargs -0 -r deckcheck check" in block]
    return yaml.safe_load(workflow)


@needs_git
@pytest.mark.skipif(shutil.which("bash") is None or shutil.which("xargs") is None, reason="no bash or xargs")
def test_the_changed_files_workflow_docs_ci_shows_is_a_run_step_that_fails_when_git_diff_does(tmp_path):
    """The Action's `args` runs no shell, so the changed-files pipeline of docs/ci.md cannot
    go there (a `|` in it is one error line): the page shows a workflow whose `run:` step
    runs it. Its step is run here as GitHub runs `shell: bash` (`bash --noprofile --norc -eo
    pipefail`), BASE from `env:`: the pull request's edited decks are checked; a base commit
    the checkout lacks fails the step (without pipefail, xargs got no names and it passed)."""
    from conftest import deckcheck_executable

    steps = _changed_files_workflow()["jobs"]["deckcheck"]["steps"]
    assert steps[0]["uses"].startswith("actions/checkout@") and steps[0]["with"]["fetch-depth"] == 0
    [step] = [step for step in steps if "xargs" in step.get("run", "")]
    assert step["shell"] == "bash" and "${{" not in step["run"] and set(step["env"]) == {"BASE"}
    repo = tmp_path / "repo"
    (repo / "decks").mkdir(parents=True)
    (repo / "deckcheck.yaml").write_text("format: mtg/modern\n", encoding="utf-8")
    for name in ("decks/Mono Red.txt", "decks/kept.txt", "decks/gone.txt", "--strict.txt"):
        (repo / name).write_text(LEGAL, encoding="utf-8")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "decks")
    base = _git(repo, "rev-parse", "HEAD").strip()
    (repo / "decks" / "gone.txt").unlink()
    (repo / "decks" / "Mono Red.txt").write_text(ILLEGAL, encoding="utf-8")
    (repo / "--strict.txt").write_text(ILLEGAL, encoding="utf-8")  # a name, not the option (`--`)
    _git(repo, "commit", "-qam", "a pull request")
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("GITHUB_")}, "GITHUB_ACTIONS": "true",
           "PATH": f"{deckcheck_executable().parent}{os.pathsep}{os.environ['PATH']}"}

    def run(base_commit: str) -> subprocess.CompletedProcess:
        return subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]], cwd=repo,
                              env={**env, "BASE": base_commit}, capture_output=True, text=True, timeout=120)

    done = run(base)
    assert done.returncode == 123, done.stderr  # check's exit 1, as xargs says it
    groups = [line for line in done.stdout.splitlines() if line.startswith("::group::")]
    assert groups == ["::group::--strict.txt - mtg/modern: ILLEGAL (1 problem)",
                      "::group::decks/Mono Red.txt - mtg/modern: ILLEGAL (1 problem)"], done.stdout
    missing = run("0" * 40)
    assert missing.returncode != 0 and missing.stdout == "" and "bad object" in missing.stderr, missing


def test_the_action_s_args_name_the_run_step_for_a_pipeline(deck_repo, tmp_path):
    """`args: check $(git diff --name-only BASE)` passed `$(git` as a deck and `--name-only`
    as an option; `|` was refused with no word of where a pipeline goes."""
    for args in ("git diff -z --name-only BASE HEAD | xargs -0 -r deckcheck check", "check $(git diff --name-only BASE)",
                 "check `git diff --name-only BASE`"):
        done = _run_step("Run deckcheck", {"GITHUB_OUTPUT": str(tmp_path / "out"), "DECKCHECK_ARGS": args}, deck_repo)
        assert done.returncode == 2 and done.stdout == "" and len(done.stderr.splitlines()) == 1, done.stderr
        assert " is shell syntax, but args never reaches a shell; " in done.stderr
        assert "goes in a `run:` step of its own (docs/ci.md)" in done.stderr
    assert "`run:` step" in _action()["inputs"]["args"]["description"]


def test_action_run_step_needs_no_builtin_of_bash_4(deck_repo, tmp_path):
    """macOS runners run `shell: bash` with bash 3.2, which has no `mapfile`: the step read
    deckcheck's arguments with it, so there it ran `deckcheck` with none (exit 2, its usage)
    and checked nothing. Run here with bash 4's builtins turned off, as bash 3.2 lacks them:
    every argument arrives whole, a name with a space too."""
    (deck_repo / "decks" / "Mono Red.txt").write_text(ILLEGAL, encoding="utf-8")
    env = {"GITHUB_ACTIONS": "true", "GITHUB_OUTPUT": str(tmp_path / "out"),
           "DECKCHECK_ARGS": "validate 'decks/Mono Red.txt' decks/b*.txt -f mtg/modern"}
    done = _run_step("Run deckcheck", env, deck_repo, before="enable -n mapfile readarray\n")
    assert done.returncode == 1, done.stderr
    groups = _group_decks(done.stdout)
    assert groups == ["decks/Mono Red.txt", "decks/bolts.txt", "decks/burn.txt"]
    assert (tmp_path / "out").read_text(encoding="utf-8") == "exit-code=1\n"


def test_action_arguments_may_continue_lines_as_in_a_shell(deck_repo, tmp_path):
    """`args: |` written as a shell script, a backslash ending each line but the last, gave
    deckcheck a word '\\n' (shlex's) as a deck to check: 'no such file', exit 2. A line
    continuation is read as a shell reads it; inside single quotes it stays as written."""
    groups = _action_run_groups(deck_repo, tmp_path, "validate decks/*.txt \\\n  -f mtg/modern \\\n  --date 2024-06-01\n")
    assert groups == ["decks/bolts.txt", "decks/burn.txt"]
    from deckcheck.action_args import arguments

    assert arguments("check 'a \\\n b' \"c \\\n d\" e\\\\\n f") == ["check", "a \\\n b", "c  d", "e\\", "f"]


def test_action_arguments_may_hold_comments_as_in_a_shell(deck_repo, tmp_path):
    """`args: |` written as a shell script, with a comment after the command, passed the
    comment's words to deckcheck: `check  # every deck` gave `check` the paths `#`, `every`
    and `deck`, none of them a deck, so it checked nothing and exited 0, the job green. A
    `#` that starts a word outside quotes begins a comment to the end of its line, as in a
    shell; elsewhere (inside a word or quotes, escaped) it is a character of the word."""
    groups = _action_run_groups(deck_repo, tmp_path, "check   # every deck of the repository\n")
    assert groups == ["decks/bolts.txt", "decks/burn.txt"]
    from deckcheck.action_args import arguments

    # A backslash that ends a comment continues nothing (the comment ends at its line), and
    # the lines of `args` are one command line.
    assert arguments("validate decks/burn.txt \\\n  -f mtg/modern  # the format \\\n--date 2024-06-01") == [
        "validate", "decks/burn.txt", "-f", "mtg/modern", "--date", "2024-06-01"]
    assert arguments("# a comment line\ncheck") == ["check"]
    assert arguments("# only a comment") == ["check"]  # nothing but a comment: the default
    assert arguments("check a#b '# c' \"# d\" \\#e") == ["check", "a#b", "# c", "# d", "#e"]
    assert arguments("check decks/a\\ #1.txt") == ["check", "decks/a #1.txt"]  # an escaped space ends no word
    assert arguments("check x.txt #> shell words in a comment | are words of the comment") == ["check", "x.txt"]


def _cache_keys() -> dict[str, str]:
    """Every cache key and restore-key of action.yml, by step name and field."""
    return {f"{step['name']}: {field}": step["with"][field] for step in _action()["runs"]["steps"]
            if step.get("uses", "").startswith("actions/cache") for field in ("key", "restore-keys") if field in step["with"]}


def test_action_cache_keys_hold_no_raw_input_nor_the_action_ref():
    """The card cache's key named `github.action_ref || github.sha` and `inputs.version`:
    in a composite action `github.action_ref` is empty for its steps (actions/runner#2473),
    so the key was the workflow's commit and every commit missed the cache and synced again;
    and a key holding a comma is refused (actions/cache#1225), which a requirement such as
    `deckcheck>=0.1,<0.2` in `version` puts there (the pip cache's key too). The keys are
    built from step outputs the action computes, comma-free: the installed version, a hash."""
    keys = _cache_keys()
    assert len(keys) >= 4
    for where, key in keys.items():
        assert "inputs." not in key and "github.action_ref" not in key and "github.sha" not in key, where
        assert "," not in key, where
        for expression in re.findall(r"\$\{\{(.*?)\}\}", key):
            assert re.fullmatch(r" *(runner\.os|steps\.[\w-]+\.outputs\.[\w-]+) *", expression), (where, expression)
    steps = {step.get("name"): step for step in _action()["runs"]["steps"]}
    assert "steps.cards.outputs.version" in steps["Restore the card data"]["with"]["key"]
    assert steps["Restore the card data"]["with"]["key"] == steps["Save the card data"]["with"]["key"]


@pytest.mark.parametrize("requirement", ["", "deckcheck>=0.1,<0.2", "deckcheck==0.1.0"])
def test_action_cache_key_steps_write_comma_free_outputs(deck_repo, tmp_path, requirement):
    """The outputs the keys are built from, as the steps write them: the install's hash (for
    any `version` input, a comma in it too) and the card data's week and installed version,
    which is what `deckcheck --version` names, not the workflow's commit."""
    from deckcheck import __version__

    outputs, github_env = tmp_path / "out", tmp_path / "github_env"
    env = {"HOME": str(tmp_path / "home"), "GITHUB_OUTPUT": str(outputs), "GITHUB_ENV": str(github_env),
           "DECKCHECK_REQUIREMENT": requirement, "DECKCHECK_ACTION_PATH": str(ROOT)}
    for name in ("Cache key of the install", "Card data location"):
        done = _run_step(name, env, deck_repo)
        assert done.returncode == 0, done.stderr
    written = dict(line.split("=", 1) for line in outputs.read_text(encoding="utf-8").splitlines())
    assert set(written) == {"hash", "week", "version"}
    assert re.fullmatch(r"[0-9a-f]{16}", written["hash"]) and written["version"] == __version__
    assert not any("," in value for value in written.values())


def _gitlab_jobs() -> list[tuple[str, dict]]:
    """The `.gitlab-ci.yml` jobs docs/ci.md shows."""
    blocks = re.findall(r"```yaml\n(.*?)```", (ROOT / "docs" / "ci.md").read_text(encoding="utf-8"), re.DOTALL)
    return [(name, job) for block in blocks if block.startswith("# .gitlab-ci.yml")
            for name, job in yaml.safe_load(block).items() if not _changed_only(job)]


def _changed_only(job: dict) -> bool:
    """A job that checks only the decks a merge request changes (its own test, below)."""
    return any("CI_MERGE_REQUEST_DIFF_BASE_SHA" in line for line in job["script"])


@needs_git
@pytest.mark.skipif(shutil.which("sh") is None or shutil.which("xargs") is None, reason="no sh or xargs")
def test_the_gitlab_job_for_a_merge_request_s_changed_decks_checks_them_and_fails_when_git_diff_does(tmp_path):
    """docs/ci.md had no GitLab recipe for the decks a merge request changes (only GitHub's,
    whose `shell: bash` gives pipefail). Its job's script is run here as a runner without
    pipefail runs it (`sh -e`: a line that fails stops the job; the install line left out),
    the base commit from CI_MERGE_REQUEST_DIFF_BASE_SHA, on a merge request that edits a deck
    with a space in its name, renames one, deletes one and adds a README: the edited and the
    renamed decks are the JUnit report's cases, the job fails on the illegal one; a merge
    request that changes only the README passes with a report of no case; a base commit the
    clone lacks fails the job (through a pipe, xargs got no names and it passed)."""
    from conftest import deckcheck_executable
    from test_ci_reporters import assert_valid_junit

    blocks = re.findall(r"```yaml\n(.*?)```", (ROOT / "docs" / "ci.md").read_text(encoding="utf-8"), re.DOTALL)
    [(name, job)] = [(name, job) for block in blocks if block.startswith("# .gitlab-ci.yml")
                     for name, job in yaml.safe_load(block).items() if _changed_only(job)]
    assert job["variables"]["GIT_DEPTH"] == 0 and job["artifacts"]["when"] == "always", name
    assert job["rules"] == [{"if": '$CI_PIPELINE_SOURCE == "merge_request_event"'}], name
    report = job["artifacts"]["reports"]["junit"]
    repo = tmp_path / "repo"
    (repo / "decks").mkdir(parents=True)
    (repo / "deckcheck.yaml").write_text("format: mtg/modern\n", encoding="utf-8")
    for deck in ("decks/Mono Red.txt", "decks/old name.txt", "decks/gone.txt", "decks/kept.txt", "-ok.txt"):
        (repo / deck).write_text(LEGAL, encoding="utf-8")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "decks")
    base = _git(repo, "rev-parse", "HEAD").strip()
    (repo / "decks" / "Mono Red.txt").write_text(ILLEGAL, encoding="utf-8")
    (repo / "-ok.txt").write_text(ILLEGAL, encoding="utf-8")  # a name, not `-o k.txt` (`--`)
    _git(repo, "mv", "decks/old name.txt", "decks/new name.txt")
    _git(repo, "rm", "-q", "decks/gone.txt")
    (repo / "README.md").write_text("decks\n", encoding="utf-8")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "a merge request")
    script = "\n".join(line for line in job["script"] if "pip install" not in line)
    env = {**{k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "CI_"))}, "CI": "true", "GITLAB_CI": "true",
           "CI_PROJECT_DIR": str(repo), "PATH": f"{deckcheck_executable().parent}{os.pathsep}{os.environ['PATH']}"}

    def run(base_commit: str) -> subprocess.CompletedProcess:
        (repo / report).unlink(missing_ok=True)
        return subprocess.run(["sh", "-e", "-c", script], cwd=repo, env={**env, "CI_MERGE_REQUEST_DIFF_BASE_SHA": base_commit},
                              capture_output=True, text=True, timeout=120)

    done = run(base)
    assert done.returncode == 123, (done.stdout, done.stderr)  # check's exit 1, as xargs says it
    cases = assert_valid_junit((repo / report).read_text(encoding="utf-8")).iter("testcase")
    assert sorted(case.get("name") for case in cases) == ["-ok.txt", "decks/Mono Red.txt", "decks/new name.txt"]
    readme_only = _git(repo, "rev-parse", "HEAD").strip()
    (repo / "README.md").write_text("decks, again\n", encoding="utf-8")
    _git(repo, "commit", "-qam", "no deck")
    done = run(readme_only)
    assert done.returncode == 0, done.stderr
    assert list(assert_valid_junit((repo / report).read_text(encoding="utf-8")).iter("testcase")) == []
    missing = run("0" * 40)
    assert missing.returncode != 0 and "bad object" in missing.stderr and not (repo / report).exists(), missing


@needs_git
@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")
def test_the_gitlab_jobs_docs_ci_shows_run_and_keep_their_junit_report_and_card_data(tmp_path, scryfall_server):
    """Each GitLab job of docs/ci.md, its script run as a runner runs it (one bash, the job
    stopped by the first line that fails; the install line left out: deckcheck is installed
    here) on a repository with an illegal deck: the check fails the job (exit 1) and the file
    `artifacts:reports:junit` names is a valid JUnit document. A job that keeps card data
    caches a folder inside the project (GitLab caches nothing outside `$CI_PROJECT_DIR`: the
    page once said to cache `~/.deckcheck-cards`) whether the job passes or fails, holding
    DECKCHECK_CARDS_DB; its sync builds
    the database there, and a later job that cannot reach Scryfall still checks and reports."""
    from conftest import SAMPLE_CARDS, deckcheck_executable
    from test_ci_reporters import assert_valid_junit

    scryfall_server.files["oracle-cards.json"] = SAMPLE_CARDS.read_bytes()
    jobs = _gitlab_jobs()
    assert len(jobs) >= 2 and any("cache" in job for _, job in jobs), [name for name, _ in jobs]
    for number, (name, job) in enumerate(jobs):
        report = job["artifacts"]["reports"]["junit"]
        assert job["artifacts"]["when"] == "always", name
        repo = tmp_path / f"{number}-{name}"
        (repo / "decks").mkdir(parents=True)
        (repo / "deckcheck.yaml").write_text("format: mtg/modern\n", encoding="utf-8")
        (repo / "decks" / "burn.txt").write_text(LEGAL, encoding="utf-8")
        (repo / "decks" / "bolts.txt").write_text(ILLEGAL, encoding="utf-8")
        env = {**{k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "DECKCHECK_CARDS_DB"))},
               "CI": "true", "GITLAB_CI": "true", "CI_PROJECT_DIR": str(repo), "HOME": str(tmp_path / "home"),
               "PATH": f"{deckcheck_executable().parent}{os.pathsep}{os.environ['PATH']}"}
        for key, value in job.get("variables", {}).items():
            env[key] = str(value).replace("$CI_PROJECT_DIR", str(repo))
        kept = job.get("cache", {}).get("paths", [])
        # GitLab saves a cache only when the job succeeds unless `when: always`, and this job
        # fails on every illegal deck: its synced card data would never be kept on those runs
        # (review32a #3; the second run below reuses the folder, so it cannot tell).
        assert not kept or job["cache"].get("when") == "always", f"{name}: cache without `when: always`"
        for path in kept:
            assert not path.startswith(("~", "/", "$")), f"{name}: GitLab caches paths inside the project only: {path}"
        if "DECKCHECK_CARDS_DB" in env:
            database = Path(env["DECKCHECK_CARDS_DB"])
            assert any(database.is_relative_to(repo / path) for path in kept), f"{name}: {database} is not cached"
        script = "\n".join(line for line in job["script"] if "pip install" not in line)

        def run() -> subprocess.CompletedProcess:
            return subprocess.run(["bash", "--noprofile", "--norc", "-e", "-c", script], cwd=repo, env=env,
                                  capture_output=True, text=True, timeout=300)

        done = run()
        assert done.returncode == 1, (name, done.stdout, done.stderr)  # the illegal deck's exit 1
        cases = assert_valid_junit((repo / report).read_text(encoding="utf-8")).iter("testcase")
        assert sorted(case.get("name") for case in cases) == ["decks/bolts.txt", "decks/burn.txt"], name
        if "DECKCHECK_CARDS_DB" not in env:
            continue
        assert database.is_file() and "Traceback" not in done.stderr, done.stderr
        env["DECKCHECK_SCRYFALL_URL"] = "http://127.0.0.1:9"  # Scryfall out of reach: the kept database
        (repo / report).unlink()
        again = run()
        assert again.returncode == 1 and "could not sync the card data" in again.stdout, (again.stdout, again.stderr)
        assert database.is_file() and "built-in card data is used" not in again.stderr, again.stderr
        assert_valid_junit((repo / report).read_text(encoding="utf-8"))
