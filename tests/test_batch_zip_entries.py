"""`deckcheck batch` over a zip, end to end: what its entries become, as docs/batch.md says."""
from __future__ import annotations

import json
import warnings
import zipfile
from pathlib import Path

LEGAL = "4 Lightning Bolt\n56 Mountain\n"
BANNED = "1 Mox Opal\n59 Mountain\n"
DATE = "2024-06-01"


def zip_of(path: Path, entries: list[tuple[str, str]]) -> Path:
    """A zip of `entries` in this order; a name may come twice (zipfile warns, and writes it)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # "Duplicate name": the very point here
        with zipfile.ZipFile(path, "w") as archive:
            for name, text in entries:
                archive.writestr(name, text)
    return path


def batch_json(cli, archive: Path) -> tuple[int, dict]:
    done = cli("batch", str(archive), "-f", "mtg/modern", "--date", DATE, "-q", "-o", "json")
    assert "Traceback" not in done.stderr
    return done.returncode, json.loads(done.stdout)


def test_a_manifest_below_the_top_of_a_walked_zip_is_named_as_one(cli, tmp_path):
    archive = zip_of(tmp_path / "event.zip", [
        ("a/ann.txt", LEGAL), ("b/registrations.csv", "player,deck\nann,../a/ann.txt\n"),
    ])
    code, report = batch_json(cli, archive)
    assert code == 0
    assert report["skipped"] == [{
        "file": "b/registrations.csv", "unchecked": False,
        "reason": "looks like a manifest, not read: only a manifest at the top of the archive (or of its only folder) is read",
    }]
