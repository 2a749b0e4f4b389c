"""What the rules' Context remembers about a deck, and the verdict data shared across decks
(rules/context.py, freshness.as_of): remembered per entries list, never stale."""
from __future__ import annotations

import datetime as dt

import pytest

from deckcheck import parse_bytes, parse_deck
from deckcheck.decklists import parse_text
from deckcheck.decklists.layout import settle_sideboard
from deckcheck.formats import load
from deckcheck.freshness import SYNC_HINT, AsOf, as_of
from deckcheck.model import MAIN, SIDEBOARD, CardEntry, Deck
from deckcheck.pipeline import check_deck
from deckcheck.rules.context import Context

DAY = dt.date(2026, 8, 31)


def _deck() -> Deck:
    return Deck(source="t", entries=[
        CardEntry("Lightning Bolt", 4, MAIN, 1), CardEntry("Mountain", 56, MAIN, 2),
        CardEntry("Pyroblast", 3, SIDEBOARD, 4),
    ])


def test_counts_and_zones_come_from_one_pass_and_match_the_deck():
    deck = _deck()
    ctx = Context(date=DAY)
    assert ctx.counts(deck) == deck.counts() == {MAIN: 60, SIDEBOARD: 3}
    assert ctx.used_zones(deck) == {MAIN, SIDEBOARD}
    assert ctx.totals(deck, (MAIN,)) == {"lightning bolt": 4, "mountain": 56}


def test_a_copy_with_the_same_entries_reuses_the_count_and_new_entries_are_counted_again():
    deck = _deck()
    ctx = Context(date=DAY)
    counted = ctx.counts(deck)
    assert ctx.counts(deck.copy(name="renamed")) is counted  # same entries list: nothing to redo
    moved = deck.with_entries([CardEntry(e.name, e.count, MAIN, e.line) for e in deck.entries])
    assert ctx.counts(moved) == {MAIN: 63, SIDEBOARD: 0}
    assert ctx.used_zones(moved) == {MAIN}
    assert ctx.totals(moved, (MAIN, SIDEBOARD)) == {"lightning bolt": 4, "mountain": 56, "pyroblast": 3}


def test_counts_carry_to_renamed_copies_and_only_to_those():
    deck = _deck()
    ctx = Context(date=DAY)
    counted = ctx.counts(deck)
    # The card data's names (a copy of one entry, same zone and count): the count holds.
    renamed = deck.with_entries([CardEntry("Lightning Bolt", 4, MAIN, 1, written="lightning bolt"), *deck.entries[1:]])
    ctx.carry_counts(deck.entries, renamed.entries)
    assert ctx.counts(renamed) is counted
    # A copy in another zone, or with another count: counted again, and counted right.
    for changed, expected in (
        (CardEntry("Pyroblast", 3, MAIN, 4), {MAIN: 63, SIDEBOARD: 0}),
        (CardEntry("Pyroblast", 2, SIDEBOARD, 4), {MAIN: 60, SIDEBOARD: 2}),
    ):
        ctx = Context(date=DAY)
        ctx.counts(deck)
        other = deck.with_entries([*deck.entries[:2], changed])
        ctx.carry_counts(deck.entries, other.entries)
        assert ctx.counts(other) == expected == other.counts()


def test_one_context_for_settling_and_checking_gives_the_verdict_of_two():
    # A second blank-line group too big for a sideboard: settled into the main deck.
    text = "4 Lightning Bolt\n40 Mountain\n\n16 Mountain\n"
    fmt = load("mtg/modern")
    alone = check_deck(parse_text(text, source="t"), fmt, date=DAY, cards=False)
    ctx = Context(date=DAY)
    settled = settle_sideboard(parse_text(text, source="t"), fmt, DAY, context=ctx)
    shared = check_deck(settled, fmt, date=DAY, cards=False, context=ctx)
    assert shared.counts == alone.counts == {MAIN: 60, SIDEBOARD: 0}
    assert [p.message for p in shared.problems] == [p.message for p in alone.problems]
    assert shared.legal == alone.legal


