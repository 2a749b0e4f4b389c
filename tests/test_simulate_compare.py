"""`deckcheck simulate --compare`, `-o csv` and `--plot`, through the installed command."""
from __future__ import annotations

import csv
import io
import json
import os
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

DECK = "16 Plains\n9 Wastes\n31 Grizzly Bears\n4 Wrath of God\n"
COSTS = 'costs: {Wrath of God: "{2}{W}{W}"}\n'


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "deck.txt").write_text(DECK, encoding="utf-8")
    (tmp_path / "mine.yaml").write_text('keep: {7: "2 <= lands <= 5", 6: "2 <= lands <= 4", 5: "2 <= lands <= 4", 4: true}\n' + COSTS, encoding="utf-8")
    (tmp_path / "karsten.yaml").write_text("bottom: karsten\n" + COSTS, encoding="utf-8")
    return {name: str(tmp_path / name) for name in ("deck.txt", "mine.yaml", "karsten.yaml")}


def test_compare_exact_json(cli, files):
    done = cli("simulate", files["deck.txt"], "-f", "mtg/constructed", "--compare", files["mine.yaml"], files["karsten.yaml"],
               "--cast", "Wrath of God", "--turns", "4", "-o", "json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["mode"] == "exact"
    rows = {(Path(row["policy"]).name, row["on"]): row["values"] for row in report["compare"]}
    assert set(rows) == {(p, s) for p in ("mine.yaml", "karsten.yaml") for s in ("play", "draw", "mix")}
    # The same keep rules: the same keep rates; Karsten's bottoming keeps more lands.
    assert rows[("mine.yaml", "play")]["keep7"] == rows[("karsten.yaml", "play")]["keep7"]
    assert rows[("karsten.yaml", "play")]["expected_lands"] > rows[("mine.yaml", "play")]["expected_lands"]
    for policy in ("mine.yaml", "karsten.yaml"):
        play, draw, mix = (rows[(policy, side)] for side in ("play", "draw", "mix"))
        assert mix["land_drops(4)"] == pytest.approx((play["land_drops(4)"] + draw["land_drops(4)"]) / 2)
        assert play["castable(Wrath of God)"] < draw["castable(Wrath of God)"]
    single = json.loads(cli("simulate", files["deck.txt"], "-f", "mtg/constructed", "--policy", files["karsten.yaml"],
                            "--cast", "Wrath of God", "-o", "json").stdout)["castable"]["Wrath of God"]
    assert rows[("karsten.yaml", "play")]["castable_given_land_drops(Wrath of God)"] == pytest.approx(single["p_given_land_drops"], abs=1e-15)


def test_compare_text_columns_are_as_wide_as_their_own_header(cli, files):
    """A long `--cast` header made every column of the table that wide (keep7 in 45
    characters): each column is as wide as its own header and cells, a spell's named in the key."""
    done = cli("simulate", files["deck.txt"], "-f", "mtg/constructed", "--compare", files["mine.yaml"], "--cast", "Wrath of God")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    header = next(line for line in lines if line.lstrip().startswith("on "))
    assert header == "    on     keep7  mulligan  E[cards]  E[lands]  drops(3)  cast#1  given#1"
    assert lines[-3:] == ["  columns: E[cards] = expected_hand_size; E[lands] = expected_lands;",
                          "           drops(3) = land_drops(3); cast#1 = castable(Wrath of God);",
                          "           given#1 = castable_given_land_drops(Wrath of God)"]


COMPARISONS = [
    ["--compare", "mine.yaml", "karsten.yaml"],
    ["--compare", "mine.yaml", "karsten.yaml", "--hands", "2000"],
    ["--compare", "mine.yaml", "karsten.yaml", "--cast", "Wrath of God"],
    ["--compare", "mine.yaml", "karsten.yaml", "--cast", "Wrath of God", "--hands", "2000"],
    ["--compare", "mine.yaml", "karsten.yaml", "--cast", "Wrath of God", "--hands", "2000", "--turns", "9"],
]


@pytest.mark.parametrize("args", COMPARISONS)
def test_compare_table_fits_80_columns(cli, files, args):
    """The table was 107 columns exact and 128 to 225 in Monte Carlo (a policy's path on
    every row, `75.40% Δ+14.60±0.79` in each cell): the policy heads its rows, and the
    difference and its standard error are lines of their own under the row."""
    args = [files.get(arg, arg) for arg in args]
    done = cli("simulate", files["deck.txt"], "-f", "mtg/constructed", *args, cwd=Path(files["deck.txt"]).parent)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    policies = {"  " + files["mine.yaml"], "  " + files["karsten.yaml"]}
    wide = [line for line in lines[1:] if len(line) > 80 and line not in policies]
    assert not wide, "\n".join(wide)
    if "--hands" in args:
        at = lines.index("  " + files["karsten.yaml"])
        assert lines[at + 1].split()[0] == "play" and lines[at + 2].split()[0] == "Δ" and lines[at + 3].split()[0] == "±"


def test_compare_monte_carlo_text_shows_difference_and_error_under_the_row(cli, files):
    done = cli("simulate", files["deck.txt"], "-f", "mtg/constructed", "--compare", files["mine.yaml"], files["mine.yaml"],
               "--hands", "2000")
    lines = done.stdout.splitlines()
    # E[cards] and E[lands] differ in cards, not points of a percentage (review32f finding 8).
    assert lines[1:4] == ["  Monte Carlo: 2,000 games, seed 0, common random numbers",
                          "  Δ: difference to the first policy (% points; cards for E[cards], E[lands])",
                          "  ±: its paired standard error"]
    second = [i for i, line in enumerate(lines) if line == "  " + files["mine.yaml"]][1]
    assert lines[second + 2].split() == ["Δ", "+0.00", "+0.00", "+0.00", "+0.00", "+0.00"]
    assert lines[second + 3].split() == ["±", "0.00", "0.00", "0.00", "0.00", "0.00"]


def test_compare_monte_carlo_pairs_differences(cli, files):
    # The same policy twice under common random numbers: every difference is exactly 0.
    done = cli("simulate", files["deck.txt"], "-f", "mtg/constructed", "--compare", files["mine.yaml"], "--compare", files["mine.yaml"],
               "--compare", files["karsten.yaml"], "--cast", "Wrath of God", "--hands", "20000", "--seed", "3", "-o", "json")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)["compare"]
    twin = [row for row in rows[3:6]]
    for row in twin:
        assert all(d["value"] == 0 and d["se"] == 0 for d in row["difference_to_first"].values())
    karsten = rows[6]
    difference = karsten["difference_to_first"]["land_drops(3)"]
    independent = (karsten["standard_errors"]["land_drops(3)"] ** 2 + rows[0]["standard_errors"]["land_drops(3)"] ** 2) ** 0.5
    assert 0 < difference["se"] < independent / 3     # paired: far tighter than two independent runs


