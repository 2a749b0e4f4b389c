"""Questions beyond keep rates, answered exactly where the maths allows, else by sampling:
by-turn events of the assertions (categories, conditions, land drops) and `--cast`.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import sqrt
from typing import Any

from ..errors import DeckcheckError, of_setting
from ..limits import MAX_EXACT_EVENT_WORK
from ..model import COMMANDER, ZONE_LABELS
from ..names import card_key
from .arguments import SIDES
from .assertions import Assertion, turn_at
from .cast import CastAnswer, cast_atoms, cast_events, cast_question, deck_land_kinds, source_counts
from .categories import Atoms, DeckProfile, split_atoms
from .events import Event, category_holds, condition_holds, event_work, kept_states, probability
from .exact import ExactNotPossible, check_feasible
from .expr import Call, Name, Number, String, walk
from .keep import KeepPolicy
from .mulligan import Step
from .nodes import to_text
from .outcome import Estimate, Influence, draws_by_turn
from .policy import BUILTIN_CATEGORIES, category_name


@dataclass(frozen=True)
class EventSpec:
    """One by-turn event an assertion asks for, on one side."""

    call: Call
    draws: int

    @property
    def key(self) -> str:
        return f"{to_text(self.call)}|{self.draws}"


def event_specs(assertions: Sequence[Assertion], on: str, first_player_draws: bool) -> list[EventSpec]:
    found: dict[str, EventSpec] = {}
    for assertion in assertions:
        for call in assertion.events:
            turn = int(call.args[turn_at(call)].value)  # type: ignore[attr-defined]
            spec = EventSpec(call, draws_by_turn(turn, on, first_player_draws))
            found.setdefault(spec.key, spec)
    return list(found.values())


def land_drop_specs(
    turns: int, first_player_draws: bool, known: set[str] = frozenset(), max_draws: int | None = None,  # type: ignore[assignment]
) -> list[EventSpec]:
    """"A land drop on every turn 1..t" for t = 1..T on both sides (--compare, -o csv, --plot),
    as far as `max_draws` cards after the hand reach."""
    found: dict[str, EventSpec] = {}
    for turn in range(1, turns + 1):
        call = Call(0, "land_drops", (Number(0, turn),))
        for side in SIDES:
            spec = EventSpec(call, draws_by_turn(turn, side, first_player_draws))
            if max_draws is not None and spec.draws > max_draws:
                continue
            if spec.key not in known:
                found.setdefault(spec.key, spec)
    return list(found.values())


def _mentioned(specs: Sequence[EventSpec]) -> tuple[list[str], list[str]]:
    names: dict[str, None] = {}
    tags: dict[str, None] = {}
    for spec in specs:
        if spec.call.name != "p_by_turn":
            continue
        for node in walk(spec.call.args[0]):
            if isinstance(node, String):
                names.setdefault(node.value)
            elif isinstance(node, Name) and node.name not in BUILTIN_CATEGORIES:
                tags.setdefault(node.name)
    return list(names), list(tags)


def refined_atoms(profile: DeckProfile, policy: KeepPolicy, specs: Sequence[EventSpec]) -> Atoms:
    """The policy's categories, split further by what the events mention (not key cards)."""
    names, tags = _mentioned(specs)
    return split_atoms(
        profile, named=[*policy.named_cards, *names], tags=[*policy.used_tags, *tags],
        key_named=policy.named_cards, key_tags=policy.used_tags,
    )


def build_events(specs: Sequence[EventSpec], refined: Atoms) -> list[Event]:
    events = []
    for spec in specs:
        call = spec.call
        if call.name == "land_drops":
            turn = int(call.args[0].value)  # type: ignore[attr-defined]
            holds = category_holds(refined, "lands", turn)
        elif call.args[0].kind == "condition":
            holds = condition_holds(refined, call.args[0])
        else:
            at_least = int(call.args[2].value) if len(call.args) > 2 else 1  # type: ignore[attr-defined]
            holds = category_holds(refined, category_name(call.args[0]), at_least)
        events.append(Event(spec.key, spec.draws, holds))
    return events


def exact_events(profile: DeckProfile, atoms: Atoms, refined: Atoms, steps: Sequence[Step], events: Sequence[Event]) -> dict[str, Estimate]:
    """Exact probabilities of all the events (raises ExactNotPossible when they are too
    large together: the events of a --cast question go exact or sampled as one)."""
    if not events:
        return {}
    check_feasible(steps, refined)
    states = kept_states(profile, atoms, refined, steps)
    work = event_work(profile, refined, states, events)
    if work > MAX_EXACT_EVENT_WORK:
        # Many categories and many draws: the enumeration would take seconds or minutes.
        raise ExactNotPossible(_too_much_work(f"about {work:,}", f"{MAX_EXACT_EVENT_WORK:,}"))
    return {event.key: Estimate(probability(profile, refined, states, event)) for event in events}


@dataclass
class PartlyExact:
    """The exact values of the events the work limit allows, and the others' work."""

    values: dict[str, Estimate]
    sampled: dict[str, int]      # event key -> its work, for the events to sample
    left: int                    # what the exact events left of MAX_EXACT_EVENT_WORK

    def notes(self) -> list[str]:
        """Why the events to sample are not exact, naming them: those past the limit on their
        own, then those past what the smaller ones left (one note each)."""
        notes = []
        for alone in (True, False):
            works = {key: work for key, work in self.sampled.items() if (work > MAX_EXACT_EVENT_WORK) == alone}
            if not works:
                continue
            allowed = f"{MAX_EXACT_EVENT_WORK:,}" if alone else (
                f"the {self.left:,} left of {MAX_EXACT_EVENT_WORK:,} once the smaller events were exact"
            )
            low, high = min(works.values()), max(works.values())
            about = f"about {low:,}" if low == high else f"from about {low:,} to {high:,}"
            texts = dict.fromkeys(key.rsplit("|", 1)[0] for key in works)
            notes.append(f"using Monte Carlo for {', '.join(texts)} ({_too_much_work(about, allowed)})")
        return notes


