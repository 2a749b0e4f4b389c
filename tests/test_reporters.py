"""The reporter registry (deckcheck/report/__init__.py): every output it names renders
through the installed command for each subject it declares, `auto` picks GitHub
annotations only inside GitHub Actions, and `-o` help, errors and deckcheck.yaml read it."""
from __future__ import annotations

import html
import json

import pytest

from deckcheck import report

ILLEGAL = "5 Lightning Bolt\n55 Mountain\n"  # mtg/modern: copy-limit on line 1
DECK_NAME = "bolts.txt"
SUBJECTS = {report.DECKS, report.TEAMS, report.ASSERTIONS, report.BATCH, report.SIMULATIONS, report.COMPARISONS, report.DIFFS}


def outputs_for(subject: str) -> list[str]:
    return [name for name in report.REPORTERS if subject in report.REPORTERS[name].renders]


@pytest.fixture
def deck_folder(tmp_path):
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / DECK_NAME).write_text(ILLEGAL, encoding="utf-8")
    return folder


@pytest.mark.parametrize("name", report.REPORTERS)
def test_every_reporter_declares_itself(name):
    module = report.load(name)
    renders = report.REPORTERS[name].renders  # the registry says what it renders, as data
    assert module.NAME == name  # the registry names the module; the module says what it is
    assert report.REPORTERS[name].description and "\n" not in report.REPORTERS[name].description
    assert renders and renders <= SUBJECTS
    if renders & {report.DECKS, report.TEAMS, report.ASSERTIONS}:
        assert callable(module.render)
    if report.SIMULATIONS in renders and not hasattr(module, "render_simulation"):
        assert report.ASSERTIONS in renders  # rendered as the Report of its assertions
    if report.BATCH in renders:
        assert callable(module.batch_writer)  # `deckcheck batch` streams every output (report/stream.py)
    if report.COMPARISONS in renders:
        assert callable(module.render_comparison)
    if report.DIFFS in renders:
        assert callable(module.render_diff)


def test_the_registry_covers_the_report_modules():
    from pathlib import Path

    folder = Path(report.__file__).parent
    modules = {path.stem for path in folder.glob("*.py") if path.stem != "__init__"}
    # colours, CSV cells, the spools of streamed reports and CI file names: not outputs
    assert modules - set(report.REPORTERS) == {"style", "spreadsheet", "stream", "workspace"}


@pytest.mark.parametrize("name", outputs_for(report.DECKS))
def test_every_deck_output_renders_validate(cli, deck_folder, name):
    done = cli("validate", DECK_NAME, "-f", "mtg/modern", "-o", name, cwd=deck_folder)
    assert done.returncode == 1, done.stderr
    assert DECK_NAME in done.stdout and "Traceback" not in done.stderr


@pytest.mark.parametrize("name", outputs_for(report.BATCH))
def test_every_batch_output_renders_batch(cli, deck_folder, name):
    done = cli("batch", str(deck_folder), "-f", "mtg/modern", "-o", name, "-q")
    assert done.returncode == 1, done.stderr
    assert DECK_NAME in done.stdout and "copy-limit" in done.stdout


@pytest.mark.parametrize("name", outputs_for(report.SIMULATIONS))
def test_every_simulation_output_renders_simulate(cli, deck_folder, name):
    deck = deck_folder / "burn.txt"
    deck.write_text("20 Mountain\n40 Lightning Bolt\n", encoding="utf-8")
    done = cli("simulate", str(deck), "-f", "mtg/constructed", "--assert", "keep7 >= 0.5", "-o", name)
    assert done.returncode == 0, done.stderr
    if hasattr(report.load(name), "render_simulation"):
        assert "Lightning Bolt" in done.stdout  # the by-turn odds of the deck's cards
    else:
        assert "keep7 >= 0.5" in html.unescape(done.stdout)  # the assertions, for CI


@pytest.mark.parametrize("name", report.REPORTERS)
def test_every_comparison_output_renders_simulate_compare(cli, deck_folder, name):
    deck = deck_folder / "burn.txt"
    deck.write_text("20 Mountain\n40 Lightning Bolt\n", encoding="utf-8")
    for policy, rule in (("loose.yaml", "1 <= lands"), ("strict.yaml", "2 <= lands <= 4")):
        (deck_folder / policy).write_text(f"keep:\n  7: {rule}\n", encoding="utf-8")
    done = cli("simulate", str(deck), "-f", "mtg/constructed", "--compare", "loose.yaml", "strict.yaml", "-o", name, cwd=deck_folder)
    if report.COMPARISONS in report.REPORTERS[name].renders:
        assert done.returncode == 0, done.stderr
        assert "strict" in done.stdout
    else:
        assert done.returncode == 2
        assert f"output {name!r} cannot report comparisons; choose one of: {', '.join(report.choices(report.COMPARISONS))}" in done.stderr


