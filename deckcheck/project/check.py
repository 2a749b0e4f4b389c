"""`deckcheck check`: a repository's decks checked the way its deckcheck.yaml says.

Finding decks: with paths (a pre-commit hook passes the staged files) those paths, else
every file under the config's folder; either way a file counts when `decks` matches it
(or, without `decks`, when a decklist parser claims its extension and its content looks
like a decklist, so a staged notes.txt is not read as a deck) and `exclude` does not.
Hidden folders, virtual environments and `node_modules` are never walked.

Each deck is validated with its format (`-f`, else the first matching `formats` glob,
else `format`), then every `simulate` entry whose glob matches it runs its assertions.
One Report holds it all, the run's own warnings (a glob that matches no deck) and the
simulations' notes included (`Report.messages`), so every reporter and the exit codes work
as for `validate`.
"""
from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from .. import tree
from ..errors import DeckcheckError, DeckError
from ..limits import MAX_ASSERTIONS_PER_RUN, MAX_GLOB_STEPS_PER_RUN, MAX_HANDS_PER_RUN, one_line
from ..problem import named_file_as
from ..result import RUN_ERROR, RUN_NOTE, RUN_WARNING, AssertionOutcome, Report, RunMessage
from .config import KEY_OF_SETTING, ConfigError, ProjectConfig, SimulateSpec, default_hands
from .globs import GlobWorkExceeded, bounded, matches, matches_all_under, may_match_under

if TYPE_CHECKING:
    from ..engine.keep import Policies
    from ..result import DeckResult
    from ..formats import Format, FormatRef

# Folders no repository keeps decklists in; walking them costs time and finds junk.
_SKIPPED_FOLDERS = frozenset({"node_modules", "__pycache__", "site-packages"})
# Text files every repository has that are not decklists (when `decks` is not given).
_NOT_DECKS = ("README*", "LICENSE*", "LICENCE*", "COPYING*", "CHANGELOG*", "CHANGES*", "NOTICE*",
              "AUTHORS*", "CONTRIBUTING*", "requirements*.txt", "constraints*.txt", "CMakeLists.txt",
              "robots.txt", "*.egg-info/")


@dataclass
class CheckRun:
    """A check's report, and the run's own warnings and notes, which the report carries
    too (`Report.messages`)."""

    report: Report

    @property
    def warnings(self) -> list[str]:
        return [message.message for message in self.report.messages if message.is_warning]

    @property
    def notes(self) -> list[str]:
        """The simulations' notes (a policy tag that holds none of the deck's cards, ...),
        each with its deck: what `deckcheck simulate` would print under its report."""
        return [message.message for message in self.report.messages if not message.is_warning]


def _skip_folder(relative: str, path: Path) -> str | None:
    # `tree.is_file`: a folder nested past the longest path the OS takes has no such file.
    if path.name in _SKIPPED_FOLDERS or tree.is_file(path / "pyvenv.cfg"):
        return "not a folder of decks"
    return None


def never_walked(root: Path, rel: str) -> bool:
    """Whether the walk of `check` without paths never reaches the file at `rel` (relative
    to `root`): it is hidden or lies in a hidden folder, node_modules or a virtual
    environment. Such a file given as a path (a pre-commit hook's) is no deck either, so a
    hook run and a CI run of the same repository check the same files."""
    parts = rel.split("/")
    if any(tree.is_hidden(part) for part in parts):
        return True
    folder, inside = root, ""
    for part in parts[:-1]:
        folder, inside = folder / part, f"{inside}{part}/"
        if _skip_folder(inside, folder):
            return True
    return False


def relative(path: Path, root: Path) -> str | None:
    """`path` relative to the config's folder, `/`-separated; None when outside it. The
    path as written, links not resolved: a link is judged by its own name (tree.py)."""
    try:
        inside = Path(os.path.abspath(path)).relative_to(os.path.abspath(root))
    except ValueError:
        return None
    return inside.as_posix() if inside.parts and ".." not in inside.parts else None


def is_deck(config: ProjectConfig, rel: str, extensions: set[str], path: Path | None = None) -> bool:
    """Whether the file at `rel` is one of the repository's decks: `decks` globs decide when
    given; else a decklist extension, no well-known non-deck name, and (for the file at
    `path`) content that looks like a decklist. deckcheck.yaml and the files it names
    (format and policy files) never are."""
    if rel in config.own_files or any(matches(pattern, rel) for pattern in config.exclude):
        return False
    if _is_config_name(rel):  # a deckcheck.yaml of a subfolder: settings, never a deck (_nested_configs)
        return False
    if config.decks:
        return any(matches(pattern, rel) for pattern in config.decks)
    suffix = Path(rel).suffix.lower()
    if not suffix or suffix not in extensions:
        return False
    if any(matches(pattern, rel) for pattern in _NOT_DECKS):
        return False
    return path is None or _looks_like_decklist(path, rel)


# Bytes read to tell a decklist from notes: the head of a file is enough.
_LOOK_BYTES = 64 * 1024


