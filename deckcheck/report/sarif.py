"""`-o sarif`: SARIF 2.1.0, for GitHub code scanning and other static-analysis viewers.

One run of the tool `deckcheck`. `tool.driver.rules` lists every rule id deckcheck knows
in a fixed order, with the rule module's docstring as its help, so `ruleIndex` and the
rule metadata are the same from one run to the next (ids met in a report that no module
documents are appended after them). Each problem is a result with its level (`error`,
`warning`, `note`), its message and a location: the file as a URI relative to the working
directory (`check`: to the repository's folder, `Report.root`, wherever it runs), or in a
GitHub job to the root of the checkout wherever the step runs (report/workspace.py;
percent-encoded, `uriBaseId` `%SRCROOT%`, which `originalUriBaseIds` gives as that folder;
in a job, and for `check`, a file outside it is an absolute file URI) and the line.
GitHub code scanning refuses the whole log when one result has no location
(github/codeql-action#2459; docs.github.com, "SARIF support for code scanning": a result's
`locations` and a location's `artifactLocation.uri` are required, lines start at 1), so
what a batch checked that is no file of its own sits where it was registered: an archive
entry on the archive (its name and line lead the message, the line is a property), a
manifest row with a URL or no deck on the manifest's line, a team problem on the row of
the member it names first, else of the team's first member. A deck that is no file at all
(standard input, text, a `ydke://` URL) has no location: docs/ci.md says such a log cannot
be uploaded. Team problems carry the team in
`properties`; a simulate assertion that fails is a result of the rule `assertion` (`kind:
fail`, with a `partialFingerprints` of its own: `_assertion_fingerprint`); those that
hold are listed in the run's `properties.passedAssertions`, not as
results: code scanning would open an alert for each. A batch's files that are no decklists are the invocation's
`toolExecutionNotifications` (level `note`), and so are the run's own warnings (level
`warning`: a glob of deckcheck.yaml that matches no deck) and notes (`note`) (`check`), and
then the notes about the data (level `note`: an event later than the lists known, `lists
known up to ...`), which are no finding of a file.
The invocation succeeded (`executionSuccessful`) unless the command exits 2, since then some
of its input was not checked (SARIF 2.1.0, appendix "Detecting incomplete result sets": an
invocation that did not succeed, or a notification of level `error`, means the results
cannot be taken as complete), and each thing not checked is a notification of level
`error` saying so (`_not_checked`): a deck that could not be read (`validate a.txt gone.txt`,
exit 2, though the rest was checked; its error is also a result, on its file), a batch with
nothing to check. A run that a usage error stopped (`check -f mtg/nope`) is a log without
results, the error its first notification: a result needs a location, and the command line
has none. A deckcheck.yaml that `check` cannot use stops the run too: its error is the log's
one result (rule `config`, on the file's line). A batch's deck that is missing is a finding
of its registration (exit 1), not input left unchecked. Code
scanning also rejects a log past 25,000 results in a run, and a report may list 50,000
problems: the log keeps MAX_SARIF_RESULTS, every error first (in report order), then warnings
and notes, and a notification counts the rest and says so; a log within the cap is in
report order.
"""
from __future__ import annotations

import io
import json
import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO
from urllib.parse import quote

from .. import __version__
from ..limits import MAX_SARIF_RESULTS
from ..problem import ERROR, WARNING, Problem
from ..result import AssertionOutcome, DeckResult, Report, TeamResult
from ..rules.docs import ASSERTION, all_docs, describe
from ..wording import counted
from . import Warn
from .json import dumps_indented
from .stream import NOTHING_TO_CHECK, ReportWriter, Spool, add_data_note, render_report, stopped_by_config
from .workspace import namer, source_root

if TYPE_CHECKING:
    from ..batch import BatchReport


NAME = "sarif"

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
_LEVELS = {ERROR: "error", WARNING: "warning"}


