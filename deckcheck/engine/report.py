"""Reports of a simulation: a terminal table with bar charts, and JSON for scripts and CI.

The JSON object (`-o json`) has the keys of the engine's contract - `mode`, `hands`,
`keep` (kept hand size -> probability), `expected_hand_size`, `lands_in_kept_hand`,
`by_turn`, `assertions` - plus context (`deck`, `format`, `opening_hand`, `policy`,
`mulligan`, `mulligans`, `standard_errors`, `passed`, `warnings`). Probabilities are
plain floats in [0, 1]; hand sizes and counts are string keys. `--cast` adds `castable`
(card -> turn, p, p_given_land_drops on the --on side, and both sides under `sides`); a
policy with its own bottoming or scry adds `strategies`.
"""
from __future__ import annotations

from typing import Any

from ..formats.schema import MULLIGAN_LABELS
from ..games import EVERY_SIDE_DRAWS_WHY, side_name, sides_alike
from ..model import COMMANDER
from ..report.style import TEXT_WIDTH, Shown, as_is, cell, face_words, inert, name_lines, pad, paint, widest, word_pieces
from ..result import AssertionOutcome
from ..wording import card_names, counted, listed
from .assertions import AssertionResult
from .keep import FREE
from .mulligan import Step
from .outcome import Estimate
from .arguments import SIDES
from .simulation import Simulation

_BLOCKS = " ▏▎▍▌▋▊▉█"
BAR_WIDTH = 32


def _policy_lines(simulation: Simulation) -> dict[str, str]:
    """The rule applied to each hand size, largest first; in a format with a free first
    mulligan, the first hand's rule under `free` too when it is not its size's rule."""
    def text(step: Step) -> str:
        return step.rule.text if step.rule is not None else "keep any hand"

    out = {}
    steps = simulation.steps
    free = simulation.fmt.opening_hand.free_mulligan and len(steps) > 1 and steps[1].keep == steps[0].keep
    if free and text(steps[0]) != text(steps[1]):
        out[FREE] = text(steps[0])
    for step in steps[1:] if free else steps:
        out.setdefault(str(step.keep), text(step))
    return out


def _by_turn(simulation: Simulation) -> dict[str, Any]:
    exact = simulation.outcome.mode == "exact"
    table: dict[str, Any] = {}
    for index in simulation.tracked:
        card = simulation.profile.cards[index]
        entry: dict[str, Any] = {"copies": card.copies, "at_least": 1}
        for side in SIDES:
            turns = {}
            for turn in simulation.turns_on(side):
                estimate = simulation.by_turn(index, turn, side)
                cell: dict[str, Any] = {
                    "p": estimate.value,
                    "hypergeometric": simulation.plain(index, turn, side),
                    "cards_seen": simulation.fmt.opening_hand.size + simulation.draws(turn, side),
                }
                if not exact:
                    cell["se"] = estimate.se
                turns[str(turn)] = cell
            entry[side] = turns
        table[card.name] = entry
    return table


def to_dict(simulation: Simulation) -> dict[str, Any]:
    outcome = simulation.outcome
    hand = simulation.fmt.opening_hand
    exact = outcome.mode == "exact"
    keep = {str(size): estimate.value for size, estimate in outcome.keep.items()}
    lands = {str(count): estimate.value for count, estimate in outcome.lands.items()}
    errors = None
    if not exact:
        errors = {
            "keep": {str(size): estimate.se for size, estimate in outcome.keep.items()},
            "mulligan": outcome.mulligan.se,
            "expected_hand_size": outcome.expected_hand_size.se,
            "lands_in_kept_hand": {str(count): estimate.se for count, estimate in outcome.lands.items()},
            "expected_lands_in_kept_hand": outcome.expected_lands.se,
        }
    return {
        "deckcheck": "1",
        "deck": simulation.deck.source,
        "format": simulation.fmt.id,
        "mode": outcome.mode,
        "hands": outcome.hands,
        "seed": outcome.seed,
        "opening_hand": {
            "size": hand.size, "mulligan": hand.mulligan, "free_mulligan": hand.free_mulligan,
            "first_player_draws": hand.first_player_draws,
        },
        "deck_size": simulation.profile.size,
        "lands_in_deck": simulation.profile.lands,
        "policy": _policy_lines(simulation),
        "keep": keep,
        "mulligan": outcome.mulligan.value,
        "mulligans": {str(count): estimate.value for count, estimate in outcome.mulligans.items()},
        "expected_hand_size": outcome.expected_hand_size.value,
        "lands_in_kept_hand": lands,
        "expected_lands_in_kept_hand": outcome.expected_lands.value,
        "on": simulation.on,
        "turns": simulation.turns,
        "by_turn": _by_turn(simulation),
        "standard_errors": errors,
        "assertions": [result.to_dict() for result in simulation.assertions],
        "passed": simulation.passed,
        "warnings": list(simulation.warnings),
    } | _extras(simulation)


