"""Glob patterns of `deckcheck.yaml`, matched against paths relative to its folder.

    *         any characters within one path segment (not `/`)
    ?         one character within a segment
    [abc]     one of the characters ([!abc]: none of them; [a-z]: a range)
    **        any number of whole segments, none included: `decks/**/*.txt`
    name/     a folder: everything under it (`name/**`, but in any folder, as below)

A pattern without a `/` (other than a trailing one) matches a file name in any folder, as
in `.gitignore`: `*.dek` matches `a/b/c.dek`, `decks/` every folder named `decks`; any
other `/` anchors it at the config's folder (`decks/**`, `decks/modern/`). Matching never
touches the file system.

A pull request writes these patterns (docs/security.md), so matching takes polynomial
time whatever they hold: a pattern is parsed once into segments, a segment is matched
against one path segment by the two-pointer wildcard algorithm (every token but `*` takes
exactly one character, so going back to the last `*` is enough), and `**` is matched over
whole segments by dynamic programming over (pattern segment, path segment). A backtracking
regular expression took exponential time on `*a*a*a*a*a*b` or eight `**/`. A run matches
every file against every glob, so `bounded` caps the steps all those matches take together
(`check`: MAX_GLOB_STEPS_PER_RUN). Accented letters
match however they are composed (NFC or NFD: `_composed`).
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache

_STAR = "*"      # a token: any characters of one segment
_ANY = "?"       # a token: one character
_GLOBSTAR = "**"  # a whole pattern segment: any number of path segments


class GlobWorkExceeded(Exception):
    """The matching steps `bounded` allows are spent (MAX_GLOB_STEPS_PER_RUN)."""


class _Steps:
    """What is left of a `bounded` run's matching steps."""

    def __init__(self, steps: int):
        self.left = steps


_STEPS: ContextVar[_Steps | None] = ContextVar("glob_steps", default=None)


@contextmanager
def bounded(steps: int) -> Iterator[None]:
    """Matching inside the block takes at most `steps` steps (a character compared in a
    segment, a cell of the `**` table), then raises GlobWorkExceeded: each match is
    polynomial, but a run matches every file against every glob, and 256 globs of 128 parts
    against a pull request's files 300 folders deep took 158 s of CPU (limits.py)."""
    token = _STEPS.set(_Steps(steps))
    try:
        yield
    finally:
        _STEPS.reset(token)


def _spend(steps: int) -> None:
    counter = _STEPS.get()
    if counter is not None:
        counter.left -= steps
        if counter.left < 0:
            raise GlobWorkExceeded


@dataclass(frozen=True)
class _CharSet:
    """`[...]`: characters and (low, high) ranges, or every character but those."""

    chars: str
    ranges: tuple[tuple[str, str], ...]
    negate: bool

    def accepts(self, char: str) -> bool:
        inside = char in self.chars or any(low <= char <= high for low, high in self.ranges)
        return inside is not self.negate




def _char_set(inner: str) -> _CharSet:
    negate = inner.startswith("!")
    inner = inner[1:] if negate else inner
    chars: list[str] = []
    ranges: list[tuple[str, str]] = []
    index = 0
    while index < len(inner):
        if index + 2 < len(inner) and inner[index + 1] == "-":
            # A reversed range (`z-a`) holds no character.
            ranges.append((inner[index], inner[index + 2]))
            index += 3
        else:
            chars.append(inner[index])
            index += 1
    return _CharSet("".join(chars), tuple(ranges), negate)


def _tokens(part: str) -> tuple[str | _CharSet, ...]:
    out: list[str | _CharSet] = []
    index = 0
    while index < len(part):
        char = part[index]
        if char == "*":
            if not out or out[-1] != _STAR:  # `**` inside a segment is one `*`
                out.append(_STAR)
        elif char == "?":
            out.append(_ANY)
        elif char == "[":
            # `]` right after `[` or `[!` belongs to the set; an unclosed `[` is itself.
            end = part.find("]", index + 2 if part[index + 1 : index + 2] in ("!", "]") else index + 1)
            if end == -1:
                out.append(char)
            else:
                out.append(_char_set(part[index + 1 : end]))
                index = end
        else:
            out.append(char)
        index += 1
    return tuple(out)


def _accepts(token: str | _CharSet, char: str) -> bool:
    if isinstance(token, _CharSet):
        return token.accepts(char)
    return token == _ANY or token == char


def _segment_matches(tokens: tuple[str | _CharSet, ...], name: str) -> bool:
    """Do the tokens match the whole of `name` (one path segment)? O(tokens x characters)."""
    token = char = steps = 0
    star = -1          # the token after the last `*` seen
    resume = 0         # where that `*`'s match ends so far
    while char < len(name):
        steps += 1
        if token < len(tokens) and tokens[token] == _STAR:
            star, resume = token + 1, char
            token += 1
        elif token < len(tokens) and _accepts(tokens[token], name[char]):
            token += 1
            char += 1
        elif star != -1:
            resume += 1
            token, char = star, resume
        else:
            _spend(steps)
            return False
    _spend(steps)
    while token < len(tokens) and tokens[token] == _STAR:
        token += 1
    return token == len(tokens)