def artifact_uri(deck: str, file_name: Callable[[str], str]) -> str:
    """A URI reference for a deck file, named by `file_name` (report/workspace.py):
    relative paths stay relative (percent-encoded; in a GitHub job, from the root of the
    checkout), absolute ones become file URIs. Callers pass files only (`DeckResult.file`,
    a registration's place, `AssertionOutcome.file`): a batch's deck
    `<evil>.txt` is one, though its name reads as standard input's."""
    deck = file_name(deck)
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


# Relative URIs start from the working directory (`check`: the repository's folder), or in a
# GitHub job from the checkout's root (report/workspace.py: source_root).
SOURCE_ROOT = "%SRCROOT%"


def _location(deck: str | None, line: int | None, file_name: Callable[[str], str]) -> list[dict[str, Any]]:
    uri = artifact_uri(deck, file_name) if deck else None
    if uri is None:
        return []
    artifact = {"uri": uri} if uri.startswith("file:") else {"uri": uri, "uriBaseId": SOURCE_ROOT}
    physical: dict[str, Any] = {"artifactLocation": artifact}
    if line is not None and line >= 1:
        physical["region"] = {"startLine": line}
    return [{"physicalLocation": physical}]


def _properties(problem: Problem, *, line_elsewhere: bool = False, **extra: Any) -> dict[str, Any]:
    """The problem's fields that are not the result's own; its line too when the location
    is not the file the line is in (`line_elsewhere`)."""
    data = problem.to_dict()
    own = ("rule", "severity", "message") if line_elsewhere else ("rule", "severity", "message", "line")
    props = {key: value for key, value in data.items() if key not in own}
    props.update({key: value for key, value in extra.items() if value is not None})
    return props


