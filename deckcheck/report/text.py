"""`-o text`: a readable verdict per deck, its problems below it, one summary line."""
from __future__ import annotations

from ..problem import ERROR, WARNING, Problem
from ..result import AssertionOutcome, DeckResult, Report, TeamResult
from .style import paint


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{zone} {count}" for zone, count in counts.items())


def _problem_line(problem: Problem, *, color: bool) -> str:
    where = f"line {problem.line}" if problem.line is not None else ""
    severity = "" if problem.severity == ERROR else f"{problem.severity}: "
    rule = paint(f"{problem.rule:<16}", "red" if problem.is_error else "yellow", color=color)
    zone = problem.zone or ""
    message = problem.message
    suggestions = problem.details.get("suggestions")
    if suggestions:
        message += " (did you mean " + ", ".join(suggestions) + "?)"
    return f"  {where:<9} {zone:<10} {rule} {severity}{message}"


def _deck_block(result: DeckResult, *, color: bool) -> list[str]:
    who = ""
    if result.player:
        who = f" [{result.player}" + (f", team {result.team}" if result.team else "") + "]"
    if result.legal:
        verdict = paint("LEGAL", "green", color=color)
    else:
        verdict = paint("ILLEGAL", "red", color=color)
    errors = sum(problem.is_error for problem in result.problems)
    warnings = sum(problem.severity == WARNING for problem in result.problems)
    tail = []
    if result.counts:
        tail.append(_counts(result.counts))
    if errors:
        tail.append(f"{errors} problem{'s' if errors != 1 else ''}")
    if warnings:
        tail.append(f"{warnings} warning{'s' if warnings != 1 else ''}")
    extra = f" ({'; '.join(tail)})" if tail else ""
    lines = [f"{paint(result.deck, 'bold', color=color)}{who} - {result.format}: {verdict}{extra}"]
    lines += [_problem_line(problem, color=color) for problem in result.problems]
    return lines


def _team_block(team: TeamResult, *, color: bool) -> list[str]:
    verdict = paint("LEGAL", "green", color=color) if team.legal else paint("ILLEGAL", "red", color=color)
    lines = [f"team {paint(team.team, 'bold', color=color)} ({', '.join(team.players)}) - {team.format}: {verdict}"]
    for problem in team.problems:
        line = _problem_line(problem, color=color)
        holders = problem.details.get("holders")
        if holders:
            line += " [" + ", ".join(f"{player} {count}" for player, count in holders.items()) + "]"
        lines.append(line)
    return lines


def _assertion_line(outcome: AssertionOutcome, *, color: bool) -> str:
    status = paint("PASS", "green", color=color) if outcome.passed else paint("FAIL", "red", color=color)
    return f"  {status}  {outcome.deck}: {outcome.assertion}   [{outcome.message}]"


def summary(report: Report) -> str:
    total = len(report.results)
    legal = sum(result.legal for result in report.results)
    text = f"{total} deck{'s' if total != 1 else ''}: {legal} legal, {total - legal} illegal"
    if report.teams:
        bad = sum(not team.legal for team in report.teams)
        text += f"; {len(report.teams)} team{'s' if len(report.teams) != 1 else ''}, {bad} illegal"
    return text


def render(report: Report, *, color: bool = False) -> str:
    lines: list[str] = []
    for result in report.results:
        lines += _deck_block(result, color=color)
    for team in report.teams or []:
        lines += _team_block(team, color=color)
    if report.assertions:
        lines.append("Simulate assertions")
        lines += [_assertion_line(outcome, color=color) for outcome in report.assertions]
    if len(report.results) > 1 or report.teams or report.assertions:
        tail = summary(report)
        if report.assertions:
            held = sum(outcome.passed for outcome in report.assertions)
            tail += f"; {held} of {len(report.assertions)} assertions hold"
        lines.append(tail)
    return "\n".join(lines) + "\n"
