"""`deckcheck diff`: a registered decklist against the deck as found (deckcheck/paperwork/diff.py),
end to end through the installed command. Cases: tests/cases/diff/cases.yaml."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from caseload import CASES as CASE_DIR
from caseload import load

from deckcheck.schema import Int, ListOf, Str, Struct

DIFFERENCE = Struct({"zone": Str(non_empty=True), "card": Str(non_empty=True), "count": Int(1)}, required=("zone", "count"))
CASE = Struct({
    "name": Str(non_empty=True), "registered": Str(), "found": Str(), "exit": Int(0),
    "missing": ListOf(DIFFERENCE), "extra": ListOf(DIFFERENCE), "files": ListOf(Str(non_empty=True)),
    "format": Str(non_empty=True), "pool": Str(), "warnings": ListOf(Str(non_empty=True)),
    "notes": ListOf(Str(non_empty=True)),
}, required=("name", "registered", "found", "exit", "missing", "extra"))
CASES = load(CASE_DIR / "diff" / "cases.yaml", ListOf(CASE))


def _write(folder: Path, case: dict) -> tuple[Path, Path]:
    names = case.get("files", ["registered.txt", "found.txt"])
    registered, found = folder / names[0], folder / names[1]
    registered.write_text(case["registered"], encoding="utf-8")
    found.write_text(case["found"], encoding="utf-8")
    return registered, found


def _matches(expected: list[dict], actual: list[dict]) -> bool:
    return len(expected) == len(actual) and all(
        all(got.get(key) == want for key, want in wanted.items()) for wanted, got in zip(expected, actual)
    )


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_diff_cases(case, cli, tmp_path):
    registered, found = _write(tmp_path, case)
    options = ("-f", case["format"]) if "format" in case else ()
    if "pool" in case:
        (tmp_path / "pool.txt").write_text(case["pool"], encoding="utf-8")
        options += ("--pool", str(tmp_path / "pool.txt"))
    done = cli("diff", str(registered), str(found), "-o", "json", *options)
    assert done.returncode == case["exit"], done.stderr
    report = json.loads(done.stdout)
    assert report["same"] is (case["exit"] == 0)
    assert report["message"] == ("decklist and deck differ" if case["exit"] else "decklist and deck are the same")
    assert _matches(case["missing"], report["missing"]), report["missing"]
    assert _matches(case["extra"], report["extra"]), report["extra"]
    for difference in report["missing"] + report["extra"]:
        assert difference["count"] == abs(difference["registered"] - difference["found"])
    # Warnings on stderr, `{pool}` standing for the pool file's path.
    for warning in case.get("warnings", []):
        assert f"deckcheck: warning: {warning.replace('{pool}', str(tmp_path / 'pool.txt'))}" in done.stderr
    # Notes, every one and no other, `{registered}` and `{found}` standing for the lists' paths.
    if "notes" in case:
        notes = [line for line in done.stderr.splitlines() if line.startswith("deckcheck: note: ")]
        said = [note.replace('{registered}', str(registered)).replace('{found}', str(found)) for note in case["notes"]]
        assert notes == [f"deckcheck: note: {note}" for note in said], done.stderr
        # The notes on which reading of a doubtful layout was compared are in the JSON too
        # (`reading_notes`, docs/contracts.md), and the key only when there are some.
        readings = [note for note in said if ": its last blank-line group (" in note]
        assert report.get("reading_notes", []) == readings and ("reading_notes" in report) is bool(readings)


def test_text_output_names_what_is_missing_and_extra(cli, tmp_path):
    registered, found = _write(tmp_path, CASES[0])
    done = cli("diff", str(registered), str(found))
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert lines[0] == f"decklist and deck differ: {registered} (registered) and {found} (found)"
    assert lines[1] == "Missing from the deck (registered, not found):"
    assert lines[2].split() == ["main", "4", "Lightning", "Bolt", "(registered", "4,", "found", "0)"]
    assert lines[3].split()[:3] == ["main", "1", "Mountain"]
    assert lines[4] == "Extra in the deck (found, not registered):"
    assert lines[5].split()[:4] == ["main", "4", "Chain", "Lightning"]


def test_the_same_deck_in_another_file_format_is_the_same(cli, tmp_path):
    """Any supported format on either side: the registered text against its .dek export."""
    registered, _ = _write(tmp_path, CASES[0])
    exported = cli("convert", str(registered), "--to", "dek")
    assert exported.returncode == 0, exported.stderr
    found = tmp_path / "found.dek"
    found.write_text(exported.stdout, encoding="utf-8")
    done = cli("diff", str(registered), str(found))
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("decklist and deck are the same:")


def test_a_commander_filed_in_another_zone_without_a_format_says_to_give_one(cli, tmp_path):
    """Without -f the lists are compared as written: a commander in one list's `Commander`
    section and in the other's sideboard (an MTGO export) differs, and a note says the
    format reads both alike; a card really moved between main and sideboard gets none."""
    registered, found, done = _against_a_moxfield_commander(cli, tmp_path, "1 Sol Ring\n98 Plains\n\n1 Tymna the Weaver\n")
    assert done.stderr.splitlines() == [
        "deckcheck: note: Tymna the Weaver is in the command zone of one list and the sideboard of the other: "
        "a Commander deck's files name the commander their own ways; give its format (such as -f mtg/commander) to "
        "read both as validate does"]
    assert cli("diff", str(registered), str(found), "-f", "mtg/commander").returncode == 0
    registered, found = _write(tmp_path, CASES[2])
    done = cli("diff", str(registered), str(found))
    assert done.returncode == 1 and done.stderr == "", done.stderr


def test_partner_commanders_filed_in_another_zone_are_both_named(cli, tmp_path):
    """Two partners in one list's `Commander` section and the other's sideboard (an MTGO
    export): the note names both, not the first alone (which read as if only it had moved)."""
    registered = tmp_path / "moxfield.txt"
    registered.write_text("Commander\n1 Kraum, Ludevic's Opus\n1 Tymna the Weaver\n\nDeck\n1 Sol Ring\n97 Plains\n",
                          encoding="utf-8")
    found = tmp_path / "mtgo.txt"
    found.write_text("1 Sol Ring\n97 Plains\n\n1 Kraum, Ludevic's Opus\n1 Tymna the Weaver\n", encoding="utf-8")
    done = cli("diff", str(registered), str(found))
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "deckcheck: note: \"Kraum, Ludevic's Opus\" and 'Tymna the Weaver' are in the command zone of one list and the "
        "sideboard of the other: a Commander deck's files name the commander their own ways; give its format (such as "
        "-f mtg/commander) to read both as validate does"]
    assert cli("diff", str(registered), str(found), "-f", "mtg/commander").returncode == 0


def test_a_commander_on_a_flat_lists_first_line_gets_no_note_that_a_format_would_not_mend(cli, tmp_path):
    """A flat export with the commander on its first line: giving the format leaves it in
    the main deck (only a list of blank-line groups has its commander moved), so no note
    sends the user there (review)."""
    _, _, done = _against_a_moxfield_commander(cli, tmp_path, "1 Tymna the Weaver\n1 Sol Ring\n98 Plains\n")
    assert done.stderr == "", done.stderr


def test_a_cockatrice_commander_in_main_gets_the_note_since_a_format_reads_its_cdr_line(cli, tmp_path):
    """A Cockatrice file lists its commander in `main` and names it on a `CDR:` comment line,
    which a Commander format reads as the command zone: against a list with a `Commander`
    section, the lists differ without -f, and the note says -f reads them alike (it does)."""
    cod = ('<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n'
           "<deckname>Tymna</deckname>\n<comments>CDR: Tymna the Weaver</comments>\n"
           '<zone name="main">\n<card number="1" name="Tymna the Weaver"/>\n<card number="1" name="Sol Ring"/>\n'
           '<card number="98" name="Plains"/>\n</zone>\n</cockatrice_deck>\n')
    registered, found, done = _against_a_moxfield_commander(cli, tmp_path, cod, found_name="tymna.cod")
    assert done.stderr.splitlines() == [
        "deckcheck: note: Tymna the Weaver is in the command zone of one list and the main deck of the other, "
        "which names it as its commander: a Commander deck's files name the commander their own ways; give its "
        "format (such as -f mtg/commander) to read both as validate does"]
    assert cli("diff", str(registered), str(found), "-f", "mtg/commander").returncode == 0


def _against_a_moxfield_commander(cli, tmp_path, found_text: str, *, found_name: str = "found.txt"):
    """A Moxfield export with Tymna in its `Commander` section, diffed (no format) against
    `found_text` (in a file `found_name`: its extension picks the parser): (registered,
    found, the finished run), which must say they differ."""
    registered = tmp_path / "moxfield.txt"
    registered.write_text("Commander\n1 Tymna the Weaver\n\nDeck\n1 Sol Ring\n98 Plains\n", encoding="utf-8")
    found = tmp_path / found_name
    found.write_text(found_text, encoding="utf-8")
    done = cli("diff", str(registered), str(found))
    assert done.returncode == 1
    return registered, found, done


def test_names_are_made_canonical_with_the_formats_card_data(cli, tmp_path, shared_cards_db):
    """A front face against the full name of a double-faced card is the same card once card
    data names both."""
    registered = tmp_path / "registered.txt"
    found = tmp_path / "found.txt"
    registered.write_text("4 Delver of Secrets\n56 Island\n", encoding="utf-8")
    found.write_text("4 Delver of Secrets // Insectile Aberration\n56 Island\n", encoding="utf-8")
    done = cli("diff", str(registered), str(found), "-f", "mtg/legacy", "--cards-db", str(shared_cards_db), "-o", "json")
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(done.stdout)["same"] is True


def test_a_name_the_card_data_lacks_is_a_warning_naming_the_card_meant(cli, tmp_path, sample_cards_db):
    """A deck typed up at the table with a typo differs from its list by that card: the
    judge is told it is no card's name, and which card it may be, before calling it extra."""
    registered = tmp_path / "registered.txt"
    found = tmp_path / "found.txt"
    registered.write_text("2 Grizzly Bears\n38 Forest\n", encoding="utf-8")
    found.write_text("38 Forest\n2 Grizly Bears\n", encoding="utf-8")
    done = cli("diff", str(registered), str(found), "-f", "mtg/limited", "--cards-db", str(sample_cards_db), "--offline")
    assert done.returncode == 1
    assert "Extra in the deck (found, not registered):" in done.stdout and "Grizly Bears" in done.stdout
    assert done.stderr.splitlines()[:1] == [
        f"deckcheck: warning: {found} line 2: unknown card 'Grizly Bears': no card of that name in the card database"
        " (did you mean Grizzly Bears?)",
    ]
    # Then the note of a limited sideboard neither list states (compared without --pool).
    assert done.stderr.splitlines()[1:] == [
        "deckcheck: note: sideboard not compared: in a limited event it is the rest of the pool, which neither list "
        "states; type the deck's sideboard up too and give the registered pool (--pool POOL) to compare it"
    ]