def _extras(simulation: Simulation) -> dict[str, Any]:
    """Keys that appear only when asked for, so older reports stay as they were."""
    out: dict[str, Any] = {}
    policy = simulation.policy
    if policy.bottoming.name != "default" or policy.scry.name != "default":
        out["strategies"] = {"bottom": policy.bottoming.label, "scry": policy.scry.label}
    if simulation.castable:
        exact = simulation.outcome.mode == "exact"
        out["castable"] = {
            answer.question.name: answer.to_dict(simulation.on, exact) for answer in simulation.castable.values()
        }
    return out


def outcomes(simulation: Simulation) -> list[AssertionOutcome]:
    """The assertions of a simulation as the CI reports (`-o junit|github|sarif`) take them."""
    found = []
    for result in simulation.assertions:
        values = _values_text(result)
        if result.within_margin:
            values += " (held within 3 standard errors)"
        found.append(AssertionOutcome(
            deck=simulation.deck.source, format=simulation.fmt.id, assertion=result.text, passed=result.passed,
            message=values or ("holds" if result.passed else "does not hold"),
            values={name: estimate.value for name, estimate in result.values.items()},
        ))
    return found


def render_json(simulation: Simulation) -> str:
    import json

    return json.dumps(to_dict(simulation), indent=2, ensure_ascii=False) + "\n"


# ---------------------------------------------------------------- text


def bar(fraction: float, *, width: int = BAR_WIDTH, unicode: bool = True) -> str:
    fraction = min(max(fraction, 0.0), 1.0)
    if not unicode:
        return "#" * round(fraction * width)
    eighths = round(fraction * width * 8)
    full, part = divmod(eighths, 8)
    return "█" * full + (_BLOCKS[part] if part else "")


def _percent(estimate: Estimate, exact: bool) -> str:
    text = f"{estimate.value * 100:6.2f}%"
    if not exact and estimate.se is not None:
        text += f" ±{estimate.se * 100:.2f}"
    return text


def _command_zone(simulation: Simulation) -> str:
    """` (Atraxa, Praetors' Voice in the command zone)`: the cards the library's count leaves
    out because they start in the command zone (a Commander deck's 99 beside its commander),
    or nothing for a deck without one."""
    names = list(dict.fromkeys(entry.name for entry in simulation.deck.entries if entry.zone == COMMANDER))
    return f" ({inert(listed(card_names(names), 'and'))} in the command zone)" if names else ""