def _too_much_work(about: str, allowed: str) -> str:
    """Why events are not exact: their work (`about 4,000,000,000`) past what is `allowed`."""
    return f"{about} combinations of kept hands and draws to enumerate, more than {allowed} (docs/security.md#limits)"


def exact_events_within(
    profile: DeckProfile, atoms: Atoms, refined: Atoms, steps: Sequence[Step], events: Sequence[Event],
) -> PartlyExact:
    """Exact probabilities of the events the work limit allows. The events of a run share
    MAX_EXACT_EVENT_WORK, smallest first: one big event leaves the others exact, and a long
    list of events cannot add up to minutes. Raises ExactNotPossible when the kept hands
    over the event categories cannot be enumerated at all."""
    answer = PartlyExact({}, {}, MAX_EXACT_EVENT_WORK)
    if not events:
        return answer
    check_feasible(steps, refined)
    states = kept_states(profile, atoms, refined, steps)
    work = {event.key: event_work(profile, refined, states, [event]) for event in events}
    for event in sorted(events, key=lambda event: work[event.key]):
        if work[event.key] > answer.left:
            answer.sampled[event.key] = work[event.key]
        else:
            answer.left -= work[event.key]
            answer.values[event.key] = Estimate(probability(profile, refined, states, event))
    # In the order asked, as a run of them all would list them.
    answer.values = {event.key: answer.values[event.key] for event in events if event.key in answer.values}
    answer.sampled = {event.key: answer.sampled[event.key] for event in events if event.key in answer.sampled}
    return answer


def _ratio_influence(games: dict[str, Any], side: str, ratio: float) -> Influence | None:
    """Each game's influence on P(castable | land drops), linearised: (cast - ratio * lands) / P(lands)."""
    if f"cast:{side}" not in games:
        return None
    cast, lands = games[f"cast:{side}"], games[f"lands:{side}"]
    share = float(lands.mean())

    def part(games: slice) -> Any:
        sliced = cast[games].astype(float)
        return (sliced - ratio * lands[games]) / share if share > 0 else sliced * 0

    return Influence(len(cast), part)


def answer_casts(
    origins: Mapping[str, str], profile: DeckProfile, policy: KeepPolicy, steps: Sequence[Step], card_data: Any, *,
    exact: bool, hands: int, seed: int, first_player_draws: bool, warnings: list[str],
    common: bool = False, per_game: bool = False, outside: Mapping[str, str] | None = None, no_data: str = "card_data=None",
    asked_in: Mapping[str, str] | None = None,
) -> dict[str, CastAnswer]:
    """Castability on curve, on the play and on the draw, of each spell `origins` names, in
    its order; its notes and errors name where the user asked about each spell (the value:
    `--cast 'Wrath of God'`) and where the deck holds a spell outside its main deck
    (`outside`: card key -> zone); `no_data`: how the caller said to read no card data.
    An error about a spell carries the keyword it was asked in (`asked_in`: name ->
    `cast`, `assertions`) as its setting (errors.of_setting)."""
    from .montecarlo import run_monte_carlo

    if not origins:
        return {}
    kinds = deck_land_kinds(profile, policy, card_data, warnings)
    answers: dict[str, CastAnswer] = {}
    for name, origin in origins.items():
        try:
            question = cast_question(name, profile, policy, card_data, origin, no_data=no_data)
        except DeckcheckError as error:
            raise of_setting(error, (asked_in or {}).get(name)) from None
        zone = (outside or {}).get(card_key(name))
        if not question.in_deck and zone == COMMANDER:
            warnings.append(f"{origin}: in the deck's {ZONE_LABELS[zone]}, cast from there; its castability assumes it is at hand")
        elif not question.in_deck:
            warnings.append(f"{origin}: not in the main deck; its castability assumes it is in hand")
        atoms = cast_atoms(profile, policy, question, kinds)
        draws = {side: draws_by_turn(question.turn, side, first_player_draws) for side in SIDES}
        events = cast_events(atoms, question, draws)
        values: dict[str, Estimate] | None = None
        sampled = None
        if exact:
            try:
                values = exact_events(profile, atoms, atoms, steps, events)
            except ExactNotPossible as exc:
                warnings.append(f"{origin}: using Monte Carlo ({exc})")
        if values is None:
            sampled = run_monte_carlo(
                profile, atoms, steps, hands=hands, seed=seed, tracked=[], max_draws=0, events=events,
                common=common, per_game=per_game,
            )
            values = sampled.events
            relevant = {side: values[f"lands:{side}"].value * hands for side in SIDES}
        answer = CastAnswer(question=question, sources=source_counts(profile, kinds, question))
        if sampled is not None:
            answer.per_game = {key.removeprefix("event:"): value for key, value in sampled.per_game.items() if key.startswith("event:")}
        for side in SIDES:
            cast, lands = values[f"cast:{side}"], values[f"lands:{side}"]
            ratio = cast.value / lands.value if lands.value > 0 else 0.0
            se = None
            if cast.se is not None:
                count = relevant[side]
                se = sqrt(ratio * (1 - ratio) / count) if count > 0 else 0.0
            answer.sides[side] = (cast, Estimate(ratio, se, _ratio_influence(answer.per_game, side, ratio)))
        answers[card_key(name)] = answer
    return answers

