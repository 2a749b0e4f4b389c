"""`deckcheck batch --deck-check SHARE --seed S`: a reproducible random sample of players
for deck checks, with their registered decks."""
from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest

from deckcheck.batch.deck_checks import below, choose, parse_request
from deckcheck.batch.registration import Registration
from deckcheck.errors import DeckcheckError


def event(root: Path, players: int, *, order: list[int] | None = None) -> Path:
    """A manifest of `players` players (p000, p001, ...), rows in `order`."""
    (root / "decks").mkdir(parents=True, exist_ok=True)
    rows = ["player,deck,team,seat"]
    for number in order if order is not None else range(players):
        name = f"p{number:03d}"
        (root / "decks" / f"{name}.txt").write_text(f"{number % 4 + 1} Shock\n40 Mountain\n", encoding="utf-8")
        rows.append(f"{name},decks/{name}.txt,,")
    manifest = root / "reg.csv"
    manifest.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return manifest


def sample(cli, manifest: Path, *args: str) -> dict:
    done = cli("batch", str(manifest), "-f", "mtg/limited", "-o", "json", "-q", *args)
    assert "Traceback" not in done.stderr
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["deck_checks"]


def players(checks: dict) -> list[str]:
    return [entry["player"] for entry in checks["players"]]


def test_same_seed_same_sample_whatever_the_manifest_order(cli, tmp_path):
    first = sample(cli, event(tmp_path / "a", 200), "--deck-check", "10%", "--seed", "42")
    again = sample(cli, event(tmp_path / "a", 200), "--deck-check", "10%", "--seed", "42")
    order = list(range(200))
    random.Random(1).shuffle(order)
    shuffled = sample(cli, event(tmp_path / "b", 200, order=order), "--deck-check", "10%", "--seed", "42")
    assert players(first) == players(again) == players(shuffled)
    assert first["seed"] == 42 and first["requested"] == "10%" and first["candidates"] == 200
    assert first["size"] == 20 == len(set(players(first)))


def test_different_seeds_give_different_samples(cli, tmp_path):
    manifest = event(tmp_path, 200)
    samples = {tuple(players(sample(cli, manifest, "--deck-check", "10%", "--seed", str(seed)))) for seed in (1, 2, 3)}
    assert len(samples) == 3


def test_pinned_sample_so_a_change_of_algorithm_or_python_shows(tmp_path):
    """The sample for one seed, written down once: the algorithm (a partial Fisher-Yates
    over sorted players drawing from `Random.random()` alone, whose sequence Python keeps
    for a seed) must give it on every Python version."""
    rows = [Registration(deck=f"decks/p{n:03d}.txt", path=Path(f"p{n:03d}.txt"), player=f"p{n:03d}") for n in range(100)]
    picked = choose(rows, parse_request("10%", seed=2024))
    assert [rows[pick.index].player for pick in picked.picks] == PINNED_2024


PINNED_2024 = ["p001", "p029", "p030", "p031", "p043", "p047", "p054", "p073", "p082", "p089"]


@pytest.mark.parametrize(("request_text", "players_count", "size"), [
    ("10%", 200, 20), ("10%", 25, 3), ("10%", 5, 1), ("1%", 3, 1), ("12.5%", 16, 2), ("100%", 7, 7),
    ("33%", 10, 4), ("5", 40, 5), ("5", 3, 3), ("1", 1, 1), ("10%", 0, 0),
])
def test_sample_size_is_the_share_rounded_up_or_the_number(request_text, players_count, size):
    rows = [Registration(deck=f"d{n}.txt", path=Path(f"d{n}.txt"), player=f"p{n}") for n in range(players_count)]
    picked = choose(rows, parse_request(request_text, seed=7))
    assert len(picked.picks) == size
    assert len({pick.index for pick in picked.picks}) == size


def test_rows_without_a_deck_are_not_candidates():
    rows = [
        Registration(deck="a.txt", path=Path("a.txt"), player="ann"),
        Registration(deck="", path=None, player="bob"),
    ]
    picked = choose(rows, parse_request("100%", seed=1))
    assert picked.candidates == 1 and [pick.index for pick in picked.picks] == [0]


