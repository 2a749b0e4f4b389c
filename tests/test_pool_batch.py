"""Registered pools end to end: `validate --pool` and the `pool` column of `deckcheck batch`
(missing or unreadable pools are problems of their rows, never a crash)."""
from __future__ import annotations

import json
import os
import zipfile

from deckcheck import validate
from deckcheck.errors import InputError
from files import write

POOL = "3 Shock\n1 Lightning Bolt\n10 Goblin Piker\n10 Hill Giant\n"
LEGAL = "3 Shock\n10 Goblin Piker\n27 Mountain\n"
FOURTH_SHOCK = "4 Shock\n10 Goblin Piker\n26 Mountain\n"


def batch_json(cli, *args: str) -> tuple[int, dict]:
    done = cli("batch", *args, "-o", "json")
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, json.loads(done.stdout)


def rules_message(report: dict, player: str) -> str:
    (result,) = [result for result in report["results"] if result["player"] == player]
    return result["problems"][0]["message"]


def rules_by_player(report: dict) -> dict[str, list[str]]:
    return {result["player"]: [problem["rule"] for problem in result["problems"]] for result in report["results"]}


# ------------------------------------------------------------------ validate --pool


def test_validate_text_output_names_card_count_and_pool_count(cli, tmp_path):
    write(tmp_path, {"pool.txt": POOL, "deck.txt": FOURTH_SHOCK})
    done = cli("validate", str(tmp_path / "deck.txt"), "-f", "mtg/limited", "--pool", str(tmp_path / "pool.txt"))
    assert done.returncode == 1
    assert "registered-pool  4 copies of Shock; the pool holds 3" in done.stdout


def test_validate_missing_pool_is_a_one_line_usage_error(cli, tmp_path):
    write(tmp_path, {"deck.txt": LEGAL})
    done = cli("validate", str(tmp_path / "deck.txt"), "-f", "mtg/limited", "--pool", str(tmp_path / "nope.txt"))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip() == f"deckcheck: error: pool {tmp_path / 'nope.txt'}: no such file"


def test_validate_empty_pool_is_a_usage_error(cli, tmp_path):
    write(tmp_path, {"deck.txt": LEGAL, "pool.txt": "// nothing here\n"})
    done = cli("validate", str(tmp_path / "deck.txt"), "-f", "mtg/limited", "--pool", str(tmp_path / "pool.txt"))
    assert done.returncode == 2
    assert "lists no cards" in done.stderr and "Traceback" not in done.stderr


def test_validate_one_pool_for_several_builds_and_stdin(cli, tmp_path):
    write(tmp_path, {"pool.txt": POOL, "a.txt": LEGAL, "b.txt": FOURTH_SHOCK})
    done = cli("validate", str(tmp_path / "a.txt"), str(tmp_path / "b.txt"), "-", "-f", "mtg/limited",
               "--pool", str(tmp_path / "pool.txt"), "-o", "json", input="1 Lightning Bolt\n39 Mountain\n")
    results = json.loads(done.stdout)["results"]
    assert [result["legal"] for result in results] == [True, False, True]
    assert done.returncode == 1


def test_library_accepts_pool_text_and_raises_on_missing_pool(tmp_path):
    result = validate(FOURTH_SHOCK, "mtg/limited", pool=POOL)
    assert [(p.rule, p.card, p.count, p.limit) for p in result.problems] == [("registered-pool", "Shock", 4, 3)]
    assert validate(LEGAL, "mtg/limited", pool=POOL).legal
    try:
        validate(LEGAL, "mtg/limited", pool=tmp_path / "missing.txt")
    except InputError as exc:
        assert "no such file" in str(exc)
    else:
        raise AssertionError("a missing pool must raise InputError")


def test_library_takes_a_pool_built_from_card_keys_as_it_is():
    """docs/batch.md: a library caller may give a `Pool` it built itself. Naming pools with
    the card data read only a pool's lines, so one built from keys held nothing."""
    from deckcheck.names import card_key
    from deckcheck.registered_pools import Pool

    pool = Pool("p", {card_key("Lightning Bolt"): 1, card_key("Grizzly Bears"): 2})
    assert validate("1 Lightning Bolt\n2 Grizzly Bears\n37 Mountain\n", "mtg/limited", pool=pool).legal
    result = validate("2 Lightning Bolt\n38 Mountain\n", "mtg/limited", pool=pool)
    assert [(p.rule, p.card, p.count, p.limit) for p in result.problems] == [("registered-pool", "Lightning Bolt", 2, 1)]


def test_without_a_pool_limited_checks_sizes_only_and_says_so(cli, tmp_path):
    # Black Lotus passed with nothing said; the note says what was not checked and how.
    write(tmp_path, {"deck.txt": "4 Black Lotus\n36 Snow-Covered Island\n", "pool.txt": POOL})
    done = cli("validate", str(tmp_path / "deck.txt"), "-f", "mtg/limited")
    assert done.returncode == 0
    assert ("deckcheck: note: 1 deck of a limited format (mtg/limited) was checked without a registered pool, "
            "so not against the cards its player opened: give the pool with --pool FILE") in done.stderr
    constructed = cli("validate", str(tmp_path / "deck.txt"), "-f", "mtg/vintage")
    with_pool = cli("validate", str(tmp_path / "deck.txt"), "-f", "mtg/limited", "--pool", str(tmp_path / "pool.txt"))
    assert "registered pool" not in constructed.stderr + with_pool.stderr


# ------------------------------------------------------------------ batch with a pool column