def render_text(simulation: Simulation, *, color: bool = False, unicode: bool = True, shown: Shown = as_is) -> str:
    """The simulation for people; its tables measure their cells as `shown` shows them
    (report/style.py: a legacy terminal's `+/-` for `±`)."""
    outcome = simulation.outcome
    exact = outcome.mode == "exact"
    hand = simulation.fmt.opening_hand
    profile = simulation.profile
    # No free mulligan where there is no mulligan (a format file may say both: the hand is kept).
    free = hand.free_mulligan and hand.has_mulligans
    rule_name = MULLIGAN_LABELS.get(hand.mulligan, hand.mulligan) + (" (free first mulligan)" if free else "")
    lands = f", {profile.lands} lands" if simulation.has_lands else ""
    lines = [
        paint(f"{inert(simulation.deck.source)} - {simulation.fmt.id}", "bold", color=color),
        f"  {profile.size} cards{lands}{_command_zone(simulation)}; opening hand {hand.size}, {rule_name}",
        "  exact (multivariate hypergeometric)" if exact else
        f"  Monte Carlo: {outcome.hands:,} hands, seed {outcome.seed} (± is one standard error)",
    ]
    if hand.has_mulligans or not simulation.policy.default:
        # A format without mulligans (Yu-Gi-Oh!) keeps every hand: the default policy's "keep
        # any hand" says nothing the heading's "no mulligans" did not; a user's rule is
        # shown, saying that no hand is judged by it.
        lines += ["", "Keep policy" + (" (default)" if simulation.policy.default else "")]
        if not hand.has_mulligans:
            # The user's rule for the opening hand (load_policy requires one), not the "keep
            # any hand" the schedule holds: they asked for it, and hear that it judges nothing.
            rule = simulation.policy.rule_for(hand.size)
            text = rule.text if rule is not None else "keep any hand"
            lines.append(f"  {hand.size:>2} cards  {inert(text)}  (not applied: {rule_name}, every hand is kept)")
        else:
            for size, text in _policy_lines(simulation).items():
                if size == FREE:
                    lines.append(f"  {hand.size:>2} cards  {inert(text)}  (the hand before the free mulligan)")
                else:
                    lines.append(f"  {size:>2} {'card ' if size == '1' else 'cards'}  {inert(text)}")  # column kept
    if hand.has_mulligans:  # else every hand is kept at its size: "5 100.00%", "mulligan at least once 0.00%"
        lines += ["", "Kept hand size"]
        for size, estimate in outcome.keep.items():
            lines.append(f"  {size:>2}  {_percent(estimate, exact)}  {bar(estimate.value, unicode=unicode)}")
        lines.append(
            f"  expected {outcome.expected_hand_size.value:.3f} cards; mulligan at least once {outcome.mulligan.value * 100:.2f}%"
        )
    if simulation.has_lands:
        lines += ["", "Lands in the kept hand"]
        for count, estimate in outcome.lands.items():
            lines.append(f"  {count:>2}  {_percent(estimate, exact)}  {bar(estimate.value, unicode=unicode)}")
        lines.append(f"  expected {outcome.expected_lands.value:.3f} lands")
    lines += _by_turn_lines(simulation, shown)
    lines += _castable_lines(simulation, shown)
    lines += _assertion_lines(simulation, exact, color)
    for warning in simulation.warnings:
        lines.append(paint(f"note: {inert(warning)}", "yellow", color=color))
    return "\n".join(line.rstrip() for line in lines) + "\n"


_MAX_ROWS = 15


