"""CI assertions on a simulation: `--assert "keep7 >= 0.85"`.

Same expression language as keep rules, with these names:

    keep7, keep6, ...          P(the kept hand has 7, 6, ... cards)
    mulligan                   P(at least one mulligan)
    expected_hand_size         mean size of the kept hand
    expected_lands             mean number of lands in the kept hand
    p_by_turn("Card", T)       P(at least one copy by turn T, mulligans included;
    p_by_turn("Card", T, k)      at least k copies), on the side chosen with --on
    p_by_turn(lands, T, k)     the same for a category (lands, spells, cards) or a tag
    p_by_turn(COND, T)         P(a keep-rule condition holds on the cards seen by turn T):
                                 p_by_turn(count(starter) >= 1 and count(extender) >= 1, 1)
    land_drops(T)              P(a land to play on every turn 1..T)
    castable("Card")           P(castable on curve), and Karsten's measure conditional on
    castable_given_land_drops("Card")   the land drops (see cast.py)

In Monte Carlo mode every estimate carries a standard error, and a comparison is only
failed when the bound is missed by more than 3 standard errors, so a CI job does not
flicker on sampling noise; the report says when an assertion held only thanks to that
margin. The standard error is that of the difference of the two sides, computed from the
games themselves: every statistic knows each game's influence on it (outcome.Estimate),
an expression combines them game by game (linearised for * and /), so `keep7 + keep6`
gets the error of the share of games that kept 7 or 6 cards, not the two errors added
(which ignores that a game keeps 7 or 6, never both). A statistic without per-game values
falls back to the errors added, the safe bound. Exact mode compares exactly.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from fractions import Fraction
from math import isfinite
from operator import add, eq, ge, gt, le, lt, mul, ne, sub, truediv
from typing import Any
from dataclasses import dataclass, field

from ..errors import DeckcheckError
from ..limits import check_turns
from .expr import CARD, EVENT, INTEGER, Arith, Boolean, Call, Compare, Function, Logic, Name, Node, Not, Number, String, Vocabulary, parse, walk
from .nodes import arithmetic, to_text, with_strings
from .outcome import Estimate, linear
from .policy import BUILTIN_CATEGORIES, vocabulary as rule_vocabulary
from .tokens import fraction

SIGMAS = 3.0
CAST_FUNCTIONS = ("castable", "castable_given_land_drops")
_FUNCTIONS = {
    "p_by_turn": Function(
        (EVENT, INTEGER, INTEGER), 2,
        'a card name in quotes, a turn, and optionally a number of copies: p_by_turn("Card", 3); '
        "or a category or tag (p_by_turn(lands, 4, 4)), or a condition (p_by_turn(count(a) >= 1 and count(b) >= 1, 2))",
    ),
    "land_drops": Function((INTEGER,), 1, "a turn: land_drops(4)"),
    **{name: Function((CARD,), 1, f'a card name in quotes: {name}("Wrath of God")') for name in CAST_FUNCTIONS},
}


def vocabulary(tags: Iterable[str] = ()) -> Vocabulary:
    """The assertion language; `tags` are the policy file's, for p_by_turn."""
    tags = frozenset(tags)
    return Vocabulary(
        what="assertion",
        variables=frozenset({"mulligan", "expected_hand_size", "expected_lands"}),
        functions=_FUNCTIONS,
        categories=frozenset(BUILTIN_CATEGORIES) | tags,
        hint_categories=", ".join([*BUILTIN_CATEGORIES, *sorted(tags)]),
        variable_pattern=re.compile(r"keep\d+"),
        variable_stem="keep",
        extra={"keep": "; name the hand size: keep7", "mulligans": "; did you mean 'mulligan'?"},
        nested=rule_vocabulary(tags),
        probabilities=True,
    )


VOCABULARY = vocabulary()