def test_many_names_the_card_data_lacks_are_warned_of_a_few_one_by_one_then_in_one_line(cli, tmp_path):
    """A list of names no card has (another game's list, a list in another language) was a
    warning a name, up to MAX_DECK_ENTRIES lines on stderr before the report. The first few
    of each list are warned of one by one, with the cards meant; the rest in one line
    naming a few of them and how many more, as wording.named_few words such lists."""
    from deckcheck.limits import MAX_HOLDERS_LISTED

    UNKNOWN_WARNED = 5  # deckcheck/paperwork/diff.py
    count = UNKNOWN_WARNED + MAX_HOLDERS_LISTED + 7
    registered = tmp_path / "registered.txt"
    found = tmp_path / "found.txt"
    registered.write_text("".join(f"1 Fake Card {number}\n" for number in range(count)), encoding="utf-8")
    found.write_text("1 Lightning Bolt\n1 Fake Card 0\n", encoding="utf-8")
    done = cli("diff", str(registered), str(found), "-f", "mtg/vintage")
    assert done.returncode == 1
    lines = done.stderr.splitlines()
    assert len(lines) == UNKNOWN_WARNED + 2  # registered's few and one line, found's one
    assert all(line.startswith(f"deckcheck: warning: {registered} line ") for line in lines[:UNKNOWN_WARNED])
    shown = ", ".join(f"'Fake Card {number}' (line {number + 1})"
                      for number in range(UNKNOWN_WARNED, UNKNOWN_WARNED + MAX_HOLDERS_LISTED))
    assert lines[UNKNOWN_WARNED] == (
        f"deckcheck: warning: {registered}: {count - UNKNOWN_WARNED} more names no card of the card data has: "
        f"{shown}, and 7 more")
    assert lines[-1].startswith(f"deckcheck: warning: {found} line 2: unknown card 'Fake Card 0'")