def test_as_of_is_shared_per_format_day_and_platform_and_its_dict_is_the_callers_own():
    fmt = load("mtg/modern")
    first, again = as_of(fmt, None, DAY, "paper"), as_of(fmt, None, DAY, "paper")
    assert first is again
    assert as_of(fmt, None, DAY, "mtgo").platform == "mtgo"
    written = first.to_dict()
    written["stale"] = "changed by a caller"
    assert first.to_dict()["stale"] is first.stale
    assert first.to_dict() == {"date": "2026-08-31", "platform": "paper", "card_data_date": None,
                               "lists_known_up_to": fmt.lists_known_up_to.isoformat() if fmt.lists_known_up_to else None,
                               "stale": first.stale}
    import pickle  # an AsOf keeps its worked-out dict beside its fields; both survive pickling

    copied = pickle.loads(pickle.dumps(first))
    assert copied == first and hash(copied) == hash(first) and copied.to_dict() == first.to_dict()


def test_whether_the_card_data_brings_lists_is_the_games_flag_not_the_words_of_its_hint():
    """A newer card database moves the day the data knows only for a game whose card data
    carries its lists (Magic), whatever its stale note tells the player to do."""
    lists, synced = dt.date(2026, 8, 1), dt.date(2026, 8, 20)
    own_words = AsOf(DAY, "paper", lists, synced, hint="fetch the club's list", card_data_brings_lists=True)
    assert own_words.known_up_to == synced
    assert AsOf(DAY, "paper", lists, synced, hint=SYNC_HINT, card_data_brings_lists=False).known_up_to == lists

    class Synced:
        data_date = synced

    assert as_of(load("mtg/modern"), Synced(), DAY, "paper").card_data_brings_lists is True
    yugioh = as_of(load("yugioh/advanced-tcg"), Synced(), DAY, "paper")
    assert yugioh.card_data_brings_lists is False and yugioh.known_up_to == yugioh.lists_known_up_to


def test_card_data_brings_no_lists_unless_its_game_says_so(monkeypatch):
    """One default, False (Game's): an AsOf built without the flag, and the AsOf of a game
    deckcheck does not know, keep the lists' own day; AsOf and an unknown game said True."""
    import deckcheck.games as games

    lists, synced = dt.date(2026, 8, 1), dt.date(2026, 8, 20)
    assert AsOf(DAY, "paper", lists, synced).known_up_to == lists

    class Synced:
        data_date = synced

    # Magic's own answer is True; as a game deckcheck does not know, False. Another day than
    # the test above's, so the format's memo of AsOfs cannot answer for the patched lookup.
    other_day = DAY + dt.timedelta(days=1)
    assert as_of(load("mtg/modern"), Synced(), other_day, "arena").card_data_brings_lists is True
    monkeypatch.setattr(games, "find", lambda game_id: None)
    unknown = as_of(load("mtg/modern"), Synced(), other_day + dt.timedelta(days=1), "arena")
    assert unknown.card_data_brings_lists is False


def test_a_replaced_context_starts_with_its_own_memory_and_compares_by_its_fields():
    deck = _deck()
    ctx = Context(date=DAY)
    counted = ctx.counts(deck)
    online = ctx.replace(platform="mtgo")
    assert (online.date, online.platform) == (DAY, "mtgo")
    assert online.counts(deck) == counted and online.counts(deck) is not counted
    assert ctx.replace() == ctx and hash(ctx.replace()) == hash(ctx) and online != ctx
    assert "_memo" not in repr(ctx)


