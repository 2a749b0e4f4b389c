"""The by-turn table of `deckcheck simulate`'s text report on real decks: it fits an
80-column terminal at the default three turns, and loses nothing on the way (every card's
whole name, its copies, and each turn's chance and plain hypergeometric, as `-o json` gives
them to two decimals). It was 92 to 98 columns wide for the README's Burn deck (a 26-column
name beside three 19-column cells) and more for a double-faced card or a Yu-Gi-Oh! name."""
from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from deckcheck.report.style import TEXT_WIDTH, columns

ROOT = Path(__file__).resolve().parent.parent
HEADING = "At least one copy by turn, "
# The table shows at most this many cards (-o json lists them all).
SHOWN = 15
# A turn's chance and, in brackets, its plain hypergeometric (left out where the two are
# one: an exact run without mulligans, whose heading says so).
_CELL = re.compile(r"(\d+\.\d\d)(?: \( *(\d+\.\d\d)\))?")


def _real_deck(shared_data: Path, deck_id: str, folder: Path) -> Path:
    """A tournament deck of the shared data written as a text list."""
    with gzip.open(shared_data / "mtg" / "decklists" / "decks.jsonl.gz", "rt", encoding="utf-8") as lines:
        record = next(json.loads(line) for line in lines if f'"deck_id":"{deck_id}"' in line)
    path = folder / f"{deck_id}.txt"
    path.write_text("".join(f"{card['count']} {card['name']}\n" for card in record["mainboard"]), encoding="utf-8")
    return path


# (name, the deck: examples/ or shared data, format, options). Long names: Eidolon of the
# Great Revel (26 columns), Sink into Stupor // Soporific Springs (37), Yu-Gi-Oh!'s Calamity
# of the Sacred Beasts - Hamon, Lord of Striking Thunder (63).
CASES = [
    ("burn", "examples/burn-modern.txt", "mtg/modern", ["--policy", str(ROOT / "examples" / "burn-policy.yaml")]),
    ("burn-monte-carlo", "examples/burn-modern.txt", "mtg/modern",
     ["--policy", str(ROOT / "examples" / "burn-policy.yaml"), "--hands", "3000", "--seed", "4"]),
    ("living-end", "mtg:0f62b23d7c75e867", "mtg/modern",
     ["--card", "Sink into Stupor", "--card", "Architects of Will", "--card", "Faerie Macabre", "--on", "draw"]),
    ("living-end-every-card", "mtg:0f62b23d7c75e867", "mtg/modern", ["--turns", "2"]),
    ("commander", "mtg/deck_formats/cockatrice_cod/edh-Luigi.cod", "mtg/commander", ["--turns", "1"]),
    ("yugioh", "ygo/decks/ProjectIgnis__ab28eb246b47.ydk", "yugioh/advanced-tcg", []),
    ("yugioh-long-names", "ygo/decks/fgwsz__1c872f731556.ydk", "yugioh/advanced-tcg", ["--on", "draw"]),
    ("yugioh-monte-carlo", "ygo/decks/fgwsz__1c872f731556.ydk", "yugioh/advanced-tcg", ["--hands", "2000", "--seed", "2"]),
    # Asmoranomardicadaistinaculdacar: one word of 31 columns, more than the 26 left beside
    # three cells; the name column is as wide as it (a word is never cut), the rows too.
    ("one-long-word", "mtg:8d24fcbb97d76764", "mtg/modern",
     ["--card", "Asmoranomardicadaistinaculdacar", "--card", "Dragon's Rage Channeler"]),
    # Four turns leave 11 columns for names: they are broken to 12, not left whole.
    ("burn-four-turns", "examples/burn-modern.txt", "mtg/modern", ["--turns", "4"]),
]

# Where the table cannot fit 80 columns, how wide it is: the widest word of a name beside
# the copies and three 13-column cells (2 + 31 + 1 + 6 + 3 * 15); names of 12 columns, the
# narrowest, beside four (2 + 12 + 1 + 6 + 4 * 15).
WIDEST = {"one-long-word": 85, "burn-four-turns": 81}


def _deck(where: str, shared_data: Path, tmp_path: Path) -> Path:
    if where.startswith("examples/"):
        return ROOT / where
    if where.startswith("mtg:"):
        return _real_deck(shared_data, where[4:], tmp_path)
    return shared_data / where