@pytest.mark.parametrize("which", ["registered", "found"])
def test_an_unreadable_list_exits_2_with_one_line(cli, tmp_path, which):
    registered, found = _write(tmp_path, CASES[0])
    missing = tmp_path / "missing.txt"
    args = (missing, found) if which == "registered" else (registered, missing)
    done = cli("diff", *map(str, args))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [f"deckcheck: error: {missing}: no such file"]


def test_unreadable_lines_are_listed_and_nothing_is_compared(cli, tmp_path):
    registered, found = _write(tmp_path, CASES[0])
    found.write_text("4 Chain Lightning\nfour Goblin Guide\n", encoding="utf-8")
    done = cli("diff", str(registered), str(found))
    assert done.returncode == 2
    assert done.stdout == ""
    assert f"{found} line 2: " in done.stderr
    assert done.stderr.splitlines()[-1].startswith("deckcheck: error: 1 unreadable line: fix it and")
    assert "Traceback" not in done.stderr


def test_two_unreadable_lines_are_them_and_one_is_it(cli, tmp_path):
    """`2 unreadable lines: fix them`, and `1 unreadable line: fix it` (it was `fix them`)."""
    registered, found = _write(tmp_path, CASES[0])
    found.write_text("4 Chain Lightning\nfour Goblin Guide\nthree Mountain\n", encoding="utf-8")
    done = cli("diff", str(registered), str(found))
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1].startswith("deckcheck: error: 2 unreadable lines: fix them and"), done.stderr


