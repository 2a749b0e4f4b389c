"""A repository of decklists checked as CI should: `deckcheck.yaml` (config), its globs
(globs), and the run that validates every deck and runs its simulate assertions (check)."""
