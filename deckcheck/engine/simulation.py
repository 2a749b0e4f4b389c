"""One simulation end to end: deck + format + keep policy -> outcome -> assertions.

    >>> from deckcheck.engine import simulate
    >>> result = simulate("24 Mountain\\n36 Grizzly Bears", "mtg/constructed",
    ...                   keep="2 <= lands <= 5", keep_by_size={5: "true"})
    >>> round(result.outcome.keep[7].value, 6)
    0.843902

Mode: `exact` enumerates (count-based policies only), `monte-carlo` samples, `auto` picks
exact whenever it can.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import DeckcheckError, DeckError, OptionError, of_setting
from ..formats import Format, given
from ..games import side_name, zone_name
from ..limits import MAX_SIMULATED_CARDS, check_hands, check_seed, check_turns, too_few_to_assert
from ..model import COMMANDER, COMPANION, HERO, MAIN, ZONE_LABELS, Deck
from ..names import card_key, fold
from ..problem import Problem
from ..rules import read_as
from ..wording import EMPTY_LIST, counted
from .arguments import SIDES, check_front_end_settings, check_sources, checked_rules, items, side_of
from .assertion_notes import unreachable_counts
from .assertions import Assertion, AssertionResult, check, parse_assertion, turn_at
from .bottoming import DEFAULT_BOTTOMING, DEFAULT_SCRY
from .cast import CastAnswer
from .categories import Atoms, CardData, DeckProfile, card_known, card_namer, did_you_mean, profile_deck, split_atoms
from .exact import ExactNotPossible, check_feasible, run_exact
from .expr import Boolean, Call, Name, Node, String, walk
from .keep import FREE, KeepPolicy, Policies, build_policy
from .mulligan import Step, schedule
from .nodes import to_text
from .outcome import Estimate, Outcome, draws_by_turn, hypergeom_at_least
from .policy import Rule
from .policy_notes import policy_notes

MODES = ("auto", "exact", "monte-carlo")
DEFAULT_HANDS = 100_000
DEFAULT_SEED = 0
DEFAULT_TURNS = 3


@dataclass
class Simulation:
    deck: Deck
    fmt: Format
    policy: KeepPolicy
    profile: DeckProfile
    atoms: Atoms
    steps: tuple[Step, ...]
    outcome: Outcome
    tracked: list[int]               # profile indices of the cards in the by-turn table
    turns: int
    on: str
    assertions: list[AssertionResult] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    # The first of `warnings`, about the deck as read (its unreadable lines, the cards the
    # card data does not know): what validating the deck reports too.
    deck_notes: tuple[str, ...] = ()
    castable: dict[str, CastAnswer] = field(default_factory=dict)   # --cast answers by card key
    # The most cards drawn after the kept hand that the run answers for: the --on side's last
    # turn (the other side may run out of cards a turn earlier in a 40-card deck).
    max_draws: int = 0

    @property
    def passed(self) -> bool:
        return all(result.passed for result in self.assertions)

    @property
    def simulation_notes(self) -> list[str]:
        """`warnings` after `deck_notes`, which come first: what the simulation says beyond
        the deck's own report (a policy tag that holds no card of the deck, a keep rule that
        judges no hand)."""
        return self.warnings[len(self.deck_notes):]

    @property
    def has_lands(self) -> bool:
        """Whether the format's game has lands (games/: Magic does, Yu-Gi-Oh! and WoW do not)."""
        return game_has_lands(self.fmt)

    def draws(self, turn: int, side: str) -> int:
        return draws_by_turn(turn, side, self.fmt.opening_hand.first_player_draws)

    def turns_on(self, side: str) -> range:
        """The turns of the by-turn table on `side`: to --turns, no further than the deck
        lets that side draw."""
        last = self.turns
        while last > 0 and self.draws(last, side) > self.max_draws:
            last -= 1
        return range(1, last + 1)

    def by_turn(self, card_index: int, turn: int, side: str, at_least: int = 1) -> Estimate:
        return self.outcome.by_turn(card_index, self.draws(turn, side), at_least)

    def to_dict(self) -> dict[str, Any]:
        """The run as `deckcheck simulate -o json` writes it (docs/contracts.md), as a deck
        result's to_dict() is an entry of validate's: plain values to store or send."""
        from .report import to_dict  # here: the report module imports this one

        return to_dict(self)

    def plain(self, card_index: int, turn: int, side: str, at_least: int = 1) -> float:
        """The textbook hypergeometric value: no mulligans, `hand size + draws` cards seen."""
        seen = self.fmt.opening_hand.size + self.draws(turn, side)
        return hypergeom_at_least(self.profile.size, self.profile.cards[card_index].copies, seen, at_least)


class _BuiltIn:
    """`simulate`'s default card data: the card data `validate` uses."""

    def __repr__(self) -> str:
        return "BUILT_IN"


# Without card data only basic lands are lands: a library caller who passed none got Modern
# Burn's 20 lands counted as 4 and its seven-card keeps at 6.3%, not 74.9%, as `deckcheck
# simulate` never did. Card knowledge is on by default in the library as on the command line.
BUILT_IN = _BuiltIn()