def test_batch_checks_each_deck_against_its_pool_and_reports_bad_pools_per_row(cli, tmp_path):
    write(tmp_path, {
        "pools/ann.txt": POOL, "pools/bob.txt": POOL, "pools/dir/keep": "",
        "pools/binary.txt": b"\x00\x01\x02" * 50, "pools/empty.txt": "\n",
        "decks/ann.txt": LEGAL, "decks/bob.txt": FOURTH_SHOCK, "decks/cy.txt": LEGAL,
        "decks/dee.txt": LEGAL, "decks/eve.txt": LEGAL, "decks/fay.txt": LEGAL, "decks/gus.txt": LEGAL,
        "reg.csv": "player,deck,pool\n"
                   "ann,decks/ann.txt,pools/ann.txt\n"
                   "bob,decks/bob.txt,pools/bob.txt\n"
                   "cy,decks/cy.txt,pools/missing.txt\n"
                   "dee,decks/dee.txt,pools/dir\n"
                   "eve,decks/eve.txt,\n"
                   "fay,decks/fay.txt,pools/binary.txt\n"
                   "gus,decks/gus.txt,pools/empty.txt\n",
    })
    code, report = batch_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/limited")
    assert code == 1
    assert rules_by_player(report) == {
        "ann": [], "bob": ["registered-pool"], "cy": ["registration"], "dee": ["registration"],
        "eve": ["registration"], "fay": ["registration"], "gus": ["registration"],
    }
    assert "pools/empty.txt: lists no cards" in rules_message(report, "gus")
    by_player = {result["player"]: result for result in report["results"]}
    assert by_player["ann"]["pool"] == "pools/ann.txt"
    assert "pools/missing.txt: no such file" in by_player["cy"]["problems"][0]["message"]
    assert by_player["cy"]["problems"][0]["message"].startswith("manifest line 4: ")
    assert "no pool given" in by_player["eve"]["problems"][0]["message"]
    bob = by_player["bob"]["problems"][0]
    assert (bob["card"], bob["count"], bob["limit"]) == ("Shock", 4, 3)


def test_without_a_pool_a_deck_that_could_not_be_read_is_not_counted_as_checked(cli, tmp_path):
    """`validate deck.txt gone.txt -f mtg/limited` said "2 decks ... were checked without a
    registered pool" of a deck it had just called NOT CHECKED (could not be read), and so
    did a batch of a manifest naming the two."""
    write(tmp_path, {"deck.txt": "4 Black Lotus\n36 Snow-Covered Island\n"})
    done = cli("validate", str(tmp_path / "deck.txt"), str(tmp_path / "gone.txt"), "-f", "mtg/limited")
    assert done.returncode == 2
    assert "deckcheck: note: 1 deck of a limited format (mtg/limited) was checked without a registered pool" in done.stderr
    alone = cli("validate", str(tmp_path / "gone.txt"), "-f", "mtg/limited")
    assert alone.returncode == 2 and "registered pool" not in alone.stderr, alone.stderr
    write(tmp_path, {"reg.csv": "player,deck\nann,deck.txt\ncy,gone.txt\n"})
    batch = cli("batch", str(tmp_path / "reg.csv"), "-f", "mtg/limited", "--no-cache")
    assert batch.returncode == 1
    assert "deckcheck: note: 1 deck of a limited format (mtg/limited) was checked without a registered pool" in batch.stderr


def test_a_limited_event_registering_no_pools_says_its_cards_went_unchecked(cli, tmp_path):
    """Without pools a sealed deck is checked for its size only: LEGAL, as validate says,
    but the organiser is told what was not checked and how to check it."""
    write(tmp_path, {
        "ann.txt": LEGAL, "bob.txt": "4 Black Lotus\n36 Island\n", "cy.txt": "4 Lightning Bolt\n56 Mountain\n",
        "reg.csv": "player,deck,format\nann,ann.txt,\nbob,bob.txt,\ncy,cy.txt,mtg/modern\n",
    })
    done = cli("batch", str(tmp_path / "reg.csv"), "-f", "mtg/limited", "--date", "2024-06-01")
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [
        "deckcheck: note: 2 decks of a limited format (mtg/limited) were checked without a registered pool,"
        " so not against the cards their players opened: a manifest with a `pool` column gives each row its pool",
    ]
    write(tmp_path, {"pool.txt": POOL, "reg.csv": "player,deck,pool\nann,ann.txt,pool.txt\n"})
    done = cli("batch", str(tmp_path / "reg.csv"), "-f", "mtg/limited", "--date", "2024-06-01")
    assert done.returncode == 0 and done.stderr == "", done.stderr


def test_a_folder_of_limited_decks_is_told_a_manifest_registers_pools(cli, tmp_path):
    """A folder has no columns: the note says what would give each deck its pool."""
    write(tmp_path, {"decks/ann.txt": LEGAL})
    done = cli("batch", str(tmp_path / "decks"), "-f", "mtg/limited", "--date", "2024-06-01")
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [
        "deckcheck: note: 1 deck of a limited format (mtg/limited) was checked without a registered pool,"
        " so not against the cards its player opened: a manifest with a `pool` column gives each row its pool",
    ]


def test_rows_of_a_constructed_format_need_no_pool(cli, tmp_path):
    write(tmp_path, {
        "pool.txt": POOL, "ann.txt": LEGAL, "bob.txt": "4 Lightning Bolt\n56 Mountain\n",
        "reg.yaml": "- {player: ann, deck: ann.txt, pool: pool.txt}\n- {player: bob, deck: bob.txt, format: mtg/modern}\n",
    })
    code, report = batch_json(cli, str(tmp_path / "reg.yaml"), "-f", "mtg/limited", "--date", "2024-06-01")
    assert code == 0, report
    assert rules_by_player(report) == {"ann": [], "bob": []}


