"""Malformed and hostile files through the installed command (validate and batch): no
traceback, exit 1 or 2 as documented, every other deck of a batch still reported; and the
regression tests of the crashes and hangs fuzzing found."""
from __future__ import annotations

import json
import re
import time

import pytest

from deckcheck.errors import DeckcheckError
from deckcheck.decklists import parse_text
from deckcheck.decklists.common import MAX_LINE_CHARS
from deckcheck.textio import MAX_INPUT_BYTES
from memory import traced_peak

LEGAL = "4 Lightning Bolt\n56 Mountain\n"
HOSTILE = {
    "billion-laughs.dek": (
        b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;">'
        b'<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">]><Deck><Cards Quantity="1" Name="&lol2;"/></Deck>'
    ),
    "xxe.cod": (
        b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        b'<cockatrice_deck><zone name="main"><card number="1" name="&x;"/></zone></cockatrice_deck>'
    ),
    "deep.dek": b"<Deck>" + b"<a>" * 100_000 + b"</a>" * 100_000 + b"</Deck>",
    "truncated.dek": b'<?xml version="1.0"?><Deck><Cards Quantity="4" Sideboard="false" Na',
    "huge-counts.txt": b"999999999999 Island\n-4 Mountain\n0 Forest\n" + b"9" * 600 + b" Swamp\n",
    "nul-bytes.txt": b"\x00\x00" + b"4 Light\x00ning Bolt\n" * 3 + b"\x00" * 1000,
    "binary.txt": bytes(range(256)) * 40,
    "utf16-no-bom.txt": "60 Island\n".encode("utf-16-le"),
    "bad-bom.txt": b"\xff\xfe\x00\xd8",  # UTF-16 BOM, then a lone surrogate
    "long-line.txt": b"1 " + b"A" * (3 * 1024 * 1024) + b"\n",
    "spaces.txt": b"a " + b" " * 900 + b"x\n" * 2000,
    "brackets.txt": b"1 a" + b"[b]" * 300 + b"\n",
    "forge-junk.dck": b"[metadata]\n[Main]\n" + b"4 |||||\n" * 100 + b"x" * 5000 + b"\n",
    "empty.txt": b"",
    "only-comments.txt": b"# nothing\n// here\n",
    "cp1252.txt": "4 Lim-Dûl's Vault\n56 Æther Vial\n".encode("cp1252"),
}


def test_hostile_corpus_validate(cli, tmp_path):
    for name, data in HOSTILE.items():
        (tmp_path / name).write_bytes(data)
    (tmp_path / "legal.txt").write_text(LEGAL, encoding="utf-8")
    names = [*HOSTILE, "legal.txt"]
    started = time.monotonic()
    done = cli("validate", *names, "-f", "mtg/constructed", "-o", "json", cwd=tmp_path)
    assert time.monotonic() - started < 60
    assert done.returncode == 2, done.stderr  # binary.txt and bad-bom.txt cannot be read at all
    # ... and each says so on stderr, the JSON report going to a file (docs/ci.md); nothing else.
    assert done.stderr.splitlines() == [
        "deckcheck: error: binary.txt: not a text decklist: looks like binary data; export the list as text",
        "deckcheck: error: bad-bom.txt: not valid utf-16 despite its byte-order mark (unexpected end of data)",
    ]
    results = {result["deck"]: result for result in json.loads(done.stdout)["results"]}
    assert list(results) == names
    assert results["legal.txt"]["legal"] is True
    for name in ("billion-laughs.dek", "xxe.cod", "deep.dek", "truncated.dek", "huge-counts.txt", "long-line.txt"):
        rules = [problem["rule"] for problem in results[name]["problems"]]
        assert "parse-error" in rules, name
    messages = " ".join(p["message"] for p in results["billion-laughs.dek"]["problems"])
    assert "DTDs and entity declarations are not allowed" in messages
    huge = [p["message"] for p in results["huge-counts.txt"]["problems"]]
    assert sum("count over 9999" in m for m in huge) == 2 and any("at least 1" in m for m in huge)
    assert any(f"no decklist line is longer than {MAX_LINE_CHARS:,}" in p["message"] for p in results["long-line.txt"]["problems"])


@pytest.mark.parametrize("output", ["text", "junit", "github", "sarif", "json"])
def test_hostile_corpus_every_reporter(cli, tmp_path, output):
    for name, data in HOSTILE.items():
        (tmp_path / name).write_bytes(data)
    done = cli("validate", *HOSTILE, "-f", "mtg/constructed", "-o", output, cwd=tmp_path)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and done.stdout


def test_hostile_corpus_batch_reports_every_deck(cli, tmp_path):
    folder = tmp_path / "regs"
    folder.mkdir()
    for name, data in HOSTILE.items():
        (folder / name).write_bytes(data)
    (folder / "legal.txt").write_text(LEGAL, encoding="utf-8")
    (folder / "undecodable-\udcff.txt".encode("utf-8", "surrogateescape").decode("utf-8", "surrogateescape")).write_text(LEGAL)
    for output in ("json", "junit", "sarif", "github", "text", "csv"):
        done = cli("batch", str(folder), "-f", "mtg/constructed", "-o", output, "-q", "-j", "1")
        assert done.returncode == 1, (output, done.stderr)  # batch: broken rows are problems of their rows
        assert "Traceback" not in done.stderr
    report = json.loads(cli("batch", str(folder), "-f", "mtg/constructed", "-o", "json", "-q").stdout)
    decks = [result["deck"] for result in report["results"]]
    assert len(decks) == len(HOSTILE) + 2
    assert next(r for r in report["results"] if r["deck"] == "legal.txt")["legal"] is True