@dataclass(frozen=True)
class Assertion:
    text: str
    node: Node

    def named_by(self, namer: Callable[[str], str]) -> Assertion:
        """The assertion with each card it counts as `namer` says (categories.card_namer);
        its text as the user wrote it. A spell castable() asks about stays as written: the
        castability question reads it, a face of a card by its own name (cast.cast_question)."""
        node = with_strings(self.node, namer, keep=CAST_FUNCTIONS)
        return self if node is self.node else Assertion(text=self.text, node=node)

    @property
    def by_turn(self) -> list[tuple[str, int, int]]:
        """(card, turn, copies) of every p_by_turn of one card the assertion uses."""
        found = []
        for node in walk(self.node):
            if isinstance(node, Call) and node.name == "p_by_turn" and isinstance(node.args[0], String):
                card = node.args[0]
                turn = node.args[1]
                copies = node.args[2] if len(node.args) > 2 else None
                found.append((card.value, int(turn.value), int(copies.value) if copies else 1))  # type: ignore[attr-defined]
        return found

    @property
    def counted(self) -> list[str]:
        """Card names the assertion's conditions count (`p_by_turn(count("Card") >= 1, 2)`),
        as written, each once."""
        found: dict[str, None] = {}
        for node in walk(self.node):
            if isinstance(node, Call) and node.name == "count" and isinstance(node.args[0], String):
                found.setdefault(node.args[0].value)
        return list(found)

    @property
    def events(self) -> list[Call]:
        """p_by_turn of a category or condition, and land_drops: computed as events."""
        return [
            node for node in walk(self.node)
            if isinstance(node, Call) and (node.name == "land_drops" or (node.name == "p_by_turn" and not isinstance(node.args[0], String)))
        ]

    @property
    def casts(self) -> list[str]:
        """Cards whose castability the assertion asks for."""
        return [node.args[0].value for node in walk(self.node) if isinstance(node, Call) and node.name in CAST_FUNCTIONS]  # type: ignore[attr-defined]

    @property
    def max_turn(self) -> int:
        turns = [int(node.args[turn_at(node)].value) for node in walk(self.node) if isinstance(node, Call) and node.name in ("p_by_turn", "land_drops")]  # type: ignore[attr-defined]
        return max(turns, default=1)


def turn_at(call: Call) -> int:
    """The argument index of a by-turn function's turn."""
    return 0 if call.name == "land_drops" else 1


def parse_assertion(text: str, tags: Iterable[str] = (), *, origin: str = "assertion") -> Assertion:
    """The assertion `text`; its errors name `origin` (the caller's word for where the user
    wrote it: `--assert`; empty when the caller names the place itself) and the column."""
    node = parse(text, vocabulary(tags), origin=origin)
    lead = f"{origin}: " if origin else ""
    for item in walk(node):
        if not isinstance(item, Call) or item.name not in ("p_by_turn", "land_drops"):
            continue
        turn = item.args[turn_at(item)]
        where = f"{lead}column {turn.column} in {text[:80]!r}"
        check_turns(int(turn.value), f"{where}: turn", too_early=f"{where}: turns start at 1")  # type: ignore[attr-defined]
        if item.name == "p_by_turn" and len(item.args) > 2 and item.args[0].kind == "condition":
            raise DeckcheckError(
                f"{lead}column {item.args[2].column} in {text!r}: a number of copies goes with a card or a category, "
                "not with a condition (write the count into the condition)"
            )
        if item.name == "p_by_turn" and len(item.args) > 2 and item.args[2].value < 1:  # type: ignore[attr-defined]
            # As a turn of 0: the event holds in every deal, so any bound up to 1 passes.
            raise DeckcheckError(f"{lead}column {item.args[2].column} in {text!r}: copies start at 1: "
                                 "at least 0 copies are seen in every deal")
    _refuse_decided_bounds(node, text, lead)
    return Assertion(text=text, node=node)


