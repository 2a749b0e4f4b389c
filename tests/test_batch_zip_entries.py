"""`deckcheck batch` over a zip, end to end, as docs/batch.md says: every entry is accounted
for (two entries of one name included), the skipped list is in one sorted order, and a
manifest below the top is named as one."""
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


def test_two_entries_of_one_name_are_both_accounted_for(cli, tmp_path):
    archive = zip_of(tmp_path / "event.zip", [
        ("decks/ann.txt", LEGAL), ("decks/bob.txt", LEGAL), ("decks/ann.txt", BANNED), ("./decks/bob.txt", BANNED),
    ])
    code, report = batch_json(cli, archive)
    assert code == 1  # the second ann.txt could not be checked: never a pass
    assert [(r["deck"], r["legal"]) for r in report["results"]] == [
        ("./decks/bob.txt", False), ("decks/ann.txt", True), ("decks/ann.txt", False), ("decks/bob.txt", True),
    ]
    # The first entry is the one checked (the banned Mox Opal of the second is never read).
    assert all(problem["rule"] == "registration" for r in report["results"] for problem in r["problems"])
    second = report["results"][2]["problems"][0]["message"]
    assert second == ("decks/ann.txt could not be checked: the archive holds an earlier entry of the same name; "
                      "not extracted (the earlier one is checked)")
    assert report["results"][0]["problems"][0]["message"].endswith("earlier entry of the same name (decks/bob.txt); "
                                                                   "not extracted (the earlier one is checked)")
    assert sorted((item["file"], item["unchecked"]) for item in report["skipped"]) == [
        ("./decks/bob.txt", True), ("decks/ann.txt", True),
    ]


def test_a_folder_entry_given_twice_is_no_second_registration(cli, tmp_path):
    archive = zip_of(tmp_path / "event.zip", [("decks/", ""), ("decks/", ""), ("decks/ann.txt", LEGAL)])
    code, report = batch_json(cli, archive)
    assert code == 0
    assert [r["deck"] for r in report["results"]] == ["decks/ann.txt"]
    assert report["skipped"] == []


def test_entries_not_extracted_take_their_sorted_place_in_the_skipped_list(cli, tmp_path):
    archive = zip_of(tmp_path / "event.zip", [
        ("m.txt", LEGAL), ("z-notes.md", "x"), ("../a-evil.txt", LEGAL), ("b.csv", "x,y\n"),
        ("zz/../../up.txt", LEGAL), ("README.txt", "Read me\n"), ("m.txt", LEGAL),
    ])
    code, report = batch_json(cli, archive)
    assert code == 1
    skipped = [(item["file"], item["unchecked"]) for item in report["skipped"]]
    assert skipped == sorted(skipped)
    assert skipped == [
        ("../a-evil.txt", True), ("README.txt", False), ("b.csv", False), ("m.txt", True), ("z-notes.md", False),
        ("zz/../../up.txt", True),
    ]
    # The report's rows merge the same way: registrations and entries not extracted, by path.
    assert [r["deck"] for r in report["results"]] == ["../a-evil.txt", "m.txt", "m.txt", "zz/../../up.txt"]
    text = cli("batch", str(archive), "-f", "mtg/modern", "--date", DATE, "-q").stdout
    listed = text.split("Skipped:\n", 1)[1].split("\n\n", 1)[0].split("\n")
    assert [line.split()[0] for line in listed] == ["README.txt", "b.csv", "z-notes.md"]


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


def test_an_entry_whose_name_no_file_can_have_is_one_registration_not_an_internal_error(cli, tmp_path):
    """A name of 300 characters, or a path of 4,200, is longer than the file system takes:
    it stopped the whole batch with `internal error (OSError: File name too long)`."""
    long_name, deep_path = "x" * 300 + ".txt", "o/" * 2100 + "p.txt"
    archive = zip_of(tmp_path / "event.zip", [
        ("ann.txt", LEGAL), (long_name, LEGAL), (deep_path, LEGAL), ("bob.txt", BANNED),
    ])
    code, report = batch_json(cli, archive)
    assert code == 1
    verdicts = {r["deck"]: (r["legal"], [p["rule"] for p in r["problems"]]) for r in report["results"]}
    assert verdicts["ann.txt"] == (True, []) and verdicts["bob.txt"] == (False, ["banned"])
    for name in (long_name, deep_path):
        assert verdicts[name] == (False, ["registration"])
    messages = [p["message"] for r in report["results"] if r["deck"] in (long_name, deep_path) for p in r["problems"]]
    assert all(m.endswith("could not be checked: cannot extract (File name too long)") for m in messages), messages