def test_stdin_over_the_limit_is_refused(cli):
    done = cli("validate", "-", "-f", "mtg/constructed", input=b"1 Island\n" * (MAX_INPUT_BYTES // 9 + 10))
    assert done.returncode == 2
    assert b"<stdin>: over the 4,194,304-byte limit for a decklist" in done.stdout


def test_file_over_the_limit_is_refused(cli, tmp_path):
    big = tmp_path / "big.txt"
    big.write_bytes(b"1 Island\n" * (MAX_INPUT_BYTES // 9 + 10))
    done = cli("validate", str(big), "-f", "mtg/constructed")
    assert done.returncode == 2
    assert f"{big.stat().st_size:,} bytes is over the 4,194,304-byte limit" in done.stdout


def test_library_text_over_the_limit_is_an_unreadable_deck_not_parsed():
    """A website passes what its user pasted: the library bounds it as a file is bounded."""
    from deckcheck import validate

    result = validate("1 Island\n" * (MAX_INPUT_BYTES // 9 + 10), "mtg/constructed")
    assert result.unreadable and not result.legal
    assert [problem.message for problem in result.problems] == [
        f"<text>: over the {MAX_INPUT_BYTES:,}-byte limit for a decklist's text; is this the right file?"
    ]


def test_a_list_of_more_card_lines_than_any_deck_is_cut_to_the_limit(cli, tmp_path):
    """190,000 different unknown names in a 4 MiB file took 18 s and 230 MiB: each was looked
    up and carried through every rule. Now the first MAX_DECK_ENTRIES lines are checked and
    the rest are one error naming the first line left out."""
    from deckcheck.limits import MAX_DECK_ENTRIES

    lines = MAX_DECK_ENTRIES * 3
    path = tmp_path / "collection.txt"
    path.write_text("".join(f"1 Unknown Card {index}\n" for index in range(lines)), encoding="utf-8")
    assert path.stat().st_size < MAX_INPUT_BYTES
    done = cli("validate", str(path), "-f", "mtg/constructed", "-o", "json")
    assert done.returncode == 1, done.stderr
    (result,) = json.loads(done.stdout)["results"]
    cut = [problem for problem in result["problems"] if problem["rule"] == "parse-error"]
    assert cut == [{
        "rule": "parse-error", "severity": "error", "line": MAX_DECK_ENTRIES + 1,
        "message": f"{lines:,} card lines; only the first {MAX_DECK_ENTRIES:,} were read, the rest were not checked "
                   "(no deck, pool or cube is that long: is this the right file?)",
    }]
    assert result["counts"]["main"] == MAX_DECK_ENTRIES


def test_a_ydke_url_of_more_cards_than_any_deck_builds_no_entry_past_the_limit(monkeypatch):
    """A ydke:// URL is one line, so the line bound never cut it: 4 MiB of passcodes is
    700,000 cards, each built as an entry before all but MAX_DECK_ENTRIES were dropped
    (1.3 s and 200 MB for one pasted URL, where 10,000 cards take 46 MB). Now the entries
    past the limit are counted, never built, and the deck says how many there were."""
    import base64
    import struct

    from deckcheck.decklists import ydke
    from deckcheck.limits import MAX_DECK_ENTRIES

    built = []

    def counted_entry(*args, **kwargs):
        entry = real_entry(*args, **kwargs)
        built.append(entry)
        return entry

    real_entry = ydke.CardEntry
    monkeypatch.setattr(ydke, "CardEntry", counted_entry)
    cards = MAX_DECK_ENTRIES * 3
    # Codes that change from card to card: each copy is an entry of its own.
    main = base64.b64encode(struct.pack(f"<{cards}I", *(1_000_000 + index for index in range(cards)))).decode()
    deck = parse_text(f"ydke://{main}!!!")
    assert len(deck.entries) == MAX_DECK_ENTRIES
    assert len(built) <= MAX_DECK_ENTRIES
    assert [problem.message for problem in deck.problems] == [
        f"{cards:,} card lines; only the first {MAX_DECK_ENTRIES:,} were read, the rest were not checked "
        "(no deck, pool or cube is that long: is this the right file?)"
    ]


MAX_DECK_LINES = 40_000  # deckcheck/limits.py


@pytest.mark.parametrize("line, input_format, ending", [
    *((line, input_format, ending) for line, input_format in [("1 a", None), ("1 [A] B", "dck"), ("SB: 1 a", None), ("1", "ydk"),
                                                               ("> 1 a", None), (">", None)]
      for ending in ("\n", "\r", "\r\n")),
    ("10000000", "ydk", "\x0c"),  # .ydk lines end where str.splitlines ends them: 162 MB
])
def test_a_text_of_more_lines_than_any_list_is_read_to_the_bound(line, input_format, ending):
    """Every line of a text was read before its entries were cut to MAX_DECK_ENTRIES: 4 MiB
    of `1 a` lines (a million entries) took 196 MB in the parser, 245 MB in all, for one
    pasted text; `1 [A] B` lines (.dck) 194 MB. Quoted as an email reply quotes (`> 1 a`),
    every line was split, unquoted and joined again before the cut: 146 MiB."""
    from deckcheck.limits import MAX_DECK_ENTRIES

    count = MAX_INPUT_BYTES // (len(line) + len(ending)) - 10
    text = ("#main" + ending if input_format == "ydk" else "") + (line + ending) * count
    deck, peak = traced_peak(lambda: parse_text(text, source="big", input_format=input_format))
    assert peak < 64 << 20
    total = count + (input_format == "ydk")
    cut = [problem for problem in deck.problems if problem.line == MAX_DECK_LINES + 1]
    assert [problem.message for problem in cut] == [
        f"{total:,} lines; only the first {MAX_DECK_LINES:,} were read, the rest were not checked "
        "(no deck, pool or cube is that long: is this the right file?)"]
    assert cut[0].severity == "error" and len(deck.entries) <= MAX_DECK_ENTRIES


def test_a_text_at_the_line_bound_is_read_whole():
    from deckcheck.limits import MAX_DECK_ENTRIES

    deck = parse_text("// a comment\n" * (MAX_DECK_LINES - MAX_DECK_ENTRIES) + "1 Island\n" * MAX_DECK_ENTRIES)
    assert len(deck.entries) == MAX_DECK_ENTRIES and not deck.problems


def test_a_list_at_the_card_line_limit_is_read_whole():
    from deckcheck.limits import MAX_DECK_ENTRIES

    deck = parse_text("1 Island\n" * MAX_DECK_ENTRIES)
    assert len(deck.entries) == MAX_DECK_ENTRIES and not deck.problems


# ---------------------------------------------------------------- regressions


@pytest.mark.parametrize("line", [
    "a " + " " * 2000 + "x",        # the header pattern backtracked over the spaces (hung)
    "1 a" + "[b]" * 340,            # trailing brackets were stripped one search at a time
    "1 " + "[A]" * 340,
    "name: a" + " " * 1000 + "b",
    "1" + " " * 1000 + "x",
])
def test_pathological_lines_parse_fast(line):
    text = "\n".join([line] * 2000)
    started = time.monotonic()
    parse_text(text)
    parse_text(text, input_format="dck")
    assert time.monotonic() - started < 10


def test_a_long_blank_run_in_a_list_with_a_comma_parses_fast():
    """The WoW deck builder's CSV rows are looked for in any list with a comma that the fast
    path did not read; the row pattern's blanks and its name could share a blank run, so a
    line of 80,000 spaces and an `x` was tried at every split: 19 s (the review of session 29).
    Quadratic, 200,000 would take minutes; linear, it is a few milliseconds."""
    text = "4 Lightning Bolt, ok\n" + " " * 200_000 + "x\n"
    started = time.monotonic()
    parse_text(text)
    assert time.monotonic() - started < 3


def test_a_markdown_row_of_blanks_after_a_total_word_parses_fast():
    """A table's total row (`| **Total** | 60 |`) was told by a pattern whose blanks around
    the colon and the parenthesis could share one run three ways, so a cell of `total`,
    a run of blanks and a letter was tried at every split of the run: a row of 600 blank
    characters took 1.3 s, one of 1,000 about 25 s, and a pasted text of such rows hours.
    Linear, 40 rows of 1,000 take milliseconds; the rows are cards, as they were."""
    row = "| 4 | total" + " \t" * 500 + "x |"
    text = "| Qty | Card |\n|---|---|\n" + "\n".join([row] * 40) + "\n"
    started = time.monotonic()
    deck = parse_text(text)
    assert time.monotonic() - started < 3
    assert len(deck.entries) == 40


@pytest.mark.parametrize("cell", [
    "Total", "totals", "TOTAL:", "Total: 60", "Total:60", "total (60)", "Total (60 cards)", "total( 60 )",
    "Main deck total", "Sideboard Total: 15", "Total cards", "Total cards: 60", "sum", "Sum 60", "grand total 75",
    "Total 60 cards", "total 60 )", "total\t: \t( 60",
])
def test_a_total_cell_is_a_total(cell):
    from deckcheck.decklists.markdown_table import is_total

    assert is_total(cell) and is_total(f"**{cell}**")


@pytest.mark.parametrize("cell", [
    "Total War", "Total Defense Shogun", "total (", "total 60) x", "total : : 60", "total ((60)", "Summon", "total6)x",
])
def test_a_card_cell_is_no_total(cell):
    from deckcheck.decklists.markdown_table import is_total

    assert not is_total(cell)


def test_a_line_of_digits_after_a_japanese_word_parses_fast():
    """A Japanese heading's word could also end in the digits of its count, so the pattern
    tried every split of them: NFKC makes each `⑳` two digits, and 4 MiB of such lines of
    64 characters took 28 s in the library (docs/security.md)."""
    text = "\n".join(["ア" + "⑳" * 62 + "("] * 10_000)
    started = time.monotonic()
    parse_text(text)
    assert time.monotonic() - started < 3


def test_nfkc_is_unicodes_nfkc_of_every_character_and_of_ligatures_in_a_row():
    """names.nfkc composes the NFKD form, what NFKC is by definition, for speed."""
    import sys
    import unicodedata

    from deckcheck.names import nfkc

    texts = [chr(code) for code in range(sys.maxunicode + 1) if not 0xD800 <= code <= 0xDFFF]
    texts += ["\ufdfa" * 60, "ｶﾞｷﾞ ﾊﾟ ㍿㌀ ＲＲ－アベンジ", "e\u0301\u0323 ñ ﬁ ①"]
    assert [nfkc(text) for text in texts] == [unicodedata.normalize("NFKC", text) for text in texts]


@pytest.mark.parametrize("fmt", ["mtg/modern", "yugioh/advanced-ocg"])
def test_lines_of_long_ligatures_are_never_given_to_pythons_own_nfkc(fmt, monkeypatch):
    """CPython's NFKC of U+FDFA (a ligature of 18 characters) is slow: a pasted text of
    40,000 lines of 60 of them took 5.6 s of CPU, 4.6 s of it in the Japanese heading's NFKC
    (a Yu-Gi-Oh! name's key has one too); names.nfkc gives the same text in a fraction."""
    import unicodedata

    from deckcheck import validate

    calls = []
    normalize = unicodedata.normalize

    def counted(form, text):
        calls.append(form)
        return normalize(form, text)

    monkeypatch.setattr(unicodedata, "normalize", counted)
    lines = [f"1 あ{number}" + "\ufdfa" * 60 for number in range(200)] + ["\ufdfa" * 60] * 200
    validate("\n".join(lines), fmt)
    assert calls and "NFKC" not in calls


def test_a_yugioh_name_without_a_slash_is_keyed_without_the_slash_pattern(monkeypatch):
    """The Yu-Gi-Oh! catalog keys an unknown name again with its slashes spaced as Magic's
    (`D // D Swirl Slime`): the pattern scanned every folded name, 0.5 ms for one of 1,000
    U+FDFA (18,000 characters folded), 6 s of a pasted text of 4,100 such names."""
    from deckcheck.games.yugioh import catalog
    from deckcheck.names import fold

    slashes, calls = catalog._SLASHES, []

    class Counted:
        def sub(self, replacement, text):
            calls.append(text)
            return slashes.sub(replacement, text)

    monkeypatch.setattr(catalog, "_SLASHES", Counted())
    long_name = "あ" + "\ufdfa" * 1000
    assert catalog._slash_key(long_name) == fold(long_name)
    assert catalog._slash_key("D // D Swirl Slime") == "d/d swirl slime"
    assert calls == ["d // d swirl slime"]


_LONG_NAME = "a" * 100_000
LONG_NAMES = {
    "a CSV export's cell": ("<text>", f"Count,Name\n1,{_LONG_NAME}\n"),
    "an MTGO .dek attribute": ("deck.dek", f'<?xml version="1.0"?><Deck><Cards CatID="1" Quantity="1" Sideboard="false" Name="{_LONG_NAME}"/></Deck>'),
    "a Cockatrice .cod attribute": ("deck.cod", f'<?xml version="1.0"?><cockatrice_deck version="1"><zone name="main"><card number="1" name="{_LONG_NAME}"/></zone></cockatrice_deck>'),
}


@pytest.mark.parametrize("name", LONG_NAMES)
def test_a_name_longer_than_any_line_is_never_kept_by_the_name_cache(name):
    """display_name keeps 65,536 names a process, each meant to be at most a line long: a
    CSV cell or an XML attribute is no line, and a website's pasted CSV lists of such names
    kept 3.4 MB a request, without end (docs/security.md)."""
    from deckcheck import names

    source, content = LONG_NAMES[name]
    names.display_name.cache_clear()
    deck = parse_text(content, source=source)
    assert [problem.message.split(":")[0] for problem in deck.problems] == [
        f"card name of {len(_LONG_NAME):,} characters; no card name is longer than {MAX_LINE_CHARS:,}"
    ]
    assert names.display_name.cache_info().currsize == 0


@pytest.mark.parametrize("text, settings", [
    ("a: [" + "1," * 400_000 + "1]\n", False),  # one flow list: a node every two bytes, one line
    ("a:\n" + "- 1\n" * 200_000, True),  # a block list: a mapping, told by its first lines
])
def test_a_large_yaml_file_given_as_the_deck_is_built_as_yaml_by_its_first_lines_only(tmp_path, text, settings):
    """A `.yaml` deck is asked whether it is a file of settings (decklists/settings_file.py)
    by its first lines only, MAX_SETTINGS_SNIFF_CHARS: PyYAML builds a node of a few hundred
    bytes for each value, and 4 MiB of `[1,1,...]` took 21 s and 747 MB to be told it is no
    decklist (256 KiB 2.6 s, as a whole-file bound let through). A first line longer than the
    bound is no settings file's: read as text."""
    from pathlib import Path

    from deckcheck.decklists import load_deck
    from deckcheck.limits import MAX_SETTINGS_SNIFF_CHARS

    path = tmp_path / "deck.yaml"
    path.write_text(text, encoding="utf-8")
    assert path.stat().st_size > 100 * MAX_SETTINGS_SNIFF_CHARS
    deck, peak = traced_peak(lambda: load_deck(Path(path)))
    assert peak < 10 * len(text), f"{peak:,} bytes at most for {len(text):,} characters"
    assert any("a YAML file of settings (a)" in problem.message for problem in deck.problems) is settings


def test_a_yaml_settings_file_longer_than_the_sniff_is_still_told_by_its_first_keys(tmp_path):
    """The largest bundled format file (96 KB) given as the deck is told by its first lines."""
    from pathlib import Path

    from deckcheck.decklists import load_deck
    from deckcheck.limits import MAX_SETTINGS_SNIFF_CHARS

    source = Path(__file__).resolve().parent.parent / "formats" / "yugioh" / "advanced-tcg.yaml"
    path = tmp_path / "advanced-tcg.yaml"
    path.write_bytes(source.read_bytes())
    assert path.stat().st_size > 10 * MAX_SETTINGS_SNIFF_CHARS
    deck = load_deck(Path(path))
    assert deck.unreadable
    assert "a YAML file of settings" in deck.problems[0].message


def test_over_long_line_is_one_problem():
    deck = parse_text("4 Island\n1 " + "A" * 5000 + "\n56 Mountain\n")
    assert [p.line for p in deck.problems] == [2]
    assert sum(e.count for e in deck.entries) == 60


def test_a_markdown_table_header_longer_than_any_line_is_one_over_long_line():
    """A table's header was read before the line bound: a header of 5,000 columns (and a
    4 MiB one alike) made a problem quoting every column name (25 KB for 20 KB of header),
    once a deck in every report. It is a line too long, quoted cut, as any other."""
    columns = 5_000
    deck = parse_text("|" + "Set|" * columns + "\n|" + "-|" * columns + "\n| 4 | Lightning Bolt |\n")
    assert [problem.line for problem in deck.problems] == [1, 2, 3]
    assert deck.problems[0].message.startswith(f"line of {4 * columns + 1:,} characters")
    assert max(len(problem.message) for problem in deck.problems) < 300


@pytest.mark.parametrize("heading", ["Commander", "// Commander"])
def test_many_command_zone_headings_parse_in_linear_time(heading):
    """Which `Commander` heading has no card under it was asked by searching every line
    read for each heading: 20,000 headings with a card each (420 KB, a pasted text) took
    17 s to parse, where as many `Sideboard` headings took 0.04 s."""
    started = time.monotonic()
    deck = parse_text(f"{heading}\n1 Sol Ring\n" * 19_000 + f"{heading}\n")
    assert time.monotonic() - started < 5
    assert deck.empty_command_heading == (38_001, heading)


@pytest.mark.parametrize("text", [
    "| Qty | Card |\n|---|---|\n| 4 | " + "x | " * 1_000_000 + "\n",       # a row of a million cells
    "| Qty | Card |\n" + "| - " * 1_000_000 + "|\n| 4 | Lightning Bolt |\n",  # a separator of as many
])
def test_a_markdown_table_line_longer_than_any_line_is_never_split_into_cells(text):
    """A table's rows and its separator were split into cells before the line bound: 4 MiB
    of them took 76 to 80 MB (120 MB for the command), where a line as long of anything
    else takes the text's own size. Each is a line too long, as any other."""
    deck, peak = traced_peak(lambda: parse_text(text))
    assert peak < 5 * len(text), f"{peak:,} bytes at most for {len(text):,} characters"
    assert any(problem.message.startswith("line of 4,0") for problem in deck.problems)


def test_trailing_brackets_still_pick_the_zone():
    deck = parse_text("1 Sol Ring [Ramp] [Commander{top}]\n1 Island [Maybeboard{noDeck}]\n")
    assert [(e.name, e.zone) for e in deck.entries] == [("Sol Ring", "commander"), ("Island", "maybeboard")]


@pytest.mark.parametrize("text", [
    "(" * 5000 + "keep7 >= 0.8" + ")" * 5000,
    "not " * 5000 + "keep7 >= 0.8",
    "keep7" + " + keep7" * 20000 + " >= 1",
    "keep7 >= " + "1" * 5000,
])
def test_expression_limits_are_errors_not_recursion(text):
    from deckcheck.engine.assertions import parse_assertion

    with pytest.raises(DeckcheckError) as error:
        parse_assertion(text)
    assert len(str(error.value)) < 400


def test_longest_allowed_expression_still_evaluates():
    from deckcheck.engine.simulation import simulate

    simulation = simulate("24 Mountain\n" + "4 Grizzly Bears\n" * 9, "mtg/limited",
                          keep="lands" + " + lands" * 126 + " >= 2", assertions=["(" * 31 + "keep7 >= 0" + ")" * 31])
    assert simulation.passed


def test_lines_of_a_large_mapping_are_found_without_searching_it_per_key(monkeypatch):
    """`formats check` asks the line of each passcode or name a format file writes that no
    card has; a search of the `points` mapping per question made a 1.4 MB file of 99,000
    mistyped passcodes cost 522 s of CPU. Each mapping is indexed once: looking up all
    of its keys reads each key of the document once (`points` and its 2,000)."""
    from deckcheck import yamlload

    keys = 2_000
    document = yamlload.load_yaml_document(
        "points:\n" + "".join(f"  {10_000_000 + n}: 1\n" for n in range(keys)), source="x.yaml",
    )
    reads = []
    real = yamlload._key_text
    monkeypatch.setattr(yamlload, "_key_text", lambda node: reads.append(node) or real(node))
    lines = [document.line_of(("points", str(10_000_000 + n))) for n in range(keys)]
    assert lines == list(range(2, keys + 2))
    assert len(reads) <= keys + 1, f"{len(reads):,} key reads to find {keys:,} keys"


def _mistyped(code: int) -> list[int]:
    """`code` with one digit mistyped, in each place: a passcode one typo from a card's."""
    digits = f"{code:08d}"
    return [int(digits[:i] + d + digits[i + 1:]) for i in range(8) for d in "0123456789" if d != digits[i]]


MISTYPED = _mistyped(14558127) + _mistyped(46986414)  # Ash Blossom & Joyous Spring, Dark Magician


@pytest.mark.parametrize("game, key, written", [
    ("mtg/modern", "banned", lambda n: f"  - Lightning Blot {n}\n"),
    ("yugioh/genesys", "points", lambda n: f"  {MISTYPED[n]}: 1\n"),
])
def test_formats_check_suggests_for_the_first_unknown_entries_only(cli, tmp_path, game, key, written):
    """`formats check` lists the first MAX_SUGGESTED_NAMES names and passcodes no card has,
    each with "did you mean", and counts the rest in one line, as a deck's problems are cut
    (limits.py): a suggestion costs 5 to 15 ms, a 2 MB file of 90,000 misspelt names took
    minutes, and a 1 MB one printed 5 MB of errors. The exit code stays the same."""
    from deckcheck.limits import MAX_SUGGESTED_NAMES

    count = MAX_SUGGESTED_NAMES + 20  # a few mistyped passcodes are cards (or artworks) after all
    path = tmp_path / "mine.yaml"
    path.write_text(f"name: Mine\nextends: {game}\n{key}:\n" + "".join(written(n) for n in range(count)))
    done = cli("formats", "check", str(path), cwd=tmp_path)
    assert done.returncode == (2 if key == "banned" else 0), done.stderr[-500:]
    told = [line for line in done.stderr.splitlines() if "mine.yaml: " + key in line]
    assert len(told) == MAX_SUGGESTED_NAMES, done.stderr[-500:]
    assert all("did you mean" in line for line in told)
    # A passcode that is a card's, or an artwork's, is none of the rest.
    rest = re.search(r"deckcheck: (?:error|warning): (\d+) more (?:card names|passcodes) not listed "
                     rf"\(only the first {MAX_SUGGESTED_NAMES} are\)", done.stderr)
    assert rest and 0 < int(rest.group(1)) <= count - MAX_SUGGESTED_NAMES, done.stderr[-500:]


@pytest.mark.parametrize("text, expected", [
    ("name: x\ngame: mtg\ndeck: {main: {min: " + "9" * 5000 + "}}\n", "line 3, column 20: invalid YAML (a number of 5,000 digits"),
    ("name: x\ngame: mtg\nextends: " + "a" * 5000 + ".yaml\n", "cannot extend"),
    ("name: x\ngame: mtg\nextends: " + "a/" * 3000 + "b\n", "cannot extend"),
    ("name: x\ngame: mtg\nbanned: " + "[" * 100_000 + "]" * 100_000 + "\n", "invalid YAML"),
])
def test_format_file_faults_are_clear_errors(cli, tmp_path, text, expected):
    path = tmp_path / "f.yaml"
    path.write_text(text, encoding="utf-8")
    done = cli("formats", "check", str(path))
    assert done.returncode == 2
    assert expected in done.stderr and "Traceback" not in done.stderr


def test_format_id_too_long_for_the_os(cli, tmp_path):
    (tmp_path / "d.txt").write_text(LEGAL, encoding="utf-8")
    done = cli("validate", str(tmp_path / "d.txt"), "-f", "x/" * 3000 + "y")
    assert done.returncode == 2 and "unknown format" in done.stderr


@pytest.mark.parametrize("manifest", [
    "- player: ann\n  deck: a.txt\n  seat: !!int " + "9" * 5000 + "\n",  # over Python's int limit
    "[" * 50_000 + "]" * 50_000 + "\n",
    "- player: ann\n  deck: a.txt\n  player: bob\n",  # a key given twice
])
def test_manifest_yaml_faults_are_clear_errors(cli, tmp_path, manifest):
    (tmp_path / "a.txt").write_text(LEGAL, encoding="utf-8")
    (tmp_path / "m.yaml").write_text(manifest, encoding="utf-8")
    done = cli("batch", str(tmp_path / "m.yaml"), "-f", "mtg/constructed", "-q")
    assert done.returncode == 2
    assert "invalid YAML" in done.stderr and "Traceback" not in done.stderr


def test_a_manifest_number_too_long_for_python_is_text(cli, tmp_path):
    """A plain YAML cell is the text written (docs/batch.md): 5000 digits are a seat that is
    not A, B or C, a problem of that row, not an integer Python refuses to build. The row
    names a team: a seat checks nothing on a row of no team (a draft pod's seat, lim32)."""
    (tmp_path / "a.txt").write_text(LEGAL, encoding="utf-8")
    (tmp_path / "b.txt").write_text(LEGAL, encoding="utf-8")
    (tmp_path / "m.yaml").write_text(
        "- {player: ann, deck: a.txt, team: T, seat: " + "9" * 5000 + "}\n- {player: bob, deck: b.txt}\n",
        encoding="utf-8",
    )
    done = cli("batch", str(tmp_path / "m.yaml"), "-f", "mtg/constructed", "-o", "json")
    assert done.returncode == 1, done.stderr
    ann, bob = json.loads(done.stdout)["results"]
    assert [problem["message"][:30] for problem in ann["problems"]] == ["manifest line 1: seat '9999999"]
    assert bob["legal"] is True


def test_manifest_dates_are_text(cli, tmp_path):
    """Dates stay text in every YAML file deckcheck reads: an impossible date in a column
    the manifest does not use is no fault (PyYAML alone would fail on it)."""
    (tmp_path / "a.txt").write_text(LEGAL, encoding="utf-8")
    (tmp_path / "m.yaml").write_text("- player: ann\n  deck: a.txt\n  date: 2024-13-45\n", encoding="utf-8")
    done = cli("batch", str(tmp_path / "m.yaml"), "-f", "mtg/constructed", "-o", "json")
    assert done.returncode == 0, done.stderr
    (result,) = json.loads(done.stdout)["results"]
    assert (result["player"], result["legal"]) == ("ann", True)


# Under 500 bytes that stand for 10**9 cells once the aliases are followed.
ALIAS_BOMB = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 10)}]\n" for i in range(8)
) + "registrations:\n- {player: ann, deck: a.txt, team: *i}\n"


@pytest.mark.parametrize("manifest", [
    ALIAS_BOMB,
    "- &row {player: ann, deck: a.txt}\n- *row\n",
    "- {player: &p ann, deck: a.txt}\n",  # an anchor alone is refused too
])
def test_manifest_refuses_anchors_and_aliases(cli, tmp_path, manifest):
    (tmp_path / "a.txt").write_text(LEGAL, encoding="utf-8")
    (tmp_path / "m.yaml").write_text(manifest, encoding="utf-8")
    started = time.perf_counter()
    done = cli("batch", str(tmp_path / "m.yaml"), "-f", "mtg/constructed", "-q")
    assert time.perf_counter() - started < 30
    assert done.returncode == 2
    assert done.stderr.startswith(f"deckcheck: error: {tmp_path / 'm.yaml'}: line ")
    assert "anchors and aliases (&name, *name) are not allowed in a manifest" in done.stderr


def test_manifest_cells_must_be_scalars(cli, tmp_path):
    """A row whose cell is a list or a mapping gets a `registration` problem naming the
    column and its line; the other rows are checked."""
    (tmp_path / "a.txt").write_text(LEGAL, encoding="utf-8")
    (tmp_path / "m.yaml").write_text(
        "- {player: ann, deck: a.txt}\n- {player: [bob, cy], deck: a.txt}\n- {player: dee, deck: {file: a.txt}}\n",
        encoding="utf-8",
    )
    done = cli("batch", str(tmp_path / "m.yaml"), "-f", "mtg/constructed", "-o", "json")
    assert done.returncode == 1, done.stderr
    results = json.loads(done.stdout)["results"]
    assert [result["legal"] for result in results] == [True, False, False]
    assert [[problem["rule"] for problem in result["problems"]] for result in results[1:]] == [["registration"]] * 2
    assert results[1]["problems"][0]["message"] == "manifest line 2: column 'player': expected text or a number, got a list"
    assert results[2]["problems"][0]["message"] == "manifest line 3: column 'deck': expected text or a number, got a mapping"


def test_a_bad_cell_keeps_the_rest_of_its_row(cli, tmp_path):
    """A list in one cell is a `registration` problem naming that column: the row keeps its
    player and deck, and the deck is checked; a column deckcheck ignores does not matter."""
    # A deck file each: one file named by two players is a warning of its own (shared_decks.py).
    for name in ("a.txt", "f.txt", "g.txt"):
        (tmp_path / name).write_text(LEGAL, encoding="utf-8")
    (tmp_path / "short.txt").write_text("20 Island\n", encoding="utf-8")
    (tmp_path / "m.yaml").write_text(
        "- {player: dee, deck: a.txt, team: [x, y]}\n- {player: eve, deck: short.txt, seat: [A]}\n"
        "- {player: fay, deck: f.txt, notes: [a, b]}\n- {player: gus, deck: g.txt, format: {id: mtg/legacy}}\n",
        encoding="utf-8",
    )
    done = cli("batch", str(tmp_path / "m.yaml"), "-f", "mtg/constructed", "-o", "json")
    assert done.returncode == 1, done.stderr
    results = json.loads(done.stdout)["results"]
    assert [(result["player"], result["deck"], result["team"]) for result in results] == [
        ("dee", "a.txt", None), ("eve", "short.txt", None), ("fay", "f.txt", None), ("gus", "g.txt", None),
    ]
    assert [[problem["rule"] for problem in result["problems"]] for result in results] == [
        ["registration"], ["registration", "deck-size"], [], ["registration"],
    ]
    assert results[0]["problems"][0]["message"] == "manifest line 1: column 'team': expected text or a number, got a list"
    assert results[1]["problems"][0]["message"] == "manifest line 2: column 'seat': expected text or a number, got a list"
    assert results[3]["problems"][0]["message"] == "manifest line 4: column 'format': expected text or a number, got a mapping"
    assert results[0]["counts"] == {"main": 60, "sideboard": 0} and results[0]["format"] == "mtg/constructed"
    assert results[2]["legal"] is True


def _nested(open_tag: str, close_tag: str, levels: int, inner: str) -> str:
    return open_tag * levels + inner + close_tag * levels


NESTED_XML = {
    # Every <deck> walked every <section> below it and every <section> every <card> below
    # it: 31 x 31 levels made each card count 961 times.
    "o8d": '<?xml version="1.0"?>' + _nested("<deck>", "</deck>", 31, _nested(
        '<section name="Main">', "</section>", 31, '<card qty="1">Island</card>' * 10)),
    "cod": '<?xml version="1.0"?><cockatrice_deck>' + _nested(
        '<zone name="main">', "</zone>", 62, '<card number="1" name="Island"/>' * 10) + "</cockatrice_deck>",
    "dek": '<?xml version="1.0"?><Deck>' + _nested(
        '<Cards Quantity="1" Sideboard="false" Name="Island">', "</Cards>", 62, "") + "</Deck>",
}


@pytest.mark.parametrize("input_format", list(NESTED_XML))
def test_nested_xml_counts_each_card_once_at_most(input_format):
    """A card element is read where the format puts it (a child of its section or zone, a
    child of the deck), so nesting cannot make one element count many times."""
    text = NESTED_XML[input_format]
    deck = parse_text(text, input_format=input_format)
    assert sum(entry.count for entry in deck.entries) <= text.count("Island")
    assert deck.problems, "unexpected nesting is reported, not read silently"


MAX_XML_ELEMENTS = 40_000  # deckcheck/limits.py
_FILL = (4 << 20) // 4 - 100  # empty elements of just under 4 MiB
FLAT_XML = {
    "dek": '<?xml version="1.0"?><Deck>' + "<a/>" * _FILL + "</Deck>",
    "cod": '<?xml version="1.0"?><cockatrice_deck><zone name="main">' + "<b/>" * _FILL + "</zone></cockatrice_deck>",
    "o8d": '<?xml version="1.0"?><deck game="x"><section name="Main">' + "<c/>" * _FILL + "</section></deck>",
}


@pytest.mark.parametrize("input_format", list(FLAT_XML))
def test_xml_of_more_elements_than_any_deck_file_is_refused_not_built(input_format):
    """4 MiB of empty elements made a million-element tree (and, in a zone, a parse-error
    each): 410 MB (.dek) to 730 MB (.o8d) and 6 to 10 s for one file a stranger sends."""
    deck, peak = traced_peak(lambda: parse_text(FLAT_XML[input_format], source="big", input_format=input_format))
    assert peak < 64 << 20
    assert not deck.entries
    assert [problem.message for problem in deck.problems] == [
        f"big: line 1: more than {MAX_XML_ELEMENTS:,} XML elements; no deck file holds that many (is this the right file?)"]


def test_xml_at_the_element_bound_is_read():
    cards = '<card number="1" name="Island"/>' * (MAX_XML_ELEMENTS - 3)
    deck = parse_text(f'<cockatrice_deck><zone name="main">{cards}</zone></cockatrice_deck>', input_format="cod")
    assert sum(entry.count for entry in deck.entries) == 10_000  # MAX_DECK_ENTRIES: the rest is one parse-error


def test_nested_xml_through_the_library_stays_linear():
    from deckcheck import validate

    result = validate(NESTED_XML["o8d"], "mtg/modern", cards=False)
    assert sum(result.to_dict()["counts"].values()) <= 10
    assert "parse-error" in {problem["rule"] for problem in result.to_dict()["problems"]}


def test_yugioh_suggests_for_the_first_unknown_names_only():
    """Unknown passcodes and names share the one budget of "did you mean" (limits.py),
    as Magic's and WoW's names do: 3,000 unknown names took 21 s."""
    from deckcheck.games.yugioh.cards import TYPE_BITS, YgoCard
    from deckcheck.games.yugioh.catalog import YgoCatalog
    from deckcheck.limits import MAX_SUGGESTED_NAMES
    from deckcheck.model import CardEntry, Deck

    catalog = YgoCatalog([YgoCard(46986414, "Dark Magician", TYPE_BITS["Monster"] | TYPE_BITS["Normal"])])
    # One mistyped digit among the first six: never an alternate artwork (1 to 20 above).
    typos = [int(f"{46986414:08d}"[:i] + d + f"{46986414:08d}"[i + 1:]) for i in range(6) for d in "0123456789"]
    codes = [code for code in typos if code != 46986414][:60]
    entries = [CardEntry(str(code), 1, line=n, code=code) for n, code in enumerate(codes, 1)]
    entries += [CardEntry(f"Dark Magicain {n}", 1, line=100 + n) for n in range(MAX_SUGGESTED_NAMES)]
    _, problems = catalog.resolve_deck(Deck("<test>", entries))
    assert len(problems) == len(codes) + MAX_SUGGESTED_NAMES
    suggested = [bool(problem.details.get("suggestions")) for problem in problems]
    assert suggested == [True] * MAX_SUGGESTED_NAMES + [False] * len(codes)


@pytest.mark.parametrize("to", ["ydk", "ydke"])
def test_convert_to_passcodes_refuses_more_copies_than_a_zone_holds(cli, tmp_path, to):
    """`.ydk` and `ydke://` write one passcode per copy: 28 KB of `9999 Blue-Eyes White
    Dragon` lines wrote 90 MB. A count past MAX_COPIES_WRITTEN is refused, one line, exit 2."""
    from deckcheck.limits import MAX_COPIES_WRITTEN

    (tmp_path / "many.txt").write_text("9999 Blue-Eyes White Dragon\n" * 1000, encoding="utf-8")
    done = cli("convert", "many.txt", "--to", to, cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert f"9999 copies of 'Blue-Eyes White Dragon' in main: {to}" in done.stderr
    assert f"at most {MAX_COPIES_WRITTEN}" in done.stderr
    (tmp_path / "full.txt").write_text(f"{MAX_COPIES_WRITTEN} Blue-Eyes White Dragon\n", encoding="utf-8")
    done = cli("convert", "full.txt", "--to", to, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    again = parse_text(done.stdout.strip(), source=f"deck.{to}")
    assert {entry.code for entry in again.entries} == {89631139}
    assert sum(entry.count for entry in again.entries) == MAX_COPIES_WRITTEN


@pytest.mark.parametrize("call", ["deck", "pool", "format"])
def test_library_text_with_a_lone_surrogate_is_read_not_a_traceback(call):
    """JSON-decoded text may hold a lone surrogate (`"\\ud800"`), which no file and no
    UTF-8 can: the library reads it as the replacement character, as it reads a file's
    undecodable bytes, or says no with its own error; never a UnicodeEncodeError."""
    from deckcheck import validate

    if call == "format":
        with pytest.raises(DeckcheckError):
            validate(LEGAL, "mtg/mod\ud800ern")
        return
    text = "4 Q\ud800zzq Wrack\n56 Mountain\n"
    result = validate(text, "mtg/modern") if call == "deck" else validate(text, "mtg/limited", pool=text)
    json.dumps(result.to_dict(), ensure_ascii=False).encode("utf-8")  # the whole report is UTF-8
    unknown = [(problem.card, problem.severity) for problem in result.problems if problem.rule == "unknown-card"]
    # The pool's own unknown name is a warning of the pool (docs/batch.md), the deck's an error.
    assert unknown == [("Q\ufffdzzq Wrack", "warning")] * (call == "pool") + [("Q\ufffdzzq Wrack", "error")]
    # A name that reads as a card once the replacement character is passed over is that card.
    assert validate("4 Isl\ud800and\n56 Mountain\n", "mtg/constructed").legal


@pytest.mark.parametrize("url", ["ydke://AA\ud800!!!", "ydke://" + "A" * 60 + "\ud83d!!!"], ids=["short", "long"])
def test_library_ydke_url_with_a_lone_surrogate_is_read_not_a_traceback(url):
    """A `ydke://` URL is named by itself (a long one by its start and a digest of the
    whole): a lone surrogate in it stopped the digest with a UnicodeEncodeError, and a
    short one's name kept it, so its report could not be written as UTF-8. It is read as
    the replacement character, as the rest of the text is."""
    from deckcheck import validate
    from deckcheck.decklists import inline_name

    result = validate(url, "yugioh/advanced-tcg")
    json.dumps(result.to_dict(), ensure_ascii=False).encode("utf-8")  # the whole report is UTF-8
    assert [problem.rule for problem in result.problems] == ["parse-error", "deck-size"]
    assert "\ufffd" in result.problems[0].message
    # A batch manifest's deck cell is named the same way (PyYAML without libyaml reads "\ud800").
    assert inline_name(url) == result.deck and result.deck.encode("utf-8")


# A game of Magic rarely lasts past turn 20-30; past limits.MAX_TURNS a run could take
# minutes on a 19,998-card deck, so every turn an option, a config or an assertion names is
# bounded, and the error names the bound.
BIG_DECK = "4 Lightning Bolt\n96 Mountain\n"


@pytest.mark.parametrize("args, expected", [
    (["--turns", "51"], "--turns 51: give a turn from 1 to 50"),
    (["--turns", "1000"], "--turns 1000: give a turn from 1 to 50"),
    (["--assert", 'p_by_turn("Lightning Bolt", 5000) >= 0.5'], "turn 5000: give a turn from 1 to 50"),
    (["--assert", "land_drops(51) >= 0.5"], "turn 51: give a turn from 1 to 50"),
    (["--compare", "-", "--turns", "999"], "--turns 999: give a turn from 1 to 50"),
])
def test_simulate_turns_are_bounded(cli, tmp_path, args, expected):
    (tmp_path / "d.txt").write_text(BIG_DECK, encoding="utf-8")
    if "--compare" in args:
        (tmp_path / "p.yaml").write_text("keep: {7: lands >= 2}\n", encoding="utf-8")
        args = [arg if arg != "-" else str(tmp_path / "p.yaml") for arg in args]
    done = cli("simulate", str(tmp_path / "d.txt"), "-f", "mtg/constructed", "--no-cards", *args, timeout=20)
    assert done.returncode == 2, done.stdout + done.stderr
    assert expected in done.stderr and "Traceback" not in done.stderr


def test_simulate_turn_at_the_limit_runs(cli, tmp_path):
    (tmp_path / "d.txt").write_text(BIG_DECK, encoding="utf-8")
    done = cli("simulate", str(tmp_path / "d.txt"), "-f", "mtg/constructed", "--no-cards", "--turns", "50",
               "--assert", 'p_by_turn("Lightning Bolt", 50) >= 0.5', "-o", "json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["assertions"][0]["passed"] is True


def test_cast_question_past_the_turn_limit_is_an_error(cli, tmp_path):
    # A cost of {60} asks about turn 60 (Gleemax costs {1000000}).
    (tmp_path / "d.txt").write_text("4 Big Spell\n96 Mountain\n", encoding="utf-8")
    (tmp_path / "p.yaml").write_text('costs: {"Big Spell": "{60}"}\n', encoding="utf-8")
    done = cli("simulate", str(tmp_path / "d.txt"), "-f", "mtg/constructed", "--no-cards",
               "--policy", str(tmp_path / "p.yaml"), "--cast", "Big Spell", timeout=20)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "mana value 60: castability is asked up to turn 50" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("spec, expected", [
    ('{assert: "keep7 >= 0.5", turns: 1000}', "simulate.*.txt.turns: expected a whole number from 1 to 50"),
    ("{assert: 'p_by_turn(\"Lightning Bolt\", 5000) >= 0.5'}", "turn 5000: give a turn from 1 to 50"),
])
def test_check_turns_are_bounded(cli, tmp_path, spec, expected):
    (tmp_path / "deckcheck.yaml").write_text(f'format: mtg/constructed\nsimulate:\n  "*.txt": {spec}\n', encoding="utf-8")
    (tmp_path / "d.txt").write_text(BIG_DECK, encoding="utf-8")
    done = cli("check", cwd=tmp_path, timeout=20)
    assert done.returncode == 2, done.stdout + done.stderr
    assert expected in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("policy, expected", [
    ('keep:\n  ? keep' + "9" * 5000 + '\n  : "true"\n', "a hand size (a whole number up to 20) as the key"),
    ('keep:\n  ? ' + "9" * 4000 + '\n  : "true"\n', "a hand size (a whole number up to 20) as the key"),
])
def test_policy_hand_size_keys_are_bounded(cli, tmp_path, policy, expected):
    (tmp_path / "d.txt").write_text(BIG_DECK, encoding="utf-8")
    (tmp_path / "p.yaml").write_text(policy, encoding="utf-8")
    done = cli("simulate", str(tmp_path / "d.txt"), "-f", "mtg/constructed", "--no-cards", "--policy", str(tmp_path / "p.yaml"))
    assert done.returncode == 2, done.stdout + done.stderr
    assert expected in done.stderr and "internal error" not in done.stderr


def test_opening_hand_size_is_bounded(cli, tmp_path):
    (tmp_path / "d.txt").write_text("4 Lightning Bolt\n9999 Mountain\n9995 Island\n", encoding="utf-8")
    (tmp_path / "f.yaml").write_text("game: mtg\nname: big\nextends: mtg/constructed\nopening_hand: {size: 200}\n")
    done = cli("simulate", str(tmp_path / "d.txt"), "-f", str(tmp_path / "f.yaml"), "--no-cards", timeout=20)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "opening_hand.size" in done.stderr and "from 1 to 20" in done.stderr
    assert "internal error" not in done.stderr


def test_a_main_deck_past_the_simulation_limit_is_refused_before_any_work(cli, tmp_path):
    """Monte Carlo shuffles 65,536 decks at a time: a 19,998-card deck took 1.5 GB."""
    from deckcheck.limits import MAX_SIMULATED_CARDS

    (tmp_path / "big.txt").write_text("9999 Island\n9999 Lightning Bolt\n", encoding="utf-8")
    done = cli("simulate", "big.txt", "-f", "mtg/modern", "--hands", "100000", "--seed", "1", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == f"deckcheck: error: big.txt: the main deck has 19,998 cards: simulate takes at most {MAX_SIMULATED_CARDS} (docs/security.md, limits)\n"
    at_limit = tmp_path / "at-limit.txt"
    at_limit.write_text(f"{MAX_SIMULATED_CARDS // 2} Island\n{MAX_SIMULATED_CARDS // 2} Lightning Bolt\n", encoding="utf-8")
    assert cli("simulate", "at-limit.txt", "-f", "mtg/modern", "-o", "json", cwd=tmp_path).returncode == 0


def test_a_cockatrice_comment_nested_in_a_zone_names_no_commander():
    """Only the deck's own `<comments>` (a child of the deck) can name a commander with a
    `CDR:` line, as zones and cards are read from their parents only."""
    from deckcheck.decklists import cod

    text = (
        '<?xml version="1.0"?><cockatrice_deck version="1"><comments>CDR: Krenko, Mob Boss</comments>'
        '<zone name="main"><comments>CDR: Island</comments><card number="99" name="Island"/></zone>'
        '</cockatrice_deck>'
    )
    deck = cod.parse(text)
    assert deck.commander_hints == ("Krenko, Mob Boss",)
    assert any(problem.rule == "parse-error" for problem in deck.problems)  # the nested comment itself


def test_a_drive_letter_path_of_thousands_of_folders_is_its_rows_problem(cli, tmp_path):
    """A `C:` path is looked for beside the manifest by its last few folders only: every
    tail of 20,000 folders was looked up in turn, and a name too long for the file system
    ended the batch in an internal error quoting the whole path."""
    (tmp_path / "b.txt").write_text(LEGAL, encoding="utf-8")
    deep = "C:/" + "a/" * 20_000 + "x.txt"
    (tmp_path / "m.csv").write_text(f"player,deck\nann,{deep}\nbob,b.txt\n", encoding="utf-8")
    done = cli("batch", str(tmp_path / "m.csv"), "-f", "mtg/modern", "-q", "-o", "json")
    assert done.returncode == 1, done.stderr[:500]
    ann, bob = json.loads(done.stdout)["results"]
    (problem,) = ann["problems"]
    assert problem["rule"] == "registration" and "a Windows path from drive C:" in problem["message"]
    assert len(problem["message"]) < 1_000
    assert bob["legal"] is True


def test_an_internal_error_quotes_its_cause_cut(capsys):
    """An unforeseen error is one line on stderr, its text cut: it may quote a whole input."""
    from deckcheck.cli.common import failure_code

    assert failure_code(RuntimeError("z" * 40_000)) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("deckcheck: error: internal error (RuntimeError: zzz") and len(line) < 700
    assert line.endswith("…); set DECKCHECK_DEBUG=1 for the traceback")


@pytest.mark.parametrize(("value", "raised"), [("1", True), ("yes", True), ("0", False), ("false", False), ("off", False), ("", False)])
def test_deckcheck_debug_reads_its_value_as_the_other_switches_do(capsys, monkeypatch, value, raised):
    """DECKCHECK_DEBUG is on when set to anything but 0, false, no, off or nothing, as
    DECKCHECK_OFFLINE and DECKCHECK_NO_CACHE are (docs/contracts.md): DECKCHECK_DEBUG=0, set
    to turn it off, showed the traceback."""
    from deckcheck.cli.common import failure_code

    monkeypatch.setenv("DECKCHECK_DEBUG", value)
    if raised:
        with pytest.raises(RuntimeError):
            failure_code(RuntimeError("boom"))
    else:
        assert failure_code(RuntimeError("boom")) == 2
        assert capsys.readouterr().err.startswith("deckcheck: error: internal error (RuntimeError: boom)")


# deckcheck.yaml of a pull request: 2,000 assertions written once and named by 256 globs
# through an alias stood for 512,000 (a 57 KB file: 18 s of parsing, then 56 s, 1.3 GB and
# a 117 MB report for one deck). A few hundred bytes of nested aliases stand for billions.
CONFIG_ALIASES = [
    "format: mtg/modern\nsimulate:\n  a.txt: {assert: &all [keep7 >= 0.5]}\n  '*a.txt': {assert: *all}\n",
    "format: &f mtg/modern\n",  # an anchor alone is refused too
]


# A policy file (a pull request's, named by deckcheck.yaml's `policy:`): one list of 20,000
# names named by 3,000 tags through an alias, 300 KB that stood for 60 million names (24 s
# and 510 MB before its keep rule was even read).
POLICY_ALIASES = [
    "tags:\n  burn: &burn [Lightning Bolt, Lava Spike]\n  more: *burn\nkeep:\n  7: lands >= 2\n",
    "keep:\n  7: &rule lands >= 2\n",  # an anchor alone is refused too
]


ALIASED_FILES = [
    *(("deckcheck.yaml", text, ("check",), "a deckcheck.yaml") for text in CONFIG_ALIASES),
    *(("policy.yaml", text, ("simulate", "a.txt", "-f", "mtg/modern", "--policy", "policy.yaml"), "a policy file")
      for text in POLICY_ALIASES),
]


@pytest.mark.parametrize("name, text, args, kind", ALIASED_FILES)
def test_deckcheck_yaml_and_policy_files_refuse_anchors_and_aliases(cli, tmp_path, name, text, args, kind):
    (tmp_path / "a.txt").write_text(LEGAL, encoding="utf-8")
    (tmp_path / name).write_text(text, encoding="utf-8")
    done = cli(*args, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    # `check` names its configuration from the working directory, `simulate` the policy as given.
    assert done.stderr.startswith(f"deckcheck: error: {name}: line ")
    assert f"anchors and aliases (&name, *name) are not allowed in {kind}; write each value out in full" in done.stderr


class _CountedNames(tuple):
    """The names asked to be tracked, counting every name looked at to answer `in` and
    every name iterated: the work of telling which names the user gave."""

    looked_at = 0

    def __contains__(self, name: object) -> bool:
        _CountedNames.looked_at += len(self)
        return tuple.__contains__(self, name)

    def __iter__(self):
        _CountedNames.looked_at += len(self)
        return tuple.__iter__(self)


def test_many_card_names_to_track_cost_a_look_each_not_one_per_pair(monkeypatch):
    """Each name to track was looked for in the list of every name given (`name in cards`):
    a pull request's deckcheck.yaml of 100,000 names in `cards:` (790 KB) took 97 s for each
    deck before its first name was said to be missing. Counted, not timed."""
    from deckcheck.engine import simulation

    tracked = simulation._tracked
    monkeypatch.setattr(simulation, "_tracked", lambda profile, policy, assertions, outside, cards, *rest:
                        tracked(profile, policy, assertions, outside, _CountedNames(cards), *rest))
    names = [f"Card {number}" for number in range(500)]  # MAX_SIMULATED_CARDS, the most it takes
    _CountedNames.looked_at = 0
    with pytest.raises(DeckcheckError, match="card 'Card 0': no such card in the main deck"):
        simulation.simulate("4 Lightning Bolt\n56 Mountain\n", "mtg/modern", cards=names, hands=100)
    assert 0 < _CountedNames.looked_at <= 4 * len(names)


def test_more_cards_to_track_than_a_simulated_deck_holds_is_refused_before_any_is_read(monkeypatch):
    """A deckcheck.yaml's `cards:` (a pull request's) of 100,000 names was read through the
    card data again for every deck it matched, 2.5 s a deck: no main deck simulate takes
    holds more than MAX_SIMULATED_CARDS different cards, so no more can be tracked."""
    from deckcheck.engine import simulation
    from deckcheck.errors import OptionError

    looked_up: list[str] = []
    namer = simulation.card_namer
    monkeypatch.setattr(simulation, "card_namer", lambda data: lambda name: looked_up.append(name) or namer(data)(name))
    names = [f"Card {number}" for number in range(501)]
    with pytest.raises(OptionError) as caught:
        simulation.simulate("4 Lightning Bolt\n56 Mountain\n", "mtg/modern", cards=names + names, hands=100)
    assert caught.value.named({"card": "--card"}) == (
        "--card names 501 different cards: a simulated main deck holds at most 500, so no more can be tracked "
        "(docs/security.md, limits)")
    assert looked_up == []
    # 500 (twice over) are read, and the first the deck lacks is said to be missing, as ever.
    with pytest.raises(DeckcheckError, match="card 'Card 0': no such card in the main deck"):
        simulation.simulate("4 Lightning Bolt\n56 Mountain\n", "mtg/modern", cards=names[:500] * 2, hands=100)


MAX_POLICY_NAMES = 10_000  # deckcheck/limits.py


def test_a_policy_file_of_more_names_than_any_deck_plays_is_refused(cli, tmp_path):
    """A pull request's policy file of 100,000 tag names (790 KB) was read through the card
    data again for every deck that used it, 1.6 s a deck."""
    (tmp_path / "a.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    names = [f"Card {number}" for number in range(MAX_POLICY_NAMES + 1)]
    (tmp_path / "policy.yaml").write_text(
        "keep: {7: true}\ntags:\n  burn: [" + ", ".join(names[:6_000]) + "]\nlands: [" + ", ".join(names[6_000:]) + "]\n",
        encoding="utf-8")
    done = cli("simulate", "a.txt", "-f", "mtg/modern", "--policy", "policy.yaml", "--hands", "100", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        "deckcheck: error: policy.yaml: names 10,001 cards (under tags, lands, cards, costs and sources together): "
        "a policy file names at most 10,000 (docs/security.md, limits)"]
    (tmp_path / "policy.yaml").write_text(
        "keep: {7: true}\ntags:\n  burn: [" + ", ".join(names[:6_000]) + "]\nlands: [" + ", ".join(names[6_001:]) + "]\n",
        encoding="utf-8")
    done = cli("simulate", "a.txt", "-f", "mtg/modern", "--policy", "policy.yaml", "--hands", "100", cwd=tmp_path)
    assert done.returncode == 0, done.stderr


MAX_EXPRESSION_CHARS = 4096  # deckcheck/limits.py


def test_a_rule_longer_than_any_rule_is_refused_before_it_is_read(cli, tmp_path, monkeypatch):
    """An assertion naming a card of a million characters was read, and quoted whole in
    every deck's report line: a pull request's deckcheck.yaml of three such assertions (3 MB)
    printed 154 MB for 51 decks (934 MB of memory); a policy file's keep rule of 4 MiB of
    `(` took 660 MB to be told it had too many tokens."""
    from deckcheck.engine import expr
    from deckcheck.engine.assertions import parse_assertion

    read: list[str] = []
    tokenize = expr.tokenize
    monkeypatch.setattr(expr, "tokenize", lambda text, **kwargs: read.append(text) or tokenize(text, **kwargs))
    longest = 'p_by_turn("' + "a" * (MAX_EXPRESSION_CHARS - 21) + '", 3) >= 0'
    assert len(longest) == MAX_EXPRESSION_CHARS
    parse_assertion(longest)
    with pytest.raises(DeckcheckError) as caught:
        parse_assertion(longest + " ")
    assert str(caught.value).endswith(
        f"too long: {MAX_EXPRESSION_CHARS + 1:,} characters, at most {MAX_EXPRESSION_CHARS:,} "
        "(use tags in a policy file for long card lists)")
    assert len(str(caught.value)) < 400 and read == [longest]
    # deckcheck.yaml: refused when it is read, once, not as each deck's failed assertion.
    (tmp_path / "a.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    (tmp_path / "deckcheck.yaml").write_text(
        f"format: mtg/modern\nsimulate:\n  '*.txt':\n    hands: 100\n    assert: ['p_by_turn(\"{'a' * 100_000}\", 3) >= 0']\n",
        encoding="utf-8")
    done = cli("check", cwd=tmp_path)
    assert done.returncode == 2 and len(done.stdout + done.stderr) < 2_000, done.stderr[:500]
    assert "too long: 100,021 characters, at most 4,096" in done.stderr


def _format_with(tmp_path, base: str, key: str, items: list[str]):
    """A format file of `base` whose `key` lists `items` (a stranger's upload or pull request)."""
    from deckcheck.formats import load

    path = tmp_path / "listed.yaml"
    path.write_text(f"game: {base.split('/')[0]}\nname: Listed\nextends: {base}\n{key}: [" + ", ".join(items) + "]\n",
                    encoding="utf-8")
    return load(path)


def test_a_format_files_platforms_are_named_once_each_in_every_decks_warning(tmp_path):
    """`platforms: [paper, paper, ...]` of 400,000 items: each deck's `format-platform`
    warning named every one (2.8 MB a deck, 8.4 MB for three)."""
    from deckcheck import validate

    fmt = _format_with(tmp_path, "mtg/modern", "platforms", ["paper", "mtgo"] * 500)  # as many as a list may hold (MAX_FORMAT_KINDS)
    (problem,) = validate("4 Lightning Bolt\n56 Mountain\n", fmt, platform="arena", cards=False).problems
    assert problem.message == "Listed is not played on MTG Arena: only on paper and Magic Online"


def test_a_format_files_banned_types_are_named_cut_in_every_deck_and_matched_by_set(tmp_path, monkeypatch):
    """`banned_types` of 400,000 names: each deck without card data was told every one (8.8
    MB a deck), and each card was matched against each of them."""
    from deckcheck import validate

    types = [f"Type{number}" for number in range(998)] + ["Normal", "Normal"]  # MAX_FORMAT_KINDS
    fmt = _format_with(tmp_path, "yugioh/advanced-tcg", "banned_types", types)
    (problem,) = [p for p in validate("#main\n89631139\n", fmt, cards=False).problems if p.rule == "card-type"]
    assert len(problem.message) < 1_000, problem.message[:300]
    assert "Type0, Type1" in problem.message and "and 979 more" in problem.message
    (banned,) = [p for p in validate("#main\n89631139\n", fmt).problems if p.rule == "card-type"]
    assert banned.details == {"types": ["Normal"]}


def test_a_format_files_eligible_kinds_are_named_once_each(tmp_path):
    """`commander: {eligible: [creature, creature, ...]}` of 400,000 items: the `commander`
    problem of each deck named every one (4.8 MB a deck)."""
    from deckcheck import validate

    path = tmp_path / "eligible.yaml"
    # As many kinds as a list may hold (MAX_FORMAT_KINDS).
    path.write_text("game: mtg\nname: Listed\nextends: mtg/commander\ncommander: {eligible: ["
                    + ", ".join(["creature", "planeswalker"] * 500) + "]}\n", encoding="utf-8")
    from deckcheck.formats import load

    result = validate("Commander\n1 Lightning Bolt\n\nDeck\n99 Mountain\n", load(path))
    (problem,) = [p for p in result.problems if p.rule == "commander"]
    # The whole message: each kind once (an end alone held with every one of them named).
    assert problem.message == ("Lightning Bolt can't be your commander in Listed: it is an Instant, and a commander is "
                               "a creature or a planeswalker"), problem.message[:300]


def _mapping_format(tmp_path, base: str, text: str):
    """A format file of `base` that adds `text` (YAML keys), loaded."""
    from deckcheck.formats import load

    path = tmp_path / "listed.yaml"
    path.write_text(f"game: {base.split('/')[0]}\nname: Listed\nextends: {base}\n{text}\n", encoding="utf-8")
    return load(path)


@pytest.mark.parametrize("key", ["rarity", "commander_rarity", "exclude_types"])
def test_a_format_files_rarity_or_type_longer_than_any_is_refused(tmp_path, key):
    """A card pool's rarity of 4 MB (or 1,000 of 4,000 characters) was named in every
    `not-in-pool` problem: five cards off the pool made a report of 20 MB, a deck of 500
    such cards 2 GB. A value of these lists is a word of the card data: a longer one is
    refused, naming the key."""
    with pytest.raises(DeckcheckError, match=rf"{key}\[0\].*4,001 characters; a value here holds at most 100"):
        _mapping_format(tmp_path, "mtg/modern", f"card_pool: {{{key}: [{'r' * 4001}]}}")


def test_a_format_name_longer_than_any_is_refused(tmp_path):
    """A format's name of a megabyte was quoted in its decks' problems (`in a set legal in
    NAME`, `can't be your commander in NAME`): 2 MB for a deck of five cards."""
    from deckcheck.formats import load

    path = tmp_path / "named.yaml"
    path.write_text("name: " + "N" * 4001 + "\ngame: mtg\nextends: mtg/modern\n", encoding="utf-8")
    with pytest.raises(DeckcheckError, match=r"name.*4,001 characters; a value here holds at most 100"):
        load(path)


@pytest.mark.parametrize("base, key", [("wow/constructed", "hero: {types: [%s]}"), ("yugioh/advanced-tcg", "banned_types: [%s]")])
def test_a_format_files_type_longer_than_any_is_refused(tmp_path, base, key):
    """A hero's type of 4,000 characters, 1,000 of them, made every WoW deck's `hero`
    problem 4 MB."""
    with pytest.raises(DeckcheckError, match="4,001 characters; a value here holds at most 100"):
        _mapping_format(tmp_path, base, key % ("T" * 4001))


def test_every_rarity_and_hero_type_of_a_format_file_is_not_named_in_each_problem(tmp_path):
    """A card pool of 1,000 rarities (MAX_FORMAT_KINDS), each as long as one may be, was
    named whole in each card's `not-in-pool` problem (100 KB each, 500 a deck), and a hero
    of 1,000 types in the `hero` problem: the first few are named, the rest counted."""
    from deckcheck import validate

    rarities = [f"r{number:03d}" + "x" * 96 for number in range(1_000)]
    fmt = _mapping_format(tmp_path, "mtg/modern", "card_pool: {rarity: [" + ", ".join(rarities) + "]}")
    problems = [p for p in validate("4 Lightning Bolt\n4 Counterspell\n52 Island\n", fmt).problems if p.rule == "not-in-pool"]
    assert problems and all(len(p.message) < 3_000 and "980 other rarities" in p.message for p in problems), problems[0].message[:300]
    types = [f"T{number:03d}" + "x" * 96 for number in range(1_000)]
    fmt = _mapping_format(tmp_path, "wow/constructed", "hero: {types: [" + ", ".join(types) + "]}")
    (problem,) = [p for p in validate("Hero: Graccus\n4 Fireball\n", fmt).problems if p.rule == "hero"]
    assert len(problem.message) < 3_000 and "980 other types" in problem.message, problem.message[:300]


def test_a_format_files_free_cards_are_named_few_in_each_basic_lands_problem(tmp_path):
    """A basic land the pool lacks is told which cards the organiser provides: every one
    of `pool.free_cards`, in each such card's problem. A format file of 20,000 free cards
    and 20 basic lands (160 KB) made a report of 3.2 MB for a deck of 20 lines; of 99,000
    and 500 (4 MiB), 400 MB a deck. The first few are named, the rest counted."""
    from deckcheck import validate

    free = [f"F{number:05d}" for number in range(20_000)]
    basics = [f"B{number:03d}" for number in range(20)]
    fmt = _mapping_format(tmp_path, "mtg/limited", f"basic_lands: [{', '.join(basics)}]\n"
                          f"pool: {{free_cards: [{', '.join(free)}], zones: [main, sideboard]}}")
    deck = "".join(f"1 {name}\n" for name in basics)
    problems = [p for p in validate(deck, fmt, pool="1 Lightning Bolt\n", cards=False).problems if p.rule == "registered-pool"]
    assert len(problems) == len(basics)
    assert all(len(p.message) < 1_000 and "F00000, F00001" in p.message and "19,980 more" in p.message
               for p in problems), problems[0].message[:300]


def test_a_format_files_extra_deck_types_are_named_once_each(tmp_path):
    """`extra_deck_types: [Fusion, Synchro, Fusion, ...]` of 1,000 items (16 KB): each
    card in the wrong Extra Deck named every one (8.5 KB a problem, up to 500 a deck)."""
    from deckcheck import validate

    fmt = _format_with(tmp_path, "yugioh/advanced-tcg", "extra_deck_types", ["Fusion", "Synchro"] * 500)
    (problem,) = [p for p in validate("Extra Deck\n1 Effect Veiler\n", fmt).problems if p.rule == "extra-deck-type"]
    assert problem.message == "Effect Veiler is a Tuner Monster: the Extra Deck holds only Fusion and Synchro monsters"


def test_a_hero_comment_of_long_blank_runs_parses_in_time_linear_in_its_length():
    """The WoW hero comment (`# HERO  Name`) took its blanks in two runs that could share
    them, `[ \\t]{2,}[ \\t]*`, so a comment of 1,000 blanks and no name was tried at every
    split: 4 MiB of such lines (a pasted text) took 21.6 s of CPU, linear it takes a fraction
    of a second. CPython's `re` counts no steps, so CPU time stands in for them, with a
    bound ten times what the linear parse takes and a tenth of what the quadratic did."""
    line = "# HERO" + " " * 1000 + ":\n"
    text = "1 Fireball\n" + line * (MAX_INPUT_BYTES // len(line) - 1)
    started = time.process_time()
    deck = parse_text(text)
    assert time.process_time() - started < 2.5
    assert [entry.name for entry in deck.entries] == ["Fireball"]


# Real cards that can lead no Commander deck: each a `CDR:` line would look for a partner of.
_NO_LEADERS = (
    "Lightning Bolt", "Counterspell", "Swords to Plowshares", "Brainstorm", "Dark Ritual", "Giant Growth",
    "Llanowar Elves", "Serra Angel", "Shivan Dragon", "Wrath of God", "Sol Ring", "Island", "Mountain", "Forest",
    "Plains", "Swamp", "Opt", "Ponder", "Preordain", "Duress", "Shock", "Naturalize", "Disenchant", "Terror",
    "Doom Blade", "Negate", "Divination", "Cancel", "Thoughtseize", "Fatal Push", "Path to Exile", "Mana Leak",
    "Remand", "Rampant Growth", "Cultivate", "Kodama's Reach", "Harmonize", "Sign in Blood", "Night's Whisper", "Lava Spike",
)


def _cod_naming(commanders: list[str], cards: list[str]) -> str:
    from xml.sax.saxutils import escape, quoteattr

    comments = escape("\n".join(f"CDR: {name}" for name in commanders))
    listed = "".join(f"<card number=\"1\" name={quoteattr(name)}/>" for name in cards)
    return (f'<?xml version="1.0"?><cockatrice_deck version="1"><comments>{comments}</comments>'
            f'<zone name="main">{listed}</zone></cockatrice_deck>')


def _counting_calls(monkeypatch, owner, name: str, real) -> list[int]:
    """`owner.name` replaced by `real` counted: the list's one number is the calls so far."""
    calls = [0]

    def counted(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def test_a_cockatrice_file_naming_more_commanders_than_a_deck_has_keeps_the_first_few():
    """A deck has one or two commanders (and in Oathbreaker their signature spells): a file
    whose comments name thousands in `CDR:` lines keeps the first MAX_COMMANDER_HINTS, and
    a warning says how many it named. Every named card was placed against every other
    (rules/_commander_placing.py, a partner looked for) and against every card of the deck
    (convert's command zone, the short-name hint): 5,000 names took 42 s to validate."""
    from deckcheck.limits import MAX_COMMANDER_HINTS

    names = [f"Card {number}" for number in range(2_000)]
    deck = parse_text(_cod_naming(names, ["Island"]), source="deck.cod")
    assert deck.commander_hints == tuple(names[:MAX_COMMANDER_HINTS])
    (warning,) = [problem for problem in deck.problems if problem.rule == "parse-error"]
    assert warning.severity == "warning" and warning.line == 1
    assert f"2,000 commanders in `CDR:` lines; only the first {MAX_COMMANDER_HINTS} were read" in warning.message


def test_a_cockatrice_file_at_the_commander_bound_says_nothing():
    from deckcheck.limits import MAX_COMMANDER_HINTS

    names = [f"Card {number}" for number in range(MAX_COMMANDER_HINTS)]
    deck = parse_text(_cod_naming(names, ["Island"]), source="deck.cod")
    assert deck.commander_hints == tuple(names) and not deck.problems


def test_cockatrice_commanders_are_placed_in_work_bounded_by_the_few_read(monkeypatch):
    """Each named card that cannot lead was paired with every other named one: 40 names of
    real cards cost 1,560 pairings, 5,000 of them 15 million (42 s). Counted, not timed."""
    from deckcheck import validate
    from deckcheck.limits import MAX_COMMANDER_HINTS
    from deckcheck.rules import _commander_placing

    calls = _counting_calls(monkeypatch, _commander_placing, "lead_together", _commander_placing.lead_together)
    text = _cod_naming(list(_NO_LEADERS), list(_NO_LEADERS))
    result = validate(text, "mtg/commander", "2024-06-01")
    assert not result.legal
    assert 0 < calls[0] <= MAX_COMMANDER_HINTS * (MAX_COMMANDER_HINTS - 1)


def test_cockatrice_commanders_are_moved_for_convert_in_work_bounded_by_the_few_read(monkeypatch):
    """convert puts each named commander in the command zone, a pass over the deck's cards
    each: 5,500 names and 9,900 cards took 48 s. Counted, not timed."""
    from deckcheck import decklists, model
    from deckcheck.limits import MAX_COMMANDER_HINTS

    moves = _counting_calls(monkeypatch, decklists, "move_one", model.move_one)
    deck = parse_text(_cod_naming([f"Card {number}" for number in range(1_000)], ["Card 999", "Island"]), source="deck.cod")
    decklists.write(deck, "dck")
    assert 0 < moves[0] <= MAX_COMMANDER_HINTS


def test_a_cockatrice_comment_line_of_blanks_inside_is_read_fast():
    """A `CDR:` line's name ended at blanks the pattern took at the line's end: the lazy name
    grew a character at a time and the blanks after it were tried from each, so a comment
    line of `CDR: x`, 30,000 blanks and `y` took 16 s (quadratic; a comment holds 64 KiB, a
    file many comments). Linear, 60,000 take milliseconds; the name is still the line's."""
    text = ('<?xml version="1.0"?><cockatrice_deck version="1"><comments>CDR: x' + " " * 60_000 + "y \n"
            "Commander :  Krenko, Mob Boss  \nnot a CDR: line</comments>"
            '<zone name="main"><card number="1" name="Island"/></zone></cockatrice_deck>')
    started = time.monotonic()
    deck = parse_text(text, source="deck.cod")
    assert time.monotonic() - started < 3
    assert deck.commander_hints == ("x" + " " * 60_000 + "y", "Krenko, Mob Boss")
    assert deck.comments == "not a CDR: line"


# A .dek of real card elements up to just past the element bound (4 MiB), as written and
# quoted line by line as an email reply quotes it.
_DEK_CARD = '<Cards CatID="1234" Quantity="4" Sideboard="false" Name="Lightning Bolt" />\n'
_BIG_DEK = ('<?xml version="1.0" encoding="utf-8"?>\n<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema">\n'
            + _DEK_CARD * ((4 << 20) // (len(_DEK_CARD) + 2) - 10) + "</Deck>\n")


@pytest.mark.parametrize("quoted", [False, True], ids=["as written", "quoted line by line"])
def test_a_big_dek_is_read_in_the_memory_of_its_elements(quoted):
    """4 MiB of `<Cards>` elements (refused at the 40,000th) took 30 MiB at its peak, 34
    quoted (session 30's note, 44 MiB with the file's bytes): besides the tree, the text was
    copied whole three times (its byte-order marks and blanks stripped, its declaration
    blanked, then encoded for expat), and each element kept a dict of its fields and an
    empty list for text it never had."""
    text = "".join(f"> {line}\n" for line in _BIG_DEK.splitlines()) if quoted else _BIG_DEK
    deck, peak = traced_peak(lambda: parse_text(text, source="big.dek"))
    assert [problem.message for problem in deck.problems] == [
        f"big.dek: line {MAX_XML_ELEMENTS + 2}: more than {MAX_XML_ELEMENTS:,} XML elements; no deck file holds that many "
        "(is this the right file?)"]
    # Now 21.5 MiB, the tree's (an element of four fields about 500 bytes), and the quoted
    # text's unquoted copy (the caller keeps the text it passed).
    assert peak < (24 << 20) + (len(text) if quoted else 0), f"{peak / 2**20:.1f} MiB"


def _unbounded_repeats(source: str) -> int:
    """How many repeats with no upper bound (`*`, `+`, `{3,}`, lazy or not) the pattern
    `source` holds, as `re` parses it: in a pattern anchored at its start, each more than
    one that can take the same characters multiplies the ways a line that fails is tried."""
    try:
        from re import _parser as parser  # type: ignore[attr-defined]  # Python 3.11+
    except ImportError:  # Python 3.10
        import sre_parse as parser  # type: ignore[no-redef]

    def walk(items) -> int:
        found = 0
        for op, value in items:
            if str(op) in ("MAX_REPEAT", "MIN_REPEAT"):
                found += value[1] == parser.MAXREPEAT
            for part in value if isinstance(value, (tuple, list)) else ():
                if isinstance(part, parser.SubPattern):
                    found += walk(part)
                elif isinstance(part, list):  # a BRANCH's choices
                    found += sum(walk(choice) for choice in part if isinstance(choice, parser.SubPattern))
        return found

    return walk(parser.parse(source))


@pytest.mark.parametrize("source, unbounded", [
    (r"^-{3,} ?\S.*? ?-{3,}$", 3),  # the booster pattern that took cubic time
    (r"^--- ?\S.*---$", 1), (r"^x{1,9}(?:a+|b*)$", 2), (r"^(a(b.*))?c{2}$", 1),
])
def test_what_counts_as_an_unbounded_repeat(source, unbounded):
    assert _unbounded_repeats(source) == unbounded


def test_a_draft_logs_header_of_long_dash_lines_cannot_take_cubic_time():
    r"""A draft log's booster line (`------ M10 ------`) was told by `^-{3,} ?\S.*? ?-{3,}$`,
    whose two runs of dashes, the \S and the lazy middle could share a line of dashes every
    way: one header line of 1,000 dashes and a letter took 5.6 s (cubic), a 4 KB upload of
    three such lines above its first pick 17 s, and 2,000 of them below a pick number too
    long to read (the sniffer's `\d+` took it, the parser's `\d{1,9}` did not, so every
    line was still the header's; since sec33 such a number is a pick) hours. Its reading is unchanged (the test below); they
    now take milliseconds. Checked on the pattern, not timed (a timer on a loaded machine
    fails at random, and a cubic pattern come back would hang the run for hours): at most
    one unbounded repeat in the start-anchored pattern leaves one way to try each line."""
    from deckcheck.decklists import parse_text as parse_any
    from deckcheck.decklists.draftlog import _BOOSTER

    assert _BOOSTER.pattern.startswith("^") and _unbounded_repeats(_BOOSTER.pattern) <= 1, _BOOSTER.pattern
    text = ("Players:\n--> ann\n" + ("-" * 40 + "x\n") * 3 + "Pack 1 pick 1:\n--> Lightning Bolt\n    Shock\n")
    deck = parse_any(text, source="draft.txt")
    assert deck.input_format == "draftlog" and [entry.name for entry in deck.entries] == ["Lightning Bolt"]


@pytest.mark.parametrize("digits", [10, 1000])
def test_a_pick_numbered_past_nine_digits_is_a_pick(digits):
    """sec33 (left by session 32): a `Pack N pick M:` line whose number had more than nine
    digits was no header (`\\d{1,9}`), so the card its pack marked was dropped from the pool
    without a word, where a nine-digit one was a pick and the picks it skips were told. Such
    a line is a pick now, its number as long as a line may be (MAX_LINE_CHARS), and the
    picks it skips are counted, not walked."""
    from deckcheck.decklists import parse_text as parse_any

    number = "9" * digits
    text = f"Pack 1 pick 1:\n--> Lightning Bolt\n    Shock\n\nPack 1 pick {number}:\n--> Duress\n    Opt\n"
    deck = parse_any(text, source="draft.txt")
    assert deck.input_format == "draftlog" and [entry.name for entry in deck.entries] == ["Lightning Bolt", "Duress"]
    [gap] = [problem for problem in deck.problems if "records no card picked" in problem.message]
    assert gap.line == 5 and f"{int(number) - 22:,} more picks" in gap.message


def test_a_draft_logs_booster_line_reads_as_before():
    import itertools

    from deckcheck.decklists.draftlog import _BOOSTER

    before = re.compile(r"^-{3,} ?\S.*? ?-{3,}$")  # the cubic pattern, for its verdicts
    for size in range(12):
        for letters in itertools.product("- x", repeat=size):
            line = "".join(letters)
            assert bool(_BOOSTER.match(line)) == bool(before.match(line)), line


class _CountedPattern:
    """A compiled pattern whose every use is counted (by its method's name)."""

    def __init__(self, pattern, uses: list[str]) -> None:
        self._pattern, self._uses = pattern, uses

    def __getattr__(self, name: str):
        method = getattr(self._pattern, name)
        if not callable(method):
            return method

        def counted(*args, **kwargs):
            self._uses.append(name)
            return method(*args, **kwargs)

        return counted


# Lines a 4 MiB upload repeats: a word, a run of digits and a bracket, which no count ends
# (`ア999(`), and the same with full-width signs; none holds ^, #, *, < or a closing bracket.
@pytest.mark.parametrize("line", ["ア" + "9" * 100 + "(", "ア" + "⑳" * 30 + "(", "ア" + "１" * 30 + "枚(", "Bolt [" + "z" * 60])
def test_a_line_is_asked_only_of_the_patterns_its_characters_can_match(monkeypatch, line):
    """sec33: each line with a bracket went through six patterns that try every position of
    it (a count after the name, tags, a comment, a marker, a variant, a printing after the
    name), each finding nothing when the line lacks the character it needs: 4 MiB of such
    lines took 1.9 s of CPU in parse_bytes, now 0.8 s. Each is now asked only of a line that
    holds its character (and a count after the name only of a line that ends as one)."""
    from deckcheck.decklists import text

    uses: list[str] = []
    names = ("_COUNT_LAST", "_TAGS", "_COMMENT", "_MARKER", "_VARIANT", "_SET_SUFFIX")
    for name in names:
        monkeypatch.setattr(text, name, _CountedPattern(getattr(text, name), uses))
    deck = text.parse((line + "\n") * 200)
    assert uses == []
    assert len(deck.entries) + len(deck.problems) >= 25  # the lines were read, each a card or a problem
