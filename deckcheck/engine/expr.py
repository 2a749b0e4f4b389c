"""A small expression language, tokenised and parsed by hand: never `eval`.

Keep rules (`2 <= lands <= 5 and count("Lightning Bolt") >= 1`) and CI assertions
(`keep7 >= 0.85`) share it; each supplies a `Vocabulary` saying which names and functions
exist. Grammar, loosest binding first:

    expr       := and ("or" and)*
    and        := not ("and" not)*
    not        := "not" not | comparison
    comparison := sum (("<" | "<=" | ">" | ">=" | "==" | "!=") sum)*   # chained: 2 <= x <= 5
    sum        := product (("+" | "-") product)*
    product    := unary (("*" | "/") unary)*
    unary      := "-" unary | atom
    atom       := NUMBER | "true" | "false" | NAME | NAME "(" args ")" | "(" expr ")"
    args       := arg ("," arg)*          # arg: a STRING ("Card Name"), a tag NAME, a NUMBER
                                          # or (where a function asks for one) a condition

Division follows floating point: x / 0 is infinite (or not a number for 0 / 0), and a
comparison with "not a number" is false, so `lands / spells >= 1` holds for a hand of
lands only and fails for an empty one.

The parser checks types (numbers versus conditions) so a mistake is reported at the
column of the token that caused it, before anything runs.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ..limits import MAX_EXPRESSION_CHARS, MAX_EXPRESSION_NESTING, MAX_EXPRESSION_TOKENS
from ..wording import article
from .nodes import Arith, Boolean, Call, Compare, Logic, Name, Node, Not, Number, String, walk
from .tokens import COMMA, COMPARISONS, END, KEYWORDS, LPAREN, NAME, NUMBER, OP, RPAREN, STRING, ExpressionError, Token, tokenize

__all__ = [  # the language in one import
    "Arith", "Boolean", "Call", "Compare", "Logic", "Name", "Node", "Not", "Number", "String", "walk",
    "ExpressionError", "Function", "Vocabulary", "parse", "CARD", "CATEGORY", "INTEGER", "EVENT",
]


# ---------------------------------------------------------------- vocabulary

# Argument kinds a function may take.
CARD = "card"            # a quoted card name
CATEGORY = "category"    # a quoted card name or a bare category/tag name
INTEGER = "integer"      # a whole-number literal
EVENT = "event"          # a card name, a category or tag, or a condition in the nested vocabulary


@dataclass(frozen=True)
class Function:
    params: tuple[str, ...]
    required: int
    help: str


@dataclass(frozen=True)
class Vocabulary:
    """What an expression may refer to. `categories` are the bare names a CATEGORY
    argument accepts (built-in ones and user tags)."""

    what: str
    variables: frozenset[str]
    functions: Mapping[str, Function]
    categories: frozenset[str] = frozenset()
    variable_pattern: re.Pattern[str] | None = None
    hint_categories: str = ""
    extra: Mapping[str, str] = field(default_factory=dict)
    nested: Vocabulary | None = None   # what an EVENT argument's condition may use
    probabilities: bool = False        # its numbers may be odds (assertions): `85%` is refused as 0.85
    # The stem of the names `variable_pattern` stands for, a hand size after it (`keep`:
    # keep7, keep6, ...): a misspelt one is matched against the stem and its own size.
    variable_stem: str = ""

    def knows_variable(self, name: str) -> bool:
        return name in self.variables or bool(self.variable_pattern and self.variable_pattern.fullmatch(name))

    def suggest(self, name: str, pool: object) -> str:
        import difflib  # for a mistake only: not on every simulation's start-up path

        close = difflib.get_close_matches(name, sorted(pool), n=1, cutoff=0.6)  # type: ignore[arg-type]
        return f"; did you mean {close[0]!r}?" if close else ""


# ---------------------------------------------------------------- parser

# Bounds (limits.py) that no real rule comes near and that keep every recursive walk of
# the tree (checks, evaluation) far from Python's recursion limit, whatever the input.
MAX_TOKENS = MAX_EXPRESSION_TOKENS
MAX_NESTING = MAX_EXPRESSION_NESTING


# A quoted text that is a number, as the tokenizer reads numbers.
_NUMBER_TEXT = re.compile(r"-?(?:\d+(?:\.\d+)?|\.\d+)")

# How a probability is written on paper (`P(keep7)`), which an assertion writes bare.
_PROBABILITY_WORDS = frozenset({"p", "pr", "prob", "probability"})


class _Parser:
    def __init__(self, text: str, vocabulary: Vocabulary, kinds: tuple[str, ...] = ("condition",)):
        self.kinds = kinds
        self.text = text
        self.vocabulary = vocabulary
        if len(text) > MAX_EXPRESSION_CHARS:  # before a token is read: each costs memory
            raise ExpressionError(
                f"too long: {len(text):,} characters, at most {MAX_EXPRESSION_CHARS:,} (use tags in a policy file for "
                "long card lists)", column=MAX_EXPRESSION_CHARS + 1,
            )
        self.tokens = tokenize(text, probabilities=vocabulary.probabilities)
        self.position = 0
        self.nesting = 0
        if len(self.tokens) > MAX_TOKENS:
            raise ExpressionError(
                f"too long: {len(self.tokens) - 1} tokens, at most {MAX_TOKENS - 1} (use tags in a policy file for long card lists)",
                column=self.tokens[MAX_TOKENS - 1].column,
            )

    def nest(self, token: Token) -> None:
        self.nesting += 1
        if self.nesting > MAX_NESTING:
            raise self.error(f"nested more than {MAX_NESTING} levels deep", token.column)

    @property
    def current(self) -> Token:
        return self.tokens[self.position]

    def advance(self) -> Token:
        token = self.tokens[self.position]
        self.position += 1
        return token

    def error(self, message: str, column: int) -> ExpressionError:
        return ExpressionError(message, column=column)

    def expect(self, kind: str, what: str) -> Token:
        token = self.current
        if token.kind != kind:
            raise self.error(f"expected {what}, found {token.describe()}", token.column)
        return self.advance()

    def is_keyword(self, word: str) -> bool:
        return self.current.kind == NAME and self.current.text == word

    # -- grammar

    def parse(self) -> Node:
        if self.current.kind == END:
            raise self.error(f"the {self.vocabulary.what} is empty", 1)
        node = self.parse_or()
        if self.current.kind != END:
            token = self.current
            hint = ""
            if token.kind in (NAME, NUMBER, STRING, LPAREN):
                hint = " (join conditions with `and` / `or`)"
            elif token.kind == COMMA and self.tokens[self.position - 1].kind == NUMBER and self.tokens[self.position + 1].kind == NUMBER:
                # `keep7 >= 0,95`: a decimal comma, as many locales write it.
                hint = f"; a decimal is written with a point: {self.tokens[self.position - 1].text}.{self.tokens[self.position + 1].text}"
            raise self.error(f"unexpected {token.describe()}{hint}", token.column)
        if node.kind not in self.kinds:
            self.require(node, self.kinds[0])
        return node

    def parse_or(self) -> Node:
        first = self.parse_and()
        operands = [first]
        while self.is_keyword("or"):
            self.advance()
            operands.append(self.parse_and())
        if len(operands) == 1:
            return first
        for operand in operands:
            self.require(operand, "condition", "`or` joins conditions")
        return Logic(first.column, "or", tuple(operands))

    def parse_and(self) -> Node:
        first = self.parse_not()
        operands = [first]
        while self.is_keyword("and"):
            self.advance()
            operands.append(self.parse_not())
        if len(operands) == 1:
            return first
        for operand in operands:
            self.require(operand, "condition", "`and` joins conditions")
        return Logic(first.column, "and", tuple(operands))

    def parse_not(self) -> Node:
        if self.is_keyword("not"):
            token = self.advance()
            self.nest(token)
            operand = self.parse_not()
            self.nesting -= 1
            self.require(operand, "condition", "`not` applies to a condition")
            return Not(token.column, operand)
        return self.parse_comparison()

    def parse_comparison(self) -> Node:
        first = self.parse_sum()
        operands = [first]
        ops: list[str] = []
        while self.current.kind == OP and self.current.text in COMPARISONS:
            ops.append(self.advance().text)
            operands.append(self.parse_sum())
        if not ops:
            return first
        for operand in operands:
            self.require(operand, "number", "comparisons compare numbers")
        return Compare(first.column, tuple(operands), tuple(ops))

    def parse_sum(self) -> Node:
        return self.parse_binary("+-", self.parse_product)

    def parse_product(self) -> Node:
        return self.parse_binary("*/", self.parse_unary)

    def parse_binary(self, ops: str, operand: Callable[[], Node]) -> Node:
        node = operand()
        while self.current.kind == OP and self.current.text in ops:
            op = self.advance().text
            right = operand()
            self.require(node, "number", f"`{op}` works on numbers")
            self.require(right, "number", f"`{op}` works on numbers")
            node = Arith(node.column, op, node, right)
        return node

    def parse_unary(self) -> Node:
        token = self.current
        if token.kind == OP and token.text == "-" and self.tokens[self.position + 1].kind != NUMBER:
            self.advance()
            self.nest(token)
            operand = self.parse_unary()
            self.nesting -= 1
            self.require(operand, "number", "`-` works on numbers")
            return Arith(token.column, "-", Number(token.column, 0), operand)
        return self.parse_atom()

    def parse_atom(self) -> Node:
        token = self.current
        if token.kind == NUMBER:
            self.advance()
            return Number(token.column, token.value)  # type: ignore[arg-type]
        if token.kind == OP and token.text == "-" and self.tokens[self.position + 1].kind == NUMBER:
            self.advance()
            number = self.advance()
            return Number(token.column, -number.value)  # type: ignore[operator]
        if token.kind == LPAREN:
            self.advance()
            self.nest(token)
            node = self.parse_or()
            self.nesting -= 1
            self.expect(RPAREN, "')' to close the '(' at column " + str(token.column))
            return node
        if token.kind == STRING:
            if _NUMBER_TEXT.fullmatch(token.value.strip()):  # type: ignore[union-attr]
                # `keep7 >= '0.85'`, quoted as YAML values often are: no card is named so.
                raise self.error(f"a number goes without quotes: write {token.value.strip()}", token.column)  # type: ignore[union-attr]
            what = self.vocabulary.what
            raise self.error(f"a card name on its own is not {article(what)} {what}; use count({token.text}) >= 1", token.column)
        if token.kind == NAME:
            if token.text in ("true", "false"):
                self.advance()
                return Boolean(token.column, token.text == "true")
            if token.text in KEYWORDS:
                raise self.error(f"expected a number, a name or '(', found {token.describe()}", token.column)
            self.advance()
            if self.current.kind == LPAREN:
                return self.parse_call(token)
            return self.name(token)
        raise self.error(f"expected a number, a name or '(', found {token.describe()}", token.column)

    def name(self, token: Token) -> Node:
        vocabulary = self.vocabulary
        if vocabulary.knows_variable(token.text):
            return Name(token.column, token.text)
        if token.text in vocabulary.functions:
            raise self.error(f"{token.text} needs arguments: {vocabulary.functions[token.text].help}", token.column)
        if token.text in vocabulary.categories and "count" in vocabulary.functions:
            raise self.error(f"{token.text!r} is a tag; count it with count({token.text})", token.column)
        if token.text in vocabulary.categories:
            raise self.error(f"unknown name {token.text!r} (a category: ask p_by_turn({token.text}, TURN, COPIES))", token.column)
        hint = vocabulary.extra.get(token.text) or vocabulary.suggest(token.text, self.known_names(token.text))
        raise self.error(f"unknown name {token.text!r}{hint}", token.column)

    def known_names(self, unknown: str) -> set[str]:
        """The names `unknown` may be a misspelling of: the variables and functions, and the
        pattern's name of its own number (`Keep7`, `keep_7`, `kep7`: keep7; else keep7)."""
        vocabulary = self.vocabulary
        names = set(vocabulary.variables) | set(vocabulary.functions)
        if vocabulary.variable_stem:
            size = re.search(r"\d+$", unknown)
            names.add(vocabulary.variable_stem + (size.group() if size else "7"))
        return names

    def parse_call(self, name: Token) -> Node:
        spec = self.vocabulary.functions.get(name.text)
        if spec is None:
            hint = self.vocabulary.extra.get(name.text) or self.vocabulary.suggest(name.text, self.vocabulary.functions)
            if not hint and self.vocabulary.probabilities and name.text.lower() in _PROBABILITY_WORDS:
                # `P(keep7) >= 0.8`, as a probability is written on paper: the names are odds already.
                hint = "; the names are probabilities already: write keep7 >= 0.8, not P(keep7)"
            nested = self.vocabulary.nested
            if not hint and nested is not None and name.text in nested.functions:
                # A keep rule's count() as an assertion: the condition goes inside p_by_turn.
                hint = (f"; {name.text}() counts the cards of a hand: ask how likely a hand has them, "
                        f"p_by_turn({name.text}(...) >= 1, 1) >= 0.5")
            raise self.error(f"unknown function {name.text!r}{hint}", name.column)
        opening = self.advance()
        args: list[Node] = []
        if self.current.kind != RPAREN:
            while True:
                args.append(self.parse_arg(name.text, spec, len(args)))
                if self.current.kind == COMMA:
                    self.advance()
                    continue
                break
        closing = self.expect(RPAREN, f"')' to close {name.text}( at column {opening.column}")
        if not spec.required <= len(args) <= len(spec.params):
            raise self.error(f"{name.text} takes {spec.help}", closing.column if len(args) < spec.required else args[-1].column)
        return Call(name.column, name.text, tuple(args))

    def words_from(self, first: Token) -> str:
        """`first`'s word and the names right after it: the card name a rule typed without
        quotes (`count(Lightning Bolt)`), for the hint that quotes it whole."""
        words = [first.text]
        for token in self.tokens[self.position:]:
            if token.kind != NAME or token.text in KEYWORDS:
                break
            words.append(token.text)
        return " ".join(words)

    def parse_arg(self, function: str, spec: Function, index: int) -> Node:
        token = self.current
        if index >= len(spec.params):
            raise self.error(f"too many arguments: {function} takes {spec.help}", token.column)
        kind = spec.params[index]
        if kind == EVENT:
            return self.parse_event(function, spec)
        if kind in (CARD, CATEGORY) and token.kind == STRING:
            self.advance()
            return String(token.column, token.value)  # type: ignore[arg-type]
        if kind == CARD:
            raise self.error(f"expected a card name in quotes, found {token.describe()}", token.column)
        if kind == CATEGORY:
            if token.kind != NAME or token.text in KEYWORDS:
                raise self.error(f"expected a card name in quotes or a tag, found {token.describe()}", token.column)
            self.advance()
            if token.text not in self.vocabulary.categories:
                known = self.vocabulary.hint_categories or ", ".join(sorted(self.vocabulary.categories))
                hint = self.vocabulary.suggest(token.text, self.vocabulary.categories)
                raise self.error(
                    f"unknown tag {token.text!r}{hint} (known: {known}; card names go in quotes: "
                    f"{function}(\"{self.words_from(token)}\"))",
                    token.column,
                )
            return Name(token.column, token.text)
        # INTEGER
        if token.kind != NUMBER or not isinstance(token.value, int):
            raise self.error(f"expected a whole number, found {token.describe()}", token.column)
        self.advance()
        return Number(token.column, token.value)  # type: ignore[arg-type]

    def parse_event(self, function: str, spec: Function) -> Node:
        """A card name or category on its own, or else a condition in the nested vocabulary."""
        token = self.current
        follows = self.tokens[self.position + 1].kind
        if follows in (COMMA, RPAREN) and (token.kind == STRING or (token.kind == NAME and token.text in self.vocabulary.categories)):
            self.advance()
            return String(token.column, token.value) if token.kind == STRING else Name(token.column, token.text)  # type: ignore[arg-type]
        if token.kind == NUMBER and follows == COMMA:
            # The turn first, as "by turn 1" reads (`p_by_turn(1, count(starter) >= 1)`): no
            # event is a number alone, and "expected a card name ... or a condition" at the
            # turn did not say that the condition written was in the wrong place.
            raise self.error(
                f"{function}: the turn comes second, after the card, category, tag or condition: "
                f"{function}(WHAT, {token.text})",
                token.column,
            )
        if token.kind == STRING:
            # No condition starts with a quoted name: a comma left out (`p_by_turn("Bolt" 3)`),
            # or a YAML list that split the assertion at its comma (`[p_by_turn("Bolt", 3) >= 0.4]`).
            after = self.tokens[self.position + 1]
            raise self.error(f"expected ',' or ')' after {token.text}, found {after.describe()}", after.column)
        after = self.tokens[self.position + 1]
        # A card name without quotes: one word before the comma, or words in a row (no
        # condition has two names side by side), which read as a condition said only
        # "unknown name 'Murktide'" of `p_by_turn(Murktide Regent, 3)`. A category or tag
        # first is a condition miswritten (`burn lands`): the nested parse says what is wrong,
        # where this said "found 'burn'; did you mean 'burn'?".
        unquoted = token.kind == NAME and token.text not in KEYWORDS and token.text not in self.vocabulary.categories and (
            follows in (COMMA, RPAREN) or (after.kind == NAME and after.text not in KEYWORDS))
        if unquoted:
            hint = self.vocabulary.suggest(token.text, self.vocabulary.categories)
            self.advance()  # words_from reads the words after `token`
            quoted = "" if hint else f"; card names go in quotes: {function}(\"{self.words_from(token)}\", ...)"
            raise self.error(
                f"expected a card name in quotes, a category or a tag ({self.vocabulary.hint_categories}), "
                f"found {token.describe()}{hint}{quoted}",
                token.column,
            )
        outer, nested = self.vocabulary, self.vocabulary.nested
        if nested is None:
            raise self.error(f"{function} takes {spec.help}", token.column)
        self.vocabulary = nested
        try:
            node = self.parse_or()
        finally:
            self.vocabulary = outer
        if node.kind != "condition":
            raise self.error(
                f"{function}: expected a card name in quotes, a category or tag ({outer.hint_categories}), or a condition",
                node.column,
            )
        return node

    def require(self, node: Node, kind: str, why: str = "") -> None:
        if node.kind == kind:
            return
        if kind == "condition":
            found = "a number" if node.kind == "number" else "text"
            message = f"expected a condition, found {found}"
            if isinstance(node, (Name, Call)):
                message += " (compare it, e.g. `... >= 1`)"
        else:
            message = "expected a number, found a condition"
        if why:
            message += f"; {why}"
        raise self.error(message, node.column)


def parse(text: str, vocabulary: Vocabulary, *, origin: str = "", kinds: tuple[str, ...] = ("condition",)) -> Node:
    """Parse `text`, which must evaluate to one of `kinds` ("condition", "number"); raise
    ExpressionError naming `origin` (an option or file key) and the column."""
    try:
        return _Parser(text, vocabulary, kinds).parse()
    except ExpressionError as exc:
        raise ExpressionError(exc.reason, column=exc.column, text=text, origin=origin) from None