def test_pools_inside_a_zip_and_pool_paths_that_leave_it(cli, tmp_path):
    archive = tmp_path / "event.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("reg.csv", "player,deck,pool\nann,ann.txt,pools/ann.txt\nbob,bob.txt,../outside.txt\n")
        zipped.writestr("pools/ann.txt", POOL)
        zipped.writestr("ann.txt", FOURTH_SHOCK)
        zipped.writestr("bob.txt", LEGAL)
    write(tmp_path, {"outside.txt": POOL})
    code, report = batch_json(cli, str(archive), "-f", "mtg/limited")
    assert code == 1
    assert rules_by_player(report) == {"ann": ["registered-pool"], "bob": ["registration"]}
    assert "points outside the archive" in report["results"][1]["problems"][0]["message"]
    # Messages name the pool as the manifest does, not the temporary folder it was read from.
    assert report["results"][0]["pool"] == "pools/ann.txt"


def test_a_pool_entry_of_a_zip_not_extracted_is_explained_on_the_row_that_names_it(cli, tmp_path):
    # The row said `pool pools/link.txt: no such file` although the archive holds the entry,
    # and the entry was a row of its own (no player, "no pool given"): a pool is explained
    # on its row as a deck is ("deck NAME: REASON").
    import stat

    archive = tmp_path / "event.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("reg.csv", "player,deck,pool\nann,ann.txt,pools/link.txt\nbob,bob.txt,pools/bob.txt\n")
        link = zipfile.ZipInfo("pools/link.txt")
        link.external_attr = (stat.S_IFLNK | 0o777) << 16
        zipped.writestr(link, "bob.txt")
        zipped.writestr("pools/bob.txt", POOL)
        zipped.writestr("ann.txt", LEGAL)
        zipped.writestr("bob.txt", LEGAL)
    code, report = batch_json(cli, str(archive), "-f", "mtg/limited")
    assert code == 1
    assert [(r["player"], r["deck"]) for r in report["results"]] == [("ann", "ann.txt"), ("bob", "bob.txt")]
    assert rules_by_player(report) == {"ann": ["registration"], "bob": []}
    assert rules_message(report, "ann") == (
        "manifest line 2: pool pools/link.txt: symbolic link in the archive; not extracted; "
        "the deck was not checked against a pool"
    )
    # Still listed among the entries not extracted, as a deck's would be.
    assert report["skipped"] == [{"file": "pools/link.txt", "reason": "symbolic link in the archive; not extracted", "unchecked": True}]


def test_team_text_report_names_the_holders(cli, tmp_path):
    write(tmp_path, {
        "pool.txt": POOL, "ann.txt": "1 Lightning Bolt\n39 Mountain\n", "bob.txt": "1 Lightning Bolt\n39 Mountain\n",
        "reg.csv": "player,deck,team,pool\nann,ann.txt,Sealers,pool.txt\nbob,bob.txt,Sealers,pool.txt\n",
    })
    done = cli("batch", str(tmp_path / "reg.csv"), "-f", "mtg/limited")
    assert done.returncode == 1
    assert "2 copies of Lightning Bolt across team Sealers (ann 1, bob 1); the team's pool holds 1" in done.stdout
    csv_done = cli("batch", str(tmp_path / "reg.csv"), "-f", "mtg/limited", "-o", "csv")
    assert "registered-pool,error,,,Lightning Bolt,2,1,ann 1; bob 1," in csv_done.stdout


def test_pool_parse_problems_name_the_pool_file_and_line(cli, tmp_path):
    write(tmp_path, {
        "pool.txt": "3 Shock\nthree Hill Giant\n", "ann.txt": LEGAL.replace("10 Goblin Piker\n", ""),
        "reg.csv": "player,deck,pool\nann,ann.txt,pool.txt\n",
    })
    code, report = batch_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/limited")
    (result,) = report["results"]
    problems = [p for p in result["problems"] if p["rule"] == "parse-error"]
    assert len(problems) == 1
    assert problems[0]["message"].startswith("pool pool.txt line 2: ")
    assert problems[0]["pool_line"] == 2 and "line" not in problems[0]


def test_a_team_sealed_deck_without_a_team_is_checked_with_a_warning(cli, tmp_path):
    write(tmp_path, {"pool.txt": POOL, "ann.txt": LEGAL, "reg.csv": "player,deck,pool\nann,ann.txt,pool.txt\n"})
    code, report = batch_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/team-sealed")
    (result,) = report["results"]
    assert code == 0 and result["legal"]
    assert [(p["rule"], p["severity"]) for p in result["problems"]] == [("registration", "warning")]
    assert "Team Sealed is played by teams" in result["problems"][0]["message"]


def test_batch_reads_each_pool_with_the_card_data_as_its_deck(cli, tmp_path, sample_cards_db):
    """A pool typed by hand names cards as a player may (`Stomp` for Bonecrusher Giant //
    Stomp): batch checks the deck against the pool as the card data names both, and a
    name the card data lacks is a warning naming the pool's line and the card meant."""
    write(tmp_path, {
        "named.txt": "1 Stomp\n1 Lightning Bolt\n", "ann.txt": "1 Bonecrusher Giant\n1 Lightning Bolt\n38 Mountain\n",
        "typo.txt": "1 Lightning Bolt\n2 Grizly Bears\n", "bob.txt": "1 Lightning Bolt\n2 Grizzly Bears\n37 Forest\n",
        "reg.csv": "player,deck,pool\nann,ann.txt,named.txt\nbob,bob.txt,typo.txt\n",
    })
    code, report = batch_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/limited", "--cards-db", str(sample_cards_db))
    ann, bob = report["results"]
    assert ann["legal"] and ann["problems"] == []
    assert [(p["rule"], p["severity"], p["card"]) for p in bob["problems"]] == [
        ("unknown-card", "warning", "Grizly Bears"), ("registered-pool", "error", "Grizzly Bears"),
    ]
    assert bob["problems"][0]["message"].startswith("pool typo.txt line 2: unknown card 'Grizly Bears'")
    assert "Grizzly Bears" in bob["problems"][0]["suggestions"] and bob["problems"][0]["pool_line"] == 2
    assert code == 1