def test_compare_text_and_csv(cli, files):
    text = cli("simulate", files["deck.txt"], "-f", "mtg/constructed", "--compare", files["mine.yaml"], files["karsten.yaml"])
    assert text.returncode == 0, text.stderr
    assert ": 2 policies side by side" in text.stdout and "karsten.yaml" in text.stdout and "mix" in text.stdout
    one = cli("simulate", files["deck.txt"], "-f", "mtg/constructed", "--compare", files["mine.yaml"])
    assert one.returncode == 0 and ": 1 policy side by side" in one.stdout
    table = cli("simulate", files["deck.txt"], "-f", "mtg/constructed", "--compare", files["mine.yaml"], files["karsten.yaml"], "-o", "csv")
    rows = list(csv.DictReader(io.StringIO(table.stdout)))
    assert {row["measure"] for row in rows} >= {"keep7", "mulligan", "land_drops(3)"}
    assert len(rows) == 2 * 3 * 5
    assert cli("simulate", files["deck.txt"], "-f", "mtg/constructed", "--compare", files["mine.yaml"], "-o", "junit").returncode == 2
    extra = cli("simulate", files["deck.txt"], "-f", "mtg/constructed", files["mine.yaml"])
    assert extra.returncode == 2 and "--compare" in extra.stderr


