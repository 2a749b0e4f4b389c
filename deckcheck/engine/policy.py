"""Keep rules: the vocabulary of a rule, what it refers to, and how it is evaluated.

A keep rule judges a hand of a given size. It may use

    lands, spells, cards        lands / non-lands / all cards in the hand
    count("Card Name")          copies of one card (names match like everywhere else:
                                case, accents and split-card spelling do not matter)
    count(tag)                  cards of a tag defined in a policy file (count(lands) works too)
    distinct(tag)               how many *different* cards of a tag the hand holds
    numbers, + - * /, comparisons (chained: 2 <= lands <= 5), and, or, not, true, false, ( )

Everything but `distinct` depends only on how many cards of each category the hand
holds, so exact mode can enumerate hands by category counts; `distinct` needs to know
which cards, so it is Monte Carlo only.
"""
from __future__ import annotations

import operator
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from math import inf
from typing import Any

from ..errors import DeckcheckError, of_setting
from ..record import NamedTuple
from ..limits import MAX_HAND_SIZE
from ..names import card_key, first_spellings
from .nodes import arithmetic, with_strings
from .expr import CATEGORY, Arith, Boolean, Call, Compare, Function, Logic, Name, Node, Not, Number, String, Vocabulary, parse, walk

BUILTIN_CATEGORIES = ("lands", "spells", "cards")
RESERVED = frozenset({*BUILTIN_CATEGORIES, "and", "or", "not", "true", "false", "count", "distinct"})

_FUNCTIONS = {
    "count": Function((CATEGORY,), 1, 'one card name in quotes or a tag: count("Lightning Bolt"), count(removal)'),
    "distinct": Function((CATEGORY,), 1, "one tag: distinct(lands) counts different cards, not copies"),
}


# The assertions' names (assertions.py), which a keep rule written for `assert:` uses
# (`keep: "keep7 >= 0.8"`): told apart, with what a keep rule is, not "unknown" alone.
_ASSERTION_WORDS = (
    *(f"keep{size}" for size in range(MAX_HAND_SIZE + 1)), "mulligan", "expected_hand_size", "expected_lands",
    "p_by_turn", "land_drops", "castable", "castable_given_land_drops",
)
_HINTS = {
    "land": "; did you mean 'lands'?", "spell": "; did you mean 'spells'?", "hand": "; did you mean 'cards'?",
    **{word: f"; {word} is an assertion's (--assert, assert:), a chance over many deals: a keep rule judges one "
             "hand, like 2 <= lands <= 5" for word in _ASSERTION_WORDS},
}


def vocabulary(tags: Iterable[str] = ()) -> Vocabulary:
    tags = frozenset(tags)
    return Vocabulary(
        what="keep rule",
        variables=frozenset(BUILTIN_CATEGORIES),
        functions=_FUNCTIONS,
        categories=frozenset(BUILTIN_CATEGORIES) | tags,
        hint_categories=", ".join([*BUILTIN_CATEGORIES, *sorted(tags)]),
        extra=_HINTS,
    )


@dataclass(frozen=True)
class Rule:
    """One parsed keep rule and where it came from (for messages and reports): `origin` as
    its messages name it, `setting` the library keyword that gave it (`keep`,
    `keep_by_size`, `policy_file`), which an error about it carries (errors.of_setting)."""

    text: str
    node: Node
    origin: str
    setting: str = "keep"

    @property
    def cards(self) -> tuple[str, ...]:
        """The cards the rule mentions, in order, each once as first written."""
        return first_spellings(node.args[0].value for node in walk(self.node)
                               if isinstance(node, Call) and isinstance(node.args[0], String))

    @property
    def tags(self) -> tuple[str, ...]:
        found: dict[str, None] = {}
        for node in walk(self.node):
            if isinstance(node, Call) and isinstance(node.args[0], Name) and node.args[0].name not in BUILTIN_CATEGORIES:
                found.setdefault(node.args[0].name)
        return tuple(found)

    def named_by(self, namer: Callable[[str], str]) -> Rule:
        """The rule with each card it counts named as `namer` says (categories.card_namer);
        its text and origin as the user wrote them."""
        node = with_strings(self.node, namer)
        return self if node is self.node else Rule(text=self.text, node=node, origin=self.origin, setting=self.setting)

    def first_non_count(self) -> Node | None:
        """The first construct exact mode cannot handle (a `distinct` call), if any."""
        return next((node for node in walk(self.node) if isinstance(node, Call) and node.name == "distinct"), None)

    def why_not_count_based(self) -> str | None:
        """Why exact mode cannot judge hands by this rule, in words (None when it can)."""
        node = self.first_non_count()
        if node is None:
            return None
        what = f"{node.name}()" if isinstance(node, Call) else "this expression"
        return (f"{what} at column {node.column} of {self.origin} ({self.text!r}) depends on which cards "
                "are in the hand, not only how many of each kind")

    def always_holds(self, size: int) -> bool:
        """True when every hand of `size` cards satisfies the rule (e.g. `lands >= 0`):
        such a rule ends mulliganing at that size."""
        return _truth(self.node, size) == ALWAYS

    def never_holds(self, size: int) -> bool:
        """True when no hand of `size` cards satisfies the rule (`lands >= 8` of 7 cards)."""
        return _truth(self.node, size) == NEVER