def _looks_like_decklist(path: Path, rel: str) -> bool:
    """A file that cannot be read counts (checking it reports why); otherwise its head
    must look like a decklist (decklists.looks_like_decklist)."""
    from .. import decklists
    from ..errors import InputError
    from ..textio import binary_kind, decode_head, read_head

    try:
        head = read_head(path, _LOOK_BYTES + 1)
        # The byte past the head says whether the file goes on: a character cut there
        # is left out, or its reading would look like binary data (decode_head).
        head, cut = head[:_LOOK_BYTES], len(head) > _LOOK_BYTES
        content = decode_head(head, cut=cut, source=rel)
    except InputError:  # unreadable, a pipe, not text: let the check say so
        return True
    # decode reads any bytes (Windows-1252 at worst), so bytes that are no text (a corrupt
    # save, a compressed export, a photo named .txt) are told apart as the deck's reader
    # tells them (decklists.parse_bytes): a deck that cannot be read, not notes.
    if binary_kind(head, content) is not None:
        return True
    return decklists.looks_like_decklist(rel, content)


def select(
    config: ProjectConfig, paths: Sequence[str], warnings: list[tuple[str, str | None]] | None = None,
    seen_folders: set[str] | None = None,
    seen_files: list[str] | None = None, unreadable: list[str] | None = None,
) -> list[tuple[Path, str]]:
    """(file, path relative to the root) of every deck to check, sorted. A folder among
    `paths` stands for the decks under it (`check decks/`; `check .` is the whole
    repository). A file that would be a deck but is a link out of the repository (or into
    a hidden folder), a pipe or a device is not read, nor is a folder that cannot be
    listed where a deck could lie: `warnings` hears which and why, each with the file it is
    about (relative to the root) when that is a file of the repository, else None.
    `seen_folders` gets the folders (relative to the root) of the repository's files that
    were looked at: every walked file's, or those of the files given; `seen_files` every
    file walked (none when only files are given), `unreadable` the folders that could not
    be listed."""
    from .. import decklists as parsers

    extensions = parsers.extensions() - {""}
    chosen: dict[str, Path] = {}
    outside: set[str] = set()  # the chosen files outside the project, absolute
    refused: list[tuple[str, str | None]] = []  # (warning, the file it is about, relative to the root)
    folders: list[str] = []  # folders given, relative to the root ("" for the root itself)
    configs: list[str] = []  # the deckcheck.yaml files of subfolders found (_nested_configs)
    for given in paths:
        path = Path(given)
        rel = relative(path, config.root)
        if rel is None and os.path.abspath(path) == os.path.abspath(config.root):
            rel = ""
        if rel is None:
            # Outside the project: only the path itself can say it is a deck, and a link
            # on it must stay in the current folder (as for `validate`).
            why = None if path.is_absolute() else tree.link_reason(path, Path.cwd(), tree="the current folder")
            if why:
                refused.append((f"{given}: {why}", None))
            elif path.suffix.lower() in extensions and os.path.abspath(path) not in outside:
                # Once, however it is spelt (`../x/a.txt`, `/abs/x/a.txt`): the report
                # names both alike, and a deck is one verdict (one JUnit case) of a run.
                outside.add(os.path.abspath(path))
                chosen[given] = path
            continue
        if rel and never_walked(config.root, rel) and not path.is_dir():
            # Passed over, present or deleted, as the walk passes it over (a folder given
            # is walked below: `check .github/` finds no deck there, an error).
            continue
        # The link check first: nothing of a link out of the repository is read, not
        # even the head that tells a decklist from notes.
        why = tree.link_reason(path, config.root, tree="the repository")
        if why:
            if is_deck(config, rel, extensions):
                refused.append((f"{rel}: {why}", rel))
        elif path.is_dir():
            folders.append(rel)
        elif not path.exists():
            # Missing: reported when its name makes it a deck, passed over like any other
            # file when not (`check $(git diff --name-only ...)` names deleted READMEs too).
            # Its name is judged as globs read one (glob_name): `decks\burn.txt` copied from
            # Windows, no file on Linux, is a missing deck (its error names decks/burn.txt),
            # where the glob `decks/**` passed it over and the step passed.
            if is_deck(config, glob_name(path, rel), extensions):
                chosen[rel] = path
        else:
            _add_folders(seen_folders, rel)
            if is_deck(config, rel, extensions, path):
                chosen[rel] = path
            elif _is_config_name(rel):
                configs.append(rel)
    if folders or not paths:
        # The decks of the whole repository, as `check` without paths finds them, kept when
        # they lie in a folder given (links and hidden folders judged from the root).
        walked = tree.walk(config.root, skip_folder=_skip_folder, tree="the repository")
        wanted = (lambda rel: True) if not paths or "" in folders else (
            lambda rel: any(rel.startswith(folder + "/") for folder in folders))
        for rel, path in walked.files:
            _add_folders(seen_folders, rel)
            if seen_files is not None:
                seen_files.append(rel)
            if wanted(rel) and is_deck(config, rel, extensions, path):
                chosen[rel] = path
            elif wanted(rel) and _is_config_name(rel):
                configs.append(rel)
        refused += [(f"{rel}: {why}", None if rel.endswith("/") else rel) for rel, why in walked.passed_over
                    if rel not in walked.by_choice and wanted(rel) and is_deck(config, rel.rstrip("/"), extensions)]
        # A folder that cannot be listed may hold decks nobody checked: said, unless no
        # `decks` glob reaches into it or an `exclude` glob takes all of it.
        refused += [(f"{rel}/: {why}", None) for rel, why in walked.passed_over
                    if rel in walked.unreadable_folders and wanted(rel + "/") and _may_hold_decks(config, rel)]
        if unreadable is not None:
            unreadable.extend(walked.unreadable_folders)
    refused += _nested_configs(config, configs, chosen)
    if warnings is not None:
        warnings.extend(refused)
    return sorted(((path, rel) for rel, path in chosen.items()), key=lambda item: item[1])