def test_outputs_render_differently(cli, deck_folder):
    """Each output is its own report, not another one under a second name."""
    shown = {name: cli("validate", DECK_NAME, "-f", "mtg/modern", "-o", name, cwd=deck_folder).stdout
             for name in outputs_for(report.DECKS)}
    assert len(set(shown.values())) == len(shown)


@pytest.mark.parametrize(
    ("command", "subjects"),
    [(("validate", DECK_NAME), (report.DECKS,)), (("batch", "."), (report.BATCH,)),
     (("simulate", DECK_NAME), (report.SIMULATIONS,))],
)
def test_unknown_output_lists_what_the_command_accepts(cli, deck_folder, command, subjects):
    done = cli(*command, "-f", "mtg/modern", "-o", "xml", cwd=deck_folder)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"deckcheck: error: unknown output 'xml'; choose one of: {', '.join(report.choices(*subjects))}\n"


def test_an_output_in_capitals_is_told_outputs_are_lower_case(cli, deck_folder):
    """`-o JSON` listed the outputs with json among them, and said nothing of the case, as a
    format id in capitals is told (`format ids are lower case: did you mean mtg/modern?`)."""
    done = cli("validate", DECK_NAME, "-f", "mtg/modern", "-o", "JSON", cwd=deck_folder)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "deckcheck: error: unknown output 'JSON'; outputs are lower case: did you mean json?\n"


def test_an_output_that_cannot_report_decks_is_refused(cli, deck_folder):
    batch_only = [name for name in report.REPORTERS if report.DECKS not in report.REPORTERS[name].renders]
    assert batch_only  # csv
    for name in batch_only:
        done = cli("validate", DECK_NAME, "-f", "mtg/modern", "-o", name, cwd=deck_folder)
        assert done.returncode == 2
        assert f"output {name!r} cannot report decks; choose one of: {', '.join(report.choices(report.DECKS))}" in done.stderr


@pytest.mark.parametrize("command", ["validate", "batch", "check", "simulate"])
def test_output_help_lists_the_registry(cli, command):
    subjects = {"validate": (report.DECKS,), "batch": (report.BATCH,), "check": (report.DECKS, report.ASSERTIONS),
                "simulate": (report.SIMULATIONS,)}[command]
    done = cli(command, "--help", env={"COLUMNS": "400"})
    flat = " ".join(done.stdout.split())
    assert report.output_help(*subjects) in flat


# ---------------------------------------------------------------- auto


@pytest.mark.parametrize(("actions", "chosen"), [("true", "github"), ("false", "text"), ("1", "text"), ("", "text"), (None, "text")])
def test_auto_is_github_only_under_github_actions(monkeypatch, actions, chosen):
    if actions is None:
        monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    else:
        monkeypatch.setenv("GITHUB_ACTIONS", actions)
    assert report.resolve_auto("auto") == chosen
    assert report.choose("auto", report.DECKS).NAME == chosen
    assert report.resolve_auto("json") == "json"


@pytest.mark.parametrize("actions", ["true", "false", None])
@pytest.mark.parametrize("command", ["validate", "batch", "simulate"])
def test_auto_through_the_cli(cli, deck_folder, command, actions):
    env = {"GITHUB_ACTIONS": actions} if actions is not None else None
    args = {"validate": ["validate", DECK_NAME, "-f", "mtg/modern"],
            "batch": ["batch", ".", "-f", "mtg/modern", "-q"],
            "simulate": ["simulate", DECK_NAME, "-f", "mtg/constructed", "--assert", "keep7 >= 0"]}[command]
    done = cli(*args, "-o", "auto", cwd=deck_folder, env=env)
    assert done.returncode in (0, 1), done.stderr
    assert ("::group::" in done.stdout) is (actions == "true")


def test_deckcheck_yaml_output_reads_the_registry(cli, deck_folder):
    (deck_folder / "deckcheck.yaml").write_text("format: mtg/modern\noutput: csv\n", encoding="utf-8")
    done = cli("check", cwd=deck_folder)
    accepted = ", ".join(repr(name) for name in report.choices(report.DECKS, report.ASSERTIONS))
    assert done.returncode == 2
    assert f"output: expected one of {accepted}, got the text 'csv'" in done.stderr
    (deck_folder / "deckcheck.yaml").write_text("format: mtg/modern\noutput: json\n", encoding="utf-8")
    done = cli("check", cwd=deck_folder)
    assert done.returncode == 1 and json.loads(done.stdout)["results"][0]["deck"] == DECK_NAME