def simulate(
    deck: Deck | str | Path,
    fmt: Format | str | Path,
    *,
    keep: str | None = None,
    keep_by_size: Mapping[int, str] | None = None,
    policy_file: str | Path | None = None,
    mode: str = "auto",
    hands: int | None = None,
    seed: int | None = None,
    on: str = "play",
    turns: int = DEFAULT_TURNS,
    cards: Sequence[str] = (),
    assertions: Sequence[str] = (),
    card_data: CardData | None | _BuiltIn = BUILT_IN,
    card_problems: Sequence[Problem] = (),
    cast: Sequence[str] = (),
    common_random: bool = False,
    land_drop_turns: int = 0,
    progress: Callable[[int], None] | None = None,
    names: Mapping[str, str] | None = None,
    policies: Policies | None = None,
    cards_shared: bool = False,
) -> Simulation:
    """Run one simulation. `common_random` (--compare) makes Monte Carlo use common random
    numbers and keep per-game outcomes; `land_drop_turns` T adds the events "a land drop on
    every turn 1..t", t = 1..T, on both sides (keys `land_drops(t)|<draws>`). `progress(n)`
    hears how many more games of the Monte Carlo run are done. `card_problems` are what the
    caller's card data found in the deck (`unknown-card`, with suggestions): notes, like the
    deck's unreadable lines.

    Its notes and errors name the settings the user gave as `names` says (the front end's
    word for each: `{"assertion": "--assert", "keep": "--keep"}`, cli/common.py and
    project/config.py); the library's keywords by default. Errors about one setting's value
    are OptionErrors, which the front end names the same way.

    `policies` (keep.Policies) builds each keep policy once over many calls: a front end
    that simulates many decks with one policy file (`deckcheck check`) reads it once.

    `cards_shared` says the `cards` are shared between decks (a deckcheck.yaml entry's, for
    every deck its glob takes): a card of them that this deck does not run (one the card
    data knows, or the deck holds outside its main deck) is a note, as a policy file's
    `cards:` is, not the error a name given for this deck alone is; so are the keep rules and
    assertions (the entry's), whose `count()` of a card the data knows and the deck does not
    run is 0, with a note.

    `card_data` left out is the card data `validate` uses (the built-in data, or the default
    database), the deck's names read through it and its unknown names noted; None counts
    only the format's basic lands (and a policy's `lands:`) as lands, as `--no-cards` does."""
    from ..pipeline import read_deck
    from .questions import answer_casts, build_events, event_specs, exact_events_within, land_drop_specs, refined_atoms

    def named(setting: str) -> str:
        return (names or {}).get(setting, setting)

    if card_data is BUILT_IN:
        fmt, deck, card_data, card_problems = _with_built_in_data(deck, fmt, card_problems)
    keep, keep_by_size = checked_rules(keep, keep_by_size)
    # One text where a list goes is that one item, as `assert: "keep7 >= 0.85"` in
    # deckcheck.yaml (read a character at a time, it was the card 'L' or the name 'k').
    # The keyword is the error's setting; the message's word (`card`) is what `names` renames.
    cards, assertions, cast = items(cards, "cards", "card"), items(assertions, "assertions", "assertion"), items(cast, "cast")
    # Each is read through the card data, for every deck a `check` entry matches: more than
    # a main deck can hold cannot all be in it (100,000 names cost 2.5 s a deck).
    if len(set(cards)) > MAX_SIMULATED_CARDS:
        raise OptionError("cards", f"names {len(set(cards)):,} different cards: a simulated main deck holds at most "
                                   f"{MAX_SIMULATED_CARDS}, so no more can be tracked (docs/security.md, limits)", word="card")
    # Card names as the deck's lines are read: `--card "Maxx C"`, `count("Maxx C")` in a
    # keep rule, a policy file or an assertion is Maxx "C" (categories.card_namer). A spell
    # asked about (--cast, castable()) is read by cast.cast_question, which knows faces.
    namer = card_namer(card_data)
    cards = tuple(map(namer, cards))
    check_sources(policy_file, card_data)
    if mode not in MODES:
        raise OptionError("mode", _mode_refused(mode))  # a setting a form can mark, as `on`
    on = side_of(on)
    if mode == "exact" and (hands is not None or seed is not None):
        # Contradictory: exact odds simulate no games. Refused rather than noted, so a CI job
        # never passes on a run other than the one its command line asks for (docs/engine.md).
        raise OptionError("mode", "computes exact odds and simulates no games: leave out {0} and {1}, or leave "
                          "out {2} to sample", also=("hands", "seed", 'mode="exact"'), word='mode="exact"')
    check_turns(turns)
    check_hands(hands)
    few = too_few_to_assert(hands) if assertions else None
    if few:
        # As deckcheck.yaml's `hands:` (project/config.py): a verdict by chance, not a check.
        raise OptionError("hands", f"{hands}: {few}, or leave {{0}} out ({DEFAULT_HANDS:,})", also=("hands",))
    check_seed(seed)
    # After `turns`: the front ends pass it as `land_drop_turns` too, and their users gave `turns`.
    check_front_end_settings(land_drop_turns=land_drop_turns, card_problems=card_problems, names=names,
                             common_random=common_random, progress=progress, policies=policies,
                             cards_shared=cards_shared)
    built = build_policy if policies is None else policies.build

    def build(**settings: Any) -> KeepPolicy:
        policy = built(**settings)  # its errors carry the keyword that gave the rule (keep.build_policy)
        return policy.named_by(namer) if policies is None else policies.named(policy, card_data, namer)
    fmt = given(fmt, "fmt")
    # Zone sizes as in force today: a simulation has no event date. As validation reads it:
    # a Commander format takes the commander out of the library wherever the file put it
    # (rules/_commander_placing.py), so the engine draws from the 99.
    deck = read_as(deck.as_given() if isinstance(deck, Deck) else read_deck(deck), fmt, cards=card_data)
    deck_notes = tuple(_deck_warnings(deck, card_problems)) + tuple(_no_commander(deck, fmt, card_data))
    warnings = list(deck_notes)
    hand_size = fmt.opening_hand.size

    # Lands first (the default policy depends on whether the deck has any), then the policy.
    probe = build(
        hand_size=hand_size, keep=keep, by_size=keep_by_size, policy_file=policy_file, extra_cards=tuple(cards), names=names,
    )
    try:
        parsed = [parse_assertion(text, tags=probe.tags, origin=named("assertion")).named_by(namer) for text in assertions]
    except DeckcheckError as error:
        raise of_setting(error, "assertions") from None
    profile = profile_deck(deck, fmt, lands=probe.lands, tags=probe.tags, card_data=card_data)
    # Cards the deck holds outside the library (a commander, the sideboard): a name asked
    # for among them is told where it is, not "no such card". A companion is named by its
    # sideboard entry (the `companion` zone only says which sideboard card it is).
    library = {card.key for card in profile.cards}
    outside = {entry.key: entry.zone for entry in reversed(deck.entries)
               if entry.key not in library and entry.zone != COMPANION}
    policy = probe
    if probe.default and profile.lands == 0:
        policy = build(
            hand_size=hand_size, policy_file=policy_file, deck_has_lands=False, extra_cards=tuple(cards), names=names,
        )
        if game_has_lands(fmt):
            warnings.append(f"no lands found in the main deck ({_why_no_lands(fmt, card_data)}), so the default policy keeps every hand")
    elif profile.lands == 0 and fmt.opening_hand.has_mulligans:
        # A rule of one's own judges every hand by a 0 there (all mulliganed away, a WoW
        # TCG deck under a rule copied from Magic): said as the default rule's case is.
        free = [probe.free_rule] if probe.free_rule and fmt.opening_hand.free_mulligan else []
        rules = [*(probe.rules[size] for size in sorted(probe.rules, reverse=True)), *free]
        counting = dict.fromkeys(rule.origin for rule in rules if _counts_lands(rule))
        if counting:
            warnings.append(f"no lands found in the main deck ({_why_no_lands(fmt, card_data)}), "
                            f"so lands is 0 in every hand ({', '.join(counting)})")
    if card_data is None and 0 < profile.lands * 4 < profile.size and _mentions_lands(policy):
        warnings.append(
            f"only {profile.lands} of {profile.size} cards count as lands: without card data "
            f"({named('card_data=None')}) only basic lands do; list the others under `lands:` in a "
            f"policy file ({named('policy_file')})"
        )
    if not game_has_lands(fmt) and profile.lands == 0:  # a policy's `lands:` the deck runs: spells are the others
        warnings.extend(_spells_are_every_card(policy, parsed, fmt, named))
    if profile.size < hand_size:
        # A DeckError, as an empty deck's: `check` simulates many decks, and names the deck beside its reason.
        raise DeckError(deck.source, f"the main deck has {counted(profile.size, 'card')}: "
                                     f"fewer than an opening hand of {hand_size}")
    if profile.size > MAX_SIMULATED_CARDS:
        raise DeckError(
            deck.source, f"the main deck has {profile.size:,} cards: simulate takes at most {MAX_SIMULATED_CARDS} (docs/security.md, limits)"
        )
    # Every card a keep rule or an assertion counts is in the main deck: a misspelt name
    # would count 0 in every hand (and mulligan them all away, or make an assertion hold or
    # fail for the misspelling, not the deck).
    # Rules shared between decks (a `check` entry's, cards_shared) may count a real card one
    # deck does not run: 0 there with a note, as a shared p_by_turn of it is 0 (assertion_notes.py).
    # But a real card one edit from a card the deck runs (Raze, Daze) is its misspelling: an error.
    counted_names = [(name, f"{rule.origin}: count({name!r})", f"{rule.origin}: count({name!r}) is 0 in every hand",
                      rule.setting)
                     for rule in policy.every_rule for name in rule.cards]
    counted_names += [(name, f"{named('assertion')} {assertion.text!r}",
                       f"{named('assertion')} {assertion.text!r}: count({name!r}) is 0 for every deal", "assertions")
                      for assertion in parsed for name in assertion.counted]
    known = card_known(card_data)
    asked = frozenset(fold(name) for name, *_ in counted_names)
    for name, origin, zero, setting in counted_names:
        if profile.find(name) is None:
            if not (cards_shared and known(name)) or _misspells_deck_card(name, profile, asked):
                raise of_setting(no_such_card(origin, name, profile, outside, fmt.game), setting)
            where = _elsewhere_note(name, outside, fmt.game)
            warnings.append(f"{zero}: the main deck has 0 copies of {name}" + (f" ({where})" if where else ""))
    # Each spell asked about, where the user asked first: --cast, or an assertion's castable().
    origins = {name: f"{named('cast')} {name!r}" for name in cast}
    asked_in = dict.fromkeys(cast, "cast")  # the keyword each was asked in
    for assertion in parsed:
        for name in assertion.casts:
            origins.setdefault(name, f"{named('assertion')} {assertion.text!r}")
            asked_in.setdefault(name, "assertions")
    if origins and not game_has_lands(fmt):
        # Castability counts lands and pays mana costs: a game without them has no answer.
        raise of_setting(DeckcheckError(f"{next(iter(origins.values()))}: castability on curve needs mana costs and "
                                        f"lands, which {game_label(fmt)} does not have"), next(iter(asked_in.values())))
    warnings.extend(policy_notes(policy, profile, cast=list(origins), given=cards,
                                 given_as=named("card") if cards_shared else None))
    atoms = split_atoms(profile, named=policy.named_cards, tags=policy.used_tags)
    steps = schedule(fmt.opening_hand, policy)
    if not fmt.opening_hand.has_mulligans and not policy.default:
        warnings.append("this format has no mulligans (mulligan: none): every opening hand is kept")
    elif not policy.default:
        warnings.extend(_unused_rules(policy, steps, fmt))
        warnings.extend(_impossible_rules(steps))
    # The free seven's rule is the user's even when the other rules are the defaults.
    warnings.extend(_unused_free_rule(policy, fmt))
    warnings.extend(_unused_strategies(policy, fmt))
    tracked = _tracked(profile, policy, parsed, outside, cards, named, fmt.game, known, cards_shared)
    first_player_draws = fmt.opening_hand.first_player_draws
    warnings.extend(unreachable_counts(parsed, profile, kept=[step.keep for step in steps], on=on, game=fmt.game,
                                       first_player_draws=first_player_draws, origin=named("assertion"),
                                       elsewhere=lambda name: _elsewhere_note(name, outside, fmt.game)))
    max_turn = max([turns, *(a.max_turn for a in parsed)])
    # The --on side sets how far the deck must last (the table and the assertions read it);
    # the other side's table goes as far as the cards do (a 40-card deck on the draw runs out
    # a turn earlier).
    # A player loses only when a draw finds no card, so the turn that draws the last card is
    # still played: the library after the largest hand drawn lasts exactly that many draws.
    hand_draw = max(step.draw for step in steps)
    library_size = profile.size - hand_draw
    on_draws = draws_by_turn(max_turn, on, first_player_draws)
    max_draws = min(max(draws_by_turn(max_turn, side, first_player_draws) for side in SIDES), library_size)
    if on_draws > library_size:
        # Draws grow by one a turn from draws_by_turn(0, ...): the last turn that finds a card.
        last = library_size - draws_by_turn(0, on, first_player_draws)
        side = side_name(fmt.game, on, first_player_draws)
        lasts = f"it lasts to turn {last} {side}" if last >= 1 else f"it has no card to draw on turn 1 {side}"
        raise DeckError(
            deck.source, f"the main deck has {profile.size} cards: too few to draw a hand of {hand_size} and play to turn {max_turn}; {lasts}"
        )

    specs = event_specs(parsed, on, first_player_draws)
    if land_drop_turns:
        specs += land_drop_specs(land_drop_turns, first_player_draws, known={spec.key for spec in specs}, max_draws=max_draws)
    refined = refined_atoms(profile, policy, specs)
    events = build_events(specs, refined)
    chosen = _choose_mode(mode, hands, seed, policy, steps, atoms, warnings, named('mode="exact"'))
    sampling = {"hands": hands or DEFAULT_HANDS, "seed": DEFAULT_SEED if seed is None else seed}
    if common_random:
        sampling.update(common=True, per_game=True)
    elif parsed:
        # Each game's outcome, so an assertion's expression gets its standard error from
        # the games themselves (assertions.py), not from its terms' errors added up.
        sampling.update(per_game=True)
    if chosen == "exact":
        outcome = run_exact(profile, atoms, steps)
        try:
            partly = exact_events_within(profile, atoms, refined, steps, events)
            outcome.events, to_sample = partly.values, set(partly.sampled)
            warnings.extend(partly.notes())
        except ExactNotPossible as exc:
            to_sample = {event.key for event in events}
            warnings.append(f"using Monte Carlo for {', '.join(dict.fromkeys(to_text(s.call) for s in specs))} ({exc})")
        if to_sample:
            from .montecarlo import run_monte_carlo

            outcome.events.update(run_monte_carlo(
                profile, atoms, steps, tracked=[], max_draws=0, events=[e for e in events if e.key in to_sample],
                refined=refined, **sampling,
            ).events)
    else:
        from .montecarlo import run_monte_carlo

        # The assertions' cards and the draws they ask about (on the --on side, as they are judged).
        asked: dict[int, set[int]] = {}
        for assertion in parsed:
            for name, turn, _ in assertion.by_turn:
                index = profile.index(card_key(name))
                if index is not None:
                    asked.setdefault(index, set()).add(draws_by_turn(turn, on, first_player_draws))
        outcome = run_monte_carlo(
            profile, atoms, steps, tracked=tracked, max_draws=max_draws, events=events, refined=refined,
            sampled_cards=asked, progress=progress, **sampling,
        )
    simulation = Simulation(
        deck=deck, fmt=fmt, policy=policy, profile=profile, atoms=atoms, steps=tuple(steps), outcome=outcome,
        tracked=tracked, turns=turns, on=on, warnings=warnings, deck_notes=deck_notes, max_draws=max_draws,
    )
    simulation.castable = answer_casts(
        origins, profile, policy, steps, card_data, exact=chosen == "exact", first_player_draws=first_player_draws,
        warnings=warnings, outside=outside, no_data=named("card_data=None"), asked_in=asked_in, **sampling,  # type: ignore[arg-type]
    )
    lookup = _lookup(simulation, named("assertion"))
    try:
        simulation.assertions = [check(a, lookup, monte_carlo=outcome.mode != "exact") for a in parsed]
    except DeckcheckError as error:
        raise of_setting(error, "assertions") from None
    return simulation


