"""What validation returns: a verdict per deck (and per team in batch), ready to report."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .problem import Problem, named_file_as
from .record import Record

if TYPE_CHECKING:
    from .batch.registration import Skipped
    from .freshness import AsOf

    # A place in a file: the file (as the command names it, from the working directory)
    # and its line, None when a line of it means nothing (a zip archive).
    Place = tuple[str, int | None]

REPORT_VERSION = "1"


# Records, not dataclasses: imported at every start-up (deckcheck/record.py). Mutable (the
# batch and the reports fill them in), so unhashable, as a dataclass with eq=True is.
NO_DECK = "(no deck)"


class DeckResult(Record):
    # `__weakref__`: that a streamed batch lets go of each result is watched through weak
    # references (tests/test_batch_stream.py).
    __slots__ = (
        "deck", "format", "problems", "counts", "player", "team", "unreadable", "pool", "location", "as_of",
        "registered_at", "unchecked_game", "pool_location", "pool_rest", "deck_name", "__weakref__",
    )
    __hash__ = None  # type: ignore[assignment]
    # Not the verdict: a batch keeps it only where it keeps the deck's cards (for a sheet).
    NOT_COMPARED = frozenset({"deck_name"})

    def __init__(
        self, deck: str, format: str, problems: list[Problem] | None = None, counts: dict[str, int] | None = None,
        player: str | None = None, team: str | None = None, unreadable: bool = False, pool: str | None = None,
        location: str | None = None, as_of: AsOf | None = None, registered_at: Place | None = None,
        unchecked_game: str = "", pool_location: str | None = None, pool_rest: int | None = None,
        deck_name: str | None = None,
    ) -> None:
        self.deck = deck
        self.format = format
        self.problems = [] if problems is None else problems
        self.counts = {} if counts is None else counts
        self.player = player
        self.team = team
        # The input could not be read at all (missing file, bad encoding): exit code 2.
        self.unreadable = unreadable
        self.pool = pool  # the registered pool checked against (limited events)
        # Where the deck's file is, for CI annotations, when `deck` names it otherwise (a batch
        # names decks as its source does): a path from the working directory, or "" when the
        # deck is no file of the working tree (an archive entry).
        self.location = location
        # The event day, platform and how far the data behind the verdict reaches (freshness.py).
        self.as_of = as_of
        # A batch's deck that is no file of the working tree (an archive entry, a manifest
        # row with a URL or no deck): where it was registered, for SARIF, which must place
        # every result on a file (report/sarif.py). Also set for a deck with problems, so
        # GitHub annotations put a manifest row's own problems on its line (report/github.py).
        self.registered_at = registered_at
        # The game of a deck checked against no format (a batch row whose format could not
        # be loaded) as its row and zones tell (games.game_unchecked), so its heading counts
        # a .ydk's zones in Yu-Gi-Oh!'s words: a checked deck's game is its format's (as_of).
        self.unchecked_game = unchecked_game
        # Where the pool's file is, for CI annotations of the pool's own problems, when
        # `pool` names it otherwise (a batch names a pool as its manifest does): a path from
        # the working directory, or "" when the pool is no file of the working tree (pasted
        # into a manifest cell, an archive entry).
        self.pool_location = pool_location
        # The cards of the registered pool the main deck does not use, when they are the
        # sideboard (a limited deck stating none, or only basic lands the organiser provides:
        # registered_pools.pool_sideboard): the text heading counts them (`sideboard 11
        # from the pool`, `sideboard 5 and 11 from the pool`), where `counts`, as JSON
        # gives them, are the list's zones as stated (docs/contracts.md). None otherwise.
        self.pool_rest = pool_rest
        # The name the deck's file gives its deck (Deck.name: a Cockatrice <deckname>, a text
        # list's title line), where a batch keeps the deck's cards (`batch --sheets`: the
        # sheet's Deck name box, as `sheet` fills it); None otherwise. In no report.
        self.deck_name = deck_name

    @property
    def legal(self) -> bool:
        # Asked three times a deck of a batch (its totals, the report's, the line); most
        # decks have no problem at all, told without a generator.
        return not self.problems or not any(problem.is_error for problem in self.problems)

    @property
    def game(self) -> str:
        """The game of the format the deck was checked against, else `unchecked_game` ("" when
        nothing tells: a deck that could not be read), for the words a report names its
        zones in."""
        return self.as_of.game if self.as_of is not None else self.unchecked_game

    @property
    def heading(self) -> str:
        """The deck as a report heads its problems: a manifest row that names no deck shows
        `(no deck)`, so the heading starts with what was registered, never with a blank."""
        return self.deck or NO_DECK

    @property
    def file(self) -> str | None:
        """The deck's file for CI annotations (GitHub, SARIF); None when there is none
        (standard input, text, a `ydke://` URL, an archive entry)."""
        if self.location is not None:
            return self.location or None
        from .decklists import names_a_file

        return self.deck if names_a_file(self.deck) else None

    def manifest_line_of(self, problem: Problem) -> tuple[str, int] | None:
        """The manifest and line a problem of this batch row is about (`manifest line 3: no
        player name`), for CI annotations: the organiser mends the manifest, not the deck.
        None for the deck's own problems, and for a manifest that is no file of the working
        tree (one inside a zip, whose registration names no line)."""
        place = self.registered_at
        line = problem.details.get("manifest_line") if problem.details else None
        if place is None or place[1] is None or not isinstance(line, int):
            return None
        return place[0], line

    def pool_line_of(self, problem: Problem) -> Place | None:
        """The file and line a problem of the registered pool itself is about (`pool
        pools/ann.txt line 3: ...`, an unreadable line or a card the data lacks), for CI
        annotations: the pool is mended there, not the deck. A pool pasted into a manifest's
        cell is on that manifest line. None for the deck's problems (a card the pool holds
        too few of is the deck's, on its line), and for a pool that is no file (standard
        input, an archive entry)."""
        details = problem.details
        line = details.get("pool_line") if details else None
        if not isinstance(line, int) or self.pool is None or details.get("pool") != self.pool:
            return None
        if self.pool_location is None:
            from .decklists import names_a_file

            return (self.pool, line) if names_a_file(self.pool) else None
        if self.pool_location:
            return self.pool_location, line
        place = self.registered_at  # a pasted pool: its row, when the manifest is a file
        return place if place is not None and place[1] is not None else None

    def registration_line(self) -> Place | None:
        """The manifest and line that registered a deck that is no file (a `ydke://` URL,
        a list pasted into the deck cell), for CI annotations, which place it there; None
        for a deck file, and for a registration with no line (an archive entry)."""
        place = self.registered_at
        if self.file is not None or place is None or place[1] is None:
            return None
        return place

    def said_at_registration(self, problem: Problem, message: str | None = None) -> str:
        """`problem`'s message (or `message`, its words in a report: GitHub's add the "did
        you mean") as its registration shows it (a deck that is no file of the working
        tree, placed where it was registered): naming the deck and the line in it, unless
        it starts with the deck already or is the registration's own (a manifest row's,
        which says its line)."""
        # Here, not at the top: importing batch/ loads the whole batch machinery, which
        # `validate` never needs (this runs for a batch's decks that are no files only).
        from .batch.registration import REGISTRATION

        text = message or problem.message or problem.rule
        heading = self.heading
        if problem.rule == REGISTRATION or text.startswith(heading + ":"):
            return text
        return f"{heading}{f', line {problem.line}' if problem.line is not None else ''}: {text}"

    def name_file_as(self, read: str, shown: str) -> None:
        """Messages name the deck's file as it was read (a zip's temporary folder, a path
        from the working directory): name it `shown`, as the report does."""
        self.problems = named_file_as(self.problems, read, shown)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"deck": self.deck, "format": self.format, "legal": self.legal}
        if self.player is not None:
            out["player"] = self.player
        if self.team is not None:
            out["team"] = self.team
        if self.pool is not None:
            out["pool"] = self.pool
        out["counts"] = dict(self.counts)
        out["problems"] = [problem.to_dict() for problem in self.problems]
        if self.as_of is not None:
            out["as_of"] = self.as_of.to_dict()
        return out


class TeamResult(Record):
    __slots__ = ("team", "format", "players", "problems", "registered_at", "game", "member_games", "member_rows")
    __hash__ = None  # type: ignore[assignment]

    def __init__(
        self, team: str, format: str, players: list[str], problems: list[Problem] | None = None,
        registered_at: dict[str, Place] | None = None, game: str = "", member_games: dict[str, str] | None = None,
        member_rows: dict[str, tuple[str | None, str | None]] | None = None,
    ) -> None:
        self.team = team
        self.format = format
        self.players = players
        self.problems = [] if problems is None else problems
        # Where each member registered (player -> manifest and line, or the archive), in the
        # manifest's order: a team problem has no file of its own (report/sarif.py).
        self.registered_at = {} if registered_at is None else registered_at
        # The game of the team's format(s) ("" when they are not of one game, or none
        # loaded): the text and HTML reports name its zones in that game's words.
        self.game = game
        # The game of each member (player -> game) of a team whose formats are of several
        # games (a Magic deck and a Yu-Gi-Oh! deck): each member's problems are named in
        # their own game's words (`games`). None for a team of one game.
        self.member_games = member_games
        # Each member's seat and deck as their row wrote them (player -> (seat, deck)), by
        # the name the team's problems give them (`John Smith (ID 2222)`, `(no player:
        # manifest line 4)`), for the report rows of a member's problem (report/csv.py).
        self.member_rows = {} if member_rows is None else member_rows

    @property
    def games(self) -> list[str] | None:
        """Each problem's game, for a team whose members play several games: the game of
        the member it names (its `player`; "" for the team's own); None for a team of one."""
        if not self.member_games:
            return None
        return [self.member_games.get(problem.details.get("player", ""), "") for problem in self.problems]

    @property
    def legal(self) -> bool:
        return not any(problem.is_error for problem in self.problems)

    def to_dict(self) -> dict[str, Any]:
        return {
            "team": self.team,
            "format": self.format,
            "legal": self.legal,
            "players": list(self.players),
            "problems": [problem.to_dict() for problem in self.problems],
        }


class AssertionOutcome(Record):
    """A simulate assertion (`keep7 >= 0.85`) on one deck, as CI reports see it.

    `message` says what was measured (or why the simulation could not run, with
    `error` set); `values` are the statistics the assertion compared.
    """

    __slots__ = ("deck", "format", "assertion", "passed", "message", "values", "error", "location")
    __hash__ = None  # type: ignore[assignment]

    def __init__(
        self, deck: str, format: str, assertion: str, passed: bool, message: str,
        values: dict[str, float] | None = None, error: bool = False, location: str | None = None,
    ) -> None:
        self.deck = deck
        self.format = format
        self.assertion = assertion
        self.passed = passed
        self.message = message
        self.values = {} if values is None else values
        self.error = error
        # The deck's file as the command named it, kept when `deck` is renamed for a report
        # (report/workspace.from_root), as DeckResult.location is: annotations join it to
        # the working directory. None: `deck` is that name.
        self.location = location

    @property
    def file(self) -> str | None:
        """The deck's file for CI annotations (GitHub, SARIF); None when `deck` names none."""
        if self.location is not None:
            return self.location
        from .decklists import names_a_file

        return self.deck if names_a_file(self.deck) else None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "deck": self.deck, "format": self.format, "assertion": self.assertion,
            "passed": self.passed, "message": self.message, "values": dict(self.values),
        }
        if self.error:
            out["error"] = True
        return out


