"""Notes on assertions that ask for a count no deal can reach (docs/engine.md, "Assertions for CI").

`p_by_turn("Lightning Bolt", 3, 5)` of a deck with four copies, or `p_by_turn(lands, 2, 12)`
when eight cards are seen by turn 2, is 0 whatever the games: `... <= 0.1` holds and `... >=
0.3` fails for a reason the report does not show (a copy count typed for another deck, a
turn typed for a later one). So is `land_drops(T)`, at least T lands by turn T, of a deck
with fewer than T lands (every deal of a Yu-Gi-Oh! deck, which has none), `expected_lands` of
such a deck, and `keepN` of a size no kept hand has (`keep6` of a WoW TCG deck, whose one
redraw is of 7 cards; `keep3` under a policy that keeps any four), or of the one size every
kept hand has (`keep7` of that deck is 1). Such a count is a note,
not an error: an assertion of deckcheck.yaml is often shared by decks that play different
numbers of a card, and by decks of formats that keep different hands.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ..games import side_name
from ..wording import listed
from .assertions import Assertion
from .categories import DeckProfile, did_you_mean
from .expr import Call, Name, String, walk
from .nodes import to_text
from .outcome import draws_by_turn


def unreachable_counts(
    assertions: Iterable[Assertion], profile: DeckProfile, *, kept: Sequence[int], on: str, game: str, first_player_draws: bool,
    origin: str, elsewhere: Callable[[str], str | None],
) -> list[str]:
    """One note per `p_by_turn` of a card, category or tag that asks for more copies than
    the main deck holds, or than the cards seen by its turn on the `on` side (the largest
    hand kept and the draws), per `land_drops(T)` of a deck with fewer than T lands, per
    `expected_lands` of a deck without lands and per `keepN` of a size not among `kept`,
    the sizes of the hands the format's mulligans and the keep policy may keep (a larger
    size is an error), or of the only one; `origin` names where assertions are given
    (`--assert`). A card the main deck does not run holds 0 copies; `elsewhere` says where
    the deck holds it instead (`it is in the deck's sideboard: ...`), if anywhere, else the
    deck's card its name is closest to (`; did you mean 'Lightning Bolt'?`), if any."""
    notes: list[str] = []
    hand = max(kept)
    for assertion in assertions:
        for call in walk(assertion.node):
            if isinstance(call, Name) and call.name == "expected_lands" and not profile.lands:
                notes.append(f"{origin} {assertion.text!r}: expected_lands is 0 for every deal: the main deck has 0 lands")
                continue
            size = _kept_size(call.name) if isinstance(call, Name) else None
            if size is not None and size <= hand and (size not in kept or set(kept) == {size}):
                sizes = listed([str(each) for each in sorted(set(kept), reverse=True)])
                always = 1 if size in kept else 0
                notes.append(f"{origin} {assertion.text!r}: keep{size} is {always} for every deal: every hand kept has {sizes} cards")
                continue
            if isinstance(call, Call) and call.name == "land_drops":
                # The same event as p_by_turn(lands, T, T) (docs/engine.md): T lands by turn T.
                turn = wanted = int(call.args[0].value)  # type: ignore[attr-defined]
                held, what = _held("lands", profile)
            elif isinstance(call, Call) and call.name == "p_by_turn" and isinstance(call.args[0], (String, Name)):
                turn = int(call.args[1].value)  # type: ignore[attr-defined]
                wanted = int(call.args[2].value) if len(call.args) > 2 else 1  # type: ignore[attr-defined]
                counted = call.args[0]
                if isinstance(counted, String):
                    held, what = _copies(counted.value, profile, elsewhere)
                else:
                    held, what = _held(counted.name, profile)
            else:
                continue  # a condition's counts are the condition's own
            seen = hand + draws_by_turn(turn, on, first_player_draws)
            if wanted > held:
                why = f"the main deck has {held} {what}"
            elif wanted > seen:
                why = f"at most {seen} cards are seen by turn {turn} {side_name(game, on, first_player_draws)}"
            else:
                continue
            notes.append(f"{origin} {assertion.text!r}: {to_text(call)} is 0 for every deal: {why}")
    return list(dict.fromkeys(notes))


def _copies(name: str, profile: DeckProfile, elsewhere: Callable[[str], str | None]) -> tuple[int, str]:
    """How many copies of card `name` the main deck holds, and what they are called."""
    card = profile.find(name)
    if card is not None:
        return card.copies, f"{'copy' if card.copies == 1 else 'copies'} of {card.name}"
    # A real card the deck holds nowhere may be a slip for one it runs (Lightning Blast
    # for Lightning Bolt): the note names that card.
    where = elsewhere(name)
    return 0, f"copies of {name}" + (f" ({where})" if where else did_you_mean(name, profile))


def _held(name: str, profile: DeckProfile) -> tuple[int, str]:
    """How many cards of the main deck `name` (cards, lands, spells or a tag) counts, and
    what they are called."""
    if name == "cards":
        held = profile.size
    elif name == "lands":
        held = profile.lands
    elif name == "spells":
        held = profile.size - profile.lands
    else:
        held = sum(card.copies for card in profile.cards if name in card.tags)
        return held, f"{'card' if held == 1 else 'cards'} of the tag {name}"
    return held, name if held != 1 else name.removesuffix("s")


def _kept_size(name: str) -> int | None:
    """N of a `keepN` name, else None."""
    return int(name[4:]) if name.startswith("keep") and name[4:].isdigit() else None
