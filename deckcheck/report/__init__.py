"""Reporters: one module per output (`-o NAME`), each turning a run's results into text.

`REPORTERS` below is the registry: each output's `-o` name (its module is
`report/<name>.py`, whose `NAME` says the same), one line for people (shell completion
shows it) and what it can report, a set of the subjects below. They are data, so help,
completion and the choice of a reporter read them without importing any reporter; a
reporter module is imported when it is used. A reporter module renders:
`render(report, *, color)` for a `Report` (decks, teams, assertions); for a batch,
`batch_writer(out, *, color, warn)`, which writes the batch's report as its results come
(report/stream.py; `deliver_batch` runs it on a batch held in memory); `render_simulation(simulation, *, color,
unicode)` when it shows a simulation itself (else a simulation is rendered as the `Report`
of its assertions); `render_comparison(comparison)` for `simulate --compare`;
`render_diff(diff)` for `deckcheck diff`. The text report's renderers (the report with
tables) also take `shown`, how stdout shows text, which its tables measure their cells in
(style.Shown; cli/common.py, `tables_on_stdout`). It may also
have `publish(report) -> warning or None` for what goes beyond stdout (the GitHub job
summary). Reporters only format; they never decide legality.

A command imports only the reporter it was asked for. The outputs are described in
docs/contracts.md.
"""
from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING

from ..errors import DeckcheckError
from .style import JSON_ESCAPE, XML_ESCAPE, as_is  # light (os, re, sys), and cli/common.py imports it at start-up anyway

if TYPE_CHECKING:
    from ..batch import BatchReport
    from .style import Shown
    from ..engine.simulation import Simulation
    from ..result import Report

# What a reporter can render (its `renders`); a command asks for the subjects it reports.
DECKS = "decks"              # a verdict and the problems of each deck (validate, check)
TEAMS = "teams"              # team problems (batch, Team Unified Construction)
ASSERTIONS = "assertions"    # simulate --assert outcomes (simulate, check)
BATCH = "batch"              # a batch: registrations, skipped files, deck checks
SIMULATIONS = "simulations"  # simulate: keep odds, lands, cards by turn (or its assertions)
COMPARISONS = "comparisons"  # simulate --compare: policies side by side
DIFFS = "diffs"              # diff: a registered decklist against the deck as found



class Output:
    """One output of the registry: a line for people, what it can report, and the
    encoding its format prescribes, if any."""

    __slots__ = ("description", "renders", "encoding", "escape", "kept_as_file")  # a plain class: a NamedTuple costs a start-up

    def __init__(
        self, description: str, renders: frozenset[str], *, encoding: str | None = None, escape: str | None = None,
        kept_as_file: bool = False,
    ) -> None:
        self.description = description  # one line for people
        self.renders = renders          # what it can report: subjects above
        # How a file of the report (`batch --report FILE`: `as_filed`) writes a name's DEL, C1
        # controls and bidirectional overrides: a machine format's own escape (style.escaped),
        # the names kept as written for its parser; None: as stdout shows them (printable).
        self.escape = escape
        # A format that fixes its encoding (JSON must be UTF-8, RFC 8259; the XML and the
        # HTML page declare UTF-8) is written in it on any terminal (cli/common.py, `emit`):
        # in a legacy one (a redirect on Windows is cp1252) `Lim-Dûl` would be bytes no
        # parser reads, `☆` a `?`. None: the terminal's encoding, for people to read.
        self.encoding = encoding
        # A report a CI job keeps as a file, which names decks from the repository's folder
        # wherever `check` runs (report/workspace.from_root); text is read where it runs.
        self.kept_as_file = kept_as_file


UTF8 = "utf-8"

_ALL = frozenset({DECKS, TEAMS, ASSERTIONS, BATCH, SIMULATIONS, COMPARISONS, DIFFS})
_CI = frozenset({DECKS, TEAMS, ASSERTIONS, BATCH, SIMULATIONS})  # a simulation: its assertions

# The outputs, each report/<name>.py, in the order help, completion and errors list them.
REPORTERS: dict[str, Output] = {
    "text": Output("a readable verdict per deck and its problems", _ALL),
    "json": Output("one JSON object for the whole run, for scripts", _ALL, encoding=UTF8, escape=JSON_ESCAPE, kept_as_file=True),
    "junit": Output("JUnit XML test report (Jenkins, GitLab, most CI)", _CI, encoding=UTF8, escape=XML_ESCAPE,
                    kept_as_file=True),
    "github": Output("GitHub Actions annotations and job summary", _CI),
    "sarif": Output("SARIF 2.1.0 for code-scanning viewers", _CI, encoding=UTF8, escape=JSON_ESCAPE, kept_as_file=True),
    "csv": Output("tables for a spreadsheet: a batch's problems, a simulation's odds by turn",
                  frozenset({BATCH, SIMULATIONS, COMPARISONS})),
    "html": Output("one self-contained web page for an event: sortable, filterable, no network", frozenset({BATCH}),
                   encoding=UTF8),
}

PLAIN = "text"      # the report written for people to read
ACTIONS = "github"  # the report a GitHub Actions job shows on the pull request
PAGE = "html"       # the event's page: paperwork, for people to print or post
AUTO = "auto"       # ACTIONS inside a GitHub Actions job, PLAIN everywhere else
AUTO_HELP = f"{AUTO} ({ACTIONS} under GitHub Actions, else {PLAIN})"

Warn = Callable[[str], None]


