"""Issue #18 (and #14 item 12): what deckcheck prints and how much, when the input is
hostile. Output stays small whatever a file holds, no name can forge a GitHub workflow
command or send a terminal escape, and a file that is not text is one clear problem
(docs/security.md)."""
from __future__ import annotations

import datetime
import json
import re
import time
import zipfile

import pytest
from conftest import run_cli
from files import write

from deckcheck.decklists import parse_text
from deckcheck.problem import ERROR, WARNING, Problem

# The limits of deckcheck/limits.py (docs/security.md), as the tests expect them.
MAX_UNREADABLE_LINES = 25
MAX_PROBLEMS_PER_DECK = 500
MAX_PROBLEMS_PER_REPORT = 50_000

LEGAL = "4 Lightning Bolt\n56 Mountain\n"
FORMAT = "mtg/constructed"
FORGED = "FORGED-ANNOTATION"
JUNK = b"a\n" * ((4 << 20) // 2 - 8)  # just under 4 MiB of short lines that are not cards


def _forged_lines(text: str) -> list[str]:
    """Lines the GitHub runner would take for a command planted by a name: one that starts
    (after blanks) with the planted command, or holds the legacy `##[` anywhere. (A name
    inside the github reporter's own command is that command's escaped data.)"""
    return [line for line in text.splitlines()
            if line.lstrip().startswith((f"::error::{FORGED}", "::stop-commands")) or "##[" in line]


# ---------------------------------------------------------------- amplification (#18 item 2)


def test_a_file_of_junk_lines_is_a_few_problems_not_millions(cli, tmp_path):
    write(tmp_path, {"junk.txt": JUNK})
    started = time.monotonic()
    done = cli("validate", "junk.txt", "-f", FORMAT, "-o", "sarif", cwd=tmp_path)
    assert time.monotonic() - started < 30
    assert done.returncode == 1 and len(done.stdout) < 200_000
    results = json.loads(done.stdout)["runs"][0]["results"]
    assert len(results) == MAX_UNREADABLE_LINES + 2  # the lines listed, the stop, the deck size
    assert any("not a decklist? none of its first 25 card lines could be read; stopped reading, "
               f"{len(JUNK) // 2 - 25:,} more lines not read" == result["message"]["text"] for result in results)


def test_unreadable_lines_among_cards_are_counted_past_the_limit():
    deck = parse_text("4 Lightning Bolt\n" + "junk line\n" * 1000 + "56 Mountain\n")
    lines = [problem for problem in deck.problems if problem.line is not None]
    assert len(lines) == MAX_UNREADABLE_LINES
    assert deck.problems[-1].message == f"{1000 - MAX_UNREADABLE_LINES:,} more unreadable lines not listed (only the first 25 are)"
    assert deck.problems[-1].severity == ERROR
    assert sum(entry.count for entry in deck.entries) == 60


def test_warnings_past_the_limit_stay_warnings():
    deck = parse_text("4 Lightning Bolt\n" + "0 Island\n" * 100)
    assert deck.problems[-1].severity == WARNING and deck.problems[-1].message.startswith("75 more unreadable lines")


def test_a_zip_of_junk_files_stays_small(cli, tmp_path):
    """The 16.7 KB zip of the issue took a batch to 8.6 GB."""
    with zipfile.ZipFile(tmp_path / "regs.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for index in range(4):
            archive.writestr(f"junk{index}.txt", JUNK)
        archive.writestr("ok.txt", LEGAL)
    assert (tmp_path / "regs.zip").stat().st_size < 20_000
    done = cli("batch", str(tmp_path / "regs.zip"), "-f", FORMAT, "-o", "json", "-q")
    assert done.returncode == 1 and len(done.stdout) < 100_000
    results = {result["deck"]: result for result in json.loads(done.stdout)["results"]}
    assert results["ok.txt"]["legal"]
    assert all(len(results[f"junk{index}.txt"]["problems"]) == MAX_UNREADABLE_LINES + 2 for index in range(4))


def test_problems_per_deck_are_capped_with_one_that_counts_the_rest(cli, tmp_path):
    names = "".join(f"5 Card Number {index}\n" for index in range(MAX_PROBLEMS_PER_DECK + 100))
    write(tmp_path, {"many.txt": names})
    done = cli("validate", "many.txt", "-f", FORMAT, "-o", "json", "--no-cards", cwd=tmp_path)
    problems = json.loads(done.stdout)["results"][0]["problems"]
    assert len(problems) == MAX_PROBLEMS_PER_DECK + 1
    last = problems[-1]
    assert (last["rule"], last["severity"], last["count"]) == ("problems-not-listed", "error", 100)
    assert last["message"] == "100 more problems not listed: a deck lists at most 500 problems"


def test_the_report_budget_keeps_every_verdict():
    from deckcheck.problem import ProblemBudget

    budget = ProblemBudget(limit=3)
    warning = Problem(rule="not-in-pool", message="w", severity=WARNING)
    error = Problem(rule="banned", message="e")
    assert budget.take([warning, warning]) == [warning, warning]
    kept = budget.take([warning, warning, error])
    assert kept[:2] == [warning, error]  # the first error always stays: the deck stays illegal
    assert kept[2].rule == "problems-not-listed" and kept[2].count == 1
    later = budget.take([warning, error, error])
    assert [problem.rule for problem in later] == ["not-in-pool", "banned", "problems-not-listed"]
    assert later[2].severity == ERROR and budget.take([warning]) == [warning]
    assert ProblemBudget().limit == MAX_PROBLEMS_PER_REPORT


def test_xml_text_in_one_element_is_linear():
    """`text += data` per chunk took minutes on a .dek of newlines inside one element."""
    body = '<?xml version="1.0"?><Deck><NetDeckID>' + "\n" * 1_500_000 + "</NetDeckID>" \
        + '<Cards CatID="1" Quantity="60" Sideboard="false" Name="Island"/></Deck>'
    started = time.monotonic()
    deck = parse_text(body, source="slow.dek")
    assert time.monotonic() - started < 5
    assert [(entry.name, entry.count) for entry in deck.entries] == [("Island", 60)]


# ---------------------------------------------------------------- not text (#14 item 12)


@pytest.mark.parametrize("name, data, kind", [
    ("photo.txt", b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 20, "PNG (an image)"),
    ("photo.dek", b"\xff\xd8\xff\xe0" + bytes(range(256)) * 20, "JPEG (an image)"),
    ("scan.txt", b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n" * 40, "PDF"),
    ("deck.txt", b"PK\x03\x04" + bytes(200), "a zip archive (or a Word/Excel/OpenDocument file)"),
    ("noise.txt", bytes(range(256)) * 40, "binary data"),
])
def test_a_file_that_is_not_text_is_one_clear_problem(cli, tmp_path, name, data, kind):
    write(tmp_path, {name: data, "ok.txt": LEGAL})
    done = cli("validate", name, "ok.txt", "-f", FORMAT, "-o", "json", cwd=tmp_path)
    assert done.returncode == 2  # not text: unreadable (docs/contracts.md)
    bad, good = json.loads(done.stdout)["results"]
    assert [problem["message"] for problem in bad["problems"]] == [
        f"{name}: not a text decklist: looks like {kind}; export the list as text"
    ]
    assert good["legal"]


def test_a_pdf_object_line_is_never_a_card():
    deck = parse_text("4 Island\n1 0 obj\n12 0 obj\n")
    assert [entry.name for entry in deck.entries] == ["Island"]
    assert [problem.line for problem in deck.problems] == [2, 3]


# ---------------------------------------------------------------- workflow commands (#18 item 9)


SMUGGLING = (f'- {{player: "ann\\n::error::{FORGED}", deck: a.txt}}\n'
             '- {player: "bob\\r\\n  ::stop-commands::x", deck: a.txt}\n'
             '- {player: "cy ##[error]hidden", deck: a.txt}\n')


@pytest.mark.parametrize("args", [
    ["-o", "text"], ["-o", "csv"], ["-o", "junit"], ["-o", "github"], ["-o", "sarif"], ["-o", "json"],
    ["-o", "github", "--report", "report.txt"],  # the text summary still prints
])
def test_names_cannot_forge_workflow_commands_under_actions(cli, tmp_path, args):
    # Illegal decks: every output then has a row (CSV), a failure (JUnit) or a result per deck.
    write(tmp_path, {"a.txt": "5 Lightning Bolt\n55 Mountain\n", "m.yaml": SMUGGLING})
    done = cli("batch", "m.yaml", "-f", FORMAT, "-q", *args, cwd=tmp_path, env={"GITHUB_ACTIONS": "true"})
    assert done.returncode == 1, done.stderr
    assert done.stdout.count("ann") + done.stdout.count("bob") >= 2
    assert _forged_lines(done.stdout + done.stderr) == []
    if args[1] == "github" and "--report" not in args:
        assert done.stdout.startswith("::group::a.txt [ann%0A::error::FORGED-ANNOTATION] - mtg/constructed: ILLEGAL")


def test_warnings_naming_a_config_key_are_one_defused_line(cli, tmp_path):
    write(tmp_path, {
        "decks/a.txt": LEGAL,
        "deckcheck.yaml": f'format: {FORMAT}\nsimulate:\n  "x\\n::error::{FORGED}":\n    assert: ["keep7 >= 0"]\n',
    })
    done = cli("check", cwd=tmp_path, env={"GITHUB_ACTIONS": "true"})
    assert _forged_lines(done.stdout + done.stderr) == []
    (warning,) = done.stderr.splitlines()
    assert warning.endswith(f"simulate.'x\\n::error::{FORGED}': matches no deck, so its assertions did not run")


@pytest.mark.parametrize("command", [["diff", "a.txt", "a.txt"], ["convert", "a.txt", "--to", "ydk"],
                                     ["sheet", "a.txt", "-f", FORMAT, "--player", "p", "--event", "e", "--out", "s.pdf"]])
def test_file_names_in_usage_errors_cannot_forge_workflow_commands(cli, tmp_path, command):
    # The Action expands `args: diff decks/*.txt` itself: a pull request's file names are
    # arguments, and one too many was quoted by Click's usage error, which bypassed `say`.
    name = f"b ##[error]{FORGED}.txt"
    write(tmp_path, {"a.txt": LEGAL, name: LEGAL})
    done = cli(*command, name, cwd=tmp_path, env={"GITHUB_ACTIONS": "true"})
    assert done.returncode == 2, done.stderr
    assert "unexpected extra argument" in done.stderr and FORGED in done.stderr
    assert _forged_lines(done.stderr) == []


def test_outside_actions_the_data_is_left_as_it_is(cli, tmp_path):
    write(tmp_path, {"a.txt": LEGAL, "m.yaml": SMUGGLING})
    done = cli("batch", "m.yaml", "-f", FORMAT, "-q", "-o", "json", cwd=tmp_path)
    players = [result["player"] for result in json.loads(done.stdout)["results"]]
    assert players[0] == f"ann\n::error::{FORGED}"


# ---------------------------------------------------------------- terminal escapes (#18 item 12)


def test_terminal_escapes_in_names_are_shown_not_sent(cli, tmp_path):
    write(tmp_path, {
        "a.txt": "4 Lightning Bolt\x1b]0;owned\x07\n56 Mountain\x1b[2J\x1b[8m\n1 Black\u202eLotus\n",
        "m.yaml": '- {player: "ann\\e[31mred", deck: a.txt}\n',
    })
    for args in (["validate", "a.txt", "-f", FORMAT, "-o", "text"], ["batch", "m.yaml", "-f", FORMAT, "-q"]):
        done = cli(*args, cwd=tmp_path)
        assert "\x1b" not in done.stdout + done.stderr and "\u202e" not in done.stdout
    # Without card data the name is counted against the copy limit; with it, an unknown card.
    done = cli("validate", "a.txt", "-f", FORMAT, "-o", "text", "--no-cards", cwd=tmp_path)
    assert "56 copies of Mountain␛[2J␛[8m;" in done.stdout
    done = cli("validate", "a.txt", "-f", FORMAT, "-o", "text", cwd=tmp_path)
    assert "unknown card 'Mountain\\x1b[2J\\x1b[8m'" in done.stdout
    missing = cli("validate", "no\x1b[2Jsuch.txt", "-f", FORMAT, cwd=tmp_path)
    assert "\x1b" not in missing.stdout + missing.stderr and "no␛[2Jsuch.txt" in missing.stdout


def test_colour_codes_from_names_never_pass_on_a_colour_terminal():
    """With colour on, `emit` lets colour codes through: a card name's `ESC[8m` (hide) passed
    raw. The text report shows every name's control characters itself."""
    from deckcheck.cli.common import printable
    from deckcheck.formats import load
    from deckcheck.pipeline import check_deck
    from deckcheck.report.text import render
    from deckcheck.result import Report

    deck = parse_text("5 Lightning Bolt\x1b[8m\n55 Mountain\x1b[0m\n")
    result = check_deck(deck, load(FORMAT), date=datetime.date(2024, 6, 1), cards=False)
    shown = printable(render(Report(results=[result]), color=True), color=True)
    assert "\x1b[8m" not in shown and "\x1b[0m\x1b" not in shown
    assert "5 copies of Lightning Bolt␛[8m" in shown
    assert "\x1b[31m" in shown  # deckcheck's own colour still passes


def test_line_breaks_in_names_cannot_forge_rows_of_the_batch_table(cli, tmp_path):
    write(tmp_path, {
        "a.txt": "5 Lightning Bolt\n55 Mountain\n",
        "m.csv": 'player,deck,team\n"ann\nmallory  -  ok.txt  LEGAL  0",a.txt,"T\nLEGAL"\n',
        "x\nLEGAL.txt": LEGAL,
    })
    for source in ("m.csv", "."):
        done = cli("batch", source, "-f", FORMAT, "-q", cwd=tmp_path)
        assert done.returncode == 1, done.stderr
        lines = done.stdout.splitlines()
        assert not [line for line in lines if line.startswith(("mallory", "LEGAL"))]
    done = cli("batch", "m.csv", "-f", FORMAT, "-q", cwd=tmp_path)
    assert "ann␊mallory" in done.stdout and "T␊LEGAL" in done.stdout


# ---------------------------------------------------------------- output that a name can grow


MAX_TABLE_CELL_CHARS = 60


def test_a_long_name_cannot_widen_every_row_of_the_batch_table(cli, tmp_path):
    """Every row was padded to the longest name: a 165 KB CSV wrote 260 MB."""
    long_name = "x" * 20_000
    # A deck file each: rows sharing one are warned about, naming each other (the next test).
    rows = "".join(f"p{index},p{index}.txt\n" for index in range(300))
    decks = {f"p{index}.txt": LEGAL for index in range(300)}
    write(tmp_path, {"a.txt": LEGAL, **decks, "m.csv": f"player,deck\n{long_name},a.txt\n{rows}"})
    done = cli("batch", "m.csv", "-f", FORMAT, "-q", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    table = done.stdout.splitlines()[:302]
    assert max(len(line) for line in table) < 3 * MAX_TABLE_CELL_CHARS + 30
    assert table[1].startswith("x" * (MAX_TABLE_CELL_CHARS - 1) + "…  ")
    assert len(done.stdout) < 302 * 100
    full = cli("batch", "m.csv", "-f", FORMAT, "-q", "-o", "json", cwd=tmp_path)
    assert json.loads(full.stdout)["results"][0]["player"] == long_name


MAX_HOLDERS_LISTED = 20


def test_a_long_name_is_not_repeated_in_full_by_every_row_sharing_its_deck(cli, tmp_path):
    """Each row sharing a deck file names up to MAX_HOLDERS_LISTED others: a 20,000-character
    name in full on 300 rows would turn a 25 KB manifest into 6 MB of warnings."""
    long_name = "x" * 20_000
    rows = "".join(f"p{index},a.txt\n" for index in range(300))
    write(tmp_path, {"a.txt": LEGAL, "m.csv": f"player,deck\n{long_name},a.txt\n{rows}"})
    done = cli("batch", "m.csv", "-f", FORMAT, "-q", "-o", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)["results"]
    assert len(done.stdout) < 301 * 2_000
    warnings = [result["problems"][0]["message"] for result in results]
    assert max(len(message) for message in warnings) < MAX_HOLDERS_LISTED * (MAX_TABLE_CELL_CHARS + 25) + 200
    assert warnings[1].startswith(f"manifest line 3: deck file a.txt is also registered by {'x' * (MAX_TABLE_CELL_CHARS - 1)}… (manifest line 2), p1 (manifest line 4)")
    assert warnings[1].endswith("p19 (manifest line 22), and 280 more players; each player registers a deck of their own (a row copied by mistake?)")
    assert results[0]["player"] == long_name  # the name itself is whole


def test_a_huge_team_lists_a_bounded_number_of_problems_and_holders(cli, tmp_path):
    """One team of 40,000 rows reusing 50 decks listed 128,393 team problems of 389 KB each."""
    decks = {f"d{index}.txt": "5 Lightning Bolt\n55 Mountain\n" for index in range(5)}
    rows = "".join(f"p{index},d{index % 5}.txt,Horde\n" for index in range(MAX_PROBLEMS_PER_DECK + 300))
    write(tmp_path, {**decks, "m.csv": "player,deck,team\n" + rows})
    done = cli("batch", "m.csv", "-f", FORMAT, "-q", "-o", "json", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    (team,) = json.loads(done.stdout)["teams"]
    problems = team["problems"]
    assert len(problems) == MAX_PROBLEMS_PER_DECK  # the members' errors cut first, the team's own listed
    (cut,) = [problem for problem in problems if problem["rule"] == "problems-not-listed"]
    assert cut["severity"] == "error" and cut["message"].endswith("a team lists at most 500 problems")
    assert max(len(problem["message"]) for problem in problems) < 1_000
    assert max(len(problem.get("holders", {})) for problem in problems) <= MAX_HOLDERS_LISTED
    copies = next(problem for problem in problems if problem["rule"] == "team-copy-limit")
    assert copies["count"] == 5 * (MAX_PROBLEMS_PER_DECK + 300)
    assert copies["message"].endswith(f"p19 5, and {MAX_PROBLEMS_PER_DECK + 300 - MAX_HOLDERS_LISTED:,} more players); at most 4 per team")
    assert copies["holders_not_listed"] == MAX_PROBLEMS_PER_DECK + 300 - MAX_HOLDERS_LISTED


def test_a_long_player_name_is_cut_in_every_team_message_that_names_it(cli, tmp_path):
    """A team's problems name its players in every message (each member's errors, copy
    limits across the team, seats): a 20,000-character name would be copied into each."""
    long_name = "y" * 20_000
    decks = {"a.txt": "4 Lightning Bolt\n4 Mountain\n", "b.txt": "4 Lightning Bolt\n56 Mountain\n"}
    manifest = f"player,deck,team,seat\n{long_name},a.txt,Red,A\nbob,b.txt,Red,A\n"
    write(tmp_path, {**decks, "m.csv": manifest})
    done = cli("batch", "m.csv", "-f", "mtg/modern", "-q", "-o", "json", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    (team,) = json.loads(done.stdout)["teams"]
    messages = [problem["message"] for problem in team["problems"]]
    shown = "y" * (MAX_TABLE_CELL_CHARS - 1) + "\u2026"
    assert {"team-copy-limit", "team-registration", "deck-size"} <= {problem["rule"] for problem in team["problems"]}
    assert all(long_name not in message for message in messages), messages
    assert any(message.startswith(f"{shown}'s deck: ") for message in messages), messages
    assert any(f"({shown} 4, bob 4)" in message for message in messages), messages
    assert any(f"seat A is taken by {shown} and bob" in message for message in messages), messages
    copies = next(problem for problem in team["problems"] if problem["rule"] == "team-copy-limit")
    assert copies["holders"] == {long_name: 4, "bob": 4}  # the details keep the whole name


def test_a_simulation_report_in_colour_shows_a_names_escape_codes_as_symbols():
    """On a colour terminal the report's own codes pass; a code inside a card name, a deck
    name or an assertion must not (it could hide or recolour the verdict)."""
    from deckcheck.engine import simulate
    from deckcheck.engine.report import render_text

    hidden = "Goblin\x1b[8m Guide"
    deck = f"4 {hidden}\n20 Mountain\n36 Lightning Bolt\n"
    simulation = simulate(deck, "mtg/modern", cards=(hidden,), assertions=(f'p_by_turn("{hidden}", 2) >= 0',))
    text = render_text(simulation, color=True)
    assert "\x1b[8m" not in text
    assert "Goblin␛[8m Guide" in text
    assert "\x1b[1m" in text  # the report's own bold title is still there


def test_the_quick_plain_test_never_passes_a_character_the_pattern_flags():
    """`printable` first tells a text with no odd character from its UTF-8 bytes (report/style
    `_surely_plain`); that must never say "plain" for a text the pattern flags. Every
    character of the Basic Multilingual Plane, lone surrogates included, alone and amid
    plain text."""
    from deckcheck.report.style import _UNSAFE_START, _surely_plain

    for code in range(0x10000):
        char = chr(code)
        for text in (char, f"4 Lightning Bolt{char}\n", f"Ж{char}ж"):
            if _UNSAFE_START.search(text):
                assert not _surely_plain(text), hex(code)
    assert _surely_plain('{"deck": "Лотос", "name": "Jötun Grunt"}\n\t')
    assert not _surely_plain("a\u202eb") and not _surely_plain("a\x85b") and not _surely_plain("a\rb")


def test_a_report_written_as_its_bytes_is_checked_once(monkeypatch):
    """emit_utf8 tells whether a piece may need changing (`plain_utf8`), and a piece that
    may went on to `emit`, which encoded it back to UTF-8 and asked the same question again
    before its pattern: one check a piece is enough, whatever the piece. (`printable`, in
    report/style, asks its own module's name; emit_utf8 the one cli/common imported.)"""
    import io

    from deckcheck.cli import common
    from deckcheck.report import style
    from deckcheck.report.stream import SPOOL_ENCODING

    asked = []
    real = style.plain_utf8
    for module in (common, style):
        monkeypatch.setattr(module, "plain_utf8", lambda data: asked.append(data) or real(data))
    for actions in ("false", "true"):
        monkeypatch.setenv("GITHUB_ACTIONS", actions)
        for text in ('{"deck": "Lotus"}\n', '{"deck": "Jötun’s — Лотос"}\n', "ann\x1b[2J\n", "file\udcff.txt\n"):
            asked.clear()
            out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="")
            monkeypatch.setattr("sys.stdout", out)
            common.emit_utf8(text.encode(*SPOOL_ENCODING))
            assert len(asked) == 1, (text, actions)


def test_a_report_written_as_its_bytes_is_what_emit_writes(monkeypatch):
    """A batch hands its report to stdout as the spool's UTF-8 bytes (`emit_utf8`), written
    as they are when nothing in them needs changing; every other piece (control and bidi
    characters, C1 controls, lone surrogates, colour codes, a console in another encoding,
    GitHub Actions) must come out exactly as `emit` writes its text."""
    import io

    from deckcheck.cli.common import emit, emit_utf8
    from deckcheck.report.stream import SPOOL_ENCODING

    texts = ['{"deck": "Лотос — Jötun’s", "n": 1}\n', "ann\x1b[2J\n", "a\u202eb\n", "a\x85b\r\n", "x\ry\n",
             "file\udcff.txt\n", "\x1b[31mred\x1b[0m\n", "::error::forged\n", "Lim-Dûl's Vault +/-\n", "한국어\n"]
    for actions in (False, True):
        monkeypatch.setenv("GITHUB_ACTIONS", "true" if actions else "false")
        for terminal in ("utf-8", "cp437"):
            for color in (False, True):
                for text in texts:
                    written = []
                    for way in (emit, emit_utf8):
                        out = io.TextIOWrapper(io.BytesIO(), encoding=terminal, errors="strict", newline="")
                        monkeypatch.setattr("sys.stdout", out)
                        way(text if way is emit else text.encode(*SPOOL_ENCODING), encoding=None, color=color)
                        written.append(out.buffer.getvalue())
                    assert written[0] == written[1], (text, terminal, color, actions)


def test_an_html_report_file_shows_names_as_the_page_on_stdout_does(tmp_path):
    """sec33: `batch -o html` on stdout shows a player's escape sequence and right-to-left
    override inert (␛, U+FFFD: cli/common.emit), but `--report event.html` wrote them raw:
    the organiser's page showed 'ann\\u202egpj.exe' reversed, as annexe.jpg. The page is
    made so where it is rendered (report/html.py), so the file is the page stdout shows."""
    from conftest import run_cli

    (tmp_path / "ok.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    (tmp_path / "reg.csv").write_text("player,deck\nann\u202egpj.exe\x1b[2J,ok.txt\n", encoding="utf-8")
    args = ["batch", "reg.csv", "-f", "mtg/modern", "--date", "2024-06-01", "-o", "html"]
    shown = run_cli(*args, cwd=tmp_path)
    written = run_cli(*args, "--report", "event.html", cwd=tmp_path)
    assert shown.returncode == written.returncode == 0, written.stderr
    page = (tmp_path / "event.html").read_text(encoding="utf-8")
    assert "\u202e" not in page and "\x1b" not in page
    assert 'data-player="ann\ufffdgpj.exe\u241b[2J"' in page
    assert page == shown.stdout


# A manifest whose player, team and deck names hold an erase-screen escape, a bell, a C1
# control (CSI, U+009B: ESC [ to a VT220), a right-to-left override and an isolate.
_HOSTILE_PLAYER = "ann\x1b[2J\u202egpj\x07.exe\u009b"
_HOSTILE_TEAM = "Blue\u2066Sky\u202e"
_HOSTILE_DECK = "de\u009bck\u202e.txt"
_SHOWN_ONLY = "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]|\r(?!\n)"


def _hostile_event(tmp_path):
    (tmp_path / _HOSTILE_DECK).write_text("5 Lightning Bolt\n55 Mountain\n", encoding="utf-8")  # a problem names them
    (tmp_path / "ok.txt").write_text("4 Shock\n56 Mountain\n", encoding="utf-8")  # no card shared in the team
    (tmp_path / "reg.csv").write_text(
        f"player,team,deck\n{_HOSTILE_PLAYER},{_HOSTILE_TEAM},{_HOSTILE_DECK}\nbob,{_HOSTILE_TEAM},ok.txt\n", encoding="utf-8")
    return ["batch", "reg.csv", "-f", "mtg/modern", "--date", "2024-06-01", "-q"]


@pytest.mark.parametrize("output", ["csv", "github", "text", "html"])
def test_a_report_file_people_read_is_the_report_stdout_shows(tmp_path, output):
    """review33 finding 1: `batch -o csv|github --report FILE` wrote a name's escape, bell,
    C1 control and bidirectional overrides raw into the file (99b5e109 made only the HTML
    page inert), which `cat rep.csv` or a spreadsheet shows as the terminal or the override
    says, where the same report on stdout shows them as symbols. The file is now the
    bytes stdout shows (style.printable)."""
    args = [*_hostile_event(tmp_path), "-o", output]
    shown = run_cli(*args, cwd=tmp_path, input=b"")
    written = run_cli(*args, "--report", f"rep.{output}", cwd=tmp_path, input=b"")
    assert shown.returncode == written.returncode == 1, written.stderr
    data = (tmp_path / f"rep.{output}").read_bytes()
    assert not re.search(_SHOWN_ONLY, data.decode("utf-8")), ascii(data)
    assert data == shown.stdout


@pytest.mark.parametrize("output", ["json", "sarif", "junit"])
def test_a_machine_report_file_escapes_controls_and_overrides_and_keeps_the_names(tmp_path, output):
    """review33 finding 1: `--report` of JSON, SARIF and JUnit kept a name's C1 control and
    bidirectional overrides raw (JSON escapes C0 itself; JUnit writes what XML lacks as
    \\xNN), so `cat` of the file turned a line around. They are now the format's own
    escapes (`\\u202e`, `&#x202E;`), which a parser reads back as the name was written."""
    import xml.etree.ElementTree as ElementTree

    written = run_cli(*_hostile_event(tmp_path), "-o", output, "--report", f"rep.{output}", cwd=tmp_path)
    assert written.returncode == 1, written.stderr
    text = (tmp_path / f"rep.{output}").read_text(encoding="utf-8")
    assert not re.search(_SHOWN_ONLY, text), ascii(text)
    if output == "junit":
        read = "\n".join(value for element in ElementTree.fromstring(text).iter()
                          for value in [*element.attrib.values(), element.text or ""])
        # (XML has no ESC nor BEL: JUnit writes them as \x1b and \x07, as before)
        assert "ann\\x1b[2J\u202egpj\\x07.exe\u009b" in read and _HOSTILE_DECK in read
    else:
        read = json.dumps(json.loads(text), ensure_ascii=False)
        for name in (_HOSTILE_PLAYER, _HOSTILE_TEAM):
            assert json.dumps(name, ensure_ascii=False)[1:-1] in read, name
