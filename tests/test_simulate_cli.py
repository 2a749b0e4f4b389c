"""`deckcheck simulate` end to end through the installed command: reports, exit codes,
errors, policy files."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BURN = ROOT / "examples" / "burn-modern.txt"
BURN_POLICY = ROOT / "examples" / "burn-policy.yaml"
ISSUE_KEYS = {"mode", "hands", "keep", "expected_hand_size", "lands_in_kept_hand", "by_turn", "assertions"}


@pytest.fixture
def deck(tmp_path) -> Path:
    path = tmp_path / "deck.txt"
    path.write_text("24 Mountain\n4 Lightning Bolt\n32 Grizzly Bears\n", encoding="utf-8")
    return path


def test_text_report(cli, deck):
    done = cli("simulate", str(deck), "-f", "mtg/constructed", "--keep", "2 <= lands <= 5", "--keep5", "true")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    for heading in ("Keep policy", "Kept hand size", "Lands in the kept hand", "At least one copy by turn, on the play"):
        assert heading in out
    assert " 7   84.39%  " in out and "█" in out  # a bar chart, scaled to the probability
    assert "exact (multivariate hypergeometric)" in out
    assert "\x1b[" not in out


def test_json_report_has_the_issue_schema(cli, deck):
    done = cli("simulate", str(deck), "-f", "mtg/constructed", "--keep", "2 <= lands <= 5", "--keep5", "true",
               "--turns", "2", "--on", "draw", "-o", "json")
    report = json.loads(done.stdout)
    assert ISSUE_KEYS <= set(report)
    assert report["mode"] == "exact" and report["hands"] is None and report["standard_errors"] is None
    assert list(report["keep"]) == ["7", "6", "5"]
    assert sum(report["lands_in_kept_hand"].values()) == pytest.approx(1.0)
    cell = report["by_turn"]["Lightning Bolt"]["draw"]["2"]
    assert cell["cards_seen"] == 9 and set(cell) == {"p", "hypergeometric", "cards_seen"}
    assert report["policy"] == {"7": "2 <= lands <= 5", "6": "2 <= lands <= 5", "5": "keep any hand"}
    assert report["assertions"] == [] and report["passed"] is True


def test_exit_codes_follow_the_assertions(cli, deck):
    base = ["simulate", str(deck), "-f", "mtg/constructed", "--keep", "2 <= lands <= 5", "--keep5", "true"]
    assert cli(*base, "--assert", "keep7 >= 0.84", "--assert", "expected_hand_size > 6.8").returncode == 0
    failing = cli(*base, "--assert", "keep7 >= 0.84", "--assert", "keep7 >= 0.85", "-o", "json")
    assert failing.returncode == 1
    assert [a["passed"] for a in json.loads(failing.stdout)["assertions"]] == [True, False]
    # --on decides the side p_by_turn looks at: 46.6% on the play, 50.8% on the draw by turn 3.
    check = 'p_by_turn("Lightning Bolt", 3) >= 0.5'
    assert cli(*base, "--assert", check).returncode == 1
    assert cli(*base, "--assert", check, "--on", "draw").returncode == 0


@pytest.mark.parametrize(
    "args, message",
    [
        (["--keep", "2 <= lands <="], "--keep: column 14 in '2 <= lands <=': expected a number"),
        (["--keep6", "lands >= 1 or"], "--keep6: column 14"),
        (["--assert", "keep7 >> 1"], "--assert: column 8"),
        (["--keep", "distinct(lands) >= 2", "--exact"], "--exact needs a count-based keep policy: distinct() at column 1 of --keep"),
        (["--keep6", "lands >= 1"], "gives no rule for the opening hand of 7 cards"),
        (["--card", "Lightning Blot"], "--card 'Lightning Blot': no such card in the main deck"),
        # A misspelt name in any expression is a usage error that suggests the deck's card (#14).
        (["--card", "Lightning Blot"], "did you mean 'Lightning Bolt'?"),
        (["--keep", 'count("Lightnig Bolt") >= 1'], "--keep: count('Lightnig Bolt'): no such card in the main deck; did you mean 'Lightning Bolt'?"),
        (["--keep", "lands >= 2", "--keep6", 'count("lightning blot") >= 1'], "--keep6: count('lightning blot'): no such card in the main deck"),
        (["--assert", 'p_by_turn("Lightnig Bolt", 2) > 0'], "did you mean 'Lightning Bolt'?"),
        (["--assert", "keep8 > 0"], "hands in mtg/constructed have at most 7 cards"),
        # first and second are play and draw (tests/test_simulate_sides.py); the error says both pairs.
        (["--on", "going first"], "--on 'going first': choose play or draw (Yu-Gi-Oh!: first or second, the same sides)"),
        (["--turns", "0"], "--turns must be at least 1"),
        (["--hands", "0"], "--hands 0: simulate from 1 to 10,000,000 games"),
        (["-o", "xml"], "unknown output 'xml'"),
        (["-f", "mtg/nonsense"], "unknown format 'mtg/nonsense'"),
        (["--policy", "/nonexistent/policy.yaml"], "cannot read policy file"),
    ],
)
def test_usage_errors_exit_2_with_one_line(cli, deck, args, message):
    full = ["simulate", str(deck), *args]
    if "-f" not in args:
        full += ["-f", "mtg/constructed"]
    done = cli(*full)
    assert done.returncode == 2, done.stdout
    assert done.stderr.startswith("deckcheck: error: ")
    assert message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


@pytest.mark.parametrize("size, message", [(1, "have at most 1 card\n"), (2, "have at most 2 cards\n")])
def test_a_keep_assertion_past_the_hand_size_counts_the_cards_in_words(cli, deck, tmp_path, size, message):
    """A format's one-card opening hand is 'at most 1 card', not '1 cards'."""
    fmt = tmp_path / "tiny-hand.yaml"
    fmt.write_text(f"extends: mtg/constructed\nname: Tiny hand\nopening_hand: {{size: {size}}}\n", encoding="utf-8")
    done = cli("simulate", str(deck), "-f", str(fmt), "--assert", "keep7 >= 0")
    assert done.returncode == 2 and done.stderr.endswith(f"keep7: hands in {fmt} {message}"), done.stderr


