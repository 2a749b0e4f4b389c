"""The GitHub Action's `args` input as deckcheck arguments (`python -m deckcheck.action_args`).

The input is text such as `validate decks/*.txt -f mtg/modern`. It is split with shell
quoting rules (shlex; a backslash that ends a line continues it, a `#` that starts a word
begins a comment) and each word holding `*`, `?` or `[` is expanded against the files of
the working directory (`**` spans folders, never linked or hidden ones; other hidden files
only when the pattern names them; no pattern enters a linked folder or takes a file linked
out of the folder before its first wildcard), sorted; a match that starts with `-` is given as `./-...`,
so a file name never becomes an option; a pattern that matches nothing stays as it is, so
deckcheck names it in its error.
No shell ever runs on the text, so `$VAR` or a `;` inside a word are only characters. An empty
input is `check` (the Action's default). The arguments are written to stdout separated by
NUL bytes (a file name may hold any other character); a text that cannot be split (an open
quote) or that holds a shell operator as a word of its own (`>`, `|`, `;`, `&&`, ...:
`check -o sarif > deckcheck.sarif` would pass `>` to deckcheck as a file to check), or a
word that starts a command substitution (`$(`, a backquote), is one
error line and exit 2; the Action's `report` input keeps the report in a file, and is
refused here (one error line, exit 2) when it is a link or lies through a linked folder.
"""
from __future__ import annotations

import glob
import os
import shlex
import sys

ENV = "DECKCHECK_ARGS"
REPORT_ENV = "DECKCHECK_REPORT"  # the Action's `report` input: checked before anything runs
DEFAULT = ["check"]
_GLOB_CHARS = ("*", "?", "[")


# Words a shell would take as redirections, pipes, command lists or a command's output;
# here they would only be odd arguments. A word that starts with a redirection or a pipe
# (`>deckcheck.sarif`, `&>log`, `<in`, `|tee`) is one too; `2>&1` starts with `2>`.
# `check $(git diff --name-only BASE)` (the changed files of a pull request) passed
# `$(git` as a deck and `--name-only` as an option deckcheck does not have.
_SHELL_OPERATORS = frozenset({"||", "&", "&&", ";", ";;"})
_REDIRECTIONS = (">", "2>", "&>")  # of the output: the `report` input is what was meant
_SHELL_STARTS = (*_REDIRECTIONS, "<", "|", "$(", "`")


class ShellSyntax(ValueError):
    """A word of the input that only a shell would understand."""


def arguments(text: str) -> list[str]:
    """The deckcheck arguments of the input `text`; ValueError when it cannot be split or
    holds a shell operator."""
    words = shlex.split(_as_a_shell_reads(text))
    if not words:
        return list(DEFAULT)
    for word in words:
        if word in _SHELL_OPERATORS or word.startswith(_SHELL_STARTS):
            redirection = word.startswith(_REDIRECTIONS)
            hint = ("to keep the report in a file, give the action's `report` input (report: deckcheck.sarif)"
                    if redirection else "give one deckcheck command line; another command, or a pipeline such as "
                    "the changed files of a pull request (git diff ... | xargs -0 -r deckcheck check), goes in a "
                    "`run:` step of its own (docs/ci.md)")
            raise ShellSyntax(f"{word!r} is shell syntax, but args never reaches a shell; {hint}")
    return [expanded for word in words for expanded in _expand(word)]


def _as_a_shell_reads(text: str) -> str:
    """`text` without its line continuations (a backslash that ends a line, outside single
    quotes) and its comments (from a `#` that starts a word outside quotes to the end of
    its line), as a shell reads them. An `args: |` block written as in a shell script
    (`validate decks/*.txt \\` then `-f mtg/modern`) passed shlex's word `\\n` to deckcheck
    as a deck to check, and one with a comment (`check  # every deck`) passed the comment's
    words: `check` took `#`, `every` and `deck` for paths, none a deck, checked nothing and
    exited 0. A backslash at the end of a comment continues nothing, as in a shell."""
    if "\\\n" not in text and "#" not in text:
        return text
    out: list[str] = []
    quote = ""
    word_start = True  # at the start of a word: a `#` here begins a comment
    index = 0
    while index < len(text):
        char = text[index]
        if quote == "'":
            quote = "" if char == "'" else quote
        elif char == "\\":
            pair = text[index:index + 2]
            index += 2
            if pair != "\\\n":
                out.append(pair)  # an escaped character (`\\ ` too: no word ends), kept for shlex
                word_start = False
            continue
        elif char in "'\"" and quote in ("", char):
            quote = "" if quote else char
        elif char == "#" and not quote and word_start:
            end = text.find("\n", index)
            index = len(text) if end < 0 else end  # the line break stays: it ends a word
            continue
        out.append(char)
        word_start = not quote and char in " \t\n"
        index += 1
    return "".join(out)


