"""Terminal colour: on for terminals only, off when NO_COLOR is set (https://no-color.org),
CLICOLOR=0 or the terminal says it is dumb (TERM=dumb); `inert`, how a name shows in a text report:
its control characters as visible symbols; and the columns of a text table: every table
measures and pads its cells here (`cell`, `widest`, `pad`), by terminal columns as shown
(emoji sequences and invisible marks included: `columns`)."""
from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from ..lazy_pattern import lazy

_CODES = {"red": "31", "green": "32", "yellow": "33", "dim": "2", "bold": "1", "cyan": "36"}


def wants_color() -> bool:
    """Colour when stdout is a terminal; never with NO_COLOR (no-color.org); always with FORCE_COLOR
    (force-color.org: a CI log that shows colour, where stdout is a pipe) or CLICOLOR_FORCE
    set and not 0 (bixense.com/clicolors), NO_COLOR winning over both; none on a terminal
    with CLICOLOR=0 (ls and git on macOS and the BSDs read them so)."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR") or os.environ.get("CLICOLOR_FORCE", "0") not in ("", "0"):
        return True
    if os.environ.get("CLICOLOR") == "0":
        return False
    # TERM=dumb: a terminal that shows escape codes as text (Emacs's M-x shell, some CI
    # log viewers), as ls and git leave it uncoloured.
    if os.environ.get("TERM") == "dumb":
        return False
    return bool(getattr(sys.stdout, "isatty", lambda: False)())


def paint(text: str, style: str, *, color: bool) -> str:
    if not color:
        return text
    return f"\x1b[{_CODES[style]}m{text}\x1b[0m"


# Controls (line breaks and tabs among them), C1 controls, line and paragraph separators
# and bidirectional overrides: none of them may reach a terminal from a name.
# DEL, C1 controls and bidirectional overrides as a character-class body, shared with
# `printable` (which lets line breaks and tabs through, and shows the rest).
DEL_C1_AND_BIDI = "\x7f-\x9f\u202a-\u202e\u2066-\u2069"
_NOT_IN_NAMES = lazy(f"[\x00-\x1f\u2028\u2029{DEL_C1_AND_BIDI}]")


def symbol_for(char: str) -> str:
    """The visible stand-in of a control character: its Unicode "control picture" (␛ for
    ESC, ␊ for a line feed, ␡ for DEL), U+FFFD for C1 controls, separators and bidi overrides."""
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)
    return "\u2421" if code == 0x7F else "\ufffd"


# What reaches a terminal or a written file from text holding names (cli/common.emit,
# converting.convert): `_UNSAFE` are the controls shown, and deckcheck's colour codes.
_COLOR_CODE = lazy(r"\x1b\[[0-9]{1,2}m")
_UNSAFE = lazy(rf"\x1b\[[0-9]{{1,2}}m|[\x00-\x08\x0b\x0c\x0e-\x1f{DEL_C1_AND_BIDI}]|\r(?!\n)")
# The characters every `_UNSAFE` match starts with (ESC and CR among them), as one class: a
# report without any (every JSON report, most others) is told so three times faster than
# by `_UNSAFE`'s alternatives (a 10,000-deck batch's JSON: 45 -> 14 ms).
_UNSAFE_START = lazy(rf"[\x00-\x08\x0b-\x1f{DEL_C1_AND_BIDI}]")
# The UTF-8 bytes (surrogates passed as bytes) of text that `printable` leaves as it is
# and UTF-8 carries: every byte but the ASCII controls `_UNSAFE_START` names and the lead
# bytes of C1 controls (0xC2: U+0080-U+00BF), of the bidirectional ones (0xE2:
# U+2000-U+2FFF) and of lone surrogates (0xED: U+D000-U+DFFF), which no UTF-8 output takes.
_PLAIN_UTF8 = bytes(set(range(256)) - set(range(0x00, 0x09)) - set(range(0x0B, 0x20)) - {0x7F, 0xC2, 0xE2, 0xED})


def plain_utf8(data: bytes) -> bool:
    """Whether the UTF-8 `data` holds only bytes of `_PLAIN_UTF8`, told in C: a
    10,000-deck batch's JSON report (5.5 MB) in about 2 ms where `_UNSAFE_START`'s class,
    tested character by character, takes 23 ms. False only means "maybe": a text with
    `—`, `’` or a C1 lead byte is then asked of the pattern."""
    return not data.translate(None, _PLAIN_UTF8)


def _surely_plain(text: str) -> bool:
    """Whether `text` surely holds no character `_UNSAFE_START` matches (`plain_utf8`)."""
    return plain_utf8(text.encode("utf-8", "surrogatepass"))


def printable(text: str, *, color: bool = False) -> str:
    """`text` with control characters shown as `inert` shows them, line breaks and tabs
    kept: what deckcheck writes on stdout (cli/common.emit) and into a converted list
    (converting.convert); deckcheck's colour codes kept when `color`."""
    return text if _surely_plain(text) else made_printable(text, color)