def _deck_warnings(deck: Deck, card_problems: Sequence[Problem]) -> list[str]:
    """Notes on the deck as read: its unreadable lines (skipped), then the card data's problems
    (an unknown card is simulated too: a land only when the policy lists it under `lands:`)."""
    if deck.unreadable:
        first = deck.problems[0] if deck.problems else None
        if first is not None and first.reason is None:
            raise DeckcheckError(first.message)  # a message that does not start with the file's name
        raise DeckError(deck.source, "cannot read the deck" if first is None else first.reason)

    def located(problem: Problem) -> str:
        return f"{problem.placed_in(deck.source)}: {problem.full_message}"

    warnings = [located(problem) + (" (skipped)" if problem.is_error else "") for problem in deck.problems]
    warnings += [located(problem) for problem in card_problems]
    if not deck.entries and not any(problem.is_error for problem in deck.problems):
        raise DeckError(deck.source, EMPTY_LIST)  # not a deck whose cards went elsewhere
    if deck.count("main") == 0:
        raise DeckError(deck.source, f"the main deck is empty{_why_empty(deck)}")
    return warnings


def _why_empty(deck: Deck) -> str:
    """Why no card of a deck was read, when its lines say (a web page saved as the list, a
    CSV export, lines that are all unreadable): the first such line and how many more, as
    validate reports them; "" for a list that holds no card line at all."""
    unread = [problem for problem in deck.problems if problem.is_error]
    if not unread:
        return ""
    first, rest = unread[0], unread[1:]
    where = f"line {first.line}: " if first.line is not None else ""
    lines = sum(problem.line is not None for problem in rest)
    # A problem of no line says what became of the lines not listed ("stopped reading, ...").
    more = [counted(lines, "more unreadable line")] if lines else []
    more += [problem.message for problem in rest if problem.line is None]
    said = first.full_message if first.reason is None else first.reason  # broken XML's names its file and line itself
    return f": no card could be read ({where}{said}{''.join(f'; {part}' for part in more)})"


