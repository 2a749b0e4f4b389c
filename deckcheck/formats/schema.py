"""The schema of a format file: the keys every format may state (`SHARED_KEYS`) plus the
keys each rule reads, which the rule declares in its own module (`KEYS`, like yamllint's
`CONF`). `format_schema()` puts them together; a key that is in neither is a typo and an
error. Every key is documented in docs/format-files.md, and which rule reads it in
docs/rules.md.

The spec pieces several rules share (a dated card list, a zone size) live here too, so a
rule's `KEYS` reads as one line per key.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from ..games import ids as game_ids
from ..limits import MAX_DATED_SIZES, MAX_FORMAT_KINDS, MAX_FORMAT_SETS, MAX_FORMAT_WORD_CHARS, MAX_HAND_SIZE
from ..games.mtg.cards import PLATFORMS  # where an event is played (`--platform`)
from ..games.yugioh import MAX_PASSCODE, is_passcode
from ..model import PLAYED_ZONES, ZONES
from ..schema import AnyOf, Bool, Date, Int, Keys, ListOf, MapOf, Null, SchemaError, Spec, Str, Struct, text_with_colon
from ..wording import yaml_quoted

GAMES = game_ids()  # the registered games (deckcheck/games/__init__.py)
ZONE_NAMES = PLAYED_ZONES
# The mulligan rules a format may name, and how reports and `formats show` name them.
MULLIGAN_LABELS = {
    "london": "London mulligan", "vancouver": "Vancouver mulligan (scry 1)", "paris": "Paris mulligan",
    "once": "one redraw", "none": "no mulligans",
}
MULLIGANS = tuple(MULLIGAN_LABELS)
# A `since`/`until`: one date, or a date per platform where they differ (a ban effective
# on Magic Online days after paper); platforms not named take paper's.
PLATFORM_DATE = AnyOf((Date(), Struct({platform: Date() for platform in PLATFORMS}, required=(PLATFORMS[0],))))


def _paper(value: Any) -> str:
    return str(value.get(PLATFORMS[0])) if isinstance(value, Mapping) else str(value)


def _dates_in_order(value: Mapping[str, Any], keys: Keys) -> None:
    since, until = value.get("since"), value.get("until")
    if since is not None and until is not None and _paper(since) >= _paper(until):
        raise SchemaError((*keys, "until"), f"`until` {_paper(until)} is not after `since` {_paper(since)}")


def _zone_size_consistent(value: Mapping[str, Any], keys: Keys) -> None:
    _dates_in_order(value, keys)
    if "exactly" in value and ("min" in value or "max" in value):
        raise SchemaError(keys, "give either `exactly` or `min`/`max`, not both")
    if value.get("or_none") and "exactly" not in value:
        raise SchemaError((*keys, "or_none"), "`or_none` only makes sense with `exactly`")
    if "min" in value and "max" in value and value["min"] > value["max"]:
        raise SchemaError(keys, f"min {value['min']} is greater than max {value['max']}")


def kind_list(item: Spec) -> ListOf:
    """A format file's list of values that are no card names (types, kinds, platforms,
    zones, rarities): at most MAX_FORMAT_KINDS."""
    return ListOf(item, most=MAX_FORMAT_KINDS, things="values", holder="this list")


def format_word() -> Str:
    """A format's name, or a value the file writes as it likes that the card data names (a
    type, a rarity, a legality key): at most MAX_FORMAT_WORD_CHARS characters, as the rules
    name it in every deck's problems."""
    return Str(longest=MAX_FORMAT_WORD_CHARS)


def set_list(item: Spec) -> ListOf:
    """A format file's list of sets: at most MAX_FORMAT_SETS."""
    return ListOf(item, most=MAX_FORMAT_SETS, things="sets", holder="this list")


ZONE_SIZE = Struct(
    {
        "min": Int(0), "max": Int(0), "exactly": Int(0), "or_none": Bool(), "since": PLATFORM_DATE, "until": PLATFORM_DATE,
        "including": kind_list(Str(ZONE_NAMES)), "not_counting": kind_list(Str(ZONES)),
    },
    check_whole=_zone_size_consistent,
)
# A zone's size: one rule, or dated rules (the sideboard before and after a rules change).
# At most MAX_DATED_SIZES: `formats check` compares every two of them.
ZONE_SIZES = AnyOf((ZONE_SIZE, ListOf(ZONE_SIZE, most=MAX_DATED_SIZES, things="dated sizes", holder="a zone"), Null()))


def _entry_names_a_card(value: Mapping[str, Any], keys: Keys) -> None:
    if "card" not in value and "code" not in value:
        raise SchemaError((*keys, "card"), "an entry needs `card` (or `code`)")
    _dates_in_order(value, keys)


ENTRY_FIELDS: dict[str, Spec] = {
    "card": Str(), "code": Int(1, MAX_PASSCODE), "since": PLATFORM_DATE, "until": PLATFORM_DATE, "limit": Int(0), "note": Str(),
}


