"""`-o sarif`: SARIF 2.1.0, for GitHub code scanning and other static-analysis viewers.

One run of the tool `deckcheck`. `tool.driver.rules` lists every rule id deckcheck knows
in a fixed order, with the rule module's docstring as its help, so `ruleIndex` and the
rule metadata are the same from one run to the next (ids met in a report that no module
documents are appended after them). Each problem is a result with its level (`error`,
`warning`, `note`), its message and, when the deck is a file, a location: the file as a
URI relative to the working directory (percent-encoded, `uriBaseId` `%SRCROOT%`, which
`originalUriBaseIds` gives as the working directory) and the line. Team problems carry the team in
`properties`; simulate assertions are results of the rule `assertion`, with
`kind: pass` when they hold. A batch's files that are no decklists are the invocation's
`toolExecutionNotifications` (level `note`).
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any
from urllib.parse import quote

from .. import __version__
from ..problem import ERROR, WARNING, Problem
from ..result import Report
from ..rules.docs import ASSERTION, all_docs, describe

NAME = "sarif"

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
_LEVELS = {ERROR: "error", WARNING: "warning"}


def artifact_uri(deck: str) -> str | None:
    """A URI reference for a deck file: relative paths stay relative (percent-encoded),
    absolute ones become file URIs; stdin and text have no location."""
    if not deck or deck.startswith("<"):
        return None
    path = Path(deck)
    if path.is_absolute():
        return path.as_uri()
    # Lone surrogates (undecodable bytes in a file name) go back to their bytes first.
    raw = deck.replace(os.sep, "/").encode("utf-8", "surrogateescape")
    return quote(raw, safe="/-._~")


def _rule(doc: Any) -> dict[str, Any]:
    return {
        "id": doc.id,
        "name": "".join(part.capitalize() for part in doc.id.split("-")),
        "shortDescription": {"text": doc.summary},
        "fullDescription": {"text": doc.text},
        "help": {"text": doc.text},
        "defaultConfiguration": {"level": "error"},
    }


# Relative URIs are relative to the working directory, the repository root in a CI job.
SOURCE_ROOT = "%SRCROOT%"


def _location(deck: str | None, line: int | None) -> list[dict[str, Any]]:
    uri = artifact_uri(deck) if deck is not None else None
    if uri is None:
        return []
    artifact = {"uri": uri} if uri.startswith("file:") else {"uri": uri, "uriBaseId": SOURCE_ROOT}
    physical: dict[str, Any] = {"artifactLocation": artifact}
    if line is not None and line >= 1:
        physical["region"] = {"startLine": line}
    return [{"physicalLocation": physical}]


def _properties(problem: Problem, **extra: Any) -> dict[str, Any]:
    data = problem.to_dict()
    props = {key: value for key, value in data.items() if key not in ("rule", "severity", "message", "line")}
    props.update({key: value for key, value in extra.items() if value is not None})
    return props


def build(report: Report) -> dict[str, Any]:
    docs = all_docs()
    index = {doc.id: i for i, doc in enumerate(docs)}

    def rule_index(rule_id: str) -> int:
        if rule_id not in index:
            index[rule_id] = len(docs)
            docs.append(describe(rule_id))
        return index[rule_id]

    results: list[dict[str, Any]] = []

    def add(problem: Problem, where: str | None, **extra: Any) -> None:
        result: dict[str, Any] = {
            "ruleId": problem.rule,
            "ruleIndex": rule_index(problem.rule),
            "level": _LEVELS.get(problem.severity, "note"),
            "message": {"text": problem.message or problem.rule},
            "locations": _location(where, problem.line),
        }
        props = _properties(problem, **extra)
        if props:
            result["properties"] = props
        results.append(result)

    for deck_result in report.results:
        for problem in deck_result.problems:
            add(problem, deck_result.file, deck=deck_result.deck, format=deck_result.format,
                player=deck_result.player, team=deck_result.team)
    for team in report.teams or []:
        for problem in team.problems:
            add(problem, None, team=team.team, players=list(team.players), format=team.format)
    for outcome in report.assertions or []:
        result = {
            "ruleId": ASSERTION,
            "ruleIndex": rule_index(ASSERTION),
            "kind": "pass" if outcome.passed else "fail",
            "level": "none" if outcome.passed else "error",
            "message": {"text": f"{outcome.assertion}: {outcome.message}"},
            "locations": _location(outcome.deck, None),
            "properties": {"deck": outcome.deck, "format": outcome.format, "assertion": outcome.assertion,
                           "values": dict(outcome.values)},
        }
        results.append(result)
    driver = {
        "name": "deckcheck",
        "version": __version__,
        "semanticVersion": __version__,
        "rules": [_rule(doc) for doc in docs],
    }
    return {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": driver},
            "invocations": [{
                "executionSuccessful": True, "exitCode": report.exit_code,
                # A batch's files that are no decklists: what the run passed over, not results.
                "toolExecutionNotifications": [
                    {"level": "note", "message": {"text": f"{item.file}: skipped, {item.reason}"}}
                    for item in report.skipped
                ],
            }],
            "originalUriBaseIds": {SOURCE_ROOT: {"uri": Path.cwd().as_uri() + "/"}},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    }


def render(report: Report, *, color: bool = False) -> str:
    return json.dumps(build(report), indent=2, ensure_ascii=False) + "\n"