def rule_text(value: str | bool) -> str:
    """A keep rule as a YAML file gives it (a policy file, deckcheck.yaml): text, or true /
    false, which YAML reads as booleans, as the rule's text (`keep5: true`: keep any five)."""
    return ("true" if value else "false") if isinstance(value, bool) else value


def parse_rule(
    text: str, *, origin: str, tags: Iterable[str] = (), kinds: tuple[str, ...] = ("condition",), setting: str = "keep",
) -> Rule:
    """The rule `text`; an error of it carries `setting` (the keyword that gave it)."""
    try:
        node = parse(text, vocabulary(tags), origin=origin, kinds=kinds)
    except DeckcheckError as error:
        raise of_setting(error, setting) from None
    return Rule(text=text, node=node, origin=origin, setting=setting)


# ---------------------------------------------------------------- static analysis

ALWAYS, NEVER, MAYBE = "always", "never", "maybe"


def _interval(node: Node, size: int) -> tuple[float, float]:
    if isinstance(node, Number):
        return node.value, node.value
    if isinstance(node, Name):
        return (size, size) if node.name == "cards" else (0, size)
    if isinstance(node, Call):
        return 0, size
    if isinstance(node, Arith):
        low1, high1 = _interval(node.left, size)
        low2, high2 = _interval(node.right, size)
        if node.op == "+":
            return low1 + low2, high1 + high2
        if node.op == "-":
            return low1 - high2, high1 - low2
        if node.op == "/" and low2 <= 0 <= high2:
            return -inf, inf  # a divisor that may be 0: anything (or nothing) may result
        ends = [arithmetic(node.op, a, b) for a in (low1, high1) for b in (low2, high2)]
        return float(min(ends)), float(max(ends))
    raise TypeError(node)


def _pair(op: str, a: tuple[float, float], b: tuple[float, float]) -> str:
    (alow, ahigh), (blow, bhigh) = a, b
    if op in ("<", "<="):
        strict = op == "<"
        if ahigh < blow or (not strict and ahigh <= blow):
            return ALWAYS
        if alow > bhigh or (strict and alow >= bhigh):
            return NEVER
        return MAYBE
    if op in (">", ">="):
        return _pair("<" if op == ">" else "<=", b, a)
    if op == "==":
        if alow == ahigh == blow == bhigh:
            return ALWAYS
        return NEVER if ahigh < blow or bhigh < alow else MAYBE
    same = _pair("==", a, b)  # !=
    return {ALWAYS: NEVER, NEVER: ALWAYS, MAYBE: MAYBE}[same]


def _truth(node: Node, size: int) -> str:
    """Interval reasoning over the possible counts of a `size`-card hand."""
    if isinstance(node, Boolean):
        return ALWAYS if node.value else NEVER
    if isinstance(node, Not):
        return {ALWAYS: NEVER, NEVER: ALWAYS, MAYBE: MAYBE}[_truth(node.operand, size)]
    if isinstance(node, Logic):
        results = [_truth(operand, size) for operand in node.operands]
        if node.op == "and":
            return NEVER if NEVER in results else ALWAYS if all(r == ALWAYS for r in results) else MAYBE
        return ALWAYS if ALWAYS in results else NEVER if all(r == NEVER for r in results) else MAYBE
    if isinstance(node, Compare):
        intervals = [_interval(operand, size) for operand in node.operands]
        results = [_pair(op, intervals[i], intervals[i + 1]) for i, op in enumerate(node.ops)]
        return NEVER if NEVER in results else ALWAYS if all(r == ALWAYS for r in results) else MAYBE
    return MAYBE