# The statistics that are probabilities (keep7, keep6, ... match `keep` and a hand size).
_ODDS_NAMES = frozenset({"mulligan"})
_ODDS_FUNCTIONS = frozenset({"p_by_turn", "land_drops", *CAST_FUNCTIONS})
_KEEP_SIZE = re.compile(r"keep\d+")
# `op` with its sides swapped: `0.8 <= keep7` is `keep7 >= 0.8`.
_MIRRORED = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}


def _is_odds(node: Node) -> bool:
    if isinstance(node, Call):
        return node.name in _ODDS_FUNCTIONS
    return isinstance(node, Name) and (node.name in _ODDS_NAMES or bool(_KEEP_SIZE.fullmatch(node.name)))


def _refuse_decided_bounds(node: Node, text: str, lead: str) -> None:
    """A DeckcheckError for a probability compared with a number outside 0..1, which the
    comparison decides before any game is played: `mulligan <= 15` (15% meant) held for
    every deck, a CI gate that could never fail, and `keep7 >= 85` failed for every one."""
    for item in walk(node):
        if not isinstance(item, Compare):
            continue
        for index, op in enumerate(item.ops):
            left, right = item.operands[index], item.operands[index + 1]
            if _is_odds(left) and isinstance(right, Number):
                statistic, bound = left, right
            elif _is_odds(right) and isinstance(left, Number):
                statistic, bound, op = right, left, _MIRRORED[op]
            else:
                continue
            value = bound.value
            if 0 <= value <= 1:
                continue
            holds = {">": value < 0, ">=": value < 0, "<": value > 1, "<=": value > 1, "==": False, "!=": True}[op]
            # A bound up to 100 is most likely a percentage written without its sign.
            hint = f"; for {value:g}% write {fraction(str(value))}" if 1 < value <= 100 else ""
            raise DeckcheckError(
                f"{lead}column {bound.column} in {text!r}: {to_text(statistic)} is a probability from 0 to 1, so this "
                f"comparison {'holds' if holds else 'fails'} whatever the deck{hint}"
            )


@dataclass(frozen=True)
class Comparison:
    """One comparison of an assertion, Monte Carlo: `left - right` and its standard error
    (`sampled`: computed from the games, else the sides' errors added)."""

    left: str
    op: str
    right: str
    difference: float
    standard_error: float
    sampled: bool

    def to_dict(self) -> dict[str, object]:
        return {
            "left": self.left, "op": self.op, "right": self.right, "difference": _json_number(self.difference),
            "standard_error": _json_number(self.standard_error), "from_games": self.sampled,
        }


def _json_number(value: float) -> float | None:
    """`value`, or None (JSON null) for one JSON cannot write: a side that divides by 0 is
    infinite or not a number, and `Infinity` or `NaN` made the whole report unreadable to a
    strict parser. JSON.stringify writes them null too."""
    return value if isfinite(value) else None


# Decimals past which a value shown tells nothing more (a double holds 15-17 significant digits).
_MOST_DIGITS = 15


@dataclass
class AssertionResult:
    text: str
    passed: bool
    values: dict[str, Estimate] = field(default_factory=dict)
    within_margin: bool = False  # held only because of the 3-standard-error margin
    tolerance_used: bool = False
    comparisons: list[Comparison] = field(default_factory=list)
    numbers: tuple[float, ...] = ()  # the numbers the assertion's text gives (bounds, turns)
    digits: int = 4  # the fewest decimals whose values compare as the true ones (_telling_digits)

    def shown(self, value: float) -> str:
        """`value` with four decimals (or `digits`), or as many more as it takes to tell it
        apart from each number and other value it was compared with: `keep7 >= 0.6056`
        fails on 0.605588..., which four decimals show as the bound itself."""
        others = [*self.numbers, *(estimate.value for estimate in self.values.values())]
        for digits in range(self.digits, _MOST_DIGITS + 1):
            text = f"{value:.{digits}f}"
            if all(other == value or f"{other:.{digits}f}" != text for other in others if isfinite(other)):
                return text
        return repr(value)

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "assertion": self.text,
            "passed": self.passed,
            "values": {name: estimate.value for name, estimate in self.values.items()},
        }
        if self.tolerance_used:
            out["standard_errors"] = {name: estimate.se for name, estimate in self.values.items()}
            out["margin"] = f"fails only when missed by more than {SIGMAS:g} standard errors"
            out["within_margin"] = self.within_margin
            out["comparisons"] = [comparison.to_dict() for comparison in self.comparisons]
        return out