class WorkflowCommands(str):
    """Text that is GitHub Actions workflow commands on purpose (the github reporter's, its
    values escaped): printed as it is, where any other text has its `::` lines defused
    (cli/common.py, `emit`)."""


def encoding(reporter: ModuleType) -> str | None:
    """The encoding the reporter's format prescribes (its `Output.encoding`), None for none."""
    return REPORTERS[reporter.NAME].encoding


def as_filed(name: str, data: bytes) -> bytes:
    """The UTF-8 `data` (whole lines) of the report of output `name` as a file of it keeps
    them (`batch --report FILE`): a name's control characters and bidirectional overrides
    as stdout shows them (style.printable: the file and stdout the same bytes), or in
    JSON, SARIF and JUnit as the format's own escapes (`Output.escape`), which its parser
    reads back as the name was written. Bytes with none of them are returned as they are."""
    from .style import escaped, made_printable, plain_utf8

    if plain_utf8(data):
        return data
    escape = REPORTERS[name].escape
    text = data.decode("utf-8")
    return (made_printable(text, False) if escape is None else escaped(text, escape)).encode("utf-8")


def load(name: str) -> ModuleType:
    """The reporter module of a registered output name (imported now, if not before)."""
    return importlib.import_module(f"{__name__}.{name}")


def resolve_auto(name: str) -> str:
    """The output `name` stands for: `auto` picks by the environment, others are themselves."""
    if name != AUTO:
        return name
    return ACTIONS if os.environ.get("GITHUB_ACTIONS") == "true" else PLAIN


def renders(name: str, *subjects: str) -> bool:
    """True when the output `name` can report every one of `subjects`; `auto` only when both
    outputs it may stand for can, so what it accepts does not depend on where it runs."""
    if name == AUTO:
        return renders(PLAIN, *subjects) and renders(ACTIONS, *subjects)
    return name in REPORTERS and set(subjects) <= REPORTERS[name].renders


def names(*subjects: str) -> list[str]:
    """The outputs that can report every one of `subjects`."""
    return [name for name in REPORTERS if renders(name, *subjects)]


def choices(*subjects: str) -> list[str]:
    """What `-o` accepts for `subjects`: `names(*subjects)`, then `auto` when it can."""
    return [*names(*subjects), *([AUTO] if renders(AUTO, *subjects) else [])]


def descriptions(*subjects: str) -> list[tuple[str, str]]:
    """(name, description) of each of `choices(*subjects)`, for shell completion."""
    found = [(name, REPORTERS[name].description) for name in names(*subjects)]
    if renders(AUTO, *subjects):
        found.append((AUTO, f"{ACTIONS} under GitHub Actions, else {PLAIN}"))
    return found


def output_help(*subjects: str) -> str:
    """`-o` help: the outputs for `subjects`, e.g. "text, json or auto (...)."."""
    listed = [*names(*subjects), *([AUTO_HELP] if renders(AUTO, *subjects) else [])]
    return ", ".join(listed[:-1]) + f" or {listed[-1]}." if len(listed) > 1 else f"{''.join(listed)}."


def choose(name: str, *subjects: str) -> ModuleType:
    """The reporter for `-o NAME` that reports `subjects` (`auto` resolved); DeckcheckError
    (exit 2) naming the outputs that would, when there is none."""
    if renders(name, *subjects):
        return load(resolve_auto(name))
    accepted = ", ".join(choices(*subjects))
    if name == AUTO or name in REPORTERS:
        raise DeckcheckError(f"output {name!r} cannot report {' and '.join(subjects)}; choose one of: {accepted}")
    if name != name.lower() and renders(name.lower(), *subjects):  # `-o JSON`, as format ids in capitals are told
        raise DeckcheckError(f"unknown output {name!r}; outputs are lower case: did you mean {name.lower()}?")
    raise DeckcheckError(f"unknown output {name!r}; choose one of: {accepted}")


def deliver(reporter: ModuleType, report: Report, *, color: bool = False, warn: Warn | None = None) -> str:
    """The reporter's text, after its side effects (if any); `warn(message)` hears failures."""
    publish = getattr(reporter, "publish", None)
    if publish is not None:
        problem = publish(report)
        if problem and warn is not None:
            warn(problem)
    return reporter.render(report, color=color)


def deliver_batch(reporter: ModuleType, batch: BatchReport, *, color: bool = False, warn: Warn | None = None) -> str:
    """A batch whose results are held (a library caller's), written by the reporter's
    batch writer, the one `deckcheck batch` streams through: the same report."""
    import io

    from .stream import render_with

    out = io.StringIO()
    return render_with(reporter.batch_writer(out, color=color, warn=warn), batch, out)


def deliver_simulation(
    reporter: ModuleType, simulation: Simulation, *, color: bool = False, unicode: bool = True, warn: Warn | None = None,
    shown: Shown = as_is,
) -> str:
    """A simulation in the reporter's own view of it, or as the `Report` of its assertions.
    `shown`: how the output shows text, for the text report's tables (style.Shown); only
    the text report takes it, so the others are not handed it."""
    render_simulation = getattr(reporter, "render_simulation", None)
    if render_simulation is not None:
        return render_simulation(simulation, color=color, unicode=unicode, **({} if shown is as_is else {"shown": shown}))
    from ..engine.report import outcomes
    from ..result import Report

    return deliver(reporter, Report(assertions=outcomes(simulation)), color=color, warn=warn)