def test_a_team_counts_its_members_cards_and_pool_as_the_card_data_names_them(cli, tmp_path, sample_cards_db):
    """Team sealed: a pool typed `Stomp` holds the Bonecrusher Giants two members play,
    and a member writing the adventure's spell plays the same card as one writing the
    creature, so the team's copies add up whichever way each line spells it."""
    write(tmp_path, {
        "pool.txt": "2 Stomp\n1 Lightning Bolt\n", "pool2.txt": "2 Stomp\n1 Lightning Bolt\n",
        "ann.txt": "1 Bonecrusher Giant\n39 Mountain\n", "bob.txt": "1 Bonecrusher Giant // Stomp\n39 Mountain\n",
        "cy.txt": "1 Stomp\n1 Lightning Bolt\n38 Mountain\n", "dee.txt": "1 Bonecrusher Giant\n39 Mountain\n",
        "reg.csv": "player,deck,team,pool\nann,ann.txt,T1,pool.txt\nbob,bob.txt,T1,pool.txt\n"
                   "cy,cy.txt,T2,pool2.txt\ndee,dee.txt,T2,pool2.txt\n",
    })
    code, report = batch_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/team-sealed", "--cards-db", str(sample_cards_db))
    assert [result["problems"] for result in report["results"]] == [[], [], [], []]
    t1, t2 = report["teams"]
    assert t1["legal"] and t1["problems"] == []
    assert t2["legal"] and t2["problems"] == []
    assert code == 0
    write(tmp_path, {"pool.txt": "1 Stomp\n1 Lightning Bolt\n", "pool2.txt": "1 Stomp\n1 Lightning Bolt\n"})
    code, report = batch_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/team-sealed", "--cards-db", str(sample_cards_db))
    for team in report["teams"]:
        (problem,) = team["problems"]
        assert (problem["rule"], problem["card"], problem["count"], problem["limit"]) == (
            "registered-pool", "Bonecrusher Giant // Stomp", 2, 1,
        )
    assert code == 1


def test_two_pool_files_that_spell_one_card_two_ways_are_the_team_s_one_pool(cli, tmp_path, sample_cards_db):
    """Teammates who typed the team's pool, one `Stomp`, one `Bonecrusher Giant`: the same
    cards, so one pool, which serves the member who names none. The files were compared as
    written, so they differed, and that member's deck got `no pool given`."""
    write(tmp_path, {
        "pool.txt": "2 Stomp\n1 Lightning Bolt\n", "pool2.txt": "2 Bonecrusher Giant\n1 Lightning Bolt\n",
        "ann.txt": "1 Bonecrusher Giant\n39 Mountain\n", "bob.txt": "1 Lightning Bolt\n39 Mountain\n",
        "cy.txt": "1 Bonecrusher Giant\n39 Mountain\n",
        "reg.csv": "player,deck,team,pool\nann,ann.txt,T1,pool.txt\nbob,bob.txt,T1,pool2.txt\ncy,cy.txt,T1,\n",
    })
    code, report = batch_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/team-sealed", "--cards-db", str(sample_cards_db))
    assert [result["problems"] for result in report["results"]] == [[], [], []]
    (team,) = report["teams"]
    assert team["legal"] and team["problems"] == []
    assert code == 0


def test_one_pool_file_registered_by_two_players_or_teams_is_a_warning_on_each_row(cli, tmp_path):
    """Each player of a sealed event opens a pool of their own, and each team one for the
    team: one pool file named by rows of different players (not teammates) is almost
    always a row copied by mistake, as one deck file is. Teammates share theirs freely."""
    write(tmp_path, {
        "p1.txt": POOL, "p2.txt": POOL, "team.txt": POOL,
        **{f"{name}.txt": LEGAL for name in ("ann", "bob", "cy", "fay")},
        "dee.txt": "3 Shock\n37 Mountain\n", "eve.txt": "10 Goblin Piker\n30 Mountain\n",  # T1 splits its pool
        "reg.csv": "player,deck,team,pool\n"
                   "ann,ann.txt,,p1.txt\nbob,bob.txt,,p1.txt\ncy,cy.txt,,p2.txt\n"
                   "dee,dee.txt,T1,team.txt\neve,eve.txt,T1,team.txt\nfay,fay.txt,T2,team.txt\n",
    })
    code, report = batch_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/limited")
    warned = {
        result["player"]: [p["message"] for p in result["problems"] if p["rule"] == "registration"]
        for result in report["results"]
    }
    assert warned == {
        "ann": ["manifest line 2: pool file p1.txt is also registered by bob (manifest line 3); "
                "each player or team registers a pool of their own (a row copied by mistake?)"],
        "bob": ["manifest line 3: pool file p1.txt is also registered by ann (manifest line 2); "
                "each player or team registers a pool of their own (a row copied by mistake?)"],
        "cy": [],
        "dee": ["manifest line 5: pool file team.txt is also registered by fay (manifest line 7); "
                "each player or team registers a pool of their own (a row copied by mistake?)"],
        "eve": ["manifest line 6: pool file team.txt is also registered by fay (manifest line 7); "
                "each player or team registers a pool of their own (a row copied by mistake?)"],
        "fay": ["manifest line 7: pool file team.txt is also registered by dee (manifest line 5), eve (manifest line 6); "
                "each player or team registers a pool of their own (a row copied by mistake?)"],
    }
    assert all(p["severity"] == "warning" for result in report["results"] for p in result["problems"])
    assert code == 0


