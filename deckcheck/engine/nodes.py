"""The syntax tree of the expression language. Each node keeps the column it starts at."""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, replace
from math import copysign, inf, nan
from typing import Any


@dataclass(frozen=True)
class Node:
    column: int

    @property
    def kind(self) -> str:
        """'number' or 'condition': what the node evaluates to."""
        return "number"


@dataclass(frozen=True)
class Number(Node):
    value: int | float


@dataclass(frozen=True)
class Boolean(Node):
    value: bool

    @property
    def kind(self) -> str:
        return "condition"


@dataclass(frozen=True)
class Name(Node):
    name: str


@dataclass(frozen=True)
class String(Node):
    value: str

    @property
    def kind(self) -> str:
        return "text"


@dataclass(frozen=True)
class Call(Node):
    name: str
    args: tuple[Node, ...]


@dataclass(frozen=True)
class Arith(Node):
    op: str
    left: Node
    right: Node


@dataclass(frozen=True)
class Compare(Node):
    operands: tuple[Node, ...]
    ops: tuple[str, ...]

    @property
    def kind(self) -> str:
        return "condition"


@dataclass(frozen=True)
class Not(Node):
    operand: Node

    @property
    def kind(self) -> str:
        return "condition"


@dataclass(frozen=True)
class Logic(Node):
    op: str  # "and" | "or"
    operands: tuple[Node, ...]

    @property
    def kind(self) -> str:
        return "condition"


def children(node: Node) -> tuple[Node, ...]:
    """The nodes directly under `node`, in order: the one place that knows which node
    kinds have children (`walk` and `with_strings` both read it)."""
    if isinstance(node, Call):
        return node.args
    if isinstance(node, Arith):
        return (node.left, node.right)
    if isinstance(node, (Compare, Logic)):
        return node.operands
    if isinstance(node, Not):
        return (node.operand,)
    return ()


def with_children(node: Node, new: tuple[Node, ...]) -> Node:
    """`node` with `new` in place of `children(node)` (the node itself when they are the same)."""
    if new == children(node):
        return node
    if isinstance(node, Call):
        return replace(node, args=new)
    if isinstance(node, Arith):
        return replace(node, left=new[0], right=new[1])
    if isinstance(node, (Compare, Logic)):
        return replace(node, operands=new)
    if isinstance(node, Not):
        return replace(node, operand=new[0])
    raise ValueError(f"{type(node).__name__} has no children")  # a new kind with children missed above


def walk(node: Node) -> Iterator[Node]:
    yield node
    for child in children(node):
        yield from walk(child)


def with_strings(node: Node, change: Callable[[str], str], *, keep: Collection[str] = ()) -> Node:
    """The tree with each quoted text as `change` gives it (in keep rules and assertions a
    quoted text is a card name: `count("Maxx C")`), but the arguments of the functions
    `keep` names; the node itself where nothing changes."""
    def changed(node: Node) -> Node:
        if isinstance(node, String):
            value = change(node.value)
            return node if value == node.value else replace(node, value=value)
        if isinstance(node, Call) and node.name in keep:
            return node
        return with_children(node, tuple(map(changed, children(node))))

    return changed(node)


def to_text(node: Node) -> str:
    """The expression a node stands for, written out (for labels in reports)."""
    if isinstance(node, Number):
        return str(node.value)
    if isinstance(node, Boolean):
        return "true" if node.value else "false"
    if isinstance(node, Name):
        return node.name
    if isinstance(node, String):
        return '"' + node.value.replace('"', '\\"') + '"'
    if isinstance(node, Call):
        return f"{node.name}({', '.join(to_text(arg) for arg in node.args)})"
    if isinstance(node, Arith):
        return f"({to_text(node.left)} {node.op} {to_text(node.right)})"
    if isinstance(node, Compare):
        parts = [to_text(node.operands[0])]
        for op, operand in zip(node.ops, node.operands[1:]):
            parts += [op, to_text(operand)]
        return " ".join(parts)
    if isinstance(node, Not):
        return f"not ({to_text(node.operand)})"
    if isinstance(node, Logic):
        return f" {node.op} ".join(f"({to_text(operand)})" if isinstance(operand, Logic) else to_text(operand) for operand in node.operands)
    return "?"


def arithmetic(op: str, left: Any, right: Any) -> Any:
    """`left op right` for numbers or numpy arrays; division follows floating point
    (x / 0 is infinite, 0 / 0 is not a number) instead of raising."""
    if op == "+":
        return left + right
    if op == "-":
        return left - right
    if op == "*":
        return left * right
    if type(left) in _PLAIN and type(right) in _PLAIN:
        return _divide(left, right)  # two numbers: no numpy to import (exact mode, assertions)
    import numpy as np

    with np.errstate(divide="ignore", invalid="ignore"):
        return np.true_divide(left, right)


_PLAIN = (int, float, bool)


def _divide(left: float, right: float) -> float:
    """`left / right` as numpy's true_divide gives it for two numbers: IEEE 754 division,
    where a zero divisor gives an infinity (signed like the quotient) or, for 0 / 0, NaN."""
    if right != 0:
        return left / right
    if left == 0 or left != left:
        return nan
    return copysign(inf, left) * copysign(1.0, right)
