"""`-o github`: GitHub Actions workflow commands, one group per deck.

    ::group::decks/burn.txt - mtg/modern: ILLEGAL (2 problems)
    ::error file=decks/burn.txt,line=12,title=copy-limit::5 copies of Lightning Bolt ...
    ::endgroup::

Errors become `::error`, warnings `::warning`, notes `::notice`, each with the file and
line so GitHub shows it on the pull request's diff; a batch's files that are no decklists
are one `::notice` each. The run's own warnings (`check`: a glob that matches no deck) are
a `::warning` each and its notes (a simulation's) a `::notice` each, after the groups.
Values are escaped the way the Actions toolkit (`@actions/core`) escapes them: in messages
`%`, CR and LF; in properties (`file`, `title`) also `:` and `,`, so a hostile file name
cannot end a property or start a new command.

GitHub shows only the first ten errors and ten warnings of a step as annotations, so when
`GITHUB_STEP_SUMMARY` names a file, `publish` appends a Markdown summary of every deck and
every problem to it (the job summary page), and of the run's own warnings and notes.
"""
from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, TextIO

from ..decklists import names_a_file
from ..limits import MAX_SUMMARY_BYTES, MAX_SUMMARY_ROWS  # a job summary is at most 1 MiB per step
from ..problem import ERROR, WARNING, Problem
from ..result import RUN_ERROR, RUN_NOTE, RUN_WARNING, AssertionOutcome, DeckResult, Report, TeamResult
from . import Warn, WorkflowCommands
from .stream import NOTHING_TO_CHECK, ReportWriter, Spool, Totals, render_report, stopped_by_config
from .style import inert
from .text import NOT_READ, summary_of, verdict_word
from .workspace import namer
from ..wording import counted, names_listed

if TYPE_CHECKING:
    from ..batch import BatchReport


NAME = "github"

