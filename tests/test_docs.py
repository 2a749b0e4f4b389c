"""The documentation is checked where it shows commands: README.md and docs/*.md.

Examples that run: every line `$ deckcheck ...` in a fenced block is run through the
installed command, in document order, and what it prints (stdout and stderr together, as
a terminal shows them) must be the lines shown under it, up to the next `$` line or the
end of the block. In the expected output a line `...` stands for any number of lines, and
a line ending in `...` for any line starting with the text before it. `$ echo $?` prints
the exit code of the command before it. No shell runs: a command is split with shell
quoting rules, and no other command may appear after a `$`.

Each document runs in a temporary folder of its own that holds a copy of `examples/`, so
commands read `examples/...` as they do from the repository root. A fenced block right
after a `<!-- file: PATH -->` line (invisible on GitHub) is written to PATH there before
the commands that follow it run, so a page can show a decklist and then check it.

Python examples run too: a ```python block that imports deckcheck by name (not a module
of the package, which imports relatively) is run as a script in the same folder, at its
place among the commands, and must not fail. A line `EXPRESSION  # VALUE` in it is checked:
the expression must equal VALUE when VALUE is a Python literal (`# False`), or its repr
start with VALUE's text before `...` (`# 0.7487...`); any other comment is prose.

JSON output is checked too: a ```json block right after a `<!-- output of: deckcheck ARGS -->`
line (invisible on GitHub) is what that command prints there, parsed. The block may abridge
it: an object with a `"...": ANY` key may leave out keys (without one it shows them all), a
list ending in `"..."` may leave out the items after, and a number is shown to the decimals
it has (`0.843902` for 0.8439016887...).

Links: every relative link of these documents points to a file that exists, and to one of
its headings when it names an anchor.
"""
from __future__ import annotations

import ast
import json
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from conftest import ROOT, deckcheck_executable, run_cli

DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PROMPT = "$ "
ANY_LINES = "..."
FILE_MARKER = re.compile(r"^<!--\s*file:\s*(?P<path>\S+)\s*-->\s*$")
OUTPUT_MARKER = re.compile(r"^<!--\s*output of:\s*(?P<command>deckcheck\s.*?)\s*-->\s*$")
FENCE = re.compile(r"^(?P<fence>```+|~~~+)")
LINK = re.compile(r"\[[^\]]*\]\((?P<target>[^)\s]+)\)")


@dataclass
class Command:
    line: int  # 1-based line of the `$` in the document
    argv: list[str]
    expected: list[str] = field(default_factory=list)


@dataclass
class FileBlock:
    line: int  # 1-based line of the opening fence
    path: str
    text: str


@dataclass
class JsonOutput:
    line: int  # 1-based line of the opening fence
    argv: list[str]
    text: str


@dataclass
class PythonBlock:
    line: int  # 1-based line of the opening fence
    text: str


PYTHON_FENCE = re.compile(r"^(```+|~~~+)python\s*$")
IMPORTS_DECKCHECK = re.compile(r"^(?:from deckcheck[.\w]* import|import deckcheck)\b", re.MULTILINE)
VALUE_COMMENT = re.compile(r"^(?P<indent>\s*)(?P<expression>\S.*?)\s+#\s*(?P<value>\S.*?)\s*$")


def read_steps(path: Path) -> list[Command | FileBlock | PythonBlock | JsonOutput]:
    """The file blocks, `$ deckcheck` commands, Python examples and JSON outputs of a
    Markdown document, in order."""
    steps: list[Command | FileBlock | PythonBlock | JsonOutput] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    index = 0
    pending_file: str | None = None
    pending_output: str | None = None
    while index < len(lines):
        marker = FILE_MARKER.match(lines[index])
        output_marker = OUTPUT_MARKER.match(lines[index])
        opening = FENCE.match(lines[index])
        index += 1
        if marker:
            pending_file = marker["path"]
            continue
        if output_marker:
            pending_output = output_marker["command"]
            continue
        if not opening:
            assert pending_file is None or not lines[index - 1].strip(), (
                f"{path.name} line {index}: `<!-- file: {pending_file} -->` must be followed by a fenced block"
            )
            assert pending_output is None or not lines[index - 1].strip(), (
                f"{path.name} line {index}: `<!-- output of: {pending_output} -->` must be followed by a ```json block"
            )
            continue
        start = index
        while index < len(lines) and not lines[index].startswith(opening["fence"]):
            index += 1
        body = lines[start:index]
        index += 1  # the closing fence
        if pending_output is not None:
            assert lines[start - 1].strip() == opening["fence"] + "json", (
                f"{path.name} line {start}: `<!-- output of: {pending_output} -->` must be followed by a ```json block"
            )
            steps.append(JsonOutput(start, shlex.split(pending_output), "\n".join(body) + "\n"))
            pending_output = None
        elif pending_file is not None:
            steps.append(FileBlock(start, pending_file, "\n".join(body) + "\n"))
            pending_file = None
        elif PYTHON_FENCE.match(lines[start - 1]):
            text = "\n".join(body) + "\n"
            if IMPORTS_DECKCHECK.search(text):
                steps.append(PythonBlock(start, text))
        else:
            steps.extend(_commands(body, first_line=start + 1))
    return steps