def test_a_pool_with_unreadable_lines_is_listed_and_nothing_is_compared(cli, tmp_path):
    """The pool is a list too: its lines that cannot be read are told, as a deck's are, and
    nothing is compared (exit 2). Its cards were left out of the sideboard the pool makes,
    and a player who had them read as holding cards that were not registered."""
    registered, found, pool = tmp_path / "registered.txt", tmp_path / "found.txt", tmp_path / "pool.txt"
    registered.write_text("2 Lightning Bolt\n10 Goblin Piker\n28 Mountain\n", encoding="utf-8")
    found.write_text("2 Lightning Bolt\n10 Goblin Piker\n28 Mountain\n\nSideboard\n10 Goblin Piker\n3 Grizzly Bears\n",
                     encoding="utf-8")
    pool.write_text("2 Lightning Bolt\n20 Goblin Piker\nthree Grizzly Bears\n", encoding="utf-8")
    done = cli("diff", str(registered), str(found), "-f", "mtg/limited", "--pool", str(pool))
    assert (done.returncode, done.stdout) == (2, ""), done.stdout
    assert f"pool {pool} line 3: " in done.stderr
    assert done.stderr.splitlines()[-1].startswith("deckcheck: error: 1 unreadable line: fix it and")


def test_a_limited_sideboard_left_uncompared_is_said_and_pool_mistakes_are_usage_errors(cli, tmp_path):
    """A sealed deck registered by its main deck: the sideboard at the table is the rest of
    the pool, so without the pool it is not compared, and stderr says so and how to."""
    registered, found = tmp_path / "registered.txt", tmp_path / "found.txt"
    registered.write_text("2 Lightning Bolt\n38 Mountain\n", encoding="utf-8")
    found.write_text("2 Lightning Bolt\n38 Mountain\n\nSideboard\n3 Grizzly Bears\n", encoding="utf-8")
    done = cli("diff", str(registered), str(found), "-f", "mtg/limited")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("decklist and deck are the same: ")
    assert done.stderr.splitlines() == [
        "deckcheck: note: sideboard not compared: in a limited event it is the rest of the pool, which the registered"
        " list does not state; give the registered pool (--pool POOL) to compare it",
    ]
    report = json.loads(cli("diff", str(registered), str(found), "-f", "mtg/limited", "-o", "json").stdout)
    assert report["same"] is True and report["not_compared"].startswith("sideboard not compared: ")
    assert report["counts"]["found"] == {"main": 40, "sideboard": 3}
    pool = tmp_path / "pool.txt"
    pool.write_text("2 Lightning Bolt\n2 Grizzly Bears\n", encoding="utf-8")
    done = cli("diff", str(registered), str(found), "-f", "mtg/limited", "--pool", str(pool))
    assert done.returncode == 1 and done.stderr == ""
    assert "  sideboard   1 Grizzly Bears  (registered 2, found 3)" in done.stdout
    for options in (["--pool", str(pool)], ["-f", "mtg/modern", "--pool", str(pool)],
                    ["-f", "mtg/limited", "--pool", str(tmp_path / "none.txt")]):
        done = cli("diff", str(registered), str(found), *options)
        assert done.returncode == 2, options
        assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("deckcheck: error: "), done.stderr


