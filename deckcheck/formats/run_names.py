"""The card names the formats of one run write together, bounded: one format file passes
MAX_FORMAT_LIST_ENTRIES alone, but a submitted zip or a pull request can bring many, each
loaded, held and looked up against the card data (docs/security.md)."""
from __future__ import annotations

from ..errors import FormatError
from ..limits import MAX_FORMAT_NAMES_PER_RUN
from .card_names import name_count
from .model import Format


class FormatNames:
    """The formats one `batch` or `check` run uses, each counted once by its file. Once one
    would pass the bound, no other format file is loaded in the run (`refusal`): each would
    cost its loading to learn its size."""

    def __init__(self) -> None:
        self.total = 0
        self._counted: set[str] = set()
        self._passed_by: str | None = None  # the file that would have passed the bound

    def admit(self, fmt: Format) -> None:
        """Count `fmt`'s card names (once per file); a FormatError naming its file when the
        run's formats would write more than MAX_FORMAT_NAMES_PER_RUN together, and `fmt` is
        dropped from the loaded formats kept (formats.forget)."""
        key = str(fmt.path)
        if key in self._counted:
            return
        names = name_count(fmt.data)
        if self.total + names > MAX_FORMAT_NAMES_PER_RUN:
            from . import forget

            forget(fmt)
            self._passed_by = key
            raise FormatError(
                f"the formats of this run would write {self.total + names:,} card names together with this one "
                f"({names:,}); at most {MAX_FORMAT_NAMES_PER_RUN:,} a run (no event needs that many): "
                "check the events of these formats in separate runs",
                path=key,
            )
        self.total += names
        self._counted.add(key)

    def refusal(self) -> str | None:
        """Why no other format is loaded (a format of the run passed the bound), or None."""
        if self._passed_by is None:
            return None
        return (f"not loaded: the formats of this run write {self.total:,} card names and {self._passed_by} "
                f"would pass the bound of {MAX_FORMAT_NAMES_PER_RUN:,} a run: check the events of these formats "
                "in separate runs")