# The levels of a RunMessage, as SARIF names a notification's.
RUN_WARNING = "warning"  # something the run did not do that its configuration asked for
RUN_ERROR = "error"      # such a warning in a strict run (`check --strict`): it fails the run
RUN_NOTE = "note"        # what explains the numbers, changes nothing


class RunMessage(Record):
    """A message about the run itself rather than one deck: `deckcheck check`'s warnings (a
    glob of deckcheck.yaml that matches no deck, so its assertions did not run; a link not
    followed) and notes (a simulation's: a policy tag that holds no card of the deck).
    Every report carries them in its own way (docs/contracts.md). `file` and `line`, when
    known, are where the message points (the line of deckcheck.yaml that gives the glob),
    for the outputs that place a message on a file (GitHub annotations)."""

    __slots__ = ("level", "message", "file", "line")

    def __init__(self, level: str, message: str, file: str | None = None, line: int | None = None) -> None:
        self.level = level  # RUN_WARNING or RUN_NOTE
        self.message = message
        self.file = file
        self.line = line

    @property
    def is_warning(self) -> bool:
        """A warning, failing the run or not (RUN_WARNING, RUN_ERROR); else a note."""
        return self.level != RUN_NOTE

    def to_dict(self) -> dict[str, Any]:
        return {"level": self.level, "message": self.message}