def _table(text: str) -> list[str]:
    """The by-turn section of a text report: its heading and the indented lines after it
    (a blank line or the notes end it)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(HEADING))
    end = next((i for i in range(start + 1, len(lines)) if not lines[i].startswith("  ")), len(lines))
    return lines[start:end]


def _rows(table: list[str]) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """(name, copies, [(p, hypergeometric) per turn]) of each card row, a name carried on
    under its row (a line of the name alone, deeper than the rows) joined to it."""
    rows: list[tuple[str, str, list[tuple[str, str]]]] = []
    header = next(i for i, line in enumerate(table) if line.lstrip().startswith("card "))
    for line in table[header + 1:]:
        if line.startswith("  ... and "):
            break
        cells = _CELL.findall(line)
        if not cells:
            assert line.startswith("    ") and rows, f"a line that is neither a row nor its name: {line!r}"
            name, copies, found = rows[-1]
            rows[-1] = (f"{name} {line.strip()}", copies, found)
            continue
        lead = line[:_CELL.search(line).start()].rstrip()
        name, copies = lead.strip().rsplit(" ", 1)
        rows.append((name.strip(), copies, cells))
    return rows


@pytest.mark.parametrize("name, where, fmt, options", CASES, ids=[case[0] for case in CASES])
def test_by_turn_table_fits_80_columns_and_keeps_every_value(cli, shared_data, tmp_path, name, where, fmt, options):
    deck = _deck(where, shared_data, tmp_path)
    text = cli("simulate", str(deck), "-f", fmt, *options)
    assert text.returncode == 0, text.stderr
    report = json.loads(cli("simulate", str(deck), "-f", fmt, *options, "-o", "json").stdout)
    table = _table(text.stdout)
    too_wide = [line for line in table if columns(line) > WIDEST.get(name, TEXT_WIDTH)]
    assert not too_wide, "\n".join(table)
    # Every row's copies stand right under the heading's `copies`, whatever its name.
    header = next(line for line in table if line.lstrip().startswith("card "))
    copies_end = columns(header[:header.index(" copies") + len(" copies")])
    for line in table[table.index(header) + 1:]:
        found = _CELL.search(line)
        if found and not line.startswith("  ... and "):
            assert columns(line[:found.start()].rstrip()) == copies_end, "\n".join(table)
    rows = _rows(table)
    cards = list(report["by_turn"].items())
    assert len(rows) == min(len(cards), SHOWN)
    side = report["on"]
    for (shown, copies, cells), (card, data) in zip(rows, cards):
        assert shown == card, "\n".join(table)
        assert int(copies) == data["copies"]
        one = "no mulligans: hypergeometric" in table[0]
        expected = [(f"{turn['p'] * 100:.2f}", "" if one else f"{turn['hypergeometric'] * 100:.2f}")
                    for turn in data[side].values()]
        assert cells == expected, (card, "\n".join(table))
        if one:
            assert report["mode"] == "exact" and report["opening_hand"]["mulligan"] == "none"
            assert all(turn["p"] == pytest.approx(turn["hypergeometric"], abs=1e-12) for turn in data[side].values())
        assert len(cells) == report["turns"]
    # A sampled table says how far its chances may be off: the page's heading says what ±
    # is, and a Yu-Gi-Oh! report has no other table that shows one.
    if report["mode"] != "exact":
        largest = max(turn["se"] for _, data in cards[:SHOWN] for turn in data[side].values())
        assert f"  each chance ± at most {largest * 100:.2f} (one standard error)" in table, "\n".join(table)


@pytest.mark.parametrize("name, width, lines", [
    ("Eidolon of the Great Revel", 26, ["Eidolon of the Great Revel"]),
    # Faces part at their `//`; the lines after the first are two columns narrower.
    ("Sink into Stupor // Soporific Springs", 26, ["Sink into Stupor", "// Soporific Springs"]),
    # A faced name that does not fit parts at every `//` first: never a face's word on the
    # line of the face before ('Brazen Borrower // Petty', 'Theft').
    ("Brazen Borrower // Petty Theft", 26, ["Brazen Borrower", "// Petty Theft"]),
    # ... then a face too wide for its line is broken between its own words.
    ("Tamiyo, Inquisitive Student // Tamiyo, Seasoned Scholar", 24,
     ["Tamiyo, Inquisitive", "Student", "// Tamiyo, Seasoned", "Scholar"]),
    ("Calamity of the Sacred Beasts - Hamon, Lord of Striking Thunder", 26,
     ["Calamity of the Sacred", "Beasts - Hamon, Lord of", "Striking Thunder"]),
    # A word wider than the column stays whole: nothing is cut.
    ("Lightningstrike-Kaiju-Deluxe-Edition", 12, ["Lightningstrike-Kaiju-Deluxe-Edition"]),
    # Measured in terminal columns: each of these characters takes two.
    ("山田太郎 山田太郎", 10, ["山田太郎", "山田太郎"]),
])
def test_a_long_name_is_broken_between_words(name, width, lines):
    from deckcheck.report.style import name_lines

    assert name_lines(name, width) == lines


@pytest.mark.parametrize("name, width, lines", [
    # Chinese and Japanese are written without spaces and broken between characters: a
    # name in them was one word, kept whole however wide.
    ("稲妻稲妻稲妻稲妻稲妻稲妻", 12, ["稲妻稲妻稲妻", "稲妻稲妻稲", "妻"]),
    # ... but never before a prolonged sound mark, a small kana or closing punctuation, nor
    # after an opening bracket (Japanese line breaking, JIS X 4051).
    ("ハーピィの羽根帚ハーピィ", 10, ["ハーピィの", "羽根帚", "ハーピィ"]),
    ("「A」ドラゴン」", 8, ["「A」ド", "ラゴ", "ン」"]),
    # ... the ASCII and half-width punctuation among Japanese text too: `(` ended a line and
    # `)`, `,`, `!` or `｡` started one.
    ("灰流うらら(ハーピィ)", 6, ["灰流う", "らら", "(ハー", "ピィ)"]),
    ("稲妻稲妻,稲妻稲妻.", 8, ["稲妻稲", "妻,稲", "妻稲", "妻."]),
    ("稲妻稲[稲妻]", 8, ["稲妻稲", "[稲妻]"]),
    ("稲妻稲{稲妻}", 8, ["稲妻稲", "{稲妻}"]),
    ("稲妻稲｢稲妻｣", 8, ["稲妻稲", "｢稲妻｣"]),
    ("稲妻稲妻!稲妻?", 8, ["稲妻稲", "妻!稲", "妻?"]),
    ("稲妻稲妻:稲妻;", 8, ["稲妻稲", "妻:稲", "妻;"]),
    ("稲妻稲妻｡稲妻､", 8, ["稲妻稲", "妻｡稲", "妻､"]),
    ("稲妻稲妻ｰ稲妻･", 8, ["稲妻稲", "妻ｰ稲", "妻･"]),
    # Latin letters among them stay together, as a word.
    ("増殖するG ABCDEFGH", 8, ["増殖する", "G", "ABCDEFGH"]),
    # An emoji sequence (joined, skin-toned) is one piece, as it is one picture.
    ("\U0001F469\u200d\U0001F469\u200d\U0001F467\U0001F44D\U0001F3FD\U0001F409", 4,
     ["\U0001F469\u200d\U0001F469\u200d\U0001F467\U0001F44D\U0001F3FD", "\U0001F409"]),
])
def test_a_long_name_in_chinese_or_japanese_is_broken_between_characters(name, width, lines):
    from deckcheck.report.style import name_lines

    assert name_lines(name, width) == lines


class _Built(str):
    """A piece of a `_CountedWord` being built: what adding to it copies is counted."""

    def __add__(self, other: str) -> _Built:
        return self._counted(str.__add__(self, other))

    def __radd__(self, other: str) -> _Built:
        return self._counted(str.__add__(other, self))

    def _counted(self, text: str) -> _Built:
        _CountedWord.copied += len(text)
        return _Built(text)


class _CountedWord(str):
    """A word that counts the characters copied to make its pieces: each character it
    yields is a `_Built` (a piece grown by `+=` counts its whole length each time), each
    slice counts its own."""

    copied = 0

    def __iter__(self):
        return (_Built(char) for char in str.__iter__(self))

    def __getitem__(self, key) -> str:
        got = str.__getitem__(self, key)
        _CountedWord.copied += len(got)
        return got


def _pieces_work(word: str) -> int:
    from deckcheck.report.style import word_pieces

    _CountedWord.copied = 0
    assert word_pieces(_CountedWord(word)) == word_pieces(word)
    return _CountedWord.copied


@pytest.mark.parametrize("run", ["\u00e9", "\U0001F469\u200d"], ids=["narrow letters", "a joined emoji run"])
def test_a_words_pieces_cost_work_linear_in_its_length(run):
    """A piece grew a character at a time (`pieces[-1] += char`), each step copying it: a
    run of 200,000 narrow letters after a wide one (`fitted('稲 ' + 'é' * 200_000)`) took
    6.5 s, `formats show` of a file with such an 800 KB description 15.5 s. Counted, not
    timed: the characters copied to build a word's pieces, at n and 2n."""
    once, twice = (_pieces_work("稲" + run * size + "稲") for size in (5_000, 10_000))
    assert twice <= 2 * once + 8, (once, twice)


def test_by_turn_table_fits_80_columns_with_a_long_japanese_name(cli, tmp_path):
    """A name of 24 wide characters (48 columns, one word) made the by-turn table 105
    columns wide; it is broken between its characters under its row."""
    name = "稲妻" * 12
    deck = tmp_path / "deck.txt"
    deck.write_text(f"20 Mountain\n4 {name}\n36 Grizzly Bears\n", encoding="utf-8")
    done = cli("simulate", str(deck), "-f", "mtg/constructed", "--no-cards")
    assert done.returncode == 0, done.stderr
    table = _table(done.stdout)
    assert not [line for line in table if columns(line) > TEXT_WIDTH], "\n".join(table)
    at = next(i for i, line in enumerate(table) if line.lstrip().startswith("稲妻"))
    parts = [table[at].split()[0]] + [line.strip() for line in table[at + 1:] if line.startswith("    ")]
    assert "".join(parts) == name, "\n".join(table)