def test_a_player_registered_twice_is_one_candidate_and_never_drawn_twice():
    # `ann` and `Ann` are one player (a row copied, then edited): `--deck-check 2 --seed 4`
    # drew both rows, so one of the two deck checks went to the same player again.
    rows = [
        Registration(deck="a2.txt", path=Path("a2.txt"), player="Ann", line=3),
        Registration(deck="a.txt", path=Path("a.txt"), player="ann", line=2),
        Registration(deck="b.txt", path=Path("b.txt"), player="bob", line=4),
        Registration(deck="c.txt", path=Path("c.txt"), player="cy", line=5),
    ]
    for seed in range(60):
        picked = choose(rows, parse_request("2", seed=seed))
        assert picked.candidates == 3
        assert len({rows[pick.index].player.lower() for pick in picked.picks}) == 2, seed
    # The player's row that sorts first (deck path) stands for them, whatever the manifest's order.
    everyone = choose(rows, parse_request("100%", seed=1))
    assert [rows[pick.index].deck for pick in everyone.picks] == ["a.txt", "b.txt", "c.txt"]
    reversed_rows = rows[::-1]
    assert [reversed_rows[pick.index].deck for pick in choose(reversed_rows, parse_request("100%", seed=1)).picks] == ["a.txt", "b.txt", "c.txt"]


def test_rows_of_no_player_are_each_a_candidate():
    # A folder's decks (and rows without a player name) have no player to be one.
    rows = [Registration(deck=f"d{n}.txt", path=Path(f"d{n}.txt")) for n in range(3)]
    assert choose(rows, parse_request("100%", seed=1)).candidates == 3


def test_cli_never_draws_a_duplicated_player_twice(cli, tmp_path):
    (tmp_path / "a.txt").write_text("4 Shock\n40 Mountain\n", encoding="utf-8")
    for name in ("a2", "b", "c"):
        (tmp_path / f"{name}.txt").write_text("4 Shock\n40 Mountain\n", encoding="utf-8")
    manifest = tmp_path / "reg.csv"
    manifest.write_text("player,deck\nann,a.txt\nAnn,a2.txt\nbob,b.txt\ncy,c.txt\n", encoding="utf-8")
    done = cli("batch", str(manifest), "-f", "mtg/limited", "-o", "json", "-q", "--deck-check", "2", "--seed", "4")
    checks = json.loads(done.stdout)["deck_checks"]
    assert checks["candidates"] == 3
    assert len({name.lower() for name in players(checks)}) == 2, players(checks)


def test_every_player_is_equally_likely():
    """Over 3,000 seeds, each of 30 players is picked about 3000 * 3/30 = 300 times."""
    rows = [Registration(deck=f"d{n}.txt", path=Path(f"d{n}.txt"), player=f"p{n:02d}") for n in range(30)]
    counts = Counter(pick.index for seed in range(3000) for pick in choose(rows, parse_request("10%", seed=seed)).picks)
    assert len(counts) == 30
    assert all(240 <= count <= 360 for count in counts.values()), counts


def test_below_stays_in_range_and_reaches_every_value():
    rng = random.Random(5)
    seen = Counter(below(rng, 7) for _ in range(7000))
    assert set(seen) == set(range(7)) and all(800 <= count <= 1200 for count in seen.values())


@pytest.mark.parametrize("text", ["0%", "0", "-5", "ten", "101%", "%", "5.5", "1e3%x", "²"])
def test_bad_requests_are_usage_errors(text):
    with pytest.raises(DeckcheckError):
        parse_request(text, seed=1)


@pytest.mark.parametrize("text, point", [("10,5%", "10.5%"), ("12,5 %", "12.5%"), ("0,5%", "0.5%")])
def test_a_share_with_a_decimal_comma_is_told_to_use_a_point(text, point):
    """`10,5%`, as most of Europe writes ten and a half, was told only to give 'a share of
    the players such as 10%', which it is to its writer."""
    with pytest.raises(DeckcheckError) as caught:
        parse_request(text, seed=1)
    assert str(caught.value).endswith(f"such as 5; a decimal is written with a point: {point}")