def _is_config_name(rel: str) -> bool:
    from .config import CONFIG_NAMES

    return rel.rpartition("/")[2] in CONFIG_NAMES


def _nested_configs(config: ProjectConfig, configs: Iterable[str], chosen: Iterable[str]) -> list[tuple[str, str | None]]:
    """(warning, file) for each deckcheck.yaml of a subfolder that a `decks` glob takes or
    that lies above a deck the run checks: a run reads one deckcheck.yaml (find_config: the
    nearest above the working folder), so such a file's settings (another event's date, a
    format) apply to nothing, while the decks beside it are checked by the settings of the
    one read. Not for one in no such place (a test fixture of a tool kept in the
    repository), nor for the one beside the file read (_unread_configs says that)."""
    if config.path is None:
        return []
    decks = list(chosen)
    found = []
    for rel in configs:
        folder = rel.rpartition("/")[0]
        if not folder or rel in config.own_files:
            continue
        taken = bool(config.decks) and any(matches(pattern, rel) for pattern in config.decks) and not any(
            matches(pattern, rel) for pattern in config.exclude)
        if taken or any(deck.startswith(folder + "/") for deck in decks):
            shown = _shown(config.root / rel)
            found.append((f"{shown}: not read, as this run reads {config.shown} alone, whose settings check the decks "
                          f"beside it; run `deckcheck check` in {_shown(config.root / folder)} to check them by this file, "
                          f"or move its settings into {config.shown}", rel))
    return found


def _may_hold_decks(config: ProjectConfig, folder: str) -> bool:
    """Whether a deck could lie under `folder` (relative to the root), judged by the globs."""
    if folder == "." or any(matches_all_under(pattern, folder) for pattern in config.exclude):
        return False
    return not config.decks or any(may_match_under(pattern, folder) for pattern in config.decks)


def _add_folders(folders: set[str] | None, rel: str) -> None:
    """The folders the file at `rel` lies in (`a/b/c.txt`: `a/b`, `a`), added to `folders`."""
    if folders is None:
        return
    folder = rel.rpartition("/")[0]
    while folder and folder not in folders:
        folders.add(folder)
        folder = folder.rpartition("/")[0]


def folder_globs(config: ProjectConfig, folders: Iterable[str] = ()) -> list[tuple[tuple[str, str], str]]:
    """((key, glob), warning) for each glob that is the plain name of a folder of the repository
    (`archive`, `decks/legacy`; a name without `/` matches in any folder, so `legacy` names
    `events/legacy` too): globs match files, so it takes nothing under that folder, where
    `.gitignore` would take all of it. The folders looked at are those under the root
    named by the glob itself and `folders` (relative to the root: those of the files the
    run looked at), all inside the repository and reached without a link: a pull request
    writes these globs (docs/security.md). The key and glob give the line of deckcheck.yaml
    that writes it (`ProjectConfig.lines`), where a GitHub annotation points, as for a glob
    that matches no deck."""
    keyed = [
        *(("decks", glob) for glob in config.decks), *(("exclude", glob) for glob in config.exclude),
        *(("formats", glob) for glob, _ in config.formats), *(("simulate", spec.glob) for spec in config.simulate),
    ]
    known = sorted(folders)
    found = []
    for key, glob in keyed:
        name = glob.lstrip("/").removeprefix("./")
        if not name or glob.endswith("/") or any(char in glob for char in "*?[") or ".." in name.split("/"):
            continue
        folder = config.root / name
        if folder.is_dir() and tree.link_reason(folder, config.root) is None and not folder.is_symlink():
            named = ""
        else:
            named = next((f" ({inside})" for inside in known if matches(glob, inside)), None)
            if named is None:
                continue
        found.append(((key, glob), f"{config.shown}: {key}: {glob!r} is a folder{named}, but globs match files, so it "
                     f"takes nothing under it; write '{glob}/' for everything in it"))
    return found


def glob_name(path: Path, rel: str) -> str:
    """The name the globs judge the deck at `path` (`rel` relative to the root) by: a path
    that is no file is read with `\\` as `/`, as the globs read theirs (`decks\\burn.txt`
    copied from Windows, no file on Linux, is decks/burn.txt: its error names that file). The
    `decks`, `formats` and `simulate` globs all judge it so: one that judged the name as
    written stopped the run with "no format for this deck" before the error that helps.
    A file whose name holds a `\\` is judged as named; only such a name costs a stat."""
    if "\\" not in rel or path.exists():
        return rel
    return rel.replace("\\", "/")


def format_for(config: ProjectConfig, rel: str, forced: FormatRef | None, name: str | None = None) -> FormatRef:
    """The format of the deck at `rel`, the `formats` globs matching `name` (glob_name; `rel`
    when not given), the error naming `rel` as the report does."""
    if forced:
        return forced
    for pattern, format_id in config.formats:
        if matches(pattern, rel if name is None else name):
            return format_id
    if config.format:
        return config.format
    # A ConfigError, as deckcheck.yaml is what lacks the format: `-o sarif` and `-o junit`
    # still print a report that says so, `-o github` an annotation (cli/check.py), where
    # stdout was empty. The message names the deck as before; the report places it on the
    # deck's own file.
    raise ConfigError(
        f"no format for this deck; add a glob for it under `formats:` in {config.shown}, set `format:`, or pass -f FORMAT",
        path=rel, located=_shown(config.root / rel),
    )