def _commands(body: list[str], *, first_line: int) -> list[Command]:
    if not any(line.startswith(PROMPT) for line in body):
        return []  # a block without prompts is an illustration, not an example to run
    commands: list[Command] = []
    for offset, line in enumerate(body):
        if line.startswith(PROMPT):
            commands.append(Command(first_line + offset, shlex.split(line[len(PROMPT):], comments=True)))
        elif commands:
            commands[-1].expected.append(line)
        elif line.strip():
            raise AssertionError(f"line {first_line + offset}: output before the first `$` line: {line!r}")
    return commands


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether the output lines match the expected ones (`...` lines are wildcards)."""
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head == ANY_LINES:
        return any(matches(rest, actual[skip:]) for skip in range(len(actual) + 1))
    if not actual:
        return False
    if head.endswith(ANY_LINES):
        fits = actual[0].startswith(head[: -len(ANY_LINES)])
    else:
        fits = actual[0] == head
    return fits and matches(rest, actual[1:])


def _clean(lines: list[str]) -> list[str]:
    lines = [line.rstrip() for line in lines]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _run(argv: list[str], cwd: Path, last_code: int | None) -> tuple[list[str], int | None]:
    if argv == ["echo", "$?"]:
        assert last_code is not None, "`$ echo $?` needs a command before it"
        return [str(last_code)], last_code
    assert argv and argv[0] == "deckcheck", f"only `$ deckcheck ...` commands run in the docs, not {argv!r}"
    done = subprocess.run(
        [str(deckcheck_executable()), *argv[1:]], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, timeout=300,
    )
    return done.stdout.splitlines(), done.returncode


class _Shown(float):
    """A number of a document's JSON, with the text it is shown as (its decimals)."""

    text: str

    def __new__(cls, text: str) -> "_Shown":
        number = super().__new__(cls, text)
        number.text = text
        return number


def json_differences(shown: object, actual: object, where: str = "") -> list[str]:
    """Where the JSON a document shows (parsed with `parse_float=_Shown`) is not the actual
    output: the abridgements of the module docstring allowed."""
    if isinstance(shown, dict):
        if not isinstance(actual, dict):
            return [f"{where or 'the output'}: {actual!r}, the document shows an object"]
        abridged = ANY_LINES in shown
        keys = [key for key in shown if key != ANY_LINES]
        found = [f"{where}.{key}: missing from the output" for key in keys if key not in actual]
        if not abridged:
            found += [f"{where}.{key}: in the output, not in the document" for key in actual if key not in shown]
        for key in keys:
            if key in actual:
                found += json_differences(shown[key], actual[key], f"{where}.{key}")
        return found
    if isinstance(shown, list):
        if not isinstance(actual, list):
            return [f"{where}: {actual!r}, the document shows a list"]
        abridged = bool(shown) and shown[-1] == ANY_LINES
        items = shown[:-1] if abridged else shown
        if len(actual) < len(items) or (not abridged and len(actual) != len(items)):
            return [f"{where}: {len(actual)} items in the output, {len(items)} in the document"]
        return [difference for index, item in enumerate(items)
                for difference in json_differences(item, actual[index], f"{where}[{index}]")]
    if isinstance(shown, _Shown):
        decimals = len(shown.text.partition(".")[2])
        fits = isinstance(actual, (int, float)) and not isinstance(actual, bool) and f"{actual:.{decimals}f}" == shown.text
        return [] if fits else [f"{where}: {actual!r}, the document shows {shown.text}"]
    if shown != actual or type(shown) is not type(actual):
        return [f"{where}: {actual!r}, the document shows {shown!r}"]
    return []


# Put before each script: the check of a `EXPRESSION  # VALUE` line.
_SHOWS = '''
def _shows(value, expected, line):
    import ast
    if expected.endswith("..."):
        assert repr(value).startswith(expected[:-3]), f"line {line}: {value!r}, the document shows {expected}"
    else:
        assert value == ast.literal_eval(expected), f"line {line}: {value!r}, the document shows {expected}"
'''


def python_script(block: PythonBlock) -> str:
    """The block as a script that also checks each `EXPRESSION  # VALUE` line (module docstring)."""
    lines = []
    for offset, line in enumerate(block.text.splitlines()):
        shown = VALUE_COMMENT.match(line)
        if shown and _is_expression(shown["expression"]) and _is_value(shown["value"]):
            line = f"{shown['indent']}_shows({shown['expression']}, {shown['value']!r}, {block.line + 1 + offset})"
        lines.append(line)
    return _SHOWS + "\n".join(lines) + "\n"


def _is_expression(text: str) -> bool:
    try:
        ast.parse(text, mode="eval")
    except SyntaxError:
        return False
    return True


def _is_value(text: str) -> bool:
    if text.endswith("...") and len(text) > 3:
        return True
    try:
        ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return False
    return True


def _run_python(block: PythonBlock, cwd: Path) -> subprocess.CompletedProcess:
    script = cwd / f"docs_example_{block.line}.py"
    script.write_text(python_script(block), encoding="utf-8")
    return subprocess.run([sys.executable, script.name], cwd=cwd, capture_output=True, text=True, timeout=300)


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("document", DOCUMENTS, ids=_relative)
def test_examples_print_what_the_docs_show(document, tmp_path):
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    last_code: int | None = None
    for step in read_steps(document):
        if isinstance(step, FileBlock):
            target = tmp_path / step.path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(step.text, encoding="utf-8")
            continue
        if isinstance(step, PythonBlock):
            done = _run_python(step, tmp_path)
            assert done.returncode == 0, f"{_relative(document)} line {step.line}: the Python example failed\n{done.stderr}"
            continue
        if isinstance(step, JsonOutput):
            assert step.argv[0] == "deckcheck", step.argv
            done = run_cli(*step.argv[1:], cwd=tmp_path)
            assert done.stdout.strip(), f"{_relative(document)} line {step.line}: `{shlex.join(step.argv)}` printed no JSON\n{done.stderr}"
            wrong = json_differences(json.loads(step.text, parse_float=_Shown), json.loads(done.stdout))
            assert not wrong, (
                f"{_relative(document)} line {step.line}: `{shlex.join(step.argv)}` prints JSON other than the document shows:\n"
                + "\n".join(wrong)
            )
            continue
        output, last_code = _run(step.argv, tmp_path, last_code)
        actual, expected = _clean(output), _clean(step.expected)
        assert matches(expected, actual), (
            f"{_relative(document)} line {step.line}: `{shlex.join(step.argv)}` printed\n"
            + "\n".join(actual) + "\n--- but the document shows ---\n" + "\n".join(expected)
        )


