"""CI assertions on a simulation: `--assert "keep7 >= 0.85"`.

Same expression language as keep rules, with these names:

    keep7, keep6, ...          P(the kept hand has 7, 6, ... cards)
    mulligan                   P(at least one mulligan)
    expected_hand_size         mean size of the kept hand
    expected_lands             mean number of lands in the kept hand
    p_by_turn("Card", T)       P(at least one copy by turn T, mulligans included;
    p_by_turn("Card", T, k)      at least k copies), on the side chosen with --on

In Monte Carlo mode every estimate carries a standard error, and a comparison is only
failed when the bound is missed by more than 3 standard errors (of both sides, added),
so a CI job does not flicker on sampling noise; the report says when an assertion held
only thanks to that margin. Exact mode compares exactly.
"""
from __future__ import annotations

import re
from math import isfinite
from collections.abc import Callable
from dataclasses import dataclass, field

from ..errors import DeckcheckError
from .expr import CARD, INTEGER, Arith, Boolean, Call, Compare, Function, Logic, Name, Node, Not, Number, String, Vocabulary, parse, walk
from .nodes import arithmetic
from .outcome import Estimate

SIGMAS = 3.0

VOCABULARY = Vocabulary(
    what="assertion",
    variables=frozenset({"mulligan", "expected_hand_size", "expected_lands"}),
    functions={"p_by_turn": Function((CARD, INTEGER, INTEGER), 2, 'a card name in quotes, a turn, and optionally a number of copies: p_by_turn("Card", 3)')},
    variable_pattern=re.compile(r"keep\d+"),
    extra={"keep": "; name the hand size: keep7", "mulligans": "; did you mean 'mulligan'?"},
)


@dataclass(frozen=True)
class Assertion:
    text: str
    node: Node

    @property
    def by_turn(self) -> list[tuple[str, int, int]]:
        """(card, turn, copies) of every p_by_turn the assertion uses."""
        found = []
        for node in walk(self.node):
            if isinstance(node, Call) and node.name == "p_by_turn":
                card = node.args[0]
                assert isinstance(card, String)
                turn = node.args[1]
                copies = node.args[2] if len(node.args) > 2 else None
                found.append((card.value, int(turn.value), int(copies.value) if copies else 1))  # type: ignore[attr-defined]
        return found


def parse_assertion(text: str) -> Assertion:
    node = parse(text, VOCABULARY, origin="--assert")
    for item in walk(node):
        if isinstance(item, Call) and int(item.args[1].value) < 1:  # type: ignore[attr-defined]
            raise DeckcheckError(f"--assert: column {item.args[1].column} in {text!r}: turns start at 1")
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
    if isinstance(node, Name):
        return node.name
    if isinstance(node, Call):
        card = node.args[0]
        parts = [f'"{card.value}"'] + [str(arg.value) for arg in node.args[1:]]  # type: ignore[attr-defined]
        return f"{node.name}({', '.join(parts)})"
    return "?"
