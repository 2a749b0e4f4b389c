"""The event page's sort by team (report/html_page/event.js), run in Node with the few DOM
calls the script makes stubbed: review32c found a team's member without a seat (or with a
seat that is no letter) sorted before seat A, and rows without a team reordered by seat
instead of staying in manifest order."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "deckcheck" / "report" / "html_page" / "event.js"

STUB = r"""
const rows = JSON.parse(process.argv[2]);
const placed = [];
const bodies = rows.map((row, i) => ({
  dataset: { order: String(i + 1), team: row.team, player: row.player },
  textContent: row.player,
  hidden: false,
  querySelector: (sel) => (row.seat ? { textContent: "seat " + row.seat } : null),
}));
const element = () => ({ addEventListener() {}, value: "", textContent: "" });
global.document = {
  getElementById: (id) => id === "decks"
    ? { tBodies: bodies, querySelectorAll: () => [], appendChild: (row) => placed.push(row.dataset.player) }
    : element(),
  querySelectorAll: () => [],
  body: { dataset: {}, toggleAttribute() {} },
};
global.window = { location: { hash: "#sort=team" }, addEventListener() {}, history: { replaceState() {} } };
require(process.argv[3]);
console.log(JSON.stringify(placed));
"""


def sorted_by_team(rows: list[dict[str, str]], tmp_path: Path) -> list[str]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed: the page's script cannot be run")
    stub = tmp_path / "stub.js"
    stub.write_text(STUB)
    done = subprocess.run([node, str(stub), json.dumps(rows), str(SCRIPT)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_team_sorts_by_seat_with_no_seat_last(tmp_path):
    rows = [{"player": "cy", "team": "T", "seat": "C"}, {"player": "dee", "team": "T", "seat": ""},
            {"player": "eve", "team": "T", "seat": "1"}, {"player": "ann", "team": "T", "seat": "A"},
            {"player": "bob", "team": "T", "seat": "B"}]
    assert sorted_by_team(rows, tmp_path) == ["ann", "bob", "cy", "eve", "dee"]


def test_rows_without_a_team_keep_manifest_order(tmp_path):
    rows = [{"player": "zed", "team": "", "seat": "C"}, {"player": "amy", "team": "", "seat": "A"},
            {"player": "kim", "team": "", "seat": ""}, {"player": "bo", "team": "U", "seat": "B"}]
    assert sorted_by_team(rows, tmp_path) == ["zed", "amy", "kim", "bo"]
