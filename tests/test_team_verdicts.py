"""Team verdicts through `deckcheck batch` (#14 item 4): a team is its members' decks
together (Magic Tournament Rules 8.5), and a manifest row given twice counts once."""
from __future__ import annotations

import json


def _write(tmp_path, decks: dict[str, str], manifest: str):
    for name, text in decks.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "players.csv").write_text(manifest, encoding="utf-8")
    return tmp_path / "players.csv"


def test_a_member_with_a_banned_card_makes_the_team_illegal(cli, tmp_path):
    manifest = _write(tmp_path, {"ann.txt": "1 Black Lotus\n59 Island\n", "bob.txt": "60 Island\n"},
                      "player,deck,team\nann,ann.txt,T1\nbob,bob.txt,T1\n")
    done = cli("batch", str(manifest), "-f", "mtg/legacy", "-o", "json")
    assert done.returncode == 1, done.stderr
    (team,) = json.loads(done.stdout)["teams"]
    assert team["legal"] is False
    assert [(p["rule"], p.get("card"), p.get("holders")) for p in team["problems"]] == [("banned", "Black Lotus", {"ann": 1})]
    text = cli("batch", str(manifest), "-f", "mtg/legacy")
    assert "team T1 (ann, bob) - mtg/legacy: ILLEGAL" in text.stdout


def test_a_duplicated_row_is_one_registration_problem_not_team_copy_limits(cli, tmp_path):
    decks = {"ann.txt": "4 Brainstorm\n4 Force of Will\n4 Ponder\n48 Island\n", "bob.txt": "60 Island\n"}
    manifest = _write(tmp_path, decks, "player,deck,team\nann,ann.txt,T1\nann,ann.txt,T1\nbob,bob.txt,T1\n")
    done = cli("batch", str(manifest), "-f", "mtg/legacy", "-o", "json")
    report = json.loads(done.stdout)
    (team,) = report["teams"]
    assert team["players"] == ["ann", "bob"]
    assert [p["rule"] for p in team["problems"]] == []
    rules = [p["rule"] for result in report["results"] for p in result["problems"]]
    assert rules == ["registration"]
    duplicate = report["results"][1]["problems"][0]
    assert duplicate["manifest_line"] == 3 and "already registered on manifest line 2" in duplicate["message"]
    assert done.returncode == 1  # the organiser fixes the manifest
    # As docs/batch.md says: the second row is ILLEGAL, the team keeps its members' first rows' verdict.
    assert [result["legal"] for result in report["results"]] == [True, False, True] and team["legal"] is True


def test_a_member_registration_problem_makes_the_team_illegal(cli, tmp_path):
    manifest = _write(tmp_path, {"a.txt": "60 Island\n", "b.txt": "60 Island\n"},
                      "player,deck,team,seat\nann,a.txt,Red,A\nbob,b.txt,Red,D\n")
    done = cli("batch", str(manifest), "-f", "mtg/legacy", "--date", "2024-06-01")
    assert done.returncode == 1, done.stderr
    assert "team Red (ann, bob) - mtg/legacy: ILLEGAL" in done.stdout
    assert "bob's registration: manifest line 3: seat 'D' is not one of A, B, C" in done.stdout
    assert done.stdout.splitlines()[-1] == "2 decks: 1 legal, 1 illegal; 1 team, 1 illegal"


def test_team_names_are_folded_like_player_names(cli, tmp_path):
    """`Blue Sky`, `blue sky` and `Blue  Sky` are one team, shown as first spelled, so
    unified construction is checked across all three decks."""
    decks = {"a.txt": "4 Brainstorm\n56 Island\n", "b.txt": "1 Brainstorm\n59 Island\n", "c.txt": "60 Island\n"}
    manifest = _write(tmp_path, decks, "player,deck,team\nann,a.txt,Blue Sky\nbob,b.txt,blue sky\ncy,c.txt,Blue  Sky\n")
    done = cli("batch", str(manifest), "-f", "mtg/legacy", "--date", "2024-06-01", "-o", "json")
    assert done.returncode == 1, done.stderr
    report = json.loads(done.stdout)
    (team,) = report["teams"]
    assert (team["team"], team["players"]) == ("Blue Sky", ["ann", "bob", "cy"])
    assert [(p["rule"], p["holders"]) for p in team["problems"]] == [("team-copy-limit", {"ann": 4, "bob": 1})]
    assert [result["team"] for result in report["results"]] == ["Blue Sky"] * 3