def test_a_cube_list_every_player_registers_as_the_pool_is_no_pool_copied_by_mistake(cli, tmp_path):
    """A cube draft's organiser may give the cube's list, CubeCobra's CSV export, as every
    player's pool (docs/decklists.md): the players drafted from that one cube, so the rows
    naming it are no rows copied by mistake. Each row was told they were, naming all the
    other players. A text pool two players name is still warned of."""
    cube = ("name,CMC,Type,Color,Set,Collector Number,Rarity,Color Category,status,Finish,maybeboard,image URL,"
            "image Back URL,tags,Notes,MTGO ID\n"
            "Shock,1,Instant,R,m19,156,common,Red,Owned,Non-foil,false,,,,,\n"
            "Hill Giant,4,Creature - Giant,R,m10,141,common,Red,Owned,Non-foil,false,,,,,\n")
    write(tmp_path, {
        "cube.csv": cube, "p1.txt": POOL,
        "ann.txt": "1 Shock\n39 Mountain\n", "bob.txt": "1 Hill Giant\n39 Mountain\n",
        "cy.txt": LEGAL, "dee.txt": LEGAL,
        "reg.csv": "player,deck,pool\nann,ann.txt,cube.csv\nbob,bob.txt,cube.csv\ncy,cy.txt,p1.txt\ndee,dee.txt,p1.txt\n",
    })
    code, report = batch_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/limited")
    warned = {
        result["player"]: [p["message"] for p in result["problems"] if p["rule"] == "registration"]
        for result in report["results"]
    }
    assert warned == {
        "ann": [], "bob": [],
        "cy": ["manifest line 4: pool file p1.txt is also registered by dee (manifest line 5); "
               "each player or team registers a pool of their own (a row copied by mistake?)"],
        "dee": ["manifest line 5: pool file p1.txt is also registered by cy (manifest line 4); "
                "each player or team registers a pool of their own (a row copied by mistake?)"],
    }
    assert code == 0


def test_a_missing_pools_hint_names_the_file_from_the_manifests_folder(cli, tmp_path):
    """A pool path that differs from its file only in case is told the file's name, as a
    deck's is: from the manifest's folder, as its `pool` column would name it. It was named
    from the folder the batch read it in (`event/pools/ann.txt`, or the whole absolute
    path), a path that names no file when written in the manifest."""
    write(tmp_path, {"event/pools/ann.txt": POOL, "event/decks/ann.txt": LEGAL,
                     "event/reg.csv": "player,deck,pool\nann,decks/ann.txt,Pools/ann.txt\n"})
    for source in ("event/reg.csv", str(tmp_path / "event" / "reg.csv")):
        done = cli("batch", source, "-f", "mtg/limited", "-o", "json", cwd=tmp_path)
        assert rules_message(json.loads(done.stdout), "ann") == (
            "manifest line 2: pool Pools/ann.txt: no such file; a file differs only in case: pools/ann.txt "
            "(file names are case-sensitive here); the deck was not checked against a pool")


CUBE_CSV = ("name,CMC,Type,Color,Set,Collector Number,Rarity,Color Category,status,Finish,maybeboard,image URL,"
            "image Back URL,tags,Notes,MTGO ID\n"
            "Shock,1,Instant,R,m19,156,common,Red,Owned,Non-foil,false,,,,,\n"
            "Hill Giant,4,Creature - Giant,R,m10,141,common,Red,Owned,Non-foil,false,,,,,\n")


def test_a_named_pipe_two_players_share_as_their_pool_is_refused_without_waiting(cli, tmp_path):
    """A pool file two players share is looked at to tell a cube's list (614cab0f); a named
    pipe there was opened and read, so the batch waited forever on a writer that never came
    (docs/security.md: pipes, devices and sockets are never opened). Each row is told its
    pool is no regular file, as a pipe one row names is."""
    write(tmp_path, {"ann.txt": LEGAL, "bob.txt": LEGAL,
                     "reg.csv": "player,deck,pool\nann,ann.txt,pool.txt\nbob,bob.txt,pool.txt\n"})
    os.mkfifo(tmp_path / "pool.txt")
    done = cli("batch", str(tmp_path / "reg.csv"), "-f", "mtg/limited", "-o", "json", timeout=60)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 1
    report = json.loads(done.stdout)
    for result in report["results"]:
        messages = [p["message"] for p in result["problems"] if p["rule"] == "registration"]
        assert any("pool pool.txt: not a regular file (a named pipe)" in m for m in messages), messages


def test_a_utf16_cube_list_every_player_registers_is_no_pool_copied_by_mistake(cli, tmp_path):
    """A cube's list saved as UTF-16 (Excel's 'Unicode text') is read as the deck and pool
    readers read it; its head was decoded as UTF-8 alone, so the rows sharing it were told
    they were copied by mistake."""
    (tmp_path / "cube.csv").write_bytes(CUBE_CSV.encode("utf-16"))
    write(tmp_path, {"ann.txt": "1 Shock\n39 Mountain\n", "bob.txt": "1 Hill Giant\n39 Mountain\n",
                     "reg.csv": "player,deck,pool\nann,ann.txt,cube.csv\nbob,bob.txt,cube.csv\n"})
    code, report = batch_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/limited")
    assert {result["player"]: [p["message"] for p in result["problems"]] for result in report["results"]} == {
        "ann": [], "bob": []}
    assert code == 0


