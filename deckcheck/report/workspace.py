"""File names as GitHub reads them: from the root of the checkout.

GitHub reads an annotation's `file` and a SARIF result's relative URI from the root of the
checkout (`GITHUB_WORKSPACE`), whatever folder the step runs in (`working-directory:`), so
in a job a deck is named from there, however the command named it (`june/decks/ann.txt`
run in `events/` is `events/june/decks/ann.txt`). Outside Actions, and for a file outside
the checkout, names stay as the command was given them, from the working directory; but
`check`'s SARIF names files from the repository's folder (deckcheck.yaml's, `Report.root`)
wherever it runs, as in a job, and so do its JSON and JUnit reports (`from_root`), in a job too. SARIF, whose relative names all start from one folder
(`source_root`), names a file outside that folder by its absolute path.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ..workdir import from_directory

if TYPE_CHECKING:
    from ..result import Report

WORKSPACE = "GITHUB_WORKSPACE"


def _workspaces(root: str | None = None, *, job: bool = True) -> list[str]:
    """The folder names start from as it is written and as the file system names it (a
    link on the way gives two spellings; the working directory comes back in the second):
    in a GitHub job the checkout (unless `job` is false); else `root` when given (`check`'s
    SARIF: the repository's folder, so its names are the same from any folder it runs in);
    else none."""
    workspace = (os.environ.get(WORKSPACE) if job else None) or root
    if not workspace:
        return []
    return list(dict.fromkeys([os.path.abspath(workspace), os.path.realpath(workspace)]))


def source_root(root: str | None = None) -> Path:
    """The folder relative names start from: in a GitHub job the checkout, wherever the
    working directory is (files in it are named from it: `namer`), as the runner names it
    (the spelling the working directory lies in, when a link gives two); else `root` when
    given (the repository a `check` reads), else the working directory."""
    cwd = Path.cwd()
    workspaces = _workspaces(root)
    for workspace in workspaces:
        if cwd == Path(workspace) or Path(workspace) in cwd.parents:
            return Path(workspace)
    return Path(workspaces[0]) if workspaces else cwd


def namer(*, absolute_outside: bool = False, root: str | None = None, job: bool = True) -> Callable[[str], str]:
    """`name(deck)`: a file as the command named it, named from the checkout
    (`/`-separated) when it lies in it (outside a job from `root` when given, as
    `source_root`), else as it was, or absolute with `absolute_outside` (SARIF: a relative
    name starts from `source_root`, which a file outside it cannot be named from). The
    checkout's spellings and the working directory are read once, here: a batch names every
    deck (reading the environment and calling `realpath` per deck cost about 10 µs, naming
    it 0.7 µs). `job=False` names from `root` in a GitHub job too (`check`'s JSON and JUnit:
    from the repository's folder, as outside a job)."""
    workspaces = _workspaces(root, job=job)
    if not workspaces:
        return _as_given
    # A relative name is joined to the working directory by hand, as workdir.py does; on
    # Windows from_directory makes it absolute itself.
    inside = os.getcwd().rstrip(os.sep) + os.sep if os.sep == "/" else ""
    from_each = [from_directory(workspace) for workspace in workspaces]

    def name(deck: str) -> str:
        path = deck if deck.startswith("/") else inside + deck
        for from_checkout in from_each:
            shown = from_checkout(path)
            if not os.path.isabs(shown):
                return shown
        return shown if absolute_outside else deck

    return name


def _as_given(deck: str) -> str:
    return deck


def from_root(report: Report) -> None:
    """`check`'s report as its JSON and JUnit outputs name it: each deck file and format file
    from the repository's folder (`Report.root`), wherever the command runs, as its SARIF
    does, so a job run in a subfolder keeps the test cases' and results' names (GitLab keys
    a case's history by suite, class and name) and a suite is never named by the runner's
    own folder. Only a run below the repository's folder is named anew: from above it
    (`--config ci/deckcheck.yaml`) the working directory's names lead to the files. The text report keeps the working directory's names: a reader at a terminal
    opens what it names from there. A deck's and an assertion's `location` keeps its old
    name for the annotations. A file outside the folder keeps its name. A run message about a format
    file (a misspelt ban) names it as the results do."""
    if report.root is None or not _below(report.root):
        return  # run in the repository's folder, or above it (`--config ci/deckcheck.yaml`): named from there
    name = namer(root=report.root, job=False)
    from ..formats import is_file_name

    def shown(path: str) -> str:
        return path if os.path.isabs(named := name(path)) else named

    renamed: dict[str, str] = {}  # each format file's name as given: from the repository
    for result in report.results:
        file = result.file
        if file is not None:
            result.location = file
            result.deck = shown(result.deck)
        if is_file_name(result.format):
            result.format = renamed.setdefault(result.format, shown(result.format))
    for outcome in report.assertions or ():
        file = outcome.file
        if file is not None:
            outcome.location = file
        outcome.deck = shown(outcome.deck)
        if is_file_name(outcome.format):
            outcome.format = shown(outcome.format)
    if renamed and report.messages:
        report.messages = [message.replace(message=_format_named(message.message, renamed))
                           for message in report.messages]


def _format_named(text: str, renamed: dict[str, str]) -> str:
    """A run message about a format file (`FILE: 1 card name matches no card ...; deckcheck
    formats check FILE says where`, formats/card_names.py) with FILE renamed as the results
    name it. Only those two places: a name may be part of a longer one elsewhere."""
    for old, new in renamed.items():
        if old != new and text.startswith(old + ": "):
            return new + text[len(old):].replace(f"`deckcheck formats check {old}`", f"`deckcheck formats check {new}`")
    return text


def _below(root: str) -> bool:
    """Whether the working directory lies inside `root` and is not `root` itself."""
    cwd = Path.cwd()
    return any(Path(folder) in cwd.parents for folder in _workspaces(root, job=False))
