"""A small, safe XML reader for deck files: elements with their line numbers.

Deck XML (MTGO `.dek`, Cockatrice `.cod`) never needs a DTD, so any `<!DOCTYPE`, entity
declaration or external reference is refused outright: that closes billion-laughs and
external-entity attacks without a further dependency. Nesting deeper than any real deck
file is refused too, and so is a file of more elements than any deck file (a tree of a
million empty elements took 700 MB); an element keeps at most MAX_XML_TEXT_CHARS of text (gathered in
pieces and joined once: adding to a string piece by piece took minutes on a file of
newlines inside one element).

The deck readers take each level from the one above it (`children_named`: cards are
children of their section or zone), never from every descendant: a `<section>` nested in
a `<section>` would otherwise have its cards read once per level above them, so 31 x 31
nested levels made one `<card>` count 961 times (docs/security.md). Elements where the
format has none are `parse-error`s (`misplaced`), their cards unread.
"""
from __future__ import annotations

import re
import xml.parsers.expat
from dataclasses import dataclass, field

from ..errors import InputError
from ..limits import MAX_XML_DEPTH as MAX_DEPTH
from ..limits import MAX_XML_ELEMENTS, MAX_XML_TEXT_CHARS
from ..problem import Problem
from .common import parse_error
from ..lazy_pattern import lazy


# Characters XML 1.0 allows (https://www.w3.org/TR/xml/#charsets): no writer of XML may
# write any other (report/junit.py escapes one as `\xNN`; a converted deck file: xml_chars).
NOT_XML = lazy("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_chars(text: str) -> str:
    """`text` (a deck file a writer made) with each character XML forbids written as a name
    shows it: a control as its symbol (␛, as converting shows the other formats' names),
    a noncharacter (U+FFFE, U+FFFF) or a lone surrogate as U+FFFD, as undecodable bytes
    are read. A name holding one made a file no XML reader, deckcheck's own included, took back."""
    if NOT_XML.search(text) is None:
        return text
    from ..report.style import symbol_for

    return NOT_XML.sub(lambda found: symbol_for(found.group()) if found.group() < " " else "\ufffd", text)


@dataclass(slots=True)  # no dict of fields per element: a file holds up to MAX_XML_ELEMENTS
class Element:
    tag: str
    attrs: dict[str, str]
    line: int
    depth: int
    text: str = ""
    children: list["Element"] = field(default_factory=list)
    # Text as it arrives (expat hands it over in many small pieces), and how much is kept;
    # None until some does: a `<Cards .../>` has none.
    _pieces: list[str] | None = field(default=None, repr=False)
    _kept: int = field(default=0, repr=False)

    def iter(self, tag: str):
        for child in self.children:
            if child.tag == tag:
                yield child
            yield from child.iter(tag)

    def children_named(self, tag: str) -> list["Element"]:
        """The element's own children called `tag`, none of their descendants."""
        return [child for child in self.children if child.tag == tag]


def misplaced(parent: Element, expected: str = "", *, zone: str | None = None) -> list[Problem]:
    """A `parse-error` for each child of `parent` that is not an `expected` element (any
    child when `expected` is empty): nesting the format does not have, left unread."""
    allowed = f"only <{expected}> elements are read there" if expected else "nothing inside it is read"
    return [
        parse_error(f"<{child.tag}> inside <{parent.tag}> (line {parent.line}): {allowed}", line=child.line, zone=zone)
        for child in parent.children if child.tag != expected
    ]


class _Refused(Exception):
    pass


def parse_xml(text: str, *, source: str) -> Element:
    """Parse `text` into an element tree; raise InputError with the line on any fault."""
    parser = xml.parsers.expat.ParserCreate()
    parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)
    root = Element(tag="#document", attrs={}, line=0, depth=0)
    stack = [root]
    built = [0]  # elements so far (MAX_XML_ELEMENTS)

    def refuse(*_args) -> None:
        raise _Refused("DTDs and entity declarations are not allowed in deck files")

    def start(tag: str, attrs: dict[str, str]) -> None:
        if len(stack) > MAX_DEPTH:
            raise _Refused(f"elements nested deeper than {MAX_DEPTH} levels")
        built[0] += 1
        if built[0] > MAX_XML_ELEMENTS:
            raise _Refused(f"more than {MAX_XML_ELEMENTS:,} XML elements; no deck file holds that many (is this the right file?)")
        element = Element(tag=tag, attrs=attrs, line=parser.CurrentLineNumber, depth=len(stack))
        stack[-1].children.append(element)
        stack.append(element)

    def end(_tag: str) -> None:
        _close(stack.pop())

    def chars(data: str) -> None:
        element = stack[-1]
        room = MAX_XML_TEXT_CHARS - element._kept
        if room > 0:
            piece = data[:room]
            if element._pieces is None:
                element._pieces = [piece]
            else:
                element._pieces.append(piece)
            element._kept += len(piece)

    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.UnparsedEntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    try:
        # Encoding was settled when the bytes were read; drop any declaration that disagrees.
        # Fed a piece at a time: the text blanked and encoded whole were two more copies of
        # a file of up to 4 MiB (pyexpat encodes each piece it is given).
        head, rest = _without_declaration(text)
        parser.Parse(head, False)
        for start in range(rest, len(text), _PIECE):
            parser.Parse(text[start:start + _PIECE], False)
        parser.Parse("", True)
    except _Refused as exc:
        raise _unreadable(source, str(exc), parser.CurrentLineNumber) from None
    except xml.parsers.expat.ExpatError as exc:
        reason = f"not well-formed XML ({xml.parsers.expat.ErrorString(exc.code)})"
        if exc.code in _ENDED_EARLY and len(stack) > 1:
            # The text ran out with an element open: a file saved or copied in part, which
            # "no element found" or "unclosed token" did not say.
            reason += f": the file ends inside <{stack[-1].tag}>, never closed; {_CUT_SHORT}"
        raise _unreadable(source, reason, exc.lineno) from None
    except RecursionError:
        raise _unreadable(source, "XML nested too deeply", None) from None
    _close(root)
    return root