def test_a_pool_leaves_a_found_deck_without_sideboard_uncompared_and_counts_both_lists_as_given(cli, tmp_path):
    """--pool makes the sideboard the registered list does not state; a deck found with none
    stated was typed up without it, so its sideboard is not compared either (as without
    --pool). `counts` are both lists as given: not the pool's rest made up for one side."""
    registered, found, pool = tmp_path / "registered.txt", tmp_path / "found.txt", tmp_path / "pool.txt"
    registered.write_text("2 Lightning Bolt\n38 Mountain\n", encoding="utf-8")
    found.write_text("2 Lightning Bolt\n38 Mountain\n", encoding="utf-8")
    pool.write_text("2 Lightning Bolt\n20 Goblin Piker\n", encoding="utf-8")
    done = cli("diff", str(registered), str(found), "-f", "mtg/limited", "--pool", str(pool), "-o", "json")
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout)
    assert report["not_compared"] == (
        "sideboard not compared: the deck as found states none; type its sideboard up too to compare it "
        "with the rest of the pool"
    )
    assert done.stderr == f"deckcheck: note: {report['not_compared']}\n"
    assert report["counts"] == {"registered": {"main": 40, "sideboard": 0}, "found": {"main": 40, "sideboard": 0}}
    found.write_text("2 Lightning Bolt\n38 Mountain\n\nSideboard\n20 Goblin Piker\n4 Forest\n", encoding="utf-8")
    report = json.loads(cli("diff", str(registered), str(found), "-f", "mtg/limited", "--pool", str(pool), "-o", "json").stdout)
    assert report["same"] is True and "not_compared" not in report
    assert report["counts"] == {"registered": {"main": 40, "sideboard": 0}, "found": {"main": 40, "sideboard": 24}}


def test_a_limited_sideboard_neither_list_states_is_said_uncompared_without_a_pool(cli, tmp_path):
    """A sealed deck registered and typed up at the table by its main deck alone, compared
    without --pool: the sideboard, the rest of the pool, is compared no more than with a pool,
    and docs/contracts.md gives `not_compared` "when the registered list states none and no
    --pool was given". Nothing was said: "decklist and deck are the same" read as a whole
    deck checked, while with --pool the same lists were told their sideboard was not."""
    registered, found = tmp_path / "registered.txt", tmp_path / "found.txt"
    registered.write_text("2 Lightning Bolt\n38 Mountain\n", encoding="utf-8")
    found.write_text("2 Lightning Bolt\n38 Mountain\n", encoding="utf-8")
    done = cli("diff", str(registered), str(found), "-f", "mtg/limited", "-o", "json")
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout)
    assert report["same"] is True
    assert report.get("not_compared") == (
        "sideboard not compared: in a limited event it is the rest of the pool, which neither list states; "
        "type the deck's sideboard up too and give the registered pool (--pool POOL) to compare it"
    )
    assert done.stderr == f"deckcheck: note: {report['not_compared']}\n"
    # A constructed deck has no pool: a list with no sideboard is one of none, said nothing of.
    done = cli("diff", str(registered), str(found), "-f", "mtg/modern")
    assert (done.returncode, done.stderr) == (0, "")


