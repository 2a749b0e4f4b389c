"""The decklist registry (deckcheck/decklists/__init__.py) is the one source of parser and
writer names: `--input-format`, `convert --to`, their help, completion and errors read it,
and every format module declares what the registry needs."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest
from test_completion_help import complete_bash

import deckcheck
from deckcheck import decklists, report
from deckcheck.model import Deck

PACKAGE = Path(deckcheck.__file__).parent


@pytest.mark.parametrize("module", decklists.FORMATS, ids=lambda module: module.NAME)
def test_every_format_module_declares_itself(module):
    assert module.__name__ == f"deckcheck.decklists.{module.NAME}"
    assert module.DESCRIPTION and isinstance(module.EXTENSIONS, tuple)
    assert hasattr(module, "parse") or hasattr(module, "write")
    if hasattr(module, "parse"):
        assert callable(module.sniff)
        assert decklists.parse_text("", input_format=module.NAME).input_format == module.NAME
    if hasattr(module, "write"):
        assert module.ZONES
        assert isinstance(module.write(Deck(source="<empty>")), str)


def test_every_format_module_is_registered():
    helpers = {"__init__", "common", "convert", "csv_export", "layout", "markdown_table", "settings_file", "stated", "title", "xmlsafe"}
    modules = {path.stem for path in (PACKAGE / "decklists").glob("*.py")} - helpers
    assert modules == {module.NAME for module in decklists.FORMATS}


def test_write_only_formats_never_win_sniffing():
    for name in set(decklists.WRITERS) - set(decklists.PARSERS):  # arena: the text parser reads it
        assert decklists.choose(f"deck.{name}", "Deck\n4 Lightning Bolt\n").NAME == "text"


def test_unknown_input_format_lists_exactly_the_parsers(cli):
    done = cli("validate", "deck.txt", "-f", "mtg/modern", "--input-format", "nope")
    assert done.returncode == 2
    listed = done.stderr.strip().removeprefix("deckcheck: error: --input-format 'nope': unknown input format; choose one of: ")
    assert listed.split(", ") == list(decklists.PARSERS)


def test_unknown_writer_lists_exactly_the_writers(cli):
    done = cli("convert", "-", "--to", "nope", input="4 Lightning Bolt\n")
    assert done.returncode == 2 and done.stdout == ""
    listed = done.stderr.strip().removeprefix("deckcheck: error: --to 'nope': choose one of ")
    assert listed.split(", ") == list(decklists.WRITERS)


def test_completion_offers_exactly_the_registry(cli):
    assert complete_bash(cli, "deckcheck validate d.txt --input-format ") == list(decklists.PARSERS)
    assert complete_bash(cli, "deckcheck simulate d.txt --input-format ") == list(decklists.PARSERS)
    assert complete_bash(cli, "deckcheck convert d.txt --to ") == list(decklists.WRITERS)


def test_help_names_exactly_the_registry(cli):
    def spoken(names):
        return ", ".join(names[:-1]) + " or " + names[-1]

    validate = " ".join(cli("validate", "--help").stdout.split())
    convert = " ".join(cli("convert", "--help").stdout.split())
    assert f"Force a decklist parser: {spoken(list(decklists.PARSERS))}." in validate
    assert f"--to FORMAT {spoken(list(decklists.WRITERS))}." in convert


# ---------------------------------------------------------------- lists written once


def _string_lists(path: Path):
    """(line, strings) of every list, tuple or set literal of two or more strings."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)) and len(node.elts) >= 2:
            values = [elt.value for elt in node.elts if isinstance(elt, ast.Constant) and isinstance(elt.value, str)]
            if len(values) == len(node.elts):
                yield node.lineno, values


@pytest.mark.parametrize(
    ("names", "registry"),
    [
        (set(decklists.PARSERS) | set(decklists.WRITERS), PACKAGE / "decklists" / "__init__.py"),
        (set(report.REPORTERS), PACKAGE / "report" / "__init__.py"),
    ],
    ids=["decklist formats", "outputs"],
)
def test_names_are_listed_only_in_their_registry(names, registry):
    """No code but the registry spells out three or more of its names as a list."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == registry:
            continue
        for line, values in _string_lists(path):
            if len(names & set(values)) >= 3:
                found.append(f"{path.relative_to(PACKAGE)}:{line}: {values}")
    assert found == []
