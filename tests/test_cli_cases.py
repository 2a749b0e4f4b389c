"""Commands through the installed `deckcheck`, as a new user runs them: a clean
environment (an empty HOME and user directories, no DECKCHECK_CARDS_DB, offline), so the
card checks use the built-in card data. Every case of tests/cases/cli/*.yaml
(tests/caseload.py, kind `cli`) writes its `files`, runs its `setup` commands and then its
`args` in a fresh folder, and checks the exit code and what it `expect`s: the problems of
the first result of `-o json` (one to one), "did you mean" suggestions, values at dotted
paths of the JSON output, text on stdout and stderr, and text on neither (`absent`).
A case's `env` adds environment variables; `{work}` in a value is the case's folder.
`written` holds text that files the command wrote must hold (a GitHub job summary).
"""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

import caseload
from conftest import deckcheck_executable
from test_pool_cases import assert_problems


def clean_env(home: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("DECKCHECK_", "XDG_", "GITHUB_", "CLICOLOR")) and key != "FORCE_COLOR"}
    env.update(HOME=str(home), NO_COLOR="1", DECKCHECK_OFFLINE="1", DECKCHECK_SCRYFALL_URL="http://127.0.0.1:9")
    return env


def run(args: list[str], *, cwd: Path, env: dict[str, str], stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(deckcheck_executable()), *args], input=stdin, capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=300)


def at(data: Any, path: str) -> Any:
    """The value at a dotted path (`results.0.as_of.stale`) of parsed JSON."""
    for part in path.split("."):
        data = data[int(part)] if isinstance(data, list) else data[part]
    return data


@pytest.mark.parametrize("case", caseload.cases("cli", kind="cli"))
def test_cli_case(case, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    work = tmp_path / "work"
    work.mkdir()
    env = clean_env(home)
    env.update({key: value.replace("{work}", str(work)) for key, value in (case.get("env") or {}).items()})
    for name, text in (case.get("files") or {}).items():
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        (work / name).write_text(text, encoding="utf-8")
    for command in case.get("setup") or []:
        done = run(command, cwd=work, env=env)
        assert done.returncode == 0, (command, done.stderr)
    done = run(case["args"], cwd=work, env=env, stdin=case.get("stdin"))
    expect = case["expect"]
    assert "Traceback" not in done.stderr
    assert done.returncode == expect["exit"], done.stdout + done.stderr
    if "problems" in expect or "suggestions" in expect or "json" in expect:
        output = json.loads(done.stdout)
        if "problems" in expect:
            assert_problems(output["results"][0]["problems"], expect["problems"])
        for card, names in (expect.get("suggestions") or {}).items():
            (problem,) = [p for p in output["results"][0]["problems"] if p["rule"] == "unknown-card" and p["card"] == card]
            assert problem["suggestions"][:len(names)] == names
        for path, value in (expect.get("json") or {}).items():
            assert at(output, path) == value, path
    for text in expect.get("stdout") or []:
        assert text in done.stdout
    for text in expect.get("stderr") or []:
        assert text in done.stderr
    for text in expect.get("absent") or []:
        assert text not in done.stdout + done.stderr
    for name, texts in (expect.get("written") or {}).items():
        written = (work / name).read_text(encoding="utf-8")
        for text in texts:
            assert text in written, (name, written)
    if "stderr_lines" in expect:
        assert len(done.stderr.splitlines()) == expect["stderr_lines"], done.stderr
