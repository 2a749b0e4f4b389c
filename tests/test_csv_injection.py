"""CSV outputs are safe to open in a spreadsheet (#14 item 11, OWASP "CSV injection"): a text
cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is written with a
leading `'`, so the spreadsheet shows it instead of evaluating it; numbers stay numbers."""
from __future__ import annotations

import csv
import io

from files import write

DANGEROUS = ["=HYPERLINK(\"http://example.invalid\",\"x\")", "+cmd|' /C calc'!A0", "-2+3", "@SUM(1+1)", "\uff1d1+1"]


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def _safe(cell: str) -> bool:
    return not cell or cell[0] not in "=+-@\t\r\uff1d"


def test_every_formula_start_is_quoted_and_other_values_kept():
    from deckcheck.report.spreadsheet import cell

    for text in ["=1", "+1", "-1", "@1", "\t=1", "\r=1", "\uff1d1", "\uff0b1", "\uff0d1", "\uff20x"]:
        assert cell(text) == "'" + text
    assert [cell(value) for value in ("Lightning Bolt", "", -0.5, 3, None)] == ["Lightning Bolt", "", -0.5, 3, None]


def test_batch_csv_escapes_players_teams_decks_and_cards(cli, tmp_path):
    players = "\n".join(f"\"{name.replace(chr(34), chr(34) * 2)}\",{index}.txt,=T1" for index, name in enumerate(DANGEROUS))
    files = {f"{index}.txt": "5 =1+1\n4 @Bolt\n51 Island\n" for index in range(len(DANGEROUS))}
    write(tmp_path, {**files, "players.csv": "player,deck,team\n" + players + "\n"})
    # Without card data `=1+1` is a card counted against the copy limit; with it, an unknown card.
    for cards, rule, named in ((["--no-cards"], "copy-limit", {"'=1+1"}), ([], "unknown-card", {"'=1+1", "'@Bolt"})):
        # On the day of the newest lists: a later event adds a `note` row, which has no team.
        done = cli("batch", str(tmp_path / "players.csv"), "-f", "mtg/modern", "-o", "csv", "--date", "2026-09-02", *cards)
        assert done.returncode == 1, done.stderr
        rows = _rows(done.stdout)
        assert rows
        for row in rows:
            assert all(_safe(cell) for cell in row.values()), row
        players_seen = {row["player"] for row in rows if row["scope"] == "deck"}
        assert players_seen == {"'" + name for name in DANGEROUS}  # the text itself is kept, behind a '
        assert {row["card"] for row in rows if row["rule"] == rule} == named
    assert {row["team"] for row in rows} == {"'=T1"}


def test_simulate_csv_escapes_card_names_but_not_numbers(cli, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("4 =1+1\n4 -Bolt\n52 Mountain\n", encoding="utf-8")
    done = cli("simulate", str(deck), "-f", "mtg/modern", "-o", "csv", "--card", "=1+1", "--card", "-Bolt")
    assert done.returncode == 0, done.stderr
    rows = _rows(done.stdout)
    names = {value for row in rows for value in row.values() if value.lstrip("'") in ("=1+1", "-Bolt")}
    assert names == {"'=1+1", "'-Bolt"}
    for row in rows:
        assert all(_safe(cell) for cell in row.values()), row


def test_compare_csv_keeps_negative_numbers(cli, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("24 Mountain\n36 Grizzly Bears\n", encoding="utf-8")
    loose, tight = tmp_path / "loose.yaml", tmp_path / "tight.yaml"
    loose.write_text("keep:\n  7: '1 <= lands <= 6'\n", encoding="utf-8")
    tight.write_text("keep:\n  7: '3 <= lands <= 4'\n", encoding="utf-8")
    done = cli("simulate", str(deck), "-f", "mtg/modern", "--compare", str(loose), str(tight), "-o", "csv", "--hands", "2000")
    assert done.returncode == 0, done.stderr
    differences = [row["difference_to_first"] for row in _rows(done.stdout) if row["difference_to_first"]]
    assert any(value.startswith("-") and float(value) < 0 for value in differences)


def test_a_formula_behind_leading_blanks_is_quoted_too():
    """` =HYPERLINK(...)` went out as written: a spreadsheet that trims a cell's leading
    blanks on import (LibreOffice's "Trim spaces", Google Sheets) then evaluates it. Text
    whose first character that is not a blank starts a formula gets the `'` too."""
    from deckcheck.report.spreadsheet import cell

    for text in [" =1+1", "   @SUM(1)", "\u00a0+1", "\u3000=1", " \t-1", "\n=1", " \uff1d1"]:
        assert cell(text) == "'" + text, repr(text)
    for text in [" Lightning Bolt", "  ", " 1-2", "a =1"]:
        assert cell(text) == text, repr(text)


def test_batch_csv_escapes_a_deck_file_named_with_a_blank_before_a_formula(cli, tmp_path):
    write(tmp_path, {"event/ =HYPERLINK(1).txt": "4 Lightning Bolt\n"})
    done = cli("batch", str(tmp_path / "event"), "-f", "mtg/modern", "-o", "csv", "--date", "2026-09-02")
    assert done.returncode == 1, done.stderr
    decks = {row["deck"] for row in _rows(done.stdout) if row["scope"] == "deck"}
    assert decks == {"' =HYPERLINK(1).txt"}
