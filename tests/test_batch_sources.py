"""Registration sources through the library: archive entry names, manifests in zips."""
from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from deckcheck.batch.archive import unsafe_reason
from deckcheck.batch.sources import open_source
from deckcheck.errors import InputError


@pytest.mark.parametrize(
    "name, unsafe",
    [
        ("decks/ann.txt", False),
        ("a..b.txt", False),  # dots inside a name are fine
        ("../ann.txt", True),
        ("decks/../../ann.txt", True),
        ("..\\ann.txt", True),
        ("/etc/passwd", True),
        ("\\server\\share.txt", True),
        ("C:/decks/ann.txt", True),
        ("c:ann.txt", True),
        # A drive letter after a folder: Windows joins `root / "decks" / "D:ann.txt"` as
        # `D:ann.txt`, on drive D outside the temporary folder; refused on every system, so
        # an archive extracts alike everywhere (as one at the top already was).
        ("decks/D:ann.txt", True),
        ("decks\\D:\\ann.txt", True),
        ("decks/ann: deck.txt", False),  # a colon elsewhere in a name is no drive
    ],
)
def test_unsafe_archive_names(name, unsafe):
    assert (unsafe_reason(name) is not None) is unsafe


def _zip(path, files):
    with zipfile.ZipFile(path, "w") as archive:
        for name, content in files.items():
            archive.writestr(name, content)
    return path


def test_two_manifests_at_the_top_of_a_zip_are_ambiguous(tmp_path):
    path = _zip(tmp_path / "set.zip", {
        "a.csv": "player,deck\nann,ann.txt\n",
        "b.yaml": "- {player: bob, deck: bob.txt}\n",
        "ann.txt": "60 Island\n",
    })
    with pytest.raises(InputError, match=r"several manifests at the top of the archive \(a.csv, b.yaml\)"):
        with open_source(path):
            pass


def test_zip_without_manifest_is_walked_and_the_files_go_with_the_block(tmp_path):
    path = _zip(tmp_path / "set.zip", {"x/ann.txt": "60 Island\n", "x/notes.csv": "just,a,table\n"})
    with open_source(path) as found:
        assert found.kind == "zip" and found.manifest is None
        assert [row.deck for row in found.registrations] == ["x/ann.txt"]
        assert [item.file for item in found.skipped] == ["x/notes.csv"]
        extracted = Path(found.registrations[0].path)  # rows keep their files as text (registration.py)
        assert extracted.read_text() == "60 Island\n"
    assert not extracted.exists()  # the temporary folder is gone


def test_bare_yaml_list_manifest_keeps_line_numbers(tmp_path):
    manifest = tmp_path / "reg.yml"
    manifest.write_text("# event\n- player: ann\n  deck: ann.txt\n- player: bob\n  deck: sub\\bob.txt\n", encoding="utf-8")
    with open_source(manifest) as found:
        rows = found.registrations
    assert [(row.player, row.deck, row.line) for row in rows] == [("ann", "ann.txt", 2), ("bob", "sub/bob.txt", 4)]
    assert rows[1].path == str(tmp_path / "sub" / "bob.txt")


def test_a_manifest_row_records_once_whether_its_deck_is_a_ydke_url(tmp_path):
    # Every later step (the checks, the shared-deck warning, the report's file list) reads
    # `inline` instead of asking the parsers again; a file whose name starts like a URL is a file.
    manifest = tmp_path / "reg.csv"
    manifest.write_text("player,deck\nann, ydke://ryPeAK8j3gCvI94Ao6lXBQ==!!!\nbob,ydke/bob.ydk\n", encoding="utf-8")
    with open_source(manifest) as found:
        rows = found.registrations
    assert [(row.deck, row.inline) for row in rows] == [("ydke://ryPeAK8j3gCvI94Ao6lXBQ==!!!", True), ("ydke/bob.ydk", False)]
    assert rows[0].path == "ydke://ryPeAK8j3gCvI94Ao6lXBQ==!!!"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32", "utf-8-sig"])
@pytest.mark.parametrize("name, text", [
    ("reg.csv", "player,deck\nann,ann.txt\n"),
    ("reg.yaml", "- {player: ann, deck: ann.txt}\n"),
])
def test_a_manifest_in_a_wide_encoding_is_found_in_a_zip_and_a_folder(tmp_path, encoding, name, text):
    # A UTF-16 manifest (Excel's "Unicode text", Windows PowerShell's Out-File) is read
    # when named, but at the top of a zip it was taken for no manifest at all: the archive
    # was walked, the manifest listed as "not a decklist (.csv extension)", and every
    # deck checked with no player. In a folder, it was not pointed at as a manifest.
    data = text.encode(encoding)
    with zipfile.ZipFile(tmp_path / "set.zip", "w") as archive:
        archive.writestr(name, data)
        archive.writestr("ann.txt", "60 Island\n")
    with open_source(tmp_path / "set.zip") as found:
        assert found.manifest == name
        assert [(row.player, row.deck) for row in found.registrations] == [("ann", "ann.txt")]
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / name).write_bytes(data)
    (folder / "ann.txt").write_text("60 Island\n", encoding="utf-8")
    with open_source(folder) as found:
        (skipped,) = found.skipped
        assert skipped.file == name and skipped.reason.startswith("looks like a manifest, not read"), skipped


def test_a_manifest_with_excels_sep_line_is_found_in_a_zip_and_a_folder(tmp_path):
    # Excel's `sep=;` line above the header: the zip's manifest was not found (its line 1
    # names no columns), so the archive was walked and every deck checked with no player.
    data = "sep=;\nplayer;deck\nann;ann.txt\n"
    with zipfile.ZipFile(tmp_path / "set.zip", "w") as archive:
        archive.writestr("reg.csv", data)
        archive.writestr("ann.txt", "60 Island\n")
    with open_source(tmp_path / "set.zip") as found:
        assert found.manifest == "reg.csv"
        assert [(row.player, row.deck, row.line) for row in found.registrations] == [("ann", "ann.txt", 3)]
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "reg.csv").write_text(data, encoding="utf-8")
    (folder / "ann.txt").write_text("60 Island\n", encoding="utf-8")
    with open_source(folder) as found:
        (skipped,) = found.skipped
        assert skipped.reason.startswith("looks like a manifest, not read"), skipped
