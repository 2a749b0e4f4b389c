"""The schema of a format file: every key a format may state, and its type.

Games add keys here as their rules need them (a new key is a schema change, documented
in the README's format reference); a key not listed is a typo and an error.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..games import ids as game_ids
from ..games.yugioh.cards import TYPE_NAMES as YGO_TYPE_NAMES
from ..schema import AnyOf, Bool, Const, Date, Int, ListOf, MapOf, Null, SchemaError, Str, Struct

GAMES = game_ids()  # the registered games (deckcheck.games)
ZONE_NAMES = ("main", "sideboard", "extra", "commander", "hero")
MULLIGANS = ("london", "vancouver", "paris", "once", "none")
# Keys whose lists add up along `extends` rather than replace. Within a group, a child that
# names a card speaks for it: the parent's entries for that card (in any list of the group)
# are dropped, so a format's own dated history can lift or change an inherited ban.
LIST_GROUPS = (("banned", "restricted"), ("card_limits",))
LIST_KEYS = tuple(key for group in LIST_GROUPS for key in group)


def _zone_size_consistent(value: Mapping[str, Any], path: str) -> None:
    if "exactly" in value and ("min" in value or "max" in value):
        raise SchemaError(path, "give either `exactly` or `min`/`max`, not both")
    if value.get("or_none") and "exactly" not in value:
        raise SchemaError(f"{path}.or_none", "`or_none` only makes sense with `exactly`")
    if "min" in value and "max" in value and value["min"] > value["max"]:
        raise SchemaError(path, f"min {value['min']} is greater than max {value['max']}")


ZONE_SIZE = Struct(
    {"min": Int(0), "max": Int(0), "exactly": Int(0), "or_none": Bool()},
    check_whole=_zone_size_consistent,
)

def _entry_names_a_card(value: Mapping[str, Any], path: str) -> None:
    if "card" not in value and "code" not in value:
        raise SchemaError(f"{path}.card", "an entry needs `card` (or `code`)")
    since, until = value.get("since"), value.get("until")
    if since is not None and until is not None and str(since) >= str(until):
        raise SchemaError(f"{path}.until", f"`until` {until} is not after `since` {since}")


LIST_ENTRY = AnyOf(
    (
        Str(),
        Struct(
            {"card": Str(), "code": Int(0), "since": Date(), "until": Date(), "limit": Int(0), "note": Str()},
            check_whole=_entry_names_a_card,
        ),
    )
)

FORMAT_SCHEMA = Struct(
    {
        "name": Str(),
        "game": Str(GAMES),
        "extends": Str(),
        "abstract": Bool(),
        "description": Str(),
        "sources": ListOf(Str()),
        "deck": MapOf(AnyOf((ZONE_SIZE, Null())), key=Str(ZONE_NAMES)),
        "copy_limit": AnyOf(
            (
                Null(),
                Struct(
                    {
                        "default": Int(1),
                        "zones": ListOf(Str(ZONE_NAMES)),
                        "exempt_basic_lands": Bool(),
                        "per_card": MapOf(AnyOf((Int(0), Const("any")))),
                    }
                ),
            )
        ),
        "basic_lands": ListOf(Str()),
        "banned": AnyOf((Null(), ListOf(LIST_ENTRY))),  # null: drop the inherited list
        "restricted": AnyOf((Null(), ListOf(LIST_ENTRY))),  # null: drop the inherited list
        "card_limits": AnyOf((Null(), ListOf(LIST_ENTRY))),  # null: drop the inherited list
        "card_pool": AnyOf(
            (
                Null(),
                Struct(
                    {
                        "legality": Str(),
                        "sets": ListOf(AnyOf((Str(), Struct({"set": Str(), "since": Date(), "until": Date(), "rotated_by": Str()}, required=("set",))))),
                        # Sets whose printings never count (Un-sets, playtest cards, gold borders).
                        "exclude_sets": ListOf(Str()),
                        # Card types that are never part of a deck (planes, schemes, ...).
                        "exclude_types": ListOf(Str()),
                        "rarity": AnyOf((Str(), ListOf(Str()))),
                    }
                ),
            )
        ),
        "team": AnyOf((Null(), Struct({"unified": Bool(), "size": Int(1), "sideboard": Bool()}))),
        # Limited events with registered pools (rule registered-pool, team pools in batch).
        "pool": AnyOf(
            (
                Null(),
                Struct({
                    "free_cards": ListOf(Str()), "zones": ListOf(Str(ZONE_NAMES)),
                    "shared_by_team": Bool(), "shared_sideboard": Bool(),
                }),
            )
        ),
        "opening_hand": Struct(
            {"size": Int(1), "mulligan": Str(MULLIGANS), "free_mulligan": Bool(), "first_player_draws": Bool()}
        ),
        # Yu-Gi-Oh! (rules extra-deck-type, card-type, points; card-limit's whitelist).
        "extra_deck_types": ListOf(Str(YGO_TYPE_NAMES)),
        "banned_types": ListOf(Str()),
        "points": MapOf(Int(0), key=AnyOf((Str(), Int(1)))),
        "max_points": Int(0),
        "whitelist": Bool(),
        # World of Warcraft TCG (rules hero and class-faction).
        "hero": AnyOf((Null(), Struct({"count": Int(0), "types": ListOf(Str())}))),
        "class_faction": Bool(),
    }
)
