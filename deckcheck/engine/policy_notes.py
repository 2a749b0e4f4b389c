"""Notes on the card names of a keep policy that the main deck lacks (docs/engine.md, "Keep rules").

A policy file is often shared between decks, so a name under `tags:`, `lands:`, `costs:` or
`sources:` that this deck does not play is a note, not an error (a name under `cards:` or in
a rule's `count("...")` is an error: the table or the rule would be about nothing). A name
close to one of the deck's cards is most likely a typo: the note gives that card. A tag a
rule counts that holds none of the deck's cards is 0 in every hand: a note says so.
"""
from __future__ import annotations

from collections.abc import Iterable

from ..names import card_key
from .categories import DeckProfile, did_you_mean
from .keep import KeepPolicy


def policy_notes(policy: KeepPolicy, profile: DeckProfile, *, cast: Iterable[str] = ()) -> list[str]:
    """One note per policy name the main deck lacks (a cost given for a --cast spell is used
    all the same), then one per tag a rule counts that holds none of the deck's cards."""
    where = f"{policy.source}: " if policy.source else ""
    asked = {card_key(name) for name in cast}
    listed = [
        *((f"tags.{tag}", name) for tag, names in policy.tags.items() for name in names),
        *(("lands", name) for name in policy.lands),
        *(("costs", name) for name in policy.costs if card_key(name) not in asked),
        *(("sources", name) for name in policy.sources),
    ]
    notes = [
        f"{where}{key}: {name!r} is not in the main deck{did_you_mean(name, profile)}"
        for key, name in listed if profile.find(name) is None
    ]
    for tag in policy.used_tags:
        if not any(tag in card.tags for card in profile.cards):
            rules = ", ".join(rule.origin.removeprefix(where) for rule in policy.every_rule if tag in rule.tags)
            notes.append(f"{where}tag {tag!r} holds no card of the main deck, so count({tag}) is 0 in every hand ({rules})")
    return list(dict.fromkeys(notes))