class Writer(ReportWriter):
    """The SARIF log of results that come one at a time. The rules (which unknown rule ids
    extend) and the exit code come before the results in the log, so the results wait in a
    spool, already indented as they sit in it; `finish` writes the log around them."""

    def __init__(self, out: TextIO, *, color: bool = False, warn: Warn | None = None, root: str | None = None):
        self.out = out
        self.root = root  # outside a GitHub job, the folder files are named from (Report.root)
        self.docs = all_docs()
        self.index = {doc.id: i for i, doc in enumerate(self.docs)}
        self.results = Spool()
        self.count = 0
        self.left_out = 0  # results past MAX_SARIF_RESULTS, counted, not written
        # The errors past MAX_SARIF_RESULTS (as many as the log could list): kept, since a log
        # cut at the cap lists every error before the warnings and notes (`_errors_first`).
        self.late_errors = Spool()
        self.late_count = 0
        self.notes: dict[str, None] = {}  # about the data behind the verdicts (stream.add_data_note)
        # What could not be read or checked (a deck, deckcheck.yaml), said as notifications of
        # level error when the run exits 2 (`_not_checked`); past MAX_NOT_CHECKED only counted.
        self.not_checked: list[str] = []
        self.not_checked_count = 0
        # Files from the root of the checkout (source_root), worked out once a run.
        self.file_name = namer(absolute_outside=True, root=root)

    def _rule_index(self, rule_id: str) -> int:
        if rule_id not in self.index:
            self.index[rule_id] = len(self.docs)
            self.docs.append(describe(rule_id))
        return self.index[rule_id]

    def _write(self, result: dict[str, Any]) -> None:
        if self.count >= MAX_SARIF_RESULTS:
            # Code scanning would refuse the whole log, every result with this one.
            self.left_out += 1
            if result["level"] == "error" and self.late_count < MAX_SARIF_RESULTS:
                _add_result(self.late_errors, result, self.late_count)
                self.late_count += 1
            return
        _add_result(self.results, result, self.count)
        self.count += 1

    def _problem(self, problem: Problem, where: str | None, line: int | None, *, message: str | None = None,
                 line_elsewhere: bool = True, **extra: Any) -> None:
        """`problem` as a result at `line` of `where`; `line_elsewhere`: that is not the file
        the problem's own line is in, which goes in the properties then."""
        result: dict[str, Any] = {
            "ruleId": problem.rule,
            "ruleIndex": self._rule_index(problem.rule),
            "level": _LEVELS.get(problem.severity, "note"),
            "message": {"text": message or problem.message or problem.rule},
            "locations": _location(where, line, self.file_name),
        }
        props = _properties(problem, line_elsewhere=line_elsewhere, **extra)
        if props:
            result["properties"] = props
        self._write(result)

    def add_result(self, deck_result: DeckResult) -> None:
        add_data_note(self.notes, deck_result)
        if deck_result.unreadable:
            self._unread(deck_result)
        about = dict(deck=deck_result.deck, format=deck_result.format, player=deck_result.player, team=deck_result.team)
        place = deck_result.registered_at if deck_result.file is None else None
        for problem in deck_result.problems:
            # A manifest row's own problem on its manifest line, the pool's on the pool's line.
            own = deck_result.manifest_line_of(problem) if place is None else None
            own = own or deck_result.pool_line_of(problem)
            if own is not None:
                self._problem(problem, own[0], own[1], **about)
            elif place is None:
                self._problem(problem, deck_result.file, problem.line, line_elsewhere=False, **about)
            else:
                self._problem(problem, place[0], place[1], message=deck_result.said_at_registration(problem), **about)

    def _unread(self, deck_result: DeckResult) -> None:
        """Keep what a deck that could not be read says, for `_not_checked`."""
        self.not_checked_count += 1
        if len(self.not_checked) < MAX_NOT_CHECKED:
            heading = deck_result.heading
            error = next((problem for problem in deck_result.problems if problem.severity == ERROR), None)
            why = error.message if error is not None else ""
            said = why if why.startswith(heading + ":") else f"{heading}: {why or 'could not be read'}"
            stop = stopped_by_config(deck_result)
            self.not_checked.append(f"{'no deck checked' if stop else 'not checked'}: {said}")

    def finish(self, batch: BatchReport) -> None:
        if batch.nothing_to_check:  # the batch's exit 2: its source holds no registration
            self.not_checked.append(NOTHING_TO_CHECK)
            self.not_checked_count += 1
        super().finish(batch)

    def finish_report(self, report: Report, exit_code: int) -> None:
        """The teams and assertions of `report` (its results were added), then the log,
        whose invocation states `exit_code`, the command's."""
        for team in report.teams or []:
            for problem in team.problems:
                where, line = _member_place(team, problem)
                self._problem(problem, where, line, team=team.team, players=list(team.players), format=team.format)
        seen: dict[str, int] = {}  # fingerprints given so far, for the assertions asserted twice
        for outcome in report.assertions or []:
            if not outcome.passed:
                locations = _location(outcome.file, None, self.file_name)
                self._write({
                    "ruleId": ASSERTION,
                    "ruleIndex": self._rule_index(ASSERTION),
                    "kind": "fail",
                    "level": "error",
                    "message": {"text": f"{outcome.assertion}: {outcome.message}"},
                    "locations": locations,
                    "partialFingerprints": _assertion_fingerprint(outcome.assertion, locations, seen),
                    "properties": _assertion_properties(outcome),
                })
        not_checked = _not_checked(report, self.not_checked, self.not_checked_count) if exit_code == EXIT_NOT_CHECKED else []
        log = _log(self.docs, exit_code, report, self.left_out, list(self.notes), self.root, not_checked)
        text = json.dumps(log, indent=2, ensure_ascii=False)
        if self.count:
            head, mark, tail = text.rpartition(_NO_RESULTS)
            self.out.write(head + '"results": [\n')
            if self.left_out:
                _errors_first(self.results, self.late_errors, self.out)
            else:
                self.results.copy_to(self.out)
            self.out.write("\n" + _RESULTS_CLOSE + tail + "\n")
        else:
            self.out.write(text + "\n")
        self.results.close()
        self.late_errors.close()