# ---------------------------------------------------------------- evaluation

class _Operations(NamedTuple):
    """How `evaluate` combines values: numpy's functions over a batch of hands, or
    Python's operators over one hand (`HandView.one_hand`)."""

    full: Callable[[tuple[int, ...], Any], Any]
    compare: dict[str, Callable[[Any, Any], Any]]
    both: Callable[[Any, Any], Any]
    either: Callable[[Any, Any], Any]
    negate: Callable[[Any], Any]
    spread: Callable[[Any, tuple[int, ...]], Any]


def _differ(a: Any, b: Any) -> Any:
    """`a != b`, false when either is NaN (0 / 0), with which every comparison fails
    (docs/engine.md): IEEE 754 and Python say NaN differs from everything."""
    return a != b and a == a and b == b  # x == x is false for NaN only


def _batch_differ(a: Any, b: Any) -> Any:
    """`_differ` over numpy arrays of hands."""
    import numpy as np

    return np.not_equal(a, b) & np.equal(a, a) & np.equal(b, b)


_ONE_HAND = _Operations(
    full=lambda shape, value: value,
    compare={"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge, "==": operator.eq, "!=": _differ},
    both=lambda a, b: bool(a) and bool(b),
    either=lambda a, b: bool(a) or bool(b),
    negate=operator.not_,
    spread=lambda value, shape: value,
)


@lru_cache(maxsize=1)
def _batch_operations() -> _Operations:
    import numpy as np

    return _Operations(
        full=np.full,
        compare={"<": np.less, "<=": np.less_equal, ">": np.greater, ">=": np.greater_equal, "==": np.equal, "!=": _batch_differ},
        both=np.logical_and,
        either=np.logical_or,
        negate=np.logical_not,
        spread=np.broadcast_to,
    )


class HandView:
    """What a rule sees of a batch of hands: implemented by exact and Monte Carlo modes.

    `category(name)` returns per-hand counts for a built-in category (`lands`, `spells`,
    `cards`), a tag or a card (`card:<key>`); `distinct(name)` the number of different
    cards. Every result is a numpy array with one value per hand of the batch, or a
    number when the view shows `one_hand` (exact mode's plain-Python enumeration).
    """

    shape: tuple[int, ...]
    one_hand = False

    def category(self, name: str) -> Any:
        raise NotImplementedError

    def distinct(self, name: str) -> Any:
        raise NotImplementedError


def category_name(arg: Node) -> str:
    """The category an argument of count()/distinct() names: `card:<key>` for a card."""
    if isinstance(arg, String):
        return "card:" + card_key(arg.value)
    assert isinstance(arg, Name)
    return arg.name if arg.name in BUILTIN_CATEGORIES else "tag:" + arg.name


def evaluate(node: Node, hands: HandView) -> Any:
    """Evaluate a rule over a batch of hands at once (numpy arrays), or over one hand
    (Python numbers) when `hands.one_hand`; never Python `eval`."""
    return _evaluate(node, hands, _ONE_HAND if hands.one_hand else _batch_operations())


def _evaluate(node: Node, hands: HandView, ops: _Operations) -> Any:
    if isinstance(node, Number):
        return node.value
    if isinstance(node, Boolean):
        return ops.full(hands.shape, node.value)
    if isinstance(node, Name):
        return hands.category(node.name)
    if isinstance(node, Call):
        name = category_name(node.args[0])
        return hands.distinct(name) if node.name == "distinct" else hands.category(name)
    if isinstance(node, Arith):
        return arithmetic(node.op, _evaluate(node.left, hands, ops), _evaluate(node.right, hands, ops))
    if isinstance(node, Compare):
        values = [_evaluate(operand, hands, ops) for operand in node.operands]
        result = None
        for index, op in enumerate(node.ops):
            step = ops.compare[op](values[index], values[index + 1])
            result = step if result is None else ops.both(result, step)
        return ops.spread(result, hands.shape)
    if isinstance(node, Not):
        return ops.negate(_evaluate(node.operand, hands, ops))
    if isinstance(node, Logic):
        combine = ops.both if node.op == "and" else ops.either
        result = _evaluate(node.operands[0], hands, ops)
        for operand in node.operands[1:]:
            result = combine(result, _evaluate(operand, hands, ops))
        return result
    raise TypeError(f"cannot evaluate {node!r}")