class EntrySpec(Struct):
    """A card list entry (`{card, code, since, until, limit, note}`); `limit` only in
    `card_limits` (`limited`). A card name holding a comma, unquoted in a flow mapping
    (`{card: Ragavan, Nimble Pilferer}`), reads as a name cut at the comma and a key with
    no value, and one holding `: ` unquoted (`- Number 39: Utopia`) as a mapping of one key:
    the message says to quote it."""

    __slots__ = ("limited",)

    def __init__(self, check_whole: Callable[[Mapping[str, Any], Keys], None] = _entry_names_a_card, limited: bool = False):
        super().__init__(ENTRY_FIELDS, check_whole=check_whole)
        self.limited = limited  # an entry of `card_limits`, the one list that reads `limit`

    def check(self, value: Any, keys: Keys) -> None:
        if is_passcode(value):
            # `- 14558127`, a passcode as a .ydk writes it: YAML reads a number, which names
            # no card (in quotes it would be a name no card has).
            limit = ", limit: N" if self.limited else ""
            # The schema does not know the file's game: a Magic file's number is no card at all.
            raise SchemaError(keys, f"a number is no entry: name the card (a Yu-Gi-Oh! passcode is written as the "
                                    f"entry's code, {{code: {value}{limit}}})")
        if isinstance(value, Mapping) and "limit" in value and not self.limited:
            # `{card: Ponder, limit: 2}` under `banned` bans Ponder outright, which is not what it says.
            what = {"banned": "bans", "restricted": "restricts"}.get(str(keys[0]), "lists")
            raise SchemaError((*keys, "limit"), f"`limit` is read only in `card_limits` entries; here the entry {what} "
                                                "the card whatever its limit: move it to `card_limits`, or drop `limit`")
        written = text_with_colon(value) if isinstance(value, Mapping) and value.keys().isdisjoint(self.fields) else None
        if written is not None and " " in written.partition(":")[0]:
            # `- Number 39: Utopia` unquoted: a mapping of one key of words, no entry at all
            # (a key of one word, `{name: Sol Ring}`, `{crad: ...}`, is a key mistyped).
            raise SchemaError(keys, f"expected a card name or an entry {{card, ...}}, got a mapping: YAML reads "
                                    f"{written!r} as a key and its value; put text holding ': ' in quotes: "
                                    f"{yaml_quoted(written)}")
        if isinstance(value, Mapping) and isinstance(value.get("card"), str):
            for key, item in value.items():
                if key not in self.fields and item is None:
                    whole = f"{value['card']}, {key}"
                    raise SchemaError(
                        (*keys, str(key)),
                        f"unknown key; in {{...}} a comma ends the card's name: quote a name that holds one "
                        f"({{card: \"{whole[:80]}\", ...}})",
                    )
        super().check(value, keys)


LIST_ENTRY = AnyOf((Str(), EntrySpec()))
LIMIT_NEEDED = "a card_limits entry needs `limit`, the copies allowed (0 forbidden, 1 limited, 2 semi-limited)"


class LimitEntry(EntrySpec):
    """A `card_limits` entry: a mapping that may state `limit`. A bare name, or an entry
    without `limit`, is a card a `whitelist: true` format allows at its usual copy limit;
    in any other format it would limit nothing, which the merged format refuses
    (formats/model.py `build_format`: a whitelist may come from the format extended)."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(limited=True)

# A set of a card pool, in it from `since` (inclusive; default: its release on the platform) to
# `until` (exclusive), or to the release of `rotated_by` on the platform.
DATED_SET = Struct({"set": Str(), "since": Date(), "until": Date(), "rotated_by": Str()}, required=("set",))
# A dated card list (`banned`, `restricted`, ...); null drops the inherited list.
DATED_LIST = AnyOf((Null(), ListOf(LIST_ENTRY)))
# `card_limits`: a dated card list whose every entry states its limit.
LIMITS_LIST = AnyOf((Null(), ListOf(AnyOf((Str(), LimitEntry())))))
CARD_LISTS = (DATED_LIST, LIMITS_LIST)  # the specs of the keys that hold dated card lists

# The keys no one rule owns: what the format is, what it extends, its zones, and what the
# engine and the team checks read.
SHARED_KEYS: dict[str, Spec] = {
    "name": format_word(),
    "game": Str(GAMES),
    "extends": Str(),
    "abstract": Bool(),
    "description": Str(),
    "sources": kind_list(Str()),
    # Zone sizes: deck-size, sideboard-size and extra-deck-size each read their zone's.
    "deck": MapOf(ZONE_SIZES, key=Str(ZONE_NAMES)),
    # The last day the format's dated lists are known to be complete: reports say so for
    # later events (docs/card-data.md#freshness); null: no day is known (a format that
    # extends one whose day is not its own: an imported lflist that names no date).
    "lists_known_up_to": AnyOf((Null(), Date())),
    # Basic lands: exempt from the copy limit, provided in limited events.
    "basic_lands": ListOf(Str()),
    # Team formats (deckcheck batch: team-copy-limit, team-restricted, team-registration).
    "team": AnyOf((Null(), Struct({
        "unified": Bool(), "one_deck_per_card": Bool(), "size": AnyOf((Int(1), kind_list(Int(1)))), "sideboard": Bool(),
    }))),
    # The simulate engine.
    "opening_hand": Struct(
        {"size": Int(1, maximum=MAX_HAND_SIZE), "mulligan": Str(MULLIGANS), "free_mulligan": Bool(), "first_player_draws": Bool()}
    ),
}


@lru_cache(maxsize=1)
def key_owners() -> dict[str, str]:
    """Every format key a rule declares, with the id of the rule that declares it."""
    from ..rules import RULES  # deferred: the rules import this module for the pieces above

    owners: dict[str, str] = {}
    for rule_id, module in RULES.items():
        for key in module.KEYS:
            if key in SHARED_KEYS or key in owners:
                other = owners.get(key, "the shared keys")
                raise RuntimeError(f"format key {key!r} is declared by rule {rule_id} and by {other}")
            owners[key] = rule_id
    return owners


@lru_cache(maxsize=1)
def format_schema() -> Struct:
    """The schema a format file is checked against: the shared keys and every rule's."""
    from ..rules import RULES

    fields = dict(SHARED_KEYS)
    for rule_id in key_owners().values():
        fields.update(RULES[rule_id].KEYS)
    return Struct(fields)