def _with_built_in_data(
    deck: Deck | str | Path, fmt: Format | str | Path, card_problems: Sequence[Problem],
) -> tuple[Format, Deck | str | Path, CardData | None, Sequence[Problem]]:
    """(the format, the deck as the card data names it, the card data, the unknown-card
    notes) for a call that gave no `card_data`: what `deckcheck simulate` reads a deck with."""
    from ..pipeline import card_catalog, named_for_simulation, read_deck

    fmt = given(fmt, "fmt")
    catalog = card_catalog(fmt)
    if catalog is None or not isinstance(deck, (Deck, str, Path)):
        return fmt, deck, catalog, card_problems  # a deck of the wrong kind is refused below, as ever
    named, unknown = named_for_simulation(catalog, deck.as_given() if isinstance(deck, Deck) else read_deck(deck), fmt)
    given_right = isinstance(card_problems, (list, tuple)) and all(isinstance(problem, Problem) for problem in card_problems)
    if not unknown or not given_right:
        return fmt, named, catalog, card_problems  # wrong ones are refused below, as given
    return fmt, named, catalog, [*card_problems, *unknown]


def _no_commander(deck: Deck, fmt: Format, card_data: CardData | None) -> list[str]:
    """A note when a format with a command zone finds no commander in the deck: the library
    is then every card of the main deck, the would-be commander too, and the note says so
    with validate's message (and its hint on how to name one)."""
    if not fmt.option("commander") or deck.count(COMMANDER):
        return []
    from ..rules import commander
    from ..rules.context import Context

    # The card data a caller gives may answer `is_land` only: then no hint on which card leads.
    ctx = Context(date=dt.date.today(), cards=card_data if hasattr(card_data, "lookup") else None)
    missing = next((problem for problem in commander.check(deck, fmt, ctx) if problem.count == 0), None)
    if missing is None:
        return []
    return [f"{missing.placed_in(deck.source)}: {missing.message}; the library is all {deck.count(MAIN)} cards of "
            "the main deck"]