def made_printable(text: str, color: bool) -> str:
    """`printable(text)` once the quick look (`_surely_plain`) has not cleared `text`:
    the pattern alone is asked (emit_utf8 took that look at the bytes already)."""
    if not _UNSAFE_START.search(text):
        return text
    return _UNSAFE.sub(lambda found: found.group() if color and _COLOR_CODE.fullmatch(found.group()) else inert(found.group()), text)


# A name's DEL, C1 controls and bidirectional overrides as a JSON or an XML report file
# writes them (`escaped`): the format's own escape of the code point, which a parser reads
# back as the name was written and `cat` shows as text. (JSON escapes C0 controls itself;
# JUnit writes those XML has not as `\xNN`: report/junit.py.)
_RAW_IN_DOCUMENTS = lazy(f"[{DEL_C1_AND_BIDI}]")
JSON_ESCAPE = "\\u{:04x}"
XML_ESCAPE = "&#x{:X};"


def escaped(text: str, escape: str) -> str:
    """`text`, a JSON or XML document, with each DEL, C1 control and bidirectional override
    written as `escape` (JSON_ESCAPE, XML_ESCAPE) formats its code point. Such a character
    stands only in a string (JSON) or in text and attribute values (XML), where the escape
    means it: the document reads the same."""
    if not _RAW_IN_DOCUMENTS.search(text):
        return text
    return _RAW_IN_DOCUMENTS.sub(lambda found: escape.format(ord(found.group())), text)


# The width of the text deckcheck lays out itself (`formats show`, `cards lookup`): an
# 80-column terminal, as the help's widest (cli/help_text.HELP_WIDTH).
TEXT_WIDTH = 80


def fitted(line: str, hang: int | None = None, width: int = TEXT_WIDTH) -> list[str]:
    """`line` as lines of at most `width` terminal columns (`columns`), broken between words
    (a card name's hyphen is no place to break; Chinese and Japanese between characters
    too: `word_pieces`), the lines after the first indented `hang` blanks (by
    default the line's own indent and four more, deeper than the lines listed under it);
    a line that fits, or a word too long for any (a file's path), as it is. A terminal
    would break it at any character and carry on at its left edge."""
    if columns(line) <= width:
        return [line]
    lead = len(line) - len(line.lstrip(" "))
    indent = lead + 4 if hang is None else hang
    if columns(line) != len(line):
        # Chinese or Japanese (two columns a character, no blanks between words): measured
        # in terminal columns and broken between characters too, as a table's names are.
        parts = _filled(_ONE_BLANK.split(line[lead:]), width - lead, width - indent)
        return [" " * (indent if at else lead) + part for at, part in enumerate(parts)] or [line]
    import textwrap  # only for a long line

    return textwrap.wrap(line[lead:], width=width, initial_indent=" " * lead, subsequent_indent=" " * indent,
                         break_long_words=False, break_on_hyphens=False) or [line]


