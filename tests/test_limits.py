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
    from deckcheck.formats import disk_cache

    assert textio.MAX_INPUT_BYTES is limits.MAX_INPUT_BYTES
    assert (archive.MAX_ENTRIES, archive.MAX_TOTAL_BYTES) == (limits.MAX_ZIP_ENTRIES, limits.MAX_ZIP_BYTES)
    assert (common.MAX_LINE_CHARS, common.MAX_COUNT) == (limits.MAX_LINE_CHARS, limits.MAX_COUNT)
    assert (xmlsafe.MAX_DEPTH, expr.MAX_TOKENS, expr.MAX_NESTING) == (
        limits.MAX_XML_DEPTH, limits.MAX_EXPRESSION_TOKENS, limits.MAX_EXPRESSION_NESTING)
    assert jsonstream.MAX_ITEM_CHARS == limits.MAX_JSON_ITEM_CHARS
    assert http.timeouts() == (limits.CONNECT_TIMEOUT, limits.READ_TIMEOUT)
    assert disk_cache.MAX_FORMAT_CACHE_ENTRIES is limits.MAX_FORMAT_CACHE_ENTRIES


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


def test_every_turn_bound_is_the_one_check_in_limits(monkeypatch, tmp_path):
    """--turns, an assertion's turn and --cast's mana value are bounded by
    limits.check_turns alone: lowering MAX_TURNS there bounds all three, each error in the
    wording its users know."""
    import pytest

    from deckcheck.engine.simulation import simulate
    from deckcheck.errors import DeckcheckError

    monkeypatch.setattr(limits, "MAX_TURNS", 2)
    policy = tmp_path / "costs.yaml"
    policy.write_text('costs: {Wrath of God: "{2}{W}{W}"}\n', encoding="utf-8")
    cases = [
        ({"turns": 3}, "turns 3: give a turn from 1 to 2 "),  # the library's keyword; the CLI says --turns
        ({"turns": 0}, "turns must be at least 1"),
        ({"turns": 1, "assertions": ["land_drops(3) >= 0.5"]}, "assertion: column 12 in 'land_drops(3) >= 0.5': turn 3: give a turn from 1 to 2 "),
        ({"turns": 1, "assertions": ["land_drops(0) >= 0.5"]}, "assertion: column 12 in 'land_drops(0) >= 0.5': turns start at 1"),
        ({"turns": 1, "cast": ["Wrath of God"], "policy_file": policy}, "cast 'Wrath of God': mana value 4: castability is asked up to turn"),
    ]
    for options, message in cases:
        with pytest.raises(DeckcheckError) as caught:
            simulate("24 Plains\n36 Grizzly Bears\n", "mtg/constructed", **options)
        assert str(caught.value).startswith(message), (options, str(caught.value))