def _shown(path: Path) -> str:
    """How the report names a deck: relative to the working folder (what GitHub
    annotations and editors expect), else the path as found; a file's name always
    (decklists.file_shown: `./<evil>.txt`)."""
    from ..decklists import file_shown

    try:
        return file_shown(os.path.relpath(path.absolute(), Path.cwd()).replace(os.sep, "/"))
    except (ValueError, OSError):
        return file_shown(str(path))


def run_check(
    config: ProjectConfig,
    paths: Sequence[str] = (),
    *,
    format_id: FormatRef | None = None,
    date: dt.date | None = None,
    platform: str | None = None,
    progress: Callable[[str], None] | None = None,
    strict: bool = False,
) -> CheckRun:
    """Check the decks `config` selects (`paths`: only those files or folders). A ConfigError
    when its globs take more than MAX_GLOB_STEPS_PER_RUN steps to match the repository's
    files: a pull request writes both (docs/security.md)."""
    try:
        with bounded(MAX_GLOB_STEPS_PER_RUN):
            return _run_check(config, paths, format_id=format_id, date=date, platform=platform, progress=progress,
                              strict=strict)
    except GlobWorkExceeded:
        raise ConfigError(
            f"its globs take more than {MAX_GLOB_STEPS_PER_RUN:,} steps to match against the files of the "
            "repository (every file is matched against every glob); write fewer globs, with fewer `**` and `*`",
            path=config.shown,
        ) from None


