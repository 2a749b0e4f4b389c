"""Tournament paperwork (docs/paperwork.md): registration sheets as PDF and deck checks.

- `sheet`: what a registration sheet says (header, sections of counted cards, totals,
  verdict), built from a checked deck; each game's sections come from games/<game>/sheet.py.
- `pdf`: `SheetWriter` draws sheets into one PDF, one registration after another (fpdf2,
  imported only here), with the fonts of `fonts`.
- `fonts`: the embedded fonts (deckcheck/data/fonts/) and what they can draw.
- `diff`: a registered decklist against the deck as found, zone by zone.

The event's HTML report is a reporter like the others (report/html.py).

`PAPERS` and `SORTS` are the choices of `--paper` and `--sort`, here so that the command
line can name them without importing anything that draws.
"""
from __future__ import annotations

# --paper values and fpdf2's names for them; the first is the default.
PAPERS = {"a4": "A4", "letter": "Letter"}
# --sort: the main deck grouped by card type (the default), or one alphabetical list.
BY_TYPE, BY_NAME = "type", "name"
SORTS = (BY_TYPE, BY_NAME)