def _by_turn_lines(simulation: Simulation, shown: Shown) -> list[str]:
    """The by-turn table, made to fit TEXT_WIDTH columns at the default three turns: each
    turn's cell `40.55 (39.95)` in percent (the heading says so), the `copies` column one
    blank from the names (its numbers stand right, well clear of them), and a name too long
    for what is left carried on under its row, broken between words: nothing is cut."""
    if not simulation.tracked:
        return []
    side = simulation.on
    turns = range(1, simulation.turns + 1)
    shown_cards = simulation.tracked[:_MAX_ROWS]
    names = [cell(simulation.profile.cards[i].name, shown) for i in shown_cards]
    values = {
        (index, turn): (f"{simulation.by_turn(index, turn, side).value * 100:.2f}", f"{simulation.plain(index, turn, side) * 100:.2f}")
        for index in shown_cards for turn in turns
    }
    # Without mulligans (Yu-Gi-Oh!) every first hand is kept: its exact chances are the
    # plain hypergeometric ones, said once in the heading rather than again in brackets.
    plain = simulation.fmt.opening_hand.has_mulligans or simulation.outcome.mode != "exact"
    # One width for every chance and one for every hypergeometric, so the decimal points of
    # a column stand under each other.
    p_width = widest(p for p, _ in values.values())
    plain_width = widest(hypergeometric for _, hypergeometric in values.values())
    cell_width = max(p_width + (plain_width + 3 if plain else 0), len(f"turn {simulation.turns}"))
    fixed = 2 + 1 + 6 + len(turns) * (2 + cell_width)
    # A name is broken between words to fit what the cells leave, but no narrower than 12
    # columns (more turns than fit: the rows are wider, not the names one word a line) nor
    # than its widest word (kept whole, so the copies stay under their heading).
    width = _name_width(names, fixed)
    if simulation.fmt.opening_hand.has_mulligans:
        legend = "in brackets: without mulligans"
    else:
        legend = "plain hypergeometric in brackets" if plain else "no mulligans: hypergeometric"
    hand = simulation.fmt.opening_hand
    lines = ["", f"At least one copy by turn, {side_name(simulation.fmt.game, side, hand.first_player_draws)}, in % ({legend})"]
    if sides_alike(simulation.fmt.game, hand.first_player_draws):
        lines.append(f"  {EVERY_SIDE_DRAWS_WHY} (CR 103.8c)")
    if simulation.outcome.mode != "exact":
        # Sampled chances: how far they may be off, said once (a ± in every cell would not
        # fit), so the page heading's "± is one standard error" holds here too.
        largest = max(simulation.by_turn(index, turn, side).se or 0.0 for index in shown_cards for turn in turns)
        lines.append(f"  each chance ± at most {largest * 100:.2f} (one standard error)")
    lines.append(f"  {pad('card', width)} copies" + "".join(f"  {pad('turn ' + str(t), cell_width)}" for t in turns))
    for index, name in zip(shown_cards, names):
        first, *rest = name_lines(name, width)
        copies = str(simulation.profile.cards[index].copies)
        cells = [pad(p, p_width, right=True) + (f" ({pad(hypergeometric, plain_width, right=True)})" if plain else "")
                 for p, hypergeometric in (values[index, turn] for turn in turns)]
        lines.append(f"  {pad(first, width)} {pad(copies, 6, right=True)}" + "".join(f"  {pad(text, cell_width)}" for text in cells))
        lines += [f"    {part}" for part in rest]
    hidden = len(simulation.tracked) - _MAX_ROWS
    if hidden > 0:
        lines.append(f"  ... and {counted(hidden, 'more card')} (-o json lists them all)")
    return lines


_MIN_NAME = 12  # the narrowest a table's name column is made: a word a line reads badly


def _name_width(names: list[str], fixed: int) -> int:
    """A table's name column: as wide as its widest name, else what the `fixed` columns
    leave of TEXT_WIDTH, but no narrower than _MIN_NAME nor than the widest word (or piece
    of a Chinese or Japanese word: report/style.word_pieces)."""
    word = widest(piece for name in names for face in face_words(name) for word in face for piece in word_pieces(word))
    return min(widest(names, _MIN_NAME), max(TEXT_WIDTH - fixed, _MIN_NAME, word))