@pytest.mark.parametrize(
    ("options", "actions", "reporter"),
    [(["-o", "json"], None, ["json"]), ([], None, ["text"]), (["-o", "junit"], "true", ["junit"]),
     (["-o", "auto"], "true", ["github", "text"])],  # github's job summary is text's summary
)
def test_running_a_command_imports_only_its_reporter(deck_folder, options, actions, reporter):
    """A command imports the reporter it was asked for, not all of them: `auto` (the
    default) imports the one it stands for, never both."""
    import os
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from deckcheck.entry import main\n"
        f"sys.argv = ['deckcheck', 'validate', 'bolts.txt', '-f', 'mtg/modern', *{options!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "from deckcheck.report import REPORTERS\n"
        "print(sorted(m for m in sys.modules if m.rpartition('.')[2] in REPORTERS and m.startswith('deckcheck.report.')), file=sys.stderr)\n"
    )
    env = {key: value for key, value in os.environ.items() if key != "GITHUB_ACTIONS"}
    env.update({"GITHUB_ACTIONS": actions} if actions else {})
    done = subprocess.run([sys.executable, "-c", code], cwd=deck_folder, capture_output=True, text=True, timeout=120, env=env)
    loaded = done.stderr.strip().splitlines()[-1]
    # Helper modules (style, stream, spreadsheet) may come along; no other reporter may.
    assert loaded == str(sorted(f"deckcheck.report.{name}" for name in reporter)), done.stderr


@pytest.mark.parametrize("subject", sorted(SUBJECTS))
def test_auto_is_offered_only_where_both_of_its_outputs_render(subject):
    both = subject in report.REPORTERS[report.PLAIN].renders and subject in report.REPORTERS[report.ACTIONS].renders
    assert (report.AUTO in report.choices(subject)) is both
    assert report.renders(report.AUTO, subject) is both


@pytest.mark.parametrize("actions", ["true", None])
def test_compare_refuses_auto_wherever_it_runs(cli, deck_folder, actions):
    """github cannot show a comparison, so `auto` is refused outside GitHub Actions too."""
    env = {"GITHUB_ACTIONS": actions} if actions else None
    done = cli("simulate", DECK_NAME, "-f", "mtg/constructed", "--compare", "a.yaml", "b.yaml", "-o", "auto", cwd=deck_folder, env=env)
    assert done.returncode == 2
    assert done.stderr == f"deckcheck: error: output 'auto' cannot report comparisons; choose one of: {', '.join(report.choices(report.COMPARISONS))}\n"


@pytest.mark.parametrize("value", [
    {"card": "Æther Vial", "count": 4, "p": 0.1 + 0.2, "big": 1e300, "nan": float("nan"), "inf": float("-inf")},
    [1, 2.5, None, True, False, "a\nb\"c\\d\u2028", {"nested": ["Jötun Grunt", -0.0]}],
    {"holders": {"ann": 4, "bob": 1}, "line": None, "details": {}},
])
def test_the_reports_c_encoder_writes_what_json_writes(value):
    """report/json.py builds json's C encoder once from a private signature (1.5 us a line):
    its text is the public encoder's, value for value, floats and non-ASCII included."""
    from deckcheck.report import json as json_report

    assert json_report._C_ENCODE is not None, "no C encoder on this Python: the fast path is untested here"
    assert json_report._dumps(value) == json.JSONEncoder(ensure_ascii=False).encode(value)


def test_the_text_report_s_line_column_widens_for_a_block_with_a_far_line():
    """A block with a problem past line 9999 widens its line column for all its lines (the
    zones stay in one column); a block without keeps `line 9999`'s width."""
    from deckcheck.problem import Problem
    from deckcheck.report.text import render
    from deckcheck.result import DeckResult, Report, TeamResult

    far = [Problem(rule="copy-limit", message="m", line=3, zone="main"),
           Problem(rule="banned", message="m", line=123456, zone="side"), Problem(rule="deck-size", message="m")]
    near = [Problem(rule="banned", message="m", line=7, zone="main")]
    text = render(Report(results=[DeckResult("a.txt", "mtg/modern", far), DeckResult("b.txt", "mtg/modern", near)],
                         teams=[TeamResult("t", "mtg/modern", ["p"], far)]))
    rows = [line for line in text.splitlines() if line.startswith("  ")]
    assert [row.index(" main") if "main" in row else row.index(" side") if "side" in row else None for row in rows] == [
        13, 13, None, 11, 13, 13, None]
    assert rows[2].index("deck-size") == rows[0].index("copy-limit") == 2 + 11 + 1 + 10 + 1