def _unused_rules(policy: KeepPolicy, steps: Sequence[Step], fmt: Format) -> list[str]:
    """Rules the user gave that judge no hand (a size the mulligan rule never reaches)."""
    used = set()
    for step in steps:
        rule = policy.rule_for(step.keep)
        if rule is not None and (step.rule is not None or (step.keep > 0 and rule.always_holds(step.keep))):
            used.add(rule.origin)
    sizes = sorted({step.keep for step in steps}, reverse=True)
    unused = [
        f"{rule.origin} ({rule.text!r}) is never used: {fmt.id} judges hands of {', '.join(map(str, sizes))} cards"
        for size, rule in policy.rules.items()
        if rule.origin not in used
    ]
    return unused


def _impossible_rules(steps: Sequence[Step]) -> list[str]:
    """Rules the user gave that no hand of any size they judge satisfies (`lands >= 8`, a
    typo for 3): every such hand was mulliganed without a word. `false` says so on purpose."""
    sizes: dict[Rule, set[int]] = {}
    for step in steps:
        if step.rule is not None:
            sizes.setdefault(step.rule, set()).add(step.keep)
    notes = []
    for rule, judged_sizes in sizes.items():
        judged = sorted(judged_sizes, reverse=True)
        if isinstance(rule.node, Boolean) or not all(rule.never_holds(size) for size in judged):
            continue
        listed = ", ".join(map(str, judged[:-1])) + (" or " if len(judged) > 1 else "") + str(judged[-1])
        notes.append(f"{rule.origin} ({rule.text!r}) holds for no hand of {listed} {'card' if judged == [1] else 'cards'}, "
                     "so every such hand is mulliganed")
    return list(dict.fromkeys(notes))