def test_compare_heading_counts_each_policy_compared(cli, files):
    """The same policy twice (a policy against itself: every difference 0) said "1 policy side
    by side" above a table of two: the heading counts the policies compared, as the table."""
    done = cli("simulate", files["deck.txt"], "-f", "mtg/constructed", "--compare", files["mine.yaml"], files["mine.yaml"])
    assert done.returncode == 0, done.stderr
    assert ": 2 policies side by side" in done.stdout
    assert sum(line.split()[:1] == ["play"] for line in done.stdout.splitlines()) == 2


def test_csv_by_turn_table(cli, files):
    done = cli("simulate", files["deck.txt"], "-f", "mtg/constructed", "-o", "csv", "--turns", "4")
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    assert list(rows[0]) == ["item", "copies", "side", "turn", "cards_seen", "p", "hypergeometric", "se"]
    items = {row["item"] for row in rows}
    assert items == {"Grizzly Bears", "Wrath of God", "land drops"}
    assert len(rows) == 3 * 2 * 4
    wrath = {(row["side"], int(row["turn"])): row for row in rows if row["item"] == "Wrath of God"}
    report = json.loads(cli("simulate", files["deck.txt"], "-f", "mtg/constructed", "-o", "json", "--turns", "4").stdout)
    assert float(wrath[("draw", 4)]["p"]) == pytest.approx(report["by_turn"]["Wrath of God"]["draw"]["4"]["p"], rel=1e-9)
    assert wrath[("play", 1)]["cards_seen"] == "7" and wrath[("draw", 1)]["cards_seen"] == "8"


def test_csv_by_turn_table_has_the_cast_answers(cli, files):
    """`--cast` with `-o csv` printed no castability at all: each spell has its rows, the
    numbers `-o json` gives, on its turn on both sides."""
    args = ["simulate", files["deck.txt"], "-f", "mtg/constructed", "--policy", files["mine.yaml"], "--cast", "Wrath of God"]
    done = cli(*args, "-o", "csv")
    assert done.returncode == 0, done.stderr
    rows = {(row["item"], row["side"]): row for row in csv.DictReader(io.StringIO(done.stdout)) if "(" in row["item"]}
    answer = json.loads(cli(*args, "-o", "json").stdout)["castable"]["Wrath of God"]
    assert set(rows) == {(f"{m}(Wrath of God)", side) for m in ("castable", "castable_given_land_drops") for side in ("play", "draw")}
    for side in ("play", "draw"):
        assert float(rows[("castable(Wrath of God)", side)]["p"]) == pytest.approx(answer["sides"][side]["p"], rel=1e-9)
        given = rows[("castable_given_land_drops(Wrath of God)", side)]
        assert float(given["p"]) == pytest.approx(answer["sides"][side]["p_given_land_drops"], rel=1e-9)
        assert (given["turn"], given["copies"], given["hypergeometric"]) == ("4", "4", "")
    assert rows[("castable(Wrath of God)", "draw")]["cards_seen"] == "11"


def test_plot_writes_real_pictures(cli, files, tmp_path):
    pytest.importorskip("matplotlib", reason="matplotlib is the `plot` extra (also in `test`); install it to test --plot")
    svg = tmp_path / "odds.svg"
    done = cli("simulate", files["deck.txt"], "-f", "mtg/constructed", "--plot", str(svg), "--turns", "4")
    assert done.returncode == 0, done.stderr
    root = ElementTree.parse(svg).getroot()
    assert root.tag.endswith("svg")
    assert "Kept hand size" in svg.read_text(encoding="utf-8") or root.find(".//{http://www.w3.org/2000/svg}g") is not None
    png = tmp_path / "compare.png"
    done = cli("simulate", files["deck.txt"], "-f", "mtg/constructed", "--compare", files["mine.yaml"], files["karsten.yaml"], "--plot", str(png))
    assert done.returncode == 0, done.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    wrong = cli("simulate", files["deck.txt"], "-f", "mtg/constructed", "--plot", str(tmp_path / "odds.pdf"))
    assert wrong.returncode == 2 and ".svg or .png" in wrong.stderr


