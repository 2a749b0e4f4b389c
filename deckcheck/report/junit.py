"""`-o junit`: JUnit XML for Jenkins, GitLab and every CI that reads test reports.

    <testsuites name="deckcheck" tests= failures= errors=>
      <testsuite name="mtg/modern" ...>                 one per format
        <testcase classname="mtg/modern" name="decks/burn.txt">
          <failure type="copy-limit" message="5 copies of ...">line 12, main: ...</failure>   (a Yu-Gi-Oh! deck's: line 12, Main Deck)
        </testcase>
        <testcase classname="mtg/legacy.teams" name="team T1 (ann, bob)"/>   batch teams
      </testsuite>
      <testsuite name="simulate mtg/modern">            simulate assertions
        <testcase classname="simulate mtg/modern" name="decks/burn.txt: keep7 &gt;= 0.85"/>
    </testsuites>

A case's classname is its suite's name (a batch's teams: a package `.teams` below it), with
its dots written `_` (`_classname`): Jenkins splits a classname at its last dot into package
and class, so a format file `cube.yaml` would show as package `cube`, class `yaml`. The
deck path stays whole in the case's name.

A deck is a test case with one `failure` per problem (an unreadable deck is an `error`);
warnings go to the case's `system-out`. A batch's files that are no decklists are `skipped`
cases of the suite "skipped files". The run's own warnings and notes (`check`: a glob of
deckcheck.yaml that matches no deck, a simulation's notes), then the notes about the data
(an event later than the lists known: `note: lists known up to ...`), lead the document as
the `system-out` of a suite "warnings and notes" of no tests. A run that a usage error stopped
(`check -f mtg/nope`) is a suite "command line" whose one case `deckcheck` has that error
(type `usage`). A suite's cases of the same classname
and name (one deck under two deckcheck.yaml entries that assert the same thing, `validate
a.txt a.txt`), which CI test views key cases by and keep one of, are told apart in report
order: the first keeps its name, the next get ` (2)`, ` (3)`, ... The output follows the Jenkins
xUnit plugin's JUnit schema (tests/schemas/junit-10.xsd). Text that XML 1.0 cannot carry (control
characters, lone surrogates from undecodable file names) is written as `\\xNN`.
"""
from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from hashlib import blake2b
from typing import TextIO

from ..decklists.xmlsafe import NOT_XML  # the characters XML 1.0 has not: each escaped
from ..games import zone_words, zones_in_words
from ..problem import Problem, holders_text
from ..rules.docs import CONFIG
from ..result import RUN_ERROR, RUN_NOTE, AssertionOutcome, DeckResult, Report, RunMessage, TeamResult
from . import Warn
from .stream import ReportWriter, Spool, add_data_note, render_report
from ..wording import names_listed


NAME = "junit"
SKIPPED_SUITE = "skipped files"  # a batch's files that are no decklists, each a skipped case
MESSAGES_SUITE = "warnings and notes"  # the run's own (`check`), in the suite's system-out
STOPPED_SUITE = "command line"  # a run a usage error stopped: its one errored case
# The rule of that case's error: the command line's, not a deck's.
USAGE = "usage"



def xml_text(text: object) -> str:
    return NOT_XML.sub(lambda match: f"\\x{ord(match.group()):02x}", str(text))


def _where(problem: Problem, zone: str | None) -> str:
    parts = []
    if problem.line is not None:
        parts.append(f"line {problem.line}")
    if zone:
        parts.append(zone)
    return ", ".join(parts)


def _zones(problems: list[Problem], game: str, games: list[str] | None = None) -> list[str | None] | None:
    """Each problem's zone in its game's words (a Yu-Gi-Oh! deck's `Extra Deck`, as the text
    report says it), for a failure's text that people read; None where they are the zone
    ids (Magic), which `case` then takes from the problems themselves."""
    if not problems or (games is None and not zone_words(game)):
        return None
    return zones_in_words([problem.zone for problem in problems], game, games)


