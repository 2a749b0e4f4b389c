"""`-o text`: a readable verdict per deck, its problems below it, one summary line.

A batch gets a table of every registration (player, team, deck, verdict, problem count), a
table of teams, then the problems of each deck and team that has any, the skipped files,
and with `--deck-check` the players to check with their registered decks. A simulation
gets the engine's readable report (keep odds, lands, cards by turn), a `--compare` its
table of policies side by side.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, TextIO

from ..problem import ERROR, WARNING, Problem
from ..result import AssertionOutcome, DeckResult, Report, TeamResult
from . import Warn
from ..limits import MAX_TABLE_CELL_CHARS
from .style import Shown, as_is, cell, columns, cut, inert, pad, paint, widest
from ..wording import counted, names_listed
# The games' descriptors (no card data): every command that checks a deck has loaded them.
from ..games import listing_zones, zone_counts, zone_words, zones_in_words

if TYPE_CHECKING:
    from ..batch import BatchReport
    from ..batch.deck_checks import DeckCheck
    from ..batch.registration import Registration
    from ..engine.compare import Comparison
    from ..engine.simulation import Simulation
    from ..paperwork.diff import DeckDiff

NAME = "text"


def _counts(result: DeckResult) -> str:
    """`main 60, sideboard 15`; a Yu-Gi-Oh! deck's `Main Deck 40, Extra Deck 15, Side Deck 15`;
    a limited deck whose sideboard is the rest of its pool `main 40, sideboard 11 from the pool`."""
    return zone_counts(result.game, result.counts, from_pool=result.pool_rest)


# The rule column: wide enough for most rule ids with two spaces before the message. A
# block holding a longer one (`team-registration`, `zone-not-in-format`) widens it for its
# own lines (rule_width), so its messages still start in one column, two spaces on.
RULE_WIDTH = 16


def rule_width(problems: Iterable[Problem]) -> int:
    return max(RULE_WIDTH, widest(problem.rule for problem in problems) + 1)


# The line column: `line 9999` and a space. A block with a problem on line 10,000 or later
# (a huge pasted list) widens it for its own lines (_problem_lines), so its zones stay in one column.
WHERE_WIDTH = 9


def _where(problem: Problem) -> str:
    return f"line {problem.line}" if problem.line is not None else ""


# The zone column: `sideboard` and a space. A block naming a longer zone (Yu-Gi-Oh!'s `Extra
# Deck`, Magic's `maybeboard`) widens it for its own lines, so its rules keep their space.
ZONE_WIDTH = 10


def _problem_lines(problems: list[Problem], *, color: bool, game: str = "", games: Sequence[str] | None = None) -> list[str]:
    """A block's problem lines, each column as wide as its widest cell in the block; the
    line and zone columns' cells are worked out once and serve both their widths and the
    lines. The zone column names a zone in `game`'s words (a Yu-Gi-Oh! deck's `Side Deck`):
    Magic's are its zone ids, as before; `games`, each problem's game, where a block's
    problems are of several (a team of a Magic and a Yu-Gi-Oh! deck, TeamResult.games)."""
    if not problems:  # most decks of a batch: no column to measure
        return []
    wheres = [_where(problem) for problem in problems]
    zones = [problem.zone or "" for problem in problems]
    if games is not None or zone_words(game):  # Magic's zones are their ids: nothing to look up
        zones = [zone or "" for zone in zones_in_words(zones, game, games)]
    # Zone words are ASCII (the games' descriptors): `len` measures them, as `columns` would.
    zone_width = max(ZONE_WIDTH, max(map(len, zones), default=0) + 1)
    width, where = rule_width(problems), widest(wheres, WHERE_WIDTH)
    return [_problem_line(problem, at, zone, color=color, width=width, where=where, zone_width=zone_width)
            for problem, at, zone in zip(problems, wheres, zones)]


def _problem_line(problem: Problem, at: str, zone: str, *, color: bool, width: int, where: int, zone_width: int) -> str:
    severity = "" if problem.severity == ERROR else f"{problem.severity}: "
    rule = paint(pad(problem.rule, width), "red" if problem.is_error else "yellow", color=color)
    return f"  {pad(at, where)} {pad(zone, zone_width)} {rule} {severity}{inert(problem.full_message)}"


# The verdict of a deck that could not be read (missing, binary, not a decklist): it was
# never checked, so it is neither legal nor illegal; its problems say why it was not read.
NOT_CHECKED = "NOT CHECKED"
NOT_READ = "could not be read"


def verdict_word(result: DeckResult, legal: bool) -> str:
    """LEGAL, ILLEGAL, or NOT CHECKED for a deck that could not be read (never legal: its
    parse error is an error, so only an illegal verdict asks `unreadable`)."""
    if legal:
        return "LEGAL"
    return NOT_CHECKED if result.unreadable else "ILLEGAL"


def _deck_block(result: DeckResult, *, color: bool) -> list[str]:
    who = ""
    if result.player:
        who = f" [{inert(result.player)}" + (f", team {inert(result.team)}" if result.team else "") + "]"
    legal = result.legal
    verdict = paint(verdict_word(result, legal), "green" if legal else "red", color=color)
    errors = sum(problem.is_error for problem in result.problems)
    warnings = sum(problem.severity == WARNING for problem in result.problems)
    tail = [NOT_READ] if result.unreadable else []
    if result.counts:
        tail.append(_counts(result))
    if errors:
        tail.append(counted(errors, 'problem'))
    if warnings:
        tail.append(counted(warnings, 'warning'))
    extra = f" ({'; '.join(tail)})" if tail else ""
    lines = [f"{paint(inert(result.heading), 'bold', color=color)}{who} - {inert(result.format)}: {verdict}{extra}"]
    return lines + _problem_lines(result.problems, color=color, game=result.game)


def _team_block(team: TeamResult, *, color: bool) -> list[str]:
    verdict = paint("LEGAL", "green", color=color) if team.legal else paint("ILLEGAL", "red", color=color)
    lines = [_team_head(team, verdict, color=color)]
    for problem, line in zip(team.problems, _problem_lines(team.problems, color=color, game=team.game, games=team.games)):
        holders = problem.details.get("holders")
        if holders:
            line += " [" + ", ".join(f"{inert(player)} {count}" for player, count in holders.items()) + "]"
        lines.append(line)
    return lines


def _team_head(team: TeamResult, verdict: str, *, color: bool) -> str:
    return f"team {paint(inert(team.team), 'bold', color=color)} ({inert(names_listed(team.players))}) - {inert(team.format)}: {verdict}"


def _assertion_line(outcome: AssertionOutcome, *, color: bool) -> str:
    status = paint("PASS", "green", color=color) if outcome.passed else paint("FAIL", "red", color=color)
    return f"  {status}  {inert(outcome.deck)}: {inert(outcome.assertion)}   [{inert(outcome.message)}]"


def summary(report: Report) -> str:
    results = report.results
    unread = sum(result.unreadable for result in results)
    return summary_of(len(results), sum(result.legal for result in results), report.teams, unread)


def summary_of(total: int, legal: int, teams: list[TeamResult] | None, unread: int = 0) -> str:
    """`12 decks: 10 legal, 2 illegal; 3 teams, 1 illegal`; decks that could not be read
    (`unread`, counted among the not legal) are said apart: `3 decks: 1 legal, 1 illegal,
    1 could not be read`."""
    text = f"{counted(total, 'deck')}: {legal} legal, {total - legal - unread} illegal"
    if unread:
        text += f", {unread} {NOT_READ}"
    if teams:
        bad = sum(not team.legal for team in teams)
        text += f"; {counted(len(teams), 'team')}, {bad} illegal"
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
    lines += note_lines(report, color=color)
    return "\n".join(lines) + "\n"


def note_lines(report: Report, *, color: bool) -> list[str]:
    """`note: lists known up to D; run ...`: one line per note about the data (freshness.py)."""
    return notes_of(report.notes, color=color)


def notes_of(notes: Iterable[str], *, color: bool) -> list[str]:
    return [paint(f"note: {note}", "yellow", color=color) for note in notes]


# `shown` (below, here and in the batch's writer): how stdout shows text (report/style.py,
# `Shown`), which the tables measure their cells in; only the text report has tables.


def render_simulation(simulation: Simulation, *, color: bool = False, unicode: bool = True, shown: Shown = as_is) -> str:
    from ..engine.report import render_text

    return render_text(simulation, color=color, unicode=unicode, shown=shown)


def render_comparison(comparison: Comparison, *, shown: Shown = as_is) -> str:
    from ..engine.tables import render_compare_text

    return render_compare_text(comparison, shown=shown)


def render_diff(diff: DeckDiff, *, shown: Shown = as_is) -> str:
    from ..paperwork.diff import render_text

    return render_text(diff, shown=shown)


# ---------------------------------------------------------------- batch

_EMPTY = "-"


def _cell(text: str, shown: Shown = as_is) -> str:
    """A table cell (style.cell) cut to MAX_TABLE_CELL_CHARS with an ellipsis: every row is
    padded to the widest cell, so one long name would widen them all."""
    return cell(cut(text, MAX_TABLE_CELL_CHARS), shown)


def _table(
    header: Sequence[str], rows: Sequence[Sequence[str]], *, color: bool, verdict_column: int, shown: Shown = as_is,
) -> list[str]:
    rows = [[_cell(text, shown) for text in row] for row in rows]
    widths = [widest((row[i] for row in rows), columns(header[i])) for i in range(len(header))]
    return list(_table_lines(header, rows, widths, color=color, verdict_column=verdict_column))


def _table_lines(
    header: Sequence[str], rows: Iterable[Sequence[str]], widths: Sequence[int], *, color: bool, verdict_column: int,
) -> Iterator[str]:
    yield "  ".join(pad(name, width) for name, width in zip(header, widths)).rstrip()
    for row in rows:
        cells = []
        for i, (text, width) in enumerate(zip(row, widths)):
            padded = pad(text, width)
            if i == verdict_column:
                padded = paint(padded, "green" if text == "LEGAL" else "red", color=color)
            cells.append(padded)
        yield "  ".join(cells).rstrip()


def _errors(problems) -> str:
    return str(sum(problem.is_error for problem in problems))


def _batch_team_block(team: TeamResult, *, color: bool) -> list[str]:
    # Team problems' messages already say who holds how many copies.
    verdict = paint("LEGAL", "green", color=color) if team.legal else paint("ILLEGAL", "red", color=color)
    lines = [_team_head(team, verdict, color=color)]
    return lines + _problem_lines(team.problems, color=color, game=team.game, games=team.games)


_REGISTRATIONS = ("PLAYER", "TEAM", "DECK", "VERDICT", "PROBLEMS")


class BatchWriter:
    """The batch report of results that come one at a time. The table of registrations
    needs its column widths, known after the last row, and the problems are listed after
    the teams, known only at the end: both wait in spools (the table's rows as tab-separated cells) and
    are written by `finish`. `shown`: how the output shows text (a legacy terminal's
    nearest ASCII), which the table's cells are measured in."""

    def __init__(self, out: TextIO, *, color: bool = False, warn: Warn | None = None, shown: Shown = as_is):
        from .stream import Spool, Totals  # here: validate's text needs none of it

        self.out, self.color, self.shown = out, color, shown
        # The summary's counts and the card-data notes of the results written: a library
        # caller's BatchReport, whose own totals never counted, is told the same.
        self.totals = Totals()
        self.unread = 0  # decks that could not be read, among the totals' not legal
        self.rows, self.blocks = Spool(), Spool()
        self.widths = [columns(name) for name in _REGISTRATIONS]
        # The cells of text deckcheck writes itself (`-`, a verdict, a count of errors),
        # each made once: a few distinct values (counts stop at MAX_PROBLEMS_PER_DECK).
        self.own: dict[str, str] = {}

    def add(self, row: Registration, result: DeckResult) -> None:
        legal, shown, own = result.legal, self.shown, self._own
        player, team, deck = result.player, result.team, result.deck
        cells = (_cell(player, shown) if player else own(_EMPTY), _cell(team, shown) if team else own(_EMPTY),
                 _cell(deck, shown) if deck else own(_EMPTY), own("LEGAL" if legal else self._not_legal(result)),
                 own(_errors(result.problems)))
        self.widths = [max(width, columns(cell)) for width, cell in zip(self.widths, cells)]
        self.rows.add_cells(cells)
        if result.problems:
            self.blocks.write("".join(line + "\n" for line in _deck_block(result, color=self.color)))
        self.totals.count(result, legal)

    def _not_legal(self, result: DeckResult) -> str:
        """The verdict cell's word of a deck that is not legal (asked of those only), counting
        the decks that could not be read for the summary."""
        word = verdict_word(result, False)
        self.unread += word is NOT_CHECKED
        return word

    def _own(self, text: str) -> str:
        """The cell of `text`, which deckcheck wrote (every row has a verdict and a count)."""
        found = self.own.get(text)
        if found is None:
            found = self.own[text] = _cell(text, self.shown)
        return found

    def finish(self, batch: BatchReport) -> None:
        report, write = batch.report, self.out.write
        if self.totals.decks:
            for line in _table_lines(_REGISTRATIONS, self.rows.cell_rows(), self.widths, color=self.color, verdict_column=3):
                write(line + "\n")
        else:
            write(f"{inert(str(batch.source))}: no decklists found\n")
        lines: list[str] = []
        if report.teams:
            rows = [
                (team.team, team.format, names_listed(team.players), "LEGAL" if team.legal else "ILLEGAL", _errors(team.problems))
                for team in report.teams
            ]
            header = ("TEAM", "FORMAT", "PLAYERS", "VERDICT", "PROBLEMS")
            lines += [""] + _table(header, rows, color=self.color, verdict_column=3, shown=self.shown)
        flagged_teams = [team for team in report.teams or [] if team.problems]
        if not self.blocks.empty or flagged_teams:
            lines += ["", "Problems:"]
        write("".join(line + "\n" for line in lines))
        self.blocks.copy_to(self.out)
        lines = []
        for team in flagged_teams:
            lines += _batch_team_block(team, color=self.color)
        skipped = report.skipped  # files that could not be checked are rows of the table
        if skipped:
            lines += ["", "Skipped:"]
            files = [cell(item.file, self.shown) for item in skipped]
            width = min(widest(files), MAX_TABLE_CELL_CHARS)
            lines += [f"  {pad(file, width)}  {inert(item.reason)}" for file, item in zip(files, skipped)]
        if batch.deck_checks is not None:
            lines += [""] + deck_check_lines(batch, color=self.color, shown=self.shown)
        tail = summary_of(self.totals.decks, self.totals.legal, report.teams, self.unread)
        if skipped:
            tail += f"; {counted(len(skipped), 'file')} skipped"
        lines += ["", tail, *notes_of(self.totals.notes, color=self.color)]
        write("".join(line + "\n" for line in lines))
        self.rows.close()
        self.blocks.close()


def batch_writer(out: TextIO, *, color: bool = False, warn: Warn | None = None, shown: Shown = as_is) -> BatchWriter:
    return BatchWriter(out, color=color, warn=warn, shown=shown)


def deck_check_lines(batch: BatchReport, *, color: bool = False, shown: Shown = as_is) -> list[str]:
    """The deck-check section: who to check, then each registered deck card by card, so a
    judge can compare the deck at the table with its registration."""
    from ..batch.deck_checks import describe, picked_as

    sample = batch.deck_checks
    assert sample is not None
    lines = [f"Deck checks: {describe(sample)} (--seed {sample.seed} picks the same players again)"]
    if not sample.picks:
        return lines + ["  no decks to check"]
    rows = []
    for pick in sample.picks:
        row = batch.registrations[pick.index]
        rows.append((
            picked_as(pick, row) or _EMPTY, pick.team or _EMPTY, row.seat or _EMPTY, pick.deck or _EMPTY,
            row.pool or _EMPTY, "LEGAL" if pick.legal else NOT_CHECKED if pick.unread else "ILLEGAL",
        ))
    lines += ["  " + line for line in _table(("PLAYER", "TEAM", "SEAT", "DECK", "POOL", "VERDICT"), rows, color=color,
                                           verdict_column=5, shown=shown)]
    lines += ["", "Registered decks to check:"]
    for pick in sample.picks:
        who = picked_as(pick, batch.registrations[pick.index])
        # A folder's file has no player: its deck heads its list once, not as `deck - deck`.
        if who:
            lines.append(f"{paint(inert(who), 'bold', color=color)} - {inert(pick.deck)}")
        else:
            lines.append(paint(inert(pick.deck), "bold", color=color))
        if pick.entries is None:
            lines.append("  (the registered deck could not be read; see its problems above)")
            continue
        # An empty file's heading would otherwise stand alone, as if its listing were lost.
        lines += _decklist(pick, listing_zones(pick.game)) or [
            "  (no card was read from the registered deck; see its problems above)"]
    return lines


def _decklist(pick: DeckCheck, zones: Sequence[str]) -> list[str]:
    """Each zone's cards under its heading, in `zones`' order (a Commander deck's command
    zone before its main deck), each card once (deck_checks.zone_cards)."""
    from ..batch.deck_checks import zone_cards, zone_title

    lines = []
    for zone in zones:
        cards = zone_cards(pick, zone)
        if not cards:
            continue
        lines.append(f"  {zone_title(pick, zone)} ({sum(count for count, _ in cards)})")
        width = widest(str(count) for count, _ in cards)
        lines += [f"    {pad(str(count), width, right=True)} {inert(name)}" for count, name in cards]
    return lines
