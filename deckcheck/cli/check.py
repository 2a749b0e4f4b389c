"""`deckcheck check`: check a repository as CI should, driven by its deckcheck.yaml."""
from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, List, Optional

import typer

from ..project import REPORT_SUBJECTS
from ..report import AUTO, encoding
from .app import app, handles_errors
from .common import (
    PARSED_REPORTS, coloured, emit, no_empty_argument, output_option, report_stop, report_usage_stop, say, say_note,
    say_unreadable, warn,
)
from .help_lists import reports
from .completion import complete_formats_to_play
from ..wording import counted

if TYPE_CHECKING:
    from collections.abc import Iterator

    from ..errors import DeckcheckError
    from ..project.config import ConfigError, ProjectConfig
    from ..result import Report


@app.command(cls=reports(*REPORT_SUBJECTS), short_help="Check a repository as its deckcheck.yaml says (CI, pre-commit).")
@handles_errors
def check(
    paths: Optional[List[str]] = typer.Argument(None, metavar="[PATH...]", help="Check only these files, or the decks under these folders (a pre-commit hook passes the staged files); default: the whole repository."),
    config_file: Optional[Path] = typer.Option(None, "--config", "-c", metavar="FILE", help="The deckcheck.yaml to use (default: the nearest one in this folder or above)."),
    format_id: Optional[str] = typer.Option(None, "--format", "-f", metavar="FORMAT", help="Check every deck against this format (overrides deckcheck.yaml).", autocompletion=complete_formats_to_play),
    date: Optional[str] = typer.Option(None, "--date", metavar="YYYY-MM-DD", help="Event date (overrides deckcheck.yaml; default: today)."),
    platform: Optional[str] = typer.Option(None, "--platform", metavar="PLATFORM", help="Where the events are played: paper, mtgo or arena (overrides deckcheck.yaml; default: paper)."),
    output: Optional[str] = output_option(None, more_help=f"Default: deckcheck.yaml's output, else {AUTO}."),
    strict: bool = typer.Option(False, "--strict", help="Fail (exit 1) on the run's own warnings too, such as a glob of deckcheck.yaml that matches no deck (also `strict: true` in deckcheck.yaml)."),
) -> None:
    """Check a repository as its deckcheck.yaml says: for CI and pre-commit.

    Reads deckcheck.yaml (default format, formats by glob, date, platform, output,
    simulate assertions per deck), validates every deck it selects and runs the assertions, and
    prints one report. Exit 0 when all decks are legal and all assertions hold, 1 when
    not, 2 for a bad configuration or an unreadable deck.

    Example: deckcheck check

    \b
    Example (pre-commit, GitHub Actions): \\
        deckcheck check -o github decks/burn.txt
    """
    with _usage_errors_reported(output):  # before deckcheck.yaml is read: -o's output
        config = _config(paths, config_file, format_id, output)
    with _usage_errors_reported(output or config.output):
        _run(config, paths, format_id, date, platform, output, strict)


@contextmanager
def _usage_errors_reported(output: str | None) -> Iterator[None]:
    """A usage error raised in the block reported in `output` too (`_report_usage_error`);
    a broken deckcheck.yaml is reported where it is found, on its file and line."""
    from ..errors import DeckcheckError
    from ..project.config import ConfigError

    try:
        yield
    except DeckcheckError as exc:
        if not isinstance(exc, ConfigError):
            _report_usage_error(exc, output)
        raise


def _config(paths: list[str] | None, config_file: Path | None, format_id: str | None, output: str | None) -> ProjectConfig:
    """The deckcheck.yaml the run reads (--config, else the nearest one; none with -f)."""
    from ..errors import DeckcheckError
    from ..project.config import ConfigError, ProjectConfig, find_config, load_config

    no_empty_argument(paths or (), "PATH", "a file or a folder of the repository, or no PATH for all of it")
    if config_file is not None:
        if config_file.is_dir():
            raise DeckcheckError(f"--config {config_file}: a folder, not a file; give the deckcheck.yaml file itself")
        if not config_file.is_file():
            from ..yamlload import standard_input_advice

            raise DeckcheckError(f"--config {config_file}: {standard_input_advice(config_file, 'deckcheck.yaml') or 'no such file'}")
        found: Path | None = config_file
    else:
        found = find_config(Path.cwd())
        if found is None and not format_id:
            raise DeckcheckError(
                "no deckcheck.yaml in this folder or above; " + _config_near(paths or ())
                + "write one (see docs/ci.md) or pass -f FORMAT"
            )
    try:
        return load_config(found) if found is not None else ProjectConfig(root=Path.cwd())
    except ConfigError as exc:
        _report_config_error(exc, output or exc.output, Path.cwd() if found is None else found.absolute().parent)
        raise


def _config_near(paths: list[str] | tuple[str, ...]) -> str:
    """Where the deckcheck.yaml of the first path given is, when it is above that path but not
    above the working folder: a hook or a job that runs at the top of a repository whose
    deckcheck.yaml sits in a subfolder (`ci/`) passes paths from the top (`git diff`)."""
    from ..project.config import find_config

    for path in paths[:1]:
        start = Path(path).absolute()
        near = find_config(start if start.is_dir() else start.parent)
        if near is not None:
            try:
                shown = os.path.relpath(near)
            except ValueError:  # another drive (Windows)
                shown = str(near)
            return f"{shown} is above {path}: pass --config {shown}; or "
    return ""