def _unused_free_rule(policy: KeepPolicy, fmt: Format) -> list[str]:
    """A note for the user's `keep.free` rule in a format without a free first mulligan."""
    free = policy.free_rule
    if free is not None and free.origin.endswith(f"keep.{FREE}") and not fmt.opening_hand.free_mulligan:
        return [f"{free.origin} ({free.text!r}) is never used: {fmt.id} has no free first mulligan"]
    return []


def _unused_strategies(policy: KeepPolicy, fmt: Format) -> list[str]:
    """A note for the policy file's `bottom:` in a format that puts no card on the bottom
    (only a London mulligan does) and its `scry:` in one without a scry (a Vancouver
    mulligan's): the run goes on without them, as for an unused `keep.free`."""
    where = f"{policy.source}: " if policy.source else ""
    mulligan = fmt.opening_hand.mulligan
    notes = []
    if policy.bottoming != DEFAULT_BOTTOMING and mulligan != "london":
        kept = "; Karsten's keep rules are" if policy.bottoming.name.startswith("karsten") else ""
        notes.append(f"{where}bottom: {policy.bottoming.label} is never used: {fmt.id} puts no card on the bottom "
                     f"(a London mulligan does){kept}")
    if policy.scry != DEFAULT_SCRY and mulligan != "vancouver":
        notes.append(f"{where}scry: {policy.scry.label} is never used: {fmt.id} has no scry (a Vancouver mulligan's)")
    return notes


def _tracked(
    profile: DeckProfile, policy: KeepPolicy, assertions: list[Assertion], outside: Mapping[str, str], cards: Sequence[str],
    named: Callable[[str], str], game: str, known: Callable[[str], bool], shared: bool = False,
) -> list[int]:
    """The cards of the by-turn table: those named (`cards`, the policy file's `cards:`, the
    assertions), else every non-land card; a name the main deck lacks is an error naming
    where the user wrote it, but for a policy file's (a note: policy_notes.py, as the file
    may be shared among decks), for a card of `cards` when they are `shared` (a
    deckcheck.yaml entry's) and for a card an assertion's p_by_turn names, that the card
    data `known`s or the deck holds outside its main deck (`outside`): a deck that does not
    run it sees it in no deal (0, with a note: assertion_notes.py), as a deckcheck.yaml
    entry's assertions are shared among decks."""
    # Each spelling asked is checked, not one a card key: `Fire // Ice` asked does not
    # vouch for `Fire // Banana`, of the same front face.
    wanted: dict[str, tuple[str, str]] = {}  # name -> (where it was asked for, the keyword)
    # A set: a pull request's deckcheck.yaml may name 100,000 cards (`cards:`), and each was
    # looked for in the whole list (97 s for one deck).
    given = set(cards)

    def real(name: str) -> bool:
        # A card the main deck does not run is one, not a misspelling, when the card data
        # knows it or the deck holds it outside its main deck (known without card data
        # too, --no-cards).
        return known(name) or held_elsewhere(name, outside, game) is not None

    for name in policy.cards:
        if profile.index(name) is None and (name not in given or (shared and real(name))):
            continue  # a shared policy file's or entry's card this deck does not play: a note (policy_notes.py)
        origin = f"{named('card')} {name!r}" if name in given else f"{policy.source}: cards: {name!r}"
        wanted.setdefault(name, (origin, "cards" if name in given else "policy_file"))
    for assertion in assertions:
        for name, _, _ in assertion.by_turn:
            if name not in wanted and profile.index(name) is None and real(name):
                continue
            wanted.setdefault(name, (f"{named('assertion')} {assertion.text!r}", "assertions"))
    indices: list[int] = []
    listed: set[int] = set()
    for name, (origin, setting) in wanted.items():
        index = profile.index(name)
        if index is None:
            raise of_setting(no_such_card(origin, name, profile, outside, game), setting)
        if index not in listed:
            listed.add(index)
            indices.append(index)
    for name in policy.named_cards:
        index = profile.index(name)
        if index is not None and index not in listed:
            listed.add(index)
            indices.append(index)
    # Nothing named that the deck runs: every non-land card, most copies first.
    if not indices:
        others = [i for i, card in enumerate(profile.cards) if not card.land]
        indices = sorted(others, key=lambda i: (-profile.cards[i].copies, i))
    return indices