Lookup = Callable[[Node], Estimate]


def check(assertion: Assertion, lookup: Lookup, *, monte_carlo: bool) -> AssertionResult:
    """Evaluate an assertion; `lookup` gives the estimate of a statistic node. Judged with
    the Monte Carlo margin when the run is sampled (`monte_carlo`) or one of its statistics
    is (an exact run samples an event past the exact work limit)."""
    values: dict[str, Estimate] = {}
    comparisons: dict[tuple[str, str, str], Comparison] = {}

    def value(node: Node) -> Estimate:
        if isinstance(node, Number):
            return Estimate(float(node.value), 0.0)
        if isinstance(node, Arith):
            return combine(node.op, value(node.left), value(node.right))
        estimate = lookup(node)
        values[_label(node)] = estimate
        return estimate

    def truth(node: Node, lenient: bool, margin: float) -> bool:
        if isinstance(node, Boolean):
            return node.value
        if isinstance(node, Not):
            return not truth(node.operand, not lenient, margin)
        if isinstance(node, Logic):
            results = [truth(operand, lenient, margin) for operand in node.operands]
            return all(results) if node.op == "and" else any(results)
        assert isinstance(node, Compare)
        operands = [value(operand) for operand in node.operands]
        results = []
        for index, op in enumerate(node.ops):
            left, right = operands[index], operands[index + 1]
            difference = combine("-", left, right)
            label = (to_text(node.operands[index]), op, to_text(node.operands[index + 1]))
            comparisons.setdefault(label, Comparison(
                *label, difference=difference.value, standard_error=difference.se or 0.0,
                sampled=difference.influence is not None,
            ))
            results.append(_compare(op, left.value, right.value, difference.se or 0.0, lenient, margin))
        return all(results)

    # Judged on the estimates first: that reads every statistic (truth never stops early),
    # so `values` then says whether one of them was sampled (a standard error).
    on_estimate = truth(assertion.node, True, 0.0)
    monte_carlo = monte_carlo or any(estimate.se is not None for estimate in values.values())
    passed = truth(assertion.node, True, SIGMAS) if monte_carlo else on_estimate
    return AssertionResult(
        text=assertion.text,
        passed=passed,
        numbers=tuple(float(node.value) for node in walk(assertion.node) if isinstance(node, Number)),
        values=values,
        digits=_telling_digits(assertion.node, {name: estimate.value for name, estimate in values.items()}),
        within_margin=passed and not on_estimate,
        tolerance_used=monte_carlo,
        comparisons=list(comparisons.values()) if monte_carlo else [],
    )


