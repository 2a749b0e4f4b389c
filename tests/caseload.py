"""The one loader of the tests' YAML data: every data-driven test reads its cases here.

    tests/cases/rules/<rule-id>.yaml     the cases of one rule id (docs/rules.md)
    tests/cases/decklists/<format>.yaml  the cases of one decklist parser
    tests/cases/engine/*.yaml            simulations with their expected probabilities
    tests/cases/expressions/errors.yaml  malformed keep rules and assertions
    tests/cases/mana/costs.yaml, lands.yaml  mana costs and what lands make (--cast)
    tests/cases/cli/*.yaml               commands run through the installed `deckcheck` in a
                                         clean environment (test_cli_cases.py)
    tests/cases/diff/cases.yaml          `deckcheck diff` (test_paperwork_diff.py states its schema)

`load` reads any other YAML the tests hold as data (Karsten's tables, format-error cases,
the deck fixtures' expected rule ids), checked against the schema the test gives.

Files are read with deckcheck's own YAML loader (a key given twice is an error, dates stay
text) and every case is checked against the schema of its kind, with deckcheck's schema
checker: a misspelt key would otherwise silently skip what it was meant to check.

A case file is a list of cases, each with a `name` unique in its file. Which test runs a
case of tests/cases/rules or tests/cases/decklists depends on its shape (`kind_of`):

    deck       `deck` (the deck's text) and `format`, checked through the library
               (test_rule_cases.py); optional `date`, `platform`, `problems`, `legal`, `counts`,
               `entries`, `deck_name`, `input_format`, `cards`, `suggestions`, `canonical`
    pool       `deck` and `pool` (the registered pool's text), through `deckcheck validate
               --pool` (test_pool_cases.py); optional `pool_file` / `deck_file` names,
               `pool_crlf` (the pool file written with CRLF line ends, as a Windows program
               saves it), `cards` (a card database, as for `deck`; default none: `--no-cards`)
    team       `decks` (player -> text) of one team, through the batch library
               (test_team_cases.py); optional `date`, `unified`, `deck_rules`, `cells`,
               `cards` (a card database; default the batch's own)
    team-pool  `decks` and `pool` (one file for the team) or `pools` (player -> text; a
               player left out names no pool), through `deckcheck batch` with a `pool`
               column (test_pool_cases.py); optional `cells`, `cards` (as for `pool`)

`cells` (player -> {column: text}) adds cells to that player's manifest row (`seat`,
`format`, ...).

`problems` are compared one to one, each on the fields it states.
"""
from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from deckcheck.schema import AnyOf, Bool, Date, Int, ListOf, MapOf, Null, Number, SchemaError, Spec, Str, Struct, validate
from deckcheck.yamlload import load_yaml

CASES = Path(__file__).parent / "cases"

PROBLEM = Struct({
    "rule": Str(non_empty=True), "severity": Str(("error", "warning", "info")), "card": Str(), "zone": Str(),
    "message": Str(non_empty=True),
    "line": AnyOf((Int(1), Null())), "count": Int(0), "limit": AnyOf((Int(0), Null())), "holders": MapOf(Int(0)),
}, required=("rule",))
_COMMON = {"name": Str(non_empty=True), "format": Str(non_empty=True), "problems": ListOf(PROBLEM)}
_RULE_IDS = ListOf(Str(non_empty=True))
_CELLS = MapOf(MapOf(Str()))  # player -> more cells of their manifest row

# The card database fixture (conftest.py) a case's `cards` key names.
CARD_DATABASES = {
    "builtin": "builtin_cards", "sample": "sample_cards_db", "shared": "shared_cards_db", "ygo": "ygo_cards_db", "wow": "wow_cards_db",
}
_CARDS = Str(tuple(CARD_DATABASES))