def _draft_log(drafter: str | None) -> str:
    """A Magic Online draft log of two picks, its players' line marking `drafter` (none: no
    `-->` in the header)."""
    players = f"    alice\n--> {drafter}\n" if drafter is not None else "    alice\n    bob\n"
    return (f"Event #: 12345678\nTime:    1/2/2020 3:45:00 PM\nPlayers:\n{players}\n------ M10 ------\n\n"
            "Pack 1 pick 1:\n    Giant Growth\n--> Shock\n\nPack 1 pick 2:\n--> Hill Giant\n")


def test_a_draft_log_of_another_drafter_is_told_on_the_row_that_registers_it(cli, tmp_path):
    """A Magic Online draft log names its drafter (`--> NAME` among the players): a row
    naming another player's log (two logs swapped, a row copied) passed without a word
    while its deck was checked against someone else's picks. The names are compared as the
    batch compares players' (case, accents, spacing, a screen name's `_` for a space); a log
    that names no drafter is no word. The log names a Magic Online screen name, not the
    player's real name (`Ann_Lee`, or a nickname, for Ann Lee): a drafter who is no row's
    player is no word, else nearly every correct row was warned (review32i finding 1)."""
    deck = "1 Shock\n1 Hill Giant\n38 Mountain\n"
    write(tmp_path, {
        "ann.log": _draft_log("ann"), "bob.log": _draft_log("Zoë__Ng"), "cy.log": _draft_log(None),
        "dee.log": _draft_log("Ann_Lee"), "ed.log": _draft_log("xX_Ed_Xx"),
        "ann.txt": deck, "bob.txt": deck, "cy.txt": deck, "zoe.txt": deck, "dee.txt": deck, "ed.txt": deck,
        "reg.csv": "player,deck,pool\nAnn,ann.txt,ann.log\nbob,bob.txt,bob.log\ncy,cy.txt,cy.log\nzoe ng,zoe.txt,bob.log\n"
                   "Ann Lee,dee.txt,dee.log\nEd Smith,ed.txt,ed.log\n",
    })
    code, report = batch_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/limited")
    warned = {
        result["player"]: [(p["message"], p["severity"]) for p in result["problems"] if p["rule"] == "registration"
                           and "draft log" in p["message"]]
        for result in report["results"]
    }
    assert warned == {
        "Ann": [], "cy": [], "zoe ng": [], "Ann Lee": [], "Ed Smith": [],
        "bob": [("manifest line 3: pool bob.log is the draft log of Zoë__Ng, not of bob "
                 "(another player's log registered on this row?)", "warning")],
    }


def test_a_team_member_given_the_team_s_draft_log_is_not_told_it_was_registered_on_the_row(cli, tmp_path):
    """A team member whose pool cell is empty plays from the team's pool (assign_pools): it
    is no log "registered on this row", so the drafter's name, a teammate's, is no warning
    there (review32i finding 3); the row that named another player's log still is."""
    deck = "1 Shock\n1 Hill Giant\n38 Mountain\n"
    write(tmp_path, {
        "a.log": _draft_log("ann"), "ann.txt": deck, "bob.txt": deck, "cy.txt": deck,
        "reg.csv": "player,deck,team,pool\nann,ann.txt,T1,a.log\nbob,bob.txt,T1,\ncy,cy.txt,,a.log\n",
    })
    code, report = batch_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/limited")
    warned = {}
    for result in report["results"]:
        for member in result.get("members", [result]):
            warned[member["player"]] = [p["message"] for p in member["problems"] if "draft log" in p["message"]]
    assert warned == {"ann": [], "bob": [], "cy": [
        "manifest line 4: pool a.log is the draft log of ann, not of cy (another player's log registered on this row?)"]}