@pytest.mark.parametrize(("shown", "actual", "wrong"), [
    ('{"a": 1, "b": [1, 2]}', {"a": 1, "b": [1, 2]}, []),
    ('{"a": 1}', {"a": 1, "b": 2}, [".b: in the output, not in the document"]),  # a key left out, unsaid
    ('{"a": 1, "...": null}', {"a": 1, "b": 2}, []),
    ('{"a": 1, "c": 3, "...": null}', {"a": 1, "b": 2}, [".c: missing from the output"]),
    ('{"p": [1, "..."]}', {"p": [1, 2, 3]}, []),
    ('{"p": [1]}', {"p": [1, 2]}, [".p: 2 items in the output, 1 in the document"]),
    ('{"p": [1, 3, "..."]}', {"p": [1, 2, 3]}, [".p[1]: 2, the document shows 3"]),
    ('{"x": 0.843902}', {"x": 0.8439016887631117}, []),
    ('{"x": 0.843901}', {"x": 0.8439016887631117}, [".x: 0.8439016887631117, the document shows 0.843901"]),
    ('{"x": 1}', {"x": True}, [".x: True, the document shows 1"]),
    ('{"x": "a"}', {"x": {"a": 1}}, [".x: {'a': 1}, the document shows 'a'"]),
])
def test_a_json_output_block_may_abridge_only_as_said(shown, actual, wrong):
    """The rules of a ```json block under `<!-- output of: ... -->` (module docstring): it
    leaves out keys only under a `"..."` key, items only after a last `"..."`, and shows
    numbers to its own decimals."""
    assert json_differences(json.loads(shown, parse_float=_Shown), actual) == wrong


def test_the_readme_runs_examples_of_every_command():
    """The README's front door shows each command at work (checked above), not only prose."""
    shown = {step.argv[1] for step in read_steps(ROOT / "README.md") if isinstance(step, Command) and step.argv[0] == "deckcheck"}
    assert shown >= {"validate", "batch", "simulate", "convert", "check", "formats", "cards"}


def test_the_readme_test_command_is_what_ci_runs():
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    ci_command = lines[-1]
    assert ci_command.startswith("python3 -m venv"), ci_command
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert ci_command in readme
    # Every command .ci/run runs after moving to the checkout (system packages included) is
    # in the README too, the same line, so a person runs what CI runs.
    commands = lines[lines.index(next(line for line in lines if line.startswith("cd "))) + 1:]
    for line in commands:
        if line.strip() and not line.lstrip().startswith("#"):
            assert line in readme.splitlines(), f".ci/run runs a line the README does not show: {line}"


def _links() -> list[tuple[str, str]]:
    found: dict[tuple[str, str], None] = {}
    for document in DOCUMENTS:
        for match in LINK.finditer(document.read_text(encoding="utf-8")):
            target = match["target"]
            if "://" not in target and not target.startswith("mailto:"):
                found[(_relative(document), target)] = None
    return list(found)


def anchors(path: Path) -> set[str]:
    """The anchors GitHub gives the headings of a Markdown file: lower case, punctuation
    dropped, spaces turned into hyphens."""
    found, fence = set(), None
    for line in path.read_text(encoding="utf-8").splitlines():
        opening = FENCE.match(line)
        if opening and (fence is None or line.startswith(fence)):
            fence = opening["fence"] if fence is None else None
        elif fence is None and line.startswith("#"):
            heading = line.lstrip("#").strip().lower()
            found.add(re.sub(r"[^\w\- ]", "", heading).replace(" ", "-"))
    return found


@pytest.mark.parametrize(("document", "target"), _links())
def test_relative_links_resolve(document, target):
    path, _, anchor = target.partition("#")
    resolved = (ROOT / document).parent.joinpath(path).resolve() if path else ROOT / document
    assert resolved.exists(), f"{document} links to {target}, which does not exist"
    if anchor:
        assert anchor in anchors(resolved), f"{document} links to {target}: no heading with that anchor"


def test_the_readme_links_every_docs_page():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for page in sorted((ROOT / "docs").glob("*.md")):
        assert f"(docs/{page.name})" in readme, f"README.md does not link docs/{page.name}"


def test_the_rule_table_lists_every_rule_id_deckcheck_reports():
    """docs/rules.md's table (the rule-id contract of docs/contracts.md) is the set of ids the
    SARIF report documents."""
    done = run_cli("validate", str(ROOT / "examples" / "burn-modern.txt"), "-f", "mtg/modern", "-o", "sarif")
    assert done.returncode == 0, done.stderr
    reported = {rule["id"] for rule in json.loads(done.stdout)["runs"][0]["tool"]["driver"]["rules"]}
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    table = set(re.findall(r"^\| `([a-z-]+)` \|", rules, flags=re.MULTILINE))
    assert table == reported


def _synopses() -> dict[str, str]:
    """docs/contracts.md's command synopses: `deckcheck CMD [SUBCMD]` -> its text (continuation lines joined)."""
    page = (ROOT / "docs" / "contracts.md").read_text(encoding="utf-8")
    block = page.split("## Commands", 1)[1].split("```", 2)[1]
    entries: list[str] = []
    for line in block.splitlines():
        if line.startswith("deckcheck "):
            entries.append(line)
        elif line.strip() and entries:
            entries[-1] += " " + line.strip()
    synopses = {}
    for entry in entries:
        words = entry.split()
        if words[1].startswith("-"):
            continue  # --install-completion | --show-completion
        path = " ".join(words[:3] if words[1] in ("formats", "cards") else words[:2])
        synopses[path] = synopses.get(path, "") + " " + entry
    return synopses