# --plot in a CI step writes where a pull request may have put a link (plots/burn.svg ->
# any file the runner can write): never written through it, as --report and --out are not.
PLOT_LINKS = [("odds.svg", "odds.svg"), ("plots", "plots/odds.svg")]


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
@pytest.mark.parametrize("link, plot", PLOT_LINKS, ids=["link", "linked folder"])
def test_plot_is_never_written_through_a_link(cli, files, tmp_path, link, plot):
    pytest.importorskip("matplotlib", reason="matplotlib is the `plot` extra (also in `test`); install it to test --plot")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    target = elsewhere / "odds.svg"
    target.write_text("the runner's file\n", encoding="utf-8")
    (tmp_path / link).symlink_to(target if link == plot else elsewhere)
    done = cli("simulate", files["deck.txt"], "-f", "mtg/constructed", "--plot", plot, cwd=tmp_path)
    assert target.read_text(encoding="utf-8") == "the runner's file\n"
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"deckcheck: error: --plot {plot}: cannot write (") and "symbolic link" in done.stderr


def test_plot_without_matplotlib_says_how_to_get_it(cli, files, tmp_path, monkeypatch):
    blocker = tmp_path / "blocked" / "matplotlib"
    blocker.mkdir(parents=True)
    (blocker / "__init__.py").write_text('raise ImportError("No module named matplotlib")\n', encoding="utf-8")
    monkeypatch.setenv("PYTHONPATH", str(blocker.parent) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = cli("simulate", files["deck.txt"], "-f", "mtg/constructed", "--plot", str(tmp_path / "odds.svg"))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "pip install 'deckcheck[plot]'" in done.stderr
    assert not (tmp_path / "odds.svg").exists()
    # Said before any work: a --card the deck lacks is found only by the simulation, which
    # ran first (a 10,000,000-hand run ended in the advice after its seconds of work).
    early = cli("simulate", files["deck.txt"], "-f", "mtg/constructed", "--card", "No Such Card", "--plot", str(tmp_path / "odds.svg"))
    assert early.returncode == 2 and "pip install 'deckcheck[plot]'" in early.stderr and "No Such Card" not in early.stderr


def test_compare_refuses_assertions(cli, files):
    done = cli("simulate", files["deck.txt"], "-f", "mtg/constructed", "--compare", files["mine.yaml"], "--assert", "keep7 > 0.5")
    assert done.returncode == 2 and "--assert" in done.stderr and done.stdout == ""


def test_the_karsten_example_policy(cli):
    examples = Path(__file__).parent.parent / "examples"
    done = cli("simulate", str(examples / "burn-modern.txt"), "-f", "mtg/constructed", "--compare",
               str(examples / "burn-policy.yaml"), str(examples / "karsten-policy.yaml"), "-o", "json")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)["compare"]
    assert [Path(row["policy"]).name for row in rows] == ["burn-policy.yaml"] * 3 + ["karsten-policy.yaml"] * 3
    assert rows[0]["values"]["keep7"] != rows[3]["values"]["keep7"]   # different keep rules


def test_compare_monte_carlo_keeps_memory_flat_in_the_hands(tmp_path):
    """A sampled comparison pairs the policies game by game from the few bytes a game each
    run keeps, a slice of the games at a time: built whole as floats (each column, each
    side's, their mix, the first policy's kept for the pairing), two policies with a
    `--cast` spell took 412 bytes a game (two without one at --hands 2000000: 487 MB, now
    88 MB)."""
    from memory import traced_peak

    from deckcheck.engine.compare import compare
    from deckcheck.engine.montecarlo import BATCH

    (tmp_path / "mine.yaml").write_text('keep: {7: "2 <= lands <= 5", 6: "2 <= lands <= 4", 5: "2 <= lands <= 4", 4: true}\n' + COSTS, encoding="utf-8")
    (tmp_path / "karsten.yaml").write_text("bottom: karsten\n" + COSTS, encoding="utf-8")
    policies = [tmp_path / "mine.yaml", tmp_path / "karsten.yaml"]

    def peak(hands: int) -> int:
        return traced_peak(lambda: compare(DECK, "mtg/constructed", policies, turns=3, cast=["Wrath of God"], hands=hands, seed=3))[1]

    peak(100)  # the format and card data, loaded once, are no part of either peak
    small, large = peak(BATCH), peak(6 * BATCH)
    # Per game and policy: its kept size and lands, the land drops by each turn on each side
    # and the spell's two events on each side (a byte each): 12 bytes, 24 for the two, and slack.
    assert large - small < 32 * (5 * BATCH), f"{(large - small) / (5 * BATCH):.1f} bytes a game"


