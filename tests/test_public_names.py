"""The names `deckcheck` exports are typed for a library user's type checker: the package
carries the PEP 561 `py.typed` marker (without it mypy stops at "module is installed, but
missing library stubs or py.typed marker"), and each exported name is imported where a
type checker reads it (`if TYPE_CHECKING:` in deckcheck/__init__.py), the same object
that `deckcheck.NAME` gives at run time. The run-time names are imported on first use
(`__getattr__`), whose `-> object` is all a checker would otherwise see:
`validate(...)` was '"object" not callable'."""
from __future__ import annotations

import ast
import importlib
from pathlib import Path

import deckcheck

INIT = Path(deckcheck.__file__)


def checker_imports(package: str = "deckcheck") -> dict[str, tuple[str, str]]:
    """Each name the `if TYPE_CHECKING:` block of `package`'s __init__ imports: (module, attribute)."""
    found: dict[str, tuple[str, str]] = {}
    init = Path(importlib.import_module(package).__file__)
    for node in ast.walk(ast.parse(init.read_text(encoding="utf-8"))):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for statement in node.body:
                assert isinstance(statement, ast.ImportFrom), ast.dump(statement)
                assert statement.level == 1 and statement.module, ast.dump(statement)  # from .module import name
                module = f"{package}.{statement.module}"
                for alias in statement.names:
                    found[alias.asname or alias.name] = (module, alias.name)
    return found


def test_the_package_is_marked_typed():
    assert (INIT.parent / "py.typed").is_file()


def test_a_type_checker_sees_every_exported_name_as_it_is_at_run_time():
    seen = checker_imports()
    assert sorted(seen) == sorted(name for name in deckcheck.__all__ if name != "__version__")
    for name, (module, attribute) in seen.items():
        assert getattr(importlib.import_module(module), attribute) is getattr(deckcheck, name), name


def test_a_type_checker_sees_the_engines_names_as_they_are_at_run_time():
    # docs/engine.md's `from deckcheck.engine import simulate`: the names are imported on
    # first use there too, and its `__getattr__` returns Any, so mypy --strict passed any
    # call of simulate unchecked and typed its Simulation as Any.
    import deckcheck.engine as engine

    seen = checker_imports("deckcheck.engine")
    assert sorted(seen) == sorted(engine.__all__)
    for name, (module, attribute) in seen.items():
        assert getattr(importlib.import_module(module), attribute) is getattr(engine, name), name


def test_dir_lists_the_exported_names_for_completion():
    # An editor's or a REPL's completion of `deckcheck.` reads dir(): the names imported
    # on first use were missing from it until used.
    shown = dir(deckcheck)
    assert set(deckcheck.__all__) <= set(shown)
    assert "TYPE_CHECKING" not in shown


def test_the_examples_in_the_public_docstrings_run_as_written():
    # help(deckcheck) showed its example split over three lines (a "\n" in a plain
    # docstring is a line break): copied into a REPL it was a SyntaxError.
    import doctest

    finder, runner = doctest.DocTestFinder(recurse=False), doctest.DocTestRunner()
    tests = [test for obj in (deckcheck, *(getattr(deckcheck, name) for name in deckcheck.__all__ if name != "__version__"))
             for test in finder.find(obj)]  # each run in its own module's names, as help() shows it
    assert sum(len(test.examples) for test in tests) >= 4  # the module's and validate's
    for test in tests:
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_every_entry_that_takes_a_format_is_typed_to_take_an_id_a_file_and_a_format():
    # simulate takes a format file as validate does (docs/contracts.md), but its signature
    # said `Format | str`, so a type checker refused simulate(deck, Path("cube.yaml")).
    import inspect
    import sys
    import typing
    from pathlib import Path

    from deckcheck.engine import simulate
    from deckcheck.formats import Format

    for function, parameter in ((deckcheck.validate, "format_id"), (deckcheck.validate_file, "format_id"),
                                (deckcheck.check_deck, "fmt"), (deckcheck.load_format, "ref"), (simulate, "fmt")):
        written = inspect.signature(function).parameters[parameter].annotation
        taken = eval(written, vars(sys.modules[function.__module__]))  # as a type checker reads it
        assert {str, Path, Format} <= set(typing.get_args(taken)), (function.__qualname__, written)


def test_check_source_is_typed_to_take_a_number_of_players_to_deck_check():
    # docs/batch.md: `deck_check` is text ("10%", "5") or a whole number of players (5),
    # which check_source takes, but its signature said `str | None`: a type checker
    # refused check_source(..., deck_check=5).
    import inspect
    import sys
    import typing

    from deckcheck.batch import check_source

    written = inspect.signature(check_source).parameters["deck_check"].annotation
    taken = eval(written, vars(sys.modules[check_source.__module__]))
    assert {str, int, type(None)} <= set(typing.get_args(taken)), written


def test_validate_file_is_typed_with_validates_keywords():
    # validate_file took `**options: Any`: a type checker passed validate_file(path, fmt,
    # offlne=True) and validate_file(path, fmt, platform=3), met at run time as a bare
    # TypeError or an OptionError, where validate(...) is checked before it runs.
    import inspect

    given = inspect.signature(deckcheck.validate_file).parameters
    wanted = inspect.signature(deckcheck.validate).parameters
    assert list(given)[1:] == list(wanted)[1:]
    for name in list(wanted)[1:]:
        assert (given[name].kind, given[name].default, given[name].annotation) == (
            wanted[name].kind, wanted[name].default, wanted[name].annotation), name


def test_simulate_is_a_top_level_name_and_import_deckcheck_loads_nothing_more():
    # A website calling validate, convert and lookup_card as `deckcheck.NAME` had to know
    # that simulate alone lived in deckcheck.engine (AttributeError on deckcheck.simulate).
    # It is imported on first use, as the others are: `import deckcheck` loads no module
    # beyond the package itself, as the command's start-up needs.
    import subprocess
    import sys

    import deckcheck.engine

    assert "simulate" in deckcheck.__all__
    assert deckcheck.simulate is deckcheck.engine.simulate
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, deckcheck; print(sorted(m for m in sys.modules if m.startswith('deckcheck')))"],
        capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "['deckcheck']"
