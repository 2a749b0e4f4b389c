"""The rule registry, its case files and docs/rules.md agree.

- every module in deckcheck/rules/ (but the helpers) is a registered rule, named after its
  id, with the parts docs/extending.md lists (docstring, ID, KEYS, check);
- every registered rule has tests/cases/rules/<rule-id>.yaml, and every case file there is
  named after a known rule id and has a case that expects that id;
- docs/rules.md has exactly one row per rule id deckcheck reports; a rule's row names every
  format key the rule declares, and the games whose bundled formats it checks;
- every format key (shared or a rule's) is in docs/format-files.md.
"""
from __future__ import annotations

import importlib
import subprocess
import sys
import re
from pathlib import Path

import pytest

import caseload
from deckcheck.formats import iter_formats
from deckcheck.formats.schema import GAMES, SHARED_KEYS, ZONE_NAMES, format_schema, key_owners
from deckcheck.rules import OTHER_IDS, RULES
from deckcheck.rules.docs import known_ids

ROOT = Path(__file__).resolve().parent.parent
RULES_DIR = ROOT / "deckcheck" / "rules"
# Modules of deckcheck/rules/ that are not rules: what a rule may consult, the rule docs.
HELPERS = {"context", "docs"}
ROW = re.compile(r"^\| `(?P<id>[a-z-]+)` \| (?P<what>.+?) \| (?P<keys>.+?) \| (?P<games>.+?) \|$")


def _rows() -> dict[str, dict[str, str]]:
    rows: dict[str, dict[str, str]] = {}
    for line in (ROOT / "docs" / "rules.md").read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match:
            assert match["id"] not in rows, f"docs/rules.md: two rows for {match['id']}"
            rows[match["id"]] = match.groupdict()
    return rows


ROWS = _rows()


def _rule_modules() -> list[str]:
    return sorted(path.stem for path in RULES_DIR.glob("*.py") if not path.stem.startswith("_") and path.stem not in HELPERS)


@pytest.mark.parametrize("name", _rule_modules())
def test_every_rule_module_is_registered(name):
    module = importlib.import_module(f"deckcheck.rules.{name}")
    assert module.ID == name.replace("_", "-"), f"rules/{name}.py has ID {module.ID!r}: name the file after the id"
    assert RULES.get(module.ID) is module, f"rules/{name}.py is not registered in deckcheck/rules/__init__.py"


@pytest.mark.parametrize("rule_id", list(RULES))
def test_every_rule_has_its_parts(rule_id):
    module = RULES[rule_id]
    doc = module.__doc__ or ""
    assert doc.startswith(f"{rule_id}: "), f"{rule_id}: the docstring starts `{rule_id}: what it checks`"
    assert "FAIL" in doc, f"{rule_id}: the docstring gives a FAIL example"
    assert isinstance(module.KEYS, dict) and callable(module.check)
    for key in module.KEYS:
        assert f"`{key}" in doc, f"{rule_id}: the docstring names its format key {key!r}"


def test_rules_own_distinct_keys_and_the_schema_has_them_all():
    owners = key_owners()
    assert set(format_schema().fields) == set(SHARED_KEYS) | set(owners)
    assert owners == {key: rule_id for rule_id, module in RULES.items() for key in module.KEYS}


@pytest.mark.parametrize("rule_id", list(RULES))
def test_every_rule_has_a_case_file(rule_id):
    path = caseload.CASES / "rules" / f"{rule_id}.yaml"
    assert path.is_file(), f"{rule_id}: no tests/cases/rules/{rule_id}.yaml"


@pytest.mark.parametrize("path", caseload.case_files("rules"), ids=lambda path: path.stem)
def test_every_case_file_tests_its_rule(path):
    assert path.stem in RULES or path.stem in OTHER_IDS, f"{path.name}: not a rule id"
    expected = {
        problem["rule"] for file, case in caseload.all_cases("rules") if file == path for problem in case.get("problems") or ()
    }
    assert path.stem in expected, f"{path.name}: no case expects a `{path.stem}` problem"


def test_docs_rules_has_one_row_per_rule_id():
    assert set(ROWS) == set(known_ids())


def _games(cell: str) -> set[str]:
    return set(GAMES) if cell == "all" else {game.strip() for game in cell.split(",")}


def _keys(cell: str) -> set[str]:
    return set() if cell == "-" else set(re.findall(r"`([a-z_.]+)`", cell))


