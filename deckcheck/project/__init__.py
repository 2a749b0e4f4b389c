"""A repository of decklists checked as CI should: `deckcheck.yaml` (config), its globs
(globs), and the run that validates every deck and runs its simulate assertions (check)."""
from __future__ import annotations

from ..report import ASSERTIONS, DECKS

# What `deckcheck check` reports (report/__init__.py): the decks and the assertions
# deckcheck.yaml runs on them; its `output:` and `-o` take the outputs that can show both.
REPORT_SUBJECTS = (DECKS, ASSERTIONS)
