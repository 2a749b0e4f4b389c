"""The expression language: errors at the right column, semantics, and static checks."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import caseload

from deckcheck.engine.assertions import vocabulary as assertion_vocabulary
from deckcheck.engine.categories import Atoms
from deckcheck.engine.exact import CountsView
from deckcheck.engine.expr import ExpressionError, parse
from deckcheck.engine.tokens import RPAREN, STRING, tokenize
from deckcheck.engine.policy import evaluate, parse_rule, vocabulary
from deckcheck.errors import DeckcheckError

@pytest.mark.parametrize("case", caseload.cases("expressions", kind="expression-error"))
def test_error_names_the_column(case):
    words = (assertion_vocabulary if case.get("kind") == "assertion" else vocabulary)(case.get("tags", ()))
    with pytest.raises(ExpressionError) as caught:
        parse(case["text"], words, origin="--keep")
    error = caught.value
    assert isinstance(error, DeckcheckError)  # the CLI turns it into one line and exit 2
    assert error.column == case["column"], str(error)
    assert case["message"] in str(error)
    assert str(error).startswith(f"--keep: column {case['column']}")
    assert "\n" not in str(error)


# Two categories: lands (atom 0) and the tracked card (atom 1), the rest in atom 2.
ATOMS = Atoms(
    labels=("lands", "Bolt", "rest"), copies=(24, 4, 32), land=(True, False, False), key=(False, True, False),
    of_card=(0, 1, 2),
    features={"lands": (0,), "spells": (1, 2), "cards": (0, 1, 2), "card:bolt": (1,), "tag:burn": (1,)},
)
HANDS = np.array([[0, 0, 7], [1, 1, 5], [2, 0, 5], [3, 1, 3], [5, 2, 0], [6, 0, 1], [7, 0, 0]])


def truth(text: str, size: int = 7) -> list[bool]:
    rule = parse_rule(text, origin="test", tags=["burn"])
    view = CountsView([HANDS[:, a] for a in range(3)], ATOMS, size)
    return [bool(v) for v in np.broadcast_to(evaluate(rule.node, view), (len(HANDS),))]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("2 <= lands <= 5", [False, False, True, True, True, False, False]),
        ("lands >= 2 and lands <= 5", [False, False, True, True, True, False, False]),
        ('count("bolt") >= 1 or lands >= 6', [False, True, False, True, True, True, True]),
        ('count("BOLT") >= 1 or lands >= 6 and spells >= 1', [False, True, False, True, True, True, False]),
        ("(count(burn) >= 1 or lands >= 6) and spells >= 1", [False, True, False, True, True, True, False]),
        ("not 2 <= lands <= 5", [True, True, False, False, False, True, True]),
        ("not not lands == 3", [False, False, False, True, False, False, False]),
        ("spells - lands >= 2", [True, True, True, False, False, False, False]),
        ("lands + spells == cards", [True] * 7),
        ("1 < lands < 4", [False, False, True, True, False, False, False]),
        ("lands >= -1 + 3", [False, False, True, True, True, True, True]),
        ("lands != 0 and 0 < spells", [False, True, True, True, True, True, False]),
        ("true", [True] * 7),
        ("false or lands > 6", [False] * 6 + [True]),
        ('count(lands) >= 7', [False] * 6 + [True]),
        ('count("Not In Deck") == 0', [True] * 7),
        # Typed with a Japanese, Chinese or Korean input method in full-width mode: the same
        # letters, digits, signs and spaces (each was "unexpected character 'ｌ'").
        ("２　＜＝　ｌａｎｄｓ　＜＝　５", [False, False, True, True, True, False, False]),
        ("ｃｏｕｎｔ（＂ｂｏｌｔ＂）　＞＝　１　ｏｒ　ｌａｎｄｓ　＞＝　６", [False, True, False, True, True, True, True]),
    ],
)
def test_semantics(text, expected):
    assert truth(text) == expected



@pytest.mark.parametrize("text, name, after", [
    # Full-width letters and quotes inside a card name in ASCII quotes are the name's own:
    # mapped to ASCII, the ＇ closed the string (`unexpected character 'ボ'`), and ＂C＂ did.
    ("count('ＨＥＲＯ＇Ｓ ボンド') >= 1", "ＨＥＲＯ＇Ｓ ボンド", 19),
    ('count("Maxx ＂C＂") >= 1', "Maxx ＂C＂", 17),
    ("count(“Maxx ＂C＂”) >= 1", "Maxx ＂C＂", 17),
    # A name in full-width quotes closes on a full-width quote; the columns stay the ones written.
    ("ｃｏｕｎｔ（＂Ｍａｘｘ \"Ｃ\"＂）　＞＝　１", 'Ｍａｘｘ "Ｃ"', 17),
])
def test_a_quoted_card_name_is_read_as_written(text, name, after):
    tokens = tokenize(text)
    string = next(token for token in tokens if token.kind == STRING)
    assert string.value == name
    closing = tokens[tokens.index(string) + 1]
    assert (closing.kind, closing.column) == (RPAREN, after)

@pytest.mark.parametrize(
    "text, size, always",
    [
        ("lands >= 0", 5, True),
        ("true", 7, True),
        ("cards == 5", 5, True),
        ("cards == 5", 6, False),
        ("lands <= 7", 7, True),
        ("lands <= 6", 7, False),
        ("2 <= lands <= 5", 5, False),
        ("lands >= 0 or count(\"X\") >= 1", 6, True),
        ("lands >= 0 and spells >= 1", 6, False),
        ("not lands < 0", 4, True),
        ("lands - 8 < 0", 7, True),
        ("false", 5, False),
    ],
)
def test_always_holds(text, size, always):
    assert parse_rule(text, origin="test").always_holds(size) is always


def test_curly_quotes_and_escapes():
    rule = parse_rule("count(\u201cLim-D\u00fbl's Vault\u201d) >= 1 and count(\"Say \\\"Hi\\\"\") == 0", origin="test")
    assert rule.cards == ("Lim-D\u00fbl's Vault", 'Say "Hi"')


def test_distinct_is_not_count_based():
    rule = parse_rule("distinct(lands) >= 2 and lands <= 5", origin="--keep")
    node = rule.first_non_count()
    assert node is not None and node.column == 1
    assert parse_rule("lands >= 2", origin="--keep").first_non_count() is None


def test_no_python_evaluation_anywhere():
    """The engine never hands user text to eval/exec/compile."""
    import re

    engine = Path(__file__).parent.parent / "deckcheck" / "engine"
    builtin_call = re.compile(r"(?<![\w.])(eval|exec|compile|__import__)\s*\(")
    for path in engine.glob("*.py"):
        assert not builtin_call.search(path.read_text(encoding="utf-8")), path.name


def test_children_knows_every_node_field_that_holds_nodes() -> None:
    # `walk` and `with_strings` read a node's children from `nodes.children`: a node kind
    # added later with a field of nodes must be known there, or card names in it would be
    # neither checked nor read as the deck's.
    import dataclasses

    from deckcheck.engine import nodes

    kinds = [kind for kind in vars(nodes).values()
             if isinstance(kind, type) and issubclass(kind, nodes.Node) and kind is not nodes.Node]
    leaf = nodes.Number(0, 1)
    for kind in kinds:
        values: dict[str, object] = {}
        holds_nodes = False
        for field in dataclasses.fields(kind):
            if field.name == "column":
                values[field.name] = 0
            elif field.type == "Node":
                values[field.name], holds_nodes = leaf, True
            elif field.type == "tuple[Node, ...]":
                values[field.name], holds_nodes = (leaf, leaf), True
            elif field.type == "tuple[str, ...]":
                values[field.name] = ("<",)
            else:
                values[field.name] = {"int | float": 1, "bool": True, "str": "x"}[field.type]
        node = kind(**values)
        count = sum(1 if value is leaf else len(value) if isinstance(value, tuple) and value[:1] == (leaf,) else 0
                    for value in values.values())
        assert len(nodes.children(node)) == count, kind.__name__
        if holds_nodes:
            other = nodes.Number(0, 2)
            rebuilt = nodes.with_children(node, tuple(other for _ in nodes.children(node)))
            assert nodes.children(rebuilt) == tuple(other for _ in nodes.children(node)), kind.__name__
        assert nodes.with_children(node, nodes.children(node)) is node