def test_the_zone_counts_are_the_decks_own_on_real_decks_and_every_shape_of_zones(shared_data):
    """Context counts each zone its own way (a comprehension per zone): the same counts,
    in the same order, and the same zones used as Deck.counts() and the entries say."""
    from deckcheck.model import COMMANDER, COMPANION, EXTRA, HERO, MAYBEBOARD
    from real_decks import mtgo_text, read_decks

    decks = [parse_text(mtgo_text(deck), source="t") for deck in list(read_decks(shared_data))[::7]]
    zones = (MAIN, SIDEBOARD, EXTRA, COMMANDER, COMPANION, HERO, MAYBEBOARD)
    decks += [Deck(source="t"), Deck(source="t", entries=[CardEntry("Island", 3, zone, 1) for zone in reversed(zones)])]
    decks.append(Deck(source="t", entries=[CardEntry(f"Card {i}", i % 4, zones[i % 7], i) for i in range(50)]))
    decks.append(Deck(source="t", entries=[CardEntry("Sol Ring", 1, COMMANDER, 1), CardEntry("Island", 9, MAIN, 2)]))
    for deck in decks:
        ctx = Context(date=DAY)
        assert list(ctx.counts(deck).items()) == list(deck.counts().items())
        assert ctx.used_zones(deck) == {entry.zone for entry in deck.entries}


def test_totals_and_tallies_over_some_zones_or_all_are_the_models_over_those_entries(shared_data):
    """Context counts a deck's own entries list when the zones asked are all it uses, and
    the entries of those zones otherwise: the same totals and tallies either way."""
    from deckcheck.model import COMMANDER, COMPANION, PLAYED_ZONES, copy_totals, tally
    from real_decks import mtgo_text, read_decks

    texts = [mtgo_text(deck) for deck in list(read_decks(shared_data))[::50]]
    texts += ["Companion\n1 Lurrus of the Dream-Den\n\n" + text for text in texts[:10]]
    texts += ["Commander\n1 Sol Ring\n\n4 Sol Ring\n\n2 Sol Ring\n", "Maybeboard\n2 Island\n\nDeck\n4 Island\n"]
    for text in texts:
        deck = parse_text(text, source="t")
        for zones in ((MAIN,), (MAIN, SIDEBOARD), PLAYED_ZONES, (COMPANION,), (SIDEBOARD, COMMANDER, COMPANION)):
            entries = [entry for entry in deck.entries if entry.zone in zones]
            ctx = Context(date=DAY)
            assert list(ctx.totals(deck, zones).items()) == list(copy_totals(entries).items())
            assert list(ctx.tally(deck, zones).items()) == list(tally(entries).items())
            some = set(list(copy_totals(entries))[::2])
            assert list(Context(date=DAY).tally(deck, zones, only=some).items()) == list(tally(entries, some).items())


def _counted_plainly(deck: Deck) -> tuple[list[tuple[str, int]], frozenset[str]]:
    """deck.counts() in its order, and the zones used, each the plain way."""
    return list(deck.counts().items()), frozenset(entry.zone for entry in deck.entries)


def _zone_cases() -> list[Deck]:
    from deckcheck.model import COMMANDER, COMPANION, MAYBEBOARD

    def deck(*entries: tuple[str, int, str]) -> Deck:
        return Deck(source="t", entries=[CardEntry(name, count, zone, line) for line, (name, count, zone) in enumerate(entries, 1)])

    return [
        deck(),
        deck(("Island", 0, SIDEBOARD)),
        deck(("Pyroblast", 3, SIDEBOARD), ("Mountain", 20, MAIN)),
        deck(("Lurrus of the Dream-Den", 1, COMPANION), ("Mountain", 20, MAIN), ("Lurrus of the Dream-Den", 1, SIDEBOARD)),
        deck(("Opt", 1, MAYBEBOARD), ("Atraxa, Praetors' Voice", 1, COMMANDER), ("Forest", 98, MAIN)),
        deck(("Forest", 10, MAIN), ("Forest", 5, MAIN), ("Opt", 2, SIDEBOARD), ("Opt", 1, MAIN)),
    ]


def test_counts_and_zones_are_those_of_the_plain_count_on_real_decks_and_odd_zones(shared_data):
    """Context._scan sums a deck of main deck and sideboard only as the whole less the main
    deck: the same counts, in the same order, as deck.counts(), on every real deck and on
    decks of other zones, of empty zones and of none."""
    from real_decks import mtgo_text, read_decks

    decks = [parse_text(mtgo_text(deck), source="real") for deck in list(read_decks(shared_data))[::3]]
    for deck in decks + _zone_cases():
        ctx = Context(date=DAY)
        assert (list(ctx.counts(deck).items()), ctx.used_zones(deck)) == _counted_plainly(deck), deck.entries


