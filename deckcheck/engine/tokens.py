"""Tokens of the expression language: numbers, quoted names, names, operators.

The tokenizer records each token's 1-based column, so every error can point at it; a few
habits from other languages (`=`, `&&`, `||`, `!`) get a hint instead of a bare complaint.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import DeckcheckError
from ..lazy_pattern import lazy


class ExpressionError(DeckcheckError):
    """A malformed expression; `column` (1-based) points at the offending token."""

    def __init__(self, message: str, *, column: int, text: str = "", origin: str = ""):
        self.column = column
        self.text = text
        self.origin = origin
        self.reason = message
        where = f"{origin}: " if origin else ""
        shown = text if len(text) <= 120 else text[:120] + "…"
        quoted = f" in {shown!r}" if text else ""
        super().__init__(f"{where}column {column}{quoted}: {message}")


# ---------------------------------------------------------------- tokens

NUMBER, STRING, NAME, OP, LPAREN, RPAREN, COMMA, END = "number", "string", "name", "op", "(", ")", ",", "end"
KEYWORDS = frozenset({"and", "or", "not", "true", "false"})
COMPARISONS = ("<=", ">=", "==", "!=", "<", ">")
# Straight, curly and full-width (＂ ＇): a string opened with one closes on its own closer only.
_QUOTES = {'"': '"', "'": "'", "\u201c": "\u201d", "\u2018": "\u2019", "\uff02": "\uff02", "\uff07": "\uff07"}
_NUMBER = lazy(r"\d+(?:\.\d+)?|\.\d+")
_NAME = lazy(r"[A-Za-z_][A-Za-z0-9_]*")
_MISTAKES = {"=": "use == to compare", "&": "use `and`", "|": "use `or`", "!": "use `not` (or != to compare)"}
_REVERSED = {"=>": ">=", "=<": "<="}  # comparisons written the other way round
_PRINTED = {"\u2265": ">=", "\u2264": "<=", "\u2260": "!="}  # ≥ ≤ ≠, as a document or a phone types them
# The full-width forms of ASCII and the ideographic space, as a Japanese, Chinese or Korean
# input method types them in full-width mode (`ｋｅｅｐ７　＞＝　０．６`): each its ASCII self,
# one character for one, so every column stays the one written.
_FULL_WIDTH = {**{code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)}, 0x3000: 0x20}


@dataclass(frozen=True)
class Token:
    kind: str
    text: str
    column: int
    value: object = None

    def describe(self) -> str:
        return "the end of the expression" if self.kind == END else repr(self.text)


def tokenize(text: str, *, probabilities: bool = False) -> list[Token]:
    """The tokens of `text`; `probabilities`: its numbers may be odds (an assertion's), so a
    percentage (`85%`) is refused with the fraction it means."""
    tokens: list[Token] = []
    written = text  # card names in quotes are read from it: `'ＨＥＲＯ＇Ｓ ボンド'` keeps its ＇
    if not text.isascii():
        text = text.translate(_FULL_WIDTH)
    index = 0
    while index < len(text):
        char = text[index]
        column = index + 1
        if char.isspace():
            index += 1
            continue
        if char in _QUOTES:
            # The mapping is one character for one, so an index in `text` is one in `written`.
            value, index = _read_string(written, index)
            tokens.append(Token(STRING, written[column - 1 : index], column, value))
            continue
        number = _NUMBER.match(text, index)
        if number:
            raw = number.group()
            end = number.end()
            if len(raw) > 20:
                # No count or probability needs this many digits; Python's int() would also
                # refuse thousands of them with an unrelated message.
                raise ExpressionError(f"number with {len(raw)} digits; no rule needs more than 20", column=column)
            if end < len(text) and (text[end].isalpha() or text[end] == "_"):
                raise ExpressionError(f"unexpected {text[end]!r} after the number {raw}", column=end + 1)
            tokens.append(Token(NUMBER, raw, column, float(raw) if "." in raw else int(raw)))
            index = end
            continue
        name = _NAME.match(text, index)
        if name:
            tokens.append(Token(NAME, name.group(), column))
            index = name.end()
            continue
        pair = text[index : index + 2]
        if pair in COMPARISONS[:4]:
            tokens.append(Token(OP, pair, column))
            index += 2
            continue
        if pair in ("&&", "||"):
            raise ExpressionError(f"unexpected {pair!r}; {_MISTAKES[char]}", column=column)
        if pair in _REVERSED:
            # `keep7 => 0.85`: "use == to compare" sent the writer of a `>=` the wrong way.
            raise ExpressionError(f"unexpected {pair!r}; did you mean {_REVERSED[pair]!r}?", column=column)
        if char in "<>+-*/":
            tokens.append(Token(OP, char, column))
        elif char in "(),":
            tokens.append(Token(char, char, column))
        elif char in _MISTAKES:
            raise ExpressionError(f"unexpected {char!r}; {_MISTAKES[char]}", column=column)
        elif char in _PRINTED:
            raise ExpressionError(f"unexpected character {char!r}; write {_PRINTED[char]}", column=column)
        elif char == "%" and probabilities and tokens and tokens[-1].kind == NUMBER:
            # `keep7 >= 85%`: the odds an assertion compares are fractions, not percentages.
            percent, decimal_comma = tokens[-1].text, ""
            # Plain digits either side of the comma only: `60,5.5%` would be 60.5.5, no number.
            if len(tokens) >= 3 and tokens[-2].kind == COMMA and tokens[-3].kind == NUMBER and tokens[-3].text.isdigit() \
                    and tokens[-1].text.isdigit() and tokens[-2].column == tokens[-1].column - 1 == tokens[-3].column + len(tokens[-3].text):
                # `60,5%`, a percentage with a decimal comma as most of Europe writes it: 60.5
                # per cent, which "write 0.05" (the 5 alone) got wrong.
                percent, decimal_comma = f"{tokens[-3].text}.{tokens[-1].text}", ", and a decimal is written with a point"
            raise ExpressionError(
                f"unexpected '%' after {percent.replace('.', ',') if decimal_comma else percent}: "
                f"a probability is a number from 0 to 1{decimal_comma}; write {fraction(percent)}", column=column,
            )
        else:
            raise ExpressionError(f"unexpected character {char!r}", column=column)
        index += 1
    tokens.append(Token(END, "", len(text) + 1))
    return tokens


def fraction(percent: str) -> str:
    """`85` (a percentage as written) as the fraction it means, written out: `0.85`."""
    from decimal import Decimal

    return format(Decimal(percent) / 100, "f")


def _read_string(text: str, start: int) -> tuple[str, int]:
    closing = _QUOTES[text[start]]
    chars: list[str] = []
    index = start + 1
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text):
            chars.append(text[index + 1])
            index += 2
            continue
        if char == closing:
            return "".join(chars), index + 1
        chars.append(char)
        index += 1
    opening = text[start]
    # A full-width or curly quote closes only with its own closer; a plain `"` after `＂`
    # (the input method switched back to half-width) looks closed to its writer: name both.
    how = "" if opening in "\"'" else f": opened with {opening}, close it with {closing}"
    raise ExpressionError(f"this quote is never closed{how}", column=start + 1)