# A blank between two words: a run of blanks (up to a label's value) is no place to break
# and stays as it is, within the word before it.
_ONE_BLANK = lazy(r"(?<! ) (?! )")
# `  text:       ...`: a label, then blanks up to the column of its value.
_LABELLED = lazy(r" *\S[^:]*: {2,}(?=\S)")


def fitted_text(text: str) -> str:
    """`text` with each line `fitted`: a labelled value (`  text:       +2: Look at ...`)
    and the lines of that value after it carried on under the value, any other line four
    columns deeper than itself."""
    lines, value_at = [], None
    for line in text.split("\n"):
        labelled = _LABELLED.match(line)
        lead = len(line) - len(line.lstrip(" "))
        if labelled:
            value_at = labelled.end()
        elif lead != value_at:
            value_at = None
        lines += fitted(line, value_at)
    return "\n".join(lines)


def name_lines(name: str, width: int, hang: int = 2) -> list[str]:
    """`name` (a table's cell, as shown) broken between words into lines of at most `width`
    terminal columns (`columns`), the lines after the first `hang` columns narrower (they
    are indented so, under the row they carry on); a name of faces that does not fit starts
    each face after the first on a line of its own (`// Petty Theft`), and a face too wide
    for its line is broken between its own words (Chinese and Japanese between characters:
    `word_pieces`); a word wider than its line stays whole. A name that fits is one line."""
    if columns(name) <= width:
        return [name]
    lines: list[str] = []
    for face in face_words(name):
        lines += _filled(face, width - (hang if lines else 0), width - hang)
    return lines


def _filled(words: list[str], first: int, later: int) -> list[str]:
    """`words` joined by blanks into lines of at most `first` terminal columns, then `later`,
    broken between words and between the `word_pieces` of a word in Chinese or Japanese; a
    piece wider than its line on a line of its own."""
    lines: list[str] = []
    line = ""
    for word in words:
        for at, piece in enumerate(word_pieces(word)):
            joined = f"{line}{'' if at else ' '}{piece}" if line else piece
            if line and columns(joined) > (later if lines else first):
                lines.append(line)
                line = piece
            else:
                line = joined
    return [*lines, line] if line else lines


# Japanese line breaking (JIS X 4051, kinsoku): no line starts with a prolonged sound mark,
# a small kana, an iteration mark or closing punctuation, nor ends with opening punctuation;
# in their full-width forms, and the ASCII and half-width ones a name mixes in among wide
# characters (`灰流うらら(ハーピィ)`: no line of `(` alone, none starting with `)`).
_NO_LINE_START = frozenset("ー・、。，．：；？！」』）】〕〉》｝］〙〗ヽヾゝゞ々ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
                           ")]},.:;!?｣､｡ｰ･ｧｨｩｪｫｬｭｮｯ")
_NO_LINE_END = frozenset("「『（【〔〈《｛［〘〖([{｢")


def word_pieces(word: str) -> list[str]:
    """`word` as the pieces a line of `name_lines` may break between: the word whole, unless
    it holds Chinese or Japanese (East Asian wide) characters, which are written without
    spaces and may be broken before or after each (`稲妻` is `稲`, `妻`), bar the breaks
    Japanese does not make (`ハーピィ` is `ハー`, `ピィ`) and within a run of narrow
    characters (the `G` of `増殖するG` stays one piece, as a Latin word would)."""
    if word.isascii():
        return [word]
    import unicodedata

    # Where each piece starts, the word sliced once at the end: a piece grown a character
    # at a time is copied at each, quadratic in a long run (200,000 narrow letters after a
    # wide one took 6.5 s).
    starts = [0]
    wide_before = False
    before = ""
    for at, char in enumerate(word):
        wide = unicodedata.east_asian_width(char) in "WF"
        # Never inside an emoji sequence: before a mark or skin tone, or after a joiner.
        joined = columns(char) == 0 or ord(char) in _SKIN_TONES or before == _JOINER
        if at and (wide or wide_before) and not joined and char not in _NO_LINE_START and before not in _NO_LINE_END:
            starts.append(at)
        wide_before = wide
        before = char
    return [word[start:end] for start, end in zip(starts, [*starts[1:], len(word)])]