def test_a_pool_deck_s_heading_counts_the_rest_of_the_pool_as_its_sideboard(cli, tmp_path):
    """With a registered pool the cards the main deck does not use are the sideboard
    (docs/batch.md), but the heading said `sideboard 0`, which read as a deck with no
    sideboard. The text heading counts them from the pool; JSON's counts stay the list's
    zones as given (docs/contracts.md). A deck that states a sideboard (not only basic
    lands the organiser provides), and a team's
    members who share one pool (its rest is no one member's), keep their own count."""
    write(tmp_path, {
        "pool.txt": POOL, "deck.txt": LEGAL, "sided.txt": LEGAL + "\nSideboard\n1 Lightning Bolt\n",
        "plains.txt": LEGAL + "\nSideboard\n5 Plains\n",
        # Over the pool, so the batch prints their headings.
        "ann.txt": FOURTH_SHOCK, "bob.txt": "11 Hill Giant\n29 Mountain\n", "cy.txt": LEGAL,
        "p2.txt": POOL, "reg.csv": "player,deck,team,pool\nann,ann.txt,,pool.txt\nbob,bob.txt,T1,p2.txt\ncy,cy.txt,T1,\n",
    })
    pool = str(tmp_path / "pool.txt")
    done = cli("validate", str(tmp_path / "deck.txt"), str(tmp_path / "sided.txt"), str(tmp_path / "plains.txt"),
               "-f", "mtg/limited", "--pool", pool)
    # The pool's 24 cards but the 10 Goblin Pikers and 3 Shocks the deck plays.
    assert "deck.txt - mtg/limited: LEGAL (main 40, sideboard 11 from the pool)" in done.stdout, done.stdout
    assert "sided.txt - mtg/limited: LEGAL (main 40, sideboard 1)" in done.stdout, done.stdout
    # Basic lands the organiser provides, kept to side in, state no card of the pool.
    assert "plains.txt - mtg/limited: LEGAL (main 40, sideboard 5 and 11 from the pool)" in done.stdout, done.stdout
    # A companion sits in the sideboard (a designation) but states no sideboard, as the free
    # basic lands: the pool's rest but the companion is the sideboard (review32i finding 7).
    (tmp_path / "lurrus.txt").write_text("3 Shock\n1 Lurrus of the Dream-Den\n10 Goblin Piker\n2 Hill Giant\n", encoding="utf-8")
    (tmp_path / "comp.txt").write_text("Companion\n1 Lurrus of the Dream-Den\n\nDeck\n" + LEGAL, encoding="utf-8")
    comp = cli("validate", str(tmp_path / "comp.txt"), "-f", "mtg/limited", "--pool", str(tmp_path / "lurrus.txt"))
    assert "comp.txt - mtg/limited: LEGAL (companion 1, main 40, sideboard 1 and 2 from the pool)" in comp.stdout, comp.stdout
    as_json = cli("validate", str(tmp_path / "deck.txt"), "-f", "mtg/limited", "--pool", pool, "-o", "json")
    assert json.loads(as_json.stdout)["results"][0]["counts"] == {"main": 40, "sideboard": 0}
    event = cli("batch", str(tmp_path / "reg.csv"), "-f", "mtg/limited")
    assert "ann.txt [ann] - mtg/limited: ILLEGAL (main 40, sideboard 11 from the pool; 1 problem)" in event.stdout, event.stdout
    assert "bob.txt [bob, team T1] - mtg/limited: ILLEGAL (main 40, sideboard 0; 1 problem)" in event.stdout, event.stdout
    # One pool file two rows of no team register (a cube's list, every drafter's pool): its
    # rest is no one player's sideboard either (review32i finding 2).
    (tmp_path / "shared.csv").write_text("player,deck,pool\ndee,ann.txt,pool.txt\ned,ann.txt,pool.txt\n", encoding="utf-8")
    # A team's pool written as two files of the same cards is one pool (assign_pools): its
    # rest is no one member's either (review32i finding 4).
    (tmp_path / "two.csv").write_text("player,deck,team,pool\nbob,bob.txt,T2,pool.txt\ncy,ann.txt,T2,p2.txt\n", encoding="utf-8")
    two = cli("batch", str(tmp_path / "two.csv"), "-f", "mtg/limited")
    assert "sideboard 0; " in two.stdout and "from the pool" not in two.stdout, two.stdout
    shared = cli("batch", str(tmp_path / "shared.csv"), "-f", "mtg/limited")
    assert "ann.txt [dee] - mtg/limited: ILLEGAL (main 40, sideboard 0; 1 problem; 2 warnings)" in shared.stdout, shared.stdout
    assert "ann.txt [ed] - mtg/limited: ILLEGAL (main 40, sideboard 0; 1 problem; 2 warnings)" in shared.stdout, shared.stdout


def test_a_pool_card_printed_in_none_of_the_event_s_sets_is_a_warning(cli, tmp_path):
    """An event format naming its sets (`card_pool: {sets: [khm]}`, docs/batch.md) told a
    pool's card of another set only when the deck played it: a pool opened or typed wrong,
    or with a card slipped in, passed while the card sat in the sideboard. It is a warning
    naming the pool's line; a card the deck plays stays the deck's not-in-pool error, not
    told twice, and a format naming no sets says nothing of the pool's cards."""
    write(tmp_path, {
        "khm.yaml": "name: Kaldheim Sealed\ngame: mtg\nextends: mtg/limited\ncard_pool:\n  sets: [khm]\n",
        "pool.txt": "1 Esika, God of the Tree\n1 Fire // Ice\n2 Snow-Covered Forest\n1 Lightning Bolt\n",
        "deck.txt": "1 Esika, God of the Tree\n1 Lightning Bolt\n2 Snow-Covered Forest\n36 Forest\n",
    })
    args = ("validate", str(tmp_path / "deck.txt"), "--pool", str(tmp_path / "pool.txt"), "--date", "2021-02-06", "-o", "json")
    done = cli(*args[:2], "-f", str(tmp_path / "khm.yaml"), *args[2:])
    problems = [(p["rule"], p["severity"], p["message"]) for p in json.loads(done.stdout)["results"][0]["problems"]]
    pool = str(tmp_path / "pool.txt")
    assert problems == [
        ("registered-pool", "warning", f"pool {pool} line 2: Fire // Ice has no printing in a set legal in Kaldheim "
                                       "Sealed on 2021-02-06 (a card of another set in the pool: opened or typed wrong?)"),
        ("not-in-pool", "error", "Lightning Bolt has no printing in a set legal in Kaldheim Sealed on 2021-02-06"),
    ], done.stdout
    warned = json.loads(done.stdout)["results"][0]["problems"][0]
    assert {key: warned.get(key) for key in ("card", "pool", "pool_line", "line", "zone", "decided_by")} == {
        "card": "Fire // Ice", "pool": pool, "pool_line": 2, "line": None, "zone": None, "decided_by": None}
    plain = cli(*args[:2], "-f", "mtg/limited", *args[2:])
    assert json.loads(plain.stdout)["results"][0]["problems"] == []
    # A card the deck lists only in its maybeboard is not played, so no not-in-pool error:
    # the pool's warning tells it (review32i finding 6a; it got neither).
    (tmp_path / "maybe.txt").write_text("1 Esika, God of the Tree\n2 Snow-Covered Forest\n37 Forest\n\nMaybeboard\n"
                                        "1 Lightning Bolt\n", encoding="utf-8")
    maybe = cli("validate", str(tmp_path / "maybe.txt"), "-f", str(tmp_path / "khm.yaml"), *args[2:])
    told = [p["message"] for p in json.loads(maybe.stdout)["results"][0]["problems"] if p["rule"] == "registered-pool"]
    assert any(message.startswith(f"pool {pool} line 4: Lightning Bolt") for message in told), maybe.stdout


