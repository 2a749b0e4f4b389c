"""`-o json`: the report schema of docs/contracts.md, one object for the whole run."""
from __future__ import annotations

import json

from ..result import Report


def render(report: Report, *, color: bool = False) -> str:
    return json.dumps(report.to_dict(), indent=2, ensure_ascii=False) + "\n"