def _run_check(
    config: ProjectConfig,
    paths: Sequence[str],
    *,
    format_id: FormatRef | None,
    date: dt.date | None,
    platform: str | None,
    progress: Callable[[str], None] | None,
    strict: bool,
) -> CheckRun:
    from ..formats import load
    from ..formats.run_names import FormatNames
    from ..decklists import load_deck
    from ..pipeline import check_read_deck, today
    from ..problem import ProblemBudget
    from ..cards.other_game import other_game_hint
    from ..rules.format_date import date_named_as
    from ..engine.keep import Policies

    day = date or config.date or today()
    where = platform or config.platform or "paper"
    if any(relative(Path(given), config.root) in config.own_files for given in paths):
        # deckcheck.yaml, or a format or policy file it names, among the files given (a
        # pre-commit run on a commit that edits it): that can change every deck's verdict.
        paths = ()
    # The repository's folder: SARIF names files from it wherever the check runs.
    run = CheckRun(report=Report(results=[], assertions=[] if config.simulate else None, root=str(config.root)))
    refused: list[tuple[str, str | None]] = []
    seen_folders: set[str] = set()
    walked: list[str] = []  # every file of the repository walked: a glob's match but for case
    locked: list[str] = []  # folders that could not be listed: a glob may match there
    decks = select(config, paths, refused, seen_folders, walked, locked)
    # The run's warnings, each with the file and line it is about when it is about one (a
    # deck of another game; a glob on its line of deckcheck.yaml): where a GitHub
    # annotation points.
    # A file not read is named as decks are, so a GitHub annotation lands on the link a pull
    # request added (a folder, or a file outside the repository, on none).
    config_file = _shown(config.path) if config.path else None
    warnings = [RunMessage(RUN_WARNING, text, config_file, config.lines.get(key))
                for key, text in folder_globs(config, seen_folders)]
    warnings += [RunMessage(RUN_WARNING, text, None if rel is None else _shown(config.root / rel)) for text, rel in refused]
    warnings += _unread_configs(config)
    notes: list[str] = []
    used_globs: set[str] = set()
    # Each format's warnings on its card names, worked out when a deck first uses it: a run
    # that kept every format it used to the end held more than the cache keeps
    # (MAX_FORMATS_KEPT; a pull request's 250 files extending one of 90,000 names: 20 GB).
    used_formats: set[str] = set()
    format_names = FormatNames()  # their card names, bounded over the run (limits.MAX_FORMAT_NAMES_PER_RUN)
    format_warnings: list[RunMessage] = []
    budget = ProblemBudget()  # the problems one report lists (limits.py)
    policies = Policies()  # each entry's keep policy built once per hand size, its file read once
    assertions_left = MAX_ASSERTIONS_PER_RUN  # assertions the run evaluates, over all decks
    hands_left = MAX_HANDS_PER_RUN  # hands the run simulates; 0 once an entry would pass it
    # The format of the deck before, by what named it: decks come sorted by path, so those
    # of one folder follow one another, and `load` asks the file system whether the
    # format's files changed (a stat of each, a resolve) each time, a fifth of a large run
    # that simulates nothing. Only the last one: that is the cache's newest, so the run
    # holds no format more than the cache keeps (MAX_FORMATS_KEPT).
    last: tuple[FormatRef, Format] | None = None
    # The decks of each limited format, checked with no registered pool (`check` gives
    # none): for their sizes only, which the run's note says, as validate's and batch's do.
    without_pools: dict[str, int] = {}
    for path, rel in decks:
        globbed = glob_name(path, rel)  # the name the per-deck globs match
        fid = format_for(config, rel, format_id, globbed)
        if last is not None and last[0] == fid:
            fmt = last[1]
        else:
            fmt = load(fid, root=config.root)
            last = (fid, fmt)
        format_names.admit(fmt)
        if str(fmt.path) not in used_formats:
            used_formats.add(str(fmt.path))
            format_warnings += _unknown_names([fmt])
            card_note = _card_data_note(fmt)
            if card_note:
                _add_once(notes, card_note)  # once a run: every format of the game has it
        deck = load_deck(path)
        shown = _shown(path)
        deck.source = shown
        # A file that cannot be read says so naming it as read (absolute): the simulation's
        # "cannot simulate" repeats that message, which must name it as the report does.
        deck.problems[:] = named_file_as(deck.problems, str(path), shown)
        result = check_read_deck(deck, fmt, date=day, platform=where)
        if fmt.option("pool") is not None and not result.unreadable:
            without_pools[fmt.id] = without_pools.get(fmt.id, 0) + 1
        hint = other_game_hint(deck, result, fmt, shown, how="a `formats:` glob in deckcheck.yaml, or -f")
        if hint:
            warnings.append(RunMessage(RUN_WARNING, hint, shown))
        taken = _no_decklist_taken(config, path, globbed, result, shown)
        if taken:
            warnings.append(RunMessage(RUN_WARNING, taken, shown))
        result.name_file_as(str(path), shown)
        if date is None and config.date is not None:
            # The date is deckcheck.yaml's: the advice to check it names its key, not --date.
            result.problems = date_named_as(result.problems, f"date: in {config.shown}")
        result.problems = budget.take(result.problems)
        run.report.results.append(result)
        not_run: list[str] = []  # this deck's assertions past the run's bounds
        why: list[str] = []  # which bounds, in the words of _not_run
        for spec in config.simulate:
            if matches(spec.glob, globbed):
                used_globs.add(spec.glob)
                # The hands an entry asks for (exact entries too: an event exact odds
                # cannot answer is sampled at the default), whether or not it runs exact.
                hands = spec.hands or default_hands()
                if spec.assertions and hands > hands_left:
                    # Nothing simulates from here on, even an entry that would still fit:
                    # where a run stopped is then plain from its report.
                    hands_left = 0
                    not_run.extend(spec.assertions)
                    _add_once(why, f"a run simulates at most {MAX_HANDS_PER_RUN:,} hands")
                    continue
                taken = spec.assertions[:assertions_left]
                not_run.extend(spec.assertions[len(taken):])
                if len(taken) < len(spec.assertions):
                    _add_once(why, f"a run checks at most {MAX_ASSERTIONS_PER_RUN:,} assertions")
                if taken:
                    hands_left -= hands
                    outcomes = _simulate(deck, fmt, replace(spec, assertions=taken), shown, config, notes, policies)
                    assertions_left -= len(outcomes)
                    run.report.assertions.extend(outcomes)  # type: ignore[union-attr]
        if not_run:
            run.report.assertions.append(_not_run(not_run, why, shown, fmt))  # type: ignore[union-attr]
        if progress:
            progress(shown)
    deck_names = [rel for _, rel in decks]
    if not paths:
        said = {warning.message for warning in warnings}
        warnings += [RunMessage(RUN_WARNING, text, config_file, config.lines.get(key))
                     for key, text in _selection_globs_unused(config, deck_names, walked, locked, said)]
    if decks and not paths:
        for spec in config.simulate:
            if spec.glob not in used_globs:
                # A glob as written, quoted when it holds a line break (a pull request's
                # deckcheck.yaml may): the warning stays one line, as the errors' keys do.
                text = (f"{config.shown}: simulate.{one_line(spec.glob)}: matches no deck, so its assertions did not run"
                        f"{_why_no_deck(config, spec.glob, walked, deck_names)}")
                warnings.append(RunMessage(RUN_WARNING, text, config_file, config.lines.get(("simulate", spec.glob))))
        patterns = [pattern for pattern, _ in config.formats]
        for index, pattern in enumerate(patterns):
            matched = [rel for rel in deck_names if matches(pattern, rel)]
            if not matched:
                text = f"{config.shown}: formats.{one_line(pattern)}: matches no deck{_why_no_deck(config, pattern, walked, deck_names)}"
            elif (earlier := _shadowed_by(patterns[:index], matched)):
                text = f"{config.shown}: formats.{one_line(pattern)}: {_shadowed_text(earlier)}"
            else:
                continue
            warnings.append(RunMessage(RUN_WARNING, text, config_file, config.lines.get(("formats", pattern))))
    warnings += format_warnings
    if without_pools:
        from ..registered_pools import unchecked_without_pools

        pools_note = unchecked_without_pools(
            sum(without_pools.values()), sorted(without_pools),
            "`check` gives no deck a pool; check each deck against its pool with "
            "`deckcheck validate DECK -f FORMAT --pool POOL`, or a whole event with `deckcheck batch` and a `pool` column",
        )
        if pools_note:
            notes.append(pools_note)
    # Warnings first, as stderr has them (before the report; the notes follow it).
    if strict or config.strict:
        # A strict run's warnings fail it: a glob that matches no deck, so its assertions
        # did not run, is a failed check, not a green build (every report says so).
        warnings = [warning.replace(level=RUN_ERROR) for warning in warnings]
    run.report.messages = warnings + [RunMessage(RUN_NOTE, text) for text in notes]
    return run


