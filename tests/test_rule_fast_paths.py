"""The rules' quick answers for the common deck must be the answers of their full checks.

A rule that has nothing to say about most decks (every zone the format's, a size it allows,
no card over the default copy limit, no sideboard card with a companion ability, an event
after the format's first day) says so from a cheap test and returns an empty tuple, without
starting its generator (rules/*.py, `check`). Here every rule that does is also run the
plain way, its full check with nothing skipped, on the real decks of the shared data and on
every deck case of tests/cases, and both must give the same problems.
"""
from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any, Callable

import pytest

import caseload
from deckcheck import pipeline, validate
from deckcheck.formats import load
from deckcheck.model import COMMANDER, EXTRA, MAIN, PLAYED_ZONES, SIDEBOARD
from deckcheck.rules import (
    _sizes, banned, companion, copy_limit, deck_size, extra_deck_size, format_date, format_platform, not_in_pool,
    registered_pool, restricted, sideboard_size, zone_not_in_format,
)
from deckcheck.rules._listed import banned_cards
from real_decks import format_id, mtgo_text, read_decks


def _sized(zone: str, rule: str, label: str) -> Callable[..., Any]:
    def plain(deck, fmt, ctx):
        spec = fmt.zone_size(zone, ctx.date, ctx.platform)
        if spec is None:
            return []
        count, parts = _sizes.zone_count(deck, spec, zone, ctx)
        if spec.allows(count):
            return []
        return _sizes._size_problems(deck, fmt, ctx, spec, count, parts, zone=zone, rule=rule, label=label)
    return plain


def _platform(deck, fmt, ctx):
    from deckcheck.games.mtg.availability import PLATFORM_OPENED

    if ctx.platform not in fmt.option("platforms"):
        return [format_platform.Problem(
            rule=format_platform.ID, severity=format_platform.WARNING,
            message=f"{fmt.name} is not played on {format_platform._label(ctx.platform)}: only on {format_platform._played_on(fmt)}",
        )]
    opened, note = PLATFORM_OPENED.get(ctx.platform, (dt.date.min, ""))
    return [] if ctx.date >= opened else [format_platform.Problem(
        rule=format_platform.ID, severity=format_platform.WARNING,
        message=f"{format_platform._label(ctx.platform)} opened on {opened.isoformat()}{note}: no event was played there "
                f"on {ctx.date.isoformat()}; check the event's date and platform",
    )]


def _pool(deck, fmt, ctx):
    """not-in-pool's walk over every name of the deck (none told from the day's verdicts first)."""
    if not fmt.option("card_pool") or ctx.cards is None:
        return []
    pool, command = not_in_pool.pool_of(fmt), not_in_pool._command_pool(fmt)
    groups = [(pool, PLAYED_ZONES)] if command is None else [
        (pool, tuple(zone for zone in PLAYED_ZONES if zone != COMMANDER)), (command, (COMMANDER,))]
    return [problem for within, zones in groups
            for problem in not_in_pool._walk(deck, fmt, ctx, within, zones, *not_in_pool._memos(fmt, ctx, within))]


class _Unremembering:
    """A catalog that remembers nothing a rule worked out (`memo` is a new dict at every
    read): companion's full check then decides every card from its card, none from an
    answer an earlier deck left."""

    def __init__(self, catalog: Any) -> None:
        self._catalog = catalog

    @property
    def memo(self) -> dict:
        return {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self._catalog, name)


def _companion(deck, fmt, ctx):
    plain = ctx if ctx.cards is None else ctx.replace(cards=_Unremembering(ctx.cards))
    return companion._problems(deck, fmt, plain, ctx.used_zones(deck))


# Each rule's full check, with nothing skipped (copy-limit: every card a candidate).
PLAIN: dict[str, Callable[..., Any]] = {
    format_date.ID: lambda deck, fmt, ctx: format_date._problems(fmt, ctx),
    format_platform.ID: _platform,
    deck_size.ID: _sized(MAIN, deck_size.ID, "main deck"),
    sideboard_size.ID: _sized(SIDEBOARD, sideboard_size.ID, "sideboard"),
    extra_deck_size.ID: _sized(EXTRA, extra_deck_size.ID, "extra deck"),
    zone_not_in_format.ID: lambda deck, fmt, ctx: zone_not_in_format._problems(
        deck, fmt, ctx.used_zones(deck) - zone_not_in_format.format_zones(fmt)),
    copy_limit.ID: lambda deck, fmt, ctx: copy_limit._problems(
        deck, fmt, ctx, fmt.copy_limit, list(ctx.totals(deck, fmt.copy_limit.zones).items())),
    registered_pool.ID: lambda deck, fmt, ctx: [] if ctx.pool is None else registered_pool._problems(deck, fmt, ctx, ctx.pool),
    companion.ID: _companion,
    # The cards banned by name or, a Yu-Gi-Oh! entry's, by passcode (rules/_listed.py).
    banned.ID: lambda deck, fmt, ctx: banned._problems(
        deck, fmt, ctx, banned_cards(deck, fmt, ctx), ctx.totals(deck, PLAYED_ZONES).keys() & banned_cards(deck, fmt, ctx).keys(),
        by_code=True),  # the warning of bans by passcode unchecked asked whatever the format bans
    restricted.ID: lambda deck, fmt, ctx: restricted._problems(deck, fmt, ctx, fmt.restricted_on(ctx.date, ctx.platform)),
    not_in_pool.ID: _pool,
}


