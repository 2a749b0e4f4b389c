"""`deckcheck batch` end to end through the installed command: folders, manifests, zips,
teams, bad rows, reports and exit codes."""
from __future__ import annotations

import codecs
import csv
import io
import json
import os
import shlex
import sys
import unicodedata
import zipfile
from pathlib import Path

import pytest
from files import write

LEGAL_BURN = "4 Lightning Bolt\n56 Mountain\n\nSideboard\n2 Smash to Smithereens\n"
LEGAL_ISLANDS = "4 Opt\n56 Island\n"  # legal in every constructed format (Opt is a Modern card, Brainstorm is not)
SHORT = "4 Lightning Bolt\n20 Mountain\n"
DATE = "2024-06-01"


def run_json(cli, *args: str):
    done = cli("batch", *args, "-o", "json", "--date", DATE)
    assert "Traceback" not in done.stderr
    return done, (json.loads(done.stdout) if done.stdout.strip().startswith("{") else None)


def by_deck(report) -> dict[str, dict]:
    return {result["deck"]: result for result in report["results"]}


# ------------------------------------------------------------------ folders


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_many_decks_of_another_game_are_one_note_naming_the_first_of_them(cli, tmp_path, jobs):
    """A Yu-Gi-Oh! list in a Magic event got no word of its game in a batch (validate and
    check give one); an event of many is one note per game, its decks named up to
    MAX_HOLDERS_LISTED, whatever --jobs is (a deck checked in a worker comes back without
    its lines: the note reads the result)."""
    ygo = 'Main\n3 Maxx "C"\n3 Ash Blossom & Joyous Spring\n34 Kuriboh\n'
    write(tmp_path, {**{f"event/p{number:02}.txt": ygo + "1 Kuriboh\n" * (number % 3) for number in range(23)},
                     "event/zz.txt": LEGAL_ISLANDS})
    done = cli("batch", "event", "-f", "mtg/modern", "--date", DATE, "-q", "--jobs", jobs, cwd=tmp_path)
    assert done.returncode == 1
    named = ", ".join(f"p{number:02}.txt" for number in range(20))
    assert done.stderr.splitlines()[0] == (
        f"deckcheck: note: {named} and 3 more decks: their card names are not Magic cards but Yu-Gi-Oh! cards: "
        "give each a Yu-Gi-Oh! format (-f FORMAT in a separate batch, or a `format` column in a manifest)"
    )


def test_a_zip_among_a_folders_decks_is_skipped_saying_how_to_check_it(cli, tmp_path):
    """Registrations sent as a zip and saved among the decks were skipped as "not a
    decklist (.zip extension)": nothing said they were not checked, nor how to check them."""
    write(tmp_path, {"event/ann.txt": LEGAL_ISLANDS})
    with zipfile.ZipFile(tmp_path / "event" / "late entries.zip", "w") as archive:
        archive.writestr("bob.txt", LEGAL_ISLANDS)
        archive.writestr("inner.zip", b"PK\x05\x06" + bytes(18))
    done, report = run_json(cli, str(tmp_path / "event"), "-f", "mtg/modern")
    assert done.returncode == 0, done.stderr
    command = shlex.quote(f"{tmp_path}/event/late entries.zip")
    assert [(item["file"], item["reason"]) for item in report["skipped"]] == [(
        "late entries.zip",
        f"a zip archive, not opened: a folder is checked file by file; to check what it holds, run `deckcheck batch {command}`",
    )]
    done, report = run_json(cli, str(tmp_path / "event" / "late entries.zip"), "-f", "mtg/modern")
    assert [(item["file"], item["reason"]) for item in report["skipped"]] == [
        ("inner.zip", "a zip archive inside the archive, not opened: give it as a source of its own")]