def test_a_wow_limited_side_deck_left_uncompared_is_called_the_side_deck(cli, tmp_path):
    """WoW TCG sealed: the note on the side deck left uncompared names it in the game's words,
    as validate and diff's other notes do; it said "sideboard not compared ... type its
    sideboard up", Magic's word for a zone no WoW player calls so."""
    registered, found, pool = tmp_path / "registered.txt", tmp_path / "found.txt", tmp_path / "pool.txt"
    registered.write_text("Hero: Graccus\n30 Ironforge Guards\n", encoding="utf-8")
    found.write_text("Hero: Graccus\n30 Ironforge Guards\n", encoding="utf-8")
    pool.write_text("30 Ironforge Guards\n4 Offender Gora\n", encoding="utf-8")
    done = cli("diff", str(registered), str(found), "-f", "wow/limited", "--pool", str(pool))
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stderr == ("deckcheck: note: side deck not compared: the deck as found states none; type its side deck "
                           "up too to compare it with the rest of the pool\n")
    found.write_text("Hero: Graccus\n30 Ironforge Guards\n\nSide deck\n4 Offender Gora\n", encoding="utf-8")
    done = cli("diff", str(registered), str(found), "-f", "wow/limited")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stderr == ("deckcheck: note: side deck not compared: in a limited event it is the rest of the pool, "
                           "which the registered list does not state; give the registered pool (--pool POOL) to "
                           "compare it\n")


@pytest.mark.parametrize(("options", "error"), [
    ([], "--pool compares a limited event's sideboard: give its format too (-f mtg/limited)"),
    (["-f", "mtg/modern"], "--pool compares a limited event's sideboard: mtg/modern is not a limited format "
                           "(no `pool` key); give the event's limited format (-f mtg/limited)"),
])
def test_a_pool_without_a_limited_format_says_what_is_wrong(cli, tmp_path, options, error):
    registered = tmp_path / "registered.txt"
    registered.write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    done = cli("diff", str(registered), str(registered), *options, "--pool", str(registered))
    assert done.returncode == 2
    assert done.stderr == f"deckcheck: error: {error}\n"


def test_a_companion_named_in_one_list_only_gets_a_note(cli, tmp_path):
    """The card is compared in the sideboard; which card a list names as its companion is
    said on stderr, not counted as a card missing or extra."""
    registered = tmp_path / "registered.txt"
    registered.write_text("Companion\n1 Lurrus of the Dream-Den\n\nDeck\n4 Tarmogoyf\n56 Forest\n\n"
                          "Sideboard\n1 Lurrus of the Dream-Den\n14 Island\n", encoding="utf-8")
    found = tmp_path / "found.txt"
    found.write_text("4 Tarmogoyf\n56 Forest\n\n1 Lurrus of the Dream-Den\n14 Island\n", encoding="utf-8")
    done = cli("diff", str(registered), str(found))
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("decklist and deck are the same:")
    assert (f"deckcheck: note: Lurrus of the Dream-Den is named as the companion in {registered} only; "
            "a companion is a sideboard card, compared there") in done.stderr


def test_a_list_that_holds_no_card_gets_a_note_beside_the_differences(cli, tmp_path):
    # An empty registration (saved empty, or the wrong file) against the deck found made every
    # card extra without a word of why: the note says the list holds nothing, as validate does.
    (tmp_path / "registered.txt").write_text("// nothing yet\n", encoding="utf-8")
    (tmp_path / "found.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    done = cli("diff", "registered.txt", "found.txt", cwd=tmp_path)
    assert done.returncode == 1
    assert "Extra in the deck (found, not registered):" in done.stdout
    assert done.stderr.splitlines() == [
        "deckcheck: note: registered.txt: the list holds no cards (it is empty, or holds only blank lines, comments and "
        "headings): write the decklist into it"
    ]


def test_a_magic_list_with_a_name_in_japanese_is_not_read_as_yu_gi_oh(cli, tmp_path):
    """A few names in Japanese among others (稲妻, Lightning Bolt in Japanese Magic) are no
    OCG player's list: diff without -f read both lists through the Yu-Gi-Oh! card data and
    warned that every Magic card was no Yu-Gi-Oh! card. Only a list named mostly by Yu-Gi-Oh!
    Japanese names is (tests/cases/diff: an OCG list against its English copy)."""
    deck = "4 稲妻\n4 Lightning Bolt\n24 Island\n24 Mountain\n"
    (tmp_path / "a.txt").write_text(deck, encoding="utf-8")
    (tmp_path / "b.txt").write_text(deck, encoding="utf-8")
    done = cli("diff", str(tmp_path / "a.txt"), str(tmp_path / "b.txt"))
    assert done.returncode == 0, done.stderr
    assert "Yu-Gi-Oh!" not in done.stderr and "warning" not in done.stderr, done.stderr
