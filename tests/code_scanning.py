"""What GitHub code scanning refuses in a SARIF log, checked offline.

GitHub rejects the whole file (`locationFromSarifResult: expected at least one location`,
github/codeql-action#2459) when a result has no location, or a location with no
`artifactLocation.uri` (`expected artifact location`, microsoft/sarif-sdk#2704), and lines
start at 1. deckcheck gives no location only to a result about a deck that is no file
(standard input, text, a `ydke://` URL): docs/ci.md says such a log cannot be uploaded.
It also rejects a log past its hard limits (docs.github.com, "SARIF results exceed one or
more limits": "Analysis SARIF file rejected due to result limits"): at most 20 runs, and
at most 25,000 results in a run.
"""
from __future__ import annotations

from typing import Any

# The exact names of decks given as text, and a deck given as a URL: a file named
# `<evil>.txt` is a file and must have a location (written out here, not read from
# deckcheck's own `names_a_file`, so the oracle is not the code under test).
NO_FILE_NAMES = ("<stdin>", "<text>")
# GitHub's hard limits on a SARIF log (written out here, not read from deckcheck's limits).
MAX_RUNS = 20
MAX_RESULTS_PER_RUN = 25_000


def merged(log: dict[str, Any]) -> list[str]:
    """Results code scanning may keep as one alert: the same rule at the same location
    (file and line) with the same `partialFingerprints`. upload-sarif fills in
    `primaryLocationLineHash` only for a location with a line (github/codeql-action,
    src/fingerprints.ts: "Locations without a line number ... continue"), so results without
    one and without fingerprints of their own are told apart by nothing. One line per
    result that repeats an earlier one's identity."""
    found, seen = [], set()
    for run in log["runs"]:
        for number, result in enumerate(run["results"]):
            physical = (result.get("locations") or [{}])[0].get("physicalLocation", {})
            key = (result["ruleId"], physical.get("artifactLocation", {}).get("uri"),
                   physical.get("region", {}).get("startLine"), tuple(sorted((result.get("partialFingerprints") or {}).items())))
            if key in seen:
                found.append(f"result {number} ({result['ruleId']}: {result['message']['text'][:60]}) is one alert with an earlier one")
            seen.add(key)
    return found


def names_no_file(deck: object) -> bool:
    return isinstance(deck, str) and (deck in NO_FILE_NAMES or deck.startswith("ydke://"))


def refusals(log: dict[str, Any]) -> list[str]:
    """Why GitHub would refuse `log`: one line per result or location it cannot place."""
    found = []
    if len(log["runs"]) > MAX_RUNS:
        found.append(f"{len(log['runs'])} runs; at most {MAX_RUNS}")
    for run in log["runs"]:
        if len(run["results"]) > MAX_RESULTS_PER_RUN:
            found.append(f"{len(run['results'])} results in a run; at most {MAX_RESULTS_PER_RUN}")
        for number, result in enumerate(run["results"]):
            where = f"result {number} ({result['ruleId']}: {result['message']['text'][:60]})"
            locations = result.get("locations") or []
            if not locations and not names_no_file(result.get("properties", {}).get("deck")):
                found.append(f"{where}: no location")
            for location in locations:
                physical = location.get("physicalLocation", {})
                if not physical.get("artifactLocation", {}).get("uri"):
                    found.append(f"{where}: a location without artifactLocation.uri")
                line = physical.get("region", {}).get("startLine", 1)
                if not isinstance(line, int) or line < 1:
                    found.append(f"{where}: startLine {line!r}")
    return found