@dataclass(frozen=True)
class _Glob:
    parts: tuple[str | tuple[str | _CharSet, ...], ...]  # _GLOBSTAR or a segment's tokens

    def matches(self, path: str) -> bool:
        names = path.split("/")
        count = len(names)
        _spend(len(self.parts) * (count + 1))  # the table below; its segments count their own
        # later[i]: do the parts after the current one match names[i:]? Filled from the end.
        later = [index == count for index in range(count + 1)]
        for number in range(len(self.parts) - 1, -1, -1):
            part = self.parts[number]
            row = [False] * (count + 1)
            if part == _GLOBSTAR and number == len(self.parts) - 1:
                # A trailing `**` is everything under the folder: one name or more.
                row = [index < count for index in range(count + 1)]
            elif part == _GLOBSTAR:
                # Whole folders (non-empty names), none included.
                for index in range(count, -1, -1):
                    row[index] = later[index] or (index < count and names[index] != "" and row[index + 1])
            else:
                for index in range(count):
                    row[index] = later[index + 1] and _segment_matches(part, names[index])  # type: ignore[arg-type]
            later = row
        return later[0]

    def may_match_under(self, folder: str) -> bool:
        """Could a path under `folder` (`/`-separated, relative) match? Some part must be
        left for the names under the folder once the folder's own names are matched."""
        return any(number < len(self.parts) for number in self._after(folder))

    def matches_all_under(self, folder: str) -> bool:
        """Does every path under `folder` match (`folder/`, `**/folder/**`)? Only a
        trailing `**` left once the folder's own names are matched takes them all."""
        last = len(self.parts) - 1
        return self.parts[last] == _GLOBSTAR and last in self._after(folder)

    def _after(self, folder: str) -> set[int]:
        """The parts a path may go on from once `folder`'s names are matched, `**` taking
        any number of them (an NFA over the parts: polynomial, as `matches`)."""
        states = self._past_globstars({0})
        for name in folder.split("/"):
            _spend(len(states))
            following: set[int] = set()
            for number in states:
                part = self.parts[number] if number < len(self.parts) else None
                if part == _GLOBSTAR:
                    following.add(number)
                elif part is not None and _segment_matches(part, name):  # type: ignore[arg-type]
                    following.add(number + 1)
            states = self._past_globstars(following)
        return states

    def _past_globstars(self, states: set[int]) -> set[int]:
        """`states` and every part reached by letting a `**` match no folder."""
        found, pending = set(states), list(states)
        while pending:
            number = pending.pop()
            if number < len(self.parts) and self.parts[number] == _GLOBSTAR and number + 1 not in found:
                found.add(number + 1)
                pending.append(number + 1)
        return found


def _composed(text: str) -> str:
    """`text` with its accented letters in one form (NFC): macOS names a file `décks` with
    the accent as a letter of its own (NFD), an editor writes deckcheck.yaml's `décks/**`
    with one letter (NFC), and the two must match. Most paths are ASCII: left as they are."""
    if text.isascii():
        return text
    import unicodedata  # only for a name with a letter outside ASCII

    return unicodedata.normalize("NFC", text)


@lru_cache(maxsize=1024)
def compile_glob(pattern: str) -> _Glob:
    """The pattern parsed once: its segments, a leading `**` when it is not anchored."""
    text = _composed(pattern.strip().replace("\\", "/"))
    while text.startswith("./"):
        text = text[2:]
    # As in .gitignore: a `/` at the start or inside anchors the pattern at the config's
    # folder (`decks/**` is the top `decks/` alone, not `ygo/decks/` too), one at the end
    # alone does not (`decks/` is every folder named so).
    anchored = "/" in text.rstrip("/")
    if text.endswith("/"):
        text += "**"
    parts: list[str | tuple[str | _CharSet, ...]] = [] if anchored else [_GLOBSTAR]
    for part in text.lstrip("/").split("/"):
        parts.append(_GLOBSTAR if part == "**" else _tokens(part))
    return _Glob(tuple(parts))


def matches(pattern: str, relative_path: str) -> bool:
    """Does `relative_path` (`/`-separated, relative to the config's folder) match?"""
    return compile_glob(pattern).matches(_composed(relative_path))


def may_match_under(pattern: str, folder: str) -> bool:
    """Could some path under `folder` (relative to the config's folder) match `pattern`?"""
    return compile_glob(pattern).may_match_under(_composed(folder))


def matches_all_under(pattern: str, folder: str) -> bool:
    """Does `pattern` match every path under `folder` (relative to the config's folder)?"""
    return compile_glob(pattern).matches_all_under(_composed(folder))