def test_bad_options_exit_2_with_one_line(cli, tmp_path):
    manifest = event(tmp_path, 5)
    for args in (["--deck-check", "0%"], ["--deck-check", "lots"], ["--seed", "3"], ["--deck-check", "1", "--seed", "-1"]):
        done = cli("batch", str(manifest), "-f", "mtg/limited", *args)
        assert done.returncode == 2, args
        assert done.stderr.startswith("deckcheck: error: ") and "Traceback" not in done.stderr


def test_text_output_lists_the_players_and_their_registered_decks(cli, tmp_path):
    manifest = event(tmp_path, 30)
    done = cli("batch", str(manifest), "-f", "mtg/limited", "--deck-check", "10%", "--seed", "9")
    assert done.returncode == 0
    text = done.stdout
    assert "Deck checks: 3 of 30 decks (10%, rounded up), seed 9 (--seed 9 picks the same players again)" in text
    checks = sample(cli, manifest, "--deck-check", "10%", "--seed", "9")
    section = text[text.index("Deck checks:"):]
    for entry in checks["players"]:
        name = entry["player"]
        number = int(name[1:])
        assert re.search(rf"^  {name}\s+-\s+-\s+decks/{name}\.txt\s+-\s+LEGAL$", section, re.M)
        block = section[section.index(f"{name} - decks/{name}.txt"):]
        assert block.splitlines()[1:4] == [f"  Main deck ({number % 4 + 41})", f"     {number % 4 + 1} Shock", "    40 Mountain"]
        assert entry["cards"] == [
            {"zone": "main", "count": number % 4 + 1, "name": "Shock"}, {"zone": "main", "count": 40, "name": "Mountain"},
        ]
    assert text.rstrip().endswith("30 decks: 30 legal, 0 illegal")


def test_without_a_seed_the_printed_seed_repeats_the_sample(cli, tmp_path):
    manifest = event(tmp_path, 50)
    first = sample(cli, manifest, "--deck-check", "4")
    again = sample(cli, manifest, "--deck-check", "4", "--seed", str(first["seed"]))
    assert players(first) == players(again) and len(players(first)) == 4


def test_csv_rows_and_folder_sources(cli, tmp_path):
    manifest = event(tmp_path, 12)
    done = cli("batch", str(manifest), "-f", "mtg/limited", "-o", "csv", "--deck-check", "2", "--seed", "1")
    rows = [line for line in done.stdout.splitlines() if line.startswith("deck-check,")]
    assert len(rows) == 2 and all("seed 1" in row for row in rows)
    folder = cli("batch", str(tmp_path / "decks"), "-f", "mtg/limited", "-o", "json", "--deck-check", "25%", "--seed", "1")
    checks = json.loads(folder.stdout)["deck_checks"]
    assert checks["size"] == 3 and all(entry["deck"].startswith("p") for entry in checks["players"])


def test_a_commander_decks_registered_list_shows_the_zones_validate_read(cli, tmp_path):
    """The judge's copy of a Commander deck: the commanders in the command zone wherever the
    file put them (first, or last as MTGO exports them), not in a guessed sideboard."""
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "first.txt").write_text("1 Tymna the Weaver\n1 Ardenn, Intrepid Archaeologist\n\n1 Sol Ring\n97 Plains\n", encoding="utf-8")
    (decks / "last.txt").write_text("1 Sol Ring\n97 Plains\n\n1 Tymna the Weaver\n1 Ardenn, Intrepid Archaeologist\n", encoding="utf-8")
    done = cli("batch", str(decks), "-f", "mtg/commander", "--date", "2025-01-01", "-o", "json", "-q", "--deck-check", "2", "--seed", "1")
    assert done.returncode == 0, done.stderr
    checks = json.loads(done.stdout)["deck_checks"]["players"]
    assert len(checks) == 2
    for entry in checks:
        zones = Counter()
        for card in entry["cards"]:
            zones[card["zone"]] += card["count"]
        assert zones == {"commander": 2, "main": 98}, entry