@pytest.mark.parametrize("path", sorted(_synopses()))
def test_the_contract_synopsis_of_each_command_matches_its_help(path):
    """Every option `--help` shows is in the command's synopsis, with the same outputs."""
    synopsis = _synopses()[path]
    done = run_cli(*path.split()[1:], "--help")
    assert done.returncode == 0, done.stderr
    # (short form or "", long form) of each option; the synopsis may give either.
    # `--help` itself (`-h, --help` since every command takes `-h`) is no option to name.
    options = {found for found in re.findall(r"^\s+(?:(-\w), )?(--[a-z][a-z-]*)", done.stdout, flags=re.MULTILINE)
               if found[1] != "--help"}

    def named(option: str) -> bool:
        return bool(option) and re.search(r"(?<![\w-])" + re.escape(option) + r"(?![\w-])", synopsis) is not None

    missing = [long for short, long in sorted(options) if not (named(short) or named(long))]
    assert not missing, f"docs/contracts.md: `{path}` lacks {missing}"
    helped = re.search(r"--output OUTPUT\s+(.*?)(?: \(|\.)", " ".join(done.stdout.split()))
    if helped:
        outputs = set(re.split(r", | or ", helped[1]))
        shown = re.search(r"-o ([a-z|]+)", synopsis)
        assert shown and set(shown[1].split("|")) == outputs, f"docs/contracts.md: `{path}` outputs differ from --help's {outputs}"


def _problem_table() -> tuple[set[str], str]:
    """docs/contracts.md's table of a problem's keys: the keys, and the text of its `zone` row."""
    page = (ROOT / "docs" / "contracts.md").read_text(encoding="utf-8")
    table = page.split("A problem:", 1)[1].lstrip("\n").split("\n\n", 1)[0]
    keys = set(re.findall(r"^\| `([a-z_]+)` \|", table, flags=re.MULTILINE))
    zone_row = next(line for line in table.splitlines() if line.startswith("| `zone` |"))
    return keys, zone_row


def test_the_problem_table_documents_every_key_and_zone_a_report_gives(tmp_path):
    """Every key of a problem in `validate -o json` (a rule's details included: a color
    identity, a companion's condition, what a commander must be) is a row of the contract's
    problem table, and every zone a problem names is in its `zone` row."""
    decks = {
        "edh.txt": ("mtg/commander", "Commander\n1 Krenko, Mob Boss\nCompanion\n1 Lutri, the Spellchaser\n"
                                     "Deck\n1 Counterspell\n98 Mountain\n"),
        "vehicle.txt": ("mtg/commander", "Commander\n1 Esika's Chariot\nDeck\n99 Forest\n"),
        "lurrus.txt": ("mtg/modern", "Companion\n1 Lurrus of the Dream-Den\nDeck\n4 Brazen Borrower\n56 Island\n"),
    }
    keys, zone_row = _problem_table()
    seen_keys, seen_zones = set(), set()
    for name, (format_id, text) in decks.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        done = run_cli("validate", str(tmp_path / name), "-f", format_id, "--date", "2021-01-01", "-o", "json")
        assert done.returncode == 1, done.stderr
        for problem in json.loads(done.stdout)["results"][0]["problems"]:
            seen_keys |= problem.keys()
            seen_zones.add(problem.get("zone"))
    assert {"identity", "commander_identity", "condition", "offending", "eligible"} <= seen_keys  # the deck kept its point
    assert seen_keys <= keys, f"not in docs/contracts.md's problem table: {sorted(seen_keys - keys)}"
    missing = [zone for zone in seen_zones - {None} if f"`{zone}`" not in zone_row]
    assert not missing, f"zones not in the `zone` row of docs/contracts.md: {missing}"


def _fenced(document: Path, language: str) -> list[str]:
    """The bodies of a document's ```LANGUAGE blocks, in order."""
    blocks = re.findall(rf"^```{language}\n(.*?)^```", document.read_text(encoding="utf-8"), flags=re.MULTILINE | re.DOTALL)
    return list(blocks)


def test_the_extending_guides_rule_and_cases_are_what_the_tests_take(tmp_path):
    """docs/extending.md's example rule imports what deckcheck has and declares a rule's
    parts, and its case file is one the case loader takes, naming its test format file as
    test_rule_cases.py finds it (from tests/, as the case files do), so a contributor who
    copies both gets cases that run."""
    import importlib.util

    import caseload
    from deckcheck.yamlload import load_yaml

    guide = ROOT / "docs" / "extending.md"
    module_text = next(block for block in _fenced(guide, "python") if "\nID = " in block)
    path = tmp_path / "example_rule.py"
    path.write_text(module_text, encoding="utf-8")
    # Imported as a module of deckcheck.rules, where the guide puts it: its relative imports must resolve.
    spec = importlib.util.spec_from_file_location("deckcheck.rules._extending_guide_example", path)
    rule = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rule)
    assert rule.__doc__.startswith(f"{rule.ID}: ")
    assert callable(rule.applies) and callable(rule.check) and rule.KEYS

    cases = load_yaml(next(block for block in _fenced(guide, "yaml") if "- name:" in block), source=str(guide))
    tests = ROOT / "tests"
    for case in cases:
        caseload._check(case, caseload.KIND_SCHEMAS[caseload.kind_of(case)], f"{guide.name}: case {case['name']!r}")
        if case["format"].endswith(".yaml"):
            assert (tests / case["format"]).parent == tests / "formats", (
                f"{guide.name}: case {case['name']!r}: test format files are named from tests/ "
                f"(formats/NAME.yaml), not {case['format']!r}"
            )
        assert all(problem["rule"] == rule.ID for problem in case.get("problems", []))


