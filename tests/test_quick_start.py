"""Start-up stays light (docs/speed.md): `deckcheck --help` imports neither Typer nor any
network or YAML module; one `deckcheck validate` reads its command line without Typer
(cli/quick.py) exactly as Typer would, and imports no network module and, once the
format is in the cache, no YAML."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from deckcheck._help import COMMAND_PARAMETERS
from deckcheck.cli.quick import read_command_line

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "burn-modern.txt"
HEAVY = ("typer", "click", "yaml", "requests", "requests_cache", "urllib3", "platformdirs", "numpy", "difflib")  # difflib: only for a typo


def modules_after(*args: str, cwd: Path = ROOT) -> tuple[int, str, list[str]]:
    """(exit code, stdout, modules loaded) of running `deckcheck ARGS` in one interpreter."""
    code = (
        "import sys, io, json, contextlib\n"
        "from deckcheck.entry import main\n"
        f"sys.argv = ['deckcheck', *{list(args)!r}]\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n"
        "    try:\n        main()\n        code = 0\n    except SystemExit as exc:\n        code = exc.code\n"
        "print(json.dumps([code, out.getvalue(), sorted(sys.modules)]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    exit_code, stdout, modules = json.loads(done.stdout.splitlines()[-1])
    return exit_code, stdout, modules


def heavy_in(modules: list[str]) -> list[str]:
    return [name for name in modules if name.split(".")[0] in HEAVY]


def test_help_imports_nothing_heavy():
    code, stdout, modules = modules_after("--help")
    assert code == 0 and stdout.startswith("Usage: deckcheck")
    assert heavy_in(modules) == []
    assert [name for name in modules if name.startswith("deckcheck")] == ["deckcheck", "deckcheck._help", "deckcheck.entry"]


def test_validate_with_card_data_imports_no_typer_no_network_and_no_yaml_once_cached():
    code, first, modules = modules_after("validate", str(EXAMPLE), "-f", "mtg/modern")
    assert code == 0 and "LEGAL" in first
    assert "deckcheck.cards.builtin" in modules  # card checks were on
    assert {name.split(".")[0] for name in heavy_in(modules)} == {"yaml"}  # the first run read the format file
    code, second, modules = modules_after("validate", str(EXAMPLE), "-f", "mtg/modern")
    assert (code, second) == (0, first)
    assert heavy_in(modules) == []


# What one Magic `validate` of a text deck builds no more (docs/speed.md, start-up): the
# dataclass machinery (records on that path are deckcheck.record.Record), OpenSSL, expat,
# "did you mean", what building a card database takes, the other games' card modules, and
# the csv module (only a deck site's CSV export given as the list is read with it), the
# codecs of other countries' Windows (only a file in neither UTF-8 nor ASCII is read in them),
# and the other games' rules (rules/__init__.py imports a rule for a format that may use it).
NOT_FOR_ONE_MAGIC_DECK = (
    "csv", "_csv", "encodings.cp1251", "encodings.gb2312", "encodings.big5", "encodings.cp932", "dataclasses", "inspect", "hashlib", "_hashlib", "pyexpat", "deckcheck.decklists.xmlsafe",
    "deckcheck.cards.suggest", "deckcheck.games.mtg.db_writer", "deckcheck.games.mtg.card_names",
    "deckcheck.games.mtg.printings", "deckcheck.games.wow.cards", "deckcheck.games.yugioh.catalog",
    "deckcheck.games.yugioh.cards", "deckcheck.rules.hero", "deckcheck.rules.class_faction", "deckcheck.rules.points",
    "deckcheck.rules.region", "deckcheck.rules.extra_deck_size", "deckcheck.rules.extra_deck_type",
)


def test_validate_of_a_magic_text_deck_builds_only_what_it_uses():
    modules_after("validate", str(EXAMPLE), "-f", "mtg/modern")  # the format in the cache
    code, out, modules = modules_after("validate", str(EXAMPLE), "-f", "mtg/modern")
    assert code == 0 and "LEGAL" in out
    assert sorted(set(NOT_FOR_ONE_MAGIC_DECK) & set(modules)) == []


def test_a_plain_batch_command_line_imports_no_typer(tmp_path):
    """A plain batch command line runs without Typer (cli/run_batch.py), and a batch too
    small for a worker loads no process pool (batch/runner.py, process_pool)."""
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "burn.txt").write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    code, out, modules = modules_after("batch", "decks", "-f", "mtg/modern", "--date", "2024-06-01", "-o", "json",
                                       "--quiet", cwd=tmp_path)
    assert code == 0 and json.loads(out)["results"][0]["legal"] is True
    assert "typer" not in modules and "deckcheck.cli.batch" not in modules
    assert "multiprocessing" not in modules and "concurrent.futures.process" not in modules
    # Nor, the format read from its cache (reading its YAML builds the schema of every
    # rule), the rules no Magic format runs: batch/teams.py, which every batch imports,
    # named the card-limit rule's id at import.
    _, _, modules = modules_after("batch", "decks", "-f", "mtg/modern", "--date", "2024-06-01", "-o", "json", "--quiet",
                                  cwd=tmp_path)
    other_rules = {name for name in NOT_FOR_ONE_MAGIC_DECK if name.startswith("deckcheck.rules.")} | {"deckcheck.rules.card_limit"}
    assert sorted(other_rules & set(modules)) == []


def test_a_command_line_quick_cannot_read_goes_to_typer():
    code, _, modules = modules_after("validate", str(EXAMPLE), "-f", "mtg/modern", "--help")
    assert code == 0 and "typer" in modules


# Command lines and whether cli/quick.py reads them itself (else Typer does).
COMMAND_LINES = [
    ("validate", ["deck.txt", "-f", "mtg/modern"], True),
    ("validate", ["a.txt", "b.txt", "--format", "mtg/legacy", "-o", "json", "--date", "2024-01-01"], True),
    ("validate", ["-f", "mtg/modern", "a.txt", "--offline", "--no-cards", "b.txt", "--platform", "mtgo"], True),
    ("validate", ["--format=mtg/modern", "--output=junit", "a.txt"], True),
    ("validate", ["-f", "mtg/modern", "-f", "mtg/legacy", "a.txt"], True),  # the last one given counts
    ("validate", ["-f", "mtg/modern", "--", "-odd-name.txt", "--offline"], True),
    ("validate", ["-", "-f", "mtg/limited", "--pool", "pool.txt", "--input-format", "text"], True),
    ("validate", ["a.txt", "-f", "mtg/modern", "--cards-db", "cards.sqlite"], True),
    ("validate", ["a.txt", "-f", "mtg/modern", "--format="], True),
    ("validate", ["a.txt"], False),  # --format missing
    ("validate", ["-f", "mtg/modern"], False),  # no deck
    ("validate", ["a.txt", "-fmtg/modern"], False),
    ("validate", ["a.txt", "-f"], False),
    ("validate", ["a.txt", "-f", "--offline"], False),
    ("validate", ["a.txt", "-f", "mtg/modern", "--offline=yes"], False),
    ("validate", ["a.txt", "-f", "mtg/modern", "--off"], False),
    ("validate", ["a.txt", "-f", "mtg/modern", "--help"], False),
    ("validate", ["a.txt", "-f", "mtg/modern", "-x"], False),
    ("simulate", ["deck.txt", "-f", "mtg/modern"], True),
    ("simulate", ["deck.txt", "-f", "mtg/modern", "--keep", "2 <= lands <= 4", "--assert", "keep7 >= 0.85",
                  "--assert=keep6 > 0.1", "-o", "junit"], True),
    ("simulate", ["deck.txt", "-f", "mtg/modern", "--hands", "5000", "--seed", "7", "--turns", "4", "--on", "draw",
                  "--card", "Lightning Bolt", "--card", "Goblin Guide", "--cast", "Boros Charm", "--exact"], True),
    ("simulate", ["deck.txt", "-f", "mtg/modern", "--compare", "a.yaml", "b.yaml", "c.yaml", "--plot", "odds.svg"], True),
    ("simulate", ["deck.txt", "-f", "mtg/modern", "--keep6", "lands >= 1", "--keep5", "true", "--policy", "p.yaml",
                  "--cards-db", "cards.sqlite", "--offline", "--no-cards", "--input-format", "text"], True),
    ("simulate", ["deck.txt", "-f", "mtg/modern", "--hands", "1e6"], False),  # not a whole number: Click says so
    ("simulate", ["deck.txt", "-f", "mtg/modern", "--hands", " 12 "], True),  # int() and Click both take it
    ("simulate", ["deck.txt", "-f", "mtg/modern", "--seed", "-1"], False),  # looks like an option
    ("simulate", ["deck.txt", "-f", "mtg/modern", "--assert"], False),
    ("simulate", ["-f", "mtg/modern"], False),  # no deck
    ("simulate", ["deck.txt", "-f", "mtg/modern", "--help"], False),
    ("batch", ["registrations.csv", "-f", "mtg/legacy", "--date", "2026-08-31", "-o", "json", "--quiet", "--jobs", "1"], True),
    ("batch", ["decks/"], True),  # -f is optional: rows may name their formats
    ("batch", ["decks.zip", "-j", "2", "--no-unified", "--report", "out.xml", "-o", "junit", "--deck-check", "10%",
               "--seed", "7", "--sheets", "sheets.pdf", "--event", "Spring Open", "--paper", "letter", "--cards-db",
               "cards.sqlite", "--platform", "mtgo", "--no-cards", "--allow-outside-paths"], True),
    ("batch", ["decks/", "--jobs=3"], True),
    ("batch", ["decks/", "--jobs", "0"], False),  # below IntRange(min=1): Click says so
    ("batch", ["decks/", "--jobs", "two"], False),
    ("batch", ["decks/", "-j2"], False),
    ("batch", [], False),  # no source
    ("batch", ["a/", "b/"], False),  # one source only
    ("batch", ["decks/", "--help"], False),
]


@pytest.mark.parametrize(("command", "args", "quick"), COMMAND_LINES, ids=[f"{c} {' '.join(a)}" for c, a, _ in COMMAND_LINES])
def test_quick_reads_a_command_line_as_typer_does(command, args, quick):
    from typer.main import get_command

    from deckcheck.cli import typer_app

    values = read_command_line(COMMAND_PARAMETERS[command], args)
    assert (values is not None) is quick
    if values is None:
        return
    declared = get_command(typer_app()).commands[command]  # type: ignore[attr-defined]
    with declared.make_context(command, list(args)) as context:
        expected = dict(context.params)
    for name, _, kind, _, _ in COMMAND_PARAMETERS[command]:
        if kind == "arguments":
            expected[name] = list(expected[name])
        elif kind == "path" and expected[name] is not None:
            expected[name] = Path(expected[name])
    assert values == expected


@pytest.mark.parametrize("command", ["validate", "simulate", "batch"])
def test_the_quick_parameters_cover_every_option(command):
    from typer.main import get_command

    from deckcheck.cli import typer_app

    declared = get_command(typer_app()).commands[command]  # type: ignore[attr-defined]
    options = {option for param in declared.params for option in getattr(param, "opts", ()) if option.startswith("-")}
    read = {option for _, options, _, _, _ in COMMAND_PARAMETERS[command] for option in options}
    assert read == options


def test_an_exact_simulation_for_ci_imports_no_typer_and_no_numpy():
    """keep odds and assertions on them (no by-turn table): neither Typer nor numpy."""
    code, out, modules = modules_after(
        "simulate", str(EXAMPLE), "-f", "mtg/modern", "--keep", "2 <= lands <= 4", "--assert", "keep7 >= 0.7",
        "--assert", "keep7 / keep6 > 3", "-o", "junit",
    )
    assert code == 0 and 'tests="2" failures="0"' in out
    assert {name.split(".")[0] for name in heavy_in(modules)} <= {"yaml"}  # yaml: a first read of the format


def test_a_simulation_usage_error_from_the_quick_path_is_one_line(tmp_path):
    code, out, modules = modules_after("simulate", str(EXAMPLE), "-f", "mtg/modern", "extra.yaml", cwd=tmp_path)
    assert code == 2 and out == "" and "typer" not in modules


def test_a_database_without_gaps_imports_no_network_module(sample_cards_db, tmp_path, monkeypatch):
    """Online lookups are allowed (no --offline) but every name is in the database: no
    lookup is needed, so no network module is imported."""
    monkeypatch.setenv("DECKCHECK_CARDS_DB", str(sample_cards_db))
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Lightning Bolt\n56 Island\n", encoding="utf-8")
    code, stdout, modules = modules_after("validate", str(deck), "-f", "mtg/constructed", cwd=tmp_path)
    assert code == 0, stdout
    assert "deckcheck.games.mtg.store" in modules  # the database was read
    assert [name for name in heavy_in(modules) if not name.startswith("yaml")] == []


@pytest.mark.parametrize("command", sorted(COMMAND_PARAMETERS))
def test_an_interrupted_command_exits_130_quietly_on_the_quick_path_as_under_typer(command, monkeypatch, capsys):
    """Typer turns Ctrl-C into exit 130 without a word; the quick path let it reach
    entry.py, which printed `deckcheck: interrupted`: one command printed or not by how an
    option was spelt (`-f mtg/modern` or `-fmtg/modern`)."""
    import importlib

    from deckcheck.cli import quick

    module, function = quick.RUNNERS[command]

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(importlib.import_module(module), function, interrupted)
    args = {"validate": ["validate", "deck.txt", "-f", "mtg/modern"], "simulate": ["simulate", "deck.txt", "-f", "mtg/modern"],
            "batch": ["batch", "decks", "-f", "mtg/modern"]}[command]
    try:
        code = quick.run(args)
    except KeyboardInterrupt:  # let through, it would stop the whole test run
        pytest.fail("the interrupt left the quick path: entry.py says `deckcheck: interrupted`, Typer says nothing")
    assert code == 130
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(("args", "collecting"), [
    (["validate", str(EXAMPLE), "-f", "mtg/modern"], False),
    (["batch", str(EXAMPLE.parent), "-f", "mtg/modern", "--date", "2024-06-01", "--quiet", "--no-cache"], False),
    (["formats", "list"], True),
])
def test_validate_and_batch_run_without_the_cycle_collector(args, collecting):
    """A `validate` or `batch` process is short and its start-up makes no garbage in cycles:
    the collector stays off (entry.py; 4.6% of a `validate`'s instructions were its passes
    over the start-up's objects). Other commands keep it."""
    code = (
        "import gc, io, sys, contextlib\n"
        "from deckcheck.entry import main\n"
        f"sys.argv = ['deckcheck', *{args!r}]\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n        main()\n    except SystemExit:\n        pass\n"
        "print(gc.isenabled())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == str(collecting)


@pytest.mark.parametrize("args", [
    ("validate", str(EXAMPLE), "-f", "mtg/modern"),
    ("batch", str(EXAMPLE), "-f", "mtg/modern", "--date", "2024-06-01", "-o", "json", "--no-cache"),
])
def test_a_check_compiles_no_text_at_run_time(args):
    """typing compiles a NamedTuple field's annotation or a TypeVar's bound given as text,
    and a process's first `compile()` sets up the parser's syntax-tree types: about 10 M
    instructions, 4% of a `validate` (deckcheck.record.NamedTuple). A check compiles none."""
    modules_after(*args)  # the format in the cache (reading YAML may compile)
    code = (
        "import sys\n"
        "from deckcheck.entry import main\n"
        f"sys.argv = ['deckcheck', *{list(args)!r}]\n"
        "calls = []\n"
        # importlib compiles a module whose bytecode is not cached (PYTHONDONTWRITEBYTECODE,
        # a fresh clone): that is an import's, not the run's, and a second run has none.
        "sys.setprofile(lambda frame, event, arg: calls.append(frame.f_code.co_filename) if event == 'c_call' and arg is compile"
        " and not frame.f_code.co_filename.startswith('<frozen importlib') else None)\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "sys.setprofile(None)\n"
        "print('compiled from', calls)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.stdout.splitlines()[-1] == "compiled from []", done.stderr