# A team column where the format has no rule across a team's decks (no copy limit, no
# restricted list, no team size, no registered pool: a limited event without pools): the
# rows were checked and the team listed LEGAL, and nothing said the team rules went unread.
NO_TEAM_RULES = [
    ("mtg/limited", True),   # no copy limit; the team registered no pool
    ("wow/limited", True),
    ("mtg/modern", False),   # Team Unified Construction: 4 copies per team
    ("mtg/team-sealed", False),  # a team format: its size is checked
]


def test_a_team_column_in_a_format_without_team_rules_is_said_once(cli, tmp_path):
    manifest = _write(tmp_path, {"ann.txt": "40 Mountain\n", "bob.txt": "40 Mountain\n", "cy.txt": "40 Mountain\n"},
                      "player,deck,team\nann,ann.txt,T1\nbob,bob.txt,T1\ncy,cy.txt,T2\n")
    for format_id, warned in NO_TEAM_RULES:
        done = cli("batch", str(manifest), "-f", format_id, "-o", "json")
        assert "Traceback" not in done.stderr
        lines = [line for line in done.stderr.splitlines() if "column 'team'" in line]
        if not warned:
            assert lines == [], (format_id, done.stderr)
            continue
        assert lines == [
            f"deckcheck: warning: {manifest}: column 'team' is read, but {format_id} has no team rules "
            "(no copy limit, restricted list, team size or registered pool to share): 2 teams (T1, T2) were "
            "checked as their members' decks only; give each team's pool in a `pool` column, "
            "or leave the column empty if the event is not played by teams"
        ], (format_id, done.stderr)
        # The report itself is as before: teams listed, their members' verdicts.
        assert [team["team"] for team in json.loads(done.stdout)["teams"]] == ["T1", "T2"]


MAX_HOLDERS_LISTED = 20  # deckcheck/limits.py: and the team sizes a team problem names


def test_a_format_files_many_team_sizes_are_named_cut_in_each_team_problem(cli, tmp_path):
    """A format file's `team.size` may list any number of sizes, and each team of the wrong
    size had all of them in its problem: 500,000 sizes (3.9 MB) in a batch of 200 one-player
    teams ran out of memory (3 GB, an internal error). Sizes are named once each, the first
    MAX_HOLDERS_LISTED of them, then how many more."""
    sizes = [2, 2, *range(3, 1_000), 2]  # as many as a list may hold (MAX_FORMAT_KINDS)
    (tmp_path / "teams.yaml").write_text(
        "game: mtg\nname: Big Teams\nextends: mtg/modern\nteam: {size: [" + ", ".join(map(str, sizes)) + "]}\n",
        encoding="utf-8")
    manifest = _write(tmp_path, {"ann.txt": "60 Island\n"},
                      "player,deck,team\n" + "".join(f"p{n},ann.txt,T{n}\n" for n in range(3)))
    done = cli("batch", str(manifest), "-f", str(tmp_path / "teams.yaml"), "-o", "json", "-q")
    assert done.returncode == 1, done.stderr
    assert len(done.stdout) < 100_000
    listed = ", ".join(map(str, range(2, 2 + MAX_HOLDERS_LISTED)))
    for team in json.loads(done.stdout)["teams"]:
        assert [problem["message"] for problem in team["problems"] if "teams have" in problem["message"]] == [
            f"team {team['team']} has 1 player; Big Teams teams have {listed} or 978 other sizes"]