def _problem_text(problem: Problem, zone: str | None) -> str:
    # A deckcheck.yaml's error may name its own place (`line 4, column 1: invalid YAML`,
    # `formt: unknown key ... (line 1)`): its line is then not said twice.
    where = "" if problem.rule == CONFIG and _names_its_line(problem) else _where(problem, zone)
    text = f"{where}: {problem.message}" if where else problem.message
    extras = {key: value for key, value in problem.to_dict().items() if key not in ("rule", "severity", "message", "zone", "line")}
    if extras:
        text += "\n" + "\n".join(f"{key}: {_value(value)}" for key, value in extras.items())
    return text


def _names_its_line(problem: Problem) -> bool:
    return problem.line is not None and re.search(rf"\bline {problem.line}\b", problem.message) is not None


def _value(value: object) -> str:
    """A problem's field as text, not a Python repr: `holders` as the CSV writes them
    (`ann 4; bob 1`), a list's items joined by `; ` (card names hold commas)."""
    if isinstance(value, dict):
        return holders_text(value)
    if isinstance(value, (list, tuple)):
        return "; ".join(map(str, value))
    return str(value)


class _Suite:
    """One testsuite: its counts, and its cases written out (indented as they sit in the
    document) to a spool, so a batch's cases never wait in memory."""

    def __init__(self, name: str):
        self.name = name
        self.cases = Spool()
        self.tests = 0
        self.failures = 0
        self.errors = 0
        self.skipped = 0
        # How many cases of each (classname, name) so far, by a digest of the two: a repeat
        # gets ` (N)` (`_unique`). A batch's suite meets every deck, and the names
        # themselves (deck and player) held to its end grew the report's memory with the
        # event (1.52x from 10,000 decks to 50,000, against 1.40x for the other outputs);
        # a 128-bit digest is a third of their size, and no two names share one.
        self.named: dict[int, int] = {}

    def _unique(self, classname: str, name: str) -> str:
        """`name`, or `name (N)` for the Nth case of that classname and name in this suite."""
        key = _digest(classname, name)
        count = self.named[key] = self.named.get(key, 0) + 1
        return name if count == 1 else f"{name} ({count})"

    def case(
        self, classname: str, name: str, problems: list[Problem], *, unreadable: bool = False, output: str | None = None,
        zones: list[str | None] | None = None,
    ) -> None:
        """A test case of `problems`; `zones`: each one's zone as its text names it (`_zones`),
        None for the zone ids."""
        children: list[tuple[str, str, str]] = []  # (tag, attributes written, text)
        failed = errored = False
        notes = []
        for index, problem in enumerate(problems):
            zone = problem.zone if zones is None else zones[index]
            if not problem.is_error:
                notes.append(f"{problem.severity}: {problem.rule}: {_problem_text(problem, zone)}")
                continue
            # An unreadable file (or a simulation that could not run) is not a verdict on the
            # deck but a fault of the input: a JUnit error rather than a failure.
            tag = "error" if unreadable and problem.rule in ("parse-error", "assertion", USAGE) else "failure"
            children.append((tag, _attributes(type=problem.rule, message=problem.message), _problem_text(problem, zone)))
            errored |= tag == "error"
            failed |= tag == "failure"
        if notes:
            children.append(("system-out", "", "\n".join(notes)))
        if output is not None:
            children.append(("system-out", "", output))
        self.errors += errored
        self.failures += failed and not errored
        self._write(_attributes(classname=classname, name=self._unique(classname, name)), children)

    def skip(self, name: str, reason: str) -> None:
        classname = _classname(self.name)
        self.skipped += 1
        self._write(_attributes(classname=classname, name=self._unique(classname, name)),
                    [("skipped", _attributes(message=reason), "")])

    def _write(self, attributes: str, children: list[tuple[str, str, str]]) -> None:
        self.cases.write((_CASE_BREAK if self.tests else "") + _case_xml(attributes, children))
        self.tests += 1

    def element(self) -> ET.Element:
        """The suite without its cases: a mark stands where they go."""
        suite = ET.Element("testsuite", {
            "name": xml_text(self.name), "tests": str(self.tests), "failures": str(self.failures),
            "errors": str(self.errors), "skipped": str(self.skipped),
        })
        ET.SubElement(suite, _CASES_MARK)
        return suite