def _run(
    config: ProjectConfig, paths: list[str] | None, format_id: str | None, date: str | None, platform: str | None,
    output: str | None, strict: bool,
) -> None:
    """Check the decks `config` selects and print the report; exits with its code."""
    from ..errors import DeckcheckError
    from ..pipeline import check_platform, parse_date
    from ..project.check import run_check
    from ..project.config import ConfigError
    from ..report import REPORTERS, choose, deliver, resolve_auto
    from ..report.github import NAME

    format_ref = None
    if format_id:
        from ..formats import load, reference

        format_ref = reference(format_id)
        load(format_ref)  # an unknown -f is a usage error before any deck is read
    reporter = choose(output or config.output or AUTO, *REPORT_SUBJECTS)
    day = parse_date(date) if date else None
    if platform is not None:
        check_platform(platform)
    try:
        run = run_check(config, paths or (), format_id=format_ref, date=day, platform=platform, strict=strict)
    except ConfigError as exc:
        # Found once a deck's format is known (a policy without a rule for its hand size).
        _report_config_error(exc, output or config.output, config.root)
        raise
    # The run's warnings and notes are in its report too, each output showing them its way
    # (a glob with a typo turns assertions off: the pull request, the SARIF upload must show it).
    for message in run.warnings:
        warn(message)
    # A report a job keeps as a file names decks from the repository's folder wherever `check`
    # runs (SARIF its URIs, and its `deck` and `format` properties too); text is read where it runs.
    if REPORTERS[resolve_auto(output or config.output or AUTO)].kept_as_file:
        from ..report.workspace import from_root

        from_root(run.report)
    if not run.report.results:
        folders = [path for path in paths or () if Path(path).is_dir()]
        if paths and not folders:
            # None of the files given is a deck (a hook on a README change; a pull request's
            # `git diff --name-only`): nothing to say, but a job that uploads the SARIF or
            # JUnit report, or parses the JSON one, gets the valid report of a run that
            # checked nothing, not an empty file its upload or parser fails on; and a GitHub
            # job the annotations of the run's own warnings (a link out of the repository,
            # not read), which stderr has, and a job summary that says no deck was given.
            shown = resolve_auto(output or config.output or AUTO)
            if shown in PARSED_REPORTS or shown == NAME:
                emit(deliver(reporter, run.report, warn=warn), encoding=encoding(reporter))
            # 0, unless a strict run's own warning (a link not followed) fails it.
            _say_strict(run.report, strict, config)
            raise typer.Exit(run.report.exit_code)
        where = ", ".join(folders) if folders else _folder_shown(config.root)
        from ..project.check import relative

        if folders and all(relative(Path(folder), config.root) is None and os.path.abspath(folder) != os.path.abspath(config.root)
                           for folder in folders):
            # A folder outside the project is never walked (only a file there is read, by its
            # name): "no decklists found" of a folder of 206 decks read as a reader's fault.
            raise DeckcheckError(
                f"no decklists found under {where}: it is outside the project's folder ({_folder_shown(config.root)}: "
                f"deckcheck.yaml's, else the current folder), and check walks only folders inside it; run check "
                f"from inside {folders[0]}, or `deckcheck batch {folders[0]} -f FORMAT`")
        raise DeckcheckError(f"no decklists found under {where} ({_selection(config)})")
    color = coloured(reporter)
    emit(deliver(reporter, run.report, color=color, warn=warn), encoding=encoding(reporter), color=color)
    say_unreadable(run.report, reporter)
    for note in run.notes:
        say_note(note)
    _say_strict(run.report, strict, config)
    raise typer.Exit(run.report.exit_code)


def _say_strict(report: Report, strict: bool, config: ProjectConfig) -> None:
    """The last line on stderr of a strict run that its own warnings fail: why it fails."""
    if report.failing_warnings:
        how = "--strict" if strict else f"{config.shown}: strict: true"
        count = report.failing_warnings
        say(f"deckcheck: error: {how}: {counted(count, 'warning')} fail{'' if count != 1 else 's'} the check")


def _report_config_error(error: ConfigError, output: str | None, root: Path) -> None:
    """A broken deckcheck.yaml, reported on stdout as the output (`-o`, else the file's
    own `output:` when it gives a usable one, else `auto`) shows it (`report_stop`): in a
    GitHub job an `::error` on the file and line that give the key, so the pull request that
    broke it shows where; SARIF and JUnit the document of a run that checked no deck, the
    error its one result (project/check.py, broken_config_report), named from `root`, the
    repository's folder."""
    from ..project.check import broken_config_report
    from ..report.github import command
    from ..report.workspace import namer

    annotation = command("error", error.detail, file=namer()(error.path), line=error.line, title="deckcheck.yaml")
    report_stop(output, annotation, broken_config_report(error, root))


def _report_usage_error(error: DeckcheckError, output: str | None) -> None:
    """A usage error that stopped the run before any deck (an unknown `-f`, a bad `--date`,
    no deckcheck.yaml), reported on stdout as a broken deckcheck.yaml is (`report_stop`):
    SARIF and JUnit print a valid document that says why (Report.stopped), GitHub an
    `::error` annotation; the command line is no file to place it on."""
    report_usage_stop(output, error, "check")


def _folder_shown(folder: Path) -> str:
    """The repository's folder as messages name it: from the working directory when it
    lies in it (`.`), as deckcheck.yaml and decks are named; else absolute, as found."""
    from ..workdir import from_working_directory

    return from_working_directory(folder)


def _selection(config) -> str:  # type: ignore[no-untyped-def]
    """Which files are decks, as deckcheck.yaml says: its `decks` globs, and its `exclude`
    globs, which may be what leaves a folder given without one (`check decks/archive/`)."""
    from ..limits import one_line  # a glob of a pull request's may hold a line break: one line still

    excluded = "; exclude: " + ", ".join(map(one_line, config.exclude)) if config.exclude else ""
    if config.decks:
        return "decks: " + ", ".join(map(one_line, config.decks)) + excluded
    return "files with a decklist extension; set `decks:` in deckcheck.yaml" + excluded
