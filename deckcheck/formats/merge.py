"""Merging a format file into the format it extends (`extends:`).

A child's mappings are merged key by key into its parent's; a key set to `null` removes
the parent's value (`copy_limit: null` for Limited); the dated lists (`banned`,
`restricted`, `card_limits`) add to the parent's lists, except that a card the child lists
is governed by the child's entries alone (its history replaces the inherited one); a child
that makes the format a whitelist (`whitelist: true`) starts `card_limits` afresh; every
other list replaces. `description` and `abstract` describe one file and are not inherited.
A zone size's bounds are `exactly` or `min`/`max`: the kind a child's zone states replaces
the other kind it inherits. The rules are documented for users in docs/format-files.md.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..names import card_key, fold
from .model import WRITTEN

# Keys whose lists add up along `extends` rather than replace. Within a group, a child that
# names a card speaks for it: the parent's entries for that card (in any list of the group)
# are dropped, so a format's own dated history can lift or change an inherited ban.
LIST_GROUPS = (("banned", "restricted", "banned_as_commander", "banned_as_companion"), ("card_limits",))
LIST_KEYS = tuple(key for group in LIST_GROUPS for key in group)
# Keys that describe one file and are not inherited along `extends`.
OWN_KEYS = ("abstract", "description", *WRITTEN)
# A zone size's two kinds of bounds (formats/schema.py allows one kind in a mapping): a
# child's zone that states one kind drops the other kind it inherits, or the merged size
# held both and `exactly` silently beat a child's `max` (a side deck of up to 15 over
# wow/constructed's exactly 10).
EXACT_BOUNDS = ("exactly", "or_none")
RANGE_BOUNDS = ("min", "max")


def merge(parent: Mapping[str, Any], child: Mapping[str, Any], keys: dict[int, str] | None = None) -> dict[str, Any]:
    """A format file's data merged into its parent's (`{}` for a file that extends nothing).
    `keys` remembers each list entry's card key by the entry's identity across the merges
    of one `extends:` chain: an entry is keyed once, not again at every level below it
    (a long chain of long lists would cost the square of their length)."""
    return _merge_mappings(parent, child, top=True, keys={} if keys is None else keys)


def _entry_key(item: Any, keys: dict[int, str]) -> str:
    found = keys.get(id(item))
    if found is None:
        if isinstance(item, str):
            found = card_key(item)
        elif item.get("code") is not None:
            found = fold(item.get("card") or str(item["code"]))
        else:
            found = card_key(item.get("card"))
        keys[id(item)] = found
    return found


def _merge_lists(parent: Mapping[str, Any], child: Mapping[str, Any], merged: dict[str, Any], keys: dict[int, str]) -> None:
    for group in LIST_GROUPS:
        named = {_entry_key(item, keys) for key in group for item in child.get(key) or ()}
        # A passcode names its card too: the child's `{code: 21044178, limit: 3}` speaks for
        # the inherited entries of that passcode, whatever name they give it.
        codes = {item.get("code") for key in group for item in child.get(key) or ()
                 if isinstance(item, Mapping) and item.get("code") is not None}
        for key in group:
            if key not in child and key not in parent:
                continue
            if key in child and child[key] is None:
                merged[key] = []  # `banned: null` starts the list afresh
                continue
            inherited = list(parent.get(key) or ())
            if key == "card_limits" and child.get("whitelist") is True and not parent.get("whitelist"):
                # A whitelist is the whole pool at its own limits: the base's Forbidden and
                # Limited entries would let its limited cards in (an lflist's `$whitelist`
                # imported `--extends yugioh/advanced-tcg`). A whitelist's child adds to it.
                inherited = []
            if named:
                inherited = [item for item in inherited if _entry_key(item, keys) not in named
                             and not (isinstance(item, Mapping) and item.get("code") in codes)]
            merged[key] = inherited + list(child.get(key) or [])


def _merge_mappings(parent: Mapping[str, Any], child: Mapping[str, Any], *, top: bool, keys: dict[int, str]) -> dict[str, Any]:
    merged = dict(parent)
    if top:
        for key in OWN_KEYS:
            merged.pop(key, None)
        _merge_lists(parent, child, merged, keys)
    for key, value in child.items():
        if key == "extends" and top:
            continue
        if top and key in LIST_KEYS:
            continue  # merged above
        if value is None:
            merged.pop(key, None)
        elif isinstance(value, Mapping):
            # Merge into {} when there is nothing to merge with, so a `null` inside still
            # means "absent" (`deck: {main: null}` with no parent) rather than reaching the model.
            base = merged.get(key) if isinstance(merged.get(key), Mapping) else {}
            if top and key == "deck":
                base = {zone: _without_other_bounds(size, value.get(zone)) for zone, size in base.items()}
            merged[key] = _merge_mappings(base, value, top=False, keys=keys)
        else:
            merged[key] = value
    return merged


def _without_other_bounds(inherited: Any, child: Any) -> Any:
    """An inherited zone size without the kind of bounds `child`'s size replaces (see
    EXACT_BOUNDS); as it is when either is not one mapping (a list of dated sizes, or
    `null`, replaces it whole)."""
    if not isinstance(inherited, Mapping) or not isinstance(child, Mapping):
        return inherited
    if "exactly" in child:
        dropped = RANGE_BOUNDS
    elif any(bound in child for bound in RANGE_BOUNDS):
        dropped = EXACT_BOUNDS
    else:
        return inherited
    return {key: value for key, value in inherited.items() if key not in dropped}
