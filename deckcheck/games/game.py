"""`Game`: what deckcheck knows about one game, in one place.

Each game's folder (`games/<id>/`) states its descriptor in its `__init__.py` and holds
the modules the descriptor opens on demand, so listing games stays cheap (no SQLite, no
HTTP client is imported to say which games exist):

| module | provides | used by |
|---|---|---|
| `store.py` | `load_catalog(path, *, offline, warn[, builtin])`: the game's cards in the card database file, as a `cards.catalog.Catalog`; raises CardDataError when they cannot be used (`builtin=True`: the package's built-in data file, for games that ship cards there) | validation, simulate, convert, `cards lookup` |
| `importer.py` | `recognise(file: CardFile) -> CardImport or None`: whether `cards import` should read this file as the game's card data | `cards import` |
| `show.py` | `find(catalog, query)`, `facts(catalog, card) -> dict`, `text(catalog, card) -> str`; optionally `in_pool(catalog, name, fmt, day, platform) -> lines` (why a legal card is in a format's pool) and `suggest(catalog, query) -> list[str]` (what a lookup that found nothing suggests; default: close names) | `cards lookup` |
| `sheet.py` (optional) | `TITLE`, `sections(cards, *, by_type) -> list[Section]`: the game's registration sheet | `sheet`, `batch --sheets` |
| `japanese.py` (a game with `japanese_names`) | `is_japanese(name)`, `japanese_code(name)`: whether a name is written in Japanese letters, and the card whose Japanese name it is | `diff` without -f (`Game.japanese_card_name`) |

See docs/extending.md for the files a new game adds.
"""
from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable

from ..record import Record

if TYPE_CHECKING:
    from ..cards.catalog import Catalog
    from ..cards.importer import CardFile, CardImport, SyncResult


