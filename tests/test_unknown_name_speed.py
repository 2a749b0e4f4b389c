"""An unknown name's alphabet is looked up once a distinct letter, never once a character:
a pasted text of 4 MiB of long unknown names (4,000 lines of 1,000 characters, each line
its own name) took 5.3 s in Magic and 8.5 s in Yu-Gi-Oh!, 70% of it naming every letter of
every name twice (`script_note`: 3.5 million Unicode lookups), where the same 4 MiB of
short names takes about 2.4 s (docs/security.md). Each name's letters are now looked at once
(its message tells whether the card data has never heard of it too)."""
from __future__ import annotations

import unicodedata

import pytest

from deckcheck import validate
from deckcheck.cards.resolve import script_note

LINES = 1000
FORMATS = ("mtg/modern", "yugioh/advanced-tcg", "wow/constructed")


def _long_names(unit: str) -> str:
    return "\n".join(f"1 {number:05d}{(unit * 1000)[:1000]}" for number in range(LINES))


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("unit", [" 9 and ", " Jötun Молния"], ids=["latin", "cyrillic"])
def test_long_unknown_names_cost_a_lookup_a_distinct_letter_not_a_character(fmt, unit, monkeypatch):
    # Counted, not timed (as tests/test_invisible_speed.py): a busy CI machine would fail a
    # clock for nothing. A first short list loads the card data, whose own names are looked
    # up once (names._is_latin remembers each character).
    validate(_long_names(unit)[:10_000], fmt)
    calls = 0
    name = unicodedata.name

    def counted(char, *default):
        nonlocal calls
        calls += 1
        return name(char, *default)

    monkeypatch.setattr(unicodedata, "name", counted)
    result = validate(_long_names(unit), fmt)
    assert any(problem.rule == "unknown-card" for problem in result.problems)
    distinct_letters = len({char for char in unit if char.isalpha() and not char.isascii()})
    # Once a name: its message and whether the data has never heard of it (the note that
    # the card may be newer than the data) are told by one look (cards/resolve.never_heard_of).
    assert calls <= LINES * distinct_letters


@pytest.mark.parametrize(("name", "note"), [
    ("Lightning Blot", ""),
    ("Jötun Grunt", ""),  # Latin letters beyond ASCII are still English's alphabet
    ("Молния", " (card names are read in English; this one is in Cyrillic letters)"),
    ("ブラック・マジシャン", " (card names are read in English; this one is in Katakana letters)"),
    ("闇の護封剣", " (card names are read in English; this one is in CJK letters)"),
    ("Молния Βολή", " (card names are read in English; this one is in Cyrillic letters)"),  # the first in order
    ("123 !?", ""),
    ("", ""),
])
def test_the_alphabet_note_names_the_first_script_other_than_latin(name, note):
    assert script_note(name) == note


def test_accents_are_stripped_asking_only_of_the_letters_a_mark_follows(monkeypatch):
    """names.without_accents asked whether every letter was Latin, a Unicode name lookup for
    each letter it had not kept (4,096): a pasted text of 4 MiB of unknown names in kanji
    took seconds there. Only a letter a combining mark follows needs the answer."""
    from deckcheck import names

    asked: list[str] = []
    is_latin = names._is_latin
    monkeypatch.setattr(names, "_is_latin", lambda char: asked.append(char) or is_latin(char))
    kanji = "".join(chr(0x4E00 + offset) for offset in range(1000))
    assert names.without_accents(f"{kanji} Jötunn ブ") == f"{kanji} Jotunn ブ"
    assert asked == ["o", "フ"]  # ö and ブ decomposed: a letter and its mark


def test_every_combining_mark_is_where_accents_are_looked_for():
    """names._maybe_marks() holds every character of a combining class other than 0 in the
    running Python's Unicode data: only its runs are looked at, so a mark outside it would
    stay on its Latin letter."""
    import sys

    from deckcheck import names

    marks = [chr(code) for code in range(sys.maxunicode + 1) if unicodedata.combining(chr(code))]
    assert len(marks) > 800
    assert [mark for mark in marks if not names._maybe_marks().fullmatch(mark)] == []


def test_names_of_long_ligatures_are_stripped_of_accents_in_c(monkeypatch):
    """Each character of a name's compatibility form was a Python step to strip accents, and
    1,000 U+FDFA are 18,000 characters (Arabic letters, no mark): a pasted text of 4,100 such
    names took 8.7 s of CPU in Magic and 17.5 s in Yu-Gi-Oh!. Only runs of characters that
    may be marks reach Python now; these names hold none."""
    from deckcheck import names

    runs = []
    strip = names._without_latin_marks
    monkeypatch.setattr(names, "_without_latin_marks", lambda run: runs.append(run.group()) or strip(run))
    text = "".join(f"1 a{number}" + "\ufdfa" * 1000 + "\n" for number in range(100))
    for fmt in FORMATS:
        assert validate(text, fmt).problems
    assert runs == []
    assert names.without_accents("Lim-Dûl \ufdfa ブ") == "Lim-Dul " + unicodedata.normalize("NFKD", "\ufdfa") + " ブ"
    assert runs == ["\u0302", "\u3099"]


def test_latin_names_are_stripped_of_accents_without_building_the_mark_table():
    """`Lim-Dûl`, `Piñata`: names of Latin letters and their accents take the short way,
    and it strips what the general one does for every Latin letter, accent and mix."""
    from deckcheck import names

    names._maybe_marks.cache_clear()
    assert names.without_accents("Lim-Dûl's Vault") == "Lim-Dul's Vault"
    assert names.without_accents("Robo-Piñata Æ") == "Robo-Pinata Æ"
    assert names._maybe_marks.cache_info().misses == 0
    general = names._maybe_marks()
    letters = [chr(code) for code in range(0x20, 0x250)]
    marks = [chr(code) for code in range(0x300, 0x370)]
    for letter in letters:
        for text in (letter, letter + marks[letter.__hash__() % len(marks)], letter + "\u0301\u0308", "\u0301" + letter):
            decomposed = unicodedata.normalize("NFKD", text)
            expected = unicodedata.normalize("NFC", general.sub(names._without_latin_marks, decomposed))
            assert names.without_accents(text) == expected, repr(text)


def test_letter_counts_of_long_names_are_not_kept_for_the_process():
    """could_suggest's letter counts are cached for 4,096 texts: names of a line of kanji
    (1,024 different letters each) kept some 150 MB for good. Only texts of a card name's
    length are kept; the answers are the same."""
    import gc
    import tracemalloc

    from deckcheck.cards import suggest

    long_names = ["".join(chr(0x4E00 + (start + step) % 20_000) for step in range(1_000)) for start in range(50)]
    gc.collect()
    tracemalloc.start()
    try:
        for name in long_names:
            suggest.could_suggest.__wrapped__(name, long_names[0])
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert kept < 200_000, f"{kept:,} bytes kept after 50 names"  # 50 counts of 1,000 letters: 2 MB
    suggest._kept_letters.cache_clear()
    assert suggest.could_suggest.__wrapped__("bolt lightning", "lightning bolt")  # by their letters
    assert suggest._kept_letters.cache_info().currsize == 2
    assert suggest._letters(long_names[1]) == {char: 1 for char in long_names[1]}