def test_a_batch_report_zipped_beside_the_manifest_is_no_second_manifest(cli, tmp_path):
    """An event folder zipped with the CSV report of an earlier run in it stopped with
    "several manifests at the top of the archive (registrations.csv, report.csv)"."""
    write(tmp_path, {"ann.txt": LEGAL_ISLANDS, "registrations.csv": "player,deck\nann,ann.txt\n"})
    done = cli("batch", "registrations.csv", "-f", "mtg/modern", "-o", "csv", "--report", "report.csv", "-q", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    with zipfile.ZipFile(tmp_path / "event.zip", "w") as archive:
        for name in ("ann.txt", "registrations.csv", "report.csv"):
            archive.write(tmp_path / name, name)
    done, report = run_json(cli, str(tmp_path / "event.zip"), "-f", "mtg/modern")
    assert done.returncode == 0, done.stderr
    assert [(result["player"], result["legal"]) for result in report["results"]] == [("ann", True)]


def test_a_workbook_in_a_zip_is_skipped_saying_to_save_it_as_csv_at_the_top(cli, tmp_path):
    """An event zipped with its registrations as .xlsx was walked as a folder of decks with
    no players, the workbook skipped as "not a decklist (.xlsx extension)"."""
    with zipfile.ZipFile(tmp_path / "event.zip", "w") as archive:
        archive.writestr("registrations.xlsx", b"PK\x03\x04 a workbook")
        archive.writestr("decks/ann.txt", LEGAL_ISLANDS)
    done, report = run_json(cli, str(tmp_path / "event.zip"), "-f", "mtg/modern")
    assert done.returncode == 0, done.stderr
    assert [(item["file"], item["reason"]) for item in report["skipped"]] == [(
        "registrations.xlsx",
        "a spreadsheet workbook, not read: to have its registrations read, save them as CSV at the top of the archive",
    )]


def test_folder_walk_checks_every_decklist_and_lists_skipped_files(cli, tmp_path):
    write(tmp_path, {
        "b/burn.txt": LEGAL_BURN,
        "a/short.dec": SHORT,
        "c/islands.deck": LEGAL_ISLANDS,
        "islands": LEGAL_ISLANDS,  # no extension: no parser claims it
        "notes.pdf": "not a deck",
        ".DS_Store": "junk",
        ".git/config": "[core]",
    })
    done, report = run_json(cli, str(tmp_path), "-f", "mtg/modern")
    assert done.returncode == 1
    assert [r["deck"] for r in report["results"]] == ["a/short.dec", "b/burn.txt", "c/islands.deck"]
    assert [r["legal"] for r in report["results"]] == [False, True, True]
    assert all(r["player"] is None and r["team"] is None for r in report["results"])
    assert report["teams"] == []
    assert report["skipped"] == [
        {"file": ".DS_Store", "reason": "hidden file", "unchecked": False},
        {"file": ".git/", "reason": "hidden folder", "unchecked": False},
        {"file": "islands", "reason": "not a decklist (no extension)", "unchecked": False},
        {"file": "notes.pdf", "reason": "not a decklist (.pdf extension)", "unchecked": False},
    ]
    short = by_deck(report)["a/short.dec"]
    assert short["problems"] == [{
        "rule": "deck-size", "severity": "error", "zone": "main", "count": 24, "limit": 60,
        "message": "main deck has 24 cards; at least 60 required",
    }]


def test_all_legal_folder_exits_0_and_prints_the_table(cli, tmp_path):
    write(tmp_path, {"ann.txt": LEGAL_BURN, "bob.txt": LEGAL_ISLANDS})
    done = cli("batch", str(tmp_path), "-f", "mtg/modern", "--date", DATE)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split() == ["PLAYER", "TEAM", "DECK", "VERDICT", "PROBLEMS"]
    assert lines[1].split() == ["-", "-", "ann.txt", "LEGAL", "0"]
    assert lines[2].split() == ["-", "-", "bob.txt", "LEGAL", "0"]
    assert lines[-1] == "2 decks: 2 legal, 0 illegal"
    # No progress bar when stderr is not a terminal, and no note: the built-in card data
    # checked names and Modern's card pool.
    assert done.stderr == ""


def test_the_table_keeps_its_columns_for_names_holding_tabs_line_breaks_and_escapes(cli, tmp_path):
    """The text table's rows wait in a spool as tab-separated cells: a player or team name
    holding a tab, a line break or an escape is shown inert (its control pictures), and
    every row keeps its five columns where the header put them."""
    rows = [["player", "team", "deck"], ["ann\tbee", "red\nteam", "ann.txt"], ["\x1b[31mcat", "", "bob.txt"]]
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    write(tmp_path, {"ann.txt": LEGAL_BURN, "bob.txt": LEGAL_ISLANDS, "reg.csv": out.getvalue()})
    done = cli("batch", str(tmp_path / "reg.csv"), "-f", "mtg/modern", "--date", DATE)
    assert done.returncode == 0, done.stdout + done.stderr
    header, first, second = done.stdout.splitlines()[:3]
    assert first.split() == ["ann\u2409bee", "red\u240ateam", "ann.txt", "LEGAL", "0"]
    assert second.split() == ["\u241b[31mcat", "-", "bob.txt", "LEGAL", "0"]
    for column in ("TEAM", "DECK", "VERDICT"):
        at = header.index(column)
        assert first[at - 1] == " " and second[at - 1] == " " and first[at] != " " and second[at] != " "


def test_broken_files_are_reported_exactly_once_and_do_not_hide_the_others(cli, tmp_path):
    write(tmp_path, {
        "good.txt": LEGAL_BURN,
        "garbage.txt": "this is not\na decklist at all\n",
        "bad.dek": "<?xml version='1.0'?><Deck><Cards Quantity='x'",
        "huge.txt": b"4 Island\n" * (600 * 1024),  # over the 4 MiB limit of a decklist
        "utf16.txt": "4 Lightning Bolt\n56 Mountain\n".encode("utf-16"),
    })
    done, report = run_json(cli, str(tmp_path), "-f", "mtg/modern")
    assert done.returncode == 1
    decks = [r["deck"] for r in report["results"]]
    assert sorted(decks) == ["bad.dek", "garbage.txt", "good.txt", "huge.txt", "utf16.txt"]
    assert len(decks) == len(set(decks))
    results = by_deck(report)
    assert results["good.txt"]["legal"] and results["utf16.txt"]["legal"]
    for name in ("garbage.txt", "bad.dek", "huge.txt"):
        assert not results[name]["legal"]
        assert results[name]["problems"][0]["rule"] == "parse-error"
    assert results["huge.txt"]["problems"][0]["message"].startswith("huge.txt: ")


# ------------------------------------------------------------------ manifests with teams


def team_set(root: Path) -> Path:
    """A CSV registration set: team T1 breaks unified construction, T2 is legal, T3 has a
    missing deck; one row names an unknown format and one player registers twice."""
    write(root, {
        "decks/ann.txt": "4 Brainstorm\n56 Island\n",
        "decks/bob.txt": "1 Brainstorm\n59 Island\n",
        "decks/cy.txt": "60 Island\n",
        "decks/dee.txt": LEGAL_BURN,
        "decks/eve.txt": LEGAL_ISLANDS,
        "decks/fay.txt": LEGAL_BURN,
        "decks/gus.txt": LEGAL_BURN,
        "decks/hal.txt": LEGAL_BURN,
        "registrations.csv": (
            "Player,Deck,Team,Seat,Format,Pool\n"
            "ann,decks/ann.txt,T1,A,,\n"
            "bob,decks/bob.txt,T1,B,,\n"
            "cy,decks/cy.txt,T1,C,,\n"
            "dee,decks/dee.txt,T2,A,,\n"
            "eve,decks/eve.txt,T2,B,,\n"
            "fay,decks/missing.txt,T3,A,,\n"
            "gus,decks/gus.txt,T3,B,,\n"
            "hal,decks/hal.txt,,,mtg/nonsense,\n"
            "Ann,decks/eve.txt,T2,C,,\n"
        ),
    })
    return root / "registrations.csv"


def test_a_format_cell_in_capitals_names_the_id_it_spells(cli, tmp_path):
    """Ids are lower case and stay so (a row is not silently read as another spelling);
    a spreadsheet's `MTG/Legacy` is told the one id it spells, first and alone."""
    write(tmp_path, {"burn.txt": LEGAL_BURN, "reg.csv": "player,deck,format\nann,burn.txt,MTG/Legacy\n"})
    done, report = run_json(cli, str(tmp_path / "reg.csv"), "--date", "2024-06-01")
    assert done.returncode == 1
    assert report["results"][0]["problems"][0]["message"] == (
        "manifest line 2: format 'MTG/Legacy': unknown format 'MTG/Legacy'; format ids are lower case: "
        "did you mean mtg/legacy?"
    )


@pytest.mark.parametrize("name, text, warnings", [
    ("reg.csv", "player,deck,Date,email\nann,burn.txt,2019-01-01,a@b.c\n",
     ["reg.csv: column 'date' is not read; the event's day is one for the whole batch: give it with --date"]),
    ("reg.tsv", "player\tdeck\tevent\nann\tburn.txt\tSpring Open\n",
     ["reg.tsv: column 'event' is not read; the event's name goes on the sheets with --event"]),
    ("reg.yaml", "date: 2019-01-01\nformat: mtg/legacy\nregistrations:\n  - {player: ann, deck: burn.txt, date: 2019-01-01}\n",
     ["reg.yaml: key 'date' is not read (a manifest's only top-level key is `registrations`); "
      "the event's day is one for the whole batch: give it with --date",
      "reg.yaml: key 'format' is not read (a manifest's only top-level key is `registrations`); "
      "every row is checked against -f FORMAT, or against the format in its own `format` key",
      "reg.yaml: column 'date' is not read; the event's day is one for the whole batch: give it with --date"]),
    ("reg.csv", "player,deck,email,timestamp\nann,burn.txt,a@b.c,2019-01-01\n", []),
    # A column deckcheck reads, renamed as a sign-up sheet words it: `Team Name` left every
    # team of a TUC event unchecked, and the run passed without a word.
    ("reg.csv", "Player,Deck,Team Name,Seat letter,Player ID,Team captain\nann,burn.txt,,,,\n",
     ["reg.csv: column 'team name' is not read; rename it 'team' to read each row's team",
      "reg.csv: column 'seat letter' is not read; rename it 'seat' to read each row's seat",
      "reg.csv: column 'player id' is not read; rename it 'id' to read each row's player ID"]),
    ("reg.yaml", "registrations:\n  - {player: ann, deck: burn.txt, teams: '', pool_file: ''}\n",
     ["reg.yaml: column 'pool_file' is not read; rename it 'pool' to read each row's registered pool",
      "reg.yaml: column 'teams' is not read; rename it 'team' to read each row's team"]),
    ("reg.csv", "player,deck,team,Team Name,DCI\nann,burn.txt,,,\n",
     ["reg.csv: column 'dci' is not read; rename it 'id' to read each row's player ID"]),
    ("reg.csv", "player,deck,Team Number\nann,burn.txt,\n",
     ["reg.csv: column 'team number' is not read; rename it 'team' to read each row's team"]),
    # The same settings as a German, Spanish or Japanese sheet names them (`Datum` holding
    # 31.08.2026 was ignored without a word, the decks checked as of today).
    ("reg.csv", "player;deck;Datum;Turnier\nann;burn.txt;31.08.2026;Frühjahrs-Open\n",
     ["reg.csv: column 'datum' is not read; the event's day is one for the whole batch: give it with --date",
      "reg.csv: column 'turnier' is not read; the event's name goes on the sheets with --event"]),
    ("reg.csv", "player,deck,Fecha,日付\nann,burn.txt,31/08/2026,2026年8月31日\n",
     ["reg.csv: column 'fecha' is not read; the event's day is one for the whole batch: give it with --date",
      "reg.csv: column '日付' is not read; the event's day is one for the whole batch: give it with --date"]),
    # An organiser marks a player who dropped in a column of their own: every row was still
    # checked, counted and given its sheet, without a word.
    ("reg.csv", "player,deck,Dropped\nann,burn.txt,yes\n",
     ["reg.csv: column 'dropped' is not read; every row is checked and counted (and given its sheet by "
      "--sheets): delete the row of a player who dropped"]),
    ("reg.csv", "player,deck,Drop?,withdrawn\nann,burn.txt,,\n",
     ["reg.csv: column 'drop?' is not read; every row is checked and counted (and given its sheet by "
      "--sheets): delete the row of a player who dropped",
      "reg.csv: column 'withdrawn' is not read; every row is checked and counted (and given its sheet by "
      "--sheets): delete the row of a player who dropped"]),
    # The column as sign-up sheets word it with its answers or its sense (`Dropped (Y/N)`,
    # `Dropped out`): only `Dropped` alone was told.
    ("reg.csv", "player,deck,Dropped (Y/N),Dropped out\nann,burn.txt,N,\n",
     ["reg.csv: column 'dropped (y/n)' is not read; every row is checked and counted (and given its sheet by "
      "--sheets): delete the row of a player who dropped",
      "reg.csv: column 'dropped out' is not read; every row is checked and counted (and given its sheet by "
      "--sheets): delete the row of a player who dropped"]),
    ("reg.csv", "player,deck,Drop-off point,status\nann,burn.txt,,paid\n", []),
])
def test_a_manifest_setting_of_the_whole_event_is_not_passed_over_silently(cli, tmp_path, name, text, warnings):
    """A `date` column (or a YAML manifest's top-level `date:`) was ignored without a word,
    and the decks were checked as of the --date given (today by default); a sign-up sheet's
    other columns (e-mail, a timestamp) are still ignored quietly."""
    write(tmp_path, {"burn.txt": LEGAL_BURN, name: text})
    done, report = run_json(cli, str(tmp_path / name), "-f", "mtg/modern")
    assert done.returncode == 0, done.stderr
    assert report["results"][0]["legal"]
    said = [line.removeprefix("deckcheck: warning: ").replace(str(tmp_path) + os.sep, "")
            for line in done.stderr.splitlines() if line.startswith("deckcheck: warning: ")]
    assert said == warnings


def test_csv_manifest_with_teams_exact_json(cli, tmp_path):
    done, report = run_json(cli, str(team_set(tmp_path)), "-f", "mtg/legacy")
    assert done.returncode == 1
    results = report["results"]
    assert [(r["player"], r["team"], r["deck"], r["legal"]) for r in results] == [
        ("ann", "T1", "decks/ann.txt", True),
        ("bob", "T1", "decks/bob.txt", True),
        ("cy", "T1", "decks/cy.txt", True),
        ("dee", "T2", "decks/dee.txt", True),
        ("eve", "T2", "decks/eve.txt", True),
        ("fay", "T3", "decks/missing.txt", False),
        ("gus", "T3", "decks/gus.txt", True),
        ("hal", None, "decks/hal.txt", False),
        ("Ann", "T2", "decks/eve.txt", False),
    ]
    assert results[0]["seat"] == "A" and results[0]["manifest_line"] == 2
    assert results[5]["problems"] == [
        {"rule": "parse-error", "severity": "error", "message": "decks/missing.txt: no such file"},
    ]
    assert [p["rule"] for p in results[7]["problems"]] == ["registration"]
    assert results[7]["format"] == "mtg/nonsense"
    assert results[7]["problems"][0]["message"].startswith("manifest line 9: format 'mtg/nonsense': unknown format")
    assert results[7]["problems"][0]["manifest_line"] == 9
    # Ann registered eve's deck file: a warning on both rows, naming the other player.
    shared = "each player registers a deck of their own (a row copied by mistake?)"
    assert results[8]["problems"] == [{
        "rule": "registration", "severity": "error", "manifest_line": 10,
        "message": "manifest line 10: player 'Ann' is on team T2 here and on team T1 on manifest line 2; "
                   "a player plays for one team",
    }, {
        "rule": "registration", "severity": "warning", "manifest_line": 10,
        "message": f"manifest line 10: deck file decks/eve.txt is also registered by eve (manifest line 6); {shared}",
    }]
    assert results[4]["problems"] == [{
        "rule": "registration", "severity": "warning", "manifest_line": 6,
        "message": f"manifest line 6: deck file decks/eve.txt is also registered by Ann (manifest line 10); {shared}",
    }]
    teams = {team["team"]: team for team in report["teams"]}
    assert list(teams) == ["T1", "T2", "T3"]
    assert teams["T1"] == {
        "team": "T1", "format": "mtg/legacy", "legal": False, "players": ["ann", "bob", "cy"],
        "problems": [{
            "rule": "team-copy-limit", "severity": "error", "card": "Brainstorm", "count": 5, "limit": 4,
            "message": "5 copies of Brainstorm across team T1 (ann 4, bob 1); at most 4 per team",
            "holders": {"ann": 4, "bob": 1},
        }],
    }
    assert [p["rule"] for p in teams["T2"]["problems"]] == ["team-registration", "team-copy-limit"]
    assert teams["T2"]["problems"][1]["holders"] == {"eve": 4, "Ann": 4}  # Ann registered eve's deck too
    assert "Ann is also registered for team T1 (manifest line 2)" in teams["T2"]["problems"][0]["message"]
    assert teams["T3"]["legal"] is False
    assert teams["T3"]["problems"][0]["rule"] == "team-registration"
    assert "fay's deck decks/missing.txt could not be read" in teams["T3"]["problems"][0]["message"]


def test_no_unified_turns_team_rules_off(cli, tmp_path):
    done, report = run_json(cli, str(team_set(tmp_path)), "-f", "mtg/legacy", "--no-unified")
    teams = {team["team"]: team for team in report["teams"]}
    assert teams["T1"]["legal"] is True and teams["T1"]["problems"] == []
    assert done.returncode == 1  # the broken rows are still illegal


def test_yaml_manifest_and_row_level_problems(cli, tmp_path):
    write(tmp_path, {
        "ann.txt": LEGAL_BURN,
        "bob.txt": LEGAL_BURN,
        "event.yaml": (
            "registrations:\n"
            "  - {player: ann, deck: ann.txt, team: Red, seat: a}\n"
            "  - {player: bob, deck: bob.txt, team: Red, seat: B}\n"
            "  - {player: cy, team: Blue, seat: Z}\n"
            "  - {deck: bob.txt}\n"
            "  - {player: dee, deck: ann.txt, seat: 5, format: mtg/2hg-modern}\n"
            "  - just a string\n"
        ),
    })
    done, report = run_json(cli, str(tmp_path / "event.yaml"), "-f", "mtg/modern")
    assert done.returncode == 1
    results = report["results"]
    assert [r["legal"] for r in results] == [True, True, False, False, False, False]
    assert results[0]["seat"] == "A" and results[0]["manifest_line"] == 2
    assert sorted(p["message"] for p in results[2]["problems"]) == [
        "manifest line 4: no deck file named", "manifest line 4: seat 'Z' is not one of A, B, C"]
    assert [p["message"] for p in results[3]["problems"]] == ["manifest line 5: no player name"]
    # A seat on a row of no team (a draft pod's `5`) checks nothing: no team's seat (lim32).
    assert not any("seat" in p["message"] for p in results[4]["problems"])
    # A 2HG deck registered without a team: a warning, the deck itself is checked.
    assert results[4]["problems"][0]["severity"] == "warning"
    assert results[4]["format"] == "mtg/2hg-modern"
    # dee also registered ann's deck file: a warning on both rows.
    assert [p["rule"] for p in results[4]["problems"]] == ["registration", "registration", "sideboard-size"]
    assert results[4]["problems"][1]["message"].startswith("manifest line 6: deck file ann.txt is also registered by ann (manifest line 2)")
    assert [(p["severity"], p["message"].split("; ")[0]) for p in results[0]["problems"]] == [
        ("warning", "manifest line 2: deck file ann.txt is also registered by dee (manifest line 6)"),
    ]
    assert results[5]["problems"][0]["message"].startswith("manifest line 7: expected a mapping")
    teams = {team["team"]: team for team in report["teams"]}
    assert teams["Red"]["legal"] is False  # 8 Lightning Bolt between ann and bob
    assert teams["Red"]["problems"][0]["holders"] == {"ann": 4, "bob": 4}
    assert teams["Blue"]["problems"][0]["rule"] == "team-registration"


@pytest.mark.parametrize(
    "content, missing",
    [("player,team\nann,T1\n", "'deck'"), ("deck\nann.txt\n", "'player'"), ("- {name: x}\n", "'player', 'deck'")],
)
def test_manifest_without_required_columns_is_an_error_naming_line_1(cli, tmp_path, content, missing):
    manifest = tmp_path / ("reg.yaml" if content.startswith("-") else "reg.csv")
    manifest.write_text(content, encoding="utf-8")
    done = cli("batch", str(manifest), "-f", "mtg/modern")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith(f"deckcheck: error: {manifest} line 1: missing required column")
    assert missing in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("content, line, spellings", [
    ("player,deck,Player\nann,decks/a.txt,bob\n", 1, "'player' and 'Player'"),
    ("Deck;player;DECK\ndecks/a.txt;ann;decks/b.txt\n", 1, "'Deck' and 'DECK'"),
    ("- {player: ann, deck: decks/a.txt}\n- {player: ann, deck: decks/a.txt, Player: bob}\n", 2, "'player' and 'Player'"),
])
def test_a_column_given_twice_is_an_error_naming_it_and_its_line(cli, tmp_path, content, line, spellings):
    manifest = tmp_path / ("reg.yaml" if content.startswith("-") else "reg.csv")
    manifest.write_text(content, encoding="utf-8")
    done = cli("batch", str(manifest), "-f", "mtg/modern")
    assert done.returncode == 2
    assert done.stdout == ""
    column = spellings.split()[0].lower()
    assert done.stderr.splitlines() == [
        f"deckcheck: error: {manifest} line {line}: column {column} is given twice ({spellings}; column names "
        "are case-insensitive); keep one"
    ]


@pytest.mark.parametrize("content, said", [
    ("player,deck,player\nann,decks/a.txt,bob\n", "column 'player' is given twice, as columns 1 and 3 (A and C in a spreadsheet); keep one"),
    ("team;deck;player;notes;Deck\n", "column 'deck' is given twice ('deck' and 'Deck'; column names are case-insensitive); keep one"),
    ("deck\tplayer\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\tdeck\n",
     "column 'deck' is given twice, as columns 1 and 29 (A and AC in a spreadsheet); keep one"),
])
def test_a_column_given_twice_in_the_same_spelling_says_which_columns(cli, tmp_path, content, said):
    # `player,deck,player` said "('player' and 'player'; column names are case-insensitive)":
    # nothing to tell the two apart, and a reason that does not apply. The columns' places
    # do tell them apart.
    manifest = tmp_path / "reg.csv"
    manifest.write_text(content, encoding="utf-8")
    done = cli("batch", str(manifest), "-f", "mtg/modern")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [f"deckcheck: error: {manifest} line 1: {said}"]


def test_semicolon_csv_from_a_spreadsheet_with_bom(cli, tmp_path):
    write(tmp_path, {"ann.txt": LEGAL_BURN})
    (tmp_path / "reg.csv").write_bytes("\ufeffplayer;deck;team\r\nann;ann.txt;\r\n".encode("utf-8"))
    done, report = run_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/modern")
    assert done.returncode == 0, done.stdout
    assert [(r["player"], r["deck"]) for r in report["results"]] == [("ann", "ann.txt")]


def test_a_row_with_more_cells_than_the_header_is_a_problem_of_its_row(cli, tmp_path):
    # `Smith, John` unquoted: every cell after it moved one column right, and the row was
    # read so, silently: player `Smith`, deck ` John` (`no such file`), team `smith.txt`, a
    # team of its own. Empty cells past the header (a spreadsheet's trailing commas) are no mistake.
    write(tmp_path, {"smith.txt": LEGAL_BURN, "ann.txt": LEGAL_BURN})
    (tmp_path / "reg.csv").write_text("player,deck,team\nSmith, John,smith.txt,T1\nann,ann.txt,T1,,\n", encoding="utf-8")
    done, report = run_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/modern")
    assert done.returncode == 1, done.stdout + done.stderr
    results = report["results"]
    assert [(r["player"], r["team"], r["deck"], r["legal"]) for r in results] == [
        (None, None, "", False), ("ann", "T1", "ann.txt", True),
    ]
    assert [p["message"] for p in results[0]["problems"]] == [
        "manifest line 2: 4 cells, but the header names 3 columns; quote a cell that holds ',' (\"Smith, John\"),"
        " or name the extra column in the header"
    ]
    assert [team["team"] for team in report["teams"]] == ["T1"]


def test_nul_bytes_in_a_manifest_are_a_problem_of_their_row_and_the_rest_is_checked(cli, tmp_path):
    write(tmp_path, {"ann.txt": LEGAL_BURN, "bob.txt": LEGAL_BURN, "cy.txt": SHORT})
    # A NUL in a cell, a row whose quoted cell runs over a line with a NUL, and the NUL
    # padding a crash leaves at the end of a file (no row at all).
    (tmp_path / "reg.csv").write_bytes(
        b"player,deck,team\nann,ann.txt,\nb\x00ob,bob.txt,\ncy,cy.txt,\"Red\x00\nSky\"\n" + b"\x00" * 512
    )
    done, report = run_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/modern")
    assert done.returncode == 1
    results = report["results"]
    assert [(r["player"], r["team"], r["legal"]) for r in results] == [
        ("ann", None, True), ("bob", None, False), ("cy", "Red\nSky", False),
    ]
    assert [p["message"] for p in results[1]["problems"]] == [
        "manifest line 3: held NUL bytes, which were left out (is the manifest damaged?); check this row and save it again"
    ]
    assert [p["rule"] for p in results[2]["problems"]] == ["registration", "deck-size"]
    assert results[2]["problems"][0]["message"].startswith("manifest line 4: held NUL bytes, which were left out")


def test_a_cell_over_the_cell_limit_is_a_problem_of_its_row_and_the_rest_is_checked(cli, tmp_path):
    # Python's csv stopped the whole batch (exit 2) at a cell over its field limit.
    from deckcheck.limits import MAX_MANIFEST_CELL_CHARS

    write(tmp_path, {"ann.txt": LEGAL_BURN, "bob.txt": LEGAL_BURN, "cy.txt": LEGAL_BURN, "di.txt": LEGAL_BURN})
    huge = "x" * (MAX_MANIFEST_CELL_CHARS + 1)
    (tmp_path / "reg.csv").write_text(
        f"player,deck,team,notes\nann,ann.txt,,\nbob,bob.txt,\"{huge}\n{huge}\",\ncy,cy.txt,,\"{huge}\"\n"
        f"{huge},di.txt,,\n",
        encoding="utf-8",
    )
    done, report = run_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/modern")
    assert done.returncode == 1, done.stderr
    results = report["results"]
    # A cell of a column deckcheck ignores (`notes`) does not matter, however long.
    assert [(r["player"], r["team"], r["legal"]) for r in results] == [
        ("ann", None, True), ("bob", None, False), ("cy", None, True), (None, None, False),
    ]
    too_long = f"more than a manifest cell may hold ({MAX_MANIFEST_CELL_CHARS:,}); shorten it"
    assert [p["message"] for p in results[1]["problems"]] == [
        f"manifest line 3: column 'team': {2 * len(huge) + 1:,} characters, {too_long}"]
    assert [p["message"] for p in results[3]["problems"]] == [
        f"manifest line 6: column 'player': {len(huge):,} characters, {too_long}"]


@pytest.mark.parametrize("header, where", [
    (b"play\x00er,deck\n", "line 1: the header"),
    (b"player,deck\x00\n", "line 1: the header"),
    (b"\n\"player\",\"de\x00\nck\"\n", "line 2: the header"),  # a quoted name running over two lines: named by its first
])
def test_nul_bytes_in_a_csv_header_stop_the_batch_naming_its_line(cli, tmp_path, header, where):
    # They were left out without a word; every row is read through the header's column
    # names, so a damaged header is an unreadable manifest (exit 2), as a missing column is.
    write(tmp_path, {"ann.txt": LEGAL_BURN})
    (tmp_path / "reg.csv").write_bytes(header + b"ann,ann.txt\n")
    done, report = run_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/modern")
    assert done.returncode == 2 and report is None
    assert done.stderr.strip() == (
        f"deckcheck: error: {tmp_path / 'reg.csv'} {where} holds NUL bytes (is the manifest damaged?), "
        "so its columns cannot be told; check its column names and save the manifest again"
    )


def test_nul_bytes_only_on_blank_lines_above_a_csv_header_mean_nothing(cli, tmp_path):
    write(tmp_path, {"ann.txt": LEGAL_BURN})
    (tmp_path / "reg.csv").write_bytes(b"\x00\x00\nplayer,deck\nann,ann.txt\n")
    done, report = run_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/modern")
    assert done.returncode == 0, done.stdout + done.stderr
    assert report["results"][0]["problems"] == []


def test_a_yaml_manifest_with_a_nul_byte_names_its_row(cli, tmp_path):
    write(tmp_path, {"ann.txt": LEGAL_BURN})
    (tmp_path / "reg.yaml").write_bytes(b"- player: ann\n  deck: ann.txt\n- player: b\x00ob\n  deck: ann.txt\n")
    done, report = run_json(cli, str(tmp_path / "reg.yaml"), "-f", "mtg/modern")
    assert done.returncode == 1
    assert [(r["player"], r["legal"]) for r in report["results"]] == [("ann", True), ("bob", False)]
    assert report["results"][1]["problems"][0]["message"].startswith("manifest line 3: held NUL bytes, which were left out")


def test_a_manifest_mixing_utf_8_and_windows_1252_reads_every_name_and_says_which_line(cli, tmp_path):
    write(tmp_path, {"ann.txt": LEGAL_BURN, "zoe.txt": LEGAL_BURN, "mountains.txt": "60 Mountain\n"})
    utf8 = "player,deck,team\nJosé,ann.txt,Café\nZoë,zoe.txt,\n".encode("utf-8")
    (tmp_path / "reg.csv").write_bytes(utf8 + "Renée,mountains.txt,Café\n".encode("cp1252"))
    done, report = run_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/modern")
    assert done.returncode == 0, done.stdout
    results = report["results"]
    assert [(r["player"], r["team"]) for r in results] == [("José", "Café"), ("Zoë", None), ("Renée", "Café")]
    assert [r["problems"] for r in results[:2]] == [[], []]
    (warning,) = results[2]["problems"]
    assert (warning["rule"], warning["severity"], warning["manifest_line"]) == ("registration", "warning", 4)
    assert warning["message"] == (
        "manifest line 4: written in Windows-1252, the rest of the manifest in UTF-8: read in its own encoding; "
        "check its names, and save the manifest as UTF-8"
    )
    assert report["teams"][0]["players"] == ["José", "Renée"]  # one team, not Café and CafÃ©


@pytest.mark.parametrize("data, names", [
    ("player,deck\nJosé,ann.txt\nZoë,zoe.txt\n".encode("utf-8"), ["José", "Zoë"]),
    ("player,deck\nJosé,ann.txt\nZoë,zoe.txt\n".encode("cp1252"), ["José", "Zoë"]),
    (codecs.BOM_UTF8 + "player;deck\nJosé;ann.txt\n".encode("utf-8"), ["José"]),
    # Excel on Japanese Windows saves CSV as Shift-JIS: read as Windows-1252 these were 'ŽR“c‘¾˜Y'.
    ("player,deck\n山田太郎,ann.txt\nさくら,zoe.txt\n".encode("cp932"), ["山田太郎", "さくら"]),
    # Names of two kanji apart, as a Japanese keyboard spaces them (U+3000): neither kana nor
    # three kanji in a row, but the space's lead byte is one Windows-1252 leaves undefined.
    ("player,deck\n山田\u3000太郎,ann.txt\n佐藤\u3000花子,zoe.txt\n".encode("cp932"), ["山田\u3000太郎", "佐藤\u3000花子"]),
])
def test_a_manifest_in_one_encoding_has_no_encoding_warning(cli, tmp_path, data, names):
    write(tmp_path, {"ann.txt": LEGAL_BURN, "zoe.txt": LEGAL_BURN})
    (tmp_path / "reg.csv").write_bytes(data)
    done, report = run_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/modern")
    assert done.returncode == 0, done.stdout
    assert [(r["player"], r["problems"]) for r in report["results"]] == [(name, []) for name in names]


def test_a_windows_1252_row_under_a_utf_8_bom_is_read_with_a_warning(cli, tmp_path):
    """A BOM says UTF-8; a row Excel later saved as Windows-1252 made the whole manifest
    unreadable (exit 2). It is read, each line in its own encoding, and named."""
    write(tmp_path, {"ann.txt": LEGAL_BURN, "renee.txt": LEGAL_BURN})
    data = codecs.BOM_UTF8 + b"player,deck\nann,ann.txt\n" + "Renée,renee.txt\n".encode("cp1252")
    (tmp_path / "reg.csv").write_bytes(data)
    done, report = run_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/modern")
    assert done.returncode == 0, done.stderr
    assert [r["player"] for r in report["results"]] == ["ann", "Renée"]
    assert report["results"][1]["problems"][0]["message"].startswith("manifest line 3: written in Windows-1252, the rest")


@pytest.mark.skipif(os.name != "posix", reason="Windows opens a path with a drive letter")
def test_a_drive_letter_cannot_be_opened_here_even_with_allow_outside_paths(cli, tmp_path):
    write(tmp_path, {"decks/ann.txt": LEGAL_BURN, "reg.csv": "player,deck\nann,C:\\decks\\ann.txt\n"})
    done, report = run_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/modern", "--allow-outside-paths")
    assert done.returncode == 1
    assert [problem["message"] for problem in report["results"][0]["problems"]] == [
        "manifest line 2: deck path 'C:/decks/ann.txt': a Windows path from drive C:, which this system cannot open; "
        "name it relative to the manifest: 'decks/ann.txt'"
    ]


def test_a_row_whose_own_format_is_refused_is_not_checked_against_the_default_one(cli, tmp_path):
    """The row registered another format: checked against -f instead, it got -f's problems
    (Black Lotus banned in Modern) and -f's name as its format; without -f, no name at all."""
    write(tmp_path, {"ann.txt": "4 Black Lotus\n56 Island\n",
                     "reg.csv": "player,deck,format\nann,ann.txt,C:\\formats\\cube.yaml\n"})
    for default in (["-f", "mtg/modern"], []):
        done, report = run_json(cli, str(tmp_path / "reg.csv"), *default)
        assert done.returncode == 1, done.stderr
        (result,) = report["results"]
        assert result["format"] == "C:\\formats\\cube.yaml"  # as the row wrote it
        assert [problem["rule"] for problem in result["problems"]] == ["registration"]
        assert "a Windows path from drive C:" in result["problems"][0]["message"]
        assert result["counts"] == {"main": 60, "sideboard": 0}  # the deck was read


def test_players_whose_names_differ_in_underscores_are_two_players(cli, tmp_path):
    """Card names read a run of underscores as one blank (Unfinity's `_____ Goblin`);
    players' handles do not: `john__doe` and `john_doe` are two people."""
    write(tmp_path, {"a.txt": LEGAL_BURN, "reg.csv": "player,deck\njohn__doe,a.txt\njohn_doe,a.txt\n"})
    done, report = run_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/modern")
    messages = [problem["message"] for result in report["results"] for problem in result["problems"]]
    assert not [message for message in messages if "already registered" in message], messages


# ------------------------------------------------------------------ zips


def make_zip(path: Path, files: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in files.items():
            archive.writestr(name, content)
    return path


def test_zip_of_a_manifest_inside_a_folder(cli, tmp_path):
    archive = make_zip(tmp_path / "event.zip", {
        "event/registrations.csv": "player,deck,team\nann,decks/ann.txt,T\nbob,decks/bob.txt,T\n",
        "event/decks/ann.txt": "3 Brainstorm\n57 Island\n",
        "event/decks/bob.txt": "3 Brainstorm\n57 Island\n",
        "event/format.yaml": "name: not a manifest\ngame: mtg\n",
    })
    done, report = run_json(cli, str(archive), "-f", "mtg/legacy")
    assert done.returncode == 1
    assert report["manifest"] == "event/registrations.csv"
    assert [(r["player"], r["deck"], r["legal"]) for r in report["results"]] == [
        ("ann", "decks/ann.txt", True), ("bob", "decks/bob.txt", True),
    ]
    (team,) = report["teams"]
    assert team["problems"][0]["holders"] == {"ann": 3, "bob": 3}


@pytest.mark.parametrize("where", ["reg.csv", "event/reg.csv"])
def test_a_csv_manifest_in_a_zip_with_a_comment_above_its_header_is_read_as_on_the_command_line(cli, tmp_path, where):
    # It was not recognised: the archive was walked as a folder, the manifest listed as
    # "not a decklist (.csv extension)", and its players' decks checked without them.
    manifest = "# Spring Open, registrations\nplayer,deck\nann,ann.txt\n"
    folder = where.rpartition("/")[0]
    archive = make_zip(tmp_path / "set.zip", {where: manifest, f"{folder}/ann.txt".lstrip("/"): LEGAL_BURN})
    (tmp_path / "reg.csv").write_text(manifest, encoding="utf-8")
    error = ("line 1: missing required columns 'player', 'deck' (columns found: # spring open, registrations); "
             "a manifest has no comment lines: its first line names the columns")
    for source, shown in ((archive, f"{archive}:{where}"), (tmp_path / "reg.csv", tmp_path / "reg.csv")):
        done, report = run_json(cli, str(source), "-f", "mtg/modern")
        assert done.returncode == 2 and report is None, done.stdout
        assert done.stderr.strip() == f"deckcheck: error: {shown} {error}"


def test_a_csv_in_a_zip_whose_lines_name_no_columns_is_no_manifest(cli, tmp_path):
    archive = make_zip(tmp_path / "set.zip", {"standings.csv": "# day 1\nrank,name\n1,ann\n", "ann.txt": LEGAL_BURN})
    done, report = run_json(cli, str(archive), "-f", "mtg/modern")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "manifest" not in report and [r["deck"] for r in report["results"]] == ["ann.txt"]
    assert report["skipped"] == [{"file": "standings.csv", "reason": "not a decklist (.csv extension)", "unchecked": False}]


def test_zip_slip_entries_are_never_written_and_the_rest_is_checked(cli, tmp_path):
    victim = tmp_path / "outside.txt"
    archive = make_zip(tmp_path / "set.zip", {
        "ok.txt": LEGAL_BURN,
        "../outside.txt": LEGAL_BURN,
        "/abs/evil.txt": LEGAL_BURN,
        "sub/../../outside.txt": LEGAL_BURN,
    })
    (tmp_path / "work").mkdir()
    done = cli("batch", str(archive), "-f", "mtg/modern", "-o", "json", "--date", DATE, cwd=tmp_path / "work")
    # An entry that was not extracted may be a registration that could not be checked: not a pass.
    assert done.returncode == 1, done.stdout + done.stderr
    report = json.loads(done.stdout)
    slipped = ["../outside.txt", "/abs/evil.txt", "sub/../../outside.txt"]
    # In the order of the source, folder paths sorted: the entries not extracted too.
    assert [r["deck"] for r in report["results"]] == ["../outside.txt", "/abs/evil.txt", "ok.txt", "sub/../../outside.txt"]
    assert [r["legal"] for r in report["results"]] == [False, False, True, False]
    assert [item["file"] for item in report["skipped"]] == slipped
    assert all("not extracted" in item["reason"] and item["unchecked"] for item in report["skipped"])
    assert not victim.exists()


@pytest.mark.skipif(os.name != "posix", reason="symbolic links and named pipes as POSIX makes them")
def test_rows_that_could_not_be_checked_sit_in_their_sorted_place(cli, tmp_path):
    regs = tmp_path / "regs"
    write(regs, {"a.txt": LEGAL_BURN, "weird.dec": SHORT, "z.txt": LEGAL_BURN})
    (tmp_path / "elsewhere").mkdir()
    os.symlink(tmp_path / "elsewhere", regs / "linkdir")
    os.mkfifo(regs / "pipe.txt")
    # A link out of the folder is named as a file whatever it leads to (docs/security.md).
    order = ["a.txt", "linkdir", "pipe.txt", "weird.dec", "z.txt"]
    done, report = run_json(cli, str(regs), "-f", "mtg/modern", "-q")
    assert done.returncode == 1
    assert [r["deck"] for r in report["results"]] == order
    assert [r["legal"] for r in report["results"]] == [True, False, False, False, True]
    text = cli("batch", str(regs), "-f", "mtg/modern", "-q", "--date", DATE)
    assert [line.split()[2] for line in text.stdout.splitlines()[1:6]] == order
    table = cli("batch", str(regs), "-f", "mtg/modern", "-q", "--date", DATE, "-o", "csv")
    decks = [row["deck"] for row in csv.DictReader(io.StringIO(table.stdout)) if row["scope"] == "deck"]
    assert decks == ["linkdir", "pipe.txt", "weird.dec"]


def test_manifest_in_a_zip_cannot_point_outside_the_archive(cli, tmp_path):
    (tmp_path / "secret.txt").write_text(LEGAL_BURN, encoding="utf-8")
    archive = make_zip(tmp_path / "set.zip", {"reg.csv": "player,deck\nann,../secret.txt\n"})
    done, report = run_json(cli, str(archive), "-f", "mtg/modern")
    assert done.returncode == 1
    (result,) = report["results"]
    assert result["problems"][0]["rule"] == "registration"
    assert "outside the archive" in result["problems"][0]["message"]


def test_a_format_file_in_a_zip_cannot_extend_one_outside_the_archive(cli, tmp_path):
    """Run from a folder that holds the temporary folder (here TMPDIR inside it, as when
    running from /tmp): an `extends:` chain was confined to the working folder, not the
    archive, and read a format file outside it."""
    (tmp_path / "outside.yaml").write_text("name: Outside\ngame: mtg\nextends: mtg/limited\n", encoding="utf-8")
    (tmp_path / "tmp").mkdir()
    archive = make_zip(tmp_path / "set.zip", {
        "reg.csv": "player,deck,format\nann,a.txt,f/x.yaml\n",
        "a.txt": "40 Island\n",
        "f/x.yaml": "name: X\ngame: mtg\nextends: ../../../outside.yaml\n",
    })
    done = cli("batch", str(archive), "-o", "json", cwd=tmp_path, env={"TMPDIR": str(tmp_path / "tmp")})
    assert done.returncode == 1, done.stdout + done.stderr
    (result,) = json.loads(done.stdout)["results"]
    assert result["problems"][0]["rule"] == "registration"
    assert "extends: '../../../outside.yaml': it points outside" in result["problems"][0]["message"]


def test_a_zip_format_file_refused_is_reported_without_the_temporary_folder(cli, tmp_path):
    # The message named the folder the archive was extracted to (`outside
    # /tmp/deckcheck-zip-5q2f4moc`): a name that changes from run to run, so the report did,
    # and that means nothing to the organiser.
    archive = make_zip(tmp_path / "set.zip", {
        "reg.csv": "player,deck,format\nann,a.txt,cube.yaml\n",
        "a.txt": LEGAL_BURN,
        "cube.yaml": "name: Cube\ngame: mtg\nextends: ../../x.yaml\n",
    })
    runs = [cli("batch", str(archive), "-o", "json", "--date", DATE, cwd=tmp_path) for _ in range(2)]
    assert runs[0].stdout == runs[1].stdout
    (result,) = json.loads(runs[0].stdout)["results"]
    assert result["problems"][0]["message"] == (
        "manifest line 2: format 'cube.yaml': cube.yaml: extends: '../../x.yaml': it points outside the archive;"
        " name a format id or a format file inside it (line 3)"
    )  # the line of cube.yaml's `extends`


ZIP_WITH_A_FORMAT_CHAIN = {
    "reg.csv": "player,deck,format\nann,a.txt,formats/cube.yaml\n",
    "a.txt": LEGAL_BURN,
    "formats/cube.yaml": "name: Cube\nextends: ../common/base.yaml\n",
    "common/base.yaml": "name: Base\ngame: mtg\nextends: mtg/modern\n",
}


def test_a_format_file_in_a_zip_may_extend_one_elsewhere_in_the_archive(cli, tmp_path):
    """Run from a folder that does not hold the temporary folder: the row's format was
    loaded again without the archive as its tree, so its chain was kept in the format's own
    folder and `../common/base.yaml` refused (the message naming the temporary folder)."""
    archive = make_zip(tmp_path / "set.zip", ZIP_WITH_A_FORMAT_CHAIN)
    (tmp_path / "work").mkdir()
    (tmp_path / "tmp").mkdir()
    done = cli("batch", str(archive), "-o", "json", "--date", DATE, cwd=tmp_path / "work", env={"TMPDIR": str(tmp_path / "tmp")})
    assert done.returncode == 0, done.stdout + done.stderr
    (result,) = json.loads(done.stdout)["results"]
    assert (result["legal"], result["problems"]) == (True, [])


@pytest.mark.parametrize("output", ["json", "text", "junit"])
def test_a_zip_format_file_is_shown_as_its_path_in_the_archive_and_the_report_is_the_same_each_run(cli, tmp_path, output):
    """It was the temporary folder's path (`/tmp/deckcheck-zip-hdy4p4p6/formats/cube.yaml`),
    a new one each run, in the results, the team's format and the messages naming it."""
    archive = make_zip(tmp_path / "set.zip", {
        **ZIP_WITH_A_FORMAT_CHAIN,
        "reg.csv": "player,deck,format,team\nann,a.txt,formats/cube.yaml,T\nbob,b.txt,formats/bad.yaml,T\n",
        "b.txt": LEGAL_ISLANDS,
        "formats/bad.yaml": "name: Bad\ngame: mtg\nextends: formats/cube.yaml\nnot_a_key: 1\n",
    })
    runs = [cli("batch", archive.name, "-o", output, "--date", DATE, cwd=tmp_path) for _ in range(2)]
    assert runs[0].returncode == 1, runs[0].stdout + runs[0].stderr
    assert runs[0].stdout == runs[1].stdout
    assert "deckcheck-zip" not in runs[0].stdout and str(tmp_path) not in runs[0].stdout
    assert "formats/cube.yaml" in runs[0].stdout
    if output == "json":
        report = json.loads(runs[0].stdout)
        assert report["results"][0]["format"] == "formats/cube.yaml"
        # Nor is the format kept in the disk cache under a folder gone after the run.
        cache = Path(os.environ["XDG_CACHE_HOME"]) / "deckcheck" / "formats"
        kept = [json.loads(entry.read_text(encoding="utf-8"))["path"] for entry in cache.glob("*.json")]
        assert not [path for path in kept if "deckcheck-zip" in path]  # before: one entry per run
        assert any("formats/bad.yaml" in problem["message"] for problem in report["results"][1]["problems"])


def test_a_zip_format_file_that_misspells_a_card_is_warned_of_by_its_path_in_the_archive(cli, tmp_path):
    """A zip's format files drew no unknown-name warning (their path was the temporary
    folder's): an event's misspelt ban banned nothing without a word. The warning names the
    file inside the archive, where `formats check` finds it once unzipped."""
    archive = make_zip(tmp_path / "set.zip", {
        **ZIP_WITH_A_FORMAT_CHAIN,
        "formats/cube.yaml": "name: Cube\nextends: ../common/base.yaml\nbanned: [Lightning Blot]\n",
    })
    done = cli("batch", archive.name, "-o", "json", "--date", DATE, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stderr.count("warning:") == 1, done.stderr
    assert ("formats/cube.yaml: 1 card name matches no card of the card data, so its entry applies to no card: "
            "'Lightning Blot'; `deckcheck formats check formats/cube.yaml` in the unzipped archive says where") in done.stderr
    assert "deckcheck-zip" not in done.stderr


def test_an_f_format_file_outside_a_zip_is_warned_of_by_its_own_path(cli, tmp_path):
    """Every loaded format was taken for one of the archive's: `-f mine.yaml` beside the
    zip was sent to `formats check` "in the unzipped archive"."""
    archive = make_zip(tmp_path / "set.zip", ZIP_WITH_A_FORMAT_CHAIN)
    write(tmp_path, {"mine.yaml": "name: Mine\nextends: mtg/modern\nbanned: [Lightning Blot]\n"})
    done = cli("batch", archive.name, "-f", "mine.yaml", "-o", "json", "--date", DATE, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "`deckcheck formats check mine.yaml` says where" in done.stderr
    assert "unzipped" not in done.stderr


def test_a_format_file_given_with_f_keeps_its_chain_where_it_is_for_a_zip_too(cli, tmp_path):
    """-f names the organiser's own file, beside its parent: taken for one of the archive's,
    it was loaded with the archive as its tree and its `extends: base.yaml` refused."""
    archive = make_zip(tmp_path / "set.zip", {"reg.csv": "player,deck\nann,a.txt\n", "a.txt": LEGAL_BURN})
    write(tmp_path, {"mine.yaml": "name: Mine\nextends: base.yaml\n", "base.yaml": "name: Base\ngame: mtg\nextends: mtg/modern\n"})
    done = cli("batch", archive.name, "-f", "mine.yaml", "-o", "json", "--date", DATE, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    (result,) = json.loads(done.stdout)["results"]
    assert (result["format"], result["legal"]) == ("mine.yaml", True)


def test_a_format_file_in_a_zip_is_loaded_once(tmp_path, monkeypatch):
    # The manifest loads it (with the archive as its tree), the batch loaded it again
    # without one (here the disk cache of merged formats spared it the YAML, not the rest).
    import deckcheck.formats as formats
    from deckcheck.batch import check_source

    archive = make_zip(tmp_path / "set.zip", {
        "reg.csv": "player,deck,format\nann,a.txt,cube.yaml\nbob,b.txt,cube.yaml\n",
        "a.txt": LEGAL_BURN, "b.txt": LEGAL_ISLANDS,
        "cube.yaml": "name: Cube\ngame: mtg\nextends: mtg/modern\n",
    })
    built: list[str] = []
    real_build = formats.build_format

    def counted(format_id, *args):
        built.append(Path(format_id).name)
        return real_build(format_id, *args)

    monkeypatch.setattr(formats, "build_format", counted)
    batch = check_source(archive, None, date=DATE, jobs=1)
    assert batch.exit_code == 0, [problem.message for result in batch.report.results for problem in result.problems]
    assert built == ["cube.yaml"]
    # The command's card-data note reads the rows' format from the batch: loading it
    # again, once the archive was gone, found no file and the note was lost.
    from deckcheck.cli.run_batch import _row_format

    assert _row_format(batch).name == "Cube" and built == ["cube.yaml"]


def test_worker_processes_keep_a_zip_format_files_chain_in_the_archive(tmp_path, monkeypatch):
    # A worker loads the row's format itself: without the archive as its tree it refused
    # `../common/base.yaml` (an exception in the worker). Run from a folder that does not
    # hold the temporary folder, which a worker would otherwise take for the chain's tree.
    import tempfile

    from deckcheck.batch import check_source, runner

    rows = "".join(f"p{number},a.txt,formats/cube.yaml\n" for number in range(40))
    archive = make_zip(tmp_path / "set.zip", {**ZIP_WITH_A_FORMAT_CHAIN, "reg.csv": "player,deck,format\n" + rows})
    for folder in ("work", "tmp"):
        (tmp_path / folder).mkdir()
    monkeypatch.chdir(tmp_path / "work")
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    monkeypatch.setattr(runner, "SAMPLE_SECONDS", 0.0)
    monkeypatch.setattr(runner, "worker_count", lambda remaining, idle, jobs: jobs - 1)
    monkeypatch.setattr(runner, "MAX_CHUNK", 4)
    batch = check_source(archive, None, date=DATE, jobs=2)
    assert (batch.totals.decks, batch.totals.legal, batch.exit_code) == (40, 40, 0)


def test_zip_with_too_many_entries_is_refused(cli, tmp_path):
    from deckcheck.batch.archive import MAX_ENTRIES

    path = tmp_path / "many.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        for index in range(MAX_ENTRIES + 1):
            archive.writestr(f"d{index}.txt", "")
    done = cli("batch", str(path), "-f", "mtg/modern")
    assert done.returncode == 2
    assert f"{MAX_ENTRIES + 1:,} entries is over the limit" in done.stderr
    assert "decompression bomb" in done.stderr
    assert "unzipped and its folder or manifest checked instead" in done.stderr  # what an organiser does


@pytest.mark.parametrize("declared", [None, 1])
def test_a_zip_of_too_many_entries_is_refused_before_they_are_read(tmp_path, declared):
    """zipfile reads every entry of the central directory (about 500 bytes of memory each)
    before the count could be checked: a 51 MB zip of 600,000 empty entries took 352 MB
    and 5 s to refuse. Now the directory is counted first, by its size (the count its end
    record declares may lie: zipfile reads the whole directory whatever it says)."""
    import struct
    import tracemalloc

    from deckcheck.batch import archive
    from deckcheck.errors import InputError

    path = tmp_path / "many.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as written:
        for index in range(70_000):  # past 65,535: zip64 end records
            written.writestr(f"{index:x}", b"")
    if declared is not None:
        data = bytearray(path.read_bytes())
        end = data.rfind(b"PK\x05\x06")
        data[end + 8:end + 12] = struct.pack("<HH", declared, declared)
        end64 = data.rfind(b"PK\x06\x06")
        data[end64 + 24:end64 + 40] = struct.pack("<QQ", declared, declared)
        path.write_bytes(bytes(data))
    tracemalloc.start()
    try:
        with pytest.raises(InputError) as refused:
            archive.extract(path, tmp_path / "out", shown="many.zip")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert str(refused.value).startswith("many.zip: 70,000 entries is over the limit of 20,000; ")
    assert peak < 4 << 20
    assert not (tmp_path / "out").exists()


def test_zip_bomb_is_refused_before_filling_the_disk(cli, tmp_path):
    from deckcheck.batch.archive import MAX_TOTAL_BYTES

    path = tmp_path / "bomb.zip"
    block = b"\0" * (1024 * 1024)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        with archive.open("bomb.txt", "w", force_zip64=True) as entry:
            for _ in range(MAX_TOTAL_BYTES // len(block) + 1):
                entry.write(block)
    assert path.stat().st_size < 2 * 1024 * 1024
    done = cli("batch", str(path), "-f", "mtg/modern")
    assert done.returncode == 2
    assert "exceed the limit" in done.stderr and "decompression bomb" in done.stderr
    assert "unzipped and its folder or manifest checked instead" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


# Entries the file system cannot take as named: each is a registration that could not be
# checked, with the reason, and the rest of the set is checked (they ended in an internal error).
AWKWARD_ENTRIES = {
    "a file and a folder of one name": ["dup.txt", "dup.txt/"],
    "a folder, then a file of its name": ["d/", "d"],
    "a folder name over the file system's limit": ["x" * 300 + "/"],
}


@pytest.mark.parametrize("names", AWKWARD_ENTRIES.values(), ids=AWKWARD_ENTRIES.keys())
def test_zip_entries_the_file_system_refuses_are_reported_and_the_rest_is_checked(cli, tmp_path, names):
    archive = make_zip(tmp_path / "set.zip", {"ok.txt": LEGAL_BURN, **{name: LEGAL_BURN for name in names}})
    done = cli("batch", str(archive), "-f", "mtg/modern", "-o", "json", "--date", DATE, cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    results = json.loads(done.stdout)["results"]
    assert any(r["deck"] == "ok.txt" and r["legal"] for r in results)
    refused = [r for r in results if not r["legal"]]
    assert refused and all("cannot extract" in r["problems"][0]["message"] for r in refused)


def test_a_zip_whose_names_are_not_the_utf_8_they_claim_is_an_error(cli, tmp_path):
    archive = make_zip(tmp_path / "names.zip", {"aQb.txt": LEGAL_BURN})
    data = bytearray(archive.read_bytes().replace(b"aQb.txt", b"a\xffb.txt"))
    central = data.index(b"PK\x01\x02")
    for flags in (6, central + 8):  # the local and the central header: "the names are UTF-8"
        data[flags + 1] |= 0x08
    archive.write_bytes(bytes(data))
    done = cli("batch", str(archive), "-f", "mtg/modern")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"deckcheck: error: {archive}: not a readable zip archive")


def test_not_a_zip_is_an_error(cli, tmp_path):
    (tmp_path / "broken.zip").write_bytes(b"PK\x03\x04 not really")
    done = cli("batch", str(tmp_path / "broken.zip"), "-f", "mtg/modern")
    assert done.returncode == 2
    assert "not a readable zip archive" in done.stderr


# ------------------------------------------------------------------ sources and options


def test_unreadable_sources_exit_2(cli, tmp_path):
    done = cli("batch", str(tmp_path / "nothing"), "-f", "mtg/modern")
    assert done.returncode == 2 and "no such file or folder" in done.stderr
    (tmp_path / "deck.txt").write_text(LEGAL_BURN, encoding="utf-8")
    done = cli("batch", str(tmp_path / "deck.txt"), "-f", "mtg/modern")
    assert done.returncode == 2 and "deckcheck validate" in done.stderr
    done = cli("batch", str(tmp_path), "-f", "mtg/nonsense")
    assert done.returncode == 2 and "unknown format 'mtg/nonsense'" in done.stderr
    done = cli("batch", str(tmp_path), "-f", "mtg/modern", "-o", "xml")
    assert done.returncode == 2 and "unknown output 'xml'" in done.stderr


def test_order_is_stable_whatever_the_job_count(cli, tmp_path):
    decks = {f"p{index:03d}/deck.txt": (LEGAL_BURN if index % 3 else SHORT) for index in range(150)}
    write(tmp_path, decks)
    one = cli("batch", str(tmp_path), "-f", "mtg/modern", "-o", "json", "--jobs", "1", "--date", DATE)
    two = cli("batch", str(tmp_path), "-f", "mtg/modern", "-o", "json", "--jobs", "2", "--date", DATE)
    assert one.returncode == two.returncode == 1
    assert one.stdout == two.stdout
    report = json.loads(two.stdout)
    assert [r["deck"] for r in report["results"]] == sorted(decks)
    assert sum(not r["legal"] for r in report["results"]) == 50


def test_report_file_is_written_and_the_summary_still_prints(cli, tmp_path):
    root = tmp_path / "set"
    manifest = team_set(root)
    out = tmp_path / "reports" / "event.json"
    done = cli("batch", str(manifest), "-f", "mtg/legacy", "-o", "json", "--report", str(out), "--date", DATE)
    assert done.returncode == 1
    assert done.stdout.splitlines()[0].split() == ["PLAYER", "TEAM", "DECK", "VERDICT", "PROBLEMS"]
    assert "team-copy-limit" in done.stdout
    report = json.loads(out.read_text(encoding="utf-8"))
    assert len(report["results"]) == 9 and len(report["teams"]) == 3
    assert [path.name for path in out.parent.iterdir()] == ["event.json"]  # no temporary file left


def test_csv_output_has_one_row_per_problem(cli, tmp_path):
    done = cli("batch", str(team_set(tmp_path)), "-f", "mtg/legacy", "-o", "csv", "--date", DATE)
    assert done.returncode == 1
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    assert [(row["scope"], row["player"], row["team"], row["rule"]) for row in rows] == [
        ("deck", "eve", "T2", "registration"),  # Ann registered eve's deck file too: a warning on each
        ("deck", "fay", "T3", "parse-error"),
        ("deck", "hal", "", "registration"),
        ("deck", "Ann", "T2", "registration"),
        ("deck", "Ann", "T2", "registration"),
        ("team", "", "T1", "team-copy-limit"),
        ("team", "", "T2", "team-registration"),
        ("team", "", "T2", "team-copy-limit"),
        ("team", "fay", "T3", "team-registration"),  # fay's deck could not be read: her problem
    ]
    assert [row["severity"] for row in rows[:5]] == ["warning", "error", "error", "error", "warning"]
    copy = rows[5]
    assert (copy["card"], copy["count"], copy["limit"], copy["holders"], copy["legal"]) == ("Brainstorm", "5", "4", "ann 4; bob 1", "no")


def test_text_report_lists_teams_and_problems(cli, tmp_path):
    done = cli("batch", str(team_set(tmp_path)), "-f", "mtg/legacy", "--date", DATE)
    assert done.returncode == 1
    text = done.stdout
    assert "TEAM  FORMAT      PLAYERS        VERDICT  PROBLEMS" in text
    assert "T1    mtg/legacy  ann, bob, cy   ILLEGAL  1" in text
    assert "T2    mtg/legacy  dee, eve, Ann  ILLEGAL  2" in text
    assert "5 copies of Brainstorm across team T1 (ann 4, bob 1); at most 4 per team" in text
    assert text.rstrip().endswith("9 decks: 6 legal, 2 illegal, 1 could not be read; 3 teams, 3 illegal")


@pytest.mark.parametrize("quiet", [False, True])
def test_progress_bar_on_a_terminal_only_and_not_with_quiet(tmp_path, quiet):
    """stderr on a pseudo-terminal gets the bar (unless --quiet); stdout stays the report."""
    import os
    import pty
    import subprocess

    from conftest import deckcheck_executable

    write(tmp_path, {"a.txt": LEGAL_BURN, "b.txt": LEGAL_BURN})
    controller, terminal = pty.openpty()
    args = [str(deckcheck_executable()), "batch", str(tmp_path), "-f", "mtg/modern", "-o", "json"]
    done = subprocess.run(args + (["--quiet"] if quiet else []), stdout=subprocess.PIPE, stderr=terminal,
                          env={**os.environ, "NO_COLOR": "1"}, timeout=120)
    os.close(terminal)
    seen = b""
    try:
        while chunk := os.read(controller, 4096):
            seen += chunk
    except OSError:  # the terminal side is closed: everything has been read
        pass
    os.close(controller)
    assert done.returncode == 0
    assert json.loads(done.stdout)["results"][0]["deck"] == "a.txt"
    assert (b"2/2 decks" in seen) is (not quiet)


def test_without_f_when_every_row_names_its_format(cli, tmp_path):
    """#14: `-f` is only needed for rows that name no format (and for folders)."""
    write(tmp_path, {
        "ann.txt": LEGAL_BURN,
        "bob.txt": "4 Black Lotus\n56 Island\n",
        "players.csv": "player,deck,format\nann,ann.txt,mtg/modern\nbob,bob.txt,mtg/legacy\n",
    })
    done, report = run_json(cli, str(tmp_path / "players.csv"))
    assert done.returncode == 1, done.stderr
    assert [(r["player"], r["format"], r["legal"]) for r in report["results"]] == [
        ("ann", "mtg/modern", True), ("bob", "mtg/legacy", False)]
    (tmp_path / "some.csv").write_text("player,deck,format\nann,ann.txt,mtg/modern\nbob,bob.txt,\n", encoding="utf-8")
    missing = cli("batch", str(tmp_path / "some.csv"))
    assert missing.returncode == 2
    assert missing.stderr.count("\n") == 1 and "manifest line 3" in missing.stderr and "-f FORMAT" in missing.stderr
    folder = cli("batch", str(tmp_path))
    assert folder.returncode == 2 and "-f FORMAT" in folder.stderr and missing.stderr.count("\n") == 1


def test_a_yaml_manifest_s_top_level_format_without_f_says_it_is_not_read(cli, tmp_path):
    # `format: mtg/modern` above `registrations:` (one format for the event, as a reader
    # would guess) said only that the rows "name no format; give -f FORMAT for them".
    write(tmp_path, {"ann.txt": LEGAL_BURN, "reg.yaml": (
        "format: mtg/modern\nregistrations:\n  - {player: ann, deck: ann.txt}\n  - {player: bob, deck: ann.txt}\n")})
    done = cli("batch", str(tmp_path / "reg.yaml"))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        f"deckcheck: error: {tmp_path / 'reg.yaml'}: these registrations name no format (manifest line 3, manifest line 4); "
        "the top-level key `format: mtg/modern` (line 1) is not read, as a manifest's rows name their own formats: "
        "give -f FORMAT for them (here mtg/modern), or a `format` key in each row\n"
    )


def test_a_deck_file_named_again_and_again_is_read_within_a_bound(tmp_path, monkeypatch):
    """Each row that names a deck file an earlier row named reads and checks it again: 20
    rows naming one 10,000-line deck took 5.3 s, so a 4 MiB manifest of rows naming one big
    deck stood for hours. A batch reads at most MAX_DECK_BYTES_READ_AGAIN of such files
    again (patched to a bit over one deck here); a row past it is not checked, with an error
    saying why, and the rows of other files are checked as ever."""
    from deckcheck.batch import check_source
    from deckcheck.batch import shared_decks

    size = len(LEGAL_BURN.encode())
    monkeypatch.setattr(shared_decks, "MAX_DECK_BYTES_READ_AGAIN", size + 1)
    (tmp_path / "burn.txt").write_text(LEGAL_BURN)
    (tmp_path / "own.txt").write_text(LEGAL_BURN)
    (tmp_path / "m.csv").write_text("player,deck\nann,burn.txt\nbob,burn.txt\ncy,own.txt\ndee,burn.txt\neve,burn.txt\n")
    results = check_source(tmp_path / "m.csv", "mtg/modern", date="2024-06-01").report.results
    assert [(result.player, result.legal) for result in results] == [
        ("ann", True), ("bob", True), ("cy", True), ("dee", False), ("eve", False),
    ]
    messages = [problem.message for problem in results[3].problems]
    assert messages[-1] == (
        "manifest line 5: deck file burn.txt not checked: a batch reads at most "
        f"{size + 1:,} bytes of deck and pool files again for rows that name one an earlier row named "
        "(docs/security.md, limits)"
    )
    assert [problem.rule for problem in results[3].problems] == ["registration", "registration"]
    assert results[1].problems[-1].severity == "warning" and len(results[2].problems) == 0


def test_a_manifest_batch_looks_at_each_deck_file_once_before_reading_it(tmp_path, monkeypatch):
    """The `lstat` that checks a row's path for links (tree.py) also tells the shared-deck
    warnings and the read-again bound which file it is and its size: a second `stat` per
    row was a tenth of a big event's rows' cost. A link (the file it leads to) and a path
    taken the long way (`sub/../`) are looked at again."""
    from deckcheck.batch import check_source

    for name in ("a.txt", "b.txt", "c.txt"):
        (tmp_path / name).write_text(LEGAL_BURN)
    (tmp_path / "sub").mkdir()
    os.symlink("a.txt", tmp_path / "alias.txt")
    (tmp_path / "m.csv").write_text("player,deck\nann,a.txt\nbob,b.txt\ncy,c.txt\ndee,alias.txt\neve,sub/../b.txt\n")
    looked: list[str] = []
    for call in ("stat", "lstat"):
        def counted(path, *args, _call=getattr(os, call), **kwargs):
            if isinstance(path, (str, os.PathLike)) and os.path.basename(path) in ("b.txt", "c.txt"):
                looked.append(os.path.basename(path))
            return _call(path, *args, **kwargs)
        monkeypatch.setattr(os, call, counted)
    results = check_source(tmp_path / "m.csv", "mtg/modern", date="2024-06-01", jobs=1).report.results
    # c.txt: its row's lstat alone; b.txt: bob's lstat, and a stat for eve's `sub/../b.txt`.
    assert (looked.count("c.txt"), looked.count("b.txt")) == (1, 2)
    shared = {result.player: [problem.message for problem in result.problems] for result in results}
    assert shared["cy"] == [] and shared["dee"] == ["manifest line 5: deck file alias.txt is also registered by ann (manifest line 2); "
                                                   "each player registers a deck of their own (a row copied by mistake?)"]
    assert shared["eve"] == ["manifest line 6: deck file sub/../b.txt is also registered by bob (manifest line 3); each player "
                             "registers a deck of their own (a row copied by mistake?)"]


def test_a_library_callers_next_batch_looks_at_the_files_afresh(tmp_path):
    """What one batch saw of the files is never another's: a file replaced by a second name
    of another between two batches of one process is seen as it is now."""
    from deckcheck.batch import check_source

    (tmp_path / "a.txt").write_text(LEGAL_BURN)
    (tmp_path / "b.txt").write_text(LEGAL_BURN)
    (tmp_path / "m.csv").write_text("player,deck\nann,a.txt\nbob,b.txt\n")
    first = check_source(tmp_path / "m.csv", "mtg/modern", date="2024-06-01", jobs=1).report.results
    (tmp_path / "b.txt").unlink()
    os.link(tmp_path / "a.txt", tmp_path / "b.txt")
    second = check_source(tmp_path / "m.csv", "mtg/modern", date="2024-06-01", jobs=1).report.results
    assert [len(result.problems) for result in first] == [0, 0]
    assert [problem.message.split(";")[0] for problem in second[1].problems] == [
        "manifest line 3: deck file b.txt is also registered by ann (manifest line 2)"
    ]


def test_a_pool_file_named_again_and_again_is_read_within_the_same_bound(tmp_path, monkeypatch):
    """A pool named again is read again once it has left the few a process keeps (170 rows
    cycling through 17 pools of 840 KB took 10 s): pools count toward the same bound. A
    row past it is not checked against its pool, with an error saying why (never a pass);
    the players who share one pool file get the shared-pool warning as ever."""
    from deckcheck.batch import check_source
    from deckcheck.batch import shared_decks

    pool = "3 Shock\n1 Lightning Bolt\n10 Goblin Piker\n10 Hill Giant\n27 Mountain\n"
    deck = "3 Shock\n10 Goblin Piker\n27 Mountain\n"
    monkeypatch.setattr(shared_decks, "MAX_DECK_BYTES_READ_AGAIN", len(pool.encode()) + 1)
    (tmp_path / "pool.txt").write_text(pool)
    for player in ("ann", "bob", "cy"):
        (tmp_path / f"{player}.txt").write_text(deck)
    (tmp_path / "m.csv").write_text("player,deck,pool\nann,ann.txt,pool.txt\nbob,bob.txt,pool.txt\ncy,cy.txt,pool.txt\n")
    results = check_source(tmp_path / "m.csv", "mtg/limited", date="2024-06-01").report.results
    assert [(result.player, result.legal) for result in results] == [("ann", True), ("bob", True), ("cy", False)]
    assert results[2].problems[-1].message == (
        f"manifest line 4: pool file pool.txt not read: a batch reads at most {len(pool.encode()) + 1:,} bytes of deck "
        "and pool files again for rows that name one an earlier row named (docs/security.md, limits)"
    )


# Runs `deckcheck` as the installed command does (deckcheck.entry.main), with workers
# forced (the machine's idle cores decide otherwise, planning.py) and the batch's format
# file replaced (None: removed) once the main process has loaded it, just before the
# workers start: an organiser editing the file while a batch runs.
FORCED_WORKERS = '''
import sys
from pathlib import Path

from deckcheck.batch import runner

runner.SAMPLE_SECONDS = 0.0
runner.worker_count = lambda remaining, idle, jobs: jobs - 1
runner.MAX_CHUNK = 4
real_pool = runner.process_pool


def edited_first(*args):
    path = Path("cube.yaml")
    path.unlink() if NEW_TEXT is None else path.write_text(NEW_TEXT, encoding="utf-8")
    return real_pool(*args)


if __name__ == "__main__":
    runner.process_pool = edited_first
    from deckcheck.entry import main

    sys.argv = ["deckcheck", *sys.argv[1:]]
    sys.exit(main())
'''
CUBE = "name: Cube\ngame: mtg\nextends: mtg/modern\n"
EDITS = {
    "broken YAML": "name: [broken",
    "removed": None,
    "another format": "name: Cube\ngame: mtg\nextends: mtg/standard\n",  # Lightning Bolt is not Standard-legal
}


@pytest.mark.parametrize("new_text", EDITS.values(), ids=EDITS.keys())
def test_workers_check_against_the_format_the_batch_loaded_when_its_file_changes(cli, tmp_path, new_text):
    import subprocess
    import sys

    write(tmp_path, {**{f"decks/p{number:02d}.txt": LEGAL_BURN for number in range(40)}, "cube.yaml": CUBE})
    args = ["batch", "decks", "-f", "cube.yaml", "-o", "json", "--date", DATE]
    alone = cli(*args, "--jobs", "1", cwd=tmp_path)
    assert alone.returncode == 0, alone.stdout + alone.stderr
    driver = tmp_path / "forced.py"
    driver.write_text(f"NEW_TEXT = {new_text!r}\n{FORCED_WORKERS}", encoding="utf-8")
    env = {**os.environ, "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, str(driver), *args, "--jobs", "2"], capture_output=True, text=True,
                          cwd=tmp_path, env=env, timeout=300)
    assert "Traceback" not in done.stderr and "BrokenProcessPool" not in done.stderr, done.stderr
    assert (done.returncode, done.stdout) == (alone.returncode, alone.stdout), done.stderr


ONLY_FORCED_WORKERS = FORCED_WORKERS.replace("    runner.process_pool = edited_first\n", "")


@pytest.mark.skipif(sys.version_info < (3, 11), reason="Python 3.10 has no PYTHONSAFEPATH (docs/security.md)")
def test_workers_import_no_module_of_the_folder_the_batch_runs_in(cli, tmp_path):
    """A worker starts as `python -c "from multiprocessing.spawn import ..."`, and `-c` put the
    working folder first on sys.path: a pull request's `multiprocessing/` folder at the top
    of the checkout `batch` ran in was imported by every worker, and ran its code."""
    import subprocess

    event = tmp_path / "event"
    marker = tmp_path / "pwned"
    write(event, {**{f"decks/p{number:02d}.txt": LEGAL_BURN for number in range(40)},
                  "multiprocessing/__init__.py": f"open({str(marker)!r}, 'w').close()\nraise SystemExit(3)\n"})
    args = ["batch", "decks", "-f", "mtg/modern", "-o", "json", "--date", DATE]
    alone = cli(*args, "--jobs", "1", cwd=event)
    assert alone.returncode == 0, alone.stdout + alone.stderr
    driver = tmp_path / "driver" / "forced.py"  # not in the event's folder: the driver's own path is its folder
    driver.parent.mkdir()
    driver.write_text(ONLY_FORCED_WORKERS, encoding="utf-8")
    done = subprocess.run([sys.executable, str(driver), *args, "--jobs", "2"], capture_output=True, text=True,
                          cwd=event, env={**os.environ, "NO_COLOR": "1"}, timeout=300)
    assert not marker.exists()
    assert "BrokenProcessPool" not in done.stderr, done.stderr
    assert (done.returncode, done.stdout) == (alone.returncode, alone.stdout), done.stderr


def test_a_worker_whose_format_does_not_load_reports_its_decks_as_rows(tmp_path, monkeypatch):
    # A format the batch did not hand over, loaded in the worker and broken there: each deck
    # becomes a row saying why, and the warm-up does not break the pool.
    import datetime as dt

    from deckcheck.batch import runner
    from deckcheck.batch.wire import decode

    write(tmp_path, {"a.txt": LEGAL_BURN, "cube.yaml": "name: [broken"})
    monkeypatch.chdir(tmp_path)
    task = runner.Task(path="a.txt", shown="a.txt", format_id=tmp_path / "cube.yaml", line=3)  # type: ignore[arg-type]
    runner._start_worker(task)
    [wire] = runner._check_chunk([task], dt.date(2024, 6, 1))
    result = decode(wire, task).result
    assert not result.legal
    [problem] = result.problems
    assert problem.rule == "registration"
    assert problem.message.startswith("manifest line 3: the deck could not be checked: ")
    assert "cube.yaml" in problem.message and "invalid YAML" in problem.message


def test_a_deck_a_worker_checked_keeps_its_game_for_the_words_of_its_heading(tmp_path, monkeypatch):
    # The heading names a Yu-Gi-Oh! deck's zones in the game's words (Main Deck 4, Extra
    # Deck 1, Side Deck 1); a result sent back by a worker process must still know its game.
    import datetime as dt

    from deckcheck.batch import runner
    from deckcheck.batch.wire import decode
    from deckcheck.report.text import render
    from deckcheck.result import Report

    write(tmp_path, {"ann.ydk": "#main\n14558127\n14558127\n14558127\n89631139\n#extra\n86066372\n!side\n23434538\n"})
    monkeypatch.chdir(tmp_path)
    task = runner.Task(path="ann.ydk", shown="ann.ydk", format_id="yugioh/advanced-tcg")
    runner._start_worker(task)
    [wire] = runner._check_chunk([task], dt.date(2026, 6, 1))
    result = decode(wire, task).result
    assert result.game == "yugioh"
    assert "(Main Deck 4, Extra Deck 1, Side Deck 1; " in render(Report(results=[result]))


def test_a_manifest_row_naming_a_zip_entry_not_extracted_says_why(cli, tmp_path):
    # The row said `link.txt: no such file` and a second row, of no player, said why the
    # entry was not extracted: the organiser had to put the two together.
    import stat

    archive = tmp_path / "set.zip"
    with zipfile.ZipFile(archive, "w") as written:
        written.writestr("reg.csv", "player,deck\nann,a.txt\ndan,link.txt\n")
        written.writestr("a.txt", LEGAL_BURN)
        link = zipfile.ZipInfo("link.txt")
        link.external_attr = (stat.S_IFLNK | 0o777) << 16
        written.writestr(link, "/etc/passwd")
    done, report = run_json(cli, str(archive), "-f", "mtg/modern")
    assert done.returncode == 1, done.stdout + done.stderr
    assert [(r["player"], r["deck"], r["legal"]) for r in report["results"]] == [("ann", "a.txt", True), ("dan", "link.txt", False)]
    (problem,) = report["results"][1]["problems"]
    assert problem["message"] == "manifest line 3: deck link.txt: symbolic link in the archive; not extracted"
    assert report["skipped"] == [{"file": "link.txt", "reason": "symbolic link in the archive; not extracted", "unchecked": True}]


def test_a_rule_id_longer_than_its_column_keeps_the_messages_of_its_block_aligned(cli, tmp_path):
    # `team-registration` (17 characters) ran one space from its message, out of line with
    # the messages above and below it; blocks without a long rule id keep their layout.
    write(tmp_path, {"ann.txt": LEGAL_BURN, "bob.txt": SHORT, "cy.txt": LEGAL_BURN})
    (tmp_path / "reg.csv").write_text(
        "player,team,deck,format\nann,A,ann.txt,mtg/2hg-modern\nbob,A,bob.txt,mtg/2hg-modern\ncy,B,cy.txt,mtg/2hg-modern\n",
        encoding="utf-8")
    done = cli("batch", str(tmp_path / "reg.csv"), "--date", DATE, "-q", cwd=tmp_path)
    lines = done.stdout.splitlines()
    team_b = lines[lines.index("team B (cy) - mtg/2hg-modern: ILLEGAL") + 1:]
    team_b = team_b[:next(index for index, line in enumerate(team_b) if not line.startswith(" "))]
    assert [next(word for word in line.split() if word.endswith("-size") or word.startswith("team-")) for line in team_b] \
        == ["team-registration", "sideboard-size"], team_b
    starts = {line.index("team B has 1 player") if "team-registration" in line else line.index("cy's deck") for line in team_b}
    assert len(starts) == 1, team_b
    ann = next(line for line in lines if line.endswith("sideboard-size   sideboard has 2 cards (Smash to Smithereens); Two-Headed Giant Modern has no sideboard"))
    assert ann.index("sideboard has") == 2 + 9 + 1 + 10 + 1 + 16 + 1  # the usual columns


def test_a_manifest_row_naming_a_folder_says_to_name_the_file_in_it(cli, tmp_path):
    # It said `is a directory, not a decklist (use `deckcheck batch` for folders)`: the
    # command the organiser is running, and for a pool no advice at all.
    write(tmp_path, {"ann/deck.txt": "40 Island\n", "pools/ann/pool.txt": "40 Island\n"})
    (tmp_path / "reg.csv").write_text("player,deck,pool\nann,ann,pools/ann\n", encoding="utf-8")
    done, report = run_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/limited")
    assert done.returncode == 1, done.stdout + done.stderr
    messages = [problem["message"] for problem in report["results"][0]["problems"]]
    assert messages == [  # the one file in each, named as the manifest would name it
        "manifest line 2: pool pools/ann: is a directory, not a decklist; name the file in it: pools/ann/pool.txt"
        "; the deck was not checked against a pool",
        "ann: is a directory, not a decklist; name the file in it: ann/deck.txt",
    ]
    assert all("deckcheck batch" not in message for message in messages)


def test_validate_given_a_folder_still_points_to_batch(cli, tmp_path):
    (tmp_path / "decks").mkdir()
    done = cli("validate", str(tmp_path / "decks"), "-f", "mtg/modern")
    assert done.returncode == 2
    assert "is a directory, not a decklist (use `deckcheck batch` for folders)" in done.stdout + done.stderr


def test_a_manifest_format_file_outside_its_folder_is_named_once(cli, tmp_path):
    # `format '../x.yaml': '../x.yaml': it points outside ...`: the path twice.
    write(tmp_path, {"event/ann.txt": LEGAL_BURN, "x.yaml": "name: X\ngame: mtg\nextends: mtg/modern\n"})
    (tmp_path / "event" / "reg.csv").write_text("player,deck,format\nann,ann.txt,../x.yaml\n", encoding="utf-8")
    done, report = run_json(cli, str(tmp_path / "event" / "reg.csv"))
    assert done.returncode == 1, done.stdout + done.stderr
    assert [problem["message"] for problem in report["results"][0]["problems"]] == [
        "manifest line 2: format '../x.yaml': it points outside the manifest's folder; name a format id or a format file"
        " inside it (batch --allow-outside-paths accepts it for a manifest you wrote)",
    ]


def test_a_deck_path_that_differs_from_its_file_only_in_case_says_how_the_file_is_spelled(cli, tmp_path):
    # A manifest written on Windows or macOS, whose file systems ignore case, run here:
    # `Decks/kurusu.TXT: no such file` left the organiser to find `decks/Kurusu.txt`.
    write(tmp_path, {"decks/Kurusu.txt": LEGAL_BURN, "decks/kurusu.txt.bak": "", "ann.txt": LEGAL_BURN})
    (tmp_path / "reg.csv").write_text("player,deck\nbob,Decks/kurusu.TXT\ncid,decks/nobody.txt\nann,ann.txt\n",
                                      encoding="utf-8")
    done, report = run_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/modern")
    assert done.returncode == 1, done.stdout + done.stderr
    messages = [[problem["message"] for problem in result["problems"]] for result in report["results"]]
    assert messages == [
        ["Decks/kurusu.TXT: no such file; a file differs only in case: decks/Kurusu.txt (file names are case-sensitive here)"],
        ["decks/nobody.txt: no such file"],
        [],
    ]


@pytest.mark.parametrize("source", ["reg.csv", "event.zip"])
def test_a_deck_path_that_differs_from_its_file_only_in_its_extension_names_the_file(cli, tmp_path, source):
    """`decks/hal: no such file` beside decks/hal.txt (the extension left out of the
    manifest), `decks/gil.txt` beside the `gil.txt.txt` Windows saved with its extension
    hidden, `decks/hal.dek` for the .txt that was sent: each named the file and no more."""
    files = {"decks/hal.txt": LEGAL_BURN, "decks/gil.txt.txt": LEGAL_BURN, "decks/two.txt": "", "decks/two.dek": "",
             "reg.csv": "player,deck\nann,decks/hal\nbob,decks/gil.txt\ncy,decks/hal.dek\ndee,decks/two\n"}
    write(tmp_path, files)
    with zipfile.ZipFile(tmp_path / "event.zip", "w") as archive:
        for name in files:
            archive.write(tmp_path / name, name)
    done, report = run_json(cli, str(tmp_path / source), "-f", "mtg/modern")
    assert done.returncode == 1, done.stdout + done.stderr
    assert [[problem["message"] for problem in result["problems"]] for result in report["results"]] == [
        ["decks/hal: no such file; a file differs only in its extension: decks/hal.txt"],
        ["decks/gil.txt: no such file; a file differs only in its extension: decks/gil.txt.txt"],
        ["decks/hal.dek: no such file; a file differs only in its extension: decks/hal.txt"],
        ["decks/two: no such file"],  # two files would do: neither is named
    ]
    done = cli("validate", "hal", "-f", "mtg/modern", cwd=tmp_path / "decks")
    assert "hal: no such file; a file differs only in its extension: hal.txt\n" in done.stdout, done.stdout


def test_a_deck_path_typed_with_quotes_or_a_full_stop_names_the_file_it_means(cli, tmp_path):
    """A manifest's cell typed `'decks/hal.txt'`, `“decks/cy.txt”` (a word processor's quotes)
    or `decks/hal.txt.` (a sentence's full stop) was "no such file" and no more."""
    write(tmp_path, {"event/decks/hal.txt": LEGAL_BURN, "event/decks/cy.txt": LEGAL_BURN,
                     "event/reg.csv": "player,deck\nann,'decks/hal.txt'\nbob,\u201cdecks/cy.txt\u201d\ncy,decks/hal.txt.\n"
                                      "dee,'decks/none.txt'\n"})
    done, report = run_json(cli, str(tmp_path / "event" / "reg.csv"), "-f", "mtg/modern")
    assert done.returncode == 1, done.stdout + done.stderr
    assert [[problem["message"] for problem in result["problems"]] for result in report["results"]] == [
        ["'decks/hal.txt': no such file; a file is named so without the quotes around it: decks/hal.txt"],
        ["\u201cdecks/cy.txt\u201d: no such file; a file is named so without the quotes around it: decks/cy.txt"],
        ["decks/hal.txt.: no such file; a file is named so without the dots or spaces after it: decks/hal.txt"],
        ["'decks/none.txt': no such file"],
    ]


def test_a_deck_path_holding_characters_that_show_as_nothing_names_the_file_it_means(cli, tmp_path):
    """A cell copied from a web form or a shared sheet may carry a zero-width space or a
    byte order mark: `decks/hal.txt` + U+200B was "no such file; a file differs only in its
    extension: decks/hal.txt", and with the mark in front "no such file" alone, beside a
    file whose name the report seemed to spell exactly. Inside the folder only: a mark that
    hid `..` or an absolute path names nothing outside it."""
    write(tmp_path, {"secret.txt": LEGAL_BURN, "event/decks/hal.txt": LEGAL_BURN,
                     "event/reg.csv": "player,deck\nann,decks/hal.txt\u200b\nbob,\ufeff\u200bdecks/hal.txt\n"
                                      "cy,decks/none.txt\u200b\ndee,\u200b../secret.txt\neve,out\u200b/secret.txt\n"})
    (tmp_path / "event" / "out").symlink_to(tmp_path)
    done, report = run_json(cli, str(tmp_path / "event" / "reg.csv"), "-f", "mtg/modern")
    assert done.returncode == 1, done.stdout + done.stderr
    assert [[problem["message"] for problem in result["problems"]] for result in report["results"]] == [
        ["decks/hal.txt\u200b: no such file; its name holds a character that shows as nothing (U+200B ZERO WIDTH "
         "SPACE); a file is named so without it: decks/hal.txt"],
        ["\ufeff\u200bdecks/hal.txt: no such file; its name holds characters that show as nothing (U+FEFF ZERO WIDTH "
         "NO-BREAK SPACE, U+200B ZERO WIDTH SPACE); a file is named so without them: decks/hal.txt"],
        ["decks/none.txt\u200b: no such file"],
        ["\u200b../secret.txt: no such file"],
        ["out\u200b/secret.txt: no such file"],  # `out` is a link out of the folder
    ]


def test_a_quoted_deck_path_is_no_hint_of_files_outside_the_event_folder(cli, tmp_path):
    """What the quotes hold is read inside the manifest's folder, as the path was confined
    as written: `'/etc/hostname'` or `'../secret.txt'` in a stranger's manifest gets "no such
    file" alone, never a hint that names the file outside or tells that it exists."""
    write(tmp_path, {"secret.txt": LEGAL_BURN, "event/decks/hal.txt": LEGAL_BURN,
                     "event/reg.csv": "player,deck\nann,'../secret.txt'\nbob,'decks/../../secret.txt'\n"
                                      f"cy,'{tmp_path / 'secret.txt'}'\n"})
    done, report = run_json(cli, str(tmp_path / "event" / "reg.csv"), "-f", "mtg/modern")
    assert done.returncode == 1, done.stdout + done.stderr
    assert [[problem["message"] for problem in result["problems"]] for result in report["results"]] == [
        ["'../secret.txt': no such file"],
        ["manifest line 3: deck path \"'decks/../../secret.txt'\": it points outside the manifest's folder "
         "(batch --allow-outside-paths accepts it for a manifest you wrote)"],
        [f"'{tmp_path / 'secret.txt'}': no such file"],
    ]


@pytest.mark.parametrize("source", ["reg.csv", "event.zip"])
def test_a_deck_whose_file_name_alone_differs_in_case_is_named_with_its_folder(cli, tmp_path, source):
    # Only the file's name differs (`decks/casedeck.TXT` for decks/CaseDeck.txt): the message
    # named `CaseDeck.txt`, which is no path beside the manifest, so the organiser who wrote it
    # into the manifest was told `no such file` again. The same from a zip (its temporary
    # folder never shows) and from validate, whose path is named as given.
    write(tmp_path, {"decks/CaseDeck.txt": LEGAL_BURN, "decks/Bob.TXT": LEGAL_BURN})
    (tmp_path / "reg.csv").write_text("player,deck\nann,decks/casedeck.TXT\nbob,decks\\bob.txt\n", encoding="utf-8")
    with zipfile.ZipFile(tmp_path / "event.zip", "w") as archive:
        for name in ("reg.csv", "decks/CaseDeck.txt", "decks/Bob.TXT"):
            archive.write(tmp_path / name, name)
    done, report = run_json(cli, str(tmp_path / source), "-f", "mtg/modern")
    assert done.returncode == 1, done.stdout + done.stderr
    hint = "no such file; a file differs only in case: decks/CaseDeck.txt (file names are case-sensitive here)"
    assert [[problem["message"] for problem in result["problems"]] for result in report["results"]] == [
        [f"decks/casedeck.TXT: {hint}"], [f"decks/bob.txt: {hint.replace('CaseDeck.txt', 'Bob.TXT')}"]]
    done = cli("validate", str(tmp_path / "decks" / "casedeck.TXT"), "-f", "mtg/modern")
    assert f"{tmp_path / 'decks' / 'casedeck.TXT'}: no such file; a file differs only in case: {tmp_path / 'decks' / 'CaseDeck.txt'} (" \
        in done.stdout, done.stdout


def test_a_deck_whose_name_differs_only_in_the_unicode_form_of_its_accents_says_so(cli, tmp_path):
    # A file named on a Mac (`Zoë.txt` with its ë stored as e and a combining diaeresis,
    # NFD) and its name typed in a spreadsheet (one character, NFC): the row said
    # `Zoë.txt: no such file`, naming a file the organiser could see in the folder.
    nfd, nfc = unicodedata.normalize("NFD", "Zoë.txt"), unicodedata.normalize("NFC", "Zoë.txt")
    write(tmp_path, {f"decks/{nfd}": LEGAL_BURN})
    (tmp_path / "reg.csv").write_text(f"player,deck\nzoe,decks/{nfc}\n", encoding="utf-8")
    done, report = run_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/modern")
    assert done.returncode == 1, done.stdout + done.stderr
    assert [problem["message"] for problem in report["results"][0]["problems"]] == [
        f"decks/{nfc}: no such file; a file differs only in how its accented letters are encoded: decks/{nfd} (the same "
        "letters stored in another Unicode form, as macOS may name files; rename the file, typing its name anew)"]


@pytest.mark.parametrize("header, suffix", [("player\tdeck", ".tsv"), ("Player,Deck,Team", ".csv"), ("deck;player", ".csv")])
def test_a_manifest_saved_as_txt_in_a_scanned_folder_is_said_to_be_one(cli, tmp_path, header, suffix):
    # Excel's "Text (Tab delimited)" saves a manifest as players.txt: a folder scan took it
    # for a decklist and listed three parse errors ("expected `COUNT Card Name`: 'player
    # deck'") and a main deck of 0 cards, saying nothing of what the file is.
    write(tmp_path, {"a.txt": LEGAL_BURN, "players.txt": header + "\nann\ta.txt\n"})
    done, report = run_json(cli, str(tmp_path), "-f", "mtg/modern")
    assert done.returncode == 1, done.stderr
    (result,) = [r for r in report["results"] if r["deck"] == "players.txt"]
    command = shlex.quote(str(tmp_path / f"players{suffix}"))
    assert [(p["rule"], p["message"]) for p in result["problems"]] == [(
        "registration",
        "players.txt looks like a manifest, not a decklist: its line 1 names the columns player and deck; a manifest is "
        f"read as .csv, .tsv, .yaml or .yml, and given itself: rename it players{suffix} and run `deckcheck batch {command}`",
    )]
    assert [r["legal"] for r in report["results"] if r["deck"] == "a.txt"] == [True]
    # Named itself, it is told the same.
    named = cli("batch", str(tmp_path / "players.txt"), "-f", "mtg/modern")
    assert named.returncode == 2 and named.stderr.splitlines() == [
        f"deckcheck: error: {tmp_path / 'players.txt'}: expected a folder of decklists, a manifest (.csv, .tsv, .yaml, .yml) "
        f"or a .zip of either; it looks like a manifest (its line 1 names the columns player and deck): rename it players{suffix}"
    ]


def test_a_decklist_whose_first_line_fails_is_not_taken_for_a_manifest(cli, tmp_path):
    write(tmp_path, {"a.txt": "deck player\n4 Lightning Bolt\n56 Mountain\n"})
    done, report = run_json(cli, str(tmp_path), "-f", "mtg/modern")
    assert [p["rule"] for p in report["results"][0]["problems"]] == ["parse-error"]
    # Its first line read as the list's title (no card has that name: a note on line 1) is
    # no manifest either; and as a card named with no count (a warning, then its
    # unknown-card error) without card data to tell.
    write(tmp_path, {"a.txt": "Deck player\n4 Lightning Bolt\n56 Mountain\n"})
    done, report = run_json(cli, str(tmp_path), "-f", "mtg/modern")
    assert [(p["rule"], p["severity"], p.get("line")) for p in report["results"][0]["problems"]] == [
        ("parse-error", "info", 1)]
    write(tmp_path, {"a.txt": "Deck player\n4 Lightning Bolt\n55 Mountain\n"})
    done, report = run_json(cli, str(tmp_path), "-f", "mtg/modern", "--no-cards")
    assert [(p["rule"], p["severity"], p.get("line")) for p in report["results"][0]["problems"]] == [
        ("parse-error", "warning", 1)]


@pytest.mark.parametrize("header, renames", [
    # Only English and Japanese questions were candidates: these got the missing columns and
    # the columns found, and no word of which to rename. A deck's name (`Deckname`, `Nom du
    # deck`, `Nome do baralho`) and a team's (`Nombre del equipo`) are none.
    ("Zeitstempel;Spieler;Deckname;Deckliste", "'Spieler' to 'player' and 'Deckliste' to 'deck'"),
    ("Horodateur,Nom,Nom du deck,Liste", "'Nom' to 'player' and 'Liste' to 'deck'"),
    ("Marca temporal,Nombre del equipo,Jugador,Mazo", "'Jugador' to 'player' and 'Mazo' to 'deck'"),
    ("Carimbo,Nome do jogador,Nome do baralho,Lista do baralho",
     "'Nome do jogador' to 'player' and 'Lista do baralho' to 'deck'"),
    ("Giocatore,Mazzo", "'Giocatore' to 'player' and 'Mazzo' to 'deck'"),
])
def test_a_form_in_another_language_is_told_which_columns_to_rename(cli, tmp_path, header, renames):
    (tmp_path / "reg.csv").write_text(header + "\n", encoding="utf-8")
    done = cli("batch", str(tmp_path / "reg.csv"), "-f", "mtg/modern")
    assert done.returncode == 2
    assert done.stderr.endswith(f"; rename column {renames}\n"), done.stderr



@pytest.mark.parametrize("header, told", [
    # A sign-up sheet that asks for the name in two questions: no column plainly asked for
    # the player (or French `Nom`, the family name, was said to be renamed 'player').
    ("First Name,Last Name,Deck", "the player's name is in two columns, 'First Name' and 'Last Name': "
                                  "join them into one column named 'player'"),
    ("Timestamp,Given name,Family name,Decklist", "rename column 'Decklist' to 'deck'; the player's name is in two "
                                                  "columns, 'Given name' and 'Family name': join them into one column "
                                                  "named 'player'"),
    ("Nom;Prénom;Liste", "rename column 'Liste' to 'deck'; the player's name is in two columns, 'Prénom' and 'Nom': "
                         "join them into one column named 'player'"),
    ("Vorname;Nachname;Deck", "the player's name is in two columns, 'Vorname' and 'Nachname': join them into one "
                              "column named 'player'"),
    # Russian, Korean, Chinese and Japanese: `Имя` (the given name) was to be renamed 'player',
    # dropping the surname (review31c).
    ("Фамилия,Имя,Колода", "rename column 'Колода' to 'deck'; the player's name is in two columns, 'Имя' and "
                           "'Фамилия': join them into one column named 'player'"),
    ("성,이름,덱", "rename column '덱' to 'deck'; the player's name is in two columns, '이름' and '성': join them into "
               "one column named 'player'"),
    ("姓,名,卡组", "rename column '卡组' to 'deck'; the player's name is in two columns, '名' and '姓': join them into "
               "one column named 'player'"),
    ("姓,名,デッキ", "rename column 'デッキ' to 'deck'; the player's name is in two columns, '名' and '姓': join them "
                "into one column named 'player'"),
])
def test_a_player_name_split_in_two_columns_is_told_to_be_joined(cli, tmp_path, header, told):
    (tmp_path / "reg.csv").write_text(header + "\nAnn,Lee,decks/ann.txt\n", encoding="utf-8")
    done = cli("batch", str(tmp_path / "reg.csv"), "-f", "mtg/modern")
    assert done.returncode == 2
    assert done.stderr.endswith(f"; {told}\n"), done.stderr


@pytest.mark.parametrize("header, told", [
    # A team sign-up form that asks once per team, a player and a deck question for each
    # seat: the error listed the columns found and nothing of what to do with them.
    ("Timestamp,Team name,Player A,Deck A,Player B,Deck B,Player C,Deck C", "Player A, Player B, Player C"),
    ("Team,Seat A player,Seat A decklist,Seat B player,Seat B decklist", "Seat A player, Seat B player"),
    ("Team;Player 1;Player 2;Decklist", "Player 1, Player 2"),
])
def test_a_form_of_one_row_per_team_is_told_to_give_a_row_per_player(cli, tmp_path, header, told):
    (tmp_path / "reg.csv").write_text(header + "\n", encoding="utf-8")
    done = cli("batch", str(tmp_path / "reg.csv"), "-f", "mtg/legacy")
    assert done.returncode == 2
    assert done.stderr.endswith(
        f"; one row asks for several players ({told}): a manifest has a row for each player, with their deck "
        "and, for a team, its name in a 'team' column and their seat in a 'seat' column\n"), done.stderr


# ------------------------------------------------------------------ a manifest away from its decks


def test_a_manifest_whose_decks_lie_from_the_current_folder_not_its_own_says_where_paths_are_read(cli, tmp_path):
    """`deckcheck batch forms/reg.csv` run where `decks/ann.txt` is: the manifest's paths are
    read from its own folder, so each deck was 'decks/ann.txt: no such file', of a file the
    organiser could see, and nothing said why. A note after the report says it, once; the
    report itself is unchanged (the rows stay NOT CHECKED: the manifest names no file)."""
    write(tmp_path, {
        "decks/ann.txt": LEGAL_BURN, "decks/bob.txt": LEGAL_ISLANDS, "forms/decks/cy.txt": LEGAL_ISLANDS,
        "forms/reg.csv": "player,deck\nann,decks/ann.txt\nbob,decks/bob.txt\ncy,decks/cy.txt\ndee,decks/dee.txt\n",
    })
    done = cli("batch", "forms/reg.csv", "-f", "mtg/modern", "--date", DATE, "-q", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert "decks/ann.txt: no such file" in done.stdout
    assert done.stderr == (
        "deckcheck: note: forms/reg.csv names 2 deck files that are not in its folder (forms) but are in the "
        "current folder: decks/ann.txt and decks/bob.txt; a manifest's paths are read from the manifest's own folder: "
        "move the manifest beside its decks (or the decks beside it)\n")
    # A manifest in the current folder, or a deck missing everywhere, gets no such note.
    write(tmp_path, {"reg.csv": "player,deck\nann,decks/ann.txt\ndee,decks/dee.txt\n"})
    done = cli("batch", "reg.csv", "-f", "mtg/modern", "--date", DATE, "-q", cwd=tmp_path)
    assert done.returncode == 1 and done.stderr == ""
    # Nor does a file reached through a link, or a hidden one: the note tells a manifest
    # nothing of what lies outside the current folder, nor of hidden files (docs/security.md).
    outside = write(tmp_path / "outside", {"secret.txt": LEGAL_ISLANDS})
    (tmp_path / "event" / "far").parent.mkdir()
    (tmp_path / "event" / "far").symlink_to(outside, target_is_directory=True)
    write(tmp_path / "event", {".hidden/ann.txt": LEGAL_ISLANDS,
                               "forms/reg.csv": "player,deck\nann,far/secret.txt\nbob,.hidden/ann.txt\n"})
    done = cli("batch", "forms/reg.csv", "-f", "mtg/modern", "--date", DATE, "-q", cwd=tmp_path / "event")
    assert done.returncode == 1 and "far/secret.txt: no such file" in done.stdout
    assert done.stderr == ""


def test_a_manifest_naming_its_decks_without_their_folder_is_told_where_each_lies(cli, tmp_path):
    """A manifest beside `decks/` that names each file alone (`ann.txt`, as a form's upload
    is named): each row was 'ann.txt: no such file' and nothing said the file is one folder
    down. A note after the report names, for each, the one file of that name in the
    manifest's folder whose path ends in the path as written; a name two files have, a
    hidden one, or one in another folder (`old/eve.txt` for `decks/eve.txt`, last event's
    list) is not guessed at."""
    write(tmp_path, {
        "event/decks/ann.txt": LEGAL_BURN, "event/decks/day2/bob.txt": LEGAL_ISLANDS,
        "event/decks/cy.txt": LEGAL_ISLANDS, "event/old/cy.txt": LEGAL_ISLANDS, "event/.trash/dee.txt": SHORT,
        "event/old/eve.txt": SHORT, "event/day1/decks/fay.txt": LEGAL_ISLANDS,
        "event/reg.csv": "player,deck\nann,ann.txt\nbob,bob.txt\ncy,cy.txt\ndee,dee.txt\neve,decks/eve.txt\n"
                         "fay,decks/fay.txt\n",
    })
    done = cli("batch", "event/reg.csv", "-f", "mtg/modern", "--date", DATE, "-q", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert "ann.txt: no such file" in done.stdout  # the report is unchanged
    assert done.stderr == (
        "deckcheck: note: event/reg.csv names 3 deck files that are not where it says but elsewhere in its folder: "
        "ann.txt is decks/ann.txt, bob.txt is decks/day2/bob.txt and decks/fay.txt is day1/decks/fay.txt; "
        "write each deck's path from the manifest's folder\n")


def test_a_note_of_misplaced_decks_names_the_first_twenty_then_how_many_more(cli, tmp_path):
    write(tmp_path, {**{f"event/decks/p{index:02d}.txt": LEGAL_ISLANDS for index in range(23)},
                     "event/reg.csv": "player,deck\n" + "".join(f"p{index},p{index:02d}.txt\n" for index in range(23))})
    done = cli("batch", "event/reg.csv", "-f", "mtg/modern", "--date", DATE, "-q", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert "p19.txt is decks/p19.txt and 3 more; write each" in done.stderr and "p20.txt" not in done.stderr


@pytest.mark.parametrize("names", [
    ["Müller", "José", "Françoise", "Hélène"],  # ü é: Ÿ Ž in Windows-1252; ç è ê: bytes it leaves undefined
    ["Jörg Müller", "Anaïs"],
    ["Françoise Martin", "Hélène Dubois"],  # ç è and the letter after them: a Shift-JIS kanji each
])
def test_a_manifest_excel_for_mac_saved_as_csv_in_mac_roman_is_read_so(cli, tmp_path, names):
    """Excel for Mac's plain "CSV" is Mac OS Roman, where ü is the byte 0x9F and é 0x8E:
    read as Windows-1252 the players were 'MŸller', 'JosŽ' and 'Fran�oise' in every report
    and on their sheets. A file whose accents read as letters in Mac Roman but as signs,
    capitals inside words or no character at all in Windows-1252 is read as Mac Roman."""
    manifest = "player,deck\r" + "".join(f"{name},decks/a.txt\r" for name in names)
    write(tmp_path, {"decks/a.txt": LEGAL_ISLANDS, "reg.csv": manifest.encode("mac_roman")})
    done, report = run_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/modern")
    assert [result["player"] for result in report["results"]] == names


def test_a_gb2312_manifest_with_a_line_valid_in_utf_8_reads_its_names_without_a_warning(cli, tmp_path):
    """卢伟 in GB2312 is c2 ac ce b0, valid UTF-8 (`¬ΰ`): the manifest was read line by line
    as mixed UTF-8 and Windows-1252, its players `¬ΰ` and `ÕÅÎ°`, each row told to save it as UTF-8."""
    names = ["卢伟", "张伟", "李娜"]
    manifest = "player,deck\r\n" + "".join(f"{name},decks/a.txt\r\n" for name in names)
    write(tmp_path, {"decks/a.txt": LEGAL_ISLANDS, "reg.csv": manifest.encode("gb2312")})
    done, report = run_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/modern")
    assert [result["player"] for result in report["results"]] == names
    assert "UTF-8" not in done.stdout + done.stderr


def test_a_manifest_mixing_windows_1251_and_utf_8_rows_reads_each_in_its_own(cli, tmp_path):
    """Rows from Excel on Russian Windows and one added in UTF-8: the Russian rows were read
    as Windows-1252 (`Îëüãà Ñìèðíîâà`) and the UTF-8 row's warning named Windows-1252."""
    data = (b"player,deck\r\n" + "Ольга Смирнова,decks/a.txt\r\n".encode("cp1251")
            + "Сергей Волков,decks/b.txt\r\n".encode("utf-8") + "Иван Петров,decks/c.txt\r\n".encode("cp1251"))
    write(tmp_path, {"decks/a.txt": LEGAL_ISLANDS, "decks/b.txt": LEGAL_ISLANDS, "decks/c.txt": LEGAL_ISLANDS,
                     "reg.csv": data})
    done, report = run_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/modern")
    assert [result["player"] for result in report["results"]] == ["Ольга Смирнова", "Сергей Волков", "Иван Петров"]
    assert "written in UTF-8, the rest of the manifest in Windows-1251" in done.stdout


@pytest.mark.parametrize("names", [
    ["Müller", "José"],  # Western accents: Windows-1252's own letters (0xC0 and up)
    ["O’Brien", "Zoë"],  # a typographic apostrophe (0x92, Mac Roman's í) beside 0xEB
    ["O’Brien"],  # alone: an apostrophe between letters, as Windows writes it
    ["Jean–Paul Lefèvre"],  # an en dash between names (0x96, Mac Roman's ñ) and è (0xE8)
])
def test_a_windows_1252_manifest_is_not_taken_for_mac_roman(cli, tmp_path, names):
    manifest = "player,deck\r\n" + "".join(f"{name},decks/a.txt\r\n" for name in names)
    write(tmp_path, {"decks/a.txt": LEGAL_ISLANDS, "reg.csv": manifest.encode("cp1252")})
    done, report = run_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/modern")
    assert [result["player"] for result in report["results"]] == names


def test_a_deck_path_naming_a_folder_of_one_file_names_that_file(cli, tmp_path):
    """A form that files each player's upload in a folder of their own (`decks/ann/`): a row
    naming the folder was told 'is a directory, not a decklist; name the file in it' without
    the file. With one visible file in it, the message names it as the manifest would; a
    folder of two, or of a hidden file or a link only, stays as it was."""
    write(tmp_path, {"decks/ann/Ann Lee - list.txt": LEGAL_ISLANDS, "decks/bob/a.txt": LEGAL_ISLANDS,
                     "decks/bob/b.txt": LEGAL_ISLANDS, "decks/cy/.DS_Store": "x",
                     "reg.csv": "player,deck\nann,decks/ann\nbob,decks/bob\ncy,decks/cy\ndee,decks/dee\n"})
    (tmp_path / "decks" / "dee").mkdir()
    (tmp_path / "decks" / "dee" / "link.txt").symlink_to(tmp_path / "decks" / "bob" / "a.txt")
    done, report = run_json(cli, str(tmp_path / "reg.csv"), "-f", "mtg/modern")
    messages = {result["player"]: result["problems"][0]["message"] for result in report["results"]}
    assert messages == {
        "ann": "decks/ann: is a directory, not a decklist; name the file in it: decks/ann/Ann Lee - list.txt",
        "bob": "decks/bob: is a directory, not a decklist; name the file in it",
        "cy": "decks/cy: is a directory, not a decklist; name the file in it",
        "dee": "decks/dee: is a directory, not a decklist; name the file in it",
    }

def test_a_library_batch_to_dict_is_the_json_report_the_command_writes(cli, tmp_path, monkeypatch):
    """`check_source(...)` had no dict of its own: `batch.report.to_dict()`, the one there
    was, is validate's document (no `source`, `manifest`, `skipped`, `deck_checks`, and
    results without their player, team and manifest line). `BatchReport.to_dict()` is the
    document `deckcheck batch -o json` writes, written by the same writer."""
    from deckcheck.batch import check_source

    write(tmp_path, {
        "reg.csv": "player,team,deck\nann,Red,a.txt\nbob,Red,b.txt\n", "a.txt": LEGAL_BURN, "b.txt": SHORT, "notes.md": "# x\n",
    })
    monkeypatch.chdir(tmp_path)
    done = cli("batch", "reg.csv", "-f", "mtg/modern", "--date", DATE, "--deck-check", "1", "--seed", "7", "-o", "json",
               cwd=tmp_path)
    batch = check_source("reg.csv", "mtg/modern", date=DATE, deck_check=1, seed=7, jobs=1)
    assert batch.to_dict() == json.loads(done.stdout)
    assert {"source", "manifest", "skipped", "teams", "deck_checks"} <= set(batch.to_dict())


@pytest.mark.parametrize("deck", ["../outside.txt", "/etc/hostname", ".git/config", "C:\\decks\\a.txt"])
def test_a_manifest_deck_path_refused_is_not_checked_not_illegal(cli, tmp_path, deck):
    """A row whose deck path is refused (outside the manifest's folder, absolute, hidden, a
    drive letter) was never read, yet its verdict was ILLEGAL and the
    summary counted it among the illegal decks: it is NOT CHECKED, as a deck that could not
    be read and a link out of a folder are (docs/batch.md). The exit code stays 1."""
    write(tmp_path, {"event/reg.csv": f"player,deck\nann,a.txt\nbob,{deck}\n", "event/a.txt": LEGAL_BURN,
                     "outside.txt": LEGAL_BURN})
    done = cli("batch", "event/reg.csv", "-f", "mtg/modern", "--date", DATE, cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    [verdict] = [line for line in done.stdout.splitlines() if line.startswith("bob ")]
    assert "NOT CHECKED" in verdict, done.stdout
    assert "2 decks: 1 legal, 0 illegal, 1 could not be read" in done.stdout, done.stdout


def test_a_source_given_as_dash_is_told_standard_input_is_for_decks(cli, tmp_path):
    """`batch -` (a manifest piped in) was "-: no such file or folder", as if a file called
    `-` had gone missing: `-` reads standard input for a deck or a pool only."""
    done = cli("batch", "-", "-f", "mtg/modern", cwd=tmp_path, input="player,deck\nann,ann.txt\n")
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.splitlines()[-1] == (
        "deckcheck: error: -: standard input is read for a deck or a pool, never a manifest: "
        "give the manifest saved on disk")