def broken_config_report(error: ConfigError, root: Path) -> Report:
    """The report of a check that a broken deckcheck.yaml stopped before any deck: the file
    as its one unreadable entry (exit 2), with the error (rule `config`) on the line that
    gives the key. `-o sarif` and `-o junit` print it, so a job that uploads the report has
    a valid file that says why, not an empty one (cli/check.py). The file is named from the
    working directory when it lies in it, as decks are; SARIF names it from `root`, the
    repository's folder (deckcheck.yaml's), as in a run that went on."""
    from ..problem import Problem
    from ..result import DeckResult
    from ..rules.docs import CONFIG

    shown = _shown(Path(error.path))
    problem = Problem(rule=CONFIG, message=error.detail, line=error.line)
    return Report(results=[DeckResult(deck=shown, format=CONFIG_SUITE, problems=[problem], unreadable=True,
                                      location=shown)], root=str(root))


# What the report of a broken deckcheck.yaml gives as the format of its one entry: the name
# of its JUnit suite.
CONFIG_SUITE = "deckcheck.yaml"


def _unread_configs(config: ProjectConfig) -> list[RunMessage]:
    """A warning, on the file, for a deckcheck.yml beside the deckcheck.yaml the run reads
    (config.find_config takes the .yaml first): nothing it says is done, and a pull request
    that adds one would see its settings pass without a word."""
    from .config import CONFIG_NAMES

    if config.path is None or config.path.name != CONFIG_NAMES[0]:
        return []
    found = []
    for name in CONFIG_NAMES[1:]:
        other = config.path.parent / name
        if tree.is_file(other):
            shown = _shown(other)
            found.append(RunMessage(RUN_WARNING, f"{shown}: not read, as {config.shown} beside it is read first; keep one "
                                                 f"of them (merge the two into {config.shown})", shown))
    return found


def _selection_globs_unused(
    config: ProjectConfig, decks: list[str], walked: list[str], locked: list[str], said: set[str],
) -> list[tuple[tuple[str, str], str]]:
    """((key, glob), warning) for each `decks` glob that matches none of `decks` and each
    `exclude` glob that takes none of the `walked` files but would take one if not for case
    (an exclude glob for files yet to come is no mistake). Not for a glob that may match in
    a folder that could not be listed (`locked`, warned about itself) nor for one `said` to
    be a folder's name (folder_globs)."""
    files = sorted(rel for rel in walked if rel not in config.own_files)
    found = []
    for key, patterns, what in (("decks", config.decks, "deck"), ("exclude", config.exclude, "file")):
        for pattern in patterns:
            if any(matches(pattern, rel) for rel in (decks if key == "decks" else files)):
                continue
            if any(may_match_under(pattern, folder) for folder in locked):
                continue
            if any(text.startswith(f"{config.shown}: {key}: {pattern!r} is a folder") for text in said):
                continue
            # An exclude glob that climbs out takes nothing, harmlessly: only a decks glob is told.
            hint = ((_climbs_out(pattern) or _excluded(config, pattern, files) if key == "decks" else "")
                    or _but_for_case(pattern, files) or _below_the_top(pattern, files))
            if key == "decks" or hint:
                found.append(((key, pattern), f"{config.shown}: {key}: {pattern!r} matches no {what}{hint}"))
    return found


def _shadowed_by(earlier: list[str], matched: list[str]) -> list[str]:
    """The `earlier` formats globs that take the decks of `matched` (each deck's first
    match), when they take every one of them: the glob that matched them then gives no
    deck its format (first match wins); [] when it gives one a format."""
    taking: list[str] = []
    for rel in matched:
        first = next((glob for glob in earlier if matches(glob, rel)), None)
        if first is None:
            return []
        if first not in taking:
            taking.append(first)
    return sorted(taking, key=earlier.index)


def _shadowed_text(earlier: list[str]) -> str:
    """Why a formats glob applies to no deck: the earlier globs (in order) that take them."""
    from ..wording import listed

    globs = listed([repr(one_line(glob)) for glob in earlier], last="and")
    takes = "takes every deck" if len(earlier) == 1 else "take the decks"
    # Above the first of them is above them all.
    return (f"applies to no deck: {globs} above it {takes} it matches (the first glob that matches a deck gives "
            f"its format); move it above {one_line(earlier[0])!r}")


def _excluded(config: ProjectConfig, pattern: str, files: Iterable[str]) -> str:
    """`; 'decks/a.txt' would match, but exclude 'decks/a*' takes it` for the first of
    `files` that the glob `pattern` matches as written and an `exclude` glob takes
    (why a glob that matches files matches no deck); "" for none."""
    for rel in files:
        if matches(pattern, rel):
            by = next((glob for glob in config.exclude if matches(glob, rel)), None)
            if by is not None:
                return f"; {rel!r} would match, but exclude {by!r} takes it"
    return ""


def _why_no_deck(config: ProjectConfig, pattern: str, files: Iterable[str], decks: Iterable[str]) -> str:
    """Why a `formats` or `simulate` glob matches no deck, when a file says it: one it
    matches that an `exclude` glob takes (`simulate.decks/old/a.txt: matches no deck, ...;
    'decks/old/a.txt' would match, but exclude 'decks/old/**' takes it`: the file is there,
    so 'matches no deck' alone read as a typo), else a deck it would match but for case, else
    the deck a glob without wildcards most likely misspells."""
    decks = list(decks)
    return (_climbs_out(pattern) or _excluded(config, pattern, files) or _but_for_case(pattern, decks)
            or _below_the_top(pattern, decks) or _misspelt(pattern, decks))


