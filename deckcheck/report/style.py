"""Terminal colour: on for terminals only, off when NO_COLOR is set (https://no-color.org)."""
from __future__ import annotations

import os
import sys
from typing import TextIO

_CODES = {"red": "31", "green": "32", "yellow": "33", "dim": "2", "bold": "1", "cyan": "36"}


def wants_color(stream: TextIO | None = None) -> bool:
    if os.environ.get("NO_COLOR"):
        return False
    stream = stream or sys.stdout
    return bool(getattr(stream, "isatty", lambda: False)())


def paint(text: str, style: str, *, color: bool) -> str:
    if not color:
        return text
    return f"\x1b[{_CODES[style]}m{text}\x1b[0m"