def _telling_digits(node: Node, values: dict[str, float]) -> int:
    """The fewest decimals (from four) with which every comparison of the assertion, its
    values read as shown, comes out as it does on the values themselves. A value compared
    through arithmetic is told apart by the side it makes, not by itself: `keep7 + keep6 >=
    0.977595` failed on 0.84390169 + 0.13369008, which four decimals show as 0.8439 +
    0.1337 = 0.9776, a pass."""
    comparisons = list(_comparisons(node))

    def side(operand: Node, digits: int | None) -> float | Fraction:
        # The shown values are added up as a reader adds them, exactly (0.7487 + 0.1881 +
        # 0.0601 + 0.0031 is 1, not a float a hair below it); x / 0 as floating point has it.
        if isinstance(operand, Number):
            return float(operand.value) if digits is None else Fraction(str(operand.value))
        if isinstance(operand, Arith):
            left, right = side(operand.left, digits), side(operand.right, digits)
            if digits is None or (operand.op == "/" and right == 0):
                return float(arithmetic(operand.op, float(left), float(right)))
            return _EXACT_OPS[operand.op](left, right)
        value = values[_label(operand)]
        if digits is None:
            return value
        return Fraction(f"{value:.{digits}f}") if isfinite(value) else value

    def outcome(op: str, a: float | Fraction, b: float | Fraction, digits: int | None) -> bool:
        if digits is None:
            return _compare(op, a, b, 0.0, True, 0.0)  # type: ignore[arg-type]
        # _compare's slack of 0.0 would turn the shown values back into floats.
        return a == a and b == b and _EXACT_COMPARE[op](a, b)

    def outcomes(digits: int | None) -> list[bool]:
        return [
            outcome(op, side(compare.operands[index], digits), side(compare.operands[index + 1], digits), digits)
            for compare in comparisons for index, op in enumerate(compare.ops)
        ]

    truth = outcomes(None)
    return next((digits for digits in range(4, _MOST_DIGITS) if outcomes(digits) == truth), _MOST_DIGITS)


_EXACT_OPS: dict[str, Callable[[Any, Any], Any]] = {"+": add, "-": sub, "*": mul, "/": truediv}
_EXACT_COMPARE: dict[str, Callable[[Any, Any], bool]] = {"<": lt, "<=": le, ">": gt, ">=": ge, "==": eq, "!=": ne}


def _comparisons(node: Node) -> Iterable[Compare]:
    """The assertion's own comparisons, not those of a condition inside p_by_turn(...)."""
    if isinstance(node, Compare):
        yield node
    elif isinstance(node, Logic):
        for operand in node.operands:
            yield from _comparisons(operand)
    elif isinstance(node, Not):
        yield from _comparisons(node.operand)


def _exact(estimate: Estimate) -> bool:
    return not estimate.se and estimate.influence is None


def combine(op: str, left: Estimate, right: Estimate) -> Estimate:
    """`left op right` with a standard error: from each game's influence when both sides
    have one (or are exact), linearised (the delta method) for * and /; else the sides'
    errors added (relative errors for * and /), the safe bound for correlated estimates."""
    combined = float(arithmetic(op, left.value, right.value))
    if not isfinite(combined):
        return Estimate(combined, 0.0)
    # d(left op right) / d(left) and / d(right).
    slopes = {"+": (1.0, 1.0), "-": (1.0, -1.0), "*": (right.value, left.value)}.get(op) or (
        1.0 / right.value, -combined / right.value,
    )
    sampled = left.influence is not None or right.influence is not None
    if sampled and (left.influence is not None or _exact(left)) and (right.influence is not None or _exact(right)):
        influence = linear([(slope, estimate.influence) for slope, estimate in zip(slopes, (left, right))
                            if estimate.influence is not None])
        return Estimate(combined, influence.standard_error(), influence)
    a, b = left.se or 0.0, right.se or 0.0
    return Estimate(combined, abs(slopes[0]) * a + abs(slopes[1]) * b)


def _compare(op: str, a: float, b: float, se: float, lenient: bool, sigmas: float) -> bool:
    """Compare two values, giving (lenient) or taking (strict) `sigmas` standard errors of
    their difference. A NaN side (0 / 0) fails every comparison, `!=` too (docs/engine.md),
    judged leniently or strictly: else an assertion and its negation both held."""
    if a != a or b != b:
        return False
    slack = sigmas * se
    if not lenient:
        slack = -slack
    if op in (">=", ">"):
        return a + slack >= b if op == ">=" or slack > 0 else a + slack > b
    if op in ("<=", "<"):
        return a - slack <= b if op == "<=" or slack > 0 else a - slack < b
    if op == "==":
        return abs(a - b) <= slack if lenient else (slack == 0 and a == b)
    return abs(a - b) > -slack if not lenient else (a != b or slack > 0)


def _label(node: Node) -> str:
    return to_text(node)