def no_such_card(
    where: str, name: str, profile: DeckProfile, outside: Mapping[str, str] | None = None, game: str = "",
) -> DeckcheckError:
    """The usage error for a card name the main deck does not hold: where the deck holds it
    instead (`outside`: card key -> zone, a commander or a sideboard card; named in `game`'s
    words, a Yu-Gi-Oh! deck's Side Deck), else the closest name the main deck has."""
    elsewhere = held_elsewhere(name, outside or {}, game)
    if elsewhere is not None:
        # A WoW TCG hero starts in play: not "in the deck's hero", a zone of one card.
        not_main = "not a card of its deck" if elsewhere == HERO_PLACE else "not its main deck"
        return DeckcheckError(f"{where}: {name} {elsewhere}, {not_main}: {FROM_MAIN_DECK}")
    return DeckcheckError(f"{where}: no such card in the main deck{did_you_mean(name, profile)}")


HERO_PLACE = "is the deck's hero"
FROM_MAIN_DECK = "a simulation draws from the main deck only"


def _elsewhere_note(name: str, outside: Mapping[str, str], game: str) -> str | None:
    """`it is in the deck's sideboard: a simulation draws ...` for the note on a card the
    main deck does not run (assertion_notes.py), or None."""
    where = held_elsewhere(name, outside, game)
    return None if where is None else f"it {where}: {FROM_MAIN_DECK}"


def held_elsewhere(name: str, outside: Mapping[str, str], game: str) -> str | None:
    """Where the deck holds `name` outside its main deck, `is in the deck's sideboard` (a
    Yu-Gi-Oh! deck's Side Deck, in the game's words) or HERO_PLACE, from `outside` (card
    key -> zone); None when it does not."""
    zone = outside.get(card_key(name))
    if zone == HERO:
        return HERO_PLACE
    return None if zone is None else f"is in the deck's {zone_name(game, zone, ZONE_LABELS.get(zone))}"


def _choose_mode(
    mode: str, hands: int | None, seed: int | None, policy: KeepPolicy, steps: Sequence[Step], atoms: Atoms, warnings: list[str],
    exact_named: str,
) -> str:
    sampling_asked = hands is not None or seed is not None
    if mode == "monte-carlo" or (mode == "auto" and sampling_asked):
        return "monte-carlo"
    reason = next((why for rule in policy.every_rule if (why := rule.why_not_count_based())), None)
    # A count-based policy may still be too fine to enumerate: not "needs a count-based policy".
    needs = f"{exact_named} needs a count-based keep policy"
    if reason is None:
        try:
            check_feasible(steps, atoms)
        except ExactNotPossible as exc:
            reason, needs = str(exc), f"{exact_named} is not possible here"
    if mode == "exact":
        if reason:
            raise of_setting(ExactNotPossible(f"{needs}: {reason}; leave out {exact_named} to use Monte Carlo"), "mode")
        return "exact"
    if reason:
        warnings.append(f"using Monte Carlo: {reason}")
        return "monte-carlo"
    return "exact"


def _mode_refused(mode: object) -> str:
    """Why `mode` is no mode, with the one meant when it is one written another way
    (`montecarlo`, `Monte Carlo`, `EXACT`): its letters alone, in lower case, are a mode's."""
    choose = f"choose one of: {', '.join(MODES)}"
    if isinstance(mode, str):
        letters = "".join(filter(str.isalpha, mode)).lower()
        meant = next((each for each in MODES if each.replace("-", "") == letters), None)
        if meant is not None:
            return f"{mode!r}: did you mean {meant!r}? ({choose})"
    return f"{mode!r}: {choose}"


def game_has_lands(fmt: Format) -> bool:
    """Whether `fmt`'s game has lands (a user's format of an unknown game: assume it does)."""
    from ..games import find

    game = find(fmt.game)
    return game is None or game.lands


def game_label(fmt: Format) -> str:
    """The name of `fmt`'s game in messages (its `game:` id for a game deckcheck does not know)."""
    from ..games import find

    game = find(fmt.game)
    return fmt.game if game is None else game.label