@pytest.mark.parametrize("rule_id", sorted(ROWS))
def test_docs_rules_row_names_real_keys_and_games(rule_id):
    row = ROWS[rule_id]
    known_keys = set(format_schema().fields) | {f"deck.{zone}" for zone in ZONE_NAMES}
    assert _keys(row["keys"]) <= known_keys, f"docs/rules.md, {rule_id}: not format keys: {_keys(row['keys']) - known_keys}"
    assert _games(row["games"]) <= set(GAMES), f"docs/rules.md, {rule_id}: unknown games {row['games']!r}"


def test_docs_rules_rows_of_rules_match_the_code():
    """A rule's row names every key in its KEYS, and the games are those of the bundled
    formats the rule applies to (a rule without `applies` runs for every game)."""
    formats = list(iter_formats())
    for rule_id, module in RULES.items():
        row = ROWS[rule_id]
        assert set(module.KEYS) <= _keys(row["keys"]), f"docs/rules.md, {rule_id}: keys {sorted(module.KEYS)}"
        applies = getattr(module, "applies", None)
        games = {fmt.game for fmt in formats if applies is None or applies(fmt)}
        assert _games(row["games"]) == games, f"docs/rules.md, {rule_id}: games {sorted(games)}"


def test_every_format_key_is_in_the_format_file_reference():
    reference = (ROOT / "docs" / "format-files.md").read_text(encoding="utf-8")
    missing = [key for key in format_schema().fields if f"`{key}`" not in reference]
    assert not missing, f"docs/format-files.md does not document {missing}"


def test_the_card_data_rules_docs_say_the_built_in_data_checks_them():
    """In one SARIF log's rules, unknown-card said it 'Needs a card database (`deckcheck cards
    sync` or `cards import`)' beside not-in-pool's 'Uses the card data (built in, or a synced
    database)': the card data built into deckcheck checks both, no database needed."""
    from deckcheck.rules.docs import describe

    for rule_id in ("unknown-card", "not-in-pool"):
        text = describe(rule_id).text
        assert "Uses the card data (built in, or a synced" in text, rule_id
        assert "Needs a card database" not in text and "the card database does not know" not in text, rule_id


def test_a_format_runs_the_rules_it_would_run_with_every_rule_imported():
    """rules_for imports a rule only when the registry's `_WHEN` says the format may use it
    (a Magic check imports no other game's rules); for every bundled format of every game,
    the rules it runs are those whose `applies` says so, in registry order."""
    from deckcheck.rules import _WHEN, rules_for

    formats = list(iter_formats())
    assert {fmt.game for fmt in formats} == set(GAMES)
    for fmt in formats:
        fmt.memo.pop("rules", None)
        expected = tuple(rule for rule in RULES.values() if getattr(rule, "applies", None) is None or rule.applies(fmt))
        assert rules_for(fmt) == expected, fmt.id
    for name, may_apply in _WHEN.items():  # a module left out is one whose applies is false
        rule = importlib.import_module(f"deckcheck.rules.{name}")
        assert all(rule.applies(fmt) is False or may_apply(fmt) for fmt in formats), name


def test_the_dated_list_keys_are_the_schema_s():
    """card_names.DATED_LIST_KEYS is written out (reading the schema imports every rule): it
    is the keys whose spec is a dated card list, in the schema's order."""
    from deckcheck.formats.card_names import DATED_LIST_KEYS
    from deckcheck.formats.schema import CARD_LISTS

    assert DATED_LIST_KEYS == tuple(key for key, spec in format_schema().fields.items() if any(spec is kind for kind in CARD_LISTS))


def test_a_rule_module_is_an_attribute_of_the_package_before_anything_imports_it():
    """`deckcheck.rules.banned` after `import deckcheck.rules` alone: the registry imported
    every rule at import before the rules were loaded lazily, and a library user's
    attribute access must not break with that (review of session 30)."""
    code = ("import sys, deckcheck.rules as rules\n"
            "assert 'deckcheck.rules.class_faction' not in sys.modules\n"
            "print(rules.class_faction.ID, rules.banned.ID)\n"
            "try:\n    rules.no_such_rule\nexcept AttributeError as exc:\n    print('refused', exc)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.splitlines() == ["class-faction banned", "refused module 'deckcheck.rules' has no attribute 'no_such_rule'"], done.stderr