class Game(Record):
    """One game. `id` is what format files say in `game:`; `label` is its name in messages.

    `tables` and `schema_version`: the game's tables in the card database file and the
    version of their layout (bumped when they change; older files are refused with a
    hint). `import_example` and `import_files` say what `cards import` reads for it.
    `passcodes`: decks may name its cards by number (Yu-Gi-Oh! passcodes), so a number
    given to `cards lookup` is this game's and `convert` bridges numbers and names with
    its catalog. `import_last`: its importer accepts any file no other game recognised
    (so its errors say what a card file should look like).
    `missing_note`: the note when there is no card data at all (default: from the label
    and the import hint). `lands`: the game has lands (Magic), so `simulate` counts them
    and shows how many an opening hand holds; the other games' reports leave lands out.
    `zone_labels`: the game's own words for zones in messages (Yu-Gi-Oh!'s "Side Deck" for
    the `sideboard` zone); the JSON zone keys stay the ids. `zone_order`: zones a report's
    heading names before the others when a deck has them (Magic: the command zone, then the
    companion, as players read a list: `commander 1, companion 1, main 99, sideboard 1`). `newer_lists_hint`: how a player
    gets lists newer than the bundled ones, the end of a report's stale note (default: a
    `deckcheck cards sync`, freshness.py). `card_data_brings_lists`: the game's card data
    carries its formats' lists (Magic: Scryfall's legalities), so a newer database makes
    the bundled lists' date no longer the newest the data knows (freshness.py).
    `sync_source`: what `cards sync --game ID` fetches (its `sync` module); empty when
    the game's card data is only imported. `unified_teams`: the game's tournament rules
    count a team's decks together (Magic Tournament Rules 8.5, Team Unified Construction),
    so a batch does so for every team unless `--no-unified`; another game's teams are
    counted together only where their format says `team: {unified: true}` (batch/teams.py).
    `ban_lists`: the game's formats keep banned and restricted lists (Magic), so `formats
    show` prints them even when empty (Modern restricts nothing); another game's format
    shows them only when it lists a card there (formats/show.py). `japanese_names`: a
    text list may name the game's cards in Japanese, as the Japanese cards print them
    (Yu-Gi-Oh!'s OCG players), so an unknown name in Japanese is said to be no card's
    Japanese name rather than to be read in English (cards/resolve.script_note).
    `outside_deck_types`: the card types no deck of the game holds (Magic's planes,
    schemes, vanguards, dungeons, ...: cards played beside a deck, if at all), so a typed
    list's first line naming such a card is the list's title (decklists/title.py).
    `formats_not_bundled`: formats players name that no bundled format is, by the word
    typed (lower case, words joined by `-`): what to give instead, or why there is none
    (MTG Arena's Historic), which an unknown `-f` says rather than a "did you mean" to a
    format whose description merely holds the word (formats/__init__.py).
    `side_words`: the game's own words for a side in text reports, by side id
    (Yu-Gi-Oh!'s "going first" for `play`); `--on` and the JSON keep the ids.
    `example_format`: the format a player of the game most often means (the WoW TCG's
    constructed), for the example a missing -f gives and for what convert without -f
    says that format would read otherwise; "" when the game names none.

    A Record, not a dataclass: every command reads the games' descriptors at start-up
    (deckcheck/record.py).
    """

    __slots__ = (
        "id", "label", "package", "tables", "schema_version", "import_example", "import_files", "passcodes",
        "import_last", "missing_note", "lands", "zone_labels", "zone_order", "newer_lists_hint",
        "card_data_brings_lists", "sync_source", "unified_teams", "ban_lists", "japanese_names",
        "outside_deck_types", "formats_not_bundled", "side_words", "example_format",
    )

    def __init__(
        self,
        id: str,
        label: str,
        package: str,
        tables: tuple[str, ...],
        schema_version: int,
        import_example: str,
        import_files: str,
        passcodes: bool = False,
        import_last: bool = False,
        missing_note: str = "",
        lands: bool = False,
        zone_labels: dict[str, str] | None = None,
        zone_order: tuple[str, ...] = (),
        newer_lists_hint: str = "",
        card_data_brings_lists: bool = False,
        sync_source: str = "",
        unified_teams: bool = False,
        ban_lists: bool = False,
        japanese_names: bool = False,
        outside_deck_types: frozenset[str] = frozenset(),
        formats_not_bundled: dict[str, str] | None = None,
        side_words: dict[str, str] | None = None,
        example_format: str = "",
    ):
        self.id = id
        self.label = label
        self.package = package
        self.tables = tables
        self.schema_version = schema_version
        self.import_example = import_example
        self.import_files = import_files
        self.passcodes = passcodes
        self.import_last = import_last
        self.missing_note = missing_note
        self.lands = lands
        self.zone_labels = zone_labels or {}
        self.zone_order = zone_order
        self.newer_lists_hint = newer_lists_hint
        self.card_data_brings_lists = card_data_brings_lists
        self.sync_source = sync_source
        self.unified_teams = unified_teams
        self.ban_lists = ban_lists
        self.japanese_names = japanese_names
        self.outside_deck_types = outside_deck_types
        self.formats_not_bundled = formats_not_bundled or {}
        self.side_words = side_words or {}
        self.example_format = example_format

    @property
    def import_hint(self) -> str:
        return f"`deckcheck cards import {self.import_example}` ({self.import_files})"

    @property
    def sync_command(self) -> str:
        """The command that syncs this game's card data: `--game` only for a game other
        than the default (`deckcheck cards sync`, `deckcheck cards sync --game yugioh`)."""
        from . import default

        return "deckcheck cards sync" + ("" if self is default() else f" --game {self.id}")

    @property
    def data_command(self) -> str:
        """The command that builds this game's card database, the game's own way, quoted:
        its sync (`cards sync` fetches Magic's cards alone, Yu-Gi-Oh! adds --game yugioh),
        or for a game with no source to sync from (WoW TCG) `cards import` of a card file."""
        return f"`{self.sync_command}`" if self.sync_source else self.import_hint

    @property
    def newer_cards_hint(self) -> str:
        """How cards newer than the card data get into it (`data_command`)."""
        how = "run" if self.sync_source else "import a card file of them with"
        return f"{how} {self.data_command} or give --cards-db"

    @property
    def no_data_note(self) -> str:
        """The note validation gives once when there is no card data for this game."""
        return self.missing_note or (
            f"no {self.label} card data, so the checks that need it were skipped; import it with {self.import_hint}"
        )

    def _module(self, name: str) -> ModuleType:
        return importlib.import_module(f"{self.package}.{name}")

    def load_catalog(
        self, path: Path, *, offline: bool = True, warn: Callable[[str], None] | None = None, builtin: bool = False,
    ) -> Catalog:
        """The game's cards in the database at `path` (CardDataError when unusable);
        `builtin`: `path` is the package's built-in card data (cards/builtin.py)."""
        options = {"builtin": True} if builtin else {}
        return self._module("store").load_catalog(path, offline=offline, warn=warn, **options)

    def recognise(self, file: CardFile) -> CardImport | None:
        """How `cards import` reads `file` as this game's card data, or None: not this game's."""
        return self._module("importer").recognise(file)

    def sync(self, db_path: Path, *, force: bool, warn: Callable[[str], None], **options: Any) -> SyncResult:
        """`cards sync` of this game (a game with a `sync_source`): fetch its card data and
        rebuild its cards in the database at `db_path` when they changed; `options`: the
        game's own (Magic's `bulk_type`)."""
        return self._module("sync").sync(db_path, force=force, warn=warn, **options)

    def find_card(self, catalog: Catalog, query: str) -> Any:
        """The card a `cards lookup` query names (any spelling; a number for a passcode game)."""
        return self._module("show").find(catalog, query)

    def card_suggestions(self, catalog: Catalog, query: str) -> list[str]:
        """What `cards lookup` suggests for a query that found no card: the game's `show.suggest`
        when it has one (Yu-Gi-Oh!: near passcodes for a number), else close names."""
        suggest = getattr(self._module("show"), "suggest", None)
        return suggest(catalog, query) if suggest is not None else catalog.suggest(query)

    def card_facts(self, catalog: Catalog, card: Any) -> dict[str, Any]:
        """A card as `cards lookup -o json` shows it."""
        return self._module("show").facts(catalog, card)

    def card_text(self, catalog: Catalog, card: Any) -> str:
        """A card as `cards lookup` shows it."""
        return self._module("show").text(catalog, card)

    def in_pool_reasons(self, catalog: Catalog, name: str, fmt: Any, day: Any, platform: str) -> list[str]:
        """Why a card legal in `fmt` on `day` is in its card pool (`cards lookup --format`);
        no lines for a game whose formats have no card pools."""
        in_pool = getattr(self._module("show"), "in_pool", None)
        return in_pool(catalog, name, fmt, day, platform) if in_pool is not None else []

    def japanese_card_name(self, name: str) -> bool:
        """Whether `name` is in Japanese letters and the Japanese name of one of the game's
        cards, as an OCG player writes it (a game with `japanese_names`; False for any other)."""
        if not self.japanese_names:
            return False
        japanese = self._module("japanese")
        return bool(japanese.is_japanese(name) and japanese.japanese_code(name) is not None)

    def sheet_layout(self) -> ModuleType | None:
        """The game's registration sheet module (`sheet.py`), or None: a game without one
        gets one section per zone (paperwork/sheet.py)."""
        try:
            return self._module("sheet")
        except ModuleNotFoundError as exc:
            if exc.name != f"{self.package}.sheet":
                raise
            return None
