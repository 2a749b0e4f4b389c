"""A problem found in a deck: the unit every rule yields and every reporter formats."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .limits import MAX_UNREADABLE_LINES
from .record import Record
from .wording import names_listed

ERROR = "error"
WARNING = "warning"
INFO = "info"


class Problem(Record):
    """One finding about a deck (or a team of decks).

    `rule` is a stable id from docs/contracts.md (`copy-limit`, `banned`, ...). Optional fields are
    left out of the JSON report when they do not apply; `details` carries rule-specific
    extras (team `holders`, "did you mean" `suggestions`) that are merged into the JSON.
    Treated as immutable (change one with `replace`); `details` is left out of `==` and the hash.
    """

    # A Record, not a dataclass: imported at every start-up (deckcheck/record.py).
    __slots__ = ("rule", "message", "severity", "zone", "line", "card", "count", "limit", "details", "unexplained",
                 "reason")
    NOT_COMPARED = frozenset({"details"})
    # `unexplained`: set by a catalog on an `unknown-card` problem whose message gives no
    # reason (cards/resolve.never_heard_of). `reason`: set by the parser on the
    # `parse-error` of a file that cannot be read as a whole (broken XML), its message
    # without the file and line it starts with (InputError.reason), for a caller that
    # names them itself (registered_pools._unread). Neither is reported, and a copy
    # (`replace`, a batch's wire) starts without them.
    NOT_FIELDS = frozenset({"unexplained", "reason"})
    # The fields `to_dict` writes when they are set (not None), in its order: after `rule`
    # and `severity`, before `message`. The one list of them: a batch's JSON writer
    # (report/json._problem_text) spells them out for speed and is tied to this by
    # tests/test_json_lines.py.
    OPTIONAL_FIELDS = ("zone", "line", "card", "count", "limit")

    def __init__(
        self, rule: str, message: str, severity: str = ERROR, zone: str | None = None, line: int | None = None,
        card: str | None = None, count: int | None = None, limit: int | None = None,
        details: dict[str, Any] | None = None,
    ) -> None:
        self.rule = rule
        self.message = message
        self.severity = severity
        self.zone = zone
        self.line = line
        self.card = card
        self.count = count
        self.limit = limit
        self.details = {} if details is None else details
        self.unexplained = False
        self.reason: str | None = None

    def _key(self) -> tuple[Any, ...]:
        # Record's _key without its per-field getattr: the NOT_COMPARED fields left out by hand.
        return (self.rule, self.message, self.severity, self.zone, self.line, self.card, self.count, self.limit)

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def placed_in(self, source: str) -> str:
        """`source line N` (`source` alone for a problem of no line): the list and line a
        message of one of several lists names."""
        return source if self.line is None else f"{source} line {self.line}"

    @property
    def full_message(self) -> str:
        """The message with its "did you mean" suggestions, as reports for people word it."""
        suggestions = self.details.get("suggestions")
        if not suggestions:
            return self.message
        return self.message + " (did you mean " + names_listed(map(str, suggestions)) + "?)"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rule": self.rule, "severity": self.severity}
        for key in self.OPTIONAL_FIELDS:
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        out["message"] = self.message
        for key, value in self.details.items():
            if key not in out:
                out[key] = _copied(value)
        return out


def _copied(value: Any) -> Any:
    """A detail as to_dict gives it: its lists and mappings copied, so a caller who changes
    the dict (trims the suggestions) leaves the problem as it was."""
    if isinstance(value, list):
        return [_copied(item) for item in value]
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    return value


def holders_text(holders: Mapping[str, object]) -> str:
    """A team problem's `holders` ({player: copies}) as one line of text, `ann 4; bob 1`:
    the CSV column and JUnit's failure text (a player's name may hold a comma)."""
    return "; ".join(f"{player} {count}" for player, count in holders.items())


# Rule id of the one problem that stands for problems left out of a report (limits.py).
NOT_LISTED = "problems-not-listed"
PARSE_ERROR = "parse-error"
_RANK = {ERROR: 2, WARNING: 1}


def worst_severity(problems: list[Problem]) -> str:
    return max((problem.severity for problem in problems), key=lambda severity: _RANK.get(severity, 0), default=INFO)


# What the problem LineProblems.close adds says after its number: a reader of a deck's
# problems (decklists/stated.py) knows by it that unreadable lines went unlisted.
UNLISTED_LINES = "more unreadable lines not listed"


class LineProblems(list):  # type: ignore[type-arg]
    """A deck's problems as a parser reports them, keeping at most `limit` problems of
    unreadable lines (`parse-error` with a line): further ones are only counted, so a
    4 MiB file of junk lines costs a few problems, not millions. `close()` adds the one
    problem that says how many were left out (of their worst severity, so a deck is still
    illegal when an error was among them)."""

    def __init__(self, items: list[Problem] | tuple[Problem, ...] = (), *, limit: int | None = None):
        super().__init__(items)
        self.limit = MAX_UNREADABLE_LINES if limit is None else limit
        self.lines = 0            # problems of lines seen, listed or not
        self.unlisted_worst = ""  # the worst severity among those not listed
        self.unlisted = 0
        self.stopped: tuple[int, int] | None = None  # (index, lines not read) once close() says so

    def __reduce__(self) -> tuple:  # type: ignore[type-arg]
        # Pickled (to a batch worker and back) as the plain list it holds now.
        return (list, (list(self),))

    def append(self, problem: Problem) -> None:
        if problem.rule == PARSE_ERROR and problem.line is not None:
            self.lines += 1
            if self.lines > self.limit:
                self.unlisted += 1
                if _RANK.get(problem.severity, 0) >= _RANK.get(self.unlisted_worst, -1):
                    self.unlisted_worst = problem.severity
                return
        super().append(problem)

    def not_read_problem(self, not_read: int) -> Problem:
        """The problem of a reading stopped with `not_read` lines never looked at."""
        return Problem(
            rule=PARSE_ERROR,
            message=(f"not a decklist? none of its first {self.lines:,} card lines could be read; "
                     f"stopped reading, {not_read:,} more lines not read"),
        )

    @property
    def full(self) -> bool:
        """True once further unreadable lines are only counted."""
        return self.lines >= self.limit

    def close(self, *, not_read: int = 0) -> None:
        """Add the problem for the unreadable lines not listed, and for `not_read` lines
        never looked at (a file that is clearly not a decklist, whose reading stopped)."""
        if not_read:
            # Where it is and what it counts: a text cut to MAX_DECK_LINES before it was
            # read counts the lines cut too (decklists.parse_text, `not_read_problem`).
            self.stopped = (len(self), not_read)
            super().append(self.not_read_problem(not_read))
        if self.unlisted:
            super().append(Problem(
                rule=PARSE_ERROR, severity=self.unlisted_worst,
                message=f"{self.unlisted:,} {UNLISTED_LINES} (only the first {self.limit:,} are)",
            ))
        self.unlisted = 0


def named_file_as(problems: list[Problem], read: str, shown: str) -> list[Problem]:
    """`problems` whose messages start with the deck's file as it was read (a zip's
    temporary folder, an absolute path) naming it `shown`, as the report does."""
    if read == shown:
        return problems
    prefix = read + ":"
    return [_renamed(problem, read, shown) if problem.message.startswith(prefix) else problem for problem in problems]


def _renamed(problem: Problem, read: str, shown: str) -> Problem:
    """`problem` naming its file `shown`; its `reason` names no file, and stays."""
    renamed = problem.replace(message=_named_as(problem.message, read, shown))
    renamed.reason = problem.reason
    return renamed


def _named_as(message: str, read: str, shown: str) -> str:
    """A message about the file `read` with the file named `shown`; the file spelled in
    another case or Unicode form it names (textio's missing file: a manifest's `decks/casedeck.TXT` beside
    `decks/CaseDeck.txt`) is named from the same folder as `shown` (the manifest's, a zip's
    top), not from the folder the batch read it in."""
    from .textio import OTHER_SPELLINGS

    rest = message[len(read):]
    folder = read[:len(read) - len(shown)]
    if folder and read.endswith(shown):
        for marker in OTHER_SPELLINGS:
            rest = rest.replace(marker + folder, marker, 1)
    return shown + rest


def capped(problems: list[Problem], limit: int, *, why: str) -> list[Problem]:
    """`problems`, or the first `limit` of them and one `problems-not-listed` problem that
    says how many more there were (of their worst severity: an error left out still makes
    the deck illegal) and `why` they were left out."""
    if len(problems) <= limit:
        return problems
    rest = problems[limit:]
    return [*problems[:limit], not_listed(rest, why)]


def not_listed(rest: list[Problem], why: str) -> Problem:
    errors = sum(problem.is_error for problem in rest)
    of_which = f" ({errors:,} of them error{'s' if errors != 1 else ''})" if errors and errors != len(rest) else ""
    return Problem(rule=NOT_LISTED, severity=worst_severity(rest),
                   message=f"{len(rest):,} more problems not listed{of_which}: {why}",
                   count=len(rest))


class ProblemBudget:
    """The problems one report may list (MAX_PROBLEMS_PER_REPORT), spent deck by deck in
    report order. Once it is spent, a deck keeps its first error (or first problem) and
    one `problems-not-listed` problem, so every deck keeps its verdict."""

    def __init__(self, limit: int | None = None):
        from .limits import MAX_PROBLEMS_PER_REPORT

        self.limit = MAX_PROBLEMS_PER_REPORT if limit is None else limit
        self.left = self.limit

    def take(self, problems: list[Problem]) -> list[Problem]:
        """The problems of the next deck that the report lists."""
        if len(problems) <= self.left:
            self.left -= len(problems)
            return problems
        keep = max(self.left, 1)
        if not any(problem.is_error for problem in problems[:keep]):
            first_error = next((index for index, problem in enumerate(problems) if problem.is_error), None)
            if first_error is not None:
                listed = [*problems[:keep], problems[first_error]]
                rest = problems[keep:first_error] + problems[first_error + 1:]
                self.left = 0
                return [*listed, not_listed(rest, self._why)] if rest else listed
        self.left = 0
        rest = problems[keep:]
        return [*problems[:keep], not_listed(rest, self._why)] if rest else problems[:keep]

    @property
    def _why(self) -> str:
        return f"the report lists at most {self.limit:,} problems"