def _add_result(spool: Spool, result: dict[str, Any], written: int) -> None:
    """`result` as the log shows it, at its depth, after the `written` ones in `spool`."""
    spool.write((",\n" if written else "") + _RESULT_INDENT + dumps_indented(result, _RESULT_DEPTH))


def _errors_first(kept: Spool, late_errors: Spool, out: TextIO) -> None:
    """The results of a log cut at MAX_SARIF_RESULTS (`kept`: the first ones in report order;
    `late_errors`: the errors past them), errors first: every error the log can hold, in
    report order, then warnings and notes until it is full. Cut in report order, the log
    listed a deck's warnings and dropped a later deck's errors, which code scanning shows
    as alerts and a pull request must see."""
    from itertools import chain, islice

    listed = chain(_blocks(kept, errors=True), _blocks(late_errors, errors=True), _blocks(kept, errors=False))
    for written, block in enumerate(islice(listed, MAX_SARIF_RESULTS)):
        out.write((",\n" if written else "") + block)


def _blocks(spool: Spool, *, errors: bool) -> Iterator[str]:
    """The results `_add_result` wrote to `spool`, one text each (without the `,` between),
    those whose level is error or those whose level is not (`errors`). A result's last line
    is the only one at its depth that closes a brace: its own lines are indented deeper."""
    lines: list[str] = []
    error = False
    for line in spool.lines():
        error = error or line == _ERROR_LINE
        if line in (_RESULT_END, _RESULT_END + ","):
            lines.append(_RESULT_END)
            if error == errors:
                yield "\n".join(lines)
            lines, error = [], False
        else:
            lines.append(line)


def _assertion_fingerprint(assertion: str, locations: list[dict[str, Any]], seen: dict[str, int]) -> dict[str, str]:
    """A failed assertion's `partialFingerprints`: its own, the same in every run. Its
    location is the deck's file with no line, so two failed assertions of one deck had the
    same rule and the same location, and nothing else told them apart: upload-sarif computes
    `primaryLocationLineHash` only for a location with a line (github/codeql-action,
    fingerprints.ts), and code scanning matches alerts by rule, location and fingerprint, so
    it could keep one alert for both. The hash is of the file's URI and the assertion's text
    (not its values, which change with the deck), then `:N`, the Nth time that pair is failed
    in the report (one deck under two entries asserting the same thing), as the action
    numbers lines that hash alike."""
    import hashlib

    where = locations[0]["physicalLocation"]["artifactLocation"]["uri"] if locations else ""
    digest = hashlib.sha256(f"{where}\n{assertion}".encode("utf-8", "surrogatepass")).hexdigest()[:16]
    seen[digest] = seen.get(digest, 0) + 1
    return {"primaryLocationLineHash": f"{digest}:{seen[digest]}"}


def _assertion_properties(outcome: AssertionOutcome) -> dict[str, Any]:
    return {"deck": outcome.deck, "format": outcome.format, "assertion": outcome.assertion, "values": dict(outcome.values)}


def _passed_assertions(report: Report) -> list[dict[str, Any]]:
    """The assertions that held, for the run's `properties`: not results, since GitHub code
    scanning opens an alert for every result whatever its `kind` (microsoft/PSRule#955,
    complytime/complyctl#868), so a passing assertion would read as a finding."""
    return [{**_assertion_properties(outcome), "message": outcome.message}
            for outcome in report.assertions or [] if outcome.passed]


def _member_place(team: TeamResult, problem: Problem) -> tuple[str | None, int | None]:
    """Where a team problem sits: the registration of the member it names first (a
    member's own error names `player`, a card's copies its `holders`), else of the team's
    first member; nowhere for a team built without its registrations."""
    named = [problem.details.get("player"), *problem.details.get("holders", {})]
    for player in [*named, *team.registered_at]:
        if player in team.registered_at:
            return team.registered_at[player]
    return None, None


