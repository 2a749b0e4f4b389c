"""`-o junit`: JUnit XML for Jenkins, GitLab and every CI that reads test reports.

    <testsuites name="deckcheck" tests= failures= errors=>
      <testsuite name="mtg/modern" ...>                 one per format
        <testcase classname="mtg/modern" name="decks/burn.txt">
          <failure type="copy-limit" message="5 copies of ...">line 12, main: ...</failure>
        </testcase>
        <testcase classname="mtg/legacy.teams" name="team T1 (ann, bob)"/>   batch teams
      </testsuite>
      <testsuite name="simulate mtg/modern">            simulate assertions
        <testcase classname="decks/burn.txt" name="keep7 &gt;= 0.85"/>
    </testsuites>

A deck is a test case with one `failure` per problem (an unreadable deck is an `error`);
warnings go to the case's `system-out`. A batch's files that are no decklists are `skipped`
cases of the suite "skipped files". The output follows the Jenkins xUnit plugin's
JUnit schema (tests/schemas/junit-10.xsd). Text that XML 1.0 cannot carry (control
characters, lone surrogates from undecodable file names) is written as `\\xNN`.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from ..problem import Problem
from ..result import AssertionOutcome, DeckResult, Report, TeamResult

NAME = "junit"
SKIPPED_SUITE = "skipped files"  # a batch's files that are no decklists, each a skipped case

# Characters XML 1.0 allows (https://www.w3.org/TR/xml/#charsets); anything else is escaped.
_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(text: object) -> str:
    return _NOT_XML.sub(lambda match: f"\\x{ord(match.group()):02x}", str(text))


def _where(problem: Problem) -> str:
    parts = []
    if problem.line is not None:
        parts.append(f"line {problem.line}")
    if problem.zone:
        parts.append(problem.zone)
    return ", ".join(parts)


def _problem_text(problem: Problem) -> str:
    where = _where(problem)
    text = f"{where}: {problem.message}" if where else problem.message
    extras = {key: value for key, value in problem.to_dict().items() if key not in ("rule", "severity", "message", "zone", "line")}
    if extras:
        text += "\n" + "\n".join(f"{key}: {value}" for key, value in extras.items())
    return text


class _Suite:
    def __init__(self, name: str):
        self.name = name
        self.cases: list[ET.Element] = []
        self.failures = 0
        self.errors = 0
        self.skipped = 0

    def case(self, classname: str, name: str, problems: list[Problem], *, unreadable: bool = False) -> None:
        case = ET.Element("testcase", {"classname": xml_text(classname), "name": xml_text(name)})
        failed = errored = False
        notes = []
        for problem in problems:
            if not problem.is_error:
                notes.append(f"{problem.severity}: {problem.rule}: {_problem_text(problem)}")
                continue
            # An unreadable file (or a simulation that could not run) is not a verdict on the
            # deck but a fault of the input: a JUnit error rather than a failure.
            tag = "error" if unreadable and problem.rule in ("parse-error", "assertion") else "failure"
            element = ET.SubElement(case, tag, {"type": xml_text(problem.rule), "message": xml_text(problem.message)})
            element.text = xml_text(_problem_text(problem))
            errored |= tag == "error"
            failed |= tag == "failure"
        if notes:
            ET.SubElement(case, "system-out").text = xml_text("\n".join(notes))
        self.errors += errored
        self.failures += failed and not errored
        self.cases.append(case)

    def skip(self, name: str, reason: str) -> None:
        case = ET.Element("testcase", {"classname": xml_text(self.name), "name": xml_text(name)})
        ET.SubElement(case, "skipped", {"message": xml_text(reason)})
        self.skipped += 1
        self.cases.append(case)

    def element(self) -> ET.Element:
        suite = ET.Element("testsuite", {
            "name": xml_text(self.name), "tests": str(len(self.cases)), "failures": str(self.failures),
            "errors": str(self.errors), "skipped": str(self.skipped),
        })
        suite.extend(self.cases)
        return suite


def _deck_name(result: DeckResult) -> str:
    if result.player:
        team = f", team {result.team}" if result.team else ""
        return f"{result.deck} [{result.player}{team}]"
    return result.deck


def _team_name(team: TeamResult) -> str:
    return f"team {team.team} ({', '.join(team.players)})"


def _assertion_problems(outcome: AssertionOutcome) -> list[Problem]:
    if outcome.passed:
        return []
    return [Problem(rule="assertion", message=outcome.message)]


def build(report: Report) -> ET.Element:
    suites: dict[str, _Suite] = {}

    def suite(name: str) -> _Suite:
        return suites.setdefault(name, _Suite(name))

    for result in report.results:
        name = result.format or "unknown format"
        suite(name).case(name, _deck_name(result), result.problems, unreadable=result.unreadable)
    for team in report.teams or []:
        suite(team.format).case(f"{team.format}.teams", _team_name(team), team.problems)
    for outcome in report.assertions or []:
        name = f"simulate {outcome.format}"
        problems = _assertion_problems(outcome)
        if outcome.error:
            suite(name).case(outcome.deck, outcome.assertion, [Problem(rule="assertion", message=outcome.message)], unreadable=True)
        else:
            suite(name).case(outcome.deck, outcome.assertion, problems)
            if outcome.passed:
                ET.SubElement(suite(name).cases[-1], "system-out").text = xml_text(outcome.message)
    for item in report.skipped:
        suite(SKIPPED_SUITE).skip(item.file, item.reason)
    root = ET.Element("testsuites", {
        "name": "deckcheck",
        "tests": str(sum(len(s.cases) for s in suites.values())),
        "failures": str(sum(s.failures for s in suites.values())),
        "errors": str(sum(s.errors for s in suites.values())),
    })
    root.extend(s.element() for s in suites.values())
    return root


def render(report: Report, *, color: bool = False) -> str:
    root = build(report)
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