# What expat says when the text ends before the document does (an element still open, or a
# tag, a name or a character cut in two).
_ENDED_EARLY = frozenset(
    code for message, code in xml.parsers.expat.errors.codes.items()
    if message in ("no element found", "unclosed token", "partial character")
)
_CUT_SHORT = "it was cut short (saved or copied in part?): save or export it again"


def _unreadable(source: str, reason: str, line: int | None) -> InputError:
    """The error of XML that cannot be read, naming the file and the line (`reason` kept
    without them, for a caller that names them itself: registered_pools._unread)."""
    where = f"{source}: line {line}: " if line is not None else f"{source}: "
    return InputError(where + reason, line=line, reason=reason)


def _close(element: Element) -> None:
    """Join an element's text once, when it ends."""
    if element._pieces is not None:
        element.text = "".join(element._pieces)
        element._pieces = None


# The characters handed to expat at a time (parse_xml).
_PIECE = 1 << 16


def _without_declaration(text: str) -> tuple[str, int]:
    """(the start of `text` without its byte-order marks and with its XML declaration
    blanked, where in `text` the rest starts): the rest is read as it is, not copied."""
    marks = len(text) - len(text.lstrip("\ufeff")) if text.startswith("\ufeff") else 0
    # Hand-edited files sometimes start with a blank line; expat refuses a declaration that
    # is not at the very start, so blank it wherever it sits before the first element.
    blanks = re.compile(r"[ \t\r\n]*").match(text, marks).end()  # type: ignore[union-attr]  # always matches
    if text.startswith("<?xml", blanks):
        end = text.find("?>", blanks)
        if end != -1:
            # Keep line numbers: blank the declaration but keep any line break inside it.
            declaration = re.sub(r"[^\r\n]", " ", text[blanks : end + 2])
            return text[marks:blanks] + declaration, end + 2
    return text[marks:blanks], blanks
