"""Which parser reads a file (content, then extension, or `--input-format`), and what happens
to XML that is broken or hostile: a `parse-error` with its line, exit 1, never a traceback."""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from deckcheck.decklists import choose, load_deck, parse_text

DECKS = Path(__file__).parent / "decks"
DEK = (DECKS / "legal" / "mtg" / "constructed" / "burn-mtgo.dek").read_bytes().decode("utf-8-sig")
COD = (DECKS / "legal" / "mtg" / "constructed" / "jund-cockatrice.cod").read_text(encoding="utf-8")
DCK = (DECKS / "legal" / "mtg" / "constructed" / "affinity-forge.dck").read_text(encoding="utf-8")
TEXT = (DECKS / "legal" / "mtg" / "constructed" / "burn-mtgo.txt").read_text(encoding="utf-8")


# ------------------------------------------------------------------ choosing a parser


@pytest.mark.parametrize(
    ("file_name", "content", "parser"),
    [
        ("deck.txt", COD, "cod"),  # content beats extension
        ("deck.txt", DEK, "dek"),
        ("deck.dek", COD, "cod"),
        ("deck.cod", DEK, "dek"),
        ("deck", DCK, "dck"),  # no extension at all
        ("deck.txt", DCK, "dck"),
        ("deck.dek", TEXT, "text"),  # a typed list saved as .dek is still a typed list
        ("deck.cod", TEXT, "text"),
        # A .dck is Forge's by its content only: XMage saves .dck files in a text layout.
        ("deck.dck", TEXT, "text"),
        ("deck.dck", "NAME:Burn\n4 [M10:146] Lightning Bolt\nSB: 2 [M21:96] Duress\nLAYOUT MAIN:(1,1)(NONE,false,50)|([M10:146])\n", "text"),
        ("deck.dck", DCK, "dck"),
        ("deck.dek", "<Deck>\n</Deck>\n", "dek"),  # XML without <Cards>: extension decides
        ("deck.DEK", "\n\n<Deck/>", "dek"),  # extension case and leading blank lines
        ("deck.txt", "[Sideboard]\n2 Duress\n", "text"),  # a bracket header is not Forge
        ("deck.mwdeck", TEXT, "text"),
        # A .ydk with `#main` alone (no `#extra`, `!side` or `#created by`): read as text,
        # every passcode was "expected `COUNT Card Name`".
        ("-", "#main\n14558127\n14558127\n", "ydk"),
        ("deck.txt", "#Main\r\n\r\n#a comment\r\n05318639\r\n", "ydk"),
        ("deck.txt", "#main\n3 Kuriboh\n14558127\n", "text"),  # a list by name with a `#main` comment
        ("deck.txt", "# main\n14558127\n", "text"),
    ],
)
def test_choose(file_name, content, parser):
    assert choose(file_name, content).NAME == parser


def test_every_parser_can_be_forced(cli, tmp_path):
    """`--input-format` wins over content and extension, one run per parser."""
    cases = {  # parser: (file name, content, expected main count, first problem line or None)
        "text": ("deck.dek", DEK, 0, 1),  # forced text on XML: one problem, not one per line
        "dek": ("deck.txt", DEK, 60, None),
        "cod": ("deck.dek", DEK, 0, 1),  # no <zone>: says so on line 1
        "dck": ("deck.txt", TEXT, 0, 1),  # no sections: every card line is outside one
    }
    for parser, (name, content, main, problem_line) in cases.items():
        path = tmp_path / parser / name
        path.parent.mkdir()
        path.write_text(content, encoding="utf-8")
        done = cli("validate", str(path), "-f", "mtg/constructed", "--input-format", parser, "-o", "json")
        (result,) = json.loads(done.stdout)["results"]
        assert result["counts"]["main"] == main, parser
        lines = [p.get("line") for p in result["problems"] if p["rule"] == "parse-error"]
        assert (lines[0] if lines else None) == problem_line, parser
        assert "Traceback" not in done.stderr