class Report(Record):
    __slots__ = ("results", "teams", "assertions", "skipped", "messages", "stopped", "root")
    __hash__ = None  # type: ignore[assignment]
    NOT_COMPARED = frozenset({"root"})  # where files are named from, not what was found

    def __init__(
        self, results: list[DeckResult] | None = None, teams: list[TeamResult] | None = None,
        assertions: list[AssertionOutcome] | None = None, skipped: list[Skipped] | None = None,
        messages: list[RunMessage] | None = None, stopped: str | None = None, root: str | None = None,
    ) -> None:
        self.results = [] if results is None else results
        self.teams = teams
        # Simulate assertions (`deckcheck simulate -o junit`, `deckcheck check`); None: none run.
        self.assertions = assertions
        # Batch: the files of the source that are no decklists, listed by the CI outputs too
        # (a file that may be a registration but could not be checked is a result instead).
        self.skipped = [] if skipped is None else skipped
        # The run's own warnings and notes, in the order they arose (RunMessage).
        self.messages = [] if messages is None else messages
        # Why the run stopped before it checked a deck: a usage error of the command line
        # (`check -f mtg/nope`, exit 2), which the CI outputs still report in a valid
        # document (cli/check.py), so the job that uploads it shows why.
        self.stopped = stopped
        # The repository a `check` read (deckcheck.yaml's folder): SARIF names files from it
        # outside a GitHub job, so a log is the same from any folder the check runs in
        # (report/workspace.py). None: from the working directory.
        self.root = root

    @property
    def legal(self) -> bool:
        return all(result.legal for result in self.results) and all(team.legal for team in self.teams or [])

    @property
    def passed(self) -> bool:
        """Every deck and team legal, every assertion held and no warning of the run's own
        that fails it (`check --strict`): what exit code 0 means."""
        return self.legal and all(outcome.passed for outcome in self.assertions or []) and not self.failing_warnings

    @property
    def failing_warnings(self) -> int:
        """How many of the run's own warnings fail it (level RUN_ERROR)."""
        return sum(message.level == RUN_ERROR for message in self.messages)

    @property
    def exit_code(self) -> int:
        if self.stopped is not None or any(result.unreadable for result in self.results):
            return 2
        return 0 if self.passed else 1

    @property
    def notes(self) -> list[str]:
        """One line per distinct note about the data behind the verdicts (lists out of date)."""
        return list(dict.fromkeys(note for result in self.results if result.as_of and (note := result.as_of.note)))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"deckcheck": REPORT_VERSION, "results": [result.to_dict() for result in self.results]}
        if self.notes:
            out["notes"] = self.notes
        if self.messages:
            out["messages"] = [message.to_dict() for message in self.messages]
        if self.teams is not None:
            out["teams"] = [team.to_dict() for team in self.teams]
        if self.assertions is not None:
            out["assertions"] = [outcome.to_dict() for outcome in self.assertions]
        return out
