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
failed when the bound is missed by more than 3 standard errors (of both sides, added),
so a CI job does not flicker on sampling noise; the report says when an assertion held
only thanks to that margin. Exact mode compares exactly.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from math import isfinite
from dataclasses import dataclass, field

from ..errors import DeckcheckError
from .expr import CARD, EVENT, INTEGER, Arith, Boolean, Call, Compare, Function, Logic, Node, Not, Number, String, Vocabulary, parse, walk
from .nodes import arithmetic, to_text
from .outcome import Estimate
from .policy import BUILTIN_CATEGORIES, vocabulary as rule_vocabulary

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
        extra={"keep": "; name the hand size: keep7", "mulligans": "; did you mean 'mulligan'?"},
        nested=rule_vocabulary(tags),
    )


VOCABULARY = vocabulary()


@dataclass(frozen=True)
class Assertion:
    text: str
    node: Node

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


def parse_assertion(text: str, tags: Iterable[str] = ()) -> Assertion:
    node = parse(text, vocabulary(tags), origin="--assert")
    for item in walk(node):
        if not isinstance(item, Call) or item.name not in ("p_by_turn", "land_drops"):
            continue
        turn = item.args[turn_at(item)]
        if int(turn.value) < 1:  # type: ignore[attr-defined]
            raise DeckcheckError(f"--assert: column {turn.column} in {text!r}: turns start at 1")
        if item.name == "p_by_turn" and len(item.args) > 2 and item.args[0].kind == "condition":
            raise DeckcheckError(
                f"--assert: column {item.args[2].column} in {text!r}: a number of copies goes with a card or a category, "
                "not with a condition (write the count into the condition)"
            )
    return Assertion(text=text, node=node)


@dataclass
class AssertionResult:
    text: str
    passed: bool
    values: dict[str, Estimate] = field(default_factory=dict)
    within_margin: bool = False  # held only because of the 3-standard-error margin
    tolerance_used: bool = False

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
        return out


Lookup = Callable[[Node], Estimate]


def check(assertion: Assertion, lookup: Lookup, *, monte_carlo: bool) -> AssertionResult:
    """Evaluate an assertion; `lookup` gives the estimate of a statistic node."""
    values: dict[str, Estimate] = {}

    def value(node: Node) -> Estimate:
        if isinstance(node, Number):
            return Estimate(float(node.value), 0.0)
        if isinstance(node, Arith):
            left, right = value(node.left), value(node.right)
            combined = float(arithmetic(node.op, left.value, right.value))
            return Estimate(combined, _combined_error(node.op, left, right, combined))
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
        return all(
            _compare(op, operands[i], operands[i + 1], lenient, margin) for i, op in enumerate(node.ops)
        )

    margin = SIGMAS if monte_carlo else 0.0
    passed = truth(assertion.node, True, margin)
    on_estimate = truth(assertion.node, True, 0.0)
    return AssertionResult(
        text=assertion.text,
        passed=passed,
        values=values,
        within_margin=passed and not on_estimate,
        tolerance_used=monte_carlo,
    )


def _combined_error(op: str, left: Estimate, right: Estimate, combined: float) -> float:
    """A standard error for `left op right`. Estimates share hands, so their errors may
    correlate: adding them (relative errors for * and /) is the safe bound."""
    a, b = left.se or 0.0, right.se or 0.0
    if op in "+-":
        return a + b
    if not isfinite(combined):
        return 0.0
    if op == "*":
        return abs(left.value) * b + abs(right.value) * a
    return (a + abs(combined) * b) / abs(right.value)


def _compare(op: str, left: Estimate, right: Estimate, lenient: bool, sigmas: float) -> bool:
    """Compare two estimates, giving (lenient) or taking (strict) `sigmas` standard errors."""
    slack = sigmas * ((left.se or 0.0) + (right.se or 0.0))
    a, b = left.value, right.value
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
