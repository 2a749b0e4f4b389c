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
# "did you mean", what building a card database takes, and the other games' card modules.
NOT_FOR_ONE_MAGIC_DECK = (
    "dataclasses", "inspect", "hashlib", "_hashlib", "pyexpat", "deckcheck.decklists.xmlsafe",
    "deckcheck.cards.suggest", "deckcheck.games.mtg.db_writer", "deckcheck.games.mtg.card_names",
    "deckcheck.games.mtg.printings", "deckcheck.games.wow.cards", "deckcheck.games.yugioh.catalog",
)


def test_validate_of_a_magic_text_deck_builds_only_what_it_uses():
    modules_after("validate", str(EXAMPLE), "-f", "mtg/modern")  # the format in the cache
    code, out, modules = modules_after("validate", str(EXAMPLE), "-f", "mtg/modern")
    assert code == 0 and "LEGAL" in out
    assert sorted(set(NOT_FOR_ONE_MAGIC_DECK) & set(modules)) == []


def test_a_command_line_quick_cannot_read_goes_to_typer():
    code, _, modules = modules_after("validate", str(EXAMPLE), "-f", "mtg/modern", "--help")
    assert code == 0 and "typer" in modules


# Command lines and whether cli/quick.py reads them itself (else Typer does).
COMMAND_LINES = [
    (["deck.txt", "-f", "mtg/modern"], True),
    (["a.txt", "b.txt", "--format", "mtg/legacy", "-o", "json", "--date", "2024-01-01"], True),
    (["-f", "mtg/modern", "a.txt", "--offline", "--no-cards", "b.txt", "--platform", "mtgo"], True),
    (["--format=mtg/modern", "--output=junit", "a.txt"], True),
    (["-f", "mtg/modern", "-f", "mtg/legacy", "a.txt"], True),  # the last one given counts
    (["-f", "mtg/modern", "--", "-odd-name.txt", "--offline"], True),
    (["-", "-f", "mtg/limited", "--pool", "pool.txt", "--input-format", "text"], True),
    (["a.txt", "-f", "mtg/modern", "--cards-db", "cards.sqlite"], True),
    (["a.txt", "-f", "mtg/modern", "--format="], True),
    (["a.txt"], False),  # --format missing
    (["-f", "mtg/modern"], False),  # no deck
    (["a.txt", "-fmtg/modern"], False),
    (["a.txt", "-f"], False),
    (["a.txt", "-f", "--offline"], False),
    (["a.txt", "-f", "mtg/modern", "--offline=yes"], False),
    (["a.txt", "-f", "mtg/modern", "--off"], False),
    (["a.txt", "-f", "mtg/modern", "--help"], False),
    (["a.txt", "-f", "mtg/modern", "-x"], False),
]


@pytest.mark.parametrize(("args", "quick"), COMMAND_LINES, ids=[" ".join(args) for args, _ in COMMAND_LINES])
def test_quick_reads_a_command_line_as_typer_does(args, quick):
    from typer.main import get_command

    from deckcheck.cli import typer_app

    values = read_command_line(COMMAND_PARAMETERS["validate"], args)
    assert (values is not None) is quick
    if values is None:
        return
    command = get_command(typer_app()).commands["validate"]  # type: ignore[attr-defined]
    with command.make_context("validate", list(args)) as context:
        expected = dict(context.params)
    expected["decks"] = list(expected["decks"])
    expected["cards_db"] = Path(expected["cards_db"]) if expected["cards_db"] is not None else None
    assert values == expected


def test_the_quick_parameters_cover_every_validate_option():
    from typer.main import get_command

    from deckcheck.cli import typer_app

    command = get_command(typer_app()).commands["validate"]  # type: ignore[attr-defined]
    declared = {option for param in command.params for option in getattr(param, "opts", ()) if option.startswith("-")}
    read = {option for _, options, _, _, _ in COMMAND_PARAMETERS["validate"] for option in options}
    assert read == declared


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