def zip_of_raw_names(path: Path, entries: list[tuple[bytes, str]]) -> Path:
    """A zip whose names are the bytes given, without the flag that marks a name UTF-8, as
    Windows' Compressed Folders (its OEM code page) and macOS' Archive Utility (UTF-8) write
    them: each is written under an ASCII stand-in of its length, then the bytes put back."""
    stand_ins = [((b"@%d@" % number).ljust(len(raw), b"Z"), raw) for number, (raw, _) in enumerate(entries)]
    zip_of(path, [(stand_in.decode(), text) for (stand_in, _), (_, text) in zip(stand_ins, entries)])
    data = path.read_bytes()
    for stand_in, raw in stand_ins:
        assert data.count(stand_in) == 2  # the entry's header and its central directory record
        data = data.replace(stand_in, raw)
    path.write_bytes(data)
    return path


def test_names_a_zip_does_not_mark_utf_8_are_read_in_the_encoding_they_were_written_in(cli, tmp_path):
    """Read as IBM PC text (the zip format's default), a name zipped on Japanese Windows
    (Shift-JIS), on Chinese Windows (GB2312, Big5), on Korean Windows (code page 949), on a Mac (UTF-8) or on Brazilian Windows
    (code page 850) was mojibake:
    'decks/ÄRôcæ╛ÿY.txt', and a manifest's row naming the file found no such file."""
    cases = {
        "japan": ("cp932", ["山田太郎", "ゾーイ"]),
        "mac": ("utf-8", ["Zoë", "Łukasz"]),
        "brazil": ("cp850", ["João", "Conceição"]),
        # An accented letter before an ASCII one pairs into a Shift-JIS character in code page
        # 850 (Mü -> M〕, Châ -> Chフ, Bjö -> Bj排): read as Japanese they were no such file.
        "germany": ("cp850", ["Müller", "Björn", "Düsseldorf", "Château", "Bücher"]),
        "ibm-pc": ("cp437", ["Zoë", "Mañana"]),  # as before
        # Windows' Compressed Folders on Simplified and Traditional Chinese Windows.
        "china": ("gb2312", ["张伟", "李娜"]),
        "taiwan": ("big5", ["陳大文", "林小明"]),
        # And on Korean Windows (code page 949), which read as GB2312: 김민준 was 辫刮霖.
        "korea": ("euc_kr", ["김민준", "이서연"]),
        # review31c: a Chinese name whose bytes read as Hangul (刘强 was 증퓻: no such file), and
        # Korean names of code page 949 past EUC-KR (똠) or of doubled consonants (까마귀).
        "china-short": ("gb2312", ["刘强"]),
        "korea-949": ("cp949", ["박똠이", "김빛나", "까마귀"]),
    }
    for where, (encoding, players) in cases.items():
        manifest = "player,deck\n" + "".join(f"{player},decks/{player}.txt\n" for player in players)
        entries = [(f"decks/{player}.txt".encode(encoding), LEGAL) for player in players]
        archive = zip_of_raw_names(tmp_path / f"{where}.zip", [(b"reg.csv", manifest)] + entries)
        # The manifest is UTF-8 here: what is read is each entry's name.
        code, report = batch_json(cli, archive)
        assert [(r["player"], r["deck"], r["problems"]) for r in report["results"]] == [
            (player, f"decks/{player}.txt", []) for player in players
        ], where
        assert code == 0, where
        # Walked as a folder (no manifest), the decks are named as their files are.
        code, report = batch_json(cli, zip_of_raw_names(tmp_path / f"{where}-folder.zip", entries))
        assert sorted(r["deck"] for r in report["results"]) == sorted(f"decks/{player}.txt" for player in players), where


def test_a_temporary_folder_too_full_for_the_archive_stops_the_batch_saying_so(tmp_path, monkeypatch):
    """A zip is extracted into the temporary folder: on a full disk every entry failed alike,
    and the batch reported each of an event's decks as NOT CHECKED, "cannot extract (No space
    left on device)", as if the archive were at fault. It is the folder's: one error naming
    it and what to do (exit 2), as the report's spool says of it."""
    import errno
    import tempfile

    import pytest

    from deckcheck.batch import archive, check_source
    from deckcheck.errors import DeckcheckError

    event = zip_of(tmp_path / "event.zip", [("registrations.csv", "player,deck\nann,decks/ann.txt\n"),
                                             ("decks/ann.txt", LEGAL)])

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(archive, "_copy", full)
    with pytest.raises(DeckcheckError) as raised:
        check_source(event, "mtg/modern", date=DATE, jobs=1)
    assert str(raised.value) == (
        f"{event}: cannot extract it into the temporary folder {tempfile.gettempdir()} (No space left on device): "
        "free space there, or set TMPDIR to a folder on a disk with room")
    assert raised.value.exit_code == 2