# XML's five special characters, and the white space an attribute value must write as a
# character reference to keep it (a parser turns a raw line break or tab into a space).
_ATTRIBUTE_ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"),
                      ("\r", "&#13;"), ("\n", "&#10;"), ("\t", "&#09;"))
_TEXT_ESCAPES = _ATTRIBUTE_ESCAPES[:3]


def _escaped(text: str, escapes: tuple[tuple[str, str], ...]) -> str:
    text = xml_text(text)
    for special, reference in escapes:
        if special in text:  # most names and messages hold none: a C search each, no copy
            text = text.replace(special, reference)
    return text


def _attributes(**values: str) -> str:
    """` key="value"` for each of `values`, in order, escaped as ElementTree writes them."""
    return "".join(f' {key}="{_escaped(value, _ATTRIBUTE_ESCAPES)}"' for key, value in values.items())


def _case_xml(attributes: str, children: list[tuple[str, str, str]]) -> str:
    """A testcase as `ET.tostring` writes it once `ET.indent` has placed it at _CASE_LEVEL
    (children one level deeper, each on its own line; an element without text closes
    itself as `<x />`). Written directly: a batch writes a case per deck, and building,
    indenting and serialising an ElementTree for each cost a quarter of a JUnit batch."""
    if not children:
        return f"<testcase{attributes} />"
    inner = _CASE_BREAK + _INDENT
    parts = [f"<testcase{attributes}>"]
    for tag, child_attributes, text in children:
        parts.append(inner)
        if text:
            parts.append(f"<{tag}{child_attributes}>{_escaped(text, _TEXT_ESCAPES)}</{tag}>")
        else:
            parts.append(f"<{tag}{child_attributes} />")
    parts.append(_CASE_BREAK + "</testcase>")
    return "".join(parts)


def _digest(classname: str, name: str) -> int:
    """A 128-bit digest of a case's classname and name, the classname's length first so
    that no two pairs write the same text (file names may hold lone surrogates)."""
    data = f"{len(classname)}:{classname}{name}".encode("utf-8", "surrogatepass")
    return int.from_bytes(blake2b(data, digest_size=16).digest(), "big")


# Cases sit at depth 2 (testsuites > testsuite > testcase), indented by two spaces a level.
_INDENT = "  "
_CASE_LEVEL = 2
_CASE_BREAK = "\n" + _INDENT * _CASE_LEVEL
_CASES_MARK = "deckcheck-cases"  # no JUnit element has this name; it never reaches the output


def _classname(suite: str) -> str:
    """`suite` as a classname Jenkins shows as one class: its dots written `_`."""
    return suite.replace(".", "_")


def _deck_name(result: DeckResult) -> str:
    if result.player:
        team = f", team {result.team}" if result.team else ""
        return f"{result.heading} [{result.player}{team}]"
    return result.heading


def _team_name(team: TeamResult) -> str:
    return f"team {team.team} ({names_listed(team.players)})"


def _assertion_problems(outcome: AssertionOutcome) -> list[Problem]:
    if outcome.passed:
        return []
    return [Problem(rule="assertion", message=outcome.message)]


