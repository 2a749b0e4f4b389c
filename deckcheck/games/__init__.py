"""The games deckcheck knows: one `Game` descriptor each, listed once here.

Format files (`game:`), `cards import`, `cards lookup`, `cards stats`, validation and
convert all read this registry; adding a game is its folder under `games/` (descriptor,
card model, catalog, store, importer, show), its format files and rule modules, and one
line below.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..model import SIDEBOARD, ZONES
from .game import Game
from .mtg import GAME as MTG
from .yugioh import GAME as YUGIOH
from .wow import GAME as WOW

# The one list of games, in the order help texts and messages name them; the first is
# the default of `cards lookup`.
GAMES: dict[str, Game] = {game.id: game for game in (MTG, YUGIOH, WOW)}

__all__ = [
    "GAMES", "Game", "find", "ids", "default", "passcode_game", "import_order", "zone_name", "zone_words", "zones_in_words",
    "zone_counts", "game_of_zones", "game_unchecked", "listing_zones",
]


def ids() -> tuple[str, ...]:
    return tuple(GAMES)


def find(game_id: str) -> Game | None:
    return GAMES.get(game_id)


def zone_name(game_id: str, zone: str, default: str | None = None) -> str:
    """How messages about a `game_id` deck name `zone`: the game's own word (Yu-Gi-Oh!'s
    "Side Deck"), else `default`, else the zone id (a game a user added has no descriptor)."""
    game = GAMES.get(game_id)
    word = game.zone_labels.get(zone) if game is not None else None
    return word or default or zone


def zone_words(game_id: str) -> Mapping[str, str]:
    """The game's own words for its zones by zone id (Yu-Gi-Oh!'s `sideboard`: "Side Deck"),
    for a report's lines that name a problem's zone; empty for a game that names them by
    their ids (Magic) or that deckcheck does not know."""
    game = GAMES.get(game_id)
    return game.zone_labels if game is not None else _NO_WORDS


_NO_WORDS: Mapping[str, str] = {}


# Where the first player draws too (a format's `first_player_draws`: multiplayer Commander,
# CR 103.8c), both sides see the same cards, and "on the play" would say that player skips it.
# Short: a by-turn table's heading holds it and fits 80 columns; the table says why below it.
EVERY_SIDE_DRAWS = "from any seat"
EVERY_SIDE_DRAWS_WHY = "every player of a multiplayer game draws on turn 1"


def side_name(game_id: str, side: str, first_player_draws: bool = False) -> str:
    """How a text report says the side `side` (`play` or `draw`) of a `game_id` game: the
    game's own words (Yu-Gi-Oh!'s "going first"), else Magic's "on the play"; where the
    first player draws too, the one side both are (EVERY_SIDE_DRAWS)."""
    game = GAMES.get(game_id)
    word = game.side_words.get(side) if game is not None else None
    if word:
        return word
    return EVERY_SIDE_DRAWS if sides_alike(game_id, first_player_draws) else f"on the {side}"


def sides_alike(game_id: str, first_player_draws: bool) -> bool:
    """Whether the play and the draw see the same cards by each turn, as Magic says it: the
    first player draws too (a multiplayer game). A game with its own side words (Yu-Gi-Oh!)
    names its sides as they are."""
    game = GAMES.get(game_id)
    return first_player_draws and not (game is not None and game.side_words)


def zones_in_words(zones: Sequence[str | None], game: str, games: Sequence[str] | None = None) -> list[str | None]:
    """Each zone id of a report's block of problems in its game's words (zone_words): all
    `game`'s, or each the game of `games` at its place, for a block of several games (a
    team of a Magic deck and a Yu-Gi-Oh! deck). No zone (None, "") stays as it is."""
    if games is not None:
        return [zone_name(of, zone) if zone else zone for zone, of in zip(zones, games)]
    words = zone_words(game) if game else _NO_WORDS
    if not words:  # Magic: its zone ids
        return list(zones)
    return [words.get(zone, zone) if zone else zone for zone in zones]


def zone_counts(game_id: str, counts: Mapping[str, int], *, from_pool: int | None = None) -> str:
    """`main 60, sideboard 15`: cards per zone as a report's heading says them, in the
    game's words and in the order it names its zones (`Main Deck 40, Extra Deck 15, Side
    Deck 15`: Konami's order, not the JSON's `main, sideboard, extra`; Magic's command zone
    and companion first: `commander 1, main 99, sideboard 0`; the WoW TCG's hero first), other zones
    after. `from_pool`: the sideboard is that many cards of the registered pool, the ones the
    main deck does not use (`sideboard 11 from the pool`), besides the basic lands a list
    states to side in (`sideboard 5 and 11 from the pool`)."""
    if from_pool is not None:
        stated = counts.get(SIDEBOARD, 0)
        shown: Mapping[str, int | str] = {**counts, SIDEBOARD: f"{f'{stated} and ' if stated else ''}{from_pool} from the pool"}
        return _zone_counts(game_id, shown)
    return _zone_counts(game_id, counts)


def _zone_counts(game_id: str, counts: Mapping[str, int | str]) -> str:
    game = GAMES.get(game_id) or game_of_zones(counts)
    if game is None:
        return ", ".join(f"{zone} {count}" for zone, count in counts.items())
    labels, first = game.zone_labels, game.zone_order
    if not labels and counts.keys().isdisjoint(first):  # most Magic decks: the counts' order
        return ", ".join(f"{zone} {count}" for zone, count in counts.items())
    if labels and counts:
        # Every zone the game names, an empty one too (`Extra Deck 0`, as `Side Deck 0` is):
        # the JSON's counts leave out an unused extra zone, a heading in the game's words does not.
        counts = {**dict.fromkeys(labels, 0), **counts}
    order = [zone for zone in (*first, *labels) if zone in counts]
    order += [zone for zone in counts if zone not in order]
    return ", ".join(f"{labels.get(zone, zone)} {counts[zone]}" for zone in order)


def game_of_zones(zones: Iterable[str]) -> Game | None:
    """The game whose list holds `zones` when no format or card data names it (diff
    without -f, a batch row whose format cell could not be loaded, convert's warnings): the
    one game that names a zone of them, first or in its own words (Magic's command zone, the
    WoW TCG's hero, Yu-Gi-Oh!'s Extra Deck). None when no zone tells (a main deck and a
    sideboard: every game has them) or zones of two games do."""
    owners = _zone_owners()
    told = {owners[zone] for zone in zones if zone in owners}
    return GAMES[told.pop()] if len(told) == 1 else None


def _zone_owners() -> dict[str, str]:
    """Each zone that one game alone names (in `zone_order` or `zone_labels`): its game's
    id. Worked out on each call: a game may be added to GAMES (docs/extending.md)."""
    naming: dict[str, set[str]] = {}
    for game in GAMES.values():
        for zone in (*game.zone_order, *game.zone_labels):
            naming.setdefault(zone, set()).add(game.id)
    return {zone: next(iter(ids)) for zone, ids in naming.items() if len(ids) == 1}


def game_unchecked(format_written: str, zones: Iterable[str]) -> str:
    """The game of a deck checked against no format (a batch row whose format cell could
    not be loaded), for the words its report heading counts its zones in: the one its zones
    say (game_of_zones: a .ydk's Extra Deck, a WoW hero, a Magic command zone), else the
    game the format as written starts with (`yugioh/advanced-tgc`, `MTG/Legacy`); "" when
    neither tells. The deck's own zones come first: a .ydk in a row whose cell says
    `MTG/Legacy` is still a Yu-Gi-Oh! deck."""
    zoned = game_of_zones(zones)
    if zoned is not None:
        return zoned.id
    named = format_written.partition("/")[0].strip().lower()
    return named if named in GAMES else ""


def listing_zones(game_id: str) -> tuple[str, ...]:
    """Every zone in the order a deck's card-by-card listing (a deck check's registered
    deck, a registration sheet's totals) shows them, the order its report heading counts
    them in (zone_counts): the zones the game names first (Magic's command zone, then its
    companion; the WoW TCG's hero), then those it has words for in their order (Yu-Gi-Oh!'s
    Main, Extra, Side Deck, as Konami's sheet lists them), then the rest in the model's order."""
    game = GAMES.get(game_id)
    if game is None:
        return ZONES
    return tuple(dict.fromkeys((*game.zone_order, *game.zone_labels, *ZONES)))


def default() -> Game:
    """The game `cards lookup` assumes when neither --game nor a passcode says otherwise."""
    return next(iter(GAMES.values()))


def passcode_game() -> Game | None:
    """The game whose decks may name cards by number (its catalog bridges numbers and names)."""
    return next((game for game in GAMES.values() if game.passcodes), None)


def japanese_names_game() -> Game | None:
    """The game whose card data reads its cards' Japanese names (Yu-Gi-Oh!)."""
    return next((game for game in GAMES.values() if game.japanese_names), None)


def import_order() -> list[Game]:
    """Games in the order `cards import` asks them whether a file is theirs: the game
    that takes any other file last."""
    return sorted(GAMES.values(), key=lambda game: game.import_last)