def _expand(word: str) -> list[str]:
    if not any(char in word for char in _GLOB_CHARS):
        return [word]
    matches = sorted(_spanning(word) if "**" in word.replace("\\", "/").split("/") else _plain(word))
    # A file of the repository named `--pool=x.txt` would be read as an option (another
    # pool, card database or date, chosen by whoever wrote the pull request): a match is
    # always a path, so one that starts with `-` is given as `./-...`.
    return [f"./{match}" if match.startswith("-") else match for match in matches] or [word]


def _first_wildcard(parts: list[str]) -> tuple[int, str]:
    """The index of the first of a pattern's `parts` (split at `/`) holding a wildcard, and
    the folder the parts before it name (`.` for none): where matching starts."""
    fixed = next(index for index, part in enumerate(parts) if any(char in part for char in _GLOB_CHARS))
    return fixed, "/".join(parts[:fixed]) or "."


def _plain(word: str) -> list[str]:
    """The files a pattern without `**` names (glob's), less those `_spanning` would pass
    over: any under a linked folder from the folder before the first wildcard on (glob
    follows them, and one pointing out of the repository listed the names of the files
    outside it), and a file that is a link out of that folder (tree.link_reason)."""
    from pathlib import Path

    from .tree import link_reason

    fixed, start = _first_wildcard(word.split("/"))
    found = []
    for match in glob.glob(word):
        names = match.split("/")
        folders = ("/".join(names[:end]) for end in range(max(fixed, 1), len(names)))
        if any(os.path.islink(folder) for folder in folders if folder):
            continue
        if os.path.islink(match) and link_reason(match, Path(start), tree="the folder"):
            continue
        found.append(match)
    return found


def _spanning(word: str) -> list[str]:
    """The files a pattern with a `**` segment names, found by walking the folder before its
    first wildcard with tree.walk: linked folders are never entered (glob's recursion follows
    them: `decks/a -> .` and `decks/b -> .` made 2^40 paths, and a link out of the repository
    listed the names of files outside it), nor hidden ones. Matched by project/globs, whose
    matching takes polynomial time whatever the pattern holds."""
    from pathlib import Path

    from .project.globs import matches
    from .tree import walk

    parts = word.replace("\\", "/").split("/")
    fixed, start = _first_wildcard(parts)
    if not os.path.isdir(start) or os.path.islink(start):
        return []
    pattern = "/".join(parts[fixed:])
    found = []
    for relative, _ in walk(Path(start)).files:
        if matches(pattern, relative):
            found.append(relative if start == "." else f"{start.rstrip('/')}/{relative}")
    return found


def main() -> int:
    try:
        words = arguments(os.environ.get(ENV, ""))
    except ShellSyntax as exc:
        sys.stderr.write(f"deckcheck: error: args: {exc}\n")
        return 2
    except ValueError as exc:
        sys.stderr.write(f"deckcheck: error: args: {exc} in {os.environ.get(ENV, '')!r}; check the quotes\n")
        return 2
    report = os.environ.get(REPORT_ENV, "")
    if report:
        problem = report_problem(report)
        if problem:
            sys.stderr.write(f"deckcheck: error: {problem}\n")
            return 2
    sys.stdout.buffer.write(b"".join(os.fsencode(word) + b"\0" for word in words))
    return 0


def report_problem(report: str) -> str | None:
    """Why the file the `report` input names must not be written, else None. A pull request
    decides what lies at that path in the checkout: a link there, or a linked folder on the
    way, had the report written through it over any file the runner can write. Judged as
    `batch --report` is (cli/common.writable: links, folders, pipes and devices refused);
    the Action then writes the report with a plain redirection."""
    from pathlib import Path

    from .cli.common import writable
    from .errors import DeckcheckError

    try:
        writable("report", Path(report))
    except DeckcheckError as exc:
        return str(exc)
    return None


if __name__ == "__main__":
    sys.exit(main())