def test_the_counts_the_parser_noted_are_taken_while_the_deck_lists_the_same_entries():
    """The text fast path notes each zone's cards (Deck.note_zone_counts) and the check takes
    them without a pass over the entries; an entry replaced (same length), added or removed
    since, by a caller or a later step, or a new list, is counted again."""
    deck = parse_text("4 Lightning Bolt\n52 Mountain\n\n3 Pyroblast\n1 Mountain\n", source="t")
    noted = deck.zone_counts_noted()
    assert noted is not None and noted[0] == {MAIN: 56, SIDEBOARD: 4} and noted[1] == {MAIN, SIDEBOARD}
    ctx = Context(date=DAY)
    assert ctx.counts(deck) is noted[0]  # taken, not counted again
    assert ctx.counts(deck.copy(name="renamed")) is noted[0]  # a copy lists the same entries
    for change, expected in (
        (lambda entries: entries.__setitem__(1, CardEntry("Mountain", 56, MAIN, 2)), {MAIN: 60, SIDEBOARD: 4}),
        (lambda entries: entries.append(CardEntry("Abrade", 2, SIDEBOARD, 6)), {MAIN: 56, SIDEBOARD: 6}),
        (lambda entries: entries.pop(), {MAIN: 56, SIDEBOARD: 3}),
        (lambda entries: entries.__setitem__(2, CardEntry("Pyroblast", 3, MAIN, 4)), {MAIN: 59, SIDEBOARD: 1}),
    ):
        changed = parse_text("4 Lightning Bolt\n52 Mountain\n\n3 Pyroblast\n1 Mountain\n", source="t")
        change(changed.entries)
        assert changed.zone_counts_noted() is None
        assert Context(date=DAY).counts(changed) == expected == changed.counts()
        assert Context(date=DAY).used_zones(changed) == {entry.zone for entry in changed.entries}
    # A list of its own: nothing noted, counted as ever.
    assert _deck().zone_counts_noted() is None and Context(date=DAY).counts(_deck()) == {MAIN: 60, SIDEBOARD: 3}


def test_noted_counts_are_no_field_of_the_deck():
    read = parse_text("4 Lightning Bolt\n56 Mountain\n", source="t")
    built = Deck(source="t", entries=list(read.entries), input_format="text")
    assert read.zone_counts_noted() is not None and built.zone_counts_noted() is None
    assert read == built and "_counted" not in Deck.record_fields() and "_counted" not in repr(read)
    assert read.replace(name="x").zone_counts_noted() is None  # rebuilt through __init__: counted again


@pytest.mark.parametrize(("change", "expected"), [
    (lambda entries: setattr(entries[1], "count", 50), ["main deck has 54 cards; at least 60 required"]),
    (lambda entries: setattr(entries[0], "zone", SIDEBOARD), ["main deck has 56 cards; at least 60 required"]),
    (lambda entries: None, []),
])
@pytest.mark.parametrize("read", [
    lambda text: parse_bytes(text.encode()), lambda text: parse_deck(text),
])
def test_a_deck_whose_entry_a_library_caller_changed_in_place_is_checked_as_it_is_now(read, change, expected):
    """`d.entries[1].count = 50` after parse_bytes: check_deck gave the verdict of the list
    as read, from the counts its parser noted (review of session 33, finding 3); a caller's
    deck is taken without them (Deck.as_given), the caller's deck untouched."""
    deck = read("4 Lightning Bolt\n56 Mountain\n")
    change(deck.entries)
    noted = deck.zone_counts_noted()
    result = check_deck(deck, "mtg/modern", date="2024-06-01", cards=False)
    assert [problem.message for problem in result.problems if problem.is_error] == expected
    assert deck.zone_counts_noted() == noted  # the caller's deck as it was
