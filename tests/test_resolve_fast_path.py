"""cards/resolve.resolve_by_name looks a deck's new names up once each, before it renames
the entries as for a deck of names seen before (`_learn`), where it used to step through
every entry of such a deck: against the plain per-entry way, over the real decks (one
catalog for all of them, as a batch has) and hand-made lists (unknown names, repeated
new names, split and double-faced cards, melded back faces, Alchemy names, a companion,
the maybeboard). Any divergence fails."""
from __future__ import annotations

import pytest

from deckcheck.cards.builtin import builtin_path
from deckcheck.cards.catalog import SUGGESTIONS
from deckcheck.cards.resolve import (
    UNKNOWN_MESSAGE, _KNOWN_NAMES, _renamed, resolve_by_name, script_note, suggestions_within_budget, unknown_card,
)
from deckcheck.decklists import parse_text
from deckcheck.formats import load
from deckcheck.games.mtg.catalog import MtgCatalog
from deckcheck.model import COMPANION, MAYBEBOARD, SIDEBOARD
from deckcheck.pipeline import listed_names


def plain_resolve(deck, catalog, *, listed=(), explain=None):
    """resolve_by_name as it was: every entry of a deck with a new name looked at in turn."""
    known = catalog.memo.setdefault(_KNOWN_NAMES, {})
    entries, unknown, renamed = [], [], False
    for entry in deck.entries:
        canonical = known.get(entry.name)
        if canonical is None:
            card = catalog.get(entry.name)
            if card is None:
                unknown.append(len(entries))
                entries.append(entry)
                continue
            canonical = known[entry.name] = card.name
        if canonical != entry.name:
            entry = _renamed(entry, canonical)
            renamed = True
        entries.append(entry)
    problems = []
    if not unknown:
        return deck.with_entries(entries if renamed else deck.entries), problems
    companions = {(entries[index].key, entries[index].line) for index in unknown if entries[index].zone == COMPANION}
    for index in unknown:
        entry = entries[index]
        if entry.zone == MAYBEBOARD or entry.key in listed:
            continue
        if entry.zone == SIDEBOARD and (entry.key, entry.line) in companions:
            continue
        why = explain(entry.name) if explain is not None else None
        problems.append(unknown_card(
            entry, why or f"{UNKNOWN_MESSAGE}{entry.name!r}: no card of that name in the card database{script_note(entry.name)}",
            suggestions=suggestions_within_budget(len(problems), lambda: catalog.suggest(entry.name, SUGGESTIONS)),
        ))
    return deck.with_entries(entries), problems


HAND_MADE = [
    "4 Lightning Bolt\n4 lightning bolt\n2 Delver of Secrets\n1 Fire/Ice\n1 Fire // Ice\n",
    "4 Nonexistent Card\n4 Lightning Bolt\n4 Nonexistent Card\n\n2 Nonexistent Card\n",
    "1 Brisela, Voice of Nightmares\n1 Bruna, the Fading Light\n1 A-Luminarch Aspirant\n1 Insectile Aberration\n",
    "Companion\n1 Lurrus of the Dream-Den\n\nDeck\n4 Ponder\n\nSideboard\n1 Lurrus of the Dream-Den\n",
    "Deck\n4 Ponder\nMaybeboard\n1 Not A Card At All\n1 Ponder\n",
    "4 Завершение\n4 Brainstorm\n1 Stickers\n",
    "4 Brainstorm\n",
    "",
]


def fresh() -> MtgCatalog:
    return MtgCatalog(builtin_path(), builtin=True)


def assert_alike(texts, fmt) -> None:
    fast, plain = fresh(), fresh()
    listed = listed_names(fmt)
    for text in texts:
        deck = parse_text(text)
        got, got_problems = resolve_by_name(deck, fast, listed=listed, explain=fast.not_a_card)
        want, want_problems = plain_resolve(deck, plain, listed=listed, explain=plain.not_a_card)
        assert got.entries == want.entries, text
        assert [entry.written for entry in got.entries] == [entry.written for entry in want.entries], text
        # A deck none of whose names the catalog changes keeps its entries (rules/context.py relies on it).
        assert (got.entries is deck.entries) == (want.entries is deck.entries), text
        assert got_problems == want_problems, text
    assert fast.memo[_KNOWN_NAMES] == plain.memo[_KNOWN_NAMES]


def test_hand_made_lists_resolve_alike_both_ways():
    fmt = load("mtg/vintage")
    assert_alike(HAND_MADE, fmt)
    assert_alike(HAND_MADE[::-1] + HAND_MADE, fmt)  # names met before, in other decks


@pytest.mark.parametrize("format_id", ["mtg/legacy", "mtg/pauper"])
def test_real_decks_resolve_alike_both_ways(shared_data, format_id):
    from real_decks import mtgo_text, read_decks

    texts = [mtgo_text(deck) for deck in read_decks(shared_data)]
    assert len(texts) > 1000
    assert_alike(texts, load(format_id))
