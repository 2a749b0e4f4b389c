"""Read big JSON files one item at a time: Scryfall bulk arrays and MTGJSON objects.

Scryfall's bulk files are a single JSON array of 30,000 to 100,000 card objects (150 MB
and more); MTGJSON's AtomicCards.json is one object keyed by card name. `json.load` would
hold all of it in memory at once. This reader keeps a window of text, decodes one value
at a time with `json.JSONDecoder.raw_decode`, and drops what it has consumed.

An item cut by the end of the window is retried with more text; at the end of the file
it is a truncated file, reported with its position.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, TextIO

from ..limits import MAX_JSON_ITEM_CHARS as MAX_ITEM_CHARS
from ..limits import NumberTooLong, whole_number

CHUNK_CHARS = 1 << 20
# An array's items are decoded with at least this much text ahead where the file has it
# (card objects are a few KiB): an item cut by the end of the window costs a failed decode,
# and a JSONDecodeError counts the lines of the whole window for its message.
READ_AHEAD_CHARS = 1 << 16
# No card object comes near MAX_ITEM_CHARS (limits.py); an item still undecodable at that
# size is broken, not cut, and the window never holds more.
_WHITESPACE = " \t\n\r"


class JsonStreamError(ValueError):
    """The text is not the JSON expected; `position` counts characters from the start."""

    def __init__(self, message: str, position: int):
        self.position = position
        super().__init__(f"{message} (at character {position:,})")


class JsonStream:
    def __init__(self, text: TextIO, *, chunk_chars: int = CHUNK_CHARS):
        self._text = text
        self._chunk = chunk_chars
        self._buf = ""
        self._pos = 0
        self._dropped = 0  # characters discarded before the window
        self._eof = False
        self._decoder = json.JSONDecoder(parse_int=whole_number)

    @property
    def position(self) -> int:
        return self._dropped + self._pos

    def _fill(self) -> bool:
        if self._eof:
            return False
        chunk = self._text.read(self._chunk)
        if not chunk:
            self._eof = True
            return False
        if self._pos > self._chunk:  # forget what was consumed so the window stays small
            self._dropped += self._pos
            self._buf = self._buf[self._pos:]
            self._pos = 0
        self._buf += chunk
        return True

    def peek(self) -> str | None:
        """The next character that is not whitespace, or None at the end of the text."""
        while True:
            buf, pos = self._buf, self._pos
            while pos < len(buf) and buf[pos] in _WHITESPACE:
                pos += 1
            self._pos = pos
            if pos < len(buf):
                return buf[pos]
            if not self._fill():
                return None

    def expect(self, char: str, what: str) -> None:
        found = self.peek()
        if found != char:
            shown = "the end of the file" if found is None else repr(found)
            raise JsonStreamError(f"expected {what}, found {shown}", self.position)
        self._pos += 1

    def value(self) -> Any:
        """Decode the next JSON value, reading more text until it is complete."""
        if self.peek() is None:
            raise JsonStreamError("the file ends where a value was expected (truncated?)", self.position)
        while True:
            try:
                value, end = self._decoder.raw_decode(self._buf, self._pos)
            except json.JSONDecodeError as exc:
                if len(self._buf) - self._pos < MAX_ITEM_CHARS and self._fill():
                    continue
                tail = self._buf.rstrip()
                if self._eof and (exc.pos >= len(tail) or exc.msg.startswith("Unterminated") or not tail.endswith(("]", "}"))):
                    raise JsonStreamError("the file ends in the middle of an item (truncated?)", self.position) from None
                raise JsonStreamError(f"invalid JSON: {exc.msg}", self._dropped + exc.pos) from None
            except NumberTooLong as exc:
                raise JsonStreamError(str(exc), self.position) from None
            except RecursionError:  # deeper than Python's decoder recurses: no card is
                raise JsonStreamError("invalid JSON: an item nested too deeply", self.position) from None
            # A number or literal that touches the end of the window may continue in the next chunk.
            if end == len(self._buf) and not isinstance(value, (dict, list, str)) and self._fill():
                continue
            self._pos = end
            return value

    def items(self) -> Iterator[Any]:
        """The elements of the array that starts here, decoded one by one."""
        self.expect("[", "a JSON array '['")
        if self.peek() == "]":
            self._pos += 1
            return
        scan = self._decoder.scan_once
        read_ahead = min(READ_AHEAD_CHARS, self._chunk)
        while True:
            # The usual item of a bulk file, an object that ends inside the window with a ','
            # after it (a line break either side at most), is decoded here without the calls
            # of the general path below; anything else (whitespace, the end of the window,
            # an error) takes that path from the same place.
            buf, pos = self._buf, self._pos
            if len(buf) - pos < read_ahead and self._fill():
                continue
            if buf.startswith("\n", pos):
                pos += 1
            try:
                value, end = scan(buf, pos)
            except (StopIteration, ValueError, RecursionError):  # `value` says which, and where
                value = None
            if type(value) is dict:
                if buf.startswith("\n", end):
                    end += 1
                if buf.startswith(",", end):
                    self._pos = end + 1
                    yield value
                    continue
            yield self.value()
            if self._after_member("]", "array"):
                return

    def keys(self) -> Iterator[str]:
        """The keys of the object that starts here. After each key the caller must consume
        its value (`value()`, `items()`, `keys()` or `skip()`) before asking for the next."""
        self.expect("{", "a JSON object '{'")
        if self.peek() == "}":
            self._pos += 1
            return
        while True:
            if self.peek() != '"':
                raise JsonStreamError("expected a quoted object key", self.position)
            key = self.value()
            self.expect(":", "':' after an object key")
            yield key
            if self._after_member("}", "object"):
                return

    def skip(self) -> None:
        self.value()

    def _after_member(self, closer: str, what: str) -> bool:
        """Consume the ',' or the closing bracket after a member; True when it closed."""
        pos = self._pos
        if pos < len(self._buf) and self._buf[pos] == ",":  # the usual case, without peek's loop
            self._pos = pos + 1
            return False
        found = self.peek()
        if found in (",", closer):
            self._pos += 1
            return found == closer
        if found is None:
            raise JsonStreamError(f"the file ends inside the {what} (truncated?)", self.position)
        raise JsonStreamError(f"expected ',' or '{closer}' in the {what}, found {found!r}", self.position)

    def expect_end(self) -> None:
        found = self.peek()
        if found is not None:
            raise JsonStreamError(f"unexpected {found!r} after the end of the JSON value", self.position)