class _Both:
    """A rule that answers its quick way and records where the plain way differs."""

    def __init__(self, rule: Any, differences: list[str], seen: set[str]) -> None:
        self.rule, self.ID, self.differences, self.seen = rule, rule.ID, differences, seen

    def check(self, deck, fmt, ctx):
        quick = list(self.rule.check(deck, fmt, ctx))
        plain = list(PLAIN[self.ID](deck, fmt, ctx))
        self.seen.add(self.ID)
        if [problem.to_dict() for problem in quick] != [problem.to_dict() for problem in plain]:
            self.differences.append(f"{deck.source} {fmt.id} {self.ID}: quick {quick} plain {plain}")
        # A rule `rules.speaking` leaves out of the context (its `silent`) must have nothing to
        # say about the deck the plain way either.
        silent = getattr(self.rule, "silent", None)
        if silent is not None and silent(fmt, ctx):
            self.seen.add(f"{self.ID} silent")
            if plain:
                self.differences.append(f"{deck.source} {fmt.id} {self.ID}: silent, yet plain {plain}")
        return quick


@pytest.fixture
def both_ways(monkeypatch):
    """(differences, rules run both ways): pipeline.check_deck runs each rule of PLAIN both ways."""
    differences: list[str] = []
    seen: set[str] = set()
    real = pipeline.rules_for

    def rules_for(fmt):
        return tuple(_Both(rule, differences, seen) if rule.ID in PLAIN else rule for rule in real(fmt))

    monkeypatch.setattr(pipeline, "rules_for", rules_for)
    return differences, seen


def test_real_decks_get_the_same_problems_both_ways(shared_data, both_ways):
    differences, seen = both_ways
    decks = list(read_decks(shared_data))[::4]
    days = (dt.date(2026, 8, 31), dt.date(2015, 6, 1))  # a day before Pioneer's: format-date speaks
    for index, deck in enumerate(decks):
        validate(mtgo_text(deck), format_id(deck), days[index % 7 == 0], offline=True)
    assert not differences, differences[:5]
    assert {format_date.ID, deck_size.ID, sideboard_size.ID, copy_limit.ID, companion.ID, banned.ID, restricted.ID,
            not_in_pool.ID} <= seen
    assert {f"{rule} silent" for rule in (format_date.ID, format_platform.ID, registered_pool.ID, restricted.ID)} <= seen


def test_the_rules_left_out_of_a_context_are_those_silent_in_it():
    """rules.speaking: worked out once per context, and again for another day, catalog or pool."""
    from deckcheck.rules import rules_for, speaking
    from deckcheck.rules.context import Context

    fmt = load("mtg/pioneer")
    early, later = Context(date=dt.date(2015, 6, 1)), Context(date=dt.date(2026, 8, 31))
    ids = [rule.ID for rule in speaking(rules_for(fmt), fmt, later)]
    assert format_date.ID not in ids and registered_pool.ID not in ids and restricted.ID not in ids
    assert copy_limit.ID in ids and banned.ID in ids
    assert format_date.ID in [rule.ID for rule in speaking(rules_for(fmt), fmt, early)]
    assert speaking(rules_for(fmt), fmt, later) is speaking(rules_for(fmt), fmt, Context(date=dt.date(2026, 8, 31)))
    with_pool = Context(date=dt.date(2026, 8, 31), pool=object())  # type: ignore[arg-type]
    assert registered_pool.ID in [rule.ID for rule in speaking(rules_for(fmt), fmt, with_pool)]
    assert format_platform.ID in [rule.ID for rule in speaking(rules_for(fmt), fmt, Context(date=later.date, platform="mtgx"))]


def test_real_decks_on_arena_and_with_a_companion_section_get_the_same_problems_both_ways(shared_data, both_ways):
    differences, _ = both_ways
    for deck in list(read_decks(shared_data))[1::40]:
        validate(mtgo_text(deck), format_id(deck), "2026-08-31", offline=True, platform="arena")
        named = "Companion\n1 Lurrus of the Dream-Den\n\n" + mtgo_text(deck)
        validate(named, format_id(deck), "2026-08-31", offline=True)
        validate("Extra\n15 Shock\n\n" + mtgo_text(deck), format_id(deck), "2026-08-31", offline=True)
    assert not differences, differences[:5]


