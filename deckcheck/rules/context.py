"""What a rule may consult besides the deck and the format."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Context:
    """`date` picks the lists in force; `cards` is the card database when one is present."""

    date: dt.date
    cards: Any = None