# Commands that take a subcommand, and the ones whose decks are checked against a format
# they must be given (`-f` is required there).
_GROUPS = {"formats", "cards"}
_NEED_A_FORMAT = {"validate", "simulate", "sheet"}
_INLINE_COMMAND = re.compile(r"`(deckcheck (?:[a-z][a-z-]*)(?: [^`]*)?)`")


# Where a fenced line of a CI configuration runs deckcheck: a workflow step's `run:`, a list
# item of a GitLab `script:`, the end of a pipeline (`... | xargs -0 -r deckcheck check`).
_CONFIGURED_COMMAND = re.compile(r"(?:^|^-\s+|\brun:\s+|\bxargs(?:\s+-\S+)*\s+)(?P<command>deckcheck\s.*)")
# The GitHub Action's `args:` (the words after `deckcheck`); a pre-commit hook's are a list.
_ACTION_ARGS = re.compile(r"^args:\s+(?P<args>[a-z].*)")


def _shown_command_lines() -> list[tuple[str, int, str]]:
    """(document, line, command) of every `deckcheck ...` command the docs show: each line
    of a fenced block that starts with it (after a `$ ` prompt or not) or runs it in a CI
    configuration (a step's `run:`, a script's item, the Action's `args:`), and each inline
    code span that is one."""
    found = []
    for document in DOCUMENTS:
        fence = None
        for number, line in enumerate(document.read_text(encoding="utf-8").splitlines(), 1):
            opening = FENCE.match(line.lstrip())
            if opening and (fence is None or line.lstrip().startswith(fence)):
                fence = opening["fence"] if fence is None else None
                continue
            if fence is not None:
                text = line.strip().removeprefix(PROMPT)
                configured = _CONFIGURED_COMMAND.search(text)
                action = _ACTION_ARGS.match(text)
                if configured:
                    found.append((_relative(document), number, configured["command"]))
                elif action:
                    found.append((_relative(document), number, "deckcheck " + action["args"]))
            else:
                found += [(_relative(document), number, match[1]) for match in _INLINE_COMMAND.finditer(line)]
    return found


def _help_options(path: tuple[str, ...]) -> set[str] | None:
    """The options `deckcheck PATH --help` lists, or None when PATH is no command."""
    done = run_cli(*path, "--help")
    if done.returncode != 0:
        return None
    return set(re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*|-[a-zA-Z])(?![\w-])", done.stdout.split("Options:", 1)[-1]))


def _command_faults(command: str, helps: dict[tuple[str, ...], set[str] | None]) -> list[str]:
    """What is wrong with a `deckcheck ...` command line as shown: no such command, an
    option its command lacks, no `-f` where the command requires one."""
    words = command.split("#", 1)[0].split()[1:]  # a shell comment is prose
    if not words or not re.fullmatch(r"[a-z][a-z-]*", words[0]):
        return []  # `deckcheck --help`, `deckcheck COMMAND --help`
    path = tuple(words[:2]) if words[0] in _GROUPS and len(words) > 1 and re.fullmatch(r"[a-z-]+", words[1]) else (words[0],)
    rest = words[len(path):]
    if path not in helps:
        helps[path] = _help_options(path)
    options = helps[path]
    if options is None:
        if words[0] in _GROUPS and len(path) == 1:
            return []  # `deckcheck cards sync | import FILE | ...`: the group's commands in a row
        return [f"no command deckcheck {' '.join(path)}"]
    faults = []
    named = [word.split("=", 1)[0].strip("[]()|.,;:'\"") for word in rest]
    unknown = [word for word in named if re.fullmatch(r"--[a-z][a-z0-9-]*|-[a-zA-Z]", word) and word not in options]
    if unknown:
        faults.append(f"{', '.join(unknown)} not options of deckcheck {' '.join(path)}")
    if path[0] in _NEED_A_FORMAT and rest and not {"-f", "--format"} & set(named) and not rest[0].startswith("-"):
        faults.append(f"deckcheck {path[0]} requires -f FORMAT")
    return faults


def test_every_command_line_the_docs_show_uses_options_its_command_has():
    """A command shown in a sh block or in running text (not only the `$` examples run
    above) names a command that exists, only options that command has, and `-f` where the
    command requires it: docs/ci.md advised `deckcheck validate decks/*.txt -o sarif`,
    which stops on the missing -f."""
    helps: dict[tuple[str, ...], set[str] | None] = {}
    wrong = [f"{document} line {number}: `{command}`: {fault}"
             for document, number, command in _shown_command_lines() for fault in _command_faults(command, helps)]
    assert not wrong, "\n".join(wrong)


def _help_examples(help_text: str) -> list[str]:
    """The example command lines of a `--help`: a paragraph `Example: deckcheck ...` (or
    `Example (CI): ...`, over lines that end in ` \\`; `A; B` is two), and the lines of an `Examples:`
    paragraph."""
    examples: list[str] = []
    paragraphs = re.split(r"\n\s*\n", help_text)
    for paragraph in paragraphs:
        lines = [line.strip() for line in paragraph.splitlines()]
        if lines and lines[0] == "Examples:":
            examples += [line for line in lines[1:] if line.startswith("deckcheck ")]
            continue
        joined = " ".join(line.removesuffix(" \\") for line in lines)  # a ` \` carries the command on
        shown = re.match(r"Example(?: \([^)]*\))?: (deckcheck .*)", joined)
        if shown:
            examples += [part.strip() for part in shown[1].split("; ")]
    return examples


