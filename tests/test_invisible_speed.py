"""Invisible characters are removed in C, not one Python call a character: a pasted text of 4 MiB of bidirectional
overrides took 6.2 s and 208 MB to read (a Python call for every non-ASCII character, then
again for every one of a line's removed characters), 4 MiB of combining accents 2.6 s and
211 MB; plain junk lines of that size cost milliseconds (docs/security.md)."""
from __future__ import annotations

import sys
import unicodedata

import pytest

from deckcheck import names, validate
from deckcheck.decklists.common import remove_invisible

HALF = 2 * 1024 * 1024 - 100  # characters: 4 MiB of UTF-8 at least

HOSTILE = {
    "overrides in one line": "1 " + "\u202e" * HALF,
    "overrides in short lines": ("1 a\u202e" + "\u200b" * 996 + "\n") * (HALF // 1000),
    "combining accents": "1 " + "\u0301" * HALF,
}


@pytest.mark.parametrize("name", HOSTILE)
def test_megabytes_of_invisible_or_combining_characters_cost_a_call_a_run_not_a_character(name, monkeypatch):
    # What made them slow was a Python call for every non-ASCII character (names._visible,
    # re.sub's callback); now only runs of characters that may be invisible reach it, and a
    # run costs one call. Counted, not timed: speed lives in benchmarks, and a busy CI
    # machine would fail a clock for nothing.
    calls: list[int] = []
    visible = names._visible

    def counted(match):
        calls.append(len(match.group()))
        return visible(match)

    monkeypatch.setattr(names, "_visible", counted)
    result = validate(HOSTILE[name], "mtg/modern", "2024-06-01")
    assert result.problems
    assert len(calls) <= HOSTILE[name].count("\n") + 1  # one run a line at most here, never one a character


def test_a_line_s_removed_characters_are_counted_and_named_in_order():
    text = "1 Light\u202ening\u200b Bolt\u202e\u200b\n2 Isl\u2060and\n3 Mountain\n"
    cleaned, problems = remove_invisible(text)
    assert cleaned == "1 Lightning Bolt\n2 Island\n3 Mountain\n"
    assert [(problem.line, problem.message) for problem in problems] == [
        (1, "removed 4 invisible characters (U+202E RIGHT-TO-LEFT OVERRIDE, U+200B ZERO WIDTH SPACE) "
            "from this line; card names never hold one"),
        (2, "removed an invisible character (U+2060 WORD JOINER) from this line; card names never hold one"),
    ]


def test_every_invisible_character_of_this_python_is_removed():
    # The pattern that finds where an invisible character may be names ranges of code
    # points: every format character (category Cf) of the running Python's Unicode data,
    # and every one names.py ignores, must lie in them.
    invisible = [chr(code) for code in range(sys.maxunicode + 1)
                 if unicodedata.category(chr(code)) == "Cf" or chr(code) in names._IGNORABLE]
    kept = [f"U+{ord(char):04X}" for char in invisible if char != "\ufeff" and names.without_invisible(f"a{char}b") != "ab"]
    assert kept == []
    assert names.without_invisible("a\ufeffb") == "ab"
    assert names.without_invisible("Jötun\u0301 ブラック・マジシャン\u00a0x") == "Jötun\u0301 ブラック・マジシャン\u00a0x"


def test_megabytes_of_cjk_names_cost_no_python_call_a_name(monkeypatch):
    # A pasted or uploaded text of Korean, Chinese or Japanese names is a run of non-ASCII
    # characters every few characters: each run was a Python call (names._visible_run, and
    # for runs of two or more a second search), 2.4 s of a 4 MiB upload's 4. A long text is
    # searched for the characters that may be invisible at once, in C; a short one (a deck)
    # still a run at a time, cheaper where runs are few. Counted, not timed.
    calls: list[int] = []
    visible_run = names._visible_run

    def counted(match):
        calls.append(1)
        return visible_run(match)

    monkeypatch.setattr(names, "_visible_run", counted)
    text = "4 하루 우라라\n3 灰流うらら\n" * 40_000
    assert names.without_invisible(text) == text
    spoiled = text + "1 Isl\u200band\n"
    assert names.without_invisible(spoiled) == text + "1 Island\n"
    assert calls == []
    # A deck's worth still reads a run at a time, and says the same.
    short = "4 Jötun\u200b Grunt\n3 灰流\u202eうらら\n"
    assert names.without_invisible(short) == "4 Jötun Grunt\n3 灰流うらら\n" and len(calls) == 3


def test_a_long_text_loses_every_invisible_character_as_a_short_one_does():
    # The whole-text search (past names._SEARCHED_WHOLE_CHARS) and the run-at-a-time one
    # remove the same characters: every one of this Python's, between letters beyond ASCII.
    invisible = "".join(chr(code) for code in range(sys.maxunicode + 1)
                        if unicodedata.category(chr(code)) == "Cf" or chr(code) in names._IGNORABLE)
    piece = "é" + invisible + "ö\u00a0ブ"
    copies = names._SEARCHED_WHOLE_CHARS // len(piece) + 2
    assert names.without_invisible(piece) == "éö\u00a0ブ"
    assert names.without_invisible(piece * copies) == "éö\u00a0ブ" * copies
