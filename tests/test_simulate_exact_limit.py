"""An assertion event past MAX_EXACT_EVENT_WORK (docs/security.md#limits), end to end through
the installed command: that event alone is sampled, with its note and the Monte Carlo
margin, and the run's other events stay exact, in `simulate` and in `check`."""
from __future__ import annotations

import json

import pytest

BURN = "20 Mountain\n" + "".join(f"4 {name}\n" for name in (
    "Lightning Bolt", "Shock", "Lava Spike", "Rift Bolt", "Burst Lightning", "Skewer the Critics",
    "Goblin Guide", "Monastery Swiftspear", "Eidolon of the Great Revel", "Searing Blaze",
))
BURN_SPELLS = " + ".join(f'count("{name}")' for name in (
    "Lightning Bolt", "Shock", "Lava Spike", "Rift Bolt", "Burst Lightning", "Skewer the Critics",
))
BIG = f"p_by_turn({BURN_SPELLS} >= 7, 20) >= 0.5"     # six cards of its own to turn 20: about 4e10 cells
SMALL = "land_drops(3) >= 0.5"
NOTE = "using Monte Carlo for p_by_turn((((((count(\"Lightning Bolt\")"
LIMIT = "combinations of kept hands and draws to enumerate, more than 20,000,000 (docs/security.md#limits)"


@pytest.fixture
def exact_land_drops(cli, tmp_path) -> float:
    """land_drops(3) of the deck on its own: no big event beside it, exact."""
    (tmp_path / "burn.txt").write_text(BURN, encoding="utf-8")
    done = cli("simulate", str(tmp_path / "burn.txt"), "-f", "mtg/modern", "--turns", "1", "--assert", SMALL, "-o", "json")
    report = json.loads(done.stdout)
    assert report["mode"] == "exact" and report["warnings"] == []
    return report["assertions"][0]["values"]["land_drops(3)"]


def test_simulate_samples_only_the_event_past_the_limit(cli, tmp_path, exact_land_drops):
    deck = str(tmp_path / "burn.txt")
    done = cli("simulate", deck, "-f", "mtg/modern", "--turns", "1", "--assert", BIG, "--assert", SMALL, "-o", "json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    big, small = report["assertions"]
    assert report["mode"] == "exact"
    assert "standard_errors" in big and big["margin"] == "fails only when missed by more than 3 standard errors"
    assert "standard_errors" not in small
    assert small["values"]["land_drops(3)"] == pytest.approx(exact_land_drops, abs=1e-12)
    (note,) = report["warnings"]
    assert note.startswith(NOTE) and LIMIT in note and "land_drops" not in note
    text = cli("simulate", deck, "-f", "mtg/modern", "--turns", "1", "--assert", BIG, "--assert", SMALL).stdout
    assert f"  PASS  {SMALL}   [land_drops(3) = {exact_land_drops:.4f}]\n" in text
    assert " ± " in text.split(f"PASS  {BIG}")[1].splitlines()[0]
    # The header says how a sampled value is judged, as a Monte Carlo run's does.
    assert "\nAssertions (Monte Carlo: a bound fails only when missed by more than 3 standard errors)\n" in text


def test_check_samples_only_the_event_past_the_limit(cli, tmp_path, exact_land_drops):
    (tmp_path / "deckcheck.yaml").write_text(
        "format: mtg/modern\nsimulate:\n  burn.txt:\n    turns: 1\n    assert:\n"
        f"      - {json.dumps(BIG)}\n      - {json.dumps(SMALL)}\n", encoding="utf-8")
    done = cli("check", "-o", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    big, small = json.loads(done.stdout)["assertions"]
    assert " ± " in big["message"] and big["passed"]
    assert small["message"] == f"land_drops(3) = {exact_land_drops:.4f}"
    assert small["values"]["land_drops(3)"] == pytest.approx(exact_land_drops, abs=1e-12)
    notes = [line for line in done.stderr.splitlines() if line.startswith("deckcheck: note: burn.txt: ")]
    assert len(notes) == 1 and notes[0].startswith(f"deckcheck: note: burn.txt: simulate.burn.txt: {NOTE}")