def test_every_example_a_help_shows_uses_options_its_command_has():
    """The examples of each command's `--help` (and of the top-level help) hold the same."""
    helps: dict[tuple[str, ...], set[str] | None] = {}
    pages = [(), *[(name,) for name in ("validate", "batch", "simulate", "convert", "check", "diff", "sheet", "formats", "cards")],
             *[("formats", name) for name in ("list", "show", "check", "check-freshness", "import-lflist")],
             *[("cards", name) for name in ("sync", "import", "lookup", "info", "stats")]]
    wrong = []
    for page in pages:
        examples = _help_examples(run_cli(*page, "--help").stdout)
        assert examples, f"deckcheck {' '.join(page)} --help shows no example"
        wrong += [f"deckcheck {' '.join(page)} --help: `{example}`: {fault}"
                  for example in examples for fault in _command_faults(example, helps)]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("document", DOCUMENTS, ids=_relative)
def test_a_python_line_in_the_prose_imports_every_name_it_uses(document):
    """An inline `from deckcheck import ...; ...` is copied into a REPL as it stands: the
    README's used `Path` without importing it (NameError)."""
    import builtins

    for snippet in re.findall(r"`(from [\w.]+ import [^`]+)`", document.read_text(encoding="utf-8")):
        tree = ast.parse(snippet)
        imported = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                    for alias in node.names}
        used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)}
        assert used <= imported | set(dir(builtins)), (snippet, sorted(used - imported))


def _block_starting(document: Path, language: str, first_line: str) -> str:
    """The one ```LANGUAGE block of `document` whose first line is `first_line` (a `# name`
    comment that says what the file is)."""
    found = [block for block in _fenced(document, language) if block.splitlines()[0].strip() == first_line]
    assert len(found) == 1, f"{_relative(document)}: {len(found)} ```{language} blocks start with {first_line!r}"
    return found[0]


def test_the_deckcheck_yaml_the_ci_guide_shows_is_one_check_runs(tmp_path):
    """docs/ci.md's annotated deckcheck.yaml is shown, not run (it names a cube format file
    and decks of its own): each key it sets, and each `simulate` key its comments list, is a
    key deckcheck.yaml takes, every key deckcheck.yaml takes is shown, and the file, given
    the format file and decks it names, is a configuration `deckcheck check` runs (exit 0 or
    1, not 2)."""
    from deckcheck.project.config import CONFIG_SCHEMA, SIMULATE_SCHEMA
    from deckcheck.yamlload import load_yaml

    guide = ROOT / "docs" / "ci.md"
    text = _block_starting(guide, "yaml", "# deckcheck.yaml")
    config = load_yaml(text, source=str(guide))
    assert set(config) == set(CONFIG_SCHEMA.fields), "docs/ci.md's deckcheck.yaml and the keys check reads differ"
    entry = next(iter(config["simulate"].values()))
    also = re.search(r"# also (.*?)\n\s*assert:", text, flags=re.DOTALL)
    assert also, "docs/ci.md: the simulate entry's comment `# also ...` that lists its other keys is gone"
    listed = set(re.findall(r"\b([a-z][a-z0-9_]*)\b", re.sub(r"\([^)]*\)|#|\n", " ", also[1]))) - {"also"}
    assert set(entry) | listed == set(SIMULATE_SCHEMA.fields), (
        f"docs/ci.md's simulate entry shows {sorted(set(entry) | listed)}; deckcheck.yaml takes {sorted(SIMULATE_SCHEMA.fields)}"
    )

    (tmp_path / "deckcheck.yaml").write_text(text, encoding="utf-8")
    (tmp_path / "formats").mkdir()
    (tmp_path / "formats" / "my-cube.yaml").write_text("name: My cube\nextends: mtg/vintage\n", encoding="utf-8")
    burn = (ROOT / "examples" / "burn-modern.txt").read_text(encoding="utf-8")
    for deck in ("decks/modern/burn.txt", "decks/legacy/burn.txt", "decks/cube/burn.txt", "decks/archive/old.txt"):
        (tmp_path / deck).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / deck).write_text(burn, encoding="utf-8")
    done = run_cli("check", "-o", "json", cwd=tmp_path)
    assert done.returncode in (0, 1), done.stderr
    report = json.loads(done.stdout)
    checked = {(result["deck"], result["format"]) for result in report["results"]}
    assert checked == {("decks/modern/burn.txt", "mtg/modern"), ("decks/legacy/burn.txt", "mtg/legacy"),
                       ("decks/cube/burn.txt", "formats/my-cube.yaml")}, checked
    assert {entry["deck"] for entry in report["assertions"]} == {"decks/modern/burn.txt"}
    assert "messages" not in report, report["messages"]


