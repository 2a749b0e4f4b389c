"""deckcheck runs on every Python pyproject.toml's `requires-python` names (3.10 and newer):
its regular expressions use no syntax an older `re` refuses. Python 3.11 added possessive
quantifiers (`*+`, `++`, `?+`, `{m,n}+`) and atomic groups (`(?>...)`); on 3.10 a pattern
holding one fails when first compiled ("multiple repeat"), an internal error on the first
list with a `#` line (review of session 30). The test suite runs on one Python, so the
patterns are read from the source."""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "deckcheck"

# A quantifier followed by `+` (not escaped), or an atomic group.
NEWER_SYNTAX = re.compile(r"(?<!\\)(?:[*+?]|\})\+|\(\?>")


def _strings(path: Path) -> list[tuple[int, str]]:
    """Every string constant of `path` as Python reads it, an f-string's literal parts
    included (the syntax tree: Python 3.12 tokenizes an f-string in pieces, so its tokens
    would miss `rf"..."` patterns), raw or not."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def test_requires_python_is_the_version_this_test_guards():
    assert 'requires-python = ">=3.10"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_no_pattern_uses_syntax_python_3_10_lacks():
    offending = [
        f"{path.relative_to(ROOT)}:{line}: {text[:80]}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line, text in _strings(path)
        if NEWER_SYNTAX.search(text)
    ]
    assert offending == []


def test_the_scan_sees_a_possessive_quantifier_and_an_atomic_group():
    assert NEWER_SYNTAX.search(r"^[ \t]*+x")
    assert NEWER_SYNTAX.search(r"[0-9]++,")
    assert NEWER_SYNTAX.search(r"a{2,}+")
    assert NEWER_SYNTAX.search(r"(?>ab)")
    assert not NEWER_SYNTAX.search(r"^[ \t]*(?P<name>[^\s:].*)$")
    assert not NEWER_SYNTAX.search(r"\++")  # an escaped plus, repeated