def _climbs_out(pattern: str) -> str:
    """`; '..' points outside the project ...` for a glob whose `..` climbs above
    deckcheck.yaml's folder (`../**`, `decks/../../other/*.txt`); "" for any other. Globs
    match the paths of the files under that folder, so such a glob can match none, and
    "matches no deck" alone read as a typo in its folder's name."""
    if ".." not in pattern:
        return ""
    depth = 0
    for part in pattern.strip().replace("\\", "/").split("/"):
        if part == "..":
            depth -= 1
            if depth < 0:
                return "; '..' points outside the project: globs match the files under deckcheck.yaml's folder"
        elif part not in ("", "."):
            depth += 1
    return ""


def _misspelt(pattern: str, decks: list[str]) -> str:
    """`; did you mean 'decks/burn.txt'?` for a glob without wildcards (one deck's path:
    `decks/brun.txt`) close to one of `decks`; "" otherwise. A pattern with wildcards is
    no one file's name to compare."""
    if any(char in pattern for char in "*?["):
        return ""
    import difflib  # for a glob that matches nothing only

    # A glob without `/` matches a file name in any folder: compared with the decks' names.
    names = decks if "/" in pattern else list(dict.fromkeys(rel.rpartition("/")[2] for rel in decks))
    close = difflib.get_close_matches(pattern, names, n=1, cutoff=0.8)
    return f"; did you mean {close[0]!r}?" if close else ""


def _but_for_case(pattern: str, files: Iterable[str]) -> str:
    """`; 'Decks/a.txt' would match but for case ...` for the first of `files` (relative to
    the root) that `pattern` matches only when case is ignored; "" for none. Globs are
    case-sensitive on every system (docs/ci.md): a repository checked on Linux CI and on a
    Mac gets one verdict. A file the glob matches as written is never named so (a `decks`
    glob's file that `exclude` takes: _excluded)."""
    folded = pattern.casefold()
    found = next((rel for rel in files if not matches(pattern, rel) and matches(folded, rel.casefold())), None)
    return f"; {found!r} would match but for case (globs are case-sensitive)" if found is not None else ""


def _below_the_top(pattern: str, files: Iterable[str]) -> str:
    """`; 'mtg/decks/a.txt' would match '**/decks/**' ...` for the first of `files` that an
    anchored `pattern` (a `/` at its start or inside: matched from the config's folder, as in
    .gitignore) would match from any folder; "" for none, or a pattern that is not anchored
    or starts with `**` already. `decks/**` took every `decks/` folder before 2026-12-05,
    and a repository that kept its decks deeper (`mtg/decks/`) found it matching nothing."""
    text = pattern.strip().replace("\\", "/")
    if "/" not in text.rstrip("/") or text.startswith(("/", "**")):
        return ""
    anywhere = "**/" + text.removeprefix("./")
    found = next((rel for rel in files if matches(anywhere, rel)), None)
    if found is None:
        return ""
    return f"; {found!r} would match {anywhere!r} (a glob with a '/' is matched from deckcheck.yaml's folder)"


def _add_once(why: list[str], reason: str) -> None:
    if reason not in why:
        why.append(reason)


def _not_run(texts: list[str], why: list[str], shown: str, fmt: Format) -> AssertionOutcome:
    """One failed assertion for the assertions of a deck past MAX_ASSERTIONS_PER_RUN or
    MAX_HANDS_PER_RUN (`why` says which): each deck runs every matching entry's list again,
    so a pull request's decks multiplied its deckcheck.yaml (1,000 small files under 4 MiB
    of assertions stood for 190 million; 256 entries of ten million hands for 36 minutes). A
    failure, as a deck past the report's problems keeps an error: assertions left unrun
    could be the failing ones, listed after enough that pass."""
    from ..wording import counted

    more = f", nor {counted(len(texts) - 1, 'more assertion', grouped=True)} of this deck" if len(texts) > 1 else ""
    return AssertionOutcome(
        deck=shown, format=fmt.id, assertion=texts[0], passed=False, error=True,
        message=f"not run{more}: {' and '.join(why)} (docs/security.md, limits)",
    )


def _no_decklist_taken(config: ProjectConfig, path: Path, rel: str, result: DeckResult, shown: str) -> str | None:
    """Why a file a `decks` glob takes was checked, and how to leave it out, when it does
    not read as a decklist (a README.md beside the decks, which a glob takes whatever its
    extension: docs/ci.md): its report alone is a parse-error per sentence. Asked only of a
    file with a line that could not be read, so a repository of lists reads no file twice.
    A file that could not be read at all (an image, Thumbs.db: "not a text decklist") is
    asked when its extension is no decklist's; a list's file that is missing or broken is not."""
    from .. import decklists
    from ..problem import PARSE_ERROR

    if not config.decks or not any(problem.rule == PARSE_ERROR and problem.is_error for problem in result.problems):
        return None
    glob = next((pattern for pattern in config.decks if matches(pattern, rel)), None)
    if glob is None:
        return None
    if result.unreadable:
        if Path(rel).suffix.lower() in decklists.extensions() or not tree.is_file(path):
            return None
    elif _looks_like_decklist(path, rel):
        return None
    return (f"{shown}: the `decks` glob {one_line(glob)!r} takes it, but it does not read as a decklist; add it to "
            f"`exclude:` in {config.shown} (a README, notes, an image), or narrow the glob")