def _castable_lines(simulation: Simulation, shown: Shown) -> list[str]:
    """The castable-on-curve table, made to fit TEXT_WIDTH columns at the defaults: each
    side's chance and chance given the land drops in percent (the heading says so), a
    sampled run's standard errors on a line of their own under them (`±0.52`), and a name
    too long for what is left carried on under its row, broken between words: nothing is cut.
    Where the sources (four colors, two digits each, or hybrid pairs) and then a long cost
    leave a name less than 12 columns, they go on a line under the row (`sources: ...`)."""
    if not simulation.castable:
        return []
    answers = list(simulation.castable.values())
    names = [cell(a.question.name, shown) for a in answers]
    costs = [cell(a.question.cost.text, shown) for a in answers]
    cost_width = widest(costs, 4)
    # Every column as wide as its widest cell: four colors of sources would push a row past
    # its headings.
    sources = [" ".join(f"{kind} {count}" for kind, count in a.sources.items()) or "-" for a in answers]
    estimates = [[estimate for side in SIDES for estimate in a.sides[side]] for a in answers]
    values = [[f"{estimate.value * 100:.2f}" for estimate in row] for row in estimates]
    errors = [[cell(f"±{estimate.se * 100:.2f}", shown) if estimate.se is not None else "" for estimate in row]
              for row in estimates]
    source_width = widest(sources, 7)
    value_width = widest([text for row in values + errors for text in row], 5)
    headings = [heading for side in SIDES for heading in (side, "given")]
    fixed = 2 + 2 + cost_width + 2 + 4 + 2 + source_width + len(headings) * (2 + value_width)
    # A row that leaves a name less than 12 columns would pass TEXT_WIDTH (Atraxa, Grand
    # Unifier's `W 10 U 12 B 12 G 10`, Leyline of the Guildpact's four hybrid pairs): the
    # sources, then the cost, go on a line of their own under the row instead.
    sources_under = fixed + _MIN_NAME > TEXT_WIDTH
    if sources_under:
        fixed -= 2 + source_width
    cost_under = sources_under and fixed + _MIN_NAME > TEXT_WIDTH
    if cost_under:
        fixed -= 2 + cost_width
    # Names are broken between words to fit what the other columns leave, no narrower than
    # 12 columns nor than their widest word (kept whole, so the columns stay under their headings).
    width = _name_width(names, fixed)
    lines = [
        "",
        "Castable on curve, in % (mulligans included)",
        "  given: the chance given the land drops (Karsten's measure)",
        # Equal columns would read as a fault: say why (CR 103.8c).
        *([f"  play and draw alike: {EVERY_SIDE_DRAWS_WHY}"]
          if sides_alike(simulation.fmt.game, simulation.fmt.opening_hand.first_player_draws) else []),
        f"  {pad('card', width)}" + ("" if cost_under else f"  {pad('cost', cost_width)}") + "  turn"
        + ("" if sources_under else f"  {pad('sources', source_width)}")
        + "".join(f"  {pad(heading, value_width, right=True)}" for heading in headings),
    ]
    for answer, name, cost, made, row, row_errors in zip(answers, names, costs, sources, values, errors):
        first, *rest = name_lines(name, width)
        lines.append(
            f"  {pad(first, width)}" + ("" if cost_under else f"  {pad(cost, cost_width)}")
            + f"  {pad(str(answer.question.turn), 4, right=True)}" + ("" if sources_under else f"  {pad(made, source_width)}")
            + "".join(f"  {pad(text, value_width, right=True)}" for text in row)
        )
        more = [f"    {part}" for part in rest]
        under = ([f"cost: {cost}"] if cost_under else []) + ([f"sources: {made}"] if sources_under else [])
        if any(row_errors):
            # The standard errors under their values, beside the name's next line if it has one.
            beside = more.pop(0) if more else ""
            lines.append(pad(beside, fixed - len(headings) * (2 + value_width) + width)
                         + "".join(f"  {pad(text, value_width, right=True)}" for text in row_errors))
        lines += more
        if under:
            lines.append(f"    {'; '.join(under)}")
    return lines


def _assertion_lines(simulation: Simulation, exact: bool, color: bool) -> list[str]:
    if not simulation.assertions:
        return []
    header = "Assertions"
    # An exact run whose assertion reads a sampled event (past MAX_EXACT_EVENT_WORK) is
    # judged with the Monte Carlo margin too, and says so.
    if not exact or any(result.tolerance_used for result in simulation.assertions):
        header += " (Monte Carlo: a bound fails only when missed by more than 3 standard errors)"
    return ["", header, *(f"  {assertion_line(result, color=color)}" for result in simulation.assertions)]


def _values_text(result: AssertionResult) -> str:
    """`keep7 = 0.8439`, each value the assertion read (with the digits that tell it from
    its bounds, AssertionResult.shown), with its standard error when it was judged as sampled."""
    return ", ".join(
        f"{name} = {result.shown(estimate.value)}" + ("" if not result.tolerance_used or not estimate.se else f" ± {estimate.se:.4f}")
        for name, estimate in result.values.items()
    )


def assertion_line(result: AssertionResult, *, color: bool = False) -> str:
    """One assertion's result as the text report words it: `FAIL  keep7 >= 0.9   [keep7 = 0.8439]`,
    with standard errors when it was judged as sampled (also what run_simulate prints on
    stderr for outputs that do not show assertions)."""
    status = paint("PASS", "green", color=color) if result.passed else paint("FAIL", "red", color=color)
    values = _values_text(result)
    note = " (within 3 standard errors)" if result.within_margin else ""
    return f"{status}  {inert(result.text)}   [{inert(values)}]{note}"