def _misspells_deck_card(name: str, profile: DeckProfile, asked: frozenset[str]) -> bool:
    """Whether `name`, a card the deck lacks, is one edit from a card it runs (`Raze` in a
    deck of Daze, `Waste Land` of Wasteland): a typo of it even when the card data knows
    the name, so counting it 0 would judge the typo, not the deck (review32f finding 2).
    Not when the rules count that card as well (`count("Fury") + count("Fry")`, names
    `asked` folded): then both are meant."""
    from ..cards.suggest import one_edit

    word = fold(name)
    return any(one_edit(word, key) and key not in asked for key in profile.folded_names)


def _why_no_lands(fmt: Format, card_data: CardData | None) -> str:
    """Why no card of a main deck counts as a land, and what to do."""
    if not game_has_lands(fmt):
        return f"{game_label(fmt)} has no lands; list the cards to count as lands under `lands:` in a policy file"
    if card_data is None:
        return "without card data only basic lands count; list others under `lands:` in a policy file"
    return "the card data knows none of its cards as a land; list lands under `lands:` in a policy file"


def _counts_lands(rule: Rule) -> bool:
    return any(isinstance(node, Name) and node.name == "lands" for node in walk(rule.node))


class HandSizeError(DeckcheckError):
    """An assertion asks of a hand larger than the format deals (`keep7` of a Yu-Gi-Oh!
    deck): `hand_size` the format's hand, `asked` the assertion's, which `check` reads to
    say what to change (its simulate entry's glob)."""

    def __init__(self, message: str, *, hand_size: int, asked: int):
        super().__init__(message)
        self.hand_size, self.asked = hand_size, asked


def _spells_are_every_card(policy: KeepPolicy, assertions: Sequence[Assertion], fmt: Format,
                           named: Callable[[str], str]) -> list[str]:
    """The note for `spells` in a game without lands, where it counts every card: a
    Yu-Gi-Oh! player's `p_by_turn(spells, 1)` means Spell Cards, and read 100% unnoted."""
    def says_spells(node: Node) -> bool:
        return any(isinstance(each, Name) and each.name == "spells" for each in walk(node))

    origins = [*dict.fromkeys(rule.origin for rule in policy.every_rule if says_spells(rule.node)),
               *(f"{named('assertion')} {assertion.text!r}" for assertion in assertions if says_spells(assertion.node))]
    if not origins:
        return []
    some = _SOME_CARDS.get(fmt.game)
    return [f"{', '.join(origins)}: {SPELLS_EVERY_CARD}, and {game_label(fmt)} has no lands: every card; to count "
            f"some cards{f' ({some})' if some else ''}, tag them in a policy file ({named('policy_file')}) and count the tag"]


# What `spells` is taken to mean in a game without lands: a Yu-Gi-Oh! player's Spell Cards,
# the WoW TCG's abilities and allies (its cards that are not heroes, quests or items).
_SOME_CARDS = {"yugioh": "Spell Cards", "wow": "abilities, allies"}
# The `spells` note's words: it is about the rules, the same for every deck they judge, so
# `check` says it once an entry (project/check.py), not once a deck.
SPELLS_EVERY_CARD = "spells counts the cards that are not lands"


def about_rules_only(note: str) -> bool:
    """Whether a simulation's note is about its rules alone, whatever deck they judge."""
    return SPELLS_EVERY_CARD in note


def _mentions_lands(policy: KeepPolicy) -> bool:
    for rule in policy.rules.values():
        for node in walk(rule.node):
            if isinstance(node, Name) and node.name in ("lands", "spells"):
                return True
    return False


def _lookup(simulation: Simulation, assertion_named: str):  # type: ignore[no-untyped-def]
    outcome = simulation.outcome
    hand_size = simulation.fmt.opening_hand.size
    exact = outcome.mode == "exact"

    def lookup(node: Node) -> Estimate:
        if isinstance(node, Name):
            if node.name == "mulligan":
                return outcome.mulligan
            if node.name == "expected_hand_size":
                return outcome.expected_hand_size
            if node.name == "expected_lands":
                return outcome.expected_lands
            size = int(node.name[4:])
            if size > hand_size:
                raise HandSizeError(
                    f"{assertion_named}: {node.name}: hands in {simulation.fmt.id} have at most {counted(hand_size, 'card')}",
                    hand_size=hand_size, asked=size)
            return outcome.keep.get(size, Estimate(0.0, None if exact else 0.0))
        assert isinstance(node, Call)
        if node.name in ("castable", "castable_given_land_drops"):
            p, given = simulation.castable[card_key(node.args[0].value)].sides[simulation.on]  # type: ignore[attr-defined]
            return p if node.name == "castable" else given
        if node.name == "land_drops" or not isinstance(node.args[0], String):
            turn = int(node.args[turn_at(node)].value)  # type: ignore[attr-defined]
            draws = simulation.draws(turn, simulation.on)
            return outcome.events[f"{to_text(node)}|{draws}"]
        name, turn = node.args[0].value, int(node.args[1].value)  # type: ignore[attr-defined]
        copies = int(node.args[2].value) if len(node.args) > 2 else 1  # type: ignore[attr-defined]
        index = simulation.profile.index(name)
        if index is None:
            # A card the deck does not run (_tracked refused unknown names): seen in no deal.
            return Estimate(0.0, None if exact else 0.0)
        return simulation.by_turn(index, turn, simulation.on, copies)

    return lookup