def face_words(name: str) -> list[list[str]]:
    """The faces of `name` (parted at ` // `), each as the words a line of `name_lines` may
    break between: a face after the first starts with `//` joined to its first word, so a
    `//` never ends a line."""
    faces = [face.split(" ") for face in name.split(" // ")]
    return [words if i == 0 else [f"// {words[0]}", *words[1:]] for i, words in enumerate(faces)]


def cut(text: str, limit: int) -> str:
    """`text`, or its first `limit` - 1 characters and an ellipsis when it is longer."""
    return text if len(text) <= limit else text[:limit - 1] + "\u2026"


def inert(text: str) -> str:
    """`text` from a file (a card, deck, player, team or file name, or a message quoting one)
    with every control character shown as its symbol: a name cannot colour, hide or move
    anything, nor start a line of its own, in a text report (docs/security.md)."""
    return _NOT_IN_NAMES.sub(lambda found: symbol_for(found.group()), text) if _NOT_IN_NAMES.search(text) else text


_JOINER = "\u200d"  # ZWJ: the emoji after it joins the one before (a family, a rainbow flag)
_EMOJI_STYLE = "\ufe0f"  # VS16: the character before it drawn as a colour emoji
_SKIN_TONES = range(0x1F3FB, 0x1F400)  # the Fitzpatrick modifiers of the emoji before them


def columns(text: str) -> int:
    """The terminal columns `text` takes, as terminals draw it (the rules of wcwidth's
    wcswidth): two for a wide character (Chinese, Japanese and Korean script, full-width
    forms, most emoji), none for a mark drawn on the character before it (combining marks,
    a Thai vowel sign), an invisible format character (a zero-width space or joiner), a
    skin tone or an emoji joined to the one before it; a character made a colour emoji by
    VS16 takes two. One for any other. Player names carry such emoji: each counted as its
    code points would push the next column of a table left."""
    if text.isascii():
        return len(text)
    import unicodedata

    total = 0
    last = 0  # the columns of the character before, for VS16
    previous = ""
    for char in text:
        if previous == _JOINER or (previous and ord(char) in _SKIN_TONES):
            width = 0
        elif char == _EMOJI_STYLE:
            width = 1 if last == 1 else 0
        elif unicodedata.category(char) in ("Mn", "Me") or (unicodedata.category(char) == "Cf" and char != "\xad"):
            width = 0
        else:
            width = 2 if unicodedata.east_asian_width(char) in "WF" else 1
        total += width
        last = width if char != _EMOJI_STYLE else 2
        previous = char
    return total


# Text as the output will show it: on a legacy terminal, each character its encoding lacks
# as the nearest it has (cli/common.py, `shown_on_stdout`: `AEther Vial`, `+/-` for `±`), so
# that a table measures a cell as it will be shown, not as it was written.
Shown = Callable[[str], str]


def as_is(text: str) -> str:
    """How an output that carries every character (UTF-8, a file) shows `text`."""
    return text


def cell(text: str, shown: Shown = as_is) -> str:
    """`text` (a name from a file, or a number deckcheck wrote) as a table cell: inert, as shown."""
    return shown(inert(text))


def widest(cells: Iterable[str], least: int = 0) -> int:
    """The terminal columns (`columns`) of the widest of `cells`; `least` when that is wider
    (the column's heading) or there are none."""
    return max([least, *(columns(text) for text in cells)])


def pad(text: str, width: int, *, right: bool = False) -> str:
    """`text` with blanks after it up to `width` terminal columns (`columns`); before it
    when `right` (a column of numbers). Never `str.ljust` or a format's width, which count
    characters: a table padded by them would put a column of `山田太郎` four columns off."""
    blanks = " " * (width - columns(text))
    return blanks + text if right else text + blanks
