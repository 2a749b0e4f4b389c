"""`deckcheck formats list | show | check` output, and user formats from DECKCHECK_FORMATS_PATH."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from deckcheck.formats import available, load, reference
from deckcheck.formats.show import describe
from deckcheck.pipeline import parse_date

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "burn-modern.txt"

CUBE = """\
name: Test Cube
game: mtg
description: A small cube for tests.
deck:
  main: {min: 40, max: 45}
  sideboard: {exactly: 15, or_none: true}
copy_limit:
  default: 1
  zones: [main]
  exempt_basic_lands: true
  per_card: {Relentless Rats: any, Seven Dwarves: 7}
basic_lands: [Island, Mountain]
banned:
  - Black Lotus
  - {card: Time Spiral, until: 2011-01-01}
  - {card: Survival of the Fittest, since: 2011-01-01}
restricted:
  - {card: Sol Ring, since: 2005-01-01}
card_limits:
  - {card: Brainstorm, limit: 2}
opening_hand: {size: 7, mulligan: vancouver, free_mulligan: true, first_player_draws: true}
"""


def _cube_show(path: Path, day: str, banned: list[str]) -> str:
    return "\n".join(
        [
            f"Test Cube ({path}, game mtg)",
            f"  file: {path}",
            "  A small cube for tests.",
            "deck:",
            "  main: 40 to 45",
            "  sideboard: exactly 15 or none",
            "copies: at most 1 of a card over main",
            "  basic lands exempt: Island, Mountain",
            "  Relentless Rats: any number",
            "  Seven Dwarves: 7",
            f"banned on {day} ({len(banned)}):",
            *(f"  {line}" for line in banned),
            f"restricted on {day} (1):",
            "  Sol Ring  (since 2005-01-01)",
            f"card limits on {day} (1):",
            "  Brainstorm [2]",
            "opening hand: 7 cards, Vancouver mulligan (scry 1), free first mulligan, first",
            "    player draws",  # broken to fit 80 columns
            "",
        ]
    )


@pytest.fixture
def cube(tmp_path) -> Path:
    path = tmp_path / "cube.yaml"
    path.write_text(CUBE, encoding="utf-8")
    return path


def test_show_a_user_file_on_two_dates(cli, cube):
    before = cli("formats", "show", str(cube), "--date", "2010-12-31")
    assert before.returncode == 0, before.stderr
    # An entry in force shows its dates: Time Spiral's ban ends on 2011-01-01.
    assert before.stdout == _cube_show(cube, "2010-12-31", ["Black Lotus", "Time Spiral  (until 2011-01-01)"])
    after = cli("formats", "show", str(cube), "--date", "2011-01-01")  # `until` is the day it left
    assert after.stdout == _cube_show(cube, "2011-01-01", ["Black Lotus", "Survival of the Fittest  (since 2011-01-01)"])


def test_show_a_bundled_format(cli):
    done = cli("formats", "show", "mtg/limited", "--date", "2020-01-01")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Limited (mtg/limited, game mtg)"
    assert "  extends: mtg/base" in lines
    assert "  main: at least 40" in lines
    assert "copies: no limit" in lines
    assert "banned on 2020-01-01 (0):" in lines


def test_show_errors(cli):
    unknown = cli("formats", "show", "mtg/limitd")
    assert unknown.returncode == 2
    assert unknown.stderr == "deckcheck: error: unknown format 'mtg/limitd'; did you mean mtg/limited?\n"
    bad_date = cli("formats", "show", "mtg/limited", "--date", "2011-02-30")
    assert bad_date.returncode == 2
    assert bad_date.stderr == "deckcheck: error: --date '2011-02-30' is not a date: February 2011 has 28 days\n"


def test_check_ok_names_the_chain(cli, tmp_path):
    path = tmp_path / "cube.yaml"
    path.write_text("name: My Cube\ngame: mtg\nextends: mtg/limited\n", encoding="utf-8")
    done = cli("formats", "check", str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"{path}: OK (My Cube, game mtg, extends mtg/limited -> mtg/base)\n"


def test_check_missing_file_and_directory(cli, tmp_path):
    missing = cli("formats", "check", str(tmp_path / "nope.yaml"))
    assert (missing.returncode, missing.stderr) == (2, f"deckcheck: error: {tmp_path / 'nope.yaml'}: no such file\n")
    folder = cli("formats", "check", str(tmp_path))
    assert (folder.returncode, folder.stderr) == (2, f"deckcheck: error: {tmp_path}: is a directory, not a format file\n")


def test_list_shows_playable_formats_only(cli):
    done = cli("formats", "list")
    assert done.returncode == 0, done.stderr
    rows = dict(line.split(None, 1) for line in done.stdout.splitlines())
    assert rows["mtg/constructed"] == "Constructed"
    assert rows["mtg/limited"] == "Limited"
    assert "mtg/base" not in rows  # abstract: a base to extend, not a format to play
    assert list(rows) == sorted(rows)


# ------------------------------------------------------------------ DECKCHECK_FORMATS_PATH


@pytest.fixture
def user_formats(tmp_path) -> Path:
    """Two user directories: a cube extending a bundled format by id, a user `mtg/limited`
    that shadows the bundled one, and a broken file."""
    first = tmp_path / "first"
    (first / "mtg").mkdir(parents=True)
    (first / "mtg" / "cube.yaml").write_text(
        "name: Home Cube\ngame: mtg\nextends: mtg/limited\ndeck: {main: {min: 45}}\nbanned: [Sol Ring]\n", encoding="utf-8"
    )
    (first / "mtg" / "limited.yaml").write_text("name: House Limited\ngame: mtg\nextends: mtg/base\ndeck: {main: {min: 30}}\n", encoding="utf-8")
    second = tmp_path / "second"
    (second / "house").mkdir(parents=True)
    (second / "house" / "broken.yaml").write_text("name: Broken\ngame: mtg\nbaned: []\n", encoding="utf-8")
    return tmp_path


def _env(user_formats: Path) -> dict[str, str]:
    return {"DECKCHECK_FORMATS_PATH": os.pathsep.join(str(user_formats / d) for d in ("first", "second"))}


def test_user_formats_are_listed_and_shadow_bundled_ones(cli, user_formats):
    done = cli("formats", "list", env=_env(user_formats))
    assert done.returncode == 0
    rows = dict(line.split(None, 1) for line in done.stdout.splitlines())
    assert rows["mtg/cube"] == "Home Cube"
    assert rows["mtg/limited"] == "House Limited"  # the user's directory comes first
    assert rows["mtg/constructed"] == "Constructed"  # bundled ones are still there
    assert "house/broken" not in rows
    warning = [line for line in done.stderr.splitlines() if line.startswith("deckcheck: warning: ")]
    assert len(warning) == 1 and "broken.yaml: baned: unknown key" in warning[0]


def test_validate_with_a_user_format_id(cli, user_formats, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("1 Sol Ring\n43 Island\n", encoding="utf-8")
    done = cli("validate", str(deck), "-f", "mtg/cube", "-o", "json", env=_env(user_formats))
    assert done.returncode == 1, done.stderr
    (result,) = json.loads(done.stdout)["results"]
    assert result["format"] == "mtg/cube"
    # The user's mtg/limited (main >= 30) is the parent here, and the cube raises it to 45.
    assert sorted(p["rule"] for p in result["problems"]) == ["banned", "deck-size"]
    shown = cli("formats", "show", "mtg/cube", env=_env(user_formats))
    assert "  extends: mtg/limited -> mtg/base" in shown.stdout
    assert f"  file: {user_formats / 'first' / 'mtg' / 'cube.yaml'}" in shown.stdout


def test_without_the_variable_the_user_formats_are_unknown(cli, user_formats):
    done = cli("validate", str(EXAMPLE), "-f", "mtg/cube")
    assert done.returncode == 2
    assert "unknown format 'mtg/cube'" in done.stderr


# Days around the dated entries of the bundled formats: before and after the 2013 sideboard
# rule (its MTGO day differs), a ban list change, and today.
SHOW_DAYS = ["1996-01-01", "2013-07-20", "2019-08-30", None]


@pytest.mark.parametrize("format_id", available())
def test_every_bundled_format_shows_on_every_day(format_id):
    """`formats show` describes each bundled format (a dated entry with another platform's
    window once made it fail on every constructed Magic format)."""
    fmt = load(reference(format_id), base=True)  # the abstract bases too, as `formats show` loads them
    for day in SHOW_DAYS:
        text = describe(fmt, parse_date(day))
        assert text.startswith(f"{fmt.name} ({format_id}, game {fmt.game})")


@pytest.mark.parametrize("format_id", available())
def test_every_bundled_format_shows_within_80_columns(format_id):
    """`formats show` fits an 80-column terminal: a long line (the sets of a card pool, the
    basic lands exempt, the opening hand of Two-Headed Giant, a registered pool's rule) is
    broken between words, its next lines indented under it; they ran to 85-196 columns and
    the terminal broke them mid-word at its left edge."""
    fmt = load(reference(format_id), base=True)
    for day in SHOW_DAYS:
        text = describe(fmt, parse_date(day))
        assert [line for line in text.splitlines() if len(line) > 80] == []


def test_a_format_described_in_japanese_shows_within_80_terminal_columns(cli, tmp_path):
    """A store's own format file described in Japanese (no spaces, two columns a character)
    was one line of 161 columns: lines were measured in characters and broken only at blanks."""
    description = "当店の店舗大会で使うルールです。OCGの禁止・制限リストに従い、さらに以下のカードを禁止カードとして扱います。"
    (tmp_path / "store.yaml").write_text(
        f"name: 店舗大会ルール\ngame: yugioh\nextends: yugioh/advanced-ocg\ndescription: {description}\n", encoding="utf-8")
    done = cli("formats", "show", "store.yaml", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    from deckcheck.report.style import columns

    lines = done.stdout.splitlines()
    assert [line for line in lines if columns(line) > 80] == []
    at = next(i for i, line in enumerate(lines) if line.startswith("  当店"))
    told = [lines[at].strip()] + [line.strip() for line in lines[at + 1:at + 3] if line.startswith("      ")]
    assert "".join(told) == description


def test_check_given_a_bundled_format_id_says_what_it_takes(cli, tmp_path):
    """`formats check mtg/modern` said "mtg/modern: no such file", as if the format did not
    exist: check reads a format file of one's own; a bundled one is shown by `formats show`."""
    done = cli("formats", "check", "mtg/modern", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == ("deckcheck: error: mtg/modern: no such file; mtg/modern is a bundled format, not a file "
                           "(`deckcheck formats show mtg/modern` shows it): give the path of a format file of your own\n")


def test_a_labelled_line_in_japanese_keeps_its_value_column():
    """A labelled line (`  text:       ...`, as cards lookup and formats show write) holding
    Chinese or Japanese kept its words but lost the blanks up to the value's column
    (`  text: 当店...`), so its value no longer stood over the lines carried on under it."""
    from deckcheck.report.style import columns, fitted_text

    value = "当店の店舗大会で使うルールです。" * 4 + " and more words here"
    lines = fitted_text("  text:       " + value).split("\n")
    assert lines[0].startswith("  text:       当店") and all(line.startswith(" " * 14) for line in lines[1:]), lines
    assert all(columns(line) <= 80 for line in lines), lines
    assert "".join(lines).replace(" ", "") == ("text:" + value).replace(" ", "")  # nothing lost


def test_show_names_each_platforms_window(cli):
    done = cli("formats", "show", "mtg/modern", "--date", "2012-01-01")
    assert done.returncode == 0, done.stderr
    assert "  sideboard: exactly 15 or none (until 2013-07-13, on mtgo until 2013-07-24)" in done.stdout.splitlines()


@pytest.mark.parametrize("format_id, hand", [
    ("yugioh/advanced-tcg", "opening hand: 5 cards, no mulligans, first player skips the first draw"),
    ("wow/constructed", "opening hand: 7 cards, one redraw, first player skips the first draw"),
    ("mtg/modern", "opening hand: 7 cards, London mulligan, first player skips the first draw"),
])
def test_show_names_the_mulligan_rule_as_simulate_does(cli, format_id, hand):
    """It said "none mulligan" and "once mulligan"."""
    done = cli("formats", "show", format_id)
    assert done.returncode == 0, done.stderr
    assert hand in done.stdout.splitlines()


def test_a_forbidden_and_limited_format_shows_no_empty_banned_list(cli):
    """Yu-Gi-Oh!'s forbidden cards are its card limits at 0: "banned (0)" read as nothing
    forbidden. A Magic format without restrictions still shows its empty list (Magic's
    formats all keep one); a WoW TCG format, whose game keeps none, does not
    (tests/cases/cli/yugioh-and-wow.yaml)."""
    ygo = cli("formats", "show", "yugioh/advanced-tcg", "--date", "2026-06-01").stdout.splitlines()
    assert not any(line.startswith(("banned on", "restricted on")) for line in ygo)
    assert "card limits on 2026-06-01 (226):" in ygo
    modern = cli("formats", "show", "mtg/modern", "--date", "2026-06-01").stdout.splitlines()
    assert "restricted on 2026-06-01 (0):" in modern


# The read-count runs: `cold` with a passcode written as a YAML number (JSON cannot keep an
# int key, so formats/disk_cache.py never keeps that chain: every run loads it), `cached`
# with text keys only (the second run takes the chain from the disk cache).
READ_RUNS = {
    "cold": ("points: {14558127: 30}", [False, False]),
    "cached": ("points: {Ash Blossom & Joyous Spring: 30}", [False, True]),
}


@pytest.mark.parametrize("points, hits", READ_RUNS.values(), ids=READ_RUNS.keys())
def test_formats_check_reads_each_file_of_yours_once_cached_or_not(tmp_path, points, hits):
    """It read the checked file and each file of yours it extends up to four times (to load,
    to look up names, for points conflicts, for warnings); now once a run, whether loading
    read it or the disk cache of merged formats held the chain (formats/disk_cache.py)."""
    import subprocess
    import sys

    (tmp_path / "parent.yaml").write_text("extends: yugioh/genesys\npoints: {Maxx \"C\": 20}\n", encoding="utf-8")
    (tmp_path / "event.yaml").write_text(f"name: Event\nextends: parent.yaml\n{points}\n"
                                         "team: {sideboard: true}\n", encoding="utf-8")
    code = (
        "import collections, json, sys\n"
        "import deckcheck.yamlload as yamlload\n"
        "import deckcheck.formats.disk_cache as disk_cache\n"
        "from deckcheck.entry import main\n"
        "reads, real = collections.Counter(), yamlload.read_yaml_file\n"
        "def counted(path, **kw):\n    reads[str(path)] += 1\n    return real(path, **kw)\n"
        "yamlload.read_yaml_file = counted\n"
        "hits, real_get = [], disk_cache.get\n"
        "def kept(key, *stamps):\n    found = real_get(key, *stamps)\n    hits.append(found is not None and key[1].endswith('event.yaml'))\n"
        "    return found\n"
        "disk_cache.get = kept\n"
        "sys.argv = ['deckcheck', 'formats', 'check', 'event.yaml']\n"
        "try:\n    main()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n"
        "print(json.dumps({'hit': any(hits), 'reads': {path: count for path, count in reads.items() if not path.startswith('/')}}))\n"
    )
    for run, hit in enumerate(hits):
        done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert "team.sideboard: has no effect" in done.stderr  # the warnings still read the files
        seen = json.loads(done.stdout.strip().splitlines()[-1])
        assert seen["hit"] is hit, (run, seen)  # the second text-key run took the chain from the disk cache
        assert seen["reads"] == {"event.yaml": 1, "parent.yaml": 1}, (run, seen)


@pytest.mark.parametrize("file, line", [
    ("class-faction-empty.yaml", "class/faction: cards share a trait icon with the hero; Hero Required cards need the trait"),
    ("hero-empty.yaml", "hero: exactly 1 (any card), not part of the deck;"),
])
def test_show_names_a_rule_an_empty_mapping_turns_on(cli, file, line):
    """`class_faction: {}` and `hero: {}` turn their rules on, as `companion: {}` does; show
    left them out (and validate did not check them)."""
    done = cli("formats", "show", str(ROOT / "tests" / "formats" / file))
    assert done.returncode == 0, done.stderr
    assert line in " ".join(done.stdout.split()), done.stdout  # broken or not to fit 80 columns


@pytest.mark.parametrize("file, line", [
    # Unified Deck Construction as the Magic Tournament Rules 8.4 put it today: show said
    # "team: players", as if the format had no team rule.
    ("one-deck-per-card.yaml", "team: a card other than a basic land in one deck of the team only"),
    ("yugioh-unified.yaml", "team: Team Unified Construction (copy limits across the team's decks)"),
])
def test_show_names_the_team_rule_a_format_sets(cli, file, line):
    done = cli("formats", "show", str(ROOT / "tests" / "formats" / file))
    assert done.returncode == 0, done.stderr
    assert line in done.stdout.splitlines(), done.stdout


def test_a_user_format_that_extends_the_id_it_shadows_is_told_why_that_is_a_cycle(cli, tmp_path):
    """A store's own `mtg/modern` in DECKCHECK_FORMATS_PATH that extends mtg/modern (the
    bundled one, it means) extends itself: the error said only "forms a cycle: mtg/modern
    -> mtg/modern", which reads as nonsense to its author."""
    (tmp_path / "store" / "mtg").mkdir(parents=True)
    (tmp_path / "store" / "mtg" / "modern.yaml").write_text(
        "name: Store Modern\ngame: mtg\nextends: mtg/modern\nbanned: [Lightning Bolt]\n", encoding="utf-8")
    done = cli("formats", "show", "mtg/modern", env={"DECKCHECK_FORMATS_PATH": str(tmp_path / "store")})
    assert done.returncode == 2
    assert done.stderr == (
        f"deckcheck: error: {tmp_path / 'store' / 'mtg' / 'modern.yaml'}: extends: `extends` forms a cycle: "
        "mtg/modern -> mtg/modern; the id mtg/modern names this file, which hides the bundled mtg/modern (its "
        "directory comes first in DECKCHECK_FORMATS_PATH), and a format cannot extend itself: give this file "
        "another name to extend the bundled one (line 3)\n")


def test_a_thousand_unknown_names_are_counted_with_a_thousands_separator(cli, tmp_path):
    """formats check's last line and validate's warning said "1200 card names", under a
    line that said "1,100 more card names not listed"."""
    path = tmp_path / "many.yaml"
    path.write_text("name: Many\nextends: mtg/modern\nbanned:\n" + "".join(f"  - No Such Card {i}\n" for i in range(1200)),
                    encoding="utf-8")
    checked = cli("formats", "check", str(path))
    assert checked.returncode == 2
    assert "deckcheck: error: 1,100 more card names not listed" in checked.stderr
    assert "deckcheck: error: 1,200 card names above match no card of the card data" in checked.stderr
    deck = tmp_path / "deck.txt"
    deck.write_text("60 Island\n", encoding="utf-8")
    validated = cli("validate", str(deck), "-f", str(path), "--date", "2025-01-01")
    assert f"deckcheck: warning: {path}: 1,200 card names match no card of the card data" in validated.stderr


def test_formats_check_reports_every_kind_of_fault_of_a_file_at_once(cli, tmp_path):
    """A Genesys file with a card worth two values, an entry naming one card with another's
    passcode and a passcode no card has: each is reported (docs/format-files.md: each such
    card, each such entry, each such passcode). The first kind found stopped the check: the
    entry and the passcode went unsaid until the points were mended and the file checked again."""
    path = tmp_path / "genesys-mine.yaml"
    path.write_text(
        "name: Mine\nextends: yugioh/genesys\npoints:\n  Ash Blossom & Joyous Spring: 30\n  14558127: 5\n"
        "  14558172: 3\ncard_limits:\n  - {card: Pot of Greed, code: 14558127, limit: 1}\n",
        encoding="utf-8",
    )
    done = cli("formats", "check", str(path))
    assert done.returncode == 2, done.stdout + done.stderr
    lines = done.stderr.splitlines()
    said = "\n".join(lines)
    assert "points.14558127: Ash Blossom & Joyous Spring is worth 30 by name and 5 by passcode" in said
    assert "card_limits[0].card: 'Pot of Greed' is another card than its passcode 14558127" in said
    assert "deckcheck: warning: " in said and "points.14558172: no card has passcode 14558172" in said
    # Warnings first, then each kind of error with the line that counts it; the last is an error.
    assert [line.split(":")[1].strip() for line in lines] == ["warning", "error", "error", "error", "error"], said
    assert lines[-1] == "deckcheck: error: 1 entry above names one card and gives the passcode of another"


@pytest.mark.parametrize("ref", ["-", "--", "/", "_"])
def test_a_format_of_no_letter_is_no_format_id_not_a_word_to_look_for(cli, tmp_path, ref):
    """`-f -` (standard input, as a deck's `-` reads it) was looked for as a part of the ids,
    and every id holding a dash matched: "unknown format '-'; did you mean mtg/limited,
    mtg/2hg-legacy, mtg/2hg-limited?". A reference without a letter or digit names no format."""
    (tmp_path / "deck.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    done = cli("validate", str(tmp_path / "deck.txt"), "-f", ref)
    assert done.returncode == 2, done.stdout + done.stderr
    (line,) = done.stderr.splitlines()
    assert line.startswith(f"deckcheck: error: {ref!r} is not a format id (like mtg/modern)"), line
    assert "did you mean" not in line
    if ref == "-":
        assert "standard input" in line


@pytest.mark.parametrize(("argv", "what"), [
    (["simulate", "deck.txt", "-f", "mtg/modern", "--policy", "-"], "policy file"),
    (["simulate", "deck.txt", "-f", "mtg/modern", "--compare", "-"], "policy file"),
    (["formats", "check", "-"], "format file"),
    (["check", "--config", "-"], "deckcheck.yaml"),
])
def test_a_settings_file_given_as_dash_is_told_standard_input_is_for_decks(cli, tmp_path, argv, what):
    """`-` reads standard input for a deck or a pool only: `--policy -` (the policy piped in)
    was "-: cannot read policy file (No such file or directory)", as if a file called `-`
    had gone missing."""
    (tmp_path / "deck.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    done = cli(*argv, cwd=tmp_path, input="keep: {7: 'lands >= 2'}\n")
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.splitlines()[-1].endswith(
        f"standard input is read for a deck or a pool, never a {what}: give the {what} saved on disk"), done.stderr


@pytest.mark.parametrize("separator", ["/", "\\"])
@pytest.mark.parametrize("typed", ["./cube", "my/cube"])
def test_a_suffixless_format_file_named_through_a_folder_is_a_file_on_every_system(tmp_path, monkeypatch, separator, typed):
    """`-f ./cube` is the advice the error of `-f cube` gives (docs/format-files.md); on
    Windows os.sep is `\\`, and a name was a path only when it held os.sep, so the advice
    was read as an id there (review32g #3). `/` is a folder separator on every system."""
    (tmp_path / "my").mkdir()
    for file in (tmp_path / "cube", tmp_path / "my" / "cube"):
        file.write_text("extends: mtg/modern\nname: Cube\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(os, "sep", separator)
    assert reference(typed) == Path(typed)
