"""Notes on the card names of a keep policy that the main deck lacks (docs/engine.md, "Keep rules").

A policy file is often shared between decks, so a name under `tags:`, `lands:`, `costs:`,
`sources:` or `cards:` that this deck does not play is a note, not an error (the by-turn
table shows the others; a name in a rule's `count("...")` is an error: the rule would be
about nothing, and so is `--card`'s, which names a card for this deck, but a deckcheck.yaml
entry's `cards`, shared by the decks its glob takes, are noted like the file's). A name
close to one of the deck's cards is most likely a typo: the note gives that card. A tag a
rule counts that holds none of the deck's cards is 0 in every hand: a note says so.
"""
from __future__ import annotations

from collections.abc import Iterable

from ..limits import MAX_SUGGESTED_NAMES
from ..names import card_key
from .categories import DeckProfile, did_you_mean
from .keep import KeepPolicy


def policy_notes(
    policy: KeepPolicy, profile: DeckProfile, *, cast: Iterable[str] = (), given: Iterable[str] = (),
    given_as: str | None = None,
) -> list[str]:
    """One note per policy name the main deck lacks (a cost given for a --cast spell is used
    all the same), for the first MAX_SUGGESTED_NAMES and one for the rest, then one per tag
    a rule counts that holds none of the deck's cards. The `given` cards (--card's) the deck
    lacks are errors (simulation._tracked), unless `given_as` names the setting that shares
    them between decks (a deckcheck.yaml entry's `cards`): then notes under that name."""
    where = f"{policy.source}: " if policy.source else ""
    asked = {card_key(name) for name in cast}
    given = set(given)
    # (whose setting, key, name): the policy file's keys, then the shared `given` cards.
    listed = [
        *((where, f"tags.{tag}", name) for tag, names in policy.tags.items() for name in names),
        *((where, "lands", name) for name in policy.lands),
        *((where, "costs", name) for name in policy.costs if card_key(name) not in asked),
        *((where, "sources", name) for name in policy.sources),
        # `--card` names join `cards` (keep.build_policy); those the deck lacks are errors.
        *((where, "cards", name) for name in policy.cards if name not in given),
        *((f"{given_as}: ", "", name) for name in policy.cards if given_as and name in given),
    ]
    # The first MAX_SUGGESTED_NAMES names the deck lacks are listed, the rest counted: a
    # pull request's policy file of 100,000 tag names, shared by 21 decks, printed 2.1
    # million notes (232 MB) in one `check`.
    notes: list[str] = []
    seen: set[tuple[str, str, str]] = set()
    more: dict[str, int] = {}
    for owner, key, name in listed:
        if (owner, key, name) in seen or profile.find(name) is not None:
            continue
        seen.add((owner, key, name))
        if len(notes) < MAX_SUGGESTED_NAMES:
            notes.append(f"{owner}{key + ': ' if key else ''}{name!r} is not in the main deck{did_you_mean(name, profile)}")
        else:
            more[owner] = more.get(owner, 0) + 1
    for owner, count in more.items():
        lacking = "name it lists is" if count == 1 else "names it lists are"
        notes.append(f"{owner or 'the keep policy: '}{count:,} more {lacking} not in the main deck "
                     f"(not listed: a deck's notes name at most {MAX_SUGGESTED_NAMES})")
    for tag in policy.used_tags:
        if not any(tag in card.tags for card in profile.cards):
            rules = ", ".join(rule.origin.removeprefix(where) for rule in policy.every_rule if tag in rule.tags)
            notes.append(f"{where}tag {tag!r} holds no card of the main deck, so count({tag}) is 0 in every hand ({rules})")
    return list(dict.fromkeys(notes))