_COMMANDS = {ERROR: "error", WARNING: "warning"}
# The title of the run's own warnings and notes (`Report.messages`): only `check` has any.
RUN_TITLE = "deckcheck check"
# The annotation of each level of the run's own messages (a strict run's warnings fail it).
_ANNOTATION_OF_LEVEL = {RUN_ERROR: "error", RUN_WARNING: "warning", RUN_NOTE: "notice"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(name: str, message: str, **properties: object) -> str:
    props = ",".join(
        f"{key}={escape_property(str(value))}" for key, value in properties.items() if value is not None and value != ""
    )
    return f"::{name}{' ' + props if props else ''}::{escape_data(message)}"


def _annotation(
    problem: Problem, *, file: str | None, title: str, line: int | None = None, message: str | None = None,
) -> str:
    name = _COMMANDS.get(problem.severity, "notice")
    # A line is a line of the annotation's file: without one (a team's problem repeating a
    # member's, a deck read from standard input) GitHub put it on that line of `.github`.
    line = (line or problem.line) if file is not None else None
    return command(name, problem.full_message if message is None else message, file=file, line=line, title=title)


def _verdict(legal: bool, problems: list[Problem], result: DeckResult | None = None) -> str:
    """`ILLEGAL (2 problems)`; a deck (`result`) that could not be read is `NOT CHECKED
    (could not be read; 1 problem)`, as the text report says."""
    errors = sum(problem.is_error for problem in problems)
    said = [counted(errors, 'problem')] if errors else []
    if result is None or legal:
        word = "LEGAL" if legal else "ILLEGAL"
    else:
        word = verdict_word(result, legal)
        if result.unreadable:
            said.insert(0, NOT_READ)
    return word + (f" ({'; '.join(said)})" if said else "")


def _deck_lines(result: DeckResult, file_name: Callable[[str], str], legal: bool) -> list[str]:
    """The deck's group; `file_name` names its file as GitHub reads it (report/workspace.py);
    `legal` is the result's, which the caller counts too."""
    who = f" [{result.player}]" if result.player else ""
    file = None if result.file is None else file_name(result.file)
    lines = [command("group", f"{result.heading}{who} - {result.format}: {_verdict(legal, result.problems, result)}")]
    # A deck that is no file (a ydke:// row, a list pasted into the deck cell) on the
    # manifest line that registered it, as SARIF places it.
    registered = result.registration_line() if file is None else None
    for problem in result.problems:
        # A manifest row's own problem on its manifest line, the pool's on the pool's line:
        # where each is mended.
        place = result.manifest_line_of(problem) or result.pool_line_of(problem)
        if place is not None:
            lines.append(_annotation(problem, file=file_name(place[0]), line=place[1], title=problem.rule + who))
        elif registered is not None:
            lines.append(_annotation(problem, file=file_name(registered[0]), line=registered[1], title=problem.rule + who,
                                     message=result.said_at_registration(problem, problem.full_message)))
        else:
            lines.append(_annotation(problem, file=file, title=problem.rule + who))
    lines.append("::endgroup::")
    return lines


def _team_lines(team: TeamResult) -> list[str]:
    lines = [command("group", f"team {team.team} ({names_listed(team.players)}) - {team.format}: {_verdict(team.legal, team.problems)}")]
    for problem in team.problems:
        lines.append(_annotation(problem, file=None, title=f"{problem.rule} (team {team.team})"))
    lines.append("::endgroup::")
    return lines


def _assertion_lines(outcomes: list[AssertionOutcome], file_name: Callable[[str], str]) -> list[str]:
    lines = [command("group", "simulate assertions")]
    for outcome in outcomes:
        if outcome.passed:
            # A plain line of the log, no workflow command: the runner unescapes nothing in it
            # (`escape_data` showed `100% burn.txt` as `100%25 burn.txt`), so a line break in
            # a name is shown as its symbol instead, as the text report shows it.
            lines.append(inert(f"PASS {outcome.deck}: {outcome.assertion} ({outcome.message})"))
            continue
        file = file_name(outcome.file) if outcome.file is not None else None
        lines.append(command("error", f"{outcome.assertion}: {outcome.message}", file=file, title="assertion failed"))
    lines.append("::endgroup::")
    return lines


class Writer(ReportWriter):
    """The workflow commands of results that come one at a time: each deck's group is
    written as it comes; the teams, assertions, skipped files, notes and the summary line
    at the end. When the job has a summary file, its Markdown waits in spools (its head
    counts every deck) and is appended by `finish`; `warn` hears when that fails."""

    def __init__(self, out: TextIO, *, color: bool = False, warn: Warn | None = None, summary_file: str | None = None):
        self.out, self.warn = out, warn
        self.totals = Totals()  # of the results written (a library caller's report too)
        self.unread = 0  # decks among them that could not be read (counted when not legal)
        self.file_name = namer()  # files from the root of the checkout, worked out once a run
        self.summary = _Summary(self.file_name) if summary_file else None
        self.summary_file = summary_file

    def add_result(self, result: DeckResult) -> None:
        legal = result.legal
        self.out.write("".join(line + "\n" for line in _deck_lines(result, self.file_name, legal)))
        self.totals.count(result, legal)
        if not legal and result.unreadable:
            self.unread += 1
        if self.summary is not None:
            self.summary.add(result, legal)

    def finish(self, batch: BatchReport) -> None:
        if batch.nothing_to_check and self.summary is not None:  # the batch's exit 2: no file was given
            self.summary.no_deck = NOTHING_TO_CHECK
        super().finish(batch)

    def finish_report(self, report: Report, exit_code: int) -> None:
        """The job summary, then the rest of `report` after its results (which were added)."""
        if self.summary is not None and self.summary_file:
            problem = _append(self.summary_file, self.summary.chunks(report))
            if problem and self.warn is not None:
                self.warn(problem)
        lines: list[str] = []
        for team in report.teams or []:
            lines += _team_lines(team)
        if report.assertions:
            lines += _assertion_lines(report.assertions, self.file_name)
        lines += [command("notice", f"{item.file}: skipped, {item.reason}", title="skipped") for item in report.skipped]
        lines += [command(_ANNOTATION_OF_LEVEL[message.level], message.message,
                          file=self.file_name(message.file) if message.file else None, line=message.line, title=RUN_TITLE)
                  for message in report.messages]
        tail = summary_of(self.totals.decks, self.totals.legal, report.teams, self.unread) if self.totals.decks else ""
        if report.assertions:
            held = sum(outcome.passed for outcome in report.assertions)
            tail += ("; " if tail else "") + f"{held} of {len(report.assertions)} assertions hold"
        lines += [command("notice", note, title="card data") for note in self.totals.notes]
        if tail:
            lines.append(tail)
        self.out.write("".join(line + "\n" for line in lines))


def batch_writer(out: TextIO, *, color: bool = False, warn: Warn | None = None) -> Writer:
    return Writer(out, color=color, warn=warn, summary_file=os.environ.get("GITHUB_STEP_SUMMARY"))


def render(report: Report, *, color: bool = False) -> str:
    out = io.StringIO()
    return WorkflowCommands(render_report(Writer(out), report, out))


# ---------------------------------------------------------------- job summary


def markdown_text(text: object) -> str:
    """Text for a Markdown table cell: every ASCII punctuation character backslash-escaped
    (CommonMark renders it literally), so names cannot inject links, HTML or columns; control
    characters and bidirectional overrides shown as the annotations show them (`inert`: an
    override reversed the rest of a file's name on the summary's page)."""
    out = []
    for char in inert(" ".join(str(text).split())):
        if char.isascii() and not char.isalnum() and char != " ":
            out.append("\\" + char)
        else:
            out.append(char)
    return "".join(out)


class _Summary:
    """The job summary's Markdown of results that come one at a time: the table rows and
    the first MAX_SUMMARY_ROWS problem rows wait in spools, because the head counts them."""

    def __init__(self, file_name: Callable[[str], str]) -> None:
        # `file_name`: the annotations' namer (report/workspace.py), so a step run in a
        # subfolder names a deck here as its annotations name it, from the checkout.
        self.file_name = file_name
        self.totals = Totals()
        self.unread = 0  # decks that could not be read, among the totals' not legal
        self.table, self.rows = Spool(), Spool()
        self.problems = 0
        self.decks = 0  # deck rows, the first MAX_SUMMARY_ROWS of them written
        self.config_stop = False  # a deckcheck.yaml error stopped the run before any deck
        # The headline of a run with no deck, assertion or team checked: `check` given files of
        # which none is a deck (a README's pull request), unless a batch says its own.
        self.no_deck = "no deck checked: none of the files given is a deck"

    def add(self, result: DeckResult, legal: bool) -> None:
        """`result`, whose `legal` the caller has (asked once a row)."""
        if stopped_by_config(result):
            # No deck: the file (or the deck it gives no format) and line at fault are the
            # problems table's; the headline says no deck was checked, not "0 of 1 deck legal".
            self.config_stop = True
            for problem in result.problems:
                self._problem_row(lambda: _problem_row(self._where(result), problem))
            return
        self.totals.count(result, legal)
        who = f" ({result.player})" if result.player else ""
        if legal:
            verdict = "legal"
        elif result.unreadable:
            verdict = f"**not checked** ({NOT_READ})"
            self.unread += 1
        else:
            verdict = "**ILLEGAL**"
        errors = sum(problem.is_error for problem in result.problems)
        if self.decks < MAX_SUMMARY_ROWS:
            self.table.write(f"| {markdown_text(self._where(result) + who)} | {markdown_text(result.format)} | {verdict} | {errors} |\n")
        self.decks += 1
        for problem in result.problems:
            self._problem_row(lambda: _problem_row(self._where(result), problem))

    def _where(self, result: DeckResult) -> str:
        """The deck as the summary names it: its file as the annotations name it (a batch's
        deck too, from the checkout, not as its folder or manifest names it), else (no file
        of its own: a zip's entry, a pasted list) its heading."""
        return self.file_name(result.file) if result.file else result.heading

    def _problem_row(self, row: Callable[[], str]) -> None:
        if self.problems < MAX_SUMMARY_ROWS:
            self.rows.write(row() + "\n")
        self.problems += 1

    def chunks(self, report: Report) -> Iterator[str]:
        """The Markdown, in pieces; the teams and assertions of `report` after its results."""
        if report.stopped is not None:
            # A usage error stopped the run before any deck (an unknown -f): the job's page
            # says why, not "0 of 0 decks legal".
            yield f"## deckcheck: stopped before checking any deck\n\n{markdown_text(report.stopped)}\n\n"
            self.table.close()
            self.rows.close()
            return
        if self.config_stop and not self.totals.decks:
            yield ("## deckcheck: stopped before checking any deck\n\n"
                   "the configuration cannot be used: fix it where the table below says\n\n"
                   "| where | line | rule | message |\n|---|---|---|---|\n")
            yield from self.rows.chunks()
            yield "\n"
            self.table.close()
            self.rows.close()
            return
        for team in report.teams or []:
            for problem in team.problems:
                self._problem_row(lambda: _problem_row(f"team {team.team}", problem))
        for outcome in report.assertions or []:
            if not outcome.passed:
                deck = self.file_name(outcome.deck) if names_a_file(outcome.deck) else outcome.deck
                self._problem_row(lambda: f"| {markdown_text(deck)} | | assertion | {markdown_text(outcome.assertion + ': ' + outcome.message)} |")
        decks, legal = self.totals.decks, self.totals.legal
        counts = []
        if not (decks or report.assertions or report.teams):
            # `check FILE...` given no deck (a pull request's changed files, a README alone):
            # "0 of 0 decks legal" read as a deck that vanished.
            counts.append(self.no_deck)
        elif decks or not report.assertions:  # `simulate` checks assertions and no deck's legality
            counts.append(f"{legal} of {counted(decks, 'deck')} legal")
            if self.unread:
                counts.append(f"{self.unread} {NOT_READ}")
        if report.teams:
            counts.append(f"{sum(team.legal for team in report.teams)} of {len(report.teams)} teams legal")
        if report.assertions:
            counts.append(f"{sum(o.passed for o in report.assertions)} of {len(report.assertions)} assertions hold")
        if report.failing_warnings:
            # A strict run its own warnings fail (`check --strict`): the headline says what
            # failed it, where "12 of 12 decks legal" read as a pass.
            counts.append(f"failed by {counted(report.failing_warnings, 'warning')} (strict)")
        yield "## deckcheck: " + ", ".join(counts) + "\n\n"
        if decks:
            yield "| deck | format | verdict | problems |\n|---|---|---|---|\n"
            yield from self.table.chunks()
            if self.decks > MAX_SUMMARY_ROWS:
                yield _and_more(self.decks - MAX_SUMMARY_ROWS, " decks")
            yield "\n"
        if self.problems:
            yield "### Problems\n\n| where | line | rule | message |\n|---|---|---|---|\n"
            yield from self.rows.chunks()
            if self.problems > MAX_SUMMARY_ROWS:
                yield _and_more(self.problems - MAX_SUMMARY_ROWS)
            yield "\n"
        # The notes about the data behind the verdicts (an event later than the lists known)
        # end the list, as they end the text report.
        data_notes = list(self.totals.notes)
        if report.messages or data_notes:
            # A step shows ten warnings as annotations at most: the summary lists them (as
            # many as it lists problems).
            listed = report.messages[:MAX_SUMMARY_ROWS]
            yield "### Warnings and notes\n\n"
            yield "".join(f"- {message.level}: {markdown_text(message.message)}\n" for message in listed)
            yield "".join(f"- note: {markdown_text(note)}\n" for note in data_notes)
            if len(report.messages) > len(listed):
                yield _and_more(len(report.messages) - len(listed))
            yield "\n"
        self.table.close()
        self.rows.close()


def _and_more(left: int, what: str = "") -> str:
    """The line under a summary's table cut at MAX_SUMMARY_ROWS: how many rows it leaves out."""
    return f"\n... and {left} more{what} (run `deckcheck ... -o json` for all)\n"


def markdown(report: Report) -> str:
    summary = _Summary(namer())
    for result in report.results:
        summary.add(result, result.legal)
    return "".join(summary.chunks(report))


def _problem_row(where: str, problem: Problem) -> str:
    line = "" if problem.line is None else str(problem.line)
    severity = "" if problem.is_error else f"{problem.severity}: "
    # full_message: a typo's row says what was meant, as its annotation does; the summary is
    # where a job's reader looks past GitHub's ten annotations a step.
    return f"| {markdown_text(where)} | {line} | {markdown_text(problem.rule)} | {markdown_text(severity + problem.full_message)} |"


def publish(report: Report) -> str | None:
    """Append the Markdown summary to $GITHUB_STEP_SUMMARY; a warning when that fails."""
    target = os.environ.get("GITHUB_STEP_SUMMARY")
    if not target:
        return None
    return _append(target, [markdown(report)])


# The last line of a summary cut at MAX_SUMMARY_BYTES.
_CUT = "\n... the summary is cut here: GitHub drops a step's job summary over 1 MiB (run `deckcheck ... -o json` for all)\n"


def _append(target: str, chunks: Iterable[str]) -> str | None:
    try:
        with open(target, "a", encoding="utf-8", errors="replace") as stream:
            # What the step wrote before counts too: GitHub judges the step's whole file.
            room = MAX_SUMMARY_BYTES - stream.tell() - len(_CUT.encode("utf-8"))
            for chunk in chunks:  # every one taken, cut or not: the spools close at the end
                if room < 0:
                    continue
                data = chunk.encode("utf-8", errors="replace")
                if len(data) > room:
                    # Cut at the end of a line, so a table row is never half written.
                    kept = data[:room]
                    stream.write(kept[: kept.rfind(b"\n") + 1].decode("utf-8") + _CUT)
                    room = -1
                    continue
                stream.write(chunk)
                room -= len(data)
    except OSError as exc:
        return f"cannot write the job summary to {target} ({exc.strerror or exc})"
    return None
