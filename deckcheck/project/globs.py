"""Glob patterns of `deckcheck.yaml`, matched against paths relative to its folder.

    *         any characters within one path segment (not `/`)
    ?         one character within a segment
    [abc]     one of the characters ([!abc]: none of them)
    **        any number of whole segments, none included: `decks/**/*.txt`
    name/     a folder: everything under it (same as `name/**`)

A pattern without a `/` (other than a trailing one) matches a file name in any folder, as
in `.gitignore`: `*.dek` matches `a/b/c.dek`. Patterns are translated to regular
expressions once; matching never touches the file system.
"""
from __future__ import annotations

import re
from functools import lru_cache


def _segment(part: str) -> str:
    out = []
    index = 0
    while index < len(part):
        char = part[index]
        if char == "*":
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "[":
            end = part.find("]", index + 2 if part[index + 1 : index + 2] in ("!", "]") else index + 1)
            if end == -1:
                out.append(re.escape(char))
            else:
                inner = part[index + 1 : end]
                negate = inner.startswith("!")
                inner = inner[1:] if negate else inner
                body = "".join("\\" + c if c in "\\^]" else c for c in inner)
                out.append(f"[{'^' if negate else ''}{body}]" if not negate else f"[^/{body}]")
                index = end
        else:
            out.append(re.escape(char))
        index += 1
    return "".join(out)


@lru_cache(maxsize=1024)
def compile_glob(pattern: str) -> re.Pattern[str]:
    text = pattern.strip().replace("\\", "/")
    while text.startswith("./"):
        text = text[2:]
    if text.endswith("/"):
        text += "**"
    anchored = "/" in text.rstrip("/").removesuffix("/**") or text.startswith("/")
    text = text.lstrip("/")
    parts = text.split("/")
    regex = ""
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        if part == "**":
            regex += ".*" if last else "(?:[^/]+/)*"
        else:
            regex += _segment(part) + ("" if last else "/")
    if not anchored:
        regex = "(?:[^/]+/)*" + regex
    return re.compile(regex + r"\Z", re.DOTALL)


def matches(pattern: str, relative_path: str) -> bool:
    """Does `relative_path` (`/`-separated, relative to the config's folder) match?"""
    return compile_glob(pattern).match(relative_path) is not None