def test_a_utf16_cube_list_cut_inside_a_character_is_still_a_cube_list(tmp_path):
    """The cube-list check reads a pool file's first 4 KiB (_cube_list): it decoded them
    whole, not as a cut head (textio.decode_head), so a UTF-16 export whose 4 KiB ended
    inside an emoji's surrogate pair was 'not valid utf-16' and no cube's list."""
    from deckcheck.batch.shared_decks import _CUBE_HEAD_BYTES, _cube_list

    header = ("name,CMC,Type,Color,Set,Collector Number,Rarity,Color Category,status,Finish,maybeboard,image URL,"
              "image Back URL,tags,Notes,MTGO ID\n")
    row = "Shock,1,Instant,R,m19,156,common,Red,Owned,Non-foil,false,,,,,\n"
    text = header + row * ((_CUBE_HEAD_BYTES // 2 - 1 - len(header)) // len(row))
    text += "x" * (_CUBE_HEAD_BYTES // 2 - 2 - len(text)) + "\U0001f338\n" + row  # its pair split at byte 4096
    path = tmp_path / "cube.csv"
    path.write_bytes(b"\xff\xfe" + text.encode("utf-16-le"))
    assert path.read_bytes()[_CUBE_HEAD_BYTES - 2:_CUBE_HEAD_BYTES] == "\U0001f338".encode("utf-16-le")[:2]
    assert _cube_list(str(path))


def test_no_rest_of_a_shared_pool_is_worked_out_for_its_decks(tmp_path, monkeypatch):
    """The rest of a pool two or more rows play from (a cube's list, a team's pool) is no
    one player's sideboard, and the report drops it (DeckResult.pool_rest): the batch
    decides that before its tasks go out (Task.pool_shared), so no process works out the
    rest of a ~500-card cube list for each deck only for the parent to drop it. A pool of
    one row still has its rest worked out and shown."""
    from deckcheck import pipeline
    from deckcheck.batch import check_source

    write(tmp_path, {
        "pool.txt": POOL, "own.txt": POOL, "ann.txt": LEGAL, "bob.txt": LEGAL, "cy.txt": LEGAL, "dee.txt": LEGAL,
        "reg.csv": "player,deck,pool\ncy,cy.txt,own.txt\nann,ann.txt,pool.txt\nbob,bob.txt,pool.txt\ndee,dee.txt,pool.txt\n",
    })
    monkeypatch.chdir(tmp_path)
    worked_out: list[str] = []
    real = pipeline._pool_rest

    def counted(deck, fmt, pool):
        worked_out.append(pool.source)
        return real(deck, fmt, pool)

    monkeypatch.setattr(pipeline, "_pool_rest", counted)
    batch = check_source("reg.csv", "mtg/limited", jobs=1)
    assert {result.player: result.pool_rest for result in batch.report.results} == {"ann": None, "bob": None, "cy": 11, "dee": None}
    assert [os.path.basename(source) for source in worked_out] == ["own.txt"]
    # A worker (a spawned interpreter; the last rows, in chunks of one, go its way) is told
    # the same by its tasks: the same report.
    from deckcheck.batch import runner

    monkeypatch.setattr(runner, "SAMPLE_SECONDS", 0.0)
    monkeypatch.setattr(runner, "worker_count", lambda remaining, idle, jobs: jobs - 1)
    monkeypatch.setattr(runner, "MAX_CHUNK", 1)
    with_worker = check_source("reg.csv", "mtg/limited", jobs=2)
    assert {result.player: result.pool_rest for result in with_worker.report.results} == {"ann": None, "bob": None, "cy": 11, "dee": None}


def test_one_pool_file_named_by_a_link_or_another_path_is_shared_by_every_row_that_names_it(cli, tmp_path):
    """Whether rows share a pool was decided by the paths they write (`_shared_pools`),
    while the shared-pool warning tells files by device and inode: rows naming pool.txt
    through a link got `sideboard 11 from the pool` beside the warning that pool.txt is
    also registered by the others (review of session 33, finding 3). A pool file two or
    more rows register is no one player's sideboard (docs/batch.md), whatever path names it;
    a pool of one row, a link to it included, keeps its rest."""
    write(tmp_path, {"pool.txt": POOL, "own.txt": POOL, **{f"{player}.txt": FOURTH_SHOCK for player in "abcdef"}})
    (tmp_path / "sub").mkdir()
    os.symlink("pool.txt", tmp_path / "link.txt")
    os.symlink("../pool.txt", tmp_path / "sub" / "sl.txt")
    os.symlink("own.txt", tmp_path / "mine.txt")
    pools = {"a": "./pool.txt", "b": "pool.txt", "c": "sub/../pool.txt", "d": "link.txt", "e": "sub/sl.txt", "f": "mine.txt"}
    (tmp_path / "reg.csv").write_text("player,deck,pool\n" + "".join(
        f"{player},{player}.txt,{pool}\n" for player, pool in pools.items()), encoding="utf-8")
    done = cli("batch", str(tmp_path / "reg.csv"), "-f", "mtg/limited")
    headings = [line for line in done.stdout.splitlines() if " - mtg/limited: " in line]
    assert headings == [
        *(f"{player}.txt [{player}] - mtg/limited: ILLEGAL (main 40, sideboard 0; 1 problem; 1 warning)" for player in "abcde"),
        "f.txt [f] - mtg/limited: ILLEGAL (main 40, sideboard 11 from the pool; 1 problem)",
    ], done.stdout
