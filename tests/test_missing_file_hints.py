"""A missing file's hints (textio._missing: a name in another case, with another extension)
list the folder the file was looked for in: once for many missing files of one folder, and
again once the folder changes."""
from __future__ import annotations

import os

import pytest

from deckcheck.errors import InputError
from deckcheck.textio import read_text


def _message(path) -> str:
    with pytest.raises(InputError) as caught:
        read_text(path)
    return str(caught.value)


def test_missing_files_of_one_folder_list_it_once(tmp_path, monkeypatch):
    """A submitted zip of 19,000 decks and a manifest of 2,000 rows naming missing files:
    each row listed the folder twice (for a name in another case, then with another
    extension), 76 million names read and folded: 3 minutes. Now listed once while the
    folder is unchanged."""
    decks = tmp_path / "decks"
    decks.mkdir()
    for index in range(300):
        (decks / f"f{index}.txt").write_text("1 Island\n")
    listed = []
    scandir = os.scandir

    def counting(path=".", *rest):
        listed.append(path)
        return scandir(path, *rest)

    monkeypatch.setattr(os, "scandir", counting)
    monkeypatch.chdir(tmp_path)
    for index in range(200):
        assert _message(f"decks/missing{index}.txt") == f"decks/missing{index}.txt: no such file"
    assert len(listed) <= 2
    # The hints are as before, and see a file added since: the folder's listing is read again.
    assert "decks/F7.TXT: no such file; a file differs only in case: decks/f7.txt" in _message("decks/F7.TXT")
    assert _message("decks/ann.txt") == "decks/ann.txt: no such file"
    (decks / "ann.dek").write_text("1 Island\n")
    # A file system that keeps times in seconds may not have moved the folder's on: moved here.
    os.utime(decks, ns=(os.stat(decks).st_atime_ns, os.stat(decks).st_mtime_ns + 10**9))
    assert "decks/ann.dek" in _message("decks/ann.txt")
    assert _message("decks/ANN.dek") == ("decks/ANN.dek: no such file; a file differs only in case: decks/ann.dek "
                                         "(file names are case-sensitive here)")


@pytest.mark.parametrize("path", [
    "\u200b" + "a/" * 1000 + "x.txt",  # a zero-width space before a path of a thousand folders
    "a/" * 1000 + "b\\x.txt",  # a backslash in its last name
])
def test_a_deep_missing_path_is_hinted_at_without_a_look_at_each_of_its_folders(tmp_path, monkeypatch, path):
    """A missing path whose name without its invisible characters, or with its backslashes
    read as `/`, might name a file: each of its folders was asked whether it is a link, and
    each folder's path built anew, before asking whether that file is there at all. A
    manifest row of 4 KiB (2,040 folders) cost 2,040 such looks and 4 million characters
    copied, 66 ms: 300 rows took 20 s. Whether the file is there is asked first."""
    looks = []
    lstat = os.lstat

    def counting(name, *rest, **named):
        looks.append(name)
        return lstat(name, *rest, **named)

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(os, "lstat", counting)
    assert _message(path).endswith("x.txt: no such file")
    assert len(looks) < 20