def test_unreadable_deck_exits_2(cli, tmp_path):
    done = cli("simulate", str(tmp_path / "missing.txt"), "-f", "mtg/constructed")
    assert done.returncode == 2 and "no such file" in done.stderr
    binary = tmp_path / "deck.txt"
    binary.write_bytes(b"\x00" * 5_000_000)
    done = cli("simulate", str(binary), "-f", "mtg/constructed")
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_deck_too_small_and_empty(cli, tmp_path):
    small = tmp_path / "small.txt"
    small.write_text("5 Island\n", encoding="utf-8")
    done = cli("simulate", str(small), "-f", "mtg/constructed")
    assert done.returncode == 2 and "fewer than an opening hand of 7" in done.stderr
    empty = tmp_path / "empty.txt"
    empty.write_text("// nothing here\n", encoding="utf-8")
    done = cli("simulate", str(empty), "-f", "mtg/constructed")
    assert done.returncode == 2 and "the list holds no cards (it is empty" in done.stderr


# Too small a deck: which deck (a check run simulates many), and its cards counted in plain words.
TOO_SMALL = [("1 Island\n", "1 card"), ("6 Island\n", "6 cards")]


@pytest.mark.parametrize("text, counted", TOO_SMALL)
def test_deck_too_small_names_the_deck(cli, tmp_path, text, counted):
    (tmp_path / "small.txt").write_text(text, encoding="utf-8")
    done = cli("simulate", "small.txt", "-f", "mtg/constructed", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == f"deckcheck: error: small.txt: the main deck has {counted}: fewer than an opening hand of 7\n"


def test_stdin_and_parse_problems_become_notes(cli):
    done = cli("simulate", "-", "-f", "mtg/constructed", "-o", "json", input="24 Island\n36 Opt\nthis is not a card line\n")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["deck"] == "<stdin>" and report["deck_size"] == 60


def test_policy_file_lands_and_tags(cli):
    done = cli("simulate", str(BURN), "-f", "mtg/constructed", "--policy", str(BURN_POLICY), "-o", "json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["lands_in_deck"] == 20  # 4 Mountain + the 16 non-basic lands the policy names
    assert list(report["by_turn"]) == ["Goblin Guide", "Lightning Bolt", "Eidolon of the Great Revel"]
    assert report["policy"]["7"].startswith("2 <= lands <= 4 and count(one_drops)")
    # Options override the file size by size.
    done = cli("simulate", str(BURN), "-f", "mtg/constructed", "--policy", str(BURN_POLICY), "--keep", "true", "-o", "json")
    assert json.loads(done.stdout)["keep"] == {"7": 1.0}


def test_without_lands_a_note_says_why(cli):
    done = cli("simulate", str(BURN), "-f", "mtg/constructed", "--keep", "2 <= lands <= 5", "--no-cards")
    assert "note: only 4 of 60 cards count as lands" in done.stdout


@pytest.mark.parametrize(
    "content, message",
    [
        ("keep: [1, 2]\n", "keep: expected a mapping of hand size to rule"),
        ("keep:\n  seven: lands >= 2\n", "keep.seven: expected a hand size"),
        ("keep:\n  7: 3\n", "keep.7: expected a keep rule as text"),
        ("keep:\n  7: lands >= 2 and\n", "keep.7: column 15"),
        ("kep:\n  7: true\n", "kep: unknown key"),
        ("tags:\n  lands: [Arid Mesa]\n", "tags.lands: 'lands' is a built-in name (put extra lands under the top-level `lands:` key)"),
        ("tags:\n  bad-name: [Opt]\n", "tags.bad-name: a tag name is letters, digits and _"),
        ("lands: Arid Mesa\n", "lands: expected a list of card names"),
        ("keep: {7: count(burn) >= 1}\n", "unknown tag 'burn'"),
        ("keep: [unclosed\n", "line 1, column 7: invalid YAML: the '[' opened here is never closed; found the end of the file at line 1; close it with ']'"),  # not line 2 of a one-line file
    ],
)
def test_policy_file_errors_name_the_key(cli, deck, tmp_path, content, message):
    policy = tmp_path / "policy.yaml"
    policy.write_text(content, encoding="utf-8")
    done = cli("simulate", str(deck), "-f", "mtg/constructed", "--policy", str(policy))
    assert done.returncode == 2
    assert f"{policy}" in done.stderr and message in done.stderr, done.stderr


def test_cli_import_does_not_load_numpy():
    """`deckcheck --help` and the CLI module stay light: numpy loads only to simulate."""
    code = "import sys, deckcheck.cli; deckcheck.cli.typer_app(); print('numpy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_card_database_decides_lands(cli, shared_cards_db):
    """With card data every land counts (fetch lands, shock lands), not just basics: a
    database's, or the built-in data's on a fresh install; with --no-cards only the 4
    Mountains do, and the command says so."""
    import json as _json
    from pathlib import Path as _Path

    example = _Path(__file__).resolve().parent.parent / "examples" / "burn-modern.txt"
    with_db = cli("simulate", str(example), "-f", "mtg/modern", "-o", "json", "--cards-db", str(shared_cards_db), "--offline")
    assert with_db.returncode == 0, with_db.stderr
    report = _json.loads(with_db.stdout)
    assert report["lands_in_deck"] == 20  # 4 each of Inspiring Vantage, Sacred Foundry, Arid Mesa, Bloodstained Mire, Mountain
    assert "count as lands" not in with_db.stderr
    built_in = cli("simulate", str(example), "-f", "mtg/modern", "-o", "json")
    assert built_in.returncode == 0, built_in.stderr
    assert _json.loads(built_in.stdout)["lands_in_deck"] == 20 and "count as lands" not in built_in.stderr
    without = cli("simulate", str(example), "-f", "mtg/modern", "-o", "json", "--no-cards")
    assert _json.loads(without.stdout)["lands_in_deck"] == 4
    assert "without card data (--no-cards) only basic lands" in without.stderr
    # The default keep-7 rule is 2..5 lands: a plain hypergeometric sum for 20 lands of 60.
    from math import comb

    expected = sum(comb(20, k) * comb(40, 7 - k) for k in range(2, 6)) / comb(60, 7)
    assert abs(report["keep"]["7"] - expected) < 1e-12
    assert _json.loads(without.stdout)["keep"]["7"] < 0.1


def test_turns_of_a_40_card_deck_are_limited_by_the_chosen_side(cli, tmp_path):
    """#14: on the play a 40-card deck reaches one turn further than on the draw; the table of
    the other side stops where that side runs out of cards."""
    deck = tmp_path / "deck.txt"
    deck.write_text("17 Forest\n23 Grizzly Bears\n", encoding="utf-8")
    play = cli("simulate", str(deck), "-f", "mtg/limited", "--turns", "34", "-o", "json")
    assert play.returncode == 0, play.stderr
    bears = json.loads(play.stdout)["by_turn"]["Grizzly Bears"]
    assert "34" in bears["play"] and "34" not in bears["draw"] and "33" in bears["draw"]
    csv_rows = cli("simulate", str(deck), "-f", "mtg/limited", "--turns", "34", "-o", "csv").stdout
    assert "Grizzly Bears,23,play,34," in csv_rows and "Grizzly Bears,23,draw,34," not in csv_rows
    draw = cli("simulate", str(deck), "-f", "mtg/limited", "--turns", "34", "--on", "draw")
    assert draw.returncode == 2 and "turn 34" in draw.stderr
    assert cli("simulate", str(deck), "-f", "mtg/limited", "--turns", "33", "--on", "draw").returncode == 0


# (format, deck, --on, the last turn: the one whose draw takes the deck's last card)
LAST_TURNS = [
    # Yu-Gi-Oh!: a hand of 5 and no mulligan leaves 35 cards; the first player skips a draw.
    ("yugioh/advanced-tcg", "3 Ash Blossom & Joyous Spring\n37 Pot of Greed\n", "play", 36),
    ("yugioh/advanced-tcg", "3 Ash Blossom & Joyous Spring\n37 Pot of Greed\n", "draw", 35),
    # Magic: London mulligans draw 7 every time, so 33 cards are left whatever is kept.
    ("mtg/limited", "17 Forest\n23 Grizzly Bears\n", "play", 34),
    ("mtg/limited", "17 Forest\n23 Grizzly Bears\n", "draw", 33),
]


# How the message says the side: Yu-Gi-Oh!'s players go first or second.
SIDE_WORDS = {("yugioh", "play"): "going first", ("yugioh", "draw"): "going second",
              ("mtg", "play"): "on the play", ("mtg", "draw"): "on the draw"}


@pytest.mark.parametrize("fmt, cards, on, last", LAST_TURNS)
def test_the_turn_that_draws_the_last_card_can_be_simulated(cli, tmp_path, fmt, cards, on, last):
    """A player runs out of cards only when a draw finds none: the turn that draws the
    last card is playable, and its table says every copy has been seen by then; one turn
    more is a usage error that names the last turn."""
    deck = tmp_path / "deck.txt"
    deck.write_text(cards, encoding="utf-8")
    done = cli("simulate", str(deck), "-f", fmt, "--turns", str(last), "--on", on, "--no-cards", "-o", "json")
    assert done.returncode == 0, done.stderr
    for card in json.loads(done.stdout)["by_turn"].values():
        assert card[on][str(last)]["p"] == pytest.approx(1.0)
    beyond = cli("simulate", str(deck), "-f", fmt, "--turns", str(last + 1), "--on", on, "--no-cards")
    assert beyond.returncode == 2 and beyond.stdout == ""
    assert beyond.stderr.strip() == (
        f"deckcheck: error: {deck}: the main deck has 40 cards: too few to draw a hand of {5 if 'yugioh' in fmt else 7} "
        f"and play to turn {last + 1}; it lasts to turn {last} {SIDE_WORDS[fmt.partition('/')[0], on]}"
    )


def test_castable_table_columns_line_up_with_their_headings(cli, tmp_path):
    # Four colors of sources and Monte Carlo's "±" made rows wider than the headings; the
    # standard errors stand on a line of their own, under their values.
    deck = tmp_path / "four-color.txt"
    deck.write_text("10 Plains\n10 Island\n10 Swamp\n10 Forest\n60 Llanowar Elves\n", encoding="utf-8")
    done = cli("simulate", str(deck), "-f", "mtg/constructed", "--cast", "Atraxa, Praetors' Voice", "--cast", "Counterspell",
               "--hands", "2000")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    start = lines.index(next(line for line in lines if line.startswith("Castable on curve")))
    header = lines[start + 2]
    body = lines[start + 3:next(i for i in range(start + 3, len(lines)) if not lines[i].startswith("  "))]
    rows, errors = [line for line in body if line[2] != " "], [line for line in body if "±" in line]
    assert len(rows) == len(errors) == 2, body
    # Four colors of sources leave no room for the names: they stand under their row
    # (review31h finding 5), so the table fits 80 columns.
    assert all("±" in row for row in errors) and "    sources: W 10 U 10 B 10 G 10" in body, body
    # Each value, and the standard error under it, ends where its heading does.
    ends = [header.index(word) + len(word) for word in ("play", "given", "draw")] + [len(header)]
    for row in rows + errors:
        cells = row.split()[-4:]
        assert len(cells) == 4 and all(cell.lstrip("±")[0].isdigit() for cell in cells), row
        for heading_end, cell in zip(ends, cells):
            assert row[heading_end - len(cell):heading_end] == cell, (header, row)
    assert "sources" not in header and all("W 10" not in row for row in rows), (header, rows)


MAX_SUGGESTED_NAMES = 100  # deckcheck/limits.py: policy names a deck lacks that its notes list


def test_a_policy_names_notes_are_bounded_per_deck(cli, deck, tmp_path):
    """Each policy name the deck lacks was a note of its own: a pull request's policy file
    of 100,000 tag names (790 KB), shared by 21 decks, printed 2.1 million notes (232 MB on
    stderr) and took 61 s. The first MAX_SUGGESTED_NAMES are listed, one note counts the rest."""
    names = [f"Card {number}" for number in range(250)]
    policy = tmp_path / "policy.yaml"
    policy.write_text(
        "keep: {7: true}\ntags: {burn: [" + ", ".join(names[:200]) + "]}\nlands: [" + ", ".join(names[200:]) + "]\n",
        encoding="utf-8")
    done = cli("simulate", str(deck), "-f", "mtg/modern", "--policy", str(policy), "--hands", "100", "-o", "json")
    assert done.returncode == 0, done.stderr
    warnings = json.loads(done.stdout)["warnings"]
    lacking = [warning for warning in warnings if "not in the main deck" in warning]
    assert len(lacking) == MAX_SUGGESTED_NAMES + 1
    assert lacking[0] == f"{policy}: tags.burn: 'Card 0' is not in the main deck"
    assert lacking[-1] == (f"{policy}: 150 more names it lists are not in the main deck "
                           f"(not listed: a deck's notes name at most {MAX_SUGGESTED_NAMES})")
    assert len(done.stderr) < 20_000