# The results sit at depth 4 of the log (log > runs > run > results > result), two spaces a level.
_RESULT_DEPTH = 4
_RESULT_INDENT = "  " * _RESULT_DEPTH
_RESULTS_CLOSE = "  " * 3 + "]"
_RESULT_END = _RESULT_INDENT + "}"  # a result's last line
# The line of a result whose level is error, as `_add_result` writes it (one level deeper
# than the result's braces; a nested `level` would be deeper still).
_ERROR_LINE = _RESULT_INDENT + '  "level": "error",'
_NO_RESULTS = '"results": []'  # the run's last key, so the last occurrence in the log


def _not_checked(report: Report, unread: list[str], count: int) -> list[str]:
    """What a run that exits 2 did not check, a line each: the usage error that stopped it
    (Report.stopped), else each deck or deckcheck.yaml that could not be read and a batch's
    empty source (`unread`, the first MAX_NOT_CHECKED of `count`), else, so that a log whose invocation did not succeed
    always says why, that some input was not checked."""
    if report.stopped is not None:
        return [report.stopped]
    said = list(unread)
    if count > len(unread):
        said.append(f"{counted(count - len(unread), 'more file', grouped=True)} not checked (each is a result)")
    return said or ["some input could not be read or checked (exit code 2)"]


def _notifications(
    report: Report, left_out: int = 0, notes: Sequence[str] = (), not_checked: Sequence[str] = (),
) -> list[dict[str, Any]]:
    """The invocation's notifications: what a run that exits 2 did not check (level error),
    then a batch's files that are no decklists (what the run passed over, not results),
    then the run's own warnings and notes (`check`), then how many results past
    MAX_SARIF_RESULTS the log `left_out`, then the `notes` about the data behind the
    verdicts (an event later than the lists known)."""
    stopped = [{"level": "error", "message": {"text": text}} for text in not_checked]
    skipped = [{"level": "note", "message": {"text": f"{item.file}: skipped, {item.reason}"}} for item in report.skipped]
    own = [{"level": message.level, "message": {"text": message.message}} for message in report.messages]
    limited = [{"level": "warning", "message": {"text": (
        f"{counted(left_out, 'more result', grouped=True)} not listed: GitHub code scanning refuses a run of more "
        f"than {MAX_SARIF_RESULTS:,} results; the log lists every error first, then warnings and notes "
        "(-o json lists them all)")}}] if left_out else []
    return stopped + skipped + own + limited + [{"level": "note", "message": {"text": note}} for note in notes]


# The exit code of a run that did not check all its input (docs/contracts.md): its SARIF
# invocation did not succeed.
EXIT_NOT_CHECKED = 2
# What a log says it did not check, one notification each, at most (then a count).
MAX_NOT_CHECKED = 100


def _log(
    docs: list[Any], exit_code: int, report: Report, left_out: int = 0, notes: Sequence[str] = (), root: str | None = None,
    not_checked: Sequence[str] = (),
) -> dict[str, Any]:
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
                "executionSuccessful": exit_code != EXIT_NOT_CHECKED, "exitCode": exit_code,
                "toolExecutionNotifications": _notifications(report, left_out, notes, not_checked),
            }],
            "originalUriBaseIds": {SOURCE_ROOT: {"uri": source_root(root).as_uri() + "/"}},
            "columnKind": "unicodeCodePoints",
            **({"properties": {"passedAssertions": passed}} if (passed := _passed_assertions(report)) else {}),
            "results": [],
        }],
    }


def batch_writer(out: TextIO, *, color: bool = False, warn: Warn | None = None) -> Writer:
    return Writer(out, color=color, warn=warn)


def render(report: Report, *, color: bool = False) -> str:
    out = io.StringIO()
    return render_report(Writer(out, root=report.root), report, out)