def test_the_policy_file_the_engine_guide_shows_is_the_example_it_names(tmp_path):
    """docs/engine.md shows a policy file and says it is `examples/burn-policy.yaml`: it is
    that file's policy (its description aside), and `simulate` runs it."""
    from deckcheck.yamlload import load_yaml

    guide = ROOT / "docs" / "engine.md"
    text = next(block for block in _fenced(guide, "yaml") if block.startswith("keep:"))
    assert "(`examples/burn-policy.yaml`.)" in guide.read_text(encoding="utf-8").split(text, 1)[1][:200]
    shown = load_yaml(text, source=str(guide))
    example = load_yaml((ROOT / "examples" / "burn-policy.yaml").read_text(encoding="utf-8"), source="burn-policy.yaml")
    example.pop("description")
    assert shown == example
    (tmp_path / "policy.yaml").write_text(text, encoding="utf-8")
    done = run_cli("simulate", str(ROOT / "examples" / "burn-modern.txt"), "-f", "mtg/constructed",
                   "--policy", str(tmp_path / "policy.yaml"), "-o", "json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["policy"]["7"] == shown["keep"][7]


def test_the_card_pool_the_format_guide_shows_is_one_a_format_file_takes(tmp_path):
    """docs/format-files.md's `card_pool:` block, every key of it set, is valid in a format
    file: `formats check` accepts it (exit 0)."""
    guide = ROOT / "docs" / "format-files.md"
    text = next(block for block in _fenced(guide, "yaml") if block.startswith("card_pool:"))
    path = tmp_path / "pool-keys.yaml"
    path.write_text("name: Pool keys\nextends: mtg/constructed\n" + text, encoding="utf-8")
    done = run_cli("formats", "check", str(path))
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_action_and_hook_the_ci_guide_shows_take_what_it_gives_them():
    """docs/ci.md's workflow steps give the Action only inputs action.yml declares, and its
    pre-commit configuration names a hook .pre-commit-hooks.yaml defines."""
    from deckcheck.yamlload import load_yaml

    guide = ROOT / "docs" / "ci.md"
    inputs = set(load_yaml((ROOT / "action.yml").read_text(encoding="utf-8"), source="action.yml")["inputs"])
    page = guide.read_text(encoding="utf-8")
    given = re.findall(r"uses: your-org/deckcheck@\S+[^\n]*\n\s+with:\n((?:\s+[a-z-]+: .*\n)+)", page)
    assert given, "docs/ci.md shows no step that uses the Action with inputs"
    for block in given:
        keys = set(re.findall(r"^\s+([a-z-]+):", block, flags=re.MULTILINE))
        assert keys <= inputs, f"docs/ci.md gives the Action {sorted(keys - inputs)}, which action.yml does not declare"
    hooks = {hook["id"] for hook in load_yaml((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"), source="hooks")}
    config = load_yaml(_block_starting(guide, "yaml", "# .pre-commit-config.yaml"), source=str(guide))
    named = {hook["id"] for repo in config["repos"] for hook in repo["hooks"]}
    assert named and named <= hooks, named


def test_the_hook_files_the_ci_guide_widens_keep_every_file_the_hook_takes():
    """docs/ci.md tells a repository whose format and policy files live elsewhere to "widen"
    the hook's `files`, and shows a pattern: it is the hook's own with more after it. It
    showed `(?i)\\.(txt|dek|cod|dck|ydk)$|...`, which left out .dec, .o8d, .mwdeck, .deck and
    .ydke lists the hook checks, so a repository that copied it stopped checking them."""
    from deckcheck.yamlload import load_yaml

    hook = load_yaml((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"), source="hooks")[0]["files"]
    page = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    widened = re.search(r"widen its `files`.*?`files: '([^']+)'`", page, flags=re.DOTALL)
    assert widened, "docs/ci.md no longer shows how to widen the hook's files"
    assert widened[1].startswith(hook + "|"), f"docs/ci.md widens the hook's files to {widened[1]!r}; the hook's are {hook!r}"
    assert re.search(widened[1], "formats/my-cube.yaml")


# What a reporter module must define for each subject its registry row names
# (deckcheck/report/__init__.py): a simulation without `render_simulation` is rendered as
# the `Report` of its assertions, so `render` serves it then.
_REPORTER_FUNCTIONS = {
    "decks": ("render",), "teams": ("render",), "assertions": ("render",), "batch": ("batch_writer",),
    "simulations": ("render_simulation", "render"), "comparisons": ("render_comparison",), "diffs": ("render_diff",),
}


def test_the_extending_guide_names_every_function_a_reporter_defines():
    """docs/extending.md's reporter table names each function the registry's subjects ask a
    reporter module for (`render_diff` was missing: a contributor adding an output to
    `deckcheck diff` read of no such function), and each registered reporter defines the
    ones its subjects need, as the table says (`render` only when it reports decks, teams
    or assertions: the csv and html reporters have none)."""
    import importlib

    from deckcheck.report import REPORTERS

    guide = (ROOT / "docs" / "extending.md").read_text(encoding="utf-8")
    table = guide.split("## A reporter", 1)[1].split("\n\n", 3)[2]
    first_cells = [row.split("|")[1] for row in table.splitlines() if row.startswith("| `")]
    named = {function for cell in first_cells for function in re.findall(r"`([a-z_]+)\(", cell)}
    needed = {function for functions in _REPORTER_FUNCTIONS.values() for function in functions}
    assert needed - named == set(), f"docs/extending.md's reporter table lacks {sorted(needed - named)}"
    for name, output in REPORTERS.items():
        module = importlib.import_module(f"deckcheck.report.{name}")
        assert module.NAME == name
        for subject in output.renders:
            assert any(hasattr(module, function) for function in _REPORTER_FUNCTIONS[subject]), (name, subject)


def test_the_extending_guide_names_everything_a_decklist_format_module_may_declare():
    """The registry's docstring (deckcheck/decklists/__init__.py) is the code's own account
    of what a decklist format module declares; docs/extending.md's section for contributors
    names each of those names too (it lacked `COMMANDER_NAMED_BY`, which the "no commander"
    problem quotes, `NAMED_BY_FILE_NAME` and the `FORMATS` tuple a module is registered in)."""
    import deckcheck.decklists

    protocol = set(re.findall(r"`([A-Z][A-Z_]+|[a-z_]+)(?:\(|\s*=|`)", deckcheck.decklists.__doc__))
    section = (ROOT / "docs" / "extending.md").read_text(encoding="utf-8").split("## A decklist format", 1)[1].split("\n## ", 1)[0]
    shown = set(re.findall(r"`(?:[a-z]+\.)?([A-Za-z_]+)", section))
    missing = sorted(name for name in protocol if name not in shown and name not in {"text", "arena", "choose"})  # the text and arena modules, the registry's own function
    assert not missing, f"docs/extending.md's decklist format section does not name {missing}"


def test_the_extending_guide_names_every_function_a_rule_module_may_define():
    """deckcheck/rules/__init__.py's docstring lists what a rule module defines; the rule
    section of docs/extending.md names each of them too (it lacked `prepare`, which reads
    a deck's zones before any rule checks it, and `card_notes`, the lines `cards lookup -f`
    adds about one card)."""
    import deckcheck.rules

    protocol = set(re.findall(r"`([A-Z][A-Z_]+|[a-z_]+)(?:\(|`)", deckcheck.rules.__doc__))
    section = (ROOT / "docs" / "extending.md").read_text(encoding="utf-8").split("## A rule", 1)[1].split("\n## ", 1)[0]
    shown = set(re.findall(r"`([A-Za-z_]+)", section))
    missing = sorted(name for name in protocol - {"speaking"} if name not in shown)  # speaking: the registry's own
    assert not missing, f"docs/extending.md's rule section does not name {missing}"


def test_the_seed_help_promises_what_the_engine_guide_does():
    """docs/engine.md: a seed gives the same numbers on any machine "with the same numpy
    release" (numpy keeps no stream of a Generator the same across its releases, NEP 19);
    `simulate --help` said "the same answer anywhere", which a CI job pinning a Monte Carlo
    assertion would take to hold through a numpy upgrade."""
    assert "with the same numpy release" in (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    helped = " ".join(run_cli("simulate", "--help").stdout.split())
    seed = re.search(r"--seed S (.*?)\.", helped)
    assert seed and "numpy" in seed[1], seed and seed[1]


# A place in the docs as the code names it: `docs/security.md#limits`,
# `docs/engine.md, "Keep rules"`, or `(docs/security.md, limits)` (bare ones may be ` and `-joined).
_DOCS_POINTER = re.compile(
    r"docs/(?P<page>[a-z-]+\.md)(?:#(?P<anchor>[\w-]+)|, \"(?P<quoted>[^\"]+)\"|, (?P<bare>[A-Za-z][\w ]*)\))")


def _sections(page: Path) -> list[str]:
    """What a pointer may name in `page`: its headings, and the phrases that open its bold
    paragraphs and list items (`**Verdicts kept between runs**`, `- What a process remembers`),
    lower case."""
    text = page.read_text(encoding="utf-8")
    found = [line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")]
    found += re.findall(r"\*\*([^*]+)\*\*", text)
    found += re.findall(r"^\s*- (.+)$", text, flags=re.MULTILINE)
    return [section.lower() for section in found]


def _docs_pointers() -> list[tuple[str, str, str, str]]:
    """(file:line, page, kind, name) of every place in the docs that deckcheck's code, its
    scripts and its Action name, in its messages and comments alike."""
    found = []
    sources = [*sorted((ROOT / "deckcheck").rglob("*.py")), *sorted((ROOT / "scripts").glob("*.py")), ROOT / "action.yml"]
    for source in sources:
        for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1):
            for match in _DOCS_POINTER.finditer(line):
                where = f"{source.relative_to(ROOT).as_posix()}:{number}"
                if match["anchor"]:
                    found.append((where, match["page"], "anchor", match["anchor"]))
                if match["quoted"]:
                    found.append((where, match["page"], "section", match["quoted"]))
                for name in re.split(r" and ", match["bare"] or ""):
                    if name:
                        found.append((where, match["page"], "section", name))
    return found


def test_every_place_in_the_docs_the_code_points_to_exists():
    """A message that says where to read more (`(docs/security.md#limits)`, `(docs/engine.md,
    "Keep rules")`) names a docs page that exists and a heading, or a bold or listed
    paragraph, of it: a renamed section would send a user to nothing."""
    pointers = _docs_pointers()
    assert any(kind == "anchor" for *_, kind, _ in pointers) and any(kind == "section" for *_, kind, _ in pointers)
    wrong = []
    for where, page, kind, name in pointers:
        path = ROOT / "docs" / page
        if not path.exists():
            wrong.append(f"{where}: docs/{page} does not exist")
        elif kind == "anchor" and name not in anchors(path):
            wrong.append(f"{where}: docs/{page} has no heading with the anchor #{name}")
        elif kind == "section" and not any(section.startswith(name.lower()) for section in _sections(path)):
            wrong.append(f"{where}: docs/{page} has no section {name!r}")
    assert not wrong, "\n".join(wrong)


def test_the_switch_variables_off_words_are_the_ones_the_code_reads():
    """docs/contracts.md's DECKCHECK_OFFLINE, DECKCHECK_NO_CACHE and DECKCHECK_DEBUG rows say
    which values leave the switch off: the words cards.switched_on reads as off (it read
    `n` as off too, which the rows left out, so `DECKCHECK_OFFLINE=n` looked like on)."""
    from deckcheck.cards import _OFF_WORDS

    page = (ROOT / "docs" / "contracts.md").read_text(encoding="utf-8")
    for variable in ("DECKCHECK_OFFLINE", "DECKCHECK_NO_CACHE", "DECKCHECK_DEBUG"):
        row = re.search(rf"^\| `{variable}` \| set to anything but (.*?) or nothing\b", page, flags=re.MULTILINE)
        assert row, f"docs/contracts.md: the {variable} row does not say which values leave it off"
        assert set(re.findall(r"`([^`]*)`", row[1])) | {""} == set(_OFF_WORDS), (variable, row[1])