KIND_SCHEMAS: dict[str, Spec] = {
    "deck": Struct({
        **_COMMON, "deck": Str(), "date": Date(), "platform": Str(), "legal": Bool(), "counts": MapOf(Int(0)),
        "entries": ListOf(Struct({"name": Str(), "count": Int(), "zone": Str(), "line": Int(1)})),
        "deck_name": Str(), "input_format": Str(), "cards": _CARDS,
        "suggestions": MapOf(ListOf(Str())), "canonical": ListOf(Str()),
    }, required=("name", "format", "deck")),
    "pool": Struct({
        **_COMMON, "deck": Str(), "pool": Str(), "legal": Bool(), "pool_file": Str(), "deck_file": Str(),
        "pool_crlf": Bool(), "cards": _CARDS,
    }, required=("name", "format", "deck", "pool")),
    "team": Struct({
        **_COMMON, "decks": MapOf(Str()), "date": Date(), "unified": Bool(), "deck_rules": MapOf(_RULE_IDS),
        "cells": _CELLS, "cards": _CARDS,
    }, required=("name", "format", "decks", "date")),
    "team-pool": Struct({
        **_COMMON, "decks": MapOf(Str()), "pool": Str(), "pools": MapOf(Str()), "pool_on_every_row": Bool(),
        "deck_rules": MapOf(_RULE_IDS), "cells": _CELLS, "cards": _CARDS,
    }, required=("name", "format", "decks")),
    "simulate": Struct({
        "name": Str(non_empty=True), "format": Str(non_empty=True), "deck": Str(), "policy": Str(), "cli": Bool(),
        "options": MapOf(AnyOf((Str(), Number(), Bool()))),
        "expect": Struct({
            "mode": Str(("exact", "monte-carlo")),
            "keep": MapOf(Number(), key=Int(0)),
            "lands_in_kept_hand": MapOf(Number(), key=Int(0)),
            "mulligans": MapOf(Number(), key=Int(0)),
            "expected_hand_size": Number(),
            "mulligan": Number(),
            "by_turn": ListOf(Struct({
                "card": Str(), "side": Str(("play", "draw")), "turn": Int(0), "p": Number(), "hypergeometric": Number(),
            }, required=("card", "side", "turn"))),
            "assertions": ListOf(Struct({"text": Str(), "passed": Bool()}, required=("text", "passed"))),
        }),
    }, required=("name", "format", "deck", "expect")),
    "expression-error": Struct({
        "text": Str(), "column": Int(1), "message": Str(non_empty=True), "kind": Str(("assertion",)),
        "tags": ListOf(Str()),
    }, required=("text", "column", "message")),
    "mana-cost": Struct({
        "cost": Str(), "mana_value": Int(0), "fewest_lands": Int(0), "pips": ListOf(Str(non_empty=True)), "error": Str(non_empty=True),
    }, required=("cost",)),
    "mana-lands": Struct({"deck": ListOf(Str(non_empty=True)), "sources": MapOf(Str())}, required=("deck", "sources")),
    "cli": Struct({
        "name": Str(non_empty=True),
        "files": MapOf(Str()),                       # file name -> text, written first
        "setup": ListOf(ListOf(Str())),              # commands run first (each must exit 0)
        "args": ListOf(Str()),                       # the command checked
        "stdin": Str(),
        "env": MapOf(Str()),                         # variable -> value ({work}: the case's folder)
        "expect": Struct({
            "exit": Int(0),
            "problems": ListOf(PROBLEM),             # -o json: the first result's problems, one to one
            "suggestions": MapOf(ListOf(Str())),     # card -> its unknown-card suggestions, first ones
            "json": MapOf(AnyOf((Str(), Number(), Bool(), Null()))),  # dotted path -> value
            "stdout": ListOf(Str()),                 # substrings
            "stderr": ListOf(Str()),
            "absent": ListOf(Str()),                 # substrings neither stdout nor stderr holds
            "stderr_lines": Int(0),
            "written": MapOf(ListOf(Str())),         # file the command wrote -> substrings of it
        }, required=("exit",)),
    }, required=("name", "args", "expect")),
}
# Folders whose cases are all of one kind, and files whose cases are; the others mix kinds
# (`kind_of`).
FOLDER_KINDS = {
    "engine": "simulate", "expressions": "expression-error", "mana/costs": "mana-cost", "mana/lands": "mana-lands",
    "cli": "cli",
}


def load(path: Path, spec: Spec | None = None) -> Any:
    """One YAML file of test data, checked against `spec` when given."""
    data = _read(path)
    if spec is not None:
        _check(data, spec, f"{path}")
    return data


@lru_cache(maxsize=None)
def _read(path: Path) -> Any:
    return load_yaml(path.read_text(encoding="utf-8"), source=str(path))


def _check(data: Any, spec: Spec, where: str) -> None:
    try:
        validate(data, spec)
    except SchemaError as exc:
        raise ValueError(f"{where}: {exc.path or 'the file'}: {exc}") from None


def kind_of(case: dict[str, Any]) -> str:
    """Which test runs a case of tests/cases/rules or tests/cases/decklists (see above)."""
    if "decks" in case:
        return "team-pool" if "pool" in case or "pools" in case else "team"
    return "pool" if "pool" in case else "deck"


def case_files(folder: str) -> list[Path]:
    return sorted((CASES / folder).glob("*.yaml"))


def all_cases(folder: str, *, kind: str | None = None) -> Iterator[tuple[Path, dict[str, Any]]]:
    """(file, case) for every case of tests/cases/<folder> (only those of `kind` when
    given), each checked against the schema of its kind."""
    for path in case_files(folder):
        data = load(path)
        if not isinstance(data, list):
            raise ValueError(f"{path}: a case file is a list of cases")
        names: set[str] = set()
        for index, case in enumerate(data):
            if not isinstance(case, dict):
                raise ValueError(f"{path}: case {index + 1} is not a mapping")
            name = case_name(case, index)
            case_kind = FOLDER_KINDS.get(folder) or FOLDER_KINDS.get(f"{folder}/{path.stem}") or kind_of(case)
            _check(case, KIND_SCHEMAS[case_kind], f"{path}: case {name!r}")
            if name in names:
                raise ValueError(f"{path}: two cases named {name!r}")
            names.add(name)
            if kind is None or case_kind == kind:
                yield path, case


def case_name(case: dict[str, Any], index: int) -> str:
    """A case's `name`, else what it is about (an expression's or a cost's text), else
    its place in its file."""
    for key in ("name", "text", "cost"):
        if key in case:
            return str(case[key]) or "<empty>"
    return f"#{index + 1}"


def cases(folder: str, *, kind: str) -> list[Any]:
    """pytest parameters (`case`), one per case of that kind, with the id FILE:NAME."""
    params, seen = [], {}
    for path, case in all_cases(folder, kind=kind):
        seen[path] = seen.get(path, -1) + 1
        params.append(pytest.param(case, id=f"{path.stem}:{case_name(case, seen[path])}"))
    return params