def _card_data_note(fmt: Format) -> str | None:
    """What the card data the decks of `fmt` are checked with calls for, as `validate` says
    it (cli/common.open_cards): a database an older deckcheck built is set aside for the
    built-in data, which a job that restored it from a cache must hear of. The catalog is
    the one check_deck opens (offline, pipeline.card_catalog), opened once."""
    from ..cards import catalog_for, note_to_say

    _, note = catalog_for(fmt.game, offline=True)
    return note_to_say(note, bool(fmt.option("card_pool")))


def _unknown_names(formats: Iterable[Format]) -> list[RunMessage]:
    """One warning for each of the project's own format files that names a card the card
    data lacks: a misspelt ban bans nothing in every CI run (formats/card_names.py); one
    for each that writes a passcode no card has; and one for each whose `points` gives a
    card two values (formats/points_conflicts.py). Each is placed on the file and line of
    the chain that write the first entry it is about (a GitHub annotation there, which the
    pull request that misspelt the name changed, as a format file's errors are), not on the
    run as a whole."""
    from ..formats.card_names import placed_format_file_warnings
    from ..pipeline import card_catalog

    # A bundled format writes no names or passcodes: no card data opened for it.
    return [RunMessage(RUN_WARNING, warning, _shown(file) if file else None, line)
            for fmt in formats if fmt.writes_cards
            for warning, file, line in placed_format_file_warnings(fmt, card_catalog(fmt))]


def _some_format_deals(cards: int) -> bool:
    """Whether a bundled or user format deals an opening hand of `cards` cards or more (a
    Magic format's 7, where a Yu-Gi-Oh! deck's is 5): read only on the rare failure that asks."""
    from ..formats import Format, iter_formats

    return any(isinstance(fmt, Format) and fmt.opening_hand.size >= cards for fmt in iter_formats())


def _simulate(  # type: ignore[no-untyped-def]
    deck, fmt, spec: SimulateSpec, shown: str, config: ProjectConfig, notes: list[str], policies: Policies,
) -> list[AssertionOutcome]:
    """The outcomes of `spec`'s assertions on `deck`; the simulation's notes go to `notes`.
    `policies` builds each keep policy once a run, whatever the number of decks."""
    from ..engine.expr import ExpressionError
    from ..engine.keep import PolicyError
    from ..engine.report import outcomes
    from ..engine.simulation import HandSizeError, about_rules_only, simulate
    from ..pipeline import card_catalog, named_by
    from ..wording import counted

    # The card data validation used, as `deckcheck simulate` takes it: canonical names, and
    # every land a land (without it only basic lands count, and keep odds fall apart).
    catalog = card_catalog(fmt)
    deck, unknown = named_by(catalog, deck, fmt)
    try:
        simulation = simulate(
            deck, fmt, keep=spec.keep, keep_by_size=spec.keep_by_size, policy_file=spec.policy,
            mode="exact" if spec.exact else "auto", hands=spec.hands, seed=spec.seed, on=spec.on,
            turns=spec.turns, cards=spec.cards, assertions=spec.assertions, card_data=catalog, card_problems=unknown,
            names=KEY_OF_SETTING, policies=policies,
            # The entry's `cards` are shared by the decks its glob takes, as a policy file's are.
            cards_shared=True,
        )
    except (ExpressionError, PolicyError) as exc:
        # A keep rule or policy file that is wrong for this deck's format (no rule for its
        # opening hand size): the configuration's fault, named like its other errors. A
        # hand the policy has no rule for is this deck's format's: the deck is named, as
        # the entry's glob may take decks of several formats.
        message = exc.named(KEY_OF_SETTING)
        if isinstance(exc, PolicyError) and exc.hand_size is not None:
            message += f"; {shown} is a {fmt.id} deck"
        raise ConfigError(message, path=config.shown, keys=("simulate", spec.glob),
                          line=config.lines.get(("simulate", spec.glob))) from None
    except DeckcheckError as exc:
        # This deck cannot be simulated (too few cards, a named card it lacks): its
        # assertions fail, saying why, and the other decks go on. The outcome names the
        # deck: a DeckError's reason does not again.
        why = exc.reason if isinstance(exc, DeckError) else exc.named(KEY_OF_SETTING)
        if isinstance(exc, HandSizeError) and _some_format_deals(exc.asked):
            # `keep7` of a Yu-Gi-Oh! deck: the entry's glob takes decks of a format whose
            # hands are smaller than its assertions ask of, which only the entry can change
            # (a `keep9`, which no format deals, is a slip of the assertion's alone).
            why += (f"; the simulate entry {spec.glob!r} takes this {fmt.id} deck: give its format's decks an entry of "
                    f"their own, with assertions a hand of {counted(exc.hand_size, 'card')} can meet")
        return [
            AssertionOutcome(deck=shown, format=fmt.id, assertion=text, passed=False,
                             message=f"cannot simulate: {why}", error=True)
            for text in spec.assertions
        ]
    # Its notes on the deck as read (unreadable lines, unknown cards) repeat what validation
    # reported; the others explain the numbers (a tag that holds no card makes keep7 0).
    # A note on the entry's rules alone (`spells` in a game without lands) is said once an entry.
    for note in simulation.simulation_notes:
        if about_rules_only(note):
            _add_once(notes, f"simulate.{spec.glob}: {note}")
        else:
            notes.append(f"{shown}: simulate.{spec.glob}: {note}")
    return outcomes(simulation)
