"""Deck fixtures in every file format, discovered from tests/decks/{legal,illegal}/<game>/<format>/
and validated through the installed command (one run per folder), plus what the MTGO .dek
parser reads from them line by line."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import caseload
from deckcheck.decklists import load_deck
from deckcheck.model import MAIN, SIDEBOARD
from deckcheck.schema import ListOf, MapOf, Str

DECKS = Path(__file__).parent / "decks"


def _folders(verdict: str) -> list[Path]:
    return sorted(path for path in (DECKS / verdict).glob("*/*") if path.is_dir())


def _decks(folder: Path) -> list[Path]:
    return sorted(path for path in folder.iterdir() if path.name != "expected.yaml")


def _format_id(folder: Path) -> str:
    return f"{folder.parent.name}/{folder.name}"


@pytest.mark.parametrize("folder", _folders("legal"), ids=_format_id)
def test_legal_decks(cli, folder):
    decks = _decks(folder)
    done = cli("validate", *map(str, decks), "-f", _format_id(folder), "-o", "json")
    results = json.loads(done.stdout)["results"]
    assert [(r["deck"], r["problems"]) for r in results] == [(str(d), []) for d in decks]
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("folder", _folders("illegal"), ids=_format_id)
def test_illegal_decks(cli, folder):
    expected = caseload.load(folder / "expected.yaml", MapOf(ListOf(Str())))  # deck file -> rule ids
    decks = _decks(folder)
    assert sorted(d.name for d in decks) == sorted(expected), "every illegal deck needs an expected.yaml entry"
    done = cli("validate", *map(str, decks), "-f", _format_id(folder), "-o", "json")
    assert done.returncode == 1, done.stderr
    got = {Path(r["deck"]).name: sorted(p["rule"] for p in r["problems"]) for r in json.loads(done.stdout)["results"]}
    assert got == {name: sorted(rules) for name, rules in expected.items()}


def test_formats_are_all_represented():
    """The fixtures cover every decklist file format deckcheck reads."""
    suffixes = {path.suffix for verdict in ("legal", "illegal") for f in _folders(verdict) for path in _decks(f)}
    assert {".dek", ".cod", ".dck", ".txt"} <= suffixes


# ------------------------------------------------------------------ MTGO .dek in detail


def test_dek_with_bom_and_crlf():
    deck = load_deck(DECKS / "legal" / "mtg" / "constructed" / "burn-mtgo.dek")
    assert deck.input_format == "dek" and deck.problems == []
    assert (deck.count(MAIN), deck.count(SIDEBOARD)) == (60, 15)
    by_name = {(e.name, e.zone): (e.count, e.line) for e in deck.entries}
    assert by_name[("Goblin Guide", MAIN)] == (4, 5)  # line 5: after declaration, <Deck>, two ids
    assert by_name[("Kari Zev's Expertise", MAIN)] == (2, 14)  # &apos; decoded
    assert by_name[("Lightning Helix", MAIN)] == (3, 13)
    assert by_name[("Lightning Helix", SIDEBOARD)] == (1, 24)
    assert by_name[("Fire // Ice", SIDEBOARD)] == (2, 25)  # MTGO's `Fire/Ice`


def test_dek_problems_keep_their_lines():
    deck = load_deck(DECKS / "illegal" / "mtg" / "constructed" / "bad-cards.dek")
    assert [(e.name, e.count, e.line) for e in deck.entries] == [("Mountain", 60, 10)]
    assert [(p.rule, p.line, p.zone) for p in deck.problems] == [("parse-error", 11, MAIN), ("parse-error", 12, SIDEBOARD)]
    assert "count is not a whole number" in deck.problems[0].message
    assert "needs Quantity and Name" in deck.problems[1].message


# ------------------------------------------------------------------ quoted by an email reply

_LEGAL = DECKS / "legal" / "mtg" / "constructed"


@pytest.mark.parametrize("file", ["burn-mtgo.dek", "jund-cockatrice.cod", "affinity-forge.dck", "burn-mtgo.txt"])
@pytest.mark.parametrize("quote", ["> ", ">", "> > "], ids=["quote", "tight", "twice"])
def test_a_file_quoted_by_an_email_reply_reads_as_the_file(tmp_path, cli, file, quote):
    """A file pasted into an email and quoted in the reply (`> ` before each line, blank
    lines too or not): the .dek and .cod were "not well-formed XML" at line 1, the Forge
    file was read as a typed list ("expected `COUNT Card Name`: '[metadata]'"), the deck lost."""
    original = (_LEGAL / file).read_bytes().decode("utf-8-sig")
    quoted = "".join((quote if line.strip() else quote.rstrip()) + line for line in original.splitlines(keepends=True))
    path = tmp_path / file
    path.write_text(quoted, encoding="utf-8", newline="")
    expected, got = load_deck(_LEGAL / file), load_deck(path)
    assert got.problems == [] and got.input_format == expected.input_format
    assert [(e.name, e.count, e.zone, e.line) for e in got.entries] == [
        (e.name, e.count, e.zone, e.line) for e in expected.entries
    ]
    result = cli("validate", str(path), "-f", "mtg/constructed", "-o", "json")
    assert result.returncode == 0, result.stdout + result.stderr


def _entries(deck):
    return [(e.name, e.count, e.zone, e.line) for e in deck.entries]


def test_a_quoted_file_with_lines_ended_by_cr_alone_reads_as_the_file():
    """A quote's lines end where LINE_BREAK ends them, a lone CR too (classic Mac OS)."""
    from deckcheck.decklists import parse_text

    original = (_LEGAL / "burn-mtgo.dek").read_bytes().decode("utf-8-sig")
    quoted = "".join("> " + line + "\r" for line in original.splitlines())
    expected, got = load_deck(_LEGAL / "burn-mtgo.dek"), parse_text(quoted)
    assert got.problems == [] and got.input_format == "dek"
    assert _entries(got) == _entries(expected)


def test_a_long_quote_with_a_line_further_on_unquoted_is_read_as_written():
    """A file's head is unquoted to choose its parser, the rest only when every line read
    is quoted: a .dek quoted over more than that head, then a line without a quote (a
    signature), is read as written, as a shorter one is, not as the .dek inside."""
    from deckcheck.decklists import parse_text

    cards = "".join(f'>   <Cards CatID="{n}" Quantity="1" Sideboard="false" Name="Card {n}" />\n' for n in range(1000))
    quoted = '> <?xml version="1.0" encoding="utf-8"?>\n> <Deck>\n' + cards + "> </Deck>\n"
    assert len(quoted) > 32768
    assert len(parse_text(quoted).entries) == 1000
    signed = parse_text(quoted + "\nThanks, Ann\n")
    assert signed.entries == [] and [problem.message for problem in signed.problems] == [
        "<text>: line 1: not well-formed XML (syntax error)"]