class Writer(ReportWriter):
    """The JUnit document of results that come one at a time: cases go to their format's
    suite as they come; `finish` writes the document, whose root and suites carry counts."""

    def __init__(self, out: TextIO, *, color: bool = False, warn: Warn | None = None):
        self.out = out
        self.suites: dict[str, _Suite] = {}
        self.notes: dict[str, None] = {}  # about the data behind the verdicts (stream.add_data_note)

    def _suite(self, name: str) -> _Suite:
        # Not `setdefault(name, _Suite(name))`, which made a suite, and with it a spool's
        # temporary file object, for every result, to throw it away.
        found = self.suites.get(name)
        if found is None:
            found = self.suites[name] = _Suite(name)
        return found

    def add_result(self, result: DeckResult) -> None:
        name = result.format or "unknown format"
        self._suite(name).case(_classname(name), _deck_name(result), result.problems, unreadable=result.unreadable,
                               zones=_zones(result.problems, result.game))
        add_data_note(self.notes, result)

    def finish_report(self, report: Report, exit_code: int) -> None:
        """The teams, assertions and skipped files of `report` (not its results: those
        were added), then the document."""
        for team in report.teams or []:
            self._suite(team.format).case(f"{_classname(team.format)}.teams", _team_name(team), team.problems,
                                          zones=_zones(team.problems, team.game, team.games))
        for outcome in report.assertions or []:
            suite = f"simulate {outcome.format}"
            name = f"{outcome.deck}: {outcome.assertion}"
            if outcome.error:
                self._suite(suite).case(_classname(suite), name, [Problem(rule="assertion", message=outcome.message)], unreadable=True)
            else:
                self._suite(suite).case(_classname(suite), name, _assertion_problems(outcome),
                                        output=outcome.message if outcome.passed else None)
        for item in report.skipped:
            self._suite(SKIPPED_SUITE).skip(item.file, item.reason)
        if report.stopped is not None:
            self._suite(STOPPED_SUITE).case(_classname(STOPPED_SUITE), "deckcheck", [Problem(rule=USAGE, message=report.stopped)],
                                            unreadable=True)
        suites = list(self.suites.values())
        failing = report.failing_warnings  # the messages suite's failed cases (a strict run)
        root = ET.Element("testsuites", {
            "name": "deckcheck",
            "tests": str(sum(s.tests for s in suites) + failing),
            "failures": str(sum(s.failures for s in suites) + failing),
            "errors": str(sum(s.errors for s in suites)),
        })
        # The notes about the data (lists older than the event) after the run's own messages,
        # as the text report ends with them: a CI test view shows them where it shows those.
        messages = [*report.messages, *(RunMessage(RUN_NOTE, note) for note in self.notes)]
        if messages:
            root.append(_messages_suite(messages))
        root.extend(s.element() for s in suites)
        ET.indent(root, space=_INDENT)
        pieces = ET.tostring(root, encoding="unicode").split(f"<{_CASES_MARK} />")
        self.out.write('<?xml version="1.0" encoding="UTF-8"?>\n' + pieces[0])
        for suite, piece in zip(suites, pieces[1:]):
            suite.cases.copy_to(self.out)
            suite.cases.close()
            self.out.write(piece)
        self.out.write("\n")


def _messages_suite(messages: list[RunMessage]) -> ET.Element:
    """The run's own warnings and notes (`check`) as the `system-out` of a suite, one
    `warning: ...` / `note: ...` line each; the warnings that fail a strict run (level
    `error`) are also its failed test cases, so a CI test view shows why the job failed."""
    failing = [message for message in messages if message.level == RUN_ERROR]
    suite = ET.Element("testsuite", {"name": MESSAGES_SUITE, "tests": str(len(failing)), "failures": str(len(failing)),
                                     "errors": "0", "skipped": "0"})
    for index, message in enumerate(failing, start=1):
        case = ET.SubElement(suite, "testcase", {"classname": MESSAGES_SUITE, "name": f"strict: warning {index}"})
        ET.SubElement(case, "failure", {"message": xml_text(message.message), "type": "strict"}).text = xml_text(message.message)
    ET.SubElement(suite, "system-out").text = xml_text("\n".join(f"{message.level}: {message.message}" for message in messages))
    return suite


def batch_writer(out: TextIO, *, color: bool = False, warn: Warn | None = None) -> Writer:
    return Writer(out, color=color, warn=warn)


def render(report: Report, *, color: bool = False) -> str:
    out = io.StringIO()
    return render_report(Writer(out), report, out)