def test_a_yugioh_decks_registered_list_names_its_cards(cli, tmp_path):
    """A .ydk lists passcodes; the judge at the table reads card names, so the deck-check
    copy names each card as the card data does (as the registration sheet does), in
    every output."""
    deck = "#main\n" + "70781052\n" * 2 + "95718355\n" * 3 + "14558127\n" * 35 + "#extra\n!side\n"
    (tmp_path / "ann.ydk").write_text(deck, encoding="utf-8")
    (tmp_path / "reg.csv").write_text("player,deck\nann,ann.ydk\n", encoding="utf-8")
    args = ("batch", str(tmp_path / "reg.csv"), "-f", "yugioh/advanced-tcg", "--date", "2025-01-01", "-q",
            "--deck-check", "1", "--seed", "1")
    checks = json.loads(cli(*args, "-o", "json").stdout)["deck_checks"]["players"]
    names = {card["name"]: card["count"] for card in checks[0]["cards"]}
    assert names == {"Summoned Skull": 2, "Regenesis Archfiend": 3, "Ash Blossom & Joyous Spring": 35}, names
    text = cli(*args).stdout
    assert "     2 Summoned Skull\n" in text and "70781052" not in text
    page = cli(*args, "-o", "html").stdout
    assert "Summoned Skull" in page and "70781052" not in page


def test_a_folders_pick_is_headed_by_its_deck_once(cli, tmp_path):
    """A folder's file has no player: its registered list was headed `deck - deck`
    (`c13 Mind Seize.cod - c13 Mind Seize.cod`), the deck standing in for the player;
    the page's pick read `deck · deck` alike. A manifest row's pick keeps `player - deck`."""
    (decks := tmp_path / "decks").mkdir()
    (decks / "Mind Seize.txt").write_text("4 Shock\n40 Mountain\n", encoding="utf-8")
    done = cli("batch", str(decks), "-f", "mtg/limited", "--deck-check", "1", "--seed", "1")
    assert done.returncode == 0, done.stderr
    listing = done.stdout[done.stdout.index("Registered decks to check:"):].splitlines()
    assert listing[1] == "Mind Seize.txt", listing
    page = cli("batch", str(decks), "-f", "mtg/limited", "--deck-check", "1", "--seed", "1", "-o", "html").stdout
    (summary,) = re.findall(r"<summary>(.*?)</summary>", page, re.S)
    assert summary.startswith("<strong>Mind Seize.txt</strong> &middot; <span class=\"verdict legal\">"), summary
    manifest = event(tmp_path / "event", 1)
    named = cli("batch", str(manifest), "-f", "mtg/limited", "--deck-check", "1", "--seed", "1").stdout
    assert "\np000 - decks/p000.txt\n" in named


def test_a_picks_listing_names_each_card_once_with_its_copies_added_up(cli, tmp_path):
    """A .ydk writes a line per copy: a card on lines apart (Ash Blossom, a Summoned Skull,
    Ash Blossom) was listed `2 Ash Blossom`, `1 Summoned Skull`, `1 Ash Blossom`, for the
    judge counting the deck at the table to add up. The text listing and the event page name
    each card once, where it first appears; the JSON keeps the lines as registered."""
    deck = "#main\n14558127\n14558127\n70781052\n14558127\n" + "95718355\n" * 36 + "#extra\n!side\n"
    (tmp_path / "ann.ydk").write_text(deck, encoding="utf-8")
    (tmp_path / "reg.csv").write_text("player,deck\nann,ann.ydk\n", encoding="utf-8")
    args = ("batch", str(tmp_path / "reg.csv"), "-f", "yugioh/advanced-tcg", "--date", "2025-01-01", "-q",
            "--deck-check", "1", "--seed", "1")
    text = cli(*args).stdout
    listing = text[text.index("Registered decks to check:"):].splitlines()
    assert listing[2:6] == ["  Main Deck (40)", "     3 Ash Blossom & Joyous Spring", "     1 Summoned Skull",
                            "    36 Regenesis Archfiend"], listing
    page = cli(*args, "-o", "html").stdout
    assert re.findall(r'<span class="count">(\d+)</span> ([^<]+)</li>', page) == [
        ("3", "Ash Blossom &amp; Joyous Spring"), ("1", "Summoned Skull"), ("36", "Regenesis Archfiend")]
    cards = json.loads(cli(*args, "-o", "json").stdout)["deck_checks"]["players"][0]["cards"]
    assert [card["count"] for card in cards if card["name"].startswith("Ash")] == [2, 1]
