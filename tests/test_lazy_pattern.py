"""deckcheck/lazy_pattern.py: a pattern compiled on first use answers as the compiled one."""
from __future__ import annotations

import re

import pytest

from deckcheck.lazy_pattern import LazyPattern, lazy

CASES = [
    (r"(?P<count>\d+)\s+(?P<name>.+)", 0, "4 Lightning Bolt"),
    (r"a deck can have up to (\w+) cards named", re.IGNORECASE, "A deck can have up to SEVEN cards named X"),
    (r"[\x00-\x1f]", 0, "tab\there"),
    (r"nothing", 0, "something else"),
]


@pytest.mark.parametrize(("source", "flags", "text"), CASES)
def test_every_method_answers_as_the_compiled_pattern(source: str, flags: int, text: str) -> None:
    compiled, stand_in = re.compile(source, flags), lazy(source, flags)
    for method in ("match", "fullmatch", "search"):
        found, expected = getattr(stand_in, method)(text), getattr(compiled, method)(text)
        assert (found and found.groups()) == (expected and expected.groups())
    assert stand_in.sub("-", text) == compiled.sub("-", text)
    assert stand_in.subn("-", text) == compiled.subn("-", text)
    assert stand_in.split(text) == compiled.split(text)
    assert stand_in.findall(text) == compiled.findall(text)
    assert [m.span() for m in stand_in.finditer(text)] == [m.span() for m in compiled.finditer(text)]
    assert (stand_in.pattern, stand_in.flags, stand_in.groups, dict(stand_in.groupindex)) == (
        compiled.pattern, compiled.flags, compiled.groups, dict(compiled.groupindex))


def test_nothing_is_compiled_before_the_first_use_and_once_after() -> None:
    stand_in = lazy(r"x+")
    assert isinstance(stand_in, LazyPattern)
    assert "match" not in vars(stand_in)
    assert stand_in.fullmatch("xxx")
    first = vars(stand_in)["match"]
    stand_in.search("x")
    assert vars(stand_in)["match"] is first  # kept, not compiled again


def test_a_stand_in_copies_and_answers_as_before() -> None:
    import copy

    stand_in = lazy(r"(\d+) (.+)")
    for copied in (copy.copy(stand_in), copy.deepcopy(stand_in)):
        assert copied.fullmatch("4 Island").groups() == ("4", "Island")
    assert stand_in.fullmatch("4 Island").groups() == ("4", "Island")


def test_a_bad_pattern_fails_where_it_is_used_and_again_after() -> None:
    stand_in = lazy(r"(unclosed")
    for _ in range(2):
        with pytest.raises(re.error):
            stand_in.match("x")


# Imported by validate, batch and check runs: none compiles a pattern of its own on import.
_START_UP_MODULES = (
    "deckcheck.cli.quick", "deckcheck.pipeline", "deckcheck.batch.check", "deckcheck.report.json",
    "deckcheck.report.text", "deckcheck.decklists", "deckcheck.games.mtg.catalog", "deckcheck.engine",
)
_COUNT_COMPILES = """
import re, sys
compiled = []
plain = re._compile
def recording(pattern, flags):
    caller = sys._getframe(2)
    if caller.f_code.co_name == "<module>" and "deckcheck" in caller.f_code.co_filename:
        compiled.append(f"{caller.f_code.co_filename}:{caller.f_lineno}")
    return plain(pattern, flags)
re._compile = recording
import importlib
for name in sys.argv[1:]:
    importlib.import_module(name)
print("\\n".join(compiled))
"""


def test_no_module_of_a_run_compiles_a_pattern_when_it_is_imported() -> None:
    """Start-up (issue 15): a module-level pattern is `lazy`, compiled when a run needs it."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", _COUNT_COMPILES, *_START_UP_MODULES],
                          capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""