@pytest.mark.parametrize("case", caseload.cases("rules", kind="deck") + caseload.cases("decklists", kind="deck"))
def test_case_decks_get_the_same_problems_both_ways(case, request, both_ways):
    differences, _ = both_ways
    fmt = case["format"]
    fmt = Path(__file__).parent / fmt if fmt.endswith(".yaml") else load(fmt)
    cards = request.getfixturevalue(caseload.CARD_DATABASES[case["cards"]]) if case.get("cards") else False
    validate(case["deck"], fmt, case.get("date"), input_format=case.get("input_format"), cards=cards, offline=True,
             platform=case.get("platform", "paper"))
    assert not differences, differences


def test_companion_answers_most_sideboards_from_its_set_of_names(shared_data, monkeypatch):
    """Once the sideboard cards have been seen, most decks are told without the full check
    (the names without a companion ability, companion._QUIET); the tests above say that
    the answer is the same."""
    decks = [deck for deck in list(read_decks(shared_data))[2::30] if deck["sideboard"]]
    for deck in decks:
        validate(mtgo_text(deck), format_id(deck), "2026-08-31", offline=True)
    full = []
    real = companion._problems
    monkeypatch.setattr(companion, "_problems", lambda *args: full.append(1) or real(*args))
    for deck in decks:
        validate(mtgo_text(deck), format_id(deck), "2026-08-31", offline=True)
    assert len(full) < len(decks) / 2, (len(full), len(decks))


def test_banned_restricted_and_not_in_pool_answer_most_real_decks_without_their_generators(shared_data, monkeypatch):
    """Once a deck's cards have been seen that day, banned and restricted start their full
    check only for a deck they report (the built-in data has no newer lists), and not-in-pool
    for few decks (the tests above say that the answers are the same). Vintage: a restricted
    list to read."""
    decks = list(read_decks(shared_data))[3::30]
    for deck in decks:
        validate(mtgo_text(deck), "mtg/vintage", "2026-08-31", offline=True)
    full = {banned.ID: [], restricted.ID: [], not_in_pool.ID: []}
    for module, name in ((banned, "_problems"), (restricted, "_problems"), (not_in_pool, "_walk")):
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *args, real=real, ran=full[module.ID]: ran.append(1) or real(*args))
    reported = {banned.ID: 0, restricted.ID: 0}
    for deck in decks:
        rules = {problem.rule for problem in validate(mtgo_text(deck), "mtg/vintage", "2026-08-31", offline=True).problems}
        for rule in reported:
            reported[rule] += rule in rules
    assert len(full[banned.ID]) == reported[banned.ID] and len(full[restricted.ID]) == reported[restricted.ID], (
        {rule: len(ran) for rule, ran in full.items()}, reported)
    assert len(full[not_in_pool.ID]) < len(decks) / 4, (len(full[not_in_pool.ID]), len(decks))


def test_companion_tells_a_deck_of_cards_new_to_the_catalog_without_its_full_check(shared_data, monkeypatch):
    """A deck (of those without a companion) whose names the catalog was never asked about is told by deciding those names
    (companion._decide_names), not by the full check: the first decks of a batch, and every
    deck with a card new to it. A deck with a companion-ability card in its main deck only
    is no companion to check either; one in the sideboard is checked in full."""
    from deckcheck.games.mtg.companions import CONDITIONS
    from deckcheck.pipeline import card_catalog

    decks = [deck for deck in list(read_decks(shared_data))[5::60] if deck["sideboard"]][:20]
    full = []
    real = companion._problems
    monkeypatch.setattr(companion, "_problems", lambda *args: full.append(args[0].source) or real(*args))
    catalog = card_catalog(load("mtg/legacy"))
    lurrus = "Lurrus of the Dream-Den"
    for deck in decks:
        if any(card["name"] in CONDITIONS for card in deck["mainboard"] + deck["sideboard"]):
            continue  # a deck with a companion of its own
        catalog.forget_names()  # every name new
        validate(mtgo_text(deck), "mtg/legacy", "2026-08-31", offline=True)
        catalog.forget_names()
        validate(f"1 {lurrus}\n" + mtgo_text(deck), "mtg/legacy", "2026-08-31", offline=True)
        assert not full, full
        main, _, side = mtgo_text(deck).partition("\n\n")
        validate(f"{main}\nSideboard\n{side}1 {lurrus}\n", "mtg/legacy", "2026-08-31", offline=True)
        assert full, deck["sideboard"]
        full.clear()
