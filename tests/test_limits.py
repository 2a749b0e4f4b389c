"""docs/security.md lists every limit of deckcheck/limits.py with its value, and the
modules that enforce a limit use the constant (they state no number of their own)."""
from __future__ import annotations

import re
from pathlib import Path

from deckcheck import limits

DOC = Path(__file__).resolve().parent.parent / "docs" / "security.md"
ROW = re.compile(r"^\| `(?P<name>[A-Z0-9_]+)` \| (?P<value>[0-9.,]+) \|", re.MULTILINE)


def _constants() -> dict[str, int | float]:
    return {name: value for name, value in vars(limits).items() if name.isupper() and isinstance(value, (int, float))}


def _shown(value: int | float) -> str:
    return f"{value:,}" if isinstance(value, int) else f"{value:g}"


def test_the_security_page_lists_every_limit_with_its_value():
    rows = {match["name"]: match["value"] for match in ROW.finditer(DOC.read_text(encoding="utf-8"))}
    assert set(rows) == set(_constants()), "docs/security.md's table and deckcheck/limits.py differ"
    for name, value in _constants().items():
        assert rows[name] == _shown(value), f"docs/security.md says {name} is {rows[name]}, limits.py {value}"


def test_modules_take_their_bounds_from_limits():
    from deckcheck import textio
    from deckcheck.batch import archive
    from deckcheck.cards import http, jsonstream
    from deckcheck.decklists import common, xmlsafe
    from deckcheck.engine import expr

    assert textio.MAX_INPUT_BYTES is limits.MAX_INPUT_BYTES
    assert (archive.MAX_ENTRIES, archive.MAX_TOTAL_BYTES) == (limits.MAX_ZIP_ENTRIES, limits.MAX_ZIP_BYTES)
    assert (common.MAX_LINE_CHARS, common.MAX_COUNT) == (limits.MAX_LINE_CHARS, limits.MAX_COUNT)
    assert (xmlsafe.MAX_DEPTH, expr.MAX_TOKENS, expr.MAX_NESTING) == (
        limits.MAX_XML_DEPTH, limits.MAX_EXPRESSION_TOKENS, limits.MAX_EXPRESSION_NESTING)
    assert jsonstream.MAX_ITEM_CHARS == limits.MAX_JSON_ITEM_CHARS
    assert http.timeouts() == (limits.CONNECT_TIMEOUT, limits.READ_TIMEOUT)


def test_the_tests_expect_the_limits_the_module_has():
    """Tests of the limits state the limits they expect as numbers (so they run, and
    fail, against code that has no limits module); they must be limits.py's."""
    import test_cards_sync
    import test_cards_validate
    import test_security_output

    for module in (test_security_output, test_cards_sync, test_cards_validate):
        for name in ("MAX_UNREADABLE_LINES", "MAX_PROBLEMS_PER_DECK", "MAX_PROBLEMS_PER_REPORT",
                     "MAX_API_RESPONSE_BYTES", "MAX_ONLINE_NAMES_PER_DECK", "MAX_ONLINE_REQUESTS_PER_RUN"):
            if hasattr(module, name):
                assert getattr(module, name) == getattr(limits, name), (module.__name__, name)
