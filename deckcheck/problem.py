"""A problem found in a deck: the unit every rule yields and every reporter formats."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ERROR = "error"
WARNING = "warning"
INFO = "info"


@dataclass(frozen=True)
class Problem:
    """One finding about a deck (or a team of decks).

    `rule` is a stable id from docs/contracts.md (`copy-limit`, `banned`, ...). Optional fields are
    left out of the JSON report when they do not apply; `details` carries rule-specific
    extras (team `holders`, "did you mean" `suggestions`) that are merged into the JSON.
    """

    rule: str
    message: str
    severity: str = ERROR
    zone: str | None = None
    line: int | None = None
    card: str | None = None
    count: int | None = None
    limit: int | None = None
    details: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rule": self.rule, "severity": self.severity}
        for key in ("zone", "line", "card", "count", "limit"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        out["message"] = self.message
        for key, value in self.details.items():
            out.setdefault(key, value)
        return out