def test_compare_mix_standard_error_counts_each_game_once(cli, tmp_path):
    """The 50/50 mix of a ratio (castable given the land drops) took the play's and the draw's
    outcomes of the same games for twice as many independent games: its standard error was
    too small by up to √2. In Commander the player on the play draws too (CR 103.8), so both
    sides see the same cards of each game and the mix's error is the play's."""
    deck = tmp_path / "edh.txt"
    deck.write_text("Commander\n1 Atraxa, Praetors' Voice\n\nDeck\n1 Cultivate\n9 Forest\n9 Plains\n9 Island\n9 Swamp\n"
                    "63 Grizzly Bears\n", encoding="utf-8")
    first, second = tmp_path / "first.yaml", tmp_path / "second.yaml"
    first.write_text('keep: {7: "2 <= lands <= 5"}\n', encoding="utf-8")
    second.write_text('keep: {7: "3 <= lands <= 4"}\n', encoding="utf-8")
    done = cli("simulate", str(deck), "-f", "mtg/commander", "--compare", str(first), str(second), "--cast", "Cultivate",
               "--hands", "3000", "-o", "json")
    assert done.returncode == 0, done.stderr
    rows = {(Path(row["policy"]).name, row["on"]): row for row in json.loads(done.stdout)["compare"]}
    given = "castable_given_land_drops(Cultivate)"
    for name in ("first.yaml", "second.yaml"):
        assert rows[(name, "mix")]["standard_errors"][given] == pytest.approx(rows[(name, "play")]["standard_errors"][given])
    mix, play = rows[("second.yaml", "mix")]["difference_to_first"][given], rows[("second.yaml", "play")]["difference_to_first"][given]
    assert mix["se"] == pytest.approx(play["se"])


def test_compare_asks_about_a_spell_once_however_it_is_spelt(cli, files):
    # The same card twice in other cases gave its two columns twice (review32f finding 8).
    done = cli("simulate", files["deck.txt"], "-f", "mtg/constructed", "--compare", files["mine.yaml"],
               "--cast", "Wrath of God", "--cast", "wrath of god", "-o", "json")
    assert done.returncode == 0, done.stderr
    columns = json.loads(done.stdout)["columns"]
    assert [c for c in columns if c.startswith("castable")] == [
        "castable(Wrath of God)", "castable_given_land_drops(Wrath of God)"]


def test_compare_key_fits_80_terminal_columns_with_a_japanese_spell(cli, tmp_path):
    """The key under the table was broken by characters (`len`): a spell named in Japanese,
    two columns a character, ran `cast#1 = castable(...);` to 82 columns. It is broken by
    the columns a terminal gives the text, as the table's cells are."""
    name = "稲妻" * 6  # 12 characters, 24 columns
    (tmp_path / "deck.txt").write_text(f"20 Mountain\n4 {name}\n36 Grizzly Bears\n", encoding="utf-8")
    (tmp_path / "mine.yaml").write_text(f'keep: {{7: "lands >= 2"}}\ncosts: {{"{name}": "{{R}}"}}\n', encoding="utf-8")
    done = cli("simulate", "deck.txt", "-f", "mtg/constructed", "--no-cards", "--compare", "mine.yaml", "--cast", name,
               cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    from deckcheck.report.style import columns

    lines = done.stdout.splitlines()
    key = [line for line in lines[lines.index(next(line for line in lines if line.startswith("  columns:"))):]
           if not line.startswith("note:")]
    assert f"castable({name})" in "".join(key)
    wide = [line for line in key if columns(line) > 80]
    assert not wide, "\n".join(key)