def test_unknown_input_format_is_a_usage_error(cli, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text(TEXT, encoding="utf-8")
    done = cli("validate", str(path), "-f", "mtg/constructed", "--input-format", "mws")
    assert done.returncode == 2
    assert done.stderr.strip() == "deckcheck: error: --input-format 'mws': unknown input format; choose one of: dek, cod, o8d, dck, ydk, ydke, draftlog, text"
    assert done.stdout == ""


# ------------------------------------------------------------------ broken and hostile XML

_HEAD = '<?xml version="1.0" encoding="utf-8"?>\n<Deck>\n'
MALFORMED = {
    # name: (content, line of the problem, fragment of its message)
    # A file cut short (saved or copied in part) says so: "no element found" told nobody.
    "unclosed.dek": (_HEAD + '  <Cards Quantity="4" Sideboard="false" Name="Lightning Bolt" />\n', 4,
                     "no element found): the file ends inside <Deck>, never closed; it was cut short"),
    "mismatched.dek": (_HEAD + '  <Cards Quantity="4" Name="Lightning Bolt">\n</Deck>\n', 4, "mismatched tag"),
    "bad-attribute.cod": ('<cockatrice_deck>\n<zone name="main">\n<card number=4 name="Bolt"/>\n</zone></cockatrice_deck>\n', 3, "not well-formed"),
    "undefined-entity.dek": (_HEAD + '  <Cards Quantity="4" Name="Bolt &bolt;" />\n</Deck>\n', 3, "undefined entity"),
    "billion-laughs.dek": (
        '<?xml version="1.0"?>\n<!DOCTYPE Deck [\n <!ENTITY lol "lol">\n'
        + "".join(f' <!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">\n' for i in range(1, 10))
        + ']>\n<Deck><Cards Quantity="1" Name="&lol9;" /></Deck>\n',
        2,
        "DTDs and entity declarations are not allowed",
    ),
    "external-entity.dek": (
        '<?xml version="1.0"?>\n<!DOCTYPE Deck [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>\n'
        '<Deck><Cards Quantity="1" Name="&xxe;" /></Deck>\n',
        2,
        "DTDs and entity declarations are not allowed",
    ),
    "external-dtd.cod": ('<?xml version="1.0"?>\n<!DOCTYPE cockatrice_deck SYSTEM "http://127.0.0.1:9/deck.dtd">\n<cockatrice_deck/>\n', 2, "not allowed"),
    "deep.dek": ("<Deck>\n" + "<a>" * 100 + "\n" + "</a>" * 100 + "</Deck>\n", 2, "nested deeper than 64"),
    "truncated.cod": ('<?xml version="1.0"?>\n<cockatrice_deck version="1">\n<zone name="main">\n<card number="4" na', 4,
                      "unclosed token): the file ends inside <zone>, never closed; it was cut short (saved or copied in part?): save or export it again"),
    "truncated-in-a-name.dek": (_HEAD + '  <Cards Quantity="4" Sideboard="false" Name="Lightning Bo', 3,
                                "the file ends inside <Deck>, never closed; it was cut short"),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_xml_in_the_library(name):
    content, line, fragment = MALFORMED[name]
    started = time.perf_counter()
    deck = parse_text(content, source=name)
    assert time.perf_counter() - started < 1  # billion laughs is refused, not expanded
    assert deck.entries == []
    assert [(p.rule, p.line) for p in deck.problems] == [("parse-error", line)]
    assert fragment in deck.problems[0].message


def test_malformed_xml_through_the_cli(cli, tmp_path):
    """Every broken file is reported with its line in one run, next to a good deck; exit 1."""
    paths = []
    for name, (content, _line, _fragment) in sorted(MALFORMED.items()):
        path = tmp_path / name
        path.write_text(content, encoding="utf-8")
        paths.append(path)
    good = DECKS / "legal" / "mtg" / "constructed" / "burn-mtgo.dek"
    done = cli("validate", *map(str, paths), str(good), "-f", "mtg/constructed", "-o", "json")
    assert done.returncode == 1, done.stderr
    # Nothing but the note that no card database was there (bad files are problems, not errors).
    assert [line for line in done.stderr.splitlines() if not line.startswith("deckcheck: note:")] == []
    results = json.loads(done.stdout)["results"]
    for path, result in zip(paths, results):
        _content, line, fragment = MALFORMED[path.name]
        (problem,) = [p for p in result["problems"] if p["rule"] == "parse-error"]
        assert problem["line"] == line, path.name
        assert fragment in problem["message"], path.name
    assert results[-1]["legal"] is True


def test_text_output_for_a_broken_file_is_one_line_per_problem(cli, tmp_path):
    path = tmp_path / "unclosed.dek"
    path.write_text(MALFORMED["unclosed.dek"][0], encoding="utf-8")
    done = cli("validate", str(path), "-f", "mtg/constructed", "-o", "text")
    assert done.returncode == 1
    assert "line 4" in done.stdout and "parse-error" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


def test_declaration_after_a_blank_line_and_split_over_lines():
    """Hand-edited files: a blank first line, a declaration over two lines; numbering holds."""
    content = '\n<?xml version="1.0"\n encoding="utf-8"?>\n<Deck>\n<Cards Quantity="4" Sideboard="false" Name="Opt" />\n</Deck>\n'
    deck = parse_text(content, source="deck.dek")
    assert deck.problems == []
    assert [(e.name, e.line) for e in deck.entries] == [("Opt", 5)]


def test_empty_file_is_an_empty_deck(cli, tmp_path):
    path = tmp_path / "empty.cod"
    path.write_bytes(b"")
    done = cli("validate", str(path), "-f", "mtg/constructed", "-o", "json")
    assert done.returncode == 1
    (result,) = json.loads(done.stdout)["results"]
    assert result["counts"] == {"main": 0, "sideboard": 0}
    assert [p["rule"] for p in result["problems"]] == ["deck-size"]


def test_binary_file_is_reported_not_crashed(tmp_path):
    path = tmp_path / "cards.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    deck = load_deck(path)
    assert deck.entries == []
    assert deck.problems and {p.rule for p in deck.problems} == {"parse-error"}


# ------------------------------------------------------------------ choosing, as fast as it is


def _sniff_seeds() -> list[str]:
    """Every deck file the tests and the shared data hold, as text, with mutations that
    put a format's mark just inside and just outside the head `choose` looks in."""
    from deckcheck.decklists import SNIFF_HEAD
    from real_decks import find_shared_data

    paths = [path for path in DECKS.rglob("*") if path.is_file()]
    shared = find_shared_data()
    if shared is not None:
        paths += [path for folder in ("mtg/deck_formats", "ygo/decks") for path in (shared / folder).rglob("*") if path.is_file()]
    texts = [path.read_bytes().decode("utf-8", errors="replace") for path in sorted(paths)[:400]]
    texts += ["ydke://abc!def!ghi!", "  \n ydke://a!b!c!", "YDKE://x", "#main\n123\n", "[metadata]\n[Main]\n1 Island", "<Deck><Cards/></Deck>"]
    return texts + [pad + text for text in texts for pad in ("\n" * (SNIFF_HEAD - 10), "\n" * SNIFF_HEAD)]


def test_a_sniffer_says_no_to_a_file_without_its_mark_in_the_head():
    from deckcheck.decklists import _SNIFFERS, SNIFF_HEAD

    marked = [module for module in _SNIFFERS if getattr(module, "SNIFF_MARK", "")]
    assert {module.NAME for module in marked} >= {"dek", "cod", "o8d", "dck", "ydk"}
    for text in _sniff_seeds():
        for module in marked:
            mark = module.SNIFF_MARK
            assert not module.sniff(text.replace(mark, "")), (module.NAME, text[:200])
            if mark not in text[:SNIFF_HEAD]:
                assert not module.sniff(text), (module.NAME, text[:200])


def test_choose_picks_what_asking_every_sniffer_and_splitext_pick():
    import itertools
    import os

    from deckcheck.decklists import _BY_SUFFIX, _SNIFFERS, text

    def reference(source: str, content: str):
        for module in _SNIFFERS:
            if module.sniff(content):
                return module
        claiming = _BY_SUFFIX.get(os.path.splitext(source)[1].lower(), ())
        is_xml = bool(claiming) and content.lstrip("\ufeff \t\r\n").startswith("<")
        # A parser may refuse a file its extension names (`claims`: a typed list saved as .ydk).
        return next((module for module, reads_xml in claiming
                     if (is_xml or not reads_xml) and (not hasattr(module, "claims") or module.claims(content[:4000]))), text)

    pieces = ["a", ".", "/", "\\", "..", "txt", "TXT", "dek", "ydk", "cod", "o8d", "dck", "ydke", "dec", "deck", ":"]
    sources = ["".join(parts) for size in range(1, 5) for parts in itertools.product(pieces, repeat=size)]
    for source in sources:
        for content in (DEK, TEXT, "<x/>", ""):
            assert choose(source, content) is reference(source, content), (source, content[:40])
    for content in _sniff_seeds():
        for source in ("deck.txt", "deck.dek", "deck", "a/.dck", "deck.ydk"):
            assert choose(source, content) is reference(source, content), (source, content[:200])
